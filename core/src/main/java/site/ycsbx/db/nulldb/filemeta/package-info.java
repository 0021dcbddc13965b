/**
 * The null binding's filemeta store (binding: store layer, docs/developing.md): the
 * {@code store.filemeta} contract answered without a server. It may import {@code store},
 * {@code store.filemeta} and {@code db.nulldb.tables}; never {@code workloads} or another family's
 * packages.
 */
package site.ycsbx.db.nulldb.filemeta;
