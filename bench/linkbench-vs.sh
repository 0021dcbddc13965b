# Sourced by bench/linkbench.sh --vs-linkbench DIR (after lib.sh): LinkBench itself against YCSB-X,
# the same LinkConfigMysql.properties, the same server and tables, interleaved pairs. Reads VS_DIR,
# PAIRS, MAXID1, LOADERS, REQUESTERS, SECONDS_RUN, LINKBENCH_CP.
CONF=$VS_DIR/config/LinkConfigMysql.properties
LB_CP=${LINKBENCH_CP:+$LINKBENCH_CP:}$VS_DIR/target/FacebookLinkBench.jar
VSDB=ycsbx_bench_lbvs_$$
trap 'restore_server; sql "DROP DATABASE IF EXISTS $VSDB" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

# LinkBench's own loader and requester, run from its folder with LINKBENCH_HOME set (its config names
# files relative to it); where it connects and how much it does come as its -D overrides of the file
linkbench() { # -l | -r
  (cd "$VS_DIR" && LINKBENCH_HOME=$VS_DIR "${CLIENT_PIN[@]}" java ${JAVA_OPTS:-} -cp "$LB_CP" com.facebook.LinkBench.LinkBenchDriver -c "$CONF" \
    -D host=127.0.0.1 -D port=3306 -D user="$DB_USER" -D password="$DB_PASS" -D dbid="$VSDB" -D maxid1="$MAXID1" \
    -D loaders="$LOADERS" -D requesters="$REQUESTERS" -D requests=2000000000 -D maxtime="$SECONDS_RUN" -D warmup_time=0 "$1")
}
ycsbx() { # load | run
  local more=(-threads "$LOADERS" -p linkbench.drop=true)
  [ "$1" = run ] && more=(-threads "$REQUESTERS" -p operationcount=2147483647 -p maxexecutiontime="$SECONDS_RUN")
  ycsbx_main "$1" jdbc -P workloads/linkbench -p linkbench.config="$CONF" -p db.url="$MYSQL_URL/$VSDB" \
    -p db.user="$DB_USER" -p db.passwd="$DB_PASS" -p jdbc.engine=InnoDB -p linkbench.maxid1="$MAXID1" "${more[@]}"
}
# both tools print LinkBench's closing lines; LinkBench logs them on stderr, YCSB-X on stdout
links_of() { figure "$1.all" 's/.*LOAD PHASE COMPLETED\..* Loaded \([0-9]*\) links.*/\1/p' "loaded links"; }
lps_of() { figure "$1.all" 's/.*LOAD PHASE COMPLETED\..*Links\/second = \([0-9]*\).*/\1/p' "Links/second"; }
reqs_of() { figure "$1.all" 's/.*REQUEST PHASE COMPLETED\. \([0-9]*\) requests done.*/\1/p' "requests done"; }
rps_of() { figure "$1.all" 's/.*REQUEST PHASE COMPLETED\..*Requests\/second = \([0-9]*\).*/\1/p' "Requests/second"; }
phase() { # side(lb|x) load|run log
  if [ "$1" = lb ]; then measured "$3" linkbench "$([ "$2" = load ] && echo -l || echo -r)"; else measured "$3" ycsbx "$2"; fi
  cat "$3" "$3.err" > "$3.all"
}

# the tables: YCSB-X's (LinkBench's README columns, no partitions), as its first load created them
# (YCSB-X goes first in the first pair); LinkBench's loads get them empty
DDL=""
take_ddl() {
  for t in linktable counttable nodetable; do
    DDL+="$(mariadb -h127.0.0.1 -u"$DB_USER" -p"$DB_PASS" -N -B --raw "$VSDB" -e "SHOW CREATE TABLE $t" | cut -f2-);"
  done
}
fresh_tables() { # side
  sql "DROP DATABASE IF EXISTS $VSDB; CREATE DATABASE $VSDB"
  [ "$1" = x ] || mariadb -h127.0.0.1 -u"$DB_USER" -p"$DB_PASS" "$VSDB" -e "$DDL"
}

echo "== LinkBench ($VS_DIR) vs YCSB-X, $CONF; MariaDB $(sql "SELECT VERSION()") InnoDB; maxid1=$MAXID1,"\
  "$LOADERS loaders, $REQUESTERS requesters for $SECONDS_RUN s; $PAIRS pairs, the first side alternating"
printf '%-5s %-9s %10s %10s %11s %11s %12s %12s\n' pair side links links/s cpu_s/klink requests requests/s cpu_s/kreq
R_LPS="" R_CPL="" R_RPS="" R_CPR=""
for p in $(seq 1 "$PAIRS"); do
  order="x lb"
  [ $((p % 2)) = 0 ] && order="lb x"
  for side in $order; do
    quiesce_innodb
    fresh_tables "$side"
    phase "$side" load "$work/$side-load-$p"
    [ -n "$DDL" ] || take_ddl
    phase "$side" run "$work/$side-run-$p"
  done
  for side in lb x; do
    l=$work/$side-load-$p r=$work/$side-run-$p
    eval "${side}_lps=$(lps_of "$l") ${side}_cpl=$(cpu_per_kop "$l" "$(links_of "$l")")"
    eval "${side}_rps=$(rps_of "$r") ${side}_cpr=$(cpu_per_kop "$r" "$(reqs_of "$r")")"
    name=LinkBench
    [ "$side" = x ] && name=YCSB-X
    eval printf "'%-5s %-9s %10s %10s %11s %11s %12s %12s\n'" "$p" "$name" "$(links_of "$l")" "\$${side}_lps" \
      "\$${side}_cpl" "$(reqs_of "$r")" "\$${side}_rps" "\$${side}_cpr"
  done
  R_LPS+=" $(ratio "$x_lps" "$lb_lps")" R_CPL+=" $(ratio "$x_cpl" "$lb_cpl")"
  R_RPS+=" $(ratio "$x_rps" "$lb_rps")" R_CPR+=" $(ratio "$x_cpr" "$lb_cpr")"
  printf '%-5s %-9s %10s %10.3f %11.3f %11s %12.3f %12.3f\n' "$p" "x / lb" "" "$(ratio "$x_lps" "$lb_lps")" \
    "$(ratio "$x_cpl" "$lb_cpl")" "" "$(ratio "$x_rps" "$lb_rps")" "$(ratio "$x_cpr" "$lb_cpr")"
done
range() { echo "$1" | tr ' ' '\n' | grep . | sort -g | awk 'NR == 1 {lo = $1} {hi = $1} END {printf "%.3f-%.3f", lo, hi}'; }
echo
echo "YCSB-X / LinkBench over $PAIRS pairs, median (range):"
med() { printf '%.3f' "$(median "$1")"; }
echo "  load links/s $(med "$R_LPS") ($(range "$R_LPS")); client CPU per link $(med "$R_CPL") ($(range "$R_CPL"))"
echo "  requests/s $(med "$R_RPS") ($(range "$R_RPS")); client CPU per 1000 requests $(med "$R_CPR") ($(range "$R_CPR"))"
