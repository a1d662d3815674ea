//! `structured` (n:m): parent `p` owns exactly the `n` positions
//! `p · n..(p + 1) · n`, position `q` holding coordinate `crd[q]`. Visited
//! by position, like `compressed` with its segment computed instead of
//! loaded; not locatable. As the last level of an output, each group is
//! filled in order and then padded to `n` entries with the fill value.

use crate::abi::index_type;
use crate::cfir_to_scf::assembly::{Assembly, Entry, OutputLevel};
use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Parent};
use crate::cfir_to_scf::storage::Buffers;
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::place::Place;
use melior::dialect::{arith, scf};
use melior::ir::{block::BlockLike, Value};
use sparse_formats::{Iteration, LevelBuffer};

pub(in crate::cfir_to_scf) struct Structured<'c, 'a> {
    pub coordinates: Value<'c, 'a>,
    /// How many positions each parent owns.
    pub n: i64,
}

impl<'c: 'a, 'a> LevelIterator<'c, 'a> for Structured<'c, 'a> {
    fn iteration(&self) -> Iteration {
        Iteration::Positions
    }

    fn ordered(&self) -> bool {
        true
    }

    fn init(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, parent: Parent<'c, 'a>) -> Result<Cursor<'c, 'a>, LowerError> {
        let n = emitter.index(place, self.n);
        let first = emitter.mul(place, parent.position(emitter, place)?, n);
        Ok(Cursor::range(first, emitter.add(place, first, n)))
    }

    fn coordinate(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        emitter.load_index(place, self.coordinates, cursor.position)
    }
}

/// A structured output level: `n` positions per parent. Entries arrive in
/// order, so an entry starts its group's next position, which is the
/// group's first when the group is new (every earlier group's positions
/// lie below it); a group given more than `n` entries stops the program.
/// Unused positions hold `m`, no coordinate, until [`OutputLevel::close`]
/// pads each group.
pub(in crate::cfir_to_scf) struct Output {
    pub n: i64,
    pub m: i64,
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
        let (one, n) = (emitter.index(place, 1), emitter.index(place, self.n));
        let next = emitter.load(place, assembly.counts, entry.slot);
        let first = emitter.mul(place, entry.parent, n);
        // A repeated entry (an insert at the same coordinates) takes the
        // position it had.
        let position = emitter.select(place, entry.new, emitter.max(place, next, first), emitter.sub(place, next, one));
        let after = emitter.add(place, position, one);
        emitter.store(place, after, assembly.counts, entry.slot);
        let within = emitter.compare(place, arith::CmpiPredicate::Ule, after, emitter.add(place, first, n));
        let message = format!("a group of the {}:{} level {level} would hold more than {} entries", self.n, self.m, self.n);
        emitter.check(place, within, &message)?;
        if assembly.fill {
            let coordinates = output
                .level_buffer(level, LevelBuffer::Coordinates)
                .ok_or(LowerError::Malformed("an assembled level without its buffers"))?;
            emitter.store_index(place, entry.coordinate, coordinates, position);
        }
        Ok(position)
    }

    fn allocate(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &mut Buffers<'c, 'a>,
        level: usize,
        parents: Value<'c, 'a>,
        _count: &dyn Fn() -> Value<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let width = index_type(output.format().levels[level].width(LevelBuffer::Coordinates), emitter.context);
        let slots = emitter.mul(place, parents, emitter.index(place, self.n));
        let coordinates = emitter.alloc_buffer(place, width, slots);
        let unused = emitter.index(place, self.m);
        emitter.for_each(place, slots, |body, slot| emitter.store_index(Place::End(body), unused, coordinates, slot));
        output.set_level_buffer(level, LevelBuffer::Coordinates, coordinates);
        Ok(slots)
    }

    /// Pads each group to `n` entries with the fill at its lowest unused
    /// coordinates (as the runtime pads what it reads), keeping them
    /// ascending: a walk down the coordinates `m - 1..0` writes the group
    /// from its last position down, moving each stored entry up to where it
    /// belongs and taking a coordinate not stored when fewer than the
    /// padding owed are unused below it. A write lands at or above the
    /// stored entry read in the same step, so no entry is overwritten before
    /// it is moved.
    fn close(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, output: &Buffers<'c, 'a>, level: usize) -> Result<(), LowerError> {
        let missing = || LowerError::Malformed("an assembled level without its buffers");
        let coordinates = output.level_buffer(level, LevelBuffer::Coordinates).ok_or_else(missing)?;
        let values = output.values.ok_or_else(missing)?;
        let fill = emitter.constant(output.encoding.fill, output.element, place)?;
        let groups = emitter.div(place, emitter.length(place, coordinates), emitter.index(place, self.n));
        emitter.try_for_each(place, groups, |body, group| {
            let here = Place::End(body);
            let [zero, one, n, m] = [0, 1, self.n, self.m].map(|value| emitter.index(here, value));
            let base = emitter.mul(here, group, n);
            let end = emitter.add(here, base, n);
            let used = emitter.advance_while(here, base, end, &|at, q| {
                emitter.compare(at, arith::CmpiPredicate::Ult, emitter.load_index(at, coordinates, q), m)
            });
            let stored = emitter.sub(here, used, base);
            let padding = emitter.sub(here, n, stored);
            // Carried: the stored entries not yet moved (those at
            // coordinates up to the current one) and the positions not yet
            // written.
            let walk = emitter.carried_for(here, zero, m, one, &[stored, n])?;
            let inside = Place::End(walk.body);
            let [entries, open] = [walk.carried[0], walk.carried[1]];
            let coordinate = emitter.sub(inside, emitter.sub(inside, m, one), walk.index);
            let any = emitter.compare(inside, arith::CmpiPredicate::Ugt, entries, zero);
            let top = emitter.add(inside, base, emitter.sub(inside, entries, emitter.select(inside, any, one, zero)));
            let is_stored = emitter.compare(inside, arith::CmpiPredicate::Eq, emitter.load_index(inside, coordinates, top), coordinate);
            let is_stored = emitter.and(inside, &[any, is_stored]);
            // Not stored, the coordinate has `coordinate - entries` unused ones below it.
            let unused_below = emitter.sub(inside, coordinate, entries);
            let padded = emitter.compare(inside, arith::CmpiPredicate::Slt, unused_below, padding);
            let taken = emitter.one(inside, arith::ori(is_stored, padded, emitter.location));
            let write = emitter.then(inside, taken);
            let at = Place::End(write);
            let value = emitter.select(at, is_stored, emitter.load(at, values, top), fill);
            let slot = emitter.sub(at, emitter.add(at, base, open), emitter.index(at, 1));
            emitter.store_index(at, coordinate, coordinates, slot);
            emitter.store(at, value, values, slot);
            write.append_operation(scf::r#yield(&[], emitter.location));
            let step = |condition| emitter.select(inside, condition, one, zero);
            let entries = emitter.sub(inside, entries, step(is_stored));
            let open = emitter.sub(inside, open, step(taken));
            walk.body.append_operation(scf::r#yield(&[entries, open], emitter.location));
            Ok(())
        })
    }

    fn trim(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &mut Buffers<'c, 'a>,
        level: usize,
        _assembly: Assembly<'c, 'a>,
        parents: Option<Value<'c, 'a>>,
    ) -> Option<Value<'c, 'a>> {
        let slots = emitter.mul(place, parents?, emitter.index(place, self.n));
        let coordinates = output.level_buffer(level, LevelBuffer::Coordinates).expect("allocated");
        output.set_level_buffer(level, LevelBuffer::Coordinates, emitter.shrink(coordinates, slots, place));
        Some(slots)
    }
}
