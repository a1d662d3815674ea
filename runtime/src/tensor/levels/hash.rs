//! `hash` (Finch's SparseHash): `pos` and `crd` as a compressed level's
//! (the stored coordinates of each parent, sorted), plus `table`, an
//! open-addressed table from a parent position and coordinate to the
//! position that stores them, for locating without a search.
//!
//! The table has a power-of-two length `T` of at least twice the positions
//! (and at least 2); a slot holds a position plus one, 0 when empty. The key
//! `k = p · N + c` starts at slot `(k · 0x9E3779B97F4A7C15) >> (64 − log2 T)`
//! (Fibonacci hashing, wrapping) and probes forward, wrapping at the end.

use super::compressed::{self, Compressed};
use super::{stored_buffers, Assembled, LevelContext, StoredLevel};
use crate::tensor::buffer::{filled, Buffer};
use crate::tensor::validate::Ids;
use crate::tensor::TensorError;
use std::iter::repeat_n;

pub(super) struct Hash;

/// The multiplier of Fibonacci hashing: 2^64 over the golden ratio.
const FIBONACCI: u64 = 0x9E37_79B9_7F4A_7C15;

/// The table length for `positions` stored positions.
fn table_length(positions: usize) -> Option<usize> {
    positions.checked_mul(2)?.max(2).checked_next_power_of_two()
}

/// The slots key `k` probes, in order, in a table of `length` slots.
fn probes(key: usize, length: usize) -> impl Iterator<Item = usize> {
    let start = ((key as u64).wrapping_mul(FIBONACCI) >> (64 - length.trailing_zeros())) as usize;
    (0..length).map(move |step| (start + step) & (length - 1))
}

impl StoredLevel for Hash {
    fn assemble(
        &self,
        context: &LevelContext,
        parents: usize,
        coordinates: &[usize],
        positions: &mut [usize],
    ) -> Result<Assembled, TensorError> {
        let parent_of = positions.to_vec();
        let Assembled { mut buffers, positions: count } = Compressed.assemble(context, parents, coordinates, positions)?;
        let mut table = filled(Buffer::Table(context.index), table_length(count), 0)?;
        let length = table.len();
        let mut previous = None;
        for ((&parent, &coordinate), &position) in parent_of.iter().zip(coordinates).zip(positions.iter()) {
            if previous == Some(position) {
                continue;
            }
            previous = Some(position);
            let key = parent.wrapping_mul(context.size).wrapping_add(coordinate);
            let slot = probes(key, length).find(|&slot| table[slot] == 0).expect("the table has room for every position");
            table[slot] = position + 1;
        }
        buffers.push(table);
        Ok(Assembled { buffers, positions: count })
    }

    fn children(&self, _context: &LevelContext, buffers: &[Vec<usize>], parent: usize, visit: &mut dyn FnMut(usize, usize)) {
        let [pos, crd, _] = stored_buffers(buffers);
        compressed::children(pos, crd, parent, visit);
    }

    /// `pos` and `crd` as a compressed level's; the table has the length
    /// for them, holds each position once, and finds each from its key.
    fn validate(&self, context: &LevelContext, buffers: &[&[usize]], parents: &Ids) -> Result<Ids, TensorError> {
        let [pos, crd, table] = stored_buffers(buffers);
        let ids = compressed::validate(context, pos, crd, parents)?;
        let level = context.index;
        let count = crd.len();
        if Some(table.len()) != table_length(count) {
            return Err(TensorError::TableLength { level, positions: count, found: table.len() });
        }
        let filled_slots = table.iter().filter(|&&slot| slot != 0).count();
        let parent_of = pos.windows(2).enumerate().flat_map(|(parent, segment)| repeat_n(parent, segment[1] - segment[0]));
        for ((position, &coordinate), parent) in crd.iter().enumerate().zip(parent_of) {
            let key = parent.wrapping_mul(context.size).wrapping_add(coordinate);
            let found = probes(key, table.len()).take_while(|&slot| table[slot] != 0).any(|slot| table[slot] == position + 1);
            if !found {
                return Err(TensorError::TableMissing { level, position });
            }
        }
        if filled_slots != count {
            return Err(TensorError::TableExtra { level, filled: filled_slots, positions: count });
        }
        Ok(ids)
    }
}

#[cfg(test)]
mod tests {
    use super::{probes, table_length};
    use crate::tensor::test_levels::{hash, small_rows_of};
    use crate::tensor::{Tensor, TensorError};
    use crate::LevelKind;

    fn small() -> Tensor {
        small_rows_of(LevelKind::Hash)
    }

    #[test]
    fn every_position_is_found_from_its_key() {
        let tensor = small();
        assert_eq!(tensor.validate(), Ok(()));
        let table = &tensor.levels[1].buffers[2];
        assert_eq!(table.len(), 8);
        for (parent, coordinate, position) in [(0, 1, 0), (0, 3, 1), (2, 0, 2), (2, 3, 3)] {
            let key = parent * 4 + coordinate;
            let slot = probes(key, 8).find(|&slot| table[slot] == position + 1);
            assert!(slot.is_some(), "({parent}, {coordinate}) is in the table");
        }
        assert_eq!(table_length(0), Some(2));
        assert_eq!(table_length(5), Some(16));
    }

    #[test]
    fn rejects_a_table_that_loses_or_invents_positions() {
        let broken = |table: Vec<usize>| {
            let mut tensor = small();
            tensor.levels[1] = hash(&[0, 2, 2, 4], &[1, 3, 0, 3], &table);
            tensor.validate()
        };
        assert_eq!(broken(vec![0; 4]), Err(TensorError::TableLength { level: 1, positions: 4, found: 4 }));
        assert_eq!(broken(vec![0; 8]), Err(TensorError::TableMissing { level: 1, position: 0 }));
        let mut extra = small().levels[1].buffers[2].clone();
        let empty = extra.iter().position(|&slot| slot == 0).unwrap();
        extra[empty] = 1;
        assert!(matches!(
            broken(extra),
            Err(TensorError::TableExtra { level: 1, filled: 5, positions: 4 }) | Err(TensorError::TableMissing { .. })
        ));
    }
}
