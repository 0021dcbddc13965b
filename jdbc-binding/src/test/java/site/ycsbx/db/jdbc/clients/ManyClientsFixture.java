package site.ycsbx.db.jdbc.clients;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/** What every many-clients test starts from: a folder of its own and the clients' launcher set up in it. */
abstract class ManyClientsFixture {
  @TempDir
  static Path tmp;
  static ClientProcesses clients;

  @BeforeAll
  static void home() throws IOException {
    clients = ClientProcesses.inHome(tmp);
  }
}
