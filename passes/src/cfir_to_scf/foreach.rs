//! `sparse_tensor.foreach`: host loops over the stored entries of a tensor
//! ([`Emitter::walk_entries`], which a sorting conversion walks too).
//!
//! One loop per level, outermost first, each walking its level under the
//! position the loop above is at with the level's own iterator, every loop
//! carrying the op's reduction values: an `scf.for` over a dense level's
//! coordinates (then located) or a level's stored positions, or, for an
//! iterator that carries a state (variable blocks) or visits runs, an
//! `scf.while` stepping it by its `valid` and `next` (a run's coordinates
//! then each an entry at its position). The
//! body sees the entry's dimension coordinates (a block and its offset
//! recombined), its value, and the values carried so far; what it yields is
//! carried on.

use super::error::LowerError;
use super::iterator::{LevelId, Parent, TensorId};
use super::levels::level_iterator;
use super::slice::Window;
use super::storage::Buffers;
use super::{Emitter, Scope};
use crate::ir::value_key;
use crate::place::Place;
use melior::{
    dialect::scf,
    ir::{
        block::BlockLike,
        operation::{OperationBuilder, OperationLike},
        Block, BlockRef, OperationRef, Region, RegionLike, Type, Value, ValueLike,
    },
};
use sparse_dialects::encoding::Encoding;
use sparse_formats::{DimPart, Format, Iteration};

/// What [`Emitter::walk_entries`] does at each entry: given the entry's
/// dimension coordinates, its value and the carried values, the values to
/// carry on.
pub(super) type Visit<'c, 'a, 'v> = dyn FnMut(
        &Emitter<'c>,
        Place<'c, 'a>,
        &[Value<'c, 'a>],
        Value<'c, 'a>,
        &[Value<'c, 'a>],
        &mut Scope<'c, 'a>,
    ) -> Result<Vec<Value<'c, 'a>>, LowerError>
    + 'v;

/// What every loop of one `foreach` walks: the tensor's levels as a tensor
/// of their own, and the tensor's format, which maps them to dimensions.
struct Walk<'c, 'a, 'w> {
    tensor: TensorId,
    view: &'w Buffers<'c, 'a>,
    format: &'w Format,
    /// Per level, the coordinates a view of `arr.slice` reads of it (the
    /// level is walked whole, the others skipped); `None` when read whole.
    windows: Vec<Option<Window<'c, 'a>>>,
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// `sparse_tensor.foreach in %t init(%inits...) do { ... }`.
    pub(super) fn foreach(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        if op.attribute("order").is_ok() {
            return Err(LowerError::Op("sparse_tensor.foreach in an order other than the levels'".into()));
        }
        let tensor = self.readable(op.operand(0)?, scope)?;
        let inits = op.operands().skip(1).map(|init| scope.get(init)).collect::<Vec<_>>();
        let body = op.region(0)?.first_block().ok_or(LowerError::Malformed("sparse_tensor.foreach has no body"))?;
        let mut visit =
            |emitter: &Self, place: Place<'c, 'a>, dims: &[Value<'c, 'a>], value, carried: &[Value<'c, 'a>], scope: &mut Scope<'c, 'a>| {
                emitter.foreach_body(dims, value, carried, body, place, scope)
            };
        let results = self.walk_entries(tensor, &inits, &mut visit, place, scope)?;
        for (old, new) in op.results().zip(results) {
            scope.values.insert(value_key(old.into()), new);
        }
        Ok(())
    }

    /// Loops over every stored entry of `tensor`, carrying `inits`: at each,
    /// `visit` gets the entry's dimension coordinates, its value and the
    /// carried values, and returns the values carried on. Returns what the
    /// loops carry out.
    pub(super) fn walk_entries(
        &self,
        tensor: TensorId,
        inits: &[Value<'c, 'a>],
        visit: &mut Visit<'c, 'a, '_>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<Vec<Value<'c, 'a>>, LowerError> {
        let every_entry = "reading every entry (sparse_tensor.foreach, a conversion that sorts, tensor.pad of a sparse tensor)";
        let buffers = scope.tensor(tensor).unbatched(every_entry)?;
        if buffers.values.is_none() {
            return Err(LowerError::PatternSource);
        }
        // The loops walk the levels as a tensor of their own (a block and its
        // offset are two levels), whose sizes are the level sizes.
        let format = buffers.format().clone();
        let levels = Format::new(format.levels.clone(), (0..format.rank()).collect()).map_err(|_| LowerError::Malformed("a level view"))?;
        let mut view = Buffers::empty(Encoding { format: levels, ..buffers.encoding.clone() }, buffers.element, buffers.values, Vec::new());
        view.levels.clone_from(&buffers.levels);
        view.dims = self.level_sizes(buffers, place);
        // A sliced dimension's level is walked as stored; the view's size is the window's.
        let parts = format.parts();
        let windows: Vec<Option<Window>> = (0..format.rank())
            .map(|level| {
                let sliced = buffers.slice_of(level)?;
                let DimPart::Whole { dim } = parts[format.dim_to_lvl[level]] else { return None };
                view.dims[level] = sliced.stored;
                Some(Window { start: sliced.start, step: sliced.step, size: buffers.dims[dim] })
            })
            .collect();
        let walk = Walk { tensor, view: &view, format: &format, windows };
        self.foreach_level(&walk, 0, Parent::Root, &mut Vec::new(), inits, visit, place, scope)
    }

    /// The loop over `level` under `parent`, inside the loops that bound
    /// the coordinates `above`, carrying `carried`; returns what it carries out.
    #[allow(clippy::too_many_arguments)]
    fn foreach_level(
        &self,
        walk: &Walk<'c, 'a, '_>,
        level: usize,
        parent: Parent<'c, 'a>,
        above: &mut Vec<Value<'c, 'a>>,
        carried: &[Value<'c, 'a>],
        visit: &mut Visit<'c, 'a, '_>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<Vec<Value<'c, 'a>>, LowerError> {
        if level == walk.format.rank() {
            let position = parent.position(self, place)?;
            let values = walk.view.values.ok_or(LowerError::PatternSource)?;
            let value = self.load(place, values, position);
            let dims = self.dim_coordinates(walk.format, above, place)?;
            return visit(self, place, &dims, value, carried, scope);
        }
        let iterator = level_iterator(LevelId { tensor: walk.tensor, level }, walk.view)?;
        let cursor = iterator.init(self, place, parent)?;
        if cursor.state.is_some() || iterator.iteration() == Iteration::Ranges {
            return self.foreach_stepping(walk, level, iterator.as_ref(), cursor, above, carried, visit, place, scope);
        }
        self.for_carrying(place, cursor.position, cursor.end, carried, |here, step, inner_carried| {
            let at = cursor.at(step);
            let coordinate = iterator.coordinate(self, here, at);
            let position = match iterator.iteration() {
                Iteration::Coordinates => {
                    let parent_position = parent.position(self, here)?;
                    iterator
                        .locate(self, here, parent_position, coordinate)
                        .ok_or(LowerError::Malformed("a dense level that cannot be located"))?
                }
                _ => iterator.position(self, here, at, coordinate),
            };
            self.foreach_entry(walk, level, coordinate, position, above, inner_carried, visit, here, scope)
        })
    }

    /// An `scf.for` from `lower` below `upper` by 1 carrying `carried`, whose
    /// body `body` emits at its place, given the induction variable and the
    /// carried values, returning the values carried on; its results.
    fn for_carrying(
        &self,
        place: Place<'c, 'a>,
        lower: Value<'c, 'a>,
        upper: Value<'c, 'a>,
        carried: &[Value<'c, 'a>],
        body: impl FnOnce(Place<'c, 'a>, Value<'c, 'a>, &[Value<'c, 'a>]) -> Result<Vec<Value<'c, 'a>>, LowerError>,
    ) -> Result<Vec<Value<'c, 'a>>, LowerError> {
        let types = carried.iter().map(|value| value.r#type()).collect::<Vec<Type>>();
        let mut arguments = vec![(Type::index(self.context), self.location)];
        arguments.extend(types.iter().map(|&r#type| (r#type, self.location)));
        let region = Region::new();
        let inner = region.append_block(Block::new(&arguments));
        let mut operands = vec![lower, upper, self.index(place, 1)];
        operands.extend(carried);
        let r#for = place.put(
            OperationBuilder::new("scf.for", self.location).add_operands(&operands).add_results(&types).add_regions([region]).build()?,
        );
        let step: Value = inner.argument(0)?.into();
        let inner_carried = (0..types.len()).map(|index| inner.argument(index + 1).map(Into::into)).collect::<Result<Vec<Value>, _>>()?;
        let out = body(Place::End(inner), step, &inner_carried)?;
        inner.append_operation(scf::r#yield(&out, self.location));
        Ok(r#for.results().map(Into::into).collect())
    }

    /// The loop over `level` from `cursor` when its iterator carries a state
    /// (variable blocks) or visits ranges (runs, each coordinate of which is
    /// an entry): an `scf.while` that steps the iterator by its `valid` and
    /// `next`, carrying its position and state besides `carried`.
    #[allow(clippy::too_many_arguments)]
    fn foreach_stepping(
        &self,
        walk: &Walk<'c, 'a, '_>,
        level: usize,
        iterator: &dyn super::iterator::LevelIterator<'c, 'a>,
        cursor: super::iterator::Cursor<'c, 'a>,
        above: &mut Vec<Value<'c, 'a>>,
        carried: &[Value<'c, 'a>],
        visit: &mut Visit<'c, 'a, '_>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<Vec<Value<'c, 'a>>, LowerError> {
        let steps = cursor.carried();
        let operands: Vec<Value> = steps.iter().chain(carried).copied().collect();
        let types: Vec<Type> = operands.iter().map(|value| value.r#type()).collect();
        let (before, after) = (crate::ir::block_region(&types, self.location), crate::ir::block_region(&types, self.location));
        let op = place.put(scf::r#while(&operands, &types, before, after, self.location));
        let arguments =
            |block: BlockRef<'c, 'a>| (0..types.len()).map(|at| block.argument(at).map(Into::into)).collect::<Result<Vec<Value>, _>>();
        let before = crate::ir::only_block(op, 0);
        let values = arguments(before)?;
        let valid = iterator.valid(self, Place::End(before), cursor.at_carried(&values));
        before.append_operation(scf::condition(valid, &values, self.location));
        let after = crate::ir::only_block(op, 1);
        let here = Place::End(after);
        let values = arguments(after)?;
        let at = cursor.at_carried(&values);
        let inner_carried = &values[steps.len()..];
        let coordinate = iterator.coordinate(self, here, at);
        let position = iterator.position(self, here, at, coordinate);
        let out = match iterator.range_end(self, here, at) {
            // Each coordinate of the run is an entry at the run's position.
            Some(end) => self.for_carrying(here, coordinate, end, inner_carried, |inside, each, run_carried| {
                self.foreach_entry(walk, level, each, position, above, run_carried, visit, inside, scope)
            })?,
            None => self.foreach_entry(walk, level, coordinate, position, above, inner_carried, visit, here, scope)?,
        };
        let next = iterator.next(self, here, at, coordinate);
        let yielded: Vec<Value> = next.carried().into_iter().chain(out).collect();
        after.append_operation(scf::r#yield(&yielded, self.location));
        Ok(op.results().skip(steps.len()).map(Into::into).collect())
    }

    /// The loops below `level` for its entry at `coordinate` and `position`
    /// (a coordinate a slice of the level skips visits nothing), carrying
    /// `carried`; returns what they carry out.
    #[allow(clippy::too_many_arguments)]
    fn foreach_entry(
        &self,
        walk: &Walk<'c, 'a, '_>,
        level: usize,
        coordinate: Value<'c, 'a>,
        position: Value<'c, 'a>,
        above: &mut Vec<Value<'c, 'a>>,
        carried: &[Value<'c, 'a>],
        visit: &mut Visit<'c, 'a, '_>,
        here: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<Vec<Value<'c, 'a>>, LowerError> {
        let types: Vec<Type> = carried.iter().map(|value| value.r#type()).collect();
        // Every entry is visited on its own, duplicates of a nonunique level
        // included: a singleton below sees one position.
        let below = Parent::At { position, segment_end: Some(self.add(here, position, self.index(here, 1))) };
        Ok(match walk.windows[level] {
            None => {
                above.push(coordinate);
                let out = self.foreach_level(walk, level + 1, below, above, carried, visit, here, scope);
                above.pop();
                out?
            }
            // A coordinate the slice reads, start + step · z for z below its
            // size, is z in the view; the others are skipped.
            Some(window) => {
                let offset = self.sub(here, coordinate, window.start);
                let after_start = self.compare(here, melior::dialect::arith::CmpiPredicate::Uge, coordinate, window.start);
                let extent = self.mul(here, window.size, window.step);
                let before_end = self.compare(here, melior::dialect::arith::CmpiPredicate::Ult, offset, extent);
                let remainder = self.rem(here, offset, window.step);
                let on_step = self.compare(here, melior::dialect::arith::CmpiPredicate::Eq, remainder, self.index(here, 0));
                let read = self.and(here, &[after_start, before_end, on_step]);
                let (then_region, else_region) = (Region::new(), Region::new());
                let then_block = then_region.append_block(Block::new(&[]));
                let else_block = else_region.append_block(Block::new(&[]));
                let branch = here.put(scf::r#if(read, &types, then_region, else_region, self.location));
                let inside = Place::End(then_block);
                above.push(self.div(inside, offset, window.step));
                let out = self.foreach_level(walk, level + 1, below, above, carried, visit, inside, scope);
                above.pop();
                then_block.append_operation(scf::r#yield(&out?, self.location));
                else_block.append_operation(scf::r#yield(carried, self.location));
                branch.results().map(Into::into).collect()
            }
        })
    }

    /// The dimension coordinates of the entry at the level coordinates
    /// `levels` of `format` (a block and its offset recombined).
    fn dim_coordinates(&self, format: &Format, levels: &[Value<'c, 'a>], place: Place<'c, 'a>) -> Result<Vec<Value<'c, 'a>>, LowerError> {
        let parts = format.parts();
        let stored = |level: usize| parts[format.dim_to_lvl[level]];
        let mut dims = Vec::new();
        for dim in 0..format.dims() {
            let level_of = |wanted: &dyn Fn(DimPart) -> bool| (0..levels.len()).find(|&level| wanted(stored(level)));
            let coordinate = match level_of(&|part| part == DimPart::Whole { dim }) {
                Some(level) => levels[level],
                None => {
                    let block = level_of(&|part| matches!(part, DimPart::Block { dim: of, .. } if of == dim));
                    let offset = level_of(&|part| matches!(part, DimPart::Offset { dim: of, .. } if of == dim));
                    match (block, offset) {
                        (Some(block), Some(offset)) => {
                            let size = self.index(place, stored(block).block() as i64);
                            self.add(place, self.mul(place, levels[block], size), levels[offset])
                        }
                        _ => return Err(LowerError::Malformed("a dimension that no level stores")),
                    }
                }
            };
            dims.push(coordinate);
        }
        Ok(dims)
    }

    /// The body of `sparse_tensor.foreach` for one entry.
    fn foreach_body(
        &self,
        dims: &[Value<'c, 'a>],
        value: Value<'c, 'a>,
        carried: &[Value<'c, 'a>],
        body: BlockRef<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &Scope<'c, 'a>,
    ) -> Result<Vec<Value<'c, 'a>>, LowerError> {
        let mut inner = scope.nested();
        let arguments = dims.iter().copied().chain([value]).chain(carried.iter().copied()).collect::<Vec<_>>();
        if arguments.len() != body.argument_count() {
            return Err(LowerError::Malformed("sparse_tensor.foreach's body takes the coordinates, the value and the reductions"));
        }
        for (index, argument) in arguments.into_iter().enumerate() {
            inner.values.insert(value_key(body.argument(index)?.into()), argument);
        }
        let mut next = body.first_operation();
        let mut yielded = Vec::new();
        while let Some(op) = next {
            next = op.next_in_block();
            if next.is_none() {
                yielded = op.operands().map(|operand| inner.get(operand)).collect();
                break;
            }
            self.op(op, place, &mut inner)?;
        }
        Ok(yielded)
    }
}
