package site.ycsbx.db.nulldb.filemeta;

import java.util.List;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.store.filemeta.FileRow;

/**
 * Keeps nothing: queries find nothing, writes succeed (updates and deletes find their file, so a
 * read/write run has no failures). What a run on it measures is the client: file generation,
 * YCSB's Client and the measurements.
 */
public final class NullFileMetaStore implements FileMetaStore {
  @Override
  public void prepare(FileMetaPlan plan) {
  }

  @Override
  public long maxId() {
    return -1; // empty: a load adds ids from 0
  }

  @Override
  public void insertFiles(List<FileRow> files) {
  }

  @Override
  public void insertFile(FileRow file) {
  }

  @Override
  public List<FileRow> latestByUser(long userId, int limit) {
    return List.of();
  }

  @Override
  public long countDeleted(int serverId) {
    return 0;
  }

  @Override
  public boolean updateFile(long id, long lastUpdated, long size) {
    return true;
  }

  @Override
  public boolean deleteFile(long id) {
    return true;
  }

  @Override
  public long countByUser(long userId) {
    return 0;
  }

  @Override
  public java.util.Map<Long, Long> filesPerUser() {
    return java.util.Map.of();
  }

  @Override
  public java.util.Map<Integer, long[]> filesPerServer() {
    return java.util.Map.of();
  }

  @Override
  public List<FileRow> filesBetween(long fromId, long toId) {
    return List.of();
  }

  @Override
  public long countBetween(long fromId, long toId) {
    return 0;
  }

  @Override
  public List<Long> missingIds(long files, int limit) {
    // nothing is kept: every id is missing
    List<Long> out = new java.util.ArrayList<>();
    for (long id = 0; id < files && out.size() < limit; id++) {
      out.add(id);
    }
    return out;
  }

  @Override
  public List<Long> idsOutside(long files, int limit) {
    return List.of();
  }
}
