//! The level kinds the runtime stores, one file each, and the registry that
//! picks them by kind, the only place outside those files that names a kind.
//!
//! This is the runtime side of the level protocol (the compiler's side is
//! `sparse_passes`' `cfir_to_scf::levels`), in the style of Finch's one-file
//! levels: each kind says how it is built from sorted entries, how the
//! children of a parent position are walked, and what makes its buffers a
//! valid storage. What a kind stores and can do, its
//! [`Capabilities`](crate::Capabilities), is `sparse_formats`' registry, so
//! adding a kind to the runtime is one file here and a line in
//! [`stored_level`].

mod band;
mod bytemap;
mod compressed;
mod dense;
mod hash;
mod loose_compressed;
mod run_length;
mod singleton;
mod structured;
mod variable_block;

use super::validate::Ids;
use super::TensorError;
use crate::{Level, LevelKind};
use std::borrow::Cow;

/// One level of one tensor: where the methods of [`StoredLevel`] work.
#[derive(Clone, Copy, Debug)]
pub(super) struct LevelContext {
    /// The level's number in storage order, which errors and buffer names give.
    pub index: usize,
    /// The format's level: its kind and whether it is unique and ordered.
    pub level: Level,
    /// The size of the dimension the level stores.
    pub size: usize,
}

/// A level built by [`StoredLevel::assemble`].
#[derive(Debug)]
pub(super) struct Assembled {
    /// The level's buffers, in the order of its kind's
    /// [`LevelBuffer`](crate::LevelBuffer)s.
    pub buffers: Vec<Vec<usize>>,
    /// How many positions the level has: the parent positions of the next
    /// level, or the number of values under the last.
    pub positions: usize,
}

/// How the runtime stores one level kind: the runtime side of the level
/// protocol, with one implementation per kind under `levels/`.
///
/// A level is a map from each position of its parent level (the root has the
/// one position 0) to the child positions under it, each with a coordinate of
/// the level's dimension. The three methods are that map built, walked and
/// checked; the buffers they take and give are in the order of the kind's
/// [`Capabilities::buffers`](crate::Capabilities::buffers).
pub(super) trait StoredLevel {
    /// Builds the level from entries sorted in level order, combined where
    /// the format is unique and of which none holds the fill.
    /// `coordinates[e]` is entry `e`'s coordinate on this level, and
    /// `positions[e]` its position on the parent level, which has `parents`
    /// positions; on return `positions[e]` is its position on this level.
    /// Positions stay in entry order, and a buffer whose length comes from
    /// the inputs is allocated by [`filled`](super::filled), so one too large
    /// is an error rather than an abort.
    fn assemble(
        &self,
        context: &LevelContext,
        parents: usize,
        coordinates: &[usize],
        positions: &mut [usize],
    ) -> Result<Assembled, TensorError>;

    /// [`StoredLevel::assemble`] for the first level of several, under the
    /// root: gives the entries' positions on the level too. A kind whose
    /// positions there are the coordinates themselves gives back the
    /// column, with no buffer of positions to fill.
    fn assemble_first(&self, context: &LevelContext, coordinates: Cow<[usize]>) -> Result<(Assembled, Vec<usize>), TensorError> {
        let mut positions = vec![0; coordinates.len()];
        let assembled = self.assemble(context, 1, &coordinates, &mut positions)?;
        Ok((assembled, positions))
    }

    /// [`StoredLevel::assemble`] for the last level, which also sees, for
    /// each entry, whether its value is the previous entry's (no entry's is
    /// the fill): a level that stores runs of equal values merges them here.
    /// A kind whose `crd` is then the column itself (compressed, and
    /// singleton below a level that gave each entry its own position) takes
    /// it as it is. Other kinds build as at any level.
    fn assemble_last(
        &self,
        context: &LevelContext,
        parents: usize,
        entries: (Cow<[usize]>, &dyn Fn(usize) -> bool),
        positions: &mut [usize],
    ) -> Result<Assembled, TensorError> {
        self.assemble(context, parents, &entries.0, positions)
    }

    /// Calls `visit(position, coordinate)` for each child of the parent
    /// position `parent`, in storage order, on the level of `context` whose
    /// buffers are valid.
    fn children(&self, context: &LevelContext, buffers: &[Vec<usize>], parent: usize, visit: &mut dyn FnMut(usize, usize));

    /// Checks that `buffers`, as many as the kind stores, are a storage of
    /// the level under parent positions whose coordinate identities are
    /// `parents`, and returns the identities of the level's positions.
    fn validate(&self, context: &LevelContext, buffers: &[&[usize]], parents: &Ids) -> Result<Ids, TensorError>;
}

/// A level's buffers as the `N` its kind stores.
///
/// # Panics
/// When there are not `N`: the validate driver checks the count before a
/// level validates its buffers, and the walk needs a valid tensor.
fn stored_buffers<B: AsRef<[usize]>, const N: usize>(buffers: &[B]) -> [&[usize]; N] {
    let buffers: &[B; N] =
        buffers.try_into().unwrap_or_else(|_| panic!("a level with {} buffers where its kind stores {N}", buffers.len()));
    buffers.each_ref().map(AsRef::as_ref)
}

/// The runtime's implementation of `kind`.
pub(super) fn stored_level(kind: LevelKind) -> &'static dyn StoredLevel {
    match kind {
        // A batch level walks as a dense one; batched storage below it is
        // `batch`'s.
        LevelKind::Dense | LevelKind::Batch => &dense::Dense,
        LevelKind::Compressed => &compressed::Compressed,
        LevelKind::LooseCompressed => &loose_compressed::LooseCompressed,
        LevelKind::Singleton => &singleton::Singleton,
        LevelKind::Band => &band::Band,
        LevelKind::VariableBlock => &variable_block::VariableBlock,
        LevelKind::Bytemap => &bytemap::Bytemap,
        LevelKind::Hash => &hash::Hash,
        LevelKind::RunLength => &run_length::RunLength,
        LevelKind::Structured => &structured::Structured,
    }
}
