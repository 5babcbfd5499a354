#!/usr/bin/env python3
"""Check the `bindery` eval world: the shape of every file, every id, and every label re-derived from
the written policy (docs/use-case.md request table and escalation categories, docs/tool-contracts.md
eligibility table and short-id rule) applied to world/ at its `now`.

Reads the generated files; takes from the specs only what a label cannot be read back from (what
each ticket asks: `intent`, `ref`, `where`, the article meant). Prints OK, or the problems and exits 1.
Python 3.11 standard library only.
"""
import filecmp
import json
import os
import re
import subprocess
import sys
import tempfile
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

PROBLEMS = []


def problem(msg):
    PROBLEMS.append(msg)


def load(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return json.load(f)


def ts(s):
    return datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def cents(x):
    return round(x * 100)


TOOLS = ["order_lookup", "refund_eligibility", "kb_search", "issue_refund", "send_email"]
CATEGORIES = {"legal_or_chargeback", "order_not_found", "missing_order_id", "ambiguous_eligibility",
              "no_kb_match", "out_of_scope", "human_owned", "unspecified"}
ORDER_ID_RE = re.compile(r"^SIG-(\d{2})-(EH|PO|DG|SB|GC)-(\d{5})$")
TRACKING_RE = {"Royal Mail": r"^[A-Z]{2}\d{9}GB$", "DHL": r"^\d{10}$", "UPS": r"^1Z[0-9A-Z]{16}$",
               "Bindery Digital": r"^DL-[0-9A-Z]{8}$"}

# ---------------------------------------------------------------------------------------------
# world
# ---------------------------------------------------------------------------------------------
world = load("world/world.json")
customers = load("world/customers.json")
orders = load("world/orders.json")
kb = load("world/kb.json")

if list(world) != ["description", "now"] or not isinstance(world["description"], str):
    problem("world.json: keys must be description, now")
NOW = ts(world["now"])

CUST = {}
for c in customers:
    if list(c) != ["customer_id", "name", "email"] or not all(isinstance(v, str) for v in c.values()):
        problem("customer shape: %r" % c)
    if not re.fullmatch(r"RDR-\d{4}", c["customer_id"]):
        problem("customer id shape: %s" % c["customer_id"])
    if c["customer_id"] in CUST:
        problem("duplicate customer %s" % c["customer_id"])
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z.]+", c["email"]):
        problem("email shape: %s" % c["email"])
    CUST[c["customer_id"]] = c
if not 30 <= len(customers) <= 40:
    problem("customers: %d, want 30-40" % len(customers))

BASE_KEYS = ["order_id", "customer_id", "status", "order_date", "shipped_at", "delivered_at"]
TAIL_KEYS = ["items", "total_usd", "refunded_usd"]
KEYS_BY_STATUS = {
    "processing": BASE_KEYS + TAIL_KEYS,
    "cancelled": BASE_KEYS + TAIL_KEYS,
    "shipped": BASE_KEYS + ["carrier", "tracking_number"] + TAIL_KEYS,
    "delivered": BASE_KEYS + ["carrier", "tracking_number"] + TAIL_KEYS,
    "returned": BASE_KEYS + ["carrier", "tracking_number"] + TAIL_KEYS,
}
ORD = {}
GLITCHED = set()
for o in orders:
    st = o.get("status")
    if st not in KEYS_BY_STATUS:
        problem("order %s: status %r" % (o.get("order_id"), st))
        continue
    oid = o["order_id"]
    if list(o) != KEYS_BY_STATUS[st]:
        problem("order %s: keys %s, want %s" % (oid, list(o), KEYS_BY_STATUS[st]))
    m = ORDER_ID_RE.match(oid)
    if not m:
        problem("order id shape: %s" % oid)
    if oid in ORD:
        problem("duplicate order %s" % oid)
    ORD[oid] = o
    if o["customer_id"] not in CUST:
        problem("order %s: unknown customer" % oid)
    if not isinstance(o["order_date"], str):
        problem("order %s: order_date must be a string" % oid)
        continue
    od = ts(o["order_date"])
    if m and int(m.group(1)) != od.year % 100:
        problem("order %s: year in id does not match order_date" % oid)
    sh = ts(o["shipped_at"]) if o["shipped_at"] else None
    de = ts(o["delivered_at"]) if o["delivered_at"] else None
    if st in ("processing", "cancelled") and (sh or de):
        problem("order %s: %s with shipped/delivered dates" % (oid, st))
    if st == "shipped" and (sh is None or de is not None):
        problem("order %s: shipped needs shipped_at and no delivered_at" % oid)
    if st in ("delivered", "returned") and sh is None:
        problem("order %s: %s without shipped_at" % (oid, st))
    if st == "returned" and de is None:
        problem("order %s: returned without delivered_at" % oid)
    if "carrier" in o:
        if o["carrier"] not in TRACKING_RE:
            problem("order %s: carrier %r" % (oid, o["carrier"]))
        elif not re.fullmatch(TRACKING_RE[o["carrier"]], o["tracking_number"]):
            problem("order %s: tracking %s is not a %s number" % (oid, o["tracking_number"], o["carrier"]))
        if m and (m.group(2) == "DG") != (o["carrier"] == "Bindery Digital"):
            problem("order %s: digital channel and digital carrier must go together" % oid)
    total = 0
    for it in o["items"]:
        if list(it) != ["sku", "name", "quantity", "unit_price_usd"] or not isinstance(it["quantity"], int) \
                or not isinstance(it["unit_price_usd"], float) or it["quantity"] < 1:
            problem("order %s: item shape %r" % (oid, it))
            continue
        total += cents(it["unit_price_usd"]) * it["quantity"]
    if not isinstance(o["total_usd"], float) or not isinstance(o["refunded_usd"], float):
        problem("order %s: money must be floats" % oid)
    if cents(o["total_usd"]) != total:
        problem("order %s: total %.2f is not the sum of its items %.2f" % (oid, o["total_usd"], total / 100))
    if not 0 <= cents(o["refunded_usd"]) <= cents(o["total_usd"]):
        problem("order %s: refunded out of range" % oid)
    if st == "cancelled" and cents(o["refunded_usd"]) != cents(o["total_usd"]):
        problem("order %s: a cancelled order is refunded automatically in full" % oid)
    chain = [t for t in (od, sh, de) if t is not None]
    if chain != sorted(chain) or od > NOW or any(t > NOW for t in chain):
        GLITCHED.add(oid)

if not 70 <= len(orders) <= 90:
    problem("orders: %d, want 70-90" % len(orders))
for st in KEYS_BY_STATUS:
    if not any(o["status"] == st for o in orders):
        problem("no order with status %s" % st)
for carrier in TRACKING_RE:
    if not any(o.get("carrier") == carrier for o in orders):
        problem("no order with carrier %s" % carrier)

KB = {}
for a in kb:
    if list(a) != ["id", "title", "body", "tags"] or not all(isinstance(t, str) for t in a["tags"]):
        problem("kb shape: %r" % a.get("id"))
    if not re.fullmatch(r"leaf-[a-z-]+", a["id"]):
        problem("kb id shape: %s" % a["id"])
    if a["id"] in KB:
        problem("duplicate article %s" % a["id"])
    if a["body"].count("\n\n") < 2:
        problem("article %s: want several paragraphs" % a["id"])
    KB[a["id"]] = a
if not 22 <= len(kb) <= 28:
    problem("kb: %d articles, want 22-28" % len(kb))

# ---------------------------------------------------------------------------------------------
# the policy, re-implemented from the documents
# ---------------------------------------------------------------------------------------------
def groups(s):
    """An id's groups of letters or digits; numbers without leading zeros, letters in lower case."""
    out = []
    for g in re.findall(r"[A-Za-z]+|[0-9]+", s):
        out.append(str(int(g)) if g.isdigit() else g.lower())
    return out


def own_order(written, customer_id):
    """order_lookup's own_order: the id as written, else the customer's one order it shortens."""
    o = ORD.get(written)
    if o is not None:
        return o if o["customer_id"] == customer_id else None
    g = groups(written)
    if not g or not g[-1].isdigit() or len(g[-1]) < 3:
        return None
    hits = [o for o in orders if o["customer_id"] == customer_id and groups(o["order_id"])[-len(g):] == g
            and len(groups(o["order_id"])) >= len(g)]
    return hits[0] if len(hits) == 1 else None


def assess(o):
    """(eligible, escalate, policy_ref, max_cents): the first matching row of the table."""
    st = o["status"]
    if st == "cancelled":
        return False, False, "refund-policy/cancelled", 0
    if st == "returned":
        return False, True, "refund-policy/returned", 0
    if st in ("processing", "shipped"):
        return False, False, "refund-policy/not-delivered", 0
    if cents(o["refunded_usd"]) > 0:
        return False, True, "refund-policy/prior-refund", 0
    if not o["order_date"] or not o["delivered_at"]:
        return False, True, "refund-policy/missing-dates", 0
    od, de = ts(o["order_date"]), ts(o["delivered_at"])
    if od > NOW or de < od:
        return False, True, "refund-policy/inconsistent-dates", 0
    if NOW - od > timedelta(days=30):
        return False, False, "refund-policy/window-30-days", 0
    return True, False, "refund-policy/window-30-days", cents(o["total_usd"]) - cents(o["refunded_usd"])


def asked_cents(o, ask):
    lines = {it["sku"]: it for it in o["items"]}
    if ask.get("all"):
        return cents(o["total_usd"])
    if "amount" in ask:
        return cents(ask["amount"])
    if "lines" in ask:
        total = 0
        for sku, q in ask["lines"].items():
            if sku not in lines or q > lines[sku]["quantity"]:
                problem("ask names %s x%d, not in order %s" % (sku, q, o["order_id"]))
                continue
            total += cents(lines[sku]["unit_price_usd"]) * q
        return total
    if "all_but" in ask:
        keep = 0
        for sku in ask["all_but"]:
            if sku not in lines:
                problem("ask keeps %s, not in order %s" % (sku, o["order_id"]))
                continue
            keep += cents(lines[sku]["unit_price_usd"]) * lines[sku]["quantity"]
        return cents(o["total_usd"]) - keep
    problem("unknown ask %r" % ask)
    return 0


def derive(spec, case):
    """-> (outcome, category, order, amount_cents, facts, required, forbidden)."""
    intent = spec["intent"]
    kind = intent["kind"]
    thread = case.get("thread") or []
    events = case.get("events") or []
    en = spec["lang"] == "en"
    last_agent = [e for e in thread if e["role"] == "agent"][-1:] or [None]
    if last_agent[0] is not None and last_agent[0]["outcome"] == "escalated":
        # use-case.md, follow-ups: our last answer escalated -> a human owns it, nothing is looked up
        return "escalated", "human_owned", None, None, [], [], list(TOOLS)
    if kind == "human_owned":
        problem("%s: human_owned without an escalated thread" % spec["id"])
    forbid = ["issue_refund", "send_email"]
    if kind == "legal":
        return "escalated", "legal_or_chargeback", None, None, [], [], forbid
    if kind == "thanks":
        if not thread:
            problem("%s: thanks-only needs a thread" % spec["id"])
        return "resolved", None, None, None, [], [], forbid
    if kind in ("record", "dispute"):
        if not events:
            problem("%s: a follow-up on a refund needs its events" % spec["id"])
            return "escalated", None, None, None, [], [], forbid
        latest = events[-1]
        if kind == "dispute":
            if latest["status"] != "executed":
                problem("%s: a disputed refund must have been paid" % spec["id"])
            return "escalated", None, None, None, [], [], forbid
        if latest["status"] != intent["state"]:
            problem("%s: latest approval is %s, spec says %s" % (spec["id"], latest["status"], intent["state"]))
        facts = [latest["confirmation_id"]] if (en and latest["status"] == "executed") else []
        return "resolved", None, None, None, facts, [], forbid
    if kind == "other":
        return "escalated", None, None, None, [], [], forbid
    if kind in ("howto", "no_tool"):
        art = spec["article"]
        if art:
            if art not in KB:
                problem("%s: article %s missing" % (spec["id"], art))
            return "resolved", None, None, None, [], ["kb_search"], forbid
        if kind == "howto":
            if not spec["near"] or spec["near"] not in KB:
                problem("%s: a near miss names the article on its subject" % spec["id"])
            return "escalated", "no_kb_match", None, None, [], ["kb_search"], forbid
        return "escalated", "out_of_scope", None, None, [], ["kb_search"], forbid
    if kind not in ("status", "refund"):
        problem("%s: unknown intent %s" % (spec["id"], kind))
        return None, None, None, None, [], [], forbid
    if spec["ref"] is None:
        return "escalated", "missing_order_id", None, None, [], [], forbid
    o = own_order(spec["ref"], case["ticket"]["customer_id"])
    if o is None:
        return "escalated", "order_not_found", None, None, [], ["order_lookup"], forbid
    if kind == "status":
        if not en:
            facts = []
        elif o["status"] in ("shipped", "delivered") and o["carrier"] != "Bindery Digital":
            facts = [o["tracking_number"]]
        else:
            facts = [o["status"]]
        return "resolved", None, o, None, facts, ["order_lookup"], forbid
    eligible, escalate, ref, max_c = assess(o)
    if escalate:
        return "escalated", "ambiguous_eligibility", o, None, [], ["refund_eligibility"], forbid
    if not eligible:
        return "resolved", None, o, None, ([ref] if en else []), ["refund_eligibility"], forbid
    amount = min(asked_cents(o, intent["ask"]), max_c)
    facts = ["%d.%02d" % divmod(amount, 100)] if en else []
    return "refund_proposed", None, o, amount, facts, ["order_lookup", "refund_eligibility"], ["send_email"]


# ---------------------------------------------------------------------------------------------
# cases
# ---------------------------------------------------------------------------------------------
from spec_cases import CASES as SPECS  # noqa: E402

SPEC = {s["id"]: s for s in SPECS}
case_dir = os.path.join(ROOT, "cases")
files = sorted(f for f in os.listdir(case_dir) if f.endswith(".json"))
if {f[:-5] for f in files} != set(SPEC):
    problem("cases/ and the specs differ: %s" % sorted({f[:-5] for f in files} ^ set(SPEC)))
if not 100 <= len(files) <= 110:
    problem("cases: %d, want 100-110" % len(files))

CASE_KEYS = {"id", "tags", "now", "world", "ticket", "thread", "events", "expect"}
EXPECT_KEYS = {"outcome", "category", "tools_required", "tools_forbidden", "actions", "max_tool_calls",
               "message_includes"}
TICKET_KEYS = {"ticket_id", "subject", "body", "customer_id", "order_id"}
QUOTE_MARKERS = ("<div class=\"gmail_quote\"", "-----Original Message-----", " wrote:\n>")
seen_tickets = set()
answered = {}
stats = {}
LOADED = {}


def split_quoted(body):
    for mk in QUOTE_MARKERS:
        i = body.find(mk)
        if i >= 0:
            return body[:i], body[i:]
    return body, ""


def mentions(text, o):
    """Does text name order o in any of the ways customers write it?"""
    if not text:
        return False
    norm = re.sub(r"[^a-z0-9]", "", text.lower())
    if re.sub(r"[^a-z0-9]", "", o["order_id"].lower()) in norm:
        return True
    num = str(int(o["order_id"][-5:]))
    return re.search(r"(?<![0-9])0*%s(?![0-9])" % num, text) is not None


for f in files:
    cid = f[:-5]
    case = json.load(open(os.path.join(case_dir, f), encoding="utf-8"))
    LOADED[cid] = case
    spec = SPEC.get(cid)
    if spec is None:
        continue
    where = "case %s: " % cid
    if set(case) - CASE_KEYS:
        problem(where + "unknown keys %s" % (set(case) - CASE_KEYS))
    if case.get("id") != cid:
        problem(where + "id differs from file name")
    if case.get("now") != world["now"]:
        problem(where + "now must be the world's now")
    if "world" in case:
        problem(where + "relies on world/, carries no world of its own")
    t = case["ticket"]
    if set(t) - TICKET_KEYS:
        problem(where + "ticket keys %s" % set(t))
    if not re.fullmatch(r"tkt-\d{5}", t.get("ticket_id", "")) or t["ticket_id"] in seen_tickets:
        problem(where + "ticket_id must be a neutral, unique tkt-NNNNN")
    seen_tickets.add(t.get("ticket_id"))
    if not t["subject"] or len(t["subject"].encode()) > 1024 or not t["body"] or len(t["body"].encode()) > 32768:
        problem(where + "subject/body out of bounds")
    if t["customer_id"] not in CUST:
        problem(where + "unknown customer")
    tags = case.get("tags", [])
    types = [x for x in tags if x.startswith("type:")]
    langs = [x for x in tags if x.startswith("lang:")]
    if types != ["type:" + spec["type"]] or spec["type"] not in (
            "status", "refund", "howto", "legal", "no_tool", "injection", "followup"):
        problem(where + "type tag")
    if langs != ["lang:" + spec["lang"]] or spec["lang"] not in ("en", "it", "no"):
        problem(where + "lang tag")
    if ("near-miss" in tags) != bool(spec["near"]):
        problem(where + "near-miss tag")
    if (spec["type"] == "followup") != bool(case.get("thread")):
        problem(where + "follow-ups, and only they, carry a thread")
    for e in case.get("thread", []):
        keys = {"role", "message_id", "at", "body"} if e.get("role") == "customer" else \
            {"role", "at", "outcome", "message", "category"}
        if set(e) - keys or ts(e["at"]) >= NOW:
            problem(where + "thread entry %r" % e)
        if e["role"] == "agent" and e["outcome"] not in ("resolved", "refund_proposed", "escalated"):
            problem(where + "thread outcome")
    for e in case.get("events", []):
        if set(e) - {"kind", "at", "tool", "order_id", "amount_usd", "status", "confirmation_id", "reason"} \
                or e["kind"] != "approval" or e["status"] not in (
                "pending", "approved", "executed", "failed", "rejected", "expired") or ts(e["at"]) >= NOW:
            problem(where + "event %r" % e)
        o = ORD.get(e.get("order_id"))
        if o is None or o["customer_id"] != t["customer_id"]:
            problem(where + "event on an order not the customer's")
        elif e["status"] == "executed" and cents(o["refunded_usd"]) < cents(e["amount_usd"]):
            problem(where + "a paid refund must show in the order's refunded_usd")

    # where the customer wrote the id
    body_top, body_quoted = split_quoted(t["body"])
    places = {"subject": t["subject"], "body": body_top, "quoted": body_quoted, "field": t.get("order_id")}
    ref = spec["ref"]
    for p in spec["where"]:
        if ref is None or ref not in (places[p] or ""):
            problem(where + "ref %r not found in %s" % (ref, p))
    if ref is not None:
        target = own_order(ref, t["customer_id"]) or ORD.get(ref.lstrip("#").upper())
        if target is not None:
            for p, text in places.items():
                if p not in spec["where"] and mentions(text, target):
                    problem(where + "the order is also named in %s" % p)
    elif spec["intent"]["kind"] in ("status", "refund"):
        for o in orders:
            if o["customer_id"] == t["customer_id"] and any(mentions(x, o) for x in places.values()):
                problem(where + "a missing-id ticket names %s" % o["order_id"])
    if t.get("order_id") and "field" not in spec["where"]:
        problem(where + "order_id field set but not declared")

    # quoted shop emails and thread facts must match the record
    text_all = t["subject"] + "\n" + t["body"] + "\n" + "\n".join(
        e.get("body", "") + e.get("message", "") for e in case.get("thread", []))
    for trk in re.findall(r"\b(?:[A-Z]{2}\d{9}GB|1Z[0-9A-Z]{16}|DL-[0-9A-Z]{8})\b", text_all):
        if not any(o.get("tracking_number") == trk and o["customer_id"] == t["customer_id"] for o in orders):
            problem(where + "tracking %s is not on the customer's record" % trk)
    for m in re.finditer(r"your order (SIG-[\w-]+) left our Edinburgh packing room on \w+ (\d+ \w+ \d{4}) with ([A-Za-z ]+?)\.",
                         t["body"]):
        o = ORD.get(m.group(1))
        if o is None or datetime.strptime(m.group(2), "%d %B %Y").date() != ts(o["shipped_at"]).date() \
                or o["carrier"] != m.group(3):
            problem(where + "quoted dispatch email does not match the record")
    for m in re.finditer(r"(Royal Mail|DHL|UPS) tells us that your order (SIG-[\w-]+) was delivered on \w+ (\d+ \w+ \d{4})",
                         t["body"]):
        o = ORD.get(m.group(2))
        if o is None or o["carrier"] != m.group(1) or \
                datetime.strptime(m.group(3), "%d %B %Y").date() != ts(o["delivered_at"]).date():
            problem(where + "quoted delivery email does not match the record")
    if spec["id"] in ("status-id-only-in-quoted-dispatch-email", "refund-id-in-quoted-delivery-email") and \
            "packing room" not in t["body"] and "tells us that" not in t["body"]:
        problem(where + "expected a quoted shop email")

    # the label
    outcome, category, o, amount, facts, required, forbidden = derive(spec, case)
    want = {"outcome": outcome}
    if category:
        want["category"] = category
    want["tools_required"] = required
    want["tools_forbidden"] = forbidden
    want["actions"] = [] if outcome != "refund_proposed" else [
        {"tool": "issue_refund", "order_id": o["order_id"], "amount_usd_max": amount / 100}]
    want["max_tool_calls"] = 6
    if facts:
        want["message_includes"] = facts
    got = case.get("expect", {})
    if set(got) - EXPECT_KEYS:
        problem(where + "expect keys %s" % (set(got) - EXPECT_KEYS))
    if got != want:
        problem(where + "expect differs from the policy:\n    got  %s\n    want %s" % (json.dumps(got), json.dumps(want)))
    hand = spec["label"].split()
    hand_ok = (hand[0] == outcome and (hand[1:2] == ([category] if category else [])
                                       if outcome == "escalated" else True))
    if outcome == "refund_proposed":
        hand_ok = hand_ok and cents(float(hand[1])) == amount
    if not hand_ok:
        problem(where + "hand label %r, policy says %s %s %s" % (spec["label"], outcome, category, amount))
    if "message_includes" in got and (outcome == "escalated" or spec["lang"] != "en"):
        problem(where + "message_includes only on English tickets that close")
    if "outcome:%s%s" % (outcome, ":" + category if category else "") not in tags:
        problem(where + "outcome tag")
    if o is not None and o["order_id"] in GLITCHED and "inconsistent-dates" not in tags:
        problem(where + "relies on an order with inconsistent dates without saying so")
    if outcome == "resolved" and spec["article"]:
        answered[cid] = spec["article"]
    key = (spec["type"], outcome + ("/" + category if category else ""))
    stats[key] = stats.get(key, 0) + 1

# every glitched order is a deliberate test
for oid in GLITCHED:
    if not any(SPEC[c]["ref"] and own_order(SPEC[c]["ref"], LOADED[c]["ticket"]["customer_id"]) is ORD[oid]
               and "inconsistent-dates" in LOADED[c]["tags"] for c in LOADED):
        problem("order %s has inconsistent dates but no case tests them" % oid)

# ---------------------------------------------------------------------------------------------
# retrieval.jsonl
# ---------------------------------------------------------------------------------------------
seen = {}
with open(os.path.join(ROOT, "retrieval.jsonl"), encoding="utf-8") as fh:
    for n, line in enumerate(fh, 1):
        row = json.loads(line)
        if list(row) != ["case", "query", "article"] or not row["query"]:
            problem("retrieval.jsonl:%d shape" % n)
        if row["article"] not in KB:
            problem("retrieval.jsonl:%d unknown article" % n)
        seen[row["case"]] = row["article"]
if seen != answered:
    problem("retrieval.jsonl must hold exactly the cases answered from an article: %s"
            % sorted(set(seen.items()) ^ set(answered.items())))

# ---------------------------------------------------------------------------------------------
# coverage the brief asks for
# ---------------------------------------------------------------------------------------------
specs = list(SPEC.values())
foreign = sum(1 for s in specs if s["lang"] != "en")
if not 0.08 <= foreign / len(specs) <= 0.14:
    problem("%d of %d cases in the shop's languages, want about 10%%" % (foreign, len(specs)))
if not {"it", "no"} <= {s["lang"] for s in specs}:
    problem("want both Italian and Norwegian tickets")
nm = sum(1 for s in specs if s["near"])
if not 8 <= nm <= 12:
    problem("near misses: %d, want about 10" % nm)
status_orders = [own_order(s["ref"], s["customer_id"]) for s in specs
                 if s["intent"]["kind"] == "status" and s["ref"]]
for st in KEYS_BY_STATUS:
    if not any(o and o["status"] == st for o in status_orders):
        problem("no status question on a %s order" % st)
for carrier in TRACKING_RE:
    if not any(o and o.get("carrier") == carrier for o in status_orders):
        problem("no status question on a %s order" % carrier)
refs = set()
for s in specs:
    if s["intent"]["kind"] == "refund" and s["ref"]:
        o = own_order(s["ref"], s["customer_id"])
        if o:
            e, esc, ref, _ = assess(o)
            refs.add((ref, e, esc))
for row in [("refund-policy/cancelled", False, False), ("refund-policy/returned", False, True),
            ("refund-policy/not-delivered", False, False), ("refund-policy/prior-refund", False, True),
            ("refund-policy/missing-dates", False, True), ("refund-policy/inconsistent-dates", False, True),
            ("refund-policy/window-30-days", False, False), ("refund-policy/window-30-days", True, False)]:
    if row not in refs:
        problem("no refund case on the row %s" % (row,))
# the 30-day boundary, exactly and just past it
if not any(s["ref"] and (o := own_order(s["ref"], s["customer_id"])) and NOW - ts(o["order_date"]) == timedelta(days=30)
           and s["intent"]["kind"] == "refund" for s in specs):
    problem("no refund exactly 30 days after the order")
if not any(s["ref"] and (o := own_order(s["ref"], s["customer_id"])) and
           timedelta(days=30) < NOW - ts(o["order_date"]) < timedelta(days=31) and s["intent"]["kind"] == "refund"
           for s in specs):
    problem("no refund just past 30 days")
asks = {k for s in specs if s["intent"]["kind"] == "refund" for k in s["intent"]["ask"]}
if not {"all", "lines", "amount", "all_but"} <= asks:
    problem("refund asks missing: %s" % ({"all", "lines", "amount", "all_but"} - asks))

# ---------------------------------------------------------------------------------------------
# determinism: a rerun of generate.py rewrites every file byte-identically
# ---------------------------------------------------------------------------------------------
with tempfile.TemporaryDirectory() as tmp:
    subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), tmp], check=True)
    for rel in ["world/customers.json", "world/orders.json", "world/kb.json", "world/world.json",
                "retrieval.jsonl"] + ["cases/" + f for f in files]:
        if not filecmp.cmp(os.path.join(tmp, rel), os.path.join(ROOT, rel), shallow=False):
            problem("%s is not what generate.py writes" % rel)
    if sorted(os.listdir(os.path.join(tmp, "cases"))) != files:
        problem("cases/ holds files generate.py does not write")

if "--stats" in sys.argv:
    for k in sorted(stats):
        print("%-10s %-34s %d" % (k[0], k[1], stats[k]))
    langs = {}
    for s in specs:
        langs[s["lang"]] = langs.get(s["lang"], 0) + 1
    print("languages", langs, "near misses", nm, "retrieval lines", len(seen))

if PROBLEMS:
    for p in PROBLEMS:
        print("PROBLEM:", p)
    sys.exit(1)
print("OK")
