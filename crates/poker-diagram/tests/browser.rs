//! Opens a page of hands in real headless Chromium with `#end` (the page's script then presses
//! each hand's Next button until its last frame, as a person would), reads the page back, and
//! checks that every hand shows its last frame with the replay's pot and stacks. Skipped with a
//! counted note when Chromium is missing; failing then when `CARDNOTE_REQUIRE_BROWSER=1`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use phh::replay::RuleProfile;

fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|p| p.is_file())
}

/// One hand of each variant (the first without errors in the bundled corpus).
fn hands() -> Vec<poker_diagram::HandFrames> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus/phh");
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for dir in ["cases", "real/famous", "real/generated", "real/pluribus", "real/wsop"] {
        let mut paths: Vec<PathBuf> =
            std::fs::read_dir(root.join(dir)).unwrap().map(|e| e.unwrap().path()).collect();
        paths.sort();
        for path in paths {
            let bytes = std::fs::read(&path).unwrap();
            for record in
                cards_core::notation::read_checked::<phh::Phh, _>(bytes.as_slice(), phh::Options::default())
            {
                let record = record.unwrap();
                let Some(hand) =
                    record.model.hand.filter(|_| !record.diagnostics.iter().any(|d| d.is_error()))
                else {
                    continue;
                };
                if seen.contains(&hand.variant) {
                    continue;
                }
                seen.push(hand.variant);
                let frames = poker_diagram::frames(&hand, RuleProfile::Pokerkit).unwrap();
                out.push(poker_diagram::HandFrames {
                    title: format!("{} ({})", hand.variant.code(), path.display()),
                    frames,
                });
            }
        }
    }
    out
}

#[test]
fn stepping_through_every_hand_ends_on_its_last_frame() {
    let Some(browser) = chromium() else {
        shared_fixtures::skip(
            "no chromium, chromium-browser or google-chrome on the PATH",
            "CARDNOTE_REQUIRE_BROWSER",
            "install Chromium (apt-get install chromium) to run it",
        );
        return;
    };
    let hands = hands();
    // The bundled corpus has a hand of each of the 11 variants: the page walks them all.
    let missing: Vec<&str> = poker_engine::Variant::ALL
        .iter()
        .map(|v| v.code())
        .filter(|code| !hands.iter().any(|h| h.title.starts_with(&format!("{code} ("))))
        .collect();
    assert!(missing.is_empty(), "variants without a hand in the corpus: {missing:?}");
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("hands.html");
    std::fs::write(&page, poker_diagram::html_page("Every variant", &hands)).unwrap();
    let child = Command::new(&browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--dump-dom",
        ])
        .arg(format!("--user-data-dir={}", dir.path().join("profile").display()))
        .arg(format!("file://{}#end", page.display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let output = child.wait_with_output().unwrap();
    assert!(started.elapsed() < Duration::from_secs(120));
    let dom = String::from_utf8_lossy(&output.stdout);
    assert!(dom.contains("class=\"js\""), "the script did not run");
    for (h, hand) in hands.iter().enumerate() {
        let last = hand.frames.len() - 1;
        let section = dom.split(&format!("id=\"hand-{h}\"")).nth(1).unwrap();
        let section = section.split("</section>").next().unwrap();
        assert!(section.contains(&format!("data-at=\"{last}\"")), "{}: not at its last frame", hand.title);
        assert!(section.contains(&format!("step {} of {}", last + 1, last + 1)), "{}", hand.title);
        // The frame shown is the last, with the replay's pot and stacks.
        let current = section.split("class=\"frame current\"").nth(1).unwrap();
        let frame = &hand.frames[last];
        let stacks: Vec<&str> = frame.seats.iter().map(|s| s.stack.as_str()).collect();
        assert!(current.contains(&format!("data-step=\"{last}\"")), "{}", hand.title);
        assert!(current.contains(&format!("data-pot=\"{}\"", frame.pot)), "{}", hand.title);
        assert!(current.contains(&format!("data-stacks=\"{}\"", stacks.join(" "))), "{}", hand.title);
    }
}
