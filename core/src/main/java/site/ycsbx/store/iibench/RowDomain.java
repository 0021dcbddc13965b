package site.ycsbx.store.iibench;

/**
 * The values iibench's generator makes, so that {@code bin/ycsb verify} can find rows it did not
 * make (changed, or written by something else): cashregisterid, customerid and productid from 0
 * below their bounds, price from customerid / 100 to (customerid + {@code priceSpan x 100}) / 100,
 * within {@value #PRICE_SLACK} (the column is a 4-byte float).
 *
 * @param cashRegisters cashregisterid is below this
 * @param customers customerid is below this
 * @param products productid is below this
 * @param priceSpan how far above customerid / 100 a price may be
 */
public record RowDomain(int cashRegisters, int customers, int products, double priceSpan) {
  /** A float holds prices up to about 1000 to within 1e-4; a cent is well clear of that. */
  public static final double PRICE_SLACK = 0.01;

  /** Whether the generator can have made a row of these values. */
  public boolean holds(long cashRegister, long customer, long product, double price) {
    return cashRegister >= 0 && cashRegister < cashRegisters && customer >= 0 && customer < customers && product >= 0
        && product < products && price >= customer / 100.0 - PRICE_SLACK
        && price <= customer / 100.0 + priceSpan + PRICE_SLACK;
  }

  /**
   * What of a row the generator cannot have made, e.g. "customerid 100000 (the generator makes
   * 0..99999)"; empty when it can.
   */
  public String why(long cashRegister, long customer, long product, double price) {
    java.util.List<String> out = new java.util.ArrayList<>();
    below(out, IIBenchTable.CASH_REGISTER_ID, cashRegister, cashRegisters);
    below(out, IIBenchTable.CUSTOMER_ID, customer, customers);
    below(out, IIBenchTable.PRODUCT_ID, product, products);
    if (!(price >= customer / 100.0 - PRICE_SLACK && price <= customer / 100.0 + priceSpan + PRICE_SLACK)) {
      out.add(String.format(java.util.Locale.ROOT, "price %s (the generator makes customerid / 100 .. + %s: %.2f .."
          + " %.2f)", price, priceSpan, customer / 100.0, customer / 100.0 + priceSpan));
    }
    return String.join(", ", out);
  }

  private static void below(java.util.List<String> out, String column, long v, int bound) {
    if (v < 0 || v >= bound) {
      out.add(column + " " + v + " (the generator makes 0.." + (bound - 1) + ")");
    }
  }

  /** The same test as SQL, true for a row outside the domain (numbers only: no parameter to bind). */
  public String sqlOutside() {
    String c = IIBenchTable.CUSTOMER_ID;
    String p = IIBenchTable.PRICE;
    return "NOT (" + IIBenchTable.CASH_REGISTER_ID + " >= 0 AND " + IIBenchTable.CASH_REGISTER_ID + " < " + cashRegisters
        + " AND " + c + " >= 0 AND " + c + " < " + customers + " AND " + IIBenchTable.PRODUCT_ID + " >= 0 AND "
        + IIBenchTable.PRODUCT_ID + " < " + products + " AND " + p + " >= " + c + " / 100.0 - " + PRICE_SLACK + " AND "
        + p + " <= " + c + " / 100.0 + " + (priceSpan + PRICE_SLACK) + ")";
  }
}
