//! Views built first, by a copy statement: what `arr.slice` narrows when
//! it is a collapse, a split, a concatenation or a broadcast, a
//! concatenation that a split, a collapse or a broadcast reorganizes, a
//! collapse or a split that reorganizes its source under another view, a
//! slice that a split or a broadcast reads, and a view that an op taking a
//! tensor of its own uses (a return, a call, a pad, an insert, a print).
//!
//! A slice is read in place as its source's levels with a window on one of
//! them, which needs the source's levels: a stored tensor's, or those of a
//! view that reads its source's buffers as they are (one `arr-demap` gave a
//! storage of its own). A view that reorganizes its source (a collapse of
//! a compressed level's coordinates, `x[a] · |b| + x[b]`, a split, a
//! concatenation, a broadcast) has no such levels, and a window over the
//! coordinates it makes is not a window of any level below it (`[4, 12)` of
//! a 3 × 4 matrix's collapse is the last two rows, and `[1, 12)` by steps of
//! 3 three of its entries from three rows). So each such view under a slice
//! is first copied, by a statement of its own, into a tensor of its shape
//! (every level compressed, or every level dense when what it reads is
//! stored densely, with its source's fill), and the slice is taken of that
//! copy. The copy costs a pass over the view's entries, and its memory
//! until the function returns: the view is built, where a statement that
//! reads it unsliced reads it in place.
//!
//! A split, a collapse or a broadcast reads its source's levels too (or
//! moves its reads to them), and a concatenation has none: a statement
//! reads one through its parts along the loop of its dimension, which the
//! other view's subscripts no longer are (a split of the concatenated
//! dimension reads it at `n · s + t`). Such a concatenation is built the
//! same way, at the same cost, and so is a collapse or a split that
//! reorganizes its source, read by another of them (a reshape written as
//! a collapse then a split: `3 × 4 → 12 → 2 × 6` of a CSR matrix), and a
//! slice read by a split or a broadcast, neither of which reads a window.
//!
//! A view is no tensor of its own: one that is returned, passed to a call
//! or padded is built for that use into the dense tensor its type names.

use crate::ir::{collect, defining_op, edit};
use crate::transposed_operands::insert_copy;
use melior::{
    ir::{
        block::BlockLike, operation::OperationLike, operation::OperationMutLike, r#type::RankedTensorType, OperationRef, ShapedTypeLike,
        Value, ValueLike,
    },
    Context,
};
use sparse_dialects::{arr, encoding::Encoding};
use sparse_formats::{Format, Level};

/// Builds, before each `arr.slice` of a view that reorganizes its source,
/// and each other view of a concatenation, the view it reads into a tensor
/// it then reads (see the module's doc). `Err` names the view whose copy
/// could not be built.
pub fn build_sliced_views<'c, 'a>(module: OperationRef<'c, 'a>, context: &'c Context) -> Result<(), (OperationRef<'c, 'a>, String)> {
    for reader in collect(module, |op| arr::SHAPE_OPS.contains(&crate::ir::name(op).as_str())) {
        build_view(reader, context).map_err(|message| (reader, message))?;
    }
    for view in collect(module, |op| arr::SHAPE_OPS.contains(&crate::ir::name(op).as_str())) {
        build_for_tensor_users(view, context).map_err(|message| (view, message))?;
    }
    Ok(())
}

/// The ops that take the buffers of a tensor of their own, which a view
/// does not have.
const TAKE_A_TENSOR: [&str; 5] = ["func.return", "func.call", "tensor.pad", "tensor.insert", "sparse_tensor.print"];

/// Gives each user of the view `view` (of no encoding) that takes a tensor
/// of its own (a `func.return`, a call, a `tensor.pad`) the copy of the
/// view into a tensor of its own type, built by a statement before it: a
/// returned view is the dense tensor its type names, every component the
/// view's.
fn build_for_tensor_users<'c>(view: OperationRef<'c, '_>, context: &'c Context) -> Result<(), String> {
    let result: Value = view.result(0).map_err(|error| error.to_string())?.into();
    let Ok(view_type) = RankedTensorType::try_from(result.r#type()) else { return Ok(()) };
    if view_type.encoding().is_some() {
        return Ok(());
    }
    // The uses that take a tensor of its own (`sparse_tensor.foreach`, a
    // statement's read, `tensor.dim` and other views read a view in place).
    let needs_tensor = |user: &OperationRef| TAKE_A_TENSOR.contains(&crate::ir::name(*user).as_str());
    for user in crate::ir::users(result).into_iter().filter(needs_tensor) {
        let copy = crate::raise_linalg::copy(result, view_type, context, user.location())?;
        let block = user.block().ok_or("a view's user is not in a block")?;
        let built: Value = block.insert_operation_before(user, copy).result(0).map_err(|error| error.to_string())?.into();
        crate::ir::replace_operand(user, result, built);
    }
    Ok(())
}

/// Copies the view `reader` reads into a tensor, when it is one that
/// reorganizes its source and `reader` a slice, or a concatenation, a
/// collapse or a split that reorganizes its source and `reader` a split,
/// a collapse or a broadcast, or a slice and `reader` a split or a
/// broadcast, and makes `reader` read the copy.
fn build_view<'c>(reader: OperationRef<'c, '_>, context: &'c Context) -> Result<(), String> {
    let reader_name = crate::ir::name(reader);
    if reader_name == arr::Concat::NAME {
        return Ok(());
    }
    let view: Value = reader.operand(0).map_err(|error| error.to_string())?;
    let Some(producer) = defining_op(view) else { return Ok(()) };
    let name = crate::ir::name(producer);
    let reorganizes = arr::SHAPE_OPS.contains(&name.as_str()) && name != arr::Slice::NAME && arr::reinterpreted(producer).is_none();
    let built = if reader_name == arr::Slice::NAME {
        reorganizes
    } else {
        // A concatenation has no levels; a collapse or a split that
        // reorganizes its source has none of its own to read either, and a
        // split or a broadcast does not read a slice's window.
        name == arr::Concat::NAME
            || ([arr::Collapse::NAME, arr::Split::NAME].contains(&name.as_str()) && reorganizes)
            || (name == arr::Slice::NAME && [arr::Split::NAME, arr::Broadcast::NAME].contains(&reader_name.as_str()))
    };
    if !built {
        return Ok(());
    }
    let view_type = RankedTensorType::try_from(view.r#type()).map_err(|_| format!("a '{name}' whose result is not a ranked tensor"))?;
    if view_type.encoding().is_some() {
        return Ok(());
    }
    // What the view reads: its source, or a concatenation's first part (all
    // of one fill).
    let source: Value = producer.operand(0).map_err(|error| error.to_string())?;
    let stored = arr::stored_encoding(source).ok_or_else(|| format!("the source of '{name}' has no valid encoding"))?;
    // Every entry the view holds, explicit fill values too (see
    // `transposed_operands::copy_in_format`).
    let copied = insert_copy(reader, view, built_view_encoding(&stored, view_type.rank())?, true, context)?;
    edit(reader).set_operand(0, copied);
    Ok(())
}

/// The storage a view of `rank` dimensions is built into when it cannot be
/// read in place: every level compressed, or every level dense when what it
/// reads (stored as `source`) is stored densely, with the source's fill.
pub fn built_view_encoding<'c>(source: &Encoding<'c>, rank: usize) -> Result<Encoding<'c>, String> {
    let level = if source.format.is_sparse() { Level::compressed() } else { Level::dense() };
    let format = Format::new(vec![level; rank], (0..rank).collect()).map_err(|error| error.to_string())?;
    Ok(Encoding { format, fill: source.fill })
}
