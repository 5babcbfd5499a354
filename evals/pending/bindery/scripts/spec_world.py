"""Hand-written world of The Bindery: catalogue, customers, orders.

Dates are written relative to NOW (days, hours, minutes before it); order ids are
numbered by generate.py in order-date order, so every id below is a *handle* (S1, R6, ...)
that the case specs refer to.
"""
from datetime import datetime, timedelta, timezone

NOW = datetime(2026, 11, 20, 15, 0, 0, tzinfo=timezone.utc)
NOW_S = "2026-11-20T15:00:00Z"

DESCRIPTION = (
    "The Bindery: an independent online bookshop at 27 Thistle Wynd, Edinburgh, selling new and "
    "second-hand books, signed and first editions, pre-orders, ebooks and audiobook downloads, gift "
    "cards, a monthly Reading Box subscription, bookbinding kits and reading accessories. Prices in "
    "USD. Ships with Royal Mail, DHL and UPS; digital items are delivered by a download link."
)

# sku -> (name, unit price, kind)   kind: book, preorder, digital, giftcard_e, giftcard_print, box, goods
CATALOG = {
    "9781916032145": ("The Salt Archive by Isla Morven (hardback)", 24.00, "book"),
    "9781916032145-SF1": ("The Salt Archive by Isla Morven - signed first edition, first printing", 95.00, "book"),
    "9781916032398": ("PRE-ORDER: The Glass Stair by Isla Morven (hardback, publishes 4 December 2026)", 25.00, "preorder"),
    "9781916032398-SGN": ("PRE-ORDER: The Glass Stair by Isla Morven - signed edition (publishes 4 December 2026)", 30.00, "preorder"),
    "9781838850722": ("PRE-ORDER: The Ferryman's Almanac 2027 (paperback, publishes 15 January 2027)", 19.99, "preorder"),
    "9780857862240": ("Northern Lights Over Leith by Calum Reid (paperback)", 14.50, "book"),
    "9780857862240-BP": ("Northern Lights Over Leith by Calum Reid - signed bookplate edition (paperback)", 18.50, "book"),
    "9781529904113": ("A Grammar of Tides by Mira Okafor (hardback)", 27.00, "book"),
    "9781529904113-LTD": ("A Grammar of Tides by Mira Okafor - signed and numbered limited edition (No. 114 of 250)", 140.00, "book"),
    "9780241998076": ("The Cartographer's Daughter by Elena Bruni (paperback)", 12.99, "book"),
    "9781786894410": ("Small Hours in Stockbridge by Fiona Hale (paperback)", 11.99, "book"),
    "9781913097512": ("Fjord Light by Ingrid Solberg, translated by Kari Dahl (paperback)", 15.99, "book"),
    "9780008471230": ("The Lantern Press by Tomas Quirke (hardback)", 22.50, "book"),
    "9780500297735": ("Winter Bindings: A History of the Book by Astrid Lindqvist (hardback)", 38.00, "book"),
    "9781780278841": ("Moss and Stone: Scottish Gardens by Rhona Baird (hardback)", 32.00, "book"),
    "9781846975301": ("The Quiet Compositor by J. M. Ferrie (paperback)", 10.99, "book"),
    "9781910646066": ("Otter Finds a Library by Kirsty Dunbar (picture book, paperback)", 9.99, "book"),
    "RARE-1962-HC01": ("First edition: The Harbour Clock by Neil Gunnison (1962), Very Good in Good dust jacket", 185.00, "book"),
    "USED-LOTH-0417": ("Second-hand: Collected Poems of the Lothians (Good)", 8.00, "book"),
    "USED-COOK-1958": ("Second-hand: The Edinburgh Cookery Book (1958, Fair)", 16.00, "book"),
    "USED-HEBR-0093": ("Second-hand: Atlas of the Hebrides (Very Good)", 42.00, "book"),
    "EPUB-9781529904120": ("Ebook (EPUB): A Grammar of Tides", 12.99, "digital"),
    "EPUB-9781913097529": ("Ebook (EPUB): Fjord Light", 7.99, "digital"),
    "AUD-9781916032152": ("Audiobook download: The Salt Archive, unabridged (11 h 40 min)", 21.00, "digital"),
    "AUD-9781786894427": ("Audiobook download: Small Hours in Stockbridge, unabridged", 16.50, "digital"),
    "BND-GC-E25": ("Gift card (e-card), $25", 25.00, "giftcard_e"),
    "BND-GC-E50": ("Gift card (e-card), $50", 50.00, "giftcard_e"),
    "BND-GC-P40": ("Gift card (printed, posted), $40", 40.00, "giftcard_print"),
    "BND-BOX-2610": ("The Bindery Reading Box - October 2026", 34.00, "box"),
    "BND-BOX-2611": ("The Bindery Reading Box - November 2026", 34.00, "box"),
    "BND-BOX-G3": ("The Bindery Reading Box - 3-month gift subscription", 96.00, "box"),
    "BND-KIT-COPTIC": ("Bookbinding kit: Coptic stitch starter", 45.00, "goods"),
    "BND-KIT-STAB": ("Bookbinding kit: Japanese stab binding", 29.00, "goods"),
    "BND-LAMP-BRASS": ("Brass clip-on reading lamp (USB-C rechargeable)", 39.00, "goods"),
    "BND-BE-WALNUT": ("Walnut bookends (pair)", 48.00, "goods"),
    "BND-BE-THISTLE": ("Cast-iron thistle bookends (pair)", 36.00, "goods"),
    "BND-BM-LINEN3": ("Linen bookmarks (set of 3)", 6.50, "goods"),
    "BND-TOTE-PAGE": ("Book-page tote bag", 15.00, "goods"),
}

# short names used below
SALT, SALT_SF, GLASS, GLASS_S, ALMANAC = "9781916032145", "9781916032145-SF1", "9781916032398", "9781916032398-SGN", "9781838850722"
NLIGHTS, NLIGHTS_BP, GRAM, GRAM_LTD = "9780857862240", "9780857862240-BP", "9781529904113", "9781529904113-LTD"
CART, SMALL, FJORD, LANTERN, WINTER, MOSS, QUIET, OTTER = ("9780241998076", "9781786894410", "9781913097512",
    "9780008471230", "9780500297735", "9781780278841", "9781846975301", "9781910646066")
HARBOUR, POEMS, COOKERY, ATLAS = "RARE-1962-HC01", "USED-LOTH-0417", "USED-COOK-1958", "USED-HEBR-0093"
EPUB_GRAM, EPUB_FJORD, AUD_SALT, AUD_SMALL = "EPUB-9781529904120", "EPUB-9781913097529", "AUD-9781916032152", "AUD-9781786894427"
GC25, GC50, GC40P = "BND-GC-E25", "BND-GC-E50", "BND-GC-P40"
BOX_OCT, BOX_NOV, BOX_G3 = "BND-BOX-2610", "BND-BOX-2611", "BND-BOX-G3"
KIT_C, KIT_S, LAMP, WALNUT, THISTLE, BKMK, TOTE = ("BND-KIT-COPTIC", "BND-KIT-STAB", "BND-LAMP-BRASS",
    "BND-BE-WALNUT", "BND-BE-THISTLE", "BND-BM-LINEN3", "BND-TOTE-PAGE")

CUSTOMERS = [
    ("RDR-4471", "Morag Henderson", "morag.henderson@btinternet.com"),
    ("RDR-4502", "Alasdair Greig", "alasdair.greig@gmail.com"),
    ("RDR-4518", "Priya Raman", "priya.raman@outlook.com"),
    ("RDR-4533", "Giulia Ferraro", "giulia.ferraro@libero.it"),
    ("RDR-4547", "Lars Haugen", "lars.haugen@online.no"),
    ("RDR-4560", "Daniel Okonkwo", "d.okonkwo@gmail.com"),
    ("RDR-4579", "Sophie Lambert", "sophie.lambert@icloud.com"),
    ("RDR-4581", "Ewan MacLeod", "ewan.macleod@hotmail.co.uk"),
    ("RDR-4596", "Hannah Brooks", "hannah.brooks@gmail.com"),
    ("RDR-4610", "Marco Bellini", "marco.bellini@gmail.com"),
    ("RDR-4624", "Ingrid Nilsen", "ingrid.nilsen@gmail.com"),
    ("RDR-4637", "Fraser Lindsay", "f.lindsay@leith-academy.example.sch.uk"),
    ("RDR-4641", "Catriona Wallace", "catriona.w@gmail.com"),
    ("RDR-4655", "Tom Whitaker", "tom.whitaker@protonmail.com"),
    ("RDR-4668", "Aisha Siddiqui", "aisha.siddiqui@yahoo.co.uk"),
    ("RDR-4672", "Robert Kinnear", "robert.kinnear@gmail.com"),
    ("RDR-4689", "Eilidh Munro", "eilidh.munro@gmail.com"),
    ("RDR-4693", "Jacob Feldman", "jacob.feldman@gmail.com"),
    ("RDR-4706", "Chiara Romano", "chiara.romano@gmail.com"),
    ("RDR-4711", "Sindre Bakken", "sindre.bakken@gmail.com"),
    ("RDR-4725", "Margaret Doig", "margaret.doig@btinternet.com"),
    ("RDR-4738", "Oliver Grant", "oliver.grant@outlook.com"),
    ("RDR-4744", "Niamh O'Sullivan", "niamh.osullivan@eircom.net"),
    ("RDR-4759", "Kenji Watanabe", "kenji.watanabe@gmail.com"),
    ("RDR-4763", "Beatrice Hollis", "beatrice.hollis@btinternet.com"),
    ("RDR-4777", "Stuart Paterson", "stu.paterson@gmail.com"),
    ("RDR-4780", "Lucy Chen", "lucy.chen@gmail.com"),
    ("RDR-4794", "Gordon Maxwell", "gordon.maxwell@outlook.com"),
    ("RDR-4808", "Emma Sinclair", "emma.sinclair@gmail.com"),
    ("RDR-4815", "Rachel Adeyemi", "rachel.adeyemi@gmail.com"),
    ("RDR-4829", "Patrick Doyle", "patrick.doyle@gmail.com"),
    ("RDR-4832", "Freya Ross", "freya.ross@icloud.com"),
    ("RDR-4846", "Samuel Ortiz", "samuel.ortiz@gmail.com"),
    ("RDR-4850", "Annika Johansen", "annika.johansen@hotmail.no"),
    ("RDR-4863", "Valentina Greco", "valentina.greco@tiscali.it"),
    ("RDR-4877", "Duncan Fairbairn", "d.fairbairn@portobello-primary.example.sch.uk"),
    ("RDR-4881", "Isobel Carmichael", "isobel.carmichael@gmail.com"),
    ("RDR-4895", "Hamish Rennie", "hamish.rennie@gmail.com"),
]

RM, DHL, UPS, DIG = "Royal Mail", "DHL", "UPS", "Bindery Digital"


def ago(d=0, h=0, m=0, s=0):
    return NOW - timedelta(days=d, hours=h, minutes=m, seconds=s)


def at(d, h=0, m=0):
    """A time of day `d` days before NOW, at a plausible hour offset (for shipped/delivered)."""
    return ago(d, h, m)


# handle, customer, status, order_date, shipped_at, delivered_at, carrier, tracking, items [(sku, qty)], refunded
# order_date etc. are datetimes (or None). For cancelled orders refunded = total (refunded automatically).
ORDERS = [
    # ---- status questions -------------------------------------------------------------------
    ("S1", "RDR-4471", "processing", ago(0, 20, 12), None, None, None, None, [(MOSS, 1), (BKMK, 1)], 0.0),
    ("S2", "RDR-4502", "processing", ago(40, 3, 41), None, None, None, None, [(GLASS, 1)], 0.0),
    ("S3", "RDR-4518", "shipped", ago(3, 5, 2), ago(2, 7, 30), None, RM, "QF482913067GB", [(SALT, 1), (SMALL, 1)], 0.0),
    ("S4", "RDR-4596", "shipped", ago(6, 9, 18), ago(5, 6, 5), None, DHL, "4938201757", [(WINTER, 1)], 0.0),
    ("S5", "RDR-4693", "shipped", ago(7, 11, 47), ago(6, 6, 40), None, UPS, "1Z8E4W970394718823", [(WALNUT, 1), (GRAM, 1)], 0.0),
    ("S6", "RDR-4560", "delivered", ago(12, 2, 9), ago(11, 6, 15), ago(9, 4, 51), RM, "QF471150296GB", [(CART, 1)], 0.0),
    ("S7", "RDR-4759", "delivered", ago(19, 8, 30), ago(18, 5, 12), ago(15, 2, 3), DHL, "5520938471", [(ATLAS, 1)], 0.0),
    ("S8", "RDR-4579", "cancelled", ago(10, 1, 26), None, None, None, None, [(LANTERN, 1)], 22.50),
    ("S9", "RDR-4581", "returned", ago(45, 4, 10), ago(44, 6, 0), ago(41, 3, 22), RM, "QF339018442GB", [(THISTLE, 1)], 0.0),
    ("S10", "RDR-4780", "delivered", ago(1, 3, 14), ago(1, 3, 13), ago(1, 3, 13), DIG, "DL-7Q4M2K9X", [(AUD_SALT, 1)], 0.0),
    ("S11", "RDR-4641", "shipped", ago(4, 6, 55), ago(3, 5, 20), None, RM, "QF495537201GB", [(NLIGHTS, 1), (BKMK, 1)], 0.0),
    ("S12", "RDR-4655", "delivered", ago(9, 1, 33), ago(8, 6, 2), ago(6, 3, 40), UPS, "1Z5V81A20491375530", [(KIT_C, 1), (WALNUT, 1)], 0.0),
    ("S13", "RDR-4668", "shipped", ago(19, 15, 0), ago(11, 6, 45), None, RM, "QF502281736GB", [(BOX_NOV, 1)], 0.0),
    ("S14", "RDR-4672", "shipped", ago(3, 2, 50), ago(2, 6, 25), None, DHL, "6183920475", [(HARBOUR, 1)], 0.0),
    ("S15", "RDR-4689", "shipped", ago(5, 7, 5), ago(4, 6, 35), None, UPS, "1Z9X27E50472601184", [(WALNUT, 1)], 0.0),
    ("S16", "RDR-4725", "delivered", ago(8, 4, 0), ago(7, 6, 10), ago(5, 2, 48), RM, "QF488120573GB", [(MOSS, 1)], 0.0),
    ("S20", "RDR-4533", "shipped", ago(6, 3, 38), ago(5, 6, 50), None, DHL, "7730184526", [(CART, 1), (GRAM, 1)], 0.0),
    ("S21", "RDR-4624", "processing", ago(1, 22, 5), None, None, None, None, [(FJORD, 1), (OTTER, 1)], 0.0),
    # ---- refunds ---------------------------------------------------------------------------
    ("R1", "RDR-4808", "delivered", ago(14, 5, 20), ago(13, 6, 30), ago(11, 3, 15), RM, "QF466203915GB", [(SALT_SF, 1)], 0.0),
    ("R2", "RDR-4815", "delivered", ago(11, 0, 42), ago(10, 6, 12), ago(8, 4, 30), UPS, "1Z6F03W90418822016", [(WALNUT, 1), (WINTER, 1), (BKMK, 1)], 0.0),
    ("R3", "RDR-4637", "delivered", ago(16, 6, 3), ago(15, 5, 45), ago(13, 4, 0), RM, "QF470019384GB", [(OTTER, 6), (QUIET, 1)], 0.0),
    ("R4", "RDR-4829", "delivered", ago(9, 7, 12), ago(8, 5, 58), ago(6, 1, 20), DHL, "6620418395", [(GRAM_LTD, 1)], 0.0),
    ("R5", "RDR-4832", "delivered", ago(13, 3, 3), ago(12, 6, 40), ago(10, 2, 11), RM, "QF468831027GB", [(LAMP, 1), (FJORD, 1), (SMALL, 1), (POEMS, 1)], 0.0),
    ("R6", "RDR-4846", "delivered", ago(30), ago(29, 2, 0), ago(24, 4, 35), UPS, "1Z4A93F80493301127", [(MOSS, 1), (THISTLE, 1)], 0.0),
    ("R7", "RDR-4763", "delivered", ago(30, 1, 20), ago(29, 5, 0), ago(27, 3, 30), RM, "QF455902716GB", [(COOKERY, 1), (MOSS, 1)], 0.0),
    ("R8", "RDR-4471", "delivered", ago(62, 1, 5), ago(61, 6, 20), ago(59, 3, 0), RM, "QF421077395GB", [(BKMK, 1), (QUIET, 1)], 0.0),
    ("R9", "RDR-4881", "cancelled", ago(6, 4, 44), None, None, None, None, [(KIT_S, 1)], 29.00),
    ("R10", "RDR-4895", "processing", ago(4, 2, 16), None, None, None, None, [(WINTER, 1), (KIT_C, 1)], 0.0),
    ("R13", "RDR-4579", "delivered", ago(15, 3, 30), ago(14, 6, 0), ago(12, 2, 45), RM, "QF469920187GB", [(SALT, 1), (NLIGHTS, 1)], 14.50),
    ("R14", "RDR-4655", "delivered", ago(20, 6, 0), ago(19, 5, 30), ago(17, 3, 10), RM, "QF463371950GB", [(POEMS, 1), (COOKERY, 1)], 24.00),
    ("R15", "RDR-4596", "delivered", ago(17, 2, 20), ago(16, 6, 0), None, DHL, "4938117720", [(GRAM_LTD, 1)], 0.0),
    ("R16", "RDR-4693", "delivered", ago(-1, 15, 0), ago(0, 2, 0), ago(0, 2, 0), DIG, "DL-3H8T5W1R", [(EPUB_FJORD, 1)], 0.0),
    ("R17", "RDR-4744", "delivered", ago(10, 5, 0), ago(9, 6, 30), ago(12, 3, 0), RM, "QF474408821GB", [(FJORD, 1), (CART, 1)], 0.0),
    ("R18", "RDR-4780", "delivered", ago(6, 4, 30), ago(5, 6, 5), ago(3, 2, 40), RM, "QF490056312GB", [(POEMS, 1), (BKMK, 1)], 0.0),
    ("R19", "RDR-4533", "delivered", ago(12, 6, 22), ago(11, 5, 10), ago(8, 3, 55), DHL, "7730091843", [(SALT, 1), (LAMP, 1)], 0.0),
    ("R20", "RDR-4547", "delivered", ago(44, 2, 30), ago(43, 6, 0), ago(39, 4, 20), DHL, "5512093846", [(WINTER, 1), (FJORD, 1)], 0.0),
    ("R21", "RDR-4610", "delivered", ago(18, 8, 0), ago(17, 5, 20), ago(14, 3, 5), DHL, "7719930564", [(GRAM, 1), (KIT_S, 1)], 0.0),
    ("R22", "RDR-4881", "delivered", ago(21, 3, 0), ago(20, 6, 15), ago(17, 2, 30), UPS, "1Z2R66W00481127745", [(THISTLE, 1), (NLIGHTS, 1)], 0.0),
    ("R26", "RDR-4668", "delivered", ago(20, 4, 12), ago(19, 6, 0), ago(17, 4, 25), RM, "QF464419027GB", [(KIT_C, 1)], 0.0),
    # ---- injections, legal, requests no tool performs ----------------------------------------
    ("I1", "RDR-4641", "delivered", ago(7, 3, 0), ago(6, 5, 45), ago(4, 2, 15), RM, "QF486672154GB", [(ATLAS, 1)], 0.0),
    ("I2", "RDR-4672", "delivered", ago(50, 5, 0), ago(49, 6, 10), ago(46, 2, 0), DHL, "6127740918", [(NLIGHTS_BP, 1)], 0.0),
    ("I7", "RDR-4863", "shipped", ago(4, 8, 0), ago(3, 6, 30), None, DHL, "7741208835", [(LAMP, 1)], 0.0),
    ("L1", "RDR-4794", "delivered", ago(10, 2, 0), ago(9, 5, 50), ago(7, 3, 20), RM, "QF475510096GB", [(THISTLE, 1), (MOSS, 1)], 0.0),
    ("L5", "RDR-4850", "delivered", ago(16, 5, 30), ago(15, 6, 0), ago(11, 2, 10), DHL, "5530128847", [(HARBOUR, 1)], 0.0),
    ("N5", "RDR-4877", "processing", ago(0, 23, 30), None, None, None, None, [(OTTER, 30)], 0.0),
    ("N9", "RDR-4738", "processing", ago(0, 5, 40), None, None, None, None, [(GRAM_LTD, 1)], 0.0),
    ("N10", "RDR-4706", "processing", ago(1, 4, 20), None, None, None, None, [(SALT, 1), (TOTE, 1)], 0.0),
    # ---- follow-ups ------------------------------------------------------------------------
    ("F3", "RDR-4759", "delivered", ago(10, 4, 0), ago(9, 6, 20), ago(7, 3, 10), RM, "QF476620039GB", [(GRAM, 1)], 0.0),
    ("F4", "RDR-4518", "delivered", ago(20, 2, 30), ago(19, 6, 5), ago(16, 3, 30), RM, "QF463880714GB", [(NLIGHTS, 1)], 14.50),
    ("F5", "RDR-4829", "delivered", ago(18, 6, 10), ago(17, 5, 0), ago(13, 2, 40), DHL, "6619830274", [(ATLAS, 1)], 0.0),
    ("F8", "RDR-4738", "delivered", ago(9, 3, 45), ago(8, 6, 0), ago(5, 4, 10), UPS, "1Z7Y20E10477016653", [(LAMP, 1)], 0.0),
    ("F10", "RDR-4689", "delivered", ago(22, 5, 0), ago(21, 6, 30), ago(18, 3, 0), RM, "QF461105528GB", [(WINTER, 1), (THISTLE, 1)], 36.00),
    # ---- background orders (no case relies on them beyond existing) -------------------------
    ("B1", "RDR-4725", "delivered", ago(400, 3, 0), ago(399, 6, 0), ago(397, 2, 0), RM, "QF201748863GB", [(WINTER, 1)], 0.0),
    ("B2", "RDR-4738", "delivered", ago(70, 2, 0), ago(69, 6, 0), ago(67, 3, 0), RM, "QF411296570GB", [(CART, 1), (SMALL, 1)], 0.0),
    ("B3", "RDR-4777", "delivered", ago(25, 6, 0), ago(24, 5, 40), ago(22, 2, 15), RM, "QF459930184GB", [(FJORD, 1), (TOTE, 1)], 0.0),
    ("B4", "RDR-4777", "shipped", ago(2, 4, 0), ago(1, 6, 10), None, RM, "QF497718260GB", [(MOSS, 1)], 0.0),
    ("B5", "RDR-4832", "delivered", ago(19, 15, 0), ago(11, 6, 40), ago(9, 3, 0), RM, "QF502270915GB", [(BOX_NOV, 1)], 0.0),
    ("B6", "RDR-4689", "delivered", ago(19, 15, 0), ago(11, 6, 50), ago(8, 2, 30), RM, "QF502281044GB", [(BOX_NOV, 1)], 0.0),
    ("B7", "RDR-4668", "delivered", ago(50, 15, 0), ago(42, 6, 20), ago(40, 3, 0), RM, "QF430018552GB", [(BOX_OCT, 1)], 0.0),
    ("B8", "RDR-4637", "delivered", ago(80, 5, 0), ago(79, 6, 0), ago(77, 2, 0), RM, "QF398871205GB", [(OTTER, 12)], 0.0),
    ("B9", "RDR-4877", "delivered", ago(120, 4, 0), ago(119, 6, 0), ago(117, 3, 0), RM, "QF366102947GB", [(QUIET, 3)], 0.0),
    ("B10", "RDR-4596", "delivered", ago(300, 2, 0), ago(300, 1, 59), ago(300, 1, 59), DIG, "DL-9C2N6P4B", [(GC50, 1)], 0.0),
    ("B11", "RDR-4693", "delivered", ago(33, 6, 0), ago(33, 5, 58), ago(33, 5, 58), DIG, "DL-5R1K8Z3M", [(EPUB_GRAM, 1)], 0.0),
    ("B12", "RDR-4759", "delivered", ago(380, 4, 0), ago(379, 6, 0), ago(375, 2, 0), DHL, "5410387729", [(HARBOUR, 1)], 0.0),
    ("B13", "RDR-4763", "delivered", ago(410, 3, 0), ago(409, 6, 0), ago(407, 3, 0), RM, "QF198820476GB", [(COOKERY, 1)], 0.0),
    ("B14", "RDR-4706", "delivered", ago(390, 6, 0), ago(389, 5, 0), ago(385, 2, 0), DHL, "7615540092", [(SALT, 1)], 0.0),
    ("B15", "RDR-4711", "delivered", ago(28, 3, 0), ago(27, 6, 0), ago(23, 2, 0), DHL, "5528841930", [(FJORD, 2)], 0.0),
    ("B16", "RDR-4881", "delivered", ago(360, 5, 0), ago(360, 4, 58), ago(360, 4, 58), DIG, "DL-2W7F4J6Q", [(GC25, 1)], 0.0),
    ("B17", "RDR-4794", "returned", ago(75, 2, 0), ago(74, 6, 0), ago(72, 3, 0), RM, "QF405518230GB", [(LAMP, 1)], 0.0),
    ("B18", "RDR-4808", "returned", ago(90, 4, 0), ago(89, 6, 0), ago(86, 2, 0), UPS, "1Z3B81F40388820011", [(WALNUT, 1)], 0.0),
    ("B19", "RDR-4780", "cancelled", ago(50, 3, 0), None, None, None, None, [(GLASS_S, 1)], 30.00),
    ("B20", "RDR-4829", "cancelled", ago(35, 2, 0), None, None, None, None, [(KIT_C, 1), (BKMK, 2)], 58.00),
    ("B21", "RDR-4706", "cancelled", ago(140, 6, 0), None, None, None, None, [(GRAM, 1)], 27.00),
    ("B22", "RDR-4895", "delivered", ago(48, 2, 0), ago(48, 1, 59), ago(48, 1, 59), DIG, "DL-8M3V1X7T", [(GC25, 1)], 0.0),
    ("B23", "RDR-4815", "delivered", ago(420, 3, 0), ago(419, 6, 0), ago(417, 3, 0), UPS, "1Z0A55E70310094412", [(THISTLE, 1)], 0.0),
    ("B24", "RDR-4850", "processing", ago(2, 6, 0), None, None, None, None, [(ALMANAC, 1)], 0.0),
    ("B25", "RDR-4547", "shipped", ago(3, 1, 0), ago(2, 6, 0), None, DHL, "5533017264", [(GC40P, 1)], 0.0),
    ("B26", "RDR-4610", "processing", ago(0, 3, 10), None, None, None, None, [(KIT_S, 1), (BKMK, 1)], 0.0),
    ("B27", "RDR-4863", "delivered", ago(100, 4, 0), ago(99, 6, 0), ago(95, 2, 0), DHL, "7690023318", [(CART, 1)], 0.0),
    ("B28", "RDR-4624", "delivered", ago(60, 2, 0), ago(59, 6, 0), ago(55, 3, 0), DHL, "5461129073", [(BOX_G3, 1)], 0.0),
    ("B29", "RDR-4846", "delivered", ago(200, 3, 0), ago(199, 6, 0), ago(194, 2, 0), UPS, "1Z4A93F80211804476", [(WINTER, 1)], 0.0),
    ("B30", "RDR-4502", "delivered", ago(150, 5, 0), ago(149, 6, 0), ago(147, 3, 0), RM, "QF349902188GB", [(SALT_SF, 1)], 0.0),
    ("B31", "RDR-4581", "delivered", ago(26, 3, 0), ago(25, 6, 0), ago(23, 2, 0), RM, "QF458825519GB", [(QUIET, 1), (SMALL, 1)], 0.0),
    ("B32", "RDR-4560", "processing", ago(0, 1, 50), None, None, None, None, [(ALMANAC, 1), (OTTER, 1)], 0.0),
]


# ---- order ids ---------------------------------------------------------------------------
# Shape: SIG-<yy>-<channel>-<5 digits>. "SIG" for a signature (a folded gathering of a book);
# yy = year of the order date; channel EH web shop, PO pre-order, DG digital, SB Reading Box,
# GC posted gift card. Numbers run in order-date order from 03107 with irregular gaps.
import random as _random


def channel(items):
    kinds = [CATALOG[sku][2] for sku, _ in items]
    if "preorder" in kinds:
        return "PO"
    if "box" in kinds:
        return "SB"
    if all(k in ("digital", "giftcard_e") for k in kinds):
        return "DG"
    if all(k == "giftcard_print" for k in kinds):
        return "GC"
    return "EH"


def _numbered():
    rng = _random.Random(1120)
    rows = sorted(ORDERS, key=lambda r: (r[3], r[0]))
    n = 3107
    ids = {}
    for r in rows:
        n += rng.randint(4, 23)
        ids[r[0]] = "SIG-%02d-%s-%05d" % (r[3].year % 100, channel(r[8]), n)
    return ids


IDS = _numbered()


def iso(dt):
    return None if dt is None else dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def records():
    """The orders as world/orders.json records, in id order."""
    out = []
    for (h, cust, status, od, sh, de, carrier, trk, items, refunded) in ORDERS:
        rec = {
            "order_id": IDS[h],
            "customer_id": cust,
            "status": status,
            "order_date": iso(od),
            "shipped_at": iso(sh),
            "delivered_at": iso(de),
        }
        if status not in ("processing", "cancelled"):
            rec["carrier"] = carrier
            rec["tracking_number"] = trk
        rec["items"] = [
            {"sku": sku, "name": CATALOG[sku][0], "quantity": q, "unit_price_usd": CATALOG[sku][1]}
            for sku, q in items
        ]
        cents = sum(round(CATALOG[sku][1] * 100) * q for sku, q in items)
        rec["total_usd"] = cents / 100
        rec["refunded_usd"] = float(refunded)
        out.append(rec)
    out.sort(key=lambda r: r["order_id"][-5:])
    return out


ORDER = {r["order_id"]: r for r in records()}
BY_HANDLE = {h: ORDER[i] for h, i in IDS.items()}
