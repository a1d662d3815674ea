//! Concatenations read along one loop beside another, copied first when
//! their sizes are known only at run time.
//!
//! A loop that reads one concatenation (`arr.concat`) is split into one
//! `sig.forall` a part, each over that part's segment of the loop (paper
//! 001's disjoint union). Two concatenations along one loop split it at the
//! ends of the parts of both: with static sizes, `arr-concretize` merges
//! those split points into the segments each pair of parts shares. Sizes
//! only the program knows give split points whose order is not known when
//! it compiles. Such a statement reads every concatenation along the loop
//! but its first through a copy made before it by a statement of its own (a
//! copy statement reads one concatenation, which it splits as any other),
//! stored as its first part is, in the level order the statement's loops
//! already follow (with values, where the part has a pattern leaf). The copy
//! costs a pass over the parts and its memory until the function returns.

use crate::arr_concretize::each_statement;
use crate::statement::{ConcatRead, Statement};
use crate::transposed_operands::{copy_in_format, redirect};
use melior::{
    ir::{
        r#type::{DimSize, RankedTensorType},
        OperationRef, ShapedTypeLike, ValueLike,
    },
    Context,
};

/// Copies, before each statement, every concatenation it reads along a loop
/// after a first one, when a part of any of them along that loop has a
/// dynamic size. `Err` names a statement whose copy could not be built.
pub fn copy_concats<'c, 'a>(module: OperationRef<'c, 'a>, context: &'c Context) -> Result<(), (OperationRef<'c, 'a>, String)> {
    each_statement(module, |op, statement| copy_later_concats(op, statement, context))
}

/// Copies the concatenations of `statement` after the first along each
/// loop that one of dynamic sizes shares.
fn copy_later_concats<'c, 'a>(op: OperationRef<'c, 'a>, statement: &Statement<'c, 'a>, context: &'c Context) -> Result<(), String> {
    for (index, read) in statement.concats.iter().enumerate() {
        let along: Vec<&ConcatRead> = statement.concats.iter().filter(|other| other.loop_ == read.loop_).collect();
        let first = statement.concats.iter().position(|other| other.loop_ == read.loop_) == Some(index);
        if first || along.iter().all(|other| static_sizes(statement, other)) {
            continue;
        }
        // The first part's levels, in its order (the statement's loops
        // follow it), holding values (a pattern part's are its 1s).
        let mut encoding = statement.operands[read.parts[0]].encoding.clone();
        encoding.format.pattern = false;
        let copied = copy_in_format(op, read.view, encoding, false, context)?;
        let reads: Vec<OperationRef> =
            statement.concat_accesses.iter().filter(|&&(_, concat)| concat == index).map(|&(access, _)| access).collect();
        redirect(&reads, copied);
    }
    Ok(())
}

/// Whether every part of `read` has a static size along its dimension.
fn static_sizes(statement: &Statement, read: &ConcatRead) -> bool {
    read.parts.iter().all(|&part| {
        RankedTensorType::try_from(statement.operands[part].tensor.r#type())
            .is_ok_and(|r#type| matches!(r#type.dim_size(read.dim), Ok(DimSize::Static(_))))
    })
}
