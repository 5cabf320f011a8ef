#!/usr/bin/env bash
# run.sh [PART...] - builds the benchmarks module and runs its benchmarks, printing the machine's load average
# before and after each part. Parts (default: all, in this order):
#   standin     the generic provider against C on the stand-in device: StandInRatio (alternating rounds), then
#               StandInBenchmark under JMH with -prof gc (allocation per operation)
#   soft-jmh    the soft device under JMH with -prof gc: streaming, unbatched, hand-off, QP scale, registration
#   soft-ratios the soft device's paired measurements: CpuTimePerMessage, QpScaleRatio, MemoryFootprint,
#               WakeUpLatency, BandwidthRatio, MessageRateRatio
#   soft-wire   the soft device's RoCE v2 wire between two JVMs on loopback (127.0.0.1 -> 127.0.0.2) against a
#               plain DatagramChannel between the same JVMs: wire.WireRatio (alternating rounds)
# Environment: BENCH_JMH_OPTS (default "-f 2 -wi 3 -w 1s -i 5 -r 1s"), BENCH_JAVA_OPTS (extra JVM options).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
# shellcheck source=../scripts/host-build.sh
. "$HERE/../scripts/host-build.sh"
verbs4j_install benchmarks
verbs4j_mvn -pl benchmarks dependency:build-classpath -Dmdep.outputFile="$HERE/target/cp.txt"
cd "$HERE"
CP=target/classes:$(cat target/cp.txt)
read -r -a JMH_OPTS <<<"${BENCH_JMH_OPTS:--f 2 -wi 3 -w 1s -i 5 -r 1s}"
JAVA_OPTS=(--enable-native-access=ALL-UNNAMED)
[ -n "${BENCH_JAVA_OPTS:-}" ] && read -r -a EXTRA <<<"$BENCH_JAVA_OPTS" && JAVA_OPTS+=("${EXTRA[@]}")

load() { echo "== $1 $(date -u '+%F %T') UTC, load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"; }
main() { "$JAVA" "${JAVA_OPTS[@]}" -cp "$CP" "$@"; }
jmh() { main org.openjdk.jmh.Main "${JMH_OPTS[@]}" -prof gc -jvmArgs "${JAVA_OPTS[*]}" "$@"; }

run_part() {
  load "$1"
  case $1 in
    standin)
      main org.verbs4j.benchmarks.standin.StandInRatio
      jmh 'standin.StandInBenchmark' ;;
    soft-jmh)
      jmh 'HandOff|Streaming|MessageRateBenchmark|QpScale|Registration' ;;
    soft-ratios)
      main org.verbs4j.benchmarks.CpuTimePerMessage send8 rdmaWrite8
      main org.verbs4j.benchmarks.QpScaleRatio
      main -Xms1g -Xmx1g org.verbs4j.benchmarks.MemoryFootprint
      main org.verbs4j.benchmarks.WakeUpLatency
      main org.verbs4j.benchmarks.BandwidthRatio
      main org.verbs4j.benchmarks.MessageRateRatio ;;
    soft-wire)
      main org.verbs4j.benchmarks.wire.WireRatio ;;
    *) echo "run.sh: unknown part $1 (standin, soft-jmh, soft-ratios, soft-wire)" >&2; exit 2 ;;
  esac
  load "end of $1"
}

for part in "${@:-standin soft-jmh soft-ratios soft-wire}"; do
  for p in $part; do run_part "$p"; done
done
