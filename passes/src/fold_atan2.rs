//! `fold-atan2`: `math.atan2` of constant operands becomes the constant the
//! C library's `atan2` computes, before MLIR's own folder sees it.
//!
//! MLIR folds `math.atan2(±0, ±0)` to NaN, where the C library (which the
//! kernel calls when the operands are known only at run time) gives ±0 or ±π.
//! Such constants reach the LLVM lowering wherever a statement's body is
//! evaluated at a sparse operand's absent fill: `complex.angle`,
//! `complex.log` and `complex.log1p` of `0 + 0i` become `math.atan2(0, 0)`
//! in `convert-complex-to-standard`, and `convert-math-to-llvm` folds that
//! to NaN; a stored `0 + 0i` gave `0`. This pass runs before the first
//! greedy rewrite of the pipeline (which folds every op), and again right
//! after `cfir-to-scf` and `convert-complex-to-standard`, before
//! `canonicalize`; it replaces each `math.atan2` of `f32` or
//! `f64` whose two operands are computed from constants alone (the parts of
//! a `complex.constant`, sums of them: see [`constant`]) by an
//! `arith.constant` of `atan2(y, x)` ([`fill::fold`], which rounds an `f32`
//! result to `f32`). Any other `math.atan2` is left as it is.

use crate::fill::{fold, Element, Number};
use crate::ir::{collect, defining_op, erase, name, replace_uses};
use crate::place::Place;
use melior::{
    dialect::arith,
    ir::{operation::OperationLike, OperationRef, Value, ValueLike},
    Context,
};
use sparse_dialects::verify::emit_error;

module_pass!(
    FoldAtan2,
    "fold-atan2",
    "Fold math.atan2 of constants as the C library computes it (MLIR's folder makes atan2(0, 0) NaN)",
    run
);

fn run<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> bool {
    for op in collect(module, |op| name(op) == "math.atan2") {
        let Some(folded) = folded(op) else { continue };
        let Ok(result) = op.result(0) else { continue };
        let result: Value = result.into();
        let (Some(place), Some(value)) = (Place::before(op), folded.attribute(result.r#type(), context)) else { continue };
        let constant = place.value(arith::constant(context, value, op.location()));
        replace_uses(result, constant);
        if erase(op).is_err() {
            emit_error(op.location(), "fold-atan2: math.atan2 is still used after its replacement");
            return false;
        }
    }
    true
}

/// `atan2(y, x)` of `op`'s constant operands, of type `f32` or `f64`.
fn folded(op: OperationRef) -> Option<Number> {
    let element = Element::of(op.result(0).ok()?.r#type())?;
    if !matches!(element, Element::Float(32 | 64)) {
        return None;
    }
    let y = constant(op.operand(0).ok()?, MAX_DEPTH)?;
    let x = constant(op.operand(1).ok()?, MAX_DEPTH)?;
    fold("math.atan2", None, &[y, x], element, element)
}

/// How many ops deep [`constant`] evaluates an operand.
const MAX_DEPTH: usize = 16;

/// The number `value` holds when ops of constants that
/// [`fold_op`](crate::statement::fold_op) evaluates make it (the parts of a
/// complex constant that `complex.re` and `complex.im` take, which
/// `convert-complex-to-standard` leaves for the LLVM lowering, sums and
/// products of them, ...), at most `depth` ops deep.
fn constant(value: Value, depth: usize) -> Option<Number> {
    let op = defining_op(value)?;
    if op.result_count() != 1 || op.region_count() != 0 {
        return None;
    }
    let arguments = match depth {
        0 => Vec::new(),
        _ => op.operands().map(|operand| constant(operand, depth - 1).map(Some)).collect::<Option<Vec<_>>>()?,
    };
    crate::statement::fold_op(op, &arguments, 0)
}
