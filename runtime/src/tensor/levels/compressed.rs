//! `compressed`: parent `p` owns the positions `pos[p]..pos[p + 1]`, position
//! `q` holding coordinate `crd[q]`. A nonunique one gives every entry its own
//! position; a unique one shares a position between the entries of one
//! parent and coordinate.

use super::{stored_buffers, Assembled, LevelContext, StoredLevel};
use crate::tensor::buffer::{filled, Buffer};
use crate::tensor::validate::{check_coordinates, check_crd_length, check_pos, Ids};
use crate::tensor::TensorError;
use std::borrow::Cow;
use std::iter::repeat_n;

pub(super) struct Compressed;

impl StoredLevel for Compressed {
    /// Counts each parent's segment in one sweep, since positions stay in
    /// entry order, then sums the counts into `pos`.
    fn assemble(
        &self,
        context: &LevelContext,
        parents: usize,
        coordinates: &[usize],
        positions: &mut [usize],
    ) -> Result<Assembled, TensorError> {
        let mut pos = filled(Buffer::Positions(context.index), parents.checked_add(1), 0)?;
        // At most one coordinate per entry; pages a unique level leaves
        // unused are never touched.
        let mut crd = Vec::with_capacity(coordinates.len());
        let mut last_stored = None;
        for (position, &coordinate) in positions.iter_mut().zip(coordinates) {
            let key = (*position, coordinate);
            if !context.level.unique || last_stored != Some(key) {
                crd.push(coordinate);
                pos[key.0 + 1] += 1;
                last_stored = Some(key);
            }
            *position = crd.len() - 1;
        }
        for parent in 0..parents {
            pos[parent + 1] += pos[parent];
        }
        let count = crd.len();
        Ok(Assembled { buffers: vec![pos, crd], positions: count })
    }

    /// Last, every entry has a position of its own: two entries could share
    /// one only by having the same parent and coordinate on a unique level,
    /// but entries come combined when the last level is unique (the
    /// format's uniqueness), and every kind that may stand above a
    /// compressed level gives distinct coordinates distinct positions. The
    /// column is `crd` as it is.
    fn assemble_last(
        &self,
        context: &LevelContext,
        parents: usize,
        (coordinates, _): (Cow<[usize]>, &dyn Fn(usize) -> bool),
        positions: &mut [usize],
    ) -> Result<Assembled, TensorError> {
        debug_assert!(
            !context.level.unique
                || (1..positions.len())
                    .all(|entry| (positions[entry - 1], coordinates[entry - 1]) != (positions[entry], coordinates[entry])),
            "entries are combined"
        );
        let mut pos = filled(Buffer::Positions(context.index), parents.checked_add(1), 0)?;
        for (entry, position) in positions.iter_mut().enumerate() {
            pos[*position + 1] += 1;
            *position = entry;
        }
        for parent in 0..parents {
            pos[parent + 1] += pos[parent];
        }
        Ok(Assembled { buffers: vec![pos, coordinates.into_owned()], positions: positions.len() })
    }

    fn children(&self, _context: &LevelContext, buffers: &[Vec<usize>], parent: usize, visit: &mut dyn FnMut(usize, usize)) {
        let [pos, crd] = stored_buffers(buffers);
        children(pos, crd, parent, visit);
    }

    fn validate(&self, context: &LevelContext, buffers: &[&[usize]], parents: &Ids) -> Result<Ids, TensorError> {
        let [pos, crd] = stored_buffers(buffers);
        validate(context, pos, crd, parents)
    }
}

/// The positions `pos[parent]..pos[parent + 1]` with their coordinates: the
/// walk of any level that lists its coordinates this way.
pub(super) fn children(pos: &[usize], crd: &[usize], parent: usize, visit: &mut dyn FnMut(usize, usize)) {
    (pos[parent]..pos[parent + 1]).for_each(|position| visit(position, crd[position]));
}

/// Whether every segment of `crd` that `pos` (checked) delimits increases
/// strictly and stays below `size`: an ordered unique level's storage, the
/// common case, checked in passes that vectorize. Every adjacent pair that
/// does not increase must straddle a segment boundary; when one does not,
/// the general check finds the first fault to report.
///
/// The comparisons are sign bits of differences, which vectorize at the
/// x86-64 baseline (it has no 64-bit vector compare): `c` is in range when
/// neither `c` nor `size - 1 - c` has its top bit set; then every
/// coordinate is below 2^63, and a pair does not increase when `next -
/// prev - 1` has it set. A size of 2^63 or more is left to the general
/// check.
fn sorted_unique_in_range(pos: &[usize], crd: &[usize], size: usize) -> bool {
    const TOP: u32 = usize::BITS - 1;
    let Some(last) = size.checked_sub(1) else { return crd.is_empty() };
    if last >> TOP != 0 {
        // No dimension is this long (sizes are MLIR's `index`, at most 2^63 - 1).
        return false;
    }
    // One pass: the top bits of every coordinate and its distance to the
    // last, and the number of adjacent pairs that do not increase.
    let first = crd.first().map_or(0, |&coordinate| coordinate | last.wrapping_sub(coordinate));
    let (bits, descents) = crd.iter().skip(1).zip(crd).fold((first, 0usize), |(bits, descents), (&next, &prev)| {
        (bits | next | last.wrapping_sub(next), descents + (next.wrapping_sub(prev).wrapping_sub(1) >> TOP))
    });
    let in_range = bits >> TOP == 0;
    // The start of each non-empty segment but the first is one boundary.
    let at_boundaries: usize = pos
        .windows(2)
        .filter(|segment| segment[0] > 0 && segment[0] < segment[1])
        .map(|segment| usize::from(crd[segment[0] - 1] >= crd[segment[0]]))
        .sum();
    in_range && descents == at_boundaries
}

/// Checks `pos` and `crd` as a compressed level's.
pub(super) fn validate(context: &LevelContext, pos: &[usize], crd: &[usize], parents: &Ids) -> Result<Ids, TensorError> {
    check_pos(context.index, pos, parents.len())?;
    check_crd_length(context.index, crd, pos[parents.len()])?;
    let level = context.level;
    if level.ordered && level.unique && matches!(parents, Ids::Distinct(_)) && sorted_unique_in_range(pos, crd, context.size) {
        return Ok(Ids::Distinct(crd.len()));
    }
    let parent_of = pos.windows(2).enumerate().flat_map(|(parent, segment)| repeat_n(parent, segment[1] - segment[0]));
    check_coordinates(context, parents, crd, parent_of)
}

#[cfg(test)]
mod tests {
    use super::sorted_unique_in_range;

    #[test]
    fn the_fast_check_accepts_sorted_segments_and_nothing_else() {
        // Rows [1, 3], [], [0, 2], [] of a 3x4 matrix: descents only between rows.
        assert!(sorted_unique_in_range(&[0, 2, 2, 4, 4], &[1, 3, 0, 2], 4));
        assert!(sorted_unique_in_range(&[0, 0, 0], &[], 4));
        assert!(!sorted_unique_in_range(&[0, 2, 2, 4, 4], &[1, 3, 0, 4], 4), "out of range");
        assert!(!sorted_unique_in_range(&[0, 2, 2, 4, 4], &[3, 1, 0, 2], 4), "unordered in a row");
        assert!(!sorted_unique_in_range(&[0, 2, 2, 4, 4], &[1, 1, 0, 2], 4), "repeated in a row");
        // A descent inside a row and an ascent across the boundary: counts alone would match.
        assert!(!sorted_unique_in_range(&[0, 2, 4], &[0, 1, 3, 2], 4));
        // Coordinates at the top of the range of usize, and a level of size 0.
        assert!(!sorted_unique_in_range(&[0, 2], &[0, usize::MAX], 4), "far out of range");
        assert!(!sorted_unique_in_range(&[0, 2], &[0, 1 << 63], 4), "out of range by the top bit");
        assert!(!sorted_unique_in_range(&[0, 2], &[1 << 62, 3], 1 << 63), "a descent between huge coordinates");
        assert!(sorted_unique_in_range(&[0, 2], &[3, (1 << 63) - 1], 1 << 63));
        assert!(!sorted_unique_in_range(&[0, 2], &[3, 1 << 63], 1 << 63));
        assert!(!sorted_unique_in_range(&[0, 2], &[3, 4], usize::MAX), "left to the general check");
        assert!(sorted_unique_in_range(&[0, 0], &[], 0));
        assert!(!sorted_unique_in_range(&[0, 1], &[0], 0), "nothing is in range of size 0");
    }
}
