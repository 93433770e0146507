#!/usr/bin/env bash
# fetch-extra-corpus.sh DIR
#
# Re-creates the extra (second, independent) evaluation PDF corpus flat in DIR from Debian 12 (bookworm)
# packages: apt-get download + dpkg -x (nothing is installed), then checks the
# sha256 of every PDF. Needs apt-get with bookworm sources (run
# `apt-get update` first), dpkg, gzip and sha256sum. Works as root or not.
# Exit status: 0 when all PDFs are present with the expected sha256, 1 otherwise.
set -euo pipefail

if [ $# -ne 1 ] || [ -z "${1:-}" ]; then
    echo "usage: $0 DIR" >&2
    exit 2
fi
mkdir -p "$1"
DIR=$(cd "$1" && pwd)

WORK=$(mktemp -d "${TMPDIR:-/tmp}/extracorpus.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/debs"
# let apt's unprivileged _apt user write the download dir (avoids the sandbox warning)
if [ "$(id -u)" = 0 ] && id _apt >/dev/null 2>&1; then
    chmod 0755 "$WORK"
    chown _apt "$WORK/debs"
fi

# output name | package | version | path inside the package | gzipped? | sha256 of the PDF
MANIFEST='
zoo.pdf|r-cran-zoo|1.8-11-1|usr/lib/R/site-library/zoo/doc/zoo.pdf|0|fd63de7b0dc3122272339ff49e6ceeb47ea71a89a9cb5b7c411c78a7d6c8c332
strucchange-intro.pdf|r-cran-strucchange|1.5-3-1|usr/lib/R/site-library/strucchange/doc/strucchange-intro.pdf|0|56587481ea07ff51645290c24e328d4461656bcbf19d6e9426056e7559a4a198
flex.pdf|flex-doc|2.6.4-8.2|usr/share/doc/flex-doc/flex.pdf.gz|1|d4c4021c02bf7cae2f2756876ff906302caa93ca309f295e0554c23ce050e177
dotguide.pdf|graphviz-doc|2.42.2-7+deb12u1|usr/share/doc/graphviz/pdf/dotguide.pdf.gz|1|6aa4a4f220de2a2a3a00f3cd48a6aebd972a2691dddfd228b97f0733b38e8066
latexdiff-man.pdf|latexdiff|1.3.2-1|usr/share/doc/latexdiff/latexdiff-man.pdf.gz|1|f7d68519a4d26a0cc217babbac0df765a79e32928ff7385f018c5260d33684ca'

sha_of() { sha256sum "$1" | cut -d' ' -f1; }

download() {  # package version -> prints path of the .deb in $WORK/debs
    local pkg=$1 ver=$2 deb
    deb=$(ls "$WORK/debs/${pkg}_"*.deb 2>/dev/null | head -n1 || true)
    if [ -z "$deb" ]; then
        if ! (cd "$WORK/debs" && apt-get download -q "${pkg}=${ver}" >&2); then
            echo "warning: ${pkg}=${ver} not available, trying the candidate version" \
                 "(the sha256 check decides)" >&2
            if ! (cd "$WORK/debs" && apt-get download -q "${pkg}" >&2); then
                echo "error: cannot download ${pkg}; run 'apt-get update' with Debian 12 sources" >&2
                return 1
            fi
        fi
        deb=$(ls "$WORK/debs/${pkg}_"*.deb 2>/dev/null | head -n1 || true)
    fi
    [ -n "$deb" ] || return 1
    printf '%s\n' "$deb"
}

status=0
while IFS='|' read -r name pkg ver path gz sha; do
    [ -n "$name" ] || continue
    out="$DIR/$name"
    if [ -f "$out" ] && [ "$(sha_of "$out")" = "$sha" ]; then
        echo "ok      $name (already present)"
        continue
    fi
    if ! deb=$(download "$pkg" "$ver"); then
        echo "FAILED  $name: could not download $pkg" >&2
        status=1
        continue
    fi
    ex="$WORK/x-$pkg"
    if [ ! -d "$ex" ]; then
        mkdir -p "$ex"
        dpkg -x "$deb" "$ex"
    fi
    src="$ex/$path"
    if [ ! -f "$src" ]; then
        echo "FAILED  $name: $path not found in $(basename "$deb")" >&2
        status=1
        continue
    fi
    if [ "$gz" = 1 ]; then
        gzip -dc "$src" > "$out.part"
    else
        cp "$src" "$out.part"
    fi
    got=$(sha_of "$out.part")
    if [ "$got" != "$sha" ]; then
        echo "FAILED  $name: sha256 $got, expected $sha (from $(basename "$deb"))" >&2
        rm -f "$out.part"
        status=1
        continue
    fi
    mv -f "$out.part" "$out"
    echo "ok      $name <- $(basename "$deb")"
done <<EOF
$MANIFEST
EOF

if [ "$status" = 0 ]; then
    echo "all PDFs present and verified in $DIR"
fi
exit "$status"
