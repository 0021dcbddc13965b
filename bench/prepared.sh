#!/usr/bin/env bash
# Where MySQL/MariaDB statements are prepared, for a run (issue 28): each workload run through
# `bin/ycsb run jdbc` with the driver's client-side statements (useServerPrepStmts=false) and with
# server-side ones (useServerPrepStmts=true&cachePrepStmts=true), in pairs whose order alternates
# (A B B A ...), on MariaDB InnoDB with the server on CPU 0 and the client on the others (lib.sh's
# pin_server: as on two machines). Per run: transactions (operations) a second, then the client's
# and the server's CPU seconds per 1000 of them over the measured window (YCSB-X's [EFFICIENCY]
# client.Kop and server.Kop: the JVM's and mariadbd's /proc CPU); per workload and driver the
# ratios server-side / client-side of the means. Public tools only (MariaDB, Java, awk, taskset).
#
#   bench/prepared.sh [--workloads "workloadc sysbench-point"] [--drivers "mariadb mysql"]
#                     [--pairs N] [--threads N] [--seconds S] [--warmup S] [--records N]
#
# Tables: workloadc's usertable with --records rows (10 fields of 100 bytes, YCSB's default),
# sysbench's 2 x 20000 rows; both in memory. Database ycsbx_bench_ps_<pid>, dropped at the end.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

WORKLOADS="workloadc sysbench-point" DRIVERS="mariadb mysql" PAIRS=2 THREADS=4 SECONDS_=25 WARMUP=5 RECORDS=100000
while [ $# -gt 0 ]; do
  case $1 in
    --workloads) WORKLOADS=${2:-}; shift $(( $# > 1 ? 2 : 1 )) ;;
    --drivers) DRIVERS=${2:-}; shift $(( $# > 1 ? 2 : 1 )) ;;
    --pairs) PAIRS=${2:-}; shift $(( $# > 1 ? 2 : 1 )) ;;
    --threads) THREADS=${2:-}; shift $(( $# > 1 ? 2 : 1 )) ;;
    --seconds) SECONDS_=${2:-}; shift $(( $# > 1 ? 2 : 1 )) ;;
    --warmup) WARMUP=${2:-}; shift $(( $# > 1 ? 2 : 1 )) ;;
    --records) RECORDS=${2:-}; shift $(( $# > 1 ? 2 : 1 )) ;;
    *) echo "prepared.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
for w in $WORKLOADS; do
  case $w in workload[a-f] | sysbench*) ;; *) echo "prepared.sh: --workloads takes YCSB's workload[a-f] or sysbench*, not '$w'" >&2; exit 2 ;; esac
  [ -f "workloads/$w" ] || { echo "prepared.sh: no workload file workloads/$w" >&2; exit 2; }
done
for d in $DRIVERS; do
  case $d in mariadb | mysql) ;; *) echo "prepared.sh: --drivers takes mariadb and/or mysql, not '$d'" >&2; exit 2 ;; esac
done
for n in "$PAIRS" "$THREADS" "$SECONDS_" "$RECORDS"; do
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "prepared.sh: --pairs, --threads, --seconds and --records take whole numbers above 0, not '$n'" >&2; exit 2; }
done
[[ "$WARMUP" =~ ^[0-9]+$ ]] || { echo "prepared.sh: --warmup takes a whole number of seconds, not '$WARMUP'" >&2; exit 2; }

. bench/lib.sh
NAME=ycsbx_bench_ps_$$
cleanup() { restore_server; sql "DROP DATABASE IF EXISTS $NAME" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT
pin_server 3306
sql "CREATE DATABASE $NAME"

x() { # phase workload driver ps [more...]
  local phase=$1 workload=$2 driver=$3 ps=$4; shift 4
  local url="jdbc:$driver:${MYSQL_URL#jdbc:mysql:}/$NAME?$ps"
  ycsbx_main "$phase" jdbc -P "workloads/$workload" -p db.url="$url" -p db.user="$DB_USER" -p db.passwd="$DB_PASS" \
    -p jdbc.engine=InnoDB -p recordcount="$RECORDS" -p sysbench.tables=2 -p sysbench.table_size=20000 \
    -p ycsbx.interval=0 -p sysbench.report_interval=0 "$@"
}
throughput() { figure "$1" 's/^\[OVERALL\], Throughput(ops\/sec), \([0-9.]*\)$/\1/p' "[OVERALL] throughput"; }
mean() { echo "$1" | tr ' ' '\n' | grep . | awk '{s += $1} END {print (NR ? s / NR : 0)}'; }

echo "== where statements are prepared in a run: MariaDB $(sql "SELECT VERSION()") InnoDB on CPU 0, the client on CPUs $CLIENT_CPUS"
echo "   $THREADS threads, $SECONDS_ s after $WARMUP s of warm-up; Kop columns: CPU seconds per 1000 operations over the window"
printf "%-16s %-8s %-7s %5s %10s %11s %11s\n" workload driver side pair ops_s client.Kop server.Kop
for w in $WORKLOADS; do
  # loaded once, server-side as a load is by default
  measured "$work/load-$w.log" x load "$w" mariadb "useServerPrepStmts=true" -threads 4
  for d in $DRIVERS; do
    declare -A tps=() cli=() srv=()
    for p in $(seq 1 "$PAIRS"); do
      if [ $((p % 2)) -eq 1 ]; then order="client server"; else order="server client"; fi
      for side in $order; do
        ps=$([ "$side" = server ] && echo "useServerPrepStmts=true&cachePrepStmts=true" || echo "useServerPrepStmts=false")
        log=$work/$w-$d-$side-$p.log
        measured "$log" x run "$w" "$d" "$ps" -threads "$THREADS" -p operationcount=2147483647 \
          -p maxexecutiontime=$((SECONDS_ + WARMUP)) -p ycsbx.warmup="$WARMUP"
        t=$(throughput "$log") c=$(efficiency "$log" client.Kop) s=$(efficiency "$log" server.Kop)
        tps[$side]+=" $t" cli[$side]+=" $c" srv[$side]+=" $s"
        printf "%-16s %-8s %-7s %5s %10.0f %11s %11s\n" "$w" "$d" "$side" "$p" "$t" "$c" "$s"
      done
    done
    printf "%-16s %-8s %-13s %10.3f %11.3f %11.3f   (server-side / client-side, ratio of the means)\n" "$w" "$d" ratio \
      "$(ratio "$(mean "${tps[server]}")" "$(mean "${tps[client]}")")" \
      "$(ratio "$(mean "${cli[server]}")" "$(mean "${cli[client]}")")" \
      "$(ratio "$(mean "${srv[server]}")" "$(mean "${srv[client]}")")"
    unset tps cli srv
  done
done
