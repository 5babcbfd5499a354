"""How help desks hand us email bodies: Outlook's Word HTML and Gmail's HTML."""
import html

OUTLOOK_HEAD = """<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns:m="http://schemas.microsoft.com/office/2004/12/omml" xmlns="http://www.w3.org/TR/REC-html40"><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><meta name="Generator" content="Microsoft Word 15 (filtered medium)"><style><!--
/* Font Definitions */
@font-face
	{font-family:"Cambria Math";
	panose-1:2 4 5 3 5 4 6 3 2 4;}
@font-face
	{font-family:Calibri;
	panose-1:2 15 5 2 2 2 4 3 2 4;}
/* Style Definitions */
p.MsoNormal, li.MsoNormal, div.MsoNormal
	{margin:0cm;
	font-size:11.0pt;
	font-family:"Calibri",sans-serif;
	mso-fareast-language:EN-US;}
span.EmailStyle17
	{mso-style-type:personal-compose;
	font-family:"Calibri",sans-serif;
	color:windowtext;}
.MsoChpDefault
	{mso-style-type:export-only;
	font-family:"Calibri",sans-serif;
	mso-fareast-language:EN-US;}
@page WordSection1
	{size:612.0pt 792.0pt;
	margin:72.0pt 72.0pt 72.0pt 72.0pt;}
div.WordSection1
	{page:WordSection1;}
--></style><!--[if gte mso 9]><xml>
<o:shapedefaults v:ext="edit" spidmax="1026" />
</xml><![endif]--><!--[if gte mso 9]><xml>
<o:shapelayout v:ext="edit">
<o:idmap v:ext="edit" data="1" />
</o:shapelayout></xml><![endif]--></head><body lang="EN-GB" link="#0563C1" vlink="#954F72" style="word-wrap:break-word"><div class="WordSection1">
"""
OUTLOOK_TAIL = "</div>\n</body>\n</html>\n"

_OUTLOOK_ENT = {"\u2019": "&#8217;", "'": "&#8217;", "\u2013": "&#8211;", "\u2014": "&#8212;",
                "é": "&eacute;", "á": "&aacute;", "í": "&iacute;", "ü": "&uuml;", "ø": "&oslash;",
                "æ": "&aelig;", "€": "&euro;", "£": "&pound;"}


def _outlook_escape(text):
    out = html.escape(text, quote=True).replace("&#x27;", "'")
    for ch, ent in _OUTLOOK_ENT.items():
        out = out.replace(ch, ent)
    # Word turns a spaced hyphen into an en dash and runs of spaces into &nbsp;
    return out.replace(" - ", " &#8211; ").replace("  ", " &nbsp;")


def _p(inner):
    return '<p class="MsoNormal">%s<o:p></o:p></p>\n' % inner


BLANK = '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>\n'


def outlook(paras, sig=None, original=None):
    out = [OUTLOOK_HEAD]
    for i, para in enumerate(paras):
        out.append(_p(_outlook_escape(para)))
        if i < len(paras) - 1 and not para.endswith(","):
            out.append(BLANK)
    if sig:
        out.append(BLANK)
        for j, line in enumerate(sig):
            if not line:
                out.append(BLANK)
            elif j == 0:
                out.append(_p('<b><span style="font-size:10.0pt;color:#1F3864">%s</span></b>' % _outlook_escape(line)))
            elif len(line) > 160:
                out.append(_p('<span style="font-size:7.5pt;color:#7F7F7F">%s</span>' % _outlook_escape(line)))
            else:
                out.append(_p('<span style="font-size:10.0pt;color:#595959">%s</span>' % _outlook_escape(line)))
    if original:
        out.append(BLANK)
        out.append(_p("-----Original Message-----"))
        out.append(_p('<b>From:</b> %s<br><b>Sent:</b> %s<br><b>To:</b> %s<br><b>Subject:</b> %s' % (
            _outlook_escape(original["from_"]), _outlook_escape(original["sent"]),
            _outlook_escape(original["to"]), _outlook_escape(original["subject"]))))
        out.append(BLANK)
        for para in original["paras"]:
            out.append(_p(_outlook_escape(para)))
            out.append(BLANK)
    out.append(OUTLOOK_TAIL)
    return "".join(out)


def _gmail_escape(text):
    return html.escape(text, quote=True).replace("&#x27;", "&#39;")


def gmail(paras, quote=None):
    parts = []
    for i, para in enumerate(paras):
        parts.append("<div>%s</div>" % _gmail_escape(para))
        if i < len(paras) - 1 and not para.endswith(",") and len(para) > 25:
            parts.append("<div><br></div>")
    body = '<div dir="ltr">' + "".join(parts) + "</div>"
    if quote:
        inner = "".join("<div>%s</div><div><br></div>" % _gmail_escape(p) for p in quote["paras"])
        body += ('<br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">%s<br></div>'
                 '<blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid '
                 'rgb(204,204,204);padding-left:1ex"><div dir="ltr">%s</div></blockquote></div>'
                 % (_gmail_escape(quote["header"]), inner))
    return body + "\n"


def render(body):
    """body: a plain string, or (kind, spec) with kind outlook | gmail | html."""
    if isinstance(body, str):
        return body
    kind, spec = body
    if kind == "outlook":
        return outlook(spec["paras"], spec.get("sig"), spec.get("original"))
    if kind == "gmail":
        return gmail(spec["paras"], spec.get("quote"))
    if kind == "html":
        return spec
    raise ValueError("unknown body kind %r" % kind)
