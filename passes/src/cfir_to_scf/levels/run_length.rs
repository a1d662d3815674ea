//! `run_length` (Finch's DenseRLE, paper 002 Table 3): parent `p` owns the
//! runs `pos[p]..pos[p + 1]`; run `r` ends at coordinate `crd[r]` (inclusive)
//! and covers every coordinate after the previous run's end, all with the
//! value at position `r`. Full, but not locatable: a loop steps through the
//! runs, one step a run, and visits the coordinates of each (co-iterated with
//! other levels, it is wrapped by `RangeSteps`).
//!
//! As an output level, entries arrive in order: each is a run of its own,
//! after a run of the fill over the coordinates its parent's previous entry
//! did not reach; a parent is closed by a run of the fill to `N − 1` when
//! the next parent's first entry comes (each parent in between taking one
//! run of the fill over `0..N`), and the last ones when the loops end. At
//! the last level, adjacent runs of equal values then merge, so a run is a
//! maximal stretch of one value, as the runtime builds them. Before that
//! merge a parent may own twice as many runs as entries, more than a narrow
//! `pos_width` holds where the merged runs fit: `pos` is built in 64 bits
//! and narrowed once trimmed.

use crate::abi::index_type;
use crate::cfir_to_scf::assembly::{Assembly, Entry, OutputLevel};
use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Parent};
use crate::cfir_to_scf::storage::Buffers;
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::place::Place;
use melior::{
    dialect::{arith::CmpiPredicate, scf},
    ir::{block::BlockLike, Value},
};
use sparse_formats::{Iteration, LevelBuffer};

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

/// What an assembled level lacks before its fill pass.
const MISSING: LowerError = LowerError::Malformed("an assembled run-length level without its buffers");

/// A run-length output level. In the fill pass, the assembly's `counts`
/// are its runs so far and its `groups` the parent of the last run plus
/// one (0 before the first); in the counting pass, `counts` are its new
/// entries, each of which makes at most two runs, and each parent one more.
pub(in crate::cfir_to_scf) struct Output<'c, 'a> {
    /// `N`, the size of the level's dimension.
    pub size: Value<'c, 'a>,
    /// Whether the level is the last, whose runs hold values and merge.
    pub last: bool,
}

/// A run-length level's buffers while it is filled.
#[derive(Clone, Copy)]
struct Runs<'c, 'a> {
    positions: Value<'c, 'a>,
    ends: Value<'c, 'a>,
    slot: Value<'c, 'a>,
    assembly: Assembly<'c, 'a>,
}

impl<'c: 'a, 'a> Runs<'c, 'a> {
    fn of(output: &Buffers<'c, 'a>, level: usize, assembly: Assembly<'c, 'a>, slot: Value<'c, 'a>) -> Result<Self, LowerError> {
        let positions = output.level_buffer(level, LevelBuffer::Positions).ok_or(MISSING)?;
        let ends = output.level_buffer(level, LevelBuffer::Coordinates).ok_or(MISSING)?;
        Ok(Self { positions, ends, slot, assembly })
    }

    /// Adds the run ending at `end` (inclusive) under `parent`.
    fn push(self, emitter: &Emitter<'c>, place: Place<'c, 'a>, parent: Value<'c, 'a>, end: Value<'c, 'a>) {
        let run = emitter.load(place, self.assembly.counts, self.slot);
        let runs = emitter.add(place, run, emitter.index(place, 1));
        emitter.store_index(place, end, self.ends, run);
        emitter.store(place, runs, self.assembly.counts, self.slot);
        emitter.store_index(place, runs, self.positions, emitter.add(place, parent, emitter.index(place, 1)));
    }
}

impl<'c: 'a, 'a> Output<'c, 'a> {
    /// Closes the parent of the last run with a run of the fill to `N − 1`
    /// where its last entry ends earlier, and gives each parent from the
    /// next to `upto` (exclusive) one run of the fill over `0..N` (none
    /// when `N` is 0).
    fn close_parents(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, runs: Runs<'c, 'a>, upto: Value<'c, 'a>) {
        let (zero, one) = (emitter.index(place, 0), emitter.index(place, 1));
        let last_coordinate = emitter.sub(place, self.size, one);
        let current = emitter.load(place, runs.assembly.groups, runs.slot);
        let previous = emitter.load(place, runs.assembly.last, runs.slot);
        let open = emitter.and(
            place,
            &[
                emitter.compare(place, CmpiPredicate::Ne, current, zero),
                emitter.compare(place, CmpiPredicate::Ult, previous, last_coordinate),
            ],
        );
        let closed = emitter.then(place, open);
        runs.push(emitter, Place::End(closed), emitter.sub(Place::End(closed), current, one), last_coordinate);
        closed.append_operation(scf::r#yield(&[], emitter.location));
        // A dimension of size 0 has no runs.
        let empty = emitter.compare(place, CmpiPredicate::Eq, self.size, zero);
        let parents = emitter.select(place, empty, zero, emitter.sub(place, upto, current));
        emitter.for_each(place, parents, |body, step| {
            let here = Place::End(body);
            runs.push(emitter, here, emitter.add(here, current, step), last_coordinate);
        });
    }
}

impl<'c: 'a, 'a> OutputLevel<'c, 'a> for Output<'c, 'a> {
    /// A new entry under a parent other than the last run's closes the
    /// parents before it; then the fill runs from the parent's previous
    /// entry (or 0) to it, and the entry is a run of its own.
    fn append(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &Buffers<'c, 'a>,
        level: usize,
        assembly: Assembly<'c, 'a>,
        entry: Entry<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let one = emitter.index(place, 1);
        emitter.append_where_new(place, assembly, entry.slot, entry.new, |here| {
            if assembly.fill {
                let runs = Runs::of(output, level, assembly, entry.slot)?;
                let parent_after = emitter.add(here, entry.parent, one);
                let current = emitter.load(here, assembly.groups, entry.slot);
                let same = emitter.compare(here, CmpiPredicate::Eq, current, parent_after);
                let other = emitter.then(here, emitter.negate(here, same));
                self.close_parents(emitter, Place::End(other), runs, entry.parent);
                other.append_operation(scf::r#yield(&[], emitter.location));
                let previous = emitter.load(here, assembly.last, entry.slot);
                let next = emitter.select(here, same, emitter.add(here, previous, one), emitter.index(here, 0));
                let gap = emitter.then(here, emitter.compare(here, CmpiPredicate::Ult, next, entry.coordinate));
                runs.push(emitter, Place::End(gap), entry.parent, emitter.sub(Place::End(gap), entry.coordinate, one));
                gap.append_operation(scf::r#yield(&[], emitter.location));
                runs.push(emitter, here, entry.parent, entry.coordinate);
                emitter.store(here, parent_after, assembly.groups, entry.slot);
            } else {
                let count = emitter.load(here, assembly.counts, entry.slot);
                emitter.store(here, emitter.add(here, count, one), assembly.counts, entry.slot);
            }
            Ok(())
        })
    }

    fn positions_unwritten(&self) -> bool {
        true
    }

    /// `pos` of `parents + 1` zeros (64-bit until [`Self::trim`]) and room for
    /// `2 · entries + parents + 1` runs (a fill run before each entry, and
    /// one closing each parent).
    fn allocate(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &mut Buffers<'c, 'a>,
        level: usize,
        parents: Value<'c, 'a>,
        count: &dyn Fn() -> Value<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let one = emitter.index(place, 1);
        let widths = output.format().levels[level];
        let slots = emitter.add(place, parents, one);
        let positions = emitter.zeroed_buffer(place, index_type(64, emitter.context), slots);
        let capacity = emitter.add(place, emitter.add(place, emitter.mul(place, count(), emitter.index(place, 2)), parents), one);
        let ends = emitter.alloc_buffer(place, index_type(widths.width(LevelBuffer::Coordinates), emitter.context), capacity);
        output.set_level_buffer(level, LevelBuffer::Positions, positions);
        output.set_level_buffer(level, LevelBuffer::Coordinates, ends);
        Ok(capacity)
    }

    /// Closes the last parent with entries and every parent after it; at
    /// the last level, merges each parent's adjacent runs of equal values.
    fn close(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, output: &Buffers<'c, 'a>, level: usize) -> Result<(), LowerError> {
        let assembly = output.assembly.ok_or(MISSING)?;
        let runs = Runs::of(output, level, assembly, emitter.index(place, level as i64))?;
        let one = emitter.index(place, 1);
        let parents = emitter.sub(place, emitter.length(place, runs.positions), one);
        self.close_parents(emitter, place, runs, parents);
        if !self.last {
            return Ok(());
        }
        let values = output.values.ok_or(MISSING)?;
        // Each parent's runs `start..end` (its old bounds) are written from
        // `kept` on, a run merging into the one written before it (of the
        // same parent) when their values are equal.
        let parents_loop =
            emitter.carried_for(place, emitter.index(place, 0), parents, one, &[emitter.index(place, 0), emitter.index(place, 0)])?;
        let parent_place = Place::End(parents_loop.body);
        let (start, first_kept) = (parents_loop.carried[0], parents_loop.carried[1]);
        let segment_end = emitter.add(parent_place, parents_loop.index, one);
        let end = emitter.load_index(parent_place, runs.positions, segment_end);
        let runs_loop = emitter.carried_for(parent_place, start, end, one, &[first_kept])?;
        let here = Place::End(runs_loop.body);
        let kept = runs_loop.carried[0];
        let value = emitter.load(here, values, runs_loop.index);
        let run_end = emitter.load_index(here, runs.ends, runs_loop.index);
        let before = emitter.sub(here, emitter.max(here, kept, one), one);
        let repeats = emitter.and(
            here,
            &[
                emitter.compare(here, CmpiPredicate::Ult, first_kept, kept),
                emitter.negate(here, emitter.differs(here, output.element, emitter.load(here, values, before), value)),
            ],
        );
        let at = emitter.select(here, repeats, before, kept);
        emitter.store_index(here, run_end, runs.ends, at);
        emitter.store(here, value, values, at);
        let written = emitter.add(here, at, one);
        runs_loop.body.append_operation(scf::r#yield(&[written], emitter.location));
        let kept_end = runs_loop.results[0];
        emitter.store_index(parent_place, kept_end, runs.positions, segment_end);
        parents_loop.body.append_operation(scf::r#yield(&[end, kept_end], emitter.location));
        emitter.store(place, parents_loop.results[1], assembly.counts, runs.slot);
        Ok(())
    }

    /// `pos` cut to the `parents` the level above counted and narrowed to
    /// its `pos_width` (a position it cannot hold wraps, which the runtime's
    /// check of the result reports, as for other levels), the runs to those
    /// its parents own (those of parents past the count hold nothing).
    fn trim(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &mut Buffers<'c, 'a>,
        level: usize,
        assembly: Assembly<'c, 'a>,
        parents: Option<Value<'c, 'a>>,
    ) -> Option<Value<'c, 'a>> {
        let positions = output.level_buffer(level, LevelBuffer::Positions).expect("allocated");
        let (runs, positions) = match parents {
            Some(parents) => {
                let runs = emitter.load_index(place, positions, parents);
                let slots = emitter.add(place, parents, emitter.index(place, 1));
                (runs, emitter.shrink(positions, slots, place))
            }
            None => (emitter.load(place, assembly.counts, emitter.index(place, level as i64)), positions),
        };
        let width = output.format().levels[level].width(LevelBuffer::Positions);
        let slots = emitter.length(place, positions);
        let positions = emitter.retyped(place, positions, slots, index_type(width, emitter.context));
        output.set_level_buffer(level, LevelBuffer::Positions, positions);
        let ends = output.level_buffer(level, LevelBuffer::Coordinates).expect("allocated");
        output.set_level_buffer(level, LevelBuffer::Coordinates, emitter.shrink(ends, runs, place));
        Some(runs)
    }
}
