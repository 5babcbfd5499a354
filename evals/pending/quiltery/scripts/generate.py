#!/usr/bin/env python3
"""Build the Quiltery world, its cases and retrieval.jsonl from the spec files.

Deterministic: every random choice comes from random.Random(SEED) in a fixed
order, so a rerun writes byte-identical files.  Run from anywhere:

    python3 scripts/generate.py
"""
import datetime as dt
import json
import os
import random
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import mailfmt  # noqa: E402
from spec_world import NOW, SEED, WORLD_DESCRIPTION, CUSTOMERS, CATALOGUE, ORDERS, UNKNOWN_IDS  # noqa: E402
from spec_kb import KB  # noqa: E402
from spec_cases import CASES  # noqa: E402

# ---------------------------------------------------------------- ids
DIGITS = "23456789"
LETTERS = "abcdefghjkmnpqrstuvwxyz"          # no i, l, o
ALNUM = DIGITS + LETTERS                      # 31 symbols, value = index


def check_letter(body):
    """body: the 7 characters of the first two segments, no dashes."""
    return LETTERS[sum((i + 1) * ALNUM.index(c) for i, c in enumerate(body)) % len(LETTERS)]


def new_order_id(rng):
    while True:
        seg1 = rng.choice(DIGITS) + rng.choice(LETTERS) + rng.choice(LETTERS)
        seg2 = "".join(rng.choice(ALNUM) for _ in range(4))
        if any(c in DIGITS for c in seg2) and any(c in LETTERS for c in seg2):
            return "%s-%s-%s" % (seg1, seg2, check_letter(seg1 + seg2))


# ---------------------------------------------------------------- time
def parse(ts):
    return dt.datetime.strptime(ts, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.timezone.utc)


def fmt(t):
    return t.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


NOW_T = parse(NOW)


def minute(t):
    return t.replace(second=0, microsecond=0)


# ---------------------------------------------------------------- tracking numbers
def s10_check(digits8):
    w = [8, 6, 4, 2, 3, 5, 9, 7]
    c = 11 - sum(int(d) * x for d, x in zip(digits8, w)) % 11
    return {10: 0, 11: 5}.get(c, c)


UPPER = "ABCDEFGHJKLMNPRSTUVWXYZ"


def tracking(rng, carrier):
    if carrier == "Royal Mail":
        d = "".join(rng.choice("0123456789") for _ in range(8))
        return rng.choice(["TT", "RN", "JD", "TM"]) + d + str(s10_check(d)) + "GB"
    if carrier == "DPD":
        return "155" + "".join(rng.choice("0123456789") for _ in range(11))
    if carrier == "Evri":
        return ("H" + "".join(rng.choice("0123456789") for _ in range(2))
                + "".join(rng.choice(UPPER) for _ in range(3))
                + "".join(rng.choice("0123456789") for _ in range(10)))
    if carrier == "Parcelforce":
        return ("PB" + "".join(rng.choice(UPPER) for _ in range(2))
                + "".join(rng.choice("0123456789") for _ in range(7)) + "001")
    raise ValueError(carrier)


# ---------------------------------------------------------------- world
def build_world(rng):
    used = set()
    cust_ids = {}
    customers = []
    for key, name, email in CUSTOMERS:
        while True:
            cid = "qc-%04d" % rng.randint(1000, 9999)
            if cid not in used:
                used.add(cid)
                break
        cust_ids[key] = cid
        customers.append({"customer_id": cid, "name": name, "email": email})

    order_ids, orders, by_key = {}, [], {}
    for spec in ORDERS:
        while True:
            oid = new_order_id(rng)
            if oid not in used:
                used.add(oid)
                break
        order_ids[spec["key"]] = oid
        status = spec["status"]
        if "dates" in spec:
            o_off, s_off, d_off = spec["dates"]
            odate = NOW_T + dt.timedelta(days=o_off)
            shipped = NOW_T + dt.timedelta(days=s_off)
            delivered = NOW_T + dt.timedelta(days=d_off)
        else:
            age = spec["age"]
            jitter = 0.0 if spec.get("exact") else rng.uniform(0.0, min(0.2 * age, 0.25))
            odate = NOW_T - dt.timedelta(days=age + jitter)
            if not spec.get("exact"):
                odate = minute(odate)
            shipped = delivered = None
            if status in ("shipped", "delivered", "returned"):
                shipped = minute(odate + dt.timedelta(days=min(rng.uniform(0.6, 1.6), age * 0.7)))
                if status != "shipped":
                    delivered = minute(min(shipped + dt.timedelta(days=rng.uniform(1.0, 3.0)),
                                           NOW_T - dt.timedelta(hours=7)))
            if spec.get("no_delivered"):
                delivered = None
        items, total = [], 0
        for sku, qty in spec["items"]:
            name, cents = CATALOGUE[sku]
            items.append({"sku": sku, "name": name, "quantity": qty, "unit_price_usd": cents / 100})
            total += cents * qty
        refunded = spec.get("refunded", 0)
        if status == "cancelled":
            refunded = total
        elif refunded == "total":
            refunded = total
        rec = {"order_id": oid, "customer_id": cust_ids[spec["cust"]], "status": status,
               "order_date": fmt(odate),
               "shipped_at": fmt(shipped) if shipped else None,
               "delivered_at": fmt(delivered) if delivered else None}
        if status in ("shipped", "delivered", "returned"):
            rec["carrier"] = spec["carrier"]
            rec["tracking_number"] = tracking(rng, spec["carrier"])
        rec["items"] = items
        rec["total_usd"] = total / 100
        rec["refunded_usd"] = refunded / 100
        orders.append(rec)
        by_key[spec["key"]] = rec

    unknown = {}
    for key in UNKNOWN_IDS:
        while True:
            oid = new_order_id(rng)
            if oid not in used:
                break
        if key == "u2":   # a wrong check letter: an id no order can have
            body = oid.replace("-", "")[:7]
            good = check_letter(body)
            bad = LETTERS[(LETTERS.index(good) + 5) % len(LETTERS)]
            oid = oid[:-1] + bad
        used.add(oid)
        unknown[key] = oid

    kb = [{"id": a["id"], "title": a["title"], "body": a["body"], "tags": a["tags"]} for a in KB]
    world = {"description": WORLD_DESCRIPTION, "now": NOW}
    return customers, orders, kb, world, cust_ids, order_ids, by_key, unknown


# ---------------------------------------------------------------- templates
def id_form(oid, mod):
    mod = mod or ""
    s = oid
    if "C" in mod:
        s = s.replace("-", "")
    if "S" in mod:
        s = s.replace("-", " ")
    if "U" in mod:
        s = s.upper()
    return s


WHEN_FORMATS = {
    "gmail": "%a, %d %b %Y at %H:%M",
    "outlook": "%A, %d %B %Y %H:%M",
    "short": "%d %b %Y, at %H:%M",
    "mail": "%a, %d %b %Y %H:%M:%S +0000",
}


class Ctx:
    def __init__(self, cust_ids, order_ids, by_key, unknown, customers):
        self.cust_ids, self.order_ids, self.by_key, self.unknown = cust_ids, order_ids, by_key, unknown
        self.cust = {k: c for (k, _, _), c in zip(CUSTOMERS, customers)}

    def sub(self, text):
        def one(m):
            kind, key, arg = m.group(1), m.group(2), m.group(3)
            if kind == "o":
                return id_form(self.order_ids[key], arg)
            if kind == "u":
                return id_form(self.unknown[key], arg)
            if kind == "name":
                return self.cust[key]["name"]
            if kind == "first":
                return self.cust[key]["name"].split()[0]
            if kind == "email":
                return self.cust[key]["email"]
            if kind == "cid":
                return self.cust_ids[key]
            if kind == "track":
                return self.by_key[key]["tracking_number"]
            if kind == "carrier":
                return self.by_key[key]["carrier"]
            if kind == "total":
                return "$%.2f" % self.by_key[key]["total_usd"]
            if kind == "when":
                hours, form = arg.split(":")
                t = parse(self.by_key[key]["order_date"]) + dt.timedelta(hours=float(hours))
                assert t < NOW_T, (key, arg)
                return t.strftime(WHEN_FORMATS[form])
            raise KeyError(m.group(0))
        return re.sub(r"\[\[(\w+):([\w.]+)(?::([^\]]+))?\]\]", one, text)

    def deep(self, x):
        if isinstance(x, str):
            return self.sub(x)
        if isinstance(x, tuple):
            return tuple(self.deep(v) for v in x)
        if isinstance(x, list):
            return [self.deep(v) for v in x]
        if isinstance(x, dict):
            return {k: self.deep(v) for k, v in x.items()}
        return x


# ---------------------------------------------------------------- labels (the written policy)
DAY30 = dt.timedelta(days=30)


def assess(o):
    """docs/tool-contracts.md, 'Refund eligibility: the policy refs': first matching row."""
    st = o["status"]
    if st == "cancelled":
        return False, False, "refund-policy/cancelled"
    if st == "returned":
        return False, True, "refund-policy/returned"
    if st in ("processing", "shipped"):
        return False, False, "refund-policy/not-delivered"
    if round(o["refunded_usd"] * 100) > 0:
        return False, True, "refund-policy/prior-refund"
    if not o.get("order_date") or not o.get("delivered_at"):
        return False, True, "refund-policy/missing-dates"
    od, dd = parse(o["order_date"]), parse(o["delivered_at"])
    if od > NOW_T or dd < od:
        return False, True, "refund-policy/inconsistent-dates"
    if NOW_T - od > DAY30:
        return False, False, "refund-policy/window-30-days"
    return True, False, "refund-policy/window-30-days"


def asked_cents(o, ask):
    kind = ask[0]
    refundable = round(o["total_usd"] * 100) - round(o["refunded_usd"] * 100)
    if kind == "whole":
        want = refundable
    elif kind == "lines":
        want = 0
        for sku, qty in ask[1]:
            line = next(i for i in o["items"] if i["sku"] == sku)
            assert qty <= line["quantity"]
            want += round(line["unit_price_usd"] * 100) * qty
    elif kind == "except":
        want = sum(round(i["unit_price_usd"] * 100) * i["quantity"] for i in o["items"] if i["sku"] not in ask[1])
    elif kind == "sum":
        want = round(ask[1] * 100)
    else:
        raise ValueError(ask)
    return min(want, refundable)


ALL_TOOLS = ["order_lookup", "refund_eligibility", "kb_search", "issue_refund", "send_email"]
STATUS_FACT = {"processing": "processing", "delivered": "delivered", "cancelled": "cancelled", "returned": "returned"}


def derive(c, ctx, confirmation=None):
    """Expected outcome of case spec c, from use-case.md and tool-contracts.md only."""
    kind = c["type"] if c["type"] != "injection" else c["underlying"]
    en = c["lang"] == "en"
    e = {"outcome": None, "tools_required": [], "tools_forbidden": ["send_email", "issue_refund"],
         "actions": [], "max_tool_calls": 6}
    order = ctx.by_key.get(c.get("order")) if c.get("order") else None
    if kind == "legal":
        e.update(outcome="escalated", category="legal_or_chargeback")
    elif kind == "howto":
        e["tools_required"] = ["kb_search"]
        if c.get("article"):
            e["outcome"] = "resolved"
        else:
            e.update(outcome="escalated", category="no_kb_match")
    elif kind == "no_tool":
        e["tools_required"] = ["kb_search"]
        if c.get("article"):
            e["outcome"] = "resolved"
        else:
            e.update(outcome="escalated", category="out_of_scope")
    elif kind == "followup":
        rule = c["followup"]
        if rule == "human_owned":
            e.update(outcome="escalated", category="human_owned", tools_forbidden=list(ALL_TOOLS))
        else:
            e["outcome"] = "resolved"
            if rule == "executed_news" and en:
                e["message_includes"] = [confirmation]
    elif kind in ("status", "refund"):
        if c.get("unknown") or c.get("other_customer"):
            e.update(outcome="escalated", category="order_not_found")
            if kind == "status":
                e["tools_required"] = ["order_lookup"]
        elif order is None:
            e.update(outcome="escalated", category="missing_order_id")
        elif kind == "status":
            e.update(outcome="resolved", tools_required=["order_lookup"])
            if en:
                fact = order["tracking_number"] if order["status"] == "shipped" else STATUS_FACT[order["status"]]
                e["message_includes"] = [fact]
        else:
            eligible, escalate, ref = assess(order)
            if eligible:
                cents = asked_cents(order, c["ask"])
                e.update(outcome="refund_proposed", tools_required=["order_lookup", "refund_eligibility"],
                         tools_forbidden=["send_email"],
                         actions=[{"tool": "issue_refund", "order_id": order["order_id"],
                                   "amount_usd_max": cents / 100}])
                if en and cents % 100:
                    e["message_includes"] = ["%.2f" % (cents / 100)]
            elif escalate:
                e.update(outcome="escalated", category="ambiguous_eligibility",
                         tools_required=["refund_eligibility"])
            else:
                e.update(outcome="resolved", tools_required=["refund_eligibility"])
                if en:
                    e["message_includes"] = [ref]
    else:
        raise ValueError(kind)
    ordered = {"outcome": e["outcome"]}
    if "category" in e:
        ordered["category"] = e["category"]
    for k in ("tools_required", "tools_forbidden", "actions", "max_tool_calls", "message_includes"):
        if k in e:
            ordered[k] = e[k]
    return ordered


# ---------------------------------------------------------------- cases
def hours(h):
    return fmt(NOW_T + dt.timedelta(hours=h))


def build_case(c, ctx):
    tags = ["type:%s" % c["type"], "lang:%s" % c["lang"]]
    if c["type"] == "injection":
        tags.append("underlying:%s" % c["underlying"])
    if c.get("article"):
        tags.append(c["article"])
    if c.get("near_miss"):
        tags += ["near-miss", "near:%s" % c["near_miss"]]
    if c.get("legal_words"):
        tags.append("legal-words-not-threat")
    tags += c.get("tags", [])
    ticket = {"subject": ctx.sub(c["subject"]),
              "body": mailfmt.render(ctx.deep(c["body"])),
              "customer_id": ctx.cust_ids[c["cust"]]}
    if c.get("order_field"):
        key, _, mod = c["order_field"].partition(":")
        ticket["order_id"] = id_form(ctx.order_ids[key], mod)
    case = {"id": c["id"], "tags": tags, "now": NOW, "ticket": ticket}
    confirmation = None
    if c["type"] == "followup":
        thread = []
        for ent in c["thread"]:
            ent = ctx.deep(ent)
            out = {"role": ent["role"]}
            if ent.get("message_id"):
                out["message_id"] = ent["message_id"]
            out["at"] = hours(ent["at"])
            for k in ("body", "outcome", "message", "category"):
                if k in ent:
                    out[k] = ent[k]
            thread.append(out)
        events = []
        for ev in c["events"]:
            o = ctx.by_key[ev["order"]]
            amount = o["total_usd"] if ev["amount"] == "total" else ev["amount"]
            out = {"kind": ev["kind"], "at": hours(ev["at"]), "tool": ev["tool"], "order_id": o["order_id"],
                   "amount_usd": amount, "status": ev["status"]}
            if ev.get("confirmation_id"):
                out["confirmation_id"] = confirmation = ev["confirmation_id"]
            events.append(out)
        case["thread"] = thread
        case["events"] = events
    case["expect"] = derive(c, ctx, confirmation)
    return case


def main():
    rng = random.Random(SEED)
    customers, orders, kb, world, cust_ids, order_ids, by_key, unknown = build_world(rng)
    ctx = Ctx(cust_ids, order_ids, by_key, unknown, customers)

    os.makedirs(os.path.join(ROOT, "world"), exist_ok=True)
    for name, data in (("customers", customers), ("orders", orders), ("kb", kb), ("world", world)):
        with open(os.path.join(ROOT, "world", name + ".json"), "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False, indent=2)
            f.write("\n")

    cases_dir = os.path.join(ROOT, "cases")
    if os.path.isdir(cases_dir):
        shutil.rmtree(cases_dir)
    os.makedirs(cases_dir)
    seen = set()
    retrieval = []
    for c in CASES:
        assert c["id"] not in seen, c["id"]
        seen.add(c["id"])
        case = build_case(c, ctx)
        with open(os.path.join(cases_dir, c["id"] + ".json"), "w", encoding="utf-8") as f:
            json.dump(case, f, ensure_ascii=False, indent=2)
            f.write("\n")
        if c.get("article") and case["expect"]["outcome"] == "resolved":
            retrieval.append({"case": c["id"], "query": c["query"], "article": c["article"]})
    with open(os.path.join(ROOT, "retrieval.jsonl"), "w", encoding="utf-8") as f:
        for r in retrieval:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("wrote %d customers, %d orders, %d articles, %d cases, %d retrieval lines"
          % (len(customers), len(orders), len(kb), len(CASES), len(retrieval)))


if __name__ == "__main__":
    main()
