"""How-to tickets (type:howto): 18 answerable from one article (`article`,
`query` = the question as a searcher would put it, for retrieval.jsonl) and
10 near misses (`near_miss` = the article that almost answers; the label is
no_kb_match)."""
C = dict

CASES = [
# ---------------- answerable ----------------
C(id="howto-pdf-not-in-email", type="howto", lang="en", cust="n.gall", article="qh-pt-01",
  query="bought a PDF pattern, no attachment in the email, where do I get the file",
  tags=["form:gmail"],
  subject="pattern??",
  body=("gmail", dict(paras=[
      "Hiya,",
      "I bought the log cabin baby quilt pattern last night - the PDF one - and I can't for the life of me find it anywhere?? There was no attachment on the email and there's nothing in the app on my phone either. Where do I actually get the file from?",
      "Thanks", "Niamh x"]))),

C(id="howto-printed-pattern-too-small", type="howto", lang="en", cust="e.ash", article="qh-pt-02",
  query="printed PDF pattern at home came out too small, test box measures 4.6 cm",
  tags=["form:plain", "long-story"],
  subject="Arles pattern printing wrong??",
  body="""Hello,

Bit of a saga. I bought the Arles wrap dress as a PDF, printed it at home on Sunday, spent most of the afternoon taping 38 pages together on the living room floor while the cat "helped", traced off a 12, cut a toile out of an old duvet cover, and it is TINY. I couldn't get it over my shoulders. My daughter measured the little box on page 1 and it's 4.6 cm instead of 5.

I'd rather not waste another afternoon and a load of printer ink. What am I doing wrong?

Eleanor"""),

C(id="howto-between-sizes", type="howto", lang="en", cust="j.ferr", article="qh-pt-03",
  query="my bust and hips are in different sizes on the chart, which size do I cut for a dress",
  tags=["form:plain"],
  subject="Which size?",
  body="""Hi,

Going by your chart for the Arles dress my bust puts me in a 12 but my hips are an 18. Which one am I supposed to cut? I've never sewn a dress before.

Janet"""),

C(id="howto-send-machine-for-service", type="howto", lang="en", cust="c.pett", article="qh-mc-01",
  query="how do I send my sewing machine to you to be serviced and how long will it take",
  tags=["form:outlook", "formal"],
  subject="Servicing",
  body=("outlook", dict(paras=[
      "Dear Sir/Madam,",
      "I should like to have my sewing machine serviced by you; it has started to make a knocking noise. How do I go about sending it to you, and how long am I likely to be without it?",
      "Yours faithfully,", "Colin Pettigrew"]))),

C(id="howto-warranty-register", type="howto", lang="en", cust="d.okafor", article="qh-mc-02",
  query="is there a guarantee on the Singer machine, do I need to register it",
  tags=["form:plain"],
  subject="Guarantee on the Singer",
  body="""Hello,

Quick question about the Singer we've just bought for the school. Is there a guarantee on it, and do I need to register it somewhere for it to count? The bursar will want to know.

Thanks,
Deborah Okafor
Head of D&T (Textiles), St Aldhelm's Academy"""),

C(id="howto-cant-thread-overlocker", type="howto", lang="en", cust="k.mens", article="qh-mc-03",
  query="new overlocker, cannot thread it, is there any help or lesson",
  tags=["form:mobile"],
  subject="overlocker",
  body="""just got the overlocker out the box and i cant thread it for love nor money. 2 hours wasted. is there any help at all??"""),

C(id="howto-class-joining-details", type="howto", lang="en", cust="g.hart", article="qh-cl-01",
  query="booked the online class but have no joining details, when do they arrive and which platform",
  tags=["form:plain"],
  subject="Free-motion class on Thursday",
  body="""Hello,

I've booked the free-motion quilting class that starts on Thursday, but I haven't had any joining details. When do they come through, and what do I need to have on my computer for it?

Thank you,
Gwen"""),

C(id="howto-spend-voucher", type="howto", lang="en", cust="r.lloyd", article="qh-gv-01",
  query="got a voucher as a present, where do I type the code on the website",
  tags=["form:plain"],
  subject="birthday voucher",
  body="""Hiya,

Mam gave me one of your vouchers for my birthday (it's a card with a long code on the back). How do I actually use it on the website? I've been through checkout twice and I can't see where it goes - I typed it in the discount box and it said invalid.

Rhiannon"""),

C(id="howto-es-fat-quarter-size", type="howto", lang="es", cust="l.fern", article="qh-fb-01",
  query="qué medidas tiene un fat quarter",
  tags=["form:plain"],
  subject="Medidas fat quarter",
  body="""Hola,

¿Qué medidas tiene exactamente un fat quarter en vuestra tienda? Estoy calculando cuántos necesito para un patchwork y no sé si son de 50 x 50 o más grandes.

Gracias!
Lucía"""),

C(id="howto-stop-newsletters", type="howto", lang="en", cust="b.fenw", article="qh-ac-02",
  query="how do I stop the marketing emails but still get emails about my orders",
  tags=["form:plain"],
  subject="Too many emails",
  body="""Hello,

I'm getting three emails a week from you about sales and new fabrics, which is too many. How do I stop them? I do still want to hear when my orders are sent, though.

Bea Fenwick"""),

C(id="howto-prewash-linen-shrink", type="howto", lang="en", cust="p.whit", article="qh-fb-02",
  query="should I wash linen before sewing curtains, will it shrink",
  tags=["form:plain"],
  subject="Curtains",
  body="""Hello,

Do I need to wash the oatmeal linen before I make it up into curtains? I'm worried they'll shrink once they're up and end up at half-mast, and I'm not sure how much extra to allow.

Pauline"""),

C(id="howto-samples-before-buying", type="howto", lang="en", cust="t.wisn", article="qh-fb-03",
  query="can I get small samples of the canvas colours before ordering 6 metres",
  tags=["form:plain"],
  subject="Canvas colours",
  body="""Good afternoon,

Is it possible to get small samples of your cotton canvas colours before I commit to six metres? The mustard and the ochre look very similar on my monitor.

Kind regards,
Tomasz"""),

C(id="howto-more-yarn-match", type="howto", lang="en", cust="f.duth", article="qh-yn-01",
  query="need two more balls to finish a cardigan, will new balls look the same",
  tags=["form:plain"],
  subject="Two more balls of Heather",
  body="""Hi,

I'm two balls short on a cardigan in the Heather merino DK (my own fault, I added pockets). If I order two more now, will they look the same as the ones I've already knitted with?

Fiona"""),

C(id="howto-reset-link-expired", type="howto", lang="en", cust="s.moran", article="qh-ac-01",
  query="password reset link says it has expired",
  tags=["form:plain"],
  subject="Can't get into my account",
  body="""Hello, I've tried twice now to reset my password and both times the link says it has expired when I click on it. What am I doing wrong? Sheila"""),

C(id="howto-da-customs-vat", type="howto", lang="da", cust="m.kjaer", article="qh-dl-04",
  query="skal jeg betale told eller moms ved bestilling til Danmark",
  tags=["form:plain"],
  subject="Told og moms",
  body="""Hej,

Skal jeg betale told eller moms, når jeg bestiller fra jer til Danmark? Sidst jeg bestilte fra en britisk butik, skulle jeg betale over 200 kr. ekstra til fragtfirmaet, før jeg fik pakken.

Venlig hilsen
Mette"""),

C(id="howto-collect-in-norwich", type="howto", lang="en", cust="h.quay", article="qh-cc-01",
  query="live in Norwich, can I pick my order up instead of paying postage",
  tags=["form:plain"],
  subject="Collecting",
  body="""Hi, I live in Norwich - can I pick my order up from you instead of paying for postage? How does that work, do I just turn up?

Harriet"""),

C(id="howto-guild-group-discount", type="howto", lang="en", cust="f.jenk", article="qh-tr-01",
  query="quilting guild buying fabric together, do you give a discount to groups",
  tags=["form:plain", "signature"],
  subject="Wymondham Quilters - group purchase",
  body="""Hello,

I'm the secretary of the Wymondham Quilters guild (about 30 members). We're planning a raffle quilt for the hospice and want to buy around 25 metres of fabric together. Do you do anything for groups like ours?

Many thanks,

Ffion Jenkins
Hon. Secretary, Wymondham Quilters
Meetings: 2nd & 4th Wednesday, Methodist Church Hall, 7.30pm
"Stitching together since 1986"
Registered charity no. 1104872
This email was sent from a volunteer's personal account. Views expressed are the sender's own."""),

C(id="howto-sign-for-machine", type="howto", lang="en", cust="d.beale", article="qh-dl-01",
  query="will I have to sign for my sewing machine delivery, I am out on Wednesday afternoons",
  tags=["form:plain"], legal_words=True,
  subject="Signing for the machine",
  body="""Dear Quiltery,

My grandson tells me my new sewing machine is coming with Parcelforce. Will I have to sign for it, and what happens if I'm not in? I go to my bowls club on a Wednesday afternoon and I don't want to miss it.

Yours sincerely
Dorothy Beale"""),

# ---------------- near misses: an article is close, none answers ----------------
C(id="nearmiss-cut-on-bias", type="howto", lang="en", cust="p.whit", near_miss="qh-fb-01",
  tags=["form:plain"],
  subject="Bias cut",
  body="""Hello,

Would you be able to cut my Tana Lawn on the bias when I order it? I'm making bias-cut slips and it would save me a great deal of fabric if it arrived cut that way.

Pauline Whitcombe"""),

C(id="nearmiss-gift-wrap", type="howto", lang="en", cust="b.fenw", near_miss="qh-gv-01",
  tags=["form:plain"],
  subject="Present for a friend",
  body="""Hi, do you do gift wrapping? I'm buying the Hedgerow fat quarter bundle for a friend's 60th and having it sent straight to her, so I'd like it to look nice when it arrives. Bea"""),

C(id="nearmiss-da-mulesing", type="howto", lang="da", cust="s.vest", near_miss="qh-yn-01",
  tags=["form:plain"],
  subject="Merinogarn",
  body="""Hej,

Er jeres merinogarn mulesing-frit? Jeg køber kun uld fra får, der ikke er blevet muleset, og jeg kan ikke finde oplysningen på produktsiden.

Mvh Søren"""),

C(id="nearmiss-sell-makes-pattern-disclaimer", type="howto", lang="en", cust="y.chau", near_miss="qh-pt-01",
  tags=["form:plain"], legal_words=True,
  subject="Selling bags made from your pattern",
  body="""Hi,

The Everyday tote PDF has a little disclaimer on the front page saying "for personal use only". I'd like to make a dozen totes to sell at our school's Christmas fair (all proceeds to the PTA). Is that allowed, or do I need some kind of licence from the designer?

Thanks,
Yasmin"""),

C(id="nearmiss-print-only-my-size", type="howto", lang="en", cust="i.sall", near_miss="qh-pt-02",
  tags=["form:mobile"],
  subject="pdf layers",
  body="""do ur pdf patterns have layers so i can print just my size? all the lines on top of each other do my head in"""),

C(id="nearmiss-vintage-machine-service", type="howto", lang="en", cust="h.macleod", near_miss="qh-mc-01",
  tags=["form:plain"],
  subject="Old Singer",
  body="""Hello,

Would your workshop take on my late mother's Singer 201K? It's from the 1950s, all metal, and it hasn't run in years - the hand wheel won't turn. I'd love to get it going again but I don't know if you deal with machines that old.

Hamish MacLeod"""),

C(id="nearmiss-shop-opening-hours", type="howto", lang="en", cust="m.pryce", near_miss="qh-cc-01",
  tags=["form:plain"],
  subject="Visiting the shop",
  body="""Dear Quiltery,

What time does the Magdalen Street shop open on a Saturday? I'd like to come in and see the Liberty prints in person before I buy any more. I'll be coming in on the bus from Wymondham.

Margaret Pryce"""),

C(id="nearmiss-class-certificate", type="howto", lang="en", cust="o.adeb", near_miss="qh-cl-01",
  tags=["form:mobile", "typos"],
  subject="certificate",
  body="""do i get a certificate after the pattern fitting class? my college ask for proof of the course"""),

C(id="nearmiss-kit-thread-colours", type="howto", lang="en", cust="b.cass", near_miss="qh-kt-01",
  tags=["form:plain"],
  subject="Fox kit colours",
  body="""Hello,

I'd like to order the Fox in Ferns embroidery kit for my niece but she's mad about grey foxes rather than orange ones. Could the thread colours in the kit be changed?

Bridget"""),

C(id="nearmiss-minky-tumble-dryer", type="howto", lang="en", cust="d.okafor", near_miss="qh-fb-02",
  tags=["form:gmail"],
  subject="Minky care",
  body=("gmail", dict(paras=[
      "Hi,",
      "Can the grey minky fleece go in the tumble dryer? I'm making a baby blanket for a colleague and new parents don't have time for anything that has to be dried flat!",
      "Deborah"]))),
]
