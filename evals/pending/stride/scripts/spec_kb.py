"""Stride Outfitters help center. Each article: (id, title, tags, [paragraphs])."""

ARTICLES = [
("HC-101", "Returns and refunds: our 30-day policy", ["returns", "refund", "money back", "return window"], [
 "You can return most items for a refund within 30 days of the date you placed your order. The 30 days are counted from the order date shown in your confirmation email, not from the day the parcel arrived, so if your delivery took a while, start your return early.",
 "To qualify, an order must have been delivered, and items must be unworn outdoors, clean and in their original packaging. Shoes that have been run in cannot be accepted, but trying them on indoors is fine. Final-sale clearance items, e-gift cards and personalised or engraved items are not returnable (see the articles on each).",
 "To start a return, sign in, open Orders, choose the order and select Return items. Pick the items and quantities you are sending back and print the prepaid label. Drop the parcel at any UPS location within 7 days of printing the label.",
 "Once a refund is approved it goes back to your original payment method. Banks usually show it within 5 to 10 business days. Orders that were cancelled before shipping are refunded automatically and need no return.",
]),
("HC-102", "Final-sale and clearance items", ["final sale", "clearance", "outlet", "non-returnable"], [
 "Items in our Clearance section are marked Final Sale on the product page, in your cart and in your order confirmation. Final-sale items are sold as they are, at the lowest price we offer.",
 "Final-sale items cannot be returned, refunded or exchanged for another size, including through our free size exchange. Please check the size guide and the product's fit notes before you buy.",
 "If a final-sale item arrives damaged, defective or is not the item you ordered, it is still covered: report it within 30 days of delivery as described in our article on damaged or wrong items.",
]),
("HC-103", "Stride e-gift cards", ["gift card", "e-gift", "voucher", "balance"], [
 "Stride e-gift cards come in amounts from $25 to $500 and are sent by email to the recipient, on the date you choose, with your message. They never expire and carry no fees.",
 "To use a gift card, enter its 16-digit code and PIN at checkout under Gift card. If the order costs more than the card's balance, pay the rest with any other payment method. You can check a balance at any time on the Gift cards page of our website.",
 "E-gift cards cannot be returned, refunded or exchanged for cash, and they cannot be used to buy other gift cards.",
 "If the recipient cannot find the email, ask them to check their spam folder. The buyer can resend the gift card from Orders by choosing Resend gift card; the code stays the same.",
]),
("HC-104", "Personalised and engraved items", ["engraving", "personalised", "personalized", "custom", "medal hanger"], [
 "Some products, such as the Pace Loop engraved case back and our medal hangers, can be personalised with up to 20 characters of engraving. Engraved items are made to order and ship 3 business days later than our standard processing time.",
 "You enter the engraving text on the product page before adding the item to your cart. Please check the spelling carefully: we engrave exactly what you type, and the preview shows how it will look.",
 "Engraving starts as soon as an order is placed, so personalised items cannot be cancelled or changed once ordered. They are not returnable or exchangeable unless they arrive damaged or defective, or the engraving does not match the text you entered.",
 "If the engraving is wrong because of our mistake, report it within 30 days of delivery with a photo and we will remake the item at no cost.",
]),
("HC-105", "Free size exchange for shoes and apparel", ["exchange", "size", "swap", "wrong size", "width"], [
 "Ordered the wrong size or width? Shoes and apparel can be exchanged for another size or width of the same model and colour free of charge, within 30 days of your order date.",
 "To start an exchange, sign in, open Orders, choose the order and select Exchange size. Choose the new size or width and print the prepaid return label. The items must be unworn outdoors and in their original packaging.",
 "We ship the new size as soon as the carrier scans your return parcel, so you do not have to wait for it to reach our warehouse. If the new size is out of stock we will email you and refund the item instead.",
 "Each item can be exchanged once. Socks, watches, final-sale items, gift cards and engraved items are not part of the size exchange. If you want a different model or colour, return the item for a refund and place a new order.",
]),
("HC-106", "Shoe size and width guide", ["size", "fit", "width", "wide", "measure", "sizing"], [
 "Our shoe sizes are US sizes. To measure, stand on a sheet of paper with your heel against a wall, mark the tip of your longest toe and measure in centimetres; the size chart on every product page converts that length to a size. Measure both feet in the evening and use the longer one.",
 "Widths follow the US system. Men's shoes come in D (standard), 2E (wide) and 4E (extra wide); women's shoes come in B (standard), D (wide) and 2E (extra wide). Not every model is made in every width: the available widths are listed under the size selector.",
 "Trail shoes such as the Ridgeline Trail 2 are usually chosen half a size up, to leave room for swelling on long descents. The Fleetfoot Racer fits snug by design; if you are between sizes, choose the larger one.",
 "If the size turns out to be wrong, you can use our free size exchange within 30 days of your order date.",
]),
("HC-107", "Shipping options, costs and delivery times", ["shipping", "delivery", "express", "standard", "cost"], [
 "We process orders within 1 business day (engraved items take 3 business days more). Orders placed before 1 pm Eastern on a business day usually leave our warehouse the same day.",
 "Standard shipping within the US takes 3 to 5 business days and is free on orders over $75; below that it costs $6.95. Express shipping takes 1 to 2 business days and costs $15. We ship within the US with UPS, USPS and FedEx, and choose the carrier by where you live.",
 "You choose your shipping speed at checkout. Delivery times are counted from the day your order ships, not the day you place it, and do not include weekends or public holidays.",
]),
("HC-108", "Tracking your order", ["tracking", "track", "where is my order", "status", "carrier"], [
 "When your order ships we email you the carrier and the tracking number. You can also find them at any time under Orders in your account, next to the order.",
 "A new tracking number can take up to 24 hours to show its first scan on the carrier's website. That is normal and does not mean the parcel is lost.",
 "Your order's status tells you where it is: Processing means we are preparing it and it has not left the warehouse; Shipped means the carrier has it; Delivered means the carrier has recorded the delivery. Cancelled and Returned orders show the date of the refund.",
 "If tracking has not moved for 5 business days, or the parcel shows as delivered but you cannot find it, see our article on missing parcels.",
]),
("HC-109", "Cancelling an order", ["cancel", "cancellation", "cancel order"], [
 "You can cancel an order yourself while its status is Processing. Sign in, open Orders, choose the order and select Cancel order. The whole order is cancelled; you cannot cancel single items.",
 "A cancelled order is refunded automatically to your original payment method, usually within 3 to 5 business days. You do not need to contact us.",
 "Once an order has shipped, the Cancel option disappears and it can no longer be cancelled. You can instead return it after it arrives, under our 30-day returns policy.",
 "Orders that contain engraved or personalised items cannot be cancelled, because engraving starts as soon as the order is placed.",
]),
("HC-110", "Changing the delivery address", ["address", "delivery address", "shipping address", "redirect"], [
 "You can change the delivery address of an order while its status is Processing. Sign in, open Orders, choose the order and select Edit address. The change applies to the whole order.",
 "Once an order has shipped, we can no longer change its address. Most carriers let you redirect a parcel or hold it at a pickup point: use the tracking number from your shipping email on the carrier's website (for example UPS My Choice or FedEx Delivery Manager).",
 "To change the default address for future orders, go to Account, then Addresses.",
]),
("HC-111", "Pairing your Pace Loop watch with the Stride Pace app", ["watch", "pairing", "bluetooth", "app", "sync", "gps watch"], [
 "Install the Stride Pace app from the App Store or Google Play and create an account, or sign in with your Stride account. Turn on Bluetooth on your phone.",
 "On the watch, hold the lower left button for 3 seconds, open Settings, then Phone and Pair phone. In the app, tap Devices, then Add device, and choose your watch from the list. Confirm the six-digit code shown on both screens.",
 "After pairing, the watch syncs runs and settings automatically whenever the app is open. If pairing fails, remove the watch from your phone's Bluetooth settings, restart both devices and try again.",
]),
("HC-112", "Charging your Pace Loop watch", ["watch", "charging", "charger", "battery", "cable"], [
 "Charge your watch with the magnetic charging cable that came in the box, connected to a USB port or a USB wall adapter. Make sure the contacts on the back of the watch are clean and dry before you attach the cable.",
 "A full charge takes about 2 hours. The battery icon on the watch face shows the charge level, and the watch vibrates once when charging begins.",
 "If the watch does not charge, rinse the contacts with fresh water, dry them and try another USB port. Do not use third-party cables, which can damage the contacts and are not covered by the warranty.",
]),
("HC-113", "GPS watch warranty", ["warranty", "watch", "defect", "repair", "broken"], [
 "Pace Loop and Pace Loop Pro watches carry a 2-year warranty against defects in materials and workmanship, counted from the delivery date.",
 "The warranty does not cover normal wear of bands and casing, scratches on the screen, water damage from use beyond the watch's rating, or damage from accidents or third-party chargers.",
 "To make a warranty claim, open the Warranty claim form under Help, enter your order number and describe the fault. We may ask you for a short video. If the claim is approved we send a prepaid label and repair or replace the watch within 10 business days of receiving it.",
]),
("HC-114", "Running socks and 3-packs", ["socks", "3-pack", "sock size", "merino"], [
 "Our running socks are sold in 3-packs of one style and colour; we do not sell single pairs.",
 "Sock sizes match shoe sizes: S fits men's 4-6.5 and women's 5-7.5, M fits men's 7-9.5 and women's 8-10.5, L fits men's 10-12.5 and women's 11-13, and XL fits men's 13-15.",
 "Socks can be returned for a refund within our 30-day policy only in their unopened packaging, for hygiene reasons. Opened packs cannot be returned unless they are defective.",
 "Wash merino socks inside out on a cold wool cycle and let them dry flat; they will keep their shape much longer.",
]),
("HC-115", "Damaged, defective or wrong item received", ["damaged", "defective", "wrong item", "faulty", "broken"], [
 "If an item arrives damaged or defective, or you received something other than what you ordered, report it within 30 days of delivery.",
 "Sign in, open Orders, choose the order and select Report a problem. Choose the item, describe the problem and add up to three photos, including the shipping label for damage in transit.",
 "We reply within 2 business days. Depending on the case we send a replacement at no cost or refund the item, and we send a prepaid label when we need the item back. This also applies to final-sale and engraved items.",
]),
("HC-116", "Parcel marked delivered but not received", ["missing", "lost", "not received", "stolen", "delivered"], [
 "Sometimes a carrier marks a parcel as delivered a little before it actually arrives. Please wait 48 hours after the delivery scan before reporting it missing.",
 "Check around your property, with neighbours and with your building's mailroom, and look at the delivery details in tracking: many carriers record where the parcel was left or add a photo.",
 "If you still cannot find it after 48 hours, sign in, open Orders, choose the order and select Report a problem, then Parcel not received. We open an investigation with the carrier and send a replacement or a refund once it is complete, usually within 5 business days.",
]),
("HC-117", "Promo codes and discounts", ["promo code", "discount", "coupon", "voucher code"], [
 "Enter a promo code in your cart, in the Promo code field, before you check out. The discount shows in the order summary before you pay.",
 "Only one promo code can be used per order, and codes cannot be combined with each other. Promo codes do not apply to e-gift cards or to final-sale clearance items.",
 "A promo code cannot be added to an order after it has been placed. If a code does not work, check its expiry date and minimum order value in the email that sent it to you.",
]),
("HC-118", "Signing in, password reset and changing your email", ["account", "password", "sign in", "login", "email"], [
 "If you have forgotten your password, choose Sign in, then Forgot password, and enter the email address on your account. We send a reset link that is valid for 60 minutes; only the newest link works.",
 "If the email does not arrive within a few minutes, check your spam folder and make sure you used the address you signed up with.",
 "To change the email address on your account, sign in and go to Account, then Profile. We send a confirmation link to the new address; the change takes effect once you open it.",
]),
("HC-119", "Payment methods we accept", ["payment", "card", "paypal", "apple pay", "pay"], [
 "We accept Visa, Mastercard, American Express and Discover cards, PayPal, Apple Pay and Google Pay, and Stride e-gift cards.",
 "Your card is charged when you place the order. If an order is cancelled or refunded, the money goes back to the same payment method.",
 "All prices are in US dollars. If your card is issued in another currency, your bank converts the amount and may charge a foreign transaction fee.",
]),
("HC-120", "Caring for your running shoes and apparel", ["care", "wash", "clean", "dry", "laundry"], [
 "Clean shoes by hand with a soft brush, cold water and a little mild soap. Remove the insoles and laces first. Never put running shoes in the washing machine or the dryer: heat breaks down the midsole foam and the glue.",
 "Let wet shoes dry at room temperature, stuffed with newspaper, away from radiators and direct sunlight.",
 "Wash technical apparel inside out on a cold cycle, without fabric softener, which clogs the fabric and stops it wicking sweat. Hang it to dry.",
]),
("HC-121", "When to replace your running shoes", ["replace", "mileage", "miles", "worn out", "lifespan"], [
 "Most running shoes last between 300 and 500 miles. Lighter racing shoes such as the Fleetfoot Racer are at the lower end, cushioned trainers at the higher end.",
 "Signs that a pair is worn out include a midsole that looks creased or feels flat, outsole rubber worn through to the foam, and new aches after runs that used to feel easy.",
 "The Stride Pace app can count the miles on each pair: open Gear, add your shoes and pick them before each run.",
]),
("HC-122", "International orders, duties and taxes", ["international", "customs", "duties", "taxes", "abroad", "overseas"], [
 "We ship to the European Union, the United Kingdom, Norway, Switzerland and Turkey with DHL Express. Delivery takes 4 to 8 business days and costs $25, or is free on orders over $200.",
 "International orders are shipped duties unpaid: import duties, VAT and customs fees are charged by the destination country and collected by DHL before delivery. The amount depends on your country's rules and the value of the order.",
 "If you refuse to pay duties and the parcel comes back to us, we refund the items but not the shipping cost.",
 "Returns and size exchanges from abroad follow the same 30-day policy, but the return shipping is at your own cost.",
]),
("HC-123", "Stride Rewards", ["rewards", "points", "loyalty", "member"], [
 "Stride Rewards is free to join: sign in and choose Join Rewards on your account page. You earn 1 point for every dollar you spend, after discounts, once your order is delivered.",
 "Every 500 points become a $10 reward, which appears in your account and can be used at checkout for 12 months.",
 "Points for items you return are removed from your balance. Points cannot be earned on e-gift card purchases.",
]),
("HC-124", "Price adjustments after a price drop", ["price drop", "price adjustment", "sale", "cheaper"], [
 "If the price of an item you bought from us drops within 14 days of your order date, we refund the difference once per item.",
 "To ask for a price adjustment, sign in, open Orders, choose the order and select Request price adjustment. The difference goes back to your original payment method within 5 business days.",
 "Price adjustments do not apply to final-sale items, flash sales shorter than 24 hours or promo code discounts.",
]),
]
