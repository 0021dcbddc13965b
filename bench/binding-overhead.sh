#!/usr/bin/env bash
# YCSB-X's own cost: workloada load and run ops/s through bin/ycsb, next to a hand-written loop
# (bench/src/main/java/site/ycsbx/bench/Raw*WorkloadA.java) that sends the same operations
# through the same driver to the same server, at 1 and 4 threads, on mongodb-embedded, MariaDB
# InnoDB and MariaDB RocksDB. Prints one table: ops/s of each and ratio = YCSB-X / raw loop (goal
# >= 0.97), then the CPU seconds per 1000 operations of each process (user + system of the
# client JVM, which holds the server too for mongodb-embedded) and cpu_rat = YCSB-X / raw loop
# (goal <= 1.03). CPU per operation holds still on a shared machine where ops/s swings ±30%.
#
#   bench/binding-overhead.sh [--records N] [--ops N] [--repeat R] [--threads "1 4"] [--targets "mongodb-embedded innodb rocksdb"]
#
# Each figure is the median of R runs; YCSB-X and the raw loop alternate which goes first, so
# keep R even (a run right after the loads meets the server's background flushing). Runs are
# long enough (default 100000 operations) that JIT warm-up, which competes with the server for
# the same cores, does not decide the ratio.
# MariaDB: uses the test account (ycsbx/ycsbx at 127.0.0.1:3306, scripts/setup-servers.sh) and
# its own databases ycsbx_bench_x and ycsbx_bench_raw, recreated for every point.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

RECORDS=50000 OPS=100000 REPEAT=4 THREADS="1 4" TARGETS="mongodb-embedded innodb rocksdb"
while [ $# -gt 0 ]; do
  case $1 in
    --records) RECORDS=$2; shift 2 ;;
    --ops) OPS=$2; shift 2 ;;
    --repeat) REPEAT=$2; shift 2 ;;
    --threads) THREADS=$2; shift 2 ;;
    --targets) TARGETS=$2; shift 2 ;;
    *) echo "binding-overhead: unknown option $1" >&2; exit 2 ;;
  esac
done

. bench/lib.sh

THROUGHPUT='s/^\[\(OVERALL\|RAW\)\].*Throughput.*, \([0-9.]*\)$/\2/p'

ycsbx() { # target phase threads dir log
  local target=$1 phase=$2 threads=$3 dir=$4 log=$5 args=(-P workloads/workloada -p recordcount="$RECORDS" -p operationcount="$OPS" -threads "$threads")
  case $target in
    mongodb-embedded) measured "$log" ycsbx_main "$phase" mongodb-embedded "${args[@]}" -p mongodb.embedded.dir="$dir/x" ;;
    innodb|rocksdb) measured "$log" ycsbx_main "$phase" jdbc "${args[@]}" -p db.url="$MYSQL_URL/ycsbx_bench_x" -p db.user="$DB_USER" \
      -p db.passwd="$DB_PASS" -p jdbc.engine="$([ "$target" = innodb ] && echo InnoDB || echo RocksDB)" ;;
  esac
}

raw() { # target phase threads dir log
  local target=$1 phase=$2 threads=$3 dir=$4 log=$5 args=(--phase "$2" --threads "$3" --records "$RECORDS" --ops "$OPS")
  case $target in
    mongodb-embedded) measured "$log" java -cp "$RAW_CP" site.ycsbx.bench.RawMongoWorkloadA "${args[@]}" --embedded "$dir/raw" ;;
    innodb|rocksdb) measured "$log" java -cp "$RAW_CP" site.ycsbx.bench.RawJdbcWorkloadA "${args[@]}" --url "$MYSQL_URL/ycsbx_bench_raw" \
      --user "$DB_USER" --password "$DB_PASS" --engine "$([ "$target" = innodb ] && echo InnoDB || echo RocksDB)" ;;
  esac
}

fresh() { # target dir
  rm -rf "$2" && mkdir -p "$2"
  case $1 in innodb|rocksdb) bench_databases && quiesce_innodb ;; esac
}

# one side's run: appends "ops/s cpu_s_per_1000_ops" to the arrays of that side
side() { # x|r target phase threads dir
  local log=$work/$1-$2-$3-$4-$RANDOM.log n
  if [ "$1" = x ]; then ycsbx "$2" "$3" "$4" "$5" "$log"; else raw "$2" "$3" "$4" "$5" "$log"; fi
  n=$([ "$3" = load ] && echo "$RECORDS" || echo "$OPS")
  echo "$(figure "$log" "$THROUGHPUT" throughput) $(cpu_per_kop "$log" "$n")"
}

printf "%-17s %7s %5s %12s %12s %7s %12s %12s %7s\n" target threads phase ycsbx_ops_s raw_ops_s ratio \
  ycsbx_cpu_ko raw_cpu_ko cpu_rat
for target in $TARGETS; do
  for threads in $THREADS; do
    declare -A x=() r=() xc=() rc=()
    for rep in $(seq 1 "$REPEAT"); do
      dir=$work/$target-$threads-$rep
      fresh "$target" "$dir"
      for phase in load run; do
        if [ $((rep % 2)) -eq 1 ]; then order="x r"; else order="r x"; fi
        for who in $order; do
          read -r ops cpu <<< "$(side "$who" "$target" "$phase" "$threads" "$dir")"
          [ -n "$ops" ] || exit 1  # side() said why on stderr
          if [ "$who" = x ]; then x[$phase]+="$ops "; xc[$phase]+="$cpu "; else r[$phase]+="$ops "; rc[$phase]+="$cpu "; fi
        done
      done
    done
    for phase in load run; do
      xm=$(median "${x[$phase]}") rm_=$(median "${r[$phase]}")
      xcm=$(median "${xc[$phase]}") rcm=$(median "${rc[$phase]}")
      printf "%-17s %7s %5s %12.1f %12.1f %7.3f %12.4f %12.4f %7.3f\n" "$target" "$threads" "$phase" "$xm" "$rm_" \
        "$(ratio "$xm" "$rm_")" "$xcm" "$rcm" "$(ratio "$xcm" "$rcm")"
    done
    unset x r xc rc
  done
done
case " $TARGETS " in *" innodb "*|*" rocksdb "*) bench_databases drop ;; esac
