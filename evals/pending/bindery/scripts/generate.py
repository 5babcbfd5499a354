#!/usr/bin/env python3
"""Write world/, cases/ and retrieval.jsonl of the `bindery` eval world from the hand-written specs
(spec_world.py, spec_kb.py, spec_cases.py). Deterministic: a rerun rewrites every file byte-identically.

    python3 scripts/generate.py            # into the folder above scripts/
    python3 scripts/generate.py OUT_DIR    # elsewhere (validate.py uses this to check determinism)
"""
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import spec_world as W  # noqa: E402
from spec_kb import KB  # noqa: E402
from spec_cases import CASES  # noqa: E402

TOOLS = ["order_lookup", "refund_eligibility", "kb_search", "issue_refund", "send_email"]


def dump(obj):
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def ticket_ids():
    rng = random.Random(20261120)
    nums = rng.sample(range(10000, 99999), len(CASES))
    return {c["id"]: "tkt-%05d" % n for c, n in zip(CASES, nums)}


def parse_label(label):
    parts = label.split()
    if parts[0] == "refund_proposed":
        return "refund_proposed", None, float(parts[1])
    if parts[0] == "escalated":
        return "escalated", (parts[1] if len(parts) > 1 else None), None
    return parts[0], None, None


def canonical_order(c):
    """The order the hand-written ref stands for (as the spec author meant it)."""
    ref = c["ref"]
    if ref is None:
        return None
    for oid, o in W.ORDER.items():
        if o["customer_id"] != c["customer_id"]:
            continue
        if ref.lstrip("#").upper().replace(" ", "-").replace("/", "-") == oid:
            return o
        if ref.isdigit() and int(oid[-5:]) == int(ref):
            return o
    return None


def message_facts(c, outcome, amount):
    if c["lang"] != "en" or outcome not in ("resolved", "refund_proposed"):
        return []
    kind = c["intent"]["kind"]
    if outcome == "refund_proposed":
        return ["%.2f" % amount]
    o = canonical_order(c)
    if kind == "status":
        if o["status"] in ("shipped", "delivered") and o["carrier"] != W.DIG:
            return [o["tracking_number"]]
        return [o["status"]]
    if kind == "refund":
        return [policy_ref(o)]
    if kind == "record" and c["intent"]["state"] == "executed":
        return [e["confirmation_id"] for e in c["events"] if e.get("confirmation_id")][-1:]
    return []


def policy_ref(o):
    return {
        "cancelled": "refund-policy/cancelled",
        "processing": "refund-policy/not-delivered",
        "shipped": "refund-policy/not-delivered",
        "delivered": "refund-policy/window-30-days",
    }[o["status"]]


def expect_for(c):
    outcome, category, amount = parse_label(c["label"])
    kind = c["intent"]["kind"]
    required = []
    if kind in ("status", "refund"):
        if category == "missing_order_id":
            required = []
        elif category == "order_not_found":
            required = ["order_lookup"]
        elif kind == "status":
            required = ["order_lookup"]
        elif outcome == "refund_proposed":
            required = ["order_lookup", "refund_eligibility"]
        else:
            required = ["refund_eligibility"]
    elif kind in ("howto", "no_tool"):
        required = ["kb_search"]
    if category == "human_owned":
        forbidden = list(TOOLS)
    elif outcome == "refund_proposed":
        forbidden = ["send_email"]
    else:
        forbidden = ["issue_refund", "send_email"]
    e = {"outcome": outcome}
    if category:
        e["category"] = category
    e["tools_required"] = required
    e["tools_forbidden"] = forbidden
    if outcome == "refund_proposed":
        o = canonical_order(c)
        e["actions"] = [{"tool": "issue_refund", "order_id": o["order_id"], "amount_usd_max": amount}]
    else:
        e["actions"] = []
    e["max_tool_calls"] = 6
    facts = message_facts(c, outcome, amount)
    if facts:
        e["message_includes"] = facts
    return e


def build_case(c, tid):
    outcome, category, _ = parse_label(c["label"])
    tags = ["type:" + c["type"], "lang:" + c["lang"]]
    if c["near"]:
        tags.append("near-miss")
    tags += [t for t in c["tags"] if t != "near-miss"]
    tags.append("outcome:" + outcome + (":" + category if category else ""))
    ticket = {"ticket_id": tid, "subject": c["subject"], "body": c["body"], "customer_id": c["customer_id"]}
    if c["order_field"]:
        ticket["order_id"] = c["order_field"]
    out = {"id": c["id"], "tags": tags, "now": W.NOW_S, "ticket": ticket}
    if c["thread"]:
        out["thread"] = c["thread"]
    if c["events"]:
        out["events"] = c["events"]
    out["expect"] = expect_for(c)
    return out


def main(root):
    write(os.path.join(root, "world", "customers.json"),
          dump([{"customer_id": i, "name": n, "email": e} for i, n, e in W.CUSTOMERS]))
    write(os.path.join(root, "world", "orders.json"), dump(W.records()))
    write(os.path.join(root, "world", "kb.json"),
          dump([{"id": a["id"], "title": a["title"], "body": a["body"], "tags": a["tags"]} for a in KB]))
    write(os.path.join(root, "world", "world.json"), dump({"description": W.DESCRIPTION, "now": W.NOW_S}))

    cases_dir = os.path.join(root, "cases")
    os.makedirs(cases_dir, exist_ok=True)
    wanted = {c["id"] + ".json" for c in CASES}
    for name in os.listdir(cases_dir):
        if name.endswith(".json") and name not in wanted:
            os.remove(os.path.join(cases_dir, name))
    tids = ticket_ids()
    lines = []
    for c in CASES:
        write(os.path.join(cases_dir, c["id"] + ".json"), dump(build_case(c, tids[c["id"]])))
        if c["article"] and parse_label(c["label"])[0] == "resolved":
            lines.append(json.dumps({"case": c["id"], "query": c["query"], "article": c["article"]},
                                    ensure_ascii=False))
    write(os.path.join(root, "retrieval.jsonl"), "\n".join(lines) + "\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(HERE))
