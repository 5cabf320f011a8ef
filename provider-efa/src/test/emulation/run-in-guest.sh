#!/usr/bin/env bash
# run-in-guest.sh - TEST CODE: builds the emulated EFA device and runs the C conformance driver
# against the installed (real) libibverbs and libefa. Root only, on a throw-away machine (the VM
# of vm/run-efa-emulation.sh): it creates /dev/infiniband/uverbs8 and uverbs9 (char 1:3).
#
# Needs gcc, libibverbs-dev (efadv.h, libefa.so), ibverbs-providers, binutils (readelf).
# 1. Reads the installed release from libefa's file name (libefa.so.1.<EFA minor>.<rdma-core>.<x>)
#    and the private ABI version from libefa's imports (IBVERBS_PRIVATE_34 in 56.1, _65 in 65).
# 2. Compiles libefa-emu.so (efa_emu_shim.c + efa_emu_device.c) with a version script that gives
#    its ibv_cmd_* that version, and efa-conformance against the system headers.
# 3. Writes the sysfs tree, runs the driver with SYSFS_PATH and LD_PRELOAD, then twice more with a
#    fault injected into the device model (EFA_EMU_FAULT=payload, =sgid, =unsolicited, =phase):
#    those runs must fail, which shows that the data, source-GID, unsolicited and ring-wrap checks
#    can fail (the phase run waits for one poll timeout, 20 s).
# 4. If EFA_EMU_JVM_CLASSES names a directory with JvmSmoke.class and java is on the PATH, runs it
#    in a JVM with the same SYSFS_PATH and LD_PRELOAD (the FFM API loads libibverbs and libefa).
# Exit status: the driver's; 5 when a fault run passed; 6 when the JVM run failed.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
SRC=$HERE/../c
WORK=${EFA_EMU_WORK:-$(mktemp -d /tmp/efa-emu.XXXXXX)}
TIMEOUT=${EFA_EMU_TIMEOUT:-300}

LIBDIR=${EFA_EMU_LIBDIR:-/usr/lib/$(gcc -dumpmachine)}
LIBEFA=$(readlink -f "$LIBDIR/libefa.so.1" || true)
[ -f "$LIBEFA" ] || { echo "run-in-guest: libefa.so.1 not found (ibverbs-providers)" >&2; exit 1; }
MAJOR=$(basename "$LIBEFA" | awk -F. '{print $5}')
PABI=$(readelf -W -r "$LIBEFA" | grep -o 'IBVERBS_PRIVATE_[0-9]*' | sort -u)
[ "$(wc -w <<<"$PABI")" = 1 ] || { echo "run-in-guest: cannot read the private ABI of $LIBEFA: '$PABI'" >&2; exit 1; }
echo "run-in-guest: $(basename "$LIBEFA") (rdma-core $MAJOR, $PABI), $(gcc --version | head -n1)"

# libefa's kernel-facing imports that the shim does not answer (they stay libibverbs' own)
IMPORTS=$(readelf -W -r "$LIBEFA" | grep -o 'ibv_cmd_[a-z_]*' | sort -u)
DEFINED=$(grep -o '^EXPORT int ibv_cmd_[a-z_]*' "$SRC/efa_emu_shim.c" | awk '{print $3}' | sort -u)
echo "run-in-guest: ibv_cmd_* imported by libefa and not emulated: $(comm -23 <(echo "$IMPORTS") <(echo "$DEFINED") | tr '\n' ' ')"

{ printf '%s {\n  global:\n' "$PABI"; printf '    %s;\n' $DEFINED; printf '};\n'; } > "$WORK/shim.map"
CFLAGS=(-O2 -g -Wall -Wextra -DEMU_RDMA_CORE_MAJOR="$MAJOR")
gcc "${CFLAGS[@]}" -fPIC -shared -fvisibility=hidden -o "$WORK/libefa-emu.so" \
  "$SRC/efa_emu_shim.c" "$SRC/efa_emu_device.c" -Wl,--version-script="$WORK/shim.map" -ldl -lpthread
gcc "${CFLAGS[@]}" -o "$WORK/efa-conformance" "$SRC/efa_conformance.c" -libverbs -lefa

"$HERE/make-efa-sysfs.sh" "$WORK/sys" 2 --mknod

run_driver() {
  env SYSFS_PATH="$WORK/sys" LD_PRELOAD="$WORK/libefa-emu.so" "$@" \
    timeout "$TIMEOUT" "$WORK/efa-conformance"
}

T0=$(date +%s%N)
rc=0
run_driver || rc=$?
echo "run-in-guest: conformance run took $(( ($(date +%s%N) - T0) / 1000000 )) ms, exit $rc"

for fault in payload sgid unsolicited phase; do
  out=$(run_driver EFA_EMU_FAULT=$fault 2>&1) && frc=0 || frc=$?
  if [ "$frc" != 0 ]; then
    # exit 1 with FAIL lines, or a crash of the process (a wrong completion can corrupt libefa's state)
    echo "run-in-guest: with EFA_EMU_FAULT=$fault the driver fails as it must (exit $frc): $(grep '^FAIL' <<<"$out" | head -n2 | tr '\n' ' ')"
  else
    echo "run-in-guest: with EFA_EMU_FAULT=$fault the driver passed" >&2
    [ "$rc" = 0 ] && rc=5
  fi
done
if [ -n "${EFA_EMU_JVM_CLASSES:-}" ]; then
  T0=$(date +%s%N)
  jrc=0
  run_driver_env=(env SYSFS_PATH="$WORK/sys" LD_PRELOAD="$WORK/libefa-emu.so")
  "${run_driver_env[@]}" timeout "$TIMEOUT" "${JAVA_HOME:+$JAVA_HOME/bin/}java" --enable-native-access=ALL-UNNAMED \
    -cp "$EFA_EMU_JVM_CLASSES" JvmSmoke || jrc=$?
  echo "run-in-guest: JVM run took $(( ($(date +%s%N) - T0) / 1000000 )) ms, exit $jrc"
  [ "$jrc" = 0 ] || { [ "$rc" = 0 ] && rc=6; }
fi
exit "$rc"
