//! A wrapper over an iterator visited by ranges (a `run_length` level) that
//! visits each coordinate of each range, for a loop that co-iterates it with
//! other levels: their coordinates fall anywhere inside a run, so the loop
//! steps one coordinate at a time (Finch's stepper unfurled into spikes).
//! Its position is the range's, where the values are; its state is the
//! coordinate, which starts at 0 under each parent (a full level's first
//! range does) and moves to the next range when it passes the range's end.

use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Next, Parent};
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::place::Place;
use melior::{dialect::arith::CmpiPredicate, ir::Value};
use sparse_formats::Iteration;

pub(in crate::cfir_to_scf) struct RangeSteps<'c, 'a> {
    pub inner: Box<dyn LevelIterator<'c, 'a> + 'a>,
}

impl<'c: 'a, 'a> LevelIterator<'c, 'a> for RangeSteps<'c, 'a> {
    fn iteration(&self) -> Iteration {
        Iteration::Positions
    }

    fn ordered(&self) -> bool {
        self.inner.ordered()
    }

    fn init(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, parent: Parent<'c, 'a>) -> Result<Cursor<'c, 'a>, LowerError> {
        let cursor = self.inner.init(emitter, place, parent)?;
        Ok(Cursor { state: Some(emitter.index(place, 0)), ..cursor })
    }

    /// The inner iterator's `valid`: a window of runs also ends at the first
    /// run past it.
    fn valid(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        self.inner.valid(emitter, place, cursor)
    }

    fn coordinate(&self, _: &Emitter<'c>, _: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        cursor.state.expect("init starts the coordinate")
    }

    /// The next coordinate, in the inner iterator's next range when it is
    /// past this one's end (a window skips the runs it reaches none of).
    fn next(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>, coordinate: Value<'c, 'a>) -> Next<'c, 'a> {
        let one = emitter.index(place, 1);
        let following = emitter.add(place, coordinate, one);
        let end = self.inner.range_end(emitter, place, cursor).expect("the inner iterator is visited by ranges");
        let past = emitter.compare(place, CmpiPredicate::Uge, following, end);
        let inner = self.inner.next(emitter, place, cursor, coordinate);
        let position = emitter.select(place, past, inner.position, cursor.position);
        Next { position, state: Some(following), segment_end: None }
    }
}
