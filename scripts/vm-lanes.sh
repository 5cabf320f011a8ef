# shellcheck shell=bash
#
# The VM runs of ./run-tests, in two lanes side by side: each VM runs under TCG on one host thread, so two of them
# keep a two-core host busy. One lane runs the generic provider's, the EFA and the mlx5 suites and the soft device's
# ATOMIC_WRITE and FLUSH against rxe, the other the C tools' interop and the rest of the soft device on the wire; no
# two steps of different lanes write the same directory. Source this file with VERBS4J_PREBUILT=1 set and the jars
# installed (the steps then skip their own builds), then call:
#
#   verbs4j_vm_lanes    builds the VM images once, runs both lanes, prints the second lane's output after the first
#                       and a summary line per step (exit status, seconds, command); returns 1 if any step failed
#
# Safe to source from scripts that run with set -euo pipefail.

# shellcheck source=host-build.sh
. "$(dirname "${BASH_SOURCE[0]}")/host-build.sh"
VERBS4J_LANES_DIR=${VERBS4J_LANES_DIR:-$VERBS4J_ROOT/target/vm-lanes}

# One step: runs its command line and appends "status seconds lane: command" to the lane's summary.
verbs4j_vm_step() {
    local lane=$1 t0=$SECONDS rc=0
    shift
    "$@" || rc=$?
    printf '%3s %6ss  %s: %s\n' "$rc" "$((SECONDS - t0))" "$lane" "$*" >> "$VERBS4J_LANES_DIR/$lane.summary"
    return 0
}

verbs4j_lane_rdma_core() {
    local r=$VERBS4J_ROOT step="verbs4j_vm_step rdma-core"
    $step "$r/vm/run-generic-tests.sh"
    $step env RXE_VM_SUITE=sid "$r/vm/run-generic-tests.sh"
    $step "$r/vm/run-efa-emulation.sh"
    $step env RXE_VM_SUITE=sid "$r/vm/run-efa-emulation.sh"
    $step "$r/provider-efa/src/test/vm/run-efa-tests.sh"
    $step env EFA_EMULATED=1 "$r/provider-efa/src/test/vm/run-efa-tests.sh"
    $step env RXE_VM_SUITE=sid EFA_EMULATED=1 "$r/provider-efa/src/test/vm/run-efa-tests.sh"
    $step "$r/provider-mlx5/src/test/vm/run-on-rxe.sh"
    $step env ROCE_WIRE_TIMEOUT=400 "$r/vm/run-roce-wire.sh" soft-atomic
}

verbs4j_lane_wire() {
    local r=$VERBS4J_ROOT step="verbs4j_vm_step wire"
    $step "$r/vm/run-tools-interop.sh" core
    $step "$r/vm/run-cm-interop.sh"
    $step env ROCE_WIRE_RC_ITERS=20 "$r/vm/run-roce-wire.sh"
    $step env ROCE_WIRE_ITERS=20 ROCE_WIRE_TIMEOUT=900 "$r/vm/run-roce-wire.sh" soft-ud
    $step env ROCE_WIRE_ITERS=20 ROCE_WIRE_PERF_ITERS=50 ROCE_WIRE_TIMEOUT=400 "$r/vm/run-roce-wire.sh" soft-rc
    $step env ROCE_WIRE_ACCEPT_DELAY=90 ROCE_WIRE_TIMEOUT=400 "$r/vm/run-roce-wire.sh" soft-cm
    $step "$r/vm/run-roce-wire.sh" soft-udp
    $step "$r/vm/run-roce-wire.sh" soft-mcast
}

# Builds (or finds up to date) the image of $RXE_VM_SUITE, with qemu and mmdebstrap installed first when root.
verbs4j_vm_image() {
    local deps=()
    command -v qemu-system-x86_64 >/dev/null && command -v mmdebstrap >/dev/null || deps=(--install-host-deps)
    [ "${#deps[@]}" = 0 ] || [ "$(id -u)" = 0 ] ||
        { echo "run-tests: qemu and mmdebstrap are missing; run (as root): vm/build.sh --install-host-deps" >&2; return 1; }
    "$VERBS4J_ROOT/vm/build.sh" "${deps[@]}"
}

# What both lanes fetch through Maven, fetched once before they start (two Maven processes must not download
# into the local repository at the same time).
verbs4j_lanes_warm_up() {
    verbs4j_test_libraries provider-generic "$VERBS4J_LANES_DIR/warm-up"
}

verbs4j_vm_lanes() {
    local t0=$SECONDS suite wire failed
    rm -rf "$VERBS4J_LANES_DIR" && mkdir -p "$VERBS4J_LANES_DIR"
    for suite in trixie sid; do RXE_VM_SUITE=$suite verbs4j_vm_image || return 1; done
    verbs4j_lanes_warm_up
    verbs4j_lane_wire > "$VERBS4J_LANES_DIR/wire.log" 2>&1 &
    wire=$!
    verbs4j_lane_rdma_core
    wait "$wire" || true
    echo "=== the wire lane's output ==="
    cat "$VERBS4J_LANES_DIR/wire.log"
    echo "=== VM steps: exit status, seconds, lane: command (both lanes in $((SECONDS - t0)) s) ==="
    cat "$VERBS4J_LANES_DIR/rdma-core.summary" "$VERBS4J_LANES_DIR/wire.summary"
    failed=$(cat "$VERBS4J_LANES_DIR"/*.summary | awk '$1 != 0' | wc -l)
    [ "$failed" = 0 ]
}
