# shellcheck shell=bash
#
# Finds the JDK and Maven that the Verbs4J scripts (./verbs4j, ./run-tests) use. Source this file,
# then call:
#
#   verbs4j_find_jdk       sets JAVA (the java launcher) and exports JAVA_HOME to a JDK 25 or newer,
#                          or prints how to get one and returns 1
#   verbs4j_require_maven  returns 1, saying so, if mvn is not on PATH
#
# A JDK is searched in this order, and the first one that is 25 or newer (and has javac) wins:
#   1. $JAVA_HOME
#   2. /usr/lib/jvm/*/ and ~/.sdkman/candidates/java/*/, newest version first
#   3. java on PATH
#
# Safe to source from scripts that run with set -euo pipefail.

VERBS4J_MIN_JAVA=25

# Prints the version of the java launcher $1 as "major minor patch" (e.g. "25 0 3"); returns 1
# if it does not run or prints no version. Handles "1.8.0_392", "17.0.15", "25", "26-ea".
verbs4j_java_version() {
    local output line version
    output=$("$1" -version 2>&1) || return 1
    version=
    while IFS= read -r line; do
        case $line in
            *'version "'*)
                version=${line#*version \"}
                version=${version%%\"*}
                break
                ;;
        esac
    done <<<"$output"
    verbs4j_version_triple "$version"
}

# Prints a version string such as "25.0.3", "25", "26-ea" or "1.8.0_392" as "major minor patch";
# returns 1 if it does not start with a number.
verbs4j_version_triple() {
    local version=$1 major minor patch
    case $version in
        1.*) version=${version#1.} ;;
    esac
    version=${version%%[!0-9.]*}
    IFS=. read -r major minor patch _ <<<"$version"
    [ -n "$major" ] || return 1
    printf '%s %s %s\n' "$major" "${minor:-0}" "${patch:-0}"
}

# Returns 0 if the java launcher $1 runs, is version 25 or newer, and has javac next to it.
verbs4j_is_jdk() {
    local java=$1 major _rest
    [ -x "$java" ] && [ -x "$(dirname "$java")/javac" ] || return 1
    read -r major _rest < <(verbs4j_java_version "$java") || return 1
    [ "$major" -ge "$VERBS4J_MIN_JAVA" ] 2>/dev/null
}

# Prints "major minor patch path" for every java launcher under /usr/lib/jvm and SDKMAN, newest
# first. The version comes from the JDK's release file when it has one (no JVM is started).
verbs4j_list_jdks() {
    local java home release line version
    for java in /usr/lib/jvm/*/bin/java "${HOME:-/nonexistent}"/.sdkman/candidates/java/*/bin/java; do
        [ -x "$java" ] || continue
        home=$(dirname "$(dirname "$java")")
        release="$home/release"
        version=
        if [ -r "$release" ]; then
            while IFS= read -r line; do
                case $line in
                    JAVA_VERSION=*)
                        version=${line#JAVA_VERSION=}
                        version=${version//\"/}
                        break
                        ;;
                esac
            done <"$release"
        fi
        if [ -n "$version" ]; then
            version=$(verbs4j_version_triple "$version") || continue
        else
            version=$(verbs4j_java_version "$java") || continue
        fi
        printf '%s %s\n' "$version" "$java"
    done | sort -k1,1nr -k2,2nr -k3,3nr
}

# Sets JAVA to the launcher $1 and exports JAVA_HOME as its JDK directory.
verbs4j_use_jdk() {
    JAVA=$1
    JAVA_HOME=$(cd "$(dirname "$JAVA")/.." && pwd -P)
    export JAVA_HOME
}

verbs4j_find_jdk() {
    local java _major _minor _patch
    if [ -n "${JAVA_HOME:-}" ] && verbs4j_is_jdk "$JAVA_HOME/bin/java"; then
        verbs4j_use_jdk "$JAVA_HOME/bin/java"
        return 0
    fi
    while read -r _major _minor _patch java; do
        if verbs4j_is_jdk "$java"; then
            verbs4j_use_jdk "$java"
            return 0
        fi
    done < <(verbs4j_list_jdks)
    if java=$(command -v java); then
        # /usr/bin/java is usually a chain of symbolic links into the JDK.
        java=$(readlink -f "$java" 2>/dev/null || printf '%s\n' "$java")
        if verbs4j_is_jdk "$java"; then
            verbs4j_use_jdk "$java"
            return 0
        fi
    fi
    echo "Verbs4J needs a JDK 25 or newer. Install one, for example Eclipse Temurin 25 (https://adoptium.net) or your distribution's openjdk-25-jdk package, then set JAVA_HOME to it." >&2
    return 1
}

verbs4j_require_maven() {
    if ! command -v mvn >/dev/null 2>&1; then
        echo "Verbs4J needs Maven 3.8.7 or newer to build. Install it (for example your distribution's maven package) and put mvn on PATH." >&2
        return 1
    fi
}
