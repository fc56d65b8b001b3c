#!/usr/bin/env python3
"""Summarise scripts/eval-corpora.sh runs.

    eval-summary.py OUT          one row per set, and the ids of the questions
                                 whose passage only plain bleve found
    eval-summary.py OLD NEW      both runs side by side, and the ids of the
                                 questions whose outcome changed

Outcomes are "answered" or "refused"; only ids are printed, never question
text, so that a run over a blind set can be compared without reading it.
"""
import json
import os
import sys


def load(out):
    runs = {}
    for f in sorted(os.listdir(out)):
        if f.endswith(".json"):
            with open(os.path.join(out, f)) as fh:
                try:
                    runs[f[:-5]] = json.load(fh)
                except json.JSONDecodeError:
                    pass  # a run still writing, or one that failed
    return runs


def row(d):
    a = d.get("aggregate", d)  # without --baseline the summary is the top level
    b = (d.get("baseline") or {}).get("summary") or {}
    ans, un = a["answerable"], a["unanswerable"]
    kf = a.get("key_fact_recall") if a.get("key_fact_questions") else None
    return {
        "FR": f'{a["refused_answerable"]}/{ans}',
        "RR": f'{a["refused_unanswerable"]}/{un}' if un else "-",
        "ev@5": f'{a.get("evidence_hit_at_5", 0):.3f}',
        "bleve": f'{b.get("evidence_hit_at_k", 0):.3f}' if b else "-",
        "kf": f"{kf:.3f}" if kf is not None else "-",
    }


def outcomes(out, name):
    path = os.path.join(out, "reports", name, "report.json")
    if not os.path.exists(path):
        return {}
    with open(path) as fh:
        qs = json.load(fh)["run"]["questions"]
    return {
        q["id"]: ("refused" if q.get("confidence") == "refused" or q.get("refusal_reason") else "answered",
                  bool(q.get("unanswerable")))
        for q in qs
    }


def main(argv):
    if len(argv) not in (2, 3):
        sys.exit(__doc__)
    runs = [load(o) for o in argv[1:]]
    cols = ["FR", "RR", "ev@5", "bleve", "kf"]
    names = sorted(set().union(*runs))
    print("set".ljust(24) + "".join(
        (c if len(runs) == 1 else f"{c} old→new").ljust(11 if len(runs) == 1 else 20) for c in cols))
    for n in names:
        rows = [row(r[n]) if n in r else None for r in runs]
        cells = []
        for c in cols:
            vals = [x[c] if x else "?" for x in rows]
            cells.append(" → ".join(vals).ljust(11 if len(runs) == 1 else 20))
        print(n.ljust(24) + "".join(cells))
    if len(runs) == 1:
        # Where plain bleve found the passage and the pipeline did not
        # (eval --baseline names them; ids only, as for blind sets).
        for n in names:
            only = ((runs[0][n].get("baseline") or {}).get("only_baseline")) or []
            if only:
                print(f"  {n} only bleve found: {', '.join(only)}")
    if len(runs) == 2:
        for n in names:
            old, new = outcomes(argv[1], n), outcomes(argv[2], n)
            changed = [i for i in old if i in new and old[i][0] != new[i][0]]
            for i in changed:
                kind = "unanswerable" if old[i][1] else "answerable"
                print(f"  {n} {i} ({kind}): {old[i][0]} → {new[i][0]}")


if __name__ == "__main__":
    main(sys.argv)
