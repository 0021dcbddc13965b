package site.ycsbx.workloads.linkbench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import site.ycsbx.fingerprint.WorkloadShape;
import site.ycsbx.store.linkbench.LinkBenchPlan;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.FamilyWorkload;

/**
 * The linkbench properties, read and checked in one place (workloads/linkbench documents each).
 * Every key is LinkBench's own under {@code linkbench.}, so a LinkBench user finds them by the
 * names of FBWorkload.properties. This part holds the graph and the load phase.
 */
public final class LinkBenchSettings implements FamilyWorkload.Settings {
  public static final String STARTID1 = "linkbench.startid1";
  public static final long STARTID1_DEFAULT = 1;
  public static final String MAXID1 = "linkbench.maxid1";
  public static final long MAXID1_DEFAULT = 10_000_001L;
  public static final String LINK_TYPE_COUNT = "linkbench.link_type_count";
  public static final int LINK_TYPE_COUNT_DEFAULT = 2;
  public static final String NLINKS_FUNC = "linkbench.nlinks_func";
  public static final String NLINKS_FUNC_DEFAULT = "real";
  public static final String DISTRIBUTION_FILE = "linkbench.distributionfile";
  public static final String SEED = "linkbench.seed";
  public static final long SEED_DEFAULT = 0;
  public static final String LOADER_CHUNK_SIZE = "linkbench.loader_chunk_size";
  public static final int LOADER_CHUNK_SIZE_DEFAULT = 2048;
  public static final String BULK_BATCH = "linkbench.bulk_batch";
  public static final int BULK_BATCH_DEFAULT = 1024;
  public static final String LINK_DATASIZE = "linkbench.link_datasize";
  public static final double LINK_DATASIZE_DEFAULT = 8;
  public static final String NODE_DATASIZE = "linkbench.node_datasize";
  public static final double NODE_DATASIZE_DEFAULT = 128;
  public static final String LINK_START_BYTE = "linkbench.link_add_datagen_startbyte";
  public static final String LINK_END_BYTE = "linkbench.link_add_datagen_endbyte";
  public static final String LINK_UNIQUENESS = "linkbench.link_add_datagen_uniqueness";
  public static final String LINK_MOTIF_LENGTH = "linkbench.link_add_datagen_motif_length";
  public static final String NODE_START_BYTE = "linkbench.node_add_datagen_startbyte";
  public static final String NODE_END_BYTE = "linkbench.node_add_datagen_endbyte";
  public static final String NODE_UNIQUENESS = "linkbench.node_add_datagen_uniqueness";
  public static final String NODE_MOTIF_LENGTH = "linkbench.node_add_datagen_motif_length";
  public static final String NODE_TABLE = "linkbench.nodetable";
  public static final String NODE_TABLE_DEFAULT = "nodetable";
  public static final String LINK_TABLE = "linkbench.linktable";
  public static final String LINK_TABLE_DEFAULT = "linktable";
  public static final String COUNT_TABLE = "linkbench.counttable";
  public static final String COUNT_TABLE_DEFAULT = "counttable";
  public static final String DROP = "linkbench.drop";
  public static final boolean DROP_DEFAULT = false;

  /** LinkBench's type of every node it loads. */
  public static final int NODE_TYPE = 2048;
  /** LinkBench's first link type; the others follow it. */
  public static final long FIRST_LINK_TYPE = 123456789L;
  static final int MAX_LINK_DATA = 255;
  static final int MAX_NODE_DATA = 1024 * 1024;

  /** The graph's and the load's properties. */
  private static final List<PropertyDef> LOAD_PROPERTIES = concat(List.of(
      PropertyDef.noDefault(LinkBenchConfigFile.CONFIG, "a LinkBench properties file, read as LinkBench does: its"
          + " workload keys become linkbench.* (over the -P files; -p wins)"),
      PropertyDef.of(STARTID1, STARTID1_DEFAULT, "first node id (64-bit)"),
      PropertyDef.of(MAXID1, MAXID1_DEFAULT, "node ids end below this: startid1 to maxid1-1"),
      PropertyDef.of(LINK_TYPE_COUNT, LINK_TYPE_COUNT_DEFAULT, "link types, 1 to 1000 (each node's links are split over"
          + " them as LinkBench splits them)"),
      PropertyDef.of(NLINKS_FUNC, NLINKS_FUNC_DEFAULT, "out-degrees: real, LinkBench's empirical distribution (built in,"
          + " or from linkbench.distributionfile)"),
      new PropertyDef(DISTRIBUTION_FILE, "built in", "a LinkBench Distribution.dat: its nlinks section for out-degrees,"
          + " the others for real access distributions"),
      PropertyDef.of(SEED, SEED_DEFAULT, "the same seed, the same graph (any binding, any thread count)"),
      PropertyDef.of(LOADER_CHUNK_SIZE, LOADER_CHUNK_SIZE_DEFAULT, "node ids per load chunk, the unit a loader takes"),
      PropertyDef.of(BULK_BATCH, BULK_BATCH_DEFAULT, "rows per bulk INSERT (insertMany) of the load"),
      PropertyDef.of(LINK_DATASIZE, LINK_DATASIZE_DEFAULT, "median bytes of a link's payload (log-normal), up to "
          + MAX_LINK_DATA),
      PropertyDef.of(NODE_DATASIZE, NODE_DATASIZE_DEFAULT, "median bytes of a node's payload (log-normal)"),
      PropertyDef.of(NODE_TABLE, NODE_TABLE_DEFAULT, "node table (collection)"),
      PropertyDef.of(LINK_TABLE, LINK_TABLE_DEFAULT, "link table (collection)"),
      PropertyDef.of(COUNT_TABLE, COUNT_TABLE_DEFAULT, "count table (collection)"),
      PropertyDef.of(DROP, DROP_DEFAULT, "true, load only: drop the three tables first (only tables of LinkBench's"
          + " shape); otherwise they are kept and loaded into")),
      DataGen.LINK.properties("linkbench.link_add_datagen_", "added links"),
      DataGen.NODE.properties("linkbench.node_add_datagen_", "added nodes"));

  /** Every linkbench.* property this version reads, for the misspelling check and {@code bin/ycsb help properties}. */
  public static final List<PropertyDef> PROPERTIES = concat(LOAD_PROPERTIES, RequestSettings.PROPERTIES);
  /** Their names. */
  static final Set<String> NAMES = PropertyDef.names(PROPERTIES);

  @SafeVarargs
  static List<PropertyDef> concat(List<PropertyDef>... lists) {
    List<PropertyDef> out = new ArrayList<>();
    for (List<PropertyDef> l : lists) {
      out.addAll(l);
    }
    return List.copyOf(out);
  }

  final long startId1;
  final long maxId1;
  final int linkTypes;
  final Path distributionFile;
  final long seed;
  /** This client's place among the clients of the run (ycsbx.clients/ycsbx.client). */
  final site.ycsbx.workloads.ClientShare share;
  final int chunkSize;
  final int bulkBatch;
  final double linkDataSize;
  final double nodeDataSize;
  final int linkStartByte;
  final int linkEndByte;
  final double linkUniqueness;
  final int linkMotifLength;
  final int nodeStartByte;
  final int nodeEndByte;
  final double nodeUniqueness;
  final int nodeMotifLength;
  final LinkBenchPlan plan;
  final boolean load;
  final RequestSettings request;
  private final Map<String, EmpiricalCdf> sections;

  /** Reads and checks every property; a bad one is a {@link UserError}. No side effects. */
  public LinkBenchSettings(Properties given) {
    Properties p = LinkBenchConfigFile.applied(given);
    load = !Boolean.parseBoolean(p.getProperty("dotransactions", "true"));
    startId1 = Props.getLong(p, STARTID1, STARTID1_DEFAULT, 1, Long.MAX_VALUE - 1);
    maxId1 = Props.getLong(p, MAXID1, MAXID1_DEFAULT, 2, Long.MAX_VALUE);
    if (maxId1 <= startId1) {
      throw new UserError(MAXID1 + "=" + maxId1 + " must be above " + STARTID1 + "=" + startId1
          + " (node ids are startid1 .. maxid1-1)");
    }
    linkTypes = Props.getInt(p, LINK_TYPE_COUNT, LINK_TYPE_COUNT_DEFAULT, 1, 1000);
    String func = p.getProperty(NLINKS_FUNC, NLINKS_FUNC_DEFAULT).trim();
    if (!func.equals(NLINKS_FUNC_DEFAULT)) {
      throw new UserError(NLINKS_FUNC + "=" + func + " is not supported; " + NLINKS_FUNC
          + " accepts real (LinkBench's empirical out-degrees, built in or from " + DISTRIBUTION_FILE + ")");
    }
    String file = p.getProperty(DISTRIBUTION_FILE, "").trim();
    distributionFile = file.isEmpty() ? null : Path.of(file);
    seed = Props.getLong(p, SEED, SEED_DEFAULT, Long.MIN_VALUE, Long.MAX_VALUE);
    share = site.ycsbx.workloads.ClientShare.of(p);
    chunkSize = Props.getInt(p, LOADER_CHUNK_SIZE, LOADER_CHUNK_SIZE_DEFAULT, 1, 1 << 24);
    bulkBatch = Props.getInt(p, BULK_BATCH, BULK_BATCH_DEFAULT, 1, 100_000);
    linkDataSize = Props.getDouble(p, LINK_DATASIZE, LINK_DATASIZE_DEFAULT, 0, MAX_LINK_DATA);
    nodeDataSize = Props.getDouble(p, NODE_DATASIZE, NODE_DATASIZE_DEFAULT, 0, MAX_NODE_DATA);
    DataGen link = DataGen.LINK;
    DataGen node = DataGen.NODE;
    linkStartByte = Props.getInt(p, LINK_START_BYTE, link.startByte(), 0, 254);
    linkEndByte = Props.getInt(p, LINK_END_BYTE, link.endByte(), 1, 255);
    linkUniqueness = Props.getDouble(p, LINK_UNIQUENESS, link.uniqueness(), 0, 1);
    linkMotifLength = Props.getInt(p, LINK_MOTIF_LENGTH, link.motifLength(), 1, 1 << 20);
    nodeStartByte = Props.getInt(p, NODE_START_BYTE, node.startByte(), 0, 254);
    nodeEndByte = Props.getInt(p, NODE_END_BYTE, node.endByte(), 1, 255);
    nodeUniqueness = Props.getDouble(p, NODE_UNIQUENESS, node.uniqueness(), 0, 1);
    nodeMotifLength = Props.getInt(p, NODE_MOTIF_LENGTH, node.motifLength(), 1, 1 << 20);
    if (linkStartByte >= linkEndByte) {
      throw new UserError(LINK_START_BYTE + "=" + linkStartByte + " must be below " + LINK_END_BYTE + "=" + linkEndByte);
    }
    if (nodeStartByte >= nodeEndByte) {
      throw new UserError(NODE_START_BYTE + "=" + nodeStartByte + " must be below " + NODE_END_BYTE + "=" + nodeEndByte);
    }
    // a bad file is refused before anything is created
    sections = distributionFile == null ? Map.of() : EmpiricalCdf.readSections(DISTRIBUTION_FILE, distributionFile);
    double unlinked = degreeCdf().cumulativeAt(0);
    // a run names the graph it takes as stored: the binding's check refuses tables that hold another
    plan = new LinkBenchPlan(Props.getTableName(p, NODE_TABLE, NODE_TABLE_DEFAULT),
        Props.getTableName(p, LINK_TABLE, LINK_TABLE_DEFAULT), Props.getTableName(p, COUNT_TABLE, COUNT_TABLE_DEFAULT),
        Props.getBoolean(p, DROP, DROP_DEFAULT), load ? 0 : startId1, load ? 0 : maxId1, linkedWithin(unlinked));
    request = new RequestSettings(p);
    if (!load) {
      if (plan.drop()) {
        throw new UserError(DROP + "=true drops the graph; bin/ycsb run needs the loaded one (drop it with bin/ycsb load"
            + " ... -p " + DROP + "=true)");
      }
      requestPlan(); // a "real" access distribution without its section is refused here
    }
  }

  /**
   * How many ids below the last the largest id with links of a loaded graph can be, when a node
   * has no link with probability {@code unlinked}: the last k ids all lack links with probability
   * unlinked^k, kept under 1e-12 (35 ids for LinkBench's 45%); -1 when no node need have a link.
   */
  static long linkedWithin(double unlinked) {
    if (unlinked >= 1) {
      return -1;
    }
    return unlinked <= 0 ? 0 : (long) Math.ceil(Math.log(1e-12) / Math.log(unlinked));
  }

  /** What the requesters share; built from the checked settings. */
  RequestPlan requestPlan() {
    return new RequestPlan(this, request, sections);
  }

  /** The out-degree distribution: the file's nlinks section, or the built-in table. */
  EmpiricalCdf degreeCdf() {
    if (distributionFile == null) {
      return EmpiricalCdf.builtInDegrees();
    }
    EmpiricalCdf nlinks = sections.get("nlinks");
    if (nlinks == null) {
      throw new UserError(DISTRIBUTION_FILE + "=" + distributionFile + " has no nlinks section (sections: "
          + sections.keySet() + ")");
    }
    return nlinks;
  }

  OutDegrees outDegrees() {
    return new OutDegrees(degreeCdf(), startId1, maxId1, linkTypes, seed);
  }

  Payloads linkPayloads() {
    return new Payloads(linkDataSize, MAX_LINK_DATA, linkStartByte, linkEndByte, linkUniqueness, linkMotifLength,
        seed ^ 0x6c696e6bL);
  }

  Payloads nodePayloads() {
    return new Payloads(nodeDataSize, MAX_NODE_DATA, nodeStartByte, nodeEndByte, nodeUniqueness, nodeMotifLength,
        seed ^ 0x6e6f6465L);
  }

  /** Number of load chunks of ids. */
  long chunks() {
    return (maxId1 - startId1 + chunkSize - 1) / chunkSize;
  }

  /** This client's load chunks, {@code [firstChunk(), endChunk())}: all of them with one client (ycsbx.clients). */
  long firstChunk() {
    return share.first(chunks());
  }

  long endChunk() {
    return share.end(chunks());
  }

  @Override
  public LinkBenchPlan plan() {
    return plan;
  }

  /** For the fingerprint: the graph's shape defines the workload; table names and drop do not. */
  @Override
  public WorkloadShape shape() {
    WorkloadShape shape = new WorkloadShape()
        .defining(STARTID1, startId1)
        .defining(MAXID1, maxId1)
        .defining(LINK_TYPE_COUNT, linkTypes)
        .defining(NLINKS_FUNC, "real")
        .defining(DISTRIBUTION_FILE, distributionFile == null ? "built-in" : distributionFile.getFileName())
        .defining(LINK_DATASIZE, linkDataSize)
        .defining(NODE_DATASIZE, nodeDataSize)
        .defining(LINK_UNIQUENESS, linkUniqueness)
        .defining(NODE_UNIQUENESS, nodeUniqueness)
        .other(SEED, seed)
        .other(LOADER_CHUNK_SIZE, chunkSize)
        .other(BULK_BATCH, bulkBatch)
        .other(NODE_TABLE, plan.nodeTable())
        .other(LINK_TABLE, plan.linkTable())
        .other(COUNT_TABLE, plan.countTable())
        .other(DROP, plan.drop());
    if (!load) {
      RequestSettings r = request;
      for (LinkBenchOp op : LinkBenchOp.ALL) {
        shape.defining(op.property, r.mix.percent(op));
      }
      shape.defining(RequestSettings.HISTORY, r.historyShare * 100)
          .defining(RequestSettings.RANGE_LIMIT, r.rangeLimit)
          .defining(RequestSettings.READ + "function", r.read.label())
          .defining(RequestSettings.READ_UNCORR + "function", r.readUncorr.label())
          .defining(RequestSettings.READ_UNCORR + RequestSettings.BLEND, r.readUncorrBlend * 100)
          .defining(RequestSettings.WRITE + "function", r.write.label())
          .defining(RequestSettings.WRITE_UNCORR + "function", r.writeUncorr.label())
          .defining(RequestSettings.WRITE_UNCORR + RequestSettings.BLEND, r.writeUncorrBlend * 100)
          .defining(RequestSettings.NODE_READ + "function", r.nodeRead.label())
          .defining(RequestSettings.NODE_UPDATE + "function", r.nodeUpdate.label())
          .defining(RequestSettings.NODE_DELETE + "function", r.nodeDelete.label())
          .defining(RequestSettings.MULTIGET, r.multiget ? "geometric(" + r.multigetMin + ".." + r.multigetMax + ", p="
              + r.multigetProb + ")" : "one id2")
          .defining(RequestSettings.ID2GEN, r.id2PerRequester ? 1 : 0)
          .defining(RequestSettings.WARMUP, r.warmupSeconds);
    }
    return shape;
  }
}
