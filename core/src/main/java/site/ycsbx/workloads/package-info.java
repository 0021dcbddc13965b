/**
 * The workload layer's shared part, above the store contract and what a running client records:
 * YCSB's core workload made stoppable and what the families' workloads share (a fresh or repeatable
 * load, the clients' shares, validation). It may import {@code store}, {@code family}, {@code
 * measurements}, {@code faults}, {@code verdict}, {@code fingerprint} and {@code util}; never
 * {@code db}, {@code results}, {@code report} or {@code tools}. No binding imports it.
 */
package site.ycsbx.workloads;
