//! The structural check of a tensor's buffers, what the runtime runs on
//! buffers a compiled kernel returns before it reads them: the walk over the
//! levels, each checked by its kind's file under `levels/`, and the checks
//! of `pos` and `crd` those files share.

use super::levels::{stored_level, LevelContext};
use super::{check_shape, level_sizes, Tensor, TensorError};
use crate::{Format, LevelKind};
use std::collections::hash_map::{Entry, HashMap};

impl<V> Tensor<V> {
    /// Checks that the buffers are a storage of the format: the shape has
    /// the format's rank and sizes a kernel can index, every level's storage
    /// has the level's kind and as many buffers as the kind stores, and they
    /// are a storage of that kind (each level file says what that takes:
    /// `pos` has one element per parent position plus one, starts at 0 and
    /// never decreases, `crd` has the elements its kind needs and each is
    /// within its dimension, coordinates are sorted on ordered levels and
    /// never repeat on unique ones), and there is one value per position of
    /// the last level.
    pub fn validate(&self) -> Result<(), TensorError> {
        let levels: Vec<StorageView> = self
            .levels
            .iter()
            .map(|storage| StorageView { kind: storage.kind, buffers: storage.buffers.iter().map(Vec::as_slice).collect() })
            .collect();
        validate_storage(&self.shape, &self.format, &levels, Some(self.values.len()))
    }
}

/// One level's buffers, borrowed: what [`validate_storage`] checks of
/// buffers a host holds (a kernel's arguments, passed without a copy).
pub struct StorageView<'b> {
    pub kind: LevelKind,
    pub buffers: Vec<&'b [usize]>,
}

/// [`Tensor::validate`] of a tensor of `shape` and `format` whose levels
/// hold `levels` and which has `values` values (`None`: the tensor stores
/// none, as a pattern, and they are not counted).
pub fn validate_storage(shape: &[usize], format: &Format, levels: &[StorageView], values: Option<usize>) -> Result<(), TensorError> {
    check_shape(shape, format)?;
    if format.batched() {
        return Err(TensorError::BatchedUnchecked);
    }
    let rank = format.rank();
    if levels.len() != rank {
        return Err(TensorError::StorageCount { expected: rank, found: levels.len() });
    }
    let sizes = level_sizes(shape, format);
    let mut ids = Ids::Distinct(1);
    for (index, ((&level, storage), &size)) in format.levels.iter().zip(levels).zip(&sizes).enumerate() {
        if storage.kind != level.kind {
            return Err(TensorError::StorageKind { level: index, expected: level.kind, found: storage.kind });
        }
        let stored = stored_level(level.kind);
        let expected = level.buffers().len();
        if storage.buffers.len() != expected {
            return Err(TensorError::BufferCount { level: index, kind: level.kind, expected, found: storage.buffers.len() });
        }
        ids = stored.validate(&LevelContext { index, level, size }, &storage.buffers, &ids)?;
    }
    match values {
        Some(found) if found != ids.len() => Err(TensorError::ValuesLength { expected: ids.len(), found }),
        _ => Ok(()),
    }
}

/// Checks that `pos` delimits one segment per parent position.
pub(super) fn check_pos(level: usize, pos: &[usize], parents: usize) -> Result<(), TensorError> {
    if parents.checked_add(1) != Some(pos.len()) {
        return Err(TensorError::PosLength { level, parents, found: pos.len() });
    }
    if pos[0] != 0 {
        return Err(TensorError::PosStart { level, found: pos[0] });
    }
    match pos.windows(2).position(|pair| pair[1] < pair[0]) {
        Some(index) => Err(TensorError::PosDecreasing { level, index: index + 1, previous: pos[index], found: pos[index + 1] }),
        None => Ok(()),
    }
}

pub(super) fn check_crd_length(level: usize, crd: &[usize], expected: usize) -> Result<(), TensorError> {
    if crd.len() == expected {
        Ok(())
    } else {
        Err(TensorError::CrdLength { level, expected, found: crd.len() })
    }
}

/// Which positions of a level have the same coordinates on it and on every
/// level above: the identity of a position's coordinate tuple, so that order
/// and uniqueness are judged by coordinates and not by where a parent sits.
pub(super) enum Ids {
    /// Every one of this many positions has its own coordinates.
    Distinct(usize),
    /// Positions with equal ids have equal coordinates (below a nonunique
    /// level).
    Shared(Vec<usize>),
}

impl Ids {
    /// The number of positions.
    pub(super) fn len(&self) -> usize {
        match self {
            Self::Distinct(count) => *count,
            Self::Shared(ids) => ids.len(),
        }
    }

    fn of(&self, position: usize) -> usize {
        match self {
            Self::Distinct(_) => position,
            Self::Shared(ids) => ids[position],
        }
    }
}

/// Checks the coordinates `crd` of a level whose positions each hold one
/// coordinate, the level of `context`, whose positions lie under the parent
/// positions `parent_of` (one per position) with `parent_ids`: each
/// coordinate is in range, sorted among positions with the same parent
/// coordinates if the level is ordered, and new under its parent coordinates
/// if it is unique. Returns the ids of the level's positions.
pub(super) fn check_coordinates(
    context: &LevelContext,
    parent_ids: &Ids,
    crd: &[usize],
    parent_of: impl Iterator<Item = usize> + Clone,
) -> Result<Ids, TensorError> {
    let LevelContext { index, level, size } = *context;
    if level.ordered {
        let groups = parent_of.clone().map(|parent| parent_ids.of(parent));
        if let Some(checked) = check_ordered_coordinates(context, crd, groups) {
            return checked;
        }
    }
    // The id given to each (parent id, coordinate) seen so far.
    let mut seen = HashMap::new();
    let mut ids = Vec::with_capacity(crd.len());
    let mut previous = None;
    for ((position, &coordinate), parent) in crd.iter().enumerate().zip(parent_of) {
        if coordinate >= size {
            return Err(TensorError::CrdOutOfRange { level: index, index: position, coordinate, size });
        }
        let parent_id = parent_ids.of(parent);
        if let Some((previous_parent, previous)) = previous {
            if level.ordered && previous_parent == parent_id && previous > coordinate {
                return Err(TensorError::Unordered { level: index, index: position, previous, found: coordinate });
            }
        }
        previous = Some((parent_id, coordinate));
        let next_id = seen.len();
        match seen.entry((parent_id, coordinate)) {
            Entry::Occupied(_) if level.unique => {
                return Err(TensorError::Duplicate { level: index, index: position, coordinate });
            }
            Entry::Occupied(entry) => ids.push(*entry.get()),
            Entry::Vacant(entry) => ids.push(*entry.insert(next_id)),
        }
    }
    Ok(if level.unique { Ids::Distinct(crd.len()) } else { Ids::Shared(ids) })
}

/// [`check_coordinates`] of an ordered level whose positions come in
/// groups of equal parent coordinates (`groups`: the parent id of each
/// position) one group after another, as under a compressed level's
/// segments or a sorted COO's rows: equal coordinates under one parent are
/// then neighbours, and no map of those seen is needed. `None` when a group
/// comes back after another (ids number the groups in the order they first
/// come, so a smaller one is an earlier group): only the map tells then.
/// What it finds before that is what the map would find.
fn check_ordered_coordinates(
    context: &LevelContext,
    crd: &[usize],
    groups: impl Iterator<Item = usize>,
) -> Option<Result<Ids, TensorError>> {
    let LevelContext { index, level, size } = *context;
    let mut ids: Vec<usize> = Vec::new();
    let mut previous = None;
    for ((position, &coordinate), group) in crd.iter().enumerate().zip(groups) {
        if coordinate >= size {
            return Some(Err(TensorError::CrdOutOfRange { level: index, index: position, coordinate, size }));
        }
        let repeated = match previous {
            Some((previous_group, _)) if group < previous_group => return None,
            Some((previous_group, previous)) if previous_group == group => {
                if previous > coordinate {
                    return Some(Err(TensorError::Unordered { level: index, index: position, previous, found: coordinate }));
                }
                previous == coordinate
            }
            _ => false,
        };
        if repeated && level.unique {
            return Some(Err(TensorError::Duplicate { level: index, index: position, coordinate }));
        }
        if !level.unique {
            let last = ids.last().copied();
            ids.push(match (repeated, last) {
                (true, Some(last)) => last,
                (_, last) => last.map_or(0, |last| last + 1),
            });
        }
        previous = Some((group, coordinate));
    }
    Some(Ok(if level.unique { Ids::Distinct(crd.len()) } else { Ids::Shared(ids) }))
}

#[cfg(test)]
mod tests {
    use crate::tensor::test_levels::{compressed, dense, singleton};
    use crate::tensor::{LevelStorage, Tensor, TensorError, MAX_SIZE};
    use crate::{Format, FormatError, Level, LevelKind};

    /// The 3x4 CSR matrix with pos [0, 2, 2, 4] and crd [1, 3, 0, 3].
    fn csr() -> Tensor {
        let entries = vec![(vec![0, 1], 1.0), (vec![0, 3], 2.0), (vec![2, 0], 3.0), (vec![2, 3], 4.0)];
        Tensor::from_entries(vec![3, 4], Format::csr(), 0.0, entries).unwrap()
    }

    /// `csr()` with its compressed level replaced.
    fn csr_with(pos: &[usize], crd: &[usize]) -> Tensor {
        let mut tensor = csr();
        tensor.levels[1] = compressed(pos, crd);
        tensor
    }

    /// A 2x3 COO tensor with the given level formats and buffers.
    fn coo_with(levels: Vec<Level>, rows: &[usize], columns: &[usize]) -> Tensor {
        Tensor {
            shape: vec![2, 3],
            format: Format::new(levels, vec![0, 1]).unwrap(),
            fill: 0.0,
            levels: vec![compressed(&[0, rows.len()], rows), singleton(columns)],
            values: vec![1.0; rows.len()],
        }
    }

    #[test]
    fn accepts_what_from_entries_builds() {
        assert_eq!(csr().validate(), Ok(()));
    }

    #[test]
    fn rejects_broken_compressed_buffers() {
        let cases = [
            (csr_with(&[0, 2, 2], &[1, 3, 0, 3]), TensorError::PosLength { level: 1, parents: 3, found: 3 }),
            (csr_with(&[1, 2, 2, 4], &[1, 3, 0, 3]), TensorError::PosStart { level: 1, found: 1 }),
            (csr_with(&[0, 2, 1, 4], &[1, 3, 0, 3]), TensorError::PosDecreasing { level: 1, index: 2, previous: 2, found: 1 }),
            (csr_with(&[0, 2, 2, 5], &[1, 3, 0, 3]), TensorError::CrdLength { level: 1, expected: 5, found: 4 }),
            (csr_with(&[0, 2, 2, 4], &[1, 4, 0, 3]), TensorError::CrdOutOfRange { level: 1, index: 1, coordinate: 4, size: 4 }),
            (csr_with(&[0, 2, 2, 4], &[3, 1, 0, 3]), TensorError::Unordered { level: 1, index: 1, previous: 3, found: 1 }),
            (csr_with(&[0, 2, 2, 4], &[1, 3, 3, 3]), TensorError::Duplicate { level: 1, index: 3, coordinate: 3 }),
        ];
        for (tensor, error) in cases {
            assert_eq!(tensor.validate(), Err(error));
        }
        // Coordinates may drop between segments: each row starts afresh.
        assert_eq!(csr_with(&[0, 2, 2, 4], &[1, 3, 0, 1]).validate(), Ok(()));
    }

    #[test]
    fn rejects_loose_segments_with_gaps_or_a_wrong_count() {
        let loose = |pos: &[usize]| {
            let mut tensor = csr();
            tensor.format.levels[1] = Level::new(LevelKind::LooseCompressed);
            tensor.levels[1] = LevelStorage::new(LevelKind::LooseCompressed, vec![pos.to_vec(), vec![1, 3, 0, 3]]);
            tensor
        };
        assert_eq!(loose(&[0, 2, 2, 2, 2, 4]).validate(), Ok(()));
        assert_eq!(loose(&[0, 2, 2, 4]).validate(), Err(TensorError::LoosePosLength { level: 1, parents: 3, found: 4 }));
        let gap = TensorError::LooseGap { level: 1, parent: 2, start: 3, previous_end: 2 };
        assert_eq!(loose(&[0, 2, 2, 2, 3, 4]).validate(), Err(gap));
        assert_eq!(loose(&[0, 2, 2, 2, 2, 5]).validate(), Err(TensorError::CrdLength { level: 1, expected: 5, found: 4 }));
    }

    #[test]
    fn rejects_mismatched_levels_values_and_shape() {
        let mut tensor = csr();
        tensor.values.pop();
        assert_eq!(tensor.validate(), Err(TensorError::ValuesLength { expected: 4, found: 3 }));

        let mut tensor = csr();
        tensor.levels[1] = singleton(&[0, 1, 2]);
        let error = TensorError::StorageKind { level: 1, expected: LevelKind::Compressed, found: LevelKind::Singleton };
        assert_eq!(tensor.validate(), Err(error.clone()));
        assert_eq!(error.to_string(), "level 1 is compressed in the format but its storage is singleton");

        let mut tensor = csr();
        tensor.levels[1].buffers.pop();
        let error = TensorError::BufferCount { level: 1, kind: LevelKind::Compressed, expected: 2, found: 1 };
        assert_eq!(tensor.validate(), Err(error.clone()));
        assert_eq!(error.to_string(), "level 1 is compressed, which stores 2 buffers, but its storage has 1");

        let mut tensor = csr();
        tensor.levels.pop();
        assert_eq!(tensor.validate(), Err(TensorError::StorageCount { expected: 2, found: 1 }));

        let mut tensor = csr();
        tensor.shape.push(1);
        assert_eq!(tensor.validate(), Err(TensorError::Rank { shape: 3, dims: 2 }));

        // A kernel's negative size, read back as usize.
        let mut tensor = csr();
        tensor.shape[1] = -1i64 as usize;
        assert_eq!(tensor.validate(), Err(TensorError::Dimension { dim: 1, size: usize::MAX }));

        let mut tensor = csr();
        tensor.format.dim_to_lvl = vec![0, 0];
        assert_eq!(tensor.validate(), Err(TensorError::Format(FormatError::NotPermutation(vec![0, 0]))));
    }

    #[test]
    fn judges_singletons_by_the_coordinates_of_their_parents() {
        let coo = Format::coo(2).levels;
        assert_eq!(coo_with(coo.clone(), &[0, 0, 1], &[0, 2, 0]).validate(), Ok(()));
        let unordered_rows = TensorError::Unordered { level: 0, index: 2, previous: 1, found: 0 };
        assert_eq!(coo_with(coo.clone(), &[0, 1, 0], &[0, 2, 1]).validate(), Err(unordered_rows));
        let unordered_columns = TensorError::Unordered { level: 1, index: 1, previous: 2, found: 0 };
        assert_eq!(coo_with(coo.clone(), &[0, 0, 1], &[2, 0, 1]).validate(), Err(unordered_columns));
        let duplicate = TensorError::Duplicate { level: 1, index: 1, coordinate: 2 };
        assert_eq!(coo_with(coo.clone(), &[1, 1], &[2, 2]).validate(), Err(duplicate));
        assert_eq!(coo_with(coo.clone(), &[0, 0], &[1]).validate(), Err(TensorError::CrdLength { level: 1, expected: 2, found: 1 }));

        let nonunique = Level { unique: false, ..Level::singleton() };
        assert_eq!(coo_with(vec![coo[0], nonunique], &[1, 1], &[2, 2]).validate(), Ok(()));

        // Unordered levels may hold any order, but still no duplicates.
        let unordered = Level { ordered: false, ..Level::singleton() };
        let unordered_rows = Level { ordered: false, ..Level::compressed_nonunique() };
        assert_eq!(coo_with(vec![unordered_rows, unordered], &[1, 0, 1], &[2, 0, 0]).validate(), Ok(()));
        let duplicate = TensorError::Duplicate { level: 1, index: 2, coordinate: 2 };
        assert_eq!(coo_with(vec![unordered_rows, unordered], &[1, 0, 1], &[2, 0, 2]).validate(), Err(duplicate.clone()));
        // Ordered columns under unordered rows: a row's entries need not be
        // neighbours, and a duplicate is found across another row's.
        let ordered = Level::singleton();
        assert_eq!(coo_with(vec![unordered_rows, ordered], &[1, 0, 1], &[2, 0, 2]).validate(), Err(duplicate));
        assert_eq!(coo_with(vec![unordered_rows, ordered], &[1, 0, 1], &[2, 0, 0]).validate(), Ok(()));
    }

    #[test]
    fn judges_deeper_singletons_by_the_whole_coordinate_prefix() {
        let entries = vec![(vec![0, 1, 0], 1.0), (vec![0, 1, 2], 2.0), (vec![1, 0, 1], 3.0)];
        let mut tensor = Tensor::from_entries(vec![2, 2, 3], Format::coo(3), 0.0, entries).unwrap();
        assert_eq!(tensor.validate(), Ok(()));
        assert_eq!(tensor.levels[2], singleton(&[0, 2, 1]));
        tensor.levels[2] = singleton(&[2, 2, 1]);
        assert_eq!(tensor.validate(), Err(TensorError::Duplicate { level: 2, index: 1, coordinate: 2 }));
        tensor.levels[2] = singleton(&[2, 0, 1]);
        assert_eq!(tensor.validate(), Err(TensorError::Unordered { level: 2, index: 1, previous: 2, found: 0 }));
        // The same depths under different (row, column) prefixes are fine.
        tensor.levels[1] = singleton(&[0, 1, 0]);
        tensor.levels[2] = singleton(&[2, 2, 0]);
        assert_eq!(tensor.validate(), Ok(()));
    }

    #[test]
    fn dense_storage_needs_one_value_per_component() {
        let mut tensor = Tensor::from_entries(vec![2, 0], Format::dense(2), 0.0, vec![]).unwrap();
        assert_eq!(tensor.validate(), Ok(()));
        tensor.values.push(1.0);
        assert_eq!(tensor.validate(), Err(TensorError::ValuesLength { expected: 0, found: 1 }));
    }

    #[test]
    fn pos_after_usize_max_parents_is_too_short_without_overflowing() {
        // 3 * 6148914691236517205 dense positions are usize::MAX: one more
        // overflowed in the check and in its message.
        let levels = vec![Level::dense(), Level::dense(), Level::compressed()];
        let tensor = Tensor {
            shape: vec![3, 6148914691236517205, 1],
            format: Format::new(levels, vec![0, 1, 2]).unwrap(),
            fill: 0.0,
            levels: vec![dense(), dense(), compressed(&[0], &[])],
            values: vec![],
        };
        assert!(tensor.shape.iter().all(|&size| size <= MAX_SIZE));
        let error = TensorError::PosLength { level: 2, parents: usize::MAX, found: 1 };
        assert_eq!(tensor.validate(), Err(error.clone()));
        assert_eq!(
            error.to_string(),
            "level 2: pos has 1 elements but needs one more than the 18446744073709551615 positions of its parent level"
        );
    }
}
