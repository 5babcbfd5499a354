//! Where a connection URL points, said without what it carries: `host:port`, for the
//! errors and logs that must name the server they could not reach but never a user
//! name or a password. Below everything that connects (the settings, Redis, RabbitMQ,
//! the HTTP providers), so each can use it.

/// Where `url` points, `host:port`, with the scheme's usual port when it names none
/// (`amqp` 5672, `amqps` 5671, `redis` 6379, `rediss` 6380, `postgres` 5432): what an
/// error says it could not reach, without a user name or a password.
pub fn host_port(url: &str) -> String {
    let Some((scheme, rest)) = url.trim().split_once("://") else {
        return "(not a URL)".to_string();
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let has_port = match host.rsplit_once(':') {
        // `[::1]:5672` has one; a bare `[::1]` does not.
        Some((h, p)) => {
            !p.is_empty()
                && p.bytes().all(|b| b.is_ascii_digit())
                && (!h.starts_with('[') || h.ends_with(']'))
        }
        None => false,
    };
    if has_port || host.is_empty() {
        return host.to_string();
    }
    let port = match scheme.to_ascii_lowercase().as_str() {
        "amqp" => "5672",
        "amqps" => "5671",
        "redis" => "6379",
        "rediss" => "6380",
        "postgres" | "postgresql" => "5432",
        _ => return host.to_string(),
    };
    format!("{host}:{port}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endpoint_is_named_by_host_and_port_never_by_its_credentials() {
        assert_eq!(
            host_port("amqp://guest:secret@10.0.0.5:5673/%2f"),
            "10.0.0.5:5673"
        );
        assert_eq!(host_port("amqp://user:pw@rabbit"), "rabbit:5672");
        assert_eq!(
            host_port("rediss://:pw@cache.example.com"),
            "cache.example.com:6380"
        );
        assert_eq!(host_port("redis://127.0.0.1:6379/0"), "127.0.0.1:6379");
        assert_eq!(host_port("postgres://postgres@db/ticket_agent"), "db:5432");
        assert_eq!(host_port("amqp://[::1]"), "[::1]:5672");
        assert_eq!(host_port("amqp://[::1]:5673"), "[::1]:5673");
        assert_eq!(host_port("nonsense"), "(not a URL)");
    }
}
