# Shared by the bench scripts (sourced, not run): builds YCSB-X and the raw loops, and the
# helpers every comparison uses. MariaDB: the test account of scripts/setup-servers.sh.
MYSQL_URL=jdbc:mysql://127.0.0.1:3306
DB_USER=${YCSBX_TEST_USER:-ycsbx}
DB_PASS=${YCSBX_TEST_PASSWORD:-ycsbx}

work=$(mktemp -d)
# restore_server (below) is a no-op unless a script pinned the server
trap 'restore_server; rm -rf "$work"' EXIT
# a client's command prefix: empty, or the CPUs pin_server left to clients
CLIENT_PIN=() CLIENT_CPUS=""

# builds this checkout in Maven's reactor without installing anything into ~/.m2 (shared by
# every checkout and worktree of the machine): the class path files then name this checkout's
# module jars. The stamp is renewed so that bin/ycsb, used by some scripts, does not rebuild.
build_args=(-q -B package -pl distribution,bench -am -DskipTests -Dassembly.skipAssembly=true)
mvn -o "${build_args[@]}" >/dev/null 2>&1 || mvn "${build_args[@]}" >/dev/null
touch distribution/target/runtime-classpath.txt
RAW_CP="bench/target/ycsbx-bench-0.1.0-SNAPSHOT.jar:$(cat bench/target/bench-classpath.txt)"

# YCSB-X runs from a private copy of its built jars: bin/ycsb rebuilds when a source changes, and
# a rebuild during a long bench (sources edited meanwhile) would change what is measured and add
# its own CPU to a run's figures
YCSBX_CP=""
for entry in $(tr ':' ' ' < distribution/target/runtime-classpath.txt); do
  case $entry in
    "$PWD"/*) cp "$entry" "$work/" && entry=$work/$(basename "$entry") ;;
  esac
  YCSBX_CP+="${YCSBX_CP:+:}$entry"
done
ycsbx_main() { "${CLIENT_PIN[@]}" java ${JAVA_OPTS:-} -cp "$YCSBX_CP" site.ycsbx.tools.Main "$@"; }

sql() { mariadb -h127.0.0.1 -u"$DB_USER" -p"$DB_PASS" -N -e "$1"; }

# median of the numbers in the words of $1
median() { echo "$1" | tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

ratio() { awk -v a="$1" -v b="$2" 'BEGIN {print (b > 0 ? a / b : 0)}'; }

# the bench's own MariaDB databases, empty (or gone with "drop")
bench_databases() {
  sql "DROP DATABASE IF EXISTS ycsbx_bench_x; DROP DATABASE IF EXISTS ycsbx_bench_raw;"
  [ "${1:-}" = drop ] || sql "CREATE DATABASE ycsbx_bench_x; CREATE DATABASE ycsbx_bench_raw;"
}

# measured LOG CMD...: runs CMD with its stdout in LOG and stderr in LOG.err, and appends the
# CPU seconds (user + system) of CMD and everything it started to LOG.cpu. A failed command
# ends the bench with the command and the tail of its output, never silently.
measured() {
  local log=$1; shift
  local TIMEFORMAT='%U %S'
  if ! { time "$@" > "$log" 2> "$log.err"; } 2> "$log.time"; then
    echo "bench: failed: $*" >&2
    tail -n 20 "$log" "$log.err" >&2
    exit 1
  fi
  awk '{print $1 + $2}' "$log.time" > "$log.cpu"
}

# the first number a sed expression finds in LOG, or the end of the bench with LOG's tail
figure() { # log sed-expression what
  local v
  v=$(sed -n "$2" "$1" | tail -1)
  if [ -z "$v" ]; then
    echo "bench: no $3 in the output of a run ($1):" >&2
    tail -n 20 "$1" "$1.err" >&2
    exit 1
  fi
  echo "$v"
}

# CPU seconds per 1000 operations of the run logged in LOG
cpu_per_kop() { # log ops
  awk -v c="$(cat "$1.cpu")" -v n="$2" 'BEGIN {printf "%.4f", (n > 0 ? 1000 * c / n : 0)}'
}

# quiesce_innodb: waits (at most 120 s) until InnoDB has written the dirty pages a previous run
# left, so that run's background flushing does not slow the next one (seen: in an interleaved
# IO-bound bench, whichever side ran second in a pair was 10-15% slower)
quiesce_innodb() {
  local pct
  pct=$(sql "SELECT @@innodb_max_dirty_pages_pct")
  sql "SET GLOBAL innodb_max_dirty_pages_pct = 0"
  for _ in $(seq 1 120); do
    [ "$(sql "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'INNODB_BUFFER_POOL_PAGES_DIRTY'")" -lt 100 ] && break
    sleep 1
  done
  sql "SET GLOBAL innodb_max_dirty_pages_pct = $pct"
}

# pin_server PORT...: puts the local servers listening on the PORTs (every thread of each, and of
# its child processes: PostgreSQL's background workers; backends forked later inherit the mask) on
# CPU 0 and sets CLIENT_PIN to the command prefix that keeps a client on the other CPUs
# (CLIENT_CPUS), as if client and server ran on machines of their own: on a small box they
# otherwise take each other's cores, and which one the scheduler favours moves a run by 20%. The
# servers' own masks come back at exit (restore_server, in lib.sh's EXIT trap; a script with a trap
# of its own calls it too). Needs 2+ CPUs and the right to set the servers' affinity (root, or
# their user).
SERVER_PIDS=() SERVER_MASKS=()
pin_server() { # port...
  local cpus port pid p
  cpus=$(nproc)
  if [ "$cpus" -lt 2 ]; then
    echo "bench: --pin needs 2 or more CPUs, this machine has $cpus" >&2
    exit 2
  fi
  for port in "$@"; do
    pid=$(server_pid "$port")
    if [ -z "$pid" ]; then
      echo "bench: --pin: no process of this machine that can be seen listens on port $port (a remote server, or run as root)" >&2
      exit 2
    fi
    for p in $pid $(pgrep -P "$pid"); do
      SERVER_PIDS+=("$p")
      SERVER_MASKS+=("$(taskset -p "$p" | sed 's/.*: //')")
      if ! taskset -a -p -c 0 "$p" >/dev/null; then
        echo "bench: --pin: cannot set the CPUs of the server on port $port (pid $p): run as root or as its user" >&2
        exit 2
      fi
    done
  done
  CLIENT_CPUS=$([ "$cpus" -eq 2 ] && echo 1 || echo "1-$((cpus - 1))")
  CLIENT_PIN=(taskset -c "$CLIENT_CPUS")
}
restore_server() {
  local i
  for i in "${!SERVER_PIDS[@]}"; do
    taskset -a -p "${SERVER_MASKS[$i]}" "${SERVER_PIDS[$i]}" >/dev/null 2>&1 || true
  done
}

# the pid of the local process listening on PORT, or nothing
server_pid() { # port
  ss -ltnpH "sport = :$1" 2>/dev/null | sed -n 's/.*pid=\([0-9]*\).*/\1/p' | head -1
}

# server_cpu PID: CPU seconds (user + system) of the server process PID and of its children, the
# live ones and those it has reaped (PostgreSQL's backends that exited are in the postmaster's
# cutime and cstime), as YCSB-X's [EFFICIENCY] server.Kop counts them: two readings bracket a window
server_cpu() { # pid
  local files=(/proc/"$1"/stat) c
  for c in $(pgrep -P "$1"); do files+=(/proc/"$c"/stat); done
  # fields after the command's closing parenthesis: utime is the 12th, then stime, cutime, cstime
  # a backend that exits between pgrep and cat is already in the postmaster's cutime: its file is
  # gone, and cat's failure must not end the bench (pipefail)
  { cat "${files[@]}" 2>/dev/null || true; } | sed 's/^.*) //' |
    awk -v hz="$(getconf CLK_TCK)" '{t += $12 + $13 + $14 + $15} END {printf "%.2f", t / hz}'
}

# a column of YCSB-X's [EFFICIENCY] run line (client.Kop, server.Kop), found by its header's name
efficiency() { # log column
  local v
  v=$(awk -v col="$2" '$1 == "[EFFICIENCY]" && $2 == "phase" {for (i = 1; i <= NF; i++) if ($i == col) c = i}
    $1 == "[EFFICIENCY]" && $2 == "run" && c {v = $c} END {print v}' "$1" "$1.err")
  [ -n "$v" ] || { echo "bench: no [EFFICIENCY] run line with $2 in $1" >&2; tail -n 20 "$1" "$1.err" >&2; exit 1; }
  echo "$v"
}
