package site.ycsbx.db.mongolegacy;

import java.util.Map;

/**
 * What a server of wire version 0 says about itself, and what follows for the fingerprint: the
 * product (MongoDB 2.4.x, or TokuMX from buildInfo's tokumxVersion), the engine as implied (no
 * such server reports one) and the journal as far as getCmdLineOpts and serverStatus.dur tell.
 *
 * @param wireVersion isMaster's maxWireVersion, 0 when absent (as 2.4 and TokuMX send it)
 * @param version buildInfo's version (for TokuMX, the MongoDB version it forked)
 * @param tokumxVersion buildInfo's tokumxVersion; null on MongoDB
 * @param cmdLine getCmdLineOpts' {@code parsed} options; null when it could not be read
 * @param whyNoCmdLine why not, when null
 * @param durReported whether serverStatus has a {@code dur} section (2.4 has one only when journaling); null unread
 * @param flushParameter the runtime value of the journal's flush interval (getParameter's journalCommitInterval,
 *     TokuMX's logFlushPeriod: what a {@code mongodb.before} setParameter changed); null when not answered
 */
public record LegacyServer(int wireVersion, String version, String tokumxVersion, Map<String, Object> cmdLine,
    String whyNoCmdLine, Boolean durReported, Object flushParameter) {
  /** The protocol driver 3.5 speaks to such a server, for the fingerprint. */
  public static final String PROTOCOL = "legacy opcodes (OP_INSERT/OP_UPDATE/OP_DELETE) + getLastError, wire version 0";

  public boolean tokumx() {
    return tokumxVersion != null;
  }

  public String product() {
    return tokumx() ? "TokuMX" : "MongoDB";
  }

  public String versionShown() {
    return tokumx() ? tokumxVersion + " (MongoDB " + version + " compatible)" : version;
  }

  /** Neither 2.4 nor TokuMX reports an engine: each has one. */
  public String engine() {
    return tokumx() ? "TokuMX fractal tree (implied by tokumxVersion " + tokumxVersion + ")"
        : "mmapv1 (implied by version " + version + ")";
  }

  /** The server's journal (TokuMX: its recovery log) and its flush interval, each with where it was read. */
  public String journal() {
    if (tokumx()) {
      Object period = cmdLine == null ? null : cmdLine.get("logFlushPeriod");
      return "recovery log, logFlushPeriod " + (flushParameter != null ? flushParameter + " ms (getParameter)"
          : period != null ? period + " ms (getCmdLineOpts)"
          : cmdLine != null ? "not set (TokuMX's default; getCmdLineOpts)" : "not reported (" + whyNoCmdLine + ")");
    }
    String on = journalOnOff();
    if (!on.startsWith("on")) {
      return on;
    }
    Object interval = cmdLine == null ? null : cmdLine.get("journalCommitInterval");
    // the runtime value first: a setParameter since the start (mongodb.before) is what the run meets
    return on + ", journalCommitInterval " + (flushParameter != null ? flushParameter + " ms (getParameter)"
        : interval != null ? interval + " ms (getCmdLineOpts)"
        : cmdLine != null ? "not set (the server's default)" : "not reported (" + whyNoCmdLine + ")");
  }

  /**
   * The journal alone, as the mongodb binding's {@code server.read.journal} says it (so that an
   * experiment's {@code expect.server.read.journal=off} reads the same on both bindings): on or off
   * with where that was read; TokuMX's recovery log is always written.
   */
  public String journalOnOff() {
    if (tokumx()) {
      return "on (TokuMX's recovery log: no switch)";
    }
    if (cmdLine != null && isTrue(cmdLine.get("nojournal"))) {
      return "off (getCmdLineOpts: nojournal)";
    }
    if (Boolean.FALSE.equals(durReported)) {
      return "off (serverStatus has no dur section)";
    }
    if (Boolean.TRUE.equals(durReported)) {
      return "on (serverStatus.dur)";
    }
    if (cmdLine != null && isTrue(cmdLine.get("journal"))) {
      return "on (getCmdLineOpts: journal)";
    }
    return "not reported (" + (whyNoCmdLine != null ? whyNoCmdLine : "neither getCmdLineOpts nor serverStatus says") + ")";
  }

  /**
   * The journal's flush interval in ms as the mongodb binding's {@code server.read.*} entries give it
   * (the number alone): the runtime value (getParameter), else the start's option, else the default
   * said; 2.4's journalCommitInterval, TokuMX's logFlushPeriod ({@link #flushName}).
   */
  public String flushInterval() {
    Object start = cmdLine == null ? null : cmdLine.get(tokumx() ? "logFlushPeriod" : "journalCommitInterval");
    return flushParameter != null ? flushParameter.toString() : start != null ? start.toString()
        : cmdLine != null ? "the default (not set at start)" : "not reported (" + whyNoCmdLine + ")";
  }

  /** The fingerprint's name of {@link #flushInterval}: TokuMX's setting is another, so it has another name. */
  public String flushName() {
    return tokumx() ? "log_flush_period_ms" : "journal_commit_interval_ms";
  }

  private static boolean isTrue(Object v) {
    return Boolean.TRUE.equals(v) || "true".equals(String.valueOf(v));
  }
}
