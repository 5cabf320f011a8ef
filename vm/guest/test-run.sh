# shellcheck shell=bash
# test-run.sh - sourced inside the rxe VM by the scripts that run a module's tests there (vm/run-generic-tests.sh,
# provider-mlx5's and provider-efa's src/test/vm scripts): what every such run does around its JVM.
#
#   verbs4j_resources_before        records "rdma resource show" before the tests
#   verbs4j_after_tests RC          prints the JVM crash reports (/tmp/hs_err_*.log) to standard error, then
#                                   prints RC, or 3 if RC is 0 and the device holds objects it did not hold before
#                                   (the diff goes to standard output, a LEAK line to standard error)

verbs4j_resources_before() {
    rdma resource show > /tmp/before.txt
}

verbs4j_after_tests() {
    local rc=$1 f
    for f in /tmp/hs_err_*.log; do [ -f "$f" ] && { echo "--- $f:"; head -n 60 "$f"; } >&2; done
    rdma resource show > /tmp/after.txt
    if ! diff -u /tmp/before.txt /tmp/after.txt >&2; then
        echo "LEAK: rxe holds objects the tests did not free" >&2
        [ "$rc" = 0 ] && rc=3
    fi
    echo "$rc"
}
