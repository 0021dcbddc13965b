/**
 * The null binding's kit, below its families: the tables a null store keeps in memory
 * ({@code NullTables}) and the service type each family's entry extends ({@code NullFamily}, found
 * by {@code NullStores} through {@code META-INF/services}). Of YCSB-X's packages it imports only
 * {@code store}.
 */
package site.ycsbx.db.nulldb.tables;
