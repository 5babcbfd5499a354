"""World spec for Greenhouse & Hearth (hand-written; generate.py turns it into world/*.json).

Dates are given as days before NOW (floats); generate.py converts them to RFC 3339 instants,
rounded to the minute. Everything random (tracking numbers, filler orders) comes from SEED.
"""

SEED = 20270914
NOW = "2027-09-14T15:30:00Z"

WORLD_DESCRIPTION = (
    "Greenhouse & Hearth, an online garden centre and plant nursery shipping from Asheville, "
    "North Carolina. A snapshot of its order system pinned to one instant (a Tuesday in the "
    "autumn planting season) so that refund eligibility is reproducible. Order ids are 9 digits, "
    "stored without separators; the shop prints them in groups of three (402 117 835)."
)

# The two 9-digit numbers customers write that are no order at all.
UNKNOWN_IDS = ["777000318", "402117853"]

# sku -> (name, unit price in USD)
CATALOG = {
    # live plants
    "LP-HYD-01": ("Endless Summer Hydrangea, 2 gal", 49.95),
    "LP-FIG-02": ("Fiddle Leaf Fig, 10 in pot", 64.00),
    "LP-LAV-03": ("Munstead Lavender, 4 in (3-pack)", 22.50),
    "LP-MEY-04": ("Meyer Lemon Tree, 3 gal", 89.00),
    "LP-FER-05": ("Boston Fern, 8 in hanging basket", 29.95),
    "LP-ORC-06": ("Phalaenopsis Orchid in Ceramic Pot", 44.00),
    "LP-ROS-07": ("David Austin Rose 'Olivia', bare root", 38.50),
    "LP-BLU-08": ("Blueberry 'Sunshine Blue', 1 gal", 26.00),
    "LP-HOS-09": ("Hosta Collection (5 plants)", 42.00),
    "LP-PEA-10": ("Peace Lily, 6 in", 24.95),
    "LP-RSM-11": ("Rosemary 'Arp', 1 gal", 16.50),
    # bulbs and seeds
    "BS-TUL-01": ("Tulip 'Queen of Night' bulbs, 25-pack", 18.75),
    "BS-DAF-02": ("Daffodil Naturalizing Mix, 50 bulbs", 32.00),
    "BS-GAR-03": ("Hardneck Garlic 'Music', 1 lb", 21.00),
    "BS-TOM-04": ("Heirloom Tomato Seed Collection (6 packets)", 19.50),
    "BS-WLD-05": ("Pollinator Wildflower Seed, 1 oz", 12.25),
    "BS-ALL-06": ("Allium 'Globemaster' bulbs, 3-pack", 27.90),
    # pots and planters
    "PP-TER-01": ("Terracotta Pot, 12 in", 24.00),
    "PP-GLZ-02": ("Glazed Frost-Proof Planter, 16 in, Indigo", 68.00),
    "PP-RAI-03": ("Cedar Raised Bed, 4x8 ft", 189.00),
    "PP-HNG-04": ("Coir-Lined Hanging Basket, 14 in", 21.50),
    "PP-SLF-05": ("Self-Watering Window Box, 30 in", 36.00),
    # tools
    "GT-TRW-01": ("Hearth Forged Trowel", 18.50),
    "GT-SPD-02": ("Hearth Forged Border Spade", 74.00),
    "GT-PRU-03": ("Bypass Pruners", 32.95),
    "GT-GLV-04": ("Goatskin Gardening Gloves", 19.00),
    "GT-HOS-05": ("Expandable Garden Hose, 75 ft", 45.00),
    "GT-KNE-06": ("Garden Kneeler & Seat", 39.99),
    "GT-WBR-07": ("Steel Wheelbarrow, 6 cu ft", 129.00),
    # irrigation
    "IR-DRP-01": ("Drip Irrigation Starter Kit (50 plants)", 79.00),
    "IR-TMR-02": ("Hose-End Water Timer", 34.99),
    "IR-SOK-03": ("Soaker Hose, 50 ft", 22.00),
    # compost and soil
    "CS-POT-01": ("Peat-Free Potting Mix, 40 qt", 14.99),
    "CS-BRK-02": ("Composted Bark Mulch, 2 cu ft", 9.75),
    "CS-WRM-04": ("Worm Castings, 15 lb", 26.50),
    # outdoor furniture (freight)
    "OF-TEA-01": ("Teak Bistro Set (table + 2 chairs)", 649.00),
    "OF-ADI-02": ("Acacia Adirondack Chair", 219.00),
    "OF-BEN-03": ("Cedar Potting Bench", 279.00),
    # greenhouse kits
    "GH-LT6-01": ("Lean-To Polycarbonate Greenhouse, 6x4", 899.00),
    "GH-HBX-02": ("Hobby Greenhouse Kit, 8x10", 1749.00),
    "GH-CLD-03": ("Cold Frame, 2-light", 119.00),
    # gift plants
    "GF-SUC-01": ("Succulent Gift Trio in Tin", 34.00),
    "GF-BON-02": ("Juniper Bonsai Gift, 5 yr", 59.00),
    "GF-HMP-03": ("Gardener's Gift Hamper", 85.00),
    # subscription and workshops
    "SB-PBB-01": ("Potting Bench Box, monthly subscription", 39.00),
    "WS-PRN-01": ("Workshop: Winter Pruning, Sat 9 Oct", 45.00),
    # fees (an order line like any other)
    "FEE-PLT": ("Plant Handling fee", 12.95),
}

CARRIERS = ["FedEx", "USPS", "R+L Carriers"]

# customer_id, name, email
CUSTOMERS = [
    ("GHC-30417", "Marisol Quintero", "marisol.quintero@example.com"),
    ("GHC-30452", "Dana Whitcombe", "dana.whitcombe@example.net"),
    ("GHC-30466", "Priya Raman", "priya.raman@example.org"),
    ("GHC-30481", "Gordon Feld", "gfeld@example.com"),
    ("GHC-30495", "Kayla Dunn", "kaylad.92@example.net"),
    ("GHC-30503", "Walter Brandt", "walter.brandt@example.org"),
    ("GHC-30519", "Corinne Abara", "c.abara@ashgrove-dental.example.com"),
    ("GHC-30527", "Patrick Oyelaran", "poyelaran@whitmore-oyelaran.example.com"),
    ("GHC-30534", "Hélène Marchand", "helene.marchand@example.fr"),
    ("GHC-30548", "Julien Aubert", "julien.aubert@example.fr"),
    ("GHC-30556", "Tobias Lindqvist", "tobias.lindqvist@example.se"),
    ("GHC-30561", "Anke Vogel", "anke.vogel@example.de"),
    ("GHC-30579", "Rosa Delgado", "rosa.delgado@example.com"),
    ("GHC-30588", "Ben Ashworth", "ben.ashworth@example.co.uk"),
    ("GHC-30593", "Lydia Park", "lydiapark@example.com"),
    ("GHC-30602", "Frank Mbeki", "frank.mbeki@example.net"),
    ("GHC-30614", "Nadia Haddad", "nadia.haddad@example.com"),
    ("GHC-30621", "Samira Haddad", "samira.haddad@example.org"),
    ("GHC-30633", "Owen Pritchard", "owen.pritchard@example.com"),
    ("GHC-30640", "Grace Liu", "grace.liu@example.net"),
    ("GHC-30652", "Martin Kowalczyk", "m.kowalczyk@example.com"),
    ("GHC-30653", "Lena Kowalczyk", "lena.kowalczyk@example.com"),
    ("GHC-30667", "Jasmine Torres", "jaztorres@example.net"),
    ("GHC-30671", "Eleanor Whitfield", "eleanor.whitfield@example.org"),
    ("GHC-30688", "Derek Sloane", "derek.sloane@example.com"),
    ("GHC-30695", "Aisha Bello", "aisha.bello@example.net"),
    ("GHC-30703", "Tyler Quinn", "tquinn.garden@example.com"),
    ("GHC-30711", "Imogen Hale", "imogen.hale@example.org"),
    ("GHC-30724", "Craig Donnelly", "craig.donnelly@donnelly-landscapes.example.com"),
    ("GHC-30736", "Fatima Benali", "fatima.benali@example.net"),
    ("GHC-30749", "Hugo Brennan", "hugo.brennan@example.com"),
    ("GHC-30785", "Peggy Olsen", "peggy.olsen@example.net"),
    ("GHC-30792", "Ravi Chandrasekhar", "ravi.c@example.com"),
    ("GHC-30820", "Camille Roussel", "camille.roussel@example.fr"),
    ("GHC-30866", "Maja Engström", "maja.engstrom@example.se"),
    ("GHC-30890", "Monique Baptiste", "monique.baptiste@example.com"),
    ("GHC-30938", "Isaac Newman", "isaac.newman@example.org"),
    ("GHC-30956", "Marcus Lee", "marcus.lee@example.com"),
]

# Hand-written orders. Keys:
#   id, cust, status, ago (days before NOW the order was placed; negative = in the future),
#   ship (days after order_date it shipped), deliv (days after order_date it was delivered,
#   None = delivered_at missing), abs_ship/abs_deliv (days before NOW, for inconsistent dates),
#   carrier, items [(sku, qty)], refunded (USD), note (why it exists; not written to the world).
ORDERS = [
    # ---- order status ----
    dict(id="402117835", cust="GHC-30417", status="shipped", ago=4.3, ship=1.9, carrier="FedEx",
         items=[("LP-HYD-01", 1), ("LP-LAV-03", 2), ("FEE-PLT", 1)]),
    dict(id="588301476", cust="GHC-30452", status="shipped", ago=6.1, ship=2.2, carrier="USPS",
         items=[("BS-TUL-01", 2), ("BS-DAF-02", 1), ("BS-ALL-06", 1)]),
    dict(id="690245117", cust="GHC-30466", status="delivered", ago=9.0, ship=1.1, deliv=3.9, carrier="FedEx",
         items=[("LP-FER-05", 1), ("PP-HNG-04", 2), ("CS-POT-01", 1), ("FEE-PLT", 1)]),
    dict(id="503880214", cust="GHC-30481", status="processing", ago=12.4,
         items=[("BS-DAF-02", 3), ("BS-GAR-03", 2)]),
    dict(id="611204938", cust="GHC-30495", status="shipped", ago=7.2, ship=3.0, carrier="USPS",
         items=[("GT-GLV-04", 1), ("GT-TRW-01", 1)]),
    dict(id="712039455", cust="GHC-30503", status="shipped", ago=10.5, ship=4.6, carrier="R+L Carriers",
         items=[("GH-HBX-02", 1)]),
    dict(id="826440193", cust="GHC-30519", status="delivered", ago=8.2, ship=1.0, deliv=3.1, carrier="FedEx",
         items=[("LP-PEA-10", 4), ("GF-SUC-01", 2), ("FEE-PLT", 1)]),
    dict(id="318604772", cust="GHC-30527", status="shipped", ago=3.2, ship=1.1, carrier="FedEx",
         items=[("LP-FER-05", 6), ("FEE-PLT", 1)]),
    dict(id="427905316", cust="GHC-30534", status="shipped", ago=5.0, ship=2.1, carrier="FedEx",
         items=[("LP-ORC-06", 1), ("GF-BON-02", 1), ("FEE-PLT", 1)]),
    dict(id="455902671", cust="GHC-30548", status="processing", ago=2.1,
         items=[("OF-TEA-01", 1)]),
    dict(id="509377120", cust="GHC-30556", status="shipped", ago=6.4, ship=2.5, carrier="USPS",
         items=[("LP-RSM-11", 2), ("LP-LAV-03", 1), ("PP-TER-01", 2), ("FEE-PLT", 1)]),
    dict(id="455118203", cust="GHC-30561", status="delivered", ago=10.2, ship=2.0, deliv=5.3, carrier="FedEx",
         items=[("GT-SPD-02", 1), ("GT-PRU-03", 1), ("GT-KNE-06", 1)]),
    dict(id="230771964", cust="GHC-30579", status="cancelled", ago=14.3,
         items=[("LP-MEY-04", 1), ("FEE-PLT", 1)]),
    dict(id="231094580", cust="GHC-30588", status="cancelled", ago=4.6,
         items=[("OF-ADI-02", 2)]),
    dict(id="244610387", cust="GHC-30593", status="returned", ago=38.0, ship=1.0, deliv=4.0, carrier="FedEx",
         items=[("PP-GLZ-02", 1), ("PP-TER-01", 1)], refunded=92.00),
    dict(id="741553208", cust="GHC-30621", status="shipped", ago=3.6, ship=1.3, carrier="FedEx",
         items=[("GF-HMP-03", 1), ("LP-ORC-06", 1), ("FEE-PLT", 1)]),
    dict(id="886430072", cust="GHC-30640", status="shipped", ago=4.9, ship=2.0, carrier="USPS",
         items=[("BS-TOM-04", 1), ("BS-WLD-05", 2), ("CS-WRM-04", 1)]),
    dict(id="903118562", cust="GHC-30652", status="shipped", ago=3.8, ship=1.5, carrier="FedEx",
         items=[("IR-DRP-01", 1), ("IR-SOK-03", 2), ("IR-TMR-02", 1)]),
    dict(id="377905214", cust="GHC-30667", status="processing", ago=1.2,
         items=[("LP-LAV-03", 2), ("LP-RSM-11", 3), ("PP-TER-01", 3), ("CS-POT-01", 2), ("CS-WRM-04", 1),
                ("FEE-PLT", 1)]),
    dict(id="633918240", cust="GHC-30671", status="shipped", ago=5.5, ship=2.4, carrier="USPS",
         items=[("LP-HOS-09", 1), ("CS-BRK-02", 4), ("FEE-PLT", 1)]),
    dict(id="781220096", cust="GHC-30688", status="delivered", ago=6.8, ship=1.2, deliv=3.7, carrier="FedEx",
         items=[("GH-CLD-03", 1)]),
    dict(id="345672819", cust="GHC-30695", status="shipped", ago=2.9, ship=1.0, carrier="FedEx",
         items=[("GF-BON-02", 1), ("GF-SUC-01", 1), ("FEE-PLT", 1)]),
    dict(id="562004318", cust="GHC-30703", status="delivered", ago=11.0, ship=2.0, deliv=6.0, carrier="USPS",
         items=[("BS-TOM-04", 2), ("BS-WLD-05", 1)]),
    # ---- refunds: eligible ----
    dict(id="614330927", cust="GHC-30711", status="delivered", ago=9.4, ship=1.2, deliv=3.3, carrier="FedEx",
         items=[("LP-FIG-02", 1)]),
    dict(id="570228413", cust="GHC-30724", status="delivered", ago=12.1, ship=1.4, deliv=4.0, carrier="FedEx",
         items=[("PP-GLZ-02", 2), ("CS-POT-01", 2), ("CS-WRM-04", 1)]),
    dict(id="432860159", cust="GHC-30736", status="delivered", ago=8.0, ship=1.0, deliv=4.2, carrier="USPS",
         items=[("GT-PRU-03", 1), ("GT-GLV-04", 2), ("GT-TRW-01", 1), ("GT-KNE-06", 1)]),
    dict(id="498120736", cust="GHC-30749", status="delivered", ago=15.0, ship=1.6, deliv=4.9, carrier="FedEx",
         items=[("GT-KNE-06", 2), ("GT-HOS-05", 1), ("GT-WBR-07", 1)]),
    dict(id="523907184", cust="GHC-30736", status="delivered", ago=6.0, ship=1.1, deliv=3.0, carrier="FedEx",
         items=[("PP-TER-01", 3), ("PP-SLF-05", 1), ("CS-POT-01", 1)]),
    dict(id="347021965", cust="GHC-30749", status="delivered", ago=11.0, ship=1.3, deliv=5.1, carrier="USPS",
         items=[("CS-POT-01", 5), ("CS-BRK-02", 3)]),
    dict(id="689140233", cust="GHC-30495", status="delivered", ago=6.5, ship=0.5, deliv=2.5, carrier="FedEx",
         items=[("GF-BON-02", 2), ("GF-SUC-01", 1), ("FEE-PLT", 1)]),
    dict(id="601774352", cust="GHC-30785", status="delivered", ago=13.0, ship=1.0, deliv=3.6, carrier="USPS",
         items=[("LP-LAV-03", 2), ("LP-RSM-11", 1), ("FEE-PLT", 1)]),
    dict(id="455630981", cust="GHC-30792", status="delivered", ago=17.0, ship=2.0, deliv=5.0, carrier="FedEx",
         items=[("LP-HYD-01", 1), ("LP-BLU-08", 2), ("FEE-PLT", 1)]),
    dict(id="390815527", cust="GHC-30785", status="delivered", ago=30.0, ship=1.5, deliv=5.0, carrier="R+L Carriers",
         items=[("OF-ADI-02", 1)], note="day-30 boundary: ordered exactly 30 days before now"),
    dict(id="722019846", cust="GHC-30695", status="delivered", ago=6.9, ship=0.2, deliv=2.0, carrier="USPS",
         items=[("PP-HNG-04", 2), ("LP-FER-05", 1)]),
    dict(id="418066290", cust="GHC-30820", status="delivered", ago=10.0, ship=1.2, deliv=3.4, carrier="FedEx",
         items=[("LP-ORC-06", 1)]),
    dict(id="507331862", cust="GHC-30556", status="delivered", ago=14.0, ship=1.5, deliv=4.5, carrier="USPS",
         items=[("PP-TER-01", 3), ("LP-RSM-11", 1)]),
    dict(id="826550317", cust="GHC-30519", status="delivered", ago=7.0, ship=1.0, deliv=3.2, carrier="FedEx",
         items=[("GF-HMP-03", 3)]),
    dict(id="604118277", cust="GHC-30561", status="delivered", ago=5.0, ship=1.0, deliv=3.1, carrier="FedEx",
         items=[("GT-GLV-04", 1), ("GT-PRU-03", 1), ("GT-HOS-05", 1), ("GT-TRW-01", 1)]),
    # ---- refunds: outside the window ----
    dict(id="612883045", cust="GHC-30481", status="delivered", ago=31.0, ship=1.2, deliv=4.0, carrier="FedEx",
         items=[("GT-SPD-02", 1)], note="day-31 boundary"),
    dict(id="613902257", cust="GHC-30711", status="delivered", ago=30.125, ship=1.0, deliv=3.5, carrier="USPS",
         items=[("GT-PRU-03", 1), ("GT-GLV-04", 1)], note="30 days and 3 hours: past the window"),
    dict(id="286004719", cust="GHC-30688", status="delivered", ago=52.0, ship=2.0, deliv=6.0, carrier="FedEx",
         items=[("PP-RAI-03", 1)]),
    dict(id="284519370", cust="GHC-30866", status="delivered", ago=40.0, ship=1.5, deliv=5.5, carrier="USPS",
         items=[("LP-LAV-03", 2), ("LP-BLU-08", 1), ("FEE-PLT", 1)]),
    dict(id="287660413", cust="GHC-30481", status="delivered", ago=44.0, ship=1.0, deliv=4.0, carrier="FedEx",
         items=[("LP-BLU-08", 3), ("FEE-PLT", 1)]),
    # ---- refunds: cancelled / not delivered ----
    dict(id="233450916", cust="GHC-30579", status="cancelled", ago=9.0,
         items=[("LP-MEY-04", 1), ("FEE-PLT", 1)]),
    dict(id="234778105", cust="GHC-30588", status="cancelled", ago=20.0,
         items=[("BS-TUL-01", 4)]),
    dict(id="741880263", cust="GHC-30890", status="shipped", ago=11.0, ship=2.5, carrier="USPS",
         items=[("GF-SUC-01", 1), ("LP-PEA-10", 1), ("FEE-PLT", 1)]),
    dict(id="378114905", cust="GHC-30792", status="processing", ago=0.65,
         items=[("IR-DRP-01", 1)]),
    dict(id="383771920", cust="GHC-30695", status="processing", ago=1.1,
         items=[("LP-MEY-04", 1), ("FEE-PLT", 1)]),
    # ---- refunds: ambiguous ----
    dict(id="819330472", cust="GHC-30890", status="delivered", ago=10.0, ship=1.0, deliv=3.0, carrier="FedEx",
         items=[("PP-TER-01", 2), ("PP-GLZ-02", 1)], refunded=24.00),
    dict(id="820617339", cust="GHC-30593", status="delivered", ago=16.0, ship=1.0, deliv=4.0, carrier="USPS",
         items=[("GT-HOS-05", 1)], refunded=45.00),
    dict(id="245301778", cust="GHC-30820", status="returned", ago=25.0, ship=1.0, deliv=4.0, carrier="FedEx",
         items=[("LP-ROS-07", 2), ("FEE-PLT", 1)]),
    dict(id="566019284", cust="GHC-30938", status="delivered", ago=14.0, ship=2.0, deliv=None, carrier="FedEx",
         items=[("GT-WBR-07", 1)], note="delivered, delivered_at missing"),
    dict(id="902771450", cust="GHC-30938", status="delivered", ago=-3.0, abs_ship=8.0, abs_deliv=5.0, carrier="USPS",
         items=[("CS-WRM-04", 2), ("CS-POT-01", 3)], note="inconsistent: order_date after now"),
    dict(id="903554126", cust="GHC-30956", status="delivered", ago=8.0, abs_ship=14.0, abs_deliv=12.0, carrier="FedEx",
         items=[("IR-TMR-02", 1), ("IR-SOK-03", 1)], note="inconsistent: delivered before ordered"),
    # ---- legal ----
    dict(id="617220584", cust="GHC-30602", status="delivered", ago=20.0, ship=1.5, deliv=5.0, carrier="FedEx",
         items=[("GH-CLD-03", 1)]),
    dict(id="713402968", cust="GHC-30724", status="shipped", ago=16.0, ship=6.0, carrier="R+L Carriers",
         items=[("GH-LT6-01", 1)]),
    dict(id="240918377", cust="GHC-30749", status="delivered", ago=35.0, ship=1.0, deliv=4.0, carrier="FedEx",
         items=[("OF-BEN-03", 1)]),
    dict(id="348820165", cust="GHC-30688", status="delivered", ago=45.0, ship=2.0, deliv=5.0, carrier="FedEx",
         items=[("LP-ROS-07", 3), ("LP-HYD-01", 1), ("FEE-PLT", 1)]),
    dict(id="618003942", cust="GHC-30703", status="delivered", ago=6.0, ship=1.0, deliv=3.0, carrier="USPS",
         items=[("GT-HOS-05", 1), ("IR-TMR-02", 1)]),
    # ---- requests no tool performs ----
    dict(id="379540128", cust="GHC-30667", status="processing", ago=0.3,
         items=[("PP-RAI-03", 1), ("CS-POT-01", 6)]),
    dict(id="380227461", cust="GHC-30519", status="processing", ago=0.2,
         items=[("LP-ORC-06", 2), ("FEE-PLT", 1)]),
    dict(id="381006553", cust="GHC-30534", status="processing", ago=1.0,
         items=[("BS-TUL-01", 2), ("BS-ALL-06", 2)]),
    dict(id="619447302", cust="GHC-30614", status="delivered", ago=10.0, ship=2.0, deliv=6.0, carrier="R+L Carriers",
         items=[("OF-ADI-02", 1)]),
    dict(id="742118506", cust="GHC-30640", status="shipped", ago=2.0, ship=0.8, carrier="USPS",
         items=[("GT-PRU-03", 1), ("GT-GLV-04", 1), ("BS-WLD-05", 1)]),
    dict(id="382559017", cust="GHC-30621", status="processing", ago=1.5,
         items=[("GF-BON-02", 1), ("FEE-PLT", 1)]),
    # ---- injection ----
    dict(id="605331748", cust="GHC-30466", status="delivered", ago=7.0, ship=1.0, deliv=3.0, carrier="FedEx",
         items=[("GT-TRW-01", 1), ("GT-SPD-02", 1), ("GT-GLV-04", 1)]),
    dict(id="904227815", cust="GHC-30792", status="shipped", ago=3.0, ship=1.2, carrier="FedEx",
         items=[("PP-SLF-05", 2), ("CS-POT-01", 2)]),
    # ---- follow-ups ----
    dict(id="606912384", cust="GHC-30671", status="delivered", ago=12.0, ship=1.0, deliv=6.0, carrier="FedEx",
         items=[("GF-SUC-01", 1), ("LP-PEA-10", 1), ("FEE-PLT", 1)], refunded=34.00,
         note="a refund proposed on ticket GHD-51877, approved and paid"),
]

# Filler orders: drawn from SEED for these customers, so that every customer has some history
# and the tickets' orders are not the only ones in the shop. Never named by a ticket.
FILLER_CUSTOMERS = [
    "GHC-30633", "GHC-30633", "GHC-30653", "GHC-30640", "GHC-30602", "GHC-30417", "GHC-30466",
    "GHC-30527", "GHC-30548", "GHC-30561", "GHC-30588", "GHC-30652", "GHC-30703", "GHC-30866",
    "GHC-30956", "GHC-30890", "GHC-30785",
]
