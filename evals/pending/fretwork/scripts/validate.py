#!/usr/bin/env python3
"""Validate the Fretwork Music eval world: shapes, references, and every label against the written policy.

Usage: python3 scripts/validate.py [world_folder]   (default: the folder above this script)

The refund labels are recomputed here from the eligibility table of docs/tool-contracts.md, applied to the order
at the world's `now`, first matching row wins:

  cancelled                                   -> not eligible            refund-policy/cancelled
  returned                                    -> not eligible, escalate  refund-policy/returned
  processing / shipped                        -> not eligible            refund-policy/not-delivered
  delivered, refunded_usd > 0                 -> not eligible, escalate  refund-policy/prior-refund
  delivered, order_date or delivered_at null  -> not eligible, escalate  refund-policy/missing-dates
  delivered, order_date > now or
             delivered_at < order_date        -> not eligible, escalate  refund-policy/inconsistent-dates
  delivered, now - order_date > 30 days       -> not eligible            refund-policy/window-30-days
  delivered, within 30 days                   -> ELIGIBLE, max = total - refunded   refund-policy/window-30-days

Each case carries tags the runner ignores and this script reads:
  type:<t>  lang:<xx>  order:<id> (the customer's own order the ticket is about)
  order_foreign:<id>  order_unknown:<id>  refund_scope:<id>=all|<SKU>x<qty>|usd<amount>
  expect_policy:<id>=<policy_ref>  FW-HC-<nnn> (answering article)  near_miss:FW-HC-<nnn>  kb:none  followup
"""
import datetime as dt
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.dirname(HERE)

ERRORS = []


def err(msg):
    ERRORS.append(msg)


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def parse(ts):
    if ts is None:
        return None
    if not isinstance(ts, str) or not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", ts):
        raise ValueError(f"not an RFC 3339 UTC timestamp: {ts!r}")
    return dt.datetime.fromisoformat(ts.replace("Z", "+00:00"))


def cents(x):
    return round(x * 100)


# ------------------------------------------------------------------------------------------------ world
W = os.path.join(ROOT, "world")
customers = load(os.path.join(W, "customers.json"))
orders = load(os.path.join(W, "orders.json"))
kb = load(os.path.join(W, "kb.json"))
world = load(os.path.join(W, "world.json"))

if set(world) != {"description", "now"}:
    err(f"world.json keys {sorted(world)}")
NOW = world["now"]
NOW_DT = parse(NOW)
if NOW_DT.year != 2027:
    err("world now must be in 2027")

CUST = {}
for c in customers:
    if list(c) != ["customer_id", "name", "email"]:
        err(f"customer keys {list(c)}")
    if not all(isinstance(c[k], str) and c[k] for k in c):
        err(f"customer {c} has an empty or non-string field")
    if c["customer_id"] in CUST:
        err(f"duplicate customer {c['customer_id']}")
    CUST[c["customer_id"]] = c
if len({c["email"].lower() for c in customers}) != len(customers):
    err("duplicate customer email")
if not 25 <= len(customers) <= 40:
    err(f"{len(customers)} customers, want 25-40")

ORDER_KEYS_SHIPPED = ["order_id", "customer_id", "status", "order_date", "shipped_at", "delivered_at", "carrier",
                      "tracking_number", "items", "total_usd", "refunded_usd"]
ORDER_KEYS_UNSHIPPED = [k for k in ORDER_KEYS_SHIPPED if k not in ("carrier", "tracking_number")]
STATUSES = {"processing", "shipped", "delivered", "cancelled", "returned"}
ID_RE = re.compile(r"FW/(\d\d)/(\d{6})")
ORD = {}
shorts = Counter()
for o in orders:
    oid = o.get("order_id")
    st = o.get("status")
    if st not in STATUSES:
        err(f"{oid}: status {st!r}")
        continue
    want = ORDER_KEYS_UNSHIPPED if st in ("processing", "cancelled") else ORDER_KEYS_SHIPPED
    if list(o) != want:
        err(f"{oid}: keys {list(o)} != {want}")
    m = ID_RE.fullmatch(oid or "")
    if not m:
        err(f"bad order id {oid!r}")
        continue
    if oid in ORD:
        err(f"duplicate order {oid}")
    ORD[oid] = o
    shorts[str(int(m.group(2)))] += 1
    if o["customer_id"] not in CUST:
        err(f"{oid}: unknown customer {o['customer_id']}")
    try:
        od, sh, dl = parse(o["order_date"]), parse(o["shipped_at"]), parse(o["delivered_at"])
    except ValueError as e:
        err(f"{oid}: {e}")
        continue
    if m.group(1) != f"{od.year % 100:02d}":
        err(f"{oid}: year part does not match order_date {o['order_date']}")
    if st in ("processing", "cancelled") and (sh or dl):
        err(f"{oid}: {st} with shipped/delivered dates")
    if st == "shipped" and (sh is None or dl is not None):
        err(f"{oid}: shipped needs shipped_at and no delivered_at")
    if st in ("delivered", "returned") and sh is None:
        err(f"{oid}: {st} without shipped_at")
    if st == "returned" and dl is None:
        err(f"{oid}: returned without delivered_at")
    if "carrier" in o and (not isinstance(o["carrier"], str) or not isinstance(o["tracking_number"], str)):
        err(f"{oid}: carrier/tracking must be strings")
    if not o["items"]:
        err(f"{oid}: no items")
    tot = 0
    for it in o["items"]:
        if list(it) != ["sku", "name", "quantity", "unit_price_usd"]:
            err(f"{oid}: item keys {list(it)}")
        if not isinstance(it["quantity"], int) or it["quantity"] < 1:
            err(f"{oid}: quantity {it['quantity']}")
        if not isinstance(it["unit_price_usd"], float):
            err(f"{oid}: unit price must be a float, got {it['unit_price_usd']!r}")
        tot += cents(it["unit_price_usd"]) * it["quantity"]
    if not isinstance(o["total_usd"], float) or not isinstance(o["refunded_usd"], float):
        err(f"{oid}: total/refunded must be floats")
    if tot != cents(o["total_usd"]):
        err(f"{oid}: total {o['total_usd']} != sum of items {tot / 100}")
    if not 0 <= cents(o["refunded_usd"]) <= cents(o["total_usd"]):
        err(f"{oid}: refunded_usd out of range")
    if st == "cancelled" and cents(o["refunded_usd"]) != cents(o["total_usd"]):
        err(f"{oid}: cancelled orders are refunded automatically (refunded_usd == total_usd)")
dups = [s for s, n in shorts.items() if n > 1]
if dups:
    err(f"order numbers not unique without their year part: {dups}")
if not 60 <= len(orders) <= 90:
    err(f"{len(orders)} orders, want 60-90")
trk = Counter(o.get("tracking_number") for o in orders if o.get("tracking_number"))
if any(n > 1 for n in trk.values()):
    err("duplicate tracking numbers")

KB = {}
for a in kb:
    if list(a) != ["id", "title", "body", "tags"]:
        err(f"kb keys {list(a)}")
    if a["id"] in KB:
        err(f"duplicate article {a['id']}")
    if not (isinstance(a["tags"], list) and all(isinstance(t, str) for t in a["tags"])):
        err(f"{a['id']}: tags")
    KB[a["id"]] = a
if not 20 <= len(kb) <= 28:
    err(f"{len(kb)} articles, want 20-28")


# ------------------------------------------------------------------------------------------------ policy
def assess(o):
    st = o["status"]
    if st == "cancelled":
        return False, False, "refund-policy/cancelled", 0
    if st == "returned":
        return False, True, "refund-policy/returned", 0
    if st in ("processing", "shipped"):
        return False, False, "refund-policy/not-delivered", 0
    if cents(o["refunded_usd"]) > 0:
        return False, True, "refund-policy/prior-refund", 0
    od, dl = parse(o["order_date"]), parse(o["delivered_at"])
    if od is None or dl is None:
        return False, True, "refund-policy/missing-dates", 0
    if od > NOW_DT or dl < od:
        return False, True, "refund-policy/inconsistent-dates", 0
    if NOW_DT - od > dt.timedelta(days=30):
        return False, False, "refund-policy/window-30-days", 0
    return True, False, "refund-policy/window-30-days", cents(o["total_usd"]) - cents(o["refunded_usd"])


def scope_cents(o, scope):
    if scope == "all":
        return cents(o["total_usd"]) - cents(o["refunded_usd"])
    if scope.startswith("usd"):
        return cents(float(scope[3:]))
    sku, q = scope.rsplit("x", 1)
    its = [i for i in o["items"] if i["sku"] == sku]
    if not its or its[0]["quantity"] < int(q):
        raise ValueError(f"scope {scope} not in order {o['order_id']}")
    return cents(its[0]["unit_price_usd"]) * int(q)


def mentions(texts, oid):
    """Does any text name this order, in any written shape (FW/27/004512, fw-27-4512, order 4512, #4512...)?"""
    m = ID_RE.fullmatch(oid)
    yy, num = m.group(1), m.group(2)
    short = str(int(num))
    for t in texts:
        compact = re.sub(r"[^a-z0-9]", "", t.lower())
        if f"fw{yy}{num}" in compact or f"fw{yy}{short}" in compact:
            return True
        if re.search(rf"(?<![\d/-])0*{short}(?!\d)", t):
            return True
    return False


def names_any_order(texts):
    for t in texts:
        if re.search(r"fw\W*\d\d\W*\d{3,6}", t, re.I):
            return True
        for s in shorts:
            if re.search(rf"(?<![\d$.,])0*{s}(?![\d.,])", t):
                return True
    return False


# ------------------------------------------------------------------------------------------------ cases
CASE_KEYS = {"id", "tags", "now", "world", "ticket", "thread", "events", "expect"}
EXPECT_KEYS = {"outcome", "category", "tools_required", "tools_forbidden", "actions", "max_tool_calls",
               "message_includes"}
ACTION_KEYS = {"tool", "order_id", "amount_usd_max"}
TOOLS = {"order_lookup", "refund_eligibility", "kb_search", "issue_refund", "send_email"}
CATEGORIES = {"legal_or_chargeback", "order_not_found", "missing_order_id", "ambiguous_eligibility", "no_kb_match",
              "out_of_scope", "human_owned", "unspecified"}
TYPES = {"order_status", "refund", "howto", "legal", "no_tool", "injection"}
LANGS = {"en", "de", "it", "pt"}

CD = os.path.join(ROOT, "cases")
cases = {}
for fn in sorted(os.listdir(CD)):
    if not fn.endswith(".json"):
        continue
    c = load(os.path.join(CD, fn))
    cid = c.get("id")
    if fn != f"{cid}.json":
        err(f"{fn}: id {cid!r} does not match the file name")
    if cid in cases:
        err(f"duplicate case id {cid}")
    cases[cid] = c

by_type, by_lang, by_outcome = Counter(), Counter(), Counter()
answerable = {}
for cid, c in cases.items():
    P = f"{cid}:"
    if set(c) - CASE_KEYS or not {"id", "ticket", "expect"} <= set(c):
        err(f"{P} case keys {sorted(c)}")
    if c.get("now") != NOW:
        err(f"{P} now {c.get('now')} != world now {NOW}")
    if "world" in c:
        err(f"{P} cases run over this world as it is; no per-case world")
    tags = c.get("tags", [])
    tt = [t[5:] for t in tags if t.startswith("type:")]
    ll = [t[5:] for t in tags if t.startswith("lang:")]
    if len(tt) != 1 or tt[0] not in TYPES:
        err(f"{P} type tag {tt}")
        continue
    if len(ll) != 1 or ll[0] not in LANGS:
        err(f"{P} lang tag {ll}")
        continue
    typ, lang = tt[0], ll[0]
    by_type[typ] += 1
    by_lang[lang] += 1

    t = c["ticket"]
    if set(t) - {"ticket_id", "subject", "body", "customer_id", "order_id"}:
        err(f"{P} ticket keys {sorted(t)}")
    for k in ("subject", "body", "customer_id"):
        if not isinstance(t.get(k), str) or not t[k]:
            err(f"{P} ticket.{k} missing")
    if len(t["subject"].encode()) > 1024 or len(t["body"].encode()) > 32768:
        err(f"{P} ticket too long")
    if "order_id" in t and not 1 <= len(t["order_id"].encode()) <= 128:
        err(f"{P} ticket.order_id length")
    if t["customer_id"] not in CUST:
        err(f"{P} unknown customer {t['customer_id']}")
    cust = t["customer_id"]
    texts = [t["subject"], t["body"]] + ([t["order_id"]] if t.get("order_id") else [])
    thread_texts = [e.get("body", "") + " " + e.get("message", "") for e in c.get("thread", [])]

    for e in c.get("thread", []):
        if e.get("role") == "customer":
            if set(e) - {"role", "message_id", "at", "body"} or not {"at", "body"} <= set(e):
                err(f"{P} thread customer entry keys {sorted(e)}")
        elif e.get("role") == "agent":
            if set(e) - {"role", "at", "outcome", "message", "category"} or not {"at", "outcome"} <= set(e):
                err(f"{P} thread agent entry keys {sorted(e)}")
            if e["outcome"] not in ("resolved", "refund_proposed", "escalated"):
                err(f"{P} thread outcome {e['outcome']}")
            if e["outcome"] == "escalated" and e.get("category") not in CATEGORIES:
                err(f"{P} thread escalation category")
        else:
            err(f"{P} thread role {e.get('role')}")
        if parse(e["at"]) >= NOW_DT:
            err(f"{P} thread entry after now")
    for ev in c.get("events", []):
        if set(ev) - {"kind", "at", "tool", "order_id", "amount_usd", "status", "confirmation_id", "reason"}:
            err(f"{P} event keys {sorted(ev)}")
        if ev.get("kind") != "approval" or ev.get("status") not in ("pending", "approved", "executed", "failed",
                                                                     "rejected", "expired"):
            err(f"{P} event kind/status")
        if ev.get("order_id") and (ev["order_id"] not in ORD or ORD[ev["order_id"]]["customer_id"] != cust):
            err(f"{P} event order {ev.get('order_id')} is not the customer's")
        if ev.get("amount_usd") is not None and ev.get("order_id") in ORD:
            ok, _, _, mx = assess(ORD[ev["order_id"]])
            if not ok or cents(ev["amount_usd"]) > mx:
                err(f"{P} event amount not a policy-valid proposal")
        if parse(ev["at"]) >= NOW_DT:
            err(f"{P} event after now")

    e = c["expect"]
    if set(e) - EXPECT_KEYS:
        err(f"{P} expect keys {sorted(e)}")
    out = e.get("outcome")
    by_outcome[(out, e.get("category"))] += 1
    if out not in ("resolved", "refund_proposed", "escalated"):
        err(f"{P} outcome {out}")
    if out == "escalated" and e.get("category") not in CATEGORIES:
        err(f"{P} escalation without a known category")
    if out != "escalated" and "category" in e:
        err(f"{P} category on a non-escalation")
    if out == "escalated" and "message_includes" in e:
        err(f"{P} message_includes on an escalation does not load")
    for k in ("tools_required", "tools_forbidden"):
        if not set(e.get(k, [])) <= TOOLS:
            err(f"{P} {k} {e.get(k)}")
    if set(e.get("tools_required", [])) & set(e.get("tools_forbidden", [])):
        err(f"{P} a tool both required and forbidden")
    acts = e.get("actions")
    for a in acts or []:
        if set(a) - ACTION_KEYS or "tool" not in a:
            err(f"{P} action keys {sorted(a)}")
    if out != "refund_proposed":
        if acts not in ([], None) or "issue_refund" not in e.get("tools_forbidden", []):
            err(f"{P} a non-refund outcome must forbid issue_refund and expect no action")
    if "send_email" not in e.get("tools_forbidden", []):
        err(f"{P} send_email is in no request type's tool list; it must be forbidden")

    own = [x[6:] for x in tags if x.startswith("order:")]
    foreign = [x[14:] for x in tags if x.startswith("order_foreign:")]
    unknown = [x[14:] for x in tags if x.startswith("order_unknown:")]
    scopes = dict(x[13:].split("=", 1) for x in tags if x.startswith("refund_scope:"))
    policies = dict(x[14:].split("=", 1) for x in tags if x.startswith("expect_policy:"))
    arts = [x for x in tags if re.fullmatch(r"FW-HC-\d{3}", x)]
    near = [x[10:] for x in tags if x.startswith("near_miss:")]
    followup = "followup" in tags

    for oid in own:
        if oid not in ORD:
            err(f"{P} order {oid} does not exist")
            continue
        if ORD[oid]["customer_id"] != cust:
            err(f"{P} order {oid} is not the ticket customer's")
        if not mentions(texts + thread_texts, oid):
            err(f"{P} order {oid} is not named anywhere in the ticket")
    for oid in foreign:
        if oid not in ORD or ORD[oid]["customer_id"] == cust:
            err(f"{P} {oid} should exist and belong to another customer")
        if not mentions(texts, oid):
            err(f"{P} {oid} not named in the ticket")
    for oid in unknown:
        if oid in ORD:
            err(f"{P} {oid} should not exist")
        if not mentions(texts, oid):
            err(f"{P} {oid} not named in the ticket")
    if foreign or unknown:
        if (out, e.get("category")) != ("escalated", "order_not_found"):
            err(f"{P} another customer's or an unknown order must escalate as order_not_found")
        if own:
            err(f"{P} mixes own and not-found orders")
    if (out, e.get("category")) == ("escalated", "order_not_found") and not (foreign or unknown):
        err(f"{P} order_not_found without a foreign/unknown order tag")

    if e.get("category") == "missing_order_id":
        if own or foreign or unknown or t.get("order_id") or names_any_order(texts):
            err(f"{P} missing_order_id but the ticket names an order")
        if not {"order_lookup", "refund_eligibility", "issue_refund"} <= set(e.get("tools_forbidden", [])):
            err(f"{P} missing_order_id: nothing to look up")
    elif not (own or foreign or unknown) and typ in ("order_status", "refund") and not followup:
        err(f"{P} an order request with no order tag must be missing_order_id")

    # message_includes must be exact facts from the records
    for s in e.get("message_includes", []):
        facts = set()
        for oid in own:
            o = ORD[oid]
            facts |= {o.get("tracking_number"), o["status"], assess(o)[2]}
            ok, _, _, mx = assess(o)
            if ok:
                amt = min(scope_cents(o, scopes.get(oid, "all")), mx)
                facts |= {f"{amt / 100:.2f}", f"{amt // 100}" if amt % 100 == 0 else f"{amt / 100:.2f}"}
        if s not in facts:
            err(f"{P} message_includes {s!r} is not an exact fact of the referenced orders")

    # refund labels, recomputed from the contract's table
    if typ == "legal":
        if (out, e.get("category")) != ("escalated", "legal_or_chargeback"):
            err(f"{P} legal threats escalate as legal_or_chargeback")
    elif followup:
        if not c.get("thread"):
            err(f"{P} followup without a thread")
        last_agent = [x for x in c.get("thread", []) if x["role"] == "agent"][-1]
        if last_agent["outcome"] == "escalated":
            if (out, e.get("category")) != ("escalated", "human_owned"):
                err(f"{P} a reply after our escalation is human_owned")
            if set(e.get("tools_forbidden", [])) != TOOLS:
                err(f"{P} human_owned: nothing is looked up or proposed")
        else:
            if out != "resolved" or e.get("actions") != []:
                err(f"{P} a follow-up on a pending/approved refund is answered from the record, never re-proposed")
            if not c.get("events"):
                err(f"{P} follow-up on a proposal needs its approval events")
    elif scopes:
        elig = []
        for oid, scope in scopes.items():
            ok, esc, ref, mx = assess(ORD[oid])
            if policies.get(oid) != ref:
                err(f"{P} expect_policy for {oid} is {policies.get(oid)}, the table gives {ref}")
            if ok:
                want = min(scope_cents(ORD[oid], scope), mx)
                elig.append((oid, want))
            elif esc:
                if (out, e.get("category")) != ("escalated", "ambiguous_eligibility"):
                    err(f"{P} {oid} answers escalate ({ref}): must escalate as ambiguous_eligibility")
            else:
                if out == "resolved" and lang == "en" and ref not in e.get("message_includes", []):
                    err(f"{P} ineligible ({ref}) but the policy ref is not in message_includes")
        if elig:
            if out != "refund_proposed":
                err(f"{P} eligible order(s) {elig} but outcome {out}")
            got = {(a.get("order_id"), cents(a.get("amount_usd_max", 0))) for a in acts or []}
            if got != set(elig) or any(a.get("tool") != "issue_refund" for a in acts or []):
                err(f"{P} actions {got} != policy {set(elig)}")
            for oid, want in elig:
                if want <= 0 or want > assess(ORD[oid])[3]:
                    err(f"{P} amount for {oid} outside (0, max]")
            if not {"order_lookup", "refund_eligibility"} <= set(e.get("tools_required", [])):
                err(f"{P} eligible refund requires order_lookup and refund_eligibility")
        else:
            if out == "refund_proposed":
                err(f"{P} refund_proposed with nothing eligible")
            esc_any = any(assess(ORD[o])[1] for o in scopes)
            if not esc_any and out != "resolved":
                err(f"{P} clearly ineligible refunds resolve, explaining the policy")
            if "refund_eligibility" not in e.get("tools_required", []):
                err(f"{P} refund labels need refund_eligibility")
    else:
        if out == "refund_proposed":
            err(f"{P} refund_proposed without a refund scope")
        if policies:
            for oid, ref in policies.items():
                if assess(ORD[oid])[2] != ref:
                    err(f"{P} expect_policy mismatch for {oid}")
            if typ in ("refund", "injection") and not followup:
                for oid in policies:
                    ok, esc, ref, _ = assess(ORD[oid])
                    if ok:
                        err(f"{P} {oid} is eligible but the case has no refund scope")
                    if esc and e.get("category") != "ambiguous_eligibility":
                        err(f"{P} {oid} answers escalate; label must be ambiguous_eligibility")
                    if not esc and out != "resolved":
                        err(f"{P} {oid} clearly ineligible: resolved")

    if typ == "order_status" and own:
        if out != "resolved" or "order_lookup" not in e.get("tools_required", []):
            err(f"{P} order status of the customer's own order resolves with order_lookup")
        for oid in own:
            o = ORD[oid]
            if o.get("tracking_number") and o["status"] in ("shipped", "delivered") \
                    and o["tracking_number"] not in e.get("message_includes", []):
                err(f"{P} tracking number of {oid} missing from message_includes")

    for a in arts:
        if a not in KB:
            err(f"{P} article {a} does not exist")
    for a in near:
        if a not in KB:
            err(f"{P} near-miss article {a} does not exist")
    if arts:
        if out != "resolved" or "kb_search" not in e.get("tools_required", []):
            err(f"{P} an answering article means resolved with kb_search")
        if typ == "howto":
            answerable[cid] = arts
    if "kb:none" in tags:
        if arts or out != "escalated" or e.get("category") not in ("no_kb_match", "out_of_scope") \
                or "kb_search" not in e.get("tools_required", []):
            err(f"{P} kb:none must escalate (no_kb_match / out_of_scope) after kb_search")
    if typ == "howto" and not arts and "kb:none" not in tags:
        err(f"{P} how-to without an article tag or kb:none")
    if typ == "no_tool" and not arts and e.get("category") != "out_of_scope":
        err(f"{P} a request no tool performs: resolved with a self-service article, else out_of_scope")

# ------------------------------------------------------------------------------------------------ retrieval
seen = set()
with open(os.path.join(ROOT, "retrieval.jsonl"), encoding="utf-8") as f:
    for n, line in enumerate(f, 1):
        r = json.loads(line)
        if set(r) != {"case", "query", "articles"}:
            err(f"retrieval line {n}: keys {sorted(r)}")
        if r["case"] not in answerable:
            err(f"retrieval line {n}: {r['case']} is not an answerable how-to case")
        elif sorted(r["articles"]) != sorted(answerable[r["case"]]):
            err(f"retrieval line {n}: articles {r['articles']} != case tags {answerable[r['case']]}")
        if not r["query"].strip():
            err(f"retrieval line {n}: empty query")
        seen.add(r["case"])
for cid in set(answerable) - seen:
    err(f"answerable how-to {cid} has no retrieval line")

# ------------------------------------------------------------------------------------------------ report
print(f"world: {len(customers)} customers, {len(orders)} orders, {len(kb)} articles, now {NOW}")
print("orders by status:", dict(Counter(o["status"] for o in orders)),
      "| delivered with a prior refund:", sum(1 for o in orders if o["status"] == "delivered" and o["refunded_usd"] > 0))
print(f"cases: {len(cases)}")
print("  by type:", dict(sorted(by_type.items())))
print("  by lang:", dict(sorted(by_lang.items())))
print("  by outcome:", {f"{o}/{c}" if c else o: n for (o, c), n in sorted(by_outcome.items(), key=str)})
print(f"  retrieval lines: {len(seen)}")
if ERRORS:
    print(f"\n{len(ERRORS)} problem(s):")
    for m in ERRORS:
        print("  -", m)
    sys.exit(1)
print("OK")
