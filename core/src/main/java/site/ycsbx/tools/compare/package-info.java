/**
 * A command, {@code bin/ycsb compare}: two runs or sweeps side by side and its page. It may import
 * what the commands share ({@code tools.checks}, {@code .clients}, {@code .child}) and everything
 * below ({@code report}, {@code results}, {@code measurements}, {@code store}, ...); never
 * {@code site.ycsbx.tools} or another command's package.
 */
package site.ycsbx.tools.compare;
