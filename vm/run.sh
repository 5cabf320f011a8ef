#!/usr/bin/env bash
# run.sh - boot the rxe-vm (see build.sh), create a Soft-RoCE device inside
# it, run one shell command, stream its stdout/stderr here, power off and
# exit with the command's exit status.
#
# Usage: run.sh [options] [--] 'shell command'
#   -v HOST[:GUEST][:ro]  share host directory HOST (9p) at GUEST (default: the
#                         same path) inside the VM; repeatable.  Without any -v
#                         the current directory is shared at its own path.
#   -w DIR                working directory in the VM (default: $PWD when it is
#                         shared, else /)
#   -e NAME=VALUE         export NAME=VALUE to the command; repeatable
#   -V                    verbose: setup messages and timings on stderr
#   -h                    this help
#
# Inside the VM the command runs as root under bash with these variables:
#   RXE_DEV=rxe0 RXE_PORT=1 RXE_GID_INDEX=<RoCEv2 IPv4 GID> RXE_NETDEV RXE_IP
#   JAVA_HOME=/usr/lib/jvm/java-25-openjdk-amd64
# The VM has no network interface besides lo and the dummy netdev under rxe0.
# The root filesystem is a throw-away snapshot; only writes to shares persist.
#
# Environment: RXE_VM_CACHE (artefacts, see build.sh), RXE_VM_MEM (MiB, 4096),
#   RXE_VM_SMP (vCPUs, min(nproc,4)), RXE_VM_ACCEL (auto|kvm|tcg, auto picks
#   kvm only if the CPU shows vmx/svm), RXE_VM_TIMEOUT (s, 1800),
#   RXE_VM_QEMU (qemu-system-x86_64), RXE_VM_KEEP_TMP=1 (keep logs),
#   RXE_VM_NO_BUILD=1 (do not call build.sh), RXE_VM_RXE=0 (no rxe setup),
#   RXE_VM_MTU (1500, dummy netdev MTU), RXE_VM_9P_CACHE (mmap), RXE_VM_CPU (TCG CPU model, max),
#   RXE_VM_TCG_THREAD (multi or single: one host thread for all vCPUs).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CACHE=${RXE_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/verbs4j-rxe-vm-${RXE_VM_SUITE:-trixie}}
QEMU=${RXE_VM_QEMU:-qemu-system-x86_64}
MEM=${RXE_VM_MEM:-4096}
NPROC=$(nproc)
SMP=${RXE_VM_SMP:-$(( NPROC < 4 ? NPROC : 4 ))}
TIMEOUT=${RXE_VM_TIMEOUT:-1800}
ACCEL=${RXE_VM_ACCEL:-auto}

usage() { sed -n '2,30p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
SHARES=() ENVS=() WORKDIR='' VERBOSE=0
while [ $# -gt 0 ]; do
  case $1 in
    -v) SHARES+=("$2"); shift 2 ;;
    -w) WORKDIR=$2; shift 2 ;;
    -e) ENVS+=("$2"); shift 2 ;;
    -V) VERBOSE=1; shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift; break ;;
    -*) echo "run.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { usage >&2; exit 2; }
CMD="$*"
[ ${#SHARES[@]} -gt 0 ] || SHARES=("$PWD")

vlog() { [ "$VERBOSE" = 1 ] && printf '[rxe-vm %(%H:%M:%S)T] %s\n' -1 "$*" >&2; return 0; }
T0=$(date +%s.%N)

if [ "${RXE_VM_NO_BUILD:-0}" != 1 ]; then
  RXE_VM_CACHE=$CACHE "$HERE/build.sh" >&2
fi
for f in vmlinuz initrd.img rootfs.img; do
  [ -f "$CACHE/$f" ] || { echo "run.sh: $CACHE/$f missing; run build.sh" >&2; exit 125; }
done

if [ "$ACCEL" = auto ]; then
  ACCEL=tcg
  if [ -r /dev/kvm ] && [ -w /dev/kvm ] && grep -qwE 'vmx|svm' /proc/cpuinfo; then ACCEL=kvm; fi
fi
case $ACCEL in
  kvm) ACCEL_ARGS=(-accel kvm -cpu host) ;;
  tcg) ACCEL_ARGS=(-accel "tcg,thread=${RXE_VM_TCG_THREAD:-multi}" -cpu "${RXE_VM_CPU:-max}") ;;
  *) echo "run.sh: RXE_VM_ACCEL must be auto, kvm or tcg" >&2; exit 2 ;;
esac

TMP=$(mktemp -d "${TMPDIR:-/tmp}/rxe-vm.XXXXXX")
QPID='' PIDS=()
cleanup() {
  [ -n "$QPID" ] && kill "$QPID" 2>/dev/null
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done
  if [ "${RXE_VM_KEEP_TMP:-0}" = 1 ]; then echo "run.sh: logs kept in $TMP" >&2; else rm -rf "$TMP"; fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

mkdir "$TMP/ctl"
cp "$HERE/guest/guest-init.sh" "$TMP/ctl/guest-init.sh"
SHARE_ARGS=() TAGS=() GPATHS=() ROS=()
i=0
for s in "${SHARES[@]}"; do
  ro=0
  case $s in *:ro) ro=1; s=${s%:ro} ;; esac
  host=${s%%:*}; guest=${s#*:}; [ "$guest" = "$s" ] && guest=$host
  host=$(realpath -e "$host") || { echo "run.sh: no such directory: $host" >&2; exit 2; }
  case $guest in /*) ;; *) echo "run.sh: guest path must be absolute: $guest" >&2; exit 2 ;; esac
  tag=rxevm_s$i; i=$((i + 1))
  opt=local,path=$host,mount_tag=$tag,security_model=none,id=$tag
  [ $ro = 1 ] && opt+=,readonly=on
  SHARE_ARGS+=(-virtfs "$opt")
  TAGS+=("$tag") GPATHS+=("$guest") ROS+=("$ro")
  [ -z "$WORKDIR" ] && [ "$host" = "$(realpath "$PWD")" ] && WORKDIR=$guest
done
[ -n "$WORKDIR" ] || WORKDIR=/

{
  printf 'RXE_VM_CMD=%q\n' "$CMD"
  printf 'RXE_VM_WORKDIR=%q\n' "$WORKDIR"
  printf 'RXE_VM_VERBOSE=%q\n' "$VERBOSE"
  printf 'SHARE_TAGS=(%s)\n' "$(printf '%q ' "${TAGS[@]}")"
  printf 'SHARE_PATHS=(%s)\n' "$(printf '%q ' "${GPATHS[@]}")"
  printf 'SHARE_RO=(%s)\n' "$(printf '%q ' "${ROS[@]}")"
  for v in RXE_VM_RXE RXE_VM_MTU RXE_VM_9P_CACHE; do
    [ -n "${!v:-}" ] && printf '%s=%q\n' "$v" "${!v}"
  done
  for e in "${ENVS[@]}"; do
    n=${e%%=*}
    [[ $n =~ ^[A-Za-z_][A-Za-z0-9_]*$ && $e == *=* ]] || { echo "run.sh: bad -e $e" >&2; exit 2; }
    printf 'export %s=%q\n' "$n" "${e#*=}"
  done
} > "$TMP/ctl/config"

# stdout/stderr of the command arrive through FIFOs (qemu 'pipe' chardevs)
mkfifo "$TMP/out.in" "$TMP/out.out" "$TMP/err.in" "$TMP/err.out"
cat "$TMP/out.out" & PIDS+=($!)
cat "$TMP/err.out" >&2 & PIDS+=($!)

KCMD="console=ttyS0 quiet loglevel=4 panic=1 mitigations=off random.trust_cpu=on"
KCMD+=" tsc=reliable no_timer_check ${RXE_VM_KERNEL_ARGS:-}"
vlog "booting ($ACCEL, ${SMP} vCPU, ${MEM} MiB) from $CACHE"
timeout -k 10 "$TIMEOUT" "$QEMU" \
  -nodefaults -no-user-config -display none -no-reboot \
  "${ACCEL_ARGS[@]}" -m "$MEM" -smp "$SMP" \
  -kernel "$CACHE/vmlinuz" -initrd "$CACHE/initrd.img" -append "$KCMD" \
  -serial "file:$TMP/console.log" \
  -drive "file=$CACHE/rootfs.img,if=virtio,format=raw,snapshot=on" \
  -virtfs "local,path=$TMP/ctl,mount_tag=rxevm_ctl,security_model=none,id=rxevm_ctl" \
  "${SHARE_ARGS[@]}" \
  -device virtio-serial-pci,id=vser \
  -chardev "pipe,id=out,path=$TMP/out" -device virtserialport,bus=vser.0,chardev=out,name=stdout \
  -chardev "pipe,id=err,path=$TMP/err" -device virtserialport,bus=vser.0,chardev=err,name=stderr \
  </dev/null >"$TMP/qemu.log" 2>&1 &
QPID=$!
set +e
wait "$QPID"; qrc=$?
QPID=
# unblock the readers in case qemu never opened the FIFOs, then drain them
for f in out.out err.out; do exec 3<>"$TMP/$f"; exec 3>&-; done
wait "${PIDS[@]}" 2>/dev/null
PIDS=()
set -e

if [ -f "$TMP/ctl/setup-failed" ]; then
  rc=125
  echo "run.sh: VM setup failed: $(cat "$TMP/ctl/setup-failed"); console tail:" >&2
  tail -n 40 "$TMP/console.log" >&2
elif [ -f "$TMP/ctl/rc" ]; then
  rc=$(cat "$TMP/ctl/rc")
else
  rc=125
  [ $qrc = 124 ] && { rc=124; echo "run.sh: timed out after ${TIMEOUT}s" >&2; }
  echo "run.sh: VM ended without a result (qemu exit $qrc); qemu log and console tail:" >&2
  cat "$TMP/qemu.log" >&2
  tail -n 40 "$TMP/console.log" >&2
fi
if [ "$VERBOSE" = 1 ]; then
  vlog "exit $rc, wall $(awk -v a="$T0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}')s"
fi
exit "$rc"
