"""Voltcase world data: customers, orders, help-center articles and the world's `now`.

Written blind (see ../README.md). Imported by generate.py; validate.py does NOT import it and
re-reads the written JSON instead.
"""
from datetime import datetime, timedelta, timezone

NOW = datetime(2027, 6, 15, 16, 0, 0, tzinfo=timezone.utc)
NOW_STR = "2027-06-15T16:00:00Z"

DESCRIPTION = (
    "Voltcase: a US online store for phone cases, chargers, cables, earbuds, power banks, smart-home "
    "plugs and refurbished phones. Evaluation world written blind; now is 2027-06-15T16:00:00Z."
)


def iso(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def ago(days, hours=0, minutes=0, seconds=0):
    return iso(NOW - timedelta(days=days, hours=hours, minutes=minutes, seconds=seconds))


# Order-id formats customers use ---------------------------------------------------------------
def nodash(oid):
    return oid.replace("-", "")


def spaced(oid):
    return oid.replace("-", " ")


def last7(oid):
    return oid[-7:]


# Customers ------------------------------------------------------------------------------------
CUSTOMERS = [
    {"customer_id": "VC104527", "name": "Dana Whitfield", "email": "dana.whitfield@gmail.com"},
    {"customer_id": "VC118830", "name": "Marcus Oyelaran", "email": "m.oyelaran@outlook.com"},
    {"customer_id": "VC120954", "name": "Priya Raman", "email": "priya.raman.nyc@gmail.com"},
    {"customer_id": "VC133071", "name": "Luis Alberto Gómez", "email": "luisgomez.tx@yahoo.com"},
    {"customer_id": "VC140266", "name": "Hannah Kowalczyk", "email": "hkowalczyk@protonmail.com"},
    {"customer_id": "VC152388", "name": "Terrence Bell", "email": "tj.bell88@gmail.com"},
    {"customer_id": "VC167019", "name": "Sofía Martínez", "email": "sofia.mtz@hotmail.com"},
    {"customer_id": "VC171442", "name": "Greg Pruitt", "email": "gpruitt@hallorankessler.com"},
    {"customer_id": "VC183605", "name": "Aisha Karim", "email": "aisha.karim@icloud.com"},
    {"customer_id": "VC190237", "name": "Ben Liddell", "email": "ben.liddell@fastmail.com"},
    {"customer_id": "VC204818", "name": "Carmen Rivas", "email": "carmen.rivas.pr@gmail.com"},
    {"customer_id": "VC215930", "name": "Olivia Chen", "email": "olivia.chen@stvincentmed.org"},
    {"customer_id": "VC226174", "name": "Nate Gunderson", "email": "nate.gunderson@gmail.com"},
    {"customer_id": "VC238501", "name": "Rachel Abernathy", "email": "rabernathy@gmail.com"},
    {"customer_id": "VC249663", "name": "Kwame Mensah", "email": "kwame.mensah@gmail.com"},
]

# Catalogue ------------------------------------------------------------------------------------
SKU = {
    "VC-CS-IP15P-MS": ("Voltcase Armor MagSafe Case - iPhone 15 Pro", 34.99),
    "VC-CS-IP14-MS": ("Voltcase Armor MagSafe Case - iPhone 14", 32.99),
    "VC-CS-IP13-MS": ("Voltcase Armor MagSafe Case - iPhone 13", 29.99),
    "VC-CS-S24U": ("Voltcase Slim Case - Galaxy S24 Ultra", 24.99),
    "VC-CS-PX8": ("Voltcase Clear Case - Pixel 8", 19.99),
    "VC-CS-PX7": ("Voltcase Clear Case - Pixel 7", 17.99),
    "VC-SP-IP15": ("Tempered Glass Screen Protector - iPhone 15 (2-pack)", 11.99),
    "VC-SP-IP13": ("Tempered Glass Screen Protector - iPhone 13 (2-pack)", 9.99),
    "VC-CH-20W": ("Voltcase 20W USB-C Charger", 17.99),
    "VC-CH-45PPS": ("Voltcase 45W PPS Super Fast Charger", 39.99),
    "VC-CH-GAN65": ("Voltcase 65W GaN 3-Port Charger", 49.99),
    "VC-CR-CAR30": ("Voltcase 30W Car Charger", 22.99),
    "VC-WC-3IN1": ("Voltcase 3-in-1 MagSafe Charging Stand", 79.99),
    "VC-CB-CC2M": ("USB-C to USB-C Braided Cable 2 m (100W)", 14.99),
    "VC-CB-CL1M": ("USB-C to Lightning Cable 1 m (MFi)", 12.99),
    "VC-CB-5A1M": ("USB-C 5A Cable 1 m", 16.99),
    "VC-EB-PRO2": ("Voltcase AirBeat Pro 2 Earbuds", 89.99),
    "VC-EB-LITE": ("Voltcase AirBeat Lite Earbuds", 39.99),
    "VC-PB-10K": ("Voltcase PowerCell 10000mAh MagSafe Power Bank", 44.99),
    "VC-PB-20K": ("Voltcase PowerCell 20000mAh 65W Power Bank", 69.99),
    "VC-PB-27K": ("Voltcase PowerCell 27000mAh Laptop Power Bank", 119.99),
    "VC-SH-PLUG1": ("Voltcase Home Smart Plug", 14.99),
    "VC-SH-PLUG4": ("Voltcase Home Smart Plug (4-pack)", 49.99),
    "VC-RF-IP14-EX": ("Refurbished iPhone 14 128 GB - Excellent", 429.00),
    "VC-RF-IP13-GD": ("Refurbished iPhone 13 128 GB - Good", 319.00),
    "VC-RF-S23-PR": ("Refurbished Galaxy S23 256 GB - Pristine", 489.00),
    "VC-RF-PX7-GD": ("Refurbished Pixel 7 128 GB - Good", 219.00),
}


def item(sku, qty=1):
    name, price = SKU[sku]
    return {"sku": sku, "name": name, "quantity": qty, "unit_price_usd": price}


def order(oid, cid, status, order_date, items, shipped_at=None, delivered_at=None,
          carrier=None, tracking=None, refunded=0.0):
    cents = sum(round(i["unit_price_usd"] * 100) * i["quantity"] for i in items)
    rec = {
        "order_id": oid,
        "customer_id": cid,
        "status": status,
        "order_date": order_date,
        "shipped_at": shipped_at,
        "delivered_at": delivered_at,
    }
    if carrier:
        rec["carrier"] = carrier
        rec["tracking_number"] = tracking
    rec["items"] = items
    rec["total_usd"] = round(cents / 100, 2)
    rec["refunded_usd"] = round(refunded, 2)
    return rec


def _cancelled(oid, cid, when, items):
    total = sum(round(i["unit_price_usd"] * 100) * i["quantity"] for i in items) / 100
    return order(oid, cid, "cancelled", when, items, refunded=total)


EXACTLY_30_DAYS = ago(30)              # 2027-05-16T16:00:00Z: eligible (day 30)
THIRTY_DAYS_PLUS_1S = ago(30, seconds=1)  # 2027-05-16T15:59:59Z: not eligible

ORDERS = [
    # Dana Whitfield VC104527
    order("112-4839201-7730215", "VC104527", "delivered", ago(12, 3, 30),
          [item("VC-CS-IP15P-MS"), item("VC-SP-IP15"), item("VC-CH-20W")],
          ago(11, 1), ago(8, 5), "UPS", "1Z4A7E390392148815"),
    order("113-2290417-5518046", "VC104527", "shipped", ago(3, 6),
          [item("VC-PB-10K"), item("VC-CB-CC2M", 2)],
          ago(2, 2), None, "USPS", "9400111899562237781046"),
    order("114-7781203-0094471", "VC104527", "delivered", ago(75, 1),
          [item("VC-EB-PRO2")],
          ago(74), ago(70, 4), "UPS", "1Z4A7E390398842217"),
    # Marcus Oyelaran VC118830
    order("112-9051184-3360927", "VC118830", "delivered", ago(8, 2),
          [item("VC-RF-IP14-EX"), item("VC-CS-IP14-MS")],
          ago(7, 1), ago(5, 3), "UPS", "1Z8F2R610374019263"),
    order("111-6620945-2287310", "VC118830", "processing", ago(1, 2),
          [item("VC-CH-GAN65", 2), item("VC-CB-CC2M", 2)]),
    _cancelled("113-0457712-9921384", "VC118830", ago(20, 7), [item("VC-WC-3IN1")]),
    # Priya Raman VC120954
    order("114-3318650-4472019", "VC120954", "delivered", ago(18, 4),
          [item("VC-PB-20K"), item("VC-CB-CC2M")],
          ago(17), ago(14, 2), "UPS", "1Z9V3W170351190448", refunded=14.99),
    order("112-5507731-6610248", "VC120954", "shipped", ago(2, 5),
          [item("VC-SH-PLUG4"), item("VC-SH-PLUG1")],
          ago(1, 3), None, "UPS", "1Z9V3W170350087342"),
    order("113-8842096-1175530", "VC120954", "delivered", EXACTLY_30_DAYS,
          [item("VC-PB-20K"), item("VC-CB-5A1M")],
          ago(29, 2), ago(26, 5), "USPS", "9405511899223816540327"),
    # Luis Alberto Gómez VC133071
    order("111-2094485-8803716", "VC133071", "shipped", ago(4, 1),
          [item("VC-CS-S24U"), item("VC-CH-45PPS")],
          ago(3, 4), None, "USPS", "9400111899223408871152"),
    order("112-7730458-3319067", "VC133071", "delivered", ago(10, 6),
          [item("VC-EB-LITE"), item("VC-CH-20W")],
          ago(9), ago(6, 1), "UPS", "1Z0R81X40327705512"),
    order("114-6612093-5540182", "VC133071", "returned", ago(27, 3),
          [item("VC-SH-PLUG4")],
          ago(26), ago(23, 2), "UPS", "1Z0R81X40329913067"),
    # Hannah Kowalczyk VC140266
    order("113-5589120-2046739", "VC140266", "delivered", THIRTY_DAYS_PLUS_1S,
          [item("VC-WC-3IN1"), item("VC-CB-CL1M")],
          ago(29, 5), ago(27, 1), "UPS", "1Z7K2D550362041195"),
    order("112-1147392-8865501", "VC140266", "delivered", ago(7, 2),
          [item("VC-CH-GAN65"), item("VC-CB-5A1M", 2)],
          ago(6, 3), ago(5, 6), "UPS", "1Z7K2D550367730884"),
    order("111-9904326-7712458", "VC140266", "processing", ago(0, 5),
          [item("VC-CS-PX8")]),
    # Terrence "TJ" Bell VC152388
    order("114-0028817-6693345", "VC152388", "delivered", ago(9, 1),
          [item("VC-EB-PRO2"), item("VC-CR-CAR30")],
          ago(8, 2), None, "USPS", "9400111899561190274453"),
    order("112-3376501-2208714", "VC152388", "shipped", ago(6, 4),
          [item("VC-PB-27K"), item("VC-CH-GAN65"), item("VC-CB-CC2M")],
          ago(5, 1), None, "UPS", "1Z6Y0E720340913386"),
    order("113-4420918-7735206", "VC152388", "delivered", ago(40, 2),
          [item("VC-CR-CAR30"), item("VC-CS-S24U"), item("VC-CB-5A1M")],
          ago(39), ago(36, 3), "UPS", "1Z6Y0E720348820571", refunded=22.99),
    # Sofía Martínez VC167019
    order("112-6093317-4458820", "VC167019", "delivered", ago(6, 3),
          [item("VC-RF-PX7-GD"), item("VC-CS-PX7")],
          ago(5, 2), ago(3, 4), "UPS", "1Z1H4N220315508263"),
    order("111-3378852-0916647", "VC167019", "processing", ago(1, 0, 40),
          [item("VC-EB-LITE")]),
    _cancelled("113-9016624-3387105", "VC167019", ago(14, 2), [item("VC-CH-20W", 2)]),
    # Greg Pruitt VC171442
    order("113-7712006-5583190", "VC171442", "delivered", ago(14, 5),
          [item("VC-PB-27K"), item("VC-CH-GAN65")],
          ago(13), ago(10, 2), "UPS", "1Z2X9K310364471820"),
    order("112-0981174-3306652", "VC171442", "shipped", ago(5, 2),
          [item("VC-CS-IP15P-MS"), item("VC-SP-IP15")],
          ago(4, 1), None, "UPS", "1Z2X9K310360215574"),
    order("114-2036655-9148820", "VC171442", "delivered", ago(120, 3),
          [item("VC-CB-CC2M", 3)],
          ago(119), ago(115, 2), "USPS", "9400111899220366559114"),
    # Aisha Karim VC183605
    order("114-2257309-8810463", "VC183605", "returned", ago(25, 1),
          [item("VC-EB-PRO2")],
          ago(24), ago(21, 3), "UPS", "1Z5R3C880379021166"),
    order("112-8815640-1129975", "VC183605", "delivered", ago(4, 2),
          [item("VC-SH-PLUG1", 4), item("VC-EB-LITE")],
          ago(3, 5), ago(1, 6), "UPS", "1Z5R3C880371126640"),
    order("111-4473021-6659804", "VC183605", "delivered", ago(5, 6),
          [item("VC-CB-CL1M"), item("VC-CH-20W")],
          ago(4, 2), ago(2, 1), "USPS", "9400111899224473026685"),
    # Ben Liddell VC190237
    order("113-1102983-4467201", "VC190237", "delivered", ago(15, 3),
          [item("VC-CS-IP15P-MS"), item("VC-CS-S24U")],
          ago(14, 1), ago(11, 4), "UPS", "1Z3B9L620352287719", refunded=59.98),
    order("112-4490017-8872316", "VC190237", "shipped", ago(2, 1),
          [item("VC-PB-10K")],
          ago(1, 5), None, "USPS", "9400111899224490178815"),
    order("111-7205539-1046628", "VC190237", "delivered", ago(22, 2),
          [item("VC-CS-S24U"), item("VC-CH-45PPS"), item("VC-CB-5A1M")],
          ago(21), ago(18, 3), "UPS", "1Z3B9L620356604431"),
    # Carmen Rivas VC204818
    order("114-9920581-3307744", "VC204818", "delivered", ago(11, 4),
          [item("VC-RF-S23-PR")],
          ago(10, 2), ago(8, 1), "UPS", "1Z7A5F930385520913"),
    order("112-6650327-9914582", "VC204818", "shipped", ago(3, 2),
          [item("VC-CB-5A1M", 2), item("VC-CH-45PPS")],
          ago(2, 4), None, "UPS", "1Z7A5F930381472266"),
    order("113-2247780-6605319", "VC204818", "delivered", ago(60, 5),
          [item("VC-EB-LITE")],
          ago(59), ago(55, 2), "USPS", "9400111899222247780334"),
    # Olivia Chen VC215930
    order("113-3368104-2290815", "VC215930", "delivered", ago(7, 6),
          [item("VC-CH-20W", 10), item("VC-CB-CL1M", 10)],
          ago(6, 2), ago(4, 3), "UPS", "1Z0C6S440391375528"),
    order("111-8870042-6671093", "VC215930", "processing", ago(0, 20),
          [item("VC-CH-GAN65", 6)]),
    _cancelled("112-5581936-0037492", "VC215930", ago(5, 1), [item("VC-PB-10K", 5)]),
    # Nate Gunderson VC226174
    order("112-2209834-5506617", "VC226174", "delivered", ago(20, 2),
          [item("VC-CR-CAR30"), item("VC-CB-CC2M")],
          ago(19, 1), ago(16, 5), "USPS", "9400111899222209834471"),
    order("114-5573390-1184626", "VC226174", "delivered", ago(45, 3),
          [item("VC-EB-PRO2"), item("VC-SH-PLUG1")],
          ago(44), ago(41, 2), "UPS", "1Z9D1P770383390616"),
    order("113-6601127-8897432", "VC226174", "shipped", ago(10, 1),
          [item("VC-PB-20K")],
          ago(9, 3), None, "UPS", "1Z3E8H470392276104"),
    # Rachel Abernathy VC238501
    order("112-9937716-0045128", "VC238501", "delivered", ago(5, 1),
          [item("VC-CS-PX8"), item("VC-SH-PLUG1")],
          ago(4, 2), ago(2, 3), "UPS", "1Z5T1M880316627390"),
    # deliberately inconsistent: delivered two days before it was ordered
    order("113-8004462-7719350", "VC238501", "delivered", ago(12, 2),
          [item("VC-EB-LITE")],
          ago(15), ago(14, 2), "UPS", "1Z5T1M880312205847"),
    order("111-0562281-3348096", "VC238501", "returned", ago(33, 4),
          [item("VC-RF-IP13-GD")],
          ago(32), ago(29, 1), "UPS", "1Z5T1M880318840632"),
    # Kwame Mensah VC249663
    order("114-1183305-6620947", "VC249663", "delivered", ago(16, 2),
          [item("VC-RF-IP13-GD"), item("VC-CS-IP13-MS"), item("VC-SP-IP13")],
          ago(15, 1), ago(12, 4), "UPS", "1Z8M6W330360185529"),
    order("112-3049918-2257783", "VC249663", "shipped", ago(4, 3),
          [item("VC-SH-PLUG4")],
          ago(3, 2), None, "USPS", "9400111899223049977214"),
    _cancelled("113-7768120-4409931", "VC249663", ago(2, 4), [item("VC-PB-27K")]),
]

# Help center ------------------------------------------------------------------------------------
KB = [
    {
        "id": "A-1001",
        "title": "Power bank and lithium battery safety",
        "body": (
            "Voltcase PowerCell power banks use lithium-ion cells with overcharge, over-temperature and "
            "short-circuit protection. Charge them on a hard, non-flammable surface, not under a pillow or in "
            "a bed. Avoid leaving a power bank in a parked car in summer: cell temperatures above 60 °C "
            "shorten its life. If a power bank swells, gets hot while idle, smells sweet or hisses, stop using "
            "it immediately, do not charge it again and do not puncture it; place it in a metal or ceramic "
            "container away from anything that burns and contact us for a ground-shipping return label "
            "(swollen batteries must never be shipped by air). For storage longer than a month, leave a power "
            "bank at about 50% charge and top it up every three months. Air travel: US airlines, under FAA "
            "rules, allow power banks of up to 100Wh in carry-on bags only, never in checked luggage. Every "
            "PowerCell model is under that limit (the 27000mAh PowerCell is 99.9Wh, the 20000mAh model 74Wh "
            "and the 10000mAh model 37Wh), and the watt-hour rating is printed on the back of each unit."
        ),
        "tags": ["battery", "power bank", "safety", "swelling", "travel", "airline", "storage"],
    },
    {
        "id": "A-1002",
        "title": "Charging speeds explained: watts, USB Power Delivery and PPS",
        "body": (
            "A phone charges only as fast as the slowest of three links allows: the charger, the cable and the "
            "phone itself. A bigger charger never harms a phone: phone and charger negotiate the power over "
            "USB Power Delivery (PD), so a 65W charger simply supplies what the phone asks for. iPhone 15 and "
            "iPhone 16 models draw at most about 27W, and iPhone 12 to 14 models about 20W; a Voltcase 20W "
            "USB-C Charger already reaches their fast-charge speed (about half a charge in 30 minutes). "
            "Samsung Super Fast Charging 2.0 (45W, on Galaxy S22 Ultra and later Ultra models) needs a "
            "charger that supports PPS (Programmable Power Supply) and a 5A USB-C cable; with an ordinary 3A "
            "cable the phone falls back to 25W. Fast charging slows down on purpose above 80% to protect the "
            "battery, and phones also charge more slowly when they are warm or in use. Wireless charging is "
            "slower than wired: MagSafe and Qi2 reach 15W, standard Qi 7.5W on iPhone."
        ),
        "tags": ["charging", "fast charging", "watts", "PD", "PPS", "speed", "cable"],
    },
    {
        "id": "A-1003",
        "title": "Which Voltcase charger works with my device?",
        "body": (
            "All Voltcase wall, car and desk chargers use USB-C Power Delivery and work with any USB-C phone, "
            "tablet, laptop, earbuds or handheld console. iPhones with a Lightning port (iPhone 14 and "
            "earlier) need a USB-C to Lightning cable; iPhone 15 and later use USB-C to USB-C. Laptops: the "
            "65W GaN 3-Port Charger powers a MacBook Air or a 13-inch MacBook Pro at full speed from its top "
            "port, labelled C1; the two lower ports share 30W between them when more than one device is "
            "plugged in. The 30W Car Charger fits any 12V or 24V socket. The 3-in-1 MagSafe Charging Stand "
            "needs its included 30W adapter; with a weaker adapter the phone pad drops to 7.5W. Older USB-A "
            "devices need a USB-C to USB-A adapter or cable, sold separately."
        ),
        "tags": ["compatibility", "charger", "laptop", "MacBook", "Lightning", "ports"],
    },
    {
        "id": "A-1004",
        "title": "Voltcase Limited Warranty",
        "body": (
            "This Limited Warranty applies to products sold by Voltcase and is in addition to any rights you "
            "have under the law of your state. Voltcase warrants that its products are free from defects in "
            "materials and workmanship under normal use for the period below, counted from the delivery date. "
            "Phone cases and screen protectors: 12 months. Chargers, car chargers, charging stands and power "
            "banks: 18 months. Earbuds: 12 months, and 6 months for the charging case battery. Smart plugs: 12 "
            "months. Refurbished phones: 12 months, including the battery. Braided and MFi cables sold under "
            "the Voltcase name carry a lifetime warranty for as long as you own them. The warranty does not "
            "cover accidental damage such as drops or cracked glass, liquid damage, normal wear such as "
            "scuffs or the yellowing of clear cases over time, damage from unofficial or third-party "
            "chargers, or products modified or opened by anyone other than Voltcase. To make a claim, go to "
            "voltcase.com/warranty with your order number and a photo or short video of the fault. When a "
            "claim is approved we send a replacement of the same model, or the closest current model if it "
            "is no longer made, usually within 3 business days; you do not need to return the faulty item "
            "unless we ask for it. A replacement is covered for the rest of the original warranty period."
        ),
        "tags": ["warranty", "defect", "guarantee", "replacement", "claim"],
    },
    {
        "id": "A-1005",
        "title": "Refurbished phone grades: Pristine, Excellent and Good",
        "body": (
            "Every refurbished phone passes a 70-point inspection, is factory reset and carrier unlocked, and "
            "comes with a USB-C cable (no charger or earbuds in the box). Pristine: no visible marks at arm's "
            "length or close up; battery health at least 90%. Excellent: light micro-scratches on the frame "
            "that are invisible at arm's length and a flawless screen; battery health at least 85%. Good: "
            "visible scratches or small dents on the frame and light scratches on the screen that disappear "
            "when the display is on; battery health at least 80%. Batteries below the grade's minimum are "
            "replaced with new cells before sale. Every grade works exactly like new and carries the same "
            "12-month warranty. Refurbished phones come without a SIM card; eSIM works on every model that "
            "supports it."
        ),
        "tags": ["refurbished", "grade", "condition", "battery health", "unlocked"],
    },
    {
        "id": "A-1006",
        "title": "How to return an item",
        "body": (
            "Sign in, open Orders, choose the order and select Return items. Pick the items and a reason, "
            "then choose how to send them: a prepaid UPS label is emailed to you at once, or show the QR "
            "code at any UPS Store and they print the label for you. The label is valid for 7 days; if it "
            "expires, start the return again to get a new one. Pack the items in any sturdy box with all "
            "their accessories. Refurbished phones must be signed out of iCloud or Google and reset before "
            "you ship them, or the return cannot be processed. We email you when the return is scanned and "
            "again when it has been inspected, usually within 3 business days of arrival."
        ),
        "tags": ["return", "return label", "send back", "UPS", "QR code"],
    },
    {
        "id": "A-1007",
        "title": "Restocking fees",
        "body": (
            "Most returns have no restocking fee. Unopened items in their original sealed packaging: no fee. "
            "Opened accessories (cases, chargers, cables, power banks, smart plugs): no fee when they are "
            "returned complete. Opened earbuds: no fee, but for hygiene reasons they must come back with all "
            "their ear tips. Opened refurbished phones returned without a defect carry a 15% restocking fee, "
            "which is waived if the phone is faulty or not as described. Missing accessories or packaging "
            "are charged at their list price."
        ),
        "tags": ["restocking fee", "return", "opened", "refurbished"],
    },
    {
        "id": "A-1008",
        "title": "Shipping options, costs and delivery times",
        "body": (
            "We ship from our warehouse in Reno, Nevada, Monday through Friday except US federal holidays. "
            "Orders placed before 1 p.m. Pacific on a business day leave the same day; later orders leave the "
            "next business day. Standard shipping (USPS Ground Advantage or UPS Ground, 3-5 business days) is "
            "free on orders of $35 or more and costs $4.99 below that. Express shipping (UPS 2nd Day Air) is "
            "$12.99, and Overnight (UPS Next Day Air Saver) is $24.99 when ordered before the cut-off. "
            "Refurbished phones always ship with adult signature required, so someone must be home to sign "
            "for them. Orders with several items may arrive in more than one box; each box gets its own "
            "tracking number. PO boxes and APO/FPO addresses are served by USPS only. Power banks contain "
            "lithium batteries, which carriers only move by ground: orders containing a PowerCell travel by "
            "ground service even when Express or Overnight is chosen, and the difference is refunded to you "
            "automatically."
        ),
        "tags": ["shipping", "delivery time", "shipping cost", "express", "free shipping"],
    },
    {
        "id": "A-1009",
        "title": "Tracking your order",
        "body": (
            "When your order ships we email you a tracking number and link; you can also find it under "
            "Orders > Track package. UPS tracking numbers start with 1Z; USPS tracking numbers are 22 digits "
            "long and usually start with 92, 93 or 94. It can take up to 24 hours after the shipping email "
            "for the carrier to show the first scan, because the label is created before the truck collects "
            "the parcel. If tracking has shown no movement for 5 business days, contact us and we will open a "
            "trace with the carrier."
        ),
        "tags": ["tracking", "tracking number", "carrier", "where is my package"],
    },
    {
        "id": "A-1010",
        "title": "My package says delivered but I can't find it",
        "body": (
            "Carriers sometimes mark a parcel delivered a little before it arrives, or leave it at a side "
            "door, with a neighbor, in a mail room or in a parcel locker. Check those places and the delivery "
            "photo on the carrier's tracking page, if there is one. Most parcels marked delivered turn up "
            "within 48 hours. If yours has not appeared after 48 hours, write to us with your order number "
            "and we will open a claim with the carrier."
        ),
        "tags": ["delivered", "missing package", "not received", "stolen"],
    },
    {
        "id": "A-1011",
        "title": "Signing in and resetting your password",
        "body": (
            "Choose Sign in, then Forgot password, and enter the email address on your account. The reset "
            "link we send expires after 60 minutes and works once; request a new one if it has expired. Check "
            "your spam or promotions folder if it has not arrived within 10 minutes. You can turn on two-step "
            "verification under Account > Security; if you lose the phone that receives your codes, sign in "
            "with one of the backup codes you saved when you turned it on. Orders placed as a guest can be "
            "added to an account with the same email address from Account > Orders > Claim a guest order."
        ),
        "tags": ["account", "password", "sign-in", "login", "two-step verification"],
    },
    {
        "id": "A-1012",
        "title": "Invoices and receipts",
        "body": (
            "Every order has a PDF invoice: open Orders, choose the order and select Download invoice. The "
            "invoice shows the items, sales tax, shipping and the payment method. To add a company name or a "
            "tax ID to the invoice, edit the Billing details on the order page before you download it; the "
            "change applies to the PDF only, not to the payment. Invoices for refunded orders show the refund "
            "as a separate credit note."
        ),
        "tags": ["invoice", "receipt", "PDF", "tax", "company"],
    },
    {
        "id": "A-1013",
        "title": "Voltcase gift cards",
        "body": (
            "Voltcase gift cards are sold in amounts from $10 to $500, as e-gift cards delivered by email or "
            "as plastic cards. They never expire and carry no fees. Check a balance at voltcase.com/giftcard "
            "with the 16-digit number and the PIN. Enter the card at checkout under Gift card or promo code; "
            "any balance left over stays on the card. Gift cards cannot be redeemed for cash, except where the "
            "law requires it, and cannot be used to buy other gift cards. A lost card can be replaced only "
            "with its purchase receipt."
        ),
        "tags": ["gift card", "balance", "e-gift", "expiry"],
    },
    {
        "id": "A-1014",
        "title": "Trade-in: turn your old phone into credit",
        "body": (
            "Get a quote at voltcase.com/tradein by answering a few questions about the model, storage and "
            "condition. A quote is valid for 14 days. We send a free trade-in kit, or you can print a prepaid "
            "label. After the phone arrives we inspect it within 3 business days; if its condition differs "
            "from what you described we send a revised offer, which you can accept or decline (declined "
            "phones are sent back for free). We pay in Voltcase credit, with a 10% bonus, or by PayPal. "
            "Remove the SIM card, sign out of iCloud or Google and turn off Find My before you ship the phone. "
            "Phones with cracked back glass are accepted at a lower offer; phones that do not power on are "
            "accepted for recycling only."
        ),
        "tags": ["trade-in", "sell my phone", "quote", "credit"],
    },
    {
        "id": "A-1015",
        "title": "Setting up Voltcase Home smart plugs",
        "body": (
            "Install the Voltcase Home app, create an account and tap Add device. Plug in the smart plug; its "
            "LED blinks blue quickly when it is ready to pair. Voltcase Home plugs connect to 2.4 GHz Wi-Fi "
            "only: if your router broadcasts one combined network name for 2.4 and 5 GHz, turn off 5 GHz for "
            "a moment or set up a separate 2.4 GHz guest network for the setup. To reset a plug, hold its "
            "button for 6 seconds until the LED blinks blue quickly. Once paired, link the plug to Amazon "
            "Alexa or Google Home from that app's skills or Works with Google list. Schedules and timers run "
            "on the plug itself and keep working if your internet goes down."
        ),
        "tags": ["smart plug", "Voltcase Home", "setup", "Wi-Fi", "Alexa", "Google Home"],
    },
    {
        "id": "A-1016",
        "title": "AirBeat earbuds: pairing, resetting and fit",
        "body": (
            "To pair, open the case near your phone with the earbuds inside and hold the button on the back "
            "of the case for 3 seconds until the light blinks white, then choose AirBeat in your Bluetooth "
            "settings. If only one earbud plays, or they will not connect, reset them: put both earbuds in "
            "the case, keep the lid open and hold the case button for 15 seconds until the light flashes "
            "amber, then pair again. AirBeat Pro 2 supports multipoint, so it stays connected to a phone and a "
            "laptop at once. Three sizes of ear tips come in the box; the medium ones are fitted. Battery: up "
            "to 8 hours per charge for the Pro 2 (6 with noise cancelling on) and 30 hours with the case."
        ),
        "tags": ["earbuds", "AirBeat", "Bluetooth", "pairing", "reset"],
    },
    {
        "id": "A-1017",
        "title": "Exchanging an item for another color or model",
        "body": (
            "You can exchange an item yourself within 30 days of the order date: open Orders, choose the "
            "order and select Return or exchange, then pick Exchange and the new color or model. If the new "
            "item costs more you pay the difference; if it costs less we refund the difference. The "
            "replacement ships as soon as the carrier scans your return, so you do not have to wait for it to "
            "reach us. Refurbished phones can be exchanged for another grade or color of the same model."
        ),
        "tags": ["exchange", "swap", "different color", "wrong model", "self-service"],
    },
    {
        "id": "A-1018",
        "title": "Rescheduling a delivery or holding a package",
        "body": (
            "If you will not be home, you can choose another delivery day yourself. For UPS shipments "
            "(tracking numbers starting with 1Z), sign up for free at UPS My Choice with your tracking number "
            "and choose Reschedule, or have the parcel held at a nearby UPS Access Point for up to 7 days. For "
            "USPS shipments, use the Schedule a Redelivery option on the USPS tracking page. Refurbished "
            "phones need a signature, so holding them at an Access Point is often the easiest option."
        ),
        "tags": ["reschedule", "delivery day", "hold package", "UPS My Choice", "self-service"],
    },
    {
        "id": "A-1019",
        "title": "Changing the card or payment method on an order",
        "body": (
            "While an order is still processing, you can switch it to another card or to PayPal yourself: "
            "open Orders, choose the order and select Change payment method. The new method is charged and "
            "the authorization on the old card is released within 3 business days. Once the order has shipped "
            "its payment method can no longer be changed. To update a card saved for future orders, go to "
            "Account > Wallet."
        ),
        "tags": ["payment method", "change card", "credit card", "PayPal", "self-service"],
    },
    {
        "id": "A-1020",
        "title": "Promo codes and coupons",
        "body": (
            "Enter a promo code at checkout in the Gift card or promo code field. Only one promo code can be "
            "used per order, and codes must be applied before you place the order; they cannot be added to an "
            "order afterwards. Codes from our newsletter are for first orders only. Promo codes do not apply "
            "to refurbished phones unless the code says so, and they cannot be combined with Bundle & Save "
            "offers. If a code is rejected, check its expiry date and minimum order value in the email it "
            "came in."
        ),
        "tags": ["promo code", "coupon", "voucher", "newsletter"],
    },
    {
        "id": "A-1021",
        "title": "What your order status means",
        "body": (
            "Processing: we have your order and are picking and packing it; most orders leave our warehouse "
            "within 1 business day. Shipped: the parcel is with the carrier and has a tracking number. "
            "Delivered: the carrier has marked it delivered. Cancelled: the order was cancelled before it "
            "shipped and the payment was refunded automatically to the original payment method. Returned: we "
            "have received your return; the returns team settles any refund after inspection."
        ),
        "tags": ["order status", "processing", "shipped", "delivered", "returned"],
    },
    {
        "id": "A-1022",
        "title": "Payment methods we accept",
        "body": (
            "We accept Visa, Mastercard, American Express, Discover, PayPal, Apple Pay and Google Pay. Affirm "
            "monthly payments are available at checkout on orders of $100 or more, subject to approval by "
            "Affirm: choose Affirm as the payment method and pick 3, 6 or 12 months. We charge your card when "
            "your order ships, not when you place it; until then you may see a pending authorization. We do "
            "not accept checks, cash on delivery or cryptocurrencies."
        ),
        "tags": ["payment", "credit card", "PayPal", "Affirm", "installments"],
    },
    {
        "id": "A-1023",
        "title": "Phone cases: MagSafe, fit and care",
        "body": (
            "Voltcase Armor and Slim cases for iPhone have a built-in ring of N52 magnets aligned with "
            "MagSafe, so MagSafe chargers, wallets and car mounts snap on. Galaxy and Pixel cases have no "
            "magnets unless the product name says MagSafe. Cases are at most 1.6 mm thick at the back, so Qi "
            "and Qi2 wireless chargers work through them; remove metal rings or card holders before wireless "
            "charging. The raised lip around the camera and screen is 1.2 mm. Clean a clear case with warm "
            "water and mild soap; alcohol wipes cloud the finish of Slim cases."
        ),
        "tags": ["phone case", "MagSafe", "magnets", "fit", "cleaning"],
    },
    {
        "id": "A-1024",
        "title": "Recycling old electronics with Voltcase",
        "body": (
            "We recycle old cables, chargers, earbuds and power banks of any brand for free. Request a "
            "recycling label at voltcase.com/recycle and mail up to 3 lb per label; tape the ends of loose "
            "batteries and never mail swollen batteries. Phones in any condition can go through the trade-in "
            "program instead, where even a phone that does not power on is recycled."
        ),
        "tags": ["recycling", "e-waste", "old cables", "environment"],
    },
    {
        "id": "A-1025",
        "title": "Privacy, your data and closing your account",
        "body": (
            "This page summarizes how Voltcase handles personal data; the full privacy notice is linked in "
            "the footer of every page. We collect what you give us when you order (name, addresses, email, "
            "phone number) and what your device sends when you browse (pages viewed, device type). We use it "
            "to fulfil orders, prevent fraud and, if you opt in, to send offers. We do not sell personal data. "
            "Card numbers are handled by our payment processor and never stored by Voltcase. You can download "
            "a copy of your data from Account > Privacy. To close your account and delete your data, email "
            "privacy@voltcase.com from the address on the account; deletion is completed within 30 days, "
            "except order records that we must keep for tax purposes for 7 years. Marketing emails can be "
            "stopped at any time with the unsubscribe link. California residents have additional rights under "
            "the CCPA, described in the full notice."
        ),
        "tags": ["privacy", "personal data", "delete account", "CCPA", "unsubscribe"],
    },
    {
        "id": "A-1026",
        "title": "Returns and refunds policy",
        "body": (
            "You can return most items within 30 days of the order date for a refund to the original payment "
            "method. Items must be returned in the condition they arrived in, with all accessories, and "
            "refurbished phones must be reset and signed out of iCloud or Google. Orders that have not been "
            "delivered yet cannot be refunded until they arrive, and a cancelled order is refunded "
            "automatically. Once a return has been inspected, refunds are issued within 7 business days; "
            "your bank may take a few more days to show it. Orders paid with a gift card are refunded to the "
            "gift card. Shipping fees are refunded only when the return is due to our error or a defect. "
            "Return shipping is free for US addresses. Items damaged by misuse, or returned after 30 days, "
            "are not eligible; defects found after 30 days are handled under the warranty."
        ),
        "tags": ["refund", "returns policy", "money back", "30 days"],
    },
]

# Topics the help center deliberately does NOT cover (the no-article cases ask about these).
# validate.py checks that no article mentions any of these markers.
UNCOVERED_TOPICS = {
    "repairs (of phones bought elsewhere or any paid repair service)": ["repair"],
    "price matching": ["price match", "match a price", "competitor"],
    "bulk / business / volume pricing": ["bulk", "volume pricing", "wholesale", "net 30"],
    "cancelling an order": ["cancel your order", "cancel an order", "to cancel"],
    "changing the delivery address": ["change the address", "change your address", "delivery address"],
    "engraving or custom printing": ["engrav", "custom print", "personaliz"],
    "international shipping to a specific country": ["canada", "international", "mexico", "customs", "duties"],
    "student / military discounts": ["student", "military", "discount"],
    "pass-through charging": ["pass-through", "passthrough"],
    "smart plug load rating (amps, heaters)": ["amp", "heater", "load"],
    "pickup at the warehouse": ["pickup", "pick up", "collect in person"],
    "stock / restock dates of models": ["restock", "in stock", "back in stock", "fold"],
    "upgrading shipping after ordering": ["upgrade"],
    "combining orders / gift wrap": ["combine orders", "gift wrap", "gift message"],
}
