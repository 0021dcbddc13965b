package site.ycsbx.db.jdbc.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import site.ycsbx.testing.JavaProcess.Result;

/**
 * {@link ServerFaultContract} on a PostgreSQL of the test's own ({@link PrivatePostgres},
 * synchronous_commit on), and on PostgreSQL only: a killed load stores no more than it tried, and
 * a load stopped by a give-up or a deadline exports and says what it stored.
 */
@Tag("slow")
class PostgresServerFaultTest extends ServerFaultContract {
  private static final Pattern STOPPED = Pattern.compile("\\[IIBENCH\\] STOPPED before its 400000 rows: inserted (\\d+) rows in ");

  @Override
  protected PrivateServer start() throws Exception {
    return PrivatePostgres.start();
  }

  @Override
  protected KilledLoad killedLoad() {
    // 40 transactions of 100 rows per second: about 6 s of load around the outage
    return new KilledLoad(24_000, 6_000, 2_000, 120, 1.5);
  }

  @Override
  protected String outageCause() {
    return "jdbc:postgresql://.*";
  }

  @Override
  protected int gaveUpAwaitSeconds() {
    return 90;
  }

  @Override
  protected int frozenHandshakeMillis() {
    return 20_000;
  }

  @Override
  protected String countTables(String db) {
    return "SELECT COUNT(*) FROM pg_tables WHERE schemaname = 'public'";
  }

  @Override
  protected int maxExecutionTime() {
    return 5;
  }

  @Override
  protected void afterAKilledLoad(KilledRun k) {
    // and no more than was attempted: the failed transactions are the only ones that may have committed unanswered
    assertTrue(k.stored() <= (k.ok() + k.failed()) * BATCH, k.stored() + " rows stored, " + (k.ok() + k.failed())
        + " transactions tried\n" + k.out());
  }

  @Override
  protected void afterGivingUp(String db, Result r) throws Exception {
    String out = r.all();
    // what was measured before is exported
    Matcher ok = Pattern.compile("\\[INSERT_TXN\\], Operations, (\\d+)").matcher(r.stdout());
    assertTrue(ok.find() && Long.parseLong(ok.group(1)) >= 40, out);
    assertTrue(r.stdout().contains("[INSERT_TXN-FAILED], Operations, "), out);
    Matcher acked = STOPPED.matcher(r.stdout());
    assertTrue(acked.find(), out);
    assertEquals(Long.parseLong(ok.group(1)) * BATCH, Long.parseLong(acked.group(1)), out);
    server().restart();
    assertTrue(rows(db) >= Long.parseLong(acked.group(1)), "acknowledged rows lost: " + rows(db) + " stored\n" + out);
  }

  @Override
  protected void afterTheDeadline(Result r) {
    assertTrue(STOPPED.matcher(r.stdout()).find(), r.all());
  }
}
