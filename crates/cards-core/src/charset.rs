//! Bytes to text for the notation readers: UTF-8 (a byte order mark dropped), else ISO-8859-1
//! (Latin-1), which every byte decodes in, so decoding never fails.
//!
//! ```
//! use cards_core::charset;
//!
//! let utf8 = charset::decode(b"\xEF\xBB\xBFCaf\xC3\xA9");
//! assert_eq!((utf8.text.as_str(), utf8.bom, utf8.latin1), ("Café", true, false));
//! let latin1 = charset::decode(b"Caf\xE9");
//! assert_eq!((latin1.text.as_str(), latin1.bom, latin1.latin1), ("Café", false, true));
//! ```

/// Decoded text and how it was decoded (what a writer needs to give the bytes back).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Decoded {
    /// The text (spans of the readers refer to it).
    pub text: String,
    /// Whether a UTF-8 byte order mark was dropped.
    pub bom: bool,
    /// Whether the bytes were not UTF-8 and were read as ISO-8859-1.
    pub latin1: bool,
}

/// The UTF-8 byte order mark.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Decodes bytes: UTF-8 (its byte order mark dropped), else ISO-8859-1.
#[must_use]
pub fn decode(data: &[u8]) -> Decoded {
    let (data, bom) = match data.strip_prefix(BOM) {
        Some(rest) => (rest, true),
        None => (data, false),
    };
    match std::str::from_utf8(data) {
        Ok(text) => Decoded { text: text.to_owned(), bom, latin1: false },
        Err(_) => Decoded { text: latin1(data), bom, latin1: true },
    }
}

/// Bytes read as ISO-8859-1: each byte is the character of the same number.
#[must_use]
pub fn latin1(data: &[u8]) -> String {
    data.iter().map(|&b| char::from(b)).collect()
}

/// Text back to the bytes it was decoded from ([`Decoded::bom`] and [`Decoded::latin1`]);
/// `None` when a character has no ISO-8859-1 byte.
#[must_use]
pub fn encode(text: &str, bom: bool, latin1: bool) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() + 3);
    if bom {
        out.extend_from_slice(BOM);
    }
    if latin1 {
        for c in text.chars() {
            out.push(u8::try_from(u32::from(c)).ok()?);
        }
    } else {
        out.extend_from_slice(text.as_bytes());
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for data in
            [&b"plain"[..], b"\xEF\xBB\xBFwith bom \xC3\xA9", b"latin \xE9\xFF\x80", b"", b"\xEF\xBB\xBF"]
        {
            let d = decode(data);
            assert_eq!(encode(&d.text, d.bom, d.latin1).as_deref(), Some(data), "{data:?}");
        }
        assert_eq!(encode("\u{20ac}", false, true), None);
    }
}
