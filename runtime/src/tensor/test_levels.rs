//! Level storages written out by hand, for the tests of the tensor modules.

use super::{LevelStorage, Tensor};
use crate::{Format, Level, LevelKind};

/// The 3x4 matrix [[0 1 0 2] [0 0 0 0] [3 0 0 4]] in dense rows whose
/// columns are a level of `kind`.
pub(crate) fn small_rows_of(kind: LevelKind) -> Tensor {
    let format = Format::new(vec![Level::dense(), Level::new(kind)], vec![0, 1]).unwrap();
    let entries = vec![(vec![2, 3], 4.0), (vec![0, 1], 1.0), (vec![2, 0], 3.0), (vec![0, 3], 2.0)];
    Tensor::from_entries(vec![3, 4], format, 0.0, entries).unwrap()
}

pub(crate) fn dense() -> LevelStorage {
    LevelStorage::new(LevelKind::Dense, Vec::new())
}

pub(crate) fn compressed(pos: &[usize], crd: &[usize]) -> LevelStorage {
    LevelStorage::new(LevelKind::Compressed, vec![pos.to_vec(), crd.to_vec()])
}

pub(crate) fn singleton(crd: &[usize]) -> LevelStorage {
    LevelStorage::new(LevelKind::Singleton, vec![crd.to_vec()])
}

pub(crate) fn band(pos: &[usize], crd: &[usize]) -> LevelStorage {
    LevelStorage::new(LevelKind::Band, vec![pos.to_vec(), crd.to_vec()])
}

pub(crate) fn variable_block(pos: &[usize], crd: &[usize], offsets: &[usize]) -> LevelStorage {
    LevelStorage::new(LevelKind::VariableBlock, vec![pos.to_vec(), crd.to_vec(), offsets.to_vec()])
}

pub(crate) fn bytemap(pos: &[usize], crd: &[usize], bitmap: &[usize]) -> LevelStorage {
    LevelStorage::new(LevelKind::Bytemap, vec![pos.to_vec(), crd.to_vec(), bitmap.to_vec()])
}

pub(crate) fn hash(pos: &[usize], crd: &[usize], table: &[usize]) -> LevelStorage {
    LevelStorage::new(LevelKind::Hash, vec![pos.to_vec(), crd.to_vec(), table.to_vec()])
}

pub(crate) fn run_length(pos: &[usize], ends: &[usize]) -> LevelStorage {
    LevelStorage::new(LevelKind::RunLength, vec![pos.to_vec(), ends.to_vec()])
}
