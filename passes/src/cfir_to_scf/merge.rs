//! The k-way merge: a `cfir.while` that runs until every operand of its
//! union has run out, or with `leaves_one` until at most one has positions
//! left, which the loops after it finish alone (`sig-lower-lattices` emits
//! one for a union of many operands in place of the 2^k − 1 drop-out loops
//! of its lattice, followed by one loop for each operand alone).
//!
//! It becomes an `scf.while` carrying every driver's position, which runs
//! while any driver has positions left (two, with `leaves_one`, counted by
//! selects). At each step a driver's coordinate
//! is the one it sits on while it has positions left, and the largest index
//! once it has none (its coordinate buffer is read only in the first case:
//! an exhausted driver's position is past its end). The loop's coordinate
//! is the least of them; a driver is present where it sits on it: there it
//! takes `next`, and its reads are its values; elsewhere its reads are its
//! tensor's fill ([`Scope::present`]), and the levels below it hold nothing
//! (`Parent::AtIfPresent`: their loops start on an empty range).

use super::error::LowerError;
use super::iterator::{Bound, LevelIterator};
use super::{Emitter, Leaf, Scope};
use crate::ir::{only_block, value_key};
use crate::place::Place;
use melior::{
    dialect::{arith, scf},
    ir::{block::BlockLike, operation::OperationLike, OperationRef, Type, Value},
};
use sparse_dialects::cfir::Until;
use sparse_formats::Iteration;

impl<'c: 'a, 'a> Emitter<'c> {
    /// A merge `cfir.while` (see the module doc).
    pub(super) fn merge(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let view = sparse_dialects::cfir::While::of(op).expect("name matched");
        let body = view.body().ok_or(LowerError::Malformed("cfir.while has no body"))?;
        let drivers = self.leaves(op.operand(0)?)?;
        let mut levels = Vec::new();
        let mut iterators: Vec<Box<dyn LevelIterator<'c, 'a> + 'a>> = Vec::new();
        for &driver in &drivers {
            let Leaf::Level(id, None) = self.leaf(driver, scope)? else {
                return Err(LowerError::Malformed("a merge loop's operand is not a level"));
            };
            // Each coordinate is one position. The levels below start
            // under it only where it is present (`Emitter::start`).
            let format = scope.tensor(id.tensor).format();
            if !format.levels[id.level].unique {
                return Err(LowerError::Malformed("a merge loop's operand is not unique"));
            }
            let iterator = self.iterator(Leaf::Level(id, None), scope)?;
            if !iterator.ordered() {
                return Err(LowerError::UnorderedCoiteration);
            }
            if iterator.iteration() != Iteration::Positions {
                return Err(LowerError::Malformed("a merge loop's operand is not visited by position"));
            }
            levels.push(id);
            iterators.push(iterator);
        }
        let early_exit = self.early_exit(op, place, scope)?;
        let driver_loop = self.driver_loop(&drivers, &iterators, &super::coiterate::Idle::Nothing, place, scope)?;
        let (loop_op, cursors, slots) = (driver_loop.op, &driver_loop.cursors, &driver_loop.slots);
        // valid: some driver has positions left, or two where the loops
        // after this one finish the last alone (and the reduced component is
        // not its annihilator yet).
        let before = only_block(loop_op, 0);
        let arguments = driver_loop.carried(0);
        let here = Place::End(before);
        let left: Vec<Value> =
            (0..drivers.len()).map(|k| iterators[k].valid(self, here, cursors[k].at_carried(&arguments[slots[k]..]))).collect();
        let enough = match view.until() {
            Until::AllButOneRunOut => {
                let (zero, one) = (self.index(here, 0), self.index(here, 1));
                let count = left
                    .iter()
                    .map(|&valid| self.select(here, valid, one, zero))
                    .reduce(|a, b| self.add(here, a, b))
                    .ok_or(LowerError::Malformed("a merge loop without operands"))?;
                self.compare(here, arith::CmpiPredicate::Uge, count, self.index(here, 2))
            }
            _ => left
                .iter()
                .copied()
                .reduce(|a, b| self.one(here, arith::ori(a, b, self.location)))
                .ok_or(LowerError::Malformed("a merge loop without operands"))?,
        };
        let goes_on = match early_exit {
            Some(exit) => self.and(here, &[enough, exit.goes_on(self, here)]),
            None => enough,
        };
        before.append_operation(scf::condition(goes_on, &arguments, self.location));
        // body: each driver's coordinate (the largest index once it has run
        // out) and position, the least coordinate, who is present there.
        let after = only_block(loop_op, 1);
        let here = Place::End(after);
        let carried = driver_loop.carried(1);
        let index = Type::index(self.context);
        let mut sitting = Vec::new();
        for (k, iterator) in iterators.iter().enumerate() {
            let cursor = cursors[k].at_carried(&carried[slots[k]..]);
            let left = iterator.valid(self, here, cursor);
            let found = self.if_else(
                here,
                left,
                &[index, index],
                |inside| {
                    let coordinate = iterator.coordinate(self, inside, cursor);
                    Ok(vec![coordinate, iterator.position(self, inside, cursor, coordinate)])
                },
                |inside| Ok(vec![self.index(inside, -1), cursor.position]),
            )?;
            sitting.push((found[0], found[1]));
        }
        let coordinate = sitting.iter().map(|&(coordinate, _)| coordinate).reduce(|a, b| self.min(here, a, b)).expect("a driver");
        let mut inner = scope.clone();
        inner.drivers.clear();
        inner.multiplicity = None;
        let mut present = Vec::new();
        for (k, &(mine, position)) in sitting.iter().enumerate() {
            let on_it = self.compare(here, arith::CmpiPredicate::Eq, mine, coordinate);
            inner.levels.insert(levels[k], Bound { position: Some(position), coordinate, segment_end: None, window: None });
            inner.drivers.insert(value_key(drivers[k]), Some(mine));
            inner.present.insert(levels[k], on_it);
            present.push(on_it);
        }
        inner.values.insert(value_key(body.argument(0)?.into()), coordinate);
        inner.coordinate = Some(coordinate);
        inner.loop_coordinates.push(coordinate);
        self.block(body, after, &mut inner)?;
        for &(_, id) in scope.row_ends.iter().filter(|(ends, _)| *ends == op) {
            self.end_row(id, Place::End(after), &inner)?;
        }
        // next: a driver advances when it sat on the coordinate.
        let mut next = Vec::new();
        for (k, iterator) in iterators.iter().enumerate() {
            let cursor = cursors[k].at_carried(&carried[slots[k]..]);
            let mine = sitting[k].0;
            let own = &carried[slots[k]..slots[k] + cursor.carried().len()];
            next.extend(self.carry_if(here, present[k], own, |inside| Ok(iterator.next(self, inside, cursor, mine).carried()))?);
        }
        after.append_operation(scf::r#yield(&next, self.location));
        driver_loop.hand_off(&drivers, scope)
    }
}
