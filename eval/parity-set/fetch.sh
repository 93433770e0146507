#!/usr/bin/env bash
# fetch.sh DIR: the Debian FAQ (debian-faq 11.1) twice, as Debian ships it: DIR/pdf/debian-faq.pdf
# (73 pages, made by DBLaTeX) and DIR/html/*.en.html (its 17 HTML pages: one per chapter, plus the
# contents page). apt-get download + dpkg -x, nothing installed; every file's sha256 is checked.
# Run from the repository root; needs what ../shared/eval/large/fetch-corpus.sh needs.
set -euo pipefail
if [ $# -ne 1 ]; then
    echo "usage: $0 DIR" >&2
    exit 2
fi
HERE=$(cd "$(dirname "$0")" && pwd)
# shared/ sits beside the repository (../shared from its root); QUIRE_SHARED overrides.
SHARED=${QUIRE_SHARED:-$HERE/../../../shared}
FETCH="$SHARED/eval/large/fetch-corpus.sh"
bash "$FETCH" "$HERE/manifest-pdf.txt" "$1/pdf"
bash "$FETCH" "$HERE/manifest-html.txt" "$1/html"
