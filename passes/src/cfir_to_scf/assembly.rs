//! Assembling a sparse output in order: bounded, or count then fill.
//!
//! Entries arrive in lexicographic level order, because the loops follow the
//! output's levels (at an ordered level, a loop no unordered level drives:
//! `arr-concretize` scatters the others; an unordered level may take a
//! workspace's row as it was touched). When every loop is driven by stored coordinates, the
//! output cannot have more entries than its operands hold together, so
//! buffers of that capacity are filled in one pass and shrunk afterwards;
//! otherwise the loops run twice. Each entry whose value is not the fill is
//! appended level by level ([`OutputLevel`], one implementation per level
//! kind under `levels/`): a dense level locates it, a compressed level
//! appends its coordinate at the first level where it differs from the
//! previous entry's and at every level below, closing its parent's segment.
//! Where a loop visits each coordinate once and appends at most once an
//! iteration, the last level, when its coordinate indexes it, needs no
//! comparison: every entry is new there ([`Emitter::last_level_new`]).
//! The first pass over the loops only counts each level's entries; buffers of
//! exactly those sizes are then allocated and the second pass fills them.
//! Positions of parents that received no entry (empty rows of a dense level)
//! are filled in afterwards from their predecessors.

use super::error::{LowerError, Operation};
use super::iterator::{LevelId, TensorId};
use super::levels::{level_iterator, output_level, stored_iterator};
use super::storage::Buffers;
use super::tiles;
use super::{Emitter, Leaf, Scope};
use crate::ir::defining_op;
use crate::place::Place;
use melior::{
    dialect::{arith, memref, scf},
    ir::{
        block::BlockLike,
        operation::OperationLike,
        r#type::{MemRefType, RankedTensorType},
        OperationRef, RegionLike, ShapedTypeLike, Value, ValueLike,
    },
};
use sparse_dialects::encoding::Encoding;
use sparse_dialects::sig::{self, Slice};
use sparse_formats::{Iteration, LevelBuffer, LevelKind};

/// The most positions the dense levels of a result may hold, so that no
/// buffer's length in bytes wraps around (2^58).
const MOST_POSITIONS: i64 = 1 << 58;

/// What stops a program whose result's dense levels, sized when it runs,
/// hold more positions than memory can.
pub(super) const RESULT_TOO_LARGE: &str =
    "error: a result could not be allocated: its dense levels hold more positions than this machine's memory can";

/// The state of an output being assembled.
#[derive(Clone, Copy)]
pub(super) struct Assembly<'c, 'a> {
    /// The second pass: write buffers, not just count.
    pub fill: bool,
    /// Store an entry whose value is the fill too (an explicit insert),
    /// rather than leave it implicit (what a loop nest computes).
    pub keeps_fill: bool,
    /// The buffers hold an entry for every stored position the loops visit
    /// ([`Emitter::entry_bounds`]), not only for those counted: an entry may
    /// be written before it is known whether the fill drops it.
    pub bounded: bool,
    /// Entries appended so far at each level (`memref<?xindex>`, one per level).
    pub counts: Value<'c, 'a>,
    /// The coordinate of the previous entry at each level; `-1` before the
    /// first. A level's [`OutputLevel::append`] still finds there the
    /// coordinate of the entry before the one it appends.
    pub last: Value<'c, 'a>,
    /// What a level keeps beyond its count and last coordinate, 0 at first
    /// (`memref<?xindex>`, one per level): a variable block's blocks, or
    /// the parent of a run-length or band level's last entry plus one.
    pub groups: Value<'c, 'a>,
}

/// Refuses `output` where one of its levels may have more positions than
/// entries (a band): its buffers are about to be sized by a bound on its
/// entries (a workspace's components, inserts), which only the counting
/// pass of an output assembled in order replaces.
pub(super) fn sized_by_entries(output: &Buffers) -> Result<(), LowerError> {
    for (index, &level) in output.format().levels.iter().enumerate() {
        if !output_level(output, index)?.positions_bounded_by_entries() {
            return Err(LowerError::Level { level, index, operation: Operation::AssembleOutOfOrder });
        }
    }
    Ok(())
}

/// A loop no two iterations of which sit on the same coordinate: every
/// driver steps through the distinct coordinates of one segment (a unique
/// level under a bound parent), one coordinate an iteration.
#[derive(Clone, Copy)]
pub(super) struct DistinctLoop<'c, 'a> {
    /// The coordinate of the current iteration.
    pub coordinate: Value<'c, 'a>,
    /// The `cfir.while`.
    pub source: OperationRef<'c, 'a>,
    /// The `scf.while` it became.
    pub lowered: OperationRef<'c, 'a>,
}

/// The entry being appended, as one level sees it.
#[derive(Clone, Copy)]
pub(super) struct Entry<'c, 'a> {
    /// The level's index as an `index` value: its slot in the assembly state.
    pub slot: Value<'c, 'a>,
    /// The entry's position at the level above (0 at the root).
    pub parent: Value<'c, 'a>,
    pub coordinate: Value<'c, 'a>,
    /// Whether the entry's coordinates differ from the previous entry's at
    /// this level or above: it starts a new position here.
    pub new: Value<'c, 'a>,
}

/// Stored entries an output copies at once ([`Emitter::append_run`]): the
/// positions `start..end` of a level whose coordinates increase with the
/// position, and of the values.
#[derive(Clone, Copy)]
pub(super) struct Run<'c, 'a> {
    /// The level's coordinate buffer.
    pub coordinates: Value<'c, 'a>,
    /// The values, at the same positions.
    pub values: Value<'c, 'a>,
    pub start: Value<'c, 'a>,
    pub end: Value<'c, 'a>,
    /// Added to each coordinate copied (a concatenation's offset).
    pub offset: Value<'c, 'a>,
}

/// A level of a sparse output, built in coordinate order (TACO's append
/// capability; a dense level locates instead).
pub(super) trait OutputLevel<'c: 'a, 'a> {
    /// Puts `entry` at this level of `output`; returns its position here.
    fn append(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &Buffers<'c, 'a>,
        level: usize,
        assembly: Assembly<'c, 'a>,
        entry: Entry<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError>;

    /// Whether [`OutputLevel::copy_run`] copies runs here.
    fn appends_runs(&self) -> bool {
        false
    }

    /// Whether some of the level's positions are reached by no entry (a
    /// dense level's unlisted coordinates under a stored level, a bytemap's
    /// unmarked ones): the values there hold the fill.
    fn positions_unwritten(&self) -> bool {
        false
    }

    /// Whether the level has at most as many positions as entries are
    /// appended to it (a band's gaps are positions too): otherwise its
    /// buffers are sized by the counting pass, never by a bound on entries.
    fn positions_bounded_by_entries(&self) -> bool {
        true
    }

    /// Appends `run`'s coordinates after the entries this level holds, each
    /// greater than the previous, all in segments whose ends
    /// [`OutputLevel::end_segment`] stores; returns the position of the
    /// first. Only for a level that [`OutputLevel::appends_runs`], or a
    /// nonunique compressed level where every entry takes a position (a COO
    /// head, whose run's coordinates do not decrease), and a run that is not
    /// empty or follows, at `run.start - 1`, the entry just appended (its
    /// coordinate is then the level's last).
    fn copy_run(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &Buffers<'c, 'a>,
        level: usize,
        assembly: Assembly<'c, 'a>,
        run: Run<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let _ = (emitter, place, output, level, assembly, run);
        Err(LowerError::Malformed("a run appended to a level that appends one entry at a time"))
    }

    /// Ends the segment of `parent` (a position of the level above) at
    /// `end`, in the fill pass, after [`OutputLevel::copy_run`].
    fn end_segment(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &Buffers<'c, 'a>,
        level: usize,
        parent: Value<'c, 'a>,
        end: Value<'c, 'a>,
    ) -> Result<(), LowerError> {
        let _ = (emitter, place, output, level, parent, end);
        Err(LowerError::Malformed("a segment ended at a level that appends one entry at a time"))
    }

    /// Allocates the level's buffers under `parents` positions of the level
    /// above, for the number of entries `count` emits (counted or bounded);
    /// returns how many positions the level has.
    fn allocate(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &mut Buffers<'c, 'a>,
        level: usize,
        parents: Value<'c, 'a>,
        count: &dyn Fn() -> Value<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError>;

    /// After the last entry: completes what entries left open (a parent
    /// that received none takes its predecessor's position; a short group
    /// is padded).
    fn close(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, output: &Buffers<'c, 'a>, level: usize) -> Result<(), LowerError> {
        let _ = (emitter, place, output, level);
        Ok(())
    }

    /// Cuts the level's buffers to the entries it holds, under `parents`
    /// positions of the level above when those were counted; returns this
    /// level's count when it counts entries.
    fn trim(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &mut Buffers<'c, 'a>,
        level: usize,
        assembly: Assembly<'c, 'a>,
        parents: Option<Value<'c, 'a>>,
    ) -> Option<Value<'c, 'a>> {
        let _ = (emitter, place, output, level, assembly, parents);
        None
    }
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// An [`OutputLevel::append`]'s frame: `append` where `new` holds (an
    /// `scf.if`), then the level's last position, `counts[slot] − 1` (the
    /// entry's, or the previous entry's where it is not new here).
    pub(super) fn append_where_new(
        &self,
        place: Place<'c, 'a>,
        assembly: Assembly<'c, 'a>,
        slot: Value<'c, 'a>,
        new: Value<'c, 'a>,
        append: impl FnOnce(Place<'c, 'a>) -> Result<(), LowerError>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let appended = self.then(place, new);
        append(Place::End(appended))?;
        appended.append_operation(scf::r#yield(&[], self.location));
        let count = self.load(place, assembly.counts, slot);
        Ok(self.sub(place, count, self.index(place, 1)))
    }

    /// A sparse output, set up for its counting pass. Its buffers do not exist
    /// yet, so `values` holds the counts until the fill pass replaces it; only
    /// `append` touches an assembled output, and it writes no buffer while counting.
    pub(super) fn start_assembly(
        &self,
        tensor: RankedTensorType<'c>,
        encoding: Encoding<'c>,
        dims: Vec<Value<'c, 'a>>,
        place: Place<'c, 'a>,
    ) -> Result<Buffers<'c, 'a>, LowerError> {
        let levels = encoding.format.rank();
        let counts = self.state(levels, 0, place);
        let last = self.state(levels, -1, place);
        let mut output = Buffers::empty(encoding, tensor.element(), None, dims);
        for index in 0..levels {
            output_level(&output, index)?;
        }
        let groups = self.state(levels, 0, place);
        output.assembly = Some(Assembly { fill: false, keeps_fill: false, bounded: false, counts, last, groups });
        Ok(output)
    }

    /// Whether every entry that `store` (a `cfir.assign` lowered at `place`)
    /// appends is new at the last level of `output`: when the innermost
    /// loop's coordinate indexes that level, that loop
    /// visits each coordinate once ([`DistinctLoop`]), `store` runs in it
    /// directly (no loop between them) and no other store to the output
    /// runs in the same iteration (it is the loop's only one, or each is a
    /// case of one switch). Each iteration then appends at most one entry,
    /// at a coordinate no other iteration has, so comparing it with the
    /// previous entry's there would always find it differs.
    pub(super) fn last_level_new(
        &self,
        store: OperationRef<'c, 'a>,
        output: TensorId,
        indices: &[Value<'c, 'a>],
        place: Place<'c, 'a>,
        scope: &Scope<'c, 'a>,
    ) -> bool {
        let Some(distinct) = scope.distinct_loop else { return false };
        if enclosing_loop(place) != Some(distinct.lowered) || scope.multiplicity.is_some() {
            return false;
        }
        let stores = crate::ir::collect(distinct.source, |op| {
            matches!(crate::ir::name(op).as_str(), "cfir.assign" | "cfir.reduce")
                && op.operand(0).ok().and_then(|tensor| scope.tensor_id(tensor)) == Some(output)
        });
        let exclusive = match stores.as_slice() {
            [only] => *only == store,
            _ => {
                let Some(cases) = stores.iter().map(|store| store.parent_operation()).collect::<Option<Vec<_>>>() else { return false };
                let Some(switch) = cases.first().and_then(|case| case.parent_operation()) else { return false };
                let distinct_cases = cases.iter().enumerate().all(|(k, case)| !cases[..k].contains(case));
                stores.contains(&store)
                    && distinct_cases
                    && cases.iter().all(|case| crate::ir::name(*case) == "cfir.case" && case.parent_operation() == Some(switch))
            }
        };
        let format = scope.tensor(output).format();
        exclusive && indices[format.dim_to_lvl[format.rank() - 1]] == distinct.coordinate
    }

    /// Appends `value` at `indices` (dimension order), unless it is the fill
    /// and the output does not keep the fill; with `last_new`, the entry is
    /// known to be new at the last level ([`Emitter::last_level_new`]).
    pub(super) fn append(
        &self,
        output: &Buffers<'c, 'a>,
        assembly: Assembly<'c, 'a>,
        indices: &[Value<'c, 'a>],
        value: Value<'c, 'a>,
        last_new: bool,
        place: Place<'c, 'a>,
    ) -> Result<(), LowerError> {
        let body = if assembly.keeps_fill {
            None
        } else {
            let fill = self.constant(output.encoding.fill, output.element, place)?;
            let stored = self.differs(place, output.element, value, fill);
            Some(self.then(place, stored))
        };
        let here = body.map_or(place, Place::End);
        let (_, position) = self.append_levels(output, assembly, indices, last_new, here)?;
        if assembly.fill {
            self.store(here, value, assembled_values(output)?, position);
        }
        if let Some(body) = body {
            body.append_operation(scf::r#yield(&[], self.location));
        }
        Ok(())
    }

    /// Appends the coordinates `indices` (dimension order) level by level
    /// (known new at the last level with `last_new`); returns the entry's
    /// position at the level above the last (0 for a vector) and at the
    /// last, where its value goes.
    fn append_levels(
        &self,
        output: &Buffers<'c, 'a>,
        assembly: Assembly<'c, 'a>,
        indices: &[Value<'c, 'a>],
        last_new: bool,
        place: Place<'c, 'a>,
    ) -> Result<(Value<'c, 'a>, Value<'c, 'a>), LowerError> {
        let mut new = self.boolean(place, false);
        let mut parent = self.index(place, 0);
        let mut above = parent;
        for level in 0..output.format().rank() {
            let coordinate = indices[output.format().dim_to_lvl[level]];
            let slot = self.index(place, level as i64);
            if last_new && level + 1 == output.format().rank() {
                new = self.boolean(place, true);
            } else {
                let previous = self.load(place, assembly.last, slot);
                let differs = self.compare(place, arith::CmpiPredicate::Ne, coordinate, previous);
                new = self.one(place, arith::ori(new, differs, self.location));
            }
            let entry = Entry { slot, parent, coordinate, new };
            above = parent;
            parent = output_level(output, level)?.append(self, place, output, level, assembly, entry)?;
            self.store(place, coordinate, assembly.last, slot);
        }
        Ok((above, parent))
    }

    /// Appends a run of entries none of which the output drops, that share
    /// their coordinates but the last level's, where they increase: the
    /// first, at `indices` (dimension order) with `value`, as
    /// [`Emitter::append`] does; the others by copying `run` (their
    /// last-level coordinates and values) at once.
    pub(super) fn append_run(
        &self,
        output: &Buffers<'c, 'a>,
        assembly: Assembly<'c, 'a>,
        indices: &[Value<'c, 'a>],
        value: Value<'c, 'a>,
        run: Run<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<(), LowerError> {
        let (parent, position) = self.append_levels(output, assembly, indices, false, place)?;
        let last = output.format().rank() - 1;
        let level = output_level(output, last)?;
        let first = level.copy_run(self, place, output, last, assembly, run)?;
        if assembly.fill {
            let values = assembled_values(output)?;
            self.store(place, value, values, position);
            self.copy_values(run, values, first, place);
            let end = self.load(place, assembly.counts, self.index(place, last as i64));
            level.end_segment(self, place, output, last, parent, end)?;
        }
        Ok(())
    }

    /// `values[first..]` takes `run`'s values.
    pub(super) fn copy_values(&self, run: Run<'c, 'a>, values: Value<'c, 'a>, first: Value<'c, 'a>, place: Place<'c, 'a>) {
        let length = self.sub(place, run.end, run.start);
        self.for_each(place, length, |body, step| {
            let here = Place::End(body);
            let value = self.load(here, run.values, self.add(here, run.start, step));
            self.store(here, value, values, self.add(here, first, step));
        });
    }

    /// Buffers for the fill pass, of `capacity[level]` entries at each level,
    /// or of the sizes the counting pass found; and fresh state.
    pub(super) fn allocate_assembly(
        &self,
        counted: &Buffers<'c, 'a>,
        capacity: Option<&[Value<'c, 'a>]>,
        place: Place<'c, 'a>,
    ) -> Result<Buffers<'c, 'a>, LowerError> {
        let assembly = counted.assembly.ok_or(LowerError::Malformed("not an assembled output"))?;
        let mut buffers = counted.clone();
        let mut parents = self.index(place, 1);
        let levels = &counted.format().levels;
        if capacity.is_some() {
            sized_by_entries(counted)?;
        }
        let dense_sizes = (0..levels.len())
            .map(|level| (levels[level].kind == LevelKind::Dense).then(|| counted.level_size(level)).transpose())
            .collect::<Result<Vec<_>, _>>()?;
        // Whether a dense level's size is known only when the program runs
        // (from an argument the host does not check against the result).
        let sized_at_run_time = dense_sizes.iter().flatten().any(|&size| super::constant_index(size).is_none());
        for (level, dense_size) in dense_sizes.into_iter().enumerate() {
            if let Some(size) = dense_size.filter(|_| sized_at_run_time) {
                self.check_positions(place, parents, size)?;
            }
            let slot = self.index(place, level as i64);
            let count = || capacity.map_or_else(|| self.load(place, assembly.counts, slot), |capacity| capacity[level]);
            parents = output_level(counted, level)?.allocate(self, place, &mut buffers, level, parents, &count)?;
        }
        let values = self.alloc_buffer(place, counted.element, parents);
        if sized_at_run_time {
            // And values that malloc cannot give stop it too.
            self.check_allocated(place, values, parents, RESULT_TOO_LARGE)?;
        }
        // Positions that no entry reaches (under a dense level below a stored
        // one, or a bytemap) hold the fill.
        let first_stored = counted.format().levels.iter().position(|level| !level.is_located()).unwrap_or(levels.len());
        let unwritten = (first_stored..levels.len()).map(|level| output_level(counted, level)).collect::<Result<Vec<_>, _>>()?;
        if unwritten.iter().any(|level| level.positions_unwritten()) {
            let fill = self.constant(counted.encoding.fill, counted.element, place)?;
            self.for_each(place, parents, |body, index| self.store(Place::End(body), fill, values, index));
        }
        buffers.values = Some(values);
        let levels = counted.format().rank();
        let counts = self.state(levels, 0, place);
        let last = self.state(levels, -1, place);
        let groups = self.state(levels, 0, place);
        buffers.assembly = Some(Assembly { fill: true, counts, last, groups, ..assembly });
        Ok(buffers)
    }

    /// Stops the program where `parents · size` positions (a dense level's
    /// under `parents`, sized when the program runs) would be more than
    /// [`MOST_POSITIONS`]: before a length in bytes wraps around.
    pub(super) fn check_positions(&self, place: Place<'c, 'a>, parents: Value<'c, 'a>, size: Value<'c, 'a>) -> Result<(), LowerError> {
        let most = match super::constant_index(parents) {
            Some(0) => return Ok(()),
            Some(parents) => self.index(place, MOST_POSITIONS / parents as i64),
            None => self.div(place, self.index(place, MOST_POSITIONS), self.max(place, parents, self.index(place, 1))),
        };
        let fits = self.compare(place, arith::CmpiPredicate::Ule, size, most);
        self.check(place, fits, RESULT_TOO_LARGE)
    }

    /// Closes every level's segments, then trims each buffer to the entries
    /// it holds: the output is then stored as an input is.
    pub(super) fn finish_assembly(&self, buffers: &Buffers<'c, 'a>, place: Place<'c, 'a>) -> Result<Buffers<'c, 'a>, LowerError> {
        let assembly = buffers.assembly.ok_or(LowerError::Malformed("not an assembled output"))?;
        for level in 0..buffers.format().rank() {
            output_level(buffers, level)?.close(self, place, buffers, level)?;
        }
        let mut trimmed = buffers.clone();
        let mut count = None;
        for level in 0..buffers.format().rank() {
            count = output_level(buffers, level)?.trim(self, place, &mut trimmed, level, assembly, count).or(count);
        }
        if let (Some(entries), Some(values)) = (count, buffers.values) {
            trimmed.values = Some(self.shrink(values, entries, place));
        }
        trimmed.assembly = None;
        Ok(trimmed)
    }

    /// `buffer` cut to its first `size` elements (in place: it only shrinks).
    pub(super) fn shrink(&self, buffer: Value<'c, 'a>, size: Value<'c, 'a>, place: Place<'c, 'a>) -> Value<'c, 'a> {
        let r#type = MemRefType::try_from(buffer.r#type()).expect("a memref buffer");
        self.one(place, memref::realloc(self.context, buffer, Some(size), r#type, None, self.location))
    }

    /// When every loop that makes a stored level of `output` is driven by
    /// stored positions, one coordinate each, at the level of its tensor that the loop's
    /// depth names, a bound on the entries of each of `output`'s levels, from
    /// the entries the operands store. Loop nesting depth is output level, since the loops
    /// follow the output's levels. A driver at a shallower level than its
    /// loop's depth belongs to a tensor that some enclosing loop does not
    /// index: its entries are visited once per iteration of that loop (a
    /// broadcast, `x(j)` for every row `i`), and bound nothing. The
    /// outermost loop over a sparse vector's non-overlapping subsections, and a
    /// loop inside it over a window of the vector within the subsection
    /// (the rows of a split vector), visit each stored position at most once too
    /// (`tiles.rs`); other windows bound nothing.
    ///
    /// Every entry appended reads a stored value of some operand, so the
    /// values the operands store together bound every level. A level's
    /// entries are also at most those of any stored level below it (an entry
    /// is appended whole), and at most the iterations of the loops at its
    /// depth when the level is unique: each iteration sits on a distinct position of each driver it
    /// holds, so a loop over an intersection runs at most as often as its
    /// smallest driver has positions, and one over a union as often as its
    /// drivers have together (`level_positions`). The outermost level has at
    /// most its size's entries.
    pub(super) fn entry_bounds(
        &self,
        loops: &[OperationRef<'c, 'a>],
        output: &Buffers<'c, 'a>,
        scope: &Scope<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<Option<Vec<Value<'c, 'a>>>, LowerError> {
        let levels = output.format().levels.len();
        for level in 0..levels {
            if !output_level(output, level)?.positions_bounded_by_entries() {
                return Ok(None);
            }
        }
        let Some(iterations) = self.depth_loops(loops, output, scope)? else { return Ok(None) };
        let sparse = scope.tensors.values().filter(|b| b.assembly.is_none() && b.format().levels.iter().any(|l| !l.is_located()));
        // A pattern stores no values to count them by: the counting pass sizes.
        let Some(stored) = sparse.map(|buffers| buffers.values).collect::<Option<Vec<_>>>() else { return Ok(None) };
        let mut total = self.index(place, 0);
        for values in stored {
            let length = self.length(place, values);
            total = self.add(place, total, length);
        }
        let mut bounds = vec![total; levels];
        let mut below = total;
        for depth in (0..levels).rev() {
            // A nonunique level (the head of COO) holds a coordinate per entry
            // below it, however few the distinct ones its loops visit.
            let unique = output.format().levels[depth].unique;
            let Some(loops) = iterations[depth].as_ref().filter(|loops| unique && !loops.is_empty()) else {
                bounds[depth] = below;
                continue;
            };
            let mut visited = Some(self.index(place, 0));
            for DepthLoop { op, drivers, .. } in loops {
                let intersection = defining_op(op.operand(0)?).is_some_and(|seq| sig::Intersect::of(seq).is_some());
                let positions = drivers.iter().map(|&id| self.level_positions(id, scope, place)).collect::<Option<Vec<_>>>();
                let each = positions.and_then(|positions| {
                    let combine = |bound, next| if intersection { self.min(place, bound, next) } else { self.add(place, bound, next) };
                    positions.into_iter().reduce(combine)
                });
                visited = visited.zip(each).map(|(visited, each)| self.add(place, visited, each));
            }
            if let Some(visited) = visited {
                below = self.min(place, below, visited);
            }
            bounds[depth] = below;
        }
        let size = output.level_size(0).ok().filter(|_| output.format().levels[0].unique);
        if let Some(size) = size {
            bounds[0] = self.min(place, bounds[0], size);
        }
        Ok(Some(bounds))
    }

    /// The loops of each depth of the nest that makes `output`'s levels,
    /// each with the levels it visits by position, one coordinate each, at
    /// the level of its tensor that its depth names (see
    /// [`Emitter::entry_bounds`]); `None` at a depth where a loop visits
    /// anything else, and `None` for all where a window bounds nothing.
    pub(super) fn depth_loops(
        &self,
        loops: &[OperationRef<'c, 'a>],
        output: &Buffers<'c, 'a>,
        scope: &Scope<'c, 'a>,
    ) -> Result<Option<Vec<Option<Vec<DepthLoop<'c, 'a>>>>>, LowerError> {
        let levels = output.format().levels.len();
        let mut whiles = Vec::new();
        for &op in loops {
            nested_whiles(op, 0, &mut whiles);
        }
        // The positions each depth's loops visit together, while every one of
        // them names the positions it visits.
        let mut iterations: Vec<Option<Vec<DepthLoop<'c, 'a>>>> = vec![Some(Vec::new()); levels];
        for (op, depth) in whiles {
            let stored = output.format().levels.get(depth).is_some_and(|level| !level.is_located());
            if !stored {
                continue;
            }
            let vector = |id: LevelId| scope.tensor(id.tensor).format().levels.len() == 1;
            let mut drivers = Some(Vec::new());
            for driver in self.leaves(op.operand(0)?)? {
                // A window's bounds come from loops not lowered yet: it
                // bounds entries only as a subsection of a vector (tiles.rs).
                let window = defining_op(driver);
                if let Some(window) = window.filter(|owner| Slice::of(*owner).is_some()) {
                    let Leaf::Level(id, None) = self.leaf(window.operand(0)?, scope)? else { return Ok(None) };
                    if depth == 1 && vector(id) && tiles::within_subsection(op, window) {
                        drivers = None;
                        continue;
                    }
                    return Ok(None);
                }
                let leaf = self.leaf(driver, scope)?;
                if let Leaf::Subsections { id, .. } = leaf {
                    if depth == 0 && vector(id) && tiles::disjoint_subsections(driver) {
                        drivers = None;
                        continue;
                    }
                }
                let Leaf::Level(id, None) = leaf else { return Ok(None) };
                // One coordinate per stored position: a loop over ranges
                // (runs) visits many coordinates per stored value.
                let by_position = level_iterator(id, scope.tensor(id.tensor))?.iteration() == Iteration::Positions;
                if !by_position || id.level != depth {
                    return Ok(None);
                }
                if let Some(drivers) = &mut drivers {
                    drivers.push((id, driver));
                }
            }
            iterations[depth] = match (iterations[depth].take(), drivers) {
                (Some(mut loops), Some(drivers)) => {
                    let (drivers, walks) = drivers.into_iter().unzip();
                    loops.push(DepthLoop { op, drivers, walks });
                    Some(loops)
                }
                _ => None,
            };
        }
        Ok(Some(iterations))
    }

    /// At least as many as the positions of a tensor's level: the length of
    /// its coordinate buffer where that holds one coordinate per position
    /// (a band's holds one per parent), or of its values at its last level;
    /// `None` otherwise.
    fn level_positions(&self, id: LevelId, scope: &Scope<'c, 'a>, place: Place<'c, 'a>) -> Option<Value<'c, 'a>> {
        let tensor = scope.tensor(id.tensor);
        if let Some(positions) = self.positions_under_sliced_rows(id, tensor, place) {
            return Some(positions);
        }
        let level = tensor.format().levels[id.level];
        let per_position = matches!(level.kind, LevelKind::Compressed | LevelKind::LooseCompressed | LevelKind::Singleton);
        let coordinates = tensor.level_buffer(id.level, LevelBuffer::Coordinates).filter(|_| per_position);
        let last = id.level + 1 == tensor.format().levels.len();
        let buffer = coordinates.or(tensor.values.filter(|_| last))?;
        Some(self.length(place, buffer))
    }

    /// The positions of level 1 under the rows a slice view (`arr.slice`)
    /// reads of a dense root level, where the level's segments abut: those
    /// from the view's first row to its last, `pos[last + 1] − pos[first]`
    /// (exactly the rows' when the step is 1), none where the view has no
    /// rows; a slice of the columns too visits some of them. The slice's
    /// checks, emitted with the view, keep both rows within the stored ones.
    fn positions_under_sliced_rows(&self, id: LevelId, tensor: &Buffers<'c, 'a>, place: Place<'c, 'a>) -> Option<Value<'c, 'a>> {
        let root = tensor.format().levels.first()?;
        if id.level != 1 || root.kind != LevelKind::Dense || tensor.batched() {
            return None;
        }
        let view = tensor.slice_of(0)?;
        let sparse_formats::DimPart::Whole { dim } = tensor.format().parts()[tensor.format().dim_to_lvl[0]] else { return None };
        // As stored: a slice of the columns visits fewer of the same positions.
        if !stored_iterator(id, tensor).ok()?.segments_abut() {
            return None;
        }
        let positions = tensor.level_buffer(1, LevelBuffer::Positions)?;
        let (rows, one) = (tensor.dims[dim], self.index(place, 1));
        let empty = self.compare(place, arith::CmpiPredicate::Eq, rows, self.index(place, 0));
        // (Wrapped where the view is empty, and not used there.)
        let last = self.add(place, view.start, self.mul(place, view.step, self.sub(place, rows, one)));
        let past = self.select(place, empty, view.start, self.add(place, last, one));
        Some(self.sub(place, self.load_index(place, positions, past), self.load_index(place, positions, view.start)))
    }
}

/// A loop at some depth of a nest and the levels it visits by position.
#[derive(Clone)]
pub(super) struct DepthLoop<'c, 'a> {
    pub op: OperationRef<'c, 'a>,
    pub drivers: Vec<LevelId>,
    /// The drivers' values, in the same order: a loop that continues
    /// another's walk of a level (a lattice's next loop) has the same.
    pub walks: Vec<Value<'c, 'a>>,
}

/// The values buffer of an output in its fill pass.
pub(super) fn assembled_values<'c, 'a>(output: &Buffers<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
    output.values.ok_or(LowerError::Malformed("an assembled output without its values"))
}

/// Every `cfir.while` in `op`, with how many loops enclose it.
pub(super) fn nested_whiles<'c, 'a>(op: OperationRef<'c, 'a>, depth: usize, into: &mut Vec<(OperationRef<'c, 'a>, usize)>) {
    let is_loop = sparse_dialects::cfir::While::of(op).is_some();
    if is_loop {
        into.push((op, depth));
    }
    for region in op.regions() {
        let mut block = region.first_block();
        while let Some(current) = block {
            let mut next = current.first_operation();
            while let Some(inner) = next {
                nested_whiles(inner, depth + usize::from(is_loop), into);
                next = inner.next_in_block();
            }
            block = current.next_in_region();
        }
    }
}

/// The innermost loop op that ops put at `place` run in (`None` for a block
/// not yet in one).
fn enclosing_loop<'c, 'a>(place: Place<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let (Place::Before(mut block, _) | Place::End(mut block)) = place;
    loop {
        let op = block.parent_operation()?;
        if matches!(crate::ir::name(op).as_str(), "scf.while" | "scf.for" | "scf.parallel" | "scf.forall") {
            return Some(op);
        }
        block = op.block()?;
    }
}
