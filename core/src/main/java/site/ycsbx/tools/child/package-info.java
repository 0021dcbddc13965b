/**
 * What the commands share below them: the JVM a sweep's point or an experiment's cell runs in,
 * stopped with the command ({@code ChildJvm}). It may import everything below the commands (it
 * needs {@code util}); never {@code site.ycsbx.tools} or a command's package.
 */
package site.ycsbx.tools.child;
