#!/usr/bin/env bash
# roce-wire-soft-ud6.sh - runs inside the rxe VM (started by vm/run-roce-wire.sh soft-ud6): the soft device over
# IPv6. A veth pair joins the root namespace (roce-rxe: 10.79.0.1, fd79::1) and the namespace "soft" (roce-soft:
# 10.79.0.2, fd79::2); the out-of-band TCP exchange of the tools stays on IPv4, every RoCE v2 packet is IPv6.
#   1. verbs4j pingpong ud between two JVMs, soft0 bound to fd79::1 (server, root namespace) and fd79::2 (client),
#      before the rdma_rxe module is loaded (it takes UDP port 4791 of the root namespace).
#   2. soft0 (fd79::2) -> rxe0 (fd79::1): verbs4j pingpong ud -n 1 against ibv_ud_pingpong -n 1 on rxe0's IPv6 GID.
#      The C server ends well only if rxe took the soft device's UD SEND (ICRC with the IPv6 masking, headers); its
#      answer comes with a zero UDP checksum, which the JVM's socket never gets (Java cannot set UDP_NO_CHECK6_RX):
#      the Java side must time out, and the namespace's UDPv6 counters must show the datagram dropped.
# Usage: roce-wire-soft-ud6.sh TOOLS_DIR. Environment: ROCE_WIRE_ITERS, ROCE_WIRE_SIZE, ROCE_WIRE_TIMEOUT.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/roce-veth.sh"
TOOLS=$1
ITERS=${ROCE_WIRE_ITERS:-200} SIZE=${ROCE_WIRE_SIZE:-61} LIMIT=${ROCE_WIRE_TIMEOUT:-240}
JAR=$(ls "$TOOLS"/verbs4j-tools-*.jar | head -n1)
J="java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:+AutoCreateSharedArchive -XX:SharedArchiveFile=/tmp/verbs4j-soft-ud.jsa -Xlog:cds=off -Xlog:aot=off -XX:ErrorFile=/tmp/hs_err_%p.log -Dverbs4j.providers=soft"
PP="-p $JAR:$TOOLS/lib -m org.verbs4j.tools/org.verbs4j.tools.Main pingpong ud -d soft0 -g 1 -s $SIZE"
echo "rdma-core $(dpkg-query -W -f='${Version}' libibverbs1), kernel $(uname -r), $(java -version 2>&1 | head -n1)"
roce_veth
failures=0 port=18760
udp6() { # netns-prefix: the UDPv6 error counters, absolute
  $1 nstat -az 2>/dev/null | awk '/^Udp6(InErrors|InCsumErrors|NoPorts) /{printf "%s %s ", $1, $2}'
}
counter() { # netns-prefix name: one UDPv6 counter, absolute
  $1 nstat -az 2>/dev/null | awk -v n="$2" '$1 == n {print $2}'
}
# 1. Two JVMs over IPv6.
port=$((port + 1))
timeout "$LIMIT" $J -Dverbs4j.soft.addresses=fd79::1 $PP -n "$ITERS" --timeout $((LIMIT * 3 / 4)) -p $port \
  > /tmp/s.out 2>&1 & spid=$!
wait_listen "" $port $spid
timeout "$LIMIT" ip netns exec soft $J -Dverbs4j.soft.addresses=fd79::2 $PP -n "$ITERS" --timeout $((LIMIT * 3 / 4)) \
  -p $port 10.79.0.1 > /tmp/c.out 2>&1; cr=$?
wait $spid; sr=$?
if [ $sr = 0 ] && [ $cr = 0 ] && grep -q "$ITERS iters in" /tmp/s.out && grep -q "$ITERS iters in" /tmp/c.out; then
  echo "PASS verbs4j pingpong ud between two JVMs over IPv6 (soft0 on fd79::1, server <- soft0 on fd79::2, client)"
else
  echo "FAIL verbs4j pingpong ud between two JVMs over IPv6 (server exit $sr, client exit $cr)"; failures=$((failures + 1))
fi
echo "--- server:"; tail -n 8 /tmp/s.out; echo "--- client:"; tail -n 8 /tmp/c.out
# 2. soft0 -> rxe0 over IPv6, and rxe0's answer dropped for its zero checksum.
modprobe rdma_rxe || exit 100
rdma link add rxe0 type rxe netdev roce-rxe || exit 101
G6=
for _ in $(seq 100); do
  for n in $(seq 0 15); do
    [ "$(cat /sys/class/infiniband/rxe0/ports/1/gids/$n 2>/dev/null)" = fd79:0000:0000:0000:0000:0000:0000:0001 ] &&
      [ "$(cat /sys/class/infiniband/rxe0/ports/1/gid_attrs/types/$n 2>/dev/null)" = "RoCE v2" ] && G6=$n
  done
  [ -n "$G6" ] && break
  sleep 0.1
done
[ -n "$G6" ] || { echo "no IPv6 RoCE v2 GID on rxe0"; exit 102; }
echo "rxe0 on roce-rxe (fd79::1), RoCE v2 GID index $G6; soft0 bound to fd79::2 in netns soft"
before=$(udp6 "ip netns exec soft"); csum0=$(counter "ip netns exec soft" Udp6InCsumErrors)
errors0=$(counter "ip netns exec soft" Udp6InErrors); sent0=$(cat /sys/class/infiniband/rxe0/ports/1/hw_counters/sent_pkts)
port=$((port + 1))
timeout "$LIMIT" ibv_ud_pingpong -e -d rxe0 -g "$G6" -p $port -s "$SIZE" -n 1 > /tmp/r.out 2>&1 & rpid=$!
wait_listen "" $port $rpid
timeout "$LIMIT" ip netns exec soft $J -Dverbs4j.soft.addresses=fd79::2 $PP -n 1 --timeout 20 -p $port 10.79.0.1 \
  > /tmp/c.out 2>&1; cr=$?
wait $rpid; rr=$?
after=$(udp6 "ip netns exec soft"); csum=$(( $(counter "ip netns exec soft" Udp6InCsumErrors) - csum0 ))
errors=$(( $(counter "ip netns exec soft" Udp6InErrors) - errors0 ))
sent=$(( $(cat /sys/class/infiniband/rxe0/ports/1/hw_counters/sent_pkts) - sent0 ))
echo "namespace soft, UDPv6 before: $before"
echo "namespace soft, UDPv6 after:  $after"
echo "rxe0 sent $sent packet(s); the soft namespace counted $csum more Udp6InCsumErrors and $errors more Udp6InErrors"
if [ $rr = 0 ] && grep -q "1 iters in" /tmp/r.out; then
  echo "PASS soft0 (fd79::2) -> ibv_ud_pingpong (C, server on rxe0, fd79::1): rxe took the UD SEND over IPv6"
else
  echo "FAIL soft0 (fd79::2) -> ibv_ud_pingpong (C, server on rxe0): C exit $rr"; failures=$((failures + 1))
fi
if [ $cr != 0 ] && [ "$sent" -ge 1 ] && [ $((csum + errors)) -ge 1 ]; then
  echo "PASS (the known limit) rxe0 -> soft0 over IPv6: rxe's answer was dropped by the namespace's UDPv6, the JVM never got it"
else
  echo "FAIL rxe0 -> soft0 over IPv6: expected the answer dropped (Java exit $cr, rxe sent $sent, drops $((csum + errors)))"
  failures=$((failures + 1))
fi
dmesg | grep -i "checksum is 0" | tail -n 2
echo "--- C side:"; tail -n 8 /tmp/r.out; echo "--- Java side:"; tail -n 8 /tmp/c.out
for f in /tmp/hs_err_*.log; do [ -f "$f" ] && { echo "--- $f:"; head -n 40 "$f"; }; done
echo "roce-wire soft-ud6: $failures check(s) failed"
exit $failures
