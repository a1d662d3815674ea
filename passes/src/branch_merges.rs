//! `branch-merges`: a co-iteration of two ordered drivers (a merge, as
//! `cfir-to-scf` lowers a union of two compressed levels) that advances
//! its drivers by selects gets a copy that advances them by branches, and
//! each pair of segments takes the copy that suits how their coordinates
//! interleave.
//!
//! `cfir-to-scf` advances each driver by `select(coordinate == least,
//! position + 1, position)`, which LLVM keeps as a conditional move: no
//! branch to mispredict, but the next iteration's loads wait on this one's
//! comparison, a chain of a load and a compare (about 7 cycles) per merged
//! entry. Where the two segments interleave at random (two uniform rows)
//! that beats branches, which the predictor misses half the time; where
//! they interleave little (a band row and a uniform row: the uniform
//! entries before the band, the band, the uniform entries after it), the
//! branches are predicted and the loads run ahead. In C on 600,000 such
//! rows (5 banded + 8 uniform entries each, 7.8 M merged), selects took
//! 20.9 ms and branches 13.1; on two uniform rows (5 + 8), selects 26.0 and
//! branches 30.3; on two equal bands, 7.6 and 5.8.
//!
//! Which copy runs is chosen per pair of segments, before the loop, from
//! the first and last coordinates of each (`af`, `al`, `bf`, `bl`): the
//! branching copy where the segments' overlap, `min(al, bl) - max(af, bf)`
//! compared signed (negative where they are disjoint), is less than an
//! eighth of the wider range, `max(al - af, bl - bf) / 8` (few entries of
//! the wider segment fall between the narrower one's, if they spread
//! evenly), or where both have the same first and last coordinates (as two
//! matrices of one pattern); the selecting copy otherwise, and where a
//! segment is empty. In the same C, choosing so took 13.4, 26.7 and 5.9 ms
//! on the three kinds of rows: the choice costs four loads and a dozen
//! integer ops per pair of segments, 2.5% of the two uniform rows' time.
//!
//! The branching copy runs the body in three cases, both drivers on the
//! least coordinate, only the first, only the second:
//!
//! ```text
//! %r:N = scf.if (c_a && c_b) { body, c_a = c_b = true; scf.yield ... }
//!        else { scf.if (c_a) { body, c_a = true, c_b = false } else { body, c_a = false, c_b = true } }
//! scf.yield %r
//! ```
//!
//! Each case is the body's ops with the two conditions known: `arith.select`,
//! `andi`, `ori` and `llvm.intr.expect` of them fold, and an `scf.if` on
//! them is replaced by the ops of the branch it takes, and what the case
//! then does not use goes. The ops that compute the conditions (the
//! coordinates' loads, the least coordinate, the comparisons) stay before
//! the cases, with the bounds checks (`cf.assert`) that come before the
//! body's first write and test only what is read. Both copies compute the
//! values the loop computed and write memory in the loop's order, so the
//! results are the same bit for bit.
//!
//! A loop is taken when it is an `scf.while` whose test forwards its
//! values, is `p_a < e_a && p_b < e_b` (`ult`, the bounds defined outside
//! it), and whose body yields `select(c_k, p_k + 1, p_k)` for those two
//! values, with `c_k = (coordinate_k == minui(coordinate_a, coordinate_b))`
//! and `coordinate_k` a load at `p_k` of a buffer defined outside the loop
//! (cast to another integer type or not); it holds no loop, no branch
//! between blocks and at most [`BODY_LIMIT`] ops, and the ops the
//! conditions need come before any op that may write memory (anything but
//! `arith` and `math` ops, loads, sizes, checks and `llvm.intr.expect`).
//! Both copies are marked ([`VERSIONED`]), so a second run changes nothing.
//! The choice reads coordinates only where the segments' ends are within
//! their buffers (`memref.dim`), so it never reads out of bounds.
//!
//! Runs on the `scf` and `memref` form, after `interleave-reductions`.

use crate::ir::{
    block_ops, block_region, collect, constant, copy_with, defined_inside, defining_op, edit, erase, name, only_block, only_block_of,
    predicate, replace_uses, users, value_key, StillUsed, PREDICATE_EQ, PREDICATE_ULT,
};
use crate::place::Place;
use melior::{
    dialect::{arith, memref, scf},
    ir::{
        attribute::IntegerAttribute,
        block::BlockLike,
        operation::{OperationLike, OperationMutLike},
        r#type::IntegerType,
        Attribute, BlockRef, Location, OperationRef, RegionLike, Type, Value, ValueLike,
    },
    Context,
};
use sparse_dialects::verify::emit_error;
use std::collections::{HashMap, HashSet};

module_pass!(
    BranchMerges,
    "branch-merges",
    "Give a merge of two ordered drivers a copy that advances them by branches, chosen per pair of segments that interleave little",
    run
);

/// The attribute that marks both copies of a merge this pass versioned.
pub const VERSIONED: &str = "sparse.branched";

/// The most ops a merge may hold (its test's and its body's, nested ones
/// included): the body is copied four times.
pub const BODY_LIMIT: usize = 200;

/// The loops a merge's body must not hold.
const LOOPS: &[&str] = &["scf.while", "scf.for", "scf.parallel", "scf.forall", "affine.for", "affine.parallel", "omp.loop_nest"];

fn run<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> bool {
    // A merge holds no loop, so versioning one frees no other candidate.
    let candidates = collect(module, |op| name(op) == "scf.while" && op.attribute(VERSIONED).is_err());
    let mut versioned = true;
    for op in candidates {
        let Some(merge) = Merge::of(op) else { continue };
        let location = op.location();
        if let Err(error) = merge.version(context) {
            emit_error(location, &format!("branch-merges: {error}"));
            versioned = false;
        }
    }
    versioned
}

/// One of a merge's two drivers: the carried value `slot`, compared with
/// `end`, whose coordinate the ops `coordinate` compute from it (a load,
/// then a cast or not), and `condition`, whether it sits on the least
/// coordinate.
struct Driver<'c, 'a> {
    slot: usize,
    end: Value<'c, 'a>,
    coordinate: Vec<OperationRef<'c, 'a>>,
    condition: Value<'c, 'a>,
}

/// A merge this pass takes: the `scf.while` `op`, whose body `body` (its
/// terminator last) advances `drivers`.
struct Merge<'c, 'a> {
    op: OperationRef<'c, 'a>,
    body: BlockRef<'c, 'a>,
    drivers: [Driver<'c, 'a>; 2],
}

impl<'c: 'a, 'a> Merge<'c, 'a> {
    fn of(op: OperationRef<'c, 'a>) -> Option<Self> {
        let test = only_block_of(op, 0)?;
        let body = only_block_of(op, 1)?;
        let condition = test.terminator()?;
        let forwarded = condition.operand_count() == op.operand_count() + 1
            && (0..op.operand_count()).all(|at| condition.operand(at + 1).ok() == test.argument(at).ok().map(Value::from));
        if name(condition) != "scf.condition" || !forwarded {
            return None;
        }
        let both = defining_op(condition.operand(0).ok()?).filter(|both| name(*both) == "arith.andi")?;
        let bounds: Vec<(usize, Value)> = (0..2).map(|at| bound(both.operand(at).ok()?, test, op)).collect::<Option<_>>()?;
        let yielded = body.terminator()?;
        let drivers: Vec<Driver> = bounds.iter().map(|&(slot, end)| driver(slot, end, body, yielded, op)).collect::<Option<_>>()?;
        let [first, second]: [Driver; 2] = drivers.try_into().ok()?;
        // Both compare with one least coordinate of the two.
        let least = |driver: &Driver<'c, 'a>| -> Option<Value<'c, 'a>> {
            let compare = defining_op(driver.condition)?;
            let coordinate: Value = driver.coordinate.last()?.result(0).ok()?.into();
            (0..2).filter_map(|at| compare.operand(at).ok()).find(|&operand| operand != coordinate)
        };
        let shared = least(&first)?;
        let minimum = defining_op(shared).filter(|minimum| name(*minimum) == "arith.minui")?;
        let coordinates = [&first, &second].map(|driver| driver.coordinate.last().and_then(|op| op.result(0).ok()).map(Value::from));
        let takes_both = (0..2).all(|at| coordinates.contains(&minimum.operand(at).ok()));
        if first.slot == second.slot || least(&second)? != shared || !takes_both || minimum.block() != Some(body) {
            return None;
        }
        let merge = Merge { op, body, drivers: [first, second] };
        let nested = collect(op, |inner| inner != op);
        // A loop would be copied four times; a branch between blocks would
        // lose its successors in the copies (`copy_with` copies none).
        let holds_loop_or_branch = nested.iter().any(|&inner| LOOPS.contains(&name(inner).as_str()) || inner.successor_count() > 0);
        (!holds_loop_or_branch && nested.len() <= BODY_LIMIT && merge.conditions_first()).then_some(merge)
    }

    /// The body's ops that the conditions need, and the checks
    /// (`cf.assert`) before the body's first write whose tests only read,
    /// with those tests; in order.
    fn prefix(&self) -> Vec<OperationRef<'c, 'a>> {
        let ops = block_ops(self.body);
        let conditions: Vec<Value> = self.drivers.iter().map(|driver| driver.condition).collect();
        let mut needed = self.closure(&conditions);
        for &op in &ops {
            if !only_reads(op) && !needed.contains(&op_key(op)) {
                break;
            }
            if name(op) == "cf.assert" {
                let tested = self.closure(&op.operands().collect::<Vec<_>>());
                if ops.iter().filter(|inner| tested.contains(&op_key(**inner))).all(|inner| only_reads(*inner)) {
                    needed.extend(tested);
                    needed.insert(op_key(op));
                }
            }
        }
        ops.into_iter().filter(|op| needed.contains(&op_key(*op))).collect()
    }

    /// The ops of the body that `values` are computed from (theirs too).
    fn closure(&self, values: &[Value<'c, 'a>]) -> HashSet<usize> {
        let mut ops: HashSet<usize> = HashSet::new();
        let mut pending = values.to_vec();
        while let Some(value) = pending.pop() {
            let Some(owner) = defining_op(value) else { continue };
            if owner.block() == Some(self.body) && ops.insert(op_key(owner)) {
                pending.extend(owner.operands());
            }
        }
        ops
    }

    /// Whether every op of the prefix only reads, and comes before every
    /// op of the body that may write memory.
    fn conditions_first(&self) -> bool {
        let prefix: HashSet<usize> = self.prefix().iter().map(|op| op_key(*op)).collect();
        let mut writes = false;
        for op in block_ops(self.body) {
            let kept = prefix.contains(&op_key(op));
            if kept && (writes || !only_reads(op)) {
                return false;
            }
            writes |= !kept && !only_reads(op);
        }
        true
    }

    /// Replaces the loop by the choice of its two copies.
    fn version(&self, context: &'c Context) -> Result<(), StillUsed> {
        let location = self.op.location();
        let outside = Place::before(self.op).expect("a loop is in a block");
        let types: Vec<Type> = self.op.results().map(|result| result.r#type()).collect();
        let starts: Vec<Value> = self.drivers.iter().map(|driver| self.op.operand(driver.slot).expect("a carried start")).collect();
        let visits: Vec<Value> = self
            .drivers
            .iter()
            .zip(&starts)
            .map(|(driver, &start)| outside.value(arith::cmpi(context, arith::CmpiPredicate::Ult, start, driver.end, location)))
            .collect();
        // The choice reads the coordinates at `start` and `end - 1`, which
        // the loop reads too where the other driver lasts: only where they
        // are inside the coordinates' buffers, so that it never reads out
        // of bounds (nor needs `--check-bounds`' checks, added before it).
        let mut visited = outside.value(arith::andi(visits[0], visits[1], location));
        let zero = outside.index(0, context, location);
        for driver in &self.drivers {
            let buffer = driver.coordinate[0].operand(0).expect("a load of a buffer");
            let size = outside.value(memref::dim(buffer, zero, location));
            let inside = outside.value(arith::cmpi(context, arith::CmpiPredicate::Ule, driver.end, size, location));
            visited = outside.value(arith::andi(visited, inside, location));
        }
        let choice =
            outside.put(scf::r#if(visited, &[bool_type(context)], block_region(&[], location), block_region(&[], location), location));
        let branching = self.interleaves_little(Place::End(only_block(choice, 0)), &starts, context, location);
        Place::End(only_block(choice, 0)).put(scf::r#yield(&[branching], location));
        let never = Place::End(only_block(choice, 1)).value(arith::constant(
            context,
            IntegerAttribute::new(bool_type(context), 0).into(),
            location,
        ));
        Place::End(only_block(choice, 1)).put(scf::r#yield(&[never], location));

        let chosen = choice.result(0).expect("one result").into();
        let copies = outside.put(scf::r#if(chosen, &types, block_region(&[], location), block_region(&[], location), location));
        let mut copied = Vec::new();
        for at in 0..2 {
            let place = Place::End(only_block(copies, at));
            let copy = place.put(copy_with(self.op, &mut HashMap::new(), &|value| value, context).expect("a merge copies"));
            edit(copy).set_discardable_attribute(VERSIONED, Attribute::unit(context));
            let results: Vec<Value> = copy.results().map(Value::from).collect();
            place.put(scf::r#yield(&results, location));
            copied.push(copy);
        }
        for (old, new) in self.op.results().zip(copies.results()) {
            replace_uses(old.into(), new.into());
        }
        erase(self.op)?;
        // A copy of a merge is one; were it not, both copies would select.
        match Merge::of(copied[0]) {
            Some(branching) => branching.branch(context),
            None => Ok(()),
        }
    }

    /// Puts at `place` whether the segments from `starts` interleave
    /// little: their overlap (negative where they are disjoint) less than an
    /// eighth of the wider one's range, or the same first and last
    /// coordinates.
    fn interleaves_little(
        &self,
        place: Place<'c, 'a>,
        starts: &[Value<'c, 'a>],
        context: &'c Context,
        location: Location<'c>,
    ) -> Value<'c, 'a> {
        let one = place.index(1, context, location);
        let mut ranges = Vec::new();
        for (driver, &start) in self.drivers.iter().zip(starts) {
            let last = place.value(arith::subi(driver.end, one, location));
            ranges.push([start, last].map(|position| driver.coordinate_at(place, position, context)));
        }
        let [[af, al], [bf, bl]] = [ranges[0], ranges[1]];
        let low = place.value(arith::maxui(af, bf, location));
        let high = place.value(arith::minui(al, bl, location));
        let overlap = place.value(arith::subi(high, low, location));
        let widths = [(al, af), (bl, bf)].map(|(last, first)| place.value(arith::subi(last, first, location)));
        let wider = place.value(arith::maxui(widths[0], widths[1], location));
        let three = place.value(arith::constant(context, IntegerAttribute::new(af.r#type(), 3).into(), location));
        let eighth = place.value(arith::shrui(wider, three, location));
        let narrow = place.value(arith::cmpi(context, arith::CmpiPredicate::Slt, overlap, eighth, location));
        let equal = |a, b| place.value(arith::cmpi(context, arith::CmpiPredicate::Eq, a, b, location));
        let (firsts, lasts) = (equal(af, bf), equal(al, bl));
        let alike = place.value(arith::andi(firsts, lasts, location));
        place.value(arith::ori(narrow, alike, location))
    }

    /// Makes this loop's body run in three cases, as the module's comment
    /// shows.
    fn branch(&self, context: &'c Context) -> Result<(), StillUsed> {
        let location = self.op.location();
        let prefix: HashSet<usize> = self.prefix().iter().map(|op| op_key(*op)).collect();
        let ops = block_ops(self.body);
        let (terminator, cased) = ops.split_last().expect("a body has a terminator");
        let cased: Vec<OperationRef> = cased.iter().copied().filter(|op| !prefix.contains(&op_key(*op))).collect();
        let types: Vec<Type> = terminator.operands().map(|operand| operand.r#type()).collect();
        let [first, second] = [self.drivers[0].condition, self.drivers[1].condition];
        let place = Place::before(*terminator).expect("a terminator is in a block");
        let both = place.value(arith::andi(first, second, location));
        let outer = place.put(scf::r#if(both, &types, block_region(&[], location), block_region(&[], location), location));
        self.case(Place::End(only_block(outer, 0)), &cased, *terminator, [true, true], context);
        let inner_place = Place::End(only_block(outer, 1));
        let inner = inner_place.put(scf::r#if(first, &types, block_region(&[], location), block_region(&[], location), location));
        self.case(Place::End(only_block(inner, 0)), &cased, *terminator, [true, false], context);
        self.case(Place::End(only_block(inner, 1)), &cased, *terminator, [false, true], context);
        let results: Vec<Value> = inner.results().map(Value::from).collect();
        inner_place.put(scf::r#yield(&results, location));
        for (at, result) in outer.results().enumerate() {
            edit(*terminator).set_operand(at, result.into());
        }
        for op in cased.into_iter().rev() {
            erase(op)?;
        }
        Ok(())
    }

    /// Puts at `place` the ops `cased` with the conditions known to be
    /// `known`, and a yield of what `terminator` yields.
    fn case(
        &self,
        place: Place<'c, 'a>,
        cased: &[OperationRef<'c, 'a>],
        terminator: OperationRef<'c, 'a>,
        known: [bool; 2],
        context: &'c Context,
    ) {
        let mut case = Case { place, known: HashMap::new(), inside: HashMap::new(), context, location: terminator.location() };
        for (driver, value) in self.drivers.iter().zip(known) {
            case.known.insert(value_key(driver.condition), value);
        }
        case.copy(cased);
        let yielded: Vec<Value> = terminator.operands().map(|operand| case.value_of(operand)).collect();
        place.put(scf::r#yield(&yielded, terminator.location()));
        // What the case does not need of the body (the other driver's step
        // and value) goes.
        for op in block_ops(place.block()).into_iter().rev() {
            let unused = op.result_count() > 0 && op.results().all(|result| users(result.into()).is_empty());
            if unused && only_reads(op) && name(op) != "cf.assert" {
                erase(op).ok();
            }
        }
    }
}

impl<'c: 'a, 'a> Driver<'c, 'a> {
    /// Puts at `place` a copy of the ops that compute this driver's
    /// coordinate, at `position`, and returns it.
    fn coordinate_at(&self, place: Place<'c, 'a>, position: Value<'c, 'a>, context: &'c Context) -> Value<'c, 'a> {
        let index = self.coordinate[0].operand(1).expect("a load at the position");
        let mut inside: HashMap<usize, Value> = HashMap::from([(value_key(index), position)]);
        let mut value = position;
        for &op in &self.coordinate {
            let copy = place.put(copy_with(op, &mut inside, &|value| value, context).expect("a load or a cast copies"));
            value = copy.result(0).expect("one result").into();
            inside.insert(value_key(op.result(0).expect("one result").into()), value);
        }
        value
    }
}

/// The ops of one case being copied: where they go, the values known there
/// (by the original's key), and the copies of the values copied so far.
struct Case<'c, 'a> {
    place: Place<'c, 'a>,
    known: HashMap<usize, bool>,
    inside: HashMap<usize, Value<'c, 'a>>,
    context: &'c Context,
    location: Location<'c>,
}

impl<'c: 'a, 'a> Case<'c, 'a> {
    /// What stands for the original `value` here: its copy, the constant
    /// of a known condition, or itself (defined before the cases).
    fn value_of(&mut self, value: Value<'c, 'a>) -> Value<'c, 'a> {
        if let Some(&copy) = self.inside.get(&value_key(value)) {
            return copy;
        }
        let Some(known) = self.known_of(value) else { return value };
        let attribute = IntegerAttribute::new(bool_type(self.context), i64::from(known)).into();
        let constant = self.place.value(arith::constant(self.context, attribute, self.location));
        self.inside.insert(value_key(value), constant);
        constant
    }

    fn known_of(&self, value: Value<'c, 'a>) -> Option<bool> {
        self.known.get(&value_key(value)).copied()
    }

    /// Copies `ops` here, folding what the known conditions decide.
    fn copy(&mut self, ops: &[OperationRef<'c, 'a>]) {
        for &op in ops {
            let operand = |at: usize| op.operand(at).expect("an operand");
            let result = || -> Value<'c, 'a> { op.result(0).expect("one result").into() };
            match name(op).as_str() {
                "arith.select" if self.known_of(operand(0)).is_some() => {
                    let chosen = if self.known_of(operand(0)) == Some(true) { operand(1) } else { operand(2) };
                    self.alias(result(), chosen);
                }
                "arith.andi" | "arith.ori" if result().r#type() == bool_type(self.context) => {
                    let absorbing = name(op) == "arith.ori";
                    let (a, b) = (self.known_of(operand(0)), self.known_of(operand(1)));
                    if a == Some(absorbing) || b == Some(absorbing) {
                        self.known.insert(value_key(result()), absorbing);
                    } else if a == Some(!absorbing) {
                        self.alias(result(), operand(1));
                    } else if b == Some(!absorbing) {
                        self.alias(result(), operand(0));
                    } else {
                        self.put_copy(op);
                    }
                }
                "llvm.intr.expect" if self.known_of(operand(0)).is_some() => self.alias(result(), operand(0)),
                "scf.if" if self.known_of(operand(0)).is_some() => {
                    let taken = if self.known_of(operand(0)) == Some(true) { 0 } else { 1 };
                    let Some(block) = op.region(taken).ok().and_then(|region| region.first_block()) else { continue };
                    let inner = block_ops(block);
                    let (terminator, body) = inner.split_last().expect("a branch has a terminator");
                    self.copy(body);
                    for (old, new) in op.results().zip(terminator.operands()) {
                        self.alias(old.into(), new);
                    }
                }
                _ => self.put_copy(op),
            }
        }
    }

    /// Lets the original `value` stand for what `other` stands for here.
    fn alias(&mut self, value: Value<'c, 'a>, other: Value<'c, 'a>) {
        match self.known_of(other) {
            Some(known) => {
                self.known.insert(value_key(value), known);
            }
            None => {
                let copy = self.value_of(other);
                self.inside.insert(value_key(value), copy);
            }
        }
    }

    /// Copies `op` here, its uses of folded values given constants.
    fn put_copy(&mut self, op: OperationRef<'c, 'a>) {
        for inner in collect(op, |_| true) {
            for operand in inner.operands() {
                if !self.inside.contains_key(&value_key(operand)) && self.known_of(operand).is_some() {
                    let copy = self.value_of(operand);
                    self.inside.insert(value_key(operand), copy);
                }
            }
        }
        let copy = self.place.put(copy_with(op, &mut self.inside, &|value| value, self.context).expect("a body op copies"));
        for (old, new) in op.results().zip(copy.results()) {
            self.inside.insert(value_key(old.into()), new.into());
        }
    }
}

/// The carried value whose test `compare` is (`p < end`, `ult`, `end`
/// defined outside `op`), with `end`.
fn bound<'c, 'a>(compare: Value<'c, 'a>, test: BlockRef<'c, 'a>, op: OperationRef<'c, 'a>) -> Option<(usize, Value<'c, 'a>)> {
    let compare = defining_op(compare).filter(|compare| name(*compare) == "arith.cmpi" && predicate(*compare) == Some(PREDICATE_ULT))?;
    let (position, end) = (compare.operand(0).ok()?, compare.operand(1).ok()?);
    let slot = (0..test.argument_count()).find(|&at| test.argument(at).ok().map(Value::from) == Some(position))?;
    (!defined_inside(end, op)).then_some((slot, end))
}

/// The driver of the carried value `slot`, if the body yields
/// `select(c, slot + 1, slot)` for it with `c` whether its coordinate is
/// the least.
fn driver<'c, 'a>(
    slot: usize,
    end: Value<'c, 'a>,
    body: BlockRef<'c, 'a>,
    yielded: OperationRef<'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Option<Driver<'c, 'a>> {
    let position: Value = body.argument(slot).ok()?.into();
    let select = defining_op(yielded.operand(slot).ok()?).filter(|select| name(*select) == "arith.select")?;
    let next = defining_op(select.operand(1).ok()?).filter(|next| name(*next) == "arith.addi")?;
    let steps = (0..2).any(|at| next.operand(at).ok() == Some(position) && next.operand(1 - at).ok().and_then(constant) == Some(1));
    if select.operand(2).ok()? != position || !steps {
        return None;
    }
    let condition = select.operand(0).ok()?;
    let compare = defining_op(condition).filter(|compare| name(*compare) == "arith.cmpi" && predicate(*compare) == Some(PREDICATE_EQ))?;
    let coordinate = (0..2).find_map(|at| coordinate_of(compare.operand(at).ok()?, position, body, op))?;
    Some(Driver { slot, end, coordinate, condition })
}

/// The ops that compute `value` from `position` in `body`: a load at it of
/// a buffer defined outside `op`, then a cast or not.
fn coordinate_of<'c, 'a>(
    value: Value<'c, 'a>,
    position: Value<'c, 'a>,
    body: BlockRef<'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Option<Vec<OperationRef<'c, 'a>>> {
    let last = defining_op(value).filter(|last| last.block() == Some(body))?;
    let load = match name(last).as_str() {
        "arith.index_castui" | "arith.index_cast" | "arith.extui" => defining_op(last.operand(0).ok()?)?,
        _ => last,
    };
    let at_position = load.operand_count() == 2 && load.operand(1).ok() == Some(position) && !defined_inside(load.operand(0).ok()?, op);
    (name(load) == "memref.load" && load.block() == Some(body) && at_position).then(|| {
        if load == last {
            vec![load]
        } else {
            vec![load, last]
        }
    })
}

/// Whether `op` only reads memory, or checks (it writes nothing).
fn only_reads(op: OperationRef) -> bool {
    let name = name(op);
    op.region_count() == 0
        && (name.starts_with("arith.")
            || name.starts_with("math.")
            || matches!(name.as_str(), "memref.load" | "memref.dim" | "cf.assert" | "llvm.intr.expect"))
}

fn bool_type(context: &Context) -> Type<'_> {
    IntegerType::new(context, 1).into()
}

fn op_key(op: OperationRef) -> usize {
    op.to_raw().ptr as usize
}
