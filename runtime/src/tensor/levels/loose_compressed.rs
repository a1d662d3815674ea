//! `loose_compressed`: parent `p` owns the positions `pos[2p]..pos[2p + 1]`,
//! position `q` holding coordinate `crd[q]`. The runtime builds and accepts
//! segments that follow each other without gaps, so the level is a
//! compressed one with each segment's end written twice; a kernel reads
//! either.

use super::{compressed, stored_buffers, Assembled, LevelContext, StoredLevel};
use crate::tensor::buffer::{filled, Buffer};
use crate::tensor::validate::Ids;
use crate::tensor::TensorError;

pub(super) struct LooseCompressed;

impl StoredLevel for LooseCompressed {
    fn assemble(
        &self,
        context: &LevelContext,
        parents: usize,
        coordinates: &[usize],
        positions: &mut [usize],
    ) -> Result<Assembled, TensorError> {
        let Assembled { mut buffers, positions: count } = compressed::Compressed.assemble(context, parents, coordinates, positions)?;
        let ends = &buffers[0];
        let mut pos = filled(Buffer::Positions(context.index), parents.checked_mul(2), 0)?;
        for (parent, segment) in ends.windows(2).enumerate() {
            pos[2 * parent] = segment[0];
            pos[2 * parent + 1] = segment[1];
        }
        buffers[0] = pos;
        Ok(Assembled { buffers, positions: count })
    }

    fn children(&self, _context: &LevelContext, buffers: &[Vec<usize>], parent: usize, visit: &mut dyn FnMut(usize, usize)) {
        let [pos, crd] = stored_buffers(buffers);
        (pos[2 * parent]..pos[2 * parent + 1]).for_each(|position| visit(position, crd[position]));
    }

    /// Checks that the segments follow each other from 0 without gaps, then
    /// the level as the compressed one it then is.
    fn validate(&self, context: &LevelContext, buffers: &[&[usize]], parents: &Ids) -> Result<Ids, TensorError> {
        let [pos, crd] = stored_buffers(buffers);
        let level = context.index;
        if parents.len().checked_mul(2) != Some(pos.len()) {
            return Err(TensorError::LoosePosLength { level, parents: parents.len(), found: pos.len() });
        }
        let mut ends = Vec::with_capacity(parents.len() + 1);
        ends.push(0);
        for (parent, segment) in pos.chunks_exact(2).enumerate() {
            let previous_end = ends[parent];
            if segment[0] != previous_end {
                return Err(TensorError::LooseGap { level, parent, start: segment[0], previous_end });
            }
            ends.push(segment[1]);
        }
        compressed::validate(context, &ends, crd, parents)
    }
}
