#!/usr/bin/env python3
"""Builds world/*.json for the Pawprint Pantry evaluation world (written blind, 2026-12-04)."""
import json, os, random, re

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
NOW = "2027-08-03T20:15:00Z"

CUSTOMERS = [
    ("pp_48213", "Maya Okafor", "maya.okafor@example.com"),
    ("pp_10457", "Derek Lindqvist", "dlindqvist@example.net"),
    ("pp_22980", "Priya Raman", "priya.raman.cats@example.com"),
    ("pp_37114", "Tomas Herrera", "tomas.herrera@example.org"),
    ("pp_51302", "Kelsey Brandt", "kelseyb.pupmom@example.com"),
    ("pp_60748", "Jamal Whitaker", "jamal.whitaker@example.net"),
    ("pp_73025", "Hannah Voss", "hannah.voss@example.com"),
    ("pp_84491", "Rosa Delgado", "rosa.delgado@example.org"),
    ("pp_29036", "Ben Nakamura", "ben.nakamura@example.com"),
    ("pp_91567", "Leah Goldberg", "leah.goldberg@example.net"),
    ("pp_15820", "Marcus Bell", "marcus.bell@example.com"),
    ("pp_46673", "Aisha Karim", "aisha.karim@example.org"),
    ("pp_58209", "Colton Reyes", "colton.reyes@example.com"),
    ("pp_67341", "Ingrid Solberg", "ingrid.solberg@example.net"),
    ("pp_33750", "Frankie Dunn", "frankie.dunn@example.com"),
]

# sku: (name, unit price in cents)
CATALOG = {
    "PP-CF-HSS12": ("Hearthside Grain-Free Salmon Dry Cat Food, 12 lb", 3899),
    "PP-DF-TBA30": ("Trailblazer Adult Chicken & Rice Dry Dog Food, 30 lb", 6499),
    "PP-DF-TBP30": ("Trailblazer Puppy Lamb & Oatmeal Dry Dog Food, 30 lb", 6749),
    "PP-LT-CRU40": ("ClumpRight Unscented Clumping Cat Litter, 40 lb", 2199),
    "PP-LT-PFP35": ("PineFresh Pine Pellet Cat Litter, 35 lb", 1849),
    "PP-LB-HCL01": ("Hooded Corner Litter Box, Large", 3999),
    "PP-CT-SKY72": ("Sky Lounge 5-Tier Cat Tree, 72 in", 14999),
    "PP-CT-CATIO": ("Catio Haven Outdoor Cat Enclosure Kit", 129900),
    "PP-TY-RTL01": ("Rope Tug Toy, Large", 999),
    "PP-TY-HDG01": ("Squeaky Hedgehog Plush Toy", 749),
    "PP-TY-FWT01": ("Feather Wand Cat Teaser", 699),
    "PP-TY-LSR01": ("Laser Chase Automatic Cat Toy", 2499),
    "PP-TY-RCH0L": ("Tough Rubber Treat-Dispensing Chew Toy, Large", 1499),
    "PP-BD-CPB42": ("Chew-Proof Ballistic Dog Bed, 42 in", 8900),
    "PP-BD-ORT0L": ("Orthopedic Memory Foam Dog Bed, Large", 11900),
    "PP-BW-SSD01": ("Stainless Steel Double Bowl Set", 2250),
    "PP-FT-CER2L": ("Ceramic Pet Water Fountain, 2 L", 4495),
    "PP-FT-FLT06": ("Water Fountain Replacement Filters, 6 pack", 1299),
    "PP-TR-FDCH4": ("Freeze-Dried Chicken Heart Treats, 4 oz", 1199),
    "PP-TR-DNT30": ("Dental Chews for Large Dogs, 30 count", 2999),
    "PP-HN-NPH0M": ("No-Pull Dog Harness, Medium", 2600),
    "PP-LS-RTR16": ("Retractable Dog Leash, 16 ft", 1995),
    "PP-CR-TRV36": ("Collapsible Travel Crate, 36 in", 7900),
    "PP-CR-WIR42": ("Double-Door Wire Dog Crate, 42 in", 9450),
    "PP-RX-FLT06": ("Flea & Tick Topical for Dogs 21-55 lb, 6 doses", 5800),
    "PP-RX-RNL88": ("Prescription Renal Support Dry Cat Food, 8.8 lb", 5299),
    "PP-FF-BEF06": ("Fresh Frozen Beef Recipe Dog Food, 6-pack", 4800),
    "PP-AQ-KIT10": ("Aquarium Starter Kit, 10 gal", 6999),
    "PP-AQ-FLK22": ("Tropical Flake Fish Food, 2.2 oz", 549),
    "PP-SM-HAB01": ("Deluxe Hamster Habitat", 5499),
    "PP-SM-TIM05": ("Timothy Hay, 5 lb", 1699),
    "PP-BR-SED10": ("Wild Bird Seed Blend, 10 lb", 1499),
    "PP-CT-SCR32": ("Sisal Cat Scratching Post, 32 in", 3400),
    "PP-GR-DSB01": ("Deshedding Grooming Brush", 1750),
    "PP-PD-TRN100": ("Puppy Training Pads, 100 count", 2799),
    "PP-WB-BAG16": ("Compostable Dog Poop Bags, 16 rolls", 1249),
    "PP-CL-DIF01": ("Calming Pheromone Diffuser Starter Kit", 3199),
    "PP-FD-PUZ01": ("Interactive Puzzle Feeder", 2100),
}

# order_id, customer, status, order_date, shipped_at, delivered_at, carrier, [(sku, qty)], refunded cents
ORDERS = [
    ("112-4839201-5530187", "pp_48213", "delivered", "2027-07-22T14:02:11Z", "2027-07-23T09:40:00Z", "2027-07-26T17:05:00Z", "UPS", [("PP-CT-SKY72", 1), ("PP-CF-HSS12", 1), ("PP-TY-FWT01", 2)], 0),
    ("112-7720415-0093346", "pp_48213", "shipped", "2027-08-01T09:30:27Z", "2027-08-02T15:12:00Z", None, "UPS", [("PP-LT-CRU40", 2)], 0),
    ("112-3068852-4417720", "pp_48213", "delivered", "2027-05-12T19:47:03Z", "2027-05-13T10:02:00Z", "2027-05-15T13:30:00Z", "USPS", [("PP-FT-CER2L", 1), ("PP-FT-FLT06", 1)], 0),

    ("112-9015537-2281904", "pp_10457", "processing", "2027-08-03T17:48:36Z", None, None, None, [("PP-DF-TBA30", 1), ("PP-TR-DNT30", 1)], 0),
    ("112-5583010-6649027", "pp_10457", "delivered", "2027-07-04T20:15:00Z", "2027-07-06T11:20:00Z", "2027-07-08T16:45:00Z", "FedEx", [("PP-BD-ORT0L", 1)], 0),
    ("112-2204968-7390512", "pp_10457", "cancelled", "2027-07-29T08:14:52Z", None, None, None, [("PP-TY-RTL01", 2), ("PP-TY-HDG01", 1)], "full"),

    ("112-6641208-1175093", "pp_22980", "delivered", "2027-07-04T20:14:59Z", "2027-07-06T08:05:00Z", "2027-07-09T14:22:00Z", "USPS", [("PP-CL-DIF01", 1), ("PP-TY-LSR01", 1)], 0),
    ("112-8837261-0462219", "pp_22980", "delivered", "2027-07-25T11:20:44Z", "2027-07-27T10:00:00Z", None, "UPS", [("PP-RX-RNL88", 2)], 0),
    ("112-1450093-8826674", "pp_22980", "shipped", "2027-07-30T22:03:18Z", "2027-07-31T13:30:00Z", None, "FedEx", [("PP-CT-SCR32", 1), ("PP-FT-FLT06", 1)], 0),

    ("112-3902716-5508841", "pp_37114", "delivered", "2027-07-15T16:31:09Z", "2027-07-16T12:00:00Z", "2027-07-19T15:10:00Z", "FedEx", [("PP-AQ-KIT10", 1), ("PP-AQ-FLK22", 3)], 0),
    ("112-0297354-9912608", "pp_37114", "returned", "2027-06-28T10:05:50Z", "2027-06-29T09:30:00Z", "2027-07-02T12:48:00Z", "UPS", [("PP-SM-HAB01", 1)], 0),
    ("112-4418805-3370926", "pp_37114", "delivered", "2027-07-30T07:58:12Z", "2027-07-30T18:00:00Z", "2027-07-31T14:41:00Z", "USPS", [("PP-SM-TIM05", 2), ("PP-BR-SED10", 1)], 0),

    ("112-7164430-2058813", "pp_51302", "delivered", "2027-07-20T13:12:40Z", "2027-07-21T08:50:00Z", "2027-07-23T18:20:00Z", "UPS", [("PP-DF-TBP30", 1), ("PP-PD-TRN100", 1), ("PP-HN-NPH0M", 1)], 2600),
    ("112-5870192-6624385", "pp_51302", "delivered", "2027-07-27T18:26:03Z", "2027-07-28T11:15:00Z", "2027-07-30T16:30:00Z", "FedEx", [("PP-BD-CPB42", 1), ("PP-TY-RCH0L", 2)], 0),
    ("112-2931647-8805512", "pp_51302", "shipped", "2027-07-31T12:44:29Z", "2027-08-02T09:15:00Z", None, "USPS", [("PP-CR-WIR42", 1)], 0),

    ("112-8450376-1139260", "pp_60748", "delivered", "2027-07-10T15:00:31Z", "2027-07-13T10:00:00Z", "2027-07-20T12:30:00Z", "UPS", [("PP-CT-CATIO", 1)], 0),
    ("112-6027781-4450913", "pp_60748", "delivered", "2027-06-02T21:17:45Z", "2027-06-03T14:00:00Z", "2027-06-06T11:45:00Z", "OnTrac", [("PP-CR-TRV36", 1)], 0),
    ("112-3317594-0286145", "pp_60748", "processing", "2027-08-03T12:05:10Z", None, None, None, [("PP-WB-BAG16", 1), ("PP-TR-FDCH4", 1)], 0),

    ("112-9263308-5714472", "pp_73025", "delivered", "2027-07-18T09:52:37Z", "2027-07-19T10:10:00Z", "2027-07-22T15:55:00Z", "USPS", [("PP-TY-LSR01", 1), ("PP-CF-HSS12", 1), ("PP-LT-CRU40", 1)], 0),
    ("112-1178840-6093321", "pp_73025", "delivered", "2027-07-05T09:00:14Z", "2027-07-06T09:00:00Z", "2027-07-09T13:00:00Z", "UPS", [("PP-FT-CER2L", 1)], "full"),
    ("112-4705519-2267038", "pp_73025", "shipped", "2027-08-01T08:21:55Z", "2027-08-02T20:10:00Z", None, "OnTrac", [("PP-FF-BEF06", 1)], 0),

    ("112-6390127-9951846", "pp_84491", "delivered", "2027-07-23T20:37:18Z", "2027-07-24T12:00:00Z", "2027-07-27T17:40:00Z", "FedEx", [("PP-LB-HCL01", 1), ("PP-LT-PFP35", 2)], 0),
    ("112-2086614-3378150", "pp_84491", "delivered", "2027-07-28T06:49:02Z", "2027-07-28T17:30:00Z", "2027-07-30T14:05:00Z", "USPS", [("PP-LS-RTR16", 2), ("PP-WB-BAG16", 1)], 0),
    ("112-7731055-4120697", "pp_84491", "delivered", "2027-07-04T10:00:00Z", "2027-07-06T09:00:00Z", "2027-07-09T12:10:00Z", "UPS", [("PP-CL-DIF01", 1), ("PP-GR-DSB01", 1)], 0),

    ("112-5209983-7746501", "pp_29036", "delivered", "2027-07-30T16:08:41Z", "2027-07-31T09:45:00Z", "2027-08-02T13:15:00Z", "UPS", [("PP-DF-TBA30", 1)], 0),
    ("112-8916440-0531728", "pp_29036", "delivered", "2027-07-08T11:30:00Z", "2027-07-09T10:00:00Z", "2027-07-06T15:20:00Z", "OnTrac", [("PP-CR-TRV36", 1)], 0),
    ("112-3640275-1897314", "pp_29036", "delivered", "2027-06-15T12:12:12Z", "2027-06-16T08:30:00Z", "2027-06-18T16:00:00Z", "FedEx", [("PP-FD-PUZ01", 1), ("PP-TR-DNT30", 1)], 0),

    ("112-2475516-6038849", "pp_91567", "shipped", "2027-07-31T10:11:27Z", "2027-08-02T16:30:00Z", None, "UPS", [("PP-CT-SKY72", 1), ("PP-CF-HSS12", 1)], 0),
    ("112-7098821-3325560", "pp_91567", "cancelled", "2027-07-26T19:40:08Z", None, None, None, [("PP-RX-FLT06", 1)], "full"),
    ("112-9640037-4713385", "pp_91567", "delivered", "2027-07-12T14:25:33Z", "2027-07-13T10:40:00Z", "2027-07-15T12:25:00Z", "USPS", [("PP-TR-DNT30", 2), ("PP-TY-RCH0L", 1)], 0),

    ("112-6154872-0819436", "pp_15820", "delivered", "2027-06-28T09:15:40Z", "2027-06-29T07:30:00Z", "2027-07-01T11:50:00Z", "OnTrac", [("PP-FF-BEF06", 2)], 0),
    ("112-4027739-5562081", "pp_15820", "processing", "2027-08-02T22:40:19Z", None, None, None, [("PP-RX-RNL88", 1)], 0),
    ("112-1863092-2904457", "pp_15820", "delivered", "2027-07-21T17:55:02Z", "2027-07-22T12:00:00Z", "2027-07-24T10:35:00Z", "UPS", [("PP-FT-CER2L", 1), ("PP-FT-FLT06", 2)], 0),

    ("112-3529418-6670072", "pp_46673", "returned", "2027-07-06T13:03:47Z", "2027-07-07T09:00:00Z", "2027-07-09T15:15:00Z", "FedEx", [("PP-BD-CPB42", 1)], "full"),
    ("112-8072246-1458399", "pp_46673", "delivered", "2027-07-30T20:20:20Z", "2027-07-31T11:00:00Z", "2027-08-02T13:18:00Z", "USPS", [("PP-HN-NPH0M", 1), ("PP-LS-RTR16", 1), ("PP-WB-BAG16", 1)], 0),
    ("112-0583617-9227740", "pp_46673", "shipped", "2027-08-01T15:33:06Z", "2027-08-02T11:45:00Z", None, "USPS", [("PP-CT-SCR32", 1)], 0),

    ("112-6908134-3150926", "pp_58209", "delivered", "2027-07-16T08:27:51Z", "2027-07-17T10:20:00Z", "2027-07-21T14:00:00Z", "FedEx", [("PP-CR-WIR42", 1), ("PP-PD-TRN100", 2)], 0),
    ("112-2741650-8084513", "pp_58209", "shipped", "2027-07-21T10:00:36Z", "2027-07-22T14:00:00Z", None, "FedEx", [("PP-BD-ORT0L", 1)], 0),
    ("112-3085526-1640973", "pp_58209", "delivered", "2027-06-20T17:42:09Z", "2027-06-21T09:00:00Z", "2027-06-23T13:30:00Z", "USPS", [("PP-PD-TRN100", 1), ("PP-WB-BAG16", 1)], 0),

    ("112-5436280-7709153", "pp_67341", "delivered", "2027-07-29T21:48:15Z", "2027-07-30T10:30:00Z", "2027-07-31T16:02:00Z", "UPS", [("PP-CF-HSS12", 2), ("PP-TY-FWT01", 1), ("PP-TY-HDG01", 1)], 0),
    ("112-9387715-0264831", "pp_67341", "processing", "2027-08-03T19:55:41Z", None, None, None, [("PP-LT-CRU40", 3)], 0),
    ("112-6712093-4485120", "pp_67341", "cancelled", "2027-07-19T07:05:33Z", None, None, None, [("PP-CT-SKY72", 1)], "full"),

    ("112-1295046-6832719", "pp_33750", "delivered", "2027-07-24T11:11:11Z", "2027-07-26T08:40:00Z", "2027-07-28T12:15:00Z", "UPS", [("PP-DF-TBA30", 1), ("PP-BW-SSD01", 1)], 0),
    ("112-7650381-5096204", "pp_33750", "shipped", "2027-07-31T18:02:44Z", "2027-08-02T17:25:00Z", None, "OnTrac", [("PP-FF-BEF06", 1), ("PP-TR-FDCH4", 1)], 0),
    ("112-4163927-3519058", "pp_33750", "delivered", "2027-06-25T14:30:58Z", "2027-06-26T10:00:00Z", "2027-06-29T15:45:00Z", "USPS", [("PP-GR-DSB01", 1)], 0),
]


def tracking(carrier, rnd):
    d = lambda n: "".join(rnd.choice("0123456789") for _ in range(n))
    if carrier == "UPS":
        return "1Z" + "".join(rnd.choice("0123456789ABCDEFGHJKLMNPRTVWXY") for _ in range(6)) + "03" + d(8)
    if carrier == "FedEx":
        return d(12)
    if carrier == "USPS":
        return "9400" + d(18)
    if carrier == "OnTrac":
        return "D" + d(14)
    raise ValueError(carrier)


def money(cents):
    return f"__M__{cents // 100}.{cents % 100:02d}__"


def dump(obj, path):
    text = json.dumps(obj, indent=2, ensure_ascii=False)
    text = re.sub(r'"__M__(\d+\.\d\d)__"', r"\1", text)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text + "\n")


def build_orders():
    rnd = random.Random(20270803)
    out = []
    for oid, cid, status, od, sh, dl, carrier, items, refunded in ORDERS:
        lines, total = [], 0
        for sku, qty in items:
            name, price = CATALOG[sku]
            lines.append({"sku": sku, "name": name, "quantity": qty, "unit_price_usd": money(price)})
            total += price * qty
        ref = total if refunded == "full" else refunded
        rec = {"order_id": oid, "customer_id": cid, "status": status, "order_date": od,
               "shipped_at": sh, "delivered_at": dl}
        if carrier:
            rec["carrier"] = carrier
            rec["tracking_number"] = tracking(carrier, rnd)
        rec["items"] = lines
        rec["total_usd"] = money(total)
        rec["refunded_usd"] = money(ref)
        out.append(rec)
    return out


if __name__ == "__main__":
    from kb import KB
    wd = os.path.join(ROOT, "world")
    dump([{"customer_id": c, "name": n, "email": e} for c, n, e in CUSTOMERS], os.path.join(wd, "customers.json"))
    dump(build_orders(), os.path.join(wd, "orders.json"))
    dump(KB, os.path.join(wd, "kb.json"))
    dump({"description": "Pawprint Pantry, an online shop for pet food, litter, toys and supplies with Auto-Ship "
                         "subscriptions, pinned to one instant so that refund eligibility is reproducible. A held-out "
                         "evaluation world written blind from the policy documents on 2026-12-04.",
          "now": NOW}, os.path.join(wd, "world.json"))
    print("world written")
