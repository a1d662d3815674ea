//! `run_length` (Finch's DenseRLE, paper 002 Table 3): parent `p` owns the
//! runs `pos[p]..pos[p + 1]`; run `r` ends at coordinate `crd[r]` (inclusive)
//! and covers every coordinate after the previous run's end, all with the
//! value at position `r`. Full, but not locatable: a loop steps through the
//! runs, one step a run, and visits the coordinates of each (co-iterated with
//! other levels, it is wrapped by `RangeSteps`).

use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Parent};
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::place::Place;
use melior::{dialect::arith::CmpiPredicate, ir::Value};
use sparse_formats::Iteration;

pub(in crate::cfir_to_scf) struct RunLength<'c, 'a> {
    pub positions: Value<'c, 'a>,
    /// The last coordinate of each run.
    pub ends: Value<'c, 'a>,
}

impl<'c: 'a, 'a> LevelIterator<'c, 'a> for RunLength<'c, 'a> {
    fn iteration(&self) -> Iteration {
        Iteration::Ranges
    }

    /// The parent's runs; the first one is kept, since it starts at 0.
    fn init(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, parent: Parent<'c, 'a>) -> Result<Cursor<'c, 'a>, LowerError> {
        let (first, end) = emitter.segment(place, self.positions, parent.position(emitter, place)?);
        Ok(Cursor { offset: Some(first), ..Cursor::range(first, end) })
    }

    /// The run's first coordinate: 0 for the parent's first run, else one
    /// past the previous run's end (read at `max(r, 1) − 1`, in bounds
    /// either way).
    fn coordinate(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        let first_run = cursor.offset.expect("init keeps the first run");
        let one = emitter.index(place, 1);
        let previous = emitter.sub(place, emitter.max(place, cursor.position, one), one);
        let after_previous = emitter.add(place, emitter.load_index(place, self.ends, previous), one);
        let is_first = emitter.compare(place, CmpiPredicate::Eq, cursor.position, first_run);
        emitter.select(place, is_first, emitter.index(place, 0), after_previous)
    }

    /// One past the run's last coordinate.
    fn range_end(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Option<Value<'c, 'a>> {
        let last = emitter.load_index(place, self.ends, cursor.position);
        Some(emitter.add(place, last, emitter.index(place, 1)))
    }
}
