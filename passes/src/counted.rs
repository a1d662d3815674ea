//! Counted loops on the `scf` form: an index from a lower bound, stepped
//! by a positive constant (which an `scf.while` may define in its body)
//! while it is below an upper bound defined outside the loop. `parallelize-outer-loops` runs them on OpenMP's threads,
//! `interleave-reductions` runs two of their positions an iteration,
//! `unroll-short-tails` unrolls a merge's short tails.

use crate::ir::{constant, defined_inside, name, predicate, PREDICATE_SLT, PREDICATE_ULT};
use melior::ir::{block::BlockLike, operation::OperationLike, OperationRef, RegionLike, TypeLike, Value, ValueLike};

/// A counted loop: its bounds, step and induction variable (the block
/// argument of its body); an `scf.for` may also carry values.
pub(crate) struct Counted<'c, 'a> {
    pub lower: Value<'c, 'a>,
    pub upper: Value<'c, 'a>,
    pub step: Value<'c, 'a>,
    pub induction: Value<'c, 'a>,
    /// The region holding the body.
    pub body: usize,
    /// What the `scf.while` body yields (the stepped index), dead once the
    /// loop is parallel.
    pub next: Option<Value<'c, 'a>>,
    /// The `scf.while`'s comparison (`ult` or `slt`); `None` for an
    /// `scf.for`, which compares signed.
    pub compare: Option<OperationRef<'c, 'a>>,
}

impl<'c, 'a> Counted<'c, 'a> {
    /// `op` as a counted loop of an `index`: an `scf.for` compared signed
    /// (not `unsignedCmp`), or an `scf.while` as [`Counted::of_while`] shows.
    pub(crate) fn of(op: OperationRef<'c, 'a>) -> Option<Self> {
        match name(op).as_str() {
            "scf.for" if op.attribute("unsignedCmp").is_err() => {
                let block = op.region(0).ok()?.first_block()?;
                if !block.argument(0).ok()?.r#type().is_index() {
                    return None;
                }
                Some(Counted {
                    lower: op.operand(0).ok()?,
                    upper: op.operand(1).ok()?,
                    step: op.operand(2).ok()?,
                    induction: block.argument(0).ok()?.into(),
                    body: 0,
                    next: None,
                    compare: None,
                })
            }
            "scf.while" => Self::of_while(op),
            _ => None,
        }
    }

    /// `scf.while (%i = %lower) { cmpi ult|slt %i, %upper; scf.condition
    /// %i } do { ^(%i): ... scf.yield (%i + step) }`.
    fn of_while(op: OperationRef<'c, 'a>) -> Option<Self> {
        if op.operand_count() != 1 || op.result_count() != 1 {
            return None;
        }
        let before = op.region(0).ok()?.first_block()?;
        let after = op.region(1).ok()?.first_block()?;
        let carried: Value = before.argument(0).ok()?.into();
        let compare = before.first_operation()?;
        let condition = compare.next_in_block()?;
        let compared = name(compare) == "arith.cmpi"
            && matches!(predicate(compare), Some(PREDICATE_SLT | PREDICATE_ULT))
            && compare.operand(0).ok()? == carried;
        if !compared {
            return None;
        }
        let upper = compare.operand(1).ok()?;
        let continues = name(condition) == "scf.condition"
            && condition.operand_count() == 2
            && condition.operand(0).ok()? == compare.result(0).ok()?.into()
            && condition.operand(1).ok()? == carried
            && condition.next_in_block().is_none();
        if !continues || before.argument_count() != 1 || after.argument_count() != 1 || defined_inside(upper, op) {
            return None;
        }
        let induction: Value = after.argument(0).ok()?.into();
        let terminator = after.terminator()?;
        let next = (terminator.operand_count() == 1).then(|| terminator.operand(0).ok()).flatten()?;
        let stepping = crate::ir::defining_op(next).filter(|op| name(*op) == "arith.addi")?;
        let step = match (stepping.operand(0).ok()?, stepping.operand(1).ok()?) {
            (left, step) if left == induction => step,
            (step, right) if right == induction => step,
            _ => return None,
        };
        let positive = constant(step).is_some_and(|step| step > 0);
        let index = carried.r#type().is_index();
        (positive && index).then_some(Counted {
            lower: op.operand(0).ok()?,
            upper,
            step,
            induction,
            body: 1,
            next: Some(next),
            compare: Some(compare),
        })
    }
}
