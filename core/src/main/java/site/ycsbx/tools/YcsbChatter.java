package site.ycsbx.tools;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.util.Set;

/**
 * Leaves YCSB's start-up chatter out of the console: its version banner and the blank line after
 * it, "Loading workload..." and DBWrapper's line when it only restates the defaults (printed once
 * per client thread: 16 lines at -threads 16). They say nothing a run's fingerprint does not.
 * YCSB's "Command line:" echo stays, "Starting test." too (scripts wait for it), and so does a
 * DBWrapper line that names settings the user chose. Everything else passes, a line at a time.
 */
final class YcsbChatter extends OutputStream {
  /** What YCSB 0.17's Client and DBWrapper print on stderr before the first operation, unchanged by any setting. */
  static final Set<String> DROPPED = Set.of("YCSB Client 0.17.0", "Loading workload...",
      "DBWrapper: report latency for each error is false and specific error codes to track for latency are: []");
  private static final String BANNER = "YCSB Client 0.17.0";

  private final PrintStream out;
  private final Charset charset;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();
  private boolean afterBanner;

  private YcsbChatter(PrintStream out) {
    this.out = out;
    // what a PrintStream made without one encodes with; YCSB's lines are ASCII
    this.charset = Charset.defaultCharset();
  }

  /** A stream that writes to {@code out} without YCSB's chatter. */
  static PrintStream filter(PrintStream out) {
    return new PrintStream(new YcsbChatter(out), true, Charset.defaultCharset());
  }

  @Override
  public synchronized void write(int b) {
    line.write(b);
    if (b == '\n') {
      endLine();
    }
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) {
    int start = off;
    for (int i = off; i < off + len; i++) {
      if (b[i] == '\n') {
        line.write(b, start, i + 1 - start);
        endLine();
        start = i + 1;
      }
    }
    line.write(b, start, off + len - start);
  }

  /** A partial line (a prompt) goes out as it is: it cannot be one of the dropped lines. */
  @Override
  public synchronized void flush() throws IOException {
    if (line.size() > 0 && !startsDropped()) {
      out.write(line.toByteArray());
      line.reset();
    }
    out.flush();
  }

  private boolean startsDropped() {
    String partial = line.toString(charset);
    return DROPPED.stream().anyMatch(d -> d.startsWith(partial));
  }

  private void endLine() {
    String text = line.toString(charset).stripTrailing();
    boolean drop = DROPPED.contains(text) || (afterBanner && text.isEmpty());
    afterBanner = text.equals(BANNER);
    if (!drop) {
      out.write(line.toByteArray(), 0, line.size());
      out.flush();
    }
    line.reset();
  }
}
