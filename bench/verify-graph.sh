#!/usr/bin/env bash
# What bin/ycsb verify costs on filemeta and linkbench (issue 41): loads each family with bin/ycsb
# (bin/ycsb's class path) on MariaDB InnoDB and PostgreSQL, then times each kind of verify, and
# prints per server, family and check the rows stored, the wall seconds of the whole command
# (JVM start, preflight and fingerprint included: about 1.5 s of it here) and seconds per million
# rows. Checks:
#   filemeta  full        ids, files per user and per server in full, and every file column by
#                         column (--full; the default up to filemeta.verifyfiles=200000 files)
#   filemeta  totals      the same totals, and one range of 10000 files column by column
#                         (filemeta.verifyfiles=0): what a sampled check costs at least
#   linkbench counts      the count table against the visible links of every pair (the default)
#   linkbench totals      with linkbench.verify_as_loaded=true: nodes and links per pair in full
#                         against the generator, and one chunk one by one (verify_chunks=1)
#   linkbench full        the same with --full: every chunk one by one (the default 8 chunks are
#                         all of them at the default size)
# rows: filemeta's files; linkbench's nodes + links + counts. Every verify must exit 0 (the data
# was just loaded): one that does not ends the bench with its output.
#
#   bench/verify-graph.sh [--files N] [--maxid1 M] [--servers "mariadb postgresql"]
#
# Defaults (500000 files; maxid1 5001: 5000 nodes and, by the built-in out-degrees, about 980000
# links and counts) run in about 5 minutes on
# a 2-core machine. MariaDB: the test account (scripts/setup-servers.sh) and a database of its own,
# ycsbx_bench_vg_<pid>; PostgreSQL: schema ycsbx_bench_vg_<pid> of database postgres; both dropped
# at the end.
#
# Measured 2026-11-29 on the 2-core VM (MariaDB 10.11, PostgreSQL 15, client and servers sharing
# the cores, other builds beside), bench/verify-graph.sh with its defaults, seconds per million rows
# (two runs; all figures in bench/README.md):
#   mariadb     filemeta  full 8.3-19.1   totals 4.3-4.5   linkbench counts 1.0-2.2  totals 5.0  full 16.1-19.8
#   postgresql  filemeta  full 8.9-19.0   totals 3.7-6.1   linkbench counts 1.4-3.5  totals 7.3  full 20.7-23.3
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

FILES=500000 MAXID1=5001 SERVERS="mariadb postgresql"
while [ $# -gt 0 ]; do
  case $1 in
    --files) FILES=$2; shift 2 ;;
    --maxid1) MAXID1=$2; shift 2 ;;
    --servers) SERVERS=$2; shift 2 ;;
    *) echo "verify-graph.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[[ "$FILES" =~ ^[1-9][0-9]*$ ]] || { echo "verify-graph.sh: --files takes a whole number above 0, not '$FILES'" >&2; exit 2; }
[[ "$MAXID1" =~ ^[0-9]+$ ]] && [ "$MAXID1" -ge 2 ] || { echo "verify-graph.sh: --maxid1 takes a whole number of 2 or more, not '$MAXID1'" >&2; exit 2; }
for s in $SERVERS; do
  case $s in mariadb | postgresql) ;; *) echo "verify-graph.sh: --servers takes mariadb and/or postgresql, not $s" >&2; exit 2 ;; esac
done

. bench/lib.sh
NAME=ycsbx_bench_vg_$$
PG_PORT=5432
psql_() { PGOPTIONS="-c client_min_messages=warning" psql -h 127.0.0.1 -p "$PG_PORT" -U "$DB_USER" -d postgres -qAtc "$1"; }
cleanup() {
  sql "DROP DATABASE IF EXISTS $NAME" >/dev/null 2>&1 || true
  psql_ "DROP SCHEMA IF EXISTS $NAME CASCADE" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

query() { # server sql
  if [ "$1" = mariadb ]; then sql "USE $NAME; $2"; else psql_ "SET search_path = $NAME; $2" | tail -1; fi
}
x() { # server phase workload [args...]
  local server=$1 phase=$2 workload=$3; shift 3
  local url=$MYSQL_URL/$NAME engine=(-p jdbc.engine=InnoDB)
  [ "$server" = mariadb ] || url="jdbc:postgresql://127.0.0.1:$PG_PORT/postgres?currentSchema=$NAME" engine=()
  ycsbx_main "$phase" jdbc -P "workloads/$workload" -p db.url="$url" -p db.user="$DB_USER" -p db.passwd="$DB_PASS" \
    "${engine[@]}" "$@"
}
# timed LOG CMD...: the wall seconds of CMD (measured: a failure ends the bench)
timed() {
  local log=$1 start end; shift
  start=$(date +%s.%N)
  measured "$log" "$@"
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN {printf "%.2f", b - a}'
}

rows_out=()
row() { # server family check rows seconds
  rows_out+=("$(printf "%-10s  %-9s  %-9s  %9d  %8s  %10s" "$1" "$2" "$3" "$4" "$5" \
    "$(awk -v s="$5" -v n="$4" 'BEGIN {printf "%.2f", s * 1000000 / n}')")")
}

for server in $SERVERS; do
  if [ "$server" = mariadb ]; then sql "DROP DATABASE IF EXISTS $NAME; CREATE DATABASE $NAME"
  else psql_ "DROP SCHEMA IF EXISTS $NAME CASCADE; CREATE SCHEMA $NAME"; fi
  fm=(-p recordcount="$FILES")
  echo "($server: loading $FILES files)"
  measured "$work/fm-load" x "$server" load filemeta "${fm[@]}"
  row "$server" filemeta full "$FILES" "$(timed "$work/fm-v1" x "$server" verify filemeta "${fm[@]}" --full)"
  row "$server" filemeta totals "$FILES" "$(timed "$work/fm-v2" x "$server" verify filemeta "${fm[@]}" -p filemeta.verifyfiles=0)"

  lb=(-p linkbench.maxid1="$MAXID1")
  echo "($server: loading linkbench, maxid1 $MAXID1)"
  measured "$work/lb-load" x "$server" load linkbench-small "${lb[@]}"
  graph=$(( $(query "$server" "SELECT COUNT(*) FROM nodetable") + $(query "$server" "SELECT COUNT(*) FROM linktable")
    + $(query "$server" "SELECT COUNT(*) FROM counttable") ))
  row "$server" linkbench counts "$graph" "$(timed "$work/lb-v1" x "$server" verify linkbench-small "${lb[@]}")"
  row "$server" linkbench totals "$graph" "$(timed "$work/lb-v2" x "$server" verify linkbench-small "${lb[@]}" \
    -p linkbench.verify_as_loaded=true -p linkbench.verify_chunks=1)"
  row "$server" linkbench full "$graph" "$(timed "$work/lb-v3" x "$server" verify linkbench-small "${lb[@]}" \
    -p linkbench.verify_as_loaded=true --full)"
  if [ "$server" = mariadb ]; then sql "DROP DATABASE IF EXISTS $NAME"; else psql_ "DROP SCHEMA IF EXISTS $NAME CASCADE"; fi
done

echo
echo "bin/ycsb verify: wall seconds of the command (JVM start included), seconds per million rows"
printf "%-10s  %-9s  %-9s  %9s  %8s  %10s\n" server family check rows seconds s_per_Mrow
printf "%s\n" "${rows_out[@]}"
