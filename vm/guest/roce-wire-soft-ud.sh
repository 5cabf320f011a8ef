#!/usr/bin/env bash
# roce-wire-soft-ud.sh - runs inside the rxe VM (started by vm/run-roce-wire.sh soft-ud): verbs4j pingpong ud on a
# soft device bound to an address (-Dverbs4j.soft.addresses) against rdma-core's ibv_ud_pingpong on rxe0, over a
# veth pair: rxe0 on roce-rxe (10.79.0.1) in the root namespace, the JVM in the namespace "soft" (10.79.0.2).
# Both roles; a pair passes when both sides exit 0 and print their closing figures.
# Usage: roce-wire-soft-ud.sh TOOLS_DIR. Environment: ROCE_WIRE_ITERS, ROCE_WIRE_SIZE, ROCE_WIRE_TIMEOUT.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/roce-veth.sh"
TOOLS=$1
ITERS=${ROCE_WIRE_ITERS:-200} SIZE=${ROCE_WIRE_SIZE:-61} LIMIT=${ROCE_WIRE_TIMEOUT:-240}
JAR=$(ls "$TOOLS"/verbs4j-tools-*.jar | head -n1)
V="java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:+AutoCreateSharedArchive -XX:SharedArchiveFile=/tmp/verbs4j-soft-ud.jsa -Xlog:cds=off -Xlog:aot=off -XX:ErrorFile=/tmp/hs_err_%p.log -Dverbs4j.providers=soft -Dverbs4j.soft.addresses=10.79.0.2"
V+=" -p $JAR:$TOOLS/lib -m org.verbs4j.tools/org.verbs4j.tools.Main pingpong ud -d soft0 -g 1 -s $SIZE -n $ITERS"
V+=" --timeout $((LIMIT * 3 / 4))"
echo "rdma-core $(dpkg-query -W -f='${Version}' libibverbs1), kernel $(uname -r), $(java -version 2>&1 | head -n1)"
roce_veth
roce_rxe
roce_rxe_ipv4_gid
echo "rxe0 on roce-rxe (10.79.0.1), RoCE v2 GID index $G4; soft0 bound to 10.79.0.2 in netns soft"
failures=0 port=18750
report() { # name c-exit java-exit
  if [ "$2" = 0 ] && [ "$3" = 0 ] && grep -q "$ITERS iters in" /tmp/c.out && grep -q "$ITERS iters in" /tmp/j.out; then
    echo "PASS $1"
  else
    echo "FAIL $1 (C exit $2, Java exit $3)"; failures=$((failures + 1))
    echo "rxe0: sent $(cat /sys/class/infiniband/rxe0/ports/1/hw_counters/sent_pkts), received $(cat /sys/class/infiniband/rxe0/ports/1/hw_counters/rcvd_pkts)"
  fi
  echo "--- C side:"; tail -n 20 /tmp/c.out; echo "--- Java side:"; tail -n 20 /tmp/j.out
}
port=$((port + 1))
timeout "$LIMIT" ibv_ud_pingpong -e -d rxe0 -g "$G4" -p $port -s "$SIZE" -n "$ITERS" > /tmp/c.out 2>&1 & cpid=$!
wait_listen "" $port
timeout "$LIMIT" ip netns exec soft $V -p $port 10.79.0.1 > /tmp/j.out 2>&1; jr=$?
wait $cpid; cr=$?
report "ibv_ud_pingpong (C, server on rxe0) <- verbs4j pingpong ud (soft0, client)" $cr $jr
port=$((port + 1))
timeout "$LIMIT" ip netns exec soft $V -p $port > /tmp/j.out 2>&1 & jpid=$!
wait_listen "ip netns exec soft" $port
timeout "$LIMIT" ibv_ud_pingpong -e -d rxe0 -g "$G4" -p $port -s "$SIZE" -n "$ITERS" 10.79.0.2 > /tmp/c.out 2>&1; cr=$?
wait $jpid; jr=$?
report "verbs4j pingpong ud (soft0, server) <- ibv_ud_pingpong (C, client on rxe0)" $cr $jr
for f in /tmp/hs_err_*.log; do [ -f "$f" ] && { echo "--- $f:"; head -n 40 "$f"; }; done
echo "roce-wire soft-ud: $failures pair(s) failed"
exit $failures
