//! `compressed`: parent `p` owns the positions `pos[p]..pos[p + 1]`, position
//! `q` holding coordinate `crd[q]`. Visited by position; not locatable; as an
//! output level, appended to in order.

use crate::abi::index_type;
use crate::cfir_to_scf::assembly::{Assembly, Entry, OutputLevel};
use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Parent};
use crate::cfir_to_scf::storage::Buffers;
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::place::Place;
use melior::{
    dialect::scf,
    ir::{block::BlockLike, Value},
};
use sparse_formats::{Iteration, LevelBuffer};

pub(in crate::cfir_to_scf) struct Compressed<'c, 'a> {
    pub positions: Value<'c, 'a>,
    pub coordinates: Value<'c, 'a>,
    pub ordered: bool,
}

impl<'c: 'a, 'a> LevelIterator<'c, 'a> for Compressed<'c, 'a> {
    fn iteration(&self) -> Iteration {
        Iteration::Positions
    }

    fn ordered(&self) -> bool {
        self.ordered
    }

    fn init(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, parent: Parent<'c, 'a>) -> Result<Cursor<'c, 'a>, LowerError> {
        let (first, end) = emitter.segment(place, self.positions, parent.position(emitter, place)?);
        Ok(Cursor::range(first, end))
    }

    fn coordinate(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        emitter.load_index(place, self.coordinates, cursor.position)
    }
}

/// A compressed output level: entries arrive in order, so each new
/// coordinate is appended to `crd` and closes its parent's segment in `pos`.
/// A nonunique level (the head of COO) stores one position per entry, its
/// coordinates repeated: every entry is new there.
pub(in crate::cfir_to_scf) struct Output {
    pub unique: bool,
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
        let appended = emitter.then(place, new);
        let grown = emitter.add(Place::End(appended), count, one);
        emitter.store(Place::End(appended), grown, assembly.counts, entry.slot);
        if assembly.fill {
            let missing = || LowerError::Malformed("an assembled level without its buffers");
            let coordinates = output.level_buffer(level, LevelBuffer::Coordinates).ok_or_else(missing)?;
            let positions = output.level_buffer(level, LevelBuffer::Positions).ok_or_else(missing)?;
            emitter.store_index(Place::End(appended), entry.coordinate, coordinates, count);
            let slot = emitter.add(Place::End(appended), entry.parent, one);
            emitter.store_index(Place::End(appended), grown, positions, slot);
        }
        appended.append_operation(scf::r#yield(&[], emitter.location));
        let count = emitter.load(place, assembly.counts, entry.slot);
        Ok(emitter.sub(place, count, one))
    }

    fn allocate(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &mut Buffers<'c, 'a>,
        level: usize,
        parents: Value<'c, 'a>,
        count: &dyn Fn() -> Value<'c, 'a>,
    ) -> Value<'c, 'a> {
        let count = count();
        let widths = output.format().levels[level];
        let width = |buffer| index_type(widths.width(buffer), emitter.context);
        let one = emitter.index(place, 1);
        let slots = emitter.add(place, parents, one);
        let positions = emitter.alloc_buffer(place, width(LevelBuffer::Positions), slots);
        let zero = emitter.index(place, 0);
        emitter.for_each(place, slots, |body, slot| emitter.store_index(Place::End(body), zero, positions, slot));
        output.set_level_buffer(level, LevelBuffer::Positions, positions);
        output.set_level_buffer(level, LevelBuffer::Coordinates, emitter.alloc_buffer(place, width(LevelBuffer::Coordinates), count));
        count
    }

    /// `pos[p + 1] = max(pos[p], pos[p + 1])` for every parent in order.
    fn close(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, output: &Buffers<'c, 'a>, level: usize) {
        let positions = output.level_buffer(level, LevelBuffer::Positions).expect("allocated");
        let size = emitter.length(place, positions);
        let one = emitter.index(place, 1);
        let count = emitter.sub(place, size, one);
        emitter.for_each(place, count, |body, parent| {
            let here = Place::End(body);
            let slot = emitter.add(here, parent, emitter.index(here, 1));
            let before = emitter.load_index(here, positions, parent);
            let current = emitter.load_index(here, positions, slot);
            let larger = emitter.max(here, before, current);
            emitter.store_index(here, larger, positions, slot);
        });
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
            let one = emitter.index(place, 1);
            let slots = emitter.add(place, parents, one);
            let positions = output.level_buffer(level, LevelBuffer::Positions).expect("allocated");
            output.set_level_buffer(level, LevelBuffer::Positions, emitter.shrink(positions, slots, place));
        }
        let coordinates = output.level_buffer(level, LevelBuffer::Coordinates).expect("allocated");
        output.set_level_buffer(level, LevelBuffer::Coordinates, emitter.shrink(coordinates, count, place));
        Some(count)
    }
}
