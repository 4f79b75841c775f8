//! Streaming, parallel export of many files to Parquet tables (zstd), deterministic whatever the
//! number of threads.
//!
//! One thread reads the files in the order given and cuts `.phhs` files into segments of whole
//! hands (about [`ExportOptions::segment_bytes`] each); worker threads turn each segment into Arrow
//! batches, a few hundred hands at a time, and encode them into Parquet row groups as they go (a
//! segment's rows of a table are one row group, or several of at most
//! [`ExportOptions::row_group_rows`]); the calling thread only appends the encoded row groups to
//! the files in input order. Row groups are cut by the input alone, so the files are the same
//! bytes whatever the number of threads. At most `2 * threads + 2` segments are in flight (and
//! only their compressed row groups wait for the writer), so memory stays bounded whatever the
//! input size (a PBN file is one segment: the PBN reader borrows the whole decoded text).
//!
//! [`phh_table`] runs the same segments through the same workers for one PHH table in memory
//! (Python's `cardnote.to_arrow`).

use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, HashMap};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Condvar, Mutex};

use arrow_array::RecordBatch;
use arrow_schema::{ArrowError, SchemaRef};
use cards_core::Notation as _;
use cards_core::notation::ReadRecords as _;
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_writer::{
    ArrowColumnChunk, ArrowColumnWriter, ArrowRowGroupWriterFactory, compute_leaves,
};
use parquet::basic::{Compression, ZstdLevel};
use parquet::errors::ParquetError;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::ColumnPath;
use phh::Phh;
use phh::replay::RuleProfile;

use crate::errors::ErrorsTable;
use crate::pbn::PbnTables;
use crate::phh::PhhTables;

/// The notation of an input file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputFormat {
    /// `.phh` / `.phhs`.
    Phh,
    /// `.pbn`.
    Pbn,
}

impl InputFormat {
    fn name(self) -> &'static str {
        match self {
            InputFormat::Phh => "phh",
            InputFormat::Pbn => "pbn",
        }
    }
}

/// One file to export; `label` is the `file` column (the path as the user named it, as in
/// `check --json`).
#[derive(Debug, Clone)]
pub struct Input {
    /// Where to read.
    pub path: PathBuf,
    /// The `file` key of its rows.
    pub label: String,
    /// Its notation.
    pub format: InputFormat,
}

/// How to export.
#[derive(Debug, Clone)]
pub struct ExportOptions {
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Write the PHH tables as hive-style folders `variant=<code>` (`/` in a code is written
    /// `%2F`, as Spark escapes it).
    pub partition_by_variant: bool,
    /// The rules hands are replayed under.
    pub profile: RuleProfile,
    /// Approximate size of the pieces `.phhs` files are cut into.
    pub segment_bytes: usize,
    /// Rows per Parquet row group at most.
    pub row_group_rows: usize,
}

impl Default for ExportOptions {
    fn default() -> ExportOptions {
        ExportOptions {
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            partition_by_variant: false,
            profile: RuleProfile::Pokerkit,
            segment_bytes: 1 << 21,
            row_group_rows: 1 << 17,
        }
    }
}

/// What an export wrote.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExportSummary {
    /// Files read (or found unreadable).
    pub files: u64,
    /// Rows of `hands`.
    pub hands: u64,
    /// Rows of `boards`.
    pub boards: u64,
    /// Rows of `errors`.
    pub errors: u64,
    /// The Parquet files written, sorted.
    pub written: Vec<PathBuf>,
}

/// Why an export stopped.
#[derive(Debug)]
pub enum ExportError {
    /// The output folder of a table exists already (nothing is overwritten).
    Exists(PathBuf),
    /// Writing failed.
    Io(std::io::Error),
    /// Parquet encoding failed.
    Parquet(ParquetError),
    /// Building a batch failed.
    Arrow(ArrowError),
}

impl std::fmt::Display for ExportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExportError::Exists(path) => {
                write!(f, "{} exists already: remove it or choose another folder", path.display())
            }
            ExportError::Io(e) => write!(f, "{e}"),
            ExportError::Parquet(e) => write!(f, "{e}"),
            ExportError::Arrow(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ExportError {}

impl From<std::io::Error> for ExportError {
    fn from(e: std::io::Error) -> ExportError {
        ExportError::Io(e)
    }
}
impl From<ParquetError> for ExportError {
    fn from(e: ParquetError) -> ExportError {
        ExportError::Parquet(e)
    }
}
impl From<ArrowError> for ExportError {
    fn from(e: ArrowError) -> ExportError {
        ExportError::Arrow(e)
    }
}

/// The names of every table, in the order they are documented.
pub const TABLES: [&str; 8] = ["hands", "seats", "actions", "boards", "calls", "plays", "results", "errors"];

enum Job {
    Phh { label: String, raws: Vec<phh::Raw> },
    Pbn { label: String, data: Vec<u8> },
    Unreadable { label: String, format: InputFormat, error: std::io::Error },
}

/// A row group encoded by a worker: its column chunks, compressed, in schema order.
type RowGroup = Vec<ArrowColumnChunk>;

/// One table's (and partition's) rows of a job, encoded.
struct Encoded {
    table: &'static str,
    partition: Option<String>,
    row_groups: Vec<RowGroup>,
}

/// A job's rows, encoded, and its counts.
struct Done {
    encoded: Result<Vec<Encoded>, ExportError>,
    counts: Counts,
}

/// Rows of `hands`, `boards` and `errors` of a job.
#[derive(Default)]
struct Counts {
    hands: u64,
    boards: u64,
    errors: u64,
}

/// Counts permits of segments in flight.
struct Window {
    free: Mutex<usize>,
    freed: Condvar,
}

impl Window {
    fn acquire(&self) {
        let mut free = self.free.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        while *free == 0 {
            free = self.freed.wait(free).unwrap_or_else(std::sync::PoisonError::into_inner);
        }
        *free -= 1;
    }

    fn release(&self) {
        *self.free.lock().unwrap_or_else(std::sync::PoisonError::into_inner) += 1;
        self.freed.notify_one();
    }
}

/// Exports `inputs` into tables under `dir` (`dir/<table>/part-0.parquet`, or
/// `dir/<table>/variant=<code>/part-0.parquet` when partitioned). Unreadable files and records
/// with errors become rows of `errors`; only output failures stop the export.
///
/// # Errors
/// [`ExportError`] when a table folder exists already or writing fails.
pub fn export(inputs: &[Input], dir: &Path, options: &ExportOptions) -> Result<ExportSummary, ExportError> {
    for table in TABLES {
        let path = dir.join(table);
        if path.exists() {
            return Err(ExportError::Exists(path));
        }
    }
    let encoders = Encoders::new(options)?;
    let mut sink = Sink::new(dir, &encoders.props);
    let mut summary = ExportSummary { files: inputs.len() as u64, ..ExportSummary::default() };
    in_order(inputs, options, &|job| run_job(job, options, &encoders), |done: Done| {
        summary.hands += done.counts.hands;
        summary.boards += done.counts.boards;
        summary.errors += done.counts.errors;
        done.encoded?.into_iter().try_for_each(|e| sink.append(e.table, e.partition.as_deref(), e.row_groups))
    })?;
    // The errors table exists even when nothing failed (and when there was no input).
    sink.append("errors", None, Vec::new())?;
    summary.written = sink.close()?;
    Ok(summary)
}

/// A table of PHH hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhhTable {
    /// `hands`.
    Hands,
    /// `seats`.
    Seats,
    /// `actions`.
    Actions,
}

/// One PHH table of the PHH files among `inputs`, as batches in input order: the export's
/// segments turned into rows on `options.threads` workers (a batch per segment), the same rows
/// as [`PhhTables`] gives hand after hand. Not partitioned: `partition_by_variant` is ignored.
///
/// # Errors
/// [`ExportError::Io`] for a file that cannot be read (naming it), [`ExportError::Arrow`] when a
/// batch cannot be built.
pub fn phh_table(
    inputs: &[Input],
    table: PhhTable,
    options: &ExportOptions,
) -> Result<Vec<RecordBatch>, ExportError> {
    let inputs: Vec<Input> = inputs.iter().filter(|i| i.format == InputFormat::Phh).cloned().collect();
    let mut batches = Vec::new();
    in_order(&inputs, options, &|job| phh_job_table(job, table, options.profile), |batch| {
        batches.extend(batch?);
        Ok(())
    })?;
    Ok(batches)
}

/// The rows of one PHH table of a job (none for a PBN job).
fn phh_job_table(
    job: Job,
    table: PhhTable,
    profile: RuleProfile,
) -> Result<Option<RecordBatch>, ExportError> {
    match job {
        Job::Phh { label, raws } => {
            let mut tables = PhhTables::new(profile);
            let mut errors = ErrorsTable::default();
            for raw in raws {
                let index = u32::try_from(raw.index()).unwrap_or(u32::MAX);
                tables.push(&label, index, &Phh::parse(raw, &phh::Options::default()), &mut errors);
            }
            let batches = tables.finish()?;
            Ok(Some(match table {
                PhhTable::Hands => batches.hands,
                PhhTable::Seats => batches.seats,
                PhhTable::Actions => batches.actions,
            }))
        }
        Job::Unreadable { label, error, .. } => {
            Err(ExportError::Io(std::io::Error::new(error.kind(), format!("cannot read {label}: {error}"))))
        }
        Job::Pbn { .. } => Ok(None),
    }
}

/// Runs `work` over the jobs of `inputs` on `options.threads` workers and hands each result to
/// `take` on the calling thread, in input order. After a failure of `take` the remaining results
/// are dropped and that error returned.
fn in_order<T: Send>(
    inputs: &[Input],
    options: &ExportOptions,
    work: &(dyn Fn(Job) -> T + Sync),
    mut take: impl FnMut(T) -> Result<(), ExportError>,
) -> Result<(), ExportError> {
    let threads = options.threads.max(1);
    let window = Window { free: Mutex::new(2 * threads + 2), freed: Condvar::new() };
    let (job_tx, job_rx) = mpsc::sync_channel::<(usize, Job)>(threads);
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done_rx) = mpsc::channel::<(usize, T)>();
    std::thread::scope(|scope| {
        let window = &window;
        scope.spawn(move || produce(inputs, options.segment_bytes, window, &job_tx));
        for _ in 0..threads {
            let done_tx = done_tx.clone();
            let job_rx = &job_rx;
            scope.spawn(move || {
                loop {
                    let next = job_rx.lock().unwrap_or_else(std::sync::PoisonError::into_inner).recv();
                    let Ok((seq, job)) = next else { break };
                    if done_tx.send((seq, work(job))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let mut pending: BTreeMap<usize, T> = BTreeMap::new();
        let mut next = 0usize;
        let mut failure: Option<ExportError> = None;
        for (seq, done) in done_rx {
            pending.insert(seq, done);
            while let Some(done) = pending.remove(&next) {
                next += 1;
                window.release();
                if failure.is_none() {
                    failure = take(done).err();
                }
            }
        }
        failure.map_or(Ok(()), Err)
    })
}

/// Reads the inputs in order and sends them as jobs.
fn produce(inputs: &[Input], segment_bytes: usize, window: &Window, jobs: &mpsc::SyncSender<(usize, Job)>) {
    let mut seq = 0usize;
    let mut send = |job: Job| {
        window.acquire();
        let sent = jobs.send((seq, job)).is_ok();
        seq += 1;
        sent
    };
    for input in inputs {
        let label = input.label.clone();
        let unreadable = |error| Job::Unreadable { label: label.clone(), format: input.format, error };
        let sent = match input.format {
            InputFormat::Pbn => send(
                std::fs::read(&input.path)
                    .map_or_else(unreadable, |data| Job::Pbn { label: label.clone(), data }),
            ),
            InputFormat::Phh => match File::open(&input.path) {
                Ok(file) => {
                    segments(file, segment_bytes, &label, &mut send).unwrap_or_else(|e| send(unreadable(e)))
                }
                Err(e) => send(unreadable(e)),
            },
        };
        if !sent {
            return;
        }
    }
}

/// Cuts a PHH file into segments of whole hands with phh's reader and sends them; returns
/// whether the receiver still listens.
fn segments(
    file: File,
    segment_bytes: usize,
    label: &str,
    send: &mut impl FnMut(Job) -> bool,
) -> std::io::Result<bool> {
    let mut reader = phh::Reader::new(std::io::BufReader::new(file), phh::Options::default());
    let mut raws = Vec::new();
    let mut bytes = 0;
    loop {
        let raw = reader.read_raw().transpose()?;
        let full =
            raw.as_ref().is_some_and(|raw| !raws.is_empty() && bytes + raw.text().len() > segment_bytes);
        if (raw.is_none() || full) && !raws.is_empty() {
            bytes = 0;
            if !send(Job::Phh { label: label.to_owned(), raws: std::mem::take(&mut raws) }) {
                return Ok(false);
            }
        }
        let Some(raw) = raw else { return Ok(true) };
        bytes += raw.text().len();
        raws.push(raw);
    }
}

/// Turns a job into encoded row groups.
fn run_job(job: Job, options: &ExportOptions, encoders: &Encoders) -> Done {
    let mut counts = Counts::default();
    let encoded = encode_job(job, options, encoders, &mut counts);
    Done { encoded, counts }
}

/// The rows of a job, encoded table by table (and partition by partition), the `errors` table last.
fn encode_job(
    job: Job,
    options: &ExportOptions,
    encoders: &Encoders,
    counts: &mut Counts,
) -> Result<Vec<Encoded>, ExportError> {
    let mut errors = ErrorsTable::default();
    let mut encoded = Vec::new();
    match job {
        Job::Phh { label, raws } => {
            encoded = encode_phh(&label, raws, options, encoders, &mut errors, counts)?
        }
        Job::Pbn { label, data } => {
            let text = pbn::decode(&data).text;
            let mut tables = PbnTables::default();
            counts.boards += tables.push_text(&label, &text, &mut errors) as u64;
            let b = tables.finish()?;
            for (table, batch) in
                [("boards", b.boards), ("calls", b.calls), ("plays", b.plays), ("results", b.results)]
            {
                encoded.push(encoders.table(table, None)?.all(&batch)?);
            }
        }
        Job::Unreadable { label, format, error } => {
            let message = format!("cannot read the file: {error}");
            errors.push_file_error(&label, format.name(), crate::codes::EXPORT_UNREADABLE_FILE, &message);
        }
    }
    let errors = errors.finish()?;
    counts.errors += errors.num_rows() as u64;
    encoded.push(encoders.table("errors", None)?.all(&errors)?);
    Ok(encoded)
}

/// Hands whose rows are built before they are encoded: a segment holds thousands, and building
/// a few hundred at a time keeps a worker's Arrow builders to a few megabytes (the column
/// writers hold the row group, compressed, as it grows).
const HANDS_PER_BATCH: usize = 512;

/// A PHH segment's hands as rows of `hands`, `seats` and `actions`, per partition in key order
/// (`None`: not partitioned, or a record with no hand).
fn encode_phh(
    label: &str,
    raws: Vec<phh::Raw>,
    options: &ExportOptions,
    encoders: &Encoders,
    errors: &mut ErrorsTable,
    counts: &mut Counts,
) -> Result<Vec<Encoded>, ExportError> {
    let mut parts: BTreeMap<Option<&'static str>, PhhPart<'_>> = BTreeMap::new();
    for raw in raws {
        let index = u32::try_from(raw.index()).unwrap_or(u32::MAX);
        let parsed = Phh::parse(raw, &phh::Options::default());
        let key = options.partition_by_variant.then(|| parsed.model.hand.as_ref().map(|h| h.variant.code()));
        let part = match parts.entry(key.flatten()) {
            Entry::Occupied(entry) => entry.into_mut(),
            Entry::Vacant(entry) => {
                let partition = entry.key().map(|v| v.replace('/', "%2F"));
                entry.insert(PhhPart::new(encoders, options.profile, partition)?)
            }
        };
        part.tables.push(label, index, &parsed, errors);
        counts.hands += u64::from(parsed.model.hand.is_some());
        if part.tables.hand_rows() >= HANDS_PER_BATCH {
            part.flush()?;
        }
    }
    let mut encoded = Vec::new();
    for part in parts.into_values() {
        encoded.extend(part.finish()?);
    }
    Ok(encoded)
}

/// One partition's PHH tables being filled, and their row groups being encoded.
struct PhhPart<'e> {
    tables: PhhTables,
    hands: TableEncoder<'e>,
    seats: TableEncoder<'e>,
    actions: TableEncoder<'e>,
}

impl<'e> PhhPart<'e> {
    fn new(
        encoders: &'e Encoders,
        profile: RuleProfile,
        partition: Option<String>,
    ) -> Result<Self, ExportError> {
        Ok(PhhPart {
            tables: PhhTables::new(profile),
            hands: encoders.table("hands", partition.clone())?,
            seats: encoders.table("seats", partition.clone())?,
            actions: encoders.table("actions", partition)?,
        })
    }

    /// Encodes the rows built so far.
    fn flush(&mut self) -> Result<(), ExportError> {
        let batches = self.tables.finish()?;
        self.hands.write(&batches.hands)?;
        self.seats.write(&batches.seats)?;
        self.actions.write(&batches.actions)
    }

    fn finish(mut self) -> Result<[Encoded; 3], ExportError> {
        self.flush()?;
        Ok([self.hands.finish()?, self.seats.finish()?, self.actions.finish()?])
    }
}

/// Columns whose values hardly repeat, written without a dictionary or statistics.
const HIGH_CARDINALITY: [&str; 5] = ["notation", "cards", "board", "hole_cards", "shown_cards"];

/// The exact amount texts, written without statistics.
const AMOUNT_TEXTS: [&str; 12] = [
    "amount",
    "pot_before",
    "to_call",
    "stack_before",
    "starting_stack",
    "finishing_stack",
    "payoff",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "unawarded",
];

/// What workers encode row groups with: the writer properties and, per table, the column
/// writers' factory.
struct Encoders {
    props: WriterProperties,
    factories: HashMap<&'static str, (SchemaRef, ArrowRowGroupWriterFactory)>,
}

impl Encoders {
    fn new(options: &ExportOptions) -> Result<Encoders, ExportError> {
        let mut builder = WriterProperties::builder()
            .set_compression(Compression::ZSTD(ZstdLevel::default()))
            .set_max_row_group_size(options.row_group_rows.max(1));
        // Texts that hardly repeat (an action's notation, dealt cards, boards) are written plain:
        // interning them costs more than a dictionary saves once zstd has compressed them.
        for column in HIGH_CARDINALITY {
            builder = builder.set_column_dictionary_enabled(ColumnPath::from(column), false);
        }
        // Min and max of a text cost a comparison per value and prune little here: an amount's
        // text orders unlike its number (`"10" < "9"`; its `_f64` column keeps numeric
        // statistics), and cards and notations are hardly ever filtered by range.
        for column in HIGH_CARDINALITY.into_iter().chain(AMOUNT_TEXTS) {
            builder =
                builder.set_column_statistics_enabled(ColumnPath::from(column), EnabledStatistics::None);
        }
        let props = builder.build();
        let mut factories = HashMap::new();
        for table in TABLES {
            let schema = schema_of(table);
            // The factory only keeps the Parquet schema and properties of a writer; one over
            // nothing gives the same column writers as the file's own.
            let writer = ArrowWriter::try_new(std::io::sink(), schema.clone(), Some(props.clone()))?;
            let (_, factory) = writer.into_serialized_writer()?;
            factories.insert(table, (schema, factory));
        }
        Ok(Encoders { props, factories })
    }

    /// An encoder of one table's (and partition's) row groups.
    fn table(&self, table: &'static str, partition: Option<String>) -> Result<TableEncoder<'_>, ExportError> {
        let Some((schema, factory)) = self.factories.get(table) else {
            return Err(ExportError::Arrow(ArrowError::InvalidArgumentError(format!("no table {table}"))));
        };
        Ok(TableEncoder {
            table,
            partition,
            schema,
            factory,
            max_rows: self.props.max_row_group_size().max(1),
            open: None,
            row_groups: Vec::new(),
        })
    }
}

/// Batches of one table written into row groups of at most `max_rows` rows, cut by the rows
/// alone (the same row groups however the rows come in batches).
struct TableEncoder<'e> {
    table: &'static str,
    partition: Option<String>,
    schema: &'e SchemaRef,
    factory: &'e ArrowRowGroupWriterFactory,
    max_rows: usize,
    /// The row group being written: a writer per leaf column, and its rows so far.
    open: Option<(Vec<ArrowColumnWriter>, usize)>,
    row_groups: Vec<RowGroup>,
}

impl TableEncoder<'_> {
    /// Appends a batch's rows.
    fn write(&mut self, batch: &RecordBatch) -> Result<(), ExportError> {
        let mut offset = 0;
        while offset < batch.num_rows() {
            let (writers, rows) = match &mut self.open {
                Some(open) => open,
                None => self.open.insert((self.factory.create_column_writers(0)?, 0)),
            };
            let take = (self.max_rows - *rows).min(batch.num_rows() - offset);
            let part = batch.slice(offset, take);
            let mut writers = writers.iter_mut();
            for (field, column) in self.schema.fields().iter().zip(part.columns()) {
                for leaf in compute_leaves(field, column)? {
                    let Some(writer) = writers.next() else {
                        return Err(ExportError::Parquet(ParquetError::General(format!(
                            "table {}: more leaves than column writers",
                            self.table
                        ))));
                    };
                    writer.write(&leaf)?;
                }
            }
            *rows += take;
            offset += take;
            if *rows == self.max_rows {
                self.close_row_group()?;
            }
        }
        Ok(())
    }

    fn close_row_group(&mut self) -> Result<(), ExportError> {
        if let Some((writers, _)) = self.open.take() {
            let chunks = writers.into_iter().map(ArrowColumnWriter::close).collect::<Result<_, _>>()?;
            self.row_groups.push(chunks);
        }
        Ok(())
    }

    /// A whole table's rows, encoded.
    fn all(mut self, batch: &RecordBatch) -> Result<Encoded, ExportError> {
        self.write(batch)?;
        self.finish()
    }

    /// The row groups written (none when no row came).
    fn finish(mut self) -> Result<Encoded, ExportError> {
        self.close_row_group()?;
        Ok(Encoded { table: self.table, partition: self.partition, row_groups: self.row_groups })
    }
}

/// The schema of a table of [`TABLES`].
fn schema_of(table: &str) -> SchemaRef {
    match table {
        "hands" => crate::phh::hands_schema(),
        "seats" => crate::phh::seats_schema(),
        "actions" => crate::phh::actions_schema(),
        "boards" => crate::pbn::boards_schema(),
        "calls" => crate::pbn::calls_schema(),
        "plays" => crate::pbn::plays_schema(),
        "results" => crate::pbn::results_schema(),
        _ => crate::errors::errors_schema(),
    }
}

/// The open Parquet files.
struct Sink {
    dir: PathBuf,
    props: WriterProperties,
    writers: BTreeMap<PathBuf, SerializedFileWriter<File>>,
}

impl Sink {
    fn new(dir: &Path, props: &WriterProperties) -> Sink {
        Sink { dir: dir.to_path_buf(), props: props.clone(), writers: BTreeMap::new() }
    }

    /// Appends encoded row groups to a table's file, creating it first when needed (even with
    /// no row groups: a table exists once its format does, and the errors table always does).
    fn append(
        &mut self,
        table: &str,
        partition: Option<&str>,
        row_groups: Vec<RowGroup>,
    ) -> Result<(), ExportError> {
        let mut folder = self.dir.join(table);
        if let Some(variant) = partition {
            folder.push(format!("variant={variant}"));
        }
        let path = folder.join("part-0.parquet");
        let writer = match self.writers.entry(path) {
            Entry::Occupied(entry) => entry.into_mut(),
            Entry::Vacant(entry) => {
                std::fs::create_dir_all(&folder)?;
                // Through `ArrowWriter`, so the footer carries the Arrow schema as it always has.
                let file = File::create(entry.key())?;
                let writer = ArrowWriter::try_new(file, schema_of(table), Some(self.props.clone()))?;
                entry.insert(writer.into_serialized_writer()?.0)
            }
        };
        for chunks in row_groups {
            let mut row_group = writer.next_row_group()?;
            for chunk in chunks {
                chunk.append_to_row_group(&mut row_group)?;
            }
            row_group.close()?;
        }
        Ok(())
    }

    fn close(self) -> Result<Vec<PathBuf>, ExportError> {
        let mut written = Vec::new();
        for (path, writer) in self.writers {
            writer.close()?;
            written.push(path);
        }
        Ok(written)
    }
}
