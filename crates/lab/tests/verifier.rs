//! Verification measured against any model, in CI: every case of every eval world runs
//! through the product's eval path with the OpenAI provider pointed at the scripted
//! oracle and liar (`ticket_agent_lab::scripted_llm`). In every world, verification
//! must accept at least 99 % of the oracle's answers and refuse every lie.
//!
//! It runs with the embedding model `kb_search` uses, as CI does (scripts/test fetches
//! it first): relevance is judged by meaning then.

use ticket_agent::assembly::{SearchMode, search_mode};
use ticket_agent::config::Settings;
use ticket_agent_lab::eval_worlds;
use ticket_agent_lab::verifier::{self, VerifierOptions};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_every_world_verification_accepts_the_oracle_and_refuses_every_lie() {
    let settings = Settings::defaults();
    let mode = search_mode(&settings).await;
    assert!(
        matches!(mode, SearchMode::Hybrid(_)),
        "{mode}: the embedding model is needed here (run scripts/fetch-embedding-model)"
    );
    let evals = eval_worlds::repo_evals();
    let worlds = eval_worlds::names(&evals).expect("the eval worlds");
    assert!(worlds.len() >= 3, "{worlds:?}");
    let report = verifier::run(
        &settings,
        &VerifierOptions {
            evals,
            worlds,
            concurrency: 4,
        },
    )
    .await
    .expect("the measurement runs");
    println!("{}", report.markdown());
    for w in &report.worlds {
        assert!(w.cases > 0, "{}", w.world);
        assert!(
            w.accepted_share() >= 0.99,
            "{}: the oracle was accepted in {} of {} cases\n{}",
            w.world,
            w.oracle_accepted,
            w.cases,
            report.markdown()
        );
        assert_eq!(
            w.liar_refused,
            w.cases,
            "{}: a lie got through\n{}",
            w.world,
            report.markdown()
        );
        // Every case got a lie, and every move was made somewhere.
        assert_eq!(
            w.moves.values().map(|(made, _)| made).sum::<usize>(),
            w.cases
        );
    }
    let made: std::collections::BTreeSet<&str> = report
        .worlds
        .iter()
        .flat_map(|w| w.moves.keys().map(String::as_str))
        .collect();
    assert_eq!(
        made.len(),
        ticket_agent_lab::scripted_llm::Move::ALL.len(),
        "{made:?}"
    );
}
