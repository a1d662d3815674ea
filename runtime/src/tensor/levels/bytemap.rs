//! `bytemap` (Finch's SparseBytemap): the coordinate `c` of parent `p` is at
//! position `p · N + c`, as in a dense level; `bitmap[p · N + c]` is 1 when
//! it is stored, and `crd[pos[p]..pos[p + 1]]` lists the stored coordinates
//! in order. Positions no entry reaches hold the fill.

use super::compressed;
use super::dense::dense_positions;
use super::{stored_buffers, Assembled, LevelContext, StoredLevel};
use crate::tensor::buffer::{filled, Buffer};
use crate::tensor::validate::Ids;
use crate::tensor::TensorError;

pub(super) struct Bytemap;

impl StoredLevel for Bytemap {
    /// Entries with the previous entry's parent and coordinate share its
    /// position (the level is unique); each new one is listed and marked.
    fn assemble(
        &self,
        context: &LevelContext,
        parents: usize,
        coordinates: &[usize],
        positions: &mut [usize],
    ) -> Result<Assembled, TensorError> {
        let count = dense_positions(context, parents)?;
        let mut pos = filled(Buffer::Positions(context.index), parents.checked_add(1), 0)?;
        let mut bitmap = filled(Buffer::Bitmap(context.index), Some(count), 0)?;
        let mut crd = Vec::new();
        for (position, &coordinate) in positions.iter_mut().zip(coordinates) {
            let parent = *position;
            *position = parent * context.size + coordinate;
            if bitmap[*position] == 0 {
                bitmap[*position] = 1;
                crd.push(coordinate);
                pos[parent + 1] += 1;
            }
        }
        for parent in 0..parents {
            pos[parent + 1] += pos[parent];
        }
        Ok(Assembled { buffers: vec![pos, crd, bitmap], positions: count })
    }

    fn children(&self, context: &LevelContext, buffers: &[Vec<usize>], parent: usize, visit: &mut dyn FnMut(usize, usize)) {
        let size = context.size;
        let [pos, crd, _] = stored_buffers(buffers);
        (pos[parent]..pos[parent + 1]).for_each(|q| visit(parent * size + crd[q], crd[q]));
    }

    /// `pos` and `crd` as a compressed level's; the bitmap has one entry per
    /// position and marks exactly the listed coordinates.
    fn validate(&self, context: &LevelContext, buffers: &[&[usize]], parents: &Ids) -> Result<Ids, TensorError> {
        let [pos, crd, bitmap] = stored_buffers(buffers);
        let level = context.index;
        compressed::validate(context, pos, crd, parents)?;
        let count = dense_positions(context, parents.len())?;
        if bitmap.len() != count {
            return Err(TensorError::BitmapLength { level, expected: count, found: bitmap.len() });
        }
        let marked = bitmap.iter().filter(|&&bit| bit != 0).count();
        let listed_and_marked = (0..parents.len())
            .flat_map(|parent| (pos[parent]..pos[parent + 1]).map(move |q| (parent, q)))
            .all(|(parent, q)| bitmap[parent * context.size + crd[q]] == 1);
        if marked != crd.len() || !listed_and_marked || bitmap.iter().any(|&bit| bit > 1) {
            return Err(TensorError::BitmapMismatch { level, marked, listed: crd.len() });
        }
        Ok(Ids::Distinct(count))
    }
}

#[cfg(test)]
mod tests {
    use crate::tensor::test_levels::{bytemap, dense, small_rows_of};
    use crate::tensor::{Tensor, TensorError};
    use crate::LevelKind;

    fn small() -> Tensor {
        small_rows_of(LevelKind::Bytemap)
    }

    #[test]
    fn stores_densely_and_lists_what_it_stores() {
        let tensor = small();
        let bitmap = [0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1];
        assert_eq!(tensor.levels, [dense(), bytemap(&[0, 2, 2, 4], &[1, 3, 0, 3], &bitmap)]);
        assert_eq!(tensor.values, [0.0, 1.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0, 3.0, 0.0, 0.0, 4.0]);
        assert_eq!(tensor.validate(), Ok(()));
        assert_eq!(tensor.entries().len(), 4, "only the listed coordinates are entries");
    }

    #[test]
    fn rejects_a_bitmap_that_disagrees_with_the_list() {
        let broken = |bitmap: &[usize]| {
            let mut tensor = small();
            tensor.levels[1] = bytemap(&[0, 2, 2, 4], &[1, 3, 0, 3], bitmap);
            tensor.validate()
        };
        assert_eq!(broken(&[0, 1, 0, 1]), Err(TensorError::BitmapLength { level: 1, expected: 12, found: 4 }));
        let extra = [1, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1];
        assert_eq!(broken(&extra), Err(TensorError::BitmapMismatch { level: 1, marked: 5, listed: 4 }));
        let moved = [0, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 1];
        assert_eq!(broken(&moved), Err(TensorError::BitmapMismatch { level: 1, marked: 4, listed: 4 }));
    }
}
