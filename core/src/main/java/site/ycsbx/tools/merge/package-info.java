/**
 * A command, {@code bin/ycsb merge}: the run folders of many clients into one. It may import what
 * the commands share ({@code tools.checks}, {@code .clients}, {@code .child}) and everything below
 * ({@code report}, {@code results}, ...); never {@code site.ycsbx.tools} or another command's
 * package.
 */
package site.ycsbx.tools.merge;
