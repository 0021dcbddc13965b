package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import site.ycsbx.db.jdbc.conn.Connector;
import site.ycsbx.db.jdbc.conn.HandshakeWatchdog;
import site.ycsbx.db.jdbc.conn.JdbcOptions;

/**
 * A client connection's socket stays blocking after the handshake, on each driver: on Java 13+ a
 * socket that was ever given a timeout stays non-blocking, and each read of a response then costs
 * a read that finds nothing and a poll before the read that finds it (HandshakeWatchdog). pgJDBC
 * 42.7 waits for the answer to its SSL request with a 5 s timeout (sslResponseTimeout) unless told
 * otherwise: a sysbench point select then took 4.06 system calls where libpq takes 2.88, and
 * YCSB-X's client 1.3-1.6x sysbench's CPU a transaction. Read from the kernel: the O_NONBLOCK flag
 * of the process's new sockets to the server's port (/proc/self/fdinfo).
 */
@Tag("server")
class BlockingSocketsTest {
  private static final int O_NONBLOCK = 04000;

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"MARIADB_INNODB, jdbc:mysql:", "MARIADB_INNODB, jdbc:mariadb:", "POSTGRESQL, jdbc:postgresql:"})
  void aConnectionsSocketStaysBlocking(TestDatabase.Target target, String scheme) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      Properties p = db.properties();
      String url = p.getProperty("db.url");
      p.setProperty("db.url", scheme + url.substring(url.indexOf("//")));
      int port = Integer.parseInt(url.replaceAll(".*//[^:/]+:(\\d+).*", "$1"));
      Set<Integer> before = socketsTo(port).keySet();
      try (Connection c = Connector.open(JdbcOptions.parse(p), Map.of())) {
        assertEquals(1, one(c));
        assertEquals(1, one(c));
        Map<Integer, Integer> after = socketsTo(port);
        after.keySet().removeAll(before);
        assertFalse(after.isEmpty(), "no new socket to port " + port + " found in /proc");
        after.forEach((fd, flags) -> assertTrue((flags & O_NONBLOCK) == 0, scheme + " socket fd " + fd
            + " is non-blocking (flags 0" + Integer.toOctalString(flags) + ")"));
      }
    }
  }

  private static int one(Connection c) throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  /** This process's file descriptors of TCP sockets whose remote port is {@code port}, with their flags. */
  private static Map<Integer, Integer> socketsTo(int port) throws IOException {
    Set<String> inodes = new java.util.HashSet<>();
    for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      for (String line : Files.readAllLines(Path.of(table))) {
        String[] f = line.trim().split("\\s+");
        if (f.length > 9 && f[2].contains(":") && Integer.parseInt(f[2].substring(f[2].indexOf(':') + 1), 16) == port) {
          inodes.add(f[9]);
        }
      }
    }
    Map<Integer, Integer> out = new HashMap<>();
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      for (Path fd : (Iterable<Path>) fds::iterator) {
        String target;
        try {
          target = Files.readSymbolicLink(fd).toString();
        } catch (IOException gone) {
          continue; // closed meanwhile (the listing's own descriptor among them)
        }
        if (target.startsWith("socket:[") && inodes.contains(target.substring(8, target.length() - 1))) {
          int n = Integer.parseInt(fd.getFileName().toString());
          String flags = Files.readAllLines(Path.of("/proc/self/fdinfo/" + n)).stream()
              .filter(l -> l.startsWith("flags:")).findFirst().orElseThrow().substring(6).trim();
          out.put(n, Integer.parseInt(flags, 8));
        }
      }
    }
    return out;
  }
}
