#!/usr/bin/env bash
# bin/ycsb verify's cost (issue 41), for iibench and sysbench on MariaDB InnoDB and PostgreSQL:
# wall seconds of `bin/ycsb verify jdbc` per million rows, and of the run preflight's count of the
# ids 1..table_size a sysbench run draws (SysbenchPlan.PREFLIGHT_COUNT_LIMIT), per million ids.
#
#   bench/verify.sh [--rows N] [--tables T] [--servers "mariadb postgresql"]
#
# For each server: an iibench load of N rows (one table, 3 secondary indexes) and a sysbench load
# of T tables of N/T rows (k index), each in a database (MariaDB) or schema (PostgreSQL) of its own,
# dropped at the end; then verify of each, timed with the JVM's start. The per-million figures are
# marginal: the same verify of a load of SMALL rows is timed too and its seconds taken off (the
# JVM's start, the preflight, the fingerprint), so verify_s_M = (verify_s - small_s) / (N - SMALL)
# x 1e6. count_s_M: `SELECT COUNT(*) ... WHERE id BETWEEN 1 AND N/T` of each table through the
# server's own client, its wall seconds per million ids. The tables are as a load leaves them
# (MariaDB's stock 128 MB buffer pool holds about 400k iibench rows with their indexes).
# Defaults: 400000 rows, 4 tables: about 2 minutes here. Measured 2026-11-29 on a 2-core VM with
# the servers on it (more in bench/README.md):
#   bench/verify.sh --rows 1000000
#   server     family        rows  verify_s   small_s verify_s_M  count_s_M
#   mariadb    iibench    1000000      3.48      1.90       1.59          -
#   mariadb    sysbench   1000000      5.58      2.16       3.43       0.89
#   postgresql iibench    1000000     10.04      1.39       8.68          -
#   postgresql sysbench   1000000      8.86      2.12       6.77       1.68
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

ROWS=400000 TABLES=4 SERVERS="mariadb postgresql" SMALL=4000
while [ $# -gt 0 ]; do
  case $1 in
    --rows) ROWS=$2; shift 2 ;;
    --tables) TABLES=$2; shift 2 ;;
    --servers) SERVERS=$2; shift 2 ;;
    *) echo "verify.sh: unknown option $1 (--rows N, --tables T, --servers \"mariadb postgresql\")" >&2; exit 2 ;;
  esac
done
for v in "--rows $ROWS" "--tables $TABLES"; do
  [[ "${v#* }" =~ ^[1-9][0-9]*$ ]] || { echo "verify.sh: ${v%% *} takes a whole number above 0, not '${v#* }'" >&2; exit 2; }
done
[ "$ROWS" -gt $((SMALL * 2)) ] || { echo "verify.sh: --rows takes more than $((SMALL * 2)) (the baseline verifies $SMALL)" >&2; exit 2; }
for s in $SERVERS; do
  case $s in mariadb | postgresql) ;; *) echo "verify.sh: --servers takes mariadb and/or postgresql, not $s" >&2; exit 2 ;; esac
done

. bench/lib.sh
NAME=ycsbx_bench_vf_$$
psql_() { PGOPTIONS="-c client_min_messages=warning" psql -h 127.0.0.1 -U "$DB_USER" -d postgres -qAtc "$1"; }
cleanup() {
  for n in "$NAME" "${NAME}_s"; do
    sql "DROP DATABASE IF EXISTS $n" >/dev/null 2>&1 || true
    psql_ "DROP SCHEMA IF EXISTS $n CASCADE" >/dev/null 2>&1 || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

now() { date +%s.%N; }
url() { # server name
  if [ "$1" = mariadb ]; then echo "jdbc:mariadb://127.0.0.1:3306/$2"; else echo "jdbc:postgresql://127.0.0.1:5432/postgres?currentSchema=$2"; fi
}
fresh() { # server name
  if [ "$1" = mariadb ]; then sql "DROP DATABASE IF EXISTS $2; CREATE DATABASE $2"
  else psql_ "DROP SCHEMA IF EXISTS $2 CASCADE; CREATE SCHEMA $2"; fi
}
# family-specific -p of a load and verify of ROWS rows
props() { # family rows
  if [ "$1" = iibench ]; then echo "-p iibench.rows=$2 -p iibench.roundrows=$2"
  else echo "-p sysbench.tables=$TABLES -p sysbench.table_size=$(($2 / TABLES))"; fi
}
# ycsb phase server name family rows: runs it, its output in $work, the bench ends on a failure
ycsb() {
  local log="$work/$1-$2-$4-$5.log"
  # shellcheck disable=SC2046
  if ! ycsbx_main "$1" jdbc -P "workloads/$4" -p db.url="$(url "$2" "$3")" -p db.user="$DB_USER" -p db.passwd="$DB_PASS" \
      $(props "$4" "$5") $([ "$1" = load ] && echo "-threads 2") > "$log" 2>&1; then
    echo "bench: $1 of $4 on $2 failed:" >&2; tail -n 20 "$log" >&2; exit 1
  fi
  grep -q "^\[VERIFY\] OK" "$log" || [ "$1" = load ] || { echo "bench: verify of $4 on $2 did not agree:" >&2; tail -n 20 "$log" >&2; exit 1; }
}
timed() { local t0; t0=$(now); "$@"; awk -v a="$t0" -v b="$(now)" 'BEGIN {printf "%.2f", b - a}'; }
count_ids() { # server name
  local n=$((ROWS / TABLES)) t q
  for t in $(seq 1 "$TABLES"); do
    q="SELECT COUNT(*) FROM sbtest$t WHERE id BETWEEN 1 AND $n"
    if [ "$1" = mariadb ]; then sql "USE $2; $q" >/dev/null; else psql_ "SET search_path = $2; $q" >/dev/null; fi
  done
}

printf "# bench/verify.sh --rows %s --tables %s (%s, %s)\n" "$ROWS" "$TABLES" "$(date -u +%F)" "$(nproc) cores"
printf "%-10s %-8s %9s %9s %9s %10s %10s\n" server family rows verify_s small_s verify_s_M count_s_M
for server in $SERVERS; do
  for family in iibench sysbench; do
    fresh "$server" "$NAME"; fresh "$server" "${NAME}_s"
    ycsb load "$server" "$NAME" "$family" "$ROWS"
    ycsb load "$server" "${NAME}_s" "$family" "$SMALL"
    ycsb verify "$server" "${NAME}_s" "$family" "$SMALL" # warms the page cache of the jars
    small=$(timed ycsb verify "$server" "${NAME}_s" "$family" "$SMALL")
    full=$(timed ycsb verify "$server" "$NAME" "$family" "$ROWS")
    count="-"
    if [ "$family" = sysbench ]; then
      c=$(timed count_ids "$server" "$NAME")
      count=$(awk -v c="$c" -v n="$ROWS" 'BEGIN {printf "%.2f", c / n * 1e6}')
    fi
    printf "%-10s %-8s %9s %9s %9s %10s %10s\n" "$server" "$family" "$ROWS" "$full" "$small" \
      "$(awk -v f="$full" -v s="$small" -v n="$ROWS" -v m="$SMALL" 'BEGIN {printf "%.2f", (f - s) / (n - m) * 1e6}')" "$count"
  done
done
