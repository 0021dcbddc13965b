package site.ycsbx.store.linkbench;

import java.util.Arrays;

/**
 * A link (id1, link_type, id2) of the graph, as LinkBench has it.
 *
 * @param visible false for a hidden link (LinkBench's visibility 0): kept, but not listed nor counted
 * @param time milliseconds since the epoch; lists are ordered by it, newest first
 */
public record Link(long id1, long linkType, long id2, boolean visible, byte[] data, int version, long time) {
  public Link {
    data = data.clone();
  }

  @Override
  public byte[] data() {
    return data.clone();
  }

  /** The same link, hidden or shown. */
  public Link withVisible(boolean v) {
    return new Link(id1, linkType, id2, v, data, version, time);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Link l && id1 == l.id1 && linkType == l.linkType && id2 == l.id2 && visible == l.visible
        && version == l.version && time == l.time && Arrays.equals(data, l.data);
  }

  @Override
  public int hashCode() {
    return (Long.hashCode(id1) * 31 + Long.hashCode(id2)) * 31 + Long.hashCode(linkType);
  }

  @Override
  public String toString() {
    return "Link(" + id1 + ", " + linkType + ", " + id2 + (visible ? "" : ", hidden") + ", version=" + version
        + ", time=" + time + ", " + data.length + " bytes)";
  }
}
