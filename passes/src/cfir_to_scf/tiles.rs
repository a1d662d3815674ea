//! Windows that tile a vector: when the loop over a sparse vector's
//! non-empty subsections (`sig.subsections`, paper 003) is the outermost
//! loop and its windows do not overlap, it visits each stored entry in at
//! most one window, and a loop directly inside it over a `sig.slice` of the
//! vector whose window starts with the subsection's and is at most as long
//! as the step between subsections visits each stored entry at most once in
//! all. A split view (`arr.split` of a vector into rows) is read so: its
//! rows are the tiles. The result such loops assemble then has no more
//! entries than the vector stores, and is filled in one pass ([`Emitter::entry_bounds`](super::Emitter::entry_bounds)).
//! Overlapping windows (a convolution's) bound nothing, nor do the
//! subsections of a tensor of more levels (a matrix's rows may hold no
//! entry).
//!
//! The windows are read from the index arithmetic that computes them, as
//! `a · v + b` in the subsection's offset `v` (constants, sums,
//! differences, products by a constant, and a `select` on a comparison of
//! constants, which `arr-concretize` emits for a window's size).

use crate::ir::{defining_op, name};
use melior::ir::{attribute::IntegerAttribute, block::BlockLike, operation::OperationLike, OperationRef, TypeLike, Value, ValueLike};
use sparse_dialects::{cfir, sig};

/// How many ops [`affine`] reads at most for one value: index arithmetic
/// that shares subexpressions would otherwise be read again for each use.
const BUDGET: usize = 256;

/// Whether `driver` is made by a `sig.subsections` of level 0 whose windows
/// do not overlap: each is at most as long as the step between them. The
/// caller checks that the tensor stores one level (a vector, whose positions
/// are its entries).
pub(super) fn disjoint_subsections(driver: Value) -> bool {
    let disjoint = || {
        let op = defining_op(driver)?;
        let view = sig::Subsections::of(op)?;
        let mut budget = BUDGET;
        let size = affine(op.operand(1).ok()?, None, &mut budget)?;
        Some(view.level()? == 0 && size.0 == 0 && (0..=view.coefficient()?).contains(&size.1))
    };
    disjoint().unwrap_or(false)
}

/// Whether `window`, the `sig.slice` that drives `inner`, is of the level
/// (0) of the vector whose subsections alone drive the loop `inner` sits
/// directly in ([`disjoint_subsections`]), and starts where the subsection
/// starts, `coefficient · v + intercept`, and ends at most `coefficient`
/// later: then windows of different subsections do not overlap either.
pub(super) fn within_subsection(inner: OperationRef, window: OperationRef) -> bool {
    let within = || {
        let outer = inner.parent_operation()?;
        let body = cfir::While::of(outer)?.body()?;
        let driver = outer.operand(0).ok()?;
        if !disjoint_subsections(driver) {
            return Some(false);
        }
        let subsections = defining_op(driver)?;
        let view = sig::Subsections::of(subsections)?;
        let level = defining_op(window.operand(0).ok()?)?;
        let same_level = sig::Level::of(level)?.level()? == 0 && level.operand(0).ok()? == subsections.operand(0).ok()?;
        let offset: Value = body.argument(0).ok()?.into();
        let (coefficient, intercept) = (view.coefficient()?, view.intercept()?);
        let mut budget = BUDGET;
        let start = affine(window.operand(1).ok()?, Some(offset), &mut budget)?;
        let stop = affine(window.operand(2).ok()?, Some(offset), &mut budget)?;
        let step = affine(window.operand(3).ok()?, None, &mut budget)?;
        let length = stop.1.checked_sub(intercept)?;
        let fits = start == (coefficient, intercept) && stop.0 == coefficient && (0..=coefficient).contains(&length);
        Some(same_level && fits && step.0 == 0 && step.1 >= 1)
    };
    within().unwrap_or(false)
}

/// `value` as `(a, b)` with `value = a · v + b`, `v` being `offset` (with
/// no offset, `value` must be a constant: `a = 0`); `None` where a value is
/// not an `index`, other ops make it, a number overflows or the budget of
/// ops to read runs out.
fn affine(value: Value, offset: Option<Value>, budget: &mut usize) -> Option<(i64, i64)> {
    if Some(value) == offset {
        return Some((1, 0));
    }
    *budget = budget.checked_sub(1)?;
    if !value.r#type().is_index() {
        return None;
    }
    let op = defining_op(value)?;
    let mut operand = |index: usize| affine(op.operand(index).ok()?, offset, budget);
    match name(op).as_str() {
        "arith.constant" => Some((0, IntegerAttribute::try_from(op.attribute("value").ok()?).ok()?.value())),
        "arith.addi" => {
            let (left, right) = (operand(0)?, operand(1)?);
            Some((left.0.checked_add(right.0)?, left.1.checked_add(right.1)?))
        }
        "arith.subi" => {
            let (left, right) = (operand(0)?, operand(1)?);
            Some((left.0.checked_sub(right.0)?, left.1.checked_sub(right.1)?))
        }
        "arith.muli" => match (operand(0)?, operand(1)?) {
            ((0, factor), (a, b)) | ((a, b), (0, factor)) => Some((a.checked_mul(factor)?, b.checked_mul(factor)?)),
            _ => None,
        },
        "arith.select" => {
            let condition = defining_op(op.operand(0).ok()?)?;
            if name(condition) != "arith.cmpi" {
                return None;
            }
            // Without an offset, what `affine` gives is a constant.
            let left = affine(condition.operand(0).ok()?, None, budget)?.1;
            let right = affine(condition.operand(1).ok()?, None, budget)?.1;
            let predicate = IntegerAttribute::try_from(condition.attribute("predicate").ok()?).ok()?.value();
            // An `index` compared as 64 bits, signed or not.
            let bits = |value: i64| (i128::from(value), i128::from(value as u64));
            let chosen = if crate::fill::compare_integers(predicate, bits(left), bits(right))? { 1 } else { 2 };
            affine(op.operand(chosen).ok()?, offset, budget)
        }
        _ => None,
    }
}
