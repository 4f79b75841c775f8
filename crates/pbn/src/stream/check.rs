//! The meaning checks of a record ([`check`]) and [`Checker`], which holds back, in file order,
//! the warnings repeated across games.

use super::game::{Game, Record};
use crate::validate::Options;
use crate::validate::repeats::Repeats;

/// Adds the meaning checks of a game (tag values, deal, auction, play, result, score, export
/// rules) to a record read by [`Reader`](crate::Reader): its [`Game::info`] is filled in and the diagnostics join
/// the reader's, in source order. Needs nothing but the record: any thread, any order.
pub fn check(record: &mut Record, options: &Options) {
    record.model.info = record.model.checks(options, &mut record.diagnostics);
    // Stable: at one place the reader's diagnostics stay before the checks', as one pass gave them.
    record.diagnostics.sort_by_key(|d| (d.span().start, d.span().end));
}

/// [`Pbn`](crate::Pbn)'s checker: [`crate::check`] on each record, then, in file order, the warnings that
/// repeat across the games of a file held back. A rule broken the same way in every game (dates as
/// `2-Aug-2023`, lower-case cards in an export file) is reported where it first occurs, and the
/// later games that break it the same way are counted in one warning at the end of the file's
/// last game. "The same way" is the same code and the same message once every run of digits (and
/// every run of letters inside back-quotes) is reduced to its kind. Errors (and so, under
/// `strict`, the producers' conventions) are always reported in their game.
#[derive(Debug, Clone, Default)]
pub struct Checker {
    options: Options,
    repeats: Repeats,
}

impl Checker {
    /// A checker for one file, nothing seen yet.
    #[must_use]
    pub fn new(options: Options) -> Checker {
        Checker { options, repeats: Repeats::default() }
    }
}

impl cards_core::Checker<Game> for Checker {
    fn check(&self, record: &mut Record) {
        check(record, &self.options);
    }

    fn finish(&mut self, record: &mut Record, last: bool) {
        self.repeats.filter(&mut record.diagnostics);
        if last {
            let at = record.model.end();
            self.repeats.summarize(&mut record.diagnostics, at);
        }
    }
}
