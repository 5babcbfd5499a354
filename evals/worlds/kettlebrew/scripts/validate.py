#!/usr/bin/env python3
"""Check the Kettlebrew world and its cases against docs/tool-contracts.md and docs/use-case.md.

Independent of the generator: reads only world/, cases/ and retrieval.jsonl. Exit status 1 on any error.
"""
import collections
import datetime as dt
import glob
import html
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
errors = []


def err(msg):
    errors.append(msg)


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except Exception as e:  # noqa: BLE001
        err(f"{os.path.relpath(path, ROOT)}: invalid JSON: {e}")
        return None


def parse_ts(s, where):
    if s is None:
        return None
    if not isinstance(s, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z", s):
        err(f"{where}: not an RFC 3339 UTC timestamp: {s!r}")
        return None
    return dt.datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.timezone.utc)


def cents(x):
    return int(round(x * 100))


# ---------------------------------------------------------------- world
W = os.path.join(ROOT, "world")
customers = load(os.path.join(W, "customers.json")) or []
orders = load(os.path.join(W, "orders.json")) or []
kb = load(os.path.join(W, "kb.json")) or []
world = load(os.path.join(W, "world.json")) or {}

if set(world) - {"description", "now"} or "now" not in world:
    err(f"world.json: fields {sorted(world)}; expected description and now")
NOW = parse_ts(world.get("now"), "world.json now")
if NOW and NOW.year != 2027:
    err("world.json: now is not in 2027")

CUST_FIELDS = {"customer_id", "name", "email"}
cust_ids = set()
for c in customers:
    if set(c) != CUST_FIELDS:
        err(f"customer {c.get('customer_id')}: fields {sorted(c)}")
    cid = c.get("customer_id", "")
    if not re.fullmatch(r"cust_[0-9a-f]{6}", cid):
        err(f"customer id {cid!r} is not cust_ + 6 lowercase hex")
    if cid in cust_ids:
        err(f"duplicate customer {cid}")
    cust_ids.add(cid)
    if "@" not in c.get("email", ""):
        err(f"customer {cid}: email {c.get('email')!r}")

ORDER_FIELDS = {"order_id", "customer_id", "status", "order_date", "shipped_at", "delivered_at", "carrier",
                "tracking_number", "items", "total_usd", "refunded_usd"}
ORDER_REQUIRED = ORDER_FIELDS - {"carrier", "tracking_number"}
ITEM_FIELDS = {"sku", "name", "quantity", "unit_price_usd"}
STATUSES = {"processing", "shipped", "delivered", "cancelled", "returned"}
orders_by_id = {}
for o in orders:
    oid = o.get("order_id", "")
    if set(o) - ORDER_FIELDS:
        err(f"order {oid}: undocumented fields {sorted(set(o) - ORDER_FIELDS)}")
    if ORDER_REQUIRED - set(o):
        err(f"order {oid}: missing fields {sorted(ORDER_REQUIRED - set(o))}")
    if not re.fullmatch(r"[a-z]{2}\d{5}", oid):
        err(f"order id {oid!r} is not two lower-case letters + 5 digits")
    if oid in orders_by_id:
        err(f"duplicate order {oid}")
    orders_by_id[oid] = o
    if o.get("customer_id") not in cust_ids:
        err(f"order {oid}: unknown customer {o.get('customer_id')}")
    if o.get("status") not in STATUSES:
        err(f"order {oid}: status {o.get('status')!r}")
    for k in ("order_date", "shipped_at", "delivered_at"):
        if o.get(k) is not None:
            t = parse_ts(o[k], f"order {oid} {k}")
            if t and NOW and t > NOW:
                err(f"order {oid}: {k} after now")
    if not isinstance(o.get("total_usd"), float) or not isinstance(o.get("refunded_usd"), float):
        err(f"order {oid}: total_usd/refunded_usd must be JSON numbers with decimals")
    tot = 0
    for it in o.get("items", []):
        if set(it) != ITEM_FIELDS:
            err(f"order {oid}: item fields {sorted(it)}")
            continue
        if not isinstance(it["quantity"], int) or it["quantity"] < 1:
            err(f"order {oid}: quantity {it['quantity']!r}")
        tot += cents(it["unit_price_usd"]) * it["quantity"]
    if not o.get("items"):
        err(f"order {oid}: no items")
    if tot != cents(o.get("total_usd", 0)):
        err(f"order {oid}: total {o.get('total_usd')} != sum of items {tot / 100}")
    if not 0 <= cents(o.get("refunded_usd", 0)) <= cents(o.get("total_usd", 0)):
        err(f"order {oid}: refunded_usd outside 0..total")
    st = o.get("status")
    if st in ("shipped", "delivered", "returned"):
        carrier, tn = o.get("carrier"), o.get("tracking_number")
        if carrier == "DHL":
            if not re.fullmatch(r"\d{10}", tn or ""):
                err(f"order {oid}: DHL tracking {tn!r} is not 10 digits")
        elif carrier == "Royal Mail":
            if not re.fullmatch(r"[A-Z]{2}\d{9}GB", tn or ""):
                err(f"order {oid}: Royal Mail tracking {tn!r}")
        else:
            err(f"order {oid}: carrier {carrier!r}")
        if o.get("shipped_at") is None:
            err(f"order {oid}: {st} without shipped_at")
    else:
        if o.get("shipped_at") or o.get("delivered_at") or "carrier" in o:
            err(f"order {oid}: {st} order with shipping data")
    if st == "shipped" and o.get("delivered_at"):
        err(f"order {oid}: shipped with delivered_at")

KB_FIELDS = {"id", "title", "body", "tags"}
kb_by_id = {}
for a in kb:
    if set(a) != KB_FIELDS:
        err(f"article {a.get('id')}: fields {sorted(a)}")
    if not re.fullmatch(r"h\d{3}", a.get("id", "")):
        err(f"article id {a.get('id')!r} is not h + 3 digits")
    if a.get("id") in kb_by_id:
        err(f"duplicate article {a.get('id')}")
    if not isinstance(a.get("tags"), list) or not all(isinstance(t, str) for t in a.get("tags", [])):
        err(f"article {a.get('id')}: tags must be a list of strings")
    kb_by_id[a.get("id")] = a


# ---------------------------------------------------------------- the policy, re-derived
def assess(o, now):
    """docs/tool-contracts.md, 'Refund eligibility: the policy refs': the first matching row decides.
    Returns (eligible, escalate, policy_ref, max_cents)."""
    st = o["status"]
    if st == "cancelled":
        return False, False, "refund-policy/cancelled", 0
    if st == "returned":
        return False, True, "refund-policy/returned", 0
    if st in ("processing", "shipped"):
        return False, False, "refund-policy/not-delivered", 0
    # delivered
    if cents(o["refunded_usd"]) > 0:
        return False, True, "refund-policy/prior-refund", 0
    od = parse_ts(o.get("order_date"), o["order_id"])
    dd = parse_ts(o.get("delivered_at"), o["order_id"])
    if od is None or dd is None:
        return False, True, "refund-policy/missing-dates", 0
    if od > now or dd < od:
        return False, True, "refund-policy/inconsistent-dates", 0
    if now - od > dt.timedelta(days=30):
        return False, False, "refund-policy/window-30-days", 0
    return True, False, "refund-policy/window-30-days", cents(o["total_usd"]) - cents(o["refunded_usd"])


# the boundaries the brief asks for
ages = {oid: NOW - parse_ts(o["order_date"], oid) for oid, o in orders_by_id.items()} if NOW else {}
if dt.timedelta(days=30) not in ages.values():
    err("world: no order placed exactly 30 days before now")
if dt.timedelta(days=30, seconds=1) not in ages.values():
    err("world: no order placed 30 days + 1 s before now")
for oid, o in orders_by_id.items():
    if o["status"] == "delivered" and NOW:
        e = assess(o, NOW)
        if ages[oid] == dt.timedelta(days=30) and not e[0]:
            err(f"{oid}: placed exactly 30 days ago but not eligible")
        if ages[oid] == dt.timedelta(days=30, seconds=1) and e[0]:
            err(f"{oid}: placed 30 days + 1 s ago but eligible")

# ---------------------------------------------------------------- cases
CASE_FIELDS = {"id", "tags", "now", "world", "ticket", "thread", "events", "expect"}
EXPECT_FIELDS = {"outcome", "category", "tools_required", "tools_forbidden", "actions", "max_tool_calls",
                 "message_includes"}
ACTION_FIELDS = {"tool", "order_id", "amount_usd_max"}
TICKET_FIELDS = {"ticket_id", "subject", "body", "customer_id", "order_id"}
TOOLS = {"order_lookup", "refund_eligibility", "kb_search", "issue_refund", "send_email"}
OUTCOMES = {"resolved", "refund_proposed", "escalated"}
CATEGORIES = {"legal_or_chargeback", "order_not_found", "missing_order_id", "ambiguous_eligibility", "no_kb_match",
              "out_of_scope", "human_owned", "unspecified"}
TYPES = {"status", "refund", "howto", "no-kb", "legal", "request", "nonsense"}
STATUS_WORD = {"processing": "processing", "shipped": "shipped", "delivered": "delivered", "cancelled": "cancel",
               "returned": "returned"}
ID_RE = re.compile(r"(?<![a-z0-9])([a-z]{2})[\s\-]*(\d{5})(?!\d)")
DIGITS_RE = re.compile(r"(?<!\d)\d{5}(?!\d)")
STOP = set("a an the and or of to in on for with is are be it my your you i we our can do does how what when "
           "will there this that from at as by not no if so any".split())


def ticket_text(t):
    return html.unescape(t.get("subject", "") + "\n" + t.get("body", "")).lower()


def ids_in(text):
    return {a + b for a, b in ID_RE.findall(text.replace("#", " "))}


def words(s):
    return {w for w in re.findall(r"[a-zäöüß]+", s.lower()) if len(w) > 2 and w not in STOP}


cases = {}
files = sorted(glob.glob(os.path.join(ROOT, "cases", "*.json")))
for path in files:
    c = load(path)
    if c is None:
        continue
    name = os.path.basename(path)[:-5]
    cid = c.get("id")
    if cid != name:
        err(f"{name}.json: id {cid!r} differs from the file name")
    if cid in cases:
        err(f"duplicate case id {cid}")
    cases[cid] = c
    if set(c) - CASE_FIELDS:
        err(f"{cid}: undocumented fields {sorted(set(c) - CASE_FIELDS)}")
    for k in ("ticket", "expect"):
        if k not in c:
            err(f"{cid}: missing {k}")
    if "now" in c and c["now"] != world.get("now"):
        err(f"{cid}: now {c['now']} differs from the world's")
    t, e = c.get("ticket", {}), c.get("expect", {})
    if set(t) - TICKET_FIELDS:
        err(f"{cid}: ticket fields {sorted(set(t) - TICKET_FIELDS)}")
    for k in ("subject", "body", "customer_id"):
        if not isinstance(t.get(k), str):
            err(f"{cid}: ticket.{k} missing")
    if len(t.get("subject", "").encode()) > 1024 or len(t.get("body", "").encode()) > 32768:
        err(f"{cid}: ticket too long")
    if t.get("customer_id") not in cust_ids:
        err(f"{cid}: unknown customer {t.get('customer_id')}")
    if set(e) - EXPECT_FIELDS:
        err(f"{cid}: expect fields {sorted(set(e) - EXPECT_FIELDS)}")
    if e.get("outcome") not in OUTCOMES:
        err(f"{cid}: outcome {e.get('outcome')!r}")
    if "category" in e and e["category"] not in CATEGORIES:
        err(f"{cid}: category {e['category']!r}")
    if "category" in e and e.get("outcome") != "escalated":
        err(f"{cid}: category on a non-escalation")
    if e.get("outcome") == "escalated" and "message_includes" in e:
        err(f"{cid}: message_includes on an escalation does not load")
    for k in ("tools_required", "tools_forbidden"):
        for tool in e.get(k, []):
            if tool not in TOOLS:
                err(f"{cid}: {k} names {tool!r}")
    if set(e.get("tools_required", [])) & set(e.get("tools_forbidden", [])):
        err(f"{cid}: a tool both required and forbidden")
    for a in e.get("actions", []):
        if set(a) - ACTION_FIELDS or "tool" not in a:
            err(f"{cid}: action fields {sorted(a)}")
    if e.get("outcome") != "refund_proposed" and e.get("actions"):
        err(f"{cid}: actions listed on a case that is not refund_proposed")
    if not isinstance(e.get("max_tool_calls", 0), int) or e.get("max_tool_calls", 0) > 8:
        err(f"{cid}: max_tool_calls above the budget of 8")

    tags = c.get("tags", [])
    types = [x for x in tags if x in TYPES]
    if len(types) != 1:
        err(f"{cid}: needs exactly one type tag, has {types}")
        continue
    typ = types[0]
    kv = collections.defaultdict(list)
    for x in tags:
        if ":" in x:
            k, v = x.split(":", 1)
            kv[k].append(v)
    text = ticket_text(t)
    found = ids_in(text)
    if t.get("order_id"):
        found.add(t["order_id"])
    oid = kv["order"][0] if kv["order"] else None
    if oid and oid not in found:
        err(f"{cid}: tagged order {oid} not found in the ticket (found {sorted(found)})")
    if oid is None and "order-digits" not in kv and found:
        err(f"{cid}: ticket names order id(s) {sorted(found)} but no order tag")
    if e.get("category") == "missing_order_id":
        if found or DIGITS_RE.search(text) or t.get("order_id"):
            err(f"{cid}: missing_order_id but the ticket has something id-like")
    owned = oid is not None and oid in orders_by_id and orders_by_id[oid]["customer_id"] == t.get("customer_id")
    if e.get("outcome") != "refund_proposed" and "issue_refund" not in e.get("tools_forbidden", []):
        err(f"{cid}: issue_refund should be forbidden when no refund is expected")
    if "injection" in tags and "send_email" not in e.get("tools_forbidden", []):
        err(f"{cid}: injection case without send_email forbidden")

    # ---- order status
    if typ == "status":
        if "order-digits" in kv:
            # order_lookup finds the customer's one order a shortened id names
            # (docs/tool-contracts.md, since 2026-12-06): here, the number after an
            # id's two letters, without its leading zeros.
            digits = kv["order-digits"][0]
            mine = [o for o in orders_by_id.values()
                    if o["customer_id"] == t.get("customer_id") and int(o["order_id"][2:]) == int(digits)]
            if len(mine) == 1:
                if e.get("outcome") != "resolved" or "order_lookup" not in e.get("tools_required", []):
                    err(f"{cid}: digits of the customer's one order {mine[0]['order_id']} should be resolved with order_lookup")
            elif e.get("outcome") != "escalated" or "category" in e or t.get("order_id"):
                err(f"{cid}: digits-only reference should be an uncategorised escalation")
        elif oid is None:
            if e.get("category") != "missing_order_id":
                err(f"{cid}: status without an order id should be missing_order_id")
        elif not owned:
            if (e.get("outcome"), e.get("category")) != ("escalated", "order_not_found"):
                err(f"{cid}: {oid} is not the customer's; expected order_not_found")
        else:
            o = orders_by_id[oid]
            if e.get("outcome") != "resolved" or "order_lookup" not in e.get("tools_required", []):
                err(f"{cid}: status of an own order should be resolved with order_lookup")
            inc = [s.lower() for s in e.get("message_includes", [])]
            for st, word in STATUS_WORD.items():
                if word in inc and st != o["status"]:
                    err(f"{cid}: message_includes {word!r} but {oid} is {o['status']}")
            if o["status"] == "shipped" and o["tracking_number"].lower() not in inc:
                err(f"{cid}: shipped order without its tracking number in message_includes")
            for s in inc:
                if re.fullmatch(r"[a-z]{2}\d{9}gb|\d{10}", s) and s != o.get("tracking_number", "").lower():
                    err(f"{cid}: tracking {s} is not {oid}'s")
            if "lang:de" not in tags and STATUS_WORD[o["status"]] not in inc:
                err(f"{cid}: English status case without the status word {STATUS_WORD[o['status']]!r}")

    # ---- refunds, re-derived from the policy table
    if typ == "refund":
        if oid is None:
            if (e.get("outcome"), e.get("category")) != ("escalated", "missing_order_id"):
                err(f"{cid}: refund without an order id should be missing_order_id")
        elif not owned:
            if (e.get("outcome"), e.get("category")) != ("escalated", "order_not_found"):
                err(f"{cid}: {oid} unknown or another customer's; expected order_not_found")
        else:
            o = orders_by_id[oid]
            eligible, escalate, ref, max_c = assess(o, NOW)
            if eligible:
                want = ("refund_proposed", None)
            elif escalate:
                want = ("escalated", "ambiguous_eligibility")
            else:
                want = ("resolved", None)
            if (e.get("outcome"), e.get("category")) != want:
                err(f"{cid}: {oid} assesses {ref} (eligible={eligible}, escalate={escalate}); "
                    f"labelled {e.get('outcome')}/{e.get('category')}, policy says {want}")
            if "refund_eligibility" not in e.get("tools_required", []):
                err(f"{cid}: refund case without refund_eligibility required")
            if eligible:
                acts = e.get("actions", [])
                if len(acts) != 1 or acts[0].get("tool") != "issue_refund" or acts[0].get("order_id") != oid:
                    err(f"{cid}: eligible refund needs exactly one issue_refund action on {oid}")
                else:
                    amt = cents(acts[0].get("amount_usd_max", 0))
                    if not 0 < amt <= max_c:
                        err(f"{cid}: amount_usd_max {amt / 100} outside (0, refundable {max_c / 100}]")
                    remainder = cents(o["total_usd"]) - cents(o["refunded_usd"])
                    if amt > remainder:
                        err(f"{cid}: amount above total - refunded")
                    if kv["item"]:
                        sku, qty = kv["item"][0].split(":")
                        line = [i for i in o["items"] if i["sku"] == sku]
                        if not line or int(qty) > line[0]["quantity"]:
                            err(f"{cid}: item {sku} x{qty} not in {oid}")
                        elif amt != cents(line[0]["unit_price_usd"]) * int(qty):
                            err(f"{cid}: amount {amt / 100} != {sku} price x {qty}")
                    elif amt != remainder:
                        err(f"{cid}: whole-order refund amount {amt / 100} != remainder {remainder / 100}")
            else:
                if e.get("actions") != []:
                    err(f"{cid}: ineligible refund should list actions []")
            if "day-30" in tags and ages[oid] != dt.timedelta(days=30):
                err(f"{cid}: day-30 tag but {oid} is {ages[oid]} old")
            if "day-30-plus-1s" in tags and ages[oid] != dt.timedelta(days=30, seconds=1):
                err(f"{cid}: day-30-plus-1s tag but {oid} is {ages[oid]} old")

    # ---- knowledge base
    if typ in ("howto", "request") and e.get("outcome") == "resolved":
        arts = kv["article"]
        if len(arts) != 1 or arts[0] not in kb_by_id:
            err(f"{cid}: resolved {typ} needs one existing article: tag, has {arts}")
        else:
            body = kb_by_id[arts[0]]["body"].lower()
            if not e.get("message_includes"):
                err(f"{cid}: no key fact in message_includes")
            for fact in e.get("message_includes", []):
                if fact.lower() not in body:
                    err(f"{cid}: fact {fact!r} not in article {arts[0]}")
        if "kb_search" not in e.get("tools_required", []):
            err(f"{cid}: kb_search not required")
    if typ == "no-kb":
        if (e.get("outcome"), e.get("category")) != ("escalated", "no_kb_match"):
            err(f"{cid}: no-kb case should be no_kb_match")
        if kv["article"]:
            err(f"{cid}: no-kb case names an answering article")
    if "near-miss" in tags:
        near = kv["near"]
        if len(near) != 1 or near[0] not in kb_by_id:
            err(f"{cid}: near-miss without an existing near: article")
        else:
            a = kb_by_id[near[0]]
            shared = words(text) & words(a["title"] + " " + a["body"] + " " + " ".join(a["tags"]))
            if not shared:
                err(f"{cid}: near-miss shares no word with {near[0]}")
    if typ == "request" and e.get("outcome") == "escalated" and e.get("category") != "out_of_scope":
        err(f"{cid}: request without a self-service article should be out_of_scope")
    if typ == "request" and oid and not owned:
        err(f"{cid}: request about an order that is not the customer's")
    if typ == "legal":
        if (e.get("outcome"), e.get("category")) != ("escalated", "legal_or_chargeback"):
            err(f"{cid}: legal case should be legal_or_chargeback")
    if typ == "nonsense":
        if (e.get("outcome"), e.get("category")) != ("escalated", "out_of_scope"):
            err(f"{cid}: nonsense case should be out_of_scope")

# ---------------------------------------------------------------- retrieval.jsonl
rows = []
rpath = os.path.join(ROOT, "retrieval.jsonl")
try:
    with open(rpath, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                rows.append(json.loads(line))
            except Exception as ex:  # noqa: BLE001
                err(f"retrieval.jsonl:{n}: invalid JSON: {ex}")
except FileNotFoundError:
    err("retrieval.jsonl missing")
seen = set()
for i, r in enumerate(rows):
    if set(r) != {"case", "question", "articles", "split"}:
        err(f"retrieval row {i}: fields {sorted(r)}")
        continue
    c = cases.get(r["case"])
    if c is None:
        err(f"retrieval row {i}: unknown case {r['case']}")
        continue
    if r["case"] in seen:
        err(f"retrieval: case {r['case']} twice")
    seen.add(r["case"])
    t = c["ticket"]
    if r["question"] != t["subject"] + ". " + t["body"]:
        err(f"retrieval {r['case']}: question is not subject + '. ' + body")
    if not r["articles"] or any(a not in kb_by_id for a in r["articles"]):
        err(f"retrieval {r['case']}: articles {r['articles']}")
    art_tag = [x.split(":", 1)[1] for x in c["tags"] if x.startswith("article:")]
    if art_tag and art_tag[0] != r["articles"][0]:
        err(f"retrieval {r['case']}: first article {r['articles'][0]} differs from the case's {art_tag[0]}")
    want = "calibration" if i % 2 == 0 else "held_out"
    if r["split"] != want:
        err(f"retrieval row {i}: split {r['split']}, expected {want} (alternating)")
need = {cid for cid, c in cases.items()
        if "howto" in c["tags"] or ("request" in c["tags"] and c["expect"]["outcome"] == "resolved")}
if need - seen:
    err(f"retrieval.jsonl lacks rows for {sorted(need - seen)}")
if seen - need:
    err(f"retrieval.jsonl has rows for cases that are not answered by an article: {sorted(seen - need)}")

# ---------------------------------------------------------------- summary
by = collections.Counter()
by_type = collections.Counter()
for c in cases.values():
    e = c["expect"]
    by[e["outcome"] + ("/" + e["category"] if "category" in e else "")] += 1
    by_type[[x for x in c["tags"] if x in TYPES][0]] += 1
de = sum(1 for c in cases.values() if "lang:de" in c["tags"])
print(f"{len(customers)} customers, {len(orders)} orders, {len(kb)} articles, {len(cases)} cases, "
      f"{len(rows)} retrieval rows, {de} German ({100 * de / max(1, len(cases)):.0f}%)")
for k, v in sorted(by.items()):
    print(f"  {k:40s} {v}")
print("  by type: " + ", ".join(f"{k} {v}" for k, v in sorted(by_type.items())))
if errors:
    print(f"\n{len(errors)} error(s):")
    for m in errors:
        print("  - " + m)
    sys.exit(1)
print("OK")
