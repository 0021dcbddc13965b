/**
 * The null binding's linkbench store (binding: store layer, docs/developing.md): the
 * {@code store.linkbench} contract answered without a server. It may import {@code store},
 * {@code store.linkbench} and {@code db.nulldb.tables}; never {@code workloads} or another family's
 * packages.
 */
package site.ycsbx.db.nulldb.linkbench;
