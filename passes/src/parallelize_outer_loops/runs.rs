//! Runs: a loop's rows cut into contiguous runs of about equal cost, each
//! run one task of the threads.
//!
//! The cost of the rows before `r` is `r` itself plus the entries before
//! `r` at every level the loop's segments reach ([`segment_positions`]),
//! so a run of rows holding many entries is short and one of empty rows
//! long. Run `c` of `runs` starts at the first row whose cost reaches
//! `cost(lower) + span · c / runs` (a binary search from the start of the
//! run before it: the runs cover the rows once, in order, whatever the
//! buffers hold; the cost only weighs them). Contiguous runs keep each
//! thread's reads streaming, where rows handed out a few at a time
//! interleave the threads' reads and pay an atomic operation per handout
//! (banded SpMV at the LLC size on 2 threads, in `sparse-bench
//! --thread-scaling`: 0.91× and 1.41× in two runs with 256-row handouts,
//! 1.70× with runs).

use super::{row_offset, Counted};
use crate::cfir_to_scf::Emitter;
use crate::ir::{block_region, defined_inside, defining_op, name, only_block};
use crate::place::Place;
use melior::{
    dialect::{arith, scf},
    ir::{
        block::BlockLike, operation::OperationLike, r#type::MemRefType, BlockRef, Location, OperationRef, RegionLike, ShapedTypeLike, Type,
        TypeLike, Value, ValueLike,
    },
    Context,
};

/// The positions of the segments each iteration of `loop_op` walks, as
/// chains of buffers `[P, Q, ...]`: `P` an integer buffer defined outside
/// the loop that its body reads, in every iteration (an op of the body's
/// block itself), at the row `r` and at `r + 1`, as a level's positions
/// are read; `Q` one that a loop from `P[r]` to `P[r + 1]` there reads
/// likewise at its index, and so on, each prefix a chain of its own. The
/// entries of the rows before `r` at `Q`'s level are then `Q[P[r]]`.
/// The loop reads `P` at every row from the first to the last itself; `Q`
/// it reads at `P[r]` only where a segment is not empty, and reading it
/// there for every row stays in bounds for a level's positions, which
/// never decrease and end at the entries `Q` holds positions for (valid
/// storage, which the kernel's own reads assume as well).
pub(super) fn segment_positions<'c: 'a, 'a>(loop_op: OperationRef<'c, 'a>, counted: &Counted<'c, 'a>) -> Vec<Vec<Value<'c, 'a>>> {
    let mut chains = Vec::new();
    if let Some(body) = loop_op.region(counted.body).ok().and_then(|region| region.first_block()) {
        walked_segments(loop_op, body, counted.induction, &[], &mut chains);
    }
    chains
}

/// The chains of [`segment_positions`] that go on with `chain` in `body`,
/// a block run once per value of `induction`.
fn walked_segments<'c: 'a, 'a>(
    loop_op: OperationRef<'c, 'a>,
    body: BlockRef<'c, 'a>,
    induction: Value<'c, 'a>,
    chain: &[Value<'c, 'a>],
    chains: &mut Vec<Vec<Value<'c, 'a>>>,
) {
    let ops: Vec<OperationRef> = std::iter::successors(body.first_operation(), |op| op.next_in_block()).collect();
    // The loads at the index (offset 0) and after it (1): buffer, offset, value.
    let loads: Vec<(Value, i64, Value)> = ops
        .iter()
        .filter(|op| name(**op) == "memref.load" && op.operand_count() == 2)
        .filter_map(|op| Some((op.operand(0).ok()?, row_offset(op.operand(1).ok()?, induction)?, op.result(0).ok()?.into())))
        .collect();
    let integer = |buffer: Value| {
        MemRefType::try_from(buffer.r#type()).is_ok_and(|r#type| r#type.element().is_index() || r#type.element().is_integer())
    };
    for &(buffer, offset, start) in &loads {
        let Some(&(_, _, end)) = loads.iter().find(|(other, next, _)| *other == buffer && *next == 1) else { continue };
        let longer: Vec<Value> = chain.iter().copied().chain([buffer]).collect();
        if offset != 0 || !integer(buffer) || defined_inside(buffer, loop_op) || chains.contains(&longer) {
            continue;
        }
        chains.push(longer.clone());
        // The loops over this segment, from `start` to `end`.
        for &op in &ops {
            let Some(inner) = super::counted(op) else { continue };
            if widened(inner.lower) == start && widened(inner.upper) == end {
                if let Some(inner_body) = op.region(inner.body).ok().and_then(|region| region.first_block()) {
                    walked_segments(loop_op, inner_body, inner.induction, &longer, chains);
                }
            }
        }
    }
}

/// The value `value` widens (`arith.index_castui`), or `value` itself.
fn widened<'c: 'a, 'a>(value: Value<'c, 'a>) -> Value<'c, 'a> {
    defining_op(value).filter(|op| name(*op) == "arith.index_castui").and_then(|op| op.operand(0).ok()).unwrap_or(value)
}

/// The first row in `[from, to)` whose cost is at least `target` (`to` if
/// none), by halving.
fn search<'c: 'a, 'a>(
    build: &Emitter<'c>,
    place: Place<'c, 'a>,
    bounds: [Value<'c, 'a>; 2],
    target: Value<'c, 'a>,
    cost: &dyn Fn(Place<'c, 'a>, Value<'c, 'a>) -> Value<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Value<'c, 'a>, String> {
    let types = [Type::index(context), Type::index(context)];
    let op = place.put(scf::r#while(&bounds, &types, block_region(&types, location), block_region(&types, location), location));
    let (before, after) = (only_block(op, 0), only_block(op, 1));
    let arguments = |block: BlockRef<'c, 'a>| -> Result<[Value<'c, 'a>; 2], String> {
        Ok([block.argument(0).map_err(|e| e.to_string())?.into(), block.argument(1).map_err(|e| e.to_string())?.into()])
    };
    let [low, high] = arguments(before)?;
    let more = build.compare(Place::End(before), arith::CmpiPredicate::Ult, low, high);
    before.append_operation(scf::condition(more, &[low, high], location));
    let [low, high] = arguments(after)?;
    let step = Place::End(after);
    let half = build.div(step, build.sub(step, high, low), build.index(step, 2));
    let middle = build.add(step, low, half);
    let below = build.compare(step, arith::CmpiPredicate::Ult, cost(step, middle), target);
    let past = build.add(step, middle, build.index(step, 1));
    let (low, high) = (build.select(step, below, past, low), build.select(step, below, high, middle));
    after.append_operation(scf::r#yield(&[low, high], location));
    Ok(op.result(0).map_err(|error| error.to_string())?.into())
}

/// The cost of the rows before each row (see the module's doc), and what
/// it is at the first row and over all of them.
pub(super) struct Cost<'c, 'a, 'f> {
    of: &'f dyn Fn(Place<'c, 'a>, Value<'c, 'a>) -> Value<'c, 'a>,
    /// The cost before the first row.
    pub(super) base: Value<'c, 'a>,
    /// The cost of all the rows.
    pub(super) span: Value<'c, 'a>,
}

impl<'c: 'a, 'a, 'f> Cost<'c, 'a, 'f> {
    /// The cost `of` over the rows `[lower, upper)`, its base and span put at `place`.
    pub(super) fn new(
        build: &Emitter<'c>,
        place: Place<'c, 'a>,
        [lower, upper]: [Value<'c, 'a>; 2],
        of: &'f dyn Fn(Place<'c, 'a>, Value<'c, 'a>) -> Value<'c, 'a>,
    ) -> Self {
        let base = of(place, lower);
        let span = build.sub(place, of(place, upper), base);
        Cost { of, base, span }
    }
}

/// A fresh `memref<?xindex>` of `runs + 1` rows, put at `place`: run `c`
/// is the rows from element `c` to element `c + 1`, the first starting at
/// `lower` and the last ending at `upper`, of about equal `cost` (see the
/// module's doc), or of equal numbers of rows without one. Each start is
/// at least the one before, whatever the cost, so the runs cover the rows
/// once, in order. The caller deallocates it.
pub(super) fn cut<'c: 'a, 'a>(
    build: &Emitter<'c>,
    place: Place<'c, 'a>,
    [lower, upper]: [Value<'c, 'a>; 2],
    runs: Value<'c, 'a>,
    cost: Option<&Cost<'c, 'a, '_>>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Value<'c, 'a>, String> {
    let one = build.index(place, 1);
    let (base, span) = match cost {
        Some(cost) => (cost.base, cost.span),
        None => (lower, build.sub(place, upper, lower)),
    };
    let starts = build.alloc_buffer(place, Type::index(context), build.add(place, runs, one));
    build.store(place, lower, starts, build.index(place, 0));
    build.store(place, upper, starts, runs);
    build.try_for_range(place, one, runs, |body, run| -> Result<(), String> {
        let at = Place::End(body);
        let target = build.add(at, base, build.div(at, build.mul(at, span, run), runs));
        let from = build.load(at, starts, build.sub(at, run, build.index(at, 1)));
        let found = match cost {
            None => build.min(at, build.max(at, target, from), upper),
            Some(cost) => search(build, at, [from, upper], target, cost.of, context, location)?,
        };
        build.store(at, found, starts, run);
        Ok(())
    })?;
    Ok(starts)
}
