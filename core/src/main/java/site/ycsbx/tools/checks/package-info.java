/**
 * What the commands share below them: the checks of a load or run that need no server
 * ({@code RunChecks}). It may import {@code tools.clients} and everything below the commands
 * ({@code workloads}, {@code db}, {@code results}, {@code measurements}, {@code store}, ...); never
 * {@code site.ycsbx.tools} or a command's package.
 */
package site.ycsbx.tools.checks;
