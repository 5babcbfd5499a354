#!/usr/bin/env python3
"""Structural checks of the papeterie world and cases (written from the documented case format)."""
import json, os, glob, re, sys
from datetime import datetime
from decimal import Decimal

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
errors = []
def err(m): errors.append(m)

def load(p):
    with open(p, encoding="utf-8") as f:
        return json.load(f)

customers = load(os.path.join(ROOT, "world/customers.json"))
orders = load(os.path.join(ROOT, "world/orders.json"))
kb = load(os.path.join(ROOT, "world/kb.json"))
world = load(os.path.join(ROOT, "world/world.json"))

def ts(s): return datetime.fromisoformat(s.replace("Z", "+00:00"))
def cents(x): return int((Decimal(str(x)) * 100).to_integral_value())

# ---- world -------------------------------------------------------------------------------
assert set(world) == {"description", "now"}; ts(world["now"])
cust = {}
for c in customers:
    if set(c) != {"customer_id", "name", "email"}: err(f"customer keys {c}")
    if not re.fullmatch(r"PL-C-\d{4}", c["customer_id"]): err(f"customer id {c['customer_id']}")
    if c["customer_id"] in cust: err(f"dup customer {c['customer_id']}")
    cust[c["customer_id"]] = c
if not 12 <= len(cust) <= 16: err(f"{len(cust)} customers")

ORDER_KEYS = {"order_id", "customer_id", "status", "order_date", "shipped_at", "delivered_at", "items", "total_usd", "refunded_usd"}
ords = {}
for o in orders:
    keys = set(o)
    if keys not in (ORDER_KEYS, ORDER_KEYS | {"carrier", "tracking_number"}): err(f"order keys {o['order_id']}: {keys}")
    oid = o["order_id"]
    if not re.fullmatch(r"ORD-20\d\d-\d{5}", oid): err(f"order id {oid}")
    if oid in ords: err(f"dup order {oid}")
    ords[oid] = o
    if o["customer_id"] not in cust: err(f"{oid}: unknown customer")
    if o["status"] not in {"processing", "shipped", "delivered", "cancelled", "returned"}: err(f"{oid} status")
    total = sum(cents(i["unit_price_usd"]) * i["quantity"] for i in o["items"])
    for i in o["items"]:
        if set(i) != {"sku", "name", "quantity", "unit_price_usd"}: err(f"{oid} item keys")
    if total != cents(o["total_usd"]): err(f"{oid} total {total} != {o['total_usd']}")
    if not 0 <= cents(o["refunded_usd"]) <= total: err(f"{oid} refunded")
    od, sh, dl = o["order_date"], o["shipped_at"], o["delivered_at"]
    if sh and ts(sh) < ts(od): err(f"{oid} shipped before ordered")
    if dl and sh and ts(dl) < ts(sh): err(f"{oid} delivered before shipped")
    if o["status"] in ("processing", "cancelled") and (sh or dl or "carrier" in o): err(f"{oid} {o['status']} has shipping data")
    if o["status"] == "shipped" and (not sh or dl or "tracking_number" not in o): err(f"{oid} shipped fields")
    if o["status"] == "cancelled" and cents(o["refunded_usd"]) != total: err(f"{oid} cancelled but not refunded in full")
    if ts(od) > ts(world["now"]): err(f"{oid} ordered in the future")
statuses = {o["status"] for o in orders}
if statuses != {"processing", "shipped", "delivered", "cancelled", "returned"}: err(f"statuses {statuses}")
if not 40 <= len(orders) <= 50: err(f"{len(orders)} orders")

kbids = set()
for a in kb:
    if set(a) != {"id", "title", "body", "tags"}: err(f"kb keys {a.get('id')}")
    if a["id"] in kbids: err(f"dup kb {a['id']}")
    kbids.add(a["id"])
if not 18 <= len(kb) <= 25: err(f"{len(kb)} articles")

# ---- cases -------------------------------------------------------------------------------
CASE_KEYS = {"id", "tags", "now", "world", "ticket", "expect"}
EXPECT_KEYS = {"outcome", "category", "tools_required", "tools_forbidden", "actions", "max_tool_calls", "message_includes"}
ACTION_KEYS = {"tool", "order_id", "amount_usd_max"}
TICKET_KEYS = {"ticket_id", "subject", "body", "customer_id", "order_id"}
TOOLS = {"order_lookup", "refund_eligibility", "kb_search", "issue_refund", "send_email"}
CATS = {"legal_or_chargeback", "order_not_found", "missing_order_id", "ambiguous_eligibility", "no_kb_match", "out_of_scope", "unspecified"}
ID_RE = re.compile(r"(?i)\bord[\s-]?(20\d\d)[\s-]?(\d{5})\b")
KNOWN_UNKNOWN = {"ORD-2027-00415", "ORD-2027-00262", "ORD-2026-00187"}  # deliberately nonexistent ids

ids = set()
files = sorted(glob.glob(os.path.join(ROOT, "cases/*.json")))
for p in files:
    try:
        c = load(p)
    except Exception as e:
        err(f"{p}: {e}"); continue
    cid = c.get("id")
    if os.path.basename(p) != f"{cid}.json": err(f"{p}: file name != id")
    if cid in ids: err(f"dup case id {cid}")
    ids.add(cid)
    if set(c) - CASE_KEYS: err(f"{cid}: unknown keys {set(c) - CASE_KEYS}")
    if not {"id", "ticket", "expect"} <= set(c): err(f"{cid}: missing keys")
    if not isinstance(c.get("tags", []), list) or not all(isinstance(t, str) for t in c.get("tags", [])): err(f"{cid} tags")
    t, e = c["ticket"], c["expect"]
    if set(t) - TICKET_KEYS: err(f"{cid}: ticket keys {set(t) - TICKET_KEYS}")
    if t["customer_id"] not in cust: err(f"{cid}: unknown customer {t['customer_id']}")
    if len(t["subject"].encode()) > 1024 or len(t["body"].encode()) > 32768: err(f"{cid}: ticket too large")
    if "order_id" in t and not (0 < len(t["order_id"].encode()) <= 128): err(f"{cid}: order_id length")
    if set(e) - EXPECT_KEYS: err(f"{cid}: expect keys {set(e) - EXPECT_KEYS}")
    if e["outcome"] not in {"resolved", "refund_proposed", "escalated"}: err(f"{cid}: outcome")
    if e["outcome"] == "escalated":
        if e.get("category") not in CATS: err(f"{cid}: category {e.get('category')}")
        if "message_includes" in e: err(f"{cid}: message_includes on an escalation")
    elif "category" in e: err(f"{cid}: category on a non-escalation")
    for k in ("tools_required", "tools_forbidden"):
        if not set(e.get(k, [])) <= TOOLS: err(f"{cid}: {k}")
    if set(e.get("tools_required", [])) & set(e.get("tools_forbidden", [])): err(f"{cid}: required and forbidden")
    # order ids mentioned
    text = " ".join([t.get("order_id", ""), t["subject"], t["body"]])
    for y, n in ID_RE.findall(text):
        oid = f"ORD-{y}-{n}"
        if oid not in ords and oid not in KNOWN_UNKNOWN: err(f"{cid}: references unknown order {oid}")
    acts = e.get("actions")
    if e["outcome"] == "refund_proposed":
        if not acts: err(f"{cid}: refund_proposed without actions")
    elif acts: err(f"{cid}: actions on a {e['outcome']} case")
    for a in acts or []:
        if set(a) - ACTION_KEYS: err(f"{cid}: action keys")
        if a["tool"] != "issue_refund": err(f"{cid}: action tool")
        o = ords.get(a["order_id"])
        if not o: err(f"{cid}: action on unknown order"); continue
        if o["customer_id"] != t["customer_id"]: err(f"{cid}: action on another customer's order")
        rem = cents(o["total_usd"]) - cents(o["refunded_usd"])
        if not 0 < cents(a["amount_usd_max"]) <= rem: err(f"{cid}: amount {a['amount_usd_max']} > refundable {rem/100}")

# ---- retrieval ---------------------------------------------------------------------------
rows = [json.loads(l) for l in open(os.path.join(ROOT, "retrieval.jsonl"), encoding="utf-8")]
seen = set()
for r in rows:
    if set(r) != {"id", "query", "relevant", "split"}: err(f"retrieval keys {r}")
    if r["id"] not in ids: err(f"retrieval: unknown case {r['id']}")
    if r["id"] in seen: err(f"retrieval dup {r['id']}")
    seen.add(r["id"])
    if not r["relevant"] or not set(r["relevant"]) <= kbids: err(f"retrieval: articles {r['relevant']}")
    if r["split"] not in {"calibration", "held_out"}: err("split")

print(f"{len(files)} cases, {len(cust)} customers, {len(orders)} orders, {len(kb)} articles, {len(rows)} retrieval rows")
if errors:
    print("\n".join(errors)); sys.exit(1)
print("OK")
