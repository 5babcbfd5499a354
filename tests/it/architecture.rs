//! Arrows point down: no top-level module of the product crate uses, directly or
//! through others, a module that uses it back. docs/architecture.md draws the picture
//! this test keeps true; it reads `crate::…` paths in the sources (comments aside), so
//! a new import that closes a cycle fails here with the cycle spelled out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Graph = BTreeMap<String, BTreeSet<String>>;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file belongs to: `src/foo.rs` and `src/foo/**` are `foo`;
/// the crate roots (`lib.rs`, `main.rs`) belong to none.
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).ok()?;
    let first = rel.components().next()?.as_os_str().to_str()?;
    match first {
        "lib.rs" | "main.rs" => None,
        name => Some(name.trim_end_matches(".rs").to_string()),
    }
}

fn ident(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The top-level modules a file names as `crate::name` or inside `crate::{a, b::c}`.
fn references(text: &str) -> BTreeSet<String> {
    let code: String = text
        .lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = BTreeSet::new();
    let mut rest = code.as_str();
    while let Some(i) = rest.find("crate::") {
        let before = rest[..i].chars().next_back();
        rest = &rest[i + "crate::".len()..];
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue; // `ticket_agent::…` style paths of another crate
        }
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let mut start = true;
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 1 => break,
                    '}' => depth -= 1,
                    ',' if depth == 1 => start = true,
                    c if c.is_whitespace() => {}
                    _ if start && depth == 1 => {
                        let name = ident(&group[j..]);
                        if !name.is_empty() {
                            out.insert(name.to_string());
                        }
                        start = false;
                    }
                    _ => start = false,
                }
            }
        } else {
            let name = ident(rest);
            if !name.is_empty() {
                out.insert(name.to_string());
            }
        }
    }
    out
}

fn graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut graph = Graph::new();
    for file in files {
        let Some(module) = module_of(&src, &file) else {
            continue;
        };
        let text = std::fs::read_to_string(&file).expect("a readable source file");
        let used = graph.entry(module.clone()).or_default();
        used.extend(references(&text).into_iter().filter(|m| *m != module));
    }
    let known: BTreeSet<String> = graph.keys().cloned().collect();
    for used in graph.values_mut() {
        used.retain(|m| known.contains(m));
    }
    graph
}

/// A cycle in `graph`, as the path that closes it, if there is one.
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &Graph,
        done: &mut BTreeSet<String>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, done, path) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|n| visit(n, graph, &mut done, &mut Vec::new()))
}

#[test]
fn no_top_level_module_imports_one_that_imports_it_back() {
    let graph = graph();
    // The reader sees the real imports: the agent uses the model, the worker's queue
    // uses the agent. Were parsing broken, these would be missing.
    assert!(graph["agent"].contains("model"), "{graph:#?}");
    assert!(graph["queue"].contains("agent"), "{graph:#?}");
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import cycle: {}\n{graph:#?}", cycle.join(" → "));
    }
}

#[test]
fn the_domain_and_the_conversation_import_nothing_above_them() {
    let graph = graph();
    for ground in ["domain", "conversation"] {
        assert!(
            graph[ground].is_empty(),
            "{ground} imports {:?}",
            graph[ground]
        );
    }
}

#[test]
fn the_reader_finds_grouped_imports_and_the_checker_finds_a_planted_cycle() {
    let text = "use crate::{a::X, b};\nuse crate::c::{D, E};\n// crate::ignored\nlet v = crate::d::f();\nuse other_crate::e;";
    let found: Vec<String> = references(text).into_iter().collect();
    assert_eq!(found, ["a", "b", "c", "d"]);
    let mut graph = Graph::new();
    graph.insert("x".into(), ["y".to_string()].into());
    graph.insert("y".into(), ["z".to_string()].into());
    graph.insert("z".into(), ["x".to_string()].into());
    assert_eq!(
        find_cycle(&graph),
        Some(vec!["x".into(), "y".into(), "z".into(), "x".into()])
    );
    graph.get_mut("z").unwrap().clear();
    assert_eq!(find_cycle(&graph), None);
}

/// A file's module path: `src/a.rs` and `src/a/mod.rs` are `a`, `src/a/b.rs` is `a::b`.
fn module_path(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).ok()?;
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.pop()?;
    match last.as_str() {
        "lib.rs" | "main.rs" if parts.is_empty() => return None,
        "mod.rs" => {}
        name => parts.push(name.trim_end_matches(".rs").to_string()),
    }
    Some(parts.join("::"))
}

/// Every path a piece of code names from `crate::`, `super::` or `self::`, as segments
/// after that start (groups `{a, b::c}` expanded), with the start it had.
fn paths(code: &str) -> Vec<(&'static str, Vec<String>)> {
    fn expand(rest: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
        let mut segs = prefix.to_vec();
        let mut rest = rest;
        loop {
            if let Some(group) = rest.strip_prefix('{') {
                // Split the group at its top-level commas.
                let mut depth = 0;
                let mut start = 0;
                for (i, c) in group.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => {
                            expand(group[start..i].trim(), &segs, out);
                            return;
                        }
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            expand(group[start..i].trim(), &segs, out);
                            start = i + 1;
                        }
                        _ => {}
                    }
                }
                return;
            }
            let name = ident(rest);
            if name.is_empty() {
                break;
            }
            segs.push(name.to_string());
            match rest[name.len()..].strip_prefix("::") {
                Some(next) => rest = next,
                None => break,
            }
        }
        if !segs.is_empty() {
            out.push(segs);
        }
    }
    let mut found = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        let mut at = 0;
        while let Some(i) = code[at..].find(start) {
            let i = at + i;
            at = i + start.len();
            let before = code[..i].chars().next_back();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let mut rest = &code[at..];
            let mut ups = 0;
            if start == "super::" {
                while let Some(r) = rest.strip_prefix("super::") {
                    rest = r;
                    ups += 1;
                }
            }
            let mut out = Vec::new();
            expand(rest, &[], &mut out);
            for mut segs in out {
                for _ in 0..ups {
                    segs.insert(0, "super".into());
                }
                let kind = match start {
                    "crate::" => "crate",
                    "super::" => "super",
                    _ => "self",
                };
                found.push((kind, segs));
            }
        }
    }
    found
}

/// The file-level graph: each file's module path to the module files it names,
/// leaving out the modules it lives in (a file naming its own module's root, where its
/// shared types are declared, is how Rust modules are built).
fn file_graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: BTreeSet<String> = files.iter().filter_map(|f| module_path(&src, f)).collect();
    let mut graph = Graph::new();
    for file in &files {
        let Some(me) = module_path(&src, file) else {
            continue;
        };
        let text = std::fs::read_to_string(file).expect("a readable source file");
        let code: String = text
            .lines()
            .map(|l| l.find("//").map_or(l, |i| &l[..i]))
            .collect::<Vec<_>>()
            .join("\n");
        // `self::` names the file's own module (a mod.rs is its folder's module);
        // `super::` its parent.
        let here: Vec<String> = me.split("::").map(str::to_string).collect();
        let used = graph.entry(me.clone()).or_default();
        for (kind, segs) in paths(&code) {
            let mut base = match kind {
                "crate" => Vec::new(),
                _ => here.clone(),
            };
            let mut segs = segs.into_iter().peekable();
            if kind == "super" {
                base.pop();
            }
            while segs.peek().is_some_and(|s| s == "super") {
                segs.next();
                base.pop();
            }
            base.extend(segs);
            // The longest prefix that is a module file.
            let target = (1..=base.len())
                .rev()
                .map(|n| base[..n].join("::"))
                .find(|p| modules.contains(p));
            if let Some(target) = target
                && target != me
                && !me.starts_with(&format!("{target}::"))
            {
                used.insert(target);
            }
        }
    }
    graph
}

#[test]
fn no_file_imports_one_that_imports_it_back() {
    let graph = file_graph();
    // The reader resolves `super::` and `crate::` paths to files.
    assert!(
        graph["console::volume"].contains("console::approvals"),
        "{graph:#?}"
    );
    assert!(graph["agent::run"].contains("model"), "{graph:#?}");
    assert!(
        graph["model::cascade"].contains("model::rules"),
        "{graph:#?}"
    );
    let planted = paths("use super::{store::{A, B}, web::X};\nlet y = crate::a::b();");
    assert_eq!(planted.len(), 4, "{planted:?}");
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import cycle between files: {}", cycle.join(" → "));
    }
}

#[test]
fn the_arrows_docs_architecture_says_never_are_never_drawn() {
    let graph = graph();
    // (from, to): docs/architecture.md, "What never points where".
    let never = [
        ("agent", "queue"),
        ("agent", "approvals"),
        ("tools", "agent"),
        ("eval", "queue"),
        ("eval", "app"),
        ("queue", "process"),
        ("queue", "console"),
        ("approvals", "console"),
        ("worker", "console"),
        ("queue", "worker"),
    ];
    // The services are peers: what two share lives below them.
    let services = ["worker", "ingest", "connector", "approvals"];
    let never: Vec<(&str, &str)> = never
        .into_iter()
        .chain(services.iter().flat_map(|a| {
            services
                .iter()
                .filter(move |b| *b != a)
                .map(move |b| (*a, *b))
        }))
        .collect();
    for (from, to) in never {
        assert!(
            !reaches(&graph, from, to),
            "{from} reaches {to}: {:?}",
            graph[from]
        );
    }
}

/// Whether `to` is reachable from `from` in `graph`.
fn reaches(graph: &Graph, from: &str, to: &str) -> bool {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from.to_string()];
    while let Some(n) = stack.pop() {
        if n == to {
            return true;
        }
        if seen.insert(n.clone()) {
            stack.extend(graph.get(&n).into_iter().flatten().cloned());
        }
    }
    false
}
