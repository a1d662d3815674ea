//! `hash` (Finch's SparseHash, paper 002 Table 3): `pos` and `crd` list
//! each parent's stored coordinates as a compressed level does, and `table`
//! maps a parent position and coordinate to the position storing them. Visited
//! through the list; in an intersection with other levels, located by
//! probing the table, not searched.
//!
//! The table is the runtime's (`runtime/src/tensor/levels/hash.rs`): `T`
//! slots, a power of two, each a position plus one or 0 when empty; the key
//! `k = p · N + c` starts at the top `log2 T` bits of `k · 0x9E3779B97F4A7C15`
//! (wrapping) — the high word of that product times `T` — and probes forward,
//! wrapping at the end. A slot holds the key when its position is in the
//! parent's segment with coordinate `c`.

use super::compressed::Compressed;
use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Located, Parent};
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::ir::{block_region, only_block};
use crate::place::Place;
use melior::{
    dialect::{
        arith::{self, CmpiPredicate},
        scf,
    },
    ir::{attribute::IntegerAttribute, block::BlockLike, r#type::IntegerType, Type, Value},
};
use sparse_formats::Iteration;

/// The multiplier of Fibonacci hashing, 2^64 over the golden ratio, as the
/// `i64` with its bits.
const FIBONACCI: i64 = 0x9E37_79B9_7F4A_7C15_u64 as i64;

pub(in crate::cfir_to_scf) struct Hash<'c, 'a> {
    /// The list of stored coordinates, which loops visit.
    pub list: Compressed<'c, 'a>,
    pub table: Value<'c, 'a>,
    /// `N`, the size of the level's dimension.
    pub size: Value<'c, 'a>,
}

impl<'c: 'a, 'a> LevelIterator<'c, 'a> for Hash<'c, 'a> {
    fn iteration(&self) -> Iteration {
        self.list.iteration()
    }

    fn ordered(&self) -> bool {
        self.list.ordered()
    }

    fn init(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, parent: Parent<'c, 'a>) -> Result<Cursor<'c, 'a>, LowerError> {
        self.list.init(emitter, place, parent)
    }

    fn coordinate(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        self.list.coordinate(emitter, place, cursor)
    }

    /// Probes from the key's first slot until a slot holds the key (stored)
    /// or is empty (not stored); the table always has an empty slot.
    fn locate_stored(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        parent: Value<'c, 'a>,
        coordinate: Value<'c, 'a>,
    ) -> Option<Located<'c, 'a>> {
        let (context, location) = (emitter.context, emitter.location);
        let (index, i64) = (Type::index(context), IntegerType::new(context, 64).into());
        let to_i64 = |value| emitter.one(place, arith::index_castui(value, i64, location));
        let row = emitter.mul(place, parent, self.size);
        let key = to_i64(emitter.add(place, row, coordinate));
        let multiplier = emitter.one(place, arith::constant(context, IntegerAttribute::new(i64, FIBONACCI).into(), location));
        let hash = emitter.one(place, arith::muli(key, multiplier, location));
        let length = emitter.length(place, self.table);
        let slots = place.put(arith::mului_extended(hash, to_i64(length), location));
        let first_slot = emitter.one(place, arith::index_castui(slots.result(1).expect("the high word").into(), index, location));
        let last_slot = emitter.sub(place, length, emitter.index(place, 1));
        let (first, end) = emitter.segment(place, self.list.positions, parent);
        let probe = place.put(scf::r#while(
            &[first_slot],
            &[index, index],
            block_region(&[index], location),
            block_region(&[index, index], location),
            location,
        ));
        // Before: the slot's entry, and whether to probe on (it is taken by
        // another key).
        let before = only_block(probe, 0);
        let slot: Value = before.argument(0).expect("the slot").into();
        let entry = emitter.load_index(Place::End(before), self.table, slot);
        let zero = emitter.index(Place::End(before), 0);
        let taken = emitter.compare(Place::End(before), CmpiPredicate::Ne, entry, zero);
        let probe_on = emitter.and_then(Place::End(before), taken, |here| {
            let position = emitter.sub(here, entry, emitter.index(here, 1));
            let after_start = emitter.compare(here, CmpiPredicate::Uge, position, first);
            let before_end = emitter.compare(here, CmpiPredicate::Ult, position, end);
            let stored_coordinate = emitter.load_index(here, self.list.coordinates, position);
            let same_coordinate = emitter.compare(here, CmpiPredicate::Eq, stored_coordinate, coordinate);
            let same_key = emitter.and(here, &[after_start, before_end, same_coordinate]);
            emitter.compare(here, CmpiPredicate::Eq, same_key, emitter.boolean(here, false))
        });
        before.append_operation(scf::condition(probe_on, &[slot, entry], location));
        // After: the next slot, wrapping.
        let after = only_block(probe, 1);
        let here = Place::End(after);
        let next = emitter.add(here, after.argument(0).expect("the slot").into(), emitter.index(here, 1));
        let wrapped = emitter.one(here, arith::andi(next, last_slot, location));
        after.append_operation(scf::r#yield(&[wrapped], location));
        let entry: Value = probe.result(1).expect("the entry").into();
        let stored = emitter.compare(place, CmpiPredicate::Ne, entry, emitter.index(place, 0));
        Some(Located { position: emitter.sub(place, entry, emitter.index(place, 1)), stored })
    }
}
