//! Loops that copy runs of stored entries into a sparse output.
//!
//! A `cfir.while` driven by the last level of one tensor alone, whose body
//! assigns the value it reads there to a sparse output at the loop's
//! coordinate (plus an offset fixed in the loop, as a concatenation adds)
//! and at coordinates fixed in the loop, copies the level's segment: the
//! coordinates increase with the position, so every entry but the first
//! starts a new position at the output's last level and at no level above.
//! When the segment is not empty and stores no fill value (which the
//! output drops), the first entry is appended as any entry is and the rest
//! at once ([`Emitter::append_run`]: `crd` and the values copied, one
//! `pos` store), in loops LLVM turns into `memcpy` or vectorizes. Otherwise
//! the loop runs as it is ([`Emitter::coiterate`]).
//!
//! A loop over every position of the level above such a segment, whose
//! body is that copying loop and whose coordinate (plus an offset) is the
//! row of a CSR output, copies all its rows: segments of consecutive
//! parents abut, in the tensor as in the output, so the stretch from the
//! first row's start to the last row's end is one run, and each row's end
//! in the output is its end in the tensor moved by where the run lands.
//! Where the stretch stores the fill, the loop over rows runs as it is,
//! each row a copying loop of its own.

use super::assembly::{assembled_values, Entry, Run};
use super::early_exit::defined_outside;
use super::error::LowerError;
use super::iterator::{LevelId, Parent};
use super::levels::output_level;
use super::{Emitter, Leaf, Scope};
use crate::ir::{name, value_key};
use crate::place::Place;
use melior::{
    dialect::{arith, scf},
    ir::{block::BlockLike, operation::OperationLike, BlockRef, OperationRef, Type, Value, ValueLike},
};
use sparse_dialects::cfir;
use sparse_formats::Iteration;

/// What a copying loop reads and writes.
struct RunCopy<'c, 'a> {
    /// The loop's one driver, the last level of the tensor it reads.
    driver: Value<'c, 'a>,
    /// The `cfir.assign` of the body.
    assign: OperationRef<'c, 'a>,
    /// The dimension of the output the loop's coordinate goes to.
    dim: usize,
    /// The body's `arith.addi` that offsets the loop's coordinate, with the
    /// offset (defined outside the loop).
    offset: Option<(Value<'c, 'a>, Value<'c, 'a>)>,
}

/// What a loop over the level above a copied one copies: every row.
struct RowsCopy<'c, 'a> {
    /// The loop's one driver, the level above the copied one.
    driver: Value<'c, 'a>,
    /// The copy of each row's segment, the body's loop.
    row: RunCopy<'c, 'a>,
    /// The body's `arith.addi` that offsets the row, with the offset.
    offset: Option<(Value<'c, 'a>, Value<'c, 'a>)>,
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// `cfir.while`: a copy of rows or of runs where it is one,
    /// co-iteration otherwise.
    pub(super) fn while_loop(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        if let Some(rows) = self.rows_copy(op, scope)? {
            return self.copy_rows(op, &rows, place, scope);
        }
        match self.run_copy(op, scope)? {
            Some(copy) => self.copy_runs(op, &copy, place, scope),
            None => self.coiterate(op, place, scope),
        }
    }

    /// What `op` copies, when it visits every position of the level above a
    /// copied one (a loop that copies runs is its body) into the rows of a
    /// result whose first level is dense (CSR): each segment of that level
    /// then follows the previous one, in the tensor and in the result.
    fn rows_copy(&self, op: OperationRef<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<Option<RowsCopy<'c, 'a>>, LowerError> {
        let Some((driver, id)) = self.sole_driver(op, scope)? else { return Ok(None) };
        let input = scope.tensor(id.tensor);
        let plain = input.slices.iter().all(Option::is_none) && input.batch.is_none() && !input.batched();
        if id.level + 2 != input.format().rank() || !plain {
            return Ok(None);
        }
        let rows = self.iterator(Leaf::Level(id, None), scope)?;
        let one_row_a_position = match rows.iteration() {
            Iteration::Coordinates => true,
            Iteration::Positions => rows.run_coordinates().is_some(),
            Iteration::Ranges => false,
        };
        let Some(body) = cfir::While::of(op).and_then(|view| view.body()) else { return Ok(None) };
        let ops = body_ops(body);
        let loops = ops.iter().copied().filter(|op| cfir::While::of(*op).is_some()).collect::<Vec<_>>();
        let offsets = ops.iter().copied().filter(|op| name(*op) == "arith.addi").collect::<Vec<_>>();
        let levels = ops.iter().filter(|op| name(**op) == "sig.level").count();
        let ([inner], true) = (loops.as_slice(), one_row_a_position && ops.len() == 1 + offsets.len() + levels) else { return Ok(None) };
        let Some(row) = self.run_copy(*inner, scope)? else { return Ok(None) };
        let below = LevelId { level: id.level + 1, ..id };
        let abut = self.iterator(Leaf::Level(below, None), scope)?.segments_abut();
        if !matches!(self.leaf(row.driver, scope)?, Leaf::Level(level, None) if level == below) || !abut {
            return Ok(None);
        }
        let output = scope.tensor(scope.tensor_id(row.assign.operand(0)?).ok_or(LowerError::Malformed("a store to an unknown tensor"))?);
        if output.format().rank() != 2 || !output.format().levels[0].is_located() {
            return Ok(None);
        }
        let Some(offset) = offset_of(&offsets, body.argument(0)?.into(), op)? else { return Ok(None) };
        let moving = offset.map_or(body.argument(0)?.into(), |(sum, _)| sum);
        if row.assign.operand(2 + output.format().dim_to_lvl[0])? != moving {
            return Ok(None);
        }
        Ok(Some(RowsCopy { driver, row, offset }))
    }

    /// `op` as `rows` says: every row's segment copied as one run where they
    /// store no fill, the loop as it is where they do (each row a run copy
    /// of its own); the driver ends at the end of its level.
    fn copy_rows(
        &self,
        op: OperationRef<'c, 'a>,
        rows: &RowsCopy<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let leaf = self.leaf(rows.driver, scope)?;
        let parent = self.parent(leaf, scope);
        let outer = self.iterator(leaf, scope)?;
        let cursor = outer.init(self, place, parent)?;
        let inner = self.iterator(self.leaf(rows.row.driver, scope)?, scope)?;
        let coordinates = inner.run_coordinates().ok_or(LowerError::Malformed("a copied run without coordinates"))?;
        let Leaf::Level(id, _) = leaf else { return Err(LowerError::Malformed("copied rows without their level")) };
        let values = scope.tensor(id.tensor).values.ok_or(LowerError::Malformed("a copied run without values"))?;
        let tensor = scope.tensor_id(rows.row.assign.operand(0)?).ok_or(LowerError::Malformed("a store to an unknown tensor"))?;
        let output = scope.tensor(tensor).clone();
        let assembly = output.assembly.ok_or(LowerError::Malformed("not an assembled output"))?;
        let offset_of =
            |offset: Option<(Value<'c, 'a>, Value<'c, 'a>)>| offset.map_or_else(|| self.index(place, 0), |(_, offset)| scope.get(offset));
        let (row_offset, column_offset) = (offset_of(rows.offset), offset_of(rows.row.offset));
        // Row `p`'s coordinate and its segment's start and end.
        let segment = |here: Place<'c, 'a>, position: Value<'c, 'a>| -> Result<(Value<'c, 'a>, Value<'c, 'a>, Value<'c, 'a>), LowerError> {
            let at = cursor.at(position);
            let coordinate = outer.coordinate(self, here, at);
            let stored = match outer.iteration() {
                Iteration::Coordinates => outer
                    .locate(self, here, parent.position(self, here)?, coordinate)
                    .ok_or(LowerError::Malformed("copied rows of a level that cannot be located"))?,
                _ => outer.position(self, here, at, coordinate),
            };
            let segment = inner.init(self, here, Parent::At { position: stored, segment_end: None })?;
            Ok((coordinate, segment.position, segment.end))
        };
        let (first_row, end_row) = (cursor.position, cursor.end);
        let index = Type::index(self.context);
        let any_rows = self.compare(place, arith::CmpiPredicate::Ult, first_row, end_row);
        let stretch = self.if_else(
            place,
            any_rows,
            &[index, index],
            |then| {
                let (_, start, _) = segment(then, first_row)?;
                let (_, _, end) = segment(then, self.sub(then, end_row, self.index(then, 1)))?;
                Ok(vec![start, end])
            },
            |otherwise| Ok(vec![self.index(otherwise, 0); 2]),
        )?;
        let (start, end) = (stretch[0], stretch[1]);
        let mut copyable = vec![self.compare(place, arith::CmpiPredicate::Ult, start, end)];
        if !assembly.keeps_fill {
            let fill = self.constant(output.encoding.fill, output.element, place)?;
            copyable.push(self.none_equal(values, start, end, fill, output.element, place)?);
        }
        let copyable = self.and(place, &copyable);
        self.if_else(
            place,
            copyable,
            &[],
            |then| {
                let columns = output_level(&output, 1)?;
                let run = Run { coordinates, values, start, end, offset: column_offset };
                let first = columns.copy_run(self, then, &output, 1, assembly, run)?;
                if assembly.fill {
                    self.copy_values(run, assembled_values(&output)?, first, then);
                }
                // Each row's segment ends where its entries end in the run;
                // the last row with entries is the last entry's.
                let rows_level = output_level(&output, 0)?;
                let scan = self.carried_for(then, first_row, end_row, self.index(then, 1), &[self.index(then, -1)])?;
                let here = Place::End(scan.body);
                let (coordinate, row_start, row_end) = segment(here, scan.index)?;
                let row = self.add(here, coordinate, row_offset);
                if assembly.fill {
                    let (zero, no) = (self.index(here, 0), self.boolean(here, false));
                    let entry = Entry { slot: zero, parent: zero, coordinate: row, new: no };
                    let position = rows_level.append(self, here, &output, 0, assembly, entry)?;
                    let ends = self.add(here, first, self.sub(here, row_end, start));
                    columns.end_segment(self, here, &output, 1, position, ends)?;
                }
                let stores = self.compare(here, arith::CmpiPredicate::Ult, row_start, row_end);
                let last_row = self.select(here, stores, row, scan.carried[0]);
                scan.body.append_operation(scf::r#yield(&[last_row], self.location));
                self.store(then, scan.results[0], assembly.last, self.index(then, 0));
                Ok(vec![])
            },
            |otherwise| {
                self.coiterate(op, otherwise, scope)?;
                Ok(vec![])
            },
        )?;
        scope.handoff.insert(value_key(rows.driver), cursor.at(end_row));
        Ok(())
    }

    /// The one level that drives `op` alone, from its start, with nothing
    /// located beside it and no row of a workspace to end.
    fn sole_driver(&self, op: OperationRef<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<Option<(Value<'c, 'a>, LevelId)>, LowerError> {
        let view = cfir::While::of(op).expect("a cfir.while");
        let drivers = self.leaves(op.operand(0)?)?;
        let (Some((0, _)), [driver]) = (view.binding_counts(), drivers.as_slice()) else { return Ok(None) };
        let Leaf::Level(id, None) = self.leaf(*driver, scope)? else { return Ok(None) };
        let fresh = !scope.handoff.contains_key(&value_key(*driver));
        let ends_rows = scope.row_ends.iter().any(|(ends, _)| *ends == op);
        Ok((fresh && !ends_rows).then_some((*driver, id)))
    }

    /// What `op` copies, when it is a loop that copies runs (see the module doc).
    fn run_copy(&self, op: OperationRef<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<Option<RunCopy<'c, 'a>>, LowerError> {
        let Some((driver, id)) = self.sole_driver(op, scope)? else { return Ok(None) };
        let view = cfir::While::of(op).expect("a cfir.while");
        let input = scope.tensor(id.tensor);
        if id.level + 1 != input.format().rank() || input.values.is_none() {
            return Ok(None);
        }
        let iterator = self.iterator(Leaf::Level(id, None), scope)?;
        if iterator.iteration() != Iteration::Positions || iterator.run_coordinates().is_none() {
            return Ok(None);
        }
        let Some(body) = view.body() else { return Ok(None) };
        let coordinate: Value = body.argument(0)?.into();
        let ops = body_ops(body);
        let [access, assign] =
            ["cfir.access", "cfir.assign"].map(|kind| ops.iter().copied().filter(|op| name(*op) == kind).collect::<Vec<_>>());
        let ([access], [assign]) = (access.as_slice(), assign.as_slice()) else { return Ok(None) };
        let offsets = ops.iter().copied().filter(|op| name(*op) == "arith.addi").collect::<Vec<_>>();
        if ops.len() != 2 + offsets.len() || offsets.len() > 1 {
            return Ok(None);
        }
        // The value read is the stored one, as it is.
        let read = access.operand(0)?;
        let read_value: Value = access.result(0)?.into();
        if scope.tensor_id(read) != Some(id.tensor) || super::reassociate::sums_from_positive_zero(read) || assign.operand(1)? != read_value
        {
            return Ok(None);
        }
        // The output: assembled in order, its last level taking runs.
        let Some(output) = scope.tensor_id(assign.operand(0)?).map(|tensor| scope.tensor(tensor)) else { return Ok(None) };
        let assembled = output.assembly.is_some() && output.workspace.is_none();
        if !assembled || output.element != input.element || read_value.r#type() != output.element {
            return Ok(None);
        }
        let rank = output.format().rank();
        if !output_level(output, rank - 1)?.appends_runs() {
            return Ok(None);
        }
        let dim = output.format().dim_to_lvl[rank - 1];
        // The loop's coordinate, offset or not, goes to that dimension; every
        // other coordinate is fixed in the loop.
        let Some(offset) = offset_of(&offsets, coordinate, op)? else { return Ok(None) };
        let moving = offset.map_or(coordinate, |(sum, _)| sum);
        let indices = assign.operands().skip(2).collect::<Vec<_>>();
        let fixed = indices.iter().enumerate().all(|(at, &index)| if at == dim { index == moving } else { defined_outside(index, op) });
        if indices.len() != output.format().dims() || !fixed {
            return Ok(None);
        }
        Ok(Some(RunCopy { driver, assign: *assign, dim, offset }))
    }

    /// `op` as `copy` says: the segment copied as a run where it may be,
    /// the loop as it is where not; the driver ends at the segment's end.
    fn copy_runs(
        &self,
        op: OperationRef<'c, 'a>,
        copy: &RunCopy<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let leaf = self.leaf(copy.driver, scope)?;
        let Leaf::Level(id, _) = leaf else { return Err(LowerError::Malformed("a copied run without its level")) };
        let iterator = self.iterator(leaf, scope)?;
        let cursor = iterator.init(self, place, self.parent(leaf, scope))?;
        let coordinates = iterator.run_coordinates().ok_or(LowerError::Malformed("a copied run without coordinates"))?;
        let input = scope.tensor(id.tensor).clone();
        let values = input.values.ok_or(LowerError::Malformed("a copied run without values"))?;
        let tensor = scope.tensor_id(copy.assign.operand(0)?).ok_or(LowerError::Malformed("a store to an unknown tensor"))?;
        let output = scope.tensor(tensor).clone();
        let assembly = output.assembly.ok_or(LowerError::Malformed("not an assembled output"))?;
        let (start, end) = (cursor.position, cursor.end);
        let mut copyable = vec![self.compare(place, arith::CmpiPredicate::Ult, start, end)];
        if !assembly.keeps_fill {
            let fill = self.constant(output.encoding.fill, output.element, place)?;
            copyable.push(self.none_equal(values, start, end, fill, output.element, place)?);
        }
        let copyable = self.and(place, &copyable);
        let offset = match copy.offset {
            Some((_, offset)) => scope.get(offset),
            None => self.index(place, 0),
        };
        let fixed = copy.assign.operands().skip(2).map(|index| scope.get(index)).collect::<Vec<_>>();
        self.if_else(
            place,
            copyable,
            &[],
            |then| {
                let first = self.add(then, self.load_index(then, coordinates, start), offset);
                let mut indices = fixed;
                indices[copy.dim] = first;
                let value = self.load(then, values, start);
                let rest = self.add(then, start, self.index(then, 1));
                let run = Run { coordinates, values, start: rest, end, offset };
                // The segment stores no fill: each entry is appended.
                let assembly = super::assembly::Assembly { keeps_fill: true, ..assembly };
                self.append_run(&output, assembly, &indices, value, run, then)?;
                Ok(vec![])
            },
            |otherwise| {
                self.coiterate(op, otherwise, scope)?;
                Ok(vec![])
            },
        )?;
        scope.handoff.insert(value_key(copy.driver), cursor.at(end));
        Ok(())
    }

    /// Whether none of `values[start..end]` is `fill` (an `i1`), in a loop
    /// LLVM vectorizes.
    fn none_equal(
        &self,
        values: Value<'c, 'a>,
        start: Value<'c, 'a>,
        end: Value<'c, 'a>,
        fill: Value<'c, 'a>,
        element: Type<'c>,
        place: Place<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let all = self.boolean(place, true);
        let scan = self.carried_for(place, start, end, self.index(place, 1), &[all])?;
        let here = Place::End(scan.body);
        let value = self.load(here, values, scan.index);
        let differs = self.differs(here, element, value, fill);
        let still = self.one(here, arith::andi(scan.carried[0], differs, self.location));
        scan.body.append_operation(scf::r#yield(&[still], self.location));
        Ok(scan.results[0])
    }
}

/// The ops of `body` but its terminator.
fn body_ops<'c, 'a>(body: BlockRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut ops = Vec::new();
    let mut next = body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if next.is_some() {
            ops.push(op);
        }
    }
    ops
}

/// The offset `addis` (none or one `arith.addi`) add to `coordinate`: `None`
/// when they are no such sum (another `arith.addi`, or an offset that
/// changes inside `op`), `Some(None)` when there is no sum, else the sum and
/// the offset.
#[allow(clippy::type_complexity)]
fn offset_of<'c, 'a>(
    addis: &[OperationRef<'c, 'a>],
    coordinate: Value<'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<Option<Option<(Value<'c, 'a>, Value<'c, 'a>)>>, LowerError> {
    let [addi] = addis else { return Ok(addis.is_empty().then_some(None)) };
    let (a, b) = (addi.operand(0)?, addi.operand(1)?);
    let other = match (a == coordinate, b == coordinate) {
        (true, false) => b,
        (false, true) => a,
        _ => return Ok(None),
    };
    Ok(defined_outside(other, op).then(|| Some((addi.result(0).expect("one result").into(), other))))
}
