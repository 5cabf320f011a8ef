#!/usr/bin/env bash
# run-benchmark.sh - the provider-generic benchmark of issue 5, in the rxe VM, C and Verbs4J side by side:
#   1. polling an empty extended CQ (ibv_start_poll returning ENOENT): ns per call in C and through
#      Verbs4J, and the difference;
#   2. RC ping-pong latency: rdma-core's ibv_rc_pingpong (C server and client, run twice) against the
#      same exchange through Verbs4J (Java server and client, wire-compatible), cold and after an
#      untimed local warm-up of the JIT, and the ratios; plus a C server with a Java client, to show
#      that the two interoperate.
# Jars are built on the host (as for run-generic-tests.sh); the C probe is compiled in the VM.
# Environment: RXE_VM_SUITE, BENCH_POLL_ITERS (1000000), BENCH_ROUNDS (7), BENCH_PP_ITERS (2000),
# BENCH_PP_SIZE (4096), BENCH_WARMUP (Java ping-pong warm-up iterations, default BENCH_PP_ITERS),
# BENCH_JAVA_OPTS (extra JVM options), and the RXE_VM_* knobs of run.sh.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
ROOT=$(cd "$HERE/.." && pwd -P)
# shellcheck source=../scripts/jdk.sh
. "$ROOT/scripts/jdk.sh"
verbs4j_find_jdk || exit 1
verbs4j_require_maven || exit 1
MODULE=$ROOT/provider-generic
LIB=$MODULE/target/vm-lib
(cd "$ROOT" && mvn -B -q ${VERBS4J_MVN_OFFLINE:+-o} -pl provider-generic -am install -DskipTests &&
 mvn -B -q ${VERBS4J_MVN_OFFLINE:+-o} -pl provider-generic dependency:copy-dependencies \
   -DincludeScope=runtime -DoutputDirectory="$LIB")
MODULE_PATH=$MODULE/target/classes:$(ls "$LIB"/verbs4j-api-*.jar):$(ls "$LIB"/verbs4j-spi-*.jar)
JAVA_OPTS=()
[ -n "${BENCH_JAVA_OPTS:-}" ] && read -r -a JAVA_OPTS <<<"$BENCH_JAVA_OPTS"
JAVA=(java "${JAVA_OPTS[@]}" --enable-native-access=org.verbs4j.provider.generic --module-path "$MODULE_PATH"
      --patch-module "org.verbs4j.provider.generic=$MODULE/target/test-classes")
BENCH=org.verbs4j.provider.generic/org.verbs4j.provider.generic.bench

GUEST=$(cat <<GUEST_EOF
set -eu
POLL_ITERS=${BENCH_POLL_ITERS:-1000000} ROUNDS=${BENCH_ROUNDS:-7} PP_ITERS=${BENCH_PP_ITERS:-2000} SIZE=${BENCH_PP_SIZE:-4096}
echo "rdma-core \$(dpkg-query -W -f='\${Version}' libibverbs1), kernel \$(uname -r), \$(nproc) vCPU, \$(java -version 2>&1 | head -n1)"
gcc -O2 -o /tmp/empty_poll $(printf '%q' "$MODULE/src/test/c/empty_poll.c") -libverbs
echo "== empty extended CQ poll (\$POLL_ITERS calls x \$ROUNDS rounds)"
/tmp/empty_poll \$RXE_DEV \$POLL_ITERS \$ROUNDS | tee /tmp/c.txt
$(printf '%q ' "${JAVA[@]}") -m $BENCH.EmptyPollBenchmark \$RXE_DEV \$POLL_ITERS \$ROUNDS | tee /tmp/j.txt
awk 'FNR==1 && NR==1 {c=\$(NF-4)+0} FNR==1 && NR==2 {j=\$(NF-4)+0} END {printf "difference (best): %+.1f ns/call\n", j-c}' /tmp/c.txt /tmp/j.txt
pp() { # pp NAME SERVER_CMD CLIENT_CMD
  echo "== RC ping-pong \$1 (\$PP_ITERS iters, \$SIZE bytes)"
  \$2 > /tmp/server.txt 2>&1 & local spid=\$!
  for _ in \$(seq 600); do ss -ltn 2>/dev/null | grep -q ":\$PORT " && break; sleep 0.1; done
  \$3 | tee /tmp/\$1.txt
  wait \$spid || { echo "server failed:"; cat /tmp/server.txt; return 1; }
}
PORT=18515
C_PP="ibv_rc_pingpong -d \$RXE_DEV -g \$RXE_GID_INDEX -n \$PP_ITERS -s \$SIZE -p \$PORT"
J_PP="$(printf '%q ' "${JAVA[@]}") -m $BENCH.RcPingPong \$RXE_DEV \$RXE_GID_INDEX \$PP_ITERS \$SIZE \$PORT"
J_WARM="$(printf '%q ' "${JAVA[@]}") -Dverbs4j.bench.warmup=${BENCH_WARMUP:-\$PP_ITERS} -m $BENCH.RcPingPong \$RXE_DEV \$RXE_GID_INDEX \$PP_ITERS \$SIZE"
pp c-c "\$C_PP" "\$C_PP 127.0.0.1"
PORT=18516; C_PP="\${C_PP% -p *} -p \$PORT"; J_PP="\${J_PP% *} \$PORT"
pp java-java "\$J_PP" "\$J_PP 127.0.0.1"
PORT=18517
pp java-java-warm "\$J_WARM \$PORT" "\$J_WARM \$PORT 127.0.0.1"
PORT=18518; C_PP="\${C_PP% -p *} -p \$PORT"; J_PP="\${J_PP% *} \$PORT"
pp c-server-java-client "\$C_PP" "\$J_PP 127.0.0.1"
PORT=18519; C_PP="\${C_PP% -p *} -p \$PORT"
pp c-c-again "\$C_PP" "\$C_PP 127.0.0.1"
awk '/usec\/iter/ {n=split(FILENAME, p, "/"); v[p[n]]=\$(NF-1)}
     END {c=(v["c-c.txt"]+v["c-c-again.txt"])/2
          printf "latency ratio Verbs4J/C, cold JVM: %.3f; after warm-up: %.3f (C mean of two runs %.2f usec/iter)\n", v["java-java.txt"]/c, v["java-java-warm.txt"]/c, c}' /tmp/c-c.txt /tmp/c-c-again.txt /tmp/java-java.txt /tmp/java-java-warm.txt
GUEST_EOF
)
exec "$HERE/run.sh" -v "$ROOT" -w "$ROOT" -- "$GUEST"
