//! Operands with an unordered level that a loop co-iterates, copied first
//! into the same levels in order.
//!
//! Co-iteration (paper 000 §6: a loop over a lattice point with two
//! drivers or more) advances the drivers that sit on the smallest
//! coordinate, so each driver must give its coordinates in increasing
//! order. An unordered level (`#arr.level<"compressed", {unordered}>`,
//! upstream's `nonordered`, or a result that SpGEMM appended row by row as
//! its coordinates were first touched) gives them in any order. Where the
//! lattice of one of a statement's loops, planned as `sig-lower-lattices`
//! will plan it ([`crate::lattice::plan`]), has such a level drive beside
//! another iterator (a sparse level, a dense level or the universe of a
//! region with none), the operand is copied before the statement, by a
//! statement of its own, into the same format with every level ordered,
//! and the statement reads the copy. The copy's loops are driven by the
//! operand alone; its result needs its coordinates in order, so
//! `arr-concretize` writes it through a workspace that sorts them (a dense
//! row, or the bucket list). A loop the level drives alone, or where the
//! other operands are located at its coordinates (SpMV's dense vector),
//! reads it in place. The copy costs a pass over the operand, the sort of
//! its rows, and its memory until the function returns.

use crate::algebra::Leaf;
use crate::arr_concretize::each_statement;
use crate::lattice::{lattice, plan, LevelIterator};
use crate::statement::Statement;
use crate::transposed_operands::{copy_in_format, plain, reads_of, redirect};
use melior::{
    ir::{OperationRef, Value},
    Context,
};
use sparse_dialects::encoding::Encoding;
use std::collections::BTreeSet;

/// Copies, before each statement, every operand whose unordered level one
/// of its loops co-iterates into a tensor of the same levels, ordered.
/// `Err` names a statement whose copy could not be built.
pub fn copy_operands<'c, 'a>(module: OperationRef<'c, 'a>, context: &'c Context) -> Result<(), (OperationRef<'c, 'a>, String)> {
    each_statement(module, |op, statement| copy_coiterated(op, statement, context))
}

/// Copies the operands of [`coiterated_unordered`], one copy for each
/// tensor however many operands read it.
fn copy_coiterated<'c, 'a>(op: OperationRef<'c, 'a>, statement: &Statement<'c, 'a>, context: &'c Context) -> Result<(), String> {
    let mut copies: Vec<(Value<'c, 'a>, Value<'c, 'a>)> = Vec::new();
    for index in coiterated_unordered(statement) {
        let operand = &statement.operands[index];
        let reads = reads_of(statement, index);
        // A concatenation's part, a computed read or blocks: `cfir-to-scf`
        // refuses the co-iteration.
        if operand.concat_dim.is_some() || !plain(operand, true) || reads.is_empty() {
            continue;
        }
        let copy = match copies.iter().find(|(tensor, _)| *tensor == operand.tensor) {
            Some(&(_, copy)) => copy,
            None => {
                let mut format = operand.encoding.format.clone();
                format.levels.iter_mut().for_each(|level| level.ordered = true);
                let copy = copy_in_format(op, operand.tensor, Encoding { format, fill: operand.encoding.fill }, true, context)?;
                copies.push((operand.tensor, copy));
                copy
            }
        };
        redirect(&reads, copy);
    }
    Ok(())
}

/// The operands whose value `statement` uses and that have an unordered
/// level driving a loop of some loop's lattice beside another driver.
fn coiterated_unordered(statement: &Statement) -> BTreeSet<usize> {
    let level = |(index, level): Leaf| statement.operands[index].encoding.format.levels.get(level).copied();
    let unordered = |iterator: &LevelIterator| match *iterator {
        LevelIterator::Sparse(leaf) => level(leaf).filter(|level| !level.ordered).map(|_| leaf.0),
        _ => None,
    };
    let mut found = BTreeSet::new();
    for loop_ in 0..statement.loops {
        // A lattice too large is refused by `sig-lower-lattices` itself.
        let Ok(points) = lattice(&statement.algebra(loop_)) else { continue };
        let locatable = |leaf: Leaf| level(leaf).is_some_and(|level| level.capabilities().locatable);
        for loop_plan in plan(&points, locatable).into_iter().filter(|loop_plan| loop_plan.drivers.len() > 1) {
            found.extend(loop_plan.drivers.iter().filter_map(unordered));
        }
    }
    found.retain(|&index| statement.uses_value_of(index));
    found
}
