#!/usr/bin/env bash
# What iibench costs the client, with the null binding (no server): rows/s of row generation
# plus YCSB's Client and measurements on ONE core (taskset), and the client's peak RSS after a
# small and a ten times larger load (memory must stay flat: nothing is kept per row).
#
#   bench/iibench-client-cost.sh [--rows N] [--repeat R]
#
# Printed ratios: rows/s against the 5M rows/s goal, and RSS(10N rows) / RSS(N rows).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

ROWS=1000000 REPEAT=3
while [ $# -gt 0 ]; do
  case $1 in
    --rows) ROWS=$2; shift 2 ;;
    --repeat) REPEAT=$2; shift 2 ;;
    *) echo "iibench-client-cost: unknown option $1" >&2; exit 2 ;;
  esac
done
. bench/lib.sh
load() { # rows, extra args...
  local rows=$1; shift
  bin/ycsb load null -P workloads/iibench -p recordcount=2147483647 -p iibench.rows="$rows" \
    -p iibench.roundrows="$rows" -p iibench.reportseconds=0 "$@" 2>/dev/null
}
rows_per_s() { sed -n 's/.*\[IIBENCH\] inserted [0-9]* rows in [0-9.]* s: \([0-9.]*\) rows\/s.*/\1/p'; }

echo "== row generation + YCSB client, null binding, one core (taskset -c 0), $((ROWS * 10)) rows, median of $REPEAT"
rates=""
for _ in $(seq 1 "$REPEAT"); do
  rates+="$(JAVA_OPTS="-XX:ActiveProcessorCount=1" taskset -c 0 bash -c "$(declare -f load); load $((ROWS * 10))" | rows_per_s) "
done
rate=$(median "$rates")
printf "%-28s %14s %10s\n" measure rows_per_s vs_goal
printf "%-28s %14.0f %10.2f\n" "1 thread, batch 1000" "$rate" "$(ratio "$rate" 5000000)"

echo
echo "== client peak RSS (GNU time), null binding, 1 thread, JVM defaults, median of $REPEAT"
rss() { # rows
  local out
  out=$( { /usr/bin/time -f "RSS_KB %M" bin/ycsb load null -P workloads/iibench -p recordcount=2147483647 \
    -p iibench.rows="$1" -p iibench.roundrows="$1" -p iibench.reportseconds=0 >/dev/null; } 2>&1 )
  echo "$out" | sed -n 's/^RSS_KB //p'
}
small="" large=""
for _ in $(seq 1 "$REPEAT"); do
  small+="$(rss "$ROWS") "
  large+="$(rss $((ROWS * 10))) "
done
s=$(median "$small")
l=$(median "$large")
printf "%-28s %14s\n" rows peak_rss_mb
printf "%-28s %14.1f\n" "$ROWS" "$(awk -v k="$s" 'BEGIN {print k / 1024}')"
printf "%-28s %14.1f\n" "$((ROWS * 10))" "$(awk -v k="$l" 'BEGIN {print k / 1024}')"
printf "%-28s %14.2f\n" "ratio (10x rows / 1x rows)" "$(ratio "$l" "$s")"
