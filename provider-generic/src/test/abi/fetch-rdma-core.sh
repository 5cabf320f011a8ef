#!/usr/bin/env bash
# fetch-rdma-core.sh OUT_DIR [SUITE...]
#
# Downloads Debian's rdma-core packages (libibverbs-dev, libibverbs1, ibverbs-providers, librdmacm-dev,
# librdmacm1) of each
# suite (default: bookworm trixie sid, i.e. rdma-core 44, 56 and 65) with "apt-get download" and a
# private apt configuration under OUT_DIR, and unpacks them with "dpkg-deb -x" into
# OUT_DIR/<suite>/<arch>/root. Nothing is installed. The mirror is the Debian archive this machine's
# apt already uses (scripts/debian-mirror.sh; VERBS4J_DEBIAN_MIRROR overrides it).
# amd64 and arm64 packages are fetched, for the symbol check of both architectures.
#
# A suite whose OUT_DIR/<suite>/.done lists the same packages is not fetched again. Exits non-zero, with a message
# on stderr, on any failure: the conformance test never passes without the real packages.
set -euo pipefail

OUT=${1:?usage: fetch-rdma-core.sh OUT_DIR [SUITE...]}
shift
SUITES=${*:-bookworm trixie sid}
PACKAGES="libibverbs-dev libibverbs1 ibverbs-providers librdmacm-dev librdmacm1"
ARCHS="amd64 arm64"
KEYRING=${VERBS4J_DEBIAN_KEYRING:-/usr/share/keyrings/debian-archive-keyring.gpg}

die() { echo "fetch-rdma-core.sh: $*" >&2; exit 1; }
for tool in apt-get dpkg-deb; do
  command -v "$tool" >/dev/null || die "$tool is missing: the ABI conformance check needs a Debian-like host with apt"
done
[ -r "$KEYRING" ] || die "no Debian archive keyring at $KEYRING (apt-get install debian-archive-keyring)"

# shellcheck source=../../../../scripts/debian-mirror.sh
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../../../../scripts/debian-mirror.sh"
MIRROR=$(verbs4j_debian_mirror)
[ -n "$MIRROR" ] || die "no Debian mirror in /etc/apt/sources.list{,.d}; set VERBS4J_DEBIAN_MIRROR"

fetch_suite() {
  local suite=$1 dir=$OUT/$1 apt=$OUT/$1/apt
  rm -rf "$dir"
  mkdir -p "$apt"/{etc/sources.list.d,etc/preferences.d,etc/apt.conf.d,lists/partial,cache/archives/partial}
  : > "$apt/status"
  echo "deb [signed-by=$KEYRING arch=${ARCHS// /,}] $MIRROR $suite main" > "$apt/etc/sources.list"
  local opts=(-q -o "Dir::Etc::SourceList=$apt/etc/sources.list" -o "Dir::Etc::SourceParts=$apt/etc/sources.list.d"
    -o "Dir::Etc::Preferences=$apt/etc/preferences" -o "Dir::Etc::PreferencesParts=$apt/etc/preferences.d"
    -o "Dir::Etc::Parts=$apt/etc/apt.conf.d" -o "Dir::State::Lists=$apt/lists" -o "Dir::State::status=$apt/status"
    -o "Dir::Cache=$apt/cache" -o "APT::Architecture=amd64" -o "APT::Architectures::=amd64"
    -o "APT::Architectures::=arm64" -o "Acquire::Languages=none" -o "Acquire::Check-Valid-Until=false"
    -o "Debug::NoLocking=1" -o "APT::Sandbox::User=$(id -un)")
  apt-get "${opts[@]}" update >"$dir/apt-update.log" 2>&1 || { cat "$dir/apt-update.log" >&2; die "apt-get update of $suite failed"; }
  local arch pkg
  for arch in $ARCHS; do
    mkdir -p "$dir/$arch/debs" "$dir/$arch/root"
    for pkg in $PACKAGES; do
      # the 64-bit time_t transition renamed some libraries from trixie on (librdmacm1 -> librdmacm1t64)
      (cd "$dir/$arch/debs" && { apt-get "${opts[@]}" download "$pkg:$arch" ||
        apt-get "${opts[@]}" download "${pkg}t64:$arch"; }) >>"$dir/$arch/download.log" 2>&1 ||
        { cat "$dir/$arch/download.log" >&2; die "apt-get download of $pkg ($suite/$arch) failed"; }
    done
    for deb in "$dir/$arch/debs"/*.deb; do
      dpkg-deb -x "$deb" "$dir/$arch/root"
      echo "$(dpkg-deb -f "$deb" Package) $(dpkg-deb -f "$deb" Version) $arch" >> "$dir/versions.txt"
    done
  done
  echo "$PACKAGES" > "$dir/.done"
}

mkdir -p "$OUT"
for suite in $SUITES; do
  if [ -f "$OUT/$suite/.done" ] && [ "$(cat "$OUT/$suite/.done")" = "$PACKAGES" ]; then continue; fi
  echo "fetch-rdma-core.sh: $suite from $MIRROR" >&2
  fetch_suite "$suite"
done
