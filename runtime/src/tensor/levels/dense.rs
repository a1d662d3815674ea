//! `dense`: every coordinate `0..N` under every parent, the coordinate `i`
//! of parent `p` at position `p * N + i`. Nothing is stored; positions that
//! no entry reaches hold the fill.

use super::{Assembled, LevelContext, StoredLevel};
use crate::tensor::validate::Ids;
use crate::tensor::TensorError;
use std::borrow::Cow;

pub(super) struct Dense;

impl StoredLevel for Dense {
    fn assemble(
        &self,
        context: &LevelContext,
        parents: usize,
        coordinates: &[usize],
        positions: &mut [usize],
    ) -> Result<Assembled, TensorError> {
        let count = dense_positions(context, parents)?;
        for (position, &coordinate) in positions.iter_mut().zip(coordinates) {
            *position = *position * context.size + coordinate;
        }
        Ok(Assembled { buffers: Vec::new(), positions: count })
    }

    /// Under the root, an entry's position is its coordinate.
    fn assemble_first(&self, context: &LevelContext, coordinates: Cow<[usize]>) -> Result<(Assembled, Vec<usize>), TensorError> {
        let count = dense_positions(context, 1)?;
        Ok((Assembled { buffers: Vec::new(), positions: count }, coordinates.into_owned()))
    }

    fn children(&self, context: &LevelContext, _buffers: &[Vec<usize>], parent: usize, visit: &mut dyn FnMut(usize, usize)) {
        let size = context.size;
        (0..size).for_each(|coordinate| visit(parent * size + coordinate, coordinate));
    }

    fn validate(&self, context: &LevelContext, _buffers: &[&[usize]], parents: &Ids) -> Result<Ids, TensorError> {
        // A dense level's parent is unique (a format rule), so its positions
        // already have distinct coordinates.
        Ok(Ids::Distinct(dense_positions(context, parents.len())?))
    }
}

/// `parents * N`, the positions of the level, or the error that they are
/// more than usize::MAX.
pub(super) fn dense_positions(context: &LevelContext, parents: usize) -> Result<usize, TensorError> {
    parents.checked_mul(context.size).ok_or(TensorError::TooLarge { level: context.index })
}
