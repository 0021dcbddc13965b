package site.ycsbx.workloads.linkbench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import site.ycsbx.util.PropertyDef;
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
  static final String VERIFY_AS_LOADED = "linkbench.verify_as_loaded";
  /** LinkBench's period of its progress lines: accepted (and checked), unused; the [STATUS] line follows ycsbx.interval. */
  static final String PROGRESS = "linkbench.progressfreq";
  static final String CSV_STATS = "linkbench.csvstats";
  /** LinkStore's DEFAULT_LIMIT: the most links one GET_LINKS_LIST returns. */
  static final int RANGE_LIMIT_DEFAULT = 10_000;
  static final double HISTORY_DEFAULT = 0.3;
  static final double READ_UNCORR_BLEND_DEFAULT = 99.5;
  static final double WRITE_UNCORR_BLEND_DEFAULT = 95;
  private static final String GEOMETRIC = "com.facebook.LinkBench.distributions.GeometricDistribution";
  static final String MULTIGET_DEFAULT = "geometric";
  static final int MULTIGET_MIN_DEFAULT = 1;
  static final int MULTIGET_MAX_DEFAULT = 128;
  static final double MULTIGET_PROB_DEFAULT = 0.382;
  static final int ID2GEN_DEFAULT = 0;
  static final long RANDOM_ID2_MAX_DEFAULT = 0;
  static final double WARMUP_DEFAULT = 0;
  static final boolean VERIFY_DEFAULT = false;
  static final int VERIFY_CHUNKS_DEFAULT = 8;
  static final boolean VERIFY_AS_LOADED_DEFAULT = false;
  static final double PROGRESS_DEFAULT = 10;

  /** An access distribution's key prefix and LinkBench's defaults (FBWorkload.properties). */
  private record Access(String prefix, String function, double shape, String section, String what) {
    AccessSpec read(Properties p) {
      return AccessSpec.read(p, prefix, function, shape, section);
    }

    List<PropertyDef> properties() {
      String real = section == null ? "" : ", real (the " + section + " section of linkbench.distributionfile)";
      return List.of(
          PropertyDef.of(prefix + "function", function, what + ": zipf, uniform" + real + ", or LinkBench's class name"),
          PropertyDef.of(prefix + "shape", shape, what + ": the Zipf shape, above 0 and below 1"));
    }
  }

  private static final Access READ_ACCESS = new Access(READ, "zipf", 0.8, "link_nreads",
      "link reads correlated with the out-degree");
  private static final Access READ_UNCORR_ACCESS = new Access(READ_UNCORR, "zipf", 0.8, "link_nreads",
      "link reads not correlated with the out-degree");
  private static final Access WRITE_ACCESS = new Access(WRITE, "zipf", 0.741, "link_nwrites",
      "link writes correlated with the out-degree");
  private static final Access WRITE_UNCORR_ACCESS = new Access(WRITE_UNCORR, "zipf", 0.741, "link_nwrites",
      "link writes not correlated with the out-degree (read as written, unlike LinkBench)");
  private static final Access NODE_READ_ACCESS = new Access(NODE_READ, "zipf", 0.625, "node_nreads", "node reads");
  private static final Access NODE_UPDATE_ACCESS = new Access(NODE_UPDATE, "zipf", 0.606, "node_nwrites",
      "node updates");
  private static final Access NODE_DELETE_ACCESS = new Access(NODE_DELETE, "uniform", 0.5, null, "node deletes");

  /** The request phase's properties, in the order of workloads/linkbench. */
  static final List<PropertyDef> PROPERTIES = properties();

  private static List<PropertyDef> properties() {
    List<PropertyDef> out = new ArrayList<>();
    for (LinkBenchOp op : LinkBenchOp.ALL) {
      out.add(PropertyDef.of(op.property, op.defaultPercent, "percent of the requests that are "
          + op.name() + " (the ten sum to 100)"));
    }
    out.add(PropertyDef.of(HISTORY, HISTORY_DEFAULT, "percent of GET_LINKS_LIST that page back where an earlier full"
        + " list stopped"));
    out.add(PropertyDef.of(RANGE_LIMIT, RANGE_LIMIT_DEFAULT, "most links one GET_LINKS_LIST returns"));
    for (Access a : List.of(READ_ACCESS, READ_UNCORR_ACCESS, WRITE_ACCESS, WRITE_UNCORR_ACCESS, NODE_READ_ACCESS,
        NODE_UPDATE_ACCESS, NODE_DELETE_ACCESS)) {
      out.addAll(a.properties());
    }
    out.add(PropertyDef.of(READ_UNCORR + BLEND, READ_UNCORR_BLEND_DEFAULT, "percent of link reads that use the"
        + " uncorrelated distribution"));
    out.add(PropertyDef.of(WRITE_UNCORR + BLEND, WRITE_UNCORR_BLEND_DEFAULT, "percent of link writes that use the"
        + " uncorrelated distribution"));
    out.add(PropertyDef.of(MULTIGET, MULTIGET_DEFAULT, "id2s per MULTIGET_LINK: geometric (or LinkBench's class name),"
        + " empty for one id2"));
    out.add(PropertyDef.of(MULTIGET_MIN, MULTIGET_MIN_DEFAULT, "fewest id2s per MULTIGET_LINK"));
    out.add(PropertyDef.of(MULTIGET_MAX, MULTIGET_MAX_DEFAULT, "id2s per MULTIGET_LINK stay below this"));
    out.add(PropertyDef.of(MULTIGET_PROB, MULTIGET_PROB_DEFAULT, "the geometric distribution's probability, above 0"
        + " and below 1"));
    out.add(PropertyDef.of(ID2GEN, ID2GEN_DEFAULT, "1: requester i writes only id2s with id2 % requesters = i (no two"
        + " requesters touch one link)"));
    out.add(PropertyDef.of(RANDOM_ID2_MAX, RANDOM_ID2_MAX_DEFAULT, "only 0: id2s are id1 + i, as LinkBench's default"));
    out.addAll(DataGen.LINK.properties(LINK_UP, "updated links"));
    out.addAll(DataGen.NODE.properties(NODE_UP, "updated nodes"));
    out.add(PropertyDef.of(WARMUP, WARMUP_DEFAULT, "seconds of requests run before any is recorded (the same setting as"
        + " ycsbx.warmup)"));
    out.add(PropertyDef.of(WARMUP_LINKBENCH, WARMUP_DEFAULT, "LinkBench's name of linkbench.warmup"));
    out.add(PropertyDef.of(PROGRESS, PROGRESS_DEFAULT, "unused, accepted so LinkBench's configs run: progress is in the [STATUS] line, every ycsbx.interval seconds"));
    out.add(PropertyDef.noDefault(CSV_STATS, "CSV file of the closing figures per request (count, errors, percentiles"
        + " in ms)"));
    out.add(PropertyDef.of(VERIFY, VERIFY_DEFAULT, "true: after a load, compare regenerated chunks; after a run,"
        + " counts against visible links (exit 1 on a mismatch)"));
    out.add(PropertyDef.of(VERIFY_CHUNKS, VERIFY_CHUNKS_DEFAULT, "load chunks a load's verification (and bin/ycsb"
        + " verify as loaded) regenerates and compares one by one, spread over the ids; 0 (or verify --full) for all"));
    out.add(PropertyDef.of(VERIFY_AS_LOADED, VERIFY_AS_LOADED_DEFAULT, "bin/ycsb verify: true also compares the graph"
        + " with the generated one, for data no run changed: node ids, types, versions and links per (id1, link_type)"
        + " in full, then the chunks one by one; false: the count table against the visible links only (in full),"
        + " which holds after runs"));
    return List.copyOf(out);
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
  /** bin/ycsb verify compares the chunks with the generated graph, not only counts with links. */
  final boolean verifyAsLoaded;
  final Path csvStats;

  RequestSettings(Properties p) {
    mix = new RequestMix(p);
    historyShare = Props.getDouble(p, HISTORY, HISTORY_DEFAULT, 0, 100) / 100;
    rangeLimit = Props.getInt(p, RANGE_LIMIT, RANGE_LIMIT_DEFAULT, 1, 1_000_000);
    read = READ_ACCESS.read(p);
    readUncorr = READ_UNCORR_ACCESS.read(p);
    readUncorrBlend = Props.getDouble(p, READ_UNCORR + BLEND, READ_UNCORR_BLEND_DEFAULT, 0, 100) / 100;
    write = WRITE_ACCESS.read(p);
    writeUncorr = WRITE_UNCORR_ACCESS.read(p);
    writeUncorrBlend = Props.getDouble(p, WRITE_UNCORR + BLEND, WRITE_UNCORR_BLEND_DEFAULT, 0, 100) / 100;
    nodeRead = NODE_READ_ACCESS.read(p);
    nodeUpdate = NODE_UPDATE_ACCESS.read(p);
    nodeDelete = NODE_DELETE_ACCESS.read(p);
    String dist = p.getProperty(MULTIGET, MULTIGET_DEFAULT).trim();
    multiget = !dist.isEmpty();
    if (multiget && !dist.equals(GEOMETRIC) && !dist.equalsIgnoreCase("geometric")) {
      throw new UserError(MULTIGET + "=" + dist + " is not supported; " + MULTIGET + " accepts geometric (" + GEOMETRIC
          + ") or nothing (one id2 per multiget)");
    }
    multigetMin = Props.getInt(p, MULTIGET_MIN, MULTIGET_MIN_DEFAULT, 1, 1_000_000);
    multigetMax = Props.getInt(p, MULTIGET_MAX, MULTIGET_MAX_DEFAULT, 2, 1_000_000);
    if (multigetMax <= multigetMin) {
      throw new UserError(MULTIGET_MAX + "=" + multigetMax + " must be above " + MULTIGET_MIN + "=" + multigetMin
          + " (sizes are min .. max-1)");
    }
    multigetProb = Props.getDouble(p, MULTIGET_PROB, MULTIGET_PROB_DEFAULT, 0, 1);
    if (multiget && (multigetProb <= 0 || multigetProb >= 1)) {
      throw new UserError(MULTIGET_PROB + "=" + multigetProb + " is not accepted; a geometric probability must be above 0"
          + " and below 1");
    }
    int id2gen = Props.getInt(p, ID2GEN, ID2GEN_DEFAULT, 0, 1);
    id2PerRequester = id2gen == 1;
    long randomId2Max = Props.getLong(p, RANDOM_ID2_MAX, RANDOM_ID2_MAX_DEFAULT, 0, Integer.MAX_VALUE);
    if (randomId2Max != RANDOM_ID2_MAX_DEFAULT) {
      throw new UserError(RANDOM_ID2_MAX + "=" + randomId2Max + " is not supported; id2s are id1 + i as in LinkBench's"
          + " default (" + RANDOM_ID2_MAX + "=0)");
    }
    linkUpStart = Props.getInt(p, LINK_UP + "startbyte", DataGen.LINK.startByte(), 0, 254);
    linkUpEnd = Props.getInt(p, LINK_UP + "endbyte", DataGen.LINK.endByte(), 1, 255);
    linkUpUniqueness = Props.getDouble(p, LINK_UP + "uniqueness", DataGen.LINK.uniqueness(), 0, 1);
    linkUpMotif = Props.getInt(p, LINK_UP + "motif_length", DataGen.LINK.motifLength(), 1, 1 << 20);
    nodeUpStart = Props.getInt(p, NODE_UP + "startbyte", DataGen.NODE.startByte(), 0, 254);
    nodeUpEnd = Props.getInt(p, NODE_UP + "endbyte", DataGen.NODE.endByte(), 1, 255);
    nodeUpUniqueness = Props.getDouble(p, NODE_UP + "uniqueness", DataGen.NODE.uniqueness(), 0, 1);
    nodeUpMotif = Props.getInt(p, NODE_UP + "motif_length", DataGen.NODE.motifLength(), 1, 1 << 20);
    byteRange(LINK_UP, linkUpStart, linkUpEnd);
    byteRange(NODE_UP, nodeUpStart, nodeUpEnd);
    double warmup = Props.getDouble(p, WARMUP, WARMUP_DEFAULT, 0, 1e7);
    double warmupLinkBench = Props.getDouble(p, WARMUP_LINKBENCH, warmup, 0, 1e7);
    if (p.getProperty(WARMUP) != null && p.getProperty(WARMUP_LINKBENCH) != null && warmup != warmupLinkBench) {
      throw new UserError(WARMUP + "=" + stripZeros(warmup) + " and " + WARMUP_LINKBENCH + "=" + stripZeros(warmupLinkBench)
          + " disagree; they are one setting (LinkBench's warmup_time): give one");
    }
    // ycsbx.warmup is the same setting, for every workload (one clock: site.ycsbx.measurements.Warmup)
    warmupSeconds = Math.max(Math.max(warmup, warmupLinkBench), site.ycsbx.measurements.Warmup.seconds(p));
    verify = Props.getBoolean(p, VERIFY, VERIFY_DEFAULT);
    verifyChunks = Props.getInt(p, VERIFY_CHUNKS, VERIFY_CHUNKS_DEFAULT, 0, Integer.MAX_VALUE);
    verifyAsLoaded = Props.getBoolean(p, VERIFY_AS_LOADED, VERIFY_AS_LOADED_DEFAULT);
    Props.getDouble(p, PROGRESS, PROGRESS_DEFAULT, 0, 1e7); // accepted, unused
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
