#!/usr/bin/env bash
# run-roce-wire.sh - provider-soft's RoCE v2 packet layer (org.verbs4j.provider.soft.wire.roce) against Linux's
# rdma_rxe in the VM: rxe0 sits on one end of a veth pair in the root network namespace, a JVM with the
# packet layer's endpoint in the namespace "soft" on the other end, with addresses only this test makes.
#
#   ibv_ud_pingpong (C, server) <- Java UD peer (client)       IPv4, and one way over IPv6 (see below)
#   Java UD peer (server)       <- ibv_ud_pingpong (C, client) IPv4
#   Java RC peer (server)       <- ibv_rc_pingpong (C, client) IPv4, one iteration (SEND segmented, ACKs both ways)
#   Java RC machines (server)   <- ibv_rc_pingpong (C, client) IPv4, a whole run (wire.roce.rc's requester/responder)
#   Java RC machines (client)   -> ibv_rc_pingpong (C, server) IPv4, a whole run
#   rc-ops.c (C)               <-> Java RC machines            IPv4, RDMA WRITE, READ, FETCH_ADD, CMP_SWP both ways
#
# The Java UD peer (provider-soft test class UdPingpongPeer) is built from the packet layer's codecs alone: it
# exchanges addresses over TCP (IPv4: the C tool listens on IPv4 only) as the C tool does, sends UD SENDs that rxe must accept (ICRC, Q_Key, headers) for
# the C tool to finish, and checks every packet rxe sends back, the ICRC included. An exchange passes when both
# sides exit 0 within the time limit. The C tools wait for completion events (-e) instead of polling, which leaves the
# emulated CPU to the JVM.
#
# 1. Compiles provider-soft and its test classes on the host (no tests run) and copies them to
#    provider-soft/target/vm-roce.  2. Boots the VM (vm/run.sh, without its default rxe0) and runs the exchanges.
# Environment: ROCE_WIRE_ITERS (default 200), ROCE_WIRE_SIZE (default 61: not a multiple of 4, so pad bytes
# travel), ROCE_WIRE_RC_SIZE, ROCE_WIRE_RC_MTU, ROCE_WIRE_RC_ITERS (the RC machines' runs: 4096, 1024, 50),
# ROCE_WIRE_VM_DIR (the directory under provider-soft/target the VM runs the classes from, default vm-roce: two
# runs at once need two), ROCE_WIRE_TIMEOUT seconds per exchange (default 240), ROCE_WIRE_ONLY (a regular expression: only the
# exchanges whose names match); RXE_VM_SUITE and the RXE_VM_* knobs of run.sh.
# Exit status: the number of exchanges that failed.
#
# run-roce-wire.sh soft-ud: the soft device itself on the wire instead: verbs4j pingpong ud on soft0 bound to
# 10.79.0.2 (-Dverbs4j.soft.addresses) against ibv_ud_pingpong on rxe0, both roles (vm/guest/roce-wire-soft-ud.sh;
# builds the tools jar and its modules on the host first). ROCE_WIRE_ITERS, ROCE_WIRE_SIZE, ROCE_WIRE_TIMEOUT apply.
#
# run-roce-wire.sh soft-rc: RC the same way (vm/guest/roce-wire-soft-rc.sh): ibv_rc_pingpong -s 4096 -m 1024 against
# verbs4j pingpong rc, ib_write_bw and ib_read_bw against verbs4j perf, both roles, and one pingpong with tc netem
# dropping 2% each way. ROCE_WIRE_ITERS (default 50), ROCE_WIRE_PERF_ITERS (default 100), ROCE_WIRE_TIMEOUT apply.
#
# run-roce-wire.sh soft-ud6: the soft device over IPv6 (vm/guest/roce-wire-soft-ud6.sh): verbs4j pingpong ud between
# two JVMs (fd79::1, fd79::2), then soft0 -> rxe0 (rxe takes the soft device's packet) and rxe0 -> soft0 (dropped by
# Linux for its zero UDP checksum, which the namespace's UDPv6 counters show). Same build and environment.
#
# run-roce-wire.sh cm: the IB CM of wire.roce.cm (QP1 MADs) against rxe's kernel CM and rdma_cm: ucmatose and rping
# in both roles against the test program CmWirePeer, handshake and disconnection (vm/guest/roce-wire-cm.sh).
# ROCE_WIRE_TIMEOUT, ROCE_WIRE_ONLY and ROCE_WIRE_VM_DIR apply.
#
# run-roce-wire.sh soft-cm: rdma_cm of the soft device itself (soft0 bound to 10.79.0.2) against rdma_cm on rxe0,
# with the rping protocol both ways: rping -c -V against provider-generic's test program CmInterop rping-server on
# the soft provider, and CmInterop rping-client against rping -s -V (vm/guest/roce-wire-soft-cm.sh); each passes
# when both sides exit 0 (rping -V validates every ping, the Java side every buffer it read).
# ROCE_WIRE_PINGS (default 5), ROCE_WIRE_SIZE (default 64), ROCE_WIRE_TIMEOUT apply. ROCE_WIRE_ACCEPT_DELAY=S adds
# an exchange whose Java server accepts S seconds after rping's REQ (the soft CM's MRA keeps rxe's CM waiting).
#
# run-roce-wire.sh soft-udp: rdma_cm's RDMA_PS_UDP of the soft device (SIDR over the IB CM) against librdmacm's udaddy
# on rxe0, both roles, with provider-soft's test program UdCmPeer (vm/guest/roce-wire-soft-udp.sh); each passes when
# both sides exit 0 (udaddy's datagrams each way). ROCE_WIRE_COUNT (default 10), ROCE_WIRE_TIMEOUT apply.
# soft-cm and soft-udp: with ROCE_WIRE_CAPTURE=DIR (under the repository, which the VM shares), the MADs crossing the
# veth during each exchange are written to DIR/soft-cm.txt or DIR/soft-udp.txt (vm/guest/roce-capture.c mads).
#
# run-roce-wire.sh soft-atomic: ATOMIC WRITE and FLUSH between rxe0 and soft0 bound to 10.79.0.2, both roles, with
# provider-generic's test program CmInterop (AtomicWritePeer) on the generic provider (rxe0) and on the soft provider
# (vm/guest/roce-wire-soft-atomic.sh): the bytes must land, READ back and reach the server, and a request to a region
# that refuses it must complete REM_ACCESS_ERR. vm/guest/roce-capture.c records the packets; a FLUSH exchange that
# fails because rxe's FLUSH ICRC is not the IBTA's (checked byte for byte by FlushIcrcCheck) is reported as
# "KNOWN RXE BUG". ROCE_WIRE_TIMEOUT and ROCE_WIRE_VM_DIR apply.
#
# run-roce-wire.sh soft-mcast: UD multicast of the soft device (rdma_join_multicast, IP multicast on the veth pair)
# against librdmacm's mckey on rxe0, both roles, with provider-soft's test program MulticastCmPeer
# (vm/guest/roce-wire-soft-mcast.sh). Same build and environment as soft-udp.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
# shellcheck source=../scripts/host-build.sh
. "$HERE/../scripts/host-build.sh"
ROOT=$VERBS4J_ROOT
export RXE_VM_TCG_THREAD=${RXE_VM_TCG_THREAD:-single}

if [ "${1:-}" = soft-ud ] || [ "${1:-}" = soft-ud6 ] || [ "${1:-}" = soft-rc ]; then
  MODE=$1
  echo "run-roce-wire $MODE: building the tools on the host" >&2
  verbs4j_install tools
  VM_TOOLS=$ROOT/tools/target/vm-roce-$MODE
  rm -rf "$VM_TOOLS" && mkdir -p "$VM_TOOLS" && cp -r "$ROOT/tools/target/lib" "$VM_TOOLS/lib"
  for jar in "$ROOT"/tools/target/verbs4j-tools-*.jar; do
    case $jar in *-sources.jar | *-javadoc.jar | *-tests.jar) ;; *) cp "$jar" "$VM_TOOLS/" ;; esac
  done
  ENVS=()
  for v in ROCE_WIRE_ITERS ROCE_WIRE_SIZE ROCE_WIRE_PERF_ITERS ROCE_WIRE_TIMEOUT; do [ -n "${!v:-}" ] && ENVS+=(-e "$v=${!v}"); done
  echo "run-roce-wire $MODE: running in the rxe VM (suite ${RXE_VM_SUITE:-trixie})" >&2
  RXE_VM_RXE=0 exec "$HERE/run.sh" -v "$ROOT" -w "$ROOT" "${ENVS[@]}" -- \
    "bash $(printf '%q' "$ROOT/vm/guest/roce-wire-$MODE.sh") $(printf '%q' "$VM_TOOLS")"
fi

if [ "${1:-}" = soft-cm ] || [ "${1:-}" = soft-atomic ]; then
  MODE=$1
  echo "run-roce-wire $MODE: building provider-soft and provider-generic's test programs on the host" >&2
  verbs4j_install provider-soft
  verbs4j_install provider-generic
  VM_CM=$ROOT/provider-soft/target/${ROCE_WIRE_VM_DIR:-vm-roce-$MODE}
  rm -rf "$VM_CM" && mkdir -p "$VM_CM"
  verbs4j_test_libraries provider-generic "$VM_CM/lib"
  rm -f "$VM_CM"/lib/verbs4j-provider-soft-*.jar
  cp -r "$ROOT/provider-soft/target/classes" "$VM_CM/classes-soft"
  cp -r "$ROOT/provider-generic/target/classes" "$VM_CM/classes-generic"
  cp -r "$ROOT/provider-generic/target/test-classes" "$VM_CM/test-classes-generic"
  [ "$MODE" = soft-atomic ] && cp -r "$ROOT/provider-soft/target/test-classes" "$VM_CM/test-classes-soft"
  ENVS=()
  for v in ROCE_WIRE_TIMEOUT ROCE_WIRE_PINGS ROCE_WIRE_SIZE ROCE_WIRE_ACCEPT_DELAY ROCE_WIRE_CAPTURE; do [ -n "${!v:-}" ] && ENVS+=(-e "$v=${!v}"); done
  echo "run-roce-wire $MODE: running in the rxe VM (suite ${RXE_VM_SUITE:-trixie})" >&2
  RXE_VM_RXE=0 exec "$HERE/run.sh" -v "$ROOT" -w "$ROOT" "${ENVS[@]}" -- \
    "bash $(printf '%q' "$ROOT/vm/guest/roce-wire-$MODE.sh") $(printf '%q' "$VM_CM")"
fi

if [ "${1:-}" = soft-udp ] || [ "${1:-}" = soft-mcast ]; then
  MODE=$1
  echo "run-roce-wire $MODE: building provider-soft and its test programs on the host" >&2
  verbs4j_install provider-soft
  VM_UDP=$ROOT/provider-soft/target/vm-roce-$MODE
  rm -rf "$VM_UDP" && mkdir -p "$VM_UDP"
  verbs4j_test_libraries provider-soft "$VM_UDP/lib"
  rm -f "$VM_UDP"/lib/verbs4j-provider-soft-*.jar
  cp -r "$ROOT/provider-soft/target/classes" "$VM_UDP/classes-soft"
  cp -r "$ROOT/provider-soft/target/test-classes" "$VM_UDP/test-classes-soft"
  ENVS=()
  for v in ROCE_WIRE_TIMEOUT ROCE_WIRE_COUNT ROCE_WIRE_CAPTURE; do [ -n "${!v:-}" ] && ENVS+=(-e "$v=${!v}"); done
  echo "run-roce-wire $MODE: running in the rxe VM (suite ${RXE_VM_SUITE:-trixie})" >&2
  RXE_VM_RXE=0 exec "$HERE/run.sh" -v "$ROOT" -w "$ROOT" "${ENVS[@]}" -- \
    "bash $(printf '%q' "$ROOT/vm/guest/roce-wire-$MODE.sh") $(printf '%q' "$VM_UDP")"
fi

echo "run-roce-wire: building on the host" >&2
verbs4j_compile -pl provider-soft -am test-compile
VM_DIR=$ROOT/provider-soft/target/${ROCE_WIRE_VM_DIR:-vm-roce}
rm -rf "$VM_DIR" && mkdir -p "$VM_DIR"
cp -r "$ROOT/provider-soft/target/classes" "$VM_DIR/classes"
cp -r "$ROOT/provider-soft/target/test-classes" "$VM_DIR/test-classes"
cp -r "$ROOT/api/target/classes" "$VM_DIR/api-classes"

if [ "${1:-}" = cm ]; then
  ENVS=()
  for v in ROCE_WIRE_TIMEOUT ROCE_WIRE_ONLY; do [ -n "${!v:-}" ] && ENVS+=(-e "$v=${!v}"); done
  echo "run-roce-wire cm: running in the rxe VM (suite ${RXE_VM_SUITE:-trixie})" >&2
  RXE_VM_RXE=0 exec "$HERE/run.sh" -v "$ROOT" -w "$ROOT" "${ENVS[@]}" -- \
    "bash $(printf '%q' "$ROOT/vm/guest/roce-wire-cm.sh") $(printf '%q' "$VM_DIR")"
fi

GUEST=$(cat <<GUEST_EOF
set -u
ROCE_WIRE_ONLY='${ROCE_WIRE_ONLY:-.}' ITERS=${ROCE_WIRE_ITERS:-200} SIZE=${ROCE_WIRE_SIZE:-61} LIMIT=${ROCE_WIRE_TIMEOUT:-240}
RC_SIZE=${ROCE_WIRE_RC_SIZE:-4096} RC_MTU=${ROCE_WIRE_RC_MTU:-1024} RC_ITERS=${ROCE_WIRE_RC_ITERS:-50}
JAVA="java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:ErrorFile=/tmp/hs_err_%p.log -cp $VM_DIR/classes:$VM_DIR/test-classes:$VM_DIR/api-classes"
PEER=org.verbs4j.provider.soft.wire.roce.UdPingpongPeer
echo "rdma-core \$(dpkg-query -W -f='\${Version}' libibverbs1), kernel \$(uname -r), \$(java -version 2>&1 | head -n1)"
. '$ROOT/vm/guest/roce-veth.sh'
roce_veth
roce_rxe
gid_index() { # the RoCE v2 GID index of rxe0 whose GID is \$1
  local n gid type
  for _ in \$(seq 100); do
    for n in \$(seq 0 15); do
      gid=\$(cat /sys/class/infiniband/rxe0/ports/1/gids/\$n 2>/dev/null) || continue
      type=\$(cat /sys/class/infiniband/rxe0/ports/1/gid_attrs/types/\$n 2>/dev/null)
      [ "\$gid" = "\$1" ] && [ "\$type" = "RoCE v2" ] && { echo \$n; return 0; }
    done
    sleep 0.1
  done
  return 1
}
G4=\$(gid_index 0000:0000:0000:0000:0000:ffff:0a4f:0001) || { echo "no IPv4 RoCE v2 GID on rxe0"; exit 102; }
G6=\$(gid_index fd79:0000:0000:0000:0000:0000:0000:0001) || { echo "no IPv6 RoCE v2 GID on rxe0"; exit 102; }
echo "rxe0 on roce-rxe (10.79.0.1, fd79::1): RoCE v2 GID index \$G4 (IPv4), \$G6 (IPv6); the Java side is 10.79.0.2, fd79::2 in netns soft"
failures=0 port=18700
counters() { # what the kernels counted: rxe's packets, and UDP datagrams each namespace dropped
  echo "rxe0: sent \$(cat /sys/class/infiniband/rxe0/ports/1/hw_counters/sent_pkts), received \$(cat /sys/class/infiniband/rxe0/ports/1/hw_counters/rcvd_pkts)"
  echo "root namespace: \$(nstat -az 2>/dev/null | grep -E '^Udp6?(InErrors|NoPorts|InCsumErrors)' | tr -s ' ' | tr '\n' ' ')"
  echo "namespace soft: \$(ip netns exec soft nstat -az 2>/dev/null | grep -E '^Udp6?(InErrors|NoPorts|InCsumErrors)' | tr -s ' ' | tr '\n' ' ')"
}
report() { # name c-exit java-exit
  if [ "\$2" = 0 ] && [ "\$3" = 0 ]; then echo "PASS \$1"; else echo "FAIL \$1 (C exit \$2, Java exit \$3)"; counters; failures=\$((failures+1)); fi
  echo "--- C side:"; cat /tmp/c.out; echo "--- Java side:"; cat /tmp/j.out
}
c_server() { # name gid-index java-local
  [[ \$1 =~ \${ROCE_WIRE_ONLY:-.} ]] || return 0
  port=\$((port+1))
  timeout \$LIMIT ibv_ud_pingpong -e -d rxe0 -g \$2 -p \$port -s \$SIZE -n \$ITERS > /tmp/c.out 2>&1 & local cp=\$!
  wait_listen "" \$port
  timeout \$LIMIT ip netns exec soft \$JAVA \$PEER client \$3 \$port 10.79.0.1 \$SIZE \$ITERS > /tmp/j.out 2>&1; local jr=\$?
  wait \$cp; local cr=\$?
  report "\$1" \$cr \$jr
}
java_server() { # name gid-index java-local
  [[ \$1 =~ \${ROCE_WIRE_ONLY:-.} ]] || return 0
  port=\$((port+1))
  timeout \$LIMIT ip netns exec soft \$JAVA \$PEER server \$3 \$port 10.79.0.2 \$SIZE \$ITERS > /tmp/j.out 2>&1 & local jp=\$!
  wait_listen "ip netns exec soft" \$port
  timeout \$LIMIT ibv_ud_pingpong -e -d rxe0 -g \$2 -p \$port -s \$SIZE -n \$ITERS 10.79.0.2 > /tmp/c.out 2>&1; local cr=\$?
  wait \$jp; local jr=\$?
  report "\$1" \$cr \$jr
}
c_server "ibv_ud_pingpong (C, server) <- Java UD peer, IPv4" \$G4 10.79.0.2
java_server "Java UD peer (server) <- ibv_ud_pingpong (C), IPv4" \$G4 10.79.0.2
# IPv6: rxe sends a zero UDP checksum, which the Linux socket of a JVM refuses (it has no UDP_NO_CHECK6_RX), so only
# the direction Java -> rxe can be proven: the C server of one iteration ends well only if rxe accepted Java's packet
# (ICRC, headers) and sent its answer; the counters show that answer dropped by the namespace's UDP for its checksum.
one_way() { # name gid-index java-local
  [[ \$1 =~ \${ROCE_WIRE_ONLY:-.} ]] || return 0
  port=\$((port+1))
  timeout \$LIMIT ibv_ud_pingpong -e -d rxe0 -g \$2 -p \$port -s \$SIZE -n 1 > /tmp/c.out 2>&1 & local cp=\$!
  wait_listen "" \$port
  timeout \$LIMIT ip netns exec soft \$JAVA \$PEER one-way \$3 \$port 10.79.0.1 \$SIZE 1 > /tmp/j.out 2>&1; local jr=\$?
  wait \$cp; local cr=\$?
  report "\$1" \$cr \$jr
  counters
}
one_way "Java UD peer -> ibv_ud_pingpong (C, server, one iteration), IPv6" \$G6 fd79::2
# RC, one iteration: the Java side receives the C client's SEND (first, middle, last at MTU 1024), acknowledges it,
# sends its own, and checks rxe's acknowledgement; the C client ends well only if rxe took both.
rc_server() { # name gid-index java-local size
  [[ \$1 =~ \${ROCE_WIRE_ONLY:-.} ]] || return 0
  port=\$((port+1))
  timeout \$LIMIT ip netns exec soft \$JAVA org.verbs4j.provider.soft.wire.roce.RcPingpongPeer \$3 \$port \$4 > /tmp/j.out 2>&1 & local jp=\$!
  wait_listen "ip netns exec soft" \$port
  timeout \$LIMIT ibv_rc_pingpong -e -d rxe0 -g \$2 -p \$port -s \$4 -m 1024 -n 1 10.79.0.2 > /tmp/c.out 2>&1; local cr=\$?
  wait \$jp; local jr=\$?
  report "\$1" \$cr \$jr
}
rc_server "Java RC peer (server) <- ibv_rc_pingpong (C), one iteration of 2501 bytes, IPv4" \$G4 10.79.0.2 2501
# RC machines (provider-soft wire.roce.rc): whole ibv_rc_pingpong runs, segmented at the path MTU, in both roles;
# the Java side checks every byte the C tool echoes.
rc_machines() { # name role gid-index
  [[ \$1 =~ \${ROCE_WIRE_ONLY:-.} ]] || return 0
  port=\$((port+1))
  local c_args="-e -d rxe0 -g \$3 -p \$port -s \$RC_SIZE -m \$RC_MTU -n \$RC_ITERS"
  if [ "\$2" = server ]; then
    timeout \$LIMIT ip netns exec soft \$JAVA org.verbs4j.provider.soft.wire.roce.RcMachinePeer server 10.79.0.2 \$port 10.79.0.2 \$RC_SIZE \$RC_MTU \$RC_ITERS > /tmp/j.out 2>&1 & local jp=\$!
    wait_listen "ip netns exec soft" \$port \$jp
    timeout \$LIMIT ibv_rc_pingpong \$c_args 10.79.0.2 > /tmp/c.out 2>&1; local cr=\$?
    wait \$jp; local jr=\$?
  else
    timeout \$LIMIT ibv_rc_pingpong \$c_args > /tmp/c.out 2>&1 & local cp=\$!
    wait_listen "" \$port \$cp
    timeout \$LIMIT ip netns exec soft \$JAVA org.verbs4j.provider.soft.wire.roce.RcMachinePeer client 10.79.0.2 \$port 10.79.0.1 \$RC_SIZE \$RC_MTU \$RC_ITERS > /tmp/j.out 2>&1; local jr=\$?
    wait \$cp; local cr=\$?
  fi
  report "\$1" \$cr \$jr
}
rc_machines "Java RC machines (server) <- ibv_rc_pingpong (C) -s \$RC_SIZE -m \$RC_MTU -n \$RC_ITERS, IPv4" server \$G4
rc_machines "Java RC machines (client) -> ibv_rc_pingpong (C, server) -s \$RC_SIZE -m \$RC_MTU -n \$RC_ITERS, IPv4" client \$G4
# RDMA WRITE, READ, FETCH_ADD and CMP_SWP both ways between an rxe QP (vm/guest/rc-ops.c, compiled here against
# the suite's headers) and the Java RC machines, 8192 bytes at MTU \$RC_MTU; each side checks bytes and originals.
rc_ops() { # name gid-index
  [[ \$1 =~ \${ROCE_WIRE_ONLY:-.} ]] || return 0
  port=\$((port+1))
  gcc -O2 -Wall -o /tmp/rc-ops $HERE/guest/rc-ops.c -libverbs > /tmp/c.out 2>&1 || { report "\$1" 99 0; return 0; }
  timeout \$LIMIT ip netns exec soft \$JAVA org.verbs4j.provider.soft.wire.roce.RcOpsPeer 10.79.0.2 \$port \$RC_MTU > /tmp/j.out 2>&1 & local jp=\$!
  wait_listen "ip netns exec soft" \$port \$jp
  timeout \$LIMIT /tmp/rc-ops rxe0 \$2 10.79.0.2 \$port \$RC_MTU > /tmp/c.out 2>&1; local cr=\$?
  wait \$jp; local jr=\$?
  report "\$1" \$cr \$jr
}
rc_ops "RC ops: RDMA WRITE, READ and atomics, rxe (rc-ops.c) <-> Java RC machines, IPv4" \$G4
for f in /tmp/hs_err_*.log; do [ -f "\$f" ] && { echo "--- \$f:"; head -n 40 "\$f"; }; done
echo "roce-wire: \$failures exchange(s) failed"
exit \$failures
GUEST_EOF
)
echo "run-roce-wire: running in the rxe VM (suite ${RXE_VM_SUITE:-trixie})" >&2
RXE_VM_RXE=0 exec "$HERE/run.sh" -v "$ROOT" -w "$ROOT" -- "$GUEST"
