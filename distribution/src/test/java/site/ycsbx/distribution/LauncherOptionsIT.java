package site.ycsbx.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.distribution.Shell.Result;

/**
 * YCSB 0.17's launcher options in bin/ycsb: {@code -jvm-args} reaches the JVM, {@code -cp} adds
 * class path entries (here an exporter compiled by the test), both anywhere on the command line
 * and in both spellings ({@code -cp X}, {@code -cp=X}); JAVA_OPTS still works beside them.
 */
@Tag("process")
class LauncherOptionsIT {
  @TempDir
  static Path tmp;
  static Path repo;
  static Shell shell;
  /** A folder holding t.CopyExporter, a MeasurementsExporter that is not on YCSB-X's class path. */
  static Path exporterClasses;

  @BeforeAll
  static void setUp() throws IOException {
    repo = Path.of(Shell.property("ycsbx.repo")).toRealPath();
    shell = Shell.create(tmp);
    Path src = Files.createDirectories(tmp.resolve("src/t"));
    Files.writeString(src.resolve("CopyExporter.java"), "package t;\n"
        + "public class CopyExporter extends site.ycsb.measurements.exporter.TextMeasurementsExporter {\n"
        + "  public CopyExporter(java.io.OutputStream os) throws java.io.IOException {\n"
        + "    super(os);\n"
        + "    os.write(\"COPY-EXPORTER\\n\".getBytes());\n"
        + "  }\n"
        + "}\n");
    exporterClasses = Files.createDirectories(tmp.resolve("classes"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    String classpath = Files.readString(Path.of(Shell.property("ycsbx.classpath.file"))).strip();
    int rc = javac.run(null, null, null, "-cp", classpath, "-d", exporterClasses.toString(),
        src.resolve("CopyExporter.java").toString());
    assertEquals(0, rc, "compiling the test exporter");
  }

  private static Result ycsb(Path work, String... args) {
    List<String> command = new java.util.ArrayList<>(List.of(repo.resolve("bin/ycsb").toString()));
    command.addAll(List.of(args));
    return shell.run(work, Shell.env(shell.pathWithJava()), command.toArray(new String[0]));
  }

  @Test
  void jvmArgsReachTheJvm() throws IOException {
    Path work = Files.createDirectories(tmp.resolve("jvm"));
    Result r = ycsb(work, "--help", "-jvm-args", "-XshowSettings:properties -Dycsbx.launcher.test=one");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stderr().contains("ycsbx.launcher.test = one"), r.all());
    assertTrue(r.stdout().contains("Usage: ycsb"), r.all());

    Result eq = ycsb(work, "-jvm-args=-XshowSettings:properties", "--help");
    assertEquals(0, eq.exitCode(), eq.all());
    assertTrue(eq.stderr().contains("java.class.path = "), eq.all());
  }

  @Test
  void cpAddsAnExporterYcsbXDoesNotShip() throws IOException {
    Path work = Files.createDirectories(tmp.resolve("cp"));
    String workload = repo.resolve("workloads/workloada").toString();
    Result without = ycsb(work, "load", "null", "-P", workload, "-p", "recordcount=5", "-p", "exporter=t.CopyExporter");
    assertEquals(2, without.exitCode(), without.all());
    assertTrue(without.stderr().contains("exporter=t.CopyExporter is not on the class path"), without.all());

    Path out = work.resolve("out.txt");
    Result with = ycsb(work, "load", "null", "-cp", exporterClasses.toString(), "-P", workload, "-p", "recordcount=5",
        "-p", "exporter=t.CopyExporter", "-p", "exportfile=" + out);
    assertEquals(0, with.exitCode(), with.all());
    String exported = Files.readString(out);
    assertTrue(exported.contains("COPY-EXPORTER"), exported);
    assertTrue(exported.contains("[OVERALL], Throughput(ops/sec)"), exported);
    assertFalse(with.stdout().contains("-cp " + exporterClasses), "the launcher options are not passed to YCSB: " + with.all());

    Result eq = ycsb(work, "load", "null", "-P", workload, "-p", "recordcount=5", "-p", "exporter=t.CopyExporter",
        "-cp=" + exporterClasses);
    assertEquals(0, eq.exitCode(), eq.all());
    assertTrue(eq.stdout().contains("COPY-EXPORTER"), eq.all());
  }

  @Test
  void javaOptsStillReachTheJvm() throws IOException {
    Path work = Files.createDirectories(tmp.resolve("opts"));
    Result r = shell.run(work, Shell.env(shell.pathWithJava(), "JAVA_OPTS", "-XshowSettings:properties -Dycsbx.opts=two"),
        repo.resolve("bin/ycsb").toString(), "--help");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stderr().contains("ycsbx.opts = two"), r.all());
  }

  @Test
  void aLauncherOptionWithoutItsValueIsOneLine() throws IOException {
    Path work = Files.createDirectories(tmp.resolve("novalue"));
    Result r = ycsb(work, "load", "null", "-jvm-args");
    assertEquals(2, r.exitCode(), r.all());
    assertEquals(1, r.stderrLines().size(), r.all());
    assertTrue(r.stderr().startsWith("ycsb: -jvm-args needs a value"), r.all());
  }
}
