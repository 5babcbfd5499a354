//! The packed encoder (`src/embedding/packed.rs`) against candle's, the reference it
//! replaced: on every kind of text the product embeds, in one pass and one text at a
//! time, the vectors agree to within 1e-4 of cosine. It loads the real
//! all-MiniLM-L6-v2 from the model folder; scripts/test fetches it first.

use ticket_agent::commerce::embedded::World;
use ticket_agent::embedding::minilm::{MiniLm, missing_files};
use ticket_agent::embedding::packed::PackedBert;
use ticket_agent::embedding::{Embedder, cosine};

/// Every text the product embeds, of the kinds it embeds: the views of the fixture's
/// and two eval worlds' articles (titles, whole articles up to the length limit,
/// single sentences) and the intent examples, with a few edge cases.
fn sentences() -> Vec<String> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut kb = World::fixture().kb;
    for world in ["outdoor", "home"] {
        kb.extend(
            World::load(&root.join("evals/worlds").join(world).join("world"))
                .expect("the eval world loads")
                .kb,
        );
    }
    let mut out: Vec<String> = kb
        .iter()
        .flat_map(|a| ticket_agent::tools::kb::views(&a.title, &a.body))
        .collect();
    out.extend(
        ticket_agent::model::intent::EXAMPLES
            .iter()
            .map(|(_, t)| t.to_string()),
    );
    out.push(String::new());
    out.push("Où est ma commande? ¿Dónde está mi pedido? 注文はどこですか".into());
    out.push("refund ".repeat(400));
    out
}

#[test]
fn the_packed_encoder_gives_candles_vectors_to_within_1e_4_of_cosine() {
    let dir = ticket_agent::config::Settings::load()
        .expect("settings")
        .kb
        .model_dir();
    assert!(
        missing_files(&dir).is_empty(),
        "the embedding model is not in {}: run scripts/fetch-embedding-model",
        dir.display()
    );
    let candle = MiniLm::load(&dir).expect("candle's model loads");
    let packed = PackedBert::load(&dir).expect("the packed model loads");
    let texts = sentences();
    assert!(texts.len() >= 300, "only {} sentences", texts.len());
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let started = std::time::Instant::now();
    let expected = candle.embed(&refs).unwrap();
    let candle_took = started.elapsed();
    // In one pass, and one text at a time: packing must not mix texts up.
    let started = std::time::Instant::now();
    let together = packed.embed(&refs).unwrap();
    eprintln!(
        "{} texts: candle {candle_took:?}, packed {:?}",
        refs.len(),
        started.elapsed()
    );
    let alone: Vec<Vec<f32>> = refs
        .iter()
        .take(40)
        .map(|t| packed.embed(&[t]).unwrap().remove(0))
        .collect();
    let mut worst = (1.0f32, "");
    for (i, (e, p)) in expected.iter().zip(&together).enumerate() {
        assert_eq!(p.len(), e.len());
        let c = cosine(e, p);
        if c < worst.0 {
            worst = (c, refs[i]);
        }
    }
    for (i, (e, p)) in expected.iter().zip(&alone).enumerate() {
        let c = cosine(e, p);
        if c < worst.0 {
            worst = (c, refs[i]);
        }
    }
    assert!(
        1.0 - worst.0 < 1e-4,
        "cosine {} to candle's on {:?}",
        worst.0,
        worst.1
    );
}
