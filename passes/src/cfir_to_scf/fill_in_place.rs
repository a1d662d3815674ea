//! A dense result filled where its loops first reach each component, not in
//! a pass over its memory before them.
//!
//! When the outermost loops of a statement's nest, each directly inside the
//! one before, run over the whole extent of one of a dense result's
//! dimensions (a `sig.universe` of its size, or a dense level of that size),
//! and every write to the result is inside the innermost of them, at their
//! coordinates, the nest reaches each component exactly once at the start of
//! that loop's body, before anything writes it. The fill is stored there (a
//! `cfir.assign` put first in the body), and the result is allocated without
//! the fill loop. A dense convolution, SpMV or TTV then writes its result
//! once instead of twice, and LLVM keeps the reduction of each component in a
//! register from the fill on and stores it at the end.
//!
//! Anything else keeps the fill loop: loops over sparse levels or unions
//! (which may skip components), a result loop inside a reduction loop (the
//! scatter order, a dense matrix product's `i, k, j`), a loop that locates a
//! level (its body may not run), a loop inside a case, a write at other
//! coordinates, or a read of the result inside the nest.

use super::constant_index;
use crate::ir::{name, users, value_key};
use crate::place::Place;
use melior::{
    ir::{
        attribute::IntegerAttribute,
        block::{BlockArgument, BlockLike},
        operation::{OperationLike, OperationResult},
        r#type::{DimSize, RankedTensorType},
        BlockRef, OperationRef, ShapedTypeLike, Value, ValueLike,
    },
    Context,
};
use sparse_dialects::{cfir, encoding::Encoding, scalar};
use sparse_formats::level::LevelKind;

/// Puts the store of the fill of `alloc`'s dense result first in the body of
/// the innermost of its result loops, when those loops reach each component
/// once before any write (see the module's doc). Returns whether it did, so
/// that the result is allocated without its fill loop.
pub(super) fn fill_in_loops<'c>(alloc: OperationRef<'c, '_>, context: &'c Context) -> bool {
    let Some((body, coordinates)) = fill_point(alloc) else { return false };
    let Ok(result) = alloc.result(0).map(Value::from) else { return false };
    let Ok(tensor) = RankedTensorType::try_from(result.r#type()) else { return false };
    let Ok(encoding) = Encoding::of_any(tensor) else { return false };
    let location = alloc.location();
    let Some(fill) = scalar::constant(context, encoding.fill, tensor.element(), location) else { return false };
    let place = match body.first_operation() {
        Some(first) => Place::Before(body, first),
        None => Place::End(body),
    };
    let fill = place.value(fill);
    match cfir::assign(result, fill, &coordinates, location) {
        Ok(assign) => {
            place.put(assign);
            true
        }
        Err(_) => {
            crate::ir::erase_unused(vec![fill], |_| true);
            false
        }
    }
}

/// The body where each component of `alloc`'s result is first reached, and
/// the coordinates of that component there (one per dimension).
fn fill_point<'c, 'a>(alloc: OperationRef<'c, 'a>) -> Option<(BlockRef<'c, 'a>, Vec<Value<'c, 'a>>)> {
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
    let (writes, others): (Vec<_>, Vec<_>) = users(result).into_iter().partition(writes_result);
    let coordinates = writes.first()?.operands().skip(2).collect::<Vec<_>>();
    if coordinates.len() != tensor.rank() || writes.iter().any(|write| !write.operands().skip(2).eq(coordinates.iter().copied())) {
        return None;
    }
    // The loops whose coordinates the writes take, outermost first: a chain
    // from the alloc's block down, each one the next's parent.
    let mut loops = Vec::new();
    let mut op = writes[0].parent_operation();
    while let Some(current) = op {
        if current == alloc.parent_operation()? {
            break;
        }
        loops.push(current);
        op = current.parent_operation();
    }
    loops.reverse();
    let outer = *loops.first()?;
    if outer.block() != alloc.block() {
        return None;
    }
    // The outermost `rank` of them are loops (no case between them), each
    // over a dimension the writes take its coordinate for: as many distinct
    // loops as coordinates, so each coordinate is one loop's.
    for &result_loop in loops.iter().take(tensor.rank()) {
        let argument: Value = cfir::While::of(result_loop)?.body()?.argument(0).ok()?.into();
        let dim = coordinates.iter().position(|&coordinate| coordinate == argument)?;
        if result_loop.operand_count() != 1 || !covers(result_loop.operand(0).ok()?, tensor, dim, alloc) {
            return None;
        }
    }
    let innermost = *loops.get(tensor.rank() - 1)?;
    // Nothing inside the nest reads the result but the writes.
    if others.iter().any(|&user| inside(user, outer)) {
        return None;
    }
    Some((cfir::While::of(innermost)?.body()?, coordinates))
}

/// Whether `op` is nested in `ancestor`.
fn inside(op: OperationRef, ancestor: OperationRef) -> bool {
    std::iter::successors(op.parent_operation(), |parent| parent.parent_operation()).any(|parent| parent == ancestor)
}

/// Whether the sequence `driver` is every coordinate of dimension `dim` of
/// `tensor`, `alloc`'s result: a `sig.universe` of its size, or a dense
/// level of a whole tensor (an argument of the kernel, or another
/// statement's result) storing a dimension of the same size.
fn covers(driver: Value, tensor: RankedTensorType, dim: usize, alloc: OperationRef) -> bool {
    let Ok(maker) = OperationResult::try_from(driver).map(|result| result.owner()) else { return false };
    // The result's size along `dim`: static, or the alloc's operand for it.
    let extent = match static_size(tensor, dim) {
        Some(size) => Extent::Static(size),
        None => {
            let dynamic = (0..dim).filter(|&before| static_size(tensor, before).is_none()).count();
            let Ok(size) = alloc.operand(dynamic) else { return false };
            Extent::Dynamic(size)
        }
    };
    match name(maker).as_str() {
        "sig.universe" => maker.operand(0).is_ok_and(|size| match extent {
            Extent::Static(extent) => constant_index(size).is_some_and(|size| size as u64 == extent),
            Extent::Dynamic(extent) => size == extent || dimension_of(size).is_some_and(|size| dimension_of(extent) == Some(size)),
        }),
        "sig.level" => {
            let (Ok(source), Some(level)) = (maker.operand(0), level_of(maker)) else { return false };
            let whole = BlockArgument::try_from(source)
                .is_ok_and(|argument| argument.owner().parent_operation().is_some_and(|function| name(function) == "func.func"))
                || OperationResult::try_from(source).is_ok_and(|made| name(made.owner()) == cfir::Alloc::NAME);
            let Ok(source_type) = RankedTensorType::try_from(source.r#type()) else { return false };
            let Ok(source_encoding) = Encoding::of_any(source_type) else { return false };
            let format = &source_encoding.format;
            let dense = format.levels.get(level).is_some_and(|stored| stored.kind == LevelKind::Dense);
            let Some(&stored) = format.dim_to_lvl.get(level) else { return false };
            let same_size = match (extent, static_size(source_type, stored)) {
                (Extent::Static(extent), Some(size)) => extent == size,
                (Extent::Dynamic(extent), None) => dimension_of(extent).is_some_and(|(of, at)| of == value_key(source) && at == stored),
                _ => false,
            };
            whole && dense && !format.is_blocked() && same_size
        }
        _ => false,
    }
}

/// A dimension's size: known, or a value of the kernel.
#[derive(Clone, Copy)]
enum Extent<'c, 'a> {
    Static(u64),
    Dynamic(Value<'c, 'a>),
}

/// The tensor (by [`value_key`]) and dimension whose size `size` is, when a
/// `tensor.dim` with a constant dimension makes it.
fn dimension_of(size: Value) -> Option<(usize, usize)> {
    let maker = OperationResult::try_from(size).ok()?.owner();
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
