package site.ycsbx.db.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The in-process server posing as MongoDB 2.4 and as TokuMX, spoken to on the wire as a 3.x driver
 * speaks to a server of wire version 0 (the messages are written here byte by byte): the
 * handshake's replies, and writes in the legacy opcodes, each answered by the getLastError that
 * follows it, stored on the server behind {@link LegacyWireFront}.
 */
@Tag("server")
class LegacyWireFrontTest {
  private static final int OP_UPDATE = 2001;
  private static final int OP_INSERT = 2002;
  private static final int OP_DELETE = 2006;

  /** One connection to the front, requests numbered as a driver numbers them. */
  private static final class Connection implements AutoCloseable {
    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;
    private int id;

    Connection(int port) throws Exception {
      socket = new Socket(InetAddress.getLoopbackAddress(), port);
      out = socket.getOutputStream();
      in = socket.getInputStream();
    }

    BsonDocument command(String database, BsonDocument command) throws Exception {
      out.write(LegacyWireFront.query(database + ".$cmd", command, ++id));
      out.flush();
      ByteBuffer reply = LegacyWireFront.read(in);
      assertEquals(id, reply.getInt(8), "the reply answers the request");
      return LegacyWireFront.replyDocument(reply);
    }

    /** A legacy write: no reply comes; getLastError says how it went. */
    void write(int opCode, String ns, int flags, BsonDocument... documents) throws Exception {
      byte[] name = (ns + "\0").getBytes(StandardCharsets.UTF_8);
      java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
      ByteBuffer head = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
      if (opCode == OP_INSERT) {
        head.putInt(flags);
        body.write(head.array(), 0, 4);
        body.write(name);
      } else {
        head.putInt(0).putInt(flags);
        body.write(head.array(), 0, 4);
        body.write(name);
        body.write(head.array(), 4, 4);
      }
      for (BsonDocument d : documents) {
        body.write(LegacyWireFront.encode(d));
      }
      ByteBuffer m = ByteBuffer.allocate(16 + body.size()).order(ByteOrder.LITTLE_ENDIAN);
      m.putInt(m.capacity()).putInt(++id).putInt(0).putInt(opCode).put(body.toByteArray());
      out.write(m.array());
      out.flush();
    }

    @Override
    public void close() throws Exception {
      socket.close();
    }
  }

  /** Documents in t.c, asked on the wire: this module's 4.7 driver refuses a server of wire version 0. */
  private static int count(Connection c) throws Exception {
    return c.command("t", doc("{count: 'c'}")).getNumber("n").intValue();
  }

  private static BsonDocument doc(String json) {
    return BsonDocument.parse(json);
  }

  @Test
  void a24ServerTakesLegacyWritesAndAnswersEachGetLastError() throws Exception {
    try (TestServer server = TestServer.posingAsLegacy("2.4.14", null);
        LegacyWireFront front = new LegacyWireFront(server);
        Connection c = new Connection(front.port())) {
      BsonDocument hello = c.command("admin", doc("{isMaster: 1}"));
      assertTrue(hello.getBoolean("ismaster").getValue(), hello.toJson());
      assertFalse(hello.containsKey("maxWireVersion"), "2.4 sends no maxWireVersion: " + hello.toJson());
      BsonDocument build = c.command("admin", doc("{buildInfo: 1}"));
      assertEquals("2.4.14", build.getString("version").getValue());
      assertFalse(build.containsKey("tokumxVersion"));

      c.write(OP_INSERT, "t.c", 0, doc("{_id: 1, a: 1}"), doc("{_id: 2, a: 2}"));
      BsonDocument gle = c.command("t", doc("{getlasterror: 1, j: true}"));
      assertEquals(doc("{ok: 1, err: null, n: 0}"), gle);
      assertEquals(2, count(c));

      c.write(OP_INSERT, "t.c", 0, doc("{_id: 1}"));
      gle = c.command("t", doc("{getlasterror: 1, w: 1}"));
      assertEquals(new BsonInt32(11000), gle.get("code"), gle.toJson());
      assertTrue(gle.getString("err").getValue().contains("duplicate key"), gle.toJson());

      c.write(OP_UPDATE, "t.c", 1, doc("{_id: 3}"), doc("{$set: {a: 3}}"));
      gle = c.command("t", doc("{getlasterror: 1}"));
      assertEquals(doc("{ok: 1, err: null, n: 1, updatedExisting: false, upserted: 3}"), gle);
      c.write(OP_UPDATE, "t.c", 2, doc("{a: {$gte: 2}}"), doc("{$set: {b: 1}}"));
      assertEquals(doc("{ok: 1, err: null, n: 2, updatedExisting: true}"), c.command("t", doc("{getlasterror: 1}")));

      c.write(OP_DELETE, "t.c", 1, doc("{_id: 1}"));
      assertEquals(doc("{ok: 1, err: null, n: 1}"), c.command("t", doc("{getlasterror: 1}")));
      assertEquals(2, count(c));

      // an index, as 2.4 built one: its description inserted into system.indexes
      c.write(OP_INSERT, "t.system.indexes", 0, doc("{ns: 't.c', key: {a: 1}, name: 'a_1'}"));
      assertEquals(doc("{ok: 1, err: null, n: 0}"), c.command("t", doc("{getlasterror: 1}")));
      BsonDocument listed = c.command("t", doc("{listIndexes: 'c'}"));
      assertEquals(List.of("_id_", "a_1"), listed.getDocument("cursor").getArray("firstBatch").stream()
          .map(i -> i.asDocument().getString("name").getValue()).toList());

      assertEquals(List.of("OP_INSERT t.c 2", "getlasterror {\"j\": true}", "OP_INSERT t.c 1", "getlasterror {\"w\": 1}",
          "OP_UPDATE t.c upsert", "getlasterror {}", "OP_UPDATE t.c multi", "getlasterror {}", "OP_DELETE t.c single",
          "getlasterror {}", "OP_INSERT t.system.indexes 1", "getlasterror {}"), front.received());
      // behind the front, the server got the write commands
      assertEquals(List.of("insert", "insert", "update", "update", "delete", "createIndexes"), server.commandNames("t")
          .stream().filter(n -> List.of("insert", "update", "delete", "createIndexes").contains(n)).toList());
    }
  }

  @Test
  void tokuMxSaysItsVersionBesideThe24ItIsBuiltOn() throws Exception {
    try (TestServer server = TestServer.posingAsLegacy("2.4.10", "2.0.2");
        LegacyWireFront front = new LegacyWireFront(server);
        Connection c = new Connection(front.port())) {
      assertFalse(c.command("admin", doc("{isMaster: 1}")).containsKey("maxWireVersion"));
      BsonDocument build = c.command("admin", doc("{buildInfo: 1}"));
      assertEquals("2.4.10", build.getString("version").getValue());
      assertEquals("2.0.2", build.getString("tokumxVersion").getValue());
      // before any write, getLastError says nothing went wrong, as on a fresh 2.4 connection
      assertEquals(BsonNull.VALUE, c.command("admin", doc("{getlasterror: 1}")).get("err"));
    }
  }
}
