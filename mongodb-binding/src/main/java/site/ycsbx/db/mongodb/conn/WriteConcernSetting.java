package site.ycsbx.db.mongodb.conn;

import com.mongodb.ConnectionString;
import com.mongodb.WriteConcern;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import site.ycsbx.util.UserError;

/**
 * The write concern every write carries, from {@value #PROPERTY} and the {@code w},
 * {@code journal} and {@code wtimeoutMS} options of the URL. Both may be given; when they say
 * different things the run is refused, because a benchmark whose durability is ambiguous
 * measures nothing.
 *
 * <p>Rules: {@code w} comes from the property, else the URL, else 1. {@code j} comes from the
 * property (journaled: true, acknowledged: false, unacknowledged: none), else the URL's
 * {@code journal}, else false when {@code w} is 1 and the server's default otherwise (for
 * majority and node counts the server decides through {@code writeConcernMajorityJournalDefault}).
 * The effective {@code w} is always sent, so servers whose implicit default is majority (5.0+)
 * do not silently change what is measured.
 */
public final class WriteConcernSetting {
  public static final String PROPERTY = "mongodb.writeConcern";
  /** Used when neither the property nor the URL sets w or journal: as YCSB, w:1 without journal. */
  public static final String PROPERTY_DEFAULT = "acknowledged";

  static final String ACCEPTS = "journaled (w:1, j:true), acknowledged (w:1, j:false), unacknowledged (w:0), "
      + "majority, or a number of nodes >= 1 (and YCSB's older names: errors_ignored, replica_acknowledged, "
      + "none, normal, safe, fsync_safe, replicas_safe)";

  /**
   * YCSB's other names for a write concern, each to the name above that means the same. YCSB 0.17
   * (OptionsSupport) added errors_ignored (w=0) and replica_acknowledged (w=2); YCSB before 0.2
   * took the legacy driver's constants: none (errors ignored, w:0), normal (w:0), safe (w:1),
   * fsync_safe (w:1 with fsync, which on a journaled mongod waits for the journal commit, as
   * YCSB's own rename to journaled said) and replicas_safe (w:2).
   */
  private static final Map<String, String> YCSB_NAMES = Map.of(
      "errors_ignored", "unacknowledged", "replica_acknowledged", "2",
      "none", "unacknowledged", "normal", "unacknowledged", "safe", "acknowledged",
      "fsync_safe", "journaled", "replicas_safe", "2");
  private static final Set<String> YCSB_017_NAMES = Set.of("errors_ignored", "replica_acknowledged");

  private WriteConcernSetting() {
  }

  /**
   * The write concern to use.
   *
   * @throws UserError for an unknown value or when the URL contradicts the property
   */
  public static WriteConcern resolve(Properties props, ConnectionString url) {
    Choice asked = parse(props.getProperty(PROPERTY));
    WriteConcern fromUrl = url.getWriteConcern();
    Object urlW = fromUrl == null ? null : fromUrl.getWObject();
    Boolean urlJ = fromUrl == null ? null : fromUrl.getJournal();
    Integer urlTimeout = fromUrl == null ? null : fromUrl.getWTimeout(TimeUnit.MILLISECONDS);

    Object w;
    Boolean j;
    if (asked != null) {
      if (urlW != null && !sameW(urlW, asked.w())) {
        throw new UserError("mongodb.url sets w=" + urlW + " but " + PROPERTY + "=" + asked.name() + " asks for w:"
            + asked.w() + "; remove one of them");
      }
      if (urlJ != null && asked.definesJournal() && !urlJ.equals(asked.j() == null ? Boolean.FALSE : asked.j())) {
        throw new UserError("mongodb.url sets journal=" + urlJ + " but " + PROPERTY + "=" + asked.name()
            + (asked.j() == null ? " (w:0) cannot wait for the journal" : " asks for j:" + asked.j())
            + "; remove one of them");
      }
      w = asked.w();
      j = asked.definesJournal() ? asked.j() : urlJ;
    } else {
      w = urlW != null ? urlW : Integer.valueOf(1);
      j = urlJ;
    }
    if (j == null && Integer.valueOf(1).equals(w)) {
      j = Boolean.FALSE;
    }
    WriteConcern wc = w instanceof Integer ? new WriteConcern((Integer) w) : new WriteConcern((String) w);
    if (j != null && !Integer.valueOf(0).equals(w)) {
      wc = wc.withJournal(j);
    }
    if (urlTimeout != null) {
      wc = wc.withWTimeout(urlTimeout, TimeUnit.MILLISECONDS);
    }
    return wc;
  }

  /** Checks the property alone (no URL needed); a bad value is a {@link UserError}. */
  public static void validate(Properties props) {
    parse(props.getProperty(PROPERTY));
  }

  /**
   * The line saying how an older YCSB name of the property's value is read, e.g.
   * {@code mongodb.writeConcern=safe (YCSB's name before 0.17) read as mongodb.writeConcern=acknowledged
   * (w:1, j:false)}; null when the value is one of ours (or unset).
   */
  public static String note(Properties props) {
    String value = props.getProperty(PROPERTY);
    if (value == null || value.isBlank()) {
      return null;
    }
    String old = value.trim().toLowerCase(Locale.ROOT);
    String ours = YCSB_NAMES.get(old);
    if (ours == null) {
      return null;
    }
    Choice c = parse(ours);
    String meaning = "w:" + c.w() + (c.definesJournal() && c.j() != null ? ", j:" + c.j() : "");
    return PROPERTY + "=" + value.trim() + " (" + (YCSB_017_NAMES.contains(old) ? "YCSB 0.17's name"
        : "YCSB's name before 0.17") + ") read as " + PROPERTY + "=" + ours + " (" + meaning + ")";
  }

  /** Whether the property asks for unacknowledged writes (w:0), under any of its names. */
  public static boolean unacknowledged(Properties props) {
    Choice c = parse(props.getProperty(PROPERTY));
    return c != null && Integer.valueOf(0).equals(c.w());
  }

  /** {@code w=1, j=true, wtimeout=none}: what the fingerprint records. */
  public static String describe(WriteConcern wc) {
    Object w = wc.getWObject();
    Integer t = wc.getWTimeout(TimeUnit.MILLISECONDS);
    return "w=" + (w == null ? "server default" : w)
        + ", j=" + (wc.getJournal() == null ? "server default" : wc.getJournal())
        + ", wtimeout=" + (t == null || t == 0 ? "none" : t + " ms");
  }

  /** What {@code j} means for this run, in words, for the fingerprint's journal entry. */
  public static String describeJournal(WriteConcern wc) {
    if (Integer.valueOf(0).equals(wc.getWObject())) {
      return "not waited for (w:0, unacknowledged)";
    }
    if (wc.getJournal() == null) {
      return "server default (j unset; writeConcernMajorityJournalDefault decides)";
    }
    return wc.getJournal() ? "each write waits for the journal commit (j:true)"
        : "writes are acknowledged before the journal commit (j:false)";
  }

  private static boolean sameW(Object urlW, Object askedW) {
    if (urlW instanceof String && askedW instanceof String) {
      return ((String) urlW).equalsIgnoreCase((String) askedW);
    }
    return Objects.equals(urlW, askedW);
  }

  /** The property's meaning: w, and j when the value fixes it. */
  private record Choice(String name, Object w, Boolean j, boolean definesJournal) {
  }

  private static Choice parse(String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    String given = value.trim();
    String v = YCSB_NAMES.getOrDefault(given.toLowerCase(Locale.ROOT), given);
    switch (v.toLowerCase(Locale.ROOT)) {
      case "journaled":
        return new Choice(given, 1, true, true);
      case "acknowledged":
        return new Choice(given, 1, false, true);
      case "unacknowledged":
        return new Choice(given, 0, null, true);
      case "majority":
        return new Choice(given, "majority", null, false);
      default:
        if (v.matches("[0-9]{1,6}") && Integer.parseInt(v) >= 1) {
          return new Choice(given, Integer.parseInt(v), null, false);
        }
        throw new UserError(PROPERTY + "=" + value + " is not accepted; " + PROPERTY + " accepts " + ACCEPTS);
    }
  }
}
