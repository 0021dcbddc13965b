package site.ycsbx.measurements;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.codehaus.jackson.JsonFactory;
import org.codehaus.jackson.JsonGenerator;
import org.codehaus.jackson.util.DefaultPrettyPrinter;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * Writes the same records as YCSB's JSON exporters ({"metric", "measurement", "value"}), as an
 * array or as a sequence of objects, and can add string-valued records: YCSB's exporters take
 * numbers only, and the fingerprint is text.
 */
final class JsonExporter implements MeasurementsExporter {
  private final JsonGenerator g;
  private final boolean array;

  JsonExporter(OutputStream os, boolean array) throws IOException {
    this.array = array;
    g = new JsonFactory().createJsonGenerator(new BufferedWriter(new OutputStreamWriter(os, StandardCharsets.UTF_8)));
    g.setPrettyPrinter(new DefaultPrettyPrinter());
    if (array) {
      g.writeStartArray();
    }
  }

  void writeStrings(String metric, Map<String, String> values) throws IOException {
    for (Map.Entry<String, String> e : values.entrySet()) {
      start(metric, e.getKey());
      g.writeStringField("value", e.getValue());
      g.writeEndObject();
    }
  }

  @Override
  public void write(String metric, String measurement, int i) throws IOException {
    write(metric, measurement, (long) i);
  }

  @Override
  public void write(String metric, String measurement, long i) throws IOException {
    start(metric, measurement);
    g.writeNumberField("value", i);
    g.writeEndObject();
  }

  @Override
  public void write(String metric, String measurement, double d) throws IOException {
    start(metric, measurement);
    g.writeNumberField("value", d);
    g.writeEndObject();
  }

  /** Opens an entry's object with its metric and measurement; the caller writes its value and closes it. */
  private void start(String metric, String measurement) throws IOException {
    g.writeStartObject();
    g.writeStringField("metric", metric);
    g.writeStringField("measurement", measurement);
  }

  @Override
  public void close() throws IOException {
    if (array) {
      g.writeEndArray();
    }
    g.close();
  }
}
