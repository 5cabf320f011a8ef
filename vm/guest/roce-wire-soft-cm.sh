#!/usr/bin/env bash
# roce-wire-soft-cm.sh - runs inside the rxe VM (started by vm/run-roce-wire.sh soft-cm): rdma_cm of the soft device
# on the network (soft0 bound to 10.79.0.2 in the namespace "soft", -Dverbs4j.soft.addresses) against Linux's
# rdma_cm and kernel CM on rxe0 (10.79.0.1, root namespace), over a veth pair, with the rping protocol: the Java
# peer is provider-generic's test program CmInterop (RpingPeer) on the soft provider (-Dverbs4j.providers=soft).
#   rping -c -V (C, client on rxe0) -> Java rping server on soft0: passes when both exit 0 (rping validates each ping)
#   Java rping client on soft0 -> rping -s -V (C, server on rxe0): passes when both exit 0
# Usage: roce-wire-soft-cm.sh DIR (classes-soft, classes-generic, test-classes-generic and lib/ under it).
#   With ROCE_WIRE_ACCEPT_DELAY=S (seconds): rping -c -V -> Java rping server that accepts S s after the REQ, beyond
#   the retries of rxe's REQ (16 x (4.3 s + 2 packet lives) ~ 77 s to 103 s): passes when both exit 0 and rxe0's CM
#   counted an MRA received (the soft CM answers the REQ sent again with an MRA of 68.7 s, as Linux's CM does)
# Environment: ROCE_WIRE_TIMEOUT (seconds per exchange, default 240), ROCE_WIRE_PINGS (default 5),
# ROCE_WIRE_SIZE (default 64), ROCE_WIRE_ACCEPT_DELAY (default 0: no late exchange), ROCE_WIRE_CAPTURE (a
# directory: each exchange's MADs go to soft-cm.txt there, see roce-capture.c).
set -u
. "$(dirname "${BASH_SOURCE[0]}")/roce-veth.sh"
DIR=$1
LIMIT=${ROCE_WIRE_TIMEOUT:-240} PINGS=${ROCE_WIRE_PINGS:-5} SIZE=${ROCE_WIRE_SIZE:-64} DELAY=${ROCE_WIRE_ACCEPT_DELAY:-0}
CP=$DIR/classes-soft:$DIR/classes-generic:$DIR/test-classes-generic:$(printf '%s:' "$DIR"/lib/*.jar)
JAVA="java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:ErrorFile=/tmp/hs_err_%p.log --enable-native-access=ALL-UNNAMED
  -Dverbs4j.providers=soft -Dverbs4j.soft.addresses=10.79.0.2 -cp ${CP%:}"
PEER="$JAVA org.verbs4j.provider.generic.interop.CmInterop"
echo "rdma-core $(dpkg-query -W -f='${Version}' libibverbs1), kernel $(uname -r), $(java -version 2>&1 | head -n1)"
roce_veth
roce_rxe
echo "rxe0 on roce-rxe (10.79.0.1); soft0 at 10.79.0.2 in netns soft"
failures=0 port=18890
watch_qps() { # while the exchange runs: the last view of rxe0's queue pairs with a remote QP
  while :; do rdma resource show qp link rxe0 2>/dev/null | grep -v "lqpn 1 " > /tmp/qp.now; [ -s /tmp/qp.now ] && cp /tmp/qp.now /tmp/qp.last; sleep 0.5; done
}
report() { # name c-exit java-exit seconds
  mad_capture_stop
  if [ "$2" = 0 ] && [ "$3" = 0 ]; then echo "PASS $1 (${4}s)"; else echo "FAIL $1 (C exit $2, Java exit $3, ${4}s)"; failures=$((failures + 1)); fi
  echo "--- C side:"; cat /tmp/c.out; echo "--- Java side:"; cat /tmp/j.out
  echo "--- rxe0's queue pairs while connected:"; cat /tmp/qp.last 2>/dev/null
  echo "--- rxe0's counters:"; rdma statistic show link rxe0/1 2>/dev/null | tr ' ' '\n' | paste -sd' ' | fold -w 160
  rm -f /tmp/qp.last
  [ -s /tmp/dump.txt ] && { echo "--- packets on roce-rxe (first 60 lines):"; head -n 60 /tmp/dump.txt; }
}
capture() { # name: packets of RoCE v2 on roce-rxe into /tmp/dump.txt, if tcpdump is there; MADs (ROCE_WIRE_CAPTURE)
  mad_capture_start soft-cm.txt "$1"
  : > /tmp/dump.txt
  command -v tcpdump > /dev/null && { timeout "$LIMIT" tcpdump -i roce-rxe -nn -l -c 40 -x udp port 4791 > /tmp/dump.txt 2>&1 & }
}
java_server() { # name
  port=$((port + 1)); local start=$SECONDS; capture "$1"
  timeout "$LIMIT" ip netns exec soft $PEER rping-server 10.79.0.2 $port $SIZE $PINGS > /tmp/j.out 2>&1 & local jp=$!
  wait_line /tmp/j.out LISTENING $jp
  timeout "$LIMIT" rping -c -a 10.79.0.2 -p $port -C $PINGS -S $SIZE -V -v > /tmp/c.out 2>&1; local cr=$?
  wait $jp; local jr=$?
  report "$1" $cr $jr $((SECONDS - start))
}
c_server() { # name
  port=$((port + 1)); local start=$SECONDS; capture "$1"
  timeout "$LIMIT" rping -s -a 10.79.0.1 -p $port -V -v > /tmp/c.out 2>&1 & local cp=$!
  wait_cm_listen $port $cp || sleep 2
  timeout "$LIMIT" ip netns exec soft $PEER rping-client 10.79.0.1 $port $SIZE $PINGS > /tmp/j.out 2>&1; local jr=$?
  wait $cp; local cr=$?
  report "$1" $cr $jr $((SECONDS - start))
}
cm_counter() { # a counter of rxe0's kernel CM (port 1), e.g. cm_rx_msgs/mra; empty if the kernel has none
  cat "/sys/class/infiniband/rxe0/ports/1/$1" "/sys/class/infiniband_cm/rxe0/1/$1" 2>/dev/null | head -n1
}
java_server_late() { # name: the Java server accepts DELAY s after the REQ; passes if rping connects and rxe got an MRA
  port=$((port + 1)); local start=$SECONDS limit=$((LIMIT + DELAY)); capture "$1"
  local mras retries got; mras=$(cm_counter cm_rx_msgs/mra) retries=$(cm_counter cm_tx_retries/req)
  timeout "$limit" ip netns exec soft $JAVA -Dverbs4j.interop.acceptDelayMs=$((DELAY * 1000)) \
    org.verbs4j.provider.generic.interop.CmInterop rping-server 10.79.0.2 $port $SIZE $PINGS > /tmp/j.out 2>&1 & local jp=$!
  wait_line /tmp/j.out LISTENING $jp
  timeout "$limit" rping -c -a 10.79.0.2 -p $port -C $PINGS -S $SIZE -V -v > /tmp/c.out 2>&1; local cr=$?
  wait $jp; local jr=$?
  if [ -n "$mras" ]; then
    got=$(($(cm_counter cm_rx_msgs/mra) - mras))
    echo "rxe0's CM: $got MRA(s) received, $(($(cm_counter cm_tx_retries/req) - retries)) REQ(s) sent again"
    [ "$got" -ge 1 ] || { echo "no MRA reached rxe0's CM"; [ "$cr" = 0 ] && cr=1; }
  fi
  report "$1" $cr $jr $((SECONDS - start))
}
watch_qps & WATCH=$!
java_server "rping -c -C $PINGS -V (C, client on rxe0) -> Java rping server on soft0"
c_server "Java rping client on soft0 -> rping -s -V (C, server on rxe0)"
[ "$DELAY" -gt 0 ] && java_server_late "rping -c -C $PINGS -V (C, client on rxe0) -> Java rping server on soft0 accepting after ${DELAY}s"
kill $WATCH 2>/dev/null
for f in /tmp/hs_err_*.log; do [ -f "$f" ] && { echo "--- $f:"; head -n 40 "$f"; }; done
echo "roce-wire soft-cm: $failures exchange(s) failed"
exit $failures
