/**
 * A command, {@code bin/ycsb experiment}: a planned set of cells over targets, each run in a JVM of
 * its own, its ledger, tables and page (which arranges the charts {@code report} draws). It may
 * import what the commands share ({@code tools.checks}, {@code .clients}, {@code .child}) and
 * everything below ({@code report}, {@code results}, {@code workloads}, {@code family}, {@code
 * store}, ...); never {@code site.ycsbx.tools} (the launcher reaches it as a {@code Launcher}),
 * another command's package or JFreeChart.
 */
package site.ycsbx.tools.experiment;
