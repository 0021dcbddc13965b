/**
 * The null binding's iibench store (binding: store layer, docs/developing.md): the
 * {@code store.iibench} contract answered without a server. It may import {@code store},
 * {@code store.iibench} and {@code db.nulldb.tables}; never {@code workloads} or another family's
 * packages.
 */
package site.ycsbx.db.nulldb.iibench;
