package site.ycsbx.db.jdbc.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import site.ycsbx.testing.JavaProcess;

/** distribution/kubernetes as the tests read it: the Dockerfile's entrypoint and the Job manifests. */
final class KubernetesRecipe {
  static final Path DIR = JavaProcess.repoRoot().resolve("distribution/kubernetes");

  private KubernetesRecipe() {
  }

  /**
   * The entrypoint script as a path inside the tarball: the Dockerfile copies the unpacked
   * tarball (its build context) to a folder and names a script under it as ENTRYPOINT.
   */
  static String entrypointInTarball() throws IOException {
    String docker = Files.readString(DIR.resolve("Dockerfile"));
    Matcher copy = Pattern.compile("(?m)^COPY \\. (\\S+)$").matcher(docker);
    assertTrue(copy.find(), "the Dockerfile copies the unpacked tarball (COPY . DIR):\n" + docker);
    String home = copy.group(1).replaceFirst("/$", "") + "/";
    Matcher entry = Pattern.compile("(?m)^ENTRYPOINT (\\[.*\\])$").matcher(docker);
    assertTrue(entry.find(), "no exec-form ENTRYPOINT:\n" + docker);
    List<String> exec = new ArrayList<>();
    new ObjectMapper().readTree(entry.group(1)).forEach(n -> exec.add(n.asText()));
    assertEquals(1, exec.size(), "the entrypoint is the script alone, arguments come from the Job: " + exec);
    assertTrue(exec.get(0).startsWith(home), exec + " is not under " + home);
    return exec.get(0).substring(home.length());
  }

  /** Every YAML document of a manifest file. */
  static List<JsonNode> documents(String file) throws IOException {
    YAMLFactory yaml = new YAMLFactory();
    ObjectMapper mapper = new ObjectMapper(yaml);
    List<JsonNode> docs = new ArrayList<>();
    try (YAMLParser p = yaml.createParser(DIR.resolve(file).toFile())) {
      var it = mapper.readValues(p, JsonNode.class);
      while (it.hasNext()) {
        docs.add(it.next());
      }
    }
    return docs;
  }
}
