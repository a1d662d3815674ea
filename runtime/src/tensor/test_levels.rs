//! Level storages written out by hand, for the tests of the tensor modules.

use super::LevelStorage;
use crate::LevelKind;

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
