"""Order-status tickets. Placeholders {{kind:ID[:fmt]}} are filled from the world by generate.py."""

SHOP_FROM = "Greenhouse & Hearth <orders@greenhouse-hearth.example>"

CASES = [
dict(id="gh-status-01-dashed-id", type="status", lang="en", cust="GHC-30417",
     intent=dict(kind="status", order="402117835"), tags=["id:dashes", "form:plain", "carrier:fedex"],
     subject="hydrangea order??",
     body="""Hi there,

I ordered the Endless Summer hydrangea and two packs of lavender last week (order 402-117-835) and the site just says shipped. It's supposed to go in the bed by the mailbox before our HOA walk-through on the 25th. Can you tell me where it actually is and when it'll get here?

Thanks,
Marisol"""),

dict(id="gh-status-02-id-in-subject-gmail", type="status", lang="en", cust="GHC-30452",
     intent=dict(kind="status", order="588301476"), tags=["id:subject-only", "form:gmail-html", "carrier:usps"],
     subject="Order 588 301 476 - where are my bulbs",
     body="""<div dir="ltr">Hello! I&#39;m hoping to get the tulips and the alliums in the ground this weekend while the soil&#39;s still warm. Could you let me know where the parcel is? The confirmation said it had shipped but I haven&#39;t seen anything move since.<div><br></div><div>Many thanks,</div><div>Dana</div></div>"""),

dict(id="gh-status-03-quoted-delivery-email", type="status", lang="en", cust="GHC-30466",
     intent=dict(kind="status", order="690245117"), tags=["id:quoted-shop-email", "form:reply-quote", "delivered"],
     subject="Re: Your Greenhouse & Hearth order has been delivered",
     body="""This says it was delivered but there is nothing on my porch or at the side door, and my neighbours haven't got it either. Can you check where the driver actually left it and when?

Priya

On {{ddate:690245117:%a, %b %-d, %Y at %-I:%M %p}}, Greenhouse & Hearth <orders@greenhouse-hearth.example> wrote:
> Good news, Priya!
>
> Your order {{sp:690245117}} was delivered today by {{carrier:690245117}}.
> Tracking number: {{track:690245117}}
>
> Unpack your plants the day they arrive: see our guide to unpacking live plants.
>
> Greenhouse & Hearth | 1180 Riverbend Road | Asheville, NC"""),

dict(id="gh-status-04-outlook-hash-preorder", type="status", lang="en", cust="GHC-30481",
     intent=dict(kind="status", order="503880214"), tags=["id:hash-nbsp", "form:outlook-html", "processing"],
     subject="Status of order #503 880 214",
     body="""<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word"><head><meta http-equiv=Content-Type content="text/html; charset=us-ascii"><meta name=Generator content="Microsoft Word 15 (filtered medium)"><style><!--
p.MsoNormal, li.MsoNormal, div.MsoNormal {margin:0in;font-size:11.0pt;font-family:"Calibri",sans-serif;}
span.EmailStyle17 {mso-style-type:personal-compose;}
--></style></head><body lang=EN-US link="#0563C1" vlink="#954F72"><div class=WordSection1><p class=MsoNormal>Good afternoon,<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p><p class=MsoNormal>I placed order #503&nbsp;880&nbsp;214 on {{odate:503880214:%B %-d}} for daffodils and seed garlic. It is now almost two weeks and I have had no shipping notice. We are in zone 6b and I would like to plan a planting day with my grandchildren &#8211; could you tell me where things stand?<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p><p class=MsoNormal>Regards,<o:p></o:p></p><p class=MsoNormal>Gordon Feld<o:p></o:p></p></div></body></html>"""),

dict(id="gh-status-05-mobile-oneliner", type="status", lang="en", cust="GHC-30495",
     intent=dict(kind="status", order="611204938"), tags=["id:bare", "form:mobile", "carrier:usps"],
     subject="order",
     body="""where is 611204938 its been a week lol i need those gloves

Sent from my iPhone"""),

dict(id="gh-status-06-rambling-freight", type="status", lang="en", cust="GHC-30503",
     intent=dict(kind="status", order="712039455"), tags=["id:order-no", "form:rambling", "carrier:freight"],
     subject="Greenhouse kit - any idea when?",
     body="""Good morning. Bit of background first: we lost the old glass lean-to in the ice storm back in February and I've spent most of the summer levelling a base for the new one, pressure-treated timber on concrete piers, which my wife says is overkill for an 8x10 but I've seen what the wind does up here on the ridge. The tomatoes have been living in the garage under shop lights since June and they are not happy about it, and the peppers even less so.

Anyway. The Hobby 8x10 kit, order no. 712 039 455, shows as shipped but I haven't had the phone call from the freight people you mentioned at checkout. Where is it and roughly when will it turn up? I'd like the frame up before the first frost, which around here can be early October.

Walter Brandt
Banner Elk, NC"""),

dict(id="gh-status-07-disclaimer-order-field", type="status", lang="en", cust="GHC-30519", order_field="826440193",
     intent=dict(kind="status", order="826440193"),
     tags=["id:ticket-field", "form:signature-disclaimer", "legal-words-not-threat", "delivered"],
     subject="Plant delivery for our Weaverville office",
     body="""Hello,

Could you confirm whether the peace lilies and succulents for our front desk were delivered, and when? Our receptionist was out last week and nobody remembers taking in a box. The order number should be attached to this ticket.

Kind regards,

Corinne Abara
Practice Manager | Ashgrove Dental Group
22 Merrimon Avenue, Suite 4 | Weaverville, NC 28787
T: 828-555-0143 | F: 828-555-0144

CONFIDENTIALITY NOTICE: This e-mail message, including any attachments, is for the sole use of the intended recipient(s) and may contain confidential and privileged information protected by law, including protected health information under HIPAA. Any unauthorized review, use, disclosure or distribution is prohibited. If you are not the intended recipient, please contact the sender by reply e-mail and destroy all copies of the original message. Ashgrove Dental Group accepts no liability for any damage caused by any virus transmitted by this email."""),

dict(id="gh-status-08-law-office-ferns", type="status", lang="en", cust="GHC-30527",
     intent=dict(kind="status", order="318604772"), tags=["id:dashes", "legal-words-not-threat", "form:signature-disclaimer"],
     subject="Ferns for the lobby - Order #: 318-604-772",
     body="""Hi,

We're a small law firm on Patton Ave and our lobby has looked very bare since the renovation. One of the partners ordered six Boston ferns from you on Saturday and they've apparently shipped. We have a client reception Thursday evening, so could you let me know where they are and whether they'll be here by then?

Thank you,
Patrick Oyelaran
Office Manager
Whitmore & Oyelaran LLP, Attorneys at Law
55 Patton Avenue, Asheville, NC 28801

This message may contain information that is attorney-client privileged or attorney work product. If you received it in error, please notify the sender and delete it."""),

dict(id="gh-status-09-fr-commande", type="status", lang="fr", cust="GHC-30534",
     intent=dict(kind="status", order="427905316"), tags=["id:commande-no", "form:apple-mail"],
     subject="Suivi de ma commande",
     body="""Bonjour,

J'ai passé la commande n° 427 905 316 (une orchidée et un bonsaï, c'est un cadeau pour l'anniversaire de ma sœur). Le site indique qu'elle est expédiée mais je n'ai pas reçu de numéro de suivi, ou alors il est parti dans mes spams. Pourriez-vous me dire où en est le colis et quand il devrait arriver ?

Merci d'avance,
Hélène Marchand

Envoyé de mon iPad"""),

dict(id="gh-status-10-fr-quoted-confirmation", type="status", lang="fr", cust="GHC-30548",
     intent=dict(kind="status", order="455902671"), tags=["id:quoted-shop-email", "form:reply-quote", "processing"],
     subject="Re: Thank you for your order",
     body="""Bonjour,

Toujours pas de nouvelles de la table et des chaises en teck. Est-ce que la commande est partie ? Nous recevons du monde le 25 et j'aimerais tout installer sur la terrasse avant.

Cordialement,
Julien Aubert

Le {{odate:455902671:%d/%m/%Y à %H:%M}}, Greenhouse & Hearth <orders@greenhouse-hearth.example> a écrit :
> Thank you for your order, Julien!
>
> Order {{sp:455902671}}
> 1 x Teak Bistro Set (table + 2 chairs)    $649.00
> Delivery: R+L Carriers freight, curbside
>
> We'll email you again when your order ships."""),

dict(id="gh-status-11-sv-ordernr", type="status", lang="sv", cust="GHC-30556",
     intent=dict(kind="status", order="509377120"), tags=["id:dashes", "form:plain"],
     subject="Var är mitt paket?",
     body="""Hej!

Jag beställde rosmarin, lavendel och två terrakottakrukor förra veckan, ordernr 509-377-120. Det står att paketet har skickats men jag har inte fått något spårningsnummer. Kan ni kolla var det är och när det kommer fram? Jag vill gärna plantera innan det blir kallt.

Tack på förhand
Tobias Lindqvist"""),

dict(id="gh-status-12-bestellnummer", type="status", lang="en", cust="GHC-30561",
     intent=dict(kind="status", order="455118203"), tags=["id:bestellnummer", "form:plain", "delivered"],
     subject="Delivery question / Bestellnummer 455118203",
     body="""Hello,

sorry for my English. I receive a notice that my tools (spade, pruner, the kneeler) are delivered, but I was at work and I don't find the package. In Germany the driver leaves a card when he gives it to a neighbour, here I find nothing. Can you please tell me when it was delivered and with which carrier? My Bestellnummer is 455118203.

Thank you very much and best regards
Anke Vogel"""),

dict(id="gh-status-13-cancelled-lemon", type="status", lang="en", cust="GHC-30579",
     intent=dict(kind="status", order="230771964"), tags=["id:hash", "cancelled"],
     subject="Lemon tree never came",
     body="""Hi, I ordered a Meyer lemon tree about two weeks ago, order #230771964, and I still haven't gotten a shipping email. My daughter keeps asking if her tree is coming yet, she already picked out a spot by the kitchen window. What's going on with it?

Rosa"""),

dict(id="gh-status-14-cancelled-chairs-gmail", type="status", lang="en", cust="GHC-30588",
     intent=dict(kind="status", order="231094580"), tags=["id:spaces", "form:gmail-html", "cancelled"],
     subject="Adirondack chairs",
     body="""<div dir="ltr"><div>Hiya,</div><div><br></div><div>Just wondering what&#39;s happening with my two Adirondack chairs, order 231 094 580? Haven&#39;t heard a peep since I placed it.</div><div><br></div><div>Cheers,</div><div>Ben</div><div><br></div>-- <br><div dir="ltr" class="gmail_signature" data-smartmail="gmail_signature">Ben Ashworth<br>Hendersonville, NC</div></div>"""),

dict(id="gh-status-15-returned-dots", type="status", lang="en", cust="GHC-30593",
     intent=dict(kind="status", order="244610387"), tags=["id:dots", "returned"],
     subject="did my return arrive?",
     body="""Hello - I sent back the indigo planter and the terracotta pot from order 244.610.387 (the glaze was crazed all over). Just want to know if you've received them and it's all sorted. Thanks, Lydia Park"""),

dict(id="gh-status-16-unknown-id", type="status", lang="en", cust="GHC-30602",
     intent=dict(kind="status", order="777000318"), tags=["id:dashes", "unknown-order"],
     subject="Order 777-000-318 not arrived",
     body="""I placed an order for bark mulch and some seed packets, number 777-000-318, and it has not arrived. Please advise on the status.

Frank Mbeki"""),

dict(id="gh-status-17-mothers-order", type="status", lang="en", cust="GHC-30614",
     intent=dict(kind="status", order="741553208"), tags=["id:spaces", "another-customers-order"],
     subject="Checking on my mom's order",
     body="""Hi! My mom (Samira) ordered a gift hamper and an orchid for my birthday - I'm not supposed to know, ha - but she asked me to check on it because she's not great with email. The number she gave me is 741 553 208. Is it on its way? My birthday is Saturday.

Thanks so much,
Nadia"""),

dict(id="gh-status-18-no-id", type="status", lang="en", cust="GHC-30633",
     intent=dict(kind="missing"), tags=["no-id"],
     subject="where's my compost",
     body="""Ordered compost and a couple bags of bark last Tuesday on my phone, got the confirmation, then nothing. Can someone tell me if it's even left the warehouse? Need to mulch before the leaves come down.

- Owen"""),

dict(id="gh-status-19-partial-id", type="status", lang="en", cust="GHC-30640",
     intent=dict(kind="missing"), tags=["partial-id"],
     subject="Seeds + worm castings",
     body="""Hey, quick one - my order ending in 072 (tomato seeds, wildflower seed, worm castings) still hasn't shown up and I can't find the confirmation email anywhere, I think I deleted it. Can you tell me where it is?

Grace"""),

dict(id="gh-status-20-original-message", type="status", lang="en", cust="GHC-30652",
     intent=dict(kind="status", order="903118562"), tags=["id:quoted-shop-email", "form:outlook-original-message"],
     subject="RE: Your order has shipped",
     body="""Hi,

Tracking on this hasn't moved since it left you. I need the drip kit set up before we go away on the 20th, otherwise the raised beds won't get watered for two weeks. When will it arrive?

Martin Kowalczyk

-----Original Message-----
From: Greenhouse & Hearth <orders@greenhouse-hearth.example>
Sent: {{sdate:903118562:%A, %B %-d, %Y %-I:%M %p}}
To: m.kowalczyk@example.com
Subject: Your order has shipped

Your order #903118562 is on its way!

Carrier: {{carrier:903118562}}
Tracking number: {{track:903118562}}

1 x Drip Irrigation Starter Kit (50 plants)
2 x Soaker Hose, 50 ft
1 x Hose-End Water Timer"""),

dict(id="gh-status-21-runon-processing", type="status", lang="en", cust="GHC-30667",
     intent=dict(kind="status", order="377905214"), tags=["id:bare", "form:run-on", "processing"],
     subject="my order hasnt shipped??",
     body="""hi so i ordered a bunch of stuff yesterday morning the lavender and rosemary and 3 terracotta pots and potting mix and worm castings, its for my balcony herb garden which i finaly got permission from my landlord for, and its still saying processing is that normal or is somthing wrong with it because i paid already and the money left my account. order is 377905214 thx"""),

dict(id="gh-status-22-formal-letter", type="status", lang="en", cust="GHC-30671",
     intent=dict(kind="status", order="633918240"), tags=["id:dots", "form:formal"],
     subject="Enquiry regarding my recent order",
     body="""Dear Sir or Madam,

I write to enquire about my order of a hosta collection and four bags of bark mulch, reference 633.918.240, placed on {{odate:633918240:%-d %B}}. I understand from your email that it was sent by post, but it has not yet arrived, and I am not able to use the computer tracking myself. I should be most grateful if you would tell me where the parcel is and when I might expect it.

Yours faithfully,

Eleanor Whitfield (Mrs)"""),

dict(id="gh-status-23-subject-and-field-spaced", type="status", lang="en", cust="GHC-30688", order_field="781 220 096",
     intent=dict(kind="status", order="781220096"), tags=["id:ticket-field-spaced", "id:subject-only", "delivered"],
     subject="Re: Your Greenhouse & Hearth order 781 220 096 has been delivered",
     body="""It says delivered. Delivered where? I've been home all day both days. A cold frame is not a small box, I think I'd notice."""),

dict(id="gh-status-24-gift-order-field", type="status", lang="en", cust="GHC-30695", order_field="345672819",
     intent=dict(kind="status", order="345672819"), tags=["id:ticket-field"],
     subject="Gift order - will it arrive by Friday?",
     body="""Hello, I sent the bonsai and the succulent trio as a gift to my sister in Savannah and the order is showing as shipped. Can you give me the tracking and tell me whether it's likely to get there by Friday? It's for her new apartment.

Thank you!
Aisha"""),

dict(id="gh-status-25-lowercase-seeds", type="status", lang="en", cust="GHC-30703",
     intent=dict(kind="status", order="562004318"), tags=["id:spaces", "form:mobile", "delivered"],
     subject="seeds",
     body="""hey did my seed order go out? 562 004 318. havent seen anything in the mailbox

Sent from my iPhone"""),
]
