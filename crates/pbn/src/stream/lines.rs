//! The lines of the input: cutting them, and what the reader needs of each to find where a game
//! ends (an empty line, a `{` comment left open).

use std::io::{self, BufRead};

/// Appends the next line of `input` (with its `\n`, if it has one) to `out`: `BufRead::read_until`
/// with memchr's vector search, as most lines hold tens of bytes. Gives the bytes appended.
pub(super) fn read_line<R: BufRead>(input: &mut R, out: &mut Vec<u8>) -> io::Result<usize> {
    let mut read = 0;
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let (done, used) = match memchr::memchr(b'\n', available) {
            Some(i) => (true, i + 1),
            None => (available.is_empty(), available.len()),
        };
        out.extend_from_slice(available.get(..used).unwrap_or(&[]));
        input.consume(used);
        read += used;
        if done {
            return Ok(read);
        }
    }
}

/// Whether a line holds only blanks and its line end (the tokenizer's semi-empty line).
pub(super) fn is_empty_line(line: &[u8]) -> bool {
    line.iter().all(|&c| matches!(c, b' ' | b'\t' | b'\x0b' | b'\x0c' | b'\r' | b'\n'))
}

/// Whether a `{` comment is still open at the end of `line`, given whether one was open at its
/// start. Strings and `;` comments are skipped, as the tokenizer skips them.
pub(super) fn ends_in_comment(line: &[u8], mut comment: bool) -> bool {
    // Only a `{` opens one: most lines have none, and one vector search finds that.
    if !comment && memchr::memchr(b'{', line).is_none() {
        return false;
    }
    let mut i = 0;
    while let Some(&c) = line.get(i) {
        if comment {
            match line.get(i..).and_then(|r| r.iter().position(|&x| x == b'}')) {
                Some(p) => {
                    comment = false;
                    i += p + 1;
                    continue;
                }
                None => return true,
            }
        }
        match c {
            b'{' => comment = true,
            b';' => return false,
            b'"' => {
                // A string ends at its closing quote or at the line end; `\` escapes one byte.
                i += 1;
                while let Some(&s) = line.get(i) {
                    match s {
                        b'\\' => i += 1,
                        b'"' | b'\r' | b'\n' => break,
                        _ => {}
                    }
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    comment
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comment_state_follows_strings_and_line_comments() {
        assert!(ends_in_comment(b"{ open\n", false));
        assert!(!ends_in_comment(b"\"{\" ; {\n", false));
        assert!(!ends_in_comment(b"still } closed\n", true));
        assert!(ends_in_comment(b"{a} {b\n", false));
    }

    /// Lines come out as `read_until` gives them, however the input's buffer cuts them.
    #[test]
    fn read_line_is_read_until() {
        let text: &[u8] = b"[Board \"1\"]\r\n\n\nlong line of some forty bytes or so, no less\nlast";
        for capacity in [1, 2, 3, 7, 64, 4096] {
            let mut ours = io::BufReader::with_capacity(capacity, text);
            let mut theirs = io::BufReader::with_capacity(capacity, text);
            loop {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                let n = read_line(&mut ours, &mut a).unwrap();
                assert_eq!(n, theirs.read_until(b'\n', &mut b).unwrap());
                assert_eq!(a, b, "capacity {capacity}");
                if n == 0 {
                    break;
                }
            }
        }
    }
}
