//! `band` (Finch's SparseBand, paper 002 Table 3): parent `p` owns one block
//! of consecutive coordinates, the positions `pos[p]..pos[p + 1]`, starting
//! at coordinate `crd[p]`. Visited by position, but a coordinate is the
//! position plus a fixed offset, `crd[p] − pos[p]`: the band's middle is a
//! plain dense loop with no coordinate loads (the looplet specialization of
//! paper 002 §4: a `Lookup` between two `Run`s of the fill). Located by
//! arithmetic, so an intersection with other levels tests a range, not a
//! list.

use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Located, Parent};
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::place::Place;
use melior::{dialect::arith::CmpiPredicate, ir::Value};
use sparse_formats::Iteration;

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
