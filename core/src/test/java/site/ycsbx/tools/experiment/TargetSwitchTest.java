package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code target.T.enabled}: one variable turns a group of targets on; an off target has no cells
 * and is said to be off, with the {@code -p} that turns it on, in the notes and the plan; its keys
 * are checked all the same. Refused in one line: a value that is neither true nor false, a switch
 * of a target that is not in {@code targets}, {@code -p targets=} naming an off target, every
 * target off.
 */
@Tag("fast")
class TargetSwitchTest {
  /** Target b, a MongoDB one, off unless -p mongodb=true. */
  static Map<String, String> withSwitch() {
    Map<String, String> k = ExperimentFileTest.base();
    k.remove("target.b.P");
    k.remove("target.b.expect.storage.engine");
    k.put("var.mongodb", "false");
    k.put("target.b.binding", "mongodb");
    k.put("target.b.mongodb.url", "mongodb://db26/ibench");
    k.put("target.b.enabled", "${mongodb}");
    return k;
  }

  private static List<String> names(Experiment e) {
    return e.targets().stream().map(Target::name).toList();
  }

  @Test
  void aVariableTurnsTheTargetOnAndOffIsSaidWithHowToTurnItOn() {
    Experiment off = ExperimentKeysTest.parse(withSwitch(), Map.of());
    assertEquals(List.of("a"), names(off));
    assertEquals(List.of(new TargetSwitch.Off("b", "mongodb", "-p mongodb=true")), off.off());
    assertTrue(off.notes().contains("target b is off (not checked against a server, no cells); -p mongodb=true turns"
        + " it on"), off.notes().toString());
    Plan plan = new Plan(off);
    assertTrue(plan.cells().stream().allMatch(c -> c.target().name().equals("a")), plan.cells().toString());
    assertEquals(5, plan.cells().size());
    String text = plan.describe(Map.of());
    assertTrue(text.startsWith("experiment x: 1 targets (1 more off) x 2 steps, 5 cells\n"), text);
    assertTrue(text.contains("  target b                mongodb; off, no cells (-p mongodb=true turns it on)\n"), text);

    Experiment on = ExperimentKeysTest.parse(withSwitch(), Map.of("mongodb", "true"));
    assertEquals(List.of("a", "b"), names(on));
    assertTrue(on.off().isEmpty());
    assertEquals(10, new Plan(on).cells().size());
    // the key itself, from the command line, and the case of the word
    assertEquals(List.of("a", "b"), names(ExperimentKeysTest.parse(withSwitch(), Map.of("target.b.enabled", "TRUE"))));
    assertEquals(List.of("a", "b"), names(ExperimentKeysTest.parse(withSwitch(), Map.of("targets", "a,b",
        "mongodb", "true"))));
    // the switch is no property of a run: the cells do not get it
    assertFalse(on.targets().get(1).props().containsKey("enabled"), on.targets().get(1).props().toString());
  }

  @Test
  void groupsOfTargetsAreSaidByWhatTurnsThemOn() {
    Map<String, String> k = withSwitch();
    k.put("targets", "a,b,c,d");
    k.put("target.c.binding", "mongodb");
    k.put("target.c.enabled", "${mongodb}");
    k.put("target.d.binding", "null");
    k.put("target.d.enabled", "false");
    Experiment e = ExperimentKeysTest.parse(k, Map.of());
    assertEquals(List.of("a"), names(e));
    assertTrue(e.notes().contains("targets b, c are off (not checked against a server, no cells); -p mongodb=true"
        + " turns them on"), e.notes().toString());
    assertTrue(e.notes().contains("target d is off (not checked against a server, no cells); -p target.d.enabled=true"
        + " turns it on"), e.notes().toString());
    assertEquals(List.of("a", "b", "c"), names(ExperimentKeysTest.parse(k, Map.of("mongodb", "true"))));
  }

  @Test
  void anOffTargetsKeysAreCheckedAsAnyTargets() {
    Map<String, String> k = withSwitch();
    k.put("target.b.mongodb.ur", "mongodb://db26/x");
    assertTrue(ExperimentKeysTest.refused(k, Map.of()).startsWith("experiment file: target.b.mongodb.ur=mongodb://db26/x:"
        + " unknown key target.b.mongodb.ur (did you mean target.b.mongodb.url?)"), ExperimentKeysTest.refused(k, Map.of()));
    assertTrue(ExperimentKeysTest.refused(withSwitch(), Map.of("target.b.enabeld", "true"))
        .contains("unknown key target.b.enabeld (did you mean target.b.enabled?): not a target key (binding, P, enabled,"),
        ExperimentKeysTest.refused(withSwitch(), Map.of("target.b.enabeld", "true")));
    Map<String, String> noBinding = withSwitch();
    noBinding.remove("target.b.binding");
    noBinding.remove("target.b.mongodb.url");
    assertEquals("experiment file: target.b.binding is missing (e.g. jdbc, mongodb, postgres-embedded)",
        ExperimentKeysTest.refused(noBinding, Map.of()));
  }

  @Test
  void whatCannotBeMeantIsRefusedInOneLine() {
    assertEquals("experiment file: target.b.enabled=yes from ${mongodb} is not true or false (whether the target runs)",
        ExperimentKeysTest.refused(withSwitch(), Map.of("mongodb", "yes")));
    assertEquals("-p target.a.enabled=1 is not true or false (whether the target runs)",
        ExperimentKeysTest.refused(withSwitch(), Map.of("target.a.enabled", "1")));
    // a target the file does not have, or one -p targets= leaves out: the switch would change nothing
    assertEquals("-p target.mongo26.enabled=true: target.mongo26.enabled names target 'mongo26', which is not in"
        + " targets=a,b",
        ExperimentKeysTest.refused(withSwitch(), Map.of("target.mongo26.enabled", "true")));
    assertEquals("-p target.b.enabled=true: target b does not run (targets: a); it would change nothing",
        ExperimentKeysTest.refused(withSwitch(), Map.of("targets", "a", "target.b.enabled", "true")));
    // -p targets= naming an off target is not a second switch
    assertEquals("-p targets=a,b: target b is off (target.b.enabled=false from ${mongodb}); -p mongodb=true turns it on",
        ExperimentKeysTest.refused(withSwitch(), Map.of("targets", "a,b")));
    assertEquals("experiment file: every target is off (a: -p target.a.enabled=true, b: -p mongodb=true); turn one on",
        ExperimentKeysTest.refused(withSwitch(), Map.of("target.a.enabled", "false")));
  }
}
