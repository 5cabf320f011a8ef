#!/usr/bin/env bash
# run-efa-tests.sh - runs provider-efa's tests in the VM of vm/ (vm/run.sh), with the real libibverbs and libefa
# of the VM's rdma-core.
#   default:        on rxe0: the efa provider must not claim the device and every efadv verb is unsupported.
#   EFA_EMULATED=1: on the emulated EFA devices efa_0 and efa_1 (test code of src/test/c and src/test/emulation,
#                   built in the VM against its headers: SYSFS_PATH tree, LD_PRELOAD shim and device model), no
#                   rxe: the EFA area (EfaSrdTest) and the TCK (EfaProviderTckTest) on the efa provider;
#                   EFA_TCK=0 leaves the TCK out. Then `verbs4j devices -d efa_0` (the tools module, built too) must
#                   print every efadv_query_device field (exit 6 if not); EFA_DEVICES_CLI=0 leaves it out.
#
# Builds on the host (mvn install without tests), copies the test libraries to provider-efa/target/vm-lib, and
# runs in the VM, on the module path (api, spi, provider-generic, provider-efa with its test classes patched
# in), the JUnit console launcher with verbs4j.test.requireDevice=true (a missing device fails).
# Environment: RXE_VM_SUITE=trixie (56.1, default) or sid (65), the knobs of vm/run.sh;
# VERBS4J_VM_SELECT replaces the class selection; extra arguments go to the launcher.
set -euo pipefail

# shellcheck source=../../../../scripts/host-build.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../../../scripts/host-build.sh"
ROOT=$VERBS4J_ROOT
export RXE_VM_TCG_THREAD=${RXE_VM_TCG_THREAD:-single}

MODULE=$ROOT/provider-efa
LIB=$MODULE/target/vm-lib
TESTS=(org.verbs4j.provider.efa.EfaOnRxeTest
       org.verbs4j.provider.efa.raw.LibefaTest
       org.verbs4j.provider.efa.EfaRequestsTest)
SETUP=:
ENVIRONMENT=
DEVICES_CLI=0
if [ "${EFA_EMULATED:-0}" = 1 ]; then
  TESTS=(org.verbs4j.provider.efa.EfaSrdTest
         org.verbs4j.provider.efa.raw.LibefaTest)
  [ "${EFA_TCK:-1}" = 1 ] && TESTS+=(org.verbs4j.provider.efa.EfaProviderTckTest)
  export RXE_VM_RXE=0 RXE_VM_TIMEOUT=${RXE_VM_TIMEOUT:-1500}
  SETUP=$(printf '%q' "$MODULE/src/test/vm/build-efa-emulation.sh")' /tmp/efa-emu || exit 1'
  DEVICES_CLI=${EFA_DEVICES_CLI:-1}
  ENVIRONMENT='env SYSFS_PATH=/tmp/efa-emu/sys LD_PRELOAD=/tmp/efa-emu/libefa-emu.so VERBS4J_EFA_DEVICE=efa_0 VERBS4J_EFA_PEER=efa_1 VERBS4J_TCK_DEVICE=efa_0 VERBS4J_TCK_PORT=1 VERBS4J_TCK_GID_INDEX=0'
fi

echo "run-efa-tests: building on the host" >&2
verbs4j_install provider-efa
verbs4j_test_libraries provider-efa "$LIB"

# verbs4j devices: the tools jar and its runtime modules, copied so that a host build does not pull them away
TOOLS=$MODULE/target/vm-tools
DEVICES_CMD=:
if [ "$DEVICES_CLI" = 1 ]; then
  verbs4j_install tools
  rm -rf "$TOOLS" && mkdir -p "$TOOLS" && cp -r "$ROOT/tools/target/lib" "$TOOLS/lib"
  for jar in "$ROOT"/tools/target/verbs4j-tools-*.jar; do
    case $jar in *-sources.jar | *-javadoc.jar | *-tests.jar) ;; *) cp "$jar" "$TOOLS/lib/" ;; esac
  done
  DEVICES_CMD="$ENVIRONMENT java -XX:ErrorFile=/tmp/hs_err_%p.log \
    --enable-native-access=org.verbs4j.provider.generic,org.verbs4j.provider.efa \
    -p $(printf '%q' "$TOOLS/lib") -m org.verbs4j.tools/org.verbs4j.tools.Main devices -d efa_0"
fi

MODULE_PATH=$MODULE/target/classes
verbs4j_split_jars "$LIB" 'verbs4j-api-*' 'verbs4j-spi-*' 'verbs4j-provider-generic-*'
SELECT=()
for test in "${TESTS[@]}"; do SELECT+=(--select-class "$test"); done
[ -n "${VERBS4J_VM_SELECT:-}" ] && read -r -a SELECT <<<"$VERBS4J_VM_SELECT"
REPORTS=$MODULE/target/vm-test-reports
rm -rf "$REPORTS"

JAVA_CMD=(java -XX:ErrorFile=/tmp/hs_err_%p.log
  --enable-native-access=org.verbs4j.provider.generic,org.verbs4j.provider.efa
  --module-path "$MODULE_PATH" --add-modules org.verbs4j.provider.generic,org.verbs4j.provider.efa
  --patch-module "org.verbs4j.provider.efa=$MODULE/target/test-classes"
  --add-reads org.verbs4j.provider.efa=ALL-UNNAMED
  --add-opens org.verbs4j.provider.efa/org.verbs4j.provider.efa=ALL-UNNAMED
  --add-opens org.verbs4j.provider.efa/org.verbs4j.provider.efa.raw=ALL-UNNAMED
  -Dverbs4j.test.requireDevice=true -Dverbs4j.tck.report="$REPORTS/verbs4j-tck-report.txt"
  -cp "$CLASS_PATH"
  org.junit.platform.console.ConsoleLauncher execute --disable-banner --details=tree
  --reports-dir="$REPORTS" "${SELECT[@]}" "$@")

GUEST=$(cat <<GUEST_EOF
set -u
echo "rdma-core: \$(dpkg-query -W -f='\${Version}' libibverbs1), kernel \$(uname -r)"
$SETUP
. $(printf '%q' "$ROOT/vm/guest/test-run.sh")
verbs4j_resources_before
$ENVIRONMENT $(printf '%q ' "${JAVA_CMD[@]}")
rc=\$?
if [ $DEVICES_CLI = 1 ]; then
  echo "--- verbs4j devices -d efa_0"
  $DEVICES_CMD > /tmp/devices.txt 2>&1
  cat /tmp/devices.txt
  for field in max_sq_wr max_rq_wr max_sq_sge max_rq_sge inline_buf_size device_caps max_rdma_size; do
    if ! grep -q "efadv_query_device.\$field" /tmp/devices.txt; then
      echo "DEVICES: no efadv_query_device.\$field line" >&2
      [ \$rc = 0 ] && rc=6
    fi
  done
fi
exit \$(verbs4j_after_tests \$rc)
GUEST_EOF
)
echo "run-efa-tests: running in the VM${EFA_EMULATED:+ on the emulated EFA devices} (suite ${RXE_VM_SUITE:-trixie})" >&2
exec "$ROOT/vm/run.sh" -v "$ROOT" -w "$ROOT" -- "$GUEST"
