package site.ycsbx.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.tools.Main;

/**
 * Every {@code bin/ycsb experiment} command the shipped files' headers give passes every check
 * that needs no server, with every binding on the class path as bin/ycsb has them: its keys (a
 * stand-in's key left behind by the real-server form was refused), each cell's command line, the
 * seeds' sizes counted exactly in the plan. Run as {@code --dry-run} (a {@code --check} form's
 * servers are the user's: db1, mongos), in-process; the workload files the experiment names are
 * read from the repository, as bin/ycsb reads them from the folder it runs in.
 */
@Tag("fast")
class ShippedExperimentsTest {
  @TempDir
  Path tmp;

  private static Path repository() {
    Path root = Path.of("").toAbsolutePath().getParent();
    assertTrue(Files.isDirectory(root.resolve("experiments")), "not the repository root: " + root);
    return root;
  }

  /** The header's commands of a file: each {@code bin/ycsb experiment} line with its continuation lines, without its comment. */
  static List<List<String>> headerCommands(Path file) throws IOException {
    List<List<String>> out = new ArrayList<>();
    List<String> lines = Files.readAllLines(file);
    for (int i = 0; i < lines.size(); i++) {
      String l = lines.get(i).replaceFirst("^#\\s*", "");
      if (!lines.get(i).startsWith("#") || !l.startsWith("bin/ycsb experiment ")) {
        continue;
      }
      StringBuilder command = new StringBuilder();
      while (true) {
        String text = l.replaceFirst("\\s+#\\s.*$", "").trim();
        boolean more = text.endsWith("\\");
        command.append(' ').append(more ? text.substring(0, text.length() - 1) : text);
        if (!more) {
          break;
        }
        l = lines.get(++i).replaceFirst("^#\\s*", "");
      }
      assertFalse(command.toString().contains("'") || command.toString().contains("\""), command.toString());
      List<String> words = new ArrayList<>(Arrays.asList(command.toString().trim().split("\\s+")));
      out.add(words.subList(1, words.size()));
    }
    return out;
  }

  /** The file, its workload files named from the repository, in a folder of its own: the same name, the same experiment. */
  private Path copy(Path file) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("experiments"));
    String text = Files.readString(file).replaceAll("(?m)(\\.P=|,)workloads/", "$1" + repository().resolve("workloads")
        + "/");
    return Files.writeString(dir.resolve(file.getFileName()), text);
  }

  private record Ran(int code, String out, String err) {
  }

  private Ran dryRun(List<String> command, Path out) throws IOException {
    List<String> args = new ArrayList<>(command);
    Path file = repository().resolve(args.get(1));
    args.set(1, copy(file).toString());
    args.replaceAll(a -> a.equals("--check") ? "--dry-run" : a);
    if (!args.contains("--dry-run")) {
      args.add("--dry-run");
    }
    args.addAll(List.of("--out", out.toString()));
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    int code = Main.run(args, new PrintStream(o, true, StandardCharsets.UTF_8), new PrintStream(e, true,
        StandardCharsets.UTF_8));
    return new Ran(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
  }

  @Test
  void everyHeaderCommandPassesItsChecksAndTheSeedsSizesAreCountedExactly() throws IOException {
    Map<String, List<List<String>>> byFile = new LinkedHashMap<>();
    try (Stream<Path> files = Files.list(repository().resolve("experiments"))) {
      for (Path f : files.sorted().toList()) {
        byFile.put(f.getFileName().toString(), headerCommands(f));
      }
    }
    assertEquals(new TreeSet<>(List.of("filemeta-engines", "insert-benchmark", "linkbench-engines", "sysbench-engines",
        "ycsb-versions")), new TreeSet<>(byFile.keySet()));
    Map<String, String> printed = new LinkedHashMap<>();
    int n = 0;
    for (Map.Entry<String, List<List<String>>> f : byFile.entrySet()) {
      assertTrue(f.getValue().size() >= 2, f.getKey() + ": its header's commands " + f.getValue());
      for (List<String> command : f.getValue()) {
        Path out = tmp.resolve("out" + n++);
        Ran r = dryRun(command, out);
        String shown = String.join(" ", command);
        assertEquals(0, r.code(), shown + "\n" + r.err() + r.out());
        assertFalse(Files.exists(out), shown + ": a dry run creates nothing");
        printed.put(shown, r.out());
      }
    }
    for (String[] size : new String[][] {
        {"insert-benchmark -p scale=120000", "step load             load, threads 1: 3,000,000,000 rows per target"
            + " (iibench.rows, 4 rounds of 750,000,000: iibench.roundrows)"},
        {"linkbench-engines -p scale=2000", "step load             load, threads 1,4,8,16,24: 10,000,000 nodes per"
            + " cell (5 per target) (linkbench.maxid1 - linkbench.startid1)"},
        {"sysbench-engines -p scale=1000", "160,000,000 rows per target (16 tables x 10,000,000 rows)"},
        {"filemeta-engines -p scale=1500", "300,000,000 files per target (recordcount)"}}) {
      String text = find(printed, size[0]);
      assertTrue(text.contains(size[1]), size[1] + " in\n" + text);
    }
    // the real-server form of the stand-ins: their folder key dropped and said, the rest checked
    String versions = find(printed, "ycsb-versions -p target.mongo26.binding=mongodb");
    assertTrue(versions.contains("[EXPERIMENT] note: target mongo26 runs on mongodb (-p), not the file's"
        + " mongodb-embedded: dropped target.mongo26.mongodb.embedded.dir=runs/ycsb-versions-data/mongo26"), versions);
    assertTrue(versions.contains("10,000,000 records per cell (3 per target) (recordcount)"), versions);
    // the MongoDB and TokuMX targets: off by default and said so, every one on with -p mongodb=true
    String mariadbOnly = printed.get("experiment experiments/insert-benchmark --dry-run");
    assertTrue(mariadbOnly.contains("experiment insert-benchmark: 3 targets (14 more off) x 6 steps, 18 cells"), mariadbOnly);
    assertTrue(mariadbOnly.contains("  target tokumx-sync      mongodb-legacy; off, no cells (-p mongodb=true turns it"
        + " on)"), mariadbOnly);
    String all = printed.get("experiment experiments/insert-benchmark --dry-run -p mongodb=true");
    assertTrue(all.contains("experiment insert-benchmark: 17 targets x 6 steps, 102 cells"), all);
    assertEquals(6 * 8, all.lines().filter(l -> l.startsWith("         bin/ycsb ") && l.contains(" mongodb-legacy "))
        .count(), all);
    assertTrue(all.contains("-p mongodb.databasePerCollection=true"), all);
    String sysbench = printed.get("experiment experiments/sysbench-engines --dry-run -p mongodb=true");
    assertTrue(sysbench.contains("experiment sysbench-engines: 5 targets x 6 steps, 35 cells"), sysbench);
    // sysbench-mongodb's client on the MongoDB targets' every cell; its own OLTP ranges ($gte..$lte) at that step only
    List<String> tokumxse = sysbench.lines().filter(l -> l.startsWith("         bin/ycsb ") && l.contains("sbtest_tokumxse"))
        .toList();
    assertEquals(7, tokumxse.size(), sysbench);
    assertTrue(tokumxse.stream().allMatch(l -> l.contains(" -p sysbench.client=sysbench-mongodb ")), sysbench);
    assertEquals(2, tokumxse.stream().filter(l -> l.contains(" -p sysbench.range_type=between ")).count(), sysbench);
    assertTrue(tokumxse.stream().filter(l -> l.contains("sysbench.range_type")).allMatch(l -> l.contains(
        "workloads/sysbench ")), sysbench);
  }

  /**
   * TokuMX's sysbench block, on with the other MongoDB targets: its cells on mongodb-legacy, each
   * transaction between TokuMX's beginTransaction and commitTransaction (sysbench.transactions=tokumx).
   */
  @Test
  void tokuMXsSysbenchRunsItsTransactionsWhenTurnedOn() throws IOException {
    Ran r = dryRun(List.of("experiment", "experiments/sysbench-engines", "-p", "mongodb=true", "-p", "targets=tokumx"),
        tmp.resolve("out-tokumx"));
    assertEquals(0, r.code(), r.err() + r.out());
    List<String> tokumx = r.out().lines().filter(l -> l.contains("bin/ycsb ") && l.contains("sbtest_tokumx")).toList();
    assertEquals(7, tokumx.size(), r.out());
    assertTrue(tokumx.stream().allMatch(l -> l.contains(" mongodb-legacy ") && l.contains(
        " -p sysbench.transactions=tokumx ")), r.out());
  }

  private static String find(Map<String, String> printed, String start) {
    return printed.entrySet().stream().filter(e -> e.getKey().startsWith("experiment experiments/" + start)).map(Map.Entry::getValue)
        .findFirst().orElseThrow(() -> new AssertionError("no header command starts with " + start + ": "
            + printed.keySet()));
  }

  /**
   * filemeta-engines' MongoDB target as its header writes it, beside the SQL ones: sharded for its
   * load only (target.T.step.S.KEY), the SQL targets' cells without the key.
   */
  @Test
  void aShardedMongoDbTargetBesideTheSqlOnesLoadsShardedAlone() throws IOException {
    Path out = tmp.resolve("out-mongo");
    Ran r = dryRun(List.of("experiment", "experiments/filemeta-engines", "-p", "targets=innodb,postgresql,mongodb",
        "-p", "target.mongodb.binding=mongodb", "-p", "target.mongodb.mongodb.url=mongodb://mongos/filedb",
        "-p", "target.mongodb.step.load.filemeta.shard=true"), out);
    assertEquals(0, r.code(), r.err() + r.out());
    List<String> commands = r.out().lines().filter(l -> l.startsWith("         bin/ycsb ")).toList();
    assertEquals(1, commands.stream().filter(l -> l.contains("filemeta.shard=true")).count(), r.out());
    assertTrue(commands.stream().filter(l -> l.contains("filemeta.shard=true")).allMatch(
        l -> l.startsWith("         bin/ycsb load mongodb ")), r.out());
  }
}
