//! Loops that copy runs of stored entries into a sparse output.
//!
//! A `cfir.while` driven by the last level of one tensor alone, whose body
//! assigns the value it reads there to a sparse output at the loop's
//! coordinate (plus an offset fixed in the loop, as a concatenation adds)
//! and at coordinates fixed in the loop, copies the level's segment: the
//! coordinates increase with the position, so every entry but the first
//! starts a new position at the output's last level and at no level above.
//! When the segment holds 32 entries or more ([`SHORTEST_RUN`]; a shorter
//! one is appended entry by entry) and stores no fill value (which the
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
//!
//! A COO matrix's entries are copied the same way into a COO output: the
//! loop over the head level (nonunique, at the root) whose body copies the
//! singleton level below, each entry's value to the output at the two
//! loops' coordinates (each plus an offset fixed in the nest), appends
//! every entry at both levels, one position each, in position order. Where
//! no entry stores the fill, the head's coordinates (moved by the rows'
//! offset), the singleton's (moved by the columns') and the values are
//! copied at once and the root's segment ends after them.
//!
//! A whole stretch (all rows, all entries) is looked at for the fill as its
//! values are copied where the run puts them, chunk by chunk, when the
//! output has room for every entry the loops visit ([`Assembly::bounded`]):
//! the values are read from memory once, and where one is the fill the loop
//! runs as it is from the same entry, writing over them.

use super::assembly::{assembled_values, Assembly, Entry, Run};
use super::early_exit::defined_outside;
use super::error::LowerError;
use super::iterator::{Cursor, LevelId, LevelIterator, Parent, TensorId};
use super::levels::output_level;
use super::storage::Buffers;
use super::{Emitter, Leaf, Scope};
use crate::ir::{name, value_key};
use crate::place::Place;
use melior::{
    dialect::{arith, scf},
    ir::{block::BlockLike, operation::OperationLike, r#type::IntegerType, BlockRef, OperationRef, Type, Value, ValueLike},
};
use sparse_dialects::cfir;
use sparse_formats::{Iteration, LevelBuffer, LevelKind};

/// What a copy starts from: the copied tensor, its driver's iterator, the
/// parent it starts under and where, and its values; the output and its
/// assembly.
struct Ends<'c, 'a> {
    input: Buffers<'c, 'a>,
    iterator: Box<dyn LevelIterator<'c, 'a> + 'a>,
    parent: Parent<'c, 'a>,
    cursor: Cursor<'c, 'a>,
    values: Value<'c, 'a>,
    output: Buffers<'c, 'a>,
    assembly: Assembly<'c, 'a>,
}

/// Where a copying loop puts its coordinate in the output.
#[derive(Clone, Copy)]
enum Moving<'c, 'a> {
    /// The loop's coordinate as it is.
    Bare,
    /// `sum`, the body's `arith.addi` of the loop's coordinate and
    /// `offset`, which is defined outside the loop.
    Offset { sum: Value<'c, 'a>, offset: Value<'c, 'a> },
}

/// What a copying loop reads and writes.
pub(super) struct RunCopy<'c, 'a> {
    /// The loop's one driver, the last level of the tensor it reads.
    driver: Value<'c, 'a>,
    /// The `cfir.assign` of the body.
    assign: OperationRef<'c, 'a>,
    /// The dimension of the output the loop's coordinate goes to.
    dim: usize,
    /// How the loop's coordinate is offset there.
    moving: Moving<'c, 'a>,
}

/// What a loop over the level above a copied one copies: every row.
pub(super) struct RowsCopy<'c, 'a> {
    /// The loop's one driver, the level above the copied one.
    driver: Value<'c, 'a>,
    /// The copy of each row's segment, the body's loop.
    row: RunCopy<'c, 'a>,
    /// How the loop's coordinate is offset in the output's rows.
    moving: Moving<'c, 'a>,
}

/// The body of a copying loop ([`Emitter::copying_body`]).
struct CopyingBody<'c, 'a> {
    /// Its `cfir.assign`.
    assign: OperationRef<'c, 'a>,
    /// The output it assigns to.
    output: TensorId,
    /// Its `arith.addi` ops, which may offset the coordinates.
    offsets: Vec<OperationRef<'c, 'a>>,
}

/// What a loop over a COO matrix's head level copies, when its body copies
/// the singleton level below into a COO output: every entry.
pub(super) struct EntriesCopy<'c, 'a> {
    /// The loop's one driver, the head level.
    driver: Value<'c, 'a>,
    /// The `cfir.assign` of the inner loop's body.
    assign: OperationRef<'c, 'a>,
    /// How the head's coordinate is offset in the output's first level.
    rows: Moving<'c, 'a>,
    /// How the singleton's coordinate is offset in the output's second.
    columns: Moving<'c, 'a>,
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// What `op` copies, when it visits every stored entry of a COO matrix
    /// (see the module doc): its driver is the head level, nonunique
    /// compressed, its body a loop driven by the singleton level below that
    /// stores each value as it is into a COO output of the same element.
    pub(super) fn entries_copy(&self, op: OperationRef<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<Option<EntriesCopy<'c, 'a>>, LowerError> {
        let Some((driver, id)) = self.sole_driver(op, scope)? else { return Ok(None) };
        let input = scope.tensor(id.tensor);
        if id.level != 0 || !is_coo(input.format()) || !is_plain(input) || input.values.is_none() {
            return Ok(None);
        }
        let Some(Nest { body, inner, offsets }) = nest(op) else { return Ok(None) };
        let row: Value = body.argument(0)?.into();
        let Some(rows) = moving(&offsets, row, op)? else { return Ok(None) };
        // The inner loop: the singleton level alone, copying its values.
        let Some((inner_driver, inner_id)) = self.sole_driver(inner, scope)? else { return Ok(None) };
        let Some(inner_body) = cfir::While::of(inner).and_then(|view| view.body()) else { return Ok(None) };
        if inner_id != (LevelId { level: 1, ..id }) {
            return Ok(None);
        }
        let column: Value = inner_body.argument(0)?.into();
        let Some(copying) = self.copying_body(inner_body, inner_driver, id.tensor, scope)? else { return Ok(None) };
        // The columns' offset is the same for every entry.
        let Some(columns) = moving(&copying.offsets, column, op)? else { return Ok(None) };
        // The output: a COO matrix, the head's coordinate at its first level
        // and the singleton's at its second.
        let output = scope.tensor(copying.output);
        let dims = &output.format().dim_to_lvl;
        let assign = copying.assign;
        let placed = is_coo(output.format())
            && assign.operand(2 + dims[0])? == rows.value(row)
            && assign.operand(2 + dims[1])? == columns.value(column);
        Ok(placed.then_some(EntriesCopy { driver, assign, rows, columns }))
    }

    /// What each copy starts from (see [`Ends`]): the loop over `driver`,
    /// whose body's `assign` stores into the output, set out at `place`.
    fn ends(
        &self,
        driver: Value<'c, 'a>,
        assign: OperationRef<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &Scope<'c, 'a>,
    ) -> Result<Ends<'c, 'a>, LowerError> {
        let leaf = self.leaf(driver, scope)?;
        let Leaf::Level(id, _) = leaf else { return Err(LowerError::Malformed("a copy without its level")) };
        let parent = self.parent(leaf, scope);
        let iterator = self.iterator(leaf, scope)?;
        let cursor = self.start(iterator.as_ref(), parent, place)?;
        let input = scope.tensor(id.tensor).clone();
        let values = input.values.ok_or(UNBUFFERED)?;
        let tensor = scope.tensor_id(assign.operand(0)?).ok_or(LowerError::Malformed("a store to an unknown tensor"))?;
        let output = scope.tensor(tensor).clone();
        let assembly = output.assembly.ok_or(LowerError::Malformed("not an assembled output"))?;
        Ok(Ends { input, iterator, parent, cursor, values, output, assembly })
    }

    /// `op` as `copy` says: every entry copied at once where none stores the
    /// fill, the loop as it is where one does; the driver ends at the end
    /// of its level.
    pub(super) fn copy_entries(
        &self,
        op: OperationRef<'c, 'a>,
        copy: &EntriesCopy<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let Ends { input, cursor, values, output, assembly, .. } = self.ends(copy.driver, copy.assign, place, scope)?;
        let (start, end) = (cursor.position, cursor.end);
        let rows_in = input.level_buffer(0, LevelBuffer::Coordinates).ok_or(UNBUFFERED)?;
        let columns_in = input.level_buffer(1, LevelBuffer::Coordinates).ok_or(UNBUFFERED)?;
        let (row_offset, column_offset) = (self.offset(copy.rows, place, scope), self.offset(copy.columns, place, scope));
        let (copyable, values_copied) = self.copyable_stretch(&output, values, start, end, 0, place)?;
        let copied = |then: Place<'c, 'a>| -> Result<(), LowerError> {
            // The head level appends every entry: its coordinates as a run.
            let rows = output_level(&output, 0)?;
            let run = Run { coordinates: rows_in, values, start, end, offset: row_offset };
            let first = rows.copy_run(self, then, &output, 0, assembly, run)?;
            let last_entry = self.sub(then, end, self.index(then, 1));
            let last_column = self.add(then, self.load_index(then, columns_in, last_entry), column_offset);
            self.store(then, last_column, assembly.last, self.index(then, 1));
            if assembly.fill {
                // The singleton's coordinates at the head's positions.
                let columns_out = output.level_buffer(1, LevelBuffer::Coordinates).ok_or(UNBUFFERED)?;
                self.for_each(then, self.sub(then, end, start), |body, step| {
                    let here = Place::End(body);
                    let column = self.load_index(here, columns_in, self.add(here, start, step));
                    let column = self.add(here, column, column_offset);
                    self.store_index(here, column, columns_out, self.add(here, first, step));
                });
                if !values_copied {
                    self.copy_values(run, assembled_values(&output)?, first, then);
                }
                let zero = self.index(then, 0);
                let count = self.add(then, first, self.sub(then, end, start));
                rows.end_segment(self, then, &output, 0, zero, count)?;
            }
            Ok(())
        };
        self.copy_or_coiterate(op, copyable, copied, place, scope)?;
        scope.handoff.insert(value_key(copy.driver), cursor.at(end));
        Ok(())
    }

    /// What `op` copies, when it visits every position of the level above a
    /// copied one (a loop that copies runs is its body) into the rows of a
    /// result whose first level is dense (CSR): each segment of that level
    /// then follows the previous one, in the tensor and in the result.
    pub(super) fn rows_copy(&self, op: OperationRef<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<Option<RowsCopy<'c, 'a>>, LowerError> {
        let Some((driver, id)) = self.sole_driver(op, scope)? else { return Ok(None) };
        let input = scope.tensor(id.tensor);
        if id.level + 2 != input.format().rank() || !is_plain(input) {
            return Ok(None);
        }
        let rows = self.iterator(Leaf::Level(id, None), scope)?;
        let rows_in_order = match rows.iteration() {
            Iteration::Coordinates => true,
            Iteration::Positions => rows.run_coordinates().is_some(),
            Iteration::Ranges => false,
        };
        let Some(Nest { body, inner, offsets }) = nest(op).filter(|_| rows_in_order) else { return Ok(None) };
        let Some(row) = self.run_copy(inner, scope)? else { return Ok(None) };
        // The columns' offset is the same for every row.
        if let Moving::Offset { offset, .. } = row.moving {
            if !defined_outside(offset, op) {
                return Ok(None);
            }
        }
        let below = LevelId { level: id.level + 1, ..id };
        let abut = self.iterator(Leaf::Level(below, None), scope)?.segments_abut();
        if !matches!(self.leaf(row.driver, scope)?, Leaf::Level(level, None) if level == below) || !abut {
            return Ok(None);
        }
        let output = scope.tensor(scope.tensor_id(row.assign.operand(0)?).ok_or(LowerError::Malformed("a store to an unknown tensor"))?);
        if output.format().rank() != 2 || !output.format().levels[0].is_located() {
            return Ok(None);
        }
        let coordinate: Value = body.argument(0)?.into();
        let Some(moving) = moving(&offsets, coordinate, op)? else { return Ok(None) };
        if row.assign.operand(2 + output.format().dim_to_lvl[0])? != moving.value(coordinate) {
            return Ok(None);
        }
        Ok(Some(RowsCopy { driver, row, moving }))
    }

    /// `op` as `rows` says: every row's segment copied as one run where they
    /// store no fill, the loop as it is where they do (each row a run copy
    /// of its own); the driver ends at the end of its level.
    pub(super) fn copy_rows(
        &self,
        op: OperationRef<'c, 'a>,
        rows: &RowsCopy<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let Ends { iterator: outer, parent, cursor, values, output, assembly, .. } =
            self.ends(rows.driver, rows.row.assign, place, scope)?;
        let inner = self.iterator(self.leaf(rows.row.driver, scope)?, scope)?;
        let coordinates = inner.run_coordinates().ok_or(NO_COORDINATES)?;
        let (row_offset, column_offset) = (self.offset(rows.moving, place, scope), self.offset(rows.row.moving, place, scope));
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
        let (copyable, values_copied) = self.copyable_stretch(&output, values, start, end, 1, place)?;
        let copied = |then: Place<'c, 'a>| -> Result<(), LowerError> {
            let columns = output_level(&output, 1)?;
            let run = Run { coordinates, values, start, end, offset: column_offset };
            let first = columns.copy_run(self, then, &output, 1, assembly, run)?;
            if assembly.fill && !values_copied {
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
            Ok(())
        };
        self.copy_or_coiterate(op, copyable, copied, place, scope)?;
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
    pub(super) fn run_copy(&self, op: OperationRef<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<Option<RunCopy<'c, 'a>>, LowerError> {
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
        let Some(CopyingBody { assign, output, offsets }) = self.copying_body(body, driver, id.tensor, scope)? else { return Ok(None) };
        // The output's last level takes runs.
        let output = scope.tensor(output);
        let rank = output.format().rank();
        if !output_level(output, rank - 1)?.appends_runs() {
            return Ok(None);
        }
        let dim = output.format().dim_to_lvl[rank - 1];
        // The loop's coordinate, offset or not, goes to that dimension; every
        // other coordinate is fixed in the loop.
        let Some(moving) = moving(&offsets, coordinate, op)? else { return Ok(None) };
        let indices = assign.operands().skip(2).collect::<Vec<_>>();
        let fixed = indices
            .iter()
            .enumerate()
            .all(|(at, &index)| if at == dim { index == moving.value(coordinate) } else { defined_outside(index, op) });
        if indices.len() != output.format().dims() || !fixed {
            return Ok(None);
        }
        Ok(Some(RunCopy { driver, assign, dim, moving }))
    }

    /// `body` as a copying loop's, driven by `driver`, a level of `tensor`:
    /// it reads the value stored where the driver sits, as it is, and
    /// assigns it to a sparse output assembled in order, of the same
    /// element, at coordinates that `arith.addi` ops may offset (none is
    /// checked here).
    fn copying_body(
        &self,
        body: BlockRef<'c, 'a>,
        driver: Value<'c, 'a>,
        tensor: TensorId,
        scope: &Scope<'c, 'a>,
    ) -> Result<Option<CopyingBody<'c, 'a>>, LowerError> {
        let ops = body_ops(body);
        let [access, assign] =
            ["cfir.access", "cfir.assign"].map(|kind| ops.iter().copied().filter(|op| name(*op) == kind).collect::<Vec<_>>());
        let ([access], [assign]) = (access.as_slice(), assign.as_slice()) else { return Ok(None) };
        let offsets = ops.iter().copied().filter(|op| name(*op) == "arith.addi").collect::<Vec<_>>();
        if ops.len() != 2 + offsets.len() {
            return Ok(None);
        }
        let read = access.operand(0)?;
        let read_value: Value = access.result(0)?.into();
        let at_driver = access.operands().last() == Some(driver);
        let as_stored = scope.tensor_id(read) == Some(tensor) && !super::reassociate::sums_from_positive_zero(read);
        if !at_driver || !as_stored || assign.operand(1)? != read_value {
            return Ok(None);
        }
        let Some(output) = scope.tensor_id(assign.operand(0)?) else { return Ok(None) };
        let buffers = scope.tensor(output);
        let assembled = buffers.assembly.is_some() && buffers.workspace.is_none();
        let same_element = buffers.element == scope.tensor(tensor).element && read_value.r#type() == buffers.element;
        Ok((assembled && same_element).then_some(CopyingBody { assign: *assign, output, offsets }))
    }

    /// `op` as `copy` says: the segment copied as a run where it may be,
    /// the loop as it is where not; the driver ends at the segment's end.
    pub(super) fn copy_runs(
        &self,
        op: OperationRef<'c, 'a>,
        copy: &RunCopy<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let Ends { iterator, cursor, values, output, assembly, .. } = self.ends(copy.driver, copy.assign, place, scope)?;
        let coordinates = iterator.run_coordinates().ok_or(NO_COORDINATES)?;
        let (start, end) = (cursor.position, cursor.end);
        let copyable = self.copyable_run(&output, values, start, end, place)?;
        let offset = self.offset(copy.moving, place, scope);
        let fixed = copy.assign.operands().skip(2).map(|index| scope.get(index)).collect::<Vec<_>>();
        let copied = |then: Place<'c, 'a>| -> Result<(), LowerError> {
            let first = self.add(then, self.load_index(then, coordinates, start), offset);
            let mut indices = fixed;
            indices[copy.dim] = first;
            let value = self.load(then, values, start);
            let rest = self.add(then, start, self.index(then, 1));
            let run = Run { coordinates, values, start: rest, end, offset };
            self.append_run(&output, assembly, &indices, value, run, then)
        };
        self.copy_or_coiterate(op, copyable, copied, place, scope)?;
        scope.handoff.insert(value_key(copy.driver), cursor.at(end));
        Ok(())
    }

    /// Whether `start..end` of `values` may be copied into `output` as a
    /// run (an `i1`): not empty, and storing no fill the output drops.
    fn copyable(
        &self,
        output: &Buffers<'c, 'a>,
        values: Value<'c, 'a>,
        start: Value<'c, 'a>,
        end: Value<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let assembly = output.assembly.ok_or(LowerError::Malformed("not an assembled output"))?;
        let mut copyable = vec![self.compare(place, arith::CmpiPredicate::Ult, start, end)];
        if !assembly.keeps_fill {
            let fill = self.constant(output.encoding.fill, output.element, place)?;
            copyable.push(self.none_equal(&FillScan { values, start, fill, element: output.element, copy: None }, end, place)?);
        }
        Ok(self.and(place, &copyable))
    }

    /// Whether the stretch `start..end` of `values`, a copy's every entry,
    /// is copied into `output` at once ([`Emitter::copyable`]), and whether
    /// its values are copied already. Where the output is filled in one
    /// pass with room for every entry the loops visit
    /// ([`Assembly::bounded`]), the values are copied where the run would
    /// put them (after the entries at the output's `level`, as many as
    /// its last) in the loop that looks for the fill, so they are read
    /// once: the fill found there, the loop runs as it is from the same
    /// entry and writes over them.
    fn copyable_stretch(
        &self,
        output: &Buffers<'c, 'a>,
        values: Value<'c, 'a>,
        start: Value<'c, 'a>,
        end: Value<'c, 'a>,
        level: usize,
        place: Place<'c, 'a>,
    ) -> Result<(Value<'c, 'a>, bool), LowerError> {
        let assembly = output.assembly.ok_or(LowerError::Malformed("not an assembled output"))?;
        if !assembly.fill || assembly.keeps_fill || !assembly.bounded {
            return Ok((self.copyable(output, values, start, end, place)?, false));
        }
        let first = self.load(place, assembly.counts, self.index(place, level as i64));
        let fill = self.constant(output.encoding.fill, output.element, place)?;
        let copy = Some((assembled_values(output)?, first));
        let none = self.none_equal(&FillScan { values, start, fill, element: output.element, copy }, end, place)?;
        let any = self.compare(place, arith::CmpiPredicate::Ult, start, end);
        Ok((self.and(place, &[any, none]), true))
    }

    /// Whether the segment `start..end` of `values` is copied into `output`
    /// at once (an `i1`): when it holds [`SHORTEST_RUN`] entries or more, and
    /// is [`Emitter::copyable`]; a shorter one is not even scanned.
    fn copyable_run(
        &self,
        output: &Buffers<'c, 'a>,
        values: Value<'c, 'a>,
        start: Value<'c, 'a>,
        end: Value<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let least = self.add(place, start, self.index(place, SHORTEST_RUN));
        let long = self.compare(place, arith::CmpiPredicate::Ule, least, end);
        if output.assembly.is_some_and(|assembly| assembly.keeps_fill) {
            return Ok(long);
        }
        let copyable = self.if_else(
            place,
            long,
            &[IntegerType::new(self.context, 1).into()],
            |then| Ok(vec![self.copyable(output, values, start, end, then)?]),
            |otherwise| Ok(vec![self.boolean(otherwise, false)]),
        )?;
        Ok(copyable[0])
    }

    /// `if copyable { copied } else { op as it is }`.
    fn copy_or_coiterate(
        &self,
        op: OperationRef<'c, 'a>,
        copyable: Value<'c, 'a>,
        copied: impl FnOnce(Place<'c, 'a>) -> Result<(), LowerError>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        self.if_else(
            place,
            copyable,
            &[],
            |then| copied(then).map(|()| vec![]),
            |otherwise| self.coiterate(op, otherwise, scope).map(|()| vec![]),
        )?;
        Ok(())
    }

    /// The offset `moving` adds to a loop's coordinate, as lowered.
    fn offset(&self, moving: Moving<'c, 'a>, place: Place<'c, 'a>, scope: &Scope<'c, 'a>) -> Value<'c, 'a> {
        match moving {
            Moving::Bare => self.index(place, 0),
            Moving::Offset { offset, .. } => scope.get(offset),
        }
    }

    /// Whether none of `scan.values[scan.start..end]` is `scan.fill` (an
    /// `i1`), in a loop LLVM vectorizes. With `scan.copy`, the values are
    /// also copied, chunk by chunk ([`COPIED_CHUNK`] values), each copied
    /// (LLVM makes that a `memcpy`) and then scanned while it is in the
    /// cache, so they come from memory once.
    fn none_equal(&self, scan: &FillScan<'c, 'a>, end: Value<'c, 'a>, place: Place<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
        let all = self.boolean(place, true);
        if scan.copy.is_none() {
            return self.scan_range(scan, scan.start, end, all, place);
        }
        let chunks = self.carried_for(place, scan.start, end, self.index(place, COPIED_CHUNK), &[all])?;
        let chunk = Place::End(chunks.body);
        let chunk_end = self.min(chunk, self.add(chunk, chunks.index, self.index(chunk, COPIED_CHUNK)), end);
        let still = self.scan_range(scan, chunks.index, chunk_end, chunks.carried[0], chunk)?;
        chunks.body.append_operation(scf::r#yield(&[still], self.location));
        Ok(chunks.results[0])
    }

    /// `all` and whether none of `scan.values[low..high]` is the fill, each
    /// value copied first with `scan.copy`.
    fn scan_range(
        &self,
        scan: &FillScan<'c, 'a>,
        low: Value<'c, 'a>,
        high: Value<'c, 'a>,
        all: Value<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let range = self.carried_for(place, low, high, self.index(place, 1), &[all])?;
        let here = Place::End(range.body);
        let value = self.load(here, scan.values, range.index);
        if let Some((into, first)) = scan.copy {
            let at = self.add(here, first, self.sub(here, range.index, scan.start));
            self.store(here, value, into, at);
        }
        let differs = self.differs(here, scan.element, value, scan.fill);
        let still = self.one(here, arith::andi(range.carried[0], differs, self.location));
        range.body.append_operation(scf::r#yield(&[still], self.location));
        Ok(range.results[0])
    }
}

/// Values looked at for the fill from `start` on ([`Emitter::none_equal`]),
/// and where they are copied to, if anywhere: a buffer and the position
/// `start`'s value takes there.
struct FillScan<'c, 'a> {
    values: Value<'c, 'a>,
    start: Value<'c, 'a>,
    fill: Value<'c, 'a>,
    element: Type<'c>,
    copy: Option<(Value<'c, 'a>, Value<'c, 'a>)>,
}

/// The values [`Emitter::none_equal`] copies and then scans at a time:
/// 8 KiB of `f64`, well inside the first-level cache.
const COPIED_CHUNK: i64 = 1024;

/// The fewest entries a segment copied by [`Emitter::copy_runs`] holds: a
/// shorter one is appended entry by entry, which measured faster than its
/// scan and copy loops (`hstack` of CSR parts at the LLC size, 60,000 rows
/// of 8 entries each: 1.45 ms against 1.85 ms; rows of 24: 1.2 ms against
/// 1.7-2.1 ms; rows of 64 copied at once: 3.1-3.4 ms against 3.6-3.9 ms).
const SHORTEST_RUN: i64 = 32;

const UNBUFFERED: LowerError = LowerError::Malformed("copied entries without their buffers");
const NO_COORDINATES: LowerError = LowerError::Malformed("a copied run without coordinates");

/// Whether `format` is a COO matrix: a nonunique compressed level over a
/// singleton one.
fn is_coo(format: &sparse_formats::Format) -> bool {
    matches!(
        format.levels.as_slice(),
        [head, tail] if head.kind == LevelKind::Compressed && !head.unique && tail.kind == LevelKind::Singleton
    )
}

/// Whether `input` is read as stored: no view slices it, no batch.
fn is_plain(input: &Buffers) -> bool {
    input.slices.iter().all(Option::is_none) && input.batch.is_none() && !input.batched()
}

/// The body of a loop over the level above a copied one: one inner loop,
/// beside the `sig.level` ops it walks and `arith.addi` ops.
struct Nest<'c, 'a> {
    body: BlockRef<'c, 'a>,
    inner: OperationRef<'c, 'a>,
    offsets: Vec<OperationRef<'c, 'a>>,
}

/// `op`'s body as a [`Nest`], when it is one.
fn nest<'c, 'a>(op: OperationRef<'c, 'a>) -> Option<Nest<'c, 'a>> {
    let body = cfir::While::of(op).and_then(|view| view.body())?;
    let ops = body_ops(body);
    let loops = ops.iter().copied().filter(|op| cfir::While::of(*op).is_some()).collect::<Vec<_>>();
    let offsets = ops.iter().copied().filter(|op| name(*op) == "arith.addi").collect::<Vec<_>>();
    let level_ops = ops.iter().filter(|op| name(**op) == "sig.level").count();
    match loops.as_slice() {
        [inner] if ops.len() == 1 + offsets.len() + level_ops => Some(Nest { body, inner: *inner, offsets }),
        _ => None,
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

impl<'c, 'a> Moving<'c, 'a> {
    /// The value the output takes at the loop's `coordinate`.
    fn value(self, coordinate: Value<'c, 'a>) -> Value<'c, 'a> {
        match self {
            Self::Bare => coordinate,
            Self::Offset { sum, .. } => sum,
        }
    }
}

/// How `addis` (a loop body's `arith.addi` ops, none or one) offset the
/// loop's `coordinate`; `None` when they are no such offset (another sum, or
/// an offset that changes inside `op`).
fn moving<'c, 'a>(
    addis: &[OperationRef<'c, 'a>],
    coordinate: Value<'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<Option<Moving<'c, 'a>>, LowerError> {
    let addi = match addis {
        [] => return Ok(Some(Moving::Bare)),
        [addi] => addi,
        _ => return Ok(None),
    };
    let (a, b) = (addi.operand(0)?, addi.operand(1)?);
    let offset = match (a == coordinate, b == coordinate) {
        (true, false) => b,
        (false, true) => a,
        _ => return Ok(None),
    };
    Ok(defined_outside(offset, op).then(|| Moving::Offset { sum: addi.result(0).expect("one result").into(), offset }))
}
