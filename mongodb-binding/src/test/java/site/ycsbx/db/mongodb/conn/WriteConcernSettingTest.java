package site.ycsbx.db.mongodb.conn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ConnectionString;
import com.mongodb.WriteConcern;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.util.UserError;

/** How mongodb.writeConcern and the URL's w/journal/wtimeoutMS combine, and when they clash. */
@Tag("fast")
class WriteConcernSettingTest {
  private static WriteConcern resolve(String property, String url) {
    Properties p = new Properties();
    if (property != null) {
      p.setProperty(WriteConcernSetting.PROPERTY, property);
    }
    return WriteConcernSetting.resolve(p, new ConnectionString(url));
  }

  private static UserError refused(String property, String url) {
    return assertThrows(UserError.class, () -> resolve(property, url));
  }

  @Test
  void defaultIsAcknowledgedWithW1AndNoJournalSentExplicitly() {
    WriteConcern wc = resolve(null, "mongodb://h/db");
    assertEquals(1, wc.getWObject());
    assertEquals(Boolean.FALSE, wc.getJournal());
    assertEquals("w=1, j=false, wtimeout=none", WriteConcernSetting.describe(wc));
  }

  @Test
  void namedValuesMapToWAndJ() {
    assertEquals("w=1, j=true, wtimeout=none", WriteConcernSetting.describe(resolve("journaled", "mongodb://h/db")));
    assertEquals("w=1, j=false, wtimeout=none", WriteConcernSetting.describe(resolve("Acknowledged", "mongodb://h/db")));
    WriteConcern w0 = resolve("unacknowledged", "mongodb://h/db");
    assertEquals(0, w0.getWObject());
    assertNull(w0.getJournal());
    assertEquals("majority", resolve("MAJORITY", "mongodb://h/db").getWObject());
    assertNull(resolve("majority", "mongodb://h/db").getJournal());
    assertEquals(3, resolve("3", "mongodb://h/db").getWObject());
  }

  @Test
  void urlAloneIsUsedAndMissingWIsOne() {
    WriteConcern j = resolve(null, "mongodb://h/db?journal=true");
    assertEquals(1, j.getWObject());
    assertEquals(Boolean.TRUE, j.getJournal());
    assertEquals("majority", resolve(null, "mongodb://h/db?w=majority").getWObject());
    assertNull(resolve(null, "mongodb://h/db?w=majority").getJournal());
    assertEquals(0, resolve(null, "mongodb://h/db?w=0").getWObject());
  }

  @Test
  void urlJournalCompletesMajorityAndWtimeoutIsKept() {
    WriteConcern wc = resolve("majority", "mongodb://h/db?journal=true&wtimeoutMS=2500");
    assertEquals("w=majority, j=true, wtimeout=2500 ms", WriteConcernSetting.describe(wc));
  }

  @Test
  void agreeingUrlAndPropertyAreAccepted() {
    assertEquals(Boolean.TRUE, resolve("journaled", "mongodb://h/db?w=1&journal=true").getJournal());
    assertEquals("majority", resolve("majority", "mongodb://h/db?w=majority").getWObject());
    assertEquals(0, resolve("unacknowledged", "mongodb://h/db?w=0").getWObject());
    assertEquals(2, resolve("2", "mongodb://h/db?w=2").getWObject());
  }

  @Test
  void contradictingJournalIsRefusedNamingBoth() {
    UserError e = refused("journaled", "mongodb://h/db?journal=false");
    assertEquals(UserError.BAD_INPUT, e.exitCode());
    assertEquals("mongodb.url sets journal=false but mongodb.writeConcern=journaled asks for j:true; remove one of them",
        e.getMessage());
    assertTrue(refused("acknowledged", "mongodb://h/db?journal=true").getMessage()
        .contains("journal=true but mongodb.writeConcern=acknowledged asks for j:false"));
    assertTrue(refused("unacknowledged", "mongodb://h/db?journal=true").getMessage()
        .contains("journal=true but mongodb.writeConcern=unacknowledged (w:0) cannot wait for the journal"));
  }

  @Test
  void contradictingWIsRefusedNamingBoth() {
    assertEquals("mongodb.url sets w=0 but mongodb.writeConcern=majority asks for w:majority; remove one of them",
        refused("majority", "mongodb://h/db?w=0").getMessage());
    assertTrue(refused("journaled", "mongodb://h/db?w=majority").getMessage()
        .contains("w=majority but mongodb.writeConcern=journaled asks for w:1"));
    assertTrue(refused("2", "mongodb://h/db?w=3").getMessage().contains("w=3 but mongodb.writeConcern=2 asks for w:2"));
  }

  @Test
  void unknownValuesAreRefusedNamingWhatIsAccepted() {
    for (String bad : new String[] {"sometimes", "0", "-1", "w1", "1.5"}) {
      UserError e = refused(bad, "mongodb://h/db");
      assertEquals("mongodb.writeConcern=" + bad + " is not accepted; mongodb.writeConcern accepts "
          + "journaled (w:1, j:true), acknowledged (w:1, j:false), unacknowledged (w:0), majority, "
          + "or a number of nodes >= 1 (and YCSB's older names: errors_ignored, replica_acknowledged, none, normal,"
          + " safe, fsync_safe, replicas_safe)", e.getMessage());
    }
  }

  @Test
  void journalDescriptionSaysWhatEachWriteWaitsFor() {
    assertTrue(WriteConcernSetting.describeJournal(resolve("journaled", "mongodb://h/db")).contains("j:true"));
    assertTrue(WriteConcernSetting.describeJournal(resolve("unacknowledged", "mongodb://h/db")).contains("w:0"));
    assertTrue(WriteConcernSetting.describeJournal(resolve("majority", "mongodb://h/db")).contains("server default"));
  }
}
