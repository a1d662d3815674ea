//! `interleave-reductions`: an innermost loop that gathers (loads at an
//! index it loaded, as SpMV's `x[crd[p]]`) and reduces into one location by
//! a float minimum or maximum runs two positions per iteration into two
//! accumulators, which it combines after its last position.
//!
//! On x86, `arith.minimumf` lowers to about eight dependent instructions
//! (the sign test that orders -0 before +0, the NaN test, two blends): one
//! chain through the accumulator that every position of a row waits on.
//! Min-plus SpMV (`y(i) = min_j A(i, j) + d(j)`) ran at that chain's speed:
//! in C on 2,000 rows of 8 random columns, 4 ns an entry where the same
//! loop with `+` took 0.5. LLVM vectorizes such a loop with gathers where
//! it can, and not at all where `prefetch-streams` put its prefetches. Two
//! accumulators halve the chain (in C, with the prefetches: 0.066 → 0.010
//! ms at 2,000 rows, 23 → 9.8 ms at 600,000; vectorized with gathers,
//! without them: 0.017–0.025 and 12.0–12.7 ms).
//!
//! Why the result is the same: a minimum or maximum is associative,
//! commutative and idempotent, and exact (it rounds nothing), so any order
//! and grouping of the positions gives the same value (up to what the ops
//! leave unspecified anyway: which NaN, `minnumf`'s choice between equal
//! zeros, and any result where an operand is a signalling NaN, which LLVM
//! does not define either). The first accumulator starts from the last position's
//! value, the second from the location's old value, so no identity is
//! needed.
//!
//! A loop is taken when it holds no op with regions, steps its index by 1
//! (a signed `scf.for` of step 1 without results, or an `scf.while` whose only
//! value is its index, compared `ult` or `slt` with a bound defined outside
//! it), and its body: stores once, `OP(load B[I], v)` back to `B[I]` with
//! `I` defined outside the loop, `B` a buffer the function allocates
//! (`memref.alloc`, `alloca`, or zeroed from `calloc`, as `cfir-to-scf`
//! marks it) that reaches no op
//! that could give it another name ([`escapes`]: a call, a select, a loop's
//! or branch's value) and that no other load of the body reads, through a
//! view either, and `OP` one of `arith.minimumf`,
//! `maximumf`, `minnumf`, `maxnumf` (the loaded value used by `OP` only);
//! holds otherwise only `arith`, `math`, `memref.load` and `memref.dim`
//! ops, calls of functions made of `arith` and `math` ops,
//! `memref.prefetch` and `cf.assert` (`--check-bounds`' checks); and
//! gathers. It becomes:
//!
//! ```text
//! scf.if (lo < hi) {
//!   ... v at hi - 1, with its checks
//!   %old = memref.load B[I]
//!   %r:3 = scf.while (%p = lo, %a = v, %b = %old) {    // while p < hi - 1
//!     ... v at %p, with the body's prefetches and checks; %a' = OP(%a, v)
//!     ... v at %p + 1, with its checks;                 %b' = OP(%b, v)
//!     scf.yield %p + 2, %a', %b'
//!   } attributes {loop_annotation = <vectorize disable>}
//!   memref.store OP(%r#1, %r#2), B[I]
//! }
//! ```
//!
//! The last position starts the first accumulator, so a count of positions
//! that is odd needs no epilogue: where it is even, the last position is
//! taken twice, which by idempotence changes nothing. (An epilogue `scf.if`
//! for the odd position made R-MAT's rows, whose counts' parities the
//! branch predictor cannot know, 10% slower than the loop as it was at L2;
//! combining the last position after the loop lengthened each row's chain
//! by one op, 25% slower on 8 entries a row.) The `scf.while`'s result, its
//! index after the last position, is `lo < hi ? hi : lo`. The loop compares
//! its position with `hi - 1`, not `p + 1` with `hi`, which would wrap
//! where `hi` is the comparison's largest value.
//!
//! LLVM is told not to vectorize the new loop: it otherwise does, with
//! gathers, which was slower than the two scalar chains in C (0.031 against
//! 0.010 ms at 2,000 rows). A loop that reads its buffers in order without
//! gathering (a row's minimum over its stored values) is left to LLVM,
//! which vectorizes it with plain loads.
//!
//! Runs on the `scf` and `memref` form right after `prefetch-streams` (so
//! both copies of a versioned nest are taken).

use crate::counted::Counted;
use crate::ir::{
    block_region, callee, collect, computed_from, constant, copy_with, defined_inside, defining_op, edit, erase, escapes, is_allocation,
    name, only_block, rebuild, replace_uses, users, value_key, viewed, StillUsed, GATHER_DEPTH,
};
use crate::place::Place;
use melior::{
    dialect::{arith, memref, scf},
    ir::{
        block::BlockLike,
        operation::{OperationLike, OperationMutLike},
        Attribute, BlockRef, Location, Operation, OperationRef, Region, RegionLike, Type, Value, ValueLike,
    },
    Context,
};
use sparse_dialects::verify::emit_error;
use std::collections::{HashMap, HashSet};

module_pass!(
    InterleaveReductions,
    "interleave-reductions",
    "Run an innermost loop that gathers and reduces by a float minimum or maximum two positions at a time, into two accumulators",
    run
);

/// The reductions this pass interleaves: exact, associative, commutative
/// and idempotent.
const INTERLEAVED: &[&str] = &["arith.minimumf", "arith.maximumf", "arith.minnumf", "arith.maxnumf"];

/// What LLVM is told of the interleaved loop: not to vectorize it.
const NOT_VECTORIZED: &str = "#llvm.loop_annotation<vectorize = #llvm.loop_vectorize<disable = true>>";

fn run<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> bool {
    let loops = collect(module, |op| matches!(name(op).as_str(), "scf.for" | "scf.while"));
    let mut interleaved = true;
    for op in loops {
        // Matched only now, not with the others first: interleaving an
        // earlier loop replaced the values this one may use (its result).
        let Some(reduction) = Reduction::of(op) else { continue };
        let location = op.location();
        if let Err(error) = reduction.interleave(context) {
            emit_error(location, &format!("interleave-reductions: {error}"));
            interleaved = false;
        }
    }
    interleaved
}

/// A loop this pass takes: it steps `index` from `lower` while
/// `compare(index, upper)` holds, through the ops of its body (`body` and
/// `ops`, its terminator last), whose `combine` of the value `combined`
/// reduces into the location `load` reads and `store` writes.
struct Reduction<'c, 'a> {
    op: OperationRef<'c, 'a>,
    index: Value<'c, 'a>,
    body: BlockRef<'c, 'a>,
    ops: Vec<OperationRef<'c, 'a>>,
    lower: Value<'c, 'a>,
    upper: Value<'c, 'a>,
    /// The loop's comparison (`scf.while`'s), or `None`: `scf.for`'s.
    compare: Option<OperationRef<'c, 'a>>,
    combine: OperationRef<'c, 'a>,
    combined: Value<'c, 'a>,
    store: OperationRef<'c, 'a>,
}

impl<'c: 'a, 'a> Reduction<'c, 'a> {
    fn of(op: OperationRef<'c, 'a>) -> Option<Self> {
        // Stepped by 1, carrying nothing but the index.
        let Counted { lower, upper, step, induction: index, body, compare, .. } = Counted::of(op)?;
        if constant(step) != Some(1) || (name(op) == "scf.for" && op.operand_count() != 3) {
            return None;
        }
        let body = op.region(body).ok()?.first_block()?;
        let ops: Vec<OperationRef> = std::iter::successors(body.first_operation(), |op| op.next_in_block()).collect();
        let terminator = *ops.last()?;
        let stores: Vec<OperationRef> = ops.iter().copied().filter(|op| name(*op) == "memref.store").collect();
        let [store] = stores[..] else { return None };
        let combine = defining_op(store.operand(0).ok()?)?;
        if !INTERLEAVED.contains(&name(combine).as_str()) || combine.block() != Some(body) || single_user(combine)? != store {
            return None;
        }
        let buffer = store.operand(1).ok()?;
        let location: Vec<Value> = store.operands().skip(2).collect();
        let (load, combined) = (0..2).find_map(|at| {
            let load = defining_op(combine.operand(at).ok()?)?;
            let same =
                name(load) == "memref.load" && load.operand(0).ok()? == buffer && load.operands().skip(1).eq(location.iter().copied());
            (same && load.block() == Some(body) && single_user(load)? == combine).then_some((load, combine.operand(1 - at).ok()?))
        })?;
        // Only `buffer` and its views name its memory (it is the function's
        // own and reaches no op that could name it otherwise), and no other
        // load of the body reads them.
        let own = defining_op(buffer).is_some_and(is_allocation) && !escapes(buffer);
        if location.iter().any(|&at| defined_inside(at, op)) || !own {
            return None;
        }
        let loads: Vec<OperationRef> = ops.iter().copied().filter(|&inner| name(inner) == "memref.load" && inner != load).collect();
        let loaded: Vec<Value> = loads.iter().filter_map(|load| load.result(0).ok().map(Value::from)).collect();
        let gathers = loads.iter().any(|load| load.operands().skip(1).any(|at| computed_from(at, &loaded, op, GATHER_DEPTH)));
        let reads_buffer = loads.iter().any(|load| load.operand(0).is_ok_and(|read| viewed(read) == buffer));
        let allowed = ops.iter().all(|&inner| [terminator, store, load].contains(&inner) || (inner.region_count() == 0 && copied(inner)));
        (gathers && !reads_buffer && allowed).then_some(Reduction { op, index, body, ops, lower, upper, compare, combine, combined, store })
    }

    /// Replaces the loop as the module's comment shows.
    fn interleave(&self, context: &'c Context) -> Result<(), StillUsed> {
        let location = self.op.location();
        let outside = Place::before(self.op).expect("a loop is in a block");
        let one = outside.index(1, context, location);
        let two = outside.index(2, context, location);
        let visits = outside.value(self.comparison(self.lower, self.upper, context, location));
        let visited = outside.put(scf::r#if(visits, &[], block_region(&[], location), Region::new(), location));
        let inside = Place::End(only_block(visited, 0));
        let buffer = self.store.operand(1).expect("a store has a buffer");
        let at: Vec<Value> = self.store.operands().skip(2).collect();
        // The last position starts the first accumulator: it is taken twice
        // where the count is even, which by idempotence changes nothing, and
        // the loop needs no epilogue. Its copy comes first, so that its
        // checks (of the reduced location too) run before any load.
        let last = inside.value(arith::subi(self.upper, one, location));
        let value = self.copy_body(inside, last, false, context);
        let start = inside.value(memref::load(buffer, &at, location));
        let types = [Type::index(context), start.r#type(), start.r#type()];
        let regions = || block_region(&types, location);
        let interleaved = inside.put(scf::r#while(&[self.lower, value, start], &types, regions(), regions(), location));
        let annotation = Attribute::parse(context, NOT_VECTORIZED).expect("a valid loop annotation");
        edit(interleaved).set_discardable_attribute("loop_annotation", annotation);

        // `p < last`, not `p + 1 < upper`: `p + 1` could wrap where `upper`
        // is the largest value of the comparison.
        let test = only_block(interleaved, 0);
        let carried: Vec<Value> = (0..3).map(|at| test.argument(at).expect("three arguments").into()).collect();
        let more = Place::End(test).value(self.comparison(carried[0], last, context, location));
        Place::End(test).put(scf::condition(more, &carried, location));

        let step = only_block(interleaved, 1);
        let place = Place::End(step);
        let [position, first, second]: [Value; 3] = std::array::from_fn(|at| step.argument(at).expect("three arguments").into());
        let value = self.copy_body(place, position, true, context);
        let first = place.value(self.combination(first, value, context));
        let following = place.value(arith::addi(position, one, location));
        let value = self.copy_body(place, following, false, context);
        let second = place.value(self.combination(second, value, context));
        let after = place.value(arith::addi(position, two, location));
        place.put(scf::r#yield(&[after, first, second], location));

        let [first, second]: [Value; 2] = std::array::from_fn(|at| interleaved.result(at + 1).expect("three results").into());
        let total = inside.value(self.combination(first, second, context));
        inside.put(memref::store(total, buffer, &at, location));
        inside.put(scf::r#yield(&[], location));
        if let Some(result) = self.op.results().next().filter(|result| !users((*result).into()).is_empty()) {
            let end = outside.value(arith::select(visits, self.upper, self.lower, location));
            replace_uses(result.into(), end);
        }
        erase(self.op)
    }

    /// Whether `position` is before `bound`, as the loop compares.
    fn comparison(&self, position: Value<'c, 'a>, bound: Value<'c, 'a>, context: &'c Context, location: Location<'c>) -> Operation<'c> {
        match self.compare {
            Some(compare) => rebuild(compare, &[position, bound], context).expect("a comparison has no regions"),
            None => arith::cmpi(context, arith::CmpiPredicate::Slt, position, bound, location),
        }
    }

    /// The reduction's op on `accumulator` and `value`, with its attributes.
    fn combination(&self, accumulator: Value<'c, 'a>, value: Value<'c, 'a>, context: &'c Context) -> Operation<'c> {
        rebuild(self.combine, &[accumulator, value], context).expect("a reduction has no regions")
    }

    /// Copies at `place` the ops of the body that compute the combined
    /// value at `position` and its checks (`cf.assert`), and its prefetches
    /// where `prefetching`; returns the copy of the combined value.
    fn copy_body(&self, place: Place<'c, 'a>, position: Value<'c, 'a>, prefetching: bool, context: &'c Context) -> Value<'c, 'a> {
        let kept = |op: OperationRef| name(op) == "cf.assert" || (prefetching && name(op) == "memref.prefetch");
        let mut needed: HashSet<usize> = HashSet::new();
        let mut pending: Vec<Value> = vec![self.combined];
        pending.extend(self.ops.iter().filter(|&&op| kept(op)).flat_map(|op| op.operands()));
        while let Some(value) = pending.pop() {
            let Some(owner) = defining_op(value) else { continue };
            if owner.block() == Some(self.body) && needed.insert(value_key(value)) {
                pending.extend(owner.operands());
            }
        }
        let mut inside: HashMap<usize, Value> = HashMap::from([(value_key(self.index), position)]);
        let used = |op: &&OperationRef| kept(**op) || op.results().any(|result| needed.contains(&value_key(result.into())));
        for &op in self.ops.iter().filter(used) {
            let copy = place.put(copy_with(op, &mut inside, &|value| value, context).expect("a body op has no regions"));
            for (old, new) in op.results().zip(copy.results()) {
                inside.insert(value_key(old.into()), new.into());
            }
        }
        inside.get(&value_key(self.combined)).copied().unwrap_or(self.combined)
    }
}

/// The only op that uses `op`'s single result, if it has one result used once.
fn single_user<'c, 'a>(op: OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    (op.result_count() == 1).then_some(())?;
    match users(op.result(0).ok()?.into())[..] {
        [user] => Some(user),
        _ => None,
    }
}

/// Whether the body's `op` may be copied: `arith` and `math` ops, loads and
/// sizes of buffers, calls of functions made of `arith` and `math` ops,
/// prefetches and checks.
fn copied(op: OperationRef) -> bool {
    let arithmetic = |op: OperationRef| {
        let name = name(op);
        name.starts_with("arith.") || name.starts_with("math.")
    };
    match name(op).as_str() {
        "memref.load" | "memref.dim" | "memref.prefetch" | "cf.assert" => true,
        "func.call" => callee(op).is_some_and(|function| {
            let ops = collect(function, |inner| inner != function);
            ops.iter().any(|&inner| arithmetic(inner)) && ops.iter().all(|&inner| arithmetic(inner) || name(inner) == "func.return")
        }),
        _ => arithmetic(op),
    }
}
