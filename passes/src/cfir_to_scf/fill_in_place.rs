//! A dense result filled where its loops first reach each block of it, not
//! in a pass over its memory before them.
//!
//! Take the first nest (in program order) that writes a dense result. When
//! its outermost loops, each directly inside the one before, run over the
//! whole extent of the result's leading levels (each a `sig.universe` of its
//! dimension's size, or a dense level of that size, locating only dense
//! levels, and walking a sequence no earlier loop walked: a drop-out loop
//! starts where the one before it stopped), and every write of the nest
//! takes their coordinates for those levels, the nest reaches each block of
//! the result below them (a row of SpMM's or of a dense product's result;
//! one component where the loops cover every level) exactly once, at the
//! start of the innermost one's body, before anything writes there; later
//! nests come after it. The block
//! is filled there, by `cfir.assign`s of the fill (in universe loops over the
//! levels below, if any), and the result is allocated without the fill loop.
//! A dense convolution, SpMV, SpMM and a sum folding in unstored fills then
//! write their result once instead of twice (each thread the blocks it
//! computes, under `--parallel-loops`), and where the block is one component
//! LLVM keeps its reduction in a register from the fill on.
//!
//! The writes may also run behind a walk instead: when the nest's outermost
//! loop walks every coordinate `p` of a universe or a dense level (under the
//! same conditions) that is not the result's leading level, and each write
//! stores at a row (a coordinate of that level) `p + k − t`, `k ≤ 0` a
//! constant and `t` a sum of values known to be at least 0 (a loop's
//! coordinate, or sums, products, minima, maxima and quotients of such that
//! cannot wrap around, by a range analysis: [`rows_ahead`], [`range`]) whose
//! largest total cannot take `p + k − t` past the least index, then step `p`
//! writes no row past `p + k`, and row `p + k` is filled (where it is a
//! row) at the start of step `p`, every row below it by the steps before;
//! the rows from `walk + k` on, which no step reaches, are filled before the
//! loop ([`Filled::Ahead`]). An image-stationary convolution walks its
//! image's dense rows `p` and writes rows `p − b·r − c`, so each result row
//! is filled just before its first taps, while its cache lines are written
//! anyway, instead of in a pass over the whole result that leaves it to be
//! read back from a farther cache.
//!
//! The same holds for a walk over the coordinates the root level of a
//! tensor stores, in order (a compressed level as stored: a sparse vector's,
//! DCSR's rows, CSF's slices), whose steps may skip rows: a cell, the fill's
//! *frontier*, holds the first row no step has filled yet (0 before the
//! walk), and a step `p` past it fills the rows from it to `p + k` (or, where
//! rows hold few components, [`FILLED_AT_ONCE`] components' worth of rows
//! if that is more) and moves it past them; the rows from one past the last
//! stored coordinate, plus `k`, on are filled before the loop (the last
//! step's chunk may fill some of those again). LLVM keeps the cell (a
//! `memref.alloca` at the start of the function) in a register.
//!
//! Anything else keeps the fill loop: an outermost loop over a union (which
//! may skip blocks), over a level below the root or out of order, or over a
//! dimension the result does not
//! lead with (the scatter order's filter loops, CSC SpMV's columns) unless
//! its writes run behind it, a loop
//! that locates a level that may not hold its coordinate or continues an
//! earlier loop's walk, a case between the loops, a write of the nest at
//! other coordinates of the leading levels (or ahead of a walk), or a use of
//! the result before the nest or inside it but a write.

use super::constant_index;
use super::error::LowerError;
use crate::ir::{block_argument, block_region, constant, defining_op, name, only_block, users, value_key};
use crate::parallelize_outer_loops::FILL_FRONTIER;
use crate::place::Place;
use melior::{
    dialect::{arith, memref},
    ir::{
        attribute::IntegerAttribute,
        block::BlockLike,
        operation::{OperationLike, OperationMutLike},
        r#type::{DimSize, MemRefType, RankedTensorType},
        Attribute, BlockRef, Location, OperationRef, ShapedTypeLike, Type, Value, ValueLike,
    },
    Context,
};
use sparse_dialects::{cfir, encoding::Encoding, scalar, sig};
use sparse_formats::level::LevelKind;

/// Fills `alloc`'s dense result where its loops reach each block (see the
/// module's doc): first in the body found, the stores of the fill at the
/// block's coordinates, in universe loops over the levels below, outermost
/// first; or, ahead of a walk, the rows the step first reaches. Returns where
/// the fill then goes (`walk_size` gives where a walk ends in the lowered code),
/// so that the result is allocated without its fill loop or with the part
/// of it no step reaches.
pub(super) fn fill_in_loops<'c, 'a>(
    alloc: OperationRef<'c, 'a>,
    context: &'c Context,
    walk_size: &dyn Fn(WalkExtent<'c, 'a>) -> Result<Option<Value<'c, 'a>>, LowerError>,
) -> Result<Filled<'c, 'a>, LowerError> {
    let Some(point) = fill_point(alloc) else { return Ok(Filled::Before) };
    let location = alloc.location();
    let Some(fill) = scalar::constant(context, point.encoding.fill, point.tensor.element(), location) else { return Ok(Filled::Before) };
    let start = match point.body.first_operation() {
        Some(first) => Place::Before(point.body, first),
        None => Place::End(point.body),
    };
    let Some(ahead) = point.ahead else {
        let fill = start.value(fill);
        fill_blocks(&point, fill, point.coordinates.clone(), start, context)?;
        return Ok(Filled::InLoops);
    };
    // A frontier is one cell of the function: not for a result allocated
    // in a loop, whose iterations may run on threads.
    let in_function = alloc.parent_operation().is_some_and(|parent| name(parent) == "func.func");
    if matches!(ahead.walk, WalkExtent::Coordinates(_)) && !in_function {
        return Ok(Filled::Before);
    }
    let Some(walk) = walk_size(ahead.walk)? else { return Ok(Filled::Before) };
    let fill = start.value(fill);
    let rows = point.sizes[point.encoding.format.dim_to_lvl[0]].value(start, context, location);
    let zero = start.index(0, context, location);
    let clamped = |row: Value<'c, 'a>| -> Value<'c, 'a> {
        let below = start.value(arith::minsi(row, rows, location));
        start.value(arith::maxsi(zero, below, location))
    };
    let row = start.value(arith::addi(ahead.walked, start.index(ahead.k, context, location), location));
    let next = start.value(arith::addi(row, start.index(1, context, location), location));
    let WalkExtent::Coordinates(_) = ahead.walk else {
        // Row `p + k` at the start of each step `p`, where it is a row.
        let row = clamped(row);
        fill_rows(&point, fill, row, clamped(next), start, context)?;
        return Ok(Filled::Ahead { ahead: ahead.k, walk, frontier: None });
    };
    // The rows from the first one no step filled yet (the frontier's, 0 at
    // first) to `p + k`, at the start of each step `p`.
    let index = Type::index(context);
    let before_walk = Place::before(ahead.walker).ok_or(LowerError::Malformed("a walk outside any block"))?;
    let cell = before_walk.put(memref::alloca(context, MemRefType::new(index, &[], None, None), &[], &[], None, location));
    crate::ir::edit(cell).set_attribute(FILL_FRONTIER, Attribute::unit(context));
    crate::ir::edit(ahead.walker).set_attribute(FILL_FRONTIER, Attribute::unit(context));
    let cell_value: Value = cell.result(0)?.into();
    let next = clamped(next);
    let filled = start.value(memref::load(cell_value, &[], location));
    // Where rows hold few components (a vector's), a step that must fill
    // fills at least `FILLED_AT_ONCE` components' worth of rows: not a
    // few bytes at every step.
    let leading = point.encoding.format.dim_to_lvl[0];
    let row_size = point.sizes.iter().enumerate().filter(|&(dim, _)| dim != leading).try_fold(1u64, |row_size, (_, size)| match size {
        Extent::Static(size) => row_size.checked_mul(*size),
        Extent::Dynamic(_) => None,
    });
    let at_once = row_size.filter(|&size| size > 0 && size < FILLED_AT_ONCE).map_or(1, |size| FILLED_AT_ONCE.div_ceil(size));
    let end = if at_once > 1 {
        let ahead = start.value(arith::addi(filled, start.index(at_once as i64, context, location), location));
        let chunk = start.value(arith::minsi(rows, start.value(arith::maxsi(next, ahead, location)), location));
        let needed = start.value(arith::cmpi(context, arith::CmpiPredicate::Sgt, next, filled, location));
        start.value(arith::select(needed, chunk, filled, location))
    } else {
        start.value(arith::maxsi(filled, next, location))
    };
    fill_rows(&point, fill, filled, end, start, context)?;
    start.put(memref::store(end, cell_value, &[], location));
    Ok(Filled::Ahead { ahead: ahead.k, walk, frontier: Some(cell) })
}

/// The fewest components a step of a walk over stored coordinates fills
/// when it fills any: 4 KB of `f64`s (on conv1d at 50% and 90% density, 64
/// were slower, 256 about as fast, 1,024 and 2,048 slower at 90%).
const FILLED_AT_ONCE: u64 = 512;

/// Where a dense result's fill is stored.
pub(super) enum Filled<'c, 'a> {
    /// In a loop over its components, before the kernel's loops.
    Before,
    /// By the kernel's loops, where they first reach each block.
    InLoops,
    /// Up to row `p + ahead` (`ahead ≤ 0`) by the step `p` of a walk that
    /// ends at `walk` (its size, or one past its last coordinate); before
    /// the loops, the rows from `walk + ahead` on, which no step reaches. A
    /// walk over stored coordinates keeps the first row its steps have not
    /// filled in the cell `frontier` (a `memref.alloca` of an `index` just
    /// before the walk; both marked `FILL_FRONTIER`), which the lowering
    /// places at the start of the function (a static `alloca`, which LLVM
    /// keeps in a register) and sets to 0 before the walk ([`frontiers_of`]).
    Ahead { ahead: i64, walk: Value<'c, 'a>, frontier: Option<OperationRef<'c, 'a>> },
}

/// The frontiers of the fills the walk `op` does, one per result whose rows
/// its steps fill from one (the cells made just before it).
pub(super) fn frontiers_of<'c, 'a>(op: OperationRef<'c, 'a>) -> Vec<Value<'c, 'a>> {
    let (Ok(_), Some(block)) = (op.attribute(FILL_FRONTIER), op.block()) else { return Vec::new() };
    let mut cells = Vec::new();
    for before in std::iter::successors(block.first_operation(), |before| before.next_in_block()).take_while(|&before| before != op) {
        match before.result(0) {
            Ok(cell) if name(before) == "memref.alloca" && before.attribute(FILL_FRONTIER).is_ok() => cells.push(cell.into()),
            _ => cells.clear(),
        }
    }
    cells
}

/// Stores `fill` in the rows `start..end` of the result's leading level, at
/// `place`: a universe loop over them around [`fill_blocks`].
fn fill_rows<'c, 'a>(
    point: &FillPoint<'c, 'a>,
    fill: Value<'c, 'a>,
    start: Value<'c, 'a>,
    end: Value<'c, 'a>,
    place: Place<'c, 'a>,
    context: &'c Context,
) -> Result<(), LowerError> {
    let location = point.location;
    let body = universe_loop(place.value(arith::subi(end, start, location)), place, context, location)?;
    let inside = Place::End(body);
    let row = inside.value(arith::addi(body.argument(0)?.into(), start, location));
    let mut coordinates = point.coordinates.clone();
    coordinates[point.encoding.format.dim_to_lvl[0]] = Some(row);
    let assign = fill_blocks(point, fill, coordinates, inside, context)?;
    crate::ir::edit(assign).set_attribute(crate::parallelize_outer_loops::FILLED_AHEAD, Attribute::unit(context));
    body.append_operation(sparse_dialects::terminator(&[], location)?);
    Ok(())
}

/// Stores `fill` in the block of the result at `coordinates` (those of its
/// first `point.levels` levels), at `place`: in universe loops over the
/// levels below, outermost first. Returns the store.
fn fill_blocks<'c, 'a>(
    point: &FillPoint<'c, 'a>,
    fill: Value<'c, 'a>,
    mut coordinates: Vec<Option<Value<'c, 'a>>>,
    mut place: Place<'c, 'a>,
    context: &'c Context,
) -> Result<OperationRef<'c, 'a>, LowerError> {
    let location = point.location;
    let mut bodies = Vec::new();
    for &dim in &point.encoding.format.dim_to_lvl[point.levels..] {
        let body = universe_loop(point.sizes[dim].value(place, context, location), place, context, location)?;
        coordinates[dim] = Some(body.argument(0)?.into());
        bodies.push(body);
        place = Place::End(body);
    }
    let at = coordinates.into_iter().collect::<Option<Vec<_>>>().ok_or(LowerError::Malformed("a dimension no loop fills"))?;
    let assign = place.put(cfir::assign(point.result, fill, &at, location)?);
    for body in bodies {
        body.append_operation(sparse_dialects::terminator(&[], location)?);
    }
    Ok(assign)
}

/// A `cfir.while` over the coordinates below `size`, at `place`: its body,
/// whose argument is the coordinate (its terminator is the caller's).
fn universe_loop<'c, 'a>(
    size: Value<'c, 'a>,
    place: Place<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<BlockRef<'c, 'a>, LowerError> {
    let universe = place.value(sig::universe(size, location)?);
    let region = block_region(&[Type::index(context)], location);
    Ok(only_block(place.put(cfir::r#while(universe, &[], &[], cfir::Until::AnyRunsOut, region, location)?), 0))
}

/// Where the blocks of a result are first reached.
struct FillPoint<'c, 'a> {
    /// The result, its type and its encoding.
    result: Value<'c, 'a>,
    tensor: RankedTensorType<'c>,
    encoding: Encoding<'c>,
    /// The body of the innermost loop over the result's leading levels.
    body: BlockRef<'c, 'a>,
    /// How many leading levels those loops cover.
    levels: usize,
    /// Per dimension, the coordinate of the loop over it, if one covers it.
    coordinates: Vec<Option<Value<'c, 'a>>>,
    /// Per dimension, the result's size.
    sizes: Vec<Extent<'c, 'a>>,
    /// Where the writes run ahead of the outermost loop's coordinate: the
    /// rows are filled at their own steps, not the loop's (`body` is its).
    ahead: Option<Ahead<'c, 'a>>,
    location: Location<'c>,
}

/// An outermost loop walking the coordinates `p` of a sequence in order
/// (every one, or those a root level stores), whose writes all store at
/// rows (coordinates of the result's leading level) at most `p + k`,
/// `k ≤ 0`: a row is filled at the start of the first step that may reach
/// it; the rows past the last step's, which no step reaches, before the
/// loop.
#[derive(Clone, Copy)]
struct Ahead<'c, 'a> {
    k: i64,
    /// The loop.
    walker: OperationRef<'c, 'a>,
    /// The loop's coordinate `p`.
    walked: Value<'c, 'a>,
    /// What the sequence it walks covers.
    walk: WalkExtent<'c, 'a>,
}

/// Where each block of `alloc`'s result is first reached, if its loops
/// reach each once before any write.
fn fill_point<'c, 'a>(alloc: OperationRef<'c, 'a>) -> Option<FillPoint<'c, 'a>> {
    let result: Value = alloc.result(0).ok()?.into();
    let tensor = RankedTensorType::try_from(result.r#type()).ok()?;
    let encoding = Encoding::of_any(tensor).ok()?;
    let format = &encoding.format;
    if tensor.rank() == 0 || format.pattern || format.is_blocked() || format.levels.iter().any(|level| level.kind != LevelKind::Dense) {
        return None;
    }
    let writes_result = |op: &OperationRef| {
        matches!(name(*op).as_str(), cfir::Assign::NAME | cfir::Reduce::NAME) && op.operand(0).is_ok_and(|target| target == result)
    };
    // Each use of the result under its op in the alloc's block, and the
    // first of those ops holding a write: the nest that writes first. Every
    // use before it, or inside it but a write, rules the fill out; the uses
    // after it see the result it leaves.
    let in_block: Vec<OperationRef> = std::iter::successors(alloc.next_in_block(), |op| op.next_in_block()).collect();
    let top_of = |user: OperationRef<'c, 'a>| {
        let top = std::iter::successors(Some(user), |op| op.parent_operation()).find(|op| op.block() == alloc.block())?;
        in_block.iter().position(|&op| op == top)
    };
    let uses = users(result).into_iter().map(|user| Some((user, top_of(user)?))).collect::<Option<Vec<_>>>()?;
    let first_nest = uses.iter().filter(|(user, _)| writes_result(user)).map(|&(_, at)| at).min()?;
    if uses.iter().any(|(user, at)| *at < first_nest || (*at == first_nest && !writes_result(user))) {
        return None;
    }
    let writes: Vec<OperationRef> = uses.iter().filter(|&&(_, at)| at == first_nest).map(|&(user, _)| user).collect();
    let first = writes.first()?.operands().skip(2).collect::<Vec<_>>();
    if first.len() != tensor.rank() {
        return None;
    }
    // The ops around its first write, outermost first, up to the alloc's block.
    let mut ancestors = Vec::new();
    let mut op = writes[0].parent_operation();
    while let Some(current) = op {
        if current == alloc.parent_operation()? {
            break;
        }
        ancestors.push(current);
        op = current.parent_operation();
    }
    ancestors.reverse();
    // The leading levels' loops, in level order: each a loop (no case
    // between them) that locates only dense levels, over the whole dimension
    // its level stores from its start, whose coordinate the write takes for
    // that dimension.
    let mut coordinates = vec![None; tensor.rank()];
    let mut levels = 0;
    for &ancestor in &ancestors {
        let Some(&dim) = format.dim_to_lvl.get(levels) else { break };
        let Some(argument) = cfir::While::of(ancestor).and_then(|view| view.body()).and_then(|body| body.argument(0).ok()) else { break };
        let argument: Value = argument.into();
        let driver = ancestor.operand(0).ok()?;
        if first[dim] != argument
            || !locates_only_full(ancestor)
            || !starts_fresh(driver, ancestor)
            || !covers(driver, extent_of(tensor, dim, alloc)?)
        {
            break;
        }
        coordinates[dim] = Some(argument);
        levels += 1;
    }
    if levels == 0 {
        return ahead_point(alloc, result, tensor, encoding, *ancestors.first()?, &writes);
    }
    let innermost = *ancestors.get(levels - 1)?;
    // Every write of the nest takes those coordinates (so it is inside those loops).
    let fixed = |write: &OperationRef| {
        coordinates.iter().enumerate().all(|(dim, fixed)| fixed.is_none_or(|fixed| write.operand(2 + dim).is_ok_and(|at| at == fixed)))
    };
    if !writes.iter().all(fixed) {
        return None;
    }
    let sizes = (0..tensor.rank()).map(|dim| extent_of(tensor, dim, alloc)).collect::<Option<Vec<_>>>()?;
    let body = cfir::While::of(innermost)?.body()?;
    Some(FillPoint { result, tensor, encoding, body, levels, coordinates, sizes, ahead: None, location: alloc.location() })
}

/// Where each row of `alloc`'s result is first reached when the nest's
/// outermost loop `walker` is not over its leading level but walks every
/// coordinate `p` of a universe or a dense level in order (or those a root
/// level stores, [`walk_extent`]), and each of
/// `writes` stores at a row `p + k − t`, `k` a constant and `t` a sum of
/// values known to be at least 0 that cannot wrap the row around (see
/// [`rows_ahead`]): an image-stationary
/// convolution's `p − b·r − c`, or a result with more rows than the walk.
fn ahead_point<'c, 'a>(
    alloc: OperationRef<'c, 'a>,
    result: Value<'c, 'a>,
    tensor: RankedTensorType<'c>,
    encoding: Encoding<'c>,
    walker: OperationRef<'c, 'a>,
    writes: &[OperationRef<'c, 'a>],
) -> Option<FillPoint<'c, 'a>> {
    let body = cfir::While::of(walker)?.body()?;
    let walked: Value = body.argument(0).ok()?.into();
    let driver = walker.operand(0).ok()?;
    let walk = walk_extent(driver)?;
    if !locates_only_full(walker) || !starts_fresh(driver, walker) {
        return None;
    }
    let leading = *encoding.format.dim_to_lvl.first()?;
    let mut rows = i64::MIN;
    for write in writes {
        // The row is `p + k − t`, computed in index arithmetic: it is that
        // value, not one wrapped around, where `p + k − s` cannot be below
        // the least index (`p` is at least 0, `k` at most 0).
        let (k, s) = rows_ahead(write.operand(2 + leading).ok()?, walked, DEPTH)?;
        if k - s < i128::from(i64::MIN) {
            return None;
        }
        rows = rows.max(i64::try_from(k).ok()?);
    }
    // Rows below `rows` would need filling before the walk: a write ahead
    // of its step (a negative intercept, which linalg refuses) keeps the
    // fill loop.
    if rows > 0 {
        return None;
    }
    let sizes = (0..tensor.rank()).map(|dim| extent_of(tensor, dim, alloc)).collect::<Option<Vec<_>>>()?;
    let coordinates = vec![None; tensor.rank()];
    let ahead = Some(Ahead { k: rows, walker, walked, walk });
    Some(FillPoint { result, tensor, encoding, body, levels: 1, coordinates, sizes, ahead, location: alloc.location() })
}

/// How deep [`rows_ahead`] and [`range`] look through the ops that compute
/// a coordinate.
const DEPTH: usize = 12;

/// The constant `k` and the largest total `s` of the values subtracted with
/// `p + k − s ≤ coordinate ≤ p + k` wherever `coordinate` is computed, `p`
/// the value `walked`: `walked` itself, plus or minus constants, minus values
/// whose ranges ([`range`]) are at least 0.
fn rows_ahead(coordinate: Value, walked: Value, depth: usize) -> Option<(i128, i128)> {
    if coordinate == walked {
        return Some((0, 0));
    }
    let maker = defining_op(coordinate)?;
    let depth = depth.checked_sub(1)?;
    let (left, right) = (maker.operand(0).ok()?, maker.operand(1).ok()?);
    match name(maker).as_str() {
        "arith.addi" => match (constant(left), constant(right)) {
            (Some(added), _) => rows_ahead(right, walked, depth).map(|(k, s)| (k + i128::from(added), s)),
            (_, Some(added)) => rows_ahead(left, walked, depth).map(|(k, s)| (k + i128::from(added), s)),
            _ => None,
        },
        "arith.subi" => match constant(right) {
            Some(taken) => rows_ahead(left, walked, depth).map(|(k, s)| (k - i128::from(taken), s)),
            None => {
                let (low, high) = range(right, depth);
                (low >= 0).then(|| rows_ahead(left, walked, depth).map(|(k, s)| (k, s + high)))?
            }
        },
        _ => None,
    }
}

/// The values `value` may take wherever it is computed, as an inclusive
/// range of `index` values (`i64`): exact for constants, a loop's
/// coordinate below its sequence's extent where that is known
/// ([`coordinate_range`]), and through sums, differences, products, minima,
/// maxima and quotients by positive constants; where one of those may wrap
/// around, or for any other value, every `index` value.
fn range(value: Value, depth: usize) -> (i128, i128) {
    const EVERY: (i128, i128) = (i64::MIN as i128, i64::MAX as i128);
    let within = |(low, high): (i128, i128)| if low >= EVERY.0 && high <= EVERY.1 { (low, high) } else { EVERY };
    if let Some(constant) = constant(value) {
        return (constant.into(), constant.into());
    }
    if block_argument(value).is_some() {
        return of_walk(value, |walk| Some(coordinate_range(walk.operand(0).ok()?, depth))).unwrap_or(EVERY);
    }
    let (Some(maker), Some(depth)) = (defining_op(value), depth.checked_sub(1)) else { return EVERY };
    let (Ok(left), Ok(right)) = (maker.operand(0), maker.operand(1)) else { return EVERY };
    // A window's coordinate plus its start: the sliced sequence's coordinate.
    if name(maker) == "arith.addi" {
        if let Some(range) = [(left, right), (right, left)].into_iter().find_map(|(z, start)| sliced_coordinate(z, start, depth)) {
            return range;
        }
    }
    let ((a, b), (c, d)) = (range(left, depth), range(right, depth));
    match name(maker).as_str() {
        "arith.addi" => within((a + c, b + d)),
        "arith.subi" => within((a - d, b - c)),
        "arith.muli" => {
            let corners = [a * c, a * d, b * c, b * d];
            within((*corners.iter().min().expect("four"), *corners.iter().max().expect("four")))
        }
        "arith.maxsi" => (a.max(c), b.max(d)),
        "arith.minsi" => (a.min(c), b.min(d)),
        "arith.maxui" if a >= 0 && c >= 0 => (a.max(c), b.max(d)),
        "arith.minui" if a >= 0 && c >= 0 => (a.min(c), b.min(d)),
        "arith.floordivsi" | "arith.ceildivsi" | "arith.divsi" => match constant(right).filter(|&divisor| divisor > 0) {
            Some(divisor) => {
                let divisor = i128::from(divisor);
                let divide = |n: i128| match name(maker).as_str() {
                    "arith.floordivsi" => n.div_euclid(divisor),
                    "arith.ceildivsi" => -(-n).div_euclid(divisor),
                    _ => n / divisor,
                };
                (divide(a), divide(b))
            }
            None => EVERY,
        },
        _ => EVERY,
    }
}

/// `read` of the loop whose coordinate `value` is (argument 0 of a
/// `cfir.while`'s body), if it is one.
fn of_walk<T>(value: Value, read: impl FnOnce(OperationRef) -> Option<T>) -> Option<T> {
    let argument = block_argument(value).filter(|argument| argument.argument_number() == 0)?;
    let walk = argument.owner().parent_operation().filter(|owner| name(*owner) == cfir::While::NAME)?;
    read(walk)
}

/// The coordinates a loop over `sequence` takes: `0..extent` where the
/// extent is known ([`last_coordinate`]), else `0..=i64::MAX − 1`.
fn coordinate_range(sequence: Value, depth: usize) -> (i128, i128) {
    (0, last_coordinate(sequence, depth).unwrap_or(i64::MAX as i128 - 1))
}

/// The largest coordinate `sequence` may visit, where known: a constant
/// universe's size less 1, a static dimension's (a level's coordinates are
/// below its dimension's size) for a level of a tensor stored as it is, not
/// in blocks, the sliced sequence's for a window that starts at 0 or later
/// and steps forward.
fn last_coordinate(sequence: Value, depth: usize) -> Option<i128> {
    let maker = defining_op(sequence)?;
    match name(maker).as_str() {
        "sig.universe" => constant(maker.operand(0).ok()?).filter(|&size| size > 0).map(|size| i128::from(size) - 1),
        // A level of a tensor stored as it is (not a view, whose type has
        // no format), not in blocks (whose levels store parts of dimensions).
        "sig.level" => {
            let tensor = maker.operand(0).ok()?;
            (stored_tensor(tensor) == Some(tensor)).then_some(())?;
            let tensor = RankedTensorType::try_from(tensor.r#type()).ok()?;
            let format = Encoding::of_any(tensor).ok()?.format;
            (!format.is_blocked()).then_some(())?;
            static_size(tensor, *format.dim_to_lvl.get(level_of(maker)?)?).map(|size| i128::from(size) - 1)
        }
        "sig.slice" => {
            let starts_at_a_coordinate = range(maker.operand(1).ok()?, depth.checked_sub(1)?).0 >= 0;
            let steps_forward = constant(maker.operand(3).ok()?).is_some_and(|step| step >= 1);
            (starts_at_a_coordinate && steps_forward).then_some(())?;
            last_coordinate(maker.operand(0).ok()?, depth)
        }
        _ => None,
    }
}

/// The range of `z + start` where `z` is the coordinate of a loop over a
/// window `sig.slice(sequence, start, end, 1)` with `start` at least 0:
/// that of `sequence`'s coordinates, which the window's are (`0..=` its
/// last, or every non-negative `index` value).
fn sliced_coordinate(z: Value, start: Value, depth: usize) -> Option<(i128, i128)> {
    of_walk(z, |walk| {
        let window = defining_op(walk.operand(0).ok()?).filter(|window| name(*window) == "sig.slice")?;
        let starts_at_a_coordinate = range(start, depth.checked_sub(1)?).0 >= 0;
        (window.operand(1).ok()? == start && constant(window.operand(3).ok()?) == Some(1) && starts_at_a_coordinate).then_some(())?;
        Some(coordinate_range(window.operand(0).ok()?, depth))
    })
}

/// What a walk covers: every coordinate below a universe's size, or below
/// the size of the dimension a dense level stores; or the coordinates the
/// root level of a tensor stores (the lowering checks they come in order).
#[derive(Clone, Copy)]
pub(super) enum WalkExtent<'c, 'a> {
    Universe(Value<'c, 'a>),
    Stored(Value<'c, 'a>, usize),
    Coordinates(Value<'c, 'a>),
}

/// The extent `driver` covers: a universe, a dense level, or the root level
/// of a tensor stored as it is (not a view, not in blocks) that is not dense.
fn walk_extent<'c: 'a, 'a>(driver: Value<'c, 'a>) -> Option<WalkExtent<'c, 'a>> {
    let maker = defining_op(driver)?;
    if name(maker) == "sig.universe" {
        return Some(WalkExtent::Universe(maker.operand(0).ok()?));
    }
    if let Some((tensor, _, stored)) = dense_level(driver) {
        return Some(WalkExtent::Stored(tensor, stored));
    }
    let tensor = maker.operand(0).ok()?;
    let format = Encoding::of_any(RankedTensorType::try_from(tensor.r#type()).ok()?).ok()?.format;
    let root = name(maker) == "sig.level" && level_of(maker) == Some(0);
    (root && stored_tensor(tensor) == Some(tensor) && !format.is_blocked()).then_some(WalkExtent::Coordinates(tensor))
}

/// Whether the loop `op` walks its driver from the start: nothing but `op`
/// and the ops inside it uses the sequence. A drop-out loop starts where an
/// earlier loop over the same sequence (or a union or intersection of it)
/// stopped, past the coordinates that loop visited.
fn starts_fresh(driver: Value, op: OperationRef) -> bool {
    users(driver).into_iter().all(|user| std::iter::successors(Some(user), |inner| inner.parent_operation()).any(|inner| inner == op))
}

/// The size of dimension `dim` of `tensor`, `alloc`'s result: static, or
/// the alloc's operand for it.
fn extent_of<'c, 'a>(tensor: RankedTensorType, dim: usize, alloc: OperationRef<'c, 'a>) -> Option<Extent<'c, 'a>> {
    match static_size(tensor, dim) {
        Some(size) => Some(Extent::Static(size)),
        None => {
            let dynamic = (0..dim).filter(|&before| static_size(tensor, before).is_none()).count();
            alloc.operand(dynamic).ok().map(Extent::Dynamic)
        }
    }
}

/// Whether the sequence `driver` is every coordinate below `extent`: a
/// `sig.universe` of that size, or a dense level (see [`dense_level`])
/// storing a dimension of the same size.
fn covers(driver: Value, extent: Extent) -> bool {
    let Some(maker) = defining_op(driver) else { return false };
    match name(maker).as_str() {
        "sig.universe" => maker.operand(0).is_ok_and(|size| match extent {
            Extent::Static(extent) => constant_index(size).is_some_and(|size| size as u64 == extent),
            Extent::Dynamic(extent) => size == extent || dimension_of(size).is_some_and(|size| dimension_of(extent) == Some(size)),
        }),
        "sig.level" => dense_level(driver).is_some_and(|(source, source_type, stored)| match (extent, static_size(source_type, stored)) {
            (Extent::Static(extent), Some(size)) => extent == size,
            (Extent::Dynamic(extent), None) => dimension_of(extent).is_some_and(|(of, at)| of == value_key(source) && at == stored),
            _ => false,
        }),
        _ => false,
    }
}

/// When `sequence` is a dense level (not in blocks) of a kernel argument, an
/// earlier statement's result or a slice view of one (see [`stored_tensor`]):
/// the tensor (the view), its type and the dimension the level stores.
fn dense_level<'c: 'a, 'a>(sequence: Value<'c, 'a>) -> Option<(Value<'c, 'a>, RankedTensorType<'c>, usize)> {
    let maker = defining_op(sequence)?;
    (name(maker) == "sig.level").then_some(())?;
    let tensor = maker.operand(0).ok()?;
    let tensor_type = RankedTensorType::try_from(tensor.r#type()).ok()?;
    // A view's type carries no format: its levels are those of the tensor it views.
    let stored = RankedTensorType::try_from(stored_tensor(tensor)?.r#type()).ok()?;
    let format = Encoding::of_any(stored).ok()?.format;
    let level = level_of(maker)?;
    let dense = format.levels.get(level).is_some_and(|stored| stored.kind == LevelKind::Dense);
    (dense && !format.is_blocked()).then_some(())?;
    Some((tensor, tensor_type, *format.dim_to_lvl.get(level)?))
}

/// Whether the loop `op` runs its body at every coordinate of its driver:
/// every level it locates is a dense level (see [`dense_level`]), which
/// holds every coordinate.
fn locates_only_full(op: OperationRef) -> bool {
    let Some((located, _)) = cfir::While::of(op).and_then(|view| view.binding_counts()) else { return false };
    (1..=located).all(|index| op.operand(index).is_ok_and(|sequence| dense_level(sequence).is_some()))
}

/// The tensor whose storage `tensor` is: itself when it is an argument of
/// the kernel or a statement's result, the tensor a slice view (of any
/// depth) views, and none otherwise. A slice keeps its tensor's levels, and
/// a loop over a dense level of it visits the view's coordinates `0..size`
/// (see `slice`).
fn stored_tensor<'c: 'a, 'a>(tensor: Value<'c, 'a>) -> Option<Value<'c, 'a>> {
    match defining_op(tensor) {
        Some(maker) => match name(maker).as_str() {
            cfir::Alloc::NAME => Some(tensor),
            "arr.slice" => stored_tensor(maker.operand(0).ok()?),
            _ => None,
        },
        None => block_argument(tensor)
            .filter(|argument| argument.owner().parent_operation().is_some_and(|function| name(function) == "func.func"))
            .map(|_| tensor),
    }
}

/// A dimension's size: known, or a value of the kernel.
#[derive(Clone, Copy)]
enum Extent<'c, 'a> {
    Static(u64),
    Dynamic(Value<'c, 'a>),
}

impl<'c, 'a> Extent<'c, 'a> {
    /// The size as a value, made at `place` when it is known.
    fn value(self, place: Place<'c, 'a>, context: &'c Context, location: Location<'c>) -> Value<'c, 'a> {
        match self {
            Extent::Static(size) => place.index(size as i64, context, location),
            Extent::Dynamic(size) => size,
        }
    }
}

/// The tensor (by [`value_key`]) and dimension whose size `size` is, when a
/// `tensor.dim` with a constant dimension makes it.
fn dimension_of(size: Value) -> Option<(usize, usize)> {
    let maker = defining_op(size)?;
    (name(maker) == "tensor.dim").then_some(())?;
    Some((value_key(maker.operand(0).ok()?), constant_index(maker.operand(1).ok()?)?))
}

/// The size of dimension `dim` of `tensor` when it is static.
fn static_size(tensor: RankedTensorType, dim: usize) -> Option<u64> {
    match tensor.dim_size(dim) {
        Ok(DimSize::Static(size)) => Some(size),
        _ => None,
    }
}

/// The `level` attribute of a `sig.level`.
fn level_of(op: OperationRef) -> Option<usize> {
    usize::try_from(IntegerAttribute::try_from(op.attribute("level").ok()?).ok()?.value()).ok()
}
