package site.ycsbx.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The holder of a lock as a server shows it to other sessions, read back; its cells' token. */
@Tag("fast")
class DatabaseLockTest {
  @Test
  void aHolderReadsBackFromTheTextAServerShowsOfIt() {
    DatabaseLock.Holder h = new DatabaseLock.Holder("0123456789abcdef", "insert benchmark's 'x'|y",
        "/tmp/runs/a b", "vm-1", Instant.parse("2026-11-29T06:22:06Z"));
    String text = h.encode();
    assertFalse(text.contains("'") || text.contains(" ") || text.contains("\\"), text);
    // as MariaDB's PROCESSLIST shows the holder's statement, and PostgreSQL's pg_stat_activity its last
    String statement = "SELECT '" + text + "' AS ycsbx_lock, SLEEP(1)";
    assertEquals(h, DatabaseLock.Holder.decode(statement));
    assertEquals("experiment insert benchmark's 'x'|y (folder /tmp/runs/a b) on host vm-1 since 2026-11-29T06:22:06Z",
        h.describe());
    assertNull(DatabaseLock.Holder.decode("SELECT 1"));
    assertNull(DatabaseLock.Holder.decode(null));
    assertNull(DatabaseLock.Holder.decode("ycsbx-lock|cut"));
  }

  @Test
  void aNewHolderHasATokenOfItsOwn() {
    DatabaseLock.Holder a = DatabaseLock.Holder.create("e", "/tmp/e");
    DatabaseLock.Holder b = DatabaseLock.Holder.create("e", "/tmp/e");
    assertTrue(a.token().matches("[0-9a-f]{16}"), a.token());
    assertFalse(a.token().equals(b.token()), "a second start of the same experiment is another holder");
    assertEquals(a, DatabaseLock.Holder.decode(a.encode()));
  }
}
