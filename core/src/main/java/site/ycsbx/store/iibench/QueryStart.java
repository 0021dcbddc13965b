package site.ycsbx.store.iibench;

/**
 * Where the reference range query starts on the pdc index (price, dateandtime, customerid):
 * rows with price above {@code price}, or price equal and dateandtime above, or both equal and
 * customerid above; ordered by (price, dateandtime, customerid), projected on those three.
 */
public record QueryStart(double price, long dateAndTime, int customerId) {
}
