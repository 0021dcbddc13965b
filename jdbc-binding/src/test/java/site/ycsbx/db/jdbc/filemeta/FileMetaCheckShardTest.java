package site.ycsbx.db.jdbc.filemeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.store.filemeta.FileMetaSharding;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.util.UserError;

/** A sharded filemeta load is MongoDB's: the jdbc preflight refuses it before it looks at any server. */
@Tag("fast")
class FileMetaCheckShardTest {
  @Test
  void shardingIsRefusedBeforeTheServerIsAsked() {
    FileMetaPlan plan = new FileMetaPlan("files", 100, false,
        new FileMetaSharding(true, FileMetaSharding.Key.RANGE, 0, List.of(), false));
    // no server: the refusal must come before the check touches one
    UserError e = assertThrows(UserError.class,
        () -> new FileMetaCheck().check(null, new StoreDemand(FileMetaStore.class, plan)));
    assertEquals("filemeta.shard=true shards a MongoDB collection through a mongos; the jdbc binding has no shards to"
        + " spread the table over; remove filemeta.shard", e.getMessage());
    assertEquals(UserError.BAD_INPUT, e.exitCode());
  }
}
