package site.ycsbx.tools.checks;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.MalformedInputException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsbx.util.UserError;

/**
 * YCSB's command-line options after {@code load|run <binding>}: {@code -P file}, {@code -p k=v},
 * {@code -threads N}, {@code -target N}, {@code -s}, {@code -l label}. Resolved the way YCSB's
 * Client resolves them (files first, then options), so the checks see what the Client will see.
 */
public final class CommandArgs {
  public final List<String> clientArgs = new ArrayList<>();
  public final Properties props = new Properties();
  /** Keys the command line set (-p, -threads, -target, -s, -l), which win over every file. */
  public final java.util.Set<String> explicit = new java.util.HashSet<>();

  public static CommandArgs parse(List<String> args) {
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
    // YCSB's Client reads these as int (an empty value too): one line here, not a trace there
    YcsbValueCheck.wholeNumber(c.props, "threadcount", 1, 100_000);
    YcsbValueCheck.wholeNumber(c.props, "target", 0, Integer.MAX_VALUE);
    count(c.props, "recordcount");
    count(c.props, "operationcount");
    YcsbValueCheck.wholeNumber(c.props, "insertstart", 0, Integer.MAX_VALUE);
    YcsbValueCheck.wholeNumber(c.props, "maxexecutiontime", 0, Integer.MAX_VALUE);
    return c;
  }

  /** recordcount/operationcount: an int in YCSB's Client; YCSB-X's own workloads count further. */
  private static void count(Properties p, String key) {
    String v = p.getProperty(key);
    if (v != null && !v.isBlank()) {
      try {
        long n = Long.parseLong(v.trim().replace("_", ""));
        if (n > Integer.MAX_VALUE) {
          throw new UserError(key + "=" + v + " is out of range; " + key + " accepts a whole number from 0 to "
              + Integer.MAX_VALUE + " (YCSB's Client counts in an int); for more rows set iibench.rows (iibench) or"
              + " filemeta.files (filemeta), which take larger counts, and leave " + key + " at " + Integer.MAX_VALUE);
        }
      } catch (NumberFormatException e) {
        // not a number: said below
      }
    }
    YcsbValueCheck.wholeNumber(p, key, 0, Integer.MAX_VALUE);
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
    } catch (AccessDeniedException e) {
      throw new UserError("cannot read workload file " + file + ": permission denied");
    } catch (MalformedInputException e) {
      throw new UserError("cannot read workload file " + file + ": not a text file (not UTF-8)");
    } catch (IOException e) {
      if (Files.isDirectory(Path.of(file))) {
        throw new UserError("workload file " + file + " is a folder; -P takes a property file, e.g. workloads/workloada");
      }
      throw new UserError("cannot read workload file " + file + ": " + e.getMessage());
    }
  }
}
