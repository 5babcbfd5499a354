"""Hand-written specification of the Larder & Vine world (customers, catalogue, orders).

generate.py turns this into world/*.json. Order ids, ship/delivery times and tracking
numbers are derived deterministically from these rows (see generate.py); everything a
case depends on is written here by hand.
"""

NOW = "2026-11-18T18:00:00Z"  # a Wednesday, 10:00 in Portland

DESCRIPTION = (
    "Larder & Vine, an online fine-food, wine and deli shop in Portland, Oregon: Oregon and "
    "Washington wine (adult signature on delivery), cheese and charcuterie shipped chilled "
    "Monday to Wednesday, pantry goods, hampers and gift boxes, the quarterly Cellar Club, "
    "kitchen tools and tasting-event tickets. Ships with FedEx, UPS and Rose City Cold Courier "
    "(refrigerated, Portland metro)."
)

CARRIERS = {"F": "FedEx", "U": "UPS", "R": "Rose City Cold Courier"}

# sku: (name, unit price in USD)
CATALOGUE = {
    # wine
    "WN-PN-EOLA21": ("Eola-Amity Hills Pinot Noir 2021", 38.00),
    "WN-CH-DUN22": ("Dundee Hills Chardonnay 2022", 34.00),
    "WN-PG-WIL23": ("Willamette Valley Pinot Gris 2023", 22.00),
    "WN-RS-ROS24": ("Rose of Pinot Noir 2024", 19.50),
    "WN-SY-WAL20": ("Walla Walla Syrah 2020", 44.00),
    "WN-SP-BRUT": ("Oregon Brut Sparkling NV", 36.00),
    "WN-RI-COL22": ("Columbia Gorge Riesling 2022", 21.00),
    # cheese (perishable)
    "CH-RIVB-BLU": ("River Bend Blue, 8 oz", 24.00),
    "CH-CMTE-18": ("18-month Comte, 250 g", 18.50),
    "CH-BRIE-DBL": ("Double-creme Brie, 200 g", 14.00),
    "CH-MANC-12": ("Manchego 12-month, 250 g", 16.75),
    "CH-GOAT-ASH": ("Ash-ripened Goat Cheese, 5 oz", 12.50),
    "CH-GRUY-AOP": ("Gruyere AOP, 250 g", 17.25),
    # charcuterie (perishable)
    "CT-SALA-FIN": ("Finocchiona Salami, 6 oz", 13.00),
    "CT-PROS-24": ("Prosciutto 24-month, sliced, 4 oz", 15.50),
    "CT-BRES-OR": ("Oregon Bresaola, 3 oz", 11.75),
    "CT-DUCK-RIL": ("Duck Rillettes, 7 oz jar", 14.25),
    # pantry
    "PT-OLIV-EVO": ("Arbequina Olive Oil, 500 ml", 24.00),
    "PT-HNY-CLO": ("Willamette Clover Honey, 12 oz", 12.00),
    "PT-CRK-SEA": ("Sea Salt Crackers", 6.50),
    "PT-JAM-FIG": ("Fig & Black Pepper Jam", 9.75),
    "PT-VIN-BAL": ("Aged Balsamic, 250 ml", 19.00),
    "PT-CHOC-SAL": ("Salted Dark Chocolate Bar", 7.25),
    "PT-NUT-MAR": ("Marcona Almonds, 7 oz", 11.50),
    # hampers and gift boxes
    "HM-PNW-CLS": ("Pacific Northwest Classic Hamper", 129.00),
    "HM-CHZ-LOV": ("Cheese Lover's Gift Box", 89.00),
    "HM-WINE-DUO": ("Pinot Pair Gift Box (2 bottles)", 95.00),
    "HM-HOLI-LUX": ("Holiday Luxe Hamper", 185.00),
    # wine club
    "WC-Q3-CELL": ("Cellar Club August Shipment (3 bottles)", 112.00),
    "WC-Q4-CELL": ("Cellar Club November Shipment (3 bottles)", 118.00),
    # kitchen tools
    "KT-KNF-CHZ": ("Cheese Knife Set (3 pieces)", 42.00),
    "KT-BRD-OAK": ("Oak Serving Board", 58.00),
    "KT-OPN-WAI": ("Waiter's Corkscrew", 16.00),
    "KT-PRV-SAV": ("Wine Preserver Pump", 21.50),
    # events
    "EV-HARV-1205": ("Harvest Tasting ticket, Sat Dec 5", 45.00),
    # shipping lines
    "SHIP-COLD": ("Insulated cold-chain shipping (2-day)", 14.95),
    "SHIP-STD": ("Standard shipping", 8.95),
    "SHIP-CRR": ("Refrigerated courier delivery (Portland metro)", 9.00),
}

# Perishable SKUs must travel with SHIP-COLD (FedEx/UPS 2-day) or SHIP-CRR (courier).
PERISHABLE_PREFIXES = ("CH-", "CT-")
PERISHABLE_SKUS = ("HM-PNW-CLS", "HM-CHZ-LOV", "HM-HOLI-LUX")

# (customer_id, name, email)
CUSTOMERS = [
    ("LVM-30118", "Nora Whitfield", "nora.whitfield@fastmail.com"),
    ("LVM-30125", "Desmond Okafor", "d.okafor@gmail.com"),
    ("LVM-30133", "Priya Raman", "priya.raman.pdx@gmail.com"),
    ("LVM-30141", "Gus Halvorsen", "gus@halvorsenfarm.com"),
    ("LVM-30156", "Mariana Albuquerque", "mariana.albuquerque@outlook.com"),
    ("LVM-30162", "Haruka Tanabe", "haruka.tanabe@yahoo.co.jp"),
    ("LVM-30170", "Elliot Brandt", "elliot.brandt@protonmail.com"),
    ("LVM-30187", "Rosa Delgado", "rosadelgado77@hotmail.com"),
    ("LVM-30194", "Theo Marchetti", "theo.marchetti@icloud.com"),
    ("LVM-30203", "Wendy Liang", "wendy.liang@gmail.com"),
    ("LVM-30219", "Frank Osei", "frank.osei@comcast.net"),
    ("LVM-30226", "Claire Dubois-Hart", "claire@duboishart.com"),
    ("LVM-30238", "Samir Haddad", "samir.haddad@bridgewaterlaw.example"),
    ("LVM-30245", "Ingrid Sorensen", "ingrid.sorensen@gmail.com"),
    ("LVM-30251", "Marcus Bell", "marcusbell@me.com"),
    ("LVM-30267", "Thiago Nogueira", "thiago.nogueira@gmail.com"),
    ("LVM-30274", "Kenji Morioka", "k.morioka@docomo.ne.jp"),
    ("LVM-30282", "Lucy Abernathy", "lucy.abernathy@cascadehealth.example"),
    ("LVM-30299", "Arjun Mehta", "arjun.mehta@gmail.com"),
    ("LVM-30305", "Helen Kowalczyk", "h.kowalczyk@earthlink.net"),
    ("LVM-30311", "Dana Reyes", "danareyes@gmail.com"),
    ("LVM-30328", "Oliver Finch", "oliver.finch@finchandrowe.example"),
    ("LVM-30336", "Beatriz Fontes", "beatriz.fontes@uol.com.br"),
    ("LVM-30343", "Yuki Hamada", "yuki.hamada@gmail.com"),
    ("LVM-30359", "Patrick Doyle", "pdoyle@doylecpa.example"),
    ("LVM-30364", "Margaret Lindqvist", "m.lindqvist@centurylink.net"),
    ("LVM-30372", "Jordan Kim", "jordankim@gmail.com"),
    ("LVM-30380", "Tess Caldwell", "tess.caldwell@gmail.com"),
    ("LVM-30397", "Victor Almeida", "victor.almeida@terra.com.br"),
    ("LVM-30401", "Sophie Nakamura-Reed", "sophie.nr@gmail.com"),
    ("LVM-30418", "Ben Adeyemi", "ben.adeyemi@outlook.com"),
    ("LVM-30426", "Greta Vogel", "greta.vogel@gmail.com"),
    ("LVM-30433", "Hank Mortensen", "hank.mortensen@yahoo.com"),
    ("LVM-30447", "Ava Lindgren", "ava.lindgren@gmail.com"),
]

# Orders. key: (customer_id, channel, order_date, status, carrier code or None,
#               [(sku, quantity)], refunded_usd, overrides)
# channel: W web shop, C Cellar Club shipment, G gift / hamper order.
# Times are UTC between 15:00 and 23:59 so that the Portland date is the same day.
# overrides may set "shipped_at" / "delivered_at" (None = missing) for the data glitches.
ORDERS = {
    # Nora Whitfield
    "NOR1": ("LVM-30118", "W", "2026-11-17T19:20:00Z", "processing", None,
             [("PT-OLIV-EVO", 1), ("PT-VIN-BAL", 1), ("KT-BRD-OAK", 1), ("SHIP-STD", 1)], 0, {}),
    "NOR2": ("LVM-30118", "W", "2026-10-28T17:45:00Z", "delivered", "F",
             [("WN-PN-EOLA21", 1), ("CH-CMTE-18", 1), ("CT-PROS-24", 1), ("PT-CRK-SEA", 2), ("SHIP-COLD", 1)], 0, {}),
    "NOR3": ("LVM-30118", "C", "2026-08-03T17:00:00Z", "delivered", "U",
             [("WC-Q3-CELL", 1)], 0, {}),
    # Desmond Okafor
    "DES1": ("LVM-30125", "W", "2026-11-18T16:10:00Z", "processing", None,
             [("CH-BRIE-DBL", 2), ("CH-GOAT-ASH", 1), ("SHIP-COLD", 1)], 0, {}),
    "DES2": ("LVM-30125", "W", "2026-08-14T21:30:00Z", "delivered", "U",
             [("PT-HNY-CLO", 2), ("PT-NUT-MAR", 1), ("PT-CHOC-SAL", 3), ("SHIP-STD", 1)], 0, {}),
    "DES3": ("LVM-30125", "W", "2026-11-06T18:25:00Z", "delivered", "F",
             [("CH-BRIE-DBL", 1), ("CH-MANC-12", 1), ("CT-BRES-OR", 1), ("SHIP-COLD", 1)], 0, {}),
    # Priya Raman
    "PRI1": ("LVM-30133", "W", "2026-11-16T20:05:00Z", "shipped", "F",
             [("CH-RIVB-BLU", 1), ("CH-GRUY-AOP", 1), ("CT-SALA-FIN", 1), ("PT-JAM-FIG", 1), ("SHIP-COLD", 1)], 0, {}),
    "PRI2": ("LVM-30133", "W", "2026-09-21T19:10:00Z", "delivered", "U",
             [("WN-SY-WAL20", 2), ("WN-PN-EOLA21", 2), ("SHIP-STD", 1)], 0, {}),
    # Gus Halvorsen
    "GUS1": ("LVM-30141", "W", "2026-11-13T22:00:00Z", "shipped", "U",
             [("KT-KNF-CHZ", 1), ("PT-HNY-CLO", 2), ("PT-NUT-MAR", 1), ("SHIP-STD", 1)], 0, {}),
    "GUS2": ("LVM-30141", "W", "2026-10-30T18:40:00Z", "delivered", "U",
             [("WN-PG-WIL23", 6), ("SHIP-STD", 1)], 0, {}),
    "GUS3": ("LVM-30141", "W", "2026-09-09T20:00:00Z", "cancelled", None,
             [("HM-WINE-DUO", 1), ("SHIP-STD", 1)], "all", {}),
    # Mariana Albuquerque
    "MAR1": ("LVM-30156", "W", "2026-11-16T17:30:00Z", "shipped", "F",
             [("CH-MANC-12", 1), ("CT-SALA-FIN", 1), ("PT-JAM-FIG", 1), ("SHIP-COLD", 1)], 0, {}),
    "MAR2": ("LVM-30156", "W", "2026-10-07T18:15:00Z", "delivered", "F",
             [("HM-PNW-CLS", 1), ("SHIP-COLD", 1)], 0, {}),
    # Haruka Tanabe
    "HAR1": ("LVM-30162", "W", "2026-11-12T23:10:00Z", "delivered", "R",
             [("CH-GRUY-AOP", 1), ("CT-BRES-OR", 1), ("PT-CRK-SEA", 1), ("SHIP-CRR", 1)], 0, {}),
    "HAR2": ("LVM-30162", "W", "2026-10-21T19:00:00Z", "cancelled", None,
             [("WN-RS-ROS24", 3), ("SHIP-STD", 1)], "all", {}),
    # Elliot Brandt
    "ELL1": ("LVM-30170", "W", "2026-11-17T18:50:00Z", "shipped", "R",
             [("CH-CMTE-18", 1), ("CT-DUCK-RIL", 1), ("PT-CRK-SEA", 1), ("SHIP-CRR", 1)], 0, {}),
    "ELL2": ("LVM-30170", "W", "2026-09-02T19:00:00Z", "delivered", "U",
             [("WN-SY-WAL20", 2), ("KT-OPN-WAI", 1), ("SHIP-STD", 1)], 0, {}),
    "ELL3": ("LVM-30170", "W", "2026-07-15T20:20:00Z", "returned", "F",
             [("KT-BRD-OAK", 1), ("KT-KNF-CHZ", 1), ("SHIP-STD", 1)], 0, {}),
    # Rosa Delgado
    "ROS1": ("LVM-30187", "G", "2026-11-09T20:30:00Z", "delivered", "F",
             [("HM-CHZ-LOV", 1), ("SHIP-COLD", 1)], 0, {}),
    "ROS2": ("LVM-30187", "W", "2026-07-22T18:00:00Z", "delivered", "U",
             [("PT-VIN-BAL", 1), ("PT-OLIV-EVO", 2), ("SHIP-STD", 1)], 0, {}),
    "ROS3": ("LVM-30187", "W", "2026-10-30T17:15:00Z", "delivered", "F",
             [("WN-PN-EOLA21", 2), ("WN-CH-DUN22", 1), ("SHIP-STD", 1)], 0, {}),
    # Theo Marchetti
    "THE1": ("LVM-30194", "W", "2026-11-05T21:00:00Z", "delivered", "U",
             [("WN-RI-COL22", 3), ("PT-CHOC-SAL", 2), ("SHIP-STD", 1)], 0, {}),
    "THE2": ("LVM-30194", "W", "2026-11-01T19:40:00Z", "delivered", "F",
             [("CH-CMTE-18", 1), ("CH-GRUY-AOP", 1), ("PT-OLIV-EVO", 1), ("CT-DUCK-RIL", 1), ("SHIP-COLD", 1)], 0, {}),
    # Wendy Liang
    "WEN1": ("LVM-30203", "W", "2026-11-10T18:15:00Z", "delivered", "R",
             [("CH-BRIE-DBL", 1), ("CT-PROS-24", 1), ("WN-RS-ROS24", 2), ("SHIP-CRR", 1)], 0, {}),
    "WEN2": ("LVM-30203", "G", "2026-10-19T18:00:00Z", "delivered", "F",
             [("HM-PNW-CLS", 1), ("SHIP-COLD", 1)], 0, {}),
    # Frank Osei
    "FRA1": ("LVM-30219", "W", "2026-11-06T19:30:00Z", "cancelled", None,
             [("WN-SP-BRUT", 2), ("KT-PRV-SAV", 1), ("SHIP-STD", 1)], "all", {}),
    "FRA2": ("LVM-30219", "W", "2026-10-20T20:45:00Z", "delivered", "U",
             [("CH-MANC-12", 2), ("CT-SALA-FIN", 2), ("PT-NUT-MAR", 1), ("SHIP-COLD", 1)], 0, {}),
    # Claire Dubois-Hart
    "CLA1": ("LVM-30226", "W", "2026-10-02T18:30:00Z", "returned", "F",
             [("WN-PN-EOLA21", 3), ("WN-CH-DUN22", 3), ("SHIP-STD", 1)], 0, {}),
    "CLA2": ("LVM-30226", "G", "2026-11-03T17:20:00Z", "delivered", "F",
             [("HM-PNW-CLS", 1), ("PT-HNY-CLO", 1), ("SHIP-COLD", 1)], 0, {}),
    "CLA3": ("LVM-30226", "G", "2026-10-26T18:05:00Z", "delivered", "F",
             [("HM-CHZ-LOV", 1), ("SHIP-COLD", 1)], 20.00, {}),
    # Samir Haddad
    "SAM1": ("LVM-30238", "C", "2026-11-13T17:00:00Z", "shipped", "U",
             [("WC-Q4-CELL", 1)], 0, {}),
    "SAM2": ("LVM-30238", "W", "2026-11-04T21:15:00Z", "delivered", "F",
             [("WN-SP-BRUT", 2), ("WN-PN-EOLA21", 1), ("PT-CHOC-SAL", 1), ("SHIP-STD", 1)], 0, {}),
    # Ingrid Sorensen
    "ING1": ("LVM-30245", "W", "2026-11-14T19:00:00Z", "shipped", "F",
             [("KT-KNF-CHZ", 1), ("KT-OPN-WAI", 1), ("PT-VIN-BAL", 1), ("SHIP-STD", 1)], 0, {}),
    "ING2": ("LVM-30245", "W", "2026-11-06T20:40:00Z", "delivered", "F",
             [("CH-RIVB-BLU", 1), ("CH-CMTE-18", 1), ("PT-CRK-SEA", 1), ("SHIP-COLD", 1)], 0, {}),
    "ING3": ("LVM-30245", "W", "2026-06-11T18:00:00Z", "delivered", "U",
             [("KT-BRD-OAK", 1), ("SHIP-STD", 1)], 0, {}),
    # Marcus Bell
    "MRC1": ("LVM-30251", "W", "2026-11-07T19:45:00Z", "delivered", "R",
             [("CH-GOAT-ASH", 1), ("PT-JAM-FIG", 1), ("SHIP-CRR", 1)], 0, {"delivered_at": None}),
    "MRC2": ("LVM-30251", "W", "2026-10-19T15:30:00Z", "delivered", "F",
             [("CH-BRIE-DBL", 2), ("CT-BRES-OR", 1), ("SHIP-COLD", 1)], 0, {}),
    # Thiago Nogueira
    "THI1": ("LVM-30267", "W", "2026-11-16T19:50:00Z", "shipped", "U",
             [("WN-PN-EOLA21", 2), ("PT-OLIV-EVO", 1), ("SHIP-STD", 1)], 0, {}),
    "THI2": ("LVM-30267", "W", "2026-09-30T18:00:00Z", "delivered", "F",
             [("CH-MANC-12", 1), ("CT-PROS-24", 1), ("PT-CRK-SEA", 1), ("SHIP-COLD", 1)], 0, {}),
    # Kenji Morioka
    "KEN1": ("LVM-30274", "W", "2026-11-02T23:00:00Z", "delivered", "U",
             [("WN-SY-WAL20", 1), ("CH-GRUY-AOP", 1), ("CT-PROS-24", 1), ("SHIP-COLD", 1)], 0, {}),
    "KEN2": ("LVM-30274", "C", "2026-11-13T17:00:00Z", "shipped", "U",
             [("WC-Q4-CELL", 1)], 0, {}),
    # Lucy Abernathy
    "LUC1": ("LVM-30282", "G", "2026-11-16T22:40:00Z", "shipped", "F",
             [("HM-HOLI-LUX", 1), ("SHIP-COLD", 1)], 0, {}),
    "LUC2": ("LVM-30282", "W", "2026-10-26T18:30:00Z", "delivered", "U",
             [("PT-CRK-SEA", 3), ("PT-JAM-FIG", 2), ("PT-HNY-CLO", 1), ("WN-PG-WIL23", 2), ("SHIP-STD", 1)], 0, {}),
    # Arjun Mehta
    "ARJ1": ("LVM-30299", "W", "2026-11-08T18:00:00Z", "delivered", "F",
             [("CH-RIVB-BLU", 1), ("CH-BRIE-DBL", 1), ("CT-PROS-24", 2), ("PT-CRK-SEA", 1), ("SHIP-COLD", 1)], 0, {}),
    "ARJ2": ("LVM-30299", "W", "2026-11-17T20:30:00Z", "processing", None,
             [("PT-NUT-MAR", 2), ("PT-VIN-BAL", 1), ("KT-PRV-SAV", 1), ("SHIP-STD", 1)], 0, {}),
    # Helen Kowalczyk
    "HEL1": ("LVM-30305", "W", "2026-11-15T20:00:00Z", "shipped", "U",
             [("WN-CH-DUN22", 2), ("KT-BRD-OAK", 1), ("SHIP-STD", 1)], 0, {}),
    "HEL2": ("LVM-30305", "W", "2026-11-02T19:00:00Z", "delivered", "F",
             [("CH-CMTE-18", 1), ("CT-SALA-FIN", 1), ("PT-CRK-SEA", 2), ("SHIP-COLD", 1)], 0, {}),
    "HEL3": ("LVM-30305", "W", "2026-09-16T18:20:00Z", "delivered", "F",
             [("WN-PN-EOLA21", 1), ("KT-OPN-WAI", 1), ("SHIP-STD", 1)], 0, {}),
    # Dana Reyes
    "DAN1": ("LVM-30311", "G", "2026-11-04T18:10:00Z", "cancelled", None,
             [("HM-WINE-DUO", 1), ("SHIP-STD", 1)], "all", {}),
    "DAN2": ("LVM-30311", "W", "2026-10-15T17:40:00Z", "delivered", "U",
             [("WN-PG-WIL23", 2), ("CH-MANC-12", 1), ("SHIP-COLD", 1)], 0, {}),
    # Oliver Finch
    "OLI1": ("LVM-30328", "G", "2026-11-09T17:10:00Z", "delivered", "F",
             [("HM-CHZ-LOV", 3), ("SHIP-COLD", 1)], 0, {}),
    "OLI2": ("LVM-30328", "W", "2026-10-12T18:45:00Z", "returned", "U",
             [("WN-SY-WAL20", 2), ("WN-PN-EOLA21", 2), ("SHIP-STD", 1)], 0, {}),
    "OLI3": ("LVM-30328", "W", "2026-10-27T19:30:00Z", "delivered", "F",
             [("WN-SP-BRUT", 1), ("WN-RI-COL22", 2), ("PT-CHOC-SAL", 2), ("SHIP-STD", 1)], 36.00, {}),
    # Beatriz Fontes
    "BEA1": ("LVM-30336", "W", "2026-11-02T18:20:00Z", "delivered", "F",
             [("WN-PN-EOLA21", 2), ("WN-PG-WIL23", 1), ("PT-CHOC-SAL", 1), ("SHIP-STD", 1)], 0, {}),
    "BEA2": ("LVM-30336", "W", "2026-11-17T21:10:00Z", "shipped", "R",
             [("CH-GOAT-ASH", 1), ("PT-CRK-SEA", 1), ("SHIP-CRR", 1)], 0, {}),
    # Yuki Hamada
    "YUK1": ("LVM-30343", "W", "2026-11-09T19:00:00Z", "delivered", "R",
             [("CH-CMTE-18", 1), ("CH-RIVB-BLU", 1), ("CT-DUCK-RIL", 1), ("SHIP-CRR", 1)], 0, {}),
    "YUK2": ("LVM-30343", "G", "2026-09-24T18:00:00Z", "delivered", "F",
             [("HM-WINE-DUO", 1), ("SHIP-STD", 1)], 0, {}),
    # Patrick Doyle
    "PAT1": ("LVM-30359", "G", "2026-10-31T18:40:00Z", "delivered", "F",
             [("HM-HOLI-LUX", 1), ("SHIP-COLD", 1)], 0, {}),
    "PAT2": ("LVM-30359", "W", "2026-11-18T16:45:00Z", "processing", None,
             [("EV-HARV-1205", 2), ("PT-OLIV-EVO", 1), ("SHIP-STD", 1)], 0, {}),
    # Margaret Lindqvist
    "PEG1": ("LVM-30364", "W", "2026-10-05T17:30:00Z", "delivered", "U",
             [("KT-BRD-OAK", 1), ("KT-KNF-CHZ", 1), ("SHIP-STD", 1)], 0, {}),
    "PEG2": ("LVM-30364", "C", "2026-08-03T17:00:00Z", "delivered", "U",
             [("WC-Q3-CELL", 1)], 0, {}),
    # Jordan Kim
    "JOR1": ("LVM-30372", "W", "2026-11-13T18:00:00Z", "shipped", "U",
             [("KT-PRV-SAV", 1), ("WN-RS-ROS24", 2), ("PT-NUT-MAR", 1), ("SHIP-STD", 1)], 0, {}),
    "JOR2": ("LVM-30372", "W", "2026-07-08T19:00:00Z", "delivered", "F",
             [("PT-OLIV-EVO", 1), ("PT-VIN-BAL", 1), ("SHIP-STD", 1)], 0, {}),
    # Tess Caldwell
    "TES1": ("LVM-30380", "W", "2026-10-24T21:00:00Z", "delivered", "U",
             [("CH-BRIE-DBL", 1), ("CT-SALA-FIN", 2), ("PT-OLIV-EVO", 1), ("SHIP-COLD", 1)], 14.00, {}),
    "TES2": ("LVM-30380", "W", "2026-11-10T18:30:00Z", "delivered", "F",
             [("KT-PRV-SAV", 1), ("WN-RI-COL22", 2), ("SHIP-STD", 1)], 0, {}),
    # Victor Almeida: two orders whose numbers are the same (one per year)
    "VIC1": ("LVM-30397", "W", "2025-11-05T19:00:00Z", "delivered", "U",
             [("WN-PN-EOLA21", 3), ("SHIP-STD", 1)], 0, {}),
    "VIC2": ("LVM-30397", "W", "2026-11-05T18:00:00Z", "delivered", "F",
             [("CH-MANC-12", 1), ("PT-OLIV-EVO", 1), ("SHIP-COLD", 1)], 0, {}),
    # Sophie Nakamura-Reed
    "SOP1": ("LVM-30401", "W", "2026-11-21T19:00:00Z", "delivered", "F",
             [("WN-CH-DUN22", 1), ("CH-GRUY-AOP", 1), ("SHIP-COLD", 1)], 0,
             {"shipped_at": "2026-11-10T21:30:00Z", "delivered_at": "2026-11-12T18:40:00Z"}),
    "SOP2": ("LVM-30401", "W", "2026-11-16T18:30:00Z", "shipped", "F",
             [("CH-BRIE-DBL", 1), ("CH-GOAT-ASH", 1), ("PT-CRK-SEA", 1), ("SHIP-COLD", 1)], 0, {}),
    "SOP3": ("LVM-30401", "W", "2026-10-08T18:00:00Z", "cancelled", None,
             [("KT-BRD-OAK", 1), ("SHIP-STD", 1)], "all", {}),
    # Ben Adeyemi
    "BEN1": ("LVM-30418", "W", "2026-11-02T20:00:00Z", "delivered", "F",
             [("WN-PN-EOLA21", 1), ("KT-KNF-CHZ", 1), ("SHIP-STD", 1)], 0,
             {"shipped_at": "2026-10-29T21:30:00Z", "delivered_at": "2026-10-31T18:40:00Z"}),
    "BEN2": ("LVM-30418", "W", "2026-08-19T18:00:00Z", "returned", "U",
             [("WN-SP-BRUT", 3), ("SHIP-STD", 1)], 0, {}),
    # Greta Vogel
    "GRE1": ("LVM-30426", "W", "2026-10-29T20:10:00Z", "delivered", "F",
             [("CH-GRUY-AOP", 1), ("CT-PROS-24", 1), ("SHIP-COLD", 1)], "all", {}),
    "GRE2": ("LVM-30426", "W", "2026-11-05T19:30:00Z", "delivered", "U",
             [("WN-RS-ROS24", 2), ("PT-JAM-FIG", 1), ("SHIP-STD", 1)], 0, {}),
    "GRE3": ("LVM-30426", "G", "2026-11-18T17:05:00Z", "processing", None,
             [("HM-PNW-CLS", 1), ("SHIP-COLD", 1)], 0, {}),
    # Hank Mortensen
    "HAN1": ("LVM-30433", "W", "2026-11-03T18:00:00Z", "delivered", "R",
             [("CH-MANC-12", 1), ("CT-PROS-24", 1), ("WN-SY-WAL20", 1), ("SHIP-CRR", 1)], 0, {"delivered_at": None}),
    "HAN2": ("LVM-30433", "W", "2026-10-10T18:30:00Z", "delivered", "U",
             [("WN-SY-WAL20", 3), ("SHIP-STD", 1)], 0, {}),
    # Ava Lindgren
    "AVA1": ("LVM-30447", "W", "2026-11-17T21:00:00Z", "processing", None,
             [("CH-GOAT-ASH", 2), ("CT-BRES-OR", 1), ("PT-CRK-SEA", 1), ("SHIP-COLD", 1)], 0, {}),
    "AVA2": ("LVM-30447", "W", "2026-11-04T17:50:00Z", "delivered", "F",
             [("WN-SY-WAL20", 1), ("KT-KNF-CHZ", 1), ("SHIP-STD", 1)], 0, {}),
}

# Orders whose dates are deliberately inconsistent (data glitches the policy must escalate).
GLITCHES = {"SOP1": "ordered-in-future", "BEN1": "delivered-before-ordered",
            "MRC1": "missing-delivered-at", "HAN1": "missing-delivered-at"}
