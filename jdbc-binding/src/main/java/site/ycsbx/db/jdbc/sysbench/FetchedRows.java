package site.ycsbx.db.jdbc.sysbench;

import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.AbstractList;
import java.util.Arrays;

/**
 * The {@code c} values of a select, fetched as the driver's bytes and made strings only when
 * read. sysbench's C client fetches every row and looks at none; the workload does the same with
 * what a select returns, so decoding each row and stripping PostgreSQL's CHAR padding was client
 * CPU sysbench does not spend (a profile of sysbench-readonly on PostgreSQL: 14% of the client's
 * samples). sysbench's values are ASCII: the bytes are the same in every character set the
 * server may send them in.
 */
final class FetchedRows extends AbstractList<String> {
  private static final byte[][] NONE = new byte[0][];

  private byte[][] rows = NONE;
  private int size;

  /** Every row of {@code rs}'s first column, {@code rs} closed after. */
  static FetchedRows of(ResultSet rs) throws SQLException {
    FetchedRows out = new FetchedRows();
    try (rs) {
      while (rs.next()) {
        out.add(rs.getBytes(1));
      }
    }
    return out;
  }

  private void add(byte[] row) {
    if (size == rows.length) {
      rows = Arrays.copyOf(rows, Math.max(4, size * 2));
    }
    rows[size++] = row;
  }

  // CHAR columns come back blank-padded from PostgreSQL: the value is what sysbench stored
  @Override
  public String get(int index) {
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException("row " + index + " of " + size);
    }
    byte[] b = rows[index];
    return b == null ? null : new String(b, StandardCharsets.UTF_8).stripTrailing();
  }

  @Override
  public int size() {
    return size;
  }
}
