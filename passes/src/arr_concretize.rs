//! `arr-concretize`: array notation → sparse iteration graph.
//!
//! For each `arr.compute`, the pass picks a loop order from the iteration
//! graph (every sparse operand, and a sparse output, is visited in level
//! order), derives each loop's iteration algebra from the body (`+` is a
//! union, `×` an intersection, paper 000 §5.2 for fill 0), and writes a
//! `sig.forall` nest whose sequences are that algebra over `sig.level`
//! leaves. The innermost body reads operands with `sig.access` and stores
//! with `sig.assign`, reducing with the statement's reduction function. The
//! result becomes a fresh `tensor.empty` that the nest fills; a statement
//! with an init first copies the init into it, in a nest of its own, and
//! its reductions then fold into the copied values.

use crate::algebra::Algebra;
use crate::ir::{block_region, collect, defining_op, erase, name, only_block, rebuild_in, replace_uses, users};
use crate::iteration_graph::{loop_order, Constraint};
use crate::place::Place;
use crate::statement::{
    ConcatRead, Operand, Statement, BUCKET_WORKSPACE, CARRIED_TO_ALLOC, CONCATENATIONS, COORD_WORKSPACE, DENSE_WORKSPACE, HASH_WORKSPACE,
    KEEP_VISITED, REDUCE_START, REDUCE_VISITED, SCALAR_WORKSPACE, WORKSPACE,
};
use crate::stationary::Clamp;
use melior::ir::operation::OperationMutLike;
use melior::{
    dialect::arith,
    ir::{
        attribute::{IntegerAttribute, StringAttribute},
        block::BlockLike,
        operation::{OperationBuilder, OperationLike},
        r#type::{DimSize, IntegerType, RankedTensorType},
        Attribute, Identifier, Location, OperationRef, ShapedTypeLike, Type, Value, ValueLike,
    },
    Context,
};
use sparse_dialects::{arr::Compute, sig, subscript::Subscript, verify::emit_error};
use sparse_formats::LevelKind;
use std::collections::HashMap;

module_pass!(ArrConcretize, "arr-concretize", "Choose loop orders and iteration sequences: arr.compute → sig.forall nests", run);

fn run<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> bool {
    if let Err((op, message)) = crate::nested_reductions::split(module, context) {
        emit_error(op.location(), &message);
        return false;
    }
    if let Err((op, message)) = crate::multiplicity::through_dense_temporaries(module, context) {
        emit_error(op.location(), &message);
        return false;
    }
    if let Err((op, message)) = crate::transposed_operands::copy_operands(module, context) {
        emit_error(op.location(), &message);
        return false;
    }
    if let Err((op, message)) = crate::window_copies::copy_operands(module, context) {
        emit_error(op.location(), &message);
        return false;
    }
    if let Err((op, message)) = crate::concat_copies::copy_concats(module, context) {
        emit_error(op.location(), &message);
        return false;
    }
    if let Err((op, message)) = crate::ordered_copies::copy_operands(module, context) {
        emit_error(op.location(), &message);
        return false;
    }
    if let Err((op, message)) = crate::result_temporaries::bands_out_of_order(module, context) {
        emit_error(op.location(), &message);
        return false;
    }
    let statements = collect(module, |op| Compute::of(op).is_some());
    let mut wrappers = crate::guard::Wrappers::default();
    for op in statements {
        let statement = Compute::of(op).expect("collected above");
        let mut views = Vec::new();
        if let Err(message) = read_ordered(statement).and_then(|mut statement| {
            alias_shared_tensors(&mut statement)?;
            statement.guards.iter().try_for_each(|guard| wrappers.apply(guard, context))?;
            let read = statement.operands.iter().map(|operand| operand.tensor);
            views = distinct(statement.concats.iter().map(|read| read.view).chain(read));
            concretize(&statement, context)
        }) {
            emit_error(op.location(), &message);
            return false;
        }
        // A shape-only init made for the statement (`tensor.empty`), found
        // before anything is erased (an init that is a view may go below).
        let empty = statement.init().and_then(defining_op).filter(|&owner| name(owner) == "tensor.empty");
        if let Err(error) = erase(op) {
            emit_error(op.location(), &error.to_string());
            return false;
        }
        // A concatenation is read through its parts, and a split or
        // broadcast view whose reads `arr-demap` moved to its source only
        // sizes loops: once no statement reads it, it goes, and so may the
        // views it is made of, and the alias of such a view read twice
        // ([`alias_shared_tensors`]), which the loops read through the
        // source's own alias. A concatenation that is then only freed
        // (`bufferization.dealloc_tensor`, as an upstream-form kernel frees
        // what it made) is not made: its deallocations go first.
        for &view in &views {
            if let Err(error) = free_only_concatenation(view) {
                emit_error(op.location(), &error);
                return false;
            }
        }
        crate::ir::erase_unused(views, |op| {
            CONCATENATIONS.contains(&name(op).as_str())
                || is_alias(op)
                || sparse_dialects::arr::Split::of(op).is_some()
                || sparse_dialects::arr::Broadcast::of(op).is_some()
        });
        // The shape-only init has no other use: it is not storage to allocate.
        if let Some(empty) = empty {
            if empty.result(0).is_ok_and(|result| users(result.into()).is_empty()) {
                if let Err(error) = erase(empty) {
                    emit_error(empty.location(), &error.to_string());
                    return false;
                }
            }
        }
    }
    true
}

/// Whether `op` is a `tensor.cast` to its operand's own type, as
/// [`alias_shared_tensors`] makes.
fn is_alias(op: OperationRef) -> bool {
    name(op) == "tensor.cast" && matches!((op.operand(0), op.result(0)), (Ok(source), Ok(result)) if source.r#type() == result.r#type())
}

/// Erases the deallocations of `tensor` when it is a concatenation that
/// nothing else uses any more (every statement reads it through its parts).
fn free_only_concatenation(tensor: Value) -> Result<(), String> {
    let Some(made) = defining_op(tensor) else { return Ok(()) };
    if !CONCATENATIONS.contains(&name(made).as_str()) || !crate::ir::reads(tensor).is_empty() {
        return Ok(());
    }
    crate::ir::erase_deallocations(tensor).map_err(|error| error.to_string())
}

/// The values of `values`, each once, in order.
fn distinct<'c, 'a>(values: impl Iterator<Item = Value<'c, 'a>>) -> Vec<Value<'c, 'a>> {
    let mut seen = std::collections::HashSet::new();
    values.filter(|value| seen.insert(crate::ir::value_key(*value))).collect()
}

/// Reads `compute` ([`Statement::read`]): image-stationary where it has
/// that form and a loop order ([`Statement::read_stationary`]), else
/// scattered where a loop order allows it, and gathered otherwise
/// ([`Statement::read_gathered`]), so that the scatter order never refuses
/// what the other compiles.
pub fn read_ordered<'c, 'a>(compute: Compute<'c, 'a>) -> Result<Statement<'c, 'a>, String> {
    let statement = Statement::read(compute)?;
    let windowed = statement.operands.iter().any(Operand::is_windowed);
    if windowed && !statement.output_encoding.format.is_sparse() {
        if let Some(stationary) = Statement::read_stationary(compute).filter(|stationary| order(stationary).is_ok()) {
            return Ok(stationary);
        }
    }
    if statement.scattered && order(&statement).is_err() {
        return Statement::read_gathered(compute);
    }
    Ok(statement)
}

/// Applies `step` to each statement of `module` as [`read_ordered`] reads
/// it, skipping those it cannot read (which `arr-concretize` reports
/// itself). `Err` names the statement whose step failed.
pub(crate) fn each_statement<'c, 'a>(
    module: OperationRef<'c, 'a>,
    mut step: impl FnMut(OperationRef<'c, 'a>, &Statement<'c, 'a>) -> Result<(), String>,
) -> Result<(), (OperationRef<'c, 'a>, String)> {
    for op in collect(module, |op| Compute::of(op).is_some()) {
        let Some(compute) = Compute::of(op) else { continue };
        let Ok(statement) = read_ordered(compute) else { continue };
        step(op, &statement).map_err(|message| (op, message))?;
    }
    Ok(())
}

/// Gives each operand that reads a tensor another operand also reads, at
/// other subscripts, a value of its own: a `tensor.cast` to the same type
/// (the same storage, which `cfir-to-scf` reads as such). The lowerings
/// know a tensor's levels by its value, so two operands of one value
/// (`X(i, k) · X(j, k)`) would read each other's positions. A computed read
/// reads at its own subscripts and needs none.
fn alias_shared_tensors(statement: &mut Statement) -> Result<(), String> {
    let place = Place::before(statement.compute.0).ok_or("arr.compute is not in a block")?;
    let location = statement.compute.0.location();
    for index in 0..statement.operands.len() {
        let tensor = statement.operands[index].tensor;
        let shared = statement.operands[..index].iter().any(|earlier| earlier.tensor == tensor && earlier.computed.is_none());
        if !shared || statement.operands[index].computed.is_some() {
            continue;
        }
        let cast = OperationBuilder::new("tensor.cast", location)
            .add_operands(&[tensor])
            .add_results(&[tensor.r#type()])
            .build()
            .map_err(|e| e.to_string())?;
        statement.operands[index].tensor = place.value(cast);
    }
    Ok(())
}

/// How a statement's loops run and how its result is written.
#[derive(Debug, PartialEq, Eq)]
pub struct LoopPlan {
    /// The loops, outermost first.
    pub order: Vec<usize>,
    /// The workspace a scattered sparse result is written through (its
    /// entries do not arrive once each in its level order: the loops follow
    /// the operands, or a reduction repeats an entry); `None` when it is
    /// appended to in order, or dense.
    pub workspace: Option<WorkspaceKind>,
    /// How many of the result's last levels a dense or hash workspace
    /// spans (1: a row of the last level; all of them: the whole result).
    pub spanned: usize,
}

/// The workspace of a scattered sparse result (paper 004).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorkspaceKind {
    /// A dense workspace spanning the result's last level: the levels above
    /// it are appended to in order by the outermost loops, and each of their
    /// iterations scatters into one dense row, whose touched coordinates are
    /// sorted and appended when the iteration ends (Gustavson's SpGEMM; as
    /// touched, unsorted, into an unordered last level).
    Dense,
    /// As the dense workspace, but each row's touched coordinates are keys
    /// of a hash table sized by the most stores a row receives: for a last
    /// level too long for a dense row.
    Hash,
    /// A list of components, sorted level by level into buckets and
    /// combined after the loops (insert–sort–merge with the bucket policy).
    Bucket,
    /// A list of components, merge-sorted and combined after the loops
    /// (insert–sort–merge with the coordinate policy).
    Coord,
    /// A scalar combining one component: the loops over the result's levels
    /// are outermost and in order, the reduced loops inside them, and each
    /// component is appended once they end (SDDMM's dot products).
    Scalar,
}

impl WorkspaceKind {
    /// The `sig.workspace` attribute that names it, in `sig.where`'s vocabulary.
    pub fn attribute(self) -> &'static str {
        match self {
            WorkspaceKind::Dense => DENSE_WORKSPACE,
            WorkspaceKind::Hash => HASH_WORKSPACE,
            WorkspaceKind::Bucket => BUCKET_WORKSPACE,
            WorkspaceKind::Coord => COORD_WORKSPACE,
            WorkspaceKind::Scalar => SCALAR_WORKSPACE,
        }
    }
}

/// The loop order: level order of every sparse operand and of a sparse
/// output, preferring output dimensions outermost. A sparse output that
/// cannot be appended to in that order (its loops are not outermost and in
/// its level order, an operand's unordered level drives one of them where
/// the output needs order, or the statement reduces into it) is scattered: written
/// through a dense workspace when the levels above its last can still be
/// appended to in order (a hash workspace when the last level's dimension,
/// known from the type, is too long for a dense row), and otherwise through
/// a bucket workspace, which constrains no loop.
///
/// A statement may choose its workspace: `sig.workspace = {kind = "dense"}`,
/// `{kind = "hash"}`, `{kind = "bucket"}` or `{kind = "coord"}` on the
/// `arr.compute` (which `raise-linalg` carries over from a `linalg.generic`);
/// the choice is refused where that workspace cannot write the result. A
/// chosen dense or hash workspace spans the fewest of the result's last
/// levels the loops allow: a row of the last level when the loops over the
/// levels above can be outermost and in order, else a block of the last
/// two, and so on up to the whole result (outer products: paper 004's
/// second-order dense scattering).
pub fn order(statement: &Statement) -> Result<LoopPlan, String> {
    let format = &statement.output_encoding.format;
    let levels = if format.is_sparse() { format.rank() } else { 0 };
    // A dense row (or block of the last `spanned` levels) needs those
    // levels to hold whole dimensions, and the loops over the levels above
    // whole: a row ends at each iteration of theirs, at their coordinates,
    // which a loop split by a concatenation shifts.
    let rows_split = |spanned: usize| {
        statement.concats.iter().any(|read| {
            format.dim_to_lvl[..levels.saturating_sub(spanned)].iter().any(|&dim| statement.output_dims.get(dim) == Some(&read.loop_))
        })
    };
    let dense_block = |spanned: usize| {
        (!format.is_blocked() && !format.batched() && !rows_split(spanned)).then(|| appended_order(statement, levels - spanned))
    };
    if let Some(kind) = chosen_workspace(statement)? {
        if !format.is_sparse() {
            return Err("a workspace (sig.workspace) is chosen for a result that is not sparse".into());
        }
        return match kind {
            WorkspaceKind::Dense | WorkspaceKind::Hash => {
                let name = if kind == WorkspaceKind::Dense { "dense" } else { "hash" };
                let mut refusal = format!(
                    "the {name} workspace (sig.workspace) holds rows of a result's last levels, which must store whole \
                     dimensions, not blocks or batches, below levels whose loops no concatenation splits"
                );
                for spanned in 1..=levels {
                    match dense_block(spanned) {
                        Some(Ok(order)) => return Ok(LoopPlan { order, workspace: Some(kind), spanned }),
                        Some(Err(error)) => refusal = format!("the {name} workspace (sig.workspace) cannot write this result: {error}"),
                        None => {}
                    }
                }
                Err(refusal)
            }
            WorkspaceKind::Bucket | WorkspaceKind::Coord => {
                Ok(LoopPlan { order: appended_order(statement, 0)?, workspace: Some(kind), spanned: 0 })
            }
            WorkspaceKind::Scalar => unreachable!("not a kind a statement chooses"),
        };
    }
    let appended = appended_order(statement, levels);
    let scattered = format.is_sparse() && (appended.is_err() || statement.reduction.is_some());
    if !scattered {
        return appended.map(|order| LoopPlan { order, workspace: None, spanned: 0 });
    }
    let row_order = dense_block(1).and_then(Result::ok);
    if let Ok(order) = &appended {
        // A scalar where a row's loops would run in the same order, or
        // where the reduced loops read no sparse level (which the scalar's
        // order would traverse again for each component: MTTKRP keeps its
        // row, SDDMM's dense dot products take a scalar).
        let no_sparse_reread = order[levels..].iter().all(|&loop_| !reads_sparse_level(statement, loop_));
        if combines_in_scalar(statement, order) && (row_order.as_ref().is_none_or(|row| row == order) || no_sparse_reread) {
            return appended.map(|order| LoopPlan { order, workspace: Some(WorkspaceKind::Scalar), spanned: 0 });
        }
    }
    // A row longer than DENSE_ROW_LIMIT coordinates, known from the type,
    // would take more memory than its entries need: a hash row.
    let last_dim = format.dim_to_lvl.last().copied();
    let row_fits =
        !last_dim.is_some_and(|dim| matches!(statement.output.dim_size(dim), Ok(DimSize::Static(size)) if size > DENSE_ROW_LIMIT));
    if let Some(order) = row_order {
        return Ok(LoopPlan { order, workspace: Some(if row_fits { WorkspaceKind::Dense } else { WorkspaceKind::Hash }), spanned: 1 });
    }
    // A cycle among the operands alone is reported with the output's part.
    appended_order(statement, 0)
        .map(|order| LoopPlan { order, workspace: Some(WorkspaceKind::Bucket), spanned: 0 })
        .map_err(|error| appended.err().unwrap_or(error))
}

/// Whether a sparse result that the statement reduces into can take a
/// scalar workspace with the loop `order`, which appends to the result's
/// levels in order: the reduced loops come after the loops over the
/// result's levels, so each component's contributions come in one run, and
/// the scalar, starting from the result's fill, combines them before the
/// component is appended. An untouched component then holds the fill, as
/// it does in a row workspace, except where the result keeps every
/// component its loops visit (`arr.keep_visited`, upstream's sparsifier's
/// result), which stores only those a value reached: there, every reduced
/// loop must visit its whole range, reading dense levels only (so every
/// case of the loops above reaches each component), of a size the types
/// give and not 0. A result of blocks or batches, starting from an init,
/// counting multiplicities, whose reduction starts from other than the fill
/// (`arr.reduce_start`), or with a concatenation split along one of its
/// loops keeps the workspaces that track what is touched.
fn combines_in_scalar(statement: &Statement, order: &[usize]) -> bool {
    let format = &statement.output_encoding.format;
    let anchor = statement.compute.0;
    let levels = format.rank();
    let starts_at_fill = anchor.attribute(REDUCE_START).map_or(true, |start| start == statement.output_encoding.fill);
    // A concatenation split along one of the result's loops would make
    // one loop nest per part, each with the temporary's sig.where.
    let unsplit = statement.concats.iter().all(|read| statement.is_reduced(read.loop_));
    let plain = !format.is_blocked()
        && !format.batched()
        && statement.init.is_none()
        && statement.multiplicity.is_none()
        && starts_at_fill
        && unsplit
        && order.len() > levels
        && order[levels..].iter().all(|&loop_| statement.is_reduced(loop_));
    if !plain {
        return false;
    }
    if anchor.attribute(KEEP_VISITED).is_err() {
        return true;
    }
    // Every case of the result's loops (a union's, where only some
    // operands are present) runs the reduced loops over dense levels alone,
    // so each stores at every point of their ranges.
    let only_dense = |loop_: usize| {
        statement
            .operands
            .iter()
            .all(|operand| operand.level_of(loop_).is_none_or(|level| operand.encoding.format.levels[level].kind == LevelKind::Dense))
    };
    order[levels..].iter().all(|&loop_| {
        statement.visits_whole_range(loop_) && only_dense(loop_) && static_loop_size(statement, loop_).is_some_and(|size| size > 0)
    })
}

/// The longest dense row `arr-concretize` chooses by itself (2^28
/// coordinates: about 6.5 GB of row buffers, 24 bytes a coordinate); beyond
/// it, a hash row. A statement may still choose a dense row longer, or
/// another workspace for any.
pub(crate) const DENSE_ROW_LIMIT: u64 = 1 << 28;

/// The workspace the statement's `sig.workspace` chooses, if it has one.
fn chosen_workspace(statement: &Statement) -> Result<Option<WorkspaceKind>, String> {
    let Ok(chosen) = statement.compute.0.attribute(WORKSPACE) else { return Ok(None) };
    let printed = chosen.to_string();
    let kinds = [WorkspaceKind::Dense, WorkspaceKind::Hash, WorkspaceKind::Bucket, WorkspaceKind::Coord];
    if let Some(kind) = kinds.into_iter().find(|kind| printed == kind.attribute()) {
        return Ok(Some(kind));
    }
    Err(format!(
        "the workspace {chosen} (sig.workspace) is not one this pipeline builds: {DENSE_WORKSPACE}, {HASH_WORKSPACE}, \
         {BUCKET_WORKSPACE} or {COORD_WORKSPACE}"
    ))
}

/// A loop order that follows the level order of every sparse operand (and
/// of no result): `Err` names the cycle when none does.
pub fn operands_order(statement: &Statement) -> Result<Vec<usize>, String> {
    appended_order(statement, 0)
}

/// The loop order, with the first `appended` levels of a sparse output
/// appended to in order: their loops outermost, in level order, and giving
/// those levels what they are appended in ([`check_unordered_drivers`]).
fn appended_order(statement: &Statement, appended: usize) -> Result<Vec<usize>, String> {
    let mut constraints = Vec::new();
    let chain = |constraints: &mut Vec<Constraint>, dims: &[usize], dim_to_lvl: &[usize], name: String| {
        for pair in dim_to_lvl.windows(2) {
            constraints.push(Constraint { outer: dims[pair[0]], inner: dims[pair[1]], operand: name.clone() });
        }
    };
    let ordering = |&(index, operand): &(usize, &Operand)| operand.is_sparse() && statement.uses_value_of(index);
    for (index, operand) in statement.operands.iter().enumerate().filter(ordering) {
        if !operand.free_level_order {
            chain(&mut constraints, &operand.dims, &operand.encoding.format.dim_to_lvl, format!("operand {index}"));
        }
        // A window's other loops fix where it starts before its loop visits it.
        for (dim, window) in operand.compound() {
            let others = window.terms.iter().filter(|&&(loop_, _)| loop_ != operand.dims[dim]);
            constraints.extend(others.map(|&(loop_, _)| Constraint {
                outer: loop_,
                inner: operand.dims[dim],
                operand: format!("operand {index}"),
            }));
        }
        // A level's subsections are visited inside the loop of the level
        // above (in a copy into the loops' order, the loop outside).
        let subsections = operand.subsection_order().into_iter().filter(|_| !operand.free_level_order);
        constraints.extend(subsections.map(|(outer, inner)| Constraint { outer, inner, operand: format!("operand {index}") }));
    }
    // A clamped filter loop's range follows the image coordinate its result loop walks.
    constraints.extend(statement.clamps.iter().map(|clamp| Constraint {
        outer: clamp.walked,
        inner: clamp.loop_,
        operand: format!("operand {}", clamp.operand),
    }));
    let sparse_output = appended > 0 && statement.output_encoding.format.is_sparse();
    let output_levels: Vec<usize> = statement.output_encoding.format.dim_to_lvl.iter().map(|&dim| statement.output_dims[dim]).collect();
    if sparse_output {
        chain(&mut constraints, &statement.output_dims, &statement.output_encoding.format.dim_to_lvl[..appended], "the output".into());
    }
    // Output dimensions first, in level order; with a dense output, loops that
    // index no sparse level go innermost, where they run over contiguous
    // dense rows instead of repeating a sparse traversal.
    // The output's appended levels first; a dense row's own loop (the last
    // level's) after the others, so that each of its iterations scatters
    // all it reaches of the row (Gustavson's `i, k, j`).
    let (first, rest) = if sparse_output { output_levels.split_at(appended) } else { (&output_levels[..], &[][..]) };
    let mut preference = first.to_vec();
    preference.extend((0..statement.loops).filter(|loop_| !output_levels.contains(loop_)));
    preference.extend(rest);
    if !sparse_output {
        preference.sort_by_key(|&loop_| !reads_sparse_level(statement, loop_));
        // When the innermost loop would stride through an operand (a
        // convolution's channels `c` through its NHWC filter `F(r, s, c,
        // f)`), the loop of a dense result's last level goes innermost
        // instead if every operand reads along it contiguously or not at
        // all (`f`): its iterations then stream rows, which vectorize.
        // Upstream's `sparse_tensor.reduce` keeps the output loops outermost
        // (`check_reduce_visited`).
        let reduce_visited = statement.compute.0.attribute(REDUCE_VISITED).is_ok();
        let all_stream = |loop_: usize| statement.operands.iter().all(|operand| streams(operand, loop_));
        if let (Some(&last), Some(&innermost)) = (output_levels.last(), preference.last()) {
            if !reduce_visited && innermost != last && !all_stream(innermost) && !reads_sparse_level(statement, last) && all_stream(last) {
                preference.retain(|&loop_| loop_ != last);
                preference.push(last);
            }
        }
    }
    let order =
        loop_order(statement.loops, &constraints, &preference).map_err(|cycle| cycle.message(|loop_| statement.loop_name(loop_)))?;
    if sparse_output && order[..appended] != output_levels[..appended] {
        return Err(match appended {
            1 => "the loop over the sparse output's first level is not outermost".into(),
            _ => format!("the loops over the sparse output's first {appended} levels are not outermost and in its level order"),
        });
    }
    if sparse_output {
        check_unordered_drivers(statement, appended)?;
    }
    Ok(order)
}

/// Checks that the loops over the first `appended` levels of the
/// statement's sparse output give each level what it is appended in when an
/// operand's unordered level is read along one of them (that level drives
/// the loop alone: co-iterated it is refused). An ordered level appended to,
/// and a located level with a level appended to below it (whose segments
/// follow its positions in order), need their coordinates in order, which an
/// unordered level does not give; a unique level appended to needs each
/// coordinate once, which an unordered nonunique level may give in runs
/// apart. Such a result is scattered, through a workspace that sorts and
/// combines.
fn check_unordered_drivers(statement: &Statement, appended: usize) -> Result<(), String> {
    let format = &statement.output_encoding.format;
    for (level, &dim) in format.dim_to_lvl[..appended].iter().enumerate() {
        let output_level = &format.levels[level];
        let appended_below = format.levels[level + 1..].iter().any(|below| !below.is_located());
        let needs_order = if output_level.is_located() { appended_below } else { output_level.ordered };
        let loop_ = statement.output_dims[dim];
        let driver =
            statement.operands.iter().enumerate().filter(|&(index, _)| statement.uses_value_of(index)).find_map(|(index, operand)| {
                let read = &operand.encoding.format.levels[operand.level_of(loop_)?];
                (!read.ordered).then_some((index, read.unique))
            });
        match driver {
            Some((index, _)) if needs_order => {
                return Err(format!(
                    "the sparse output's level {level} takes its coordinates in order, but operand {index}'s unordered level gives them in any order"
                ))
            }
            Some((index, false)) if !output_level.is_located() && output_level.unique => {
                return Err(format!(
                    "the sparse output's level {level} is unique, but operand {index}'s unordered nonunique level may give a coordinate twice, apart"
                ))
            }
            _ => {}
        }
    }
    Ok(())
}

/// Whether `operand` reads along `loop_` contiguously or not at all: the
/// loop is in none of its subscripts but that of its last level, where a
/// plain subscript or a computed one of coefficient 1 names it, and in no
/// window.
fn streams(operand: &crate::statement::Operand, loop_: usize) -> bool {
    let last_dim = operand.encoding.format.dim_to_lvl.last().copied();
    let in_window = operand.windows.iter().flatten().any(|window| window.terms.iter().any(|&(term, _)| term == loop_));
    let elsewhere = match &operand.computed {
        Some(subscripts) => subscripts.iter().enumerate().any(|(dim, subscript)| {
            subscript.terms.iter().any(|&(term, coefficient)| term == loop_ && (Some(dim) != last_dim || coefficient != 1))
        }),
        None => operand.dims.iter().enumerate().any(|(dim, &term)| term == loop_ && Some(dim) != last_dim),
    };
    !in_window && !elsewhere
}

/// Whether loop `loop_` reads a level of a sparse operand that is visited
/// by its positions, not located (a compressed or singleton level).
fn reads_sparse_level(statement: &Statement, loop_: usize) -> bool {
    statement
        .operands
        .iter()
        .any(|operand| operand.level_of(loop_).is_some_and(|level| !operand.encoding.format.levels[level].is_located()))
}

/// A statement with `REDUCE_VISITED` (upstream's `sparse_tensor.reduce`)
/// into a dense result starts each component from its init, the identity.
/// Upstream's sparsifier starts a component from the identity only where
/// its output loops visit it, enclosing the reduced loops, and keeps the
/// output's initial value elsewhere, which the statement does not state:
/// refused. (A sparse result stores the components a value reaches only,
/// each from the identity, as upstream's does.)
fn check_reduce_visited(statement: &Statement, order: &[usize]) -> Result<(), String> {
    let skips = |loop_: &usize| !matches!(statement.algebra(*loop_), Algebra::Full(_));
    if statement.output_dims.iter().any(skips) {
        return Err("a sparse_tensor.reduce whose output loops skip components (an output dimension read through a \
                    compressed level) is not supported: upstream's sparsifier keeps their initial value"
            .into());
    }
    // Upstream orders the loops by every operand's levels, dense ones too.
    let outputs_first = |loops: &mut dyn Iterator<Item = usize>| {
        loops.skip_while(|&loop_| !statement.is_reduced(loop_)).all(|loop_| statement.is_reduced(loop_))
    };
    let by_levels = |operand: &crate::statement::Operand| {
        let mut loops = (0..statement.loops).filter_map(|loop_| Some((operand.level_of(loop_)?, loop_))).collect::<Vec<_>>();
        loops.sort();
        loops.into_iter().map(|(_, loop_)| loop_)
    };
    if !outputs_first(&mut order.iter().copied()) || !statement.operands.iter().all(|operand| outputs_first(&mut by_levels(operand))) {
        return Err("a sparse_tensor.reduce whose reduced loops enclose an output loop (in the loop order, or in an \
                    operand's level order, by which upstream's sparsifier orders them) is not supported: upstream then \
                    starts from the output's initial value, not the identity"
            .into());
    }
    Ok(())
}

struct Emitter<'c, 's, 'a> {
    statement: &'s Statement<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
    order: Vec<usize>,
    sizes: Vec<Value<'c, 'a>>,
    /// The result's extent along each loop (its size but for a clamp's
    /// result loop, which walks the image).
    extents: Vec<Value<'c, 'a>>,
    /// The size of each part of each concatenation along its dimension.
    part_sizes: Vec<Vec<Value<'c, 'a>>>,
    output: Value<'c, 'a>,
    /// The counts of the points each component combines, where the points
    /// the loops skip are folded in with their multiplicity.
    counting: Option<crate::multiplicity::Counting<'c, 'a>>,
    /// The workspace the body's stores go to, if the result is scattered.
    workspace: Option<WhereTarget<'c, 'a>>,
}

/// A scattered result's workspace, as the `sig.where` around the loops that
/// fill it: the consumer copies the temporary into the result.
struct WhereTarget<'c, 'a> {
    kind: WorkspaceKind,
    /// The temporary (a `tensor.empty` of the dimensions it holds).
    temporary: Value<'c, 'a>,
    /// The result's dimensions it holds, in its own order: the last
    /// level's for a row, every one for a list of components.
    dims: Vec<usize>,
    /// The loop depth the `sig.where` is at: below the loops over the
    /// levels above a row, or around every loop.
    depth: usize,
}

fn concretize<'c, 'a>(statement: &Statement<'c, 'a>, context: &'c Context) -> Result<(), String> {
    let LoopPlan { order, workspace, spanned } = order(statement)?;
    let anchor = statement.compute.0;
    if let Ok(start) = anchor.attribute(REDUCE_START) {
        let element = melior::ir::AttributeLike::r#type(&statement.output_encoding.fill);
        if melior::ir::AttributeLike::r#type(&start) != element {
            return Err(format!("arr.reduce_start must be a scalar of the result's element type {element}, not {start}"));
        }
    }
    if anchor.attribute(REDUCE_VISITED).is_ok() && !statement.output_encoding.format.is_sparse() {
        check_reduce_visited(statement, &order)?;
    }
    let place = Place::before(anchor).ok_or("arr.compute is not in a block")?;
    let location = anchor.location();
    let sizes = (0..statement.loops).map(|loop_| loop_size(statement, loop_, place, context, location)).collect::<Result<Vec<_>, _>>()?;
    // The result's extent along each loop: a result loop that walks an
    // image's coordinates (a clamp's) runs over the image, which is longer.
    let extents = (0..statement.loops)
        .map(|loop_| match statement.clamps.iter().find(|clamp| clamp.walked == loop_) {
            Some(clamp) => result_extent(statement, clamp.output_dim, place, context, location),
            None => Ok(sizes[loop_]),
        })
        .collect::<Result<Vec<_>, _>>()?;
    for &(operand, dim) in &statement.bounds_checks {
        check_inside(statement, operand, dim, &extents, place, context, location)?;
    }
    let dynamic = statement
        .output_dims
        .iter()
        .enumerate()
        .filter(|(dim, _)| !matches!(statement.output.dim_size(*dim), Ok(DimSize::Static(_))))
        .map(|(_, &loop_)| extents[loop_])
        .collect::<Vec<_>>();
    let mut empty = OperationBuilder::new("tensor.empty", location)
        .add_operands(&dynamic)
        .add_results(&[statement.output.into()])
        .build()
        .map_err(|e| e.to_string())?;
    for carried in CARRIED_TO_ALLOC.into_iter().filter(|&carried| carried != WORKSPACE) {
        if let Ok(attribute) = anchor.attribute(carried) {
            empty.set_attribute(carried, attribute);
        }
    }
    // A result that starts from an init is written through its workspace
    // directly (`sig.where`'s copy would replace what the init put there).
    let through_where = statement.init.is_none();
    if let (Some(kind), false) = (workspace, through_where) {
        let attribute = match kind {
            WorkspaceKind::Dense | WorkspaceKind::Hash if spanned > 1 => {
                format!("{}, levels = {spanned} : i64}}", kind.attribute().trim_end_matches('}'))
            }
            _ => kind.attribute().to_string(),
        };
        empty.set_attribute(WORKSPACE, Attribute::parse(context, &attribute).ok_or("a malformed workspace attribute")?);
    }
    let output: Value = place.value(empty);
    let workspace = match (workspace, through_where) {
        (Some(kind), true) => Some(temporary(statement, kind, spanned, &sizes, place, location)?),
        _ => None,
    };
    if let Some(init) = statement.init {
        emit_copy(init, output, place, context, location)?;
    }
    // Each part's size along its concatenated dimension, outside every loop:
    // inside a loop where a part is absent, an op reading it would be folded away.
    let part_sizes = statement
        .concats
        .iter()
        .map(|read| {
            read.parts
                .iter()
                .map(|&operand| {
                    let tensor = statement.operands[operand].tensor;
                    match RankedTensorType::try_from(tensor.r#type()).map(|tensor| tensor.dim_size(read.dim)) {
                        Ok(Ok(DimSize::Static(size))) => Ok(place.index(size as i64, context, location)),
                        _ => dim_of(tensor, read.dim, place, context, location),
                    }
                })
                .collect::<Result<Vec<_>, _>>()
        })
        .collect::<Result<Vec<_>, _>>()?;
    for (read, part_sizes) in statement.concats.iter().zip(&part_sizes) {
        check_parts_agree(statement, read, part_sizes, &sizes, place, context, location)?;
    }
    check_sizes_agree(statement, &sizes, place, context, location)?;
    let counting = statement
        .multiplicity
        .map(|multiplicity| crate::multiplicity::prepare(statement, multiplicity, output, &sizes, place, context, location))
        .transpose()?;
    let emitter = Emitter { statement, context, location, order, sizes, extents, part_sizes, output, counting, workspace };
    if statement.loops == 0 {
        // A statement of a rank-0 result with no reduction: its body once,
        // outside every loop, where only accesses and assignments are lowered.
        if !crate::ir::collect(anchor, crate::statement::is_region_function).is_empty() {
            return Err("a statement with no loops whose body holds an upstream user function (sparse_tensor.unary, \
                        binary, select) is not supported"
                .into());
        }
        emitter.emit_body(place, &[], &[])?;
    } else {
        emitter.emit_loop(0, place, &mut vec![None; statement.loops], &mut vec![None; statement.concats.len()])?;
    }
    if let (Some(multiplicity), Some(counting)) = (statement.multiplicity, &emitter.counting) {
        crate::multiplicity::fold_skipped(statement, multiplicity, counting, output, &emitter.sizes, place, context, location)?;
    }
    replace_uses(anchor.result(0).expect("one result").into(), output);
    Ok(())
}

/// Emits the run-time check (`cf.assert`) that the parts of concatenation
/// `read` agree with the loops' sizes where the types do not say so: each
/// part as large as its loop outside the concatenated dimension, and the
/// parts together as large as the loop along it.
fn check_parts_agree<'c, 'a>(
    statement: &Statement<'c, 'a>,
    read: &ConcatRead<'c, 'a>,
    part_sizes: &[Value<'c, 'a>],
    sizes: &[Value<'c, 'a>],
    place: Place<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<(), String> {
    let one = |op| -> Value<'c, 'a> { place.value(op) };
    let mut known = read.parts.iter().all(|&part| {
        RankedTensorType::try_from(statement.operands[part].tensor.r#type())
            .is_ok_and(|tensor| (0..tensor.rank()).all(|dim| matches!(tensor.dim_size(dim), Ok(DimSize::Static(_)))))
    });
    known &= statement.operands[read.parts[0]].dims.iter().all(|&loop_| crate::fill::Number::of_constant(sizes[loop_]).is_some());
    if known {
        // Every size is in the types, which the verifiers have checked.
        return Ok(());
    }
    let mut holds = one(arith::constant(context, IntegerAttribute::new(IntegerType::new(context, 1).into(), 1).into(), location));
    let mut total = place.index(0, context, location);
    for (&part, &part_size) in read.parts.iter().zip(part_sizes) {
        let operand = &statement.operands[part];
        total = one(arith::addi(total, part_size, location));
        for (dim, &loop_) in operand.dims.iter().enumerate().filter(|&(dim, _)| dim != read.dim) {
            let extent = dim_of(operand.tensor, dim, place, context, location)?;
            let agree = one(arith::cmpi(context, arith::CmpiPredicate::Eq, extent, sizes[loop_], location));
            holds = one(arith::andi(holds, agree, location));
        }
    }
    let agree = one(arith::cmpi(context, arith::CmpiPredicate::Eq, total, sizes[read.loop_], location));
    holds = one(arith::andi(holds, agree, location));
    let concatenation = name(defining_op(read.view).ok_or("a concatenation no op makes")?);
    let message = format!(
        "{concatenation}: the sizes of the tensors concatenated along dimension {} disagree with each other or with the tensors read and written beside them",
        read.dim
    );
    assert_holds(holds, &message, place, context, location)
}

/// Emits the run-time check (`cf.assert`) that every operand read along a
/// loop by a bare subscript, of a size only the program knows, is as long
/// as the loop: the loop's size comes from one of them (or a type), and a
/// longer or shorter other would be read or written past its end.
fn check_sizes_agree<'c, 'a>(
    statement: &Statement<'c, 'a>,
    sizes: &[Value<'c, 'a>],
    place: Place<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<(), String> {
    let dynamic = |tensor: Value<'c, 'a>, dim: usize| {
        !RankedTensorType::try_from(tensor.r#type()).is_ok_and(|tensor| matches!(tensor.dim_size(dim), Ok(DimSize::Static(_))))
    };
    let one = |op| -> Value<'c, 'a> { place.value(op) };
    let mut checks = Vec::new();
    for (loop_, &size) in sizes.iter().enumerate() {
        let sources: Vec<(Value, usize)> = statement
            .operands
            .iter()
            .filter_map(|operand| operand.sizing_dim(loop_).map(|dim| (operand.tensor, dim)))
            .filter(|&(tensor, dim)| dynamic(tensor, dim))
            .collect();
        // A size not in the types came from the first of them.
        let from_first = usize::from(crate::fill::Number::of_constant(size).is_none());
        for &(tensor, dim) in sources.iter().skip(from_first) {
            let extent = dim_of(tensor, dim, place, context, location)?;
            checks.push(one(arith::cmpi(context, arith::CmpiPredicate::Eq, extent, size, location)));
        }
    }
    let Some(mut holds) = checks.first().copied() else { return Ok(()) };
    for &check in &checks[1..] {
        holds = one(arith::andi(holds, check, location));
    }
    assert_holds(holds, "the tensors a loop reads differ in size along it", place, context, location)
}

/// The temporary of `kind`'s `sig.where`: a row of the result's last
/// `spanned` levels, or the whole result, as a dense tensor of its element
/// type.
fn temporary<'c, 'a>(
    statement: &Statement<'c, 'a>,
    kind: WorkspaceKind,
    spanned: usize,
    sizes: &[Value<'c, 'a>],
    place: Place<'c, 'a>,
    location: Location<'c>,
) -> Result<WhereTarget<'c, 'a>, String> {
    let format = &statement.output_encoding.format;
    let levels = format.rank();
    let (dims, depth) = match kind {
        WorkspaceKind::Dense | WorkspaceKind::Hash => (format.dim_to_lvl[levels - spanned..].to_vec(), levels - spanned),
        WorkspaceKind::Bucket | WorkspaceKind::Coord => ((0..statement.output.rank()).collect(), 0),
        WorkspaceKind::Scalar => (Vec::new(), levels),
    };
    let mut shape = Vec::new();
    let mut dynamic = Vec::new();
    for &dim in &dims {
        match statement.output.dim_size(dim) {
            Ok(DimSize::Static(size)) => shape.push(size),
            _ => {
                shape.push(i64::MIN as u64);
                dynamic.push(sizes[statement.output_dims[dim]]);
            }
        }
    }
    let r#type = RankedTensorType::new(&shape, statement.output.element(), None);
    let empty = OperationBuilder::new("tensor.empty", location)
        .add_operands(&dynamic)
        .add_results(&[r#type.into()])
        .build()
        .map_err(|e| e.to_string())?;
    Ok(WhereTarget { kind, temporary: place.value(empty), dims, depth })
}

/// `output = init`: a nest over `init`'s levels, in level order, that stores
/// each of its entries (every component, for a dense init) into `output`.
fn emit_copy<'c, 'a>(
    init: Value<'c, 'a>,
    output: Value<'c, 'a>,
    place: Place<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<(), String> {
    let tensor = RankedTensorType::try_from(init.r#type()).map_err(|e| e.to_string())?;
    let format = sparse_dialects::encoding::Encoding::of_any(tensor).map_err(|e| e.to_string())?.format;
    if format.is_blocked() {
        return Err("the init stores a dimension in blocks, which an initial value cannot be yet".into());
    }
    let mut indices: Vec<Option<Value<'c, 'a>>> = vec![None; format.rank()];
    let mut place = place;
    for (level, &dim) in format.dim_to_lvl.iter().enumerate() {
        let seq = place.value(sig::level(init, level, location).map_err(|e| e.to_string())?);
        let forall = place.put(sig::forall(seq, block_region(&[Type::index(context)], location), location).map_err(|e| e.to_string())?);
        let body = only_block(forall, 0);
        body.append_operation(sparse_dialects::terminator(&[], location).map_err(|e| e.to_string())?);
        indices[dim] = Some(body.argument(0).expect("the index").into());
        place = Place::before(body.terminator().expect("just added")).expect("in a block");
    }
    let indices = indices.into_iter().collect::<Option<Vec<_>>>().ok_or("every dimension of the init has a level")?;
    let value = place.put(sig::access(init, &indices, tensor.element(), location).map_err(|e| e.to_string())?);
    place.put(sig::assign(output, value.result(0).expect("one result").into(), &indices, None, location).map_err(|e| e.to_string())?);
    Ok(())
}

/// The size of loop `loop_` where a type states it: a dimension of an
/// operand it indexes, of a concatenation it reads along, or of the result.
fn static_loop_size(statement: &Statement, loop_: usize) -> Option<u64> {
    let static_size = |tensor: Value, dim: usize| {
        RankedTensorType::try_from(tensor.r#type()).ok().and_then(|tensor| match tensor.dim_size(dim) {
            Ok(DimSize::Static(size)) => Some(size),
            _ => None,
        })
    };
    let from_operands = statement.operands.iter().filter_map(|operand| operand.sizing_dim(loop_).map(|dim| (operand.tensor, dim)));
    let concat = statement.concats.iter().find(|read| read.loop_ == loop_);
    // A result loop that walks an image is as long as the image, not the result.
    let walks_image = statement.clamps.iter().any(|clamp| clamp.walked == loop_);
    from_operands.chain(concat.map(|read| (read.view, read.dim))).find_map(|(tensor, dim)| static_size(tensor, dim)).or_else(|| {
        let dim = statement.output_dims.iter().position(|&d| d == loop_).filter(|_| !walks_image)?;
        static_result_dim(statement, dim)
    })
}

/// The size of the result's dimension `dim` where its type states it.
fn static_result_dim(statement: &Statement, dim: usize) -> Option<u64> {
    match statement.output.dim_size(dim) {
        Ok(DimSize::Static(size)) => Some(size),
        _ => None,
    }
}

/// The size of a loop: a dimension of an operand it indexes, or of the
/// output (static, or its shape tensor's); a static one first, the size the
/// statement's checks (computed reads staying inside) were made with.
fn loop_size<'c, 'a>(
    statement: &Statement<'c, 'a>,
    loop_: usize,
    place: Place<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Value<'c, 'a>, String> {
    if let Some(size) = static_loop_size(statement, loop_) {
        return Ok(place.index(size as i64, context, location));
    }
    if let Some((tensor, dim)) = statement.operands.iter().find_map(|operand| Some((operand.tensor, operand.sizing_dim(loop_)?))) {
        return dim_of(tensor, dim, place, context, location);
    }
    // A concatenation is as long as its parts together.
    if let Some(read) = statement.concats.iter().find(|read| read.loop_ == loop_) {
        let mut size = place.index(0, context, location);
        for &part in &read.parts {
            let part = dim_of(statement.operands[part].tensor, read.dim, place, context, location)?;
            size = place.value(arith::addi(size, part, location));
        }
        return Ok(size);
    }
    let output_dim = statement.output_dims.iter().position(|&d| d == loop_);
    // The init gives the result's shape, with or without reductions.
    if let Some(dim) = output_dim.filter(|_| statement.compute.init().is_some()) {
        return result_extent(statement, dim, place, context, location);
    }
    if let Some((operand, dim, block)) = counted_blocks(statement, loop_) {
        let size = dim_of(statement.operands[operand].tensor, dim, place, context, location)?;
        let message = format!(
            "a dimension split into blocks of {block} by loop {} has a size that is not a multiple of {block}",
            statement.loop_name(loop_)
        );
        return whole_blocks(size, block, &message, place, context, location);
    }
    let unknown = format!("the size of loop dimension {} is not known: no operand indexes it", statement.loop_name(loop_));
    Err(match output_dim {
        Some(_) => format!("{unknown} and the result dimension is dynamic"),
        None => format!("{unknown} and the result does not (an input the body does not use gives no size)"),
    })
}

/// A block loop `arr-demap` split a loop into, read at `b·l + m` with `m`
/// its offset loop, of static size `b`: `l` has as many coordinates as the
/// dimension read there has blocks. The operand's index, the dimension and
/// `b`. (A loop of a user's strided subscript is not sized so: its extent
/// need not cover the dimension.)
fn counted_blocks(statement: &Statement, loop_: usize) -> Option<(usize, usize, i64)> {
    let split = statement.split_block(loop_)?;
    statement.operands.iter().enumerate().find_map(|(index, operand)| {
        operand.compound().into_iter().find_map(|(dim, subscript)| {
            let [(first, a), (second, b)] = subscript.terms[..] else { return None };
            let (block, offset, unit) = if first == loop_ {
                (a, second, b)
            } else if second == loop_ {
                (b, first, a)
            } else {
                return None;
            };
            let counts =
                subscript.intercept == 0 && unit == 1 && block == split && static_loop_size(statement, offset) == Some(block as u64);
            counts.then_some((index, dim, block))
        })
    })
}

/// `size / block`, after the run-time check that `block` divides `size`
/// (with `message`): the blocks of a dimension stored or read in blocks.
pub(crate) fn whole_blocks<'c, 'a>(
    size: Value<'c, 'a>,
    block: i64,
    message: &str,
    place: Place<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Value<'c, 'a>, String> {
    let block = place.index(block, context, location);
    let rest = place.value(arith::remui(size, block, location));
    let whole = place.value(arith::cmpi(context, arith::CmpiPredicate::Eq, rest, place.index(0, context, location), location));
    assert_holds(whole, message, place, context, location)?;
    Ok(place.value(arith::divui(size, block, location)))
}

/// The size of the result's dimension `dim`: its type's, or its init's.
fn result_extent<'c, 'a>(
    statement: &Statement<'c, 'a>,
    dim: usize,
    place: Place<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Value<'c, 'a>, String> {
    match (static_result_dim(statement, dim), statement.compute.init()) {
        (Some(size), _) => Ok(place.index(size as i64, context, location)),
        (None, Some(shape)) => dim_of(shape, dim, place, context, location),
        (None, None) => Err(format!("the size of the result's dimension {dim} is not known: it is dynamic and the statement has no init")),
    }
}

/// Emits the run-time check (`cf.assert`) that the computed read of
/// `operand` stays inside its dimension `dim` at every point of loops of
/// `extents` (a clamp's result loop over the result's extent, the window
/// the clamp cleared): the subscript's largest value is below the dimension's size,
/// or some loop in it is empty. No step can overflow: what is left of the
/// extent after the intercept and each term is checked before it is taken.
fn check_inside<'c, 'a>(
    statement: &Statement<'c, 'a>,
    operand: usize,
    dim: usize,
    extents: &[Value<'c, 'a>],
    place: Place<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<(), String> {
    let read = &statement.operands[operand];
    let cleared = statement.clamps.iter().find(|clamp| clamp.operand == operand && clamp.dim == dim).map(|clamp| &clamp.window);
    let subscript = read
        .compound()
        .into_iter()
        .find_map(|(at, subscript)| (at == dim).then_some(subscript))
        .or(cleared)
        .ok_or("a bounds check of a plain subscript")?;
    let one = |op| -> Value<'c, 'a> { place.value(op) };
    let compare = |predicate, a, b| one(arith::cmpi(context, predicate, a, b, location));
    let (zero, unit) = (place.index(0, context, location), place.index(1, context, location));
    let extent = dim_of(read.tensor, dim, place, context, location)?;
    // What is left of `extent - 1` once the intercept is taken, while it fits.
    let intercept = place.index(subscript.intercept, context, location);
    let mut fits = compare(arith::CmpiPredicate::Ult, intercept, extent);
    let last_index = one(arith::subi(extent, unit, location));
    let mut left = one(arith::select(fits, one(arith::subi(last_index, intercept, location)), zero, location));
    let mut empty = one(arith::constant(context, IntegerAttribute::new(IntegerType::new(context, 1).into(), 0).into(), location));
    for &(loop_, coefficient) in &subscript.terms {
        let coefficient = place.index(coefficient, context, location);
        // The loop's last coordinate (wrapped when the loop is empty, which
        // `empty` then covers) times the coefficient fits what is left.
        let last = one(arith::subi(extents[loop_], unit, location));
        let term_fits = compare(arith::CmpiPredicate::Ule, last, one(arith::divui(left, coefficient, location)));
        fits = one(arith::andi(fits, term_fits, location));
        let taken = one(arith::subi(left, one(arith::muli(last, coefficient, location)), location));
        left = one(arith::select(fits, taken, zero, location));
        empty = one(arith::ori(empty, compare(arith::CmpiPredicate::Eq, extents[loop_], zero), location));
    }
    let holds = one(arith::ori(empty, fits, location));
    let message = format!(
        "operand {operand} is read at compound subscripts past the end of its dimension {dim}: it is too small for the loops' sizes"
    );
    assert_holds(holds, &message, place, context, location)
}

/// Stops the program with `message` when `holds` is false (`cf.assert`).
pub(crate) fn assert_holds<'c, 'a>(
    holds: Value<'c, 'a>,
    message: &str,
    place: Place<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<(), String> {
    let assert = OperationBuilder::new("cf.assert", location)
        .add_operands(&[holds])
        .add_attributes(&[(Identifier::new(context, "msg"), StringAttribute::new(context, message).into())])
        .build()
        .map_err(|e| e.to_string())?;
    place.put(assert);
    Ok(())
}

/// `tensor.dim` of `tensor` at `dim`, or the dynamic size its
/// `tensor.empty` was given.
pub(crate) fn dim_of<'c, 'a>(
    tensor: Value<'c, 'a>,
    dim: usize,
    place: Place<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Value<'c, 'a>, String> {
    if let Some(made) = defining_op(tensor) {
        let r#type = RankedTensorType::try_from(tensor.r#type()).map_err(|e| e.to_string())?;
        let dynamic_before = (0..dim).filter(|&d| !matches!(r#type.dim_size(d), Ok(DimSize::Static(_)))).count();
        let dynamic = !matches!(r#type.dim_size(dim), Ok(DimSize::Static(_)));
        if dynamic && name(made) == "tensor.empty" {
            return made.operand(dynamic_before).map_err(|e| e.to_string());
        }
    }
    let index = place.index(dim as i64, context, location);
    let dim = OperationBuilder::new("tensor.dim", location)
        .add_operands(&[tensor, index])
        .add_results(&[Type::index(context)])
        .build()
        .map_err(|e| e.to_string())?;
    Ok(place.value(dim))
}

/// The part of a concatenation that the loop over its concatenated
/// dimension visits (paper 001's disjoint union).
#[derive(Clone, Copy)]
struct Part<'c, 'a> {
    /// Which part, by position in the concatenation.
    index: usize,
    /// Where the loop's range starts in the part, when it covers only some
    /// of it (two concatenations split one loop at different points).
    within: Option<Value<'c, 'a>>,
    /// The part's own coordinate at the loop's index (set inside the loop).
    local: Option<Value<'c, 'a>>,
}

/// A range of a loop over concatenated dimensions, `start..start + size`,
/// in which each concatenation read along it has one part.
#[derive(Clone, Copy)]
struct Segment<'c, 'a> {
    start: Value<'c, 'a>,
    size: Value<'c, 'a>,
    /// Whether `start` is 0.
    first: bool,
}

impl<'c, 's, 'a> Emitter<'c, 's, 'a> {
    /// The loop at `depth` and those inside it. A loop over concatenated
    /// dimensions is one loop per segment, one after another, each reading
    /// only the part of each concatenation that covers it (`parts`, by
    /// concatenation, holds the part the enclosing loops read): a segment a
    /// part, or, for several concatenations of static sizes split at
    /// different points, a segment between each two consecutive points.
    fn emit_loop(
        &self,
        depth: usize,
        place: Place<'c, 'a>,
        indices: &mut Vec<Option<Value<'c, 'a>>>,
        parts: &mut Vec<Option<Part<'c, 'a>>>,
    ) -> Result<(), String> {
        match &self.workspace {
            Some(target) if target.depth == depth => self.emit_where(target, place, indices, parts),
            _ => self.emit_loops(depth, place, indices, parts),
        }
    }

    /// The `sig.where` of the result's workspace, at the loop at `depth`:
    /// the consumer copies the temporary into the result, at the enclosing
    /// loops' coordinates; the producer is the loops from `depth` on.
    fn emit_where(
        &self,
        target: &WhereTarget<'c, 'a>,
        place: Place<'c, 'a>,
        indices: &mut Vec<Option<Value<'c, 'a>>>,
        parts: &mut Vec<Option<Part<'c, 'a>>>,
    ) -> Result<(), String> {
        let location = self.location;
        let terminator = || sparse_dialects::terminator(&[], location).map_err(|e| e.to_string());
        let workspace = Attribute::parse(self.context, target.kind.attribute()).ok_or("a malformed workspace attribute")?;
        let op = place.put(
            sig::r#where(target.temporary, workspace, block_region(&[], location), block_region(&[], location), location)
                .map_err(|e| e.to_string())?,
        );
        let mut blocks = vec![only_block(op, 0)];
        let mut coordinates = Vec::new();
        for level in 0..target.dims.len() {
            let block = *blocks.last().expect("the consumer's block");
            let seq = Place::End(block).value(sig::level(target.temporary, level, location).map_err(|e| e.to_string())?);
            let forall = Place::End(block)
                .put(sig::forall(seq, block_region(&[Type::index(self.context)], location), location).map_err(|e| e.to_string())?);
            let body = only_block(forall, 0);
            coordinates.push(body.argument(0).map_err(|e| e.to_string())?.into());
            blocks.push(body);
        }
        let innermost = Place::End(*blocks.last().expect("the consumer's block"));
        let element = self.statement.output.element();
        let read = innermost.value(sig::access(target.temporary, &coordinates, element, location).map_err(|e| e.to_string())?);
        let subscripts = (0..self.statement.output.rank())
            .map(|dim| match target.dims.iter().position(|&held| held == dim) {
                Some(level) => Ok(coordinates[level]),
                None => indices[self.statement.output_dims[dim]].ok_or("a row's coordinates outside the loops above it"),
            })
            .collect::<Result<Vec<_>, _>>()?;
        innermost.put(sig::assign(self.output, read, &subscripts, None, location).map_err(|e| e.to_string())?);
        for block in blocks.into_iter().rev() {
            block.append_operation(terminator()?);
        }
        let producer = only_block(op, 1);
        if target.kind == WorkspaceKind::Scalar {
            // The scalar starts each component at the result's fill.
            let fill = &self.statement.output_encoding.fill;
            let start = Place::End(producer)
                .value(sparse_dialects::scalar::constant(self.context, *fill, element, location).ok_or("a fill value of no constant")?);
            Place::End(producer).put(sig::assign(target.temporary, start, &[], None, location).map_err(|e| e.to_string())?);
        }
        self.emit_loops(target.depth, Place::End(producer), indices, parts)?;
        producer.append_operation(terminator()?);
        Ok(())
    }

    /// The loops from `depth` on (see [`Emitter::emit_loop`]).
    fn emit_loops(
        &self,
        depth: usize,
        place: Place<'c, 'a>,
        indices: &mut Vec<Option<Value<'c, 'a>>>,
        parts: &mut Vec<Option<Part<'c, 'a>>>,
    ) -> Result<(), String> {
        let loop_ = self.order[depth];
        if let Some(clamp) = self.statement.clamps.iter().find(|clamp| clamp.loop_ == loop_) {
            let range = self.clamped_range(clamp, place, indices)?;
            return self.emit_forall(depth, place, indices, parts, Some(range));
        }
        let splits: Vec<usize> = (0..self.statement.concats.len()).filter(|&c| self.statement.concats[c].loop_ == loop_).collect();
        if splits.is_empty() {
            return self.emit_forall(depth, place, indices, parts, None);
        }
        let index = |value: i64| place.index(value, self.context, self.location);
        if let [split] = splits[..] {
            let mut offset = index(0);
            let sizes = &self.part_sizes[split];
            for (part, &size) in sizes.iter().enumerate() {
                parts[split] = Some(Part { index: part, within: None, local: None });
                self.emit_forall(depth, place, indices, parts, Some(Segment { start: offset, size, first: part == 0 }))?;
                if part + 1 < sizes.len() {
                    offset = if part == 0 { size } else { place.value(arith::addi(offset, size, self.location)) };
                }
            }
            parts[split] = None;
            return Ok(());
        }
        // Several concatenations: their static split points, merged.
        let static_sizes = |read: &ConcatRead| -> Option<Vec<i64>> {
            read.parts
                .iter()
                .map(|&operand| {
                    match RankedTensorType::try_from(self.statement.operands[operand].tensor.r#type()).ok()?.dim_size(read.dim) {
                        Ok(DimSize::Static(size)) => i64::try_from(size).ok(),
                        _ => None,
                    }
                })
                .collect()
        };
        let mut bounds: Vec<Vec<i64>> = Vec::new();
        for &split in &splits {
            let sizes = static_sizes(&self.statement.concats[split])
                .ok_or("two concatenations (arr.concat) read along one loop need static sizes along it")?;
            bounds.push(
                std::iter::once(0)
                    .chain(sizes.iter().scan(0, |end, size| {
                        *end += size;
                        Some(*end)
                    }))
                    .collect(),
            );
        }
        let mut points: Vec<i64> = bounds.iter().flatten().copied().collect();
        points.sort_unstable();
        points.dedup();
        for window in points.windows(2) {
            let (start, end) = (window[0], window[1]);
            for (&split, bounds) in splits.iter().zip(&bounds) {
                let part = bounds.windows(2).position(|range| range[0] <= start && end <= range[1]).ok_or("a malformed concatenation")?;
                let whole = bounds[part] == start && bounds[part + 1] == end;
                let within = (!whole).then(|| index(start - bounds[part]));
                parts[split] = Some(Part { index: part, within, local: None });
            }
            let segment = Segment { start: index(start), size: index(end - start), first: start == 0 };
            self.emit_forall(depth, place, indices, parts, Some(segment))?;
        }
        for split in splits {
            parts[split] = None;
        }
        Ok(())
    }

    /// The range of the clamped filter loop `r` at the image coordinate `p`
    /// its result loop walks: the `r` below the loop's size at which
    /// `p − b·r − c` is a coordinate of the result, from
    /// `max(0, ⌈(p − c − (extent − 1)) / b⌉)` to
    /// `max(start, min(size, ⌊(p − c) / b⌋ + 1))` (signed: `p` may be
    /// below `c`).
    fn clamped_range(&self, clamp: &Clamp, place: Place<'c, 'a>, indices: &[Option<Value<'c, 'a>>]) -> Result<Segment<'c, 'a>, String> {
        let (context, location) = (self.context, self.location);
        let walked = indices[clamp.walked].ok_or("a clamped filter loop outside the loop that walks its image")?;
        let one = |op| -> Value<'c, 'a> { place.value(op) };
        let index = |value: i64| place.index(value, context, location);
        let (zero, unit, step) = (index(0), index(1), index(clamp.coefficient));
        let from = one(arith::subi(walked, index(clamp.intercept), location));
        let last = one(arith::subi(self.extents[clamp.walked], unit, location));
        let first = one(arith::ceildivsi(one(arith::subi(from, last, location)), step, location));
        let start = one(arith::maxsi(zero, first, location));
        let past = one(arith::addi(one(arith::floordivsi(from, step, location)), unit, location));
        let end = one(arith::maxsi(start, one(arith::minsi(self.sizes[clamp.loop_], past, location)), location));
        let size = one(arith::subi(end, start, location));
        // With several clamps, at most the loop's size, said outright: a
        // constant bound lets LLVM unroll the nested taps (2-D and 3-D
        // convolutions at 90%: 1.3× and 2×). A single tap loop so unrolled
        // ran 1.9× slower at 50% density (1-D), and no faster at 90%.
        let size = match self.statement.clamps.len() {
            1 => size,
            _ => one(arith::minui(size, self.sizes[clamp.loop_], location)),
        };
        Ok(Segment { start, size, first: false })
    }

    /// One `sig.forall` for the loop at `depth`, over `segment` of it when
    /// concatenations split it or a clamp bounds it; none when the operands present leave the
    /// loop nothing to visit.
    fn emit_forall(
        &self,
        depth: usize,
        place: Place<'c, 'a>,
        indices: &mut Vec<Option<Value<'c, 'a>>>,
        parts: &mut Vec<Option<Part<'c, 'a>>>,
        segment: Option<Segment<'c, 'a>>,
    ) -> Result<(), String> {
        let loop_ = self.order[depth];
        let absent = |operand: usize| {
            self.statement
                .concats
                .iter()
                .zip(parts.iter())
                .any(|(read, part)| part.is_some_and(|part| read.parts.contains(&operand) && read.parts[part.index] != operand))
        };
        let Some(algebra) = self.statement.algebra(loop_).without(&absent) else { return Ok(()) };
        let seq = self.emit_seq(&algebra, loop_, place, indices, &mut HashMap::new(), segment.map(|segment| (segment, &parts[..])))?;
        let index = Type::index(self.context);
        let region = block_region(&[index], self.location);
        let forall = place.put(sig::forall(seq, region, self.location).map_err(|e| e.to_string())?);
        let body = only_block(forall, 0);
        let local: Value = body.argument(0).expect("the index").into();
        let shifted = |by: Value<'c, 'a>| -> Value<'c, 'a> { Place::End(body).value(arith::addi(local, by, self.location)) };
        indices[loop_] = Some(match segment {
            Some(segment) => {
                for (read, part) in self.statement.concats.iter().zip(parts.iter_mut()) {
                    if let (true, Some(part)) = (read.loop_ == loop_, part.as_mut()) {
                        part.local = Some(part.within.map_or(local, shifted));
                    }
                }
                if segment.first {
                    local
                } else {
                    shifted(segment.start)
                }
            }
            None => local,
        });
        if depth + 1 < self.order.len() {
            self.emit_loop(depth + 1, Place::End(body), indices, parts)?;
        } else {
            self.emit_body(Place::End(body), indices, parts)?;
        }
        body.append_operation(sparse_dialects::terminator(&[], self.location).map_err(|e| e.to_string())?);
        Ok(())
    }

    /// The sequence of `algebra` for loop `loop_`. Where the loop visits a
    /// `segment` of concatenated dimensions, the other operands' levels are
    /// seen through the window of that segment, and the parts of the
    /// concatenations through the window of it in the part when it covers
    /// only some of the part.
    fn emit_seq(
        &self,
        algebra: &Algebra,
        loop_: usize,
        place: Place<'c, 'a>,
        indices: &[Option<Value<'c, 'a>>],
        leaves: &mut HashMap<(usize, usize), Value<'c, 'a>>,
        split: Option<(Segment<'c, 'a>, &[Option<Part<'c, 'a>>])>,
    ) -> Result<Value<'c, 'a>, String> {
        let value = match algebra {
            Algebra::Sparse(leaf) | Algebra::Full(Some(leaf)) => {
                if let Some(value) = leaves.get(leaf) {
                    return Ok(*value);
                }
                let operand = &self.statement.operands[leaf.0];
                let dim = operand.encoding.format.dim_to_lvl[leaf.1];
                let value = match operand.window(dim) {
                    Some(window) if operand.dims[dim] != loop_ => self.emit_subsections(operand.tensor, leaf.1, window, loop_, place)?,
                    window => {
                        let level = place.put(sig::level(operand.tensor, leaf.1, self.location).map_err(|e| e.to_string())?);
                        let level = level.result(0).expect("one").into();
                        match (window, split) {
                            (Some(window), _) => self.emit_window(level, window, loop_, place, indices)?,
                            (None, Some((segment, parts))) => {
                                // A part of a concatenation split here: its own range, or the segment's within it.
                                let part = self.statement.concats.iter().zip(parts).find_map(|(read, part)| {
                                    (read.loop_ == loop_ && read.parts.contains(&leaf.0)).then_some(*part).flatten()
                                });
                                let unit = place.index(1, self.context, self.location);
                                match part {
                                    Some(Part { within: None, .. }) => level,
                                    Some(Part { within: Some(start), .. }) => self.window_of(level, start, segment.size, unit, place)?,
                                    None => self.window_of(level, segment.start, segment.size, unit, place)?,
                                }
                            }
                            (None, None) => level,
                        }
                    }
                };
                leaves.insert(*leaf, value);
                return Ok(value);
            }
            Algebra::Full(None) => sig::universe(split.map_or(self.sizes[loop_], |(segment, _)| segment.size), self.location),
            Algebra::Complement(inner) => {
                let inner = self.emit_seq(inner, loop_, place, indices, leaves, split)?;
                sig::complement(inner, self.location)
            }
            Algebra::Union(parts) | Algebra::Intersect(parts) => {
                let parts =
                    parts.iter().map(|part| self.emit_seq(part, loop_, place, indices, leaves, split)).collect::<Result<Vec<_>, _>>()?;
                if matches!(algebra, Algebra::Union(_)) {
                    sig::union(&parts, self.location)
                } else {
                    sig::intersect(&parts, self.location)
                }
            }
        };
        Ok(place.value(value.map_err(|e| e.to_string())?))
    }

    /// `level` seen through the window `start..start + extent` by `step`.
    fn window_of(
        &self,
        level: Value<'c, 'a>,
        start: Value<'c, 'a>,
        extent: Value<'c, 'a>,
        step: Value<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<Value<'c, 'a>, String> {
        let stop = place.value(arith::addi(start, extent, self.location));
        Ok(place.value(sig::slice(level, [start, stop, step], self.location).map_err(|e| e.to_string())?))
    }

    /// The window of `level` (a level sequence) that loop `loop_` resolves
    /// at the compound subscript `window` (paper 003): `sig.slice` from the
    /// subscript's other terms, at the enclosing loops' coordinates, by the
    /// coefficient of `loop_`, for as many coordinates as the loop has.
    fn emit_window(
        &self,
        level: Value<'c, 'a>,
        window: &Subscript,
        loop_: usize,
        place: Place<'c, 'a>,
        indices: &[Option<Value<'c, 'a>>],
    ) -> Result<Value<'c, 'a>, String> {
        let (outer, resolving): (Vec<_>, Vec<_>) = window.terms.iter().partition(|&&(term, _)| term != loop_);
        let [&(_, step)] = resolving[..] else { return Err(format!("loop d{loop_} does not resolve the window it visits")) };
        if outer.iter().any(|&&(term, _)| indices[term].is_none()) {
            return Err(format!("a window visited by loop d{loop_} starts at a loop inside it"));
        }
        let start = Subscript { terms: outer.into_iter().copied().collect(), intercept: window.intercept };
        let start = self.evaluate(&start, &|term| indices[term].expect("checked above"), place);
        let step = place.index(step, self.context, self.location);
        let extent = place.value(arith::muli(step, self.sizes[loop_], self.location));
        self.window_of(level, start, extent, step, place)
    }

    /// The offsets of the non-empty subsections of `level` of `tensor` that
    /// loop `loop_` visits, reducing the compound subscript `window`
    /// (`c · loop_ + c_r · r + b`, paper 003): windows of `c_r · (|r| − 1)
    /// + 1` coordinates (none when loop `r` is empty), `|loop_|` offsets.
    fn emit_subsections(
        &self,
        tensor: Value<'c, 'a>,
        level: usize,
        window: &Subscript,
        loop_: usize,
        place: Place<'c, 'a>,
    ) -> Result<Value<'c, 'a>, String> {
        let (reducing, resolving): (Vec<_>, Vec<_>) = window.terms.iter().partition(|&&(term, _)| term == loop_);
        let ([&(_, coefficient)], [&(resolver, step)]) = (&reducing[..], &resolving[..]) else {
            return Err(format!("loop d{loop_} does not reduce a subscript of two loops"));
        };
        let one = |op| -> Value<'c, 'a> { place.value(op) };
        let static_size = match crate::fill::Number::of_constant(self.sizes[resolver]) {
            Some(crate::fill::Number::Integer(0)) => Some(0),
            Some(crate::fill::Number::Integer(size)) if size > 0 => {
                i64::try_from(size - 1).ok().and_then(|last| last.checked_mul(step)?.checked_add(1))
            }
            _ => None,
        };
        // A constant where the resolving loop has a constant size, so that the
        // lowering sees windows that tile the level.
        let size = match static_size {
            Some(size) => place.index(size, self.context, self.location),
            None => {
                let (zero, unit) = (place.index(0, self.context, self.location), place.index(1, self.context, self.location));
                let last = one(arith::subi(self.sizes[resolver], unit, self.location));
                let step = place.index(step, self.context, self.location);
                let span = one(arith::addi(one(arith::muli(last, step, self.location)), unit, self.location));
                let empty = one(arith::cmpi(self.context, arith::CmpiPredicate::Eq, self.sizes[resolver], zero, self.location));
                one(arith::select(empty, zero, span, self.location))
            }
        };
        let op = sig::subsections(tensor, [size, self.sizes[loop_]], level, coefficient, window.intercept, self.location);
        Ok(place.value(op.map_err(|e| e.to_string())?))
    }

    /// `subscript` at the loop coordinates `index_of` gives: `Σ c · d + intercept`
    /// (a negative `c` subtracts).
    fn evaluate(&self, subscript: &Subscript, index_of: &dyn Fn(usize) -> Value<'c, 'a>, place: Place<'c, 'a>) -> Value<'c, 'a> {
        let (context, location) = (self.context, self.location);
        let one = |op| place.value(op);
        let mut sum = place.index(subscript.intercept, context, location);
        for &(loop_, coefficient) in &subscript.terms {
            let term = match coefficient.unsigned_abs() {
                1 => index_of(loop_),
                size => one(arith::muli(index_of(loop_), place.index(size as i64, context, location), location)),
            };
            sum = one(match coefficient < 0 {
                true => arith::subi(sum, term, location),
                false => arith::addi(sum, term, location),
            });
        }
        sum
    }

    /// The constant `op` is everywhere when an invariant argument
    /// annihilates it ([`Statement::annihilated`]), made at `body`; `None`
    /// for any other op, or a value no constant attribute holds (a complex
    /// number), which the body then computes.
    fn annihilated_value(&self, op: OperationRef<'c, 'a>, body: Place<'c, 'a>) -> Result<Option<Value<'c, 'a>>, String> {
        let Some(&(_, value)) = self.statement.annihilated.iter().find(|(annihilated, _)| *annihilated == op) else { return Ok(None) };
        let r#type = op.result(0).map_err(|e| e.to_string())?.r#type();
        Ok(value.attribute(r#type, self.context).map(|attribute| body.value(arith::constant(self.context, attribute, self.location))))
    }

    /// The statement body, reading operands with `sig.access` (a computed
    /// read with `tensor.extract`) and storing its value with `sig.assign`.
    fn emit_body(&self, body: Place<'c, 'a>, indices: &[Option<Value<'c, 'a>>], parts: &[Option<Part<'c, 'a>>]) -> Result<(), String> {
        let index_of = |loop_: usize| indices[loop_].expect("every loop encloses the body");
        let source = self.statement.compute.body().ok_or("arr.compute has no body")?;
        let mut mapped: HashMap<*const std::ffi::c_void, Value<'c, 'a>> = HashMap::new();
        let map = |value: Value<'c, 'a>, mapped: &HashMap<*const std::ffi::c_void, Value<'c, 'a>>| {
            *mapped.get(&(value.to_raw().ptr as *const _)).unwrap_or(&value)
        };
        let mut next = source.first_operation();
        while let Some(op) = next {
            next = op.next_in_block();
            let name = crate::ir::name(op);
            let new = if let Some(&(_, read)) = self.statement.concat_accesses.iter().find(|(access, _)| *access == op) {
                // A concatenation reads the part its loop visits, at the part's own coordinate.
                if users(op.result(0).expect("one result").into()).is_empty() {
                    continue;
                }
                let concat = &self.statement.concats[read];
                let part = parts[read].ok_or("a concatenation read outside the loop over its concatenated dimension")?;
                let operand = &self.statement.operands[concat.parts[part.index]];
                let subscripts = (0..operand.dims.len())
                    .map(|dim| match dim == concat.dim {
                        true => part.local.ok_or("a concatenation read outside the loop over its part"),
                        false => Ok(index_of(operand.dims[dim])),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let element = op.result(0).expect("one result").r#type();
                body.put(sig::access(operand.tensor, &subscripts, element, self.location).map_err(|e| e.to_string())?)
            } else if let Some((_, operand)) = self.statement.accesses.iter().find(|(access, _)| *access == op) {
                // A read whose value nothing uses only sized loops.
                if users(op.result(0).expect("one result").into()).is_empty() {
                    continue;
                }
                let operand = &self.statement.operands[*operand];
                let element = op.result(0).expect("one result").r#type();
                match &operand.computed {
                    // A dense tensor read at compound subscripts: each one
                    // evaluated, the tensor read there.
                    Some(computed) => {
                        let subscripts = computed.iter().map(|subscript| self.evaluate(subscript, &index_of, body)).collect::<Vec<_>>();
                        let extract = OperationBuilder::new("tensor.extract", self.location)
                            .add_operands(&[&[operand.tensor], &subscripts[..]].concat())
                            .add_results(&[element])
                            .build()
                            .map_err(|e| e.to_string())?;
                        body.put(extract)
                    }
                    // A window's dimension is read at its source coordinate.
                    None => {
                        let subscripts = (0..operand.dims.len())
                            .map(|dim| match operand.window(dim) {
                                Some(window) => self.evaluate(window, &index_of, body),
                                None => index_of(operand.dims[dim]),
                            })
                            .collect::<Vec<_>>();
                        body.put(sig::access(operand.tensor, &subscripts, element, self.location).map_err(|e| e.to_string())?)
                    }
                }
            } else if let Some(constant) = self.annihilated_value(op, body)? {
                // Annihilated by an argument that is the same everywhere: no
                // loop reads what else it combines.
                mapped.insert(op.result(0).expect("one result").to_raw().ptr as *const _, constant);
                continue;
            } else if name == sparse_dialects::arr::Index::NAME {
                let dim = sparse_dialects::arr::Index::of(op).and_then(|index| index.dim()).ok_or("arr.index has no dim")?;
                mapped.insert(op.result(0).expect("one").to_raw().ptr as *const _, index_of(dim as usize));
                continue;
            } else if name == sparse_dialects::YIELD {
                let value = map(op.operand(0).map_err(|e| e.to_string())?, &mapped);
                // At `p − b·r − c` where a clamp's loop walks an image.
                let subscripts = (self.statement.output_dims.iter().enumerate())
                    .map(|(dim, &loop_)| match self.statement.clamps.iter().find(|clamp| clamp.output_dim == dim) {
                        Some(clamp) => self.evaluate(&clamp.output_subscript(), &index_of, body),
                        None => index_of(loop_),
                    })
                    .collect::<Vec<_>>();
                // Into the workspace, at the coordinates of the dimensions it holds.
                let (target, held) = match &self.workspace {
                    Some(target) => (target.temporary, target.dims.iter().map(|&dim| subscripts[dim]).collect()),
                    None => (self.output, subscripts.clone()),
                };
                let mut assign = sig::assign(target, value, &held, self.statement.reduction, self.location).map_err(|e| e.to_string())?;
                if self.statement.folds_fill {
                    assign.set_attribute(crate::statement::FOLD_FILL, melior::ir::Attribute::unit(self.context));
                }
                body.put(assign);
                if let Some(counting) = &self.counting {
                    crate::multiplicity::count_visit(counting, &subscripts, body, self.context, self.location)?;
                }
                continue;
            } else {
                body.put(rebuild_in(op, &|operand| map(operand, &mapped), self.context)?)
            };
            for (old, new) in op.results().zip(new.results()) {
                mapped.insert(old.to_raw().ptr as *const _, new.into());
            }
        }
        Ok(())
    }
}
