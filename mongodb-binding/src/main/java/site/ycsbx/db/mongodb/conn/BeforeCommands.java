package site.ycsbx.db.mongodb.conn;

import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.bson.Document;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.UserError;

/**
 * {@value #PROPERTY}: admin commands the preflight runs on the server before it inspects it, the
 * MongoDB counterpart of {@code jdbc.before}: a run's server settings
 * ({@code {setParameter: 1, journalCommitInterval: 300}}) are part of its command line, of an
 * experiment's target and of the fingerprint, which is then read from the server as for every run.
 */
public final class BeforeCommands {
  public static final String PROPERTY = "mongodb.before";
  public static final PropertyDef DEF = PropertyDef.noDefault(PROPERTY, "admin commands as JSON documents, separated by"
      + " ';', run on the admin database before the run's checks (e.g. {setParameter: 1, syncdelay: 60}); in the"
      + " fingerprint");
  private static final String EXAMPLE = PROPERTY + "={setParameter: 1, syncdelay: 60}";

  private BeforeCommands() {
  }

  /**
   * The commands of {@value #PROPERTY} as JSON texts (what mongodb-legacy's driver line parses), in
   * order, checked as {@link #of} checks them.
   */
  public static List<String> texts(Properties props) {
    return of(props).stream().map(Document::toJson).toList();
  }

  /** The commands of {@value #PROPERTY}, in order; text that is not JSON documents is bad input (exit 2). */
  public static List<Document> of(Properties props) {
    List<Document> out = new ArrayList<>();
    for (String text : split(props.getProperty(PROPERTY, ""))) {
      Document d;
      try {
        d = Document.parse(text);
      } catch (RuntimeException e) {
        throw new UserError(PROPERTY + ": '" + text + "' is not a JSON document (" + firstLine(e.getMessage())
            + "); e.g. " + EXAMPLE);
      }
      if (d.isEmpty()) {
        throw new UserError(PROPERTY + ": '" + text + "' names no command; e.g. " + EXAMPLE);
      }
      out.add(d);
    }
    return out;
  }

  /** The text split at each ';' outside quotes and braces: a document may hold a ';' in a string. */
  static List<String> split(String text) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    char quote = 0;
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        if (c == '\\') {
          i++;
        } else if (c == quote) {
          quote = 0;
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '{' || c == '[') {
        depth++;
      } else if (c == '}' || c == ']') {
        depth--;
      } else if (c == ';' && depth == 0) {
        add(out, text.substring(start, i));
        start = i + 1;
      }
    }
    add(out, text.substring(start));
    return out;
  }

  private static void add(List<String> out, String part) {
    if (!part.isBlank()) {
      out.add(part.trim());
    }
  }

  /** Runs them in order on the admin database; the first that fails stops the run before anything else. */
  public static void run(List<Document> commands, MongoClient client, MongoOptions options, Fingerprint fp) {
    if (commands.isEmpty()) {
      return;
    }
    List<String> ran = new ArrayList<>();
    for (Document c : commands) {
      String json = c.toJson();
      try {
        client.getDatabase("admin").runCommand(c);
      } catch (MongoException e) {
        throw UserError.target(PROPERTY + ": " + json + " failed on MongoDB at " + options.maskedUrl() + ": "
            + MongoOptions.redact(MongoErrors.describe(e), options.url()));
      }
      System.out.println(Preflight.NOTE_PREFIX + PROPERTY + ": ran " + json);
      ran.add(json);
    }
    fp.put(PROPERTY, String.join("; ", ran));
  }

  private static String firstLine(String s) {
    return s == null ? "unreadable" : s.lines().findFirst().orElse("").trim();
  }
}
