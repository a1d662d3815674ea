//! Reductions by a function declared associative and commutative, emitted
//! so that LLVM may reorder them (paper 000 §4: a function's properties
//! license the orders the compiler iterates in). A float reduction whose
//! body is one op of its two arguments (`arith.addf`, `arith.mulf`,
//! `arith.maximumf`, ...) is inlined at the reduction. Where the innermost
//! loop around it is a reduction loop (its coordinate is not one the
//! reduction writes at) that reads contiguous runs (it locates nothing, as
//! a sum of a level's own values, or it walks dense or band levels only),
//! the `reassoc` fast-math flag is added to the flags the op had: that sum
//! then vectorizes, with several partial sums instead of one chain of
//! dependent additions, and may round differently from a sequential one,
//! as any reordering of float additions may (in its last bits, or more
//! where many terms are far below the running total, which the sequential
//! sum drops). Elsewhere the order
//! stays: over a compressed level that locates a dense operand (SpMV), or
//! in a loop that writes at its own coordinate (SpMM's inner dense loop,
//! which vectorizes without it), reordering lets LLVM vectorize the
//! enclosing sum with gathers, several times slower than the sequential
//! loop. A reduction of 16-bit floats (`f16`, `bf16`) keeps its order too:
//! their sums saturate after a few thousand terms (2048 ones sum to 2048 in
//! `f16`), so a reordered sum differs from the sequential one by far more
//! than its last bits. Any other function is called as it is.
//!
//! A sum into a scalar workspace that starts at +0 (a rank-0 temporary of
//! the kernel, reset to +0 and otherwise only added into, SDDMM's dot
//! products) also gets `nsz`: LLVM then turns the run, fully unrolled when
//! its length is known, into one vector reduction, which it does not with
//! `reassoc` alone. A sequential sum from +0 is never -0 (in round to
//! nearest, `x + y` is -0 only when both are), so the sign of a zero is all
//! `nsz` could change, and reading the temporary adds +0 (without flags),
//! which turns a -0 into +0 and leaves every other value as it is.
//!
//! An integer reduction whose body is one op of [`INTEGER_REDUCTIONS`]
//! (`arith.addi`, `arith.maxsi`, ...) is inlined too, without the op's
//! flags: any order of it gives the same bits, and LLVM reorders it
//! without being told.
//!
//! The load of an inlined reduction's old value from a buffer is marked
//! [`REDUCTION`](crate::parallelize_outer_loops::REDUCTION): any order of
//! these reductions is the declared meaning, so `parallelize-outer-loops`
//! may give each thread a copy of the buffer to reduce into.

use super::Emitter;
use crate::ir::{defined, defining_op, module_of, name};
use crate::place::Place;
use melior::ir::operation::OperationMutLike;
use melior::ir::r#type::{RankedTensorType, ShapedTypeLike};
use melior::{
    dialect::func,
    ir::{
        attribute::FlatSymbolRefAttribute, block::BlockLike, operation::OperationBuilder, operation::OperationLike, Attribute, Identifier,
        OperationRef, RegionLike, Type, TypeLike, Value, ValueLike,
    },
};
use sparse_dialects::function::{Properties, PROPERTIES};
use sparse_dialects::{cfir, sig};
use sparse_formats::LevelKind;

/// `flags` (an `#arith.fastmath<...>` attribute's text) with `added`.
fn with_flags(flags: &str, added: &[&str]) -> String {
    let inner = flags.strip_prefix("#arith.fastmath<").and_then(|rest| rest.strip_suffix('>')).unwrap_or("none");
    let mut names: Vec<&str> = inner.split(',').map(str::trim).filter(|flag| !flag.is_empty() && *flag != "none").collect();
    for flag in added {
        if !names.iter().any(|name| name == flag || *name == "fast") {
            names.push(flag);
        }
    }
    format!("#arith.fastmath<{}>", names.join(","))
}

/// Whether `tensor` is a scalar workspace that sums from +0: a rank-0
/// float `cfir.alloc` filled with +0 (its encoding's fill, or no
/// encoding's), whose plain stores all store the constant +0, whose
/// reductions all add, and which is otherwise only read.
pub(super) fn sums_from_positive_zero(tensor: Value) -> bool {
    let Some(alloc) = defining_op(tensor) else { return false };
    let Ok(r#type) = RankedTensorType::try_from(tensor.r#type()) else { return false };
    let fill = match r#type.encoding() {
        None => Some(crate::fill::Number::Float(0.0)),
        Some(_) => {
            sparse_dialects::encoding::Encoding::of_any(r#type).ok().and_then(|encoding| crate::fill::Number::of_typed(encoding.fill))
        }
    };
    let from_positive_zero = fill.is_some_and(|fill| fill.identical(crate::fill::Number::Float(0.0)));
    if name(alloc) != cfir::Alloc::NAME || r#type.rank() != 0 || !r#type.element().is_float() || !from_positive_zero {
        return false;
    }
    crate::ir::users(tensor).into_iter().all(|user| match name(user).as_str() {
        cfir::Access::NAME => true,
        cfir::Assign::NAME => {
            user.operand(0).is_ok_and(|target| target == tensor)
                && user
                    .operand(1)
                    .ok()
                    .and_then(crate::fill::Number::of_constant)
                    .is_some_and(|number| number.identical(crate::fill::Number::Float(0.0)))
        }
        cfir::Reduce::NAME => {
            user.operand(0).is_ok_and(|target| target == tensor)
                && cfir::Reduce::of(user).and_then(|view| view.function()).is_some_and(|function| adds(user, function))
        }
        _ => false,
    })
}

/// Whether the reduction function `function` (of `op`'s module) is one
/// `arith.addf` of its two arguments.
fn adds(op: OperationRef, function: &str) -> bool {
    let Some(callee) = module_of(op).ok().and_then(|(_, body)| defined(body, function)) else { return false };
    let Some(entry) = callee.region(0).ok().and_then(|region| region.first_block()) else { return false };
    let arguments: Vec<Value> = (0..entry.argument_count()).filter_map(|index| entry.argument(index).ok().map(Into::into)).collect();
    crate::ir::single_operation(callee).is_some_and(|body_op| {
        let operands: Vec<Value> = body_op.operands().collect();
        name(body_op) == "arith.addf" && arguments.len() == 2 && (operands == arguments || operands.iter().rev().eq(arguments.iter()))
    })
}

/// Whether the innermost `cfir.while` around the reduction `op` is a
/// reduction loop (`op` does not write at its coordinate) whose reads are
/// contiguous runs: it locates no sequence at its coordinate, or every
/// sequence it iterates and locates is a dense or band level.
fn reduces_over_contiguous_run(op: OperationRef) -> bool {
    let mut parent = op.parent_operation();
    while let Some(loop_) = parent {
        if name(loop_) == "cfir.while" {
            let Some(coordinate) = loop_.region(0).ok().and_then(|region| region.first_block()).and_then(|block| block.argument(0).ok())
            else {
                return false;
            };
            let writes_at_it = op.operands().any(|operand| operand == coordinate.into());
            // The operands: the sequence iterated, the located ones, then their sources.
            let located = (loop_.operand_count() - 1) / 2;
            let contiguous = located == 0 || loop_.operands().take(1 + located).all(is_dense_or_band_level);
            return !writes_at_it && contiguous;
        }
        parent = loop_.parent_operation();
    }
    false
}

/// Whether `sequence` is a `sig.level` of a dense or band level.
fn is_dense_or_band_level(sequence: Value) -> bool {
    let Some(level) = defining_op(sequence).and_then(sig::Level::of) else { return false };
    let encoding = level.0.operand(0).ok().and_then(sparse_dialects::arr::stored_encoding);
    let kind =
        encoding.zip(level.level()).and_then(|(encoding, index)| Some(encoding.format.levels.get(usize::try_from(index).ok()?)?.kind));
    matches!(kind, Some(LevelKind::Dense | LevelKind::Band))
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// `function(old, value)`, of result type `element`, for the reduction
    /// by `function` (a symbol of `op`'s module): inlined and reassociable
    /// where its properties allow (see the module's comment), a call
    /// otherwise.
    pub(super) fn reduce_with(
        &self,
        op: OperationRef<'c, 'a>,
        place: Place<'c, 'a>,
        function: &str,
        old: Value<'c, 'a>,
        value: Value<'c, 'a>,
        element: Type<'c>,
    ) -> Value<'c, 'a> {
        if let Some(body_op) = self.inlinable_integer(op, function, element) {
            // Exact in any order: the op alone, without the flags (such as
            // `nsw`) that the function's op may carry.
            let inlined = OperationBuilder::new(&name(body_op), self.location)
                .add_operands(&[old, value])
                .add_results(&[element])
                .build()
                .expect("a reduction op with its operands");
            mark_reduced(old, self.context);
            return self.one(place, inlined);
        }
        if let Some((body_op, flags)) = self.inlinable(op, function, element) {
            let into_zero_sum = op.operand(0).is_ok_and(sums_from_positive_zero) && name(body_op) == "arith.addf";
            // 16-bit floats keep their order: a sum of them saturates after a
            // few thousand terms (2048 ones in f16), so another order changes
            // far more than its last bits.
            let reorders = reduces_over_contiguous_run(op) && (element.is_f32() || element.is_f64());
            let flags = match (reorders, into_zero_sum) {
                (true, true) => with_flags(&flags, &["reassoc", "nsz"]),
                (true, false) => with_flags(&flags, &["reassoc"]),
                (false, _) => flags,
            };
            let flags = Attribute::parse(self.context, &flags).expect("fast-math flags parse");
            let inlined = OperationBuilder::new(&name(body_op), self.location)
                .add_operands(&[old, value])
                .add_results(&[element])
                .add_attributes(&[(Identifier::new(self.context, "fastmath"), flags)])
                .build()
                .expect("a reduction op with its operands");
            mark_reduced(old, self.context);
            return self.one(place, inlined);
        }
        let callee = FlatSymbolRefAttribute::new(self.context, function);
        self.one(place, func::call(self.context, callee, &[old, value], &[element], self.location))
    }

    /// The op of `function`'s body and the text of its fast-math flags,
    /// when it is a float op with such flags and `function` is declared
    /// associative and commutative.
    fn inlinable(&self, op: OperationRef<'c, 'a>, function: &str, element: Type<'c>) -> Option<(OperationRef<'c, 'a>, String)> {
        if !element.is_float() {
            return None;
        }
        let body_op = reducing_op(op, function, element)?;
        let flags = body_op.attribute("fastmath").ok()?.to_string();
        Some((body_op, flags))
    }

    /// The op of `function`'s body when it is an integer op of
    /// [`INTEGER_REDUCTIONS`] of `element`s and `function` is declared
    /// associative and commutative.
    fn inlinable_integer(&self, op: OperationRef<'c, 'a>, function: &str, element: Type<'c>) -> Option<OperationRef<'c, 'a>> {
        if !element.is_integer() {
            return None;
        }
        reducing_op(op, function, element).filter(|body_op| INTEGER_REDUCTIONS.contains(&name(*body_op).as_str()))
    }
}

/// The integer ops a reduction by a function of one of them is inlined as:
/// associative and commutative whatever the function declares, and exact,
/// so any order of them gives the same bits.
const INTEGER_REDUCTIONS: [&str; 9] =
    ["arith.addi", "arith.muli", "arith.andi", "arith.ori", "arith.xori", "arith.maxsi", "arith.minsi", "arith.maxui", "arith.minui"];

/// The one op of `function`'s body (of its two arguments, in order, giving
/// one `element`) when `function`, found from `op`'s module, is declared
/// associative and commutative.
fn reducing_op<'c, 'a>(op: OperationRef<'c, 'a>, function: &str, element: Type<'c>) -> Option<OperationRef<'c, 'a>> {
    let (_, body) = module_of(op).ok()?;
    let callee = defined(body, function)?;
    let properties = Properties::from_attribute(callee.attribute(PROPERTIES).ok()?).ok()?;
    if !(properties.associative && properties.commutative) {
        return None;
    }
    let body_op = crate::ir::single_operation(callee)?;
    (body_op.result_count() == 1 && body_op.result(0).ok()?.r#type() == element).then_some(body_op)
}

/// Marks the load of an inlined reduction's old value (`old`, where a
/// `memref.load` gives it) for `parallelize-outer-loops`: the declared
/// properties let threads reduce into copies of their own, combined after.
fn mark_reduced(old: Value, context: &melior::Context) {
    if let Some(load) = defining_op(old).filter(|op| name(*op) == "memref.load") {
        crate::ir::edit(load).set_attribute(crate::parallelize_outer_loops::REDUCTION, Attribute::unit(context));
    }
}

#[cfg(test)]
mod tests {
    use super::with_flags;

    #[test]
    fn flags_join_the_flags_an_op_had() {
        assert_eq!(with_flags("#arith.fastmath<none>", &["reassoc"]), "#arith.fastmath<reassoc>");
        assert_eq!(with_flags("#arith.fastmath<nnan,ninf>", &["reassoc"]), "#arith.fastmath<nnan,ninf,reassoc>");
        assert_eq!(with_flags("#arith.fastmath<reassoc>", &["reassoc"]), "#arith.fastmath<reassoc>");
        assert_eq!(with_flags("#arith.fastmath<fast>", &["reassoc", "nsz"]), "#arith.fastmath<fast>");
        assert_eq!(with_flags("#arith.fastmath<nsz>", &["reassoc", "nsz"]), "#arith.fastmath<nsz,reassoc>");
    }
}
