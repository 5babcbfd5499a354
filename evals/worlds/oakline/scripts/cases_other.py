"""Disputes and legal threats, requests no tool carries out, unreadable or empty tickets."""
from common import *

# ---------------------------------------------------------------- disputes, worded indirectly

add("dispute-card-issuer-looking-into-charge", ["dispute", "chargeback"], "OAK-77860",
    "Bar stools",
    "Hello,\n\nThe two Pike bar stools (Q-O-5755) arrived last Saturday and one of them has a seat that's visibly "
    "twisted; it rocks on any floor. I sent photos through your contact form on Sunday and heard nothing back.\n\n"
    "I've asked my card issuer to look into this charge in the meantime. If you sort it out before they do, great.\n\n"
    + SIG["OAK-77860"],
    "escalated", category="legal_or_chargeback")

add("dispute-attorney-will-be-in-touch", ["dispute", "legal"], "OAK-77468",
    "Thessaly dresser - final notice",
    "To whom it may concern,\n\nThis is the third time I am writing about the Thessaly dresser, order Q-O-5390. "
    "The finish is blotchy, the drawers stick, and a $315 credit does not make a $3,150 dresser acceptable. I have "
    "been patient. I have forwarded our correspondence to my attorney, who will be in touch with you directly.\n\n"
    + SIG["OAK-77468"],
    "escalated", category="legal_or_chargeback")

add("dispute-complaint-to-attorney-general", ["dispute", "regulator"], "OAK-77944",
    "Cracked sideboard - complaint filed",
    "Hello,\n\nAfter waiting eleven weeks for my Alder sideboard (Q-O-5662) it arrived with a cracked door panel. "
    "Since nobody has called me back, this morning I filed a complaint with the state attorney general's consumer "
    "protection division and attached my photos. I'm including their reference number for your records: "
    "CP-2027-118204.\n\n" + SIG["OAK-77944"],
    "escalated", category="legal_or_chargeback")

add("dispute-corporate-card-dispute-html", ["dispute", "chargeback", "html", "signature"], "OAK-77815",
    "Order Q-O-10241 - payment",
    outlook_html([
        "Hello,",
        "",
        "Our finance department has asked me to let you know that they have opened a dispute with our corporate card "
        "provider for the charge on order Q-O-10241. The desks were promised for September and our floor opening has "
        "been delayed twice as a result.",
        "",
        "Please direct any questions about the payment to accounts@northfield-analytics.example.com.",
        "",
        "Regards,",
    ], SIG["OAK-77815"].split("\n")),
    "escalated", category="legal_or_chargeback")

add("dispute-conditional-bank-dispute-with-status-question", ["dispute", "chargeback", "status"], "OAK-77738",
    "bookcase Q-O-5690 - last chance",
    "Hi,\n\nWhere is my bookcase? It was supposed to be here weeks ago according to the original estimate. If it "
    "isn't in my living room by Friday I'll be disputing the payment with my bank, simple as that.\n\nNaomi",
    "escalated", category="legal_or_chargeback")

# ---------------------------------------------------------------- requests no tool carries out

add("request-reschedule-delivery-self-service", ["no-tool-request", "self-service", "delivery", "reply-chain", "signature"], "OAK-77310",
    "Re: Ridgeway delivery window - Q-O-5519",
    "Hi,\n\nRidgeway texted me a window for next Tuesday, 8 to noon, for the Harlow table and chairs. Unfortunately "
    "I'll be at a client install in Tahoe all of that week. Can we move the delivery to the following week? Any day "
    "but Monday works.\n\nThanks,\n\n" + SIG["OAK-77310"] + "\n\n" +
    quote_gmail("Tue, Oct 19, 2027 at 8:30 AM",
                "Your Oakline delivery is booked: Tuesday, October 26, 8:00 AM - 12:00 PM.\nOrder: Q-O-5519\n"
                "Carrier: Ridgeway White Glove\n\nNeed a different date? Use the Manage delivery link in this email.",
                who="Ridgeway White Glove <no-reply@ridgeway-whiteglove.example>"),
    "resolved", required=KB, includes=["Manage delivery"], relevant=["HC-102"])

add("request-change-delivery-address", ["no-tool-request", "out_of_scope", "delivery", "html"], "OAK-77503",
    "Change of address for my bench",
    outlook_html([
        "Dear Oakline,",
        "",
        "I have decided to give the Harlow bench (order Q-O-5655) to my son as a housewarming present, so I should "
        "like it delivered to his new house rather than to me: 48 Larkspur Lane, Ann Arbor, MI 48104. Could you "
        "change the delivery address on the order, please?",
        "",
        "Thank you so much,",
    ], ["Eleanor Whitfield"]),
    "escalated", category="out_of_scope", required=KB)

add("request-cancel-made-to-order-bed", ["no-tool-request", "out_of_scope", "cancel"], "OAK-77860",
    "Cancel bed order Q-O-5698",
    "Hi,\n\nWe've found out we're being relocated to Denver for work in January, so we won't have room for the "
    "queen Linden bed. Please cancel order Q-O-5698. I know it's made to order, but hopefully it's early enough.\n\n"
    + SIG["OAK-77860"],
    "escalated", category="out_of_scope", required=KB)

add("request-exchange-nightstand-finish", ["no-tool-request", "out_of_scope", "exchange"], "OAK-77342",
    "switch nightstands to walnut?",
    "Hey,\n\nOn my order q-o-5710 we picked cherry for the nightstands, but we've just bought a walnut dresser "
    "elsewhere and would rather have them match. Can you swap the two nightstands on the order for the walnut "
    "ones? Happy to pay the difference if there is one.\n\n" + SIG["OAK-77342"],
    "escalated", category="out_of_scope", required=KB)

add("request-rush-production-before-thanksgiving", ["no-tool-request", "out_of_scope", "expedite", "signature", "legal-word-not-threat"], "OAK-77709",
    "Expedite Q-O-5702",
    "Good afternoon,\n\nFurther to my earlier note: is it possible to expedite the walnut Harlow table (Q-O-5702) so "
    "that it arrives before Thanksgiving? I'm happy to pay a rush fee or upgraded freight, whatever is necessary. "
    "Please let me know the cost.\n\nRegards,\n\n" + SIG["OAK-77709"],
    "escalated", category="out_of_scope", required=KB)

add("request-change-payment-method-to-ach", ["no-tool-request", "out_of_scope", "payment", "trade"], "OAK-77620",
    "payment for Q-O-10233",
    "Hi,\n\nI paid for the chairs and benches (Q-O-10233) with my personal Amex by mistake. Can you move the charge "
    "to the restaurant's bank account by ACH instead and put the money back on the Amex? My accountant is not "
    "happy.\n\n" + SIG["OAK-77620"],
    "escalated", category="out_of_scope", required=KB)

add("request-lost-bolt-self-service-hardware", ["no-tool-request", "self-service", "assembly", "paraphrase"], "OAK-77792",
    "lost a bolt",
    "Hi,\n\nWe took the legs off the Marlow coffee table to get it up the stairs of our new apartment and somewhere "
    "in the move one of the leg bolts vanished. Can you send me a new one? Or tell me what size to buy at the "
    "hardware store.\n\n" + SIG["OAK-77792"],
    "resolved", required=KB, includes=["Hardware Request"], relevant=["HC-112"])

add("request-warranty-repair-drawer-slide", ["no-tool-request", "self-service", "warranty"], "OAK-77903",
    "Dresser drawer broken",
    "Hi,\n\nThe bottom drawer of our Thessaly dresser (we bought it in February) has come off its runner on the "
    "left side and now drags and sticks. I think the metal slide itself has bent. Can someone fix it under the "
    "warranty? How do I get that started?\n\n" + SIG["OAK-77903"],
    "resolved", required=KB, includes=["claim"], relevant=["HC-107"])

add("request-email-invoice-to-accountant", ["no-tool-request", "self-service", "invoice", "recipient-instruction"], "OAK-77620",
    "invoice for my accountant",
    "Hi, please email the invoice for the bar stools to my accountant, lopez.cpa@example.com, she needs it for the "
    "quarterly taxes. Order Q-O-10188.\n\n" + SIG["OAK-77620"],
    "resolved", required=KB, includes=["Invoice"], relevant=["HC-120"])

# ---------------------------------------------------------------- nothing to act on, or unreadable

add("other-empty-sent-from-iphone", ["empty", "out_of_scope"], "OAK-77586",
    "(no subject)",
    "\n\nSent from my iPhone",
    "escalated", category="out_of_scope")

add("other-keyboard-mash", ["nonsense", "out_of_scope"], "OAK-77551",
    "asdfgh",
    "jjjjjjjj kkk ;;;;;; 12 12 12 test test ignore",
    "escalated", category="out_of_scope")

add("other-amharic-ticket", ["lang:am", "out_of_scope"], "OAK-77903",
    "ትዕዛዝ",
    "ሰላም፣\n\nያዘዝኩት ጠረጴዛ መቼ ይደርሳል? የትዕዛዝ ቁጥሩን አላስታውስም። እባክዎን በተቻለ ፍጥነት ይመልሱልኝ።\n\nአመሰግናለሁ፣\nአማራ",
    "escalated", category="out_of_scope")
