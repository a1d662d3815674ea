//! `singleton`: parent `p` has the one child position `p`, holding
//! coordinate `crd[p]`. It follows a nonunique level (the COO tail), so it is
//! walked over the parent's run of equal coordinates. Visited by position;
//! not locatable; as an output level, it stores each entry's coordinate at
//! its parent's position.

use crate::abi::index_type;
use crate::cfir_to_scf::assembly::{Assembly, Entry, OutputLevel};
use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Parent};
use crate::cfir_to_scf::storage::Buffers;
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::place::Place;
use melior::ir::Value;
use sparse_formats::{Iteration, LevelBuffer};

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

/// A singleton output level: one position per parent position, the same.
pub(in crate::cfir_to_scf) struct Output;

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
        if assembly.fill {
            let coordinates = output
                .level_buffer(level, LevelBuffer::Coordinates)
                .ok_or(LowerError::Malformed("an assembled level without its buffers"))?;
            emitter.store_index(place, entry.coordinate, coordinates, entry.parent);
        }
        Ok(entry.parent)
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
        output.set_level_buffer(level, LevelBuffer::Coordinates, emitter.alloc_buffer(place, width, parents));
        Ok(parents)
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
        let parents = parents?;
        let coordinates = output.level_buffer(level, LevelBuffer::Coordinates).expect("allocated");
        output.set_level_buffer(level, LevelBuffer::Coordinates, emitter.shrink(coordinates, parents, place));
        Some(parents)
    }
}
