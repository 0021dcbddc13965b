package site.ycsbx.db.mongodb.conn;

import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import java.util.concurrent.atomic.LongAdder;
import org.bson.BsonArray;
import org.bson.BsonValue;

/**
 * What this JVM's MongoDB clients sent, counted as mongod's opcounters count it (documents
 * inserted, statements updated and deleted; finds, getMores and aggregates read): every client
 * {@link MongoConnection} builds carries {@link #LISTENER}, and {@link MongoServerWork} takes this
 * run's share of the server's counters from it.
 */
final class SentWork {
  private static final LongAdder SENT_WRITES = new LongAdder();
  private static final LongAdder SENT_READS = new LongAdder();

  /** Counts what this JVM's clients send, as mongod's opcounters count it. */
  static final CommandListener LISTENER = new CommandListener() {
    @Override
    public void commandStarted(CommandStartedEvent e) {
      switch (e.getCommandName()) {
        case "insert":
          SENT_WRITES.add(size(e, "documents"));
          break;
        case "update":
          SENT_WRITES.add(size(e, "updates"));
          break;
        case "delete":
          SENT_WRITES.add(size(e, "deletes"));
          break;
        case "find":
        case "getMore":
        case "aggregate": // newer servers count it as a query (SERVER-66495), older ones as a command
          SENT_READS.increment();
          break;
        default:
          break;
      }
    }
  };

  private static long size(CommandStartedEvent e, String field) {
    BsonValue v = e.getCommand().get(field);
    return v instanceof BsonArray ? ((BsonArray) v).size() : 1;
  }

  /** What this JVM's clients sent so far: rows written, rows read. */
  static long[] sent() {
    return new long[] {SENT_WRITES.sum(), SENT_READS.sum()};
  }

  private SentWork() {
  }
}
