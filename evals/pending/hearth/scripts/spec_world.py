"""Hearth & Field: the shop's catalogue, customers, orders and help-center articles (hand-written)."""

NOW = "2026-06-16T15:00:00Z"

DESCRIPTION = (
    "Hearth & Field, a small online furniture and lighting shop (sofas, tables, lamps, rugs, made-to-order "
    "pieces). Parcels ship by UPS, FedEx or USPS; furniture travels by LTL freight (Estes Express, XPO "
    "Logistics, Old Dominion) in a delivery slot the customer books; white-glove assembly is a paid "
    "service and fabric swatches are free. Snapshot pinned to one instant so refund eligibility is "
    "reproducible."
)

# sku -> (name, unit price USD)
CATALOGUE = {
    "SOF-ALDEN-3S": ("Alden 3-seat sofa, oatmeal boucle", 1899.00),
    "SOF-MARLO-LS": ("Marlo loveseat, moss velvet", 1349.00),
    "SOF-BRINLEY-MTO": ("Brinley sofa, made to order (customer fabric)", 2790.00),
    "CHR-OSLO": ("Oslo lounge chair, walnut and cognac leather", 899.00),
    "TBL-HARROW-72": ("Harrow 72in oak dining table", 1450.00),
    "TBL-WALNUT-MTO": ("Walnut dining table 84in, made to order", 3200.00),
    "TBL-PIP-CF": ("Pip round coffee table, ash", 349.00),
    "TBL-TRAV-SD": ("Travertine side table", 279.00),
    "LMP-ARC-BRS": ("Arc floor lamp, brushed brass", 329.00),
    "LMP-HINGE-BK": ("Hinge task lamp, matte black", 119.00),
    "LMP-LANTERN-24": ("Paper lantern pendant, 24in", 89.00),
    "LMP-CERAMIC-SG": ("Glazed ceramic table lamp, sage", 159.00),
    "RUG-WOOL-810": ("Hand-knotted wool rug 8x10, ivory", 1190.00),
    "RUG-JUTE-58": ("Braided jute rug 5x8", 229.00),
    "RUG-PAD-810": ("Felt rug pad 8x10", 69.00),
    "BED-LINDEN-Q": ("Linden queen bed frame, white oak", 1580.00),
    "SHF-MOD-3": ("Modular bookshelf, 3 bays", 760.00),
    "BNC-ENTRY": ("Entry bench, smoked oak", 420.00),
    "CSH-LINEN-20": ("Linen throw cushion 20x20", 45.00),
    "MIR-ROUND-36": ("Round brass mirror 36in", 289.00),
    "BLB-LED-E26": ("LED bulb E26 2700K, 2-pack", 14.00),
    "SWT-FABRIC": ("Fabric swatch set (free)", 0.00),
    "SVC-FREIGHT": ("Freight delivery, booked 4-hour slot", 89.00),
    "SVC-WHITEGLOVE": ("White-glove delivery and assembly", 149.00),
}

# customer_id, name, email
CUSTOMERS = [
    ("HFC-40112", "Maya Okafor", "maya.okafor@fastmail.com"),
    ("HFC-40127", "Daniel Brenner", "dbrenner@outlook.com"),
    ("HFC-40135", "Priya Raman", "priya.raman@gmail.com"),
    ("HFC-40141", "Tom Gallagher", "tgallagher@comcast.net"),
    ("HFC-40158", "Sofia Marchetti", "sofia.marchetti@icloud.com"),
    ("HFC-40163", "Jonas Weber", "jonas.weber@gmx.de"),
    ("HFC-40170", "Claire Dubois", "claire.dubois@orange.fr"),
    ("HFC-40186", "Marcus Lee", "marcus.lee@protonmail.com"),
    ("HFC-40192", "Hannah Kowalski", "hkowalski@yahoo.com"),
    ("HFC-40204", "Luis Ortega", "luis.ortega@gmail.com"),
    ("HFC-40219", "Grace Whitfield", "grace@whitfieldstudio.com"),
    ("HFC-40225", "Ahmed Karimi", "a.karimi@gmail.com"),
    ("HFC-40233", "Emily Tran", "emilytran88@hotmail.com"),
    ("HFC-40248", "Robert Haines", "rhaines@hainesbuild.com"),
    ("HFC-40251", "Nadia Petrova", "nadia.petrova@gmail.com"),
    ("HFC-40267", "Kevin O'Brien", "kobrien@verizon.net"),
    ("HFC-40272", "Aisha Bello", "aisha.bello@gmail.com"),
    ("HFC-40288", "Sebastian Kraus", "s.kraus@web.de"),
    ("HFC-40291", "Lea Fontaine", "lea.fontaine@free.fr"),
    ("HFC-40305", "Jordan Price", "jordan.price@gmail.com"),
    ("HFC-40316", "Olivia Chen", "olivia.chen@me.com"),
    ("HFC-40322", "Ben Adeyemi", "ben.adeyemi@gmail.com"),
    ("HFC-40339", "Rachel Stein", "rachel.stein@steinlaw.com"),
    ("HFC-40343", "Mateo Silva", "mateo.silva@gmail.com"),
    ("HFC-40357", "Ingrid Larsen", "ingrid.larsen@outlook.com"),
    ("HFC-40361", "Samuel Brooks", "sam.brooks@gmail.com"),
    ("HFC-40378", "Chloe Martin", "chloe.martin@yahoo.com"),
    ("HFC-40384", "Derek Nguyen", "derek.nguyen@gmail.com"),
    ("HFC-40396", "Fatima Zahra Idrissi", "fz.idrissi@laposte.net"),
    ("HFC-40402", "Paul Hartmann", "paul.hartmann@t-online.de"),
    ("HFC-40415", "Yuki Tanaka", "yuki.tanaka@gmail.com"),
    ("HFC-40423", "Brianna Cole", "brianna@coleinteriors.co"),
    ("HFC-40437", "Henrik Svensson", "henrik.svensson@gmail.com"),
    ("HFC-40449", "Lauren Fisher", "lauren.fisher@aol.com"),
    ("HFC-40452", "Anke Vogel", "anke.vogel@posteo.de"),
]

# Orders. Dates are written as (days before NOW, "HH:MM" UTC) and turned into timestamps by generate.py;
# ("exact", N) means exactly N days before NOW to the second. None = no such date.
# status, order, shipped, delivered, carrier, [(sku, qty)], refunded_usd
ORDERS = [
    # --- Maya Okafor
    ("HF.2026.118842", "HFC-40112", "delivered", (12, "14:22"), (9, "16:10"), (4, "18:05"), "Estes Express", [("SOF-ALDEN-3S", 1), ("SVC-FREIGHT", 1)], 0.0),
    ("HF.2026.103917", "HFC-40112", "delivered", (75, "09:40"), (73, "12:00"), (70, "15:30"), "UPS", [("LMP-CERAMIC-SG", 2)], 0.0),
    # --- Daniel Brenner
    ("HF.2026.120455", "HFC-40127", "shipped", (6, "20:15"), (2, "11:45"), None, "XPO Logistics", [("TBL-HARROW-72", 1), ("SVC-WHITEGLOVE", 1)], 0.0),
    ("HF.2026.119003", "HFC-40127", "delivered", (20, "08:05"), (18, "13:00"), (15, "10:20"), "FedEx", [("LMP-ARC-BRS", 1), ("BLB-LED-E26", 2)], 0.0),
    # --- Priya Raman
    ("HF.2026.121730", "HFC-40135", "processing", (3, "07:50"), None, None, None, [("RUG-WOOL-810", 1), ("RUG-PAD-810", 1)], 0.0),
    ("HF.2026.116204", "HFC-40135", "delivered", (25, "19:30"), (23, "09:10"), (19, "14:45"), "UPS", [("LMP-HINGE-BK", 1), ("CSH-LINEN-20", 4), ("MIR-ROUND-36", 1)], 0.0),
    # --- Tom Gallagher
    ("HF.2026.098113", "HFC-40141", "delivered", (96, "16:00"), (92, "10:00"), (86, "13:15"), "Old Dominion", [("SHF-MOD-3", 1), ("SVC-FREIGHT", 1)], 0.0),
    ("HF.2026.119577", "HFC-40141", "shipped", (8, "12:30"), (5, "15:20"), None, "Old Dominion", [("BED-LINDEN-Q", 1), ("SVC-FREIGHT", 1)], 0.0),
    # --- Sofia Marchetti
    ("HF.2026.117380", "HFC-40158", "delivered", ("exact", 30), (27, "10:00"), (22, "16:40"), "FedEx", [("TBL-PIP-CF", 1), ("LMP-CERAMIC-SG", 1)], 0.0),
    ("HF.2026.121102", "HFC-40158", "cancelled", (5, "09:12"), None, None, None, [("CHR-OSLO", 2)], 0.0),
    # --- Jonas Weber (de)
    ("HF.2026.118019", "HFC-40163", "shipped", (10, "06:45"), (7, "14:00"), None, "UPS", [("LMP-ARC-BRS", 1), ("LMP-LANTERN-24", 2)], 0.0),
    ("HF.2026.109264", "HFC-40163", "delivered", (48, "11:00"), (45, "09:00"), (40, "12:30"), "Estes Express", [("TBL-HARROW-72", 1), ("SVC-FREIGHT", 1)], 0.0),
    # --- Claire Dubois (fr)
    ("HF.2026.119840", "HFC-40170", "delivered", (16, "13:05"), (14, "08:30"), (11, "17:00"), "UPS", [("RUG-JUTE-58", 1), ("RUG-PAD-810", 1)], 0.0),
    ("HF.2026.121588", "HFC-40170", "processing", (2, "18:40"), None, None, None, [("SOF-MARLO-LS", 1), ("SVC-WHITEGLOVE", 1)], 0.0),
    # --- Marcus Lee
    ("HF.2026.117995", "HFC-40186", "delivered", ("exact", 31), (29, "12:00"), (25, "15:00"), "XPO Logistics", [("CHR-OSLO", 1), ("SVC-FREIGHT", 1)], 0.0),
    ("HF.2026.120921", "HFC-40186", "delivered", (9, "10:30"), (7, "16:00"), (3, "11:10"), "FedEx", [("LMP-HINGE-BK", 2), ("BLB-LED-E26", 1)], 0.0),
    # --- Hannah Kowalski
    ("HF.2026.104552", "HFC-40192", "delivered", (64, "15:45"), (10, "09:00"), (6, "14:00"), "Estes Express", [("SOF-BRINLEY-MTO", 1), ("SVC-WHITEGLOVE", 1)], 0.0),
    ("HF.2026.120307", "HFC-40192", "delivered", (14, "09:00"), (12, "11:00"), (9, "13:30"), "USPS", [("SWT-FABRIC", 1)], 0.0),
    # --- Luis Ortega
    ("HF.2026.118560", "HFC-40204", "delivered", (18, "21:10"), (15, "10:00"), (10, "12:00"), "Old Dominion", [("SOF-MARLO-LS", 1), ("TBL-TRAV-SD", 2), ("SVC-FREIGHT", 1)], 200.0),
    ("HF.2026.121344", "HFC-40204", "shipped", (4, "10:10"), (1, "17:30"), None, "FedEx", [("CSH-LINEN-20", 2)], 0.0),
    # --- Grace Whitfield
    ("HF.2026.116871", "HFC-40219", "returned", (28, "08:20"), (26, "12:00"), (21, "10:00"), "UPS", [("MIR-ROUND-36", 1)], 0.0),
    ("HF.2026.120790", "HFC-40219", "delivered", (11, "16:35"), (9, "09:00"), (5, "15:50"), "XPO Logistics", [("BNC-ENTRY", 1), ("RUG-JUTE-58", 1), ("SVC-FREIGHT", 1)], 0.0),
    # --- Ahmed Karimi
    ("HF.2026.119208", "HFC-40225", "delivered", (19, "12:00"), (17, "09:30"), (13, "16:20"), "Estes Express", [("TBL-HARROW-72", 1), ("SVC-WHITEGLOVE", 1)], 1599.0),
    ("HF.2026.121915", "HFC-40225", "processing", (1, "22:05"), None, None, None, [("LMP-LANTERN-24", 1)], 0.0),
    # --- Emily Tran
    ("HF.2026.118377", "HFC-40233", "delivered", (15, "10:45"), (13, "14:00"), None, "UPS", [("LMP-ARC-BRS", 1)], 0.0),
    ("HF.2026.101488", "HFC-40233", "delivered", (88, "13:00"), (85, "10:00"), (81, "15:10"), "FedEx", [("RUG-JUTE-58", 2)], 0.0),
    # --- Robert Haines
    ("HF.2026.120133", "HFC-40248", "delivered", (13, "09:30"), (10, "08:00"), (7, "12:45"), "Old Dominion", [("SHF-MOD-3", 2), ("BNC-ENTRY", 1), ("SVC-FREIGHT", 1)], 0.0),
    ("HF.2026.121650", "HFC-40248", "shipped", (3, "14:00"), (1, "09:20"), None, "UPS", [("MIR-ROUND-36", 1)], 0.0),
    # --- Nadia Petrova
    ("HF.2026.119661", "HFC-40251", "delivered", (10, "17:20"), (8, "10:00"), (12, "09:00"), "FedEx", [("LMP-CERAMIC-SG", 1), ("CSH-LINEN-20", 2)], 0.0),
    ("HF.2026.112840", "HFC-40251", "cancelled", (40, "08:00"), None, None, None, [("RUG-WOOL-810", 1)], 0.0),
    # --- Kevin O'Brien
    ("HF.2026.117602", "HFC-40267", "delivered", (23, "11:15"), (21, "09:45"), (17, "13:00"), "Estes Express", [("BED-LINDEN-Q", 1), ("SVC-WHITEGLOVE", 1)], 0.0),
    ("HF.2025.961204", "HFC-40267", "delivered", (190, "15:00"), (187, "10:00"), (182, "14:00"), "UPS", [("LMP-ARC-BRS", 1)], 0.0),
    # --- Aisha Bello
    ("HF.2026.120644", "HFC-40272", "delivered", (7, "19:00"), (5, "12:00"), (2, "17:30"), "UPS", [("RUG-JUTE-58", 1), ("LMP-LANTERN-24", 1), ("BLB-LED-E26", 1)], 0.0),
    ("HF.2026.121470", "HFC-40272", "processing", (2, "09:00"), None, None, None, [("TBL-WALNUT-MTO", 1), ("SVC-WHITEGLOVE", 1)], 0.0),
    # --- Sebastian Kraus (de)
    ("HF.2026.119399", "HFC-40288", "delivered", (17, "07:30"), (15, "13:00"), (11, "10:40"), "XPO Logistics", [("SOF-ALDEN-3S", 1), ("SVC-WHITEGLOVE", 1)], 0.0),
    ("HF.2026.121267", "HFC-40288", "shipped", (4, "15:15"), (2, "08:00"), None, "FedEx", [("LMP-HINGE-BK", 1)], 0.0),
    # --- Lea Fontaine (fr)
    ("HF.2026.110735", "HFC-40291", "delivered", (52, "10:00"), (49, "09:00"), (45, "16:00"), "UPS", [("LMP-ARC-BRS", 1), ("MIR-ROUND-36", 1)], 0.0),
    ("HF.2026.120512", "HFC-40291", "delivered", (10, "12:40"), (8, "11:00"), (5, "10:15"), "USPS", [("CSH-LINEN-20", 3)], 0.0),
    # --- Jordan Price
    ("HF.2026.118702", "HFC-40305", "returned", (26, "14:30"), (24, "10:00"), (20, "13:00"), "Estes Express", [("SOF-MARLO-LS", 1), ("SVC-FREIGHT", 1)], 0.0),
    ("HF.2026.121803", "HFC-40305", "processing", (1, "13:25"), None, None, None, [("TBL-PIP-CF", 1)], 0.0),
    # --- Olivia Chen
    ("HF.2026.119955", "HFC-40316", "delivered", (21, "16:50"), (19, "10:00"), (15, "12:20"), "UPS", [("LMP-ARC-BRS", 1), ("LMP-CERAMIC-SG", 2), ("BLB-LED-E26", 3)], 0.0),
    ("HF.2026.106371", "HFC-40316", "delivered", (58, "09:10"), (55, "10:00"), (50, "11:30"), "Old Dominion", [("TBL-HARROW-72", 1), ("SVC-FREIGHT", 1)], 0.0),
    # --- Ben Adeyemi
    ("HF.2026.120068", "HFC-40322", "shipped", (9, "18:00"), (6, "09:30"), None, "Estes Express", [("SOF-ALDEN-3S", 1), ("TBL-PIP-CF", 1), ("SVC-FREIGHT", 1)], 0.0),
    ("HF.2026.114902", "HFC-40322", "delivered", (33, "10:30"), (30, "09:00"), (27, "14:00"), "FedEx", [("LMP-HINGE-BK", 1)], 0.0),
    # --- Rachel Stein
    ("HF.2026.119514", "HFC-40339", "delivered", (14, "15:00"), (12, "10:00"), (8, "12:00"), "XPO Logistics", [("RUG-WOOL-810", 1), ("SVC-FREIGHT", 1)], 0.0),
    # --- Mateo Silva
    ("HF.2026.120876", "HFC-40343", "delivered", (8, "09:45"), (6, "13:00"), (3, "16:00"), "UPS", [("LMP-CERAMIC-SG", 1), ("BLB-LED-E26", 2)], 0.0),
    ("HF.2026.121099", "HFC-40343", "cancelled", (6, "11:00"), None, None, None, [("SOF-MARLO-LS", 1)], 0.0),
    # --- Ingrid Larsen
    ("HF.2026.118233", "HFC-40357", "delivered", (22, "08:30"), (20, "10:00"), (16, "11:00"), "Estes Express", [("TBL-HARROW-72", 1), ("BNC-ENTRY", 2), ("SVC-FREIGHT", 1)], 0.0),
    ("HF.2026.121721", "HFC-40357", "shipped", (3, "16:20"), (1, "13:40"), None, "USPS", [("SWT-FABRIC", 1)], 0.0),
    # --- Samuel Brooks
    ("HF.2026.107719", "HFC-40361", "delivered", (55, "12:00"), (52, "09:00"), (48, "13:00"), "FedEx", [("LMP-ARC-BRS", 1), ("LMP-HINGE-BK", 1)], 0.0),
    ("HF.2026.120255", "HFC-40361", "delivered", (12, "10:00"), (10, "10:00"), (6, "10:00"), "UPS", [("RUG-JUTE-58", 1)], 229.0),
    # --- Chloe Martin
    ("HF.2026.119722", "HFC-40378", "delivered", (18, "13:40"), (16, "09:00"), (12, "15:15"), "Old Dominion", [("SOF-MARLO-LS", 1), ("CSH-LINEN-20", 2), ("SVC-FREIGHT", 1)], 0.0),
    ("HF.2026.121526", "HFC-40378", "processing", (2, "10:30"), None, None, None, [("LMP-ARC-BRS", 1)], 0.0),
    # --- Derek Nguyen
    ("HF.2026.116540", "HFC-40384", "delivered", (29, "17:00"), (27, "10:00"), (24, "12:00"), "UPS", [("LMP-CERAMIC-SG", 1), ("LMP-HINGE-BK", 1)], 0.0),
    ("HF.2026.100977", "HFC-40384", "returned", (80, "12:00"), (78, "10:00"), (74, "14:00"), "XPO Logistics", [("CHR-OSLO", 1), ("SVC-FREIGHT", 1)], 0.0),
    # --- Fatima Zahra Idrissi (fr)
    ("HF.2026.119128", "HFC-40396", "shipped", (11, "09:15"), (6, "10:00"), None, "XPO Logistics", [("BED-LINDEN-Q", 1), ("SVC-WHITEGLOVE", 1)], 0.0),
    ("HF.2026.117051", "HFC-40396", "delivered", (24, "14:00"), (22, "09:00"), (18, "11:45"), "UPS", [("RUG-JUTE-58", 1), ("CSH-LINEN-20", 2)], 0.0),
    # --- Paul Hartmann (de)
    ("HF.2026.120419", "HFC-40402", "delivered", (9, "08:20"), (7, "10:00"), (4, "13:10"), "FedEx", [("LMP-LANTERN-24", 3), ("BLB-LED-E26", 3)], 0.0),
    ("HF.2026.102260", "HFC-40402", "delivered", (84, "10:00"), (82, "09:00"), (79, "12:00"), "Estes Express", [("BED-LINDEN-Q", 1), ("SVC-FREIGHT", 1)], 0.0),
    # --- Yuki Tanaka
    ("HF.2026.121389", "HFC-40415", "shipped", (5, "11:30"), (3, "15:00"), None, "UPS", [("LMP-CERAMIC-SG", 1), ("CSH-LINEN-20", 2)], 0.0),
    ("HF.2026.111509", "HFC-40415", "delivered", (44, "13:00"), (42, "09:00"), (39, "12:00"), "Old Dominion", [("SHF-MOD-3", 1), ("SVC-FREIGHT", 1)], 0.0),
    # --- Brianna Cole (trade)
    ("HF.2026.119870", "HFC-40423", "delivered", (16, "09:00"), (14, "10:00"), (10, "11:00"), "XPO Logistics", [("CHR-OSLO", 2), ("TBL-TRAV-SD", 2), ("SVC-WHITEGLOVE", 1)], 0.0),
    ("HF.2026.121190", "HFC-40423", "processing", (4, "12:00"), None, None, None, [("SOF-BRINLEY-MTO", 1), ("SVC-WHITEGLOVE", 1)], 0.0),
    ("HF.2026.113366", "HFC-40423", "cancelled", (37, "10:00"), None, None, None, [("RUG-WOOL-810", 2)], 0.0),
    # --- Henrik Svensson
    ("HF.2026.120981", "HFC-40437", "delivered", (8, "15:30"), (6, "12:00"), (2, "10:30"), "UPS", [("LMP-ARC-BRS", 1), ("MIR-ROUND-36", 1)], 0.0),
    ("HF.2026.115618", "HFC-40437", "delivered", (31, "08:00"), (29, "10:00"), (26, "09:30"), "FedEx", [("RUG-JUTE-58", 1)], 0.0),
    # --- Lauren Fisher
    ("HF.2026.118911", "HFC-40449", "shipped", (12, "10:00"), (4, "09:00"), None, "Old Dominion", [("TBL-WALNUT-MTO", 1), ("SVC-FREIGHT", 1)], 0.0),
    ("HF.2026.120703", "HFC-40449", "delivered", (10, "14:10"), (8, "09:00"), (5, "12:00"), "FedEx", [("LMP-HINGE-BK", 1), ("LMP-CERAMIC-SG", 1)], 0.0),
    # --- Anke Vogel (de)
    ("HF.2026.119046", "HFC-40452", "delivered", (20, "11:00"), (18, "10:00"), (14, "16:00"), "UPS", [("LMP-CERAMIC-SG", 2), ("CSH-LINEN-20", 2)], 0.0),
    ("HF.2026.121618", "HFC-40452", "shipped", (3, "09:30"), (1, "11:00"), None, "UPS", [("LMP-ARC-BRS", 1)], 0.0),
    # --- a few more, for variety
    ("HF.2026.105533", "HFC-40112", "cancelled", (60, "10:00"), None, None, None, [("RUG-WOOL-810", 1)], 0.0),
    ("HF.2026.121742", "HFC-40141", "processing", (1, "08:00"), None, None, None, [("CSH-LINEN-20", 4)], 0.0),
    ("HF.2026.118120", "HFC-40192", "returned", (27, "12:00"), (25, "10:00"), (22, "11:00"), "FedEx", [("LMP-ARC-BRS", 1)], 0.0),
    ("HF.2026.117744", "HFC-40233", "delivered", (21, "10:00"), (19, "09:00"), (16, "14:00"), "Estes Express", [("SOF-ALDEN-3S", 1), ("SVC-WHITEGLOVE", 1)], 500.0),
    ("HF.2026.119301", "HFC-40305", "shipped", (7, "17:00"), (2, "08:30"), None, "Estes Express", [("SHF-MOD-3", 1), ("SVC-FREIGHT", 1)], 0.0),
    ("HF.2026.108862", "HFC-40361", "cancelled", (50, "09:00"), None, None, None, [("TBL-HARROW-72", 1)], 0.0),
    ("HF.2026.121875", "HFC-40384", "processing", (1, "16:45"), None, None, None, [("RUG-JUTE-58", 1), ("RUG-PAD-810", 1)], 0.0),
    ("HF.2026.120158", "HFC-40415", "delivered", (13, "11:00"), (11, "09:00"), (8, "10:00"), "USPS", [("SWT-FABRIC", 1), ("CSH-LINEN-20", 1)], 0.0),
    ("HF.2025.984410", "HFC-40437", "delivered", (175, "10:00"), (172, "10:00"), (168, "15:00"), "Estes Express", [("SOF-ALDEN-3S", 1), ("SVC-FREIGHT", 1)], 0.0),
    ("HF.2026.120377", "HFC-40449", "returned", (15, "10:00"), (13, "09:00"), (10, "12:00"), "UPS", [("RUG-JUTE-58", 1)], 0.0),
]

# Help-center articles: id, title, tags, paragraphs
KB = [
    ("HC-101", "Tracking your order", ["tracking", "shipping", "order status", "carrier"], [
        "Every order ships one of two ways. Small items such as lamps, bulbs, cushions, mirrors and most rugs up to 5x8 travel as parcels with UPS, FedEx or USPS. Furniture and large rugs travel by LTL freight with Estes Express, XPO Logistics or Old Dominion, and are delivered in a slot you book.",
        "As soon as an order leaves our warehouse we email you a shipping confirmation with the carrier and a tracking number. Parcel tracking numbers look like 1Z... for UPS, a 12-digit number for FedEx and a 22-digit number starting 9400 for USPS. Freight shipments use a PRO number of 9 to 11 digits.",
        "You can also see every order and its tracking link under My Account > Orders. An order marked Processing has not left the warehouse yet, so it has no tracking number; most in-stock pieces ship within 2 to 5 business days, made-to-order pieces when production finishes.",
        "Freight tracking updates less often than parcel tracking: a shipment may show no movement for a day or two while it waits at a terminal. That is normal. Once it reaches your local terminal, the carrier contacts you to confirm the slot you booked.",
    ]),
    ("HC-102", "How freight delivery works", ["freight", "delivery slot", "booking", "curbside"], [
        "Sofas, tables, beds, shelving and large rugs are delivered by an LTL freight carrier. Standard freight delivery is $89 per order and includes delivery to your door in a 4-hour slot that you book. The driver brings the pieces to your threshold or garage; they are not carried further or unpacked.",
        "When your order ships we send you a booking link by email and text. Open it, pick any available 4-hour window on the calendar (the earliest is usually 3 business days after shipping) and confirm. The evening before delivery you get a reminder with the window again.",
        "Someone 18 or older must be present to sign for the delivery. Please inspect the boxes before signing and write any visible damage on the delivery receipt.",
        "If you would like the pieces carried to the room of your choice, unpacked and assembled, choose white-glove delivery instead. See our article on white-glove delivery and assembly.",
    ]),
    ("HC-103", "Rescheduling your delivery slot", ["reschedule", "delivery slot", "freight", "change date"], [
        "Plans change, and you can move your freight delivery slot yourself. Open the booking link from your shipping email (or My Account > Orders > Manage delivery), choose Reschedule and pick a new 4-hour window.",
        "You can reschedule free of charge up to 48 hours before the start of your booked slot. Within 48 hours the carrier has already planned its route; you can still pick a new slot from the same page, but a $45 redelivery fee applies.",
        "If nobody is home during the booked slot the carrier returns the shipment to the terminal and you book a new slot through the same link; the $45 redelivery fee applies in that case too.",
        "Carriers hold a shipment at the terminal for up to 10 days. Please book or rebook within that time so your furniture does not have to be returned to us.",
    ]),
    ("HC-104", "White-glove delivery and assembly", ["white glove", "assembly", "delivery", "service"], [
        "White-glove delivery and assembly is a paid service: $149 per order, added at checkout. A two-person team carries your pieces into the room of your choice, unpacks them, assembles them and levels tables and bed frames.",
        "The team takes all packaging and cardboard away with them, so you are not left with boxes to break down.",
        "White-glove deliveries are booked the same way as freight: you receive a booking link when the order ships and choose a 4-hour slot. Please make sure the path to the room is clear and measure doorways and stairs beforehand.",
        "Assembly covers the furniture we deliver in that order. The team does not do electrical work, and hanging, wall anchoring or hardwiring is not part of the service.",
    ]),
    ("HC-105", "Returns and refunds", ["refund", "return", "policy", "30 days"], [
        "You can ask for a refund on a delivered order within 30 days of the date you placed it. The 30 days are counted from the order date, not the delivery date.",
        "Refunds go back to the original payment method. Once a refund is approved it usually appears on your card statement within 5 to 10 business days, depending on your bank. Affirm purchases are refunded to your Affirm loan.",
        "Cancelled orders are refunded automatically in full; you do not need to ask. Orders that have not been delivered yet cannot be refunded until they arrive.",
        "Items you have already sent back are settled by our returns team once the return reaches our warehouse, and they will email you when it is processed.",
    ]),
    ("HC-106", "Made-to-order pieces", ["made to order", "custom", "lead time", "fabric"], [
        "Made-to-order pieces are built for you after you order, in the fabric, wood or size you choose. Production takes 8 to 12 weeks, and then the piece ships by freight like any other furniture.",
        "Before production starts we email you a fabric or finish confirmation. Please approve it within 5 days; production begins the next business day after your approval.",
        "Made-to-order pieces follow the same refund policy as the rest of the shop: 30 days counted from the order date. Because production and delivery take longer than that, a made-to-order piece is in practice final sale once it has been delivered.",
        "We recommend ordering free fabric swatches before you commit to a made-to-order piece, so you can see the colour and texture in your own light.",
    ]),
    ("HC-107", "Cancelling an order", ["cancel", "cancellation", "order"], [
        "You can cancel an order yourself while its status is Processing. Go to My Account > Orders, open the order and choose Cancel order. You will get an email confirming the cancellation within a few minutes.",
        "A cancelled order is refunded in full automatically to the original payment method; you do not need to request the refund separately.",
        "Once an order has shipped it can no longer be cancelled. You can refuse nothing at the door; instead, accept the delivery and see our returns and refunds article.",
        "Made-to-order pieces can be cancelled the same way until you approve the fabric or finish confirmation. After approval, production has started and the Cancel order button is no longer shown.",
    ]),
    ("HC-108", "Changing your delivery address", ["address", "delivery address", "change", "shipping"], [
        "You can change the delivery address of an order yourself until it ships. Go to My Account > Orders, open the order and choose Edit delivery details. Save the new address and we will send you an updated confirmation.",
        "If the new address is in a different freight zone, the page shows the new delivery fee before you save.",
        "Once an order has shipped, the address is fixed with the carrier and the Edit delivery details option disappears.",
        "To avoid surprises, please check that the address you enter can take a freight truck and that doorways, stairs and elevators fit your pieces.",
    ]),
    ("HC-109", "Free fabric swatches", ["swatches", "fabric", "samples", "free"], [
        "Fabric swatches are free, including shipping. You can order up to 6 swatches at a time from any sofa or chair page by choosing Order free swatches.",
        "Swatches ship by USPS First-Class and usually arrive within 3 to 5 business days. Each swatch is about 4 by 4 inches, large enough to see the weave and colour.",
        "You do not need to return swatches; keep them. If you need more than 6, place a second swatch order once the first has shipped.",
        "Colours can vary slightly between dye lots. If you are ordering a made-to-order piece, the fabric confirmation we email before production shows the dye lot we will use.",
    ]),
    ("HC-110", "Caring for boucle and velvet upholstery", ["care", "boucle", "velvet", "upholstery", "cleaning"], [
        "Vacuum upholstery weekly with a soft brush attachment to lift dust from the weave. Fluff and rotate seat cushions every couple of weeks so they wear evenly.",
        "For spills, blot immediately with a clean white cloth; never rub. Our boucle and velvet fabrics are cleaning code S: use a water-free solvent upholstery cleaner, tested first on a hidden spot.",
        "Velvet can show pressure marks or crushed areas, especially in the first weeks. Hold a handheld steamer a few inches from the fabric and brush the pile gently in one direction; the marks lift as the pile recovers.",
        "Keep upholstered pieces out of direct sunlight where you can; strong sun fades velvet and boucle over time.",
    ]),
    ("HC-111", "Caring for solid wood tables", ["care", "wood", "oak", "walnut", "table", "rings"], [
        "Our oak and walnut tables are finished with a hardwax oil. Wipe them with a damp, well wrung cloth and dry them straight away; avoid all-purpose sprays and anything containing silicone.",
        "White rings from hot or wet glasses usually sit in the top layer of the oil. Rub the ring gently with a little of the maintenance oil included with your table, following the grain, and let it dry overnight.",
        "Re-oil the tabletop once or twice a year, or whenever it starts to look dry: a thin coat, left 15 minutes and then buffed off with a lint-free cloth.",
        "Solid wood moves with humidity. Small seasonal gaps at the breadboard ends are normal; keep tables away from radiators and heating vents.",
    ]),
    ("HC-112", "Rug care and shedding", ["rug", "care", "shedding", "wool", "jute"], [
        "New hand-knotted wool rugs shed loose fibres for the first weeks, sometimes a few months. This is normal and does not damage the rug; it slows down and stops as the loose fibres from production work their way out.",
        "Vacuum wool rugs with suction only, or with the beater bar switched off or raised, about once a week. Jute rugs are best vacuumed without a beater bar too, and should be kept dry: blot spills and never steam-clean jute.",
        "Rotate rugs every 6 months so that sun and foot traffic wear them evenly.",
        "A felt rug pad keeps a rug from slipping, protects the floor and makes the rug wear longer. Our 8x10 pad can be trimmed with scissors to fit smaller rugs.",
    ]),
    ("HC-113", "Choosing the right bulb for your lamp", ["bulb", "lamp", "wattage", "E26", "dimmer"], [
        "All our lamps take a standard E26 medium base bulb unless the product page says otherwise. Each lamp has a maximum wattage printed near the socket: the Arc floor lamp and the Ceramic table lamp take up to 60 W, the Hinge task lamp up to 40 W.",
        "We recommend LED bulbs of 2700K (warm white) for living rooms and bedrooms. An LED rated \"60 W equivalent\" uses only about 9 W, so it is well within every lamp's limit.",
        "The Arc floor lamp has an inline dimmer on the cord. If you use it, choose an LED bulb marked dimmable; a non-dimmable LED may flicker or buzz on a dimmer.",
        "The Paper lantern pendant works best with a globe-shaped bulb, which spreads the light evenly across the paper.",
    ]),
    ("HC-114", "Assembling your floor and pendant lamps", ["lamp", "assembly", "arc lamp", "pendant", "instructions"], [
        "The Arc floor lamp arrives in three pieces: the marble base, the two-part arc and the shade. Screw the lower arc firmly into the base, then join the upper arc until the locking ring clicks. If the arc leans or wobbles, the locking ring is not fully engaged: loosen it, push the sections together and tighten it again.",
        "Thread the cord through the clip under the base before you stand the lamp up, so the base sits flat on the floor.",
        "The Paper lantern pendant is a plug-in pendant: hang it from a ceiling hook with the included 15 ft cord and plug it into a wall socket. Open the paper shade by stretching the wire frame into place inside it.",
        "Printable assembly instructions for every lamp are on its product page under Downloads.",
    ]),
    ("HC-115", "Measuring for delivery", ["measure", "doorway", "stairs", "fit", "dimensions"], [
        "Before you order a large piece, measure the narrowest point on the way to its room: front door, hallways, stairwells and elevator doors. Write down the width and height of each opening.",
        "A sofa fits through a doorway when its depth (or its height, if it can be tilted on end) is smaller than the door's width. The Alden 3-seat sofa is 36 in deep and 31 in high, and needs a door at least 32 in wide. The Marlo loveseat is 34 in deep and fits through a 30 in door when tilted.",
        "Our sofas' legs unscrew, which gains you about 5 inches. Dining tables ship with their legs detached.",
        "Every product page lists the packed box dimensions as well as the assembled ones; use the box dimensions for stairs and elevators.",
    ]),
    ("HC-116", "Items damaged on arrival", ["damage", "damaged", "broken", "arrival", "claim"], [
        "We pack every piece carefully, but freight and parcels are sometimes handled roughly. If a box arrives visibly damaged, note it on the delivery receipt before you sign, even if the piece inside looks fine.",
        "If you find damage after unpacking, report it within 7 days of delivery through the Report a problem button on the order in My Account. Add photos of the damage, the box and the label.",
        "For most damage we send a replacement part (a leg, a shelf, a shade) or arrange a furniture technician to repair it at home, at no cost to you. When a piece cannot be repaired, we replace it.",
        "Please keep the damaged piece and its packaging until the claim is closed; the carrier may ask to inspect it.",
    ]),
    ("HC-117", "Payment methods and financing", ["payment", "financing", "Affirm", "credit card", "pay"], [
        "We accept Visa, Mastercard, American Express, Discover, Apple Pay, Google Pay and Hearth & Field gift cards.",
        "Orders over $500 can be paid with Affirm. Choose Affirm at checkout to see your offers: 0% APR for 12 months on orders over $1,000 for qualified buyers, or monthly installments over 3, 6 or 12 months. Affirm runs a soft credit check that does not affect your credit score.",
        "Your card is charged when the order is placed. For made-to-order pieces we charge the full amount at order as well.",
        "We do not accept checks, cash or bank wire for online orders.",
    ]),
    ("HC-118", "Promo codes and discounts", ["promo code", "discount", "coupon", "sale"], [
        "Enter a promo code in the Promo code field on the checkout page before you pay. The discount appears in the order summary straight away.",
        "Only one promo code can be used per order, and codes cannot be applied to an order after it has been placed.",
        "Promo codes do not apply to delivery fees, white-glove service or gift cards, unless the code says so.",
        "If a code is rejected, check its expiry date and minimum order value in the email it came with.",
    ]),
    ("HC-119", "Signing in and resetting your password", ["account", "password", "login", "sign in"], [
        "To sign in, choose Account at the top of any page and enter the email address you ordered with and your password.",
        "If you forgot your password, choose Forgot password on the sign-in page and enter your email address. We send a reset link that works for 60 minutes; only the newest link works.",
        "If the email does not arrive within a few minutes, check your spam or promotions folder and make sure you used the address you ordered with.",
        "You can also check out as a guest. Guest orders can later be added to an account created with the same email address.",
    ]),
    ("HC-120", "Invoices and sales tax", ["invoice", "receipt", "tax", "sales tax", "business"], [
        "A printable invoice for every order is available under My Account > Orders > Download invoice. It shows the items, the delivery and service fees, the sales tax and the payment method.",
        "We collect sales tax in every state where we deliver, at the rate for the delivery address. The tax appears as its own line at checkout and on the invoice.",
        "Businesses with a resale or tax-exemption certificate can join our trade program; tax-exempt status cannot be added to an order after it is placed.",
        "If you need the invoice addressed to a company, enter the company name in the billing address at checkout; it then appears on the invoice.",
    ]),
    ("HC-121", "Where we deliver", ["delivery area", "shipping", "states", "Alaska", "Hawaii"], [
        "We deliver furniture by freight to every address in the 48 contiguous United States, including rural addresses that a 48 ft truck can reach.",
        "Parcels (lamps, cushions, mirrors, small rugs and swatches) also ship to Alaska and Hawaii. Furniture and large rugs cannot ship there.",
        "Freight cannot be delivered to PO boxes or APO/FPO addresses. Parcels can go to PO boxes by USPS.",
        "If your address is on an island without road access or on a private road a truck cannot use, the carrier may ask you to meet them at the nearest accessible point.",
    ]),
    ("HC-122", "Delivery fees", ["delivery fee", "shipping cost", "freight", "parcel"], [
        "Parcel shipping is free on orders of $99 or more; below that it is a flat $9.",
        "Freight delivery is $89 per order, however many pieces the order holds, and includes a 4-hour slot that you book.",
        "White-glove delivery and assembly is $149 per order and replaces the freight fee.",
        "Fabric swatches always ship free. Delivery fees are shown at checkout before you pay.",
    ]),
    ("HC-123", "Warranty", ["warranty", "guarantee", "defect", "frame"], [
        "Sofa, chair and bed frames carry a 5-year warranty against defects in materials and workmanship. Upholstery fabric, cushions and foam carry a 1-year warranty.",
        "Lamps carry a 2-year warranty on their electrical parts (socket, switch, cord and dimmer).",
        "The warranty does not cover normal wear, fading from sun, damage from pets or misuse, or pieces used commercially unless bought through our trade program.",
        "To make a warranty claim, use Report a problem on the order in My Account with photos and a short description. We repair, send a replacement part or replace the piece.",
    ]),
    ("HC-124", "Visiting our showrooms", ["showroom", "store", "visit", "hours", "appointment"], [
        "You can see and sit on our sofas in our two showrooms: 1120 SE Division Street, Portland, Oregon, and 87 Wythe Avenue, Brooklyn, New York.",
        "Both showrooms are open Wednesday to Sunday, 11 am to 6 pm. They are closed Monday and Tuesday and on public holidays.",
        "Walk-ins are welcome. If you would like an hour with a design advisor, book a free appointment from the Showrooms page.",
        "Showrooms display pieces and swatches; they do not hold stock, so every order placed there is delivered from our warehouse.",
    ]),
    ("HC-125", "Trade program for designers", ["trade", "designer", "discount", "business"], [
        "Interior designers, architects and stagers can join the Hearth & Field trade program for 15% off every order, a dedicated trade advisor and tax-exempt purchasing with a valid certificate.",
        "Apply on the Trade page with your business name, website or portfolio, and resale certificate if you have one. Applications are reviewed within 3 business days.",
        "Once approved, sign in with your trade account and the discount is applied automatically at checkout.",
        "The trade discount cannot be applied to orders placed before your account was approved.",
    ]),
    ("HC-126", "Gift cards", ["gift card", "gift", "balance"], [
        "Hearth & Field gift cards are digital and are emailed to the recipient on the date you choose. They come in amounts from $25 to $1,000.",
        "Gift cards never expire and have no fees. Check your balance on the Gift cards page with the card number and PIN.",
        "You can use several gift cards on one order, together with a credit card for the rest.",
        "Gift cards cannot be exchanged for cash and cannot be used to buy other gift cards.",
    ]),
]
