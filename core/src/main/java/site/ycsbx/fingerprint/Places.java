package site.ycsbx.fingerprint;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fingerprint entries that only say where a server YCSB-X started itself kept its data: the
 * embedded server's folder ({@code *.embedded.dir}), and that folder or the free port the server
 * picked where other entries quote them (mongodb-embedded's {@code mongodb.url} and its
 * {@code server.product}, "H2 backend at FOLDER"). Two runs of one setup in two folders are one
 * setup, so compare and {@code sweep --from} judge entries by {@link #setup}, which takes the
 * place out; the entries themselves are kept and shown as they are.
 *
 * <p>Only an embedded server's place is taken out: the address of a server someone else started
 * names which server was measured, and two of them are two setups.
 */
public final class Places {
  /** How the keys of an embedded server's folder end: {@code mongodb.embedded.dir}, {@code postgres.embedded.dir}. */
  public static final String EMBEDDED_DIR_SUFFIX = ".embedded.dir";
  /** A folder in the value of another entry, once taken out. */
  static final String FOLDER = "(its folder)";
  /** A port in a URL, once taken out (the wording postgres-embedded already records). */
  static final String PORT = "(a free port)";
  /** The host:port of a URL, after any user@: the port is the embedded server's pick. */
  private static final Pattern URL_PORT = Pattern.compile("(://(?:[^/@]*@)?[^/:?@]*):\\d+");
  /** An in-memory embedded server has no folder to take out. */
  private static final String MEMORY = ":memory:";

  private Places() {
  }

  /** True for an entry that only names a place: whatever its value, it is no difference of setup. */
  public static boolean placeOnly(String key) {
    return key.endsWith(EMBEDDED_DIR_SUFFIX);
  }

  /**
   * The entry {@code key} of {@code fingerprint} as a setup, for deciding whether two runs differ:
   * a place-only entry is "(a folder)", and with an embedded server the folder and the port are
   * taken out of every other value. Null when the entry is absent.
   */
  public static String setup(Map<String, String> fingerprint, String key) {
    String value = fingerprint.get(key);
    if (value == null) {
      return null;
    }
    if (placeOnly(key)) {
      return "(a folder)";
    }
    List<String> folders = fingerprint.entrySet().stream().filter(e -> placeOnly(e.getKey()))
        .map(Map.Entry::getValue).toList();
    if (folders.isEmpty()) {
      return value;
    }
    for (String folder : folders) {
      if (folder != null && !folder.isBlank() && !folder.equals(MEMORY)) {
        value = value.replace(folder, FOLDER);
      }
    }
    return URL_PORT.matcher(value).replaceAll("$1:" + Matcher.quoteReplacement(PORT));
  }
}
