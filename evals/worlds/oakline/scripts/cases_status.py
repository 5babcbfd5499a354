"""Order-status tickets (~30)."""
from common import *

# S1 shipped, canonical id in the ticket field, long email with the question buried
add("status-dining-set-shipped-buried-question", ["status", "long-email", "signature"], "OAK-77310",
    "Harlow table + Wren chairs - Pacific Heights project",
    "Hi Oakline team,\n\n"
    "I hope you're all well and that the workshop has survived the heat this summer. I wanted to drop you a note "
    "because my clients on the Pacific Heights project (the ones who waited eight months for their kitchen remodel, "
    "bless them) are finally getting close to move-in, and the dining room is the last room we haven't styled. The "
    "rug is down, the pendant is hung, the Farrow & Ball is dry, and all that's missing is the Harlow table and the "
    "six Wren side chairs.\n\n"
    "I had a note from your finishing team a few weeks ago saying the table was in its last coat of oil, which was "
    "lovely. Could you tell me whether the set has actually left the workshop yet, and if so, who is carrying it and "
    "what the tracking number is? I need to coordinate with the building manager, who insists on a certificate of "
    "insurance and a freight elevator booking at least five days ahead.\n\n"
    "Separately, and no rush at all, I'll be sending over a trade inquiry for a Thessaly dresser in the new year.\n\n"
    "Thank you as always,\n\n" + SIG["OAK-77310"],
    "resolved", required=LOOKUP, includes=["shipped", "RWG-55190417"], order_id="Q-O-5519")

# S2 lowercase id in the body, processing
add("status-bed-processing-lowercase-id", ["status", "id-format"], "OAK-77342",
    "checking in on our bed",
    "Hey there,\n\nWe ordered the Linden queen bed in cherry with the two matching nightstands back in September "
    "(order q-o-5710). Our old bed frame finally cracked last weekend (IKEA, what did we expect) so we're sleeping on "
    "a mattress on the floor and my back is filing complaints. Has it shipped yet or is it still being built? Any "
    "idea roughly when it'll be at our door?\n\n" + SIG["OAK-77342"],
    "resolved", required=LOOKUP, includes=["processing"])

# S3 compact id in the subject only, attorney signature that is not a threat
add("status-compact-id-subject-attorney-signature", ["status", "id-format", "signature", "legal-word-not-threat"], "OAK-77709",
    "QO5702 - status?",
    "Good afternoon,\n\nCould someone let me know where things stand with our walnut Harlow table? We're hosting "
    "Thanksgiving this year for the first time (twelve people, two of them my in-laws) and my wife would like to "
    "know whether to plan around the new table or borrow folding tables from the church.\n\n"
    "No need to call; email is best, I'm in depositions most of this week.\n\n"
    "Regards,\n\n" + SIG["OAK-77709"],
    "resolved", required=LOOKUP, includes=["processing"])

# S4 spaced id in an Outlook HTML body, trade order shipped
add("status-trade-order-spaced-id-html", ["status", "id-format", "html", "trade", "signature"], "OAK-77815",
    "RE: Desk delivery for 21st floor buildout",
    outlook_html([
        "Hello Oakline,",
        "",
        "Our facilities team is planning the move-in for the new 21st floor and I need to confirm timing for the four "
        "Fenwick desks and four Wren arm chairs on our trade order Q O 10241.",
        "",
        "Has the order shipped? If so, could you send the carrier and the tracking number so that I can pass them to "
        "building management? The loading dock at 500 W Madison has to be booked in two-hour slots and they will not "
        "let a freight truck in without a reference number.",
        "",
        "Thank you in advance for your help.",
    ], SIG["OAK-77815"].split("\n")),
    "resolved", required=LOOKUP, includes=["shipped", "RWG-10241577"])

# S5 "order 5690", shipped
add("status-bookcase-order-number-digits-only", ["status", "id-format"], "OAK-77738",
    "bookcase",
    "Hi,\n\nMy Corbin bookcase (order 5690) was supposed to ship sometime this month according to the email I got "
    "in September. My books are currently in eleven cardboard boxes in the hallway and the cat has claimed three of "
    "them. Has it left yet? If it has, could I get the tracking number?\n\nThanks,\n" + SIG["OAK-77738"],
    "resolved", required=LOOKUP, includes=["shipped", "RWG-56900981"])

# S6 delivered, asks for the record
add("status-delivered-for-insurance-records", ["status"], "OAK-77860",
    "Delivery confirmation for insurance",
    "Hello,\n\nI'm updating our home insurance inventory (the agent wants receipts and delivery dates for anything over "
    "$2,500). Could you confirm that our Harlow dining table, order Q-O-5470, shows as delivered on your side, and "
    "the date it was delivered and who delivered it? Our paperwork from the day is somewhere in a moving box.\n\n"
    "Many thanks,\n" + SIG["OAK-77860"],
    "resolved", required=LOOKUP, includes=["delivered"])

# S7 another customer's order
add("status-other-customers-order", ["status", "other-customer"], "OAK-77310",
    "Status on Q-O-5710 please",
    "Hi team,\n\nQuick one: can you tell me where order Q-O-5710 is? It's the cherry Linden bed and nightstands. "
    "I'm helping a friend furnish her guest room and told her I'd chase it for her since I deal with you all the "
    "time.\n\nThanks!\n\n" + SIG["OAK-77310"],
    "escalated", category="order_not_found", required=LOOKUP)

# S8 id that does not exist
add("status-unknown-order-id", ["status", "unknown-order"], "OAK-77674",
    "Where is Q-O-5999?",
    "Hello,\n\nI placed an order for a Harlow bench a while ago, order Q-O-5999, and I haven't heard anything since "
    "the confirmation. Can you tell me whether it's been made yet?\n\nThank you,\n" + SIG["OAK-77674"],
    "escalated", category="order_not_found", required=LOOKUP)

# S9 no id anywhere
add("status-no-order-id", ["status", "missing-id"], "OAK-77944",
    "Where is my bookcase??",
    "Hi,\n\nI ordered a bookcase and a couple of shelves from you last week and I haven't received a shipping email. "
    "Where is it? I'm trying to figure out whether I need to be home next week.\n\nFelix",
    "escalated", category="missing_order_id")

# S10 plain-text reply chain, processing
add("status-bench-reply-chain-follow-up", ["status", "reply-chain"], "OAK-77503",
    "Re: Your Harlow bench",
    "Hello again,\n\nThank you for your kind reply last month. It is now the third week of October and I have not "
    "received the 'entering finishing' email your colleague mentioned. Is the bench still being made? I only ask "
    "because my granddaughter's christening lunch is on the 14th of November and I had hoped to seat the little ones "
    "on it.\n\n" + SIG["OAK-77503"] + "\n\n" +
    quote_gmail("Mon, Sep 20, 2027 at 10:42 AM",
                "Hi Eleanor,\n\nThanks for reaching out! Your Harlow bench (order Q-O-5655) is in our workshop now. "
                "Made-to-order pieces take 6 to 10 weeks, and we'll email you when it enters finishing and again when "
                "it ships.\n\nWarmly,\nJess\nOakline Care Team"),
    "resolved", required=LOOKUP, includes=["processing"])

# S11 Outlook HTML, shipped parcel with FedEx tracking
add("status-cushions-shipped-html", ["status", "html"], "OAK-77503",
    "Seat cushions",
    outlook_html([
        "Good morning,",
        "",
        "I ordered four of the charcoal wool seat cushions on Sunday evening, the order number is Q-O-5820. I wonder "
        "whether they have been posted yet, and if so whether you could let me have the tracking number. I am out at "
        "my bridge club on Tuesday and Thursday afternoons and would rather they were not left on the step in the rain.",
        "",
        "With thanks,",
    ], ["Eleanor Whitfield"]),
    "resolved", required=LOOKUP, includes=["shipped", "781244020418"])

# S12 quote number and order number both present
add("status-quote-and-order-number-both", ["status", "id-format", "quote-number", "trade"], "OAK-77620",
    "chairs and benches for the restaurant",
    "Hi Oakline,\n\nYour consultant Marisol sent me quote Q-2291 in August, and I accepted it, and then I got the "
    "confirmation for order Q-O-10233 - twenty four Wren side chairs and four Harlow benches for the new dining "
    "room. We're reopening after the renovation on December 3rd and the contractor is asking me every day when the "
    "seating arrives. Is the order done yet or still in the workshop?\n\nGracias,\n" + SIG["OAK-77620"],
    "resolved", required=LOOKUP, includes=["processing"])

# S13 only a quote number: a quote is not an order
add("status-quote-number-only", ["status", "id-format", "quote-number", "missing-id"], "OAK-77860",
    "Quote Q-6120",
    "Hi there,\n\nI got quote Q-6120 from your design consultant last month for a walnut sideboard. Where is it in "
    "production? I assumed it was underway by now.\n\nThanks,\n" + SIG["OAK-77860"],
    "escalated", category="missing_order_id")

# S14 delivered with no delivery date on record
add("status-delivered-no-delivery-date", ["status", "no-delivery-date"], "OAK-77586",
    "Bed delivery date?",
    "Hi!!\n\nSo this is a slightly silly question. Our king Linden bed (Q-O-5590) arrived a few weeks ago while I was "
    "travelling for work and my partner signed for it, and now neither of us can remember which day it came. Your "
    "website account page just says delivered without a date. Can you tell me what you have on file? I need it for "
    "a expense claim, long story.\n\n" + SIG["OAK-77586"],
    "resolved", required=LOOKUP, includes=["delivered"])

# S15 5-digit trade order written as "order 10188"
add("status-trade-stools-order-number-only", ["status", "id-format", "trade"], "OAK-77620",
    "bar stools - did they arrive?",
    "Hi,\n\nMy manager says a truck came with the bar stools earlier this month but I was in Mexico for my mother's "
    "birthday. It's order 10188, eight stools. Can you confirm they were delivered and when? I want to make sure the "
    "right number arrived before I sign off the invoice.\n\n" + SIG["OAK-77620"],
    "resolved", required=LOOKUP, includes=["delivered"])

# S16 id in the subject only
add("status-id-in-subject-only", ["status", "id-format"], "OAK-77792",
    "Q-O-5488 delivered?",
    "Hi,\n\nJust checking on this one - my wife says the coffee table was delivered but I want to be sure it's "
    "closed out on your end before I pay the card bill.\n\n" + SIG["OAK-77792"],
    "resolved", required=LOOKUP, includes=["delivered"])

# S17 "order #5766"
add("status-hash-order-number", ["status", "id-format"], "OAK-77551",
    "did my boards come",
    "yo, order #5766 - two cutting boards and the walnut tray, gift for my sister's housewarming. the porch camera "
    "didn't catch anything. did UPS actually deliver it or not? tracking number would be great\n\n" + SIG["OAK-77551"],
    "resolved", required=LOOKUP, includes=["delivered", "1Z8A41E20398930171"])

# S18 two orders mentioned, asks about one
add("status-two-orders-asks-about-one", ["status", "signature", "legal-word-not-threat"], "OAK-77415",
    "Step stool + desk",
    "Hello,\n\nFirst, the Fenwick desk (Q-O-5477) arrived at the end of September and it's beautiful. The Ridgeway "
    "crew were careful with our stairs and took every scrap of packaging with them, which I really appreciated.\n\n"
    "I then ordered the ash Library step stool on Tuesday night, order Q-O-5801, for the reading nook. Has that one "
    "shipped yet? It says Ready to Ship on your site, so I expected a shipping email by now.\n\n" + SIG["OAK-77415"],
    "resolved", required=LOOKUP, includes=["processing"])

# S19 partner's order, another customer's
add("status-partners-order-other-account", ["status", "other-customer"], "OAK-77903",
    "my partner's bed order",
    "Hello,\n\nMy partner ordered a white oak Linden bed under his own account in September and he's hopeless with "
    "email, so I'm asking on his behalf. The order number on the confirmation he forwarded me is Q-O-5698. Can you "
    "tell me if it's shipped and when it's coming? We live together, same address.\n\n" + SIG["OAK-77903"],
    "escalated", category="order_not_found", required=LOOKUP)

# S21 shipped UPS, tracking requested, canonical in field
add("status-tracking-number-request", ["status"], "OAK-77903",
    "tracking number?",
    "Hi,\n\nCould I please have the tracking number for my step stool and care kit? I'm going to be at my sister's on "
    "Saturday and want to know if I need to ask a neighbour to grab the box.\n\n" + SIG["OAK-77903"],
    "resolved", required=LOOKUP, includes=["shipped", "1Z8A41E20399204458"], order_id="Q-O-5780")

# S22 cancelled order: status question
add("status-was-it-cancelled", ["status", "cancelled"], "OAK-77674",
    "Coffee table order - cancelled?",
    "Hello,\n\nI saw a credit of $1,299.00 on my Visa statement from Oakline and I'm confused. Did my Marlow coffee "
    "table order Q-O-5633 get cancelled? I did talk to someone in August about maybe changing the size but I didn't "
    "think I had cancelled it.\n\n" + SIG["OAK-77674"],
    "resolved", required=LOOKUP, includes=["cancel"])

# S23 returned order: status question
add("status-returned-sideboard-received", ["status", "returned"], "OAK-77551",
    "sideboard pickup",
    "Hi,\n\nRidgeway picked up the walnut sideboard (Q-O-5612) from my place a while back for the return. Can you "
    "confirm it actually made it back to you and shows as returned? I just want to know it's not lost in a "
    "warehouse somewhere.\n\n" + SIG["OAK-77551"],
    "resolved", required=LOOKUP, includes=["returned"])

# S24 forwarded -----Original Message----- block
add("status-forwarded-outlook-chain-end-table", ["status", "reply-chain"], "OAK-77468",
    "FW: Your Oakline order has shipped",
    "Hi, my wife forwarded me this. Did the end table ever get delivered? She says yes, I say I haven't seen it. "
    "Settle this for us please.\n\nTom\n\n" +
    quote_outlook("Thursday, September 23, 2027 9:14 AM", "Thomas Brennan",
                  "Your Oakline order Q-O-5744 has shipped",
                  "Hi Thomas,\n\nGood news: your Juniper End Table (Walnut) has left our warehouse and is on its way "
                  "with Ridgeway White Glove. Ridgeway will contact you to book a delivery window.\n\n"
                  "Order: Q-O-5744\nCarrier: Ridgeway White Glove\n\nThe Oakline Team"),
    "resolved", required=LOOKUP, includes=["delivered"])

# S25 spaced lowercase id, processing
add("status-spaced-lowercase-id-processing", ["status", "id-format"], "OAK-77944",
    "bookcase and shelves timing",
    "Hello,\n\nI placed order q o 5809 on Saturday for a Corbin bookcase and two floating shelves. Could you tell me "
    "where it stands? I'm repainting the study and want to know how long I have.\n\nThanks,\nFelix",
    "resolved", required=LOOKUP, includes=["processing"])

# S26 reply chain quoting an older order; asks about the current one written QO-5519
add("status-reply-chain-quotes-old-order", ["status", "reply-chain", "id-format", "signature"], "OAK-77310",
    "Re: Corbin bookcases - delivered",
    "Hi again,\n\nReviving this old thread because it has your direct line in it! Different order this time: the "
    "Harlow table and six chairs, QO-5519. Your finishing team said it was crated. My clients keep asking me when "
    "it will arrive. Is it on a truck yet? If so, I'd love the tracking number.\n\nThank you,\n\n" + SIG["OAK-77310"] + "\n\n" +
    quote_gmail("Mon, May 24, 2027 at 4:05 PM",
                "Hi Margaret,\n\nYour two Corbin bookcases (order Q-O-4987) were delivered on May 20th by Ridgeway "
                "White Glove. We hope your clients love them! Please don't hesitate to reach out with anything else.\n\n"
                "Best,\nDevon\nOakline Care Team"),
    "resolved", required=LOOKUP, includes=["shipped", "RWG-55190417"])

# S27 ticket field with digits only from the web form
add("status-web-form-digits-only-field", ["status", "id-format"], "OAK-77342",
    "Coffee table delivery",
    "Hi, did the coffee table actually get marked delivered? The Ridgeway guys came on the 7th but they didn't "
    "leave any paperwork.\n\nDaniel",
    "resolved", required=LOOKUP, includes=["delivered"], order_id="5688")

# S28 HTML, unknown 5-digit id
add("status-unknown-trade-order-html", ["status", "html", "unknown-order"], "OAK-77815",
    "Order Q-O-10999 - delivery date",
    outlook_html([
        "Hi,",
        "",
        "Could you please let me know the expected delivery date for order Q-O-10999? Our CFO would like the two "
        "bookcases for her office before the board meeting.",
        "",
        "Best regards,",
    ], SIG["OAK-77815"].split("\n")),
    "escalated", category="order_not_found", required=LOOKUP)

# S29 no id, long email
add("status-no-id-long-email", ["status", "missing-id", "long-email", "signature"], "OAK-77310",
    "Chairs for the Sausalito project",
    "Hello Oakline,\n\nI wanted to follow up on the chairs for my Sausalito clients. You'll remember the couple with "
    "the Bernese mountain dog and the very strong opinions about arm heights. We settled on the Wren arm chairs in "
    "the end and I placed the order from my trade account a few weeks ago. They're asking me for a delivery date "
    "so they can plan a dinner party, and I realise I never got a shipping notice.\n\n"
    "Could you let me know where those chairs are?\n\nWith thanks,\n\n" + SIG["OAK-77310"],
    "escalated", category="missing_order_id")

# S30 uppercase spaced id, delivered parcel
add("status-shelves-spaced-id-delivered", ["status", "id-format"], "OAK-77792",
    "Q O 5722 - arrived?",
    "Hello,\n\nI've been away for three weeks on a work trip to Osaka. Did the floating shelves on order Q O 5722 "
    "get delivered? Our building's package room throws things out after 21 days, so I want to know whether to go "
    "and look for the box or not. FedEx tracking would help too.\n\n" + SIG["OAK-77792"],
    "resolved", required=LOOKUP, includes=["delivered", "781244019402"])
