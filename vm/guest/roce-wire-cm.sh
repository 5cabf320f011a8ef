#!/usr/bin/env bash
# roce-wire-cm.sh - runs inside the rxe VM (started by vm/run-roce-wire.sh cm): the IB CM of provider-soft
# (org.verbs4j.provider.soft.wire.roce.cm, driven by the test program CmWirePeer) against Linux's kernel CM and
# rdma_cm on rxe0, over a veth pair: rxe0 on roce-rxe (10.79.0.1) in the root namespace, the JVM in the namespace
# "soft" (10.79.0.2). The Java side has no queue pair behind the numbers it sends: these exchanges prove the
# handshake (REQ, MRA, REP, RTU) and the disconnection (DREQ, DREP) in both roles, not data.
#   ucmatose -C 0 (C, server) <- Java active: passes when both exit 0 (the C server disconnects once connected)
#   Java passive <- ucmatose -C 0 (C, client): passes when both exit 0 (the Java side disconnects once connected)
#   rping -s -d (C, server) <- Java active, which disconnects once connected: passes when the Java side exits 0
#     and rping printed RDMA_CM_EVENT_ESTABLISHED and RDMA_CM_EVENT_DISCONNECTED (rping then fails on data)
#   Java passive <- rping -c -d (C, client): the same
#   Java active -> rxe0 with nothing listening on the port: passes when the kernel CM's REJ (invalid service ID) came
#   Java passive, rejecting <- ucmatose (C, client): passes when ucmatose saw RDMA_CM_EVENT_REJECTED with status 28
#     (consumer defined) and the Java side exits 0
#   Java passive, MRA first <- ucmatose -C 0 (C, client): the Java side answers the REQ with an MRA and the REP 8 s
#     later, beyond the kernel's REQ timeout (about 4.6 s); passes when both exit 0 and no REQ came again later than
#     1 s after the MRA
# Usage: roce-wire-cm.sh CLASSES_DIR (classes, test-classes, api-classes under it). Environment: ROCE_WIRE_TIMEOUT
# (seconds per exchange, default 240), ROCE_WIRE_ONLY (a regular expression: only the exchanges whose names match).
set -u
. "$(dirname "${BASH_SOURCE[0]}")/roce-veth.sh"
DIR=$1
LIMIT=${ROCE_WIRE_TIMEOUT:-240} ONLY=${ROCE_WIRE_ONLY:-.}
JAVA="java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:ErrorFile=/tmp/hs_err_%p.log -cp $DIR/classes:$DIR/test-classes:$DIR/api-classes"
PEER="$JAVA org.verbs4j.provider.soft.wire.roce.cm.CmWirePeer"
echo "rdma-core $(dpkg-query -W -f='${Version}' libibverbs1), kernel $(uname -r), $(java -version 2>&1 | head -n1)"
roce_veth
roce_rxe
echo "rxe0 on roce-rxe (10.79.0.1); the Java CM at 10.79.0.2 in netns soft"
failures=0 port=18790
report() { # name pass(0/1) c-exit java-exit
  if [ "$2" = 0 ]; then echo "PASS $1 (C exit $3, Java exit $4)"; else echo "FAIL $1 (C exit $3, Java exit $4)"; failures=$((failures + 1)); fi
  echo "--- C side:"; cat /tmp/c.out; echo "--- Java side:"; cat /tmp/j.out
}
both_zero() { [ "$1" = 0 ] && [ "$2" = 0 ] && echo 0 || echo 1; }
events_seen() { # java-exit: the Java side passed and the C side printed both events
  [ "$1" = 0 ] && grep -q RDMA_CM_EVENT_ESTABLISHED /tmp/c.out && grep -q RDMA_CM_EVENT_DISCONNECTED /tmp/c.out && echo 0 || echo 1
}
c_server() { # name check C-command... (the Java side connects to 10.79.0.1:port)
  local name=$1 check=$2 mode=$3; shift 3
  [[ $name =~ $ONLY ]] || return 0
  port=$((port + 1))
  timeout "$LIMIT" "$@" -p $port > /tmp/c.out 2>&1 & local cp=$!
  wait_cm_listen $port $cp || sleep 2
  timeout "$LIMIT" ip netns exec soft $PEER active 10.79.0.2 10.79.0.1 $port "$mode" > /tmp/j.out 2>&1; local jr=$?
  wait $cp; local cr=$?
  report "$name" "$($check $cr $jr)" $cr $jr
}
java_server() { # name check mode C-command... (connects to 10.79.0.2:port)
  local name=$1 check=$2 mode=$3; shift 3
  [[ $name =~ $ONLY ]] || return 0
  port=$((port + 1))
  timeout "$LIMIT" ip netns exec soft $PEER passive 10.79.0.2 $port "$mode" > /tmp/j.out 2>&1 & local jp=$!
  wait_line /tmp/j.out ready $jp
  timeout "$LIMIT" "$@" -p $port > /tmp/c.out 2>&1; local cr=$?
  wait $jp; local jr=$?
  report "$name" "$($check $cr $jr)" $cr $jr
}
java_exit_and_events() { events_seen "$2"; }
java_exit_and_rejected() { # the Java side passed and ucmatose saw the consumer's reject (status 28)
  [ "$2" = 0 ] && grep -q "RDMA_CM_EVENT_REJECTED, error: 28" /tmp/c.out && echo 0 || echo 1
}
no_listener() { # name: the Java side connects to a port nothing listens on; the kernel CM must reject
  [[ $1 =~ $ONLY ]] || return 0
  port=$((port + 1))
  echo "(nothing listens on port $port)" > /tmp/c.out
  timeout "$LIMIT" ip netns exec soft $PEER active 10.79.0.2 10.79.0.1 $port refused > /tmp/j.out 2>&1; local jr=$?
  report "$1" "$(both_zero 0 $jr)" - $jr
}
c_server "ucmatose -C 0 (C, server on rxe0) <- Java CM, active" both_zero wait ucmatose -b 10.79.0.1 -C 0
java_server "Java CM, passive <- ucmatose -C 0 (C, client on rxe0)" both_zero accept ucmatose -s 10.79.0.2 -C 0
c_server "rping -s (C, server on rxe0) <- Java CM, active, disconnects" java_exit_and_events disconnect \
  rping -s -v -d -C 1 -a 10.79.0.1
java_server "Java CM, passive <- rping -c (C, client on rxe0)" java_exit_and_events accept \
  rping -c -v -d -C 1 -a 10.79.0.2
no_listener "Java CM, active -> rxe0 without a listener: REJ, invalid service ID"
java_server "Java CM, passive, rejects <- ucmatose (C, client on rxe0): REJECTED, consumer defined" \
  java_exit_and_rejected reject ucmatose -s 10.79.0.2 -C 0
java_server "Java CM, passive, MRA then REP 8 s later <- ucmatose -C 0 (C, client on rxe0)" both_zero slow \
  ucmatose -s 10.79.0.2 -C 0
for f in /tmp/hs_err_*.log; do [ -f "$f" ] && { echo "--- $f:"; head -n 40 "$f"; }; done
echo "roce-wire cm: $failures exchange(s) failed"
exit $failures
