//! Intersection by blocks: a loop that co-iterates two ordered compressed
//! levels and does work only where both store the coordinate passes whole
//! blocks of [`BLOCK`] positions of either level, before its first step and
//! after each step where the drivers did not meet (`coiterate.rs`).
//!
//! With `A` and `B` the next `BLOCK` coordinates of each driver, when no
//! coordinate of `A` is in `B` (one vector comparison of every pair, the
//! block intersection of sorted sets), the block whose last coordinate is
//! the smaller holds no coordinate of the other level at all: every
//! coordinate the other has left is at least its own block's first, and the
//! larger last ends a block that missed them all. That block is passed at
//! once. Where few coordinates meet (an elementwise product of unrelated
//! patterns, a slice against a shifted copy) the merge then takes one step
//! per block instead of one per coordinate. Where the drivers meet at every
//! step (a product of two matrices of one pattern) nothing is tested.

use super::error::LowerError;
use super::iterator::{Blocks, LevelIterator};
use super::{Emitter, Scope};
use crate::ir::{block_region, defining_op, is_within, only_block, users};
use crate::place::Place;
use melior::{
    dialect::{arith, scf},
    ir::{
        attribute::IntegerAttribute,
        block::BlockLike,
        operation::{OperationBuilder, OperationLike},
        r#type::{IntegerType, MemRefType},
        Attribute, Identifier, OperationRef, ShapedTypeLike, Type, Value, ValueLike,
    },
};
use sparse_dialects::sig;
use sparse_formats::Iteration;

/// How many positions of a driver one test passes.
const BLOCK: u64 = 4;

impl<'c: 'a, 'a> Emitter<'c> {
    /// Where the two drivers of the `cfir.while` `op` keep their
    /// coordinates when its loop may pass blocks: it intersects two
    /// iterators whose coordinates lie in buffers of one element type
    /// ([`LevelIterator::blocks`]; nothing else drives or ends it), the
    /// cases of its body all need both, and no later loop starts where it
    /// stops.
    pub(super) fn skippable(
        &self,
        op: OperationRef<'c, 'a>,
        drivers: &[Value<'c, 'a>],
        iterators: &[Box<dyn LevelIterator<'c, 'a> + 'a>],
        scope: &Scope<'c, 'a>,
    ) -> Result<Option<[Blocks<'c, 'a>; 2]>, LowerError> {
        let &[first, second] = drivers else { return Ok(None) };
        let sequence = defining_op(op.operand(0)?);
        let Some(sequence) = sequence.filter(|sequence| sig::Intersect::of(*sequence).is_some()) else { return Ok(None) };
        let fresh =
            |k: usize| iterators[k].iteration() == Iteration::Positions && !scope.handoff.contains_key(&crate::ir::value_key(drivers[k]));
        let Some(buffers) = blocks_of_both([&*iterators[0], &*iterators[1]]).filter(|_| fresh(0) && fresh(1)) else { return Ok(None) };
        // Nothing but this loop and its sequence reads the drivers.
        let read_elsewhere =
            |driver: Value<'c, 'a>| users(driver).into_iter().any(|user| user != op && user != sequence && !is_within(user, op));
        if read_elsewhere(first) || read_elsewhere(second) || scope.row_ends.iter().any(|(ends, _)| *ends == op) {
            return Ok(None);
        }
        // The body is one switch (beside the sequences it names), each of
        // whose cases needs both drivers.
        let Some(cases) = super::partners::sole_switch(op)? else { return Ok(None) };
        for case in &cases {
            let leaves = self.leaves(case.operand(0)?)?;
            if !(leaves.contains(&first) && leaves.contains(&second)) {
                return Ok(None);
            }
        }
        Ok(Some(buffers))
    }

    /// From `positions` (each at most its `ends`) in the ordered
    /// coordinates `buffers`, passes blocks that meet nothing (see the module
    /// doc): an `scf.while` at `place`; the positions where it stops.
    pub(super) fn skip_blocks(
        &self,
        place: Place<'c, 'a>,
        buffers: [Blocks<'c, 'a>; 2],
        positions: [Value<'c, 'a>; 2],
        ends: [Value<'c, 'a>; 2],
    ) -> Result<[Value<'c, 'a>; 2], LowerError> {
        let index = Type::index(self.context);
        let types = [index, index];
        let (before, after) = (block_region(&types, self.location), block_region(&types, self.location));
        let skip = place.put(scf::r#while(&positions, &types, before, after, self.location));
        // Test: both have a block left, and the blocks share no coordinate.
        let before = only_block(skip, 0);
        let here = Place::End(before);
        let at: [Value; 2] = [0, 1].map(|k| before.argument(k).expect("in range").into());
        let block = self.index(here, BLOCK as i64);
        let room = [0, 1].map(|k| self.compare(here, arith::CmpiPredicate::Ule, self.add(here, at[k], block), ends[k]));
        let room = self.and(here, &room);
        let flag = IntegerType::new(self.context, 1).into();
        let apart = self.branch(
            here,
            room,
            &[flag],
            |inside| Ok(vec![self.blocks_apart(inside, buffers, at)?]),
            |outside| Ok::<_, LowerError>(vec![self.boolean(outside, false)]),
        )?[0];
        before.append_operation(scf::condition(apart, &at, self.location));
        // Step: pass the block whose last coordinate is the smaller.
        let after = only_block(skip, 1);
        let here = Place::End(after);
        let at: [Value; 2] = [0, 1].map(|k| after.argument(k).expect("in range").into());
        let last = self.index(here, BLOCK as i64 - 1);
        let lasts = [0, 1].map(|k| {
            let stored = self.load(here, buffers[k].coordinates, self.add(here, at[k], last));
            match buffers[k].start {
                Some(start) => self.sub(here, stored, self.narrowed(here, start, stored.r#type())),
                None => stored,
            }
        });
        let first_behind = self.compare(here, arith::CmpiPredicate::Ult, lasts[0], lasts[1]);
        let block = self.index(here, BLOCK as i64);
        let passed = at.map(|position| self.add(here, position, block));
        let next = [self.select(here, first_behind, passed[0], at[0]), self.select(here, first_behind, at[1], passed[1])];
        after.append_operation(scf::r#yield(&next, self.location));
        Ok([0, 1].map(|k| skip.result(k).expect("two results").into()))
    }

    /// Whether the blocks of [`BLOCK`] coordinates at `at` in `buffers`
    /// share none (an `i1`): each of one block compared with every
    /// rotation of the other.
    fn blocks_apart(
        &self,
        place: Place<'c, 'a>,
        buffers: [Blocks<'c, 'a>; 2],
        at: [Value<'c, 'a>; 2],
    ) -> Result<Value<'c, 'a>, LowerError> {
        let element =
            MemRefType::try_from(buffers[0].coordinates.r#type()).map_err(|_| LowerError::Malformed("a coordinate buffer"))?.element();
        let vector = Type::vector(&[BLOCK], element);
        let mut blocks = Vec::new();
        for k in 0..2 {
            let load = OperationBuilder::new("vector.load", self.location)
                .add_operands(&[buffers[k].coordinates, at[k]])
                .add_results(&[vector])
                .build()?;
            let stored = self.one(place, load);
            blocks.push(match buffers[k].start {
                Some(start) => {
                    let start = self.narrowed(place, start, element);
                    let broadcast =
                        OperationBuilder::new("vector.broadcast", self.location).add_operands(&[start]).add_results(&[vector]).build()?;
                    self.one(place, arith::subi(stored, self.one(place, broadcast), self.location))
                }
                None => stored,
            });
        }
        let (first, second) = (blocks[0], blocks[1]);
        let flags: Type = Type::vector(&[BLOCK], IntegerType::new(self.context, 1).into());
        let equal = IntegerAttribute::new(IntegerType::new(self.context, 64).into(), arith::CmpiPredicate::Eq as i64);
        let mut met = None;
        for rotation in 0..BLOCK {
            let rotated = if rotation == 0 {
                second
            } else {
                let mask = (0..BLOCK).map(|lane| ((lane + rotation) % BLOCK).to_string()).collect::<Vec<_>>().join(", ");
                let mask = Attribute::parse(self.context, &format!("array<i64: {mask}>")).ok_or(LowerError::Malformed("a shuffle mask"))?;
                let shuffle = OperationBuilder::new("vector.shuffle", self.location)
                    .add_operands(&[second, second])
                    .add_attributes(&[(Identifier::new(self.context, "mask"), mask)])
                    .add_results(&[vector])
                    .build()?;
                self.one(place, shuffle)
            };
            let compare = OperationBuilder::new("arith.cmpi", self.location)
                .add_operands(&[first, rotated])
                .add_attributes(&[(Identifier::new(self.context, "predicate"), equal.into())])
                .add_results(&[flags])
                .build()?;
            let same = self.one(place, compare);
            met = Some(match met {
                None => same,
                Some(met) => self.one(place, arith::ori(met, same, self.location)),
            });
        }
        let kind = Attribute::parse(self.context, "#vector.kind<or>").ok_or(LowerError::Malformed("a combining kind"))?;
        let any = OperationBuilder::new("vector.reduction", self.location)
            .add_operands(&[met.expect("a rotation")])
            .add_attributes(&[(Identifier::new(self.context, "kind"), kind)])
            .add_results(&[IntegerType::new(self.context, 1).into()])
            .build()?;
        let any = self.one(place, any);
        Ok(self.negate(place, any))
    }
}

/// Where two iterators keep their coordinates, when both keep them in
/// buffers of one element type ([`LevelIterator::blocks`]), which
/// [`Emitter::skip_blocks`] compares a block at a time.
pub(super) fn blocks_of_both<'c: 'a, 'a>(iterators: [&dyn LevelIterator<'c, 'a>; 2]) -> Option<[Blocks<'c, 'a>; 2]> {
    let (first, second) = (iterators[0].blocks()?, iterators[1].blocks()?);
    let element = |blocks: Blocks<'c, 'a>| MemRefType::try_from(blocks.coordinates.r#type()).ok().map(|memref| memref.element());
    (element(first).is_some() && element(first) == element(second)).then_some([first, second])
}
