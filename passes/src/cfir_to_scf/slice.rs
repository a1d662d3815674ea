//! A wrapper over the iterator of a level of a tensor viewed through
//! `arr.slice` (paper 000 §7.3): view coordinate `z` is the level's
//! coordinate `start + step · z`, for `z` below the view's size. A level
//! visited by coordinate visits `0..size` and locates `start + step · z`; a
//! level visited by position seeks the first stored coordinate at least
//! `start`, stops before `start + step · size`, and skips the coordinates
//! `step` does not reach. Levels visited by runs, unordered levels and
//! iterators that carry a state are not sliced here (refused where the
//! wrapper is made).

use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Located, Next, Parent};
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::place::Place;
use melior::{dialect::arith, ir::Value};
use sparse_formats::Iteration;

/// What a slice view reads of one dimension of its source.
#[derive(Clone, Copy)]
pub(in crate::cfir_to_scf) struct Sliced<'c, 'a> {
    pub start: Value<'c, 'a>,
    pub step: Value<'c, 'a>,
    /// The size of the source's dimension, which its storage is laid out by.
    pub stored: Value<'c, 'a>,
}

pub(in crate::cfir_to_scf) struct Slice<'c, 'a> {
    pub inner: Box<dyn LevelIterator<'c, 'a> + 'a>,
    pub sliced: Sliced<'c, 'a>,
    /// The view's size.
    pub size: Value<'c, 'a>,
}

impl<'c: 'a, 'a> Slice<'c, 'a> {
    /// The source coordinate of view coordinate `coordinate`.
    fn source(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, coordinate: Value<'c, 'a>) -> Value<'c, 'a> {
        emitter.add(place, self.sliced.start, emitter.mul(place, self.sliced.step, coordinate))
    }

    /// Whether the source coordinate at `q` is one the view skips: `step`
    /// does not reach it from `start` (the seek has passed `start`).
    fn skipped(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>, q: Value<'c, 'a>) -> Value<'c, 'a> {
        let offset = emitter.sub(place, self.inner.coordinate(emitter, place, cursor.at(q)), self.sliced.start);
        let remainder = emitter.one(place, arith::remui(offset, self.sliced.step, emitter.location));
        emitter.compare(place, arith::CmpiPredicate::Ne, remainder, emitter.index(place, 0))
    }
}

impl<'c: 'a, 'a> LevelIterator<'c, 'a> for Slice<'c, 'a> {
    fn iteration(&self) -> Iteration {
        self.inner.iteration()
    }

    fn ordered(&self) -> bool {
        self.inner.ordered()
    }

    fn init(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, parent: Parent<'c, 'a>) -> Result<Cursor<'c, 'a>, LowerError> {
        if self.inner.iteration() == Iteration::Coordinates {
            return Ok(Cursor::range(emitter.index(place, 0), self.size));
        }
        let cursor = self.inner.init(emitter, place, parent)?;
        if cursor.state.is_some() {
            return Err(LowerError::Op("a slice of a level whose iterator carries a state (variable_block)".into()));
        }
        let coordinate = |here: Place<'c, 'a>, q: Value<'c, 'a>| self.inner.coordinate(emitter, here, cursor.at(q));
        let below = |bound: Value<'c, 'a>| {
            move |here: Place<'c, 'a>, q: Value<'c, 'a>| emitter.compare(here, arith::CmpiPredicate::Ult, coordinate(here, q), bound)
        };
        // Seek `start`, then find where `start + step · size` begins.
        let first = emitter.advance_while(place, cursor.position, cursor.end, &below(self.sliced.start));
        let bound = self.source(emitter, place, self.size);
        let end = emitter.advance_while(place, first, cursor.end, &below(bound));
        let skipped = |here: Place<'c, 'a>, q: Value<'c, 'a>| self.skipped(emitter, here, cursor, q);
        let position = emitter.advance_while(place, first, end, &skipped);
        Ok(Cursor { position, end, ..cursor })
    }

    fn coordinate(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        if self.inner.iteration() == Iteration::Coordinates {
            return cursor.position;
        }
        let offset = emitter.sub(place, self.inner.coordinate(emitter, place, cursor), self.sliced.start);
        emitter.div(place, offset, self.sliced.step)
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
        let skipped = |here: Place<'c, 'a>, q: Value<'c, 'a>| self.skipped(emitter, here, cursor, q);
        Next { position: emitter.advance_while(place, next.position, cursor.end, &skipped), ..next }
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
