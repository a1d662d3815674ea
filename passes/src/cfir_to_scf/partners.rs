//! Partners: drivers of a co-iteration that do work only together.
//!
//! When every case of a loop's switch names all or none of a set of its
//! drivers (`A` and `B` in `A∘B + C`, whose cases are `A∩B∩C`, `A∩B` and
//! `C`), no case of theirs runs at a coordinate where some of them sit and
//! others do not: those positions are idle. The loop then keeps the partners
//! on a common coordinate. Before its first step, and after each step that
//! moved them, a tight loop of their own passes the idle positions (the
//! intersection of the partners alone: while they differ, each behind the
//! largest of their coordinates takes `next`), so the co-iteration steps
//! only where the partners meet or another driver sits. `A∘B + C` over rows
//! whose `A` and `B` rarely share a coordinate takes about `|C|` steps of
//! its case chain instead of `|A| + |B| + |C|` (the intersection as an
//! iterator that drives a union, paper 001 §3.4).
//!
//! The drop-out loops after it start where it leaves the partners, past
//! positions it found idle: every loop that reads them must name them only
//! together, in cases alone, or the loop has no partners.

use super::error::LowerError;
use super::iterator::{Cursor, LevelIterator};
use super::{Emitter, Scope};
use crate::ir::{block_region, name, only_block, users};
use crate::place::Place;
use melior::{
    dialect::{arith, scf},
    ir::{block::BlockLike, operation::OperationLike, OperationRef, RegionLike, Type, Value},
};
use sparse_dialects::cfir;
use sparse_formats::Iteration;

/// One step of a co-iteration, as the partners' meeting after it needs it.
pub(super) struct Step<'c, 'a, 's> {
    /// Where each driver started, and where its values start among the
    /// carried ones.
    pub cursors: &'s [Cursor<'c, 'a>],
    pub slots: &'s [usize],
    /// The drivers' coordinates at the step, and the least of them.
    pub coordinates: &'s [Value<'c, 'a>],
    pub coordinate: Value<'c, 'a>,
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// The partners of the `cfir.while` `op` over `drivers` (walked by
    /// `iterators`), as groups of indices into `drivers`: each of two or
    /// more drivers visited by position, and none holding every driver.
    pub(super) fn partners(
        &self,
        op: OperationRef<'c, 'a>,
        drivers: &[Value<'c, 'a>],
        iterators: &[Box<dyn LevelIterator<'c, 'a> + 'a>],
        scope: &Scope<'c, 'a>,
    ) -> Result<Vec<Vec<usize>>, LowerError> {
        if drivers.len() < 3 || scope.row_ends.iter().any(|(ends, _)| *ends == op) {
            return Ok(Vec::new());
        }
        let Some(cases) = sole_switch(op)? else { return Ok(Vec::new()) };
        // The cases that name each driver.
        let mut named = vec![Vec::new(); drivers.len()];
        for case in &cases {
            let leaves = self.leaves(case.operand(0)?)?;
            for (k, driver) in drivers.iter().enumerate() {
                named[k].push(leaves.contains(driver));
            }
        }
        let by_position = iterators.iter().map(|iterator| iterator.iteration() == Iteration::Positions).collect::<Vec<_>>();
        let groups = groups(&named, &by_position);
        let mut partners = Vec::new();
        for group in groups {
            let members = group.iter().map(|&k| drivers[k]).collect::<Vec<_>>();
            if self.named_together(op, &members)? {
                partners.push(group);
            }
        }
        Ok(partners)
    }

    /// Whether every op that reads `members` besides the loop `op` names
    /// them all: cases, the reads of their values, and loops whose body is a
    /// switch (so that nothing in them runs outside a case).
    fn named_together(&self, op: OperationRef<'c, 'a>, members: &[Value<'c, 'a>]) -> Result<bool, LowerError> {
        let names_all = |sequence: Value<'c, 'a>| -> Result<bool, LowerError> {
            let leaves = self.leaves(sequence)?;
            Ok(members.iter().all(|member| leaves.contains(member)))
        };
        let mut pending: Vec<OperationRef<'c, 'a>> = members.iter().flat_map(|&member| users(member)).collect();
        while let Some(user) = pending.pop() {
            let together = match name(user).as_str() {
                "sig.union" | "sig.intersect" => {
                    pending.extend(user.results().flat_map(|result| users(result.into())));
                    true
                }
                "cfir.access" => true,
                "cfir.case" => names_all(user.operand(0)?)?,
                "cfir.while" if user == op => true,
                "cfir.while" => names_all(user.operand(0)?)? && sole_switch(user)?.is_some(),
                _ => false,
            };
            if !together {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// After a loop's `step`, the carried values `next` with each group of
    /// partners that moved met again (inside an `scf.if` at `place`).
    pub(super) fn meet_again(
        &self,
        place: Place<'c, 'a>,
        groups: &[Vec<usize>],
        iterators: &[Box<dyn LevelIterator<'c, 'a> + 'a>],
        step: Step<'c, 'a, '_>,
        mut next: Vec<Value<'c, 'a>>,
    ) -> Result<Vec<Value<'c, 'a>>, LowerError> {
        for group in groups {
            // Partners sit on one coordinate: they moved if the first did.
            let moved = self.compare(place, arith::CmpiPredicate::Eq, step.coordinates[group[0]], step.coordinate);
            next = self.carry_if(place, moved, &next, |inside| {
                let at = step.cursors.iter().zip(step.slots).map(|(cursor, &slot)| cursor.at_carried(&next[slot..])).collect::<Vec<_>>();
                let mut passed = next.clone();
                for (&k, cursor) in group.iter().zip(self.meet(inside, group, iterators, &at)?) {
                    let slot = step.slots[k];
                    passed[slot..slot + cursor.carried().len()].copy_from_slice(&cursor.carried());
                }
                Ok(passed)
            })?;
        }
        Ok(next)
    }

    /// Moves the partners `group` (indices into `iterators`, at `cursors`)
    /// to the first coordinate they all store, or until one runs out: an
    /// `scf.while` at `place`. The cursors where they stop, by the group's
    /// order.
    pub(super) fn meet(
        &self,
        place: Place<'c, 'a>,
        group: &[usize],
        iterators: &[Box<dyn LevelIterator<'c, 'a> + 'a>],
        cursors: &[Cursor<'c, 'a>],
    ) -> Result<Vec<Cursor<'c, 'a>>, LowerError> {
        // Two partners whose coordinates lie in buffers, where they do not
        // meet already, first pass the blocks that meet nothing
        // (`skip_blocks.rs`).
        let mut cursors = cursors.to_vec();
        if let &[first, second] = group {
            if let Some(buffers) = super::skip_blocks::blocks_of_both([&*iterators[first], &*iterators[second]]) {
                let (a, b) = (cursors[first], cursors[second]);
                let apart = self.apart(place, group, iterators, &[a, b]);
                let passed = self.carry_if(place, apart, &[a.position, b.position], |inside| {
                    Ok(self.skip_blocks(inside, buffers, [a.position, b.position], [a.end, b.end])?.to_vec())
                })?;
                (cursors[first].position, cursors[second].position) = (passed[0], passed[1]);
            }
        }
        let cursors = &cursors[..];
        let (initial, slots) = Cursor::carried_in_row(group.iter().map(|&k| cursors[k]));
        let at = |carried: &[Value<'c, 'a>]| -> Vec<Cursor<'c, 'a>> {
            group.iter().zip(&slots).map(|(&k, &slot)| cursors[k].at_carried(&carried[slot..])).collect()
        };
        let types = vec![Type::index(self.context); initial.len()];
        let (before, after) = (block_region(&types, self.location), block_region(&types, self.location));
        let meeting = place.put(scf::r#while(&initial, &types, before, after, self.location));
        let arguments = |block: melior::ir::BlockRef<'c, 'a>| -> Vec<Value<'c, 'a>> {
            (0..initial.len()).map(|k| block.argument(k).expect("in range").into()).collect()
        };
        // Test: each has a position left, and their coordinates differ.
        let before = only_block(meeting, 0);
        let here = Place::End(before);
        let carried = arguments(before);
        let here_cursors = at(&carried);
        let apart = self.apart(here, group, iterators, &here_cursors);
        before.append_operation(scf::condition(apart, &carried, self.location));
        // Step: each behind the largest coordinate takes `next`.
        let after = only_block(meeting, 1);
        let here = Place::End(after);
        let carried = arguments(after);
        let here_cursors = at(&carried);
        let coordinates = self.coordinates(here, group, iterators, &here_cursors);
        let largest = coordinates.iter().copied().reduce(|a, b| self.max(here, a, b)).expect("partners");
        let mut next = Vec::new();
        for ((&k, &cursor), &coordinate) in group.iter().zip(&here_cursors).zip(&coordinates) {
            let behind = self.compare(here, arith::CmpiPredicate::Ult, coordinate, largest);
            let advanced = iterators[k].next(self, here, cursor, coordinate).carried();
            next.extend(advanced.into_iter().zip(cursor.carried()).map(|(advanced, stays)| self.select(here, behind, advanced, stays)));
        }
        after.append_operation(scf::r#yield(&next, self.location));
        let results = meeting.results().map(Value::from).collect::<Vec<_>>();
        Ok(at(&results))
    }

    /// Whether the partners `group` at `cursors` (by the group's order) all
    /// have positions left and do not sit on one coordinate (an `i1`).
    fn apart(
        &self,
        place: Place<'c, 'a>,
        group: &[usize],
        iterators: &[Box<dyn LevelIterator<'c, 'a> + 'a>],
        cursors: &[Cursor<'c, 'a>],
    ) -> Value<'c, 'a> {
        let valid = group.iter().zip(cursors).map(|(&k, &cursor)| iterators[k].valid(self, place, cursor)).collect::<Vec<_>>();
        let valid = self.and(place, &valid);
        self.and_then(place, valid, |inside| {
            let coordinates = self.coordinates(inside, group, iterators, cursors);
            let largest = coordinates.iter().copied().reduce(|a, b| self.max(inside, a, b)).expect("partners");
            let met = coordinates
                .iter()
                .map(|&coordinate| self.compare(inside, arith::CmpiPredicate::Eq, coordinate, largest))
                .collect::<Vec<_>>();
            self.negate(inside, self.and(inside, &met))
        })
    }

    /// The coordinates of the partners `group` at `cursors` (by the group's
    /// order).
    fn coordinates(
        &self,
        place: Place<'c, 'a>,
        group: &[usize],
        iterators: &[Box<dyn LevelIterator<'c, 'a> + 'a>],
        cursors: &[Cursor<'c, 'a>],
    ) -> Vec<Value<'c, 'a>> {
        group.iter().zip(cursors).map(|(&k, &cursor)| iterators[k].coordinate(self, place, cursor)).collect()
    }
}

/// The groups of partners among drivers that each case names or not
/// (`named[k][c]`: case `c` names driver `k`): drivers iterated by position
/// (`by_position`) that some case names, and every case names all or none
/// of; two or more, and not every driver.
fn groups(named: &[Vec<bool>], by_position: &[bool]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (k, cases) in named.iter().enumerate() {
        if !by_position[k] || !cases.contains(&true) {
            continue;
        }
        match groups.iter_mut().find(|group| named[group[0]] == *cases) {
            Some(group) => group.push(k),
            None => groups.push(vec![k]),
        }
    }
    groups.retain(|group| group.len() >= 2 && group.len() < named.len());
    groups
}

/// The cases of the `cfir.while` `op` when its body is one `cfir.switch`
/// (beside the sequences its cases name), `None` otherwise.
pub(super) fn sole_switch<'c, 'a>(op: OperationRef<'c, 'a>) -> Result<Option<Vec<OperationRef<'c, 'a>>>, LowerError> {
    let view = cfir::While::of(op).ok_or(LowerError::Malformed("not a cfir.while"))?;
    let body = view.body().ok_or(LowerError::Malformed("cfir.while has no body"))?;
    let ops = std::iter::successors(body.first_operation(), |op| op.next_in_block())
        .filter(|op| !name(*op).starts_with("sig."))
        .collect::<Vec<_>>();
    let [switch, _terminator] = ops[..] else { return Ok(None) };
    if name(switch) != "cfir.switch" {
        return Ok(None);
    }
    let first = switch.region(0)?.first_block().and_then(|cases| cases.first_operation());
    let cases =
        std::iter::successors(first, |case| case.next_in_block()).filter(|case| cfir::Case::of(*case).is_some()).collect::<Vec<_>>();
    Ok((!cases.is_empty()).then_some(cases))
}

#[cfg(test)]
mod tests {
    use super::groups;

    /// `named` from each case's drivers, over `drivers` drivers.
    fn named(drivers: usize, cases: &[&[usize]]) -> Vec<Vec<bool>> {
        (0..drivers).map(|k| cases.iter().map(|case| case.contains(&k)).collect()).collect()
    }

    #[test]
    fn a_product_plus_a_matrix_pairs_the_factors() {
        // A∘B + C: cases A∩B∩C, A∩B, C.
        let named = named(3, &[&[0, 1, 2], &[0, 1], &[2]]);
        assert_eq!(groups(&named, &[true; 3]), vec![vec![0, 1]]);
    }

    #[test]
    fn two_products_make_two_groups_and_three_factors_one() {
        // A∘B + C∘D: cases ABCD, AB, CD.
        let two = named(4, &[&[0, 1, 2, 3], &[0, 1], &[2, 3]]);
        assert_eq!(groups(&two, &[true; 4]), vec![vec![0, 1], vec![2, 3]]);
        // A∘B∘C + D: cases ABCD, ABC, D.
        let three = named(4, &[&[0, 1, 2, 3], &[0, 1, 2], &[3]]);
        assert_eq!(groups(&three, &[true; 4]), vec![vec![0, 1, 2]]);
    }

    #[test]
    fn drivers_named_apart_are_not_partners() {
        // A∘B + A∘C: cases ABC, AB, AC.
        let shared = named(3, &[&[0, 1, 2], &[0, 1], &[0, 2]]);
        assert!(groups(&shared, &[true; 3]).is_empty());
        // A + B + C: every driver alone too.
        let sum = named(3, &[&[0, 1, 2], &[0, 1], &[0, 2], &[1, 2], &[0], &[1], &[2]]);
        assert!(groups(&sum, &[true; 3]).is_empty());
    }

    #[test]
    fn an_intersection_of_all_drivers_has_no_partners() {
        // A∘B∘C: the loop itself meets them.
        let named = named(3, &[&[0, 1, 2]]);
        assert!(groups(&named, &[true; 3]).is_empty());
    }

    #[test]
    fn drivers_by_coordinate_and_unnamed_ones_stay_out() {
        let named = named(4, &[&[0, 1, 2], &[0, 1, 2]]);
        // A dense driver (by coordinate) is never absent: it stays out.
        assert_eq!(groups(&named, &[true, false, true, true]), vec![vec![0, 2]]);
        // Driver 3 no case names.
        assert_eq!(groups(&named, &[true; 4]), vec![vec![0, 1, 2]]);
    }
}
