//! The cascade against a model server that speaks OpenAI's wire format (the lab's fake
//! server on loopback): a ticket the rules tier is confident about ends there and the
//! server sees no request for it; a ticket the rules tier declines runs again on the
//! LLM tier, whose requests the server counts; both outcome lines name their tier.
//!
//! The rules tier judges intent by meaning, so this test loads all-MiniLM-L6-v2 from
//! the model folder (`scripts/fetch-embedding-model`, which `scripts/test` runs first).

use std::time::Duration;

use serde_json::Value;
use ticket_agent::app;
use ticket_agent::config::{ProviderKind, Settings};
use ticket_agent::process::{Quiet, process};
use ticket_agent_lab::fake_llm::{self, FakeLlmConfig};

/// Cascade settings, rules first, the OpenAI provider pointed at `base_url` last.
fn cascade_settings(base_url: String) -> Settings {
    let mut settings = Settings::defaults();
    settings.model.provider = ProviderKind::Cascade;
    settings.model.cascade.tiers = vec!["rules".into(), "openai".into()];
    settings.model.openai.base_url = base_url;
    settings.model.openai.api_key_env = "TICKET_AGENT_CASCADE_TEST_KEY_NEVER_SET".into();
    settings.model.max_retries = 1;
    settings.model.retry_base_ms = 1;
    settings.model.timeout_secs = 10;
    settings
}

#[tokio::test]
async fn a_confident_ticket_never_reaches_the_llm_and_an_unsure_one_does_and_each_line_names_its_tier()
 {
    let server = fake_llm::spawn(
        "127.0.0.1:0",
        FakeLlmConfig {
            latency: Duration::from_millis(5),
            ..FakeLlmConfig::default()
        },
    )
    .await
    .unwrap();
    let settings = cascade_settings(server.base_url());
    let mode = app::search_mode(&settings).await;
    assert!(
        matches!(mode, app::SearchMode::Hybrid(_)),
        "the rules tier needs the embedding model to judge by meaning: {mode}"
    );
    let model = app::model(&settings).await.unwrap();
    assert!(model.cascade().is_some(), "{}", model.label());
    let agent = app::agent(&settings, app::commerce_backend(&settings).unwrap(), model)
        .await
        .unwrap();
    let requests = || {
        server
            .stats
            .requests
            .load(std::sync::atomic::Ordering::SeqCst)
    };

    // One ticket at a time, so that the server's count belongs to the ticket.
    let run = |line: &'static str| {
        let agent = agent.clone();
        let settings = settings.clone();
        async move {
            let mut out = Vec::new();
            process(
                &agent,
                line,
                settings.agent.max_body_bytes,
                1,
                false,
                &mut out,
                &mut Quiet,
            )
            .await
            .unwrap();
            serde_json::from_slice::<Value>(&out).unwrap()
        }
    };

    // A plain status question with the order in its field: text rules and meaning agree.
    let status = run(
        r#"{"ticket_id":"T-C1","customer_id":"C001","order_id":"O1002","subject":"Shipping","body":"Has my order shipped yet? Could you give me the tracking number please?"}"#,
    )
    .await;
    assert_eq!(status["outcome"], "resolved", "{status}");
    assert_eq!(status["tier"], "rules", "{status}");
    assert!(status.get("declined").is_none(), "{status}");
    assert_eq!(requests(), 0, "the confident ticket reached the LLM");

    // A chargeback threat: escalated by the rules for a reason that needs no second
    // opinion.
    let dispute = run(
        r#"{"ticket_id":"T-C2","customer_id":"C007","order_id":"O1013","subject":"Chargeback","body":"The SSD is slower than advertised. If I don't get my money back today I'm filing a chargeback with my bank."}"#,
    )
    .await;
    assert_eq!(dispute["category"], "legal_or_chargeback", "{dispute}");
    assert_eq!(dispute["tier"], "rules", "{dispute}");
    assert_eq!(requests(), 0, "the confident escalation reached the LLM");

    // A language the rules cannot read: declined, and run from scratch on the LLM.
    let spanish = run(
        r#"{"ticket_id":"T-C3","customer_id":"C001","order_id":"O1002","subject":"Pedido","body":"Hola, mi pedido O1002 no ha llegado todavía. ¿Dónde está? Necesito saberlo pronto. Gracias."}"#,
    )
    .await;
    assert_eq!(spanish["tier"], "openai", "{spanish}");
    assert_eq!(spanish["declined"][0]["tier"], "rules", "{spanish}");
    assert_eq!(
        spanish["declined"][0]["reason"], "unreadable_language",
        "{spanish}"
    );
    assert!(requests() > 0, "the declined ticket never reached the LLM");
    assert_eq!(spanish["model"], "openai:gpt-4o-mini", "{spanish}");
    server.stop().await.unwrap();
}
