#!/usr/bin/env python3
"""Write the Stride Outfitters world, its cases and retrieval.jsonl. Deterministic.

usage: generate.py [OUT_DIR]   (default: the folder above scripts/)
"""
import hashlib
import json
import os
import sys
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import spec_kb  # noqa: E402
import spec_tickets  # noqa: E402
import spec_world as W  # noqa: E402

ALNUM = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def h(s):
    return hashlib.sha256(s.encode()).hexdigest()


def iso(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def parse(s):
    return datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def money(x):
    return round(x + 1e-9, 2)


def make_order(oid, cust, status, od, sh, de, carrier, items, refunded):
    lines = [{"sku": sku, "name": W.CATALOGUE[sku][0], "quantity": q, "unit_price_usd": W.CATALOGUE[sku][1]}
             for sku, q in items]
    total = money(sum(l["quantity"] * l["unit_price_usd"] for l in lines))
    o = {"order_id": oid, "customer_id": cust, "status": status, "order_date": od, "shipped_at": sh,
         "delivered_at": de}
    if carrier:
        o["carrier"] = carrier
        o["tracking_number"] = W.tracking(oid, carrier)
    o["items"] = lines
    o["total_usd"] = total
    o["refunded_usd"] = money(refunded)
    return o


def filler_orders(taken):
    skus = sorted(W.CATALOGUE)
    out = []
    for i, (cust, status, od) in enumerate(W.FILLERS):
        k = 0
        while True:
            d = h(f"filler/{i}/{k}")
            oid = "STR-" + "".join(ALNUM[int(d[j:j + 2], 16) % len(ALNUM)] for j in range(0, 8, 2)) + "-" + \
                  "".join(str(int(c, 16) % 10) for c in d[8:13])
            tail = oid[-5:].lstrip("0")
            if oid not in taken and all(t[-5:].lstrip("0") != tail for t in taken):
                break
            k += 1
        taken.add(oid)
        n = 1 + int(d[20], 16) % 2
        items = []
        for j in range(n):
            sku = skus[int(d[30 + 4 * j:34 + 4 * j], 16) % len(skus)]
            if sku not in [s for s, _ in items]:
                items.append((sku, 1 + (int(d[40 + j], 16) % 3 == 0)))
        base = parse(od)
        intl = cust in ("SRC-4125", "SRC-4126", "SRC-4127", "SRC-4128", "SRC-4129", "SRC-4130", "SRC-4131", "SRC-4132", "SRC-4133")
        carrier = "DHL Express" if intl else W.CARRIERS[int(d[50], 16) % 3]
        sh = de = None
        refunded = 0.0
        if status in ("shipped", "delivered", "returned"):
            sh = iso(base + timedelta(hours=20 + int(d[51], 16)))
        if status in ("delivered", "returned"):
            de = iso(base + timedelta(days=3 + int(d[52], 16) % 4 + (3 if intl else 0), hours=2))
        if status in ("processing", "cancelled"):
            carrier = None
        o = make_order(oid, cust, status, od, sh, de, carrier, items, 0.0)
        if status == "cancelled":
            o["refunded_usd"] = o["total_usd"]
        out.append(o)
    return out


def build_world():
    customers = [{"customer_id": c, "name": n, "email": e} for c, n, e in W.CUSTOMERS]
    orders = [make_order(*row) for row in W.ORDERS]
    orders += filler_orders({o["order_id"] for o in orders})
    orders.sort(key=lambda o: (o["order_date"], o["order_id"]))
    kb = [{"id": a, "title": t, "body": "\n\n".join(paras), "tags": tags} for a, t, tags, paras in spec_kb.ARTICLES]
    world = {"description": W.DESCRIPTION, "now": W.NOW}
    return customers, orders, kb, world


def ticket_id(case_id, used):
    k = 0
    while True:
        n = int(h(f"ticket/{case_id}/{k}")[:8], 16) % 90000 + 10000
        tid = f"hd-{n}"
        if tid not in used:
            used.add(tid)
            return tid
        k += 1


def build_cases(orders):
    by_id = {o["order_id"]: o for o in orders}
    used = set()
    cases, retrieval = [], []
    for c in spec_tickets.CASES:
        ticket = {"ticket_id": ticket_id(c["id"], used), "subject": c["subject"], "body": c["body"],
                  "customer_id": c["customer_id"]}
        if c["order_id"]:
            ticket["order_id"] = c["order_id"]
        expect = json.loads(json.dumps(c["expect"]))
        if "message_includes" in expect:
            mi = []
            for s in expect["message_includes"]:
                if s.startswith("{trk:"):
                    s = by_id[s[5:-1]]["tracking_number"]
                mi.append(s)
            expect["message_includes"] = mi
        out = {"id": c["id"], "tags": [f"type:{c['kind']}", f"lang:{c['lang']}", *c["tags"]], "now": W.NOW,
               "ticket": ticket}
        if c["thread"]:
            out["thread"] = c["thread"]
        if c["events"]:
            out["events"] = c["events"]
        out["expect"] = expect
        cases.append(out)
        if c["article"] and expect["outcome"] != "escalated":
            retrieval.append({"case": c["id"], "query": c["query"], "article": c["article"]})
    return cases, retrieval


def dump(path, obj):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(obj, ensure_ascii=False, indent=2) + "\n")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(HERE)
    customers, orders, kb, world = build_world()
    for name, obj in (("customers", customers), ("orders", orders), ("kb", kb), ("world", world)):
        dump(os.path.join(out, "world", name + ".json"), obj)
    cases, retrieval = build_cases(orders)
    cdir = os.path.join(out, "cases")
    os.makedirs(cdir, exist_ok=True)
    for f in os.listdir(cdir):
        if f.endswith(".json"):
            os.remove(os.path.join(cdir, f))
    for c in cases:
        dump(os.path.join(cdir, c["id"] + ".json"), c)
    with open(os.path.join(out, "retrieval.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in retrieval:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(customers)} customers, {len(orders)} orders, {len(kb)} articles, {len(cases)} cases, "
          f"{len(retrieval)} retrieval lines to {out}")


if __name__ == "__main__":
    main()
