//! `band` (Finch's SparseBand, paper 002 Table 3): parent `p` owns one block
//! of consecutive coordinates, the positions `pos[p]..pos[p + 1]`, starting
//! at coordinate `crd[p]`. Visited by position, but a coordinate is the
//! position plus a fixed offset, `crd[p] − pos[p]`: the band's middle is a
//! plain dense loop with no coordinate loads (the looplet specialization of
//! paper 002 §4: a `Lookup` between two `Run`s of the fill). Located by
//! arithmetic, so an intersection with other levels tests a range, not a
//! list.
//!
//! As an output level, entries arrive in order: a parent's first entry
//! starts its band (its coordinate is `crd[p]`), and each later one takes
//! the position as far past the previous entry's as its coordinate is, the
//! positions between holding the fill. A band's positions are not bounded
//! by its entries, so its buffers are sized by the counting pass, which
//! counts them the same way; a result written out of order (through a
//! workspace) or by inserts, whose buffers are sized by their entries, is
//! refused.

use super::compressed;
use crate::abi::index_type;
use crate::cfir_to_scf::assembly::{Assembly, Entry, OutputLevel};
use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Located, Parent};
use crate::cfir_to_scf::storage::Buffers;
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::place::Place;
use melior::{
    dialect::{arith::CmpiPredicate, scf},
    ir::{block::BlockLike, Value},
};
use sparse_formats::{Iteration, LevelBuffer};

pub(in crate::cfir_to_scf) struct Band<'c, 'a> {
    pub positions: Value<'c, 'a>,
    /// The first coordinate of each parent's band.
    pub starts: Value<'c, 'a>,
}

impl<'c: 'a, 'a> LevelIterator<'c, 'a> for Band<'c, 'a> {
    fn iteration(&self) -> Iteration {
        Iteration::Positions
    }

    fn init(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, parent: Parent<'c, 'a>) -> Result<Cursor<'c, 'a>, LowerError> {
        let parent = parent.position(emitter, place)?;
        let (first, end) = emitter.segment(place, self.positions, parent);
        let start = emitter.load_index(place, self.starts, parent);
        Ok(Cursor { offset: Some(emitter.sub(place, start, first)), ..Cursor::range(first, end) })
    }

    fn coordinate(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        emitter.add(place, cursor.position, cursor.offset.expect("init sets a band's offset"))
    }

    /// At `pos[p] + c − crd[p]`, stored where `c − crd[p]` (unsigned, so a
    /// coordinate before the band wraps past its end) is below the band's
    /// length.
    fn locate_stored(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        parent: Value<'c, 'a>,
        coordinate: Value<'c, 'a>,
    ) -> Option<Located<'c, 'a>> {
        let (first, end) = emitter.segment(place, self.positions, parent);
        let start = emitter.load_index(place, self.starts, parent);
        let offset = emitter.sub(place, coordinate, start);
        let length = emitter.sub(place, end, first);
        let stored = emitter.compare(place, CmpiPredicate::Ult, offset, length);
        Some(Located { position: emitter.add(place, first, offset), stored })
    }
}

/// What an assembled level lacks before its fill pass.
const MISSING: LowerError = LowerError::Malformed("an assembled band level without its buffers");

/// A band output level. In both passes the assembly's `counts` are its
/// positions so far and its `groups` the parent of the last entry plus one
/// (0 before the first). `segments` closes `pos` as a compressed level's
/// (cleared at first: a parent without entries has an empty band at 0).
pub(in crate::cfir_to_scf) struct Output {
    pub segments: compressed::Output,
}

impl<'c: 'a, 'a> OutputLevel<'c, 'a> for Output {
    /// A new entry under the last entry's parent lies `c − previous`
    /// positions past it; under another parent it starts that parent's band
    /// at the next position.
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
            let count = emitter.load(here, assembly.counts, entry.slot);
            let parent_after = emitter.add(here, entry.parent, one);
            let same = emitter.compare(here, CmpiPredicate::Eq, emitter.load(here, assembly.groups, entry.slot), parent_after);
            let previous = emitter.load(here, assembly.last, entry.slot);
            let step = emitter.select(here, same, emitter.sub(here, entry.coordinate, previous), one);
            let grown = emitter.add(here, count, step);
            emitter.store(here, grown, assembly.counts, entry.slot);
            emitter.store(here, parent_after, assembly.groups, entry.slot);
            if assembly.fill {
                let positions = output.level_buffer(level, LevelBuffer::Positions).ok_or(MISSING)?;
                let starts = output.level_buffer(level, LevelBuffer::Coordinates).ok_or(MISSING)?;
                let started = emitter.then(here, emitter.negate(here, same));
                emitter.store_index(Place::End(started), count, positions, entry.parent);
                emitter.store_index(Place::End(started), entry.coordinate, starts, entry.parent);
                started.append_operation(scf::r#yield(&[], emitter.location));
                emitter.store_index(here, grown, positions, parent_after);
            }
            Ok(())
        })
    }

    fn positions_unwritten(&self) -> bool {
        true
    }

    fn positions_bounded_by_entries(&self) -> bool {
        false
    }

    /// `pos` of `parents + 1` zeros and `crd` of `parents` zeros; returns
    /// the positions counted.
    fn allocate(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &mut Buffers<'c, 'a>,
        level: usize,
        parents: Value<'c, 'a>,
        count: &dyn Fn() -> Value<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let widths = output.format().levels[level];
        let slots = emitter.add(place, parents, emitter.index(place, 1));
        let positions = emitter.zeroed_buffer(place, index_type(widths.width(LevelBuffer::Positions), emitter.context), slots);
        let starts = emitter.zeroed_buffer(place, index_type(widths.width(LevelBuffer::Coordinates), emitter.context), parents);
        output.set_level_buffer(level, LevelBuffer::Positions, positions);
        output.set_level_buffer(level, LevelBuffer::Coordinates, starts);
        Ok(count())
    }

    fn close(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, output: &Buffers<'c, 'a>, level: usize) -> Result<(), LowerError> {
        self.segments.close(emitter, place, output, level)
    }

    /// `pos` and `crd` cut to the `parents` the level above counted;
    /// returns the positions.
    fn trim(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &mut Buffers<'c, 'a>,
        level: usize,
        assembly: Assembly<'c, 'a>,
        parents: Option<Value<'c, 'a>>,
    ) -> Option<Value<'c, 'a>> {
        if let Some(parents) = parents {
            let positions = output.level_buffer(level, LevelBuffer::Positions).expect("allocated");
            let slots = emitter.add(place, parents, emitter.index(place, 1));
            output.set_level_buffer(level, LevelBuffer::Positions, emitter.shrink(positions, slots, place));
            let starts = output.level_buffer(level, LevelBuffer::Coordinates).expect("allocated");
            output.set_level_buffer(level, LevelBuffer::Coordinates, emitter.shrink(starts, parents, place));
        }
        Some(emitter.load(place, assembly.counts, emitter.index(place, level as i64)))
    }
}
