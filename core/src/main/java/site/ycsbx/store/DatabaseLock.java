package site.ycsbx.store;

import java.net.InetAddress;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.Properties;
import site.ycsbx.util.UserError;

/**
 * A lock on the database a target's tables live in, that an experiment holds for its whole run:
 * a second experiment, or a load or run of anyone else, on that database is refused by its
 * binding's preflight in one line naming the holder, before anything is created or dropped. The
 * experiment's own cells pass: they carry the holder's token in {@value #HOLDER_PROPERTY}.
 *
 * <p>A binding whose server has a lock that ends with its holder's session (MariaDB/MySQL
 * {@code GET_LOCK}, PostgreSQL's advisory locks), so that an experiment killed leaves none behind,
 * gives one through {@link Preflight#databaseLock()}; core never names a binding.
 */
public interface DatabaseLock {
  /**
   * The holder's token, set by an experiment on each of its cells' command lines: a run that
   * carries the token of the lock's holder passes the lock. Not for users.
   */
  String HOLDER_PROPERTY = "ycsbx.lock.holder";
  /** What a described holder's text starts with, so that a reader can tell it from other text. */
  String MARKER = "ycsbx-lock";

  /**
   * Who holds a lock: the token its cells carry, and what names it to anyone refused.
   *
   * @param token random hex, new at each start of the experiment
   * @param experiment the experiment's name
   * @param folder the experiment's folder, absolute
   * @param host the host it runs on
   * @param since when it took the lock, to the second
   */
  record Holder(String token, String experiment, String folder, String host, Instant since) {
    /** A holder for an experiment starting now on this host. */
    public static Holder create(String experiment, String folder) {
      byte[] b = new byte[8];
      new SecureRandom().nextBytes(b);
      String host;
      try {
        host = InetAddress.getLocalHost().getHostName();
      } catch (UnknownHostException e) {
        host = "an unknown host";
      }
      return new Holder(HexFormat.of().formatHex(b), experiment, folder, host, Instant.now().truncatedTo(ChronoUnit.SECONDS));
    }

    /** {@code experiment NAME (folder F) on host H since T}. */
    public String describe() {
      return "experiment " + experiment + " (folder " + folder + ") on host " + host + " since " + since;
    }

    /**
     * The holder as text a server can show to other sessions (a statement's text, a literal):
     * fields percent-encoded, so it holds no quote, backslash or separator.
     */
    public String encode() {
      return String.join("|", MARKER, enc(token), enc(experiment), enc(folder), enc(host), since.toString());
    }

    /** The holder in {@code text} written by {@link #encode}; null when it holds none. */
    public static Holder decode(String text) {
      if (text == null) {
        return null;
      }
      int at = text.indexOf(MARKER + "|");
      if (at < 0) {
        return null;
      }
      String[] f = text.substring(at).split("[|'\\s]", -1);
      if (f.length < 6) {
        return null;
      }
      try {
        return new Holder(dec(f[1]), dec(f[2]), dec(f[3]), dec(f[4]), Instant.parse(f[5]));
      } catch (RuntimeException e) {
        return null;
      }
    }

    private static String enc(String s) {
      return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String dec(String s) {
      return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }
  }

  /** A lock taken: held, through its server's outages, until closed. */
  interface Held extends AutoCloseable {
    /** What it covers, for messages: {@code database ibench_x at 127.0.0.1:3306}. */
    String what();

    /** Releases the lock and closes its connection. */
    @Override
    void close();
  }

  /**
   * What the lock of these properties covers, for messages and to tell two targets' locks apart
   * (one lock each): reads the properties only.
   */
  String what(Properties props);

  /**
   * Takes the lock of the database these properties name for {@code holder}, and keeps it until
   * the returned lock is closed (re-taking it after an outage of the server). Refused with a
   * {@link UserError} (exit 2) naming the holder when someone else holds it.
   */
  Held take(Properties props, Holder holder, java.io.PrintStream err);

  /**
   * Refuses ({@link #refusal}) when someone else holds the lock of the database these properties
   * name, unless they carry the holder's token; nothing when the database cannot be reached (its
   * target's check says why). Reads only: what an experiment asks of each target before anything
   * of any target is checked, created or run.
   */
  void refuseIfHeld(Properties props);

  /** The refusal of a run on a database another holds. */
  static UserError refusal(String what, String holder) {
    return new UserError(what + " is locked by " + holder + ": its tables are that experiment's until it ends;"
        + " wait for it, or use another database");
  }
}
