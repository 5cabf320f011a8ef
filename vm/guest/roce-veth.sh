# roce-veth.sh - sourced by the roce-wire-*.sh guest scripts: the veth pair they share and the waits they use.
# The pair joins the root namespace (roce-rxe: 10.79.0.1, fd79::1) and the namespace "soft" (roce-soft: 10.79.0.2,
# fd79::2), where a soft device binds its address; rxe0 sits on roce-rxe. LIMIT (seconds) bounds every wait.

roce_veth() { # the namespace "soft" and the veth pair, IPv4 and IPv6 addresses
  ip netns add soft
  ip link add roce-rxe type veth peer name roce-soft
  ip link set roce-soft netns soft
  ip addr add 10.79.0.1/24 dev roce-rxe
  ip -6 addr add fd79::1/64 dev roce-rxe nodad
  ip link set roce-rxe up
  ip netns exec soft ip link set lo up
  ip netns exec soft ip addr add 10.79.0.2/24 dev roce-soft
  ip netns exec soft ip -6 addr add fd79::2/64 dev roce-soft nodad
  ip netns exec soft ip link set roce-soft up
}

roce_rxe() { # rdma_rxe loaded and rxe0 on roce-rxe; exits 100/101 if not
  modprobe rdma_rxe || exit 100
  rdma link add rxe0 type rxe netdev roce-rxe || exit 101
}

roce_rxe_ipv4_gid() { # sets G4 to rxe0's RoCE v2 GID index for 10.79.0.1; exits 102 if none comes
  G4=
  for _ in $(seq 100); do
    for n in $(seq 0 15); do
      [ "$(cat /sys/class/infiniband/rxe0/ports/1/gids/$n 2>/dev/null)" = 0000:0000:0000:0000:0000:ffff:0a4f:0001 ] &&
        [ "$(cat /sys/class/infiniband/rxe0/ports/1/gid_attrs/types/$n 2>/dev/null)" = "RoCE v2" ] && G4=$n
    done
    [ -n "$G4" ] && return 0
    sleep 0.1
  done
  echo "no IPv4 RoCE v2 GID on rxe0"; exit 102
}

roce_soft_peer() { # DIR CLASS: the network of roce_veth and roce_rxe, and PEER: provider-soft's test program CLASS
  # on soft0 at 10.79.0.2 (classes-soft, test-classes-soft and lib/ under DIR), to run as "ip netns exec soft $PEER"
  local cp=$1/classes-soft:$1/test-classes-soft:$(printf '%s:' "$1"/lib/*.jar)
  PEER="java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:ErrorFile=/tmp/hs_err_%p.log --enable-native-access=ALL-UNNAMED
    -Dverbs4j.providers=soft -Dverbs4j.soft.addresses=10.79.0.2 -cp ${cp%:} org.verbs4j.provider.soft.$2"
  echo "rdma-core $(dpkg-query -W -f='${Version}' libibverbs1), kernel $(uname -r), $(java -version 2>&1 | head -n1)"
  roce_veth
  roce_rxe
  echo "rxe0 on roce-rxe (10.79.0.1); soft0 at 10.79.0.2 in netns soft"
}

wait_listen() { # netns-prefix port [pid]: until a TCP port listens, or the process ended
  local i; for i in $(seq 1 $((LIMIT * 5))); do
    $1 ss -Hltn "sport = :$2" | grep -q . && return 0
    [ -z "${3:-}" ] || kill -0 "$3" 2>/dev/null || return 1
    sleep 0.2
  done; return 1
}

wait_line() { # file pattern pid: until the file has the pattern, or the process ended
  local i; for i in $(seq 1 $((LIMIT * 5))); do
    grep -q "$2" "$1" 2>/dev/null && return 0
    kill -0 "$3" 2>/dev/null || return 1
    sleep 0.2
  done; return 1
}

wait_cm_listen() { # port pid: until rdma_cm listens on the port (rdma resource show), or the process ended
  local i; for i in $(seq 1 $((LIMIT * 5))); do
    rdma resource show cm_id 2>/dev/null | grep LISTEN | grep -q ":$1 " && return 0
    kill -0 "$2" 2>/dev/null || return 1
    sleep 0.2
  done; return 1
}

# With ROCE_WIRE_CAPTURE (a directory the VM shares with the host), the MADs of each exchange (RoCE v2 packets to
# QP 1, both ways on roce-rxe) go to $ROCE_WIRE_CAPTURE/FILE, one line a packet labelled with the exchange.
mad_capture_start() { # file label
  [ -n "${ROCE_WIRE_CAPTURE:-}" ] || return 0
  [ -x /tmp/roce-capture ] || { mkdir -p "$ROCE_WIRE_CAPTURE" &&
    gcc -O2 -Wall -o /tmp/roce-capture "$(dirname "${BASH_SOURCE[0]}")/roce-capture.c"; } || return 0
  echo "# $2: rdma-core $(dpkg-query -W -f='${Version}' libibverbs1), kernel $(uname -r)" >> "$ROCE_WIRE_CAPTURE/$1"
  /tmp/roce-capture roce-rxe mads "$2" >> "$ROCE_WIRE_CAPTURE/$1" & MAD_CAPTURE=$!
  sleep 0.2
}

mad_capture_stop() {
  [ -n "${MAD_CAPTURE:-}" ] && { sleep 0.5; kill "$MAD_CAPTURE" 2>/dev/null; wait "$MAD_CAPTURE" 2>/dev/null; }
  MAD_CAPTURE=
}
