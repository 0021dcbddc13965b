package site.ycsbx.db.mongolegacy;

import java.util.ArrayList;
import java.util.List;
import site.ycsbx.db.mongodb.conn.BeforeCommands;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.shaded.mongo35.com.mongodb.BasicDBObject;
import site.ycsbx.shaded.mongo35.com.mongodb.CommandResult;
import site.ycsbx.shaded.mongo35.com.mongodb.DB;
import site.ycsbx.store.Preflight;
import site.ycsbx.util.UserError;

/**
 * {@code mongodb.before} on MongoDB 2.4 and TokuMX: the admin commands a run's server settings need
 * (the 2014 insert benchmark's {@code -lazy} and {@code -sync} targets set journalCommitInterval to
 * 300 and 2 ms), run as the mongodb binding runs them, through driver 3.5; and the runtime value of
 * the journal's flush interval read back for the fingerprint.
 */
final class LegacyBefore {
  private LegacyBefore() {
  }

  /** Runs {@code commands} (JSON texts, already checked) in order; the first that fails stops the run. */
  static void run(DB admin, List<String> commands, String maskedUrl, Fingerprint fp) {
    List<String> ran = new ArrayList<>();
    for (String json : commands) {
      CommandResult r = admin.command(BasicDBObject.parse(json));
      if (!r.ok()) {
        throw UserError.target(BeforeCommands.PROPERTY + ": " + json + " failed on MongoDB at " + maskedUrl + ": "
            + r.getErrorMessage());
      }
      System.out.println(Preflight.NOTE_PREFIX + BeforeCommands.PROPERTY + ": ran " + json);
      ran.add(json);
    }
    if (!ran.isEmpty()) {
      fp.put(BeforeCommands.PROPERTY, String.join("; ", ran));
    }
  }

  /** getParameter's value of {@code name}, or null when the server does not answer it. */
  static Object parameter(DB admin, String name) {
    CommandResult r = admin.command(new BasicDBObject("getParameter", 1).append(name, 1));
    return r.ok() ? r.get(name) : null;
  }
}
