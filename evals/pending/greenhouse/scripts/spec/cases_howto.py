"""How-to tickets: 18 answered by one article (intent.kind "howto"), 10 near misses ("near_miss").
`query` is what the retrieval set records: the customer's question in the customer's words."""

CASES = [
dict(id="gh-howto-01-guarantee-deadline", type="howto", lang="en", cust="GHC-30452",
     intent=dict(kind="howto", article="hc-0101"), tags=[],
     query="how many days do I have to report a plant that arrives damaged, and do I have to mail it back",
     subject="Question before I order",
     body="""Hi! My neighbour swears by your perennials and mentioned there's some kind of promise if a plant turns up in bad shape. If I order and something arrives half-dead, how many days do I have to flag it, and would I have to mail the plant back to you?

Dana"""),

dict(id="gh-howto-02-dispatch-days", type="howto", lang="en", cust="GHC-30671",
     intent=dict(kind="howto", article="hc-0102"), tags=["form:formal"],
     query="which days of the week are living plants sent out",
     subject="Days of despatch",
     body="""Dear Sir or Madam,

I should like to order some shrubs but I am out at my bridge club on Thursdays and Fridays. On which days of the week do you send out living plants, so that I may be at home when they arrive?

Yours faithfully,
Eleanor Whitfield (Mrs)"""),

dict(id="gh-howto-03-sv-bulb-zone", type="howto", lang="sv", cust="GHC-30866",
     intent=dict(kind="howto", article="hc-0103"), tags=[],
     query="När skickas förbeställda tulpanlökar till zon 5?",
     subject="Tulpanlökar",
     body="""Hej,

Jag bor i Minnesota (zon 5) och funderar på att förbeställa tulpanlökar hos er. När brukar de skickas till oss? Jag vill veta ungefär när jag ska ha rabatten klar.

Tack!
Maja"""),

dict(id="gh-howto-04-find-tracking", type="howto", lang="en", cust="GHC-30703",
     intent=dict(kind="howto", article="hc-0104"), tags=["form:mobile"],
     query="where do i find the tracking number once something ships",
     subject="tracking",
     body="""where do i even find the tracking # after something ships? never ordered from you guys before"""),

dict(id="gh-howto-05-freight-signature", type="howto", lang="en", cust="GHC-30466",
     intent=dict(kind="howto", article="hc-0105"), tags=["legal-words-not-threat"],
     query="is a signature required when the greenhouse is delivered or can the driver leave it",
     subject="Greenhouse delivery - signature?",
     body="""Hello,

We're about to order the lean-to greenhouse. Both of us work long shifts at the hospital. Is a signature required when it's delivered, or can the driver just leave the boxes by the garage?

Thanks,
Priya"""),

dict(id="gh-howto-06-points-value", type="howto", lang="en", cust="GHC-30640",
     intent=dict(kind="howto", article="hc-0106"), tags=[],
     query="how many points do I need before I get money off",
     subject="points??",
     body="""Hi, I keep seeing a points balance at the top of my account page. How does that work - how many do I need before I actually get money off something?

Grace"""),

dict(id="gh-howto-07-skip-box-holiday", type="howto", lang="en", cust="GHC-30452",
     intent=dict(kind="howto", article="hc-0107"), tags=["form:gmail-html"],
     query="going away in October, can I skip the monthly box and by when",
     subject="Box while I'm away",
     body="""<div dir="ltr">Hi,<div><br></div><div>We&#39;re off to visit family for most of October, so nobody will be home to take in the plant box that month. Is there a way to skip just that one, and is there a deadline for doing it?</div><div><br></div><div>Dana</div></div>"""),

dict(id="gh-howto-08-workshop-friend", type="howto", lang="en", cust="GHC-30614",
     intent=dict(kind="howto", article="hc-0108"), tags=[],
     query="can a friend go to the pruning class in my place",
     subject="Pruning class",
     body="""Hi, I booked the winter pruning class but work has just put me on a Saturday shift. My friend Jess would love to go instead. Can she take my place, and do I need to let you know?

Nadia"""),

dict(id="gh-howto-09-gift-price-hidden", type="howto", lang="en", cust="GHC-30621",
     intent=dict(kind="howto", article="hc-0109"), tags=[],
     query="if I send a plant to my mother will she see what I paid",
     subject="sending a plant to my mother",
     body="""Hello, I would like to send a plant to my mother in Charlotte for her 70th. She is the kind of person who will scold me if she finds out how much I spent. If I have it sent straight to her, will she see the price anywhere in the box?

Samira"""),

dict(id="gh-howto-10-return-unused-planter", type="howto", lang="en", cust="GHC-30653",
     intent=dict(kind="howto", article="hc-0112"), tags=[],
     query="if the planter doesn't suit my porch can I send it back",
     subject="Planter question",
     body="""I'm eyeing the big indigo glazed planter but I'm not sure the colour will work with our porch. If it doesn't suit and I haven't planted anything in it, can I send it back, and does it cost me anything?

Lena"""),

dict(id="gh-howto-11-seeds-no-sprout", type="howto", lang="en", cust="GHC-30633",
     intent=dict(kind="howto", article="hc-0113"), tags=["form:rambling"],
     query="my tomato seeds never came up, what can you do",
     subject="Tomato seeds - nothing came up",
     body="""So I started the heirloom tomato seeds in March like every year, same heat mat, same seed compost, same windowsill, and the Brandywine and the Cherokee Purple came up fine but the Green Zebra packet gave me absolutely nothing, not one. My wife thinks I drowned them. I don't think I did. Is there anything you can do about a packet that just didn't come up?

Owen"""),

dict(id="gh-howto-12-fr-unpacking", type="howto", lang="fr", cust="GHC-30534",
     intent=dict(kind="howto", article="hc-0114"), tags=[],
     query="Que faire en premier quand le carton de plantes vivaces arrive ?",
     subject="Arrivée de mes vivaces",
     body="""Bonjour,

Mon carton de vivaces doit arriver demain mais je ne pourrai pas les planter avant le week-end. Que dois-je faire en premier en ouvrant le colis ? Faut-il les arroser tout de suite, les mettre au soleil ?

Merci,
Hélène"""),

dict(id="gh-howto-13-timer-batteries", type="howto", lang="en", cust="GHC-30652",
     intent=dict(kind="howto", article="hc-0115"), tags=[],
     query="what batteries does the water timer take, the screen is blinking",
     subject="Timer blinking",
     body="""The screen on the little water timer from the drip kit has started blinking at me. What batteries does it take? There's nothing printed on the back cover that I can read.

Martin"""),

dict(id="gh-howto-14-pallet-deposit", type="howto", lang="en", cust="GHC-30688",
     intent=dict(kind="howto", article="hc-0116"), tags=[],
     query="how do I get the deposit back for the wooden pallet the soil bag came on",
     subject="Pallet",
     body="""There's a wooden pallet sitting at the end of my drive from the bag of soil you delivered. I was charged some kind of deposit for it. How do I get that money back?"""),

dict(id="gh-howto-15-pot-size", type="howto", lang="en", cust="GHC-30667",
     intent=dict(kind="howto", article="hc-0117"), tags=["form:run-on"],
     query="how much bigger should the new pot be when repotting",
     subject="repotting",
     body="""hey so my monstera is in an 8 inch pot and the roots are coming out the bottom, how much bigger should the new pot be? i was going to just put it in a huge one so i dont have to do it again but my coworker said thats bad?"""),

dict(id="gh-howto-16-spade-snapped", type="howto", lang="en", cust="GHC-30503",
     intent=dict(kind="howto", article="hc-0118"), tags=[],
     query="the handle of my old spade snapped while digging, is it covered",
     subject="Snapped spade handle",
     body="""Afternoon. The ash handle on my Hearth Forged border spade snapped clean through while I was digging out the new bed. It was my late father's, bought about three years ago, no idea where the receipt is. Is there anything you can do?

Walter"""),

dict(id="gh-howto-17-egift-expiry", type="howto", lang="en", cust="GHC-30711",
     intent=dict(kind="howto", article="hc-0120"), tags=[],
     query="do e-gift cards run out after a while",
     subject="e-gift card for my grandson",
     body="""Hello, I'd like to send my grandson one of your e-gift cards for his first allotment, but he's terrible at getting round to things. Do they run out after a while?

Imogen"""),

dict(id="gh-howto-18-free-shipping", type="howto", lang="en", cust="GHC-30495",
     intent=dict(kind="howto", article="hc-0121"), tags=["form:mobile"],
     query="how much do i need to spend to not pay for shipping",
     subject="shipping",
     body="""how much do i have to spend to not pay shipping? just pots and stuff no plants"""),

# ---- near misses: a real article comes close but does not answer ----
dict(id="gh-nearmiss-01-transfer-points", type="howto", lang="en", cust="GHC-30785",
     intent=dict(kind="near_miss", near="hc-0106"), tags=["near-miss"],
     subject="Rewards points for my sister",
     body="""Hello,

I've built up a fair few Hearth Rewards points and I'm moving into a flat with no garden. My sister still gardens like mad. Could I give my points to her account?

Peggy"""),

dict(id="gh-nearmiss-02-gift-wrap", type="howto", lang="en", cust="GHC-30695",
     intent=dict(kind="near_miss", near="hc-0109"), tags=["near-miss"],
     subject="Wrapping",
     body="""Hi, do you wrap plants for gifts? Like proper paper and ribbon, not just the brown box? Want to send a bonsai to a friend and I'd like it to look nice when she opens it.

Aisha"""),

dict(id="gh-nearmiss-03-rain-sensor", type="howto", lang="en", cust="GHC-30792",
     intent=dict(kind="near_miss", near="hc-0115"), tags=["near-miss"],
     subject="Hose timer + rain sensor",
     body="""Hi, does your hose-end water timer work with a rain sensor, so it skips watering when it has rained? I don't want to water the beds in a downpour.

Ravi"""),

dict(id="gh-nearmiss-04-snow-load", type="howto", lang="en", cust="GHC-30602",
     intent=dict(kind="near_miss", near="hc-0123"), tags=["near-miss"],
     subject="Greenhouse and snow",
     body="""We get heavy wet snow most winters. What snow load is the Hobby 8x10 greenhouse rated for? I don't want the roof caving in in January."""),

dict(id="gh-nearmiss-05-wheelchair-access", type="howto", lang="en", cust="GHC-30671",
     intent=dict(kind="near_miss", near="hc-0108"), tags=["near-miss", "form:formal"],
     subject="Workshop access",
     body="""Dear Sir or Madam,

My husband uses a wheelchair and would very much like to attend one of your Saturday workshops with me. Is the potting barn accessible, with a level entrance and a suitable lavatory?

Yours sincerely,
Eleanor Whitfield"""),

dict(id="gh-nearmiss-06-organic-soil", type="howto", lang="en", cust="GHC-30633",
     intent=dict(kind="near_miss", near="hc-0116"), tags=["near-miss"],
     subject="bulk soil - organic?",
     body="""Is the soil in your one-yard bulk bags certified organic? I sell veg at the tailgate market and need to be able to say so.

Owen"""),

dict(id="gh-nearmiss-07-choose-box-contents", type="howto", lang="en", cust="GHC-30640",
     intent=dict(kind="near_miss", near="hc-0107"), tags=["near-miss"],
     subject="Potting Bench Box",
     body="""Thinking of signing up for the monthly box. Can I choose which plants I get? I've got cats so I'd want to avoid anything toxic to them.

Grace"""),

dict(id="gh-nearmiss-08-someone-else-collects", type="howto", lang="en", cust="GHC-30621",
     intent=dict(kind="near_miss", near="hc-0125"), tags=["near-miss"],
     subject="Collecting for me",
     body="""Hello, I have ordered for pickup at the nursery but I will be travelling this week. Can my son collect it for me instead? What does he need to bring?

Samira Haddad"""),

dict(id="gh-nearmiss-09-fig-winter-watering", type="howto", lang="en", cust="GHC-30614",
     intent=dict(kind="near_miss", near="hc-0114"), tags=["near-miss", "form:rambling"],
     subject="fiddle leaf fig in winter",
     body="""My fiddle leaf fig has been thriving all summer by the big window (I talk to it, don't judge) but I've read they sulk in winter. How often should I be watering it once the heating goes on?

Nadia"""),

dict(id="gh-nearmiss-10-replacement-cushions", type="howto", lang="en", cust="GHC-30588",
     intent=dict(kind="near_miss", near="hc-0124"), tags=["near-miss"],
     subject="Cushions",
     body="""Do you sell replacement seat cushions for the acacia Adirondack chair? The dog got to ours.

Ben"""),
]
