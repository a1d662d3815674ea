//! Batched storage (upstream's `batch` levels): a tensor whose leading batch
//! levels have buffers below them ([`Format::batched`](crate::Format::batched))
//! is one tensor of the levels below per batch, a batch being one coordinate
//! of every batch level, numbered row-major. Each buffer of a level below,
//! and the values, hold every batch's part one after another, each part
//! padded to the longest (positions with their last element, coordinates
//! with 0, values with the fill), so a kernel finds batch `b`'s part at `b`
//! times the part's length. Within a part, positions count from 0.

use super::assemble::assemble;
use super::Tensor;
use super::{LevelStorage, TensorError};
use crate::value::Scalar;
use crate::{Level, LevelBuffer};
use std::borrow::Cow;

/// How many batches `sizes` (the batch levels' sizes) hold.
fn batch_count(sizes: &[usize], index: usize) -> Result<usize, TensorError> {
    sizes.iter().try_fold(1usize, |count, &size| count.checked_mul(size)).ok_or(TensorError::TooLarge { level: index })
}

/// Stores the entries of level coordinates `columns` and `values` (sorted,
/// combined and without the fill, as [`assemble`] takes them) under `levels`
/// of `sizes`, whose first `batches` levels are batch levels: each batch's
/// entries are stored under the levels below, then the parts are padded and
/// laid end to end.
pub(super) fn assemble_batches<V: Scalar>(
    levels: &[Level],
    sizes: &[usize],
    batches: usize,
    fill: V,
    columns: &[&[usize]],
    values: &[V],
) -> Result<(Vec<LevelStorage>, Vec<V>), TensorError> {
    let count = batch_count(&sizes[..batches], batches - 1)?;
    let number = |entry: usize| columns[..batches].iter().zip(sizes).fold(0, |number, (column, &size)| number * size + column[entry]);
    let mut parts = Vec::new();
    let mut start = 0;
    for batch in 0..count {
        // Sorted in level order, a batch's entries are the next ones.
        let end = start + (start..values.len()).take_while(|&entry| number(entry) == batch).count();
        let inner: Vec<Cow<[usize]>> = columns[batches..].iter().map(|column| Cow::Borrowed(&column[start..end])).collect();
        parts.push(assemble(&levels[batches..], &sizes[batches..], fill, inner, values[start..end].to_vec())?);
        start = end;
    }
    let mut storage = levels[..batches].iter().map(|level| LevelStorage::new(level.kind, Vec::new())).collect::<Vec<_>>();
    for (below, level) in levels[batches..].iter().enumerate() {
        let mut buffers = Vec::new();
        for (slot, &which) in level.buffers().iter().enumerate() {
            let pad = |part: &[usize]| if which == LevelBuffer::Positions { part.last().copied().unwrap_or(0) } else { 0 };
            buffers.push(end_to_end(parts.iter().map(|(storage, _)| &storage[below].buffers[slot][..]), pad));
        }
        storage.push(LevelStorage::new(level.kind, buffers));
    }
    let values = end_to_end(parts.iter().map(|(_, values)| &values[..]), |_| fill);
    Ok((storage, values))
}

/// `parts` laid end to end, each padded to the longest with `pad` of it.
fn end_to_end<'p, T: Copy + 'p>(parts: impl Iterator<Item = &'p [T]> + Clone, pad: impl Fn(&[T]) -> T) -> Vec<T> {
    let longest = parts.clone().map(<[T]>::len).max().unwrap_or(0);
    let mut joined = Vec::with_capacity(longest * parts.clone().count());
    for part in parts {
        joined.extend_from_slice(part);
        joined.extend(std::iter::repeat_n(pad(part), longest - part.len()));
    }
    joined
}

impl<V: Scalar> Tensor<V> {
    /// Each batch of this batched tensor: its batch coordinates (level
    /// coordinates of the batch levels), and its part of the storage as a
    /// tensor of the levels below ([`Format::batch_inner`]), padding
    /// included, which its positions never reach.
    pub(super) fn batches(&self) -> Vec<(Vec<usize>, Tensor<V>)> {
        let batches = self.format.batch_levels();
        let inner = self.format.batch_inner().expect("a batched tensor");
        let batch_dims = self.format.batch_dims();
        let sizes = batch_dims.iter().map(|&dim| self.shape[dim]).collect::<Vec<_>>();
        let shape = (0..self.shape.len()).filter(|dim| !batch_dims.contains(dim)).map(|dim| self.shape[dim]).collect::<Vec<_>>();
        let count = sizes.iter().product::<usize>();
        let part = |length: usize, batch: usize| {
            let each = length.checked_div(count).unwrap_or(0);
            batch * each..(batch + 1) * each
        };
        (0..count)
            .map(|batch| {
                let mut coordinates = vec![0; batches];
                let mut rest = batch;
                for (coordinate, &size) in coordinates.iter_mut().zip(&sizes).rev() {
                    *coordinate = rest % size;
                    rest /= size;
                }
                let levels = self.levels[batches..]
                    .iter()
                    .map(|level| {
                        LevelStorage::new(
                            level.kind,
                            level.buffers.iter().map(|buffer| buffer[part(buffer.len(), batch)].to_vec()).collect(),
                        )
                    })
                    .collect();
                let values = self.values[part(self.values.len(), batch)].to_vec();
                (coordinates, Tensor { shape: shape.clone(), format: inner.clone(), fill: self.fill, levels, values })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tensor::test_levels::{compressed, dense};
    use crate::{Format, LevelKind};

    fn batched_csr() -> Format {
        Format::new(vec![Level::new(LevelKind::Batch), Level::dense(), Level::compressed()], vec![0, 1, 2]).unwrap()
    }

    #[test]
    fn each_batch_is_stored_apart_and_padded_to_the_longest() {
        // Batch 0 holds 3 entries, batch 1 one, batch 2 none.
        let entries = vec![(vec![0, 0, 1], 1.0), (vec![0, 1, 0], 2.0), (vec![0, 1, 2], 3.0), (vec![1, 1, 2], 4.0)];
        let tensor = Tensor::from_entries(vec![3, 2, 3], batched_csr(), 0.0, entries.clone()).unwrap();
        let batch = LevelStorage::new(LevelKind::Batch, Vec::new());
        assert_eq!(tensor.levels, [batch, dense(), compressed(&[0, 1, 3, 0, 0, 1, 0, 0, 0], &[1, 0, 2, 2, 0, 0, 0, 0, 0])]);
        assert_eq!(tensor.values, [1.0, 2.0, 3.0, 4.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
        assert_eq!(tensor.entries(), entries);
        assert_eq!(tensor.nnz(), 9);
        assert_eq!(tensor.validate(), Err(TensorError::BatchedUnchecked));
    }

    #[test]
    fn batches_of_dense_levels_are_one_array() {
        let format = Format::new(vec![Level::new(LevelKind::Batch), Level::dense()], vec![0, 1]).unwrap();
        assert!(!format.batched());
        let tensor = Tensor::from_entries(vec![2, 2], format, 0.0, vec![(vec![1, 0], 5.0)]).unwrap();
        assert_eq!(tensor.values, [0.0, 0.0, 5.0, 0.0]);
        assert_eq!(tensor.validate(), Ok(()));
    }

    #[test]
    fn random_tensors_come_back_from_batched_storage() {
        let batch = Level::new(LevelKind::Batch);
        let formats = [
            batched_csr(),
            // Batches by the last dimension, each a DCSR matrix.
            Format::new(vec![batch, Level::compressed(), Level::compressed()], vec![2, 0, 1]).unwrap(),
            Format::new(vec![batch, batch, Level::compressed()], vec![0, 1, 2]).unwrap(),
            Format::new(vec![batch, Level::compressed_nonunique(), Level::singleton()], vec![0, 1, 2]).unwrap(),
        ];
        for (seed, format) in formats.into_iter().enumerate() {
            let shape = vec![3, 4, 5];
            let entries = crate::random_entries(&shape, 0.3, seed as u64).entries();
            let tensor = Tensor::from_entries(shape.clone(), format.clone(), 0.0, entries.clone()).unwrap();
            let dense = Tensor::from_entries(shape, Format::dense(3), 0.0, entries).unwrap();
            assert_eq!(tensor.to_dense(), dense.to_dense(), "{format:?}");
            assert_eq!(tensor.convert(&Format::dense(3)).unwrap().values, dense.values, "{format:?}");
        }
    }

    #[test]
    fn no_batches_store_nothing() {
        let tensor = Tensor::from_entries(vec![0, 2, 3], batched_csr(), 0.0, Vec::new()).unwrap();
        assert!(tensor.levels[2].buffers.iter().all(Vec::is_empty));
        assert!(tensor.values.is_empty() && tensor.entries().is_empty());
    }
}
