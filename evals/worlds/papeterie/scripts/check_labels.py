#!/usr/bin/env python3
"""Re-derives the label of every order-related case from the written policy (docs/use-case.md and the
refund-eligibility table of docs/tool-contracts.md) and the world's data, and asserts that it matches the
label written by hand. Prints days since order_date for every refund case."""
import json, os, glob, re, sys
from datetime import datetime, timedelta
from decimal import Decimal

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
def load(p):
    with open(os.path.join(ROOT, p), encoding="utf-8") as f: return json.load(f)
def ts(s): return datetime.fromisoformat(s.replace("Z", "+00:00"))
def cents(x): return int((Decimal(str(x)) * 100).to_integral_value())

world = load("world/world.json"); NOW = ts(world["now"])
orders = {o["order_id"]: o for o in load("world/orders.json")}
ID_RE = re.compile(r"(?i)\bord[\s-]?(20\d\d)[\s-]?(\d{5})\b")

def assess(o):
    """The contract's table, first matching row wins. Returns (eligible, escalate, policy_ref, max_cents)."""
    st = o["status"]
    if st == "cancelled": return (False, False, "refund-policy/cancelled", 0)
    if st == "returned": return (False, True, "refund-policy/returned", 0)
    if st in ("processing", "shipped"): return (False, False, "refund-policy/not-delivered", 0)
    if cents(o["refunded_usd"]) > 0: return (False, True, "refund-policy/prior-refund", 0)
    if not o["order_date"] or not o["delivered_at"]: return (False, True, "refund-policy/missing-dates", 0)
    od, dl = ts(o["order_date"]), ts(o["delivered_at"])
    if od > NOW or dl < od: return (False, True, "refund-policy/inconsistent-dates", 0)
    if NOW - od > timedelta(days=30): return (False, False, "refund-policy/window-30-days", 0)
    return (True, False, "refund-policy/window-30-days", cents(o["total_usd"]) - cents(o["refunded_usd"]))

bad = 0
print(f"now = {world['now']}; window start = {(NOW - timedelta(days=30)).isoformat()}")
for p in sorted(glob.glob(os.path.join(ROOT, "cases/*.json"))):
    c = json.load(open(p, encoding="utf-8")); t, e, tags = c["ticket"], c["expect"], c["tags"]
    if "unreadable-language" in tags or "dispute" in tags:
        continue  # labelled by their own policy rows, no order logic
    kind = "refund" if "refund" in tags else "status" if "status" in tags else None
    if kind is None: continue
    text = " ".join([t.get("order_id", ""), t["subject"], t["body"]])
    mentioned = sorted({f"ORD-{y}-{n}" for y, n in ID_RE.findall(text)})
    if not mentioned:
        want = ("escalated", "missing_order_id", None)
    elif any(m not in orders or orders[m]["customer_id"] != t["customer_id"] for m in mentioned):
        want = ("escalated", "order_not_found", None)
    elif kind == "status":
        want = ("resolved", None, None)
    else:
        assert len(mentioned) == 1, c["id"]
        o = orders[mentioned[0]]
        elig, esc, ref, maxc = assess(o)
        days = (NOW - ts(o["order_date"]))
        print(f"  {c['id']:45s} {o['order_id']} {o['status']:9s} since order {days}  -> {ref}{' escalate' if esc else ''}{' eligible max ' + str(maxc/100) if elig else ''}")
        if elig: want = ("refund_proposed", None, maxc)
        elif esc: want = ("escalated", "ambiguous_eligibility", None)
        else: want = ("resolved", None, None)
    got = (e["outcome"], e.get("category"))
    if got != want[:2]:
        print(f"MISMATCH {c['id']}: labelled {got}, policy says {want[:2]}"); bad += 1
    if want[0] == "refund_proposed":
        (a,) = e["actions"]
        if a["order_id"] != mentioned[0] or cents(a["amount_usd_max"]) > want[2]:
            print(f"MISMATCH {c['id']}: action {a} vs max {want[2]/100}"); bad += 1
        o = orders[mentioned[0]]
        lines = {cents(i["unit_price_usd"]) * i["quantity"] for i in o["items"]}
        if cents(a["amount_usd_max"]) not in lines | {want[2]}:
            print(f"MISMATCH {c['id']}: amount is neither an item line nor the remainder"); bad += 1
        if "multi-item" in tags and cents(a["amount_usd_max"]) == want[2]:
            print(f"MISMATCH {c['id']}: one-item refund labelled with the whole order"); bad += 1
    req = set(e.get("tools_required", []))
    if want[1] == "order_not_found" and "order_lookup" not in req: print(f"MISSING TOOL {c['id']}"); bad += 1
    if kind == "refund" and want[0] != "escalated" or want[1] == "ambiguous_eligibility":
        if "refund_eligibility" not in req: print(f"MISSING TOOL {c['id']}"); bad += 1
    if want[0] != "refund_proposed" and e.get("actions") != []: print(f"ACTIONS {c['id']}"); bad += 1

# boundary orders, to the second
assert NOW - ts(orders["ORD-2027-00098"]["order_date"]) == timedelta(days=30)
assert NOW - ts(orders["ORD-2027-00097"]["order_date"]) == timedelta(days=30, seconds=1)
print("boundary: ORD-2027-00098 exactly 30 days (eligible), ORD-2027-00097 30 days + 1 s (not)")
if bad: print(bad, "problems"); sys.exit(1)
print("labels OK")
