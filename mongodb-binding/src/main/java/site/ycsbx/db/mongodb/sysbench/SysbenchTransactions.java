package site.ycsbx.db.mongodb.sysbench;

import com.mongodb.MongoException;
import java.util.Locale;
import java.util.Properties;
import site.ycsbx.db.mongodb.MongoConnection;
import site.ycsbx.db.mongodb.MongoErrors;
import site.ycsbx.db.mongodb.MongoOptions;
import site.ycsbx.db.mongodb.TransactionSupport;
import site.ycsbx.store.StoreException;
import site.ycsbx.util.UserError;

/**
 * {@value MongoSysbenchStore#TRANSACTIONS_PROPERTY}: whether the OLTP transaction's steps run in
 * one multi-document transaction, and whether this server can. Read by the store (once per
 * connection) and by {@link MongoSysbenchCheck} (before anything is created) from the same
 * isMaster facts ({@link TransactionSupport}), so the fingerprint says what the stores do.
 */
enum SysbenchTransactions {
  /** A transaction where the server has them; each step alone elsewhere. */
  AUTO,
  /** A transaction; a server without them is refused. */
  TRUE,
  /** Each step alone, as sysbench-mongodb ran them (BEGIN and COMMIT send nothing). */
  FALSE;

  static final String ACCEPTS = "auto, true or false";

  /** The mode asked for; a {@link UserError} naming the property for anything else. */
  static SysbenchTransactions of(Properties props) {
    String v = props.getProperty(MongoSysbenchStore.TRANSACTIONS_PROPERTY);
    if (v == null || v.isBlank()) {
      return valueOf(MongoSysbenchStore.TRANSACTIONS_PROPERTY_DEFAULT.toUpperCase(Locale.ROOT));
    }
    switch (v.trim().toLowerCase(Locale.ROOT)) {
      case "auto":
        return AUTO;
      case "true":
        return TRUE;
      case "false":
        return FALSE;
      default:
        throw new UserError(MongoSysbenchStore.TRANSACTIONS_PROPERTY + "=" + v + " is not a transaction mode; "
            + MongoSysbenchStore.TRANSACTIONS_PROPERTY + " accepts " + ACCEPTS);
    }
  }

  String setting() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The fingerprint's entry (and the run's first line): the mode asked and what the steps do with it. */
  String describe(String whyNot) {
    if (this == FALSE) {
      return "false: each step alone, no multi-document transaction (as sysbench-mongodb)";
    }
    if (whyNot == null) {
      return setting() + ": multi-document transactions, the steps of one sysbench transaction commit together";
    }
    return setting() + ": each step alone (" + whyNot + "), as sysbench-mongodb";
  }

  static String refusal(String whyNot, String where) {
    return MongoSysbenchStore.TRANSACTIONS_PROPERTY + "=true needs multi-document transactions, which MongoDB at "
        + where + " cannot run: " + whyNot + "; they need a replica set member of 4.0+ or a mongos of 4.2+ and "
        + "acknowledged writes; set " + MongoSysbenchStore.TRANSACTIONS_PROPERTY + "=auto or false";
  }

  /** What the stores of one connection share: the decision, taken once. */
  static final class Shared {
    private String describe;
    private Boolean on;

    /** Whether this connection runs transactions; refused (true asked, none here) as the check refuses it. */
    synchronized boolean on(MongoConnection connection) throws StoreException {
      if (on == null) {
        MongoOptions options = connection.options();
        SysbenchTransactions mode;
        String why = null;
        try {
          mode = of(options.properties());
          if (mode != FALSE) {
            why = TransactionSupport.whyNot(connection.hello(), options.writeConcern());
          }
        } catch (UserError e) {
          throw new StoreException(e.getMessage());
        } catch (MongoException e) {
          throw MongoErrors.failure("isMaster", e);
        }
        if (why != null && mode == TRUE) {
          throw new StoreException(refusal(why, options.maskedUrl()));
        }
        on = mode != FALSE && why == null;
        describe = mode.describe(why);
      }
      return on;
    }

    synchronized String describe() {
      return describe;
    }
  }
}
