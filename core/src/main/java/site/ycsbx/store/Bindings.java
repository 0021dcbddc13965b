package site.ycsbx.store;

import java.util.List;
import java.util.Optional;

/** The bindings {@code bin/ycsb} knows by name. */
public final class Bindings {
  /** A binding name, its {@code site.ycsb.DB} class and a line for {@code --help}. */
  public record Binding(String name, String className, String description) {
  }

  private static final List<Binding> ALL = List.of(
      new Binding("basic", "site.ycsb.BasicDB", "YCSB's BasicDB: prints operations, stores nothing"),
      new Binding("null", "site.ycsbx.db.nulldb.NullDb",
          "discards every operation: measures the client's own cost (no server)"),
      new Binding("mongodb", "site.ycsbx.db.mongodb.MongoDbClient",
          "MongoDB through the official Java driver (mongodb.url)"),
      new Binding("mongodb-embedded", "site.ycsbx.db.mongodb.EmbeddedMongoDbClient",
          "in-process MongoDB wire-protocol server, no install (mongodb.embedded.dir)"),
      new Binding("jdbc", "site.ycsbx.db.jdbc.JdbcClient",
          "SQL over JDBC: MariaDB/MySQL, PostgreSQL (db.url, jdbc.engine)"));

  private Bindings() {
  }

  public static List<Binding> all() {
    return ALL;
  }

  public static Optional<Binding> byName(String name) {
    return ALL.stream().filter(b -> b.name().equals(name)).findFirst();
  }

  public static Optional<Binding> byClassName(String className) {
    return ALL.stream().filter(b -> b.className().equals(className)).findFirst();
  }
}
