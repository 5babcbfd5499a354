"""Toybox & Co: the world's raw specification (customers, catalog, orders, help center).

generate.py turns this into world/*.json; validate.py checks the result. Order ids are minted
deterministically (seeded) in generate.py; here every order has a symbolic key used by the cases.
"""

NOW = "2027-05-12T14:00:00Z"

SHOP_DESCRIPTION = (
    "Toybox & Co, an online shop for children's toys, baby gear and board games (wooden toys, "
    "strollers, car seats, puzzles, Brickly building sets, plush, games; gift wrapping; a toy-safety "
    "recall program), shipping from Portland, Oregon. A snapshot pinned to one instant so that refund "
    "eligibility is reproducible."
)

# key -> (customer_id, name, email)
CUSTOMERS = {
    "megan": ("C-2101", "Megan Whitfield", "megan.whitfield@example.com"),
    "daniel": ("C-2102", "Daniel Okafor", "dan.okafor@example.net"),
    "priya": ("C-2103", "Priya Raman", "priya.raman@example.com"),
    "lucia": ("C-2104", "Lucía Fernández", "lucia.fernandez@example.es"),
    "joost": ("C-2105", "Joost van der Berg", "joost.vdberg@example.nl"),
    "kasia": ("C-2106", "Katarzyna Nowak", "k.nowak@example.pl"),
    "tom": ("C-2107", "Tom Brennan", "tbrennan@example.com"),
    "aisha": ("C-2108", "Aisha Rahman", "aisha.rahman@example.com"),
    "emily": ("C-2109", "Emily Chen", "emily.chen@example.org"),
    "marcus": ("C-2110", "Marcus Bell", "marcus.bell@example.com"),
    "sofia": ("C-2111", "Sofia Rossi", "sofia.rossi@example.com"),
    "hannah": ("C-2112", "Hannah Schultz", "hannah.schultz@example.com"),
    "jamal": ("C-2113", "Jamal Carter", "jcarter88@example.com"),
    "olivia": ("C-2114", "Olivia Grant", "ogrant@grantwhitcombe.example"),
    "ben": ("C-2115", "Ben Hargreaves", "ben.hargreaves@example.co.uk"),
    "natalie": ("C-2116", "Natalie Dubois", "natalie.dubois@example.com"),
    "carlos": ("C-2117", "Carlos Mendoza", "carlos.mendoza@example.mx"),
    "sanne": ("C-2118", "Sanne de Vries", "sanne.devries@example.nl"),
    "piotr": ("C-2119", "Piotr Wiśniewski", "piotr.wisniewski@example.pl"),
    "rachel": ("C-2120", "Rachel Goldberg", "rachel.goldberg@example.com"),
    "kevin": ("C-2121", "Kevin Nguyen", "kevin.nguyen@example.com"),
    "laura": ("C-2122", "Laura Jensen", "laura.jensen@example.com"),
    "samuel": ("C-2123", "Samuel Adeyemi", "s.adeyemi@example.com"),
    "grace": ("C-2124", "Grace Park", "gracepark1956@example.com"),
    "liam": ("C-2125", "Liam O'Connor", "liam.oconnor@example.ie"),
    "fatima": ("C-2126", "Fatima Haddad", "fatima.haddad@example.com"),
    "ethan": ("C-2127", "Ethan Brooks", "ethan.brooks@example.com"),
    "chloe": ("C-2128", "Chloe Martin", "chloe.martin@example.com"),
    "diego": ("C-2129", "Diego Alvarez", "diego.alvarez@example.com"),
    "zoe": ("C-2130", "Zoe Campbell", "zoe.campbell@example.com"),
    "harper": ("C-2131", "Harper Lee Wilson", "harper.wilson@crestline.example"),
    "noah": ("C-2132", "Noah Fischer", "noah.fischer@example.de"),
    "maya": ("C-2133", "Maya Thompson", "maya.thompson@example.com"),
    "owen": ("C-2134", "Owen Patel", "owen.patel@example.com"),
}

# sku -> (name, unit price in USD)
CATALOG = {
    "WT-TRAIN-42": ("Maple Wooden Train Set (42 pcs)", 64.00),
    "WT-STACK-07": ("Tumble Tower Wooden Stacker", 24.99),
    "WT-BLOCK-100": ("Rainbow Wooden Blocks (100 pcs)", 39.50),
    "WT-PULL-DOG": ("Wooden Pull-Along Dachshund", 18.75),
    "WT-KITCH-01": ("Little Chef Wooden Play Kitchen", 149.00),
    "ST-CITY-LT": ("CityLite Compact Stroller", 289.00),
    "ST-JOG-3": ("TrailRunner 3-Wheel Jogging Stroller", 449.99),
    "ST-RAIN": ("Universal Stroller Rain Cover", 22.50),
    "CS-CONV-65": ("SafeNest Convertible Car Seat", 219.99),
    "CS-INF-30": ("SafeNest Infant Car Seat 30", 179.00),
    "CS-BASE": ("SafeNest Extra Base", 89.50),
    "PZ-1000-MAP": ("World Map Jigsaw Puzzle (1000 pcs)", 19.99),
    "PZ-24-FARM": ("Farm Friends Floor Puzzle (24 pcs)", 12.99),
    "PZ-500-OCEAN": ("Ocean Deep Puzzle (500 pcs)", 16.50),
    "BS-CASTLE": ("Brickly Castle Builder Set (812 pcs)", 79.99),
    "BS-FIRE": ("Brickly Fire Station Set (465 pcs)", 54.99),
    "BS-RACER": ("Brickly Mini Racer (98 pcs)", 9.99),
    "BS-SHUTTLE": ("Brickly Space Shuttle (1,024 pcs) - Pre-order", 119.99),
    "PL-BEAR-L": ("Cuddle Bear Plush, Large", 34.00),
    "PL-BUNNY": ("Honey Bunny Plush", 18.50),
    "PL-WHALE": ("Wally the Whale Plush", 24.99),
    "BG-TRAIL": ("Trail Quest Family Board Game", 39.99),
    "BG-MEMORY": ("Animal Memory Match Game", 14.95),
    "BG-DICE": ("Dragon Dice Strategy Game", 29.00),
    "RC-PUP": ("Robo-Pup Interactive Puppy", 59.95),
    "RC-TRUCK": ("Remote Control Fire Truck", 44.00),
    "BT-AA4": ("AA Batteries (4-pack)", 5.49),
    "BB-MONITOR": ("Sleepy Owl Video Baby Monitor", 119.00),
    "BB-TEETH": ("Teether Ring Set (3 pcs)", 11.25),
    "BB-GYM": ("Soft Play Gym Mat", 69.00),
    "BB-HIGHCHAIR": ("Grow-With-Me Wooden High Chair", 139.50),
    "GW-WRAP": ("Gift Wrapping", 4.99),
}

# Each order: key, customer key, status, when, items, optional fields.
#   days: how many days before NOW the order was placed (float), or order_ts explicit.
#   ship/deliv: days from order to shipment, from shipment to delivery (defaults by carrier).
#   refunded: refunded_usd. "full" means the whole total.
#   delivered_null: a delivered order whose delivered_at is missing.
#   shipped_ts / delivered_ts: explicit timestamps (for the inconsistent-dates records).
ORDERS = [
    # megan
    dict(key="E1", cust="megan", status="delivered", days=12.2, items=[("WT-STACK-07", 1)], carrier="UPS"),
    dict(key="C1", cust="megan", status="cancelled", days=4.1, items=[("BG-TRAIL", 1)], refunded="full"),
    dict(key="S1", cust="megan", status="shipped", days=3.0, items=[("BS-FIRE", 1)], carrier="UPS"),
    dict(key="M1", cust="megan", status="delivered", days=70.4, items=[("PZ-1000-MAP", 1), ("PZ-500-OCEAN", 1)], carrier="USPS"),
    # daniel
    dict(key="E2", cust="daniel", status="delivered", days=9.3, items=[("WT-TRAIN-42", 1), ("PZ-24-FARM", 3), ("GW-WRAP", 1)], carrier="UPS"),
    dict(key="S2", cust="daniel", status="shipped", days=2.1, items=[("WT-BLOCK-100", 1)], carrier="USPS"),
    dict(key="L2o", cust="daniel", status="delivered", days=40.2, items=[("CS-INF-30", 1)], carrier="FedEx"),
    # priya
    dict(key="E3", cust="priya", status="delivered", days=20.1, items=[("ST-CITY-LT", 1), ("ST-RAIN", 1)], carrier="UPS"),
    dict(key="RT3", cust="priya", status="returned", days=40.6, items=[("PL-BUNNY", 1), ("PL-WHALE", 1)], carrier="USPS"),
    dict(key="PR2", cust="priya", status="processing", days=1.0, items=[("CS-CONV-65", 1), ("GW-WRAP", 1)]),
    # lucia
    dict(key="E4", cust="lucia", status="delivered", days=15.4, items=[("PL-BEAR-L", 1), ("PL-BUNNY", 2)], carrier="USPS"),
    dict(key="M2", cust="lucia", status="delivered", days=101.0, items=[("BG-MEMORY", 1)], carrier="USPS"),
    # joost
    dict(key="E5", cust="joost", status="delivered", days=7.2, items=[("BS-CASTLE", 1), ("BS-RACER", 2)], carrier="UPS"),
    dict(key="D4", cust="joost", status="delivered", days=35.3, items=[("RC-PUP", 1), ("BT-AA4", 1)], carrier="FedEx"),
    # kasia
    dict(key="W4", cust="kasia", status="delivered", days=38.1, items=[("WT-BLOCK-100", 1), ("WT-PULL-DOG", 1)], carrier="UPS"),
    dict(key="S6", cust="kasia", status="shipped", days=2.5, items=[("BB-GYM", 1)], carrier="FedEx"),
    # tom
    dict(key="E6", cust="tom", status="delivered", days=18.0, items=[("CS-BASE", 1)], carrier="UPS"),
    dict(key="PR1", cust="tom", status="processing", days=0.25, items=[("BB-GYM", 1)]),
    dict(key="M3", cust="tom", status="delivered", days=120.3, items=[("ST-JOG-3", 1)], carrier="UPS"),
    # aisha
    dict(key="E7", cust="aisha", status="delivered", days=25.2, items=[("BG-TRAIL", 1), ("BG-MEMORY", 1), ("BG-DICE", 1)], carrier="USPS"),
    dict(key="C2", cust="aisha", status="cancelled", days=2.2, items=[("WT-KITCH-01", 1)], refunded="full"),
    dict(key="L3o", cust="aisha", status="delivered", days=33.4, items=[("BG-DICE", 2)], carrier="USPS"),
    dict(key="S16", cust="aisha", status="shipped", days=4.0, items=[("PL-WHALE", 1), ("GW-WRAP", 1)], carrier="USPS", ship=2.2),
    # emily
    dict(key="E8", cust="emily", status="delivered", order_ts="2027-04-12T14:00:00Z", items=[("RC-PUP", 1)], carrier="FedEx"),
    dict(key="PR3", cust="emily", status="processing", days=0.5, items=[("PZ-500-OCEAN", 2)]),
    # marcus
    dict(key="E9", cust="marcus", status="delivered", days=5.1, items=[("RC-TRUCK", 1), ("BT-AA4", 2)], carrier="UPS"),
    dict(key="X1", cust="marcus", status="delivered", days=10.2, items=[("PL-BUNNY", 1), ("BG-MEMORY", 1)], carrier="USPS"),
    # sofia
    dict(key="E10", cust="sofia", status="delivered", days=11.1, items=[("PL-WHALE", 1), ("PZ-500-OCEAN", 1)], carrier="USPS"),
    dict(key="M4", cust="sofia", status="delivered", days=55.2, items=[("WT-PULL-DOG", 1)], carrier="USPS"),
    # hannah
    dict(key="E11", cust="hannah", status="delivered", days=14.3, items=[("BS-FIRE", 1)], carrier="UPS"),
    dict(key="S3", cust="hannah", status="shipped", days=1.8, items=[("CS-CONV-65", 1)], carrier="FedEx"),
    # jamal
    dict(key="E12", cust="jamal", status="delivered", days=4.6, items=[("PL-BUNNY", 1), ("BB-GYM", 1)], carrier="UPS"),
    dict(key="PR5", cust="jamal", status="processing", days=0.6, items=[("BS-CASTLE", 1)]),
    # olivia
    dict(key="S9", cust="olivia", status="shipped", days=2.2, items=[("WT-TRAIN-42", 1), ("GW-WRAP", 1)], carrier="UPS"),
    dict(key="M5", cust="olivia", status="delivered", days=28.5, items=[("BB-TEETH", 2)], carrier="USPS"),
    # ben (United Kingdom)
    dict(key="RT1", cust="ben", status="returned", days=27.1, items=[("WT-TRAIN-42", 1)], carrier="UPS"),
    dict(key="S17", cust="ben", status="shipped", days=5.2, items=[("BG-TRAIL", 1), ("BG-DICE", 1)], carrier="DHL"),
    # natalie
    dict(key="INC", cust="natalie", status="delivered", order_ts="2027-05-06T10:20:00Z",
         shipped_ts="2027-05-02T16:05:00Z", delivered_ts="2027-05-04T12:41:00Z", items=[("PL-WHALE", 2)], carrier="USPS"),
    dict(key="S15", cust="natalie", status="shipped", days=2.3, items=[("PZ-1000-MAP", 1)], carrier="USPS"),
    # carlos
    dict(key="S5", cust="carlos", status="shipped", days=2.4, items=[("BS-RACER", 3), ("PZ-24-FARM", 1)], carrier="USPS"),
    dict(key="L6o", cust="carlos", status="delivered", days=50.3, items=[("ST-CITY-LT", 1)], carrier="UPS"),
    # sanne
    dict(key="S4", cust="sanne", status="shipped", days=2.0, items=[("WT-STACK-07", 1), ("WT-PULL-DOG", 1)], carrier="UPS"),
    dict(key="L7o", cust="sanne", status="delivered", days=26.4, items=[("RC-TRUCK", 1)], carrier="FedEx"),
    # piotr
    dict(key="E14", cust="piotr", status="delivered", days=16.2, items=[("BB-TEETH", 2), ("BB-MONITOR", 1)], carrier="UPS"),
    dict(key="S18", cust="piotr", status="shipped", days=1.3, items=[("BB-HIGHCHAIR", 1)], carrier="FedEx", ship=1.0),
    # rachel
    dict(key="E13", cust="rachel", status="delivered", days=6.2, items=[("PZ-1000-MAP", 2)], carrier="USPS"),
    dict(key="S7", cust="rachel", status="shipped", days=8.1, items=[("WT-KITCH-01", 1)], carrier="UPS", ship=2.0),
    # kevin
    dict(key="E15", cust="kevin", status="delivered", days=10.3, items=[("CS-CONV-65", 1)], carrier="FedEx"),
    dict(key="PR4", cust="kevin", status="processing", days=0.2, items=[("PL-BEAR-L", 1), ("GW-WRAP", 1)]),
    # laura
    dict(key="E17", cust="laura", status="delivered", days=8.2, items=[("BG-TRAIL", 1)], carrier="USPS"),
    dict(key="PR6", cust="laura", status="processing", days=0.9, items=[("ST-RAIN", 1), ("BT-AA4", 1)]),
    # samuel
    dict(key="FUT", cust="samuel", status="delivered", order_ts="2027-05-14T09:30:00Z",
         shipped_ts="2027-05-08T15:10:00Z", delivered_ts="2027-05-10T17:55:00Z", items=[("PZ-24-FARM", 1)], carrier="USPS"),
    dict(key="S8", cust="samuel", status="processing", days=0.4, items=[("BS-CASTLE", 1)]),
    dict(key="L8o", cust="samuel", status="delivered", days=14.1, items=[("RC-PUP", 1)], carrier="FedEx"),
    dict(key="D5", cust="samuel", status="delivered", days=21.3, items=[("WT-BLOCK-100", 1)], carrier="UPS"),
    # grace
    dict(key="W1", cust="grace", status="delivered", order_ts="2027-04-12T13:59:59Z", items=[("PL-BEAR-L", 1)], carrier="USPS"),
    dict(key="PRE", cust="grace", status="processing", days=6.3, items=[("BS-SHUTTLE", 1)]),
    dict(key="D1", cust="grace", status="delivered", days=9.1, items=[("WT-TRAIN-42", 1), ("GW-WRAP", 1)], carrier="UPS"),
    # liam
    dict(key="W2", cust="liam", status="delivered", days=45.2, items=[("BS-CASTLE", 1)], carrier="UPS"),
    dict(key="S11", cust="liam", status="shipped", days=2.6, items=[("WT-KITCH-01", 1)], carrier="UPS"),
    # fatima
    dict(key="W3", cust="fatima", status="delivered", days=92.1, items=[("ST-JOG-3", 1)], carrier="UPS"),
    dict(key="S12a", cust="fatima", status="shipped", days=2.2, items=[("PL-BEAR-L", 1)], carrier="USPS"),
    dict(key="S12b", cust="fatima", status="delivered", days=6.1, items=[("BB-MONITOR", 1)], carrier="FedEx"),
    # ethan
    dict(key="W5", cust="ethan", status="delivered", days=61.2, items=[("RC-PUP", 1), ("BT-AA4", 1)], carrier="FedEx"),
    dict(key="C3", cust="ethan", status="cancelled", days=1.1, items=[("BS-RACER", 3)], refunded="full"),
    # chloe
    dict(key="W6", cust="chloe", status="delivered", days=50.1, items=[("WT-KITCH-01", 1), ("WT-BLOCK-100", 1)], carrier="UPS", refunded=39.50),
    dict(key="D2", cust="chloe", status="delivered", days=5.0, items=[("ST-RAIN", 1), ("PL-WHALE", 1)], carrier="USPS"),
    # diego
    dict(key="W7", cust="diego", status="returned", days=70.2, items=[("CS-INF-30", 1)], carrier="FedEx"),
    dict(key="D3", cust="diego", status="delivered", days=13.2, items=[("BG-MEMORY", 2)], carrier="USPS"),
    # zoe
    dict(key="P1", cust="zoe", status="delivered", days=19.3, items=[("BG-DICE", 1), ("BG-MEMORY", 1)], carrier="USPS", refunded=14.95),
    dict(key="S10", cust="zoe", status="shipped", days=1.6, items=[("RC-TRUCK", 1)], carrier="UPS"),
    # harper
    dict(key="P2", cust="harper", status="delivered", days=24.1, items=[("ST-CITY-LT", 1)], carrier="UPS", refunded="full"),
    dict(key="S13", cust="harper", status="shipped", days=3.1, items=[("PZ-500-OCEAN", 1), ("PL-BUNNY", 1)], carrier="USPS"),
    # noah
    dict(key="MISS", cust="noah", status="delivered", days=12.3, items=[("BB-MONITOR", 1)], carrier="FedEx", delivered_null=True),
    dict(key="S14", cust="noah", status="shipped", days=4.1, items=[("BS-RACER", 2), ("BS-FIRE", 1)], carrier="UPS", ship=1.3),
    # maya (no ticket of her own; her orders are other customers' ids in some cases)
    dict(key="Y1", cust="maya", status="returned", days=48.2, items=[("WT-TRAIN-42", 1)], carrier="UPS", refunded=64.00),
    dict(key="Y2", cust="maya", status="delivered", days=17.2, items=[("CS-CONV-65", 1), ("CS-BASE", 1), ("GW-WRAP", 2)], carrier="FedEx"),
    dict(key="Y3", cust="maya", status="cancelled", days=31.5, items=[("BB-MONITOR", 1)], refunded="full"),
    # owen
    dict(key="Z1", cust="owen", status="delivered", days=64.0, items=[("BG-TRAIL", 2), ("PZ-1000-MAP", 1)], carrier="USPS"),
    dict(key="Z2", cust="owen", status="shipped", days=3.3, items=[("ST-JOG-3", 1), ("ST-RAIN", 1)], carrier="UPS"),
    dict(key="Z3", cust="owen", status="processing", days=0.1, items=[("BT-AA4", 3), ("RC-TRUCK", 1)]),
    dict(key="Z4", cust="owen", status="delivered", days=22.4, items=[("BB-HIGHCHAIR", 1), ("BB-TEETH", 1)], carrier="FedEx", refunded=11.25),
]

# Ids customers write that are no order at all (order_not_found cases).
UNKNOWN_IDS = ["TB9Q4ZZ7", "TB4NN8X2"]


def para(*parts):
    return "\n\n".join(parts)


KB = [
    dict(
        id="TBX-HC-01",
        title="Shipping options, delivery times and tracking",
        tags=["shipping", "delivery", "tracking", "free shipping", "express", "carrier"],
        body=para(
            "Every Toybox & Co order is picked and packed by hand in our warehouse in Portland, Oregon. Here is what happens after you click \"Place order\".",
            "Processing time: orders placed before 12 noon Pacific time on a business day are usually packed the same day; everything else is packed within 1 to 2 business days. Between Thanksgiving and Christmas please allow one extra business day. Your order shows \"Processing\" in your account until it leaves the warehouse.",
            "Shipping methods within the contiguous US:\n- Standard (UPS Ground or USPS Ground Advantage): 3 to 6 business days after dispatch, $6.95, and free on orders of $49 or more after discounts (gift wrap and gift cards don't count toward the $49).\n- Express (UPS 2nd Day Air or FedEx 2Day): 2 business days after dispatch, $16.95.\n- Next Day (FedEx Standard Overnight): order by 12 noon Pacific, $29.95. Next Day is not available for strollers, car seats, play kitchens, high chairs or other oversized items.\nAlaska, Hawaii and US territories ship by USPS only and take 5 to 10 business days; free shipping does not apply there.",
            "Tracking your parcel: as soon as your parcel leaves us we email you the carrier and the tracking number, and both appear under Account > My orders. A new tracking number can take up to 24 hours to show its first scan; that is normal and does not mean anything is wrong. Oversized items may arrive in more than one box.",
            "PO boxes and military addresses: we ship to PO boxes and APO/FPO/DPO addresses with USPS only. Oversized items cannot be sent to a PO box.",
        ),
    ),
    dict(
        id="TBX-HC-02",
        title="Tracking says delivered but I can't find my parcel",
        tags=["delivered", "missing parcel", "lost package", "porch", "trace"],
        body=para(
            "Don't panic: carriers sometimes scan a parcel as delivered a few hours before it actually arrives, or leave it somewhere safe. Please check around your front door, porch, garage, mailbox or parcel locker, ask your neighbours and your building's front desk, and look for a delivery photo on the carrier's tracking page.",
            "If the parcel still hasn't turned up 48 hours after it was marked delivered, write to us with your order number and we will open a trace with the carrier. A trace takes 3 to 5 business days. If the carrier confirms the parcel is lost, we'll make it right with you.",
        ),
    ),
    dict(
        id="TBX-HC-03",
        title="Returns and refunds",
        tags=["returns", "refund", "30 days", "money back", "return label"],
        body=para(
            "We want every toy to be a hit. If something isn't right, you can ask for a refund within 30 days.",
            "The 30-day window: refunds are available for 30 days counted from the date and time you placed your order, not from the delivery date. After 30 days we can no longer refund the order.",
            "What can be refunded:\n- Orders that have been delivered. An order that is still processing or on its way can't be refunded yet; you can cancel an order yourself while it is still processing (see \"Changing or cancelling an order\"), and once it has shipped please wait for it to arrive.\n- A whole order, or only some of the items in it.\n- Cancelled orders are refunded automatically, in full, to the original payment method. There's nothing you need to do.",
            "How to ask for a refund: write to us from the email address on your account with your order number and the items you'd like refunded. Every refund is reviewed and approved by a member of our team before it is paid.",
            "When you'll see the money: once a refund is approved it goes back to your original payment method. Card refunds usually show on your statement within 5 to 10 business days, PayPal within 3 to 5 business days; refunds to a Toybox gift card appear straight away.",
            "Sending items back: for most refunds we email you a prepaid return label. Please pack the item in its original box if you still have it. Return shipping is free.",
            "Orders already sent back or partly refunded: if you have already returned an order, or part of it has already been refunded, our returns team settles the rest by hand. Write to us and a team member will pick it up.",
        ),
    ),
    dict(
        id="TBX-HC-04",
        title="Damaged items and missing pieces",
        tags=["damaged", "broken", "missing pieces", "puzzle", "replacement pieces", "brickly"],
        body=para(
            "Missing a puzzle piece? Something arrived broken? Here's how we put it right.",
            "Missing puzzle pieces: every Toybox puzzle has a four-digit piece code printed on the bottom flap of the box. Fill in the Missing Piece form (Help > Missing pieces) with that code and roughly where the piece goes; a photo of the gap helps. We cut and post replacement pieces free of charge, usually within 10 business days, for as long as you own the puzzle.",
            "Missing bricks in Brickly sets: find the set number on the box and the element number in the parts list at the back of the instruction booklet, and enter both in the same Missing Piece form. We send the bricks free by USPS First-Class Mail.",
            "Board games: for missing cards, dice, tokens or timers, use the same form and tell us the game and what's missing.",
            "Arrived damaged: if an item arrives broken, or the box is crushed and the product inside is damaged, take photos of the item and of the outer shipping box within 7 days of delivery and write to us with your order number. Please keep the packaging until we have sorted it out. If you would rather have your money back, see \"Returns and refunds\"; the 30-day window applies.",
        ),
    ),
    dict(
        id="TBX-HC-05",
        title="Product safety recalls",
        tags=["recall", "safety", "choking hazard", "batch code", "tumble tower", "safenest"],
        body=para(
            "Your child's safety comes first. When a manufacturer or Toybox & Co recalls a product, we email everyone who bought it from us and list it on our Recalls page (Help > Safety recalls).",
            "Current recalls:\n- Tumble Tower Wooden Stacker (SKU WT-STACK-07), batch codes 2611 to 2618: the base peg can loosen and come off, which is a choking hazard for children under 3. Remedy: a free replacement base.\n- SafeNest Infant Car Seat 30 (SKU CS-INF-30), manufactured between August and October 2026: the harness chest clip may crack in freezing temperatures. Remedy: a free replacement chest clip kit, which takes about two minutes to fit.",
            "How to check whether your item is affected: the batch code or date of manufacture is printed on the white label underneath the product (on the car seat it is on the back of the shell, next to the serial number). Enter the SKU and the batch code on the Recalls page and it tells you straight away whether your item is affected.",
            "What to do: stop using an affected product and keep it away from children. Register on the Recalls page; the remedy is free and ships within 5 business days. You don't need a receipt or an order number, and it doesn't matter when or where you bought the item. A recall remedy is not a refund and is not limited by the 30-day refund window.",
        ),
    ),
    dict(
        id="TBX-HC-06",
        title="What the age ratings on our toys mean",
        tags=["age rating", "age grade", "3+", "small parts", "choking", "toddler"],
        body=para(
            "Every toy we sell carries an age grade, such as 0+, 18m+, 3+, 6+ or 8+. It appears under the product title and on the box.",
            "The age grade is a safety rating, not a measure of how clever or advanced a child is. A 3+ rating almost always means the toy contains small parts that could be a choking hazard for children under 3, however much a younger child might enjoy it. Higher grades such as 6+ or 8+ also reflect small parts, sharp functional points, or the fine motor skills and reading the toy needs.",
            "Toys graded 0+ or 18m+ have been tested for small parts, sharp edges and pull strength for the youngest children. Please follow the age grade for younger brothers and sisters too, and keep sets with small parts out of reach of babies and toddlers.",
        ),
    ),
    dict(
        id="TBX-HC-07",
        title="Batteries: what's included and how to use them safely",
        tags=["batteries", "battery", "AA", "AAA", "coin battery", "remote control"],
        body=para(
            "Most battery-powered toys ship without batteries. Each product page says \"Batteries: included\" or \"Batteries: not included\", next to the battery type and number (for example 3 x AA, 2 x AAA or 1 x CR2032). We sell AA and AAA batteries in 4-packs that you can add to your cart.",
            "When batteries are included they are already fitted for the in-store demo mode; toys with a \"Try me\" button need the plastic tab pulled out before normal play. Battery compartments on toys for children under 3 are closed with a screw, so keep a small Phillips screwdriver handy.",
            "Coin and button batteries (CR2032 and similar) are dangerous if swallowed. Keep spares locked away, and if you think a child has swallowed one, go to the emergency room immediately.",
        ),
    ),
    dict(
        id="TBX-HC-08",
        title="Car seat installation help",
        tags=["car seat", "installation", "LATCH", "fitting", "CPST", "expiry", "safenest"],
        body=para(
            "A correctly installed car seat matters more than any feature. Here's how we can help you get it right.",
            "Before you start: read both the car seat manual and the child-restraint section of your vehicle's owner's manual. SafeNest seats can be installed with the LATCH lower anchors or with the vehicle seat belt; use one method, not both, unless the manual says otherwise. Always use the top tether for a forward-facing installation.",
            "The one-inch test: once the seat is installed, hold it at the belt path and pull side to side and front to back. It should move less than one inch.",
            "Free video fitting session: book a free 30-minute video call with one of our certified Child Passenger Safety Technicians (CPSTs) under Help > Car seat fitting. Sessions run Monday to Saturday, 8 am to 6 pm Pacific. Have the seat, your car and your phone ready.",
            "In-person checks: for a hands-on check, find a certified technician or an inspection station near you through Safe Kids Worldwide or NHTSA's car seat inspection station finder.",
            "Expiry and crashes: car seats expire. The date is molded into the shell and printed on the label underneath. SafeNest infant seats expire 7 years and SafeNest convertible seats 10 years after the date of manufacture. Replace any car seat that has been in a moderate or severe crash.",
        ),
    ),
    dict(
        id="TBX-HC-09",
        title="Strollers: unfolding, folding and warranty",
        tags=["stroller", "fold", "citylite", "trailrunner", "warranty", "pram"],
        body=para(
            "CityLite Compact Stroller: to unfold, release the side lock and lift the handlebar until it clicks. To fold, press the button under the middle of the handlebar and, at the same time, push both side sliders down; then let the stroller fold forward until the lock catches. The carry strap is tucked under the seat.",
            "TrailRunner 3-Wheel Jogging Stroller: lock the front wheel first, then pull the red strap in the seat and the frame folds in half. Put the parking brake on before you let go of the stroller, folded or not.",
            "Warranty: strollers and car seats come with the manufacturer's warranty against defects in materials and workmanship: CityLite 2 years, TrailRunner 3 years, SafeNest 1 year. To make a claim, register the product with the manufacturer using the serial number on the frame; we're happy to send you their contact details. The warranty does not cover normal wear and tear, tire punctures, or damage from misuse.",
        ),
    ),
    dict(
        id="TBX-HC-10",
        title="Gift wrapping and gift messages",
        tags=["gift wrap", "gift wrapping", "gift message", "present", "ribbon"],
        body=para(
            "Choose \"Gift wrap\" at checkout and we wrap each item by hand in recycled paper (Confetti, Starry Night or Plain Kraft) with a cotton ribbon, for $4.99 per item.",
            "You can add a free gift message of up to 250 characters. We print it on a card and tuck it inside the parcel. Gift-wrapped orders ship with a gift receipt and no prices on the packing slip.",
            "Oversized items (strollers, car seats, play kitchens, high chairs) can't be wrapped; we put a ribbon and a gift tag on the shipping box instead, free of charge.",
            "Gift wrap can only be chosen at checkout; it can't be added to an order that has already been placed.",
        ),
    ),
    dict(
        id="TBX-HC-11",
        title="Gift receipts and returning a gift",
        tags=["gift receipt", "gift", "return a gift", "no prices"],
        body=para(
            "A gift receipt lists the items in an order but not the prices. Every gift-wrapped order includes one, and you can print a gift receipt for any order yourself under Account > My orders > Print gift receipt.",
            "Returning a gift: refunds always go to the person who placed the order, to their original payment method, within our 30-day refund window. If you received a gift from Toybox & Co and would like to return it, ask the giver to contact us with the order number shown on the gift receipt.",
        ),
    ),
    dict(
        id="TBX-HC-12",
        title="Toybox gift cards",
        tags=["gift card", "e-gift card", "balance", "redeem", "voucher"],
        body=para(
            "Our e-gift cards come in any amount from $10 to $500. They are sent by email to the recipient on the date you choose, with your message, and arrive within a few minutes of that date starting.",
            "To pay with a gift card, enter its 16-digit number and 4-digit PIN in the payment step at checkout.",
            "To check a balance, go to Help > Gift card balance and enter the number and PIN, or enter them at checkout and the balance is shown before you pay.",
            "Gift cards can't be exchanged for cash except where the law requires it. If the recipient can't find the email, the person who bought the card can ask us to resend it to the same address.",
        ),
    ),
    dict(
        id="TBX-HC-13",
        title="Signing in and resetting your password",
        tags=["account", "password", "sign in", "login", "reset link"],
        body=para(
            "Forgot your password? On the Sign in page choose \"Forgot password?\" and enter the email address on your account. We email you a reset link that works for 2 hours. If you request more than one link, only the most recent one works, so always use the newest email.",
            "New passwords need at least 10 characters. After 5 wrong attempts in a row your account is locked for 15 minutes, then you can try again or reset your password.",
            "If you created your account with \"Continue with Google\" or \"Continue with Apple\", you don't have a separate Toybox password: sign in with the same button.",
            "Still stuck? Check your spam or promotions folder for the reset email, which comes from accounts@toyboxandco.com.",
        ),
    ),
    dict(
        id="TBX-HC-14",
        title="Changing or cancelling an order",
        tags=["cancel", "cancel order", "change address", "shipping address", "edit order"],
        body=para(
            "Ordered by mistake, or spotted a typo in the address? While your order shows \"Processing\" under Account > My orders, you can fix it yourself:",
            "- To cancel: open the order and choose \"Cancel order\". The full amount is refunded automatically to your original payment method.\n- To change the shipping address: open the order and choose \"Edit shipping address\". The new address must be in the same country.",
            "As soon as an order has shipped, it can no longer be cancelled or re-addressed from your account.",
        ),
    ),
    dict(
        id="TBX-HC-15",
        title="Payment methods we accept",
        tags=["payment", "credit card", "paypal", "klarna", "installments", "apple pay"],
        body=para(
            "We accept Visa, Mastercard, American Express, Discover, PayPal, Apple Pay, Google Pay and Toybox gift cards. All prices are in US dollars; sales tax is added at checkout where it applies.",
            "Pay in 4 with Klarna: for orders between $35 and $1,000 you can choose Klarna at checkout and split the total into 4 interest-free payments, one every two weeks. Klarna decides on approval instantly and manages the payment schedule; questions about your installments go to Klarna.",
            "When you are charged: we authorize your card when you place the order and take the payment when the order ships. A pre-order is charged when it ships.",
        ),
    ),
    dict(
        id="TBX-HC-16",
        title="International shipping, customs and duties",
        tags=["international", "customs", "duties", "import tax", "VAT", "canada", "uk"],
        body=para(
            "We ship to Canada, the United Kingdom, the countries of the European Union, Australia and New Zealand, with DHL Express or USPS Priority Mail International. Delivery takes 6 to 12 business days after dispatch, and the shipping cost is shown at checkout.",
            "Customs, duties and taxes: for Canada and the United Kingdom, import duties and taxes are calculated at checkout and included in what you pay, so there is nothing more to pay on delivery. For every other destination the recipient pays any import duties, VAT or GST and the carrier's handling fee when the parcel arrives; we can't estimate these for you.",
            "What we can't ship abroad: car seats (they are certified for US vehicles only), strollers, play kitchens, high chairs, and anything containing lithium batteries.",
        ),
    ),
    dict(
        id="TBX-HC-17",
        title="Toybox Stars loyalty points",
        tags=["loyalty", "points", "stars", "rewards", "birthday"],
        body=para(
            "Toybox Stars is our free rewards program; join under Account > Toybox Stars.",
            "You earn 1 Star for every $1 spent on products (not on shipping, gift wrap or gift cards). Stars appear in your account once the order has been delivered, not when you place it.",
            "Every 500 Stars is worth $5 off, and you redeem them at checkout in steps of 500. Stars expire if your account has no purchase for 12 months. If an order is refunded, the Stars earned on it are taken back.",
            "Birthday bonus: add your child's birthday under Toybox Stars and we add 100 Stars in their birthday month.",
        ),
    ),
    dict(
        id="TBX-HC-18",
        title="Our price match promise",
        tags=["price match", "cheaper", "competitor", "target", "walmart", "amazon"],
        body=para(
            "Found it cheaper? We'll match the current price of an identical item (same brand, model, color and size) that is in stock and sold online by Target, Walmart, Amazon (sold and shipped by Amazon.com) or Buy Buy Baby, within 14 days of your order date.",
            "How to ask: fill in the Price Match form (Help > Price match) with your order number and a link to the competitor's product page. We check it within 2 business days and send you the difference as a Toybox e-gift card.",
            "What we can't match: marketplace and third-party sellers, clearance, open-box or refurbished items, membership or coupon prices, bundle deals, and Black Friday or Cyber Monday prices. One price match per item.",
        ),
    ),
    dict(
        id="TBX-HC-19",
        title="Lost building instructions for Brickly sets",
        tags=["instructions", "building instructions", "brickly", "booklet", "pdf"],
        body=para(
            "Every Brickly set's building instructions are online. Go to Help > Building instructions and enter the 5-digit set number from the box or from your order confirmation (for example 40812 for the Castle Builder Set); you can download the booklet as a PDF or follow it step by step on a tablet.",
            "Prefer paper? A printed replacement booklet costs $2.99 including postage; request it with the Missing Piece form.",
        ),
    ),
    dict(
        id="TBX-HC-20",
        title="Washing and caring for plush toys",
        tags=["plush", "washing", "clean", "soft toy", "teddy", "machine wash"],
        body=para(
            "Most of our plush toys can go in the washing machine: check the sewn-in label for the washing symbol.",
            "Machine-washable plush: put the toy in a pillowcase or mesh laundry bag, wash on a cold gentle cycle with a mild detergent, and let it air dry. Never tumble dry on heat: the fur goes matted and the eyes can loosen. A quick brush with a soft hairbrush fluffs the fur up again.",
            "The Honey Bunny, the Cuddle Bear and Wally the Whale are all fully machine washable.",
            "Surface-wash only: plush with a sound box, lights or weighted beans has \"Surface wash only\" on its label. Sponge it with lukewarm soapy water, never submerge it, and let it dry flat.",
        ),
    ),
    dict(
        id="TBX-HC-21",
        title="Wooden toys: finishes, paint and care",
        tags=["wooden toys", "paint", "non-toxic", "finish", "beeswax", "care"],
        body=para(
            "Our wooden toys are made from FSC-certified beech and maple and finished with water-based, non-toxic paints and a food-safe beeswax polish. The paints and finishes are tested to the US toy safety standard ASTM F963 and the European standard EN 71-3 for heavy metals, so they are safe for little ones who put everything in their mouths.",
            "Cleaning: wipe wooden toys with a damp cloth and a little mild soap, then dry them straight away. Never soak them or put them in the dishwasher; water makes the wood swell and the paint crack.",
            "If the wood gets rough after lots of play, sand it lightly with fine sandpaper and rub in a little beeswax.",
        ),
    ),
    dict(
        id="TBX-HC-22",
        title="I didn't get my order confirmation email",
        tags=["confirmation email", "order confirmation", "email", "spam"],
        body=para(
            "We send an order confirmation within a few minutes of checkout from orders@toyboxandco.com. If it hasn't arrived, check your spam, junk or promotions folder first, and add orders@toyboxandco.com to your contacts.",
            "If you saw the \"Thank you\" page with an order number (8 letters and digits, like TB7K2M9Q), your order went through even without the email; you can see it under Account > My orders.",
        ),
    ),
    dict(
        id="TBX-HC-23",
        title="Contacting us and support hours",
        tags=["contact", "support hours", "help", "email", "live chat"],
        body=para(
            "Reply to any email from us, or write to help@toyboxandco.com. Our team answers Monday to Friday 7 am to 5 pm Pacific and Saturdays 8 am to 12 noon Pacific, and we aim to reply within one business day. Live chat on our website is open during the same hours.",
            "Please include your order number (8 letters and digits, like TB7K2M9Q) so we can find your order quickly. We don't have a phone line.",
        ),
    ),
    dict(
        id="TBX-HC-24",
        title="Pre-orders and back-in-stock alerts",
        tags=["pre-order", "preorder", "back in stock", "notify me", "release date"],
        body=para(
            "Items marked \"Pre-order\" show an expected ship date on the product page. Your pre-order stays in \"Processing\" until the item arrives in our warehouse, and you are charged when it ships.",
            "Mixed orders: if an order contains a pre-order item and in-stock items, we ship everything together when the pre-order item arrives, unless you choose \"Ship available items first\" at checkout (shipping is then charged for each shipment).",
            "Back-in-stock alerts: click \"Notify me\" on the product page and we send you one email when the item is back. Alerts expire after 90 days.",
        ),
    ),
    dict(
        id="TBX-HC-25",
        title="Assembling play kitchens, high chairs and other big items",
        tags=["assembly", "play kitchen", "high chair", "instructions", "tools"],
        body=para(
            "Big items arrive flat-packed with step-by-step instructions and all the fittings you need; the assembly video is on each product page under \"Assembly\".",
            "The Little Chef Wooden Play Kitchen takes about 90 minutes and two adults; you'll need a Phillips screwdriver. The Grow-With-Me Wooden High Chair takes about 30 minutes with the Allen key included.",
            "Check every bag of fittings against the parts list before you start. If a part is missing or damaged, use the Missing Piece form and we'll send it free. We don't offer an assembly service.",
        ),
    ),
]
