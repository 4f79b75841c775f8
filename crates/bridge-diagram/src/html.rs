//! A whole file as an HTML hand record: boards in a grid, a fixed number per printed page.

use std::fmt::Write as _;

use crate::escape;
use crate::model::Board;
use crate::svg::svg;

/// An HTML hand record of `boards`, `per_page` boards to a printed A4 page (two columns), with
/// `title` over each page. Deterministic, self-contained (inline SVG and CSS, no scripts).
#[must_use]
pub fn html_sheet(boards: &[Board], title: &str, per_page: usize) -> String {
    let per_page = per_page.max(1);
    let title = escape(title);
    let mut out = String::with_capacity(boards.len() * (9 << 10) + 1024);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n<style>\n\
         @page {{ size: A4; margin: 10mm; }}\n\
         body {{ font-family: \"DejaVu Sans\", Arial, Helvetica, sans-serif; margin: 0; background: #ffffff; color: #000000; }}\n\
         .page {{ display: grid; grid-template-columns: repeat(2, 1fr); gap: 4mm; padding: 4mm; break-after: page; }}\n\
         .page:last-child {{ break-after: auto; }}\n\
         .page h1 {{ grid-column: 1 / -1; font-size: 14pt; margin: 0; }}\n\
         .board svg {{ width: 100%; height: auto; border: 1px solid #888888; }}\n\
         </style>\n</head>\n<body>\n"
    );
    for (p, page) in boards.chunks(per_page).enumerate() {
        let pages = boards.len().div_ceil(per_page);
        let _ = writeln!(
            out,
            "<section class=\"page\">\n<h1>{title} <small>(page {} of {pages})</small></h1>",
            p + 1
        );
        for board in page {
            let _ = write!(out, "<div class=\"board\">\n{}</div>\n", svg(board));
        }
        out.push_str("</section>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}
