/**
 * The bottom: user errors, properties and their owners, secrets. It imports no other
 * {@code site.ycsbx} package; every package may import it.
 */
package site.ycsbx.util;
