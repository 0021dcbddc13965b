package site.ycsbx.family;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import site.ycsb.Workload;

/**
 * One workload family as the rest of YCSB-X sees it: what {@code --help}, {@code help properties},
 * the many-clients options, the warm-up and the experiment command need of it, declared once by
 * the family itself (a class in its own workload package, listed in core's
 * {@code META-INF/services/site.ycsbx.family.WorkloadFamily}) instead of in a list of each of
 * them. {@link WorkloadFamilies} finds them.
 *
 * <p>A descriptor is loaded by whatever asks for the families (the warm-up's check, the usage): it
 * names its workload class only in a method, so that finding it loads no workload.
 */
public abstract class WorkloadFamily {
  private final String name;
  private final Class<?> storeType;
  private final String description;
  private final List<String> files;
  private final Declaration declared;

  /**
   * @param name its group in {@code bin/ycsb help properties}, its name in an experiment's plan
   * @param storeType the store interface a binding offers for it; null when it calls YCSB's DB itself
   *     (YCSB's core workloads)
   * @param description one line on what it is, for {@code bin/ycsb help properties}
   * @param files its property files under {@code workloads/}, in the order the reference lists them
   */
  protected WorkloadFamily(String name, Class<?> storeType, String description, String... files) {
    this(new Declaration(name, storeType, description, files));
  }

  /** A family whose answers below are the declaration's (a method it overrides answers instead). */
  protected WorkloadFamily(Declaration declared) {
    this.name = declared.name;
    this.storeType = declared.storeType;
    this.description = declared.description;
    this.files = declared.files;
    this.declared = declared;
  }

  public final String name() {
    return name;
  }

  public final String description() {
    return description;
  }

  public final List<String> files() {
    return files;
  }

  /** How a sentence names the family ("YCSB's core workloads", "iibench"). */
  public String label() {
    return name();
  }

  /** The workload class; a subclass of it is of this family too. */
  public Class<? extends Workload> workloadClass() {
    if (declared.workload == null) {
      throw new IllegalStateException(name + " declares no workload class");
    }
    return declared.workload.get();
  }

  /** Its line under {@code bin/ycsb --help}'s workload files: the files and what each is for. */
  public String filesHelp() {
    return declared.filesHelp != null ? declared.filesHelp : String.join(", ", files()) + ": " + description();
  }

  /** The store interface a binding offers for it; empty when it calls YCSB's DB itself (YCSB's core workloads). */
  public final Optional<Class<?>> storeType() {
    return Optional.ofNullable(storeType);
  }

  /** How {@code ycsbx.clients=N} splits its work; empty: it cannot be split, and N &gt; 1 is refused. */
  public Optional<ClientSplit> clientSplit() {
    return Optional.ofNullable(declared.split);
  }

  /**
   * A rate its {@code [HEADLINE]} gives ({@code headline.<unit>_s}) and the operations whose calls
   * it counts, so that a chart over time draws that figure in its unit.
   *
   * @param perBatch true when a call is a batch of many units (its headline counts them)
   */
  public record Rate(String unit, boolean perBatch, List<String> operations) {
    public Rate(String unit, boolean perBatch, String... operations) {
      this(unit, perBatch, List.of(operations));
    }
  }

  /**
   * Its headline's rates that count some of its operations; a rate not listed counts every
   * operation but a batch's round trip, VERIFY and CLEANUP (YCSB's ops/s, LinkBench's requests/s).
   */
  public List<Rate> rates() {
    return declared.rates;
  }

  /** A family's own name of one of YCSB-X's run options ({@code -p}), one setting with it. */
  public record Alias(String name, String option) {
  }

  /** Its own names of YCSB-X's run options (LinkBench's {@code linkbench.warmup_time} of {@code ycsbx.warmup}). */
  public List<Alias> aliases() {
    return declared.aliases;
  }

  /**
   * The properties that size what its load stores, which a run on that data must take the same:
   * an experiment carries them from a load step to the run steps after it.
   */
  public List<String> loadedShape() {
    return declared.loadedShape;
  }

  /** How an experiment's plan counts a cell of it; empty: it has no count the plan reads. */
  public Optional<CellCount> cellCount() {
    return Optional.ofNullable(declared.cellCount);
  }

  /**
   * The rates an experiment's estimate takes for its cells when nothing was measured on the host,
   * by phase and unit ({@code "load rows"}): the shipped experiments at their default size on a
   * quiet 2-core VM, the data in memory (bench/results/experiments.md), rounded down;
   * docs/tools/experiment.md lists them. A run's operations without one get the estimate's own.
   */
  public Map<String, Double> documentedRates() {
    return declared.documentedRates;
  }

  /**
   * What a family says of itself, declared in its constructor rather than in overrides. Its
   * workload class is named in a lambda, so that declaring it loads no workload. Whatever is not
   * declared has the default the method above gives.
   */
  protected static final class Declaration {
    private final String name;
    private final Class<?> storeType;
    private final String description;
    private final List<String> files;
    private Supplier<Class<? extends Workload>> workload;
    private String filesHelp;
    private ClientSplit split;
    private CellCount cellCount;
    private List<Rate> rates = List.of();
    private List<Alias> aliases = List.of();
    private List<String> loadedShape = List.of();
    private Map<String, Double> documentedRates = Map.of();

    /** As {@link WorkloadFamily#WorkloadFamily(String, Class, String, String...)}. */
    public Declaration(String name, Class<?> storeType, String description, String... files) {
      this.name = name;
      this.storeType = storeType;
      this.description = description;
      this.files = List.of(files);
    }

    /** {@link WorkloadFamily#workloadClass()}. */
    public Declaration workload(Supplier<Class<? extends Workload>> workloadClass) {
      this.workload = workloadClass;
      return this;
    }

    /** {@link WorkloadFamily#filesHelp()}. */
    public Declaration filesHelp(String line) {
      this.filesHelp = line;
      return this;
    }

    /** {@link WorkloadFamily#clientSplit()}: {@link ClientSplit#ITSELF}, the workload reads its share itself. */
    public Declaration splitsItself() {
      this.split = ClientSplit.ITSELF;
      return this;
    }

    /** {@link WorkloadFamily#cellCount()}. */
    public Declaration cellCount(CellCount count) {
      this.cellCount = count;
      return this;
    }

    /** {@link WorkloadFamily#rates()}. */
    public Declaration rates(Rate... of) {
      this.rates = List.of(of);
      return this;
    }

    /** {@link WorkloadFamily#aliases()}. */
    public Declaration aliases(Alias... of) {
      this.aliases = List.of(of);
      return this;
    }

    /** {@link WorkloadFamily#loadedShape()}. */
    public Declaration loadedShape(String... properties) {
      this.loadedShape = List.of(properties);
      return this;
    }

    /** {@link WorkloadFamily#documentedRates()}. */
    public Declaration documentedRates(Map<String, Double> rates) {
      this.documentedRates = rates;
      return this;
    }
  }
}
