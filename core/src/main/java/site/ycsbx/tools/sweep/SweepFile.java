package site.ycsbx.tools.sweep;

import java.util.List;

/**
 * What {@code sweep.json} holds: how the sweep was run (secrets masked), every point with its
 * fingerprint and per-operation results, and the verdict. {@code compare} reads it back.
 *
 * @param folders the run or merged folders of a {@code sweep --from}; null for a sweep that ran its points
 */
public record SweepFile(String label, String phase, String binding, List<String> workloadFiles, List<String> ycsbArgs,
    List<Integer> threads, int repeat, boolean reload, Double slaP99Ms, List<PointResult> points, Verdict verdict,
    List<String> folders) {
}
