//! `bytemap` (Finch's SparseBytemap, paper 002 Table 3): the coordinate `c`
//! of parent `p` is at position `p · N + c`, as in a dense level, and
//! `bitmap[p · N + c]` says whether it is stored; `pos[p]..pos[p + 1]` of
//! `crd` lists the stored coordinates in order. Visited through that list,
//! so a loop takes one step per stored coordinate, not per coordinate; in an
//! intersection with other levels, located by one bitmap load, not searched.

use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Located, Parent};
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::place::Place;
use melior::{dialect::arith::CmpiPredicate, ir::Value};
use sparse_formats::Iteration;

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
