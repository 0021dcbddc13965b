package site.ycsbx.db.mongodb.conn;

import com.mongodb.client.MongoClient;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.StoreDemand;

/**
 * The check of a family with a transaction switch ({@link Transactions}), on either driver line:
 * before any server is asked, what the line cannot run; against the server, the family's own
 * checks of its collections (bad input, exit 2, said before the server's lack of transactions,
 * exit 1), then the switch's, which records the mode in the fingerprint.
 */
public abstract class TransactionalCheck implements MongoStoreCheck {
  private final Transactions transactions;
  /** Whether the driver line has sessions: the mongodb binding; not mongodb-legacy (MongoDB 2.4, TokuMX). */
  protected final boolean sessions;

  protected TransactionalCheck(Transactions transactions, boolean sessions) {
    this.transactions = transactions;
    this.sessions = sessions;
  }

  @Override
  public void checkOptions(StoreDemand demand, MongoOptions options) {
    transactions.checkOptions(options, sessions);
  }

  @Override
  public void checkServer(StoreDemand demand, MongoOptions options, MongoClient client, Fingerprint fingerprint) {
    checkServer(demand, options, client);
    transactions.checkServer(options, client, fingerprint);
  }
}
