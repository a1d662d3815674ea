//! `compressed`: parent `p` owns the positions `pos[p]..pos[p + 1]`, position
//! `q` holding coordinate `crd[q]`. A nonunique one gives every entry its own
//! position; a unique one shares a position between the entries of one
//! parent and coordinate.

use super::{stored_buffers, Assembled, LevelContext, StoredLevel};
use crate::tensor::buffer::{filled, Buffer};
use crate::tensor::validate::{check_coordinates, check_crd_length, check_pos, Ids};
use crate::tensor::TensorError;
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
        let mut crd = Vec::new();
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

/// Checks `pos` and `crd` as a compressed level's.
pub(super) fn validate(context: &LevelContext, pos: &[usize], crd: &[usize], parents: &Ids) -> Result<Ids, TensorError> {
    check_pos(context.index, pos, parents.len())?;
    check_crd_length(context.index, crd, pos[parents.len()])?;
    let parent_of = pos.windows(2).enumerate().flat_map(|(parent, segment)| repeat_n(parent, segment[1] - segment[0]));
    check_coordinates(context, parents, crd, parent_of)
}
