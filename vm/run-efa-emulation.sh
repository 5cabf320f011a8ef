#!/usr/bin/env bash
# run-efa-emulation.sh - runs the real libibverbs + libefa of the VM's rdma-core over the emulated
# EFA device (test code in provider-efa/src/test/c and provider-efa/src/test/emulation; see
# provider-efa/README.md): compiles the interposed library, the device model and the C
# conformance driver in the VM with its gcc and headers, and runs the driver; then a JVM smoke
# test (JvmSmoke.java, compiled here on the host with the project's JDK) on the same emulation.
#
# Environment: RXE_VM_SUITE=trixie (rdma-core 56.1, default) or sid (rdma-core 65); the other
# RXE_VM_* knobs of vm/run.sh. RXE_VM_TIMEOUT defaults to 900 s here. No rxe device is set up.
# Exit status: the driver's (0 = every check passed and the fault self-checks failed as they must).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
ROOT=$(cd "$HERE/.." && pwd -P)
export RXE_VM_TIMEOUT=${RXE_VM_TIMEOUT:-900} RXE_VM_RXE=${RXE_VM_RXE:-0}
# one host thread for all vCPUs under TCG, as vm/run-generic-tests.sh does for its JVM
export RXE_VM_TCG_THREAD=${RXE_VM_TCG_THREAD:-single}
# shellcheck source=../scripts/jdk.sh
. "$ROOT/scripts/jdk.sh"
verbs4j_find_jdk || exit 1
CLASSES=$ROOT/provider-efa/target/efa-emulation-classes
rm -rf "$CLASSES"
"$JAVA_HOME/bin/javac" -d "$CLASSES" "$ROOT/provider-efa/src/test/emulation/JvmSmoke.java"

GUEST="echo \"rdma-core \$(dpkg-query -W -f='\${Version}' libibverbs1), kernel \$(uname -r)\"; \
exec $(printf '%q' "$ROOT/provider-efa/src/test/emulation/run-in-guest.sh")"
echo "run-efa-emulation: running in the VM (suite ${RXE_VM_SUITE:-trixie})" >&2
exec "$HERE/run.sh" -v "$ROOT" -w "$ROOT" -e EFA_EMU_JVM_CLASSES="$CLASSES" -- "$GUEST"
