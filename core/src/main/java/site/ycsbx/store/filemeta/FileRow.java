package site.ycsbx.store.filemeta;

/**
 * The metadata of one file, a row of the spec's {@code files} table (a document in MongoDB).
 * Times are whole seconds since the epoch (UTC), what the spec's {@code datetime} columns hold.
 *
 * @param id primary key (MongoDB: {@code _id})
 * @param path 32..128 characters
 * @param size bytes
 * @param serverId the server holding the file, 0..32 in the generated data
 * @param deleted the spec's {@code deleted} column: 1 when true, else 0
 * @param lastUpdated seconds since the epoch, never before {@code created}
 * @param created seconds since the epoch
 * @param userId the owner
 */
public record FileRow(long id, String path, long size, int serverId, boolean deleted, long lastUpdated, long created,
    long userId) {
}
