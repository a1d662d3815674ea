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

use super::assembly::Run;
use super::early_exit::defined_outside;
use super::error::LowerError;
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

impl<'c: 'a, 'a> Emitter<'c> {
    /// `cfir.while`: a copy of runs where it is one, co-iteration otherwise.
    pub(super) fn while_loop(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        match self.run_copy(op, scope)? {
            Some(copy) => self.copy_runs(op, &copy, place, scope),
            None => self.coiterate(op, place, scope),
        }
    }

    /// What `op` copies, when it is a loop that copies runs (see the module doc).
    fn run_copy(&self, op: OperationRef<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<Option<RunCopy<'c, 'a>>, LowerError> {
        let view = cfir::While::of(op).expect("a cfir.while");
        let drivers = self.leaves(op.operand(0)?)?;
        let (Some((0, _)), [driver]) = (view.binding_counts(), drivers.as_slice()) else { return Ok(None) };
        let Leaf::Level(id, None) = self.leaf(*driver, scope)? else { return Ok(None) };
        let input = scope.tensor(id.tensor);
        let last_level = id.level + 1 == input.format().rank();
        let fresh = !scope.handoff.contains_key(&value_key(*driver));
        let ends_rows = scope.row_ends.iter().any(|(ends, _)| *ends == op);
        if !last_level || !fresh || ends_rows || input.values.is_none() {
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
        let offset = match offsets.as_slice() {
            [] => None,
            [addi] => {
                let (a, b) = (addi.operand(0)?, addi.operand(1)?);
                let other = if a == coordinate {
                    b
                } else if b == coordinate {
                    a
                } else {
                    return Ok(None);
                };
                if !defined_outside(other, op) {
                    return Ok(None);
                }
                Some((addi.result(0)?.into(), other))
            }
            _ => return Ok(None),
        };
        let moving = offset.map_or(coordinate, |(sum, _)| sum);
        let indices = assign.operands().skip(2).collect::<Vec<_>>();
        let fixed = indices.iter().enumerate().all(|(at, &index)| if at == dim { index == moving } else { defined_outside(index, op) });
        if indices.len() != output.format().dims() || !fixed {
            return Ok(None);
        }
        Ok(Some(RunCopy { driver: *driver, assign: *assign, dim, offset }))
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
