#!/usr/bin/env bash
# sysbench (issue 26) in one run: Debian's sysbench 1.0.20 and YCSB-X's sysbench workloads,
# interleaved on the same servers and the same tables, with public tools only (sysbench, MariaDB,
# PostgreSQL, Java, awk):
#  1. generation: the OLTP transaction on the null binding on ONE core (taskset -c 0): statements
#     per second YCSB-X generates, times and counts (goal >= 1M statements/s);
#  2. load: rows/s of `sysbench oltp_read_write prepare --threads=L` against `bin/ycsb load
#     -P workloads/sysbench -threads L` (each on empty tables, k index after the rows), per server
#     and loader thread count (goal: YCSB-X / sysbench >= 1.0);
#  3. runs: on the tables the last load left, for each server, thread count and pair
#     oltp_point_select / sysbench-point, oltp_read_only / sysbench-readonly, oltp_read_write /
#     sysbench, transactions/s and queries/s of both (each from its own report: sysbench's "SQL
#     statistics", YCSB-X's copy of it), the ratio of the transactions/s (goal >= 0.97) and the
#     client CPU seconds per 1000 transactions of both processes, startup included (goal: YCSB-X's
#     within 1.5x of sysbench's). The two sides alternate which runs first.
#
#   bench/sysbench.sh [--tables N] [--rows N] [--threads "1 4 16"] [--load-threads "1 8"]
#                     [--seconds S] [--warmup S] [--gen-seconds S] [--servers "mariadb postgresql"] [--pin]
#                     [--mysql-driver mariadb|mysql] [--ps-mode auto|disable] [--repeat R]
#                     [--cells "point readonly readwrite"] [--together]
#
# Defaults are the issue's cells (16 tables x 100000 rows, in memory; 1, 4 and 16 threads; 30 s a
# run): about half an hour on a 2-core machine. MariaDB InnoDB: database ycsbx_bench_sb_<pid>;
# PostgreSQL: schema ycsbx_bench_sb_<pid> of database postgres (sysbench reaches it through
# libpq's PGOPTIONS search_path); both with the test account of scripts/setup-servers.sh, dropped
# at the end. --pin puts the servers on CPU 0 and both clients on the others (lib.sh's pin_server).
# --warmup S runs both sides S seconds more and leaves them out of the transactions/s (sysbench 1.0.20
# has no warm-up option: --report-checkpoints=S prints a report and resets its counters then, and the
# last report is read; YCSB-X ycsbx.warmup=S). Two CPU figures per side: the whole process's per 1000
# transactions (sb_cpu_kt, x_cpu_kt: startup, warm-up and JIT included) and the measured window's
# (sb_run_kt: sysbench's whole CPU times seconds / (seconds + warm-up, + the tail with --together),
# its start being a few ms;
# x_run_kt: YCSB-X's own [EFFICIENCY] client.Kop, the client JVM's CPU over the run after the warm-up),
# the figure a run of hours converges to; run_rat is their ratio. sb_srv_kt and x_srv_kt: the
# server's CPU seconds per 1000 transactions over the same windows (its process and children from
# /proc, lib.sh's server_cpu, read at the end of sysbench's warm-up and at its exit; YCSB-X's
# [EFFICIENCY] server.Kop), srv_rat their ratio: with the server on a core of its own (--pin) a
# run's transactions/s is about 1 / its server CPU per transaction, so this column says whether a
# gap in throughput is what the client asks of the server. cli_busy: the % of the clients' CPUs
# that the client processes kept busy over the window (run_kt x transactions/s; alone, the busier
# side; --together, both): near 100 the clients' core, not the server, sets the rates.
# --mysql-driver picks YCSB-X's driver on MariaDB: mariadb (default, db.url jdbc:mariadb://, MariaDB
# Connector/J, the cheaper client per transaction: bench/README.md) or mysql (jdbc:mysql://, MySQL Connector/J).
# --ps-mode is sysbench's --db-ps-mode, given to both: auto (sysbench's default: statements prepared on
# the server; YCSB-X's runs get useServerPrepStmts=true&cachePrepStmts=true on MariaDB and
# prepareThreshold=1 on PostgreSQL) or disable (client-side: useServerPrepStmts=false,
# prepareThreshold=0). A MariaDB server pinned to one core ran 1.13-1.25x the point selects a
# second through server-side statements, at 0.80-0.87x its CPU a statement: the server does not
# parse them (bench/README.md).
# Before each run of the read/write cells the tables are rebuilt in id order and the server settles
# (reset: PostgreSQL CLUSTERs each table on its primary key, ANALYZEs and checkpoints; InnoDB purges
# its history, rebuilds each table with ALTER TABLE ... FORCE and writes its dirty pages): each run
# then starts from the same tables. Without it, a run inherits the dead rows, split pages and moved
# rows of all the runs before it: with VACUUM alone, PostgreSQL's server CPU a transaction grew
# run after run (1.68, 1.60, 1.78, 2.02 ms at 4 threads), more than the gap being measured. About
# 18 s a reset for 16 x 100000 rows here.
# --repeat R runs each cell as R pairs (who goes first alternating) and then judges the throughput
# goal on them: the 90% confidence interval of the pairs' mean ratio (bench's PairedRatio) and met,
# missed or undecided; one run moves by more than 3% here. Keep R even: the read/write cells move by
# 10-20% with their position in a pair, and R even puts each side first as often. --cells picks the
# pairs to run.
# --together runs the two sides of a pair at the same time, each with the cell's threads (the server
# then sees twice as many connections): the same seconds of the same server for both, so that a
# neighbour slowing the VM, which moved a cell's sequential pairs by 10-20% here, slows both alike.
# YCSB-X starts first; sysbench starts when YCSB-X prints "Starting test.". Both run 3 s past the
# measured stretch, and each side's figures are its report of the checkpoint at warm-up + seconds
# (--report-checkpoints=W,W+S; YCSB-X sysbench.report_checkpoints=W+S after ycsbx.warmup=W): the two
# windows are then the same seconds to within their starts' gap (under a second), and in neither
# did the other side stop. Read from the closing reports instead, sysbench's window ran on up to a
# quarter second after YCSB-X's threads had stopped, seconds in which it had the server to itself.
# The server's CPU cannot be split between the two clients: its columns print "-". It asks more
# than the issue's goal does: with the server's core saturated, a side whose client is slower to
# send its next statement leaves its backends idle and the other side's take the core.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

TABLES=16 ROWS=100000 THREADS="1 4 16" LOAD_THREADS="1 8" SECONDS_=30 WARMUP=0 GEN_SECONDS=15 SERVERS="mariadb postgresql" PIN=0
MYSQL_DRIVER=mariadb PS_MODE=auto REPEAT=1 CELLS="point readonly readwrite" TOGETHER=0
TAIL=3
while [ $# -gt 0 ]; do
  case $1 in
    --tables) TABLES=$2; shift 2 ;;
    --rows) ROWS=$2; shift 2 ;;
    --threads) THREADS=$2; shift 2 ;;
    --load-threads) LOAD_THREADS=$2; shift 2 ;;
    --seconds) SECONDS_=$2; shift 2 ;;
    --warmup) WARMUP=$2; shift 2 ;;
    --gen-seconds) GEN_SECONDS=$2; shift 2 ;;
    --servers) SERVERS=$2; shift 2 ;;
    --pin) PIN=1; shift ;;
    --mysql-driver) MYSQL_DRIVER=${2:-}; shift $(( $# > 1 ? 2 : 1 )) ;;
    --ps-mode) PS_MODE=${2:-}; shift $(( $# > 1 ? 2 : 1 )) ;;
    --repeat) REPEAT=${2:-}; shift $(( $# > 1 ? 2 : 1 )) ;;
    --cells) CELLS=${2:-}; shift $(( $# > 1 ? 2 : 1 )) ;;
    --together) TOGETHER=1; shift ;;
    *) echo "sysbench.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
for s in $SERVERS; do
  case $s in mariadb | postgresql) ;; *) echo "sysbench.sh: --servers takes mariadb and/or postgresql, not $s" >&2; exit 2 ;; esac
done
case $MYSQL_DRIVER in mariadb | mysql) ;; *) echo "sysbench.sh: --mysql-driver takes mariadb or mysql, not '$MYSQL_DRIVER'" >&2; exit 2 ;; esac
[[ "$REPEAT" =~ ^[1-9][0-9]*$ ]] || { echo "sysbench.sh: --repeat takes a whole number above 0, not '$REPEAT'" >&2; exit 2; }
for c in $CELLS; do
  case $c in point | readonly | readwrite) ;; *) echo "sysbench.sh: --cells takes point, readonly and/or readwrite, not '$c'" >&2; exit 2 ;; esac
done
case $PS_MODE in auto | disable) ;; *) echo "sysbench.sh: --ps-mode takes auto or disable (sysbench's --db-ps-mode), not '$PS_MODE'" >&2; exit 2 ;; esac
for v in "--tables $TABLES" "--rows $ROWS" "--seconds $SECONDS_" "--warmup $WARMUP" "--gen-seconds $GEN_SECONDS"; do
  [[ "${v#* }" =~ ^[0-9]+$ ]] || { echo "sysbench.sh: ${v%% *} takes a whole number, not '${v#* }'" >&2; exit 2; }
done
[ "$TOGETHER" = 0 ] || [ "$WARMUP" -gt 0 ] || { echo "sysbench.sh: --together needs --warmup 1 or more (YCSB-X starts first and has the server to itself until sysbench's threads connect)" >&2; exit 2; }
command -v sysbench >/dev/null || { echo "sysbench.sh: sysbench is not installed (scripts/setup-servers.sh installs it)" >&2; exit 2; }

. bench/lib.sh
NAME=ycsbx_bench_sb_$$
PG_PORT=5432
psql_() { PGOPTIONS="-c client_min_messages=warning" psql -h 127.0.0.1 -p "$PG_PORT" -U "$DB_USER" -d postgres -qAtc "$1"; }
cleanup() {
  restore_server
  [ -z "${BP_FOUND:-}" ] || sql "SET GLOBAL innodb_buffer_pool_size = $BP_FOUND" >/dev/null 2>&1 || true
  sql "DROP DATABASE IF EXISTS $NAME" >/dev/null 2>&1 || true
  psql_ "DROP SCHEMA IF EXISTS $NAME CASCADE" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
# The cells are in memory: MariaDB's InnoDB buffer pool (128 MB as Debian installs it, and InnoDB
# reads around the page cache) is raised for the bench to hold the tables, about 250 bytes a row with
# its k entry (500 counted), in 128 MB steps, and put back at its end. Left at 128 MB, 16 x 100000
# rows ran from disk, and one 8-thread load of YCSB-X's stalled 7 minutes on InnoDB's dict_sys.latch
# (the server's "Long wait" warnings) while its threads built indexes beside inserts.
BP_FOUND=""
innodb_in_memory() {
  local need have step=134217728
  need=$(( (TABLES * ROWS * 500 + step - 1) / step * step ))
  have=$(sql "SELECT @@innodb_buffer_pool_size")
  [ "$have" -lt "$need" ] || return 0
  if ! sql "SET GLOBAL innodb_buffer_pool_size = $need"; then
    echo "sysbench.sh: cannot raise MariaDB's innodb_buffer_pool_size to $((need / 1048576)) MB for the tables (the account needs SUPER)" >&2
    exit 2
  fi
  BP_FOUND=$have
  echo "(MariaDB's InnoDB buffer pool raised from $((have / 1048576)) MB to $((need / 1048576)) MB for the bench, to hold the tables; put back at its end)"
}
where="client and server sharing the CPUs" CLIENT_NCPU=$(nproc)
if [ "$PIN" = 1 ]; then
  ports=()
  for s in $SERVERS; do ports+=("$([ "$s" = mariadb ] && echo 3306 || echo "$PG_PORT")"); done
  pin_server "${ports[@]}"
  where="servers on CPU 0, clients on CPUs $CLIENT_CPUS" CLIENT_NCPU=$(($(nproc) - 1))
fi

# sysbench's and YCSB-X's reports print the same lines: "    transactions:   N   (X per sec.)"
RATE='s/^ *%s: *[0-9]* *(\([0-9.]*\) per sec\.)$/\\1/p'
COUNT='s/^ *%s: *\([0-9]*\) .*/\\1/p'
rate() { figure "$1" "$(printf "$RATE" "$2")" "$2 per second"; }
count() { figure "$1" "$(printf "$COUNT" "$2")" "$2"; }

# empty_tables SERVER: no tables, and nothing of the load before left for the next one to pay (the
# 400 MB of dirty pages a load leaves: without this the second load of a pair, always YCSB-X's,
# ran 0.60x sysbench's at 8 threads on MariaDB, and 0.82-1.03x with it)
empty_tables() { # server
  if [ "$1" = mariadb ]; then sql "DROP DATABASE IF EXISTS $NAME; CREATE DATABASE $NAME"; quiesce_innodb
  else psql_ "DROP SCHEMA IF EXISTS $NAME CASCADE; CREATE SCHEMA $NAME"; psql_ "CHECKPOINT" >/dev/null; fi
}
sb() { # server script command threads [more...]
  local server=$1 script=$2 command=$3 threads=$4; shift 4
  local db=(--db-driver=mysql --mysql-host=127.0.0.1 --mysql-user="$DB_USER" --mysql-password="$DB_PASS" --mysql-db="$NAME")
  [ "$server" = mariadb ] || db=(--db-driver=pgsql --pgsql-host=127.0.0.1 --pgsql-port="$PG_PORT" --pgsql-user="$DB_USER"
    --pgsql-password="$DB_PASS" --pgsql-db=postgres)
  env PGOPTIONS="-c search_path=$NAME" "${CLIENT_PIN[@]}" sysbench "$script" "${db[@]}" --tables="$TABLES" \
    --table-size="$ROWS" --threads="$threads" --db-ps-mode="$PS_MODE" "$@" "$command"
}
x() { # server phase workload threads [more...]
  local server=$1 phase=$2 workload=$3 threads=$4; shift 4
  local url=jdbc:$MYSQL_DRIVER:${MYSQL_URL#jdbc:mysql:}/$NAME engine=(-p jdbc.engine=InnoDB) ps
  [ "$server" = mariadb ] || url="jdbc:postgresql://127.0.0.1:$PG_PORT/postgres?currentSchema=$NAME" engine=()
  # a run's statements prepared where sysbench's are (--db-ps-mode); a load as YCSB-X does it
  if [ "$phase" = run ]; then
    if [ "$server" = mariadb ]; then
      ps=$([ "$PS_MODE" = auto ] && echo "useServerPrepStmts=true&cachePrepStmts=true" || echo "useServerPrepStmts=false")
    else
      ps=$([ "$PS_MODE" = auto ] && echo "prepareThreshold=1" || echo "prepareThreshold=0")
    fi
    url+=$([[ $url == *\?* ]] && echo "&" || echo "?")$ps
  fi
  ycsbx_main "$phase" jdbc -P "workloads/$workload" -p db.url="$url" -p db.user="$DB_USER" -p db.passwd="$DB_PASS" \
    "${engine[@]}" -p sysbench.tables="$TABLES" -p sysbench.table_size="$ROWS" -threads "$threads" \
    -p ycsbx.interval=0 -p sysbench.report_interval=0 "$@"
}
seconds_of() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", b - a}'; }
# reset SERVER: before a run of a writing cell, the tables as a load leaves them (in id order, no
# dead rows, fresh indexes, statistics) and the server's debts from the run before it paid (whichever
# side runs second would otherwise pay them in its window: PostgreSQL's autovacuum, InnoDB's purge
# and dirty pages)
reset() { # server
  local t
  if [ "$1" = mariadb ]; then
    for _ in $(seq 1 120); do
      [ "$(sql "SELECT COUNT FROM information_schema.INNODB_METRICS WHERE NAME = 'trx_rseg_history_len'")" -lt 1000 ] && break
      sleep 1
    done
    for t in $(seq 1 "$TABLES"); do sql "ALTER TABLE $NAME.sbtest$t FORCE" >/dev/null; done
    quiesce_innodb
  else
    # one statement a call: CLUSTER and VACUUM cannot run inside the transaction block of a multi-statement -c
    for t in $(seq 1 "$TABLES"); do
      psql_ "CLUSTER $NAME.sbtest$t USING sbtest${t}_pkey" >/dev/null
      psql_ "ANALYZE $NAME.sbtest$t" >/dev/null
    done
    psql_ "CHECKPOINT" >/dev/null
  fi
}

# together SERVER SCRIPT WORKLOAD THREADS (--together): both sides at once into $slog and $xlog
together() {
  local server=$1 script=$2 workload=$3 threads=$4 xpid i
  # the last pair's logs have the same names: a "Starting test." of theirs must not start sysbench
  rm -f "$xlog" "$xlog.err" "$slog" "$slog.err"
  measured "$xlog" x "$server" run "$workload" "$threads" -p maxexecutiontime=$((SECONDS_ + WARMUP + TAIL)) \
    -p ycsbx.warmup="$WARMUP" -p sysbench.report_checkpoints=$((WARMUP + SECONDS_)) &
  xpid=$!
  # unanchored: a line another thread of YCSB-X wrote without its newline yet may precede it
  for i in $(seq 1 1200); do
    grep -q "Starting test\." "$xlog.err" 2>/dev/null && break
    kill -0 "$xpid" 2>/dev/null || break
    sleep 0.05
  done
  if ! grep -q "Starting test\." "$xlog.err" 2>/dev/null; then
    wait "$xpid" || true
    echo "bench: --together: YCSB-X's run did not start ($xlog):" >&2
    tail -n 20 "$xlog" "$xlog.err" >&2
    exit 1
  fi
  # in a subshell of its own: bash's time counts every child its shell reaps meanwhile, and YCSB-X,
  # which ends first, would be counted as sysbench's
  measured "$slog" sb "$server" "$script" run "$threads" --time=$((SECONDS_ + WARMUP + TAIL)) \
    --report-checkpoints="$WARMUP,$((WARMUP + SECONDS_))" &
  wait $! || exit 1
  wait "$xpid" || exit 1
  # each side's report of the checkpoint at warm-up + seconds: its measured window
  local log
  for log in "$slog" "$xlog"; do
    sed -n "/^\[ $((WARMUP + SECONDS_))s \] Checkpoint report:\$/,/^Threads fairness:\$/p" "$log" > "$log.win"
    [ -s "$log.win" ] || { echo "bench: --together: no checkpoint report at $((WARMUP + SECONDS_)) s in $log:" >&2; tail -n 20 "$log" "$log.err" >&2; exit 1; }
  done
}

echo "== 1. generation: the OLTP transaction on the null binding, 1 thread, one core (taskset -c 0), $GEN_SECONDS s"
log=$work/gen.log
measured "$log" taskset -c 0 java -XX:ActiveProcessorCount=1 -cp "$YCSBX_CP" site.ycsbx.tools.Main run null \
  -P workloads/sysbench -threads 1 -p maxexecutiontime="$GEN_SECONDS" -p ycsbx.interval=0 -p sysbench.report_interval=0
printf "%-40s %14s %14s\n" measure transactions_s statements_s
printf "%-40s %14.0f %14.0f\n" "null binding, one core (goal >= 1M st/s)" "$(rate "$log" transactions)" "$(rate "$log" queries)"

for server in $SERVERS; do
  [ "$server" != mariadb ] || innodb_in_memory
  if [ "$server" = mariadb ]; then version="MariaDB $(sql "SELECT VERSION()") InnoDB, YCSB-X through jdbc:$MYSQL_DRIVER://"
  else version="PostgreSQL $(psql_ "SHOW server_version")"; fi
  echo
  echo "== 2. load on $version: $TABLES tables x $ROWS rows, k index after the rows, $where"
  printf "%-8s %10s %14s %14s %7s\n" threads tool_secs sysbench_rows_s ycsbx_rows_s ratio
  for lt in $LOAD_THREADS; do
    empty_tables "$server"
    t0=$(date +%s.%N); measured "$work/prep-$server-$lt.log" sb "$server" oltp_read_write prepare "$lt"; t1=$(date +%s.%N)
    empty_tables "$server"
    t2=$(date +%s.%N); measured "$work/load-$server-$lt.log" x "$server" load sysbench "$lt" -p maxexecutiontime=0; t3=$(date +%s.%N)
    sbs=$(seconds_of "$t0" "$t1") xs=$(seconds_of "$t2" "$t3")
    sr=$(awk -v n=$((TABLES * ROWS)) -v s="$sbs" 'BEGIN {printf "%.0f", n / s}')
    xr=$(awk -v n=$((TABLES * ROWS)) -v s="$xs" 'BEGIN {printf "%.0f", n / s}')
    printf "%-8s %10s %14s %14s %7.3f\n" "$lt" "$sbs/$xs" "$sr" "$xr" "$(ratio "$xr" "$sr")"
  done
  [ "$server" = mariadb ] && quiesce_innodb

  echo
  echo "== 3. runs on $version, the tables YCSB-X loaded, $SECONDS_ s each after a warm-up of $WARMUP s, $where$([ "$TOGETHER" = 0 ] || echo ", both sides at once (--together)")"
  spid=$(server_pid "$([ "$server" = mariadb ] && echo 3306 || echo "$PG_PORT")")
  [ -n "$spid" ] || { echo "sysbench.sh: no local process listens on the $server port: the server columns need a local server" >&2; exit 2; }
  printf "%-36s %7s %10s %10s %10s %10s %7s %11s %11s %7s %11s %11s %7s %10s %10s %7s %8s\n" "sysbench / ycsbx" threads sb_tps x_tps \
    sb_qps x_qps ratio sb_cpu_kt x_cpu_kt cpu_rat sb_run_kt x_run_kt run_rat sb_srv_kt x_srv_kt srv_rat cli_busy
  pair=0
  for cell in "point oltp_point_select sysbench-point" "readonly oltp_read_only sysbench-readonly" \
    "readwrite oltp_read_write sysbench"; do
    read -r name script workload <<< "$cell"
    [[ " $CELLS " == *" $name "* ]] || continue
    for threads in $THREADS; do
      ratios=""
      for _ in $(seq 1 "$REPEAT"); do
        pair=$((pair + 1))
        if [ $((pair % 2)) -eq 1 ]; then order="s x"; else order="x s"; fi
        slog=$work/$server-$script-$threads.log xlog=$work/$server-$workload-$threads.log
        [ "$TOGETHER" = 0 ] || order=together
        for who in $order; do
          [ "$name" != readwrite ] || reset "$server"
          if [ "$who" = together ]; then
            together "$server" "$script" "$workload" "$threads"
          elif [ "$who" = s ]; then
            # the server's CPU over sysbench's measured window: read when its warm-up ends, and at its exit
            (sleep "$WARMUP"; server_cpu "$spid" > "$slog.srv0") &
            # sysbench in a subshell of its own, so that its time does not count the reading above
            measured "$slog" sb "$server" "$script" run "$threads" --time=$((SECONDS_ + WARMUP)) \
              $([ "$WARMUP" = 0 ] || echo --report-checkpoints="$WARMUP") &
            wait $! || exit 1
            wait
            sleep 0.2 # PostgreSQL's backends gone and reaped
            server_cpu "$spid" > "$slog.srv1"
          else
            measured "$xlog" x "$server" run "$workload" "$threads" -p maxexecutiontime=$((SECONDS_ + WARMUP)) \
              -p ycsbx.warmup="$WARMUP"
          fi
        done
        # the measured window's report: the closing one, or (--together) the checkpoint's
        sw=$slog xw=$xlog tail_=0
        if [ "$TOGETHER" = 1 ]; then
          sw=$slog.win xw=$xlog.win tail_=$TAIL
          cp "$slog.cpu" "$sw.cpu"; cp "$xlog.cpu" "$xw.cpu"
        fi
        st=$(rate "$sw" transactions) xt=$(rate "$xw" transactions)
        sq=$(rate "$sw" queries) xq=$(rate "$xw" queries)
        sc=$(cpu_per_kop "$sw" "$(count "$sw" transactions)") xc=$(cpu_per_kop "$xw" "$(count "$xw" transactions)")
        sr=$(awk -v c="$sc" -v s="$SECONDS_" -v w="$((WARMUP + tail_))" 'BEGIN {printf "%.4f", c * s / (s + w)}')
        xr=$(efficiency "$xlog" client.Kop)
        if [ "$TOGETHER" = 0 ]; then
          ss_=$(awk -v a="$(cat "$slog.srv0")" -v b="$(cat "$slog.srv1")" -v n="$(count "$slog" transactions)" \
            'BEGIN {printf "%.4f", (n > 0 ? 1000 * (b - a) / n : 0)}')
          xs=$(efficiency "$xlog" server.Kop)
          srv=$(printf "%10.4f %10.4f %7.3f" "$ss_" "$xs" "$(ratio "$xs" "$ss_")")
        else
          srv=$(printf "%10s %10s %7s" - - -)
        fi
        busy=$(awk -v t="$TOGETHER" -v a="$sr" -v at="$st" -v b="$xr" -v bt="$xt" -v n="$CLIENT_NCPU" \
          'BEGIN {s = a * at / 1000; x = b * bt / 1000; printf "%.0f", 100 * (t ? s + x : (s > x ? s : x)) / n}')
        ratios+=" $(ratio "$xt" "$st")"
        printf "%-36s %7s %10.1f %10.1f %10.1f %10.1f %7.3f %11.4f %11.4f %7.3f %11.4f %11.4f %7.3f %s %8s\n" \
          "$script / $workload" "$threads" "$st" "$xt" "$sq" "$xq" "$(ratio "$xt" "$st")" "$sc" "$xc" "$(ratio "$xc" "$sc")" \
          "$sr" "$xr" "$(ratio "$xr" "$sr")" "$srv" "$busy"
      done
      if [ "$REPEAT" -gt 1 ]; then
        printf "%-36s %7s %s pairs, ratio median %.3f; goal 0.97: %s\n" "  the pairs above" "$threads" "$REPEAT" \
          "$(median "$ratios")" "$(java -cp "$RAW_CP" site.ycsbx.bench.PairedRatio 0.97 $ratios)"
      fi
    done
  done
done
