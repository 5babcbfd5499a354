"""Help-center articles of Greenhouse & Hearth (world/kb.json is written from this list)."""

KB = [
    dict(id="hc-0101", title="Live plant Arrival Guarantee",
         tags=["live plants", "guarantee", "damaged", "arrival", "replacement", "store credit"],
         body=("Every live plant we ship is covered by our Arrival Guarantee. If a plant arrives broken, "
               "diseased, dried out or otherwise unhealthy, tell us within 7 days of the delivery date: reply "
               "to your delivery email or use Account > Orders > Report a plant problem, and attach one photo "
               "of the plant and one of the box. We send a free replacement in the next suitable shipping "
               "window, or store credit if the variety has sold out for the season. You do not need to send "
               "the plant back. The guarantee covers the condition on arrival only; it does not cover plants "
               "that decline later because of planting conditions, watering or weather.")),
    dict(id="hc-0102", title="Seasonal shipping windows for live plants",
         tags=["live plants", "shipping", "season", "weather", "dispatch days"],
         body=("Live plants leave our Asheville greenhouses Monday to Wednesday only, so they never sit in a "
               "depot over a weekend. Spring shipping runs from early March to mid-June and autumn shipping from "
               "early September to mid-November; the exact week depends on your USDA hardiness zone, colder "
               "zones later in spring and earlier in autumn. We hold a shipment when the forecast at your "
               "address is below 28°F or above 95°F in the three days after dispatch, and ship it the "
               "following week instead; you get an email each time a shipment is held. Hard goods (tools, "
               "pots, furniture, soil) ship all year, Monday to Friday.")),
    dict(id="hc-0103", title="Bulb and seed garlic pre-orders",
         tags=["bulbs", "tulips", "daffodils", "garlic", "pre-order", "autumn"],
         body=("Spring-flowering bulbs (tulips, daffodils, alliums, crocus) and seed garlic are sold as "
               "pre-orders from June and ship in autumn, when it is time to plant them. Zones 3 to 5 ship from "
               "mid-September, zones 6 and 7 from early October and zones 8 to 10 from late October; orders "
               "for zone 8 and warmer include pre-chilled tulips. A pre-order shows the status 'processing' "
               "until it ships, and your card is charged when you place it. Everything in one order ships "
               "together, in the latest window of its items.")),
    dict(id="hc-0104", title="Tracking your parcel",
         tags=["tracking", "shipping", "carrier", "FedEx", "USPS", "freight"],
         body=("When your order leaves the warehouse we email a shipping confirmation with the carrier and the "
               "tracking number; the same details are under Account > Orders. Parcels go by FedEx Ground or "
               "USPS Priority Mail, and tracking usually shows movement within 24 hours of that email. Large "
               "items (greenhouse kits, furniture, bulk soil) travel by R+L Carriers freight; their tracking "
               "number is a PRO number starting with RLC, which you can enter on the R+L website. If tracking "
               "has not changed for 5 business days, contact us and we will open a trace with the carrier.")),
    dict(id="hc-0105", title="Freight delivery: greenhouse kits, furniture and bulk soil",
         tags=["freight", "R+L Carriers", "delivery appointment", "greenhouse", "furniture", "signature"],
         body=("Freight orders travel by R+L Carriers. When the shipment reaches your local terminal, R+L calls "
               "or texts the phone number on the order to book a four-hour delivery appointment. To move that "
               "appointment, reply to R+L's text or call R+L customer service with the PRO number from your "
               "shipping email; an appointment can be moved up to two times before the shipment is returned "
               "to us. Freight is delivered curbside, to the end of your driveway, not carried into the garden. "
               "Someone aged 18 or over must be there to sign for it, as the driver cannot leave freight "
               "unattended. Count the boxes and check the pallet before you sign, and write any damage on the "
               "delivery receipt.")),
    dict(id="hc-0106", title="Hearth Rewards: earning and using points",
         tags=["loyalty", "rewards", "points", "discount", "tiers"],
         body=("Hearth Rewards is our free loyalty scheme; you are enrolled when you create an account. You earn "
               "1 point for every dollar spent on products (not on shipping or gift cards) and 50 bonus points "
               "in your birthday month. Every 100 points can be redeemed for $5 off at checkout, in blocks of "
               "100. Points appear in your account once the order is delivered, and expire 18 months after "
               "they were earned. Members who spend $500 in a calendar year reach Oak tier and earn 1.5 points "
               "per dollar for the rest of that year and the next.")),
    dict(id="hc-0107", title="Potting Bench Box subscription: skip, pause or cancel",
         tags=["subscription", "Potting Bench Box", "skip", "pause", "cancel"],
         body=("The Potting Bench Box is our monthly plant-care subscription: a seasonal plant or bulbs, a care "
               "card and a useful extra, for $39 a month. It is charged on the 1st and ships between the 5th "
               "and the 10th of each month. To skip a month, pause for up to three months, or cancel, go to "
               "Account > Subscriptions before the 20th of the month before the box you want to change; "
               "changes made after the 20th apply from the box after. There is no minimum term and no "
               "cancellation fee.")),
    dict(id="hc-0108", title="Workshops at the Asheville nursery",
         tags=["workshops", "classes", "booking", "tickets"],
         body=("Our hands-on workshops (pruning, kokedama, container design, winter sowing) run on Saturdays in "
               "the potting barn at the nursery. Book online; your ticket is emailed at once. All tools and "
               "materials are included; wear closed shoes and bring gloves if you have them. If you cannot "
               "come, you may give your seat to someone else by forwarding them the ticket email, without "
               "telling us, or cancel from My Workshops up to 72 hours before the start for store credit of "
               "the full price. Cancellations later than 72 hours before the start are not credited.")),
    dict(id="hc-0109", title="Sending a plant as a gift",
         tags=["gift", "gift message", "packing slip", "recipient"],
         body=("Tick 'This is a gift' at checkout to add a gift message of up to 200 characters, printed on a "
               "card and packed with the plant. Gift orders carry a packing slip without prices, and the "
               "recipient's address can differ from your billing address. You can pick a preferred delivery "
               "week at checkout for live plants; hard goods ship straight away. The shipping and delivery "
               "emails go to you, not to the recipient, unless you add their email address at checkout.")),
    dict(id="hc-0110", title="Cancelling an order",
         tags=["cancel", "cancellation", "order", "processing"],
         body=("You can cancel an order yourself while its status is 'processing': open Account > Orders, "
               "choose the order and press Cancel order. The full amount goes back to your original payment "
               "method within 5 business days, and a cancelled order cannot be reopened. Once an order has "
               "shipped, the Cancel button disappears and the order can no longer be cancelled; hard goods can "
               "then be returned under our returns policy. Bulb pre-orders can be cancelled the same way until "
               "they ship.")),
    dict(id="hc-0111", title="Changing the delivery address",
         tags=["address", "shipping address", "edit order", "redirect"],
         body=("While an order is still 'processing' you can change where it goes: open Account > Orders, "
               "choose the order, press Edit shipping details, enter the new address and save. We confirm the "
               "change by email. Once the order has shipped we can no longer change the address; you can ask "
               "the carrier to redirect the parcel with the tracking number (FedEx Delivery Manager or USPS "
               "Package Intercept, at the carrier's fee). Freight orders cannot be redirected.")),
    dict(id="hc-0112", title="Returning tools, pots and other hard goods",
         tags=["returns", "return label", "hard goods", "tools", "pots"],
         body=("Hard goods (tools, pots and planters, irrigation parts, furniture and greenhouse kits) can be "
               "returned within 30 days of the order date if unused and in the original packaging. Start a "
               "return in the Returns Centre under Account > Orders; for parcels we email a prepaid return "
               "label, and $8.95 return shipping is deducted from the refund. Furniture and greenhouse kits "
               "are collected by freight for a $75 collection fee. Live plants, seeds, bulbs, soil and compost "
               "cannot be returned; the Arrival Guarantee and the Germination Promise cover them instead.")),
    dict(id="hc-0113", title="Germination Promise for seeds",
         tags=["seeds", "germination", "replacement", "lot number"],
         body=("If a packet of our seeds does not germinate when sown as the packet describes and before the "
               "'sow by' date printed on it, we send a replacement packet free of charge. Email us the lot "
               "number printed on the back of the packet and tell us roughly when and how you sowed. One "
               "replacement per packet; the promise covers germination only, not how the seedlings grow on.")),
    dict(id="hc-0114", title="Unpacking live plants after delivery",
         tags=["live plants", "unpacking", "arrival", "watering", "transplant shock"],
         body=("Open the box the day it arrives, even if you cannot plant yet. Lift the plant out by its pot, "
               "not its stems, and remove the paper collar and any stakes taped on for transport. Water "
               "thoroughly until water runs from the drainage holes, then keep the plant in bright shade, out "
               "of direct sun, for two or three days while it recovers from the journey. Some yellow leaves "
               "or a few dropped flowers are normal after shipping. Wait at least a week before repotting or "
               "planting out.")),
    dict(id="hc-0115", title="Setting up the Drip Irrigation Starter Kit",
         tags=["irrigation", "drip", "timer", "batteries", "tubing"],
         body=("Connect the parts in this order from the tap: the hose-end timer (if you have one), the "
               "backflow preventer, the filter, the pressure regulator and then the 1/2 inch supply tubing. "
               "Lay the tubing, punch holes with the tool supplied and push in the drippers, two per shrub or "
               "one per pot. One run of supply tubing should not exceed 200 feet. The Hose-End Water Timer "
               "takes two AA batteries (not included); replace them every season, and when the screen blinks "
               "the batteries are low. Flush the line for a minute before closing the end caps.")),
    dict(id="hc-0116", title="Bulk bags of soil and compost",
         tags=["bulk bag", "soil", "compost", "pallet", "deposit", "freight"],
         body=("Bulk bags hold one cubic yard, enough to fill about two 4x8 ft raised beds 10 inches deep, and "
               "weigh around 1,500 lb. They travel by freight on a wooden pallet and are left curbside. The "
               "pallet carries a $25 deposit, shown as its own line at checkout: leave the empty pallet where "
               "the bag was delivered and book a collection in Account > Orders within 60 days, and the deposit "
               "is refunded to your card once the pallet is picked up. We cannot place bags on lawns, behind "
               "gates or up steep driveways.")),
    dict(id="hc-0117", title="Choosing the right pot size",
         tags=["pots", "repotting", "planters", "drainage", "frost"],
         body=("When repotting, pick a pot 1 to 2 inches wider than the current one for plants in pots up to "
               "10 inches, and 2 to 4 inches wider for larger plants; a much bigger pot holds wet soil around "
               "the roots and invites rot. Every pot should have a drainage hole: our glazed planters come with "
               "one drilled, and the terracotta pots have a hole and a matching saucer. Glazed frost-proof "
               "planters can stay outside all winter; terracotta should come indoors or be kept dry when it "
               "freezes, as wet terracotta can crack.")),
    dict(id="hc-0118", title="Hearth Forged tools lifetime guarantee",
         tags=["tools", "guarantee", "warranty", "broken", "Hearth Forged"],
         body=("Hearth Forged hand tools (trowels, spades, forks and hoes) are guaranteed for life against "
               "breakage in normal garden use: a snapped handle, a bent blade or a loose socket. Send us a photo "
               "of the broken tool and, if you have it, your order number, and we send a new tool free of "
               "charge; there is no need to return the broken one. The guarantee does not cover rust, wear of "
               "the edge, damage from levering rocks or roots, or lost tools. It applies however long ago the "
               "tool was bought and whoever bought it.")),
    dict(id="hc-0119", title="Payment methods",
         tags=["payment", "card", "PayPal", "Klarna", "gift card"],
         body=("We accept Visa, Mastercard, American Express, Discover, PayPal, Apple Pay and Greenhouse & Hearth "
               "gift cards; orders over $150 can also be paid in four instalments with Klarna. The payment "
               "method cannot be changed on an order that has been placed. To pay another way, cancel the order "
               "while it is still 'processing' (Account > Orders > Cancel order) and place it again with the "
               "new payment method; the first payment is returned in full within 5 business days.")),
    dict(id="hc-0120", title="Gift cards",
         tags=["gift card", "e-gift", "balance", "voucher"],
         body=("Greenhouse & Hearth gift cards come as e-gift cards from $10 to $500, emailed on the date you "
               "choose, or as printed cards mailed in a seed-paper envelope. They never expire and carry no "
               "fees. Check the balance at the bottom of the Gift Cards page with the card number and PIN. A "
               "gift card can be used online and at the nursery in Asheville, together with another payment "
               "method if the order costs more than the balance. Gift cards cannot be exchanged for cash.")),
    dict(id="hc-0121", title="Shipping costs and free shipping",
         tags=["shipping cost", "free shipping", "plant handling fee", "freight price"],
         body=("Standard shipping on tools, pots, seeds, bulbs and other hard goods is free on orders of $75 or "
               "more after discounts; below that it is a flat $7.95. Orders with live plants carry a Plant "
               "Handling fee of $12.95 per order, whatever the order value, which pays for the insulated box "
               "and the heat or cold packs. Freight items (greenhouse kits, furniture and bulk soil) show their "
               "delivery price at checkout, based on your ZIP code.")),
    dict(id="hc-0122", title="Signing in and resetting your password",
         tags=["account", "password", "sign-in", "login", "locked"],
         body=("Sign in with the email address you used at checkout. If you forgot your password, choose "
               "'Forgot password?' on the sign-in page; we email a link that works for 30 minutes. If nothing "
               "arrives within 10 minutes, check the spam and promotions folders, and make sure you entered the "
               "same email as on your orders. An account locks for 15 minutes after five wrong passwords.")),
    dict(id="hc-0123", title="Assembling a greenhouse kit",
         tags=["greenhouse", "assembly", "instructions", "base", "polycarbonate"],
         body=("Each greenhouse kit ships in several boxes with a printed manual; the same manual and assembly "
               "videos are on the product page under Downloads. Plan on two adults and about six hours for the "
               "Hobby 8x10, three hours for the Lean-To 6x4. Build on a level, square base (a timber frame or "
               "paving slabs); the kit includes ground anchors but no base. Fit the polycarbonate panels with "
               "the UV-protected side, marked by the printed film, facing out, and peel the film off only once "
               "each panel is in place.")),
    dict(id="hc-0124", title="Caring for outdoor furniture",
         tags=["furniture", "teak", "acacia", "cedar", "winter", "oil"],
         body=("Our teak and acacia furniture is left unfinished so it weathers to a silver grey. To keep the "
               "warm colour, clean it with mild soapy water and apply teak oil twice a year, in spring and "
               "autumn. Cedar pieces need no oil. Furniture can stay outside all year; in winter, raise the feet "
               "off wet ground and use a breathable cover, never plastic sheeting. Bring seat cushions indoors "
               "when they are not in use.")),
    dict(id="hc-0125", title="Click & Collect at the nursery",
         tags=["click and collect", "pickup", "nursery", "opening hours"],
         body=("Choose Click & Collect at checkout to pick up your order at the nursery, 1180 Riverbend Road, "
               "Asheville, free of charge. Wait for the 'Ready to collect' email, usually within two hours "
               "during opening hours (Tuesday to Sunday, 9am to 5pm), and show it on your phone at the garden "
               "shop counter. We hold collect orders for seven days; after that the order is cancelled and "
               "refunded.")),
    dict(id="hc-0126", title="Where we can ship live plants",
         tags=["live plants", "shipping restrictions", "states", "citrus", "quarantine"],
         body=("We ship live plants to the 48 contiguous US states. Some states restrict certain plants to "
               "protect their farms: we cannot send citrus trees to California, Arizona, Texas or Florida, "
               "blueberries to Oregon or Washington, or bare-root roses to Arizona. Checkout removes restricted "
               "plants for your address before you pay. Hard goods ship to all 50 states and to APO "
               "addresses.")),
]

# For each near-miss question: the article that comes closest and why it does not answer.
NEAR_MISSES = {
    "hc-0106": "Can I give my Hearth Rewards points to someone else? (earning, redeeming, expiry, tiers; no transfer)",
    "hc-0109": "Do you gift-wrap plants? (gift message card, price-free slip, delivery week; no wrapping)",
    "hc-0115": "Does the hose-end timer work with a rain sensor? (hook-up order, batteries; no sensor)",
    "hc-0123": "What snow load can the greenhouse take? (assembly, base, panels; no load rating)",
    "hc-0108": "Is the potting barn wheelchair accessible? (booking, transfer, cancellation; no access)",
    "hc-0116": "Is the bulk-bag soil certified organic? (volume, pallet deposit, placement; no certification)",
    "hc-0107": "Can I choose what goes in my Potting Bench Box? (price, dates, skip/pause/cancel; no choice)",
    "hc-0125": "Can somebody else pick up my Click & Collect order? (where, when, how long held; no proxy)",
    "hc-0114": "How often to water a fiddle leaf fig in winter? (first days after arrival only)",
    "hc-0124": "Do you sell replacement cushions? (oiling, winter cover, bring cushions in; no spares)",
}
