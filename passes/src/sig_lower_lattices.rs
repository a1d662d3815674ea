//! `sig-lower-lattices`: sparse iteration graph → CFIR (paper 000 §6,
//! paper 001 §6.1).
//!
//! Each `sig.forall` becomes the drop-out loops of its merge lattice: one
//! `cfir.while` per lattice point, whose `cfir.switch` has one `cfir.case`
//! per region inside it, most specific first. A case's body is the forall's
//! body specialized to the region: the reads of operands absent there are the
//! fill value 0, so `x × 0` vanishes, `x + 0` is `x`, an inner loop over an
//! absent operand is not emitted, and a store of 0 is dropped. Dense levels
//! that do not drive a loop are located at its coordinate, and so are
//! sparse levels that can be located and that every region of their loops
//! needs (a bytemap times CSR visits the CSR row and looks the bytemap up).
//! A compressed row that stays the same across an enclosing loop can be
//! located too, through a position map `cfir-to-scf` scatters it into
//! before that loop (`scatters_row`): triangle counting visits `L(k, :)`
//! and looks `L(i, :)` up instead of merging the two.
//! A union of many sparse operands is one k-way merge loop instead, whose
//! one body reads each absent operand as its fill, the levels below it
//! empty (`lattice::merge_plan`).

use crate::algebra::{Algebra, Leaf};
use crate::fill::Number;
use crate::ir::{
    block_argument, block_region, callee_name, collect, defining_op, edit, erase, name, only_block, rebuild, replace_uses, users, value_key,
};
use crate::lattice::{lattice, merge_plan, merge_tails, plan, LevelIterator, LoopPlan, Point};
use crate::place::Place;
use melior::ir::operation::OperationMutLike;
use melior::{
    ir::{
        block::BlockLike,
        operation::OperationLike,
        r#type::{DimSize, RankedTensorType, ShapedTypeLike, TypeLike},
        Attribute, BlockRef, Location, OperationRef, RegionLike, Type, Value, ValueLike,
    },
    Context,
};
use sparse_dialects::{
    cfir::{self, CaseKind, Until},
    encoding::Encoding,
    function::{PRESENT, SPECIALIZES},
    scalar, sig,
    verify::emit_error,
};
use sparse_formats::{DimPart, Iteration, Level, LevelKind};
use std::collections::{HashMap, HashSet};

module_pass!(SigLowerLattices, "sig-lower-lattices", "Lower each sig.forall to the cfir.while loops and cases of its merge lattice", run);

fn run<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> bool {
    // Workspaces (sig.where) become the results' storage first.
    if let Err((op, message)) = crate::fold_where::fold_wheres(module, context) {
        emit_error(op.location(), &message);
        return false;
    }
    mark_overwrites(module, context);
    // Loops over products become nests first, outermost first (a copied
    // body may hold more).
    let over_products =
        |op: OperationRef| sig::Forall::of(op).is_some() && op.operand(0).is_ok_and(|sequence| !products_in(sequence).is_empty());
    while let Some(forall) = collect(module, over_products).first().copied() {
        if let Err(message) = expand_product(forall, context) {
            emit_error(forall.location(), &message);
            return false;
        }
    }
    // Projections (a split dimension) read the level's windows.
    let projections = collect(module, |op| sig::Project::of(op).is_some());
    if let Err((op, message)) = read_projections(&projections, context) {
        emit_error(op.location(), &message);
        return false;
    }
    let outermost = collect(module, |op| {
        sig::Forall::of(op).is_some() && op.parent_operation().is_some_and(|parent| sig::Forall::of(parent).is_none())
    });
    for forall in outermost {
        let lowering = Lowering::new(context, forall.location());
        let result = Place::before(forall)
            .ok_or_else(|| "sig.forall is not in a block".to_string())
            .and_then(|place| lowering.forall(forall, place, &mut Scope::default()));
        if let Err(message) = result {
            emit_error(forall.location(), &message);
            return false;
        }
        let sequence = forall.operand(0).ok();
        if let Err(error) = erase(forall) {
            emit_error(forall.location(), &error.to_string());
            return false;
        }
        if let Some(sequence) = sequence {
            erase_dead(sequence);
        }
    }
    // Statements outside every loop: the copy of a 0-d init, and the body of
    // a statement with no loops (its other ops read the lowered accesses).
    let outside = collect(module, |op| {
        matches!(name(op).as_str(), "sig.access" | "sig.assign")
            && op.parent_operation().is_some_and(|parent| sig::Forall::of(parent).is_none())
    });
    let mut scope = Scope::default();
    for &op in &outside {
        let lowering = Lowering::new(context, op.location());
        let result = Place::before(op).ok_or_else(|| "a sig statement is not in a block".to_string());
        if let Err(message) = result.and_then(|place| lowering.statement(op, place, &mut scope)) {
            emit_error(op.location(), &message);
            return false;
        }
        if let Some(read) = op.results().next().map(Value::from) {
            match scope.get(read) {
                Some(value) => replace_uses(read, value),
                None => {
                    emit_error(op.location(), "a read outside every loop of a tensor absent there");
                    return false;
                }
            }
        }
    }
    for op in outside.into_iter().rev() {
        if let Err(error) = erase(op) {
            emit_error(op.location(), &error.to_string());
            return false;
        }
    }
    // What a case's simplified body no longer uses: reads whose levels its
    // loops may not bind, and what was computed from them. Later uses come
    // first, so one pass frees a whole chain.
    let pure = |op: OperationRef| {
        let op_name = name(op);
        op.region_count() == 0 && (op_name == cfir::Access::NAME || op_name.starts_with("arith.") || op_name.starts_with("math."))
    };
    for op in collect(module, pure).into_iter().rev() {
        if op.results().all(|result| users(result.into()).is_empty()) {
            if let Err(error) = erase(op) {
                emit_error(op.location(), &error.to_string());
                return false;
            }
        }
    }
    for empty in collect(module, |op| name(op) == "tensor.empty") {
        if let Err(message) = to_alloc(empty) {
            emit_error(empty.location(), &message);
            return false;
        }
    }
    true
}

/// The discardable unit attribute of a `cfir.switch` in a loop of a
/// statement whose space omits a region (paper 000 §6: a complement, of an
/// iteration space or a function's): at each driver's last level, a stored
/// fill value counts as absent (`crd == i && val != fill`), in the loops
/// that omit and in the others of the statement alike, so that what a case
/// computes does not depend on where another operand's entries end.
pub const STORED_FILL_ABSENT: &str = "cfir.stored_fill_absent";

/// Marks `sig.keep_fill` on each plain store into a result made by
/// `tensor.empty` that may overwrite what another store wrote: another store
/// into that result precedes it or shares a loop with it, or a loop around
/// it has an index that is not one of its subscripts (so it writes a
/// component more than once). The component may then no longer hold the
/// fill, so a store of the fill there must not be dropped.
fn mark_overwrites<'c, 'a>(module: OperationRef<'c, 'a>, context: &'c Context) {
    let stores = collect(module, |op| sig::Assign::of(op).is_some());
    let in_order = collect(module, |_| true);
    let position = |op: OperationRef<'c, 'a>| in_order.iter().position(|listed| *listed == op);
    fn loops_around<'c, 'a>(op: OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
        std::iter::successors(op.parent_operation(), |inner| inner.parent_operation())
            .filter(|inner| sig::Forall::of(*inner).is_some())
            .collect()
    }
    for &store in &stores {
        let plain = sig::Assign::of(store).is_some_and(|assign| assign.reduce().is_none());
        let Ok(result) = store.operand(0) else { continue };
        let made_here = defining_op(result).is_some_and(|made| name(made) == "tensor.empty");
        if !plain || !made_here || store.attribute(crate::statement::KEEP_FILL).is_ok() {
            continue;
        }
        let loops = loops_around(store);
        let subscripts = store.operands().skip(2).map(value_key).collect::<Vec<_>>();
        let repeats = loops.iter().any(|around| {
            sig::Forall::of(*around)
                .and_then(|forall| forall.body())
                .and_then(|body| body.argument(0).ok())
                .is_none_or(|index| !subscripts.contains(&value_key(index.into())))
        });
        let overwrites = repeats
            || stores.iter().any(|&other| {
                other != store
                    && other.operand(0).is_ok_and(|tensor| value_key(tensor) == value_key(result))
                    && (position(other) < position(store) || loops.iter().any(|around| loops_around(other).contains(around)))
            });
        if overwrites {
            edit(store).set_attribute(crate::statement::KEEP_FILL, Attribute::unit(context));
        }
    }
}

/// The products of the sequence `sequence` is, or that its unions and
/// intersections hold.
fn products_in<'c, 'a>(sequence: Value<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let Some(op) = defining_op(sequence) else { return Vec::new() };
    match name(op).as_str() {
        "sig.product" => vec![op],
        "sig.union" | "sig.intersect" => op.operands().flat_map(products_in).collect(),
        _ => Vec::new(),
    }
}

/// Whether a product of the sequence `sequence` sits inside a union.
fn united(sequence: Value) -> bool {
    let Some(op) = defining_op(sequence) else { return false };
    match name(op).as_str() {
        "sig.union" => op.operands().any(|operand| !products_in(operand).is_empty()),
        "sig.intersect" => op.operands().any(united),
        _ => false,
    }
}

/// Whether the product `product` is of a tensor's level and the level
/// below it.
fn nested_levels(product: OperationRef) -> bool {
    let level = |at: usize| {
        let made = defining_op(product.operand(at).ok()?)?;
        let view = sig::Level::of(made)?;
        Some((view.0.operand(0).ok()?, view.level()?))
    };
    matches!((level(0), level(1)), (Some((outer, a)), Some((inner, b))) if outer == inner && b == a + 1)
}

/// The size of the dimension a `sig.level` iterates when its tensor's type
/// gives it.
fn static_size(sequence: Value) -> Option<u64> {
    let level = sig::Level::of(defining_op(sequence)?)?;
    let tensor = level.0.operand(0).ok()?;
    let format = stored_encoding(tensor).ok()?.format;
    let part = *format.parts().get(*format.dim_to_lvl.get(level.level()? as usize)?)?;
    let r#type = RankedTensorType::try_from(tensor.r#type()).ok()?;
    match melior::ir::ShapedTypeLike::dim_size(&r#type, part.dim()) {
        Ok(melior::ir::r#type::DimSize::Static(size)) => Some(part.size(usize::try_from(size).ok()?) as u64),
        _ => None,
    }
}

/// Which loop of the nest a product becomes a sequence is for.
#[derive(Clone, Copy)]
enum Half<'c, 'a> {
    /// `a` of `a × b`; `π_0(x, n)` of another level `x`.
    Outer,
    /// `b` of `a × b`; `π_1(x, n)` of another level `x`, in the window of
    /// the outer loop's coordinate.
    Inner(Value<'c, 'a>),
}

/// A loop over a sequence holding products `a × b` (paper 001's product, a
/// collapsed dimension), alone or in unions and intersections with levels
/// of the collapsed size, becomes a loop over the sequence with each product
/// replaced by `a` and each level `x` by `π_0(x, |b|)`, holding one over the
/// sequence with each product replaced by `b` and each level by
/// `π_1(x, |b|)`; the body, the loop's, sees the coordinate `a · |b| + b` of
/// the two loops' coordinates. `(a × b) ∪ c` visits the rows of `a` and the
/// windows of `c`, then in each the entries of `b` and of `c`'s window
/// (paper 001 §3.2's L2). Every product's `b` has one size, a constant when
/// there are several.
fn expand_product<'c>(forall: OperationRef<'c, '_>, context: &'c Context) -> Result<(), String> {
    let location = forall.location();
    let sequence = forall.operand(0).map_err(|e| e.to_string())?;
    let products = products_in(sequence);
    let first = products.first().ok_or("a loop over no product")?;
    // United with other sequences, a product's inner loop runs in every
    // outer coordinate the others reach: only a level below the outer one
    // (a collapsed matrix's columns under its rows) is empty where the
    // product is.
    if united(sequence) && !products.iter().all(|&product| nested_levels(product)) {
        return Err("a product united with other sequences needs its outer part to be a level and its inner part the level \
                    below it, of the same tensor: independent parts would be visited where only the others are"
            .into());
    }
    let rhs = first.operand(1).map_err(|e| e.to_string())?;
    let body = sig::Forall::of(forall).and_then(|view| view.body()).ok_or("sig.forall has no body")?;
    let place = Place::before(forall).ok_or("sig.forall is not in a block")?;
    let lowering = Lowering::new(context, location);
    // A constant where the size is static: the windows of a projection need one.
    let inner_size = match static_size(rhs) {
        Some(size) => place.index(size as i64, context, location),
        None => lowering.size_of(rhs, place)?,
    };
    if products.len() > 1 {
        for product in &products[1..] {
            let other = static_size(product.operand(1).map_err(|e| e.to_string())?);
            if other.is_none() || other != static_size(rhs) {
                return Err("products of one loop's sequence need inner sequences of one static size".into());
            }
        }
    }
    let index = Type::index(context);
    let outer_sequence = lowering.half_of(sequence, Half::Outer, inner_size, place)?;
    let outer = place.put(sig::forall(outer_sequence, block_region(&[index], location), location).map_err(|e| e.to_string())?);
    let outer_block = only_block(outer, 0);
    outer_block.append_operation(sparse_dialects::terminator(&[], location).map_err(|e| e.to_string())?);
    let terminator = outer_block.terminator().ok_or("a loop without a terminator")?;
    let inside = Place::before(terminator).ok_or("a loop without a terminator")?;
    let a: Value = outer_block.argument(0).map_err(|e| e.to_string())?.into();
    let inner_sequence = lowering.half_of(sequence, Half::Inner(a), inner_size, inside)?;
    let inner = inside.put(sig::forall(inner_sequence, block_region(&[index], location), location).map_err(|e| e.to_string())?);
    let inner_block = only_block(inner, 0);
    let b: Value = inner_block.argument(0).map_err(|e| e.to_string())?.into();
    let row = inner_block.append_operation(melior::dialect::arith::muli(a, inner_size, location)).result(0).expect("one").into();
    let coordinate = inner_block.append_operation(melior::dialect::arith::addi(row, b, location)).result(0).expect("one").into();
    let mut copied = HashMap::new();
    copied.insert(value_key(body.argument(0).map_err(|e| e.to_string())?.into()), coordinate);
    let mut next = body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        let copy = inner_block.append_operation(crate::ir::copy_with(op, &mut copied, &|value| value, context)?);
        for (old, new) in op.results().zip(copy.results()) {
            copied.insert(value_key(old.into()), new.into());
        }
    }
    erase(forall).map_err(|error| error.to_string())?;
    erase_dead(sequence);
    Ok(())
}

/// The projections of a level (paper 001's π, a split dimension:
/// `π_0(x, n)` in an outer loop's sequence, `π_1(x, n)` in an inner one's,
/// alone or in unions and intersections) read the level's windows of `n`
/// coordinates (paper 003): `π_0` becomes the offsets of the non-empty
/// windows (`sig.subsections`), `π_1` the entries of the window of the outer
/// index `i`, `sig.slice(x, n · i, n · i + n, 1)`. `x` is a `sig.level`; a
/// `π_1` must be inside a loop whose sequence holds the `π_0` of the same
/// level and size.
fn read_projections<'c, 'a>(projections: &[OperationRef<'c, 'a>], context: &'c Context) -> Result<(), (OperationRef<'c, 'a>, String)> {
    let component = |op: OperationRef| sig::Project::of(op).and_then(|view| view.component());
    let source = |made: OperationRef<'c, 'a>| (made.operand(0).ok(), made.operand(1).ok());
    // Whether the sequence `sequence` is, or holds, `π_0` of `wanted`'s source.
    fn holds_outer<'c, 'a>(sequence: Value<'c, 'a>, wanted: &dyn Fn(OperationRef<'c, 'a>) -> bool) -> bool {
        let Some(op) = defining_op(sequence) else { return false };
        wanted(op)
            || (matches!(name(op).as_str(), "sig.union" | "sig.intersect") && op.operands().any(|operand| holds_outer(operand, wanted)))
    }
    // The inner ones first, while the outer loops still show their projections.
    let (outer, inner): (Vec<_>, Vec<_>) = projections.iter().copied().partition(|&op| component(op) == Some(0));
    for made in inner {
        let fail = |message: &str| (made, message.to_string());
        let same_outer = |op: OperationRef<'c, 'a>| component(op) == Some(0) && source(op) == source(made);
        let mut enclosing = made.parent_operation();
        let outer_index = loop {
            let Some(candidate) = enclosing else {
                return Err(fail("a sig.project component 1 outside a loop over component 0 of the same level and size"));
            };
            if sig::Forall::of(candidate).is_some() && candidate.operand(0).is_ok_and(|sequence| holds_outer(sequence, &same_outer)) {
                let body = sig::Forall::of(candidate).and_then(|view| view.body()).ok_or_else(|| fail("sig.forall has no body"))?;
                break Value::from(body.argument(0).map_err(|e| fail(&e.to_string()))?);
            }
            enclosing = candidate.parent_operation();
        };
        let (Some(level), Some(size)) = source(made) else { return Err(fail("a malformed sig.project")) };
        let place = Place::before(made).ok_or_else(|| fail("sig.project is not in a block"))?;
        let location = made.location();
        let start = place.value(melior::dialect::arith::muli(outer_index, size, location));
        let stop = place.value(melior::dialect::arith::addi(start, size, location));
        let step = place.index(1, context, location);
        let window = place.value(sig::slice(level, [start, stop, step], location).map_err(|e| fail(&e.to_string()))?);
        replace_uses(made.result(0).map_err(|e| fail(&e.to_string()))?.into(), window);
        erase(made).map_err(|error| fail(&error.to_string()))?;
    }
    for made in outer {
        let fail = |message: &str| (made, message.to_string());
        let (Some(level), Some(size)) = source(made) else { return Err(fail("a malformed sig.project")) };
        let view = defining_op(level).and_then(sig::Level::of);
        let view = view.ok_or_else(|| fail("a sig.project of a sequence that is not a sig.level"))?;
        let tensor = view.0.operand(0).map_err(|e| fail(&e.to_string()))?;
        let index = view.level().ok_or_else(|| fail("sig.level has no level"))? as usize;
        let location = made.location();
        let place = Place::before(made).ok_or_else(|| fail("sig.project is not in a block"))?;
        let whole = Lowering::new(context, location).size_of(level, place).map_err(|message| fail(&message))?;
        // ⌈|x| / n⌉ windows; a window size of 0 leaves none.
        let one = place.index(1, context, location);
        let rounded =
            place.put(melior::dialect::arith::addi(whole, place.value(melior::dialect::arith::subi(size, one, location)), location));
        let count =
            place.put(melior::dialect::arith::divui(rounded.result(0).expect("one").into(), size, location)).result(0).expect("one").into();
        let Some(crate::fill::Number::Integer(coefficient)) = crate::fill::Number::of_constant(size) else {
            return Err(fail("a sig.project whose size is not a constant"));
        };
        let coefficient =
            i64::try_from(coefficient).ok().filter(|&size| size > 0).ok_or_else(|| fail("a sig.project of a size below 1"))?;
        let windows = sig::subsections(tensor, [size, count], index, coefficient, 0, location).map_err(|e| fail(&e.to_string()))?;
        let windows = place.value(windows);
        replace_uses(made.result(0).map_err(|e| fail(&e.to_string()))?.into(), windows);
        erase(made).map_err(|error| fail(&error.to_string()))?;
    }
    Ok(())
}

/// The (tensor, level) pairs whose levels `sequence` names (a slice's or a
/// subsection's level too).
fn sequence_levels<'c: 'a, 'a>(sequence: Value<'c, 'a>) -> Result<Vec<(Value<'c, 'a>, usize)>, String> {
    let op = defining_op(sequence).ok_or("a loop sequence must be built by sig ops")?;
    Ok(match name(op).as_str() {
        "sig.level" => vec![(
            op.operand(0).map_err(|e| e.to_string())?,
            sig::Level::of(op).and_then(|view| view.level()).ok_or("sig.level has no level")? as usize,
        )],
        "sig.subsections" => vec![(
            op.operand(0).map_err(|e| e.to_string())?,
            sig::Subsections::of(op).and_then(|view| view.level()).ok_or("sig.subsections has no level")? as usize,
        )],
        "sig.universe" => Vec::new(),
        _ => {
            let mut levels = Vec::new();
            for operand in op.operands().filter(|operand| operand.r#type() == sequence.r#type()) {
                levels.extend(sequence_levels(operand)?);
            }
            levels
        }
    })
}

/// The tensors whose levels `sequence` names.
fn sequence_tensors<'c: 'a, 'a>(sequence: Value<'c, 'a>) -> Result<Vec<Value<'c, 'a>>, String> {
    Ok(sequence_levels(sequence)?.into_iter().map(|(tensor, _)| tensor).collect())
}

/// Erases the sequence ops that fed a lowered loop and have no use left,
/// and so the ones that fed them.
fn erase_dead(sequence: Value) {
    crate::ir::erase_unused(vec![sequence], |op| {
        matches!(name(op).as_str(), "sig.union" | "sig.intersect" | "sig.complement" | "sig.disjoint_union" | "sig.product" | "sig.project")
    });
}

/// `tensor.empty` → `cfir.alloc`: the output storage of a loop nest.
fn to_alloc(empty: OperationRef) -> Result<(), String> {
    let result: Value = empty.result(0).map_err(|e| e.to_string())?.into();
    let sizes = empty.operands().collect::<Vec<_>>();
    let place = Place::before(empty).ok_or("tensor.empty is not in a block")?;
    let mut alloc = cfir::alloc(result.r#type(), &sizes, empty.location()).map_err(|e| e.to_string())?;
    for carried in crate::statement::CARRIED_TO_ALLOC {
        if let Ok(attribute) = empty.attribute(carried) {
            alloc.set_attribute(carried, attribute);
        }
    }
    let alloc = place.put(alloc);
    replace_uses(result, alloc.result(0).expect("one result").into());
    erase(empty).map_err(|error| error.to_string())
}

/// What the emitted code of one case knows.
#[derive(Default, Clone)]
struct Scope<'c, 'a> {
    /// Each source value's counterpart in the emitted code; `None` is the
    /// fill value 0 of an operand absent in this region.
    values: HashMap<usize, Option<Value<'c, 'a>>>,
    /// The leaf of each (tensor, level) visible here.
    leaves: HashMap<(usize, usize), Value<'c, 'a>>,
    /// For a value present only where a condition holds (a
    /// `sparse_tensor.select`'s), that condition.
    guards: HashMap<usize, Value<'c, 'a>>,
    /// How many loops enclose this place.
    depth: usize,
    /// The depth of the loop that iterates or locates each (tensor, level)
    /// visible here.
    bound_at: HashMap<(usize, usize), usize>,
    /// The reads of a tensor whose levels no loop here iterates or locates,
    /// and the values computed from them: a region whose lattice point
    /// dropped that tensor's iterators, because what it computes there does
    /// not depend on it (a product with an absent operand). An error only
    /// if something here needs one.
    unreadable: HashSet<usize>,
    /// The (tensor, level) pairs an enclosing loop's sequence names but its
    /// algebra dropped here (an intersection with an absent operand): no
    /// loop binds them, so the levels below them are empty here too.
    dropped: HashSet<(usize, usize)>,
    /// The emitted constants that stand for absent operands: the fill of an
    /// absent tensor that is not 0, and what ops of absent operands and
    /// constants fold to. An op of such a constant and other constants
    /// folds too, and a 0 it folds to is absent, as an absent 0 is
    /// (`(c − c) · x` where `c`, of fill −1, is absent is `0 · x`); one of
    /// the body's own constants alone is emitted as written (a computed 0
    /// stays present there, as upstream's invariants are).
    fills: HashSet<usize>,
    /// Whether the loops here belong to a statement whose space omits a
    /// region somewhere (a `sig.complement` in its loop nest): every switch
    /// of them counts a stored fill value as absent ([`STORED_FILL_ABSENT`]),
    /// the loops below a region where the omitting operand is absent too.
    omits: bool,
}

impl<'c, 'a> Scope<'c, 'a> {
    fn get(&self, value: Value<'c, 'a>) -> Option<Value<'c, 'a>> {
        self.values.get(&value_key(value)).copied().unwrap_or(Some(value))
    }

    fn is_absent(&self, tensor: Value) -> bool {
        self.values.get(&value_key(tensor)) == Some(&None)
    }

    /// Whether an enclosing loop dropped the level above `level` of `tensor`.
    fn below_dropped(&self, tensor: Value, level: usize) -> bool {
        level.checked_sub(1).is_some_and(|parent| self.dropped.contains(&(value_key(tensor), parent)))
    }
}

struct Lowering<'c> {
    context: &'c Context,
    location: Location<'c>,
    /// The regions (cases) of the loops emitted so far for this statement
    /// ([`MOST_REGIONS_LOWERED`]).
    regions: std::cell::Cell<usize>,
}

/// A leaf of a loop's sequence: the `sig.level` (or universe) value and what it iterates.
struct SeqLeaf<'c, 'a> {
    value: Value<'c, 'a>,
    tensor: Option<Value<'c, 'a>>,
    level: usize,
}

impl<'c: 'a, 'a> Lowering<'c> {
    fn new(context: &'c Context, location: Location<'c>) -> Self {
        Self { context, location, regions: Default::default() }
    }

    /// Counts `regions` more regions of this statement's loops; an error
    /// past [`MOST_REGIONS_LOWERED`].
    fn emit_regions(&self, regions: usize) -> Result<(), String> {
        let total = self.regions.get().saturating_add(regions);
        self.regions.set(total);
        if total > MOST_REGIONS_LOWERED {
            return Err(format!(
                "the merge lattices of this statement's loops make more than {MOST_REGIONS_LOWERED} regions (each region of a \
                 union is a case holding the loops below it, emitted once for each region around it): store some of its \
                 sparse operands densely, or compute it in parts"
            ));
        }
        Ok(())
    }

    fn forall(&self, forall: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), String> {
        scope.omits |= !collect(forall, |op| name(op) == "sig.complement").is_empty();
        let sequence = forall.operand(0).map_err(|e| e.to_string())?;
        let source_body = sparse_dialects::sig::Forall::of(forall).and_then(|view| view.body()).ok_or("sig.forall has no body")?;
        match defining_op(sequence).filter(|op| name(*op) == "sig.disjoint_union") {
            Some(union) => self.disjoint_union(union, source_body, place, scope),
            None => self.loops(sequence, source_body, None, place, scope),
        }
    }

    /// A loop over `lhs ⊔ rhs` (paper 001's disjoint union): a loop over
    /// `lhs`, then one over `rhs` whose coordinates are shifted past the end
    /// of `lhs`; in each, the tensors that only the other part iterates are
    /// absent (their reads are their fills).
    fn disjoint_union(
        &self,
        union: OperationRef<'c, 'a>,
        source_body: BlockRef<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &Scope<'c, 'a>,
    ) -> Result<(), String> {
        let [lhs, rhs] = [0, 1].map(|index| union.operand(index).map_err(|e| e.to_string()));
        let (lhs, rhs) = (lhs?, rhs?);
        let offset = self.size_of(lhs, place)?;
        for (part, other, shift) in [(lhs, rhs, None), (rhs, lhs, Some(offset))] {
            let own = sequence_tensors(part)?;
            let mut inner = scope.clone();
            for tensor in sequence_tensors(other)?.into_iter().filter(|tensor| !own.contains(tensor)) {
                inner.values.insert(value_key(tensor), None);
            }
            self.loops(part, source_body, shift, place, &mut inner)?;
        }
        Ok(())
    }

    /// The loops of a forall over `sequence` with body `source_body`, whose
    /// index is the loops' coordinate plus `shift`.
    fn loops(
        &self,
        sequence: Value<'c, 'a>,
        source_body: BlockRef<'c, 'a>,
        shift: Option<Value<'c, 'a>>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), String> {
        let mut leaves = Vec::new();
        let Some(algebra) = self.algebra(sequence, scope, &mut leaves)? else {
            return Ok(()); // Every coordinate is absent: nothing to do.
        };
        // The levels the sequence names that its algebra here does not (an
        // intersection with an absent operand) are dropped.
        let kept: Vec<(Value, usize)> =
            algebra.leaves().into_iter().filter_map(|(index, level)| Some((leaves[index].tensor?, level))).collect();
        let algebra = algebra.simplify();
        let mut scope = scope.clone();
        for (tensor, level) in sequence_levels(sequence)?.into_iter().filter(|named| !kept.contains(named)) {
            scope.dropped.insert((value_key(tensor), level));
        }
        let scope = &scope;
        // A union of many operands, each a level walked by position in order
        // with only compressed levels below (which hold nothing under an
        // operand absent at the merge's coordinate: `cfir-to-scf` starts
        // their loops on an empty range there), is one k-way merge loop.
        let mergeable = |(index, level): Leaf| {
            let leaf = &leaves[index];
            let made_by_level = defining_op(leaf.value).is_some_and(|made| name(made) == "sig.level");
            made_by_level
                && leaf.tensor.is_some_and(|tensor| {
                    let walked = |level: &Level| level.capabilities().iteration == Iteration::Positions && level.ordered && level.unique;
                    let compressed =
                        |level: &Level| matches!(level.kind, LevelKind::Compressed | LevelKind::LooseCompressed) && walked(level);
                    stored_encoding(tensor).is_ok_and(|encoding| {
                        let levels = &encoding.format.levels;
                        levels.get(level).is_some_and(walked) && levels[level + 1..].iter().all(compressed)
                    })
                })
        };
        let merge = merge_plan(&algebra, mergeable).filter(|merge| {
            let sparse: Vec<(Value, usize)> = merge
                .drivers
                .iter()
                .filter_map(|&driver| match driver {
                    LevelIterator::Sparse((index, level)) => leaves[index].tensor.map(|tensor| (tensor, level)),
                    _ => None,
                })
                .collect();
            // Over levels with levels below, only where the lattice's nest
            // would be large (its loops, specialized, run faster).
            let below = sparse
                .iter()
                .map(|&(tensor, level)| stored_encoding(tensor).map_or(0, |encoding| encoding.format.rank() - level - 1))
                .max()
                .unwrap_or(0);
            let points = 2f64.powi(sparse.len() as i32) - 1.0;
            if below > 0 && points.powi(below as i32 + 1) <= MOST_NESTED_REGIONS {
                return false;
            }
            let tensors: Vec<Value> = sparse.iter().map(|&(tensor, _)| tensor).collect();
            let zero_filled = tensors.iter().copied().filter(|&tensor| has_zero_fill(tensor)).map(value_key).collect();
            same_in_every_region(source_body, &tensors.into_iter().map(value_key).collect(), &zero_filled)
        });
        if let Some(merge) = merge {
            let tails = merge_tails(&merge);
            self.emit_regions(1 + tails.len())?;
            self.while_loop(&merge, false, &leaves, source_body, shift, place, scope)?;
            for tail in tails {
                self.while_loop(&tail, false, &leaves, source_body, shift, place, scope)?;
            }
            return Ok(());
        }
        let lattice = lattice(&algebra).map_err(|error| error.to_string())?;
        self.emit_regions(lattice.len())?;
        // A complement's universe, when the sequence names none.
        let universe = lattice.iter().any(|point| point.iterators.contains(&LevelIterator::Universe));
        if universe && !leaves.iter().any(|leaf| leaf.tensor.is_none()) {
            let size = self.size_of(sequence, place)?;
            let universe = place.put(sig::universe(size, self.location).map_err(|e| e.to_string())?);
            leaves.push(SeqLeaf { value: universe.result(0).expect("one result").into(), tensor: None, level: 0 });
        }
        let locatable = |(index, level): Leaf| {
            let tensor: Option<Value> = leaves[index].tensor;
            tensor.is_some_and(|tensor| level_of(tensor, level).is_ok_and(|level| level.capabilities().locatable))
                || scatters_row(&leaves[index], scope)
        };
        // Where the lattice, or the statement's space around it, omits a
        // region, a stored fill value counts as absent in every loop, those
        // after the omitter's too (`a ∩ ¬m` once `m` has run out, or below a
        // row `m` does not store), not only in the loops that omit.
        let omits = scope.omits || lattice.iter().any(|point| !point.producer);
        for plan in plan(&lattice, locatable) {
            self.while_loop(&plan, omits, &leaves, source_body, shift, place, scope)?;
        }
        Ok(())
    }

    /// Reads a sequence tree; `None` when it is empty in this scope. Every
    /// universe of one loop is the same iterator, the universe leaf (one
    /// without a tensor).
    fn algebra(&self, seq: Value<'c, 'a>, scope: &Scope<'c, 'a>, leaves: &mut Vec<SeqLeaf<'c, 'a>>) -> Result<Option<Algebra>, String> {
        let op = defining_op(seq).ok_or("a loop sequence must be built by sig ops")?;
        let leaf = |leaves: &mut Vec<SeqLeaf<'c, 'a>>, tensor: Option<Value<'c, 'a>>, level: usize| {
            let value = scope.get(seq).unwrap_or(seq);
            let index = leaves.iter().position(|leaf| leaf.value == value).unwrap_or_else(|| {
                leaves.push(SeqLeaf { value, tensor, level });
                leaves.len() - 1
            });
            (index, level)
        };
        match name(op).as_str() {
            // A level, or the window of one that a compound subscript reads
            // (paper 003): a leaf on the level's tensor.
            kind @ ("sig.level" | "sig.slice") => {
                let level = match kind {
                    "sig.level" => Some(op),
                    _ => defining_op(op.operand(0).map_err(|e| e.to_string())?),
                };
                let view = level.and_then(sig::Level::of).ok_or("a sig.slice of a sequence that is not a level")?;
                let tensor: Value = view.0.operand(0).map_err(|e| e.to_string())?;
                let level = view.level().ok_or("sig.level has no level")? as usize;
                if scope.is_absent(tensor) || scope.below_dropped(tensor, level) {
                    return Ok(None);
                }
                let dense = level_of(tensor, level)?.is_located();
                let id = leaf(leaves, Some(tensor), level);
                Ok(Some(if dense { Algebra::Full(Some(id)) } else { Algebra::Sparse(id) }))
            }
            // The offsets of a level's non-empty subsections (paper 003): a
            // sparse leaf on the level's tensor, absent where it is.
            "sig.subsections" => {
                let tensor: Value = op.operand(0).map_err(|e| e.to_string())?;
                let level = sig::Subsections::of(op).and_then(|view| view.level()).ok_or("sig.subsections has no level")? as usize;
                if scope.is_absent(tensor) || scope.below_dropped(tensor, level) {
                    return Ok(None);
                }
                level_of(tensor, level)?;
                Ok(Some(Algebra::Sparse(leaf(leaves, Some(tensor), level))))
            }
            "sig.universe" => {
                if !leaves.iter().any(|leaf| leaf.tensor.is_none()) {
                    leaves.push(SeqLeaf { value: scope.get(seq).unwrap_or(seq), tensor: None, level: 0 });
                }
                Ok(Some(Algebra::Full(None)))
            }
            // Where the operand is not: an omitter where it is, inside the
            // universe (paper 000 §6.2); every coordinate where it is empty.
            "sig.complement" => {
                let inner = self.algebra(op.operand(0).map_err(|e| e.to_string())?, scope, leaves)?;
                Ok(Some(match inner {
                    Some(inner) => Algebra::Complement(Box::new(inner)),
                    None => Algebra::Full(None),
                }))
            }
            combinator @ ("sig.union" | "sig.intersect") => {
                let operands: Vec<Value<'c, 'a>> = op.operands().collect();
                let parts = operands.into_iter().map(|part| self.algebra(part, scope, leaves)).collect::<Result<Vec<_>, _>>()?;
                if combinator == "sig.union" {
                    let parts: Vec<Algebra> = parts.into_iter().flatten().collect();
                    Ok((!parts.is_empty()).then_some(Algebra::Union(parts)))
                } else {
                    Ok(parts.into_iter().collect::<Option<Vec<_>>>().map(Algebra::Intersect))
                }
            }
            "sig.disjoint_union" => {
                Err("a sig.disjoint_union inside another sequence is not supported yet: only as a loop's whole sequence".into())
            }
            other => Err(format!("'{other}' is not a sequence this pipeline lowers yet")),
        }
    }

    fn leaf_value(&self, iterator: LevelIterator, leaves: &[SeqLeaf<'c, 'a>]) -> Value<'c, 'a> {
        match iterator {
            LevelIterator::Sparse((index, _)) | LevelIterator::Dense((index, _)) => leaves[index].value,
            LevelIterator::Universe => leaves.iter().find(|leaf| leaf.tensor.is_none()).expect("a universe read has its leaf").value,
        }
    }

    /// The sequence `seq` for one loop of the nest a product becomes
    /// ([`expand_product`]): each product's `a` or `b`, each level `x`
    /// `π_0(x, size)` or `π_1(x, size)`, each slice `x[s:e:r]` of a level the
    /// offsets of its non-empty windows of `size` coordinates or the window
    /// `x[s + r · size · i : min(s + r · size · (i + 1), e) : r]` of the
    /// outer coordinate `i` (paper 001's L5), unions and intersections
    /// rebuilt at `place`.
    fn half_of(&self, seq: Value<'c, 'a>, half: Half<'c, 'a>, size: Value<'c, 'a>, place: Place<'c, 'a>) -> Result<Value<'c, 'a>, String> {
        let op = defining_op(seq).ok_or("a loop sequence must be built by sig ops")?;
        match name(op).as_str() {
            "sig.product" => op.operand(if matches!(half, Half::Outer) { 0 } else { 1 }).map_err(|e| e.to_string()),
            "sig.level" => {
                let component = if matches!(half, Half::Outer) { 0 } else { 1 };
                Ok(place.value(sig::project(seq, size, component, self.location).map_err(|e| e.to_string())?))
            }
            "sig.slice" => self.slice_half(op, half, size, place),
            combinator @ ("sig.union" | "sig.intersect") => {
                let parts = op.operands().map(|operand| self.half_of(operand, half, size, place)).collect::<Result<Vec<_>, _>>()?;
                let made =
                    if combinator == "sig.union" { sig::union(&parts, self.location) } else { sig::intersect(&parts, self.location) };
                Ok(place.value(made.map_err(|e| e.to_string())?))
            }
            other => Err(format!(
                "a '{other}' beside a product in a loop's sequence is not supported yet: levels, slices of levels, unions and \
                 intersections are"
            )),
        }
    }

    /// [`Lowering::half_of`] of the slice `slice` of a level, of constant
    /// start and step: the offsets of its non-empty windows of `size`
    /// coordinates (`sig.subsections` of the level with coefficient
    /// `step · size` and intercept `start`), or the window of the outer
    /// coordinate.
    fn slice_half(
        &self,
        slice: OperationRef<'c, 'a>,
        half: Half<'c, 'a>,
        size: Value<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<Value<'c, 'a>, String> {
        let refused = || {
            "a slice beside a product in a loop's sequence needs a level that is not dense, a constant start of at least 0 and \
             step of at least 1, and products of a constant inner size"
                .to_string()
        };
        let operand = |at: usize| slice.operand(at).map_err(|e| e.to_string());
        let (level, start, stop, step) = (operand(0)?, operand(1)?, operand(2)?, operand(3)?);
        let constant = |value: Value<'c, 'a>| match crate::fill::Number::of_constant(value) {
            Some(crate::fill::Number::Integer(value)) => i64::try_from(value).ok(),
            _ => None,
        };
        let view = defining_op(level).and_then(sig::Level::of).ok_or_else(refused)?;
        let (Some(first), Some(stride), Some(width)) = (constant(start), constant(step), constant(size)) else { return Err(refused()) };
        let tensor = view.0.operand(0).map_err(|e| e.to_string())?;
        let level_index = view.level().ok_or("sig.level has no level")? as usize;
        let dense = stored_encoding(tensor)?.format.levels.get(level_index).is_none_or(|level| level.is_located());
        if first < 0 || stride < 1 || dense {
            return Err(refused());
        }
        let location = self.location;
        let value = |op: melior::ir::Operation<'c>| place.value(op);
        let index = |value: i64| place.index(value, self.context, location);
        match half {
            Half::Outer => {
                // Windows of `width` slice coordinates, each `(width − 1) · stride + 1` wide.
                let extent = index((width - 1).max(0) * stride + 1);
                let length = value(melior::dialect::arith::subi(stop, start, location));
                let length = value(melior::dialect::arith::addi(length, index(stride - 1), location));
                let length = value(melior::dialect::arith::divui(length, step, location));
                let count = value(melior::dialect::arith::addi(length, index(width - 1), location));
                let count = value(melior::dialect::arith::divui(count, size, location));
                let windows = sig::subsections(tensor, [extent, count], level_index, stride * width, first, location);
                Ok(value(windows.map_err(|e| e.to_string())?))
            }
            Half::Inner(outer) => {
                let offset = value(melior::dialect::arith::muli(outer, index(stride * width), location));
                let low = value(melior::dialect::arith::addi(start, offset, location));
                let high = value(melior::dialect::arith::addi(low, index(stride * width), location));
                let high = value(melior::dialect::arith::minui(high, stop, location));
                Ok(value(sig::slice(level, [low, high, step], location).map_err(|e| e.to_string())?))
            }
        }
    }

    /// The size of the dimension the sequence `seq` iterates: a universe's,
    /// or the dimension of the first level it names.
    fn size_of(&self, seq: Value<'c, 'a>, place: Place<'c, 'a>) -> Result<Value<'c, 'a>, String> {
        let op = defining_op(seq).ok_or("a loop sequence must be built by sig ops")?;
        match name(op).as_str() {
            "sig.universe" => op.operand(0).map_err(|e| e.to_string()),
            "sig.level" => {
                let tensor: Value = op.operand(0).map_err(|e| e.to_string())?;
                let level = sig::Level::of(op).and_then(|view| view.level()).ok_or("sig.level has no level")? as usize;
                let dim = stored_encoding(tensor)?.format.dim_to_lvl[level];
                crate::arr_concretize::dim_of(tensor, dim, place, self.context, self.location)
            }
            "sig.disjoint_union" => {
                let (lhs, rhs) = (
                    self.size_of(op.operand(0).map_err(|e| e.to_string())?, place)?,
                    self.size_of(op.operand(1).map_err(|e| e.to_string())?, place)?,
                );
                Ok(place.value(melior::dialect::arith::addi(lhs, rhs, self.location)))
            }
            "sig.union" | "sig.intersect" | "sig.complement" => {
                let mut sizes = op.operands().map(|operand| self.size_of(operand, place));
                let first = sizes.next().ok_or("a sequence combinator without operands")?;
                first.or_else(|error| sizes.find(Result::is_ok).unwrap_or(Err(error)))
            }
            other => Err(format!("a complement in a loop over '{other}' sequences only is not supported yet")),
        }
    }

    /// The sequence of `point`: one leaf, or their union or intersection.
    fn sequence(
        &self,
        iterators: &[LevelIterator],
        union: bool,
        leaves: &[SeqLeaf<'c, 'a>],
        place: Place<'c, 'a>,
    ) -> Result<Value<'c, 'a>, String> {
        let values = iterators.iter().map(|&iterator| self.leaf_value(iterator, leaves)).collect::<Vec<_>>();
        if values.len() == 1 {
            return Ok(values[0]);
        }
        let op = if union { sig::union(&values, self.location) } else { sig::intersect(&values, self.location) };
        Ok(place.value(op.map_err(|e| e.to_string())?))
    }

    /// The loop of `plan`, in a statement that `omits` a region (then each
    /// of its switches counts a stored fill value as absent:
    /// [`STORED_FILL_ABSENT`]).
    #[allow(clippy::too_many_arguments)]
    fn while_loop(
        &self,
        plan: &LoopPlan,
        omits: bool,
        leaves: &[SeqLeaf<'c, 'a>],
        source: BlockRef<'c, 'a>,
        shift: Option<Value<'c, 'a>>,
        place: Place<'c, 'a>,
        scope: &Scope<'c, 'a>,
    ) -> Result<(), String> {
        let covers_all = plan.cases.iter().all(|case| plan.drivers.iter().all(|driver| case.iterators.contains(driver)));
        let sequence = self.sequence(&plan.drivers, plan.merge || !covers_all, leaves, place)?;
        let until = if plan.merge { Until::AllButOneRunOut } else { Until::AnyRunsOut };
        let located = plan
            .located
            .iter()
            .filter(|iterator| !matches!(iterator, LevelIterator::Universe))
            .map(|&it| self.leaf_value(it, leaves))
            .collect::<Vec<_>>();
        let sources = vec![self.leaf_value(plan.drivers[0], leaves); located.len()];
        let region = block_region(&[Type::index(self.context)], self.location);
        let op = place.put(cfir::r#while(sequence, &located, &sources, until, region, self.location).map_err(|e| e.to_string())?);
        let body = only_block(op, 0);
        let index: Value = body.argument(0).expect("the index").into();
        let mut scope = scope.clone();
        scope.depth += 1;
        scope.omits |= omits;
        for leaf in leaves {
            if let Some(tensor) = leaf.tensor {
                scope.leaves.insert((value_key(tensor), leaf.level), leaf.value);
                scope.bound_at.insert((value_key(tensor), leaf.level), scope.depth);
            }
        }
        let index = match shift {
            Some(shift) => Place::End(body).put(melior::dialect::arith::addi(index, shift, self.location)).result(0).expect("one").into(),
            None => index,
        };
        scope.values.insert(value_key(source.argument(0).expect("the index").into()), Some(index));
        if plan.merge || (!omits && plan.cases.len() == 1 && plan.drivers.len() == 1) {
            if plan.cases[0].producer {
                self.case_body(&plan.cases[0].iterators, leaves, source, Place::End(body), &scope)?;
            }
        } else {
            // Each case's sequence is defined before the switch, which holds only cases.
            let sequences = plan
                .cases
                .iter()
                .map(|case| {
                    let sparse: Vec<LevelIterator> = case.iterators.iter().copied().filter(|it| it.is_sparse()).collect();
                    let members = if sparse.is_empty() { vec![plan.drivers[0]] } else { sparse };
                    self.sequence(&members, false, leaves, Place::End(body))
                })
                .collect::<Result<Vec<_>, _>>()?;
            let cases = block_region(&[], self.location);
            let switch = body.append_operation(cfir::switch(index, cases, self.location).map_err(|e| e.to_string())?);
            if omits {
                edit(switch).set_attribute(STORED_FILL_ABSENT, Attribute::unit(self.context));
            }
            let cases = only_block(switch, 0);
            for (case, sequence) in plan.cases.iter().zip(sequences) {
                let region = block_region(&[], self.location);
                let kind = if case.producer { CaseKind::Producer } else { CaseKind::Omitter };
                let op = cases.append_operation(cfir::case(sequence, kind, region, self.location).map_err(|e| e.to_string())?);
                let case_block = only_block(op, 0);
                if case.producer {
                    self.case_body(&case.iterators, leaves, source, Place::End(case_block), &scope)?;
                }
                case_block.append_operation(self.terminator()?);
            }
            cases.append_operation(self.terminator()?);
        }
        body.append_operation(self.terminator()?);
        Ok(())
    }

    fn terminator(&self) -> Result<melior::ir::Operation<'c>, String> {
        sparse_dialects::terminator(&[], self.location).map_err(|e| e.to_string())
    }

    /// The forall body specialized to the region `case`.
    fn case_body(
        &self,
        case: &Point,
        leaves: &[SeqLeaf<'c, 'a>],
        source: BlockRef<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &Scope<'c, 'a>,
    ) -> Result<(), String> {
        let mut scope = scope.clone();
        for (index, leaf) in leaves.iter().enumerate() {
            let sparse = leaf.tensor.is_some_and(|tensor| level_of(tensor, leaf.level).is_ok_and(|level| !level.is_located()));
            if sparse && !case.contains(&LevelIterator::Sparse((index, leaf.level))) {
                scope.values.insert(value_key(leaf.tensor.expect("sparse leaves have tensors")), None);
            }
        }
        let mut next = source.first_operation();
        while let Some(op) = next {
            next = op.next_in_block();
            self.statement(op, place, &mut scope)?;
        }
        Ok(())
    }

    /// Emits one op of a forall body under `scope`.
    fn statement(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), String> {
        let op_name = name(op);
        let unreadable = op.operands().any(|operand| scope.unreadable.contains(&value_key(operand)));
        // Only an op that simplifies (below) may take an unreadable value.
        if unreadable && !is_simplified(op) {
            return Err(format!("a read outside the loops of its levels, which {op_name} uses"));
        }
        match op_name.as_str() {
            "sig.forall" => self.forall(op, place, scope),
            sparse_dialects::YIELD | "sig.union" | "sig.intersect" | "sig.complement" | "sig.disjoint_union" => Ok(()),
            "sig.access" => {
                let tensor: Value = op.operand(0).map_err(|e| e.to_string())?;
                let result = op.result(0).expect("one result");
                let value = if scope.is_absent(tensor) {
                    // Its fill: 0 is left implicit, to simplify what reads it.
                    let fill = stored_encoding(tensor)?.fill;
                    if scalar::is_zero(fill) {
                        None
                    } else {
                        let fill = self.constant(fill, result.r#type(), place)?;
                        scope.fills.insert(value_key(fill));
                        Some(fill)
                    }
                } else {
                    let levels = stored_encoding(tensor)?.format.rank();
                    let Some(leaves) =
                        (0..levels).map(|level| scope.leaves.get(&(value_key(tensor), level)).copied()).collect::<Option<Vec<_>>>()
                    else {
                        scope.unreadable.insert(value_key(result.into()));
                        return Ok(());
                    };
                    Some(
                        place
                            .put(cfir::access(tensor, &leaves, result.r#type(), self.location).map_err(|e| e.to_string())?)
                            .result(0)
                            .expect("one")
                            .into(),
                    )
                };
                scope.values.insert(value_key(result.into()), value);
                Ok(())
            }
            "sig.assign" => {
                let operands = op.operands().collect::<Vec<_>>();
                let reduce = sig::Assign::of(op).and_then(|view| view.reduce());
                // An absent value is 0. A store of the result's fill (0 absent,
                // or the constant fill) into a result made here (which starts
                // at its fill) is dropped, unless it may overwrite another
                // store (`sig.keep_fill`); one into a tensor passed in is
                // kept. A reduction by it may still change the output, and
                // folds in an absent 0 only if asked to.
                let output_fill = Encoding::of_any(tensor_type(operands[0])?).map_err(|e| e.to_string())?.fill;
                let made_here = defining_op(operands[0]).is_some_and(|made| matches!(name(made).as_str(), "tensor.empty" | "cfir.alloc"));
                let keeps_fill = reduce.is_none() && (!made_here || op.attribute(crate::statement::KEEP_FILL).is_ok());
                let folds_fill = match reduce {
                    Some(_) => op.attribute(crate::statement::FOLD_FILL).is_ok(),
                    None => keeps_fill || !scalar::is_zero(output_fill),
                };
                let value = match scope.get(operands[1]) {
                    None if folds_fill => Some(self.zero(operands[1].r#type(), place)?),
                    value => value,
                };
                let Some(value) = value.filter(|&value| reduce.is_some() || keeps_fill || !is_constant(value, output_fill)) else {
                    return Ok(());
                };
                let indices =
                    operands[2..].iter().map(|&index| scope.get(index).ok_or("an index is never absent")).collect::<Result<Vec<_>, _>>()?;
                let tensor = scope.get(operands[0]).ok_or("the output is never absent")?;
                let store = match reduce {
                    Some(function) => cfir::reduce(tensor, value, &indices, function, self.location),
                    None => cfir::assign(tensor, value, &indices, self.location),
                };
                let store = store.map_err(|e| e.to_string())?;
                match scope.guards.get(&value_key(operands[1])) {
                    // A selected value is stored where its condition holds.
                    Some(&keep) => {
                        let then = block_region(&[], self.location);
                        let guarded = place.put(melior::dialect::scf::r#if(keep, &[], then, melior::ir::Region::new(), self.location));
                        let body = only_block(guarded, 0);
                        body.append_operation(store);
                        body.append_operation(melior::dialect::scf::r#yield(&[], self.location));
                    }
                    None => {
                        place.put(store);
                    }
                }
                Ok(())
            }
            crate::statement::SELECT => {
                let result: Value = op.result(0).map_err(|e| e.to_string())?.into();
                if users(result).iter().any(|user| name(*user) != "sig.assign" || user.operand(1).ok() != Some(result)) {
                    return Err(
                        "a sparse_tensor.select whose value is used by another op than the store of the result is not supported yet".into(),
                    );
                }
                let Some(operand) = scope.get(op.operand(0).map_err(|e| e.to_string())?) else {
                    scope.values.insert(value_key(result), None);
                    return Ok(());
                };
                let keep =
                    self.inline_region(op, 0, &[operand], place, scope)?.ok_or("a sparse_tensor.select region yields no condition")?;
                scope.values.insert(value_key(result), Some(operand));
                scope.guards.insert(value_key(result), keep);
                Ok(())
            }
            "func.call" if self.specialized_call(op, place, scope)? => Ok(()),
            _ if crate::statement::is_region_function(op) => {
                let value = self.region_function(op, place, scope)?;
                scope.values.insert(value_key(op.result(0).map_err(|e| e.to_string())?.into()), value);
                Ok(())
            }
            _ => {
                let operands = op.operands().map(|operand| scope.get(operand)).collect::<Vec<_>>();
                let result = op.result(0).ok().map(Value::from);
                let simplified = if operands.iter().any(Option::is_none) {
                    self.with_zero(op, &operands)?
                } else if operands.iter().flatten().any(|&operand| scope.fills.contains(&value_key(operand))) {
                    self.folded(op, &operands)
                } else {
                    Simplified::Emit
                };
                // What an unreadable value reaches is unreadable.
                let reaches = |index: usize| op.operand(index).is_ok_and(|operand| scope.unreadable.contains(&value_key(operand)));
                let unreadable = match simplified {
                    Simplified::Zero => false,
                    Simplified::Operand(index) => reaches(index),
                    Simplified::Constant(_) => false,
                    Simplified::Emit => unreadable,
                };
                if unreadable {
                    scope.unreadable.extend(op.results().map(|result| value_key(result.into())));
                    return Ok(());
                }
                let value = match simplified {
                    Simplified::Zero => None,
                    Simplified::Operand(index) => operands[index],
                    Simplified::Constant(value) => {
                        let folded = self.constant(value, result.ok_or("a folded op without a result")?.r#type(), place)?;
                        scope.fills.insert(value_key(folded));
                        Some(folded)
                    }
                    Simplified::Emit => {
                        let operands = operands
                            .iter()
                            .zip(op.operands())
                            .map(|(mapped, original)| mapped.map_or_else(|| self.zero(original.r#type(), place), Ok))
                            .collect::<Result<Vec<_>, _>>()?;
                        let new = place.put(rebuild(op, &operands, self.context)?);
                        for (old, new) in op.results().zip(new.results()) {
                            scope.values.insert(value_key(old.into()), Some(new.into()));
                        }
                        return Ok(());
                    }
                };
                if let Some(result) = result {
                    scope.values.insert(value_key(result), value);
                }
                Ok(())
            }
        }
    }

    /// A call to a user function that has a specialization for the
    /// arguments present in this case (paper 000 §4.3: `arr.specializes`,
    /// `arr.present`) calls that specialization with those arguments; an
    /// argument is present where it reads a tensor stored here and is not
    /// its absent 0. Whether it did.
    fn specialized_call(&self, call: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<bool, String> {
        let Some(callee) = callee_name(call) else { return Ok(false) };
        let (_, module) = crate::ir::module_of(call)?;
        let arguments: Vec<Value<'c, 'a>> = call.operands().collect();
        let present: Vec<i64> = (0..arguments.len())
            .filter(|&at| scope.get(arguments[at]).is_some() && self.reads_stored(arguments[at], scope))
            .map(|at| at as i64)
            .collect();
        let specializes = |op: &OperationRef| {
            op.attribute(SPECIALIZES).ok().and_then(sparse_dialects::text_of) == Some(callee)
                && op
                    .attribute(PRESENT)
                    .ok()
                    .and_then(|attribute| melior::ir::attribute::DenseI64ArrayAttribute::try_from(attribute).ok())
                    .is_some_and(|positions| {
                        (0..positions.len()).map(|at| positions.element(at).ok()).collect::<Option<Vec<i64>>>() == Some(present.clone())
                    })
        };
        let Some(specialization) = std::iter::successors(module.first_operation(), |op| op.next_in_block()).find(specializes) else {
            return Ok(false);
        };
        let symbol = sparse_dialects::string(&specialization, "sym_name").ok_or("a specialization without a name")?.to_string();
        let operands = present.iter().map(|&at| scope.get(arguments[at as usize]).expect("present")).collect::<Vec<_>>();
        let results: Vec<Type> = call.results().map(|result| result.r#type()).collect();
        let new = place.put(melior::dialect::func::call(
            self.context,
            melior::ir::attribute::FlatSymbolRefAttribute::new(self.context, &symbol),
            &operands,
            &results,
            self.location,
        ));
        for (old, new) in call.results().zip(new.results()) {
            scope.values.insert(value_key(old.into()), Some(new.into()));
        }
        Ok(true)
    }

    /// Whether `value` of the forall body reads a tensor that is stored in
    /// this case (a `sig.access` of one not absent), through the ops of
    /// the body that compute it.
    fn reads_stored(&self, value: Value<'c, 'a>, scope: &Scope<'c, 'a>) -> bool {
        let mut stack = vec![value];
        let mut seen = std::collections::HashSet::new();
        while let Some(value) = stack.pop() {
            let Some(op) = defining_op(value) else { continue };
            if !seen.insert(value_key(value)) {
                continue;
            }
            if name(op) == "sig.access" {
                if op.operand(0).is_ok_and(|tensor| !scope.is_absent(tensor)) {
                    return true;
                }
                continue;
            }
            // Only what the body computes: values from outside are the same everywhere.
            if op.parent_operation().is_some_and(|parent| sig::Forall::of(parent).is_some()) {
                stack.extend(op.operands());
            }
        }
        false
    }

    /// Upstream's `sparse_tensor.binary` or `unary` in this case: the region
    /// that the present operands pick, inlined on them (`None`, absent, when
    /// it is empty or no region applies).
    fn region_function(
        &self,
        op: OperationRef<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<Option<Value<'c, 'a>>, String> {
        use crate::statement::{CaseRegion, RegionFunction};
        let function = RegionFunction::of(op).ok_or("not a function with regions")?;
        let operands = op.operands().map(|operand| scope.get(operand)).collect::<Vec<_>>();
        let present = operands.iter().map(Option::is_some).collect::<Vec<_>>();
        let arguments = operands.into_iter().flatten().collect::<Vec<_>>();
        match function.case(&present) {
            None | Some((_, CaseRegion::Empty)) => Ok(None),
            Some((_, CaseRegion::Identity)) => Ok(arguments.first().copied()),
            Some((index, CaseRegion::Custom)) => self.inline_region(op, index, &arguments, place, scope),
        }
    }

    /// Region `index` of `op` inlined on `arguments`: its value is what its
    /// `sparse_tensor.yield` yields.
    fn inline_region(
        &self,
        op: OperationRef<'c, 'a>,
        index: usize,
        arguments: &[Value<'c, 'a>],
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<Option<Value<'c, 'a>>, String> {
        let block = op.region(index).ok().and_then(|region| region.first_block()).ok_or("a region without its block")?;
        if block.argument_count() != arguments.len() {
            return Err(format!(
                "a region of '{}' takes {} arguments where {} are present",
                name(op),
                block.argument_count(),
                arguments.len()
            ));
        }
        for (at, &argument) in arguments.iter().enumerate() {
            scope.values.insert(value_key(block.argument(at).map_err(|e| e.to_string())?.into()), Some(argument));
        }
        let mut next = block.first_operation();
        while let Some(inner) = next {
            next = inner.next_in_block();
            if name(inner) == "sparse_tensor.yield" {
                return Ok(scope.get(inner.operand(0).map_err(|e| e.to_string())?));
            }
            self.statement(inner, place, scope)?;
        }
        Err(format!("a region of '{}' without sparse_tensor.yield", name(op)))
    }

    /// What an op with absent (zero) operands becomes.
    fn with_zero(&self, op: OperationRef<'c, 'a>, operands: &[Option<Value<'c, 'a>>]) -> Result<Simplified<'c>, String> {
        // An op on an absent tensor (a sequence of its levels, a window of
        // one) is absent too.
        let sequence = sig::seq_type(self.context);
        let absent =
            |original: Value, mapped: &Option<Value>| mapped.is_none() && (original.r#type().is_shaped() || original.r#type() == sequence);
        if op.operands().zip(operands).any(|(original, mapped)| absent(original, mapped)) {
            return Ok(Simplified::Zero);
        }
        // Where the other operands are constants (`0 − x` where `x` is
        // absent is 0), the op's value.
        if let folded @ (Simplified::Zero | Simplified::Constant(_)) = self.folded(op, operands) {
            return Ok(folded);
        }
        let present: Vec<usize> = (0..operands.len()).filter(|&index| operands[index].is_some()).collect();
        Ok(match crate::statement::combine_of(op) {
            // 0 × x is 0 but where x is a fill that is not finite (0 × inf is NaN).
            crate::algebra::Combine::Intersect
                if !operands.iter().flatten().any(|&value| Number::of_constant(value).is_some_and(|number| !number.is_finite())) =>
            {
                Simplified::Zero
            }
            crate::algebra::Combine::Preserve if operands[0].is_none() => Simplified::Zero,
            crate::algebra::Combine::Union if present.is_empty() => Simplified::Zero,
            crate::algebra::Combine::Either { first } if operands.get(first..).is_some_and(|rest| rest.iter().all(Option::is_none)) => {
                Simplified::Zero
            }
            // x + 0 and x - 0 are x; 0 - x is computed.
            crate::algebra::Combine::Union if present == [0] => Simplified::Operand(0),
            crate::algebra::Combine::Union
                if present == [1] && !matches!(name(op).as_str(), "arith.subf" | "arith.subi" | "complex.sub") =>
            {
                Simplified::Operand(1)
            }
            _ => Simplified::Emit,
        })
    }

    /// What an op on absent operands (an absent 0, or constants standing
    /// for absent operands: [`Scope::fills`]) and constants becomes: a
    /// constant, where [`Self::folds`] evaluates it. A 0 is absent too, so
    /// that what it reaches simplifies as an absent read would (`a ·
    /// max(b, −5)` where `b` is absent is `a · 0`, and `a` is not read; so
    /// is `a · (c − c)` where `c`, of fill −1, is absent), but for a
    /// condition (an `i1`: a `sparse_tensor.select` keeps what it picks).
    fn folded(&self, op: OperationRef<'c, 'a>, operands: &[Option<Value<'c, 'a>>]) -> Simplified<'c> {
        let condition = op.result(0).is_ok_and(|result| result.r#type() == melior::ir::r#type::IntegerType::new(self.context, 1).into());
        match self.folds(op, operands) {
            Some((folded, _)) if folded.is_positive_zero() && !condition => Simplified::Zero,
            Some((_, value)) => Simplified::Constant(value),
            None => Simplified::Emit,
        }
    }

    /// The value of `op`, whose `operands` are constants, absent (an
    /// implicit 0, taken as a constant of its type) or known only at run
    /// time, when `op` is one [`fill::fold`] evaluates on the constants
    /// alone (an op of constants; a call that one of them annihilates,
    /// whatever the others are) and the value is not NaN (which is left to
    /// the op, whose sign LLVM's folding picks).
    ///
    /// [`fill::fold`]: crate::fill::fold
    fn folds(&self, op: OperationRef<'c, 'a>, operands: &[Option<Value<'c, 'a>>]) -> Option<(Number, Attribute<'c>)> {
        let result = match op.result_count() {
            1 => op.result(0).ok()?.r#type(),
            _ => return None,
        };
        let arguments = operands
            .iter()
            .zip(op.operands())
            .map(|(mapped, original)| match mapped {
                Some(value) => Number::of_constant(*value),
                None => crate::fill::Element::of(original.r#type()).map(crate::fill::Element::zero),
            })
            .collect::<Vec<_>>();
        let not_nan = |folded: &Number| match *folded {
            Number::Float(value) => !value.is_nan(),
            Number::Complex(re, im) => !re.is_nan() && !im.is_nan(),
            Number::Integer(_) => true,
        };
        let folded = crate::statement::fold_op(op, &arguments, 0).filter(not_nan)?;
        let attribute = match folded {
            // A complex attribute is made from its text, which has no
            // spelling for an infinite part: such a fold is left to the op.
            Number::Complex(re, im) if re.is_finite() && im.is_finite() => scalar::number(result, re, im),
            Number::Complex(..) => None,
            _ => folded.attribute(result, self.context),
        };
        Some((folded, attribute?))
    }

    /// The constant 0 of `type`.
    fn zero(&self, r#type: Type<'c>, place: Place<'c, 'a>) -> Result<Value<'c, 'a>, String> {
        let zero = scalar::zero(r#type).ok_or_else(|| format!("values of type {type} have no zero"))?;
        self.constant(zero, r#type, place)
    }

    /// The constant `value` of `type`.
    fn constant(&self, value: Attribute<'c>, r#type: Type<'c>, place: Place<'c, 'a>) -> Result<Value<'c, 'a>, String> {
        let op =
            scalar::constant(self.context, value, r#type, self.location).ok_or_else(|| format!("{value} is not a constant of {type}"))?;
        Ok(place.value(op))
    }
}

/// Whether `value` is the constant `scalar`.
fn is_constant(value: Value, scalar: Attribute) -> bool {
    Number::of_constant(value).zip(Number::of_typed(scalar)).is_some_and(|(value, scalar)| value.same(scalar))
}

enum Simplified<'c> {
    Zero,
    Operand(usize),
    /// A value known when compiling (not 0).
    Constant(Attribute<'c>),
    Emit,
}

/// The most regions the lattices of a nest of unions over the same k
/// operands may reach, `(2^k − 1)^levels`, before the outer levels merge
/// too (`Lowering::loops`). Below it, the lattices' loops compile in a
/// fraction of a second and run faster than merges: the sum of 3 DCSR
/// matrices with a fifth of their 200,000 rows stored took 3.6–3.7 ms
/// where merged rows took 5.2–5.4 ms, 4 of them 6.8–6.9 against
/// 9.9–10.2 ms (with every row stored, the merge is as fast). Above it
/// they grow past what `verify-lowered` accepts: 6 DCSR matrices (3,969
/// regions) lowered to 118,898 LLVM operations and 4 CSF 3-tensors
/// (3,375) to 78,920; 5 DCSR (961) took 1.3 s and 2.6 MB of output, more
/// with bounds checks, where 4 (225) and 3 CSF (343) took 0.4 s.
const MOST_NESTED_REGIONS: f64 = 500.0;

/// The most regions (cases) the loops of one statement may emit, summed
/// over every loop emitted: each region of a union holds the loops below
/// it, so unions of many operands at several depths emit their lattices'
/// regions over and over. Measured with `--sparse-compiler`, a region
/// lowers to 20 LLVM operations or more (2 CSF-like 16-tensors' sum: 528
/// regions, 10,702 operations; the maximum of 3 such 6-tensors: 972
/// regions, 23,483), so past this many `verify-lowered` refuses the
/// function anyway (at 40,000 operations), but only after the lowering,
/// which took minutes (5 CSF 3-tensors' maximum: 5,463 regions, 232,352
/// operations, 75 s; 6 DCSR matrices' maximum: 3,430 regions, 70 s).
const MOST_REGIONS_LOWERED: usize = 2_000;

/// Whether a tensor's fill is 0, which the lattice's cases leave implicit.
fn has_zero_fill(tensor: Value) -> bool {
    stored_encoding(tensor).is_ok_and(|encoding| scalar::is_zero(encoding.fill))
}

/// Whether the body of a forall over the union of `drivers` (tensors, by
/// [`value_key`]), of which `zero_filled` have the fill 0, computes in
/// every region of the union what the lattice's case for that region
/// computes, once the absent drivers read as their fills at run time. The
/// cases leave an absent 0 implicit and simplify it away (`x + 0` is `x`,
/// `x × 0` is 0 even where `x` is not finite, a store of nothing is
/// dropped; `with_zero`), and pick user functions' regions and
/// specializations by the drivers present. So:
///
/// - every op that reads a zero-filled driver's value is one for which the
///   simplified and the computed result agree: `+`, `−` and negation, a
///   product by a finite constant or a quotient by a finite constant other
///   than 0 (`0 × c` and `0 / c` are 0 either way, up to the sign of 0);
/// - no op that reads a driver picks what it computes by the drivers
///   present: a user function with a region per case
///   (`sparse_tensor.binary`, `unary`, `reduce`), a `sparse_tensor.select`,
///   a call of a function with a specialization (`arr.specializes`);
/// - every store's value reads every driver, so that it is never one of
///   nothing, which the cases would not store.
///
/// A stored −0 alone then sums to +0, as the dense evaluation does, where
/// the case would keep −0 (and does, in the loops that finish the operand
/// the merge leaves).
fn same_in_every_region(
    body: BlockRef,
    drivers: &std::collections::BTreeSet<usize>,
    zero_filled: &std::collections::BTreeSet<usize>,
) -> bool {
    let specialized = |call: OperationRef| {
        let Some(callee) = callee_name(call) else { return true };
        let Ok((_, module)) = crate::ir::module_of(call) else { return true };
        std::iter::successors(module.first_operation(), |op| op.next_in_block())
            .any(|op| op.attribute(SPECIALIZES).ok().and_then(sparse_dialects::text_of) == Some(callee))
    };
    let mut ops = Vec::new();
    let mut next = body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        ops.extend(collect(op, |_| true));
    }
    let finite_constant = |value: Value| Number::of_constant(value).is_some_and(|number| number.is_finite());
    // The drivers each value reads.
    let mut reads: HashMap<usize, std::collections::BTreeSet<usize>> = HashMap::new();
    for op in ops {
        let operands: Vec<Value> = op.operands().collect();
        let read = |value: &Value| reads.get(&value_key(*value)).cloned().unwrap_or_default();
        let op_name = name(op);
        let found: std::collections::BTreeSet<usize> = match op_name.as_str() {
            "sig.access" => operands.first().map(|&tensor| value_key(tensor)).filter(|key| drivers.contains(key)).into_iter().collect(),
            "sig.assign" => {
                if operands.get(1).is_some_and(|&value| &read(&value) != drivers) {
                    return false;
                }
                continue;
            }
            _ => operands.iter().flat_map(&read).collect(),
        };
        if found.is_empty() || op_name == "sig.access" {
            reads.extend(op.results().map(|result| (value_key(result.into()), found.clone())));
            continue;
        }
        if crate::statement::is_region_function(op) || (op_name == "func.call" && specialized(op)) {
            return false;
        }
        let implicit = |value: &Value| !read(value).is_disjoint(zero_filled);
        if found.iter().any(|driver| zero_filled.contains(driver)) {
            let agrees = match op_name.as_str() {
                "arith.addf" | "arith.subf" | "arith.addi" | "arith.subi" | "arith.negf" | "complex.add" | "complex.sub"
                | "complex.neg" => true,
                "arith.mulf" | "arith.muli" => {
                    operands.len() == 2 && (0..2).any(|at| !implicit(&operands[at]) && finite_constant(operands[at]))
                }
                "arith.divf" => {
                    let nonzero = Number::of_constant(operands[1]).is_some_and(|divisor| !divisor.same(Number::Float(0.0)));
                    implicit(&operands[0]) && !implicit(&operands[1]) && finite_constant(operands[1]) && nonzero
                }
                _ => false,
            };
            if !agrees {
                return false;
            }
        }
        reads.extend(op.results().map(|result| (value_key(result.into()), found.clone())));
    }
    true
}

fn tensor_type<'c>(tensor: Value<'c, '_>) -> Result<RankedTensorType<'c>, String> {
    RankedTensorType::try_from(tensor.r#type()).map_err(|_| "sequences and reads need ranked tensors".to_string())
}

/// The longest level a position map may span (`cfir-to-scf`'s
/// `scattered_rows`): 2^20 coordinates, 8 MiB of 64-bit positions. The map
/// is cleared once per kernel run, a pass over it that a kernel touching
/// few of its rows (a hypersparse operand) would not make otherwise; the
/// limit bounds that cost (a few tenths of a millisecond at the memory
/// bandwidth of a current core).
const POSITION_MAP_LIMIT: u64 = 1 << 20;

/// Whether [`Lowering::statement`] lowers `op` by the generic arm,
/// which simplifies ops on absent values and passes unreadable ones on.
fn is_simplified(op: OperationRef) -> bool {
    let op_name = name(op);
    !op_name.starts_with("sig.")
        && !matches!(op_name.as_str(), sparse_dialects::YIELD | "func.call")
        && !crate::statement::is_region_function(op)
}

/// Whether the loop about to be built may locate `leaf`, a compressed level
/// of a kernel argument, through a position map of its row: the level is
/// unique (one position per coordinate), its dimension is of constant size
/// at most [`POSITION_MAP_LIMIT`], and its parent is bound outside the
/// enclosing loop (or is the root and a loop encloses this one), so its row
/// stays the same while that loop runs and is scattered once for all of its
/// iterations (triangle counting's `L(i, :)` in `L(i, k) L(k, j) L(i, j)`,
/// a mask's row in a masked product, a sparse vector in a loop over rows).
fn scatters_row(leaf: &SeqLeaf, scope: &Scope) -> bool {
    let Some(tensor) = leaf.tensor else { return false };
    let by_level = defining_op(leaf.value).is_some_and(|made| name(made) == "sig.level");
    let argument = block_argument(tensor).is_some();
    let Ok(encoding) = stored_encoding(tensor) else { return false };
    let Some(level) = encoding.format.levels.get(leaf.level) else { return false };
    let compressed = matches!(level.kind, LevelKind::Compressed | LevelKind::LooseCompressed);
    let size = match encoding.format.parts().get(encoding.format.dim_to_lvl[leaf.level]) {
        Some(DimPart::Whole { dim }) => tensor_type(tensor).ok().and_then(|r#type| r#type.dim_size(*dim).ok()),
        _ => None,
    };
    let short = matches!(size, Some(DimSize::Static(size)) if size <= POSITION_MAP_LIMIT);
    let parent_depth = match leaf.level.checked_sub(1) {
        None => Some(0),
        Some(parent) => scope.bound_at.get(&(value_key(tensor), parent)).copied(),
    };
    let invariant = parent_depth.is_some_and(|depth| depth < scope.depth);
    by_level && argument && compressed && level.unique && short && invariant
}

fn level_of(tensor: Value, level: usize) -> Result<Level, String> {
    stored_encoding(tensor)?.format.levels.get(level).copied().ok_or_else(|| format!("level {level} does not exist"))
}

/// The encoding a read tensor is stored in (a slice view's source's).
fn stored_encoding<'c>(tensor: Value<'c, '_>) -> Result<Encoding<'c>, String> {
    tensor_type(tensor)?;
    sparse_dialects::arr::stored_encoding(tensor).ok_or_else(|| "a read of a tensor without a valid encoding".to_string())
}
