//! Result rows that a walk fills one step ahead of its writes filled before
//! it again, so that the walk may run on threads.
//!
//! `cfir-to-scf` fills the rows of an image-stationary convolution's dense
//! result as its walk over the image's rows first reaches each (row `p + k`
//! at the start of step `p`, `fill_in_place`), which keeps each row in the
//! cache from its fill to its taps; the stores of those fills are marked
//! [`FILLED_AHEAD`]. An iteration that stores at `p + k` is not one whose
//! writes this pass can tell apart from the others' (nor does a reduction
//! into per-thread copies hold a fill), so before anything else the nest of
//! each such fill leaves its walk and a loop before the walk fills the whole
//! result, as it did before `fill_in_place` moved it: that loop and the walk
//! are then candidates like any other. A fill whose walk or value cannot be
//! told stays where it is, in a walk that stays sequential.

use crate::cfir_to_scf::Emitter;
use crate::ir::{defined_inside, defining_op, erase, erase_unused, is_within, name, viewed};
use crate::place::Place;
use melior::{
    dialect::{arith, memref},
    ir::{
        operation::OperationLike,
        r#type::{DimSize, MemRefType},
        OperationRef, ShapedTypeLike, Value, ValueLike,
    },
    Context,
};

/// The attribute that marks a `memref.store` of a result's fill in a row
/// that a walk reaches ahead of its writes.
pub const FILLED_AHEAD: &str = "sparse.filled_ahead";

/// Moves each fill ahead of a walk in `module` to a loop over its whole
/// result before the walk (see the module's doc).
pub(super) fn fill_before_walks<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> Result<(), String> {
    for store in crate::ir::collect(module, |op| name(op) == "memref.store" && op.attribute(FILLED_AHEAD).is_ok()) {
        let (Ok(value), Ok(buffer)) = (store.operand(0), store.operand(1)) else { continue };
        let Some(allocation) = defining_op(viewed(buffer)) else { continue };
        // The walk: the loop around the store in the allocation's block; the
        // fill's nest: the loop around the store directly inside it.
        let ancestors: Vec<OperationRef> = std::iter::successors(store.parent_operation(), |op| op.parent_operation()).collect();
        let Some(at) = ancestors.iter().position(|op| op.block() == allocation.block()) else { continue };
        let (Some(&walk), Some(&nest)) = (ancestors.get(at), at.checked_sub(1).and_then(|inside| ancestors.get(inside))) else { continue };
        let Some(fill) = defining_op(value).filter(|op| name(*op) == "arith.constant").and_then(|op| op.attribute("value").ok()) else {
            continue;
        };
        let location = store.location();
        let build = Emitter::new(context, location);
        let place = Place::before(walk).ok_or("a walk outside any block")?;
        let fill = place.value(arith::constant(context, fill, location));
        let size = match MemRefType::try_from(buffer.r#type()).ok().and_then(|r#type| r#type.dim_size(0).ok()) {
            Some(DimSize::Static(size)) => build.index(place, size as i64),
            _ => place.value(memref::dim(buffer, build.index(place, 0), location)),
        };
        build.for_range(place, build.index(place, 0), size, |body, index| build.store(Place::End(body), fill, buffer, index));
        // The row's bounds, computed for the nest alone, go with it.
        let ops = crate::ir::collect(nest, |_| true);
        let read: Vec<Value> = ops.iter().flat_map(|op| op.operands()).filter(|&value| !defined_inside(value, nest)).collect();
        erase(nest).map_err(|_| "a fill ahead of a walk whose nest is still used")?;
        erase_unused(read, |op| name(op).starts_with("arith.") && op.parent_operation().is_some_and(|parent| is_within(parent, walk)));
    }
    Ok(())
}
