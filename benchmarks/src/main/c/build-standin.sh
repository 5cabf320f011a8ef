#!/usr/bin/env bash
# build-standin.sh OUT_LIBRARY HEADER_CACHE: compiles the stand-in device (standin_device.c) and the C loops of
# StandInRatio (standin_loops.c) into the shared library OUT_LIBRARY, with gcc against the headers of rdma-core
# 56.1 (Debian trixie), fetched into HEADER_CACHE by provider-generic's fetch-rdma-core.sh as its ABI check
# does (and cached there). Run by the build (mvn ... compile).
set -euo pipefail
OUT=${1:?usage: build-standin.sh OUT_LIBRARY HEADER_CACHE}
CACHE=${2:?usage: build-standin.sh OUT_LIBRARY HEADER_CACHE}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
ROOT=$(cd "$HERE/../../../.." && pwd -P)
mkdir -p "$CACHE" "$(dirname "$OUT")"
CACHE=$(cd "$CACHE" && pwd -P)
bash "$ROOT/provider-generic/src/test/abi/fetch-rdma-core.sh" "$CACHE" trixie >"$CACHE/fetch-standin.log" 2>&1 ||
  { cat "$CACHE/fetch-standin.log" >&2; exit 1; }
gcc -O2 -Wall -Wextra -Werror -shared -fPIC -I "$CACHE/trixie/$(dpkg --print-architecture)/root/usr/include" \
  -o "$OUT" "$HERE/standin_device.c" "$HERE/standin_loops.c"
