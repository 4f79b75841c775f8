//! Reads LIN files and prints each record's diagnostics: `cargo run -p cardnote-lin --example check -- FILE...`.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

fn main() {
    for path in std::env::args().skip(1) {
        let file = std::io::BufReader::new(std::fs::File::open(&path).expect("open"));
        let (mut records, mut boards) = (0, 0);
        let options = lin::Options::default();
        for record in lin::Reader::new(file, options) {
            let mut record = record.expect("read");
            lin::check(&mut record, &options);
            records += 1;
            boards += usize::from(record.model.board().is_some_and(|b| b.deal.is_some()));
            for d in &record.diagnostics {
                println!("{path}:{}: {:?} {} {}", d.span().start, d.severity(), d.code(), d.message());
            }
        }
        println!("{path}: {records} records, {boards} boards");
    }
}
