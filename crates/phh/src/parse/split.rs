//! Splitting a `.phhs` text into hands without parsing them: a light TOML lexer that knows when a
//! line is a table header (`[name]` at line start, outside strings and arrays). Each hand can then
//! be parsed on its own (streaming, or in parallel).

use std::borrow::Cow;

use cards_core::{Diagnostic, Span};

use crate::codes;

/// Lexical state carried from line to line.
#[derive(Debug, Clone, Copy, Default)]
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

    /// Advances the state over one line that is not a header.
    pub(crate) fn scan(&mut self, line: &[u8]) {
        let mut i = 0;
        let n = line.len();
        if let Some(q) = self.multiline {
            match find_ml_close(line, 0, q) {
                Some(end) => {
                    self.multiline = None;
                    i = end;
                }
                None => return,
            }
        }
        while i < n {
            let b = line.get(i).copied().unwrap_or(b'\n');
            match b {
                b'#' => return,
                b'"' | b'\'' => {
                    if line.get(i + 1) == Some(&b) && line.get(i + 2) == Some(&b) {
                        match find_ml_close(line, i + 3, b) {
                            Some(end) => i = end,
                            None => {
                                self.multiline = Some(b);
                                return;
                            }
                        }
                    } else {
                        // To the closing quote (a basic string's `\\` escapes the next byte).
                        i += 1;
                        let escape = if b == b'"' { b'\\' } else { b };
                        loop {
                            // Strings are short: a plain scan beats a word-at-a-time search here.
                            let Some(k) = line
                                .get(i..)
                                .and_then(|rest| rest.iter().position(|&c| c == b || c == escape))
                            else {
                                // Not closed on this line: the rest of it is the string's.
                                i = n;
                                break;
                            };
                            i += k;
                            if line.get(i) == Some(&b) {
                                i += 1;
                                break;
                            }
                            i += 2;
                        }
                    }
                }
                b'[' | b'{' => {
                    self.depth += 1;
                    i += 1;
                }
                b']' | b'}' => {
                    self.depth = self.depth.saturating_sub(1);
                    i += 1;
                }
                // Nothing else changes the state: on to the next byte that may.
                _ => {
                    i += 1;
                    i += line.get(i..).and_then(|rest| rest.iter().position(is_lexeme)).unwrap_or(n - i);
                }
            }
        }
    }
}

/// The index of the first byte of `bytes` equal to `a` or `b`.
pub(crate) fn find_either(bytes: &[u8], a: u8, b: u8) -> Option<usize> {
    use super::bytes_equal;
    super::find_byte(bytes, |x| bytes_equal(x, a) | bytes_equal(x, b), |c| c == a || c == b)
}

/// Whether a byte may change [`LexState`] (outside strings).
fn is_lexeme(b: &u8) -> bool {
    matches!(b, b'#' | b'"' | b'\'' | b'[' | b'{' | b']' | b'}')
}

/// Finds the table headers of a `.phhs` text line by line without reading its hands: a light
/// lexer that follows strings and arrays only, so a cutter can split a big file into runs of whole
/// hands at little cost (each hand is read later, by whoever takes the run).
///
/// ```
/// let text = "[1]\na = [\n[2]\n]\n# next\n[3]\n";
/// let mut scan = phh::parse::HeaderScan::default();
/// let headers: Vec<bool> = text.lines().map(|line| scan.line(line.as_bytes())).collect();
/// assert_eq!(headers, [true, false, false, false, false, true]);
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct HeaderScan {
    state: LexState,
}

impl HeaderScan {
    /// Whether `line` (without its `\n`) is a table header; a line that is not is lexed, so that
    /// the next call knows whether it starts inside a string or an array.
    pub fn line(&mut self, line: &[u8]) -> bool {
        if self.state.is_header(line) {
            return true;
        }
        self.state.scan(line);
        false
    }

    /// The start of the first table header line of `lines` (whole lines: `\n`-ended, or the
    /// input's last line), the lines before it lexed (the header line itself is not); `None`
    /// when there is none, all of them lexed. The same as calling [`line`](Self::line) on each
    /// line, in one call.
    ///
    /// ```
    /// let text = b"[1]\na = [\n[2]\n]\n# next\n[3]\n";
    /// let mut scan = phh::parse::HeaderScan::default();
    /// assert_eq!(scan.find(text), Some(0));
    /// assert_eq!(scan.find(&text[4..]), Some(19));
    /// ```
    pub fn find(&mut self, lines: &[u8]) -> Option<usize> {
        let mut pos = 0;
        while pos < lines.len() {
            let rest = &lines[pos..];
            let end = find_either(rest, b'\n', b'\n').unwrap_or(rest.len());
            let line = &rest[..end];
            if self.state.is_header(line) {
                return Some(pos);
            }
            self.state.scan(line);
            pos += end + 1;
        }
        None
    }

    /// Whether `line` (without its `\n`) holds only blanks or a comment, outside any value.
    #[must_use]
    pub fn is_trivia(line: &[u8]) -> bool {
        LexState::default().is_trivia(line)
    }
}

/// A table header line's name (`None` when the header is not a plain table name: the hand's
/// reading reports it) and its span (`line` starts at `start` in the text; leading blanks and a
/// trailing `\r` are left out of the span).
#[must_use]
pub fn table_header(line: &str, start: usize) -> (Option<Cow<'_, str>>, Span) {
    let line = line.trim_end_matches('\r');
    let lead = line.len() - line.trim_start_matches([' ', '\t']).len();
    (parse_header(line, start).ok(), Span::new(start + lead, start + line.len()))
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
pub struct HandChunk<'a> {
    /// 0-based position of the hand in the file.
    pub index: usize,
    /// The table name (`1` for `[1]`), `None` for a single-hand `.phh` file.
    pub name: Option<Cow<'a, str>>,
    /// The header line's span (`[1]`), if any.
    pub header: Option<Span>,
    /// The text after the header line up to the next header.
    pub body: &'a str,
    /// Byte offset of `body` in the file.
    pub offset: usize,
    /// A problem with the header itself.
    pub header_error: Option<Diagnostic>,
}

impl HandChunk<'_> {
    /// The span of the whole hand (header and body) in the file.
    #[must_use]
    pub fn span(&self) -> Span {
        let start = self.header.map_or(self.offset, |h| h.start);
        Span::new(start, self.offset + self.body.len())
    }

    /// The span to report file-level problems at: the header, or the start of the body.
    #[must_use]
    pub fn anchor(&self) -> Span {
        self.header.unwrap_or(Span::at(self.offset))
    }
}

/// Whether the text is a multi-hand `.phhs` document: its first significant line is a header.
#[must_use]
pub fn is_multi(text: &str) -> bool {
    let state = LexState::default();
    for line in text.as_bytes().split(|&b| b == b'\n') {
        if state.is_trivia(line) {
            continue;
        }
        return state.is_header(line);
    }
    false
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

/// Iterator over the hands of a text (see [`chunks`]).
#[derive(Debug, Clone)]
pub struct Chunks<'a> {
    text: &'a str,
    pos: usize,
    index: usize,
    multi: bool,
    done: bool,
}

/// Splits a text into hands: one chunk per `[table]` of a `.phhs` file, or a single chunk for a
/// `.phh` file. Cheap: the hands are not parsed.
#[must_use]
pub fn chunks(text: &str) -> Chunks<'_> {
    Chunks { text, pos: 0, index: 0, multi: is_multi(text), done: false }
}

/// The byte range of the line starting at `pos`: (line end without `\n`, next line start).
fn line_at(bytes: &[u8], pos: usize) -> (usize, usize) {
    match bytes.get(pos..).and_then(|rest| rest.iter().position(|&b| b == b'\n')) {
        Some(i) => (pos + i, pos + i + 1),
        None => (bytes.len(), bytes.len()),
    }
}

/// A header found by [`Chunks::next_header`].
pub(crate) struct Header<'a> {
    pub index: usize,
    pub name: Option<Cow<'a, str>>,
    pub span: Span,
    pub body_start: usize,
    pub error: Option<Diagnostic>,
}

impl<'a> Chunks<'a> {
    /// The single chunk of a `.phh` text (once).
    pub(crate) fn single(&mut self) -> Option<HandChunk<'a>> {
        if self.done {
            return None;
        }
        self.done = true;
        Some(HandChunk { index: 0, name: None, header: None, body: self.text, offset: 0, header_error: None })
    }

    /// Finds the next header line of a multi-hand text, from the current position.
    pub(crate) fn next_header(&mut self) -> Option<Header<'a>> {
        if self.done {
            return None;
        }
        let text = self.text;
        let bytes = text.as_bytes();
        let mut state = LexState::default();
        let mut pos = self.pos;
        let header_start = loop {
            if pos >= bytes.len() {
                self.done = true;
                return None;
            }
            let (end, next) = line_at(bytes, pos);
            let line = bytes.get(pos..end).unwrap_or_default();
            if state.is_header(line) {
                break pos;
            }
            state.scan(line);
            pos = next;
        };
        let (header_end, body_start) = line_at(bytes, header_start);
        let header_line = text.get(header_start..header_end).unwrap_or("");
        let lead = header_line.len() - header_line.trim_start_matches([' ', '\t']).len();
        let (name, error) = match parse_header(header_line, header_start) {
            Ok(name) => (Some(name), None),
            Err(d) => (None, Some(d)),
        };
        let index = self.index;
        self.index += 1;
        self.pos = body_start;
        let text_end = header_start + header_line.trim_end_matches('\r').len();
        Some(Header { index, name, span: Span::new(header_start + lead, text_end), body_start, error })
    }

    /// Where the body starting at `body_start` ends: the start of the next header line.
    pub(crate) fn body_end(&self, body_start: usize) -> usize {
        let bytes = self.text.as_bytes();
        let mut state = LexState::default();
        let mut pos = body_start;
        while pos < bytes.len() {
            let (end, next) = line_at(bytes, pos);
            let line = bytes.get(pos..end).unwrap_or_default();
            if state.is_header(line) {
                break;
            }
            state.scan(line);
            pos = next;
        }
        pos
    }

    /// Ends the current hand's body at `end` (the next header line or the end of the text).
    pub(crate) fn finish_body(&mut self, end: usize) {
        self.pos = end;
    }

    /// The chunk of a header whose body ends at `end`.
    pub(crate) fn chunk(&self, header: Header<'a>, end: usize) -> HandChunk<'a> {
        HandChunk {
            index: header.index,
            name: header.name,
            header: Some(header.span),
            body: self.text.get(header.body_start..end).unwrap_or(""),
            offset: header.body_start,
            header_error: header.error,
        }
    }
}

impl<'a> Iterator for Chunks<'a> {
    type Item = HandChunk<'a>;

    fn next(&mut self) -> Option<HandChunk<'a>> {
        if !self.multi {
            return self.single();
        }
        let header = self.next_header()?;
        let end = self.body_end(header.body_start);
        self.finish_body(end);
        Some(self.chunk(header, end))
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

    /// `find` over a whole text says what `line` says line by line.
    #[test]
    fn find_is_line_by_line() {
        let text = "# c\n[1]\na = [\n'[x]',\n[2]\n]\ns = \"\"\"\n[3]\n\"\"\"\n [4] \n\nb = \"q\\\"[\"\n[5]";
        let mut by_line = Vec::new();
        let mut scan = HeaderScan::default();
        let mut pos = 0;
        for line in text.split_inclusive('\n') {
            if scan.line(line.trim_end_matches('\n').as_bytes()) {
                by_line.push(pos);
            }
            pos += line.len();
        }
        let mut found = Vec::new();
        let mut scan = HeaderScan::default();
        let mut from = 0;
        while let Some(k) = scan.find(&text.as_bytes()[from..]) {
            found.push(from + k);
            from += k + text[from + k..].find('\n').map_or(text.len() - from - k, |i| i + 1);
        }
        assert_eq!(by_line, [4, 43, 61]);
        assert_eq!(found, by_line);
    }

    #[test]
    fn splits_tables_and_ignores_brackets_inside_values() {
        let text = "# preamble\n[1]\na = [\n[1, 2],\n]\ns = '''\n[x]\n'''\n[\"two\"] # c\nb = 1\n[3]\n";
        let hands: Vec<_> = chunks(text).collect();
        assert_eq!(hands.len(), 3);
        assert_eq!(hands[0].name.as_deref(), Some("1"));
        assert_eq!(hands[0].body, "a = [\n[1, 2],\n]\ns = '''\n[x]\n'''\n");
        assert_eq!(hands[1].name.as_deref(), Some("two"));
        assert_eq!(hands[1].body, "b = 1\n");
        assert_eq!(hands[2].body, "");
        assert_eq!(&text[hands[1].header.unwrap().range()], "[\"two\"] # c");
    }

    #[test]
    fn escapes_and_unclosed_strings_in_values() {
        let text =
            "[1]\na = \"x\\\"[\" # [\nb = ['[', \"\\\\\", '\\']\nc = \"open [\n[2]\nd = [ # ]\n[z]\n]\n[3]\n";
        let names: Vec<_> = chunks(text).map(|c| c.name.map(Cow::into_owned)).collect();
        assert_eq!(names, [Some("1".to_owned()), Some("2".to_owned()), Some("3".to_owned())]);
        let mut scan = HeaderScan::default();
        let headers = text.lines().filter(|line| scan.line(line.as_bytes())).count();
        assert_eq!(headers, 3);
    }

    #[test]
    fn single_hand_files() {
        let text = "variant = 'NT'\n[_meta]\nx = 1\n";
        assert!(!is_multi(text));
        assert_eq!(chunks(text).count(), 1);
        assert_eq!(chunks("").count(), 1);
    }

    #[test]
    fn bad_headers() {
        assert!(parse_header("[[1]]", 0).is_err());
        assert!(parse_header("[a.b]", 0).is_err());
        assert_eq!(parse_header("[ 'x y' ]", 0).ok().as_deref(), Some("x y"));
        assert_eq!(parse_header("[12] # hand", 0).ok().as_deref(), Some("12"));
    }
}
