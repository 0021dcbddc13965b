package site.ycsbx.db.jdbc.conn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.InputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The buffered input of the MySQL sockets: every byte in order through small, large and
 * single-byte reads, one read of the socket per buffer, and {@code available()} answered without
 * the socket (which here fails if asked: on the JDK's socket it is an ioctl).
 */
@Tag("fast")
class ReadBufferedSocketTest {
  /** A socket stream that hands out {@code data} in chunks of at most {@code chunk} bytes a read. */
  private static final class Chunks extends InputStream {
    final byte[] data;
    final int chunk;
    int pos;
    int reads;

    Chunks(byte[] data, int chunk) {
      this.data = data;
      this.chunk = chunk;
    }

    @Override
    public int read() {
      throw new AssertionError("single-byte read of the socket");
    }

    @Override
    public int read(byte[] b, int off, int len) {
      reads++;
      if (pos == data.length) {
        return -1;
      }
      int n = Math.min(Math.min(len, chunk), data.length - pos);
      System.arraycopy(data, pos, b, off, n);
      pos += n;
      return n;
    }

    @Override
    public int available() {
      throw new AssertionError("available() asked of the socket");
    }
  }

  private static byte[] bytes(int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) (i * 31 + 7);
    }
    return b;
  }

  @Test
  void aResponseTakesOneReadOfTheSocketAndAvailableCountsWhatIsBuffered() throws Exception {
    byte[] data = bytes(100);
    Chunks socket = new Chunks(data, 1000);
    ReadBufferedSocket.Buffered in = new ReadBufferedSocket.Buffered(socket, 64);
    assertEquals(0, in.available());
    byte[] header = new byte[4];
    assertEquals(4, in.read(header, 0, 4)); // Connector/J reads a packet's 4-byte header first
    assertEquals(1, socket.reads);
    assertEquals(60, in.available());
    assertEquals(data[4] & 0xff, in.read());
    assertEquals(10, in.skip(10));
    byte[] rest = new byte[100];
    assertEquals(49, in.read(rest, 0, 100)); // what is buffered, without waiting for more
    assertEquals(Arrays.copyOfRange(data, 15, 64)[0], rest[0]);
    assertEquals(0, in.available());
    // MariaDB Connector/J skips a packet's body in a loop until skip() made it all: an empty
    // buffer is filled, as the socket's own skip() would read, and only n of it dropped
    assertEquals(5, in.skip(5));
    assertEquals(2, socket.reads);
    assertEquals(31, in.read(rest, 0, 36));
    assertArrayEquals(Arrays.copyOfRange(data, 69, 100), Arrays.copyOf(rest, 31));
    assertEquals(0, in.skip(5)); // at the end of the stream
    assertEquals(-1, in.read(rest, 0, 1));
    assertEquals(-1, in.read());
    assertEquals(0, in.read(rest, 0, 0));
  }

  @Test
  void everyByteArrivesInOrderWhateverTheReadSizes() throws Exception {
    byte[] data = bytes(50_000);
    ReadBufferedSocket.Buffered in = new ReadBufferedSocket.Buffered(new Chunks(data, 7000), 4096);
    byte[] out = new byte[data.length];
    int at = 0;
    int[] sizes = {4, 1, 3000, 9000, 4096, 17, 20_000}; // 9000 and 20000: larger than the buffer, read straight
    for (int i = 0; at < out.length; i++) {
      int n = in.read(out, at, Math.min(sizes[i % sizes.length], out.length - at));
      assertEquals(true, n > 0);
      at += n;
    }
    assertArrayEquals(data, out);
    assertEquals(-1, in.read(out, 0, 10));
  }
}
