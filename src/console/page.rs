//! The frame every console page is drawn in: the document head (with the viewport a
//! phone needs to lay the page out at its own width), the header with the role's
//! navigation, the title, the one stylesheet and, on the reviewers' pages, the one
//! script (keyboard shortcuts, served at [`SCRIPT_PATH`] because the pages' CSP allows
//! scripts from the console itself only, never inline); and how its links encode a
//! value.

use axum::http::header;
use axum::response::{Html, IntoResponse};
use maud::{DOCTYPE, Markup, html};

/// A fixed table layout and breakable words keep every page within the window's width
/// (the browser test checks it at 1280 and 390 px): ids, keys and customer text wrap
/// instead, and on a narrow screen table rows stack as blocks and fields fit the width.
const CSS: &str = "body{font-family:system-ui,sans-serif;margin:0;color:#222}header{background:#223;color:#fff;padding:.6em 1em;display:flex;flex-wrap:wrap;gap:2em;align-items:center}header a{color:#cde}main{padding:1em;overflow-wrap:anywhere}table{border-collapse:collapse;width:100%;table-layout:fixed}td,th{border:1px solid #ccc;padding:.4em;vertical-align:top;text-align:left;overflow-wrap:anywhere}pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}input[type=text]{max-width:100%;box-sizing:border-box}input[type=number]{width:6em}.inline{display:inline}.actions form{margin:.2em 0}.status{font-weight:bold}.warn{background:#fff3cd;padding:.5em;border:1px solid #e0c060}.bad{background:#f8d7da;padding:.5em;border:1px solid #d08080}fieldset{margin:1em 0}\
#risks{padding:0;margin:0 0 1em}.risk{list-style:none;background:#f8d7da;border-left:4px solid #b33;padding:.4em .6em;margin:.2em 0}#no-risks{color:#555}\
input,select,textarea,button{max-width:100%;box-sizing:border-box}\
.hint{color:#555;font-size:.9em}kbd{border:1px solid #999;border-radius:3px;padding:0 .3em;background:#f4f4f4;font-size:.9em}#pending-nav{margin:.5em 0}#pending-nav .none{color:#888}tr.current{outline:3px solid #36c;outline-offset:-3px}\
dl.fields{display:grid;grid-template-columns:max-content 1fr;gap:.3em 1em;margin:0}dl.fields dt{font-weight:bold}dl.fields dd{margin:0;min-width:0}\
#timeline{padding-left:1.6em;margin:.5em 0}#timeline .step{margin:.4em 0;padding:.3em .5em;border-left:4px solid #4a4}#timeline .step-error{border-left-color:#b33;background:#fbeaea}#timeline .arg{display:inline-block;max-width:100%;background:#eef;border-radius:3px;padding:0 .3em}#timeline .arg-name{color:#556;font-size:.85em}#timeline .call-status{font-size:.85em;color:#555;font-style:italic}#timeline .summary{color:#333}\
#decide form{margin:.5em 0;display:flex;flex-wrap:wrap;gap:.4em;align-items:center}#decide input,#decide button{font-size:1em;padding:.35em .5em}#decide input[type=text]{flex:1 1 16em}#decide input[type=number]{width:8em}#decide button{padding:.35em 1.2em}\
@media (max-width:640px){main{padding:.5em}header{gap:.5em}table,thead,tbody,tr,th,td{display:block;width:auto}thead{display:none}tr{border:1px solid #ccc;margin:0 0 .6em}td,th{border:none;border-bottom:1px solid #eee}input[type=text]{width:100%}dl.fields{grid-template-columns:1fr}dl.fields dd{margin-bottom:.3em}}";

/// Where the reviewers' pages load [`SCRIPT`] from.
pub const SCRIPT_PATH: &str = "/console.js";

/// The reviewers' keyboard shortcuts, the only script of the console (no framework):
/// `j` / `k` move to the next / previous pending approval (on the list, the highlighted
/// row; on an approval's page, its `#next-pending` / `#prev-pending` links), `a`
/// approves (the highlighted row's or the page's approve form, as filled in), `r` puts
/// the cursor in the reason of the reject form, `e` in the amount to approve instead,
/// and Escape leaves a field. No key acts while the cursor is in a field, so typing a
/// note or an amount never decides anything; a form is sent as its button would send
/// it, browser checks (a required reason) included.
pub const SCRIPT: &str = r#"(() => {
  "use strict";
  const typing = (el) => !!el && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName));
  const rows = [...document.querySelectorAll('tr[id^="row-"]')].filter((r) => r.querySelector("form.approve-form"));
  let current = -1;
  const here = () => (rows.length ? rows[current] : document.getElementById("decide"));
  const move = (step) => {
    if (!rows.length) {
      const link = document.getElementById(step > 0 ? "next-pending" : "prev-pending");
      if (link) window.location.assign(link.href);
      return;
    }
    if (current >= 0) rows[current].classList.remove("current");
    current = Math.min(rows.length - 1, Math.max(0, current + step));
    rows[current].classList.add("current");
    rows[current].scrollIntoView({ block: "nearest" });
  };
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    if (typing(event.target)) {
      if (event.key === "Escape") event.target.blur();
      return;
    }
    const scope = here();
    const find = (css) => (scope ? scope.querySelector(css) : null);
    switch (event.key) {
      case "j": move(1); break;
      case "k": move(-1); break;
      case "a": {
        const form = find("form.approve-form");
        if (!form) return;
        form.requestSubmit(form.querySelector("button.approve"));
        break;
      }
      case "r": case "e": {
        const field = find(event.key === "r" ? "form.reject-form input[name=note]" : "form.approve-form input[name=amount]");
        if (!field) return;
        field.focus();
        field.select();
        break;
      }
      default: return;
    }
    event.preventDefault();
  });
})();
"#;

/// `GET /console.js`: [`SCRIPT`].
pub async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        SCRIPT,
    )
}

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
                    @if matches!(face, Face::Approvals) { script src=(SCRIPT_PATH) defer {} }
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
