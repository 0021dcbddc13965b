package site.ycsbx.db.jdbc.conn;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;

/**
 * A plain socket whose input stream reads the kernel in one call per buffer and answers
 * {@code available()} from what it holds, without asking the kernel. Connector/J asks
 * {@code available()} before every read it makes (ReadAheadInputStream.fill) and once before
 * every command (NativeProtocol.clearInputStream): on the JDK's socket each is an ioctl(FIONREAD)
 * behind the socket's lock. Measured on a point SELECT over MariaDB 10.11 (strace -c): 2.75
 * ioctls and 1.75 reads a query, and 1 read with this stream, the write and read a C client
 * makes; about 1.5 us of client CPU a query (bench/README.md). Bytes that reach the kernel after
 * the buffer ran dry are read at the next read, as they would be from the socket itself.
 * java.io.BufferedInputStream cannot stand in: its available() and its read loop ask the socket's.
 */
public final class ReadBufferedSocket extends Socket {
  /** Connector/J's own read-ahead buffer is 16 KiB: one packet of that size takes one read. */
  public static final int BUFFER_BYTES = 16384;

  private InputStream in;

  @Override
  public synchronized InputStream getInputStream() throws IOException {
    if (in == null) {
      in = new Buffered(super.getInputStream(), BUFFER_BYTES);
    }
    return in;
  }

  /** The buffer over the socket's stream; one reader at a time, as a connection has. */
  static final class Buffered extends InputStream {
    private final InputStream socket;
    private final byte[] buf;
    private int pos;
    private int end;

    Buffered(InputStream socket, int size) {
      this.socket = socket;
      this.buf = new byte[size];
    }

    /** The bytes already read from the kernel: never blocks, never a system call. */
    @Override
    public int available() {
      return end - pos;
    }

    @Override
    public int read() throws IOException {
      if (pos == end && !fill()) {
        return -1;
      }
      return buf[pos++] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      if (pos == end) {
        if (len >= buf.length) {
          return socket.read(b, off, len); // as large as the buffer: no copy
        }
        if (!fill()) {
          return -1;
        }
      }
      int n = Math.min(len, end - pos);
      System.arraycopy(buf, pos, b, off, n);
      pos += n;
      return n;
    }

    /**
     * Skips at most {@code n} bytes, reading the socket once when nothing is buffered (as the
     * socket's own skip() does): MariaDB Connector/J loops on skip() until a packet's body is
     * gone, so a 0 with bytes still to come would spin for good. 0 at the end of the stream.
     */
    @Override
    public long skip(long n) throws IOException {
      if (n <= 0) {
        return 0;
      }
      if (pos == end && !fill()) {
        return 0;
      }
      long k = Math.min(n, end - pos);
      pos += (int) k;
      return k;
    }

    private boolean fill() throws IOException {
      int n = socket.read(buf, 0, buf.length);
      if (n <= 0) {
        return false;
      }
      pos = 0;
      end = n;
      return true;
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }
}
