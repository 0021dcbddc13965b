#!/usr/bin/env bash
# Installs (Debian/Ubuntu packages) and starts the servers the test suite talks to, when they
# are missing or stopped, then creates the test accounts:
#   MariaDB with InnoDB and RocksDB (mariadb-plugin-rocksdb), 127.0.0.1:3306, user ycsbx/ycsbx
#   PostgreSQL, 127.0.0.1:5432, role ycsbx/ycsbx
#   sysbench 1.0 (Debian's package), which the sysbench interop test runs beside YCSB-X
# Idempotent: a second run changes nothing. Needs root (or sudo) only to install and start.
set -euo pipefail

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
TEST_USER="${YCSBX_TEST_USER:-ycsbx}"
TEST_PASSWORD="${YCSBX_TEST_PASSWORD:-ycsbx}"
say() { echo "setup-servers: $*"; }

APT_UPDATED=""
apt_install() {
  if [ -z "$APT_UPDATED" ]; then
    say "apt-get update"
    $SUDO apt-get update -qq
    APT_UPDATED=1
  fi
  say "installing $*"
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

need_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

wait_for() { # name, command...
  local name="$1"; shift
  for _ in $(seq 1 60); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 1
  done
  echo "setup-servers: $name did not answer within 60 s" >&2
  exit 1
}

# ---- MariaDB ---------------------------------------------------------------------------
pkgs=()
need_pkg mariadb-server || pkgs+=(mariadb-server)
need_pkg mariadb-plugin-rocksdb || pkgs+=(mariadb-plugin-rocksdb)
need_pkg postgresql || pkgs+=(postgresql)
# ip netns: the many-clients test runs two clients from network namespaces of their own
need_pkg iproute2 || pkgs+=(iproute2)
# sysbench: the interop test prepares and runs sysbench's own OLTP script on the test servers
need_pkg sysbench || pkgs+=(sysbench)
if [ ${#pkgs[@]} -gt 0 ]; then apt_install "${pkgs[@]}"; fi

mysql_root() { $SUDO mariadb --protocol=socket -uroot "$@" 2>/dev/null || mariadb -h127.0.0.1 -uroot "$@"; }

rocksdb_loaded() {
  mysql_root -N -e "SELECT SUPPORT FROM information_schema.ENGINES WHERE ENGINE='ROCKSDB'" | grep -qE "YES|DEFAULT"
}
start_mariadb() { # extra server options...
  # the package cannot start it under a policy-rc.d; start the daemon directly
  $SUDO mkdir -p /run/mysqld && $SUDO chown mysql:mysql /run/mysqld 2>/dev/null || true
  $SUDO start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd -- "$@"
  wait_for MariaDB mysql_root -e "select 1"
}

if ! mysql_root -e "select 1" >/dev/null 2>&1; then
  say "starting MariaDB"
  start_mariadb --plugin-load-add=ha_rocksdb.so
fi

if ! rocksdb_loaded; then
  # INSTALL SONAME 'ha_rocksdb' on a running server aborts it (seen with 10.11 on Debian 12),
  # and a my.cnf without includedir never reads the plugin's own rocksdb.cnf: restart the
  # server with the plugin loaded at startup instead.
  say "restarting MariaDB with the RocksDB engine (--plugin-load-add=ha_rocksdb.so)"
  mysql_root -e "SHUTDOWN" || $SUDO mariadb-admin shutdown || true
  for _ in $(seq 1 60); do pgrep -x mariadbd >/dev/null || break; sleep 1; done
  start_mariadb --plugin-load-add=ha_rocksdb.so
  rocksdb_loaded || { echo "setup-servers: MariaDB started without the RocksDB engine; see its error log" >&2; exit 1; }
fi

# a dedicated test user over TCP: the packaged root account is unix-socket only
mysql_root -e "CREATE USER IF NOT EXISTS '${TEST_USER}'@'127.0.0.1' IDENTIFIED BY '${TEST_PASSWORD}';
  CREATE USER IF NOT EXISTS '${TEST_USER}'@'localhost' IDENTIFIED BY '${TEST_PASSWORD}';
  GRANT ALL PRIVILEGES ON *.* TO '${TEST_USER}'@'127.0.0.1' WITH GRANT OPTION;
  GRANT ALL PRIVILEGES ON *.* TO '${TEST_USER}'@'localhost' WITH GRANT OPTION;
  FLUSH PRIVILEGES;
  SET GLOBAL innodb_flush_log_at_trx_commit=1;"
# (the last line: InnoDB's default log flush back, which an interrupted insert-benchmark experiment, whose
# inno-lazy target sets 2 and whose last target puts 1 back, may have left; the tests assume the default)
wait_for "MariaDB over TCP" mariadb -h127.0.0.1 -P3306 -u"$TEST_USER" -p"$TEST_PASSWORD" -e "select 1"
say "MariaDB ready: $(mariadb -h127.0.0.1 -u"$TEST_USER" -p"$TEST_PASSWORD" -N -e 'select version()'), engines InnoDB and RocksDB"

# ---- PostgreSQL ------------------------------------------------------------------------
pg_ready() { pg_isready -h 127.0.0.1 -p 5432 -q; }
if ! pg_ready; then
  say "starting PostgreSQL"
  ver="$(ls /etc/postgresql | sort -V | tail -1)"
  if [ -z "$ver" ]; then echo "setup-servers: no PostgreSQL cluster under /etc/postgresql" >&2; exit 1; fi
  $SUDO pg_ctlcluster --skip-systemctl-redirect "$ver" main start
  wait_for PostgreSQL pg_ready
fi
pg_admin() { $SUDO -u postgres psql -q -v ON_ERROR_STOP=1 "$@" 2>/dev/null || psql -h 127.0.0.1 -U postgres -q -v ON_ERROR_STOP=1 "$@"; }
if [ "$(id -u)" -eq 0 ]; then pg_admin() { su postgres -c "psql -q -v ON_ERROR_STOP=1 $(printf '%q ' "$@")" 2>/dev/null || psql -h 127.0.0.1 -U postgres -q -v ON_ERROR_STOP=1 "$@"; }; fi
pg_admin -d postgres -c "DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${TEST_USER}') THEN
    CREATE ROLE ${TEST_USER} LOGIN SUPERUSER PASSWORD '${TEST_PASSWORD}';
  END IF; END \$\$;"
wait_for "PostgreSQL login" env PGPASSWORD="$TEST_PASSWORD" psql -h 127.0.0.1 -U "$TEST_USER" -d postgres -c "select 1"
say "PostgreSQL ready: $(PGPASSWORD="$TEST_PASSWORD" psql -h 127.0.0.1 -U "$TEST_USER" -d postgres -tA -c 'show server_version')"
