//! `variable_block` (Finch's SparseVBL): parent `p` owns the blocks
//! `pos[p]..pos[p + 1]`; block `b` starts at coordinate `crd[b]` and holds
//! the positions `offsets[b]..offsets[b + 1]`, one per consecutive
//! coordinate. Built from entries, a block is a maximal run of consecutive
//! stored coordinates, so nothing but entries is stored.

use super::{stored_buffers, Assembled, LevelContext, StoredLevel};
use crate::tensor::buffer::{filled, Buffer};
use crate::tensor::validate::{check_crd_length, check_pos, Ids};
use crate::tensor::TensorError;

pub(super) struct VariableBlock;

impl StoredLevel for VariableBlock {
    /// Entries arrive grouped by parent and sorted within each group. Entries
    /// with the previous entry's parent and coordinate share its position
    /// (the level is unique; they differ below it); a coordinate one past the
    /// previous one extends its block; any other opens a block.
    fn assemble(
        &self,
        context: &LevelContext,
        parents: usize,
        coordinates: &[usize],
        positions: &mut [usize],
    ) -> Result<Assembled, TensorError> {
        let mut pos = filled(Buffer::Positions(context.index), parents.checked_add(1), 0)?;
        let (mut crd, mut offsets) = (Vec::new(), Vec::new());
        let mut count = 0;
        let mut previous: Option<(usize, usize)> = None;
        for (position, &coordinate) in positions.iter_mut().zip(coordinates) {
            let parent = *position;
            if previous != Some((parent, coordinate)) {
                if previous != Some((parent, coordinate.wrapping_sub(1))) {
                    crd.push(coordinate);
                    offsets.push(count);
                    pos[parent + 1] += 1;
                }
                count += 1;
                previous = Some((parent, coordinate));
            }
            *position = count - 1;
        }
        for parent in 0..parents {
            pos[parent + 1] += pos[parent];
        }
        offsets.push(count);
        Ok(Assembled { buffers: vec![pos, crd, offsets], positions: count })
    }

    fn children(&self, _context: &LevelContext, buffers: &[Vec<usize>], parent: usize, visit: &mut dyn FnMut(usize, usize)) {
        let [pos, crd, offsets] = stored_buffers(buffers);
        for block in pos[parent]..pos[parent + 1] {
            (offsets[block]..offsets[block + 1]).for_each(|position| visit(position, crd[block] + position - offsets[block]));
        }
    }

    /// `pos` delimits each parent's blocks; `offsets` starts at 0 and
    /// increases strictly (no block is empty); every block lies inside the
    /// dimension, after the previous block of its parent. A block's parent
    /// is unique (a format rule) and its coordinates distinct, so its
    /// positions have distinct coordinates.
    fn validate(&self, context: &LevelContext, buffers: &[&[usize]], parents: &Ids) -> Result<Ids, TensorError> {
        let [pos, crd, offsets] = stored_buffers(buffers);
        let level = context.index;
        check_pos(level, pos, parents.len())?;
        let blocks = pos[parents.len()];
        check_crd_length(level, crd, blocks)?;
        if offsets.len() != blocks + 1 {
            return Err(TensorError::OffsetsLength { level, blocks, found: offsets.len() });
        }
        if offsets[0] != 0 {
            return Err(TensorError::OffsetsStart { level, found: offsets[0] });
        }
        for parent in 0..parents.len() {
            let mut previous_end = None;
            for block in pos[parent]..pos[parent + 1] {
                let (start, first, end) = (crd[block], offsets[block], offsets[block + 1]);
                if end <= first {
                    return Err(TensorError::EmptyBlock { level, block, start: first, end });
                }
                let length = end - first;
                if start.checked_add(length).is_none_or(|stop| stop > context.size) {
                    return Err(TensorError::BlockOutOfRange { level, block, start, length, size: context.size });
                }
                if let Some(previous_end) = previous_end.filter(|&previous_end| start < previous_end) {
                    return Err(TensorError::BlocksOverlap { level, block, start, previous_end });
                }
                previous_end = Some(start + length);
            }
        }
        Ok(Ids::Distinct(offsets[blocks]))
    }
}

#[cfg(test)]
mod tests {
    use crate::tensor::test_levels::{dense, variable_block};
    use crate::tensor::{Tensor, TensorError};
    use crate::{Format, Level, LevelKind};

    fn rows_of_blocks() -> Format {
        Format::new(vec![Level::dense(), Level::new(LevelKind::VariableBlock)], vec![0, 1]).unwrap()
    }

    /// The 3x6 matrix [[1 2 0 3 0 0] [0 0 0 0 0 0] [0 0 4 5 6 7]].
    fn small() -> Tensor {
        let entries = [((0, 0), 1.0), ((0, 1), 2.0), ((0, 3), 3.0), ((2, 2), 4.0), ((2, 3), 5.0), ((2, 4), 6.0), ((2, 5), 7.0)];
        Tensor::from_entries(vec![3, 6], rows_of_blocks(), 0.0, entries.iter().map(|&((i, j), v)| (vec![i, j], v)).collect()).unwrap()
    }

    #[test]
    fn blocks_are_maximal_runs_of_consecutive_entries() {
        let tensor = small();
        assert_eq!(tensor.levels, [dense(), variable_block(&[0, 2, 2, 3], &[0, 3, 2], &[0, 2, 3, 7])]);
        assert_eq!(tensor.values, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]);
        assert_eq!(tensor.validate(), Ok(()));
        let dense_array = tensor.to_dense();
        assert_eq!(dense_array[..6], [1.0, 2.0, 0.0, 3.0, 0.0, 0.0]);
        assert_eq!(dense_array[12..], [0.0, 0.0, 4.0, 5.0, 6.0, 7.0]);
    }

    #[test]
    fn an_empty_tensor_has_no_blocks() {
        let tensor = Tensor::from_entries(vec![2, 4], rows_of_blocks(), 0.0, Vec::new()).unwrap();
        assert_eq!(tensor.levels[1], variable_block(&[0, 0, 0], &[], &[0]));
        assert_eq!(tensor.validate(), Ok(()));
    }

    #[test]
    fn rejects_broken_blocks() {
        let broken = |pos: &[usize], crd: &[usize], offsets: &[usize]| {
            let mut tensor = small();
            tensor.levels[1] = variable_block(pos, crd, offsets);
            tensor.validate()
        };
        assert_eq!(broken(&[0, 2, 2, 3], &[0, 3, 2], &[0, 2, 3]), Err(TensorError::OffsetsLength { level: 1, blocks: 3, found: 3 }));
        assert_eq!(broken(&[0, 2, 2, 3], &[0, 3, 2], &[1, 2, 3, 7]), Err(TensorError::OffsetsStart { level: 1, found: 1 }));
        assert_eq!(broken(&[0, 2, 2, 3], &[0, 3, 2], &[0, 2, 2, 7]), Err(TensorError::EmptyBlock { level: 1, block: 1, start: 2, end: 2 }));
        assert_eq!(
            broken(&[0, 2, 2, 3], &[0, 3, 3], &[0, 2, 3, 7]),
            Err(TensorError::BlockOutOfRange { level: 1, block: 2, start: 3, length: 4, size: 6 })
        );
        assert_eq!(
            broken(&[0, 2, 2, 3], &[0, 1, 2], &[0, 2, 3, 7]),
            Err(TensorError::BlocksOverlap { level: 1, block: 1, start: 1, previous_end: 2 })
        );
        assert_eq!(broken(&[0, 2, 2, 3], &[0, 3], &[0, 2, 3, 7]), Err(TensorError::CrdLength { level: 1, expected: 3, found: 2 }));
    }
}
