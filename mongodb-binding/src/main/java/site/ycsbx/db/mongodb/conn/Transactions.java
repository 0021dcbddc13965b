package site.ycsbx.db.mongodb.conn;

import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import java.util.Locale;
import java.util.Properties;
import org.bson.Document;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.UserError;

/**
 * A family's transaction switch ({@code linkbench.transactions}, {@code sysbench.transactions}):
 * whether its writes commit together in multi-document transactions, and whether this server can
 * do that. The family declares one, naming its property and saying what its writes do in each
 * mode; its store (once per connection) and its check (before anything is created) read the mode
 * from the same isMaster facts ({@link TransactionSupport}), so the fingerprint says what the
 * stores do.
 */
public final class Transactions {
  /** What the property accepts. */
  public enum Mode {
    /** Transactions where the server has them; the writes apart elsewhere. */
    AUTO,
    /** Transactions; a server without them is refused. */
    TRUE,
    /** The writes apart, never a multi-document transaction. */
    FALSE,
    /**
     * TokuMX's own transactions (beginTransaction, commitTransaction on one connection), for a
     * family that declares them ({@link #withTokuMX}).
     */
    TOKUMX;

    /** The property's value as the user spells it. */
    public String setting() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  static final String ACCEPTS = "auto, true or false";
  static final String ACCEPTS_TOKUMX = "auto, true, false or tokumx";
  /** The mode when the property is not set. */
  public static final String DEFAULT = "auto";

  private final String property;
  private final String off;
  private final String together;
  private final String apart;
  private final String tokumx;

  /**
   * @param property the family's property, e.g. {@code linkbench.transactions}
   * @param off the fingerprint's entry for {@code false}
   * @param together what the writes do in transactions, after "auto: " or "true: "
   * @param apart what they do on a server without them, {@code %s} the reason, after "auto: "
   */
  public Transactions(String property, String off, String together, String apart) {
    this(property, off, together, apart, null);
  }

  private Transactions(String property, String off, String together, String apart, String tokumx) {
    this.property = property;
    this.off = off;
    this.together = together;
    this.apart = apart;
    this.tokumx = tokumx;
  }

  /**
   * This switch also accepting {@code tokumx}, TokuMX's transactions (only the legacy binding
   * sends them).
   *
   * @param what what the writes do in that mode, after "tokumx: "
   */
  public Transactions withTokuMX(String what) {
    return new Transactions(property, off, together, apart, what);
  }

  /** The property's name. */
  public String property() {
    return property;
  }

  /** The property as the binding's preflight lists it. */
  public PropertyDef def(String description) {
    return PropertyDef.of(property, DEFAULT, description);
  }

  /** The mode asked for; a {@link UserError} naming the property for anything else. */
  public Mode of(Properties props) {
    String v = props.getProperty(property);
    if (v == null || v.isBlank()) {
      return Mode.valueOf(DEFAULT.toUpperCase(Locale.ROOT));
    }
    switch (v.trim().toLowerCase(Locale.ROOT)) {
      case "auto":
        return Mode.AUTO;
      case "true":
        return Mode.TRUE;
      case "false":
        return Mode.FALSE;
      case "tokumx":
        if (tokumx != null) {
          return Mode.TOKUMX;
        }
        throw new UserError(property + "=" + v + " is not a transaction mode; " + property + " accepts " + ACCEPTS);
      default:
        throw new UserError(property + "=" + v + " is not a transaction mode; " + property + " accepts "
            + (tokumx == null ? ACCEPTS : ACCEPTS_TOKUMX));
    }
  }

  /**
   * Why this server cannot run these writes in multi-document transactions, or null when it can
   * ({@link TransactionSupport#whyNot}).
   *
   * @param isMaster the server's isMaster reply
   */
  public static String whyNot(Document isMaster, com.mongodb.WriteConcern writeConcern) {
    return TransactionSupport.whyNot(isMaster, writeConcern);
  }

  /** The fingerprint's entry (and a run's first line): the mode asked and what the writes do with it. */
  public String describe(Mode mode, String whyNot) {
    if (mode == Mode.FALSE) {
      return off;
    }
    if (mode == Mode.TOKUMX) {
      return mode.setting() + ": " + tokumx;
    }
    if (whyNot == null) {
      return mode.setting() + ": " + together;
    }
    return mode.setting() + ": " + String.format(Locale.ROOT, apart, whyNot);
  }

  /** The refusal of {@code true} on a server without transactions. */
  public String refusal(String whyNot, String where) {
    return property + "=true needs multi-document transactions, which MongoDB at " + where + " cannot run: "
        + whyNot + "; they need a replica set member of 4.0+ or a mongos of 4.2+ and acknowledged writes; set "
        + property + "=auto or false";
  }

  /**
   * The check before any server is contacted on a driver line: what the line cannot run at all
   * ({@code tokumx} with sessions, the mongodb binding; {@code true} without them, mongodb-legacy's
   * MongoDB 2.4 and TokuMX), then {@link #checkOptions(MongoOptions)}.
   */
  public void checkOptions(MongoOptions options, boolean sessions) {
    Mode mode = of(options.properties());
    if (sessions && mode == Mode.TOKUMX) {
      throw new UserError(noTokuMX());
    }
    if (!sessions && mode == Mode.TRUE) {
      throw new UserError(noSessions());
    }
    checkOptions(options);
  }

  /** Said when {@code true} is asked of a line without sessions (mongodb-legacy). */
  public String noSessions() {
    return property + "=true needs multi-document transactions (MongoDB 4.0+), which MongoDB 2.4 and TokuMX have not:"
        + " set it to auto or false" + (tokumx == null ? "" : ", or tokumx for TokuMX's own transactions,")
        + " on mongodb-legacy";
  }

  /** Said when {@code tokumx} is asked of the mongodb binding. */
  public String noTokuMX() {
    return property + "=tokumx sends TokuMX's beginTransaction and commitTransaction, which only mongodb-legacy"
        + " (MongoDB 2.4, TokuMX) speaks: use mongodb-legacy for TokuMX, or auto, true or false here";
  }

  /** The check before any server is contacted: a mode, and {@code true} only with acknowledged writes. */
  public void checkOptions(MongoOptions options) {
    if (of(options.properties()) == Mode.TRUE && !options.writeConcern().isAcknowledged()) {
      throw new UserError(property + "=true cannot be used with unacknowledged writes (w:0), which MongoDB does not"
          + " run in a transaction; set " + property + "=false or an acknowledged write concern");
    }
  }

  /**
   * The check against the server: refuses {@code true} where there are no transactions, and
   * records the mode used in the fingerprint.
   */
  public void checkServer(MongoOptions options, MongoClient client, Fingerprint fingerprint) {
    Mode mode = of(options.properties());
    String why = null;
    if (mode != Mode.FALSE) {
      Document isMaster;
      try {
        isMaster = client.getDatabase("admin").runCommand(new Document("isMaster", 1));
      } catch (MongoException e) {
        throw UserError.target("MongoDB at " + options.maskedUrl() + " did not answer isMaster: "
            + MongoErrors.describe(e));
      }
      why = whyNot(isMaster, options.writeConcern());
      if (why != null && mode == Mode.TRUE) {
        throw UserError.target(refusal(why, options.maskedUrl()));
      }
    }
    fingerprint.put(property, describe(mode, why));
  }
}
