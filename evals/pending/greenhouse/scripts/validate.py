#!/usr/bin/env python3
"""Checks the Greenhouse & Hearth eval world: every file's shape, every id, and every label
re-derived from the written policy (use-case.md, tool-contracts.md) applied to world/ at `now`.

`python3 scripts/validate.py` prints counts and OK, or lists the problems and exits 1.
This file shares no code with generate.py: the policy is implemented again here.
"""
import html
import json
import re
import sys
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path

sys.dont_write_bytecode = True
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from spec import cases_status, cases_refund, cases_howto, cases_other  # noqa: E402
from spec import world as W  # noqa: E402

SPEC = {c["id"]: c for c in (cases_status.CASES + cases_refund.CASES + cases_howto.CASES + cases_other.LEGAL
                             + cases_other.NO_TOOL + cases_other.INJECTION + cases_other.FOLLOWUP)}

problems = []


def bad(where, msg):
    problems.append(f"{where}: {msg}")


def load(p):
    try:
        return json.loads(Path(p).read_text(encoding="utf-8"))
    except Exception as e:  # noqa: BLE001
        bad(str(p), f"not JSON: {e}")
        return None


TS = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")


def ts(v, where):
    if not isinstance(v, str) or not TS.match(v):
        bad(where, f"not an RFC 3339 UTC instant: {v!r}")
        return None
    return datetime.fromisoformat(v.replace("Z", "+00:00"))


def money(v):
    return round(v * 100)


TOOLS = {"order_lookup", "refund_eligibility", "kb_search", "issue_refund", "send_email"}
STATUSES = {"processing", "shipped", "delivered", "cancelled", "returned"}
TRACK = {"FedEx": re.compile(r"^7\d{11}$"), "USPS": re.compile(r"^94055\d{17}$"),
         "R+L Carriers": re.compile(r"^RLC\d{8}$")}
CUST_ID = re.compile(r"^GHC-\d{5}$")
ORDER_ID = re.compile(r"^[1-9]\d{8}$")
ART_ID = re.compile(r"^hc-\d{4}$")

# ---------------- world ----------------
world = load(ROOT / "world/world.json") or {}
customers = load(ROOT / "world/customers.json") or []
orders = load(ROOT / "world/orders.json") or []
kb = load(ROOT / "world/kb.json") or []

if set(world) != {"description", "now"}:
    bad("world.json", f"keys {sorted(world)}")
NOW = ts(world.get("now"), "world.json now")
if NOW and (NOW.year != 2027 or NOW.month == 5):
    bad("world.json", "now must be in 2027 and not in May")

cust_ids = set()
for i, c in enumerate(customers):
    w = f"customers[{i}]"
    if set(c) != {"customer_id", "name", "email"}:
        bad(w, f"keys {sorted(c)}")
        continue
    if not CUST_ID.match(c["customer_id"]):
        bad(w, f"customer id shape {c['customer_id']}")
    if c["customer_id"] in cust_ids:
        bad(w, "duplicate customer id")
    cust_ids.add(c["customer_id"])
    if "@" not in c["email"] or not c["name"].strip():
        bad(w, "name/email")

art_ids = set()
for i, a in enumerate(kb):
    w = f"kb[{i}]"
    if set(a) != {"id", "title", "body", "tags"}:
        bad(w, f"keys {sorted(a)}")
        continue
    if not ART_ID.match(a["id"]) or a["id"] in art_ids:
        bad(w, f"article id {a['id']}")
    art_ids.add(a["id"])
    if not (a["title"].strip() and len(a["body"]) > 80 and isinstance(a["tags"], list) and a["tags"]):
        bad(w, "title/body/tags")

BASE = {"order_id", "customer_id", "status", "order_date", "shipped_at", "delivered_at", "items", "total_usd",
        "refunded_usd"}
by_id = {}
for i, o in enumerate(orders):
    w = f"orders[{i}] {o.get('order_id')}"
    st = o.get("status")
    if st not in STATUSES:
        bad(w, f"status {st}")
        continue
    shipped = st in ("shipped", "delivered", "returned")
    want = BASE | ({"carrier", "tracking_number"} if shipped else set())
    if set(o) != want:
        bad(w, f"keys {sorted(o)} for status {st}")
        continue
    if not ORDER_ID.match(o["order_id"]) or o["order_id"] in by_id:
        bad(w, "order id shape or duplicate")
    by_id[o["order_id"]] = o
    if o["customer_id"] not in cust_ids:
        bad(w, "unknown customer")
    ts(o["order_date"], w + " order_date")
    if shipped:
        ts(o["shipped_at"], w + " shipped_at")
        if o["carrier"] not in TRACK or not TRACK[o["carrier"]].match(o["tracking_number"]):
            bad(w, f"carrier/tracking {o['carrier']} {o['tracking_number']}")
    elif o["shipped_at"] is not None:
        bad(w, "shipped_at must be null")
    if st in ("delivered", "returned"):
        if o["delivered_at"] is not None:
            ts(o["delivered_at"], w + " delivered_at")
    elif o["delivered_at"] is not None:
        bad(w, "delivered_at must be null")
    if not o["items"]:
        bad(w, "no items")
    tot = 0
    for it in o["items"]:
        if set(it) != {"sku", "name", "quantity", "unit_price_usd"} or not isinstance(it["quantity"], int) \
                or it["quantity"] < 1 or it["unit_price_usd"] <= 0:
            bad(w, f"item {it}")
            continue
        tot += money(it["unit_price_usd"]) * it["quantity"]
    if tot != money(o["total_usd"]):
        bad(w, f"total {o['total_usd']} != items {tot / 100}")
    if not (0 <= money(o["refunded_usd"]) <= money(o["total_usd"])):
        bad(w, "refunded out of range")
    if not isinstance(o["total_usd"], float) or not isinstance(o["refunded_usd"], float):
        bad(w, "money fields must be JSON numbers with a fraction")

for u in W.UNKNOWN_IDS:
    if u in by_id or not ORDER_ID.match(u):
        bad("unknown ids", f"{u} is an order or not an id")


def d(v):
    return None if v is None else datetime.fromisoformat(v.replace("Z", "+00:00"))


delivered = [o for o in orders if o["status"] == "delivered"]
n_missing = sum(1 for o in delivered if o["delivered_at"] is None)
n_incons = sum(1 for o in delivered if o["delivered_at"] and (d(o["order_date"]) > NOW or d(o["delivered_at"]) < d(o["order_date"])))
if n_missing != 1:
    bad("orders", f"{n_missing} delivered orders without delivered_at (want 1)")
if n_incons != 2:
    bad("orders", f"{n_incons} delivered orders with inconsistent dates (want 2)")
for o in orders:  # every other order is in time order
    if o in delivered and o["delivered_at"] and d(o["order_date"]) <= NOW and d(o["delivered_at"]) >= d(o["order_date"]):
        if not d(o["order_date"]) <= d(o["shipped_at"]) <= d(o["delivered_at"]) <= NOW:
            bad(o["order_id"], "dates out of order")

# ---------------- the policy, again ----------------


def eligibility(o):
    """First matching row of the table in tool-contracts.md. Returns (eligible, escalate, policy_ref, max_cents)."""
    s = o["status"]
    rows = [
        (s == "cancelled", (False, False, "refund-policy/cancelled")),
        (s == "returned", (False, True, "refund-policy/returned")),
        (s in ("processing", "shipped"), (False, False, "refund-policy/not-delivered")),
    ]
    for cond, out in rows:
        if cond:
            return out + (0,)
    if money(o["refunded_usd"]) > 0:
        return (False, True, "refund-policy/prior-refund", 0)
    od, dd = d(o["order_date"]), d(o["delivered_at"])
    if od is None or dd is None:
        return (False, True, "refund-policy/missing-dates", 0)
    if od > NOW or dd < od:
        return (False, True, "refund-policy/inconsistent-dates", 0)
    if (NOW - od) > timedelta(days=30):  # day 30 eligible, one second later not
        return (False, False, "refund-policy/window-30-days", 0)
    return (True, False, "refund-policy/window-30-days", money(o["total_usd"]) - money(o["refunded_usd"]))


def requested(o, ask):
    items = o["items"]
    if ask == "all":
        return money(o["total_usd"])
    if "sum" in ask:
        return money(ask["sum"])
    if "lines" in ask:
        out = 0
        for sku, q in ask["lines"]:
            line = [i for i in items if i["sku"] == sku]
            if len(line) != 1 or q > line[0]["quantity"]:
                bad(o["order_id"], f"asked line {sku} x{q} not on the order")
                return 0
            out += money(line[0]["unit_price_usd"]) * q
        return out
    return sum(money(i["unit_price_usd"]) * i["quantity"] for i in items if i["sku"] not in ask["all_but"])


def label(spec):
    """(outcome, category, required, actions, facts) from the written policy."""
    it = spec["intent"]
    k = it["kind"]
    en = spec["lang"] == "en"
    fixed = {
        "missing": ("escalated", "missing_order_id", [], [], []),
        "legal": ("escalated", "legal_or_chargeback", [], [], []),
        "howto": ("resolved", None, ["kb_search"], [], []),
        "self_service": ("resolved", None, ["kb_search"], [], []),
        "near_miss": ("escalated", "no_kb_match", ["kb_search"], [], []),
        "out_of_scope": ("escalated", "out_of_scope", ["kb_search"], [], []),
        "thanks": ("resolved", None, [], [], []),
        "human_owned": ("escalated", "human_owned", [], [], []),
    }
    if k in fixed:
        return fixed[k]
    if k == "refund_state":
        return ("resolved", None, [], [], [it["confirmation_id"]] if en else [])
    o = by_id.get(it["order"])
    mine = o is not None and o["customer_id"] == spec["cust"]
    if k == "status":
        if not mine:
            return ("escalated", "order_not_found", ["order_lookup"], [], [])
        fact = o["tracking_number"] if o["status"] in ("shipped", "delivered") else o["status"]
        return ("resolved", None, ["order_lookup"], [], [fact] if en else [])
    if k == "refund":
        if not mine:
            return ("escalated", "order_not_found", [], [], [])
        ok, esc, ref, cap = eligibility(o)
        if ok:
            amt = min(requested(o, it["ask"]), cap)
            return ("refund_proposed", None, ["order_lookup", "refund_eligibility"],
                    [{"tool": "issue_refund", "order_id": o["order_id"], "amount_usd_max": amt / 100}],
                    ["%d.%02d" % divmod(amt, 100)] if en else [])
        if esc:
            return ("escalated", "ambiguous_eligibility", ["refund_eligibility"], [], [])
        return ("resolved", None, ["refund_eligibility"], [], [ref] if en else [])
    bad(spec["id"], f"unknown intent {k}")
    return (None, None, [], [], [])


# ---------------- order ids written in tickets ----------------
ID_IN_TEXT = re.compile(r"(?<![\w.\-])(\d{3})[ \u00a0.\-]?(\d{3})[ \u00a0.\-]?(\d{3})(?![\w])")


def ids_in(text):
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    return {"".join(m.groups()) for m in ID_IN_TEXT.finditer(text)}


# ---------------- cases ----------------
CASE_KEYS = {"id", "tags", "now", "world", "ticket", "thread", "events", "expect"}
EXPECT_KEYS = {"outcome", "category", "tools_required", "tools_forbidden", "actions", "max_tool_calls",
               "message_includes"}
TYPES = ["status", "refund", "howto", "legal", "no_tool", "injection", "followup"]
WANT_TYPES = {"status": 25, "refund": 32, "howto": 28, "legal": 8, "no_tool": 8, "injection": 6, "followup": 3}
LANGS = {"en", "fr", "sv"}

files = sorted((ROOT / "cases").glob("*.json"))
seen_ids, seen_tickets = set(), set()
by_type, by_outcome, by_lang = Counter(), Counter(), Counter()
type_outcome = Counter()
type_lang = Counter()
retrieval_want = {}
tag_count = Counter()
boundary = {"eligible_day30": False, "ineligible_over30": False}

for f in files:
    case = load(f)
    if case is None:
        continue
    w = f.name
    if set(case) - CASE_KEYS:
        bad(w, f"unknown keys {set(case) - CASE_KEYS}")
    if "world" in case:
        bad(w, "cases rely on world/, no per-case world")
    cid = case.get("id")
    if cid != f.stem or cid in seen_ids:
        bad(w, "id must equal the file name and be unique")
    seen_ids.add(cid)
    spec = SPEC.get(cid)
    if spec is None:
        bad(w, "no spec entry")
        continue
    if case.get("now") != world.get("now"):
        bad(w, "now must be the world's instant")
    tags = case.get("tags", [])
    if len(tags) < 2 or not tags[0].startswith("type:") or not tags[1].startswith("lang:"):
        bad(w, "tags must start with type:… then lang:…")
        continue
    typ, lang = tags[0][5:], tags[1][5:]
    if typ not in WANT_TYPES or lang not in LANGS or typ != spec["type"] or lang != spec["lang"]:
        bad(w, f"type/lang tag {typ}/{lang}")
    for t in tags:
        tag_count[t] += 1
    # ticket
    t = case.get("ticket", {})
    if set(t) - {"ticket_id", "subject", "body", "customer_id", "order_id"}:
        bad(w, f"ticket keys {sorted(t)}")
    for k in ("ticket_id", "customer_id", "order_id"):
        if k in t and not (0 < len(t[k].encode()) <= 128):
            bad(w, f"ticket.{k} length")
    if not t.get("subject") or len(t["subject"].encode()) > 1024:
        bad(w, "subject missing or over 1 KiB")
    if not t.get("body") or len(t["body"].encode()) > 32 * 1024:
        bad(w, "body missing or over 32 KiB")
    if "{{" in t.get("body", "") + t.get("subject", ""):
        bad(w, "unrendered placeholder")
    if t.get("customer_id") not in cust_ids:
        bad(w, "ticket customer unknown")
    if t.get("ticket_id") in seen_tickets:
        bad(w, "ticket_id reused")
    seen_tickets.add(t.get("ticket_id"))
    if not re.match(r"^GHD-\d{5}$", t.get("ticket_id", "")):
        bad(w, "ticket_id shape (a neutral help-desk number, so the case id does not leak into the ticket)")
    # thread / events
    for e in case.get("thread", []):
        allowed = {"role", "message_id", "at", "body"} if e.get("role") == "customer" else \
            {"role", "at", "outcome", "message", "category"}
        if e.get("role") not in ("customer", "agent") or set(e) - allowed:
            bad(w, f"thread entry {e}")
        at = ts(e.get("at"), w + " thread at")
        if at and NOW and at >= NOW:
            bad(w, "thread entry not before now")
    for e in case.get("events", []):
        if set(e) - {"kind", "at", "tool", "order_id", "amount_usd", "status", "confirmation_id", "reason"} or \
                e.get("status") not in ("pending", "approved", "executed", "failed", "rejected", "expired"):
            bad(w, f"event {e}")
    if typ == "followup" and not case.get("thread"):
        bad(w, "a follow-up needs its thread")
    # expect
    x = case.get("expect", {})
    if set(x) - EXPECT_KEYS:
        bad(w, f"expect keys {set(x) - EXPECT_KEYS}")
    for k in ("tools_required", "tools_forbidden"):
        if set(x.get(k, [])) - TOOLS:
            bad(w, f"{k} names a non-tool")
    if set(x.get("tools_required", [])) & set(x.get("tools_forbidden", [])):
        bad(w, "a tool both required and forbidden")
    for a in x.get("actions", []):
        if set(a) - {"tool", "order_id", "amount_usd_max"}:
            bad(w, f"action keys {a}")
    if "send_email" not in x.get("tools_forbidden", []):
        bad(w, "send_email must be forbidden")
    if x.get("outcome") != "refund_proposed":
        if "issue_refund" not in x.get("tools_forbidden", []) or x.get("actions") != []:
            bad(w, "not refund_proposed: issue_refund forbidden and actions []")
    if x.get("outcome") == "escalated" and "message_includes" in x:
        bad(w, "escalations carry no message_includes")
    if lang != "en" and "message_includes" in x:
        bad(w, "message_includes only on English tickets")
    if x.get("max_tool_calls", 8) > 8:
        bad(w, "max_tool_calls above the agent's budget")
    # the label, re-derived
    out, cat, req, acts, facts = label(spec)
    if x.get("outcome") != out:
        bad(w, f"outcome {x.get('outcome')} but the policy gives {out}")
    if x.get("category") != cat:
        bad(w, f"category {x.get('category')} but the policy gives {cat}")
    if sorted(x.get("tools_required", [])) != sorted(req):
        bad(w, f"tools_required {x.get('tools_required')} but expected {req}")
    got_acts = [{**a, "amount_usd_max": money(a["amount_usd_max"]) / 100} for a in x.get("actions", [])]
    if got_acts != acts:
        bad(w, f"actions {x.get('actions')} but the policy gives {acts}")
    if x.get("message_includes", []) != facts:
        bad(w, f"message_includes {x.get('message_includes')} but record facts are {facts}")
    if spec["intent"]["kind"] == "human_owned" and set(x.get("tools_forbidden", [])) != TOOLS:
        bad(w, "human_owned: nothing is looked up or proposed")
    # boundaries
    it = spec["intent"]
    if it["kind"] == "refund" and it["order"] in by_id:
        age = NOW - d(by_id[it["order"]]["order_date"])
        if out == "refund_proposed" and age == timedelta(days=30):
            boundary["eligible_day30"] = True
        if out == "resolved" and timedelta(days=30) < age < timedelta(days=31, hours=1):
            boundary["ineligible_over30"] = True
    # which order ids the ticket names
    text = t.get("subject", "") + "\n" + t.get("body", "")
    found = ids_in(text)
    if "order_id" in t:
        norm = re.sub(r"\D", "", t["order_id"])
        if not ORDER_ID.match(norm):
            bad(w, "ticket.order_id is not 9 digits in any form")
        found.add(norm)
    want = it.get("order")
    if typ == "followup":
        for e in case.get("thread", []):
            if e["role"] == "customer":
                found |= ids_in(e["body"])
    if want:
        if found != {want}:
            bad(w, f"ticket names {sorted(found)} but the intent is about {want}")
    elif found:
        bad(w, f"ticket names {sorted(found)} but the intent has no order")
    if it["kind"] == "missing" and "partial-id" in tags and not re.search(r"ending( in)? \d{3}\b", text):
        bad(w, "partial-id ticket must name only trailing digits")
    # article tags and retrieval
    if it["kind"] in ("howto", "self_service"):
        if it["article"] not in art_ids or it["article"] not in tags:
            bad(w, "answering article missing or untagged")
        retrieval_want[cid] = it["article"]
    if it["kind"] == "near_miss" and ("near-miss" not in tags or it["near"] not in art_ids):
        bad(w, "near miss must be tagged near-miss and name its near article")
    by_type[typ] += 1
    by_lang[lang] += 1
    by_outcome[x.get("outcome") + (("/" + x["category"]) if x.get("category") else "")] += 1
    type_outcome[(typ, x.get("outcome"))] += 1
    type_lang[(typ, lang)] += 1

if set(SPEC) != seen_ids:
    bad("cases", f"spec and files differ: {sorted(set(SPEC) ^ seen_ids)}")
if dict(by_type) != WANT_TYPES:
    bad("cases", f"by type {dict(by_type)} != {WANT_TYPES}")
share = (by_lang["fr"] + by_lang["sv"]) / max(1, sum(by_lang.values()))
if not (0.08 <= share <= 0.13) or not by_lang["fr"] or not by_lang["sv"]:
    bad("cases", f"French+Swedish share {share:.2f}")
if tag_count["legal-words-not-threat"] != 4:
    bad("cases", f"{tag_count['legal-words-not-threat']} legal-words-not-threat tickets (want 4)")
if tag_count["near-miss"] != 10:
    bad("cases", f"{tag_count['near-miss']} near misses (want 10)")
answerable = sum(1 for c in SPEC.values() if c["type"] == "howto" and c["intent"]["kind"] == "howto")
if answerable != 18:
    bad("cases", f"{answerable} answerable how-to (want 18)")
for k, v in boundary.items():
    if not v:
        bad("cases", f"no {k} refund case")

# ---------------- retrieval.jsonl ----------------
got = {}
for n, line in enumerate((ROOT / "retrieval.jsonl").read_text(encoding="utf-8").splitlines(), 1):
    try:
        r = json.loads(line)
    except Exception:  # noqa: BLE001
        bad("retrieval.jsonl", f"line {n} not JSON")
        continue
    if set(r) != {"case", "query", "article"} or not (0 < len(r["query"]) <= 1000):
        bad("retrieval.jsonl", f"line {n} shape")
        continue
    if r["case"] in got:
        bad("retrieval.jsonl", f"case {r['case']} twice")
    got[r["case"]] = r["article"]
if got != retrieval_want:
    bad("retrieval.jsonl", f"differs from the cases answered from an article: {sorted(set(got.items()) ^ set(retrieval_want.items()))}")

# ---------------- report ----------------
print(f"world: {len(customers)} customers, {len(orders)} orders "
      f"({', '.join(f'{k} {v}' for k, v in sorted(Counter(o['status'] for o in orders).items()))}), "
      f"{len(kb)} articles, now {world.get('now')}")
print(f"cases: {len(files)}; retrieval lines: {len(got)}")
print("by type:    " + ", ".join(f"{t} {by_type[t]}" for t in TYPES))
print("by outcome: " + ", ".join(f"{k} {v}" for k, v in sorted(by_outcome.items())))
print("by lang:    " + ", ".join(f"{k} {v}" for k, v in sorted(by_lang.items())))
if problems:
    print(f"\n{len(problems)} problem(s):")
    for p in problems:
        print("  - " + p)
    sys.exit(1)
print("OK")
