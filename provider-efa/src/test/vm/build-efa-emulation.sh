#!/usr/bin/env bash
# build-efa-emulation.sh WORK - TEST CODE, root in a throw-away VM: builds the emulated EFA device of
# src/test/c (libefa-emu.so: the LD_PRELOAD shim with libibverbs' private symbol version read from the installed
# libefa, and the device model) against the installed headers, writes the sysfs tree of efa_0 and efa_1 under
# WORK/sys and creates their uverbs nodes, as src/test/emulation/run-in-guest.sh does before its C driver.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
SRC=$HERE/../c
WORK=${1:?usage: build-efa-emulation.sh WORK}
mkdir -p "$WORK"
LIBEFA=$(readlink -f "/usr/lib/$(gcc -dumpmachine)/libefa.so.1")
MAJOR=$(basename "$LIBEFA" | awk -F. '{print $5}')
PABI=$(readelf -W -r "$LIBEFA" | grep -o 'IBVERBS_PRIVATE_[0-9]*' | sort -u)
DEFINED=$(grep -o '^EXPORT int ibv_cmd_[a-z_]*' "$SRC/efa_emu_shim.c" | awk '{print $3}' | sort -u)
{ printf '%s {\n  global:\n' "$PABI"; printf '    %s;\n' $DEFINED; printf '};\n'; } > "$WORK/shim.map"
gcc -O2 -g -Wall -Wextra -DEMU_RDMA_CORE_MAJOR="$MAJOR" -fPIC -shared -fvisibility=hidden -o "$WORK/libefa-emu.so" \
  "$SRC/efa_emu_shim.c" "$SRC/efa_emu_device.c" -Wl,--version-script="$WORK/shim.map" -ldl -lpthread
"$HERE/../emulation/make-efa-sysfs.sh" "$WORK/sys" 2 --mknod
echo "build-efa-emulation: $(basename "$LIBEFA") (rdma-core $MAJOR, $PABI): $WORK/libefa-emu.so, $WORK/sys"
