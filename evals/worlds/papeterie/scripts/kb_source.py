#!/usr/bin/env python3
"""Help-center articles of Papeterie Lumen (written for this world). Writes scripts/kb_source.json."""
import json, os

A = []
def art(id, title, body, tags):
    A.append({"id": id, "title": title, "body": " ".join(body.split()) if "\n\n" not in body else "\n\n".join(" ".join(p.split()) for p in body.strip().split("\n\n")), "tags": tags})

art("HC-101", "Shipping destinations, delivery times and costs", """
Papeterie Lumen ships from our atelier in Lyon, France, to almost every country in the world. Orders placed before 13:00 Lyon time on a business day are packed the same day; orders placed later, or at the weekend, are packed on the next business day. During our January sale and in the three weeks before Christmas, please allow one extra business day for packing.

Delivery times after dispatch: France, 2 to 3 business days with Colissimo. European Union, Switzerland and Norway, 3 to 6 business days with Colissimo International; the parcel is handed to your national postal service for the last leg. United Kingdom, 4 to 7 business days. United States and Canada, 4 to 6 business days with DHL Express. Rest of the world, 6 to 15 business days with Colissimo International or DHL Express, depending on the destination.

Shipping costs are calculated at checkout in US dollars. Shipping is free on orders of $75.00 or more to France and the European Union, and on orders of $150.00 or more to every other destination. Express delivery (1 to 2 business days within Europe, 2 to 3 elsewhere) is offered at checkout for most addresses.

We do not ship to PO boxes in the United States, nor to parcel lockers outside France, because our carriers require a signature for parcels containing pens worth more than $200.00. Ink bottles travel by road and air without restriction: our inks are water-based and are not classed as dangerous goods.
""", ["shipping", "delivery", "delivery times", "shipping costs", "free shipping", "international", "express"])

art("HC-101-FR", "Livraison : destinations, délais et frais de port", """
Papeterie Lumen expédie depuis son atelier de Lyon vers presque tous les pays du monde. Les commandes passées avant 13 h (heure de Lyon) un jour ouvré sont préparées le jour même ; les commandes passées plus tard, ou le week-end, sont préparées le jour ouvré suivant. Pendant les soldes de janvier et les trois semaines qui précèdent Noël, comptez un jour ouvré de plus.

Délais après expédition : France, 2 à 3 jours ouvrés avec Colissimo. Union européenne, Suisse et Norvège, 3 à 6 jours ouvrés avec Colissimo International ; le colis est remis à la poste de votre pays pour la livraison finale. Royaume-Uni, 4 à 7 jours ouvrés. États-Unis et Canada, 4 à 6 jours ouvrés avec DHL Express. Reste du monde, 6 à 15 jours ouvrés avec Colissimo International ou DHL Express selon la destination.

Les frais de port sont calculés au moment du paiement, en dollars américains. La livraison est offerte dès 75,00 $ d'achat vers la France et l'Union européenne, et dès 150,00 $ vers toutes les autres destinations. La livraison express (1 à 2 jours ouvrés en Europe, 2 à 3 ailleurs) est proposée au paiement pour la plupart des adresses.

Nous ne livrons pas les boîtes postales (PO box) aux États-Unis, ni les consignes automatiques hors de France, car nos transporteurs exigent une signature pour les colis contenant des stylos de plus de 200,00 $. Les flacons d'encre voyagent sans restriction par route et par avion : nos encres sont à base d'eau et ne sont pas classées marchandises dangereuses.
""", ["livraison", "expédition", "délais", "frais de port", "livraison offerte", "international", "shipping"])

art("HC-102", "Tracking your parcel", """
As soon as your order leaves the atelier we send a shipping confirmation email with the carrier and the tracking number. You can also find both under Account > Orders: open the order and choose Track parcel. The first scan can take up to 24 hours to appear.

Tracking numbers that start with 6A are Colissimo parcels within France; numbers that start with CP and end in FR are Colissimo International parcels; ten-digit numbers are DHL Express.

International Colissimo parcels are handed over to your national postal service once they reach your country (for example Deutsche Post, Correos, PostNL, Poste Italiane, Royal Mail or Canada Post). From then on, the same tracking number also works on the local postal service's website, which often shows more detail than the French one. It is normal for tracking to show no movement for three to five days while a parcel crosses borders or waits for customs clearance.

If your tracking has not changed for ten business days, look for a delivery notice in your letterbox and ask your neighbours and your building's mail room, then contact us with your order number. Carrier investigations take up to 15 business days.
""", ["tracking", "track parcel", "tracking number", "carrier", "colissimo", "dhl", "where is my parcel"])

art("HC-103", "Customs duties and import taxes", """
Orders to France and to other European Union countries travel without customs formalities, and French VAT is already included in the price you pay.

United Kingdom: for orders up to £135 in value (about $170.00), we collect UK VAT at checkout and nothing more is due on delivery. Above that value, VAT and any duty are collected by the carrier before delivery.

Switzerland, Norway, the United States, Canada, Australia, Japan and all other destinations: import duties, local taxes and the carrier's clearance fee are not included in our prices. They are collected by the carrier, usually by a text message or email with a payment link before delivery, and they are the recipient's responsibility. We cannot estimate them for you; your country's customs website lists the current rates.

We declare the full value of every parcel on the customs form and we cannot mark an order as a gift or declare a lower value. If you refuse a parcel because of import charges, we refund the goods once the parcel is back in Lyon, minus the original shipping cost and the return charges the carrier bills us.
""", ["customs", "duties", "import tax", "VAT", "international", "fees on delivery"])

art("HC-104", "Returns and refunds policy", """
You can ask for a refund on any delivered order within 30 days of the date you placed it. The 30 days are counted from the order date shown in your confirmation email, not from the delivery date: a parcel that took two weeks to arrive leaves you about two weeks to decide.

You can ask for a refund on the whole order or on individual items from it. Orders that have not been delivered yet cannot be refunded; if you no longer want a parcel that is on its way, wait for it to arrive and then ask for a refund, or refuse the delivery. Cancelled orders are refunded automatically and in full, with no action needed from you.

Refunds are made in US dollars to the original payment method. Card refunds usually appear on your statement within 5 to 10 business days after approval; PayPal refunds within 3 business days. If your card is in another currency, your bank converts the refund at its own rate on the day it arrives, so the amount on your statement can differ slightly from what you were charged. We cannot make up exchange-rate differences.

Where part of an order has already been refunded, or an order has been returned to us, our customer care team reviews any further request by hand.

Gift cards and the Cercle d'Encre subscription are covered by their own terms.
""", ["refund", "returns", "refund policy", "30 days", "money back", "policy"])

art("HC-104-FR", "Politique de retours et de remboursements", """
Vous pouvez demander le remboursement de toute commande livrée dans les 30 jours qui suivent la date à laquelle vous l'avez passée. Les 30 jours se comptent à partir de la date de commande indiquée dans votre e-mail de confirmation, et non à partir de la date de livraison : un colis qui a mis deux semaines à arriver vous laisse environ deux semaines pour décider.

Vous pouvez demander le remboursement de toute la commande ou de certains articles seulement. Une commande qui n'a pas encore été livrée ne peut pas être remboursée ; si vous ne voulez plus d'un colis en route, attendez sa livraison puis demandez le remboursement, ou refusez le colis. Les commandes annulées sont remboursées automatiquement et intégralement, sans démarche de votre part.

Les remboursements sont effectués en dollars américains sur le moyen de paiement d'origine. Un remboursement par carte apparaît en général sur votre relevé 5 à 10 jours ouvrés après validation ; par PayPal, sous 3 jours ouvrés. Si votre carte est en euros ou dans une autre devise, votre banque convertit le remboursement à son propre taux le jour où il arrive : le montant peut donc différer légèrement de celui qui vous a été débité. Nous ne pouvons pas compenser les écarts de change.

Lorsqu'une partie de la commande a déjà été remboursée, ou que la commande nous a été retournée, toute nouvelle demande est examinée par notre service client.

Les cartes cadeaux et l'abonnement Cercle d'Encre ont leurs propres conditions.
""", ["remboursement", "retour", "politique de retour", "30 jours", "refund", "policy"])

art("HC-105", "How to send an item back to us", """
To return an item, go to Account > Orders, open the order and choose Return items. Select the items and tell us why; we email you a return authorisation and the atelier's address within one business day. Please do not send parcels to Lyon without the return authorisation number written on the outside: parcels that arrive unannounced can take weeks to match to an order.

Customers in France, the European Union and the United Kingdom receive a prepaid Colissimo return label with the authorisation. From other countries, send the item back with a tracked postal service and keep the receipt: we reimburse return postage of up to $15.00 together with your refund.

Packing pens: empty and flush the pen, let it dry, cap it and wrap it in its original box or in a padded envelope inside a sturdy box. Opened ink bottles do not need to be sent back; keep them or recycle the glass.
""", ["return", "send back", "return label", "return authorisation", "packing"])

art("HC-106", "Cancelling an order", """
You can cancel an order yourself for two hours after placing it, as long as its status is still Processing: go to Account > Orders, open the order and choose Cancel order. The full amount is refunded automatically to your payment method; orders paid with a gift card are refunded to a new gift card.

After two hours, orders enter the packing queue at the atelier and can no longer be cancelled from your account, even if they still show as Processing. In that case, wait for the parcel and ask for a refund within 30 days of the order date, or refuse the parcel when the carrier presents it.
""", ["cancel", "cancel order", "cancellation", "change my mind"])

art("HC-107", "Changing your delivery address", """
While an order is still Processing, you can change its delivery address yourself: go to Account > Orders, open the order and choose Edit delivery address. The change applies at once. If the new address is in another shipping zone, the difference in shipping cost is charged to, or refunded to, your payment method.

Once an order has shipped, we can no longer change the address on our side, but the recipient can often redirect the parcel. Colissimo parcels within France can be redirected on the Colissimo website with the tracking number (a fee may apply). DHL Express parcels can be redirected, held at a DHL service point or delivered on another day through DHL's On Demand Delivery page, using the tracking number.

Your default address for future orders is under Account > Addresses.
""", ["address", "delivery address", "change address", "redirect", "wrong address"])

art("HC-108", "Choosing the right nib size", """
Every Papeterie Lumen fountain pen is offered in several nib widths. If you are not sure, choose Medium: it suits most handwriting at a normal size.

Extra Fine (EF) draws a line of about 0.3 mm, for very small handwriting, notes in book margins and thin paper. Fine (F), about 0.4 mm, is good for daily notes and for agendas with narrow lines. Medium (M), about 0.55 mm, is our most popular width and shows the shading of an ink well. Broad (B), about 0.75 mm, is for signatures and headings and shows off shimmer and sheen; it wants paper of 90 g/m² or more. Stub 1.1 mm is a flat-cut italic nib that gives calligraphic line variation between downstrokes and crossbars.

Our gold nibs (Aurore and Traboule) write about half a size broader than our steel nibs of the same label. Japanese-made pens in general run about a full size finer than European ones, so a Japanese Medium is close to our Fine.

Left-handed writers who push the pen across the line with the hand above it ("overwriters") usually get on best with a Fine or Extra Fine nib and a quick-drying ink; we recommend Bleu de Fourvière, which dries in about eight seconds on Carnet Lumen paper. Underwriters can use any width.

Not happy with the width you chose? See Nib exchanges, repairs and warranty.
""", ["nib", "nib size", "nib width", "extra fine", "fine", "medium", "broad", "stub", "left-handed"])

art("HC-109", "Cleaning and caring for your fountain pen", """
Flush your pen every four to six weeks, and every time you change ink colour. Unscrew the section, rinse the nib and feed under lukewarm running water until it runs clear, then fill and empty the converter or piston with clean water several times. A drop of washing-up liquid in a glass of water helps with dried ink. Never use alcohol, acetone or ammonia-based cleaners, which attack resin and celluloid.

Never use water hotter than 40 °C: celluloid and ebonite can warp and lose their polish.

Pens filled with shimmer inks need flushing every two weeks, because the particles settle in the feed. If a pen has dried out after months in a drawer, soak the nib and section (never the whole pen) in cool water overnight.

Store inked pens nib-up or lying flat, and cap them whenever you are not writing. Before a flight, fill the pen completely or empty it completely: a half-full pen can leak as the cabin pressure drops.
""", ["cleaning", "care", "flush", "maintenance", "fountain pen", "leak"])

art("HC-110", "Cartridges, converters and piston fillers", """
Our Lycée, Aurore and Traboule pens take standard international cartridges, short or long, from any maker that uses the standard international size, and our piston converter (sold separately, $9.80) for bottled ink. Proprietary cartridges, such as Lamy's or Parker's, do not fit.

The Célestine is a piston filler: it is filled straight from the bottle and does not accept cartridges or a converter. To fill it, turn the knob at the end of the barrel anticlockwise all the way, dip the nib into the ink past the breather hole, and turn the knob clockwise slowly. The Célestine holds about 1.4 ml, roughly twice a long cartridge.

To fill a converter: dip the whole nib into the bottle, turn the converter's knob anticlockwise to push out the air, then clockwise to draw the ink up. Wipe the nib and section with a tissue.
""", ["cartridge", "converter", "piston", "filling", "refill", "ink"])

art("HC-111", "Our inks: colours, properties and safety", """
Papeterie Lumen inks are mixed in small batches in Lyon and sold in 50 ml glass bottles (standard inks) and 30 ml bottles (shimmer inks). All are water-based, pH-neutral and safe in every fountain pen, with the exceptions below.

Shimmer inks (Rouge Croix-Rousse and Or de Fourvière) contain fine mica particles. Use them only in pens with a Medium or broader nib, and not in vintage pens or pens with Extra Fine or Fine nibs: the particles can clog narrow feeds. Shake the bottle gently before filling.

Water resistance: Bleu de Fourvière and Sépia Saône are semi-permanent; once dry, the line stays legible after a spill, though some dye washes out. Shimmer inks are not water-resistant. None of our inks is archival or suitable for documents that must be permanent.

Our inks are non-toxic but not food-safe: keep bottles away from small children. Ink on clothing: rinse with cold water as soon as you can, then wash with ordinary detergent; hot water sets the dye. Unopened bottles keep for at least three years away from direct sunlight.
""", ["ink", "shimmer", "water resistant", "stain", "safety", "bottle"])

art("HC-112", "Paper for fountain pens: weights, bleed-through and ghosting", """
Carnet Lumen notebooks use 90 g/m² acid-free paper made in the Vosges, ivory-toned and smooth enough for Extra Fine nibs yet sized to take broad nibs and wet inks without feathering. Dot grid pages have a 5 mm grid and lined pages 7 mm lines. Every notebook has a sewn binding and lies flat when open.

Our papier pelure is a 52 g/m² onion-skin paper for letters and travel journals. It is very light, so writing shows from the other side, but it should not bleed through.

Ghosting, seeing the shadow of the writing on the other side of the page, is normal on every paper under about 100 g/m² and is not a defect. Bleed-through, ink actually reaching the other side, usually comes from a very wet ink, a broad or stub nib on thin paper, or the oil of your hand on the page; rest your hand on a sheet of blotting paper.

Watercolour, markers and brush pens will cockle 90 g/m² paper.
""", ["paper", "notebook", "ghosting", "bleed-through", "feathering", "dot grid", "lined", "gsm"])

art("HC-113", "Gift cards", """
Papeterie Lumen gift cards are digital. Choose an amount from $25.00 to $500.00, write a message, and pick the date on which we email the card to the recipient. A gift card is valid for two years from the date it was bought and can be used over several orders until its balance runs out; check the balance under Account > Gift cards or at checkout.

Gift cards cannot be exchanged for cash and cannot be used to buy other gift cards. If the recipient has lost the email, you can send it again from Account > Gift cards > Resend.
""", ["gift card", "voucher", "gift", "balance", "present"])

art("HC-114", "Deleting your account and your personal data", """
You can delete your Papeterie Lumen account at any time: go to Account > Privacy and choose Delete my account. We send a confirmation link; once you confirm, the account is closed and your personal data is erased within 14 days. Deleting the account also cancels any Cercle d'Encre subscription and forfeits any unused gift card balance.

French accounting law requires us to keep invoices for ten years; they are kept in a restricted archive and are no longer linked to any login.

To download a copy of your data first, choose Account > Privacy > Export my data; we email you a file within 48 hours. You do not need to delete your account to stop our newsletters: use the unsubscribe link at the bottom of any newsletter.
""", ["account", "delete account", "privacy", "GDPR", "personal data", "close account"])

art("HC-115", "Payment methods", """
We accept Visa, Mastercard, American Express, PayPal, Apple Pay and Google Pay. Every order is charged in US dollars; if your card is in another currency, your bank converts the amount and may add a foreign transaction fee. Your card is charged when you place the order, not when it ships.

Card details are handled by our payment provider and are never stored by Papeterie Lumen. We do not accept bank transfers, cheques or cash on delivery.
""", ["payment", "pay", "card", "paypal", "currency", "checkout"])

art("HC-116", "Invoices and VAT", """
A VAT invoice is attached as a PDF to your shipping confirmation email, and you can download it at any time under Account > Orders > Download invoice.

To have a company name and VAT number on the invoice, enter them in the Company field at checkout. Invoices cannot be reissued in another name once an order has shipped.

For orders delivered in the European Union the invoice shows French VAT at 20%. Business customers elsewhere in the European Union who enter a valid VAT number at checkout are invoiced without VAT (reverse charge).
""", ["invoice", "VAT", "receipt", "company", "business"])

art("HC-117", "Engraving your pen", """
Aurore and Traboule pens can be engraved on the barrel with up to 20 characters, in a serif or a script typeface. Engraving costs $12.00 and adds three business days before dispatch.

Choose Add engraving on the product page before you add the pen to your basket; engraving cannot be added to an order that has already been placed. Check the preview carefully: we engrave exactly what you type, including capital letters and accents.
""", ["engraving", "personalisation", "monogram", "name on pen"])

art("HC-118", "Damaged, leaking or missing items", """
If something arrives broken, leaking or missing, write to us within 7 days of delivery with your order number and photos of the item, the inside of the parcel and the outer box. Please keep the packaging until the case is closed, as the carrier may ask to inspect it.

We replace broken ink bottles and damaged notebooks at no cost, or refund them if the item is out of stock; other items stained by leaking ink are covered too.

If an item seems to be missing, check the packing slip first: large orders are sometimes sent in two parcels, and the slip lists what follows separately.
""", ["damaged", "broken", "leaking", "missing item", "arrived broken"])

art("HC-119", "Nib exchanges, repairs and warranty", """
Every Papeterie Lumen pen has a two-year warranty against manufacturing defects, counted from delivery. It covers cracked barrels, faulty pistons and nibs that were misaligned from the start. It does not cover drops, bent nibs, or damage from hot water or solvents.

Nib exchange: within 60 days of delivery you can swap the nib of a new Papeterie Lumen pen for another width once, free of charge. Go to Account > Orders, open the order and choose Request nib exchange; we email you a prepaid label, and the pen comes back with its new nib about ten business days after it reaches us.

Scratchy or dry nib? Before sending the pen back, flush it (see Cleaning and caring for your fountain pen) and try another ink: most dry nibs write again after a flush. Outside the warranty, our nib smith in Lyon can tune the nib of a Papeterie Lumen pen for $25.00 plus shipping.
""", ["nib exchange", "warranty", "repair", "scratchy nib", "nib smith", "defect"])

art("HC-120", "Wholesale and stockists", """
Shops, stationers and museum shops can stock Papeterie Lumen. Apply through the Wholesale form at the bottom of our website with your company details and your VAT or tax number; we reply within five business days. The first wholesale order has a minimum of $600.00, later orders $300.00. We do not sell wholesale to marketplaces or online-only resellers.

A list of the shops that stock us in Europe, North America and Japan is on the Stockists page.
""", ["wholesale", "stockist", "retailer", "shop", "bulk", "B2B"])

art("HC-121", "Cercle d'Encre: the ink-of-the-month club", """
Cercle d'Encre members receive a new 30 ml ink created for the month, with two swatch cards, around the 5th of each month. Membership costs $19.00 a month, shipping included.

You can skip a month, or pause the subscription for up to three months, under Account > Subscriptions; changes made before the 25th apply to the next box. To end the membership, choose Cancel subscription on the same page; boxes already paid for are still sent.

Past months' inks are never sold again.
""", ["subscription", "ink club", "Cercle d'Encre", "monthly", "skip", "pause"])

art("HC-122", "Visiting our atelier in Lyon and click & collect", """
Our atelier-boutique is at 14 montée de la Grande-Côte, 69001 Lyon, on the slopes of the Croix-Rousse. It is open Tuesday to Saturday from 10:00 to 19:00, and closed on Sundays, Mondays and French public holidays. You can try every pen at the testing bar with our house inks.

Click & collect is free: choose Collect at the atelier at checkout and wait for the email saying your order is ready, usually within one business day. Bring the email and an ID. Orders are kept for 14 days, after which they are cancelled and refunded.

The atelier is on a steep, stepped street. The nearest metro station is Croix-Paquet (line C), and there is no parking nearby.
""", ["atelier", "shop", "Lyon", "opening hours", "click and collect", "pickup", "visit"])

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "kb_source.json"), "w", encoding="utf-8") as f:
        json.dump(A, f, ensure_ascii=False, indent=2)
    print(len(A), "articles")
