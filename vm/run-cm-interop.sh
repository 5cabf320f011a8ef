#!/usr/bin/env bash
# run-cm-interop.sh - the generic provider's connection manager (librdmacm through FFM) against rdma-core's own
# C tools on the rxe device of the VM, in both directions, each exchange bounded in time:
#
#   rdma_client (C)  -> Java server         Java client -> rdma_server (C)
#   rping -c (C)     -> Java rping server   Java rping client -> rping -s (C)
#   udaddy -s (C)    -> Java udaddy server  Java udaddy client -> udaddy (C)   RDMA_PS_UDP, 10 datagrams each way
#   ucmatose -s (C)  -> Java server         Java client -> ucmatose (C)        RC, CM_INTEROP_PINGS messages each way
#   TwoProcesses server (Java) <- TwoProcesses client (Java): the examples module's program, as two processes
#
# The Java peer is provider-generic's test program org.verbs4j.provider.generic.interop.CmInterop. An exchange
# passes when both sides exit 0 within the time limit (the Java side prints OK and what it checked; rping -c -V
# validates every ping on its side). Prints one PASS/FAIL line per exchange and exits 0 only if all passed.
#
# Environment: RXE_VM_SUITE=trixie (default) or sid; CM_INTEROP_PINGS (default 20), CM_INTEROP_SIZE (default 64),
# CM_INTEROP_TIMEOUT seconds per exchange (default 300); CM_INTEROP_ONLY, an extended regular expression: only the
# exchanges whose name matches it run (default: all); the RXE_VM_* knobs of vm/run.sh.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
# shellcheck source=../scripts/host-build.sh
. "$HERE/../scripts/host-build.sh"
ROOT=$VERBS4J_ROOT
export RXE_VM_TCG_THREAD=${RXE_VM_TCG_THREAD:-single}

MODULE=$ROOT/provider-generic
LIB=$MODULE/target/vm-cm-lib
PINGS=${CM_INTEROP_PINGS:-20}
SIZE=${CM_INTEROP_SIZE:-64}
LIMIT=${CM_INTEROP_TIMEOUT:-300}
ONLY=${CM_INTEROP_ONLY:-}

echo "run-cm-interop: building on the host" >&2
verbs4j_install provider-generic
verbs4j_test_libraries provider-generic "$LIB"

verbs4j_compile -pl examples compile

MODULE_PATH=$MODULE/target/classes
verbs4j_split_jars "$LIB" 'verbs4j-api-*' 'verbs4j-spi-*'
JAVA_CMD=(java -XX:ErrorFile=/tmp/hs_err_%p.log --enable-native-access=org.verbs4j.provider.generic
  --module-path "$MODULE_PATH" --add-modules org.verbs4j.provider.generic
  --patch-module "org.verbs4j.provider.generic=$MODULE/target/test-classes"
  --add-reads org.verbs4j.provider.generic=ALL-UNNAMED
  --add-exports org.verbs4j.provider.generic/org.verbs4j.provider.generic.interop=ALL-UNNAMED
  -cp "$CLASS_PATH" -m org.verbs4j.provider.generic/org.verbs4j.provider.generic.interop.CmInterop)
EXAMPLE_PATH=$ROOT/examples/target/classes:$MODULE/target/classes:$(printf '%s:' "$LIB"/*.jar)
EXAMPLE_CMD=(java -XX:ErrorFile=/tmp/hs_err_%p.log --enable-native-access=ALL-UNNAMED -Dverbs4j.providers=generic
  -cp "${EXAMPLE_PATH%:}" org.verbs4j.examples.TwoProcesses)

GUEST=$(cat <<GUEST_EOF
set -u
echo "rdma-core: \$(dpkg-query -W -f='\${Version}' libibverbs1), kernel \$(uname -r), \$(java -version 2>&1 | head -n1)"
JAVA=($(printf '%q ' "${JAVA_CMD[@]}"))
EXAMPLE=($(printf '%q ' "${EXAMPLE_CMD[@]}"))
IP=\$RXE_IP LIMIT=$LIMIT PINGS=$PINGS SIZE=$SIZE ONLY=$(printf '%q' "$ONLY")
failures=0 port=7470
selected() { [ -z "\$ONLY" ] || printf '%s\\n' "\$1" | grep -Eq -- "\$ONLY"; }
report() { # name rc_server rc_client
  if [ "\$2" = 0 ] && [ "\$3" = 0 ]; then echo "PASS \$1"; else echo "FAIL \$1 (server exit \$2, client exit \$3)"; failures=\$((failures+1)); fi
}
wait_for() { # file pattern seconds
  local i; for i in \$(seq 1 \$((\$3*5))); do grep -q "\$2" "\$1" 2>/dev/null && return 0; sleep 0.2; done; return 1
}
wait_listen() { # port seconds
  local i; for i in \$(seq 1 \$((\$2*5))); do rdma resource show cm_id 2>/dev/null | grep -q "src-addr [0-9.]*:\$1 .*LISTEN\|LISTEN.*src-addr [0-9.]*:\$1\b" && return 0; sleep 0.2; done; return 1
}
java_server() { # name mode c-client-command...
  local name=\$1 mode=\$2; shift 2; port=\$((port+1)); selected "\$name" || return 0
  timeout \$LIMIT "\${JAVA[@]}" \$mode \$IP \$port \$SIZE \$PINGS > /tmp/j.out 2>&1 & local jp=\$!
  if ! wait_for /tmp/j.out LISTENING \$LIMIT; then kill \$jp 2>/dev/null; wait \$jp; cat /tmp/j.out; report "\$name" 1 -; return; fi
  timeout \$LIMIT "\$@" -p \$port > /tmp/c.out 2>&1; local cr=\$?
  wait \$jp; local jr=\$?
  echo "--- \$name: C side (\$*):"; cat /tmp/c.out; echo "--- \$name: Java side:"; cat /tmp/j.out
  report "\$name" \$jr \$cr
}
c_server() { # name mode c-server-command...
  local name=\$1 mode=\$2; shift 2; port=\$((port+1)); selected "\$name" || return 0
  timeout \$LIMIT "\$@" -p \$port > /tmp/c.out 2>&1 & local cp=\$!
  wait_listen \$port \$LIMIT || echo "(no LISTEN cm_id seen for port \$port; trying anyway)"
  timeout \$LIMIT "\${JAVA[@]}" \$mode \$IP \$port \$SIZE \$PINGS > /tmp/j.out 2>&1; local jr=\$?
  wait \$cp; local cr=\$?
  echo "--- \$name: C side (\$*):"; cat /tmp/c.out; echo "--- \$name: Java side:"; cat /tmp/j.out
  report "\$name" \$cr \$jr
}
java_server "rdma_client (C) -> Java server" rdma-server rdma_client -s \$IP
c_server "Java client -> rdma_server (C)" rdma-client rdma_server -s \$IP
java_server "rping -c (C) -> Java rping server" rping-server rping -c -a \$IP -C \$PINGS -S \$SIZE -V -v
c_server "Java rping client -> rping -s (C)" rping-client rping -s -a \$IP -V -v
# udaddy has no port option: its server serves 7174, binding with -b; its client connects there
udaddy_c_server() { # name
  selected "\$1" || return 0
  timeout \$LIMIT udaddy -b \$IP -C 10 > /tmp/c.out 2>&1 & local cp=\$!
  wait_listen 7174 \$LIMIT || echo "(no LISTEN cm_id seen for port 7174; trying anyway)"
  timeout \$LIMIT "\${JAVA[@]}" udaddy-client \$IP 7174 100 10 > /tmp/j.out 2>&1; local jr=\$?
  wait \$cp; local cr=\$?
  echo "--- \$1: C side:"; cat /tmp/c.out; echo "--- \$1: Java side:"; cat /tmp/j.out
  report "\$1" \$cr \$jr
}
udaddy_java_server() { # name
  selected "\$1" || return 0
  timeout \$LIMIT "\${JAVA[@]}" udaddy-server \$IP 7174 100 10 > /tmp/j.out 2>&1 & local jp=\$!
  if ! wait_for /tmp/j.out LISTENING \$LIMIT; then kill \$jp 2>/dev/null; wait \$jp; cat /tmp/j.out; report "\$1" 1 -; return; fi
  timeout \$LIMIT udaddy -s \$IP -C 10 -S 100 > /tmp/c.out 2>&1; local cr=\$?
  wait \$jp; local jr=\$?
  echo "--- \$1: C side:"; cat /tmp/c.out; echo "--- \$1: Java side:"; cat /tmp/j.out
  report "\$1" \$jr \$cr
}
udaddy_c_server "Java udaddy client -> udaddy (C)"
udaddy_java_server "udaddy -s (C) -> Java udaddy server"
java_server "ucmatose -s (C) -> Java ucmatose server" ucmatose-server ucmatose -s \$IP -C \$PINGS -S \$SIZE
c_server "Java ucmatose client -> ucmatose (C)" ucmatose-client ucmatose -b \$IP -C \$PINGS -S \$SIZE
two_processes() { # name: the example's server and client, each a JVM, checked by what each printed
  port=\$((port+1)); selected "\$1" || return 0
  timeout \$LIMIT "\${EXAMPLE[@]}" server \$IP \$port > /tmp/j.out 2>&1 & local sp=\$!
  if ! wait_for /tmp/j.out listening \$LIMIT; then kill \$sp 2>/dev/null; wait \$sp; cat /tmp/j.out; report "\$1" 1 -; return; fi
  rdma resource show cm_id > /tmp/cm_id.out 2>&1
  timeout \$LIMIT "\${EXAMPLE[@]}" client \$IP \$port > /tmp/c.out 2>&1; local cr=\$?
  wait \$sp; local sr=\$?
  grep -q "server: received 'hello from the client'; the buffer holds 'written by the client'" /tmp/j.out || sr="\$sr, not the expected line"
  grep -q "client: received 'hello from the server'" /tmp/c.out || cr="\$cr, not the expected line"
  echo "--- \$1: cm_ids once the server listened:"; cat /tmp/cm_id.out
  echo "--- \$1: server:"; cat /tmp/j.out; echo "--- \$1: client:"; cat /tmp/c.out
  report "\$1" "\$sr" "\$cr"
}
two_processes "TwoProcesses example: server and client, two JVMs"
for f in /tmp/hs_err_*.log; do [ -f "\$f" ] && { echo "--- \$f:"; head -n 60 "\$f"; } >&2; done
echo "cm-interop: \$failures exchange(s) failed"
exit \$failures
GUEST_EOF
)
echo "run-cm-interop: running in the rxe VM (suite ${RXE_VM_SUITE:-trixie})" >&2
exec "$HERE/run.sh" -v "$ROOT" -w "$ROOT" -- "$GUEST"
