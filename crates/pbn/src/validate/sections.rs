//! The sections of a game (auction, play, notes, tables) and the board of a match's other table.

#[allow(clippy::wildcard_imports)]
use super::*;

/// Checks the sections. A game that gives no Board, Dealer, Vulnerable or Deal but has an
/// auction or a play, after a game that gave a deal, is read as the same board played at the
/// other table of a match (the championship archive's layout) when its play then fits the
/// hands (or it has no play) and its auction makes no new error; a warning says so.
pub(super) fn check_board<'a>(
    game: &Tokens<'a>,
    tags: &Tags<'_, 'a>,
    previous: Option<&PreviousBoard>,
    info: &mut GameInfo,
    diags: &mut dyn DiagnosticSink,
) {
    let no_board =
        [Known::Board, Known::Dealer, Known::Vulnerable, Known::Deal].iter().all(|&k| tags.get(k).is_none());
    let has_sections = tags.get(Known::Auction).is_some() || tags.get(Known::Play).is_some();
    if no_board
        && has_sections
        && let Some(prev) = previous.cloned()
    {
        let mut other = info.clone();
        other.board = prev.board.clone();
        other.dealer = prev.dealer;
        other.vulnerable = prev.vulnerable;
        other.deal = Some(prev.deal);
        let mut tmp = Vec::new();
        check_sections(game, tags, &mut other, &mut tmp);
        let misfit = tmp.iter().any(|d| {
            misplaced_card(d)
                || d.code() == codes::PLAY_CARD_TWICE
                || d.code() == codes::DECLARER_MISMATCH
                || d.code() == codes::AUCTION_NOT_DEALER
        });
        if !misfit {
            let first_tag =
                game.items.iter().find_map(|i| if let Item::Tag(t) = i { Some(t.span) } else { None });
            let board = prev.board.as_deref().unwrap_or("?");
            diags.report(
                warn(
                    codes::OTHER_TABLE,
                    format!("no Board, Dealer, Vulnerable or Deal: read as board {board} of the game before, played at the other table"),
                    first_tag.unwrap_or(Span::at(game.span.start)),
                )
                .with_help("PBN repeats the board's tags in every game (or inherits them with `#`)"),
            );
            diags.report_all(tmp);
            *info = other;
            return;
        }
    }
    check_sections(game, tags, info, diags);
}

/// Which notes a `Note` tag joins: the auction's, the play's, or the others' (before both
/// sections, or after another section or tag). A note index is explained once in each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NoteScope {
    /// After the Auction section.
    Auction,
    /// After the Play section.
    Play,
    /// Anywhere else.
    Other,
}

/// Follows the tags of a game in order to tell which notes a `Note` joins: an Auction or a Play
/// starts its section, a table or any other tag ends it. A repeat the reader ignored (a second
/// Auction, a second Competition) ends nothing, so a file written back without it keeps its
/// notes where they were. The checks and the export writer read notes this one way.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NoteSections {
    /// The notes a `Note` here joins.
    scope: NoteScope,
}

impl Default for NoteSections {
    fn default() -> NoteSections {
        NoteSections { scope: NoteScope::Other }
    }
}

impl NoteSections {
    /// Steps over the tag `name` (`kept`: the reader kept it).
    pub(crate) fn step(&mut self, name: &str, kept: bool) {
        self.scope = match name {
            "Note" => self.scope,
            _ if !kept => self.scope,
            "Auction" => NoteScope::Auction,
            "Play" => NoteScope::Play,
            _ => NoteScope::Other,
        };
    }

    /// The notes a `Note` at this point joins.
    pub(crate) fn scope(self) -> NoteScope {
        self.scope
    }
}

/// Finds which section a Note tag belongs to and checks sections.
pub(super) fn check_sections(
    game: &Tokens<'_>,
    tags: &Tags<'_, '_>,
    info: &mut GameInfo,
    diags: &mut dyn DiagnosticSink,
) {
    let mut notes = SectionNotes::default();
    let mut sections = NoteSections::default();
    let mut replay_diags = Vec::new();
    let mut auction_span = Span::default();
    // The tags kept by `resolve` stand in the order of the game, followed by inherited ones.
    let mut kept_tags = tags.list.iter().peekable();
    for item in &game.items {
        let Item::Tag(tag) = item else { continue };
        let kept = kept_tags.next_if(|t| t.span == Some(tag.span)).is_some();
        let first_time = tag.name == "Note" || kept;
        sections.step(tag.name, kept);
        match tag.name {
            "Auction" if first_time => {
                let Some(first) = section_seat(tag, "auction", diags) else { continue };
                let auction = parse::read_auction(tag, first, diags);
                notes.auction_refs =
                    parse::note_refs(auction.entries.iter().map(|e| (&e.annotation, e.span)));
                auction_span = tag.span;
                info.auction_outcome = replay_auction(&auction, info.dealer, tag.span, &mut replay_diags);
                info.auction = Some(auction);
            }
            "Play" if first_time => {
                let Some(first) = section_seat(tag, "play", diags) else { continue };
                let play = parse::read_play(tag, first, diags);
                notes.play_refs = parse::note_refs(play.entries.iter().map(|e| (&e.annotation, e.span)));
                info.play = Some(play);
            }
            "Note" => notes.read(tag, sections.scope(), info, diags),
            name if crate::model::is_table(name) && first_time => {
                let header = get(tags.list, tag.name).map_or_else(|| tag.value(), |t| t.value.clone());
                let table = parse::read_table(tag, &header, diags);
                info.tables.push(table);
            }
            _ => {
                if !tag.data.iter().all(is_comment) && is_identification(tag.name) {
                    section_data_warning(tag, diags);
                }
            }
        }
    }
    notes.check_refs(diags);
    restore_opening_passes(info, auction_span, &mut replay_diags, diags);
    diags.report_all(replay_diags);
    check_contract(tags, info, diags);
    check_play_or_rotated_lines(tags, info, diags);
    check_score(tags, info, diags);
}

/// The notes of a game by the section they explain (index and span), and the references of the
/// auction and the play.
#[derive(Default)]
struct SectionNotes {
    auction: Vec<(u8, Span)>,
    play: Vec<(u8, Span)>,
    other: Vec<(u8, Span)>,
    auction_refs: Vec<parse::NoteRef>,
    play_refs: Vec<parse::NoteRef>,
}

impl SectionNotes {
    /// Reads a Note tag (`<index>:<text>`) into the notes of `scope` and `info`.
    fn read(&mut self, tag: &Tag<'_>, scope: NoteScope, info: &mut GameInfo, diags: &mut dyn DiagnosticSink) {
        let v = tag.value();
        let parsed = v.split_once(':').and_then(|(n, text)| {
            n.trim().parse::<u8>().ok().filter(|n| (1..=32).contains(n)).map(|n| (n, text))
        });
        match parsed {
            Some((n, text)) => {
                let list = match scope {
                    NoteScope::Auction => &mut self.auction,
                    NoteScope::Play => &mut self.play,
                    NoteScope::Other => &mut self.other,
                };
                if list.iter().any(|(m, _)| *m == n) {
                    diags.report(err(
                        codes::NOTE_DUPLICATE,
                        format!("note {n} is explained twice"),
                        tag.span,
                    ));
                }
                list.push((n, tag.value_span));
                info.notes.push((n, text.to_owned()));
            }
            None => diags.report(err(
                codes::BAD_NOTE,
                format!("note `{v}` is not `<index>:<text>` with index 1 to 32"),
                tag.value_span,
            )),
        }
        if !tag.data.iter().all(is_comment) {
            section_data_warning(tag, diags);
        }
    }

    /// Reports the references that no Note tag explains.
    fn check_refs(&self, diags: &mut dyn DiagnosticSink) {
        let has = |notes: &[(u8, Span)], index: u8| notes.iter().any(|(n, _)| *n == index);
        for (refs, notes) in [(&self.auction_refs, &self.auction), (&self.play_refs, &self.play)] {
            for r in refs {
                if !has(notes, r.index)
                    && !has(&self.other, r.index)
                    && !has(&self.auction, r.index)
                    && !has(&self.play, r.index)
                {
                    diags.report(warn(
                        codes::NOTE_UNRESOLVED,
                        format!("note ={}= has no Note tag", r.index),
                        r.span,
                    ));
                }
            }
        }
    }
}

/// The seat of an Auction or Play tag (`what`), or `None` when inherited or not a seat (reported
/// unless the value is blank and the section empty).
pub(super) fn section_seat(tag: &Tag<'_>, what: &str, diags: &mut dyn DiagnosticSink) -> Option<Compass> {
    let v = tag.value();
    if v == "#" || v.starts_with("##") {
        return None;
    }
    let seat = parse::parse_seat(&v);
    if seat.is_none() && (!tag.data.iter().all(is_comment) || !blank(&v)) {
        diags.report(err(
            codes::BAD_SECTION_SEAT,
            format!("{what} seat `{v}` is not a seat"),
            tag.value_span,
        ));
    }
    seat
}

pub(super) fn is_comment(t: &crate::model::Token<'_>) -> bool {
    matches!(
        t.kind,
        TokenKind::BraceComment | TokenKind::LineComment | TokenKind::Invalid | TokenKind::Escape
    )
}

pub(super) fn is_identification(name: &str) -> bool {
    crate::model::MANDATORY_TAGS.contains(&name)
}

pub(super) fn section_data_warning(tag: &Tag<'_>, diags: &mut dyn DiagnosticSink) {
    if let Some(t) = tag.data.iter().find(|t| !is_comment(t)) {
        diags.report(warn(
            codes::UNEXPECTED_SECTION_DATA,
            format!("`{}` takes no section data", tag.name),
            t.span,
        ));
    }
}
