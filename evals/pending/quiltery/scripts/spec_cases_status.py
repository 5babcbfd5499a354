"""Order-status tickets (type:status).

Placeholders, filled by generate.py:
  [[o:KEY]] order id as stored; [[o:KEY:U]] upper case; [[o:KEY:C]] compact
  (no dashes); [[o:KEY:CU]] compact upper; [[o:KEY:S]] spaces for dashes;
  [[o:KEY:SU]] spaces, upper.  [[u:u1]] / [[u:u2]] the two ids of no order
  (same modifiers).  [[name:CUST]] [[first:CUST]] [[email:CUST]]
  [[track:KEY]] [[carrier:KEY]] [[when:KEY:+HOURS:FMT]] a time HOURS after
  the order was placed, FMT gmail | outlook | mail | short.
Bodies are plain strings, or ("outlook", {...}) / ("gmail", {...}) /
("html", "raw html") rendered by mailfmt.py.
"""
C = dict

CASES = [
C(id="status-royalmail-upper-id", type="status", lang="en", cust="m.pryce", order="s1",
  tags=["form:plain", "id:upper"],
  subject="Liberty lawn - has it gone out?",
  body="""Hello,

I ordered two metres of the Betsy Ann lawn and some thread a few days ago (order [[o:s1:U]]) for my granddaughter's party dress, and I am beginning to fret a little as the party is on the 4th. Could you tell me whether it has been posted, and how I can follow it?

Many thanks,
Margaret Pryce
"""),

C(id="status-dpd-id-in-subject-only", type="status", lang="en", cust="d.okafor", order="s2",
  tags=["form:outlook", "id:subject-only"],
  subject="Order [[o:s2:U]] - Singer machine delivery",
  body=("outlook", dict(paras=[
      "Good afternoon,",
      "Could you please let me know where my sewing machine has got to? I have cleared my diary for it but I haven't had any notification from the courier yet, and I am in a classroom most of the day so I need to arrange for the office to take it in.",
      "Kind regards,"],
    sig=["Deborah Okafor", "Head of Design & Technology (Textiles)", "St Aldhelm's Academy", "Tel: 01603 555 0192 ext. 214"]))),

C(id="status-evri-mobile-compact", type="status", lang="en", cust="h.macleod", order="s3",
  tags=["form:mobile", "id:compact"],
  subject="yarn",
  body="""hiya any sign of my alpaca?? order [[o:s3:C]] ta

Sent from my iPhone"""),

C(id="status-parcelforce-long-story-hash", type="status", lang="en", cust="d.beale", order="s4",
  tags=["form:plain", "long-story", "id:hash-compact-upper"],
  subject="My new Janome",
  body="""Dear Sir or Madam

I hope you don't mind me writing. My late husband bought me my first machine in 1971, a Singer that weighed as much as a small car, and it has finally given up the ghost after 50-odd years of school uniforms, curtains and three wedding dresses (not mine!). My sons clubbed together and we chose the Janome HD3000 from your website together on Saturday, with a lot of help from my grandson who did the clicking.

The lady at our Tuesday sewing circle says you are very good and that things come quickly, but I have not had a letter or anything to say it is coming and I do not use the computer much. The order number on the piece of paper my grandson wrote for me is #[[o:s4:CU]].

Could you please tell me if it has been sent yet, and who will be bringing it?

With kind regards
Mrs Dorothy Beale"""),

C(id="status-dpd-ireland-gmail-spaced", type="status", lang="en", cust="a.brennan", order="s5",
  tags=["form:gmail", "id:spaces"],
  subject="Where's my parcel?",
  body=("gmail", dict(paras=[
      "Hi folks,",
      "Just wondering where my fat quarter bundle & wadding have got to - order [[o:s5:S]]. I'm in Galway so I know it takes a bit longer to get over to us!",
      "Thanks a million,", "Aoife"]))),

C(id="status-es-pedido-upper", type="status", lang="es", cust="c.ruiz", order="s6",
  tags=["form:plain", "id:upper"],
  subject="¿Dónde está mi pedido?",
  body="""Hola, buenos días:

Hice el pedido [[o:s6:U]] hace unos días (4 metros de la tela wax Kente y el patrón Arles) y todavía no me ha llegado nada. ¿Me podéis decir si ya lo habéis enviado y con qué transportista va, para poder seguirlo?

Muchas gracias,
Carmen Ruiz"""),

C(id="status-da-ordre-lower", type="status", lang="da", cust="m.kjaer", order="s7",
  tags=["form:plain", "id:as-stored"],
  subject="Hvor er min pakke?",
  body="""Hej Quiltery

Jeg bestilte to fed sokkegarn og et hue-kit for et par dage siden, ordre [[o:s7]]. Kan I fortælle mig, om pakken er sendt, og hvordan jeg kan følge den? Jeg bor i Aarhus, så jeg ved godt, at det tager lidt tid.

Venlig hilsen
Mette Kjærgaard"""),

C(id="status-id-only-in-quoted-shop-email", type="status", lang="en", cust="p.rag", order="s8",
  tags=["form:gmail", "reply-quote", "id:quoted-only"],
  subject="Re: Your fabric has been cut",
  body=("gmail", dict(paras=[
      "Hi, thanks for this - has it actually been posted yet though? I need the gauze for muslins (the baby kind, not the toile kind) by the weekend as my sister's due any minute.",
      "Priya"],
    quote=dict(header="On [[when:s8:+27:gmail]], The Quiltery <orders@quiltery.example> wrote:",
      paras=["Hello Priya,",
             "Good news: the fabric for your order [[o:s8]] has been measured and cut at our Magdalen Street cutting table. We'll send you another email with tracking as soon as it's on its way.",
             "Happy sewing!", "The Quiltery team"])))),

C(id="status-processing-order-ref", type="status", lang="en", cust="e.ash", order="s9",
  tags=["form:plain", "id:order-ref", "ticket-order-field"], order_field="s9:U",
  subject="linen",
  body="""Hi there,

Quick one - order ref [[o:s9:U]], three metres of the oatmeal washed linen plus two zips. Has it been cut yet and when is it likely to be dispatched? I'm hoping to get going on some wide-leg trousers this weekend.

Cheers,
Eleanor"""),

C(id="status-processing-bullets", type="status", lang="en", cust="r.lloyd", order="s10",
  tags=["form:plain", "bullets", "id:compact-upper"],
  subject="order this morning",
  body="""Hiya, a few things about the order I placed this morning, [[o:s10:CU]]:

- has it gone through ok? my bank app shows the payment but I've had no confirmation email
- what stage is it at?
- roughly when will it be sent out?

Diolch!
Rhiannon"""),

C(id="status-es-processing-compact", type="status", lang="es", cust="l.fern", order="s11",
  tags=["form:plain", "id:compact-upper"],
  subject="pedido viscosa",
  body="""Hola! Ayer hice un pedido, número [[o:s11:CU]], 3 metros de la viscosa Terrazzo. ¿Ya lo habéis preparado? Es para el vestido de una boda y voy un poco justa de tiempo 😅

Un saludo,
Lucía"""),

C(id="status-processing-outlook-original-message", type="status", lang="en", cust="b.cass", order="s12",
  tags=["form:outlook", "reply-quote", "id:quoted-only"],
  subject="RE: Thank you for your order",
  body=("outlook", dict(paras=[
      "Hello,",
      "I received the email below but nothing since. Could you tell me when the kits will be posted? They are for our church sewing group, which starts on Saturday week, and I promised the ladies they'd have everything on the first night.",
      "Regards,", "Bridget Cassidy"],
    original=dict(from_="The Quiltery <orders@quiltery.example>", sent="[[when:s12:+0.1:outlook]]",
      to="[[email:b.cass]]", subject="Thank you for your order [[o:s12:U]]",
      paras=["Dear Bridget,",
             "Thank you for shopping with The Quiltery. We've received your order [[o:s12:U]] (2 x Beginner's patchwork cushion kit) and will let you know as soon as it's on its way.",
             "Warm wishes,", "The Quiltery, Magdalen Street, Norwich"])))),

C(id="status-delivered-away-from-home", type="status", lang="en", cust="g.hart", order="s13",
  tags=["form:plain", "id:as-stored", "ticket-order-field"], order_field="s13",
  subject="Did my order arrive while I was away?",
  body="""Morning,

I've been away for a week visiting my sister in Leeds. Did my canvas and the shears (order [[o:s13]]) get delivered while I was gone? The neighbours swear they haven't taken anything in.

Gwen"""),

C(id="status-delivered-corporate-disclaimer", type="status", lang="en", cust="f.duth", order="s14",
  tags=["form:outlook", "signature", "id:upper"], legal_words=True,
  subject="Delivery confirmation - [[o:s14:U]]",
  body=("outlook", dict(paras=[
      "Hi,",
      "Could you confirm whether order [[o:s14:U]] (ten balls of the merino DK) has been delivered, and when? I had it sent to the office and our post room is not the most reliable.",
      "Thanks,"],
    sig=["Fiona Duthie | Senior Associate", "Strachan Duthie LLP | 14 Albyn Place | Aberdeen AB10 1YH",
         "T: +44 1224 555 018 | www.strachanduthie.example.com", "",
         "This email and any attachments are confidential and may be legally privileged. If you are not the intended recipient, please notify the sender immediately and delete it; you must not copy, distribute or rely on it. Internet communications are not secure and we accept no liability for any loss or damage caused by viruses. Strachan Duthie LLP is a limited liability partnership registered in Scotland (SO305512) and is authorised and regulated by the Law Society of Scotland. A list of members is available at our registered office."]))),

C(id="status-delivered-no-delivery-date", type="status", lang="en", cust="p.whit", order="s15",
  tags=["form:plain", "missing-delivered-at", "id:upper"],
  subject="minky order",
  body="""Hello,

My account says the minky order [[o:s15:U]] was delivered but it doesn't say which day. I was staying at my daughter's for a bit and I'd like to know when it came so I can ask the right neighbour.

Pauline Whitcombe"""),

C(id="status-delivered-gmail-hash", type="status", lang="en", cust="j.ferr", order="s16",
  tags=["form:gmail", "id:hash-compact"],
  subject="delivered or not?",
  body=("gmail", dict(paras=[
      "Hi,",
      "I can't tell from my account whether my Jenny overalls pattern and the canvas were delivered or not - order #[[o:s16:C]]. Could you check for me?",
      "Cheers", "Janet"]))),

C(id="status-delivered-run-on-typos", type="status", lang="en", cust="o.adeb", order="s17",
  tags=["form:plain", "typos", "id:spaces-upper"],
  subject="delivery",
  body="""hello i ordered 6 metre of the kente wax print and some thread order no [[o:s17:SU]] and i want to know has it been deliverd because my tailor is asking me and i dont see nothing at the door maybe it went to the neighbour can you tell me when it was deliverd and who brought it thank you
Olu"""),

C(id="status-cancelled-confirm", type="status", lang="en", cust="h.quay", order="s18",
  tags=["form:plain", "id:as-stored"],
  subject="Cancelled order",
  body="""Hi,

I cancelled order [[o:s18]] (the Betsy Ann lawn) on the website the other day because I'd picked the wrong colourway. Can you just confirm it's definitely cancelled?

Thanks,
Harriet"""),

C(id="status-cancelled-husband", type="status", lang="en", cust="n.gall", order="s19",
  tags=["form:mobile", "id:upper"],
  subject="overlocker order status?",
  body="""Hey, what's the status of [[o:s19:U]]? I think himself may have cancelled it on the app by accident, he's denying everything 🙄

Niamh"""),

C(id="status-returned-formal", type="status", lang="en", cust="c.pett", order="s20",
  tags=["form:plain", "formal", "id:upper"],
  subject="Return of Singer machine",
  body="""Dear Sir/Madam,

I sent the Singer Heavy Duty machine back to you some weeks ago, as it was not suitable for the upholstery work I had in mind. Would you kindly confirm that it has been received back? The order was [[o:s20:U]].

Yours faithfully,
C. Pettigrew"""),

C(id="status-unknown-id-valid-shape", type="status", lang="en", cust="y.chau", order=None, unknown="u1",
  tags=["form:plain", "unknown-order", "id:as-stored"],
  subject="Order not arrived",
  body="""Hi,

Please can you tell me where order [[u:u1]] is? It was some quilting cotton for my daughter's school project and I haven't heard anything at all.

Yasmin"""),

C(id="status-unknown-id-bad-check-letter", type="status", lang="en", cust="b.fenw", order=None, unknown="u2",
  tags=["form:mobile", "unknown-order", "id:hash-compact-upper"],
  subject="still waiting",
  body="""Order #[[u:u2:CU]] still not here. ordered ages ago. where is it"""),

C(id="status-another-customers-order", type="status", lang="en", cust="s.moran", order="x1", other_customer=True,
  tags=["form:plain", "other-customer"],
  subject="Chasing an order for my sister",
  body="""Hi there,

My sister Rosalind ordered some of the Ruby Star cotton for me as a present and she's away on a cruise until the new year, so I'm chasing it for her. The order number is [[o:x1]]. Has it arrived, and where was it left?

Sheila Moran"""),

C(id="status-missing-id-angry", type="status", lang="en", cust="k.mens", order=None,
  tags=["form:mobile", "missing-id"],
  subject="where is my fabric",
  body="""Where's my fabric?? Ordered last week and still nothing. Getting fed up now.
Kofi"""),

C(id="status-missing-id-outlook", type="status", lang="en", cust="i.sall", order=None,
  tags=["form:outlook", "missing-id"],
  subject="Delivery date",
  body=("outlook", dict(paras=[
      "Hello,",
      "Please could you let me know when my order will be arriving? I think I may have placed it with my work email address rather than this one, so I'm not sure it will show up under my name.",
      "Thank you,", "Imogen Sallis"]))),
]
