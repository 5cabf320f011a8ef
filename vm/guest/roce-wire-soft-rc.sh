#!/usr/bin/env bash
# roce-wire-soft-rc.sh - runs inside the rxe VM (started by vm/run-roce-wire.sh soft-rc): RC between rdma-core's C
# tools on rxe0 and the verbs4j tools on a soft device bound to an address (-Dverbs4j.soft.addresses), over a veth
# pair: rxe0 on roce-rxe (10.79.0.1) in the root namespace, the JVM in the namespace "soft" (10.79.0.2). Path MTU
# 1024 on both sides (the veth's 1500 bytes carry it).
#   ibv_rc_pingpong -s 4096 -m 1024 against verbs4j pingpong rc, both roles
#   ib_write_bw and ib_read_bw against verbs4j perf write_bw and read_bw, both roles
#   ibv_rc_pingpong (C, server) against verbs4j pingpong rc with tc netem dropping 2% of the veth's packets
# A pair passes when both sides exit 0 and print their closing figures.
# Usage: roce-wire-soft-rc.sh TOOLS_DIR. Environment: ROCE_WIRE_ITERS (pingpong, default 50), ROCE_WIRE_PERF_ITERS
# (default 100), ROCE_WIRE_TIMEOUT (seconds per pair, default 240).
set -u
. "$(dirname "${BASH_SOURCE[0]}")/roce-veth.sh"
TOOLS=$1
ITERS=${ROCE_WIRE_ITERS:-50} PERF_ITERS=${ROCE_WIRE_PERF_ITERS:-100} LIMIT=${ROCE_WIRE_TIMEOUT:-240}
JAR=$(ls "$TOOLS"/verbs4j-tools-*.jar | head -n1)
V="java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:+AutoCreateSharedArchive -XX:SharedArchiveFile=/tmp/verbs4j-soft-rc.jsa -Xlog:cds=off -Xlog:aot=off -XX:ErrorFile=/tmp/hs_err_%p.log -Dverbs4j.providers=soft -Dverbs4j.soft.addresses=10.79.0.2"
# The emulated CPU is far slower than the 67 ms x 8 of the C tools' ACK timeout and retry count: 1 s per try.
V+=" -Dverbs4j.soft.min-ack-timeout=18"
V+=" -p $JAR:$TOOLS/lib -m org.verbs4j.tools/org.verbs4j.tools.Main"
J="--timeout $((LIMIT * 3 / 4))"
echo "rdma-core $(dpkg-query -W -f='${Version}' libibverbs1), kernel $(uname -r), $(java -version 2>&1 | head -n1)"
roce_veth
roce_rxe
roce_rxe_ipv4_gid
echo "rxe0 on roce-rxe (10.79.0.1), RoCE v2 GID index $G4; soft0 bound to 10.79.0.2 in netns soft"
failures=0 port=18770
report() { # name c-exit java-exit figure-pattern
  if [ "$2" = 0 ] && [ "$3" = 0 ] && grep -Eq "$4" /tmp/c.out && grep -Eq "$4" /tmp/j.out; then
    echo "PASS $1"
  else
    echo "FAIL $1 (C exit $2, Java exit $3)"; failures=$((failures + 1))
    echo "rxe0: sent $(cat /sys/class/infiniband/rxe0/ports/1/hw_counters/sent_pkts), received $(cat /sys/class/infiniband/rxe0/ports/1/hw_counters/rcvd_pkts)"
  fi
  echo "--- Java side:"; tail -n 12 /tmp/j.out | cat -v; echo "--- C side:"; tail -n 12 /tmp/c.out | cat -v
}
c_server() { # name figure C-command Java-arguments (the C tool listens, the JVM connects)
  local start=$SECONDS
  port=$((port + 1))
  timeout "$LIMIT" $3 -p $port > /tmp/c.out 2>&1 & local cpid=$!
  wait_listen "" $port $cpid
  timeout "$LIMIT" ip netns exec soft $V $4 -p $port 10.79.0.1 > /tmp/j.out 2>&1; local jr=$?
  [ $jr = 0 ] || kill $cpid 2>/dev/null # the C side would wait for its peer until the limit
  wait $cpid; local cr=$?
  report "$1 ($((SECONDS - start)) s)" $cr $jr "$2"
}
java_server() { # name figure Java-arguments C-command (the JVM listens, the C tool connects)
  local start=$SECONDS
  port=$((port + 1))
  timeout "$LIMIT" ip netns exec soft $V $3 -p $port > /tmp/j.out 2>&1 & local jpid=$!
  wait_listen "ip netns exec soft" $port $jpid
  timeout "$LIMIT" $4 -p $port 10.79.0.2 > /tmp/c.out 2>&1; local cr=$?
  [ $cr = 0 ] || kill $jpid 2>/dev/null
  wait $jpid; local jr=$?
  report "$1 ($((SECONDS - start)) s)" $cr $jr "$2"
}
PP_FIG="$ITERS iters in"
PP_C="ibv_rc_pingpong -e -d rxe0 -g $G4 -s 4096 -m 1024 -n $ITERS"
PP_J="pingpong rc $J -d soft0 -g 1 -s 4096 -m 1024 -n $ITERS"
c_server "ibv_rc_pingpong (C, server on rxe0) <- verbs4j pingpong rc (soft0)" "$PP_FIG" "$PP_C" "$PP_J"
java_server "verbs4j pingpong rc (soft0, server) <- ibv_rc_pingpong (C on rxe0)" "$PP_FIG" "$PP_J" "$PP_C"
BW_FIG="^ [0-9]+[[:space:]]+$PERF_ITERS([[:space:]]+[0-9]+\.[0-9]+){3}"
for t in write_bw read_bw; do
  C="ib_$t -F -d rxe0 -x $G4 -m 1024 -s 65536 -n $PERF_ITERS"
  P="perf $t $J -d soft0 -x 1 -m 1024 -s 65536 -n $PERF_ITERS"
  c_server "ib_$t (C, server on rxe0) <- verbs4j perf $t (soft0)" "$BW_FIG" "$C" "$P"
  java_server "verbs4j perf $t (soft0, server) <- ib_$t (C on rxe0)" "$BW_FIG" "$P --server" "$C"
done
if modprobe sch_netem 2>/dev/null && tc qdisc add dev roce-rxe root netem loss 2%; then
  ip netns exec soft tc qdisc add dev roce-soft root netem loss 2%
  c_server "ibv_rc_pingpong (C, server on rxe0) <- verbs4j pingpong rc (soft0), netem loss 2% each way" "$PP_FIG" \
    "$PP_C" "$PP_J"
  echo "netem: $(tc -s qdisc show dev roce-rxe | grep -o 'dropped [0-9]*') on roce-rxe, $(ip netns exec soft tc -s qdisc show dev roce-soft | grep -o 'dropped [0-9]*') on roce-soft"
  tc qdisc del dev roce-rxe root
  ip netns exec soft tc qdisc del dev roce-soft root
else
  echo "FAIL netem: the VM's kernel has no sch_netem or tc refused it"; failures=$((failures + 1))
fi
for f in /tmp/hs_err_*.log; do [ -f "$f" ] && { echo "--- $f:"; head -n 40 "$f"; }; done
echo "roce-wire soft-rc: $failures pair(s) failed"
exit $failures
