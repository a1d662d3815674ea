//! `structured` (upstream's n:m, `structured[2, 4]`): every parent `p` owns
//! exactly the `n` positions `p · n..(p + 1) · n`, position `q` holding
//! coordinate `crd[q]` of the level's `m`. A parent with fewer than `n`
//! entries stores the fill at the lowest coordinates it does not use, so that
//! the positions stay implicit; one with more is an error.

use super::{stored_buffers, Assembled, LevelContext, StoredLevel};
use crate::tensor::buffer::{filled, Buffer};
use crate::tensor::validate::{check_coordinates, check_crd_length, Ids};
use crate::tensor::TensorError;
use crate::FormatError;

pub(super) struct Structured;

/// The level's `n`: how many positions each parent owns.
fn stored_per_parent(context: &LevelContext) -> usize {
    context.level.n_of_m.map_or(1, |(n, _)| n as usize)
}

/// A structured level's dimension has exactly its `m` coordinates.
fn check_size(context: &LevelContext) -> Result<(), TensorError> {
    match context.level.n_of_m {
        Some((n, m)) if context.size != m as usize => Err(FormatError::Structured { level: context.index, n, m }.into()),
        _ => Ok(()),
    }
}

impl StoredLevel for Structured {
    fn assemble(
        &self,
        context: &LevelContext,
        parents: usize,
        coordinates: &[usize],
        positions: &mut [usize],
    ) -> Result<Assembled, TensorError> {
        check_size(context)?;
        let n = stored_per_parent(context);
        let count = parents.checked_mul(n).ok_or(TensorError::TooLarge { level: context.index })?;
        // A parent without entries stores the fill at coordinates 0..n.
        let mut crd = filled(Buffer::Coordinates(context.index), Some(count), 0)?;
        crd.iter_mut().enumerate().for_each(|(position, coordinate)| *coordinate = position % n);
        // Entries come sorted, so each parent's entries are one run of them.
        let mut start = 0;
        while start < coordinates.len() {
            let parent = positions[start];
            let end = start + positions[start..].iter().take_while(|&&other| other == parent).count();
            let used = &coordinates[start..end];
            if used.len() > n {
                let m = context.size;
                return Err(TensorError::TooManyInBlock { level: context.index, parent, n, m, found: used.len() });
            }
            // The entries' coordinates and the lowest unused ones, in order.
            let padding = (0..context.size).filter(|coordinate| !used.contains(coordinate)).take(n - used.len());
            let mut stored: Vec<usize> = used.iter().copied().chain(padding).collect();
            stored.sort_unstable();
            crd[parent * n..parent * n + n].copy_from_slice(&stored);
            for (position, coordinate) in positions[start..end].iter_mut().zip(used) {
                *position = parent * n + stored.binary_search(coordinate).expect("stored above");
            }
            start = end;
        }
        Ok(Assembled { buffers: vec![crd], positions: count })
    }

    fn children(&self, context: &LevelContext, buffers: &[Vec<usize>], parent: usize, visit: &mut dyn FnMut(usize, usize)) {
        let [crd] = stored_buffers(buffers);
        let n = stored_per_parent(context);
        (parent * n..parent * n + n).for_each(|position| visit(position, crd[position]));
    }

    fn validate(&self, context: &LevelContext, buffers: &[&[usize]], parents: &Ids) -> Result<Ids, TensorError> {
        let [crd] = stored_buffers(buffers);
        check_size(context)?;
        let n = stored_per_parent(context);
        check_crd_length(context.index, crd, parents.len() * n)?;
        check_coordinates(context, parents, crd, (0..parents.len()).flat_map(|parent| std::iter::repeat_n(parent, n)))
    }
}
