//! `cfir-to-scf`: CFIR → scf, memref and arith, over the kernel ABI.
//!
//! Each kernel (a function holding CFIR) is rewritten to take and return the
//! buffers of its tensors ([`crate::abi`], `storage`). Each `cfir.while`
//! becomes an `scf.while` that walks its drivers with the iterator model of
//! paper 001 (`iterator`: init, valid, eval, next, locate), one iterator per
//! level kind under `levels/`; co-iteration and cases are written once over
//! that interface (`coiterate`). Dense outputs are stored by locating; sparse
//! outputs are assembled in order (`assembly`).
//!
//! The recipe of one kernel, [`lower_kernel`]: rewrite the signature; lower
//! the ops before the first loop; size each sparse output (a bound from the
//! operands, or a bounding or counting pass over the loops); lower the loops;
//! finish the sparse outputs; return.

mod assembly;
mod branches;
mod builder;
mod carried;
mod coiterate;
mod dedup;
mod early_exit;
mod error;
mod fill_in_place;
mod flat_reduction;
mod foreach;
mod hash_row;
mod host;
mod inserts;
mod integrate;
mod iterator;
mod levels;
mod merge;
mod merged_cases;
mod pad;
mod partners;
mod prefetch;
mod push_back;
mod range_steps;
mod reader;
mod reassociate;
mod rising_buckets;
pub(crate) mod row_appends;
mod row_workspace;
mod run_copy;
mod scattered_rows;
mod shape_ops;
mod skip_blocks;
mod slice;
mod sort;
mod storage;
mod subsections;
mod tiles;
mod user_buffers;
mod workspace;
mod writer;
mod zeroed;
pub(crate) use zeroed::ZEROED;

use crate::ir::{block_region, callee_name, collect, defining_op, erase, name, only_block, rebuild, value_key};
use crate::place::Place;
use error::LowerError;
use indexmap::IndexMap;
use iterator::{Bound, Cursor, LevelId, TensorId};
use melior::{
    dialect::{arith, func, memref},
    ir::{
        attribute::{ArrayAttribute, FloatAttribute, IntegerAttribute, StringAttribute, TypeAttribute},
        block::BlockLike,
        operation::OperationLike,
        r#type::{FunctionType, RankedTensorType, TypeLike},
        Attribute, BlockRef, Identifier, Location, OperationRef, RegionLike, Value, ValueLike,
    },
    Context,
};
use slice::Window;
use sparse_dialects::{
    arr, cfir,
    function::{ITERATION_SPACE, PRESENT, PROPERTIES, SPECIALIZES},
    sig,
    verify::emit_error,
};
use std::cell::Cell;
use std::collections::{HashMap, HashSet};
use storage::{Buffers, Filling};
use workspace::Workspace;

module_pass!(CfirToScf, "cfir-to-scf", "Lower CFIR to scf/memref loops over the kernel's buffers (the iterator model)", run);

fn run<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> bool {
    // Buffer ops of host code, wherever they are.
    if let Err((at, error)) = push_back::lower_all(module, context) {
        emit_error(at, &error.to_string());
        return false;
    }
    // A kernel: a function with loops, or with a body and tensors in its
    // signature (a size query) or its body (host code), whose tensors
    // become buffers.
    let has_loops = |op: OperationRef| !collect(op, |inner| name(inner).starts_with("cfir.")).is_empty();
    let uses_tensors = |op: OperationRef| takes_tensors(op) || !collect(op, host::has_tensors).is_empty();
    let kernels = collect(module, |op| name(op) == "func.func" && (has_loops(op) || uses_tensors(op)));
    let called: HashSet<String> =
        collect(module, |op| name(op) == "func.call").into_iter().filter_map(|call| callee_name(call).map(str::to_string)).collect();
    // A function that cannot be lowered fails the pass at the op that
    // stopped it: left whole, it would still take tensors while its callers
    // pass it buffers.
    for kernel in kernels {
        // Its body is rebuilt block by block: a branch between its blocks has
        // no blocks to go to in the new one (a region nested in it, such as
        // scf.execute_region's, is refused where it is lowered).
        let branches = |op: OperationRef| op.successor_count() > 0 && op.parent_operation().is_some_and(|parent| parent == kernel);
        if let Some(branch) = collect(kernel, branches).first() {
            let message = format!(
                "'{}' branches between the blocks of a function that cfir-to-scf lowers, which is not supported: write \
                 its control flow with scf.if",
                name(*branch)
            );
            emit_error(branch.location(), &message);
            return false;
        }
        let emitter = Emitter::new(context, kernel.location());
        if let Err(error) = lower_kernel(&emitter, kernel, context, &called) {
            emit_error(emitter.failed_at.get().unwrap_or(kernel.location()), &error.to_string());
            return false;
        }
        if let Err(error) = erase(kernel) {
            emit_error(kernel.location(), &error.to_string());
            return false;
        }
    }
    // A declared function taking tensors (upstream's `printMemrefF64` and
    // `printMemref3dF32`) takes memrefs, as the calls now pass.
    for declaration in collect(module, crate::ir::is_declaration) {
        if let Err(error) = external_to_memrefs(declaration, context) {
            emit_error(declaration.location(), &error.to_string());
            return false;
        }
    }
    // Below CFIR nothing reads the user-function attributes.
    for function in collect(module, |op| name(op) == "func.func") {
        for attribute in [PROPERTIES, ITERATION_SPACE, SPECIALIZES, PRESENT] {
            // SAFETY: the function is live; removing an absent attribute does nothing.
            unsafe { mlir_sys::mlirOperationRemoveAttributeByName(function.to_raw(), melior::StringRef::new(attribute).to_raw()) };
        }
    }
    true
}

/// What a sequence leaf iterates.
#[derive(Clone, Copy)]
enum Leaf<'c, 'a> {
    /// A level, or the window of it that a compound subscript reads.
    Level(LevelId, Option<Window<'c, 'a>>),
    /// The offsets of a level's non-empty subsections (`sig.subsections`).
    Subsections {
        id: LevelId,
        size: Value<'c, 'a>,
        count: Value<'c, 'a>,
        coefficient: i64,
        intercept: i64,
    },
    Universe {
        size: Value<'c, 'a>,
    },
}

/// What the lowering knows at one point of the kernel: the new value of each
/// old one, the buffers of each tensor, and the iterators' state.
#[derive(Clone, Default)]
struct Scope<'c, 'a> {
    values: HashMap<usize, Value<'c, 'a>>,
    /// In order of definition, so output that walks tensors is deterministic;
    /// a tensor's [`TensorId`] is its index here.
    tensors: IndexMap<usize, Buffers<'c, 'a>>,
    /// The tensors the kernel allocates (its intermediates and results), in
    /// order: the buffers of those it does not return are freed at the return.
    allocated: Vec<TensorId>,
    /// For a tensor a call returned (which it owns like those it allocates),
    /// the buffers the call was passed: the callee may have returned one of
    /// them (a view, an update in place), which is then not this tensor's to
    /// free. Pointers are compared when the program runs.
    passed: HashMap<TensorId, Vec<Value<'c, 'a>>>,
    /// The sparse tensors host code is building by inserts, by value.
    builders: HashMap<usize, inserts::Builder<'c, 'a>>,
    /// Builders of an enclosing region, which a nested region may not
    /// touch: an insert there could move their buffers under them.
    sealed: Vec<usize>,
    /// What the enclosing loops know of each level they walk.
    levels: HashMap<LevelId, Bound<'c, 'a>>,
    /// Where each sequence leaf's iterator stopped in the previous loop of
    /// its lattice, where the next loop starts it.
    handoff: HashMap<usize, Cursor<'c, 'a>>,
    /// The drivers of the innermost loop: the coordinate each one visited by
    /// position sits on, `None` for those visited by coordinate and for
    /// the located levels that are not full (present wherever the body runs).
    drivers: HashMap<usize, Option<Value<'c, 'a>>>,
    /// For each level an enclosing merge loop drives, whether it sits on
    /// that loop's coordinate (an `i1`): elsewhere its tensor reads as its
    /// fill (`merge.rs`).
    present: HashMap<LevelId, Value<'c, 'a>>,
    /// The coordinate of the innermost loop.
    coordinate: Option<Value<'c, 'a>>,
    /// The coordinates of the enclosing `cfir.while` loops, outermost first.
    loop_coordinates: Vec<Value<'c, 'a>>,
    /// The bounds of each `sig.slice` reached, by value.
    windows: HashMap<usize, Window<'c, 'a>>,
    /// For a level whose non-empty subsections an enclosing loop visits,
    /// the first position at the current window's start: the loop that
    /// resolves that window starts there (`arr-concretize` makes only the
    /// sole reader of a tensor through windows visit subsections).
    seeks: HashMap<LevelId, Value<'c, 'a>>,
    /// How many coordinates one step of the innermost loop stands for, when
    /// it steps through runs and integrates each in one step.
    multiplicity: Option<Value<'c, 'a>>,
    /// The `cfir.while` loops whose every iteration ends a row of a row
    /// workspace, and the output whose row it ends (`row_workspace`).
    row_ends: Vec<(OperationRef<'c, 'a>, TensorId)>,
    /// The innermost `cfir.while` when each of its iterations sits on
    /// another coordinate ([`assembly::DistinctLoop`]).
    distinct_loop: Option<assembly::DistinctLoop<'c, 'a>>,
    /// The position maps of the compressed rows that loops locate
    /// (`scattered_rows`).
    position_maps: IndexMap<LevelId, scattered_rows::PositionMap<'c, 'a>>,
    /// For a `cfir.access` of cases lowered as one (`merged_cases`), by its
    /// result: the value chosen among the cases' reads.
    chosen: HashMap<usize, Value<'c, 'a>>,
}

impl<'c, 'a> Scope<'c, 'a> {
    /// The scope of a region nested in this one: the same values and
    /// tensors, its builders sealed.
    fn nested(&self) -> Self {
        let mut inner = self.clone();
        inner.sealed.extend(inner.builders.drain().map(|(key, _)| key));
        inner
    }

    fn get(&self, value: Value<'c, 'a>) -> Value<'c, 'a> {
        *self.values.get(&value_key(value)).unwrap_or(&value)
    }

    fn tensor_id(&self, value: Value<'c, 'a>) -> Option<TensorId> {
        self.tensors.get_index_of(&value_key(value)).map(TensorId)
    }

    fn tensor(&self, id: TensorId) -> &Buffers<'c, 'a> {
        &self.tensors[id.0]
    }

    fn define(&mut self, value: Value<'c, 'a>, buffers: Buffers<'c, 'a>) -> TensorId {
        TensorId(self.tensors.insert_full(value_key(value), buffers).0)
    }
}

/// The lowering's state and IR toolkit (`builder`), which
/// `parallelize-outer-loops` builds its ops with too.
pub(crate) struct Emitter<'c> {
    context: &'c Context,
    location: Location<'c>,
    /// The innermost op whose lowering failed: where the error is reported.
    failed_at: Cell<Option<Location<'c>>>,
}

impl<'c> Emitter<'c> {
    /// An emitter whose ops are at `location`.
    pub(crate) fn new(context: &'c Context, location: Location<'c>) -> Self {
        Emitter { context, location, failed_at: Cell::new(None) }
    }
}

/// The value of `value` when an `arith.constant` makes it and it is not negative.
fn constant_index(value: Value) -> Option<usize> {
    let constant = defining_op(value)?;
    usize::try_from(IntegerAttribute::try_from(constant.attribute("value").ok()?).ok()?.value()).ok()
}

/// Whether the function `op` has a body and a tensor in its signature.
fn takes_tensors(op: OperationRef) -> bool {
    let has_body = op.region(0).is_ok_and(|region| region.first_block().is_some());
    let signature =
        op.attribute("function_type").ok().and_then(|attribute| TypeAttribute::try_from(attribute).ok()).map(|attribute| attribute.value());
    let tensors = signature.and_then(|r#type| FunctionType::try_from(r#type).ok()).is_some_and(|r#type| {
        let inputs = (0..r#type.input_count()).filter_map(|index| r#type.input(index).ok());
        let results = (0..r#type.result_count()).filter_map(|index| r#type.result(index).ok());
        inputs.chain(results).any(|r#type| r#type.is_ranked_tensor())
    });
    has_body && tensors
}

/// Rewrites the signature of the declaration `function` so that it takes
/// what the calls now pass ([`storage::external_memref`]): an unranked
/// tensor as an unranked memref, a dense ranked one as a memref of its
/// sizes. A sparse tensor there, or a ranked tensor it returns, is refused:
/// its buffers have no external form.
fn external_to_memrefs<'c>(function: OperationRef<'c, '_>, context: &'c Context) -> Result<(), LowerError> {
    let old = FunctionType::try_from(TypeAttribute::try_from(function.attribute("function_type")?)?.value())?;
    let inputs = (0..old.input_count()).map(|index| old.input(index)).collect::<Result<Vec<_>, _>>()?;
    let results = (0..old.result_count()).map(|index| old.result(index)).collect::<Result<Vec<_>, _>>()?;
    if results.iter().any(|r#type| r#type.is_ranked_tensor()) {
        return Err(LowerError::Op("a declared (external) function returning ranked tensors".into()));
    }
    let convert = |types: &[melior::ir::Type<'c>]| {
        types
            .iter()
            .map(|&r#type| match storage::external_memref(r#type) {
                Some(memref) => Ok(memref),
                None if r#type.is_ranked_tensor() => Err(LowerError::Op("a declared (external) function taking sparse tensors".into())),
                None => Ok(r#type),
            })
            .collect::<Result<Vec<_>, _>>()
    };
    let (new_inputs, new_results) = (convert(&inputs)?, convert(&results)?);
    if new_inputs != inputs || new_results != results {
        let function_type = TypeAttribute::new(FunctionType::new(context, &new_inputs, &new_results).into());
        melior::ir::operation::OperationMutLike::set_attribute(&mut crate::ir::edit(function), "function_type", function_type.into());
    }
    Ok(())
}

fn lower_kernel<'c, 'a>(
    emitter: &Emitter<'c>,
    kernel: OperationRef<'c, 'a>,
    context: &'c Context,
    called: &HashSet<String>,
) -> Result<(), LowerError> {
    let old_type = FunctionType::try_from(TypeAttribute::try_from(kernel.attribute("function_type")?)?.value())?;
    let old_body = kernel.region(0)?.first_block().ok_or(LowerError::Malformed("the kernel has no body"))?;
    let mut inputs = Vec::new();
    for index in 0..old_type.input_count() {
        inputs.extend(emitter.abi_types(old_type.input(index)?)?);
    }
    let mut results = Vec::new();
    for index in 0..old_type.result_count() {
        results.extend(emitter.abi_types(old_type.result(index)?)?);
    }
    let region = block_region(&inputs, emitter.location);
    let symbol = StringAttribute::try_from(kernel.attribute("sym_name")?)?;
    let function_type = TypeAttribute::new(FunctionType::new(context, &inputs, &results).into());
    let mut attributes = vec![(Identifier::new(context, "llvm.emit_c_interface"), Attribute::unit(context))];
    // An entry point (no function of the module calls it) is not inlined
    // into its C wrapper: there the buffers it allocates escape through the
    // wrapper's stores into the result struct before LLVM vectorizes, so its
    // alias analysis can no longer tell them from the argument buffers
    // (run-time alias checks, a result row reloaded and stored at every step
    // instead of kept in registers). A function the module calls may still
    // be inlined into its callers.
    if !sparse_dialects::text_of(symbol.into()).is_some_and(|name| called.contains(name)) {
        attributes.push((
            Identifier::new(context, "passthrough"),
            ArrayAttribute::new(context, &[StringAttribute::new(context, "noinline").into()]).into(),
        ));
    }
    let place = Place::before(kernel).ok_or(LowerError::Malformed("the kernel is not in a block"))?;
    let new = place.put(func::func(context, symbol, function_type, region, &attributes, emitter.location));
    let body = only_block(new, 0);
    // A failed lowering leaves nothing of the function it began.
    let lowered = (|| {
        let mut scope = Scope::default();
        let mut next_argument = 0;
        for index in 0..old_type.input_count() {
            let old: Value = old_body.argument(index)?.into();
            let count = emitter.abi_types(old.r#type())?.len();
            let arguments =
                (next_argument..next_argument + count).map(|i| body.argument(i).expect("in range").into()).collect::<Vec<Value>>();
            next_argument += count;
            emitter.bind(old, &arguments, Place::End(body), &mut scope)?;
        }
        let ops = std::iter::successors(old_body.first_operation(), |op| op.next_in_block()).collect::<Vec<_>>();
        let (&ret, ops) = ops.split_last().ok_or(LowerError::Malformed("the kernel has no body"))?;
        lower_ops(emitter, ops, Place::End(body), &mut scope)?;
        emitter.op(ret, Place::End(body), &mut scope)
    })();
    if lowered.is_err() {
        erase(new)?;
    }
    lowered
}

/// Lowers `ops`, the body of a function or of a region, at `place`. Each
/// statement's result is made in its segment of the ops, from its
/// `cfir.alloc` to the next one after a loop: a sparse result is finished
/// there, and later statements read it as they read an input. The tensors
/// allocated before a segment's first loop are its loops' (a result and
/// the scalar workspace its components are combined in).
fn lower_ops<'c, 'a>(
    emitter: &Emitter<'c>,
    ops: &[OperationRef<'c, 'a>],
    place: Place<'c, 'a>,
    scope: &mut Scope<'c, 'a>,
) -> Result<(), LowerError> {
    let mut starts = vec![0];
    let mut looped = false;
    for (at, &op) in ops.iter().enumerate().skip(1) {
        looped |= cfir::While::of(ops[at - 1]).is_some();
        if looped && cfir::Alloc::of(op).is_some() {
            starts.push(at);
            looped = false;
        }
    }
    starts.push(ops.len());
    for segment in starts.windows(2) {
        lower_segment(emitter, &ops[segment[0]..segment[1]], place, scope)?;
    }
    Ok(())
}

/// Lowers the ops of one segment at `place`: those
/// before its first loop, which allocate its outputs, then its loops, then
/// those after its last loop (views of its results). A sparse output is
/// filled in one pass when its size is bounded by the operands', and
/// otherwise counted in a first pass (see `assembly`), then finished; a
/// scattered one (see `workspace`) is always counted first, then collected
/// and assembled after the loops.
fn lower_segment<'c, 'a>(
    emitter: &Emitter<'c>,
    ops: &[OperationRef<'c, 'a>],
    place: Place<'c, 'a>,
    scope: &mut Scope<'c, 'a>,
) -> Result<(), LowerError> {
    let is_loop = |op: &OperationRef| cfir::While::of(*op).is_some();
    let first_loop = ops.iter().position(is_loop).unwrap_or(ops.len());
    let after_loops = ops.iter().rposition(is_loop).map_or(ops.len(), |last| last + 1);
    for &op in &ops[..first_loop] {
        emitter.op(op, place, scope)?;
    }
    let loops = &ops[first_loop..after_loops];
    let outputs = (0..scope.tensors.len()).map(TensorId).filter(|&id| scope.tensor(id).assembly.is_some());
    let (scattered, assembled): (Vec<TensorId>, Vec<TensorId>) = outputs.partition(|&id| scope.tensor(id).workspace.is_some());
    let writers_of = |scope: &Scope<'c, 'a>, id: TensorId| {
        let output = scope.tensors.get_index(id.0).map(|(&key, _)| key).expect("a tensor of the scope");
        ops.iter().flat_map(|&op| workspace::writers(op, output)).collect::<Vec<_>>()
    };
    // A dense row ends with each iteration of the loop over the level above
    // its first (loop depth is output level there); a row of every level (a
    // rank-one result's, or a block of the whole result) ends after the loops.
    let mut whiles = Vec::new();
    for &op in loops {
        assembly::nested_whiles(op, 0, &mut whiles);
    }
    let mut rows_after_loops = Vec::new();
    for &id in &scattered {
        if let Some(Workspace::Row(row)) = &scope.tensor(id).workspace {
            emitter.check_row_stores(scope.tensor(id), row, &writers_of(scope, id), &whiles)?;
        }
        let rank = scope.tensor(id).format().rank();
        let outer_loops = scope.loop_coordinates.len();
        let Some(Workspace::Row(row)) = &mut scope.tensors[id.0].workspace else { continue };
        row.outer_loops = outer_loops;
        match rank.checked_sub(row.dims.len() + 1) {
            Some(depth) => scope.row_ends.extend(whiles.iter().filter(|(_, at)| *at == depth).map(|&(op, _)| (op, id))),
            None => rows_after_loops.push(id),
        }
    }
    // Outputs are filled in one pass when every one of them is bounded.
    let mut bounds = Some(Vec::new());
    for &id in &assembled {
        let bound = emitter.entry_bounds(loops, scope.tensor(id), scope, place)?;
        bounds = bounds.zip(bound).map(|(mut bounds, bound)| {
            bounds.push(bound);
            bounds
        });
        if bounds.is_none() {
            break;
        }
    }
    if !assembled.is_empty() || !scattered.is_empty() {
        let only_rows = scattered.iter().all(|&id| matches!(scope.tensor(id).workspace, Some(Workspace::Row(_))));
        let hashed = |&id: &TensorId| matches!(&scope.tensor(id).workspace, Some(Workspace::Row(row)) if row.always_hashed());
        let counted = if bounds.is_some() && scattered.is_empty() {
            scope.clone()
        } else if only_rows && (bounds.is_some() || assembled.is_empty()) {
            emitter.size_rows(loops, &scattered, &rows_after_loops, place, scope)?
        } else if scattered.iter().any(hashed) {
            // Only the bounding pass sizes a hash row's table.
            return Err(LowerError::Op("a hash workspace beside another workspace or an output of unknown size in one loop nest".into()));
        } else {
            // Only the bounding pass sizes a hash table: a row that the
            // kernel would hash stays dense here, or stops the program.
            for &id in &scattered {
                if let Some(Workspace::Row(row)) = &mut scope.tensors[id.0].workspace {
                    emitter.keep_dense(row, place)?;
                }
            }
            emitter.counting_pass(loops, &scattered, &rows_after_loops, place, scope)?
        };
        for (index, &id) in assembled.iter().enumerate() {
            let capacity = bounds.as_ref().map(|bounds| bounds[index].as_slice());
            let mut buffers = emitter.allocate_assembly(counted.tensor(id), capacity, place)?;
            if let Some(assembly) = buffers.assembly.as_mut() {
                assembly.bounded = capacity.is_some();
            }
            scope.tensors[id.0] = buffers;
        }
        for &id in &scattered {
            let buffers = scope.tensor(id);
            scope.tensors[id.0] = match buffers.workspace.as_ref().expect("partitioned on it") {
                Workspace::Components(list) => {
                    let filling = emitter.allocate_workspace(list, buffers.element, place);
                    Buffers { workspace: Some(Workspace::Components(filling)), ..buffers.clone() }
                }
                Workspace::Row(_) => emitter.fill_row(counted.tensor(id), place)?,
            };
        }
    }
    // A CSR output whose rows its operands' rows bound may be assembled on
    // threads (`row_appends`).
    let row_slots = match (&bounds, scattered.as_slice(), assembled.as_slice()) {
        (Some(_), [], &[id]) => emitter.row_slots(loops, scope.tensor(id), scope)?.map(|slots| (id, slots)),
        _ => None,
    };
    let before = place.last();
    for &op in loops {
        emitter.op(op, place, scope)?;
    }
    if let Some((id, slots)) = row_slots {
        emitter.mark_row_appends(&place.since(before), &slots, scope.tensor(id));
    }
    for &id in &rows_after_loops {
        emitter.end_row(id, place, scope)?;
    }
    for &id in &assembled {
        scope.tensors[id.0] = emitter.finish_assembly(scope.tensor(id), place)?;
    }
    for &id in &scattered {
        let writers = writers_of(scope, id);
        let buffers = scope.tensor(id).clone();
        scope.tensors[id.0] = match buffers.workspace.as_ref().expect("partitioned on it") {
            Workspace::Components(list) => emitter.finish_workspace(&buffers, list, &writers, place)?,
            Workspace::Row(_) => emitter.finish_row(&buffers, place)?,
        };
    }
    scope.row_ends.clear();
    for &op in &ops[after_loops..] {
        emitter.op(op, place, scope)?;
    }
    Ok(())
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// Emits the ops of `source` at the end of `target`.
    fn block(&self, source: BlockRef<'c, 'a>, target: BlockRef<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let mut next = source.first_operation();
        while let Some(op) = next {
            next = op.next_in_block();
            self.op(op, Place::End(target), scope)?;
        }
        Ok(())
    }

    /// Lowers `op`; a failure is located at the innermost op that failed.
    fn op(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let lowered = self.lower_op(op, place, scope);
        if lowered.is_err() && self.failed_at.get().is_none() {
            self.failed_at.set(Some(op.location()));
        }
        lowered
    }

    fn lower_op(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let result = |index: usize| -> Value<'c, 'a> { op.result(index).expect("in range").into() };
        if op.operands().any(|operand| scope.sealed.contains(&value_key(operand))) {
            return Err(LowerError::Op(format!(
                "{} inside a region of a tensor that inserts build outside it (an scf.for carries one in its iter_args)",
                name(op)
            )));
        }
        match name(op).as_str() {
            sig::Level::NAME
            | sig::Subsections::NAME
            | sig::Universe::NAME
            | sig::Union::NAME
            | sig::Intersect::NAME
            | sparse_dialects::YIELD => Ok(()),
            sig::Slice::NAME => {
                let [start, stop, step] = [1, 2, 3].map(|index| op.operand(index).map(|bound| scope.get(bound)));
                let mut window = self.window(start?, stop?, step?, place);
                // A window of a view of arr.slice is one of the level as stored.
                if let Leaf::Level(id, None) = self.leaf(op.operand(0)?, scope)? {
                    if let Some(view) = scope.tensor(id.tensor).slice_of(id.level) {
                        let start = self.add(place, view.start, self.mul(place, view.step, window.start));
                        window = Window { start, step: self.mul(place, view.step, window.step), ..window };
                    }
                }
                scope.windows.insert(value_key(result(0)), window);
                Ok(())
            }
            cfir::While::NAME => {
                // A walk whose steps fill the rows its writes reach starts
                // from row 0 each time it is lowered (a counting pass too).
                for cell in fill_in_place::frontiers_of(op) {
                    place.put(memref::store(self.index(place, 0), scope.get(cell), &[], self.location));
                }
                self.while_loop(op, place, scope)
            }
            cfir::Switch::NAME => self.switch(op, place, scope),
            cfir::Access::NAME if scope.chosen.contains_key(&value_key(result(0))) => {
                let chosen = scope.chosen[&value_key(result(0))];
                scope.values.insert(value_key(result(0)), chosen);
                Ok(())
            }
            cfir::Access::NAME => {
                let tensor = self.readable(op.operand(0)?, scope)?;
                let last = scope.tensor(tensor).format().rank().checked_sub(1);
                let bound = last.and_then(|level| scope.levels.get(&LevelId { tensor, level }));
                let position = match bound.and_then(|bound| bound.position) {
                    Some(position) => position,
                    None => self.linearize(tensor, place, scope)?,
                };
                // A pattern stores 1 at each of its stored positions.
                let stored = |place: Place<'c, 'a>| match scope.tensor(tensor).values {
                    Some(values) => Ok(self.load(place, values, position)),
                    None => self.unit(scope.tensor(tensor).element, place),
                };
                // Where a merge loop's operand is absent, its fill.
                let mut value = match last.and_then(|level| scope.present.get(&LevelId { tensor, level })) {
                    Some(&present) => {
                        let buffers = scope.tensor(tensor);
                        let fill = |place| self.constant(buffers.encoding.fill, buffers.element, place);
                        let types = [buffers.element];
                        self.if_else(place, present, &types, |inside| Ok(vec![stored(inside)?]), |inside| Ok(vec![fill(inside)?]))?[0]
                    }
                    None => stored(place)?,
                };
                if reassociate::sums_from_positive_zero(op.operand(0)?) {
                    // A sum reordered with `nsz` may end at -0 where in order it is +0.
                    let zero = FloatAttribute::new(self.context, value.r#type(), 0.0);
                    let zero = self.one(place, arith::constant(self.context, zero.into(), self.location));
                    value = self.one(place, arith::addf(value, zero, self.location));
                }
                scope.values.insert(value_key(result(0)), value);
                Ok(())
            }
            cfir::Assign::NAME | cfir::Reduce::NAME => self.store_entry(op, place, scope),
            // Sparse storage that no loop nest fills: host code inserts into
            // it, or returns it empty.
            cfir::Alloc::NAME
                if inserts::is_sparse(result(0).r#type())
                    && !crate::ir::users(result(0)).iter().any(|user| name(*user).starts_with("cfir.")) =>
            {
                self.start_builder(op, place, scope)
            }
            cfir::Alloc::NAME => {
                let tensor = RankedTensorType::try_from(result(0).r#type())?;
                // Where a walk ends, for the rows no step of it fills: a
                // constant universe's size, the size of a dimension of a
                // tensor in scope, one past a root level's last coordinate.
                let walk_size = |walk| match walk {
                    fill_in_place::WalkExtent::Universe(size) => Ok(crate::ir::constant(size).map(|size| self.index(place, size))),
                    fill_in_place::WalkExtent::Stored(tensor, dim) => {
                        Ok(scope.tensor_id(tensor).and_then(|id| scope.tensor(id).dims.get(dim).copied()))
                    }
                    // Not a sparse result still being assembled: its
                    // buffers come after its loops.
                    fill_in_place::WalkExtent::Coordinates(tensor) => match self.readable(tensor, scope) {
                        Ok(id) => self.past_last_coordinate(id, place, scope),
                        Err(_) => Ok(None),
                    },
                };
                let filling = if self.zeroes(place, tensor)? {
                    Filling::Zeroed
                } else {
                    match fill_in_place::fill_in_loops(op, self.context, &walk_size)? {
                        fill_in_place::Filled::Before => Filling::Before,
                        fill_in_place::Filled::InLoops => Filling::InLoops,
                        fill_in_place::Filled::Ahead { ahead, walk, frontier } => {
                            if let Some(frontier) = frontier {
                                // The cell at the function's start, where
                                // LLVM keeps it in a register.
                                let function = std::iter::successors(place.block().parent_operation(), |op| op.parent_operation())
                                    .find(|op| name(*op) == "func.func")
                                    .ok_or(LowerError::Malformed("a kernel outside any function"))?;
                                let entry = only_block(function, 0);
                                let start = entry.first_operation().map_or(Place::End(entry), |first| Place::Before(entry, first));
                                self.op(frontier, start, scope)?;
                            }
                            Filling::Outside { ahead, walk }
                        }
                    }
                };
                let sizes = op.operands().map(|size| scope.get(size)).collect::<Vec<_>>();
                let mut buffers = self.alloc_filled(tensor, &sizes, filling, place)?;
                if let Some(assembly) = buffers.assembly.as_mut() {
                    assembly.keeps_fill = op.attribute(crate::statement::KEEP_VISITED).is_ok();
                }
                if let Ok(workspace) = op.attribute(crate::statement::WORKSPACE) {
                    if buffers.assembly.is_some() {
                        assembly::sized_by_entries(&buffers)?;
                    }
                    let (kind, levels) = crate::statement::workspace_of(workspace).unwrap_or_default();
                    let start = op.attribute(crate::statement::REDUCE_START).ok();
                    let rank = melior::ir::ShapedTypeLike::rank(&tensor);
                    buffers.workspace = match (buffers.assembly, kind.as_str()) {
                        (Some(_), "bucket" | "coord") if levels.is_none() => {
                            Some(Workspace::Components(self.start_workspace(&buffers, tensor, start, kind == "bucket", place)))
                        }
                        (Some(_), "dense" | "hash") if levels.is_none_or(|levels| (1..=rank).contains(&levels)) => {
                            let levels = levels.unwrap_or(1);
                            Some(Workspace::Row(self.start_row(&buffers, tensor, levels, kind == "hash", start, place)?))
                        }
                        _ => return Err(LowerError::Op(format!("a workspace {workspace} for a {} result", tensor))),
                    };
                }
                // A sparse result that no store writes (an empty operand of
                // a concatenation) holds no entry: assembled now, so that it
                // reads as its fill everywhere.
                let stored =
                    crate::ir::users(result(0)).iter().any(|user| matches!(name(*user).as_str(), cfir::Assign::NAME | cfir::Reduce::NAME));
                if buffers.assembly.is_some() && !stored {
                    buffers = self.finish_assembly(&self.allocate_assembly(&buffers, None, place)?, place)?;
                }
                let id = scope.define(result(0), buffers);
                scope.allocated.push(id);
                Ok(())
            }
            "arith.constant" if result(0).r#type().is_ranked_tensor() => {
                // A `sparse<…>` literal that only conversions read is read
                // from its listed entries, by each of them.
                let users = crate::ir::users(result(0));
                let converted = |user: &OperationRef| {
                    matches!(crate::ir::name(*user).as_str(), "sparse_tensor.convert" | "tensor.cast")
                        && crate::raise_linalg::converts_by_sorting(*user)
                };
                if crate::ir::is_sparse_literal(result(0)) && !users.is_empty() && users.iter().all(converted) {
                    return Ok(());
                }
                let buffers = self.constant_tensor(op, place)?;
                scope.define(result(0), buffers);
                Ok(())
            }
            arr::Slice::NAME if !op.operand(0).is_ok_and(|source| scope.builders.contains_key(&value_key(source))) => {
                let source = self.readable(op.operand(0)?, scope)?;
                let view = self.slice_view(op, scope.tensor(source), &|value| scope.get(value), place)?;
                scope.define(result(0), view);
                Ok(())
            }
            // A view of a tensor built by inserts reads it finished (below).
            arr::Split::NAME | arr::Collapse::NAME
                if !op.operand(0).is_ok_and(|source| scope.builders.contains_key(&value_key(source))) =>
            {
                let source = self.readable(op.operand(0)?, scope)?;
                let view = self.reinterpret(op, scope.tensor(source), place)?;
                scope.define(result(0), view);
                Ok(())
            }
            "bufferization.alloc_tensor" if inserts::is_sparse(result(0).r#type()) => self.start_builder(op, place, scope),
            "tensor.insert" if op.operand(1).is_ok_and(|dest| scope.builders.contains_key(&value_key(dest))) => {
                self.insert(op, place, scope)
            }
            "tensor.insert" if op.operand(1).is_ok_and(|dest| scope.tensor_id(dest).is_some()) => self.insert_dense(op, place, scope),
            "sparse_tensor.load" if scope.builders.contains_key(&value_key(op.operand(0)?)) => self.load_builder(op, place, scope),
            "sparse_tensor.load" => {
                let tensor = scope.tensor(self.readable(op.operand(0)?, scope)?).clone();
                scope.define(result(0), tensor);
                Ok(())
            }
            "scf.for"
                if op.operands().any(|operand| scope.builders.contains_key(&value_key(operand)) || scope.tensor_id(operand).is_some()) =>
            {
                self.for_with_tensors(op, place, scope)
            }
            "scf.while"
                if op.operands().any(|operand| scope.builders.contains_key(&value_key(operand)) || scope.tensor_id(operand).is_some()) =>
            {
                self.while_with_tensors(op, place, scope)
            }
            _ if op.operands().any(|operand| scope.builders.contains_key(&value_key(operand))) => {
                for operand in op.operands() {
                    if scope.builders.contains_key(&value_key(operand)) {
                        self.finish_builder(operand, operand, place, scope)?;
                    }
                }
                self.lower_op(op, place, scope)
            }
            "tensor.dim" => {
                let tensor = scope.tensor_id(op.operand(0)?).ok_or(LowerError::Malformed("tensor.dim of an unknown tensor"))?;
                let index = constant_index(op.operand(1)?).ok_or(LowerError::Malformed("tensor.dim needs a constant dimension"))?;
                let dim = *scope.tensor(tensor).dims.get(index).ok_or(LowerError::Malformed("tensor.dim out of range"))?;
                scope.values.insert(value_key(result(0)), dim);
                Ok(())
            }
            "func.return" => {
                let mut values = Vec::new();
                for operand in op.operands() {
                    match scope.tensor_id(operand) {
                        // A constant's buffer is a global, which the caller
                        // could not free: it gets a copy.
                        Some(tensor) => values.extend(scope.tensor(tensor).list()?.into_iter().map(|buffer| {
                            if storage::is_global(buffer) {
                                self.copy_of(place, buffer)
                            } else {
                                buffer
                            }
                        })),
                        None if operand.r#type().is_ranked_tensor() => return Err(LowerError::Malformed("a return of an unknown tensor")),
                        // A value of the old function this pass made no counterpart of
                        // (a `sig.level` sequence): the new one cannot return it.
                        None if !scope.values.contains_key(&value_key(operand)) => {
                            return Err(LowerError::Op(format!("func.return of a {} value", operand.r#type())))
                        }
                        None => values.push(scope.get(operand)),
                    }
                }
                // The caller owns what is returned; the rest dies here. After
                // a call, a buffer may be returned under another name.
                let calls = !scope.passed.is_empty();
                for &tensor in &scope.allocated {
                    let mut kept = values.clone();
                    kept.extend(scope.passed.get(&tensor).into_iter().flatten().copied());
                    self.free(place, &scope.tensor(tensor).list()?, &kept, calls)?;
                }
                place.put(func::r#return(&values, self.location));
                Ok(())
            }
            "sparse_tensor.foreach" => self.foreach(op, place, scope),
            "tensor.pad" => self.pad(op, place, scope),
            "scf.if" if op.operand(0).ok().and_then(branches::known_condition).is_some() => {
                let taken = branches::known_condition(op.operand(0)?).unwrap_or_default();
                self.taken_branch(op, taken, place, scope)
            }
            "scf.if" if host::has_tensors(op) => self.if_with_tensors(op, place, scope),
            // A kernel's check (arr-concretize's bounds of computed reads):
            // its message on the standard error and exit status 1.
            "cf.assert" => {
                let message = sparse_dialects::text_of(op.attribute("msg")?).ok_or(LowerError::Malformed("cf.assert without a message"))?;
                self.check(place, scope.get(op.operand(0)?), message)
            }
            "sparse_tensor.has_runtime_library" => {
                scope.values.insert(value_key(result(0)), self.boolean(place, false));
                Ok(())
            }
            other if op.region_count() > 0 && !host::has_tensors(op) && !other.starts_with("cfir.") && !other.starts_with("sig.") => {
                self.region_op(op, place, scope)
            }
            other if op.region_count() > 0 || other.starts_with("cfir.") || other.starts_with("sig.") => {
                Err(LowerError::Op(other.to_string()))
            }
            "bufferization.dealloc_tensor" => self.dealloc_tensor(op, place, scope),
            "sparse_tensor.convert" | "tensor.cast" if crate::raise_linalg::converts_by_sorting(op) => {
                self.convert_by_sorting(op, place, scope)
            }
            "sparse_tensor.reorder_coo" => self.convert_by_sorting(op, place, scope),
            "sparse_tensor.concatenate" | "tensor.concat" => self.concatenate(op, place, scope),
            "tensor.collapse_shape" | "tensor.expand_shape" | "tensor.reshape" => self.reshape(op, place, scope),
            "tensor.cast" if storage::unranked_memref(result(0).r#type()).is_some() => self.cast_to_unranked(op, place, scope),
            "tensor.cast" => self.cast(op, scope),
            "func.call" if host::has_tensors(op) => self.call(op, place, scope),
            other if host::is_storage_query(other) => self.storage_buffer(op, place, scope),
            "sparse_tensor.number_of_entries" => self.number_of_entries(op, place, scope),
            "sparse_tensor.lvl" => self.level_size_op(op, place, scope),
            "sparse_tensor.print" => self.print(op, place, scope),
            "sparse_tensor.new" => self.read_file(op, place, scope),
            "sparse_tensor.out" => self.write_file(op, place, scope),
            "sparse_tensor.reinterpret_map" => self.reinterpret_map(op, place, scope),
            "sparse_tensor.assemble" => self.assemble(op, place, scope),
            "sparse_tensor.disassemble" => self.disassemble(op, place, scope),
            // A dense tensor the host code fills (disassemble's buffers).
            "tensor.empty" if RankedTensorType::try_from(result(0).r#type()).is_ok_and(|r#type| r#type.encoding().is_none()) => {
                let tensor = RankedTensorType::try_from(result(0).r#type())?;
                let buffers = self.alloc(tensor, &op.operands().map(|size| scope.get(size)).collect::<Vec<_>>(), place)?;
                let id = scope.define(result(0), buffers);
                scope.allocated.push(id);
                Ok(())
            }
            other if op.operands().any(|operand| scope.tensor_id(operand).is_some()) => match other {
                "vector.transfer_read" | "tensor.extract" | "bufferization.to_buffer" => self.read_dense(op, place, scope),
                _ => Err(LowerError::TensorOperand(other.to_string())),
            },
            // A tensor made by an op this pass does not know would have no
            // buffers (`sparse_tensor.new`, `tensor.empty` that no statement
            // fills, ...).
            other if host::has_tensors(op) => Err(LowerError::Op(other.to_string())),
            _ => {
                let operands = op.operands().map(|operand| scope.get(operand)).collect::<Vec<_>>();
                let new = place.put(rebuild(op, &operands, self.context)?);
                for (old, new) in op.results().zip(new.results()) {
                    scope.values.insert(value_key(old.into()), new.into());
                }
                Ok(())
            }
        }
    }

    /// `tensor`, when it may be read: an input, or a finished result.
    fn readable(&self, tensor: Value<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<TensorId, LowerError> {
        let id = scope.tensor_id(tensor).ok_or(LowerError::Malformed("a read of an unknown tensor"))?;
        if scope.tensor(id).assembly.is_some() {
            return Err(LowerError::Malformed("a read of a sparse result that is still being assembled"));
        }
        Ok(id)
    }

    /// The position of the current point in a tensor whose levels are all
    /// visited by coordinate, located level by level from the coordinate
    /// each enclosing loop bound.
    fn linearize(&self, tensor: TensorId, place: Place<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
        let outside = || LowerError::Malformed("a read outside the loops of its tensor");
        let buffers = scope.tensor(tensor);
        if buffers.batched() && buffers.batch.is_none() {
            return Err(outside());
        }
        let mut position = self.index(place, 0);
        for level in buffers.located_from()..buffers.format().rank() {
            let id = LevelId { tensor, level };
            let bound = scope.levels.get(&id).ok_or_else(outside)?;
            let iterator = self.iterator(Leaf::Level(id, bound.window), scope)?;
            position = iterator.locate(self, place, position, bound.coordinate).ok_or_else(outside)?;
        }
        Ok(position)
    }

    /// The leaf a sequence value names.
    fn leaf(&self, value: Value<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<Leaf<'c, 'a>, LowerError> {
        let op = defining_op(value).ok_or(LowerError::Malformed("a sequence leaf must be built by a sig op"))?;
        if let Some(view) = sig::Level::of(op) {
            let tensor = self.readable(op.operand(0)?, scope)?;
            let level = view.level().ok_or(LowerError::Malformed("sig.level has no level"))? as usize;
            return Ok(Leaf::Level(LevelId { tensor, level }, None));
        }
        if sig::Slice::of(op).is_some() {
            let Leaf::Level(id, None) = self.leaf(op.operand(0)?, scope)? else {
                return Err(LowerError::Op("a sig.slice of a sequence that is not a level".into()));
            };
            let window = scope.windows.get(&value_key(value)).ok_or(LowerError::Malformed("a sig.slice used before it is defined"))?;
            return Ok(Leaf::Level(id, Some(*window)));
        }
        if let Some(view) = sig::Subsections::of(op) {
            let tensor = self.readable(op.operand(0)?, scope)?;
            let malformed = LowerError::Malformed("sig.subsections without its attributes");
            let [level, coefficient, intercept] = [view.level(), view.coefficient(), view.intercept()];
            let (Some(level), Some(coefficient), Some(intercept)) = (level, coefficient, intercept) else { return Err(malformed) };
            if coefficient < 1 || intercept < 0 || scope.tensor(tensor).slice_of(level as usize).is_some() {
                return Err(LowerError::Op(
                    "sig.subsections of a view of arr.slice, or with a coefficient below 1 or a negative intercept".into(),
                ));
            }
            let id = LevelId { tensor, level: level as usize };
            let (size, count) = (scope.get(op.operand(1)?), scope.get(op.operand(2)?));
            return Ok(Leaf::Subsections { id, size, count, coefficient, intercept });
        }
        if sig::Universe::of(op).is_some() {
            return Ok(Leaf::Universe { size: scope.get(op.operand(0)?) });
        }
        Err(LowerError::Op(name(op)))
    }

    /// The leaves of a loop's or a case's sequence.
    fn leaves(&self, seq: Value<'c, 'a>) -> Result<Vec<Value<'c, 'a>>, LowerError> {
        let op = defining_op(seq).ok_or(LowerError::Malformed("a sequence must be built by sig ops"))?;
        Ok(if sig::Union::of(op).is_some() || sig::Intersect::of(op).is_some() { op.operands().collect() } else { vec![seq] })
    }
}
