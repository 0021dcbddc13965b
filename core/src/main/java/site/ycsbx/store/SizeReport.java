package site.ycsbx.store;

/**
 * Size of the iibench tables as the server reports it, in bytes; -1 where the server does not
 * report a figure (printed as n/a, never as 0).
 *
 * @param dataBytes table data (MongoDB storageSize; InnoDB data_length; ...)
 * @param indexBytes secondary and primary index size
 * @param source where the figures come from, e.g. "collStats", "information_schema", "pg_total_relation_size"
 */
public record SizeReport(long dataBytes, long indexBytes, String source) {
  public static final SizeReport UNKNOWN = new SizeReport(-1, -1, "not reported");

  /** Data plus indexes; -1 when neither is known. */
  public long totalBytes() {
    if (dataBytes < 0 && indexBytes < 0) {
      return -1;
    }
    return Math.max(0, dataBytes) + Math.max(0, indexBytes);
  }
}
