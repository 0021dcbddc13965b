/**
 * What a running client records: intervals, histograms, efficiency, progress lines and the run
 * summary; it writes the run folder through {@code RunOutput}, which the launcher hands it. It may
 * import {@code store}, {@code family}, {@code faults}, {@code verdict}, {@code fingerprint} and
 * {@code util}; never {@code results}, {@code report}, {@code workloads} or {@code tools}.
 */
package site.ycsbx.measurements;
