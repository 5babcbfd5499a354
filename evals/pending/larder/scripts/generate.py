#!/usr/bin/env python3
"""Generate the Larder & Vine evaluation world from the hand-written specs.

    python3 scripts/generate.py            # rewrites world/, cases/, retrieval.jsonl
    python3 scripts/generate.py --out DIR  # writes the same files under DIR instead

Deterministic: no clock, no unseeded randomness; reruns are byte-identical.
Python 3.11 standard library only.
"""
import sys
sys.dont_write_bytecode = True
import argparse
import datetime as dt
import hashlib
import html
import json
import os
import random
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import spec_world as W  # noqa: E402
import spec_kb as K  # noqa: E402
import spec_cases as C  # noqa: E402

ROOT = os.path.dirname(HERE)
SHOP_FROM = "Larder & Vine <orders@larderandvine.com>"
SHOP_SIG = "Larder & Vine \u00b7 2314 SE Division St \u00b7 Portland, OR 97202 \u00b7 help@larderandvine.com"

# --------------------------------------------------------------------------- time helpers

def parse(ts):
    return dt.datetime.strptime(ts, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.timezone.utc)


def fmt(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


NOW = parse(W.NOW)

# US Pacific daylight time spans (UTC) for the years the world covers.
PDT = [(parse("2025-03-09T10:00:00Z"), parse("2025-11-02T09:00:00Z")),
       (parse("2026-03-08T10:00:00Z"), parse("2026-11-01T09:00:00Z"))]


def pacific(t):
    off = 7 if any(a <= t < b for a, b in PDT) else 8
    return t - dt.timedelta(hours=off)


def long_date(t):
    p = pacific(t)
    return p.strftime("%A, %B ") + str(p.day) + p.strftime(", %Y")


def short_stamp(t):
    p = pacific(t)
    hour = p.hour % 12 or 12
    return p.strftime("%a, %b ") + str(p.day) + p.strftime(", %Y") + f" at {hour}:{p.minute:02d} " + ("AM" if p.hour < 12 else "PM")


# --------------------------------------------------------------------------- world

def is_perishable(items):
    return any(s.startswith(W.PERISHABLE_PREFIXES) or s in W.PERISHABLE_SKUS for s, _ in items)


def ship_time(order_dt, perishable, carrier):
    day = (order_dt + dt.timedelta(days=1)).date()
    if carrier == "R":
        while day.weekday() == 6:
            day += dt.timedelta(days=1)
        return dt.datetime(day.year, day.month, day.day, 17, 0, tzinfo=dt.timezone.utc)
    allowed = {0, 1, 2} if perishable else {0, 1, 2, 3, 4}
    while day.weekday() not in allowed:
        day += dt.timedelta(days=1)
    return dt.datetime(day.year, day.month, day.day, 21, 30, tzinfo=dt.timezone.utc)


def delivery_time(ship_dt, perishable, carrier):
    if carrier == "R":
        return ship_dt + dt.timedelta(hours=3, minutes=30)
    days = 2 if perishable else (3 if carrier == "F" else 4)
    d = (ship_dt + dt.timedelta(days=days)).date()
    if d.weekday() == 6:
        d += dt.timedelta(days=1)
    h, m = (18, 40) if carrier == "F" else (19, 15)
    return dt.datetime(d.year, d.month, d.day, h, m, tzinfo=dt.timezone.utc)


def tracking(key, carrier, perishable):
    rng = random.Random("larder-and-vine:" + key)
    digits = lambda n: "".join(str(rng.randrange(10)) for _ in range(n))  # noqa: E731
    if carrier == "F":
        return "7" + digits(11)
    if carrier == "U":
        return "1Z8V4E21" + ("02" if perishable else "03") + digits(8)
    return "RCC" + digits(9)


def cents(x):
    return int(round(x * 100))


def build_orders():
    """Returns {key: order record} in spec order, with ids, dates and tracking derived."""
    by_day = {}
    for key, row in W.ORDERS.items():
        by_day.setdefault(row[2][:10], []).append((row[2], key))
    index = {}
    for day, rows in by_day.items():
        for i, (_, key) in enumerate(sorted(rows)):
            index[key] = i
    out = {}
    for key, (cust, chan, odate, status, carr, items, refunded, over) in W.ORDERS.items():
        od = parse(odate)
        number = int(od.strftime("%j")) * 16 + 3 * index[key] + 2
        oid = f"LV{od.strftime('%y')}-{chan}-{number:05d}"
        per = is_perishable(items)
        lines = [{"sku": s, "name": W.CATALOGUE[s][0], "quantity": q, "unit_price_usd": W.CATALOGUE[s][1]}
                 for s, q in items]
        total_c = sum(cents(W.CATALOGUE[s][1]) * q for s, q in items)
        ref_c = total_c if refunded == "all" else cents(refunded)
        rec = {"order_id": oid, "customer_id": cust, "status": status, "order_date": odate}
        if status in ("processing", "cancelled"):
            rec["shipped_at"] = None
            rec["delivered_at"] = None
        else:
            s = ship_time(od, per, carr)
            d = delivery_time(s, per, carr)
            shipped = over.get("shipped_at", fmt(s))
            delivered = over.get("delivered_at", fmt(d)) if status in ("delivered", "returned") else None
            rec["shipped_at"] = shipped
            rec["delivered_at"] = delivered
            rec["carrier"] = W.CARRIERS[carr]
            rec["tracking_number"] = tracking(key, carr, per)
        rec["items"] = lines
        rec["total_usd"] = total_c / 100
        rec["refunded_usd"] = ref_c / 100
        out[key] = rec
    return out


# --------------------------------------------------------------------------- id spellings

def groups_of(oid):
    return re.findall(r"[A-Za-z]+|[0-9]+", oid)


def write_id(oid, style):
    g = groups_of(oid)  # e.g. ['LV', '26', 'W', '05127']
    year, chan, num = g[1], g[2], g[3]
    tail = str(int(num))
    styles = {
        "full": oid,
        "lower": oid.lower(),
        "hash_full": "#" + oid,
        "hash_lower": "#" + oid.lower(),
        "spaces": f"LV{year} {chan} {num}",
        "endash": oid.replace("-", "\u2013"),
        "slash": oid.replace("-", "/"),
        "dots": oid.lower().replace("-", "."),
        "hash_tail": "#" + tail,
        "tail": tail,
        "zero_tail": num,
        "chan_tail": f"{chan}-{tail}",
        # spellings that are no id of this customer
        "typo_swap": f"LV{year}-{chan}-{num[:-2]}{num[-1]}{num[-2]}",
        "year25": f"LV25-{chan}-{num}",
    }
    return styles[style]


# --------------------------------------------------------------------------- shop emails

def item_lines(o):
    return "\n".join(f"  {it['quantity']} x {it['name']}" for it in o["items"] if not it["sku"].startswith("SHIP-"))


def has_wine(o):
    return any(it["sku"].startswith(("WN-", "WC-", "HM-WINE")) for it in o["items"])


def ship_mail(o):
    first = CUST[o["customer_id"]]["name"].split()[0]
    t = parse(o["shipped_at"])
    extra = []
    if is_perishable([(it["sku"], it["quantity"]) for it in o["items"]]):
        extra.append("Your cheese and charcuterie travel chilled. Please put them in the fridge as soon as they arrive.")
    if has_wine(o):
        extra.append("This parcel contains wine: someone aged 21 or over must sign for it.")
    return (f"Hi {first},\n\nGood news: your Larder & Vine order {o['order_id']} is on its way.\n\n"
            f"Carrier: {o['carrier']}\nTracking number: {o['tracking_number']}\nShipped: {long_date(t)}\n\n"
            f"In this shipment:\n{item_lines(o)}\n\n" + ("\n".join(extra) + "\n\n" if extra else "")
            + f"Thank you for shopping with us,\n{SHOP_SIG}")


def delivered_mail(o):
    first = CUST[o["customer_id"]]["name"].split()[0]
    t = parse(o["delivered_at"])
    return (f"Hi {first},\n\nYour Larder & Vine order {o['order_id']} was delivered by {o['carrier']} on "
            f"{long_date(t)} (tracking number {o['tracking_number']}).\n\nSomething not right? Reply to this "
            f"email with your order number and we'll help.\n\n{SHOP_SIG}")


def confirm_mail(o):
    first = CUST[o["customer_id"]]["name"].split()[0]
    t = parse(o["order_date"])
    return (f"Hi {first},\n\nThank you for your order {o['order_id']}, placed on {long_date(t)}.\n\n"
            f"{item_lines(o)}\n\nTotal: ${o['total_usd']:.2f}\n\nWe'll email you again when it ships.\n\n{SHOP_SIG}")


MAILS = {"SHIPMAIL": (ship_mail, "shipped_at", "Your Larder & Vine order has shipped"),
         "DELIVMAIL": (delivered_mail, "delivered_at", "Your Larder & Vine order was delivered"),
         "CONFMAIL": (confirm_mail, "order_date", "Thank you for your Larder & Vine order")}


# --------------------------------------------------------------------------- placeholders & forms

def fill(text, spec):
    def rep(m):
        tag = m.group(1)
        if tag == "W":
            key, style = spec["idw"]
            return write_id(ORD[key]["order_id"], style)
        kind, key = tag.split(":")
        o = ORD[key]
        if kind == "ID":
            return o["order_id"]
        if kind == "TRK":
            return o["tracking_number"]
        if kind == "CARRIER":
            return o["carrier"]
        if kind in ("SHIPPED", "DELIVERED", "ORDERED"):
            field = {"SHIPPED": "shipped_at", "DELIVERED": "delivered_at", "ORDERED": "order_date"}[kind]
            return long_date(parse(o[field]))
        if kind == "TOTAL":
            return f"{o['total_usd']:.2f}"
        raise KeyError(tag)
    return re.sub(r"\[\[([A-Z0-9:]+)\]\]", rep, text)


def outlook_html(text, hidden=None):
    paras = text.split("\n\n")
    out = ['<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word">',
           '<head><meta http-equiv=Content-Type content="text/html; charset=utf-8">'
           '<meta name=Generator content="Microsoft Word 15 (filtered medium)"></head>',
           '<body lang=EN-US link="#0563C1" vlink="#954F72"><div class=WordSection1>']
    for i, p in enumerate(paras):
        if i:
            out.append("<p class=MsoNormal><o:p>&nbsp;</o:p></p>")
        body = html.escape(p, quote=False).replace("'", "&#8217;").replace("\n", "<br>\n")
        body = body.replace("  ", "&nbsp; ")
        out.append(f"<p class=MsoNormal>{body}<o:p></o:p></p>")
    if hidden:
        out.append(f"<!-- {hidden} -->")
    out.append("</div></body></html>")
    return "\n".join(out)


def gmail_html(text, quote=None):
    def divs(t):
        parts = []
        for p in t.split("\n\n"):
            for line in p.split("\n"):
                parts.append("<div>" + html.escape(line, quote=False).replace("'", "&#39;") + "</div>")
            parts.append("<div><br></div>")
        return "".join(parts[:-1])
    out = f'<div dir="ltr">{divs(text)}</div>'
    if quote:
        when, who, qtext = quote
        qbody = "<br>".join(html.escape(l, quote=False).replace("'", "&#39;") for l in qtext.split("\n"))
        out += ('<br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On ' + html.escape(when)
                + " " + html.escape(who) + ' wrote:<br></div><blockquote class="gmail_quote" '
                'style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">'
                f'<div dir="ltr">{qbody}</div></blockquote></div>')
    return out


def render_body(spec):
    text = fill(spec["body"], spec)
    sig = fill(spec["sig"], spec) if spec.get("sig") else None
    quote = None
    if spec.get("quote"):
        mail, key = spec["quote"]
        fn, field, subj = MAILS[mail]
        o = ORD[key]
        quote = (parse(o[field]), subj, fn(o))
    form = spec.get("form", "plain")
    if form == "gmail_html":
        body_text = text + ("\n\n" + sig if sig else "")
        q = (short_stamp(quote[0]), SHOP_FROM, quote[2]) if quote else None
        return gmail_html(body_text, q)
    if form == "outlook_html":
        body_text = text + ("\n\n" + sig if sig else "")
        return outlook_html(body_text, fill(spec["hidden"], spec) if spec.get("hidden") else None)
    out = text
    if sig:
        out += "\n\n" + sig
    if form == "iphone":
        out += "\n\nSent from my iPhone"
    if quote and form == "reply_on":
        qlines = "\n".join(("> " + l) if l else ">" for l in quote[2].split("\n"))
        out += f"\n\nOn {short_stamp(quote[0])}, {SHOP_FROM} wrote:\n\n{qlines}"
    elif quote and form == "original_message":
        cust = CUST[spec["cust"]]
        p = pacific(quote[0])
        sent = p.strftime("%A, %B ") + str(p.day) + p.strftime(", %Y ") + f"{p.hour % 12 or 12}:{p.minute:02d} " + ("AM" if p.hour < 12 else "PM")
        out += ("\n\n-----Original Message-----\nFrom: " + SHOP_FROM + "\nSent: " + sent
                + f"\nTo: {cust['name']} <{cust['email']}>\nSubject: {quote[1]}\n\n{quote[2]}")
    elif quote:
        raise ValueError(f"{spec['id']}: quote needs form reply_on, original_message or gmail_html")
    return out


# --------------------------------------------------------------------------- cases

def ticket_ids():
    ids = [f"LVHD-{n}" for n in range(52001, 52001 + 400)]
    random.Random("larder-ticket-numbers").shuffle(ids)
    return ids


def expect_of(spec):
    outcome, category, amount, includes = spec["expect"]
    e = {"outcome": outcome}
    if category:
        e["category"] = category
    e["tools_required"] = list(spec["tools"])
    forb = ["send_email"]
    if outcome != "refund_proposed":
        forb.append("issue_refund")
    for t in spec.get("forbid_extra", []):
        if t not in forb:
            forb.append(t)
    e["tools_forbidden"] = forb
    if outcome == "refund_proposed":
        e["actions"] = [{"tool": "issue_refund", "order_id": ORD[spec.get("ref") or spec["idw"][0]]["order_id"], "amount_usd_max": amount}]
    else:
        e["actions"] = []
    e["max_tool_calls"] = 6
    if includes:
        e["message_includes"] = [fill(x, spec) for x in includes]
    return e


def build_case(spec, tid):
    ticket = {"ticket_id": tid, "subject": fill(spec["subject"], spec), "body": render_body(spec),
              "customer_id": spec["cust"]}
    if spec.get("field"):
        key, style = spec["field"]
        ticket["order_id"] = write_id(ORD[key]["order_id"], style)
    tags = [f"type:{spec['type']}", f"lang:{spec['lang']}"] + list(spec.get("tags", []))
    case = {"id": spec["id"], "tags": tags, "now": W.NOW, "ticket": ticket}
    if spec.get("thread"):
        case["thread"] = [dict((k, fill(v, spec) if isinstance(v, str) and k in ("body", "message") else v)
                               for k, v in e.items()) for e in spec["thread"]]
    if spec.get("events"):
        case["events"] = [dict((k, ORD[v]["order_id"] if k == "order_id" else v) for k, v in e.items())
                          for e in spec["events"]]
    case["expect"] = expect_of(spec)
    return case


def dump(obj):
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=ROOT)
    args = ap.parse_args()
    out = args.out
    world = os.path.join(out, "world")
    cases = os.path.join(out, "cases")
    os.makedirs(world, exist_ok=True)
    if os.path.isdir(cases):
        shutil.rmtree(cases)
    os.makedirs(cases)

    customers = [{"customer_id": c, "name": n, "email": e} for c, n, e in W.CUSTOMERS]
    kb = [{"id": i, "title": t, "body": b, "tags": tg} for i, t, tg, b in K.ARTICLES]
    files = {
        "customers.json": customers,
        "orders.json": list(ORD.values()),
        "kb.json": kb,
        "world.json": {"description": W.DESCRIPTION, "now": W.NOW},
    }
    for name, obj in files.items():
        with open(os.path.join(world, name), "w", encoding="utf-8", newline="\n") as f:
            f.write(dump(obj))

    tids = ticket_ids()
    retrieval = []
    for i, spec in enumerate(C.CASES):
        case = build_case(spec, tids[i])
        with open(os.path.join(cases, spec["id"] + ".json"), "w", encoding="utf-8", newline="\n") as f:
            f.write(dump(case))
        if spec.get("article") and spec["expect"][0] == "resolved":
            retrieval.append({"case": spec["id"], "query": spec["query"], "article": spec["article"]})
    with open(os.path.join(out, "retrieval.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in retrieval:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(customers)} customers, {len(ORD)} orders, {len(kb)} articles, "
          f"{len(C.CASES)} cases, {len(retrieval)} retrieval lines to {out}")


CUST = {c: {"name": n, "email": e} for c, n, e in W.CUSTOMERS}
ORD = build_orders()

if __name__ == "__main__":
    main()
