#!/usr/bin/env bash
# run-on-rxe.sh - runs provider-mlx5's device tests with the real libmlx5 on Soft-RoCE (rxe0) in the VM.
#
# Builds on the host (mvn install of provider-mlx5 and what it needs, tests compiled, not run), then runs in
# the VM (vm/run.sh), with api, spi, provider-generic and provider-mlx5 on the module path and the test
# classes patched into org.verbs4j.provider.mlx5, with verbs4j.test.requireDevice=true:
#   RxeDeviceTest       mlx5 does not claim rxe0; each mlx5dv call on its context is UnsupportedVerbException
#   Mlx5DirectVerbsAreaTest the mlx5 TCK area, which must report itself aborted (no ConnectX)
# and compares "rdma resource show" before and after: rxe must hold no leftover objects.
#
# Environment: RXE_VM_SUITE=trixie (rdma-core 56.1, default) or sid (65); VERBS4J_MVN_OFFLINE=1 for mvn -o.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
# shellcheck source=../../../../scripts/host-build.sh
. "$HERE/../../../../scripts/host-build.sh"
ROOT=$VERBS4J_ROOT
MODULE=$ROOT/provider-mlx5
export RXE_VM_TCG_THREAD=${RXE_VM_TCG_THREAD:-single}

LIB=$MODULE/target/vm-lib
echo "run-on-rxe: building on the host" >&2
verbs4j_install provider-mlx5
verbs4j_test_libraries provider-mlx5 "$LIB"

MODULE_PATH=$MODULE/target/classes
verbs4j_split_jars "$LIB" 'verbs4j-api-*' 'verbs4j-spi-*' 'verbs4j-provider-generic-*'
REPORTS=$MODULE/target/vm-test-reports
rm -rf "$REPORTS"
JAVA_CMD=(java -XX:ErrorFile=/tmp/hs_err_%p.log
  --enable-native-access=org.verbs4j.provider.generic,org.verbs4j.provider.mlx5
  --module-path "$MODULE_PATH" --add-modules ALL-MODULE-PATH
  --patch-module "org.verbs4j.provider.mlx5=$MODULE/target/test-classes"
  --add-reads org.verbs4j.provider.mlx5=ALL-UNNAMED
  --add-opens org.verbs4j.provider.mlx5/org.verbs4j.provider.mlx5=ALL-UNNAMED
  -Dverbs4j.test.requireDevice=true
  -cp "$CLASS_PATH"
  org.junit.platform.console.ConsoleLauncher execute --disable-banner --details=tree
  --reports-dir="$REPORTS" --select-class org.verbs4j.provider.mlx5.RxeDeviceTest
  --select-class org.verbs4j.provider.mlx5.Mlx5DirectVerbsAreaTest "$@")

GUEST=$(cat <<GUEST_EOF
set -u
echo "rdma-core: \$(dpkg-query -W -f='\${Version}' libibverbs1), libmlx5: \$(ls /usr/lib/*/libmlx5.so.1.*), kernel \$(uname -r)"
. $(printf '%q' "$ROOT/vm/guest/test-run.sh")
verbs4j_resources_before
$(printf '%q ' "${JAVA_CMD[@]}")
exit \$(verbs4j_after_tests \$?)
GUEST_EOF
)
echo "run-on-rxe: running in the rxe VM (suite ${RXE_VM_SUITE:-trixie})" >&2
exec "$ROOT/vm/run.sh" -v "$ROOT" -w "$ROOT" -- "$GUEST"
