//! A reduction of every value a tensor stores into scalars: one loop over
//! the positions of its last level instead of a loop per level.
//!
//! Loops nested one per level, each driven by that level of one tensor
//! alone, visit the positions of its last level in order, each once: a
//! compressed level's segments follow one another (parents `lo..hi` own
//! the positions `pos[lo]..pos[hi]`), a dense level's parent `p` owns
//! `p·n..(p + 1)·n`, and a singleton level has one position per parent. So
//! when nothing in the nest reads a coordinate, and the innermost body only
//! reads the tensor's values and reduces into rank-0 tensors, the nest is
//! one `scf.for` over the last level's range, with the same values reduced
//! in the same order: a function called in order gives an identical result
//! (a sum inlined with `reassoc` may round differently in its last bits, as
//! any reordering LLVM makes of it may). The
//! flat loop has no loads of positions or coordinates per level and no
//! short inner trip counts, so a sum reassociated by its declared
//! properties (`reassociate.rs`) runs as one vectorized loop over the
//! values, as NumPy's `sum` does. A reduction by a function with an
//! annihilator keeps its nest, and the early exit that goes with it.

use super::error::LowerError;
use super::iterator::{Bound, LevelId, Parent, TensorId};
use super::{Emitter, Leaf, Scope};
use crate::ir::{block_ops, defining_op, name, users, value_key};
use crate::place::Place;
use melior::ir::{block::BlockLike, operation::OperationLike, BlockRef, OperationRef};
use sparse_dialects::{cfir, sig};
use sparse_formats::LevelKind;

/// A nest of `cfir.while` loops that [`Emitter::reduce_flat`] lowers as one.
pub(super) struct FlatNest<'c, 'a> {
    tensor: TensorId,
    /// The level the outermost loop visits.
    first: usize,
    /// The innermost loop's body.
    body: BlockRef<'c, 'a>,
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// The nest `op` heads, when it reduces every value under its
    /// tensor's current position (see the module doc).
    pub(super) fn flat_nest(&self, op: OperationRef<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<Option<FlatNest<'c, 'a>>, LowerError> {
        let Some(id) = self.lone_driver(op, scope)? else { return Ok(None) };
        let buffers = scope.tensor(id.tensor);
        let levels = buffers.format().levels.len();
        if buffers.batched() || buffers.values.is_none() || !buffers.format().levels[levels - 1].unique {
            return Ok(None);
        }
        // Where a nonunique parent's run of equal coordinates ends, its loop
        // owns the segments of the whole run: not one parent's.
        let parent = self.parent(Leaf::Level(id, None), scope);
        // A loop a lattice's earlier loop hands its drivers on to starts where that one stopped.
        let handed_on = self.leaves(op.operand(0)?)?.into_iter().any(|driver| scope.handoff.contains_key(&value_key(driver)));
        if !matches!(parent, Parent::Root | Parent::At { segment_end: None, .. }) || handed_on {
            return Ok(None);
        }
        let mut current = op;
        let mut level = id.level;
        loop {
            let stored = buffers.format().levels[level];
            let flat = match stored.kind {
                LevelKind::Dense => buffers.level_size(level).is_ok(),
                LevelKind::Compressed | LevelKind::Singleton => true,
                _ => false,
            };
            let body = cfir::While::of(current).and_then(|view| view.body()).ok_or(LowerError::Malformed("cfir.while has no body"))?;
            if !flat || buffers.slice_of(level).is_some() || !users(body.argument(0)?.into()).is_empty() {
                return Ok(None);
            }
            let ops = block_ops(body);
            if level + 1 == levels {
                let reduces_values = ops.iter().all(|&inner| self.reads_or_reduces(inner, id.tensor, scope));
                return Ok(reduces_values.then_some(FlatNest { tensor: id.tensor, first: id.level, body }));
            }
            // Above the last level: the next level's sequence and its loop.
            let mut loops = ops.iter().filter(|inner| ![sig::Level::NAME, sparse_dialects::YIELD].contains(&name(**inner).as_str()));
            let (Some(&inner), None) = (loops.next(), loops.next()) else { return Ok(None) };
            match self.lone_driver(inner, scope)? {
                Some(next) if next == (LevelId { tensor: id.tensor, level: level + 1 }) => {}
                _ => return Ok(None),
            }
            current = inner;
            level += 1;
        }
    }

    /// The level `op` walks when it is a plain `cfir.while` over one level.
    pub(super) fn lone_driver(&self, op: OperationRef<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<Option<LevelId>, LowerError> {
        let Some(view) = cfir::While::of(op) else { return Ok(None) };
        if view.until() != cfir::Until::AnyRunsOut || view.binding_counts() != Some((0, 0)) {
            return Ok(None);
        }
        let drivers = self.leaves(op.operand(0)?)?;
        let [driver] = drivers[..] else { return Ok(None) };
        // A sig.level of one of the kernel's tensors: not a window or subsections.
        let is_level = defining_op(driver).is_some_and(|made| sig::Level::of(made).is_some());
        if !is_level {
            return Ok(None);
        }
        match self.leaf(driver, scope)? {
            Leaf::Level(id, None) => Ok(Some(id)),
            _ => Ok(None),
        }
    }

    /// Whether `op`, in the innermost body, reads only `tensor`'s values,
    /// computes, or reduces into a rank-0 tensor by a function without an
    /// annihilator.
    fn reads_or_reduces(&self, op: OperationRef<'c, 'a>, tensor: TensorId, scope: &Scope<'c, 'a>) -> bool {
        let op_name = name(op);
        match op_name.as_str() {
            cfir::Access::NAME => op.operand(0).ok().and_then(|read| scope.tensor_id(read)) == Some(tensor),
            cfir::Reduce::NAME => {
                let Some(target) = op.operand(0).ok().and_then(|target| scope.tensor_id(target)) else { return false };
                let function = cfir::Reduce::of(op).and_then(|view| view.function());
                let buffers = scope.tensor(target);
                op.operand_count() == 2
                    && buffers.format().rank() == 0
                    && buffers.assembly.is_none()
                    && function.is_some_and(|function| super::early_exit::accumulator_annihilator(op, function).is_none())
            }
            sparse_dialects::YIELD => true,
            _ => (op_name.starts_with("arith.") || op_name.starts_with("math.")) && op.region_count() == 0,
        }
    }

    /// The nest as one `scf.for` over the positions of its tensor's last
    /// level that lie under the outermost loop's parent.
    pub(super) fn reduce_flat(&self, nest: &FlatNest<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let buffers = scope.tensor(nest.tensor).clone();
        let parent = self.parent(Leaf::Level(LevelId { tensor: nest.tensor, level: nest.first }, None), scope);
        let mut low = parent.position(self, place)?;
        let mut high = self.add(place, low, self.index(place, 1));
        let levels = buffers.format().levels.len();
        for level in nest.first..levels {
            match buffers.format().levels[level].kind {
                LevelKind::Dense => {
                    let size = buffers.level_size(level)?;
                    low = self.mul(place, low, size);
                    high = self.mul(place, high, size);
                }
                LevelKind::Compressed => {
                    let positions = buffers
                        .level_buffer(level, sparse_formats::LevelBuffer::Positions)
                        .ok_or(LowerError::Malformed("a compressed level without positions"))?;
                    low = self.load_index(place, positions, low);
                    high = self.load_index(place, positions, high);
                }
                _ => {}
            }
        }
        let count = self.sub(place, high, low);
        let last = LevelId { tensor: nest.tensor, level: levels - 1 };
        let mut inner = scope.clone();
        self.try_for_each(place, count, |block, step| {
            let here = Place::End(block);
            let position = self.add(here, low, step);
            // No op of the nest reads a coordinate (flat_nest checked): the
            // bound's coordinate is never read.
            inner.levels.insert(last, Bound { position: Some(position), coordinate: position, segment_end: None, window: None });
            self.block(nest.body, block, &mut inner)
        })
    }
}
