/**
 * The filemeta family's workload (core: workload layer, docs/developing.md): its settings,
 * generators and checks, speaking to a binding only through {@code store.filemeta}. It may import
 * {@code workloads}, {@code store} and {@code store.filemeta}, {@code family}, {@code
 * measurements}, {@code faults}, {@code verdict}, {@code fingerprint} and {@code util}; never
 * another family's packages, {@code db}, {@code results}, {@code report} or {@code tools}.
 */
package site.ycsbx.workloads.filemeta;
