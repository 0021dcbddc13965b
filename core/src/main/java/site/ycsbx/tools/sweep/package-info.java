/**
 * A command, {@code bin/ycsb sweep}: a load or run at each thread count, each point in a JVM of its
 * own, and its page. It may import what the commands share ({@code tools.checks}, {@code .clients},
 * {@code .child}) and everything below ({@code report}, {@code results}, {@code workloads},
 * {@code store}, ...); never {@code site.ycsbx.tools} (it names {@code Main}, does not link it) or
 * another command's package.
 */
package site.ycsbx.tools.sweep;
