//! The sequential part of reading: the export mode, `#`/`##` inheritance and the board a match's
//! other table takes from the game before it.

#[allow(clippy::wildcard_imports)]
use super::*;

/// What a reader carries from one game to the next: inheritance, export mode, the board before
/// (for a match's other table). It owns its text, so the [`crate::Reader`] carries it across the
/// buffers it reads.
#[derive(Debug, Clone, Default)]
pub(crate) struct Carry {
    /// The latest value of each [`Known`] tag so far, which `#` repeats (every game sets most of
    /// them: a slot per name costs no hashing). Only the latest is kept, so the reader's memory
    /// does not grow with the number of games; each value's buffer is reused.
    latest_known: [Option<String>; Known::COUNT],
    /// The same for every other tag name (foldhash: seeded, and cheap on short names).
    latest: HashMap<Box<str>, String, foldhash::fast::RandomState>,
    sticky: Vec<(Box<str>, String)>,
    export: bool,
    eol_reported: bool,
    /// The board of the latest game that gave a deal, for the other table of a match.
    previous: Option<PreviousBoard>,
    /// Boards of the latest games that gave a Deal, not yet read (see [`Carry::read`]).
    pending: Vec<RawBoard>,
    /// How many of `pending` are in use (the others keep their buffers).
    pending_len: usize,
}

/// What the game of a match's other table takes from the game before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PreviousBoard {
    pub(super) board: Option<String>,
    pub(super) dealer: Option<Compass>,
    pub(super) vulnerable: Option<Vulnerability>,
    pub(super) deal: Deal,
}

/// What the checks of one game need from the games before it, found by [`Carry::read`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Context {
    /// Whether the file declared `% EXPORT` at or before this game.
    pub(crate) export: bool,
    /// The board of the latest game before it that gave a deal, when this game gives none of
    /// Board, Dealer, Vulnerable and Deal but has an auction or a play (a match's other table).
    pub(crate) previous: Option<PreviousBoard>,
    /// Whether this game holds the file's first bare line feed in export format (reported once).
    pub(crate) report_eol: bool,
    /// Where the first tag of each [`Known`] name stands in the game's resolved tags, found as
    /// [`Carry::read`] resolves them, so that the checks do not compare names again.
    pub(crate) known: KnownAt,
}

impl Carry {
    /// The sequential part of reading one game: the export mode, `#`/`##` inheritance (with its
    /// diagnostics), the board before (for a match's other table) and whether this game reports
    /// the file's first bare line end. Everything else about the game is checked by
    /// [`check_game`], which needs nothing from the games before it but the returned [`Context`].
    pub(crate) fn read<'a>(
        &mut self,
        src: &str,
        game: &Tokens<'a>,
        diagnostics: &mut dyn DiagnosticSink,
    ) -> (Vec<ResolvedTag<'a>>, Context) {
        for item in &game.items {
            if let Item::Line(l) = item
                && l.is_export()
            {
                self.export = true;
            }
        }
        let mut known = KnownAt::default();
        let tags = self.resolve(game, &mut known, diagnostics);
        let lookup = Tags { list: &tags, at: known };
        let no_board = [Known::Board, Known::Dealer, Known::Vulnerable, Known::Deal]
            .iter()
            .all(|&k| lookup.get(k).is_none());
        let has_sections = lookup.get(Known::Auction).is_some() || lookup.get(Known::Play).is_some();
        let previous = if no_board && has_sections {
            self.settle_previous();
            self.previous.clone()
        } else {
            None
        };
        if lookup.get(Known::Deal).is_some_and(|t| !blank(&t.value)) {
            self.remember_board(&lookup);
        }
        let mut report_eol = false;
        if self.export && !self.eol_reported {
            let text = src.get(game.span.range()).unwrap_or("");
            if bare_line_feed(text.as_bytes()) {
                self.eol_reported = true;
                report_eol = true;
            }
        }
        (tags, Context { export: self.export, previous, report_eol, known })
    }

    /// Resolves `#` and `##`, reports duplicates and forbidden inheritance; notes in `known`
    /// where each known tag stands in the result.
    fn resolve<'a>(
        &mut self,
        game: &Tokens<'a>,
        known: &mut KnownAt,
        diags: &mut dyn DiagnosticSink,
    ) -> Vec<ResolvedTag<'a>> {
        let mut out: Vec<ResolvedTag<'a>> = Vec::with_capacity(24);
        // One bit per name hash of the tags in `out`: a clear bit means no tag of that name yet.
        let mut seen = 0u64;
        for item in &game.items {
            let Item::Tag(tag) = item else { continue };
            let kind = Known::of(tag.name);
            let bit = 1u64 << (name_hash(tag.name) % 64);
            if !tag.name.as_bytes().first().is_some_and(u8::is_ascii_uppercase) {
                diags.report(warn(
                    codes::TAG_NAME_CASE,
                    format!("tag name `{}` does not start with an upper-case letter", tag.name),
                    tag.name_span,
                ));
            }
            let dup = seen & bit != 0 && out.iter().any(|t| same(&t.name, tag.name));
            if tag.name != "Note" && dup {
                diags.report(warn(
                    codes::DUPLICATE_TAG,
                    format!("`{}` is given again in this game; the repeat is ignored", tag.name),
                    tag.span,
                ));
                continue;
            }
            let value = self.inherit(tag, kind, diags);
            if tag.name != "Note" {
                self.set_latest(kind, tag.name, &value);
            }
            known.note_known(kind, out.len());
            out.push(ResolvedTag {
                name: Cow::Borrowed(tag.name),
                value,
                span: Some(tag.span),
                value_span: tag.value_span,
            });
            seen |= bit;
        }
        self.push_sticky(&mut out, known, game.span.start);
        out
    }
}

impl Carry {
    /// The value of `tag` with `#` (the latest value) and `##` (from here on, until given again)
    /// resolved; a value given plainly replaces a `##` one.
    fn inherit<'a>(
        &mut self,
        tag: &Tag<'a>,
        kind: Option<Known>,
        diags: &mut dyn DiagnosticSink,
    ) -> Cow<'a, str> {
        let raw = tag.value();
        if raw != "#" && !raw.starts_with("##") {
            if let Some(slot) = self.sticky.iter_mut().find(|(n, _)| &**n == tag.name) {
                replace_text(&mut slot.1, &raw);
            }
            return raw;
        }
        if NO_INHERIT_TAGS.contains(&tag.name) {
            diags.report(err(
                codes::INHERIT_FORBIDDEN,
                format!("`{}` may not inherit its value with `#` or `##`", tag.name),
                tag.value_span,
            ));
        }
        if raw == "#" {
            return self
                .latest_value(kind, tag.name)
                .or_else(|| self.sticky.iter().find(|(n, _)| &**n == tag.name).map(|(_, v)| v))
                .map_or(Cow::Borrowed(""), |v| Cow::Owned(v.clone()));
        }
        let v: Cow<'a, str> = match raw {
            Cow::Borrowed(s) => Cow::Borrowed(s.get(2..).unwrap_or("")),
            Cow::Owned(s) => Cow::Owned(s.get(2..).unwrap_or("").to_owned()),
        };
        match self.sticky.iter_mut().find(|(n, _)| &**n == tag.name) {
            Some(slot) => replace_text(&mut slot.1, &v),
            None => self.sticky.push((tag.name.into(), v.clone().into_owned())),
        }
        v
    }

    /// Adds the `##` values of earlier games that this game does not give (spanning the game's
    /// start).
    fn push_sticky<'a>(&self, out: &mut Vec<ResolvedTag<'a>>, known: &mut KnownAt, start: usize) {
        for (name, value) in &self.sticky {
            if !out.iter().any(|t| *t.name == **name) {
                known.note(name, out.len());
                out.push(ResolvedTag {
                    name: Cow::Owned(name.to_string()),
                    value: Cow::Owned(value.clone()),
                    span: None,
                    value_span: Span::at(start),
                });
            }
        }
    }

    /// The latest value of the tag `name` (of kind `kind`) in the games so far.
    fn latest_value(&self, kind: Option<Known>, name: &str) -> Option<&String> {
        match kind {
            Some(k) => self.latest_known.get(k as usize).and_then(Option::as_ref),
            None => self.latest.get(name),
        }
    }

    /// Records `value` as the latest of the tag `name` (of kind `kind`), reusing its buffer.
    fn set_latest(&mut self, kind: Option<Known>, name: &str, value: &str) {
        if let Some(k) = kind {
            match self.latest_known.get_mut(k as usize) {
                Some(Some(text)) => replace_text(text, value),
                Some(slot) => *slot = Some(value.to_owned()),
                None => {}
            }
        } else if let Some(text) = self.latest.get_mut(name) {
            replace_text(text, value);
        } else {
            self.latest.insert(name.into(), value.to_owned());
        }
    }
}

/// A cheap hash of a tag name (length, first and last byte), for duplicate detection.
pub(super) fn name_hash(name: &str) -> u32 {
    let b = name.as_bytes();
    let first = b.first().map_or(0, |&c| u32::from(c));
    let last = b.last().map_or(0, |&c| u32::from(c));
    (b.len() as u32).wrapping_mul(7) ^ first.wrapping_mul(3) ^ last
}

/// The Board, Dealer, Vulnerable and Deal values of a game that gave a Deal, as written (read only
/// when a match's other table needs them: most never are).
#[derive(Debug, Clone, Default)]
pub(super) struct RawBoard {
    /// The values, in that order, back to back (one buffer, reused from game to game).
    text: String,
    /// Where each value ends in `text`.
    ends: [usize; 4],
    /// Which were given and not blank.
    given: [bool; 4],
}

impl RawBoard {
    /// The `i`-th value (empty when not given).
    fn value(&self, i: usize) -> &str {
        let start = i.checked_sub(1).and_then(|j| self.ends.get(j)).copied().unwrap_or(0);
        let end = self.ends.get(i).copied().unwrap_or(start);
        self.text.get(start..end).unwrap_or("")
    }
}

/// At most this many boards wait to be read (memory stays bounded).
pub(super) const MAX_PENDING_BOARDS: usize = 64;

impl Carry {
    /// Keeps the board of a game that gave a Deal, to be read when a later game needs it.
    fn remember_board(&mut self, tags: &Tags<'_, '_>) {
        if self.pending_len == MAX_PENDING_BOARDS {
            self.settle_previous();
        }
        if self.pending.len() == self.pending_len {
            self.pending.push(RawBoard::default());
        }
        let Some(slot) = self.pending.get_mut(self.pending_len) else { return };
        self.pending_len += 1;
        slot.text.clear();
        for (i, known) in
            [Known::Board, Known::Dealer, Known::Vulnerable, Known::Deal].into_iter().enumerate()
        {
            let value = tags.get(known).map(|t| t.value.as_ref()).filter(|v| !blank(v));
            slot.text.push_str(value.unwrap_or(""));
            if let (Some(end), Some(given)) = (slot.ends.get_mut(i), slot.given.get_mut(i)) {
                *end = slot.text.len();
                *given = value.is_some();
            }
        }
    }

    /// The board before, from the boards waiting: the latest whose Deal reads (as the tag checks
    /// read it) replaces it; the older ones no game can need any more.
    pub(super) fn settle_previous(&mut self) {
        let waiting = self.pending.get(..self.pending_len).unwrap_or(&[]);
        if let Some(board) = waiting.iter().rev().find_map(read_board) {
            self.previous = Some(board);
        }
        self.pending_len = 0;
    }
}

/// A waiting board read: its Board, Dealer and Vulnerable values as the tag checks read them, when
/// its Deal reads.
fn read_board(raw: &RawBoard) -> Option<PreviousBoard> {
    let [board, dealer, vulnerable, deal] = [0, 1, 2, 3].map(|i| raw.value(i));
    let [has_board, has_dealer, has_vulnerable, _] = raw.given;
    let (deal, _) = parse::parse_deal_and_slots(deal, 0).ok()?;
    Some(PreviousBoard {
        board: has_board.then(|| board.to_owned()),
        dealer: has_dealer.then(|| parse::parse_seat(dealer)).flatten(),
        vulnerable: has_vulnerable.then(|| crate::model::parse_vulnerability(vulnerable)).flatten(),
        deal,
    })
}

/// Overwrites `slot` with `text`, reusing its buffer.
pub(super) fn replace_text(slot: &mut String, text: &str) {
    slot.clear();
    slot.push_str(text);
}

/// String equality that rejects most different tag names without calling `memcmp`.
pub(super) fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.as_bytes().last() == b.as_bytes().last()
        && a.as_bytes().first() == b.as_bytes().first()
        && a == b
}
