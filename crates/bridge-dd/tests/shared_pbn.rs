//! Every double-dummy tag of the real PBN files in `../shared/corpus/pbn` (BridgeComposer, bcdd,
//! endplay, ...) checked against the deal solved here: no tag may contradict it.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::HashMap;
use std::path::PathBuf;

use bridge_dd::DdTable;
use bridge_dd::check::{Job, check, find_tag};
use bridge_dd::tags::{OPTIMUM_RESULT_TABLE, OPTIMUM_SCORE, PAR_CONTRACT};

/// Reads and checks every game of `text` on the one path (`pbn::Pbn`).
fn read_str(text: &str, options: pbn::Options) -> Vec<pbn::Record> {
    cards_core::notation::read_checked::<pbn::Pbn, _>(text.as_bytes(), options)
        .collect::<std::io::Result<_>>()
        .unwrap()
}

#[test]
fn no_double_dummy_tag_of_the_shared_corpus_contradicts_its_deal() {
    let Some(root) = shared_fixtures::dir("corpus/pbn") else { return };
    let files =
        shared_fixtures::files(&root, |p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("pbn")));
    let texts: Vec<(PathBuf, String)> =
        files.into_iter().map(|p| (p.clone(), pbn::decode(&std::fs::read(&p).unwrap()).text)).collect();

    // Solve every distinct deal that carries a tag, all at once.
    let mut deals = Vec::new();
    let mut index = HashMap::new();
    for (_, text) in &texts {
        for record in read_str(text, pbn::Options::default()) {
            if let Some(job) = Job::of(&record).filter(|_| bridge_dd::check::has_dd_tags(&record)) {
                index.entry(job.deal).or_insert_with(|| {
                    deals.push(job.deal);
                    deals.len() - 1
                });
            }
        }
    }
    let tables: Vec<DdTable> = DdTable::solve_many(&deals).into_iter().map(Result::unwrap).collect();

    let (mut result_tables, mut scores, mut contracts, mut problems) = (0, 0, 0, Vec::new());
    for (path, text) in &texts {
        for record in read_str(text, pbn::Options::default()) {
            let Some(job) = Job::of(&record) else { continue };
            let Some(&i) = index.get(&job.deal) else { continue };
            result_tables += usize::from(find_tag(&record.model.tokens(), OPTIMUM_RESULT_TABLE).is_some());
            scores += usize::from(find_tag(&record.model.tokens(), OPTIMUM_SCORE).is_some());
            contracts += usize::from(find_tag(&record.model.tokens(), PAR_CONTRACT).is_some());
            let mut found = Vec::new();
            check(&record, Some(&tables[i]), false, &mut found);
            for d in found {
                problems.push(format!(
                    "{}: board {:?}: {} {}",
                    path.display(),
                    record.model.info.board,
                    d.code(),
                    d.message()
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
    // 769 tables, 769 par scores and 36 par contracts (BridgeComposer's) on 477 distinct deals.
    assert_eq!((result_tables, scores, contracts, deals.len()), (769, 769, 36, 477));
}
