//! Shuffling the entries of unordered levels, for testing: a kernel that
//! reads an unordered level must not depend on the order its coordinates
//! happen to be stored in, and storage built from a file comes sorted.

use super::Tensor;
use crate::random::SplitMix64;
use crate::value::Scalar;
use sparse_formats::{LevelBuffer, LevelKind};
use std::collections::{HashMap, VecDeque};

impl<V: Scalar> Tensor<V> {
    /// Interleaves, with a generator seeded by `seed`, the entries of each
    /// segment of every unordered compressed or loose-compressed level
    /// whose levels below are dense, compressed, loose-compressed or
    /// singleton ones: each position's coordinate moves with the subtree
    /// under it (the segments it heads in the levels below, their
    /// coordinates and values). Entries of one coordinate keep their order
    /// among themselves (the singletons below are ordered under it), so a
    /// nonunique level's runs are split apart, as an unordered level may
    /// hold them. Other unordered levels (with a level of another kind
    /// below, or in blocks or batches) keep their order.
    pub fn shuffle_unordered(&mut self, seed: u64) {
        let mut random = SplitMix64::new(seed);
        if self.format.is_blocked() || self.format.batched() {
            return;
        }
        for level in 0..self.format.levels.len() {
            let stored = self.format.levels[level];
            let segmented = matches!(stored.kind, LevelKind::Compressed | LevelKind::LooseCompressed);
            let movable = self.format.levels[level + 1..].iter().all(|below| {
                matches!(below.kind, LevelKind::Dense | LevelKind::Compressed | LevelKind::LooseCompressed | LevelKind::Singleton)
            });
            if stored.ordered || !segmented || !movable {
                continue;
            }
            let Some(positions) = self.levels[level].buffer(LevelBuffer::Positions).cloned() else { continue };
            let Some(coordinates) = self.levels[level].buffer(LevelBuffer::Coordinates).cloned() else { continue };
            let segments = segments(stored.kind, &positions);
            // Where each position's entry moves from.
            let mut from: Vec<usize> = (0..coordinates.len()).collect();
            for (start, end) in segments {
                // The segment's coordinates shuffled (Fisher–Yates), then each
                // taken by the next entry of that coordinate.
                let mut drawn = coordinates[start..end].to_vec();
                for last in (1..drawn.len()).rev() {
                    drawn.swap(last, random.below(last as u64 + 1) as usize);
                }
                let mut next: HashMap<usize, VecDeque<usize>> = HashMap::new();
                for (position, &coordinate) in coordinates.iter().enumerate().take(end).skip(start) {
                    next.entry(coordinate).or_default().push_back(position);
                }
                for (offset, coordinate) in drawn.into_iter().enumerate() {
                    from[start + offset] = next.get_mut(&coordinate).and_then(VecDeque::pop_front).expect("drawn from the segment");
                }
            }
            self.relocate(level, from);
        }
    }

    /// Moves the entry at position `from[p]` of level `level` to position
    /// `p`, with the subtree under it: each level below is rebuilt with the
    /// segments of the moved positions in their new order (a compressed
    /// level's positions packed again), down to the values.
    fn relocate(&mut self, level: usize, mut from: Vec<usize>) {
        let permute = |buffer: &mut Vec<usize>, from: &[usize]| *buffer = from.iter().map(|&position| buffer[position]).collect();
        for at in level..self.format.levels.len() {
            if at > level {
                // The positions of level `at` under the moved positions of the
                // level above, in their new order.
                let kind = self.format.levels[at].kind;
                from = match kind {
                    LevelKind::Singleton => from,
                    LevelKind::Dense => {
                        let size = self.shape[self.format.dim_to_lvl[at]];
                        from.iter().flat_map(|&parent| parent * size..(parent + 1) * size).collect()
                    }
                    _ => {
                        let Some(positions) = self.levels[at].buffer_mut(LevelBuffer::Positions) else { return };
                        let old = segments(kind, positions);
                        let mut packed = vec![0];
                        let mut moved = Vec::new();
                        for &parent in &from {
                            let (start, end) = old[parent];
                            moved.extend(start..end);
                            packed.push(moved.len());
                        }
                        *positions = match kind {
                            LevelKind::LooseCompressed => packed.windows(2).flatten().copied().collect(),
                            _ => packed,
                        };
                        moved
                    }
                };
            }
            if let Some(coordinates) = self.levels[at].buffer_mut(LevelBuffer::Coordinates) {
                permute(coordinates, &from);
            }
        }
        if self.values.len() == from.len() {
            self.values = from.iter().map(|&position| self.values[position]).collect();
        }
    }
}

/// The segments (first and past-the-end positions) a compressed or
/// loose-compressed level's positions buffer delimits, one per parent
/// position.
fn segments(kind: LevelKind, positions: &[usize]) -> Vec<(usize, usize)> {
    match kind {
        LevelKind::LooseCompressed => positions.chunks_exact(2).map(|pair| (pair[0], pair[1])).collect(),
        _ => positions.windows(2).map(|pair| (pair[0], pair[1])).collect(),
    }
}

#[cfg(test)]
mod tests {
    use crate::tensor::{LevelStorage, Tensor};
    use sparse_formats::{Format, Level, LevelKind};

    /// Every component of a `rows × columns` matrix stored in `levels`,
    /// shuffled with `seed`: a valid storage whose level `moved` changed,
    /// returned with its entries in storage order, which sorted are the
    /// matrix's.
    fn shuffled(levels: Vec<Level>, rows: usize, columns: usize, seed: u64, moved: usize) -> (Tensor, Vec<(Vec<usize>, f64)>) {
        let format = Format { levels, ..Format::dense(2) };
        let entries: Vec<(Vec<usize>, f64)> =
            (0..rows).flat_map(|row| (0..columns).map(move |column| (vec![row, column], (row * columns + column + 1) as f64))).collect();
        let mut tensor = Tensor::from_entries(vec![rows, columns], format, 0.0, entries.clone()).expect("a storage");
        let sorted = tensor.levels[moved].buffers.clone();
        tensor.shuffle_unordered(seed);
        tensor.validate().expect("still a storage of its format");
        assert_ne!(tensor.levels[moved].buffers, sorted, "the level's entries come back in another order");
        let stored = tensor.entries();
        let mut resorted = stored.clone();
        resorted.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(resorted, entries);
        (tensor, stored)
    }

    #[test]
    fn an_unordered_level_keeps_its_entries_and_segments() {
        let (tensor, _) = shuffled(vec![Level::dense(), Level { ordered: false, ..Level::compressed() }], 3, 8, 7, 1);
        assert_eq!(tensor.levels[0], LevelStorage::empty(LevelKind::Dense));
    }

    #[test]
    fn an_unordered_level_moves_the_subtrees_below_it() {
        // DCSR with unordered rows, and CSF-like levels under unordered
        // rows: the rows' segments, packed again, follow their rows.
        let rows = Level { ordered: false, ..Level::compressed() };
        let (tensor, stored) = shuffled(vec![rows, Level::compressed()], 5, 3, 3, 0);
        assert_ne!(stored[0].0[0], 0, "a row other than the first comes first");
        let loose = Level { ordered: false, ..Level::new(LevelKind::LooseCompressed) };
        shuffled(vec![loose, Level::new(LevelKind::LooseCompressed)], 5, 3, 5, 0);
        shuffled(vec![rows, Level::dense()], 6, 2, 9, 0);
        assert_eq!(tensor.levels[1].kind, LevelKind::Compressed);
    }

    #[test]
    fn a_coo_head_splits_its_runs_and_keeps_each_row_s_columns_in_order() {
        let head = Level { ordered: false, unique: false, ..Level::compressed() };
        let (_, stored) = shuffled(vec![head, Level::singleton()], 4, 4, 11, 0);
        for row in 0..4 {
            let columns: Vec<usize> = stored.iter().filter(|(point, _)| point[0] == row).map(|(point, _)| point[1]).collect();
            assert_eq!(columns, vec![0, 1, 2, 3], "row {row}'s columns in order");
        }
    }
}
