/**
 * The families as the rest of core sees them: {@code WorkloadFamily}, the descriptor each family
 * declares in its own workload package and lists in {@code META-INF/services}, and {@code
 * WorkloadFamilies}, which finds them. Low, beside {@code util}: what the commands, the warm-up,
 * the run's files and the bindings need of a family, so that none of them names one. It may import
 * {@code util} and YCSB's {@code Workload}; never {@code workloads}, {@code store}, {@code
 * measurements} or anything above them.
 */
package site.ycsbx.family;
