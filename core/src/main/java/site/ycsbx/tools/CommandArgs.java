package site.ycsbx.tools;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;

/**
 * YCSB's command-line options after {@code load|run <binding>}: {@code -P file}, {@code -p k=v},
 * {@code -threads N}, {@code -target N}, {@code -s}, {@code -l label}. Resolved the way YCSB's
 * Client resolves them (files first, then options), so the checks see what the Client will see.
 */
final class CommandArgs {
  final List<String> clientArgs = new ArrayList<>();
  final Properties props = new Properties();
  /** Keys the command line set (-p, -threads, -target, -s, -l), which win over every file. */
  final java.util.Set<String> explicit = new java.util.HashSet<>();

  static CommandArgs parse(List<String> args) {
    CommandArgs c = new CommandArgs();
    Properties files = new Properties();
    Properties overrides = new Properties();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      switch (a) {
        case "-P": {
          String file = value(args, ++i, a);
          loadFile(files, file);
          c.clientArgs.add(a);
          c.clientArgs.add(file);
          break;
        }
        case "-p": {
          String kv = value(args, ++i, a);
          int eq = kv.indexOf('=');
          if (eq <= 0) {
            throw new UserError("-p " + kv + " is not key=value");
          }
          overrides.setProperty(kv.substring(0, eq), kv.substring(eq + 1));
          c.clientArgs.add(a);
          c.clientArgs.add(kv);
          break;
        }
        case "-threads":
        case "-target":
        case "-l": {
          String v = value(args, ++i, a);
          String key = a.equals("-threads") ? "threadcount" : a.equals("-target") ? "target" : "label";
          overrides.setProperty(key, v);
          c.clientArgs.add(a);
          c.clientArgs.add(v);
          break;
        }
        case "-s":
          overrides.setProperty("status", "true");
          c.clientArgs.add(a);
          break;
        default:
          throw new UserError("unknown option " + a + "; options: -P file, -p key=value, -threads N, -target N, -s, -l label");
      }
    }
    c.props.putAll(files);
    c.props.putAll(overrides);
    c.explicit.addAll(overrides.stringPropertyNames());
    // YCSB's Client reads these as int; check them here so a typo is one line, not a trace
    Props.getInt(c.props, "threadcount", 1, 1, 100_000);
    Props.getInt(c.props, "target", 0, 0, Integer.MAX_VALUE);
    Props.getInt(c.props, "recordcount", 0, 0, Integer.MAX_VALUE);
    Props.getInt(c.props, "operationcount", 0, 0, Integer.MAX_VALUE);
    Props.getInt(c.props, "insertstart", 0, 0, Integer.MAX_VALUE);
    Props.getInt(c.props, "maxexecutiontime", 0, 0, Integer.MAX_VALUE);
    return c;
  }

  private static String value(List<String> args, int i, String option) {
    if (i >= args.size()) {
      throw new UserError(option + " needs a value");
    }
    return args.get(i);
  }

  private static void loadFile(Properties into, String file) {
    try (Reader r = Files.newBufferedReader(Path.of(file))) {
      into.load(r);
    } catch (NoSuchFileException e) {
      throw new UserError("workload file " + file + " does not exist");
    } catch (IOException e) {
      throw new UserError("cannot read workload file " + file + ": " + e.getMessage());
    }
  }
}
