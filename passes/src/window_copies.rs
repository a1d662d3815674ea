//! Operands read through windows or slices of a level whose iterator
//! cannot be narrowed to them, copied first into levels whose can.
//!
//! A compound subscript (`a(i + k)`, or `a(2 · ib + ii)` where `arr-demap`
//! split a loop over a dimension `a` stores whole) is read through the
//! non-empty subsections of the level storing it (paper 003 §5.2), an
//! iterator wrapped around the level's own whose carried state is the
//! window's offset; a strided slice (`arr.slice` of step 2) skips positions
//! by arithmetic. A variable-block level's iterator carries a state of its
//! own (the block of its position), which neither keeps. And both, as any
//! slice, seek the window's first coordinate and stop at its bound, which
//! needs the level's coordinates in order: an unordered level gives them in
//! any order. Such an operand is copied before the statement, by a
//! statement of its own, into the same levels with each variable-block
//! level compressed (the coordinates it stores, listed one by one) and
//! every level ordered, the slices it is a view of taken again of the copy,
//! and the statement reads that. The copy costs a pass over the tensor (the
//! sort of an unordered level's segments) and its memory until the function
//! returns.

use crate::arr_concretize::each_statement;
use crate::place::Place;
use crate::statement::{Operand, Statement};
use crate::transposed_operands::{copy_in_format, reads_of, redirect};
use melior::{
    ir::{operation::OperationLike, OperationRef, ValueLike},
    Context,
};
use sparse_dialects::{
    arr::{self, SliceBound},
    encoding::Encoding,
};
use sparse_formats::{Format, Level, LevelKind};

/// Copies, before each statement, every operand it reads through a window
/// or a strided slice of a variable-block level, or through a window or any
/// slice of an unordered level, into compressed, ordered levels.
/// `Err` names a statement whose copy could not be built.
pub fn copy_operands<'c, 'a>(module: OperationRef<'c, 'a>, context: &'c Context) -> Result<(), (OperationRef<'c, 'a>, String)> {
    each_statement(module, |op, statement| copy_windowed(op, statement, context))
}

/// Copies the operands of `statement` that [`stateful_reads`] names.
fn copy_windowed<'c, 'a>(op: OperationRef<'c, 'a>, statement: &Statement<'c, 'a>, context: &'c Context) -> Result<(), String> {
    for (index, operand) in statement.operands.iter().enumerate() {
        let reads = reads_of(statement, index);
        // A read whose value nothing uses only sizes its loops: no iterator walks it.
        if operand.concat_dim.is_some() || reads.is_empty() || !statement.uses_value_of(index) || !stateful_reads(operand) {
            continue;
        }
        let format = &operand.encoding.format;
        let levels = format.levels.iter().copied().map(compressed_for_windows).collect();
        let format = Format::new(levels, format.dim_to_lvl.clone()).map_err(|error| error.to_string())?;
        let source = arr::slice_source(operand.tensor);
        let mut copied = copy_in_format(op, source, Encoding { format, fill: operand.encoding.fill }, true, context)?;
        let place = Place::before(op).ok_or("arr.compute is not in a block")?;
        for slice in arr::slices_of(operand.tensor).into_iter().rev() {
            let bounds = arr::Slice::of(slice).and_then(|view| view.bounds()).ok_or("a malformed arr.slice")?;
            let dim = arr::shape_dim(slice).and_then(|dim| usize::try_from(dim).ok()).ok_or("a malformed arr.slice")?;
            let r#type = slice.result(0).map_err(|error| error.to_string())?.r#type();
            copied = place.value(arr::slice(copied, r#type, dim, bounds, slice.location()).map_err(|error| error.to_string())?);
        }
        redirect(&reads, copied);
    }
    Ok(())
}

/// Whether `operand` stores a dimension it is read at through a window, or
/// that a slice narrows, in a level whose iterator cannot be narrowed so: a
/// variable-block level (a window, or a slice of another step than 1), an
/// unordered one (a window or any slice).
fn stateful_reads(operand: &Operand) -> bool {
    let format = &operand.encoding.format;
    let sliced = |dim: usize, strided_only: bool| {
        arr::slices_of(operand.tensor).into_iter().any(|slice| {
            let step = arr::Slice::of(slice).and_then(|view| view.bounds()).map(|[_, _, step]| step);
            arr::shape_dim(slice) == Some(dim as i64) && !(strided_only && matches!(step, Some(SliceBound::Static(1))))
        })
    };
    format.levels.iter().zip(&format.dim_to_lvl).any(|(level, &dim)| {
        let windowed = operand.window(dim).is_some();
        (level.kind == LevelKind::VariableBlock && (windowed || sliced(dim, true))) || (!level.ordered && (windowed || sliced(dim, false)))
    })
}

/// The level a copy read through windows holds in place of `level`: a
/// compressed one for variable blocks, ordered.
fn compressed_for_windows(level: Level) -> Level {
    let kind = match level.kind {
        LevelKind::VariableBlock => LevelKind::Compressed,
        kind => kind,
    };
    Level { kind, ordered: true, ..level }
}
