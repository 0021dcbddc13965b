package site.ycsbx.results;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import site.ycsbx.util.UserError;

/**
 * What {@code sweep.json} holds: how the sweep was run (secrets masked), every point with its
 * fingerprint and per-operation results, and the verdict. {@code sweep} writes it, {@code compare}
 * reads it back.
 *
 * @param folders the run or merged folders of a {@code sweep --from}; null for a sweep that ran its points
 */
public record SweepFile(String label, String phase, String binding, List<String> workloadFiles, List<String> ycsbArgs,
    List<Integer> threads, int repeat, boolean reload, Double slaP99Ms, List<PointResult> points, Verdict verdict,
    List<String> folders) {
  public static final String FILE = "sweep.json";

  private static ObjectMapper mapper() {
    ObjectMapper m = new ObjectMapper();
    m.enable(SerializationFeature.INDENT_OUTPUT);
    m.enable(JsonParser.Feature.ALLOW_NON_NUMERIC_NUMBERS);
    m.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    return m;
  }

  /** Reads a sweep folder's sweep.json. */
  public static SweepFile read(Path dir) {
    Path f = dir.resolve(FILE);
    if (!Files.isRegularFile(f)) {
      throw new UserError(dir + " is not a sweep folder (no " + FILE + ")");
    }
    try {
      return mapper().readValue(f.toFile(), SweepFile.class);
    } catch (IOException e) {
      throw new UserError("cannot read " + f + ": " + e.getMessage().split("\n")[0]);
    }
  }

  /** Writes sweep.json into {@code dir}, which exists. */
  public void write(Path dir) throws IOException {
    mapper().writeValue(dir.resolve(FILE).toFile(), this);
  }
}
