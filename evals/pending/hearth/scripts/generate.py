#!/usr/bin/env python3
"""Write world/, cases/ and retrieval.jsonl for Hearth & Field from the hand-written specs.

Usage: python3 scripts/generate.py [OUTPUT_DIR]   (default: the folder above scripts/)
Deterministic: no clock, no randomness; every derived value comes from a hash of a fixed string.
"""
import datetime as dt
import hashlib
import html
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import spec_world as W  # noqa: E402
import spec_tickets as S  # noqa: E402

NOW = dt.datetime.strptime(W.NOW, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.timezone.utc)


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def when(spec):
    if spec is None:
        return None
    if spec[0] == "exact":
        return iso(NOW - dt.timedelta(days=spec[1]))
    days, hhmm = spec
    d = (NOW - dt.timedelta(days=days)).date()
    h, m = map(int, hhmm.split(":"))
    return iso(dt.datetime(d.year, d.month, d.day, h, m, tzinfo=dt.timezone.utc))


def digits(seed, n):
    out, i = "", 0
    while len(out) < n:
        out += "".join(c for c in hashlib.sha256(f"{seed}/{i}".encode()).hexdigest() if c.isdigit())
        i += 1
    return out[:n]


def tracking(order_id, carrier):
    d = digits(order_id + carrier, 24)
    if carrier == "UPS":
        alnum = hashlib.sha256(order_id.encode()).hexdigest().upper()
        return "1Z" + alnum[:6] + d[:10]
    if carrier == "FedEx":
        return "7" + d[:11]
    if carrier == "USPS":
        return "9400" + d[:18]
    if carrier == "Estes Express":
        return "0" + d[:9]
    if carrier == "XPO Logistics":
        return "5" + d[:8]
    if carrier == "Old Dominion":
        return "0" + d[:10]
    raise ValueError(carrier)


def order_record(row):
    oid, cust, status, od, sd, dd, carrier, items, refunded = row
    its = []
    total = 0
    for sku, qty in items:
        name, price = W.CATALOGUE[sku]
        its.append({"sku": sku, "name": name, "quantity": qty, "unit_price_usd": price})
        total += round(price * 100) * qty
    rec = {"order_id": oid, "customer_id": cust, "status": status, "order_date": when(od),
           "shipped_at": when(sd), "delivered_at": when(dd)}
    if carrier:
        rec["carrier"] = carrier
        rec["tracking_number"] = tracking(oid, carrier)
    rec["items"] = its
    rec["total_usd"] = total / 100
    rec["refunded_usd"] = float(refunded)
    return rec


def ticket_id(key, used):
    i = 0
    while True:
        h = int(hashlib.sha256(f"{key}#{i}".encode()).hexdigest(), 16)
        style = h % 3
        n = 40000 + (h >> 8) % 59999
        tid = ["hd-%d" % n, "zd-%d" % (n * 3), "HD-%06d" % (n + 100000)][style]
        if tid not in used:
            used.add(tid)
            return tid
        i += 1


def para_html(p):
    lines = p.split("\n")
    if all(l.startswith("- ") for l in lines):
        return "<ul>" + "".join("<li>%s</li>" % html.escape(l[2:]) for l in lines) + "</ul>"
    if all(l[:1].isdigit() and l[1:3] in (". ", ") ") for l in lines):
        return "<ol>" + "".join("<li>%s</li>" % html.escape(l[3:]) for l in lines) + "</ol>"
    if all(l.startswith(">") for l in lines):
        inner = "<br>".join(html.escape(l[1:].lstrip(" ")) for l in lines)
        return '<blockquote class="gmail_quote" style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex">%s</blockquote>' % inner
    return "<br>".join(html.escape(l).replace("  ", " &nbsp;") for l in lines)


def to_html(key, body):
    paras = body.split("\n\n")
    style = int(hashlib.sha256(key.encode()).hexdigest(), 16) % 3
    if style == 0:  # Zendesk-like
        inner = "".join("<p>%s</p>" % para_html(p) for p in paras)
        return '<div class="zd-comment" dir="auto">%s</div>' % inner
    if style == 1:  # Gmail-like via help-desk email channel
        inner = "".join("<div>%s</div><div><br></div>" % para_html(p) for p in paras)
        return '<div dir="ltr">%s</div>' % inner
    # Freshdesk-like web form
    inner = "<br><br>".join(para_html(p) for p in paras)
    return ('<div style="font-family:-apple-system,Helvetica,Arial,sans-serif;font-size:14px">%s</div>'
            '<div class="fd-footer"><br>&mdash;<br>Submitted via the Hearth &amp; Field Help Center contact form</div>' % inner)


def quoted(q, subject, to_email):
    style, date, name, email, subj, text = q
    if style == "gmail":
        lines = ["> " + l if l else ">" for l in text.split("\n")]
        return "On %s, %s <%s> wrote:\n" % (date, name, email) + "\n".join(lines)
    return ("-----Original Message-----\nFrom: %s <%s>\nSent: %s\nTo: %s\nSubject: %s\n\n%s"
            % (name, email, date, "support@hearthandfield.com" if "hearthandfield" not in email else to_email,
               subj or subject, text))


EMAILS = {c: e for c, _, e in W.CUSTOMERS}


def all_tickets():
    return S.TICKETS + S.FOLLOWUPS + S.THANKS


def build(out):
    for sub in ("world", "cases"):
        p = os.path.join(out, sub)
        if os.path.isdir(p):
            shutil.rmtree(p)
        os.makedirs(p)
    dump = lambda obj: json.dumps(obj, indent=2, ensure_ascii=False) + "\n"
    customers = [{"customer_id": c, "name": n, "email": e} for c, n, e in W.CUSTOMERS]
    orders = [order_record(r) for r in W.ORDERS]
    kb = [{"id": i, "title": t, "body": "\n\n".join(ps), "tags": tags} for i, t, tags, ps in W.KB]
    by_id = {o["order_id"]: o for o in orders}
    files = {
        "world/customers.json": dump(customers),
        "world/orders.json": dump(orders),
        "world/kb.json": dump(kb),
        "world/world.json": dump({"description": W.DESCRIPTION, "now": W.NOW}),
    }
    used, retrieval = set(), []
    for t in all_tickets():
        key = t["key"]
        extra = {}
        if t["world"]:
            extra = {r[0]: order_record(r) for r in t["world"]["orders"]}
        orders_here = dict(by_id, **extra)
        exp = {k: v for k, v in t["expect"].items() if not k.startswith("_")}
        ref = t["expect"].get("_ref")
        inc = []
        for s in exp.get("message_includes", []):
            inc.append(orders_here[ref]["tracking_number"] if s == "@TRACK" else s)
        if inc:
            exp["message_includes"] = inc
        else:
            exp.pop("message_includes", None)
        order = ["outcome", "category", "tools_required", "tools_forbidden", "actions", "max_tool_calls", "message_includes"]
        exp = {k: exp[k] for k in order if k in exp}
        raw = t["body"]
        if key in S.QUOTES:
            raw = raw + "\n\n" + quoted(S.QUOTES[key], t["subject"], EMAILS[t["customer_id"]])
        body = to_html(key, raw) if t["fmt"] == "html" else raw
        ticket = {"ticket_id": ticket_id(key, used), "subject": t["subject"], "body": body, "customer_id": t["customer_id"]}
        if t["order_field"]:
            ticket["order_id"] = t["order_field"]
        if t["message_id"]:
            ticket["message_id"] = t["message_id"]
        tags = ["type:%s" % t["kind"], "lang:%s" % t["lang"]]
        if t["fmt"] == "html":
            tags.append("html")
        tags += [x for x in t["tags"] if x not in tags]
        case = {"id": key, "tags": tags, "now": W.NOW}
        if extra:
            case["world"] = {"customers": [], "orders": list(extra.values()), "kb": []}
        case["ticket"] = ticket
        if t["thread"]:
            case["thread"] = t["thread"]
        if t["events"]:
            case["events"] = t["events"]
        case["expect"] = exp
        files["cases/%s.json" % key] = dump(case)
        art = t["expect"].get("_article")
        if art:
            retrieval.append({"case": key, "query": t["expect"]["_query"], "article": art})
    files["retrieval.jsonl"] = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in retrieval)
    for rel, text in sorted(files.items()):
        with open(os.path.join(out, rel), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    return len(all_tickets())


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(HERE)
    n = build(out)
    print("wrote %d cases to %s" % (n, out))
