package site.ycsbx.db.mongodb.conn;

import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.bson.BsonDocument;

/**
 * The commands the binding's driver sends, seen by a CommandListener on every client the binding
 * creates while recording (the client side of the wire). Lives in the package of
 * {@link MongoConnection}, whose listener hook is package-private, for tests in any package.
 */
public final class SentCommands implements AutoCloseable {
  /** A command as sent; the event's document is only valid during the callback, so it is copied. */
  public record Sent(String database, String name, BsonDocument command) {
  }

  private final List<Sent> sent = Collections.synchronizedList(new ArrayList<>());

  private SentCommands() {
  }

  /** Records the commands of clients created from now until {@link #close()}. */
  public static SentCommands record() {
    SentCommands recording = new SentCommands();
    MongoConnection.testListener = new CommandListener() {
      @Override
      public void commandStarted(CommandStartedEvent event) {
        recording.sent.add(new Sent(event.getDatabaseName(), event.getCommandName(), event.getCommand().clone()));
      }
    };
    return recording;
  }

  /** The commands of one name, in the order sent. */
  public List<Sent> named(String name) {
    synchronized (sent) {
      return sent.stream().filter(s -> s.name().equals(name)).toList();
    }
  }

  /** The command documents of one name, in the order sent. */
  public List<BsonDocument> commands(String name) {
    return named(name).stream().map(Sent::command).toList();
  }

  /** Names of every command sent, in order. */
  public List<String> names() {
    synchronized (sent) {
      return sent.stream().map(Sent::name).toList();
    }
  }

  /** Forgets what was sent so far (e.g. the setup's commands). */
  public void clear() {
    sent.clear();
  }

  @Override
  public String toString() {
    return names().toString();
  }

  @Override
  public void close() {
    MongoConnection.testListener = null;
  }
}
