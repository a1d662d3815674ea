//! Operands read through windows or strided slices of a level whose
//! iterator carries a state, copied first into compressed levels.
//!
//! A compound subscript (`a(i + k)`, or `a(2 · ib + ii)` where `arr-demap`
//! split a loop over a dimension `a` stores whole) is read through the
//! non-empty subsections of the level storing it (paper 003 §5.2), an
//! iterator wrapped around the level's own whose carried state is the
//! window's offset; a strided slice (`arr.slice` of step 2) skips positions
//! by arithmetic. A variable-block level's iterator carries a state of its
//! own (the block of its position), which neither keeps. Such an operand is
//! copied before the statement, by a statement of its own, into the same
//! levels with each variable-block level compressed (the coordinates it
//! stores, listed one by one), the slices it is a view of taken again of the
//! copy, and the statement reads that. The copy costs a pass over the
//! tensor and its memory until the function returns.

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
/// or a strided slice of a variable-block level into compressed levels.
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
        let mut copied = copy_in_format(op, source, Encoding { format, fill: operand.encoding.fill }, context)?;
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

/// Whether `operand` stores, in a variable-block level, a dimension it is
/// read at through a window, or that a slice of another step than 1 narrows.
fn stateful_reads(operand: &Operand) -> bool {
    let format = &operand.encoding.format;
    let strided = |dim: usize| {
        arr::slices_of(operand.tensor).into_iter().any(|slice| {
            let step = arr::Slice::of(slice).and_then(|view| view.bounds()).map(|[_, _, step]| step);
            arr::shape_dim(slice) == Some(dim as i64) && !matches!(step, Some(SliceBound::Static(1)))
        })
    };
    format
        .levels
        .iter()
        .zip(&format.dim_to_lvl)
        .any(|(level, &dim)| level.kind == LevelKind::VariableBlock && (operand.window(dim).is_some() || strided(dim)))
}

/// The level a copy read through windows holds in place of `level`: a
/// compressed one for variable blocks; `level` itself otherwise.
fn compressed_for_windows(level: Level) -> Level {
    match level.kind {
        LevelKind::VariableBlock => Level { kind: LevelKind::Compressed, ..level },
        _ => level,
    }
}
