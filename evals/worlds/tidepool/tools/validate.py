"""Validate the emitted Tidepool world and cases, and re-derive every refund label from the
contract's policy table (docs/tool-contracts.md, "Refund eligibility: the policy refs").

python3 tools/validate.py   (reads only this folder; never runs the agent or cargo)
"""
import collections
import datetime as dt
import glob
import json
import os
import re
import sys
from decimal import Decimal

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAIL = []


def check(cond, msg):
    if not cond:
        FAIL.append(msg)


def load(p):
    with open(p, encoding="utf-8") as f:
        return json.load(f)


def ts(s):
    return dt.datetime.fromisoformat(s.replace("Z", "+00:00"))


def cents(x):
    return int((Decimal(str(x)) * 100).quantize(Decimal("1")))


# ----------------------------------------------------------------------------------- world
customers = load(os.path.join(ROOT, "world", "customers.json"))
orders = load(os.path.join(ROOT, "world", "orders.json"))
kb = load(os.path.join(ROOT, "world", "kb.json"))
world = load(os.path.join(ROOT, "world", "world.json"))
NOW = ts(world["now"])
check(world["now"] == "2027-04-18T16:00:00Z", "world now")
check(set(world) == {"description", "now"}, "world.json keys")

CUST = {c["customer_id"]: c for c in customers}
check(len(CUST) == len(customers), "duplicate customer ids")
check(12 <= len(customers) <= 16, "customer count")
for c in customers:
    check(set(c) == {"customer_id", "name", "email"}, f"customer keys {c}")
    check(re.fullmatch(r"cus_[A-Za-z0-9]{6}", c["customer_id"]), f"customer id format {c}")

ORD = {o["order_id"]: o for o in orders}
check(len(ORD) == len(orders), "duplicate order ids")
check(40 <= len(orders) <= 50, "order count")
STATUSES = {"processing", "shipped", "delivered", "cancelled", "returned"}
check({o["status"] for o in orders} == STATUSES, "every status covered")
ORDER_KEYS = {"order_id", "customer_id", "status", "order_date", "shipped_at", "delivered_at",
              "carrier", "tracking_number", "items", "total_usd", "refunded_usd"}
for o in orders:
    oid = o["order_id"]
    check(re.fullmatch(r"#1\d{4}", oid), f"order id format {oid}")
    check(set(o) <= ORDER_KEYS, f"{oid}: keys {set(o) - ORDER_KEYS}")
    check(o["customer_id"] in CUST, f"{oid}: unknown customer")
    check(o["status"] in STATUSES, f"{oid}: status")
    total = sum(cents(i["unit_price_usd"]) * i["quantity"] for i in o["items"])
    check(total == cents(o["total_usd"]), f"{oid}: total {total} != {o['total_usd']}")
    check(0 <= cents(o["refunded_usd"]) <= total, f"{oid}: refunded")
    for i in o["items"]:
        check(set(i) == {"sku", "name", "quantity", "unit_price_usd"}, f"{oid}: item keys")
    od = ts(o["order_date"])
    check(od <= NOW, f"{oid}: order in the future")
    if o["shipped_at"]:
        check(ts(o["shipped_at"]) >= od, f"{oid}: shipped before ordered")
    if o["delivered_at"]:
        check(ts(o["delivered_at"]) >= ts(o["shipped_at"]), f"{oid}: delivered before shipped")
    if o["status"] in ("processing", "cancelled"):
        check(o["shipped_at"] is None and o["delivered_at"] is None and "tracking_number" not in o,
              f"{oid}: unshipped order with shipping data")
    if o["status"] == "shipped":
        check(o["shipped_at"] and o["delivered_at"] is None and o.get("tracking_number"),
              f"{oid}: shipped fields")
    if o["status"] == "cancelled":
        check(cents(o["refunded_usd"]) == total, f"{oid}: cancelled not refunded in full")
check(any(len(o["items"]) > 1 for o in orders), "multi-item orders")
check(any(o["status"] == "delivered" and o["delivered_at"] is None for o in orders),
      "a delivered order without delivery date")
check(any(0 < cents(o["refunded_usd"]) < cents(o["total_usd"]) for o in orders), "partial refund")
check(any(o["status"] == "delivered" and cents(o["refunded_usd"]) == cents(o["total_usd"])
          for o in orders), "full prior refund on a delivered order")
check(any(NOW - ts(o["order_date"]) == dt.timedelta(days=30) for o in orders), "exact boundary")
check(any(NOW - ts(o["order_date"]) == dt.timedelta(days=30, seconds=1) for o in orders),
      "one second past the boundary")

KBI = {a["id"]: a for a in kb}
check(len(KBI) == len(kb), "duplicate kb ids")
check(18 <= len(kb) <= 25, "kb count")
for a in kb:
    check(set(a) == {"id", "title", "body", "tags"}, f"kb keys {a['id']}")

# near misses: the knowledge base must not answer these (no_kb_match) questions
KB_TEXT = " ".join((a["title"] + " " + a["body"] + " " + " ".join(a["tags"])).lower() for a in kb)
for word in ("wrap", "order history", "ich", "medication", "medicine", "teacher", "student",
             "sms", "text message", "apex", "controller", "trade-in", "trade in", "impeller part",
             "replacement impeller", "spare part", "wholesale", "bulk", "exchange the",
             "exchanges", "upgrade", "change the payment", "change your payment"):
    hit = re.search(r"\b" + re.escape(word) + r"\b", KB_TEXT)
    check(not hit, f"kb mentions uncovered topic word {word!r}")


# ----------------------------------------------------------------------------------- policy
def assess(o):
    """docs/tool-contracts.md: first matching row decides -> (eligible, escalate, ref, max_cents)."""
    if o["status"] == "cancelled":
        return False, False, "cancelled", 0
    if o["status"] == "returned":
        return False, True, "returned", 0
    if o["status"] in ("processing", "shipped"):
        return False, False, "not-delivered", 0
    if cents(o["refunded_usd"]) > 0:
        return False, True, "prior-refund", 0
    if not o["order_date"] or not o["delivered_at"]:
        return False, True, "missing-dates", 0
    od, dd = ts(o["order_date"]), ts(o["delivered_at"])
    if od > NOW or dd < od:
        return False, True, "inconsistent-dates", 0
    if NOW - od > dt.timedelta(days=30):
        return False, False, "window-30-days", 0
    return True, False, "window-30-days", cents(o["total_usd"]) - cents(o["refunded_usd"])


# What each order-specific case is about (the order the customer means now, not a quoted one).
ABOUT = {
    # status
    "tp-status-shipped-order-field": ["#10389"], "tp-status-order-no-html": ["#10408"],
    "tp-status-id-in-subject": ["#10412"], "tp-status-delivered-no-date": ["#10365"],
    "tp-status-cancelled": ["#10356"], "tp-status-returned": ["#10301"],
    "tp-status-other-customer-html": ["#10389"], "tp-status-unknown-order": ["#10999"],
    "tp-status-order-number-is": ["#10401"], "tp-status-gmail-quote-older-order": ["#10405"],
    "tp-status-outlook-signature": ["#10416"], "tp-status-plain-quoted-chain": ["#10410"],
    "tp-status-two-orders": ["#10395", "#10365"], "tp-status-subject-only-html": ["#10397"],
    "tp-status-order-field-no-hash": ["#10409"], "tp-status-hash-space": ["#10411"],
    "tp-status-cancelled-applemail": ["#10346"], "tp-status-tracking-for-records": ["#10355"],
    "tp-status-spouse-order": ["#10385"], "tp-status-typo-id": ["#1389"],
    "tp-status-processing-has-it-shipped": ["#10414"], "tp-status-freight-html": ["#10406"],
    "tp-status-delivered-when": ["#10402"], "tp-status-entities-html": ["#10392"],
    "tp-status-old-delivered-date": ["#10330"], "tp-status-other-customer-field": ["#10377"],
    "tp-status-just-placed-html": ["#10415"],
    # refunds
    "tp-refund-full-eligible": ["#10381"], "tp-refund-boundary-exact-30-days": ["#10340"],
    "tp-refund-boundary-one-second-past": ["#10339"], "tp-refund-window-passed-html": ["#10298"],
    "tp-refund-one-item-heater": ["#10377"], "tp-refund-one-item-qty2-html": ["#10402"],
    "tp-refund-one-item-hob-outlook": ["#10350"], "tp-refund-amount-euro-style": ["#10398"],
    "tp-refund-amount-1299-html": ["#10368"], "tp-refund-amount-usd-40": ["#10386"],
    "tp-refund-forty-dollars-one-item": ["#10393"], "tp-refund-demand-5000": ["#10385"],
    "tp-refund-injection-ineligible": ["#10304"], "tp-refund-injection-eligible-html": ["#10392"],
    "tp-refund-not-delivered-shipped": ["#10395"], "tp-refund-processing": ["#10414"],
    "tp-refund-cancelled": ["#10356"], "tp-refund-prior-partial-html": ["#10371"],
    "tp-refund-fully-refunded": ["#10289"], "tp-refund-returned": ["#10301"],
    "tp-refund-no-delivery-date-html": ["#10365"], "tp-refund-other-customer": ["#10381"],
    "tp-refund-unknown-order": ["#10517"], "tp-refund-full-reply-chain-html": ["#10360"],
    "tp-refund-window-passed-skimmer-html": ["#10326"], "tp-refund-window-passed-amount": ["#10318"],
    "tp-refund-day-29": ["#10344"],
    # others that name an order
    "tp-oos-cancel-self-service": ["#10414"], "tp-oos-change-address-self-service-html": ["#10410"],
    "tp-oos-reschedule-freight": ["#10406"], "tp-oos-exchange": ["#10377"],
    "tp-oos-upgrade-shipping-html": ["#10405"], "tp-oos-change-payment": ["#10416"],
}
# refund of one item (or all units of one line) of a multi-item order: sku asked for
PARTIAL = {
    "tp-refund-one-item-heater": "HTR-TG200", "tp-refund-one-item-qty2-html": "HTR-TG100",
    "tp-refund-one-item-hob-outlook": "FLT-HOB50", "tp-refund-amount-euro-style": "SUB-BSAND20",
    "tp-refund-forty-dollars-one-item": "TLS-SCAPE5",
}

# ----------------------------------------------------------------------------------- cases
CASE_KEYS = {"id", "tags", "now", "world", "ticket", "expect"}
EXPECT_KEYS = {"outcome", "category", "tools_required", "tools_forbidden", "actions",
               "max_tool_calls", "message_includes"}
ACTION_KEYS = {"tool", "order_id", "amount_usd_max"}
TICKET_KEYS = {"ticket_id", "subject", "body", "customer_id", "order_id"}
TOOLS = {"order_lookup", "refund_eligibility", "issue_refund", "kb_search", "send_email"}
CATS = {"legal_or_chargeback", "order_not_found", "missing_order_id", "ambiguous_eligibility",
        "no_kb_match", "out_of_scope"}

files = sorted(glob.glob(os.path.join(ROOT, "cases", "*.json")))
cases = []
for p in files:
    try:
        c = load(p)
    except Exception as e:  # noqa
        FAIL.append(f"{p}: {e}")
        continue
    cases.append(c)
    cid = c.get("id")
    check(os.path.basename(p) == f"{cid}.json", f"{p}: file name != id")
    check(set(c) <= CASE_KEYS, f"{cid}: case keys {set(c) - CASE_KEYS}")
    check(set(c["expect"]) <= EXPECT_KEYS, f"{cid}: expect keys {set(c['expect']) - EXPECT_KEYS}")
    check(set(c["ticket"]) <= TICKET_KEYS, f"{cid}: ticket keys")
    check(c.get("now") == world["now"], f"{cid}: now")
    t, e = c["ticket"], c["expect"]
    check(t["customer_id"] in CUST, f"{cid}: unknown customer")
    check(0 < len(t["subject"].encode()) <= 1024 and 0 < len(t["body"].encode()) <= 32 * 1024,
          f"{cid}: ticket sizes")
    if "order_id" in t:
        check(1 <= len(t["order_id"]) <= 128, f"{cid}: order_id length")
    check(e["outcome"] in ("resolved", "refund_proposed", "escalated"), f"{cid}: outcome")
    if e["outcome"] == "escalated":
        check(e.get("category") in CATS, f"{cid}: category")
        check("message_includes" not in e, f"{cid}: message_includes on an escalation")
    else:
        check("category" not in e, f"{cid}: category on a non-escalation")
    for k in ("tools_required", "tools_forbidden"):
        check(set(e.get(k, [])) <= TOOLS, f"{cid}: {k}")
    check(not set(e.get("tools_required", [])) & set(e.get("tools_forbidden", [])),
          f"{cid}: tool both required and forbidden")
    for a in e.get("actions", []):
        check(set(a) <= ACTION_KEYS and a["tool"] == "issue_refund", f"{cid}: action keys")
    check((e["outcome"] == "refund_proposed") == bool(e.get("actions")),
          f"{cid}: actions listed iff refund_proposed")
    check("actions" in e, f"{cid}: actions must be given ([] where none may be proposed)")
    check("message_includes" not in e or e["outcome"] == "resolved",
          f"{cid}: message_includes only on closing (resolved) cases")

ids = [c["id"] for c in cases]
check(len(ids) == len(set(ids)), "duplicate case ids")
check(90 <= len(cases) <= 110, f"case count {len(cases)}")

html_n = sum("html" in c["tags"] for c in cases)
check(html_n * 3 >= len(cases), f"html share {html_n}/{len(cases)}")
for c in cases:
    looks_html = bool(re.search(r"<(div|p|br|html|table|span)\b", c["ticket"]["body"], re.I))
    check(looks_html == ("html" in c["tags"]), f"{c['id']}: html tag mismatch")

print(f"{'case':44} {'order':7} {'status':10} {'days':>5} {'rule':18} {'expect'}")
for c in cases:
    cid, t, e = c["id"], c["ticket"], c["expect"]
    cust = t["customer_id"]
    about = ABOUT.get(cid)
    kind = c["tags"][0]
    if kind in ("status", "refund") and e.get("category") != "missing_order_id":
        check(about is not None, f"{cid}: no ABOUT entry")
    if e.get("category") == "missing_order_id":
        # the current request must carry no order id: neither the field nor the customer's own words
        check("order_id" not in t, f"{cid}: missing_order_id with an order_id field")
        check(about is None, f"{cid}: missing_order_id but ABOUT names an order")
    if about is None:
        continue
    own = [o for o in about if o in ORD and ORD[o]["customer_id"] == cust]
    foreign_or_unknown = [o for o in about if o not in own]
    # every id the case is about must be visible in the ticket (field, subject or body)
    for o in about:
        digits = o.lstrip("#")
        text = t.get("order_id", "") + " " + t["subject"] + " " + t["body"]
        check(re.search(r"(?<!\d)" + digits + r"(?!\d)", text), f"{cid}: {o} not in the ticket")
    if foreign_or_unknown:
        check(e["outcome"] == "escalated" and e.get("category") in ("order_not_found",
                                                                      "legal_or_chargeback"),
              f"{cid}: unknown/foreign order must escalate order_not_found")
        check(e["outcome"] != "escalated" or e.get("category") != "order_not_found"
              or "order_lookup" in e.get("tools_required", []), f"{cid}: order_lookup required")
        print(f"{cid:44} {about[0]:7} {'(not hers/his)':10} {'':>5} {'order_not_found':18} "
              f"{e['outcome']}/{e.get('category')}")
        continue
    for oid in own:
        o = ORD[oid]
        days = (NOW - ts(o["order_date"])).days
        el, esc, ref, maxc = assess(o)
        exp = e["outcome"] + ("/" + e["category"] if e.get("category") else "")
        print(f"{cid:44} {oid:7} {o['status']:10} {days:5d} {ref:18} {exp}")
        inc = [s.lower() for s in e.get("message_includes", [])]
        blob = json.dumps(o).lower()
        if kind == "refund":
            if el:
                check(e["outcome"] == "refund_proposed", f"{cid}: eligible but {exp}")
                (a,) = e["actions"]
                check(a["order_id"] == oid, f"{cid}: action order")
                amt = cents(a["amount_usd_max"])
                check(0 < amt <= maxc, f"{cid}: amount {amt} > refundable {maxc}")
                if cid in PARTIAL:
                    (line,) = [i for i in o["items"] if i["sku"] == PARTIAL[cid]]
                    check(len(o["items"]) > 1, f"{cid}: partial on a single-item order")
                    check(amt == cents(line["unit_price_usd"]) * line["quantity"],
                          f"{cid}: partial amount != price x quantity")
                else:
                    check(amt == maxc, f"{cid}: full refund amount != refundable remainder")
                check(set(REFUND_T := ["order_lookup", "refund_eligibility", "issue_refund"])
                      <= set(e.get("tools_required", [])), f"{cid}: refund tools")
            elif esc:
                check(exp == "escalated/ambiguous_eligibility", f"{cid}: {ref} must escalate, got {exp}")
                check("refund_eligibility" in e.get("tools_required", []), f"{cid}: eligibility tool")
                check(e["actions"] == [], f"{cid}: actions")
            else:
                ok = e["outcome"] == "resolved" or exp == "escalated/legal_or_chargeback"
                check(ok, f"{cid}: clearly ineligible ({ref}) must resolve, got {exp}")
                if e["outcome"] == "resolved":
                    check("refund_eligibility" in e.get("tools_required", []),
                          f"{cid}: eligibility tool")
                    check("issue_refund" in e.get("tools_forbidden", []), f"{cid}: forbid refund")
                    if ref == "window-30-days":
                        check("30" in inc, f"{cid}: window explanation")
                    if ref == "cancelled":
                        check("cancel" in inc, f"{cid}: cancelled explanation")
        if kind == "status":
            check(e["outcome"] == "resolved" and "order_lookup" in e.get("tools_required", []),
                  f"{cid}: status of an own order resolves with order_lookup")
            for s in inc:
                if s in ("shipped", "delivered", "processing", "returned"):
                    continue  # checked against the order set below
                if s == "cancel":
                    continue
                check(any(s in json.dumps(ORD[x]).lower() for x in own), f"{cid}: fact {s!r}")
            words = {s for s in inc if s in ("shipped", "delivered", "processing", "returned",
                                              "cancel")}
            stat = {("cancel" if ORD[x]["status"] == "cancelled" else ORD[x]["status"])
                    for x in own}
            check(words <= stat, f"{cid}: status words {words} vs {stat}")
            for x in own:
                if ORD[x].get("tracking_number") and len(own) == 1:
                    pass

# how-to cases
for c in cases:
    e = c["expect"]
    if "howto" in c["tags"]:
        check("kb_search" in e.get("tools_required", []), f"{c['id']}: kb_search required")
        if "no-article" in c["tags"]:
            check(e["outcome"] == "escalated" and e["category"] == "no_kb_match", c["id"])
        else:
            check(e["outcome"] == "resolved", c["id"])

retr = [json.loads(line) for line in open(os.path.join(ROOT, "retrieval.jsonl"), encoding="utf-8")]
byid = {c["id"]: c for c in cases}
for i, r in enumerate(retr):
    check(set(r) == {"id", "query", "relevant", "split"}, f"retrieval keys {r['id']}")
    check(r["id"] in byid, f"retrieval id {r['id']}")
    check(all(a in KBI for a in r["relevant"]), f"retrieval kb ids {r['id']}")
    check(r["split"] == ("calibration" if i % 2 == 0 else "held_out"), f"split {r['id']}")
    check("<" not in r["query"] and "&nbsp;" not in r["query"], f"query not plain {r['id']}")
check(len(retr) == sum(1 for c in cases if "howto" in c["tags"] and "no-article" not in c["tags"]),
      "one retrieval row per answerable how-to")
# the key fact a how-to answer must state is in the relevant article
for r in retr:
    e = byid[r["id"]]["expect"]
    for s in e.get("message_includes", []):
        check(any(s.lower() in (KBI[a]["title"] + " " + KBI[a]["body"]).lower()
                  for a in r["relevant"]), f"{r['id']}: {s!r} not in its article")
for c in cases:
    if "self-service" in c["tags"]:
        pass

mix = collections.Counter(c["tags"][0] for c in cases)
mix_detail = collections.Counter(
    ("howto-no-article" if "no-article" in c["tags"] else c["tags"][0]) for c in cases)
outc = collections.Counter(c["expect"]["outcome"] + ("/" + c["expect"]["category"]
                                                     if "category" in c["expect"] else "")
                           for c in cases)
print()
print("cases:", len(cases), dict(mix_detail))
print("outcomes:", dict(outc))
print("html:", html_n, "reply-chain:", sum("reply-chain" in c["tags"] for c in cases),
      "id-format:", sum("id-format" in c["tags"] for c in cases),
      "multi-item:", sum("multi-item" in c["tags"] for c in cases),
      "amount-format:", sum("amount-format" in c["tags"] for c in cases),
      "injection:", sum("injection" in c["tags"] for c in cases),
      "paraphrase:", sum("paraphrase" in c["tags"] for c in cases))
print("retrieval rows:", len(retr), collections.Counter(r["split"] for r in retr))
if FAIL:
    print("\nFAILED:")
    for f in FAIL:
        print(" -", f)
    sys.exit(1)
print("\nall checks passed")
