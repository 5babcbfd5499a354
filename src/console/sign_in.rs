//! The one sign-in door both roles go through, reviewers at `/login` and operators at
//! `/dead-letters/login`: a form carrying a CSRF token of its own before there is a
//! session (a double submit: the same random value in a cookie only this site can set
//! and in the form, so another site cannot sign a browser in under a token of its
//! choosing), a bearer token traded for a random session id in an HttpOnly,
//! SameSite=Strict cookie, and secrets compared in constant time. Where the session is
//! kept is the role's own (the approvals' database, Redis).

use axum::http::StatusCode;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use maud::{Markup, html};
use serde::Deserialize;
use subtle::ConstantTimeEq;

/// Whether two secrets are equal, in time that does not depend on where they differ
/// (a length mismatch answers at once: lengths are not secret here).
pub fn same_secret(a: &str, b: &str) -> bool {
    bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}

/// 256 random bits in hex: session ids, CSRF tokens, run ids.
pub fn random_hex() -> String {
    let a: u128 = rand::random();
    let b: u128 = rand::random();
    format!("{a:032x}{b:032x}")
}

/// Whether `value` has the shape of a [`random_hex`] value (anything else is not looked
/// up).
pub fn is_random_hex(value: &str) -> bool {
    value.len() == 64 && value.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A posted sign-in form.
#[derive(Deserialize)]
pub struct LoginForm {
    token: String,
    #[serde(default)]
    login_csrf: String,
}

/// One role's door: where its form lives and which cookies it sets.
pub struct Door {
    /// Where the form is shown and posted.
    pub path: &'static str,
    /// The cookie holding the form's own token (path: [`Door::path`]).
    pub login_cookie: &'static str,
    /// The session's cookie, and the paths it covers.
    pub session_cookie: &'static str,
    /// See [`Door::session_cookie`].
    pub session_path: &'static str,
    /// The token field's label.
    pub label: &'static str,
    /// What an unknown token is told.
    pub unknown: &'static str,
    /// A line under the form, if any.
    pub note: Option<&'static str>,
}

impl Door {
    /// The sign-in form, and the jar with the form's token cookie set.
    pub fn form(&self, jar: CookieJar, secure: bool) -> (CookieJar, Markup) {
        let token = random_hex();
        let cookie = Cookie::build((self.login_cookie, token.clone()))
            .http_only(true)
            .same_site(SameSite::Strict)
            .secure(secure)
            .path(self.path)
            .build();
        let form = html! {
            form method="post" action=(self.path) {
                input type="hidden" name="login_csrf" value=(token);
                label { (self.label) " " input type="password" name="token" autocomplete="off" autofocus; }
                " " button type="submit" { "Sign in" }
            }
            @if let Some(note) = self.note { p { small { (note) } } }
        };
        (jar.add(cookie), form)
    }

    /// Who `form` signs in, as `who` names a token's holder; or the refusal to show: a
    /// form that expired or came from elsewhere (403), an unknown token (401).
    ///
    /// # Errors
    /// The refusal's status and the page body saying why.
    pub fn admit<'a>(
        &self,
        jar: &CookieJar,
        form: &LoginForm,
        who: impl FnOnce(&str) -> Option<&'a str>,
    ) -> Result<&'a str, (StatusCode, Markup)> {
        let expected = jar.get(self.login_cookie).map(|c| c.value().to_string());
        if !expected.is_some_and(|e| e.len() == 64 && same_secret(&e, &form.login_csrf)) {
            return Err((
                StatusCode::FORBIDDEN,
                html! { p #error { "The sign-in form expired or came from elsewhere." } a href=(self.path) { "Sign in again" } },
            ));
        }
        who(form.token.trim()).ok_or_else(|| {
            (
                StatusCode::UNAUTHORIZED,
                html! { p #error { (self.unknown) } a href=(self.path) { "Try again" } },
            )
        })
    }

    /// The jar once session `sid` is open: its cookie set, the form's token gone.
    pub fn opened(&self, jar: CookieJar, sid: String, secure: bool) -> CookieJar {
        let cookie = Cookie::build((self.session_cookie, sid))
            .http_only(true)
            .same_site(SameSite::Strict)
            .secure(secure)
            .path(self.session_path)
            .build();
        jar.remove(Cookie::build(self.login_cookie).path(self.path))
            .add(cookie)
    }

    /// The session id the jar carries, when it has the right shape.
    pub fn session_id(&self, jar: &CookieJar) -> Option<String> {
        jar.get(self.session_cookie)
            .map(|c| c.value().to_string())
            .filter(|sid| is_random_hex(sid))
    }

    /// The jar once the session is closed.
    pub fn closed(&self, jar: CookieJar) -> CookieJar {
        jar.remove(Cookie::build(self.session_cookie).path(self.session_path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOOR: Door = Door {
        path: "/login",
        login_cookie: "t_login",
        session_cookie: "t_session",
        session_path: "/",
        label: "Token",
        unknown: "Unknown token.",
        note: None,
    };

    fn posted(token: &str, login_csrf: &str) -> LoginForm {
        LoginForm {
            token: token.into(),
            login_csrf: login_csrf.into(),
        }
    }

    #[test]
    fn a_form_is_admitted_only_with_its_own_cookie_and_a_known_token() {
        let (jar, _) = DOOR.form(CookieJar::new(), false);
        let csrf = jar.get("t_login").unwrap().value().to_string();
        let who = |t: &str| (t == "secret").then_some("alice");
        assert_eq!(
            DOOR.admit(&jar, &posted(" secret ", &csrf), who).ok(),
            Some("alice")
        );
        let refused = |r: Result<&str, (StatusCode, Markup)>| r.err().map(|(s, _)| s);
        assert_eq!(
            refused(DOOR.admit(&jar, &posted("secret", &random_hex()), who)),
            Some(StatusCode::FORBIDDEN),
            "another site's form"
        );
        assert_eq!(
            refused(DOOR.admit(&CookieJar::new(), &posted("secret", &csrf), who)),
            Some(StatusCode::FORBIDDEN),
            "no cookie"
        );
        assert_eq!(
            refused(DOOR.admit(&jar, &posted("guess", &csrf), who)),
            Some(StatusCode::UNAUTHORIZED)
        );
    }

    #[test]
    fn an_opened_session_is_read_back_and_a_malformed_id_is_not() {
        let sid = random_hex();
        let jar = DOOR.opened(CookieJar::new(), sid.clone(), true);
        assert_eq!(DOOR.session_id(&jar), Some(sid));
        let forged = CookieJar::new().add(Cookie::new("t_session", "../../etc"));
        assert_eq!(DOOR.session_id(&forged), None);
    }
}
