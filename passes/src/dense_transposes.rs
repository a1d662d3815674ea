//! Dense operands that a statement's innermost loop would read across
//! their layout are copied first into the layout its loops read.
//!
//! A loop order follows the sparse operands' levels; a dense operand is
//! read wherever that order takes it. When the innermost loop indexes a
//! dense operand's dimension that is not its last level, every step of that
//! loop jumps a whole row of it (SDDMM's `v(k, j)` with `k` innermost reads
//! one element of each of `k` rows for every stored entry of the sample).
//! Where the loops are driven by a sparse operand, so that the operand is
//! read once for each of its entries at least, a copy statement first
//! writes the operand into a dense tensor whose levels follow the loop order
//! (its transpose, for a matrix): one pass over it, after which the
//! innermost loop reads it contiguously.

use crate::arr_concretize::{order, read_ordered};
use melior::{
    ir::{
        block::BlockLike, operation::OperationLike, operation::OperationMutLike, r#type::RankedTensorType, OperationRef, ShapedTypeLike,
        Value, ValueLike,
    },
    Context,
};
use sparse_dialects::{arr::Compute, encoding::Encoding};
use sparse_formats::{Format, Level, LevelKind};

/// Copies, before each statement that reads one across its layout in its
/// innermost loop, every dense operand so read into a tensor laid out in
/// the statement's loop order. `Err` names a statement whose copy could not
/// be built.
pub fn copy_across_operands<'c, 'a>(module: OperationRef<'c, 'a>, context: &'c Context) -> Result<(), (OperationRef<'c, 'a>, String)> {
    for op in crate::ir::collect(module, |op| Compute::of(op).is_some()) {
        let Some(compute) = Compute::of(op) else { continue };
        // What cannot be read or ordered is reported by arr-concretize itself.
        let Ok(statement) = read_ordered(compute) else { continue };
        let Ok(plan) = order(&statement) else { continue };
        let Some(&innermost) = plan.order.last() else { continue };
        if !statement.operands.iter().any(|operand| operand.is_sparse()) {
            continue;
        }
        for (index, operand) in statement.operands.iter().enumerate() {
            let format = &operand.encoding.format;
            // A view is read through its source, where arr-concretize finds it.
            let view = melior::ir::operation::OperationResult::try_from(operand.tensor)
                .is_ok_and(|result| sparse_dialects::arr::SHAPE_OPS.contains(&crate::ir::name(result.owner()).as_str()));
            let plain = !view
                && operand.computed.is_none()
                && operand.windows.iter().all(Option::is_none)
                && operand.concat_dim.is_none()
                && !format.is_blocked()
                && format.levels.iter().all(|level| level.kind == LevelKind::Dense);
            let across = operand.level_of(innermost).is_some_and(|level| level + 1 < format.rank());
            // One read of this operand in the body, which the copy replaces.
            let reads: Vec<OperationRef> =
                statement.accesses.iter().filter(|(_, read)| *read == index).map(|(access, _)| *access).collect();
            let shared = statement.operands.iter().filter(|other| other.tensor == operand.tensor).count() > 1;
            if !plain || !across || reads.len() != 1 || shared {
                continue;
            }
            let copied = copy_in_loop_order(op, operand.tensor, &operand.dims, &plan.order, &operand.encoding, context)
                .map_err(|message| (op, message))?;
            OperationMutLike::set_operand(&mut crate::ir::edit(reads[0]), 0, copied);
        }
    }
    Ok(())
}

/// A copy of the dense `tensor` (whose dimension `d` loop `dims[d]`
/// indexes), made before `statement`, whose levels store its dimensions in
/// the order of their loops in `order`.
fn copy_in_loop_order<'c, 'a>(
    statement: OperationRef<'c, 'a>,
    tensor: Value<'c, 'a>,
    dims: &[usize],
    order: &[usize],
    encoding: &Encoding<'c>,
    context: &'c Context,
) -> Result<Value<'c, 'a>, String> {
    let source = RankedTensorType::try_from(tensor.r#type()).map_err(|_| "a dense operand that is not a ranked tensor".to_string())?;
    let mut dim_to_lvl: Vec<usize> = (0..dims.len()).collect();
    dim_to_lvl.sort_by_key(|&dim| order.iter().position(|&loop_| loop_ == dims[dim]));
    let format = Format::new(vec![Level::dense(); dims.len()], dim_to_lvl).map_err(|error| error.to_string())?;
    let laid_out = Encoding { format, fill: encoding.fill };
    let r#type = RankedTensorType::new(&crate::ir::sizes_of(source), source.element(), Some(laid_out.to_attribute(context)));
    let copy = crate::raise_linalg::copy(tensor, r#type, context, statement.location())?;
    let block = statement.block().ok_or("arr.compute is not in a block")?;
    let copy = block.insert_operation_before(statement, copy);
    Ok(copy.result(0).map_err(|error| error.to_string())?.into())
}
