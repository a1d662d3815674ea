//! `prefetch-streams`: an innermost loop that reads buffers position by
//! position (a sparse level's coordinates and values at its position `p`)
//! and gathers at what it reads (SpMV's `x[crd[p]]`) prefetches those
//! buffers [`DISTANCE_BYTES`] ahead, in a copy of its loop nest taken where
//! they are too large for the caches.
//!
//! Beyond the last-level cache, the hardware's prefetchers of the machine
//! the benchmarks run on did not keep such streams ahead of a loop whose
//! gathers also wait on memory: a prefetch at every iteration, 512 bytes
//! ahead in each stream, made CSR SpMV on 600,000 rows of 8 entries about
//! 1.6 times faster in C. The same instructions cost a loop whose buffers
//! sit in the caches up to a third of its speed, so the nest is versioned:
//! `scf.if` its streamed buffers hold [`THRESHOLD_BYTES`] or more together
//! runs the prefetching copy, otherwise the nest as it was (where all their
//! sizes are static, the pass decides, without a copy). A loop that streams
//! without gathering (a sum of values, a copy, a dense row) is left alone:
//! the prefetches kept LLVM from vectorizing it or making it a `memcpy`, and
//! the hardware keeps up with it.
//!
//! Runs on the `scf` and `memref` form (after `cfir-to-scf`'s clean-up and
//! `parallelize-outer-loops`, whose outlined iterations hold the loops it
//! finds). A nest (an op of a function's body) that prefetches already is
//! left as it is (so a second run changes nothing, and `cfir-to-scf`'s
//! lookahead of SpGEMM's rows stays alone), as is one holding OpenMP's ops.
//! So is a nest holding more than one loop this pass would take: in the
//! benchmarks' fused `hstack` SpMV (a row of `A`, then a row of `B`, in one
//! nest), prefetching both made it 1.3 times slower, and C showed no gain.
//! A loop is taken when it holds no loop and it steps an index by 1: an
//! `scf.for` of step 1, or an `scf.while` that forwards its values to its
//! body unchanged and yields one of them plus 1. Its streams are the
//! `memref.load`s of its body from a buffer of rank 1 defined before its
//! nest, at that index or that index plus a value defined outside the loop;
//! it gathers when another load of its body, from a buffer not known to be
//! smaller than [`CACHED_GATHER_BYTES`], has an index computed from a
//! streamed value (within [`GATHER_DEPTH`] ops, through no load) not known
//! to lie in a range of that size. Each
//! stream is prefetched at the index plus [`DISTANCE_BYTES`] over the
//! largest element's size of the loop's streams, at the start of the body
//! (`memref.prefetch`, a hint: it never faults, and its address is computed
//! without `inbounds`, so positions past the end of a buffer are harmless).

use crate::ir::{
    block_region, collect, computed_from, constant, defined_inside, defining_op, erase, name, only_block, replace_uses, value_key,
    StillUsed, GATHER_DEPTH,
};
use crate::parallelize_outer_loops::COORDINATES_BELOW;
use crate::place::Place;
use melior::{
    dialect::{arith, memref, scf},
    ir::{
        attribute::IntegerAttribute,
        block::BlockLike,
        operation::OperationLike,
        r#type::{DimSize, MemRefType},
        BlockRef, OperationRef, RegionLike, ShapedTypeLike, Type, TypeLike, Value, ValueLike,
    },
    Context,
};
use sparse_dialects::verify::emit_error;

module_pass!(
    PrefetchStreams,
    "prefetch-streams",
    "Prefetch the buffers an innermost loop reads position by position, in a copy of its loop nest taken when they hold 16 MiB or more",
    run
);

/// How far ahead of the loop's index each stream is prefetched, in bytes of
/// its largest element: 8 cache lines (64 positions of `f64`). Measured in
/// C on CSR SpMV beyond the last-level cache: 256 positions ahead gained
/// 40% of what 64 did.
pub const DISTANCE_BYTES: i64 = 512;

/// A nest whose streamed buffers hold this many bytes or more together takes
/// the prefetching copy: more than most machines' last-level cache gives one
/// core. Below it the prefetches cost more than they gain (CSR SpMV on
/// banded rows of 4.8 MB: 139 µs without them, 184 µs with them).
pub const THRESHOLD_BYTES: i64 = 16 << 20;

fn run<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> bool {
    let mut versioned = true;
    for nest in nests(module) {
        // The walk is found now, not with the nests: versioning an earlier
        // nest replaced the values this one may use (its results).
        let Some(walk) = only_walk(nest) else { continue };
        let location = nest.location();
        if let Err(error) = version(nest, &walk, context) {
            emit_error(location, &format!("prefetch-streams: {error}"));
            versioned = false;
        }
    }
    versioned
}

/// The ops of functions' bodies that hold exactly one loop this pass takes
/// and are not [`left_alone`], in order.
fn nests<'c, 'a>(module: OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let in_function = |op: OperationRef| op.parent_operation().is_some_and(|parent| name(parent) == "func.func");
    collect(module, in_function).into_iter().filter(|&nest| !left_alone(nest) && only_walk(nest).is_some()).collect()
}

/// A buffer an innermost loop reads at its index (plus `offset`).
struct Stream<'c, 'a> {
    buffer: Value<'c, 'a>,
    offset: Option<Value<'c, 'a>>,
    element_bytes: i64,
}

/// An innermost loop that steps `index` by 1 through `body`, and its streams.
struct Walk<'c, 'a> {
    index: Value<'c, 'a>,
    body: BlockRef<'c, 'a>,
    streams: Vec<Stream<'c, 'a>>,
}

impl<'c, 'a> Walk<'c, 'a> {
    /// `op` as a walk, streaming buffers defined before `nest`.
    fn of(op: OperationRef<'c, 'a>, nest: OperationRef<'c, 'a>) -> Option<Self> {
        let nested = |inner: OperationRef| {
            inner != op
                && (matches!(name(inner).as_str(), "scf.for" | "scf.while" | "scf.parallel" | "scf.forall")
                    || name(inner).starts_with("omp."))
        };
        if !collect(op, nested).is_empty() {
            return None;
        }
        let (index, body) = stepped_index(op)?;
        if !index.r#type().is_index() {
            return None;
        }
        let in_body = |load: &OperationRef| {
            std::iter::successors(load.block(), |block| block.parent_operation().filter(|&parent| parent != op)?.block())
                .any(|block| block == body)
        };
        let loads: Vec<OperationRef> = collect(op, |inner| name(inner) == "memref.load").into_iter().filter(in_body).collect();
        let mut streams: Vec<Stream> = Vec::new();
        let mut streamed: Vec<Value> = Vec::new();
        let mut others = Vec::new();
        for load in loads {
            let Some(stream) = (load.operand_count() == 2).then(|| stream(load, index, op, nest)).flatten() else {
                others.push(load);
                continue;
            };
            // Coordinates known to lie below a bound name a gathered range
            // that fits the cache.
            let bound =
                load.attribute(COORDINATES_BELOW).ok().and_then(|bound| IntegerAttribute::try_from(bound).ok()).map(|bound| bound.value());
            if bound.is_none_or(|bound| bound.saturating_mul(8) >= CACHED_GATHER_BYTES) {
                streamed.extend(load.result(0).ok().map(Value::from));
            }
            let key = |stream: &Stream| (value_key(stream.buffer), stream.offset.map(value_key));
            if !streams.iter().any(|seen| key(seen) == key(&stream)) {
                streams.push(stream);
            }
        }
        let gathers = others.iter().any(|load| {
            let cached = load.operand(0).ok().and_then(static_bytes).is_some_and(|bytes| bytes < CACHED_GATHER_BYTES);
            !cached && load.operands().skip(1).any(|at| computed_from(at, &streamed, op, GATHER_DEPTH))
        });
        (!streams.is_empty() && gathers).then_some(Walk { index, body, streams })
    }
}

/// A gather from a buffer of a static size below this many bytes, or at
/// coordinates `cfir-to-scf` marks below a bound whose 8-byte elements take
/// fewer bytes ([`COORDINATES_BELOW`]), is not counted: its range stays in a
/// core's L2 cache (TTV's vector of 128 values; prefetching TTV's streams
/// made it 5-10% slower).
pub const CACHED_GATHER_BYTES: i64 = 1 << 20;

/// The index an innermost-loop candidate steps by 1, and the block it
/// steps through: an `scf.for` of step 1 (its induction variable), or an
/// `scf.while` that forwards its values to its body unchanged and yields
/// one of them plus 1.
fn stepped_index<'c, 'a>(op: OperationRef<'c, 'a>) -> Option<(Value<'c, 'a>, BlockRef<'c, 'a>)> {
    match name(op).as_str() {
        "scf.for" => {
            let body = op.region(0).ok()?.first_block()?;
            (constant(op.operand(2).ok()?) == Some(1)).then_some(())?;
            Some((body.argument(0).ok()?.into(), body))
        }
        "scf.while" => {
            let before = op.region(0).ok()?.first_block()?;
            let body = op.region(1).ok()?.first_block()?;
            let condition = before.terminator()?;
            let forwarded = condition.operand_count() == before.argument_count() + 1
                && body.argument_count() == before.argument_count()
                && (0..before.argument_count()).all(|at| condition.operand(at + 1).ok() == before.argument(at).ok().map(Value::from));
            if !forwarded {
                return None;
            }
            let yielded = body.terminator()?;
            (0..body.argument_count()).find_map(|at| {
                let argument: Value = body.argument(at).ok()?.into();
                let next = defining_op(yielded.operand(at).ok()?)?;
                let stepped = name(next) == "arith.addi"
                    && matches!((next.operand(0).ok()?, next.operand(1).ok()?), (left, one) | (one, left) if left == argument && constant(one) == Some(1));
                stepped.then_some((argument, body))
            })
        }
        _ => None,
    }
}

/// `load` as a stream of the loop `op` stepping `index`: a buffer of rank 1
/// defined before `nest`, read at `index` or `index + offset` with the
/// offset defined outside the loop.
fn stream<'c, 'a>(
    load: OperationRef<'c, 'a>,
    index: Value<'c, 'a>,
    op: OperationRef<'c, 'a>,
    nest: OperationRef<'c, 'a>,
) -> Option<Stream<'c, 'a>> {
    let buffer = load.operand(0).ok()?;
    let memref = MemRefType::try_from(buffer.r#type()).ok()?;
    if memref.rank() != 1 || defined_inside(buffer, nest) {
        return None;
    }
    let element_bytes = element_bytes(memref.element())?;
    let at = load.operand(1).ok()?;
    if at == index {
        return Some(Stream { buffer, offset: None, element_bytes });
    }
    let sum = defining_op(at)?;
    if name(sum) != "arith.addi" {
        return None;
    }
    let offset = match (sum.operand(0).ok()?, sum.operand(1).ok()?) {
        (left, offset) if left == index => offset,
        (offset, right) if right == index => offset,
        _ => return None,
    };
    (!defined_inside(offset, op)).then_some(Stream { buffer, offset: Some(offset), element_bytes })
}

/// The size in bytes of a stream's element: an index, an integer of at
/// least 1 bit, or a float of 16, 32 or 64 bits.
fn element_bytes(element: Type) -> Option<i64> {
    if element.is_index() || element.is_f64() {
        return Some(8);
    }
    if element.is_f32() {
        return Some(4);
    }
    if element.is_f16() || element.is_bf16() {
        return Some(2);
    }
    let width = melior::ir::r#type::IntegerType::try_from(element).ok()?.width();
    (width > 0).then(|| i64::from(width.div_ceil(8)))
}

/// Whether `nest` is left as it is: it prefetches already (this pass's
/// versions, `cfir-to-scf`'s lookahead of the rows SpGEMM walks) or it holds
/// OpenMP's ops (`parallelize-outer-loops`'s combinations and moves, which
/// copy in order, where the hardware's prefetchers keep up).
fn left_alone(nest: OperationRef) -> bool {
    !collect(nest, |op| name(op) == "memref.prefetch" || name(op).starts_with("omp.")).is_empty()
}

/// The walk of `nest`'s loops, where exactly one of them is a walk.
fn only_walk<'c, 'a>(nest: OperationRef<'c, 'a>) -> Option<Walk<'c, 'a>> {
    let walks = collect(nest, |op| matches!(name(op).as_str(), "scf.for" | "scf.while")).into_iter().filter_map(|op| Walk::of(op, nest));
    match <[Walk; 1]>::try_from(walks.collect::<Vec<_>>()) {
        Ok([walk]) => Some(walk),
        Err(_) => None,
    }
}

/// Replaces `nest` by `scf.if` (the streamed buffers of its `walk` hold at
/// least [`THRESHOLD_BYTES`] together) of a copy of it whose walk prefetches
/// its streams, else a copy as it was; where the buffers' sizes are static,
/// the walk prefetches or not without a copy.
fn version<'c, 'a>(nest: OperationRef<'c, 'a>, walk: &Walk<'c, 'a>, context: &'c Context) -> Result<(), StillUsed> {
    let mut buffers: Vec<(Value, i64)> = Vec::new();
    for stream in &walk.streams {
        if !buffers.iter().any(|(buffer, _)| *buffer == stream.buffer) {
            buffers.push((stream.buffer, stream.element_bytes));
        }
    }
    if let Some(bytes) = buffers.iter().try_fold(0i64, |total, &(buffer, _)| Some(total.saturating_add(static_bytes(buffer)?))) {
        if bytes >= THRESHOLD_BYTES {
            prefetch(walk, context);
        }
        return Ok(());
    }
    let location = nest.location();
    let place = Place::before(nest).expect("a nest is in a block");
    let zero = place.index(0, context, location);
    let mut widths: Vec<(i64, Value)> = Vec::new();
    let mut total = None;
    for (buffer, element_bytes) in buffers {
        let size = place.value(memref::dim(buffer, zero, location));
        let width = match widths.iter().find(|(bytes, _)| *bytes == element_bytes) {
            Some(&(_, width)) => width,
            None => {
                let width = place.index(element_bytes, context, location);
                widths.push((element_bytes, width));
                width
            }
        };
        let bytes = place.value(arith::muli(size, width, location));
        total = Some(match total {
            None => bytes,
            Some(earlier) => place.value(arith::addi(earlier, bytes, location)),
        });
    }
    let total = total.expect("a nest has a stream");
    let least = place.index(THRESHOLD_BYTES, context, location);
    let large = place.value(arith::cmpi(context, arith::CmpiPredicate::Uge, total, least, location));
    let result_types: Vec<Type> = nest.results().map(|result| result.r#type()).collect();
    let versioned = place.put(scf::r#if(large, &result_types, block_region(&[], location), block_region(&[], location), location));
    // The copies are made in place, so that the walk is looked for in IR
    // that is whole.
    for (branch, fetching) in [(0, true), (1, false)] {
        let block = only_block(versioned, branch);
        let copy = block.append_operation((*nest).clone());
        if fetching {
            if let Some(walk) = only_walk(copy) {
                prefetch(&walk, context);
            }
        }
        let results: Vec<Value> = copy.results().map(Value::from).collect();
        block.append_operation(scf::r#yield(&results, location));
    }
    for (old, new) in nest.results().zip(versioned.results()) {
        replace_uses(old.into(), new.into());
    }
    erase(nest)
}

/// The size in bytes of a buffer of static shape (saturated at `i64::MAX`).
fn static_bytes(buffer: Value) -> Option<i64> {
    let memref = MemRefType::try_from(buffer.r#type()).ok()?;
    let mut bytes = element_bytes(memref.element())?;
    for dimension in 0..memref.rank() {
        match memref.dim_size(dimension).ok()? {
            DimSize::Static(size) => bytes = bytes.saturating_mul(i64::try_from(size).unwrap_or(i64::MAX)),
            DimSize::Dynamic => return None,
        }
    }
    Some(bytes)
}

/// Puts, at the start of the walk's body, a prefetch of each stream
/// [`DISTANCE_BYTES`] ahead of the index.
fn prefetch(walk: &Walk, context: &Context) {
    let location = walk.body.parent_operation().expect("a body is in a loop").location();
    let first = walk.body.first_operation().expect("a body ends with its terminator");
    let place = Place::Before(walk.body, first);
    let widest = walk.streams.iter().map(|stream| stream.element_bytes).max().expect("a walk has a stream");
    let distance = place.index(DISTANCE_BYTES / widest, context, location);
    let ahead = place.value(arith::addi(walk.index, distance, location));
    let mut shifted: Vec<(Value, Value)> = Vec::new();
    for stream in &walk.streams {
        let at = match stream.offset {
            None => ahead,
            Some(offset) => match shifted.iter().find(|(seen, _)| *seen == offset) {
                Some(&(_, at)) => at,
                None => {
                    let at = place.value(arith::addi(ahead, offset, location));
                    shifted.push((offset, at));
                    at
                }
            },
        };
        place.put(crate::ir::prefetch(context, stream.buffer, at, location));
    }
}

#[cfg(test)]
mod tests {
    use super::element_bytes;
    use melior::{ir::Type, Context};

    #[test]
    fn element_sizes_round_up_to_bytes() {
        let context = Context::new();
        let sizes: Vec<Option<i64>> = ["index", "f64", "f32", "bf16", "i1", "i8", "i32", "i0", "complex<f64>"]
            .iter()
            .map(|text| element_bytes(Type::parse(&context, text).unwrap()))
            .collect();
        assert_eq!(sizes, [Some(8), Some(8), Some(4), Some(2), Some(1), Some(1), Some(4), None, None]);
    }
}
