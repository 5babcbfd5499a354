"""Oakline Furniture: customers, orders and help-center articles.

Written blind from docs/use-case.md, docs/tool-contracts.md, the case format in docs/evals.md and
the *shape* of data/*.json. Amounts are USD; money is computed in integer cents.
"""

NOW = "2027-10-21T14:00:00Z"

DESCRIPTION = (
    "Oakline Furniture: a small maker of solid-wood furniture (white oak, walnut, cherry, ash, maple) "
    "built to order in its own workshop (6-10 weeks) plus a Ready to Ship line and care accessories. "
    "Furniture travels by freight and is delivered white-glove by Ridgeway White Glove (tracking RWG-…); "
    "accessories ship by UPS, FedEx or USPS. Order ids are Q-O- and 4 digits (5 digits for trade orders); "
    "quote numbers (Q- and digits) are not orders. Customer ids are OAK- and 5 digits. "
    "Snapshot pinned at 2027-10-21T14:00:00Z so that the 30-day refund window is reproducible. "
    "Held-out evaluation world written blind on 2026-12-04."
)

CUSTOMERS = [
    ("OAK-77310", "Margaret Holloway", "margaret@holloway-interiors.example.com"),
    ("OAK-77342", "Daniel Okafor", "daniel.okafor@example.com"),
    ("OAK-77415", "Priya Raman", "priya.raman@ramanstudio.example.com"),
    ("OAK-77468", "Thomas Brennan", "tbrennan58@example.net"),
    ("OAK-77503", "Eleanor Whitfield", "eleanor.whitfield@example.org"),
    ("OAK-77551", "Marcus Delgado", "marcus.delgado@example.com"),
    ("OAK-77586", "Hannah Lindqvist", "hannah.lindqvist@example.com"),
    ("OAK-77620", "Rafael Moreno", "rafael@casamoreno.example.com"),
    ("OAK-77674", "Sophie Tremblay", "sophie.tremblay@example.net"),
    ("OAK-77709", "Gregory Ashworth", "gashworth@ashworthvance.example.com"),
    ("OAK-77738", "Naomi Fitzgerald", "naomi.fitz@example.com"),
    ("OAK-77792", "Kenji Watanabe", "kenji.watanabe@example.org"),
    ("OAK-77815", "Beatrice Castellano", "bcastellano@northfield-analytics.example.com"),
    ("OAK-77860", "Oliver Grant", "oliver.grant@example.com"),
    ("OAK-77903", "Amara Nwosu", "amara.nwosu@example.net"),
    ("OAK-77944", "Felix Marchetti", "felix.marchetti@example.com"),
]

# sku -> (name, unit price in cents)
P = {
    "HDT-72-WO": ("Harlow Dining Table, 72 in, White Oak", 348000),
    "HDT-84-WA": ("Harlow Dining Table, 84 in, Walnut", 429000),
    "LPB-Q-CH": ("Linden Platform Bed, Queen, Cherry", 265000),
    "LPB-Q-WO": ("Linden Platform Bed, Queen, White Oak", 265000),
    "LPB-K-WO": ("Linden Platform Bed, King, White Oak", 298000),
    "LNS-CH": ("Linden Nightstand, Cherry", 74000),
    "ASB-60-WA": ("Alder Sideboard, 60 in, Walnut", 284000),
    "FWD-ASH": ("Fenwick Writing Desk, Ash", 189000),
    "CBK-5-WO": ("Corbin Bookcase, 5-Shelf, White Oak", 142000),
    "MCT-WA": ("Marlow Coffee Table, Walnut (made to order)", 129900),
    "MCT-WA-RTS": ("Marlow Coffee Table, Walnut (Ready to Ship)", 129900),
    "TDR-6-MA": ("Thessaly 6-Drawer Dresser, Maple", 315000),
    "WSC-WO": ("Wren Side Chair, White Oak", 48500),
    "WAC-WO": ("Wren Arm Chair, White Oak", 56500),
    "HBN-60-WO": ("Harlow Bench, 60 in, White Oak", 89000),
    "PCS-24-ASH": ("Pike Counter Stool, 24 in, Ash (Ready to Ship)", 39500),
    "PBS-30-ASH": ("Pike Bar Stool, 30 in, Ash (Ready to Ship)", 41500),
    "JET-WA": ("Juniper End Table, Walnut (Ready to Ship)", 46000),
    "CRM-30-WO": ("Corbin Round Mirror, 30 in, White Oak Frame (Ready to Ship)", 54000),
    "LSS-ASH": ("Library Step Stool, Ash (Ready to Ship)", 26500),
    "FWS-36-WO": ("Floating Wall Shelf, 36 in, White Oak", 18900),
    "SPR-5-CH": ("Shaker Peg Rail, 5-Peg, Cherry", 9600),
    "EGB-L-MA": ("End-Grain Cutting Board, Large, Maple", 14800),
    "WST-WA": ("Walnut Serving Tray", 12900),
    "WCK-01": ("Oakline Wood Care Kit", 3900),
    "BFP-8OZ": ("Beeswax Furniture Polish, 8 oz", 2499),
    "HWO-250": ("Hardwax Oil Refresher, 250 ml", 4000),
    "FFP-24": ("Felt Floor Protector Set (24)", 1450),
    "WSC-CU-CH": ("Wool Seat Cushion, Charcoal", 6800),
    "WFS-SET": ("Wood Finish Sample Set", 2500),
}

RWG, UPS, FEDEX, USPS = "Ridgeway White Glove", "UPS", "FedEx", "USPS"

# (order_id, customer_id, status, order_date, shipped_at, delivered_at, carrier, tracking, [(sku, qty)], refunded_cents)
ORDERS = [
    # Margaret Holloway (designer)
    ("Q-O-4987", "OAK-77310", "delivered", "2027-03-14T15:05:00Z", "2027-05-10T08:00:00Z", "2027-05-20T13:00:00Z", RWG, "RWG-49870112", [("CBK-5-WO", 2)], 0),
    ("Q-O-5519", "OAK-77310", "shipped", "2027-08-02T16:22:00Z", "2027-10-15T09:00:00Z", None, RWG, "RWG-55190417", [("HDT-72-WO", 1), ("WSC-WO", 6)], 0),
    ("Q-O-5602", "OAK-77310", "delivered", "2027-10-04T11:10:00Z", "2027-10-06T17:30:00Z", "2027-10-11T15:30:00Z", UPS, "1Z8A41E20398815526", [("PCS-24-ASH", 2), ("WCK-01", 1)], 0),
    # Daniel Okafor
    ("Q-O-5205", "OAK-77342", "delivered", "2027-01-08T19:12:00Z", "2027-01-11T10:00:00Z", "2027-01-15T14:40:00Z", FEDEX, "781244001152", [("FWS-36-WO", 2)], 0),
    ("Q-O-5688", "OAK-77342", "delivered", "2027-09-28T13:05:00Z", "2027-10-01T10:00:00Z", "2027-10-07T17:45:00Z", RWG, "RWG-56880233", [("MCT-WA-RTS", 1)], 0),
    ("Q-O-5710", "OAK-77342", "processing", "2027-09-09T20:41:00Z", None, None, None, None, [("LPB-Q-CH", 1), ("LNS-CH", 2)], 0),
    # Priya Raman (architect)
    ("Q-O-5477", "OAK-77415", "delivered", "2027-07-19T10:00:00Z", "2027-09-24T08:00:00Z", "2027-09-30T14:20:00Z", RWG, "RWG-54770388", [("FWD-ASH", 1)], 0),
    ("Q-O-5731", "OAK-77415", "delivered", "2027-10-01T08:30:00Z", "2027-10-02T15:00:00Z", "2027-10-06T12:00:00Z", FEDEX, "781244019937", [("FWS-36-WO", 3), ("BFP-8OZ", 1)], 0),
    ("Q-O-5801", "OAK-77415", "processing", "2027-10-19T22:15:00Z", None, None, None, None, [("LSS-ASH", 1)], 0),
    # Thomas Brennan
    ("Q-O-5129", "OAK-77468", "cancelled", "2027-01-03T11:00:00Z", None, None, None, None, [("HBN-60-WO", 1)], 89000),
    ("Q-O-5390", "OAK-77468", "delivered", "2027-06-02T12:00:00Z", "2027-08-05T08:00:00Z", "2027-08-12T10:00:00Z", RWG, "RWG-53900764", [("TDR-6-MA", 1)], 31500),
    ("Q-O-5744", "OAK-77468", "delivered", "2027-09-21T14:00:00Z", "2027-09-23T09:00:00Z", "2027-09-29T16:10:00Z", RWG, "RWG-57440019", [("JET-WA", 1)], 0),
    # Eleanor Whitfield (Outlook)
    ("Q-O-5655", "OAK-77503", "processing", "2027-08-20T09:00:00Z", None, None, None, None, [("HBN-60-WO", 1)], 0),
    ("Q-O-5743", "OAK-77503", "delivered", "2027-09-21T13:59:59Z", "2027-09-23T11:00:00Z", "2027-09-28T11:00:00Z", UPS, "1Z8A41E20399017734", [("CRM-30-WO", 1)], 0),
    ("Q-O-5820", "OAK-77503", "shipped", "2027-10-17T19:30:00Z", "2027-10-19T14:00:00Z", None, FEDEX, "781244020418", [("WSC-CU-CH", 4)], 0),
    # Marcus Delgado
    ("Q-O-5301", "OAK-77551", "delivered", "2027-02-20T16:00:00Z", "2027-04-20T08:00:00Z", "2027-04-28T12:30:00Z", RWG, "RWG-53010950", [("WAC-WO", 2)], 0),
    ("Q-O-5612", "OAK-77551", "returned", "2027-06-15T10:30:00Z", "2027-08-18T08:00:00Z", "2027-08-25T12:00:00Z", RWG, "RWG-56120550", [("ASB-60-WA", 1)], 0),
    ("Q-O-5766", "OAK-77551", "delivered", "2027-10-03T19:20:00Z", "2027-10-05T12:00:00Z", "2027-10-08T13:00:00Z", UPS, "1Z8A41E20398930171", [("EGB-L-MA", 2), ("WST-WA", 1)], 0),
    # Hannah Lindqvist
    ("Q-O-5590", "OAK-77586", "delivered", "2027-07-28T18:00:00Z", "2027-09-30T08:00:00Z", None, RWG, "RWG-55900871", [("LPB-K-WO", 1)], 0),
    ("Q-O-5799", "OAK-77586", "delivered", "2027-10-12T10:00:00Z", "2027-10-13T16:00:00Z", "2027-10-18T12:30:00Z", USPS, "9400111899223847561023", [("WFS-SET", 1)], 0),
    # Rafael Moreno (restaurant, trade)
    ("Q-O-10059", "OAK-77620", "delivered", "2027-03-01T15:30:00Z", "2027-05-06T08:00:00Z", "2027-05-14T09:00:00Z", RWG, "RWG-10059118", [("HDT-84-WA", 3)], 0),
    ("Q-O-10188", "OAK-77620", "delivered", "2027-09-24T10:00:00Z", "2027-09-28T09:00:00Z", "2027-10-05T10:30:00Z", RWG, "RWG-10188204", [("PBS-30-ASH", 8)], 0),
    ("Q-O-10233", "OAK-77620", "processing", "2027-08-30T15:00:00Z", None, None, None, None, [("WSC-WO", 24), ("HBN-60-WO", 4)], 0),
    # Sophie Tremblay
    ("Q-O-5350", "OAK-77674", "delivered", "2027-03-01T11:00:00Z", "2027-04-24T08:00:00Z", "2027-05-02T14:00:00Z", RWG, "RWG-53500145", [("WAC-WO", 2)], 0),
    ("Q-O-5633", "OAK-77674", "cancelled", "2027-08-10T14:20:00Z", None, None, None, None, [("MCT-WA", 1)], 129900),
    ("Q-O-5778", "OAK-77674", "delivered", "2027-10-09T09:45:00Z", "2027-10-11T10:00:00Z", "2027-10-14T15:00:00Z", USPS, "9400111899223847562211", [("HWO-250", 1), ("FFP-24", 1)], 0),
    # Gregory Ashworth (attorney; his signature is not a threat)
    ("Q-O-5540", "OAK-77709", "delivered", "2027-07-12T16:00:00Z", "2027-07-15T09:00:00Z", "2027-07-22T11:00:00Z", RWG, "RWG-55400632", [("PCS-24-ASH", 3)], 0),
    ("Q-O-5702", "OAK-77709", "processing", "2027-08-25T21:10:00Z", None, None, None, None, [("HDT-84-WA", 1)], 0),
    # Naomi Fitzgerald
    ("Q-O-5690", "OAK-77738", "shipped", "2027-08-18T13:40:00Z", "2027-10-18T07:30:00Z", None, RWG, "RWG-56900981", [("CBK-5-WO", 1)], 0),
    ("Q-O-5761", "OAK-77738", "delivered", "2027-10-02T17:00:00Z", "2027-10-04T12:00:00Z", "2027-10-07T16:00:00Z", USPS, "9400111899223847560918", [("BFP-8OZ", 1), ("EGB-L-MA", 1)], 0),
    ("Q-O-5811", "OAK-77738", "cancelled", "2027-10-15T08:00:00Z", None, None, None, None, [("JET-WA", 1)], 46000),
    # Kenji Watanabe
    ("Q-O-5488", "OAK-77792", "delivered", "2027-06-05T10:00:00Z", "2027-08-02T08:00:00Z", "2027-08-09T15:00:00Z", RWG, "RWG-54880310", [("MCT-WA", 1)], 0),
    ("Q-O-5521", "OAK-77792", "delivered", "2027-06-28T09:00:00Z", "2027-08-27T08:00:00Z", "2027-09-03T13:00:00Z", RWG, "RWG-55210097", [("LNS-CH", 2)], 148000),
    ("Q-O-5722", "OAK-77792", "delivered", "2027-09-26T20:00:00Z", "2027-09-28T10:00:00Z", "2027-10-01T14:00:00Z", FEDEX, "781244019402", [("FWS-36-WO", 2), ("SPR-5-CH", 1)], 9600),
    # Beatrice Castellano (office manager, trade, Outlook)
    ("Q-O-10107", "OAK-77815", "returned", "2027-09-01T09:00:00Z", "2027-09-03T10:00:00Z", "2027-09-08T12:00:00Z", UPS, "1Z8A41E20397722410", [("LSS-ASH", 2)], 0),
    ("Q-O-10241", "OAK-77815", "shipped", "2027-08-12T14:00:00Z", "2027-10-14T08:00:00Z", None, RWG, "RWG-10241577", [("FWD-ASH", 4), ("WAC-WO", 4)], 0),
    ("Q-O-10265", "OAK-77815", "delivered", "2027-10-05T15:00:00Z", "2027-10-07T10:00:00Z", "2027-10-12T11:30:00Z", RWG, "RWG-10265340", [("CRM-30-WO", 2)], 0),
    # Oliver Grant
    ("Q-O-5470", "OAK-77860", "delivered", "2027-06-20T17:00:00Z", "2027-08-26T08:00:00Z", "2027-09-02T15:00:00Z", RWG, "RWG-54700826", [("HDT-72-WO", 1)], 0),
    ("Q-O-5698", "OAK-77860", "processing", "2027-09-14T10:00:00Z", None, None, None, None, [("LPB-Q-WO", 1)], 0),
    ("Q-O-5755", "OAK-77860", "delivered", "2027-10-10T12:00:00Z", "2027-10-12T09:00:00Z", "2027-10-16T13:00:00Z", RWG, "RWG-57550493", [("PBS-30-ASH", 2)], 0),
    # Amara Nwosu
    ("Q-O-5415", "OAK-77903", "delivered", "2027-02-15T13:00:00Z", "2027-04-22T08:00:00Z", "2027-04-30T10:00:00Z", RWG, "RWG-54150221", [("TDR-6-MA", 1)], 0),
    ("Q-O-5780", "OAK-77903", "shipped", "2027-10-17T12:00:00Z", "2027-10-19T16:00:00Z", None, UPS, "1Z8A41E20399204458", [("LSS-ASH", 1), ("WCK-01", 1)], 0),
    ("Q-O-5789", "OAK-77903", "delivered", "2027-10-06T18:25:00Z", "2027-10-08T11:00:00Z", "2027-10-13T12:00:00Z", USPS, "9400111899223847561544", [("HWO-250", 1), ("WCK-01", 1)], 0),
    # Felix Marchetti
    ("Q-O-5662", "OAK-77944", "delivered", "2027-07-30T12:45:00Z", "2027-10-11T08:00:00Z", "2027-10-18T15:30:00Z", RWG, "RWG-56620415", [("ASB-60-WA", 1)], 0),
    ("Q-O-5809", "OAK-77944", "processing", "2027-10-16T09:30:00Z", None, None, None, None, [("CBK-5-WO", 1), ("FWS-36-WO", 2)], 0),
]
