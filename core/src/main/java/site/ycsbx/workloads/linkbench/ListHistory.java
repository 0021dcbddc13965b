package site.ycsbx.workloads.linkbench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import site.ycsbx.store.linkbench.Link;

/**
 * One requester's memory of link lists it did not read to the end (a GET_LINKS_LIST that filled
 * its limit): the oldest link it got, so that a later "history" request pages further back from
 * there, as LinkBench's requesters do for {@code getlinklist_history} of their list reads. At
 * most {@link #LIMIT} lists per requester (LinkBench's fixed limit), a random one evicted when
 * full: bounded memory at any graph size.
 */
final class ListHistory {
  static final int LIMIT = 2048;

  private record Key(long id1, long linkType) {
  }

  private final List<Link> tails = new ArrayList<>();
  private final Map<Key, Integer> index = new HashMap<>();

  boolean isEmpty() {
    return tails.isEmpty();
  }

  int size() {
    return tails.size();
  }

  /** A list of (id1, link_type) ended at {@code oldest} with more perhaps behind it. */
  void remember(Link oldest, SplittableRandom r) {
    Key key = new Key(oldest.id1(), oldest.linkType());
    if (index.containsKey(key)) {
      return;
    }
    if (tails.size() < LIMIT) {
      tails.add(oldest);
      index.put(key, tails.size() - 1);
    } else {
      replace(r.nextInt(tails.size()), oldest);
    }
  }

  /** Position of a remembered list to page back from. */
  int pick(SplittableRandom r) {
    return r.nextInt(tails.size());
  }

  Link get(int position) {
    return tails.get(position);
  }

  /** The page from {@code position} filled its limit too: continue from its oldest link next time. */
  void advance(int position, Link oldest) {
    Link old = tails.get(position);
    if (old.id1() == oldest.id1() && old.linkType() == oldest.linkType()) {
      tails.set(position, oldest);
    } else {
      replace(position, oldest);
    }
  }

  /** The list at {@code position} has been read to its end. */
  void forget(int position) {
    replace(position, null);
  }

  private void replace(int position, Link with) {
    Link gone = tails.get(position);
    index.remove(new Key(gone.id1(), gone.linkType()));
    if (with != null) {
      tails.set(position, with);
      index.put(new Key(with.id1(), with.linkType()), position);
      return;
    }
    Link last = tails.remove(tails.size() - 1);
    if (position < tails.size()) {
      tails.set(position, last);
      index.put(new Key(last.id1(), last.linkType()), position);
    }
  }
}
