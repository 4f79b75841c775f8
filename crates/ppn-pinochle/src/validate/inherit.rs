//! What a hand inherits from the hands before it (`#`, `##`), resolved by the reader as it cuts
//! the file.

#[allow(clippy::wildcard_imports)]
use super::*;

/// What a hand inherits from the hands before it: the values `#` and `##` stand for, and the
/// values made sticky by `##`, resolved by the reader as it cuts the file (in file order), so a
/// hand can be checked alone.
#[derive(Debug, Clone, Default)]
pub(crate) struct Inheritance {
    last: LastValues,
    /// Values made sticky by `##`: name, value, and where the value's text is in the file.
    sticky: Vec<(String, String, Span)>,
}

/// One tag of a hand after inheritance (see [`Inherited`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Resolved {
    /// The hand's tag at `item` (its value after `##` when `sticky`).
    Own { item: usize, sticky: bool },
    /// The hand's tag at `item`, whose `#` or `##` takes an earlier value.
    Inherited { item: usize, value: String, span: Span },
    /// A sticky value the hand does not give.
    Sticky { name: String, value: String, span: Span },
}

/// A hand's tags after inheritance, in order, with what resolving them found (a duplicate, `#`
/// with nothing to inherit).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Inherited {
    pub(super) tags: Vec<Resolved>,
    pub(super) diagnostics: Vec<Diagnostic>,
}

impl Inheritance {
    /// Section 1, inheritance and duplicates: the hand's tags after `#` and `##` (a duplicate, or
    /// `#` with nothing to inherit, is reported and left out), then what the hand passes on.
    pub(crate) fn take_in(&mut self, hand: &Hand) -> Inherited {
        let mut out = Inherited::default();
        let mut names: Vec<&str> = Vec::with_capacity(24);
        let mut passed_on: Vec<(Option<usize>, &str, Cow<'_, str>, Span)> = Vec::with_capacity(24);
        let mut seen = [false; KNOWN_TAGS];
        for (item, tag) in hand.items.iter().enumerate().filter_map(|(i, it)| match it {
            Item::Tag(tag) => Some((i, tag)),
            Item::Comment(_) => None,
        }) {
            if tag.segment.is_some() {
                continue;
            }
            let repeatable = matches!(&*tag.name, "Chat" | "Note");
            let id = tag_id(&tag.name);
            let seen_before = match id {
                Some(i) => seen.get(i).copied().unwrap_or(false),
                None => names.contains(&&*tag.name),
            };
            if !repeatable && seen_before {
                out.diagnostics.push(Diagnostic::error(
                    code::DUPLICATE_TAG,
                    format!("tag `{}` appears twice in this hand", tag.name),
                    tag.name_at.0,
                ));
                continue;
            }
            let raw = tag.value.as_str();
            let (resolved, value, span) = if raw == "#" || raw == "##" {
                match self.last.get(&tag.name) {
                    Some((v, at)) => {
                        (Resolved::Inherited { item, value: v.to_owned(), span: at }, v.to_owned(), at)
                    }
                    None => {
                        out.diagnostics.push(Diagnostic::error(
                            code::INHERIT_NOTHING,
                            format!("`{raw}` but no earlier hand has a `{}` tag", tag.name),
                            tag.value_at.0,
                        ));
                        continue;
                    }
                }
            } else if let Some(rest) = raw.strip_prefix("##") {
                let span = Span::new(tag.value_at.0.start + 2, tag.value_at.0.end);
                (Resolved::Own { item, sticky: true }, rest.to_owned(), span)
            } else {
                (Resolved::Own { item, sticky: false }, String::new(), tag.value_at.0)
            };
            if raw.starts_with("##") {
                store(&mut self.sticky, &tag.name, &value, span);
            } else if raw != "#" {
                self.sticky.retain(|(n, _, _)| *n != *tag.name);
            }
            if let Some(slot) = id.and_then(|i| seen.get_mut(i)) {
                *slot = true;
            }
            names.push(&tag.name);
            let value: Cow<'_, str> = if matches!(resolved, Resolved::Own { sticky: false, .. }) {
                Cow::Borrowed(raw)
            } else {
                Cow::Owned(value)
            };
            passed_on.push((id, &tag.name, value, span));
            out.tags.push(resolved);
        }
        // the hand's values pass on to the hands after it (not to its own `#`)
        for (id, name, value, span) in passed_on {
            self.last.set(id, name, &value, span);
        }
        for (name, value, span) in &self.sticky {
            if !names.contains(&name.as_str()) {
                out.tags.push(Resolved::Sticky { name: name.clone(), value: value.clone(), span: *span });
            }
        }
        out
    }
}
