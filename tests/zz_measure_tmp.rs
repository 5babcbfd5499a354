use std::time::Instant;
use lapin::types::{AMQPValue, FieldTable};
use ticket_agent::queue::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn measure() {
    let mut s = ticket_agent::config::Settings::defaults();
    let p = format!("ta-measure-{}", std::process::id());
    s.amqp.prefix = p.clone();
    s.redis.key_prefix = p.clone();
    let t = Topology::from_settings(&s.amqp, &s.worker);
    let conn = connect(&s.amqp.url, "measure").await.unwrap();
    let ch = confirm_channel(&conn).await.unwrap();
    t.declare(&ch, &s.amqp).await.unwrap();
    let records = records::TicketRecords::connect(&s.redis.url, &p).await.unwrap();
    let n = 2000;
    let mut pending = vec![];
    for i in 0..n {
        let mut h = FieldTable::default();
        h.insert("x-dead-reason".into(), long_string("max_attempts"));
        h.insert("x-dead-at".into(), long_string(&chrono::Utc::now().to_rfc3339()));
        h.insert("x-attempt".into(), AMQPValue::LongInt(4));
        let id = format!("M-{i}");
        let body = format!(r#"{{"ticket_id":"{id}","customer_id":"C001","subject":"s","body":"b"}}"#);
        pending.push(ch.basic_publish(t.dead_exchange.as_str().into(), "".into(), Default::default(), body.as_bytes(), lapin::BasicProperties::default().with_message_id(id.as_str().into()).with_headers(h)).await.unwrap());
    }
    for c in pending { c.await.unwrap(); }
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let start = Instant::now();
    let l = dlq::list(&ch, &t, usize::MAX, None).await.unwrap();
    println!("list {} letters: {:?}", l.len(), start.elapsed());
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let start = Instant::now();
    let sel = dlq::Selection { all: true, ..Default::default() };
    let r = dlq::replay(&ch, &t, &records, &sel, true, 3).await.unwrap();
    println!("dry-run replay {}: {:?}", r.entries.len(), start.elapsed());
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let start = Instant::now();
    let r = dlq::replay(&ch, &t, &records, &sel, false, 3).await.unwrap();
    println!("replay {} (stopped {:?}): {:?}", r.replayed(), r.stopped, start.elapsed());
    t.delete(&ch).await.unwrap();
    records.delete_all().await.unwrap();
}
