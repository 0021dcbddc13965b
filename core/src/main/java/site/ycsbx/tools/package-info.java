/**
 * The top: {@code Main} ({@code bin/ycsb}'s entry point, dispatching every command), the
 * load/run/shell command, help and {@code report DIR}. It may import every package of core, each
 * command's package included; nothing imports it (LayersTest).
 */
package site.ycsbx.tools;
