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

JAVA=()
eval "JAVA=($BENCH_JAVA)"
POLL_ITERS=${BENCH_POLL_ITERS:-1000000}
ROUNDS=${BENCH_ROUNDS:-7}
PP_ITERS=${BENCH_PP_ITERS:-2000}
SIZE=${BENCH_PP_SIZE:-4096}
WARMUP=${BENCH_WARMUP:-$PP_ITERS}
REPEAT=${BENCH_REPEAT:-3}
MODES=${BENCH_MODES:-poll events}
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

# launch c|java EVENTS_FLAG WARMUP_ITERS [HOST]: one side of a ping-pong on $PORT (a server without HOST)
launch() {
  local kind=$1 events=$2 warm=$3 host=${4:-}
  case $kind in
    c) ibv_rc_pingpong ${events:+"$events"} -d "$RXE_DEV" -g "$RXE_GID_INDEX" -n "$PP_ITERS" -s "$SIZE" \
         -p "$PORT" ${host:+"$host"} ;;
    java) "${JAVA[@]}" ${warm:+"-Dverbs4j.bench.warmup=$warm"} -m "$BENCH_MAIN.RcPingPong" ${events:+"$events"} \
            "$RXE_DEV" "$RXE_GID_INDEX" "$PP_ITERS" "$SIZE" "$PORT" ${host:+"$host"} ;;
  esac
}

# exchange NAME SERVER CLIENT EVENTS_FLAG WARMUP_ITERS: one ping-pong; the client's output in $OUT/NAME.txt
exchange() {
  local name=$1 server=$2 client=$3 events=$4 warm=$5 spid
  PORT=$((PORT + 1))
  echo "== $name: $server server, $client client${events:+, events}${warm:+, $warm warm-up iterations}"
  launch "$server" "$events" "$warm" > "$OUT/$name.server" 2>&1 & spid=$!
  for _ in $(seq 3000); do ss -ltn 2>/dev/null | grep -q ":$PORT " && break; sleep 0.1; done
  launch "$client" "$events" "$warm" 127.0.0.1 | grep -v address: | tee "$OUT/$name.txt"
  wait "$spid" || { echo "server failed:"; cat "$OUT/$name.server"; return 1; }
}

# stats FILE...: "best median" of their usec/iter (the upper median of an even count)
stats() {
  awk '/usec\/iter/ {print $(NF-1)}' "$@" | sort -g |
    awk '{v[NR] = $1} END {printf "%.1f %.1f", v[1], v[int(NR / 2) + 1]}'
}

summary() {
  local mode=$1 c java flag=
  [ "$mode" = events ] && flag=" -e"
  read -r -a c <<<"$(stats "$OUT/$mode"-c-[0-9]*.txt)"
  echo "== summary, $mode ($REPEAT runs each, $PP_ITERS iters of $SIZE bytes; usec/iter best / median; Verbs4J/C)"
  printf '%-38s %8.1f / %8.1f\n' "C ibv_rc_pingpong$flag:" "${c[0]}" "${c[1]}"
  for kind in cold warm; do
    read -r -a java <<<"$(stats "$OUT/$mode-java-$kind"-[0-9]*.txt)"
    printf '%-38s %8.1f / %8.1f   ratio %.2f / %.2f\n' "Verbs4J, $kind JVM:" "${java[0]}" "${java[1]}" \
      "$(awk -v j="${java[0]}" -v c="${c[0]}" 'BEGIN {print j / c}')" \
      "$(awk -v j="${java[1]}" -v c="${c[1]}" 'BEGIN {print j / c}')"
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
