//! Cutting a `.phhs` text into hands without parsing them: a light TOML lexer that knows when a
//! line is a table header (`[name]` at line start, outside strings and arrays), used by the
//! [`Reader`](crate::Reader)'s `read_raw`. Each hand is then parsed on its own, on any thread.

use std::borrow::Cow;

use cards_core::{Diagnostic, Span};

use crate::codes;

/// Lexical state carried from line to line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct LexState {
    /// Depth of open `[`/`{` in values.
    depth: u32,
    /// Inside a multi-line string: `Some(b'"')` or `Some(b'\'')`.
    multiline: Option<u8>,
}

impl LexState {
    /// Whether `line` (without its line ending) starts a table header in this state.
    pub(crate) fn is_header(&self, line: &[u8]) -> bool {
        self.depth == 0
            && self.multiline.is_none()
            && line.iter().find(|b| !matches!(b, b' ' | b'\t')).is_some_and(|&b| b == b'[')
    }

    /// Whether the line holds nothing but whitespace or a comment in this state.
    pub(crate) fn is_trivia(&self, line: &[u8]) -> bool {
        self.depth == 0
            && self.multiline.is_none()
            && line.iter().find(|b| !matches!(b, b' ' | b'\t' | b'\r')).is_none_or(|&b| b == b'#')
    }

    /// Advances the state over the line that opens `text` (a line that is not a header) and
    /// returns where it ends: the index of its `\n`, or `None` when `text` holds none (the state
    /// is then as if the line ran to the end of `text`). One pass over the line's bytes, which
    /// finds its end too.
    pub(crate) fn scan_line(&mut self, text: &[u8]) -> Option<usize> {
        let mut i = 0;
        if let Some(q) = self.multiline {
            let end = line_end(text, 0);
            match find_ml_close(text.get(..end.unwrap_or(text.len())).unwrap_or_default(), 0, q) {
                Some(close) => {
                    self.multiline = None;
                    i = close;
                }
                None => return end,
            }
        }
        loop {
            let &b = text.get(i)?;
            match CLASS.get(usize::from(b)).copied().unwrap_or(PLAIN) {
                PLAIN => i += 1,
                NEWLINE => return Some(i),
                COMMENT => return line_end(text, i),
                OPEN => {
                    self.depth += 1;
                    i += 1;
                }
                CLOSE => {
                    self.depth = self.depth.saturating_sub(1);
                    i += 1;
                }
                _ if text.get(i + 1) == Some(&b) && text.get(i + 2) == Some(&b) => {
                    let end = line_end(text, i);
                    let line = text.get(..end.unwrap_or(text.len())).unwrap_or_default();
                    match find_ml_close(line, i + 3, b) {
                        Some(close) => i = close,
                        None => {
                            self.multiline = Some(b);
                            return end;
                        }
                    }
                }
                _ => match string_end(text, i + 1, b) {
                    Ok(after) => i = after,
                    // Not closed on this line: the rest of it is the string's.
                    Err(end) => return end,
                },
            }
        }
    }
}

/// Byte classes for [`LexState::scan_line`] outside strings: what may change the state or end
/// the line.
const PLAIN: u8 = 0;
const NEWLINE: u8 = 1;
const COMMENT: u8 = 2;
const QUOTE: u8 = 3;
const OPEN: u8 = 4;
const CLOSE: u8 = 5;

const CLASS: [u8; 256] = {
    let mut class = [PLAIN; 256];
    class[b'\n' as usize] = NEWLINE;
    class[b'#' as usize] = COMMENT;
    class[b'"' as usize] = QUOTE;
    class[b'\'' as usize] = QUOTE;
    class[b'[' as usize] = OPEN;
    class[b'{' as usize] = OPEN;
    class[b']' as usize] = CLOSE;
    class[b'}' as usize] = CLOSE;
    class
};

/// The index of the first `\n` of `text` from `from`.
fn line_end(text: &[u8], from: usize) -> Option<usize> {
    find_either(text.get(from..).unwrap_or_default(), b'\n', b'\n').map(|k| from + k)
}

/// Past the quote `q` that closes a one-line string whose content starts at `from` (in a basic
/// string a backslash escapes the next byte); `Err` with the end of the line when the line ends
/// first.
fn string_end(text: &[u8], from: usize, q: u8) -> Result<usize, Option<usize>> {
    let mut i = from;
    loop {
        match text.get(i) {
            None => return Err(None),
            Some(&b'\n') => return Err(Some(i)),
            Some(&c) if c == q => return Ok(i + 1),
            Some(&b'\\') if q == b'"' => {
                if text.get(i + 1) == Some(&b'\n') {
                    return Err(Some(i + 1));
                }
                i += 2;
            }
            Some(_) => i += 1,
        }
    }
}

/// The index of the first byte of `bytes` equal to `a` or `b`.
pub(crate) fn find_either(bytes: &[u8], a: u8, b: u8) -> Option<usize> {
    use super::bytes_equal;
    super::find_byte(bytes, |x| bytes_equal(x, a) | bytes_equal(x, b), |c| c == a || c == b)
}

/// The index just past the closing delimiter of a multi-line string opened with `q`, searching
/// from `from`.
fn find_ml_close(line: &[u8], from: usize, q: u8) -> Option<usize> {
    let mut i = from;
    while i < line.len() {
        let c = line.get(i).copied()?;
        if c == b'\\' && q == b'"' {
            i += 2;
            continue;
        }
        if c == q && line.get(i + 1) == Some(&q) && line.get(i + 2) == Some(&q) {
            let mut end = i + 3;
            // Up to two more quotes belong to the content (`''''' ` ends with quotes inside).
            while end < i + 5 && line.get(end) == Some(&q) {
                end += 1;
            }
            return Some(end);
        }
        i += 1;
    }
    None
}

/// One hand's text in a file: its table name (for `.phhs`) and body.
#[derive(Debug, Clone)]
pub(crate) struct HandChunk<'a> {
    /// 0-based position of the hand in the file.
    pub(crate) index: usize,
    /// The table name (`1` for `[1]`), `None` for a single-hand `.phh` file.
    pub(crate) name: Option<Cow<'a, str>>,
    /// The header line's span (`[1]`), if any.
    pub(crate) header: Option<Span>,
    /// The text after the header line up to the next header.
    pub(crate) body: &'a str,
    /// Byte offset of `body` in the file.
    pub(crate) offset: usize,
    /// A problem with the header itself.
    pub(crate) header_error: Option<Diagnostic>,
}

impl HandChunk<'_> {
    /// The span of the whole hand (header and body) in the file.
    pub(crate) fn span(&self) -> Span {
        let start = self.header.map_or(self.offset, |h| h.start);
        Span::new(start, self.offset + self.body.len())
    }

    /// The span to report file-level problems at: the header, or the start of the body.
    pub(crate) fn anchor(&self) -> Span {
        self.header.unwrap_or(Span::at(self.offset))
    }
}

/// Parses a header line (without line ending) into its table name.
pub(crate) fn parse_header<'a>(line: &'a str, start: usize) -> Result<Cow<'a, str>, Diagnostic> {
    let trimmed = line.trim_end_matches('\r');
    let span = Span::new(start, start + trimmed.len());
    let bad = |msg: &str| {
        Diagnostic::error(codes::PHH_TABLE_HEADER, msg.to_owned(), span)
            .with_help("each hand of a .phhs file is a table with a plain name, like `[1]`")
    };
    let t = trimmed.trim_start_matches([' ', '\t']);
    if t.starts_with("[[") {
        return Err(bad("an array of tables is not a hand"));
    }
    // Fast case: `[bare]` optionally followed by a comment.
    let inner = t.get(1..).unwrap_or("");
    let key_len = inner.bytes().take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-')).count();
    if key_len > 0 && inner.as_bytes().get(key_len) == Some(&b']') {
        let rest = inner.get(key_len + 1..).unwrap_or("").trim_start_matches([' ', '\t']);
        if rest.is_empty()
            || rest.starts_with('#') && !rest.bytes().any(|b| b < 0x20 && b != b'\t' || b == 0x7f)
        {
            return Ok(Cow::Borrowed(inner.get(..key_len).unwrap_or("")));
        }
    }
    // General case through toml_edit.
    let doc = match toml_edit::Document::parse(trimmed) {
        Ok(doc) => doc,
        Err(e) => {
            let at = e.span().map_or(span, |r| Span::from(r).snap_to_chars(trimmed).shift(start));
            return Err(Diagnostic::error(codes::PHH_TOML_SYNTAX, e.message().to_owned(), at));
        }
    };
    let mut iter = doc.as_table().iter();
    match (iter.next(), iter.next()) {
        (Some((key, toml_edit::Item::Table(table))), None) if table.is_empty() && !table.is_implicit() => {
            Ok(Cow::Owned(key.to_owned()))
        }
        _ => Err(bad("a hand's header must be a single table name, not a dotted key")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_either_finds_the_first_of_two_bytes() {
        for (text, at) in [
            ("", None),
            ("abc", None),
            ("abcdefghij\"", Some(10)),
            ("abcdefgh\\ij\"", Some(8)),
            ("\"", Some(0)),
            ("\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\\", Some(10)),
        ] {
            assert_eq!(find_either(text.as_bytes(), b'"', b'\\'), at, "{text:?}");
        }
    }

    /// Each line ends at its first `\n` whatever it holds, and strings, arrays and comments
    /// change the state as TOML reads them.
    #[test]
    fn scan_line_finds_the_line_end_and_the_state_after() {
        let ml = |q| LexState { depth: 0, multiline: Some(q) };
        let open = LexState { depth: 1, multiline: None };
        for (before, line, end, after) in [
            (LexState::default(), "a = [\n", Some(5), open),
            (open, "  \"d [dh\",\n[", Some(10), open),
            (open, "]\n", Some(1), LexState::default()),
            (LexState::default(), "a = \"x\\\"[\" # [\n", Some(14), LexState::default()),
            (LexState::default(), "a = \"open [\nb", Some(11), LexState::default()),
            (LexState::default(), "a = \"x\\\n[", Some(7), LexState::default()),
            (LexState::default(), "a = 'x\\' [\n", Some(10), open),
            (LexState::default(), "s = '''\n", Some(7), ml(b'\'')),
            (ml(b'\''), "[x]\n", Some(3), ml(b'\'')),
            (ml(b'\''), "''' [\n", Some(5), open),
            (LexState::default(), "s = \"\"\"a\"\"\" [", None, open),
            (LexState::default(), "# [ '\n", Some(5), LexState::default()),
        ] {
            let mut lex = before;
            assert_eq!(lex.scan_line(line.as_bytes()), end, "{line:?}");
            assert_eq!(lex, after, "{line:?}");
        }
    }

    #[test]
    fn bad_headers() {
        assert!(parse_header("[[1]]", 0).is_err());
        assert!(parse_header("[a.b]", 0).is_err());
        assert_eq!(parse_header("[ 'x y' ]", 0).ok().as_deref(), Some("x y"));
        assert_eq!(parse_header("[12] # hand", 0).ok().as_deref(), Some("12"));
    }
}
