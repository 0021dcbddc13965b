/**
 * The binding layer's root in core, beside the binding modules' {@code db.jdbc} and
 * {@code db.mongodb}: the bindings core ships (YCSB's {@code basic}, YCSB-X's {@code null}), listed
 * for {@code bin/ycsb} ({@code CoreBindings}), and the {@code basicdb.*} properties. It may import
 * {@code db.nulldb}, {@code store} and {@code util}; like every binding it never imports
 * {@code workloads}, {@code tools}, {@code report} or {@code results}.
 */
package site.ycsbx.db;
