package site.ycsbx.workloads.linkbench;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;

/**
 * The request phase's settings (bin/ycsb run), each under LinkBench's own key with
 * {@code linkbench.} before it, defaults from LinkBench's FBWorkload.properties.
 *
 * <p>One departure, on purpose: LinkBench reads {@code write_uncorr_*} from the {@code read_uncorr_*}
 * keys (its Config names both prefixes "read_uncorr_"), so its link writes are 99.5% uncorrelated
 * with Zipf 0.8 whatever the file says. Here {@code write_uncorr_*} are read as written: 95%
 * uncorrelated, Zipf 0.741 by default.
 */
final class RequestSettings {
  static final String HISTORY = "linkbench.getlinklist_history";
  static final String RANGE_LIMIT = "linkbench.range_limit";
  static final String READ = "linkbench.read_";
  static final String READ_UNCORR = "linkbench.read_uncorr_";
  static final String WRITE = "linkbench.write_";
  static final String WRITE_UNCORR = "linkbench.write_uncorr_";
  static final String NODE_READ = "linkbench.node_read_";
  static final String NODE_UPDATE = "linkbench.node_update_";
  static final String NODE_DELETE = "linkbench.node_delete_";
  static final String BLEND = "blend";
  static final String MULTIGET = "linkbench.link_multiget_dist";
  static final String MULTIGET_MIN = "linkbench.link_multiget_dist_min";
  static final String MULTIGET_MAX = "linkbench.link_multiget_dist_max";
  static final String MULTIGET_PROB = "linkbench.link_multiget_dist_prob";
  static final String ID2GEN = "linkbench.id2gen_config";
  static final String RANDOM_ID2_MAX = "linkbench.randomid2max";
  static final String LINK_UP = "linkbench.link_up_datagen_";
  static final String NODE_UP = "linkbench.node_up_datagen_";
  static final String WARMUP = "linkbench.warmup";
  static final String WARMUP_LINKBENCH = "linkbench.warmup_time";
  static final String VERIFY = "linkbench.verify";
  static final String VERIFY_CHUNKS = "linkbench.verify_chunks";
  /** LinkBench's period of its progress lines: accepted (and checked), unused; the [STATUS] line follows ycsbx.interval. */
  static final String PROGRESS = "linkbench.progressfreq";
  static final String CSV_STATS = "linkbench.csvstats";
  /** LinkStore's DEFAULT_LIMIT: the most links one GET_LINKS_LIST returns. */
  static final int RANGE_LIMIT_DEFAULT = 10_000;
  private static final String GEOMETRIC = "com.facebook.LinkBench.distributions.GeometricDistribution";

  static final Set<String> PROPERTIES;

  static {
    Set<String> s = new HashSet<>();
    for (LinkBenchOp op : LinkBenchOp.ALL) {
      s.add(op.property);
    }
    for (String prefix : new String[] {READ, READ_UNCORR, WRITE, WRITE_UNCORR, NODE_READ, NODE_UPDATE, NODE_DELETE}) {
      s.add(prefix + "function");
      s.add(prefix + "shape");
    }
    s.add(READ_UNCORR + BLEND);
    s.add(WRITE_UNCORR + BLEND);
    for (String prefix : new String[] {LINK_UP, NODE_UP}) {
      s.add(prefix + "startbyte");
      s.add(prefix + "endbyte");
      s.add(prefix + "uniqueness");
      s.add(prefix + "motif_length");
    }
    s.addAll(Set.of(HISTORY, RANGE_LIMIT, MULTIGET, MULTIGET_MIN, MULTIGET_MAX, MULTIGET_PROB, ID2GEN, RANDOM_ID2_MAX,
        WARMUP, WARMUP_LINKBENCH, VERIFY, VERIFY_CHUNKS, PROGRESS, CSV_STATS));
    PROPERTIES = Set.copyOf(s);
  }

  final RequestMix mix;
  final double historyShare;
  final int rangeLimit;
  final AccessSpec read;
  final AccessSpec readUncorr;
  final double readUncorrBlend;
  final AccessSpec write;
  final AccessSpec writeUncorr;
  final double writeUncorrBlend;
  final AccessSpec nodeRead;
  final AccessSpec nodeUpdate;
  final AccessSpec nodeDelete;
  final boolean multiget;
  final int multigetMin;
  final int multigetMax;
  final double multigetProb;
  final boolean id2PerRequester;
  final int linkUpStart;
  final int linkUpEnd;
  final double linkUpUniqueness;
  final int linkUpMotif;
  final int nodeUpStart;
  final int nodeUpEnd;
  final double nodeUpUniqueness;
  final int nodeUpMotif;
  final double warmupSeconds;
  final boolean verify;
  final int verifyChunks;
  final Path csvStats;

  RequestSettings(Properties p) {
    mix = new RequestMix(p);
    historyShare = Props.getDouble(p, HISTORY, 0.3, 0, 100) / 100;
    rangeLimit = Props.getInt(p, RANGE_LIMIT, RANGE_LIMIT_DEFAULT, 1, 1_000_000);
    read = AccessSpec.read(p, READ, "zipf", 0.8, "link_nreads");
    readUncorr = AccessSpec.read(p, READ_UNCORR, "zipf", 0.8, "link_nreads");
    readUncorrBlend = Props.getDouble(p, READ_UNCORR + BLEND, 99.5, 0, 100) / 100;
    write = AccessSpec.read(p, WRITE, "zipf", 0.741, "link_nwrites");
    writeUncorr = AccessSpec.read(p, WRITE_UNCORR, "zipf", 0.741, "link_nwrites");
    writeUncorrBlend = Props.getDouble(p, WRITE_UNCORR + BLEND, 95, 0, 100) / 100;
    nodeRead = AccessSpec.read(p, NODE_READ, "zipf", 0.625, "node_nreads");
    nodeUpdate = AccessSpec.read(p, NODE_UPDATE, "zipf", 0.606, "node_nwrites");
    nodeDelete = AccessSpec.read(p, NODE_DELETE, "uniform", 0.5, null);
    String dist = p.getProperty(MULTIGET, GEOMETRIC).trim();
    multiget = !dist.isEmpty();
    if (multiget && !dist.equals(GEOMETRIC) && !dist.equalsIgnoreCase("geometric")) {
      throw new UserError(MULTIGET + "=" + dist + " is not supported; " + MULTIGET + " accepts geometric (" + GEOMETRIC
          + ") or nothing (one id2 per multiget)");
    }
    multigetMin = Props.getInt(p, MULTIGET_MIN, 1, 1, 1_000_000);
    multigetMax = Props.getInt(p, MULTIGET_MAX, 128, 2, 1_000_000);
    if (multigetMax <= multigetMin) {
      throw new UserError(MULTIGET_MAX + "=" + multigetMax + " must be above " + MULTIGET_MIN + "=" + multigetMin
          + " (sizes are min .. max-1)");
    }
    multigetProb = Props.getDouble(p, MULTIGET_PROB, 0.382, 0, 1);
    if (multiget && (multigetProb <= 0 || multigetProb >= 1)) {
      throw new UserError(MULTIGET_PROB + "=" + multigetProb + " is not accepted; a geometric probability must be above 0"
          + " and below 1");
    }
    int id2gen = Props.getInt(p, ID2GEN, 0, 0, 1);
    id2PerRequester = id2gen == 1;
    long randomId2Max = Props.getLong(p, RANDOM_ID2_MAX, 0, 0, Integer.MAX_VALUE);
    if (randomId2Max != 0) {
      throw new UserError(RANDOM_ID2_MAX + "=" + randomId2Max + " is not supported; id2s are id1 + i as in LinkBench's"
          + " default (" + RANDOM_ID2_MAX + "=0)");
    }
    linkUpStart = Props.getInt(p, LINK_UP + "startbyte", 32, 0, 254);
    linkUpEnd = Props.getInt(p, LINK_UP + "endbyte", 100, 1, 255);
    linkUpUniqueness = Props.getDouble(p, LINK_UP + "uniqueness", 0.225, 0, 1);
    linkUpMotif = Props.getInt(p, LINK_UP + "motif_length", 128, 1, 1 << 20);
    nodeUpStart = Props.getInt(p, NODE_UP + "startbyte", 50, 0, 254);
    nodeUpEnd = Props.getInt(p, NODE_UP + "endbyte", 220, 1, 255);
    nodeUpUniqueness = Props.getDouble(p, NODE_UP + "uniqueness", 0.63, 0, 1);
    nodeUpMotif = Props.getInt(p, NODE_UP + "motif_length", 512, 1, 1 << 20);
    byteRange(LINK_UP, linkUpStart, linkUpEnd);
    byteRange(NODE_UP, nodeUpStart, nodeUpEnd);
    double warmup = Props.getDouble(p, WARMUP, 0, 0, 1e7);
    double warmupLinkBench = Props.getDouble(p, WARMUP_LINKBENCH, warmup, 0, 1e7);
    if (p.getProperty(WARMUP) != null && p.getProperty(WARMUP_LINKBENCH) != null && warmup != warmupLinkBench) {
      throw new UserError(WARMUP + "=" + stripZeros(warmup) + " and " + WARMUP_LINKBENCH + "=" + stripZeros(warmupLinkBench)
          + " disagree; they are one setting (LinkBench's warmup_time): give one");
    }
    // ycsbx.warmup is the same setting, for every workload (one clock: site.ycsbx.measurements.Warmup)
    warmupSeconds = Math.max(Math.max(warmup, warmupLinkBench), site.ycsbx.measurements.Warmup.seconds(p));
    verify = Props.getBoolean(p, VERIFY, false);
    verifyChunks = Props.getInt(p, VERIFY_CHUNKS, 8, 0, Integer.MAX_VALUE);
    Props.getDouble(p, PROGRESS, 10, 0, 1e7); // accepted, unused
    String csv = p.getProperty(CSV_STATS, "").trim();
    csvStats = csv.isEmpty() ? null : Path.of(csv);
  }

  private static void byteRange(String prefix, int start, int end) {
    if (start >= end) {
      throw new UserError(prefix + "startbyte=" + start + " must be below " + prefix + "endbyte=" + end);
    }
  }

  static String stripZeros(double d) {
    return d == Math.rint(d) ? String.valueOf((long) d) : String.format(Locale.ROOT, "%s", d);
  }
}
