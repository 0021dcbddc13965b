/**
 * The MongoDB kit, below the families: the shared connection ({@code MongoConnection}), options,
 * write concern, errors, schema helpers, the checks' base ({@code MongoStoreCheck},
 * {@code ExistingCollection}, {@code StorageEngineCheck}), transactions ({@code Transactions},
 * {@code TransactionSupport}), sizes, server settings and work, the outage watch, and what kind
 * of server answers ({@code ServerKind}, {@code MongoUrl}), and {@code MongoFamily}, the service
 * type each family's entry extends. The legacy binding reads its options and helpers too; a driver port for the families would sit here.
 *
 * <p>May import: core ({@code site.ycsbx.store}, {@code util}, {@code fingerprint},
 * {@code faults}, ...), the driver. Never the top ({@code site.ycsbx.db.mongodb}), a family
 * package, or a workload class.
 */
package site.ycsbx.db.mongodb.conn;
