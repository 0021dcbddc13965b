package site.ycsbx.workloads.linkbench;

/**
 * The ten requests of LinkBench's request phase, with the key of each one's share of the mix
 * (FBWorkload.properties) and LinkBench's default share in percent. The order is LinkBench's:
 * the mix's cumulative shares are taken in it, so the same seed draws the same kinds.
 */
public enum LinkBenchOp {
  ADD_LINK("addlink", 8.9886601),
  DELETE_LINK("deletelink", 2.9907664),
  UPDATE_LINK("updatelink", 8.0122125),
  COUNT_LINK("countlink", 4.8863567),
  MULTIGET_LINK("getlink", 0.5261142),
  GET_LINKS_LIST("getlinklist", 50.7119145),
  ADD_NODE("addnode", 2.5732789),
  UPDATE_NODE("updatenode", 7.366437),
  DELETE_NODE("deletenode", 1.0115914),
  GET_NODE("getnode", 12.9326683);

  static final LinkBenchOp[] ALL = values();

  /** The property of this request's share: {@code linkbench.<LinkBench's key>}. */
  final String property;
  final double defaultPercent;

  LinkBenchOp(String key, double defaultPercent) {
    this.property = "linkbench." + key;
    this.defaultPercent = defaultPercent;
  }

  boolean writesLinks() {
    return this == ADD_LINK || this == DELETE_LINK || this == UPDATE_LINK;
  }
}
