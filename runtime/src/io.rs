//! What the Matrix Market and FROSTT readers and writers share: the error
//! that names file and line, reading and writing whole files, splitting a
//! text into numbered lines of tokens, reading sizes a kernel can index, and
//! printing values.

use crate::element::{ConversionError, Element};
use crate::tensor::{BufferError, MAX_SIZE};
use crate::value::{Scalar, Value};

use std::borrow::Cow;
use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// A file that could not be read, parsed or written. `line` is 1-based and
/// absent when the problem is not on one line (the file cannot be opened, or
/// the data to write is wrong).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}{}: {problem}", .line.map(|line| format!(":{line}")).unwrap_or_default())]
pub struct IoError {
    pub file: String,
    pub line: Option<usize>,
    pub problem: Problem,
}

/// What is wrong with a file, or with the data to write to one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// The text breaks the format, or the file cannot be read or written.
    #[error("{0}")]
    Invalid(String),
    /// A size too large for a kernel's index; in a file that declares no
    /// sizes, a coordinate, since the largest one is the size.
    #[error("{what} {size} is more than {MAX_SIZE}, the largest size a kernel's signed 64-bit index holds")]
    Unindexable { what: String, size: usize },
    /// A buffer the data needs that cannot be had.
    #[error(transparent)]
    Buffer(#[from] BufferError),
    /// A value the element type of the tensor read or written cannot hold.
    #[error(transparent)]
    Conversion(#[from] ConversionError),
}

impl From<String> for Problem {
    fn from(message: String) -> Self {
        Self::Invalid(message)
    }
}

impl From<&str> for Problem {
    fn from(message: &str) -> Self {
        Self::Invalid(message.to_string())
    }
}

impl IoError {
    /// An error about the file as a whole.
    pub(crate) fn file(file: impl Into<String>, problem: impl Into<Problem>) -> Self {
        Self { file: file.into(), line: None, problem: problem.into() }
    }
}

/// Whether `path` names a gzip-compressed file (its name ends in `.gz`).
pub(crate) fn gzipped(path: &Path) -> bool {
    path.extension().is_some_and(|extension| extension == "gz")
}

/// Pieces of a file's text read at a time: large enough that a piece costs
/// little to hand out, small enough that two threads share a file evenly
/// and that a parsed piece's memory is soon given back.
pub(crate) const PIECE_BYTES: usize = 1 << 20;

/// A text in pieces, in order: each but the last ends with a line end, and
/// each is its own allocation (or a slice of the caller's text), so a
/// reader can drop a piece once it has read it.
pub(crate) type Pieces<'t> = Vec<Cow<'t, str>>;

/// A file's text in [`Pieces`], and, when a line of it is not UTF-8, the
/// error naming the first such line: then the pieces hold U+FFFD for each
/// sequence of bytes that is not (the file is parsed whole before the
/// error is ordered with the parse's).
#[derive(Debug)]
pub(crate) struct ReadText {
    pub pieces: Pieces<'static>,
    pub not_utf8: Option<IoError>,
}

impl ReadText {
    /// The result of parsing the pieces, or the line that is not UTF-8
    /// where it comes first: an error the parse found on an earlier line
    /// wins (errors are reported at the earliest line); a parse that found
    /// none there is the line's error.
    pub fn earliest<T>(not_utf8: Option<IoError>, parsed: Result<T, IoError>) -> Result<T, IoError> {
        let Some(not_utf8) = not_utf8 else { return parsed };
        match parsed {
            Err(error) if error.line.is_some_and(|line| not_utf8.line.is_some_and(|cut| line < cut)) => Err(error),
            _ => Err(not_utf8),
        }
    }
}

/// Reads `path` as UTF-8 text in pieces of about [`PIECE_BYTES`], ending
/// at line ends; a `.gz` file is decompressed as it is read. The pieces are
/// checked to be UTF-8 on `threads` threads; where a line is not, the error
/// names the first such line ([`ReadText::earliest`] orders it with the
/// parse's).
pub(crate) fn read_pieces(path: &Path, threads: usize) -> Result<ReadText, IoError> {
    let name = || path.display().to_string();
    let fail = |error: std::io::Error| IoError::file(name(), error.to_string());
    let file = File::open(path).map_err(fail)?;
    let pieces = if gzipped(path) {
        let decoder = flate2::read::MultiGzDecoder::new(std::io::BufReader::new(file));
        byte_pieces(decoder).map_err(|error| fail(std::io::Error::new(error.kind(), format!("not a readable gzip file: {error}"))))?
    } else {
        file_pieces(&file, threads).map_err(fail)?
    };
    let slots: Vec<Mutex<Vec<u8>>> = pieces.into_iter().map(Mutex::new).collect();
    let checked =
        in_parallel(&slots, threads, |_, slot| String::from_utf8(std::mem::take(&mut *slot.lock().expect("one thread takes each piece"))));
    let mut texts: Pieces = Vec::with_capacity(checked.len());
    let mut not_utf8 = None;
    for text in checked {
        match text {
            Ok(text) => texts.push(Cow::Owned(text)),
            Err(error) => {
                if not_utf8.is_none() {
                    let line_ends = |bytes: &[u8]| memchr::memchr_iter(b'\n', bytes).count();
                    let before: usize = texts.iter().map(|text| line_ends(text.as_bytes())).sum();
                    let line = before + line_ends(&error.as_bytes()[..error.utf8_error().valid_up_to()]) + 1;
                    not_utf8 = Some(IoError { file: name(), line: Some(line), problem: "the line is not UTF-8 text".into() });
                }
                // Each sequence that is not UTF-8 read as U+FFFD, which no line
                // of a data file holds: the lines keep their numbers.
                texts.push(Cow::Owned(String::from_utf8_lossy(error.as_bytes()).into_owned()));
            }
        }
    }
    Ok(ReadText { pieces: texts, not_utf8 })
}

/// The bytes of `file`, in pieces of about [`PIECE_BYTES`] that end at line
/// ends (but the last), read on `threads` threads. Each stretch of
/// [`PIECE_BYTES`] is searched, by short reads, for the first line start
/// in it; a piece runs from one line start found to the next, so a line
/// longer than a stretch makes its piece longer, and every byte is looked
/// at a bounded number of times. No piece is empty. What is not a regular
/// file (a pipe) is read as it comes, on one thread.
#[cfg(unix)]
fn file_pieces(file: &File, threads: usize) -> std::io::Result<Vec<Vec<u8>>> {
    use std::os::unix::fs::FileExt;
    let metadata = file.metadata()?;
    if !metadata.is_file() {
        return byte_pieces(file);
    }
    let length = metadata.len();
    let stretch = PIECE_BYTES as u64;
    // The first line start in stretch `k`, if it has one: the offset after
    // the first line end from the byte before it to the stretch's last.
    let line_start = |k: u64| -> std::io::Result<Option<u64>> {
        let (mut from, end) = ((k * stretch).saturating_sub(1), ((k + 1) * stretch).min(length));
        let mut window = vec![0; 1 << 16];
        while from < end {
            let wanted = window.len().min(usize::try_from(end - from).unwrap_or(usize::MAX));
            let read = file.read_at(&mut window[..wanted], from)?;
            if read == 0 {
                break;
            }
            if let Some(at) = memchr::memchr(b'\n', &window[..read]) {
                return Ok(Some(from + at as u64 + 1).filter(|&start| start < end));
            }
            from += read as u64;
        }
        Ok(None)
    };
    let stretches: Vec<u64> = (1..length.div_ceil(stretch)).collect();
    let starts = in_parallel(&stretches, threads, |_, &k| line_start(k)).into_iter().collect::<std::io::Result<Vec<_>>>()?;
    let mut bounds: Vec<u64> = std::iter::once(0).chain(starts.into_iter().flatten()).chain([length]).collect();
    bounds.dedup();
    let pieces: Vec<(u64, u64)> = bounds.windows(2).map(|pair| (pair[0], pair[1])).collect();
    in_parallel(&pieces, threads, |_, &(start, end)| {
        let mut bytes = vec![0; usize::try_from(end - start).map_err(std::io::Error::other)?];
        file.read_exact_at(&mut bytes, start)?;
        Ok(bytes)
    })
    .into_iter()
    .collect()
}

/// [`byte_pieces`] of `file`, where positioned reads are not available.
#[cfg(not(unix))]
fn file_pieces(file: &File, _threads: usize) -> std::io::Result<Vec<Vec<u8>>> {
    byte_pieces(file)
}

/// The bytes `source` gives, in pieces of about [`PIECE_BYTES`] that end
/// at line ends (but the last): a line longer than a piece makes its piece
/// longer, read into it without copying what came before. No piece is
/// empty, and an empty source has none.
fn byte_pieces(mut source: impl Read) -> std::io::Result<Vec<Vec<u8>>> {
    let mut pieces = Vec::new();
    let mut piece = Vec::new();
    loop {
        // Only the bytes read now can hold the piece's first line end.
        let searched = piece.len();
        piece.reserve(PIECE_BYTES);
        if (&mut source).take(PIECE_BYTES as u64).read_to_end(&mut piece)? == 0 {
            if !piece.is_empty() {
                pieces.push(piece);
            }
            return Ok(pieces);
        }
        if let Some(end) = memchr::memrchr(b'\n', &piece[searched..]) {
            // The start of a line this piece does not end begins the next.
            let next = piece.split_off(searched + end + 1);
            pieces.push(std::mem::replace(&mut piece, next));
        }
    }
}

/// The text of a file's head, in one piece: `pieces` joined into the first,
/// from the start, until it holds at least `lines` lines that are content
/// (not blank, not a comment starting with `comment`) or is all there is.
pub(crate) fn head<'p>(pieces: &'p mut Pieces, lines: usize, comment: char) -> &'p str {
    let content = |text: &str| Lines::new("", text, comment).take(lines).count();
    let Some(first) = pieces.first() else { return "" };
    // Each piece is looked at once, however many there are to join.
    let mut found = content(first);
    while pieces.len() > 1 && found < lines {
        let next = pieces.remove(1);
        found += content(&next);
        pieces[0].to_mut().push_str(&next);
    }
    &pieces[0]
}

/// `pieces` with the first's first `number` lines left out.
pub(crate) fn after_first_lines(mut pieces: Pieces, number: usize) -> Pieces {
    if let Some(first) = pieces.first_mut() {
        let kept = after_line(first, number).len();
        let cut = first.len() - kept;
        match first {
            Cow::Borrowed(text) => *text = &text[cut..],
            Cow::Owned(text) => drop(text.drain(..cut)),
        }
    }
    pieces
}

/// The text after line `number` (1-based) of `text`: empty when it has no
/// more lines.
pub(crate) fn after_line(text: &str, number: usize) -> &str {
    let mut rest = text;
    for _ in 0..number {
        match rest.find('\n') {
            Some(end) => rest = &rest[end + 1..],
            None => return "",
        }
    }
    rest
}

/// An error unless values held as `V` hold those of `element`: a reader
/// asked for `f64` values of an integer type, say.
pub(crate) fn check_holds<V: Scalar>(name: &str, element: Element) -> Result<(), IoError> {
    if V::holds(element) {
        return Ok(());
    }
    Err(IoError::file(name, format!("values of {} cannot be read as {}", element.name(), std::any::type_name::<V>())))
}

/// An error unless a tensor of `rank` dimensions can be stored: no format
/// has more than [`MAX_LEVELS`](crate::MAX_LEVELS) levels.
pub(crate) fn check_rank(rank: usize) -> Result<(), String> {
    match rank > crate::MAX_LEVELS {
        true => Err(format!("the tensor has {rank} dimensions, more than the {} a tensor may have", crate::MAX_LEVELS)),
        false => Ok(()),
    }
}

/// [`check_rank`] for a shape a file declares whole (a `.npy` array's),
/// and that a kernel can index every dimension's size.
pub(crate) fn check_declared_shape(shape: &[usize]) -> Result<(), String> {
    check_rank(shape.len())?;
    match shape.iter().enumerate().find(|&(_, &size)| size > MAX_SIZE) {
        Some((dim, &size)) => Err(Problem::Unindexable { what: format!("dimension {dim}'s size"), size }.to_string()),
        None => Ok(()),
    }
}

/// `work` of every item (and its index) of `items`, on `threads` threads
/// that take the items in turn.
pub(crate) fn in_parallel<T: Sync, R: Send>(items: &[T], threads: usize, work: impl Fn(usize, &T) -> R + Sync) -> Vec<R> {
    let results: Vec<Mutex<Option<R>>> = items.iter().map(|_| Mutex::new(None)).collect();
    let taken = AtomicUsize::new(0);
    let worker = || loop {
        let index = taken.fetch_add(1, Ordering::Relaxed);
        let Some(item) = items.get(index) else { break };
        let result = work(index, item);
        *results[index].lock().expect("no worker panics") = Some(result);
    };
    std::thread::scope(|scope| {
        for _ in 1..threads.clamp(1, items.len().max(1)) {
            scope.spawn(worker);
        }
        worker();
    });
    results.into_iter().map(|slot| slot.into_inner().expect("no worker panics").expect("every item done")).collect()
}

/// Writes the file `path` with `write`, buffered, and compressed by gzip
/// (at its fastest level) when the name ends in `.gz`; errors name the
/// file. A regular file (or a new one) is written whole or not at all: into
/// a partial file beside it (created new, with the old file's permissions),
/// renamed to `path` once written, removed if writing fails, so a failed
/// write leaves what was at `path` as it was. Anything else at `path` (a
/// symbolic link, such as `/dev/stdout`, a device, a pipe) is written in
/// place, through it.
pub(crate) fn write_file(path: &Path, write: impl FnOnce(&mut (dyn Write + Send)) -> std::io::Result<()>) -> Result<(), IoError> {
    let fail = |error: std::io::Error| IoError::file(path.display().to_string(), error.to_string());
    let existing = match std::fs::symlink_metadata(path) {
        Ok(metadata) => Some(metadata),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => None,
        Err(error) => return Err(fail(error)),
    };
    if existing.as_ref().is_some_and(|metadata| !metadata.is_file()) {
        let file = File::create(path).map_err(fail)?;
        return write_to(file, gzipped(path), write).map_err(fail);
    }
    let name = path.file_name().ok_or_else(|| fail(std::io::Error::other("not a file name")))?;
    let mut partial_name = std::ffi::OsString::from(".");
    partial_name.push(name);
    partial_name.push(format!(".partial-{}", std::process::id()));
    let partial = path.with_file_name(partial_name);
    // One left by an earlier process of this id that did not finish.
    let _ = std::fs::remove_file(&partial);
    let written = File::options()
        .write(true)
        .create_new(true)
        .open(&partial)
        .and_then(|file| {
            if let Some(metadata) = &existing {
                file.set_permissions(metadata.permissions())?;
            }
            write_to(file, gzipped(path), write)
        })
        .and_then(|()| std::fs::rename(&partial, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    written.map_err(fail)
}

/// Writes `file` with `write`, buffered, gzip-compressed if `gzip`.
fn write_to(file: File, gzip: bool, write: impl FnOnce(&mut (dyn Write + Send)) -> std::io::Result<()>) -> std::io::Result<()> {
    let mut out = BufWriter::with_capacity(1 << 18, file);
    let written = if gzip {
        let mut encoder = flate2::write::GzEncoder::new(&mut out, flate2::Compression::fast());
        write(&mut encoder).and_then(|()| encoder.finish().map(drop))
    } else {
        write(&mut out)
    };
    written.and_then(|()| out.flush())
}

/// Lines formatted at once by one thread.
pub(crate) const LINES_PER_PIECE: usize = 1 << 14;

/// Writes `head`, then `count` lines to `out`, line `k` formatted by
/// `line(k, text)` (which appends it, line end included), in pieces of
/// lines ([`write_pieces`]).
pub(crate) fn write_lines(
    out: &mut (impl Write + Send),
    head: &str,
    count: usize,
    threads: usize,
    line: impl Fn(usize, &mut Vec<u8>) + Sync,
) -> std::io::Result<()> {
    let pieces = |send: &mut dyn FnMut(std::ops::Range<usize>) -> bool| {
        for start in (0..count).step_by(LINES_PER_PIECE) {
            if !send(start..(start + LINES_PER_PIECE).min(count)) {
                return;
            }
        }
    };
    write_pieces(out, head, threads, pieces, |lines, text| lines.for_each(|k| line(k, text)))
}

/// Writes `head`, then the text of every piece that `pieces` sends (it
/// stops when sending gives `false`), in order, each piece formatted by
/// `format`. On one thread, piece after piece. On more, a pipeline: the
/// calling thread makes the pieces, `threads` threads format them, and one
/// more writes each text once those before it are written, so making,
/// formatting and writing overlap. Pieces and texts wait in queues of one
/// per thread, so the text in memory stays small; the file is the same
/// for every thread count.
pub(crate) fn write_pieces<P: Send>(
    out: &mut (impl Write + Send),
    head: &str,
    threads: usize,
    pieces: impl FnOnce(&mut dyn FnMut(P) -> bool),
    format: impl Fn(P, &mut Vec<u8>) + Sync,
) -> std::io::Result<()> {
    out.write_all(head.as_bytes())?;
    if threads <= 1 {
        let mut text = Vec::new();
        let mut written = Ok(());
        pieces(&mut |piece| {
            text.clear();
            format(piece, &mut text);
            written = out.write_all(&text);
            written.is_ok()
        });
        return written;
    }
    // Set by the writer when writing fails, so that making pieces stops.
    let failed = AtomicBool::new(false);
    let (piece_sender, piece_receiver) = std::sync::mpsc::sync_channel::<(usize, P)>(threads);
    let piece_receiver = Mutex::new(Some(piece_receiver));
    // Formatters still running: the last to end drops the queue of pieces,
    // so that making them stops if all have ended early (by panicking).
    let running = AtomicUsize::new(threads);
    // Texts written, emptied for formatters to fill again: after the first
    // few pieces no text needs fresh memory.
    let (spare_sender, spare_receiver) = std::sync::mpsc::channel::<Vec<u8>>();
    let spare_receiver = Mutex::new(spare_receiver);
    std::thread::scope(|scope| {
        // Moved in here, so that a panic making pieces drops it and the
        // formatters stop instead of waiting for more.
        let piece_sender = piece_sender;
        // A piece's text, or `None` for a piece whose formatter panicked.
        let (text_sender, text_receiver) = std::sync::mpsc::sync_channel::<(usize, Option<Vec<u8>>)>(threads);
        // A slot per piece between its making and its writing: at most this
        // many texts wait, however late one formatter is.
        let (slot_taker, slot_giver) = std::sync::mpsc::sync_channel::<()>(2 * threads);
        for _ in 0..threads {
            let text_sender = text_sender.clone();
            let (piece_receiver, format, running, spare_receiver) = (&piece_receiver, &format, &running, &spare_receiver);
            scope.spawn(move || {
                let formatting = std::cell::Cell::new(None);
                let _end = OnDrop(|| {
                    // A panic leaves its piece without a text: the writer is
                    // told, so it does not wait for it (the panic then ends
                    // the scope).
                    if let Some(index) = formatting.get().filter(|_| std::thread::panicking()) {
                        let _ = text_sender.send((index, None));
                    }
                    if running.fetch_sub(1, Ordering::AcqRel) == 1 {
                        piece_receiver.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
                    }
                });
                // Without a spare text, room for one as long as the last,
                // so it rarely grows.
                let mut room = 0;
                loop {
                    // Held while waiting for a piece; nothing panics holding it.
                    let received = piece_receiver.lock().expect("no thread panics holding the queue").as_ref().map(|queue| queue.recv());
                    let Some(Ok((index, piece))) = received else { break };
                    formatting.set(Some(index));
                    let spare = spare_receiver.lock().ok().and_then(|spares| spares.try_recv().ok());
                    let mut text = spare.unwrap_or_else(|| Vec::with_capacity(room));
                    format(piece, &mut text);
                    formatting.set(None);
                    room = text.len();
                    if text_sender.send((index, Some(text))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(text_sender);
        let failed = &failed;
        let writer = scope.spawn(move || {
            // Texts done out of turn wait here for those before them.
            let mut waiting = std::collections::BTreeMap::new();
            let (mut next, mut written) = (0, Ok(()));
            // Every text is taken, even after an error, so that no
            // formatter waits on a full queue.
            for (index, text) in text_receiver {
                waiting.insert(index, text);
                while let Some(text) = waiting.remove(&next) {
                    if written.is_ok() {
                        written = match text {
                            Some(mut text) => out.write_all(&text).map(|()| {
                                text.clear();
                                // The receiver lives until the scope ends:
                                // sending does not fail.
                                let _ = spare_sender.send(text);
                            }),
                            None => Err(std::io::Error::other("a piece's formatting panicked")),
                        };
                        failed.store(written.is_err(), Ordering::Relaxed);
                    }
                    // Its slot is free (it was taken before the piece was sent).
                    let _ = slot_giver.try_recv();
                    next += 1;
                }
            }
            written
        });
        let mut index = 0;
        pieces(&mut |piece| {
            let sent = !failed.load(Ordering::Relaxed) && slot_taker.send(()).is_ok() && piece_sender.send((index, piece)).is_ok();
            index += 1;
            sent
        });
        drop(piece_sender);
        writer.join().expect("the writer does not panic")
    })
}

/// Runs its function when dropped, panicking or not.
pub(crate) struct OnDrop<F: FnMut()>(pub(crate) F);

impl<F: FnMut()> Drop for OnDrop<F> {
    fn drop(&mut self) {
        (self.0)();
    }
}

/// The content lines of a text: blank lines and lines whose first
/// non-blank character starts a comment are skipped.
pub(crate) struct Lines<'a> {
    name: &'a str,
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    comment: char,
    /// The number of the last line read, content or not.
    last: usize,
}

impl<'a> Lines<'a> {
    /// The lines of `text`, named `name` in errors, with comments starting
    /// at `comment`.
    pub(crate) fn new(name: &'a str, text: &'a str, comment: char) -> Self {
        Self { name, lines: text.lines().enumerate(), comment, last: 0 }
    }

    /// An error at the end of the file: on its last line, or line 1 when it
    /// is empty.
    pub(crate) fn end_error(&mut self, problem: impl Into<Problem>) -> IoError {
        self.last += self.lines.by_ref().count();
        IoError { file: self.name.to_string(), line: Some(self.last.max(1)), problem: problem.into() }
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        for (index, text) in self.lines.by_ref() {
            self.last = index + 1;
            let text = text.trim();
            if !text.is_empty() && !text.starts_with(self.comment) {
                return Some(Line::new(self.name, index + 1, text));
            }
        }
        None
    }
}

/// One content line, split into whitespace-separated tokens.
pub(crate) struct Line<'a> {
    name: &'a str,
    /// 1-based.
    pub(crate) number: usize,
    pub(crate) tokens: Vec<&'a str>,
}

impl<'a> Line<'a> {
    /// Line `number` of the file `name`, whose content is `text`.
    pub(crate) fn new(name: &'a str, number: usize, text: &'a str) -> Self {
        Self::with_tokens(name, number, text, Vec::new())
    }

    /// [`Line::new`], reusing `tokens` (its content is dropped) for the
    /// tokens: a reader of many lines passes back [`Line::into_tokens`].
    pub(crate) fn with_tokens(name: &'a str, number: usize, text: &'a str, mut tokens: Vec<&'a str>) -> Self {
        tokens.clear();
        if text.is_ascii() {
            // What `split_whitespace` does, a byte at a time: in ASCII,
            // Unicode's white space is these six.
            let space = |byte: u8| matches!(byte, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r');
            let bytes = text.as_bytes();
            let mut start = None;
            for (at, &byte) in bytes.iter().enumerate() {
                match (space(byte), start) {
                    (true, Some(from)) => {
                        tokens.push(&text[from..at]);
                        start = None;
                    }
                    (false, None) => start = Some(at),
                    _ => {}
                }
            }
            if let Some(from) = start {
                tokens.push(&text[from..]);
            }
        } else {
            tokens.extend(text.split_whitespace());
        }
        Self { name, number, tokens }
    }

    /// The token list, for the next line.
    pub(crate) fn into_tokens(self) -> Vec<&'a str> {
        self.tokens
    }

    /// An error on this line.
    pub(crate) fn error(&self, problem: impl Into<Problem>) -> IoError {
        IoError { file: self.name.to_string(), line: Some(self.number), problem: problem.into() }
    }

    /// Checks that the line has `count` tokens, which are `what`.
    pub(crate) fn expect_tokens(&self, count: usize, what: &str) -> Result<(), IoError> {
        if self.tokens.len() == count {
            Ok(())
        } else {
            Err(self.error(format!("expected {count} tokens ({what}), found {}", self.tokens.len())))
        }
    }

    /// Token `index`, which is `what`, as a nonnegative integer.
    pub(crate) fn integer(&self, index: usize, what: &str) -> Result<usize, IoError> {
        let token = self.tokens[index];
        token.parse().map_err(|_| self.error(format!("{what} \"{token}\" is not a nonnegative integer")))
    }

    /// Token `index`, the size `what`, as a nonnegative integer a kernel can
    /// index.
    pub(crate) fn size(&self, index: usize, what: &str) -> Result<usize, IoError> {
        self.indexable(what, self.integer(index, what)?)
    }

    /// `size`, if a kernel can index it; `what` names it in the error.
    fn indexable(&self, what: &str, size: usize) -> Result<usize, IoError> {
        if size <= MAX_SIZE {
            Ok(size)
        } else {
            Err(self.error(Problem::Unindexable { what: what.to_string(), size }))
        }
    }

    /// Token `index`, a 1-based coordinate named `what` of a dimension of
    /// `size`, as a 0-based coordinate. A dimension without a size (`None`)
    /// is as large as its largest coordinate, so the coordinate must be a
    /// size a kernel can index.
    pub(crate) fn coordinate(&self, index: usize, what: &str, size: Option<usize>) -> Result<usize, IoError> {
        match (self.integer(index, what)?, size) {
            (0, _) => Err(self.error(format!("{what} 0 is out of range: coordinates start at 1"))),
            (coordinate, Some(size)) if coordinate > size => {
                Err(self.error(format!("{what} {coordinate} is out of range: the size is {size}")))
            }
            (coordinate, Some(_)) => Ok(coordinate - 1),
            (coordinate, None) => Ok(self.indexable(what, coordinate)? - 1),
        }
    }

    /// Token `index`, which is `what`, as a real number.
    pub(crate) fn real(&self, index: usize, what: &str) -> Result<f64, IoError> {
        let token = self.tokens[index];
        token.parse().map_err(|_| self.error(format!("{what} \"{token}\" is not a number")))
    }

    /// Token `index`, which is `what`, a real number, as `element` takes it
    /// ([`Element::real_text`]: an integer type's from its digits).
    pub(crate) fn real_value(&self, index: usize, what: &str, element: Element) -> Result<Value, IoError> {
        let real = self.real(index, what)?;
        element.real_text(self.tokens[index], real).map_err(|error| self.error(error))
    }

    /// Token `index`, which is `what`, as an integer value, exactly.
    pub(crate) fn integer_value(&self, index: usize, what: &str) -> Result<Value, IoError> {
        let token = self.tokens[index];
        let value: i64 = token.parse().map_err(|_| match token.parse::<i128>() {
            Ok(_) => self.error(format!("{what} {token} is past the 64-bit integers")),
            Err(_) => self.error(format!("{what} \"{token}\" is not an integer")),
        })?;
        Ok(Value::Integer(value))
    }

    /// `value`, read on this line, as `element` holds it.
    pub(crate) fn convert(&self, value: Value, element: Element) -> Result<Value, IoError> {
        element.convert(value).map_err(|error| self.error(error))
    }
}

#[cfg(test)]
pub(crate) mod testing {
    use std::path::PathBuf;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A path under the temporary directory that no other test, run or
    /// process uses; `extension` ends it.
    pub(crate) fn temp_path(extension: &str) -> PathBuf {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let unique = NEXT.fetch_add(1, Ordering::Relaxed);
        std::env::temp_dir().join(format!("sparse-runtime-{}-{unique}.{extension}", std::process::id()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_file_and_line() {
        let error = IoError { file: "a.mtx".into(), line: Some(3), problem: "bad".into() };
        assert_eq!(error.to_string(), "a.mtx:3: bad");
        assert_eq!(IoError::file("a.mtx", "gone").to_string(), "a.mtx: gone");
    }

    #[test]
    fn lines_skip_blanks_and_comments_and_keep_numbers() {
        let text = "# comment\n\n  1 2.5 \r\n   # indented comment\nx\n";
        let mut lines = Lines::new("t", text, '#');
        let first = lines.next().unwrap();
        assert_eq!((first.number, first.tokens.clone()), (3, vec!["1", "2.5"]));
        assert_eq!(first.integer(0, "row"), Ok(1));
        assert_eq!(first.real(1, "value"), Ok(2.5));
        assert_eq!(first.integer(1, "row").unwrap_err().to_string(), "t:3: row \"2.5\" is not a nonnegative integer");
        assert_eq!(first.integer_value(1, "value").unwrap_err().problem, "value \"2.5\" is not an integer".into());
        assert_eq!(first.integer_value(0, "value"), Ok(Value::Integer(1)));
        let error = first.convert(Value::Real(2.5), Element::I32).unwrap_err();
        assert_eq!(error.to_string(), "t:3: 2.5 is not an integer, which i32 needs");
        let error = first.expect_tokens(3, "a, b, c").unwrap_err();
        assert_eq!(error.problem, "expected 3 tokens (a, b, c), found 2".into());
        let second = lines.next().unwrap();
        assert_eq!(second.number, 5);
        assert_eq!(second.real(0, "value").unwrap_err().problem, "value \"x\" is not a number".into());
        assert!(lines.next().is_none());
        assert_eq!(lines.end_error("short").line, Some(5));
    }

    #[test]
    fn ascii_lines_split_as_unicode_ones_do() {
        for text in ["1 2.5", " a\tb\x0bc\x0cd\re  ", "", "   ", "x", "\u{a0}1\u{2003}2 3", "1\x1f2"] {
            let line = Line::new("t", 1, text);
            assert_eq!(line.tokens, text.split_whitespace().collect::<Vec<_>>(), "{text:?}");
        }
    }

    #[test]
    fn coordinates_are_one_based_and_bounded() {
        let line = Lines::new("t", "0 4 5 -1", '#').next().unwrap();
        let message = |index, size| line.coordinate(index, "row", size).unwrap_err().problem.to_string();
        assert_eq!(message(0, Some(4)), "row 0 is out of range: coordinates start at 1");
        assert_eq!(message(0, None), "row 0 is out of range: coordinates start at 1");
        assert_eq!(line.coordinate(1, "row", Some(4)), Ok(3));
        assert_eq!(line.coordinate(1, "row", None), Ok(3));
        assert_eq!(message(2, Some(4)), "row 5 is out of range: the size is 4");
        assert_eq!(message(3, Some(4)), "row \"-1\" is not a nonnegative integer");
    }

    #[test]
    fn sizes_and_coordinates_that_set_them_must_fit_a_signed_64_bit_index() {
        let text = format!("{MAX_SIZE} {} 18446744073709551616", MAX_SIZE + 1);
        let line = Lines::new("t", &text, '#').next().unwrap();
        assert_eq!(line.size(0, "row count"), Ok(MAX_SIZE));
        assert_eq!(line.coordinate(0, "row", None), Ok(MAX_SIZE - 1));
        let error = line.size(1, "row count").unwrap_err();
        assert_eq!(error.problem, Problem::Unindexable { what: "row count".into(), size: 1 << 63 });
        assert_eq!(
            error.to_string(),
            "t:1: row count 9223372036854775808 is more than 9223372036854775807, \
             the largest size a kernel's signed 64-bit index holds"
        );
        let error = line.coordinate(1, "row", None).unwrap_err();
        assert_eq!(error.problem, Problem::Unindexable { what: "row".into(), size: 1 << 63 });
        // Beyond usize, a size is not an integer this reader takes at all.
        assert_eq!(
            line.size(2, "row count").unwrap_err().problem,
            "row count \"18446744073709551616\" is not a nonnegative integer".into()
        );
    }

    #[test]
    fn end_errors_point_at_the_last_line() {
        let mut lines = Lines::new("t", "1\n2\n\n", '#');
        assert_eq!(lines.next().unwrap().number, 1);
        assert_eq!(lines.end_error("ends early").line, Some(3));
        assert_eq!(Lines::new("t", "", '#').end_error("empty").line, Some(1));
    }

    #[test]
    fn files_read_in_pieces_at_line_ends_and_bytes_not_utf8_are_an_error_on_their_line() {
        let path = testing::temp_path("txt");
        // 20 MB: several pieces, and a line longer than a piece.
        let long = "x".repeat(PIECE_BYTES + 10);
        let text: String = (0..2_000_000).map(|n| format!("{n}\n")).chain([long, "end".to_string()]).collect();
        std::fs::write(&path, &text).unwrap();
        let pieces = read_pieces(&path, 3).unwrap().pieces;
        assert!(pieces.len() > 2 && pieces[..pieces.len() - 1].iter().all(|piece| piece.ends_with('\n')));
        assert!(pieces.concat() == text);
        std::fs::write(&path, "").unwrap();
        assert!(read_pieces(&path, 2).unwrap().pieces.is_empty());
        let mut broken = text.into_bytes();
        broken.splice(9_000_000..9_000_000, [b'\xff']);
        std::fs::write(&path, &broken).unwrap();
        let read = read_pieces(&path, 2).unwrap();
        std::fs::remove_file(&path).unwrap();
        let line = broken[..9_000_000].iter().filter(|&&byte| byte == b'\n').count() + 1;
        let error = read.not_utf8.unwrap();
        assert_eq!((error.line, error.problem), (Some(line), "the line is not UTF-8 text".into()));
        // The byte is read as U+FFFD, on its line.
        let replaced = read.pieces.concat();
        assert_eq!(replaced.find('\u{fffd}').map(|at| replaced[..at].matches('\n').count() + 1), Some(line));
    }

    #[test]
    fn streams_are_cut_into_pieces_at_line_ends_whatever_their_lines() {
        let long = "y".repeat(2 * PIECE_BYTES + 3);
        let text = format!("a\n{long}\nb\n{}c", "0123456789\n".repeat(PIECE_BYTES / 5));
        let pieces = byte_pieces(text.as_bytes()).unwrap();
        assert!(pieces.len() > 2 && pieces.iter().all(|piece| !piece.is_empty()));
        assert!(pieces[..pieces.len() - 1].iter().all(|piece| piece.ends_with(b"\n")));
        assert!(pieces.concat() == text.as_bytes());
        assert!(byte_pieces(&b""[..]).unwrap().is_empty());
    }

    #[test]
    fn a_panic_making_or_formatting_pieces_ends_the_writing_instead_of_hanging() {
        for threads in [2, 3] {
            let making = std::panic::catch_unwind(|| {
                let pieces = |send: &mut dyn FnMut(usize) -> bool| {
                    for piece in 0..100 {
                        assert!(piece < 50, "making fails");
                        send(piece);
                    }
                };
                write_pieces(&mut Vec::new(), "", threads, pieces, |piece, text| text.extend_from_slice(piece.to_string().as_bytes()))
            });
            assert!(making.is_err());
            let formatting = std::panic::catch_unwind(|| {
                let pieces =
                    |send: &mut dyn FnMut(usize) -> bool| (0..10_000).try_for_each(|piece| send(piece).then_some(())).unwrap_or(());
                write_pieces(&mut Vec::new(), "", threads, pieces, |piece, text| {
                    assert!(piece != 7, "formatting fails");
                    text.extend_from_slice(piece.to_string().as_bytes())
                })
            });
            assert!(formatting.is_err());
        }
    }

    #[test]
    fn heads_join_pieces_until_they_hold_their_lines_and_the_rest_follows() {
        let mut pieces: Pieces = vec![Cow::Borrowed("% c\n"), Cow::Borrowed("\n"), Cow::Borrowed("1 2\n"), Cow::Borrowed("3\n")];
        assert_eq!(head(&mut pieces, 1, '%'), "% c\n\n1 2\n");
        assert_eq!(pieces, ["% c\n\n1 2\n", "3\n"]);
        assert_eq!(after_first_lines(pieces.clone(), 2), ["1 2\n", "3\n"]);
        assert_eq!(after_first_lines(pieces.clone(), 3), ["", "3\n"]);
        assert_eq!(head(&mut pieces, 5, '%'), "% c\n\n1 2\n3\n");
        assert_eq!(pieces, ["% c\n\n1 2\n3\n"]);
        assert_eq!(head(&mut Vec::new(), 1, '%'), "");
    }

    #[test]
    fn lines_written_in_pieces_on_threads_come_out_in_order() {
        let expected: String = std::iter::once("head\n".to_string()).chain((0..1000).map(|k| format!("{k}\n"))).collect();
        for (threads, piece) in [(1, 1), (2, 7), (3, 1000), (2, 5000), (4, 3)] {
            let pieces = |send: &mut dyn FnMut(std::ops::Range<usize>) -> bool| {
                for start in (0..1000).step_by(piece) {
                    assert!(send(start..(start + piece).min(1000)));
                }
            };
            let mut out = Vec::new();
            write_pieces(&mut out, "head\n", threads, pieces, |lines, text| {
                lines.for_each(|k| text.extend_from_slice(format!("{k}\n").as_bytes()))
            })
            .unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), expected, "{threads} {piece}");
        }
        let mut lines = Vec::new();
        write_lines(&mut lines, "head\n", 1000, 2, |k, text| text.extend_from_slice(format!("{k}\n").as_bytes())).unwrap();
        assert_eq!(String::from_utf8(lines).unwrap(), expected);
    }

    /// A sink that fails after `left` bytes.
    struct Failing {
        left: usize,
    }

    impl Write for Failing {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            if bytes.len() > self.left {
                return Err(std::io::Error::other("disk full"));
            }
            self.left -= bytes.len();
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_write_error_stops_the_pieces_and_is_the_result() {
        for threads in [1, 2, 3] {
            let mut sent = 0;
            let pieces = |send: &mut dyn FnMut(usize) -> bool| {
                for piece in 0..10_000 {
                    sent += 1;
                    if !send(piece) {
                        return;
                    }
                }
            };
            let error = write_pieces(&mut Failing { left: 100 }, "", threads, pieces, |piece, text| {
                text.extend_from_slice(format!("{piece:08}\n").as_bytes())
            });
            assert_eq!(error.unwrap_err().to_string(), "disk full", "{threads}");
            // Making pieces stops soon after the error (a pipeline's
            // queues hold a few), and nothing waits forever.
            assert!(sent < 100, "{threads}: {sent}");
        }
    }

    #[test]
    fn gzipped_files_are_written_and_read_compressed() {
        let path = testing::temp_path("txt.gz");
        let text = "1 2 3\n".repeat(10_000);
        write_file(&path, |out| out.write_all(text.as_bytes())).unwrap();
        assert!(std::fs::metadata(&path).unwrap().len() < 1000, "the file is compressed");
        assert_eq!(read_pieces(&path, 2).unwrap().pieces.concat(), text);
        std::fs::write(&path, "plain text").unwrap();
        let error = read_pieces(&path, 2).unwrap_err();
        std::fs::remove_file(&path).unwrap();
        assert!(error.problem.to_string().starts_with("not a readable gzip file"), "{error}");
    }

    #[test]
    fn a_failed_write_leaves_the_file_as_it_was() {
        let path = testing::temp_path("mtx");
        let failing = |out: &mut (dyn Write + Send)| {
            out.write_all(&vec![b'x'; 3 << 20])?;
            Err(std::io::Error::other("the tensor could not be written"))
        };
        // No file before: none after.
        let error = write_file(&path, failing).unwrap_err();
        assert_eq!(error.file, path.display().to_string());
        assert!(!path.exists());
        // A file before: the same after.
        std::fs::write(&path, "before").unwrap();
        write_file(&path, failing).unwrap_err();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "before");
        write_file(&path, |out| out.write_all(b"after")).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "after");
        // Nothing partial is left beside it.
        let directory = path.parent().unwrap();
        let stem = path.file_name().unwrap().to_string_lossy().to_string();
        let left = std::fs::read_dir(directory).unwrap().filter_map(Result::ok).any(|entry| {
            let name = entry.file_name().to_string_lossy().to_string();
            name.starts_with(&format!(".{stem}.partial"))
        });
        std::fs::remove_file(&path).unwrap();
        assert!(!left);
        // A device is written in place.
        write_file(Path::new("/dev/null"), |out| out.write_all(b"anything")).unwrap();
    }

    #[test]
    fn links_are_written_through_and_permissions_kept() {
        use std::os::unix::fs::PermissionsExt;
        let target = testing::temp_path("mtx");
        let link = testing::temp_path("link.mtx");
        std::fs::write(&target, "before").unwrap();
        std::os::unix::fs::symlink(&target, &link).unwrap();
        write_file(&link, |out| out.write_all(b"through the link")).unwrap();
        let (through, still_link) = (std::fs::read_to_string(&target).unwrap(), std::fs::symlink_metadata(&link).unwrap().is_symlink());
        std::fs::remove_file(&link).unwrap();
        // A file's permissions stay those it had.
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_file(&target, |out| out.write_all(b"again")).unwrap();
        let mode = std::fs::metadata(&target).unwrap().permissions().mode() & 0o777;
        std::fs::remove_file(&target).unwrap();
        assert_eq!(through, "through the link");
        assert!(still_link);
        assert_eq!(mode, 0o640);
    }

    #[test]
    fn missing_files_are_errors_without_a_line() {
        let path = testing::temp_path("missing");
        let error = read_pieces(&path, 2).unwrap_err();
        assert_eq!((error.file, error.line), (path.display().to_string(), None));
    }
}
