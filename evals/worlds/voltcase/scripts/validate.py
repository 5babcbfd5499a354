#!/usr/bin/env python3
"""Check the Voltcase evaluation world as written on disk (world/, cases/, retrieval.jsonl).

Independent of the generator: it imports nothing from it and re-derives every label it can from
docs/tool-contracts.md and docs/use-case.md:

* JSON validity, unique ids, documented fields only (case / expect / action / ticket / world records);
* customers, orders and articles referenced exist; order ownership; ticket size limits;
* every refund label re-derived from the policy table at the world's `now` (first matching row wins,
  the 30-day window a duration from order_date: exactly 30 days eligible, one second more not);
* refund amounts > 0, <= total - refunded, and a sum of some of the order's units;
* every order-status label re-derived (own order -> resolved with the status word and the tracking
  number; another customer's or unknown -> order_not_found; no id -> missing_order_id);
* each how-to fact in message_includes appears in one of the case's articles (retrieval.jsonl);
* no article mentions a topic the no-article cases rely on being uncovered.

Exit status 0 when everything passes, 1 otherwise (every problem is listed).
"""
import json
import os
import re
import sys
from datetime import datetime, timedelta, timezone

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ERRORS = []


def err(where, msg):
    ERRORS.append(f"{where}: {msg}")


def load_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except Exception as e:  # noqa: BLE001
        err(os.path.relpath(path, ROOT), f"invalid JSON: {e}")
        return None


def parse_ts(s):
    if s is None:
        return None
    if not isinstance(s, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z", s):
        raise ValueError(f"not an RFC 3339 UTC timestamp: {s!r}")
    return datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def cents(x):
    return int(round(float(x) * 100))


# ------------------------------------------------------------------------------------------------
# Vocabulary from the docs
# ------------------------------------------------------------------------------------------------
TOOLS = {"order_lookup", "refund_eligibility", "kb_search", "issue_refund", "send_email"}
OUTCOMES = {"resolved", "refund_proposed", "escalated"}
MODEL_CATEGORIES = {"legal_or_chargeback", "order_not_found", "missing_order_id", "ambiguous_eligibility",
                    "no_kb_match", "out_of_scope", "human_owned", "unspecified"}
CASE_KEYS = {"id", "tags", "now", "world", "ticket", "thread", "events", "expect"}
EXPECT_KEYS = {"outcome", "category", "tools_required", "tools_forbidden", "actions", "max_tool_calls",
               "message_includes"}
ACTION_KEYS = {"tool", "order_id", "amount_usd_max"}
TICKET_KEYS = {"ticket_id", "subject", "body", "customer_id", "order_id"}
CUSTOMER_KEYS = {"customer_id", "name", "email"}
ORDER_REQUIRED = {"order_id", "customer_id", "status", "order_date", "shipped_at", "delivered_at", "items",
                  "total_usd", "refunded_usd"}
ORDER_OPTIONAL = {"carrier", "tracking_number"}
ITEM_KEYS = {"sku", "name", "quantity", "unit_price_usd"}
KB_KEYS = {"id", "title", "body", "tags"}
STATUSES = {"processing", "shipped", "delivered", "cancelled", "returned"}
MAX_TOOL_CALLS = 8

TYPE_TAGS = {"status", "refund", "howto", "no-kb", "dispute", "no-tool-request", "nonsense"}
KNOWN_TAGS = TYPE_TAGS | {
    # status / refund sub-labels (checked against the re-derived label)
    "shipped", "delivered", "processing", "cancelled", "returned", "eligible", "ineligible", "ambiguous",
    "not-found", "missing-id", "other-customer", "unknown-id", "window", "not-delivered", "prior-refund",
    "missing-date", "inconsistent-dates", "boundary", "first-row-wins",
    # what makes it hard
    "html", "reply-chain", "signature", "legal-word-not-threat", "id-format", "paraphrase", "deep-sentence",
    "near-miss", "multi-item", "one-item", "one-unit", "amount-format", "injection", "lang:es", "typos",
    "all-caps", "short", "chat-transcript", "instruction-in-ticket",
    # dispute wording
    "chargeback", "lawyer", "lawsuit", "regulator", "payment-dispute", "indirect",
    # no-tool requests
    "self-service", "exchange", "reschedule", "payment-method", "cancel", "change-address",
    "upgrade-shipping", "combine-orders",
    # nonsense
    "empty", "unreadable",
}

# Topics deliberately NOT covered by any article (README, "Not covered"); regexes, case-insensitive.
UNCOVERED_MARKERS = [
    r"\brepair", r"price[- ]match", r"match (a|the) price", r"competitor", r"\bbulk\b", r"volume pricing",
    r"wholesale", r"net ?30", r"cancel (your|an|the|my) order", r"\bto cancel\b", r"change (the|your) address",
    r"delivery address", r"engrav", r"custom print", r"personali[sz]", r"canada", r"international",
    r"mexico", r"customs", r"\bduties\b", r"student", r"military", r"discount", r"pass-?through",
    r"\bamps?\b", r"amperage", r"heater", r"\bload\b", r"pick ?up", r"collect in person", r"\brestock(s|ed)?\b",
    r"in stock", r"\bfold\b", r"upgrade", r"combine (orders|shipments)", r"gift[- ]wrap", r"gift message",
]

# ------------------------------------------------------------------------------------------------
# The refund policy, re-derived (docs/tool-contracts.md, "Refund eligibility: the policy refs")
# ------------------------------------------------------------------------------------------------
WINDOW = timedelta(days=30)


def assess(order, now):
    """-> (eligible, escalate, policy_ref, max_cents); the first matching row decides."""
    st = order["status"]
    if st == "cancelled":
        return False, False, "refund-policy/cancelled", 0
    if st == "returned":
        return False, True, "refund-policy/returned", 0
    if st in ("processing", "shipped"):
        return False, False, "refund-policy/not-delivered", 0
    # delivered
    if cents(order["refunded_usd"]) > 0:
        return False, True, "refund-policy/prior-refund", 0
    od = parse_ts(order.get("order_date"))
    dd = parse_ts(order.get("delivered_at"))
    if od is None or dd is None:
        return False, True, "refund-policy/missing-dates", 0
    if od > now or dd < od:
        return False, True, "refund-policy/inconsistent-dates", 0
    if now - od > WINDOW:
        return False, False, "refund-policy/window-30-days", 0
    return True, False, "refund-policy/window-30-days", cents(order["total_usd"]) - cents(order["refunded_usd"])


POLICY_TAG = {
    "refund-policy/cancelled": "cancelled",
    "refund-policy/returned": "returned",
    "refund-policy/not-delivered": "not-delivered",
    "refund-policy/prior-refund": "prior-refund",
    "refund-policy/missing-dates": "missing-date",
    "refund-policy/inconsistent-dates": "inconsistent-dates",
}


def sub_multiset_sums(items):
    sums = {0}
    for it in items:
        unit = cents(it["unit_price_usd"])
        sums = {s + k * unit for s in sums for k in range(it["quantity"] + 1)}
    return sums


# ------------------------------------------------------------------------------------------------
# Order ids in customer text
# ------------------------------------------------------------------------------------------------
ID_PATTERNS = [
    re.compile(r"(?<![\d-])(\d{3})-(\d{7})-(\d{7})(?![\d-])"),
    re.compile(r"(?<!\d)(?<!\d )(\d{3}) (\d{7}) (\d{7})(?! ?\d)"),
    re.compile(r"(?<!\d)(\d{3})(\d{7})(\d{7})(?!\d)"),
]


def ids_in_text(text):
    found = set()
    for pat in ID_PATTERNS:
        for m in pat.finditer(text):
            found.add("-".join(m.groups()))
    return found


def referenced_orders(ticket):
    text = ticket.get("subject", "") + "\n" + ticket.get("body", "")
    ids = ids_in_text(text)
    if ticket.get("order_id"):
        ids.add(ticket["order_id"])
    return ids


# ------------------------------------------------------------------------------------------------
# World
# ------------------------------------------------------------------------------------------------
def check_world():
    wdir = os.path.join(ROOT, "world")
    customers = load_json(os.path.join(wdir, "customers.json")) or []
    orders = load_json(os.path.join(wdir, "orders.json")) or []
    kb = load_json(os.path.join(wdir, "kb.json")) or []
    world = load_json(os.path.join(wdir, "world.json")) or {}

    if set(world) != {"description", "now"}:
        err("world.json", f"keys {sorted(world)} != ['description', 'now']")
    now = parse_ts(world.get("now"))
    if now.year != 2027:
        err("world.json", "now is not in 2027")

    cust = {}
    for c in customers:
        w = f"customers.json {c.get('customer_id')}"
        if set(c) != CUSTOMER_KEYS:
            err(w, f"fields {sorted(c)}")
        if not re.fullmatch(r"VC\d{6}", c.get("customer_id", "")):
            err(w, "customer id is not VC + 6 digits")
        if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", c.get("email", "")):
            err(w, "bad email")
        if c.get("customer_id") in cust:
            err(w, "duplicate customer id")
        cust[c.get("customer_id")] = c

    ords = {}
    for o in orders:
        w = f"orders.json {o.get('order_id')}"
        keys = set(o)
        if not ORDER_REQUIRED <= keys or not keys <= ORDER_REQUIRED | ORDER_OPTIONAL:
            err(w, f"fields {sorted(keys)}")
            continue
        if not re.fullmatch(r"\d{3}-\d{7}-\d{7}", o["order_id"]):
            err(w, "order id not in 112-4839201-7730215 form")
        if o["order_id"] in ords:
            err(w, "duplicate order id")
        ords[o["order_id"]] = o
        if o["customer_id"] not in cust:
            err(w, f"unknown customer {o['customer_id']}")
        if o["status"] not in STATUSES:
            err(w, f"status {o['status']}")
        try:
            od, sa, da = (parse_ts(o["order_date"]), parse_ts(o["shipped_at"]), parse_ts(o["delivered_at"]))
        except ValueError as e:
            err(w, str(e))
            continue
        if od is None:
            err(w, "order_date missing (no case relies on that)")
        if not o["items"]:
            err(w, "no items")
        total = 0
        for it in o["items"]:
            if set(it) != ITEM_KEYS:
                err(w, f"item fields {sorted(it)}")
                continue
            if not isinstance(it["quantity"], int) or it["quantity"] < 1:
                err(w, "quantity")
            if not isinstance(it["unit_price_usd"], (int, float)) or it["unit_price_usd"] <= 0:
                err(w, "unit price")
            total += cents(it["unit_price_usd"]) * it["quantity"]
        if total != cents(o["total_usd"]):
            err(w, f"total_usd {o['total_usd']} != sum of items {total / 100:.2f}")
        if not 0 <= cents(o["refunded_usd"]) <= cents(o["total_usd"]):
            err(w, "refunded_usd outside [0, total]")
        st = o["status"]
        has_carrier = "carrier" in o
        if has_carrier != ("tracking_number" in o):
            err(w, "carrier and tracking_number must come together")
        if st in ("processing", "cancelled"):
            if sa or da or has_carrier:
                err(w, f"{st} order with shipping data")
        else:
            if not sa or not has_carrier:
                err(w, f"{st} order without shipped_at / carrier")
            if st == "shipped" and da:
                err(w, "shipped order with delivered_at")
        if st == "cancelled" and cents(o["refunded_usd"]) != cents(o["total_usd"]):
            err(w, "cancelled orders are refunded automatically: refunded_usd should equal total_usd")
        if has_carrier:
            tn = o["tracking_number"]
            if o["carrier"] == "UPS" and not re.fullmatch(r"1Z[0-9A-Z]{16}", tn):
                err(w, f"UPS tracking {tn}")
            elif o["carrier"] == "USPS" and not re.fullmatch(r"\d{22}", tn):
                err(w, f"USPS tracking {tn}")
            elif o["carrier"] not in ("UPS", "USPS"):
                err(w, f"carrier {o['carrier']}")
    trk = [o.get("tracking_number") for o in orders if o.get("tracking_number")]
    if len(trk) != len(set(trk)):
        err("orders.json", "duplicate tracking numbers")

    # The world must contain the boundary and ambiguity fixtures the brief asks for.
    feats = {
        "delivered exactly 30 days before now": lambda o: o["status"] == "delivered"
        and parse_ts(o["order_date"]) == now - WINDOW and assess(o, now)[0],
        "delivered 30 days + 1 s before now": lambda o: o["status"] == "delivered"
        and parse_ts(o["order_date"]) == now - WINDOW - timedelta(seconds=1)
        and assess(o, now)[2] == "refund-policy/window-30-days" and not assess(o, now)[0],
        "partial prior refund inside the window": lambda o: o["status"] == "delivered"
        and 0 < cents(o["refunded_usd"]) < cents(o["total_usd"]) and now - parse_ts(o["order_date"]) <= WINDOW,
        "prior refund outside the window": lambda o: o["status"] == "delivered"
        and cents(o["refunded_usd"]) > 0 and now - parse_ts(o["order_date"]) > WINDOW,
        "full prior refund": lambda o: o["status"] == "delivered"
        and cents(o["refunded_usd"]) == cents(o["total_usd"]),
        "delivered without delivered_at": lambda o: o["status"] == "delivered" and o["delivered_at"] is None,
    }
    for name, f in feats.items():
        if not any(f(o) for o in orders if set(o) >= ORDER_REQUIRED):
            err("orders.json", f"no order that is {name}")
    for st in STATUSES:
        if not any(o.get("status") == st for o in orders):
            err("orders.json", f"no {st} order")

    arts = {}
    for a in kb:
        w = f"kb.json {a.get('id')}"
        if set(a) != KB_KEYS:
            err(w, f"fields {sorted(a)}")
            continue
        if not re.fullmatch(r"A-\d{4}", a["id"]):
            err(w, "article id is not A- + 4 digits")
        if a["id"] in arts:
            err(w, "duplicate article id")
        if not (isinstance(a["tags"], list) and all(isinstance(t, str) for t in a["tags"])):
            err(w, "tags must be a list of strings")
        arts[a["id"]] = a
        text = " ".join([a["title"], a["body"], " ".join(a["tags"])])
        for m in UNCOVERED_MARKERS:
            if re.search(m, text, re.I):
                err(w, f"mentions an uncovered topic (marker {m!r})")
    if not 22 <= len(arts) <= 26:
        err("kb.json", f"{len(arts)} articles, expected 22-26")
    return now, cust, ords, arts


# ------------------------------------------------------------------------------------------------
# Cases
# ------------------------------------------------------------------------------------------------
def check_case(path, c, now, cust, ords, arts, retrieval):
    cid = c.get("id")
    w = f"cases/{os.path.basename(path)}"
    if set(c) - CASE_KEYS:
        err(w, f"undocumented case fields {sorted(set(c) - CASE_KEYS)}")
    for k in ("id", "ticket", "expect"):
        if k not in c:
            err(w, f"missing {k}")
            return None
    if os.path.basename(path) != f"{cid}.json":
        err(w, f"file name does not match id {cid!r}")
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", cid):
        err(w, "id not kebab-case")
    if "world" in c or "thread" in c or "events" in c:
        err(w, "this world's cases use the world folder, no per-case world/thread/events")
    if c.get("now") is not None and parse_ts(c["now"]) != now:
        err(w, "case now differs from the world's now")

    tags = c.get("tags", [])
    unknown = set(tags) - KNOWN_TAGS
    if unknown:
        err(w, f"unknown tags {sorted(unknown)}")
    types = set(tags) & TYPE_TAGS
    if len(types) != 1:
        err(w, f"needs exactly one type tag, has {sorted(types)}")
        return None
    ctype = types.pop()

    t = c["ticket"]
    if set(t) - TICKET_KEYS:
        err(w, f"undocumented ticket fields {sorted(set(t) - TICKET_KEYS)}")
    for k in ("subject", "body", "customer_id"):
        if not isinstance(t.get(k), str):
            err(w, f"ticket.{k} missing")
            return None
    if not t["customer_id"] or len(t["customer_id"].encode()) > 128:
        err(w, "customer_id empty or > 128 bytes")
    if len(t["subject"].encode()) > 1024:
        err(w, "subject > 1 KiB")
    if len(t["body"].encode()) > 32 * 1024:
        err(w, "body > 32 KiB")
    if t["customer_id"] not in cust:
        err(w, f"unknown customer {t['customer_id']}")
    if "order_id" in t:
        o = ords.get(t["order_id"])
        if not t["order_id"] or len(t["order_id"].encode()) > 128:
            err(w, "ticket.order_id empty or too long")
        if o is None or o["customer_id"] != t["customer_id"]:
            err(w, "ticket.order_id (the help desk field) should be the customer's own order")
        for m in re.finditer(r"ending(?: in)? (\d{7})", t["body"] + " " + t["subject"]):
            if not t["order_id"].endswith(m.group(1)):
                err(w, "'order ending …' does not match ticket.order_id")
    elif re.search(r"ending(?: in)? \d{7}", t["body"] + " " + t["subject"]):
        err(w, "a truncated id needs ticket.order_id to be resolvable")

    e = c["expect"]
    if set(e) - EXPECT_KEYS:
        err(w, f"undocumented expect fields {sorted(set(e) - EXPECT_KEYS)}")
    out = e.get("outcome")
    if out not in OUTCOMES:
        err(w, f"outcome {out!r}")
    cat = e.get("category")
    if cat is not None and out != "escalated":
        err(w, "category on a non-escalated case")
    if out == "escalated" and cat not in MODEL_CATEGORIES:
        err(w, f"escalation without a model category ({cat!r})")
    if out == "escalated" and "message_includes" in e:
        err(w, "message_includes on an escalated case does not load")
    req = set(e.get("tools_required", []))
    forb = set(e.get("tools_forbidden", []))
    if (req | forb) - TOOLS:
        err(w, f"unknown tools {sorted((req | forb) - TOOLS)}")
    if req & forb:
        err(w, f"tools both required and forbidden {sorted(req & forb)}")
    mtc = e.get("max_tool_calls")
    if mtc is not None and not (isinstance(mtc, int) and 1 <= mtc <= MAX_TOOL_CALLS):
        err(w, f"max_tool_calls {mtc}")
    if mtc is not None and len(req) > mtc:
        err(w, "more required tools than max_tool_calls")
    acts = e.get("actions")
    if out != "refund_proposed":
        if acts not in ([], None):
            err(w, "actions on a case that does not propose a refund")
        if "issue_refund" not in forb:
            err(w, "issue_refund should be forbidden when no refund is expected")
    for a in acts or []:
        if set(a) - ACTION_KEYS or "tool" not in a:
            err(w, f"action fields {sorted(a)}")
        if a.get("tool") not in TOOLS:
            err(w, f"action tool {a.get('tool')}")
        if a.get("tool") == "issue_refund":
            o = ords.get(a.get("order_id"))
            if o is None:
                err(w, f"action on unknown order {a.get('order_id')}")
            elif o["customer_id"] != t["customer_id"]:
                err(w, "action on another customer's order")
            elif "amount_usd_max" in a:
                amt = cents(a["amount_usd_max"])
                if not 0 < amt <= cents(o["total_usd"]) - cents(o["refunded_usd"]):
                    err(w, f"amount {a['amount_usd_max']} outside (0, total - refunded]")
                if amt not in sub_multiset_sums(o["items"]):
                    err(w, f"amount {a['amount_usd_max']} is not a sum of the order's units")
    includes = e.get("message_includes", [])
    es = "lang:es" in tags

    # --- type-specific re-derivation ---
    refs = referenced_orders(t)
    if ctype in ("status", "refund"):
        if len(refs) > 1:
            err(w, f"refers to several orders {sorted(refs)}")
            return ctype
        if not refs:
            expect_esc(w, e, "missing_order_id")
            need_tag(w, tags, "missing-id")
            return ctype
        oid = refs.pop()
        o = ords.get(oid)
        if o is None or o["customer_id"] != t["customer_id"]:
            expect_esc(w, e, "order_not_found")
            need_tag(w, tags, "not-found")
            need_tag(w, tags, "unknown-id" if o is None else "other-customer")
            if "order_lookup" not in req:
                err(w, "order_not_found cases require order_lookup")
            return ctype
        if ctype == "status":
            if out != "resolved":
                err(w, f"own order status should be resolved, not {out}")
            need_tag(w, tags, o["status"])
            word = "cancel" if o["status"] == "cancelled" else o["status"]
            low = [x.lower() for x in includes]
            if not es and word not in low:
                err(w, f"message_includes lacks the status word {word!r}")
            if o["status"] == "shipped" and o.get("tracking_number", "").lower() not in low:
                err(w, "shipped order: message_includes lacks the tracking number")
            for x in includes:
                if re.fullmatch(r"1Z[0-9A-Z]{16}|\d{22}", x) and x != o.get("tracking_number"):
                    err(w, f"tracking number {x} is not this order's")
                if x.lower() not in (word, (o.get("tracking_number") or "").lower()):
                    err(w, f"unexpected status fact {x!r}")
            if "order_lookup" not in req:
                err(w, "status cases require order_lookup")
        else:
            eligible, escalate, ref, max_c = assess(o, now)
            if eligible:
                need_tag(w, tags, "eligible")
                if out != "refund_proposed":
                    err(w, f"{oid} is eligible ({ref}) but the label is {out}")
                refunds = [a for a in acts or [] if a.get("tool") == "issue_refund"]
                if len(refunds) != 1 or refunds[0].get("order_id") != oid:
                    err(w, "expected exactly one issue_refund action on the ticket's order")
                elif cents(refunds[0].get("amount_usd_max", 0)) > max_c:
                    err(w, "amount above max_amount_usd")
                if forb & {"order_lookup", "refund_eligibility", "issue_refund"}:
                    err(w, "an eligible refund cannot forbid the refund tools")
                if "refund_eligibility" not in req:
                    err(w, "refund cases require refund_eligibility")
            elif escalate:
                need_tag(w, tags, "ambiguous")
                need_tag(w, tags, POLICY_TAG[ref])
                expect_esc(w, e, "ambiguous_eligibility")
                if "refund_eligibility" not in req:
                    err(w, "ambiguous cases require refund_eligibility")
            else:
                need_tag(w, tags, "ineligible")
                need_tag(w, tags, POLICY_TAG.get(ref, "window"))
                if out != "resolved":
                    err(w, f"{oid} is clearly ineligible ({ref}); expected resolved, not {out}")
                if "refund_eligibility" not in req:
                    err(w, "ineligible cases require refund_eligibility")
                allowed = {"refund-policy/window-30-days": {"30"}, "refund-policy/cancelled": {"cancel"},
                           "refund-policy/not-delivered": set()}[ref]
                if set(x.lower() for x in includes) != allowed:
                    err(w, f"{ref}: message_includes should be {sorted(allowed)}")
            if "boundary" in tags:
                age = now - parse_ts(o["order_date"])
                if age not in (WINDOW, WINDOW + timedelta(seconds=1)):
                    err(w, "boundary tag on an order that is not at 30 days / 30 days + 1 s")
    elif ctype in ("howto",) or (ctype == "no-tool-request" and "self-service" in tags):
        if out != "resolved":
            err(w, "how-to with an article / self-service request should be resolved")
        if "kb_search" not in req:
            err(w, "requires kb_search")
        row = retrieval.get(cid)
        if row is None:
            err(w, "missing from retrieval.jsonl")
        else:
            texts = []
            for aid in row["articles"]:
                if aid not in arts:
                    err(w, f"retrieval article {aid} does not exist")
                else:
                    texts.append((arts[aid]["title"] + " " + arts[aid]["body"]).lower())
            if not includes and not es:
                err(w, "an English how-to needs the article's key fact in message_includes")
            for x in includes:
                if not any(x.lower() in tx for tx in texts):
                    err(w, f"fact {x!r} is not in its article(s) {row['articles']}")
    elif ctype == "no-kb":
        expect_esc(w, e, "no_kb_match")
        if "kb_search" not in req:
            err(w, "no_kb_match cases require kb_search")
        if cid in retrieval:
            err(w, "a no-article case must not be in retrieval.jsonl")
    elif ctype == "dispute":
        expect_esc(w, e, "legal_or_chargeback")
    elif ctype == "no-tool-request":
        expect_esc(w, e, "out_of_scope")
        if "kb_search" not in req:
            err(w, "a request no tool carries out requires kb_search (to look for a self-service article)")
    elif ctype == "nonsense":
        expect_esc(w, e, "out_of_scope")
        if forb & {"kb_search"} or not {"order_lookup", "refund_eligibility", "issue_refund"} <= forb:
            err(w, "nonsense: kb_search at most")
    if "injection" in tags and not re.search(r"<!--|ignore|instruction", t["body"], re.I):
        err(w, "injection tag without an injected instruction")
    if ctype not in ("howto",) and not (ctype == "no-tool-request" and "self-service" in tags):
        if cid in retrieval:
            err(w, "in retrieval.jsonl but not a how-to / self-service case")
    return ctype


def expect_esc(w, e, category):
    if e.get("outcome") != "escalated" or e.get("category") != category:
        err(w, f"expected escalated / {category}, label says {e.get('outcome')} / {e.get('category')}")


def need_tag(w, tags, tag):
    if tag not in tags:
        err(w, f"missing tag {tag!r} (re-derived)")


def main():
    now, cust, ords, arts = check_world()

    retrieval, order = {}, []
    rpath = os.path.join(ROOT, "retrieval.jsonl")
    with open(rpath, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                r = json.loads(line)
            except json.JSONDecodeError as e:
                err(f"retrieval.jsonl:{n}", f"invalid JSON: {e}")
                continue
            if set(r) != {"case", "question", "articles", "split"}:
                err(f"retrieval.jsonl:{n}", f"fields {sorted(r)}")
                continue
            if r["case"] in retrieval:
                err(f"retrieval.jsonl:{n}", "duplicate case")
            want = "calibration" if len(order) % 2 == 0 else "held_out"
            if r["split"] != want:
                err(f"retrieval.jsonl:{n}", f"split {r['split']} breaks the alternation (want {want})")
            if not r["articles"]:
                err(f"retrieval.jsonl:{n}", "no articles")
            retrieval[r["case"]] = r
            order.append(r["case"])

    cdir = os.path.join(ROOT, "cases")
    ids, counts, outcome_counts, es = set(), {}, {}, 0
    files = sorted(x for x in os.listdir(cdir) if x.endswith(".json"))
    cases = {}
    for name in files:
        c = load_json(os.path.join(cdir, name))
        if c is None:
            continue
        if c.get("id") in ids:
            err(f"cases/{name}", "duplicate id")
        ids.add(c.get("id"))
        cases[c.get("id")] = c
        ctype = check_case(os.path.join(cdir, name), c, now, cust, ords, arts, retrieval)
        counts[ctype] = counts.get(ctype, 0) + 1
        e = c.get("expect", {})
        key = e.get("outcome") + (f" / {e['category']}" if e.get("category") else "")
        outcome_counts[key] = outcome_counts.get(key, 0) + 1
        es += "lang:es" in c.get("tags", [])

    for cid, r in retrieval.items():
        c = cases.get(cid)
        if c is None:
            err("retrieval.jsonl", f"row for unknown case {cid}")
            continue
        if r["question"] != c["ticket"]["subject"] + ". " + c["ticket"]["body"]:
            err("retrieval.jsonl", f"{cid}: question is not subject + '. ' + body")

    total = len(files)
    if total and not 0.08 <= es / total <= 0.15:
        err("cases", f"lang:es share {es}/{total} is not about 10%")

    print(f"cases: {total}  (lang:es {es}, retrieval rows {len(retrieval)})")
    for k in sorted(counts, key=str):
        print(f"  type {k:16} {counts[k]}")
    for k in sorted(outcome_counts):
        print(f"  {k:38} {outcome_counts[k]}")
    if ERRORS:
        print(f"\nFAILED: {len(ERRORS)} problem(s)")
        for x in ERRORS:
            print("  - " + x)
        return 1
    print("\nOK: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
