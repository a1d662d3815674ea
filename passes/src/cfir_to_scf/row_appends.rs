//! The marks by which `parallelize-outer-loops` assembles the rows of a
//! sparse output on threads: a matrix of a dense level over a compressed
//! one (CSR), appended in order by a loop over its rows whose entries its
//! operands' rows bound.
//!
//! Each row `r` of such an output gets at most as many entries as the
//! rows `r` of the operands' levels its loops walk hold together: every
//! iteration of a loop over them appends at most one entry and steps at
//! least one of them (`Emitter::entry_bounds` bounds the whole output so).
//! So the entries of rows `[a, b)` fit between `Σₖ posₖ[a]` and
//! `Σₖ posₖ[b]` of those levels' positions `posₖ`, whatever the other rows
//! hold: rows apart write apart, and the threads' parts are moved together
//! afterwards. What `parallelize-outer-loops` needs of the loop, marked on
//! its accesses (attributes on ops survive `canonicalize`, where an
//! allocation of a constant size is rebuilt without them):
//!
//! - [`ROW_SLOTS`] `= n` on each load of `posₖ[r]` at the row loop's
//!   index, `n` the number of such buffers;
//! - [`APPEND_COUNT`] on each access of the output's count of entries;
//! - [`APPENDED_ENTRY`] on each store of an entry's coordinate or value,
//!   at a position the count gave;
//! - [`ENDED_SEGMENT`] on each store of a row's end into the output's
//!   positions: the count after an entry of the row, at the row's element
//!   `r + 1`, which holds 0 until then (rows no entry ends are filled in
//!   after the loop).

use super::assembly::DepthLoop;
use super::error::LowerError;
use super::iterator::LevelId;
use super::storage::Buffers;
use super::{Emitter, Scope};
use crate::ir::{block_argument, defining_op};
use melior::ir::{
    attribute::IntegerAttribute,
    block::BlockLike,
    operation::{OperationLike, OperationMutLike},
    Attribute, OperationRef, RegionLike, Type, Value,
};
use sparse_dialects::sig::Intersect;
use sparse_formats::{DimPart, LevelBuffer, LevelKind};

/// The `index` attribute of a load of a level's position at the row loop's
/// index: the number of level positions whose sum bounds the entries of the
/// rows before (see the module's doc).
pub const ROW_SLOTS: &str = "sparse.row_slots";

/// The unit attribute of each access of an output's count of entries.
pub const APPEND_COUNT: &str = "sparse.append_count";

/// The unit attribute of each store of an appended entry's coordinate or
/// value, at a position its output's count gave: the count before it steps
/// past the entry, or one below it after, in the same iteration.
pub const APPENDED_ENTRY: &str = "sparse.appended_entry";

/// The unit attribute of each store of the count after a row's entry into
/// the output's positions, at the row's end.
pub const ENDED_SEGMENT: &str = "sparse.ended_segment";

impl<'c: 'a, 'a> Emitter<'c> {
    /// The positions of the operand levels that bound the entries of each
    /// row of `output` (see the module's doc), when `output` is a matrix of
    /// a dense level over a unique compressed one and every loop that makes
    /// its columns walks such levels, each in a row located by the row
    /// loop's index alone (an operand's dense level of whole rows, not a
    /// view); `None` otherwise.
    pub(super) fn row_slots(
        &self,
        loops: &[OperationRef<'c, 'a>],
        output: &Buffers<'c, 'a>,
        scope: &Scope<'c, 'a>,
    ) -> Result<Option<Vec<Value<'c, 'a>>>, LowerError> {
        if !rows_over_columns(output) {
            return Ok(None);
        }
        let Some(depths) = self.depth_loops(loops, output, scope)? else { return Ok(None) };
        let Some(columns) = depths.get(1).cloned().flatten().filter(|columns| !columns.is_empty()) else { return Ok(None) };
        let mut seen: Vec<(LevelId, Value<'c, 'a>)> = Vec::new();
        let mut slots = Vec::new();
        for DepthLoop { op, drivers, walks } in columns {
            // An intersection's result is sized by its smaller operand, which
            // the runs' parts (sized by the sum) would never fit.
            if defining_op(op.operand(0)?).is_some_and(|sequence| Intersect::of(sequence).is_some()) {
                return Ok(None);
            }
            for (id, walk) in drivers.into_iter().zip(walks) {
                // A level walked again from its row's start (another walk of
                // it, not the lattice's next loop going on) would count its
                // row twice.
                match seen.iter().find(|(seen_id, _)| *seen_id == id) {
                    Some((_, seen_walk)) if *seen_walk == walk => continue,
                    Some(_) => return Ok(None),
                    None => seen.push((id, walk)),
                }
                let operand = scope.tensor(id.tensor);
                let Some(positions) = operand.level_buffer(1, LevelBuffer::Positions) else { return Ok(None) };
                // Two levels of one buffer would count its rows once.
                if id.level != 1 || !rows_over_columns(operand) || slots.contains(&positions) {
                    return Ok(None);
                }
                slots.push(positions);
            }
        }
        Ok(Some(slots))
    }

    /// Marks the accesses of the ops emitted at `emitted` (the lowered
    /// loops) that `parallelize-outer-loops` reads (see the module's doc):
    /// the loads of `slots` at the index of a loop among them, and the
    /// accesses of `output`'s count, entries and positions.
    pub(super) fn mark_row_appends(&self, emitted: &[OperationRef<'c, 'a>], slots: &[Value<'c, 'a>], output: &Buffers<'c, 'a>) {
        let Some(assembly) = output.assembly else { return };
        let (Some(positions), Some(coordinates), Some(values)) =
            (output.level_buffer(1, LevelBuffer::Positions), output.level_buffer(1, LevelBuffer::Coordinates), output.values)
        else {
            return;
        };
        let slot_count = IntegerAttribute::new(Type::index(self.context), slots.len() as i64);
        let unit = Attribute::unit(self.context);
        // The index of a loop emitted here, in its body (a root dense
        // level's position, `0 · size + r`, is the row `r`).
        let row_index = |index: Value| {
            block_argument(root_position(index)).is_some_and(|argument| {
                let owner = argument.owner();
                let body = owner.parent_operation().and_then(|op| {
                    let region = match crate::ir::name(op).as_str() {
                        "scf.while" => 1,
                        "scf.for" => 0,
                        _ => return None,
                    };
                    emitted.contains(&op).then(|| op.region(region).ok()?.first_block()).flatten()
                });
                argument.argument_number() == 0 && body == Some(owner)
            })
        };
        for &top in emitted {
            for access in crate::ir::collect(top, |op| matches!(crate::ir::name(op).as_str(), "memref.load" | "memref.store")) {
                let load = crate::ir::name(access) == "memref.load";
                let (Some(buffer), Some(index)) =
                    (access.operands().nth(usize::from(!load)), access.operands().nth(usize::from(!load) + 1))
                else {
                    continue;
                };
                let mark = if buffer == assembly.counts {
                    Some((APPEND_COUNT, unit))
                } else if !load && (buffer == coordinates || buffer == values) {
                    Some((APPENDED_ENTRY, unit))
                } else if !load && buffer == positions {
                    Some((ENDED_SEGMENT, unit))
                } else if load && slots.contains(&buffer) && row_index(index) {
                    Some((ROW_SLOTS, slot_count.into()))
                } else {
                    None
                };
                if let Some((name, value)) = mark {
                    crate::ir::edit(access).set_attribute(name, value);
                }
            }
        }
    }
}

/// The position `position` is: `r` for `0 · n + r` (a root dense level's
/// position of the coordinate `r`, as emitted before `canonicalize`).
fn root_position<'c: 'a, 'a>(position: Value<'c, 'a>) -> Value<'c, 'a> {
    let Some(sum) = defining_op(position) else { return position };
    let zero = |value: Value| {
        defining_op(value).is_some_and(|product| {
            crate::ir::name(product) == "arith.muli" && product.operands().any(|factor| super::constant_index(factor) == Some(0))
        })
    };
    match (crate::ir::name(sum).as_str(), sum.operand(0), sum.operand(1)) {
        ("arith.addi", Ok(first), Ok(second)) if zero(first) => second,
        ("arith.addi", Ok(first), Ok(second)) if zero(second) => first,
        _ => position,
    }
}

/// Whether `tensor` is a matrix stored as a dense level of whole rows over
/// a unique compressed level, read as it is stored (no view, no batch).
fn rows_over_columns(tensor: &Buffers) -> bool {
    let format = tensor.format();
    let levels = &format.levels;
    levels.len() == 2
        && levels[0].kind == LevelKind::Dense
        && levels[1].kind == LevelKind::Compressed
        && levels[1].unique
        && format.parts().iter().all(|part| matches!(part, DimPart::Whole { .. }))
        && tensor.batch.is_none()
        && tensor.slices.iter().all(Option::is_none)
}
