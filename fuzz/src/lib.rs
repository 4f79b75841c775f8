//! Checks shared by the fuzz targets.

use cards_core::Diagnostic;

/// Every diagnostic's span lies inside `text` and on character boundaries, so any consumer can
/// slice `&text[span.range()]`.
pub fn assert_spans<'a>(text: &str, diagnostics: impl IntoIterator<Item = &'a Diagnostic>) {
    for d in diagnostics {
        assert!(
            d.span().start <= d.span().end && d.span().end <= text.len(),
            "{}: span {:?} past {}",
            d.code(),
            d.span(),
            text.len()
        );
        assert!(
            text.is_char_boundary(d.span().start) && text.is_char_boundary(d.span().end),
            "{}: span {:?} not on a char boundary",
            d.code(),
            d.span()
        );
    }
}
