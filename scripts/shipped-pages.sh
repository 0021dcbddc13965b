#!/usr/bin/env bash
# The shipped experiments' pages at their default scale, checked as a reader sees them, and the
# screenshots the docs show.
#
#   scripts/shipped-pages.sh [--out DIR] [NAME...]
#
# Runs each experiment of experiments/ (or the NAMEs given) at its defaults, into DIR/NAME
# (default: ycsbx-pages/), on the servers scripts/setup-servers.sh installs (the MongoDB targets
# are the in-process stand-ins); then lays out each experiment.html in headless Chromium at 1400 px
# and checks it as the suite does (site.ycsbx.testing.PageLayoutChecks and ChartChecks): rows a
# line or two high, every mark's note on screen, nothing wider than the window, the header's facts,
# charts drawn in their table's unit. Writes the top of each page to docs/images/NAME.png. Exit 1
# when a page has a problem. About 20 minutes for all five on a 2-core VM (their --dry-run
# estimates: 2m49s to 6m28s each).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

out=ycsbx-pages
names=()
while [ $# -gt 0 ]; do
  case $1 in
    --out) [ $# -ge 2 ] || { echo "shipped-pages: --out needs a folder" >&2; exit 2; }; out=$2; shift 2 ;;
    -*) echo "shipped-pages: unknown option '$1'; usage: scripts/shipped-pages.sh [--out DIR] [NAME...]" >&2; exit 2 ;;
    *) [ -f "experiments/$1" ] || { echo "shipped-pages: no experiment experiments/$1" >&2; exit 2; }
       names+=("$1"); shift ;;
  esac
done
[ ${#names[@]} -gt 0 ] || names=($(ls experiments))
[ ! -e "$out" ] || [ -d "$out" ] || { echo "shipped-pages: $out is not a folder" >&2; exit 2; }

folders=()
for n in "${names[@]}"; do
  echo "== $n"
  # a folder of an earlier call is moved aside, not reused: the experiment would resume it
  [ ! -e "$out/$n" ] || mv "$out/$n" "$out/$n.$(date +%Y%m%d-%H%M%S)"
  bin/ycsb experiment "experiments/$n" --out "$out/$n" | tail -n 3
  folders+=("$out/$n")
done

# the checks live with the tests (core's test classes), run on core's test class path
mvn -q -B -pl core test-compile dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/test-classpath.txt
java -cp "core/target/test-classes:core/target/classes:$(cat core/target/test-classpath.txt)" \
  site.ycsbx.testing.PublishedPages --shots docs/images "${folders[@]}"
