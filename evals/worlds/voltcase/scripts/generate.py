#!/usr/bin/env python3
"""Write the Voltcase evaluation world: world/*.json, cases/<id>.json and retrieval.jsonl.

Plain Python 3, no dependencies. Run from anywhere:  python3 scripts/generate.py
The output is deterministic; cases/ is emptied of *.json first so a renamed case leaves no stale file.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

from voltcase_world import CUSTOMERS, ORDERS, KB, NOW_STR, DESCRIPTION  # noqa: E402
from voltcase_cases import CASES  # noqa: E402


def dump(path, data):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=2)
        f.write("\n")


def main():
    world = os.path.join(ROOT, "world")
    cases_dir = os.path.join(ROOT, "cases")
    os.makedirs(world, exist_ok=True)
    os.makedirs(cases_dir, exist_ok=True)

    dump(os.path.join(world, "customers.json"), CUSTOMERS)
    dump(os.path.join(world, "orders.json"), ORDERS)
    dump(os.path.join(world, "kb.json"), KB)
    dump(os.path.join(world, "world.json"), {"description": DESCRIPTION, "now": NOW_STR})

    for name in os.listdir(cases_dir):
        if name.endswith(".json"):
            os.remove(os.path.join(cases_dir, name))

    rows = []
    for c in CASES:
        ticket = {"subject": c["subject"], "body": c["body"], "customer_id": c["customer"]}
        if c["order_id"]:
            ticket["order_id"] = c["order_id"]
        out = {
            "id": c["id"],
            "tags": c["tags"],
            "now": NOW_STR,
            "ticket": ticket,
            "expect": c["expect"],
        }
        dump(os.path.join(cases_dir, c["id"] + ".json"), out)
        if c["articles"]:
            rows.append({
                "case": c["id"],
                "question": c["subject"] + ". " + c["body"],
                "articles": c["articles"],
                "split": "calibration" if len(rows) % 2 == 0 else "held_out",
            })

    with open(os.path.join(ROOT, "retrieval.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    print(f"wrote {len(CUSTOMERS)} customers, {len(ORDERS)} orders, {len(KB)} articles, "
          f"{len(CASES)} cases, {len(rows)} retrieval rows")


if __name__ == "__main__":
    main()
