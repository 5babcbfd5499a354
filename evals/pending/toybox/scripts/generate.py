#!/usr/bin/env python3
"""Generate the Toybox & Co world: world/*.json, cases/*.json, retrieval.jsonl.

Deterministic (seeded). Run from anywhere: python3 scripts/generate.py
The labels in cases_spec.py were written by hand from docs/use-case.md and docs/tool-contracts.md;
validate.py recomputes every refund label from the contract's eligibility table.
"""
import json
import os
import random
import re
import shutil
import sys
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import world_spec as W  # noqa: E402

UTC = timezone.utc
NOW = datetime.strptime(W.NOW, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
DIGITS = "23456789"

# days from order to dispatch, dispatch to delivery, by carrier
DELIVERY_DAYS = {"UPS": 2.9, "USPS": 3.4, "FedEx": 2.0, "DHL": 5.5}


def iso(dt):
    return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse(s):
    return datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)


def mint_ids(n, rng, taken):
    out = []
    while len(out) < n:
        tail = "".join(rng.choice(ALPHABET) for _ in range(6))
        digits = sum(c.isdigit() for c in tail)
        if digits < 2 or digits > 4:
            continue
        oid = "TB" + tail
        if oid in taken or oid in out:
            continue
        out.append(oid)
    return out


def tracking(carrier, rng):
    if carrier == "UPS":
        return "1Z" + "".join(rng.choice("ABCDEFGHJKLMNPRSTVWXY0123456789") for _ in range(6)) + "03" + "".join(rng.choice("0123456789") for _ in range(8))
    if carrier == "USPS":
        return "94001" + "".join(rng.choice("0123456789") for _ in range(17))
    if carrier == "FedEx":
        return "".join(rng.choice("0123456789") for _ in range(12)).replace("0", "7", 1)
    if carrier == "DHL":
        return "".join(rng.choice("0123456789") for _ in range(10)).replace("0", "4", 1)
    raise ValueError(carrier)


def cents(x):
    return int(round(x * 100))


def build_orders(rng):
    ids = mint_ids(len(W.ORDERS), rng, set(W.UNKNOWN_IDS) | {"TB7K2M9Q"})
    by_key = {}
    records = []
    for spec, oid in zip(W.ORDERS, ids):
        cust_id = W.CUSTOMERS[spec["cust"]][0]
        if "order_ts" in spec:
            odt = parse(spec["order_ts"])
        else:
            odt = (NOW - timedelta(days=spec["days"])).replace(second=0, microsecond=0)
        status = spec["status"]
        carrier = spec.get("carrier")
        shipped = delivered = None
        if status in ("shipped", "delivered", "returned"):
            if "shipped_ts" in spec:
                shipped = parse(spec["shipped_ts"])
            else:
                shipped = (odt + timedelta(days=spec.get("ship", 1.1))).replace(second=0)
            if status in ("delivered", "returned"):
                if "delivered_ts" in spec:
                    delivered = parse(spec["delivered_ts"])
                elif not spec.get("delivered_null"):
                    delivered = (shipped + timedelta(days=spec.get("deliv", DELIVERY_DAYS[carrier]))).replace(second=0)
        items = []
        total = 0
        for sku, qty in spec["items"]:
            name, price = W.CATALOG[sku]
            items.append({"sku": sku, "name": name, "quantity": qty, "unit_price_usd": price})
            total += cents(price) * qty
        refunded = spec.get("refunded", 0.0)
        if refunded == "full":
            refunded = total / 100
        rec = {
            "order_id": oid,
            "customer_id": cust_id,
            "status": status,
            "order_date": iso(odt),
            "shipped_at": iso(shipped) if shipped else None,
            "delivered_at": iso(delivered) if delivered else None,
        }
        if status in ("shipped", "delivered", "returned"):
            rec["carrier"] = carrier
            rec["tracking_number"] = tracking(carrier, rng)
        rec["items"] = items
        rec["total_usd"] = round(total / 100, 2)
        rec["refunded_usd"] = round(float(refunded), 2)
        records.append(rec)
        by_key[spec["key"]] = rec
    return records, by_key


def fmt_gmail(dt):
    # "Mon, May 10, 2027 at 8:41 AM"
    return dt.strftime("%a, %b ") + str(dt.day) + dt.strftime(", %Y at ") + str(int(dt.strftime("%I"))) + dt.strftime(":%M %p")


def fmt_outlook(dt):
    # "Thursday, May 6, 2027 10:14 AM"
    return dt.strftime("%A, %B ") + str(dt.day) + dt.strftime(", %Y ") + str(int(dt.strftime("%I"))) + dt.strftime(":%M %p")


def render(text, by_key):
    if text is None:
        return None

    def sub(m):
        key, fmt = m.group(1), m.group(2) or "id"
        o = by_key[key]
        oid = o["order_id"]
        if fmt == "id":
            return oid
        if fmt == "lower":
            return oid.lower()
        if fmt == "spaced":
            s = oid.lower()
            return f"{s[:3]} {s[3:6]} {s[6:]}"
        if fmt == "spacedup":
            return f"{oid[:4]} {oid[4:]}"
        if fmt == "track":
            return o["tracking_number"]
        if fmt == "carrier":
            return o["carrier"]
        if fmt == "ship_gmail":
            return fmt_gmail(parse(o["shipped_at"]) - timedelta(hours=7))
        if fmt == "deliv_outlook":
            return fmt_outlook(parse(o["delivered_at"]) - timedelta(hours=7))
        if fmt == "total":
            return f"{o['total_usd']:.2f}"
        raise ValueError(fmt)

    return re.sub(r"<<(\w+)(?:\|(\w+))?>>", sub, text)


def render_obj(obj, by_key):
    if isinstance(obj, str):
        return render(obj, by_key)
    if isinstance(obj, list):
        return [render_obj(x, by_key) for x in obj]
    if isinstance(obj, dict):
        return {k: render_obj(v, by_key) for k, v in obj.items()}
    return obj


def main():
    rng = random.Random(20270512)
    orders, by_key = build_orders(rng)
    for o in orders:
        for f in ("shipped_at", "delivered_at"):
            if o[f] and o["order_date"] <= W.NOW and parse(o[f]) > NOW - timedelta(hours=1):
                raise SystemExit(f"{o['order_id']} {f} is in the future or too close to now")

    customers = [{"customer_id": c, "name": n, "email": e} for c, n, e in W.CUSTOMERS.values()]
    kb = [{"id": a["id"], "title": a["title"], "body": a["body"], "tags": a["tags"]} for a in W.KB]
    world = {"description": W.SHOP_DESCRIPTION, "now": W.NOW}

    wdir = os.path.join(ROOT, "world")
    os.makedirs(wdir, exist_ok=True)
    for name, data in (("customers", customers), ("orders", orders), ("kb", kb), ("world", world)):
        with open(os.path.join(wdir, name + ".json"), "w", encoding="utf-8") as f:
            json.dump(data, f, indent=2, ensure_ascii=False)
            f.write("\n")

    import cases_spec as C

    cdir = os.path.join(ROOT, "cases")
    if os.path.isdir(cdir):
        shutil.rmtree(cdir)
    os.makedirs(cdir)
    cust_ids = {k: v[0] for k, v in W.CUSTOMERS.items()}
    retrieval = []
    seen = set()
    for spec in C.CASES:
        case = C.build(spec, cust_ids)
        case = render_obj(case, by_key)
        if case["id"] in seen:
            raise SystemExit("duplicate case id " + case["id"])
        seen.add(case["id"])
        with open(os.path.join(cdir, case["id"] + ".json"), "w", encoding="utf-8") as f:
            json.dump(case, f, indent=2, ensure_ascii=False)
            f.write("\n")
        if spec.get("retrieval"):
            retrieval.append({"case": case["id"], "query": render(spec["retrieval"], by_key), "articles": spec["articles"]})
    with open(os.path.join(ROOT, "retrieval.jsonl"), "w", encoding="utf-8") as f:
        for r in retrieval:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(customers)} customers, {len(orders)} orders, {len(kb)} articles, {len(seen)} cases, {len(retrieval)} retrieval lines")


if __name__ == "__main__":
    main()
