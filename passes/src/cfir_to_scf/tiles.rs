//! Windows that tile a vector: when the loop over a sparse vector's
//! non-empty subsections (`sig.subsections`, paper 003) is the outermost
//! loop and its windows do not overlap, it visits each stored entry in at
//! most one window, and a loop inside it over a `sig.slice` of the
//! vector whose window lies within the subsection's visits each stored
//! entry at most once in all. A split view (`arr.split` of a vector
//! into rows) is read so: its rows are the tiles. The result such loops
//! assemble then has no more entries than the vector stores, and is filled
//! in one pass ([`Emitter::entry_bound`](super::Emitter::entry_bound)).
//! Overlapping windows (a convolution's) bound nothing.
//!
//! The windows are read from the index arithmetic that computes them, as
//! `a · v + b` in the subsection's offset `v` (constants, sums,
//! differences, products by a constant, and a `select` on a comparison of
//! constants, which `arr-concretize` emits for a window's size).

use crate::ir::name;
use melior::ir::{
    attribute::IntegerAttribute,
    block::BlockLike,
    operation::{OperationLike, OperationResult},
    r#type::RankedTensorType,
    OperationRef, ShapedTypeLike, Value, ValueLike,
};
use sparse_dialects::{cfir, sig};

/// The `sig.subsections` op that makes `driver`, when it is of a vector
/// (whose positions are its entries) and its windows do not overlap: each
/// is at most as long as the step between them.
pub(super) fn disjoint_subsections<'c, 'a>(driver: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let op = OperationResult::try_from(driver).ok()?.owner();
    let view = sig::Subsections::of(op)?;
    let coefficient = view.coefficient()?;
    let size = affine(op.operand(1).ok()?, None)?;
    let vector = RankedTensorType::try_from(op.operand(0).ok()?.r#type()).ok()?.rank() == 1;
    (vector && size.0 == 0 && (0..=coefficient).contains(&size.1)).then_some(op)
}

/// Whether `window`, the `sig.slice` that drives `inner`, lies within the
/// window of the subsection that the loop around `inner` is at, that loop
/// being driven by one `sig.subsections` of the same vector with windows
/// that do not overlap ([`disjoint_subsections`]).
pub(super) fn within_subsection(inner: OperationRef, window: OperationRef) -> Option<()> {
    let outer = inner.parent_operation()?;
    let body = cfir::While::of(outer)?.body()?;
    let subsections = disjoint_subsections(outer.operand(0).ok()?)?;
    let view = sig::Subsections::of(subsections)?;
    let level = OperationResult::try_from(window.operand(0).ok()?).ok()?.owner();
    let same_level = sig::Level::of(level)?.level()? == view.level()? && level.operand(0).ok()? == subsections.operand(0).ok()?;
    if !same_level || view.level()? != 0 {
        return None;
    }
    let offset: Value = body.argument(0).ok()?.into();
    let (coefficient, intercept) = (view.coefficient()?, view.intercept()?);
    let start = affine(window.operand(1).ok()?, Some(offset))?;
    let stop = affine(window.operand(2).ok()?, Some(offset))?;
    let step = affine(window.operand(3).ok()?, None)?;
    let length = stop.1.checked_sub(intercept)?;
    let fits = start == (coefficient, intercept) && stop.0 == coefficient && (0..=coefficient).contains(&length);
    (fits && step.0 == 0 && step.1 >= 1).then_some(())
}

/// `value` as `(a, b)` with `value = a · v + b`, `v` being `offset` (with
/// no offset, `value` must be a constant: `a = 0`); `None` where other ops
/// make it or a number overflows.
fn affine(value: Value, offset: Option<Value>) -> Option<(i64, i64)> {
    if Some(value) == offset {
        return Some((1, 0));
    }
    let op = OperationResult::try_from(value).ok()?.owner();
    let operand = |index: usize| affine(op.operand(index).ok()?, offset);
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
            let condition = OperationResult::try_from(op.operand(0).ok()?).ok()?.owner();
            if name(condition) != "arith.cmpi" {
                return None;
            }
            // Without an offset, what `affine` gives is a constant.
            let (left, right) = (affine(condition.operand(0).ok()?, None)?.1, affine(condition.operand(1).ok()?, None)?.1);
            let predicate = IntegerAttribute::try_from(condition.attribute("predicate").ok()?).ok()?.value();
            operand(if compare(predicate, left, right)? { 1 } else { 2 })
        }
        _ => None,
    }
}

/// `arith.cmpi`'s predicate (by its number) on two constants.
fn compare(predicate: i64, left: i64, right: i64) -> Option<bool> {
    let (unsigned_left, unsigned_right) = (left as u64, right as u64);
    Some(match predicate {
        0 => left == right,
        1 => left != right,
        2 => left < right,
        3 => left <= right,
        4 => left > right,
        5 => left >= right,
        6 => unsigned_left < unsigned_right,
        7 => unsigned_left <= unsigned_right,
        8 => unsigned_left > unsigned_right,
        9 => unsigned_left >= unsigned_right,
        _ => return None,
    })
}
