package site.ycsbx.db.mongodb;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;

/**
 * MongoDB 2.4's write protocol (wire version 0) in front of a {@link TestServer}: a driver of the
 * 3.x line that finds no maxWireVersion writes with OP_INSERT, OP_UPDATE and OP_DELETE, each
 * followed by a getLastError carrying the write concern; mongo-java-server decodes only OP_QUERY
 * and OP_MSG and drops the connection on the others. This front turns each legacy write into the
 * insert/update/delete command the server understands, keeps its outcome per connection and
 * answers the getLastError that follows from it, as 2.4 did; an aggregate without a cursor (2.4's
 * only form) gets its whole result inline, as 2.4 gave it; everything else passes through.
 * It records what it was sent in the old protocol's terms ("OP_INSERT t.c 2",
 * "getlasterror {j: true}"), so a test can assert the write concern went out as getLastError.
 *
 * <p>In front of a server posing as TokuMX it also answers TokuMX's transaction commands
 * (beginTransaction, commitTransaction, rollbackTransaction) as TokuMX did, per connection (a
 * commit or rollback without a transaction begun on that connection fails, as does a second
 * begin), without undoing anything (what is tested is what goes over which connection), and
 * records each connection's requests in order ({@link #byConnection()}).
 */
public final class LegacyWireFront implements AutoCloseable {
  private static final int OP_REPLY = 1;
  private static final int OP_UPDATE = 2001;
  private static final int OP_INSERT = 2002;
  private static final int OP_QUERY = 2004;
  private static final int OP_DELETE = 2006;
  private static final int OP_KILL_CURSORS = 2007;
  private static final int OP_MSG = 2013;
  private static final java.util.Set<String> TOKUMX_COMMANDS = java.util.Set.of("beginTransaction",
      "commitTransaction", "rollbackTransaction");

  private final ServerSocket listener;
  private final int backendPort;
  private final List<String> received = new CopyOnWriteArrayList<>();
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final AtomicInteger ids = new AtomicInteger(1_000_000);
  private final boolean tokumx;
  private final AtomicInteger connections = new AtomicInteger();
  private final Map<Integer, List<String>> byConnection = new ConcurrentHashMap<>();

  public LegacyWireFront(TestServer backend) {
    this.backendPort = backend.port();
    this.tokumx = backend.posesAsTokuMX();
    try {
      listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    Thread accept = new Thread(this::accept, "legacy-wire-front");
    accept.setDaemon(true);
    accept.start();
  }

  public int port() {
    return listener.getLocalPort();
  }

  public String url(String database) {
    return "mongodb://127.0.0.1:" + port() + "/" + database;
  }

  /** What clients sent in the legacy protocol: writes as "OP_INSERT ns n", getLastErrors with their options. */
  public List<String> received() {
    return new ArrayList<>(received);
  }

  /**
   * In front of a TokuMX pose, each client connection's requests in order, by connection number:
   * "beginTransaction", "commitTransaction", "rollbackTransaction", "OP_INSERT ns",
   * "OP_UPDATE ns", "OP_DELETE ns", "getlasterror", "&lt;command&gt; &lt;collection&gt;" (find,
   * aggregate, distinct, count...), "query ns" for a legacy query; empty before TokuMX.
   */
  public Map<Integer, List<String>> byConnection() {
    Map<Integer, List<String>> out = new TreeMap<>();
    byConnection.forEach((n, l) -> out.put(n, List.copyOf(l)));
    return out;
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        Socket server = new Socket(InetAddress.getLoopbackAddress(), backendPort);
        sockets.add(client);
        sockets.add(server);
        Thread t = new Thread(() -> serve(client, server), "legacy-wire-connection");
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  /** One client connection: requests one at a time, as the 3.x driver sends them on a connection. */
  private void serve(Socket client, Socket server) {
    BsonDocument lastError = outcome(null, new BsonDocument("ok", new BsonInt32(1)).append("n", new BsonInt32(0)));
    List<String> log = new CopyOnWriteArrayList<>();
    if (tokumx) {
      byConnection.put(connections.incrementAndGet(), log);
    }
    boolean inTransaction = false;
    try (client; server) {
      DataInputStream fromClient = new DataInputStream(client.getInputStream());
      DataInputStream fromServer = new DataInputStream(server.getInputStream());
      OutputStream toClient = client.getOutputStream();
      OutputStream toServer = server.getOutputStream();
      while (true) {
        ByteBuffer m = readMessage(fromClient);
        int requestId = m.getInt(4);
        int opCode = m.getInt(12);
        switch (opCode) {
          case OP_INSERT, OP_UPDATE, OP_DELETE -> {
            BsonDocument command = asCommand(m, opCode);
            String ns = command.getString("$ns").getValue();
            log.add((opCode == OP_INSERT ? "OP_INSERT " : opCode == OP_UPDATE ? "OP_UPDATE " : "OP_DELETE ") + ns);
            command.remove("$ns");
            toServer.write(query(ns.substring(0, ns.indexOf('.')) + ".$cmd", command, ids.incrementAndGet()));
            toServer.flush();
            lastError = outcome(firstKey(command), replyDocument(readMessage(fromServer)));
          }
          case OP_QUERY -> {
            Query q = Query.of(m);
            String name = q.ns().endsWith(".$cmd") ? firstKey(q.body()) : null;
            log.add(name == null ? "query " + q.ns() : q.body().get(name).isString()
                ? name + " " + q.body().getString(name).getValue() : name);
            if (tokumx && name != null && TOKUMX_COMMANDS.contains(name)) {
              boolean begin = name.equals("beginTransaction");
              BsonDocument answer = begin != inTransaction ? new BsonDocument("ok", new BsonInt32(1))
                  : new BsonDocument("ok", new BsonInt32(0)).append("errmsg", new BsonString(begin
                  ? "transaction already exists" : "no transaction exists to be " + (name.startsWith("commit")
                  ? "committed" : "rolled back")));
              inTransaction = begin || inTransaction && answer.getInt32("ok").getValue() == 0;
              toClient.write(reply(requestId, answer));
              toClient.flush();
            } else if (name != null && name.equalsIgnoreCase("getlasterror")) {
              BsonDocument options = q.body().clone();
              options.remove(firstKey(options));
              received.add("getlasterror " + options.toJson());
              toClient.write(reply(requestId, lastError));
              toClient.flush();
            } else if (name != null && name.equals("aggregate")
                && !q.body().containsKey("cursor")) {
              received.add("aggregate inline");
              toServer.write(query(q.ns(), q.body().clone().append("cursor", new BsonDocument("batchSize",
                  new BsonInt32(Integer.MAX_VALUE))), ids.incrementAndGet()));
              toServer.flush();
              toClient.write(reply(requestId, inline(replyDocument(readMessage(fromServer)))));
              toClient.flush();
            } else {
              relay(m, toServer, fromServer, toClient);
            }
          }
          case OP_KILL_CURSORS -> {
            // no reply is expected; mongo-java-server does not decode it, and its cursors time out
          }
          case OP_MSG -> {
            boolean moreToCome = (m.getInt(16) & 2) != 0;
            toServer.write(m.array());
            toServer.flush();
            if (!moreToCome) {
              toClient.write(readMessage(fromServer).array());
              toClient.flush();
            }
          }
          default -> relay(m, toServer, fromServer, toClient);
        }
      }
    } catch (EOFException e) {
      // the client closed its connection
    } catch (IOException e) {
      // closed by close() or by either side
    }
  }

  private static void relay(ByteBuffer m, OutputStream toServer, DataInputStream fromServer, OutputStream toClient)
      throws IOException {
    toServer.write(m.array());
    toServer.flush();
    toClient.write(readMessage(fromServer).array());
    toClient.flush();
  }

  /** The write command of a legacy write message; "$ns" carries the namespace out. */
  private BsonDocument asCommand(ByteBuffer m, int opCode) {
    m.position(16);
    if (opCode == OP_INSERT) {
      int flags = m.getInt();
      String ns = cstring(m);
      BsonArray documents = new BsonArray();
      while (m.hasRemaining()) {
        documents.add(document(m));
      }
      received.add("OP_INSERT " + ns + " " + documents.size());
      if (collection(ns).equals("system.indexes")) {
        // 2.4 builds an index when its description is inserted here; createIndexes is 2.6's command
        BsonDocument index = documents.get(0).asDocument().clone();
        String on = index.remove("ns").asString().getValue();
        return new BsonDocument("createIndexes", new BsonString(collection(on)))
            .append("indexes", new BsonArray(List.of(index))).append("$ns", new BsonString(ns));
      }
      return new BsonDocument("insert", new BsonString(collection(ns))).append("documents", documents)
          .append("ordered", BsonBoolean.valueOf((flags & 1) == 0)).append("$ns", new BsonString(ns));
    }
    m.getInt(); // reserved
    String ns = cstring(m);
    int flags = m.getInt();
    BsonDocument selector = document(m);
    if (opCode == OP_UPDATE) {
      BsonDocument update = document(m);
      received.add("OP_UPDATE " + ns + ((flags & 1) != 0 ? " upsert" : "") + ((flags & 2) != 0 ? " multi" : ""));
      BsonDocument one = new BsonDocument("q", selector).append("u", update)
          .append("upsert", BsonBoolean.valueOf((flags & 1) != 0)).append("multi", BsonBoolean.valueOf((flags & 2) != 0));
      return new BsonDocument("update", new BsonString(collection(ns))).append("updates", new BsonArray(List.of(one)))
          .append("$ns", new BsonString(ns));
    }
    received.add("OP_DELETE " + ns + ((flags & 1) != 0 ? " single" : ""));
    BsonDocument one = new BsonDocument("q", selector).append("limit", new BsonInt32((flags & 1) != 0 ? 1 : 0));
    return new BsonDocument("delete", new BsonString(collection(ns))).append("deletes", new BsonArray(List.of(one)))
        .append("$ns", new BsonString(ns));
  }

  /** getLastError's answer to a write command's reply, as 2.4 gave it: err null or the first error, n, upserted. */
  static BsonDocument outcome(String command, BsonDocument reply) {
    BsonDocument gle = new BsonDocument("ok", new BsonInt32(1));
    BsonValue err = BsonNull.VALUE;
    if (reply.containsKey("writeErrors") && !reply.getArray("writeErrors").isEmpty()) {
      BsonDocument first = reply.getArray("writeErrors").get(0).asDocument();
      err = first.getString("errmsg", new BsonString("error"));
      gle.append("code", first.get("code", new BsonInt32(8)));
    } else if (reply.getNumber("ok", new BsonInt32(1)).intValue() != 1) {
      err = reply.getString("errmsg", new BsonString("error"));
      gle.append("code", reply.get("code", new BsonInt32(8)));
    }
    gle.append("err", err);
    // 2.4 reports n 0 for inserts, the documents matched or removed otherwise
    int n = "insert".equals(command) ? 0 : reply.getNumber("n", new BsonInt32(0)).intValue();
    gle.append("n", new BsonInt32(n));
    if ("update".equals(command)) {
      boolean upserted = reply.containsKey("upserted") && !reply.getArray("upserted").isEmpty();
      gle.append("updatedExisting", BsonBoolean.valueOf(n > 0 && !upserted));
      if (upserted) {
        gle.append("upserted", reply.getArray("upserted").get(0).asDocument().get("_id"));
      }
    }
    return gle;
  }

  /**
   * 2.4's answer to an aggregate (no cursor before 2.6): the whole result inline, from the
   * server's first batch, which the front asks to hold everything.
   */
  static BsonDocument inline(BsonDocument reply) {
    if (!reply.containsKey("cursor")) {
      return reply;
    }
    return new BsonDocument("result", reply.getDocument("cursor").getArray("firstBatch")).append("ok", new BsonInt32(1));
  }

  private record Query(String ns, BsonDocument body) {
    static Query of(ByteBuffer m) {
      m.position(20);
      String ns = cstring(m);
      m.getInt(); // numberToSkip
      m.getInt(); // numberToReturn
      return new Query(ns, document(m));
    }
  }

  // BsonDocument.getFirstKey is 3.6+: the bson of the 3.5 driver, which a legacy binding's tests would run on, lacks it
  private static String firstKey(BsonDocument d) {
    return d.keySet().iterator().next();
  }

  private static String collection(String ns) {
    return ns.substring(ns.indexOf('.') + 1);
  }

  private static String cstring(ByteBuffer m) {
    int start = m.position();
    while (m.get() != 0) {
      // up to the terminating zero
    }
    return new String(m.array(), start, m.position() - start - 1, StandardCharsets.UTF_8);
  }

  private static BsonDocument document(ByteBuffer m) {
    int length = m.getInt(m.position());
    RawBsonDocument raw = new RawBsonDocument(m.array(), m.position(), length);
    m.position(m.position() + length);
    return raw.decode(new BsonDocumentCodec());
  }

  private static ByteBuffer readMessage(DataInputStream in) throws IOException {
    byte[] first = new byte[4];
    in.readFully(first);
    int length = ByteBuffer.wrap(first).order(ByteOrder.LITTLE_ENDIAN).getInt();
    byte[] all = new byte[length];
    System.arraycopy(first, 0, all, 0, 4);
    in.readFully(all, 4, length - 4);
    return ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN);
  }

  /** The first document of an OP_REPLY (or the body of an OP_MSG reply). */
  static BsonDocument replyDocument(ByteBuffer m) {
    m.position(m.getInt(12) == OP_REPLY ? 36 : 21);
    return document(m);
  }

  static byte[] encode(BsonDocument d) {
    BasicOutputBuffer out = new BasicOutputBuffer();
    new BsonDocumentCodec().encode(new org.bson.BsonBinaryWriter(out), d, EncoderContext.builder().build());
    return out.toByteArray();
  }

  static byte[] query(String ns, BsonDocument command, int requestId) {
    byte[] name = (ns + "\0").getBytes(StandardCharsets.UTF_8);
    byte[] body = encode(command);
    ByteBuffer b = ByteBuffer.allocate(16 + 4 + name.length + 8 + body.length).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(b.capacity()).putInt(requestId).putInt(0).putInt(OP_QUERY);
    b.putInt(0).put(name).putInt(0).putInt(-1).put(body);
    return b.array();
  }

  private byte[] reply(int responseTo, BsonDocument d) {
    byte[] body = encode(d);
    ByteBuffer b = ByteBuffer.allocate(36 + body.length).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(b.capacity()).putInt(ids.incrementAndGet()).putInt(responseTo).putInt(OP_REPLY);
    b.putInt(0).putLong(0L).putInt(0).putInt(1).put(body);
    return b.array();
  }

  @Override
  public void close() {
    try {
      listener.close();
    } catch (IOException e) {
      // closing anyway
    }
    for (Socket s : sockets) {
      try {
        s.close();
      } catch (IOException e) {
        // closing anyway
      }
    }
  }

  /** For the tests: reads one message of the stream as the front does. */
  static ByteBuffer read(InputStream in) throws IOException {
    return readMessage(new DataInputStream(in));
  }
}
