"""How help desks deliver mail: the forms a ticket body takes, and the shop's own emails
(filled from the order record) that customers quote back."""
from datetime import datetime

from spec_world import BY_HANDLE, CATALOG, CUSTOMERS

SHOP_FROM = "The Bindery <orders@thebindery.example>"
NAMES = {c[0]: c[1] for c in CUSTOMERS}
EMAILS = {c[0]: c[2] for c in CUSTOMERS}


def dt(s):
    return datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ")


def long_day(s):
    d = dt(s)
    return "%s %d %s %d" % (d.strftime("%A"), d.day, d.strftime("%B"), d.year)


def short_day(s):
    d = dt(s)
    return "%s, %d %s %d" % (d.strftime("%a"), d.day, d.strftime("%b"), d.year)


def hm(s):
    return dt(s).strftime("%H:%M")


def first(cust):
    return NAMES[cust].split()[0]


def money(x):
    return "$%.2f" % x


# ---- the shop's emails, from the record ---------------------------------------------------

def _lines(o):
    return "\n".join("  %d x %s   %s" % (it["quantity"], it["name"], money(it["unit_price_usd"] * it["quantity"]))
                     for it in o["items"])


def shop_dispatch(h):
    o = BY_HANDLE[h]
    subject = "Your order %s is on its way" % o["order_id"]
    text = (
        "Hello %s,\n\n"
        "Good news: your order %s left our Edinburgh packing room on %s with %s.\n\n"
        "Tracking number: %s\n\n"
        "%s\n\n"
        "You can follow your parcel on the %s website. A new tracking number can take up to 24 hours "
        "to show its first scan.\n\n"
        "Happy reading,\nThe Bindery\n27 Thistle Wynd, Edinburgh EH1 2QX"
    ) % (first(o["customer_id"]), o["order_id"], long_day(o["shipped_at"]), o["carrier"],
         o["tracking_number"], _lines(o), o["carrier"])
    return subject, text, o["shipped_at"]


def shop_delivered(h):
    o = BY_HANDLE[h]
    subject = "Your order %s has been delivered" % o["order_id"]
    text = (
        "Hello %s,\n\n"
        "%s tells us that your order %s was delivered on %s.\n"
        "Tracking number: %s\n\n"
        "%s\n\n"
        "We hope you enjoy it. If anything is not right, just reply to this email.\n\n"
        "The Bindery"
    ) % (first(o["customer_id"]), o["carrier"], o["order_id"], long_day(o["delivered_at"]),
         o["tracking_number"], _lines(o))
    return subject, text, o["delivered_at"]


def shop_confirmation(h):
    o = BY_HANDLE[h]
    subject = "Thank you for your order %s" % o["order_id"]
    text = (
        "Hello %s,\n\n"
        "Thank you for ordering from The Bindery. We have received your order %s, placed on %s.\n\n"
        "%s\n"
        "  Total: %s\n\n"
        "We will email you again when it is on its way.\n\n"
        "The Bindery"
    ) % (first(o["customer_id"]), o["order_id"], long_day(o["order_date"]), _lines(o), money(o["total_usd"]))
    return subject, text, o["order_date"]


# ---- ticket forms ---------------------------------------------------------------------------

def iphone(text):
    return text.rstrip() + "\n\nSent from my iPhone"


def quote_plain(text, when, sender=SHOP_FROM):
    """Plain-text reply chain: '> On ... wrote:'."""
    quoted = "\n".join(("> " + ln) if ln else ">" for ln in text.split("\n"))
    return "On %s at %s, %s wrote:\n%s" % (short_day(when), hm(when), sender, quoted)


def original_message(text, when, subject, to_name, to_email):
    return (
        "-----Original Message-----\n"
        "From: %s\n"
        "Sent: %s %s\n"
        "To: %s <%s>\n"
        "Subject: %s\n\n%s"
    ) % (SHOP_FROM, long_day(when), hm(when), to_name, to_email, subject, text)


def _esc(s, apos):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", apos)


def outlook(paragraphs, signature=None, disclaimer=None):
    ps = []
    for p in paragraphs:
        ps.append("<p class=MsoNormal>%s<o:p></o:p></p>" % _esc(p, "&#8217;"))
        ps.append("<p class=MsoNormal><o:p>&nbsp;</o:p></p>")
    if signature:
        for ln in signature.split("\n"):
            ps.append("<p class=MsoNormal><span style='font-size:10.0pt;color:#1F3864'>%s<o:p></o:p></span></p>"
                      % _esc(ln, "&#8217;"))
    if disclaimer:
        ps.append("<p class=MsoNormal><o:p>&nbsp;</o:p></p>")
        ps.append("<p class=MsoNormal><span style='font-size:7.5pt;color:gray'>%s<o:p></o:p></span></p>"
                  % _esc(disclaimer, "&#8217;"))
    return (
        "<html xmlns:o=\"urn:schemas-microsoft-com:office:office\"><head>"
        "<meta http-equiv=Content-Type content=\"text/html; charset=utf-8\">"
        "<style><!-- p.MsoNormal {margin:0cm; font-size:11.0pt; font-family:\"Calibri\",sans-serif;} "
        "div.WordSection1 {page:WordSection1;} --></style></head>"
        "<body lang=EN-GB link=\"#0563C1\" vlink=\"#954F72\"><div class=WordSection1>"
        + "".join(ps) + "</div></body></html>"
    )


def gmail(paragraphs, quote=None, hidden=None):
    """Gmail HTML; quote = (text, when, sender) of the quoted message."""
    parts = ["<div dir=\"ltr\">"]
    for i, p in enumerate(paragraphs):
        if i:
            parts.append("<div><br></div>")
        parts.append("<div>%s</div>" % _esc(p, "&#39;").replace("\n", "<br>"))
    if hidden:
        parts.append("<div style=\"display:none;font-size:0px;color:#ffffff\">%s</div>" % _esc(hidden, "&#39;"))
    parts.append("</div>")
    if quote:
        text, when, sender = quote
        body = _esc(text, "&#39;").replace("\n", "<br>")
        parts.append(
            "<br><div class=\"gmail_quote\"><div dir=\"ltr\" class=\"gmail_attr\">On %s at %s, %s wrote:<br></div>"
            "<blockquote class=\"gmail_quote\" style=\"margin:0px 0px 0px 0.8ex;border-left:1px solid "
            "rgb(204,204,204);padding-left:1ex\">%s</blockquote></div>"
            % (short_day(when), hm(when), _esc(sender, "&#39;"), body)
        )
    return "".join(parts)


DISCLAIMER_SCHOOL = (
    "This email and any files transmitted with it are confidential and intended solely for the use of "
    "the individual or entity to whom they are addressed. If you have received this email in error please "
    "notify the sender and delete it. Any views or opinions presented are solely those of the author and "
    "do not necessarily represent those of the City of Edinburgh Council. The Council accepts no liability "
    "for any damage caused by any virus transmitted by this email. Please consider the environment before "
    "printing this email."
)

DISCLAIMER_FIRM = (
    "CONFIDENTIALITY NOTICE: The information in this e-mail and any attachments is confidential and may be "
    "legally privileged. It is intended solely for the addressee. If you are not the intended recipient, "
    "any disclosure, copying or distribution is prohibited and may be unlawful; please notify the sender "
    "immediately and delete the message. Greig & Ross LLP is registered in Scotland (SO301774). We do not "
    "accept service of documents by e-mail."
)
