//! A wrapper over the iterator of a level seen through a window: a level of
//! a tensor viewed through `arr.slice` (paper 000 §7.3), or the window of a
//! level that a loop resolving a compound subscript visits (`sig.slice`,
//! paper 003's index-variable reduction, where `start` depends on the
//! enclosing loops). Window coordinate `z` is the level's coordinate
//! `start + step · z`, for `z` below the window's size. A level visited by
//! coordinate visits `0..size` and locates `start + step · z`; a level
//! visited by position seeks the first stored coordinate at least `start`,
//! is valid while its coordinate is below `start + step · size` (its end is
//! never sought), and skips the coordinates `step` does not reach. A level
//! visited by runs (run-length) seeks the first run that ends past `start`,
//! clips each run to the window (its view range is the window coordinates
//! it holds) and skips the runs that hold none. A level whose iterator
//! carries a state (variable blocks) seeks it with its start (its own
//! `seek`). Unordered levels, and strided windows of levels whose iterator
//! carries a state, are not sliced (refused).

use crate::cfir_to_scf::error::{LowerError, Operation};
use crate::cfir_to_scf::iterator::{Blocks, Cursor, LevelIterator, Located, Next, Parent};
use crate::cfir_to_scf::Emitter;
use crate::place::Place;
use melior::{dialect::arith, ir::Value};
use sparse_formats::{Iteration, Level};

/// What a slice view reads of one dimension of its source.
#[derive(Clone, Copy)]
pub(in crate::cfir_to_scf) struct Sliced<'c, 'a> {
    pub start: Value<'c, 'a>,
    pub step: Value<'c, 'a>,
    /// The size of the source's dimension, which its storage is laid out by.
    pub stored: Value<'c, 'a>,
}

/// The coordinates `start + step · z` of a level, for `z` below `size`.
#[derive(Clone, Copy)]
pub(in crate::cfir_to_scf) struct Window<'c, 'a> {
    pub start: Value<'c, 'a>,
    pub step: Value<'c, 'a>,
    pub size: Value<'c, 'a>,
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// The window `sig.slice` bounds: from `start` below `stop` by `step`,
    /// `⌈(stop − start) / step⌉` coordinates (none when `stop` is not past
    /// `start`).
    pub(super) fn window(&self, start: Value<'c, 'a>, stop: Value<'c, 'a>, step: Value<'c, 'a>, place: Place<'c, 'a>) -> Window<'c, 'a> {
        let one = self.index(place, 1);
        let span = self.sub(place, self.add(place, self.sub(place, stop, start), step), one);
        let past = self.compare(place, arith::CmpiPredicate::Ugt, stop, start);
        let size = self.select(place, past, self.div(place, span, step), self.index(place, 0));
        Window { start, step, size }
    }
}

pub(in crate::cfir_to_scf) struct Slice<'c, 'a> {
    inner: Box<dyn LevelIterator<'c, 'a> + 'a>,
    window: Window<'c, 'a>,
    /// The first position at the window's start, when an enclosing loop
    /// over the level's non-empty subsections already stands there.
    first: Option<Value<'c, 'a>>,
}

impl<'c: 'a, 'a> Slice<'c, 'a> {
    /// `inner`, the iterator of level `index` (`level`), seen through
    /// `window`, whose first position is `first` when known; an error for
    /// the iterators that cannot be.
    pub fn wrap(
        inner: Box<dyn LevelIterator<'c, 'a> + 'a>,
        window: Window<'c, 'a>,
        first: Option<Value<'c, 'a>>,
        level: Level,
        index: usize,
    ) -> Result<Box<dyn LevelIterator<'c, 'a> + 'a>, LowerError> {
        if !inner.ordered() {
            return Err(LowerError::Level { level, index, operation: Operation::Slice });
        }
        Ok(Box::new(Self { inner, window, first }))
    }

    /// The source coordinate of view coordinate `coordinate`.
    fn source(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, coordinate: Value<'c, 'a>) -> Value<'c, 'a> {
        emitter.add(place, self.window.start, emitter.mul(place, self.window.step, coordinate))
    }

    /// The first coordinate past the window: `start + step · size`.
    fn bound(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>) -> Value<'c, 'a> {
        self.source(emitter, place, self.window.size)
    }

    /// The first window coordinate at or past source coordinate `source`:
    /// `⌈(max(source, start) − start) / step⌉`.
    fn at_or_after(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, source: Value<'c, 'a>) -> Value<'c, 'a> {
        let from = emitter.sub(place, emitter.max(place, source, self.window.start), self.window.start);
        let rounded = emitter.sub(place, emitter.add(place, from, self.window.step), emitter.index(place, 1));
        emitter.div(place, rounded, self.window.step)
    }

    /// The first position from `from` (past `start`) below `end` whose
    /// coordinate `step` reaches from `start` (for a run, one of whose
    /// coordinates it reaches), or which is past the window: `from` itself
    /// when the step is 1.
    fn skip(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        cursor: Cursor<'c, 'a>,
        from: Value<'c, 'a>,
        end: Value<'c, 'a>,
    ) -> Value<'c, 'a> {
        if super::constant_index(self.window.step) == Some(1) {
            return from;
        }
        let bound = self.bound(emitter, place);
        let skipped = |here: Place<'c, 'a>, q: Value<'c, 'a>| {
            let at = cursor.at(q);
            let coordinate = self.inner.coordinate(emitter, here, at);
            let inside = emitter.compare(here, arith::CmpiPredicate::Ult, coordinate, bound);
            let unreached = match self.inner.range_end(emitter, here, at) {
                Some(end) => {
                    let clipped = emitter.min(here, end, bound);
                    let (first, past) = (self.at_or_after(emitter, here, coordinate), self.at_or_after(emitter, here, clipped));
                    emitter.compare(here, arith::CmpiPredicate::Uge, first, past)
                }
                None => {
                    let offset = emitter.sub(here, coordinate, self.window.start);
                    let remainder = emitter.one(here, arith::remui(offset, self.window.step, emitter.location));
                    emitter.compare(here, arith::CmpiPredicate::Ne, remainder, emitter.index(here, 0))
                }
            };
            emitter.and(here, &[inside, unreached])
        };
        emitter.advance_while(place, from, end, &skipped)
    }
}

impl<'c: 'a, 'a> LevelIterator<'c, 'a> for Slice<'c, 'a> {
    fn iteration(&self) -> Iteration {
        self.inner.iteration()
    }

    fn ordered(&self) -> bool {
        self.inner.ordered()
    }

    /// A window of step 1 over a level visited by position counts the
    /// stored coordinates from its start (the positions from the one
    /// `init` seeks all hold coordinates at least `start`).
    fn blocks(&self) -> Option<Blocks<'c, 'a>> {
        let contiguous = self.inner.iteration() == Iteration::Positions && super::constant_index(self.window.step) == Some(1);
        let stored = self.inner.blocks().filter(|blocks| contiguous && blocks.start.is_none())?;
        Some(Blocks { start: Some(self.window.start), ..stored })
    }

    fn init(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, parent: Parent<'c, 'a>) -> Result<Cursor<'c, 'a>, LowerError> {
        if self.inner.iteration() == Iteration::Coordinates {
            return Ok(Cursor::range(emitter.index(place, 0), self.window.size));
        }
        let cursor = self.inner.init(emitter, place, parent)?;
        // The skips of a strided window move the position alone.
        if cursor.state.is_some() && (self.first.is_some() || super::constant_index(self.window.step) != Some(1)) {
            return Err(LowerError::Op(
                "a strided slice, or the windows of non-empty subsections, of a level whose iterator carries a state (variable_block)"
                    .into(),
            ));
        }
        // Seek `start` (a binary search: the level is ordered), unless an
        // enclosing loop stands there. The window's end is not sought:
        // `valid` stops at the first coordinate past it.
        let first = match self.first {
            Some(first) => cursor.at(first),
            None => self.inner.seek(emitter, place, parent, cursor, self.window.start)?,
        };
        let position = self.skip(emitter, place, first, first.position, first.end);
        Ok(first.at(position))
    }

    /// The level's own `valid`, and, for a level visited by position, a
    /// coordinate before the window's end (read only where the level is
    /// valid).
    fn valid(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        if self.inner.iteration() == Iteration::Coordinates {
            return emitter.compare(place, arith::CmpiPredicate::Ult, cursor.position, cursor.end);
        }
        let valid = self.inner.valid(emitter, place, cursor);
        emitter.and_then(place, valid, |here| {
            let coordinate = self.inner.coordinate(emitter, here, cursor);
            emitter.compare(here, arith::CmpiPredicate::Ult, coordinate, self.bound(emitter, here))
        })
    }

    fn coordinate(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        if self.inner.iteration() == Iteration::Coordinates {
            return cursor.position;
        }
        let source = self.inner.coordinate(emitter, place, cursor);
        if self.inner.iteration() == Iteration::Ranges {
            // A run may start before the window.
            return self.at_or_after(emitter, place, source);
        }
        let offset = emitter.sub(place, source, self.window.start);
        emitter.div(place, offset, self.window.step)
    }

    /// A run's end, clipped to the window, in window coordinates.
    fn range_end(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Option<Value<'c, 'a>> {
        let end = self.inner.range_end(emitter, place, cursor)?;
        Some(self.at_or_after(emitter, place, emitter.min(place, end, self.bound(emitter, place))))
    }

    fn position(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>, coordinate: Value<'c, 'a>) -> Value<'c, 'a> {
        let source = self.source(emitter, place, coordinate);
        self.inner.position(emitter, place, cursor, source)
    }

    fn next(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>, coordinate: Value<'c, 'a>) -> Next<'c, 'a> {
        if self.inner.iteration() == Iteration::Coordinates {
            let one = emitter.index(place, 1);
            return Next { position: emitter.add(place, cursor.position, one), state: cursor.state, segment_end: None };
        }
        let source = self.source(emitter, place, coordinate);
        let next = self.inner.next(emitter, place, cursor, source);
        Next { position: self.skip(emitter, place, cursor, next.position, cursor.end), ..next }
    }

    fn locate(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        parent: Value<'c, 'a>,
        coordinate: Value<'c, 'a>,
    ) -> Option<Value<'c, 'a>> {
        let source = self.source(emitter, place, coordinate);
        self.inner.locate(emitter, place, parent, source)
    }

    fn locate_stored(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        parent: Value<'c, 'a>,
        coordinate: Value<'c, 'a>,
    ) -> Option<Located<'c, 'a>> {
        let source = self.source(emitter, place, coordinate);
        self.inner.locate_stored(emitter, place, parent, source)
    }
}
