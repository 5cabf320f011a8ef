#!/usr/bin/env bash
# roce-wire-soft-mcast.sh - runs inside the rxe VM (started by vm/run-roce-wire.sh soft-mcast): UD multicast of the
# soft device on the network (soft0 bound to 10.79.0.2 in the namespace "soft", -Dverbs4j.soft.addresses) against
# librdmacm's mckey on rxe0 (10.79.0.1, root namespace), over the veth pair: both join the group with
# rdma_join_multicast (RDMA_PS_UDP: the MGID ::ffff:a.b.c.d, QPN 0xFFFFFF, RDMA_UDP_QKEY; the host joins the IPv4 group
# with IGMP), and the datagrams go to the group's address. The Java peer is provider-soft's test program
# MulticastCmPeer on the soft provider (-Dverbs4j.providers=soft).
#   mckey -s (C, sender on rxe0) -> Java receiver on soft0: passes when both exit 0 and the Java side received every
#     datagram rxe0 sent (its sent_pkts counter), at least one: mckey posts its COUNT sends and at once destroys its
#     QP, so rxe in the emulated machine sends only those its requester took by then (Java exit 7: a count differs)
#   Java sender on soft0 -> mckey (C, receiver on rxe0): passes when both exit 0 (mckey got COUNT)
# Usage: roce-wire-soft-mcast.sh DIR (classes-soft, test-classes-soft and lib/ under it).
# Environment: ROCE_WIRE_TIMEOUT (seconds per exchange, default 240), ROCE_WIRE_COUNT (datagrams, default 10).
set -u
. "$(dirname "${BASH_SOURCE[0]}")/roce-veth.sh"
DIR=$1
LIMIT=${ROCE_WIRE_TIMEOUT:-240} COUNT=${ROCE_WIRE_COUNT:-10}
roce_soft_peer "$DIR" MulticastCmPeer
failures=0
report() { # name c-exit java-exit seconds
  if [ "$2" = 0 ] && [ "$3" = 0 ]; then echo "PASS $1 (${4}s)"; else echo "FAIL $1 (C exit $2, Java exit $3, ${4}s)"; failures=$((failures + 1)); fi
  echo "--- C side:"; cat /tmp/c.out; echo "--- Java side:"; cat /tmp/j.out
  echo "--- rxe0's counters:"; rdma statistic show link rxe0/1 2>/dev/null | tr ' ' '\n' | paste -sd' ' | fold -w 160
  echo "--- IGMP memberships: roce-rxe: $(ip maddr show dev roce-rxe | grep -c inet), soft: $(ip netns exec soft ip maddr | grep -c inet)"
  [ -s /tmp/dump.txt ] && { echo "--- packets to the group on roce-rxe (first 40 lines):"; head -n 40 /tmp/dump.txt; }
}
capture() { # multicast RoCE v2 packets on roce-rxe into /tmp/dump.txt, if tcpdump is there
  : > /tmp/dump.txt
  command -v tcpdump > /dev/null && { timeout "$LIMIT" tcpdump -i roce-rxe -nn -l -c 12 -x 'udp port 4791 and ip multicast' > /tmp/dump.txt 2>&1 & }
}
sent_pkts() { cat /sys/class/infiniband/rxe0/ports/1/hw_counters/sent_pkts; }
java_receives() { # name group
  local start=$SECONDS sent; capture
  timeout "$LIMIT" ip netns exec soft $PEER receive-up-to 10.79.0.2 "$2" "$COUNT" > /tmp/j.out 2>&1 & local jp=$!
  wait_line /tmp/j.out ready $jp
  sent=$(sent_pkts)
  timeout "$LIMIT" stdbuf -oL mckey -m "$2" -b 10.79.0.1 -s -C "$COUNT" > /tmp/c.out 2>&1; local cr=$?
  wait $jp; local jr=$?
  sent=$(($(sent_pkts) - sent))
  local received; received=$(sed -n 's/^received //p' /tmp/j.out)
  echo "rxe0 sent $sent packet(s) of mckey's $COUNT (mckey destroys its QP right after posting), the Java side received ${received:-none}"
  [ "$jr" = 0 ] && [ "${received:-0}" != "$sent" ] && jr=7
  report "$1" $cr $jr $((SECONDS - start))
}
c_receives() { # name group
  local start=$SECONDS; capture
  timeout "$LIMIT" stdbuf -oL mckey -m "$2" -b 10.79.0.1 -C "$COUNT" > /tmp/c.out 2>&1 & local cp=$!
  wait_line /tmp/c.out "receiving data transfers" $cp
  timeout "$LIMIT" ip netns exec soft $PEER send 10.79.0.2 "$2" "$COUNT" > /tmp/j.out 2>&1; local jr=$?
  wait $cp; local cr=$?
  report "$1" $cr $jr $((SECONDS - start))
}
java_receives "mckey -s (C, sender on rxe0) -> Java receiver on soft0, group 239.79.0.1" 239.79.0.1
c_receives "Java sender on soft0 -> mckey (C, receiver on rxe0), group 239.79.0.2" 239.79.0.2
for f in /tmp/hs_err_*.log; do [ -f "$f" ] && { echo "--- $f:"; head -n 40 "$f"; }; done
echo "roce-wire soft-mcast: $failures exchange(s) failed"
exit $failures
