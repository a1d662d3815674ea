//! Reading the entry lines of a text in parallel, straight into the
//! coordinate columns: the text is cut into chunks at line ends, each chunk
//! gets its own stretch of the columns (as long as its lines could fill),
//! threads take chunks in turn and read each one's lines into its stretch,
//! and the stretches are closed up in file order. Nothing is copied per
//! chunk, and the columns are as long as the file could need, untouched
//! where it did not. Errors are exactly those of reading line by line: each
//! chunk knows the number of its first line, and the error of the earliest
//! line wins.
//!
//! A format says what a line holds through [`EntryReader`], with the same
//! [`Line`] and messages as its sequential parts.

use crate::coordinates::Coordinates;
use crate::io::{in_parallel, IoError, Line, Pieces, PIECE_BYTES};
use crate::progress::Progress;
use crate::value::{Scalar, Value};
use std::borrow::Cow;
use std::mem::MaybeUninit;
use std::sync::Mutex;

/// What a format makes of one content line (not blank, not a comment).
pub(crate) trait EntryReader: Sync {
    /// The most entries one line gives.
    fn entries_per_line(&self) -> usize {
        1
    }

    /// The fewest tokens a line with an entry has: such lines take at
    /// least twice as many bytes, separators and line end included, which
    /// bounds the entries a text can hold however many lines it has.
    fn least_tokens(&self) -> usize;

    /// Appends the entries on `line` to `out`, or gives the error (after
    /// which `out` is dropped, so it may hold part of the line).
    fn read<V: Scalar>(&self, line: &Line, out: &mut impl EntryOut<V>) -> Result<(), IoError>;

    /// Appends the entries of `text` (a trimmed content line) when it is
    /// plain enough to read without a [`Line`] (tokens of digits and
    /// numbers, each in range), and says whether it did. It must append
    /// what [`EntryReader::read`] would, and nothing when it declines: a
    /// line with anything to report goes to `read`.
    fn read_plain<V: Scalar>(&self, _text: &str, _out: &mut impl EntryOut<V>) -> bool {
        false
    }
}

/// Where entries go: a coordinate list, or a chunk's stretch of one.
pub(crate) trait EntryOut<V> {
    /// Appends the entry at `coordinates` holding `value` (of an element
    /// type that `V` holds).
    fn push(&mut self, coordinates: &[usize], value: Value);
}

impl<V: Scalar> EntryOut<V> for Coordinates<V> {
    fn push(&mut self, coordinates: &[usize], value: Value) {
        Coordinates::push(self, coordinates, V::from_value(value));
    }
}

/// A chunk's stretch of the columns' spare room, filled from its start.
struct Stretch<'c, V> {
    columns: Vec<&'c mut [MaybeUninit<usize>]>,
    values: &'c mut [MaybeUninit<V>],
    len: usize,
}

impl<V: Scalar> EntryOut<V> for Stretch<'_, V> {
    /// The stretch is as long as its chunk's lines could fill, so there is
    /// room.
    fn push(&mut self, coordinates: &[usize], value: Value) {
        // Closing up relies on every column having each entry.
        assert_eq!(coordinates.len(), self.columns.len(), "one coordinate per dimension");
        for (column, &coordinate) in self.columns.iter_mut().zip(coordinates) {
            column[self.len].write(coordinate);
        }
        self.values[self.len].write(V::from_value(value));
        self.len += 1;
    }
}

/// A walk over the tokens of a plain line: tokens separated by spaces and
/// tabs, read left to right. Each read gives `None` where the line is not
/// plain, and the reader then declines it.
pub(crate) struct PlainTokens<'t> {
    text: &'t str,
    at: usize,
}

impl<'t> PlainTokens<'t> {
    pub(crate) fn new(text: &'t str) -> Self {
        Self { text, at: 0 }
    }

    fn skip_blanks(&mut self) {
        let bytes = self.text.as_bytes();
        while self.at < bytes.len() && matches!(bytes[self.at], b' ' | b'\t') {
            self.at += 1;
        }
    }

    /// The next token.
    pub(crate) fn token(&mut self) -> Option<&'t str> {
        self.skip_blanks();
        let bytes = self.text.as_bytes();
        let start = self.at;
        while self.at < bytes.len() && !matches!(bytes[self.at], b' ' | b'\t') {
            self.at += 1;
        }
        (self.at > start).then(|| &self.text[start..self.at])
    }

    /// The next token as a 1-based coordinate of a dimension of `size` (any
    /// when `None`), 0-based: plain digits, within range.
    pub(crate) fn coordinate(&mut self, size: Option<usize>) -> Option<usize> {
        /// More digits than this could overflow.
        const MOST_DIGITS: usize = 18;
        self.skip_blanks();
        let bytes = self.text.as_bytes();
        let start = self.at;
        let mut coordinate = 0usize;
        // One pass: digits up to the next blank.
        while let Some(&byte) = bytes.get(self.at) {
            match byte {
                b'0'..=b'9' => coordinate = coordinate * 10 + usize::from(byte - b'0'),
                b' ' | b'\t' => break,
                _ => return None,
            }
            self.at += 1;
            if self.at - start > MOST_DIGITS {
                return None;
            }
        }
        (self.at > start && coordinate >= 1 && size.is_none_or(|size| coordinate <= size)).then(|| coordinate - 1)
    }

    /// Whether the line has no more tokens.
    pub(crate) fn finished(&mut self) -> bool {
        self.skip_blanks();
        self.at == self.text.len()
    }
}

/// The entries of the lines read.
pub(crate) struct Entries<V> {
    pub(crate) coordinates: Coordinates<V>,
    /// How many content lines there were.
    pub(crate) lines: usize,
    /// The number of the text's last line (blank or not), or of the line
    /// before it when it has none.
    pub(crate) last_line: usize,
}

/// What the file says beyond its entries, for the reading to check.
pub(crate) struct Expected<'a> {
    /// The file's name, for errors.
    pub(crate) name: &'a str,
    /// The number of the text's first line in the file.
    pub(crate) first_line: usize,
    /// Lines whose first non-blank character is this (ASCII) byte are
    /// comments.
    pub(crate) comment: u8,
    /// The dimensions of each entry.
    pub(crate) rank: usize,
    /// The most content lines there may be, and what in the file declares
    /// it (named in the error on the first line beyond them).
    pub(crate) at_most: Option<(usize, &'a str)>,
}

/// Reads the content lines of the text in `pieces` with `reader`, on
/// `threads` threads, into values of `V`. Each piece is dropped once its
/// lines are read, so a file's text and its entries are not all in memory
/// at once.
pub(crate) fn read_entry_lines<V: Scalar, R: EntryReader>(
    pieces: Pieces,
    expected: &Expected,
    reader: &R,
    threads: usize,
    progress: &Progress,
) -> Result<Entries<V>, IoError> {
    read_in_chunks(pieces, expected, reader, threads, PIECE_BYTES, progress)
}

/// [`read_entry_lines`] with chunks of about `chunk_bytes` (a piece the
/// caller owns is one chunk, however long), advancing `progress` by each
/// chunk's bytes as it is parsed.
fn read_in_chunks<V: Scalar, R: EntryReader>(
    pieces: Pieces,
    expected: &Expected,
    reader: &R,
    threads: usize,
    chunk_bytes: usize,
    progress: &Progress,
) -> Result<Entries<V>, IoError> {
    let chunks = chunks(pieces, chunk_bytes);
    progress.start(chunks.iter().map(|chunk| chunk.len() as u64).sum());
    let comment = expected.comment;
    // First the lines of each chunk, and how many are content lines.
    let counts = in_parallel(&chunks, threads, |_, chunk| {
        let (mut start, mut ends, mut content) = (0, 0, 0);
        for end in memchr::memchr_iter(b'\n', chunk.as_bytes()) {
            content += usize::from(is_content(&chunk[start..end], comment));
            (start, ends) = (end + 1, ends + 1);
        }
        (ends, content + usize::from(is_content(&chunk[start..], comment)))
    });
    // The number of each chunk's first line: one more than the line ends
    // before it (each chunk but the last lost its own).
    let mut first_lines = Vec::with_capacity(chunks.len());
    let mut next = expected.first_line;
    for &(ends, _) in &counts {
        first_lines.push(next);
        next += ends + 1;
    }
    // `str::lines` counts no line after a final line end.
    let last = chunks.last().expect("there is a chunk");
    let last_line = if last.is_empty() || last.ends_with('\n') { next - 2 } else { next - 1 };
    let lines: usize = counts.iter().map(|&(_, content)| content).sum();
    // The first line past what the file may hold, found while the text is
    // there; it is the error unless a line before it has one.
    let beyond = expected.at_most.filter(|&(most, _)| lines > most).map(|(most, declarer)| {
        nth_content_line(&chunks, &counts, &first_lines, expected, most)
            .error(format!("more entries than the {most} the {declarer} declares"))
    });
    // Each chunk's stretch: room for what its content lines hold, and no
    // more than its bytes could (so lines that hold no entry reserve none).
    let room: Vec<usize> = (counts.iter().zip(&chunks))
        .map(|(&(_, content), chunk)| content.min((chunk.len() + 1) / (2 * reader.least_tokens().max(1))) * reader.entries_per_line())
        .collect();
    let total = room.iter().sum();
    let reserve = |width: usize| {
        let problem = format!("cannot allocate room for the entries of {lines} lines ({width} bytes each)");
        IoError::file(expected.name, problem)
    };
    let mut columns: Vec<Vec<usize>> = Vec::with_capacity(expected.rank);
    for _ in 0..expected.rank {
        let mut column = Vec::new();
        column.try_reserve_exact(total).map_err(|_| reserve(size_of::<usize>()))?;
        columns.push(column);
    }
    let mut values: Vec<V> = Vec::new();
    values.try_reserve_exact(total).map_err(|_| reserve(size_of::<V>()))?;
    let stretches = stretches(&mut columns, &mut values, &room);
    let chunks: Vec<Mutex<Cow<str>>> = chunks.into_iter().map(Mutex::new).collect();
    let errors = in_parallel(&chunks, threads, |index, chunk| {
        let chunk = std::mem::take(&mut *chunk.lock().expect("one reader takes each chunk"));
        let mut stretch = stretches[index].lock().expect("each stretch has one reader");
        let error = read_chunk(&chunk, first_lines[index], expected, reader, &mut *stretch);
        progress.advance(chunk.len() as u64);
        error
    });
    let filled: Vec<usize> = stretches.into_iter().map(|stretch| stretch.into_inner().expect("no reader panics").len).collect();
    // The first error in file order.
    let error = errors.into_iter().flatten().next();
    let error = match (error, beyond) {
        (Some(error), Some(beyond)) => Some(if error.line > beyond.line { beyond } else { error }),
        (error, beyond) => error.or(beyond),
    };
    if let Some(error) = error {
        return Err(error);
    }
    close_up(&mut columns, &mut values, &room, &filled);
    let coordinates = Coordinates { shape: vec![0; expected.rank], columns, values };
    Ok(Entries { coordinates, lines, last_line })
}

/// `pieces` as chunks to read: each but the last without its final line
/// end, a piece the caller lent cut at line ends into chunks of about
/// `chunk_bytes`, and no chunk empty but a last one. There is at least one.
fn chunks(pieces: Pieces, chunk_bytes: usize) -> Pieces {
    let count = pieces.len();
    let mut chunks = Vec::new();
    for (index, piece) in pieces.into_iter().enumerate() {
        // An empty piece holds no line, not even an empty one.
        if piece.is_empty() {
            continue;
        }
        let mut piece_chunks: Pieces = match piece {
            Cow::Borrowed(text) => split_at_lines(text, chunk_bytes).into_iter().map(Cow::Borrowed).collect(),
            owned => vec![owned],
        };
        if index + 1 < count {
            // The piece's line end: the next piece starts a line.
            let last = piece_chunks.last_mut().expect("a piece has a chunk");
            match last {
                Cow::Borrowed(text) => *text = text.strip_suffix('\n').expect("a piece but the last ends a line"),
                Cow::Owned(text) => drop(text.pop()),
            }
        }
        chunks.append(&mut piece_chunks);
    }
    if chunks.is_empty() {
        chunks.push(Cow::Borrowed(""));
    }
    chunks
}

/// The spare room of the columns and values cut into stretches of `room`
/// entries each (they have room for them all).
fn stretches<'c, V>(columns: &'c mut [Vec<usize>], values: &'c mut Vec<V>, room: &[usize]) -> Vec<Mutex<Stretch<'c, V>>> {
    let mut column_rests: Vec<&'c mut [MaybeUninit<usize>]> = columns.iter_mut().map(Vec::spare_capacity_mut).collect();
    let mut value_rest = values.spare_capacity_mut();
    let mut stretches = Vec::with_capacity(room.len());
    for &length in room {
        let mut stretch_columns = Vec::with_capacity(column_rests.len());
        for rest in &mut column_rests {
            let (stretch, after) = std::mem::take(rest).split_at_mut(length);
            stretch_columns.push(stretch);
            *rest = after;
        }
        let (stretch_values, after) = value_rest.split_at_mut(length);
        value_rest = after;
        stretches.push(Mutex::new(Stretch { columns: stretch_columns, values: stretch_values, len: 0 }));
    }
    stretches
}

/// Moves the `filled` entries at the start of each stretch (of `room`
/// entries) right after those of the stretches before it, and makes them
/// the columns' and values' elements.
fn close_up<V: Copy>(columns: &mut [Vec<usize>], values: &mut Vec<V>, room: &[usize], filled: &[usize]) {
    fn close<T: Copy>(vec: &mut Vec<T>, room: &[usize], filled: &[usize]) {
        let spare = vec.spare_capacity_mut();
        let (mut start, mut end) = (0, 0);
        for (&room, &filled) in room.iter().zip(filled) {
            if start != end {
                spare.copy_within(start..start + filled, end);
            }
            start += room;
            end += filled;
        }
        // SAFETY: the vector was empty with room for every stretch, and
        // each stretch's reader wrote its first `filled` elements (`len`
        // counts the elements it wrote, each once); they now lie one after
        // another from the start, so the first `end` are initialized.
        unsafe { vec.set_len(end) };
        vec.shrink_to_fit();
    }
    for column in columns {
        close(column, room, filled);
    }
    close(values, room, filled);
}

/// The content lines of `chunk` (not blank, and not a comment: starting
/// with `comment`), trimmed, each with its line's offset in the chunk.
fn content_lines(chunk: &str, comment: u8) -> impl Iterator<Item = (usize, &str)> {
    let ends = memchr::memchr_iter(b'\n', chunk.as_bytes()).chain([chunk.len()]);
    let mut start = 0;
    ends.enumerate().filter_map(move |(offset, end)| {
        // Line ends are character boundaries, so this slices no character.
        let text = chunk[start..end].trim();
        start = end + 1;
        is_content(text, comment).then_some((offset, text))
    })
}

/// Whether `line` is a content line: [`content_lines`] takes it.
fn is_content(line: &str, comment: u8) -> bool {
    match line.as_bytes().first() {
        // Most lines start with what they hold: nothing to trim.
        Some(&first) if first.is_ascii_graphic() => first != comment,
        _ => line.trim().as_bytes().first().is_some_and(|&first| first != comment),
    }
}

/// Reads the content lines of `chunk`, the first numbered `first_line`,
/// into `out`; gives the first error.
fn read_chunk<V: Scalar>(
    chunk: &str,
    first_line: usize,
    expected: &Expected,
    reader: &impl EntryReader,
    out: &mut impl EntryOut<V>,
) -> Option<IoError> {
    // One token list for every line, so a line costs no allocation.
    let mut tokens = Vec::with_capacity(expected.rank + 2);
    for (offset, text) in content_lines(chunk, expected.comment) {
        if reader.read_plain(text, out) {
            continue;
        }
        let line = Line::with_tokens(expected.name, first_line + offset, text, tokens);
        if let Err(error) = reader.read(&line, out) {
            return Some(error);
        }
        tokens = line.into_tokens();
    }
    None
}

/// `text` cut after line ends into pieces of about `chunk_bytes`; the last
/// piece runs to the end. An empty text is one empty piece.
fn split_at_lines(text: &str, chunk_bytes: usize) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut rest = text;
    while rest.len() > chunk_bytes {
        // A byte search: `chunk_bytes` need not fall between characters.
        let Some(end) = rest.as_bytes()[chunk_bytes..].iter().position(|&byte| byte == b'\n').map(|at| chunk_bytes + at + 1) else {
            break;
        };
        let (piece, after) = rest.split_at(end);
        // A piece ends with its line end: the next starts a line.
        pieces.push(&piece[..piece.len() - 1]);
        rest = after;
    }
    pieces.push(rest);
    pieces
}

/// Content line `n` (0-based) of `chunks`, given each one's counts of
/// line ends and content lines and its first line's number.
fn nth_content_line<'t>(
    chunks: &'t [Cow<'t, str>],
    counts: &[(usize, usize)],
    first_lines: &[usize],
    expected: &Expected<'t>,
    mut n: usize,
) -> Line<'t> {
    for ((chunk, &(_, content)), &first_line) in chunks.iter().zip(counts).zip(first_lines) {
        if n >= content {
            n -= content;
            continue;
        }
        let (offset, line) = content_lines(chunk, expected.comment).nth(n).expect("the chunk has the line");
        return Line::new(expected.name, first_line + offset, line);
    }
    unreachable!("there are more than n content lines")
}

/// Lines whose tokens a plain reading could take differently from the
/// general one: signs, leading zeros, special and out-of-range numbers,
/// other bases, token counts, and separators other than spaces.
#[cfg(test)]
const TRICKY_LINES: [&str; 24] = [
    "1 2 3.5",
    "1 2 +3",
    "01 2 -0",
    "+1 2 3",
    "0 1 1",
    "3 1 2",
    "1 4 1",
    "1 2 1e400",
    "1 2 inf",
    "1 2 NaN",
    "1 2 0x10",
    "1 2 1_0",
    "1 2 .5",
    "1 2 5.",
    "1 2",
    "1 2 3 4",
    "1\t2\t3",
    "1 2 99999999999999999999",
    "2 1 3",
    "1 1 7",
    "1 2 3\x0c",
    "2 2 -4",
    "1 2 1e2",
    "1 2 2.5",
];

/// Checks that `reader` (of entries of `rank` coordinates) reads every one
/// of [`TRICKY_LINES`] the same plainly as generally, and declines to read
/// plainly every line with an error.
#[cfg(test)]
pub(crate) fn check_plain_agrees(reader: &impl EntryReader, rank: usize) {
    for text in TRICKY_LINES {
        let (mut plain, mut general) = (Coordinates::<Value>::new(vec![0; rank]), Coordinates::<Value>::new(vec![0; rank]));
        let read = reader.read(&Line::new("f", 1, text.trim()), &mut general);
        if reader.read_plain(text.trim(), &mut plain) {
            assert!(read.is_ok(), "{text:?} is read plainly but has the error {read:?}");
            // By their text, so that NaN equals NaN.
            assert_eq!(format!("{plain:?}"), format!("{general:?}"), "{text:?}");
        } else {
            assert!(plain.is_empty(), "{text:?} was declined after appending");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines of `row value` pairs.
    struct Pairs;

    impl EntryReader for Pairs {
        fn least_tokens(&self) -> usize {
            2
        }

        fn read<V: Scalar>(&self, line: &Line, out: &mut impl EntryOut<V>) -> Result<(), IoError> {
            line.expect_tokens(2, "row, value")?;
            let row = line.integer(0, "row")?;
            let value = line.real(1, "value")?;
            out.push(&[row], Value::Real(value));
            Ok(())
        }
    }

    #[test]
    fn plain_tokens_are_separated_by_spaces_and_tabs_and_coordinates_are_digits_in_range() {
        let mut tokens = PlainTokens::new("1  2\t3 ");
        assert_eq!((tokens.token(), tokens.token(), tokens.token()), (Some("1"), Some("2"), Some("3")));
        assert!(tokens.finished() && tokens.token().is_none());
        assert_eq!(PlainTokens::new("1\x0b2").token(), Some("1\x0b2"));
        assert_eq!(PlainTokens::new("007").coordinate(Some(7)), Some(6));
        for (token, size) in [("0", None), ("8", Some(7)), ("+1", None), ("", None), ("1234567890123456789", None), ("1e2", None)] {
            assert_eq!(PlainTokens::new(token).coordinate(size), None, "{token}");
        }
    }

    fn expected(at_most: Option<(usize, &str)>) -> Expected<'_> {
        Expected { name: "f", first_line: 3, comment: b'#', rank: 1, at_most }
    }

    /// [`read_in_chunks`] of `text`, lent whole and, the same, in owned
    /// pieces of every line count: both must read alike.
    fn read(text: &str, expected: &Expected, reader: &Pairs, threads: usize, chunk_bytes: usize) -> Result<Entries<Value>, IoError> {
        let progress = Progress::new();
        let lent = read_in_chunks(vec![Cow::Borrowed(text)], expected, reader, threads, chunk_bytes, &progress);
        let (parsed, total) = progress.parsed();
        assert!(lent.is_err() || parsed == total, "{parsed} of {total}");
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        for per_piece in 1..=lines.len().max(1) {
            let pieces: Pieces = lines.chunks(per_piece).map(|piece| Cow::Owned(piece.concat())).collect();
            let owned = read_in_chunks(pieces, expected, reader, threads, chunk_bytes, &Progress::new());
            assert_eq!(format!("{:?}", owned.as_ref().map(summary)), format!("{:?}", lent.as_ref().map(summary)), "{per_piece}");
        }
        lent
    }

    fn summary(entries: &Entries<Value>) -> (String, usize, usize) {
        (format!("{:?}", entries.coordinates), entries.lines, entries.last_line)
    }

    fn rows(entries: &Entries<Value>) -> Vec<usize> {
        entries.coordinates.columns[0].clone()
    }

    #[test]
    fn chunks_of_every_size_read_the_same_entries_and_lines() {
        let text = "1 2\n# comment\n\n3 4.5\r\n  5 6  \n\u{a0}7 8\n\u{2003}# indented comment\n9 10";
        for chunk_bytes in [1, 2, 5, 8, 100] {
            for threads in [1, 2, 3] {
                let entries: Entries<Value> = read(text, &expected(None), &Pairs, threads, chunk_bytes).unwrap();
                assert_eq!(rows(&entries), [1, 3, 5, 7, 9], "{chunk_bytes}");
                assert_eq!(entries.coordinates.values[1], Value::Real(4.5));
                assert_eq!((entries.lines, entries.last_line), (5, 10), "{chunk_bytes}");
            }
        }
        let ended: Entries<Value> = read("1 2\n\n", &expected(None), &Pairs, 1, 1).unwrap();
        assert_eq!((ended.lines, ended.last_line), (1, 4));
        let empty: Entries<Value> = read("", &expected(None), &Pairs, 2, 1).unwrap();
        assert_eq!((empty.lines, empty.last_line, empty.coordinates.len()), (0, 2, 0));
    }

    #[test]
    fn the_earliest_error_wins_whatever_the_chunks() {
        let text = "1 2\n2 x\n3 4\nx 5\n";
        for chunk_bytes in [1, 4, 100] {
            let error = read(text, &expected(None), &Pairs, 2, chunk_bytes).err().unwrap();
            assert_eq!(error.to_string(), "f:4: value \"x\" is not a number");
        }
    }

    #[test]
    fn lines_beyond_the_most_allowed_are_an_error_unless_one_comes_first() {
        for chunk_bytes in [1, 100] {
            let text = "1 2\n#\n2 3\n3 4\n";
            let error = read(text, &expected(Some((1, "header"))), &Pairs, 2, chunk_bytes).err().unwrap();
            assert_eq!(error.to_string(), "f:5: more entries than the 1 the header declares");
            let text = "1 x\n2 3\n3 4\n";
            let error = read(text, &expected(Some((1, "header"))), &Pairs, 2, chunk_bytes).err().unwrap();
            assert_eq!(error.to_string(), "f:3: value \"x\" is not a number");
            assert!(read("1 2\n", &expected(Some((1, "header"))), &Pairs, 2, chunk_bytes).is_ok());
        }
    }
}
