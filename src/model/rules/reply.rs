//! The wording of the rules model's answers: an article's text, the tail that answers
//! what else the ticket asked, an escalation's reason, and an order's status in words.

use serde_json::{Value, json};

use super::History;
use crate::tools::contracts::{KB_SEARCH, ORDER_LOOKUP, REFUND_ELIGIBILITY};

pub(super) fn article_text(article: &Value) -> String {
    format!(
        "{}: {}",
        article["title"].as_str().unwrap_or_default(),
        article["body"].as_str().unwrap_or_default()
    )
}

/// The structured tail of the final message (docs/verification.md): the outcome, its
/// category and what it rests on, read from this conversation's tool results — the
/// orders found, the articles quoted, the eligibility answers.
pub(super) fn with_tail(text: &str, h: &History) -> String {
    let mut orders: Vec<&str> = Vec::new();
    let mut articles: Vec<&str> = Vec::new();
    let mut eligibility: Vec<Value> = Vec::new();
    for (name, args, out) in &h.done {
        if out.get("error").is_some() {
            continue;
        }
        match name.as_str() {
            ORDER_LOOKUP => {
                if let Some(id) = args["order_id"].as_str()
                    && text.contains(id)
                    && !orders.contains(&id)
                {
                    orders.push(id);
                }
            }
            REFUND_ELIGIBILITY => {
                if let Some(id) = out["order_id"].as_str()
                    && text.contains(id)
                {
                    eligibility.push(
                        json!({ "order_id": id, "eligible": out["eligible"] == Value::Bool(true) }),
                    );
                }
            }
            KB_SEARCH => {
                for a in out["articles"].as_array().into_iter().flatten() {
                    if let (Some(id), Some(title)) = (a["id"].as_str(), a["title"].as_str())
                        && text.contains(&format!("{title}: "))
                        && !articles.contains(&id)
                    {
                        articles.push(id);
                    }
                }
            }
            _ => {}
        }
    }
    let (outcome, category) = if let Some(rest) = text.strip_prefix("ESCALATED: [") {
        ("escalated", rest.split(']').next().map(str::to_string))
    } else {
        let outcome = if text.starts_with("REFUND_PROPOSED:") {
            "refund_proposed"
        } else {
            "resolved"
        };
        let category = match (
            !orders.is_empty(),
            !articles.is_empty(),
            !eligibility.is_empty(),
        ) {
            (_, false, true) => Some("refund"),
            (true, false, false) => Some("order_status"),
            (false, true, false) => Some("how_to"),
            _ => None,
        };
        (outcome, category.map(str::to_string))
    };
    let tail = json!({
        "outcome": outcome,
        "category": category,
        "grounds": { "orders": orders, "articles": articles, "eligibility": eligibility },
    });
    format!("{text}\n\n```json\n{tail}\n```")
}

pub(super) fn reason_snippet(text: &str) -> String {
    let s: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let s: String = s.chars().take(300).collect();
    if s.is_empty() {
        "customer request".into()
    } else {
        s
    }
}

pub(super) fn describe_status(order: &Value) -> String {
    let id = order["order_id"].as_str().unwrap_or("?");
    let date = |k: &str| {
        order[k]
            .as_str()
            .map(|d| d.get(..10).unwrap_or(d).to_string())
    };
    let items: Vec<&str> = order["items"]
        .as_array()
        .map(|a| a.iter().filter_map(|i| i["name"].as_str()).collect())
        .unwrap_or_default();
    let what = if items.is_empty() {
        String::new()
    } else {
        format!(" ({})", items.join(", "))
    };
    let tracking = match (order["carrier"].as_str(), order["tracking_number"].as_str()) {
        (Some(c), Some(n)) => format!(" with {c}, tracking number {n}"),
        _ => String::new(),
    };
    match order["status"].as_str().unwrap_or("unknown") {
        "processing" => format!(
            "Order {id}{what} was placed on {} and is still processing (being prepared); it has not shipped yet, and you will receive tracking details by email once it does.",
            date("order_date").unwrap_or_default()
        ),
        "shipped" => format!(
            "Order {id}{what} shipped on {}{tracking} and is on its way.",
            date("shipped_at").unwrap_or_else(|| "a recent date".into())
        ),
        "delivered" => match date("delivered_at") {
            Some(d) => format!("Order {id}{what} was delivered on {d}{tracking}."),
            None => format!("Order {id}{what} is marked as delivered{tracking}."),
        },
        "cancelled" => {
            format!("Order {id}{what} was cancelled and its amount was refunded automatically.")
        }
        "returned" => format!("Order {id}{what} was returned to us."),
        other => format!("Order {id}{what} has status {other}."),
    }
}
