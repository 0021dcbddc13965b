package site.ycsbx.store.iibench;

/** A row as the iibench query projects it. */
public record QueryRow(double price, long dateAndTime, int customerId) implements Comparable<QueryRow> {
  @Override
  public int compareTo(QueryRow o) {
    int c = Double.compare(price, o.price);
    if (c == 0) {
      c = Long.compare(dateAndTime, o.dateAndTime);
    }
    return c != 0 ? c : Integer.compare(customerId, o.customerId);
  }
}
