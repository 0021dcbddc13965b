package site.ycsbx.db.mongodb.port;

import java.util.Iterator;
import java.util.Map;

/** The documents of a {@link PortCollection#find}, read as they come; close it when done. */
public interface PortCursor extends Iterator<Map<String, Object>>, AutoCloseable {
  /** {@inheritDoc} A driver failure fetching more is a {@link PortException}. */
  @Override
  boolean hasNext();

  @Override
  void close();
}
