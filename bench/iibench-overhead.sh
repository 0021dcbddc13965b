#!/usr/bin/env bash
# iibench through YCSB-X next to a hand-written loop (bench/src/main/java/site/ycsbx/bench/
# RawIIBench.java) that inserts the same rows (transactions of 1000 rows into a table with the
# three secondary indexes) through the same driver into the same server, at 1 and 4 threads, on
# mongodb-embedded and MariaDB InnoDB. Prints, per target and thread count, the median of R runs
# of each: rows/s and ratio = YCSB-X / raw loop (goal >= 0.97), client CPU seconds per 100000
# rows of each (user + system of the client process; mongodb-embedded's holds the server too) and
# their ratio, and the seconds YCSB-X spent in its size queries (one per round, on a client that
# inserts nothing meanwhile). The two sides alternate: x r, r x, ... (keep R even).
#
#   bench/iibench-overhead.sh [--rows N] [--repeat R] [--threads "1 4"] [--targets "mongodb-embedded innodb"]
#                             [--roundrows N] [--buffer-pool MB]
#
# The default (400000 rows) fits in a 128 MB InnoDB buffer pool: it watches the client's cost.
# The regime the benchmark exists for is IO-bound: --rows 2000000 --buffer-pool 128 --threads 4
# --targets innodb --repeat 6 (about 20 minutes here) loads past the buffer pool, which the bench
# sets for its runs (SET GLOBAL innodb_buffer_pool_size) and restores at the end.
#
# MariaDB: the test account (ycsbx/ycsbx at 127.0.0.1:3306) and the bench's own databases
# ycsbx_bench_x and ycsbx_bench_raw, recreated for every run.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

ROWS=400000 REPEAT=4 THREADS="1 4" TARGETS="mongodb-embedded innodb" ROUNDROWS="" POOL_MB=""
while [ $# -gt 0 ]; do
  case $1 in
    --rows) ROWS=$2; shift 2 ;;
    --repeat) REPEAT=$2; shift 2 ;;
    --threads) THREADS=$2; shift 2 ;;
    --targets) TARGETS=$2; shift 2 ;;
    --roundrows) ROUNDROWS=$2; shift 2 ;;
    --buffer-pool) POOL_MB=$2; shift 2 ;;
    *) echo "iibench-overhead: unknown option $1" >&2; exit 2 ;;
  esac
done
ROUNDROWS=${ROUNDROWS:-$ROWS}

. bench/lib.sh

if [ -n "$POOL_MB" ]; then
  old_pool=$(sql "SELECT @@innodb_buffer_pool_size")
  sql "SET GLOBAL innodb_buffer_pool_size = $((POOL_MB * 1048576))"
  trap 'sql "SET GLOBAL innodb_buffer_pool_size = $old_pool" || true; rm -rf "$work"' EXIT
  echo "# innodb_buffer_pool_size $(sql "SELECT @@innodb_buffer_pool_size DIV 1048576") MB for these runs (was $((old_pool / 1048576)) MB)"
fi

ycsbx() { # target threads dir log
  local args=(-P workloads/iibench -p recordcount="$ROWS" -p iibench.roundrows="$ROUNDROWS" -p iibench.reportseconds=0 -threads "$2")
  case $1 in
    mongodb-embedded) measured "$4" ycsbx_main load mongodb-embedded "${args[@]}" -p mongodb.embedded.dir="$3/x" ;;
    innodb) measured "$4" ycsbx_main load jdbc "${args[@]}" -p db.url="$MYSQL_URL/ycsbx_bench_x" -p db.user="$DB_USER" \
      -p db.passwd="$DB_PASS" -p jdbc.engine=InnoDB ;;
  esac
}

raw() { # target threads dir log
  local args=(--threads "$2" --rows "$ROWS" --batch 1000)
  case $1 in
    mongodb-embedded) measured "$4" java -cp "$RAW_CP" site.ycsbx.bench.RawIIBench "${args[@]}" --embedded "$3/raw" ;;
    innodb) measured "$4" java -cp "$RAW_CP" site.ycsbx.bench.RawIIBench "${args[@]}" --jdbc "$MYSQL_URL/ycsbx_bench_raw" \
      --user "$DB_USER" --password "$DB_PASS" --engine InnoDB ;;
  esac
}

fresh() { # target dir
  rm -rf "$2" && mkdir -p "$2"
  case $1 in innodb|rocksdb) bench_databases && quiesce_innodb ;; esac
}

X_RATE='s/.*\[IIBENCH\] inserted [0-9]* rows in [0-9.]* s: \([0-9.]*\) rows\/s.*/\1/p'
X_SIZE='s/.*size queries took \([0-9.]*\) s.*/\1/p'
R_RATE='s/^\[RAW\].*, \([0-9.]*\)$/\1/p'

printf "%-17s %7s %13s %13s %7s %13s %13s %7s %9s\n" target threads ycsbx_rows_s raw_rows_s ratio \
  ycsbx_cpu_100k raw_cpu_100k cpu_rat size_q_s
for target in $TARGETS; do
  for threads in $THREADS; do
    xs="" rs="" xc="" rc="" qs=""
    for rep in $(seq 1 "$REPEAT"); do
      dir=$work/$target-$threads-$rep
      if [ $((rep % 2)) -eq 1 ]; then order="x r"; else order="r x"; fi
      for who in $order; do
        fresh "$target" "$dir"
        log=$work/$who-$target-$threads-$rep.log
        if [ "$who" = x ]; then
          ycsbx "$target" "$threads" "$dir" "$log"
          v=$(figure "$log" "$X_RATE" rows/s); xs+="$v "
          v=$(figure "$log" "$X_SIZE" "size query time"); qs+="$v "
          xc+="$(cpu_per_kop "$log" "$((ROWS / 100))") "
        else
          raw "$target" "$threads" "$dir" "$log"
          v=$(figure "$log" "$R_RATE" rows/s); rs+="$v "
          rc+="$(cpu_per_kop "$log" "$((ROWS / 100))") "
        fi
      done
    done
    xm=$(median "$xs") rm_=$(median "$rs") xcm=$(median "$xc") rcm=$(median "$rc")
    printf "%-17s %7s %13.1f %13.1f %7.3f %13.3f %13.3f %7.3f %9.3f\n" "$target" "$threads" "$xm" "$rm_" \
      "$(ratio "$xm" "$rm_")" "$xcm" "$rcm" "$(ratio "$xcm" "$rcm")" "$(median "$qs")"
    echo "#   runs: ycsbx rows/s $xs| raw rows/s $rs"
  done
done
case " $TARGETS " in *" innodb "*|*" rocksdb "*) bench_databases drop ;; esac
