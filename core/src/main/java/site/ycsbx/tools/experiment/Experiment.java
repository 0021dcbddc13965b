package site.ycsbx.tools.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * An experiment as read from its file: properties for every cell, the targets that run in table
 * order, the steps in run order, the variables that sized it, what reading it changed that the
 * console says ({@link LoadedGraph}), and the targets the file declares but that are off
 * ({@link TargetSwitch}).
 */
record Experiment(String name, Map<String, String> common, List<Target> targets, List<Step> steps,
    Map<String, String> vars, List<String> notes, List<TargetSwitch.Off> off) {

  /**
   * {@code bin/ycsb}'s arguments for a cell, without its run folder: the target's property files,
   * then the step's (the workload), then the properties for every cell, the target's, the step's
   * and the target's at that step, each key once where it is set most narrowly, then the thread
   * count.
   */
  List<String> arguments(Cell c) {
    List<String> args = new ArrayList<>(List.of(c.step().command(), c.target().binding()));
    for (String f : c.target().propertyFiles()) {
      args.addAll(List.of("-P", f));
    }
    for (String f : c.step().propertyFiles()) {
      args.addAll(List.of("-P", f));
    }
    List<Map<String, String>> scopes = List.of(common, c.target().props(), c.step().props(),
        c.target().propsAt(c.step().name()));
    for (int i = 0; i < scopes.size(); i++) {
      List<Map<String, String>> narrower = scopes.subList(i + 1, scopes.size());
      scopes.get(i).forEach((k, v) -> {
        if (narrower.stream().noneMatch(m -> m.containsKey(k))) {
          args.addAll(List.of("-p", k + "=" + v));
        }
      });
    }
    args.addAll(List.of("-threads", String.valueOf(c.threads())));
    return args;
  }

  /**
   * What makes a cell the same cell on a second start: its arguments and the text of its property
   * files (an edited workload file is another cell), as a short hash the ledger keeps.
   */
  String definition(Cell c) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (String a : arguments(c)) {
        sha.update(a.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
      }
      List<String> files = new ArrayList<>(c.target().propertyFiles());
      files.addAll(c.step().propertyFiles());
      for (String f : files) {
        Path p = Path.of(f);
        sha.update(Files.isReadable(p) ? Files.readAllBytes(p) : new byte[0]);
        sha.update((byte) 0);
      }
      return HexFormat.of().formatHex(sha.digest(), 0, 6);
    } catch (NoSuchAlgorithmException | IOException e) {
      throw new IllegalStateException("cannot hash cell " + c.id() + ": " + e.getMessage(), e);
    }
  }
}
