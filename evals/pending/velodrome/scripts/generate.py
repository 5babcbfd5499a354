#!/usr/bin/env python3
"""Write the Velodrome Cycles evaluation world: world/*.json, cases/<id>.json, retrieval.jsonl.

Run from anywhere: python3 scripts/generate.py
Deterministic: the same sources always write the same bytes.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

from world_def import KB, WORLD_META, build_customers, build_orders  # noqa: E402
from cases_def import CASES  # noqa: E402


def dump(path, obj):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, ensure_ascii=False, indent=2)
        f.write("\n")


def main():
    world = os.path.join(ROOT, "world")
    cases = os.path.join(ROOT, "cases")
    os.makedirs(world, exist_ok=True)
    os.makedirs(cases, exist_ok=True)

    dump(os.path.join(world, "customers.json"), build_customers())
    dump(os.path.join(world, "orders.json"), build_orders())
    dump(os.path.join(world, "kb.json"), KB)
    dump(os.path.join(world, "world.json"), WORLD_META)

    # the generator owns cases/: stale files from an earlier run are removed
    for name in os.listdir(cases):
        if name.endswith(".json"):
            os.remove(os.path.join(cases, name))

    seen = set()
    rows = []
    for entry in CASES:
        case = entry["case"]
        cid = case["id"]
        if cid in seen:
            raise SystemExit("duplicate case id: " + cid)
        seen.add(cid)
        dump(os.path.join(cases, cid + ".json"), case)
        if entry["articles"] is not None:
            rows.append({
                "case": cid,
                "question": case["ticket"]["subject"] + ". " + case["ticket"]["body"],
                "articles": entry["articles"],
            })

    with open(os.path.join(ROOT, "retrieval.jsonl"), "w", encoding="utf-8") as f:
        for i, row in enumerate(rows):
            row["split"] = "calibration" if i % 2 == 0 else "held_out"
            f.write(json.dumps(row, ensure_ascii=False) + "\n")

    print("wrote %d cases, %d retrieval rows, %d orders, %d articles"
          % (len(CASES), len(rows), len(build_orders()), len(KB)))


if __name__ == "__main__":
    main()
