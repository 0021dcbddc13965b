/**
 * The null binding's sysbench store (binding: store layer, docs/developing.md): the
 * {@code store.sysbench} contract answered without a server. It may import {@code store},
 * {@code store.sysbench} and {@code db.nulldb.tables}; never {@code workloads} or another family's
 * packages.
 */
package site.ycsbx.db.nulldb.sysbench;
