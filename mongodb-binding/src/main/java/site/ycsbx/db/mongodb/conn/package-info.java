/**
 * The MongoDB kit, below the families: the shared connection ({@code MongoConnection}), options,
 * write concern, errors, schema helpers, the checks' base ({@code MongoStoreCheck},
 * {@code ExistingCollection}, {@code StorageEngineCheck}), transactions ({@code Transactions},
 * {@code TransactionSupport}), sizes, server settings and work, the outage watch, and what kind
 * of server answers ({@code ServerKind}, {@code MongoUrl}), and {@code MongoFamily}, the service
 * type each family's entry extends, {@code PortFamily}, the same for the legacy binding (its
 * stores built over {@code PortConnection}, the base of both bindings' connections), and
 * {@code FamilySide}, the base of a family's side (its schema calls on either driver line). The legacy binding reads its options and helpers too.
 * {@code MongoConnection.port} hands the families the driver port; the shape checks read through
 * it, so that they run on both driver lines.
 *
 * <p>May import: core ({@code site.ycsbx.store}, {@code util}, {@code fingerprint},
 * {@code faults}, ...), the driver, the port ({@code port}, {@code port.driver}). Never the top ({@code site.ycsbx.db.mongodb}), a family
 * package, or a workload class.
 */
package site.ycsbx.db.mongodb.conn;
