//! Rows of a sparse output appended in order, assembled on threads: each
//! thread appends a contiguous run of rows into the part of the output's
//! buffers those rows' entries may take, and the parts are then moved
//! together.
//!
//! `cfir-to-scf` marks such a loop ([`crate::cfir_to_scf::row_appends`]):
//! the entries of rows `[a, b)` number at most `slot(b) − slot(a)`, where
//! `slot(r) = Σₖ posₖ[r]` over the operand levels the marked loads read at
//! the row's index. The loop's rows are cut into as many runs as there are
//! threads, of about equal slots (a binary search over `slot`, which never
//! decreases); the run `[a, b)` starts its count at `count₀ + slot(a) −
//! slot(lower)`, in a count of its own, and appends exactly what the loop
//! would have appended in those rows. After the threads, each run's
//! entries move down to where the previous run's ended (in order: each
//! moves below its own start, past what is still to move), each run in
//! pieces on the threads ([`move_together`]), and the row ends it wrote
//! (the positions, 0 where no entry ended a row) move with them; the
//! shared count is then where the last run ended. The result is the one
//! the loop gives, bit for bit.

use super::openmp::max_threads;
use super::runs::{cut, Cost};
use super::{outline, root_of, row_offset, team, Counted, Root};
use crate::cfir_to_scf::row_appends::{APPENDED_ENTRY, APPEND_COUNT, ENDED_SEGMENT, ROW_SLOTS};
use crate::cfir_to_scf::Emitter;
use crate::ir::{block_region, collect, constant, defined_inside, defining_op, erase, name, only_block, users};
use crate::place::Place;
use melior::{
    dialect::{arith, memref, scf},
    ir::{
        attribute::{FlatSymbolRefAttribute, IntegerAttribute},
        block::BlockLike,
        operation::{OperationBuilder, OperationLike},
        r#type::{DimSize, IntegerType, MemRefType},
        BlockRef, Identifier, Location, OperationRef, ShapedTypeLike, Type, TypeLike, Value, ValueLike,
    },
    Context,
};

/// What a loop that appends a sparse output's rows in order writes, as
/// `cfir-to-scf` marks it.
pub(super) struct Appends<'c, 'a> {
    /// The position buffers whose sum at a row bounds the entries before it.
    slots: Vec<Value<'c, 'a>>,
    /// The output's counts (a fresh buffer), and the element the loop counts in.
    counts: Value<'c, 'a>,
    level: i64,
    /// The fresh buffers of the entries' coordinates and values, written
    /// only at positions the count gives.
    entries: Vec<Value<'c, 'a>>,
    /// The fresh buffer of the rows' ends, written only at `r + shift`.
    positions: Value<'c, 'a>,
    shift: i64,
}

impl<'c: 'a, 'a> Appends<'c, 'a> {
    /// The buffers the loop writes by its count, which the analysis of
    /// independent iterations leaves to this one.
    pub(super) fn buffers(&self) -> Vec<Value<'c, 'a>> {
        let mut buffers = vec![self.counts, self.positions];
        buffers.extend(self.entries.iter().copied());
        buffers
    }

    /// The appends of `loop_op` when every access of its output is marked
    /// and has the form the marks promise: the count read and written at
    /// one constant element, read only to step it, to store an entry at
    /// (or at one before it once stepped) and to end a row with; entries
    /// and row ends only stored; a step of 1. `None` otherwise.
    pub(super) fn of(loop_op: OperationRef<'c, 'a>, counted: &Counted<'c, 'a>) -> Option<Self> {
        if constant(counted.step) != Some(1) {
            return None;
        }
        // (A `vector.load` of one of the output's buffers is no access the
        // marks promise: it fails the checks below.)
        let accesses = collect(loop_op, |op| matches!(name(op).as_str(), "memref.load" | "memref.store" | "vector.load"));
        let marked = |access: &OperationRef, mark: &str| access.attribute(mark).is_ok();
        // Where each access goes: its buffer and first index.
        let target = |access: OperationRef<'c, 'a>| {
            let at = usize::from(name(access) == "memref.store");
            (access.operands().nth(at), access.operands().nth(at + 1))
        };
        let mut slots = Vec::new();
        let mut expected = None;
        for load in accesses.iter().filter(|access| marked(access, ROW_SLOTS)) {
            let (Some(buffer), Some(index)) = target(*load) else { return None };
            let count = IntegerAttribute::try_from(load.attribute(ROW_SLOTS).ok()?).ok()?.value();
            if *expected.get_or_insert(count) != count {
                return None;
            }
            if index != counted.induction || defined_inside(buffer, loop_op) {
                continue;
            }
            if !slots.contains(&buffer) {
                slots.push(buffer);
            }
        }
        if slots.is_empty() || expected != Some(slots.len() as i64) {
            return None;
        }
        // The slots stay as the search before the loop read them.
        let written = |access: &OperationRef<'c, 'a>| name(*access) == "memref.store" && target(*access).0.is_some();
        if accesses.iter().filter(|access| written(access)).any(|store| {
            target(*store).0.is_some_and(|buffer| slots.iter().any(|&slot| root_of(slot, loop_op).0 == root_of(buffer, loop_op).0))
        }) {
            return None;
        }
        let single_root = |mark: &str| -> Option<Vec<Value<'c, 'a>>> {
            let mut roots = Vec::new();
            for access in accesses.iter().filter(|access| marked(access, mark)) {
                let (buffer, _) = target(*access);
                let (root, kind) = root_of(buffer?, loop_op);
                // Named directly, allocated by the function before the loop.
                if kind != Root::Fresh || buffer != Some(root) {
                    return None;
                }
                if !roots.contains(&root) {
                    roots.push(root);
                }
            }
            Some(roots)
        };
        let [counts] = single_root(APPEND_COUNT)?[..] else { return None };
        let [positions] = single_root(ENDED_SEGMENT)?[..] else { return None };
        let entries = single_root(APPENDED_ENTRY)?;
        if entries.is_empty() || entries.contains(&counts) || entries.contains(&positions) || counts == positions {
            return None;
        }
        // Every access of these buffers in the loop is marked, and the
        // count is read and written at one constant element.
        let mut level = None;
        let mut shift = None;
        for &access in &accesses {
            let (Some(buffer), Some(index)) = target(access) else { return None };
            let root = root_of(buffer, loop_op).0;
            let store = name(access) == "memref.store";
            if root == counts {
                let element = constant(index)?;
                if !marked(&access, APPEND_COUNT) || *level.get_or_insert(element) != element {
                    return None;
                }
            } else if root == positions {
                let offset = row_offset(index, counted.induction)?;
                if !store || !marked(&access, ENDED_SEGMENT) || *shift.get_or_insert(offset) != offset {
                    return None;
                }
            } else if entries.contains(&root) && (!store || !marked(&access, APPENDED_ENTRY)) {
                return None;
            }
        }
        let appends = Appends { slots, counts, level: level?, entries, positions, shift: shift? };
        // The count flows only into these stores, and they store only the count.
        let counted_values = accesses.iter().filter(|access| name(**access) == "memref.load" && target(**access).0 == Some(counts));
        let mut derived = Vec::new();
        for load in counted_values {
            if !appends.count_flows_only_to_stores(load.result(0).ok()?.into(), &mut derived) {
                return None;
            }
        }
        let stores_count = |store: &&OperationRef<'c, 'a>| store.operand(0).is_ok_and(|stored| derived.contains(&stored));
        let value_stores = accesses.iter().filter(|access| marked(access, APPEND_COUNT) || marked(access, ENDED_SEGMENT));
        if !value_stores.filter(|access| name(**access) == "memref.store").all(|store| stores_count(&store)) {
            return None;
        }
        // Entries are stored at the count (or one below it once stepped).
        for store in accesses.iter().filter(|access| marked(access, APPENDED_ENTRY)) {
            let (_, Some(index)) = target(*store) else { return None };
            if !appends.counted_position(index) {
                return None;
            }
        }
        Some(appends)
    }

    /// Whether each use of `value`, read from the count or stepped from it
    /// by a constant, is a step by a constant or a cast to another width
    /// (followed), the value stored back to the count or as a row's end,
    /// or an entry's position.
    /// Each value met so (the count and what is computed from it) goes to
    /// `derived`.
    fn count_flows_only_to_stores(&self, value: Value<'c, 'a>, derived: &mut Vec<Value<'c, 'a>>) -> bool {
        derived.push(value);
        users(value).into_iter().all(|user| match name(user).as_str() {
            // The count stored as a row's end in a narrower width.
            "arith.index_castui" => user.result(0).is_ok_and(|result| self.count_flows_only_to_stores(result.into(), derived)),
            "arith.addi" | "arith.subi" => {
                // `count ± c`: the count once, first for a difference, and a constant.
                let operands: Vec<Value> = user.operands().collect();
                let stepped = match operands[..] {
                    [first, second] if first == value => constant(second).is_some(),
                    [first, second] if second == value && name(user) == "arith.addi" => constant(first).is_some(),
                    _ => false,
                };
                stepped && user.result(0).is_ok_and(|result| self.count_flows_only_to_stores(result.into(), derived))
            }
            "memref.store" => {
                let (stored, buffer) = (user.operand(0).ok(), user.operand(1).ok());
                let as_value = stored == Some(value) && (buffer == Some(self.counts) || buffer == Some(self.positions));
                let as_position = buffer.is_some_and(|buffer| self.entries.contains(&buffer)) && stored != Some(value);
                as_value || as_position
            }
            _ => false,
        })
    }

    /// Whether `index` is a load of the count, or one less than a load of it.
    fn counted_position(&self, index: Value<'c, 'a>) -> bool {
        let count_load = |value: Value<'c, 'a>| {
            defining_op(value).is_some_and(|load| name(load) == "memref.load" && load.operand(0).ok() == Some(self.counts))
        };
        if count_load(index) {
            return true;
        }
        defining_op(index).is_some_and(|op| {
            name(op) == "arith.subi" && op.operand(0).is_ok_and(count_load) && op.operand(1).ok().and_then(constant) == Some(1)
        })
    }
}

/// Replaces `loop_op` (whose appends are `appends`) by: in order on the
/// thread that reaches it when it has fewer than `least` iterations or
/// only one thread runs; otherwise its rows cut into one run per thread,
/// each run on a thread with a count of its own, and the runs' entries
/// and row ends moved together after (see the module's doc).
pub(super) fn parallelize_appends<'c, 'a>(
    loop_op: OperationRef<'c, 'a>,
    counted: &Counted<'c, 'a>,
    appends: &Appends<'c, 'a>,
    least: i64,
    context: &'c Context,
) -> Result<(), String> {
    let location = loop_op.location();
    let build = Emitter::new(context, location);
    let block = loop_op.block().ok_or("the loop is in no block")?;
    let here = Place::Before(block, loop_op);
    // A module with a function of that name of another type keeps the loop.
    let Some(threads) = max_threads(&build, here, loop_op, context)? else { return Ok(()) };
    let (lower, upper) = (counted.lower, counted.upper);
    let (symbol, captured) = outline(loop_op, counted, context)?;
    let call = |body: BlockRef<'c, 'a>, row: Value<'c, 'a>, counts: Value<'c, 'a>| -> Result<(), String> {
        let mut arguments = vec![row];
        arguments.extend(captured.iter().map(|&value| if value == appends.counts { counts } else { value }));
        let callee = FlatSymbolRefAttribute::new(context, &symbol);
        body.append_operation(
            OperationBuilder::new("func.call", location)
                .add_operands(&arguments)
                .add_attributes(&[(Identifier::new(context, "callee"), callee.into())])
                .build()
                .map_err(|error| error.to_string())?,
        );
        Ok(())
    };
    // `slot(r)`: the sum of the marked positions at `r` (widened to `index`).
    let slot = |place: Place<'c, 'a>, row: Value<'c, 'a>| -> Value<'c, 'a> {
        let mut loads = appends.slots.iter().map(|&buffer| build.load_index(place, buffer, row));
        let first = loads.next().expect("at least one slot");
        loads.fold(first, |sum, next| build.add(place, sum, next))
    };
    let rows = build.sub(here, upper, lower);
    let several = build.compare(here, arith::CmpiPredicate::Sgt, threads, build.index(here, 1));
    let enough = build.compare(here, arith::CmpiPredicate::Sge, rows, build.index(here, least));
    let parallel = build.and(here, &[several, enough]);
    // `scf.if condition`, the rows in order in its `else`; its `then` block.
    let unless_in_order = |place: Place<'c, 'a>, condition: Value<'c, 'a>| -> Result<BlockRef<'c, 'a>, String> {
        let branch = place.put(scf::r#if(condition, &[], block_region(&[], location), block_region(&[], location), location));
        let in_order = only_block(branch, 1);
        build.try_for_range(Place::End(in_order), lower, upper, |body, row| call(body, row, appends.counts))?;
        in_order.append_operation(scf::r#yield(&[], location));
        Ok(only_block(branch, 0))
    };
    let checked = unless_in_order(here, parallel)?;
    let check = Place::End(checked);
    let level = build.index(check, appends.level);
    let count = build.load(check, appends.counts, level);
    let cost = Cost::new(&build, check, [lower, upper], &slot);
    let (base, span) = (cost.base, cost.span);
    // The runs' parts must fit in the entries' buffers, which may have been
    // sized by a tighter bound than the slots, and their row ends in the
    // positions' width (the result's ends may fit where the runs' do not):
    // otherwise the rows run in order.
    let reach = build.add(check, count, span);
    let mut fits: Vec<Value> = Vec::new();
    for &buffer in &appends.entries {
        let length = check.value(memref::dim(buffer, build.index(check, 0), location));
        fits.push(build.compare(check, arith::CmpiPredicate::Ule, reach, length));
    }
    let width = MemRefType::try_from(appends.positions.r#type()).map_err(|error| error.to_string())?.element();
    if let Some(bits) = IntegerType::try_from(width).ok().map(|integer| integer.width()).filter(|&bits| bits < 64) {
        let most = build.index(check, (1i64 << bits) - 1);
        fits.push(build.compare(check, arith::CmpiPredicate::Ule, reach, most));
    }
    if fits.is_empty() {
        return Err("an append without entries".into());
    }
    let threaded = unless_in_order(check, build.and(check, &fits))?;
    checked.append_operation(scf::r#yield(&[], location));

    // One run per thread, of about equal slots.
    let at = Place::End(threaded);
    let (zero, one) = (build.index(at, 0), build.index(at, 1));
    let runs = build.min(at, threads, rows);
    let starts = cut(&build, at, [lower, upper], runs, Some(&cost), context, location)?;
    let ends = build.alloc_buffer(at, Type::index(context), runs);
    // Run c's count starts where its rows' entries may start.
    let start_of = |place: Place<'c, 'a>, first: Value<'c, 'a>| build.add(place, count, build.sub(place, slot(place, first), base));
    // Its rows, `[starts[c], starts[c + 1])`.
    let rows_of = |place: Place<'c, 'a>, run: Value<'c, 'a>| {
        let next = build.add(place, run, build.index(place, 1));
        (build.load(place, starts, run), build.load(place, starts, next))
    };
    let (_, run_body) = team(at, [zero, runs, one], None, context, location)?;
    let body = Place::End(run_body);
    let run: Value = run_body.argument(0).map_err(|error| error.to_string())?.into();
    let (first, last) = rows_of(body, run);
    let counts_type = MemRefType::try_from(appends.counts.r#type()).map_err(|error| error.to_string())?;
    let length = body.value(memref::dim(appends.counts, build.index(body, 0), location));
    let dynamic = if counts_type.dim_size(0).is_ok_and(|size| size == DimSize::Dynamic) { vec![length] } else { vec![] };
    let own = build.aligned_alloc(body, counts_type, &dynamic);
    build.for_range(body, build.index(body, 0), length, |copy, element| {
        let place = Place::End(copy);
        build.store(place, build.load(place, appends.counts, element), own, element);
    });
    build.store(body, start_of(body, first), own, build.index(body, appends.level));
    build.try_for_range(body, first, last, |rows, row| call(rows, row, own))?;
    build.store(body, build.load(body, own, build.index(body, appends.level)), ends, run);
    body.put(memref::dealloc(own, location));
    super::end_iteration(body, location)?;

    let total = move_together(&build, at, appends, [runs, threads, ends], &rows_of, &start_of, context, location)?;
    build.store(at, total, appends.counts, level);
    at.put(memref::dealloc(starts, location));
    at.put(memref::dealloc(ends, location));
    threaded.append_operation(scf::r#yield(&[], location));
    erase(loop_op).map_err(|error| error.to_string())
}

/// Moves each run's entries (after the first) down to where the run before
/// it ended, and the row ends it wrote with them, on the threads; returns
/// where the last run ended. `ends` holds each run's count after it;
/// `rows_of` gives a run's rows, `start_of` where a run from a row started
/// its count.
///
/// The runs move in order, one after another: run `c`'s entries, `length`
/// of them from `from`, go to `to`, where the runs before it ended
/// (`shift = from − to`; nothing moves where it is 0). Its destinations
/// are cut into `pieces`, one per thread, each moved forward by a thread,
/// which reads each entry before it overwrites it. A piece may read
/// entries that the next piece overwrites first: the `shift` entries past
/// its end, which it saves (a worksharing loop, whose barrier is passed
/// before any piece writes) and takes from its saved copy. Where the
/// entries lie past all destinations (`shift ≥ length`) no piece saves
/// anything; where a piece is shorter than `shift` (`shift · threads >
/// length`), the next piece's saved entries would be more than its
/// own: the run moves in one piece. The row ends of a run are cut into a
/// part per thread.
#[allow(clippy::too_many_arguments)]
fn move_together<'c: 'a, 'a>(
    build: &Emitter<'c>,
    at: Place<'c, 'a>,
    appends: &Appends<'c, 'a>,
    [runs, threads, ends]: [Value<'c, 'a>; 3],
    rows_of: &dyn Fn(Place<'c, 'a>, Value<'c, 'a>) -> (Value<'c, 'a>, Value<'c, 'a>),
    start_of: &dyn Fn(Place<'c, 'a>, Value<'c, 'a>) -> Value<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Value<'c, 'a>, String> {
    let index = Type::index(context);
    let (zero, one) = (build.index(at, 0), build.index(at, 1));
    // Run c's entries: where its count started, how many, where they go.
    let entries_of = |place: Place<'c, 'a>, run: Value<'c, 'a>, to: Value<'c, 'a>| {
        let (first, _) = rows_of(place, run);
        let from = start_of(place, first);
        let length = build.sub(place, build.load(place, ends, run), from);
        (from, length, build.sub(place, from, to))
    };
    // The entries a piece saves: `shift` where pieces cut per thread are
    // at least that long, else none.
    let saved_of = |place: Place<'c, 'a>, shift: Value<'c, 'a>, length: Value<'c, 'a>| {
        let short = build.compare(place, arith::CmpiPredicate::Ule, build.mul(place, shift, threads), length);
        build.select(place, short, shift, build.index(place, 0))
    };
    // In order, before the threads: where each run goes, where the last
    // ends, and the most entries a piece saves.
    let targets = build.alloc_buffer(at, index, runs);
    let planned = at.put(
        OperationBuilder::new("scf.for", location)
            .add_operands(&[one, runs, one, build.load(at, ends, zero), zero])
            .add_results(&[index, index])
            .add_regions([block_region(&[index, index, index], location)])
            .build()
            .map_err(|error| error.to_string())?,
    );
    let plan = only_block(planned, 0);
    let step = Place::End(plan);
    let [run, to, most]: [Value; 3] = std::array::from_fn(|n| plan.argument(n).expect("the loop's arguments").into());
    build.store(step, to, targets, run);
    let (_, length, shift) = entries_of(step, run, to);
    let most_saved = build.max(step, most, saved_of(step, shift, length));
    plan.append_operation(scf::r#yield(&[build.add(step, to, length), most_saved], location));
    let [total, most]: [Value; 2] = std::array::from_fn(|n| planned.result(n).expect("the loop's results").into());
    let mut saves = Vec::new();
    for &buffer in &appends.entries {
        let element = MemRefType::try_from(buffer.r#type()).map_err(|error| error.to_string())?.element();
        saves.push(build.alloc_buffer(at, element, build.mul(at, build.sub(at, threads, one), most)));
    }
    let (_, team) = super::parallel_region(at, context, location)?;
    let all = Place::Before(team, team.terminator().ok_or("an omp.parallel without its terminator")?);
    build.try_for_range(all, one, runs, |body, run| -> Result<(), String> {
        let place = Place::End(body);
        let to = build.load(place, targets, run);
        let (_, length, shift) = entries_of(place, run, to);
        let moving = build.then(place, build.compare(place, arith::CmpiPredicate::Ne, shift, build.index(place, 0)));
        let here = Place::End(moving);
        let beyond = build.compare(here, arith::CmpiPredicate::Uge, shift, length);
        let saved = saved_of(here, shift, length);
        let cut = here.value(arith::ori(beyond, build.compare(here, arith::CmpiPredicate::Ne, saved, build.index(here, 0)), location));
        let pieces = build.select(here, cut, threads, build.index(here, 1));
        let piece_start =
            |place: Place<'c, 'a>, piece: Value<'c, 'a>| build.add(place, to, build.div(place, build.mul(place, length, piece), pieces));
        // Each piece but the last saves the entries past its end.
        let bounds = [build.index(here, 0), build.sub(here, pieces, build.index(here, 1)), build.index(here, 1)];
        let (saving, piece) = super::shared_loop(here, bounds, context, location)?;
        let next = piece_start(saving, build.add(saving, piece, build.index(saving, 1)));
        let kept_at = build.mul(saving, piece, saved);
        for (&buffer, &save) in appends.entries.iter().zip(&saves) {
            build.for_range(saving, build.index(saving, 0), saved, |copy, offset| {
                let place = Place::End(copy);
                let value = build.load(place, buffer, build.add(place, next, offset));
                build.store(place, value, save, build.add(place, kept_at, offset));
            });
        }
        super::end_iteration(saving, location)?;
        // Each piece moved forward, its last entries from what it saved;
        // each part of the run's row ends lowered.
        let bounds = [build.index(here, 0), threads, build.index(here, 1)];
        let (moving_piece, piece) = super::shared_loop(here, bounds, context, location)?;
        let own = build.then(moving_piece, build.compare(moving_piece, arith::CmpiPredicate::Ult, piece, pieces));
        let mine = Place::End(own);
        let (low, high) = (piece_start(mine, piece), piece_start(mine, build.add(mine, piece, build.index(mine, 1))));
        let last = build.compare(mine, arith::CmpiPredicate::Eq, build.add(mine, piece, build.index(mine, 1)), pieces);
        let middle = build.sub(mine, high, build.select(mine, last, build.index(mine, 0), saved));
        let kept_at = build.mul(mine, piece, saved);
        for (&buffer, &save) in appends.entries.iter().zip(&saves) {
            build.for_range(mine, low, middle, |copy, position| {
                let place = Place::End(copy);
                build.store(place, build.load(place, buffer, build.add(place, position, shift)), buffer, position);
            });
            build.for_range(mine, middle, high, |copy, position| {
                let place = Place::End(copy);
                let offset = build.add(place, kept_at, build.sub(place, position, middle));
                build.store(place, build.load(place, save, offset), buffer, position);
            });
        }
        own.append_operation(scf::r#yield(&[], location));
        let (first, last) = rows_of(moving_piece, run);
        let rows = build.sub(moving_piece, last, first);
        let part =
            |place: Place<'c, 'a>, piece: Value<'c, 'a>| build.add(place, first, build.div(place, build.mul(place, rows, piece), threads));
        let (low, high) = (part(moving_piece, piece), part(moving_piece, build.add(moving_piece, piece, build.index(moving_piece, 1))));
        lower_row_ends(build, moving_piece, appends, [low, high], shift, location)?;
        super::end_iteration(moving_piece, location)?;
        moving.append_operation(scf::r#yield(&[], location));
        Ok(())
    })?;
    at.put(memref::dealloc(targets, location));
    for save in saves {
        at.put(memref::dealloc(save, location));
    }
    Ok(total)
}

/// Lowers by `shift` each row end that rows `[low, high)` wrote (0 where
/// no entry ended a row, which stays).
fn lower_row_ends<'c: 'a, 'a>(
    build: &Emitter<'c>,
    place: Place<'c, 'a>,
    appends: &Appends<'c, 'a>,
    [low, high]: [Value<'c, 'a>; 2],
    shift: Value<'c, 'a>,
    location: Location<'c>,
) -> Result<(), String> {
    let width = MemRefType::try_from(appends.positions.r#type()).map_err(|error| error.to_string())?.element();
    let narrowed = |value: Value<'c, 'a>| match width.is_index() {
        true => value,
        false => place.value(arith::index_castui(value, width, location)),
    };
    let distance = narrowed(shift);
    let unwritten = narrowed(build.index(place, 0));
    build.for_range(place, low, high, |ends_rows, row| {
        let place = Place::End(ends_rows);
        let element = build.add(place, row, build.index(place, appends.shift));
        let ended = build.load(place, appends.positions, element);
        let rewrite = build.then(place, build.compare(place, arith::CmpiPredicate::Ne, ended, unwritten));
        build.store(Place::End(rewrite), build.sub(Place::End(rewrite), ended, distance), appends.positions, element);
        rewrite.append_operation(scf::r#yield(&[], location));
    });
    Ok(())
}
