//! The annihilator early exit (paper 000 §7.2): a loop whose every store is
//! a reduction into one component of a dense output, the same at every
//! iteration, by a function with an annihilator (`f(α, x) = α`, at its
//! accumulator), ends as soon as that component is the annihilator: nothing
//! it would still visit can change it (an `or` reduction stops at the first
//! true). The drop-out loops after it test the same and end at once.

use super::error::LowerError;
use super::{Emitter, Scope};
use crate::ir::{block_argument, collect, defining_op, name};
use crate::place::Place;
use melior::ir::{attribute::AttributeLike, block::BlockLike, operation::OperationLike, OperationRef, RegionLike, Type, Value};
use sparse_dialects::cfir;

/// What a loop tests to go on: its component is not the annihilator.
#[derive(Clone, Copy)]
pub(super) struct EarlyExit<'c, 'a> {
    values: Value<'c, 'a>,
    position: Value<'c, 'a>,
    annihilator: Value<'c, 'a>,
    element: Type<'c>,
}

impl<'c: 'a, 'a> EarlyExit<'c, 'a> {
    /// Whether the loop goes on: the component is not the annihilator yet.
    pub(super) fn goes_on(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>) -> Value<'c, 'a> {
        let value = emitter.load(place, self.values, self.position);
        emitter.differs(place, self.element, value, self.annihilator)
    }
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// The early exit of the `cfir.while` `op`, if it has one; what it reads
    /// is set up at `place`, before the loop.
    pub(super) fn early_exit(
        &self,
        op: OperationRef<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &Scope<'c, 'a>,
    ) -> Result<Option<EarlyExit<'c, 'a>>, LowerError> {
        let stores = collect(op, |inner| matches!(name(inner).as_str(), "cfir.assign" | "cfir.reduce"));
        let Some((&first, rest)) = stores.split_first() else { return Ok(None) };
        let same = |store: &OperationRef<'c, 'a>| {
            name(*store) == "cfir.reduce"
                && store.operand_count() == first.operand_count()
                && store.operands().zip(first.operands()).skip(2).all(|(a, b)| a == b)
                && store.operand(0).ok() == first.operand(0).ok()
                && cfir::Reduce::of(*store).and_then(|view| view.function()) == cfir::Reduce::of(first).and_then(|view| view.function())
        };
        if !same(&first) || !rest.iter().all(same) {
            return Ok(None);
        }
        let indices: Vec<Value<'c, 'a>> = first.operands().skip(2).collect();
        if !indices.iter().all(|&index| defined_outside(index, op)) {
            return Ok(None);
        }
        let Some(function) = cfir::Reduce::of(first).and_then(|view| view.function()) else { return Ok(None) };
        let Some(annihilator) = accumulator_annihilator(first, function) else { return Ok(None) };
        let Some(tensor) = scope.tensor_id(first.operand(0)?) else { return Ok(None) };
        let buffers = scope.tensor(tensor).clone();
        let (Some(values), None, None) = (buffers.values, buffers.assembly, buffers.workspace.as_ref()) else { return Ok(None) };
        if annihilator.r#type() != buffers.element {
            return Ok(None);
        }
        let indices = indices.iter().map(|&index| scope.get(index)).collect::<Vec<_>>();
        let position = self.locate_point(tensor, &buffers, &indices, place)?;
        let annihilator = self.constant(annihilator, buffers.element, place)?;
        Ok(Some(EarlyExit { values, position, annihilator, element: buffers.element }))
    }
}

/// The annihilator the reduction function `function` (called by `store`)
/// declares at its accumulator, argument 0, or at every argument.
pub(super) fn accumulator_annihilator<'c>(store: OperationRef<'c, '_>, function: &str) -> Option<melior::ir::Attribute<'c>> {
    let properties = crate::statement::reduction_properties(store, function).ok()?;
    properties.annihilator.filter(|_| properties.annihilator_arg.is_none_or(|at| at == 0))
}

/// Whether `value` is defined outside `op` (not by it, in it, or by a block of it).
pub(super) fn defined_outside(value: Value, op: OperationRef) -> bool {
    if let Some(made) = defining_op(value) {
        return !std::iter::successors(Some(made), |ancestor| ancestor.parent_operation()).any(|ancestor| ancestor == op);
    }
    let Some(argument) = block_argument(value) else { return true };
    let block = argument.owner().to_raw().ptr;
    let blocks_of = |inner: OperationRef| {
        inner
            .regions()
            .any(|region| std::iter::successors(region.first_block(), |block| block.next_in_region()).any(|b| b.to_raw().ptr == block))
    };
    !std::iter::once(op).chain(collect(op, |_| true)).any(blocks_of)
}
