//! The progress bar of long runs: bytes done, records per second and the time left, drawn on
//! stderr only when stderr is a terminal (never into a file or a pipe, never with `--json`).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// A progress bar over a run's bytes, or nothing when it must not be drawn.
pub struct Progress {
    bar: Option<ProgressBar>,
    records: Arc<AtomicU64>,
}

impl Progress {
    /// A bar over `total_bytes` when `wanted` and stderr is a terminal; otherwise a silent one.
    #[must_use]
    pub fn new(wanted: bool, total_bytes: u64) -> Progress {
        let records = Arc::new(AtomicU64::new(0));
        let target = ProgressDrawTarget::stderr();
        // indicatif hides its bar when stderr is not a terminal; asking first avoids the work.
        if !wanted || target.is_hidden() {
            return Progress { bar: None, records };
        }
        let counted = Arc::clone(&records);
        let style = ProgressStyle::with_template(
            "{bar:30} {binary_bytes}/{binary_total_bytes} {records_per_sec} records/s ETA {eta} {wide_msg}",
        )
        .map(|style| {
            style.with_key("records_per_sec", move |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                let secs = state.elapsed().as_secs_f64();
                let done = counted.load(Ordering::Relaxed) as f64;
                let _ = if secs > 0.0 { write!(out, "{:.0}", done / secs) } else { write!(out, "-") };
            })
        });
        let bar = ProgressBar::with_draw_target(Some(total_bytes), target);
        if let Ok(style) = style {
            bar.set_style(style);
        }
        bar.tick();
        Progress { bar: Some(bar), records }
    }

    /// `bytes` more read, holding `records` more records.
    pub fn advance(&self, bytes: u64, records: u64) {
        self.records.fetch_add(records, Ordering::Relaxed);
        if let Some(bar) = &self.bar {
            bar.inc(bytes);
        }
    }

    /// Shows which file is being read.
    pub fn set_file(&self, name: &str) {
        if let Some(bar) = &self.bar {
            bar.set_message(name.to_owned());
        }
    }

    /// Runs `f` (which writes to the terminal) with the bar out of the way.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// Whether a bar is drawn.
    #[must_use]
    pub fn is_drawn(&self) -> bool {
        self.bar.is_some()
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
