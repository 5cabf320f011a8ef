#!/usr/bin/env bash
#
# Checks that the build is reproducible: builds every module twice from clean (tests skipped) and
# compares each jar, archive and SBOM (the sbom profile) byte for byte. Exit status 0 when all are identical.
# Usage: scripts/check-reproducible.sh [extra Maven arguments, for example -pl api,spi -am]
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
# shellcheck source=scripts/jdk.sh
. "$ROOT/scripts/jdk.sh"
verbs4j_find_jdk || exit 1
verbs4j_require_maven || exit 1
cd "$ROOT"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/verbs4j-reproducible.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# Builds from clean and writes the checksum of every artifact to $1.
build() {
    mvn -B -q -Psbom -DskipTests clean package "${@:2}" >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log" >&2; exit 1; }
    find . -path '*/target/*' -not -path '*/target/lib/*' -not -path '*/target/archive-tmp/*' \
        \( -name '*.jar' -o -name '*.tar.gz' -o -name '*.zip' -o -name 'bom.json' -o -name 'bom.xml' \) \
        -print0 | sort -z | xargs -0 sha256sum >"$1"
}

build "$WORK/first" "$@"
build "$WORK/second" "$@"
count=$(wc -l <"$WORK/first")
if diff "$WORK/first" "$WORK/second" >"$WORK/diff"; then
    echo "reproducible: $count artifacts identical in two clean builds"
else
    echo "NOT reproducible: these artifacts differ between two clean builds:" >&2
    grep '^>' "$WORK/diff" | awk '{print "  " $3}' >&2
    exit 1
fi
