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
    sink: impl FnMut(U) -> Result<(), E>,
) -> Result<(), E>
where
    T: Send,
    U: Send,
{
    run(threads, input, &work, |_, _| {}, (&|u| u, false), sink)
}

/// [`ordered`] with an ordered step between two parallel ones: `work` runs on the workers, then
/// `finish` on the calling thread on each result in input order (with per-run state of its own,
/// and `last`: no item follows and the input ended without an error), then `after` on the
/// workers, and `sink` receives `after`'s results in input order. The same bounds and errors as
/// [`ordered`]; with one thread everything runs on the calling thread.
///
/// # Errors
/// The first error of `input` or `sink`.
pub fn finished<T, U, V, E>(
    threads: usize,
    input: impl Iterator<Item = Result<T, E>>,
    work: impl Fn(T) -> U + Sync,
    finish: impl FnMut(&mut U, bool),
    after: impl Fn(U) -> V + Sync,
    sink: impl FnMut(V) -> Result<(), E>,
) -> Result<(), E>
where
    T: Send,
    U: Send,
    V: Send,
{
    run(threads, input, &work, finish, (&after, true), sink)
}

/// A job for a worker: an item to work on, or a finished result to run `after` on.
enum Job<T, U> {
    Work(usize, T),
    After(usize, U),
}

/// A worker's answer.
enum Done<U, V> {
    Worked(usize, U),
    Ready(usize, V),
}

/// The runner of [`ordered`] and [`finished`]: `after.0` runs on the workers when `after.1`, else
/// on the calling thread (`ordered`'s identity, not worth a trip to a worker).
fn run<T, U, V, E>(
    threads: usize,
    input: impl Iterator<Item = Result<T, E>>,
    work: &(impl Fn(T) -> U + Sync),
    finish: impl FnMut(&mut U, bool),
    after: (&(impl Fn(U) -> V + Sync), bool),
    sink: impl FnMut(V) -> Result<(), E>,
) -> Result<(), E>
where
    T: Send,
    U: Send,
    V: Send,
{
    if threads <= 1 {
        return run_here(input, work, finish, after.0, sink);
    }
    let ahead = 2 * threads;
    let (job_tx, job_rx) = mpsc::sync_channel::<Job<T, U>>(ahead);
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (done_tx, done_rx) = mpsc::channel::<Done<U, V>>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let job_rx = Arc::clone(&job_rx);
            let done_tx = done_tx.clone();
            scope.spawn(move || serve(&job_rx, &done_tx, work, after.0));
        }
        drop(done_tx);
        let mut conductor = Conductor::new(ahead, job_tx, after.1);
        let result = conductor.drive(input, &done_rx, finish, after.0, sink);
        // Workers end once they have done the jobs they hold.
        drop(conductor);
        result
    })
}

/// [`run`] on the calling thread alone.
fn run_here<T, U, V, E>(
    input: impl Iterator<Item = Result<T, E>>,
    work: &impl Fn(T) -> U,
    mut finish: impl FnMut(&mut U, bool),
    after: &impl Fn(U) -> V,
    mut sink: impl FnMut(V) -> Result<(), E>,
) -> Result<(), E> {
    // One result is held back until the next item is read: `finish` must know the last.
    let mut held: Option<U> = None;
    let mut input_error = None;
    for item in input {
        match item {
            Ok(item) => {
                if let Some(mut result) = held.replace(work(item)) {
                    finish(&mut result, false);
                    sink(after(result))?;
                }
            }
            Err(err) => {
                input_error = Some(err);
                break;
            }
        }
    }
    if let Some(mut result) = held {
        finish(&mut result, input_error.is_none());
        sink(after(result))?;
    }
    input_error.map_or(Ok(()), Err)
}

/// A worker: takes jobs until the job channel closes (or the results can no longer be sent).
fn serve<T, U, V>(
    job_rx: &Mutex<mpsc::Receiver<Job<T, U>>>,
    done_tx: &mpsc::Sender<Done<U, V>>,
    work: &impl Fn(T) -> U,
    after: &impl Fn(U) -> V,
) {
    loop {
        // The lock is held only to take one job.
        let job = match job_rx.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let done = match job {
            Ok(Job::Work(seq, item)) => Done::Worked(seq, work(item)),
            Ok(Job::After(seq, result)) => Done::Ready(seq, after(result)),
            Err(_) => return,
        };
        if done_tx.send(done).is_err() {
            return;
        }
    }
}

/// The calling thread's side of a run on workers: what has been read, finished and sunk, and the
/// results waiting for their turn.
struct Conductor<T, U, V, E> {
    ahead: usize,
    job_tx: mpsc::SyncSender<Job<T, U>>,
    after_on_workers: bool,
    /// Worked results waiting for their turn to be finished, and results waiting to be sunk.
    worked: BTreeMap<usize, U>,
    waiting: BTreeMap<usize, V>,
    /// Items read, finished and sunk so far, and jobs at the workers.
    sent: usize,
    next_finish: usize,
    next_out: usize,
    at_workers: usize,
    input_done: bool,
    input_error: Option<E>,
}

impl<T, U, V, E> Conductor<T, U, V, E> {
    fn new(ahead: usize, job_tx: mpsc::SyncSender<Job<T, U>>, after_on_workers: bool) -> Self {
        Conductor {
            ahead,
            job_tx,
            after_on_workers,
            worked: BTreeMap::new(),
            waiting: BTreeMap::new(),
            sent: 0,
            next_finish: 0,
            next_out: 0,
            at_workers: 0,
            input_done: false,
            input_error: None,
        }
    }

    /// Reads, finishes and sinks until everything read is sunk, the input failed, or the sink did.
    fn drive(
        &mut self,
        input: impl Iterator<Item = Result<T, E>>,
        done_rx: &mpsc::Receiver<Done<U, V>>,
        mut finish: impl FnMut(&mut U, bool),
        after: &impl Fn(U) -> V,
        mut sink: impl FnMut(V) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut input = input.fuse();
        loop {
            self.read_ahead(&mut input);
            self.finish_in_order(&mut finish, after);
            self.sink_in_order(&mut sink)?;
            if self.input_done && self.next_out == self.sent {
                break;
            }
            if self.at_workers == 0 {
                // Everything read is finished or waiting here: reading on, finishing or sinking
                // can go on without a worker.
                continue;
            }
            match done_rx.recv() {
                Ok(Done::Worked(seq, result)) => {
                    self.worked.insert(seq, result);
                }
                Ok(Done::Ready(seq, result)) => {
                    self.waiting.insert(seq, result);
                }
                // Every worker is gone (only if one panicked): nothing more will come.
                Err(_) => break,
            }
            self.at_workers -= 1;
        }
        self.input_error.take().map_or(Ok(()), Err)
    }

    /// Reads items and sends them to the workers while the bound allows.
    fn read_ahead(&mut self, input: &mut impl Iterator<Item = Result<T, E>>) {
        while !self.input_done && self.sent - self.next_out < self.ahead {
            match input.next() {
                Some(Ok(item)) => {
                    if self.job_tx.send(Job::Work(self.sent, item)).is_err() {
                        self.input_done = true;
                        break;
                    }
                    self.sent += 1;
                    self.at_workers += 1;
                }
                Some(Err(err)) => {
                    self.input_error = Some(err);
                    self.input_done = true;
                }
                None => self.input_done = true,
            }
        }
    }

    /// Finishes worked results in order, each once the next item is read (or the input has
    /// ended), and passes them on to `after`.
    fn finish_in_order(&mut self, finish: &mut impl FnMut(&mut U, bool), after: &impl Fn(U) -> V) {
        while self.next_finish + 1 < self.sent || (self.input_done && self.next_finish < self.sent) {
            let Some(mut result) = self.worked.remove(&self.next_finish) else { break };
            let last = self.input_done && self.input_error.is_none() && self.next_finish + 1 == self.sent;
            finish(&mut result, last);
            if self.after_on_workers {
                if self.job_tx.send(Job::After(self.next_finish, result)).is_err() {
                    break;
                }
                self.at_workers += 1;
            } else {
                self.waiting.insert(self.next_finish, after(result));
            }
            self.next_finish += 1;
        }
    }

    /// Hands the results that are next in order to `sink`.
    fn sink_in_order(&mut self, sink: &mut impl FnMut(V) -> Result<(), E>) -> Result<(), E> {
        while let Some(result) = self.waiting.remove(&self.next_out) {
            self.next_out += 1;
            sink(result)?;
        }
        Ok(())
    }
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

    /// `finish` sees every result once, in input order, with running state and `last` on the
    /// final one only; `after` then runs on it, and the sink gets everything in order.
    #[test]
    fn finish_runs_in_order_between_the_parallel_steps() {
        for threads in [1, 2, 3, 8] {
            for n in [0, 1, 2, 5, 200] {
                let mut total = 0;
                let mut lasts = Vec::new();
                let mut out = Vec::new();
                finished(
                    threads,
                    (0..n).map(Ok::<usize, String>),
                    |i| {
                        if i % 7 == 0 {
                            std::thread::sleep(std::time::Duration::from_millis(1));
                        }
                        (i, 0)
                    },
                    |(i, sum), last| {
                        total += *i;
                        *sum = total;
                        if last {
                            lasts.push(*i);
                        }
                    },
                    |(i, sum)| {
                        if i % 5 == 0 {
                            std::thread::sleep(std::time::Duration::from_millis(1));
                        }
                        format!("{i}:{sum}")
                    },
                    |line| {
                        out.push(line);
                        Ok(())
                    },
                )
                .unwrap();
                let expected: Vec<String> = (0..n).map(|i| format!("{i}:{}", i * (i + 1) / 2)).collect();
                assert_eq!(out, expected, "{threads} threads, {n} items");
                assert_eq!(lasts, n.checked_sub(1).into_iter().collect::<Vec<_>>(), "{threads} threads");
            }
        }
    }

    /// After an input error nothing is `last`; what came before is finished and sunk.
    #[test]
    fn after_an_input_error_nothing_is_last() {
        for threads in [1, 4] {
            let input = (0..20).map(|i| if i == 10 { Err("bad".to_owned()) } else { Ok(i) });
            let (mut finished_items, mut any_last, mut sunk) = (Vec::new(), false, Vec::new());
            let result = finished(
                threads,
                input,
                |i| i,
                |i, last| {
                    finished_items.push(*i);
                    any_last |= last;
                },
                |i| i,
                |i| {
                    sunk.push(i);
                    Ok(())
                },
            );
            assert_eq!(result, Err("bad".to_owned()));
            assert!(!any_last);
            assert_eq!(finished_items, (0..10).collect::<Vec<_>>());
            assert_eq!(sunk, (0..10).collect::<Vec<_>>());
        }
    }
}
