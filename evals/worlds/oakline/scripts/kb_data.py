"""Oakline help center. Long pages; a question is usually answered by one or two sentences.

Deliberately NOT covered anywhere: cancelling an order, changing a delivery address, exchanging a
piece or a finish, rushing production or upgrading delivery, changing the payment method, gift
wrapping, hiding/clearing order history, selling mattresses, picking up at the workshop, military or
other personal discounts, wood certification (FSC), shelf weight limits, trade-in / buy-back of used
furniture, showrooms.
"""

KB = [
    {
        "id": "HC-101",
        "title": "White-glove delivery: what happens on delivery day",
        "tags": ["delivery", "white-glove", "ridgeway", "assembly", "stairs", "packaging"],
        "body": (
            "Every Oakline furniture order is delivered by a two-person white-glove team from our delivery partner, "
            "Ridgeway White Glove. Small accessories such as care kits, cutting boards, trays and cushions ship separately "
            "by parcel carrier (UPS, FedEx or USPS) and are left at your door.\n\n"
            "Before your delivery. Once your furniture reaches the regional Ridgeway terminal, Ridgeway calls or texts you "
            "to book a 4-hour delivery window, and you get a confirmation email with the date and the window. Please measure "
            "doorways, stair turns and elevators against the dimensions on the product page. The team removes legs or doors "
            "where the design allows, but they can't hoist furniture through windows or over balconies. If your building "
            "needs a certificate of insurance or an elevator reservation, send your building's requirements to Ridgeway when "
            "they call to schedule.\n\n"
            "On the day. The lead driver texts you about 30 minutes before arrival. The team carries each piece into the "
            "room of your choice, unpacks it, assembles it (beds, dining tables and desks are assembled on site, and assembly "
            "is included in the delivery fee) and places it where you want it. An adult (18 or older) needs to be home for "
            "the whole window, and pets should be secured. The team takes all packaging (crates, moving blankets, cardboard "
            "and foam) away with them at no charge.\n\n"
            "Before the team leaves, walk around each piece with the lead driver and note any damage on the delivery "
            "receipt; see 'If something arrives damaged or defective'.\n\n"
            "Stairs. Delivery up to the third floor is included. Deliveries to the 4th floor or above in a building without "
            "an elevator carry a stair fee of $40 per additional flight, paid to the team on the day.\n\n"
            "What the team can't do. The team can't move or remove your existing furniture, hang mirrors or shelves on "
            "walls, or connect anything to gas, water or electricity. A typical visit takes 30 to 90 minutes depending on "
            "assembly."
        ),
    },
    {
        "id": "HC-102",
        "title": "Rescheduling your delivery appointment",
        "tags": ["delivery", "reschedule", "appointment", "manage delivery", "redelivery"],
        "body": (
            "Life happens, and delivery windows can move. If you need a different delivery date, you can reschedule it "
            "yourself: open the 'Manage delivery' link in your delivery confirmation email (or go to Account > Orders, "
            "choose the order and select Manage delivery) and pick any open window Ridgeway offers in your area.\n\n"
            "Changes made at least 48 hours before your booked window are free. Changes within 48 hours of the window, or a "
            "missed appointment where no one is home, carry a $95 redelivery fee, because the truck and crew have already "
            "been routed.\n\n"
            "If no window works for you in the next 3 weeks, Ridgeway can hold your furniture at their regional terminal "
            "for up to 30 days at no charge; after that, storage costs $5 per item per day.\n\n"
            "The Manage delivery page only appears once your order has reached the terminal and a window has been booked. "
            "Before that there is nothing to reschedule yet: Ridgeway contacts you when it's time to book.\n\n"
            "Parcel shipments (UPS, FedEx, USPS) can't be rescheduled through Oakline; use the carrier's own delivery "
            "options with your tracking number."
        ),
    },
    {
        "id": "HC-103",
        "title": "Made-to-order lead times and what happens in our workshop",
        "tags": ["lead time", "made to order", "production", "workshop", "processing", "ready to ship"],
        "body": (
            "Most Oakline furniture is made to order in our workshop in Hickory, North Carolina. We don't keep finished "
            "tables, beds or casegoods in a warehouse: when you place an order, we reserve the lumber for your piece and "
            "schedule it into production.\n\n"
            "Typical lead time. Made-to-order pieces take 6 to 10 weeks from order to shipment, plus 1 to 2 weeks for "
            "white-glove delivery. The lead time shown on the product page when you order is our current estimate for that "
            "piece. Walnut pieces add about 2 weeks to the lead time, because walnut boards are air-dried and acclimated "
            "longer before milling. Holiday weeks (Thanksgiving week and the last week of December) can add up to a week to "
            "any made-to-order lead time.\n\n"
            "Production stages. 1. Lumber selection and milling (weeks 1 to 2). 2. Joinery and glue-up (weeks 2 to 5): our "
            "mortise-and-tenon and dovetail joints are cut and fitted by hand. 3. Sanding and finishing (weeks 5 to 7): three "
            "coats of hardwax oil, each cured for 48 hours. 4. Final inspection and crating (week 8).\n\n"
            "We email you when your piece enters finishing and again when it ships. While your order is in production, its "
            "status in your account shows as 'processing' and it has no tracking number yet.\n\n"
            "Ready to Ship pieces, marked with a green Ready to Ship badge, are already built and leave our warehouse within "
            "3 business days; see 'Ready to Ship furniture'."
        ),
    },
    {
        "id": "HC-104",
        "title": "Tracking your order and what the tracking statuses mean",
        "tags": ["tracking", "shipping", "freight", "terminal", "carrier"],
        "body": (
            "You'll find the carrier and tracking number for every shipped order under Account > Orders and in the shipping "
            "confirmation email. Parcel items (UPS, FedEx, USPS) show movement within 24 hours of shipping.\n\n"
            "White-glove furniture travels by freight with Ridgeway White Glove; its tracking numbers start with RWG and can "
            "be looked up on Ridgeway's tracking page. Freight tracking looks different from parcel tracking. 'In transit' "
            "means the piece is on a linehaul truck between our workshop and your regional terminal. 'At terminal' means it "
            "has arrived at the terminal and is waiting for a delivery window; it's normal for an order to show 'At "
            "terminal' for several days until Ridgeway calls you to schedule. 'Out for delivery' appears on the morning of "
            "your booked window.\n\n"
            "Orders still in production show 'processing' and have no tracking number yet. If a parcel tracking number "
            "hasn't updated in 5 business days, contact us and we'll open a trace with the carrier."
        ),
    },
    {
        "id": "HC-105",
        "title": "Returns and refunds policy",
        "tags": ["refund", "returns", "policy", "30 days", "cancelled", "payment"],
        "body": (
            "This policy applies to orders placed on oakline.example and through our design consultants.\n\n"
            "1. The refund window. You can request a refund for a delivered order within 30 days of the date the order was "
            "placed. The window is counted from the order date, not the delivery date. Because made-to-order pieces usually "
            "take 6 to 10 weeks to build, most made-to-order furniture is past the refund window by the time it's delivered; "
            "those pieces are covered by our Limited Lifetime Warranty instead, and by our damage policy if something arrives "
            "damaged. Ready to Ship pieces, accessories and care products usually arrive well within the window.\n\n"
            "2. What can be refunded. A refund can cover a whole order or individual items from it, up to the amount you "
            "paid for those items.\n\n"
            "3. Orders that haven't been delivered. Refunds are for delivered orders. An order that is still in production "
            "or on its way isn't eligible for a refund until it has been delivered.\n\n"
            "4. Cancelled orders. When an order is cancelled, the full amount is refunded automatically to the original "
            "payment method; you don't need to request it.\n\n"
            "5. Returned orders. Once a returned piece is back in our workshop, our returns team inspects it and settles the "
            "refund; they email you the outcome.\n\n"
            "6. Orders with an earlier refund. If part of an order has already been refunded, for example a goodwill credit "
            "for a finish issue, any further refund on that order is reviewed by a member of our team.\n\n"
            "7. How refunds are paid. Approved refunds go back to the original payment method and typically appear within 5 "
            "to 10 business days after approval, depending on your bank. Orders paid with Affirm are refunded to your Affirm "
            "loan. Gift card payments are refunded to a new gift card.\n\n"
            "8. Collecting furniture. For furniture, Ridgeway collects the piece from your home; you don't need the original "
            "crate. Please have the piece emptied and accessible.\n\n"
            "This policy doesn't affect your statutory rights."
        ),
    },
    {
        "id": "HC-106",
        "title": "If something arrives damaged or defective",
        "tags": ["damage", "damaged", "defective", "delivery", "photos", "repair"],
        "body": (
            "We inspect and crate every piece by hand, but freight is freight. If a piece arrives damaged:\n\n"
            "1. Note it on the delivery receipt before the Ridgeway team leaves ('scratch on left leg', 'crack in top') and, "
            "if you can, take photos while the team is still there.\n\n"
            "2. Report it to us within 7 days of delivery, with photos of the damage and of the whole piece, and your order "
            "number. Reply to your delivery confirmation email or use the contact form.\n\n"
            "3. We propose the fix. Most finish damage is repaired in your home by a furniture technician within 2 to 3 "
            "weeks; structural damage (a cracked leg, a split panel) is fixed with a new part or a new piece from the "
            "workshop. Parcel items that arrive broken (a cracked mirror, a split cutting board) are replaced or refunded. "
            "Please keep damaged parcel items until we confirm; we may ask the carrier to collect them.\n\n"
            "Damage reported more than 7 days after delivery is handled under our warranty, which covers defects in "
            "materials and workmanship but not damage from moving or use. A refund for a damaged item follows the refund "
            "window in our 'Returns and refunds policy'."
        ),
    },
    {
        "id": "HC-107",
        "title": "The Oakline Limited Lifetime Warranty",
        "tags": ["warranty", "defect", "joinery", "claim", "coverage"],
        "body": (
            "We build furniture to last generations, and we stand behind it.\n\n"
            "What's covered, and for how long. Structural integrity, meaning the wood and the joinery (mortise-and-tenon "
            "joints, dovetails, glue lines, bed rails and frames): for the lifetime of the original owner. Finish (the "
            "factory hardwax oil finish peeling, clouding or failing to cure): 5 years from delivery. Hardware (drawer "
            "slides, bed bolts, table leaf pins and glides): 10 years from delivery. Upholstery and cushions: 2 years. "
            "Trade and commercial use (restaurants, offices, hospitality): 3 years on all components.\n\n"
            "What isn't covered. Normal wear and tear; scratches, dents and water rings from use; fading or darkening from "
            "sunlight; damage from pets, moving or cleaning products; pieces used outdoors or in bathrooms; pieces modified "
            "or repaired by someone other than Oakline.\n\n"
            "Wood moves. Wood is a natural material that moves with the seasons: hairline checks in end grain up to 1/16 "
            "inch, and small gaps that open at breadboard ends or between tabletop boards in dry winter months and close "
            "again in summer, are seasonal movement and not a defect.\n\n"
            "Who is covered. The warranty covers the original purchaser and is not transferable when a piece is sold or "
            "given away.\n\n"
            "How to make a claim. Submit the warranty claim form under Help > Warranty claim with your order number, a "
            "description and photos. We reply within 3 business days. Covered defects are repaired in your home where "
            "possible; if a repair isn't possible we replace the part or the piece. Warranty repairs don't extend the "
            "original warranty period."
        ),
    },
    {
        "id": "HC-108",
        "title": "Caring for your oiled wood furniture",
        "tags": ["care", "cleaning", "oil", "finish", "humidity", "maintenance"],
        "body": (
            "Every Oakline piece is finished with a plant-based hardwax oil that soaks into the wood instead of sitting on "
            "top like a lacquer. It looks and feels like wood and it's easy to repair, but it asks for a little care.\n\n"
            "Everyday. Dust with a dry, soft cloth. Wipe spills right away with a damp cloth and dry the surface. Use "
            "coasters under glasses and trivets under hot dishes. For cleaning, use a drop of mild dish soap in warm water "
            "on a wrung-out cloth. Avoid silicone-based sprays and furniture polishes (most supermarket aerosol polishes "
            "contain silicone): they leave a film that stops the oil from being refreshed later.\n\n"
            "Periodically. Tabletops and other surfaces in daily use need a refresh every 6 to 12 months with Oakline "
            "Hardwax Oil Refresher; a surface that looks dry or dull, or absorbs water quickly, is ready. Apply a thin coat "
            "with a lint-free cloth, wait 15 minutes, buff off all the excess and let it cure 24 hours before use. Side "
            "tables, bookcases and headboards rarely need more than a refresh every few years. Our Wood Care Kit contains "
            "the refresher, a buffing pad and cloths. Beeswax Furniture Polish can be used monthly on surfaces that aren't "
            "used for food.\n\n"
            "Environment. Keep wood furniture away from radiators, heating vents and fireplaces, and keep indoor humidity "
            "between 35% and 55%; a humidifier in winter helps. Very dry air makes wood shrink and can open small seasonal "
            "gaps.\n\n"
            "Light. All wood changes color with light. Cherry darkens noticeably in its first 6 months of light exposure, "
            "from a pale pinkish tan to a deep reddish brown; walnut slowly lightens. Move lamps, vases and books now and "
            "then during the first months so that no pale 'shadows' form."
        ),
    },
    {
        "id": "HC-109",
        "title": "Removing water rings, heat marks and sticky spots",
        "tags": ["water ring", "stain", "heat mark", "cleaning", "repair"],
        "body": (
            "Most marks on an oiled finish can be fixed at home.\n\n"
            "White or cloudy rings. A white mark means moisture is trapped in the top of the finish. Set a hair dryer to "
            "low, hold it about 6 inches away and keep it moving over the mark for a minute or two; the ring usually fades "
            "as the moisture escapes.\n\n"
            "Dark rings. A dark ring means water has reached the wood itself. Lightly scuff the area with the grey pad from "
            "the Wood Care Kit, following the grain, and apply a thin coat of Hardwax Oil Refresher; repeat after 24 hours if "
            "needed. Deep dark stains may need a technician.\n\n"
            "Heat marks from hot dishes look like a white haze and respond to the same hair dryer method.\n\n"
            "Sticky spots. Wipe with warm water and a drop of dish soap. Don't use solvents, vinegar or alcohol-based "
            "cleaners, which dissolve the oil.\n\n"
            "Candle wax. Let it harden, lift it with a plastic card, and buff the remaining film with a dry cloth."
        ),
    },
    {
        "id": "HC-110",
        "title": "Assembly guide: Linden Platform Bed",
        "tags": ["assembly", "bed", "linden", "bolts", "slats"],
        "body": (
            "Your Linden bed is assembled by the Ridgeway team on delivery; this guide is for when you move it or need to "
            "take it apart.\n\n"
            "Parts: headboard, footboard, two side rails, center rail with support leg, 14 slats, 8 frame bolts with "
            "washers, and a 6 mm Allen key.\n\n"
            "Steps. 1. Stand the headboard against the wall on a blanket. 2. Hook each side rail onto the headboard's steel "
            "brackets and fasten it with two bolts, finger-tight for now. 3. Attach the footboard the same way. 4. Drop the "
            "center rail into its brackets and screw the support leg down until it touches the floor; the leg must touch "
            "the floor or the slats will sag. 5. Lay the slats into the slat cups, evenly spaced. 6. Tighten all 8 bolts "
            "firmly.\n\n"
            "After the first 2 weeks, re-tighten all 8 frame bolts with the included 6 mm Allen key: new wood settles, and "
            "loose bolts are the most common cause of creaking.\n\n"
            "The Linden is designed for a standard US queen or king mattress up to 14 inches thick and needs no box spring. "
            "Under-bed clearance is 7 inches."
        ),
    },
    {
        "id": "HC-111",
        "title": "Assembly guide: Harlow Dining Table and extension leaves",
        "tags": ["assembly", "dining table", "harlow", "leaves", "leveling"],
        "body": (
            "Harlow tables are assembled on delivery. If you move house or need to adjust your table:\n\n"
            "Legs. Each leg is attached with two hanger bolts through the corner blocks; tighten with the included 13 mm "
            "wrench until snug, then a quarter turn more.\n\n"
            "Leveling. Each leg has a threaded glide; turn it by hand to remove a wobble on uneven floors.\n\n"
            "Extension leaves. 72-inch and 84-inch Harlow tables come with two 12-inch leaves. To add a leaf, pull both ends "
            "of the table apart on the wooden slides, set the leaf in so that its alignment pins meet the holes in the "
            "tabletop, and push the halves together. The table lock underneath holds the halves closed.\n\n"
            "Storing leaves. Store leaves flat in the canvas leaf bag that came with your table, in the same room as the "
            "table so they acclimate to the same humidity; never in a garage, attic or basement, where a leaf can warp and "
            "no longer line up with the top. A leaf that has been stored away for a while may look a shade lighter than the "
            "tabletop; it evens out within a few weeks of light."
        ),
    },
    {
        "id": "HC-112",
        "title": "Finding assembly instructions and requesting replacement hardware",
        "tags": ["instructions", "assembly", "hardware", "bolts", "missing parts"],
        "body": (
            "Every Oakline piece ships with printed instructions, but you don't need to keep the paper.\n\n"
            "Instructions. Scan the QR code on the underside of the piece (inside the left rail on beds, under the apron on "
            "tables, inside the top drawer on dressers) to open the PDF guide, or download it from Account > Orders under "
            "the piece you bought.\n\n"
            "Replacement hardware. If a bolt, glide, shelf pin or Allen key is missing or lost, order a free replacement "
            "hardware pack with the Hardware Request form under Help > Hardware Request. Enter your order number and choose "
            "the piece; packs ship by USPS within 2 business days at no charge, for as long as you own the piece. You don't "
            "need to contact us first."
        ),
    },
    {
        "id": "HC-113",
        "title": "Oakline gift cards",
        "tags": ["gift card", "gift", "balance"],
        "body": (
            "Oakline gift cards are digital and are delivered by email, either right away or on a date you choose, with a "
            "personal message. They're available in amounts from $50 to $1,000.\n\n"
            "Gift cards never expire and have no fees. They can be used for any order on oakline.example, including "
            "made-to-order furniture, delivery fees and accessories, but not toward trade program orders or to buy other gift "
            "cards.\n\n"
            "To check your balance, enter the gift card number at oakline.example/giftcard. A lost gift card email can be "
            "re-sent to the original recipient. Gift cards can't be exchanged for cash, except where the law requires it."
        ),
    },
    {
        "id": "HC-114",
        "title": "Deleting your Oakline account",
        "tags": ["account", "delete", "privacy", "data"],
        "body": (
            "You can delete your Oakline account at any time. Go to Account settings > Privacy > Delete account, confirm "
            "with your password, and we'll email you a confirmation link; your account is deleted when you click it.\n\n"
            "What happens when you delete. Your saved addresses, wishlists, saved room plans and newsletter preferences are "
            "deleted, and you can no longer sign in. Orders in production or awaiting delivery must be delivered first: the "
            "Delete account button is unavailable while an order is open. We keep invoices and payment records for 7 years, "
            "as tax law requires, but they're no longer linked to a login.\n\n"
            "Deleting your account doesn't end your warranty: keep your order confirmation email, which you'll need for a "
            "warranty claim.\n\n"
            "If you only want to stop marketing emails, use the unsubscribe link in any newsletter instead."
        ),
    },
    {
        "id": "HC-115",
        "title": "Payment options and financing with Affirm",
        "tags": ["payment", "financing", "affirm", "credit card", "ach"],
        "body": (
            "We accept Visa, Mastercard, American Express, Discover, Apple Pay and Oakline gift cards. Trade accounts can "
            "also pay by ACH bank transfer on net-30 terms. Your payment method is charged in full when you place your "
            "order, including for made-to-order pieces.\n\n"
            "Financing. Orders of $1,000 or more can be paid over time with Affirm. Choose Affirm at checkout; you'll see "
            "your rate and monthly payment before you confirm, and checking your eligibility doesn't affect your credit "
            "score. Qualifying customers can get 0% APR for 12 months; other terms range from 10% to 30% APR. Affirm, not "
            "Oakline, decides on approval and manages your loan; questions about your payments go to Affirm.\n\n"
            "Sales tax is charged on orders delivered to states where we're required to collect it."
        ),
    },
    {
        "id": "HC-116",
        "title": "Wood species, grain and natural variation",
        "tags": ["wood", "species", "grain", "color", "variation", "cherry", "walnut", "oak"],
        "body": (
            "We build in five hardwoods: white oak, walnut, cherry and ash, and maple for the Thessaly collection. Every "
            "board is different: grain pattern, color, mineral streaks and small pin knots vary from piece to piece, and no "
            "two Oakline tables are alike. Product photos show a representative piece; yours will have its own character. "
            "This natural variation is not a defect.\n\n"
            "What to expect by species. White oak: straight grain with ray fleck, honey-toned, ambers slightly over the "
            "years. Walnut: chocolate brown with purple and grey tones that lighten to a warm brown over time. Cherry: starts "
            "a pale salmon pink and darkens noticeably to a rich reddish brown, mostly within the first 6 months. Ash: pale, "
            "with bold grain, very stable. Maple: pale and fine-grained.\n\n"
            "If you want to see species and finishes in your own light before ordering, order a finish sample set."
        ),
    },
    {
        "id": "HC-117",
        "title": "Finish samples and the sample set",
        "tags": ["samples", "swatches", "finish", "sample set"],
        "body": (
            "Colors on screen are never quite right. Our Wood Finish Sample Set contains 5 finished wood chips, 3 by 4 "
            "inches: white oak, walnut, cherry, ash and maple, each in our standard hardwax oil. The set costs $25 and ships "
            "free by USPS.\n\n"
            "A few days after your samples are delivered we email you a $25 credit code, valid for 90 days on any furniture "
            "order, so the samples are free if you go ahead. Samples are yours to keep. Custom stain matching isn't "
            "available."
        ),
    },
    {
        "id": "HC-118",
        "title": "The Oakline Trade Program",
        "tags": ["trade", "designers", "business", "discount", "net-30"],
        "body": (
            "The Trade Program is for interior designers, architects, and hospitality and office buyers. Members get 15% "
            "off all furniture (not accessories or gift cards), a dedicated trade coordinator, tax-exempt purchasing with a "
            "valid resale certificate, and ACH payment on net-30 terms. Trade orders have 5-digit order numbers.\n\n"
            "To apply, fill in the application at oakline.example/trade with your business name and a resale certificate, "
            "business license or professional membership (ASID, IIDA, AIA). We review applications within 2 business days. "
            "Trade pricing can't be applied retroactively to orders placed before your account was approved.\n\n"
            "Furniture for commercial use carries a 3-year warranty; see the warranty page."
        ),
    },
    {
        "id": "HC-119",
        "title": "Delivery areas and delivery fees",
        "tags": ["delivery", "fees", "shipping cost", "areas"],
        "body": (
            "We deliver to all addresses in the 48 contiguous United States. We don't deliver to Alaska, Hawaii, US "
            "territories or outside the US.\n\n"
            "White-glove furniture delivery costs $249 per order, however many pieces are on it, and includes in-room "
            "placement, assembly and packaging removal. Orders of $5,000 or more get white-glove delivery free. For stair "
            "fees, see 'White-glove delivery: what happens on delivery day'.\n\n"
            "Accessories shipped by parcel (care products, cutting boards, cushions, trays, sample sets) ship free on orders "
            "over $75 and cost $9 below that. Remote-area surcharges may apply to some rural ZIP codes; you'll see them at "
            "checkout before you pay."
        ),
    },
    {
        "id": "HC-120",
        "title": "Order numbers, quote numbers and invoices",
        "tags": ["order number", "quote", "invoice", "account"],
        "body": (
            "You may see two kinds of numbers from us.\n\n"
            "A quote number (Q- followed by digits, for example Q-2046) is issued by our design consultants when they "
            "prepare a quote. A quote is a proposal, not an order, and has no production or delivery status.\n\n"
            "An order number (Q-O- followed by 4 or 5 digits, for example Q-O-1234) is issued when an order is placed; trade "
            "orders have 5 digits. Quote numbers and order numbers are separate sequences, so the digits of your quote and "
            "of your order don't match. Your order number is in your order confirmation email and under Account > Orders. "
            "Please use the order number whenever you contact us about an order.\n\n"
            "Invoices. Download a PDF invoice for any order under Account > Orders > Invoice. Invoices show the order "
            "number, items, sales tax and payments.\n\n"
            "A quote that hasn't been accepted can be turned into an order from the link in the quote email until it "
            "expires, 30 days after it was issued."
        ),
    },
    {
        "id": "HC-121",
        "title": "Moving house with Oakline furniture",
        "tags": ["moving", "storage", "disassembly"],
        "body": (
            "Solid wood furniture moves well if you prepare it.\n\n"
            "Beds and dining tables: take them apart rather than moving them assembled; bed rails and table legs put a lot "
            "of leverage on the joints when the piece is carried assembled. Keep all hardware in a labeled zip bag taped to "
            "the headboard or the underside of the tabletop.\n\n"
            "Casegoods (dressers, sideboards, bookcases): remove drawers and shelves and carry them separately; never lift a "
            "dresser by its top.\n\n"
            "Wrapping: use moving blankets, not plastic wrap directly on the wood, which traps moisture.\n\n"
            "Storage: if your furniture goes into storage, choose climate-controlled storage; a garage or an unheated unit "
            "will crack and warp wood over a winter.\n\n"
            "Our assembly guides show how to take apart and reassemble each piece. Damage that happens during a move isn't "
            "covered by the warranty."
        ),
    },
    {
        "id": "HC-122",
        "title": "Can Oakline furniture be used outdoors or in bathrooms?",
        "tags": ["outdoor", "bathroom", "humidity", "porch"],
        "body": (
            "Oakline furniture is made for indoor use only. Our hardwax oil finish isn't designed for rain, direct sun or "
            "standing water, and outdoor humidity swings open joints and crack solid tops. This includes covered porches, "
            "screened patios and unheated sunrooms. Bathrooms with a shower are also too humid for solid wood furniture.\n\n"
            "A piece used outdoors or in a bathroom isn't covered by the warranty. For entryways and mudrooms, put a boot "
            "tray under wet shoes."
        ),
    },
    {
        "id": "HC-123",
        "title": "Touch-up and scratch repair for oiled finishes",
        "tags": ["scratch", "repair", "touch-up", "dent"],
        "body": (
            "One advantage of an oiled finish is that scratches can be repaired locally, without refinishing the whole "
            "piece.\n\n"
            "Light surface scratches: rub a little Hardwax Oil Refresher into the scratch along the grain with a cloth, wait "
            "15 minutes, and buff off the excess.\n\n"
            "Deeper scratches that show pale wood: use the touch-up marker for your species (white oak, walnut, cherry, ash "
            "or maple) from the Wood Care Kit, let it dry for 10 minutes, then seal it with a drop of Hardwax Oil "
            "Refresher.\n\n"
            "Dents: a small dent can often be raised by laying a damp cloth over it and pressing briefly with a warm iron; "
            "test on a hidden spot first.\n\n"
            "Gouges and deep cracks need a technician; send us photos."
        ),
    },
    {
        "id": "HC-124",
        "title": "Ready to Ship furniture",
        "tags": ["ready to ship", "in stock", "fast delivery"],
        "body": (
            "Our Ready to Ship collection is a small selection of pieces we keep built and finished in our warehouse: Pike "
            "counter and bar stools, Juniper end tables, Corbin round mirrors, Library step stools, and a few Marlow coffee "
            "tables in walnut. They carry a green Ready to Ship badge on the product page.\n\n"
            "Ready to Ship pieces leave our warehouse within 3 business days. Smaller pieces travel by parcel carrier; "
            "larger ones by Ridgeway White Glove, who call to book a window as soon as the piece reaches your regional "
            "terminal, usually 1 to 2 weeks after you order.\n\n"
            "Ready to Ship pieces are built exactly like made-to-order ones and carry the same warranty. Quantities are "
            "limited; when a piece sells out, it goes back to its made-to-order lead time."
        ),
    },
]
