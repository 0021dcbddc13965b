package site.ycsbx.db.mongodb.iibench;

import org.bson.BsonReader;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import site.ycsbx.store.iibench.IIBenchTable;
import site.ycsbx.store.iibench.RowBatch;

/**
 * Writes a row's fields straight from the batch's columns, so a transaction builds no Document
 * (a map, boxed numbers) per row. It writes no {@code _id}: the driver appends a new ObjectId
 * to each document it sends, as it does for any document without one (the server moves
 * {@code _id} first).
 */
final class RowCodec implements Codec<RowCodec.Row> {
  private static final String[] PADDING = new String[100];

  static {
    for (int f = 0; f < PADDING.length; f++) {
      PADDING[f] = IIBenchTable.paddingColumn(f);
    }
  }

  /** One row of the current batch, by position; re-pointed at each batch. */
  static final class Row {
    final int index;
    RowBatch batch;

    Row(int index) {
      this.index = index;
    }
  }

  @Override
  public void encode(BsonWriter w, Row row, EncoderContext context) {
    RowBatch b = row.batch;
    int i = row.index;
    w.writeStartDocument();
    w.writeInt64(IIBenchTable.DATE_AND_TIME, b.dateAndTime(i));
    w.writeInt32(IIBenchTable.CASH_REGISTER_ID, b.cashRegisterId(i));
    w.writeInt32(IIBenchTable.CUSTOMER_ID, b.customerId(i));
    w.writeInt32(IIBenchTable.PRODUCT_ID, b.productId(i));
    w.writeDouble(IIBenchTable.PRICE, b.price(i));
    for (int f = 0; f < b.paddingFields(); f++) {
      w.writeString(f < PADDING.length ? PADDING[f] : IIBenchTable.paddingColumn(f), b.padding(f, i));
    }
    w.writeEndDocument();
  }

  @Override
  public Row decode(BsonReader reader, DecoderContext context) {
    throw new UnsupportedOperationException("iibench rows are read as BsonDocument");
  }

  @Override
  public Class<Row> getEncoderClass() {
    return Row.class;
  }
}
