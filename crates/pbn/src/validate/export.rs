//! Line rules (length, control characters) and the export format's rules (`% EXPORT`).

#[allow(clippy::wildcard_imports)]
use super::*;

/// Whether `b` holds a line feed not after a carriage return.
pub(super) fn bare_line_feed(b: &[u8]) -> bool {
    b.first() == Some(&b'\n')
        || b.chunks(64).zip(b.get(1..).unwrap_or(&[]).chunks(64)).any(|(prev, next)| {
            prev.iter().zip(next).fold(false, |acc, (&p, &c)| acc | ((c == b'\n') & (p != b'\r')))
        })
}

/// Whether `b` holds a control character (as `is_control` says) and whether it holds a tab:
/// both in one pass (an export file's games need both), 64 bytes at a time without branching,
/// so the compiler can vectorize it.
fn controls_and_tabs(b: &[u8], is_control: impl Fn(u8) -> bool) -> (bool, bool) {
    let (mut controls, mut tabs) = (false, false);
    for chunk in b.chunks(64) {
        let (c, t) = chunk.iter().fold((false, false), |(c, t), &n| (c | is_control(n), t | (n == b'\t')));
        controls |= c;
        tabs |= t;
    }
    (controls, tabs)
}

/// Line-level rules: length, control characters, export line ends and tabs.
pub(super) fn check_lines(
    src: &str,
    game: &Tokens<'_>,
    export: bool,
    eol_reported: &mut bool,
    diags: &mut dyn DiagnosticSink,
) {
    let text = src.get(game.span.range()).unwrap_or("");
    let base = game.span.start;
    let b = text.as_bytes();
    // Fast pass: whether any control character other than CR, LF and tab occurs (and tabs, in
    // export format); the exact positions are found only when there is something to report.
    let is_control = |c: u8| (c < 0x20) & (c != b'\n') & (c != b'\r') & (c != b'\t');
    let (controls, tabs) =
        if export { controls_and_tabs(b, is_control) } else { (parse::any_byte(b, is_control), false) };
    if controls || tabs {
        let mut tab_seen = false;
        for (i, &ch) in b.iter().enumerate() {
            if ch == b'\t' || ch == b'\x0b' {
                if export && !tab_seen {
                    tab_seen = true;
                    diags.report(warn(
                        codes::EXPORT_FORMAT,
                        "tabs are not allowed in export format",
                        Span::new(base + i, base + i + 1),
                    ));
                }
            } else if ch < 0x20 && ch != b'\n' && ch != b'\r' && ch != b'\x0c' {
                diags.report(warn(
                    codes::CONTROL_CHARACTER,
                    format!("control character 0x{ch:02x}"),
                    Span::new(base + i, base + i + 1),
                ));
            }
        }
    }
    if export && !*eol_reported && bare_line_feed(b) {
        let bare =
            b.iter().enumerate().find(|&(i, &c)| c == b'\n' && (i == 0 || b.get(i - 1) != Some(&b'\r')));
        if let Some((i, _)) = bare {
            *eol_reported = true;
            diags.report(warn(
                codes::EXPORT_FORMAT,
                "export format lines end with CR LF",
                Span::new(base + i, base + i + 1),
            ));
        }
    }
}

/// Reports a line longer than 255 characters with its line end, counted as written: `\r\n`
/// two, `\n` one (the PBN verifier's own correct file has lines of 254 characters and a line
/// feed); a line whose end is not in `text` counts two, as the export format writes.
pub(super) fn long_line(text: &str, base: usize, start: usize, end: usize, diags: &mut dyn DiagnosticSink) {
    let len = text.get(start..end).map_or(0, |l| l.chars().count());
    let eol = match text.as_bytes().get(end..).unwrap_or(&[]) {
        [b'\r', b'\n', ..] | [] => 2,
        _ => 1,
    };
    if len + eol > 255 {
        diags.report(warn(
            codes::LINE_TOO_LONG,
            format!("line of {} characters (at most 255 with the line end)", len + eol),
            Span::new(base + start, base + end),
        ));
    }
}

/// The position of a tag in the mandatory tag set.
pub(super) fn mandatory_rank(name: &str) -> Option<usize> {
    Known::of(name).map(|k| k as usize).filter(|&rank| rank < Known::MANDATORY.len())
}

/// Export-format rules for a game in a file that says `% EXPORT`.
pub(super) fn check_export(
    game: &Tokens<'_>,
    tags: &Tags<'_, '_>,
    info: &GameInfo,
    diags: &mut dyn DiagnosticSink,
) {
    let has_deal = game.items.iter().any(|i| matches!(i, Item::Tag(_)));
    if !has_deal {
        return;
    }
    // Tags inherited with `##` are among the resolved tags.
    let is_missing = |k: &Known| tags.get(*k).is_none();
    if Known::MANDATORY.iter().any(is_missing) {
        let missing: Vec<&str> =
            Known::MANDATORY.iter().filter(|k| is_missing(k)).map(|k| k.name()).collect();
        let span = game
            .items
            .iter()
            .find_map(|i| if let Item::Tag(t) = i { Some(t.span) } else { None })
            .unwrap_or(Span::at(game.span.start));
        diags.report(warn(
            codes::EXPORT_FORMAT,
            format!("export format requires the mandatory tags; missing: {}", missing.join(", ")),
            span,
        ));
    }
    // Mandatory tags in order, before the others.
    let mut last_rank = 0usize;
    let mut seen_other = false;
    for item in &game.items {
        let Item::Tag(tag) = item else { continue };
        match mandatory_rank(tag.name) {
            Some(rank) => {
                if rank < last_rank || seen_other {
                    diags.report(warn(
                        codes::EXPORT_FORMAT,
                        format!("`{}` is out of the export order of the mandatory tags", tag.name),
                        tag.name_span,
                    ));
                }
                last_rank = rank;
            }
            None => seen_other = true,
        }
    }
    if let (Some(deal), Some(dealer), Some(t)) = (info.deal, info.dealer, tags.get(Known::Deal))
        && deal.first != dealer
    {
        diags.report(warn(
            codes::EXPORT_FORMAT,
            "in export format the deal starts with the dealer",
            t.value_span,
        ));
    }
    if let Some(t) = tags.get(Known::Vulnerable)
        && !matches!(t.value.as_ref(), "None" | "NS" | "EW" | "All" | "" | "?")
    {
        diags.report(warn(codes::EXPORT_FORMAT, "export format writes None, NS, EW or All", t.value_span));
    }
}
