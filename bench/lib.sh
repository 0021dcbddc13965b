# Shared by the bench scripts (sourced, not run): builds YCSB-X and the raw loops, and the
# helpers every comparison uses. MariaDB: the test account of scripts/setup-servers.sh.
MYSQL_URL=jdbc:mysql://127.0.0.1:3306
DB_USER=${YCSBX_TEST_USER:-ycsbx}
DB_PASS=${YCSBX_TEST_PASSWORD:-ycsbx}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

bin/ycsb --help >/dev/null  # builds in a source checkout
mvn -q -B -o package -pl bench -DskipTests >/dev/null 2>&1 || mvn -q -B package -pl bench -DskipTests >/dev/null
RAW_CP="bench/target/ycsbx-bench-0.1.0-SNAPSHOT.jar:$(cat bench/target/bench-classpath.txt)"

sql() { mariadb -h127.0.0.1 -u"$DB_USER" -p"$DB_PASS" -N -e "$1"; }

# median of the numbers in the words of $1
median() { echo "$1" | tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

ratio() { awk -v a="$1" -v b="$2" 'BEGIN {print (b > 0 ? a / b : 0)}'; }

# the bench's own MariaDB databases, empty (or gone with "drop")
bench_databases() {
  sql "DROP DATABASE IF EXISTS ycsbx_bench_x; DROP DATABASE IF EXISTS ycsbx_bench_raw;"
  [ "${1:-}" = drop ] || sql "CREATE DATABASE ycsbx_bench_x; CREATE DATABASE ycsbx_bench_raw;"
}
