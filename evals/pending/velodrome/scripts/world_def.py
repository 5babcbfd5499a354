"""The Velodrome Cycles world: customers, orders, help-center articles and the clock.

Plain data, imported by generate.py (which writes world/*.json) and by validate.py
(which re-derives the labels). Amounts are USD; every total is computed in integer cents.
"""
from datetime import datetime, timedelta, timezone

NOW = datetime(2027, 6, 15, 10, 0, 0, tzinfo=timezone.utc)  # a Tuesday


def iso(dt):
    return dt.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def ago(days, hours=0, minutes=0, seconds=0):
    return iso(NOW - timedelta(days=days, hours=hours, minutes=minutes, seconds=seconds))


NOW_ISO = iso(NOW)

WORLD_META = {
    "description": (
        "Velodrome Cycles (Utrecht, NL): an evaluation world written blind. Bikes, e-bikes, parts, "
        "clothing and workshop services sold online across the EU; amounts in USD. Pinned to one "
        "instant so that refund eligibility is reproducible."
    ),
    "now": NOW_ISO,
}

CUSTOMERS = [
    ("VEL-3012", "Sanne de Vries", "sanne.devries@example.nl"),
    ("VEL-3027", "Lukas Brandt", "lukas.brandt@example.de"),
    ("VEL-3033", "Émilie Laurent", "emilie.laurent@example.fr"),
    ("VEL-3041", "Joost van Leeuwen", "j.vanleeuwen@vanleeuwen-architecten.example.nl"),
    ("VEL-3058", "Marta Kowalska", "marta.kowalska@example.pl"),
    ("VEL-3064", "Pieter Jansen", "pieter.jansen@example.nl"),
    ("VEL-3079", "Giulia Romano", "giulia.romano@example.it"),
    ("VEL-3085", "Finn Madsen", "finn.madsen@example.dk"),
    ("VEL-3092", "Anouk Bakker", "anouk.bakker@example.nl"),
    ("VEL-3106", "Tomás Ferreira", "tomas.ferreira@example.pt"),
    ("VEL-3113", "Hannah Weber", "h.weber@weber-partner.example.de"),
    ("VEL-3120", "Daan Visser", "daan.visser@example.nl"),
    ("VEL-3137", "Sofia Lindqvist", "sofia.lindqvist@example.se"),
    ("VEL-3144", "Bram Hendriks", "bram.hendriks@hendriks-logistiek.example.nl"),
    ("VEL-3151", "Claire O'Neill", "claire.oneill@example.ie"),
]

# sku -> (name, unit price in cents)
CATALOG = {
    "BK-RD-AL": ("Velodrome Strada AL road bike", 129900),
    "BK-GR-105": ("Velodrome Grit 105 gravel bike", 184900),
    "EB-CITY-500": ("Stadsflyer E500 city e-bike", 249900),
    "EB-TRK-625": ("Velodrome Trekking T625 e-bike", 319900),
    "BK-KID-20": ("Kids bike 20 inch", 32900),
    "PT-TYR-GP5000": ("Continental GP5000 tyre 700x28", 6495),
    "PT-TUBE-700": ("Inner tube 700c Presta", 895),
    "PT-CHN-11": ("Shimano 11-speed chain", 3450),
    "PT-PAD-DISC": ("Disc brake pads (pair)", 1995),
    "PT-CAS-1132": ("Shimano cassette 11-32", 8900),
    "PT-LGT-SET": ("LED light set front + rear", 4995),
    "PT-LCK-AXA": ("AXA frame lock", 3995),
    "PT-PED-SPD": ("Shimano SPD pedals", 5900),
    "PT-BAT-500": ("Spare e-bike battery 500 Wh", 64900),
    "PT-SEAL-500": ("Tubeless sealant 500 ml", 1750),
    "PT-PUMP": ("Floor pump with gauge", 4400),
    "CL-JRS-M": ("Summer jersey, size M", 7995),
    "CL-BIB-L": ("Bib shorts, size L", 11900),
    "CL-GLV-S": ("Winter gloves, size S", 4250),
    "CL-RAIN-M": ("Rain jacket, size M", 14900),
    "CL-SOCK-3": ("Cycling socks, 3-pack", 2495),
    "AC-HLM-M": ("MIPS helmet, size M", 12900),
    "AC-BAG-FR": ("Frame bag 3 L", 5490),
    "AC-PNR": ("Pannier pair 2 x 20 L", 13900),
    "AC-BOT": ("Bottle 750 ml", 995),
    "AC-CAGE": ("Bottle cage", 1495),
    "AC-CSEAT": ("Child seat, rear", 15900),
    "AC-COMP": ("GPS bike computer", 24900),
}

# (order_id, customer_id, status, order_date, shipped_at, delivered_at, carrier, tracking,
#  [(sku, qty)], refunded_cents, purpose)
ORDERS = [
    ("VC-27-004417", "VEL-3012", "delivered", ago(12, 3), ago(11), ago(9, -4), "PostNL", "3SVCYC004417263",
     [("CL-JRS-M", 1), ("CL-BIB-L", 1), ("CL-SOCK-3", 1)], 0, "eligible, multi-item"),
    ("VC-27-004502", "VEL-3012", "shipped", ago(3, 1), ago(2, -6), None, "PostNL", "3SVCYC004502918",
     [("PT-TYR-GP5000", 2), ("PT-TUBE-700", 2)], 0, "shipped, PostNL"),
    ("VC-26-001988", "VEL-3012", "delivered", "2026-11-21T19:40:00Z", "2026-11-23T14:05:00Z",
     "2026-11-25T11:32:00Z", "PostNL", "3SVCYC001988410", [("BK-KID-20", 1)], 0, "far outside window"),
    ("VC-27-004001", "VEL-3012", "returned", ago(40, 2), ago(39), ago(37, -3), "PostNL", "3SVCYC004001552",
     [("CL-RAIN-M", 1)], 0, "returned"),
    ("VC-27-004233", "VEL-3027", "delivered", ago(20, 5), ago(18), ago(14, -2), "DHL", "4821904233",
     [("BK-GR-105", 1), ("PT-PED-SPD", 1), ("AC-CAGE", 2)], 0, "eligible, multi-item bike"),
    ("VC-27-004588", "VEL-3027", "processing", ago(1, 2), None, None, None, None,
     [("PT-CAS-1132", 1), ("PT-CHN-11", 1)], 0, "processing"),
    ("VC-27-003871", "VEL-3027", "delivered", ago(45, 1), ago(44), ago(41, -5), "DHL", "4821903871",
     [("AC-HLM-M", 1)], 0, "outside window (45 d)"),
    ("VC-27-004350", "VEL-3027", "delivered", ago(13, 4), ago(12), ago(9, -3), "DHL", "4821904350",
     [("PT-TYR-GP5000", 2), ("PT-TUBE-700", 2)], 0, "delivered, DHL"),
    ("VC-27-004120", "VEL-3033", "delivered", ago(25, 6), ago(22), ago(18, -4), "DHL", "5930144120",
     [("EB-CITY-500", 1), ("AC-CSEAT", 1)], 0, "eligible e-bike"),
    ("VC-27-004391", "VEL-3033", "shipped", ago(5, 2), ago(2, -3), None, "DHL", "5930144391",
     [("CL-RAIN-M", 1), ("CL-GLV-S", 1)], 4250, "shipped with a partial refund (gloves out of stock)"),
    ("VC-26-002310", "VEL-3033", "delivered", "2026-10-03T08:22:00Z", "2026-10-04T15:10:00Z",
     "2026-10-08T12:45:00Z", "DHL", "5930142310", [("CL-JRS-M", 1), ("CL-SOCK-3", 1)], 0, "old order"),
    ("VC-27-004455", "VEL-3041", "delivered", ago(8, 1), ago(7), ago(6, -5), "PostNL", "3SVCYC004455071",
     [("PT-LGT-SET", 1), ("PT-LCK-AXA", 1), ("AC-BAG-FR", 1)], 0, "eligible, multi-item"),
    ("VC-27-004610", "VEL-3041", "processing", ago(0, 3), None, None, None, None,
     [("PT-PUMP", 1)], 0, "processing, placed today"),
    ("VC-27-003650", "VEL-3041", "delivered", ago(62, 2), ago(61), ago(60, -4), "PostNL", "3SVCYC003650339",
     [("AC-PNR", 1), ("AC-BOT", 1)], 995, "partial prior refund, outside window"),
    ("VC-27-004298", "VEL-3058", "delivered", ago(16, 7), ago(15), ago(12, -2), "DHL", "6172034298",
     [("AC-COMP", 1), ("AC-HLM-M", 1)], 3000, "partial prior refund, inside window"),
    ("VC-27-004521", "VEL-3058", "shipped", ago(4, 3), ago(3, -5), None, "DHL", "6172034521",
     [("EB-TRK-625", 1)], 0, "shipped e-bike, DHL"),
    ("VC-27-004195", "VEL-3058", "delivered", ago(26, 2), ago(25), ago(22, -6), "DHL", "6172034195",
     [("CL-GLV-S", 1), ("CL-JRS-M", 1), ("CL-SOCK-3", 2)], 0, "eligible, multi-item clothing"),
    ("VC-27-004344", "VEL-3064", "delivered", ago(14, 5), ago(13), ago(12, -3), "PostNL", "3SVCYC004344826",
     [("PT-CHN-11", 1), ("PT-PAD-DISC", 2), ("PT-CAS-1132", 1)], 0, "eligible, qty 2 line"),
    ("VC-27-004180", "VEL-3064", "returned", ago(28, 1), ago(26), ago(24, -2), "PostNL", "3SVCYC004180605",
     [("EB-TRK-625", 1)], 0, "returned e-bike"),
    ("VC-27-003990", "VEL-3064", "cancelled", ago(10, 4), None, None, None, None,
     [("AC-HLM-M", 1), ("CL-SOCK-3", 1)], 15395, "cancelled, refunded automatically"),
    ("VC-27-004266", "VEL-3079", "delivered", ago(18, 2), ago(16), None, "DHL", "7045124266",
     [("BK-RD-AL", 1)], 0, "delivered without delivered_at"),
    ("VC-27-003702", "VEL-3079", "delivered", ago(58, 3), ago(57), ago(54, -2), "DHL", "7045123702",
     [("CL-JRS-M", 1), ("CL-SOCK-3", 1)], 0, "old delivered"),
    ("VC-27-004612", "VEL-3079", "processing", ago(0, 5), None, None, None, None,
     [("AC-COMP", 1), ("AC-BOT", 2)], 0, "processing, placed today"),
    ("VC-27-004163", "VEL-3085", "delivered", ago(30), ago(29, -2), ago(26, -5), "DHL", "8150374163",
     [("AC-PNR", 1), ("AC-BOT", 1)], 0, "ordered exactly 30 days before now: eligible"),
    ("VC-27-004240", "VEL-3085", "delivered", ago(21, 3), ago(20), ago(17, -4), "DHL", "8150374240",
     [("AC-HLM-M", 1), ("CL-SOCK-3", 2)], 0, "eligible"),
    ("VC-27-004547", "VEL-3085", "shipped", ago(3, 4), ago(1, -2), None, "DHL", "8150374547",
     [("PT-PED-SPD", 1), ("AC-COMP", 1)], 0, "shipped, DHL"),
    ("VC-27-004477", "VEL-3092", "delivered", ago(6, 2), ago(5), ago(4, -3), "PostNL", "3SVCYC004477190",
     [("PT-BAT-500", 1), ("PT-SEAL-500", 1)], 0, "eligible, multi-item"),
    ("VC-27-004533", "VEL-3092", "shipped", ago(2, 1), ago(1, -5), None, "PostNL", "3SVCYC004533742",
     [("CL-BIB-L", 1), ("CL-JRS-M", 1)], 0, "shipped, PostNL"),
    ("VC-26-002745", "VEL-3092", "delivered", "2026-12-02T17:05:00Z", "2026-12-03T13:00:00Z",
     "2026-12-04T10:18:00Z", "PostNL", "3SVCYC002745388", [("BK-KID-20", 1), ("AC-HLM-M", 1)], 45800,
     "fully refunded before"),
    ("VC-27-004402", "VEL-3106", "delivered", ago(10, 2), ago(9), ago(6, -4), "DHL", "9260514402",
     [("BK-KID-20", 1), ("AC-HLM-M", 1)], 0, "eligible"),
    ("VC-27-004579", "VEL-3106", "processing", ago(1, 6), None, None, None, None,
     [("AC-BAG-FR", 1), ("PT-LGT-SET", 1)], 0, "processing"),
    ("VC-27-004468", "VEL-3106", "delivered", ago(9, 1), ago(8), ago(5, -2), "DHL", "9260514468",
     [("AC-HLM-M", 1)], 0, "filler"),
    ("VC-27-004311", "VEL-3113", "delivered", ago(15, 2), ago(14), ago(12, -3), "DHL", "3018824311",
     [("AC-COMP", 1)], 0, "eligible"),
    ("VC-27-004560", "VEL-3113", "shipped", ago(3, 2), ago(2, -4), None, "DHL", "3018824560",
     [("CL-GLV-S", 1), ("CL-SOCK-3", 1)], 0, "shipped, DHL"),
    ("VC-27-004089", "VEL-3120", "delivered", ago(33, 2), ago(31), ago(28, -3), "PostNL", "3SVCYC004089318",
     [("EB-CITY-500", 1)], 0, "outside window (33 d)"),
    ("VC-27-004490", "VEL-3120", "delivered", ago(7, 1), ago(10), ago(9, -4), "PostNL", "3SVCYC004490561",
     [("PT-LGT-SET", 1)], 0, "delivered before ordered: inconsistent dates"),
    ("VC-27-004377", "VEL-3120", "shipped", ago(8, 2), ago(6, -3), None, "PostNL", "3SVCYC004377655",
     [("PT-PUMP", 1), ("PT-SEAL-500", 1), ("PT-TUBE-700", 3)], 0, "shipped 6 days ago, PostNL"),
    ("VC-27-004164", "VEL-3137", "delivered", ago(30, seconds=1), ago(29, -3), ago(27, -2), "DHL", "4402914164",
     [("CL-RAIN-M", 1)], 0, "ordered 30 days + 1 s before now: not eligible"),
    ("VC-27-004510", "VEL-3137", "shipped", ago(4, 1), ago(2, -2), None, "DHL", "4402914510",
     [("BK-GR-105", 1)], 0, "shipped bike, DHL"),
    ("VC-27-004370", "VEL-3144", "delivered", ago(11, 2), ago(10), ago(8, -1), "PostNL", "3SVCYC004370284",
     [("PT-TUBE-700", 4), ("PT-TYR-GP5000", 2), ("PT-SEAL-500", 2), ("PT-PUMP", 1)], 0,
     "eligible, four lines"),
    ("VC-27-004040", "VEL-3144", "cancelled", ago(20, 3), None, None, None, None,
     [("PT-CAS-1132", 1), ("PT-CHN-11", 1)], 12350, "cancelled, refunded automatically"),
    ("VC-27-004129", "VEL-3144", "delivered", ago(24, 1), ago(23), ago(21, -2), "PostNL", "3SVCYC004129907",
     [("PT-LGT-SET", 1), ("PT-LCK-AXA", 1)], 0, "filler"),
    ("VC-27-004288", "VEL-3151", "delivered", ago(17, 4), ago(16), ago(13, -5), "DHL", "5521804288",
     [("EB-TRK-625", 1), ("PT-BAT-500", 1)], 0, "eligible, expensive"),
    ("VC-27-004599", "VEL-3151", "processing", ago(1, 1), None, None, None, None,
     [("CL-RAIN-M", 1), ("CL-GLV-S", 1)], 0, "processing"),
    ("VC-27-004301", "VEL-3151", "delivered", ago(15, 3), ago(14), ago(11, -4), "DHL", "5521804301",
     [("CL-JRS-M", 1), ("CL-BIB-L", 1)], 0, "delivered, DHL"),
]


def cents_to_usd(c):
    return round(c / 100.0, 2)


def build_orders():
    out = []
    for (oid, cid, status, od, sh, de, carrier, trk, lines, refunded, _purpose) in ORDERS:
        items = []
        total = 0
        for sku, qty in lines:
            name, price = CATALOG[sku]
            items.append({"sku": sku, "name": name, "quantity": qty, "unit_price_usd": cents_to_usd(price)})
            total += price * qty
        rec = {
            "order_id": oid,
            "customer_id": cid,
            "status": status,
            "order_date": od,
            "shipped_at": sh,
            "delivered_at": de,
        }
        if carrier is not None:
            rec["carrier"] = carrier
            rec["tracking_number"] = trk
        rec["items"] = items
        rec["total_usd"] = cents_to_usd(total)
        rec["refunded_usd"] = cents_to_usd(refunded)
        out.append(rec)
    return out


def build_customers():
    return [{"customer_id": c, "name": n, "email": e} for c, n, e in CUSTOMERS]


# ---------------------------------------------------------------------------------------------
# Help center. Topics deliberately NOT covered by any article (the no_kb_match / out_of_scope
# cases depend on it): bike fitting appointments, leasing through an employer, trading in an old
# bike, cancelling an order, changing the delivery address, gift wrapping, price matching, test
# rides, theft insurance, student discounts, car racks, taking a battery on a plane, bike rental,
# upgrading to express shipping, changing the payment method of a placed order.
# ---------------------------------------------------------------------------------------------
KB = [
    {
        "id": "KB-101",
        "title": "Delivery times and shipping costs",
        "body": (
            "We ship every order from our warehouse in Utrecht. Orders placed on a working day before 15:00 "
            "(Amsterdam time) leave the warehouse the same day. Parcels to the Netherlands and Belgium travel "
            "with PostNL and usually arrive in 1 to 2 working days. Parcels to all other EU countries travel "
            "with DHL and usually arrive in 3 to 6 working days. Complete bikes and e-bikes are shipped in a "
            "large box, about 90% assembled, and take 2 extra working days because they are checked in our "
            "workshop first. Shipping is free for orders of $150 or more; below that a parcel costs $6.95 and "
            "a bike box costs $39.00. Saturday delivery is available in the Netherlands only, for parcels, "
            "by choosing 'Saturday delivery' at checkout."
        ),
        "tags": ["shipping", "delivery", "costs", "postnl", "dhl"],
    },
    {
        "id": "KB-102",
        "title": "Tracking your parcel",
        "body": (
            "As soon as your order leaves our warehouse we send a shipping confirmation email with a tracking "
            "link. PostNL tracking numbers start with 3S followed by letters and digits; DHL tracking numbers "
            "are 10 digits. You can also see the tracking number under Account > Orders. It can take up to "
            "24 hours after the shipping email before the carrier's website shows the first scan, so a "
            "tracking page that says 'not found' on the first day is normal. If the tracking has not moved "
            "for 5 working days, contact us and we will open an investigation with the carrier."
        ),
        "tags": ["tracking", "track and trace", "parcel", "shipping"],
    },
    {
        "id": "KB-103",
        "title": "Returns and refunds policy",
        "body": (
            "This page describes our returns and refunds policy in full. It applies to everything bought in "
            "our online shop and in our Utrecht store, and it comes on top of your statutory rights as a "
            "consumer in the EU.\n\n"
            "Return window. You can return most items within 30 days of the order date. The 30 days count "
            "from the day you placed the order, not from the day it was delivered.\n\n"
            "Condition. Items must be unused and in their original packaging with all labels attached. "
            "Clothing must be unworn apart from trying it on indoors. Bikes and e-bikes must not have been "
            "ridden outdoors and must be returned in the original box; we check every returned bike in the "
            "workshop before the refund is approved.\n\n"
            "Exceptions. Custom-built wheels, bikes adjusted to your measurements, opened tubeless sealant, "
            "bib shorts with the hygiene strip removed, and gift cards cannot be returned.\n\n"
            "Return shipping. Returns from the Netherlands and Belgium are free. From other EU countries the "
            "return label costs $7.95, which is deducted from your refund. For a complete bike, collection by "
            "our freight partner costs $49.00.\n\n"
            "Refunds. Once the return has arrived and passed the check, the refund is made to your original "
            "payment method within 5 working days. Orders paid with a Velodrome gift card are refunded as a "
            "new gift card code. Orders paid with Klarna are refunded to Klarna, which then adjusts or closes "
            "your invoice.\n\n"
            "Damaged or faulty items are not returns: see our articles on damaged deliveries and on the "
            "warranty.\n\n"
            "Partial refunds. If only part of an order is returned, only those items are refunded; the "
            "free-shipping threshold is not recalculated."
        ),
        "tags": ["returns", "refund", "policy", "return window"],
    },
    {
        "id": "KB-104",
        "title": "How to send a return",
        "body": (
            "1. Go to velodromecycles.eu/returns and enter your order number and the email address you "
            "ordered with. 2. Choose the items you want to send back and a reason. 3. Print the return "
            "label, or choose the QR code instead and show it at a PostNL or DHL ServicePoint, where they "
            "print the label for you: no printer needed. 4. Pack the items securely, preferably in the "
            "original box, and drop the parcel off within 14 days of registering the return. Keep the "
            "receipt of the drop-off until your refund has arrived. For a complete bike the portal books a "
            "collection by our freight partner instead of a label."
        ),
        "tags": ["returns", "return label", "portal"],
    },
    {
        "id": "KB-105",
        "title": "Exchanging clothing for another size",
        "body": (
            "Ordered a jersey, bib shorts, jacket or gloves in the wrong size? You can swap it yourself: open "
            "the returns portal at velodromecycles.eu/returns, select the item and choose 'Exchange for "
            "another size' instead of a refund. Pick the new size; if it is in stock we reserve it straight "
            "away. We ship the new size as soon as the carrier scans your return parcel, so you do not have "
            "to wait for it to reach Utrecht. The first exchange per order is free, including shipping both "
            "ways. Exchanges are possible within the same 30-day window as returns and only for the same "
            "product in another size; for a different product, return the item for a refund and place a "
            "new order."
        ),
        "tags": ["exchange", "size", "clothing", "swap"],
    },
    {
        "id": "KB-106",
        "title": "E-bike battery: charging and storage",
        "body": (
            "Charge your battery at room temperature, between 10 and 25 °C, with the charger that came with "
            "the bike. A full charge from empty takes about 4.5 hours for the 500 Wh battery and about 5.5 "
            "hours for the 625 Wh battery. You do not need to drain the battery before charging, and leaving "
            "it on the charger overnight now and then does no harm. If you will not ride for more than a "
            "month, for example over winter, store the battery indoors at about half charge and top it up "
            "every 3 months. Never charge a battery that is below 0 °C: let it warm up indoors for an hour "
            "first."
        ),
        "tags": ["e-bike", "battery", "charging", "storage", "winter"],
    },
    {
        "id": "KB-107",
        "title": "E-bike speed and the law",
        "body": (
            "All our e-bikes except the S-models are pedelecs: the motor helps while you pedal, up to "
            "25 km/h, and stops assisting above that speed. In the EU a pedelec is treated as an ordinary "
            "bicycle: no licence, no insurance and no number plate are required. Our S-models are speed "
            "pedelecs that assist up to 45 km/h; in the Netherlands they need a yellow number plate, "
            "insurance, a moped driving licence (AM) and an approved helmet, and other EU countries have "
            "similar rules. The motor's limit is set in the factory and we cannot raise it: tuning a pedelec "
            "turns it into an unregistered moped and voids the warranty."
        ),
        "tags": ["e-bike", "speed", "pedelec", "speed pedelec", "law"],
    },
    {
        "id": "KB-108",
        "title": "Warranty on bikes, e-bikes and parts",
        "body": (
            "Velodrome Cycles gives the following warranty on top of your statutory rights as a consumer in "
            "the EU. Frames: our own Velodrome frames carry a 10-year warranty against manufacturing defects "
            "for the first owner; frames of other brands follow the brand's own warranty. Forks and "
            "components: 2 years. E-bike motors: 2 years. E-bike batteries: 2 years or 500 full charge "
            "cycles, whichever comes first; a battery that still holds 60% of its capacity after that is "
            "considered healthy. Paint and decals: 1 year. The warranty does not cover wear parts such as "
            "chains, cassettes, brake pads, tyres and handlebar tape, nor damage from crashes, neglect, "
            "transport on a car rack or tuning. To make a claim, fill in the warranty form in your account "
            "with your order number, photos of the defect and a description; a workshop technician replies "
            "within 3 working days. If we need the part or the bike, we send a free return label. A repair "
            "or replacement under warranty does not restart the warranty period."
        ),
        "tags": ["warranty", "guarantee", "defect", "claim"],
    },
    {
        "id": "KB-109",
        "title": "Workshop service packages",
        "body": (
            "Our workshop in Utrecht services all bikes we sell. Basic service ($79): gears and brakes "
            "adjusted, tyres checked, chain cleaned and lubricated, all bolts checked to torque. Full service "
            "($149): everything in the basic service, plus the bike stripped down, cleaned and re-greased, "
            "bearings checked, wheels trued and cables replaced. E-bike service ($119): the basic service "
            "plus a motor and battery diagnosis and the latest firmware. Parts are charged separately, and we "
            "always ask before fitting any part above $25. Book a slot online under Workshop > Book a "
            "service; drop the bike off between 08:30 and 10:00 on the booked day, and it is usually ready "
            "within 3 working days."
        ),
        "tags": ["workshop", "service", "maintenance", "repair", "price"],
    },
    {
        "id": "KB-110",
        "title": "Changing or cancelling a workshop appointment",
        "body": (
            "You can move your workshop appointment yourself: open the booking confirmation email and click "
            "'Manage booking', or log in and go to Workshop > My bookings. Choose a new date and time from "
            "the free slots and confirm. Changes and cancellations are free up to 24 hours before the "
            "appointment. Within 24 hours, please call the workshop on +31 30 555 0199 so that we can offer "
            "the slot to someone else; a booking that is missed without notice is charged $25."
        ),
        "tags": ["workshop", "appointment", "booking", "reschedule", "cancel"],
    },
    {
        "id": "KB-111",
        "title": "Choosing your frame size",
        "body": (
            "Frame size depends more on your inside leg (inseam) than on your height. Stand barefoot against "
            "a wall with a book between your legs, pushed up firmly, and measure from the top of the book to "
            "the floor. For a road or gravel bike, multiply the inseam in cm by 0.67 to get the frame size "
            "in cm; for a city or trekking bike, multiply it by 0.63. Between two sizes, choose the smaller "
            "one if you prefer a sporty position and the larger one for a more upright position. Every "
            "product page has a size chart with the recommended height and inseam range for each size."
        ),
        "tags": ["size", "frame size", "measure", "height"],
    },
    {
        "id": "KB-112",
        "title": "Payment methods",
        "body": (
            "We accept iDEAL, Bancontact, Visa, Mastercard, American Express, PayPal, Apple Pay and Klarna. "
            "With Klarna you can pay after 30 days at no extra cost, or spread a purchase over 3 "
            "interest-free instalments for orders between $35 and $1,500. Payment is taken when you place "
            "the order, except with Klarna. For orders above $5,000 you can also pay by bank transfer: "
            "choose 'Bank transfer' at checkout and we reserve the items for 7 days until the money arrives. "
            "We do not accept cash on delivery or cheques."
        ),
        "tags": ["payment", "pay", "klarna", "ideal", "credit card", "paypal"],
    },
    {
        "id": "KB-113",
        "title": "Finding your order number",
        "body": (
            "Your order number is in the subject line of the order confirmation email and on your invoice. "
            "It looks like VC-27-004417: the letters VC, the last two digits of the year you ordered, and a "
            "six-digit number. You can also find all your orders under Account > Orders after you log in. "
            "When you contact us, please give the full order number so that we can find your order straight "
            "away."
        ),
        "tags": ["order number", "order id", "reference"],
    },
    {
        "id": "KB-114",
        "title": "Invoices, VAT and company details",
        "body": (
            "Every order comes with a PDF invoice that you can download under Account > Orders > Invoice. "
            "To put a company name, address or VAT number on the invoice, open Account > Orders, choose the "
            "order, click 'Invoice details', fill them in and save: the invoice is regenerated at once and "
            "you can download the new version. Prices in the shop include Dutch VAT of 21%. Business "
            "customers in another EU country with a valid VAT number get the invoice without VAT under the "
            "reverse charge rule; enter your VAT number at checkout, because VAT cannot be removed from an "
            "order afterwards."
        ),
        "tags": ["invoice", "vat", "company", "business", "receipt"],
    },
    {
        "id": "KB-115",
        "title": "Assembling a bike delivered in a box",
        "body": (
            "Your bike arrives about 90% assembled. In the box you will find 4, 5 and 6 mm hex keys and a "
            "15 mm pedal spanner. 1. Take the bike out and remove the protective foam. 2. Turn the handlebar "
            "straight, align the stem with the front wheel and tighten the stem bolts evenly to 5 Nm. 3. Fit "
            "the pedals: they are marked R and L on the axle. The right pedal tightens clockwise; the left "
            "pedal has a reverse thread and tightens counter-clockwise. Grease the threads first. 4. Set the "
            "saddle height and pump the tyres to the pressure printed on the sidewall. Take a short test ride "
            "and check both brakes before your first real ride. After the first 100 km the cables settle in; "
            "a free check-up in our Utrecht workshop is included within 3 months of purchase."
        ),
        "tags": ["assembly", "pedals", "box", "setup"],
    },
    {
        "id": "KB-116",
        "title": "Tyre pressure and tubeless tyres",
        "body": (
            "The right pressure depends on tyre width, your weight and the surface. As a starting point: "
            "road tyres of 25 to 28 mm, 5.5 to 7 bar; gravel tyres of 40 mm, 2.5 to 3.5 bar; city and "
            "trekking tyres, 3.5 to 5 bar. Never go above the maximum printed on the tyre's sidewall. "
            "Tubeless tyres can run about 0.5 bar lower than tyres with an inner tube. Sealant dries out "
            "over time: top up tubeless sealant every 3 months, and after a puncture has sealed, check the "
            "pressure the next day."
        ),
        "tags": ["tyres", "pressure", "tubeless", "sealant"],
    },
    {
        "id": "KB-117",
        "title": "Newsletter and email preferences",
        "body": (
            "To stop receiving our newsletter, click 'Unsubscribe' at the bottom of any newsletter, or log "
            "in and switch it off under Account > Communication preferences. The change takes effect "
            "immediately, although a newsletter that is already being sent may still arrive within 48 "
            "hours. Service emails about your orders, deliveries, returns and workshop bookings are always "
            "sent and cannot be switched off. New subscribers receive a one-time 10% welcome discount code "
            "for their first order."
        ),
        "tags": ["newsletter", "email", "unsubscribe", "marketing"],
    },
    {
        "id": "KB-118",
        "title": "Gift cards",
        "body": (
            "Velodrome gift cards are available from $25 to $500, as an e-mail gift card or as a printed "
            "card in the store. A gift card is valid for 2 years from the date of purchase and can be used "
            "online and in our Utrecht store, over several purchases until the balance is used up. Check "
            "the balance at velodromecycles.eu/giftcard. Gift cards cannot be exchanged for cash, and a lost "
            "printed card can only be replaced if you have the purchase receipt."
        ),
        "tags": ["gift card", "voucher", "gift"],
    },
    {
        "id": "KB-119",
        "title": "Click & collect at our Utrecht store",
        "body": (
            "Choose 'Pick up in store' at checkout to collect your order at our store at Oudegracht 212, "
            "Utrecht, free of charge. We email you when the order is ready, usually within 2 hours during "
            "opening hours for items in stock. Your order is kept for 7 days; after that it goes back into "
            "stock and you are refunded. Bring your order number and a photo ID; someone else may collect "
            "it with your confirmation email and their own ID. The store is open Tuesday to Saturday, 09:30 "
            "to 18:00, and on Thursdays until 21:00."
        ),
        "tags": ["pickup", "click and collect", "store", "utrecht"],
    },
    {
        "id": "KB-120",
        "title": "Damaged or missing items in a delivery",
        "body": (
            "If your parcel arrives damaged or something is missing, report it within 48 hours of delivery "
            "through the contact form, with photos of the outer box, the shipping label and the damage. Keep "
            "all packaging until the case is closed, because the carrier may want to inspect it. We then "
            "send a replacement part or item free of charge, or arrange a repair at a workshop near you. For "
            "bike boxes, if you can, note visible damage on the delivery driver's scanner before you sign."
        ),
        "tags": ["damaged", "missing", "delivery", "broken"],
    },
    {
        "id": "KB-121",
        "title": "Shipping to Norway and Switzerland",
        "body": (
            "Besides all EU countries, we ship to Norway and Switzerland. These orders are sent with DHL "
            "Express and take 2 to 4 working days. Because Norway and Switzerland are outside the EU customs "
            "union, the shop price is charged without Dutch VAT, and the carrier charges import VAT and any "
            "duties to the recipient on delivery, together with a clearance fee. Complete bikes cannot be "
            "shipped to Norway or Switzerland; parts, accessories and clothing can. We do not ship outside "
            "the EU, Norway and Switzerland."
        ),
        "tags": ["shipping", "switzerland", "norway", "customs", "duties"],
    },
    {
        "id": "KB-122",
        "title": "Your account and password",
        "body": (
            "You can order as a guest or with an account; an account lets you follow your orders, download "
            "invoices and manage workshop bookings. To reset your password, click 'Forgot password?' on the "
            "login page and enter your email address. The reset link is valid for 30 minutes and can be "
            "used once. If no email arrives within 10 minutes, check your spam folder, then request a new "
            "link. For security reasons we never ask for your password by email or phone."
        ),
        "tags": ["account", "password", "login", "sign-in"],
    },
    {
        "id": "KB-123",
        "title": "Out-of-stock items and pre-orders",
        "body": (
            "Items that are out of stock show a 'Notify me' button on the product page: leave your email "
            "address and we send one email as soon as the item is back. Some bikes can be pre-ordered before "
            "they arrive; the product page shows the expected week of delivery, and if that week slips by "
            "more than 4 weeks we email you the new date."
        ),
        "tags": ["stock", "sold out", "pre-order", "availability"],
    },
    {
        "id": "KB-124",
        "title": "Caring for cycling clothing",
        "body": (
            "Wash cycling clothing inside out at 30 °C on a gentle cycle, with zips closed. Do not use "
            "fabric softener: it clogs the technical fabric and the chamois of your bib shorts. Do not "
            "tumble dry or iron; dry it flat or on a hanger out of direct sun. Wash bib shorts after every "
            "ride. Rain jackets with a waterproof membrane keep their water-repellent finish longer if you "
            "wash them with a special tech wash now and then."
        ),
        "tags": ["clothing", "washing", "care", "bib shorts"],
    },
    {
        "id": "KB-125",
        "title": "Privacy statement",
        "body": (
            "Velodrome Cycles B.V., Oudegracht 212, Utrecht, is responsible for the personal data we "
            "process. We process your name, address, email address, phone number and order history to "
            "deliver your orders, handle returns and warranty claims, and send service emails. We share "
            "only what is needed with our carriers (PostNL and DHL), our payment providers and, for Klarna "
            "orders, Klarna. We do not sell personal data. Newsletters are only sent with your consent. Our "
            "website uses functional cookies and, with your consent, analytics cookies. Order records and "
            "invoices are kept for 7 years because Dutch tax law requires it; other data is deleted 2 years "
            "after your last order. You have the right to see, correct and delete your data and to object "
            "to processing: write to privacy@velodromecycles.eu. You may also complain to the Dutch Data "
            "Protection Authority (Autoriteit Persoonsgegevens)."
        ),
        "tags": ["privacy", "gdpr", "data", "cookies"],
    },
    {
        "id": "KB-126",
        "title": "Helmet crash replacement",
        "body": (
            "A helmet is made to protect you once: after any crash or hard impact, replace it, even if you "
            "see no damage. If a helmet bought from us is damaged in a crash within 3 years of purchase, you "
            "get 30% off a new helmet of the same or another model. Send us a photo of the damaged helmet "
            "with your order number through the contact form and we email you a personal discount code. "
            "Replace helmets after 5 years in any case, because the foam ages."
        ),
        "tags": ["helmet", "crash", "replacement", "discount"],
    },
]
