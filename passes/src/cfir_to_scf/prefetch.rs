//! Software prefetch of the segments a loop's coming iterations visit
//! (indirect lookahead).
//!
//! A loop that walks a level's stored coordinates `k` and, at each, walks
//! the segment of another tensor's level under row `k` (Gustavson's SpGEMM:
//! `B(k, :)` for each `A(i, k)`) jumps to an unrelated place in memory at
//! every iteration, and the first read of each segment misses the caches:
//! out-of-order execution cannot hide it, because the address comes from two
//! loads that depend on each other. So each iteration reads the coordinate
//! [`PREFETCH_DISTANCE`] positions ahead (in the same coordinate buffer,
//! across segments of the outer level too: the next row's first iterations
//! are the loop's next ones), finds where that row's segment starts, and
//! prefetches its coordinates and values (`memref.prefetch`, a hint that
//! never faults).
//!
//! The pattern is asked of the iterators, not of level kinds: the loop has
//! one driver visited by position, seen through no window, whose coordinate
//! at any position of its coordinate buffer is that buffer's entry (no
//! offset or carried state); the row is level 0 of another tensor of rank
//! 2 or more, not blocked or batched, seen through no window and visited by
//! coordinate; an op of the loop's body is a loop driven by the level below
//! that root alone, visited by position, whose segment starts at a position
//! with no offset or state besides. The coordinate read ahead is clamped to
//! the root's dimension, so every load the lookahead makes is in bounds (the
//! root has a coordinate whenever the body runs). Nothing is prefetched in a
//! row workspace's bounding pass, which reads none of it, and no values in a
//! counting pass.

use super::error::LowerError;
use super::iterator::{Cursor, LevelId, LevelIterator, Parent};
use super::storage::Buffers;
use super::workspace::Workspace;
use super::{Emitter, Leaf, Scope};
use crate::place::Place;
use melior::ir::{block::BlockLike, operation::OperationLike, BlockRef, Value};
use sparse_formats::{Iteration, LevelBuffer};

/// How many positions ahead of the current one the lookahead reads.
const PREFETCH_DISTANCE: i64 = 8;

/// The one driver of a loop: its iterator, its level, and where it is.
pub(super) struct Driver<'d, 'c, 'a> {
    pub iterator: &'d dyn LevelIterator<'c, 'a>,
    pub level: LevelId,
    pub cursor: Cursor<'c, 'a>,
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// Prefetches, at `place` in the body of a loop driven alone by
    /// `driver`, the segments that its iteration `PREFETCH_DISTANCE`
    /// positions ahead will walk in the loops of `body`: those of the levels
    /// below the roots the loop locates (`located`, bound in `scope`).
    pub(super) fn prefetch_ahead(
        &self,
        driver: Driver<'_, 'c, 'a>,
        located: &[Leaf<'c, 'a>],
        body: BlockRef<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let Driver { iterator: driver, level: driver_id, cursor } = driver;
        if driver.iteration() != Iteration::Positions || cursor.offset.is_some() || cursor.state.is_some() {
            return Ok(());
        }
        // A row workspace's bounding pass reads none of what would be
        // fetched, and a counting pass reads no values.
        let bounding = |buffers: &Buffers<'c, 'a>| matches!(&buffers.workspace, Some(Workspace::Row(row)) if row.is_bounding());
        if scope.tensors.values().any(bounding) {
            return Ok(());
        }
        let counting = |buffers: &Buffers<'c, 'a>| {
            buffers.assembly.is_some_and(|assembly| !assembly.fill)
                || matches!(&buffers.workspace, Some(Workspace::Row(row)) if row.is_counting())
        };
        let values_read = !scope.tensors.values().any(counting);
        let Some(coordinates) = scope.tensor(driver_id.tensor).level_buffer(driver_id.level, LevelBuffer::Coordinates) else {
            return Ok(());
        };
        let walked = self.walked_below_roots(located, body, scope)?;
        if walked.is_empty() {
            return Ok(());
        }
        let one = self.index(place, 1);
        let last = self.sub(place, self.length(place, coordinates), one);
        let ahead = self.min(place, self.add(place, cursor.position, self.index(place, PREFETCH_DISTANCE)), last);
        let coordinate = driver.coordinate(self, place, cursor.at(ahead));
        for (root, level) in walked {
            let buffers = scope.tensor(root.tensor);
            let dim = buffers.dims[buffers.format().dim_to_lvl[0]];
            let row = self.min(place, coordinate, self.sub(place, dim, one));
            let root_iterator = super::levels::level_iterator(root, buffers)?;
            let Some(position) = root_iterator.locate(self, place, self.index(place, 0), row) else { continue };
            // The segment as stored, whatever window a view puts on it; a
            // level whose buffers a position does not index alone (an
            // offset or a state besides) is not fetched.
            let walk = super::levels::stored_iterator(level, buffers)?;
            let start = walk.init(self, place, Parent::At { position, segment_end: None })?;
            if start.offset.is_some() || start.state.is_some() {
                continue;
            }
            let mut targets = vec![buffers.level_buffer(level.level, LevelBuffer::Coordinates)];
            if level.level + 1 == buffers.format().rank() && values_read {
                targets.push(buffers.values);
            }
            for target in targets.into_iter().flatten() {
                self.prefetch(target, start.position, place);
            }
        }
        Ok(())
    }

    /// The levels that loops of `body` walk by position directly below a
    /// root of `located` visited by coordinate, with that root.
    fn walked_below_roots(
        &self,
        located: &[Leaf<'c, 'a>],
        body: BlockRef<'c, 'a>,
        scope: &Scope<'c, 'a>,
    ) -> Result<Vec<(LevelId, LevelId)>, LowerError> {
        let mut walked = Vec::new();
        for leaf in located {
            let Leaf::Level(root, None) = *leaf else { continue };
            let buffers = scope.tensor(root.tensor);
            let format = buffers.format();
            if root.level != 0 || format.rank() < 2 || format.is_blocked() || format.batched() {
                continue;
            }
            if super::levels::level_iterator(root, buffers)?.iteration() != Iteration::Coordinates {
                continue;
            }
            let below = LevelId { tensor: root.tensor, level: 1 };
            if super::levels::level_iterator(below, buffers)?.iteration() != Iteration::Positions {
                continue;
            }
            let mut next = body.first_operation();
            while let Some(op) = next {
                next = op.next_in_block();
                if sparse_dialects::cfir::While::of(op).is_none() {
                    continue;
                }
                let drivers = self.leaves(op.operand(0)?)?;
                let drives_below = |driver: &Value<'c, 'a>| matches!(self.leaf(*driver, scope), Ok(Leaf::Level(id, None)) if id == below && !scope.levels.contains_key(&id));
                if drivers.len() == 1 && drives_below(&drivers[0]) && !walked.contains(&(root, below)) {
                    walked.push((root, below));
                }
            }
        }
        Ok(walked)
    }

    /// `memref.prefetch buffer[index], read, locality<3>, data`.
    fn prefetch(&self, buffer: Value<'c, 'a>, index: Value<'c, 'a>, place: Place<'c, 'a>) {
        place.put(crate::ir::prefetch(self.context, buffer, index, self.location));
    }
}
