#!/usr/bin/env python3
"""Validate Hearth & Field's world and cases: shapes, id references, labels re-derived from the policy,
and byte-identical regeneration. Prints OK or the problems (exit 1)."""
import datetime as dt
import filecmp
import html
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import spec_tickets as S  # noqa: E402

problems = []


def bad(msg):
    problems.append(msg)


def load(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return json.load(f)


def ts(s):
    return dt.datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.timezone.utc)


ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
ORDER_ID = re.compile(r"^HF\.\d{4}\.\d{6}$")
CUST_ID = re.compile(r"^HFC-\d{5}$")
ART_ID = re.compile(r"^HC-\d{3}$")
TRACK = {"UPS": r"^1Z[0-9A-F]{6}\d{10}$", "FedEx": r"^\d{12}$", "USPS": r"^9400\d{18}$",
         "Estes Express": r"^\d{10}$", "XPO Logistics": r"^\d{9}$", "Old Dominion": r"^\d{11}$"}
STATUSES = {"processing", "shipped", "delivered", "cancelled", "returned"}


# ---------------------------------------------------------------- shapes
def check_customer(c, where):
    if set(c) != {"customer_id", "name", "email"}:
        bad(f"{where}: customer keys {sorted(c)}")
    if not CUST_ID.match(c.get("customer_id", "")):
        bad(f"{where}: customer id {c.get('customer_id')}")
    if "@" not in c.get("email", ""):
        bad(f"{where}: email {c.get('email')}")


def check_order(o, where, customers):
    need = {"order_id", "customer_id", "status", "order_date", "shipped_at", "delivered_at", "items", "total_usd", "refunded_usd"}
    if not need <= set(o) or set(o) - need - {"carrier", "tracking_number"}:
        bad(f"{where}: order keys {sorted(o)}")
        return
    if not ORDER_ID.match(o["order_id"]):
        bad(f"{where}: order id {o['order_id']}")
    if o["order_id"][3:7] != o["order_date"][:4]:
        bad(f"{where}: {o['order_id']} year differs from order_date")
    if o["customer_id"] not in customers:
        bad(f"{where}: {o['order_id']} unknown customer {o['customer_id']}")
    if o["status"] not in STATUSES:
        bad(f"{where}: {o['order_id']} status {o['status']}")
    for k in ("order_date", "shipped_at", "delivered_at"):
        if o[k] is not None and not ISO.match(o[k]):
            bad(f"{where}: {o['order_id']} {k} {o[k]}")
    st = o["status"]
    if st in ("processing", "cancelled"):
        if o["shipped_at"] or o["delivered_at"] or "carrier" in o:
            bad(f"{where}: {o['order_id']} {st} but shipped/carrier")
    else:
        if not o["shipped_at"] or "carrier" not in o or "tracking_number" not in o:
            bad(f"{where}: {o['order_id']} {st} without shipment")
        elif not re.match(TRACK[o["carrier"]], o["tracking_number"]):
            bad(f"{where}: {o['order_id']} tracking {o['tracking_number']} not {o['carrier']} shaped")
    if st == "shipped" and o["delivered_at"]:
        bad(f"{where}: {o['order_id']} shipped but delivered_at")
    total = 0
    for it in o["items"]:
        if set(it) != {"sku", "name", "quantity", "unit_price_usd"} or not isinstance(it["quantity"], int):
            bad(f"{where}: {o['order_id']} item shape {it}")
            continue
        total += round(it["unit_price_usd"] * 100) * it["quantity"]
    if total != round(o["total_usd"] * 100):
        bad(f"{where}: {o['order_id']} total {o['total_usd']} != items {total / 100}")
    if not 0 <= round(o["refunded_usd"] * 100) <= total:
        bad(f"{where}: {o['order_id']} refunded_usd out of range")


# ---------------------------------------------------------------- policy (docs/tool-contracts.md, policy refs)
def assess(o, now):
    c = lambda x: round(x * 100)
    st = o["status"]
    if st == "cancelled":
        return dict(eligible=False, escalate=False, ref="refund-policy/cancelled", max=0)
    if st == "returned":
        return dict(eligible=False, escalate=True, ref="refund-policy/returned", max=0)
    if st in ("processing", "shipped"):
        return dict(eligible=False, escalate=False, ref="refund-policy/not-delivered", max=0)
    if c(o["refunded_usd"]) > 0:
        return dict(eligible=False, escalate=True, ref="refund-policy/prior-refund", max=0)
    if not o["order_date"] or not o["delivered_at"]:
        return dict(eligible=False, escalate=True, ref="refund-policy/missing-dates", max=0)
    od, dd = ts(o["order_date"]), ts(o["delivered_at"])
    if od > now or dd < od:
        return dict(eligible=False, escalate=True, ref="refund-policy/inconsistent-dates", max=0)
    if now - od > dt.timedelta(days=30):
        return dict(eligible=False, escalate=False, ref="refund-policy/window-30-days", max=0)
    return dict(eligible=True, escalate=False, ref="refund-policy/window-30-days", max=(c(o["total_usd"]) - c(o["refunded_usd"])) / 100)


RULE_REF = {"window": "refund-policy/window-30-days", "not_delivered": "refund-policy/not-delivered",
            "cancelled": "refund-policy/cancelled", "prior_refund": "refund-policy/prior-refund",
            "returned": "refund-policy/returned", "missing_dates": "refund-policy/missing-dates",
            "inconsistent_dates": "refund-policy/inconsistent-dates"}


def groups(s):
    return [g.lstrip("0") or "0" if g.isdigit() else g.lower() for g in re.findall(r"[A-Za-z]+|[0-9]+", s)]


def resolve(written, own_orders):
    """order_lookup's id rule: exact id, else the one own order the id shortens (docs/tool-contracts.md)."""
    for o in own_orders:
        if o["order_id"] == written:
            return o["order_id"]
    g = groups(written)
    if not g or not g[-1].isdigit() or len(re.findall(r"[0-9]+", written)[-1]) < 3:
        return None
    hits = [o["order_id"] for o in own_orders if groups(o["order_id"])[-len(g):] == g and len(g) <= len(groups(o["order_id"]))]
    return hits[0] if len(hits) == 1 else None


CASE_KEYS = {"id", "tags", "now", "world", "ticket", "thread", "events", "expect"}
EXPECT_KEYS = {"outcome", "category", "tools_required", "tools_forbidden", "actions", "max_tool_calls", "message_includes"}
TOOLS = set(S.ALL_TOOLS)
CATS = {"legal_or_chargeback", "order_not_found", "missing_order_id", "ambiguous_eligibility", "no_kb_match",
        "out_of_scope", "human_owned", "unspecified"}
TID = re.compile(r"^(hd-\d{5}|zd-\d{6}|HD-\d{6})$")


def text_of(ticket):
    body = ticket["body"]
    if "<" in body:
        body = html.unescape(re.sub(r"<[^>]+>", " ", body))
    return ticket["subject"] + "\n" + body


def main():
    customers = load("world/customers.json")
    orders = load("world/orders.json")
    kb = load("world/kb.json")
    world = load("world/world.json")
    if set(world) != {"description", "now"} or not ISO.match(world["now"]):
        bad("world.json shape")
    now = ts(world["now"])
    cids = {}
    for c in customers:
        check_customer(c, "customers.json")
        if c["customer_id"] in cids:
            bad(f"duplicate customer {c['customer_id']}")
        cids[c["customer_id"]] = c
    oids = {}
    for o in orders:
        check_order(o, "orders.json", cids)
        if o["order_id"] in oids:
            bad(f"duplicate order {o['order_id']}")
        oids[o["order_id"]] = o
    arts = {}
    for a in kb:
        if set(a) != {"id", "title", "body", "tags"} or not ART_ID.match(a["id"]):
            bad(f"kb shape {a.get('id')}")
        if not 3 <= len(a["body"].split("\n\n")) <= 5:
            bad(f"kb {a['id']}: not 3-5 paragraphs")
        arts[a["id"]] = a
    if not 30 <= len(customers) <= 40:
        bad(f"{len(customers)} customers")
    if not 70 <= len(orders) <= 90:
        bad(f"{len(orders)} orders")
    if not 20 <= len(kb) <= 30:
        bad(f"{len(kb)} articles")
    if {o["status"] for o in orders} != STATUSES:
        bad("not every order status present")
    for cid in cids:
        if not any(o["customer_id"] == cid for o in orders):
            bad(f"customer {cid} has no order")

    spec = {t["key"]: t for t in S.TICKETS + S.FOLLOWUPS + S.THANKS}
    files = sorted(f for f in os.listdir(os.path.join(ROOT, "cases")) if f.endswith(".json"))
    if len(files) != len(spec):
        bad(f"{len(files)} case files for {len(spec)} spec tickets")
    seen_tid = set()
    counts = {}
    en = html_en = quoted_en = 0
    retrieval = [json.loads(l) for l in open(os.path.join(ROOT, "retrieval.jsonl"), encoding="utf-8")]
    rmap = {r["case"]: r for r in retrieval}
    for r in retrieval:
        if set(r) != {"case", "query", "article"} or r["article"] not in arts or r["case"] + ".json" not in files:
            bad(f"retrieval line {r}")
    for f in files:
        case = json.load(open(os.path.join(ROOT, "cases", f), encoding="utf-8"))
        cid = case.get("id")
        where = f"cases/{f}"
        if f != f"{cid}.json" or cid not in spec:
            bad(f"{where}: id {cid}")
            continue
        t = spec[cid]
        if set(case) - CASE_KEYS:
            bad(f"{where}: unknown keys {set(case) - CASE_KEYS}")
        exp = case["expect"]
        if set(exp) - EXPECT_KEYS:
            bad(f"{where}: unknown expect keys")
        if exp["outcome"] not in ("resolved", "refund_proposed", "escalated"):
            bad(f"{where}: outcome")
        if "category" in exp and (exp["outcome"] != "escalated" or exp["category"] not in CATS):
            bad(f"{where}: category")
        if exp["outcome"] == "escalated" and "message_includes" in exp:
            bad(f"{where}: message_includes on an escalation")
        for k in ("tools_required", "tools_forbidden"):
            if set(exp.get(k, [])) - TOOLS:
                bad(f"{where}: {k}")
        if set(exp.get("tools_required", [])) & set(exp.get("tools_forbidden", [])):
            bad(f"{where}: a tool both required and forbidden")
        for a in exp.get("actions", []):
            if set(a) - {"tool", "order_id", "amount_usd_max"} or a["tool"] not in ("issue_refund", "send_email"):
                bad(f"{where}: action {a}")
        if exp["outcome"] != "refund_proposed" and exp.get("actions"):
            bad(f"{where}: actions on a non-refund outcome")
        if case.get("now") != world["now"]:
            bad(f"{where}: now not pinned to the world's")
        tk = case["ticket"]
        if set(tk) - {"ticket_id", "subject", "body", "customer_id", "order_id", "message_id"}:
            bad(f"{where}: ticket keys")
        if not TID.match(tk["ticket_id"]) or tk["ticket_id"] in seen_tid:
            bad(f"{where}: ticket_id {tk['ticket_id']}")
        seen_tid.add(tk["ticket_id"])
        if tk["customer_id"] not in cids:
            bad(f"{where}: unknown customer")
        if len(tk["body"].encode()) > 32768 or len(tk["subject"].encode()) > 1024 or not tk["body"].strip():
            bad(f"{where}: ticket size")
        tags = case.get("tags", [])
        kind = next((x[5:] for x in tags if x.startswith("type:")), None)
        lang = next((x[5:] for x in tags if x.startswith("lang:")), None)
        if kind is None or lang not in ("en", "de", "fr"):
            bad(f"{where}: type/lang tags")
        if kind == "near-miss" and "near-miss" not in tags:
            bad(f"{where}: near-miss tag")
        counts.setdefault(kind, {}).setdefault(lang, 0)
        counts[kind][lang] += 1
        if lang == "en":
            en += 1
            html_en += "<" in tk["body"] and ">" in tk["body"]
            quoted_en += bool(re.search(r"(^|\n|>)\s*(&gt;|>) |Original Message|Forwarded message|Begin forwarded message|gmail_quote", tk["body"]))
        # the world this case sees
        here = dict(oids)
        for o in (case.get("world") or {}).get("orders", []):
            check_order(o, where, cids)
            here[o["order_id"]] = o
        own = [o for o in here.values() if o["customer_id"] == tk["customer_id"]]
        text = text_of(tk)
        written = t["written"]
        if written:
            if written not in text and written != tk.get("order_id"):
                bad(f"{where}: written id {written!r} not in the ticket")
        rule = t["expect"]["_rule"]
        ref = t["expect"].get("_ref")
        if ref:
            o = here.get(ref)
            if not o or o["customer_id"] != tk["customer_id"]:
                bad(f"{where}: ref {ref} is not the customer's order")
                continue
            w = written or tk.get("order_id")
            if w and resolve(w, own) != ref and tk.get("order_id") != ref:
                bad(f"{where}: {w!r} does not resolve to {ref}")
            a = assess(o, now)
            inc = exp.get("message_includes", [])
            if rule == "status":
                if exp["outcome"] != "resolved" or "order_lookup" not in exp.get("tools_required", []):
                    bad(f"{where}: status label")
                for s in inc:
                    hay = json.dumps(o).lower()
                    if s.lower() not in hay:
                        bad(f"{where}: {s!r} is not a fact of the order")
            elif rule == "refund_ok":
                acts = [x for x in exp.get("actions", []) if x["tool"] == "issue_refund"]
                if not a["eligible"] or exp["outcome"] != "refund_proposed" or len(acts) != 1:
                    bad(f"{where}: refund_ok but {a}")
                elif acts[0]["order_id"] != ref or not 0 < round(acts[0]["amount_usd_max"] * 100) <= round(a["max"] * 100):
                    bad(f"{where}: amount {acts[0]} vs max {a['max']}")
                elif "one-item" in tags and not any(round(acts[0]["amount_usd_max"] * 100) == round(i["unit_price_usd"] * 100)
                                                    for i in o["items"]):
                    bad(f"{where}: one-item amount {acts[0]['amount_usd_max']} is no item's price")
                elif "whole-order" in tags and round(acts[0]["amount_usd_max"] * 100) != round(a["max"] * 100):
                    bad(f"{where}: whole-order amount is not the refundable total")
                if not {"order_lookup", "refund_eligibility"} <= set(exp.get("tools_required", [])):
                    bad(f"{where}: refund tools")
            elif rule in ("window", "not_delivered", "cancelled"):
                if a["eligible"] or a["escalate"] or a["ref"] != RULE_REF[rule] or exp["outcome"] != "resolved":
                    bad(f"{where}: {rule} but {a}")
                if "issue_refund" not in exp.get("tools_forbidden", []):
                    bad(f"{where}: issue_refund not forbidden")
            elif rule in ("prior_refund", "returned", "missing_dates", "inconsistent_dates"):
                if not a["escalate"] or a["ref"] != RULE_REF[rule] or exp.get("category") != "ambiguous_eligibility":
                    bad(f"{where}: {rule} but {a}")
            elif rule == "from_record":
                evs = [e for e in case.get("events", []) if e.get("order_id") == ref and e["tool"] == "issue_refund"]
                if not evs or "issue_refund" not in exp.get("tools_forbidden", []):
                    bad(f"{where}: from_record without an event on {ref}")
                latest = evs[-1]
                for s in inc:
                    if s != latest.get("confirmation_id"):
                        bad(f"{where}: {s!r} is not in the record")
        if rule == "not_found":
            w = t["expect"]["_written"]
            if resolve(w, own) is not None or w not in text:
                bad(f"{where}: {w} should not resolve for {tk['customer_id']}")
            if not any(o["order_id"] == w or resolve(w, [o]) for o in here.values()) and "other-customer" in tags:
                bad(f"{where}: other-customer case but no such order at all")
        if rule in ("kb",):
            art = t["expect"]["_article"]
            if art not in arts or cid not in rmap or rmap[cid]["article"] != art:
                bad(f"{where}: article/retrieval")
        if t["expect"].get("_article") and cid not in rmap:
            bad(f"{where}: missing retrieval line")
        if rule == "missing":
            if tk.get("order_id") or re.search(r"\b\d{5,}\b|HF\W?\d{4}", text, re.I):
                bad(f"{where}: missing-id ticket carries an id")
        if rule == "human_owned":
            agents = [e for e in case.get("thread", []) if e["role"] == "agent"]
            if not agents or agents[-1]["outcome"] != "escalated" or set(exp.get("tools_forbidden", [])) != TOOLS:
                bad(f"{where}: human_owned label")
        elif case.get("thread"):
            agents = [e for e in case["thread"] if e["role"] == "agent"]
            if agents and agents[-1]["outcome"] == "escalated":
                bad(f"{where}: thread escalated but label is not human_owned")
        if rule == "thanks" and (not case.get("thread") or exp["outcome"] != "resolved" or set(exp.get("tools_forbidden", [])) != TOOLS):
            bad(f"{where}: thanks label")
        for e in case.get("thread", []):
            if e["role"] not in ("customer", "agent") or not ISO.match(e["at"]) or ts(e["at"]) > now:
                bad(f"{where}: thread entry {e}")
        for e in case.get("events", []):
            if e.get("kind") != "approval" or e.get("status") not in ("pending", "approved", "executed", "failed", "rejected", "expired"):
                bad(f"{where}: event {e}")
            if e.get("order_id") and e["order_id"] not in here:
                bad(f"{where}: event order {e['order_id']}")
    if en and html_en * 3 < en:
        bad(f"html English tickets {html_en}/{en} < 1/3")
    if en and quoted_en * 5 < en:
        bad(f"quoted/forwarded English tickets {quoted_en}/{en} < 1/5")

    # determinism
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), tmp], check=True, stdout=subprocess.DEVNULL)
        for rel in ["world/customers.json", "world/orders.json", "world/kb.json", "world/world.json", "retrieval.jsonl"] + ["cases/" + f for f in files]:
            if not filecmp.cmp(os.path.join(ROOT, rel), os.path.join(tmp, rel), shallow=False):
                bad(f"regeneration differs: {rel}")
        if sorted(os.listdir(os.path.join(tmp, "cases"))) != files:
            bad("regeneration writes another set of cases")

    if "-v" in sys.argv:
        total = sum(sum(v.values()) for v in counts.values())
        for k in sorted(counts):
            print(f"{k:12s} {sum(counts[k].values()):4d}  {counts[k]}")
        print(f"total {total}; English {en}: html {html_en}, quoted/forwarded {quoted_en}")
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
