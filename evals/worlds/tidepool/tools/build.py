"""Emit world/*.json, cases/*.json and retrieval.jsonl from world_data.py and cases_data.py.

Run from anywhere: python3 tools/build.py   (never runs the agent or cargo)
"""
import html
import html.parser
import json
import os
import re
import shutil
from decimal import Decimal

import world_data as W
import cases_data as C

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def money(s):
    return float(Decimal(s).quantize(Decimal("0.01")))


def order_total(o):
    return sum(Decimal(W.PRODUCTS[sku][1]) * q for sku, q in o["items"])


def world_files():
    customers = [dict(customer_id=cid, name=name, email=email)
                 for cid, name, email in W.CUSTOMERS.values()]
    orders = []
    for oid, o in W.ORDERS.items():
        rec = dict(order_id=oid, customer_id=W.CUSTOMERS[o["customer"]][0], status=o["status"],
                   order_date=o["order_date"], shipped_at=o["shipped_at"],
                   delivered_at=o["delivered_at"])
        if o["carrier"] is not None:
            rec["carrier"] = o["carrier"]
            rec["tracking_number"] = o["tracking"]
        rec["items"] = [dict(sku=sku, name=W.PRODUCTS[sku][0], quantity=q,
                             unit_price_usd=money(W.PRODUCTS[sku][1])) for sku, q in o["items"]]
        rec["total_usd"] = money(str(order_total(o)))
        rec["refunded_usd"] = money(o["refunded"])
        orders.append(rec)
    kb = [dict(id=i, title=t, body=b, tags=tags) for i, t, tags, b in W.KB]
    world = dict(description=W.DESCRIPTION, now=W.NOW)
    return customers, orders, kb, world


class _Text(html.parser.HTMLParser):
    BLOCK = {"br", "p", "div", "li", "tr", "blockquote", "h1", "h2", "h3", "table", "ul", "ol"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out, self.skip = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "head", "script"):
            self.skip += 1
        elif tag in self.BLOCK:
            self.out.append("\n")

    def handle_endtag(self, tag):
        if tag in ("style", "head", "script"):
            self.skip = max(0, self.skip - 1)
        elif tag in self.BLOCK:
            self.out.append("\n")

    def handle_data(self, data):
        if not self.skip:
            self.out.append(data)


def is_html(body):
    return bool(re.search(r"<(div|p|br|html|table|span)\b", body, re.I))


def plain_text(body):
    if is_html(body):
        p = _Text()
        p.feed(body)
        p.close()
        body = "".join(p.out)
    return re.sub(r"\s+", " ", body.replace("\u00a0", " ")).strip()


def case_json(c):
    ticket = dict(subject=c["subject"], body=c["body"], customer_id=W.CUSTOMERS[c["cust"]][0])
    if c["order_id"] is not None:
        ticket["order_id"] = c["order_id"]
    expect = dict(outcome=c["outcome"])
    if c["category"]:
        expect["category"] = c["category"]
    if c["req"]:
        expect["tools_required"] = c["req"]
    if c["forbid"]:
        expect["tools_forbidden"] = c["forbid"]
    if c["outcome"] == "refund_proposed":
        oid, amt = c["refund"]
        expect["actions"] = [dict(tool="issue_refund", order_id=oid, amount_usd_max=money(amt))]
    else:
        expect["actions"] = []
    if c["max_calls"]:
        expect["max_tool_calls"] = c["max_calls"]
    if c["includes"]:
        expect["message_includes"] = c["includes"]
    tags = list(c["tags"])
    if is_html(c["body"]) and "html" not in tags:
        raise SystemExit(f"{c['id']}: HTML body without the html tag")
    return dict(id=c["id"], tags=tags, now=W.NOW, ticket=ticket, expect=expect)


def main():
    customers, orders, kb, world = world_files()
    os.makedirs(os.path.join(ROOT, "world"), exist_ok=True)
    for name, data in (("customers", customers), ("orders", orders), ("kb", kb), ("world", world)):
        with open(os.path.join(ROOT, "world", name + ".json"), "w", encoding="utf-8") as f:
            json.dump(data, f, indent=2, ensure_ascii=False)
            f.write("\n")

    cases_dir = os.path.join(ROOT, "cases")
    shutil.rmtree(cases_dir, ignore_errors=True)
    os.makedirs(cases_dir)
    for c in C.CASES:
        with open(os.path.join(cases_dir, c["id"] + ".json"), "w", encoding="utf-8") as f:
            json.dump(case_json(c), f, indent=2, ensure_ascii=False)
            f.write("\n")

    rows, split = [], 0
    for c in C.CASES:
        if c["relevant"] and c["outcome"] == "resolved" and "howto" in c["tags"]:
            rows.append(dict(id=c["id"], query=plain_text(c["subject"] + " " + c["body"]),
                             relevant=c["relevant"],
                             split="calibration" if split % 2 == 0 else "held_out"))
            split += 1
    with open(os.path.join(ROOT, "retrieval.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"world: {len(customers)} customers, {len(orders)} orders, {len(kb)} articles; "
          f"{len(C.CASES)} cases; {len(rows)} retrieval rows")


if __name__ == "__main__":
    main()
