#!/usr/bin/env python3
"""Validates the Pawprint Pantry world and cases against the documented format and the written policy."""
import json, os, re, glob, collections
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
errors = []


def err(msg):
    errors.append(msg)


def load(p):
    with open(p, encoding="utf-8") as f:
        return json.load(f)


def ts(s):
    return datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def cents(x):
    return round(x * 100)


world = load(os.path.join(ROOT, "world", "world.json"))
NOW = ts(world["now"])
assert world["now"] == "2027-08-03T20:15:00Z"
assert set(world) == {"description", "now"}
customers = {c["customer_id"]: c for c in load(os.path.join(ROOT, "world", "customers.json"))}
orders_list = load(os.path.join(ROOT, "world", "orders.json"))
orders = {o["order_id"]: o for o in orders_list}
kb = load(os.path.join(ROOT, "world", "kb.json"))
kb_ids = {a["id"] for a in kb}

# ---- world checks
if not 12 <= len(customers) <= 16: err(f"customers: {len(customers)}")
if not 40 <= len(orders) <= 50: err(f"orders: {len(orders)}")
if not 18 <= len(kb) <= 25: err(f"kb: {len(kb)}")
if len(orders) != len(orders_list): err("duplicate order ids")
if len(kb_ids) != len(kb): err("duplicate kb ids")
for c in customers.values():
    if set(c) != {"customer_id", "name", "email"} or not re.fullmatch(r"pp_\d{5}", c["customer_id"]): err(f"customer {c}")
last7 = collections.Counter(oid[-7:] for oid in orders)
for k, n in last7.items():
    if n > 1: err(f"last-7 digits {k} not unique")
statuses = collections.Counter()
for o in orders_list:
    oid = o["order_id"]
    if not re.fullmatch(r"\d{3}-\d{7}-\d{7}", oid): err(f"order id format {oid}")
    if o["customer_id"] not in customers: err(f"{oid}: unknown customer")
    statuses[o["status"]] += 1
    total = sum(cents(i["unit_price_usd"]) * i["quantity"] for i in o["items"])
    if total != cents(o["total_usd"]): err(f"{oid}: total {o['total_usd']} != items {total}")
    if not 0 <= cents(o["refunded_usd"]) <= total: err(f"{oid}: refunded out of range")
    if o["status"] == "processing" and (o["shipped_at"] or o["delivered_at"] or "tracking_number" in o): err(f"{oid}: processing with shipping data")
    if o["status"] == "shipped" and (not o["shipped_at"] or o["delivered_at"] or "tracking_number" not in o): err(f"{oid}: shipped shape")
    if o["status"] == "cancelled" and cents(o["refunded_usd"]) != total: err(f"{oid}: cancelled but not refunded")
    if ts(o["order_date"]) > NOW: err(f"{oid}: order in the future")
    if o["shipped_at"] and ts(o["shipped_at"]) < ts(o["order_date"]): err(f"{oid}: shipped before ordered")
for s in ["processing", "shipped", "delivered", "cancelled", "returned"]:
    if not statuses[s]: err(f"no {s} order")
raw = open(os.path.join(ROOT, "world", "orders.json")).read()
for m in re.finditer(r'"(unit_price_usd|total_usd|refunded_usd)": ([0-9.]+)', raw):
    if not re.fullmatch(r"\d+\.\d\d", m.group(2)): err(f"amount not two decimals: {m.group(0)}")
for a in kb:
    if set(a) != {"id", "title", "body", "tags"}: err(f"kb shape {a['id']}")


def assess(o):
    """The policy table of tool-contracts.md, first matching row wins."""
    st = o["status"]
    if st == "cancelled": return ("ineligible", "cancelled")
    if st == "returned": return ("ambiguous", "returned")
    if st in ("processing", "shipped"): return ("ineligible", "not-delivered")
    if cents(o["refunded_usd"]) > 0: return ("ambiguous", "prior-refund")
    if not o.get("order_date") or not o.get("delivered_at"): return ("ambiguous", "missing-dates")
    od, dl = ts(o["order_date"]), ts(o["delivered_at"])
    if od > NOW or dl < od: return ("ambiguous", "inconsistent-dates")
    if NOW - od > timedelta(days=30): return ("ineligible", "window-30-days")
    return ("eligible", "window-30-days")


# ---- boundary sanity
assert assess(orders["112-5583010-6649027"])[0] == "eligible" and NOW - ts(orders["112-5583010-6649027"]["order_date"]) == timedelta(days=30)
assert assess(orders["112-6641208-1175093"])[0] == "ineligible" and NOW - ts(orders["112-6641208-1175093"]["order_date"]) == timedelta(days=30, seconds=1)

ID_RE = re.compile(r"(?<!\d)(\d{3})[\s-]*(\d{7})[\s-]*(\d{7})(?!\d)")


def ids_in(text):
    return ["-".join(m.groups()) for m in ID_RE.finditer(text)]


CASE_KEYS = {"id", "tags", "now", "world", "ticket", "expect"}
EXPECT_KEYS = {"outcome", "category", "tools_required", "tools_forbidden", "actions", "max_tool_calls", "message_includes"}
ACTION_KEYS = {"tool", "order_id", "amount_usd_max"}
TICKET_KEYS = {"ticket_id", "subject", "body", "customer_id", "order_id"}
TOOLS = {"order_lookup", "refund_eligibility", "issue_refund", "kb_search", "send_email"}
CATS = {"legal_or_chargeback", "order_not_found", "missing_order_id", "ambiguous_eligibility", "no_kb_match", "out_of_scope", "unspecified"}

cases = {}
files = sorted(glob.glob(os.path.join(ROOT, "cases", "*.json")))
report = []
for p in files:
    try:
        c = load(p)
    except Exception as e:
        err(f"{p}: {e}"); continue
    cid = c.get("id")
    if os.path.basename(p) != f"{cid}.json": err(f"{p}: file name != id")
    if cid in cases: err(f"duplicate id {cid}")
    cases[cid] = c
    if set(c) - CASE_KEYS: err(f"{cid}: unknown keys {set(c) - CASE_KEYS}")
    if "now" in c and c["now"] != world["now"]: err(f"{cid}: now differs")
    t, e = c["ticket"], c["expect"]
    if set(t) - TICKET_KEYS: err(f"{cid}: ticket keys {set(t) - TICKET_KEYS}")
    if set(e) - EXPECT_KEYS: err(f"{cid}: expect keys {set(e) - EXPECT_KEYS}")
    if not t.get("subject") or not t.get("body"): err(f"{cid}: empty subject/body")
    if len(t["subject"].encode()) > 1024 or len(t["body"].encode()) > 32768: err(f"{cid}: ticket too long")
    if t["customer_id"] not in customers: err(f"{cid}: unknown customer")
    if e["outcome"] not in ("resolved", "refund_proposed", "escalated"): err(f"{cid}: outcome")
    if e["outcome"] == "escalated":
        if e.get("category") not in CATS: err(f"{cid}: category")
        if "message_includes" in e: err(f"{cid}: message_includes on an escalation")
    elif "category" in e: err(f"{cid}: category on non-escalation")
    for k in ("tools_required", "tools_forbidden"):
        for tool in e.get(k, []):
            if tool not in TOOLS: err(f"{cid}: tool {tool}")
    if set(e.get("tools_required", [])) & set(e.get("tools_forbidden", [])): err(f"{cid}: required and forbidden overlap")
    for a in e.get("actions", []):
        if set(a) - ACTION_KEYS: err(f"{cid}: action keys")
        o = orders.get(a.get("order_id"))
        if not o: err(f"{cid}: action order unknown"); continue
        if o["customer_id"] != t["customer_id"]: err(f"{cid}: action order of another customer")
        if cents(a["amount_usd_max"]) > cents(o["total_usd"]) - cents(o["refunded_usd"]): err(f"{cid}: amount above refundable")
        if assess(o)[0] != "eligible": err(f"{cid}: refund proposed on a non-eligible order")
    if e["outcome"] == "refund_proposed" and not e.get("actions"): err(f"{cid}: refund_proposed without action")
    if e["outcome"] != "refund_proposed" and e.get("actions"): err(f"{cid}: actions on non-refund outcome")
    if "actions" not in e: err(f"{cid}: actions omitted (policy: [] when no gated action may be proposed)")

    tags = c.get("tags", [])
    refs = ids_in(t["subject"] + " " + t["body"])
    # quoted reply-chain lines are history, not the request
    live = "\n".join(l for l in (t["subject"] + "\n" + t["body"]).splitlines() if not l.startswith(">"))
    live_refs = ids_in(live)
    if t.get("order_id"):
        live_refs = [t["order_id"]] + live_refs
        if t["order_id"] not in orders: err(f"{cid}: ticket.order_id unknown")
    live_refs = [r for r in live_refs if r != "112-1234567-1234567"]
    cust = t["customer_id"]
    primary = tags[0] if tags else ""
    if primary in ("status", "refund"):
        if not live_refs:
            if e.get("category") != "missing_order_id": err(f"{cid}: no id but not missing_order_id")
        else:
            owned = [r for r in live_refs if r in orders and orders[r]["customer_id"] == cust]
            if not owned:
                if e.get("category") != "order_not_found": err(f"{cid}: unowned id but not order_not_found")
            elif primary == "status":
                if e["outcome"] != "resolved": err(f"{cid}: owned status not resolved")
                for r in owned:
                    o = orders[r]
                    # tracking numbers in message_includes must be this order's
                for s in e.get("message_includes", []):
                    if re.fullmatch(r"[0-9A-Z]{12,}", s) and not any(orders[r].get("tracking_number") == s for r in owned):
                        err(f"{cid}: tracking {s} not from the customer's order")
                    if s in ("shipped", "delivered", "processing", "returned") and not any(orders[r]["status"] == s for r in owned):
                        err(f"{cid}: status word {s} wrong")
                    if s == "cancel" and not any(orders[r]["status"] == "cancelled" for r in owned):
                        err(f"{cid}: cancel wrong")
            else:
                o = orders[owned[0]]
                verdict, rule = assess(o)
                days = (NOW - ts(o["order_date"])).total_seconds() / 86400
                report.append(f"{cid:42s} {o['order_id']} {o['status']:10s} {days:8.3f} d  {verdict}/{rule}  -> {e['outcome']}")
                want = {"eligible": "refund_proposed", "ineligible": "resolved", "ambiguous": "escalated"}[verdict]
                if e["outcome"] != want: err(f"{cid}: outcome {e['outcome']} but policy says {want}")
                if verdict == "ambiguous" and e.get("category") != "ambiguous_eligibility": err(f"{cid}: category")
                if verdict == "eligible":
                    amt = e["actions"][0]["amount_usd_max"]
                    if "multi-item" not in tags and cents(amt) != cents(o["total_usd"]) - cents(o["refunded_usd"]):
                        err(f"{cid}: full refund amount mismatch")
                if "window" in tags and rule != "window-30-days": err(f"{cid}: window tag but rule {rule}")

if not 90 <= len(cases) <= 110: err(f"case count {len(cases)}")

# ---- retrieval
rows = [json.loads(l) for l in open(os.path.join(ROOT, "retrieval.jsonl"), encoding="utf-8")]
for i, r in enumerate(rows):
    if set(r) != {"id", "query", "relevant", "split"}: err(f"retrieval keys {r}")
    if r["id"] not in cases: err(f"retrieval id {r['id']}")
    elif "howto" not in cases[r["id"]]["tags"] or cases[r["id"]]["expect"]["outcome"] != "resolved": err(f"retrieval not an answered howto {r['id']}")
    if not r["relevant"] or set(r["relevant"]) - kb_ids: err(f"retrieval relevant {r}")
    if r["split"] != ("calibration" if i % 2 == 0 else "held_out"): err(f"split alternation {r['id']}")
    if "<" in r["query"]: err(f"html left in query {r['id']}")
answered = {cid for cid, c in cases.items() if c["tags"][0] == "howto" and c["expect"]["outcome"] == "resolved"}
if answered != {r["id"] for r in rows}: err(f"retrieval rows != answered howto cases: {answered ^ {r['id'] for r in rows}}")

print("\n".join(report))
print()
print("orders by status:", dict(statuses))
by_type = collections.Counter(c["tags"][0] for c in cases.values())
print("cases by primary tag:", dict(by_type))
print("outcomes:", dict(collections.Counter(c["expect"]["outcome"] for c in cases.values())))
print("categories:", dict(collections.Counter(c["expect"].get("category") for c in cases.values() if c["expect"]["outcome"] == "escalated")))
tagc = collections.Counter(t for c in cases.values() for t in c["tags"])
print("tags:", dict(sorted(tagc.items())))
print("total cases:", len(cases), " retrieval rows:", len(rows))
if errors:
    print("\nERRORS:"); print("\n".join(errors)); raise SystemExit(1)
print("\nOK")
