#!/usr/bin/env python3
"""Writes cases/<id>.json and retrieval.jsonl from cases_src.CASES."""
import json, os, glob
from cases_src import CASES

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
CASEDIR = os.path.join(ROOT, "cases")

def main():
    os.makedirs(CASEDIR, exist_ok=True)
    for f in glob.glob(os.path.join(CASEDIR, "*.json")):
        os.remove(f)
    ids = set()
    for c in CASES:
        case = c["case"]
        assert case["id"] not in ids, case["id"]
        ids.add(case["id"])
        with open(os.path.join(CASEDIR, case["id"] + ".json"), "w", encoding="utf-8") as f:
            json.dump(case, f, ensure_ascii=False, indent=2)
            f.write("\n")
    n = 0
    with open(os.path.join(ROOT, "retrieval.jsonl"), "w", encoding="utf-8") as f:
        for c in CASES:
            if not c["kb"]:
                continue
            t = c["case"]["ticket"]
            q = (t["subject"] + " " + t["body"]).replace("\n", " ")
            q = " ".join(q.split())
            split = "calibration" if n % 2 == 0 else "held_out"
            f.write(json.dumps({"id": c["case"]["id"], "query": q, "relevant": c["kb"], "split": split},
                               ensure_ascii=False) + "\n")
            n += 1
    print(len(ids), "cases,", n, "retrieval rows")

if __name__ == "__main__":
    main()
