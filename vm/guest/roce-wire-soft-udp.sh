#!/usr/bin/env bash
# roce-wire-soft-udp.sh - runs inside the rxe VM (started by vm/run-roce-wire.sh soft-udp): rdma_cm's RDMA_PS_UDP of
# the soft device on the network (soft0 bound to 10.79.0.2 in the namespace "soft", -Dverbs4j.soft.addresses)
# against librdmacm's udaddy on rxe0 (10.79.0.1, root namespace), over a veth pair: service ID resolution (SIDR_REQ,
# SIDR_REP of Linux's kernel CM), then udaddy's datagrams both ways. The Java peer is provider-soft's test program
# UdCmPeer on the soft provider (-Dverbs4j.providers=soft).
#   Java UDP client on soft0 -> udaddy (C, server on rxe0, udaddy's port 7174): passes when both exit 0
#   udaddy -s (C, client on rxe0) -> Java UDP server on soft0: passes when both exit 0
# Usage: roce-wire-soft-udp.sh DIR (classes-soft, test-classes-soft and lib/ under it).
# Environment: ROCE_WIRE_TIMEOUT (seconds per exchange, default 240), ROCE_WIRE_COUNT (datagrams each way, default 10),
# ROCE_WIRE_CAPTURE (a directory: each exchange's MADs go to soft-udp.txt there, see roce-capture.c).
set -u
. "$(dirname "${BASH_SOURCE[0]}")/roce-veth.sh"
DIR=$1
LIMIT=${ROCE_WIRE_TIMEOUT:-240} COUNT=${ROCE_WIRE_COUNT:-10}
roce_soft_peer "$DIR" UdCmPeer
failures=0
report() { # name c-exit java-exit seconds
  mad_capture_stop
  if [ "$2" = 0 ] && [ "$3" = 0 ]; then echo "PASS $1 (${4}s)"; else echo "FAIL $1 (C exit $2, Java exit $3, ${4}s)"; failures=$((failures + 1)); fi
  echo "--- C side:"; cat /tmp/c.out; echo "--- Java side:"; cat /tmp/j.out
  echo "--- rxe0's counters:"; rdma statistic show link rxe0/1 2>/dev/null | tr ' ' '\n' | paste -sd' ' | fold -w 160
  [ -s /tmp/dump.txt ] && { echo "--- packets on roce-rxe (first 60 lines):"; head -n 60 /tmp/dump.txt; }
}
capture() { # name: packets of RoCE v2 on roce-rxe into /tmp/dump.txt, if tcpdump is there; MADs (ROCE_WIRE_CAPTURE)
  mad_capture_start soft-udp.txt "$1"
  : > /tmp/dump.txt
  command -v tcpdump > /dev/null && { timeout "$LIMIT" tcpdump -i roce-rxe -nn -l -c 40 -x udp port 4791 > /tmp/dump.txt 2>&1 & }
}
c_server() { # name
  local start=$SECONDS; capture "$1"
  timeout "$LIMIT" udaddy -b 10.79.0.1 -C "$COUNT" > /tmp/c.out 2>&1 & local cp=$!
  sleep 2
  timeout "$LIMIT" ip netns exec soft $PEER client 10.79.0.1 7174 "$COUNT" -now > /tmp/j.out 2>&1; local jr=$?
  wait $cp; local cr=$?
  report "$1" $cr $jr $((SECONDS - start))
}
java_server() { # name
  local start=$SECONDS; capture "$1"
  timeout "$LIMIT" ip netns exec soft $PEER server 10.79.0.2 7174 "$COUNT" > /tmp/j.out 2>&1 & local jp=$!
  wait_line /tmp/j.out ready $jp
  timeout "$LIMIT" udaddy -s 10.79.0.2 -b 10.79.0.1 -C "$COUNT" > /tmp/c.out 2>&1; local cr=$?
  wait $jp; local jr=$?
  report "$1" $cr $jr $((SECONDS - start))
}
c_server "Java UDP client on soft0 -> udaddy (C, server on rxe0)"
java_server "udaddy -s (C, client on rxe0) -> Java UDP server on soft0"
for f in /tmp/hs_err_*.log; do [ -f "$f" ] && { echo "--- $f:"; head -n 40 "$f"; }; done
echo "roce-wire soft-udp: $failures exchange(s) failed"
exit $failures
