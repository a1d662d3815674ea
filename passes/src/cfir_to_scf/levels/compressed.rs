//! `compressed`: parent `p` owns the positions `pos[p]..pos[p + 1]`, position
//! `q` holding coordinate `crd[q]`. Visited by position; not locatable; as an
//! output level, appended to in order. `loose_compressed` is the same level
//! with each segment's bounds in a pair, `pos[2p]..pos[2p + 1]`.

use crate::abi::index_type;
use crate::cfir_to_scf::assembly::{Assembly, Entry, OutputLevel, Run, RESULT_TOO_LARGE};
use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Parent};
use crate::cfir_to_scf::storage::Buffers;
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::place::Place;
use melior::ir::Value;
use sparse_formats::{Iteration, LevelBuffer};

/// Where a compressed level keeps the bounds of its parents' segments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::cfir_to_scf) enum Bounds {
    /// A segment ends where the next one starts: `pos[p]..pos[p + 1]`.
    Shared,
    /// Each segment has its own pair, `pos[2p]..pos[2p + 1]` (loose).
    Paired,
}

impl Bounds {
    /// The slots of `pos` holding parent `parent`'s start and end (`one`
    /// is the index 1).
    fn slots<'c: 'a, 'a>(
        self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        parent: Value<'c, 'a>,
        one: Value<'c, 'a>,
    ) -> (Value<'c, 'a>, Value<'c, 'a>) {
        let start = match self {
            Self::Shared => parent,
            Self::Paired => emitter.mul(place, parent, emitter.index(place, 2)),
        };
        (start, emitter.add(place, start, one))
    }

    /// How many slots `pos` has under `parents` parent positions.
    fn length<'c: 'a, 'a>(self, emitter: &Emitter<'c>, place: Place<'c, 'a>, parents: Value<'c, 'a>) -> Value<'c, 'a> {
        match self {
            Self::Shared => emitter.add(place, parents, emitter.index(place, 1)),
            Self::Paired => emitter.mul(place, parents, emitter.index(place, 2)),
        }
    }
}

pub(in crate::cfir_to_scf) struct Compressed<'c, 'a> {
    pub positions: Value<'c, 'a>,
    pub coordinates: Value<'c, 'a>,
    pub ordered: bool,
    pub unique: bool,
    pub bounds: Bounds,
}

impl<'c: 'a, 'a> LevelIterator<'c, 'a> for Compressed<'c, 'a> {
    fn iteration(&self) -> Iteration {
        Iteration::Positions
    }

    fn ordered(&self) -> bool {
        self.ordered
    }

    fn init(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, parent: Parent<'c, 'a>) -> Result<Cursor<'c, 'a>, LowerError> {
        let parent = parent.position(emitter, place)?;
        let (first, end) = match self.bounds {
            Bounds::Shared => emitter.segment(place, self.positions, parent),
            Bounds::Paired => {
                let (start, end) = self.bounds.slots(emitter, place, parent, emitter.index(place, 1));
                (emitter.load_index(place, self.positions, start), emitter.load_index(place, self.positions, end))
            }
        };
        Ok(Cursor::range(first, end))
    }

    fn coordinate(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        emitter.load_index(place, self.coordinates, cursor.position)
    }

    fn distinct(&self) -> bool {
        self.unique
    }

    fn run_coordinates(&self) -> Option<Value<'c, 'a>> {
        self.ordered.then_some(self.coordinates)
    }

    fn segments_abut(&self) -> bool {
        self.bounds == Bounds::Shared
    }
}

/// What an assembled level lacks before its fill pass.
const MISSING: LowerError = LowerError::Malformed("an assembled level without its buffers");

/// A compressed output level: entries arrive in order, so each new
/// coordinate is appended to `crd` and closes its parent's segment in `pos`.
/// A nonunique level (the head of COO) stores one position per entry, its
/// coordinates repeated: every entry is new there. A loose level is built
/// without gaps, each segment starting where the previous one ends.
pub(in crate::cfir_to_scf) struct Output {
    pub unique: bool,
    pub bounds: Bounds,
    /// Whether the level above is appended to as well (it is stored, not
    /// dense): its every position is created with an entry here, whose
    /// append ends that segment, so only `pos[0]` needs a value beforehand
    /// and no segment is left to close. The positions then cost what the
    /// output holds, not the bound on its parents (DCSR's rows).
    pub parent_appended: bool,
}

impl Output {
    /// Whether every segment's end is written by an append (see
    /// [`Output::parent_appended`]); a paired level's starts are not.
    fn segments_written(&self) -> bool {
        self.parent_appended && self.bounds == Bounds::Shared
    }
}

impl<'c: 'a, 'a> OutputLevel<'c, 'a> for Output {
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
        let count = emitter.load(place, assembly.counts, entry.slot);
        let new = if self.unique { entry.new } else { emitter.boolean(place, true) };
        emitter.append_where_new(place, assembly, entry.slot, new, |here| {
            let grown = emitter.add(here, count, one);
            emitter.store(here, grown, assembly.counts, entry.slot);
            if assembly.fill {
                let coordinates = output.level_buffer(level, LevelBuffer::Coordinates).ok_or(MISSING)?;
                let positions = output.level_buffer(level, LevelBuffer::Positions).ok_or(MISSING)?;
                emitter.store_index(here, entry.coordinate, coordinates, count);
                let (_, end) = self.bounds.slots(emitter, here, entry.parent, one);
                emitter.store_index(here, grown, positions, end);
            }
            Ok(())
        })
    }

    fn appends_runs(&self) -> bool {
        self.unique
    }

    /// `crd` takes the run's coordinates at once.
    fn copy_run(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &Buffers<'c, 'a>,
        level: usize,
        assembly: Assembly<'c, 'a>,
        run: Run<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let slot = emitter.index(place, level as i64);
        let first = emitter.load(place, assembly.counts, slot);
        let length = emitter.sub(place, run.end, run.start);
        if assembly.fill {
            let coordinates = output.level_buffer(level, LevelBuffer::Coordinates).ok_or(MISSING)?;
            emitter.for_each(place, length, |body, step| {
                let here = Place::End(body);
                let coordinate = emitter.load_index(here, run.coordinates, emitter.add(here, run.start, step));
                let coordinate = emitter.add(here, coordinate, run.offset);
                emitter.store_index(here, coordinate, coordinates, emitter.add(here, first, step));
            });
        }
        emitter.store(place, emitter.add(place, first, length), assembly.counts, slot);
        // The last entry's coordinate (the run's, or the entry before it
        // when the run is empty).
        let before_end = emitter.sub(place, run.end, emitter.index(place, 1));
        let last = emitter.add(place, emitter.load_index(place, run.coordinates, before_end), run.offset);
        emitter.store(place, last, assembly.last, slot);
        Ok(first)
    }

    fn end_segment(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &Buffers<'c, 'a>,
        level: usize,
        parent: Value<'c, 'a>,
        end: Value<'c, 'a>,
    ) -> Result<(), LowerError> {
        let positions = output.level_buffer(level, LevelBuffer::Positions).ok_or(MISSING)?;
        let (_, slot) = self.bounds.slots(emitter, place, parent, emitter.index(place, 1));
        emitter.store_index(place, end, positions, slot);
        Ok(())
    }

    fn allocate(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &mut Buffers<'c, 'a>,
        level: usize,
        parents: Value<'c, 'a>,
        count: &dyn Fn() -> Value<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let count = count();
        let widths = output.format().levels[level];
        let width = |buffer| index_type(widths.width(buffer), emitter.context);
        let slots = self.bounds.length(emitter, place, parents);
        let positions = emitter.alloc_buffer(place, width(LevelBuffer::Positions), slots);
        // Under dense levels sized when the program runs, positions that
        // malloc cannot give stop it before they are cleared.
        if !self.parent_appended && crate::cfir_to_scf::constant_index(parents).is_none() {
            emitter.check_allocated(place, positions, slots, RESULT_TOO_LARGE)?;
        }
        let zero = emitter.index(place, 0);
        if self.segments_written() {
            emitter.store_index(place, zero, positions, zero);
        } else {
            emitter.for_each(place, slots, |body, slot| emitter.store_index(Place::End(body), zero, positions, slot));
        }
        output.set_level_buffer(level, LevelBuffer::Positions, positions);
        output.set_level_buffer(level, LevelBuffer::Coordinates, emitter.alloc_buffer(place, width(LevelBuffer::Coordinates), count));
        Ok(count)
    }

    /// Each segment, in order, ends no earlier than the previous one:
    /// `pos[p + 1] = max(pos[p], pos[p + 1])`. A pair also starts there,
    /// `pos[2p] = pos[2p - 1]` (the first pair starts at 0 as allocated).
    /// Nothing to do where appends wrote every segment's end.
    fn close(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, output: &Buffers<'c, 'a>, level: usize) -> Result<(), LowerError> {
        if self.segments_written() {
            return Ok(());
        }
        let positions = output.level_buffer(level, LevelBuffer::Positions).expect("allocated");
        let size = emitter.length(place, positions);
        let one = emitter.index(place, 1);
        // Shared: segments 0.., the previous end at their start slot; paired:
        // segments 1.., the previous end in the slot before their start.
        let count = match self.bounds {
            Bounds::Shared => emitter.sub(place, size, one),
            Bounds::Paired => emitter.sub(place, emitter.div(place, size, emitter.index(place, 2)), one),
        };
        emitter.for_each(place, count, |body, step| {
            let here = Place::End(body);
            let segment = match self.bounds {
                Bounds::Shared => step,
                Bounds::Paired => emitter.add(here, step, emitter.index(here, 1)),
            };
            let (start, end) = self.bounds.slots(emitter, here, segment, emitter.index(here, 1));
            let previous_slot = match self.bounds {
                Bounds::Shared => start,
                Bounds::Paired => emitter.sub(here, start, emitter.index(here, 1)),
            };
            let previous_end = emitter.load_index(here, positions, previous_slot);
            let current = emitter.load_index(here, positions, end);
            let larger = emitter.max(here, previous_end, current);
            emitter.store_index(here, larger, positions, end);
            if self.bounds == Bounds::Paired {
                emitter.store_index(here, previous_end, positions, start);
            }
        });
        Ok(())
    }

    fn trim(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &mut Buffers<'c, 'a>,
        level: usize,
        assembly: Assembly<'c, 'a>,
        parents: Option<Value<'c, 'a>>,
    ) -> Option<Value<'c, 'a>> {
        let count = emitter.load(place, assembly.counts, emitter.index(place, level as i64));
        if let Some(parents) = parents {
            let slots = self.bounds.length(emitter, place, parents);
            let positions = output.level_buffer(level, LevelBuffer::Positions).expect("allocated");
            output.set_level_buffer(level, LevelBuffer::Positions, emitter.shrink(positions, slots, place));
        }
        let coordinates = output.level_buffer(level, LevelBuffer::Coordinates).expect("allocated");
        output.set_level_buffer(level, LevelBuffer::Coordinates, emitter.shrink(coordinates, count, place));
        Some(count)
    }
}
