package site.ycsbx.tools.experiment;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code results.csv} (one row per cell in the order they ran: step, target, threads, repeat,
 * how it ended, then every figure) and {@code results.json} (the same, with the targets and
 * steps), rewritten after each cell so that a stopped experiment leaves them current.
 */
final class ResultsFiles {
  static final String CSV = "results.csv";
  static final String JSON = "results.json";
  private static final List<String> FIRST = List.of(CellResult.OPS_S, "operations", "runtime_s", "errors");

  private ResultsFiles() {
  }

  static void write(Path dir, Experiment e, List<Outcome> outcomes) {
    try {
      Files.writeString(dir.resolve(CSV), csv(outcomes), StandardCharsets.UTF_8);
      Files.writeString(dir.resolve(JSON), json(e, outcomes), StandardCharsets.UTF_8);
    } catch (IOException ex) {
      throw site.ycsbx.util.UserError.target("cannot write the experiment's results in " + dir + ": " + ex.getMessage());
    }
  }

  /** Every figure name of the cells: the run's own first, then as the cells first have them. */
  static List<String> figureNames(List<Outcome> outcomes) {
    Set<String> names = new LinkedHashSet<>(FIRST);
    for (Outcome o : outcomes) {
      if (o.result() != null) {
        names.addAll(o.result().figures().keySet());
      }
    }
    return new ArrayList<>(names);
  }

  /** The figure names of the cells' rounds (iibench's), as their columns name them: {@code round.<name>}. */
  static List<String> roundNames(List<Outcome> outcomes) {
    Set<String> names = new LinkedHashSet<>();
    for (Outcome o : outcomes) {
      if (o.result() != null) {
        o.result().rounds().forEach(r -> r.keySet().stream().filter(k -> !k.equals("round"))
            .forEach(k -> names.add(ROUND_PREFIX + k)));
      }
    }
    return new ArrayList<>(names);
  }

  static final String ROUND_PREFIX = "round.";

  /**
   * One row per cell (its {@code round} empty), then, for a cell that ran in rounds, a row per
   * round: the cell's columns again, its {@code round} number and the round's figures in the
   * {@code round.*} columns.
   */
  static String csv(List<Outcome> outcomes) {
    List<String> figures = figureNames(outcomes);
    List<String> rounds = roundNames(outcomes);
    StringBuilder sb = new StringBuilder("seq,cell,step,target,threads,repeat,round,status,exit,seconds");
    figures.forEach(f -> sb.append(',').append(f));
    rounds.forEach(f -> sb.append(',').append(f));
    sb.append('\n');
    for (Outcome o : outcomes) {
      Cell c = o.cell();
      String pre = String.format(Locale.ROOT, "%d,%s,%s,%s,%d,%d,", c.seq(), c.id(), c.step().name(),
          c.target().name(), c.threads(), c.repeat());
      String post = String.format(Locale.ROOT, ",%s,%d,%.1f", o.entry().status(), o.entry().exitCode(),
          o.entry().seconds());
      sb.append(pre).append(post);
      for (String f : figures) {
        double v = o.result() == null ? Double.NaN : o.result().get(f);
        sb.append(',').append(Double.isNaN(v) ? "" : String.valueOf(v));
      }
      sb.append(",".repeat(rounds.size())).append('\n');
      List<Map<String, Double>> cellRounds = o.result() == null ? List.of() : o.result().rounds();
      for (int i = 0; i < cellRounds.size(); i++) {
        Map<String, Double> r = cellRounds.get(i);
        sb.append(pre).append(r.getOrDefault("round", (double) i + 1).longValue()).append(post);
        sb.append(",".repeat(figures.size()));
        for (String f : rounds) {
          Double v = r.get(f.substring(ROUND_PREFIX.length()));
          sb.append(',').append(v == null || v.isNaN() ? "" : String.valueOf(v));
        }
        sb.append('\n');
      }
    }
    return sb.toString();
  }

  static String json(Experiment e, List<Outcome> outcomes) throws IOException {
    ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = m.createObjectNode();
    root.put("format", "ycsbx-experiment/1");
    root.put("experiment", e.name());
    ObjectNode vars = root.putObject("vars");
    e.vars().forEach(vars::put);
    ArrayNode targets = root.putArray("targets");
    for (Target t : e.targets()) {
      ObjectNode n = targets.addObject().put("name", t.name()).put("binding", t.binding());
      ObjectNode expect = n.putObject("expect");
      t.expect().forEach(expect::put);
    }
    ArrayNode steps = root.putArray("steps");
    for (Step s : e.steps()) {
      ObjectNode n = steps.addObject().put("name", s.name()).put("command", s.command()).put("repeats", s.repeats());
      ArrayNode threads = n.putArray("threads");
      s.threads().forEach(threads::add);
    }
    ArrayNode cells = root.putArray("cells");
    for (Outcome o : outcomes) {
      Cell c = o.cell();
      ObjectNode n = cells.addObject().put("seq", c.seq()).put("cell", c.id()).put("step", c.step().name())
          .put("target", c.target().name()).put("threads", c.threads()).put("repeat", c.repeat())
          .put("status", o.entry().status().name()).put("exit", o.entry().exitCode())
          .put("seconds", o.entry().seconds()).put("why", o.entry().why())
          .put("run_folder", Ledger.CELLS + "/" + c.id());
      ObjectNode figures = n.putObject("figures");
      if (o.result() != null) {
        o.result().figures().forEach((k, v) -> {
          if (!Double.isNaN(v)) {
            figures.put(k, v);
          }
        });
        ArrayNode rounds = n.putArray("rounds");
        for (Map<String, Double> r : o.result().rounds()) {
          ObjectNode round = rounds.addObject();
          r.forEach((k, v) -> {
            if (!v.isNaN()) {
              round.put(k, v);
            }
          });
        }
      }
    }
    return m.writeValueAsString(root) + "\n";
  }
}
