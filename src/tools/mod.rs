//! The five tools and the one door to them, [`ToolBox::call`].
//!
//! Every call is checked against its contract's JSON Schema before anything runs;
//! invalid arguments come back to the model as `{"error":"invalid_arguments",…}`.
//! Read tools run against the commerce backend, scoped to the ticket's customer.
//! Gated tools never run here: they are checked (ownership, amount, recipient) and
//! recorded as [`PendingAction`]s in the ticket's [`Ledger`], and the model is told
//! `{"status":"pending_approval","approval_id":…}`.

pub mod contracts;
pub mod kb;
pub mod orders;

use std::collections::HashMap;
use std::sync::Arc;

use anyhow::Context;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::commerce::{BackendError, CommerceBackend, Order};
use crate::config::KbSettings;
use crate::conversation::ToolContract;
use crate::conversation::{ToolArguments, ToolCall};
use crate::domain::approval::{ActionRequest, PendingAction, derive_ids};
use crate::domain::clock::Clock;
use crate::domain::money::Usd;
use crate::domain::order_id::ShortId;
use crate::domain::ticket::Ticket;
use crate::embedding::Embedder;

/// How a call ended, for the trace and the metrics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CallStatus {
    /// The tool answered.
    Ok,
    /// The tool answered with a structured error (not found, refused, …).
    Error,
    /// The arguments were not valid JSON or did not match the schema, or the tool
    /// does not exist.
    InvalidArguments,
    /// A gated call was recorded for approval.
    PendingApproval,
    /// The backend failed transiently; the ticket should be retried later.
    Unavailable,
}

impl CallStatus {
    /// The snake_case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Ok => "ok",
            Self::Error => "error",
            Self::InvalidArguments => "invalid_arguments",
            Self::PendingApproval => "pending_approval",
            Self::Unavailable => "unavailable",
        }
    }
}

/// A tool's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolOutput {
    /// How it ended.
    pub status: CallStatus,
    /// What the model is shown.
    pub output: Value,
}

impl ToolOutput {
    fn ok(output: Value) -> Self {
        Self {
            status: CallStatus::Ok,
            output,
        }
    }

    fn error(code: &str, detail: Value) -> Self {
        let mut output = json!({ "error": code });
        if let (Some(o), Value::Object(d)) = (output.as_object_mut(), detail) {
            o.extend(d);
        }
        Self {
            status: CallStatus::Error,
            output,
        }
    }

    fn invalid(detail: impl Into<String>) -> Self {
        Self {
            status: CallStatus::InvalidArguments,
            output: json!({ "error": "invalid_arguments", "detail": detail.into() }),
        }
    }
}

/// What one ticket's run has proposed so far.
#[derive(Debug, Default)]
pub struct Ledger {
    /// Pending actions, in the order first proposed; a newer proposal for the same
    /// (tool, subject) replaces the older one in place.
    pub pending: Vec<PendingAction>,
    // The model's own idempotency keys → the request first made with them.
    model_keys: HashMap<String, Value>,
}

/// The tools, bound to one backend, one knowledge base and one clock.
pub struct ToolBox {
    backend: Arc<dyn CommerceBackend>,
    kb: Arc<kb::KbIndex>,
    kb_settings: KbSettings,
    clock: Clock,
    contracts: Vec<ToolContract>,
    validators: HashMap<&'static str, jsonschema::Validator>,
}

impl std::fmt::Debug for ToolBox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ToolBox")
            .field("kb", &self.kb)
            .field("clock", &self.clock)
            .finish()
    }
}

impl ToolBox {
    /// Builds the tools: compiles the schemas and indexes the knowledge base, by
    /// meaning too when an `embedder` is given (`kb_search` is then hybrid; without
    /// one, BM25 alone).
    ///
    /// # Errors
    /// The backend failing to list articles, or the index (or the articles'
    /// embeddings) failing to build.
    pub async fn new(
        backend: Arc<dyn CommerceBackend>,
        kb_settings: KbSettings,
        clock: Clock,
        embedder: Option<Arc<dyn Embedder>>,
    ) -> anyhow::Result<Self> {
        let contracts = contracts::all();
        let validators = contracts
            .iter()
            .map(|c| {
                let v = jsonschema::validator_for(&c.input_schema)
                    .map_err(|e| anyhow::anyhow!("schema of {}: {e}", c.name))?;
                Ok((c.name, v))
            })
            .collect::<anyhow::Result<_>>()?;
        let articles = backend.kb_articles().await?;
        let mut kb = kb::KbIndex::build(articles)?;
        if let Some(embedder) = embedder {
            // Encoding every article is CPU work: off the async threads.
            kb = tokio::task::spawn_blocking(move || kb.with_embedder(embedder))
                .await
                .context("embedding the knowledge base")??;
        }
        Ok(Self {
            backend,
            kb: Arc::new(kb),
            kb_settings,
            clock,
            contracts,
            validators,
        })
    }

    /// The contracts offered to the model.
    pub fn contracts(&self) -> &[ToolContract] {
        &self.contracts
    }

    /// The clock the tools judge eligibility by.
    pub fn clock(&self) -> Clock {
        self.clock
    }

    /// The commerce backend the read-only tools query.
    pub fn backend(&self) -> &Arc<dyn CommerceBackend> {
        &self.backend
    }

    /// Runs one call for `ticket`. Never fails: every problem is an answer the model
    /// can read; transient backend failures are marked [`CallStatus::Unavailable`].
    pub async fn call(&self, ticket: &Ticket, call: &ToolCall, ledger: &mut Ledger) -> ToolOutput {
        let args = match &call.arguments {
            ToolArguments::Json { value } => value,
            ToolArguments::Invalid { error, .. } => {
                return ToolOutput::invalid(format!("arguments are not valid JSON: {error}"));
            }
        };
        let Some(validator) = self.validators.get(call.name.as_str()) else {
            return ToolOutput {
                status: CallStatus::InvalidArguments,
                output: json!({
                    "error": "unknown_tool",
                    "detail": format!("there is no tool named {:?}", call.name),
                    "tools": self.contracts.iter().map(|c| c.name).collect::<Vec<_>>(),
                }),
            };
        };
        let problems: Vec<String> = validator
            .iter_errors(args)
            .take(5)
            .map(|e| {
                let path = e.instance_path().to_string();
                if path.is_empty() {
                    e.to_string()
                } else {
                    format!("{path}: {e}")
                }
            })
            .collect();
        if !problems.is_empty() {
            return ToolOutput::invalid(problems.join("; "));
        }
        let gated = self
            .contracts
            .iter()
            .any(|c| c.name == call.name && c.gated);
        // The contract's flag decides: a gated tool can only ever be proposed here.
        let result = match (gated, call.name.as_str()) {
            (true, contracts::ISSUE_REFUND) => self.propose_refund(ticket, args, ledger).await,
            (true, contracts::SEND_EMAIL) => self.propose_email(ticket, args, ledger).await,
            (true, other) => Ok(ToolOutput::error(
                "not_available",
                json!({ "detail": format!("{other} is gated and has no approval path") }),
            )),
            (false, contracts::ORDER_LOOKUP) => self.order_lookup(ticket, args).await,
            (false, contracts::REFUND_ELIGIBILITY) => self.refund_eligibility(ticket, args).await,
            (false, contracts::KB_SEARCH) => Ok(self.kb_search(args).await),
            (false, other) => Ok(ToolOutput::error(
                "not_available",
                json!({ "detail": format!("{other} must be gated: it has no direct implementation") }),
            )),
        };
        result.unwrap_or_else(|e| ToolOutput {
            status: CallStatus::Unavailable,
            output: json!({ "error": "backend_unavailable", "detail": e.to_string() }),
        })
    }

    /// The ticket customer's order, or `None` for unknown and foreign orders alike.
    /// Customers type ids in any case ("o1002"); shops write them upper-case, so an
    /// exact miss is tried once more upper-cased. Customers also shorten long ids
    /// ("order 4302" for `FW/27/004302`): a miss that shortens exactly one of the
    /// customer's own orders is that order, and one that fits several is none.
    async fn own_order(
        &self,
        ticket: &Ticket,
        order_id: &str,
    ) -> Result<Option<Order>, BackendError> {
        let customer = ticket.customer_id.as_str();
        let mut found = self.backend.order(order_id).await?;
        let upper = order_id.to_ascii_uppercase();
        if found.is_none() && upper != order_id {
            found = self.backend.order(&upper).await?;
        }
        if let Some(order) = found {
            return Ok((order.customer_id == customer).then_some(order));
        }
        let Some(short) = ShortId::parse(order_id) else {
            return Ok(None);
        };
        let mut shortened = self
            .backend
            .customer_orders(customer)
            .await?
            .into_iter()
            .filter(|o| o.customer_id == customer && short.shortens(&o.order_id));
        Ok(match (shortened.next(), shortened.next()) {
            (Some(order), None) => Some(order),
            _ => None,
        })
    }

    async fn order_lookup(
        &self,
        ticket: &Ticket,
        args: &Value,
    ) -> Result<ToolOutput, BackendError> {
        let order_id = str_arg(args, "order_id");
        Ok(match self.own_order(ticket, order_id).await? {
            Some(order) => ToolOutput::ok(orders::lookup_view(&order)),
            None => not_found(order_id),
        })
    }

    async fn refund_eligibility(
        &self,
        ticket: &Ticket,
        args: &Value,
    ) -> Result<ToolOutput, BackendError> {
        let order_id = str_arg(args, "order_id");
        Ok(match self.own_order(ticket, order_id).await? {
            Some(order) => ToolOutput::ok(
                serde_json::to_value(orders::assess(&order, self.clock.now()))
                    .expect("eligibility serializes"),
            ),
            None => not_found(order_id),
        })
    }

    /// The embedding model's name when `kb_search` is hybrid.
    pub fn kb_embedder(&self) -> Option<&str> {
        self.kb.embedder_name()
    }

    async fn kb_search(&self, args: &Value) -> ToolOutput {
        let query = str_arg(args, "query").to_string();
        let s = &self.kb_settings;
        let lexical =
            |kb: &kb::KbIndex| kb.search(&query, s.max_results, s.min_score, s.min_coverage);
        let hits = if self.kb.embedder_name().is_some() {
            let gates = kb::Gates::of(s);
            let (kb, q) = (self.kb.clone(), query.clone());
            // The query's encoding is CPU work (milliseconds): off the async threads.
            match tokio::task::spawn_blocking(move || kb.hybrid_search(&q, &gates)).await {
                Ok(Ok(hits)) => hits,
                Ok(Err(e)) => {
                    tracing::warn!(error = %format!("{e:#}"), "semantic kb_search failed; answering by BM25 alone");
                    lexical(&self.kb)
                }
                Err(e) => {
                    tracing::warn!(error = %crate::telemetry::chain(&e), "semantic kb_search panicked; answering by BM25 alone");
                    lexical(&self.kb)
                }
            }
        } else {
            lexical(&self.kb)
        };
        let round = |x: f32| (f64::from(x) * 1000.0).round() / 1000.0;
        // Hybrid: each article's cosine similarity to the query (the gate that let it in
        // when BM25 did not); lexical: its BM25 score.
        let scores: Vec<f64> = hits
            .iter()
            .map(|h| round(h.similarity.unwrap_or(h.score)))
            .collect();
        let articles: Vec<Value> = hits
            .into_iter()
            .map(|h| {
                let mut a = json!({ "id": h.article.id, "title": h.article.title,
                                    "body": h.article.body, "term_coverage": round(h.coverage) });
                if let Some(standing) = h.standing {
                    a["standing"] = json!(round(standing));
                }
                a
            })
            .collect();
        ToolOutput::ok(json!({ "articles": articles, "relevance_scores": scores }))
    }

    async fn propose_refund(
        &self,
        ticket: &Ticket,
        args: &Value,
        ledger: &mut Ledger,
    ) -> Result<ToolOutput, BackendError> {
        let order_id = str_arg(args, "order_id");
        let model_key = str_arg(args, "idempotency_key");
        let Ok(amount) = Usd::from_dollars(args["amount_usd"].as_f64().unwrap_or(-1.0)) else {
            return Ok(ToolOutput::invalid(
                "amount_usd must be a positive number of dollars",
            ));
        };
        if amount == Usd::ZERO {
            return Ok(ToolOutput::invalid("amount_usd rounds to zero cents"));
        }
        let Some(order) = self.own_order(ticket, order_id).await? else {
            return Ok(not_found(order_id));
        };
        let order_id = order.order_id.as_str();
        if amount > order.refundable() {
            return Ok(ToolOutput::error(
                "amount_exceeds_refundable",
                json!({ "order_id": order_id, "amount_usd": amount, "refundable_usd": order.refundable() }),
            ));
        }
        let canonical =
            json!({ "tool": contracts::ISSUE_REFUND, "order_id": order_id, "amount_usd": amount });
        self.record(
            ticket,
            ledger,
            model_key,
            canonical,
            order_id,
            |idempotency_key| ActionRequest::IssueRefund {
                order_id: order_id.to_string(),
                amount_usd: amount,
                idempotency_key,
            },
        )
    }

    async fn propose_email(
        &self,
        ticket: &Ticket,
        args: &Value,
        ledger: &mut Ledger,
    ) -> Result<ToolOutput, BackendError> {
        let to = str_arg(args, "to").trim();
        let on_record = self
            .backend
            .customer(ticket.customer_id.as_str())
            .await?
            .map(|c| c.email);
        let allowed = on_record
            .as_deref()
            .is_some_and(|email| email.eq_ignore_ascii_case(to));
        if !allowed {
            return Ok(ToolOutput::error(
                "recipient_not_allowed",
                json!({ "detail": "emails go only to the address on record for this ticket's customer" }),
            ));
        }
        let ticket_id = str_arg(args, "ticket_id");
        if ticket_id != ticket.ticket_id.as_str() {
            return Ok(ToolOutput::error(
                "ticket_mismatch",
                json!({ "detail": "ticket_id must be this ticket's id", "ticket_id": ticket.ticket_id }),
            ));
        }
        let to = on_record.unwrap_or_default();
        let (subject, body) = (str_arg(args, "subject"), str_arg(args, "body"));
        let canonical =
            json!({ "tool": contracts::SEND_EMAIL, "to": to, "subject": subject, "body": body });
        // One email per ticket and recipient: a newer draft replaces the older one.
        self.record(
            ticket,
            ledger,
            "",
            canonical,
            &to.clone(),
            |idempotency_key| ActionRequest::SendEmail {
                to,
                subject: subject.to_string(),
                body: body.to_string(),
                ticket_id: ticket_id.to_string(),
                idempotency_key,
            },
        )
    }

    /// Records a gated call in the ledger. The model's own idempotency key is honoured
    /// within the run (same key and arguments: the same approval, `replayed`; same key,
    /// other arguments: refused), but the key that reaches the backend is derived from
    /// (ticket, tool, subject), so a rerun of the ticket can never mint a new one.
    fn record(
        &self,
        ticket: &Ticket,
        ledger: &mut Ledger,
        model_key: &str,
        canonical: Value,
        subject: &str,
        make: impl FnOnce(String) -> ActionRequest,
    ) -> Result<ToolOutput, BackendError> {
        let tool = canonical["tool"].as_str().unwrap_or_default().to_string();
        let (approval_id, key) = derive_ids(ticket.ticket_id.as_str(), &tool, subject);
        if !model_key.is_empty() {
            match ledger.model_keys.get(model_key) {
                Some(first) if *first == canonical => {
                    return Ok(ToolOutput {
                        status: CallStatus::PendingApproval,
                        output: json!({ "status": "pending_approval", "approval_id": approval_id, "replayed": true }),
                    });
                }
                Some(_) => {
                    return Ok(ToolOutput::error(
                        "idempotency_key_reused",
                        json!({ "idempotency_key": model_key, "detail": "this key was already used with other arguments" }),
                    ));
                }
                None => {
                    ledger.model_keys.insert(model_key.to_string(), canonical);
                }
            }
        }
        let action = PendingAction {
            approval_id: approval_id.clone(),
            ticket_id: ticket.ticket_id.clone(),
            customer_id: ticket.customer_id.clone(),
            request: make(key),
            eligibility: None,
        };
        match ledger
            .pending
            .iter_mut()
            .find(|p| p.approval_id == approval_id)
        {
            Some(existing) => *existing = action,
            None => ledger.pending.push(action),
        }
        Ok(ToolOutput {
            status: CallStatus::PendingApproval,
            output: json!({ "status": "pending_approval", "approval_id": approval_id }),
        })
    }
}

fn str_arg<'a>(args: &'a Value, name: &str) -> &'a str {
    args.get(name).and_then(Value::as_str).unwrap_or_default()
}

fn not_found(order_id: &str) -> ToolOutput {
    ToolOutput::error("order_not_found", json!({ "order_id": order_id }))
}
