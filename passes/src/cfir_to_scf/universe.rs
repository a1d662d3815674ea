//! A universe: the coordinates `0..size` of no tensor (`sig.universe`),
//! which a loop visits when no tensor level drives it.

use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Parent};
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::place::Place;
use melior::ir::Value;
use sparse_formats::Iteration;

pub(in crate::cfir_to_scf) struct Universe<'c, 'a> {
    pub size: Value<'c, 'a>,
}

impl<'c: 'a, 'a> LevelIterator<'c, 'a> for Universe<'c, 'a> {
    fn iteration(&self) -> Iteration {
        Iteration::Coordinates
    }

    fn init(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, _parent: Parent<'c, 'a>) -> Result<Cursor<'c, 'a>, LowerError> {
        Ok(Cursor::range(emitter.index(place, 0), self.size))
    }

    fn coordinate(&self, _emitter: &Emitter<'c>, _place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        cursor.position
    }
}
