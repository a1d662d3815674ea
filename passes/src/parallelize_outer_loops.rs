//! `parallelize-outer-loops`: the outermost loops of a lowered kernel whose
//! iterations are independent run on OpenMP's threads: each becomes an
//! `omp.wsloop` in an `omp.parallel` region (on as many threads as the
//! OpenMP runtime is set to: `sparse-run --threads`, `omp_set_num_threads`,
//! `OMP_NUM_THREADS`; rows cut into runs of about equal cost, [`runs`], or a
//! zero-fill's iterations in equal shares), whose body calls the loop's body
//! outlined into a private function of the module, `@<function>_iteration`.
//!
//! Runs on the `scf` and `memref` form that `cfir-to-scf` leaves (after
//! `canonicalize` and `cse`), whose fills ahead of a walk it first moves
//! back before the walk ([`fills_ahead`]). A loop is a candidate when it is an op of a
//! function's body (not nested in another op), runs at least 4,096
//! iterations when its bounds are constants (65,536 when its body holds no
//! loop: a zero-fill; 65,536 steps in all when its body holds a loop of
//! known trip count, a row filled in the loop; [`MIN_ITERATIONS_ATTRIBUTE`]
//! on the module sets another number), and is counted over `index`, comparing signed as
//! OpenMP's loops do: an `scf.for` without loop-carried values (not
//! `unsigned`), or an `scf.while` that carries one index from a start,
//! continues while it is below a bound (`arith.cmpi slt`, or `ult` from a
//! constant start at least 0 or over one segment of a level's positions) and steps
//! it by a positive constant, whose result nothing reads. Its iterations
//! are independent when everything the loop writes is written at a
//! location no other iteration touches:
//!
//! - every op in it that takes a memref is a `memref.load`, a `vector.load`
//!   of a buffer it does not write, a
//!   `memref.store` of a value that is not a buffer, `memref.dim`,
//!   `memref.extract_strided_metadata`, `memref.prefetch` (a hint), a view
//!   (`memref.cast`, `subview`, `reinterpret_cast`) or the `memref.dealloc`
//!   of a buffer the loop allocated, and no buffer is unranked; anything else (a call,
//!   `memref.realloc`, `memref.copy`, an op this pass does not know) keeps
//!   the loop sequential, as do ops of unknown effects without memref
//!   operands (only `arith`, `math`, `index`, `complex`, `ub`, `vector`
//!   but `vector.print`, the `scf` control ops, `memref.alloc`,
//!   `llvm.intr.expect` and the bounds checks' `cf.assert` are known);
//! - each buffer accessed is traced through views (and the base buffer of
//!   `extract_strided_metadata`) to its root: a buffer the loop allocates is
//!   private to an iteration; a function argument, or a buffer of unknown
//!   origin (a call's, a loop's), may be read, never written; a buffer the
//!   function allocated before the loop, with the identity layout, may be
//!   written when no other name can reach it (it goes to nothing but
//!   loads, stores into it, sizes, views, deallocs, the function's return
//!   and the address an allocation check compares with 0) and every access
//!   of it in the loop is direct, at a position of the iteration's own
//!   block of rows: the induction variable `i` itself
//!   or a unique level's coordinate at it (a load `cfir-to-scf` marks
//!   [`DISTINCT_COORDINATES`], in a loop from `pos[s]` to `pos[s + 1]`,
//!   whose buffer the loop does not write), `block · c` with `c` a
//!   positive constant, or `block · c + t` with `t` known to lie in
//!   `[0, c)` (a stored coordinate that `cfir-to-scf` marks
//!   [`COORDINATES_BELOW`] a size at most `c`, among others) and `c` a
//!   positive constant or a value defined before the
//!   loop (the same in every iteration), `block` itself such a position,
//!   and the same block size (and kind of row) for every access; or a
//!   scratch buffer (`cfir-to-scf`'s position map of a located row,
//!   marked [`SCRATCH`]) that the loop writes only in loops inside its
//!   body, accessed directly: each iteration leaves it all zeros, as it
//!   found it, so each thread runs with a cleared copy of its own. Index
//!   arithmetic is taken not to wrap, and sizes that bound unsigned
//!   comparisons to be below 2^63, as the kernels' sizes are.
//!
//! So a dense result's rows are filled in parallel (SpMV, SpMM, the
//! zero-fill of a dense output), also the rows a compressed outer level
//! names (MTTKRP over CSF, SpMV over DCSR) and TTV's rows over CSF of a
//! static middle size; a sparse result, assembled by
//! appending to growing buffers, is not, but for the rows of a CSR result
//! whose operands' rows bound them (`appends`). A reduction into rows named
//! by coordinates that may repeat (CSC SpMV), or into a 0-d result (a sum of
//! a tensor's values), by a function declared associative and commutative,
//! runs with a copy of the buffer per thread, combined after
//! ([`reductions`]).
//! All candidates are analysed before any changes. Each iteration computes
//! what it did before, in the same order: the results are bit-identical to
//! one thread's, but for reductions into copies, reassociated (the same
//! for the same number of threads).
//!
//! A loop whose bounds are known only at run time tests the same number
//! there: where its span is shorter, an `scf.for` calls the iterations in
//! order on the thread that reached it, without starting the threads.
//!
//! The outlined function takes the values the body reads from outside the
//! loop (constants are copied in) and is marked for
//! `apply-noalias-parameters`, which makes its buffers' pointers `noalias`
//! once lowered: inside the function OpenMP's lowering makes of the loop,
//! the buffers arrive through pointers and LLVM no longer knows that the
//! written ones are fresh, which kept SpMM's row in memory rather than in
//! vector registers.

use crate::cfir_to_scf::Emitter;
use crate::counted::Counted;
use crate::ir::{
    block_argument, block_region, collect, constant, defined_inside, defining_op, erase, erase_unused, escapes, is_allocation, is_view,
    name, only_block, predicate, users, PREDICATE_SLT, PREDICATE_ULT,
};
use crate::place::Place;
use melior::{
    dialect::{arith, memref, scf},
    ir::{
        attribute::{
            DenseI32ArrayAttribute, DenseI64ArrayAttribute, FlatSymbolRefAttribute, IntegerAttribute, StringAttribute, TypeAttribute,
        },
        block::BlockLike,
        operation::{OperationBuilder, OperationLike, OperationMutLike},
        r#type::{DimSize, FunctionType, IntegerType, MemRefType},
        Attribute, Block, BlockRef, Identifier, Location, Operation, OperationRef, Region, RegionLike, ShapedTypeLike, Type, Value,
        ValueLike,
    },
    Context,
};
use sparse_dialects::verify::emit_error;

mod appends;
mod fills_ahead;
mod openmp;
mod reductions;
mod runs;

pub use fills_ahead::{FILLED_AHEAD, FILLED_PAST_WALK, FILL_FRONTIER};

module_pass!(
    ParallelizeOuterLoops,
    "parallelize-outer-loops",
    "Run the outermost loops whose iterations are independent on OpenMP's threads (omp.wsloop, each iteration an outlined function)",
    run
);

fn run<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> bool {
    let least = match module.attribute(MIN_ITERATIONS_ATTRIBUTE) {
        Err(_) => None,
        Ok(attribute) => match IntegerAttribute::try_from(attribute).ok().map(|least| least.value()).filter(|&least| least > 0) {
            Some(least) => Some(least),
            None => {
                emit_error(module.location(), &format!("{MIN_ITERATIONS_ATTRIBUTE} must be an integer of at least 1"));
                return false;
            }
        },
    };
    let least_set = least.is_some();
    if let Err(message) = fills_ahead::fill_before_walks(module, least, context) {
        emit_error(module.location(), &format!("parallelize-outer-loops: {message}"));
        return false;
    }
    let outermost = |op: OperationRef| op.parent_operation().is_some_and(|parent| name(parent) == "func.func");
    // All are found first: a parallel loop passes its buffers to a call,
    // through which they would seem to escape from the loops after it.
    let mut parallel = Vec::new();
    for candidate in collect(module, |op| matches!(name(op).as_str(), "scf.for" | "scf.while") && outermost(op)) {
        let Some(counted) = counted(candidate) else { continue };
        let least = least.unwrap_or_else(|| least_iterations(candidate, None));
        // Copies to reduce into need the threads' count and numbers.
        let queries = [openmp::MAX_THREADS, openmp::THREAD_NUM, openmp::NUM_THREADS];
        match parallelizable(candidate, &counted, least, &[]) {
            Some(reduced) if reduced.is_empty() || openmp::usable(candidate, &queries) => {
                parallel.push((candidate, counted, least, Plan::Iterations(reduced)))
            }
            Some(_) => {}
            None => {
                let Some(appends) = appends::Appends::of(candidate, &counted) else { continue };
                if parallelizable(candidate, &counted, least, &appends.buffers()).is_some() {
                    parallel.push((candidate, counted, least, Plan::Appends(appends)));
                }
            }
        }
    }
    for (candidate, counted, least, plan) in parallel {
        let location = candidate.location();
        // Set by hand (tests run small loops on threads), the least number
        // also runs reductions into copies whatever work they do.
        let done = match plan {
            Plan::Iterations(reduced) => parallelize(candidate, &counted, least, (&reduced, least_set), context),
            Plan::Appends(appends) => appends::parallelize_appends(candidate, &counted, &appends, least, context),
        };
        if let Err(message) = done {
            emit_error(location, &format!("parallelize-outer-loops: {message}"));
            return false;
        }
    }
    true
}

/// How a loop runs on threads.
enum Plan<'c, 'a> {
    /// Each iteration as it was, reducing into copies of these buffers
    /// ([`reductions`]).
    Iterations(Vec<reductions::Reduction<'c, 'a>>),
    /// Runs of rows appending to a CSR result ([`appends`]).
    Appends(appends::Appends<'c, 'a>),
}

/// The buffers the counted `candidate` reduces into at locations several
/// iterations may reach ([`reductions`]), when it is worth running in
/// parallel and may be, but for its accesses of `appended` (an output whose
/// rows it appends, which [`appends`] checks). `least` is the fewest
/// iterations worth starting the threads for.
fn parallelizable<'c: 'a, 'a>(
    candidate: OperationRef<'c, 'a>,
    counted: &Counted<'c, 'a>,
    least: i64,
    appended: &[Value],
) -> Option<Vec<reductions::Reduction<'c, 'a>>> {
    // An `scf.for`'s results are what it carries; an `scf.while`'s is its index.
    let carries_nothing_read = candidate.results().all(|result| users(result.into()).is_empty());
    let carries_nothing = name(candidate) == "scf.while" || candidate.result_count() == 0;
    let short = trip_count(counted).is_some_and(|iterations| iterations < least);
    if short || !carries_nothing || !carries_nothing_read {
        return None;
    }
    independent(candidate, counted, appended)
}

/// The runs of rows each thread takes, one at a time, from a loop whose
/// body holds loops: more than one, so that a thread slowed (by another
/// process, or rows costlier than their entries say) leaves its later
/// runs to the others.
const RUNS_PER_THREAD: i64 = 4;

/// Whether `loop_op` holds no loop.
fn holds_no_loop(loop_op: OperationRef) -> bool {
    collect(loop_op, |op| op != loop_op && matches!(name(op).as_str(), "scf.for" | "scf.while")).is_empty()
}

/// Loops known to run fewer iterations stay sequential, as starting the
/// threads would cost more than the loop: this many for a loop whose body
/// holds a loop (a row of a sparse matrix), and [`MIN_FLAT_ITERATIONS`]
/// for one whose body is straight-line code (a zero-fill).
const MIN_ITERATIONS: i64 = 1 << 12;
const MIN_FLAT_ITERATIONS: i64 = 1 << 16;

/// The module attribute (an integer of at least 1) that sets the fewest
/// iterations of every parallel loop, in place of the defaults (4,096, or
/// 65,536 for a loop holding no loop): `sparse-run
/// --min-parallel-iterations`.
pub const MIN_ITERATIONS_ATTRIBUTE: &str = "sparse.parallel_min_iterations";

/// The fewest iterations worth starting the threads for, for `loop_op`: a
/// loop whose body holds a loop of known trip count `n` (a row of a dense
/// result filled in the loop) does at least `n` steps an iteration, so
/// [`MIN_FLAT_ITERATIONS`] steps in all are enough, when that is fewer
/// than [`MIN_ITERATIONS`].
///
/// Loops inside `besides` are not counted (a fill that [`fills_ahead`]
/// would move out of the loop).
fn least_iterations(loop_op: OperationRef, besides: Option<OperationRef>) -> i64 {
    let inner = collect(loop_op, |op| {
        op != loop_op
            && matches!(name(op).as_str(), "scf.for" | "scf.while")
            && besides.is_none_or(|besides| !crate::ir::is_within(op, besides))
    });
    if inner.is_empty() {
        return MIN_FLAT_ITERATIONS;
    }
    let inner = inner.into_iter().filter_map(|inner| counted(inner).and_then(|counted| trip_count(&counted))).fold(1, i64::max);
    MIN_ITERATIONS.min(ceiling_quotient(MIN_FLAT_ITERATIONS, inner))
}

/// The iterations of a counted loop whose bounds and step are constants.
fn trip_count(counted: &Counted) -> Option<i64> {
    let (lower, upper, step) = (constant(counted.lower)?, constant(counted.upper)?, constant(counted.step)?);
    (step > 0).then(|| ceiling_quotient(upper.saturating_sub(lower).max(0), step))
}

/// `⌈a / b⌉` for `a ≥ 0` and `b > 0`, without overflow.
fn ceiling_quotient(a: i64, b: i64) -> i64 {
    a / b + i64::from(a % b != 0)
}

/// `op` as a counted loop ([`Counted`]) that OpenMP's loop runs alike: its
/// step defined outside it, and an `scf.for` (compared signed unless
/// `unsignedCmp`, which [`Counted::of`] refuses), or an `scf.while`
/// compared `slt`, or `ult` from a start at least 0 (a constant, or the
/// first position of a level's segment: an index below 2^63, a size, runs
/// as a signed loop does).
fn counted<'c, 'a>(op: OperationRef<'c, 'a>) -> Option<Counted<'c, 'a>> {
    let counted = Counted::of(op).filter(|counted| !defined_inside(counted.step, op))?;
    let signed_alike = counted.compare.is_none_or(|compare| {
        predicate(compare) == Some(PREDICATE_SLT)
            || constant(counted.lower).is_some_and(|lower| lower >= 0)
            || one_segment(counted.lower, counted.upper)
    });
    signed_alike.then_some(counted)
}

/// Whether a loop from `lower` to `upper` walks one segment of a level's
/// positions: the two are the loads of consecutive elements of one buffer,
/// `pos[s]` and `pos[s + 1]` (a loose level's pair, `pos[2p]` and
/// `pos[2p + 1]`, too), widened by `arith.index_castui` or not, so the
/// positions are those of one parent, below 2^63 as every position is.
fn one_segment(lower: Value, upper: Value) -> bool {
    let (Some(first), Some(last)) = (loaded(lower), loaded(upper)) else { return false };
    let (Ok(buffer), Ok(other)) = (first.operand(0), last.operand(0)) else { return false };
    let (Ok(start), Ok(end)) = (first.operand(1), last.operand(1)) else { return false };
    let next = match (constant(start), constant(end)) {
        (Some(start), Some(end)) => start.checked_add(1) == Some(end),
        _ => defining_op(end).is_some_and(|op| {
            let operands: Vec<Value> = op.operands().collect();
            name(op) == "arith.addi"
                && operands.len() == 2
                && ((operands[0] == start && constant(operands[1]) == Some(1))
                    || (operands[1] == start && constant(operands[0]) == Some(1)))
        }),
    };
    buffer == other && next
}

/// Where a buffer the loop accesses comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Root {
    /// Allocated in the loop: each iteration's own.
    Private,
    /// The function's argument: may alias another, so read only.
    Argument,
    /// Allocated by the function before the loop: no other buffer aliases it.
    Fresh,
    /// Anything else (a loop's, a branch's or a call's result).
    Unknown,
}

/// The root buffer of `buffer` through views, and what kind it is.
fn root_of<'c: 'a, 'a>(mut buffer: Value<'c, 'a>, loop_op: OperationRef) -> (Value<'c, 'a>, Root) {
    loop {
        if defined_inside(buffer, loop_op) && !is_view(buffer) {
            let allocated = defining_op(buffer).is_some_and(is_allocation);
            return (buffer, if allocated { Root::Private } else { Root::Unknown });
        }
        match defining_op(buffer) {
            Some(maker) if is_view(buffer) => buffer = maker.operand(0).expect("a view has a source"),
            Some(maker) if is_allocation(maker) => return (buffer, Root::Fresh),
            Some(_) => return (buffer, Root::Unknown),
            None => {
                let function_argument = block_argument(buffer)
                    .is_some_and(|argument| argument.owner().parent_operation().is_some_and(|owner| name(owner) == "func.func"));
                return (buffer, if function_argument { Root::Argument } else { Root::Unknown });
            }
        }
    }
}

/// Ops without memory effects, or whose effects are on their own results.
/// Not `memref.alloca`: `convert-scf-to-openmp` would keep an iteration's
/// stack allocations in a `memref.alloca_scope`, which the later lowering
/// to branches cannot hold.
fn known_effect_free(op_name: &str) -> bool {
    let dialect = op_name.split_once('.').map_or("", |(dialect, _)| dialect);
    // `cf.assert`: the bounds checks of `--check-bounds`, which abort;
    // `llvm.intr.expect`: a branch's likely outcome (`cfir-to-scf` marks a
    // case of several drivers that other cases follow unlikely).
    // `vector` ops that take no buffer compute on values (a buffer's are
    // checked as accesses), but for the output of `vector.print`.
    matches!(dialect, "arith" | "math" | "index" | "complex" | "ub")
        || (dialect == "vector" && op_name != "vector.print")
        || matches!(op_name, "cf.assert" | "llvm.intr.expect")
        || matches!(op_name, "scf.for" | "scf.while" | "scf.if" | "scf.yield" | "scf.condition" | "scf.index_switch" | "memref.alloc")
}

/// One access of a buffer in the loop.
struct Access<'c, 'a> {
    buffer: Value<'c, 'a>,
    first_index: Option<Value<'c, 'a>>,
    writes: bool,
}

/// The buffers the iterations of `loop_op` (induction variable `induction`)
/// reduce into ([`reductions`], only where nothing is `appended`), when
/// they write disjoint locations of every other buffer, which no other
/// iteration reads there, but for the buffers `appended`, left to
/// [`appends`].
fn independent<'c: 'a, 'a>(
    loop_op: OperationRef<'c, 'a>,
    counted: &Counted<'c, 'a>,
    appended: &[Value],
) -> Option<Vec<reductions::Reduction<'c, 'a>>> {
    let induction = counted.induction;
    // Coordinates name distinct rows only where the loop walks one segment.
    let segment = one_segment(counted.lower, counted.upper);
    let mut accesses = Vec::new();
    for op in collect(loop_op, |op| op != loop_op) {
        let op_name = name(op);
        let types = || op.operands().map(|operand| operand.r#type().to_string());
        let takes_buffer = types().any(|r#type| r#type.starts_with("memref<"));
        // An unranked buffer cannot be passed to the iteration's function,
        // and a buffer stored as a value gets another name.
        let unranked = types().any(|r#type| r#type.starts_with("memref<*"));
        let stores_buffer = op_name == "memref.store" && types().next().is_some_and(|r#type| r#type.starts_with("memref<"));
        if unranked || stores_buffer {
            return None;
        }
        match op_name.as_str() {
            "memref.load" => {
                accesses.push(Access { buffer: op.operand(0).expect("a load's buffer"), first_index: op.operands().nth(1), writes: false })
            }
            "memref.store" => {
                accesses.push(Access { buffer: op.operand(1).expect("a store's buffer"), first_index: op.operands().nth(2), writes: true })
            }
            // Several elements from its index on (co-iteration's compares
            // of four coordinates at once): read only where nothing writes
            // the buffer, as no one index names what it reads.
            "vector.load" => accesses.push(Access { buffer: op.operand(0).expect("a load's buffer"), first_index: None, writes: false }),
            "memref.dim"
            | "memref.cast"
            | "memref.subview"
            | "memref.reinterpret_cast"
            | "memref.extract_strided_metadata"
            | "memref.prefetch" => {}
            "memref.dealloc" if root_of(op.operand(0).expect("a dealloc's buffer"), loop_op).1 != Root::Private => return None,
            "memref.dealloc" => {}
            _ if takes_buffer || !known_effect_free(&op_name) => return None,
            _ => {}
        }
    }
    let roots: Vec<_> = accesses.iter().map(|access| root_of(access.buffer, loop_op)).collect();
    // Whether every access of the buffer `root` names it, not a view.
    let direct = |root: Value| accesses.iter().zip(&roots).all(|(other, &(other_root, _))| other_root != root || other.buffer == root);
    let mut reduced: Vec<reductions::Reduction> = Vec::new();
    for (access, &(root, kind)) in accesses.iter().zip(&roots) {
        // Left to `appends`, but for another name that a buffer read here
        // might be.
        if appended.contains(&root) {
            if escapes(root) || !identity_layout(root) {
                return None;
            }
            continue;
        }
        match kind {
            Root::Private => {}
            // Each thread writes a copy of its own (`parallelize`); every
            // access must then name the buffer itself, which is what the
            // iteration's function is passed.
            Root::Fresh if restored_scratch(root, loop_op) => {
                if !direct(root) {
                    return None;
                }
            }
            Root::Unknown | Root::Argument if access.writes => return None,
            // Read only; a buffer written here is not among them (below).
            Root::Unknown | Root::Argument => {}
            Root::Fresh => {
                let written = accesses.iter().zip(&roots).any(|(other, &(other_root, _))| other.writes && other_root == root);
                if !written {
                    continue;
                }
                // Where it could reach another name, an unknown buffer read
                // here may be it; a layout other than the identity may map
                // two rows to the same elements.
                if escapes(root) || !identity_layout(root) {
                    return None;
                }
                // Every access of the buffer within the same block of rows.
                let block = |access: &Access| {
                    let direct = access.buffer == root;
                    direct.then(|| access.first_index.and_then(|index| rows_of(index, induction, segment, loop_op))).flatten()
                };
                let in_own_rows = || {
                    let Some(rows) = block(access) else { return false };
                    // Coordinates that name rows stay as they are while the loop runs.
                    if let Row::Coordinate(coordinates) = rows.from {
                        let rewritten = accesses
                            .iter()
                            .zip(&roots)
                            .any(|(other, &(other_root, _))| other.writes && crate::ir::value_key(other_root) == coordinates);
                        if rewritten {
                            return false;
                        }
                    }
                    accesses
                        .iter()
                        .zip(&roots)
                        .filter(|(_, &(other_root, _))| other_root == root)
                        .all(|(other, _)| block(other).as_ref() == Some(&rows))
                };
                if in_own_rows() || reduced.iter().any(|reduction| reduction.buffer == root) {
                    continue;
                }
                // Else a reduction, into copies of each thread's: every
                // access names the buffer itself, which the calls pass.
                match reductions::Reduction::of(root, loop_op) {
                    Some(reduction) if direct(root) && appended.is_empty() => reduced.push(reduction),
                    _ => return None,
                }
            }
        }
    }
    Some(reduced)
}

/// Whether `buffer` is a scratch buffer that `loop_op` writes and restores:
/// a `memref.alloc` of rank 1 that `cfir-to-scf` marks [`SCRATCH`], which
/// the loop writes only in loops inside its body. `cfir-to-scf` writes such
/// a buffer only in its initial clearing (a loop of its own, outside every
/// other) and in pairs of inner loops, one that scatters and one that
/// clears after it in the same block: each iteration of a loop holding one
/// of them holds both, and leaves the buffer all zeros, as it found it.
fn restored_scratch(buffer: Value, loop_op: OperationRef) -> bool {
    let marked = defining_op(buffer).is_some_and(|made| made.attribute(SCRATCH).is_ok());
    let vector = MemRefType::try_from(buffer.r#type()).is_ok_and(|r#type| r#type.rank() == 1) && identity_layout(buffer);
    let stores: Vec<_> = collect(loop_op, |op| name(op) == "memref.store")
        .into_iter()
        .filter(|store| store.operand(1).is_ok_and(|target| root_of(target, loop_op).0 == buffer))
        .collect();
    let in_inner_loop = |store: &OperationRef| {
        std::iter::successors(store.parent_operation(), |op| op.parent_operation())
            .take_while(|op| *op != loop_op)
            .any(|op| matches!(name(op).as_str(), "scf.for" | "scf.while"))
    };
    marked && vector && !stores.is_empty() && stores.iter().all(in_inner_loop)
}

/// The scratch buffers that `loop_op` writes and restores: each thread gets
/// its own copy.
fn written_scratch<'c, 'a>(loop_op: OperationRef<'c, 'a>) -> Vec<Value<'c, 'a>> {
    let mut written = Vec::new();
    for store in collect(loop_op, |op| name(op) == "memref.store") {
        let (root, _) = root_of(store.operand(1).expect("a store's buffer"), loop_op);
        if !written.contains(&root) && restored_scratch(root, loop_op) {
            written.push(root);
        }
    }
    written
}

/// Whether `buffer` has the identity layout (row-major, its own elements):
/// no `strided<...>` or affine map in its type.
fn identity_layout(buffer: Value) -> bool {
    let r#type = buffer.r#type().to_string();
    !(r#type.contains("strided<") || r#type.contains("affine_map<") || r#type.contains('#'))
}

/// A number of rows (a positive constant times sizes known only at run
/// time: the values, by [`crate::ir::value_key`], sorted), counted from a
/// row that differs from one iteration to the next.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Rows {
    constant: i64,
    sizes: Vec<usize>,
    from: Row,
}

/// What names an iteration's row: the induction variable, or the coordinate
/// a buffer of a unique level's coordinates holds at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Row {
    Induction,
    /// The coordinates' buffer (its root), by [`crate::ir::value_key`].
    Coordinate(usize),
}

impl Rows {
    fn times(mut self, factor: &Factor) -> Option<Rows> {
        match factor {
            Factor::Constant(constant) => self.constant = self.constant.checked_mul(*constant)?,
            Factor::Size(key) => {
                self.sizes.push(*key);
                self.sizes.sort_unstable();
            }
        }
        Some(self)
    }
}

/// A factor of a linearized position.
enum Factor {
    Constant(i64),
    Size(usize),
}

/// `Some(rows)` when `index` lies in `[row · rows, (row + 1) · rows)`
/// whatever the other values it reads, `row` differing from one iteration to
/// the next: the induction variable itself, or, in a loop that walks one
/// segment (`segment`, [`one_segment`]), a unique level's coordinate at it
/// ([`distinct_coordinate`]) (one row); `block · c` with `block` such
/// a position and `c` a positive constant; or `block · c + t` with `t` known
/// to lie in `[0, c)` (then `c`, a constant or a size, is positive wherever
/// it is reached).
fn rows_of(index: Value, induction: Value, segment: bool, loop_op: OperationRef) -> Option<Rows> {
    if index == induction {
        return Some(Rows { constant: 1, sizes: Vec::new(), from: Row::Induction });
    }
    if let Some(buffer) = distinct_coordinate(index, induction).filter(|_| segment) {
        let root = root_of(buffer, loop_op).0;
        return Some(Rows { constant: 1, sizes: Vec::new(), from: Row::Coordinate(crate::ir::value_key(root)) });
    }
    // The name first: melior prints the whole op into the error of an
    // operand asked beyond its count.
    let op = defining_op(index).filter(|op| matches!(name(*op).as_str(), "arith.muli" | "arith.addi"))?;
    let (left, right) = (op.operand(0).ok()?, op.operand(1).ok()?);
    match name(op).as_str() {
        "arith.muli" => [(left, right), (right, left)].into_iter().find_map(|(block, factor)| {
            let factor = constant(factor).filter(|&factor| factor > 0)?;
            rows_of(block, induction, segment, loop_op)?.times(&Factor::Constant(factor))
        }),
        "arith.addi" => [(left, right), (right, left)].into_iter().find_map(|(scaled, offset)| {
            let multiply = defining_op(scaled)?;
            if name(multiply) != "arith.muli" {
                return None;
            }
            let (first, second) = (multiply.operand(0).ok()?, multiply.operand(1).ok()?);
            [(first, second), (second, first)].into_iter().find_map(|(block, factor)| {
                let factor = below(offset, factor, loop_op)?;
                rows_of(block, induction, segment, loop_op)?.times(&factor)
            })
        }),
        _ => None,
    }
}

/// The buffer when `index` is the load of its element at `induction`
/// (widened by `arith.index_castui`, which keeps values apart) that
/// `cfir-to-scf` marks [`DISTINCT_COORDINATES`]: a unique level's
/// coordinates, walked by the loop over one parent's positions, so each
/// iteration reads another coordinate, as long as the loop does not write
/// the buffer (`independent` checks).
fn distinct_coordinate<'c: 'a, 'a>(index: Value<'c, 'a>, induction: Value) -> Option<Value<'c, 'a>> {
    let load = loaded(index)?;
    (load.attribute(DISTINCT_COORDINATES).is_ok() && load.operand(1).ok()? == induction).then(|| load.operand(0).ok()).flatten()
}

/// The `memref.load` of one element that `value` is, widened by
/// `arith.index_castui` (which keeps values apart and below 2^63) or not.
fn loaded<'c, 'a>(value: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let mut op = defining_op(value)?;
    if name(op) == "arith.index_castui" {
        op = defining_op(op.operand(0).ok()?)?;
    }
    (name(op) == "memref.load" && op.operand_count() == 2).then_some(op)
}

/// `bound` as a factor, when `value` is known to lie in `[0, bound)`.
fn below(value: Value, bound: Value, loop_op: OperationRef) -> Option<Factor> {
    let factor = match constant(bound) {
        Some(bound) if bound > 0 => Factor::Constant(bound),
        Some(_) => return None,
        // The same size in every iteration.
        None if defined_inside(bound, loop_op) => return None,
        None => Factor::Size(crate::ir::value_key(bound)),
    };
    bounded(value, bound).then_some(factor)
}

/// Whether `value` lies in `[0, bound)`: both constants; the minimum of
/// values one of which does; a stored coordinate that `cfir-to-scf` marks
/// [`COORDINATES_BELOW`] a size at most `bound`, a constant; the induction
/// variable of an `scf.for` from a constant at least 0 to `bound` (or to a
/// constant at most `bound`); or a
/// value an `scf.while` continues with only while it is below `bound`,
/// unsigned (`arith.cmpi ult`, alone or in a conjunction), so never
/// negative.
fn bounded(value: Value, bound: Value) -> bool {
    let up_to =
        |upper: Value| upper == bound || constant(upper).zip(constant(bound)).is_some_and(|(upper, bound)| (0..=bound).contains(&upper));
    if let Some(value) = constant(value) {
        return constant(bound).is_some_and(|bound| (0..bound).contains(&value));
    }
    if let Some(size) = loaded(value).and_then(|load| load.attribute(COORDINATES_BELOW).ok()) {
        let size = IntegerAttribute::try_from(size).map(|size| size.value());
        return size.is_ok_and(|size| constant(bound).is_some_and(|bound| size <= bound));
    }
    if let Some(op) = defining_op(value) {
        let operands = || op.operands().collect::<Vec<_>>();
        return name(op) == "arith.minui" && operands().into_iter().any(|operand| bounded(operand, bound));
    }
    let Some(argument) = block_argument(value) else { return false };
    let Some(owner) = argument.owner().parent_operation() else { return false };
    match name(owner).as_str() {
        "scf.for" => {
            let from_zero_up = owner.operand(0).ok().and_then(constant).is_some_and(|lower| lower >= 0);
            argument.argument_number() == 0 && from_zero_up && owner.operand(1).is_ok_and(up_to)
        }
        "scf.while" => {
            let in_body = owner.region(1).ok().and_then(|region| region.first_block()).is_some_and(|body| body == argument.owner());
            let Some(before) = owner.region(0).ok().and_then(|region| region.first_block()) else { return false };
            let Some(condition) = before.terminator().filter(|op| name(*op) == "scf.condition") else { return false };
            // The value the condition hands to this argument, and what it tested.
            let Ok(handed) = condition.operand(1 + argument.argument_number()) else { return false };
            let Ok(test) = condition.operand(0) else { return false };
            in_body && implies_below(test, handed, &up_to)
        }
        _ => false,
    }
}

/// Whether the `i1` `test` being true implies `value <u upper` for an
/// `upper` that `up_to` accepts: a `cmpi ult`, or a conjunction holding one.
fn implies_below(test: Value, value: Value, up_to: &dyn Fn(Value) -> bool) -> bool {
    let Some(op) = defining_op(test) else { return false };
    match name(op).as_str() {
        "arith.cmpi" => {
            predicate(op) == Some(PREDICATE_ULT) && op.operand(0).is_ok_and(|left| left == value) && op.operand(1).is_ok_and(up_to)
        }
        "arith.andi" => op.operands().any(|operand| implies_below(operand, value, up_to)),
        _ => false,
    }
}

/// Replaces the counted loop `loop_op` by an OpenMP worksharing loop in a
/// parallel region whose body calls the loop's body outlined
/// ([`outline`]), on as many threads as the OpenMP runtime is set to
/// (`omp_set_num_threads`, `OMP_NUM_THREADS`). A loop whose body holds
/// loops (a row of a sparse matrix, whose lengths may differ by orders of
/// magnitude, as R-MAT's do) and steps by 1 is cut into [`RUNS_PER_THREAD`]
/// runs of contiguous rows per thread, of about equal cost ([`runs`]),
/// which the threads take one at a time, whichever is free: `omp.parallel
/// { omp.wsloop schedule(dynamic = 1) { omp.loop_nest (%c) = (0) to (runs)
/// step (1) { scf.for %i = starts[c] to starts[c + 1] { func.call
/// @iteration(%i, ...) } omp.yield } } omp.terminator }`. Any other loop
/// (a zero-fill's straight-line body) has its iterations split statically
/// among the threads, equal shares. A loop reducing into the buffers
/// `reduced` ([`reductions`]) runs so only where the copies are worth it
/// (an `scf.if` when it starts; `by_hand` waives the work), with one run
/// per thread under a static schedule, and in order otherwise.
fn parallelize<'c: 'a, 'a>(
    loop_op: OperationRef<'c, 'a>,
    counted: &Counted<'c, 'a>,
    least: i64,
    (reduced, by_hand): (&[reductions::Reduction<'c, 'a>], bool),
    context: &'c Context,
) -> Result<(), String> {
    let location = loop_op.location();
    let build = Emitter::new(context, location);
    let block = loop_op.block().ok_or("the loop is in no block")?;
    let here = Place::Before(block, loop_op);
    let known = [counted.lower, counted.upper, counted.step].into_iter().all(|bound| constant(bound).is_some());
    let runs_of_rows = !holds_no_loop(loop_op) && constant(counted.step) == Some(1);
    let positions = match runs_of_rows {
        true => runs::segment_positions(loop_op, counted),
        false => Vec::new(),
    };
    // The rows before `r` cost `r` and the entries before it at each level
    // their segments reach (a chain's prefix loaded once); without
    // segments, `r`.
    let of = |place: Place<'c, 'a>, row: Value<'c, 'a>| -> Value<'c, 'a> {
        let mut loaded: Vec<(&[Value], Value)> = Vec::new();
        let mut sum = row;
        for chain in &positions {
            let before = loaded.iter().find(|(prefix, _)| *prefix == &chain[..chain.len() - 1]).map(|&(_, value)| value);
            let entries = build.load_index(place, chain[chain.len() - 1], before.unwrap_or(row));
            loaded.push((&chain[..], entries));
            sum = build.add(place, sum, entries);
        }
        sum
    };
    // Steps in the span (the step is positive), with no product to overflow.
    let steps = |place: Place<'c, 'a>| place.value(arith::divsi(build.sub(place, counted.upper, counted.lower), counted.step, location));
    // Bounds known only at run time: a short loop calls the iteration in
    // order on the thread that reaches it, as the loop did, without
    // starting the threads. So does a loop reducing into copies of the
    // threads' own that would not gain what they cost, or not fit.
    let mut conditions = Vec::new();
    if !known {
        let least = build.index(here, least);
        conditions.push(build.compare(here, arith::CmpiPredicate::Sge, steps(here), least));
    }
    let reducing = match reduced.is_empty() {
        true => None,
        false => {
            let threads =
                openmp::max_threads(&build, here, loop_op, context)?.ok_or("omp_get_max_threads is defined as another function")?;
            let cost = (runs_of_rows && !positions.is_empty()).then(|| runs::Cost::new(&build, here, [counted.lower, counted.upper], &of));
            let work = cost.as_ref().map_or_else(|| steps(here), |cost| cost.span);
            conditions.push(reductions::worth(&build, here, reduced, threads, (work, by_hand), location));
            Some((threads, cost))
        }
    };
    let (at, guarded) = match conditions.is_empty() {
        true => (here, None),
        false => {
            let worth = build.and(here, &conditions);
            let branch = here.put(scf::r#if(worth, &[], block_region(&[], location), block_region(&[], location), location));
            (Place::End(only_block(branch, 0)), Some(branch))
        }
    };
    // Runs need the count of threads, which a module defining that
    // function otherwise does not give: its loops split in equal shares.
    let (threads, early_cost) = match reducing {
        Some((threads, cost)) => (Some(threads), cost),
        None if runs_of_rows => (openmp::max_threads(&build, at, loop_op, context)?, None),
        None => (None, None),
    };
    let scratch = written_scratch(loop_op);
    let (symbol, captured) = outline(loop_op, counted, context)?;
    // A call of the iteration at `index`.
    let call = |place: Place<'c, 'a>, index: Value<'c, 'a>| -> Result<(), String> {
        let mut arguments = vec![index];
        arguments.extend(captured.iter().copied());
        place.put(built(
            OperationBuilder::new("func.call", location)
                .add_operands(&arguments)
                .add_attributes(&[(Identifier::new(context, "callee"), FlatSymbolRefAttribute::new(context, &symbol).into())])
                .build(),
        )?);
        Ok(())
    };
    let yielded = || built(OperationBuilder::new("omp.yield", location).build());
    let parallel = match threads.filter(|_| runs_of_rows) {
        None => {
            let (parallel, iteration) = team(at, [counted.lower, counted.upper, counted.step], None, context, location)?;
            call(Place::End(iteration), iteration.argument(0).map_err(|error| error.to_string())?.into())?;
            iteration.append_operation(yielded()?);
            parallel
        }
        Some(threads) => {
            let rows = build.sub(at, counted.upper, counted.lower);
            // Reducing, one run per thread, each thread's the same on every
            // call (a static schedule): the partial results depend only on
            // the number of threads.
            let (per_thread, chunk) = match reduced.is_empty() {
                false => (1, None),
                true => (RUNS_PER_THREAD, Some(1)),
            };
            let runs = build.min(at, build.mul(at, threads, build.index(at, per_thread)), rows);
            let cost = match early_cost {
                Some(cost) => Some(cost),
                None => (!positions.is_empty()).then(|| runs::Cost::new(&build, at, [counted.lower, counted.upper], &of)),
            };
            let starts = runs::cut(&build, at, [counted.lower, counted.upper], runs, cost.as_ref(), context, location)?;
            let (parallel, iteration) = team(at, [build.index(at, 0), runs, build.index(at, 1)], chunk, context, location)?;
            let run: Value = iteration.argument(0).map_err(|error| error.to_string())?.into();
            let body = Place::End(iteration);
            let (first, last) = (build.load(body, starts, run), build.load(body, starts, build.add(body, run, build.index(body, 1))));
            build.try_for_range(body, first, last, |each, row| call(Place::End(each), row))?;
            iteration.append_operation(yielded()?);
            at.put(memref::dealloc(starts, location));
            parallel
        }
    };
    if let (false, Some(threads)) = (reduced.is_empty(), threads) {
        reductions::reduce_into_copies(&build, parallel, worksharing_of(parallel)?, reduced, threads, context, location)?;
    }
    for buffer in scratch {
        give_threads_copies(parallel, buffer, context)?;
    }
    if let Some(branch) = guarded {
        only_block(branch, 0).append_operation(scf::r#yield(&[], location));
        let in_order = Place::End(only_block(branch, 1));
        let range =
            in_order.put(scf::r#for(counted.lower, counted.upper, counted.step, block_region(&[Type::index(context)], location), location));
        let index: Value = only_block(range, 0).argument(0).map_err(|error| error.to_string())?.into();
        call(Place::End(only_block(range, 0)), index)?;
        only_block(range, 0).append_operation(scf::r#yield(&[], location));
        in_order.put(scf::r#yield(&[], location));
    }
    erase(loop_op).map_err(|error| error.to_string())
}

/// `k` when `index` is `induction + k` (or `induction`, `k = 0`), `k ≥ 0`.
fn row_offset(index: Value, induction: Value) -> Option<i64> {
    if index == induction {
        return Some(0);
    }
    let op = defining_op(index).filter(|op| name(*op) == "arith.addi")?;
    let (left, right) = (op.operand(0).ok()?, op.operand(1).ok()?);
    let offset = match (left == induction, right == induction) {
        (true, _) => constant(right)?,
        (_, true) => constant(left)?,
        _ => return None,
    };
    (offset >= 0).then_some(offset)
}

/// Puts at `place` an `omp.parallel` region whose threads share the
/// iterations of the loop over `bounds` (lower, upper, step): in equal
/// shares, or `chunk` at a time to whichever thread is free. Returns it and
/// the block of an iteration (its argument the index), which the caller
/// fills and ends with `omp.yield`.
fn team<'c, 'a>(
    place: Place<'c, 'a>,
    bounds: [Value<'c, 'a>; 3],
    chunk: Option<i64>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<(OperationRef<'c, 'a>, BlockRef<'c, 'a>), String> {
    // The loop first: its chunk, a constant put at `place`, comes before the region.
    let wsloop = worksharing_loop(place, bounds, chunk, context, location)?;
    let (parallel, team) = parallel_region(place, context, location)?;
    let wsloop = Place::Before(team, team.terminator().ok_or("an omp.parallel without its terminator")?).put(wsloop);
    Ok((parallel, iteration_block(wsloop)?))
}

/// Puts at `place` an `omp.parallel` region whose block holds only its
/// `omp.terminator`: what goes before it, every thread of the team runs.
fn parallel_region<'c, 'a>(
    place: Place<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<(OperationRef<'c, 'a>, BlockRef<'c, 'a>), String> {
    let team = Block::new(&[]);
    team.append_operation(built(OperationBuilder::new("omp.terminator", location).build())?);
    let segments = DenseI32ArrayAttribute::new(context, &[0; 6]);
    let parallel = place.put(built(
        OperationBuilder::new("omp.parallel", location)
            .add_attributes(&[(Identifier::new(context, "operandSegmentSizes"), segments.into())])
            .add_regions([region_of(team)])
            .build(),
    )?);
    Ok((parallel, only_block(parallel, 0)))
}

/// An `omp.wsloop` over `bounds` (lower, upper, step) whose iterations the
/// threads of the enclosing team share: in equal shares, or `chunk` at a
/// time (a constant put at `place`) to whichever thread is free. Its
/// iteration's block ([`iteration_block`]) is empty.
fn worksharing_loop<'c, 'a>(
    place: Place<'c, 'a>,
    bounds: [Value<'c, 'a>; 3],
    chunk: Option<i64>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Operation<'c>, String> {
    let i64_type: Type = IntegerType::new(context, 64).into();
    let one_loop = (Identifier::new(context, "collapse_num_loops"), IntegerAttribute::new(i64_type, 1).into());
    let nest = built(
        OperationBuilder::new("omp.loop_nest", location)
            .add_operands(&bounds)
            .add_attributes(&[one_loop])
            .add_regions([block_region(&[Type::index(context)], location)])
            .build(),
    )?;
    let worksharing = Block::new(&[]);
    worksharing.append_operation(nest);
    let segments = |sizes: &[i32]| (Identifier::new(context, "operandSegmentSizes"), DenseI32ArrayAttribute::new(context, sizes).into());
    let wsloop = match chunk {
        None => OperationBuilder::new("omp.wsloop", location).add_attributes(&[segments(&[0; 7])]),
        Some(chunk) => {
            let chunk = place.value(arith::constant(context, IntegerAttribute::new(i64_type, chunk).into(), location));
            let dynamic = Attribute::parse(context, "#omp<schedulekind dynamic>").ok_or("the schedule does not parse")?;
            OperationBuilder::new("omp.wsloop", location)
                .add_operands(&[chunk])
                .add_attributes(&[segments(&[0, 0, 0, 0, 0, 0, 1]), (Identifier::new(context, "schedule_kind"), dynamic)])
        }
    };
    built(wsloop.add_regions([region_of(worksharing)]).build())
}

/// The first worksharing loop of `parallel`'s team (the loop it was made
/// for: what is put before it clears the threads' copies, what after
/// combines them).
fn worksharing_of<'c, 'a>(parallel: OperationRef<'c, 'a>) -> Result<OperationRef<'c, 'a>, String> {
    std::iter::successors(only_block(parallel, 0).first_operation(), |op| op.next_in_block())
        .find(|op| name(*op) == "omp.wsloop")
        .ok_or_else(|| "an omp.parallel without its loop".to_string())
}

/// A worksharing loop over `bounds` put at `place` (inside a team): the
/// end of its iteration's block and the iteration's index.
pub(super) fn shared_loop<'c, 'a>(
    place: Place<'c, 'a>,
    bounds: [Value<'c, 'a>; 3],
    context: &'c Context,
    location: Location<'c>,
) -> Result<(Place<'c, 'a>, Value<'c, 'a>), String> {
    let wsloop = place.put(worksharing_loop(place, bounds, None, context, location)?);
    let iteration = iteration_block(wsloop)?;
    let index: Value = iteration.argument(0).map_err(|error| error.to_string())?.into();
    Ok((Place::End(iteration), index))
}

/// Ends the iteration of a worksharing loop whose block ends at `place`.
pub(super) fn end_iteration(place: Place, location: Location) -> Result<(), String> {
    place.put(OperationBuilder::new("omp.yield", location).build().map_err(|error| error.to_string())?);
    Ok(())
}

/// An OpenMP op just built, or what kept it from being built.
fn built(op: Result<Operation<'_>, melior::Error>) -> Result<Operation<'_>, String> {
    op.map_err(|error| format!("could not build an OpenMP op: {error}"))
}

/// The block of an iteration of the worksharing loop `wsloop`.
fn iteration_block<'c, 'a>(wsloop: OperationRef<'c, 'a>) -> Result<BlockRef<'c, 'a>, String> {
    let nest = wsloop.region(0).ok().and_then(|region| region.first_block()?.first_operation()).ok_or("an omp.wsloop without its loop")?;
    Ok(only_block(nest, 0))
}

/// Gives each thread of `parallel` (an `omp.parallel` whose region holds
/// the worksharing loop) a copy of the scratch buffer `buffer`, allocated
/// and cleared before the loop and freed after it, which the loop's calls
/// take instead.
fn give_threads_copies<'c>(parallel: OperationRef<'c, '_>, buffer: Value<'c, '_>, context: &'c Context) -> Result<(), String> {
    let location = parallel.location();
    let wsloop = worksharing_of(parallel)?;
    let team = wsloop.block().ok_or("an omp.parallel without its block")?;
    let r#type = MemRefType::try_from(buffer.r#type()).map_err(|error| error.to_string())?;
    let before = |op: Operation<'c>| -> Value<'c, '_> { team.insert_operation_before(wsloop, op).result(0).expect("one result").into() };
    let index = |value: i64| before(arith::constant(context, IntegerAttribute::new(Type::index(context), value).into(), location));
    let (zero, one) = (index(0), index(1));
    let length = before(memref::dim(buffer, zero, location));
    let dynamic = if r#type.dim_size(0).is_ok_and(|size| size == DimSize::Dynamic) { vec![length] } else { vec![] };
    let alignment = IntegerAttribute::new(IntegerType::new(context, 64).into(), 64);
    let copy = before(memref::alloc(context, r#type, &dynamic, &[], Some(alignment), location));
    let cleared = before(arith::constant(context, IntegerAttribute::new(r#type.element(), 0).into(), location));
    let body = Block::new(&[(Type::index(context), location)]);
    body.append_operation(memref::store(cleared, copy, &[body.argument(0).map_err(|error| error.to_string())?.into()], location));
    body.append_operation(scf::r#yield(&[], location));
    team.insert_operation_before(wsloop, scf::r#for(zero, length, one, region_of(body), location));
    for call in collect(wsloop, |op| name(op) == "func.call") {
        crate::ir::edit(call).replace_uses_of_with(buffer, copy);
    }
    team.insert_operation_after(wsloop, memref::dealloc(copy, location));
    Ok(())
}

/// Moves the body of `loop_op` into a new private function of the module,
/// `@<function>_iteration(%i, values...)`, that runs one iteration, and
/// returns its name and the values (defined outside the loop) to call it
/// with. Constants it reads are copied in rather than passed, so they stay
/// known. The buffers it takes are marked to become `noalias` pointers
/// ([`NOALIAS_PARAMETERS`]): the OpenMP lowering moves the loop into a
/// function that receives its buffers through pointers, where LLVM no
/// longer sees that the written ones are fresh allocations, and without
/// this a reduction into a row of the result (SpMM's) is loaded and stored
/// at every step instead of kept in vector registers. Once the call is
/// inlined, LLVM keeps what `noalias` says as scoped alias metadata.
fn outline<'c, 'a>(
    loop_op: OperationRef<'c, 'a>,
    counted: &Counted<'c, 'a>,
    context: &'c Context,
) -> Result<(String, Vec<Value<'c, 'a>>), String> {
    let location = loop_op.location();
    let function = loop_op.parent_operation().ok_or("the loop is in no function")?;
    let (_, module_body) = crate::ir::module_of(function)?;
    let function_name = function.attribute("sym_name").ok().and_then(sparse_dialects::text_of).unwrap_or_default();
    let symbol = crate::ir::unused_symbol(module_body, &format!("{function_name}_iteration"));
    // The values the body reads from outside the loop, each once, in order
    // (not those of an `scf.while`'s condition, which goes with the loop).
    let body_region = loop_op.region(counted.body).map_err(|error| error.to_string())?.to_raw().ptr;
    let in_body = |op: OperationRef| {
        let top = std::iter::successors(Some(op), |op| op.parent_operation()).find(|op| op.parent_operation() == Some(loop_op));
        let region = top.and_then(|top| top.block()).and_then(|block| block.parent_region());
        region.is_some_and(|region| region.to_raw().ptr == body_region)
    };
    let mut outside: Vec<Value> = Vec::new();
    for op in collect(loop_op, |op| op != loop_op && in_body(op)) {
        for operand in op.operands() {
            let known = outside.contains(&operand);
            if !known && !defined_inside(operand, loop_op) {
                outside.push(operand);
            }
        }
    }
    let (constants, mut captured): (Vec<Value>, Vec<Value>) = outside.into_iter().partition(|value| constant_op(*value).is_some());
    let is_buffer = |value: &Value| value.r#type().to_string().starts_with("memref<");
    captured.sort_by_key(is_buffer);
    let mut parameters = vec![Type::index(context)];
    parameters.extend(captured.iter().map(|value| value.r#type()));
    let mut noalias = Vec::new();
    let mut position = 0i64;
    for r#type in &parameters {
        match MemRefType::try_from(*r#type) {
            // A descriptor's fields: allocated and aligned pointers, offset, sizes, strides.
            Ok(buffer) => {
                noalias.push(position + 1);
                position += 3 + 2 * buffer.rank() as i64;
            }
            Err(_) if r#type.to_string().starts_with("memref<") => {
                return Err(format!("cannot pass the buffer of type {type} to an iteration", type = r#type))
            }
            Err(_) => position += 1,
        }
    }
    let function_type = FunctionType::new(context, &parameters, &[]);
    let attribute = |text: &str| Attribute::parse(context, text).ok_or_else(|| format!("'{text}' does not parse"));
    let outlined = OperationBuilder::new("func.func", location)
        .add_attributes(&[
            (Identifier::new(context, "sym_name"), StringAttribute::new(context, &symbol).into()),
            (Identifier::new(context, "function_type"), TypeAttribute::new(function_type.into()).into()),
            (Identifier::new(context, "sym_visibility"), StringAttribute::new(context, "private").into()),
            (Identifier::new(context, "llvm.linkage"), attribute("#llvm.linkage<internal>")?),
            (Identifier::new(context, NOALIAS_PARAMETERS), DenseI64ArrayAttribute::new(context, &noalias).into()),
        ])
        .add_regions([Region::new()])
        .build()
        .map_err(|error| format!("could not build the iteration's function: {error}"))?;
    let outlined = module_body.insert_operation_after(function, outlined);
    let source = loop_op.region(counted.body).map_err(|error| error.to_string())?;
    let target = outlined.region(0).map_err(|error| error.to_string())?;
    // SAFETY: both regions are live and distinct (the target is the region
    // of the function built above, empty); the source's one block moves to
    // it, leaving the source empty (the loop is erased after). Nothing
    // outside reads a value the body defines (the loop's results are unread,
    // `parallelizable`), and every value the body reads from outside becomes
    // a parameter just below, so no use crosses the function's boundary.
    unsafe { mlir_sys::mlirRegionTakeBody(target.to_raw(), source.to_raw()) };
    let body = target.first_block().ok_or("the loop has no body")?;
    let within = |value: Value<'c, 'a>, replacement: Value<'c, 'a>| {
        for user in users(value).into_iter().filter(|user| crate::ir::is_within(*user, outlined)) {
            let mut user = crate::ir::edit(user);
            for index in 0..user.operand_count() {
                if user.operand(index).is_ok_and(|operand| operand == value) {
                    user.set_operand(index, replacement);
                }
            }
        }
    };
    for &value in &captured {
        within(value, body.add_argument(value.r#type(), location));
    }
    let first = body.first_operation().ok_or("the loop's body is empty")?;
    for constant in constants {
        let copy = body.insert_operation_before(first, (*constant_op(constant).expect("partitioned")).clone());
        within(constant, copy.result(0).map_err(|error| error.to_string())?.into());
    }
    let terminator = body.terminator().ok_or("the loop's body has no terminator")?;
    erase(terminator).map_err(|error| error.to_string())?;
    body.append_operation(OperationBuilder::new("func.return", location).build().map_err(|error| error.to_string())?);
    if let Some(next) = counted.next {
        erase_unused(vec![next], |op| name(op) == "arith.addi");
    }
    Ok((symbol, captured))
}

/// The attribute of an iteration's function listing the positions, among
/// its parameters once lowered to the LLVM dialect, of its buffers' aligned
/// pointers: `apply-noalias-parameters` makes them `llvm.noalias`. Every
/// buffer an iteration writes is a fresh allocation that no other name
/// reaches (not a view, a base buffer, a stored value, a call's argument),
/// passed once, and the others are only read, so no two of them alias
/// where either is written.
pub const NOALIAS_PARAMETERS: &str = "sparse.noalias_parameters";

/// The unit attribute of a `memref.load` of a unique level's coordinate at
/// the position of the loop that walks one parent's positions alone: the
/// loop's iterations read distinct coordinates (`cfir-to-scf` marks it).
pub const DISTINCT_COORDINATES: &str = "sparse.distinct_coordinates";

/// The `index` attribute of a `memref.load` of a level's stored coordinate:
/// the level's static size, which every coordinate lies below, as the
/// format promises (`cfir-to-scf` marks it).
pub const COORDINATES_BELOW: &str = "sparse.coordinates_below";

/// The unit attribute of a `memref.alloc` of rank 1 that every iteration of
/// a loop writing it leaves all zeros, as it found it (`cfir-to-scf`'s
/// position maps): a loop writing it runs on threads each with a copy of
/// its own, allocated and cleared when the threads start.
pub const SCRATCH: &str = "sparse.scratch";

/// The unit attribute of the `memref.load` of a location's old value that
/// the float op `cfir-to-scf` inlines for a reduction by a function
/// declared associative and commutative (`arith.addf`, `arith.maximumf`,
/// ...) combines with another value: any order of those combinations is
/// the declared meaning, so threads may reduce into copies of their own
/// ([`reductions`]).
pub const REDUCTION: &str = "sparse.reduction";

/// The `arith.constant` that defines `value`.
fn constant_op<'c, 'a>(value: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let op = defining_op(value)?;
    (name(op) == "arith.constant").then_some(op)
}

/// A region holding `block`.
fn region_of(block: Block) -> Region {
    let region = Region::new();
    region.append_block(block);
    region
}
