# shellcheck shell=bash
#
# Finds the Debian archive that this machine's apt already uses, for the scripts that download
# Debian packages (the rxe VM image, the rdma-core packages of the ABI check). Source this file, then:
#
#   verbs4j_debian_mirror   prints the archive's URI (e.g. http://deb.debian.org/debian), or nothing;
#                           $VERBS4J_DEBIAN_MIRROR, when set, is the answer
#
# Only the Debian archive itself qualifies, never a third-party repository that apt also knows
# (a vendor's .deb repository, the security archive, backports of others):
#   1. apt's own view: the source whose Release file says Origin "Debian" and Label "Debian";
#   2. before apt has read any Release file: the first source in /etc/apt whose URI is a Debian
#      archive path (ends in /debian) and is not the security archive.
#
# Safe to source from scripts that run with set -euo pipefail.

# Prints the URI of the first package index whose release is Origin Debian, Label Debian.
verbs4j_debian_mirror_from_policy() {
    command -v apt-cache >/dev/null || return 0
    apt-cache policy 2>/dev/null | awk '
        $1 ~ /^[0-9]+$/ && $2 ~ /^https?:/ { uri = $2; next }
        $1 == "release" && uri != "" && ("," $2 ",") ~ /,o=Debian,/ && ("," $2 ",") ~ /,l=Debian,/ { print uri; exit }
        { uri = "" }'
}

# Prints the first Debian archive URI of the apt sources files (deb822 and one-line formats).
verbs4j_debian_mirror_from_sources() {
    {
        awk '/^URIs:/ { for (i = 2; i <= NF; i++) print $i }' /etc/apt/sources.list.d/*.sources 2>/dev/null
        awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^https?:/) { print $i; break } }' \
            /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null
    } | sed 's:/*$::' | grep -E '^https?://[^ ]*/debian$' | grep -v -e security -e debian-security | head -n1 || true
}

verbs4j_debian_mirror() {
    local uri=${VERBS4J_DEBIAN_MIRROR:-}
    [ -n "$uri" ] || uri=$(verbs4j_debian_mirror_from_policy)
    [ -n "$uri" ] || uri=$(verbs4j_debian_mirror_from_sources)
    echo "${uri%/}"
}
