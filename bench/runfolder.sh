#!/usr/bin/env bash
# What the run folder costs: workloada through YCSB-X's Main (what bin/ycsb runs) on the null
# binding (no server: the client's own cost shows whole) and on MariaDB InnoDB (a small load, then
# the run), at 1 and 2 threads, each in three variants:
#   A  no run folder: the baseline (the /proc sampler runs, as by default),
#   B  -p ycsbx.out=DIR: summary.txt, result.json, an HdrHistogram interval log per operation,
#      efficiency.csv,
#   C  -p ycsbx.out=DIR -p ycsbx.efficiency=false: the folder without the /proc sampler.
# Rounds are interleaved (A B C A B C ...), so a shared machine's drift falls on all three. Prints
# per target, threads and variant the median ops/s and the client's CPU seconds per million
# operations (user + system of the client JVM and its threads, from the kernel through bash's
# time), each also as a ratio to A of the same run (goal: ops/s ratio >= 0.99, CPU ratio <= 1.02).
# Then the merge of 16 clients' one-hour run folders, generated without running anything
# (bench/src/main/java/site/ycsbx/bench/SyntheticRunFolders.java: workloada's READ and UPDATE
# and their Intended- series, 10 s intervals, --merge-rate operations/s per operation and client):
# wall time and peak RSS (GNU time) of the merge, median of --merge-repeat.
#
#   bench/runfolder.sh [--null-ops N] [--db-records N] [--db-ops N] [--repeat R] [--threads "1 2"]
#                      [--targets "null innodb"] [--merge-clients 16] [--merge-seconds 3600]
#                      [--merge-rate 1000] [--merge-repeat 3] [--merge-heap ""] [--no-quiesce]
#
# The defaults are for a quiet machine: --null-ops 30000000 runs about 10-20 s per point at 1-2 M
# ops/s; a quick check that the script works: --null-ops 200000 --db-records 2000 --db-ops 3000
# --repeat 1 --merge-clients 4 --merge-seconds 60 --no-quiesce. Before each MariaDB run the
# script waits (at most 120 s) until InnoDB has written the previous run's dirty pages
# (quiesce_innodb in bench/lib.sh, which sets innodb_max_dirty_pages_pct for the wait);
# --no-quiesce skips that on a server others use.
# MariaDB: the test account (ycsbx/ycsbx at 127.0.0.1:3306, scripts/setup-servers.sh) and a
# database of its own, ycsbx_bench_runfolder_<pid>, dropped at the end.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

NULL_OPS=30000000 DB_RECORDS=20000 DB_OPS=100000 REPEAT=5 THREADS="1 2" TARGETS="null innodb"
MERGE_CLIENTS=16 MERGE_SECONDS=3600 MERGE_RATE=1000 MERGE_REPEAT=3 MERGE_HEAP="" QUIESCE=1
while [ $# -gt 0 ]; do
  case $1 in
    --null-ops) NULL_OPS=$2; shift 2 ;;
    --db-records) DB_RECORDS=$2; shift 2 ;;
    --db-ops) DB_OPS=$2; shift 2 ;;
    --repeat) REPEAT=$2; shift 2 ;;
    --threads) THREADS=$2; shift 2 ;;
    --targets) TARGETS=$2; shift 2 ;;
    --merge-clients) MERGE_CLIENTS=$2; shift 2 ;;
    --merge-seconds) MERGE_SECONDS=$2; shift 2 ;;
    --merge-rate) MERGE_RATE=$2; shift 2 ;;
    --merge-repeat) MERGE_REPEAT=$2; shift 2 ;;
    --merge-heap) MERGE_HEAP=$2; shift 2 ;;
    --no-quiesce) QUIESCE=0; shift ;;
    *) echo "runfolder: unknown option $1" >&2; exit 2 ;;
  esac
done

. bench/lib.sh

DB=ycsbx_bench_runfolder_$$
THROUGHPUT='s/^\[OVERALL\], Throughput(ops\/sec), \([0-9.]*\)$/\1/p'
VARIANTS="A B C"

variant_args() { # variant dir
  case $1 in
    A) ;;
    B) echo "-p ycsbx.out=$2" ;;
    C) echo "-p ycsbx.out=$2 -p ycsbx.efficiency=false" ;;
  esac
}

# one run: prints "ops/s cpu_s_per_million_ops"
point() { # target threads variant
  local target=$1 threads=$2 v=$3 log dir ops
  log=$work/$target-$threads-$v-$RANDOM.log
  dir=$work/folder-$target-$threads-$v-$RANDOM
  # shellcheck disable=SC2046  # variant_args gives words on purpose
  case $target in
    null)
      ops=$NULL_OPS
      measured "$log" ycsbx_main run null -P workloads/workloada -p recordcount=1000 -p operationcount="$ops" \
        -threads "$threads" $(variant_args "$v" "$dir") ;;
    innodb)
      ops=$DB_OPS
      [ "$QUIESCE" = 0 ] || quiesce_innodb
      measured "$log" ycsbx_main run jdbc -P workloads/workloada -p recordcount="$DB_RECORDS" -p operationcount="$ops" \
        -threads "$threads" -p db.url="$MYSQL_URL/$DB" -p db.user="$DB_USER" -p db.passwd="$DB_PASS" \
        -p jdbc.engine=InnoDB $(variant_args "$v" "$dir") ;;
  esac
  if [ "$v" != A ] && [ ! -f "$dir/result.json" ]; then
    echo "bench: variant $v wrote no run folder in $dir" >&2
    exit 1
  fi
  rm -rf "$dir"
  echo "$(figure "$log" "$THROUGHPUT" throughput) $(awk -v c="$(cat "$log.cpu")" -v n="$ops" 'BEGIN {printf "%.4f", 1e6 * c / n}')"
}

cleanup_db() { sql "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup_db EXIT

echo "== the run folder's cost: workloada, median of $REPEAT interleaved rounds (A: no folder, B: ycsbx.out," \
  "C: ycsbx.out + ycsbx.efficiency=false)"
printf "%-7s %7s %7s %12s %12s %9s %9s\n" target threads variant ops_s cpu_s_per_M ops_rat cpu_rat
for target in $TARGETS; do
  case $target in
    null) ;;
    innodb)
      sql "DROP DATABASE IF EXISTS $DB; CREATE DATABASE $DB"
      measured "$work/load.log" ycsbx_main load jdbc -P workloads/workloada -p recordcount="$DB_RECORDS" -threads 2 \
        -p db.url="$MYSQL_URL/$DB" -p db.user="$DB_USER" -p db.passwd="$DB_PASS" -p jdbc.engine=InnoDB ;;
    *) echo "runfolder: unknown target $target (null, innodb)" >&2; exit 2 ;;
  esac
  for threads in $THREADS; do
    declare -A o=() c=()
    for _ in $(seq 1 "$REPEAT"); do
      for v in $VARIANTS; do
        read -r ops cpu <<< "$(point "$target" "$threads" "$v")"
        [ -n "$ops" ] || exit 1  # point() said why on stderr
        o[$v]+="$ops " c[$v]+="$cpu "
      done
    done
    base_o=$(median "${o[A]}") base_c=$(median "${c[A]}")
    for v in $VARIANTS; do
      mo=$(median "${o[$v]}") mc=$(median "${c[$v]}")
      printf "%-7s %7s %7s %12.0f %12.3f %9.3f %9.3f\n" "$target" "$threads" "$v" "$mo" "$mc" "$(ratio "$mo" "$base_o")" \
        "$(ratio "$mc" "$base_c")"
    done
    unset o c
  done
done

echo
echo "== merge of $MERGE_CLIENTS synthetic client folders of $MERGE_SECONDS s each ($MERGE_RATE ops/s per operation" \
  "and client, 10 s intervals), heap ${MERGE_HEAP:-JVM default}, median of $MERGE_REPEAT"
folders=$work/clients
java -cp "$RAW_CP" site.ycsbx.bench.SyntheticRunFolders --out "$folders" --clients "$MERGE_CLIENTS" \
  --seconds "$MERGE_SECONDS" --rate "$MERGE_RATE" >/dev/null
logs_mb=$(du -sm "$folders" | cut -f1)
times="" rss=""
for i in $(seq 1 "$MERGE_REPEAT"); do
  out=$work/merged-$i
  # shellcheck disable=SC2086  # MERGE_HEAP: JVM options, split on purpose
  if ! /usr/bin/time -f "TIME %e %M" -o "$work/merge.time" java ${MERGE_HEAP:+$MERGE_HEAP} -cp "$YCSBX_CP" \
      site.ycsbx.tools.Main merge "$folders"/client-* --out "$out" > "$work/merge.log" 2>&1; then
    echo "bench: merge failed:" >&2
    tail -n 20 "$work/merge.log" >&2
    exit 1
  fi
  grep -q "merged $MERGE_CLIENTS clients into" "$work/merge.log" || { tail -n 20 "$work/merge.log" >&2; exit 1; }
  read -r _ t m < <(grep '^TIME ' "$work/merge.time")
  times+="$t " rss+="$m "
  rm -rf "$out"
done
printf "%-8s %10s %10s %12s\n" clients logs_mb merge_s peak_rss_mb
printf "%-8s %10s %10.2f %12.1f\n" "$MERGE_CLIENTS" "$logs_mb" "$(median "$times")" \
  "$(awk -v k="$(median "$rss")" 'BEGIN {print k / 1024}')"
