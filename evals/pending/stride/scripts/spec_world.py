"""Hand-written world of Stride Outfitters: catalogue, customers, orders, help center.

All dates are UTC. The world's clock is NOW; every case pins the same instant.
"""
import hashlib

NOW = "2027-05-12T15:00:00Z"
DESCRIPTION = (
    "Stride Outfitters, an online running and outdoor shop (shoes in sizes and widths, "
    "GPS watches, socks in 3-packs, technical apparel, final-sale clearance, e-gift cards, "
    "engraved items, a free size exchange). A snapshot pinned to one instant so that refund "
    "eligibility is reproducible. Prices in USD."
)

# sku: (name, unit price USD, flags)  flags: final_sale, gift_card, personalised
CATALOGUE = {
    "SH-TG3-M105D": ("Tempo Glide 3 road shoe, men's 10.5 D", 139.00, ""),
    "SH-TG3-M11D": ("Tempo Glide 3 road shoe, men's 11 D", 139.00, ""),
    "SH-TG3-W8B": ("Tempo Glide 3 road shoe, women's 8 B", 139.00, ""),
    "SH-RL2-M11-2E": ("Ridgeline Trail 2, men's 11 2E (wide)", 154.00, ""),
    "SH-RL2-W75D": ("Ridgeline Trail 2, women's 7.5 D (wide)", 154.00, ""),
    "SH-CL5-M9D": ("Cloudline Recovery 5, men's 9 D", 119.00, ""),
    "SH-CL5-W65B": ("Cloudline Recovery 5, women's 6.5 B", 119.00, ""),
    "SH-FR1-W9B": ("Fleetfoot Racer carbon, women's 9 B", 229.00, ""),
    "SH-FR1-M10D": ("Fleetfoot Racer carbon, men's 10 D", 229.00, ""),
    "WA-PL42": ("Pace Loop GPS watch 42 mm", 249.00, ""),
    "WA-PL46P": ("Pace Loop Pro GPS watch 46 mm", 349.00, ""),
    "WA-PL42-ENG": ("Pace Loop GPS watch 42 mm, engraved case back", 274.00, "personalised"),
    "SK-MER3-M": ("Merino crew run sock 3-pack, M", 36.00, ""),
    "SK-MER3-L": ("Merino crew run sock 3-pack, L", 36.00, ""),
    "SK-NOS3-L": ("No-show tab sock 3-pack, L", 24.00, ""),
    "SK-TRL3-S": ("Trail crew sock 3-pack, S", 32.00, ""),
    "AP-TEE-M": ("Vent tech tee, men's M", 42.00, ""),
    "AP-TEE-WS": ("Vent tech tee, women's S", 42.00, ""),
    "AP-TGT-WS": ("Thermal run tight, women's S", 78.00, ""),
    "AP-SHT-M": ("Split run short 5 in, men's M", 48.00, ""),
    "AP-SHL-ML-FS": ("Ridge shell jacket, men's L (final sale)", 89.00, "final_sale"),
    "AP-VST-FS": ("Hydra race vest 5 L, clearance (final sale)", 59.00, "final_sale"),
    "AP-WND-WM-FS": ("Gust wind jacket, women's M (final sale)", 54.00, "final_sale"),
    "GC-050": ("Stride e-gift card $50", 50.00, "gift_card"),
    "GC-100": ("Stride e-gift card $100", 100.00, "gift_card"),
    "AC-BND20": ("Pace Loop silicone band 20 mm", 29.00, ""),
    "AC-CAP": ("Reflective run cap", 28.00, ""),
    "AC-MDL-ENG": ("Personalised medal hanger, engraved", 64.00, "personalised"),
    "AC-FLK500": ("Soft flask 500 ml", 22.00, ""),
    "AC-LMP400": ("Trail headlamp 400 lm", 49.00, ""),
}

CUSTOMERS = [
    ("SRC-4101", "Maya Okafor", "maya.okafor@example.com"),
    ("SRC-4102", "Daniel Reyes", "dreyes@example.net"),
    ("SRC-4103", "Priya Natarajan", "priya.n@example.com"),
    ("SRC-4104", "Tom Gallagher", "tom.gallagher@example.org"),
    ("SRC-4105", "Hannah Brooks", "hbrooks@example.com"),
    ("SRC-4106", "Marcus Lee", "marcus.lee@example.net"),
    ("SRC-4107", "Sofia Alvarez", "sofia.alvarez@example.com"),
    ("SRC-4108", "Ben Whitaker", "ben.whitaker@example.co.uk"),
    ("SRC-4109", "Chloe Dubois", "chloe.dubois@example.fr"),
    ("SRC-4110", "Kevin O'Brien", "kobrien@example.com"),
    ("SRC-4111", "Aisha Rahman", "aisha.rahman@example.org"),
    ("SRC-4112", "Jake Morrison", "jmorrison@example.com"),
    ("SRC-4113", "Lauren Kim", "lauren.kim@example.com"),
    ("SRC-4114", "Sam Patel", "sam.patel@example.net"),
    ("SRC-4115", "Nora Lindqvist", "nora.lindqvist@example.se"),
    ("SRC-4116", "Ethan Wright", "ethan.wright@example.com"),
    ("SRC-4117", "Grace Chen", "grace.chen@example.com"),
    ("SRC-4118", "Omar Haddad", "omar.haddad@example.net"),
    ("SRC-4119", "Rachel Stein", "rstein@example.org"),
    ("SRC-4120", "Luis Ortega", "luis.ortega@example.com"),
    ("SRC-4121", "Megan Foster", "megan.foster@example.com"),
    ("SRC-4122", "Tyler Nguyen", "tyler.nguyen@example.net"),
    ("SRC-4123", "Jess Carter", "jess.carter@example.com"),
    ("SRC-4124", "Victor Hale", "victor.hale@example.com"),
    ("SRC-4125", "Aino Virtanen", "aino.virtanen@example.fi"),
    ("SRC-4126", "Juho Mäkinen", "juho.makinen@example.fi"),
    ("SRC-4127", "Emmi Korhonen", "emmi.korhonen@example.fi"),
    ("SRC-4128", "Veikko Laine", "veikko.laine@example.fi"),
    ("SRC-4129", "Elif Yılmaz", "elif.yilmaz@example.com.tr"),
    ("SRC-4130", "Mehmet Kaya", "mehmet.kaya@example.com.tr"),
    ("SRC-4131", "Zeynep Demir", "zeynep.demir@example.com.tr"),
    ("SRC-4132", "Burak Şahin", "burak.sahin@example.com.tr"),
    ("SRC-4133", "Paula Jensen", "paula.jensen@example.dk"),
    ("SRC-4134", "Derek Holt", "derek.holt@example.com"),
]

CARRIERS = ["UPS", "USPS", "FedEx", "DHL Express"]


def tracking(order_id, carrier):
    """A tracking number of the carrier's own shape, derived from the order id."""
    h = hashlib.sha256(order_id.encode()).hexdigest()
    digits = "".join(str(int(c, 16) % 10) for c in h)
    if carrier == "UPS":
        alnum = "".join("0123456789ABCDEFGHJKLMNPRSTUVWXYZ"[int(h[i:i + 2], 16) % 33] for i in range(0, 12, 2))
        return "1Z" + alnum + "03" + digits[:8]
    if carrier == "USPS":
        return "9400" + digits[:18]
    if carrier == "FedEx":
        return "7" + digits[1:12]
    return digits[20:30]  # DHL Express: 10 digits


# Orders. (order_id, customer, status, order_date, shipped_at, delivered_at, carrier, [(sku, qty)], refunded_usd)
# Every order a case relies on is written here by hand; fillers are added in generate.py.
ORDERS = [
    # --- SRC-4101 Maya: shipped shoes, delivered watch in window, old socks
    ("STR-7Q4K-22910", "SRC-4101", "shipped", "2027-05-08T13:22:00Z", "2027-05-09T17:05:00Z", None, "UPS", [("SH-TG3-W8B", 1), ("SK-MER3-M", 1)], 0.0),
    ("STR-K2M9-40318", "SRC-4101", "delivered", "2027-04-26T09:10:00Z", "2027-04-27T15:00:00Z", "2027-04-30T12:41:00Z", "FedEx", [("WA-PL42", 1)], 0.0),
    ("STR-A8D2-11207", "SRC-4101", "delivered", "2027-01-14T20:02:00Z", "2027-01-15T11:00:00Z", "2027-01-19T16:30:00Z", "USPS", [("SK-NOS3-L", 2)], 0.0),
    # --- SRC-4102 Daniel: processing order, delivered multi-item in window
    ("STR-P5T1-03184", "SRC-4102", "processing", "2027-05-12T08:47:00Z", None, None, None, [("SH-RL2-M11-2E", 1), ("AC-LMP400", 1)], 0.0),
    ("STR-N3B8-51763", "SRC-4102", "delivered", "2027-04-20T18:30:00Z", "2027-04-21T14:10:00Z", "2027-04-24T10:05:00Z", "UPS", [("SH-CL5-M9D", 1), ("SK-MER3-L", 2), ("AC-CAP", 1)], 0.0),
    # --- SRC-4103 Priya: delivered, outside window; cancelled
    ("STR-H6W4-28875", "SRC-4103", "delivered", "2027-03-02T07:55:00Z", "2027-03-03T10:00:00Z", "2027-03-06T14:20:00Z", "USPS", [("AP-TGT-WS", 1), ("AP-TEE-WS", 1)], 0.0),
    ("STR-C9X2-60412", "SRC-4103", "cancelled", "2027-05-03T21:14:00Z", None, None, None, [("WA-PL46P", 1)], 349.00),
    # --- SRC-4104 Tom: returned order; delivered in window
    ("STR-R4J7-09931", "SRC-4104", "returned", "2027-04-05T12:00:00Z", "2027-04-06T09:30:00Z", "2027-04-09T15:10:00Z", "FedEx", [("SH-FR1-M10D", 1)], 0.0),
    ("STR-V2E5-70266", "SRC-4104", "delivered", "2027-05-01T16:40:00Z", "2027-05-02T12:00:00Z", "2027-05-05T17:45:00Z", "UPS", [("AP-SHT-M", 2), ("SK-TRL3-S", 1)], 0.0),
    # --- SRC-4105 Hannah: delivered with a partial refund; delivered fully refunded
    ("STR-M8Q3-33450", "SRC-4105", "delivered", "2027-04-22T10:15:00Z", "2027-04-23T08:50:00Z", "2027-04-26T13:30:00Z", "USPS", [("SH-TG3-W8B", 1), ("AP-TEE-WS", 1)], 42.00),
    ("STR-G1Z6-81027", "SRC-4105", "delivered", "2027-04-28T19:05:00Z", "2027-04-29T10:20:00Z", "2027-05-02T11:15:00Z", "UPS", [("SK-MER3-M", 1)], 36.00),
    # --- SRC-4106 Marcus: delivered with missing delivered_at; shipped international
    ("STR-D7L2-45019", "SRC-4106", "delivered", "2027-04-30T11:11:00Z", "2027-05-01T09:00:00Z", None, "FedEx", [("WA-PL46P", 1)], 0.0),
    ("STR-W3N6-02288", "SRC-4106", "shipped", "2027-05-10T06:30:00Z", "2027-05-11T13:40:00Z", None, "USPS", [("AC-BND20", 2)], 0.0),
    # --- SRC-4107 Sofia: day-30 boundary (exactly 30 days), day-31
    ("STR-B5K1-57731", "SRC-4107", "delivered", "2027-04-12T15:00:00Z", "2027-04-13T12:00:00Z", "2027-04-16T14:00:00Z", "FedEx", [("SH-FR1-W9B", 1)], 0.0),
    ("STR-F8U4-14466", "SRC-4107", "delivered", "2027-04-11T14:59:00Z", "2027-04-12T11:00:00Z", "2027-04-15T16:20:00Z", "UPS", [("AP-TGT-WS", 1)], 0.0),
    # --- SRC-4108 Ben: gift cards (delivered by email), engraved watch
    ("STR-E2G9-00517", "SRC-4108", "delivered", "2027-02-10T09:00:00Z", "2027-02-11T10:00:00Z", "2027-02-14T12:00:00Z", "USPS", [("GC-100", 1), ("AC-CAP", 1)], 0.0),
    ("STR-T6Y3-38804", "SRC-4108", "delivered", "2027-04-25T14:00:00Z", "2027-04-29T10:00:00Z", "2027-05-03T12:00:00Z", "UPS", [("WA-PL42-ENG", 1), ("AC-BND20", 1)], 29.00),
    # --- SRC-4109 Chloe: delivered with inconsistent dates (delivered before ordered)
    ("STR-S4C8-62190", "SRC-4109", "delivered", "2027-05-04T10:00:00Z", "2027-05-02T09:00:00Z", "2027-05-03T12:00:00Z", "DHL Express", [("SH-RL2-W75D", 1)], 0.0),
    ("STR-J9V1-19052", "SRC-4109", "shipped", "2027-05-06T10:30:00Z", "2027-05-07T18:00:00Z", None, "DHL Express", [("SK-MER3-M", 1), ("AC-FLK500", 2)], 0.0),
    # --- SRC-4110 Kevin: delivered in window, one clearance item among others
    ("STR-U7P4-26638", "SRC-4110", "delivered", "2027-04-18T08:20:00Z", "2027-04-19T09:00:00Z", "2027-04-22T15:00:00Z", "FedEx", [("SH-TG3-M11D", 1), ("AP-SHL-ML-FS", 1)], 0.0),
    # --- SRC-4111 Aisha: outside window, final sale; delivered in window socks
    ("STR-Q3H5-71184", "SRC-4111", "delivered", "2027-03-20T17:00:00Z", "2027-03-21T10:00:00Z", "2027-03-25T13:00:00Z", "USPS", [("AP-VST-FS", 1)], 0.0),
    ("STR-L6A2-04409", "SRC-4111", "delivered", "2027-05-02T12:30:00Z", "2027-05-03T08:00:00Z", "2027-05-06T11:40:00Z", "USPS", [("SK-MER3-L", 3)], 0.0),
    # --- SRC-4112 Jake: shipped watch FedEx, processing engraved medal hanger
    ("STR-Z1R8-83306", "SRC-4112", "shipped", "2027-05-09T15:15:00Z", "2027-05-10T16:30:00Z", None, "FedEx", [("WA-PL42", 1), ("SK-NOS3-L", 1)], 0.0),
    ("STR-X5F2-00961", "SRC-4112", "processing", "2027-05-11T20:45:00Z", None, None, None, [("AC-MDL-ENG", 1)], 0.0),
    # --- SRC-4113 Lauren: delivered in window racer
    ("STR-Y4D6-47521", "SRC-4113", "delivered", "2027-04-29T07:10:00Z", "2027-04-30T09:00:00Z", "2027-05-03T14:00:00Z", "UPS", [("SH-FR1-W9B", 1), ("SK-NOS3-L", 1)], 0.0),
    # --- SRC-4114 Sam: cancelled before shipping; delivered old
    ("STR-K7B3-55093", "SRC-4114", "cancelled", "2027-04-30T10:00:00Z", None, None, None, [("SH-CL5-M9D", 1)], 119.00),
    ("STR-H2N8-30177", "SRC-4114", "delivered", "2027-02-02T12:00:00Z", "2027-02-03T10:00:00Z", "2027-02-06T15:00:00Z", "FedEx", [("SH-RL2-M11-2E", 1)], 0.0),
    # --- SRC-4115 Nora: delivered in window jacket + tee (named sum case)
    ("STR-W9M1-68843", "SRC-4115", "delivered", "2027-04-24T11:00:00Z", "2027-04-25T12:00:00Z", "2027-04-28T10:30:00Z", "DHL Express", [("AP-TEE-WS", 1), ("AP-TGT-WS", 1), ("SK-TRL3-S", 1)], 0.0),
    # --- SRC-4116 Ethan: returned; shipped
    ("STR-N6E4-29314", "SRC-4116", "returned", "2027-03-28T09:00:00Z", "2027-03-29T10:00:00Z", "2027-04-01T12:00:00Z", "UPS", [("WA-PL42", 1)], 0.0),
    ("STR-C3T9-77650", "SRC-4116", "shipped", "2027-05-07T09:40:00Z", "2027-05-08T15:20:00Z", None, "UPS", [("SH-TG3-M105D", 1)], 0.0),
    # --- SRC-4117 Grace: delivered in window watch (refund proposed, pending follow-up)
    ("STR-P2V7-12086", "SRC-4117", "delivered", "2027-04-23T13:00:00Z", "2027-04-24T10:00:00Z", "2027-04-27T16:00:00Z", "FedEx", [("WA-PL46P", 1)], 0.0),
    # --- SRC-4118 Omar: refund executed (refunded on record)
    ("STR-A4S1-90275", "SRC-4118", "delivered", "2027-04-19T08:00:00Z", "2027-04-20T09:00:00Z", "2027-04-23T13:00:00Z", "USPS", [("SH-CL5-M9D", 1)], 119.00),
    ("STR-R8G5-36614", "SRC-4118", "delivered", "2027-05-03T10:00:00Z", "2027-05-04T10:00:00Z", "2027-05-07T12:00:00Z", "UPS", [("AP-TEE-M", 1), ("AC-CAP", 1)], 0.0),
    # --- SRC-4119 Rachel: refund rejected follow-up
    ("STR-E6K2-08159", "SRC-4119", "delivered", "2027-04-21T16:00:00Z", "2027-04-22T10:00:00Z", "2027-04-25T11:00:00Z", "FedEx", [("SH-TG3-W8B", 1)], 0.0),
    # --- SRC-4120 Luis: refund failed follow-up (returns team refunded meanwhile)
    ("STR-M1U6-43387", "SRC-4120", "delivered", "2027-04-27T09:30:00Z", "2027-04-28T09:00:00Z", "2027-05-01T10:00:00Z", "USPS", [("AP-SHT-M", 1)], 48.00),
    # --- SRC-4121 Megan: delivered in window; processing
    ("STR-G5X3-59940", "SRC-4121", "delivered", "2027-05-05T19:00:00Z", "2027-05-06T10:00:00Z", "2027-05-09T15:30:00Z", "UPS", [("SH-CL5-W65B", 1), ("SK-MER3-M", 1)], 0.0),
    ("STR-T2B7-00734", "SRC-4121", "processing", "2027-05-11T23:50:00Z", None, None, None, [("AP-TEE-WS", 2)], 0.0),
    # --- SRC-4122 Tyler: delivered, old; shipped DHL
    ("STR-V8J4-24471", "SRC-4122", "delivered", "2026-12-12T10:00:00Z", "2026-12-13T10:00:00Z", "2026-12-17T14:00:00Z", "UPS", [("WA-PL42", 1)], 0.0),
    # --- SRC-4123 Jess: delivered in window (chargeback threat)
    ("STR-F3Q9-88202", "SRC-4123", "delivered", "2027-04-30T12:00:00Z", "2027-05-01T10:00:00Z", "2027-05-04T12:00:00Z", "FedEx", [("SH-FR1-W9B", 1), ("AP-TGT-WS", 1)], 0.0),
    # --- SRC-4124 Victor: delivered in window (injection)
    ("STR-L4W1-16580", "SRC-4124", "delivered", "2027-05-06T14:00:00Z", "2027-05-07T10:00:00Z", "2027-05-10T13:00:00Z", "UPS", [("AC-FLK500", 2), ("AC-CAP", 1)], 0.0),
    # --- Finnish customers
    ("STR-S9H3-30818", "SRC-4125", "shipped", "2027-05-05T08:00:00Z", "2027-05-06T12:00:00Z", None, "DHL Express", [("SH-RL2-W75D", 1)], 0.0),
    ("STR-J2K8-07795", "SRC-4126", "delivered", "2027-04-28T06:00:00Z", "2027-04-29T10:00:00Z", "2027-05-04T09:00:00Z", "DHL Express", [("WA-PL42", 1), ("AC-BND20", 1)], 0.0),
    ("STR-U5C1-61123", "SRC-4127", "delivered", "2027-03-01T09:00:00Z", "2027-03-02T10:00:00Z", "2027-03-08T12:00:00Z", "DHL Express", [("SH-TG3-W8B", 1)], 0.0),
    ("STR-Q7N4-92306", "SRC-4128", "processing", "2027-05-11T18:00:00Z", None, None, None, [("SK-MER3-L", 2)], 0.0),
    # --- Turkish customers
    ("STR-Y8R2-44019", "SRC-4129", "shipped", "2027-05-04T10:00:00Z", "2027-05-05T14:00:00Z", None, "DHL Express", [("SH-FR1-W9B", 1)], 0.0),
    ("STR-D3M6-15562", "SRC-4130", "delivered", "2027-04-27T11:00:00Z", "2027-04-28T10:00:00Z", "2027-05-05T13:00:00Z", "DHL Express", [("AP-TEE-M", 2), ("AP-SHT-M", 1)], 0.0),
    ("STR-X1E7-80034", "SRC-4131", "delivered", "2027-04-29T12:00:00Z", "2027-04-30T10:00:00Z", "2027-05-06T11:00:00Z", "DHL Express", [("SH-CL5-W65B", 1)], 0.0),
    ("STR-B6T9-27748", "SRC-4132", "returned", "2027-04-02T10:00:00Z", "2027-04-03T10:00:00Z", "2027-04-09T12:00:00Z", "DHL Express", [("WA-PL46P", 1)], 0.0),
    # --- SRC-4133 Paula: delivered in window; SRC-4134 Derek: cancelled after partial ship? (cancelled) and delivered
    ("STR-Z7A5-53301", "SRC-4133", "delivered", "2027-04-15T10:00:00Z", "2027-04-16T10:00:00Z", "2027-04-21T12:00:00Z", "DHL Express", [("GC-050", 1), ("SK-NOS3-L", 1)], 0.0),
    ("STR-N2P8-72219", "SRC-4134", "cancelled", "2027-04-10T10:00:00Z", None, None, None, [("AP-TEE-M", 1)], 42.00),
    ("STR-H8F3-06640", "SRC-4134", "delivered", "2027-05-07T10:00:00Z", "2027-05-08T10:00:00Z", "2027-05-10T16:00:00Z", "USPS", [("SK-NOS3-L", 1), ("AC-FLK500", 1)], 0.0),
]

# Fillers: (customer, status, order_date) -- items and dates are derived deterministically.
FILLERS = [
    ("SRC-4101", "delivered", "2026-11-20T10:00:00Z"), ("SRC-4102", "delivered", "2027-01-08T12:00:00Z"),
    ("SRC-4103", "delivered", "2026-12-01T09:00:00Z"), ("SRC-4104", "cancelled", "2027-02-14T18:00:00Z"),
    ("SRC-4106", "delivered", "2027-02-20T08:00:00Z"), ("SRC-4107", "shipped", "2027-05-10T11:00:00Z"),
    ("SRC-4108", "delivered", "2027-03-15T14:00:00Z"), ("SRC-4110", "returned", "2027-02-25T10:00:00Z"),
    ("SRC-4111", "delivered", "2026-10-30T10:00:00Z"), ("SRC-4113", "delivered", "2027-01-28T10:00:00Z"),
    ("SRC-4114", "processing", "2027-05-12T10:15:00Z"), ("SRC-4115", "delivered", "2027-02-02T10:00:00Z"),
    ("SRC-4116", "delivered", "2027-01-05T10:00:00Z"), ("SRC-4117", "delivered", "2027-03-03T10:00:00Z"),
    ("SRC-4119", "shipped", "2027-05-09T10:00:00Z"), ("SRC-4120", "delivered", "2027-03-11T10:00:00Z"),
    ("SRC-4122", "shipped", "2027-05-08T10:00:00Z"), ("SRC-4123", "delivered", "2027-02-17T10:00:00Z"),
    ("SRC-4124", "cancelled", "2027-03-29T10:00:00Z"), ("SRC-4125", "delivered", "2027-01-19T10:00:00Z"),
    ("SRC-4127", "delivered", "2026-12-22T10:00:00Z"), ("SRC-4129", "delivered", "2027-02-12T10:00:00Z"),
    ("SRC-4130", "delivered", "2027-03-04T10:00:00Z"), ("SRC-4133", "delivered", "2027-01-30T10:00:00Z"),
    ("SRC-4134", "delivered", "2027-03-18T10:00:00Z"), ("SRC-4112", "delivered", "2027-01-22T10:00:00Z"),
    ("SRC-4121", "delivered", "2027-02-08T10:00:00Z"), ("SRC-4118", "delivered", "2027-01-11T10:00:00Z"),
    ("SRC-4128", "delivered", "2027-02-26T10:00:00Z"), ("SRC-4131", "delivered", "2027-01-16T10:00:00Z"),
]
