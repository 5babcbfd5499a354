"""Refund tickets. intent.ask: "all" (the whole order), lines=[(sku, qty)], sum=<USD>, all_but=[sku]."""

CASES = [
dict(id="gh-refund-01-dead-fig", type="refund", lang="en", cust="GHC-30711",
     intent=dict(kind="refund", order="614330927", ask="all"), tags=["eligible", "whole-order", "id:bare"],
     subject="Fiddle leaf fig arrived dead",
     body="""Hello,

My fiddle leaf fig (order 614330927) arrived on {{ddate:614330927:%A}} with half its leaves brown and crispy and the trunk snapped just above the soil. I really don't want a replacement shipped in this heat, I'd just like my money back for it please.

Imogen Hale"""),

dict(id="gh-refund-02-outlook-whole-order", type="refund", lang="en", cust="GHC-30724", order_field="570228413",
     intent=dict(kind="refund", order="570228413", ask="all"), tags=["eligible", "whole-order", "form:outlook-html", "id:ticket-field"],
     subject="Refund request - planters order",
     body="""<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta http-equiv=Content-Type content="text/html; charset=windows-1252"><style><!--
p.MsoNormal {margin:0in;font-size:11.0pt;font-family:"Aptos",sans-serif;}
--></style></head><body lang=EN-US><div class=WordSection1><p class=MsoNormal>Hi team,<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p><p class=MsoNormal>Both glazed planters arrived with the drainage holes not drilled through &#8211; just a dimple in the glaze &#8211; and the potting mix bags had split in the box, so there&#8217;s soil through everything including the worm castings. Honestly I&#8217;d rather not deal with it: please refund the whole order and I&#8217;ll source elsewhere. Happy to leave the planters out for collection if you want them back.<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p><p class=MsoNormal>Thanks,<o:p></o:p></p><p class=MsoNormal><b>Craig Donnelly</b> | Donnelly Landscapes<o:p></o:p></p><p class=MsoNormal>828-555-0188 | Fairview, NC<o:p></o:p></p></div></body></html>"""),

dict(id="gh-refund-03-one-line-pruners", type="refund", lang="en", cust="GHC-30736",
     intent=dict(kind="refund", order="432860159", ask=dict(lines=[("GT-PRU-03", 1)])),
     tags=["eligible", "one-item-of-several", "id:hash-spaces"],
     subject="Pruners broke",
     body="""Hi there! Got my tool order last week (#432 860 159) and everything's great except the bypass pruners - the spring popped out and snapped the first time I used them on the roses. Could I get a refund just for the pruners? I'm keeping the gloves, trowel and kneeler, they're lovely.

Fatima"""),

dict(id="gh-refund-04-both-kneelers", type="refund", lang="en", cust="GHC-30749",
     intent=dict(kind="refund", order="498120736", ask=dict(lines=[("GT-KNE-06", 2)])),
     tags=["eligible", "one-item-of-several", "quantity-2", "id:bare"],
     subject="return kneelers",
     body="""Hi,

Order 498120736. The two kneeler seats are too low for me - I've got a bad hip and the handles don't help the way I'd hoped. The hose and the wheelbarrow are fine and I'm keeping them. Please refund both kneelers.

Hugo Brennan"""),

dict(id="gh-refund-05-two-of-three-pots", type="refund", lang="en", cust="GHC-30736",
     intent=dict(kind="refund", order="523907184", ask=dict(lines=[("PP-TER-01", 2)])),
     tags=["eligible", "partial-quantity", "form:gmail-html", "id:dashes"],
     subject="Cracked pots",
     body="""<div dir="ltr">Hi,<div><br></div><div>Two of the three 12&quot; terracotta pots in order 523-907-184 arrived cracked right through the rim (photos attached). The third one and the window box are fine. I&#39;d like a refund for the two broken pots please.</div><div><br></div><div>Thanks,</div><div>Fatima Benali</div></div>"""),

dict(id="gh-refund-06-three-of-five-bags", type="refund", lang="en", cust="GHC-30749",
     intent=dict(kind="refund", order="347021965", ask=dict(lines=[("CS-POT-01", 3)])),
     tags=["eligible", "partial-quantity", "form:rambling", "id:order-no"],
     subject="Split bags of potting mix",
     body="""Afternoon. I've been potting up the last of the dahlia cuttings to overwinter in the cold greenhouse, which, if you've never tried it, eats far more compost than you'd think, and the wife has banned me from the kitchen table for the duration. Of the five bags of the peat-free potting mix in order no. 347 021 965, three had split along the bottom seam and were about half empty by the time they reached me (the courier's van must be full of it). The bark mulch was fine. Could you refund the three split bags?

Cheers,
Hugo"""),

dict(id="gh-refund-07-one-of-two-bonsai", type="refund", lang="en", cust="GHC-30495",
     intent=dict(kind="refund", order="689140233", ask=dict(lines=[("GF-BON-02", 1)])),
     tags=["eligible", "partial-quantity", "form:mobile", "id:bare"],
     subject="bonsai",
     body="""one of the 2 bonsais from 689140233 came with the pot smashed and the tree half out of it, can i get refunded for that one. other one and the succulents r fine"""),

dict(id="gh-refund-08-names-twenty", type="refund", lang="en", cust="GHC-30785",
     intent=dict(kind="refund", order="601774352", ask=dict(sum=20.00)), tags=["eligible", "sum-named", "id:spaces"],
     subject="Lavender looking sorry for itself",
     body="""Hello there,

The lavender from order 601 774 352 arrived very dry, and in one of the two three-packs there are two plants I don't think will come back. The rosemary is doing beautifully. I don't want a fuss - would $20 back be fair? That would cover it for me.

Warm regards,
Peggy Olsen"""),

dict(id="gh-refund-09-asks-more-than-total", type="refund", lang="en", cust="GHC-30792",
     intent=dict(kind="refund", order="455630981", ask=dict(sum=150.00)), tags=["eligible", "sum-named", "sum-above-total", "id:bare"],
     subject="Compensation for hydrangea + blueberries",
     body="""Hi,

Order 455630981: the hydrangea and both blueberry bushes arrived with root rot - the soil was waterlogged and smelled sour when I opened the box. I spent the weekend digging out the bed for them and buying amendments, so I'm asking for $150 to cover the plants and my time. Please process this.

Ravi Chandrasekhar"""),

dict(id="gh-refund-10-day-30-boundary", type="refund", lang="en", cust="GHC-30785",
     intent=dict(kind="refund", order="390815527", ask="all"), tags=["eligible", "boundary", "day-30", "whole-order", "id:shop-spaces"],
     subject="Adirondack chair - refund please",
     body="""Hello again,

I'm afraid the acacia Adirondack chair (order {{sp:390815527}}) just isn't right for our porch - it sits far lower than I expected and my husband can't get out of it without a hand. It has only been out on the porch a couple of times. I ordered it a month ago today, so I hope I'm still in time for a refund of the $219.

Thank you,
Peggy Olsen"""),

dict(id="gh-refund-11-apple-mail-quoted", type="refund", lang="en", cust="GHC-30695",
     intent=dict(kind="refund", order="722019846", ask="all"), tags=["eligible", "whole-order", "id:quoted-shop-email", "form:apple-mail"],
     subject="Re: Your order has been delivered",
     body="""Hi, both hanging baskets arrived with the coir liners torn to shreds and the fern is more bare stems than fern. I'd like a full refund for this order please.

Aisha

Sent from my iPhone

> On {{ddate:722019846:%b %-d, %Y, at %-I:%M %p}}, Greenhouse & Hearth <orders@greenhouse-hearth.example> wrote:
> 
> Your order {{sp:722019846}} has been delivered by {{carrier:722019846}}.
> Tracking number: {{track:722019846}}
> 
> 2 x Coir-Lined Hanging Basket, 14 in
> 1 x Boston Fern, 8 in hanging basket
> """),

dict(id="gh-refund-12-fr-orchid", type="refund", lang="fr", cust="GHC-30820",
     intent=dict(kind="refund", order="418066290", ask="all"), tags=["eligible", "whole-order", "id:commande-no"],
     subject="Orchidée arrivée abîmée - remboursement",
     body="""Bonjour,

L'orchidée de ma commande n° 418066290 est arrivée avec toutes les fleurs tombées et le pot en céramique fêlé. Je souhaiterais être remboursée de la totalité de la commande, s'il vous plaît.

Bien cordialement,
Camille Roussel"""),

dict(id="gh-refund-13-sv-two-of-three", type="refund", lang="sv", cust="GHC-30556",
     intent=dict(kind="refund", order="507331862", ask=dict(lines=[("PP-TER-01", 2)])), tags=["eligible", "partial-quantity", "id:spaces"],
     subject="Trasiga krukor",
     body="""Hej,

Två av de tre terrakottakrukorna i order 507 331 862 kom fram spruckna. Rosmarinen och den tredje krukan är hela. Kan jag få pengarna tillbaka för de två trasiga krukorna?

Mvh
Tobias"""),

dict(id="gh-refund-14-disclaimer-hampers", type="refund", lang="en", cust="GHC-30519", order_field="826550317",
     intent=dict(kind="refund", order="826550317", ask="all"),
     tags=["eligible", "whole-order", "legal-words-not-threat", "form:signature-disclaimer", "id:ticket-field"],
     subject="Gift hampers - refund",
     body="""Hello,

We ordered three Gardener's Gift Hampers as thank-you gifts for our hygienists, but the event has been called off and the hampers are still sealed in our storeroom. Please refund the full order to the company card. The order number is on this ticket.

Many thanks,

Corinne Abara
Practice Manager | Ashgrove Dental Group
T: 828-555-0143

DISCLAIMER: The information in this email is confidential and may be legally privileged. It is intended solely for the addressee. Access to this email by anyone else is unauthorised. If you are not the intended recipient, any disclosure, copying, distribution or any action taken or omitted to be taken in reliance on it is prohibited and may be unlawful. Ashgrove Dental Group, PLLC is not liable for the proper and complete transmission of the information contained in this communication."""),

dict(id="gh-refund-15-day-31-boundary", type="refund", lang="en", cust="GHC-30481",
     intent=dict(kind="refund", order="612883045", ask="all"), tags=["ineligible", "boundary", "day-31", "id:spaces"],
     subject="Refund for border spade",
     body="""Hi, I bought the Hearth Forged border spade on {{odate:612883045:%B %-d}} (order 612 883 045) and honestly it's too heavy for me. It's barely been used. I'd like to send it back for a refund please.

Gordon"""),

dict(id="gh-refund-16-thirty-days-three-hours", type="refund", lang="en", cust="GHC-30711",
     intent=dict(kind="refund", order="613902257", ask="all"), tags=["ineligible", "boundary", "day-30-plus-hours", "id:dashes"],
     subject="pruners + gloves refund",
     body="""Hi again - the pruners and gloves from order 613-902-257 are both too big for my hands, I should have checked the sizing. They've only been tried on, never used in the garden. Could I have a refund on both?

Thanks, Imogen"""),

dict(id="gh-refund-17-warped-bed-52-days", type="refund", lang="en", cust="GHC-30688",
     intent=dict(kind="refund", order="286004719", ask="all"), tags=["ineligible", "window", "id:bare"],
     subject="Warped raised bed",
     body="""The cedar raised bed I bought in July has warped badly at two corners, the boards have pulled away from the posts and soil is spilling out onto the path. Order 286004719. This is poor quality for $189 and I want my money back."""),

dict(id="gh-refund-18-sv-40-days", type="refund", lang="sv", cust="GHC-30866",
     intent=dict(kind="refund", order="284519370", ask="all"), tags=["ineligible", "window", "id:bare"],
     subject="Återbetalning lavendel",
     body="""Hej!

Lavendeln och blåbärsbusken från min beställning 284519370 har dött, trots att jag har vattnat enligt instruktionerna. Jag vill ha pengarna tillbaka för hela beställningen.

Hälsningar
Maja Engström"""),

dict(id="gh-refund-19-cancelled-citrus", type="refund", lang="en", cust="GHC-30579",
     intent=dict(kind="refund", order="233450916", ask="all"), tags=["ineligible", "cancelled", "id:spaces"],
     subject="refund for lemon tree",
     body="""I got an email saying my lemon tree order 233 450 916 was cancelled because you can't ship citrus to California?? I didn't know that. Ok fine but I want my money back, please refund me."""),

dict(id="gh-refund-20-cancelled-tulips-gmail", type="refund", lang="en", cust="GHC-30588",
     intent=dict(kind="refund", order="234778105", ask="all"), tags=["ineligible", "cancelled", "form:gmail-html", "id:dashes"],
     subject="Refund for cancelled tulips",
     body="""<div dir="ltr">Hi, I cancelled my tulip order (234-778-105) a couple of weeks ago. Can you refund the $75 please? Haven&#39;t seen it on my card yet.<div><br></div><div>Ben</div></div>"""),

dict(id="gh-refund-21-in-transit-never-arrived", type="refund", lang="en", cust="GHC-30890",
     intent=dict(kind="refund", order="741880263", ask="all"), tags=["ineligible", "not-delivered", "shipped", "id:spaces"],
     subject="Never arrived - want refund",
     body="""Order 741 880 263 was supposed to be here days ago. The succulents and the peace lily were a housewarming gift and the party has come and gone. I don't want them anymore, just refund me."""),

dict(id="gh-refund-22-processing-changed-mind", type="refund", lang="en", cust="GHC-30792",
     intent=dict(kind="refund", order="378114905", ask=dict(sum=79.00)), tags=["ineligible", "not-delivered", "processing", "id:bare"],
     subject="Drip kit refund",
     body="""Hi, I ordered the drip irrigation starter kit last night (378114905) but my neighbour has just given me his old one. Could you refund me the $79? Thanks, Ravi"""),

dict(id="gh-refund-23-prior-partial-refund", type="refund", lang="en", cust="GHC-30890",
     intent=dict(kind="refund", order="819330472", ask=dict(lines=[("PP-TER-01", 1), ("PP-GLZ-02", 1)])),
     tags=["ambiguous", "prior-refund", "id:hash"],
     subject="Refund for the rest of the pots",
     body="""Hello,

You already refunded me for one terracotta pot from order #819330472 that arrived broken. Now that I've unpacked properly, the second terracotta pot has a hairline crack and the glazed planter is chipped on the rim too. I'd like a refund for those as well.

Monique Baptiste"""),

dict(id="gh-refund-24-prior-full-refund", type="refund", lang="en", cust="GHC-30593",
     intent=dict(kind="refund", order="820617339", ask="all"), tags=["ambiguous", "prior-refund", "id:spaces"],
     subject="Hose leaking - refund",
     body="""The expandable hose from order 820 617 339 has started leaking at the connector after two weeks. Please refund it.

Lydia"""),

dict(id="gh-refund-25-fr-returned-roses", type="refund", lang="fr", cust="GHC-30820",
     intent=dict(kind="refund", order="245301778", ask="all"), tags=["ambiguous", "returned", "id:commande-no"],
     subject="Remboursement des rosiers renvoyés",
     body="""Bonjour,

J'ai renvoyé les deux rosiers 'Olivia' de la commande n° 245 301 778, ils étaient arrivés sans bourgeons et avec des racines sèches. Quand vais-je être remboursée ? Merci de faire le nécessaire.

Camille Roussel"""),

dict(id="gh-refund-26-missing-delivery-date", type="refund", lang="en", cust="GHC-30938",
     intent=dict(kind="refund", order="566019284", ask="all"), tags=["ambiguous", "missing-dates", "id:bare"],
     subject="Wheelbarrow refund",
     body="""Hi - the wheelbarrow from order 566019284 has a bent axle, the wheel rubs on the frame and it won't roll straight even empty. I'd like a refund please.

Isaac Newman"""),

dict(id="gh-refund-27-ordered-in-future", type="refund", lang="en", cust="GHC-30938",
     intent=dict(kind="refund", order="902771450", ask="all"), tags=["ambiguous", "inconsistent-dates", "id:dashes"],
     subject="worm castings + potting mix",
     body="""Hey there, writing about order 902-771-450. Two of the worm castings bags had a lot of what look like fungus gnats in them and I don't want that anywhere near my seedlings. I'd like a full refund for the order. thanks, isaac"""),

dict(id="gh-refund-28-delivered-before-ordered", type="refund", lang="en", cust="GHC-30956",
     intent=dict(kind="refund", order="903554126", ask=dict(lines=[("IR-TMR-02", 1)])), tags=["ambiguous", "inconsistent-dates", "id:bare"],
     subject="Water timer doesn't work",
     body="""The hose-end water timer from order 903554126 won't open the valve at all, even with fresh batteries. Refund for the timer please ($34.99).

Marcus"""),

dict(id="gh-refund-29-unknown-id", type="refund", lang="en", cust="GHC-30956",
     intent=dict(kind="refund", order="402117853", ask="all"), tags=["unknown-order", "id:spaces"],
     subject="refund order 402 117 853",
     body="""Hello, I want to send back the items from my order 402 117 853 for a refund. The lavender arrived dead. Please confirm.

Marcus"""),

dict(id="gh-refund-30-husbands-order", type="refund", lang="en", cust="GHC-30653",
     intent=dict(kind="refund", order="903118562", ask="all"), tags=["another-customers-order", "id:bare"],
     subject="Refund for my husband's order",
     body="""Hi,

My husband Martin ordered the drip irrigation kit on his account (order 903118562) but we've decided to hire someone to put in a proper system. He's asked me to sort out the refund - can you refund it to me? Same address, same household.

Lena Kowalczyk"""),

dict(id="gh-refund-31-ending-digits-only", type="refund", lang="en", cust="GHC-30417",
     intent=dict(kind="missing"), tags=["partial-id"],
     subject="refund",
     body="""hi, i need a refund on my order ending 835, the hydrangea. don't have the full number handy, it's on my other phone. thank you"""),

dict(id="gh-refund-32-all-but-gloves", type="refund", lang="en", cust="GHC-30561",
     intent=dict(kind="refund", order="604118277", ask=dict(all_but=["GT-GLV-04"])), tags=["eligible", "all-but-one-line", "id:spaces"],
     subject="Refund except the gloves",
     body="""Hello,

it is again Anke. From order 604 118 277 I want to keep only the gloves. The pruners, the hose and the trowel my husband bought already in the hardware store, so we have now everything double. Please refund these three things.

Thank you and best regards
Anke Vogel"""),
]
