//! `unroll-short-tails`: the tail of a merge (the loop that walks what is
//! left of one driver's segment once the merge before it stopped) gets a
//! copy for tails of at most [`SHORT_TAIL`] entries, its steps unrolled
//! and nested, each run where the one before it found an entry left.
//!
//! A tail that copies entries into a result (a union's: SpAdd's rows) is
//! a loop LLVM's loop-idiom pass turns into `memcpy` calls, one per copied
//! array (the coordinates and the values). Where two segments of similar
//! length merge, a tail holds an entry or two: the calls cost more than
//! the copy. The unrolled copy has no loop, so no call is formed; a longer
//! tail runs the loop as it was, whose calls pay off.
//!
//! ```text
//! %r = scf.if (end - start <= K) {
//!   scf.if (start < end) { body at start
//!     scf.if (start + 1 < end) { body at start + 1 ... } }
//!   scf.yield maxui(start, end)
//! } else { the loop, marked; scf.yield its result }
//! ```
//!
//! `end - start` wraps around where a tail starts past its end (it never
//! does in well-formed data), and the loop runs. The unrolled copy writes
//! memory in the loop's order and yields where the loop stops, so the
//! results are the same bit for bit.
//!
//! A loop is taken when it is a counted `scf.while` ([`Counted`]) carrying
//! one index `p`, whose test is `p < end` (`ult`, `end` defined outside it)
//! forwarding `p`, whose body yields `p + 1`, holds no op with regions or
//! successors and at most [`BODY_LIMIT`] ops besides its yield, and copies:
//! a load at `p` whose value (through integer casts or not) a store
//! writes. It is a tail when it starts at a
//! result of the `scf.while` or `scf.if` of two results before it in its
//! block: a merge of two drivers, or the choice between a merge's copies
//! that `branch-merges` makes. What is left of a row once the other of two
//! rows of similar length ended is short; after a loop of three drivers or
//! more that ends with the first of them (`(A ∩ B) ∪ C`, where the
//! intersection ends early), the tail is most of a row, which `memcpy`
//! suits: unrolled there, `A · B + C` was slower (28.4–34.5 µs against
//! 26.5–27.8 µs at the L2 size).
//! The loop kept is marked ([`KEPT`]), so a second run changes nothing.
//!
//! Runs on the `scf` and `memref` form, after `branch-merges`.

use crate::counted::Counted;
use crate::ir::{
    block_ops, block_region, collect, constant, copy_with, defining_op, edit, erase, name, only_block, only_block_of, predicate,
    replace_uses, users, value_key, StillUsed, PREDICATE_ULT,
};
use crate::place::Place;
use melior::{
    dialect::{arith, scf},
    ir::{
        block::BlockLike,
        operation::{OperationLike, OperationMutLike},
        Attribute, BlockRef, OperationRef, Region, Type, Value,
    },
    Context,
};
use sparse_dialects::verify::emit_error;
use std::collections::HashMap;

module_pass!(
    UnrollShortTails,
    "unroll-short-tails",
    "Give a merge's tail loop an unrolled copy that runs where the tail is short, so that LLVM calls no memcpy for an entry or two",
    run
);

/// The attribute that marks the loop this pass kept beside its unrolled copy.
pub const KEPT: &str = "sparse.short_tails_unrolled";

/// The most entries a tail's unrolled copy takes.
pub const SHORT_TAIL: i64 = 8;

/// The most ops a tail's body may hold besides its yield: they are copied
/// [`SHORT_TAIL`] times.
pub const BODY_LIMIT: usize = 40;

/// Integer casts a copied value may pass through between its load and its
/// store.
const CASTS: &[&str] = &["arith.index_cast", "arith.index_castui", "arith.extui", "arith.extsi", "arith.trunci"];

fn run<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> bool {
    // A tail holds no loop, so unrolling one frees no other candidate.
    let candidates = collect(module, |op| name(op) == "scf.while" && op.attribute(KEPT).is_err());
    let mut unrolled = true;
    for op in candidates {
        let Some(tail) = Tail::of(op) else { continue };
        let location = op.location();
        if let Err(error) = tail.unroll(context) {
            emit_error(location, &format!("unroll-short-tails: {error}"));
            unrolled = false;
        }
    }
    unrolled
}

/// A tail this pass takes: the `scf.while` `op`, which runs its body
/// `body` from its one carried position up to `end`.
struct Tail<'c, 'a> {
    op: OperationRef<'c, 'a>,
    end: Value<'c, 'a>,
    body: BlockRef<'c, 'a>,
}

impl<'c: 'a, 'a> Tail<'c, 'a> {
    fn of(op: OperationRef<'c, 'a>) -> Option<Self> {
        // A counted `scf.while` from `start` to `end` by one, compared
        // unsigned.
        let counted = Counted::of(op).filter(|counted| name(op) == "scf.while" && constant(counted.step) == Some(1))?;
        if counted.compare.and_then(predicate) != Some(PREDICATE_ULT) {
            return None;
        }
        // After a merge of two drivers (its two positions), not of more.
        let before = defining_op(counted.lower)?;
        let merge = matches!(name(before).as_str(), "scf.while" | "scf.if") && before.result_count() == 2;
        if !merge || before.block() != op.block() {
            return None;
        }
        let body = only_block_of(op, 1)?;
        let ops = block_ops(body);
        let flat = ops.iter().all(|inner| inner.region_count() == 0 && inner.successor_count() == 0);
        // The yield is not copied.
        let copied = ops.len().saturating_sub(1);
        (flat && copied <= BODY_LIMIT && copies(&ops, counted.induction)).then_some(Tail { op, end: counted.upper, body })
    }

    /// Replaces the loop by the choice of its unrolled copy and itself.
    fn unroll(&self, context: &'c Context) -> Result<(), StillUsed> {
        let location = self.op.location();
        let outside = Place::before(self.op).expect("a loop is in a block");
        let start = self.op.operand(0).expect("a carried start");
        let index = Type::index(context);
        let length = outside.value(arith::subi(self.end, start, location));
        let most = outside.index(SHORT_TAIL, context, location);
        let short = outside.value(arith::cmpi(context, arith::CmpiPredicate::Ule, length, most, location));
        let choice = outside.put(scf::r#if(short, &[index], block_region(&[], location), block_region(&[], location), location));

        let unrolled = Place::End(only_block(choice, 0));
        let argument: Value = self.body.argument(0).expect("a carried position").into();
        let (yielded, body_ops) = block_ops(self.body).split_last().map(|(last, ops)| (*last, ops.to_vec())).expect("a body has a yield");
        let next = yielded.operand(0).expect("the next position");
        let mut place = unrolled;
        let mut position = start;
        let mut guarded = Vec::new();
        for _ in 0..SHORT_TAIL {
            let left = place.value(arith::cmpi(context, arith::CmpiPredicate::Ult, position, self.end, location));
            let guard = place.put(scf::r#if(left, &[], block_region(&[], location), Region::new(), location));
            place = Place::End(only_block(guard, 0));
            guarded.push(place);
            let mut inside: HashMap<usize, Value> = HashMap::from([(value_key(argument), position)]);
            for &op in &body_ops {
                let copy = place.put(copy_with(op, &mut inside, &|value| value, context).expect("a flat op copies"));
                for (old, new) in op.results().zip(copy.results()) {
                    inside.insert(value_key(old.into()), new.into());
                }
            }
            // The body's `p + 1`, copied: where the next step starts.
            position = inside[&value_key(next)];
        }
        for place in guarded {
            place.put(scf::r#yield(&[], location));
        }
        let stop = unrolled.value(arith::maxui(start, self.end, location));
        unrolled.put(scf::r#yield(&[stop], location));

        let kept = Place::End(only_block(choice, 1));
        let copy = kept.put(copy_with(self.op, &mut HashMap::new(), &|value| value, context).expect("a loop of flat ops copies"));
        edit(copy).set_discardable_attribute(KEPT, Attribute::unit(context));
        kept.put(scf::r#yield(&[copy.result(0).expect("one result").into()], location));
        replace_uses(self.op.result(0).expect("one result").into(), choice.result(0).expect("one result").into());
        erase(self.op)
    }
}

/// Whether `ops` store a value they load at `position` (through casts or
/// not): a copy, which LLVM would make a `memcpy` call.
fn copies(ops: &[OperationRef], position: Value) -> bool {
    ops.iter().filter(|op| name(**op) == "memref.load" && op.operand(op.operand_count() - 1).ok() == Some(position)).any(|load| {
        let mut pending: Vec<Value> = load.results().map(Value::from).collect();
        while let Some(value) = pending.pop() {
            for user in users(value) {
                match name(user).as_str() {
                    "memref.store" if user.operand(0).ok() == Some(value) => return true,
                    cast if CASTS.contains(&cast) => pending.extend(user.results().map(Value::from)),
                    _ => {}
                }
            }
        }
        false
    })
}
