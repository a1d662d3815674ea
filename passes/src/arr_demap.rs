//! `arr-demap`: statements over tensors stored in blocks → statements over
//! their blocks (upstream's `sparse-reinterpret-map`).
//!
//! A dimension stored in blocks of `b` (BSR's `i floordiv 2`, `i mod 2`) has
//! two levels, so the loop that indexes it must become two loops: the block
//! `ib` and the offset `ii`, with `i = b · ib + ii`. This pass splits every
//! such loop of an `arr.compute`. Each tensor the loop indexes is then read
//! through `arr.split` views that split the dimension the same way, and the
//! result is computed split and merged back with `arr.collapse`. Each view
//! carries the storage its source's buffers already give it ([`Format::split`]):
//! a blocked dimension splits into its block and offset levels, and a dense
//! level into two dense levels with the same positions. So the views cost
//! nothing, and every later pass sees tensors whose levels store whole
//! dimensions. An operand that stores such a dimension in a compressed
//! level, or in blocks of another size, cannot be viewed split: it reads
//! the dimension whole through the compound subscript `b · ib + ii`, which
//! the later passes resolve as any compound subscript. The result must
//! split; one that cannot is refused at the statement.
//!
//! A collapse view (`arr.collapse` of dimensions `d` and `d + 1`, with no
//! storage of its own) that only statements read is first given the
//! storage its source's buffers give it ([`Format::merge`]): the collapsed
//! dimension stored in blocks of `|d + 1|`, its block and offset where the
//! two dimensions were. Its loop then splits back into the two, each
//! iterating the source's level (paper 001's product of sequences), so the
//! collapse is read in place, never built. One that cannot be (a dimension
//! of size 1, a dynamic inner size) is built first by host code.

use crate::arr_concretize::{dim_of, whole_blocks};
use crate::ir::{collect, defining_op, edit, erase, replace_uses, value_key};
use crate::place::Place;
use crate::statement::{LoopOrigin, LOOP_ORIGINS};
use melior::{
    dialect::arith,
    ir::{
        attribute::IntegerAttribute,
        attribute::{ArrayAttribute, DenseI64ArrayAttribute, FlatSymbolRefAttribute},
        block::BlockLike,
        operation::{OperationBuilder, OperationLike, OperationMutLike},
        r#type::{DimSize, RankedTensorType},
        AffineMap, Attribute, Identifier, Location, OperationRef, ShapedTypeLike, Type, Value, ValueLike,
    },
    Context,
};
use sparse_dialects::{
    arr::{self, Access, Compute, Index},
    encoding::{Encoding, EncodingError},
    subscript::{subscripts, Subscript, SubscriptError},
    verify::emit_error,
};
use sparse_formats::{Format, Level, LevelKind};
use std::collections::HashMap;

module_pass!(ArrDemap, "arr-demap", "Split the loops over dimensions stored in blocks (BSR) into block and offset loops", run);

fn run<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> bool {
    for op in collect(module, |op| matches!(crate::ir::name(op).as_str(), "tensor.collapse_shape" | "tensor.expand_shape")) {
        if let Err(error) = view_upstream_reshape(op) {
            emit_error(op.location(), &error.to_string());
            return false;
        }
    }
    if let Err((op, message)) = crate::sliced_views::build_sliced_views(module, context) {
        emit_error(op.location(), &message);
        return false;
    }
    for op in collect(module, |op| arr::Collapse::of(op).is_some()) {
        let stored = store_collapse(op, context);
        if let Err(error) = stored.and_then(|stored| if stored { Ok(()) } else { build_collapse(op, context) }) {
            emit_error(op.location(), &error.to_string());
            return false;
        }
    }
    for op in collect(module, |op| arr::Split::of(op).is_some() || arr::Broadcast::of(op).is_some()) {
        let read = if arr::Split::of(op).is_some() { read_split_whole(op, context) } else { read_broadcast_whole(op, context) };
        if let Err(error) = read {
            emit_error(op.location(), &error.to_string());
            return false;
        }
    }
    for op in collect(module, |op| Compute::of(op).is_some()) {
        if let Err((location, error)) = demap(op, context) {
            emit_error(location.unwrap_or(op.location()), &error.to_string());
            return false;
        }
    }
    true
}

/// Gives the collapse view `op` the storage its source's buffers give it
/// when it has none and only statements read it (see the module's doc),
/// and says whether it did (then `op` is gone); leaves it as it is
/// otherwise.
fn store_collapse<'c>(op: OperationRef<'c, '_>, context: &'c Context) -> Result<bool, DemapError> {
    let Some((source, dims, encoding)) = merged_storage(op) else { return Ok(false) };
    let result = RankedTensorType::try_from(op.result(0).map_err(|_| DemapError::Malformed("arr.collapse"))?.r#type())
        .map_err(|_| DemapError::Malformed("arr.collapse"))?;
    let stored = RankedTensorType::new(&crate::ir::sizes_of(result), result.element(), Some(encoding.to_attribute(context)));
    let place = Place::before(op).ok_or(DemapError::Malformed("arr.collapse outside a block"))?;
    let view = arr::collapse(source, stored.into(), dims, op.location()).map_err(|_| DemapError::Malformed("arr.collapse"))?;
    let view = place.value(view);
    replace_uses(op.result(0).expect("one result").into(), view);
    erase(op)?;
    Ok(true)
}

/// Builds the collapse view `op` that statements read but that cannot be
/// read in place (a dimension of size 1, whose blocks of 1 no format
/// stores, or a dynamic inner size) into a tensor of its own, by host code:
/// a `tensor.collapse_shape` into every level compressed (every level dense
/// when its source is stored densely), with its source's fill, which the
/// statements then read. A collapse given storage, read otherwise, or of
/// non-adjacent dimensions is left as it is; so is a column-major one
/// (`dims = [d + 1, d]`) unless one of its dimensions has size 1, where it
/// makes the same coordinates as the row-major one.
fn build_collapse<'c>(op: OperationRef<'c, '_>, context: &'c Context) -> Result<(), DemapError> {
    let malformed = || DemapError::Malformed("arr.collapse");
    let (Ok(result), Ok(source), Some(dims)) = (op.result(0), op.operand(0), arr::Collapse::of(op).and_then(|view| view.dims())) else {
        return Ok(());
    };
    let result: Value = result.into();
    let result_type = RankedTensorType::try_from(result.r#type()).map_err(|_| malformed())?;
    let source_type = RankedTensorType::try_from(source.r#type()).map_err(|_| malformed())?;
    let reads = crate::ir::reads(result);
    if result_type.encoding().is_some() || reads.is_empty() || !reads.iter().all(|user| Access::of(*user).is_some()) {
        return Ok(());
    }
    let [first, second] = dims[..] else { return Ok(()) };
    let unit = |dim: i64| usize::try_from(dim).is_ok_and(|dim| matches!(source_type.dim_size(dim), Ok(DimSize::Static(1))));
    let first = match (first, second) {
        (first, second) if second == first + 1 => first,
        (first, second) if first == second + 1 && (unit(first) || unit(second)) => second,
        _ => return Ok(()),
    };
    let stored = arr::stored_encoding(source).ok_or(malformed())?;
    let encoding = crate::sliced_views::built_view_encoding(&stored, result_type.rank()).map_err(|_| malformed())?;
    let built = RankedTensorType::new(&crate::ir::sizes_of(result_type), result_type.element(), Some(encoding.to_attribute(context)));
    let step = Step { dim: usize::try_from(first).map_err(|_| malformed())?, block: 0, loop_: 0 };
    let made = reshape("tensor.collapse_shape", source, built, result_type.rank(), &[step], &[], op.location(), context)?;
    let place = Place::before(op).ok_or(DemapError::Malformed("arr.collapse outside a block"))?;
    replace_uses(result, place.value(made));
    erase(op)?;
    Ok(())
}

/// The source, the dimensions and the storage of the collapse view `op`
/// when it can be read in place: its type has no encoding, and
/// [`collapse_storage`] gives its storage.
fn merged_storage<'c, 'a>(op: OperationRef<'c, 'a>) -> Option<(Value<'c, 'a>, [usize; 2], Encoding<'c>)> {
    let result: Value = op.result(0).ok()?.into();
    if RankedTensorType::try_from(result.r#type()).ok()?.encoding().is_some() {
        return None;
    }
    let source: Value = op.operand(0).ok()?;
    let [first, second] = arr::Collapse::of(op)?.dims()?[..] else { return None };
    let dims = [usize::try_from(first).ok()?, usize::try_from(second).ok()?];
    Some((source, dims, collapse_storage(result, source, dims, true)?))
}

/// The storage the collapse `result` of the adjacent dimensions `[a, b]`
/// of `source` (`x[a] · |b| + x[b]`, column-major when `b` comes first)
/// reads in place, when it can: `source` is a tensor (not another view)
/// whose two dimensions, `b` of static size, merge ([`Format::merge`],
/// after [`Format::swap_dims`] for a column-major collapse), and every use
/// of `result` is an `arr.access` of a
/// statement, with a dense result unless `sparse_results` (a sparse one
/// split along the collapsed loop is computed into a new tensor and built
/// back, see [`demap`]; host code builds an upstream collapse instead).
fn collapse_storage<'c>(result: Value<'c, '_>, source: Value<'c, '_>, [a, b]: [usize; 2], sparse_results: bool) -> Option<Encoding<'c>> {
    let read_in_place = |user: &OperationRef| {
        let statement = user.parent_operation().and_then(|parent| Compute::of(parent).map(|_| parent));
        let output =
            statement.and_then(|statement| statement.result(0).ok()).and_then(|output| RankedTensorType::try_from(output.r#type()).ok());
        Access::of(*user).is_some()
            && output
                .and_then(|output| Encoding::of_any(output).ok())
                .is_some_and(|encoding| sparse_results || !encoding.format.is_sparse())
    };
    if !crate::ir::reads(result).iter().all(read_in_place) || produced_by_view(source) {
        return None;
    }
    let source_type = RankedTensorType::try_from(source.r#type()).ok()?;
    let Ok(DimSize::Static(inner)) = source_type.dim_size(b) else { return None };
    let encoding = Encoding::of_any(source_type).ok()?;
    let format = encoding.format.collapse_order(a, b)?.merge(a.min(b), usize::try_from(inner).ok()?)?;
    Some(Encoding { format, fill: encoding.fill })
}

/// Whether `tensor` is an `arr` view.
fn produced_by_view(tensor: Value) -> bool {
    defining_op(tensor).is_some_and(|made| arr::SHAPE_OPS.contains(&crate::ir::name(made).as_str()))
}

/// Turns an upstream reshape that statements read (`tensor.collapse_shape`,
/// `tensor.expand_shape`) into the `arr` view it is (`arr.collapse`,
/// `arr.split`) when that view is then read in place, so that it is not
/// built: it merges or splits one pair of adjacent dimensions (every other
/// group one dimension), its sizes are static, and its source and result
/// have one fill. A collapse is read as `arr.collapse` is
/// ([`collapse_storage`]): its loop splits into the source's two, beside
/// operands of any storage (a sparse one reads the collapsed dimension
/// whole, through the compound subscript) and into results of any storage
/// (a sparse one computed split and built back). A split's source stores
/// the dimension in a dense or a compressed level, and every other tensor
/// the statements read along the loops of those dimensions stores them
/// densely. Host code builds the others.
fn view_upstream_reshape(op: OperationRef) -> Result<(), DemapError> {
    let (Some(view), Ok(source), Ok(result)) = (upstream_view_of(op), op.operand(0), op.result(0)) else { return Ok(()) };
    let result: Value = result.into();
    let (Ok(source_type), Ok(result_type)) = (RankedTensorType::try_from(source.r#type()), RankedTensorType::try_from(result.r#type()))
    else {
        return Ok(());
    };
    let fill = |tensor| Encoding::of_any(tensor).ok().and_then(|encoding| crate::fill::Number::of_typed(encoding.fill));
    let all_static = |tensor: RankedTensorType| (0..tensor.rank()).all(|dim| matches!(tensor.dim_size(dim), Ok(DimSize::Static(_))));
    let same_fill = fill(source_type).zip(fill(result_type)).is_some_and(|(a, b)| a.same(b));
    if !same_fill || !all_static(source_type) || !all_static(result_type) || produced_by_view(source) {
        return Ok(());
    }
    let sizes: Vec<u64> = (0..result_type.rank())
        .map(|dim| match result_type.dim_size(dim) {
            Ok(DimSize::Static(size)) => size,
            _ => 0,
        })
        .collect();
    let plain = RankedTensorType::new(&sizes, result_type.element(), None);
    let made = match view {
        UpstreamView::Collapse(first) => {
            if collapse_storage(result, source, [first, first + 1], true).is_none() {
                return Ok(());
            }
            arr::collapse(source, plain.into(), [first, first + 1], op.location())
        }
        UpstreamView::Split(dim) => {
            let encoding = Encoding::of_any(source_type)?;
            let level = encoding.format.dim_to_lvl.iter().position(|&part| part == dim);
            let stored = level.map(|level| encoding.format.levels[level]);
            let readable = !encoding.format.is_blocked()
                && stored.is_some_and(|level| {
                    level.is_located() || (level.kind == sparse_formats::LevelKind::Compressed && level.ordered && level.unique)
                });
            if !readable || !only_dense_beside(result, &[dim, dim + 1]) {
                return Ok(());
            }
            arr::split(source, plain.into(), dim, op.location())
        }
    };
    let place = Place::before(op).ok_or(DemapError::Malformed("a reshape outside a block"))?;
    let made = place.value(made.map_err(|_| DemapError::Malformed("a reshape's view"))?);
    // Read in place, the reshape is never built: freeing it goes too.
    crate::ir::erase_deallocations(result)?;
    replace_uses(result, made);
    erase(op)?;
    Ok(())
}

/// What an upstream reshape is as an `arr` view.
enum UpstreamView {
    /// `arr.collapse` of dimensions `d` and `d + 1`.
    Collapse(usize),
    /// `arr.split` of dimension `d`.
    Split(usize),
}

/// The view `op` is: a `tensor.collapse_shape` or `tensor.expand_shape`
/// whose reassociation has one group of two adjacent dimensions, every
/// other group one, and whose every use is an `arr.access` (or frees it).
fn upstream_view_of(op: OperationRef) -> Option<UpstreamView> {
    let groups = crate::ir::reassociation(op)?;
    let mut pairs = groups.iter().enumerate().filter(|(_, group)| group.len() != 1);
    let (at, pair) = pairs.next()?;
    if pairs.next().is_some() || pair.len() != 2 || pair[1] != pair[0] + 1 {
        return None;
    }
    let result: Value = op.result(0).ok()?.into();
    let reads = crate::ir::reads(result);
    if reads.is_empty() || !reads.iter().all(|user| Access::of(*user).is_some()) {
        return None;
    }
    match crate::ir::name(op).as_str() {
        "tensor.collapse_shape" => Some(UpstreamView::Collapse(pair[0])),
        "tensor.expand_shape" => Some(UpstreamView::Split(at)),
        _ => None,
    }
}

/// Whether every other tensor that a statement reading `tensor` reads
/// along the loops of `tensor`'s dimensions `dims` stores those dimensions
/// in levels located by coordinate (dense ones): the in-place read of a
/// reshape splits or merges those loops, which such levels follow at no cost.
fn only_dense_beside(tensor: Value, dims: &[usize]) -> bool {
    crate::ir::reads(tensor).iter().all(|user| {
        let Some(loops) = Access::of(*user)
            .and_then(|access| access.indexing_map())
            .and_then(|map| subscripts(map).ok())
            .and_then(|read| dims.iter().map(|&dim| read.get(dim)?.as_dim()).collect::<Option<Vec<_>>>())
        else {
            return false;
        };
        let Some(body) = user.block() else { return false };
        let mut next = body.first_operation();
        while let Some(other) = next {
            next = other.next_in_block();
            let Some(access) = Access::of(other).filter(|_| other != *user) else { continue };
            let (Some(map), Ok(read)) = (access.indexing_map(), other.operand(0)) else { return false };
            let Ok(read_subscripts) = subscripts(map) else { return false };
            let Some(encoding) = arr::stored_encoding(read) else { return false };
            for (dim, subscript) in read_subscripts.iter().enumerate() {
                if !subscript.terms.iter().any(|(loop_, _)| loops.contains(loop_)) {
                    continue;
                }
                let level = encoding.format.dim_to_lvl.iter().position(|&part| part == dim);
                if encoding.format.is_blocked() || !level.is_some_and(|level| encoding.format.levels[level].is_located()) {
                    return false;
                }
            }
        }
        true
    })
}

/// Reads the split view `op` through its source when the view has no
/// storage of its own (its source stores the dimension in a level no split
/// of it gives, a compressed one): an access at `(…, s, t, …)` of the view
/// reads the source at `(…, n · s + t, …)` (see [`read_through_source`]).
fn read_split_whole<'c>(op: OperationRef<'c, '_>, context: &'c Context) -> Result<(), DemapError> {
    if arr::reinterpreted(op).is_some() {
        return Ok(());
    }
    let dim = arr::shape_dim(op).and_then(|dim| usize::try_from(dim).ok()).ok_or(DemapError::Malformed("arr.split"))?;
    let view = RankedTensorType::try_from(op.result(0).map_err(|_| DemapError::Malformed("arr.split"))?.r#type());
    let Ok(Ok(DimSize::Static(inner))) = view.map(|view| view.dim_size(dim + 1)) else { return Ok(()) };
    let Ok(inner) = i64::try_from(inner) else { return Ok(()) };
    read_through_source(op, context, &|read: &mut Vec<Subscript>| {
        let offset = read.remove(dim + 1);
        let whole = &mut read[dim];
        for term in whole.terms.iter_mut() {
            term.1 *= inner;
        }
        whole.intercept = whole.intercept * inner + offset.intercept;
        for (loop_, coefficient) in offset.terms {
            match whole.terms.iter_mut().find(|(existing, _)| *existing == loop_) {
                Some(term) => term.1 += coefficient,
                None => whole.terms.push((loop_, coefficient)),
            }
        }
        whole.terms.retain(|&(_, coefficient)| coefficient != 0);
    })
}

/// Reads the broadcast view `op` through its source: an access of the view
/// reads the source without the subscript of the broadcast dimension, which
/// every coordinate of that dimension sees alike (see [`read_through_source`]).
fn read_broadcast_whole<'c>(op: OperationRef<'c, '_>, context: &'c Context) -> Result<(), DemapError> {
    let dim = arr::shape_dim(op).and_then(|dim| usize::try_from(dim).ok()).ok_or(DemapError::Malformed("arr.broadcast"))?;
    read_through_source(op, context, &|read: &mut Vec<Subscript>| {
        read.remove(dim);
    })
}

/// Moves every read of the view `op` to its source, its subscripts changed
/// by `through`, when the view has no storage of its own, its sizes are
/// static, its source is a tensor (not another view) and only statements
/// read it. An unused access of the view stays beside each such read: it
/// gives the loops the view's sizes (the source's subscripts may not), and
/// `arr-concretize` reads no storage for it and erases the view after.
/// Leaves the view as it is otherwise.
fn read_through_source<'c>(
    op: OperationRef<'c, '_>,
    context: &'c Context,
    through: &dyn Fn(&mut Vec<Subscript>),
) -> Result<(), DemapError> {
    let malformed = || DemapError::Malformed("a view read through its source");
    let view: Value = op.result(0).map_err(|_| malformed())?.into();
    let view_type = RankedTensorType::try_from(view.r#type()).map_err(|_| malformed())?;
    let source: Value = op.operand(0).map_err(|_| malformed())?;
    let users = crate::ir::users(view);
    let all_static = (0..view_type.rank()).all(|dim| matches!(view_type.dim_size(dim), Ok(DimSize::Static(_))));
    if view_type.encoding().is_some() || !all_static || produced_by_view(source) || users.iter().any(|user| Access::of(*user).is_none()) {
        return Ok(());
    }
    for user in users {
        let map = Access::of(user).and_then(|access| access.indexing_map()).ok_or(malformed())?;
        let sizing = Place::before(user).ok_or(malformed())?;
        sizing.put(crate::ir::rebuild(user, &[view], context).map_err(|_| malformed())?);
        let mut read = subscripts(map)?;
        through(&mut read);
        let loops: Vec<usize> = (0..map.dim_count()).collect();
        let results: Vec<String> = read.iter().map(|subscript| crate::ir::render_subscript(subscript, &loops)).collect();
        let map = crate::ir::loop_map(loops.len(), &results, context).ok_or(malformed())?;
        let mut access = edit(user);
        access.set_operand(0, source);
        access.set_attribute("indexing_map", map);
    }
    Ok(())
}

/// Why a statement cannot be split into blocks.
#[derive(Debug, thiserror::Error)]
enum DemapError {
    #[error(transparent)]
    Encoding(#[from] EncodingError),
    #[error(transparent)]
    Subscript(#[from] SubscriptError),
    #[error("{0}")]
    Malformed(&'static str),
    #[error("{what} stores dimension {dim} in blocks, so its subscript must be a loop, not {subscript}")]
    BlockedSubscript { what: String, dim: usize, subscript: String },
    #[error("loop d{loop_} indexes dimensions stored in blocks of {first} and of {second}; a loop splits one way")]
    Conflict { loop_: usize, first: usize, second: usize },
    #[error(
        "{what} stores dimension {dim} in a level that cannot be split into the blocks of {block} that loop d{loop_} \
         is split into (by an operand stored in blocks, or a collapse read in place): store it densely, compressed, or in \
         blocks of {block}"
    )]
    Unsplittable { what: String, dim: usize, loop_: usize, block: usize },
    #[error(
        "the result holds a band level and is computed split (by an operand stored in blocks, or a collapse read in \
         place): a band is assembled only in order, so the result is computed into a temporary and copied into it, \
         which needs an init that gives only its shape (tensor.empty), not values"
    )]
    BandWithValues,
    #[error(
        "{what} is a view of arr.slice read by loops that are split (by an operand stored in blocks, or a collapse read in \
         place), which is supported yet only for a slice of a tensor, not of another view, with a constant start and step, \
         and of a tensor stored in blocks only along a dimension it stores whole"
    )]
    SlicedSplit { what: String },
    #[error(
        "{what} is a view of arr.slice read by loops that are split (by an operand stored in blocks, or a collapse read in \
         place) whose slice of dimension {dim} starts at 0 with step 1 and ends before the dimension's end (or where it is \
         not known statically), read there by a loop that is not split: read through its source it would lose that end, \
         which is not supported yet"
    )]
    SlicedPrefix { what: String, dim: usize },
    #[error(
        "the init of a result that is computed split and built back (its levels cannot be read split) has dynamic sizes, \
         which is not supported yet"
    )]
    DynamicInit,
    #[error(transparent)]
    StillUsed(#[from] crate::ir::StillUsed),
}

type Located<'c, T> = Result<T, (Option<Location<'c>>, DemapError)>;

/// Locates an error at `op`. The location is read now: `f(op).map_err(at(op))`
/// reads it after `f`, which must then not have erased `op`.
fn at<'c>(op: OperationRef<'c, '_>) -> impl FnOnce(DemapError) -> (Option<Location<'c>>, DemapError) {
    let location = op.location();
    move |error| (Some(location), error)
}

/// The loops a statement splits: loop → its block size.
type Splits = HashMap<usize, usize>;

fn demap<'c>(op: OperationRef<'c, '_>, context: &'c Context) -> Located<'c, ()> {
    let compute = Compute::of(op).expect("collected as a compute");
    let output_map = compute.indexing_map().ok_or((None, DemapError::Malformed("arr.compute has no indexing map")))?;
    let output = compute.result_type().ok_or((None, DemapError::Malformed("arr.compute has no ranked result")))?;
    let body = compute.body().ok_or((None, DemapError::Malformed("arr.compute has no body")))?;
    let body_ops: Vec<OperationRef> = std::iter::successors(body.first_operation(), |op| op.next_in_block()).collect();
    let mut splits = Splits::new();
    for &access in body_ops.iter().filter(|op| Access::of(**op).is_some()) {
        let (tensor, map) = access_parts(access).map_err(at(access))?;
        let what = format!("the tensor {}", tensor.r#type());
        // A view of arr.slice is stored as the tensor it slices.
        let source = tensor_type(arr::slice_source(tensor)).map_err(at(access))?;
        let stored = Encoding::of_any(source).map_err(|error| (Some(access.location()), error.into()))?;
        let mut recorded = splits.clone();
        match record_splits(&what, &stored.format, map, &mut recorded) {
            Ok(()) => splits = recorded,
            // Blocks of another size than a loop already splits into: the
            // tensor is read through a copy stored without blocks.
            Err(conflict @ DemapError::Conflict { .. }) => {
                read_unblocked_copy(op, access, &stored, context).map_err(|_| (Some(access.location()), conflict))?
            }
            Err(error) => return Err((Some(access.location()), error)),
        }
    }
    record_splits(
        "the result",
        &Encoding::of_any(output).map_err(|error| (Some(op.location()), error.into()))?.format,
        output_map,
        &mut splits,
    )
    .map_err(at(op))?;
    if splits.is_empty() {
        return Ok(());
    }
    let loops = output_map.dim_count();
    let reduced: Vec<usize> = (0..loops)
        .filter(|loop_| {
            !(0..output_map.result_count()).any(|r| output_map.result(r).is_ok_and(|e| e.is_dim() && e.dim_position() == *loop_))
        })
        .collect();
    // One reduction function a reduced loop, outermost first: a split loop
    // reduces twice with its function (checked before anything changes).
    let functions = compute.reductions().unwrap_or_default();
    if functions.len() != reduced.len() {
        return Err((Some(op.location()), DemapError::Malformed("arr.compute needs one reduction function for each reduced loop")));
    }
    // Loop `l` becomes loop `first[l]`, and `first[l] + 1` when it is split.
    let first: Vec<usize> =
        (0..loops).scan(0, |next, loop_| Some(std::mem::replace(next, *next + 1 + splits.contains_key(&loop_) as usize))).collect();
    let new_loops = loops + splits.len();
    let mut views = HashMap::new();
    for &access in body_ops.iter().filter(|op| Access::of(**op).is_some()) {
        let (tensor, map) = access_parts(access).map_err(at(access))?;
        let what = format!("the tensor {}", tensor.r#type());
        let place = Place::before(op).ok_or((None, DemapError::Malformed("arr.compute is not in a block")))?;
        let split = Split { splits: &splits, first: &first, new_loops, place, location: access.location() };
        let read = split.access(&what, tensor, map, &mut views, context, Reading::Operand).map_err(at(access))?;
        if let Some(sizing) = read.sizing {
            let rebuilt = crate::ir::rebuild(access, &[tensor], context).map_err(|_| (None, DemapError::Malformed("arr.access")))?;
            let sizing_read = Place::before(access).ok_or((None, DemapError::Malformed("arr.access is not in a block")))?.put(rebuilt);
            edit(sizing_read).set_attribute("indexing_map", sizing);
        }
        let mut access = edit(access);
        access.set_operand(0, read.tensor);
        access.set_attribute("indexing_map", read.map);
    }
    for &index in body_ops.iter().filter(|op| Index::of(**op).is_some()) {
        // Located before the call, which erases `index` when it succeeds.
        let located = at(index);
        split_index(index, &splits, &first, context).map_err(located)?;
    }
    // The result: computed split, then merged back dimension by dimension.
    // A result whose storage no view splits (a compressed level) is computed
    // into a new tensor stored split ([`Format::split_rebuilt`]) and built
    // back by one `tensor.collapse_shape`, which host code lowers.
    let steps = dimension_splits(output_map, &splits).map_err(at(op))?;
    let mut output = output;
    // Host code builds a rebuilt result back by inserts, which a band level
    // cannot take: a result with one is rebuilt through a temporary.
    let banded = Encoding::of_any(output).is_ok_and(|encoding| encoding.format.levels.iter().any(|level| level.kind == LevelKind::Band));
    let (types, rebuilt) = match split_types("the result", output, &steps, context, Format::split) {
        Ok(types) => (types, false),
        Err(error) => match split_types("the result", output, &steps, context, Format::split_rebuilt) {
            Ok(types) if !banded => (types, true),
            rebuilt_split => {
                // Computed into a temporary that splits, copied into the result after.
                let splits =
                    |temporary| Some((temporary, split_types("the result", temporary, &steps, context, Format::split_rebuilt).ok()?));
                let shape_only = compute.init().is_none_or(|init| crate::result_temporaries::empty_of(init).is_some());
                let temporary = compressed_temporary(output, &steps, context);
                let Some((temporary, types)) = temporary.filter(|_| shape_only).and_then(splits) else {
                    // What only the band kept from being built back by inserts.
                    let band_with_values = banded && !shape_only && rebuilt_split.is_ok() && temporary.is_some();
                    return Err((Some(op.location()), if band_with_values { DemapError::BandWithValues } else { error }));
                };
                crate::result_temporaries::through_temporary(op, temporary, context)
                    .map_err(|_| (Some(op.location()), DemapError::Malformed("a statement computed into a temporary")))?;
                output = temporary;
                (types, true)
            }
        },
    };
    // The init, which gives the result's shape and initial values, is read
    // through views split as the result is, or built split as it is; one
    // that gives only sizes (`tensor.empty`) is made again split.
    if let Some(init) = compute.init() {
        let place = Place::before(op).ok_or((None, DemapError::Malformed("arr.compute is not in a block")))?;
        let empty = crate::result_temporaries::empty_of(init);
        let view = if rebuilt || empty.is_some() {
            let split = types.last().copied().ok_or((None, DemapError::Malformed("a split result with no split")))?;
            match empty {
                Some(empty) => split_empty(empty, split, &steps, place, op.location(), context).map_err(at(op))?,
                None => place.value(expand(init, split, &steps, op.location(), context).map_err(at(op))?),
            }
        } else {
            let split = Split { splits: &splits, first: &first, new_loops, place, location: op.location() };
            split.access("the init", init, output_map, &mut views, context, Reading::Result).map_err(at(op))?.tensor
        };
        edit(op).set_operand(0, view);
    }
    let result: Value = op.result(0).map_err(|_| (None, DemapError::Malformed("arr.compute has no result")))?.into();
    result.set_type(types.last().copied().unwrap_or(output).into());
    let after = op.next_in_block().and_then(Place::before).ok_or((None, DemapError::Malformed("arr.compute is not in a block")))?;
    let merges = if rebuilt {
        vec![after.put(build_back(result, output, &steps, op.location(), context).map_err(at(op))?)]
    } else {
        // The views' types before each split, the last split first: what
        // each collapse gives back.
        let mut merged_types: Vec<RankedTensorType> = std::iter::once(output).chain(types.iter().copied()).collect();
        merged_types.pop();
        let mut merged = result;
        let mut collapses = Vec::new();
        for (step, r#type) in steps.iter().zip(merged_types).rev() {
            let dim = step.dim;
            let collapse = arr::collapse(merged, r#type.into(), [dim, dim + 1], op.location())
                .map_err(|_| (None, DemapError::Malformed("arr.collapse")))?;
            let collapse = after.put(collapse);
            merged = collapse.result(0).expect("one result").into();
            collapses.push(collapse);
        }
        collapses
    };
    if let (Some(&first_merge), Some(&last_merge)) = (merges.first(), merges.last()) {
        replace_uses(result, last_merge.result(0).expect("one result").into());
        edit(first_merge).set_operand(0, result);
    }
    let mut compute_op = edit(op);
    compute_op.set_attribute("indexing_map", remap(output_map, &splits, &first, new_loops, &[], context).map_err(at(op))?);
    let symbols: Vec<Attribute> = reduced
        .iter()
        .zip(&functions)
        .flat_map(|(loop_, function)| vec![*function; 1 + splits.contains_key(loop_) as usize])
        .map(|function| Attribute::from(FlatSymbolRefAttribute::new(context, function)))
        .collect();
    compute_op.set_attribute("reductions", ArrayAttribute::new(context, &symbols).into());
    // What each loop was, for diagnostics in the user's loops.
    let origins: Vec<i64> = (0..loops)
        .flat_map(|loop_| match splits.get(&loop_) {
            Some(&block) => {
                let block = block as i64;
                vec![LoopOrigin::Blocks { loop_, block }, LoopOrigin::Offsets { loop_, block }]
            }
            None => vec![LoopOrigin::Loop(loop_)],
        })
        .flat_map(LoopOrigin::encode)
        .collect();
    compute_op.set_attribute(LOOP_ORIGINS, DenseI64ArrayAttribute::new(context, &origins).into());
    Ok(())
}

fn access_parts<'c, 'a>(access: OperationRef<'c, 'a>) -> Result<(Value<'c, 'a>, AffineMap<'c>), DemapError> {
    let tensor = access.operand(0).map_err(|_| DemapError::Malformed("arr.access has no operand"))?;
    let map = Access::of(access).and_then(|view| view.indexing_map()).ok_or(DemapError::Malformed("arr.access has no indexing map"))?;
    Ok((tensor, map))
}

fn tensor_type<'c>(tensor: Value<'c, '_>) -> Result<RankedTensorType<'c>, DemapError> {
    RankedTensorType::try_from(tensor.r#type()).map_err(|_| DemapError::Malformed("arr.access reads no ranked tensor"))
}

/// Makes `access` read a copy of its tensor (stored as `stored`), made
/// before the statement `op` by a copy statement of its own, in the same
/// shape and fill with every dimension compressed in order and none in
/// blocks: a statement whose loops the tensor's blocks would split another
/// way than another operand's reads the copy whole. The copy statement
/// reads the tensor split by its own blocks (demapped here, as every
/// statement is; its result built back where `access` reads it). `Err` when
/// the tensor is a view of `arr.slice`, or the copy cannot be built.
fn read_unblocked_copy<'c, 'a>(
    op: OperationRef<'c, 'a>,
    access: OperationRef<'c, 'a>,
    stored: &Encoding<'c>,
    context: &'c Context,
) -> Result<(), DemapError> {
    let malformed = || DemapError::Malformed("a copy stored without blocks");
    let (tensor, _) = access_parts(access)?;
    if arr::slice_source(tensor) != tensor {
        return Err(malformed());
    }
    let shape = tensor_type(tensor)?;
    let format = Format::new(vec![Level::compressed(); shape.rank()], (0..shape.rank()).collect()).map_err(|_| malformed())?;
    let encoding = Encoding { format, fill: stored.fill }.to_attribute(context);
    let r#type = RankedTensorType::new(&crate::ir::sizes_of(shape), shape.element(), Some(encoding));
    let copy = crate::raise_linalg::copy(tensor, r#type, context, op.location()).map_err(|_| malformed())?;
    let copy = Place::before(op).ok_or_else(malformed)?.put(copy);
    edit(access).set_operand(0, copy.result(0).map_err(|_| malformed())?.into());
    demap(copy, context).map_err(|(_, error)| error)
}

/// Records the loops that index a dimension `tensor` stores in blocks.
fn record_splits(what: &str, format: &Format, map: AffineMap, splits: &mut Splits) -> Result<(), DemapError> {
    let subscripts = subscripts(map)?;
    for (dim, (&block, subscript)) in format.blocks.iter().zip(&subscripts).enumerate().filter(|(_, (&block, _))| block > 1) {
        let loop_ = subscript.as_dim().ok_or_else(|| DemapError::BlockedSubscript {
            what: what.to_string(),
            dim,
            subscript: map.result(dim).map(|expr| expr.to_string()).unwrap_or_default(),
        })?;
        match splits.insert(loop_, block) {
            Some(first) if first != block => return Err(DemapError::Conflict { loop_, first, second: block }),
            _ => {}
        }
    }
    Ok(())
}

/// One split of a tensor's dimension `dim` (counted after the earlier
/// splits) into blocks of `block`, as loop `loop_` splits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Step {
    dim: usize,
    block: usize,
    loop_: usize,
}

/// The dimensions of an access that split, in order: those a split loop is
/// the whole subscript of. A dimension whose compound subscript holds a split
/// loop (`x(i + k)`) is read whole, at that subscript with the loop written
/// `block · ib + ii` ([`remap`]).
fn dimension_splits(map: AffineMap, splits: &Splits) -> Result<Vec<Step>, DemapError> {
    let mut steps: Vec<Step> = Vec::new();
    for (dim, subscript) in subscripts(map)?.iter().enumerate() {
        if let Some((loop_, &block)) = subscript.as_dim().and_then(|loop_| Some((loop_, splits.get(&loop_)?))) {
            // Each earlier split adds a dimension before this one.
            steps.push(Step { dim: dim + steps.len(), block, loop_ });
        }
    }
    Ok(steps)
}

/// What an access is: a read of an operand, or the result (or its init),
/// which the statement writes split.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reading {
    Operand,
    Result,
}

/// Of the `candidates` steps of an access to `tensor`, those its storage
/// can split (with their dimensions renumbered), and the split loops whose
/// dimension an operand reads whole instead: a dimension stored in a level
/// that no split of it can give (a compressed level, blocks of another
/// size) is read through the compound subscript `block · ib + ii`, which
/// the loops resolve as any compound subscript (paper 003's index-variable
/// reduction: the window of `block` coordinates each block of the loop
/// visits). The result must split.
fn splittable(what: &str, tensor: RankedTensorType, candidates: &[Step], read: Reading) -> Result<(Vec<Step>, Vec<usize>), DemapError> {
    let mut format = Encoding::of_any(tensor)?.format;
    let (mut steps, mut whole) = (Vec::new(), Vec::new());
    for (index, &Step { dim, block, loop_ }) in candidates.iter().enumerate() {
        // `dim` counts every earlier candidate as split; one read whole adds no dimension.
        let dim = dim - whole.len();
        match format.split(dim, block) {
            Some(split) => {
                format = split;
                steps.push(Step { dim, block, loop_ });
            }
            None if read == Reading::Operand => whole.push(loop_),
            None => return Err(DemapError::Unsplittable { what: what.to_string(), dim: dim - index + whole.len(), loop_, block }),
        }
    }
    Ok((steps, whole))
}

/// A temporary for a result that `steps` split but whose storage neither a
/// view nor a new tensor splits (a hash, band, bytemap, run-length or
/// variable-block level storing a split dimension), or that holds a band
/// level (which the inserts that build the result back cannot fill): the
/// same format with those levels, and every band, compressed, which
/// [`Format::split_rebuilt`] splits. `None` for a result stored in blocks.
fn compressed_temporary<'c>(output: RankedTensorType<'c>, steps: &[Step], context: &'c Context) -> Option<RankedTensorType<'c>> {
    let encoding = Encoding::of_any(output).ok()?;
    let mut format = encoding.format.clone();
    if format.is_blocked() {
        return None;
    }
    format.levels = format.levels.into_iter().map(crate::result_temporaries::written_out_of_order).collect();
    for (index, step) in steps.iter().enumerate() {
        let dim = origin(output.rank(), &steps[..index])[step.dim];
        let level = format.dim_to_lvl.iter().position(|&stored| stored == dim)?;
        let stored = format.levels[level];
        if !matches!(stored.kind, LevelKind::Dense | LevelKind::Compressed | LevelKind::LooseCompressed | LevelKind::Singleton) {
            format.levels[level] = Level { kind: LevelKind::Compressed, ordered: true, n_of_m: None, ..stored };
        }
    }
    let attribute = Encoding { format, fill: encoding.fill }.to_attribute(context);
    Some(RankedTensorType::new(&crate::ir::sizes_of(output), output.element(), Some(attribute)))
}

/// How a format stores a dimension split in two ([`Format::split`] for a
/// view, [`Format::split_rebuilt`] for a new tensor).
type SplitFormat = fn(&Format, usize, usize) -> Option<Format>;

/// The types of the tensors that apply `steps` one after the other to
/// `tensor`: each split dimension's size divided by its block, the block
/// after it, and the storage `split` gives.
fn split_types<'c>(
    what: &str,
    tensor: RankedTensorType<'c>,
    steps: &[Step],
    context: &'c Context,
    split: SplitFormat,
) -> Result<Vec<RankedTensorType<'c>>, DemapError> {
    let encoding = Encoding::of_any(tensor)?;
    let keeps_no_encoding = tensor.encoding().is_none();
    let mut format: Format = encoding.format.clone();
    let mut shape: Vec<i64> = (0..tensor.rank())
        .map(|dim| match tensor.dim_size(dim) {
            Ok(DimSize::Static(size)) => size as i64,
            _ => i64::MIN,
        })
        .collect();
    let mut types = Vec::new();
    for (index, &Step { dim, block, loop_ }) in steps.iter().enumerate() {
        // The dimension of the original tensor, for the diagnostic.
        let original = dim - index;
        format =
            split(&format, dim, block).ok_or_else(|| DemapError::Unsplittable { what: what.to_string(), dim: original, loop_, block })?;
        let size = shape[dim];
        shape.splice(dim..=dim, [if size == i64::MIN { size } else { size / block as i64 }, block as i64]);
        let attribute = (!keeps_no_encoding || format != Format::dense(format.dims()))
            .then(|| Encoding { format: format.clone(), fill: encoding.fill }.to_attribute(context));
        let sizes: Vec<u64> = shape.iter().map(|&size| size as u64).collect();
        types.push(RankedTensorType::new(&sizes, tensor.element(), attribute));
    }
    Ok(types)
}

/// Which dimensions of the tensor `steps` split `rank` dimensions into come
/// from each of those: `tensor.collapse_shape`'s and `tensor.expand_shape`'s
/// reassociation, as MLIR writes it.
fn reassociation(rank: usize, steps: &[Step]) -> String {
    let origin = origin(rank, steps);
    let groups: Vec<String> = (0..rank)
        .map(|dim| {
            let parts: Vec<String> = (0..origin.len()).filter(|&at| origin[at] == dim).map(|at| at.to_string()).collect();
            format!("[{}]", parts.join(", "))
        })
        .collect();
    format!("[{}]", groups.join(", "))
}

/// For each dimension of the tensor `steps` split `rank` dimensions into,
/// the dimension it comes from.
fn origin(rank: usize, steps: &[Step]) -> Vec<usize> {
    let mut origin: Vec<usize> = (0..rank).collect();
    for step in steps {
        origin.insert(step.dim + 1, origin[step.dim]);
    }
    origin
}

/// A `tensor.empty` of the type `split` for the init `empty` (a
/// `tensor.empty`, which only gives the result's sizes): each dynamic size is
/// `empty`'s, divided by the block where its dimension is split.
fn split_empty<'c, 'a>(
    empty: OperationRef<'c, 'a>,
    split: RankedTensorType<'c>,
    steps: &[Step],
    place: Place<'c, 'a>,
    location: Location<'c>,
    context: &'c Context,
) -> Result<Value<'c, 'a>, DemapError> {
    let malformed = || DemapError::Malformed("an init's tensor.empty");
    let original = tensor_type(empty.result(0).map_err(|_| malformed())?.into())?;
    let is_static = |tensor: RankedTensorType, dim: usize| matches!(tensor.dim_size(dim), Ok(DimSize::Static(_)));
    let static_size = |dim: usize| match split.dim_size(dim) {
        Ok(DimSize::Static(size)) => size,
        _ => 1,
    };
    let origin = origin(original.rank(), steps);
    let mut sizes = Vec::new();
    for at in (0..split.rank()).filter(|&at| !is_static(split, at)) {
        let dim = origin[at];
        let whole = empty.operand((0..dim).filter(|&before| !is_static(original, before)).count()).map_err(|_| malformed())?;
        let block: u64 = (at + 1..origin.len()).take_while(|&next| origin[next] == dim).map(static_size).product();
        sizes.push(match block {
            1 => whole,
            _ => blocks(whole, block as usize, &format!("dimension {dim} of the result"), place, location, context)?,
        });
    }
    let made = OperationBuilder::new("tensor.empty", location).add_operands(&sizes).add_results(&[split.into()]).build();
    Ok(place.value(made.map_err(|_| malformed())?))
}

/// The number of blocks of `block` in `size`, the size of the dimension
/// `split` names, which must hold a whole number of them (checked at run
/// time: a dynamic size stored or read in blocks).
fn blocks<'c, 'a>(
    size: Value<'c, 'a>,
    block: usize,
    split: &str,
    place: Place<'c, 'a>,
    location: Location<'c>,
    context: &'c Context,
) -> Result<Value<'c, 'a>, DemapError> {
    let message =
        format!("{split} is split into the blocks of {block} that a tensor stores it in, but its size is not a multiple of {block}");
    whole_blocks(size, block as i64, &message, place, context, location).map_err(|_| DemapError::Malformed("cf.assert"))
}

/// `tensor.collapse_shape` of the result computed split (`split`, a new
/// tensor) back into the statement's result type `output`.
fn build_back<'c, 'a>(
    split: Value<'c, 'a>,
    output: RankedTensorType<'c>,
    steps: &[Step],
    location: Location<'c>,
    context: &'c Context,
) -> Result<melior::ir::Operation<'c>, DemapError> {
    reshape("tensor.collapse_shape", split, output, output.rank(), steps, &[], location, context)
}

/// `tensor.expand_shape` of the statement's init into the type `split` of
/// the result computed split, for a result built back ([`build_back`]).
fn expand<'c, 'a>(
    init: Value<'c, 'a>,
    split: RankedTensorType<'c>,
    steps: &[Step],
    location: Location<'c>,
    context: &'c Context,
) -> Result<melior::ir::Operation<'c>, DemapError> {
    let sizes = (0..split.rank()).map(|dim| match split.dim_size(dim) {
        Ok(DimSize::Static(size)) => Ok(size.to_string()),
        _ => Err(DemapError::DynamicInit),
    });
    let sizes = sizes.collect::<Result<Vec<_>, _>>()?;
    let shape = Attribute::parse(context, &format!("array<i64: {}>", sizes.join(", "))).ok_or(DemapError::Malformed("an output shape"))?;
    let shape = (Identifier::new(context, "static_output_shape"), shape);
    reshape("tensor.expand_shape", init, split, tensor_type(init)?.rank(), steps, &[shape], location, context)
}

/// The reshape `name` of `source` into `result`, between a tensor of `rank`
/// dimensions and the one `steps` split it into, with `attributes` beside
/// its reassociation.
#[allow(clippy::too_many_arguments)]
fn reshape<'c, 'a>(
    name: &str,
    source: Value<'c, 'a>,
    result: RankedTensorType<'c>,
    rank: usize,
    steps: &[Step],
    attributes: &[(Identifier<'c>, Attribute<'c>)],
    location: Location<'c>,
    context: &'c Context,
) -> Result<melior::ir::Operation<'c>, DemapError> {
    let groups = Attribute::parse(context, &reassociation(rank, steps)).ok_or(DemapError::Malformed("a reassociation"))?;
    let mut all = vec![(Identifier::new(context, "reassociation"), groups)];
    all.extend_from_slice(attributes);
    OperationBuilder::new(name, location)
        .add_operands(&[source])
        .add_attributes(&all)
        .add_results(&[result.into()])
        .build()
        .map_err(|_| DemapError::Malformed("a reshape"))
}

/// The views of one statement: shared by the accesses that split the same
/// tensor the same way, keyed by the tensor and the splits.
type Views<'c, 'a> = HashMap<(usize, Vec<Step>), Value<'c, 'a>>;

/// How a statement reads a tensor once its loops split.
struct SplitRead<'c, 'a> {
    /// The tensor read (a view, or the source of a slice) and its map.
    tensor: Value<'c, 'a>,
    map: Attribute<'c>,
    /// For a view of `arr.slice` read through the tensor it slices, where a
    /// slice narrows a dimension the view reads (`i` of `a[0:4:2](i)`, read
    /// as `a(2 · i)`, which sizes no loop; `i` split into `b · ib + ii` of a
    /// prefix `a[0:3]`, which would size `ib` by `a`'s whole dimension; or
    /// `j + k` of `a[0:3]`, which only the view's size bounds): the map of a
    /// read of the view, its value unused, that sizes those loops and checks
    /// those subscripts as the view did.
    sizing: Option<Attribute<'c>>,
}

/// How one statement's loops split, and where its views go.
struct Split<'s, 'c, 'a> {
    splits: &'s Splits,
    first: &'s [usize],
    new_loops: usize,
    place: Place<'c, 'a>,
    location: Location<'c>,
}

impl<'c, 'a> Split<'_, 'c, 'a> {
    /// Reads `tensor` split along the split loops: the view and the new map.
    fn access(
        &self,
        what: &str,
        tensor: Value<'c, 'a>,
        map: AffineMap<'c>,
        views: &mut Views<'c, 'a>,
        context: &'c Context,
        read: Reading,
    ) -> Result<SplitRead<'c, 'a>, DemapError> {
        let candidates = dimension_splits(map, self.splits)?;
        let (steps, whole) = splittable(what, tensor_type(tensor)?, &candidates, read)?;
        let new_map = remap(map, self.splits, self.first, self.new_loops, &whole, context)?;
        let split_read = |tensor| SplitRead { tensor, map: new_map, sizing: None };
        if steps.is_empty() {
            return Ok(split_read(tensor));
        }
        let key = (value_key(tensor), steps.clone());
        if let Some(&view) = views.get(&key) {
            return Ok(split_read(view));
        }
        if arr::slice_source(tensor) != tensor {
            return match read {
                Reading::Operand if is_blocked(arr::slice_source(tensor)) => {
                    let view = self.slices_of_split(what, tensor, &candidates, views, context)?;
                    views.insert(key, view);
                    Ok(split_read(view))
                }
                Reading::Operand => self.through_slices(what, tensor, map, context),
                Reading::Result => Err(DemapError::SlicedSplit { what: what.to_string() }),
            };
        }
        Ok(split_read(self.split_views(what, tensor, &steps, views, context)?))
    }

    /// The `arr.split` views of `tensor` (not a slice) that `steps` make,
    /// each dimension of a size only the program knows checked to hold
    /// whole blocks; made once for each tensor and steps.
    fn split_views(
        &self,
        what: &str,
        tensor: Value<'c, 'a>,
        steps: &[Step],
        views: &mut Views<'c, 'a>,
        context: &'c Context,
    ) -> Result<Value<'c, 'a>, DemapError> {
        let key = (value_key(tensor), steps.to_vec());
        if let Some(&view) = views.get(&key) {
            return Ok(view);
        }
        let types = split_types(what, tensor_type(tensor)?, steps, context, Format::split)?;
        let mut view = tensor;
        // A dimension of a size only the program knows holds whole blocks.
        let source = tensor_type(tensor)?;
        let mut split_dims = std::collections::BTreeMap::new();
        for (index, step) in steps.iter().enumerate() {
            *split_dims.entry(origin(source.rank(), &steps[..index])[step.dim]).or_insert(1) *= step.block;
        }
        for (&dim, &block) in split_dims.iter().filter(|&(&dim, _)| !matches!(source.dim_size(dim), Ok(DimSize::Static(_)))) {
            let size = dim_of(tensor, dim, self.place, context, self.location).map_err(|_| DemapError::Malformed("tensor.dim"))?;
            blocks(size, block, &format!("dimension {dim} of {what}"), self.place, self.location, context)?;
        }
        for (step, r#type) in steps.iter().zip(types) {
            let split =
                self.place.put(arr::split(view, r#type.into(), step.dim, self.location).map_err(|_| DemapError::Malformed("arr.split"))?);
            view = split.result(0).expect("one result").into();
        }
        views.insert(key, view);
        Ok(view)
    }

    /// `tensor`, views of `arr.slice` of a tensor stored in blocks, read by
    /// split loops: the slices taken of the tensor's split views instead,
    /// along the same dimensions renumbered, when no slice narrows a
    /// dimension that splits (a slice's window need not hold whole blocks).
    fn slices_of_split(
        &self,
        what: &str,
        tensor: Value<'c, 'a>,
        candidates: &[Step],
        views: &mut Views<'c, 'a>,
        context: &'c Context,
    ) -> Result<Value<'c, 'a>, DemapError> {
        let refused = || DemapError::SlicedSplit { what: what.to_string() };
        let source = arr::slice_source(tensor);
        let (steps, whole) = splittable(what, tensor_type(source)?, candidates, Reading::Operand)?;
        if !whole.is_empty() {
            return Err(refused());
        }
        // The dimension of the source each dimension of its split views is.
        let origin = origin(tensor_type(source)?.rank(), &steps);
        let mut slices = Vec::new();
        for slice in arr::slices_of(tensor) {
            let dim = arr::shape_dim(slice).and_then(|dim| usize::try_from(dim).ok()).ok_or(DemapError::Malformed("arr.slice"))?;
            if origin.iter().filter(|&&from| from == dim).count() > 1 {
                return Err(refused());
            }
            slices.push((slice, dim));
        }
        let mut sliced = self.split_views(what, source, &steps, views, context)?;
        for (slice, dim) in slices.into_iter().rev() {
            let bounds = arr::Slice::of(slice).and_then(|view| view.bounds()).ok_or(DemapError::Malformed("arr.slice"))?;
            let at = origin.iter().position(|&from| from == dim).ok_or(DemapError::Malformed("arr.slice"))?;
            let split = tensor_type(sliced)?;
            let mut sizes = crate::ir::sizes_of(split);
            sizes[at] = crate::ir::sizes_of(tensor_type(slice.result(0).expect("one result").into())?)[dim];
            let r#type = RankedTensorType::new(&sizes, split.element(), None);
            let made = arr::slice(sliced, r#type.into(), at, bounds, self.location).map_err(|_| DemapError::Malformed("arr.slice"))?;
            sliced = self.place.value(made);
        }
        Ok(sliced)
    }

    /// Reads `tensor`, a view of `arr.slice` (of static start and step) that
    /// the split loops would split, through the tensor it slices: a view
    /// read at `e` along its sliced dimension reads its source at
    /// `start + step · e`, and each split loop `l` of the subscripts is
    /// `block · ib + ii`. These compound subscripts (paper 001's slice of a
    /// product, `a[s:e:r]` read by a collapsed loop) are resolved as any
    /// others by the later passes (paper 003's windows).
    fn through_slices(
        &self,
        what: &str,
        tensor: Value<'c, 'a>,
        map: AffineMap<'c>,
        context: &'c Context,
    ) -> Result<SplitRead<'c, 'a>, DemapError> {
        let mut read = subscripts(map)?;
        let of_view = read.clone();
        // Whether a slice narrows a dimension the view reads: the source's
        // dimension neither sizes its loop nor bounds its compound subscript.
        let mut narrowed = false;
        let mut view = tensor;
        for slice in arr::slices_of(tensor) {
            let dim = arr::shape_dim(slice).and_then(|dim| usize::try_from(dim).ok()).ok_or(DemapError::Malformed("arr.slice"))?;
            let bounds = arr::Slice::of(slice).and_then(|view| view.bounds()).ok_or(DemapError::Malformed("arr.slice"))?;
            let (Some(start), Some(step)) = (bounds[0].constant(), bounds[2].constant()) else {
                return Err(DemapError::SlicedSplit { what: what.to_string() });
            };
            let subscript = read.get_mut(dim).ok_or(DemapError::Malformed("arr.slice"))?;
            subscript.terms.iter_mut().for_each(|term| term.1 *= step);
            subscript.intercept = start + step * subscript.intercept;
            view = slice.operand(0).map_err(|_| DemapError::Malformed("arr.slice"))?;
            let extent = match tensor_type(view)?.dim_size(dim) {
                Ok(DimSize::Static(extent)) => i64::try_from(extent).ok(),
                _ => None,
            };
            let to_end = bounds[1].constant().is_some() && bounds[1].constant() == extent;
            narrowed |= start != 0 || step != 1 || !to_end;
            // Read at a plain subscript of a loop that is not split, the
            // source would size the loop by its whole dimension (a split
            // loop's `b · lb + li` reads windows, and the view sizes `lb`).
            if subscript.as_dim().is_some_and(|loop_| !self.splits.contains_key(&loop_)) && !to_end {
                return Err(DemapError::SlicedPrefix { what: what.to_string(), dim });
            }
        }
        // A tensor, not another view, and whose dimensions are whole.
        let blocked = arr::stored_encoding(view).is_none_or(|encoding| encoding.format.is_blocked());
        if produced_by_view(view) || blocked {
            return Err(DemapError::SlicedSplit { what: what.to_string() });
        }
        let split_map = |read: &[Subscript]| {
            let results: Vec<String> = read.iter().map(|subscript| split_subscript(subscript, self.splits, self.first)).collect();
            crate::ir::loop_map(self.new_loops, &results, context).ok_or(DemapError::Malformed("a map through a slice"))
        };
        let sizing = if narrowed { Some(split_map(&of_view)?) } else { None };
        Ok(SplitRead { tensor: view, map: split_map(&read)?, sizing })
    }
}

/// Whether `tensor` stores a dimension in blocks.
fn is_blocked(tensor: Value) -> bool {
    tensor_type(tensor).ok().and_then(|r#type| Encoding::of_any(r#type).ok()).is_some_and(|encoding| encoding.format.is_blocked())
}

/// `map` over the split loops: a split loop `l` is `(first[l], first[l] + 1)`
/// where it is a whole subscript, `first[l] · block + first[l] + 1` where
/// it indexes a dimension read whole (`whole`) and in a compound subscript
/// (`x(i + k)`: `x(b · ib + ii + k)`), and every other loop is renumbered.
fn remap<'c>(
    map: AffineMap<'c>,
    splits: &Splits,
    first: &[usize],
    new_loops: usize,
    whole: &[usize],
    context: &'c Context,
) -> Result<Attribute<'c>, DemapError> {
    let mut results = Vec::new();
    for subscript in subscripts(map)? {
        match subscript.as_dim() {
            Some(loop_) if whole.contains(&loop_) => {
                results.push(format!("d{} * {} + d{}", first[loop_], splits[&loop_], first[loop_] + 1));
            }
            Some(loop_) if splits.contains_key(&loop_) => {
                results.push(format!("d{}", first[loop_]));
                results.push(format!("d{}", first[loop_] + 1));
            }
            _ => results.push(split_subscript(&subscript, splits, first)),
        }
    }
    crate::ir::loop_map(new_loops, &results, context).ok_or(DemapError::Malformed("a split indexing map"))
}

/// `subscript` over the split loops, rendered: each split loop `l` is
/// `block · first[l] + (first[l] + 1)`, every other loop renumbered.
fn split_subscript(subscript: &Subscript, splits: &Splits, first: &[usize]) -> String {
    let mut expanded = Subscript { terms: Vec::new(), intercept: subscript.intercept };
    for &(loop_, coefficient) in &subscript.terms {
        match splits.get(&loop_) {
            Some(&block) => {
                expanded.terms.push((first[loop_], coefficient * block as i64));
                expanded.terms.push((first[loop_] + 1, coefficient));
            }
            None => expanded.terms.push((first[loop_], coefficient)),
        }
    }
    // Numbered already: each loop is its own number.
    let identity: Vec<usize> = (0..expanded.terms.iter().map(|&(loop_, _)| loop_ + 1).max().unwrap_or(0)).collect();
    crate::ir::render_subscript(&expanded, &identity)
}

/// `arr.index` of a split loop is `block · ib + ii`; of another loop, its new number.
fn split_index<'c, 'a>(index: OperationRef<'c, 'a>, splits: &Splits, first: &[usize], context: &'c Context) -> Result<(), DemapError> {
    let loop_ = Index::of(index).and_then(|view| view.dim()).ok_or(DemapError::Malformed("arr.index has no dim"))? as usize;
    let location = index.location();
    let Some(&block) = splits.get(&loop_) else {
        edit(index).set_attribute("dim", IntegerAttribute::new(Type::parse(context, "i64").expect("i64"), first[loop_] as i64).into());
        return Ok(());
    };
    let place = Place::before(index).ok_or(DemapError::Malformed("arr.index is not in a block"))?;
    let value = |op: OperationRef<'c, 'a>| -> Value<'c, 'a> { op.result(0).expect("one result").into() };
    let outer = place.put(arr::index(first[loop_], location).map_err(|_| DemapError::Malformed("arr.index"))?);
    let inner = place.put(arr::index(first[loop_] + 1, location).map_err(|_| DemapError::Malformed("arr.index"))?);
    let size = place.index(block as i64, context, location);
    let scaled = place.put(arith::muli(value(outer), size, location));
    let coordinate = place.put(arith::addi(value(scaled), value(inner), location));
    replace_uses(value(index), value(coordinate));
    Ok(erase(index)?)
}
