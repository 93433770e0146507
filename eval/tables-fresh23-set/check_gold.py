#!/usr/bin/env python3
"""Validate a QA gold set against its corpus PDFs.

Usage:
    check_gold.py --manifest MANIFEST --qa FILE --corpus DIR [--no-sha] [-v]

MANIFEST lines: name|package|version|path|gz|sha256|pages ('#' comments). DIR holds the
PDFs flat (as written by fetch-corpus.sh MANIFEST DIR). Needs python3 (standard library
only) and pdftotext/pdfinfo from poppler-utils.

Checks:
  * the corpus: every PDF present, sha256 and page count as pinned below;
  * the schema: fields, types, the type mix, ids, follow-up pairs, page ranges;
  * answerable records: every must_contain string occurs on at least one of the
    listed gold pages, and (multi_passage) every gold page holds at least one
    must_contain string;
  * negative records: no absent_probe string occurs on any page of any PDF.

Matching is the same as the harness metric: NFKC, case-folded, Markdown table
pipes ('|') counted as spaces, whitespace runs collapsed to one space
(whitespace = Python's str.isspace). Pipes count as spaces so that a table row
rendered as a Markdown table still matches its must_contain string.
Pages are 1-based PDF page indices (pdftotext -f N -l N), not printed labels.

Prints one line per record, a lexical (BM25, page-level) baseline for
information, and a closing 'N passed, M failed' line; exits 1 on any failure.
"""
import argparse
import hashlib
import json
import math
import os
import re
import subprocess
import sys
import unicodedata
from collections import Counter

CORPUS = {}  # file: (debian package, version, pages, sha256), read from --manifest


def load_manifest(path):
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, pkg, ver, _path, _gz, digest, pages = line.split("|")[:7]
        CORPUS[name] = (pkg, ver, int(pages), digest)


TYPES = ("factual", "numeric", "procedural", "multi_passage", "negative", "followup",
         "comparison")
FIELDS = ("id", "conversation_id", "turn", "type", "question", "file", "pages",
          "answer", "must_contain", "absent_probe")

_WS = re.compile(r"\s+")


def norm(s):
    """Harness normalisation: NFKC, casefold, pipes as spaces, collapse whitespace."""
    return _WS.sub(" ", unicodedata.normalize("NFKC", s).casefold().replace("|", " ")).strip()


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def pdf_pages(path):
    out = subprocess.run(["pdfinfo", path], capture_output=True, text=True, check=True).stdout
    m = re.search(r"^Pages:\s+(\d+)", out, re.M)
    return int(m.group(1))


def extract(path):
    """Return list of raw page texts; index 0 is PDF page 1."""
    n = pdf_pages(path)
    txt = subprocess.run(["pdftotext", "-layout", "-enc", "UTF-8", path, "-"],
                         capture_output=True, check=True).stdout.decode("utf-8", "replace")
    pages = txt.split("\f")
    if len(pages) == n + 1 and pages[-1].strip() == "":
        return pages[:n]
    # fall back to one call per page (exactly what `pdftotext -f N -l N` gives)
    pages = []
    for i in range(1, n + 1):
        pages.append(subprocess.run(
            ["pdftotext", "-layout", "-enc", "UTF-8", "-f", str(i), "-l", str(i), path, "-"],
            capture_output=True, check=True).stdout.decode("utf-8", "replace"))
    return pages


STOP = set("""a about above after again against all am an and any are as at be because been
before being below between both but by can could did do does doing down during each few for
from further had has have having he her here hers how i if in into is it its itself just me
more most my no nor not now of off on once only or other our out over own same she should so
some such than that the their them then there these they this those through to too under
until up very was we were what when where which while who whom why will with would you your
get got use used using i'm instead doesn't does don't default""".split())
_TOK = re.compile(r"[a-z0-9][a-z0-9_.+-]*[a-z0-9]|[a-z0-9]")


def tokens(s):
    return [t for t in _TOK.findall(norm(s)) if t not in STOP]


class BM25:
    def __init__(self, docs, k1=1.2, b=0.75):
        self.docs = [Counter(tokens(d)) for d in docs]
        self.len = [sum(c.values()) for c in self.docs]
        self.avg = sum(self.len) / max(1, len(self.len))
        df = Counter()
        for c in self.docs:
            df.update(c.keys())
        n = len(self.docs)
        self.idf = {t: math.log(1 + (n - d + 0.5) / (d + 0.5)) for t, d in df.items()}
        self.k1, self.b = k1, b

    def rank(self, query):
        q = set(tokens(query))
        scores = []
        for i, c in enumerate(self.docs):
            s = 0.0
            for t in q:
                f = c.get(t)
                if f:
                    s += self.idf[t] * f * (self.k1 + 1) / (
                        f + self.k1 * (1 - self.b + self.b * self.len[i] / self.avg))
            scores.append(s)
        return sorted(range(len(scores)), key=lambda i: -scores[i])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--manifest", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--qa", required=True)
    ap.add_argument("--no-sha", action="store_true", help="skip sha256/page-count checks")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    load_manifest(a.manifest)

    failures = 0
    passed = 0

    # ---- corpus -------------------------------------------------------------
    raw, normed = {}, {}
    for name, (pkg, ver, npages, digest) in CORPUS.items():
        path = os.path.join(a.corpus, name)
        if not os.path.isfile(path):
            print(f"FAIL corpus {name}: missing in {a.corpus} (run fetch-corpus.sh MANIFEST {a.corpus})")
            failures += 1
            continue
        if not a.no_sha:
            got = sha256(path)
            if got != digest:
                print(f"FAIL corpus {name}: sha256 {got} != {digest} ({pkg} {ver})")
                failures += 1
        raw[name] = extract(path)
        normed[name] = [norm(p) for p in raw[name]]
        if not a.no_sha and len(raw[name]) != npages:
            print(f"FAIL corpus {name}: {len(raw[name])} pages, expected {npages}")
            failures += 1
        if a.verbose:
            print(f"ok   corpus {name}: {len(raw[name])} pages")
    all_norm = [(f, i + 1, t) for f, ps in normed.items() for i, t in enumerate(ps)]

    # ---- records ------------------------------------------------------------
    recs = []
    with open(a.qa, encoding="utf-8") as fh:
        for ln, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                recs.append(json.loads(line))
            except json.JSONDecodeError as e:
                print(f"FAIL line {ln}: bad JSON: {e}")
                failures += 1

    mix = Counter(r.get("type") for r in recs)
    print(f"info: type mix {dict(mix)}")
    ids = Counter(r.get("id") for r in recs)
    for i, c in ids.items():
        if c > 1:
            print(f"FAIL id {i} used {c} times")
            failures += 1
    convs = {}
    for r in recs:
        if r.get("conversation_id") is not None:
            convs.setdefault(r["conversation_id"], []).append(r)
    for cid, rs in convs.items():
        turns = [r.get("turn") for r in rs]
        if sorted(turns) != list(range(1, len(rs) + 1)) or len(rs) < 2:
            print(f"FAIL conversation {cid}: turns {turns}")
            failures += 1
        if any(r["type"] != "followup" for r in rs):
            print(f"FAIL conversation {cid}: non-followup record inside")
            failures += 1

    bm25 = BM25([t for _, _, t in all_norm]) if all_norm else None
    keys = [(f, p) for f, p, _ in all_norm]
    base_hits = {1: 0, 5: 0}
    n_answerable = 0
    low_overlap = 0
    raw_exact = raw_total = 0

    for r in recs:
        rid = r.get("id", "?")
        errs = []
        missing = [k for k in FIELDS if k not in r]
        if missing:
            errs.append(f"missing fields {missing}")
        t = r.get("type")
        if t not in TYPES:
            errs.append(f"bad type {t!r}")
        if not isinstance(r.get("question"), str) or not r.get("question", "").strip():
            errs.append("empty question")
        if not r.get("answer"):
            errs.append("empty answer")
        if t == "followup":
            if r.get("conversation_id") is None or r.get("turn") is None:
                errs.append("followup without conversation_id/turn")
        elif r.get("conversation_id") is not None or r.get("turn") is not None:
            errs.append("non-followup with conversation_id/turn")

        if t == "negative":
            probes = r.get("absent_probe") or []
            if not probes:
                errs.append("negative without absent_probe")
            if r.get("pages") or r.get("must_contain") or r.get("file") is not None:
                errs.append("negative with file/pages/must_contain")
            if len(normed) != len(CORPUS):
                errs.append("corpus incomplete, absence cannot be checked")
            for p in probes:
                np_ = norm(p)
                hits = [f"{f}:{pg}" for f, pg, txt in all_norm if np_ in txt]
                if hits:
                    errs.append(f"absent_probe {p!r} found at {hits[:5]}")
        else:
            f = r.get("file")
            pages = r.get("pages") or []
            mc = r.get("must_contain") or []
            if r.get("absent_probe"):
                errs.append("absent_probe on an answerable record")
            if f not in CORPUS:
                errs.append(f"unknown file {f!r}")
            elif f not in normed:
                errs.append(f"corpus file {f} missing, cannot check")
            else:
                npg = len(normed[f])
                if not pages or any((not isinstance(p, int)) or p < 1 or p > npg for p in pages):
                    errs.append(f"pages {pages} out of 1..{npg}")
                elif not 1 <= len(mc) <= 3 or any(not s.strip() for s in mc):
                    errs.append(f"must_contain must hold 1-3 non-empty strings, has {len(mc)}")
                else:
                    for s in mc:
                        ns = norm(s)
                        where = [p for p in pages if ns in normed[f][p - 1]]
                        if not where:
                            elsewhere = [p for p, txt in enumerate(normed[f], 1) if ns in txt]
                            errs.append(f"must_contain {s!r} not on pages {pages}"
                                        f" (found on {elsewhere[:8]})")
                        raw_total += 1
                        if any(s in raw[f][p - 1] for p in pages):
                            raw_exact += 1
                    if t == "multi_passage":
                        if len(pages) < 2:
                            errs.append("multi_passage needs >= 2 gold pages")
                        for p in pages:
                            if not any(norm(s) in normed[f][p - 1] for s in mc):
                                errs.append(f"gold page {p} holds no must_contain string")
                    # information only: lexical baseline and keyword overlap
                    n_answerable += 1
                    gold = {(f, p) for p in pages}
                    order = bm25.rank(r["question"])
                    for k in base_hits:
                        if any(keys[i] in gold for i in order[:k]):
                            base_hits[k] += 1
                    qt = set(tokens(r["question"]))
                    gold_txt = " ".join(normed[f][p - 1] for p in pages)
                    gt = set(tokens(gold_txt))
                    ov = len(qt & gt) / max(1, len(qt))
                    if ov < 0.6:
                        low_overlap += 1
                    if a.verbose:
                        print(f"     {rid} keyword overlap with gold pages {ov:.2f}; "
                              f"BM25 rank of first gold page "
                              f"{min(order.index(keys.index(g)) for g in gold if g in keys) + 1}")
        if errs:
            failures += 1
            print(f"FAIL {rid} [{t}]: " + "; ".join(errs))
        else:
            passed += 1
            print(f"ok   {rid} [{t}]")

    if n_answerable:
        print(f"info: {raw_exact}/{raw_total} must_contain strings also match the raw "
              f"pdftotext -layout text byte-exactly")
        print(f"info: lexical baseline (BM25 over whole pages, page-level): "
              f"hit@1 {base_hits[1]}/{n_answerable}, hit@5 {base_hits[5]}/{n_answerable}")
        print(f"info: {low_overlap}/{n_answerable} answerable questions share < 60% of their "
              f"content words with their gold pages (paraphrased)")
    print(f"{passed} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
