//! What stands in front of the console and the API, whatever the route: a refusal of
//! cross-site state changes, the security headers of every answer, and which requests
//! are sign-ins for the sign-in guard ([`crate::auth::guard`]), which limits failed
//! ones: `POST /login` and `/api/…` (the reviewers' door), `POST /dead-letters/login`
//! (the operators').

use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The door a request authenticates at, for the sign-in guard: `approvals` (the
/// reviewers' sign-in and every API call, which carries a bearer token), `dead_letters`
/// (the operators' sign-in); `None` for pages behind a session.
pub fn doors(method: &Method, path: &str) -> Option<&'static str> {
    if path.starts_with("/api/") || (method == Method::POST && path == "/login") {
        Some("approvals")
    } else if method == Method::POST && path == "/dead-letters/login" {
        Some("dead_letters")
    } else {
        None
    }
}

/// Whether a state-changing form post comes from another site: the browser says so in
/// `Sec-Fetch-Site`, or its `Origin` is not this host. The JSON API (bearer tokens, no
/// cookies) is not a browser's door and is not asked.
fn cross_site(method: &Method, path: &str, headers: &HeaderMap) -> bool {
    if method != Method::POST || path.starts_with("/api/") {
        return false;
    }
    // A browser that says where the request comes from is believed (with a
    // no-referrer policy it may send `Origin: null` for the console's own forms);
    // without the header, the Origin must be this host.
    match headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        Some("same-origin" | "none") => return false,
        Some(_) => return true,
        None => {}
    }
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let origin_host = origin.split_once("://").map_or("", |(_, rest)| rest);
    origin == "null" || origin_host != host
}

// Scripts only from the console itself (its one file, `/console.js`), never inline.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; \
     img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/// The middleware: 403 for a cross-site form post, and the security headers on every
/// answer (`Cache-Control: no-store` on all of them: pages and API answers carry
/// customer data).
pub async fn guard(request: Request, next: Next) -> Response {
    let mut response = if cross_site(request.method(), request.uri().path(), request.headers()) {
        (
            StatusCode::FORBIDDEN,
            "cross-site form posts are refused: open the console itself to decide",
        )
            .into_response()
    } else {
        next.run(request).await
    };
    let h = response.headers_mut();
    for (name, value) in [
        ("content-security-policy", CSP),
        ("x-content-type-options", "nosniff"),
        ("x-frame-options", "DENY"),
        ("referrer-policy", "same-origin"),
        ("cache-control", "no-store"),
    ] {
        h.insert(name, HeaderValue::from_static(value));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sign_ins_and_api_calls_knock_on_a_door_and_pages_do_not() {
        assert_eq!(doors(&Method::POST, "/login"), Some("approvals"));
        assert_eq!(doors(&Method::GET, "/api/approvals"), Some("approvals"));
        assert_eq!(
            doors(&Method::POST, "/dead-letters/login"),
            Some("dead_letters")
        );
        assert_eq!(doors(&Method::GET, "/login"), None);
        assert_eq!(doors(&Method::POST, "/approvals/x/approve"), None);
    }

    #[test]
    fn only_form_posts_from_another_site_are_cross_site() {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, "127.0.0.1:8088".parse().unwrap());
        assert!(!cross_site(&Method::POST, "/approvals/x/approve", &h));
        h.insert(header::ORIGIN, "http://127.0.0.1:8088".parse().unwrap());
        h.insert("sec-fetch-site", "same-origin".parse().unwrap());
        assert!(!cross_site(&Method::POST, "/approvals/x/approve", &h));
        h.insert(header::ORIGIN, "null".parse().unwrap());
        assert!(
            !cross_site(&Method::POST, "/approvals/x/approve", &h),
            "the browser said same-origin"
        );
        h.remove("sec-fetch-site");
        h.insert(header::ORIGIN, "https://evil.example".parse().unwrap());
        assert!(cross_site(&Method::POST, "/approvals/x/approve", &h));
        assert!(!cross_site(&Method::GET, "/", &h));
        assert!(!cross_site(&Method::POST, "/api/approvals/x/approve", &h));
        h.remove(header::ORIGIN);
        h.insert("sec-fetch-site", "cross-site".parse().unwrap());
        assert!(cross_site(&Method::POST, "/login", &h));
    }
}
