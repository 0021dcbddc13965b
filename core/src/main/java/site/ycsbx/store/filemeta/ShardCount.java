package site.ycsbx.store.filemeta;

/**
 * Documents one shard holds of the files collection, as the database counts them.
 *
 * @param shard the shard's name
 * @param documents documents on it
 */
public record ShardCount(String shard, long documents) {
}
