package site.ycsbx.db.mongodb.sysbench;

import com.mongodb.MongoException;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoErrors;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.Transactions;
import site.ycsbx.store.StoreException;
import site.ycsbx.util.UserError;

/**
 * {@value MongoSysbenchStore#TRANSACTIONS_PROPERTY} as the stores of one connection share it:
 * whether the OLTP transaction's steps run in one multi-document transaction, decided once from
 * the same isMaster facts {@link MongoSysbenchCheck} reads, so the fingerprint says what the
 * stores do.
 */
final class SysbenchTransactions {
  private String describe;
  private Boolean on;

  /** Whether this connection runs transactions; refused (true asked, none here) as the check refuses it. */
  synchronized boolean on(MongoConnection connection) throws StoreException {
    if (on == null) {
      MongoOptions options = connection.options();
      Transactions.Mode mode;
      String why = null;
      try {
        mode = MongoSysbenchStore.TRANSACTIONS.of(options.properties());
        if (mode == Transactions.Mode.TOKUMX) {
          throw new UserError(MongoSysbenchStore.NO_TOKUMX);
        }
        if (mode != Transactions.Mode.FALSE) {
          why = Transactions.whyNot(connection.hello(), options.writeConcern());
        }
      } catch (UserError e) {
        throw new StoreException(e.getMessage());
      } catch (MongoException e) {
        throw MongoErrors.failure("isMaster", e);
      }
      if (why != null && mode == Transactions.Mode.TRUE) {
        throw new StoreException(MongoSysbenchStore.TRANSACTIONS.refusal(why, options.maskedUrl()));
      }
      on = mode != Transactions.Mode.FALSE && why == null;
      describe = MongoSysbenchStore.TRANSACTIONS.describe(mode, why);
    }
    return on;
  }

  synchronized String describe() {
    return describe;
  }
}
