"""Build the Oakline world and cases into ../world, ../cases and ../retrieval.jsonl."""
import html, json, os, re, sys, glob

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import world_data as W
import kb_data
import cases_status, cases_refund, cases_howto, cases_other  # noqa: F401  (register cases)
from common import CASES, RETRIEVAL


def usd(cents):
    return round(cents / 100.0, 2)


MONEY = re.compile(r'("(?:unit_price_usd|total_usd|refunded_usd|amount_usd_max)": )(-?\d+(?:\.\d+)?)')


def dump(path, obj):
    text = json.dumps(obj, indent=2, ensure_ascii=False)
    # money with two decimals, as the shop writes it (the JSON value is unchanged)
    text = MONEY.sub(lambda m: m.group(1) + f"{float(m.group(2)):.2f}", text)
    assert json.loads(text) == obj
    with open(path, "w", encoding="utf-8") as f:
        f.write(text + "\n")


def build_world():
    os.makedirs(os.path.join(ROOT, "world"), exist_ok=True)
    customers = [{"customer_id": c, "name": n, "email": e} for c, n, e in W.CUSTOMERS]
    orders = []
    for (oid, cid, status, od, sh, dl, carrier, tracking, lines, refunded) in W.ORDERS:
        items = []
        total = 0
        for sku, qty in lines:
            name, price = W.P[sku]
            items.append({"sku": sku, "name": name, "quantity": qty, "unit_price_usd": usd(price)})
            total += price * qty
        o = {"order_id": oid, "customer_id": cid, "status": status, "order_date": od,
             "shipped_at": sh, "delivered_at": dl}
        if carrier is not None:
            o["carrier"] = carrier
            o["tracking_number"] = tracking
        o["items"] = items
        o["total_usd"] = usd(total)
        o["refunded_usd"] = usd(refunded)
        orders.append(o)
    dump(os.path.join(ROOT, "world", "customers.json"), customers)
    dump(os.path.join(ROOT, "world", "orders.json"), orders)
    dump(os.path.join(ROOT, "world", "kb.json"), kb_data.KB)
    dump(os.path.join(ROOT, "world", "world.json"), {"description": W.DESCRIPTION, "now": W.NOW})


def plain(text):
    if "<html" in text:
        text = re.sub(r"(?is)<(style|head)[^>]*>.*?</\1>", " ", text)
        text = re.sub(r"(?i)</p>", "\n", text)
        text = re.sub(r"<[^>]+>", "", text)
        text = html.unescape(text).replace("\xa0", " ")
    return re.sub(r"\s+", " ", text).strip()


def build_cases():
    d = os.path.join(ROOT, "cases")
    os.makedirs(d, exist_ok=True)
    for f in glob.glob(os.path.join(d, "*.json")):
        os.remove(f)
    for c in CASES:
        dump(os.path.join(d, c["id"] + ".json"), c)
    with open(os.path.join(ROOT, "retrieval.jsonl"), "w", encoding="utf-8") as f:
        n = 0
        for c in CASES:
            if c["id"] not in RETRIEVAL:
                continue
            t = c["ticket"]
            q = plain(t["subject"]) + " " + plain(t["body"])
            split = "calibration" if n % 2 == 0 else "held_out"
            n += 1
            f.write(json.dumps({"id": c["id"], "query": q, "relevant": RETRIEVAL[c["id"]], "split": split},
                               ensure_ascii=False) + "\n")


if __name__ == "__main__":
    build_world()
    build_cases()
    print(len(CASES), "cases,", len(RETRIEVAL), "retrieval rows")
