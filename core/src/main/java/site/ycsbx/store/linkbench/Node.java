package site.ycsbx.store.linkbench;

import java.util.Arrays;

/**
 * A node of the graph, as LinkBench has it.
 *
 * @param id node id (assigned by the store for {@link LinkBenchStore#addNode})
 * @param type node type
 * @param version incremented by updates
 * @param time last update, seconds since the epoch
 * @param data payload
 */
public record Node(long id, int type, long version, int time, byte[] data) {
  public Node {
    data = data.clone();
  }

  /** The same node with another id. */
  public Node withId(long newId) {
    return new Node(newId, type, version, time, data);
  }

  @Override
  public byte[] data() {
    return data.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Node n && id == n.id && type == n.type && version == n.version && time == n.time
        && Arrays.equals(data, n.data);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(id) * 31 + Arrays.hashCode(data);
  }

  @Override
  public String toString() {
    return "Node(id=" + id + ", type=" + type + ", version=" + version + ", time=" + time + ", " + data.length + " bytes)";
  }
}
