package site.ycsbx.db.jdbc.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.testing.JavaProcess;

/** distribution/kubernetes/job.yaml and merge-job.yaml parsed, their wiring asserted. */
@Tag("fast")
class KubernetesJobTest {
  private static JsonNode ofKind(List<JsonNode> docs, String kind) {
    return docs.stream().filter(d -> d.path("kind").asText().equals(kind)).findFirst()
        .orElseThrow(() -> new AssertionError("no " + kind + " in " + docs));
  }

  private static Map<String, JsonNode> env(JsonNode container) {
    Map<String, JsonNode> env = new HashMap<>();
    container.path("env").forEach(e -> env.put(e.path("name").asText(), e));
    return env;
  }

  @Test
  void theJobRunsOneIndexedPodPerClientStartingTogetherIntoTheSharedVolume() throws Exception {
    List<JsonNode> docs = KubernetesRecipe.documents("job.yaml");
    JsonNode job = ofKind(docs, "Job");
    assertEquals("batch/v1", job.path("apiVersion").asText());
    JsonNode spec = job.path("spec");
    assertEquals("Indexed", spec.path("completionMode").asText());
    int clients = spec.path("completions").asInt();
    assertTrue(clients > 1, spec.toString());
    assertEquals(clients, spec.path("parallelism").asInt(), "every client runs at once");
    assertEquals(0, spec.path("backoffLimit").asInt(), "a retried client would miss the shared start");
    JsonNode pod = spec.path("template").path("spec");
    assertEquals("Never", pod.path("restartPolicy").asText());
    assertEquals(1, pod.path("containers").size());
    JsonNode c = pod.path("containers").get(0);
    // the image's entrypoint does the wiring: no command override
    assertTrue(c.path("command").isMissingNode(), c.toString());
    Map<String, JsonNode> env = env(c);
    assertEquals(String.valueOf(clients), env.get("YCSBX_CLIENTS").path("value").asText(), "clients = completions");
    assertEquals("metadata.annotations['batch.kubernetes.io/job-completion-index']",
        env.get("JOB_COMPLETION_INDEX").path("valueFrom").path("fieldRef").path("fieldPath").asText());
    // one start for every pod: a single value in the pod template, filled in when applying
    assertEquals("__STARTAT__", env.get("YCSBX_STARTAT").path("value").asText());
    String out = env.get("YCSBX_OUT").path("value").asText();
    JsonNode mount = c.path("volumeMounts").get(0);
    assertEquals(out, mount.path("mountPath").asText(), "results are written to the mounted volume");
    JsonNode volume = pod.path("volumes").get(0);
    assertEquals(mount.path("name").asText(), volume.path("name").asText());
    String claim = volume.path("persistentVolumeClaim").path("claimName").asText();
    JsonNode pvc = ofKind(docs, "PersistentVolumeClaim");
    assertEquals(claim, pvc.path("metadata").path("name").asText());
    assertEquals("ReadWriteMany", pvc.path("spec").path("accessModes").get(0).asText(), "pods on several nodes share it");
    List<String> args = new java.util.ArrayList<>();
    c.path("args").forEach(a -> args.add(a.asText()));
    assertTrue(List.of("load", "run").contains(args.get(0)), args.toString());
    assertTrue(Files.isRegularFile(JavaProcess.repoRoot().resolve(args.get(args.indexOf("-P") + 1))), args.toString());
    // the password comes from a Secret, through Kubernetes' $(VAR) expansion
    assertTrue(args.contains("db.passwd=$(DB_PASSWORD)"), args.toString());
    assertEquals("password", env.get("DB_PASSWORD").path("valueFrom").path("secretKeyRef").path("key").asText());

    JsonNode merge = ofKind(KubernetesRecipe.documents("merge-job.yaml"), "Job");
    JsonNode mc = merge.path("spec").path("template").path("spec").path("containers").get(0);
    assertEquals(c.path("image").asText(), mc.path("image").asText());
    assertEquals("bin/ycsb merge " + out + "/client-* --out " + out + "/merged", mc.path("args").get(0).asText());
    assertEquals(claim, merge.path("spec").path("template").path("spec").path("volumes").get(0)
        .path("persistentVolumeClaim").path("claimName").asText());
  }
}
