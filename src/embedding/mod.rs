//! Sentence embeddings: the one interface through which the knowledge-base search and
//! the offline model's intent classifier compare texts by meaning rather than by shared
//! words. Implementations turn each text into a unit-length vector, so that the cosine
//! similarity of two texts is the dot product of their vectors; which model produced
//! them (a transformer run in-process, or nothing when none can be had) is decided once,
//! where the application is built.

/// Turns texts into unit-length vectors of one fixed dimension.
///
/// Kept object-safe and synchronous: embedding is CPU work, so async callers run it on
/// a blocking thread, and one loaded model is shared by every caller behind an `Arc`.
pub trait Embedder: Send + Sync {
    /// One vector per text, in the order given.
    fn embed(&self, texts: &[&str]) -> anyhow::Result<Vec<Vec<f32>>>;

    /// A short name for logs and reports (for example `all-MiniLM-L6-v2`).
    fn name(&self) -> &str;
}

/// Cosine similarity of two unit-length vectors; vectors of different lengths never
/// match (0.0) rather than panicking on a mixed-up index.
pub fn cosine(a: &[f32], b: &[f32]) -> f32 {
    if a.len() != b.len() {
        return 0.0;
    }
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

#[cfg(test)]
mod tests {
    use super::cosine;

    #[test]
    fn cosine_of_unit_vectors_is_their_dot_product_and_mismatched_lengths_never_match() {
        let a = [0.6, 0.8];
        assert!((cosine(&a, &a) - 1.0).abs() < 1e-6);
        assert!(cosine(&a, &[0.8, -0.6]).abs() < 1e-6);
        assert_eq!(cosine(&a, &[1.0]), 0.0);
    }
}
