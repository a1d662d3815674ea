//! Building the level buffers and values of a tensor from its entries,
//! level by level, each level by its kind's file under `levels/`.

use super::buffer::{filled, Buffer};
use super::levels::{stored_level, LevelContext};
use super::{LevelStorage, TensorError};
use crate::value::Scalar;
use crate::Level;
use std::borrow::Cow;

/// Stores the entries whose level coordinates are `columns` (one per level)
/// and whose values are `values` under `levels` of `sizes`. Each column is
/// dropped once its level is built, so owned columns give back their
/// memory as the levels take theirs; an owned first column of a dense level
/// becomes the entries' positions, and an owned last column of a
/// compressed level its `crd`, without a copy.
///
/// The entries must be sorted by level coordinates, already combined where
/// the format is unique, and must fit a valid format. Each level gives every
/// entry its position on it from its position on the level above; positions
/// stay in entry order, which is what lets a level build its buffers in one
/// sweep. Buffers whose lengths the sizes set are allocated by [`filled`], so
/// one too large for a kernel's index or for memory is an error. When every
/// entry has the position of its index and no other position is stored (a
/// compressed or singleton last level), `values` are the tensor's values as
/// they are, not copied.
pub(super) fn assemble<V: Scalar>(
    levels: &[Level],
    sizes: &[usize],
    fill: V,
    columns: Vec<Cow<[usize]>>,
    values: Vec<V>,
) -> Result<(Vec<LevelStorage>, Vec<V>), TensorError> {
    let mut positions = Vec::new();
    let mut count: usize = 1;
    let mut storage = Vec::with_capacity(levels.len());
    for (index, ((&level, &size), coordinates)) in levels.iter().zip(sizes).zip(columns).enumerate() {
        let stored = stored_level(level.kind);
        let context = LevelContext { index, level, size };
        let assembled = if index + 1 == levels.len() {
            if index == 0 {
                positions = vec![0; values.len()];
            }
            // Whether each entry holds its predecessor's value: a level of
            // runs merges those (no entry holds the fill).
            let repeats = |e: usize| e > 0 && values[e] == values[e - 1];
            stored.assemble_last(&context, count, (coordinates, &repeats), &mut positions)?
        } else if index == 0 {
            let (assembled, first_positions) = stored.assemble_first(&context, coordinates)?;
            positions = first_positions;
            assembled
        } else {
            stored.assemble(&context, count, &coordinates, &mut positions)?
        };
        count = assembled.positions;
        storage.push(LevelStorage::new(level.kind, assembled.buffers));
    }
    if count == values.len() && positions.iter().enumerate().all(|(entry, &position)| entry == position) {
        return Ok((storage, values));
    }
    let mut stored = filled(Buffer::Values, Some(count), fill)?;
    for (&position, value) in positions.iter().zip(values) {
        stored[position] = value;
    }
    Ok((storage, stored))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tensor::test_levels::{compressed, dense, singleton};
    use crate::tensor::{BufferError, MAX_SIZE};
    use crate::LevelKind;

    fn entry(coordinates: &[usize], value: f64) -> (Vec<usize>, f64) {
        (coordinates.to_vec(), value)
    }

    /// [`assemble`] of `entries` given row by row.
    fn assemble_rows(
        levels: &[Level],
        sizes: &[usize],
        fill: f64,
        entries: &[(Vec<usize>, f64)],
    ) -> Result<(Vec<LevelStorage>, Vec<f64>), TensorError> {
        let columns: Vec<Vec<usize>> = (0..levels.len()).map(|level| entries.iter().map(|(point, _)| point[level]).collect()).collect();
        let values: Vec<f64> = entries.iter().map(|&(_, value)| value).collect();
        assemble(levels, sizes, fill, columns.into_iter().map(Cow::Owned).collect(), values)
    }

    #[test]
    fn a_nonunique_level_gives_every_entry_a_position_and_a_singleton_follows_it() {
        let levels = [Level::compressed_nonunique(), Level::singleton()];
        let entries = [entry(&[0, 2], 1.0), entry(&[0, 3], 2.0), entry(&[4, 0], 3.0)];
        let (storage, values) = assemble_rows(&levels, &[5, 4], 0.0, &entries).unwrap();
        assert_eq!(storage, [compressed(&[0, 3], &[0, 0, 4]), singleton(&[2, 3, 0])]);
        assert_eq!(values, [1.0, 2.0, 3.0]);
    }

    #[test]
    fn a_unique_compressed_level_shares_positions_between_entries_of_one_parent() {
        let levels = [Level::dense(), Level::compressed(), Level::compressed()];
        let entries = [entry(&[0, 1, 0], 1.0), entry(&[0, 1, 2], 2.0), entry(&[2, 0, 1], 3.0), entry(&[2, 1, 1], 4.0)];
        let (storage, values) = assemble_rows(&levels, &[3, 2, 3], -1.0, &entries).unwrap();
        assert_eq!(storage, [dense(), compressed(&[0, 1, 1, 3], &[1, 0, 1]), compressed(&[0, 2, 3, 4], &[0, 2, 1, 1])]);
        assert_eq!(values, [1.0, 2.0, 3.0, 4.0]);
    }

    #[test]
    fn a_trailing_dense_level_stores_the_fill_around_entries() {
        let levels = [Level::compressed(), Level::dense()];
        let (storage, values) = assemble_rows(&levels, &[4, 3], 9.0, &[entry(&[3, 1], 1.0)]).unwrap();
        assert_eq!(storage, [compressed(&[0, 1], &[3]), dense()]);
        assert_eq!(values, [9.0, 1.0, 9.0]);
    }

    #[test]
    fn buffers_too_long_for_usize_or_an_index_are_errors() {
        // 3 * 6148914691236517205 dense positions are usize::MAX, so the next
        // level's pos, one longer, overflowed (and was indexed out of bounds).
        let levels = [Level::dense(), Level::dense(), Level::compressed()];
        let overflow = assemble_rows(&levels, &[3, 6148914691236517205, 1], 0.0, &[]);
        assert_eq!(overflow, Err(TensorError::Buffer(BufferError::Overflow { buffer: Buffer::Positions(2) })));
        // 2 * 2^62 values fit usize but not a signed 64-bit index (a capacity
        // overflow before).
        let unindexable = assemble_rows(&[Level::dense(), Level::dense()], &[2, 1 << 62], 0.0, &[]);
        let error = BufferError::Unindexable { buffer: Buffer::Values, elements: MAX_SIZE + 1 };
        assert_eq!(unindexable, Err(TensorError::Buffer(error)));
    }

    #[test]
    fn every_kind_is_stored() {
        for kind in LevelKind::ALL {
            let levels = [Level::dense(), Level::new(kind)];
            let entries = [entry(&[0, 1], 1.0), entry(&[1, 0], 2.0)];
            assert!(assemble_rows(&levels, &[2, 2], 0.0, &entries).is_ok(), "{kind}");
        }
    }
}
