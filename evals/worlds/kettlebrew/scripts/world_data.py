"""Kettlebrew world: customers, orders and help-center articles (data only).

Everything is relative to NOW; generate.py turns the offsets into RFC 3339 timestamps.
"""
import datetime as _dt

NOW = _dt.datetime(2027, 3, 15, 10, 0, 0, tzinfo=_dt.timezone.utc)
DESCRIPTION = (
    "Kettlebrew evaluation world (written blind): a specialty tea and coffee roaster in Hamburg "
    "with a partner roastery in Portland, shipping beans, loose-leaf tea, brewing gear and gift "
    "boxes across Europe and the US. Order ids are a two-letter prefix and 5 digits (kb88016), "
    "customer ids cust_ + 6 hex digits, help-center articles h + 3 digits."
)

CUSTOMERS = [
    ("cust_3fa91c", "Lena Hoffmann", "lena.hoffmann@posteo.de"),
    ("cust_7b20e4", "Oliver Bennett", "oliver.bennett@btinternet.com"),
    ("cust_a5d3f0", "Sofia Marchetti", "sofia.marchetti@libero.it"),
    ("cust_0c6e82", "Marcus Webb", "marcus.webb@gmail.com"),
    ("cust_e914b7", "Jana Novák", "jana.novak@seznam.cz"),
    ("cust_5d8a21", "Thomas Kühn", "t.kuehn@kuehn-partner.at"),
    ("cust_b47c09", "Priya Raman", "priya.raman@outlook.com"),
    ("cust_2e6f5d", "Henrik Larsen", "henrik.larsen@mail.dk"),
    ("cust_9a0b3e", "Claire Dubois", "claire.dubois@orange.fr"),
    ("cust_61c7aa", "Daniel Ortega", "dan.ortega@yahoo.com"),
    ("cust_d2f48c", "Katharina Vogel", "k.vogel@bluewin.ch"),
    ("cust_4e5b16", "Emily Carter", "emily.carter@icloud.com"),
    ("cust_f03d9b", "Maarten de Vries", "maarten.devries@ziggo.nl"),
    ("cust_8c1e70", "Aoife Byrne", "aoife.byrne@eircom.net"),
    ("cust_c6a2d4", "Felix Brandt", "felix.brandt@web.de"),
]

# sku -> (name, unit price in USD)
CATALOG = {
    "KB-BN-ETH-250": ("Ethiopia Yirgacheffe Beans 250 g", 16.50),
    "KB-BN-COL-1K": ("Colombia Huila Beans 1 kg", 48.00),
    "KB-BN-ESP-500": ("Kettlebrew Espresso Blend 500 g", 24.00),
    "KB-BN-DEC-250": ("Swiss Water Decaf Beans 250 g", 15.00),
    "KB-BN-KEN-250": ("Kenya Nyeri AA Beans 250 g", 19.50),
    "KB-TEA-SEN-100": ("Sencha Kagoshima Loose Leaf 100 g", 14.00),
    "KB-TEA-ASS-250": ("Assam Breakfast Loose Leaf 250 g", 12.50),
    "KB-TEA-OOL-50": ("Dong Ding Oolong 50 g", 18.00),
    "KB-TEA-EG-100": ("Earl Grey Bergamot 100 g", 11.00),
    "KB-TEA-ROO-100": ("Rooibos Vanilla 100 g", 9.50),
    "KB-TEA-MAT-30": ("Ceremonial Matcha 30 g tin", 26.00),
    "KB-GR-KET-GOO": ("Gooseneck Kettle 0.9 L with temperature control", 89.00),
    "KB-GR-KET-STV": ("Stovetop Gooseneck Kettle 1 L", 42.00),
    "KB-GR-GRD-HND": ("Hand Grinder Conical Burr", 119.00),
    "KB-GR-GRD-E40": ("Electric Burr Grinder E40", 229.00),
    "KB-GR-V60-02": ("Ceramic Pour-Over Dripper 02", 28.00),
    "KB-GR-FLT-100": ("Paper Filters 02 (100 pack)", 7.50),
    "KB-GR-SCL": ("Brew Scale with Timer", 39.00),
    "KB-GR-FRP-800": ("French Press 800 ml", 34.00),
    "KB-GR-TPT-600": ("Glass Teapot with Infuser 600 ml", 29.00),
    "KB-GR-CAN": ("Airtight Coffee Canister", 24.00),
    "KB-GIFT-DISC": ("Discovery Gift Box (4 coffees)", 59.00),
    "KB-GIFT-TEA": ("Tea Tasting Gift Box (6 teas)", 45.00),
    "KB-GIFT-BREW": ("Pour-Over Starter Gift Box", 95.00),
}

# Each order: id, customer, status, order age (days, hours, seconds before NOW), items [(sku, qty)],
# refunded (USD or "total"), carrier, tracking, and optional overrides:
#   "delivered_at": None -> a delivered order without a delivery date
#   "delivered_before_order": True -> delivered_at 2 days before order_date (inconsistent dates)
#   "exact_age": (days, seconds) -> order_date = NOW - days - seconds exactly (boundary orders)
ORDERS = [
    # Lena Hoffmann
    dict(id="kb88016", cust="cust_3fa91c", status="delivered", age=(12, 3), items=[("KB-GR-GRD-E40", 1), ("KB-BN-ETH-250", 2), ("KB-GR-FLT-100", 1)], carrier="DHL", tracking="4827150396"),
    dict(id="zo48213", cust="cust_3fa91c", status="shipped", age=(3, 5), items=[("KB-TEA-SEN-100", 1), ("KB-TEA-OOL-50", 1), ("KB-GR-TPT-600", 1)], carrier="DHL", tracking="5930617248"),
    dict(id="kb80457", cust="cust_3fa91c", status="delivered", age=(75, 2), items=[("KB-GR-FRP-800", 1), ("KB-TEA-ASS-250", 1)], carrier="DHL", tracking="3718264059"),
    # Oliver Bennett
    dict(id="rm31902", cust="cust_7b20e4", status="delivered", age=(8, 6), items=[("KB-GR-KET-GOO", 1), ("KB-TEA-EG-100", 2)], carrier="Royal Mail", tracking="TT482915307GB"),
    dict(id="rm31977", cust="cust_7b20e4", status="processing", age=(1, 2), items=[("KB-GIFT-DISC", 1)]),
    dict(id="rm29411", cust="cust_7b20e4", status="delivered", age=(40, 4), items=[("KB-BN-KEN-250", 2), ("KB-GR-CAN", 1)], refunded=19.50, carrier="Royal Mail", tracking="QV603184275GB"),
    # Sofia Marchetti
    dict(id="mt50218", cust="cust_a5d3f0", status="delivered", age=(20, 1), items=[("KB-GR-GRD-HND", 1), ("KB-BN-KEN-250", 1)], carrier="DHL", tracking="6402938175"),
    dict(id="mt50933", cust="cust_a5d3f0", status="cancelled", age=(10, 7), items=[("KB-GIFT-TEA", 1)], refunded="total"),
    dict(id="mt47120", cust="cust_a5d3f0", status="returned", age=(25, 3), items=[("KB-GR-KET-STV", 1)], carrier="DHL", tracking="2957031846"),
    # Marcus Webb
    dict(id="us70041", cust="cust_0c6e82", status="shipped", age=(5, 9), items=[("KB-GIFT-BREW", 1), ("KB-GR-SCL", 1)], carrier="DHL", tracking="8164207395"),
    dict(id="us70388", cust="cust_0c6e82", status="delivered", age=(14, 5), items=[("KB-GR-GRD-E40", 1)], carrier="DHL", tracking="7290318456", delivered_at=None),
    dict(id="us69102", cust="cust_0c6e82", status="delivered", exact_age=(30, 0), items=[("KB-BN-COL-1K", 1), ("KB-BN-ESP-500", 2)], carrier="DHL", tracking="1847392065"),
    # Jana Novák
    dict(id="pl62870", cust="cust_e914b7", status="delivered", age=(6, 8), items=[("KB-TEA-MAT-30", 1), ("KB-TEA-SEN-100", 1), ("KB-TEA-ROO-100", 2)], refunded=9.50, carrier="DHL", tracking="3051846297"),
    dict(id="pl61099", cust="cust_e914b7", status="delivered", age=(50, 2), items=[("KB-GR-V60-02", 1), ("KB-GR-FLT-100", 1)], carrier="DHL", tracking="9406152738"),
    dict(id="pl63305", cust="cust_e914b7", status="shipped", age=(2, 6), items=[("KB-TEA-OOL-50", 1)], carrier="DHL", tracking="5172830946"),
    # Thomas Kühn
    dict(id="at11504", cust="cust_5d8a21", status="delivered", age=(9, 3), items=[("KB-GR-GRD-E40", 1), ("KB-BN-DEC-250", 3)], carrier="DHL", tracking="6837201594"),
    dict(id="at11620", cust="cust_5d8a21", status="processing", age=(0, 4), items=[("KB-GR-SCL", 1), ("KB-GR-FLT-100", 2)]),
    dict(id="at10077", cust="cust_5d8a21", status="delivered", age=(120, 5), items=[("KB-GR-KET-GOO", 1)], carrier="DHL", tracking="2604918375"),
    # Priya Raman
    dict(id="gb40552", cust="cust_b47c09", status="delivered", age=(15, 2), items=[("KB-TEA-MAT-30", 2), ("KB-GR-TPT-600", 1)], carrier="Royal Mail", tracking="KP318402967GB"),
    dict(id="gb40719", cust="cust_b47c09", status="shipped", age=(2, 3), items=[("KB-TEA-EG-100", 1), ("KB-TEA-ASS-250", 1)], carrier="Royal Mail", tracking="LD705293814GB"),
    dict(id="gb38840", cust="cust_b47c09", status="delivered", age=(18, 6), items=[("KB-GIFT-TEA", 1)], refunded="total", carrier="Royal Mail", tracking="RX926140385GB"),
    # Henrik Larsen
    dict(id="dk20931", cust="cust_2e6f5d", status="delivered", age=(29, 1), items=[("KB-BN-COL-1K", 1), ("KB-GR-CAN", 1)], carrier="DHL", tracking="4159372608"),
    dict(id="dk21005", cust="cust_2e6f5d", status="returned", age=(45, 3), items=[("KB-GR-GRD-HND", 1)], refunded="total", carrier="DHL", tracking="7361842059"),
    dict(id="dk21388", cust="cust_2e6f5d", status="shipped", age=(7, 2), items=[("KB-BN-KEN-250", 1), ("KB-BN-ETH-250", 1)], carrier="DHL", tracking="2083649175"),
    # Claire Dubois
    dict(id="fr55102", cust="cust_9a0b3e", status="delivered", age=(4, 6), items=[("KB-GIFT-TEA", 1), ("KB-TEA-ROO-100", 1)], carrier="DHL", tracking="9527018364"),
    dict(id="fr55240", cust="cust_9a0b3e", status="cancelled", age=(3, 2), items=[("KB-GR-FRP-800", 1)], refunded="total"),
    dict(id="fr54013", cust="cust_9a0b3e", status="delivered", age=(60, 4), items=[("KB-TEA-SEN-100", 3)], carrier="DHL", tracking="1690452837"),
    # Daniel Ortega
    dict(id="us71220", cust="cust_61c7aa", status="delivered", age=(11, 5), items=[("KB-GR-KET-STV", 1), ("KB-BN-ESP-500", 2), ("KB-GR-SCL", 1)], carrier="DHL", tracking="8032716459"),
    dict(id="us71503", cust="cust_61c7aa", status="processing", age=(2, 1), items=[("KB-GIFT-DISC", 3)]),
    dict(id="us70815", cust="cust_61c7aa", status="delivered", age=(10, 2), items=[("KB-GR-GRD-HND", 1)], carrier="DHL", tracking="4710395826", delivered_before_order=True),
    # Katharina Vogel
    dict(id="ch30416", cust="cust_d2f48c", status="delivered", exact_age=(30, 1), items=[("KB-GR-KET-GOO", 1), ("KB-TEA-OOL-50", 1)], carrier="DHL", tracking="6295017384"),
    dict(id="ch30877", cust="cust_d2f48c", status="shipped", age=(4, 3), items=[("KB-BN-KEN-250", 2)], carrier="DHL", tracking="3846051927"),
    dict(id="ch29950", cust="cust_d2f48c", status="delivered", age=(5, 7), items=[("KB-TEA-EG-100", 1), ("KB-GR-TPT-600", 1)], carrier="DHL", tracking="5409372816"),
    # Emily Carter
    dict(id="us72004", cust="cust_4e5b16", status="delivered", age=(6, 2), items=[("KB-GIFT-DISC", 2)], carrier="DHL", tracking="1375920486"),
    dict(id="us72190", cust="cust_4e5b16", status="delivered", age=(35, 6), items=[("KB-GR-GRD-E40", 1)], carrier="DHL", tracking="6048173952"),
    dict(id="us72411", cust="cust_4e5b16", status="shipped", age=(1, 8), items=[("KB-GR-CAN", 1), ("KB-BN-COL-1K", 1)], carrier="DHL", tracking="9218305764"),
    # Maarten de Vries
    dict(id="nl60118", cust="cust_f03d9b", status="delivered", age=(19, 4), items=[("KB-GR-GRD-HND", 1), ("KB-GR-V60-02", 1), ("KB-GR-FLT-100", 2)], carrier="DHL", tracking="7053918246"),
    dict(id="nl60452", cust="cust_f03d9b", status="shipped", age=(6, 1), items=[("KB-BN-ESP-500", 1), ("KB-BN-DEC-250", 1)], carrier="DHL", tracking="2741603958"),
    dict(id="nl58731", cust="cust_f03d9b", status="cancelled", age=(50, 3), items=[("KB-GR-GRD-E40", 1)], refunded="total"),
    # Aoife Byrne
    dict(id="ie90277", cust="cust_8c1e70", status="delivered", age=(13, 2), items=[("KB-BN-KEN-250", 1), ("KB-TEA-SEN-100", 1), ("KB-GR-TPT-600", 1)], carrier="DHL", tracking="8406291735"),
    dict(id="ie90301", cust="cust_8c1e70", status="processing", age=(3, 4), items=[("KB-GIFT-BREW", 1)]),
    dict(id="ie89120", cust="cust_8c1e70", status="delivered", age=(32, 5), items=[("KB-GR-KET-GOO", 1)], carrier="DHL", tracking="3592784160"),
    # Felix Brandt
    dict(id="de83310", cust="cust_c6a2d4", status="delivered", age=(22, 3), items=[("KB-GR-FRP-800", 1), ("KB-TEA-EG-100", 1), ("KB-TEA-ASS-250", 1)], carrier="DHL", tracking="6915048273"),
    dict(id="de83562", cust="cust_c6a2d4", status="returned", age=(12, 6), items=[("KB-GR-SCL", 1)], refunded="total", carrier="DHL", tracking="4280735619"),
    dict(id="de84010", cust="cust_c6a2d4", status="shipped", age=(1, 5), items=[("KB-BN-ETH-250", 2), ("KB-GR-CAN", 1)], carrier="DHL", tracking="1063958427"),
]

# Help-center articles: id, title, tags, body.
KB = [
    ("h101", "Brew ratios: how much coffee for pour-over and French press",
     ["brewing", "ratio", "pour-over", "french press", "recipe", "dose"],
     "A good starting point for filter coffee is a ratio of 1:16, which is 15 g of ground coffee for 250 ml of "
     "water. For a French press use a slightly stronger 1:15 ratio, about 53 g of coffee for an 800 ml press, and "
     "steep for 4 minutes before plunging. If you want a stronger cup, move to 1:14 rather than grinding finer. "
     "Weigh both the coffee and the water on a scale: a level scoop of whole beans weighs anywhere between 6 and "
     "9 g depending on the roast, so spoon measures are unreliable. Water just off the boil, around 93 °C, suits "
     "most of our filter roasts."),
    ("h102", "Grind size guide for every brew method",
     ["grind", "grind size", "grinder", "espresso", "pour-over", "french press", "cold brew"],
     "Match the grind to the brew method. Espresso needs a fine grind, close to powdered sugar. Pour-over and drip "
     "need medium-fine, like table salt. A French press needs a coarse grind, like sea salt, so the mesh filter "
     "does not clog and the cup is not muddy or silty. Cold brew wants the coarsest setting of all. If your "
     "pour-over drains in under 2 minutes, grind finer; if it takes longer than 4 minutes, grind coarser. On our "
     "hand grinder, start at 18 clicks from zero for pour-over and 30 clicks for a French press."),
    ("h103", "Storing coffee beans at home",
     ["storage", "beans", "freshness", "freezer", "container"],
     "Keep beans in an airtight, opaque container at room temperature, away from sunlight, heat and the stove. Do "
     "not keep opened coffee in the fridge: beans take on moisture and the smells of other food. Freezing is fine "
     "for longer storage if you portion the beans into sealed bags, freeze them once and grind them straight from "
     "frozen without thawing and refreezing. Once opened, a bag of whole beans tastes best within 4 weeks; ground "
     "coffee loses most of its aroma within a few days. The one-way valve on our bags lets carbon dioxide out "
     "without letting air in, so you can keep the beans in the bag if you press the air out and close the zip."),
    ("h104", "Roast dates: when was my coffee roasted?",
     ["roast date", "freshness", "roasting", "resting", "best before"],
     "We roast to order in small batches from Monday to Thursday, and every bag leaves the roastery within 48 hours "
     "of roasting. The roast date is printed on the label on the back of the bag, next to the batch number; the "
     "best-before date on the bottom seam is 9 months after roasting. Freshly roasted coffee needs to rest before "
     "it tastes its best: filter roasts from 5 days after the roast date, espresso roasts from 10 days. If your "
     "beans arrive the day after roasting, give them a few days before judging the flavour."),
    ("h105", "Storing loose-leaf tea and matcha",
     ["tea", "storage", "loose leaf", "freshness", "matcha", "tin"],
     "Store loose-leaf tea in an airtight tin away from light, heat, moisture and strong smells such as spices or "
     "coffee: tea absorbs odours easily. Green and white teas taste freshest within 6 months of opening; black "
     "teas, oolongs and rooibos keep for up to 2 years. Matcha is the most delicate of all: keep an opened tin in "
     "the fridge, tightly closed, and use it within 6 weeks. Never put a wet spoon into the tin."),
    ("h106", "Water temperature and steeping times for tea",
     ["tea", "temperature", "steeping", "green tea", "black tea", "oolong", "bitter"],
     "Boiling water scorches delicate leaves. Brew green teas such as our Sencha at 70–80 °C for 1 to 2 minutes; "
     "white teas at 80 °C for 3 minutes; oolongs at 90 °C for 3 minutes, and they can be steeped again up to five "
     "times; black teas, Earl Grey and rooibos with water just off the boil, 95–100 °C, for 3 to 5 minutes. Use "
     "about 3 g of leaves, a heaped teaspoon, per 250 ml cup. If a cup tastes bitter, shorten the steeping time "
     "before you reduce the amount of tea."),
    ("h107", "Descaling your kettle",
     ["kettle", "descaling", "limescale", "cleaning", "gooseneck", "hard water"],
     "Limescale slows heating and makes the temperature display read wrong. Descale the gooseneck kettle every 4 "
     "weeks in hard-water areas and every 3 months elsewhere. Fill the kettle to the 0.6 L mark with water, add 2 "
     "tablespoons of citric acid (or use half water, half white vinegar), bring it to the boil, switch it off and "
     "leave it to stand for 20 minutes. Empty it, then boil and discard fresh water twice to rinse. Never put the "
     "base in water, and do not use bleach or abrasive pads on the inside. The stovetop kettle is descaled the "
     "same way on a low flame."),
    ("h108", "Cleaning the burrs of your grinder",
     ["grinder", "burrs", "cleaning", "maintenance", "hand grinder", "electric grinder"],
     "Oils and fines build up on the burrs, make the grind uneven and the coffee taste rancid. Clean the burrs "
     "about once a month, or after every 2 kg of beans. Unplug the electric grinder, empty the hopper and lift out "
     "the upper burr by turning it anticlockwise; on the hand grinder, unscrew the adjustment nut and slide out "
     "the inner burr. Brush both burrs and the chamber with a dry brush; never wash burrs with water or put them "
     "in the dishwasher, as they rust. Do not grind rice to clean them: it is harder than coffee and can damage "
     "the motor. Grinder-cleaning tablets made for the purpose are fine."),
    ("h109", "Setting the hand grinder: clicks and zero point",
     ["grinder", "hand grinder", "adjustment", "clicks", "calibration", "zero"],
     "The hand grinder adjusts in clicks, each of which moves the burr by about 25 microns. To find the zero "
     "point, turn the adjustment dial clockwise until the burrs touch and the handle no longer turns freely: this "
     "is zero. Count the clicks anticlockwise from there, and never grind at zero. A full turn of the dial is 36 "
     "clicks. Recommended starting points for each brew method are in our grind size guide."),
    ("h110", "Gooseneck kettle: keeping water hot and switching °C/°F",
     ["kettle", "temperature", "hold", "settings", "fahrenheit", "celsius", "display"],
     "The temperature-control gooseneck kettle heats to any temperature between 40 and 100 °C. Press the HOLD "
     "button after choosing a temperature and the kettle keeps the water at that temperature for 60 minutes, as "
     "long as it stays on its base. To switch the display between Celsius and Fahrenheit, hold the SET button for "
     "3 seconds with the kettle on the base. If the display shows E1, the kettle was switched on empty: let it "
     "cool for 10 minutes before refilling."),
    ("h111", "Shipping policy: destinations, costs and delivery times",
     ["shipping", "delivery", "countries", "customs", "costs", "packstation", "dispatch"],
     "This page explains where we ship, what it costs and how long it takes. Kettlebrew ships from our roastery in "
     "Hamburg to every country of the European Union, the United Kingdom, Switzerland and Norway, and from our "
     "partner roastery in Portland, Oregon, to all 50 US states. Because we roast to order, orders placed by 12:00 "
     "CET from Monday to Thursday are roasted and dispatched within 2 business days; orders placed from Friday "
     "noon are roasted the following Monday. Brewing gear that is in stock ships the next business day, "
     "together with any coffee in the same order. Shipping within Germany costs 4.90 EUR and is free from 39 EUR; "
     "the rest of the EU costs 7.90 EUR and is free from 59 EUR; the United Kingdom, Switzerland and Norway cost "
     "12.90 EUR. Orders within the US ship free from 50 USD, otherwise for 6.90 USD. Delivery usually takes 1–2 "
     "business days within Germany, 2–5 business days elsewhere in the EU, 3–6 business days to the UK, Switzerland "
     "and Norway, and 2–5 business days within the US. Coffee and tea are sent in letterbox-friendly boxes "
     "wherever they fit, so you do not need to be at home for most coffee-only orders. Orders to the United "
     "Kingdom, Switzerland and Norway are sent with customs duties and import VAT prepaid, so nothing is due on "
     "delivery. We do not deliver to PO boxes, but DHL Packstations in Germany are fine if you enter your "
     "Postnummer in the address form. Each parcel is insured for its full value while it travels. Public holidays "
     "in Hamburg or Portland can add a day to the dispatch time."),
    ("h112", "Tracking your parcel",
     ["tracking", "shipping", "dhl", "royal mail", "parcel", "tracking number"],
     "As soon as your parcel leaves us, we email you the carrier and the tracking number; both also appear under "
     "Account > Orders. DHL tracking numbers have 10 digits; Royal Mail numbers look like AB123456789GB. The first "
     "scan can take up to 24 hours to appear on the carrier's site, so 'no information available yet' on the day "
     "of dispatch is normal. If your tracking has not changed for 5 business days, contact us with your order "
     "number and we will open an investigation with the carrier."),
    ("h113", "Returns and refunds policy",
     ["returns", "refunds", "policy", "opened", "food", "return label"],
     "This policy applies to all orders placed in our online shop. You may return most items within 30 days of "
     "your order date. Brewing gear such as kettles, grinders, drippers, scales, presses and teapots must be "
     "returned unused and in its original packaging unless it is faulty. Coffee and tea are food, and for hygiene "
     "reasons opened bags and tins can only be returned if the product is faulty, for example if it is mouldy or "
     "arrived after its best-before date; unopened bags and tins can be returned within the 30 days like anything "
     "else. Gift boxes count as food once their seal is broken. To start a return, open Account > Orders, choose "
     "the order and click Return an item. Faulty items come with a prepaid return label; for other returns the "
     "return postage of 5.90 EUR is deducted from the refund. Refunds are paid to the original payment method "
     "within 5 business days of the return reaching us or of the refund being approved. Orders that were "
     "cancelled before dispatch are refunded automatically. We cannot refund shipping costs on partial returns."),
    ("h114", "Damaged or faulty brewing gear",
     ["damaged", "broken", "faulty", "gear", "kettle", "grinder", "transport damage"],
     "If a kettle, grinder or piece of glassware arrives damaged, take photos of the item and of the outer box, "
     "including the shipping label, within 7 days of delivery, and keep all the packaging until we have replied. "
     "Send the photos with your order number through the contact form. We replace damaged items free of charge, "
     "or refund them if you prefer. A product that develops a fault later is covered by the warranty instead."),
    ("h115", "Warranty on kettles and grinders",
     ["warranty", "guarantee", "repair", "kettle", "grinder", "defect"],
     "Electric kettles and electric grinders come with a two-year warranty from the delivery date, and the burrs "
     "of our hand grinder are guaranteed for 5 years. The warranty covers manufacturing faults, not limescale "
     "damage, drops, or the wear of seals and paper filters. To make a claim, send us your order number, a short "
     "description and a short video of the fault; we repair or replace the product. Keep your order "
     "confirmation as proof of purchase."),
    ("h116", "Gift boxes and gift messages",
     ["gift", "gift box", "gift message", "present", "packing slip"],
     "All our gift boxes ship in a recyclable kraft sleeve. At checkout, tick 'This is a gift' to add a free "
     "message of up to 200 characters, printed on a card inside the box. Gift orders never show prices: the "
     "packing slip lists only the items. The Discovery Gift Box holds four 100 g bags of single-origin coffee, "
     "and the Tea Tasting Gift Box six 25 g tins. You can send a gift to any address we ship to, even if it "
     "differs from your billing address."),
    ("h117", "Our decaf: the Swiss Water Process",
     ["decaf", "caffeine", "decaffeinated", "swiss water", "coffee"],
     "Our decaf beans are decaffeinated in Canada with the Swiss Water Process, which uses only water, temperature "
     "and time and no chemical solvents. The process removes 99.9% of the caffeine, so a cup contains about 2 mg, "
     "compared with around 95 mg in a regular cup of filter coffee. We roast our decaf a little lighter than the "
     "beans it comes from, so grind it one or two clicks finer."),
    ("h118", "Resetting your password",
     ["account", "password", "login", "sign in", "reset"],
     "On the sign-in page, click 'Forgot password?' and enter your email address. We send you a reset link that "
     "works for 60 minutes and only once. If the email does not arrive within 10 minutes, check your spam folder. "
     "Accounts created with Google or Apple sign-in have no password of their own: use the same button to sign in."),
    ("h119", "Deleting your account and your data",
     ["account", "delete", "privacy", "data", "gdpr"],
     "You can delete your account yourself under Account > Privacy > Delete my account. We erase your profile, "
     "addresses and saved cards within 14 days; invoices are kept for 10 years because tax law requires it. Open "
     "orders are still delivered. To stop only marketing emails, use the unsubscribe link at the bottom of any "
     "newsletter instead."),
    ("h120", "Subscriptions: changing your coffee, grind or bag size",
     ["subscription", "grind", "coffee", "bag size", "edit"],
     "Manage your subscription under Account > Subscriptions > Edit. There you can switch to another coffee, "
     "choose whole beans or one of five grind settings (espresso, moka pot, pour-over, French press, cold brew) "
     "and change the bag size between 250 g and 1 kg. Changes saved before Sunday 23:59 CET apply to the next "
     "roast; later changes apply to the one after."),
    ("h121", "Subscriptions: updating the payment card",
     ["subscription", "payment", "card", "billing", "expired card"],
     "To replace the card your subscription is charged to, go to Account > Subscriptions > Payment and click "
     "Replace card. The new card is charged from the next renewal, and a renewal that already failed is retried "
     "on the new card within 24 hours. For your security we cannot take card details by email or phone."),
    ("h122", "Choosing another delivery day with DHL or Royal Mail",
     ["dhl", "delivery day", "reschedule", "not at home", "royal mail", "redeliver"],
     "If you will not be at home, you can move a DHL delivery yourself: open the tracking link from our dispatch "
     "email, or enter your tracking number at dhl.de, and choose another delivery day or a safe place such as a "
     "garage or terrace. This is possible until the parcel is loaded for delivery on the day. Royal Mail parcels "
     "can be rebooked with the Redeliver service at royalmail.com after a missed-delivery card."),
    ("h123", "Exchanging an item for another model",
     ["exchange", "swap", "return", "gear", "different model"],
     "We do not swap items directly. To exchange a grinder, kettle or other gear for another model or colour, "
     "return the unused item from Account > Orders > Return an item within 30 days of your order date and place a "
     "new order for the one you want; the refund for the return is paid as soon as the item reaches us. Gift "
     "boxes and opened coffee or tea cannot be exchanged."),
    ("h124", "Payment methods we accept",
     ["payment", "card", "paypal", "klarna", "apple pay", "google pay"],
     "We accept Visa, Mastercard, American Express, PayPal, Apple Pay and Google Pay; Klarna invoice is available "
     "in Germany, Austria and the Netherlands. Your card is charged when the order is dispatched, not when you "
     "place it. Prices are charged in the currency shown at checkout (EUR, GBP or USD)."),
    ("h125", "Cold brew at home",
     ["cold brew", "recipe", "iced coffee", "brewing", "concentrate"],
     "Coarsely grind 100 g of coffee and stir it into 1 litre of cold, filtered water. Cover and steep in the "
     "fridge for 16 to 18 hours, then filter through a paper filter or a French press. The concentrate keeps for "
     "up to 2 weeks in a closed bottle in the fridge; dilute it 1:1 with water or milk to serve."),
    ("h126", "Preparing matcha",
     ["matcha", "tea", "whisk", "preparation", "latte"],
     "Sift 2 g of matcha (two bamboo scoops, or half a teaspoon) into a bowl, add 70 ml of water at 80 °C, never "
     "boiling, and whisk briskly in a zigzag motion, not in circles, for about 15 seconds until a fine foam forms. "
     "For a latte, whisk the matcha with 30 ml of water first and top up with 150 ml of warm milk."),
]

# Topics the help center deliberately does NOT cover (no-article cases are built on these):
NOT_COVERED = [
    "wholesale or café accounts and trade pricing",
    "caffeine content of a specific tea",
    "pausing or skipping a subscription",
    "custom blends",
    "visiting the roastery, tours and cuppings",
    "corporate gifting invoices (VAT ids, bulk orders)",
    "whether the stovetop kettle works on induction hobs",
    "organic certification of the teas",
    "recycling or composting the coffee bags",
    "dishwasher safety of the French press",
    "cancelling an order",
    "changing the delivery address of an order",
    "changing the payment method of an order already placed",
    "adding items to an order already placed",
]
