package site.ycsbx.db.jdbc.clients;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.PrintedFingerprint;

/**
 * The fixture of the many-clients tests: client processes started through the script the Docker
 * image runs as its entrypoint, from a home laid out as the tarball unpacks it (bin/ with the
 * repository's scripts, an empty lib/; classes come by -cp), with the environment a Kubernetes
 * Indexed Job gives its pods (JOB_COMPLETION_INDEX) or a host's command line (YCSBX_CLIENT).
 */
final class ClientProcesses {
  static final Pattern STARTED = Pattern.compile("\\[YCSB-X\\] startat: timed phase started at epoch ms (\\d+)");
  static final int CLIENTS = 3;
  static final int RECORDS = 3000;
  /** Not an environment variable: the network namespace a client runs in ({@link NetNamespaces}). */
  private static final String NETNS = "ycsbx.test.netns";

  /** A finished process. */
  record Run(int exit, String stdout, String stderr) {
    String all() {
      return stdout + "\n" + stderr;
    }
  }

  /** Where the processes' output and the tests' files go. */
  final Path tmp;
  final Path home;
  private final String entry;

  private ClientProcesses(Path tmp, Path home, String entry) {
    this.tmp = tmp;
    this.home = home;
    this.entry = entry;
  }

  /** A home in {@code tmp} with the entrypoint the Docker image runs, and bin/ycsb, as the tarball holds them. */
  static ClientProcesses inHome(Path tmp) throws IOException {
    String entry = KubernetesRecipe.entrypointInTarball();
    assertEquals("bin/ycsb-client", entry);
    Path home = tmp.resolve("ycsb-x");
    Files.createDirectories(home.resolve("bin"));
    Files.createDirectories(home.resolve("lib"));
    for (String script : List.of("bin/ycsb", entry)) {
      Path from = JavaProcess.repoRoot().resolve(script);
      Files.copy(from, home.resolve(script));
      assertArrayEquals(Files.readAllBytes(from), Files.readAllBytes(home.resolve(script)));
      assertTrue(home.resolve(script).toFile().setExecutable(true));
    }
    return new ClientProcesses(tmp, home, entry);
  }

  /** Starts the entrypoint with this environment and bin/ycsb arguments. */
  private Process start(Map<String, String> env, List<String> args, Path out, Path err) throws IOException {
    List<String> cmd = new ArrayList<>();
    if (env.containsKey(NETNS)) {
      cmd.addAll(List.of("ip", "netns", "exec", env.get(NETNS)));
    }
    cmd.add(home.resolve(entry).toString());
    cmd.addAll(args);
    // bin/ycsb's -cp: the classes this test was built with, before the (empty) lib/
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(home.toFile()).redirectOutput(out.toFile())
        .redirectError(err.toFile());
    pb.environment().remove("JOB_COMPLETION_INDEX");
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().put("JAVA_OPTS", "-Xmx256m -XX:TieredStopAtLevel=1");
    env.forEach((k, v) -> {
      if (!k.equals(NETNS)) {
        pb.environment().put(k, v);
      }
    });
    return pb.start();
  }

  Run runOne(Map<String, String> env, List<String> args) throws Exception {
    return runAll(List.of(env), args).get(0);
  }

  /** One process per environment, all at once; waits for all. */
  List<Run> runAll(List<Map<String, String>> envs, List<String> args) throws Exception {
    List<Process> ps = new ArrayList<>();
    List<Path[]> files = new ArrayList<>();
    for (Map<String, String> env : envs) {
      Path out = Files.createTempFile(tmp, "out", ".txt");
      Path err = Files.createTempFile(tmp, "err", ".txt");
      files.add(new Path[] {out, err});
      ps.add(start(env, args, out, err));
    }
    List<Run> runs = new ArrayList<>();
    for (int i = 0; i < ps.size(); i++) {
      if (!ps.get(i).waitFor(240, TimeUnit.SECONDS)) {
        ps.forEach(Process::destroyForcibly);
        throw new AssertionError("client " + i + " did not finish: " + Files.readString(files.get(i)[0]));
      }
      runs.add(new Run(ps.get(i).exitValue(), Files.readString(files.get(i)[0], StandardCharsets.UTF_8),
          Files.readString(files.get(i)[1], StandardCharsets.UTF_8)));
    }
    return runs;
  }

  static List<String> args(String command, TestDatabase db, String... more) {
    List<String> a = new ArrayList<>(List.of(command, "jdbc", "-P", JavaProcess.workload("workloada"),
        "-p", "recordcount=" + RECORDS, "-p", "operationcount=600", "-threads", "2"));
    a.addAll(db.options());
    a.addAll(List.of(more));
    return a;
  }

  /** Client i's environment: the Job's index for 0 and 1, a host's YCSBX_CLIENT for 2; a results folder when given. */
  private static Map<String, String> env(int i, long startAt, Path results) {
    Map<String, String> env = new TreeMap<>(Map.of("YCSBX_CLIENTS", String.valueOf(CLIENTS),
        "YCSBX_STARTAT", String.valueOf(startAt)));
    if (results != null) {
      env.put("YCSBX_OUT", results.toString());
    }
    env.put(i < 2 ? "JOB_COMPLETION_INDEX" : "YCSBX_CLIENT", String.valueOf(i));
    return env;
  }

  /** How far ahead of now the clients' common start is set. */
  static final long LEAD_MILLIS = 20_000;

  static long okCount(String stdout, String op) {
    Matcher m = Pattern.compile("(?m)^\\[" + op + "\\], Return=OK, (\\d+)$").matcher(stdout);
    assertTrue(m.find(), "no [" + op + "], Return=OK in:\n" + stdout);
    return Long.parseLong(m.group(1));
  }

  /** Runs the three clients together; asserts each exits 0 and all started their timed phase within 100 ms. */
  List<Run> together(List<String> args) throws Exception {
    return together(args, null);
  }

  /** As {@link #together(List)}, each client writing its run folder to {@code results}/client-i (YCSBX_OUT). */
  List<Run> together(List<String> args, Path results) throws Exception {
    return together(args, results, i -> null);
  }

  /** As above, client i in network namespace {@code netns.apply(i)} (null: this host's). */
  List<Run> together(List<String> args, Path results, IntFunction<String> netns)
      throws Exception {
    // far enough ahead for three JVMs to start and check the server on a busy 2-core machine (2 to 3 s
    // each on a quiet one, over 11 s in a whole suite on a slow VM); the clients wait out the rest,
    // so every second here is a second of the suite
    long startAt = System.currentTimeMillis() + LEAD_MILLIS;
    List<Map<String, String>> envs = new ArrayList<>();
    for (int i = 0; i < CLIENTS; i++) {
      Map<String, String> env = env(i, startAt, results);
      if (netns.apply(i) != null) {
        env.put(NETNS, netns.apply(i));
      }
      envs.add(env);
    }
    List<Run> runs = runAll(envs, args);
    List<Long> starts = new ArrayList<>();
    for (int i = 0; i < CLIENTS; i++) {
      Run r = runs.get(i);
      assertEquals(0, r.exit(), "client " + i + ":\n" + r.all());
      assertTrue(r.stdout().contains("[YCSB-X] client " + i + " of 3 (0-based)"), r.stdout());
      assertEquals(String.valueOf(i), PrintedFingerprint.of(r.stdout()).get("client.index"), r.stdout());
      assertFalse(r.all().contains("Duplicate") || r.all().contains("Exception"), r.all());
      Matcher m = STARTED.matcher(r.stdout());
      assertTrue(m.find(), r.stdout());
      starts.add(Long.parseLong(m.group(1)));
    }
    long spread = starts.stream().mapToLong(Long::longValue).max().getAsLong()
        - starts.stream().mapToLong(Long::longValue).min().getAsLong();
    System.out.println("[ManyClientsTest] timed phase starts " + starts + ", spread " + spread + " ms");
    // each sleeps until ycsbx.startat: tens of ms apart on a quiet host, 147 seen on one busy with other
    // tests; without the common instant, their JVMs' start-up alone spreads them by seconds
    assertTrue(spread < 500, "the clients started " + spread + " ms apart: " + starts);
    assertTrue(starts.get(0) >= startAt, "started before ycsbx.startat");
    return runs;
  }

  /** bin/ycsb, the launcher the entrypoint runs, from the same home and with the same class path. */
  Run ycsb(String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(home.resolve("bin/ycsb").toString()));
    cmd.addAll(List.of(args));
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    Path out = Files.createTempFile(tmp, "out", ".txt");
    Path err = Files.createTempFile(tmp, "err", ".txt");
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(home.toFile()).redirectOutput(out.toFile())
        .redirectError(err.toFile());
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().put("JAVA_OPTS", "-Xmx256m -XX:TieredStopAtLevel=1");
    Process p = pb.start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("ycsb " + args[0] + " did not finish: " + Files.readString(out));
    }
    return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err,
        StandardCharsets.UTF_8));
  }

  static long query(TestDatabase db, String sql) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
