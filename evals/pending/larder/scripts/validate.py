#!/usr/bin/env python3
"""Validate the Larder & Vine evaluation world.

    python3 scripts/validate.py

Checks the shape of every file and every id, that generate.py reproduces the folder byte for
byte, and re-derives every case's label from the written policy (use-case.md's request table
and escalation categories, tool-contracts.md's eligibility table and shortened-id rule) applied
to world/ at `now`. The policy is implemented here on its own; the only thing read from the specs
is what each customer asks for (spec_cases.py: intent, the order id as written, the article).
Prints OK, or lists every problem and exits 1. Python 3.11 standard library only.
"""
import sys
sys.dont_write_bytecode = True
import datetime as dt
import filecmp
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import spec_cases  # noqa: E402  (intents only)

PROBLEMS = []


def bad(msg):
    PROBLEMS.append(msg)


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def parse_ts(s, where):
    if not isinstance(s, str) or not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", s):
        bad(f"{where}: not an RFC 3339 UTC timestamp: {s!r}")
        return None
    return dt.datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.timezone.utc)


def cents(x):
    return int(round(x * 100))


# =========================================================================== world
world_dir = os.path.join(ROOT, "world")
customers = load(os.path.join(world_dir, "customers.json"))
orders = load(os.path.join(world_dir, "orders.json"))
kb = load(os.path.join(world_dir, "kb.json"))
world = load(os.path.join(world_dir, "world.json"))

if list(world) != ["description", "now"] or not all(isinstance(v, str) for v in world.values()):
    bad("world.json: keys must be description, now (strings)")
NOW = parse_ts(world.get("now"), "world.json now")

CUST = {}
if not 30 <= len(customers) <= 40:
    bad(f"customers.json: {len(customers)} customers, want 30-40")
for c in customers:
    if list(c) != ["customer_id", "name", "email"] or not all(isinstance(v, str) and v for v in c.values()):
        bad(f"customer {c}: keys must be customer_id, name, email (non-empty strings)")
        continue
    if not re.fullmatch(r"LVM-3\d{4}", c["customer_id"]):
        bad(f"customer id shape: {c['customer_id']}")
    if c["customer_id"] in CUST:
        bad(f"duplicate customer id {c['customer_id']}")
    if "@" not in c["email"]:
        bad(f"customer {c['customer_id']}: email {c['email']}")
    CUST[c["customer_id"]] = c
if len({c["email"].lower() for c in customers}) != len(customers):
    bad("customer emails are not unique")

BASE_KEYS = ["order_id", "customer_id", "status", "order_date", "shipped_at", "delivered_at"]
TAIL_KEYS = ["items", "total_usd", "refunded_usd"]
SHAPE = {  # status -> (keys, shipped_at kind, delivered_at kind); kinds: str, none, str|none
    "processing": (BASE_KEYS + TAIL_KEYS, "none", "none"),
    "cancelled": (BASE_KEYS + TAIL_KEYS, "none", "none"),
    "shipped": (BASE_KEYS + ["carrier", "tracking_number"] + TAIL_KEYS, "str", "none"),
    "delivered": (BASE_KEYS + ["carrier", "tracking_number"] + TAIL_KEYS, "str", "str|none"),
    "returned": (BASE_KEYS + ["carrier", "tracking_number"] + TAIL_KEYS, "str", "str"),
}
TRACK = {"FedEx": r"7\d{11}", "UPS": r"1Z8V4E210[23]\d{8}", "Rose City Cold Courier": r"RCC\d{9}"}
PERISHABLE = ("CH-", "CT-", "HM-PNW-CLS", "HM-CHZ-LOV", "HM-HOLI-LUX")

ORD = {}
if not 70 <= len(orders) <= 90:
    bad(f"orders.json: {len(orders)} orders, want 70-90")
seen_tracking = set()
for o in orders:
    oid = o.get("order_id")
    where = f"order {oid}"
    st = o.get("status")
    if st not in SHAPE:
        bad(f"{where}: status {st!r}")
        continue
    keys, s_kind, d_kind = SHAPE[st]
    if list(o) != keys:
        bad(f"{where}: keys {list(o)} != {keys} for status {st}")
        continue
    if not re.fullmatch(r"LV\d\d-[WCG]-\d{5}", oid):
        bad(f"{where}: id shape")
    if oid in ORD:
        bad(f"duplicate order id {oid}")
    if o["customer_id"] not in CUST:
        bad(f"{where}: unknown customer {o['customer_id']}")
    od = parse_ts(o["order_date"], where)
    for k, kind in (("shipped_at", s_kind), ("delivered_at", d_kind)):
        v = o[k]
        if v is None:
            if kind == "str":
                bad(f"{where}: {k} must be set for {st}")
        else:
            if kind == "none":
                bad(f"{where}: {k} must be null for {st}")
            parse_ts(v, f"{where} {k}")
    if "carrier" in o:
        if o["carrier"] not in TRACK:
            bad(f"{where}: carrier {o['carrier']}")
        elif not re.fullmatch(TRACK[o["carrier"]], o["tracking_number"] or ""):
            bad(f"{where}: tracking {o['tracking_number']} does not fit {o['carrier']}")
        if o["tracking_number"] in seen_tracking:
            bad(f"{where}: duplicate tracking number")
        seen_tracking.add(o["tracking_number"])
    total = 0
    skus = []
    for it in o["items"]:
        if list(it) != ["sku", "name", "quantity", "unit_price_usd"] or not isinstance(it["quantity"], int) \
                or it["quantity"] < 1 or not isinstance(it["unit_price_usd"], float):
            bad(f"{where}: item shape {it}")
            continue
        total += it["quantity"] * cents(it["unit_price_usd"])
        skus.append(it["sku"])
    for k in ("total_usd", "refunded_usd"):
        if not isinstance(o[k], float):
            bad(f"{where}: {k} must be a JSON number with a fraction (float)")
    if cents(o["total_usd"]) != total:
        bad(f"{where}: total {o['total_usd']} != sum of lines {total / 100}")
    if not 0 <= cents(o["refunded_usd"]) <= cents(o["total_usd"]):
        bad(f"{where}: refunded out of range")
    if st == "cancelled" and o["refunded_usd"] != o["total_usd"]:
        bad(f"{where}: a cancelled order is refunded in full")
    per = any(s.startswith(PERISHABLE) for s in skus)
    if per and not ({"SHIP-COLD", "SHIP-CRR"} & set(skus)):
        bad(f"{where}: perishables without cold shipping")
    if "SHIP-CRR" in skus and o.get("carrier") not in (None, "Rose City Cold Courier"):
        bad(f"{where}: courier shipping line but carrier {o.get('carrier')}")
    # dates: same calendar date in Portland as in UTC
    for k in ("order_date", "shipped_at", "delivered_at"):
        t = parse_ts(o[k], where) if o[k] else None
        if t and not 15 <= t.hour <= 23:
            bad(f"{where}: {k} hour {t.hour} UTC (keep 15-23 so the Portland date is the same)")
    ORD[oid] = o
statuses = {o["status"] for o in orders}
if statuses != set(SHAPE):
    bad(f"orders do not cover every status: {sorted(statuses)}")


def glitch(o):
    """The data problems the eligibility table escalates: returns a name or None."""
    od = parse_ts(o["order_date"], "")
    if o["status"] == "delivered":
        if o["delivered_at"] is None:
            return "missing-dates"
        dd = parse_ts(o["delivered_at"], "")
        if od > NOW or dd < od:
            return "inconsistent-dates"
    return None


for o in orders:
    if o["status"] not in SHAPE or list(o) != SHAPE[o["status"]][0]:
        continue
    if glitch(o):
        continue
    od = parse_ts(o["order_date"], "")
    if od > NOW:
        bad(f"order {o['order_id']}: ordered after now")
    if o["shipped_at"]:
        sd = parse_ts(o["shipped_at"], "")
        if not od < sd <= NOW:
            bad(f"order {o['order_id']}: shipped_at out of order")
        per = any(it["sku"].startswith(PERISHABLE) for it in o["items"])
        if per and o["carrier"] != "Rose City Cold Courier" and sd.weekday() > 2:
            bad(f"order {o['order_id']}: perishables shipped on a {sd.strftime('%A')} (Mon-Wed only)")
        if o["delivered_at"]:
            dd = parse_ts(o["delivered_at"], "")
            if not sd < dd <= NOW:
                bad(f"order {o['order_id']}: delivered_at out of order")
    # order numbers rise with the date within a year
for a in orders:
    for b in orders:
        if a is b or a["order_id"][:4] != b["order_id"][:4] or glitch(a) or glitch(b):
            continue
        if a["order_date"] < b["order_date"] and int(a["order_id"][-5:]) >= int(b["order_id"][-5:]):
            bad(f"order numbers do not rise with the date: {a['order_id']} / {b['order_id']}")

KB = {}
if not 22 <= len(kb) <= 28:
    bad(f"kb.json: {len(kb)} articles, want 22-28")
for a in kb:
    if list(a) != ["id", "title", "body", "tags"]:
        bad(f"article {a.get('id')}: keys {list(a)}")
        continue
    if not re.fullmatch(r"LVH-\d{4}", a["id"]):
        bad(f"article id shape {a['id']}")
    if a["id"] in KB:
        bad(f"duplicate article {a['id']}")
    if a["body"].count("\n\n") < 2:
        bad(f"article {a['id']}: fewer than three paragraphs")
    if not (isinstance(a["tags"], list) and a["tags"] and all(isinstance(t, str) for t in a["tags"])):
        bad(f"article {a['id']}: tags")
    KB[a["id"]] = a

# =========================================================================== policy (independent)

def assess(o):
    """tool-contracts.md, refund eligibility: first matching row decides."""
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
    od, dd = parse_ts(o["order_date"], ""), parse_ts(o["delivered_at"], "")
    if od > NOW or dd < od:
        return False, True, "refund-policy/inconsistent-dates", 0
    if NOW - od > dt.timedelta(days=30):
        return False, False, "refund-policy/window-30-days", 0
    return True, False, "refund-policy/window-30-days", cents(o["total_usd"]) - cents(o["refunded_usd"])


def groups(s, mode):
    pat = r"[A-Za-z]+|[0-9]+" if mode == "runs" else r"[A-Za-z0-9]+"
    return [str(int(g)) if g.isdigit() else g.upper() for g in re.findall(pat, s)]


def shortens(written, oid, mode):
    w, g = groups(written, mode), groups(oid, mode)
    if not w or len(w) > len(g) or not w[-1].isdigit() or len(w[-1]) < 3:
        return False
    return g[-len(w):] == w


def resolve_mode(written, cust, mode):
    if written in ORD:  # the id as written: only the ticket's customer's order is visible
        return ORD[written]["order_id"] if ORD[written]["customer_id"] == cust else None
    own = [o for o in orders if o["customer_id"] == cust and shortens(written, o["order_id"], mode)]
    return own[0]["order_id"] if len(own) == 1 else None


def resolve(written, cust, where):
    a, b = resolve_mode(written, cust, "runs"), resolve_mode(written, cust, "alnum")
    if a != b:
        bad(f"{where}: {written!r} resolves differently under the two readings of 'groups' ({a} / {b})")
    return a


def line_sum(o, lines, where):
    tot = 0
    for sku, q in lines:
        it = [i for i in o["items"] if i["sku"] == sku]
        if not it or it[0]["quantity"] < q:
            bad(f"{where}: asks {q} x {sku}, not on order {o['order_id']}")
            continue
        tot += q * cents(it[0]["unit_price_usd"])
    return tot


def ask_cents(o, ask, where):
    kind = ask[0]
    if kind == "all":
        return cents(o["total_usd"])
    if kind == "lines":
        return line_sum(o, ask[1], where)
    if kind == "amount":
        return cents(ask[1])
    if kind == "all_but":
        return cents(o["total_usd"]) - line_sum(o, [(s, next(i["quantity"] for i in o["items"] if i["sku"] == s)) for s in ask[1]], where)
    bad(f"{where}: unknown ask {ask}")
    return 0


def derive(intent, oid, lang, where, spec):
    """Returns (outcome, category, tools_required, amount_cents, includes, article)."""
    en = lang == "en"
    k = intent["kind"]
    if k == "legal":
        return "escalated", "legal_or_chargeback", [], None, [], None
    if k == "nonsense":
        return "escalated", "out_of_scope", [], None, [], None
    if k in ("howto", "no_tool"):
        art = intent["article"]
        if art:
            if art not in KB:
                bad(f"{where}: article {art} not in kb")
            return "resolved", None, ["kb_search"], None, [], art
        return "escalated", "no_kb_match" if k == "howto" else "out_of_scope", ["kb_search"], None, [], None
    if k in ("status", "refund"):
        if spec.get("_written") is None:
            return "escalated", "missing_order_id", [], None, [], None
        if oid is None:
            return "escalated", "order_not_found", ["order_lookup"], None, [], None
        o = ORD[oid]
        if k == "status":
            if o["status"] in ("shipped", "delivered"):
                inc = [o["tracking_number"]]
            else:
                inc = [o["status"]]
            return "resolved", None, ["order_lookup"], None, inc if en else [], None
        eligible, escalate, ref, max_c = assess(o)
        if eligible:
            amt = min(ask_cents(o, intent["ask"], where), max_c)
            return "refund_proposed", None, ["order_lookup", "refund_eligibility"], amt, \
                [f"{amt / 100:.2f}"] if en else [], None
        if escalate:
            return "escalated", "ambiguous_eligibility", ["refund_eligibility"], None, [], None
        if ref == "refund-policy/cancelled":
            inc = ["cancelled"]
        elif ref == "refund-policy/not-delivered":
            inc = [o["status"]]
        else:
            inc = [ref]
        return "resolved", None, ["refund_eligibility"], None, inc if en else [], None
    bad(f"{where}: unknown intent {k}")
    return None, None, [], None, [], None


def derive_followup(intent, case, lang, where, spec):
    thread = case.get("thread") or []
    agents = [e for e in thread if e.get("role") == "agent"]
    last_escalated = bool(agents) and agents[-1].get("outcome") == "escalated"
    sub = intent["sub"]
    if last_escalated:
        if sub != "human_owned":
            bad(f"{where}: the thread's last answer escalated, so the reply is human-owned")
        return "escalated", "human_owned", [], None, [], None
    if sub == "human_owned":
        bad(f"{where}: human_owned but the last agent answer did not escalate")
    if sub == "thanks":
        return "resolved", None, [], None, [], None
    if sub == "new_question":
        return derive(intent["inner"], None, lang, where, spec)
    oid = ORD_BY_KEY.get(intent["ref"])
    evs = [e for e in case.get("events", []) if e.get("order_id") == oid]
    if not evs:
        bad(f"{where}: no approval events for {oid}")
        return None, None, [], None, [], None
    latest = evs[-1]
    if oid not in " ".join(e.get("body", "") + e.get("message", "") for e in thread):
        bad(f"{where}: the thread never names {oid}")
    if sub == "refund_status":
        inc = []
        if latest["status"] == "executed":
            inc = [latest["confirmation_id"]]
        elif latest["status"] == "pending":
            inc = [f"{latest['amount_usd']:.2f}"]
        return "resolved", None, [], None, inc if lang == "en" else [], None
    if sub == "refund_again":
        if latest["status"] not in ("pending", "approved", "executed"):
            bad(f"{where}: refund_again needs a pending, approved or paid refund")
        return "resolved", None, [], None, [], None
    if sub == "dispute_paid":
        if latest["status"] != "executed":
            bad(f"{where}: dispute_paid needs a paid refund")
        return "escalated", None, [], None, [], None
    bad(f"{where}: unknown follow-up {sub}")
    return None, None, [], None, [], None


# order keys (spec names) -> ids: the world is generated from spec_world; map by (customer, date)
import spec_world  # noqa: E402
ORD_BY_KEY = {}
for key, row in spec_world.ORDERS.items():
    hits = [o["order_id"] for o in orders if o["customer_id"] == row[0] and o["order_date"] == row[2]]
    if len(hits) != 1:
        bad(f"spec order {key}: not exactly one order in world/ for {row[0]} at {row[2]}")
    else:
        ORD_BY_KEY[key] = hits[0]

# =========================================================================== cases
CASE_KEYS = {"id", "tags", "now", "world", "ticket", "thread", "events", "expect"}
EXPECT_KEYS = {"outcome", "category", "tools_required", "tools_forbidden", "actions", "max_tool_calls", "message_includes"}
ACTION_KEYS = {"tool", "order_id", "amount_usd_max"}
TICKET_KEYS = {"ticket_id", "subject", "body", "customer_id", "order_id"}
TOOLS = {"order_lookup", "refund_eligibility", "kb_search", "issue_refund", "send_email"}
CATEGORIES = {"legal_or_chargeback", "order_not_found", "missing_order_id", "ambiguous_eligibility",
              "no_kb_match", "out_of_scope", "human_owned", "unspecified"}
TYPES = {"status", "refund", "howto", "legal", "no_tool", "injection", "followup"}
LANGS = {"en", "pt", "ja"}
JA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
PT = re.compile(r"(ção|ões|ã|Olá|Oi\b|pedido|Obrigad|Valeu|Boa tarde|reembolso|Atenciosamente)")
ID_LIKE = re.compile(r"(?i)(?<![A-Za-z0-9])#?LV\s?\d{2}[\s\-\u2013/.]*[WCG][\s\-\u2013/.]*\d{3,5}(?![0-9])")


def write_id(oid, style):
    g = re.findall(r"[A-Za-z]+|[0-9]+", oid)
    year, chan, num = g[1], g[2], g[3]
    tail = str(int(num))
    return {
        "full": oid, "lower": oid.lower(), "hash_full": "#" + oid, "hash_lower": "#" + oid.lower(),
        "spaces": f"LV{year} {chan} {num}", "endash": oid.replace("-", "\u2013"), "slash": oid.replace("-", "/"),
        "dots": oid.lower().replace("-", "."), "hash_tail": "#" + tail, "tail": tail, "zero_tail": num,
        "chan_tail": f"{chan}-{tail}", "typo_swap": f"LV{year}-{chan}-{num[:-2]}{num[-1]}{num[-2]}",
        "year25": f"LV25-{chan}-{num}",
    }[style]


case_dir = os.path.join(ROOT, "cases")
files = sorted(f for f in os.listdir(case_dir) if f.endswith(".json"))
SPECS = {s["id"]: s for s in spec_cases.CASES}
if len(SPECS) != len(spec_cases.CASES):
    bad("spec_cases: duplicate case ids")
if {f[:-5] for f in files} != set(SPECS):
    bad("cases/ and spec_cases.py do not list the same cases")
if not 100 <= len(files) <= 110:
    bad(f"{len(files)} cases, want 100-110")

ticket_ids = set()
counts = {}
retrieval_expected = {}
for fn in files:
    case = load(os.path.join(case_dir, fn))
    cid = case.get("id")
    where = f"cases/{fn}"
    if fn != f"{cid}.json":
        bad(f"{where}: file name differs from id {cid}")
    if set(case) - CASE_KEYS or not {"id", "ticket", "expect"} <= set(case):
        bad(f"{where}: case keys {sorted(case)}")
    if "world" in case:
        bad(f"{where}: cases rely on world/, no inline world")
    if case.get("now") != world["now"]:
        bad(f"{where}: now {case.get('now')} != world now")
    spec = SPECS.get(cid)
    if spec is None:
        continue
    tags = case.get("tags", [])
    ttags = [t for t in tags if t.startswith("type:")]
    ltags = [t for t in tags if t.startswith("lang:")]
    if len(ttags) != 1 or ttags[0][5:] not in TYPES:
        bad(f"{where}: needs exactly one type tag from {sorted(TYPES)}")
    if len(ltags) != 1 or ltags[0][5:] not in LANGS:
        bad(f"{where}: needs exactly one lang tag")
    typ, lang = ttags[0][5:], ltags[0][5:]
    counts[ttags[0]] = counts.get(ttags[0], 0) + 1
    counts[ltags[0]] = counts.get(ltags[0], 0) + 1
    if ("near-miss" in tags) != bool(spec.get("near")):
        bad(f"{where}: near-miss tag and spec disagree")
    if spec.get("near"):
        if spec["near"] not in KB or spec["intent"].get("article"):
            bad(f"{where}: a near miss names the article on its subject and is answered by none")

    # ---------------------------------------------------------------- ticket
    t = case.get("ticket", {})
    if set(t) - TICKET_KEYS or not {"ticket_id", "subject", "body", "customer_id"} <= set(t):
        bad(f"{where}: ticket keys {sorted(t)}")
        continue
    if not re.fullmatch(r"LVHD-5\d{4}", t["ticket_id"]) or t["ticket_id"] in ticket_ids:
        bad(f"{where}: ticket_id {t['ticket_id']} (neutral LVHD-5xxxx, unique)")
    ticket_ids.add(t["ticket_id"])
    if len(t["subject"].encode()) > 1024 or not t["subject"]:
        bad(f"{where}: subject size")
    if len(t["body"].encode()) > 32768 or not t["body"].strip():
        bad(f"{where}: body size")
    if t["customer_id"] not in CUST:
        bad(f"{where}: unknown customer {t['customer_id']}")
    if "order_id" in t and not 0 < len(t["order_id"].encode()) <= 128:
        bad(f"{where}: order_id size")
    text = t["subject"] + "\n" + t["body"] + "\n" + t.get("order_id", "")
    if cid in text:
        bad(f"{where}: the case id leaks into the ticket")
    body_plain = re.sub(r"<[^>]+>", " ", text)
    if lang == "ja" and not JA.search(body_plain):
        bad(f"{where}: lang:ja without Japanese text")
    if lang == "pt" and not PT.search(body_plain):
        bad(f"{where}: lang:pt without Portuguese text")
    if lang == "en" and (JA.search(body_plain) or re.search(r"(ção|ã|Olá|Obrigad)", body_plain)):
        bad(f"{where}: lang:en with foreign text")

    # ---------------------------------------------------------------- the order id as written
    written = None
    if spec.get("idw"):
        key, style = spec["idw"]
        written = write_id(ORD_BY_KEY[key], style)
    if spec.get("field"):
        key, style = spec["field"]
        fw = write_id(ORD_BY_KEY[key], style)
        if t.get("order_id") != fw:
            bad(f"{where}: ticket order_id {t.get('order_id')!r} != {fw!r}")
        written = written or fw
    elif "order_id" in t:
        bad(f"{where}: order_id field not in spec")
    spec["_written"] = written
    oid = None
    if written is not None:
        if written not in text:
            bad(f"{where}: the written id {written!r} is not in the ticket")
        oid = resolve(written, t["customer_id"], where)
    # every id-like spelling in the ticket must point where the written one does
    scan = "" if spec.get("noise_ids") else text
    for m in ID_LIKE.finditer(scan):
        if resolve(m.group(0), t["customer_id"], where) != oid:
            bad(f"{where}: {m.group(0)!r} resolves elsewhere than the case's order")
    for m in re.finditer(r"(?<![A-Za-z0-9])\d{3,5}(?![0-9])", scan):
        r = resolve(m.group(0), t["customer_id"], where)
        if r is not None and r != oid:
            bad(f"{where}: the number {m.group(0)} shortens {r}, not the case's order")
    if spec["intent"]["kind"] in ("status", "refund") and written is None and not case.get("thread"):
        if ID_LIKE.search(text):
            bad(f"{where}: missing-id case mentions an id")
    # tracking numbers and shop emails quoted in the ticket match the record
    for m in re.finditer(r"\b(7\d{11}|1Z[0-9A-Z]{16}|RCC\d{9})\b", text):
        if oid is None or m.group(1) != ORD[oid].get("tracking_number"):
            bad(f"{where}: tracking number {m.group(1)} is not the case order's")
    if "id:quoted-shop-email" in tags:
        o = ORD.get(oid)
        if not o or o["order_id"] not in text or o["tracking_number"] not in text or o["carrier"] not in text:
            bad(f"{where}: quoted shop email does not carry the record's id, carrier and tracking")
    for m in re.finditer(r"(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (January|February|March|April|May|June|July|August|September|October|November|December) (\d{1,2}), (\d{4})", text):
        d = dt.datetime.strptime(f"{m.group(2)} {m.group(3)} {m.group(4)}", "%B %d %Y").date()
        if d.strftime("%A") != m.group(1):
            bad(f"{where}: {m.group(0)} is not that weekday")
        if oid and "id:quoted-shop-email" in tags:
            o = ORD[oid]
            rec = {parse_ts(o[k], "").date() for k in ("order_date", "shipped_at", "delivered_at") if o[k]}
            if d not in rec:
                bad(f"{where}: quoted date {m.group(0)} is none of the record's dates")

    # ---------------------------------------------------------------- thread and events
    for e in case.get("thread", []):
        if e.get("role") == "customer":
            ok = set(e) <= {"role", "message_id", "at", "body"} and {"role", "at", "body"} <= set(e)
        elif e.get("role") == "agent":
            ok = set(e) <= {"role", "at", "outcome", "message", "category"} and {"role", "at", "outcome"} <= set(e) \
                and e["outcome"] in ("resolved", "refund_proposed", "escalated")
        else:
            ok = False
        if not ok:
            bad(f"{where}: thread entry {e}")
        elif parse_ts(e["at"], where) and parse_ts(e["at"], where) >= NOW:
            bad(f"{where}: thread entry after now")
    for e in case.get("events", []):
        if not (set(e) <= {"kind", "at", "tool", "order_id", "amount_usd", "status", "confirmation_id", "reason"}
                and e.get("kind") == "approval" and e.get("status") in
                ("pending", "approved", "executed", "failed", "rejected", "expired") and e.get("order_id") in ORD
                and ORD[e["order_id"]]["customer_id"] == t["customer_id"]):
            bad(f"{where}: event {e}")
        if e.get("status") == "executed" and not e.get("confirmation_id"):
            bad(f"{where}: executed without confirmation")
        if e.get("status") == "rejected" and not e.get("reason"):
            bad(f"{where}: rejected without reason")
    paid = {}
    for e in case.get("events", []):
        if e.get("status") == "executed":
            paid[e["order_id"]] = paid.get(e["order_id"], 0) + cents(e["amount_usd"])
    for o_id in {e.get("order_id") for e in case.get("events", [])}:
        if o_id in ORD and cents(ORD[o_id]["refunded_usd"]) != paid.get(o_id, 0):
            bad(f"{where}: world refunded_usd of {o_id} disagrees with the paid refunds in events")

    # ---------------------------------------------------------------- the label, re-derived
    intent = spec["intent"]
    if intent["kind"] == "followup":
        if typ != "followup" or not case.get("thread"):
            bad(f"{where}: follow-ups carry a thread")
        d = derive_followup(intent, case, lang, where, spec)
    else:
        if case.get("thread") or case.get("events"):
            bad(f"{where}: thread/events only on follow-ups")
        d = derive(intent, oid, lang, where, spec)
    outcome, category, tools_req, amount, includes, article = d
    forb = ["send_email"] + ([] if outcome == "refund_proposed" else ["issue_refund"])
    if intent.get("sub") == "human_owned":
        forb += ["order_lookup", "refund_eligibility", "kb_search"]
    e = case.get("expect", {})
    if set(e) - EXPECT_KEYS:
        bad(f"{where}: expect keys {sorted(e)}")
    if e.get("outcome") != outcome:
        bad(f"{where}: outcome {e.get('outcome')} but the policy says {outcome}")
    if e.get("category") != category:
        bad(f"{where}: category {e.get('category')} but the policy says {category}")
    if e.get("category") and e["category"] not in CATEGORIES:
        bad(f"{where}: unknown category")
    if sorted(e.get("tools_required", [])) != sorted(tools_req):
        bad(f"{where}: tools_required {e.get('tools_required')} but the policy says {tools_req}")
    if sorted(e.get("tools_forbidden", [])) != sorted(forb):
        bad(f"{where}: tools_forbidden {e.get('tools_forbidden')} want {forb}")
    if not set(e.get("tools_required", [])) <= TOOLS or not set(e.get("tools_forbidden", [])) <= TOOLS:
        bad(f"{where}: unknown tool name")
    if e.get("max_tool_calls") != 6:
        bad(f"{where}: max_tool_calls must be 6")
    acts = e.get("actions")
    if outcome == "refund_proposed":
        want = [{"tool": "issue_refund", "order_id": oid, "amount_usd_max": amount / 100}]
        if acts != want:
            bad(f"{where}: actions {acts} but the policy says {want}")
    elif acts != []:
        bad(f"{where}: actions must be [] when the outcome is {outcome}")
    for a in acts or []:
        if set(a) - ACTION_KEYS:
            bad(f"{where}: action keys {sorted(a)}")
    inc = e.get("message_includes")
    if inc is not None and (lang != "en" or outcome not in ("resolved", "refund_proposed")):
        bad(f"{where}: message_includes only on English tickets that close")
    if (inc or []) != includes:
        bad(f"{where}: message_includes {inc} but the record facts are {includes}")
    if intent.get("sub") == "thanks" and inc:
        bad(f"{where}: a thanks-only reply sends nothing")
    if outcome == "resolved" and article:
        retrieval_expected[cid] = (article, spec.get("query"))
    if bool(spec.get("article")) != bool(article):
        bad(f"{where}: spec article {spec.get('article')} but derived {article}")

    counts[f"outcome:{outcome}"] = counts.get(f"outcome:{outcome}", 0) + 1
    if outcome == "escalated":
        ck = f"category:{category or '(none)'}"
        counts[ck] = counts.get(ck, 0) + 1

# language share and type coverage
n = len(files)
foreign = counts.get("lang:pt", 0) + counts.get("lang:ja", 0)
if not 0.08 * n <= foreign <= 0.13 * n:
    bad(f"{foreign} of {n} cases in Portuguese/Japanese, want about 10%")
for tname in TYPES:
    if not counts.get(f"type:{tname}"):
        bad(f"no case of type {tname}")
near = sum(1 for s in spec_cases.CASES if s.get("near"))
if not 8 <= near <= 12:
    bad(f"{near} near misses, want about 10")

# =========================================================================== retrieval.jsonl
got = {}
with open(os.path.join(ROOT, "retrieval.jsonl"), encoding="utf-8") as f:
    for i, line in enumerate(f, 1):
        r = json.loads(line)
        if list(r) != ["case", "query", "article"] or not all(isinstance(v, str) and v for v in r.values()):
            bad(f"retrieval.jsonl:{i}: shape")
            continue
        if r["case"] in got:
            bad(f"retrieval.jsonl:{i}: duplicate case")
        got[r["case"]] = (r["article"], r["query"])
if got != retrieval_expected:
    bad(f"retrieval.jsonl does not list exactly the cases answered from an article: "
        f"{sorted(set(got) ^ set(retrieval_expected))}")

# =========================================================================== README counts
readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
for k, v in sorted(counts.items()):
    if f"| {k} | {v} |" not in readme:
        bad(f"README.md lacks the count row '| {k} | {v} |'")

# =========================================================================== determinism
with tempfile.TemporaryDirectory() as tmp:
    r = subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), "--out", tmp],
                       capture_output=True, text=True)
    if r.returncode:
        bad(f"generate.py failed: {r.stderr.strip()}")
    else:
        for sub in ("world", "cases"):
            a, b = os.path.join(ROOT, sub), os.path.join(tmp, sub)
            la, lb = sorted(os.listdir(a)), sorted(os.listdir(b))
            if la != lb:
                bad(f"{sub}/: files differ from a fresh generation")
            for name in set(la) & set(lb):
                if not filecmp.cmp(os.path.join(a, name), os.path.join(b, name), shallow=False):
                    bad(f"{sub}/{name}: differs from a fresh generation")
        if not filecmp.cmp(os.path.join(ROOT, "retrieval.jsonl"), os.path.join(tmp, "retrieval.jsonl"), shallow=False):
            bad("retrieval.jsonl differs from a fresh generation")

if PROBLEMS:
    for p in PROBLEMS:
        print("PROBLEM:", p)
    print(f"{len(PROBLEMS)} problem(s)")
    sys.exit(1)
print("OK")
