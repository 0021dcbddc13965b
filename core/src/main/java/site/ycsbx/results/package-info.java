/**
 * The files a run leaves, written and read in one place: the run folder, {@code sweep.json},
 * operation statistics and YCSB's own output read back. Above what a running client records and
 * below the reports: it may import {@code measurements}, {@code family}, {@code fingerprint} and
 * {@code util}; never {@code report} or {@code tools}.
 */
package site.ycsbx.results;
