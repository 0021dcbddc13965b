/**
 * Near the bottom: what a run records of its server, host and workload ({@code Fingerprint},
 * {@code HostFacts}, {@code ServerSettings}, {@code WorkloadShape}), read by the stores, the
 * recorders, the results and the reports. It may import {@code util} only.
 */
package site.ycsbx.fingerprint;
