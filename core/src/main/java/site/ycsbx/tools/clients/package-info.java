/**
 * What the commands share below them: the many-clients options ({@code ClientSlice}, {@code
 * StartAt}). It may import everything below the commands ({@code workloads}, {@code family}, {@code
 * fingerprint}, {@code util}, ...); never {@code site.ycsbx.tools} or a command's package.
 */
package site.ycsbx.tools.clients;
