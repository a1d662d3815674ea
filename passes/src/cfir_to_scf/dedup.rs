//! The wrapper over the iterator of a nonunique level (COO's leading
//! levels), [`Dedup`], in one of two ways ([`Runs`]). It forwards
//! everything but `next`. Only `compressed` and `singleton` levels are
//! nonunique, and neither carries state, which a scan would leave behind.
//!
//! By default (`Runs::Merged`) its `next` steps over the whole run of
//! positions holding the current coordinate, so each coordinate is visited
//! once; the run's end is where the singleton level below stops (MLIR's
//! `DedupIterator`).
//!
//! `Runs::PerPosition` visits the level position by position instead, each
//! position a run of one, for a loop that does nothing once per coordinate:
//! its body is the loop over the level below (driven by that level alone)
//! and the sequences it walks, and everything the nest writes is a dense
//! result ([`Emitter::visits_per_position`]). That inner loop then visits
//! the same positions in the same order as with merged runs, and does the
//! same stores, so the result is the same; but the run's end is never
//! scanned for. COO SpMV is then one pass over the entries, as SciPy's
//! `coo_matvec` is: its nest was a scan of the row coordinates for each
//! run's end and then a loop over the run. The coordinates it visits are
//! not distinct from one iteration to the next, so no loop over it is run
//! on several threads as if they were.

use crate::cfir_to_scf::iterator::{Cursor, LevelId, LevelIterator, Next, Parent};
use crate::cfir_to_scf::{error::LowerError, Emitter, Leaf, Scope};
use crate::ir::{block_ops, defining_op};
use crate::ir::{collect, name, value_key};
use crate::place::Place;
use melior::{
    dialect::arith,
    ir::{operation::OperationLike, OperationRef, Value},
};
use sparse_dialects::{cfir, sig};
use sparse_formats::Iteration;

pub(in crate::cfir_to_scf) struct Dedup<'c, 'a> {
    pub inner: Box<dyn LevelIterator<'c, 'a> + 'a>,
    pub runs: Runs,
}

/// How [`Dedup`] steps over a run of positions holding one coordinate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::cfir_to_scf) enum Runs {
    /// The whole run at once: each coordinate is visited once.
    Merged,
    /// One position at a time, each a run of its own.
    PerPosition,
}

impl<'c: 'a, 'a> LevelIterator<'c, 'a> for Dedup<'c, 'a> {
    fn iteration(&self) -> Iteration {
        self.inner.iteration()
    }

    fn ordered(&self) -> bool {
        self.inner.ordered()
    }

    fn init(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, parent: Parent<'c, 'a>) -> Result<Cursor<'c, 'a>, LowerError> {
        self.inner.init(emitter, place, parent)
    }

    fn coordinate(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        self.inner.coordinate(emitter, place, cursor)
    }

    fn range_end(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Option<Value<'c, 'a>> {
        self.inner.range_end(emitter, place, cursor)
    }

    fn position(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>, coordinate: Value<'c, 'a>) -> Value<'c, 'a> {
        self.inner.position(emitter, place, cursor, coordinate)
    }

    /// The first position past the run of `coordinate`: `q` from the next
    /// position while `q < end` and the coordinate at `q` is the same (on an
    /// ordered level by blocks of positions, [`Emitter::advance_prefix`]); with
    /// [`Runs::PerPosition`], the next position, which ends the run of the
    /// one just visited.
    fn next(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>, coordinate: Value<'c, 'a>) -> Next<'c, 'a> {
        debug_assert!(cursor.state.is_none(), "a nonunique level carries no state");
        if self.runs == Runs::PerPosition {
            let next = self.inner.next(emitter, place, cursor, coordinate);
            return Next { segment_end: Some(next.position), ..next };
        }
        let start = emitter.add(place, cursor.position, emitter.index(place, 1));
        let same = |here: Place<'c, 'a>, q: Value<'c, 'a>| {
            let next_coordinate = self.inner.coordinate(emitter, here, cursor.at(q));
            emitter.compare(here, arith::CmpiPredicate::Eq, next_coordinate, coordinate)
        };
        // An ordered level's run is a prefix of the rest of its segment.
        let end = match self.inner.ordered() {
            true => emitter.advance_prefix(place, start, cursor.end, &same),
            false => emitter.advance_while(place, start, cursor.end, &same),
        };
        Next { position: end, state: cursor.state, segment_end: Some(end) }
    }

    fn locate(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        parent: Value<'c, 'a>,
        coordinate: Value<'c, 'a>,
    ) -> Option<Value<'c, 'a>> {
        self.inner.locate(emitter, place, parent, coordinate)
    }
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// Whether `op`, a `cfir.while` driven by the nonunique level `id`
    /// alone, visits it with [`Runs::PerPosition`] (see the module's doc): it
    /// locates nothing and starts where the level's parent puts it (no
    /// earlier loop hands it on), its body holds only sequences and one
    /// `cfir.while` driven by the level below alone, and every
    /// `cfir.assign` and `cfir.reduce` in it writes a dense result of the
    /// kernel.
    pub(super) fn visits_per_position(&self, op: OperationRef<'c, 'a>, id: LevelId, scope: &Scope<'c, 'a>) -> Result<bool, LowerError> {
        let buffers = scope.tensor(id.tensor);
        let handed_on = self.leaves(op.operand(0)?)?.into_iter().any(|driver| scope.handoff.contains_key(&value_key(driver)));
        let stored = !buffers.format().levels[id.level].unique && buffers.slice_of(id.level).is_none();
        if self.lone_driver(op, scope)? != Some(id) || handed_on || !stored {
            return Ok(false);
        }
        let Some(body) = cfir::While::of(op).and_then(|view| view.body()) else { return Ok(false) };
        let ops = block_ops(body);
        let mut loops = ops.iter().filter(|inner| name(**inner) == cfir::While::NAME);
        let (Some(&inner), None) = (loops.next(), loops.next()) else { return Ok(false) };
        let others_are_sequences = ops.iter().all(|other| {
            let other_name = name(*other);
            *other == inner || other_name == sparse_dialects::YIELD || (other_name.starts_with("sig.") && other.region_count() == 0)
        });
        let Some(inner_view) = cfir::While::of(inner) else { return Ok(false) };
        let inner_drivers = self.leaves(inner.operand(0)?)?;
        let below = LevelId { tensor: id.tensor, level: id.level + 1 };
        // A window of the level below (`sig.slice`, not lowered yet: its
        // leaf is not known here) is not the plain walk this takes over.
        let walks_below = match inner_drivers[..] {
            [driver] if defining_op(driver).and_then(sig::Slice::of).is_none() => {
                matches!(self.leaf(driver, scope)?, Leaf::Level(level, None) if level == below)
            }
            _ => false,
        };
        if !others_are_sequences || !walks_below || inner_view.until() != cfir::Until::AnyRunsOut {
            return Ok(false);
        }
        let writes = collect(op, |write| [cfir::Assign::NAME, cfir::Reduce::NAME].contains(&name(write).as_str()));
        let dense_result = |write: &OperationRef<'c, 'a>| {
            let target = write.operand(0).ok().and_then(|target| scope.tensor_id(target));
            target.is_some_and(|target| {
                let written = scope.tensor(target);
                written.assembly.is_none() && written.workspace.is_none() && written.values.is_some()
            })
        };
        Ok(writes.iter().all(dense_result))
    }
}
