//! Running per-unit work on every core with results in input order: the sequential step (reading
//! and cutting a file into units) stays on the calling thread, `threads` workers do the pure
//! per-unit work, and the caller's sink receives the results in the order the units came.
//!
//! Memory is bounded: at most `2 × threads` units are read ahead of the sink (queued, being
//! worked on, or finished and waiting for an earlier one), so a huge file costs a few units.

use std::collections::BTreeMap;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

/// The number of worker threads to use when none is asked for: every core.
#[must_use]
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// Feeds every item of `input` through `work` on `threads` threads and hands the results to
/// `sink` in input order. The first error (from `input` or from `sink`) stops the run: no more
/// items are read, and it is returned once the workers have finished what they hold. With one
/// thread everything runs on the calling thread.
///
/// # Errors
/// The first error of `input` or `sink`.
pub fn ordered<T, U, E>(
    threads: usize,
    input: impl Iterator<Item = Result<T, E>>,
    work: impl Fn(T) -> U + Sync,
    mut sink: impl FnMut(U) -> Result<(), E>,
) -> Result<(), E>
where
    T: Send,
    U: Send,
{
    if threads <= 1 {
        for item in input {
            sink(work(item?))?;
        }
        return Ok(());
    }
    let ahead = 2 * threads;
    let (job_tx, job_rx) = mpsc::sync_channel::<(usize, T)>(ahead);
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (done_tx, done_rx) = mpsc::channel::<(usize, U)>();
    let work = &work;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let job_rx = Arc::clone(&job_rx);
            let done_tx = done_tx.clone();
            scope.spawn(move || {
                loop {
                    // The lock is held only to take one job.
                    let job = match job_rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => return,
                    };
                    let Ok((seq, item)) = job else { return };
                    if done_tx.send((seq, work(item))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(done_tx);
        let mut waiting: BTreeMap<usize, U> = BTreeMap::new();
        let mut next_out = 0usize;
        let mut sent = 0usize;
        let mut outcome = Ok(());
        let mut input_error = None;
        let mut input = input.fuse();
        let mut input_done = false;
        loop {
            // Read ahead while the bound allows.
            while !input_done && sent - next_out < ahead {
                match input.next() {
                    Some(Ok(item)) => {
                        if job_tx.send((sent, item)).is_err() {
                            input_done = true;
                            break;
                        }
                        sent += 1;
                    }
                    Some(Err(err)) => {
                        input_error = Some(err);
                        input_done = true;
                    }
                    None => input_done = true,
                }
            }
            if next_out == sent {
                break;
            }
            // Wait for the next result in order (others are kept until their turn).
            while !waiting.contains_key(&next_out) {
                match done_rx.recv() {
                    Ok((seq, result)) => {
                        waiting.insert(seq, result);
                    }
                    // Every worker is gone (only if one panicked): nothing more will come.
                    Err(_) => return outcome.and(input_error.map_or(Ok(()), Err)),
                }
            }
            while let Some(result) = waiting.remove(&next_out) {
                next_out += 1;
                if outcome.is_ok()
                    && let Err(err) = sink(result)
                {
                    outcome = Err(err);
                    input_done = true;
                }
            }
            if outcome.is_err() {
                input_done = true;
            }
        }
        drop(job_tx);
        outcome.and(input_error.map_or(Ok(()), Err))
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn run(threads: usize, n: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let input = (0..n).map(Ok::<usize, String>);
        ordered(
            threads,
            input,
            |i| {
                // Uneven work, so results finish out of order.
                if i % 7 == 0 {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                i * 2
            },
            |r| {
                out.push(r);
                Ok(())
            },
        )
        .unwrap();
        out
    }

    #[test]
    fn results_come_in_input_order_whatever_the_threads() {
        let expected: Vec<usize> = (0..200).map(|i| i * 2).collect();
        for threads in [1, 2, 3, 8] {
            assert_eq!(run(threads, 200), expected, "{threads} threads");
        }
    }

    #[test]
    fn the_first_error_stops_the_run() {
        for threads in [1, 4] {
            let input = (0..100).map(|i| if i == 50 { Err(format!("bad {i}")) } else { Ok(i) });
            let mut seen = 0;
            let result = ordered(
                threads,
                input,
                |i| i,
                |_| {
                    seen += 1;
                    Ok(())
                },
            );
            assert_eq!(result, Err("bad 50".to_owned()));
            assert_eq!(seen, 50, "{threads} threads: every item before the error is sunk");
            let mut sunk = 0;
            let result = ordered(
                threads,
                (0..100).map(Ok::<_, String>),
                |i| i,
                |i| {
                    sunk += 1;
                    if i == 10 { Err("sink".to_owned()) } else { Ok(()) }
                },
            );
            assert_eq!(result, Err("sink".to_owned()));
            assert_eq!(sunk, 11);
        }
    }
}
