//! `variable_block` (Finch's SparseVBL, paper 002 Table 3): parent `p` owns
//! the blocks `pos[p]..pos[p + 1]`; block `b` starts at coordinate `crd[b]`
//! and holds the positions `offsets[b]..offsets[b + 1]`, one per consecutive
//! coordinate. Visited by position, carrying the block the position is in:
//! the coordinate is computed from the block's start, not loaded per entry.

use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Next, Parent};
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::place::Place;
use melior::{dialect::arith::CmpiPredicate, ir::Value};
use sparse_formats::Iteration;

pub(in crate::cfir_to_scf) struct VariableBlock<'c, 'a> {
    pub positions: Value<'c, 'a>,
    /// The first coordinate of each block.
    pub starts: Value<'c, 'a>,
    /// Where each block's positions start; one more than there are blocks.
    pub offsets: Value<'c, 'a>,
}

impl<'c: 'a, 'a> LevelIterator<'c, 'a> for VariableBlock<'c, 'a> {
    fn iteration(&self) -> Iteration {
        Iteration::Positions
    }

    /// From the first position of the parent's first block to the end of
    /// its last block, in the first block.
    fn init(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, parent: Parent<'c, 'a>) -> Result<Cursor<'c, 'a>, LowerError> {
        let (first_block, end_block) = emitter.segment(place, self.positions, parent.position(emitter, place)?);
        let first = emitter.load_index(place, self.offsets, first_block);
        let end = emitter.load_index(place, self.offsets, end_block);
        Ok(Cursor { state: Some(first_block), ..Cursor::range(first, end) })
    }

    /// `crd[b] + (q − offsets[b])`.
    fn coordinate(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        let block = cursor.state.expect("init sets the block");
        let start = emitter.load_index(place, self.starts, block);
        let first = emitter.load_index(place, self.offsets, block);
        let within = emitter.sub(place, cursor.position, first);
        emitter.add(place, start, within)
    }

    /// The next position, in the next block when it reaches this block's end
    /// (blocks are never empty).
    fn next(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>, _coordinate: Value<'c, 'a>) -> Next<'c, 'a> {
        let block = cursor.state.expect("init sets the block");
        let one = emitter.index(place, 1);
        let position = emitter.add(place, cursor.position, one);
        let next_block = emitter.add(place, block, one);
        let block_end = emitter.load_index(place, self.offsets, next_block);
        let crossed = emitter.compare(place, CmpiPredicate::Eq, position, block_end);
        Next { position, state: Some(emitter.select(place, crossed, next_block, block)), segment_end: None }
    }
}
