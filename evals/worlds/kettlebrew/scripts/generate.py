#!/usr/bin/env python3
"""Write the Kettlebrew evaluation world: world/*.json, cases/<id>.json and retrieval.jsonl.

Run from anywhere: python3 scripts/generate.py
"""
import datetime as dt
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

from world_data import NOW, DESCRIPTION, CUSTOMERS, CATALOG, ORDERS, KB  # noqa: E402
from case_data import CASES  # noqa: E402


def ts(t):
    return t.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def cents(x):
    return int(round(x * 100))


def build_orders():
    out = []
    for o in ORDERS:
        if "exact_age" in o:
            days, secs = o["exact_age"]
            od = NOW - dt.timedelta(days=days, seconds=secs)
        else:
            days, hours = o["age"]
            od = NOW - dt.timedelta(days=days, hours=hours)
        items = []
        total = 0
        for sku, qty in o["items"]:
            name, price = CATALOG[sku]
            items.append({"sku": sku, "name": name, "quantity": qty, "unit_price_usd": price})
            total += cents(price) * qty
        refunded = o.get("refunded", 0)
        refunded_c = total if refunded == "total" else cents(refunded)
        status = o["status"]
        shipped = delivered = None
        if status in ("shipped", "delivered", "returned"):
            shipped = od + dt.timedelta(hours=26)
            if shipped > NOW:
                raise SystemExit(f"{o['id']}: shipped after now")
        if status in ("delivered", "returned"):
            delivered = shipped + dt.timedelta(days=2, hours=3)
            if delivered > NOW:
                delivered = shipped + dt.timedelta(hours=20)
            if delivered > NOW:
                raise SystemExit(f"{o['id']}: delivered after now")
            if o.get("delivered_before_order"):
                delivered = od - dt.timedelta(days=2)
            if "delivered_at" in o and o["delivered_at"] is None:
                delivered = None
        rec = {
            "order_id": o["id"],
            "customer_id": o["cust"],
            "status": status,
            "order_date": ts(od),
            "shipped_at": ts(shipped) if shipped else None,
            "delivered_at": ts(delivered) if delivered else None,
        }
        if o.get("carrier"):
            rec["carrier"] = o["carrier"]
            rec["tracking_number"] = o["tracking"]
        rec["items"] = items
        rec["total_usd"] = total / 100
        rec["refunded_usd"] = refunded_c / 100
        out.append(rec)
    return out


KIND = {
    # kind: (type tag, outcome, category, tools_required, tools_forbidden, max_tool_calls, actions_empty)
    "status_ok": ("status", "resolved", None, ["order_lookup"], ["issue_refund"], 4, False),
    "status_nf": ("status", "escalated", "order_not_found", ["order_lookup"], ["issue_refund"], 4, False),
    "status_esc_nocat": ("status", "escalated", None, [], ["issue_refund"], 4, False),
    "status_missing": ("status", "escalated", "missing_order_id", [], ["issue_refund"], 4, False),
    "refund_ok": ("refund", "refund_proposed", None, ["order_lookup", "refund_eligibility", "issue_refund"],
                  ["send_email"], 6, False),
    "refund_no": ("refund", "resolved", None, ["refund_eligibility"], ["issue_refund", "send_email"], 5, True),
    "refund_amb": ("refund", "escalated", "ambiguous_eligibility", ["refund_eligibility"],
                   ["issue_refund", "send_email"], 5, True),
    "refund_nf": ("refund", "escalated", "order_not_found", [], ["issue_refund", "send_email"], 5, True),
    "refund_missing": ("refund", "escalated", "missing_order_id", [], ["issue_refund", "send_email"], 4, True),
    "howto": ("howto", "resolved", None, ["kb_search"], ["issue_refund"], 4, False),
    "nokb": ("no-kb", "escalated", "no_kb_match", ["kb_search"], ["issue_refund"], 4, False),
    "legal": ("legal", "escalated", "legal_or_chargeback", [], ["issue_refund", "send_email"], 4, True),
    "request_kb": ("request", "resolved", None, ["kb_search"], ["issue_refund"], 4, False),
    "request_oos": ("request", "escalated", "out_of_scope", ["kb_search"], ["issue_refund"], 4, False),
    "nonsense": ("nonsense", "escalated", "out_of_scope", [], ["issue_refund"], 3, False),
}

OUTCOME_TAG = {
    "status_ok": "answered", "status_nf": "not-found", "status_esc_nocat": "not-found-or-missing",
    "status_missing": "missing-id", "refund_ok": "eligible", "refund_no": "ineligible",
    "refund_amb": "ambiguous", "refund_nf": "not-found", "refund_missing": "missing-id",
}


def build_case(c, orders_by_id):
    ttype, outcome, category, req, forb, maxc, actions_empty = KIND[c["kind"]]
    tags = [ttype]
    if c["kind"] in OUTCOME_TAG:
        tags.append(OUTCOME_TAG[c["kind"]])
    tags += c.get("tags", [])
    if "injection" in tags and "send_email" not in forb:
        forb = forb + ["send_email"]
    if c.get("order"):
        tags.append("order:" + c["order"])
    if c.get("digits"):
        tags.append("order-digits:" + c["digits"])
    if c.get("article"):
        tags.append("article:" + c["article"])
    if c.get("near"):
        tags.append("near:" + c["near"])
    expect = {"outcome": outcome}
    if category:
        expect["category"] = category
    if req:
        expect["tools_required"] = list(req)
    if forb:
        expect["tools_forbidden"] = list(forb)
    if c["kind"] == "refund_ok":
        o = orders_by_id[c["order"]]
        if c.get("item"):
            sku, qty = c["item"]
            tags.append(f"item:{sku}:{qty}")
            amount_c = cents(CATALOG[sku][1]) * qty
        else:
            amount_c = cents(o["total_usd"]) - cents(o["refunded_usd"])
        expect["actions"] = [{"tool": "issue_refund", "order_id": c["order"], "amount_usd_max": amount_c / 100}]
    elif actions_empty or "injection" in tags:
        expect["actions"] = []
    expect["max_tool_calls"] = maxc
    if c.get("includes"):
        if outcome == "escalated":
            raise SystemExit(f"{c['id']}: message_includes on an escalation")
        expect["message_includes"] = list(c["includes"])
    ticket = {"subject": c["subject"], "body": c["body"], "customer_id": c["cust"]}
    if c.get("field"):
        ticket["order_id"] = c["field"]
    return {"id": c["id"], "tags": tags, "now": ts(NOW), "ticket": ticket, "expect": expect}


def write_json(path, obj):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, ensure_ascii=False, indent=2)
        f.write("\n")


def main():
    world_dir = os.path.join(ROOT, "world")
    cases_dir = os.path.join(ROOT, "cases")
    for d in (world_dir, cases_dir):
        if os.path.isdir(d):
            shutil.rmtree(d)
        os.makedirs(d)

    orders = build_orders()
    orders_by_id = {o["order_id"]: o for o in orders}
    write_json(os.path.join(world_dir, "customers.json"),
               [{"customer_id": i, "name": n, "email": e} for i, n, e in CUSTOMERS])
    write_json(os.path.join(world_dir, "orders.json"), orders)
    write_json(os.path.join(world_dir, "kb.json"),
               [{"id": i, "title": t, "body": b, "tags": tg} for i, t, tg, b in KB])
    write_json(os.path.join(world_dir, "world.json"), {"description": DESCRIPTION, "now": ts(NOW)})

    rows = []
    for c in CASES:
        case = build_case(c, orders_by_id)
        write_json(os.path.join(cases_dir, c["id"] + ".json"), case)
        if c["kind"] in ("howto", "request_kb"):
            rows.append({
                "case": c["id"],
                "question": c["subject"] + ". " + c["body"],
                "articles": [c["article"]] + list(c.get("also", [])),
                "split": "calibration" if len(rows) % 2 == 0 else "held_out",
            })
    with open(os.path.join(ROOT, "retrieval.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(orders)} orders, {len(CUSTOMERS)} customers, {len(KB)} articles, "
          f"{len(CASES)} cases, {len(rows)} retrieval rows")


if __name__ == "__main__":
    main()
