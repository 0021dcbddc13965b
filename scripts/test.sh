#!/usr/bin/env bash
# The test command (README).
#
#   scripts/test.sh          every tier: installs and starts the servers the tests need when they are
#                            missing (MariaDB with InnoDB and RocksDB, PostgreSQL, Chromium for the
#                            report pages), then the whole build with every module's tests side by
#                            side, the MongoDB binding's on both driver lines, and the tarball's
#   scripts/test.sh --fast   the fast tier only (in-process, no server, no subprocess): the inner loop
#
# Tiers are JUnit tags on each test class (fast, server, process, slow); docs/developing.md says
# which is which. Needs a JDK 17+ and Maven.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

fast=false
case ${1:-} in
  "") ;;
  --fast) fast=true ;;
  *) echo "test: unknown option '$1'; usage: scripts/test.sh [--fast]" >&2; exit 2 ;;
esac
[ $# -le 1 ] || { echo "test: too many arguments; usage: scripts/test.sh [--fast]" >&2; exit 2; }

command -v java >/dev/null || { echo "test: java not found; install a JDK 17+" >&2; exit 2; }
command -v mvn >/dev/null || { echo "test: mvn not found; install Maven" >&2; exit 2; }

MVN=(mvn -B --no-transfer-progress)
if $fast; then
  # no clean: the inner loop recompiles what changed; no tarball (its tests are not in this tier)
  exec "${MVN[@]}" verify -Dtest.tiers=fast -Dassembly.skipAssembly=true
fi

scripts/setup-servers.sh
scripts/setup-chromium.sh  # the sweep/compare HTML reports are checked in headless Chromium

# Everything in one build: -Pside-by-side runs the tests of core, of each binding and of the tarball at
# the same time (suite/ runs each module's tests once its jars exist; most of them wait on servers,
# clocks and subprocesses), and the MongoDB binding's tests a second time on the 5.x driver line
# (suite/mongodb-driver-5), beside the 4.7.x line that bin/ycsb and the tarball use
"${MVN[@]}" -T 6 -Pside-by-side clean verify
