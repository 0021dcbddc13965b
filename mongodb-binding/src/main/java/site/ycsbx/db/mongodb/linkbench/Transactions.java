package site.ycsbx.db.mongodb.linkbench;

import com.mongodb.WriteConcern;
import java.util.Locale;
import java.util.Properties;
import org.bson.Document;
import site.ycsbx.db.mongodb.TransactionSupport;
import site.ycsbx.util.UserError;

/**
 * {@value MongoLinkBenchStore#TRANSACTIONS_PROPERTY}: whether a link write and its count change
 * commit together in a multi-document transaction, and whether this server can do that. Read
 * by the store (per connection) and by {@link MongoLinkBenchCheck} (before anything is created),
 * from the same isMaster facts, so the fingerprint says what the stores do.
 */
enum Transactions {
  /** Transactions where the server has them; single-document writes elsewhere. */
  AUTO,
  /** Transactions; a server without them is refused. */
  TRUE,
  /** Single-document writes, the count update after the link write (MongoDB 2.6/3.0 style). */
  FALSE;

  static final String ACCEPTS = "auto, true or false";
  /** The mode asked for; a {@link UserError} naming the property for anything else. */
  static Transactions of(Properties props) {
    String v = props.getProperty(MongoLinkBenchStore.TRANSACTIONS_PROPERTY);
    if (v == null || v.isBlank()) {
      return valueOf(MongoLinkBenchStore.TRANSACTIONS_PROPERTY_DEFAULT.toUpperCase(Locale.ROOT));
    }
    switch (v.trim().toLowerCase(Locale.ROOT)) {
      case "auto":
        return AUTO;
      case "true":
        return TRUE;
      case "false":
        return FALSE;
      default:
        throw new UserError(MongoLinkBenchStore.TRANSACTIONS_PROPERTY + "=" + v + " is not a transaction mode; "
            + MongoLinkBenchStore.TRANSACTIONS_PROPERTY + " accepts " + ACCEPTS);
    }
  }

  /** The property's value as the user spells it. */
  String setting() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Why this server cannot run these writes in multi-document transactions, or null when it can:
   * a replica set member of 4.0+ or a mongos of 4.2+ (both report a session timeout), and writes
   * that are acknowledged (a transaction cannot be w:0).
   *
   * @param isMaster the server's isMaster reply
   */
  static String whyNot(Document isMaster, WriteConcern writeConcern) {
    return TransactionSupport.whyNot(isMaster, writeConcern);
  }

  /** The fingerprint's entry: the mode asked and what the writes do with it. */
  String describe(String whyNot) {
    if (this == FALSE) {
      return "false: no transactions, the count update follows each link write";
    }
    if (whyNot == null) {
      return setting() + ": multi-document transactions, a link write and its count change commit together";
    }
    return setting() + ": no transactions (" + whyNot + "), the count update follows each link write";
  }

  /** The refusal of {@link #TRUE} on a server without transactions. */
  static String refusal(String whyNot, String where) {
    return MongoLinkBenchStore.TRANSACTIONS_PROPERTY + "=true needs multi-document transactions, which MongoDB at "
        + where + " cannot run: " + whyNot + "; they need a replica set member of 4.0+ or a mongos of 4.2+ and "
        + "acknowledged writes; set " + MongoLinkBenchStore.TRANSACTIONS_PROPERTY + "=auto or false";
  }
}
