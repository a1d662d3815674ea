//! Loop-invariant integration over a run (paper 002 §4.3): when a loop over
//! runs has a body that does not depend on the coordinate inside a run, the
//! run is one step instead of one per coordinate. A reduction `+= c` over a
//! run of `n` coordinates becomes `+= c · n`; one by an idempotent function
//! (`min`, `max`, `or`) becomes a single `c`. The work is then proportional
//! to the runs, not to the coordinates they cover.
//!
//! The body qualifies when nothing in it reads the loop's coordinate, it
//! holds no inner loop and no plain assignment, and every reduction is by an
//! associative function that either adds its two arguments (`arith.addf` or
//! `arith.addi`, so repeating it is a product) or is declared idempotent.

use super::Emitter;
use crate::ir::{defined, module_of, name, value_key};
use crate::place::Place;
use melior::{
    dialect::arith,
    ir::{block::BlockLike, operation::OperationLike, r#type::IntegerType, BlockRef, OperationRef, TypeLike, Value, ValueLike},
};
use sparse_dialects::{cfir, function::Properties, function::PROPERTIES};

/// How a reduction function combines a run of one value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Repeated {
    /// `f` adds: `n` repetitions of `c` are `c · n`.
    Sum,
    /// `f` is idempotent: `n` repetitions of `c` are `c`.
    Once,
}

/// How `function` (a symbol of `op`'s module) combines repetitions, if it is
/// known to.
pub(super) fn repeated(op: OperationRef, function: &str) -> Option<Repeated> {
    let (_, body) = module_of(op).ok()?;
    let callee = defined(body, function)?;
    let properties = Properties::from_attribute(callee.attribute(PROPERTIES).ok()?).ok()?;
    if !properties.associative {
        return None;
    }
    if properties.idempotent {
        return Some(Repeated::Once);
    }
    let single = crate::ir::single_operation(callee)?;
    matches!(name(single).as_str(), "arith.addf" | "arith.addi").then_some(Repeated::Sum)
}

/// Whether the loop body `body`, whose coordinate is `coordinate`, can run
/// once per run.
pub(super) fn integrable(body: BlockRef, coordinate: Value) -> bool {
    let mut ops = Vec::new();
    let mut next = body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        ops.push(op);
    }
    let coordinate = value_key(coordinate);
    let mut fits = true;
    for op in ops {
        op.walk(melior::ir::operation::WalkOrder::PreOrder, |inner| {
            let reads_coordinate = inner.operands().any(|operand| value_key(operand) == coordinate);
            let loops = cfir::While::of(inner).is_some() || cfir::Assign::of(inner).is_some();
            let reduction = cfir::Reduce::of(inner).map(|view| view.function().and_then(|function| repeated(inner, function)));
            if reads_coordinate || loops || matches!(reduction, Some(None)) {
                fits = false;
            }
            melior::ir::operation::WalkResult::Advance
        });
    }
    fits
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// `value` repeated `count` (an `index`) times by a function that adds:
    /// `value · count` in `value`'s type.
    pub(super) fn times(&self, place: Place<'c, 'a>, value: Value<'c, 'a>, count: Value<'c, 'a>) -> Value<'c, 'a> {
        let r#type = value.r#type();
        if r#type.is_float() {
            let wide = self.one(place, arith::index_castui(count, IntegerType::new(self.context, 64).into(), self.location));
            let count = self.one(place, arith::uitofp(wide, r#type, self.location));
            self.one(place, arith::mulf(value, count, self.location))
        } else {
            let count = self.one(place, arith::index_castui(count, r#type, self.location));
            self.one(place, arith::muli(value, count, self.location))
        }
    }
}
