package site.ycsbx.store;

/**
 * Where a binding's server runs, as its options name it: enough to find the server's process on
 * this host (by the TCP port it listens on) or to say that it is elsewhere.
 *
 * @param where how the server is reached
 * @param host the host as the options give it, for messages ("" when there is none)
 * @param port the TCP port on that host, -1 when unknown (a Unix socket, DNS SRV records)
 */
public record ServerAddress(Where where, String host, int port) {
  /** A binding that reaches no server (the null binding). */
  public static final ServerAddress NONE = new ServerAddress(Where.NONE, "", -1);
  /** A binding whose options say nothing of where the server runs. */
  public static final ServerAddress UNKNOWN = new ServerAddress(Where.UNKNOWN, "", -1);
  /** A server inside the client's JVM (mongodb-embedded). */
  public static final ServerAddress THIS_JVM = new ServerAddress(Where.THIS_JVM, "", -1);

  public enum Where {
    NONE, UNKNOWN, THIS_JVM, LOCAL, REMOTE
  }

  /** A server at {@code host:port}, on this host when {@code local}. */
  public static ServerAddress of(String host, int port, boolean local) {
    return new ServerAddress(local ? Where.LOCAL : Where.REMOTE, host, port);
  }
}
