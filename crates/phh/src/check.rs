//! The meaning checks of a record: the replay through `poker-engine` (feature `replay`), the
//! declared finishing stacks against it, and the options (`strict`).

use crate::{Options, Record};

/// Adds the meaning checks to a record read by the [`Reader`](crate::Reader): replays its hand
/// under `options.profile` when reading found no error (a producer's convention made an error by
/// `strict` does not stop the replay), keeps the outcome in `record.model.outcome` and its
/// diagnostics in the record's, then applies `options` (under `strict` the replay's leniencies,
/// such as a raked `finishing_stacks`, become errors).
///
/// ```
/// let setup = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
///              starting_stacks = [100, 100]\n";
/// let options = phh::Options::default();
///
/// let text = format!("{setup}actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 f']\n");
/// let mut record = phh::Reader::from_str(&text, options).next().unwrap().unwrap();
/// phh::check(&mut record, &options);
/// assert!(record.diagnostics.is_empty());
/// let outcome = record.model.outcome.as_ref().unwrap();
/// assert_eq!(outcome.finishing_stacks, ["101", "99"]);
///
/// // An illegal action: the error points at its text.
/// let text = format!("{setup}actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p1 f']\n");
/// let mut record = phh::Reader::from_str(&text, options).next().unwrap().unwrap();
/// phh::check(&mut record, &options);
/// let error = record.errors().next().unwrap();
/// assert_eq!(&text[error.span().range()], "p1 f");
/// ```
pub fn check(record: &mut Record, options: &Options) {
    #[cfg(feature = "replay")]
    replay(record, options.profile);
    options.apply(&mut record.diagnostics);
}

#[cfg(feature = "replay")]
fn replay(record: &mut Record, profile: crate::replay::RuleProfile) {
    let read_errors =
        record.diagnostics.iter().any(|d| d.is_error() && !crate::codes::LENIENCIES.contains(&d.code()));
    if read_errors {
        return;
    }
    let Some(hand) = &record.model.hand else { return };
    let mut outcome = crate::replay::replay_hand(hand, &record.model.action_spans, record.span, profile);
    record.diagnostics.append(&mut outcome.diagnostics);
    record.model.outcome = Some(outcome);
}
