"""Refund tickets (type:refund).  `ask` says what the customer asks for:
("whole",) the whole order; ("lines", [(sku, qty), ...]) those items;
("except", [sku, ...]) every line but those; ("sum", dollars) a sum they name.
The label is derived from the eligibility table by validate.py, never stated here.
"""
C = dict

CASES = [
C(id="refund-whole-wrong-shade", type="refund", lang="en", cust="h.quay", order="r1", ask=("whole",),
  tags=["form:plain", "id:upper", "ticket-order-field"], order_field="r1",
  subject="Refund please - gauze not the right navy",
  body="""Hi there,

I ordered the navy spot double gauze (2 m) and a pack of the navy bias binding, order [[o:r1:U]]. Lovely quality, but the navy is much darker than it looked on my screen and it just won't work for the baby blankets I had planned. I haven't washed or cut it.

Can I send the whole lot back and get a refund?

Thanks,
Harriet Quayle"""),

C(id="refund-whole-faulty-overlocker-outlook", type="refund", lang="en", cust="y.chau", order="r2", ask=("whole",),
  tags=["form:outlook", "id:upper"],
  subject="Overlocker skipping stitches - refund",
  body=("outlook", dict(paras=[
      "Hello,",
      "The Brother 3034D overlocker I bought from you (order [[o:r2:U]]) skips stitches on every fabric I've tried, even after re-threading it exactly as the manual shows and changing both needles.",
      "I've honestly lost patience with it and would like my money back please, rather than a repair.",
      "Regards,", "Yasmin Chaudhry"]))),

C(id="refund-da-whole-alpaca", type="refund", lang="da", cust="s.vest", order="r3", ask=("whole",),
  tags=["form:plain", "id:compact-upper"],
  subject="Returnering af garn",
  body="""Hej,

Jeg vil gerne returnere hele min ordre [[o:r3:CU]] (8 nøgler alpaka 4-ply i farven 'Fog'). Farven er meget mere grå end på billedet, og den passer ikke til den sweater, jeg havde planlagt. Nøglerne er ikke åbnet.

Kan I refundere beløbet?

Mvh
Søren Vestergaard"""),

C(id="refund-whole-paralegal-signature", type="refund", lang="en", cust="r.tate", order="r4", ask=("whole",),
  tags=["form:outlook", "long-story", "signature", "id:upper"], legal_words=True,
  subject="Return - Liberty lawn and Arles pattern",
  body=("outlook", dict(paras=[
      "Dear Quiltery team,",
      "I'm writing on my lunch break, so apologies if this is a bit rambling. I ordered three metres of the Betsy Ann lawn and the Arles PDF a few weeks ago to make a dress for my cousin's wedding in December. Last weekend the wedding was called off (long story, nobody died, everyone is fine, it's just off), and I can't face making the dress now.",
      "The lawn is unwashed and still folded exactly as it arrived. I appreciate a PDF can't really be 'sent back', but if you are able to refund the whole order, [[o:r4:U]], that would be wonderful.",
      "With thanks and best wishes,"],
    sig=["Rosalind Tate", "Paralegal, Residential Conveyancing", "Hobbs & Vane Solicitors LLP", "3 Tombland, Norwich NR3 1HF",
         "DX 5214 Norwich | T 01603 555 440", "",
         "DISCLAIMER: This message is intended only for the addressee and may contain information that is privileged and confidential. If you have received it in error, please tell us by return email and delete it. Hobbs & Vane Solicitors LLP is authorised and regulated by the Solicitors Regulation Authority (SRA number 604219). We will never change our bank details by email; please call us to verify before sending any money."]))),

C(id="refund-whole-mobile-lowercase", type="refund", lang="en", cust="i.sall", order="r5", ask=("whole",),
  tags=["form:mobile", "id:compact"],
  subject="refund",
  body="""can i get a refund on [[o:r5:C]] pls the minky is way too thin for what i wanted, havent used it"""),

C(id="refund-one-item-shears", type="refund", lang="en", cust="r.lloyd", order="r6", ask=("lines", [("NOT-SCI-FIS", 1)]),
  tags=["form:plain", "one-item", "id:upper", "ticket-order-field"], order_field="r6:U",
  subject="Returning the shears only",
  body="""Hello!

From order [[o:r6:U]] I'd like to return just the Fiskars shears - I was given a pair for my birthday the day after yours arrived (typical!). They're still in the blister pack. I'm keeping everything else.

Rhiannon"""),

C(id="refund-one-item-wadding-gmail", type="refund", lang="en", cust="o.adeb", order="r7", ask=("lines", [("FAB-WAD-80", 3)]),
  tags=["form:gmail", "one-item", "id:upper"],
  subject="stained wadding",
  body=("gmail", dict(paras=[
      "Hello there,",
      "Order [[o:r7:U]]. The wadding you sent (3 metres) has a long grey mark down one side, it looks like machine oil. The fat quarters and the thread are fine, I'm keeping those.",
      "Please I need a refund for the wadding only.",
      "Thank you", "Olu Adebayo"]))),

C(id="refund-es-one-item-kit", type="refund", lang="es", cust="m.vega", order="r8", ask=("lines", [("KIT-EMB-FOX", 1)]),
  tags=["form:plain", "one-item", "id:upper"],
  subject="Kit de bordado incompleto",
  body="""Hola:

En el pedido [[o:r8:U]] venía el kit de bordado 'Fox in Ferns' y le faltan casi todas las madejas de hilo. Prefiero que me devolváis el dinero del kit; el algodón me lo quedo, que está perfecto.

Gracias,
Marisol Vega"""),

C(id="refund-two-of-three-balls", type="refund", lang="en", cust="f.duth", order="r9", ask=("lines", [("YRN-DK-MRN", 2)]),
  tags=["form:mobile", "partial-quantity", "id:upper"],
  subject="Sending back 2 balls",
  body="""Hi - I overestimated how much merino I'd need. Could I send back two of the three loose balls of Heather from order [[o:r9:U]] and get refunded for those? Not the beanie kit, that's already on the needles. They're still in their bands.

Thanks, Fiona

Sent from Outlook for Android"""),

C(id="refund-half-the-linen-typos", type="refund", lang="en", cust="k.mens", order="r10", ask=("lines", [("FAB-LIN-OAT", 2)]),
  tags=["form:plain", "typos", "partial-quantity", "id:compact-upper"],
  subject="linen refund",
  body="""hi i orderd 4m of the oatmeal linen on [[o:r10:CU]] but i only needed 2m, turns out my wife allready had some in the cupboard. can i send back the other 2 metres and get refunded for them, i havent cut it (well you cut it obviously lol but i mean i havent touched it)

cheers kofi"""),

C(id="refund-three-of-five-fat-quarters", type="refund", lang="en", cust="t.wisn", order="r11", ask=("lines", [("FQ-KAF-ASST", 3)]),
  tags=["form:plain", "partial-quantity", "id:as-stored", "ticket-order-field"], order_field="r11",
  subject="Partial refund - fat quarters",
  body="""Good evening,

I would like a refund for 3 of the 5 Kaffe Fassett fat quarters in order [[o:r11]]. They turned out to be the wrong colourway for my quilt (far too much orange). I will keep the other two and the cutting mat.

Best regards,
Tomasz Wiśniewski"""),

C(id="refund-all-but-printed-pattern-outlook", type="refund", lang="en", cust="p.rag", order="r12", ask=("except", ["PAT-PRT-ARL"]),
  tags=["form:outlook", "except-item", "id:upper"],
  subject="Return - viscose order",
  body=("outlook", dict(paras=[
      "Hi,",
      "I'd like to return everything from order [[o:r12:U]] except the Arles pattern, which I'll hang on to for another time. The Terrazzo viscose is far more see-through than I expected from the photos, and the zip and buttons were only for that dress.",
      "Could you refund those please?",
      "Thanks very much,", "Priya"]))),

C(id="refund-rest-except-pdf-bullets", type="refund", lang="en", cust="j.ferr", order="r13", ask=("except", ["PAT-PDF-TOT"]),
  tags=["form:plain", "bullets", "except-item", "id:compact-upper"],
  subject="Re order [[o:r13:CU]]",
  body="""Hi,

About order [[o:r13:CU]]:
* the bamboo jersey (2 m) has pulled threads all the way along one edge
* please refund the jersey and the pack of needles (unopened, I only bought them for the jersey)
* the tote PDF I've already downloaded so obviously I'll keep that

Janet"""),

C(id="refund-named-sum-twenty", type="refund", lang="en", cust="b.fenw", order="r14", ask=("sum", 20.00),
  tags=["form:plain", "named-sum", "id:upper"],
  subject="broken zip + crease",
  body="""Hello,

One of the three zips in order [[o:r14:U]] arrived with the pull snapped off, and the canvas has a hard fold line in it that will not iron out however much steam I throw at it. I don't want to send it all back. Would you refund $20 to cover it? That seems fair to me.

Beatrix Fenwick"""),

C(id="refund-named-sum-35-reply-quote", type="refund", lang="en", cust="s.moran", order="r15", ask=("sum", 35.00),
  tags=["form:plain", "reply-quote", "named-sum", "id:quoted-only"],
  subject="Re: Your message about your kit",
  body="""Thank you for getting back to me. As I said, the cushion kit was missing its backing fabric and two of the fat quarters in the Hedgerow bundle are the same print. Rather than posting it all back to Norwich I'd accept a partial refund of 35 dollars.

Sheila

> On [[when:r15:+290:short]], The Quiltery <hello@quiltery.example> wrote:
>
> Hello Sheila,
>
> Thank you for your message about order [[o:r15]]. So that we can help,
> could you tell us exactly what was missing or wrong?
>
> Best wishes,
> Anna
> The Quiltery"""),

C(id="refund-named-sum-above-total", type="refund", lang="en", cust="a.brennan", order="r16", ask=("sum", 150.00),
  tags=["form:plain", "named-sum", "over-total", "id:upper"],
  subject="Parcel arrived soaked",
  body="""Hi,

Order [[o:r16:U]] arrived absolutely soaking wet - the box must have sat in the rain for hours. The Liberty lawn has water marks all over it and the dye from the linen has run onto it. Between the fabric, my time and the hassle, I think $150 back is fair.

Aoife"""),

C(id="refund-day-30-exact", type="refund", lang="en", cust="n.gall", order="r17", ask=("whole",),
  tags=["form:plain", "boundary", "day-30", "id:upper", "ticket-order-field"], order_field="r17",
  subject="Gauze pilling - am I still in time?",
  body="""Hi,

I know it's been about a month, but the double gauze from [[o:r17:U]] pilled really badly after one gentle wash at 30. Am I still in time to get my money back for it?

Niamh"""),

C(id="refund-day-31", type="refund", lang="en", cust="m.pryce", order="r18", ask=("whole",),
  tags=["form:plain", "boundary", "day-31", "id:upper"],
  subject="Sock yarn return",
  body="""Dear Quiltery,

I would like to return the two skeins of Speckled Hen sock yarn, order [[o:r18:U]]. They are unused; I'm afraid my eyes are not up to fine needles any more. A refund would be appreciated.

Margaret Pryce"""),

C(id="refund-day-30-plus-hours", type="refund", lang="en", cust="c.reid", order="r19", ask=("whole",),
  tags=["form:plain", "boundary", "day-30-plus-hours", "id:compact-upper"],
  subject="Refund - cutter and mat",
  body="""Hi,

Refund for [[o:r19:CU]] please - the rotary cutter and the A2 mat. Turns out my partner already has both. I make it 30 days today so I think I'm just inside your window.

Callum"""),

C(id="refund-outside-window-long-story", type="refund", lang="en", cust="c.pett", order="r20", ask=("whole",),
  tags=["form:plain", "long-story", "window", "id:upper"],
  subject="Singer machine - refund request",
  body="""Dear Sir/Madam,

I purchased the Singer Heavy Duty 4432 from you in early October (order [[o:r20:U]]) with the intention of taking up upholstery in my retirement. Unfortunately I was taken into hospital shortly after it arrived and have only been home a fortnight. Having now had the chance to try the machine, I find it is not heavy enough for the canvas and leather I intended to use, and I would prefer to return it.

I have kept all the packaging. I should be grateful if you would arrange a refund.

Yours faithfully,
Colin Pettigrew"""),

C(id="refund-es-outside-window", type="refund", lang="es", cust="c.ruiz", order="r21", ask=("whole",),
  tags=["form:plain", "window", "id:compact"],
  subject="Devolución tela wax",
  body="""Hola,

Quiero devolver los 5 metros de tela wax Kente del pedido [[o:r21:C]]. Al final no la he usado y necesito el dinero para otras cosas. ¿Me podéis hacer el reembolso, por favor?

Gracias,
Carmen"""),

C(id="refund-shipped-change-of-mind", type="refund", lang="en", cust="f.jenk", order="r22", ask=("whole",),
  tags=["form:plain", "not-delivered", "id:upper"],
  subject="Changed my mind",
  body="""Hi,

I've changed my mind about order [[o:r22:U]] (4 m of the Ruby Star). I can see it's already been posted but I don't want it any more - can you refund me please?

Ffion"""),

C(id="refund-processing-not-delivered", type="refund", lang="en", cust="g.hart", order="r23", ask=("whole",),
  tags=["form:plain", "not-delivered", "id:as-stored"],
  subject="Money back on my Liberty order",
  body="""Hello,

I'd like my money back for order [[o:r23]] please (the Betsy Ann lawn and the Jenny overalls pattern). I've found the same lawn cheaper locally. Thank you.

Gwen Hartley"""),

C(id="refund-cancelled-when", type="refund", lang="en", cust="b.cass", order="r24", ask=("whole",),
  tags=["form:plain", "cancelled", "id:as-stored"],
  subject="Refund for cancelled order?",
  body="""Hello,

I cancelled order [[o:r24]] (two fox embroidery kits) last week. When will I be refunded the money, please? I don't want to be out of pocket before Christmas.

Bridget Cassidy"""),

C(id="refund-prior-partial-refund", type="refund", lang="en", cust="r.aber", order="r25", ask=("whole",),
  tags=["form:plain", "prior-refund", "id:upper"],
  subject="Rest of my refund",
  body="""Hello,

You refunded me $12 on order [[o:r25:U]] last week because the shears had a nick in the blade. I've now unrolled the canvas and it has a flaw every 40 cm or so, so I'd like the rest of the order refunded as well.

Ruth Abernethy"""),

C(id="refund-da-already-fully-refunded", type="refund", lang="da", cust="i.holm", order="r26", ask=("whole",),
  tags=["form:plain", "prior-refund", "id:upper"],
  subject="Refundering af ordre [[o:r26:U]]",
  body="""Hej,

Jeg vil gerne have pengene tilbage for ordre [[o:r26:U]] (6 nøgler merino DK). Garnet får min hud til at klø, så jeg kan ikke bruge det.

Venlig hilsen
Ingrid Holm Jensen"""),

C(id="refund-returned-where-is-money", type="refund", lang="en", cust="r.aber", order="r27", ask=("whole",),
  tags=["form:plain", "returned", "id:spaces-upper"],
  subject="Returned items - refund?",
  body="""Hi again,

I sent the cutting mat and rotary cutter back to you a couple of weeks ago (order [[o:r27:SU]]). Tracking shows you signed for them. Where is my refund?

Ruth"""),

C(id="refund-delivered-no-delivery-date", type="refund", lang="en", cust="p.whit", order="s15", ask=("whole",),
  tags=["form:plain", "missing-delivered-at", "id:compact-upper"],
  subject="Refund for minky",
  body="""Hello again,

I've now had a proper look at the grey minky from [[o:s15:CU]] and it's shedding terribly - there's grey fluff all over my sewing room. I'd like to return it for a refund please.

Pauline Whitcombe"""),

C(id="refund-order-date-in-future", type="refund", lang="en", cust="m.odwy", order="r29", ask=("whole",),
  tags=["form:plain", "inconsistent-dates", "id:upper"],
  subject="Bamboo jersey refund",
  body="""Hiya,

The sage bamboo jersey from order [[o:r29:U]] is nowhere near the colour on the website, it's more of a khaki. Can I return it for a refund?

Maeve"""),

C(id="refund-delivered-before-ordered", type="refund", lang="en", cust="z.hughes", order="r30", ask=("whole",),
  tags=["form:gmail", "inconsistent-dates", "id:upper"],
  subject="refund on beanie kit",
  body=("gmail", dict(paras=[
      "Hi Quiltery,",
      "I'd like to return the knit-a-beanie kit and the two extra balls of merino (order [[o:r30:U]]) - my daughter has decided she's \"not a hat person\". Nothing's been wound or knitted.",
      "Thanks!", "Zara"]))),

C(id="refund-another-customers-order", type="refund", lang="en", cust="t.wisn", order="x2", ask=("whole",), other_customer=True,
  tags=["form:plain", "other-customer", "id:upper"],
  subject="Refund for my friend's linen",
  body="""Hello,

My friend Gwen bought the oatmeal linen for me, order [[o:x2:U]], but it is the wrong weight for my project. She said I should write to you myself. Please refund it to her card.

Tomasz"""),

C(id="refund-missing-id", type="refund", lang="en", cust="d.okafor", order=None, ask=("whole",),
  tags=["form:plain", "missing-id"],
  subject="Thread keeps snapping",
  body="""Hi,

The Gütermann thread I bought from you keeps snapping every few inches, on two different machines. I'd like a refund for it please.

Deborah Okafor"""),
]
