#!/usr/bin/env python3
"""Check the generated Stride world and cases; re-derive labels from the written policy.

Prints OK, or the problems and exits 1.
"""
import filecmp
import json
import os
import re
import subprocess
import sys
import tempfile
from datetime import datetime, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import spec_tickets  # noqa: E402

P = []


def bad(msg):
    P.append(msg)


def load(p):
    with open(os.path.join(ROOT, p), encoding="utf-8") as f:
        return json.load(f)


def parse(s):
    return datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def cents(x):
    return int(round(x * 100))


ORDER_RE = re.compile(r"^STR-[A-Z0-9]{4}-\d{5}$")
CUST_RE = re.compile(r"^SRC-\d{4}$")
KB_RE = re.compile(r"^HC-\d{3}$")
TICKET_RE = re.compile(r"^hd-\d{5}$")
TRACK = {"UPS": r"^1Z[0-9A-Z]{6}\d{10}$", "USPS": r"^94\d{20}$", "FedEx": r"^\d{12}$", "DHL Express": r"^\d{10}$"}
STATUSES = {"processing", "shipped", "delivered", "cancelled", "returned"}
CATS = {"legal_or_chargeback", "order_not_found", "missing_order_id", "ambiguous_eligibility", "no_kb_match",
        "out_of_scope", "human_owned", "unspecified"}
TOOLS = {"order_lookup", "refund_eligibility", "kb_search", "issue_refund", "send_email"}


def assess(o, now):
    """The refund policy of docs/tool-contracts.md, first matching row decides."""
    st = o["status"]
    if st == "cancelled":
        return dict(eligible=False, escalate=False, ref="refund-policy/cancelled")
    if st == "returned":
        return dict(eligible=False, escalate=True, ref="refund-policy/returned")
    if st in ("processing", "shipped"):
        return dict(eligible=False, escalate=False, ref="refund-policy/not-delivered")
    if cents(o["refunded_usd"]) > 0:
        return dict(eligible=False, escalate=True, ref="refund-policy/prior-refund")
    if not o.get("order_date") or not o.get("delivered_at"):
        return dict(eligible=False, escalate=True, ref="refund-policy/missing-dates")
    od, de = parse(o["order_date"]), parse(o["delivered_at"])
    if od > now or de < od:
        return dict(eligible=False, escalate=True, ref="refund-policy/inconsistent-dates")
    if (now - od).total_seconds() > 30 * 86400:
        return dict(eligible=False, escalate=False, ref="refund-policy/window-30-days")
    return dict(eligible=True, escalate=False, ref="refund-policy/window-30-days",
                max_cents=cents(o["total_usd"]) - cents(o["refunded_usd"]))


def groups(s):
    out = []
    for g in re.findall(r"[A-Za-z]+|\d+", s):
        out.append(str(int(g)) if g.isdigit() else g.lower())
    return out


def shortens(written, order_id):
    w, o = groups(written), groups(order_id)
    raw = re.findall(r"[A-Za-z]+|\d+", written)
    if not w or not raw[-1].isdigit() or len(raw[-1].lstrip("0") or "0") < 3:
        return False
    return len(w) <= len(o) and o[-len(w):] == w


def check_world():
    customers, orders, kb, world = (load(f"world/{n}.json") for n in ("customers", "orders", "kb", "world"))
    if set(world) != {"description", "now"}:
        bad("world.json keys")
    now = parse(world["now"])
    cids = set()
    for c in customers:
        if set(c) != {"customer_id", "name", "email"} or not CUST_RE.match(c["customer_id"]) or "@" not in c["email"]:
            bad(f"customer shape {c}")
        if c["customer_id"] in cids:
            bad(f"duplicate customer {c['customer_id']}")
        cids.add(c["customer_id"])
    if not 30 <= len(customers) <= 40:
        bad("customer count")
    oids = {}
    for o in orders:
        oid = o.get("order_id", "?")
        need = {"order_id", "customer_id", "status", "order_date", "shipped_at", "delivered_at", "items", "total_usd", "refunded_usd"}
        if not need <= set(o) or set(o) - need - {"carrier", "tracking_number"}:
            bad(f"order keys {oid}")
            continue
        if not ORDER_RE.match(oid):
            bad(f"order id shape {oid}")
        if oid in oids:
            bad(f"duplicate order {oid}")
        oids[oid] = o
        if o["customer_id"] not in cids:
            bad(f"order {oid} unknown customer")
        if o["status"] not in STATUSES:
            bad(f"order {oid} status")
        if cents(sum(i["quantity"] * i["unit_price_usd"] for i in o["items"])) != cents(o["total_usd"]):
            bad(f"order {oid} total")
        for i in o["items"]:
            if set(i) != {"sku", "name", "quantity", "unit_price_usd"} or i["quantity"] < 1:
                bad(f"order {oid} item shape")
        if not 0 <= cents(o["refunded_usd"]) <= cents(o["total_usd"]):
            bad(f"order {oid} refunded")
        st = o["status"]
        if st in ("processing", "cancelled"):
            if o["shipped_at"] or o["delivered_at"] or "carrier" in o:
                bad(f"order {oid}: {st} with shipping data")
        else:
            if not o["shipped_at"] or "carrier" not in o or not re.match(TRACK[o["carrier"]], o["tracking_number"]):
                bad(f"order {oid}: shipping data")
        if st == "shipped" and o["delivered_at"]:
            bad(f"order {oid}: shipped with delivered_at")
        if st == "cancelled" and cents(o["refunded_usd"]) != cents(o["total_usd"]):
            bad(f"order {oid}: cancelled not refunded")
        if parse(o["order_date"]) > now:
            bad(f"order {oid}: ordered after now")
    if not 70 <= len(orders) <= 90:
        bad("order count")
    if {o["status"] for o in orders} != STATUSES:
        bad("not every status present")
    kids = set()
    for a in kb:
        if set(a) != {"id", "title", "body", "tags"} or not KB_RE.match(a["id"]):
            bad(f"kb shape {a.get('id')}")
        if not 3 <= len(a["body"].split("\n\n")) <= 5:
            bad(f"kb {a['id']}: paragraphs")
        kids.add(a["id"])
    if not 20 <= len(kb) <= 30:
        bad("kb count")
    return now, {c["customer_id"]: c for c in customers}, oids, kids


CASE_KEYS = {"id", "tags", "now", "world", "ticket", "thread", "events", "expect"}
EXPECT_KEYS = {"outcome", "category", "tools_required", "tools_forbidden", "actions", "max_tool_calls", "message_includes"}


def check_cases(now, customers, orders, kids):
    spec = {c["id"]: c for c in spec_tickets.CASES}
    files = sorted(f for f in os.listdir(os.path.join(ROOT, "cases")) if f.endswith(".json"))
    seen_t = set()
    kinds = {}
    for f in files:
        c = load("cases/" + f)
        cid = c.get("id")
        if f != f"{cid}.json":
            bad(f"{f}: file name")
        if set(c) - CASE_KEYS or set(c["expect"]) - EXPECT_KEYS:
            bad(f"{cid}: unknown keys")
        if c.get("now") != "2027-05-12T15:00:00Z":
            bad(f"{cid}: now")
        t, e = c["ticket"], c["expect"]
        if set(t) - {"ticket_id", "subject", "body", "customer_id", "order_id"}:
            bad(f"{cid}: ticket keys")
        if not TICKET_RE.match(t["ticket_id"]) or t["ticket_id"] in seen_t:
            bad(f"{cid}: ticket id")
        seen_t.add(t["ticket_id"])
        if not t["subject"] or len(t["subject"].encode()) > 1024 or not t["body"] or len(t["body"].encode()) > 32768:
            bad(f"{cid}: subject/body size")
        if t["customer_id"] not in customers:
            bad(f"{cid}: unknown customer")
        tags = c.get("tags", [])
        kind = [x[5:] for x in tags if x.startswith("type:")]
        lang = [x[5:] for x in tags if x.startswith("lang:")]
        if len(kind) != 1 or len(lang) != 1 or lang[0] not in ("en", "fi", "tr"):
            bad(f"{cid}: type/lang tags")
            continue
        kinds[kind[0]] = kinds.get(kind[0], 0) + 1
        out = e["outcome"]
        if out not in ("resolved", "refund_proposed", "escalated"):
            bad(f"{cid}: outcome")
        if "category" in e and (out != "escalated" or e["category"] not in CATS):
            bad(f"{cid}: category")
        if out == "escalated" and "message_includes" in e:
            bad(f"{cid}: message_includes on an escalation")
        for k in ("tools_required", "tools_forbidden"):
            if set(e.get(k, [])) - TOOLS:
                bad(f"{cid}: {k}")
        if set(e.get("tools_required", [])) & set(e.get("tools_forbidden", [])):
            bad(f"{cid}: a tool both required and forbidden")
        acts = e.get("actions")
        if out == "refund_proposed" and not acts:
            bad(f"{cid}: refund_proposed without actions")
        if out != "refund_proposed" and acts:
            bad(f"{cid}: actions on a non-refund outcome")
        for a in acts or []:
            if set(a) - {"tool", "order_id", "amount_usd_max"} or a["tool"] != "issue_refund":
                bad(f"{cid}: action shape")
            o = orders.get(a["order_id"])
            if not o or o["customer_id"] != t["customer_id"]:
                bad(f"{cid}: action on an order not the customer's")
                continue
            r = assess(o, now)
            if not r["eligible"] or cents(a["amount_usd_max"]) > r["max_cents"] or a["amount_usd_max"] <= 0:
                bad(f"{cid}: action not allowed by the policy")
        for th in c.get("thread", []):
            if th["role"] == "customer" and set(th) - {"role", "message_id", "at", "body"}:
                bad(f"{cid}: thread entry keys")
            if th["role"] == "agent" and set(th) - {"role", "at", "outcome", "message", "category"}:
                bad(f"{cid}: thread entry keys")
            if parse(th["at"]) > now:
                bad(f"{cid}: thread entry after now")
        for ev in c.get("events", []):
            if ev["kind"] != "approval" or ev["status"] not in ("pending", "approved", "executed", "failed", "rejected", "expired"):
                bad(f"{cid}: event shape")
            if ev.get("order_id") and orders.get(ev["order_id"], {}).get("customer_id") != t["customer_id"]:
                bad(f"{cid}: event on an order not the customer's")
            if ev["status"] == "executed" and cents(orders[ev["order_id"]]["refunded_usd"]) < cents(ev["amount_usd"]):
                bad(f"{cid}: executed refund not on the order's record")
        s = spec.get(cid)
        if not s:
            bad(f"{cid}: not in the spec")
            continue
        if s["id"] in t["ticket_id"] or s["id"] in t["body"]:
            bad(f"{cid}: ticket names the case")
        derive(cid, s, c, now, orders, kids)
    if len(files) != len(spec):
        bad("case files and spec differ in number")
    return kinds


def derive(cid, s, c, now, orders, kids):
    e, t = c["expect"], c["ticket"]
    out, cat = e["outcome"], e.get("category")
    ref = s["ref"]
    o = orders.get(ref) if ref else None
    own = o is not None and o["customer_id"] == t["customer_id"]
    thread = c.get("thread") or []
    agent = [x for x in thread if x["role"] == "agent"]
    # the written id must be findable: as written (canonical or shortened) in subject/body/field
    if ref:
        text = " ".join([t["subject"], t["body"], t.get("order_id", "")])
        w = s["written"] or ref
        if w not in text and not any(w in x.get("body", "") for x in thread):
            bad(f"{cid}: the ticket does not contain {w!r}")
        if s["written"] and own:
            hits = [oid for oid, x in orders.items() if x["customer_id"] == t["customer_id"] and shortens(s["written"], oid)]
            if hits != [ref]:
                bad(f"{cid}: {s['written']!r} shortens {hits}, not [{ref}]")
    if agent and agent[-1]["outcome"] == "escalated":
        if (out, cat) != ("escalated", "human_owned"):
            bad(f"{cid}: our last answer escalated; expected human_owned")
        return
    if s["article"] and s["article"] not in kids:
        bad(f"{cid}: unknown article")
    k = s["kind"]
    if k == "dispute" and (out, cat) != ("escalated", "legal_or_chargeback"):
        bad(f"{cid}: dispute not escalated as legal_or_chargeback")
    if k == "near-miss" and (out, cat) != ("escalated", "no_kb_match"):
        bad(f"{cid}: near miss not no_kb_match")
    if k == "missing-id" and ((out, cat) != ("escalated", "missing_order_id") or ref or t.get("order_id")):
        bad(f"{cid}: missing id")
    if k == "howto" and (out != "resolved" or not s["article"]):
        bad(f"{cid}: how-to without article")
    if k == "status":
        if not own:
            if (out, cat) != ("escalated", "order_not_found"):
                bad(f"{cid}: status of a foreign/unknown order must be order_not_found")
        elif out != "resolved":
            bad(f"{cid}: status must resolve")
    if k == "refund" or (k == "mixed" and e.get("actions")):
        if not own:
            if (out, cat) != ("escalated", "order_not_found"):
                bad(f"{cid}: refund of a foreign/unknown order must be order_not_found")
        else:
            r = assess(o, now)
            want = "refund_proposed" if r["eligible"] else ("escalated" if r["escalate"] else "resolved")
            if out != want or (r["escalate"] and cat != "ambiguous_eligibility"):
                bad(f"{cid}: policy says {want} ({r['ref']}), label says {out}/{cat}")
    if k == "follow-up" and c.get("events"):
        last = c["events"][-1]["status"]
        if last in ("pending", "approved", "executed", "rejected", "expired") and out != "resolved":
            bad(f"{cid}: follow-up on a {last} refund must be answered from the record")
        if "issue_refund" not in e.get("tools_forbidden", []):
            bad(f"{cid}: a second refund proposal must be forbidden")
        for x in e.get("message_includes", []):
            if not any(x == ev.get("confirmation_id") for ev in c["events"]):
                bad(f"{cid}: message fact {x} is not on the record")
    if k == "thanks" and (out != "resolved" or set(e.get("tools_forbidden", [])) != TOOLS or e.get("actions") != []):
        bad(f"{cid}: thanks-only")
    if o and own:
        for x in e.get("message_includes", []):
            if x.isalnum() and len(x) >= 10 and x != o.get("tracking_number") and not any(
                    x == y.get("tracking_number") for y in orders.values() if y["customer_id"] == t["customer_id"]):
                bad(f"{cid}: message fact {x} is not the customer's tracking number")


def check_retrieval(kids):
    cases = {f[:-5] for f in os.listdir(os.path.join(ROOT, "cases"))}
    with open(os.path.join(ROOT, "retrieval.jsonl"), encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            if set(r) != {"case", "query", "article"} or r["case"] not in cases or r["article"] not in kids:
                bad(f"retrieval line {r}")
            else:
                c = load(f"cases/{r['case']}.json")
                if c["expect"]["outcome"] == "escalated" or "kb_search" not in c["expect"].get("tools_required", []):
                    bad(f"retrieval {r['case']}: not a case answered from an article")


def check_determinism():
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), tmp], check=True, capture_output=True)
        for rel in ["world/customers.json", "world/orders.json", "world/kb.json", "world/world.json", "retrieval.jsonl"] + \
                   ["cases/" + f for f in sorted(os.listdir(os.path.join(tmp, "cases")))]:
            a, b = os.path.join(ROOT, rel), os.path.join(tmp, rel)
            if not os.path.exists(a) or not filecmp.cmp(a, b, shallow=False):
                bad(f"not byte-identical on rerun: {rel}")
        if sorted(os.listdir(os.path.join(tmp, "cases"))) != sorted(os.listdir(os.path.join(ROOT, "cases"))):
            bad("case files differ from a fresh generation")


def main():
    now, customers, orders, kids = check_world()
    check_cases(now, customers, orders, kids)
    check_retrieval(kids)
    check_determinism()
    if P:
        print("\n".join(P))
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
