#!/usr/bin/env bash
# benchmark-guest.sh - the part of run-benchmark.sh that runs inside the rxe VM (run.sh starts it; it is
# not meant to be run by hand). C and Verbs4J side by side on rxe:
#   1. ibv_start_poll on an empty extended CQ: empty_poll.c against EmptyPollBenchmark, ns per call;
#   2. RC ping-pong, for each mode of ibv_rc_pingpong (busy polling, and -e: sleeping on completion
#      events): after one untimed C exchange that warms the emulator's translation cache, BENCH_REPEAT
#      rounds of [C server and client; Java server and client on a cold JVM; the same after
#      BENCH_WARMUP untimed local iterations], then a C server with a Java client (interoperability);
#      then best and median usec/iter of each and the ratios Verbs4J/C.
# Environment from run-benchmark.sh: BENCH_JAVA (the java command, shell-quoted), BENCH_MAIN (module/package
# of the benchmark classes), BENCH_C_DIR (src/test/c) and the BENCH_* knobs; from run.sh: RXE_DEV,
# RXE_GID_INDEX.
set -eu
shopt -s nullglob

JAVA=()
eval "JAVA=($BENCH_JAVA)"
JAVA+=(-XX:ErrorFile=/tmp/verbs4j-bench-hs_err_%p.log)
POLL_ITERS=${BENCH_POLL_ITERS:-1000000}
ROUNDS=${BENCH_ROUNDS:-7}
PP_ITERS=${BENCH_PP_ITERS:-2000}
SIZE=${BENCH_PP_SIZE:-4096}
WARMUP=${BENCH_WARMUP:-$PP_ITERS}
REPEAT=${BENCH_REPEAT:-3}
MODES=${BENCH_MODES:-poll events}
TIMEOUT=${BENCH_EXCHANGE_TIMEOUT:-600}
FAILED=0
OUT=$(mktemp -d)
PORT=18515

echo "rdma-core $(dpkg-query -W -f='${Version}' libibverbs1), kernel $(uname -r), $(nproc) vCPU," \
  "$("${JAVA[0]}" -version 2>&1 | head -n1)"

echo "== empty extended CQ poll on $RXE_DEV ($POLL_ITERS calls x $ROUNDS rounds)"
gcc -O2 -o "$OUT/empty_poll" "$BENCH_C_DIR/empty_poll.c" -libverbs
"$OUT/empty_poll" "$RXE_DEV" "$POLL_ITERS" "$ROUNDS" | tee "$OUT/poll-c.txt"
"${JAVA[@]}" -m "$BENCH_MAIN.EmptyPollBenchmark" "$RXE_DEV" "$POLL_ITERS" "$ROUNDS" | tee "$OUT/poll-java.txt"
awk '/best/ {for (i = 1; i < NF; i++) if ($i == "best") b[FILENAME] = $(i + 1); else if ($i == "median") m[FILENAME] = $(i + 1)}
     END {printf "Verbs4J - C: best %+.1f ns/call, median %+.1f ns/call\n", b[ARGV[2]] - b[ARGV[1]], m[ARGV[2]] - m[ARGV[1]]}' \
  "$OUT/poll-c.txt" "$OUT/poll-java.txt"

# launch c|java EVENTS_FLAG WARMUP_ITERS [HOST]: one side of a ping-pong on $PORT (a server without HOST),
# killed after $TIMEOUT seconds (a side whose peer died would wait for ever)
launch() {
  local kind=$1 events=$2 warm=$3 host=${4:-}
  case $kind in
    c) timeout "$TIMEOUT" ibv_rc_pingpong ${events:+"$events"} -d "$RXE_DEV" -g "$RXE_GID_INDEX" -n "$PP_ITERS" -s "$SIZE" \
         -p "$PORT" ${host:+"$host"} ;;
    java) timeout "$TIMEOUT" "${JAVA[@]}" ${warm:+"-Dverbs4j.bench.warmup=$warm"} -m "$BENCH_MAIN.RcPingPong" ${events:+"$events"} \
            "$RXE_DEV" "$RXE_GID_INDEX" "$PP_ITERS" "$SIZE" "$PORT" ${host:+"$host"} ;;
  esac
}

# exchange NAME SERVER CLIENT EVENTS_FLAG WARMUP_ITERS: one ping-pong; the client's output in $OUT/NAME.txt.
# A failed exchange is reported (with the JVM's crash report, if any) and left out of the statistics.
exchange() {
  local name=$1 server=$2 client=$3 events=$4 warm=$5 spid crc=0 src=0
  PORT=$((PORT + 1))
  echo "== $name: $server server, $client client${events:+, events}${warm:+, $warm warm-up iterations}"
  launch "$server" "$events" "$warm" > "$OUT/$name.server" 2>&1 & spid=$!
  for _ in $(seq 3000); do
    ss -ltn 2>/dev/null | grep -q ":$PORT " && break
    kill -0 "$spid" 2>/dev/null || break
    sleep 0.1
  done
  launch "$client" "$events" "$warm" 127.0.0.1 > "$OUT/$name.client" 2>&1 || crc=$?
  [ "$crc" = 0 ] || kill "$spid" 2>/dev/null || true  # its peer is gone: the server would wait for ever
  wait "$spid" || src=$?
  if [ "$crc" = 0 ] && [ "$src" = 0 ]; then
    grep -v address: "$OUT/$name.client" | tee "$OUT/$name.txt"
    return
  fi
  FAILED=$((FAILED + 1))
  echo "FAILED: client exit $crc, server exit $src; left out of the statistics"
  tail -n 5 "$OUT/$name.client" "$OUT/$name.server"
  for f in /tmp/verbs4j-bench-hs_err_*.log; do
    [ -f "$f" ] && { echo "--- $f:"; grep -m 5 -E '^# +(SIG|JRE)|^# (Problematic|[JCV] )|^Current thread' "$f"; mv "$f" "$f.seen"; }
  done
}

# stats FILE...: "best median count" of their usec/iter (the upper median of an even count)
stats() {
  awk '/usec\/iter/ {print $(NF-1)}' "$@" /dev/null | sort -g |
    awk '{v[NR] = $1} END {printf "%.1f %.1f %d", v[1], v[int(NR / 2) + 1], NR}'
}

# ratio JAVA C: JAVA / C with two decimals, n/a without figures
ratio() {
  awk -v j="$1" -v c="$2" 'BEGIN {if (j > 0 && c > 0) printf "%.2f", j / c; else printf "n/a"}'
}

summary() {
  local mode=$1 c java flag=
  [ "$mode" = events ] && flag=" -e"
  read -r -a c <<<"$(stats "$OUT/$mode"-c-[0-9]*.txt)"
  echo "== summary, $mode ($PP_ITERS iters of $SIZE bytes; usec/iter best / median of the completed runs; Verbs4J/C)"
  printf '%-30s %2d of %d runs %8.1f / %8.1f\n' "C ibv_rc_pingpong$flag:" "${c[2]}" "$REPEAT" "${c[0]}" "${c[1]}"
  for kind in cold warm; do
    read -r -a java <<<"$(stats "$OUT/$mode-java-$kind"-[0-9]*.txt)"
    printf '%-30s %2d of %d runs %8.1f / %8.1f   ratio %s / %s\n' "Verbs4J, $kind JVM:" "${java[2]}" "$REPEAT" \
      "${java[0]}" "${java[1]}" "$(ratio "${java[0]}" "${c[0]}")" "$(ratio "${java[1]}" "${c[1]}")"
  done
}

for mode in $MODES; do
  events=
  [ "$mode" = events ] && events=-e
  echo "== RC ping-pong, mode $mode"
  exchange "$mode-emulator-warm-up" c c "$events" ""
  for round in $(seq "$REPEAT"); do
    exchange "$mode-c-$round" c c "$events" ""
    exchange "$mode-java-cold-$round" java java "$events" ""
    exchange "$mode-java-warm-$round" java java "$events" "$WARMUP"
  done
  exchange "$mode-c-server-java-client" c java "$events" ""
done
for mode in $MODES; do
  summary "$mode"
done
echo "failed exchanges: $FAILED"
