//! `variable_block` (Finch's SparseVBL, paper 002 Table 3): parent `p` owns
//! the blocks `pos[p]..pos[p + 1]`; block `b` starts at coordinate `crd[b]`
//! and holds the positions `offsets[b]..offsets[b + 1]`, one per consecutive
//! coordinate. Visited by position, carrying the block the position is in:
//! the coordinate is computed from the block's start, not loaded per entry.
//!
//! As an output level, entries arrive in order, each at the next position:
//! one whose coordinate follows the previous entry's, under the parent that
//! owns the last block, extends that block; any other starts a block. So
//! every block is as long as the entries allow (Finch's SparseVBL).

use super::compressed;
use crate::abi::index_type;
use crate::cfir_to_scf::assembly::{Assembly, Entry, OutputLevel};
use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Next, Parent};
use crate::cfir_to_scf::storage::Buffers;
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::place::Place;
use melior::{
    dialect::arith::CmpiPredicate,
    ir::{Type, Value},
};
use sparse_formats::{Iteration, LevelBuffer};

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

    /// The first block of the parent's that ends past `target` (a binary
    /// search over its blocks, whose coordinates rise), and in it the
    /// position of `target`, or its first position when it starts past
    /// `target`; the end when no block does.
    fn seek(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        parent: Parent<'c, 'a>,
        cursor: Cursor<'c, 'a>,
        target: Value<'c, 'a>,
    ) -> Result<Cursor<'c, 'a>, LowerError> {
        let (_, end_block) = emitter.segment(place, self.positions, parent.position(emitter, place)?);
        let from = cursor.state.ok_or(LowerError::Malformed("a variable-block cursor without its block"))?;
        let one = emitter.index(place, 1);
        let ends_before = |here: Place<'c, 'a>, block: Value<'c, 'a>| {
            let length = emitter.sub(
                here,
                emitter.load_index(here, self.offsets, emitter.add(here, block, one)),
                emitter.load_index(here, self.offsets, block),
            );
            let end = emitter.add(here, emitter.load_index(here, self.starts, block), length);
            emitter.compare(here, CmpiPredicate::Ule, end, target)
        };
        let block = emitter.partition_point(place, from, end_block, &ends_before);
        let found = emitter.compare(place, CmpiPredicate::Ult, block, end_block);
        let inside = |here: Place<'c, 'a>| {
            let start = emitter.load_index(here, self.starts, block);
            let within = emitter.sub(here, emitter.max(here, target, start), start);
            Ok(vec![emitter.add(here, emitter.load_index(here, self.offsets, block), within)])
        };
        let position = emitter.if_else(place, found, &[Type::index(emitter.context)], inside, |_| Ok(vec![cursor.end]))?[0];
        Ok(Cursor { position, state: Some(block), ..cursor })
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

/// What an assembled level lacks before its fill pass.
const MISSING: LowerError = LowerError::Malformed("an assembled variable-block level without its buffers");

/// A variable-block output level: its blocks listed as a compressed level
/// lists coordinates (`pos` per parent, `crd` each block's start), and
/// `offsets`. The list's segments are all cleared at first and closed at
/// the end (`parent_appended` is false): an append reads its parent's
/// segment end to learn whether the parent owns the last block (the
/// parent's end is the block count exactly then, block counts only rising).
pub(in crate::cfir_to_scf) struct Output {
    pub blocks: compressed::Output,
}

impl<'c: 'a, 'a> OutputLevel<'c, 'a> for Output {
    /// A new entry takes the next position, and extends the last block or
    /// starts one (its start stored at `crd[blocks]`, written ahead either
    /// way: the slot is past the blocks so far, and the next block's start
    /// overwrites it); the block it lands in then ends after it.
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
        let count = emitter.load(place, assembly.counts, entry.slot);
        emitter.append_where_new(place, assembly, entry.slot, entry.new, |here| {
            let grown = emitter.add(here, count, one);
            emitter.store(here, grown, assembly.counts, entry.slot);
            if assembly.fill {
                let positions = output.level_buffer(level, LevelBuffer::Positions).ok_or(MISSING)?;
                let starts = output.level_buffer(level, LevelBuffer::Coordinates).ok_or(MISSING)?;
                let offsets = output.level_buffer(level, LevelBuffer::Offsets).ok_or(MISSING)?;
                let blocks = emitter.load(here, assembly.groups, entry.slot);
                let segment_end = emitter.add(here, entry.parent, one);
                let owns_last = emitter.and(
                    here,
                    &[
                        emitter.compare(here, CmpiPredicate::Ne, blocks, emitter.index(here, 0)),
                        emitter.compare(here, CmpiPredicate::Eq, emitter.load_index(here, positions, segment_end), blocks),
                    ],
                );
                let previous = emitter.load(here, assembly.last, entry.slot);
                let follows = emitter.compare(here, CmpiPredicate::Eq, emitter.add(here, previous, one), entry.coordinate);
                let extends = emitter.and(here, &[owns_last, follows]);
                emitter.store_index(here, entry.coordinate, starts, blocks);
                let now = emitter.select(here, extends, blocks, emitter.add(here, blocks, one));
                emitter.store(here, now, assembly.groups, entry.slot);
                emitter.store_index(here, now, positions, segment_end);
                emitter.store_index(here, grown, offsets, now);
            }
            Ok(())
        })
    }

    /// The list's `pos` (cleared) and `crd`, and `offsets`, each with room
    /// for a block per entry; returns the entries.
    fn allocate(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &mut Buffers<'c, 'a>,
        level: usize,
        parents: Value<'c, 'a>,
        count: &dyn Fn() -> Value<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let entries = self.blocks.allocate(emitter, place, output, level, parents, count)?;
        let width = output.format().levels[level].width(LevelBuffer::Offsets);
        let offsets = emitter.alloc_buffer(place, index_type(width, emitter.context), emitter.add(place, entries, emitter.index(place, 1)));
        let zero = emitter.index(place, 0);
        emitter.store_index(place, zero, offsets, zero);
        output.set_level_buffer(level, LevelBuffer::Offsets, offsets);
        Ok(entries)
    }

    fn close(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, output: &Buffers<'c, 'a>, level: usize) -> Result<(), LowerError> {
        self.blocks.close(emitter, place, output, level)
    }

    /// `pos` cut to the `parents` the level above counted, `crd` to the
    /// blocks and `offsets` to one more; returns the entries.
    fn trim(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &mut Buffers<'c, 'a>,
        level: usize,
        assembly: Assembly<'c, 'a>,
        parents: Option<Value<'c, 'a>>,
    ) -> Option<Value<'c, 'a>> {
        let slot = emitter.index(place, level as i64);
        let entries = self.blocks.trim(emitter, place, output, level, assembly, parents);
        let blocks = emitter.load(place, assembly.groups, slot);
        let starts = output.level_buffer(level, LevelBuffer::Coordinates).expect("allocated");
        output.set_level_buffer(level, LevelBuffer::Coordinates, emitter.shrink(starts, blocks, place));
        let offsets = output.level_buffer(level, LevelBuffer::Offsets).expect("allocated");
        let length = emitter.add(place, blocks, emitter.index(place, 1));
        output.set_level_buffer(level, LevelBuffer::Offsets, emitter.shrink(offsets, length, place));
        entries
    }
}
