package site.ycsbx.workloads.linkbench;

import java.util.List;
import site.ycsbx.util.PropertyDef;

/**
 * The defaults of one of LinkBench's payload generators ({@code *_datagen_startbyte},
 * {@code endbyte}, {@code uniqueness}, {@code motif_length}): links and nodes have their own,
 * the same for adds (the load) and updates (the run).
 */
record DataGen(int startByte, int endByte, double uniqueness, int motifLength) {
  /** LinkBench's FBWorkload.properties. */
  static final DataGen LINK = new DataGen(32, 100, 0.225, 128);
  static final DataGen NODE = new DataGen(50, 220, 0.63, 512);

  /** The four settings under {@code prefix} (e.g. {@code linkbench.link_add_datagen_}), for the reference. */
  List<PropertyDef> properties(String prefix, String what) {
    return List.of(
        PropertyDef.of(prefix + "startbyte", startByte, what + ": lowest byte value of a payload, 0 to 254"),
        PropertyDef.of(prefix + "endbyte", endByte, what + ": byte values stay below this, 1 to 255"),
        PropertyDef.of(prefix + "uniqueness", uniqueness, what + ": share of random (incompressible) 128-byte chunks,"
            + " 0 to 1; the rest is copied from a motif"),
        PropertyDef.of(prefix + "motif_length", motifLength, what + ": bytes of the motif the rest is copied from"));
  }
}
