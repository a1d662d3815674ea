//! Reductions into a shared buffer: a loop whose iterations combine values
//! into locations of a buffer that several of them may reach (CSC SpMV's
//! `y[crd[p]] += A[p] · x[j]` over the columns `j`), by a function declared
//! associative and commutative, runs on threads that each reduce into a
//! copy of their own, combined into the buffer after.
//!
//! Each thread's copy starts at the function's identity (`-0` for
//! `arith.addf`, `1` for `mulf`, `∓∞` for `maximumf`/`minimumf`, NaN for
//! `maxnumf`/`minnumf`, and the integer ops' own: [`COMBINES`]); the iterations are split among the threads
//! statically (contiguous runs, one per thread, of about equal cost), so
//! each element's partial results, and the order they are combined in
//! (the buffer's value, then thread 0's, thread 1's, ...), depend only on
//! the number of threads: the same threads give the same bits on every
//! run. Against one thread the reductions are reassociated, which the
//! declared properties allow: a sum may round differently, usually in its
//! last bits, more where many terms are far below the running total (which
//! a sequential sum drops and a partial sum keeps), and a product may
//! overflow or underflow where the sequential one does not, as any
//! reordering of float operations may; integer reductions give the same
//! bits in any order. 16-bit floats keep their order
//! (their sums saturate after a few thousand terms). An op whose fast-math
//! flags promise no NaN (`nnan`, `fast`) or no infinity (`ninf`) keeps its
//! order where its identity is one (`maxnumf`'s NaN, `maximumf`'s `-∞`),
//! which would make the combination poison.
//!
//! The copies take `threads · n` elements (`n` the buffer's), which must fit
//! in [`MAX_COPIES_BYTES`], and clearing and combining them costs about
//! `(threads + 2) · n` steps: the loop runs in parallel only where its work
//! (the cost [`super::runs`] weighs rows by, or its iterations) is at least
//! that, and at least [`MIN_WORK`], else in order on one thread, as it did.

use crate::cfir_to_scf::Emitter;
use crate::ir::{collect, defining_op, is_within, name, users};
use crate::place::Place;
use melior::{
    dialect::{arith, memref},
    ir::{
        attribute::{FloatAttribute, IntegerAttribute},
        block::BlockLike,
        operation::{OperationBuilder, OperationLike, OperationMutLike},
        r#type::{IntegerType, MemRefType},
        Location, OperationRef, ShapedTypeLike, Type, TypeLike, Value, ValueLike,
    },
    Context,
};

/// The identity of an op a reduction combines by.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Identity {
    Float(f64),
    /// Of an integer op, in every width: 0, 1, all ones, the least and the
    /// greatest signed integer.
    Zero,
    One,
    AllOnes,
    SignedMin,
    SignedMax,
}

impl Identity {
    /// The identity in a `width`-bit integer, as an `i64` whose low bits
    /// are its bits (the rest its sign's).
    fn integer(self, width: u32) -> Option<i64> {
        let highest = 1i64.checked_shl(width - 1)?;
        match self {
            Identity::Float(_) => None,
            Identity::Zero => Some(0),
            Identity::One => Some(1),
            Identity::AllOnes => Some(-1),
            Identity::SignedMin => Some(highest.wrapping_neg()),
            Identity::SignedMax => Some(highest.wrapping_sub(1)),
        }
    }
}

/// The ops a reduction may combine by, with their identities. The integer
/// ops are those `cfir-to-scf` inlines a reduction as (`reassociate.rs`):
/// any order of them gives the same bits.
const COMBINES: [(&str, Identity); 15] = [
    ("arith.addf", Identity::Float(-0.0)),
    ("arith.mulf", Identity::Float(1.0)),
    ("arith.maximumf", Identity::Float(f64::NEG_INFINITY)),
    ("arith.minimumf", Identity::Float(f64::INFINITY)),
    ("arith.maxnumf", Identity::Float(f64::NAN)),
    ("arith.minnumf", Identity::Float(f64::NAN)),
    ("arith.addi", Identity::Zero),
    ("arith.muli", Identity::One),
    ("arith.andi", Identity::AllOnes),
    ("arith.ori", Identity::Zero),
    ("arith.xori", Identity::Zero),
    ("arith.maxsi", Identity::SignedMin),
    ("arith.minsi", Identity::SignedMax),
    ("arith.maxui", Identity::Zero),
    ("arith.minui", Identity::AllOnes),
];

/// The bytes each thread's copy is rounded up to, a cache line's: no two
/// threads' copies share a line.
const COPY_ALIGNMENT: i64 = 64;

/// The most bytes the threads' copies of the reduced buffers may take.
pub(super) const MAX_COPIES_BYTES: i64 = 1 << 30;

/// The least work worth reducing into copies for, whatever the buffers'
/// size: on 2 threads of this machine, SpMV over COO at the L2 size (2,000
/// rows, 10,000–32,000 entries, a COO entry's cost 1) ran 0.76× on 5
/// entries a row, 1.07–1.34× on 7–16 (`sparse-bench --thread-scaling`).
pub(super) const MIN_WORK: i64 = 1 << 16;

/// A buffer a loop reduces into, at locations several iterations may reach.
pub(super) struct Reduction<'c, 'a> {
    pub(super) buffer: Value<'c, 'a>,
    /// The op that combines (an `arith` op of [`COMBINES`]).
    combine: &'static str,
    identity: Identity,
    element: Type<'c>,
}

impl<'c: 'a, 'a> Reduction<'c, 'a> {
    /// The reduction into `buffer` (rank 1, identity layout, `f32`, `f64`
    /// or an integer of 8, 16, 32 or 64 bits) when every op of `loop_op` that takes it is either the load
    /// of an old value that `cfir-to-scf` marks [`super::REDUCTION`], read
    /// by nothing but one op of [`COMBINES`] (the same op for all) with
    /// another value, or the store of that op's result, read by nothing
    /// else, at the load's indices, the three in one block; and no op's
    /// fast-math flags exclude its identity.
    pub(super) fn of(buffer: Value<'c, 'a>, loop_op: OperationRef<'c, 'a>) -> Option<Self> {
        let r#type = MemRefType::try_from(buffer.r#type()).ok()?;
        let element = r#type.element();
        if r#type.rank() != 1 || !super::identity_layout(buffer) || element_bytes(element).is_none() {
            return None;
        }
        let accesses: Vec<OperationRef> = users(buffer).into_iter().filter(|user| is_within(*user, loop_op)).collect();
        let mut combine: Option<(&'static str, Identity)> = None;
        let mut combined_loads = Vec::new();
        for store in accesses.iter().filter(|access| name(**access) == "memref.store") {
            let value = store.operand(0).ok()?;
            let op = defining_op(value)?;
            let &(op_name, identity) = COMBINES.iter().find(|(combines, _)| name(op) == *combines)?;
            if !admits(op, identity) {
                return None;
            }
            if combine.replace((op_name, identity)).is_some_and(|(other, _)| other != op_name) {
                return None;
            }
            let operands: Vec<Value> = op.operands().collect();
            let old = |candidate: Value<'c, 'a>| -> Option<OperationRef<'c, 'a>> {
                let load = defining_op(candidate)?;
                let at_same = load.operands().skip(1).eq(store.operands().skip(2));
                let marked = name(load) == "memref.load" && load.attribute(super::REDUCTION).is_ok();
                (marked && load.operand(0).ok()? == buffer && at_same).then_some(load)
            };
            let load = match operands[..] {
                [left, right] if left != right => old(left).or_else(|| old(right))?,
                _ => return None,
            };
            let single_use = |op: OperationRef| op.result(0).is_ok_and(|result| users(result.into()).len() == 1);
            let one_block = load.block() == op.block() && op.block() == store.block();
            if !single_use(load) || !single_use(op) || !one_block {
                return None;
            }
            combined_loads.push(load);
        }
        let (combine, identity) = combine?;
        let only_these = accesses.iter().all(|access| name(*access) == "memref.store" || combined_loads.contains(access));
        only_these.then_some(Reduction { buffer, combine, identity, element })
    }

    /// The element's width in bytes.
    fn bytes(&self) -> i64 {
        element_bytes(self.element).expect("an element of a reduction's width")
    }
}

/// The width in bytes of the elements a reduction into copies takes: `f32`,
/// `f64` and integers of 8, 16, 32 or 64 bits (not 16-bit floats, whose
/// sums saturate after a few thousand terms, nor `i1`).
fn element_bytes(element: Type) -> Option<i64> {
    if element.is_f32() || element.is_f64() {
        return Some(if element.is_f32() { 4 } else { 8 });
    }
    let width = IntegerType::try_from(element).ok()?.width();
    matches!(width, 8 | 16 | 32 | 64).then_some(i64::from(width / 8))
}

/// Whether `op`'s fast-math flags admit `identity` as an operand: no
/// `nnan` or `fast` for a NaN, no `ninf` or `fast` for an infinity.
fn admits(op: OperationRef, identity: Identity) -> bool {
    let Identity::Float(identity) = identity else { return true };
    let flags = op.attribute("fastmath").map(|flags| flags.to_string()).unwrap_or_default();
    let has = |flag: &str| flags.split(|c: char| !c.is_ascii_alphanumeric()).any(|word| word == flag || word == "fast");
    !(identity.is_nan() && has("nnan") || identity.is_infinite() && has("ninf"))
}

/// The condition, put at `place`, that the reductions are worth running in
/// parallel with copies for `threads` threads: the copies within
/// [`MAX_COPIES_BYTES`], more than one thread, and `work` at least the
/// copies' `(threads + 2) · n` steps and [`MIN_WORK`] (waived where the
/// least number of iterations is set by hand: `by_hand`).
pub(super) fn worth<'c: 'a, 'a>(
    build: &Emitter<'c>,
    place: Place<'c, 'a>,
    reductions: &[Reduction<'c, 'a>],
    threads: Value<'c, 'a>,
    (work, by_hand): (Value<'c, 'a>, bool),
    location: Location<'c>,
) -> Value<'c, 'a> {
    let zero = build.index(place, 0);
    let (mut elements, mut bytes) = (zero, zero);
    for reduction in reductions {
        let length = place.value(memref::dim(reduction.buffer, zero, location));
        elements = build.add(place, elements, length);
        bytes = build.add(place, bytes, build.mul(place, length, build.index(place, reduction.bytes())));
    }
    // The buffers' bytes are compared with 2^30 before their product with
    // the threads (below 2^31) is: where they are not above, the product
    // does not overflow, and where they are, it is not needed (wrapping,
    // `arith.muli` without flags, is defined).
    let small = build.compare(place, arith::CmpiPredicate::Sle, bytes, build.index(place, MAX_COPIES_BYTES));
    let copies = build.mul(place, bytes, threads);
    let fits = build.compare(place, arith::CmpiPredicate::Sle, copies, build.index(place, MAX_COPIES_BYTES));
    let several = build.compare(place, arith::CmpiPredicate::Sge, threads, build.index(place, 2));
    if by_hand {
        return build.and(place, &[small, fits, several]);
    }
    let steps = build.mul(place, elements, build.add(place, threads, build.index(place, 2)));
    let least = build.max(place, steps, build.index(place, MIN_WORK));
    let enough = build.compare(place, arith::CmpiPredicate::Sge, work, least);
    build.and(place, &[small, fits, several, enough])
}

/// Gives each thread of `parallel` (an `omp.parallel` whose region holds
/// the worksharing loop `wsloop`, whose calls pass the reduced buffers) a
/// copy of each buffer of `reductions` to reduce into, cleared to the
/// identity before the loop, and combines the copies into the buffer after
/// it, in the threads' order, on all the threads (a worksharing loop over
/// the buffer). The copies of `threads` threads (the most a team has) are
/// one allocation before the region, freed after it, each copy rounded up
/// to whole cache lines.
pub(super) fn reduce_into_copies<'c: 'a, 'a>(
    build: &Emitter<'c>,
    parallel: OperationRef<'c, 'a>,
    wsloop: OperationRef<'c, 'a>,
    reductions: &[Reduction<'c, 'a>],
    threads: Value<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<(), String> {
    let parent = parallel.block().ok_or("an omp.parallel in no block")?;
    let outside = Place::Before(parent, parallel);
    let team = wsloop.block().ok_or("a worksharing loop in no block")?;
    let before_loop = Place::Before(team, wsloop);
    let thread = super::openmp::openmp_count(build, before_loop, super::openmp::THREAD_NUM, context, location)?;
    let end_of_team = Place::Before(team, team.terminator().ok_or("an omp.parallel without its terminator")?);
    let team_size = super::openmp::openmp_count(build, end_of_team, super::openmp::NUM_THREADS, context, location)?;
    for reduction in reductions {
        let zero = build.index(outside, 0);
        let length = outside.value(memref::dim(reduction.buffer, zero, location));
        let width = build.index(outside, reduction.bytes());
        // Each copy starts a cache line of its own, `stride` elements after
        // the one before: copies of one element (a sum into a 0-d result)
        // shared a line, which every addition then moved between the cores
        // (0.49× on 2 threads).
        let line = build.index(outside, COPY_ALIGNMENT);
        let lines =
            build.div(outside, build.add(outside, build.mul(outside, length, width), build.index(outside, COPY_ALIGNMENT - 1)), line);
        let stride = build.div(outside, build.mul(outside, lines, line), width);
        let elements = build.mul(outside, stride, threads);
        let bytes_type = MemRefType::new(IntegerType::new(context, 8).into(), &[i64::MIN], None, None);
        let copies = build.aligned_alloc(outside, bytes_type, &[build.mul(outside, elements, width)]);
        parent.insert_operation_after(parallel, memref::dealloc(copies, location));
        // This thread's copy, as a buffer of the reduced one's type.
        let r#type = MemRefType::try_from(reduction.buffer.r#type()).map_err(|error| error.to_string())?;
        let dynamic = r#type.dim_size(0).is_ok_and(|size| size == melior::ir::r#type::DimSize::Dynamic);
        let shift = build.mul(before_loop, build.mul(before_loop, thread, stride), width);
        let mine = view(before_loop, copies, shift, if dynamic { Some(length) } else { None }, r#type, location)?;
        let identity = constant(before_loop, reduction, context, location)?;
        build.for_range(before_loop, build.index(before_loop, 0), length, |body, index| {
            build.store(Place::End(body), identity, mine, index)
        });
        for call in collect(wsloop, |op| name(op) == "func.call") {
            crate::ir::edit(call).replace_uses_of_with(reduction.buffer, mine);
        }
        // The copies combined into the buffer, element by element.
        let flat = MemRefType::new(reduction.element, &[i64::MIN], None, None);
        let all = view(end_of_team, copies, build.index(end_of_team, 0), Some(elements), flat, location)?;
        let bounds = [build.index(end_of_team, 0), length, build.index(end_of_team, 1)];
        let (at, index) = super::shared_loop(end_of_team, bounds, context, location)?;
        build.for_range(at, build.index(at, 0), team_size, |body, other| {
            let here = Place::End(body);
            let theirs = build.load(here, all, build.add(here, build.mul(here, other, stride), index));
            let old = build.load(here, reduction.buffer, index);
            let combined = here.value(
                OperationBuilder::new(reduction.combine, location)
                    .add_operands(&[old, theirs])
                    .add_results(&[reduction.element])
                    .build()
                    .expect("a float op of two operands"),
            );
            build.store(here, combined, reduction.buffer, index);
        });
        super::end_iteration(at, location)?;
    }
    Ok(())
}

/// The reduction's identity as a constant at `place`.
fn constant<'c: 'a, 'a>(
    place: Place<'c, 'a>,
    reduction: &Reduction<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Value<'c, 'a>, String> {
    let value = match (reduction.identity, IntegerType::try_from(reduction.element)) {
        (Identity::Float(value), _) => FloatAttribute::new(context, reduction.element, value).into(),
        (identity, Ok(integer)) => {
            let bits = identity.integer(integer.width()).ok_or("a float identity for an integer reduction")?;
            IntegerAttribute::new(reduction.element, bits).into()
        }
        (_, Err(_)) => return Err("an integer identity for a float reduction".into()),
    };
    Ok(place.value(arith::constant(context, value, location)))
}

/// `memref.view` of the bytes `copies` from `shift` on as `r#type` (its
/// one size `length` where dynamic).
fn view<'c: 'a, 'a>(
    place: Place<'c, 'a>,
    copies: Value<'c, 'a>,
    shift: Value<'c, 'a>,
    length: Option<Value<'c, 'a>>,
    r#type: MemRefType<'c>,
    location: Location<'c>,
) -> Result<Value<'c, 'a>, String> {
    let mut operands = vec![copies, shift];
    operands.extend(length);
    let op = OperationBuilder::new("memref.view", location)
        .add_operands(&operands)
        .add_results(&[r#type.into()])
        .build()
        .map_err(|error| format!("could not build a view of the threads' copies: {error}"))?;
    Ok(place.value(op))
}

#[cfg(test)]
mod tests {
    use super::Identity;

    #[test]
    fn integer_identities_fill_their_width() {
        assert_eq!(Identity::SignedMin.integer(8), Some(-128));
        assert_eq!(Identity::SignedMax.integer(8), Some(127));
        assert_eq!(Identity::SignedMin.integer(64), Some(i64::MIN));
        assert_eq!(Identity::SignedMax.integer(64), Some(i64::MAX));
        assert_eq!(Identity::SignedMax.integer(32), Some(i64::from(i32::MAX)));
        assert_eq!(Identity::AllOnes.integer(16), Some(-1));
        assert_eq!(Identity::One.integer(32), Some(1));
        assert_eq!(Identity::Zero.integer(64), Some(0));
        assert_eq!(Identity::Float(-0.0).integer(64), None);
    }
}
