package site.ycsbx.store.iibench;

import java.util.List;
import site.ycsbx.store.IndexSpec;

/**
 * One iibench table or collection: its name, how many of the three secondary indexes it has,
 * and its padding columns.
 *
 * @param name table or collection name
 * @param indexes 0..3: the first {@code indexes} of {@link #SECONDARY_INDEXES}
 * @param paddingFields padding columns named {@code padding0..}
 * @param paddingLength characters per padding column (the SQL column is VARCHAR of it)
 */
public record IIBenchTable(String name, int indexes, int paddingFields, int paddingLength) {
  public static final String DATE_AND_TIME = "dateandtime";
  public static final String CASH_REGISTER_ID = "cashregisterid";
  public static final String CUSTOMER_ID = "customerid";
  public static final String PRODUCT_ID = "productid";
  public static final String PRICE = "price";
  /** Auto-increment primary key of the SQL table (MongoDB: _id, generated). */
  public static final String TRANSACTION_ID = "transactionid";

  /** The secondary indexes in the spec's order; a table has the first {@link #indexes()}. */
  public static final List<IndexSpec> SECONDARY_INDEXES = List.of(
      new IndexSpec("marketsegment", List.of(PRICE, CUSTOMER_ID)),
      new IndexSpec("registersegment", List.of(CASH_REGISTER_ID, PRICE, CUSTOMER_ID)),
      new IndexSpec("pdc", List.of(PRICE, DATE_AND_TIME, CUSTOMER_ID)));

  /** The indexes this table has. */
  public List<IndexSpec> secondaryIndexes() {
    return SECONDARY_INDEXES.subList(0, indexes);
  }

  /** Name of a padding column. */
  public static String paddingColumn(int field) {
    return "padding" + field;
  }
}
