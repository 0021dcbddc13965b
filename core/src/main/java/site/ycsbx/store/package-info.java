/**
 * The store contract, the handshake between a workload and a binding: {@code StoreRegistry},
 * {@code @Provides}, {@code StoreCatalog}, {@code StoreDemand}, {@code Preflight} and general value
 * types. Below the workloads and the bindings, which both import it: it may import {@code faults},
 * {@code fingerprint} and {@code util}; never {@code workloads}, {@code db}, {@code measurements}
 * or anything above them.
 */
package site.ycsbx.store;
