//! A wrapper over the iterator of a nonunique level (COO's leading levels),
//! whose `next` steps over the whole run of positions holding the current
//! coordinate, so each coordinate is visited once; the run's end is where
//! the singleton level below stops (MLIR's `DedupIterator`). It forwards
//! everything else. Only `compressed` and `singleton` levels are nonunique,
//! and neither carries state, which the scan would leave behind.

use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Next, Parent};
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::place::Place;
use melior::{dialect::arith, ir::Value};
use sparse_formats::Iteration;

pub(in crate::cfir_to_scf) struct Dedup<'c, 'a> {
    pub inner: Box<dyn LevelIterator<'c, 'a> + 'a>,
}

impl<'c: 'a, 'a> LevelIterator<'c, 'a> for Dedup<'c, 'a> {
    fn iteration(&self) -> Iteration {
        self.inner.iteration()
    }

    fn ordered(&self) -> bool {
        self.inner.ordered()
    }

    fn init(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, parent: Parent<'c, 'a>) -> Result<Cursor<'c, 'a>, LowerError> {
        self.inner.init(emitter, place, parent)
    }

    fn coordinate(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        self.inner.coordinate(emitter, place, cursor)
    }

    fn range_end(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Option<Value<'c, 'a>> {
        self.inner.range_end(emitter, place, cursor)
    }

    fn position(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>, coordinate: Value<'c, 'a>) -> Value<'c, 'a> {
        self.inner.position(emitter, place, cursor, coordinate)
    }

    /// The first position past the run of `coordinate`: `q` from the next
    /// position while `q < end` and the coordinate at `q` is the same.
    fn next(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>, coordinate: Value<'c, 'a>) -> Next<'c, 'a> {
        debug_assert!(cursor.state.is_none(), "a nonunique level carries no state");
        let start = emitter.add(place, cursor.position, emitter.index(place, 1));
        let same = |here: Place<'c, 'a>, q: Value<'c, 'a>| {
            let next_coordinate = self.inner.coordinate(emitter, here, cursor.at(q));
            emitter.compare(here, arith::CmpiPredicate::Eq, next_coordinate, coordinate)
        };
        let end = emitter.advance_while(place, start, cursor.end, &same);
        Next { position: end, state: cursor.state, segment_end: Some(end) }
    }

    fn locate(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        parent: Value<'c, 'a>,
        coordinate: Value<'c, 'a>,
    ) -> Option<Value<'c, 'a>> {
        self.inner.locate(emitter, place, parent, coordinate)
    }
}
