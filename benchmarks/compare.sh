#!/usr/bin/env bash
# compare.sh BASE [ROUNDS] - the data path of this work tree against the commit BASE, measured in one session:
# builds BASE's api, spi, provider-generic and provider-soft classes in a temporary directory, then runs the
# same benchmark classes (this tree's) on BASE's classes and on this tree's, alternately, ROUNDS times each
# (default 3), the order swapped every round: StandInRatio (the generic provider against C on the stand-in
# device) and CpuTimePerMessage unbatchedSend8 send8 (the soft device). Prints each run's figures under a
# "== base" or "== this tree" line, with the load average. COMPARE_STANDIN_ROUNDS: StandInRatio's measured
# rounds (default 41). COMPARE_PARTS: what each run measures (default "standin soft"): standin (StandInRatio),
# soft (CpuTimePerMessage unbatchedSend8 send8), soft-all (CpuTimePerMessage send8 rdmaWrite8), soft-scale
# (QpScaleRatio, MemoryFootprint).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
ROOT=$(cd "$HERE/.." && pwd -P)
BASE=${1:?usage: compare.sh BASE [ROUNDS]}
ROUNDS=${2:-3}
STANDIN_ROUNDS=${COMPARE_STANDIN_ROUNDS:-41}
PARTS=${COMPARE_PARTS:-standin soft}
# shellcheck source=../scripts/jdk.sh
. "$ROOT/scripts/jdk.sh"
verbs4j_find_jdk || exit 1
verbs4j_require_maven || exit 1
OFFLINE=${VERBS4J_MVN_OFFLINE:+-o}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/verbs4j-compare.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
git -C "$ROOT" archive "$BASE" | tar -x -C "$WORK"
[ -d "$ROOT/.mvn" ] && cp -r "$ROOT/.mvn" "$WORK/"
echo "compare: building $BASE's classes" >&2
(cd "$WORK" && mvn -B -q $OFFLINE -pl provider-generic,provider-soft -am compile)
echo "compare: building this tree" >&2
(cd "$ROOT" && mvn -B -q $OFFLINE -pl benchmarks -am install -DskipTests)
(cd "$HERE" && mvn -B -q $OFFLINE dependency:build-classpath -Dmdep.outputFile=target/cp.txt)
LIBS=$(tr ':' '\n' <"$HERE/target/cp.txt" | grep -Ev '/verbs4j-(api|spi|provider-generic|provider-soft)-' | paste -sd:)

classes() { # tree
  printf '%s/target/classes:' "$HERE" "$1/api" "$1/spi" "$1/provider-generic" "$1/provider-soft"
}
run() { # name tree
  echo "== $1 $(date -u '+%T') UTC, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  local cp part; cp="$(classes "$2")$LIBS"
  for part in $PARTS; do
    case $part in
      standin) main "$cp" org.verbs4j.benchmarks.standin.StandInRatio "$STANDIN_ROUNDS" ;;
      soft) main "$cp" org.verbs4j.benchmarks.CpuTimePerMessage unbatchedSend8 send8 ;;
      soft-all) main "$cp" org.verbs4j.benchmarks.CpuTimePerMessage send8 rdmaWrite8 ;;
      soft-rates) main "$cp" org.verbs4j.benchmarks.MessageRateRatio
                  main "$cp" org.verbs4j.benchmarks.BandwidthRatio ;;
      soft-scale) main "$cp" org.verbs4j.benchmarks.QpScaleRatio
                  main "$cp" -Xms1g -Xmx1g org.verbs4j.benchmarks.MemoryFootprint ;;
      *) echo "compare.sh: unknown part $part (standin, soft, soft-all, soft-rates, soft-scale)" >&2; exit 2 ;;
    esac
  done
}
main() { # classpath java-arguments...
  local cp=$1; shift
  (cd "$HERE" && "$JAVA" --enable-native-access=ALL-UNNAMED -cp "$cp" "$@")
}
for round in $(seq 1 "$ROUNDS"); do
  if [ $((round % 2)) = 1 ]; then run base "$WORK"; run "this tree" "$ROOT"; else run "this tree" "$ROOT"; run base "$WORK"; fi
done
