//! `singleton`: parent `p` has the one child position `p`, holding
//! coordinate `crd[p]`. It follows a nonunique level (the COO tail), so it is
//! walked over the parent's run of equal coordinates. Visited by position;
//! not locatable.

use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Parent};
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::place::Place;
use melior::ir::Value;
use sparse_formats::Iteration;

pub(in crate::cfir_to_scf) struct Singleton<'c, 'a> {
    pub coordinates: Value<'c, 'a>,
    pub ordered: bool,
}

impl<'c: 'a, 'a> LevelIterator<'c, 'a> for Singleton<'c, 'a> {
    fn iteration(&self) -> Iteration {
        Iteration::Positions
    }

    fn ordered(&self) -> bool {
        self.ordered
    }

    fn init(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, parent: Parent<'c, 'a>) -> Result<Cursor<'c, 'a>, LowerError> {
        let position = parent.position(emitter, place)?;
        let Parent::At { segment_end: Some(end), .. } = parent else {
            return Err(LowerError::Malformed("a singleton level needs a nonunique parent"));
        };
        Ok(Cursor::range(position, end))
    }

    fn coordinate(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        emitter.load_index(place, self.coordinates, cursor.position)
    }
}
