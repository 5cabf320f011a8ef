# shellcheck shell=bash
#
# What the scripts that build on this host and run elsewhere (the rxe VM of vm/, the benchmarks) share. Source
# this file: it finds the JDK and Maven (scripts/jdk.sh; exits if either is missing) and sets VERBS4J_ROOT, the
# repository. Then call:
#
#   verbs4j_mvn ARGS...              mvn -B -q in the repository (-o with VERBS4J_MVN_OFFLINE set)
#   verbs4j_install MODULE           installs MODULE and what it needs, without running tests
#   verbs4j_compile ARGS...          verbs4j_mvn ARGS... for a build step (compile, test-compile)
#
# With VERBS4J_PREBUILT=1 (./run-tests sets it after its own "mvn install") the two build functions do nothing:
# the jars and classes of that build are used as they are.
#   verbs4j_test_libraries MODULE DIR
#                                    copies MODULE's test-scope dependencies but JUnit's to DIR (emptied first),
#                                    and the JUnit console launcher, to run its tests with plain java
#   verbs4j_split_jars DIR PATTERN...
#                                    sets MODULE_PATH (appended to what it holds) to DIR's jars whose names match
#                                    a PATTERN (a shell glob), and CLASS_PATH to the others and to test-jars
#
# Safe to source from scripts that run with set -euo pipefail.

VERBS4J_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
# shellcheck source=jdk.sh
. "$VERBS4J_ROOT/scripts/jdk.sh"
verbs4j_find_jdk || exit 1
verbs4j_require_maven || exit 1

VERBS4J_JUNIT_CONSOLE=org.junit.platform:junit-platform-console-standalone:1.13.4

verbs4j_mvn() {
    (cd "$VERBS4J_ROOT" && mvn -B -q ${VERBS4J_MVN_OFFLINE:+-o} "$@")
}

verbs4j_install() {
    verbs4j_compile -pl "$1" -am install -DskipTests
}

verbs4j_compile() {
    [ "${VERBS4J_PREBUILT:-0}" = 1 ] || verbs4j_mvn "$@"
}

verbs4j_test_libraries() {
    local module=$1 dir=$2
    rm -rf "$dir"
    verbs4j_mvn -pl "$module" dependency:copy-dependencies -DincludeScope=test -DoutputDirectory="$dir" \
        -DexcludeGroupIds=org.junit,org.junit.jupiter,org.junit.platform,org.opentest4j,org.apiguardian
    verbs4j_mvn -pl "$module" dependency:copy -Dartifact="$VERBS4J_JUNIT_CONSOLE" -DoutputDirectory="$dir"
}

verbs4j_split_jars() {
    local dir=$1 jar name pattern on_module_path
    shift
    CLASS_PATH=
    for jar in "$dir"/*.jar; do
        name=$(basename "$jar")
        on_module_path=0
        for pattern in "$@"; do
            # shellcheck disable=SC2254
            case $name in *-tests.jar) ;; $pattern) on_module_path=1 ;; esac
        done
        if [ $on_module_path = 1 ]; then
            MODULE_PATH+=${MODULE_PATH:+:}$jar
        else
            CLASS_PATH+=${CLASS_PATH:+:}$jar
        fi
    done
}
