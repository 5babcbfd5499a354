"""Hand-written help center of Larder & Vine (world/kb.json).

Article ids are LVH-<four digits>. Several articles are distractors (subjects no ticket asks
about, or asks about only at their edge), and several are deliberately silent on questions a
customer might expect them to answer: those are the near misses of the case set (see
spec_cases.py, tag near-miss).
"""

ARTICLES = [
    ("LVH-1010", "Where we can ship wine", ["wine", "shipping", "states", "compliance", "law"],
     """Wine is the one part of our shop where state law decides for us. Every bottle we send leaves our licensed premises in Portland, Oregon, and we can only ship it to states that allow an out-of-state retailer to deliver wine directly to consumers.

At the moment we cannot ship wine, sparkling wine or any hamper that contains wine to Alabama, Arkansas, Delaware, Kentucky, Mississippi, Rhode Island or Utah. Checkout checks the delivery address: if it is in one of these states, the wine lines are removed from the basket, and you can still buy cheese, pantry goods, kitchen tools and wine-free gift boxes for that address. If you need a present for someone in one of those states, the Cheese Lover's Gift Box and our pantry hampers contain no wine.

Every other state offered at checkout can receive wine, always with an adult signature on delivery (see "Adult signature for wine deliveries"). The list changes when laws change; checkout is always current, even when this page lags a few days behind.

Cellar Club members who move to one of the states above should update their club address before the next charge date. We hold a club shipment rather than send it somewhere we cannot deliver."""),

    ("LVH-1020", "Adult signature for wine deliveries", ["wine", "signature", "id", "age", "21", "delivery", "fedex", "ups"],
     """Because wine is age-restricted, every order that contains wine is shipped "adult signature required". The carrier must hand the box to someone aged 21 or over who shows a valid government photo ID. That adult does not have to be the person named on the order, but drivers will not leave wine on a porch, with a neighbour under 21 or in a parcel locker, whatever the delivery instructions say.

If nobody of age is home, the driver leaves a notice. FedEx makes three delivery attempts on consecutive business days. UPS also makes three attempts and then holds the parcel at a nearby UPS Access Point for five business days. After the last attempt the box travels back to us in Portland. You can avoid that by moving the delivery yourself: see "Rescheduling or redirecting a wine delivery".

When a wine shipment comes back to us, we email you. Perishables packed in the same box cannot be sent out again once they have travelled twice, so a returned box is settled by our returns team rather than re-shipped.

Orders delivered by our refrigerated courier in Portland follow the same rule: the driver checks ID at the door."""),

    ("LVH-1030", "Rescheduling or redirecting a wine delivery", ["wine", "reschedule", "delivery", "fedex", "ups", "redirect", "hold", "pickup point"],
     """If you know you will not be home to sign for wine, you can change the delivery yourself with the tracking number from your shipping confirmation email. Once a parcel is with the carrier we cannot change its delivery for you, but the carriers' own tools take a minute.

FedEx: open fedex.com, enter the tracking number and choose "Manage delivery". With a free FedEx Delivery Manager account you can pick another delivery date, or redirect the parcel to a FedEx Office or Walgreens location, where an adult can collect it with photo ID.

UPS: open ups.com, enter the tracking number and choose "Change delivery". With a free UPS My Choice account you can reschedule to another day or send the parcel to a UPS Access Point, where it is held for you. Bring photo ID showing you are 21 or over.

If the box also holds cheese or charcuterie, choose a date no more than one business day after the planned one: the ice packs are designed for about 48 hours in transit.

Deliveries by our Portland courier are moved differently, by replying to the courier's text message (see "Our local refrigerated courier")."""),

    ("LVH-1040", "How we ship cheese and charcuterie", ["perishables", "cheese", "charcuterie", "shipping days", "cold chain", "insulated", "monday", "wednesday"],
     """Cheese, charcuterie, rillettes and every hamper that contains them travel in an insulated box with frozen gel packs, and we only send them when they can reach you before the weekend. Perishable orders ship on Monday, Tuesday and Wednesday only, by FedEx 2Day or UPS 2nd Day Air, so a box never sits in a depot over a weekend.

An order with perishables placed from Wednesday to Sunday ships on the following Monday. Until then it shows as "processing" in your account, which is normal. Wine, pantry goods and kitchen tools in the same order wait and travel in the same box; if you need them sooner, order them separately.

The insulated box keeps its contents below 40 F (4 C) for about 48 hours. During heatwaves (a forecast above 90 F at the destination) we may hold a perishable order for a few days, and we email you if we do.

In the Portland metro area, perishables can travel with our refrigerated courier instead, which delivers six days a week (see "Our local refrigerated courier")."""),

    ("LVH-1050", "My cheese or charcuterie arrived warm", ["perishables", "warm", "melted", "ice packs", "cheese", "food safety", "spoiled"],
     """First, don't worry if the gel packs have thawed: they melt as they absorb heat, and liquid packs on arrival are normal. What matters is the food. Hard and aged cheeses (Comte, Gruyere, Manchego) and cured salami are safe after a day or two at cool room temperature. They may sweat a little and recover in the fridge overnight.

Soft and fresh items are different. If brie, goat cheese, blue cheese, prosciutto, bresaola or rillettes feel warm to the touch (above about 50 F / 10 C), smell sour or look bloated, don't eat them. Take a photo of the items in the open box, then throw them away.

Then contact us with your order number and the photos, ideally on the day the box arrives. Perishables are covered by our usual refund policy (see "Refunds: how our refund policy works"), and we pass the photos to the carrier or courier so the same route is fixed.

If your box is still in transit and you are worried about a delay, check the tracking: a box that arrives one day late is normally still cold."""),

    ("LVH-1060", "Ice packs and insulated liners: what to do with them", ["ice packs", "gel packs", "liners", "recycling", "packaging", "disposal", "sustainability"],
     """Our gel packs hold a non-toxic, food-safe gel of water and a plant-based thickener. You can keep them in the freezer and reuse them for picnics or lunch boxes. To dispose of one, cut a corner, squeeze the gel into your household trash (not the sink or toilet, where it can clog the drain) and take the empty film to a grocery-store plastic bag drop-off.

The insulated liners are recycled cotton fibre sealed in a thin film. Slit the film and put it with plastic bags and film; the cotton pad can go in a home compost bin or in the trash. Most curbside recycling programmes do not accept it.

The outer box is plain corrugated cardboard: flatten it and recycle it curbside.

We keep looking for lower-impact packaging. If your city has a rule we should know about, tell us."""),

    ("LVH-1070", "Corked, faulty or broken bottles", ["wine", "corked", "faulty", "broken", "cork taint", "tca", "damaged", "leaking"],
     """Roughly one bottle in a hundred closed with natural cork is "corked": tainted by a compound called TCA. A corked wine smells of damp cardboard, wet dog or a musty cellar, and tastes flat, with its fruit muted. It is harmless but unpleasant, and it is nobody's fault. A wine that is simply not to your taste, or that has a little sediment or tartrate crystals, is not faulty.

If you think a bottle is corked, put the cork back in, keep the bottle with at least half of the wine, and contact us with your order number and the name of the wine. Our team may ask you to keep the bottle for a week so the producer can check it.

If a bottle arrives broken or leaking, photograph the box and the bottle before you unpack everything, and keep the packaging. Wipe any other items that got wet; a leaking bottle does not usually harm sealed cheese or pantry goods.

Faulty and broken bottles are refunded under our usual refund policy (see "Refunds: how our refund policy works"), counted from your order date."""),

    ("LVH-1080", "Refunds: how our refund policy works", ["refund", "policy", "30 days", "money back", "cancelled", "returned", "bank", "card"],
     """You can ask for a refund on a delivered order for up to 30 days from the date you placed the order. Tell us what went wrong (a warm cheese, a corked bottle, a missing item) and how much you would like back: the whole order, one item, part of a quantity, or a sum. A colleague reviews every refund before it is paid.

Approved refunds go back to the card or wallet you paid with. Your bank usually shows them within 5 to 10 business days. Amounts paid with a Larder & Vine gift card go back onto the gift card at once.

Some orders are handled differently:
- An order that has not been delivered yet cannot be refunded while it is on its way. If something goes wrong in transit, contact us once the carrier has delivered the parcel.
- Cancelled orders are refunded automatically, in full, when they are cancelled.
- Orders that came back to us are settled by our returns team, who contact you.
- If part of an order has already been refunded, any further refund is reviewed by a member of our team.

After 30 days from the order date we can no longer offer a refund."""),

    ("LVH-1090", "Cancelling an order", ["cancel", "cancellation", "order", "account", "processing"],
     """You can cancel an order yourself as long as it is still "processing". Sign in, open Account > Orders, choose the order and click "Cancel order". The whole order is cancelled and refunded in full to your original payment method, usually within 5 to 10 business days.

Perishable orders are packed early on the morning of their ship day (Monday to Wednesday), and other orders on the business day after you order. Once packing has started the Cancel button disappears, and once an order shows "shipped" it can no longer be cancelled or called back. A shipped order you no longer want falls under our refund policy once it is delivered.

To cancel only some items, cancel the order and place a new one with the items you want to keep.

Cellar Club shipments are managed separately: see "Wine club: skip, pause or cancel"."""),

    ("LVH-1100", "Changing your delivery address", ["address", "change address", "delivery", "redirect", "wrong address"],
     """While an order is "processing" you can change where it goes: sign in, open Account > Orders, choose the order and click "Edit delivery address". If the new address is in a state we cannot ship wine to, the wine lines are removed and refunded automatically.

After an order has shipped, only the carrier can change the address on the label. Use the tracking number in your shipping email: FedEx Delivery Manager and UPS My Choice let you redirect a parcel to a nearby pickup point, and sometimes to another address in the same city (the carrier may charge a fee). Wine can only be redirected to a place where an adult signature can still be collected.

For deliveries by our Portland courier, reply to the courier's text message with the new address; the courier can change it within the Portland metro delivery area on the same day."""),

    ("LVH-1110", "Gift messages and gift orders", ["gift", "gift message", "gift note", "card", "packing slip", "prices"],
     """Any order can be a gift. At checkout, tick "This is a gift" and write a message of up to 250 characters; we print it on a letterpress card tucked inside the box. When one order goes to several addresses, each address gets its own message.

Gift orders never show prices: the packing slip lists the items only, and the receipt is emailed to you, not to the recipient. The recipient receives the carrier's tracking updates only if you entered their email address.

You can edit or remove the message while the order is "processing": open Account > Orders, choose the order and click "Edit gift message". Once the order has shipped, the card is already printed and in the box.

Wine in a gift order still needs an adult signature, so check that your recipient will be home, or send it to their workplace."""),

    ("LVH-1120", "Hampers and gift boxes: substitutions", ["hamper", "gift box", "substitution", "seasonal", "contents", "different item"],
     """Our hampers are assembled by hand in Portland from small producers, and small producers run out. When an item in a hamper is unavailable, we replace it with a similar item of equal or greater value: another fig jam, an aged cheese of the same style, a comparable Pinot Noir. The packing slip marks every substitution with an asterisk, so you and your recipient can see what changed.

We never substitute in a way that adds an allergen the original hamper did not contain: a nut-free hamper stays nut-free, and we won't put a cheese into a hamper that had none.

Wine is only replaced with a wine of the same colour and style, never with a non-alcoholic item, and the other way round.

The photos on the product pages show each hamper as designed for the season; the ribbon and basket may vary."""),

    ("LVH-1130", "Allergens and dietary information", ["allergens", "nuts", "peanuts", "gluten", "dairy", "dietary", "ingredients", "allergy"],
     """Every food product page lists its ingredients and the major allergens it contains: milk, eggs, fish, shellfish, tree nuts, peanuts, wheat, soybeans and sesame. The same information is printed on each item's label.

Our Portland packing room handles all of these. We cut and wrap cheese and charcuterie on shared surfaces, and hampers are packed at one table, so we cannot promise that any product is free from traces of an allergen, even where the producer's label says so. If you have a severe allergy, choose sealed, pre-packaged items and read each label.

Hampers list their full contents and allergens on the product page. If a hamper item is substituted (see "Hampers and gift boxes: substitutions"), the substitute never adds an allergen the original did not contain."""),

    ("LVH-1140", "Wine club: skip, pause or cancel", ["wine club", "cellar club", "skip", "pause", "cancel", "membership", "quarterly"],
     """The Cellar Club sends three bottles chosen by our buyers four times a year, in February, May, August and November. Your card is charged on the 1st of the shipment month and the bottles ship in the second and third weeks.

To skip one shipment, sign in, open Account > Wine Club > Manage and click "Skip next shipment" before the 1st of the shipment month. You can skip as often as you like.

To pause, choose "Pause membership" on the same page and pick how many shipments to pause (one or two). Your membership resumes by itself afterwards.

To cancel, choose "Cancel membership". Cancelling takes effect from the next shipment that has not been charged yet; a shipment already charged is still sent. Members keep their 10% member discount until the end of the quarter in which they cancel."""),

    ("LVH-1150", "Wine club: your card and shipping address", ["wine club", "cellar club", "payment", "card", "billing", "address", "update"],
     """Club shipments are charged to the card saved on your club membership, not to the card you used for your last order. To change it, sign in, open Account > Wine Club > Billing and choose "Replace card". The new card is used from the next charge on the 1st of a shipment month; a charge already made stays on the old card.

To send club shipments somewhere else, for example to your office where someone can sign, open Account > Wine Club > Shipping and enter the new address. It must be in a state we can ship wine to (see "Where we can ship wine").

If a club charge fails, we email you and try again three days later. After a second failure that shipment is skipped and your membership stays active."""),

    ("LVH-1160", "Tasting events: tickets, age and cancellations", ["events", "tasting", "tickets", "age", "id", "cancellation", "harvest"],
     """We host seated tastings at our Division Street tasting room most Thursday evenings, and a larger Harvest Tasting each season. Tickets are sold on the Events page. Each ticket is a QR code emailed to you, to show at the door on your phone or on paper.

Every tasting pours wine, so every guest must be 21 or over and bring a valid photo ID, even with a ticket. We cannot admit anyone under 21, including babies and children with their parents.

Tickets are not named: if you cannot come, forward the ticket email to a friend. You can also cancel a ticket up to 7 days before the event with the link in your ticket email; within 7 days of the event tickets cannot be cancelled.

Tastings are paired with cheese and charcuterie. Tell us about allergies in the notes field when you book, and we'll prepare a separate plate where we can."""),

    ("LVH-1170", "Our local refrigerated courier (Portland metro)", ["courier", "local delivery", "portland", "refrigerated", "reschedule", "rose city cold courier", "text"],
     """Orders to most Portland-metro ZIP codes (Portland, Beaverton, Lake Oswego, Milwaukie, Gresham and Vancouver, WA) can travel with Rose City Cold Courier, our refrigerated van partner, instead of FedEx or UPS. Checkout offers it when your address is in the area. It costs $9.00, and the boxes ride in a refrigerated van, so there are no ice packs.

The courier delivers Monday to Saturday; orders placed before noon are usually delivered the next day. On the morning of delivery you get a text message with a two-hour delivery window and a tracking link. Courier tracking numbers start with RCC.

To reschedule, reply to that text with NEW DAY and pick another day from the options the courier sends back, or reply CALL to speak to the dispatcher. You can move a delivery until 9:00 am on the delivery day. Wine still needs an adult signature with the courier.

If nobody is home and the box holds no wine, the driver leaves it in the shade at your door only if you replied LEAVE to the morning text; otherwise it goes back to the van and the courier texts you a new slot."""),

    ("LVH-1180", "Tracking your order", ["tracking", "order status", "where is my order", "shipped", "processing", "delivered"],
     """As soon as your order leaves us we email a shipping confirmation with the carrier and the tracking number. FedEx tracking numbers have 12 digits, UPS tracking numbers start with 1Z, and our Portland courier's start with RCC.

The status of an order in Account > Orders tells you where it stands:
- Processing: we have your order and are preparing it. Perishables wait for the next Monday-to-Wednesday ship day.
- Shipped: the carrier has it; the tracking number shows the latest scan.
- Delivered: the carrier recorded the delivery.
- Cancelled: the order was cancelled and refunded in full.
- Returned: the parcel came back to us, or you sent it back.

Tracking can take up to 24 hours to show its first scan after the shipping email. If tracking says delivered and you can't find the box, check with neighbours and your building's mail room, then contact us with your order number."""),

    ("LVH-1190", "Gift cards", ["gift card", "e-gift", "voucher", "redeem", "balance", "code"],
     """Larder & Vine e-gift cards come in any amount from $25 to $500. Choose the amount, the recipient's email address, a short message and the day it should arrive; we email the card at 8:00 am Pacific on that day.

To redeem one, enter its 16-character code in the "Gift card or discount code" field at checkout. A gift card pays for anything in the shop, including wine, event tickets and Cellar Club shipments, and any unused balance stays on the card for the next order.

To check the balance, open the link in the gift card email.

Gift cards cannot be exchanged for cash. If the recipient loses the code, our team can send it again to the recipient's email address."""),

    ("LVH-1200", "Kitchen tools: care and warranty", ["kitchen tools", "knives", "boards", "corkscrew", "warranty", "defect", "care"],
     """Our cheese knives, boards, corkscrews and wine tools carry a one-year warranty against manufacturing defects, counted from the delivery date: a cracked handle, a loose rivet, a corkscrew worm that bends in normal use. Contact us with your order number and a photo of the fault and we will repair or replace the tool.

Wear and tear, dishwasher damage and boards that split after soaking are not covered. Wash oak boards by hand, dry them standing up and oil them with food-safe mineral oil once a month. Cheese knives are hand-wash only; dry them straight away.

The warranty comes on top of our refund policy: within 30 days of your order date you can also ask for a refund."""),

    ("LVH-1210", "Caring for cheese at home", ["cheese", "storage", "serving", "wrap", "fridge", "mould"],
     """Cheese is alive, and it likes to breathe. Take it out of any plastic when it arrives and rewrap it in cheese paper, baking parchment or beeswax wrap, then keep it in the vegetable drawer of your fridge, where it is cool and a little humid.

Take cheese out of the fridge an hour before serving: flavour and texture open up at room temperature. Cut only what you will eat.

A little surface mould on a hard cheese can be cut away with a generous margin; soft cheeses with unexpected mould should be thrown away. Wrap blue cheeses separately so the blue does not spread.

Most hard cheeses keep three to four weeks once cut, soft cheeses about a week."""),

    ("LVH-1220", "Our tasting room and in-store pickup", ["tasting room", "pickup", "store", "shop", "hours", "portland", "division street"],
     """Our shop and tasting room is at 2314 SE Division Street, Portland. It is open Wednesday to Sunday from 11:00 am to 7:00 pm, and until 9:00 pm on Thursdays when there is a tasting.

At checkout you can choose "Pickup at Division Street" for free. We email you when the order is ready, usually within two hours during opening hours; perishables wait in our walk-in fridge. Bring the pickup email and, for orders with wine, a photo ID showing you are 21 or over. Pickup orders are held for seven days.

Someone else can collect for you: forward them the pickup email and add their name in the order notes."""),

    ("LVH-1230", "Corporate and bulk gifting", ["corporate", "bulk", "business", "gifts", "clients", "volume", "invoice"],
     """Sending gifts to clients or a whole team? For 10 or more hampers, our corporate gifting desk handles the order for you: send a spreadsheet of recipients and delivery dates, and we ship each box and send you a single invoice.

Corporate orders get tiered pricing (5% off from 10 hampers, 10% from 25, 15% from 50) and can include a printed card with your company logo. Wine hampers follow the same state rules as any wine order, and the desk checks every address for you.

To start, email corporate@larderandvine.com with the number of gifts, your budget per gift and the delivery window. Please allow three weeks before the first delivery date in November and December."""),

    ("LVH-1240", "Payment methods we accept", ["payment", "cards", "apple pay", "google pay", "paypal", "billing"],
     """We accept Visa, Mastercard, American Express and Discover, as well as Apple Pay, Google Pay, Shop Pay and Larder & Vine gift cards. We do not accept PayPal, cheques or cash on delivery.

Your card is charged when you place the order, not when it ships. If an item turns out to be unavailable, we refund that line to the same card.

Prices are in US dollars. Shipping is charged as its own line at checkout: standard shipping, insulated cold-chain shipping for perishables, or the Portland courier."""),

    ("LVH-1250", "Your account: sign-in and password reset", ["account", "password", "sign in", "login", "email", "reset"],
     """You don't need an account to order, but an account lets you track orders, cancel or edit an order that is still processing, and manage a Cellar Club membership.

Forgot your password? On the sign-in page click "Forgot password", enter your email address and we send a link that works for one hour. If it doesn't arrive within a few minutes, check your spam folder and make sure you use the address you ordered with.

To change your email address, sign in and open Account > Profile. Orders placed as a guest with the same email address appear in your account automatically."""),

    ("LVH-1260", "Holiday ordering deadlines", ["holiday", "christmas", "deadline", "thanksgiving", "december", "last day"],
     """For delivery before Christmas Day, please order:
- perishables (cheese, charcuterie and hampers that contain them) by Sunday, December 13, so they ship on the last perishable ship days, December 14 to 16;
- wine, pantry goods, kitchen tools and wine-free hampers by Thursday, December 17, for FedEx or UPS;
- Portland courier deliveries by 11:00 am on Wednesday, December 23.

Orders placed after these dates ship as usual in the last week of December, and checkout shows the expected ship date.

Thanksgiving: perishables ordered by Sunday, November 22 ship on November 23 or 24 and arrive before the holiday. We do not ship on Thursday, November 26 or Friday, November 27.

E-gift cards can be sent on any day, including Christmas Day."""),

    ("LVH-1270", "Newsletter and marketing emails", ["newsletter", "unsubscribe", "emails", "marketing", "privacy", "spam"],
     """We send a newsletter about new producers, events and club releases about twice a month. To stop it, click "Unsubscribe" at the bottom of any newsletter, or sign in and untick "News and offers" in Account > Profile. It takes effect at once, though an email already queued may still arrive that day.

Unsubscribing does not stop service emails about your orders, such as order confirmations, shipping confirmations and Cellar Club charge reminders: those are needed to deliver what you bought.

We never sell or share your email address. To have your account and data deleted, email privacy@larderandvine.com from the address on the account."""),
]
