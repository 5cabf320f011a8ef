#!/usr/bin/env bash
# build.sh - build (or reuse) the rxe-vm artefacts used by run.sh:
#   $RXE_VM_CACHE/vmlinuz      Debian kernel (linux-image-amd64 of $RXE_VM_SUITE)
#   $RXE_VM_CACHE/initrd.img   tiny busybox initramfs (virtio_blk, ext4, 9p modules)
#   $RXE_VM_CACHE/rootfs.img   ext4 image: Debian minbase + rdma-core, ibverbs
#                              utils/providers/dev, perftest, iproute2, kmod,
#                              gcc, OpenJDK 25, kernel modules (rdma_rxe ...)
#   $RXE_VM_CACHE/versions.txt versions of the interesting bits
#
# Usage: build.sh [--force] [--install-host-deps]
#   --force              rebuild even if the cache is up to date
#   --install-host-deps  apt-get install the host tools first (needs root)
#
# Needs root (mmdebstrap --mode=root, chroot, mknod) and access to the Debian
# archive apt uses (VERBS4J_DEBIAN_MIRROR overrides it).  Nothing else is downloaded.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CACHE=${RXE_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/verbs4j-rxe-vm-${RXE_VM_SUITE:-trixie}}
SUITE=${RXE_VM_SUITE:-trixie}
# The Debian archive this host's apt already uses, never a third-party repository.
# shellcheck source=../scripts/debian-mirror.sh
. "$HERE/../scripts/debian-mirror.sh"
MIRROR=$(verbs4j_debian_mirror)
[ -n "$MIRROR" ] || { echo "build.sh: no Debian mirror found in apt's sources; set VERBS4J_DEBIAN_MIRROR" >&2; exit 2; }
KEYRING=${RXE_VM_KEYRING:-/usr/share/keyrings/debian-archive-keyring.gpg}
IMG_FREE_MB=${RXE_VM_IMG_FREE_MB:-1024}       # free space left in rootfs.img
PACKAGES="rdma-core,ibverbs-providers,ibverbs-utils,libibverbs-dev,rdmacm-utils"
PACKAGES+=",perftest,iproute2,kmod,procps,busybox-static,gcc,libc6-dev"
PACKAGES+=",${RXE_VM_JDK_PACKAGE:-openjdk-25-jdk-headless}"
[ -n "${RXE_VM_EXTRA_PACKAGES:-}" ] && PACKAGES+=",${RXE_VM_EXTRA_PACKAGES// /,}"
# Modules loaded by the initramfs (dependencies are resolved automatically):
# root disk and 9p.  rdma_rxe etc. are modprobed later from the root fs
# (loading them here instead was measured: no faster under TCG).
INITRD_MODULES=${RXE_VM_INITRD_MODULES:-"virtio_blk ext4 9pnet_virtio 9p"}

FORCE=0 HOSTDEPS=0
for a in "$@"; do
  case $a in
    --force) FORCE=1 ;;
    --install-host-deps) HOSTDEPS=1 ;;
    -h|--help) sed -n '2,16p' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "build.sh: unknown argument $a" >&2; exit 2 ;;
  esac
done

log() { printf '[rxe-vm build %(%H:%M:%S)T] %s\n' -1 "$*" >&2; }

if [ $HOSTDEPS = 1 ]; then
  apt-get update -q >&2
  apt-get install -y -q mmdebstrap qemu-system-x86 e2fsprogs cpio xz-utils >&2
fi

# Cache key: everything that influences the artefacts.
KEY=$( { echo "$SUITE $MIRROR $PACKAGES $INITRD_MODULES $IMG_FREE_MB"
         cat "${BASH_SOURCE[0]}" "$HERE/guest/initramfs-init"; } | sha256sum | cut -c1-16)
fresh() {
  [ $FORCE = 0 ] && [ -f "$CACHE/stamp" ] && [ "$(cat "$CACHE/stamp")" = "$KEY" ] &&
    [ -f "$CACHE/rootfs.img" ] && [ -f "$CACHE/vmlinuz" ] && [ -f "$CACHE/initrd.img" ]
}
if fresh; then log "cache $CACHE is up to date ($KEY)"; exit 0; fi

if [ "$(id -u)" != 0 ]; then
  echo "build.sh: must run as root (mmdebstrap --mode=root, chroot)" >&2; exit 1
fi
for t in mmdebstrap mkfs.ext4 cpio xz qemu-system-x86_64 sha256sum; do
  command -v "$t" >/dev/null || {
    echo "build.sh: missing $t (try: build.sh --install-host-deps, or apt-get install mmdebstrap qemu-system-x86 e2fsprogs cpio xz-utils)" >&2
    exit 1; }
done

mkdir -p "$CACHE"
exec 9>"$CACHE/.build.lock"
flock 9          # concurrent callers wait here, then find the fresh cache
if fresh; then log "cache $CACHE was built meanwhile ($KEY)"; exit 0; fi
T0=$(date +%s)
WORK=$(mktemp -d "$CACHE/build.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
ROOT=$WORK/rootfs

log "mmdebstrap $SUITE from $MIRROR -> $ROOT (log: $CACHE/build.log)"
# The customize hook fetches the kernel package and only *unpacks* it (no
# postinst, so no initramfs-tools run); depmod makes modprobe work in the VM.
mmdebstrap --mode=root --variant=minbase \
  --aptopt='Acquire::Languages "none"' \
  --dpkgopt='path-exclude=/usr/share/man/*' \
  --dpkgopt='path-exclude=/usr/share/doc/*' \
  --dpkgopt='path-include=/usr/share/doc/*/copyright' \
  --dpkgopt='path-exclude=/usr/share/locale/*' \
  --dpkgopt='path-exclude=/usr/share/info/*' \
  --essential-hook='mkdir -p "$1/usr/share/man/man1"' \
  --aptopt='Acquire::Check-Valid-Until "false"' \
  --include="$PACKAGES" \
  --customize-hook='set -e
    p=$(chroot "$1" apt-cache depends linux-image-amd64 | sed -n "s/.*Depends: \(linux-image-[0-9].*\)/\1/p" | head -n1)
    [ -n "$p" ] || { echo "cannot resolve linux-image-amd64" >&2; exit 1; }
    echo "kernel package: $p"
    # Unpack the kernel package and the linux-{image,binary,modules}-<version> packages it
    # depends on (newer suites split vmlinuz and the modules into packages of their own).
    todo="$p"; seen=""
    while [ -n "$todo" ]; do
      q=${todo%% *}; todo=${todo#"$q"}; todo=${todo# }
      case " $seen " in *" $q "*) continue ;; esac
      seen="$seen $q"
      chroot "$1" sh -c "cd /tmp && rm -f /tmp/*.deb && apt-get -q download $q"
      deb=$(ls "$1"/tmp/*.deb)
      dpkg-deb -x "$deb" "$1"
      deps=$(dpkg-deb -f "$deb" Depends | tr "," "\n" | sed -n "s/^ *\(linux-\(image\|binary\|modules\)-[0-9][^ ]*\).*/\1/p" | tr "\n" " ")
      todo="$todo $deps"; todo=$(echo $todo)
      rm -f "$1"/tmp/*.deb
    done
    echo "kernel packages:$seen"
    ls "$1"/boot/vmlinuz-* "$1"/usr/lib/modules/*/vmlinuz 2>/dev/null | grep -q . || { echo "no vmlinuz after unpacking:$seen" >&2; exit 1; }
    echo "Package: $p" > "$1/etc/rxe-vm-kernel-package"
    chroot "$1" depmod -a "$(ls "$1/usr/lib/modules")"
    echo rxe-vm > "$1/etc/hostname"' \
  "$SUITE" "$ROOT" "deb [signed-by=$KEYRING] $MIRROR $SUITE main" > "$CACHE/build.log" 2>&1 ||
  { tail -n 40 "$CACHE/build.log" >&2; echo "build.sh: mmdebstrap failed, see $CACHE/build.log" >&2; exit 1; }

KVER=$(ls "$ROOT/usr/lib/modules")
log "kernel $KVER"
if [ -f "$ROOT/boot/vmlinuz-$KVER" ]; then cp "$ROOT/boot/vmlinuz-$KVER" "$WORK/vmlinuz"
else cp "$ROOT/usr/lib/modules/$KVER/vmlinuz" "$WORK/vmlinuz"; fi

log "initramfs"
IR=$WORK/initramfs
mkdir -p "$IR"/{bin,dev,proc,sys,newroot,modules}
cp "$ROOT/bin/busybox" "$IR/bin/busybox"
cp "$HERE/guest/initramfs-init" "$IR/init"
chmod 755 "$IR/init"
mknod -m 600 "$IR/dev/console" c 5 1
: > "$IR/modules.order"
# modules.order: "file.ko [options from modprobe.d]" in dependency order
for m in $INITRD_MODULES; do
  chroot "$ROOT" modprobe -S "$KVER" --show-depends "$m" | awk '$1=="insmod"{$1=""; print substr($0,2)}'
done | awk '!seen[$1]++' | while read -r path opts; do
  name=$(basename "$path"); name=${name%.xz}; name=${name%.zst}; name=${name%.gz}
  case $path in
    *.xz)  xz -dc "$ROOT$path" > "$IR/modules/$name" ;;
    *.zst) zstd -dcq "$ROOT$path" > "$IR/modules/$name" ;;
    *.gz)  gzip -dc "$ROOT$path" > "$IR/modules/$name" ;;
    *)     cp "$ROOT$path" "$IR/modules/$name" ;;
  esac
  echo "$name $opts" >> "$IR/modules.order"
done
(cd "$IR" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) > "$WORK/initrd.img"

log "versions"
{
  echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ) key=$KEY suite=$SUITE"
  echo "kernel: $KVER ($(tr '\n' ' ' < "$ROOT/etc/rxe-vm-kernel-package"))"
  chroot "$ROOT" dpkg-query -W -f='${Package} ${Version}\n' \
    rdma-core ibverbs-providers ibverbs-utils libibverbs-dev perftest iproute2 \
    "${RXE_VM_JDK_PACKAGE:-openjdk-25-jdk-headless}" gcc libc6 busybox-static
  for r in "$ROOT"/usr/lib/jvm/*/release; do
    [ -L "$(dirname "$r")" ] || echo "jdk: $(dirname "${r#$ROOT}") $(grep -h '^JAVA_RUNTIME_VERSION=' "$r")"
  done
  echo "host qemu: $(qemu-system-x86_64 --version | head -n1)"
} > "$WORK/versions.txt"

log "rootfs.img"
# Enough room for the tree plus IMG_FREE_MB; the VM uses snapshot=on, so the
# image itself is never modified at run time.  No journal: nothing persists.
SIZE_MB=$(( $(du -sm "$ROOT" | cut -f1) * 11 / 10 + IMG_FREE_MB ))
truncate -s "${SIZE_MB}M" "$WORK/rootfs.img"
mkfs.ext4 -q -F -L rxe-vm-root -O ^has_journal -d "$ROOT" "$WORK/rootfs.img" >&2

for f in rootfs.img vmlinuz initrd.img versions.txt; do mv -f "$WORK/$f" "$CACHE/$f"; done
echo "$KEY" > "$CACHE/stamp"
log "done in $(( $(date +%s) - T0 ))s: $(du -sh --apparent-size "$CACHE/rootfs.img" | cut -f1) image ($(du -sh "$CACHE/rootfs.img" | cut -f1) on disk) in $CACHE"
cat "$CACHE/versions.txt" >&2
