package site.ycsbx.workloads.filemeta;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsbx.store.filemeta.FileRow;

/** The files a load of these properties inserts, for contract tests that load a store without the Client. */
public final class GeneratedFiles {
  private GeneratedFiles() {
  }

  public static List<FileRow> of(Properties props) {
    FileMetaSettings s = new FileMetaSettings(props);
    FileGenerator g = s.generator();
    List<FileRow> out = new ArrayList<>();
    for (long id = 0; id < s.files; id++) {
      out.add(g.file(id));
    }
    return out;
  }
}
