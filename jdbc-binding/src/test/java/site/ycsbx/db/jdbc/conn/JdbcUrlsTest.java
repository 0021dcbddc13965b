package site.ycsbx.db.jdbc.conn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Which hosts a URL names, and whether the server is on this host (iibench's disk figures depend on it). */
@Tag("fast")
class JdbcUrlsTest {
  @Test
  void hostsOfTheUrlForms() {
    assertEquals(List.of("db1"), JdbcUrls.hosts("jdbc:mysql://db1:3306/ycsb?x=1"));
    assertEquals(List.of("db1", "db2"), JdbcUrls.hosts("jdbc:mysql://bob:pw@db1:3306,db2/ycsb"));
    assertEquals(List.of("::1"), JdbcUrls.hosts("jdbc:postgresql://[::1]:5432/ycsb"));
    assertEquals(List.of("h9"), JdbcUrls.hosts("jdbc:mysql://address=(host=h9)(port=3306)/ycsb"));
    assertEquals(List.of("localhost"), JdbcUrls.hosts("jdbc:mysql:///ycsb"));
    assertEquals(List.of("localhost"), JdbcUrls.hosts("jdbc:postgresql:ycsb"));
  }

  @Test
  void loopbackLocalhostAndUnixSocketsAreLocal() {
    assertTrue(JdbcUrls.isLocal("jdbc:mysql://127.0.0.1:3306/ycsb"));
    assertTrue(JdbcUrls.isLocal("jdbc:postgresql://localhost/ycsb"));
    assertTrue(JdbcUrls.isLocal("jdbc:postgresql://[::1]/ycsb"));
    assertTrue(JdbcUrls.isLocal("jdbc:postgresql:ycsb"));
    assertTrue(JdbcUrls.isLocal("jdbc:postgresql://x.invalid/ycsb?socketFactory="
        + "org.newsclub.net.unix.AFUNIXSocketFactory$FactoryArg&socketFactoryArg=/run/postgresql/.s.PGSQL.5432"));
  }

  @Test
  void otherHostsAreRemote() {
    // TEST-NET-1 (RFC 5737): never an address of this host; an unresolvable name counts as remote
    assertFalse(JdbcUrls.isLocal("jdbc:mysql://192.0.2.7:3306/ycsb"));
    assertFalse(JdbcUrls.isLocal("jdbc:mysql://127.0.0.1,192.0.2.7/ycsb"));
    assertFalse(JdbcUrls.isLocal("jdbc:mysql://no-such-host.invalid/ycsb"));
  }

  @Test
  void aForcedOptionReplacesTheUsersSetting() {
    assertEquals("jdbc:mysql://h/db?useAffectedRows=true", JdbcUrls.withOptionForced("jdbc:mysql://h/db", "useAffectedRows", "true"));
    assertEquals("jdbc:mysql://h/db?a=1&b=2&useAffectedRows=true",
        JdbcUrls.withOptionForced("jdbc:mysql://h/db?a=1&USEAFFECTEDROWS=false&b=2", "useAffectedRows", "true"));
  }
}
