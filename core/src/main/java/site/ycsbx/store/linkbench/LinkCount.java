package site.ycsbx.store.linkbench;

/**
 * Visible links of (id1, link_type), as the count table keeps them.
 *
 * @param time milliseconds since the epoch of the last change
 */
public record LinkCount(long id1, long linkType, long count, long time, long version) {
}
