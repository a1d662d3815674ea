//! `bytemap` (Finch's SparseBytemap, paper 002 Table 3): the coordinate `c`
//! of parent `p` is at position `p · N + c`, as in a dense level, and
//! `bitmap[p · N + c]` says whether it is stored; `pos[p]..pos[p + 1]` of
//! `crd` lists the stored coordinates in order. Visited through that list,
//! so a loop takes one step per stored coordinate, not per coordinate; in an
//! intersection with other levels, located by one bitmap load, not searched.
//! As an output level, entries arrive in order: each is listed as a
//! compressed level lists it, marked in the bitmap, and its value goes to
//! `p · N + c`; the positions no entry reaches hold the fill.

use super::compressed;
use crate::abi::index_type;
use crate::cfir_to_scf::assembly::{Assembly, Entry, OutputLevel};
use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Located, Parent};
use crate::cfir_to_scf::storage::Buffers;
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::place::Place;
use melior::{dialect::arith::CmpiPredicate, ir::Value};
use sparse_formats::{Iteration, LevelBuffer};

pub(in crate::cfir_to_scf) struct Bytemap<'c, 'a> {
    pub positions: Value<'c, 'a>,
    pub coordinates: Value<'c, 'a>,
    pub bitmap: Value<'c, 'a>,
    /// `N`, the size of the level's dimension.
    pub size: Value<'c, 'a>,
}

impl<'c: 'a, 'a> LevelIterator<'c, 'a> for Bytemap<'c, 'a> {
    fn iteration(&self) -> Iteration {
        Iteration::Positions
    }

    /// The parent's stored coordinates, and its row `p · N` of positions.
    fn init(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, parent: Parent<'c, 'a>) -> Result<Cursor<'c, 'a>, LowerError> {
        let parent = parent.position(emitter, place)?;
        let (first, end) = emitter.segment(place, self.positions, parent);
        let row = emitter.mul(place, parent, self.size);
        Ok(Cursor { offset: Some(row), ..Cursor::range(first, end) })
    }

    fn coordinate(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        emitter.load_index(place, self.coordinates, cursor.position)
    }

    /// `p · N + c`.
    fn position(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>, coordinate: Value<'c, 'a>) -> Value<'c, 'a> {
        emitter.add(place, cursor.offset.expect("init sets the row"), coordinate)
    }

    /// At `p · N + c`, stored where `bitmap[p · N + c]` is set.
    fn locate_stored(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        parent: Value<'c, 'a>,
        coordinate: Value<'c, 'a>,
    ) -> Option<Located<'c, 'a>> {
        let row = emitter.mul(place, parent, self.size);
        let position = emitter.add(place, row, coordinate);
        let flag = emitter.load_index(place, self.bitmap, position);
        let stored = emitter.compare(place, CmpiPredicate::Ne, flag, emitter.index(place, 0));
        Some(Located { position, stored })
    }
}

/// A bytemap output level: the list of a compressed one, and the bitmap.
pub(in crate::cfir_to_scf) struct Output<'c, 'a> {
    pub list: compressed::Output,
    /// `N`, the size of the level's dimension.
    pub size: Value<'c, 'a>,
}

impl<'c: 'a, 'a> OutputLevel<'c, 'a> for Output<'c, 'a> {
    /// Lists the coordinate where it is new and marks it; the entry's
    /// position is `p · N + c`.
    fn append(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &Buffers<'c, 'a>,
        level: usize,
        assembly: Assembly<'c, 'a>,
        entry: Entry<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        self.list.append(emitter, place, output, level, assembly, entry)?;
        let position = emitter.add(place, emitter.mul(place, entry.parent, self.size), entry.coordinate);
        if assembly.fill {
            let bitmap = output.level_buffer(level, LevelBuffer::Bitmap).ok_or(LowerError::Malformed("a bytemap without its bitmap"))?;
            emitter.store_index(place, emitter.index(place, 1), bitmap, position);
        }
        Ok(position)
    }

    fn positions_unwritten(&self) -> bool {
        true
    }

    /// The list's buffers, and a bitmap of `parents · N` zeros.
    fn allocate(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &mut Buffers<'c, 'a>,
        level: usize,
        parents: Value<'c, 'a>,
        count: &dyn Fn() -> Value<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        self.list.allocate(emitter, place, output, level, parents, count)?;
        if crate::cfir_to_scf::constant_index(self.size).is_none() {
            emitter.check_positions(place, parents, self.size)?;
        }
        let positions = emitter.mul(place, parents, self.size);
        let width = output.format().levels[level].width(LevelBuffer::Bitmap);
        let bitmap = emitter.zeroed_buffer(place, index_type(width, emitter.context), positions);
        output.set_level_buffer(level, LevelBuffer::Bitmap, bitmap);
        Ok(positions)
    }

    fn close(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, output: &Buffers<'c, 'a>, level: usize) -> Result<(), LowerError> {
        self.list.close(emitter, place, output, level)
    }

    /// The list cut to its entries; the bitmap, and the positions below,
    /// to `N` for each of the `parents` the level above counted.
    fn trim(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &mut Buffers<'c, 'a>,
        level: usize,
        assembly: Assembly<'c, 'a>,
        parents: Option<Value<'c, 'a>>,
    ) -> Option<Value<'c, 'a>> {
        self.list.trim(emitter, place, output, level, assembly, parents);
        let positions = emitter.mul(place, parents?, self.size);
        let bitmap = output.level_buffer(level, LevelBuffer::Bitmap).expect("allocated");
        output.set_level_buffer(level, LevelBuffer::Bitmap, emitter.shrink(bitmap, positions, place));
        Some(positions)
    }
}
