#!/usr/bin/env bash
# The test command (README): installs and starts the servers the tests need when they are
# missing (MariaDB with InnoDB and RocksDB, PostgreSQL), then runs every unit and integration
# test: the MongoDB binding against the 5.x driver line, then the whole build (4.7.x driver,
# the default) including the tarball's end-to-end tests. Needs a JDK 17+ and Maven.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

command -v java >/dev/null || { echo "test: java not found; install a JDK 17+" >&2; exit 2; }
command -v mvn >/dev/null || { echo "test: mvn not found; install Maven" >&2; exit 2; }

scripts/setup-servers.sh
scripts/setup-chromium.sh  # the sweep/compare HTML reports are checked in headless Chromium

MVN=(mvn -B --no-transfer-progress)
# 5.x driver line first; 'clean' because the two lines differ in return types
"${MVN[@]}" -Pmongodb-driver-5 clean verify -pl core,mongodb-binding
# then everything with the default 4.7.x driver, which is what bin/ycsb and the tarball use
"${MVN[@]}" clean verify
