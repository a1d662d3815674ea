//! Small IR utilities the passes share, for what melior does not wrap.

use melior::{
    ir::{
        attribute::{BoolAttribute, IntegerAttribute},
        block::BlockLike,
        operation::{OperationBuilder, OperationLike, OperationMutLike, OperationRefMut},
        r#type::IntegerType,
        Attribute, AttributeLike, Block, BlockRef, Identifier, Location, Operation, OperationRef, Region, RegionLike, Type, Value,
        ValueLike,
    },
    Context,
};
use std::collections::HashMap;

/// Why an op was not erased: an op outside it still uses a value that it,
/// or an op nested in it, defines. Erasing it would leave that op reading
/// freed memory, so it is a defect of the pass, reported at the op.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("internal error: '{op}' would be erased while '{user}' still uses a value it defines")]
pub struct StillUsed {
    pub op: String,
    pub user: String,
}

/// Erases `op`, unless an op outside it still uses a value that it or an op
/// nested in it defines: the only way the passes erase ops, so that none
/// can leave a dangling use. Every handle to `op` or to an op nested in it
/// dangles afterwards: a pass that erases while it goes through a list of
/// ops (from [`collect`]) must not reach such an entry again (go innermost
/// first, filter the nested ones out first, or use [`erase_unused`]).
pub fn erase(op: OperationRef) -> Result<(), StillUsed> {
    for inner in collect(op, |_| true) {
        for result in inner.results() {
            if let Some(user) = users(result.into()).into_iter().find(|user| !is_within(*user, op)) {
                return Err(StillUsed { op: name(op), user: name(user) });
            }
        }
    }
    // SAFETY: the op is live, and no op outside it uses what it defines;
    // MLIR unlinks it from its block and frees it with its regions.
    unsafe { mlir_sys::mlirOperationDestroy(op.to_raw()) }
    Ok(())
}

/// Whether `op` is `ancestor` or nested in it.
pub fn is_within(op: OperationRef, ancestor: OperationRef) -> bool {
    std::iter::successors(Some(op), |op| op.parent_operation()).any(|op| op.to_raw().ptr == ancestor.to_raw().ptr)
}

/// The ops of `block`, in order (its terminator last).
pub(crate) fn block_ops<'c, 'a>(block: BlockRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    std::iter::successors(block.first_operation(), |op| op.next_in_block()).collect()
}

pub(crate) use sparse_dialects::{block_argument, defining_op, op_result};

/// Whether `value` is defined by an op nested in `op` or by a block of it.
pub(crate) fn defined_inside(value: Value, op: OperationRef) -> bool {
    match defining_op(value) {
        Some(owner) => is_within(owner, op),
        None => block_argument(value).is_some_and(|argument| argument.owner().parent_operation().is_some_and(|owner| is_within(owner, op))),
    }
}

/// `llvm.call @callee(operands)` with `results`, at `location`: a direct
/// call with no operand bundles, as the LLVM dialect builds one.
pub(crate) fn llvm_call<'c>(
    context: &'c Context,
    location: Location<'c>,
    callee: &str,
    operands: &[Value<'c, '_>],
    results: &[Type<'c>],
) -> Option<Operation<'c>> {
    let segments = melior::ir::attribute::DenseI32ArrayAttribute::new(context, &[i32::try_from(operands.len()).ok()?, 0]);
    let no_bundles = melior::ir::attribute::DenseI32ArrayAttribute::new(context, &[]);
    OperationBuilder::new("llvm.call", location)
        .add_operands(operands)
        .add_attributes(&[
            (Identifier::new(context, "callee"), melior::ir::attribute::FlatSymbolRefAttribute::new(context, callee).into()),
            (Identifier::new(context, "operandSegmentSizes"), segments.into()),
            (Identifier::new(context, "op_bundle_sizes"), no_bundles.into()),
        ])
        .add_results(results)
        .build()
        .ok()
}

/// The value of an integer constant: `arith.constant`, or
/// `llvm.mlir.constant` in the LLVM dialect.
pub(crate) fn constant(value: Value) -> Option<i64> {
    let op = defining_op(value)?;
    matches!(name(op).as_str(), "arith.constant" | "llvm.mlir.constant")
        .then_some(IntegerAttribute::try_from(op.attribute("value").ok()?).ok()?.value())
}

/// The name of the function a direct call (`func.call`, `llvm.call`) calls.
pub(crate) fn callee_name<'c>(call: OperationRef<'c, '_>) -> Option<&'c str> {
    sparse_dialects::text_of(call.attribute("callee").ok()?)
}

/// Whether `op` is in an `llvm.func` of `module` itself (not of a module
/// nested in it, whose symbols are its own).
pub(crate) fn in_function_of(op: OperationRef, module: OperationRef) -> bool {
    let function =
        std::iter::successors(op.parent_operation(), |parent| parent.parent_operation()).find(|parent| name(*parent) == "llvm.func");
    function.and_then(|function| function.parent_operation()).is_some_and(|parent| parent == module)
}

/// `arith.cmpi`'s predicates `eq`, `slt` and `ult` (MLIR's `CmpIPredicate`).
pub(crate) const PREDICATE_EQ: i64 = 0;
pub(crate) const PREDICATE_SLT: i64 = 2;
pub(crate) const PREDICATE_ULT: i64 = 6;

/// The predicate of an `arith.cmpi`, as MLIR numbers it.
pub(crate) fn predicate(compare: OperationRef) -> Option<i64> {
    Some(IntegerAttribute::try_from(compare.attribute("predicate").ok()?).ok()?.value())
}

/// How many ops back from a load's index the passes look, with
/// [`computed_from`], for a loaded value it is computed from: a load that
/// gathers (`x[crd[p]]`, `x[index_cast(crd[p])]`).
pub(crate) const GATHER_DEPTH: usize = 4;

/// Whether `value` is one of `sources` or computed from one, within `depth`
/// ops nested in `op` (through no `memref.load`).
pub(crate) fn computed_from(value: Value, sources: &[Value], op: OperationRef, depth: usize) -> bool {
    if sources.contains(&value) {
        return true;
    }
    let Some(owner) = defining_op(value) else { return false };
    depth > 0
        && name(owner) != "memref.load"
        && is_within(owner, op)
        && owner.operands().any(|operand| computed_from(operand, sources, op, depth - 1))
}

/// Whether `buffer` is another name of its op's first operand: a view, or
/// the base buffer `memref.extract_strided_metadata` gives.
pub(crate) fn is_view(buffer: Value) -> bool {
    op_result(buffer).is_some_and(|result| match name(result.owner()).as_str() {
        "memref.cast" | "memref.subview" | "memref.reinterpret_cast" => true,
        "memref.extract_strided_metadata" => result.result_number() == 0,
        _ => false,
    })
}

/// A `memref.alloc`, a `memref.alloca`, or the buffer `cfir-to-scf` takes
/// zeroed from `calloc` (a cast marked [`ZEROED`](crate::cfir_to_scf::ZEROED)).
pub(crate) fn is_allocation(op: OperationRef) -> bool {
    match name(op).as_str() {
        "memref.alloc" | "memref.alloca" => true,
        "builtin.unrealized_conversion_cast" => op.attribute(crate::cfir_to_scf::ZEROED).is_ok(),
        _ => false,
    }
}

/// Whether `buffer` (or a view of it) reaches an op other than a load, a
/// store into it, a size, a view, a dealloc, a `memref.realloc` (which ends
/// the name: a sparse result trimmed after its loops), the function's
/// return or its address as an index that is only compared (as
/// `cfir-to-scf` compares it with 0, to stop where an allocation failed):
/// a call, a loop or a branch that could hand it on under another name, or
/// a store of the buffer itself.
pub(crate) fn escapes(buffer: Value) -> bool {
    users(buffer).into_iter().any(|user| match name(user).as_str() {
        // Stored as a value (into a buffer of buffers), it has another name.
        "memref.store" => user.operand(0).map_or(true, |stored| stored == buffer),
        "memref.load" | "memref.dim" | "memref.dealloc" | "memref.realloc" | "func.return" => false,
        // Its address, only compared (with 0, where `cfir-to-scf` checks
        // an allocation), names nothing.
        "memref.extract_aligned_pointer_as_index" => {
            user.result(0).map_or(true, |address| users(address.into()).into_iter().any(|reader| name(reader) != "arith.cmpi"))
        }
        "memref.cast" | "memref.subview" | "memref.reinterpret_cast" | "memref.extract_strided_metadata" => {
            user.result(0).map_or(true, |view| escapes(view.into()))
        }
        _ => true,
    })
}

/// The buffer `buffer` is a view of, through views ([`is_view`]), or
/// `buffer` itself.
pub(crate) fn viewed<'c: 'a, 'a>(mut buffer: Value<'c, 'a>) -> Value<'c, 'a> {
    while is_view(buffer) {
        match defining_op(buffer).and_then(|owner| owner.operand(0).ok()) {
            Some(source) => buffer = source,
            None => break,
        }
    }
    buffer
}

/// `memref.prefetch buffer[index], read, locality<3>, data`: a hint, which
/// never faults.
pub(crate) fn prefetch<'c>(context: &'c Context, buffer: Value<'c, '_>, index: Value<'c, '_>, location: Location<'c>) -> Operation<'c> {
    let i32_type = IntegerType::new(context, 32).into();
    OperationBuilder::new("memref.prefetch", location)
        .add_operands(&[buffer, index])
        .add_attributes(&[
            (Identifier::new(context, "isWrite"), BoolAttribute::new(context, false).into()),
            (Identifier::new(context, "localityHint"), IntegerAttribute::new(i32_type, 3).into()),
            (Identifier::new(context, "isDataCache"), BoolAttribute::new(context, true).into()),
        ])
        .build()
        .expect("valid operation")
}

/// `op`, to change its operands and attributes in place.
pub fn edit<'c, 'a>(op: OperationRef<'c, 'a>) -> OperationRefMut<'c, 'a> {
    // SAFETY: the op is live; melior lends no other reference into its
    // operands or attributes that a change could invalidate.
    unsafe { OperationRefMut::from_raw(op.to_raw()) }
}

/// The reassociation of a `tensor.collapse_shape` or `tensor.expand_shape`:
/// for each dimension of the lower rank, the dimensions of the higher rank
/// it stands for; `None` when the attribute is malformed.
pub fn reassociation(op: OperationRef) -> Option<Vec<Vec<usize>>> {
    let groups = melior::ir::attribute::ArrayAttribute::try_from(op.attribute("reassociation").ok()?).ok()?;
    let groups: Vec<Vec<usize>> = (0..groups.len())
        .map(|group| {
            let dims = melior::ir::attribute::ArrayAttribute::try_from(groups.element(group).ok()?).ok()?;
            (0..dims.len())
                .map(|dim| usize::try_from(melior::ir::attribute::IntegerAttribute::try_from(dims.element(dim).ok()?).ok()?.value()).ok())
                .collect()
        })
        .collect::<Option<_>>()?;
    // The dimensions in order, each once (a value MLIR's verifier reads
    // truncated, such as 2^32 for 0, is not).
    groups.iter().flatten().enumerate().all(|(at, &dim)| dim == at).then_some(groups)
}

/// Makes every use of `old` a use of `new`.
pub fn replace_uses(old: Value, new: Value) {
    // SAFETY: both values are live in the same context.
    unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(old.to_raw(), new.to_raw()) }
}

/// Makes `user` take `new` wherever it takes `old`.
pub fn replace_operand<'c, 'a>(user: OperationRef<'c, 'a>, old: Value<'c, 'a>, new: Value<'c, 'a>) {
    let slots: Vec<usize> = user.operands().enumerate().filter(|(_, operand)| *operand == old).map(|(at, _)| at).collect();
    for at in slots {
        edit(user).set_operand(at, new);
    }
}

/// A copy of the region-free `op` whose operands are `operands`.
pub fn rebuild<'c>(op: OperationRef<'c, '_>, operands: &[Value<'c, '_>], context: &'c Context) -> Result<Operation<'c>, String> {
    if op.region_count() > 0 {
        return Err(format!("'{}' has regions, which a statement body cannot hold", name(op)));
    }
    copy_of(op, operands, Vec::new(), context)
}

/// A new op of `op`'s name, location, attributes and result types, with
/// `operands` and `regions`.
fn copy_of<'c>(
    op: OperationRef<'c, '_>,
    operands: &[Value<'c, '_>],
    regions: Vec<Region<'c>>,
    context: &'c Context,
) -> Result<Operation<'c>, String> {
    let attributes = op
        .attributes()
        .map(|(name, value)| (Identifier::new(context, name.as_string_ref().as_str().unwrap_or_default()), value))
        .collect::<Vec<_>>();
    let results = op.results().map(|result| result.r#type()).collect::<Vec<Type>>();
    OperationBuilder::new(&name(op), op.location())
        .add_operands(operands)
        .add_results(&results)
        .add_attributes(&attributes)
        .add_regions_vec(regions)
        .build()
        .map_err(|error| error.to_string())
}

/// A copy of `op` elsewhere, each value it uses (its operands, and the
/// values its regions use from outside them) replaced by `outside`'s
/// counterpart. Ops with regions are copied whole: upstream's
/// `sparse_tensor.binary`, `unary` and `select`, whose regions may use the
/// values of the body they are in; other ops with regions are refused.
pub fn rebuild_in<'c, 'a>(
    op: OperationRef<'c, 'a>,
    outside: &dyn Fn(Value<'c, 'a>) -> Value<'c, 'a>,
    context: &'c Context,
) -> Result<Operation<'c>, String> {
    if op.region_count() > 0 && !crate::statement::is_region_function(op) {
        return Err(format!("'{}' has regions, which a statement body cannot hold", name(op)));
    }
    copy_with(op, &mut HashMap::new(), outside, context)
}

/// `op` copied with its regions; `inside` maps the values defined in the
/// regions copied so far to their copies.
pub(crate) fn copy_with<'c, 'a>(
    op: OperationRef<'c, 'a>,
    inside: &mut HashMap<usize, Value<'c, 'a>>,
    outside: &dyn Fn(Value<'c, 'a>) -> Value<'c, 'a>,
    context: &'c Context,
) -> Result<Operation<'c>, String> {
    let operands =
        op.operands().map(|operand| inside.get(&value_key(operand)).copied().unwrap_or_else(|| outside(operand))).collect::<Vec<_>>();
    let mut regions = Vec::new();
    for index in 0..op.region_count() {
        let region = Region::new();
        let mut block = op.region(index).map_err(|e| e.to_string())?.first_block();
        while let Some(old) = block {
            let arguments = (0..old.argument_count())
                .map(|at| old.argument(at).map(|argument| (argument.r#type(), argument.location())))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| e.to_string())?;
            let new = region.append_block(Block::new(&arguments));
            for at in 0..old.argument_count() {
                let (old_argument, new_argument) =
                    (old.argument(at).map_err(|e| e.to_string())?, new.argument(at).map_err(|e| e.to_string())?);
                inside.insert(value_key(old_argument.into()), new_argument.into());
            }
            let mut next = old.first_operation();
            while let Some(inner) = next {
                next = inner.next_in_block();
                let copy = new.append_operation(copy_with(inner, inside, outside, context)?);
                for (old_result, new_result) in inner.results().zip(copy.results()) {
                    inside.insert(value_key(old_result.into()), new_result.into());
                }
            }
            block = old.next_in_region();
        }
        regions.push(region);
    }
    copy_of(op, &operands, regions, context)
}

/// The ops that use `value`, one per use.
pub fn users<'c, 'a>(value: Value<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut users = Vec::new();
    // SAFETY: the value is live; each use is an operand of a live op, and the
    // list of uses is walked without changing the IR.
    unsafe {
        let mut operand = mlir_sys::mlirValueGetFirstUse(value.to_raw());
        while !mlir_sys::mlirOpOperandIsNull(operand) {
            users.push(OperationRef::from_raw(mlir_sys::mlirOpOperandGetOwner(operand)));
            operand = mlir_sys::mlirOpOperandGetNextUse(operand);
        }
    }
    users
}

/// Whether `value` is defined in `op`'s block (a result of an op there, or
/// an argument of it), so `op` runs once each time `value` is made.
pub fn defined_beside(value: Value, op: OperationRef) -> bool {
    let block = match defining_op(value) {
        Some(owner) => owner.block().map(|block| block.to_raw().ptr),
        None => block_argument(value).map(|argument| argument.owner().to_raw().ptr),
    };
    block.is_some() && block == op.block().map(|block| block.to_raw().ptr)
}

/// A value's identity, to key maps by (melior's `Value` is not `Hash`).
pub fn value_key(value: Value) -> usize {
    value.to_raw().ptr as usize
}

/// Erases the ops that define `values`, and transitively those that define
/// their operands, that `removable` accepts, each once nothing uses its
/// results any more. Every candidate is found before anything is erased,
/// and one is looked at only while it exists: erasing one can free another
/// (the maker of a value it read twice, or that it and a later candidate
/// both read), and a handle kept across that would dangle.
pub fn erase_unused<'c, 'a>(values: Vec<Value<'c, 'a>>, removable: impl Fn(OperationRef) -> bool) {
    let mut candidates: Vec<OperationRef> = Vec::new();
    let mut pending = values;
    while let Some(value) = pending.pop() {
        let Some(op) = defining_op(value) else { continue };
        if removable(op) && !candidates.contains(&op) {
            candidates.push(op);
            pending.extend(op.operands());
        }
    }
    // Erasing one may leave another unused: until none is.
    let unused = |op: &OperationRef| op.results().all(|result| users(result.into()).is_empty());
    while let Some(index) = candidates.iter().position(unused) {
        if erase(candidates.swap_remove(index)).is_err() {
            return;
        }
    }
}

/// How an upstream-form kernel frees a tensor it made.
pub const DEALLOC: &str = "bufferization.dealloc_tensor";

/// The uses of `tensor` but its deallocations ([`DEALLOC`]).
pub fn reads<'c, 'a>(tensor: Value<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    users(tensor).into_iter().filter(|user| name(*user) != DEALLOC).collect()
}

/// Erases the deallocations of `tensor`, which is then never built.
pub fn erase_deallocations(tensor: Value) -> Result<(), StillUsed> {
    users(tensor).into_iter().filter(|user| name(*user) == DEALLOC).try_for_each(erase)
}

pub fn name(op: OperationRef) -> String {
    sparse_dialects::name_of(&op)
}

/// The ops below `root` (pre-order) that `select` picks.
pub fn collect<'c, 'a>(root: OperationRef<'c, 'a>, select: impl Fn(OperationRef) -> bool) -> Vec<OperationRef<'c, 'a>> {
    let mut raw = Vec::new();
    root.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        if select(op) {
            raw.push(op.to_raw());
        }
        melior::ir::operation::WalkResult::Advance
    });
    // SAFETY: the walk changed nothing, so every op is alive as long as
    // `root` is, until the caller erases one (see `erase`).
    raw.into_iter().map(|op| unsafe { OperationRef::from_raw(op) }).collect()
}

/// A region of one block whose arguments have `types`.
pub fn block_region<'c>(types: &[Type<'c>], location: Location<'c>) -> Region<'c> {
    let region = Region::new();
    region.append_block(Block::new(&types.iter().map(|&r#type| (r#type, location)).collect::<Vec<_>>()));
    region
}

/// The block of region `index` of `op`, built by [`block_region`].
pub fn only_block<'c, 'a>(op: OperationRef<'c, 'a>, index: usize) -> BlockRef<'c, 'a> {
    op.region(index).ok().and_then(|region| region.first_block()).expect("built with one block per region")
}

/// The block of region `index` of `op` where the region has exactly one.
pub(crate) fn only_block_of<'c, 'a>(op: OperationRef<'c, 'a>, index: usize) -> Option<BlockRef<'c, 'a>> {
    let block = op.region(index).ok()?.first_block()?;
    block.next_in_region().is_none().then_some(block)
}

/// The `builtin.module` around `op` and its body, where symbols live.
pub fn module_of<'c, 'a>(op: OperationRef<'c, 'a>) -> Result<(OperationRef<'c, 'a>, BlockRef<'c, 'a>), String> {
    let module = std::iter::successors(op.parent_operation(), |op| op.parent_operation())
        .find(|op| name(*op) == "builtin.module")
        .ok_or_else(|| format!("'{}' is not inside a builtin.module", name(op)))?;
    let body = module.region(0).ok().and_then(|region| region.first_block()).ok_or("the module has no body")?;
    Ok((module, body))
}

/// `base`, or `base_1`, `base_2`, ..., the first that names nothing in `module_body`.
pub fn unused_symbol(module_body: BlockRef, base: &str) -> String {
    let taken = |symbol: &str| defined(module_body, symbol).is_some();
    std::iter::once(base.to_string()).chain((1..).map(|n| format!("{base}_{n}"))).find(|symbol| !taken(symbol)).expect("unbounded")
}

/// The op of `module_body` named `@symbol`.
pub fn defined<'c, 'a>(module_body: BlockRef<'c, 'a>, symbol: &str) -> Option<OperationRef<'c, 'a>> {
    std::iter::successors(module_body.first_operation(), |op| op.next_in_block())
        .find(|op| sparse_dialects::string(op, "sym_name") == Some(symbol))
}

/// The function a `func.call` calls, when the module defines or declares it.
pub fn callee<'c, 'a>(call: OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    defined(module_of(call).ok()?.1, callee_name(call)?)
}

/// Whether `function` is a declaration: a `func.func` without a body.
pub fn is_declaration(function: OperationRef) -> bool {
    name(function) == "func.func" && bodiless(function)
}

/// Whether `function` is an `llvm.func` without a body: a library's
/// function, which the program links with.
pub(crate) fn is_llvm_declaration(function: OperationRef) -> bool {
    name(function) == "llvm.func" && bodiless(function)
}

fn bodiless(function: OperationRef) -> bool {
    function.region(0).is_ok_and(|region| region.first_block().is_none())
}

/// The entries a `sparse<indices, values>` literal lists, explicit zeros
/// included: sorted by coordinates, the last of equal coordinates kept.
pub struct SparseLiteral<'c> {
    /// Per entry, its coordinates.
    pub coordinates: Vec<Vec<i64>>,
    /// Per entry, its value.
    pub values: Vec<Attribute<'c>>,
}

/// The `sparse<…>` attribute of the `arith.constant` that makes `value`, a
/// tensor of rank 1 or more, and its rank; `None` for any other value.
fn sparse_literal_attribute<'c>(value: Value<'c, '_>) -> Option<(Attribute<'c>, usize)> {
    let constant = defining_op(value)?;
    if name(constant) != "arith.constant" {
        return None;
    }
    let rank = melior::ir::ShapedTypeLike::rank(&melior::ir::r#type::RankedTensorType::try_from(value.r#type()).ok()?);
    let attribute = constant.attribute("value").ok()?;
    // SAFETY: `attribute` is live, and only its kind is asked.
    let sparse = unsafe { mlir_sys::mlirAttributeIsASparseElements(attribute.to_raw()) };
    (sparse && rank > 0).then_some((attribute, rank))
}

/// Whether `value` is made by an `arith.constant` of a `sparse<…>` literal
/// (without reading its entries).
pub fn is_sparse_literal(value: Value) -> bool {
    sparse_literal_attribute(value).is_some()
}

/// The entries of the `sparse<…>` literal that `value` is the
/// `arith.constant` of, if it is one.
pub fn sparse_literal<'c>(value: Value<'c, '_>) -> Option<SparseLiteral<'c>> {
    let (attribute, rank) = sparse_literal_attribute(value)?;
    // SAFETY: `attribute` is a live sparse elements attribute (checked
    // above); its indices and values are the dense elements attributes MLIR
    // keeps for it, read at positions below their element counts (`rank`
    // indices per entry, one value per entry).
    let mut entries = unsafe {
        let indices = mlir_sys::mlirSparseElementsAttrGetIndices(attribute.to_raw());
        let values = mlir_sys::mlirSparseElementsAttrGetValues(attribute.to_raw());
        let count = mlir_sys::mlirElementsAttrGetNumElements(indices) as usize / rank;
        (0..count)
            .map(|entry| {
                let coordinates =
                    (0..rank).map(|dim| mlir_sys::mlirDenseElementsAttrGetInt64Value(indices, (entry * rank + dim) as isize)).collect();
                let mut index = [entry as u64];
                let value = Attribute::from_raw(mlir_sys::mlirElementsAttrGetValue(values, 1, index.as_mut_ptr()));
                (coordinates, value)
            })
            .collect::<Vec<(Vec<i64>, Attribute<'c>)>>()
    };
    // Stable: of equal coordinates the last written stays last, and wins.
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    let mut literal = SparseLiteral { coordinates: Vec::new(), values: Vec::new() };
    for (coordinates, value) in entries {
        if literal.coordinates.last() == Some(&coordinates) {
            literal.values.pop();
            literal.coordinates.pop();
        }
        literal.coordinates.push(coordinates);
        literal.values.push(value);
    }
    Some(literal)
}

/// The sizes of `tensor` as [`RankedTensorType::new`] takes them: a dynamic
/// size is `i64::MIN`, MLIR's marker.
pub fn sizes_of(tensor: melior::ir::r#type::RankedTensorType) -> Vec<u64> {
    use melior::ir::ShapedTypeLike;
    (0..tensor.rank())
        .map(|dim| match tensor.dim_size(dim) {
            Ok(melior::ir::r#type::DimSize::Static(size)) => size,
            _ => i64::MIN as u64,
        })
        .collect()
}

/// The op that is all of `function`'s body, applied to its two arguments in
/// order and returned; `None` when the body is anything else.
pub(crate) fn single_operation<'c, 'a>(function: OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let block = function.region(0).ok()?.first_block()?;
    let first = block.first_operation()?;
    let returned = first.next_in_block()?;
    let of_arguments = first.operand_count() == 2
        && (0..2).all(|index| first.operand(index).ok().zip(block.argument(index).ok()).is_some_and(|(a, b)| a == b.into()));
    let returns_it = name(returned) == "func.return"
        && returned.operand_count() == 1
        && returned.operand(0).ok() == first.result(0).ok().map(Into::into);
    (of_arguments && returns_it && returned.next_in_block().is_none()).then_some(first)
}

/// `subscript` as an affine expression over loops numbered anew: loop `l`
/// written `d<first[l]>`.
pub(crate) fn render_subscript(subscript: &sparse_dialects::subscript::Subscript, first: &[usize]) -> String {
    let mut terms: Vec<String> = subscript
        .terms
        .iter()
        .map(|&(loop_, coefficient)| match coefficient {
            1 => format!("d{}", first[loop_]),
            _ => format!("d{} * {coefficient}", first[loop_]),
        })
        .collect();
    if subscript.intercept != 0 || terms.is_empty() {
        terms.push(subscript.intercept.to_string());
    }
    terms.join(" + ")
}

/// `affine_map<(d0, ..., d<loops - 1>) -> (results...)>`.
pub(crate) fn loop_map<'c>(loops: usize, results: &[String], context: &'c Context) -> Option<Attribute<'c>> {
    let dims = (0..loops).map(|loop_| format!("d{loop_}")).collect::<Vec<_>>().join(", ");
    Attribute::parse(context, &format!("affine_map<({dims}) -> ({})>", results.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::ir::{operation::OperationLike, Module};

    #[test]
    fn erase_refuses_an_op_whose_values_are_still_used() {
        let context = Context::new();
        sparse_dialects::load_dialects(&context).unwrap();
        let source = "func.func @f(%c: i1) -> f64 {
              %a = arith.constant 1.0 : f64
              %r = scf.if %c -> f64 {
                %b = arith.constant 2.0 : f64
                scf.yield %b : f64
              } else {
                scf.yield %a : f64
              }
              %dead = arith.constant 3.0 : f64
              return %r : f64
            }";
        let module = Module::parse(&context, source).unwrap();
        let find = |op_name: &str, value: &str| {
            collect(module.as_operation(), |op| name(op) == op_name && op.to_string().contains(value)).into_iter().next().expect("the op")
        };
        // A result used outside: kept, with the user named.
        let used = find("arith.constant", "1.000000e+00");
        assert_eq!(erase(used), Err(StillUsed { op: "arith.constant".into(), user: "scf.yield".into() }));
        let branch = find("scf.if", "scf.if");
        assert_eq!(erase(branch), Err(StillUsed { op: "scf.if".into(), user: "func.return".into() }));
        // A value used only inside the op goes with it; an unused op goes.
        let dead = find("arith.constant", "3.000000e+00");
        assert_eq!(erase(dead), Ok(()));
        assert!(module.as_operation().verify());
    }

    #[test]
    fn renders_compound_subscripts_over_new_loop_numbers() {
        let subscript = sparse_dialects::subscript::Subscript { terms: vec![(0, 2), (2, 1)], intercept: 1 };
        assert_eq!(super::render_subscript(&subscript, &[0, 2, 3]), "d0 * 2 + d3 + 1");
    }
}
