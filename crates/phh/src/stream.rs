//! Streaming `.phhs` reading from any [`BufRead`]: one hand in memory at a time, whatever the
//! file size. Spans in the hands are offsets in the whole file; each item carries its own text so
//! diagnostics can be rendered.

use std::io::BufRead;

use cards_core::Diagnostic;

use crate::codes;
use crate::parse::split::{LexState, parse_header};
use crate::parse::{HandChunk, ParsedHand, Path, parse_chunk};

/// One hand read from a stream, with the text of its chunk.
#[derive(Debug, Clone)]
pub struct StreamedHand {
    /// The hand; its spans are offsets in the whole file.
    pub parsed: ParsedHand,
    /// The text of the hand's chunk (header included).
    pub text: String,
    /// The byte offset of `text` in the file.
    pub offset: usize,
}

/// Reads the hands of a `.phhs` stream one at a time.
///
/// ```
/// let data = "[1]\nvariant = 'NT'\n[2]\nvariant = 'XX'\n";
/// let hands: Vec<_> = phh::stream::HandReader::new(data.as_bytes()).collect::<Result<_, _>>().unwrap();
/// assert_eq!(hands.len(), 2);
/// assert_eq!(hands[1].parsed.diagnostics[0].code(), "PHH_UNKNOWN_VARIANT");
/// assert_eq!(&data[hands[1].parsed.diagnostics[0].span().range()], "'XX'");
/// ```
#[derive(Debug)]
pub struct HandReader<R> {
    reader: R,
    /// File offset of the start of `pending` (a header line already read, or nothing).
    pos: usize,
    pending: Option<String>,
    index: usize,
    started: bool,
    done: bool,
    names: crate::parse::Names,
    path: Path,
    line: Vec<u8>,
    /// Comment and blank lines before the first hand.
    preamble: String,
}

impl<R: BufRead> HandReader<R> {
    /// A reader over `reader` (fast path with fallback).
    pub fn new(reader: R) -> HandReader<R> {
        HandReader {
            reader,
            pos: 0,
            pending: None,
            index: 0,
            started: false,
            done: false,
            names: crate::parse::Names::default(),
            path: Path::Auto,
            line: Vec::new(),
            preamble: String::new(),
        }
    }

    /// Chooses the reader path.
    #[must_use]
    pub fn with_path(mut self, path: Path) -> HandReader<R> {
        self.path = path;
        self
    }

    /// Reads one line (with its ending) into a String; invalid UTF-8 is replaced.
    fn read_line(&mut self) -> std::io::Result<Option<String>> {
        self.line.clear();
        let n = self.reader.read_until(b'\n', &mut self.line)?;
        if n == 0 {
            return Ok(None);
        }
        Ok(Some(match String::from_utf8(std::mem::take(&mut self.line)) {
            Ok(s) => s,
            Err(e) => e.into_bytes().iter().map(|&b| b as char).collect(),
        }))
    }
}

fn strip_eol(line: &str) -> &str {
    line.strip_suffix('\n').unwrap_or(line)
}

impl<R: BufRead> Iterator for HandReader<R> {
    type Item = std::io::Result<StreamedHand>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        // Find the header (skipping the preamble on the first call).
        let state = LexState::default();
        let header = loop {
            if let Some(h) = self.pending.take() {
                break h;
            }
            match self.read_line() {
                Err(e) => return Some(Err(e)),
                Ok(None) => {
                    self.done = true;
                    if self.started {
                        return None;
                    }
                    // Nothing but comments and blank lines: one (empty) hand, as `parse_file` gives.
                    self.started = true;
                    let text = std::mem::take(&mut self.preamble);
                    let chunk = HandChunk {
                        index: 0,
                        name: None,
                        header: None,
                        body: &text,
                        offset: 0,
                        header_error: None,
                    };
                    let parsed = parse_chunk(&chunk, self.path);
                    return Some(Ok(StreamedHand { parsed, text, offset: 0 }));
                }
                Ok(Some(line)) => {
                    if !self.started && state.is_trivia(strip_eol(&line).as_bytes()) {
                        self.pos += line.len();
                        self.preamble.push_str(&line);
                        continue;
                    }
                    self.started = true;
                    if state.is_header(strip_eol(&line).as_bytes()) {
                        self.preamble = String::new();
                        break line;
                    }
                    // A single-hand file: read everything (preamble included) as one hand.
                    self.pos = 0;
                    let mut text = std::mem::take(&mut self.preamble);
                    text.push_str(&line);
                    loop {
                        match self.read_line() {
                            Err(e) => return Some(Err(e)),
                            Ok(None) => break,
                            Ok(Some(l)) => text.push_str(&l),
                        }
                    }
                    self.done = true;
                    let offset = self.pos;
                    let chunk = HandChunk {
                        index: 0,
                        name: None,
                        header: None,
                        body: &text,
                        offset,
                        header_error: None,
                    };
                    let parsed = parse_chunk(&chunk, self.path);
                    return Some(Ok(StreamedHand { parsed, text, offset }));
                }
            }
        };
        self.started = true;
        let start = self.pos;
        let mut text = header;
        let body_rel = text.len();
        let mut lex = LexState::default();
        loop {
            match self.read_line() {
                Err(e) => return Some(Err(e)),
                Ok(None) => {
                    self.done = true;
                    break;
                }
                Ok(Some(line)) => {
                    if lex.is_header(strip_eol(&line).as_bytes()) {
                        self.pending = Some(line);
                        break;
                    }
                    lex.scan(strip_eol(&line).as_bytes());
                    text.push_str(&line);
                }
            }
        }
        self.pos = start + text.len();
        let header_line = strip_eol(text.get(..body_rel).unwrap_or(""));
        let lead = header_line.len() - header_line.trim_start_matches([' ', '\t']).len();
        let header_span =
            cards_core::Span::new(start + lead, start + header_line.trim_end_matches('\r').len());
        let (name, header_error) = match parse_header(header_line, start) {
            Ok(n) => (Some(n.into_owned()), None),
            Err(d) => (None, Some(d)),
        };
        let index = self.index;
        self.index += 1;
        let parsed = {
            // Spans must be file offsets: build the chunk over the body with its file offset.
            let body = text.get(body_rel..).unwrap_or("");
            let chunk = HandChunk {
                index,
                name: name.as_deref().map(std::borrow::Cow::Borrowed),
                header: Some(header_span),
                body,
                offset: start + body_rel,
                header_error,
            };
            let mut parsed = parse_chunk(&chunk, self.path);
            if let Some(name) = &name {
                if !self.names.insert(name) {
                    parsed.diagnostics.insert(
                        0,
                        Diagnostic::error(
                            codes::PHH_DUPLICATE_TABLE,
                            format!("another hand is already named `[{name}]`"),
                            header_span,
                        ),
                    );
                }
            }
            parsed
        };
        Some(Ok(StreamedHand { parsed, text, offset: start }))
    }
}

/// The crate's streaming reader, named as in every cardnote format crate: the hands of any
/// [`BufRead`] one at a time (a [`StreamedHand`] is the record: model, diagnostics, span and text),
/// with [`Options`](crate::Options) applied to each hand's diagnostics.
///
/// ```
/// use phh::{Options, Reader};
/// let data = "[1]\nvariant = 'NT'\nzzz = 1\n";
/// let lenient = Reader::from_str(data, Options::default()).next().unwrap().unwrap();
/// let strict = Reader::from_str(data, Options { strict: true }).next().unwrap().unwrap();
/// let unknown = |hand: &phh::stream::StreamedHand| {
///     hand.parsed.diagnostics.iter().find(|d| d.code() == phh::codes::PHH_UNKNOWN_FIELD).map(|d| d.is_error())
/// };
/// assert_eq!(unknown(&lenient), Some(false));
/// assert_eq!(unknown(&strict), Some(true));
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    hands: HandReader<R>,
    options: crate::Options,
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input`.
    pub fn new(input: R, options: crate::Options) -> Reader<R> {
        Reader { hands: HandReader::new(input), options }
    }
}

impl<'a> Reader<&'a [u8]> {
    /// A reader over text already in memory.
    #[must_use]
    pub fn from_str(text: &'a str, options: crate::Options) -> Reader<&'a [u8]> {
        Reader::new(text.as_bytes(), options)
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = std::io::Result<StreamedHand>;

    fn next(&mut self) -> Option<Self::Item> {
        let options = self.options;
        self.hands.next().map(|hand| {
            hand.map(|mut hand| {
                options.apply(&mut hand.parsed.diagnostics);
                hand
            })
        })
    }
}
