package site.ycsbx.db.jdbc.clients;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A private network for client processes (iproute2, root): a bridge on this host with
 * {@code 10.213.<k>.1/24} and N network namespaces, each joined to the bridge by a veth pair and
 * given {@code 10.213.<k>.(i+2)}. A process started with {@link #exec(int)} before its command
 * reaches the bridge's address from its own address, as from another machine. Closing deletes the
 * namespaces and links (also those left by a test that died: names carry this JVM's pid).
 */
final class NetNamespaces implements AutoCloseable {
  private final String prefix;
  private final String subnet;
  private final int count;

  private NetNamespaces(String prefix, String subnet, int count) {
    this.prefix = prefix;
    this.subnet = subnet;
    this.count = count;
  }

  /** True when this process may create namespaces: root with iproute2's ip. */
  static boolean available() {
    try {
      if (!"root".equals(System.getProperty("user.name"))) {
        return false;
      }
      run(List.of("ip", "netns", "list"));
      return true;
    } catch (IOException | AssertionError e) {
      return false;
    }
  }

  static NetNamespaces create(int count) throws IOException {
    long pid = ProcessHandle.current().pid();
    // link names: at most 15 characters
    String prefix = "yx" + (pid % 100000);
    String subnet = "10.213." + (pid % 200 + 20);
    NetNamespaces n = new NetNamespaces(prefix, subnet, count);
    try {
      run(List.of("ip", "link", "add", prefix + "br", "type", "bridge"));
      run(List.of("ip", "addr", "add", subnet + ".1/24", "dev", prefix + "br"));
      run(List.of("ip", "link", "set", prefix + "br", "up"));
      for (int i = 0; i < count; i++) {
        String ns = n.name(i);
        String host = prefix + "h" + i;
        String peer = prefix + "p" + i;
        run(List.of("ip", "netns", "add", ns));
        run(List.of("ip", "link", "add", host, "type", "veth", "peer", "name", peer));
        run(List.of("ip", "link", "set", peer, "netns", ns));
        run(List.of("ip", "link", "set", host, "master", prefix + "br"));
        run(List.of("ip", "link", "set", host, "up"));
        run(List.of("ip", "netns", "exec", ns, "ip", "addr", "add", n.address(i) + "/24", "dev", peer));
        run(List.of("ip", "netns", "exec", ns, "ip", "link", "set", peer, "up"));
        run(List.of("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up"));
      }
    } catch (IOException | AssertionError e) {
      n.close();
      throw e;
    }
    return n;
  }

  String name(int i) {
    return prefix + "ns" + i;
  }

  /** The bridge's address on this host: the server listens there. */
  String hostAddress() {
    return subnet + ".1";
  }

  /** Namespace i's own address. */
  String address(int i) {
    return subnet + "." + (i + 2);
  }

  /** The words that run a command in namespace i. */
  List<String> exec(int i) {
    return List.of("ip", "netns", "exec", name(i));
  }

  @Override
  public void close() {
    for (int i = 0; i < count; i++) {
      quietly(List.of("ip", "netns", "del", name(i)));
      quietly(List.of("ip", "link", "del", prefix + "h" + i)); // gone with its peer's namespace, normally
    }
    quietly(List.of("ip", "link", "del", prefix + "br"));
  }

  /** Names of this host's links and namespaces that carry this object's prefix (none after close). */
  List<String> leftOver() throws IOException {
    List<String> out = new ArrayList<>();
    for (String l : (run(List.of("ip", "-o", "link", "show")) + "\n" + run(List.of("ip", "netns", "list"))).split("\n")) {
      if (l.contains(prefix)) {
        out.add(l.strip());
      }
    }
    return out;
  }

  private static void quietly(List<String> cmd) {
    try {
      run(cmd);
    } catch (IOException | AssertionError e) {
      // already gone
    }
  }

  private static String run(List<String> cmd) throws IOException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    try {
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError(String.join(" ", cmd) + " did not finish");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
    String out = new String(p.getInputStream().readAllBytes());
    if (p.exitValue() != 0) {
      throw new AssertionError(String.join(" ", cmd) + " failed (" + p.exitValue() + "): " + out);
    }
    return out;
  }
}
