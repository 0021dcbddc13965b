package site.ycsbx.tools.experiment;

import java.util.List;
import java.util.Map;

/**
 * One server setup of an experiment: a name (a row of every table), a binding, its property
 * files and properties (the server's address, engine, settings), and what its fingerprint must say
 * ({@code expect.<key>=value}) for the name to be true.
 */
record Target(String name, String binding, List<String> propertyFiles, Map<String, String> props,
    Map<String, String> expect) {
}
