//! Renders a diagram and a hand-record sheet in real headless Chromium and checks the screenshots
//! show them: enough dark ink, and red suit symbols. Skipped with a counted note (a `skipped:` line,
//! see `shared_fixtures::skip`) when Chromium is missing; failing then when
//! `CARDNOTE_REQUIRE_BROWSER=1` (as `.ci/run` sets).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use bridge_diagram::Board;

const DEAL: &str = "[Event \"Browser test\"]\n[Board \"7\"]\n[Dealer \"S\"]\n[Vulnerable \"All\"]\n\
    [Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n\
    [Declarer \"W\"]\n[Contract \"2S\"]\n[Result \"8\"]\n[DoubleDummyTricks \"65657656576867568675\"]\n";

fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|p| p.is_file())
}

/// Screenshots `file` at `width` x `height` and returns (pixels, non-white pixels, red pixels).
fn screenshot(browser: &Path, file: &Path, width: u32, height: u32) -> (usize, usize, usize) {
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("shot.png");
    let profile = dir.path().join("profile");
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("--window-size={width},{height}"))
        .arg(format!("file://{}", file.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("chromium did not finish in 120 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&shot).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    assert!(channels >= 3, "an RGB screenshot, got {:?}", info.color_type);
    let pixels: Vec<&[u8]> = buf[..info.buffer_size()].chunks(channels).collect();
    let ink = pixels.iter().filter(|p| p[0] < 200 || p[1] < 200 || p[2] < 200).count();
    let red = pixels.iter().filter(|p| p[0] > 150 && p[1] < 90 && p[2] < 90).count();
    (pixels.len(), ink, red)
}

#[test]
fn svg_and_html_render_in_headless_chromium() {
    let Some(browser) = chromium() else {
        shared_fixtures::skip(
            "no chromium, chromium-browser or google-chrome on the PATH",
            "CARDNOTE_REQUIRE_BROWSER",
            "install Chromium (apt-get install chromium) to run it",
        );
        return;
    };
    let record = cards_core::notation::read_checked::<pbn::Pbn, _>(DEAL.as_bytes(), pbn::Options::default())
        .next()
        .unwrap()
        .unwrap();
    let board = Board::from_record(&record, None);
    let dir = tempfile::tempdir().unwrap();

    let svg_path = dir.path().join("board.svg");
    std::fs::write(&svg_path, bridge_diagram::svg(&board)).unwrap();
    let (pixels, ink, red) = screenshot(&browser, &svg_path, 400, 316);
    // Text, hands, the table and the compass: a few percent of the picture is ink.
    assert!(ink * 100 > pixels * 3, "the SVG screenshot is nearly blank: {ink} of {pixels} pixels");
    assert!(red > 200, "red suit symbols and the vulnerable sides show: {red} red pixels");

    let html_path = dir.path().join("sheet.html");
    let boards = vec![board.clone(), board.clone(), board];
    std::fs::write(&html_path, bridge_diagram::html_sheet(&boards, "Browser test", 6)).unwrap();
    let (pixels, ink, red) = screenshot(&browser, &html_path, 900, 1200);
    assert!(ink * 100 > pixels, "the HTML screenshot is nearly blank: {ink} of {pixels} pixels");
    assert!(red > 600, "three boards of red symbols: {red} red pixels");
}
