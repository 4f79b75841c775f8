//! The reader of every XML site ([`XmlReader`]): quick-xml's events read one at a time, each
//! element handed to the site ([`XmlSite`]) as it opens and closes, a record returned when a hand's
//! element closes. A file that is not well-formed XML ends with a [`codes::SITE_BAD_XML`] record
//! after the hands read before the fault; one that ends inside a hand, with a
//! [`codes::SITE_INCOMPLETE`] record for that hand.

use std::borrow::Cow;
use std::io::BufRead;

use cards_core::{Diagnostic, Span};
use quick_xml::events::{BytesStart, Event};

use crate::{Options, Record, codes};

/// An XML site: what it keeps while reading a file (the session's or description's data and the
/// hand under way) and how its elements build a hand.
pub trait XmlSite: Default {
    /// The name of the element that holds a hand (`game`, `Game`, `HISTORY`), for the message of
    /// a file that ends inside one.
    const HAND: &'static str;
    /// Whether [`XmlSite::close`] is given the text inside the element that closes.
    const TEXT: bool = false;
    /// An element opens (`empty` when it also closes: `<x/>`), `span` its tag's bytes.
    fn open(&mut self, element: &BytesStart<'_>, span: Span, empty: bool);
    /// An element closes (`name`; `text` what was inside it when [`XmlSite::TEXT`]), `end` the
    /// offset after its end tag; the hand's record when it is a hand's element.
    fn close(&mut self, name: &[u8], text: String, end: usize, options: &Options) -> Option<Record>;
    /// The file ended: the start of the hand under way, if any (it is dropped).
    fn take_unfinished(&mut self) -> Option<usize>;
}

/// Streams the hands of an XML site's log, one [`Record`] per hand; see the site's module.
pub struct XmlReader<R, S> {
    xml: quick_xml::Reader<R>,
    buf: Vec<u8>,
    options: Options,
    site: S,
    /// Text of the element being read (when the site wants it).
    text: String,
    done: bool,
}

impl<R, S> std::fmt::Debug for XmlReader<R, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("XmlReader")
            .field("options", &self.options)
            .field("done", &self.done)
            .finish_non_exhaustive()
    }
}

impl<'a, S: XmlSite> XmlReader<&'a [u8], S> {
    /// Reads a file held in memory.
    #[must_use]
    #[allow(clippy::should_implement_trait)]
    pub fn from_str(text: &'a str, options: Options) -> XmlReader<&'a [u8], S> {
        XmlReader::new(text.as_bytes(), options)
    }
}

impl<R: BufRead, S: XmlSite> XmlReader<R, S> {
    /// Reads hands from `input`.
    pub fn new(input: R, options: Options) -> XmlReader<R, S> {
        XmlReader {
            xml: quick_xml::Reader::from_reader(input),
            buf: Vec::new(),
            options,
            site: S::default(),
            text: String::new(),
            done: false,
        }
    }

    fn offset(&self) -> usize {
        usize::try_from(self.xml.buffer_position()).unwrap_or(usize::MAX)
    }

    /// One event; a record when it ends a hand (or the file).
    fn step(&mut self) -> Option<Record> {
        let start = self.offset();
        self.buf.clear();
        let event = self.xml.read_event_into(&mut self.buf);
        let end = usize::try_from(self.xml.buffer_position()).unwrap_or(usize::MAX);
        let span = Span::new(start, end);
        match event {
            Err(e) => {
                self.done = true;
                let at = Span::at(self.xml.error_position().try_into().unwrap_or(end));
                let diagnostic =
                    Diagnostic::error(codes::SITE_BAD_XML, format!("not well-formed XML: {e}"), at);
                return Some(Record { hand: None, diagnostics: vec![diagnostic], span: at });
            }
            Ok(Event::Start(element)) => {
                self.text.clear();
                self.site.open(&element, span, false);
            }
            Ok(Event::Empty(element)) => {
                self.text.clear();
                self.site.open(&element, span, true);
            }
            Ok(Event::End(element)) => {
                let text = std::mem::take(&mut self.text);
                return self.site.close(element.name().as_ref(), text, end, &self.options);
            }
            Ok(Event::Text(text)) if S::TEXT => self.text.push_str(&crate::text::decode(&text)),
            Ok(Event::CData(text)) if S::TEXT => self.text.push_str(&crate::text::decode(&text)),
            Ok(Event::GeneralRef(name)) if S::TEXT => {
                let reference = format!("&{};", crate::text::decode(&name));
                let resolved =
                    quick_xml::escape::unescape(&reference).map(Cow::into_owned).unwrap_or(reference);
                self.text.push_str(&resolved);
            }
            Ok(Event::Eof) => {
                self.done = true;
                let start = self.site.take_unfinished()?;
                let span = Span::new(start, end);
                let message = format!("the file ends inside a <{}>", S::HAND);
                let diagnostic = Diagnostic::error(codes::SITE_INCOMPLETE, message, span);
                return Some(Record { hand: None, diagnostics: vec![diagnostic], span });
            }
            Ok(_) => {}
        }
        None
    }
}

impl<R: BufRead, S: XmlSite> Iterator for XmlReader<R, S> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        while !self.done {
            if let Some(record) = self.step() {
                return Some(record);
            }
        }
        None
    }
}

/// An attribute's value, unescaped (as written when it cannot be); empty when it is missing.
pub(crate) fn attribute(element: &BytesStart<'_>, key: &str) -> String {
    element
        .attributes()
        .with_checks(false)
        .flatten()
        .find(|a| a.key.as_ref() == key.as_bytes())
        .map(|a| {
            let raw = crate::text::decode(&a.value);
            quick_xml::escape::unescape(&raw).map_or_else(|_| raw.clone(), Cow::into_owned)
        })
        .unwrap_or_default()
}
