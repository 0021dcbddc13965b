package site.ycsbx.workloads.linkbench;

import java.util.Map;

/**
 * What every requester shares, built once: the access distributions placed on the ids, the
 * graph's out-degrees (to aim id2s at links that exist), the payload generators and the mix.
 * Immutable; each requester draws from it with its own random generator.
 */
final class RequestPlan {
  // shuffles of popularity over the ids: the link accesses "correlated" with the out-degree use
  // the out-degrees' own; the others (and nodes) use these, so hot nodes and many-link nodes differ
  private static final long UNCORRELATED = 0x756e636f7272L;
  private static final long NODES = 0x6e6f646573L;

  final RequestSettings settings;
  final OutDegrees degrees;
  final RequestMix mix;
  final IdAccess read;
  final IdAccess readUncorr;
  final IdAccess write;
  final IdAccess writeUncorr;
  final IdAccess nodeRead;
  final IdAccess nodeUpdate;
  final IdAccess nodeDelete;
  final Ranks multigetSize;
  final Payloads linkAdd;
  final Payloads linkUpdate;
  final Payloads nodeAdd;
  final Payloads nodeUpdatePayloads;

  RequestPlan(LinkBenchSettings graph, RequestSettings s, Map<String, EmpiricalCdf> sections) {
    settings = s;
    degrees = graph.outDegrees();
    mix = s.mix;
    long n = graph.maxId1 - graph.startId1;
    IdShuffle correlated = new IdShuffle(graph.seed, n); // the out-degrees' shuffle (OutDegrees)
    IdShuffle uncorrelated = new IdShuffle(graph.seed ^ UNCORRELATED, n);
    IdShuffle nodes = new IdShuffle(graph.seed ^ NODES, n);
    long start = graph.startId1;
    read = new IdAccess(s.read.ranks(n, sections), correlated, start, s.read.label());
    readUncorr = new IdAccess(s.readUncorr.ranks(n, sections), uncorrelated, start, s.readUncorr.label());
    write = new IdAccess(s.write.ranks(n, sections), correlated, start, s.write.label());
    writeUncorr = new IdAccess(s.writeUncorr.ranks(n, sections), uncorrelated, start, s.writeUncorr.label());
    nodeRead = new IdAccess(s.nodeRead.ranks(n, sections), nodes, start, s.nodeRead.label());
    nodeUpdate = new IdAccess(s.nodeUpdate.ranks(n, sections), nodes, start, s.nodeUpdate.label());
    nodeDelete = new IdAccess(s.nodeDelete.ranks(n, sections), nodes, start, s.nodeDelete.label());
    multigetSize = s.multiget ? Ranks.geometric(s.multigetMin, s.multigetMax, s.multigetProb) : r -> 1;
    linkAdd = graph.linkPayloads();
    nodeAdd = graph.nodePayloads();
    linkUpdate = new Payloads(graph.linkDataSize, LinkBenchSettings.MAX_LINK_DATA, s.linkUpStart, s.linkUpEnd,
        s.linkUpUniqueness, s.linkUpMotif, graph.seed ^ 0x6c696e6b7570L);
    nodeUpdatePayloads = new Payloads(graph.nodeDataSize, LinkBenchSettings.MAX_NODE_DATA, s.nodeUpStart, s.nodeUpEnd,
        s.nodeUpUniqueness, s.nodeUpMotif, graph.seed ^ 0x6e6f64657570L);
  }
}
