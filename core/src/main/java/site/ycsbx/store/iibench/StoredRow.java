package site.ycsbx.store.iibench;

/**
 * An iibench row as stored, for naming it: its primary key (SQL: transactionid; MongoDB: _id)
 * and the values the generator makes.
 */
public record StoredRow(String key, long cashRegister, long customer, long product, double price) {
}
