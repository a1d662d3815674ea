//! Statement results written through a temporary of another format, which
//! a copy statement then writes into the result: bands the loops cannot
//! append to in order go through compressed temporaries, and a reduction
//! whose skipped points count into a sparse result goes through a dense one
//! (`multiplicity`). Both copies append to the result in its level order.

use crate::arr_concretize::{order, read_ordered, WorkspaceKind};
use crate::ir::defining_op;
use crate::place::Place;
use melior::{
    ir::{
        block::BlockLike,
        operation::{OperationBuilder, OperationLike, OperationMutLike},
        r#type::RankedTensorType,
        OperationRef, ShapedTypeLike, Value, ValueLike,
    },
    Context,
};
use sparse_dialects::{arr::Compute, encoding::Encoding};
use sparse_formats::{Level, LevelKind};

/// Makes each statement whose band result its loops would write through a
/// workspace (out of order, or reduced into) write a temporary whose band
/// levels are compressed instead, copied into the band result after it: a
/// band's positions are not bounded by its entries, which is what sizes a
/// workspace's drain, while a copy in order counts them first. A statement
/// whose init gives its result values keeps its result. `Err` names a
/// statement whose copy could not be built.
pub fn bands_out_of_order<'c, 'a>(module: OperationRef<'c, 'a>, context: &'c Context) -> Result<(), (OperationRef<'c, 'a>, String)> {
    for op in crate::ir::collect(module, |op| Compute::of(op).is_some()) {
        let Some(compute) = Compute::of(op) else { continue };
        let Some(result_type) = compute.result_type() else { continue };
        let Ok(encoding) = Encoding::of_any(result_type) else { continue };
        if compute.init().is_some_and(|init| empty_of(init).is_none())
            || !encoding.format.levels.iter().any(|level| level.kind == LevelKind::Band)
        {
            continue;
        }
        // What cannot be read or ordered is reported by arr-concretize itself.
        let Ok(plan) = read_ordered(compute).and_then(|statement| order(&statement)) else { continue };
        if plan.workspace.is_none_or(|kind| kind == WorkspaceKind::Scalar) {
            continue;
        }
        let mut format = encoding.format.clone();
        format.levels = format.levels.into_iter().map(written_out_of_order).collect();
        let compressed = Encoding { format, fill: encoding.fill };
        let temporary =
            RankedTensorType::new(&crate::ir::sizes_of(result_type), result_type.element(), Some(compressed.to_attribute(context)));
        through_temporary(op, temporary, context).map_err(|message| (op, message))?;
    }
    Ok(())
}

/// The level a tensor written out of order holds in place of `level`: a
/// compressed one for a band, whose positions are not bounded by its
/// entries; `level` itself otherwise.
pub fn written_out_of_order(level: Level) -> Level {
    match level.kind {
        LevelKind::Band => Level { kind: LevelKind::Compressed, ..level },
        _ => level,
    }
}

/// Makes the result of the statement `op` of type `temporary`, and inserts
/// after it a copy statement into the result's former type, which every
/// other use of the result reads instead. Its init, if any, must be a
/// `tensor.empty` ([`empty_of`]: sizes, no values), which then makes the
/// temporary's.
pub fn through_temporary<'c, 'a>(op: OperationRef<'c, 'a>, temporary: RankedTensorType<'c>, context: &'c Context) -> Result<(), String> {
    if let Some(init) = Compute::of(op).and_then(|compute| compute.init()) {
        let empty = empty_of(init).ok_or("a statement whose init gives its result values cannot write a temporary")?;
        let sizes: Vec<Value> = (0..empty.operand_count()).filter_map(|at| empty.operand(at).ok()).collect();
        let made = OperationBuilder::new("tensor.empty", op.location())
            .add_operands(&sizes)
            .add_results(&[temporary.into()])
            .build()
            .map_err(|e| e.to_string())?;
        let shape = Place::before(op).ok_or("arr.compute is not in a block")?.value(made);
        crate::ir::edit(op).set_operand(0, shape);
    }
    let result: Value = op.result(0).map_err(|e| e.to_string())?.into();
    let result_type = RankedTensorType::try_from(result.r#type()).map_err(|_| "a statement whose result is not a ranked tensor")?;
    result.set_type(temporary.into());
    let copy = crate::raise_linalg::copy(result, result_type, context, op.location())?;
    let block = op.block().ok_or("arr.compute is not in a block")?;
    let copy = block.insert_operation_after(op, copy);
    let copied: Value = copy.result(0).map_err(|e| e.to_string())?.into();
    crate::ir::replace_uses(result, copied);
    // The copy's own read of the temporary was replaced too: it reads the temporary again.
    for read in crate::ir::collect(copy, |inner| inner.operands().next() == Some(copied)) {
        OperationMutLike::set_operand(&mut crate::ir::edit(read), 0, result);
    }
    Ok(())
}

/// The `tensor.empty` that makes `init`, if one does: an init that gives a
/// result its sizes only.
pub fn empty_of<'c, 'a>(init: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    defining_op(init).filter(|made| crate::ir::name(*made) == "tensor.empty")
}
