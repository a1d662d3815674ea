//! Cases that differ only in the driver they read, lowered as one: a union's
//! cases of one driver each (`A` only, `B` only) whose bodies are the same
//! but for the tensors their `cfir.access` ops read (SpAdd stores `a` in one
//! and `b` in the other) become one branch, taken where any of them holds,
//! that reads each case's value and chooses among them with `arith.select`
//! on the cases' conditions. Which driver sits on the coordinate changes
//! from step to step on random data; as a chain of branches it was a
//! mispredicted branch at most steps, as a choice of values it is none.
//!
//! Every value is read in every iteration the branch runs: each differing
//! read's tensor must have its last level among the loop's drivers visited
//! by position, whose position is valid throughout the loop's body. Cases
//! whose omitted regions hide stored fill values (`omits`) are left as
//! they are.

use super::error::LowerError;
use super::{Emitter, Leaf, Scope};
use crate::ir::{block_region, only_block, value_key};
use crate::place::Place;
use melior::{
    dialect::{arith, scf},
    ir::{block::BlockLike, operation::OperationLike, BlockRef, OperationRef, RegionLike, Value, ValueLike},
};
use std::collections::HashMap;

/// One case of a run lowered as one: the coordinate of its one driver, and
/// its differing reads, each beside the first case's read it stands for.
pub(super) struct Merged<'c, 'a> {
    driver: Value<'c, 'a>,
    reads: Vec<(OperationRef<'c, 'a>, OperationRef<'c, 'a>)>,
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// The cases from the start of `cases` that can be lowered as one with
    /// the first: each has one driver visited by position on the coordinate
    /// and the first's body but for its reads, and every read that differs
    /// between them reads a driver. Empty when fewer than two can.
    pub(super) fn mergeable(&self, cases: &[OperationRef<'c, 'a>], scope: &Scope<'c, 'a>) -> Result<Vec<Merged<'c, 'a>>, LowerError> {
        let Some(&first) = cases.first() else { return Ok(Vec::new()) };
        let mut run = Vec::new();
        for &case in cases {
            let Some(driver) = self.only_driver(case, scope)? else { break };
            let Some(reads) = corresponding_reads(body(first)?, body(case)?) else { break };
            if !same_attributes(case, first) {
                break;
            }
            run.push(Merged { driver, reads });
        }
        if run.len() < 2 {
            return Ok(Vec::new());
        }
        // The reads that differ between the cases, by index.
        let differs = (0..run[0].reads.len())
            .map(|index| run.iter().any(|case| !case.reads[index].1.operands().eq(run[0].reads[index].1.operands())))
            .collect::<Vec<_>>();
        for case in &run {
            for (&(_, read), _) in case.reads.iter().zip(&differs).filter(|(_, &differs)| differs) {
                if !self.reads_a_driver(read, scope)? {
                    return Ok(Vec::new());
                }
            }
        }
        for case in &mut run {
            let mut index = 0;
            case.reads.retain(|_| {
                index += 1;
                differs[index - 1]
            });
        }
        Ok(run)
    }

    /// `run`, the first cases of the chain (`mergeable`), as one branch
    /// taken where any of their drivers sits on the coordinate; `rest`, the
    /// cases after them, in its else branch.
    pub(super) fn merged_cases(
        &self,
        cases: &[OperationRef<'c, 'a>],
        run: &[Merged<'c, 'a>],
        omits: bool,
        place: Place<'c, 'a>,
        scope: &Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let current = scope.coordinate.ok_or(LowerError::Malformed("a switch outside a loop"))?;
        let holds = run.iter().map(|case| self.compare(place, arith::CmpiPredicate::Eq, case.driver, current)).collect::<Vec<_>>();
        let any = holds.iter().copied().reduce(|a, b| self.one(place, arith::ori(a, b, self.location))).expect("two cases or more");
        let (then_region, else_region) = (block_region(&[], self.location), block_region(&[], self.location));
        let branch = place.put(scf::r#if(any, &[], then_region, else_region, self.location));
        let then_block = only_block(branch, 0);
        let here = Place::End(then_block);
        let mut inner = scope.clone();
        for index in 0..run[0].reads.len() {
            // Each case's value, then the one of the case that holds (the
            // last where none of the others does).
            let mut values = Vec::new();
            for case in run {
                let read = case.reads[index].1;
                let mut probe = scope.clone();
                self.op(read, here, &mut probe)?;
                values.push(probe.get(read.result(0)?.into()));
            }
            let last = *values.last().expect("two cases or more");
            let chosen = holds.iter().zip(&values).rev().skip(1).fold(last, |other, (&held, &value)| self.select(here, held, value, other));
            inner.chosen.insert(value_key(run[0].reads[index].0.result(0)?.into()), chosen);
        }
        self.block(body(cases[0])?, then_block, &mut inner)?;
        then_block.append_operation(scf::r#yield(&[], self.location));
        let else_block = only_block(branch, 1);
        self.cases(&cases[run.len()..], omits, Place::End(else_block), scope)?;
        else_block.append_operation(scf::r#yield(&[], self.location));
        Ok(())
    }

    /// The coordinate of `case`'s one driver visited by position, when it
    /// has exactly one (located levels besides it are never absent).
    fn only_driver(&self, case: OperationRef<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<Option<Value<'c, 'a>>, LowerError> {
        let mut found = None;
        for leaf in self.leaves(case.operand(0)?)? {
            match scope.drivers.get(&value_key(leaf)) {
                Some(Some(coordinate)) if found.is_none() => found = Some(*coordinate),
                Some(None) => {}
                _ => return Ok(None),
            }
        }
        Ok(found)
    }

    /// Whether the `cfir.access` `read` reads a tensor whose last level is
    /// one of the loop's drivers visited by position (its value at the
    /// driver's position may then be read wherever the body runs).
    fn reads_a_driver(&self, read: OperationRef<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<bool, LowerError> {
        let tensor = self.readable(read.operand(0)?, scope)?;
        let Some(last) = scope.tensor(tensor).format().rank().checked_sub(1) else { return Ok(false) };
        for sequence in read.operands().skip(1) {
            let Ok(Leaf::Level(id, _)) = self.leaf(sequence, scope) else { continue };
            if id.tensor == tensor && id.level == last && matches!(scope.drivers.get(&value_key(sequence)), Some(Some(_))) {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// Ops whose two operands commute: a case of `b` only may apply one to its
/// operands in the other order (`max(0, b)` beside `max(a, 0)`).
const COMMUTATIVE: &[&str] = &[
    "arith.addf",
    "arith.mulf",
    "arith.maximumf",
    "arith.minimumf",
    "arith.maxnumf",
    "arith.minnumf",
    "arith.addi",
    "arith.muli",
    "arith.andi",
    "arith.ori",
    "arith.xori",
    "arith.maxsi",
    "arith.minsi",
    "arith.maxui",
    "arith.minui",
];

fn body<'c, 'a>(case: OperationRef<'c, 'a>) -> Result<BlockRef<'c, 'a>, LowerError> {
    case.region(0)?.first_block().ok_or(LowerError::Malformed("cfir.case has no body"))
}

/// Whether `a` and `b` carry the same attributes.
fn same_attributes(a: OperationRef, b: OperationRef) -> bool {
    a.attribute_count() == b.attribute_count()
        && a.attributes()
            .all(|(name, value)| b.attribute(name.as_string_ref().as_str().unwrap_or_default()).is_ok_and(|other| other == value))
}

/// When `other` is `first` op for op (the same names, attributes, result
/// types and operands, an operand defined in the body standing for the
/// corresponding one, the two operands of a commutative op in either
/// order), but for the operands of `cfir.access` ops: every
/// pair of corresponding reads (`first`'s, `other`'s), in order. No op may
/// hold a region.
fn corresponding_reads<'c, 'a>(
    first: BlockRef<'c, 'a>,
    other: BlockRef<'c, 'a>,
) -> Option<Vec<(OperationRef<'c, 'a>, OperationRef<'c, 'a>)>> {
    let mut standing_for: HashMap<usize, Value<'c, 'a>> = HashMap::new();
    let mut reads = Vec::new();
    let (mut a, mut b) = (first.first_operation(), other.first_operation());
    loop {
        let (x, y) = match (a, b) {
            (None, None) => return Some(reads),
            (Some(x), Some(y)) => (x, y),
            _ => return None,
        };
        let shape = x.name() == y.name()
            && x.region_count() == 0
            && y.region_count() == 0
            && x.operand_count() == y.operand_count()
            && x.result_count() == y.result_count()
            && same_attributes(x, y)
            && x.results().zip(y.results()).all(|(p, q)| p.r#type() == q.r#type());
        if !shape {
            return None;
        }
        let same = |p: Value<'c, 'a>, q: Value<'c, 'a>| p == q || standing_for.get(&value_key(q)) == Some(&p);
        let (xs, ys) = (x.operands().collect::<Vec<_>>(), y.operands().collect::<Vec<_>>());
        let in_order = xs.iter().zip(&ys).all(|(&p, &q)| same(p, q));
        let swapped = COMMUTATIVE.contains(&crate::ir::name(x).as_str()) && xs.len() == 2 && same(xs[0], ys[1]) && same(xs[1], ys[0]);
        if crate::ir::name(x) == "cfir.access" {
            reads.push((x, y));
        } else if !in_order && !swapped {
            return None;
        }
        for (p, q) in x.results().zip(y.results()) {
            standing_for.insert(value_key(q.into()), p.into());
        }
        (a, b) = (x.next_in_block(), y.next_in_block());
    }
}
