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
//!
//! As an output level, entries arrive in order and are listed as a
//! compressed level lists them; once the list is complete, the table is
//! built over it (Finch's freeze): `T` is the least power of two of at
//! least twice the positions (and 2), as the runtime sizes it.

use super::compressed::{self, Compressed};
use crate::abi::index_type;
use crate::cfir_to_scf::assembly::{Assembly, Entry, OutputLevel};
use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Located, Parent};
use crate::cfir_to_scf::storage::Buffers;
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
use sparse_formats::{Iteration, LevelBuffer};

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
        let location = emitter.location;
        let index = Type::index(emitter.context);
        let first_slot = first_slot(emitter, place, parent, coordinate, self.size, self.table);
        let last_slot = emitter.sub(place, emitter.length(place, self.table), emitter.index(place, 1));
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

/// The slot of `table` where the key of `coordinate` under `parent` starts
/// probing: the high word of `(p · N + c) · FIBONACCI` (wrapping) times the
/// table's length.
fn first_slot<'c: 'a, 'a>(
    emitter: &Emitter<'c>,
    place: Place<'c, 'a>,
    parent: Value<'c, 'a>,
    coordinate: Value<'c, 'a>,
    size: Value<'c, 'a>,
    table: Value<'c, 'a>,
) -> Value<'c, 'a> {
    let (context, location) = (emitter.context, emitter.location);
    let i64 = IntegerType::new(context, 64).into();
    let to_i64 = |value| emitter.one(place, arith::index_castui(value, i64, location));
    let key = to_i64(emitter.add(place, emitter.mul(place, parent, size), coordinate));
    let multiplier = emitter.one(place, arith::constant(context, IntegerAttribute::new(i64, FIBONACCI).into(), location));
    let hash = emitter.one(place, arith::muli(key, multiplier, location));
    let slots = place.put(arith::mului_extended(hash, to_i64(emitter.length(place, table)), location));
    emitter.one(place, arith::index_castui(slots.result(1).expect("the high word").into(), Type::index(context), location))
}

/// A hash output level: the list of a compressed one, and the table built
/// over it when it is complete.
pub(in crate::cfir_to_scf) struct Output<'c, 'a> {
    pub list: compressed::Output,
    /// `N`, the size of the level's dimension.
    pub size: Value<'c, 'a>,
}

impl<'c: 'a, 'a> OutputLevel<'c, 'a> for Output<'c, 'a> {
    fn append(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &Buffers<'c, 'a>,
        level: usize,
        assembly: Assembly<'c, 'a>,
        entry: Entry<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        self.list.append(emitter, place, output, level, assembly, entry)
    }

    fn allocate(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &mut Buffers<'c, 'a>,
        level: usize,
        parents: Value<'c, 'a>,
        count: &dyn Fn() -> Value<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        self.list.allocate(emitter, place, output, level, parents, count)
    }

    fn close(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, output: &Buffers<'c, 'a>, level: usize) -> Result<(), LowerError> {
        self.list.close(emitter, place, output, level)
    }

    /// The list cut to its entries, then the table built over it: each
    /// parent's listed coordinates inserted at the first empty slot from
    /// their key's.
    fn trim(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        output: &mut Buffers<'c, 'a>,
        level: usize,
        assembly: Assembly<'c, 'a>,
        parents: Option<Value<'c, 'a>>,
    ) -> Option<Value<'c, 'a>> {
        let count = self.list.trim(emitter, place, output, level, assembly, parents)?;
        let positions = output.level_buffer(level, LevelBuffer::Positions).expect("allocated");
        let coordinates = output.level_buffer(level, LevelBuffer::Coordinates).expect("allocated");
        let one = emitter.index(place, 1);
        let length = table_length(emitter, place, count);
        let width = output.format().levels[level].width(LevelBuffer::Table);
        let table = emitter.zeroed_buffer(place, index_type(width, emitter.context), length);
        let last_slot = emitter.sub(place, length, one);
        let parents = emitter.sub(place, emitter.length(place, positions), one);
        emitter.for_each(place, parents, |body, parent| {
            let here = Place::End(body);
            let (first, end) = emitter.segment(here, positions, parent);
            emitter.for_each(here, emitter.sub(here, end, first), |body, step| {
                let here = Place::End(body);
                let position = emitter.add(here, first, step);
                let coordinate = emitter.load_index(here, coordinates, position);
                let start = first_slot(emitter, here, parent, coordinate, self.size, table);
                let free = insertion_slot(emitter, here, table, start, last_slot);
                emitter.store_index(here, emitter.add(here, position, one), table, free);
            });
        });
        output.set_level_buffer(level, LevelBuffer::Table, table);
        Some(count)
    }
}

/// The runtime's table length for `count` positions: the least power of two
/// of at least `max(2, 2 · count)`, found by doubling from 2.
fn table_length<'c: 'a, 'a>(emitter: &Emitter<'c>, place: Place<'c, 'a>, count: Value<'c, 'a>) -> Value<'c, 'a> {
    let location = emitter.location;
    let index = Type::index(emitter.context);
    let two = emitter.index(place, 2);
    let least = emitter.max(place, emitter.mul(place, count, two), two);
    let doubling = place.put(scf::r#while(&[two], &[index], block_region(&[index], location), block_region(&[index], location), location));
    let before = only_block(doubling, 0);
    let length: Value = before.argument(0).expect("the length").into();
    let short = emitter.compare(Place::End(before), CmpiPredicate::Ult, length, least);
    before.append_operation(scf::condition(short, &[length], location));
    let after = only_block(doubling, 1);
    let here = Place::End(after);
    let doubled = emitter.add(here, after.argument(0).expect("the length").into(), after.argument(0).expect("the length").into());
    after.append_operation(scf::r#yield(&[doubled], location));
    doubling.result(0).expect("the length").into()
}

/// The first empty slot of `table` from `start` on, wrapping at
/// `last_slot` (the table always has one).
fn insertion_slot<'c: 'a, 'a>(
    emitter: &Emitter<'c>,
    place: Place<'c, 'a>,
    table: Value<'c, 'a>,
    start: Value<'c, 'a>,
    last_slot: Value<'c, 'a>,
) -> Value<'c, 'a> {
    let location = emitter.location;
    let index = Type::index(emitter.context);
    let probe = place.put(scf::r#while(&[start], &[index], block_region(&[index], location), block_region(&[index], location), location));
    let before = only_block(probe, 0);
    let slot: Value = before.argument(0).expect("the slot").into();
    let entry = emitter.load_index(Place::End(before), table, slot);
    let taken = emitter.compare(Place::End(before), CmpiPredicate::Ne, entry, emitter.index(Place::End(before), 0));
    before.append_operation(scf::condition(taken, &[slot], location));
    let after = only_block(probe, 1);
    let here = Place::End(after);
    let next = emitter.add(here, after.argument(0).expect("the slot").into(), emitter.index(here, 1));
    after.append_operation(scf::r#yield(&[emitter.one(here, arith::andi(next, last_slot, location))], location));
    probe.result(0).expect("the slot").into()
}
