#!/usr/bin/env bash
# iibench through YCSB-X next to a hand-written loop (bench/src/main/java/site/ycsbx/bench/
# RawIIBench.java) that inserts the same rows (transactions of 1000 rows into a table with the
# three secondary indexes) through the same driver into the same server, at 1 and 4 threads, on
# mongodb-embedded and MariaDB InnoDB. Prints rows/s of each and the ratio YCSB-X / raw loop
# (goal >= 0.97). Each figure is the median of R runs; the two alternate which goes first (keep R
# even).
#
#   bench/iibench-overhead.sh [--rows N] [--repeat R] [--threads "1 4"] [--targets "mongodb-embedded innodb"]
#
# MariaDB: the test account (ycsbx/ycsbx at 127.0.0.1:3306) and the bench's own databases
# ycsbx_bench_x and ycsbx_bench_raw, recreated for every run.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

ROWS=400000 REPEAT=4 THREADS="1 4" TARGETS="mongodb-embedded innodb"
while [ $# -gt 0 ]; do
  case $1 in
    --rows) ROWS=$2; shift 2 ;;
    --repeat) REPEAT=$2; shift 2 ;;
    --threads) THREADS=$2; shift 2 ;;
    --targets) TARGETS=$2; shift 2 ;;
    *) echo "iibench-overhead: unknown option $1" >&2; exit 2 ;;
  esac
done

. bench/lib.sh

ycsbx() { # target threads dir
  local args=(-P workloads/iibench -p recordcount="$ROWS" -p iibench.roundrows="$ROWS" -p iibench.reportseconds=0 -threads "$2")
  case $1 in
    mongodb-embedded) bin/ycsb load mongodb-embedded "${args[@]}" -p mongodb.embedded.dir="$3/x" ;;
    innodb) bin/ycsb load jdbc "${args[@]}" -p db.url="$MYSQL_URL/ycsbx_bench_x" -p db.user="$DB_USER" \
      -p db.passwd="$DB_PASS" -p jdbc.engine=InnoDB ;;
  esac 2>/dev/null | sed -n 's/.*\[IIBENCH\] inserted [0-9]* rows in [0-9.]* s: \([0-9.]*\) rows\/s.*/\1/p'
}

raw() { # target threads dir
  local args=(--threads "$2" --rows "$ROWS" --batch 1000)
  case $1 in
    mongodb-embedded) java -cp "$RAW_CP" site.ycsbx.bench.RawIIBench "${args[@]}" --embedded "$3/raw" ;;
    innodb) java -cp "$RAW_CP" site.ycsbx.bench.RawIIBench "${args[@]}" --jdbc "$MYSQL_URL/ycsbx_bench_raw" \
      --user "$DB_USER" --password "$DB_PASS" --engine InnoDB ;;
  esac | grep '^\[RAW\]' | awk -F', ' '{print $NF}'
}

fresh() { # target dir
  rm -rf "$2" && mkdir -p "$2"
  case $1 in innodb|rocksdb) bench_databases ;; esac
}

printf "%-17s %7s %14s %14s %7s\n" target threads ycsbx_rows_s raw_rows_s ratio
for target in $TARGETS; do
  for threads in $THREADS; do
    xs="" rs=""
    for rep in $(seq 1 "$REPEAT"); do
      dir=$work/$target-$threads-$rep
      fresh "$target" "$dir"
      if [ $((rep % 2)) -eq 1 ]; then
        xs+="$(ycsbx "$target" "$threads" "$dir") "; rs+="$(raw "$target" "$threads" "$dir") "
      else
        rs+="$(raw "$target" "$threads" "$dir") "; xs+="$(ycsbx "$target" "$threads" "$dir") "
      fi
    done
    xm=$(median "$xs")
    rm_=$(median "$rs")
    printf "%-17s %7s %14.1f %14.1f %7.3f\n" "$target" "$threads" "$xm" "$rm_" \
      "$(ratio "$xm" "$rm_")"
  done
done
case " $TARGETS " in *" innodb "*|*" rocksdb "*) bench_databases drop ;; esac
