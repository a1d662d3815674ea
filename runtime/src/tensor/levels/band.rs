//! `band` (Finch's SparseBand): parent `p` owns one block of consecutive
//! coordinates, the positions `pos[p]..pos[p + 1]`, starting at coordinate
//! `crd[p]` (0 for an empty band), so the coordinate `c` of the band is at
//! position `pos[p] + c - crd[p]`. A band spans its parent's first to last
//! entry; the positions between entries hold the fill.

use super::{stored_buffers, Assembled, LevelContext, StoredLevel};
use crate::tensor::buffer::{filled, Buffer};
use crate::tensor::validate::{check_crd_length, check_pos, Ids};
use crate::tensor::{TensorError, MAX_SIZE};

pub(super) struct Band;

impl StoredLevel for Band {
    /// Entries arrive grouped by parent and sorted within each group, since
    /// positions stay in entry order: a parent's first entry starts its band
    /// and its last one ends it.
    fn assemble(
        &self,
        context: &LevelContext,
        parents: usize,
        coordinates: &[usize],
        positions: &mut [usize],
    ) -> Result<Assembled, TensorError> {
        let mut pos = filled(Buffer::Positions(context.index), parents.checked_add(1), 0)?;
        let mut crd = filled(Buffer::Coordinates(context.index), Some(parents), 0)?;
        let mut previous_parent = None;
        for (&parent, &coordinate) in positions.iter().zip(coordinates) {
            if previous_parent != Some(parent) {
                crd[parent] = coordinate;
                previous_parent = Some(parent);
            }
            // The band's length so far; summed into `pos` below.
            pos[parent + 1] = coordinate - crd[parent] + 1;
        }
        for parent in 0..parents {
            let end = pos[parent].checked_add(pos[parent + 1]).filter(|&end| end <= MAX_SIZE);
            pos[parent + 1] = end.ok_or(TensorError::BandsTooLong { level: context.index })?;
        }
        for (position, &coordinate) in positions.iter_mut().zip(coordinates) {
            *position = pos[*position] + coordinate - crd[*position];
        }
        let count = pos[parents];
        Ok(Assembled { buffers: vec![pos, crd], positions: count })
    }

    fn children(&self, _context: &LevelContext, buffers: &[Vec<usize>], parent: usize, visit: &mut dyn FnMut(usize, usize)) {
        let [pos, crd] = stored_buffers(buffers);
        (pos[parent]..pos[parent + 1]).for_each(|position| visit(position, crd[parent] + position - pos[parent]));
    }

    /// Besides `pos` and `crd`'s lengths and `pos`'s order, every non-empty
    /// band must end inside the dimension. A band's parent is unique (a
    /// format rule) and its coordinates distinct, so its positions have
    /// distinct coordinates.
    fn validate(&self, context: &LevelContext, buffers: &[&[usize]], parents: &Ids) -> Result<Ids, TensorError> {
        let [pos, crd] = stored_buffers(buffers);
        let parents = parents.len();
        check_pos(context.index, pos, parents)?;
        check_crd_length(context.index, crd, parents)?;
        for (parent, (segment, &start)) in pos.windows(2).zip(crd).enumerate() {
            let length = segment[1] - segment[0];
            if length > 0 && start.checked_add(length).is_none_or(|end| end > context.size) {
                return Err(TensorError::BandOutOfRange { level: context.index, parent, start, length, size: context.size });
            }
        }
        Ok(Ids::Distinct(pos[parents]))
    }
}

#[cfg(test)]
mod tests {
    use crate::tensor::test_levels::{band, dense, small_rows_of};
    use crate::tensor::{Tensor, TensorError, MAX_SIZE};
    use crate::{Format, Level, LevelKind};

    fn rows_of_bands() -> Format {
        Format::new(vec![Level::dense(), Level::new(LevelKind::Band)], vec![0, 1]).unwrap()
    }

    fn small() -> Tensor {
        small_rows_of(LevelKind::Band)
    }

    /// `small()` with its band level replaced.
    fn small_with(pos: &[usize], crd: &[usize]) -> Tensor {
        let mut tensor = small();
        tensor.levels[1] = band(pos, crd);
        tensor
    }

    #[test]
    fn a_band_stores_its_gaps_and_walks_them_as_fill_entries() {
        let tensor = small();
        assert_eq!(tensor.levels, [dense(), band(&[0, 3, 3, 7], &[1, 0, 0])]);
        assert_eq!(tensor.values, [1.0, 0.0, 2.0, 3.0, 0.0, 0.0, 4.0]);
        assert_eq!(tensor.validate(), Ok(()));
        let entries = [
            (vec![0, 1], 1.0),
            (vec![0, 2], 0.0),
            (vec![0, 3], 2.0),
            (vec![2, 0], 3.0),
            (vec![2, 1], 0.0),
            (vec![2, 2], 0.0),
            (vec![2, 3], 4.0),
        ];
        assert_eq!(tensor.entries(), entries);
        assert_eq!(tensor.convert(&Format::csr()).unwrap().convert(&rows_of_bands()).unwrap(), tensor);
    }

    #[test]
    fn a_leading_band_holds_one_block_and_a_single_entry_is_a_band_of_one() {
        let entries = vec![(vec![5], 2.0), (vec![2], 1.0)];
        let vector = Tensor::from_entries(vec![8], Format::new(vec![Level::new(LevelKind::Band)], vec![0]).unwrap(), 0.0, entries);
        let vector = vector.unwrap();
        assert_eq!((vector.levels.clone(), vector.values.clone()), (vec![band(&[0, 4], &[2])], vec![1.0, 0.0, 0.0, 2.0]));
        assert_eq!(vector.to_dense(), [0.0, 0.0, 1.0, 0.0, 0.0, 2.0, 0.0, 0.0]);

        let single = Tensor::from_entries(vec![2, 5], rows_of_bands(), 0.0, vec![(vec![1, 4], 3.0)]).unwrap();
        assert_eq!((single.levels[1].clone(), single.values), (band(&[0, 0, 1], &[0, 4]), vec![3.0]));
    }

    #[test]
    fn entries_below_a_band_share_its_positions() {
        let levels = vec![Level::dense(), Level::new(LevelKind::Band), Level::compressed_nonunique(), Level::singleton()];
        let format = Format::new(levels, vec![0, 1, 2, 3]).unwrap();
        let entries = vec![(vec![0, 1, 0, 0], 1.0), (vec![0, 1, 1, 1], 2.0), (vec![0, 3, 0, 1], 3.0), (vec![1, 2, 1, 0], 4.0)];
        let tensor = Tensor::from_entries(vec![2, 4, 2, 2], format, 0.0, entries.clone()).unwrap();
        assert_eq!(tensor.validate(), Ok(()));
        assert_eq!(tensor.levels[1], band(&[0, 3, 4], &[1, 2]));
        // Band positions 0 and 2 hold entries; 1, a gap, holds none below it.
        assert_eq!(tensor.levels[2].buffers, [vec![0, 2, 2, 3, 4], vec![0, 1, 0, 1]]);
        assert_eq!(tensor.entries(), entries);
    }

    #[test]
    fn empty_tensors_have_empty_bands_starting_at_zero() {
        let empty = Tensor::from_entries(vec![2, 3], rows_of_bands(), 1.0, vec![]).unwrap();
        assert_eq!((empty.levels[1].clone(), empty.nnz()), (band(&[0, 0, 0], &[0, 0]), 0));
        assert_eq!(empty.validate(), Ok(()));
        assert_eq!(empty.to_dense(), [1.0; 6]);
        let no_rows = Tensor::from_entries(vec![0, 3], rows_of_bands(), 0.0, vec![]).unwrap();
        assert_eq!(no_rows.levels[1], band(&[0], &[]));
        assert_eq!(no_rows.validate(), Ok(()));
    }

    #[test]
    fn bands_longer_than_an_index_reaches_are_errors() {
        let ends = vec![(vec![0, 0], 1.0), (vec![0, MAX_SIZE - 1], 1.0), (vec![1, 0], 1.0), (vec![1, MAX_SIZE - 1], 1.0)];
        let error = Tensor::from_entries(vec![2, MAX_SIZE], rows_of_bands(), 0.0, ends).unwrap_err();
        assert_eq!(error, TensorError::BandsTooLong { level: 1 });
        assert_eq!(
            error.to_string(),
            "level 1: the bands would hold more than 9223372036854775807 positions, the most a kernel's signed 64-bit index reaches"
        );
    }

    #[test]
    fn rejects_broken_band_buffers() {
        let past_the_end = TensorError::BandOutOfRange { level: 1, parent: 2, start: 1, length: 4, size: 4 };
        let cases = [
            (small_with(&[0, 3, 3, 7], &[1, 0, 1]), past_the_end.clone()),
            (small_with(&[0, 3, 3, 7], &[2, 0, 0]), TensorError::BandOutOfRange { level: 1, parent: 0, start: 2, length: 3, size: 4 }),
            (
                small_with(&[0, 3, 3, 7], &[1, 0, usize::MAX]),
                TensorError::BandOutOfRange { level: 1, parent: 2, start: usize::MAX, length: 4, size: 4 },
            ),
            (small_with(&[0, 3, 3, 7], &[1, 0]), TensorError::CrdLength { level: 1, expected: 3, found: 2 }),
            (small_with(&[0, 3, 3, 7], &[1, 0, 0, 0]), TensorError::CrdLength { level: 1, expected: 3, found: 4 }),
            (small_with(&[0, 3, 2, 7], &[1, 0, 0]), TensorError::PosDecreasing { level: 1, index: 2, previous: 3, found: 2 }),
            (small_with(&[0, 3, 7], &[1, 0, 0]), TensorError::PosLength { level: 1, parents: 3, found: 3 }),
            (small_with(&[1, 3, 3, 7], &[1, 0, 0]), TensorError::PosStart { level: 1, found: 1 }),
            (small_with(&[0, 3, 3, 6], &[1, 0, 0]), TensorError::ValuesLength { expected: 6, found: 7 }),
        ];
        for (tensor, error) in cases {
            assert_eq!(tensor.validate(), Err(error));
        }
        assert_eq!(
            past_the_end.to_string(),
            "level 1: the band of parent position 2 starts at 1 and holds 4 coordinates, past the end of 0..4"
        );
        // An empty band may start anywhere; a band may end at the dimension's end.
        assert_eq!(small_with(&[0, 3, 3, 7], &[1, 9, 0]).validate(), Ok(()));
    }
}
