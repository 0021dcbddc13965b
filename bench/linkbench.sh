#!/usr/bin/env bash
# LinkBench through YCSB-X: what the client costs and what the servers give, in one run.
#
#   1. request generation on one core (taskset -c 0) with the null binding: requests/s of one
#      requester (goal: 2M), and client CPU seconds per 1000 requests;
#   2. peak client RSS (GNU time's maximum resident set) after N and 10N null-binding requests:
#      requesters keep no per-node state, so the two should be close;
#   3. linkbench-small (200000 ids, about 1.8M links) on MariaDB InnoDB, MariaDB RocksDB and
#      mongodb-embedded: load IPS (links/s) and request QPS at each thread count (a fresh load per
#      thread count, then --seconds of requests on it), with client CPU seconds per 1000 requests.
#
#   bench/linkbench.sh [--requests N] [--threads "1 4 16"] [--seconds S] [--maxid1 M]
#                      [--embedded-maxid1 M] [--targets "innodb rocksdb mongodb-embedded"]
#   bench/linkbench.sh --vs-linkbench DIR [--pairs P] [--maxid1 M] [--loaders L] [--requesters R]
#                      [--seconds S] [--linkbench-cp CP] [--pin]
#
# --vs-linkbench DIR: LinkBench itself (built by you from its public repository in DIR:
# DIR/target/FacebookLinkBench.jar and DIR/config/LinkConfigMysql.properties; this script never
# fetches nor builds it) against YCSB-X reading the same LinkConfigMysql.properties through
# linkbench.config, on the same MariaDB InnoDB tables (YCSB-X's, LinkBench's README columns
# without partitions), in P interleaved pairs (who goes first alternates): each side loads
# maxid1 ids with L loaders into empty tables, then runs S seconds of requests with R
# requesters on what it loaded. Prints links/s, requests/s, each client process's CPU seconds
# (user + system, JVM start included) per 1000 links and per 1000 requests, the ratios
# YCSB-X / LinkBench per pair, and their medians. --linkbench-cp puts jars before LinkBench's own
# (e.g. a newer Connector/J, as YCSB-X's). --pin puts MariaDB on CPU 0 and both tools on the
# other CPUs (lib.sh's pin_server), as on hosts of their own. See bench/linkbench-vs.sh.
#
# MariaDB: the test account (ycsbx/ycsbx at 127.0.0.1:3306) and a database of this run's own,
# ycsbx_bench_lb_<pid>, recreated per point and dropped at the end (other benches may run beside). mongodb-embedded keeps its data under a temporary folder;
# its figures hold the in-process server's own work, and it is a test server, not a MongoDB: it
# builds no non-unique index, so every GET_LINKS_LIST scans the collection and LinkBench's most
# linked node alone has 961963 links at any maxid1. Its graph is smaller (--embedded-maxid1).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

REQUESTS=2000000 THREADS="1 4 16" SECONDS_RUN=30 MAXID1=200001 EMBEDDED_MAXID1=20001
TARGETS="innodb rocksdb mongodb-embedded"
VS_DIR="" PAIRS=3 LOADERS=4 REQUESTERS=4 LINKBENCH_CP="" PIN=0
while [ $# -gt 0 ]; do
  case $1 in
    --vs-linkbench) VS_DIR=$2; shift 2 ;;
    --pairs) PAIRS=$2; shift 2 ;;
    --loaders) LOADERS=$2; shift 2 ;;
    --requesters) REQUESTERS=$2; shift 2 ;;
    --linkbench-cp) LINKBENCH_CP=$2; shift 2 ;;
    --pin) PIN=1; shift ;;
    --requests) REQUESTS=$2; shift 2 ;;
    --threads) THREADS=$2; shift 2 ;;
    --seconds) SECONDS_RUN=$2; shift 2 ;;
    --maxid1) MAXID1=$2; shift 2 ;;
    --embedded-maxid1) EMBEDDED_MAXID1=$2; shift 2 ;;
    --targets) TARGETS=$2; shift 2 ;;
    *) echo "linkbench: unknown option $1" >&2; exit 2 ;;
  esac
done
[ "$PIN" = 0 ] || [ -n "$VS_DIR" ] || { echo "linkbench: --pin is for --vs-linkbench" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "linkbench: needs GNU time (apt-get install time)" >&2; exit 2; }
if [ -n "$VS_DIR" ]; then
  # checked before anything is built or created
  VS_DIR=$(readlink -f "$VS_DIR" 2>/dev/null || echo "$VS_DIR")
  [ -f "$VS_DIR/target/FacebookLinkBench.jar" ] || { echo "linkbench: --vs-linkbench $VS_DIR: no target/FacebookLinkBench.jar there (build LinkBench in it first: mvn clean package, see its README)" >&2; exit 2; }
  [ -f "$VS_DIR/config/LinkConfigMysql.properties" ] || { echo "linkbench: --vs-linkbench $VS_DIR: no config/LinkConfigMysql.properties there" >&2; exit 2; }
  for n in "$PAIRS" "$LOADERS" "$REQUESTERS" "$SECONDS_RUN" "$MAXID1"; do
    [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "linkbench: --pairs, --loaders, --requesters, --seconds and --maxid1 take a whole number above 0, not '$n'" >&2; exit 2; }
  done
  . bench/lib.sh
  [ "$PIN" = 1 ] && pin_server 3306
  . bench/linkbench-vs.sh
  exit 0
fi

. bench/lib.sh

rate() { figure "$1" 's/.*REQUEST PHASE COMPLETED\. \([0-9]*\) requests done in [0-9]* seconds\. Requests\/second = \([0-9]*\).*/\2/p' "Requests/second"; }
done_requests() { figure "$1" 's/.*REQUEST PHASE COMPLETED\. \([0-9]*\) requests done.*/\1/p' "requests done"; }

# a fixed heap: the RSS of N and 10N requests then shows what the client keeps, not how lazily the
# JVM grows its heap
GEN_HEAP="-Xms256m -Xmx256m"
echo "== request generation, null binding, one requester on one core, heap $GEN_HEAP"
printf '%-12s %14s %16s %12s\n' requests requests/s cpu_s/1000req peak_rss_mb
for n in "$REQUESTS" $((REQUESTS * 10)); do
  log=$work/gen-$n
  measured "$log" /usr/bin/time -f '%M' -o "$log.rss" taskset -c 0 java $GEN_HEAP -cp "$YCSBX_CP" \
    site.ycsbx.tools.Main run null -P workloads/linkbench-small -p operationcount="$n" -threads 1 \
    -p linkbench.progressfreq=0
  printf '%-12s %14s %16s %12s\n' "$n" "$(rate "$log")" "$(cpu_per_kop "$log" "$n")" \
    "$(awk '{printf "%.0f", $1 / 1024}' "$log.rss")"
done

DB=ycsbx_bench_lb_$$
trap 'sql "DROP DATABASE IF EXISTS $DB" || true; rm -rf "$work"' EXIT
target_options() { # target
  case $1 in
    innodb) echo "jdbc -p db.url=$MYSQL_URL/$DB -p db.user=$DB_USER -p db.passwd=$DB_PASS -p jdbc.engine=InnoDB" ;;
    rocksdb) echo "jdbc -p db.url=$MYSQL_URL/$DB -p db.user=$DB_USER -p db.passwd=$DB_PASS -p jdbc.engine=RocksDB" ;;
    mongodb-embedded) echo "mongodb-embedded -p mongodb.embedded.dir=$work/embedded" ;;
    *) echo "linkbench: unknown target $1 (innodb, rocksdb, mongodb-embedded)" >&2; exit 2 ;;
  esac
}

echo
echo "== linkbench-small (maxid1=$MAXID1; mongodb-embedded: $EMBEDDED_MAXID1): a fresh load per thread count, then"\
  "$SECONDS_RUN s of requests"
printf '%-18s %8s %12s %12s %12s %16s\n' target threads load_links/s requests requests/s cpu_s/1000req
for target in $TARGETS; do
  # shellcheck disable=SC2046
  set -- $(target_options "$target")
  ids=$MAXID1
  [ "$target" = mongodb-embedded ] && ids=$EMBEDDED_MAXID1
  for t in $THREADS; do
    rm -rf "$work/embedded"
    sql "DROP DATABASE IF EXISTS $DB; CREATE DATABASE $DB"
    log=$work/load-$target-$t
    measured "$log" ycsbx_main load "$@" -P workloads/linkbench-small -p linkbench.maxid1="$ids" \
      -p linkbench.drop=true -threads "$t" -p linkbench.progressfreq=0
    ips=$(figure "$log" 's/.*LOAD PHASE COMPLETED\..*Links\/second = \([0-9]*\).*/\1/p' "Links/second")
    log=$work/run-$target-$t
    measured "$log" ycsbx_main run "$@" -P workloads/linkbench-small -p linkbench.maxid1="$ids" \
      -threads "$t" -p operationcount=2147483647 -p maxexecutiontime="$SECONDS_RUN" -p linkbench.progressfreq=0
    n=$(done_requests "$log")
    printf '%-18s %8s %12s %12s %12s %16s\n' "$target" "$t" "$ips" "$n" "$(rate "$log")" "$(cpu_per_kop "$log" "$n")"
  done
done
sql "DROP DATABASE IF EXISTS $DB"
