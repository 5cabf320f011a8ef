#!/usr/bin/env bash
# run-tools-interop.sh - verbs4j pingpong and verbs4j perf against rdma-core's and perftest's C tools on a
# real Soft-RoCE device (rxe0) in the VM, both roles of every pair (vm/guest/tools-interop.sh).
#
# 1. Builds the tools jar and its runtime modules on the host (mvn install of tools and what it needs,
#    no tests): tools/target/verbs4j-tools-*.jar and tools/target/lib.
# 2. Boots the VM (vm/run.sh) and runs, on $RXE_DEV with its RoCE v2 GID:
#    ibv_rc_pingpong, ibv_ud_pingpong, ibv_uc_pingpong and ibv_srq_pingpong against verbs4j pingpong rc, ud,
#    uc and srq; ib_send_bw, ib_write_bw, ib_read_bw, ib_write_lat and ib_send_lat against the matching
#    verbs4j perf mode; ib_send_bw -c UD, ib_send_bw and ib_write_bw -c UC, ib_write_bw and ib_send_bw -q 2
#    (transports); ib_write_lat and ib_send_lat with -D (duration); ib_send_bw -D, ib_write_bw -q 2 -D, ib_send_bw
#    -c UD -q 2, ib_send_bw -q 2 -e, ib_write_bw and ib_send_bw -R -q 2, ib_send_bw -R -c UD, ib_send_lat -R -c UD,
#    ib_send_lat and ib_send_bw -c UD -a, ib_atomic_bw -s 64 and ib_write_bw -e refused alike (options); send_bw,
#    write_bw, read_bw and write_lat with -R (rdma_cm); ib_send_bw --out_json against verbs4j perf send_bw
#    --out_json, whose files must have the same keys (json); each with the C tool as server and then as client. A
#    pair passes only if both sides exit 0 and print their closing figures. Then two failures that must be
#    reported plainly: an unknown device, and a server that never answers.
#
# Usage: run-tools-interop.sh [interop|core|pingpong|transports|duration|options|cm|json|memory|figures|all]
#   interop (default): all the pairs and the failures; core (what run-tests runs, for CI's time): ibv_rc_pingpong and
#   ibv_ud_pingpong against verbs4j pingpong, the perf pairs over rdma_cm (-R: send_bw, write_bw, read_bw,
#   write_lat), each in both roles and of 50 iterations, and the two failures; pingpong, transports, duration,
#   options, cm, json: only those pairs (pingpong with ibv_rc_pingpong -t and -o, refused alike where rxe lacks them);
#   memory: ibv_rc_pingpong -o -P, -O, -O -P, -j and -j -c against verbs4j pingpong where rxe has the feature, else
#   the C tool's refusal repeated by verbs4j (also part of interop, pingpong and all);
#   figures: ibv_rc_pingpong and verbs4j pingpong against themselves, and ib_send_lat and verbs4j perf
#   send_lat, three rounds each; all: interop and figures.
# Environment: PP_ITERS, PP_SIZE, PERF_ITERS (200; core 50), PERF_SECONDS (-D, 8), PERF_ALL_ITERS (-a in latency,
# 20), FIG_ITERS, FIG_SIZE, FIG_ROUNDS (3), TOOLS_TIMEOUT (s per process, 240), TOOLS_PEER_TIMEOUT (the Java sides'
# --timeout, default 3/4 of TOOLS_TIMEOUT), TOOLS_JIT (the JIT of the Java sides but in figures, default
# -XX:TieredStopAtLevel=1: C1 only), TOOLS_JAVA_OPTS (extra JVM options in the VM), TOOLS_ONLY (a regular
# expression: only the pairs it matches), TOOLS_RUN (a name: two runs at once, for example of two suites, each
# with its own copy of the jars and outputs), RXE_VM_SUITE and the other RXE_VM_* knobs of run.sh. Outputs:
# tools/target/vm-interop (with TOOLS_RUN: vm-interop-NAME). Pair durations and the total are the host's clock.
# Exit status: 0 if every pair passed.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
# shellcheck source=../scripts/host-build.sh
. "$HERE/../scripts/host-build.sh"
ROOT=$VERBS4J_ROOT
# One host thread for all vCPUs: with multi-threaded TCG a JVM in the VM crashed at start-up (SIGSEGV in
# MethodHandle.<init>) in two of about forty pairs, as run-generic-tests.sh found before.
export RXE_VM_TCG_THREAD=${RXE_VM_TCG_THREAD:-single}
MODE=${1:-interop}
case $MODE in interop|core|pingpong|transports|duration|options|cm|json|memory|figures|all) ;; *) echo "usage: run-tools-interop.sh [interop|core|pingpong|transports|duration|options|cm|json|memory|figures|all]" >&2; exit 2 ;; esac

echo "run-tools-interop: building on the host" >&2
verbs4j_install tools
# The VM runs a copy, so that a build on the host during the run does not pull the jars from under it.
VM_TOOLS=$ROOT/tools/target/vm-tools${TOOLS_RUN:+-$TOOLS_RUN}
rm -rf "$VM_TOOLS" && mkdir -p "$VM_TOOLS"
cp -r "$ROOT/tools/target/lib" "$VM_TOOLS/lib"
for jar in "$ROOT"/tools/target/verbs4j-tools-*.jar; do
  case $jar in *-sources.jar | *-javadoc.jar | *-tests.jar) ;; *) cp "$jar" "$VM_TOOLS/" ;; esac
done

ENVS=()
for v in PP_ITERS PP_SIZE PERF_ITERS PERF_SECONDS PERF_ALL_ITERS FIG_ITERS FIG_SIZE FIG_ROUNDS TOOLS_TIMEOUT TOOLS_PEER_TIMEOUT TOOLS_JAVA_OPTS TOOLS_ONLY \
    TOOLS_RUN TOOLS_JIT; do
  [ -n "${!v+set}" ] && ENVS+=(-e "$v=${!v}")
done
echo "run-tools-interop: running in the rxe VM (suite ${RXE_VM_SUITE:-trixie})" >&2
exec "$HERE/run.sh" -v "$ROOT" -w "$ROOT" "${ENVS[@]}" -- "bash $(printf '%q' "$ROOT/vm/guest/tools-interop.sh") $(printf '%q' "$ROOT") $MODE"
