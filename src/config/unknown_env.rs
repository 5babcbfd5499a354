//! Environment variables under the settings' prefix that name no setting.
//!
//! The `config` crate takes every `TICKET_AGENT__…` variable and the settings ignore a
//! key they do not have, so a misspelt `TICKET_AGENT__AGENT__CONCURENCY` would change
//! nothing without a word. [`unknown_settings`] names such variables, each with the
//! nearest setting there is, and [`super::Settings::load`] logs them at start. Only the
//! variables' names are read, never their values, which may be secrets.
//!
//! The keys are read off the settings' own `Deserialize` impls rather than off
//! `config/default.toml`, which leaves out the settings with a default in the code
//! (`clock.now`, `model.openai.prompt_cache`, …): every field of every section, with a
//! map or a list (`model.limits.models`, `approvals.policies`) open to any key below it.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::Deserialize;
use serde::de::{self, IntoDeserializer, Visitor};

use super::Settings;

/// The prefix of the environment variables that are settings, `TICKET_AGENT__SECTION__KEY`.
/// `TICKET_AGENT_ENV`, `TICKET_AGENT_CONFIG_DIR` and the other names with one underscore
/// are not settings.
const ENV_PREFIX: &str = "TICKET_AGENT__";

/// A `TICKET_AGENT__…` variable that names no setting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownSetting {
    /// The variable, as it is set.
    pub variable: String,
    /// The variable of the nearest setting, when one is close.
    pub suggestion: Option<String>,
}

impl fmt::Display for UnknownSetting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown setting {} is ignored", self.variable)?;
        if let Some(suggestion) = &self.suggestion {
            write!(f, "; did you mean {suggestion}?")?;
        }
        Ok(())
    }
}

/// The variables among `names` (the environment's variable names) that start with
/// `TICKET_AGENT__`, ignoring case as the `config` crate does, and name no setting, sorted
/// by name. A key below a map or a list setting is taken as known.
pub fn unknown_settings<I, S>(names: I) -> Vec<UnknownSetting>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let keys = settings_keys();
    let prefix = ENV_PREFIX.to_lowercase();
    let mut unknown: Vec<UnknownSetting> = names
        .into_iter()
        .filter_map(|name| {
            let name = name.as_ref();
            let path = name
                .to_lowercase()
                .strip_prefix(&prefix)?
                .replace("__", ".");
            (!is_known(&keys, &path)).then(|| UnknownSetting {
                variable: name.to_string(),
                suggestion: nearest(&keys, &path).map(variable_of),
            })
        })
        .collect();
    unknown.sort_by(|a, b| a.variable.cmp(&b.variable));
    unknown
}

/// Logs one warning per unknown setting in the process environment, once per process,
/// and only once a subscriber would show it: the binary loads the settings a first time
/// before its log subscriber exists (they say where traces go).
pub(super) fn warn_unknown_settings() {
    static WARNED: AtomicBool = AtomicBool::new(false);
    if !tracing::enabled!(tracing::Level::WARN) || WARNED.swap(true, Ordering::Relaxed) {
        return;
    }
    let names = std::env::vars_os().filter_map(|(name, _)| name.into_string().ok());
    for unknown in unknown_settings(names) {
        tracing::warn!("{unknown}");
    }
}

/// What a key of the settings holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A section: only its own keys are settings.
    Table,
    /// One value.
    Leaf,
    /// A map or a list: any key below it is its own business.
    Open,
}

/// Every key of [`Settings`], dotted (`agent.concurrency`), with what it holds.
fn settings_keys() -> BTreeMap<String, Kind> {
    let mut keys = BTreeMap::new();
    // A type the walk cannot read would leave out what comes after it; the tests hold
    // that the walk reads the whole of the settings.
    let _ = walk::<Settings>(&mut keys);
    keys
}

/// Records the keys of `T` into `keys` by deserializing it from [`Shape`].
fn walk<'de, T: Deserialize<'de>>(keys: &mut BTreeMap<String, Kind>) -> Result<(), ShapeError> {
    T::deserialize(Shape {
        path: String::new(),
        keys,
    })
    .map(drop)
}

/// Whether `path` is a key of the settings or lies below a map or a list.
fn is_known(keys: &BTreeMap<String, Kind>, path: &str) -> bool {
    keys.contains_key(path)
        || path
            .match_indices('.')
            .any(|(i, _)| keys.get(&path[..i]) == Some(&Kind::Open))
}

/// The settable key nearest to `path` by edit distance, if it is close: within a third
/// of the path's length, and at least 2.
fn nearest<'k>(keys: &'k BTreeMap<String, Kind>, path: &str) -> Option<&'k str> {
    let limit = (path.chars().count() / 3).max(2);
    keys.iter()
        .filter(|(_, kind)| **kind != Kind::Table)
        .map(|(key, _)| (levenshtein(path, key), key.as_str()))
        .filter(|(distance, _)| *distance <= limit)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, key)| key)
}

/// The environment variable that sets `key`.
fn variable_of(key: &str) -> String {
    format!("{ENV_PREFIX}{}", key.to_uppercase().replace('.', "__"))
}

/// Insertions, deletions and substitutions of characters that turn `a` into `b`.
fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        current[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != *cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

/// Why the walk could not read a type.
#[derive(Debug)]
struct ShapeError(String);

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ShapeError {}

impl de::Error for ShapeError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Self(msg.to_string())
    }
}

/// A deserializer that holds no data: it answers each request with an empty value of
/// the kind asked for, and records under `path` what was asked (a struct's fields, a
/// map, a list, a plain value).
struct Shape<'k> {
    path: String,
    keys: &'k mut BTreeMap<String, Kind>,
}

impl Shape<'_> {
    fn mark(&mut self, kind: Kind) {
        if !self.path.is_empty() {
            self.keys.insert(self.path.clone(), kind);
        }
    }
}

fn empty_seq() -> de::value::SeqDeserializer<std::iter::Empty<()>, ShapeError> {
    de::value::SeqDeserializer::new(std::iter::empty())
}

macro_rules! leaves {
    ($($method:ident => $visit:ident($($value:expr)?)),* $(,)?) => {$(
        fn $method<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, ShapeError> {
            self.mark(Kind::Leaf);
            visitor.$visit($($value)?)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for Shape<'_> {
    type Error = ShapeError;

    leaves! {
        deserialize_bool => visit_bool(false),
        deserialize_i8 => visit_i64(0),
        deserialize_i16 => visit_i64(0),
        deserialize_i32 => visit_i64(0),
        deserialize_i64 => visit_i64(0),
        deserialize_i128 => visit_i64(0),
        deserialize_u8 => visit_u64(0),
        deserialize_u16 => visit_u64(0),
        deserialize_u32 => visit_u64(0),
        deserialize_u64 => visit_u64(0),
        deserialize_u128 => visit_u64(0),
        deserialize_f32 => visit_f64(0.0),
        deserialize_f64 => visit_f64(0.0),
        deserialize_char => visit_char(' '),
        deserialize_str => visit_str(""),
        deserialize_string => visit_str(""),
        deserialize_bytes => visit_bytes(&[]),
        deserialize_byte_buf => visit_bytes(&[]),
        // Its inner type is not walked: an optional section would need walking into.
        deserialize_option => visit_none(),
        deserialize_unit => visit_unit(),
    }

    /// A type that reads whatever it is given (a number or a list: `one_or_many`): open,
    /// so that nothing below it is flagged.
    fn deserialize_any<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, ShapeError> {
        self.mark(Kind::Open);
        visitor.visit_seq(empty_seq())
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, ShapeError> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, ShapeError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, ShapeError> {
        self.mark(Kind::Open);
        visitor.visit_seq(empty_seq())
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, ShapeError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, ShapeError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, ShapeError> {
        self.mark(Kind::Open);
        visitor.visit_map(de::value::MapDeserializer::new(
            std::iter::empty::<((), ())>(),
        ))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        mut self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ShapeError> {
        self.mark(Kind::Table);
        visitor.visit_map(Fields {
            path: self.path,
            fields: fields.iter(),
            current: String::new(),
            keys: self.keys,
        })
    }

    fn deserialize_enum<V: Visitor<'de>>(
        mut self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ShapeError> {
        self.mark(Kind::Leaf);
        let Some(first) = variants.first() else {
            return Err(de::Error::custom(format!("{name} has no variants")));
        };
        visitor.visit_enum(IntoDeserializer::<ShapeError>::into_deserializer(*first))
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ShapeError> {
        visitor.visit_str("")
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ShapeError> {
        visitor.visit_unit()
    }
}

/// A struct's fields, each with a [`Shape`] for its value.
struct Fields<'k> {
    path: String,
    fields: std::slice::Iter<'static, &'static str>,
    current: String,
    keys: &'k mut BTreeMap<String, Kind>,
}

impl<'de> de::MapAccess<'de> for Fields<'_> {
    type Error = ShapeError;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, ShapeError> {
        let Some(field) = self.fields.next() else {
            return Ok(None);
        };
        self.current = if self.path.is_empty() {
            (*field).to_string()
        } else {
            format!("{}.{field}", self.path)
        };
        seed.deserialize(IntoDeserializer::<ShapeError>::into_deserializer(*field))
            .map(Some)
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, ShapeError> {
        seed.deserialize(Shape {
            path: std::mem::take(&mut self.current),
            keys: &mut *self.keys,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misspelt_environment_key_is_named_with_the_nearest_known_one() {
        let unknown = unknown_settings(["PATH", "TICKET_AGENT__AGENT__CONCURENCY"]);
        assert_eq!(
            unknown,
            [UnknownSetting {
                variable: "TICKET_AGENT__AGENT__CONCURENCY".into(),
                suggestion: Some("TICKET_AGENT__AGENT__CONCURRENCY".into()),
            }]
        );
        assert_eq!(
            unknown[0].to_string(),
            "unknown setting TICKET_AGENT__AGENT__CONCURENCY is ignored; \
             did you mean TICKET_AGENT__AGENT__CONCURRENCY?"
        );
    }

    #[test]
    fn a_misspelt_section_is_named_with_the_key_in_the_right_one() {
        let unknown = unknown_settings(["TICKET_AGENT__WORKERS__METRICS_LISTEN"]);
        assert_eq!(
            unknown[0].suggestion.as_deref(),
            Some("TICKET_AGENT__WORKER__METRICS_LISTEN")
        );
    }

    #[test]
    fn an_unknown_key_far_from_every_known_one_is_named_without_a_suggestion() {
        let unknown = unknown_settings(["TICKET_AGENT__FROBNICATE__XYZZY"]);
        assert_eq!(unknown[0].suggestion, None);
        assert_eq!(
            unknown[0].to_string(),
            "unknown setting TICKET_AGENT__FROBNICATE__XYZZY is ignored"
        );
    }

    #[test]
    fn correct_keys_are_not_flagged_whatever_their_case_or_where_their_default_is() {
        let unknown = unknown_settings([
            "TICKET_AGENT__AGENT__CONCURRENCY",
            "TICKET_AGENT__WORKER__RETRY_DELAYS_MS",
            "TICKET_AGENT__MODEL__FALLBACKS",
            "TICKET_AGENT__APPROVALS__DATABASE_URL",
            "TICKET_AGENT__APPROVALS__NOTIFICATIONS__CONSOLE_URL",
            "TICKET_AGENT__CONNECTOR__ZENDESK__BASE_URL",
            // Defaults in the code, not in config/default.toml.
            "TICKET_AGENT__CLOCK__NOW",
            "TICKET_AGENT__MODEL__OPENAI__PROMPT_CACHE",
            "TICKET_AGENT__MODEL__ANTHROPIC__REASONING_EFFORT",
            // The config crate matches the prefix and the keys ignoring case.
            "ticket_agent__kb__semantic",
        ]);
        assert_eq!(unknown, []);
    }

    #[test]
    fn a_key_under_a_map_or_a_list_setting_is_not_flagged() {
        let unknown = unknown_settings([
            "TICKET_AGENT__MODEL__LIMITS__MODELS__LOCAL__RPM",
            "TICKET_AGENT__APPROVALS__POLICIES__0__NAME",
        ]);
        assert_eq!(unknown, []);
    }

    #[test]
    fn variables_with_one_underscore_after_the_name_are_not_settings_and_not_flagged() {
        let unknown = unknown_settings([
            "TICKET_AGENT_ENV",
            "TICKET_AGENT_CONFIG_DIR",
            "TICKET_AGENT_CACHE",
            "TICKET_AGENT_ALLOCATOR",
            "TICKET_AGENT_COMMERCE_TOKEN",
            "TICKET_AGENT_REVIEWERS",
        ]);
        assert_eq!(unknown, []);
    }

    #[test]
    fn a_key_below_a_plain_setting_is_flagged() {
        let unknown = unknown_settings(["TICKET_AGENT__AGENT__CONCURRENCY__MAX"]);
        assert_eq!(
            unknown[0].suggestion.as_deref(),
            Some("TICKET_AGENT__AGENT__CONCURRENCY")
        );
    }

    #[test]
    fn the_walk_reads_the_whole_settings_and_knows_every_key_of_the_default_file() {
        let mut keys = BTreeMap::new();
        walk::<Settings>(&mut keys).expect("every settings type can be walked");
        assert_eq!(keys.get("model.limits.models"), Some(&Kind::Open));
        assert_eq!(keys.get("approvals.policies"), Some(&Kind::Open));
        assert_eq!(keys.get("model.breaker"), Some(&Kind::Table));
        assert_eq!(keys.get("telemetry.otlp_endpoint"), Some(&Kind::Leaf));

        fn paths(prefix: &str, table: &config::Map<String, config::Value>, out: &mut Vec<String>) {
            for (key, value) in table {
                let path = if prefix.is_empty() {
                    key.clone()
                } else {
                    format!("{prefix}.{key}")
                };
                if let config::ValueKind::Table(inner) = &value.kind {
                    paths(&path, inner, out);
                }
                out.push(path);
            }
        }
        use config::Source as _;
        let defaults =
            config::File::from_str(super::super::EMBEDDED_DEFAULTS, config::FileFormat::Toml)
                .collect()
                .unwrap();
        let mut all = Vec::new();
        paths("", &defaults, &mut all);
        assert!(all.len() > 150, "{}", all.len());
        let unknown: Vec<_> = all.iter().filter(|p| !is_known(&keys, p)).collect();
        assert_eq!(unknown, Vec::<&String>::new());
    }

    #[test]
    fn the_edit_distance_counts_insertions_deletions_and_substitutions() {
        assert_eq!(levenshtein("", ""), 0);
        assert_eq!(levenshtein("concurency", "concurrency"), 1);
        assert_eq!(levenshtein("kitten", "sitting"), 3);
        assert_eq!(levenshtein("abc", ""), 3);
    }
}
