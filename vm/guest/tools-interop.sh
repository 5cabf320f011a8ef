#!/usr/bin/env bash
# tools-interop.sh - runs inside the rxe VM (started by vm/run-tools-interop.sh): verbs4j pingpong and
# verbs4j perf against rdma-core's and perftest's C tools on $RXE_DEV, each pair in both roles.
#
# A pair starts the server, waits until it listens on its TCP port, then runs the client; it passes only if
# both exit 0 and both print the figures their tool ends with. Every process is bounded by TOOLS_TIMEOUT.
# Usage: tools-interop.sh ROOT [interop|core|pingpong|transports|duration|options|cm|json|memory|figures|all]
set -u
ROOT=$1
MODE=${2:-interop}
OUT=$ROOT/tools/target/vm-interop${TOOLS_RUN:+-$TOOLS_RUN}
T=${TOOLS_TIMEOUT:-240}
DEV=${RXE_DEV:?} GIDX=${RXE_GID_INDEX:?}
TOOLS=$ROOT/tools/target/vm-tools${TOOLS_RUN:+-$TOOLS_RUN}
JAR=$(ls "$TOOLS"/verbs4j-tools-*.jar | head -n1)
# The JVM's start-up is most of a pair's time under emulation: a class-data archive made by the first run
# shortens every later start, and C1 alone (TOOLS_JIT, default -XX:TieredStopAtLevel=1) spends about a third less
# CPU on the start and on these short runs than C1 and C2; TOOLS_JAVA_OPTS adds options. The figures run uses the
# default JIT.
jvm() {
  local v="java -XX:+UseSerialGC -XX:-UsePerfData $1 -XX:+AutoCreateSharedArchive"
  v+=" -XX:SharedArchiveFile=/tmp/verbs4j-tools${1// /}.jsa -Xlog:cds=off -Xlog:aot=off"
  v+=" -XX:ErrorFile=/tmp/hs_err_%p.log ${TOOLS_JAVA_OPTS:-} --enable-native-access=org.verbs4j.provider.generic"
  echo "$v -p $JAR:$TOOLS/lib -m org.verbs4j.tools/org.verbs4j.tools.Main"
}
V=$(jvm "${TOOLS_JIT--XX:TieredStopAtLevel=1}")
V_FIGURES=$(jvm "")
# Under emulation on a loaded host a JVM may take minutes to start: the Java sides wait that long for
# their peer (the tools' default is 60 s).
J="--timeout ${TOOLS_PEER_TIMEOUT:-$((T * 3 / 4))}"
PORT=18600 FAILS=0 PASSES=0
rm -rf "$OUT" && mkdir -p "$OUT"

# The host's clock, in seconds: under emulation the guest's clock may run several times too fast, but a file
# touched on the shared directory gets the host's time.
now() {
  touch "$OUT/.clock" && stat -c %Y "$OUT/.clock"
}
STARTED=$(now)

# Waits until something listens on TCP port $1 (the C clients connect once and give up), while the server
# (process $2) lives.
wait_listen() {
  local i
  for i in $(seq 1 $((T * 5))); do
    ss -Hltn "sport = :$1" | grep -q . && return 0
    kill -0 "$2" 2>/dev/null || return 1
    sleep 0.2
  done
  return 1
}

# Waits until an rdma_cm identifier listens on port $1 (perftest's -R servers open no TCP port), while the
# server (process $2) lives.
wait_cm_listen() {
  local i
  for i in $(seq 1 $((T * 5))); do
    rdma resource show cm_id 2>/dev/null | grep -q "state LISTEN .*:$1 " && return 0
    kill -0 "$2" 2>/dev/null || return 1
    sleep 0.2
  done
  return 1
}

# pair NAME EXPECT SERVER CLIENT: @PORT@ in the commands becomes a fresh port; EXPECT is an extended regular
# expression both outputs must match (the closing figures). WAIT=wait_cm_listen for an rdma_cm server.
pair() {
  [[ $1 =~ ${TOOLS_ONLY:-.} ]] || return 0
  local name=$1 expect=$2 server=${3//@PORT@/$PORT} client=${4//@PORT@/$PORT} spid src crc start
  start=$(now)
  timeout -k 5 "$T" bash -c "$server" >"$OUT/$name.server.txt" 2>&1 & spid=$!
  if "${WAIT:-wait_listen}" "$PORT" "$spid"; then
    timeout -k 5 "$T" bash -c "$client" >"$OUT/$name.client.txt" 2>&1; crc=$?
  else
    echo "the server never listened on $PORT" >"$OUT/$name.client.txt"; crc=99
  fi
  wait "$spid"; src=$?
  PORT=$((PORT + 1))
  if [ "$src" = 0 ] && [ "$crc" = 0 ] && grep -Eq "$expect" "$OUT/$name.server.txt" &&
     grep -Eq "$expect" "$OUT/$name.client.txt"; then
    PASSES=$((PASSES + 1)); echo "PASS $name ($(( $(now) - start )) s)"
  else
    FAILS=$((FAILS + 1)); echo "FAIL $name: server exit $src, client exit $crc"
    for side in server client; do echo "--- $side: $server"; [ $side = client ] && echo "    $client"
      tail -n 25 "$OUT/$name.$side.txt"; done
  fi
}

# expect_failure NAME MESSAGE CMD: a command that must fail (exit 1) and say MESSAGE.
expect_failure() {
  [[ $1 =~ ${TOOLS_ONLY:-.} ]] || return 0
  local name=$1 message=$2 cmd=${3//@PORT@/$PORT} rc
  timeout -k 5 "$T" bash -c "$cmd" >"$OUT/$name.txt" 2>&1; rc=$?
  PORT=$((PORT + 1))
  if [ "$rc" = 1 ] && grep -Fq "$message" "$OUT/$name.txt"; then
    PASSES=$((PASSES + 1)); echo "PASS $name"
  else
    FAILS=$((FAILS + 1)); echo "FAIL $name: exit $rc, expected exit 1 and \"$message\""; tail -n 15 "$OUT/$name.txt"
  fi
}

# CI's core run: 50 iterations a pair, for its time.
if [ "$MODE" = core ]; then : "${PP_ITERS:=50}" "${PERF_ITERS:=50}"; fi
PP="-d $DEV -g $GIDX -p @PORT@ -n ${PP_ITERS:-200} -s ${PP_SIZE:-1024}"
PP_FIG="bytes in [0-9.]+ seconds = [0-9.]+ Mbit/sec"
PF="-d $DEV -x $GIDX -p @PORT@"
BW_FIG="^ [0-9]+[[:space:]]+[0-9]+([[:space:]]+[0-9]+\.[0-9]+){3}"
LAT_FIG="^ [0-9]+[[:space:]]+[0-9]+([[:space:]]+[0-9]+\.[0-9]+){7}"
LAT_DUR_FIG="^ [0-9]+[[:space:]]+[0-9]+([[:space:]]+[0-9]+\.[0-9]+){2}[[:space:]]*$"

# pingpong_pairs [TRANSPORT...]: each C ping-pong against verbs4j pingpong (default: rc ud uc srq).
pingpong_pairs() {
  local t ts=("$@")
  [ $# -gt 0 ] || ts=(rc ud uc srq)
  for t in "${ts[@]}"; do
    pair "pingpong-$t-c-server" "$PP_FIG" "ibv_${t}_pingpong $PP" "$V pingpong $J $t $PP 127.0.0.1"
    pair "pingpong-$t-verbs4j-server" "$PP_FIG" "$V pingpong $J $t $PP" "ibv_${t}_pingpong $PP 127.0.0.1"
  done
}

perf_pairs() {
  local n=${PERF_ITERS:-200}
  for t in send_bw write_bw read_bw; do
    pair "perf-$t-c-server" "$BW_FIG" "ib_$t $PF -n $n -s 4096" "$V perf $J $t $PF -n $n -s 4096 127.0.0.1"
    pair "perf-$t-verbs4j-server" "$BW_FIG" "$V perf $J $t --server $PF -n $n -s 4096" "ib_$t $PF -n $n -s 4096 127.0.0.1"
  done
  pair "perf-write_lat-c-server" "$LAT_FIG" "ib_write_lat $PF -n $n" "$V perf $J write_lat $PF -n $n 127.0.0.1"
  pair "perf-write_lat-verbs4j-server" "$LAT_FIG" "$V perf $J write_lat --server $PF -n $n" "ib_write_lat $PF -n $n 127.0.0.1"
  pair "perf-send_lat-c-server" "$LAT_FIG" "ib_send_lat $PF -n $n" "$V perf $J send_lat $PF -n $n 127.0.0.1"
  pair "perf-send_lat-verbs4j-server" "$LAT_FIG" "$V perf $J send_lat --server $PF -n $n" "ib_send_lat $PF -n $n 127.0.0.1"
}

# The other transports of perftest: UD sends (at most the MTU) and UC sends and writes; and several RC queue pairs
# (-q 2), each with its keys in the exchange.
transport_pairs() {
  local n=${PERF_ITERS:-200}
  pair "perf-ud-send_bw-c-server" "$BW_FIG" "ib_send_bw -c UD $PF -n $n -s 1024" "$V perf $J send_bw -c UD $PF -n $n -s 1024 127.0.0.1"
  pair "perf-ud-send_bw-verbs4j-server" "$BW_FIG" "$V perf $J send_bw -c UD --server $PF -n $n -s 1024" "ib_send_bw -c UD $PF -n $n -s 1024 127.0.0.1"
  for t in send_bw write_bw; do
    pair "perf-uc-$t-c-server" "$BW_FIG" "ib_$t -c UC $PF -n $n -s 4096" "$V perf $J $t -c UC $PF -n $n -s 4096 127.0.0.1"
    pair "perf-uc-$t-verbs4j-server" "$BW_FIG" "$V perf $J $t -c UC --server $PF -n $n -s 4096" "ib_$t -c UC $PF -n $n -s 4096 127.0.0.1"
  done
  for t in write_bw send_bw; do
    pair "perf-qps-$t-c-server" "$BW_FIG" "ib_$t -q 2 $PF -n $n -s 4096" "$V perf $J $t -q 2 $PF -n $n -s 4096 127.0.0.1"
    pair "perf-qps-$t-verbs4j-server" "$BW_FIG" "$V perf $J $t -q 2 --server $PF -n $n -s 4096" "ib_$t -q 2 $PF -n $n -s 4096 127.0.0.1"
  done
}

# perftest's -D: a latency or bandwidth test of a few seconds, counted in its sample.
duration_pairs() {
  local d=${PERF_SECONDS:-8}
  for t in write_lat send_lat; do
    pair "perf-duration-$t-c-server" "$LAT_DUR_FIG" "ib_$t -D $d $PF" "$V perf $J $t -D $d $PF 127.0.0.1"
    pair "perf-duration-$t-verbs4j-server" "$LAT_DUR_FIG" "$V perf $J $t -D $d --server $PF" "ib_$t -D $d $PF 127.0.0.1"
  done
  for t in write_bw read_bw; do
    pair "perf-duration-$t-c-server" "$BW_FIG" "ib_$t -D $d $PF -s 4096" "$V perf $J $t -D $d $PF -s 4096 127.0.0.1"
    pair "perf-duration-$t-verbs4j-server" "$BW_FIG" "$V perf $J $t -D $d --server $PF -s 4096" "ib_$t -D $d $PF -s 4096 127.0.0.1"
  done
}

# The combinations of the second round: -D in send_bw (1 KiB messages and one completion in 8, so that some come
# in the sample: on a loaded host the emulated rxe moved 77 such messages in 4 s), -q with -D, with UD, with -e
# and with -R, -R with UD, -a (UD, so that every size, 2 bytes to the MTU, fits the emulator's pace) in a latency
# and a bandwidth test, and two refusals that must be perftest's.
option_pairs() {
  local n=${PERF_ITERS:-200} d=${PERF_SECONDS:-8} a=${PERF_ALL_ITERS:-20} dq="-s 1024 -Q 8"
  pair "perf-duration-send_bw-c-server" "$BW_FIG" "ib_send_bw -D $d $PF $dq" "$V perf $J send_bw -D $d $PF $dq 127.0.0.1"
  pair "perf-duration-send_bw-verbs4j-server" "$BW_FIG" "$V perf $J send_bw -D $d --server $PF $dq" "ib_send_bw -D $d $PF $dq 127.0.0.1"
  pair "perf-qps-duration-write_bw-c-server" "$BW_FIG" "ib_write_bw -q 2 -D $d $PF $dq" "$V perf $J write_bw -q 2 -D $d $PF $dq 127.0.0.1"
  pair "perf-qps-duration-write_bw-verbs4j-server" "$BW_FIG" "$V perf $J write_bw -q 2 -D $d --server $PF $dq" "ib_write_bw -q 2 -D $d $PF $dq 127.0.0.1"
  pair "perf-qps-ud-send_bw-c-server" "$BW_FIG" "ib_send_bw -c UD -q 2 $PF -n $n -s 1024" "$V perf $J send_bw -c UD -q 2 $PF -n $n -s 1024 127.0.0.1"
  pair "perf-qps-ud-send_bw-verbs4j-server" "$BW_FIG" "$V perf $J send_bw -c UD -q 2 --server $PF -n $n -s 1024" "ib_send_bw -c UD -q 2 $PF -n $n -s 1024 127.0.0.1"
  pair "perf-qps-events-send_bw-c-server" "$BW_FIG" "ib_send_bw -q 2 -e $PF -n $n -s 1024" "$V perf $J send_bw -q 2 -e $PF -n $n -s 1024 127.0.0.1"
  pair "perf-qps-events-send_bw-verbs4j-server" "$BW_FIG" "$V perf $J send_bw -q 2 -e --server $PF -n $n -s 1024" "ib_send_bw -q 2 -e $PF -n $n -s 1024 127.0.0.1"
  pair "perf-all-ud-send_lat-c-server" "$LAT_FIG" "ib_send_lat -c UD -a $PF -n $a" "$V perf $J send_lat -c UD -a $PF -n $a 127.0.0.1"
  pair "perf-all-ud-send_lat-verbs4j-server" "$LAT_FIG" "$V perf $J send_lat -c UD -a --server $PF -n $a" "ib_send_lat -c UD -a $PF -n $a 127.0.0.1"
  pair "perf-all-ud-send_bw-c-server" "$BW_FIG" "ib_send_bw -c UD -a $PF -n $n" "$V perf $J send_bw -c UD -a $PF -n $n 127.0.0.1"
  pair "perf-all-ud-send_bw-verbs4j-server" "$BW_FIG" "$V perf $J send_bw -c UD -a --server $PF -n $n" "ib_send_bw -c UD -a $PF -n $n 127.0.0.1"
  local ip=${RXE_IP:?} t
  for t in write_bw send_bw; do
    WAIT=wait_cm_listen pair "perf-cm-qps-$t-c-server" "$BW_FIG" "ib_$t -R -q 2 $PF -n $n -s 4096" "$V perf $J $t -R -q 2 $PF -n $n -s 4096 $ip"
    WAIT=wait_cm_listen pair "perf-cm-qps-$t-verbs4j-server" "$BW_FIG" "$V perf $J $t -R -q 2 --server $PF -n $n -s 4096" "ib_$t -R -q 2 $PF -n $n -s 4096 $ip"
  done
  WAIT=wait_cm_listen pair "perf-cm-ud-send_bw-c-server" "$BW_FIG" "ib_send_bw -R -c UD $PF -n $n -s 1024" "$V perf $J send_bw -R -c UD $PF -n $n -s 1024 $ip"
  WAIT=wait_cm_listen pair "perf-cm-ud-send_bw-verbs4j-server" "$BW_FIG" "$V perf $J send_bw -R -c UD --server $PF -n $n -s 1024" "ib_send_bw -R -c UD $PF -n $n -s 1024 $ip"
  WAIT=wait_cm_listen pair "perf-cm-ud-send_lat-c-server" "$LAT_FIG" "ib_send_lat -R -c UD $PF -n $n" "$V perf $J send_lat -R -c UD $PF -n $n $ip"
  WAIT=wait_cm_listen pair "perf-cm-ud-send_lat-verbs4j-server" "$LAT_FIG" "$V perf $J send_lat -R -c UD --server $PF -n $n" "ib_send_lat -R -c UD $PF -n $n $ip"
  refused_alike "perf-atomic-size-refused" "Message size cannot be changed for Atomic tests" "atomic_bw -s 64"
  refused_alike "perf-write-events-refused" "Events feature not available on WRITE verb" "write_bw -e"
}

# refused_alike NAME MESSAGE ARGS: ib_ARGS must fail saying MESSAGE before it opens anything, and verbs4j perf ARGS must
# refuse it with the same message (exit 2, a usage error).
refused_alike() {
  [[ $1 =~ ${TOOLS_ONLY:-.} ]] || return 0
  local name=$1 message=$2 c="ib_$3" j="$V perf $3" crc jrc
  timeout -k 5 60 bash -c "$c -d $DEV" >"$OUT/$name.c.txt" 2>&1; crc=$?
  timeout -k 5 "$T" bash -c "$j -d $DEV" >"$OUT/$name.verbs4j.txt" 2>&1; jrc=$?
  if [ "$crc" != 0 ] && grep -Fq "$message" "$OUT/$name.c.txt" && [ "$jrc" = 2 ] &&
     grep -Fq "$message" "$OUT/$name.verbs4j.txt"; then
    PASSES=$((PASSES + 1)); echo "PASS $name"
  else
    FAILS=$((FAILS + 1)); echo "FAIL $name: $c exit $crc, verbs4j exit $jrc, expected \"$message\" from both"
    tail -n 5 "$OUT/$name.c.txt" "$OUT/$name.verbs4j.txt"
  fi
}

# perftest's -R: the exchange and the test's queue pair through rdma_cm, the client given the server's IP.
cm_pairs() {
  local n=${PERF_ITERS:-200} ip=${RXE_IP:?}
  for t in send_bw write_bw read_bw; do
    WAIT=wait_cm_listen pair "perf-cm-$t-c-server" "$BW_FIG" "ib_$t -R $PF -n $n -s 4096" "$V perf $J $t -R $PF -n $n -s 4096 $ip"
    WAIT=wait_cm_listen pair "perf-cm-$t-verbs4j-server" "$BW_FIG" "$V perf $J $t -R --server $PF -n $n -s 4096" "ib_$t -R $PF -n $n -s 4096 $ip"
  done
  WAIT=wait_cm_listen pair "perf-cm-write_lat-c-server" "$LAT_FIG" "ib_write_lat -R $PF -n $n" "$V perf $J write_lat -R $PF -n $n $ip"
  WAIT=wait_cm_listen pair "perf-cm-write_lat-verbs4j-server" "$LAT_FIG" "$V perf $J write_lat -R --server $PF -n $n" "ib_write_lat -R $PF -n $n $ip"
}

# perftest's --out_json: ib_send_bw and verbs4j perf send_bw each write their file, in both roles; both servers' files
# must have the same keys in the same order, and so must both clients' files.
json_pairs() {
  local n=${PERF_ITERS:-200} side o="--out_json --out_json_file=$OUT"
  pair "perf-json-send_bw-c-server" "$BW_FIG" "ib_send_bw $PF -n $n -s 4096 $o/json-server.c.json" \
    "$V perf $J send_bw $PF -n $n -s 4096 $o/json-client.verbs4j.json 127.0.0.1"
  pair "perf-json-send_bw-verbs4j-server" "$BW_FIG" "$V perf $J send_bw --server $PF -n $n -s 4096 $o/json-server.verbs4j.json" \
    "ib_send_bw $PF -n $n -s 4096 $o/json-client.c.json 127.0.0.1"
  for side in server client; do
    same_keys "perf-json-send_bw-$side-keys" "$OUT/json-$side.c.json" "$OUT/json-$side.verbs4j.json"
  done
}

# same_keys NAME C_JSON VERBS4J_JSON: the keys of both files, in order, must be the same.
same_keys() {
  [[ $1 =~ ${TOOLS_ONLY:-.} ]] || return 0
  local keys='s/^ \{0,1\}"\([^"]*\)": .*/\1/p'
  if [ -s "$2" ] && [ -s "$3" ] && diff <(sed -n "$keys" "$2") <(sed -n "$keys" "$3") >"$OUT/$1.diff"; then
    PASSES=$((PASSES + 1)); echo "PASS $1 ($(sed -n "$keys" "$2" | wc -l) keys)"
  else
    FAILS=$((FAILS + 1)); echo "FAIL $1: the keys of ${2##*/} and ${3##*/} differ"; cat "$OUT/$1.diff"
  fi
}

# feature NAME MESSAGES OPTION: ibv_rc_pingpong OPTION alone first; a device without the feature makes it fail with
# a message that MESSAGES (an extended regular expression) matches, and then verbs4j pingpong must refuse it with
# that same message; a device with it runs both roles of the pair.
feature() {
  [[ $1 =~ ${TOOLS_ONLY:-.} ]] || return 0
  local name=$1 messages=$2 option=$3 alone=$OUT/$1.c-alone.txt rc message
  timeout -k 5 30 bash -c "ibv_rc_pingpong $option ${PP//@PORT@/$PORT}" >"$alone" 2>&1; rc=$?
  PORT=$((PORT + 1))
  message=$(grep -Eo "$messages" "$alone" | head -n1)
  if [ "$rc" = 1 ] && [ -n "$message" ]; then
    echo "ibv_rc_pingpong $option: $message"
    expect_failure "$name-refused-as-by-ibv_rc_pingpong" "$message" "$V pingpong rc $option $PP"
  else
    pair "$name-c-server" "$PP_FIG" "ibv_rc_pingpong $option $PP" "$V pingpong $J rc $option $PP 127.0.0.1"
    pair "$name-verbs4j-server" "$PP_FIG" "$V pingpong $J rc $option $PP" "ibv_rc_pingpong $option $PP 127.0.0.1"
  fi
}

# ibv_rc_pingpong -t and -o: the C tool's refusal repeated by verbs4j pingpong where the device lacks them.
features() {
  feature "pingpong-timestamps" "The device isn't completion timestamp capable" "-t"
  feature "pingpong-odp" "The device isn't ODP capable" "-o"
}

failures() {
  expect_failure "pingpong-unknown-device" "IB device mlx5_9 not found" "$V pingpong rc -d mlx5_9"
  expect_failure "pingpong-silent-server" "the peer did not send its address within 3.0 s" \
    "busybox nc -l -p @PORT@ -e sleep 30 & sleep 1; $V pingpong rc $PP --timeout 3 127.0.0.1"
}

# On-demand paging and device memory, as ibv_rc_pingpong -O, -P and -j: pairs where the device has them, else
# the C tool's refusal, which verbs4j pingpong must repeat. A prefetch the driver refuses is a warning of both
# tools ("Couldn't prefetch MR(errno). Continue anyway"), and the pair still runs.
memory_features() {
  feature "pingpong-odp-prefetch" "The device isn't ODP capable.*" "-o -P"
  feature "pingpong-implicit-odp" "The device isn't ODP capable.*|The device doesn't support implicit ODP" "-O"
  feature "pingpong-implicit-odp-prefetch" "The device isn't ODP capable.*|The device doesn't support implicit ODP" "-O -P"
  feature "pingpong-dm" "Device doesn't support dm allocation|Device memory is insufficient|Dev mem allocation failed" "-j"
  feature "pingpong-dm-validate" "Device doesn't support dm allocation|Device memory is insufficient|Dev mem allocation failed" "-j -c"
  for f in "$OUT"/pingpong-*prefetch*.txt; do
    [ -f "$f" ] && grep -H "Couldn't prefetch" "$f"
  done
  return 0
}

figures() {
  local n=${FIG_ITERS:-2000}
  local p="-d $DEV -g $GIDX -p @PORT@ -n $n -s ${FIG_SIZE:-64}"
  for round in $(seq 1 "${FIG_ROUNDS:-3}"); do
    pair "figure-ibv_rc_pingpong-$round" "$PP_FIG" "ibv_rc_pingpong $p" "ibv_rc_pingpong $p 127.0.0.1"
    pair "figure-verbs4j-pingpong-$round" "$PP_FIG" "$V_FIGURES pingpong $J rc $p" "$V_FIGURES pingpong $J rc $p 127.0.0.1"
    pair "figure-ib_send_lat-$round" "$LAT_FIG" "ib_send_lat $PF -n $n" "ib_send_lat $PF -n $n 127.0.0.1"
    pair "figure-verbs4j-send_lat-$round" "$LAT_FIG" "$V_FIGURES perf $J send_lat --server $PF -n $n" \
      "$V_FIGURES perf $J send_lat $PF -n $n 127.0.0.1"
  done
}

echo "rdma-core $(dpkg-query -W -f='${Version}' libibverbs1), perftest $(dpkg-query -W -f='${Version}' perftest)," \
  "kernel $(uname -r), $(java -version 2>&1 | head -n1), $DEV GID index $GIDX"
case $MODE in
  pingpong) pingpong_pairs; failures; features; memory_features ;;
  memory) memory_features ;;
  core) pingpong_pairs rc ud; cm_pairs; failures ;;
  interop) pingpong_pairs; perf_pairs; transport_pairs; duration_pairs; option_pairs; cm_pairs; json_pairs; failures
           features; memory_features ;;
  duration) duration_pairs ;;
  options) option_pairs ;;
  cm) cm_pairs ;;
  json) json_pairs ;;
  transports) transport_pairs ;;
  figures) figures ;;
  all) pingpong_pairs; perf_pairs; transport_pairs; duration_pairs; option_pairs; cm_pairs; json_pairs; failures; features
       memory_features; figures ;;
esac
for f in /tmp/hs_err_*.log; do [ -f "$f" ] && { echo "--- $f:"; head -n 40 "$f"; }; done
echo "tools interop: $PASSES passed, $FAILS failed in $(( $(now) - STARTED )) s (outputs in ${OUT#"$ROOT"/})"
[ "$FAILS" = 0 ]
