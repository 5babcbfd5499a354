"""Helpers shared by the case files: signatures, Outlook HTML, quoted reply chains, the case builder."""
import html as _html

NOW = "2027-10-21T14:00:00Z"
CARE = "Oakline Care Team <care@oakline.example>"

SIG = {
    "OAK-77310": (
        "Margaret Holloway\nPrincipal Designer | Holloway Interiors\n415-555-0142 | holloway-interiors.example.com\n\n"
        "This email and any attachments are confidential and intended solely for the addressee. If you have received "
        "this message in error, please notify the sender and delete it. Holloway Interiors accepts no liability for "
        "viruses transmitted with this email."
    ),
    "OAK-77342": "Cheers,\nDaniel",
    "OAK-77415": (
        "Best regards,\n\nPriya Raman, AIA\nSenior Associate\nRaman Studio Architects\n1120 Alder Street, Suite 300, "
        "Portland, OR 97205\nT 503-555-0187\n\n"
        "CONFIDENTIALITY AND LEGAL NOTICE: This email and any attachments are confidential and may contain legally "
        "privileged information. If you are not the intended recipient, any review, disclosure, copying or use is "
        "prohibited. Please notify the sender and permanently delete this message. Nothing in this email constitutes "
        "a binding contract or professional advice unless expressly stated."
    ),
    "OAK-77468": "Tom Brennan",
    "OAK-77503": "Kind regards,\nEleanor Whitfield",
    "OAK-77551": "Marcus",
    "OAK-77586": "Thanks so much!\nHannah",
    "OAK-77620": "Rafael Moreno\nOwner, Casa Moreno\n2214 Mission St, San Francisco, CA\n\nSent from my iPad",
    "OAK-77674": "Sophie",
    "OAK-77709": (
        "Gregory Ashworth\nPartner | Ashworth & Vance LLP\n200 Park Avenue South, 14th Floor, New York, NY 10003\n"
        "D 212-555-0163 | gashworth@ashworthvance.example.com\n\n"
        "PRIVILEGED & CONFIDENTIAL. This message is from a law firm and may contain attorney-client privileged "
        "communications or attorney work product. It is intended only for the named recipient. If you received it in "
        "error, do not read, copy or forward it; notify the sender by reply and delete it. This email does not create "
        "an attorney-client relationship and is not legal advice."
    ),
    "OAK-77738": "Naomi Fitzgerald",
    "OAK-77792": "Best,\nKenji Watanabe",
    "OAK-77815": (
        "Beatrice Castellano\nOffice Manager | Northfield Analytics, Inc.\n500 W Madison St, Suite 2100, Chicago, IL 60661\n"
        "P 312-555-0119\n\nThis e-mail, including any attachments, is intended only for the person or entity to which "
        "it is addressed and may contain confidential, proprietary or legally protected information. Any unauthorized "
        "review, use or distribution is prohibited. Northfield Analytics' legal department requires us to note that "
        "e-mail cannot be guaranteed to be secure or error-free."
    ),
    "OAK-77860": "Oliver Grant",
    "OAK-77903": "Warmly,\nAmara",
    "OAK-77944": "Felix Marchetti",
}


def quote_gmail(when, text, who=CARE):
    """A Gmail/Apple-Mail style quoted reply."""
    lines = []
    for line in text.split("\n"):
        lines.append("> " + line if line else ">")
    return f"On {when}, {who} wrote:\n" + "\n".join(lines)


def quote_outlook(sent, to, subject, text, frm=CARE):
    """An Outlook style quoted reply."""
    return (
        "-----Original Message-----\n"
        f"From: {frm}\nSent: {sent}\nTo: {to}\nSubject: {subject}\n\n{text}"
    )


def outlook_html(paragraphs, signature_lines, tail_html=""):
    """An Outlook/Word HTML body: WordSection1, MsoNormal paragraphs, <o:p> and &nbsp; spacers."""
    def p(text):
        if text == "":
            return '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>'
        esc = _html.escape(text, quote=False).replace("  ", " &nbsp;")
        return f'<p class="MsoNormal">{esc}<o:p></o:p></p>'

    parts = [
        '<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" '
        'xmlns:w="urn:schemas-microsoft-com:office:word" xmlns="http://www.w3.org/TR/REC-html40">',
        '<head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">'
        '<meta name="Generator" content="Microsoft Word 15 (filtered medium)">'
        '<style><!-- p.MsoNormal, li.MsoNormal, div.MsoNormal {margin:0in; font-size:11.0pt; '
        'font-family:"Calibri",sans-serif;} span.EmailStyle17 {mso-style-type:personal-compose;} '
        '@page WordSection1 {size:8.5in 11.0in; margin:1.0in 1.0in 1.0in 1.0in;} '
        'div.WordSection1 {page:WordSection1;} --></style></head>',
        '<body lang="EN-US" link="#0563C1" vlink="#954F72" style="word-wrap:break-word">',
        '<div class="WordSection1">',
    ]
    for para in paragraphs:
        parts.append(p(para))
    parts.append(p(""))
    for line in signature_lines:
        parts.append(
            '<p class="MsoNormal"><span style="font-size:9.0pt;color:#595959">'
            + (_html.escape(line, quote=False) if line else "&nbsp;")
            + "<o:p></o:p></span></p>"
        )
    parts.append(tail_html)
    parts.append("</div></body></html>")
    return "\n".join(parts)


CASES = []
RETRIEVAL = {}  # case id -> list of relevant article ids


def add(cid, tags, customer_id, subject, body, outcome, category=None, required=None, actions=None,
        includes=None, order_id=None, relevant=None, forbid_refund=None):
    ticket = {"subject": subject, "body": body, "customer_id": customer_id}
    if order_id is not None:
        ticket["order_id"] = order_id
    expect = {"outcome": outcome}
    if outcome == "escalated":
        assert category, cid
        expect["category"] = category
    else:
        assert category is None, cid
    if required:
        expect["tools_required"] = list(required)
    if outcome != "refund_proposed":
        if forbid_refund is None or forbid_refund:
            expect["tools_forbidden"] = ["issue_refund"]
        expect["actions"] = []
    else:
        assert actions, cid
        expect["actions"] = actions
    if includes:
        assert outcome != "escalated", cid
        expect["message_includes"] = list(includes)
    CASES.append({"id": cid, "tags": list(tags), "now": NOW, "ticket": ticket, "expect": expect})
    if relevant:
        RETRIEVAL[cid] = list(relevant)


def refund_action(order_id, amount):
    return [{"tool": "issue_refund", "order_id": order_id, "amount_usd_max": amount}]


R_ELIGIBLE = ["order_lookup", "refund_eligibility", "issue_refund"]
R_CHECK = ["refund_eligibility"]
LOOKUP = ["order_lookup"]
KB = ["kb_search"]
