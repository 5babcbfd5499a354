#!/usr/bin/env python3
"""Builds world/customers.json, world/orders.json, world/kb.json, world/world.json for Papeterie Lumen.

Written blind from docs/use-case.md, docs/tool-contracts.md, the "Case format" section of docs/evals.md
and the shape of the fixture world's data files. Never runs the agent.
"""
import json, os
from decimal import Decimal

HERE = os.path.dirname(os.path.abspath(__file__))
WORLD = os.path.join(HERE, "..", "world")
NOW = "2027-02-10T09:30:00Z"

CUSTOMERS = [
    ("PL-C-0007", "Camille Roux", "camille.roux@example.net"),
    ("PL-C-0012", "Margaux Lefebvre", "m.lefebvre@example.org"),
    ("PL-C-0019", "Jonas Becker", "jonas.becker@example.com"),
    ("PL-C-0023", "Elena Navarro Ruiz", "elena.navarro@example.org"),
    ("PL-C-0031", "Giulia Ferraro", "giulia.ferraro@example.net"),
    ("PL-C-0036", "Daan de Vries", "daan.devries@example.com"),
    ("PL-C-0042", "Hannah Whitfield", "hannah.whitfield@example.com"),
    ("PL-C-0048", "Oliver Pemberton", "o.pemberton@example.org"),
    ("PL-C-0055", "Priya Raman", "priya.raman@example.com"),
    ("PL-C-0061", "Aino Virtanen", "aino.virtanen@example.net"),
    ("PL-C-0067", "Nguyễn Thị Lan", "lan.nguyen@example.com"),
    ("PL-C-0073", "Sophie Marchand", "sophie.marchand@example.org"),
    ("PL-C-0080", "Matthias Huber", "matthias.huber@example.net"),
    ("PL-C-0088", "Keiko Tanaka", "keiko.tanaka@example.com"),
    ("PL-C-0094", "Lucía Ortega", "lucia.ortega@example.org"),
]

# sku -> (name, unit price in USD as a string)
P = {
    "FP-AUR-EF": ("Aurore fountain pen, 14k gold nib, Extra Fine", "289.00"),
    "FP-AUR-F": ("Aurore fountain pen, 14k gold nib, Fine", "289.00"),
    "FP-AUR-M": ("Aurore fountain pen, 14k gold nib, Medium", "289.00"),
    "FP-AUR-B": ("Aurore fountain pen, 14k gold nib, Broad", "289.00"),
    "FP-LYC-F": ("Lycée steel-nib fountain pen, Fine", "38.50"),
    "FP-CEL-EF": ("Célestine celluloid piston-filler fountain pen, Extra Fine", "164.00"),
    "FP-TRB-M": ("Traboule limited-edition fountain pen, 18k nib, urushi lacquer, Medium", "1299.00"),
    "INK-BLE-50": ("Bleu de Fourvière ink, 50 ml", "18.90"),
    "INK-SEP-50": ("Sépia Saône ink, 50 ml", "18.90"),
    "INK-SHM-RCR": ("Rouge Croix-Rousse shimmer ink, 30 ml", "22.40"),
    "INK-SHM-OFV": ("Or de Fourvière shimmer ink, 30 ml", "22.40"),
    "INK-CRT-6": ("Standard international ink cartridges, blue-black, box of 6", "4.75"),
    "CONV-PIS": ("Piston converter, standard international", "9.80"),
    "NB-A5-DOT": ("Carnet Lumen A5 notebook, dot grid, 90 g/m², 96 sheets", "24.99"),
    "NB-A5-LIN": ("Carnet Lumen A5 notebook, lined, 90 g/m², 96 sheets", "24.99"),
    "NB-B6-PLN": ("Pocket notebook B6, plain, pack of 3", "19.50"),
    "PAP-COT-A4": ("Cotton letter paper A4, 50 sheets", "32.00"),
    "PAP-PEL-A5": ("Papier pelure 52 g/m², A5, 100 loose sheets", "21.00"),
    "ENV-C6-25": ("Deckled-edge envelopes C6, pack of 25", "14.60"),
    "SEAL-KIT": ("Sealing wax kit with brass seal", "46.00"),
    "CAL-SET": ("Calligraphy dip-pen set with 6 nibs", "41.50"),
    "JRN-LTH-A5": ("Leather journal cover A5, cognac", "79.00"),
    "CASE-3": ("Three-pen leather case, cognac", "44.00"),
    "DESK-BLT": ("Rocker blotter, walnut", "58.00"),
    "PLN-2027": ("Agenda 2027, week on two pages, linen cover", "36.00"),
    "GIFT-COF": ("Coffret Lumen gift set (Lycée pen, ink, A5 notebook)", "129.00"),
}

COL, CPI, DHL = "Colissimo", "Colissimo International", "DHL Express"

# (order_id, customer, status, order_date, shipped_at, delivered_at, carrier, tracking, [(sku, qty)], refunded)
ORDERS = [
    # Hannah Whitfield, Portland OR (en)
    ("ORD-2026-04410", "PL-C-0042", "delivered", "2026-12-02T20:05:00Z", "2026-12-03T14:00:00Z", "2026-12-09T16:40:00Z", DHL, "4821022918", [("PAP-COT-A4", 1), ("ENV-C6-25", 1)], "0"),
    ("ORD-2027-00114", "PL-C-0042", "delivered", "2027-01-20T15:12:00Z", "2027-01-21T10:30:00Z", "2027-01-26T18:05:00Z", DHL, "4821937765", [("FP-AUR-M", 1), ("INK-BLE-50", 1)], "0"),
    ("ORD-2027-00187", "PL-C-0042", "shipped", "2027-02-03T02:48:00Z", "2027-02-05T11:15:00Z", None, DHL, "5930184472", [("NB-A5-DOT", 2), ("INK-SEP-50", 1)], "0"),
    ("ORD-2027-00241", "PL-C-0042", "processing", "2027-02-09T21:40:00Z", None, None, None, None, [("PLN-2027", 1), ("INK-CRT-6", 2)], "0"),
    # Oliver Pemberton, Bristol UK (en)
    ("ORD-2026-04388", "PL-C-0048", "cancelled", "2026-11-29T13:10:00Z", None, None, None, None, [("GIFT-COF", 1)], "129.00"),
    ("ORD-2027-00098", "PL-C-0048", "delivered", "2027-01-11T09:30:00Z", "2027-01-12T09:00:00Z", "2027-01-18T12:20:00Z", CPI, "CP041233987FR", [("JRN-LTH-A5", 1)], "0"),
    ("ORD-2027-00117", "PL-C-0048", "delivered", "2027-01-20T08:25:00Z", "2027-01-21T09:10:00Z", "2027-01-26T11:35:00Z", CPI, "CP041262248FR", [("PLN-2027", 1), ("DESK-BLT", 1)], "36.00"),
    ("ORD-2027-00203", "PL-C-0048", "shipped", "2027-02-04T19:22:00Z", "2027-02-06T09:40:00Z", None, CPI, "CP041339552FR", [("NB-B6-PLN", 1), ("CONV-PIS", 1)], "0"),
    ("ORD-2027-00250", "PL-C-0048", "processing", "2027-02-10T08:55:00Z", None, None, None, None, [("FP-AUR-M", 1)], "0"),
    # Priya Raman, Singapore (en)
    ("ORD-2027-00131", "PL-C-0055", "delivered", "2027-01-22T06:30:00Z", "2027-01-23T09:00:00Z", "2027-01-29T08:45:00Z", DHL, "5930099421", [("FP-LYC-F", 1), ("INK-SHM-RCR", 2)], "22.40"),
    ("ORD-2027-00152", "PL-C-0055", "delivered", "2027-01-27T04:15:00Z", "2027-01-28T10:00:00Z", None, DHL, "5930107735", [("CAL-SET", 1), ("PAP-PEL-A5", 1)], "0"),
    ("ORD-2027-00212", "PL-C-0055", "processing", "2027-02-08T03:05:00Z", None, None, None, None, [("NB-A5-LIN", 2)], "0"),
    # Keiko Tanaka, Osaka (en)
    ("ORD-2027-00119", "PL-C-0088", "delivered", "2027-01-21T00:40:00Z", "2027-01-22T09:30:00Z", "2027-01-28T02:15:00Z", DHL, "5930088214", [("NB-B6-PLN", 2)], "39.00"),
    ("ORD-2027-00165", "PL-C-0088", "delivered", "2027-01-30T01:20:00Z", "2027-01-31T10:10:00Z", "2027-02-04T03:30:00Z", DHL, "5930132290", [("FP-CEL-EF", 1), ("INK-SEP-50", 2), ("PAP-PEL-A5", 1)], "0"),
    ("ORD-2027-00221", "PL-C-0088", "shipped", "2027-02-08T02:10:00Z", "2027-02-09T10:05:00Z", None, DHL, "5930201846", [("INK-BLE-50", 3)], "0"),
    ("ORD-2027-00233", "PL-C-0088", "cancelled", "2027-02-09T05:00:00Z", None, None, None, None, [("FP-AUR-EF", 1)], "289.00"),
    # Camille Roux, Lyon (fr)
    ("ORD-2026-04102", "PL-C-0007", "delivered", "2026-11-14T10:00:00Z", "2026-11-16T09:00:00Z", "2026-11-17T12:30:00Z", COL, "6A23790011874", [("PLN-2027", 1)], "0"),
    ("ORD-2027-00058", "PL-C-0007", "returned", "2027-01-04T16:30:00Z", "2027-01-05T10:00:00Z", "2027-01-06T13:00:00Z", COL, "6A23812233460", [("DESK-BLT", 1)], "0"),
    ("ORD-2027-00145", "PL-C-0007", "delivered", "2027-01-25T17:45:00Z", "2027-01-26T11:00:00Z", "2027-01-27T12:10:00Z", COL, "6A23847710293", [("NB-A5-DOT", 3)], "0"),
    ("ORD-2027-00249", "PL-C-0007", "processing", "2027-02-10T08:10:00Z", None, None, None, None, [("INK-SHM-RCR", 1), ("NB-B6-PLN", 1)], "0"),
    # Margaux Lefebvre, Paris (fr)
    ("ORD-2027-00089", "PL-C-0012", "delivered", "2027-01-10T18:00:00Z", "2027-01-11T10:30:00Z", "2027-01-13T11:45:00Z", COL, "6A23820045518", [("GIFT-COF", 1)], "0"),
    ("ORD-2027-00160", "PL-C-0012", "delivered", "2027-01-29T12:35:00Z", "2027-01-30T09:15:00Z", "2027-02-02T10:20:00Z", COL, "6A23844410982", [("FP-AUR-F", 1), ("CASE-3", 1), ("INK-SHM-RCR", 1)], "0"),
    ("ORD-2027-00176", "PL-C-0012", "shipped", "2027-02-01T07:55:00Z", "2027-02-02T14:20:00Z", None, COL, "6A23851190457", [("PAP-COT-A4", 1), ("ENV-C6-25", 1)], "0"),
    # Jonas Becker, Hamburg (de)
    ("ORD-2027-00097", "PL-C-0019", "delivered", "2027-01-11T09:29:59Z", "2027-01-12T09:00:00Z", "2027-01-16T10:05:00Z", CPI, "CP041233960FR", [("SEAL-KIT", 1)], "0"),
    ("ORD-2027-00102", "PL-C-0019", "delivered", "2027-01-12T08:15:00Z", "2027-01-13T09:20:00Z", "2027-01-18T13:40:00Z", CPI, "CP041241165FR", [("FP-LYC-F", 1), ("INK-CRT-6", 4)], "0"),
    ("ORD-2027-00198", "PL-C-0019", "shipped", "2027-02-02T20:30:00Z", "2027-02-04T09:30:00Z", None, CPI, "CP041318804FR", [("NB-A5-DOT", 1), ("INK-SEP-50", 1)], "0"),
    # Elena Navarro Ruiz, Madrid (es)
    ("ORD-2027-00041", "PL-C-0023", "cancelled", "2027-01-03T09:00:00Z", None, None, None, None, [("NB-A5-LIN", 1)], "24.99"),
    ("ORD-2027-00137", "PL-C-0023", "delivered", "2027-01-24T10:20:00Z", "2027-01-25T09:45:00Z", "2027-01-29T12:00:00Z", CPI, "CP041276650FR", [("PAP-COT-A4", 1), ("ENV-C6-25", 1), ("SEAL-KIT", 1)], "0"),
    ("ORD-2027-00219", "PL-C-0023", "processing", "2027-02-07T18:45:00Z", None, None, None, None, [("CAL-SET", 1)], "0"),
    # Giulia Ferraro, Bologna (it)
    ("ORD-2027-00062", "PL-C-0031", "returned", "2027-01-06T08:00:00Z", "2027-01-07T09:00:00Z", "2027-01-12T11:30:00Z", CPI, "CP041215508FR", [("JRN-LTH-A5", 1)], "0"),
    ("ORD-2027-00071", "PL-C-0031", "delivered", "2027-01-08T11:00:00Z", "2027-01-09T09:30:00Z", "2027-01-13T14:10:00Z", CPI, "CP041219932FR", [("CAL-SET", 1)], "0"),
    ("ORD-2027-00124", "PL-C-0031", "delivered", "2027-01-21T14:05:00Z", "2027-01-23T10:00:00Z", "2027-01-26T15:25:00Z", DHL, "5930090057", [("FP-TRB-M", 1)], "0"),
    ("ORD-2027-00182", "PL-C-0031", "shipped", "2027-02-02T09:10:00Z", "2027-02-03T15:00:00Z", None, CPI, "CP041310025FR", [("INK-SHM-OFV", 1), ("NB-A5-DOT", 1)], "0"),
    # Daan de Vries, Utrecht (nl)
    ("ORD-2027-00083", "PL-C-0036", "returned", "2027-01-09T12:00:00Z", "2027-01-11T09:00:00Z", "2027-01-14T15:50:00Z", CPI, "CP041225519FR", [("FP-CEL-EF", 1)], "0"),
    ("ORD-2027-00149", "PL-C-0036", "delivered", "2027-01-26T20:10:00Z", "2027-01-27T10:00:00Z", "2027-02-01T13:15:00Z", CPI, "CP041281143FR", [("NB-A5-LIN", 1), ("NB-B6-PLN", 1)], "0"),
    ("ORD-2027-00205", "PL-C-0036", "shipped", "2027-02-05T07:30:00Z", "2027-02-06T10:00:00Z", None, CPI, "CP041322640FR", [("INK-BLE-50", 1), ("CONV-PIS", 1)], "0"),
    # Aino Virtanen, Tampere (fi)
    ("ORD-2027-00112", "PL-C-0061", "delivered", "2027-01-19T15:30:00Z", "2027-01-20T10:00:00Z", "2027-01-26T12:40:00Z", CPI, "CP041259987FR", [("PAP-PEL-A5", 2)], "0"),
    ("ORD-2027-00171", "PL-C-0061", "shipped", "2027-01-31T16:00:00Z", "2027-02-02T09:20:00Z", None, CPI, "CP041301177FR", [("FP-LYC-F", 1), ("INK-BLE-50", 1)], "0"),
    # Nguyễn Thị Lan, Hanoi (vi)
    ("ORD-2027-00158", "PL-C-0067", "delivered", "2027-01-28T02:00:00Z", "2027-01-29T09:00:00Z", "2027-02-05T04:20:00Z", DHL, "5930121450", [("FP-AUR-M", 1)], "0"),
    # Sophie Marchand, Montréal (fr-CA)
    ("ORD-2027-00121", "PL-C-0073", "delivered", "2027-01-21T03:00:00Z", "2027-01-22T10:00:00Z", "2027-01-27T17:30:00Z", DHL, "5930086631", [("NB-A5-DOT", 1), ("INK-SEP-50", 1)], "0"),
    ("ORD-2027-00190", "PL-C-0073", "shipped", "2027-02-02T23:15:00Z", "2027-02-04T10:45:00Z", None, DHL, "5930221187", [("PLN-2027", 1), ("ENV-C6-25", 1)], "0"),
    # Matthias Huber, Wien (de-AT)
    ("ORD-2026-04459", "PL-C-0080", "delivered", "2026-12-08T10:00:00Z", "2026-12-09T09:00:00Z", "2026-12-14T11:15:00Z", CPI, "CP040998812FR", [("DESK-BLT", 1)], "0"),
    ("ORD-2027-00127", "PL-C-0080", "delivered", "2027-01-22T09:40:00Z", "2027-01-23T10:00:00Z", "2027-01-27T14:05:00Z", CPI, "CP041270093FR", [("FP-AUR-B", 1), ("CONV-PIS", 1)], "0"),
    ("ORD-2027-00226", "PL-C-0080", "processing", "2027-02-08T19:00:00Z", None, None, None, None, [("GIFT-COF", 1)], "0"),
    # Lucía Ortega, Ciudad de México (es-MX)
    ("ORD-2027-00140", "PL-C-0094", "delivered", "2027-01-24T22:30:00Z", "2027-01-26T10:00:00Z", None, DHL, "5930109978", [("FP-LYC-F", 2)], "0"),
    ("ORD-2027-00214", "PL-C-0094", "shipped", "2027-02-06T01:40:00Z", "2027-02-08T09:00:00Z", None, DHL, "5930233304", [("CAL-SET", 1), ("INK-SEP-50", 1)], "0"),
]


def money(d):
    return float(d.quantize(Decimal("0.01")))


def build_orders():
    out = []
    for (oid, cid, status, od, sh, dl, carrier, trk, items, refunded) in ORDERS:
        its, total = [], Decimal("0")
        for sku, qty in items:
            name, price = P[sku]
            its.append({"sku": sku, "name": name, "quantity": qty, "unit_price_usd": float(Decimal(price))})
            total += Decimal(price) * qty
        rec = {"order_id": oid, "customer_id": cid, "status": status, "order_date": od,
               "shipped_at": sh, "delivered_at": dl}
        if carrier is not None:
            rec["carrier"] = carrier
            rec["tracking_number"] = trk
        rec["items"] = its
        rec["total_usd"] = money(total)
        rec["refunded_usd"] = money(Decimal(refunded))
        out.append(rec)
    return out


KB = json.load(open(os.path.join(HERE, "kb_source.json"), encoding="utf-8"))


def main():
    os.makedirs(WORLD, exist_ok=True)
    def dump(name, obj):
        with open(os.path.join(WORLD, name), "w", encoding="utf-8") as f:
            json.dump(obj, f, ensure_ascii=False, indent=2)
            f.write("\n")
    dump("customers.json", [{"customer_id": c, "name": n, "email": e} for c, n, e in CUSTOMERS])
    dump("orders.json", build_orders())
    dump("kb.json", KB)
    dump("world.json", {
        "description": "Papeterie Lumen, a stationery and fountain-pen shop based in Lyon (atelier-boutique on the Croix-Rousse) "
                       "that sells worldwide, with prices and refunds in US dollars. A snapshot pinned to one instant so that "
                       "refund eligibility is reproducible. Written blind from the policy docs as a held-out evaluation world.",
        "now": NOW,
    })


if __name__ == "__main__":
    main()
