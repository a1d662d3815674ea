//! Bucket lists whose columns rise by their loops' construction.
//!
//! A rank-two result scattered into its rows' buckets (`workspace`: a
//! transposition, a conversion between level orders) is its own CSR
//! storage when every bucket's columns rise strictly, and `workspace`
//! checks that by a scan of the whole list when the program runs. Some loop
//! nests make it so: a statement whose one store `C(j, i) = …` sits in a
//! loop over `j` nested in a loop over `i`, nothing else around it but
//! branches; the loop over `i` walks root levels of stored tensors that
//! hold each coordinate once and in order, the loop over `j` levels that
//! hold each coordinate once, each a root or under a parent the loop over
//! `i` walks or locates. Row `j`'s bucket then receives its components in
//! the iterations of the loop over `i`, at most one each (the loop over `j`
//! runs once in an iteration and visits `j` once), so at strictly rising
//! columns `i`. The scan is then left out.

use crate::ir::{block_argument, defining_op, name, value_key};
use melior::ir::{
    attribute::IntegerAttribute, block::BlockLike, operation::OperationLike, r#type::RankedTensorType, OperationRef, Value, ValueLike,
};
use sparse_dialects::{cfir, encoding::Encoding, sig};
use sparse_formats::LevelKind;

/// Whether `writers`, the stores into a list bucketed by dimension `row`,
/// write each bucket at strictly rising coordinates of dimension `column`,
/// whatever the data (see the module's comment); `false` where that is not
/// shown.
pub(super) fn rises_in_every_bucket(writers: &[OperationRef], row: usize, column: usize) -> bool {
    let [writer] = writers else { return false };
    if name(*writer) != cfir::Assign::NAME {
        return false;
    }
    // `cfir.assign(tensor, value, indices…)`, the indices in dimension order.
    let index = |dim: usize| writer.operand(2 + dim).ok().and_then(bound_by_loop);
    let (Some(row_loop), Some(column_loop)) = (index(row), index(column)) else { return false };
    let Some(statement) =
        writer.operand(0).ok().and_then(defining_op).filter(|alloc| name(*alloc) == cfir::Alloc::NAME).and_then(|alloc| alloc.block())
    else {
        return false;
    };
    // From the store out to the statement's block: the two loops, the row's
    // inside the column's, and only branches beside them.
    let mut loops = Vec::new();
    let mut op = *writer;
    while op.block() != Some(statement) {
        let Some(parent) = op.parent_operation() else { return false };
        match name(parent).as_str() {
            cfir::While::NAME => loops.push(parent),
            cfir::Switch::NAME | cfir::Case::NAME | "scf.if" => {}
            _ => return false,
        }
        op = parent;
    }
    let keys: Vec<_> = loops.iter().map(|op| op.to_raw().ptr).collect();
    if keys != [row_loop, column_loop] {
        return false;
    }
    // The column's loop is the statement's outermost: it walks root levels,
    // and fixes the parents of the levels the row's loop walks.
    let (Some(columns), Some(rows)) = (walked_levels(loops[1], true), walked_levels(loops[0], false)) else { return false };
    let fixed = located_levels(loops[1]).map(|located| [columns.as_slice(), &located].concat());
    columns.iter().all(|&(_, level)| level == 0)
        && fixed.is_some_and(|fixed| rows.iter().all(|&(tensor, level)| level == 0 || fixed.contains(&(tensor, level - 1))))
}

/// A stored level a loop walks or locates: its tensor (by [`value_key`])
/// and its level.
type WalkedLevel = (usize, usize);

/// The `cfir.while` whose coordinate `index` is, by its address.
fn bound_by_loop(index: Value) -> Option<*mut std::ffi::c_void> {
    let argument = block_argument(index)?;
    let loop_op = argument.owner().parent_operation()?;
    (argument.argument_number() == 0 && name(loop_op) == cfir::While::NAME).then(|| loop_op.to_raw().ptr)
}

/// The levels the loop `op` walks, when it runs its body at most once at
/// each coordinate (and, `in_order`, at rising ones): its sequence is a
/// stored level that holds each coordinate once (in order), or an
/// intersection or union of such, which co-iteration walks in order (the
/// levels it locates only skip coordinates).
fn walked_levels(op: OperationRef, in_order: bool) -> Option<Vec<WalkedLevel>> {
    let mut levels = Vec::new();
    once_each(op.operand(0).ok()?, in_order, &mut levels).then_some(levels)
}

fn once_each(sequence: Value, in_order: bool, levels: &mut Vec<WalkedLevel>) -> bool {
    let Some(maker) = defining_op(sequence) else { return false };
    match name(maker).as_str() {
        sig::Level::NAME => stored_level(maker, in_order).map(|level| levels.push(level)).is_some(),
        sig::Intersect::NAME | sig::Union::NAME => maker.operands().all(|operand| once_each(operand, true, levels)),
        _ => false,
    }
}

/// The stored levels the loop `op` locates at its coordinate (`None` where
/// one is not a stored level).
fn located_levels(op: OperationRef) -> Option<Vec<WalkedLevel>> {
    let (located, _) = cfir::While::of(op)?.binding_counts()?;
    (1..=located)
        .map(|index| {
            let maker = defining_op(op.operand(index).ok()?)?;
            (name(maker) == sig::Level::NAME).then_some(())?;
            stored_level(maker, false)
        })
        .collect()
}

/// The `sig.level` `op`, when it is a dense, or unique (and, `in_order`,
/// ordered) compressed, level of a kernel argument or a statement's result
/// (not a view, whose levels are another tensor's), in a format not in
/// blocks.
fn stored_level(op: OperationRef, in_order: bool) -> Option<WalkedLevel> {
    let tensor = op.operand(0).ok()?;
    let stored = match defining_op(tensor) {
        Some(maker) => name(maker) == cfir::Alloc::NAME,
        None => block_argument(tensor)
            .is_some_and(|argument| argument.owner().parent_operation().is_some_and(|function| name(function) == "func.func")),
    };
    let format = Encoding::of_any(RankedTensorType::try_from(tensor.r#type()).ok()?).ok()?.format;
    let index = usize::try_from(IntegerAttribute::try_from(op.attribute("level").ok()?).ok()?.value()).ok()?;
    let level = format.levels.get(index)?;
    let kind_holds = matches!(level.kind, LevelKind::Dense | LevelKind::Compressed | LevelKind::LooseCompressed);
    let once = stored && !format.is_blocked() && kind_holds && level.unique && (level.ordered || !in_order);
    once.then(|| (value_key(tensor), index))
}
