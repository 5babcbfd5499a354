//! The frame every console page is drawn in: the document head (with the viewport a
//! phone needs to lay the page out at its own width), the header with the role's
//! navigation, the title, and the one stylesheet; and how its links encode a value.

use axum::response::Html;
use maud::{DOCTYPE, Markup, html};

/// A fixed table layout and breakable words keep every page within the window's width
/// (the browser test checks it at 1280 and 390 px): ids, keys and customer text wrap
/// instead, and on a narrow screen table rows stack as blocks and fields fit the width.
const CSS: &str = "body{font-family:system-ui,sans-serif;margin:0;color:#222}header{background:#223;color:#fff;padding:.6em 1em;display:flex;flex-wrap:wrap;gap:2em;align-items:center}header a{color:#cde}main{padding:1em;overflow-wrap:anywhere}table{border-collapse:collapse;width:100%;table-layout:fixed}td,th{border:1px solid #ccc;padding:.4em;vertical-align:top;text-align:left;overflow-wrap:anywhere}pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}input[type=text]{max-width:100%;box-sizing:border-box}input[type=number]{width:6em}.inline{display:inline}.actions form{margin:.2em 0}.status{font-weight:bold}.warn{background:#fff3cd;padding:.5em;border:1px solid #e0c060}.bad{background:#f8d7da;padding:.5em;border:1px solid #d08080}fieldset{margin:1em 0}\
#risks{padding:0;margin:0 0 1em}.risk{list-style:none;background:#f8d7da;border-left:4px solid #b33;padding:.4em .6em;margin:.2em 0}#no-risks{color:#555}\
input,select,textarea,button{max-width:100%;box-sizing:border-box}\
@media (max-width:640px){main{padding:.5em}header{gap:.5em}table,thead,tbody,tr,th,td{display:block;width:auto}thead{display:none}tr{border:1px solid #ccc;margin:0 0 .6em}td,th{border:none;border-bottom:1px solid #eee}input[type=text]{width:100%}}";

/// Whose pages these are: the name in the header and the title.
#[derive(Debug, Clone, Copy)]
pub enum Face {
    /// The reviewers' approvals pages.
    Approvals,
    /// The operators' dead-letter pages.
    DeadLetters,
}

impl Face {
    fn name(self) -> &'static str {
        match self {
            Face::Approvals => "ticket-agent approvals",
            Face::DeadLetters => "ticket-agent dead letters",
        }
    }
}

/// A whole page: `nav` (the signed-in role's links and sign-out form) in the header,
/// `title` over `body`.
pub fn frame(face: Face, title: &str, nav: Option<Markup>, body: Markup) -> Html<String> {
    Html(
        html! {
            (DOCTYPE)
            html lang="en" {
                head {
                    meta charset="utf-8";
                    meta name="viewport" content="width=device-width, initial-scale=1";
                    title { (title) " — " (face.name()) }
                    style { (maud::PreEscaped(CSS)) }
                }
                body {
                    header {
                        strong { (face.name()) }
                        @if let Some(nav) = nav { nav { (nav) } }
                    }
                    main { h1 { (title) } (body) }
                }
            }
        }
        .into_string(),
    )
}

/// Percent-encodes a query value (everything but the unreserved characters), for the
/// links the pages write.
pub fn url_encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
