"""The Quiltery's help centre, in the shop's own words.

Ids: `qh-` + a two-letter section + `-` + two digits (dl delivery, rt returns,
ac account & orders, fb fabric, yn yarn, pt patterns, mc machines, cl classes,
gv vouchers, kt kits, cc click & collect, tr trade).
The returns article deliberately says nothing that contradicts the refund
eligibility table of docs/tool-contracts.md (30 days from the order date,
delivered orders only, every refund reviewed by a person).
"""

KB = [
    dict(id="qh-dl-01", title="Tracking your parcel",
         tags=["tracking", "carrier", "parcel", "signature", "delivery"],
         body=("When your order leaves our Norwich warehouse we email you the carrier's name and the tracking "
               "number, and both are shown under Account > Orders. Small parcels travel with Royal Mail Tracked 48 "
               "or Evri; larger parcels, and everything going to Ireland and the EU, travel with DPD. Sewing "
               "machines, overlockers and any order over $250 go with Parcelforce or DPD and must be signed for: "
               "if nobody is in, the driver leaves a card and tries again the next working day, and you can "
               "nominate a neighbour to sign for you. Tracking can take up to 24 hours to show its first scan "
               "after we hand the parcel over.")),
    dict(id="qh-dl-02", title="Delivery times and prices",
         tags=["delivery", "shipping", "postage", "prices", "times"],
         body=("UK mainland: Royal Mail Tracked 48 takes 2 to 3 working days and costs $4.95, free on orders over "
               "$60; DPD next working day costs $8.50 for orders placed before 1 pm. The Scottish Highlands and "
               "islands and Northern Ireland take 1 to 2 working days longer. Ireland: DPD, 3 to 5 working days, "
               "$11.00. EU: DPD, 4 to 8 working days, from $16.00. Cut-to-order fabric is cut within 2 working "
               "days, so allow for that on fabric orders. We do not deliver outside the UK, Ireland and the EU.")),
    dict(id="qh-dl-03", title="Rearranging a delivery with the carrier",
         tags=["delivery", "redelivery", "reschedule", "carrier", "dpd", "evri"],
         body=("Once a parcel is with the carrier, the carrier controls the delivery day, and we cannot change it "
               "from our side. For DPD, use the link in the 'Your parcel is on its way' email or the DPD app to "
               "choose another day, a safe place, a neighbour or a DPD Pickup shop. For Evri, use the link in "
               "Evri's email to pick a new day or divert the parcel to a ParcelShop. For Royal Mail and "
               "Parcelforce, if you miss the delivery, use the reference on the card left by the driver to book a "
               "redelivery online or to collect the parcel from your local delivery office.")),
    dict(id="qh-dl-04", title="Orders to Ireland and the EU: customs, duty and VAT",
         tags=["customs", "vat", "duty", "ireland", "eu", "international", "ioss"],
         body=("Parcels from our Norwich warehouse to Ireland and the other EU countries go through customs. For "
               "orders up to EUR 150 we charge the EU VAT at checkout under the IOSS scheme, so there is nothing "
               "more to pay when the parcel arrives. For orders over EUR 150 the checkout prices exclude VAT, and "
               "the carrier asks you to pay import VAT, any duty and a handling fee before delivering. Goods made "
               "in the UK, such as our own-label fabrics, carry no duty. Customs can add 1 to 3 days to the "
               "delivery time.")),
    dict(id="qh-rt-01", title="Returns and refunds",
         tags=["returns", "refund", "30 days", "money back"],
         body=("You can ask for a refund within 30 days of placing your order, once it has been delivered: open "
               "Account > Orders and choose Request a refund, or write to us with your order number. Fabric, "
               "yarn and notions should come back unwashed and unused; cut lengths are welcome back as long as "
               "they have not been washed. A member of our team reviews every refund before it is paid, and the "
               "money goes back to your original payment method within 5 working days of approval. Cancelled "
               "orders are refunded automatically.")),
    dict(id="qh-rt-02", title="Something arrived damaged or faulty",
         tags=["damaged", "faulty", "flaw", "broken", "defect"],
         body=("We're sorry! Tell us as soon as you can using the Report a problem button on the order in "
               "Account > Orders, or by replying to your dispatch email, and include photos: for a flaw in "
               "fabric, photograph the whole width with the selvedge showing; for a machine fault, send a short "
               "video. Please do not cut or wash faulty fabric. We offer a replacement, or a refund under our "
               "returns policy, and send a prepaid label if we need the item back.")),
    dict(id="qh-ac-01", title="Signing in and resetting your password",
         tags=["password", "sign in", "login", "account", "reset"],
         body=("Choose Sign in at the top of any page, then 'Forgotten your password?'. Enter the email address "
               "you shop with and we send a reset link that works for 45 minutes; only the newest link works, so "
               "if you asked more than once, use the latest email. If it has not arrived after 10 minutes, look "
               "in your spam or promotions folder. Passwords need at least 10 characters. If you checked out as a "
               "guest you have no password yet: choose Create account with the same email address and your past "
               "orders will be linked to it.")),
    dict(id="qh-ac-02", title="Newsletters and closing your account",
         tags=["newsletter", "unsubscribe", "emails", "marketing", "close account", "privacy"],
         body=("To stop marketing emails, use the Unsubscribe link at the bottom of any newsletter, or untick the "
               "boxes under Account > Preferences; it takes effect within 48 hours. Emails about your orders, "
               "such as dispatch and tracking emails, are still sent. To close your account, go to Account > "
               "Privacy > Close my account. We keep the account for 14 days in case you change your mind, then "
               "delete your profile, saved addresses and Digital library. Records of past orders are kept for 6 "
               "years because UK tax law requires it.")),
    dict(id="qh-ac-03", title="Cancelling an order",
         tags=["cancel", "cancellation", "order", "processing"],
         body=("You can cancel an order yourself while it is shown as Processing: go to Account > Orders, open "
               "the order and choose Cancel order. The money goes back to your original payment method straight "
               "away and usually shows within 3 to 5 working days. Once your fabric has been cut the Cancel order "
               "button disappears, because cut lengths cannot go back on the bolt, and dispatched orders cannot "
               "be cancelled; both can be returned after delivery under our returns policy.")),
    dict(id="qh-ac-04", title="Changing the delivery address on an order",
         tags=["address", "delivery address", "change", "moving"],
         body=("While your order is still Processing you can change where it goes: Account > Orders > your order "
               "> Edit delivery address. The new address must be in a country we deliver to; moving the order to "
               "another country can change the delivery price, which we charge or refund automatically. Once an "
               "order has been dispatched we can no longer change its address, but you can usually redirect a "
               "DPD or Evri parcel with the link in the carrier's tracking email.")),
    dict(id="qh-ac-05", title="Payment methods and paying with another card",
         tags=["payment", "card", "paypal", "klarna", "apple pay", "billing"],
         body=("We accept Visa, Mastercard, American Express, PayPal, Apple Pay and Klarna. Your card is "
               "authorised when you order and charged when the order is dispatched. To pay with a different card "
               "for an order that is still Processing, open Account > Orders > your order > Update payment and "
               "enter the new card; the hold on the old card is released by your bank within a few days. Klarna "
               "instalments are managed in the Klarna app, where you can change the card they are taken from.")),
    dict(id="qh-fb-01", title="How we measure and cut fabric",
         tags=["fabric", "metre", "cutting", "fat quarter", "length", "width"],
         body=("Fabric sold by the metre is priced per metre: the quantity you choose is the number of metres, "
               "and we cut the total as one continuous length from the bolt, so 3 metres arrives as a single "
               "3-metre piece, not three separate metres. We add about 2 cm to every cut to allow for "
               "straightening. Fat quarters are cut from a half metre and measure 50 cm by 55 cm (about 18 by 22 "
               "inches), a more useful shape for patchwork than a long quarter-metre strip. Cut-to-order fabric "
               "is cut within 2 working days of your order. The width of each fabric is on its product page.")),
    dict(id="qh-fb-02", title="Pre-washing and caring for cotton and linen",
         tags=["washing", "shrinkage", "care", "pre-wash", "cotton", "linen"],
         body=("We recommend pre-washing natural fabrics before you cut them, the same way you will wash the "
               "finished piece. Quilting cottons and washed linen can shrink by 3 to 5 per cent and double gauze "
               "by up to 8 per cent, so buy about 10 per cent extra if you plan to pre-wash. Wash at 30 degrees "
               "with similar colours, and add a colour-catcher sheet the first time you wash strong prints such "
               "as wax prints. Dry flat or on the line and press while slightly damp. Zigzag or overlock the raw "
               "edges before washing to stop them fraying.")),
    dict(id="qh-fb-03", title="Ordering fabric swatches",
         tags=["swatch", "sample", "colour", "fabric"],
         body=("Not sure about a colour or a weight? Use the Swatch button on any fabric page. Each swatch is about "
               "10 by 10 cm and costs $1.20, and you can order up to 6 in one swatch order. Swatches are posted "
               "by Royal Mail second class in an ordinary envelope and arrive in 2 to 4 working days in the UK. "
               "Inside the envelope is a code that takes what you paid for the swatches off your next fabric "
               "order of 2 metres or more.")),
    dict(id="qh-yn-01", title="Dye lots: buying enough yarn",
         tags=["yarn", "dye lot", "colour match", "wool", "knitting"],
         body=("Yarn is dyed in batches called dye lots, and two lots of the same shade can look slightly "
               "different once knitted side by side. The dye lot number is printed on the ball band next to the "
               "shade number. Buy enough for the whole project in one order, plus a spare ball. If you need more "
               "later, put your dye lot number in the order note at checkout: we pick from that lot if we still "
               "have it, and if we don't, we email you before dispatch so you can decide. If you do have to mix "
               "lots, knit alternate rows from an old and a new ball for a few centimetres to blend them.")),
    dict(id="qh-pt-01", title="Your Digital library and PDF patterns",
         tags=["pdf", "pattern", "download", "digital library", "zip"],
         body=("Every PDF pattern you buy is added to the Digital library in your account as soon as your payment "
               "goes through, and we also email you a download link; nothing is attached to the email itself. "
               "Sign in, open Account > Digital library and choose Download next to the pattern. Each file can be "
               "downloaded five times; if you run out, write to us and we reset the counter. Patterns come as a "
               "zip file with a home-print version for A4 or US letter paper, an A0 copy-shop version and the "
               "instruction booklet. Zip files are easiest to open on a computer. If you checked out as a guest, "
               "create an account with the same email address and your patterns will appear in the library.")),
    dict(id="qh-pt-02", title="Printing a PDF pattern at the right scale",
         tags=["printing", "pdf", "scale", "test square", "pattern"],
         body=("Print the home-print file from a PDF reader such as Adobe Acrobat Reader rather than from your web "
               "browser. In the print dialog choose Actual size or 100% scale, never Fit to page. Print page 1 on "
               "its own first and measure the test square: it must be exactly 5 cm by 5 cm (there is a 2-inch "
               "square beside it). If it measures smaller, your printer is scaling the page: set the scale back "
               "to 100% and turn off any 'shrink oversized pages' option. Then print the rest, trim one margin of "
               "each page and tape the pages together by matching the diamonds at the edges.")),
    dict(id="qh-pt-03", title="Choosing your pattern size",
         tags=["size", "measurements", "pattern", "fitting", "bust", "hip"],
         body=("Measure your full bust, waist and hips over your underwear with a soft tape held level. Compare "
               "them with the body measurement chart, not with the finished garment measurements, which include "
               "ease. If your measurements fall in different sizes, choose by your full bust for tops and dresses "
               "and by your hips for trousers and skirts, then grade between the sizes at the waist. The chart is "
               "on the back of the envelope of a printed pattern and on page 2 of a PDF pattern's instructions. "
               "Make a toile in inexpensive calico before cutting into special fabric.")),
    dict(id="qh-mc-01", title="Booking a sewing machine or overlocker service",
         tags=["service", "servicing", "repair", "machine", "overlocker", "workshop"],
         body=("Book a service on the Services page: choose Standard service for a sewing machine or Overlocker "
               "service, pick a drop-off week and pay online. We then email you a prepaid DPD label. Pack the "
               "machine in its original box, or in a sturdy box with at least 5 cm of padding on every side, with "
               "the foot pedal and power cable but without the extension table, hard case or accessories. Once it "
               "reaches our workshop a service takes 7 to 10 working days; if parts costing more than $25 are "
               "needed, the technician phones you first. The machine comes back by DPD with a service report. You "
               "can also hand it in at our Magdalen Street shop in Norwich instead of posting it.")),
    dict(id="qh-mc-02", title="Warranties on sewing machines and overlockers",
         tags=["warranty", "guarantee", "register", "machine", "fault"],
         body=("Every sewing machine and overlocker we sell carries the manufacturer's warranty: 2 years for "
               "Brother and Singer, and 5 years for Janome and Bernina once registered. To register, go to the "
               "manufacturer's website within 28 days of delivery and enter the serial number from the label "
               "under the machine; keep your invoice, which you can download at any time from Account > Orders. "
               "If the machine develops a fault during the warranty, send us your order number and a short video "
               "of the problem, and we arrange collection, repair and return at no cost to you. The warranty does "
               "not cover needles, bulbs, belts or damage from a fall.")),
    dict(id="qh-mc-03", title="Getting started with your new machine",
         tags=["new machine", "threading", "induction", "overlocker", "video", "lesson"],
         body=("Every machine and overlocker bought from us comes with a free 30-minute video induction with one of "
               "our teachers. Book it under Account > Services > Book my induction within 60 days of delivery; "
               "pick a time and we send a video-call link. Have the machine unpacked, the foot pedal, a spare "
               "needle and some scrap fabric ready. Threading videos for every model we sell, including the "
               "overlocker's four-thread and three-thread set-ups, are in your Digital library under Machine "
               "guides. When threading an overlocker, raise the presser foot so the tension discs open, and "
               "follow the colour-coded numbered order printed inside the front cover.")),
    dict(id="qh-cl-01", title="Joining a live online class",
         tags=["class", "online class", "zoom", "workshop", "recording", "link"],
         body=("Our live classes run on Zoom. The joining link is emailed to you 24 hours before the first session "
               "and is also shown under Account > Classes. About 10 days before the class we email a materials "
               "list so that you have time to gather fabric and notions; class kits can be bought with the "
               "class. Every session is recorded, and the recordings stay under Account > Classes for 30 days "
               "after the last session, so you can catch up if you miss one. Join five minutes early to test your "
               "camera and sound.")),
    dict(id="qh-gv-01", title="Gift vouchers",
         tags=["gift voucher", "gift card", "voucher code", "balance", "present"],
         body=("Gift vouchers come as e-vouchers, emailed to you or straight to the recipient on a date you "
               "choose, or as printed cards, posted free by Royal Mail second class. Every voucher is valid for 24 "
               "months from purchase. To spend one, type its 16-character code into the Gift voucher box at "
               "checkout, which is separate from the Discount code box. A voucher can be spent over several "
               "orders until its balance runs out, on fabric, yarn, machines, classes and servicing. Check the "
               "remaining balance on the Gift vouchers page. Vouchers cannot be exchanged for cash.")),
    dict(id="qh-kt-01", title="Kits: what's inside and missing pieces",
         tags=["kit", "missing", "contents", "embroidery", "patchwork", "knitting"],
         body=("Every kit's contents are listed on its product page and on the card inside the box; check the "
               "contents against the card before you start. If something is missing, tell us within 30 days of "
               "delivery, with the kit's batch number (printed on the back of the card) and a photo of what you "
               "received, and we post the missing piece free of charge, usually within 3 working days. Kits are "
               "made up in batches in our Norwich workroom, so prints and thread shades can vary slightly from "
               "the photos.")),
    dict(id="qh-cc-01", title="Click & collect from our Norwich shop",
         tags=["click and collect", "collection", "pick up", "norwich", "shop"],
         body=("Choose 'Collect from Magdalen Street, Norwich' at checkout; collection is free. Wait for the "
               "'Ready to collect' email before you set off: orders placed before 2 pm are usually ready the same "
               "day, and fabric orders the next working day. Bring the email (on your phone is fine) and a photo "
               "ID; someone else can collect for you if they bring the email and their own ID. We keep orders for "
               "14 days, after which they are cancelled and refunded.")),
    dict(id="qh-tr-01", title="Trade, school and group accounts",
         tags=["trade", "school", "guild", "group", "bulk", "discount", "invoice"],
         body=("Schools, colleges, theatres, sewing groups, quilting guilds and WI groups can open a group account. "
               "Apply with the form on the Trade & groups page, giving the organisation's name and, for a school, "
               "the purchase-order contact. Once approved, usually within 3 working days, a group account gets "
               "10% off fabric on any order of 20 metres or more, and schools and colleges can pay by invoice on "
               "30-day terms. Group accounts are for the organisation's own purchases, not for members' personal "
               "orders.")),
]
