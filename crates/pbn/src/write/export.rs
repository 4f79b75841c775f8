//! The export format of one game (PBN 2.1, section 3.11): tags in the spec's order, values
//! from the checked game, sections laid out as the spec writes them, comments kept.

use std::fmt::Write as _;

use super::{CRLF, Record, at_line_start};
use crate::model::{
    Annotation, AuctionItem, CommentKind, Contract, Item, LineKind, MANDATORY_TAGS, PlayItem, Table, Tag,
    Token, TokenKind, TrickCount, escape,
};
use crate::validate::{NoteScope, NoteSections};

/// Whether an item is a `<PBN>` delimiter, `% PBN` version or `% EXPORT` line (the writer writes
/// its own).
pub(super) fn is_version_line(item: &Item<'_>) -> bool {
    matches!(item, Item::Line(l) if l.kind == LineKind::Delimiter || l.pbn_version().is_some() || l.is_export())
}

/// Writes a comment in export style; `own_line` puts it at the start of a new line.
fn export_comment(out: &mut String, kind: TokenKind, text: &str, own_line: bool) {
    if own_line || at_line_start(out) {
        if !at_line_start(out) {
            out.push_str(CRLF);
        }
    } else {
        out.push(' ');
    }
    match kind {
        TokenKind::LineComment => {
            out.push(';');
            out.push_str(text.trim_end_matches('\r'));
            out.push_str(CRLF);
        }
        _ => {
            out.push('{');
            out.push_str(&wrap_comment(text));
            out.push('}');
        }
    }
}

/// Normalizes comment line ends to CRLF and breaks lines longer than 250 characters at spaces.
fn wrap_comment(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut lines = text.split('\n').peekable();
    while let Some(line) = lines.next() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let mut rest = line;
        while rest.chars().count() > 250 {
            let cut = rest.char_indices().take(250).filter(|(_, c)| *c == ' ').map(|(i, _)| i).last();
            match cut {
                Some(i) if i > 0 => {
                    out.push_str(rest.get(..i).unwrap_or(""));
                    out.push_str(CRLF);
                    rest = rest.get(i + 1..).unwrap_or("");
                }
                _ => break,
            }
        }
        out.push_str(rest);
        if lines.peek().is_some() {
            out.push_str(CRLF);
        }
    }
    out
}

fn export_escape(out: &mut String, text: &str) {
    let line = Item::Line(crate::model::Line { kind: LineKind::Escape, text, span: cards_core::Span::at(0) });
    if is_version_line(&line) {
        return;
    }
    if !at_line_start(out) {
        out.push_str(CRLF);
    }
    out.push_str(text);
    out.push_str(CRLF);
}

fn comments_of<'t>(tag: &'t Tag<'_>) -> impl Iterator<Item = &'t Token<'t>> {
    tag.data.iter().filter(|t| matches!(t.kind, TokenKind::BraceComment | TokenKind::LineComment))
}

fn has_section_data(tag: &Tag<'_>) -> bool {
    tag.data.iter().any(|t| matches!(t.kind, TokenKind::Word | TokenKind::Str))
}

fn write_tag_line(out: &mut String, name: &str, value: &str) {
    if !at_line_start(out) {
        out.push_str(CRLF);
    }
    let _ = write!(out, "[{name} \"{}\"]", escape(value));
    out.push_str(CRLF);
}

fn write_tag_comments(out: &mut String, tag: Option<&Tag<'_>>) {
    if let Some(tag) = tag {
        for c in &tag.data {
            match c.kind {
                TokenKind::BraceComment | TokenKind::LineComment => export_comment(out, c.kind, c.text, true),
                TokenKind::Escape => export_escape(out, c.text),
                _ => {}
            }
        }
    }
}

/// The export value of a tag.
fn export_value(record: &Record<'_>, name: &str, value: &str) -> String {
    let info = &record.info;
    match name {
        "Dealer" => info.dealer.map_or_else(|| value.to_owned(), |d| d.char().to_string()),
        "Vulnerable" => info
            .vulnerable
            .map_or_else(|| value.to_owned(), |v| crate::model::vulnerability_export(v).to_owned()),
        "Deal" => match info.deal {
            Some(d) => d.write_from(info.dealer.unwrap_or(d.first)),
            None => value.to_owned(),
        },
        "Declarer" => match info.declarer {
            Some(d) => format!("{}{}", if d.irregular { "^" } else { "" }, d.seat.char()),
            None => value.to_owned(),
        },
        "Contract" => info.contract.map_or_else(|| value.to_owned(), Contract::export),
        "Result" => match info.result {
            Some(r) => {
                let n = r.declarer_tricks(info.declarer.map(|d| d.seat));
                let caret = if r.irregular { "^" } else { "" };
                match (n, r.tricks) {
                    (Some(n), _) => format!("{caret}{n}"),
                    (None, TrickCount::NorthSouth(n)) => format!("{caret}NS {n}"),
                    (None, TrickCount::EastWest(n)) => format!("{caret}EW {n}"),
                    (None, TrickCount::Both { ns, ew, .. }) => format!("{caret}NS {ns} EW {ew}"),
                    (None, TrickCount::Declarer(n)) => format!("{caret}{n}"),
                }
            }
            None => value.to_owned(),
        },
        _ => value.to_owned(),
    }
}

/// Writes one game in export format: the mandatory tags in order, the supplemental tags
/// alphabetically, the auction and the play each with its notes, then the other sections.
pub(super) fn write_export_game(out: &mut String, record: &Record<'_>) {
    let game = &record.game;
    let tags: Vec<&Tag<'_>> =
        game.items.iter().filter_map(|i| if let Item::Tag(t) = i { Some(t) } else { None }).collect();
    write_leading_items(out, &game.items);
    if tags.is_empty() {
        return;
    }
    for name in MANDATORY_TAGS {
        write_tag_line(out, name, &mandatory_value(record, name));
        write_tag_comments(out, first_tag(&tags, name));
    }
    write_supplemental_tags(out, record, &tags);
    let [auction_notes, play_notes, other_notes] = notes_by_section(record, &tags);
    // Notes that explain neither section (the file gave them before both, or after another
    // section) go before the Auction, where they read back as notes of neither.
    write_notes(out, &other_notes);
    match (&record.info.auction, first_tag(&tags, "Auction")) {
        (Some(auction), Some(tag)) => write_auction(out, record, auction, tag),
        (None, Some(tag)) => write_section_as_read(out, tag),
        (_, None) => {}
    }
    write_notes(out, &auction_notes);
    match (&record.info.play, first_tag(&tags, "Play")) {
        (Some(play), Some(tag)) => write_play(out, play, tag),
        (None, Some(tag)) => write_section_as_read(out, tag),
        (_, None) => {}
    }
    write_notes(out, &play_notes);
    write_supplemental_sections(out, record, &tags);
    if !at_line_start(out) {
        out.push_str(CRLF);
    }
}

/// The first tag of the game named `name`.
fn first_tag<'t, 'a>(tags: &[&'t Tag<'a>], name: &str) -> Option<&'t Tag<'a>> {
    tags.iter().copied().find(|t| t.name == name)
}

/// Whether a tag is a section: Auction, Play, Note, a table, or a tag with section data.
fn is_section(t: &Tag<'_>) -> bool {
    matches!(t.name, "Auction" | "Play" | "Note") || crate::model::is_table(t.name) || has_section_data(t)
}

/// The lines and comments before the first tag (the version lines aside, written by the caller).
fn write_leading_items(out: &mut String, items: &[Item<'_>]) {
    for item in items {
        match item {
            Item::Tag(_) => break,
            Item::Line(l) if !is_version_line(item) => {
                if !at_line_start(out) {
                    out.push_str(CRLF);
                }
                out.push_str(l.text);
                out.push_str(CRLF);
            }
            Item::Line(_) | Item::Invalid(_) => {}
            Item::Comment(c) => export_comment(
                out,
                match c.kind {
                    CommentKind::Brace => TokenKind::BraceComment,
                    CommentKind::Line => TokenKind::LineComment,
                },
                c.text,
                c.line_start,
            ),
        }
    }
}

/// The export value of a mandatory tag; one the game does not give is `?` (empty for the
/// declarer, contract and result), unless the board comes from the game before (a match's other
/// table): then it is written out.
fn mandatory_value(record: &Record<'_>, name: &str) -> String {
    if let Some(v) = record.tag(name) {
        return export_value(record, name, v);
    }
    let known = match name {
        "Board" => record.info.board.is_some(),
        "Dealer" => record.info.dealer.is_some(),
        "Vulnerable" => record.info.vulnerable.is_some(),
        "Deal" => record.info.deal.is_some(),
        "Declarer" | "Contract" | "Result" => return String::new(),
        _ => false,
    };
    if known {
        export_value(record, name, record.info.board.as_deref().unwrap_or(""))
    } else {
        "?".to_owned()
    }
}

/// The supplemental tags (no section data), alphabetically.
fn write_supplemental_tags(out: &mut String, record: &Record<'_>, tags: &[&Tag<'_>]) {
    let mut supplemental: Vec<&str> = record
        .tags
        .iter()
        .map(|t| &*t.name)
        .filter(|n| !MANDATORY_TAGS.contains(n) && !matches!(*n, "Auction" | "Play" | "Note"))
        .filter(|n| first_tag(tags, n).is_none_or(|t| !is_section(t)))
        .collect();
    supplemental.sort_unstable();
    supplemental.dedup();
    for name in supplemental {
        if let Some(v) = record.tag(name) {
            write_tag_line(out, name, v);
            write_tag_comments(out, first_tag(tags, name));
        }
    }
}

/// The Note tags of the auction, of the play and of neither. Each note goes with the section it
/// explains, as the checks read it; the tags the reader kept stand first in `record.tags`, in the
/// order of the game.
fn notes_by_section<'t, 'a>(record: &Record<'_>, tags: &[&'t Tag<'a>]) -> [Vec<&'t Tag<'a>>; 3] {
    let mut sections = NoteSections::default();
    let mut kept_tags = record.tags.iter().peekable();
    let (mut auction_notes, mut play_notes, mut other_notes) = (Vec::new(), Vec::new(), Vec::new());
    for t in tags {
        let kept = kept_tags.next_if(|k| k.span == Some(t.span)).is_some();
        sections.step(t.name, kept);
        if t.name == "Note" {
            match sections.scope() {
                NoteScope::Auction => auction_notes.push(*t),
                NoteScope::Play => play_notes.push(*t),
                NoteScope::Other => other_notes.push(*t),
            }
        }
    }
    [auction_notes, play_notes, other_notes]
}

fn write_notes(out: &mut String, notes: &[&Tag<'_>]) {
    for n in notes {
        write_section_as_read(out, n);
    }
}

/// A tag with its value as written, then its comments.
fn write_section_as_read(out: &mut String, tag: &Tag<'_>) {
    write_tag_line(out, tag.name, &tag.value());
    write_tag_comments(out, Some(tag));
}

/// The supplemental sections (tables and other tags with section data), alphabetically.
fn write_supplemental_sections(out: &mut String, record: &Record<'_>, tags: &[&Tag<'_>]) {
    let mut sections: Vec<&Tag<'_>> = Vec::new();
    for t in tags {
        if !matches!(t.name, "Auction" | "Play" | "Note")
            && !MANDATORY_TAGS.contains(&t.name)
            && is_section(t)
            && !sections.iter().any(|s| s.name == t.name)
        {
            sections.push(t);
        }
    }
    sections.sort_by_key(|t| t.name);
    for t in sections {
        let value = record.tag(t.name).map_or_else(|| t.value().into_owned(), str::to_owned);
        write_tag_line(out, t.name, &value);
        match record.info.tables.iter().find(|tb| tb.name == t.name) {
            Some(table) if crate::model::is_table(t.name) => write_table_section(out, t, table),
            _ => write_generic_section(out, t),
        }
    }
}

/// A table's rows, with the comments of its tag: those before the first element follow the tag.
fn write_table_section(out: &mut String, t: &Tag<'_>, table: &Table) {
    let mut comments = comments_of(t).peekable();
    let first_el =
        t.data.iter().find(|x| !matches!(x.kind, TokenKind::BraceComment | TokenKind::LineComment));
    while let Some(c) = comments.next_if(|c| first_el.is_none_or(|e| c.span.start < e.span.start)) {
        export_comment(out, c.kind, c.text, true);
    }
    write_table_rows(out, table);
    for c in comments {
        export_comment(out, c.kind, c.text, true);
    }
}

fn write_annotation(out: &mut String, a: &Annotation) {
    if let Some(n) = a.note {
        let _ = write!(out, " ={n}=");
    }
    let mut nags: Vec<u8> = a.nags.clone();
    if let Some(s) = a.suffix {
        nags.push(s);
    }
    nags.sort_unstable();
    for n in nags {
        let _ = write!(out, " ${n}");
    }
}

/// Comments of section data interleaved after the entry they follow.
fn comments_after<'t>(tag: &'t Tag<'_>, spans: &[cards_core::Span]) -> Vec<(usize, &'t Token<'t>)> {
    comments_of(tag)
        .map(|c| (spans.iter().rposition(|s| s.end <= c.span.start).map_or(0, |i| i + 1), c))
        .collect()
}

fn write_auction(out: &mut String, record: &Record<'_>, auction: &crate::model::Auction, tag: &Tag<'_>) {
    let dealer = record.info.dealer;
    // Drop leading placeholders when they only pad to the dealer.
    let mut skip = 0usize;
    let mut first = auction.first;
    if let Some(d) = dealer {
        while first != d && auction.entries.get(skip).is_some_and(|e| e.item == AuctionItem::Placeholder) {
            skip += 1;
            first = first.next();
        }
    }
    write_tag_line(out, "Auction", &first.char().to_string());
    let entries = auction.entries.get(skip..).unwrap_or(&[]);
    let spans: Vec<cards_core::Span> = auction.entries.iter().map(|e| e.span).collect();
    let comments = comments_after(tag, &spans);
    for (_, c) in comments.iter().filter(|(i, _)| *i <= skip) {
        export_comment(out, c.kind, c.text, true);
    }
    let mut col = 0usize;
    for (k, e) in entries.iter().enumerate() {
        if col == 4 {
            out.push_str(CRLF);
            col = 0;
        }
        if !at_line_start(out) {
            out.push(' ');
        }
        match e.item {
            AuctionItem::Call { call, insufficient } => {
                if insufficient {
                    out.push_str("^I ");
                }
                out.push_str(&call.to_string());
            }
            AuctionItem::AllPass => out.push_str("AP"),
            AuctionItem::Placeholder => out.push('-'),
            AuctionItem::Skipped => out.push_str("^S"),
            AuctionItem::Continue => out.push('+'),
            AuctionItem::Blank => out.push_str("____"),
            AuctionItem::Unreadable => out.push_str(source_text(tag, e.span)),
        }
        write_annotation(out, &e.annotation);
        col += 1;
        for (_, c) in comments.iter().filter(|(i, _)| *i == skip + k + 1) {
            export_comment(out, c.kind, c.text, false);
            if at_line_start(out) {
                col = 0;
            }
        }
    }
    if auction.star {
        if !at_line_start(out) {
            out.push_str(CRLF);
        }
        out.push('*');
    }
    if !at_line_start(out) {
        out.push_str(CRLF);
    }
}

/// The text of an entry as written in the section data of `tag` (an unreadable token is written
/// back as it stood).
fn source_text<'t>(tag: &'t Tag<'_>, span: cards_core::Span) -> &'t str {
    tag.data
        .iter()
        .find(|t| t.span.start <= span.start && span.end <= t.span.end)
        .and_then(|t| t.text.get(span.start - t.span.start..span.end - t.span.start))
        .unwrap_or("-")
}

fn write_play(out: &mut String, play: &crate::model::Play, tag: &Tag<'_>) {
    write_tag_line(out, "Play", &play.first.char().to_string());
    let spans: Vec<cards_core::Span> = play.entries.iter().map(|e| e.span).collect();
    let comments = comments_after(tag, &spans);
    for (_, c) in comments.iter().filter(|(i, _)| *i == 0) {
        export_comment(out, c.kind, c.text, true);
    }
    let mut col = 0usize;
    for (k, e) in play.entries.iter().enumerate() {
        if k > 0 && k % 4 == 0 {
            if !at_line_start(out) {
                out.push_str(CRLF);
            }
            col = 0;
        }
        if !at_line_start(out) {
            out.push(' ');
        }
        match e.item {
            PlayItem::Card { card, revoke, lead_out_of_turn } => {
                if revoke {
                    out.push_str("^R ");
                }
                if lead_out_of_turn {
                    out.push_str("^L ");
                }
                out.push_str(&crate::text::write_card(card));
            }
            PlayItem::Unknown => out.push('-'),
            PlayItem::Continue => out.push('+'),
        }
        write_annotation(out, &e.annotation);
        col += 1;
        for (_, c) in comments.iter().filter(|(i, _)| *i == k + 1) {
            export_comment(out, c.kind, c.text, false);
        }
    }
    let _ = col;
    if play.star {
        if !at_line_start(out) {
            out.push_str(CRLF);
        }
        out.push('*');
    }
    if !at_line_start(out) {
        out.push_str(CRLF);
    }
}

fn cell_text(c: &crate::model::TableCell<'_>) -> String {
    if c.quoted { format!("\"{}\"", escape(c.text)) } else { c.text.to_owned() }
}

fn write_table_rows(out: &mut String, table: &Table) {
    for row in table.rows() {
        if !at_line_start(out) {
            out.push_str(CRLF);
        }
        for (i, cell) in row.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            let text = cell_text(cell);
            let col = table.columns.get(i);
            let width = col.and_then(|c| c.width).map_or(0, usize::from);
            let pad = width.saturating_sub(text.chars().count());
            let right = matches!(col.and_then(|c| c.align), Some(crate::model::Align::Right));
            let last = i + 1 == row.len();
            if right {
                out.extend(std::iter::repeat_n(' ', pad));
                out.push_str(&text);
            } else {
                out.push_str(&text);
                if !last {
                    out.extend(std::iter::repeat_n(' ', pad));
                }
            }
        }
        out.push_str(CRLF);
    }
}

fn write_generic_section(out: &mut String, tag: &Tag<'_>) {
    for t in &tag.data {
        match t.kind {
            TokenKind::BraceComment | TokenKind::LineComment => {
                export_comment(out, t.kind, t.text, t.line_start)
            }
            TokenKind::Invalid | TokenKind::Delimiter => {}
            TokenKind::Escape => export_escape(out, t.text),
            TokenKind::Word | TokenKind::Str => {
                if t.line_start {
                    if !at_line_start(out) {
                        out.push_str(CRLF);
                    }
                } else if !at_line_start(out) {
                    out.push(' ');
                }
                if t.kind == TokenKind::Str {
                    out.push('"');
                    out.push_str(t.text);
                    out.push('"');
                } else {
                    out.push_str(t.text);
                }
            }
        }
    }
    if !at_line_start(out) {
        out.push_str(CRLF);
    }
}
