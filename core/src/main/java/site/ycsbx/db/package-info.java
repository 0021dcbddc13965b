/**
 * Core's bindings (the handshake's other side, as a binding module's root package): YCSB's
 * {@code basic} and YCSB-X's {@code null}, listed for {@code bin/ycsb} ({@code CoreBindings}), and
 * the {@code basicdb.*} properties. It may import {@code db.nulldb}, {@code store} and {@code util};
 * like every binding it never imports {@code workloads}, {@code tools}, {@code report} or {@code results}.
 */
package site.ycsbx.db;
