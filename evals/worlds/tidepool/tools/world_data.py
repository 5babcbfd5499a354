"""Tidepool Aquatics: the shop's data, written by hand, emitted by build.py.

Everything here is authored from the written policy only (docs/use-case.md,
docs/tool-contracts.md) and the *shape* of the fixture world's data files.
"""

NOW = "2027-04-18T16:00:00Z"

DESCRIPTION = (
    "Tidepool Aquatics: a small US online shop for aquarium and fish-keeping supplies "
    "(glass tanks, stands, filters, heaters, LED lights, CO2, live plants, substrate, "
    "hardscape, test kits, water conditioners, food, reef salt). No live fish or other "
    "livestock is sold. Ships from Asheville, NC; parcels by USPS, UPS and FedEx, tanks of "
    "40 gallons or more and stands by Estes Express LTL freight. Order ids are Shopify-style "
    "order names (#10289 ... #10416, with the hash), customer ids look like cus_7Hq2Lm, "
    "help-center article ids HC-101 ... HC-123. A held-out evaluation world written blind "
    "from the policy docs; pinned to one instant so refund eligibility is reproducible."
)

# customer key -> (customer_id, name, email)
CUSTOMERS = {
    "marisol": ("cus_7Hq2Lm", "Marisol Ortega", "marisol.ortega@example.com"),
    "derek":   ("cus_K3vP9d", "Derek Lindqvist", "dlindqvist@example.net"),
    "priya":   ("cus_Q8wN4z", "Priya Raghunathan", "priya.r@example.org"),
    "tom":     ("cus_b2TxR7", "Tom Feeney", "tfeeney.reef@example.com"),
    "hannah":  ("cus_M5jYc1", "Hannah Okafor", "hannah.okafor@example.net"),
    "walt":    ("cus_Zr6Ke3", "Walt Kowalczyk", "walt.k@example.com"),
    "aiyana":  ("cus_4pLs8V", "Aiyana Brooks", "aiyana.brooks@example.org"),
    "giulia":  ("cus_Ht9dQ2", "Giulia Benedetti", "giulia.benedetti@example.com"),
    "kenji":   ("cus_x7Fm3B", "Kenji Watanabe", "kenji.watanabe@example.net"),
    "rosa":    ("cus_Ne2gW6", "Rosa Delgado-Pratt", "rosa.dp@example.org"),
    "brandon": ("cus_Uy5cJ8", "Brandon Mitchell", "bmitchell@example.com"),
    "lena":    ("cus_d9RkT4", "Lena Hoffmann", "lena.hoffmann@example.net"),
    "sam":     ("cus_P1zVh5", "Sam Achterberg", "sam.achterberg@example.org"),
    "chloe":   ("cus_g6LbX0", "Chlo\u00e9 Martin", "chloe.martin@example.com"),
    "lan":     ("cus_Vw3nA7", "Nguy\u1ec5n Th\u1ecb Lan", "lan.nguyen@example.net"),
    "mikko":   ("cus_Ef8sK2", "Mikko Virtanen", "mikko.virtanen@example.org"),
}

# sku -> (name, unit price in USD as a string, to keep cents exact)
PRODUCTS = {
    "TNK-20L":      ("Clearwater 20 Gallon Long Rimless Aquarium", "189.00"),
    "TNK-10C":      ("Clearwater Nano Cube 10 Gallon", "79.99"),
    "TNK-40B":      ("40 Gallon Breeder Aquarium, Low-Iron Glass", "329.00"),
    "TNK-75R":      ("Reef-Ready 75 Gallon Aquarium & Cabinet Combo", "1299.00"),
    "STD-40B":      ("Pine Aquarium Stand for 40 Breeder", "179.00"),
    "FLT-HOB50":    ("CurrentFlow HOB 50 Hang-on-Back Filter", "44.99"),
    "FLT-ABY350":   ("Abyss 350 Canister Filter", "159.00"),
    "FLT-SPNG-M":   ("Double Sponge Filter, Medium", "12.49"),
    "HTR-TG100":    ("ThermoGuard 100W Adjustable Heater", "32.99"),
    "HTR-TG200":    ("ThermoGuard 200W Titanium Heater", "54.00"),
    "TST-MASTER":   ("Freshwater Master Test Kit (800 tests)", "34.99"),
    "TST-KHGH":     ("KH & GH Drop Test Kit", "11.99"),
    "PLT-ANUB-DW":  ("Anubias Nana on Driftwood (live plant)", "18.99"),
    "PLT-JAVA":     ("Java Fern 'Windelov', Potted (live plant)", "9.99"),
    "PLT-MONTE-TC": ("Monte Carlo Tissue Culture Cup (live plant)", "8.49"),
    "PLT-BUNDLE10": ("Beginner Live Plant Bundle, 10 plants", "39.00"),
    "FD-FLAKE4":    ("Tropical Flake Food, 4 oz", "7.99"),
    "FD-BLDWM":     ("Freeze-Dried Bloodworms, 1.5 oz", "6.49"),
    "FD-ALGWAF":    ("Sinking Algae Wafers, 8 oz", "12.99"),
    "LGT-LUMA24":   ("Luma 24\" Full-Spectrum LED Light", "89.00"),
    "LGT-LUMA36":   ("Luma 36\" Full-Spectrum LED Light", "119.00"),
    "CO2-KIT2":     ("Pressurized CO2 Starter Kit, 2 lb Cylinder (ships empty)", "249.00"),
    "SUB-AQS9":     ("AquaSoil Plant Substrate, 9 L", "42.00"),
    "SUB-BSAND20":  ("Black Sand Substrate, 20 lb", "24.99"),
    "CND-DECHL16":  ("Dechlorinator Water Conditioner, 16 oz", "11.49"),
    "CND-BACT8":    ("Nitrifying Bacteria Starter, 8 oz", "16.99"),
    "HRD-SPIDER-M": ("Spider Wood Driftwood, Medium", "27.50"),
    "HRD-SEIRYU10": ("Seiryu Stone, 10 lb Box", "38.00"),
    "MNT-GRVAC":    ("Gravel Vacuum & Siphon", "19.99"),
    "MNT-SCRAPER":  ("Magnetic Algae Scraper", "14.99"),
    "TLS-SCAPE5":   ("Aquascaping Tool Set, 5 pc", "40.00"),
    "SW-SALT50":    ("Reef Salt Mix, 50 Gallon Bag", "24.99"),
    "SW-REFRAC":    ("Salinity Refractometer with ATC", "29.99"),
    "SW-SKIM":      ("Protein Skimmer PS-120", "179.00"),
    "FERT-ROOT":    ("Root Tabs, 40 ct", "9.49"),
    "AIR-PUMP":     ("Quiet Air Pump, Dual Outlet", "21.99"),
}

# order_id -> dict(customer, status, order_date, shipped_at, delivered_at, carrier, tracking,
#                  items [(sku, qty)], refunded (string USD))
ORDERS = {
    "#10289": dict(customer="hannah", status="delivered", order_date="2027-01-30T13:05:44Z",
                   shipped_at="2027-01-31T18:20:00Z", delivered_at="2027-02-03T19:02:00Z",
                   carrier="USPS", tracking="9400111206213379284105",
                   items=[("SW-REFRAC", 1)], refunded="29.99"),
    "#10298": dict(customer="marisol", status="delivered", order_date="2027-02-11T19:22:10Z",
                   shipped_at="2027-02-12T21:05:00Z", delivered_at="2027-02-16T18:40:00Z",
                   carrier="UPS", tracking="1Z4T7A390312458801",
                   items=[("TNK-20L", 1), ("SUB-BSAND20", 2)], refunded="0.00"),
    "#10301": dict(customer="tom", status="returned", order_date="2027-02-20T15:48:00Z",
                   shipped_at="2027-02-22T20:10:00Z", delivered_at="2027-02-25T17:30:00Z",
                   carrier="FedEx", tracking="771203901122",
                   items=[("FLT-ABY350", 1)], refunded="0.00"),
    "#10304": dict(customer="rosa", status="delivered", order_date="2027-02-24T02:17:39Z",
                   shipped_at="2027-02-24T21:40:00Z", delivered_at="2027-02-27T16:12:00Z",
                   carrier="USPS", tracking="9400111206213380012247",
                   items=[("LGT-LUMA24", 1)], refunded="0.00"),
    "#10310": dict(customer="giulia", status="returned", order_date="2027-02-28T18:30:00Z",
                   shipped_at="2027-03-01T19:00:00Z", delivered_at="2027-03-04T15:20:00Z",
                   carrier="UPS", tracking="1Z4T7A390312459342",
                   items=[("HTR-TG100", 1), ("TST-KHGH", 1)], refunded="44.98"),
    "#10318": dict(customer="kenji", status="delivered", order_date="2027-03-05T16:44:21Z",
                   shipped_at="2027-03-08T20:00:00Z", delivered_at="2027-03-11T18:45:00Z",
                   carrier="FedEx", tracking="771203912876",
                   items=[("FLT-ABY350", 1)], refunded="0.00"),
    "#10326": dict(customer="aiyana", status="delivered", order_date="2027-03-10T23:55:00Z",
                   shipped_at="2027-03-11T20:00:00Z", delivered_at="2027-03-15T17:10:00Z",
                   carrier="UPS", tracking="1Z4T7A390312460019",
                   items=[("SW-SKIM", 1)], refunded="0.00"),
    "#10330": dict(customer="lena", status="delivered", order_date="2027-03-12T14:20:00Z",
                   shipped_at="2027-03-15T19:30:00Z", delivered_at="2027-03-18T16:55:00Z",
                   carrier="USPS", tracking="9400111206213381177420",
                   items=[("HTR-TG200", 1), ("FERT-ROOT", 1)], refunded="0.00"),
    "#10333": dict(customer="walt", status="delivered", order_date="2027-03-14T21:02:00Z",
                   shipped_at="2027-03-15T20:10:00Z", delivered_at="2027-03-18T15:40:00Z",
                   carrier="UPS", tracking="1Z4T7A390312460508",
                   items=[("TST-MASTER", 1), ("CND-DECHL16", 1)], refunded="0.00"),
    # one second past the 30-day window at NOW
    "#10339": dict(customer="priya", status="delivered", order_date="2027-03-19T15:59:59Z",
                   shipped_at="2027-03-22T19:30:00Z", delivered_at="2027-03-25T16:05:00Z",
                   carrier="UPS", tracking="1Z4T7A390312461120",
                   items=[("TST-MASTER", 1), ("TST-KHGH", 1)], refunded="0.00"),
    # exactly 30 days before NOW: still eligible
    "#10340": dict(customer="derek", status="delivered", order_date="2027-03-19T16:00:00Z",
                   shipped_at="2027-03-22T19:45:00Z", delivered_at="2027-03-24T17:50:00Z",
                   carrier="USPS", tracking="9405511206213345678901",
                   items=[("LGT-LUMA36", 1)], refunded="0.00"),
    "#10344": dict(customer="sam", status="delivered", order_date="2027-03-20T11:00:00Z",
                   shipped_at="2027-03-22T18:15:00Z", delivered_at="2027-03-25T19:20:00Z",
                   carrier="UPS", tracking="1Z4T7A390312461544",
                   items=[("LGT-LUMA24", 1)], refunded="0.00"),
    "#10346": dict(customer="brandon", status="cancelled", order_date="2027-03-20T12:12:00Z",
                   shipped_at=None, delivered_at=None, carrier=None, tracking=None,
                   items=[("AIR-PUMP", 1), ("FLT-SPNG-M", 2)], refunded="46.97"),
    "#10350": dict(customer="walt", status="delivered", order_date="2027-03-22T20:14:48Z",
                   shipped_at="2027-03-23T19:00:00Z", delivered_at="2027-03-26T15:42:00Z",
                   carrier="UPS", tracking="1Z4T7A390312461873",
                   items=[("TNK-10C", 1), ("HTR-TG100", 1), ("FLT-HOB50", 1), ("FD-FLAKE4", 1)],
                   refunded="0.00"),
    "#10355": dict(customer="chloe", status="delivered", order_date="2027-03-24T09:41:00Z",
                   shipped_at="2027-03-24T20:15:00Z", delivered_at="2027-03-29T14:03:00Z",
                   carrier="USPS", tracking="9400111206213382230918",
                   items=[("PLT-BUNDLE10", 1), ("FERT-ROOT", 1)], refunded="0.00"),
    "#10356": dict(customer="priya", status="cancelled", order_date="2027-03-26T01:33:00Z",
                   shipped_at=None, delivered_at=None, carrier=None, tracking=None,
                   items=[("LGT-LUMA24", 1)], refunded="89.00"),
    "#10360": dict(customer="giulia", status="delivered", order_date="2027-03-27T17:25:00Z",
                   shipped_at="2027-03-29T18:00:00Z", delivered_at="2027-04-01T16:40:00Z",
                   carrier="FedEx", tracking="771203925540",
                   items=[("LGT-LUMA36", 1), ("SUB-AQS9", 2), ("HRD-SPIDER-M", 1)],
                   refunded="0.00"),
    # delivered, but the freight carrier never reported a delivery date
    "#10365": dict(customer="tom", status="delivered", order_date="2027-03-29T17:45:00Z",
                   shipped_at="2027-03-30T19:10:00Z", delivered_at=None,
                   carrier="Estes Express", tracking="0412883190",
                   items=[("TNK-40B", 1)], refunded="0.00"),
    "#10368": dict(customer="brandon", status="delivered", order_date="2027-03-30T15:20:00Z",
                   shipped_at="2027-04-01T20:00:00Z", delivered_at="2027-04-06T18:30:00Z",
                   carrier="Estes Express", tracking="0412884417",
                   items=[("TNK-75R", 1)], refunded="0.00"),
    "#10371": dict(customer="hannah", status="delivered", order_date="2027-03-31T19:50:00Z",
                   shipped_at="2027-04-01T19:05:00Z", delivered_at="2027-04-03T16:22:00Z",
                   carrier="USPS", tracking="9400111206213383349926",
                   items=[("LGT-LUMA24", 1), ("PLT-MONTE-TC", 3)], refunded="25.47"),
    "#10377": dict(customer="marisol", status="delivered", order_date="2027-04-02T14:08:33Z",
                   shipped_at="2027-04-02T21:00:00Z", delivered_at="2027-04-06T16:25:00Z",
                   carrier="FedEx", tracking="771203948812",
                   items=[("FLT-ABY350", 1), ("HTR-TG200", 1), ("CND-DECHL16", 2)],
                   refunded="0.00"),
    "#10381": dict(customer="aiyana", status="delivered", order_date="2027-04-05T12:00:00Z",
                   shipped_at="2027-04-05T20:30:00Z", delivered_at="2027-04-08T17:15:00Z",
                   carrier="USPS", tracking="9400111206213384407713",
                   items=[("SW-SALT50", 2), ("SW-REFRAC", 1)], refunded="0.00"),
    "#10385": dict(customer="kenji", status="delivered", order_date="2027-04-06T08:27:00Z",
                   shipped_at="2027-04-06T20:00:00Z", delivered_at="2027-04-09T18:10:00Z",
                   carrier="UPS", tracking="1Z4T7A390312463305",
                   items=[("CO2-KIT2", 1), ("LGT-LUMA24", 1)], refunded="0.00"),
    "#10386": dict(customer="sam", status="delivered", order_date="2027-04-07T13:13:00Z",
                   shipped_at="2027-04-07T21:00:00Z", delivered_at="2027-04-10T16:00:00Z",
                   carrier="USPS", tracking="9400111206213384815532",
                   items=[("TLS-SCAPE5", 1)], refunded="0.00"),
    "#10389": dict(customer="derek", status="shipped", order_date="2027-04-08T11:12:00Z",
                   shipped_at="2027-04-14T20:30:00Z", delivered_at=None,
                   carrier="USPS", tracking="9405511206213349012345",
                   items=[("CO2-KIT2", 1)], refunded="0.00"),
    "#10392": dict(customer="rosa", status="delivered", order_date="2027-04-09T16:02:00Z",
                   shipped_at="2027-04-09T21:00:00Z", delivered_at="2027-04-13T15:27:00Z",
                   carrier="USPS", tracking="9400111206213385120068",
                   items=[("TST-MASTER", 1)], refunded="0.00"),
    "#10393": dict(customer="chloe", status="delivered", order_date="2027-04-09T19:40:00Z",
                   shipped_at="2027-04-12T19:00:00Z", delivered_at="2027-04-15T16:48:00Z",
                   carrier="UPS", tracking="1Z4T7A390312464021",
                   items=[("TLS-SCAPE5", 1), ("HRD-SEIRYU10", 1)], refunded="0.00"),
    "#10395": dict(customer="tom", status="shipped", order_date="2027-04-10T15:00:00Z",
                   shipped_at="2027-04-12T20:40:00Z", delivered_at=None,
                   carrier="FedEx", tracking="771203951234",
                   items=[("HRD-SPIDER-M", 1), ("HRD-SEIRYU10", 1)], refunded="0.00"),
    "#10397": dict(customer="aiyana", status="shipped", order_date="2027-04-11T10:05:00Z",
                   shipped_at="2027-04-13T19:55:00Z", delivered_at=None,
                   carrier="UPS", tracking="1Z4T7A390312464650",
                   items=[("SW-SALT50", 1), ("FD-ALGWAF", 1)], refunded="0.00"),
    "#10398": dict(customer="lena", status="delivered", order_date="2027-04-10T18:48:00Z",
                   shipped_at="2027-04-12T20:00:00Z", delivered_at="2027-04-15T17:33:00Z",
                   carrier="USPS", tracking="9400111206213385633390",
                   items=[("SUB-BSAND20", 1), ("MNT-SCRAPER", 1), ("MNT-GRVAC", 1)],
                   refunded="0.00"),
    "#10399": dict(customer="mikko", status="shipped", order_date="2027-04-12T07:00:00Z",
                   shipped_at="2027-04-13T19:20:00Z", delivered_at=None,
                   carrier="USPS", tracking="9400111206213385700041",
                   items=[("TNK-10C", 1)], refunded="0.00"),
    "#10401": dict(customer="brandon", status="shipped", order_date="2027-04-12T21:30:00Z",
                   shipped_at="2027-04-14T18:20:00Z", delivered_at=None,
                   carrier="USPS", tracking="9400111206213385912287",
                   items=[("PLT-MONTE-TC", 4), ("PLT-JAVA", 2)], refunded="0.00"),
    "#10402": dict(customer="priya", status="delivered", order_date="2027-04-12T09:30:00Z",
                   shipped_at="2027-04-12T20:10:00Z", delivered_at="2027-04-15T15:58:00Z",
                   carrier="USPS", tracking="9400111206213385988104",
                   items=[("PLT-BUNDLE10", 1), ("HTR-TG100", 2)], refunded="0.00"),
    "#10404": dict(customer="lan", status="shipped", order_date="2027-04-13T03:20:00Z",
                   shipped_at="2027-04-14T19:00:00Z", delivered_at=None,
                   carrier="UPS", tracking="1Z4T7A390312465177",
                   items=[("FD-FLAKE4", 3), ("AIR-PUMP", 1)], refunded="0.00"),
    "#10405": dict(customer="giulia", status="processing", order_date="2027-04-14T16:55:00Z",
                   shipped_at=None, delivered_at=None, carrier=None, tracking=None,
                   items=[("TNK-20L", 1), ("LGT-LUMA24", 1)], refunded="0.00"),
    "#10406": dict(customer="walt", status="shipped", order_date="2027-04-13T14:00:00Z",
                   shipped_at="2027-04-15T21:00:00Z", delivered_at=None,
                   carrier="Estes Express", tracking="0412885902",
                   items=[("TNK-40B", 1), ("STD-40B", 1)], refunded="0.00"),
    "#10408": dict(customer="hannah", status="shipped", order_date="2027-04-15T12:40:00Z",
                   shipped_at="2027-04-15T20:50:00Z", delivered_at=None,
                   carrier="USPS", tracking="9400111206213386240557",
                   items=[("FLT-SPNG-M", 2), ("FD-BLDWM", 1)], refunded="0.00"),
    "#10409": dict(customer="sam", status="shipped", order_date="2027-04-15T22:10:00Z",
                   shipped_at="2027-04-16T19:35:00Z", delivered_at=None,
                   carrier="UPS", tracking="1Z4T7A390312465790",
                   items=[("HTR-TG100", 1), ("CND-BACT8", 1)], refunded="0.00"),
    "#10410": dict(customer="rosa", status="processing", order_date="2027-04-16T13:26:00Z",
                   shipped_at=None, delivered_at=None, carrier=None, tracking=None,
                   items=[("CND-BACT8", 1), ("CND-DECHL16", 1), ("TST-KHGH", 1)],
                   refunded="0.00"),
    "#10411": dict(customer="lena", status="shipped", order_date="2027-04-16T09:15:00Z",
                   shipped_at="2027-04-16T20:05:00Z", delivered_at=None,
                   carrier="FedEx", tracking="771203966610",
                   items=[("MNT-GRVAC", 1), ("FD-ALGWAF", 1)], refunded="0.00"),
    "#10412": dict(customer="marisol", status="processing", order_date="2027-04-17T22:41:05Z",
                   shipped_at=None, delivered_at=None, carrier=None, tracking=None,
                   items=[("FD-FLAKE4", 1), ("FD-ALGWAF", 1)], refunded="0.00"),
    "#10414": dict(customer="walt", status="processing", order_date="2027-04-18T03:10:00Z",
                   shipped_at=None, delivered_at=None, carrier=None, tracking=None,
                   items=[("MNT-GRVAC", 1)], refunded="0.00"),
    "#10415": dict(customer="derek", status="processing", order_date="2027-04-18T14:02:00Z",
                   shipped_at=None, delivered_at=None, carrier=None, tracking=None,
                   items=[("PLT-ANUB-DW", 1), ("PLT-JAVA", 1)], refunded="0.00"),
    "#10416": dict(customer="kenji", status="shipped", order_date="2027-04-16T15:30:00Z",
                   shipped_at="2027-04-17T18:45:00Z", delivered_at=None,
                   carrier="FedEx", tracking="771203970384",
                   items=[("SUB-AQS9", 1), ("HRD-SPIDER-M", 1)], refunded="0.00"),
}

KB = [
    ("HC-101", "Shipping options, costs and processing times",
     ["shipping", "delivery", "processing time", "free shipping", "freight", "expedited"],
     "Most in-stock orders leave our Asheville, North Carolina warehouse within 1-2 business days. "
     "Orders placed before 1 p.m. Eastern, Monday to Friday, usually ship the same day; orders placed "
     "on a weekend or a US holiday ship on the next business day. Standard Ground (UPS Ground or USPS "
     "Ground Advantage) takes 3-6 business days once the order has shipped. Expedited (UPS 2nd Day Air) "
     "takes 2 business days and Overnight (UPS Next Day Air Saver) 1 business day; both are priced at "
     "checkout from the weight of the order and the destination. Orders over $79 ship free by Standard "
     "Ground within the contiguous United States, except glass aquariums of 40 gallons or more and "
     "aquarium stands, which always travel by LTL freight and show a freight charge at checkout. "
     "Freight orders are delivered curbside by Estes Express. The freight carrier calls the phone number "
     "on your order 24-48 hours ahead to book a four-hour delivery window; to move that appointment to "
     "another day, call the freight carrier directly using the number in your freight confirmation email "
     "and give them the PRO number printed in the same email. Someone 18 or older has to sign for a "
     "freight delivery, and should inspect the crate before signing. Live plants ship separately from "
     "dry goods, Monday to Wednesday only, so that they never sit in a depot over a weekend (see Live "
     "plants: shipping and our Live Arrival Guarantee). We cannot combine two separately placed orders "
     "into one box once either of them has been packed."),
    ("HC-102", "Tracking your order",
     ["tracking", "order status", "shipped", "delivered", "missing package", "carrier"],
     "As soon as a shipping label is printed we send a shipping confirmation email with the carrier and "
     "the tracking number. For up to 24 hours the tracking page may only say \"Label created\" or "
     "\"Pre-shipment\" until the carrier's first scan; this is normal and does not mean the package is "
     "lost. You can also follow every package from Account > Orders: open the order and choose Track "
     "package. Orders that contain both live plants and dry goods, or a backordered item, arrive in more "
     "than one box, and each box has its own tracking number. If the carrier marks a package as "
     "delivered but you cannot find it, check around the building, with neighbours and with your "
     "mailroom, and give it 48 hours, because carriers sometimes scan a package as delivered a day "
     "early; if it still has not turned up after 48 hours, reply to your shipping confirmation email and "
     "we will open a claim with the carrier. Once a package is in transit we cannot redirect it or hold "
     "it; the carriers' own free tools (UPS My Choice, USPS Informed Delivery, FedEx Delivery Manager) "
     "let you do that yourself."),
    ("HC-103", "Live plants: shipping and our Live Arrival Guarantee",
     ["live plants", "live arrival guarantee", "dead plants", "heat pack", "cold pack", "livestock"],
     "Every live plant we sell is grown in our own greenhouse or by a partner farm and is shipped in a "
     "sealed bag with damp sphagnum moss. Plants ship Monday to Wednesday only. When the forecast at your "
     "address is below 40\u00b0F or above 90\u00b0F we add a heat pack or a cold pack at no charge. We do "
     "not sell or ship live fish, shrimp, snails or any other livestock, and we do not ship live plants "
     "to Hawaii or to APO/FPO addresses because of agricultural rules. Our Live Arrival Guarantee covers "
     "plants that arrive dead, rotten or mostly melted. Take a photo of the plants in their bag, unopened "
     "if you can, within 2 hours of the carrier's delivery scan, and send it through the Live Arrival "
     "form at tidepoolaquatics.com/lag together with your order number. We reply within one business day "
     "with a replacement or store credit, whichever you prefer. Cryptocoryne that lose their leaves after "
     "planting (\"crypt melt\") are not covered: this is a normal reaction to new water and the plant "
     "regrows from its roots within a few weeks. Tissue-culture cups are covered for 14 days as long as "
     "the cup has not been opened."),
    ("HC-104", "Refund and returns policy",
     ["refund", "returns", "return policy", "return window", "policy"],
     "You can return most unused items within 30 days of the order date for a refund to your original "
     "payment method. Items must be unused and in their original packaging, with all parts included. "
     "Opened water conditioners, test-kit reagents, fish food, fertilisers and CO2 cylinders cannot be "
     "returned for hygiene and safety reasons, and live plants are covered by the Live Arrival Guarantee "
     "rather than by returns. Return shipping is paid by you unless the item arrived damaged or "
     "defective, or is not what you ordered. Once the returned item has been checked in at our "
     "warehouse, the refund is issued within 3 business days; your bank may need a further 5-10 "
     "business days to show it on your statement. Orders cancelled before they shipped are refunded in "
     "full automatically, and there is nothing you need to do. Gift cards are non-refundable. If you "
     "used a promo code, the refund is the amount you actually paid. For how to send something back, "
     "see How to start a return."),
    ("HC-105", "How to start a return",
     ["returns", "return label", "returns center", "send back"],
     "Start every return from our Returns Center at tidepoolaquatics.com/returns; you do not need to "
     "contact us first. Enter your order number (with or without the # sign) and the ZIP code the order "
     "shipped to, tick the items you are sending back and choose a reason. We then email you a return "
     "label: a free prepaid UPS label when the item arrived damaged or is not what you ordered, "
     "otherwise a discounted label whose cost ($8.95 for most parcels) is deducted from your refund. "
     "Pack the item in its original box with the padding it came in; glass aquariums must go back in "
     "their original foam corners. Drop the parcel at any UPS Access Point within 14 days of printing the "
     "label; after that the label expires and you need to request a new one from the Returns Center. "
     "Aquariums of 40 gallons or more and stands cannot go back with a parcel label; for those the "
     "Returns Center offers a freight pickup instead."),
    ("HC-106", "Cancel an order or change its shipping address",
     ["cancel order", "cancellation", "change address", "edit order", "shipping address"],
     "You can cancel an order yourself as long as it has not shipped. Sign in, open Account > Orders, "
     "choose the order and click Cancel order; the refund of the full amount to your original payment "
     "method starts right away. If you checked out as a guest, use the View order link in your order "
     "confirmation email instead of signing in. The same page has an Edit shipping address button, which "
     "you can use to correct or change the delivery address until the order is packed; a change made "
     "there updates the label before it is printed. Both buttons disappear once the order's status "
     "changes to Shipped. To change items or quantities, cancel the order and place a new one; we cannot "
     "add items to an order after it has been placed."),
    ("HC-107", "Tidepool gift cards",
     ["gift card", "gift certificate", "gift card balance", "e-gift"],
     "Tidepool digital gift cards come in amounts from $25 to $250 and are delivered by email, either "
     "right away or on a date you choose at checkout, to the recipient's address together with your "
     "personal message. They never expire and carry no fees. To check a balance, enter the code in the "
     "Gift card field at checkout: the remaining balance is shown before you pay. A gift card can be "
     "combined with one promo code but cannot be used to buy another gift card. If the recipient cannot "
     "find the email, ask them to search their spam folder for \"Your Tidepool gift card\"; we can "
     "resend it to the same address. Gift cards are not refundable and cannot be exchanged for cash, "
     "except where the law requires it. We do not sell physical plastic gift cards."),
    ("HC-108", "Deleting your Tidepool account",
     ["delete account", "close account", "privacy", "personal data", "account"],
     "You can delete your account at any time from Account > Settings > Privacy > Delete my account. We "
     "ask you to confirm with a one-time code sent to your email, and the deletion is completed within "
     "30 days. Deleting your account permanently removes your profile, saved addresses, saved payment "
     "methods, wishlists and any Tidepool Rewards points. It cannot be undone, and a new account opened "
     "later with the same email starts empty. Any order that has not shipped yet must be delivered or "
     "cancelled before the account can be deleted. If you want a copy of the personal data we hold "
     "about you before deleting, choose Download my data on the same page; the file is emailed to you "
     "within 72 hours."),
    ("HC-109", "Signing in and resetting your password",
     ["password", "sign in", "login", "one-time code", "account", "guest checkout"],
     "You can sign in with your password or with a one-time code: enter your email on the sign-in page "
     "and choose Email me a code; the six-digit code is valid for 10 minutes. To reset a forgotten "
     "password choose Forgot password?, and we email you a reset link that works once and expires after "
     "30 minutes. Passwords need at least 10 characters. If neither email arrives within a few minutes, "
     "check your spam or promotions folder and make sure you are using the address you ordered with. "
     "Orders placed as a guest are not linked to an account until you create an account with the same "
     "email address, after which they appear under Account > Orders automatically. After five wrong "
     "passwords in a row the account is locked for 15 minutes."),
    ("HC-110", "Tidepool Rewards",
     ["rewards", "points", "loyalty", "redeem points"],
     "Tidepool Rewards is free for every account holder. You earn 1 point for every dollar spent on "
     "products (not on shipping, tax or gift cards), 50 points for a product review with a photo, and "
     "100 points on your birthday if it is saved in your profile. Every 100 points can be redeemed for "
     "$5 off at checkout, for up to half of the order subtotal. Points appear in your account 14 days "
     "after your order is delivered. Points expire when your account has had no purchase for 12 months. "
     "Points earned on an order are removed again if that order is refunded or returned. Points cannot "
     "be transferred between accounts or exchanged for cash."),
    ("HC-111", "Cycling a new aquarium: the nitrogen cycle, step by step",
     ["cycling", "nitrogen cycle", "new tank", "ammonia", "nitrite", "beneficial bacteria",
      "fishless cycle"],
     "Before any fish go in, a new aquarium needs a colony of nitrifying bacteria in the filter to turn "
     "toxic ammonia into nitrite and then into the far less harmful nitrate. This process is called "
     "cycling. We recommend a fishless cycle: set the tank up with the filter and heater running, then "
     "dose pure ammonia (without surfactants: it should not foam when shaken) to 2 ppm. Test ammonia "
     "and nitrite every two days with a liquid test kit; strips are not precise enough at low readings. "
     "Re-dose to 2 ppm whenever ammonia falls below 0.5 ppm. A fishless cycle usually takes 4 to 6 "
     "weeks; adding a bottled nitrifying bacteria starter on day one and keeping the water at "
     "78-82\u00b0F typically shortens it to 2-3 weeks. The cycle is complete when the tank turns 2 ppm of "
     "ammonia into 0 ppm ammonia and 0 ppm nitrite within 24 hours, and nitrate is rising. Do a 50% "
     "water change before adding fish to bring nitrate below 20 ppm. During the cycle never rinse the "
     "filter media in tap water: chlorine kills the bacteria you are trying to grow. A brown dusting on "
     "the glass, rocks and decorations in the first weeks is diatoms, a harmless algae that feeds on "
     "the silicates in new tanks, and it fades on its own once the tank matures. Planted tanks with "
     "plenty of fast-growing stems often cycle more smoothly because the plants take up ammonia too, "
     "but they still need testing."),
    ("HC-112", "Using the Freshwater Master Test Kit",
     ["test kit", "water testing", "pH", "ammonia", "nitrite", "nitrate", "reagents"],
     "The Freshwater Master Test Kit measures pH, high-range pH, ammonia, nitrite and nitrate, about 800 "
     "tests in total. Fill a test tube to the white line (5 ml) with water from the tank, add the drops "
     "listed on the card, cap the tube and invert it a few times. Nitrate is the test that needs care: "
     "shake Nitrate Bottle #2 hard for at least 30 seconds before dosing, then shake the capped tube for "
     "a full minute and wait 5 minutes before reading; skipping the shake is the usual reason nitrate "
     "reads 0 when it should not. Read every colour against the white part of the card in daylight or "
     "under a plain white light; aquarium LEDs with a blue or pink tint shift the colours. Rinse the "
     "tubes with tank water, never with soap. The reagents keep for three years from manufacture: the "
     "lot number printed on the bottom of each bottle ends in the month and year it was made (a lot "
     "ending in 0925 was made in September 2025). Store the kit at room temperature, away from "
     "sunlight. If a reading looks wrong, test a glass of tap water alongside it to compare."),
    ("HC-113", "Choosing and using an aquarium heater",
     ["heater", "temperature", "wattage", "ThermoGuard", "warranty"],
     "As a rule of thumb, use 3 to 5 watts per gallon of water: a 100W heater suits tanks of 20-30 "
     "gallons and a 200W heater tanks of 40-55 gallons. In rooms colder than 65\u00b0F choose the higher "
     "end, or use two heaters at opposite ends of the tank. ThermoGuard heaters have a dial marked in "
     "\u00b0F and an indicator light that glows orange while heating. Check the temperature with a separate "
     "thermometer for the first 48 hours and adjust the dial in small steps. Mount the heater near the "
     "filter outflow, at an angle, so that warm water circulates. Unplug the heater and wait 15 minutes "
     "before taking it out of the water, and never run it dry: a hot glass heater can crack when it "
     "meets cold water. ThermoGuard heaters carry a 2-year warranty from the delivery date. If a "
     "ThermoGuard heater stops heating or sticks on, register a warranty claim at "
     "tidepoolaquatics.com/warranty with the serial number from the white label near the cord and your "
     "order number; we ship a replacement, usually before you send the old one back."),
    ("HC-114", "Abyss 350 canister filter: setup, priming and maintenance",
     ["canister filter", "Abyss 350", "priming", "filter maintenance", "noise", "flow"],
     "Before the first start, fill the canister with tank water to about an inch below the rim so that "
     "the impeller never runs dry. Attach the hoses, open both valves, then press the primer button on "
     "the head 10-15 times until water flows steadily; only then plug the filter in. A rattling or "
     "grinding sound in the first days is almost always trapped air: tilt the canister gently from side "
     "to side while it runs until the air escapes up the outflow. Clean the canister every 4 to 8 weeks "
     "by rinsing the sponges and bio-media in a bucket of old tank water; replace the white "
     "fine-polishing pad every month, because it clogs and cannot be rinsed clean. Twice a year wipe the "
     "O-ring in the head and coat it lightly with silicone grease to prevent leaks. Flow drops as the "
     "media loads with debris; if it falls by more than half between cleanings, clean the intake "
     "strainer and run a hose brush through both hoses. The Abyss 350 is rated for aquariums up to 100 "
     "gallons."),
    ("HC-115", "Planting live aquarium plants",
     ["live plants", "planting", "rockwool", "anubias", "java fern", "tissue culture", "lighting"],
     "Potted plants arrive in a small basket filled with rockwool; remove the basket and tease all of "
     "the rockwool out of the roots before planting, because it rots in the substrate. Anubias and Java "
     "fern grow from a rhizome, the thick horizontal stem the leaves sprout from: never bury the "
     "rhizome in gravel or soil, or it rots. Tie these plants to driftwood or rock with cotton thread, "
     "or glue them on with gel superglue, instead. Tissue-culture cups (such as Monte Carlo) hold a "
     "clear gel: rinse it off gently in dechlorinated water, split the plant into small clumps and press "
     "them into the substrate with tweezers. Stem plants can be pushed 2 inches into the substrate "
     "after their lowest leaves are removed. Start with 6 hours of light a day and increase to 8 hours "
     "over the first month; too much light early on is the most common cause of algae in a new planted "
     "tank. Heavy root feeders such as Amazon swords and crypts benefit from a root tab pushed in near "
     "their roots every three months."),
    ("HC-116", "Glass aquariums: delivery inspection, setup and leaks",
     ["glass aquarium", "tank", "damaged", "broken", "leak", "stand", "level", "rimless"],
     "Open and inspect every glass aquarium the day it arrives, before you throw away any packaging. If "
     "the glass is cracked or chipped, or a seam is damaged, email photos of the damage and of the box "
     "to damage@tidepoolaquatics.com within 48 hours of delivery and keep the box: we send a free "
     "replacement and arrange the pickup of the damaged tank. Freight deliveries should be inspected "
     "before you sign; write \"damaged\" on the delivery receipt if the crate is broken. Place the "
     "aquarium on a stand rated for its filled weight (about 10 pounds per gallon) and check that it is "
     "level front to back and side to side; a tank that is out of level by more than 1/8 inch along its "
     "length puts stress on the seams. Rimless tanks, like the Clearwater range, must sit on the "
     "leveling mat that comes in the box; framed tanks sit directly on the stand without a mat. Before "
     "you add substrate, fill the tank with water outdoors or in a bathtub and leave it for 24 hours to "
     "check for leaks. The silicone seams of our aquariums carry a 1-year leak warranty from delivery."),
    ("HC-117", "Payment methods we accept",
     ["payment", "credit card", "PayPal", "Shop Pay", "installments", "Apple Pay"],
     "We accept Visa, Mastercard, American Express and Discover, PayPal, Apple Pay, Google Pay and Shop "
     "Pay. With Shop Pay Installments you can split an order between $50 and $3,000 into four "
     "interest-free payments, one every two weeks, subject to approval. We do not accept checks, money "
     "orders, cryptocurrency or purchase orders. Your card is charged in full when you place the order, "
     "not when it ships, and that includes backordered items. Sales tax is added at checkout in the "
     "states where we are required to collect it. A pending authorization from a declined or abandoned "
     "checkout disappears from your statement within 3-7 business days, depending on your bank."),
    ("HC-118", "Promo codes and price matching",
     ["promo code", "discount code", "coupon", "price match", "sale"],
     "Enter a promo code in the Discount code field on the checkout page. Only one promo code can be "
     "used per order, and codes do not apply to clearance items unless the code says so. A promo code "
     "cannot be added to an order after it has been placed, and we do not adjust the price of past "
     "orders when an item goes on sale later. We price match identical new items that are in stock at "
     "authorized US retailers (not marketplace sellers, auctions or clearance prices): before you order, "
     "send the link to pricematch@tidepoolaquatics.com and we email you a one-time code. Price matching "
     "does not apply to live plants or to orders already placed. Codes from our newsletter are "
     "single-use and tied to the email address they were sent to."),
    ("HC-119", "Where we ship",
     ["shipping", "international", "Alaska", "Hawaii", "Puerto Rico", "APO", "PO box", "CO2"],
     "We ship to all 50 US states, Puerto Rico, Guam and the US Virgin Islands, and to APO/FPO/DPO "
     "addresses. We do not ship outside the United States and its territories, and we cannot send to "
     "package forwarding services. Orders to Alaska, Hawaii and the territories go by USPS Priority Mail "
     "and take 4-8 business days; free shipping does not apply there. PO boxes are fine for parcels, but "
     "aquariums of 20 gallons or more, stands and CO2 cylinders need a street address. Live plants "
     "cannot go to Hawaii or to military addresses. We do not sell filled CO2 cylinders: our CO2 kits "
     "ship empty, and you have the cylinder filled at a local welding-gas, fire-extinguisher or "
     "homebrew supplier."),
    ("HC-120", "Mixing saltwater for reef and marine aquariums",
     ["saltwater", "reef", "salt mix", "salinity", "refractometer", "specific gravity"],
     "Always mix new saltwater in a separate container with RO/DI water, never in the display tank. Add "
     "the salt to moving water (a small powerhead or pump) at roughly half a cup per gallon, let it mix "
     "for at least 12 hours with a heater set to the tank's temperature, then measure. Most reef keepers "
     "aim for a specific gravity of 1.025-1.026, which is about 35 ppt. Calibrate your refractometer "
     "before each session with 35 ppt calibration fluid rather than with RO/DI water: zeroing on fresh "
     "water is a single point and can leave the reading off by 0.002 at reef salinity. Top off "
     "evaporation with fresh RO/DI water only, since the salt stays behind when water evaporates. Mixed "
     "saltwater keeps for up to a week in a covered container with a pump running."),
    ("HC-121", "Contacting Tidepool Aquatics",
     ["contact", "support hours", "phone", "live chat", "store", "pickup"],
     "Our support team answers email and live chat Monday to Friday, 9 a.m. to 6 p.m. Eastern, and "
     "Saturday 10 a.m. to 2 p.m.; most emails get a reply within one business day. We do not offer "
     "phone support: written answers let us send photos, links and tracking details you can keep. "
     "Tidepool Aquatics is an online-only shop: we have no retail store and no warehouse pickup, so "
     "every order is shipped. For the fastest help, put your order number (it starts with #, for "
     "example #10001) in the subject line. Press enquiries go to press@tidepoolaquatics.com."),
    ("HC-122", "Backorders and split shipments",
     ["backorder", "out of stock", "split shipment", "restock", "notify me"],
     "Items marked \"Backordered - ships in 2-3 weeks\" on the product page can still be ordered. We "
     "charge the whole order at checkout, ship the in-stock items right away, and ship the backordered "
     "item when it arrives at no extra shipping cost. You get a separate tracking email for each "
     "shipment. You can cancel just the backordered item before it ships from Account > Orders (Cancel "
     "item), and its price is refunded in full. To hear when an out-of-stock item is back, use Notify "
     "me on the product page; we send one email, and the item is not held for you. Restock dates are "
     "estimates from our suppliers and can move."),
    ("HC-123", "Setting up your Luma LED light",
     ["Luma", "LED light", "lighting", "app", "schedule", "Bluetooth"],
     "Luma lights are controlled with the free Luma app over Bluetooth. After pairing, you can set a "
     "daily schedule with up to six points, each with its own brightness and colour mix, and a sunrise "
     "and sunset ramp of up to 60 minutes. The light stores its schedule and keeps running it without "
     "the phone nearby. If the app no longer finds the light (for example after you change phones), "
     "hold the button on the power cord for 10 seconds until the light flashes blue twice: this resets "
     "the pairing but keeps the schedule. The extendable legs fit rims of 24-30 inches on the Luma 24 "
     "and 36-44 inches on the Luma 36. The fixture is splash-resistant, not waterproof: keep it on its "
     "legs and never let it sit in the water."),
]

# Topics the help center deliberately does NOT cover (no_kb_match cases ask about them):
# gift wrapping, clearing order history, fish disease medication, teacher/school discounts,
# SMS marketing opt-out, controller (Neptune Apex) integration for the Luma, trade-ins of used tanks,
# spare parts (impellers), wholesale accounts, exchanges, upgrading the shipping of a placed order,
# changing the payment method of a placed order.
