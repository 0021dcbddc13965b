package site.ycsbx.workloads.linkbench;

import java.util.SplittableRandom;

/**
 * One requester's draws, as LinkBench's LinkBenchRequest makes them: the kind of request from the
 * mix, the id1 from the kind's access distribution (link reads and writes blended between the
 * out-degree-correlated and the uncorrelated one), a link type, and id2s aimed so that a request
 * finds an existing link with LinkBench's probabilities (0.05 for an add, 0.9 for an update or a
 * delete, 0.5 for a multiget). {@link #next()} fills the public fields of the current request;
 * nothing is allocated but the payload and the id2 array of a multiget.
 */
final class Requester {
  static final double P_ADD_EXISTS = 0.05;
  static final double P_UPDATE_EXISTS = 0.9;
  static final double P_DELETE_EXISTS = 0.9;
  static final double P_GET_EXISTS = 0.5;
  // LinkBench gives up looking for distinct id2s of a multiget after this many draws
  private static final int MAX_DRAWS = 100;

  final SplittableRandom random;
  final ListHistory history = new ListHistory();
  private final RequestPlan plan;
  private final int requester;
  private final int requesters;
  private final long firstLinkType;

  LinkBenchOp op;
  long id1;
  long linkType;
  long id2;
  long[] id2s;
  byte[] data;
  /** For a history GET_LINKS_LIST: the position in {@link #history} to page back from; else -1. */
  int historyPosition;
  /** The node id of the last node request (LinkBench keeps it; it seeds nothing here). */
  long lastNodeId;

  Requester(RequestPlan plan, long seed, int requester, int requesters, long firstLinkType) {
    this.plan = plan;
    this.requester = requester;
    this.requesters = requesters;
    this.firstLinkType = firstLinkType;
    this.random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + 0x5EED + requester);
  }

  /** Draws the next request into the fields. */
  void next() {
    op = plan.mix.next(random);
    historyPosition = -1;
    switch (op) {
      case ADD_LINK:
        linkWrite(P_ADD_EXISTS);
        data = plan.linkAdd.next(random);
        break;
      case DELETE_LINK:
        linkWrite(P_DELETE_EXISTS);
        break;
      case UPDATE_LINK:
        linkWrite(P_UPDATE_EXISTS);
        data = plan.linkUpdate.next(random);
        break;
      case COUNT_LINK:
        linkRead();
        break;
      case MULTIGET_LINK:
        linkRead();
        id2s = id2s(P_GET_EXISTS, (int) plan.multigetSize.next(random));
        break;
      case GET_LINKS_LIST:
        if (!history.isEmpty() && random.nextDouble() < plan.settings.historyShare) {
          historyPosition = history.pick(random);
        } else {
          linkRead();
        }
        break;
      case ADD_NODE:
        data = plan.nodeAdd.next(random);
        break;
      case UPDATE_NODE:
        id1 = plan.nodeUpdate.next(random);
        data = plan.nodeUpdatePayloads.next(random);
        lastNodeId = id1;
        break;
      case DELETE_NODE:
        id1 = plan.nodeDelete.next(random);
        lastNodeId = id1;
        break;
      case GET_NODE:
        id1 = plan.nodeRead.next(random);
        lastNodeId = id1;
        break;
      default:
        throw new IllegalStateException(op.name());
    }
  }

  private void linkRead() {
    id1 = (random.nextDouble() < plan.settings.readUncorrBlend ? plan.readUncorr : plan.read).next(random);
    linkType();
  }

  private void linkWrite(double pExists) {
    id1 = (random.nextDouble() < plan.settings.writeUncorrBlend ? plan.writeUncorr : plan.write).next(random);
    linkType();
    id2 = pick(range(pExists));
  }

  private int typeIndex;

  private void linkType() {
    typeIndex = random.nextInt(plan.degrees.linkTypes());
    linkType = firstLinkType + typeIndex;
  }

  // id2s are id1 + 0 .. n-1 after a load; drawing from n / p of them finds an existing one with
  // probability p
  private long range(double pExists) {
    long links = plan.degrees.ofType(id1, typeIndex);
    return Math.max(1, (long) Math.ceil(links / pExists));
  }

  private long pick(long range) {
    return ownId2(id1 + random.nextLong(range));
  }

  private long[] id2s(double pExists, int count) {
    long range = range(pExists);
    long[] out = new long[count];
    if (range <= count) {
      for (int i = 0; i < count; i++) {
        out[i] = ownId2(id1 + i);
      }
      return out;
    }
    for (int i = 0; i < count; i++) {
      long candidate;
      int draws = 0;
      do {
        candidate = pick(range);
        draws++;
      } while (contains(out, i, candidate) && draws <= MAX_DRAWS);
      out[i] = candidate;
    }
    return out;
  }

  private static boolean contains(long[] a, int n, long v) {
    for (int i = 0; i < n; i++) {
      if (a[i] == v) {
        return true;
      }
    }
    return false;
  }

  // id2gen_config=1: each requester writes only id2s of its own residue, so no two touch one link
  private long ownId2(long candidate) {
    return plan.settings.id2PerRequester ? candidate - Math.floorMod(candidate, requesters) + requester : candidate;
  }
}
