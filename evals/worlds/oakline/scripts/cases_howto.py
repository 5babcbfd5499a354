"""How-to tickets answered by a help-center article (~27), and how-to tickets no article answers (~9)."""
from common import *

H = dict(required=KB)

# H1 warranty: loose chair joint
add("howto-warranty-wobbly-chair-joint", ["howto", "warranty", "paraphrase"], "OAK-77674",
    "Chair getting wobbly",
    "Hello,\n\nWe bought two Wren arm chairs from you in the spring (Q-O-5350). One of them has started to rock a "
    "little where the back leg meets the seat, you can see the joint open and close a tiny bit when you lean back. "
    "Nobody has been rough with it, it's just my husband reading in it every evening. Is that something your "
    "guarantee takes care of, or is that considered wear?\n\n" + SIG["OAK-77674"],
    "resolved", includes=["lifetime"], relevant=["HC-107"], **H)

# H2 cherry darkening
add("howto-cherry-nightstand-changing-color", ["howto", "care", "paraphrase", "deep-sentence", "signature"], "OAK-77310",
    "Nightstand colour - client question",
    "Hi team,\n\nThis may be nothing, but a client called me about her pair of cherry Linden nightstands. The one "
    "by the window now looks noticeably redder and deeper than the one on the other side of the bed, which sits in "
    "the shade. When they arrived in the spring they were the same pale pinkish colour. Is something wrong with the "
    "finish, or is this normal? I'd like to give her a proper answer.\n\n" + SIG["OAK-77310"],
    "resolved", includes=["darken"], relevant=["HC-108", "HC-116"], **H)

# H3 white ring from a glass
add("howto-cloudy-ring-from-glass", ["howto", "care", "paraphrase"], "OAK-77860",
    "mark on the table",
    "Hi, my son's friend left a cold glass of lemonade on our Harlow table during a birthday party and now there's "
    "a cloudy whitish circle where it sat. I'm scared to make it worse. Is there something I can safely try at "
    "home?\n\n" + SIG["OAK-77860"],
    "resolved", includes=["dryer"], relevant=["HC-109"], **H)

# H4 how often to re-oil
add("howto-tabletop-looks-dry-maintenance", ["howto", "care", "paraphrase"], "OAK-77620",
    "tables looking tired",
    "Hello,\n\nThe three big walnut Harlow tables in the restaurant get wiped down maybe thirty times a day. They're "
    "starting to look dull and a bit thirsty, and water doesn't bead up like it used to. Is there something we "
    "should be doing to them on a schedule? How often?\n\n" + SIG["OAK-77620"],
    "resolved", includes=["12 months"], relevant=["HC-108"], **H)

# H5 bed creaks
add("howto-bed-squeaks-when-rolling-over", ["howto", "assembly", "paraphrase"], "OAK-77586",
    "squeaky bed :(",
    "Hi!\n\nOur Linden bed was silent for the first couple of weeks and now it squeaks every time one of us rolls "
    "over. My partner thinks it's the slats, I think it's the whole frame. Is there a fix we can do ourselves?\n\n"
    + SIG["OAK-77586"],
    "resolved", includes=["bolts"], relevant=["HC-110"], **H)

# H6 where to keep table leaves
add("howto-where-to-keep-table-leaves", ["howto", "assembly", "paraphrase", "deep-sentence"], "OAK-77860",
    "Extra table pieces",
    "Hello,\n\nOur Harlow table came with two extra middle pieces for when we have a crowd. We only need them at "
    "Christmas. Where is the best place to keep them the rest of the year? I was going to put them up in the attic "
    "with the decorations.\n\n" + SIG["OAK-77860"],
    "resolved", includes=["bag"], relevant=["HC-111"], **H)

# H7 lost instructions
add("howto-threw-away-instruction-sheet", ["howto", "assembly", "paraphrase"], "OAK-77944",
    "instructions",
    "Hi, we're moving apartments next month and need to take apart the bookcase, but of course I recycled the paper "
    "with the diagrams the day it arrived. How can I get the instructions again?\n\n" + SIG["OAK-77944"],
    "resolved", includes=["QR code"], relevant=["HC-112"], **H)

# H8 packaging removal
add("howto-will-they-haul-away-boxes", ["howto", "delivery", "paraphrase", "deep-sentence"], "OAK-77342",
    "question before delivery",
    "Hey,\n\nQuick one before the bed shows up. We live in a small apartment with no storage and the building "
    "charges for bulk trash pickup. When the delivery crew brings the bed, will they cart off all the boxes and "
    "wrapping, or is that on us?\n\n" + SIG["OAK-77342"],
    "resolved", includes=["packaging"], relevant=["HC-101", "HC-119"], **H)

# H9 stairs, 5th floor walk-up
add("howto-fifth-floor-walk-up-stair-fee", ["howto", "delivery", "deep-sentence", "signature"], "OAK-77415",
    "Delivery to a walk-up",
    "Hello,\n\nA client of mine lives on the fifth floor of a 1910 building with no elevator (charming, until you "
    "have to carry a dresser). Before I place the order for her, is there an extra charge for delivering that high "
    "up, and how much?\n\n" + SIG["OAK-77415"],
    "resolved", includes=["$40"], relevant=["HC-101"], **H)

# H10 heads-up before arrival
add("howto-heads-up-before-truck-arrives", ["howto", "delivery", "paraphrase", "deep-sentence"], "OAK-77903",
    "delivery day",
    "Hi,\n\nI work from a coworking space ten minutes from my flat. On delivery day, will the drivers give me some "
    "kind of warning before they turn up, so I can nip home, or do I have to sit at home for the entire window?\n\n"
    + SIG["OAK-77903"],
    "resolved", includes=["30 minutes"], relevant=["HC-101"], **H)

# H11 lead time
add("howto-how-long-to-build-a-table", ["howto", "lead-time", "paraphrase"], "OAK-77738",
    "timing question",
    "Hi,\n\nI'm thinking about the white oak Harlow table for my new place. Realistically, from the moment I pay to "
    "the moment it's standing in my dining room, how long am I looking at? I don't see a date on the product page "
    "on my phone.\n\nNaomi",
    "resolved", includes=["10 weeks"], relevant=["HC-103"], **H)

# H12 walnut takes longer
add("howto-walnut-longer-lead-time", ["howto", "lead-time", "deep-sentence", "html"], "OAK-77503",
    "Walnut or oak?",
    outlook_html([
        "Hello,",
        "",
        "I am deciding between the Harlow bench in walnut and in white oak for my son's hallway. I have heard from a "
        "friend that walnut pieces take you longer to make. Is that right, and by how much?",
        "",
        "With thanks,",
    ], ["Eleanor Whitfield"]),
    "resolved", includes=["2 weeks"], relevant=["HC-103"], **H)

# H13 gift card expiry
add("howto-gift-card-expiry", ["howto", "gift-card"], "OAK-77468",
    "Gift card from my daughter",
    "Hello,\n\nMy daughter gave me an Oakline gift card for my birthday last year and I've been saving it for a "
    "proper piece. Do these things run out at some point? I'd hate to lose it.\n\n" + SIG["OAK-77468"],
    "resolved", includes=["expire"], relevant=["HC-113"], **H)

# H14 delete account
add("howto-close-my-account", ["howto", "account", "paraphrase"], "OAK-77551",
    "close account",
    "I don't want an online account with you any more. how do I get rid of it myself? I don't want to have to call "
    "anyone.\n\n" + SIG["OAK-77551"],
    "resolved", includes=["Privacy"], relevant=["HC-114"], **H)

# H15 trade program application
add("howto-trade-program-apply-reply-chain", ["howto", "trade", "reply-chain"], "OAK-77415",
    "Re: Fenwick desk delivered",
    "Hi again,\n\nThanks for the delivery confirmation below. Unrelated question: our practice is starting to "
    "specify Oakline for client projects. Is there a program for architects, and what do we need to do to join? "
    "What does it get us?\n\n" + SIG["OAK-77415"] + "\n\n" +
    quote_gmail("Thu, Sep 30, 2027 at 5:10 PM",
                "Hi Priya,\n\nYour Fenwick Writing Desk (order Q-O-5477) was delivered today by Ridgeway White Glove. "
                "Enjoy!\n\nOakline Care Team"),
    "resolved", includes=["15%"], relevant=["HC-118"], **H)

# H16 financing
add("howto-pay-over-time", ["howto", "payment", "paraphrase"], "OAK-77342",
    "spreading the cost",
    "Hi,\n\nWe'd love the Harlow table and chairs but dropping $6k in one go isn't happening right now. Is there "
    "any way to pay it off in monthly chunks?\n\n" + SIG["OAK-77342"],
    "resolved", includes=["Affirm"], relevant=["HC-115"], **H)

# H17 seasonal movement gap
add("howto-gap-at-table-end-in-winter", ["howto", "warranty", "care", "paraphrase", "deep-sentence", "long-email"], "OAK-77860",
    "Crack at the end of our table?",
    "Hello,\n\nFirst of all, we love the Harlow table. It's become the center of the house: homework, puzzles, "
    "Sunday dinners, the lot. We had it delivered at the start of September and it's been perfect.\n\n"
    "This week we turned the heating on for the first time and I noticed that at one end of the top, where the "
    "cross piece runs across the end of the long boards, there's now a thin gap, maybe the thickness of a credit "
    "card. It wasn't there in September. My wife thinks the table is splitting. Is this a defect we should be "
    "worried about?\n\nThanks for any advice,\n" + SIG["OAK-77860"],
    "resolved", includes=["season"], relevant=["HC-107", "HC-108"], **H)

# H18 outdoor use
add("howto-bench-on-screened-porch", ["howto", "care", "paraphrase"], "OAK-77503",
    "Bench for the porch?",
    "Dear Oakline,\n\nCould my new Harlow bench live on our screened-in porch? It is covered and never gets rained "
    "on directly, and I would so like to sit out there with my tea.\n\n" + SIG["OAK-77503"],
    "resolved", includes=["indoor"], relevant=["HC-122"], **H)

# H19 quote number vs order number
add("howto-which-number-quote-or-order", ["howto", "order-number", "quote-number"], "OAK-77620",
    "which number do I use",
    "Hi,\n\nI have papers from you with a Q- number and other papers with a Q-O- number and my accountant is "
    "confused. What's the difference, and which one should I put when I write to you about an order?\n\n"
    + SIG["OAK-77620"],
    "resolved", includes=["Q-O-"], relevant=["HC-120"], **H)

# H20 sample set credit
add("howto-sample-set-money-back-as-credit", ["howto", "samples", "paraphrase"], "OAK-77674",
    "samples question",
    "Hello,\n\nBefore we commit to another coffee table (the last one didn't work out), we'd like to see the woods "
    "in person. I saw you sell a little sample set. If we end up ordering furniture, do we get the cost of the "
    "samples back somehow?\n\n" + SIG["OAK-77674"],
    "resolved", includes=["credit"], relevant=["HC-117"], **H)

# H21 delivery fee
add("howto-delivery-fee-for-furniture", ["howto", "delivery", "fees"], "OAK-77738",
    "delivery cost",
    "Hello, how much do you charge to deliver a bookcase and a desk together? Is it per piece?\n\nNaomi",
    "resolved", includes=["$249"], relevant=["HC-119"], **H)

# H22 damage: what to do right after delivery
add("howto-noticed-scratch-after-crew-left", ["howto", "damage", "paraphrase"], "OAK-77944",
    "scratch after delivery - what now?",
    "Hello,\n\nThe delivery crew brought the sideboard on Monday and this morning, in better light, I noticed a "
    "scratch down the side panel. I'm not asking for anything drastic, I just want to know what I'm supposed to do "
    "now and by when, so it gets looked at properly.\n\n" + SIG["OAK-77944"],
    "resolved", includes=["7 days"], relevant=["HC-106"], **H)

# H23 refund timing
add("howto-how-long-for-refund-to-show", ["howto", "refund-info"], "OAK-77468",
    "Refund timing",
    "Hello,\n\nYour team emailed me yesterday to say my refund had been approved. How long does it normally take "
    "before the money shows up back on my card?\n\n" + SIG["OAK-77468"],
    "resolved", includes=["10 business days"], relevant=["HC-105"], **H)

# H24 supermarket spray polish
add("howto-can-i-use-spray-polish", ["howto", "care", "deep-sentence", "html", "signature"], "OAK-77815",
    "Cleaning the desks",
    outlook_html([
        "Hi there,",
        "",
        "Our office cleaning contractor wants to use their usual aerosol furniture polish (the lemon one from the "
        "supermarket) on the new Fenwick desks once they arrive. Is that OK for your finish, or should I tell them to "
        "use something else?",
        "",
        "Thanks,",
    ], SIG["OAK-77815"].split("\n")),
    "resolved", includes=["silicone"], relevant=["HC-108"], **H)

# H25 scratch repair
add("howto-fix-a-scratch-showing-pale-wood", ["howto", "care", "repair"], "OAK-77792",
    "scratch",
    "Hi,\n\nmy son ran a toy truck along the walnut Marlow coffee table and now there's a pale line where the bare "
    "wood shows through. Can I fix that myself, or does it need a professional?\n\n" + SIG["OAK-77792"],
    "resolved", includes=["touch-up"], relevant=["HC-123"], **H)

# H26 warranty not transferable
add("howto-warranty-when-selling-dresser", ["howto", "warranty", "deep-sentence"], "OAK-77903",
    "selling my dresser",
    "Hi,\n\nWe're downsizing and I'm selling the Thessaly dresser to a neighbour. She asked whether your "
    "lifetime warranty would carry over to her. Does it?\n\n" + SIG["OAK-77903"],
    "resolved", includes=["transferable"], relevant=["HC-107"], **H)

# ---------------------------------------------------------------- no article answers these

N = dict(required=KB)

add("nokb-gift-wrapping", ["howto", "no-kb", "near-miss"], "OAK-77468",
    "Gift wrap?",
    "Hello, I'm buying the walnut serving tray as a present for my sister. Do you offer gift wrapping, and can you "
    "put a note in the box?\n\n" + SIG["OAK-77468"],
    "escalated", category="no_kb_match", **N)

add("nokb-clear-order-history-keep-account", ["howto", "no-kb", "near-miss"], "OAK-77738",
    "order history",
    "Hi, how do I clear my order history? Some of those orders were surprise gifts and my husband uses the same "
    "laptop. I do NOT want to delete my account, I just want the list of past orders gone.\n\nNaomi",
    "escalated", category="no_kb_match", **N)

add("nokb-do-you-sell-mattresses", ["howto", "no-kb", "near-miss"], "OAK-77342",
    "mattress",
    "Hi, our old mattress is going out with the old IKEA frame. Do you sell mattresses to go with the Linden bed, or "
    "do we need to buy one somewhere else?\n\n" + SIG["OAK-77342"],
    "escalated", category="no_kb_match", **N)

add("nokb-pick-up-from-workshop", ["howto", "no-kb", "near-miss"], "OAK-77468",
    "Collect it myself?",
    "Hello,\n\nMy brother-in-law lives twenty minutes from Hickory and has a trailer. Could he collect our table from "
    "your workshop instead of having it delivered, and would that save us anything?\n\n" + SIG["OAK-77468"],
    "escalated", category="no_kb_match", **N)

add("nokb-military-discount", ["howto", "no-kb", "near-miss"], "OAK-77860",
    "Veteran discount",
    "Hello, I'm a veteran (US Army, 12 years). Do you offer a military or veterans discount?\n\n" + SIG["OAK-77860"],
    "escalated", category="no_kb_match", **N)

add("nokb-fsc-certified-wood", ["howto", "no-kb", "near-miss", "signature"], "OAK-77415",
    "FSC certification",
    "Hello,\n\nOne of our clients has a sustainability requirement for a LEED project. Is your hardwood FSC "
    "certified, and can you provide chain-of-custody certificates?\n\n" + SIG["OAK-77415"],
    "escalated", category="no_kb_match", **N)

add("nokb-floating-shelf-weight-limit", ["howto", "no-kb", "near-miss"], "OAK-77944",
    "How much weight can the shelf hold",
    "Hi, how much weight can the 36 inch floating wall shelf take? I want to put my vinyl records on it, probably "
    "around 60 pounds.\n\nFelix",
    "escalated", category="no_kb_match", **N)

add("nokb-trade-in-old-furniture", ["howto", "no-kb", "near-miss"], "OAK-77620",
    "trade in",
    "Hello, do you have a trade-in or buy-back program? I have ten old Oakline chairs from our first restaurant "
    "that are in good shape and I'd rather not throw them away.\n\n" + SIG["OAK-77620"],
    "escalated", category="no_kb_match", **N)

add("nokb-showroom-chicago", ["howto", "no-kb", "html"], "OAK-77815",
    "Showroom visit",
    outlook_html([
        "Hello,",
        "",
        "Do you have a showroom in Chicago where our team could sit at the Fenwick desks and try the chairs before we "
        "order more for the second floor?",
        "",
        "Thank you,",
    ], SIG["OAK-77815"].split("\n")),
    "escalated", category="no_kb_match", **N)
