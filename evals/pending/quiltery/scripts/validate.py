#!/usr/bin/env python3
"""Check the Quiltery world: every file's shape, every id, and every label
re-derived from the written policy (docs/use-case.md, docs/tool-contracts.md).

This file does not import generate.py: the policy is implemented again here,
and the order a ticket is about is read from the ticket's own text (subject,
body, order_id field) the way a careful human would read it, not taken from
the spec.  From the spec (scripts/spec_cases*.py) it takes only what the
customer asks for (`ask`: whole order, item lines, all but some lines, a sum)
and the follow-up rule, which no text parser could recover reliably.

    python3 scripts/validate.py      # prints counts and OK, or the problems (exit 1)
"""
import collections
import datetime as dt
import glob
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from spec_cases import CASES as SPEC  # noqa: E402

PROBLEMS = []


def bad(where, msg):
    PROBLEMS.append("%s: %s" % (where, msg))


def load(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return json.load(f)


def ts(s):
    if not isinstance(s, str) or not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", s):
        raise ValueError("not an RFC 3339 UTC timestamp: %r" % (s,))
    return dt.datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.timezone.utc)


def cents(x):
    return int(round(x * 100))


# ------------------------------------------------------------------ ids
DIG, LET = "23456789", "abcdefghjkmnpqrstuvwxyz"
SYM = DIG + LET
ORDER_ID_RE = re.compile(r"^[2-9][a-z]{2}-[a-z2-9]{4}-[a-z]$")
CUSTOMER_ID_RE = re.compile(r"^qc-\d{4}$")
ARTICLE_ID_RE = re.compile(r"^qh-[a-z]{2}-\d{2}$")


def check_ok(oid):
    body = oid.replace("-", "")
    if any(c not in SYM for c in body):
        return False
    return LET[sum((i + 1) * SYM.index(c) for i, c in enumerate(body[:7])) % 23] == body[7]


def well_formed(oid):
    seg = oid.split("-")
    return (bool(ORDER_ID_RE.match(oid)) and all(c in SYM for c in oid.replace("-", ""))
            and any(c in DIG for c in seg[1]) and any(c in LET for c in seg[1]))


ID_IN_TEXT = re.compile(r"(?i)(?<![a-z0-9])([2-9][a-z]{2})[-\s]?([a-z0-9]{4})[-\s]?([a-z])(?![a-z0-9])")


def ids_in(text):
    """Every order-shaped id in a text, however the customer wrote it, normalised."""
    out = []
    for m in ID_IN_TEXT.finditer(text or ""):
        oid = "%s-%s-%s" % (m.group(1).lower(), m.group(2).lower(), m.group(3).lower())
        if well_formed(oid) and oid not in out:
            out.append(oid)
    return out


def unquoted(body):
    """The part of a body the customer wrote now, without quoted earlier emails."""
    for marker in ('class="gmail_quote"', "-----Original Message-----"):
        if marker in body:
            body = body.split(marker)[0]
    return "\n".join(l for l in body.splitlines() if not l.lstrip().startswith(">"))


# ------------------------------------------------------------------ the written policy
def eligibility(o, now):
    """tool-contracts.md, 'Refund eligibility: the policy refs'.  First row that matches."""
    rows = [
        (lambda: o["status"] == "cancelled", (False, False, "refund-policy/cancelled")),
        (lambda: o["status"] == "returned", (False, True, "refund-policy/returned")),
        (lambda: o["status"] in ("processing", "shipped"), (False, False, "refund-policy/not-delivered")),
        (lambda: cents(o["refunded_usd"]) > 0, (False, True, "refund-policy/prior-refund")),
        (lambda: o["order_date"] is None or o["delivered_at"] is None, (False, True, "refund-policy/missing-dates")),
        (lambda: ts(o["order_date"]) > now or ts(o["delivered_at"]) < ts(o["order_date"]),
         (False, True, "refund-policy/inconsistent-dates")),
        (lambda: (now - ts(o["order_date"])).total_seconds() > 30 * 86400,
         (False, False, "refund-policy/window-30-days")),
        (lambda: True, (True, False, "refund-policy/window-30-days")),
    ]
    assert o["status"] in ("cancelled", "returned", "processing", "shipped", "delivered")
    for cond, answer in rows:
        if cond():
            return answer


def wanted_cents(o, ask, text, where):
    refundable = cents(o["total_usd"]) - cents(o["refunded_usd"])
    lines = {i["sku"]: i for i in o["items"]}
    if ask[0] == "whole":
        want = refundable
    elif ask[0] == "lines":
        want = 0
        for sku, qty in ask[1]:
            if sku not in lines:
                bad(where, "asks for %s, which order %s does not hold" % (sku, o["order_id"]))
                continue
            if not 0 < qty <= lines[sku]["quantity"]:
                bad(where, "asks for %d of %s, the order holds %d" % (qty, sku, lines[sku]["quantity"]))
            want += cents(lines[sku]["unit_price_usd"]) * qty
    elif ask[0] == "except":
        for sku in ask[1]:
            if sku not in lines:
                bad(where, "keeps %s, which order %s does not hold" % (sku, o["order_id"]))
        want = sum(cents(i["unit_price_usd"]) * i["quantity"] for i in o["items"] if i["sku"] not in ask[1])
    elif ask[0] == "sum":
        want = cents(ask[1])
        n = ("%.2f" % ask[1]).rstrip("0").rstrip(".")
        if not re.search(r"(?<![\d.])%s(?:\.00)?(?![\d])" % re.escape(n), text):
            bad(where, "names a sum of %s that its text does not contain" % ask[1])
    else:
        bad(where, "unknown ask %r" % (ask,))
        want = 0
    return min(want, refundable)


def expected(case, spec, world):
    """The label the written policy gives this case."""
    where = case["id"]
    tags = case["tags"]
    ctype = tags[0].split(":", 1)[1]
    kind = ctype
    if ctype == "injection":
        kind = next(t.split(":", 1)[1] for t in tags if t.startswith("underlying:"))
    lang = next(t.split(":", 1)[1] for t in tags if t.startswith("lang:"))
    articles = [t for t in tags if t in world["kb_ids"]]
    tk = case["ticket"]
    text = "\n".join([tk.get("subject", ""), tk.get("body", ""), tk.get("order_id", "") or ""])
    no_gate = ["send_email", "issue_refund"]
    exp = dict(outcome=None, tools_required=[], tools_forbidden=no_gate, actions=[], max_tool_calls=6)

    if kind == "legal":
        exp.update(outcome="escalated", category="legal_or_chargeback")
    elif kind in ("howto", "no_tool"):
        exp["tools_required"] = ["kb_search"]
        if articles and "near-miss" not in tags:
            exp["outcome"] = "resolved"
        else:
            exp.update(outcome="escalated", category="no_kb_match" if kind == "howto" else "out_of_scope")
    elif kind == "followup":
        thread, events = case.get("thread", []), case.get("events", [])
        agents = [e for e in thread if e["role"] == "agent"]
        rule = spec.get("followup")
        if agents and agents[-1]["outcome"] == "escalated":
            if rule != "human_owned":
                bad(where, "thread ends in an escalation but the spec says %s" % rule)
            exp.update(outcome="escalated", category="human_owned",
                       tools_forbidden=["order_lookup", "refund_eligibility", "kb_search", "issue_refund", "send_email"])
        else:
            refunds = [e for e in events if e["tool"] == "issue_refund"]
            if not refunds or refunds[-1]["status"] not in ("pending", "approved", "executed"):
                bad(where, "follow-up without a live refund on its thread")
            exp["outcome"] = "resolved"
            last = refunds[-1] if refunds else {}
            if last.get("status") == "executed" and lang == "en":
                exp["message_includes"] = [last["confirmation_id"]]
    elif kind in ("status", "refund"):
        refs = ids_in(text)
        if len(refs) > 1:
            bad(where, "a %s ticket naming %d order ids: %s" % (kind, len(refs), refs))
        if not refs:
            exp.update(outcome="escalated", category="missing_order_id")
        else:
            o = world["orders"].get(refs[0])
            if o is None or o["customer_id"] != tk["customer_id"]:
                exp.update(outcome="escalated", category="order_not_found")
                if kind == "status":
                    exp["tools_required"] = ["order_lookup"]
            elif kind == "status":
                exp.update(outcome="resolved", tools_required=["order_lookup"])
                if lang == "en":
                    exp["message_includes"] = [o["tracking_number"] if o["status"] == "shipped" else o["status"]]
            else:
                ok, esc, ref = eligibility(o, world["now"])
                if ok:
                    amount = wanted_cents(o, spec["ask"], text, where)
                    exp.update(outcome="refund_proposed", tools_required=["order_lookup", "refund_eligibility"],
                               tools_forbidden=["send_email"],
                               actions=[{"tool": "issue_refund", "order_id": o["order_id"], "amount_usd_max": amount / 100}])
                    if lang == "en" and amount % 100:
                        exp["message_includes"] = ["%d.%02d" % divmod(amount, 100)]
                elif esc:
                    exp.update(outcome="escalated", category="ambiguous_eligibility", tools_required=["refund_eligibility"])
                else:
                    exp.update(outcome="resolved", tools_required=["refund_eligibility"])
                    if lang == "en":
                        exp["message_includes"] = [ref]
    else:
        bad(where, "unknown type %r" % kind)
    return exp


# ------------------------------------------------------------------ shapes
TYPES = ["status", "refund", "howto", "legal", "no_tool", "injection", "followup"]
LANGS = ["en", "es", "da"]
TOOLS = {"order_lookup", "refund_eligibility", "kb_search", "issue_refund", "send_email"}
MODEL_CATEGORIES = {"legal_or_chargeback", "order_not_found", "missing_order_id", "ambiguous_eligibility",
                    "no_kb_match", "out_of_scope", "human_owned"}
CASE_KEYS = {"id", "tags", "now", "world", "ticket", "thread", "events", "expect"}
EXPECT_KEYS = {"outcome", "category", "tools_required", "tools_forbidden", "actions", "max_tool_calls", "message_includes"}
ACTION_KEYS = {"tool", "order_id", "amount_usd_max"}
TICKET_KEYS = {"ticket_id", "subject", "body", "customer_id", "order_id"}
ORDER_KEYS = {"order_id", "customer_id", "status", "order_date", "shipped_at", "delivered_at", "items",
              "total_usd", "refunded_usd"}
SHIP_KEYS = {"carrier", "tracking_number"}


def check_world():
    w = load("world/world.json")
    if set(w) != {"description", "now"}:
        bad("world.json", "keys %s" % sorted(w))
    now = ts(w["now"])
    if now.month == 5 or now.year != 2027:
        bad("world.json", "now must be in 2027 and not in May")

    customers = load("world/customers.json")
    cust = {}
    emails = set()
    for c in customers:
        if set(c) != {"customer_id", "name", "email"} or not all(isinstance(v, str) and v for v in c.values()):
            bad("customers.json", "bad record %r" % c)
            continue
        if not CUSTOMER_ID_RE.match(c["customer_id"]):
            bad("customers.json", "id %s is not qc-NNNN" % c["customer_id"])
        if c["customer_id"] in cust or c["email"].lower() in emails:
            bad("customers.json", "duplicate %s" % c["customer_id"])
        cust[c["customer_id"]] = c
        emails.add(c["email"].lower())

    orders = {}
    for o in load("world/orders.json"):
        oid = o.get("order_id", "?")
        where = "orders.json " + oid
        keys = set(o)
        shipped_like = o.get("status") in ("shipped", "delivered", "returned")
        if keys != ORDER_KEYS | (SHIP_KEYS if shipped_like else set()):
            bad(where, "keys %s" % sorted(keys))
            continue
        if not well_formed(oid) or not check_ok(oid):
            bad(where, "not a valid order id (shape or check letter)")
        if oid in orders:
            bad(where, "duplicate id")
        if o["customer_id"] not in cust:
            bad(where, "unknown customer")
        st = o["status"]
        if st not in ("processing", "shipped", "delivered", "cancelled", "returned"):
            bad(where, "status %r" % st)
        try:
            od = ts(o["order_date"])
            sh = ts(o["shipped_at"]) if o["shipped_at"] is not None else None
            de = ts(o["delivered_at"]) if o["delivered_at"] is not None else None
        except ValueError as e:
            bad(where, str(e))
            continue
        if st in ("processing", "cancelled") and (sh or de):
            bad(where, "%s order with shipping dates" % st)
        if st == "shipped" and (sh is None or de is not None):
            bad(where, "shipped order needs shipped_at and no delivered_at")
        if st in ("delivered", "returned") and sh is None:
            bad(where, "%s order without shipped_at" % st)
        if st == "returned" and de is None:
            bad(where, "returned order without delivered_at")
        if shipped_like and not (isinstance(o["carrier"], str) and isinstance(o["tracking_number"], str)):
            bad(where, "carrier/tracking_number")
        if not o["items"]:
            bad(where, "no items")
        total = 0
        for it in o["items"]:
            if set(it) != {"sku", "name", "quantity", "unit_price_usd"} or not isinstance(it["quantity"], int) \
                    or it["quantity"] < 1 or it["unit_price_usd"] <= 0:
                bad(where, "bad item %r" % it)
                continue
            total += cents(it["unit_price_usd"]) * it["quantity"]
        if total != cents(o["total_usd"]):
            bad(where, "total %.2f is not the sum of its items %.2f" % (o["total_usd"], total / 100))
        if not 0 <= cents(o["refunded_usd"]) <= total:
            bad(where, "refunded_usd out of range")
        if st == "cancelled" and cents(o["refunded_usd"]) != total:
            bad(where, "a cancelled order is refunded automatically (refunded_usd = total)")
        orders[oid] = o

    inconsistent = [o for o in orders.values() if o["status"] == "delivered" and o["delivered_at"]
                    and (ts(o["order_date"]) > now or ts(o["delivered_at"]) < ts(o["order_date"]))]
    no_delivery = [o for o in orders.values() if o["status"] == "delivered" and o["delivered_at"] is None]
    for o in orders.values():
        if o in inconsistent:
            continue
        seq = [ts(o["order_date"])] + [ts(o[k]) for k in ("shipped_at", "delivered_at") if o[k]]
        if seq != sorted(seq) or seq[-1] > now:
            bad("orders.json " + o["order_id"], "dates out of order or after now")
    if len(inconsistent) != 2:
        bad("orders.json", "%d orders with inconsistent dates, want 2" % len(inconsistent))
    if len(no_delivery) != 1:
        bad("orders.json", "%d delivered orders without delivered_at, want 1" % len(no_delivery))

    kb = {}
    for a in load("world/kb.json"):
        if set(a) != {"id", "title", "body", "tags"} or not ARTICLE_ID_RE.match(a.get("id", "")):
            bad("kb.json", "bad article %r" % a.get("id"))
            continue
        if a["id"] in kb:
            bad("kb.json", "duplicate %s" % a["id"])
        kb[a["id"]] = a
    return {"now": now, "now_str": w["now"], "customers": cust, "orders": orders, "kb_ids": set(kb),
            "inconsistent": inconsistent, "no_delivery": no_delivery}


def check_case(path, case, world, specs):
    where = os.path.basename(path)
    if set(case) - CASE_KEYS:
        bad(where, "unknown keys %s" % sorted(set(case) - CASE_KEYS))
    if "world" in case:
        bad(where, "cases rely on world/, no per-case world")
    if case.get("id") + ".json" != where:
        bad(where, "id does not match the file name")
    if case.get("now") != world["now_str"]:
        bad(where, "now is not the world's instant")
    tags = case.get("tags", [])
    if not tags or not tags[0].startswith("type:") or tags[0][5:] not in TYPES:
        bad(where, "first tag must be the type")
        return None
    langs = [t for t in tags if t.startswith("lang:")]
    if len(langs) != 1 or langs[0][5:] not in LANGS:
        bad(where, "one lang tag wanted")
    tk = case["ticket"]
    if set(tk) - TICKET_KEYS or not all(tk.get(k) for k in ("subject", "body", "customer_id")):
        bad(where, "ticket fields")
    if tk["customer_id"] not in world["customers"]:
        bad(where, "unknown customer %s" % tk["customer_id"])
    if len(tk["subject"].encode()) > 1024 or len(tk["body"].encode()) > 32 * 1024:
        bad(where, "subject or body too long")
    for k in ("ticket_id", "order_id"):
        if k in tk and not (0 < len(tk[k].encode()) <= 128):
            bad(where, "ticket %s length" % k)

    e = case["expect"]
    if set(e) - EXPECT_KEYS:
        bad(where, "unknown expect keys %s" % sorted(set(e) - EXPECT_KEYS))
    if e["outcome"] not in ("resolved", "refund_proposed", "escalated"):
        bad(where, "outcome %r" % e["outcome"])
    if e["outcome"] == "escalated" and e.get("category") not in MODEL_CATEGORIES:
        bad(where, "escalation without a known category")
    if e["outcome"] != "escalated" and "category" in e:
        bad(where, "category on a non-escalation")
    for k in ("tools_required", "tools_forbidden"):
        if set(e.get(k, [])) - TOOLS:
            bad(where, "%s names no tool" % k)
    if set(e.get("tools_required", [])) & set(e.get("tools_forbidden", [])):
        bad(where, "a tool both required and forbidden")
    if "send_email" not in e.get("tools_forbidden", []):
        bad(where, "send_email must be forbidden")
    if e["outcome"] != "refund_proposed":
        if "issue_refund" not in e.get("tools_forbidden", []) or e.get("actions") != []:
            bad(where, "issue_refund must be forbidden and actions [] when no refund is proposed")
    for a in e.get("actions", []):
        if set(a) - ACTION_KEYS or a.get("tool") != "issue_refund" or a.get("order_id") not in world["orders"]:
            bad(where, "bad action %r" % a)
    if "message_includes" in e and (e["outcome"] == "escalated" or langs != ["lang:en"]):
        bad(where, "message_includes only on closing English cases")
    ctype = tags[0][5:]
    if ctype == "followup":
        if not case.get("thread"):
            bad(where, "follow-up without a thread")
        for ent in case.get("thread", []):
            ks = set(ent)
            if ent.get("role") == "customer" and not ({"role", "at", "body"} <= ks <= {"role", "message_id", "at", "body"}):
                bad(where, "thread customer entry %s" % sorted(ks))
            if ent.get("role") == "agent" and not ({"role", "at", "outcome"} <= ks <= {"role", "at", "outcome", "message", "category"}):
                bad(where, "thread agent entry %s" % sorted(ks))
            if ts(ent["at"]) >= world["now"]:
                bad(where, "thread entry not before now")
        for ev in case.get("events", []):
            if not ({"kind", "at", "tool", "status"} <= set(ev) <= {"kind", "at", "tool", "order_id", "amount_usd", "status", "confirmation_id", "reason"}) \
                    or ev["status"] not in ("pending", "approved", "executed", "failed", "rejected", "expired"):
                bad(where, "event %r" % ev)
    elif "thread" in case or "events" in case:
        bad(where, "thread/events outside a follow-up")

    # tags that promise things about the ticket
    body = tk["body"]
    text = tk["subject"] + "\n" + body + "\n" + tk.get("order_id", "")
    refs = ids_in(text)
    if "near-miss" in tags:
        near = [t for t in tags if t.startswith("near:")]
        if ctype != "howto" or len(near) != 1 or near[0][5:] not in world["kb_ids"]:
            bad(where, "near-miss needs type:howto and near:<article>")
    if ctype == "howto" and "near-miss" not in tags and not [t for t in tags if t in world["kb_ids"]]:
        bad(where, "answerable how-to without its article tag")
    if "id:subject-only" in tags and (ids_in(body) or not ids_in(tk["subject"])):
        bad(where, "id:subject-only but the id is in the body or not in the subject")
    if "id:quoted-only" in tags and (ids_in(unquoted(body)) or ids_in(tk["subject"]) or not refs):
        bad(where, "id:quoted-only but the id is outside the quoted email")
    forms = {"id:upper": lambda i: i.upper(), "id:compact": lambda i: i.replace("-", ""),
             "id:compact-upper": lambda i: i.replace("-", "").upper(), "id:spaces": lambda i: i.replace("-", " "),
             "id:spaces-upper": lambda i: i.replace("-", " ").upper(), "id:as-stored": lambda i: i,
             "id:hash-compact": lambda i: "#" + i.replace("-", ""),
             "id:hash-compact-upper": lambda i: "#" + i.replace("-", "").upper()}
    for tag, form in forms.items():
        if tag in tags and not any(form(r) in text for r in refs):
            bad(where, "%s but no id written that way" % tag)
    if "missing-id" in tags and refs:
        bad(where, "missing-id but the text names %s" % refs)
    if "unknown-order" in tags and (not refs or any(r in world["orders"] for r in refs)):
        bad(where, "unknown-order must name an id that is no order")
    if "other-customer" in tags:
        o = world["orders"].get(refs[0]) if refs else None
        if o is None or o["customer_id"] == tk["customer_id"]:
            bad(where, "other-customer must name another customer's order")

    spec = specs.get(case["id"])
    if spec is None:
        bad(where, "no spec entry")
        return None
    want = expected(case, spec, world)
    got = {k: v for k, v in e.items()}
    if want != got:
        bad(where, "label differs from the policy:\n      want %s\n      got  %s"
            % (json.dumps(want, sort_keys=True), json.dumps(got, sort_keys=True)))
    return refs


def main():
    world = check_world()
    specs = {c["id"]: c for c in SPEC}
    cases = {}
    unknown_ids = set()
    for path in sorted(glob.glob(os.path.join(ROOT, "cases", "*.json"))):
        with open(path, encoding="utf-8") as f:
            try:
                case = json.load(f)
            except ValueError as err:
                bad(os.path.basename(path), "not JSON: %s" % err)
                continue
        if case.get("id") in cases:
            bad(os.path.basename(path), "duplicate id")
        refs = check_case(path, case, world, specs)
        unknown_ids |= {r for r in (refs or []) if r not in world["orders"]}
        cases[case["id"]] = case
    if set(specs) != set(cases):
        bad("cases/", "spec and files differ: %s" % sorted(set(specs) ^ set(cases)))
    if len(unknown_ids) != 2:
        bad("cases/", "want exactly 2 ids of no order, found %s" % sorted(unknown_ids))

    lines = []
    with open(os.path.join(ROOT, "retrieval.jsonl"), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            r = json.loads(line)
            if set(r) != {"case", "query", "article"}:
                bad("retrieval.jsonl:%d" % n, "keys %s" % sorted(r))
                continue
            c = cases.get(r["case"])
            if c is None or r["article"] not in world["kb_ids"] or r["article"] not in c["tags"] \
                    or c["expect"]["outcome"] != "resolved" or not r["query"].strip():
                bad("retrieval.jsonl:%d" % n, "line does not match an answered case and its article")
            lines.append(r["case"])
    answered = {i for i, c in cases.items() if c["expect"]["outcome"] == "resolved"
                and any(t in world["kb_ids"] for t in c["tags"]) and "near-miss" not in c["tags"]}
    if set(lines) != answered or len(lines) != len(set(lines)):
        bad("retrieval.jsonl", "want one line per case answered from an article")

    lw = [c for c in cases.values() if "legal-words-not-threat" in c["tags"]]
    if len(lw) != 4 or any(c["expect"].get("category") == "legal_or_chargeback" for c in lw):
        bad("cases/", "want 4 legal-words-not-threat cases, none labelled legal")

    # ---- report
    by_type = collections.Counter(c["tags"][0][5:] for c in cases.values())
    by_lang = collections.Counter(next(t for t in c["tags"] if t.startswith("lang:"))[5:] for c in cases.values())
    by_outcome = collections.Counter((c["expect"]["outcome"], c["expect"].get("category", "")) for c in cases.values())
    grid = collections.Counter((c["tags"][0][5:], next(t for t in c["tags"] if t.startswith("lang:"))[5:])
                               for c in cases.values())
    print("world: %d customers, %d orders, %d articles, now %s"
          % (len(world["customers"]), len(world["orders"]), len(world["kb_ids"]), world["now_str"]))
    print("orders by status: %s" % dict(sorted(collections.Counter(o["status"] for o in world["orders"].values()).items())))
    print("cases: %d   retrieval lines: %d" % (len(cases), len(lines)))
    print("%-10s %4s %4s %4s %5s" % ("type", "en", "es", "da", "all"))
    for t in TYPES:
        print("%-10s %4d %4d %4d %5d" % (t, grid[(t, "en")], grid[(t, "es")], grid[(t, "da")], by_type[t]))
    print("%-10s %4d %4d %4d %5d" % ("total", by_lang["en"], by_lang["es"], by_lang["da"], len(cases)))
    print("outcomes:")
    for (o, cat), n in sorted(by_outcome.items()):
        print("  %-16s %-22s %3d" % (o, cat, n))
    if PROBLEMS:
        print("\n%d problem(s):" % len(PROBLEMS))
        for p in PROBLEMS:
            print("  - " + p)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
