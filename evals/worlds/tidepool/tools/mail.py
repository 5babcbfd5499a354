"""Small helpers to write ticket bodies the way help desks and mail clients forward them."""
import datetime

SUPPORT = "Tidepool Support &lt;support@tidepoolaquatics.com&gt;"
SUPPORT_PLAIN = "Tidepool Support <support@tidepoolaquatics.com>"


def _when(date, time):
    d = datetime.date.fromisoformat(date)
    return d.strftime("%a, %b ") + str(d.day) + d.strftime(", %Y") + " at " + time


def gmail_quote(date, time, who_html, inner_html):
    """A Gmail reply chain: <div class="gmail_quote">On Tue, Mar 3, 2027 at 9:14 AM X wrote:<blockquote>..."""
    return (
        '<div class="gmail_quote"><div dir="ltr" class="gmail_attr">On ' + _when(date, time) + " "
        + who_html + ' wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px '
        '0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">' + inner_html
        + "</blockquote></div>"
    )


def plain_quote(date, time, who, text):
    """A plain-text reply chain with '>' quoting."""
    lines = ["On " + _when(date, time) + " " + who + " wrote:"]
    for line in text.split("\n"):
        lines.append(">" + ((" " + line) if line else ""))
    return "\n".join(lines)


def outlook(paragraphs_html, signature_html=""):
    """An Outlook (Word-engine) HTML message."""
    ps = "".join(
        '<p class="MsoNormal">' + p + "<o:p></o:p></p>" if p else
        '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>'
        for p in paragraphs_html
    )
    return (
        '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta http-equiv="Content-Type" '
        'content="text/html; charset=utf-8"><style><!-- p.MsoNormal {margin:0in;font-size:11.0pt;'
        'font-family:"Calibri",sans-serif;} --></style></head><body lang="EN-US" link="#0563C1" '
        'vlink="#954F72" style="word-wrap:break-word"><div class="WordSection1">' + ps + signature_html
        + "</div></body></html>"
    )
