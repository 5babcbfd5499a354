"""The Bindery's help center, hand-written. Article ids are `leaf-<topic>`."""

KB = [
    {
        "id": "leaf-returns-refunds",
        "title": "Returns and refunds",
        "tags": ["returns", "refund", "money back", "30 days"],
        "body": (
            "You can ask for a refund on any order within 30 days of the date you placed it. The 30 days "
            "are counted from the order date shown on your confirmation email, not from the day the parcel "
            "arrived, and the order must have been delivered first: we cannot refund an order that is still "
            "being prepared or is on its way to you.\n\n"
            "To ask for a refund, reply to any email about the order or write to us with your order number "
            "and tell us what is wrong. You can ask for the whole order, for one or more items, for some of "
            "the copies of an item you bought several of, or for a sum you think is fair (for example when "
            "you would rather keep a book with a scuffed jacket). A member of our team reviews every refund "
            "before it is paid; once approved it goes back to the card or account you paid with, and banks "
            "usually show it within 5 to 10 working days.\n\n"
            "If an item arrived faulty or damaged we email you a prepaid Royal Mail returns label; we may "
            "ask for photos first and sometimes tell you to keep the item. If you simply changed your mind, "
            "please send the item back at your own cost, well packed, to The Bindery, 27 Thistle Wynd, "
            "Edinburgh EH1 2QX.\n\n"
            "Some orders are handled differently. Cancelled orders are refunded automatically to the "
            "original payment method, so there is nothing to ask for. Parcels that came back to us as a "
            "return are settled by our returns team, who contact you themselves. If part of an order has "
            "already been refunded, any further refund on that order is looked at by a member of the team."
        ),
    },
    {
        "id": "leaf-cancel-order",
        "title": "Cancelling an order or a pre-order",
        "tags": ["cancel", "cancellation", "pre-order", "change of mind"],
        "body": (
            "You can cancel an order yourself for as long as it has not left our packing room. Sign in, go "
            "to My Account > Orders, open the order and choose \"Cancel order\". The button is there while "
            "the order's status is \"processing\". The whole payment is refunded automatically to the "
            "original payment method within 3 to 5 working days; you do not need to contact us.\n\n"
            "Pre-orders can be cancelled at any time before the publication date: go to My Account > "
            "Pre-orders and choose \"Cancel pre-order\" next to the title. A pre-order is only charged when "
            "it is dispatched, so cancelling one never leaves anything to refund.\n\n"
            "Once an order has been dispatched the cancel button disappears and we can no longer stop the "
            "parcel. Wait for it to arrive and ask for a refund under our returns policy instead.\n\n"
            "Ebooks, audiobooks and e-gift cards cannot be cancelled once the download link or the card has "
            "been sent. To stop a Reading Box subscription, see \"Skipping, pausing or cancelling your "
            "Reading Box\"."
        ),
    },
    {
        "id": "leaf-change-address",
        "title": "Changing the delivery address on an order",
        "tags": ["address", "delivery address", "edit order", "moved house"],
        "body": (
            "You can change the delivery address yourself while an order is still processing. Sign in, go to "
            "My Account > Orders, open the order and choose \"Edit delivery address\". Most orders leave us "
            "the day after they are placed, so please change the address as early as you can.\n\n"
            "For pre-orders the address can be edited in the same place until the week of publication, when "
            "the order moves to our packing room.\n\n"
            "Once a parcel has been handed to Royal Mail, DHL or UPS we cannot change its address or call it "
            "back.\n\n"
            "Please note that DHL and UPS do not deliver to PO boxes or BFPO addresses; orders to those "
            "addresses go with Royal Mail. To change the address your Reading Box goes to, use My Account > "
            "Subscription > Delivery address."
        ),
    },
    {
        "id": "leaf-preorders",
        "title": "How pre-orders work",
        "tags": ["pre-order", "preorder", "publication date", "release date", "new releases"],
        "body": (
            "You can pre-order a book before it is published. The publication date is shown on the book's "
            "page, in the item name on your order and on your confirmation email. Until we dispatch it, a "
            "pre-order shows the status \"processing\" in your account.\n\n"
            "When are you charged? We check your card when you place the pre-order, but we take the payment "
            "only on the day we dispatch the book. If you pay with a gift card, the amount is held on the "
            "card until then.\n\n"
            "When does it arrive? For UK addresses we dispatch two working days before publication so that "
            "the book arrives on or near publication day. Orders to other countries are dispatched on "
            "publication day. Signed pre-orders are signed at the author's launch event and dispatched "
            "within 10 days after publication.\n\n"
            "Publishers sometimes move a publication date. If that happens we email you the new date and "
            "keep your pre-order unless you cancel it. If your order mixes pre-orders with books already in "
            "stock, we send the books in stock straight away and the pre-order separately, at no extra "
            "delivery cost."
        ),
    },
    {
        "id": "leaf-ebooks",
        "title": "Ebooks: downloading your files and download limits",
        "tags": ["ebook", "epub", "download", "kindle", "download limit"],
        "body": (
            "Our ebooks are EPUB files without DRM. As soon as your payment goes through we email you a "
            "download link, and the title also appears in My Account > Library. In your order the ebook "
            "shows as delivered by Bindery Digital, with a reference beginning DL- instead of a tracking "
            "number; no parcel is sent.\n\n"
            "Each ebook can be downloaded five times, on any devices you like, within 12 months of purchase. "
            "Each click on the download button counts as one download, so save the file once and copy it to "
            "your other devices. If you have used all five, write to us and we can reset the counter once.\n\n"
            "Reading on a Kindle: use Amazon's Send to Kindle service (by email or the app) with the EPUB "
            "file; it converts the book for your Kindle. On Kobo, Pocketbook and most other e-readers you can "
            "copy the EPUB across with a USB cable. On phones and tablets, open the file with Apple Books, "
            "Google Play Books or any EPUB reader.\n\n"
            "If a file will not open or looks broken, tell us the title and we will send you a fresh file "
            "from the publisher."
        ),
    },
    {
        "id": "leaf-audiobooks",
        "title": "Audiobook downloads",
        "tags": ["audiobook", "mp3", "m4b", "listening", "download"],
        "body": (
            "Every audiobook comes in two formats, and you can download both: a ZIP of MP3 files, one file "
            "per chapter, which plays on almost anything, and a single M4B file with chapter markers, which "
            "remembers your place in Apple Books and most audiobook apps.\n\n"
            "The download link arrives by email a few minutes after you pay and stays in My Account > "
            "Library. As with ebooks, each audiobook can be downloaded five times within 12 months of "
            "purchase. Audiobooks are large (usually 300 MB to 1.2 GB), so download them over Wi-Fi.\n\n"
            "On an iPhone or iPad: tap the M4B link, choose Download, then open the file from the Files app "
            "and share it to Books. On Android: download the MP3 ZIP, unzip it with the Files app and open "
            "the folder in any music or audiobook player. On a computer, both formats play in Apple Music, "
            "VLC or Windows Media Player, and you can copy them to an MP3 player.\n\n"
            "There is no Bindery app: the files are yours to keep and play wherever you like."
        ),
    },
    {
        "id": "leaf-signed-editions",
        "title": "Signed copies and how we guarantee them",
        "tags": ["signed", "signature", "authenticity", "certificate", "limited edition"],
        "body": (
            "Every signed book we sell was signed in front of a member of our staff: at an event in the "
            "shop, at a launch we attend, or during a signing session at the publisher. We do not buy signed "
            "copies from third parties.\n\n"
            "Each signed copy comes with a Bindery authenticity card. The card carries a holographic seal "
            "and a serial number, and the same serial number is written in pencil on the back endpaper of "
            "the book. Our signing register records the serial number, the title, the date and place of the "
            "signing and the staff member who witnessed it. To check a copy, email us the serial number and "
            "we will confirm the register entry.\n\n"
            "A \"signed bookplate edition\" is different: the author signed a bookplate, which we stick "
            "inside the front cover. The listing and the item name always say so.\n\n"
            "Signed and numbered limited editions carry their number on the limitation page (for example "
            "\"114 of 250\"), and the number on your authenticity card matches it."
        ),
    },
    {
        "id": "leaf-condition-grades",
        "title": "Second-hand and first editions: what our condition grades mean",
        "tags": ["second-hand", "used", "condition", "first edition", "dust jacket", "grading"],
        "body": (
            "Every second-hand and rare book is graded by one of our booksellers using the usual book-trade "
            "grades: As New (as published, no defects); Fine (close to new, may show the faintest handling); "
            "Very Good (a used book with small signs of wear, described in the listing); Good (an average "
            "used copy with all its pages; wear, fading or an inscription will be described); Fair (a worn "
            "but complete copy, suitable as a reading copy).\n\n"
            "The dust jacket is graded separately. \"Very Good in Good dust jacket\" means the book itself is "
            "Very Good and its jacket only Good. We always say when a jacket is price-clipped (the price "
            "corner cut off), chipped, torn or protected by a later cover.\n\n"
            "First editions: we state the printing as well as the edition. \"First edition, first printing\" "
            "means the very first print run; later printings of a first edition are named as such. For "
            "books printed with a number line we go by the lowest number shown.\n\n"
            "Each listing of a rare book has at least four photographs, including the copyright page and "
            "any faults we mention."
        ),
    },
    {
        "id": "leaf-damaged-items",
        "title": "If something arrives damaged, including torn dust jackets",
        "tags": ["damaged", "dust jacket", "torn", "dented", "broken", "transit"],
        "body": (
            "We pack every book in a fitted cardboard wrap, but parcels are sometimes dropped on the way. If "
            "something arrives damaged, please tell us within 14 days of delivery and send photographs of the "
            "damage, of the outer box and of the label. Keep the packaging until we have replied, as the "
            "carrier may ask for it.\n\n"
            "For new books we can usually send a replacement copy. If only the dust jacket is torn or creased, "
            "we can often post you a fresh jacket, because we keep spare jackets for most recent hardbacks. "
            "Or, if you prefer, you can ask for a refund within our returns policy (30 days from the order "
            "date).\n\n"
            "Second-hand and rare books cannot be replaced like for like. For those we offer either a full "
            "refund on return of the book or a partial refund if you would like to keep it.\n\n"
            "You do not need to contact Royal Mail, DHL or UPS yourself: we open the claim with the carrier."
        ),
    },
    {
        "id": "leaf-delivery-options",
        "title": "Delivery options, carriers and delivery times",
        "tags": ["delivery", "shipping", "carrier", "royal mail", "dhl", "ups", "delivery time"],
        "body": (
            "We pack orders seven days a week, and most orders leave us the day after you place them. "
            "Pre-orders are dispatched as described in \"How pre-orders work\".\n\n"
            "Within the UK we send books with Royal Mail Tracked 48, which takes 2 to 3 working days, or "
            "Tracked 24 (1 to 2 working days) if you choose it at checkout. Heavy items such as cast-iron "
            "bookends, and orders over 5 kg, go with UPS Standard (1 to 3 working days).\n\n"
            "To Europe, including Norway and Switzerland, we use DHL Express: 2 to 4 working days. To the "
            "USA, Canada, Australia and elsewhere we use UPS Worldwide Saver or DHL Express, usually 3 to 6 "
            "working days.\n\n"
            "UK delivery is free on orders over $45; otherwise it costs $4.50. International prices are shown "
            "at checkout before you pay. Ebooks, audiobooks and e-gift cards are not shipped: they are "
            "delivered by a link in an email."
        ),
    },
    {
        "id": "leaf-tracking",
        "title": "Tracking your parcel",
        "tags": ["tracking", "tracking number", "where is my order", "parcel", "delivered"],
        "body": (
            "When your order leaves us you get a dispatch email with the carrier's name and the tracking "
            "number. You can also see both under My Account > Orders.\n\n"
            "What the numbers look like: Royal Mail tracking numbers have two letters, nine digits and GB "
            "(e.g. QF123456789GB); DHL numbers are 10 digits; UPS numbers start with 1Z and are 18 "
            "characters long. Enter the number on the carrier's website. A new number can take up to 24 "
            "hours to show its first scan.\n\n"
            "If the tracking has not moved for 5 working days (UK) or 10 working days (international), let "
            "us know and we will chase the carrier.\n\n"
            "If the tracking says delivered but you cannot find the parcel, check with neighbours and any "
            "safe place you use, and look for a card through the door. Parcels marked delivered sometimes "
            "turn up the next day. If it has not appeared after 48 hours, write to us with your order number."
        ),
    },
    {
        "id": "leaf-reading-box",
        "title": "The Bindery Reading Box: how the subscription works",
        "tags": ["subscription", "reading box", "monthly box", "gift subscription"],
        "body": (
            "The Reading Box is our monthly book subscription. Each box holds one new book chosen by our "
            "booksellers, hardback or paperback, together with a small treat such as loose-leaf tea, a "
            "bookmark or a print, and a letter about why we chose the book.\n\n"
            "Subscriptions are billed on the 1st of each month and the box is dispatched by the 10th: with "
            "Royal Mail in the UK and DHL Express abroad. Each month's box is a separate order in your "
            "account, with SB in its order number, and you get a dispatch email with its tracking number.\n\n"
            "Gift subscriptions of 3, 6 or 12 months are paid up front and do not renew. The recipient gets "
            "a welcome email from us on the start date you choose, and the first box goes out in that "
            "month's dispatch.\n\n"
            "Because we order the books for every subscriber at once, a box that has been dispatched cannot "
            "be swapped for a different month's book."
        ),
    },
    {
        "id": "leaf-reading-box-manage",
        "title": "Skipping, pausing or cancelling your Reading Box",
        "tags": ["subscription", "skip", "pause", "cancel subscription", "payment card", "reading box"],
        "body": (
            "Everything about your subscription can be changed in My Account > Subscription.\n\n"
            "Skip a month: choose \"Skip next box\" before the 25th of the month before. You will not be "
            "billed on the 1st and no box is sent; the subscription carries on the month after. You can also "
            "pause for up to three months in a row with \"Pause\".\n\n"
            "Change the card you pay with: choose \"Payment details\" and then \"Update card\". The new card "
            "is used from the next billing date on the 1st. If a payment fails we try again after three "
            "days and email you.\n\n"
            "Cancel: choose \"Cancel subscription\" at any time. If you cancel before the 25th, you will not "
            "be billed again; if you cancel later, that month's box is still sent and billed.\n\n"
            "The delivery address for future boxes is under \"Delivery address\" on the same page."
        ),
    },
    {
        "id": "leaf-gift-cards",
        "title": "Gift cards",
        "tags": ["gift card", "gift voucher", "e-card", "balance", "present"],
        "body": (
            "Our gift cards come in two kinds. E-cards are emailed either straight away or on the date you "
            "choose, with your message; printed cards are posted with Royal Mail in a card envelope.\n\n"
            "A gift card is valid for 24 months from the date it was bought. It can be spent online (enter "
            "the 16-digit code at checkout) and in the shop, in several goes; the remaining balance shows at "
            "checkout and on every receipt. If your order costs more than the card, you can pay the rest by "
            "card or PayPal.\n\n"
            "Gift cards cannot be exchanged for cash, and they cannot be used to buy other gift cards.\n\n"
            "If an e-card went missing, the person who bought it can ask us to resend it to the recipient's "
            "address; check the spam folder first."
        ),
    },
    {
        "id": "leaf-library-accounts",
        "title": "Library, school and institutional accounts",
        "tags": ["library", "school", "invoice", "purchase order", "institution", "account"],
        "body": (
            "We supply school, college, public and university libraries. To open an account, email us your "
            "institution's name, billing address, the name of the person who will place orders and, if your "
            "finance office needs one, the supplier form to complete.\n\n"
            "With an account you can order on a purchase order: put your PO number in the order notes, or "
            "email the PO to us and we place the order for you. We invoice on dispatch, with 30-day payment "
            "terms, and the invoice is emailed as a PDF to the address on the account. Copies of past "
            "invoices are in My Account > Invoices. You can pay by bank transfer (BACS), or by card over the "
            "phone.\n\n"
            "Institutions without an account can ask for a pro-forma invoice: we hold the books for 14 days "
            "and dispatch them once the payment arrives.\n\n"
            "Books are zero-rated for VAT in the UK, so invoices for books show no VAT; accessories and "
            "bookbinding kits carry VAT at the standard rate. Class sets (10 or more copies of one title) get "
            "10% off."
        ),
    },
    {
        "id": "leaf-bookbinding-kits",
        "title": "Bookbinding kits: what's inside and who they suit",
        "tags": ["bookbinding", "kit", "craft", "coptic", "stab binding"],
        "body": (
            "We make two kits in our workshop behind the shop. The Coptic stitch starter kit makes one A5 "
            "notebook that lies flat: 40 sheets of 120 gsm paper, two covered boards, waxed linen thread, a "
            "curved needle, an awl, a bone folder and an illustrated booklet. The Japanese stab binding kit "
            "makes two small notebooks: 60 sheets, decorated cover paper, silk thread, a straight needle, an "
            "awl and a booklet.\n\n"
            "Who are they for? Both kits are for beginners and take an afternoon. Because of the awl and "
            "needle we recommend them for ages 12 and up, with an adult helping younger makers.\n\n"
            "Our video lessons follow the booklets step by step; the link is printed inside the kit lid.\n\n"
            "If something is missing from your kit, tell us within 30 days of delivery which part it is and "
            "we post the missing part to you free of charge."
        ),
    },
    {
        "id": "leaf-lamps-bookends",
        "title": "Reading lamps and bookends: care and warranty",
        "tags": ["lamp", "reading light", "bookends", "warranty", "charging"],
        "body": (
            "Our brass clip-on reading lamp charges by USB-C. A full charge takes about three hours and gives "
            "up to 20 hours of light on the lowest of its three brightness settings (about 6 hours on the "
            "brightest). The light on the base turns green when it is fully charged. The clip opens to 3 cm "
            "and is lined so that it does not mark book covers.\n\n"
            "The lamp has a two-year warranty from the date of delivery, covering the battery, the LED and "
            "the switch. If it stops working, write to us with your order number and a short description, "
            "and we will repair or replace it.\n\n"
            "Walnut bookends are finished with a natural oil; wipe them with a dry cloth and re-oil once a "
            "year if they look dry. Cast-iron thistle bookends have felt pads underneath to protect your "
            "shelves; keep them dry to avoid rust spots.\n\n"
            "Bookends are heavy, so they are sent separately with UPS and may arrive a day apart from the "
            "rest of your order."
        ),
    },
    {
        "id": "leaf-international-customs",
        "title": "International orders: customs, duties and import VAT",
        "tags": ["international", "customs", "duties", "import vat", "toll", "norway", "usa", "eu"],
        "body": (
            "Since we ship from Scotland, parcels to other countries go through customs. What you pay "
            "depends on where you live.\n\n"
            "European Union: for orders up to EUR 150 we charge the EU VAT of your country at checkout (under "
            "the IOSS scheme), so DHL delivers without asking you for anything more.\n\n"
            "Norway: we are registered in the VOEC scheme. For orders under NOK 3,000 the Norwegian VAT is "
            "charged at checkout and nothing more is due on delivery; printed books are zero-rated in Norway, "
            "so for most book orders the VAT is nil. Orders of NOK 3,000 or more are cleared by DHL, who "
            "bill you the import VAT and their fee.\n\n"
            "USA, Canada and elsewhere: books are usually free of customs duty, but local taxes or a "
            "carrier's handling fee may be charged to the recipient on delivery. These are set by your "
            "country and are not included in our prices."
        ),
    },
    {
        "id": "leaf-payment-methods",
        "title": "Payment methods and when you are charged",
        "tags": ["payment", "card", "paypal", "apple pay", "charge", "currency"],
        "body": (
            "We accept Visa, Mastercard and American Express, PayPal, Apple Pay and Google Pay, and Bindery "
            "gift cards. Library and school accounts can also pay by invoice (see \"Library, school and "
            "institutional accounts\").\n\n"
            "For books in stock, your card is charged when you place the order. For pre-orders we charge on "
            "the day of dispatch. Reading Box subscriptions are charged on the 1st of each month.\n\n"
            "Our prices are in US dollars. If your card is in pounds, euros or kroner, your bank converts the "
            "amount and may add a foreign-transaction fee; that fee is set by your bank, not by us.\n\n"
            "We never store your full card number: payments are handled by our payment provider, and 3-D "
            "Secure may ask you to confirm the payment in your banking app."
        ),
    },
    {
        "id": "leaf-account-password",
        "title": "Signing in and resetting your password",
        "tags": ["account", "password", "sign in", "login", "reset"],
        "body": (
            "To reset your password, choose \"Forgotten your password?\" on the sign-in page and enter the "
            "email address of your account. We send a reset link that works for one hour. If it has not "
            "arrived within ten minutes, check your spam or promotions folder, and make sure you used the "
            "address you ordered with.\n\n"
            "If you ordered as a guest, you can create an account later with the same email address: your "
            "earlier orders and downloads then appear in it.\n\n"
            "To change the email address of your account, sign in and go to My Account > Details. For your "
            "security, we send a confirmation link to the new address."
        ),
    },
    {
        "id": "leaf-selling-books",
        "title": "Selling your books to us",
        "tags": ["sell books", "second-hand", "buy books", "collection", "store credit"],
        "body": (
            "We buy second-hand books all year round: literature, Scottish history and topography, art, "
            "poetry, natural history, children's books and anything old, unusual or finely bound.\n\n"
            "For up to a couple of boxes, bring them to the shop on a Tuesday or Thursday between 11am and "
            "4pm; no appointment is needed. For larger collections, email us a list or some photographs of "
            "the shelves and we will arrange a visit; we collect in Edinburgh and the Lothians for "
            "collections of 200 books or more.\n\n"
            "We pay by bank transfer, or in store credit worth 20% more.\n\n"
            "We are sorry that we cannot take book-club editions, ex-library copies, textbooks more than five "
            "years old, or books with damp damage."
        ),
    },
    {
        "id": "leaf-book-search",
        "title": "Our book search service for out-of-print titles",
        "tags": ["out of print", "book search", "rare", "find a book"],
        "body": (
            "Looking for a book that is out of print? Our free search service can often find it. Send us the "
            "title, the author and, if it matters to you, the edition, binding or condition you want, and a "
            "price you would be happy to pay.\n\n"
            "We search our own stock and the dealers we work with in the UK and abroad, and email you a quote "
            "with a description of each copy we find, usually within 14 days. You are under no obligation to "
            "buy.\n\n"
            "If nothing turns up, we keep the search open for six months and write as soon as a copy appears."
        ),
    },
    {
        "id": "leaf-visit-shop",
        "title": "Visiting The Bindery in Edinburgh",
        "tags": ["shop", "opening hours", "visit", "address", "click and collect", "accessibility"],
        "body": (
            "Our shop is at 27 Thistle Wynd, Edinburgh EH1 2QX, five minutes' walk from the Grassmarket.\n\n"
            "Opening hours: Monday to Saturday 10am to 6pm, Sunday 12 noon to 5pm. We close on 25 and 26 "
            "December and 1 and 2 January.\n\n"
            "The ground floor is step-free. The rare books room upstairs is reached by stairs only; if you "
            "cannot manage the stairs, ask at the counter and we will bring books down to you.\n\n"
            "Click and collect: choose \"Collect from the shop\" at checkout. We email you when the order is "
            "ready, usually within two hours during opening times, and keep it for 14 days. Please bring the "
            "email or your order number."
        ),
    },
    {
        "id": "leaf-events",
        "title": "Author events and signings",
        "tags": ["events", "author", "signing", "tickets", "launch"],
        "body": (
            "We hold author talks, launches and signings in the shop most weeks, and larger events at the "
            "Thistle Wynd church hall. Our events calendar is on the Events page and in our monthly "
            "newsletter.\n\n"
            "Most tickets cost $6 and come with a voucher for $6 off the author's book on the night. Event "
            "tickets can be refunded up to 48 hours before the event; after that, you can pass your ticket "
            "to a friend by telling us their name.\n\n"
            "Seating is unreserved; doors open 30 minutes before the start. The church hall has a hearing "
            "loop and step-free access.\n\n"
            "Can't come? Many events are recorded, and the recording is on our website within a week."
        ),
    },
    {
        "id": "leaf-privacy-newsletter",
        "title": "Your data, our newsletter and marketing emails",
        "tags": ["privacy", "newsletter", "unsubscribe", "marketing", "data", "gdpr"],
        "body": (
            "We send our newsletter only to people who asked for it. To stop it, click \"Unsubscribe\" at "
            "the bottom of any newsletter, or untick \"Newsletter\" in My Account > Communication "
            "preferences. Emails about your own orders (confirmations, dispatch and download emails) are "
            "still sent.\n\n"
            "We keep your name, addresses, orders and messages to run your account and to meet our "
            "accounting duties. We never sell or swap customer data.\n\n"
            "You can ask for a copy of the data we hold about you, or for your account to be deleted, by "
            "writing to our data protection contact at privacy@thebindery.example. We answer within one "
            "month."
        ),
    },
    {
        "id": "leaf-readers-card",
        "title": "The Reader's Card loyalty scheme",
        "tags": ["loyalty", "reader's card", "points", "stamps", "voucher"],
        "body": (
            "The Reader's Card is our loyalty scheme, free to join in the shop or online.\n\n"
            "You earn one stamp for every $10 spent, in the shop or online when you are signed in. Ten "
            "stamps give you a $10 voucher, which we email to you or add to your card at the counter.\n\n"
            "Stamps are not earned on gift cards, Reading Box subscriptions or event tickets. Stamps expire "
            "12 months after the last purchase that earned one.\n\n"
            "Lost your card? Ask at the counter: your stamps are linked to your email address, not to the "
            "card itself."
        ),
    },
]
