//! `singleton`: parent `p` has the one child position `p`, holding
//! coordinate `crd[p]`. It follows a nonunique level (the COO tail), whose
//! coordinates it completes.

use super::{stored_buffers, Assembled, LevelContext, StoredLevel};
use crate::tensor::buffer::{filled, Buffer};
use crate::tensor::validate::{check_coordinates, check_crd_length, Ids};
use crate::tensor::TensorError;
use std::borrow::Cow;

pub(super) struct Singleton;

impl StoredLevel for Singleton {
    fn assemble(
        &self,
        context: &LevelContext,
        parents: usize,
        coordinates: &[usize],
        positions: &mut [usize],
    ) -> Result<Assembled, TensorError> {
        let mut crd = filled(Buffer::Coordinates(context.index), Some(parents), 0)?;
        for (&position, &coordinate) in positions.iter().zip(coordinates) {
            crd[position] = coordinate;
        }
        Ok(Assembled { buffers: vec![crd], positions: parents })
    }

    /// Last, below a level that gave every entry its own position in entry
    /// order (COO's nonunique level), the column is `crd` as it is.
    fn assemble_last(
        &self,
        context: &LevelContext,
        parents: usize,
        (coordinates, _): (Cow<[usize]>, &dyn Fn(usize) -> bool),
        positions: &mut [usize],
    ) -> Result<Assembled, TensorError> {
        if parents != positions.len() || positions.iter().enumerate().any(|(entry, &position)| entry != position) {
            return self.assemble(context, parents, &coordinates, positions);
        }
        Ok(Assembled { buffers: vec![coordinates.into_owned()], positions: parents })
    }

    fn children(&self, _context: &LevelContext, buffers: &[Vec<usize>], parent: usize, visit: &mut dyn FnMut(usize, usize)) {
        let [crd] = stored_buffers(buffers);
        visit(parent, crd[parent]);
    }

    fn validate(&self, context: &LevelContext, buffers: &[&[usize]], parents: &Ids) -> Result<Ids, TensorError> {
        let [crd] = stored_buffers(buffers);
        check_crd_length(context.index, crd, parents.len())?;
        check_coordinates(context, parents, crd, 0..parents.len())
    }
}
