/**
 * The linkbench family's store contract (core: store contract layer, docs/developing.md): what a
 * binding implements for linkbench's workload and the values they pass, the family's plan included.
 * It may import {@code store} only; never {@code workloads} or a binding's package.
 */
package site.ycsbx.store.linkbench;
