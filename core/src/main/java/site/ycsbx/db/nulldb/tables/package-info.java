/**
 * The null binding's kit, below its families: the tables a null store keeps in memory
 * ({@code NullTables}). It imports no other {@code site.ycsbx} package.
 */
package site.ycsbx.db.nulldb.tables;
