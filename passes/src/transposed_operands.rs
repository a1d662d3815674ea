//! Operands copied, before a statement reads them, into a tensor whose
//! levels follow the statement's loop order: sparse operands whose level
//! orders no single loop order follows, and dense operands the innermost
//! loop would read across their layout.
//!
//! A loop order follows the level order of every sparse operand. When two
//! of them store the same loops in opposite orders (`A(i, j) + B(j, i)` with
//! both in CSR, or `A + Aᵀ`), the constraints form a cycle and no order
//! exists. The fewest operands (a part of a concatenation, which the
//! concatenation then takes in its place, or a whole concatenation counting
//! as one) whose constraints, dropped, leave an order are then copied by a
//! statement of their own into the same level kinds in that order (CSR read
//! as `B(j, i)` becomes CSC; a band becomes compressed, see
//! `result_temporaries`), the copy written through a workspace as any result
//! whose level order its loops do not follow; the statement reads the
//! copies. An operand stored in blocks is copied from `arr.split`'s view of
//! it, into a tensor of its parts. Among the choices of as few operands,
//! the one whose order appends to a sparse result in order, then keeps the
//! result's loops closest to its level order, is taken (the first such in
//! operand order): upstream's sparsifier resolves such a cycle the same
//! way, by a conversion of one operand.
//!
//! A dense operand is read wherever the loop order takes it. When the
//! innermost loop indexes a dense operand's dimension that is not its last
//! level, every step of that loop jumps a whole row of it (SDDMM's `v(k, j)`
//! with `k` innermost reads one element of each of `k` rows for every stored
//! entry of the sample). Where the loops are driven by a sparse operand, so
//! that the operand is read once for each of its entries at least, a copy
//! statement first writes the operand into a dense tensor whose levels
//! follow the loop order (its transpose, for a matrix): one pass over it,
//! after which the innermost loop reads it contiguously.

use crate::arr_concretize::{operands_order, order, read_ordered, LoopPlan};
use crate::ir::defining_op;
use crate::statement::{Operand, Statement};
use melior::{
    ir::{
        block::BlockLike, operation::OperationLike, operation::OperationMutLike, r#type::RankedTensorType, OperationRef, ShapedTypeLike,
        Value, ValueLike,
    },
    Context,
};
use sparse_dialects::{arr::Compute, encoding::Encoding};
use sparse_formats::{Format, Level, LevelKind};

/// At most this many operands are tried as the ones to transpose (every
/// subset of them is an order to try).
const MOST_CANDIDATES: usize = 8;

/// Copies, before each statement, the sparse operands that break a cycle of
/// its level orders, and every dense operand its innermost loop reads
/// across its layout, into tensors laid out in the statement's loop order.
/// `Err` names a statement whose copy could not be built.
pub fn copy_operands<'c, 'a>(module: OperationRef<'c, 'a>, context: &'c Context) -> Result<(), (OperationRef<'c, 'a>, String)> {
    for op in crate::ir::collect(module, |op| Compute::of(op).is_some()) {
        let Some(compute) = Compute::of(op) else { continue };
        // What cannot be read or ordered is reported by arr-concretize itself.
        let Ok(mut statement) = read_ordered(compute) else { continue };
        if order(&statement).is_err() {
            break_cycle(op, &mut statement, context).map_err(|message| (op, message))?;
            let Ok(transposed) = read_ordered(compute) else { continue };
            statement = transposed;
        }
        let Ok(plan) = order(&statement) else { continue };
        copy_dense_across(op, &statement, &plan, context).map_err(|message| (op, message))?;
    }
    Ok(())
}

/// What one copy may replace: a sparse operand, one part of a
/// concatenation the statement reads, or every part of one (copied whole).
struct Candidate<'c, 'a> {
    /// The operands it is read as (one, or a concatenation's parts).
    operands: Vec<usize>,
    /// What the copy reads: the operand's tensor, or the concatenation.
    source: Value<'c, 'a>,
    /// The uses of `source` that take the copy instead, each an op and
    /// which of its operands: the body's reads (operand 0), or the
    /// concatenations a part is an operand of.
    uses: Vec<(OperationRef<'c, 'a>, usize)>,
}

/// Transposes the fewest candidates of `statement` (see [`candidates`])
/// whose level orders leave no loop order (see the module's comment);
/// nothing when the cycle is not among them alone.
fn break_cycle<'c, 'a>(op: OperationRef<'c, 'a>, statement: &mut Statement<'c, 'a>, context: &'c Context) -> Result<(), String> {
    // A sparse result in any level order is written through a workspace:
    // only a cycle among the operands is broken here.
    if operands_order(statement).is_ok() {
        return Ok(());
    }
    let candidates = candidates(statement);
    if candidates.is_empty() || candidates.len() > MOST_CANDIDATES {
        return Ok(());
    }
    let Some((chosen, plan)) = (1..=candidates.len()).find_map(|size| {
        let subsets = (1u32..1 << candidates.len()).filter(|mask| mask.count_ones() as usize == size);
        let plans: Vec<(Vec<&Candidate>, LoopPlan)> = subsets
            .filter_map(|mask| {
                let chosen: Vec<&Candidate> =
                    candidates.iter().enumerate().filter(|(bit, _)| mask & (1 << bit) != 0).map(|(_, candidate)| candidate).collect();
                let dropped: Vec<usize> = chosen.iter().flat_map(|candidate| candidate.operands.iter().copied()).collect();
                order_without(statement, &dropped).map(|plan| (chosen, plan))
            })
            .collect();
        plans.into_iter().min_by_key(|(_, plan)| (plan.workspace.is_some(), output_inversions(statement, &plan.order)))
    }) else {
        return Ok(());
    };
    for candidate in chosen {
        // A concatenation's parts share its loops; the copy takes the first
        // part's level kinds.
        let operand = &statement.operands[candidate.operands[0]];
        let levels = laid_out(operand, &plan.order);
        if candidate.operands.iter().all(|&index| statement.operands[index].encoding.format.dim_to_lvl == levels) {
            continue;
        }
        // Ordered, as the statement co-iterates it with the operands whose
        // order it takes (see `ordered_copies`); the copy's workspace sorts.
        let kinds = operand
            .encoding
            .format
            .levels
            .iter()
            .map(|&level| Level { ordered: true, ..crate::result_temporaries::written_out_of_order(level) })
            .collect();
        let format = Format::new(kinds, levels).map_err(|error| error.to_string())?;
        let copied = copy_in_format(op, candidate.source, Encoding { format, fill: operand.encoding.fill }, true, context)?;
        for &(user, slot) in &candidate.uses {
            OperationMutLike::set_operand(&mut crate::ir::edit(user), slot, copied);
        }
    }
    Ok(())
}

/// What may be copied into another level order: each sparse operand of two
/// dimensions or more (a vector has one order) read plainly (see [`plain`],
/// windows and views allowed), each such part of a concatenation (its
/// parts stored in different orders, CSC beside CSR, leave no order
/// among themselves), then each concatenation whose parts are, with
/// no n:m levels (whose structure another order does not keep; a batch
/// level is dense in the copy), and whose values the body uses (a read that
/// only sizes its loops orders none of them). A part comes before its
/// concatenation: a copy of the whole would read the parts in their
/// orders again.
fn candidates<'c, 'a>(statement: &Statement<'c, 'a>) -> Vec<Candidate<'c, 'a>> {
    let copyable = |operand: &Operand| {
        let format = &operand.encoding.format;
        format.dims() > 1 && plain(operand, true) && format.levels.iter().all(|level| level.kind != LevelKind::Structured)
    };
    let operands =
        statement.operands.iter().enumerate().filter(|(_, operand)| operand.concat_dim.is_none()).filter_map(|(index, operand)| {
            let reads = reads_of(statement, index);
            let valued = statement.uses_value_of(index);
            (operand.is_sparse() && copyable(operand) && valued && !reads.is_empty()).then(|| Candidate {
                operands: vec![index],
                source: operand.tensor,
                uses: reads.into_iter().map(|read| (read, 0)).collect(),
            })
        });
    let parts = statement.concats.iter().flat_map(|concat| {
        concat.parts.iter().filter_map(move |&part| {
            let operand = &statement.operands[part];
            let uses = concatenations_of(concat.view, operand.tensor);
            (operand.is_sparse() && copyable(operand) && !uses.is_empty()).then(|| Candidate {
                operands: vec![part],
                source: operand.tensor,
                uses,
            })
        })
    });
    let concatenations = statement.concats.iter().enumerate().filter_map(|(index, concat)| {
        let reads: Vec<OperationRef> =
            statement.concat_accesses.iter().filter(|&&(_, read)| read == index).map(|&(access, _)| access).collect();
        let parts = concat.parts.iter().map(|&part| &statement.operands[part]);
        let sparse = parts.clone().any(|part| part.is_sparse());
        (sparse && parts.clone().all(copyable) && !reads.is_empty()).then(|| Candidate {
            operands: concat.parts.clone(),
            source: concat.view,
            uses: reads.into_iter().map(|read| (read, 0)).collect(),
        })
    });
    operands.chain(parts).chain(concatenations).collect()
}

/// Where `part` is an operand of the concatenation `view` or of one nested
/// in it along the same dimension: each op and operand index.
fn concatenations_of<'c, 'a>(view: Value<'c, 'a>, part: Value<'c, 'a>) -> Vec<(OperationRef<'c, 'a>, usize)> {
    let concatenation =
        |value: Value<'c, 'a>| defining_op(value).filter(|op| crate::statement::CONCATENATIONS.contains(&crate::ir::name(*op).as_str()));
    let mut found = Vec::new();
    let mut pending: Vec<OperationRef> = concatenation(view).into_iter().collect();
    while let Some(op) = pending.pop() {
        for (slot, operand) in op.operands().enumerate() {
            if operand == part {
                found.push((op, slot));
            } else if let Some(nested) = concatenation(operand) {
                pending.push(nested);
            }
        }
    }
    found
}

/// The loop plan of `statement` with the level orders of the operands
/// `dropped` left free (as a copy into the loops' order would leave them);
/// their windows still constrain the loops.
fn order_without(statement: &mut Statement, dropped: &[usize]) -> Option<LoopPlan> {
    for &index in dropped {
        statement.operands[index].free_level_order = true;
    }
    let plan = order(statement).ok();
    for &index in dropped {
        statement.operands[index].free_level_order = false;
    }
    plan
}

/// How many pairs of the result's loops `order` runs opposite to the
/// result's level order (0: a dense result is written along its layout).
fn output_inversions(statement: &Statement, order: &[usize]) -> usize {
    let position = |loop_: usize| order.iter().position(|&other| other == loop_);
    let levels: Vec<Option<usize>> =
        statement.output_encoding.format.dim_to_lvl.iter().map(|&dim| statement.output_dims.get(dim).and_then(|&l| position(l))).collect();
    levels.iter().enumerate().map(|(at, outer)| levels[at + 1..].iter().filter(|inner| outer > inner).count()).sum()
}

/// Whether `operand` is read with whole dimensions (no blocks), not by a
/// computed read, from a stored tensor at bare subscripts or, where `views`
/// allows, also through windows (compound subscripts of a sparse level:
/// `a(i + k)`, or `b · ib + ii` where `arr-demap` split a loop over a
/// dimension it stores whole; the copy keeps the dimensions, so the
/// statement reads it at the same subscripts, and whether the windows'
/// own constraints leave an order is found when the statement is read
/// again), from a view of `arr.slice` of a stored tensor, or from
/// `arr.split`'s view of a tensor stored in blocks, its parts as dimensions
/// (which the copy reads as any statement does).
pub(crate) fn plain(operand: &Operand, views: bool) -> bool {
    let view = |tensor: Value| {
        defining_op(tensor).is_some_and(|made| {
            let name = crate::ir::name(made);
            sparse_dialects::arr::SHAPE_OPS.contains(&name.as_str()) && !(views && name == sparse_dialects::arr::Split::NAME)
        })
    };
    let read = if views { sparse_dialects::arr::slice_source(operand.tensor) } else { operand.tensor };
    let windowed = operand.is_windowed();
    !view(read) && operand.computed.is_none() && (views || !windowed) && !operand.encoding.format.is_blocked()
}

/// Copies, before the statement `op`, every dense operand its innermost
/// loop reads across its layout into a dense tensor laid out in the loop
/// order of `plan`.
fn copy_dense_across<'c, 'a>(
    op: OperationRef<'c, 'a>,
    statement: &Statement<'c, 'a>,
    plan: &LoopPlan,
    context: &'c Context,
) -> Result<(), String> {
    let Some(&innermost) = plan.order.last() else { return Ok(()) };
    if !statement.operands.iter().any(|operand| operand.is_sparse()) {
        return Ok(());
    }
    for (index, operand) in statement.operands.iter().enumerate() {
        let format = &operand.encoding.format;
        let dense = format.levels.iter().all(|level| level.kind == LevelKind::Dense);
        let across = operand.level_of(innermost).is_some_and(|level| level + 1 < format.rank());
        // One read of this operand in the body, which the copy replaces.
        let reads = reads_of(statement, index);
        let shared = statement.operands.iter().filter(|other| other.tensor == operand.tensor).count() > 1;
        if !plain(operand, false) || operand.concat_dim.is_some() || !dense || !across || reads.len() != 1 || shared {
            continue;
        }
        let format = Format::new(vec![Level::dense(); format.rank()], laid_out(operand, &plan.order)).map_err(|error| error.to_string())?;
        // (A dense copy stores every component anyway.)
        let copied = copy_in_format(op, operand.tensor, Encoding { format, fill: operand.encoding.fill }, false, context)?;
        redirect(&reads, copied);
    }
    Ok(())
}

/// The dimensions of `operand` in the order of their loops in `order`
/// (dimensions of one loop in their level order): the `dim_to_lvl` of its
/// copy laid out in that order.
fn laid_out(operand: &Operand, order: &[usize]) -> Vec<usize> {
    let mut dims = operand.encoding.format.dim_to_lvl.clone();
    dims.sort_by_key(|&dim| order.iter().position(|&loop_| loop_ == operand.dims[dim]));
    dims
}

/// The reads (`arr.access`) of operand `index` in the statement's body.
pub(crate) fn reads_of<'c, 'a>(statement: &Statement<'c, 'a>, index: usize) -> Vec<OperationRef<'c, 'a>> {
    statement.accesses.iter().filter(|&&(_, read)| read == index).map(|&(access, _)| access).collect()
}

/// Points each of `reads` at `copied`.
pub(crate) fn redirect<'c, 'a>(reads: &[OperationRef<'c, 'a>], copied: Value<'c, 'a>) {
    for &read in reads {
        OperationMutLike::set_operand(&mut crate::ir::edit(read), 0, copied);
    }
}

/// A copy of `tensor` in `encoding` (of its shape and element type), made
/// by a statement before `statement`. A batch level (each batch stored
/// apart, as an input may arrive) is dense in the copy: a statement
/// assembles its result as one tensor. With `keep_stored`, the copy of a
/// tensor that is not a concatenation (which a statement reads through its
/// parts) stores every entry the tensor stores, explicit fill values too
/// (`arr.keep_visited`), as a copy read in the tensor's place must: whether
/// an entry is stored decides what some bodies compute (upstream's
/// `sparse_tensor.binary` overlap, an iteration space's regions).
pub(crate) fn copy_in_format<'c, 'a>(
    statement: OperationRef<'c, 'a>,
    tensor: Value<'c, 'a>,
    mut encoding: Encoding<'c>,
    keep_stored: bool,
    context: &'c Context,
) -> Result<Value<'c, 'a>, String> {
    for level in encoding.format.levels.iter_mut().filter(|level| level.kind == LevelKind::Batch) {
        *level = Level::dense();
    }
    let concatenation = defining_op(tensor).is_some_and(|made| crate::statement::CONCATENATIONS.contains(&crate::ir::name(made).as_str()));
    insert_copy(statement, tensor, encoding, keep_stored && !concatenation, context)
}

/// The statement `copy(c) = tensor(c)` into a tensor of `tensor`'s shape
/// and element type in `encoding`, inserted before `before`; with
/// `keep_stored`, it stores every entry it visits (`arr.keep_visited`).
pub(crate) fn insert_copy<'c, 'a>(
    before: OperationRef<'c, 'a>,
    tensor: Value<'c, 'a>,
    encoding: Encoding<'c>,
    keep_stored: bool,
    context: &'c Context,
) -> Result<Value<'c, 'a>, String> {
    let source = RankedTensorType::try_from(tensor.r#type()).map_err(|_| "an operand that is not a ranked tensor".to_string())?;
    let r#type = RankedTensorType::new(&crate::ir::sizes_of(source), source.element(), Some(encoding.to_attribute(context)));
    let mut copy = crate::raise_linalg::copy(tensor, r#type, context, before.location())?;
    if keep_stored {
        copy.set_attribute(crate::statement::KEEP_VISITED, melior::ir::Attribute::unit(context));
    }
    let block = before.block().ok_or("a copy's place is not in a block")?;
    let copy = block.insert_operation_before(before, copy);
    Ok(copy.result(0).map_err(|error| error.to_string())?.into())
}
