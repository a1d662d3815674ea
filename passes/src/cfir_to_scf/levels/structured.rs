//! `structured` (n:m): parent `p` owns exactly the `n` positions
//! `p · n..(p + 1) · n`, position `q` holding coordinate `crd[q]`. Visited
//! by position, like `compressed` with its segment computed instead of
//! loaded; not locatable.

use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Parent};
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::place::Place;
use melior::ir::Value;
use sparse_formats::Iteration;

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
