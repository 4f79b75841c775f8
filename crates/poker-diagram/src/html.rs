//! A file's hands as one HTML page: every frame inline (SVG), a step list beside them, and a
//! short script that shows one frame at a time (buttons, arrow keys, the list). Without the
//! script, and in print, the page is the sequence of frames. No request to any address: no
//! external scripts, styles, fonts or images.

use std::fmt::Write as _;

use crate::svg::{caption, draw};
use crate::{Frame, escape};

/// One hand's frames and the title over them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandFrames {
    /// The heading (`Hand 3: NT, 6 players`).
    pub title: String,
    /// The frames, from [`crate::frames`].
    pub frames: Vec<Frame>,
}

const STYLE: &str = "\
body { font-family: \"DejaVu Sans\", Arial, Helvetica, sans-serif; margin: 12px; color: #000000; background: #ffffff; }
.hand { margin-bottom: 24px; }
.hand h1 { font-size: 16pt; margin: 0 0 6px 0; }
.view { display: flex; gap: 12px; align-items: flex-start; flex-wrap: wrap; }
.frame { margin: 0 0 12px 0; break-inside: avoid; }
.frame svg { width: 720px; max-width: 100%; height: auto; border: 1px solid #888888; }
.frame figcaption { font-size: 10pt; color: #444444; }
.steps { font-size: 10pt; max-height: 460px; overflow: auto; margin: 0; padding-left: 2.5em; }
.steps li.current { font-weight: bold; background: #e3f2fd; }
.steps li.repaired { font-style: italic; }
.steps li.failed { color: #c8102e; }
.controls { display: none; margin-bottom: 6px; }
.js .controls { display: block; }
.js .frame { display: none; }
.js .frame.current { display: block; }
.js .steps li { cursor: pointer; }
@media print {
  .controls, .steps { display: none !important; }
  .js .frame { display: block; }
}
";

/// Shows one frame per hand; the buttons, the arrow keys (for the hand last used) and the step
/// list move it. `#end` in the address steps every hand to its last frame with the buttons, as
/// a person would (the browser test reads the page after it).
const SCRIPT: &str = "\
(function () {
  document.documentElement.classList.add('js');
  var hands = Array.prototype.slice.call(document.querySelectorAll('.hand'));
  var active = null;
  hands.forEach(function (hand) {
    var frames = hand.querySelectorAll('.frame');
    var items = hand.querySelectorAll('.steps li');
    var where = hand.querySelector('.where');
    var at = 0;
    function show(i) {
      at = Math.max(0, Math.min(frames.length - 1, i));
      for (var k = 0; k < frames.length; k++) {
        frames[k].classList.toggle('current', k === at);
        items[k].classList.toggle('current', k === at);
      }
      where.textContent = 'step ' + (at + 1) + ' of ' + frames.length;
      hand.setAttribute('data-at', String(at));
      active = hand;
    }
    hand.step = function (d) { show(at + d); };
    hand.querySelector('.prev').addEventListener('click', function () { show(at - 1); });
    hand.querySelector('.next').addEventListener('click', function () { show(at + 1); });
    hand.querySelector('.first').addEventListener('click', function () { show(0); });
    hand.querySelector('.last').addEventListener('click', function () { show(frames.length - 1); });
    for (var k = 0; k < items.length; k++) {
      items[k].addEventListener('click', (function (i) { return function () { show(i); }; })(k));
    }
    show(0);
  });
  active = hands.length ? hands[0] : null;
  document.addEventListener('keydown', function (e) {
    if (!active) { return; }
    if (e.key === 'ArrowRight') { active.step(1); e.preventDefault(); }
    if (e.key === 'ArrowLeft') { active.step(-1); e.preventDefault(); }
  });
  if (location.hash === '#end') {
    hands.forEach(function (hand) {
      var next = hand.querySelector('.next');
      for (var k = 0; k < hand.querySelectorAll('.frame').length; k++) { next.click(); }
    });
  }
})();
";

/// An HTML page of `hands` under `title`. Deterministic and self-contained.
#[must_use]
pub fn html_page(title: &str, hands: &[HandFrames]) -> String {
    let frames: usize = hands.iter().map(|h| h.frames.len()).sum();
    let mut out = String::with_capacity(frames * (10 << 10) + 4096);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n",
        escape(title)
    );
    for (h, hand) in hands.iter().enumerate() {
        let _ = writeln!(out, "<section class=\"hand\" id=\"hand-{h}\">\n<h1>{}</h1>", escape(&hand.title));
        out.push_str(
            "<div class=\"controls\"><button class=\"first\" type=\"button\">First</button> \
             <button class=\"prev\" type=\"button\">◀ Previous</button> \
             <button class=\"next\" type=\"button\">Next ▶</button> \
             <button class=\"last\" type=\"button\">Last</button> <span class=\"where\"></span></div>\n",
        );
        out.push_str("<div class=\"view\">\n<div class=\"frames\">\n");
        for (i, frame) in hand.frames.iter().enumerate() {
            let stacks: Vec<&str> = frame.seats.iter().map(|s| s.stack.as_str()).collect();
            let _ = writeln!(
                out,
                "<figure class=\"frame\" data-step=\"{i}\" data-pot=\"{}\" data-stacks=\"{}\">",
                escape(&frame.pot),
                escape(&stacks.join(" "))
            );
            out.push_str("<svg viewBox=\"0 0 720 460\" font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\" font-size=\"13\" role=\"img\">\n");
            draw(&mut out, frame);
            out.push_str("</svg>\n");
            let mut notes = frame.notes.iter().map(|n| escape(n)).collect::<Vec<_>>().join("; ");
            if !notes.is_empty() {
                notes.insert_str(0, " — ");
            }
            let _ = writeln!(out, "<figcaption>{}{notes}</figcaption>\n</figure>", escape(&caption(frame)));
        }
        out.push_str("</div>\n<ol class=\"steps\" start=\"0\">\n");
        for frame in &hand.frames {
            let class = if frame.failed {
                " class=\"failed\""
            } else if frame.repaired {
                " class=\"repaired\""
            } else {
                ""
            };
            // The list numbers the steps itself (from 0, the forced bets).
            let repaired = if frame.repaired { " (repaired)" } else { "" };
            let _ = writeln!(
                out,
                "<li{class}>{}{repaired} · {}</li>",
                escape(&frame.step),
                escape(&frame.street)
            );
        }
        out.push_str("</ol>\n</div>\n</section>\n");
    }
    let _ = write!(out, "<script>\n{SCRIPT}</script>\n</body>\n</html>\n");
    out
}
