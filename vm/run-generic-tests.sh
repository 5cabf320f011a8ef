#!/usr/bin/env bash
# run-generic-tests.sh - runs provider-generic's tests on a real Soft-RoCE device (rxe0) in the VM.
#
# 1. Builds the jars on the host (mvn install of provider-generic and what it needs, no tests) and
#    copies the test libraries to provider-generic/target/vm-lib.
# 2. Boots the VM (vm/run.sh; it builds the VM image first if needed) and runs, with the JDK of the VM
#    and the module path (api, spi and provider-generic as named modules, the test classes patched
#    into org.verbs4j.provider.generic), the device tests with verbs4j.test.requireDevice=true, so
#    that a missing device fails instead of skipping; the TCK (GenericProviderTckTest) runs with
#    VERBS4J_TCK_DEVICE/PORT/GID_INDEX set from the VM, its summary in target/vm-test-reports.
# 3. Compares "rdma resource show" before and after the run: rxe must hold no leftover objects.
#
# Environment: RXE_VM_SUITE=trixie (rdma-core 56.1, default) or sid (rdma-core 65); the other
# RXE_VM_* knobs of vm/run.sh. Extra arguments are passed to the JUnit console launcher.
# Exit status: 0 if every test passed, the TCK ran on the device (default selection) and nothing leaked.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
# shellcheck source=../scripts/host-build.sh
. "$HERE/../scripts/host-build.sh"
ROOT=$VERBS4J_ROOT

if ! command -v qemu-system-x86_64 >/dev/null || ! command -v mmdebstrap >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    "$HERE/build.sh" --install-host-deps >&2
  else
    echo "run-generic-tests: qemu and mmdebstrap are missing; run (as root): vm/build.sh --install-host-deps" >&2
    exit 1
  fi
fi

# Under TCG (no usable KVM), multi-threaded TCG has crashed the JVM twice in about ten runs, each time at
# the verified entry of a C1-compiled hot method (NativeCompletionQueue.startPoll) while HotSpot was
# replacing it, with no native frame; we read it as a cross-modifying-code race in the emulator (not proven).
# One host thread for all vCPUs makes code patching consistent; override with RXE_VM_TCG_THREAD=multi.
export RXE_VM_TCG_THREAD=${RXE_VM_TCG_THREAD:-single}

MODULE=$ROOT/provider-generic
LIB=$MODULE/target/vm-lib
TESTS=(org.verbs4j.provider.generic.GenericProviderTckTest
       org.verbs4j.provider.generic.device.CmDeviceTest
       org.verbs4j.provider.generic.device.RealDeviceTest
       org.verbs4j.provider.generic.device.FlightRecorderOnDeviceTest
       org.verbs4j.provider.generic.device.EventsAndDataPathTest
       org.verbs4j.provider.generic.device.DirectVerbsOnDeviceTest
       org.verbs4j.provider.generic.device.ConcurrentCloseOnDeviceTest
       org.verbs4j.provider.generic.GenericConcurrentCloseTest
       org.verbs4j.provider.generic.GenericBadInputTest
       org.verbs4j.provider.generic.GenericProviderTest
       org.verbs4j.provider.generic.raw.NativeLibraryTest
       org.verbs4j.provider.generic.vendor.VendorProbeTest)

echo "run-generic-tests: building on the host" >&2
verbs4j_install provider-generic
verbs4j_test_libraries provider-generic "$LIB"

MODULE_PATH=$MODULE/target/classes
verbs4j_split_jars "$LIB" 'verbs4j-api-*' 'verbs4j-spi-*'
OPENS=()
for package in '' .raw .objects .vendor .device; do
  OPENS+=(--add-opens "org.verbs4j.provider.generic/org.verbs4j.provider.generic$package=ALL-UNNAMED")
done
SELECT=()
for test in "${TESTS[@]}"; do SELECT+=(--select-class "$test"); done
# VERBS4J_VM_SELECT replaces the selection, e.g. "--select-method org.example.SomeTest#method"
[ -n "${VERBS4J_VM_SELECT:-}" ] && read -r -a SELECT <<<"$VERBS4J_VM_SELECT"
# VERBS4J_VM_JAVA_OPTS adds JVM options, e.g. "-XX:TieredStopAtLevel=1"
JAVA_OPTS=()
[ -n "${VERBS4J_VM_JAVA_OPTS:-}" ] && read -r -a JAVA_OPTS <<<"$VERBS4J_VM_JAVA_OPTS"
REPORTS=$MODULE/target/vm-test-reports
rm -rf "$REPORTS"
TCK_REPORT=$REPORTS/verbs4j-tck-report.txt
# With the default selection the TCK must run on the device: a report that says "NO DEVICE" (the kit
# aborted as a whole) or no report at all fails the run, as a missing device fails the device tests.
CHECK_TCK=1
[ -n "${VERBS4J_VM_SELECT:-}" ] || [ $# -gt 0 ] && CHECK_TCK=0

JAVA_CMD=(java "${JAVA_OPTS[@]}" -XX:ErrorFile=/tmp/hs_err_%p.log --enable-native-access=org.verbs4j.provider.generic
  --module-path "$MODULE_PATH" --add-modules org.verbs4j.provider.generic
  --patch-module "org.verbs4j.provider.generic=$MODULE/target/test-classes"
  --add-reads org.verbs4j.provider.generic=ALL-UNNAMED --add-reads org.verbs4j.provider.generic=jdk.jfr "${OPENS[@]}"
  -Dverbs4j.test.requireDevice=true -Dverbs4j.tck.report="$TCK_REPORT"
  -cp "$CLASS_PATH"
  org.junit.platform.console.ConsoleLauncher execute --disable-banner --details=tree
  --reports-dir="$REPORTS" "${SELECT[@]}" "$@")

GUEST=$(cat <<GUEST_EOF
set -u
echo "rdma-core: \$(dpkg-query -W -f='\${Version}' libibverbs1), kernel \$(uname -r), \$(java -version 2>&1 | head -n1)"
export VERBS4J_TCK_DEVICE=\$RXE_DEV VERBS4J_TCK_PORT=\$RXE_PORT VERBS4J_TCK_GID_INDEX=\$RXE_GID_INDEX
. $(printf '%q' "$HERE/guest/test-run.sh")
verbs4j_resources_before
$(printf '%q ' "${JAVA_CMD[@]}")
rc=\$?
if [ $CHECK_TCK = 1 ] && { [ ! -s $(printf '%q' "$TCK_REPORT") ] || grep -q '^NO DEVICE:' $(printf '%q' "$TCK_REPORT"); }; then
  echo "the TCK did not run on the device: see $(printf '%q' "$TCK_REPORT")" >&2
  [ \$rc = 0 ] && rc=4
fi
rc=\$(verbs4j_after_tests \$rc)
echo "--- rdma resource show after the run:"; cat /tmp/after.txt
exit \$rc
GUEST_EOF
)
echo "run-generic-tests: running in the rxe VM (suite ${RXE_VM_SUITE:-trixie})" >&2
exec "$HERE/run.sh" -v "$ROOT" -w "$ROOT" -- "$GUEST"
