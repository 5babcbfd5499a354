"""Pawprint Pantry help-center articles."""

KB = [
 {"id": "PPH-101", "title": "Managing your Auto-Ship",
  "body": "Auto-Ship sends the things your pet goes through on a schedule you choose, so you never run out of food or litter at 9 pm on a Sunday. Everything about a subscription is managed from My Account > Auto-Ship on the website or in the Pawprint app; our support team sees the same page you do.\n\n"
          "Frequency. Each Auto-Ship can repeat every 1 to 12 weeks. To change it, open the Auto-Ship, tap Frequency and pick a new interval; the next ship date moves with it.\n\n"
          "Delay or skip. If you still have half a bag left, tap Delay on the upcoming shipment and choose a new date up to 60 days out. To miss one shipment entirely, tap Skip this shipment; the one after it keeps its normal date. Changes to an upcoming shipment can be made until 11:59 pm Eastern the day before it ships, because the next morning we start picking it.\n\n"
          "Send it now. Running out early? Tap Send it now and the shipment is processed today; your schedule then restarts from today's date.\n\n"
          "Adding and removing items. Add any product from its page with Add to Auto-Ship, or remove an item on the Auto-Ship page. Removing the last item pauses the Auto-Ship rather than cancelling it.\n\n"
          "Reminders. We email you a reminder 3 days before every Auto-Ship order is placed, with the items and the price.\n\n"
          "Payment and address. Auto-Ship charges the card marked as default under My Account > Payment methods, and ships to the address shown on the Auto-Ship page, which can be different from your default address.\n\n"
          "Cancelling. To stop an Auto-Ship, open it and choose Cancel Auto-Ship at the bottom of the page. There is no fee and no minimum number of shipments. Cancelling stops future shipments only; an Auto-Ship order that has already been placed is handled like any other order (see Cancelling an order).",
  "tags": ["auto-ship", "autoship", "subscription", "skip", "delay", "frequency", "cancel subscription"]},

 {"id": "PPH-102", "title": "Auto-Ship savings: how the discount works",
  "body": "Every Auto-Ship order gets 5% off the regular price of each item, and Auto-Ship orders always ship free, whatever their total. Your very first Auto-Ship order gets 35% off instead, up to $20 in savings; the 35% applies once per customer, not once per subscription. The discount is applied when the order is placed, so the price in your reminder email is the price you pay unless the product's regular price changes in between. If a regular price goes up by more than 10%, we email you before the order is placed so you can skip it. Promo codes can't be combined with the 35% first-order discount, but they can be used on later Auto-Ship orders. Prescription items and gift cards don't get the Auto-Ship discount.",
  "tags": ["auto-ship", "discount", "savings", "price"]},

 {"id": "PPH-103", "title": "Shipping, delivery times and tracking",
  "body": "Where we ship from. Orders leave one of our three fulfillment centers, in Reno (Nevada), Columbus (Ohio) and Atlanta (Georgia); we choose the one closest to you that has everything in stock.\n\n"
          "Processing. Orders placed by 3 pm local time at the fulfillment center usually leave the same day; later orders leave the next business day. Orders with prescription items wait for your vet's approval first (see Prescription diets and medications).\n\n"
          "Delivery times. Most orders arrive 1 to 3 business days after they ship. Heavy and oversized items can take longer (see Large and heavy items).\n\n"
          "Carriers. We ship with UPS, FedEx, USPS and OnTrac, depending on your address and the size of the box. The carrier can't be chosen at checkout.\n\n"
          "Tracking. As soon as a box leaves the warehouse we email you the carrier and the tracking number, and the order's status under My Account > Orders changes to Shipped. Tracking can show 'Label created' for up to 24 hours before the first scan appears; that is normal and doesn't mean the box is lost. An order with several items may be split across more than one box when the items come from different warehouses; each box then gets its own tracking number, and the shipping confirmation lists them all.\n\n"
          "Where we ship. We deliver to all 50 US states and to APO/FPO/DPO addresses. We don't ship outside the United States, including to Canada, Mexico and US territories such as Puerto Rico and Guam. Orders to Alaska and Hawaii take 4 to 8 business days, and litter, bags of food of 25 lb or more and other heavy items can't be shipped there.\n\n"
          "Delivered but not there? Look around the building and ask your neighbours, and wait until the end of the day: carriers sometimes scan a package as delivered shortly before they drop it off. If it still hasn't turned up after 48 hours, report it from the order page (see Damaged, leaking or missing items).",
  "tags": ["shipping", "delivery", "tracking", "carrier", "international"]},

 {"id": "PPH-104", "title": "Free shipping and shipping fees",
  "body": "Orders of $49 or more (after discounts, before tax) ship free to any address in the contiguous US. Orders under $49 pay a flat $4.95 shipping fee. Auto-Ship orders always ship free, whatever their total. Orders to Alaska, Hawaii and APO/FPO/DPO addresses pay $9.95 under $49 and ship free from $49. E-gift cards are delivered by email and don't count toward the $49.",
  "tags": ["shipping", "free shipping", "fees", "minimum"]},

 {"id": "PPH-105", "title": "Returns and refunds policy",
  "body": "Our policy in short: you can ask for a refund on a delivered order within 30 days of the date you placed it.\n\n"
          "Unopened items. Anything unopened and unused can be returned within 30 days of the order date for a refund of the item's price.\n\n"
          "The Happy Pet Guarantee. Pets are picky. If your pet won't eat a food or treat, you can return it within 30 days of the order date even if the bag is open. The guarantee covers one bag of each product per customer, so try a small bag first when you can.\n\n"
          "What can't be returned. Litter that has been opened, toys and beds that have been used, chewed or washed, and pharmacy items (prescription diets and medications, which by law can't be taken back once they've left the pharmacy).\n\n"
          "How to start. Go to My Account > Orders, choose the order and tap Start a return. For food, litter and anything heavy we usually ask you to keep the item or donate it to a local shelter instead of shipping it back. Otherwise we email you a prepaid label; drop the box at any UPS location within 14 days.\n\n"
          "Refund timing. Refunds go back to the original payment method. Once a refund is approved it takes 5 to 7 business days to show on your card statement; refunds to a Pawprint gift card balance appear right away.\n\n"
          "Shipping fees. The $4.95 shipping fee isn't refunded unless the return is because of our mistake or the item arrived damaged.\n\n"
          "Cancelled orders are refunded automatically (see Cancelling an order).",
  "tags": ["returns", "refund", "policy", "guarantee"]},

 {"id": "PPH-106", "title": "Damaged, leaking or missing items",
  "body": "If something arrives damaged (a torn bag of food, a cracked litter box, a leaking case of cans) or an item is missing from the box, report it within 7 days of delivery. Open My Account > Orders, choose the order and tap Report a problem. Please attach a photo of the damaged item and one of the shipping box with its label; for a torn bag, a photo of the bag is enough. We'll offer a replacement or a refund of the item, and you don't need to send anything back. If a whole box seems to be missing, check your shipping confirmation first: orders with several items can come in more than one box, and the boxes don't always arrive on the same day.",
  "tags": ["damaged", "broken", "missing", "leaking", "problem"]},

 {"id": "PPH-107", "title": "Cancelling an order",
  "body": "You can cancel an order yourself while its status is Processing. Go to My Account > Orders, choose the order and tap Cancel order; you can cancel the whole order or just some of its items. The button disappears as soon as the warehouse starts packing the order, which for in-stock items can be within an hour of ordering. Once an order has shipped it can no longer be cancelled: you can refuse the delivery, or return the items under our returns policy once they arrive. Cancelled orders are refunded automatically to the original payment method, and the refund takes 3 to 5 business days to show. Cancelling an order that Auto-Ship placed doesn't cancel the Auto-Ship itself; see Managing your Auto-Ship.",
  "tags": ["cancel", "order", "processing"]},

 {"id": "PPH-108", "title": "Changing your shipping address",
  "body": "For future orders, add or edit addresses under My Account > Addresses and choose which one is your default. For an order that hasn't shipped yet (status Processing), open My Account > Orders, choose the order and tap Edit address. Once an order has shipped we can't change its address any more. The carrier may be able to redirect the package to a new address for a fee; use the tracking link in your shipping confirmation to ask for it. Auto-Ship has its own shipping address: change it on the Auto-Ship page, and it applies from the next shipment.",
  "tags": ["address", "shipping address", "change", "edit"]},

 {"id": "PPH-109", "title": "Pawprint gift cards",
  "body": "Pawprint e-gift cards are sold in any amount from $10 to $500 and are delivered by email, either right away or on a date you choose. We don't sell plastic gift cards. To redeem one, enter its 16-digit code in the Gift card or promo code box at checkout, or add it to My Account > Wallet so the balance is used automatically on your next orders, Auto-Ship included. Your remaining balance is shown in the Wallet. Pawprint gift cards never expire and have no fees; they can't be exchanged for cash or used to buy other gift cards. If the recipient lost the email, the buyer can resend it from their Orders page.",
  "tags": ["gift card", "e-gift", "balance", "redeem"]},

 {"id": "PPH-110", "title": "Deleting your Pawprint account",
  "body": "To delete your account, sign in and go to My Account > Settings > Privacy > Delete my account. We'll ask you to confirm with a code sent to your email. Deleting your account is permanent: it cancels every Auto-Ship, removes your pets' profiles, saved addresses and saved cards, and forfeits any Paw Points and gift card balance in your Wallet, so spend them first. Orders that are still processing or in transit will still be delivered. The deletion is completed within 30 days. If you just want fewer emails from us, you don't need to delete your account; see Email and text preferences.",
  "tags": ["account", "delete", "close account", "privacy"]},

 {"id": "PPH-111", "title": "Signing in and resetting your password",
  "body": "Sign in with your email and password, or with Apple or Google if you created your account that way. Forgot your password? Tap Forgot password on the sign-in page and enter your account email; we'll send a reset link that works for 30 minutes. Only the newest link works, so if you asked twice, use the latest email. After 5 wrong passwords in a row your account is locked for 15 minutes to protect it; wait and try again, or reset your password. If you signed up with Apple and chose Hide My Email, your account email is the relay address Apple created for you.",
  "tags": ["account", "password", "login", "sign-in", "locked"]},

 {"id": "PPH-112", "title": "Switching your pet to a new food",
  "body": "A sudden change of food is the most common cause of an upset stomach. Switch over 7 to 10 days: on days 1 to 3, mix 25% new food with 75% of the old; on days 4 to 6, half and half; on days 7 to 9, 75% new; from day 10, only the new food. Cats, seniors and pets with sensitive stomachs may need two weeks; slow down if you see soft stools. Keep the old food's bag until the switch is done. If your pet refuses the new food, it's covered by the Happy Pet Guarantee (see Returns and refunds policy). For prescription diets, follow your vet's instructions instead.",
  "tags": ["food", "transition", "diet", "switch"]},

 {"id": "PPH-113", "title": "Prescription diets and medications",
  "body": "Pawprint Pharmacy sells prescription diets and medications for dogs and cats from our licensed pharmacy in Columbus, Ohio. Every prescription item needs your veterinarian's authorization. At checkout, add your vet clinic's name and phone number; we contact the clinic for you, and most approvals come back within 1 to 2 business days. While we wait, the order stays in Processing. If your vet declines, or we can't reach the clinic within 5 business days, we cancel the prescription items and refund them automatically. Your vet can also send a written prescription to rx@pawprintpantry.example. Prescription items can go on Auto-Ship, with refills limited to what the prescription allows. By law, pharmacy items can't be returned once they have left the pharmacy, even unopened. Prescription items don't get the Auto-Ship discount.",
  "tags": ["prescription", "rx", "vet", "pharmacy", "medication"]},

 {"id": "PPH-114", "title": "Paw Points rewards",
  "body": "Paw Points is our free rewards program, and every account is enrolled. You earn 1 point for every dollar you spend, and 2 points per dollar on Auto-Ship orders. Points appear in your Wallet 14 days after the order is delivered. Every 500 points automatically turn into a $5 reward that you can use on any order; rewards can't be exchanged for cash. Points expire if your account has no purchase for 12 months. Prescription items, gift cards and shipping fees don't earn points, and the points for an item are taken back if it's refunded.",
  "tags": ["rewards", "points", "loyalty"]},

 {"id": "PPH-115", "title": "Fresh and frozen food deliveries",
  "body": "Fresh and frozen foods ship in an insulated box with dry ice or gel packs, which keeps them cold for up to 48 hours in transit. So that they never sit in a depot over the weekend, perishable orders only ship Monday to Wednesday; an order placed on a Thursday leaves the following Monday. Put the food in the freezer or fridge as soon as it arrives; if it's still cold to the touch it's safe, even if it has partly thawed. If it arrived warm, report it within 7 days (see Damaged, leaking or missing items). The insulated liner is curbside recyclable, and the gel packs can go in the household trash once thawed; never touch dry ice with bare hands. Fresh and frozen food can't be shipped to Alaska, Hawaii or APO/FPO/DPO addresses.",
  "tags": ["frozen", "fresh", "perishable", "delivery", "cold"]},

 {"id": "PPH-116", "title": "Large and heavy items",
  "body": "Cat trees over 5 feet, large crates, catio enclosures and multi-packs of litter ship separately from the rest of your order, often straight from the manufacturer, so they usually have their own tracking number and can arrive a few days apart from everything else. Allow 5 to 8 business days. Items of 25 lb or more can't be shipped to PO boxes. Catio enclosures travel by freight: the carrier calls you to agree a delivery window, and someone aged 18 or over has to be home to sign. Cat trees and crates arrive flat-packed with the tools and instructions you need; we don't offer assembly. Keep the box until everything is built in case a part is missing; missing parts are sent free (report them from the order page).",
  "tags": ["heavy", "oversized", "cat tree", "crate", "freight"]},

 {"id": "PPH-117", "title": "Payment methods",
  "body": "We accept Visa, Mastercard, American Express, Discover, PayPal, Apple Pay, Google Pay and Pawprint gift cards. We don't accept cash, checks or buy-now-pay-later services. When you place an order we put a temporary authorization hold on your card; the actual charge happens when the order ships, so an order that ships in two boxes can show up as two charges. If an order is cancelled, the hold drops off within 3 to 5 business days, depending on your bank. To pay for an order that is still Processing with a different card, open My Account > Orders, choose the order and tap Change payment. Saved cards are managed under My Account > Payment methods; the card marked as default is also the one Auto-Ship charges.",
  "tags": ["payment", "card", "paypal", "charge", "billing"]},

 {"id": "PPH-118", "title": "Promo codes and coupons",
  "body": "Enter a promo code in the Gift card or promo code box at checkout; codes aren't case-sensitive. Only one promo code can be used per order, and promo codes can't be combined with the 35% first Auto-Ship discount. Most codes have a minimum order amount and an end date, both shown in the email or ad the code came from; an expired code can't be reactivated. Codes don't apply to prescription items, gift cards or shipping fees. Forgot to use a code on an order you've already placed? We can't add it afterwards, but you can cancel the order while it's still Processing and place it again with the code.",
  "tags": ["promo", "coupon", "discount", "code"]},

 {"id": "PPH-119", "title": "Product recalls and safety notices",
  "body": "When a manufacturer or the FDA recalls a product we sell, we stop selling it the same day and email every customer who bought an affected lot in the last 12 months, usually within 24 hours of the notice. The current list, with lot numbers and best-by dates, is at pawprintpantry.example/recalls. If you have a recalled product, stop using it and follow the instructions in the notice: most manufacturers refund or replace recalled products directly. If your pet ate a recalled product and seems unwell, call your veterinarian first.",
  "tags": ["recall", "safety", "notice"]},

 {"id": "PPH-120", "title": "Email and text preferences",
  "body": "To choose which emails you get, go to My Account > Communication preferences; you can turn off deals, newsletters and product recommendations separately. Every marketing email also has an Unsubscribe link at the bottom, which takes effect within 48 hours. Order confirmations, shipping notices and Auto-Ship reminders are part of your orders and can't be turned off. For text messages, reply STOP to any Pawprint text; reply START to get them again.",
  "tags": ["email", "newsletter", "unsubscribe", "sms", "notifications"]},

 {"id": "PPH-121", "title": "Rescue Round-Up: donating to shelters",
  "body": "At checkout you can round your total up to the next dollar; the difference goes to our Rescue Round-Up fund. Each month the whole fund goes to one partner shelter, chosen by customers from a shortlist in the Pawprint app, and we publish the amount at the end of the month. Because Pawprint makes the donation, your round-up isn't tax-deductible for you and doesn't come with a separate receipt. Shelters and rescues that would like to be on the shortlist can apply at pawprintpantry.example/rescues; they need to be a registered 501(c)(3). You can also buy from a partner shelter's wishlist, and we ship it to the shelter directly.",
  "tags": ["donation", "shelter", "rescue", "charity"]},

 {"id": "PPH-122", "title": "Contacting Pawprint support",
  "body": "Our support team is here every day from 7 am to 11 pm Eastern, including holidays except Thanksgiving and Christmas Day. Chat with us from the Help button in the app or on the website, call 1-888-555-0142, or email help@pawprintpantry.example; we answer emails within 24 hours. To help us find your order faster, include its order number, which looks like 112-1234567-1234567.",
  "tags": ["contact", "support", "phone", "chat", "hours"]},

 {"id": "PPH-123", "title": "Pet profiles and birthday rewards",
  "body": "Add your pets under My Account > My pets with their species, breed, weight and birthday. We use the profiles to suggest food sizes and to remind you before you run out. Every pet with a birthday on file gets a $5 birthday reward in your Wallet in their birthday month, usable for 30 days. You can add up to 10 pets; removing a pet deletes its profile and any unused birthday reward.",
  "tags": ["pet profile", "birthday", "pets"]},
]
