/**
 * Below the recorders and the faults: whether a run's results may be trusted ({@code RunVerdict})
 * and each operation's first errors ({@code ErrorLog}), which {@code faults} reports into and
 * {@code measurements} reads. It may import {@code util} only.
 */
package site.ycsbx.verdict;
