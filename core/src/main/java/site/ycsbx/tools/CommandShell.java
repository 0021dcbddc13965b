package site.ycsbx.tools;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.YcsbTable;
import site.ycsbx.util.UserError;

/**
 * {@code bin/ycsb shell <binding>}: YCSB's command-line client (same commands and replies as
 * YCSB 0.17's {@code site.ycsb.CommandLine}) on one DB instance. Unlike 0.17's it sets up YCSB's
 * Measurements before the binding's init (a binding that times its batches needs them), ends at
 * {@code quit} and at the end of its input, and cleans the binding up, so the JVM can exit.
 *
 * <p>The shell inserts only the keys typed: it is a load of nothing (a binding creates YCSB's
 * table at the first insert when absent, and no load range is checked against existing keys).
 */
public final class CommandShell {
  private final DB db;
  private final PrintStream out;
  private String table;

  private CommandShell(DB db, String table, PrintStream out) {
    this.db = db;
    this.table = table;
    this.out = out;
  }

  /**
   * Opens the binding named by {@code db}, reads commands from {@code in} until {@code quit} or
   * the end of input, then cleans the binding up.
   *
   * @return the exit code: 0, or 1 when the binding failed to start or clean up
   */
  public static int run(Properties props, InputStream in, PrintStream out) {
    if (YcsbTable.drop(props)) {
      throw new UserError(YcsbTable.dropOnlyInLoad());
    }
    props.setProperty("dotransactions", "false");
    props.setProperty(CoreWorkload.INSERT_COUNT_PROPERTY, "0");
    Measurements.setProperties(props);
    String dbClass = props.getProperty("db", "site.ycsb.BasicDB");
    DB db;
    try {
      db = (DB) Class.forName(dbClass).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new UserError("binding class " + dbClass + " cannot be created: " + e);
    }
    db.setProperties(props);
    out.println("YCSB-X shell: YCSB's commands against " + dbClass + "; \"help\" lists them, \"quit\" or end of input"
        + " ends");
    try {
      db.init();
    } catch (DBException e) {
      System.err.println("ycsb: " + e.getMessage());
      return 1;
    }
    out.println("Connected.");
    CommandShell shell = new CommandShell(db,
        props.getProperty(CoreWorkload.TABLENAME_PROPERTY, CoreWorkload.TABLENAME_PROPERTY_DEFAULT), out);
    try {
      shell.loop(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
    } finally {
      try {
        db.cleanup();
      } catch (DBException e) {
        System.err.println("ycsb: cleanup of " + dbClass + " failed: " + e.getMessage());
        return 1;
      } finally {
        StoreRegistry.clear();
      }
    }
    return 0;
  }

  private void loop(BufferedReader in) {
    while (true) {
      out.print("> ");
      out.flush();
      String line;
      try {
        line = in.readLine();
      } catch (IOException e) {
        out.println();
        out.println("Error: cannot read input: " + e.getMessage());
        return;
      }
      if (line == null) {
        out.println();
        return;
      }
      String[] tokens = line.trim().split("\\s+");
      if (tokens[0].isEmpty()) {
        continue;
      }
      if (tokens[0].equals("quit") || tokens[0].equals("exit")) {
        return;
      }
      long start = System.nanoTime();
      try {
        if (!execute(tokens)) {
          continue;
        }
      } catch (RuntimeException e) {
        // a binding that throws is reported like a failed operation; the shell goes on
        out.println("Error: " + e);
      }
      out.println((System.nanoTime() - start) / 1_000_000 + " ms");
    }
  }

  /** Runs one command; false for help, which prints no time. */
  private boolean execute(String[] t) {
    switch (t[0]) {
      case "help" -> {
        help();
        return false;
      }
      case "table" -> {
        if (t.length > 2) {
          out.println("Error: syntax is \"table [tablename]\"");
        } else {
          if (t.length == 2) {
            table = t[1];
          }
          out.println("Using table \"" + table + "\"");
        }
      }
      case "read" -> {
        if (t.length < 2) {
          out.println("Error: syntax is \"read keyname [field1 field2 ...]\"");
        } else {
          Map<String, ByteIterator> result = new HashMap<>();
          Status s = db.read(table, t[1], fields(t, 2), result);
          out.println("Return code: " + s.getName());
          print(result);
        }
      }
      case "scan" -> scan(t);
      case "insert", "update" -> {
        Map<String, ByteIterator> values = values(t);
        if (values == null) {
          out.println("Error: syntax is \"" + t[0] + " keyname name1=value1 [name2=value2 ...]\"");
        } else {
          Status s = t[0].equals("insert") ? db.insert(table, t[1], values) : db.update(table, t[1], values);
          out.println("Result: " + s.getName());
        }
      }
      case "delete" -> {
        if (t.length != 2) {
          out.println("Error: syntax is \"delete keyname\"");
        } else {
          out.println("Return result: " + db.delete(table, t[1]).getName());
        }
      }
      default -> out.println("Error: unknown command \"" + t[0] + "\" (\"help\" lists the commands)");
    }
    return true;
  }

  private void scan(String[] t) {
    int count;
    try {
      count = t.length < 3 ? -1 : Integer.parseInt(t[2]);
    } catch (NumberFormatException e) {
      count = -1;
    }
    if (count < 1) {
      out.println("Error: syntax is \"scan keyname scanlength [field1 field2 ...]\" (scanlength a whole number >= 1)");
      return;
    }
    Vector<HashMap<String, ByteIterator>> results = new Vector<>();
    Status s = db.scan(table, t[1], count, fields(t, 3), results);
    out.println("Result: " + s.getName());
    out.println(results.isEmpty() ? "0 records" : "--------------------------------");
    int n = 0;
    for (Map<String, ByteIterator> r : results) {
      out.println("Record " + n++);
      print(r);
      out.println("--------------------------------");
    }
  }

  private void print(Map<String, ByteIterator> record) {
    new TreeMap<>(record).forEach((k, v) -> out.println(k + "=" + v));
  }

  private static Set<String> fields(String[] t, int from) {
    return t.length > from ? new LinkedHashSet<>(Arrays.asList(t).subList(from, t.length)) : null;
  }

  /** name=value pairs after the key; null when there are none or one has no '='. */
  private static Map<String, ByteIterator> values(String[] t) {
    if (t.length < 3) {
      return null;
    }
    Map<String, ByteIterator> values = new HashMap<>();
    for (int i = 2; i < t.length; i++) {
      int eq = t[i].indexOf('=');
      if (eq <= 0) {
        return null;
      }
      values.put(t[i].substring(0, eq), new StringByteIterator(t[i].substring(eq + 1)));
    }
    return values;
  }

  private void help() {
    out.println("Commands:");
    out.println("  read key [field1 field2 ...] - Read a record");
    out.println("  scan key recordcount [field1 field2 ...] - Scan starting at key");
    out.println("  insert key name1=value1 [name2=value2 ...] - Insert a new record");
    out.println("  update key name1=value1 [name2=value2 ...] - Update a record");
    out.println("  delete key - Delete a record");
    out.println("  table [tablename] - Get or [set] the name of the table");
    out.println("  quit - Quit (so does the end of input)");
  }
}
