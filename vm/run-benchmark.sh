#!/usr/bin/env bash
# run-benchmark.sh - the provider-generic benchmark: C and Verbs4J side by side.
#   1. On this host's own CPU (no device, no emulator): what the binding adds to an empty poll. A stand-in
#      start_poll returning ENOENT (src/test/c/standin_cq.c, compiled here with gcc against rdma-core's
#      headers into target/bench) is called by the C loop of empty_poll.c through the queue's function
#      pointer and by Verbs4J's CompletionQueue.startPoll() on a queue of that stand-in device
#      (StandInPollBenchmark), in alternating rounds of one process: ns per call, the difference.
#   2. In the rxe VM (vm/benchmark-guest.sh): ibv_start_poll on an empty extended CQ of rxe in C and
#      through Verbs4J; and RC ping-pong latency of rdma-core's ibv_rc_pingpong against the same exchange
#      through Verbs4J (RcPingPong, wire-compatible), busy-polling and with completion events (-e), each
#      on a cold JVM and after a warm-up, BENCH_REPEAT times: best and median usec/iter, and the ratios.
# Jars are built on the host (as for run-generic-tests.sh); the C programs are compiled where they run.
# The headers for the stand-in are rdma-core 56.1's (trixie), fetched with src/test/abi/fetch-rdma-core.sh
# into target/abi as the ABI check does (cached there), so the host needs gcc, apt-get and dpkg-deb, and
# libibverbs1 (the binding loads it, although the stand-in never calls it).
# Environment: BENCH_HOST_POLL_ITERS (10000000), BENCH_HOST_ROUNDS (15), BENCH_POLL_ITERS (1000000),
# BENCH_ROUNDS (7), BENCH_PP_ITERS (2000), BENCH_PP_SIZE (4096), BENCH_WARMUP (Java ping-pong warm-up
# iterations, default BENCH_PP_ITERS), BENCH_REPEAT (3), BENCH_MODES ("poll events"), BENCH_EXCHANGE_TIMEOUT
# (600 s per ping-pong side), BENCH_JAVA_OPTS (extra JVM options, host and VM), RXE_VM_SUITE and the other
# RXE_VM_* knobs of run.sh. The VM runs with multi-threaded TCG unless RXE_VM_TCG_THREAD says otherwise: the
# two ping-pong processes need both vCPUs. Under it a JVM may crash in the emulator (see vm/README.md); such
# an exchange is reported as failed, with the crash report's summary, and left out of the statistics.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
# shellcheck source=../scripts/host-build.sh
. "$HERE/../scripts/host-build.sh"
ROOT=$VERBS4J_ROOT
MODULE=$ROOT/provider-generic
LIB=$MODULE/target/vm-lib
verbs4j_install provider-generic
verbs4j_mvn -pl provider-generic dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$LIB"
MODULE_PATH=$MODULE/target/classes:$(ls "$LIB"/verbs4j-api-*.jar):$(ls "$LIB"/verbs4j-spi-*.jar)
JAVA_OPTS=()
[ -n "${BENCH_JAVA_OPTS:-}" ] && read -r -a JAVA_OPTS <<<"$BENCH_JAVA_OPTS"
JAVA_ARGS=("${JAVA_OPTS[@]}" --enable-native-access=org.verbs4j.provider.generic --add-modules java.management
           --module-path "$MODULE_PATH"
           --patch-module "org.verbs4j.provider.generic=$MODULE/target/test-classes")
BENCH=org.verbs4j.provider.generic/org.verbs4j.provider.generic.bench

echo "== on this host, stand-in start_poll (no device, no emulator)"
bash "$MODULE/src/test/abi/fetch-rdma-core.sh" "$MODULE/target/abi" trixie
mkdir -p "$MODULE/target/bench"
STAND_IN=$MODULE/target/bench/libverbs4j-standin.so
gcc -O2 -Wall -Werror -shared -fPIC -o "$STAND_IN" "$MODULE/src/test/c/standin_cq.c" \
  "$MODULE/src/test/c/standin_poll_loop.c" -I "$MODULE/target/abi/trixie/$(dpkg --print-architecture)/root/usr/include"
"$JAVA" "${JAVA_ARGS[@]}" -m "$BENCH.StandInPollBenchmark" "$STAND_IN" "${BENCH_HOST_POLL_ITERS:-10000000}" \
  "${BENCH_HOST_ROUNDS:-15}"

echo "== in the rxe VM (suite ${RXE_VM_SUITE:-trixie}); host load average now: $(cut -d' ' -f1-3 /proc/loadavg)" \
  "on $(nproc) CPUs (other work on the host slows the emulator)"
ENVS=(-e "BENCH_JAVA=$(printf '%q ' java "${JAVA_ARGS[@]}")" -e "BENCH_MAIN=$BENCH" -e "BENCH_C_DIR=$MODULE/src/test/c")
for knob in BENCH_POLL_ITERS BENCH_ROUNDS BENCH_PP_ITERS BENCH_PP_SIZE BENCH_WARMUP BENCH_REPEAT BENCH_MODES \
            BENCH_EXCHANGE_TIMEOUT; do
  if [ -n "${!knob:-}" ]; then ENVS+=(-e "$knob=${!knob}"); fi
done
exec "$HERE/run.sh" -v "$ROOT" -w "$ROOT" "${ENVS[@]}" -- "bash $(printf '%q' "$HERE/benchmark-guest.sh")"
