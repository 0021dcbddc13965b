/**
 * The null binding's probe store (binding: store layer, docs/developing.md): the
 * {@code store.probe} contract answered without a server. It may import {@code store},
 * {@code store.probe} and {@code db.nulldb.tables}; never {@code workloads} or another family's
 * packages.
 */
package site.ycsbx.db.nulldb.probe;
