#!/usr/bin/env bash
# make-efa-sysfs.sh OUT_DIR [COUNT] - TEST CODE: writes the fake sysfs tree of COUNT (default 2)
# emulated EFA devices efa_0 .. efa_N-1 under OUT_DIR, for libibverbs' SYSFS_PATH.
#
# What libibverbs reads (libibverbs/init.c setup_sysfs_dev, match_modalias_device; sysfs.c):
#   class/infiniband_verbs/abi_version                        uverbs ABI (6)
#   class/infiniband_verbs/uverbsN/{ibdev,dev,abi_version}    the char device and the EFA ABI (1)
#   class/infiniband/efa_I/node_type, node_guid, ...          the device
#   class/infiniband/efa_I/device/modalias                    PCI vendor 0x1d0f, device 0xefa0:
#                                                             what the real efa provider matches
#   class/infiniband/efa_I/ports/1/gids/0, pkeys/0, ...       read by ibv_query_gid / ibv_query_pkey
#                                                             (sysfs fallback) and by the device model
# The uverbs nodes are uverbs$((EFA_EMU_UVERBS_BASE + I)) (base 8: clear of a real uverbs0), char
# device 1:3: libibverbs only checks that /dev/infiniband/uverbsN is a char device with the
# numbers of its sysfs "dev" file (util/open_cdev.c), and 1:3 (the null device) opens anywhere.
# With --mknod (root, meant for a throw-away VM) it also creates those nodes; it never replaces
# an existing node with other numbers.
set -euo pipefail

OUT=${1:?usage: make-efa-sysfs.sh OUT_DIR [COUNT] [--mknod]}
COUNT=2 MKNOD=0
for arg in "${@:2}"; do
  case $arg in
    --mknod) MKNOD=1 ;;
    *[!0-9]*|'') echo "make-efa-sysfs.sh: bad argument $arg" >&2; exit 2 ;;
    *) COUNT=$arg ;;
  esac
done
BASE=${EFA_EMU_UVERBS_BASE:-8}
CDEV=1:3

put() { mkdir -p "$(dirname "$1")"; printf '%s\n' "$2" > "$1"; }

write_device() {
  local i=$1 ib=efa_$1 uv=uverbs$(( BASE + $1 ))
  local d=$OUT/class/infiniband/$ib guid
  guid=$(printf '0efa:00ff:fe00:%04x' "$i")
  put "$OUT/class/infiniband_verbs/$uv/ibdev" "$ib"
  put "$OUT/class/infiniband_verbs/$uv/dev" "$CDEV"
  put "$OUT/class/infiniband_verbs/$uv/abi_version" 1
  put "$d/node_type" "1: CA"
  put "$d/node_guid" "$guid"
  put "$d/sys_image_guid" "$guid"
  put "$d/node_desc" "emulated EFA device $i (test)"
  put "$d/fw_ver" "0.0.0"
  put "$d/hw_rev" "0"
  put "$d/device/vendor" "0x1d0f"
  put "$d/device/device" "0xefa0"
  put "$d/device/modalias" "pci:v00001D0Fd0000EFA0sv00001D0Fsd0000EFA0bc02sc00i00"
  put "$d/ports/1/state" "4: ACTIVE"
  put "$d/ports/1/phys_state" "5: LinkUp"
  put "$d/ports/1/link_layer" "Unknown"
  put "$d/ports/1/lid" "0x0"
  put "$d/ports/1/sm_lid" "0x0"
  put "$d/ports/1/lid_mask_count" "0"
  put "$d/ports/1/pkeys/0" "0xffff"
  put "$d/ports/1/gids/0" "fe80:0000:0000:0000:$guid"
  put "$d/ports/1/gid_attrs/types/0" "IB/RoCE v1"
}

make_node() {
  local node=/dev/infiniband/uverbs$(( BASE + $1 ))
  if [ -e "$node" ]; then
    [ "$(stat -c '%t:%T' "$node")" = "1:3" ] || { echo "make-efa-sysfs.sh: $node exists with other numbers" >&2; exit 1; }
    return 0
  fi
  mkdir -p /dev/infiniband
  mknod "$node" c 1 3
}

put "$OUT/class/infiniband_verbs/abi_version" 6
for (( i = 0; i < COUNT; i++ )); do
  write_device "$i"
  if [ "$MKNOD" = 1 ]; then make_node "$i"; fi
done
