//! Co-iteration: `cfir.while` and `cfir.switch` lowered once over
//! [`LevelIterator`], whatever the levels' kinds (a loop that copies stored
//! runs into a sparse result is lowered by `run_copy.rs` first).
//!
//! A `cfir.while` becomes an `scf.while` whose loop-carried values are its
//! drivers' positions: it runs while every driver is `valid` (most often
//! `position < end`), the coordinate is the least of the drivers' (`eval`),
//! and a driver takes `next` only when it sat on that coordinate. Where a
//! loop stops is where the next loop of the same lattice starts (drop-out,
//! paper 001 §6.1.1).
//! Levels visited by coordinate are located; so are the located levels that
//! are not full, and the body runs where they all store the coordinate. A
//! `cfir.switch` tests, for each case, that every driver visited by position
//! sits on the coordinate.

use super::assembly::DistinctLoop;
use super::error::LowerError;
use super::integrate;
use super::iterator::{Blocks, Bound, Cursor, LevelId, LevelIterator, Parent};
use super::prefetch::Driver;
use super::range_steps::RangeSteps;
use super::slice::Slice;
use super::subsections::Subsections;
use super::{Emitter, Leaf, Scope};
use crate::ir::{block_region, defining_op, only_block, value_key};
use crate::place::Place;
use melior::{
    dialect::{arith, scf},
    ir::{
        attribute::IntegerAttribute,
        block::BlockLike,
        operation::{OperationLike, OperationMutLike},
        Attribute, OperationRef, RegionLike, Type, Value,
    },
};
use sparse_dialects::cfir::CaseKind;
use sparse_formats::Iteration;

/// What a co-iteration passes without a step of its body.
pub(super) enum Idle<'c, 'a> {
    Nothing,
    /// Blocks of two intersected drivers that meet nothing (`skip_blocks.rs`).
    Blocks([Blocks<'c, 'a>; 2]),
    /// Positions where not all partners sit, for each group of partners
    /// (indices into the drivers; `partners.rs`).
    Partners(Vec<Vec<usize>>),
}

/// A loop over drivers ([`Emitter::driver_loop`]).
pub(super) struct DriverLoop<'c, 'a> {
    pub op: OperationRef<'c, 'a>,
    /// Where each driver starts.
    pub cursors: Vec<Cursor<'c, 'a>>,
    /// Where driver k's values start in the carried list.
    pub slots: Vec<usize>,
    /// How many values the loop carries.
    carried_count: usize,
}

impl<'c: 'a, 'a> DriverLoop<'c, 'a> {
    /// The carried values as the block of region `region` (0: the test,
    /// 1: the body) receives them.
    pub fn carried(&self, region: usize) -> Vec<Value<'c, 'a>> {
        let block = only_block(self.op, region);
        (0..self.carried_count).map(|k| block.argument(k).expect("in range").into()).collect()
    }

    /// Hands each of `drivers` on where the loop leaves it, to the next loop
    /// of its lattice.
    pub fn hand_off(&self, drivers: &[Value<'c, 'a>], scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let results = (0..self.carried_count).map(|k| self.op.result(k).map(Value::from)).collect::<Result<Vec<_>, _>>()?;
        for (k, &driver) in drivers.iter().enumerate() {
            scope.handoff.insert(value_key(driver), self.cursors[k].at_carried(&results[self.slots[k]..]));
        }
        Ok(())
    }
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// The iterator of a sequence leaf.
    pub(super) fn iterator(&self, leaf: Leaf<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<Box<dyn LevelIterator<'c, 'a> + 'a>, LowerError> {
        match leaf {
            Leaf::Level(id, None) => super::levels::level_iterator(id, scope.tensor(id.tensor)),
            // A window is of the level as stored (composed with a view's).
            Leaf::Level(id, Some(window)) => {
                let level = scope.tensor(id.tensor).format().levels[id.level];
                let first = scope.seeks.get(&id).copied();
                Slice::wrap(super::levels::stored_iterator(id, scope.tensor(id.tensor))?, window, first, level, id.level)
            }
            Leaf::Subsections { id, size, count, coefficient, intercept } => {
                let inner = super::levels::stored_iterator(id, scope.tensor(id.tensor))?;
                if !inner.ordered() || inner.iteration() != Iteration::Positions {
                    let level = scope.tensor(id.tensor).format().levels[id.level];
                    return Err(LowerError::Level { level, index: id.level, operation: super::error::Operation::Slice });
                }
                Ok(Box::new(Subsections { inner, size, count, coefficient, intercept }))
            }
            Leaf::Universe { size } => Ok(super::iterator::universe_iterator(size)),
        }
    }

    /// Where the iterator of `leaf` starts, from the level above it.
    pub(super) fn parent(&self, leaf: Leaf<'c, 'a>, scope: &Scope<'c, 'a>) -> Parent<'c, 'a> {
        let (Leaf::Level(id, _) | Leaf::Subsections { id, .. }) = leaf else { return Parent::Root };
        let Some(parent) = id.parent() else { return Parent::Root };
        match (scope.levels.get(&parent), scope.present.get(&parent)) {
            (Some(Bound { position: Some(position), segment_end: None, .. }), Some(&present)) => {
                Parent::AtIfPresent { position: *position, present }
            }
            (Some(Bound { position: Some(position), segment_end, .. }), _) => Parent::At { position: *position, segment_end: *segment_end },
            _ => Parent::Unbound,
        }
    }

    /// Where `iterator` starts under `parent`. Under a merge loop's operand
    /// that need not sit on the loop's coordinate
    /// ([`Parent::AtIfPresent`]), its range is read only where the operand
    /// does (an absent operand's position is the next parent it stores, or
    /// past its level's end) and is empty elsewhere: a level walked over a range of positions alone
    /// (no fixed offset, no carried state), which `sig-lower-lattices`
    /// merges only with compressed levels below.
    pub(super) fn start(
        &self,
        iterator: &dyn LevelIterator<'c, 'a>,
        parent: Parent<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<Cursor<'c, 'a>, LowerError> {
        let Parent::AtIfPresent { position, present } = parent else { return iterator.init(self, place, parent) };
        let index = Type::index(self.context);
        let range = self.if_else(
            place,
            present,
            &[index, index],
            |inside| {
                let cursor = iterator.init(self, inside, Parent::At { position, segment_end: None })?;
                if cursor.offset.is_some() || cursor.state.is_some() {
                    return Err(LowerError::Malformed("a level below a merge loop's operand that is not a range of positions"));
                }
                Ok(vec![cursor.position, cursor.end])
            },
            |inside| Ok(vec![self.index(inside, 0); 2]),
        )?;
        Ok(Cursor::range(range[0], range[1]))
    }

    /// `cfir.while`, between the scatter and the clearing of the rows it
    /// locates through position maps (`scattered_rows.rs`).
    pub(super) fn while_loop(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let allocated = self.allocate_position_maps(op, place, scope)?;
        let mut scattered = self.scatter_rows(op, place, scope)?;
        self.lower_loop(op, place, scope)?;
        // A map freed right after needs no clearing.
        scattered.retain(|id| !allocated.contains(id));
        self.clear_rows(&scattered, place, scope)?;
        self.free_position_maps(&allocated, place, scope);
        Ok(())
    }

    /// A `cfir.while`: a k-way merge (`merge.rs`), a reduction of a tensor's
    /// every value (`flat_reduction.rs`), a copy of rows, of a COO's
    /// entries or of runs where it is one (`run_copy.rs`), co-iteration
    /// otherwise.
    fn lower_loop(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        if sparse_dialects::cfir::While::of(op).is_some_and(|view| view.until().merges()) {
            return self.merge(op, place, scope);
        }
        if let Some(nest) = self.flat_nest(op, scope)? {
            return self.reduce_flat(&nest, place, scope);
        }
        if let Some(rows) = self.rows_copy(op, scope)? {
            return self.copy_rows(op, &rows, place, scope);
        }
        if let Some(entries) = self.entries_copy(op, scope)? {
            return self.copy_entries(op, &entries, place, scope);
        }
        match self.run_copy(op, scope)? {
            Some(copy) => self.copy_runs(op, &copy, place, scope),
            None => self.coiterate(op, place, scope),
        }
    }

    /// A `cfir.while` as an `scf.while` over its drivers (see the module doc).
    pub(super) fn coiterate(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let view = sparse_dialects::cfir::While::of(op).expect("name matched");
        let (located_count, _) = view.binding_counts().ok_or(LowerError::Malformed("malformed cfir.while"))?;
        let drivers = self.leaves(op.operand(0)?)?;
        let located = (1..=located_count).map(|index| op.operand(index)).collect::<Result<Vec<_>, _>>()?;
        let mut iterators = Vec::new();
        for &driver in &drivers {
            let iterator = match self.leaf(driver, scope)? {
                Leaf::Level(id, None) if self.visits_per_position(op, id, scope)? => {
                    super::levels::per_position_iterator(id, scope.tensor(id.tensor))?
                }
                leaf => self.iterator(leaf, scope)?,
            };
            // Runs co-iterated with other levels, or left mid-run by such a
            // loop (the cursor it hands on carries the coordinate), are
            // stepped a coordinate at a time.
            let mid_range = scope.handoff.get(&value_key(driver)).is_some_and(|cursor| cursor.state.is_some());
            let stepped = iterator.iteration() == Iteration::Ranges && (drivers.len() > 1 || mid_range);
            iterators.push(if stepped { Box::new(RangeSteps { inner: iterator }) } else { iterator });
        }
        if iterators.len() > 1 && iterators.iter().any(|iterator| !iterator.ordered()) {
            return Err(LowerError::UnorderedCoiteration);
        }
        let early_exit = self.early_exit(op, place, scope)?;
        let idle = self.idle(op, &drivers, &iterators, early_exit.is_some(), scope)?;
        let driver_loop = self.driver_loop(&drivers, &iterators, &idle, place, scope)?;
        let (loop_op, cursors, slots) = (driver_loop.op, &driver_loop.cursors, &driver_loop.slots);
        // valid: every driver has positions left (and the reduced
        // component is not its annihilator yet).
        let before = only_block(loop_op, 0);
        let arguments = driver_loop.carried(0);
        let mut valid = (0..drivers.len())
            .map(|k| iterators[k].valid(self, Place::End(before), cursors[k].at_carried(&arguments[slots[k]..])))
            .collect::<Vec<_>>();
        valid.extend(early_exit.map(|exit| exit.goes_on(self, Place::End(before))));
        let valid = self.and(Place::End(before), &valid);
        before.append_operation(scf::condition(valid, &arguments, self.location));
        // body: eval and next of each driver, the least coordinate, the cases.
        let after = only_block(loop_op, 1);
        let here = Place::End(after);
        let carried = driver_loop.carried(1);
        let mut inner = scope.clone();
        inner.drivers.clear();
        inner.multiplicity = None;
        inner.distinct_loop = None;
        let mut coordinates = Vec::new();
        let mut advanced = Vec::new();
        for (k, (&driver, iterator)) in drivers.iter().zip(&iterators).enumerate() {
            let cursor = cursors[k].at_carried(&carried[slots[k]..]);
            let coordinate = iterator.coordinate(self, here, cursor);
            if drivers.len() == 1 && iterator.distinct() && iterator.iteration() == Iteration::Positions {
                self.mark_distinct(coordinate);
            }
            if let Leaf::Level(id, None) = self.leaf(driver, scope)? {
                if let Some(size) = scope.tensor(id.tensor).level_size(id.level).ok().and_then(super::constant_index) {
                    self.mark_below(coordinate, size);
                }
            }
            let next = iterator.next(self, here, cursor, coordinate);
            let by_position = iterator.iteration() != Iteration::Coordinates;
            if let (Leaf::Level(id, window), true) = (self.leaf(driver, scope)?, by_position) {
                let position = iterator.position(self, here, cursor, coordinate);
                inner.levels.insert(id, Bound { position: Some(position), coordinate, segment_end: next.segment_end, window });
            }
            inner.drivers.insert(value_key(driver), by_position.then_some(coordinate));
            if let Leaf::Subsections { id, .. } = self.leaf(driver, scope)? {
                inner.seeks.insert(id, cursor.position);
            }
            coordinates.push(coordinate);
            advanced.push(next.carried());
        }
        let mut coordinate = coordinates.iter().copied().reduce(|a, b| self.min(here, a, b)).expect("a driver");
        // A driver stepping through ranges (runs) drives alone: the body runs
        // once for the range or, in an inner loop, for each of its coordinates.
        let mut body_block = after;
        if let Some(k) = iterators.iter().position(|iterator| iterator.iteration() == Iteration::Ranges) {
            let Leaf::Level(id, _) = self.leaf(drivers[k], scope)? else { return Err(LowerError::Malformed("a range without a level")) };
            let cursor = cursors[k].at_carried(&carried[slots[k]..]);
            let end = iterators[k].range_end(self, here, cursor).expect("a range iterator has range ends");
            let body = view.body().ok_or(LowerError::Malformed("cfir.while has no body"))?;
            if located.is_empty() && integrate::integrable(body, body.argument(0)?.into()) {
                // One step a run: the body sees the run's first coordinate
                // and its reductions count the run's length.
                inner.multiplicity = Some(self.sub(here, end, coordinate));
            } else {
                let one = self.index(here, 1);
                let region = block_region(&[Type::index(self.context)], self.location);
                let inner_loop = here.put(scf::r#for(coordinate, end, one, region, self.location));
                body_block = only_block(inner_loop, 0);
                coordinate = body_block.argument(0)?.into();
                let bound = inner.levels.get_mut(&id).expect("bound above");
                bound.coordinate = coordinate;
                inner.drivers.insert(value_key(drivers[k]), Some(coordinate));
            }
        }
        let here = Place::End(body_block);
        // Each driver steps through the distinct coordinates of one segment:
        // no two iterations share a coordinate.
        let mut distinct = body_block == after && inner.multiplicity.is_none();
        for (&driver, iterator) in drivers.iter().zip(&iterators) {
            let bound = !matches!(self.parent(self.leaf(driver, scope)?, scope), Parent::Unbound);
            distinct &= bound && iterator.distinct() && iterator.iteration() == Iteration::Positions;
        }
        if distinct {
            inner.distinct_loop = Some(DistinctLoop { coordinate, source: op, lowered: loop_op });
        }
        let body = view.body().ok_or(LowerError::Malformed("cfir.while has no body"))?;
        inner.values.insert(value_key(body.argument(0)?.into()), coordinate);
        inner.coordinate = Some(coordinate);
        inner.loop_coordinates.push(coordinate);
        // locate: levels visited by coordinate sit at the loop's coordinate.
        // Below a bound parent the position follows now; an all-dense tensor
        // may be visited in any order, so its reads locate from the
        // coordinates instead. A located level that is not full may not
        // store the coordinate: the body runs only where every one does.
        let mut stored = Vec::new();
        for &leaf in drivers.iter().chain(&located) {
            let leaf_kind = self.leaf(leaf, scope)?;
            let Leaf::Level(id, window) = leaf_kind else { continue };
            // From the inner scope: a batch bound just above takes its part.
            let iterator = self.iterator(leaf_kind, &inner)?;
            let level = scope.tensor(id.tensor).format().levels[id.level];
            let not_locatable = || LowerError::Level { level, index: id.level, operation: super::error::Operation::Locate };
            if iterator.iteration() != Iteration::Coordinates {
                if located.contains(&leaf) {
                    let parent = self.parent(leaf_kind, &inner);
                    let scattered = window.is_none().then(|| self.locate_scattered(id, parent, coordinate, here, &inner)).flatten();
                    let found = match scattered {
                        Some(found) => found,
                        None => iterator.locate_stored(self, here, parent.position(self, here)?, coordinate).ok_or_else(not_locatable)?,
                    };
                    stored.push(found.stored);
                    inner.levels.insert(id, Bound { position: Some(found.position), coordinate, segment_end: None, window });
                    inner.drivers.insert(value_key(leaf), None);
                }
                continue;
            }
            let mut position = match self.parent(leaf_kind, &inner) {
                Parent::Unbound => None,
                parent => Some(iterator.locate(self, here, parent.position(self, here)?, coordinate).ok_or_else(not_locatable)?),
            };
            // The last batch level chooses the batch, whose levels below
            // count their positions from 0.
            let buffers = inner.tensor(id.tensor);
            if let (Some(batch), true) = (position, buffers.batched() && id.level + 1 == buffers.format().batch_levels()) {
                inner.tensors[id.tensor.0] = self.batch_of(buffers, batch, here)?;
                position = Some(self.index(here, 0));
            }
            inner.levels.insert(id, Bound { position, coordinate, segment_end: None, window });
        }
        // A loop driven alone: prefetch the segments its coming iterations walk.
        if let (1, Leaf::Level(driver_id, None)) = (drivers.len(), self.leaf(drivers[0], scope)?) {
            let located = located.iter().map(|&leaf| self.leaf(leaf, scope)).collect::<Result<Vec<_>, _>>()?;
            let driver = Driver { iterator: &*iterators[0], level: driver_id, cursor: cursors[0].at_carried(&carried[slots[0]..]) };
            self.prefetch_ahead(driver, &located, body, here, &inner)?;
        }
        let lowered_into = if stored.is_empty() { body_block } else { self.then(here, self.and(here, &stored)) };
        self.block(body, lowered_into, &mut inner)?;
        if lowered_into != body_block {
            lowered_into.append_operation(scf::r#yield(&[], self.location));
        }
        for &(_, id) in scope.row_ends.iter().filter(|(ends, _)| *ends == op) {
            self.end_row(id, Place::End(body_block), &inner)?;
        }
        if body_block != after {
            body_block.append_operation(scf::r#yield(&[], self.location));
        }
        let here = Place::End(after);
        // next: a driver advances when it sat on the coordinate.
        let mut next = Vec::new();
        for (k, advanced) in advanced.into_iter().enumerate() {
            if drivers.len() == 1 {
                next.extend(advanced);
                continue;
            }
            let here_now = self.compare(here, arith::CmpiPredicate::Eq, coordinates[k], coordinate);
            next.extend(advanced.into_iter().enumerate().map(|(j, value)| self.select(here, here_now, value, carried[slots[k] + j])));
        }
        match &idle {
            // After a step where the drivers did not meet, pass the blocks
            // that meet nothing (`skip_blocks.rs`); where they meet, none is
            // tested.
            Idle::Blocks(buffers) => {
                let apart = self.compare(here, arith::CmpiPredicate::Ne, coordinates[0], coordinates[1]);
                let ends = [cursors[0].end, cursors[1].end];
                next = self.carry_if(here, apart, &next, |inside| {
                    let passed = self.skip_blocks(inside, *buffers, [next[slots[0]], next[slots[1]]], ends)?;
                    let mut skipped = next.clone();
                    (skipped[slots[0]], skipped[slots[1]]) = (passed[0], passed[1]);
                    Ok(skipped)
                })?;
            }
            // After a step that moved partners, they meet again
            // (`partners.rs`).
            Idle::Partners(groups) => {
                let step = super::partners::Step { cursors, slots, coordinates: &coordinates, coordinate };
                next = self.meet_again(here, groups, &iterators, step, next)?;
            }
            Idle::Nothing => {}
        }
        after.append_operation(scf::r#yield(&next, self.location));
        driver_loop.hand_off(&drivers, scope)
    }

    /// What the loop `op` over `drivers` (walked by `iterators`) may pass
    /// without a step of its body: nothing in a loop that may end early.
    fn idle(
        &self,
        op: OperationRef<'c, 'a>,
        drivers: &[Value<'c, 'a>],
        iterators: &[Box<dyn LevelIterator<'c, 'a> + 'a>],
        ends_early: bool,
        scope: &Scope<'c, 'a>,
    ) -> Result<Idle<'c, 'a>, LowerError> {
        if ends_early {
            return Ok(Idle::Nothing);
        }
        if let Some(buffers) = self.skippable(op, drivers, iterators, scope)? {
            return Ok(Idle::Blocks(buffers));
        }
        let groups = self.partners(op, drivers, iterators, scope)?;
        Ok(if groups.is_empty() { Idle::Nothing } else { Idle::Partners(groups) })
    }

    /// The `scf.while` over `drivers` (iterated by `iterators`), its regions
    /// each one block of the carried values and nothing else yet: each
    /// driver starts where the previous loop of its lattice stopped, or at
    /// its `init`, past what `idle` lets it pass, and carries its position,
    /// and its state if it has one.
    pub(super) fn driver_loop(
        &self,
        drivers: &[Value<'c, 'a>],
        iterators: &[Box<dyn LevelIterator<'c, 'a> + 'a>],
        idle: &Idle<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &Scope<'c, 'a>,
    ) -> Result<DriverLoop<'c, 'a>, LowerError> {
        let mut cursors = Vec::new();
        for (&driver, iterator) in drivers.iter().zip(iterators) {
            let cursor = match scope.handoff.get(&value_key(driver)) {
                Some(cursor) => *cursor,
                None => self.start(iterator.as_ref(), self.parent(self.leaf(driver, scope)?, scope), place)?,
            };
            cursors.push(cursor);
        }
        match (idle, &mut cursors[..]) {
            (Idle::Blocks(buffers), [first, second]) => {
                let passed = self.skip_blocks(place, *buffers, [first.position, second.position], [first.end, second.end])?;
                (first.position, second.position) = (passed[0], passed[1]);
            }
            (Idle::Partners(groups), _) => {
                for group in groups {
                    let met = self.meet(place, group, iterators, &cursors)?;
                    for (&k, cursor) in group.iter().zip(met) {
                        cursors[k] = cursor;
                    }
                }
            }
            _ => {}
        }
        let (initial, slots) = Cursor::carried_in_row(cursors.iter().copied());
        let types = vec![Type::index(self.context); initial.len()];
        let (before, after) = (block_region(&types, self.location), block_region(&types, self.location));
        let op = place.put(scf::r#while(&initial, &types, before, after, self.location));
        Ok(DriverLoop { op, cursors, slots, carried_count: initial.len() })
    }

    /// Marks the load of `coordinate` (through a widening cast) as reading a
    /// unique level's coordinates at the position of the loop that walks
    /// one parent's segment alone: each iteration reads another coordinate,
    /// so `parallelize-outer-loops` may run iterations that write the rows
    /// they name apart.
    fn mark_distinct(&self, coordinate: Value<'c, 'a>) {
        if let Some(load) = coordinate_load(coordinate) {
            crate::ir::edit(load).set_attribute(crate::parallelize_outer_loops::DISTINCT_COORDINATES, Attribute::unit(self.context));
        }
    }

    /// Marks the load of `coordinate` (through a widening cast), a stored
    /// coordinate of a level whose size is the constant `size`, as below
    /// it: the format promises that every coordinate is (the runtime checks
    /// the tensors it passes), so `parallelize-outer-loops` may take it as
    /// an offset within a row of that length (TTV's `i · 128 + j`).
    fn mark_below(&self, coordinate: Value<'c, 'a>, size: usize) {
        let Some(load) = coordinate_load(coordinate) else { return };
        let Ok(size) = i64::try_from(size) else { return };
        let bound = IntegerAttribute::new(Type::index(self.context), size);
        crate::ir::edit(load).set_attribute(crate::parallelize_outer_loops::COORDINATES_BELOW, bound.into());
    }

    /// `cfir.switch`: an if/else-if chain over the cases, most specific first.
    pub(super) fn switch(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<(), LowerError> {
        let cases = op.region(0)?.first_block().ok_or(LowerError::Malformed("cfir.switch has no cases"))?;
        let mut list = Vec::new();
        let mut next = cases.first_operation();
        while let Some(case) = next {
            next = case.next_in_block();
            if sparse_dialects::cfir::Case::of(case).is_some() {
                list.push(case);
            }
        }
        // Where a region is omitted, a stored fill value counts as absent
        // (paper 000 §7: `crd == i && val != fill`): it must not hide the
        // region of the other operands. So it does in every loop of a
        // lattice that omits (`sig-lower-lattices` marks their switches).
        let omits = op.attribute(crate::sig_lower_lattices::STORED_FILL_ABSENT).is_ok()
            || list.iter().any(|case| sparse_dialects::cfir::Case::of(*case).and_then(|view| view.kind()) == Some(CaseKind::Omitter));
        self.cases(&list, omits, place, scope)
    }

    /// Whether the last level of the driver `id` holds a value other than
    /// the fill at its current position (`None` for a level with no values
    /// there).
    fn stored_not_fill(&self, id: LevelId, place: Place<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<Option<Value<'c, 'a>>, LowerError> {
        let buffers = scope.tensor(id.tensor);
        let (Some(values), Some(Bound { position: Some(position), .. })) = (buffers.values, scope.levels.get(&id)) else { return Ok(None) };
        if id.level + 1 != buffers.format().rank() {
            return Ok(None);
        }
        let value = self.load(place, values, *position);
        let fill = self.constant(buffers.encoding.fill, buffers.element, place)?;
        Ok(Some(self.differs(place, buffers.element, value, fill)))
    }

    pub(super) fn cases(
        &self,
        cases: &[OperationRef<'c, 'a>],
        omits: bool,
        place: Place<'c, 'a>,
        scope: &Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let Some((&case, rest)) = cases.split_first() else { return Ok(()) };
        // Cases of one driver each that read alike are one branch.
        let run = if omits { Vec::new() } else { self.mergeable(cases, scope)? };
        if !run.is_empty() {
            return self.merged_cases(cases, &run, omits, place, scope);
        }
        let view = sparse_dialects::cfir::Case::of(case).ok_or(LowerError::Malformed("cfir.switch holds only cases"))?;
        let current = scope.coordinate.ok_or(LowerError::Malformed("a switch outside a loop"))?;
        let mut conditions = Vec::new();
        let mut drivers_on_coordinate = 0;
        for leaf in self.leaves(case.operand(0)?)? {
            match scope.drivers.get(&value_key(leaf)) {
                Some(Some(mine)) => {
                    drivers_on_coordinate += 1;
                    conditions.push(self.compare(place, arith::CmpiPredicate::Eq, *mine, current));
                    if let (true, Leaf::Level(id, _)) = (omits, self.leaf(leaf, scope)?) {
                        conditions.extend(self.stored_not_fill(id, place, scope)?);
                    }
                }
                Some(None) => {}
                // A located level visited by coordinate is never absent.
                None if self.iterator(self.leaf(leaf, scope)?, scope)?.iteration() == Iteration::Coordinates => {}
                None => return Err(LowerError::Malformed("a case on an iterator that does not drive the loop")),
            }
        }
        let body = view.body().ok_or(LowerError::Malformed("cfir.case has no body"))?;
        if conditions.is_empty() {
            // Every coordinate is in this region: the rest is unreachable.
            return self.block(body, place.block(), &mut scope.clone());
        }
        let mut condition = self.and(place, &conditions);
        // Where other cases follow, the case of several drivers on the
        // coordinate is taken as the rarer: their own cases then lie on the
        // straight path.
        if drivers_on_coordinate >= 2 && !rest.is_empty() {
            condition = self.unlikely(place, condition)?;
        }
        let (then_region, else_region) = (block_region(&[], self.location), block_region(&[], self.location));
        let branch = place.put(scf::r#if(condition, &[], then_region, else_region, self.location));
        let then_block = only_block(branch, 0);
        self.block(body, then_block, &mut scope.clone())?;
        then_block.append_operation(scf::r#yield(&[], self.location));
        let else_block = only_block(branch, 1);
        self.cases(rest, omits, Place::End(else_block), scope)?;
        else_block.append_operation(scf::r#yield(&[], self.location));
        Ok(())
    }
}

/// The `memref.load` that `coordinate` is, widened by `arith.index_castui`
/// or not.
fn coordinate_load<'c, 'a>(coordinate: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let owner = |value: Value<'c, 'a>| defining_op(value);
    let loaded = match owner(coordinate) {
        Some(cast) if crate::ir::name(cast) == "arith.index_castui" => cast.operand(0).ok().and_then(owner),
        other => other,
    };
    loaded.filter(|op| crate::ir::name(*op) == "memref.load")
}
