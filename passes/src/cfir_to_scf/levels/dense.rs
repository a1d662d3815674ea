//! `dense`: every coordinate `0..N` under every parent, the coordinate `c`
//! at position `parent · N + c`. Visited by coordinate and located; as an
//! output level, an entry is located too.

use crate::cfir_to_scf::assembly::{Assembly, Entry, OutputLevel};
use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Parent};
use crate::cfir_to_scf::storage::Buffers;
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::place::Place;
use melior::ir::Value;
use sparse_formats::Iteration;

pub(in crate::cfir_to_scf) struct Dense<'c, 'a> {
    /// `N`, the size of the level's dimension.
    pub size: Value<'c, 'a>,
}

impl<'c: 'a, 'a> LevelIterator<'c, 'a> for Dense<'c, 'a> {
    fn iteration(&self) -> Iteration {
        Iteration::Coordinates
    }

    fn init(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, _parent: Parent<'c, 'a>) -> Result<Cursor<'c, 'a>, LowerError> {
        Ok(Cursor::range(emitter.index(place, 0), self.size))
    }

    fn coordinate(&self, _emitter: &Emitter<'c>, _place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        cursor.position
    }

    fn locate(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        parent: Value<'c, 'a>,
        coordinate: Value<'c, 'a>,
    ) -> Option<Value<'c, 'a>> {
        let scaled = emitter.mul(place, parent, self.size);
        Some(emitter.add(place, scaled, coordinate))
    }
}

impl<'c: 'a, 'a> OutputLevel<'c, 'a> for Dense<'c, 'a> {
    fn append(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        _output: &Buffers<'c, 'a>,
        _level: usize,
        _assembly: Assembly<'c, 'a>,
        entry: Entry<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        Ok(self.locate(emitter, place, entry.parent, entry.coordinate).expect("a dense level is located"))
    }

    fn positions_unwritten(&self) -> bool {
        true
    }

    fn allocate(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        _output: &mut Buffers<'c, 'a>,
        _level: usize,
        parents: Value<'c, 'a>,
        _count: &dyn Fn() -> Value<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        Ok(emitter.mul(place, parents, self.size))
    }

    /// Below a counted level, a dense level has `size` positions per parent.
    fn trim(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        _output: &mut Buffers<'c, 'a>,
        _level: usize,
        _assembly: Assembly<'c, 'a>,
        parents: Option<Value<'c, 'a>>,
    ) -> Option<Value<'c, 'a>> {
        Some(emitter.mul(place, parents?, self.size))
    }
}
