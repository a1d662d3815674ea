//! The hash table of a row workspace (`{kind = "hash"}`; paper 004's hash
//! policy along the last level, cuSPARSE's and GraphBLAS's hashed
//! Gustavson): the row's touched coordinates are keys of an open-addressing
//! table with linear probing, so the row takes memory in proportion to what
//! one row receives rather than to the last level's dimension.
//!
//! The table is sized once, after the bounding pass (`row_workspace`): its
//! capacity is the smallest power of two that is at least 16 and twice the
//! most stores any row receives (capped by the dimension), so it is never
//! more than half full and needs no growth. A coordinate's home slot is the
//! top bits of its product with 2^64/φ (Fibonacci hashing), which spreads
//! strided coordinates as well as consecutive ones. When a row ends, its
//! coordinates (read from the slots it filled, listed in the order filled)
//! are sorted, each is found again to read its value, and its slot is
//! emptied through the list, so that no probe sequence is cut short while
//! the row is read. A row of an unordered level is read through the listed
//! slots as they are, neither sorted nor probed again.

use super::error::LowerError;
use super::row_workspace::RowOrder;
use super::Emitter;
use crate::ir::{block_region, only_block};
use crate::place::Place;
use melior::{
    dialect::{arith, scf},
    ir::{attribute::IntegerAttribute, block::BlockLike, Type, Value},
};

/// The smallest capacity of a table.
const LEAST_CAPACITY: i64 = 16;

/// 2^64 divided by the golden ratio, odd: the multiplier of Fibonacci
/// hashing (as a two's complement `i64`).
const FIBONACCI_MULTIPLIER: i64 = 0x9E37_79B9_7F4A_7C15_u64 as i64;

/// The key of an empty slot: no coordinate is `index` -1.
const EMPTY: i64 = -1;

/// The hash table of a row workspace.
#[derive(Clone)]
pub(super) struct HashTable<'c, 'a> {
    /// The coordinate held in each slot, or [`EMPTY`] (`memref<?xindex>`).
    pub keys: Value<'c, 'a>,
    /// The slots the current row filled, in the order filled.
    pub slots: Value<'c, 'a>,
    /// The current row's coordinates while they are put in order, and the
    /// buffer sorting them merges through (empty for a row appended as
    /// touched).
    pub order: Value<'c, 'a>,
    pub spare: Value<'c, 'a>,
    /// The order the row is appended in.
    pub appended_in: RowOrder,
    /// The number of slots, a power of two.
    pub capacity: Value<'c, 'a>,
    /// `capacity - 1`, which wraps a probe around the table.
    pub mask: Value<'c, 'a>,
    /// `64 - log2 capacity`: a hash's top bits are its home slot (`i64`).
    pub shift: Value<'c, 'a>,
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// An empty table for rows that receive at most `most_stores` stores
    /// each, over a dimension of `dim` coordinates, appended in
    /// `appended_in`; `buffer` allocates a buffer of the row (an element
    /// type and a length), checked.
    pub(super) fn allocate_hash_table(
        &self,
        most_stores: Value<'c, 'a>,
        dim: Value<'c, 'a>,
        appended_in: RowOrder,
        place: Place<'c, 'a>,
        buffer: &dyn Fn(Type<'c>, Value<'c, 'a>) -> Result<Value<'c, 'a>, LowerError>,
    ) -> Result<HashTable<'c, 'a>, LowerError> {
        let one = self.index(place, 1);
        let keys_needed = self.min(place, most_stores, dim);
        let wanted = self.max(place, self.add(place, keys_needed, keys_needed), self.index(place, LEAST_CAPACITY));
        // The smallest power of two at least `wanted` (which is at least 2).
        let log2 = self.bit_length(place, self.sub(place, wanted, one))?;
        let capacity = self.one(place, arith::shli(one, log2, self.location));
        let mask = self.sub(place, capacity, one);
        let shift = self.one(place, arith::index_cast(self.sub(place, self.index(place, 64), log2), self.i64_type(), self.location));
        let index = Type::index(self.context);
        let keys = buffer(index, capacity)?;
        let empty = self.index(place, EMPTY);
        self.for_each(place, capacity, |body, at| self.store(Place::End(body), empty, keys, at));
        let half = self.one(place, arith::shrui(capacity, one, self.location));
        let sorted = match appended_in {
            RowOrder::Increasing => half,
            RowOrder::AsTouched => self.index(place, 0),
        };
        let [slots, order, spare] = [buffer(index, half)?, buffer(index, sorted)?, buffer(index, sorted)?];
        Ok(HashTable { keys, slots, order, spare, capacity, mask, shift, appended_in })
    }

    /// Finds `coordinate` in the table, adding it (and listing its slot in
    /// `slots` at `counts[touched]`, which grows by one) when it is not
    /// there; returns whether it was there, and its slot.
    pub(super) fn mark_hashed(
        &self,
        table: &HashTable<'c, 'a>,
        counts: Value<'c, 'a>,
        touched: Value<'c, 'a>,
        coordinate: Value<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<(Value<'c, 'a>, Value<'c, 'a>), LowerError> {
        let slot = self.probe(table, coordinate, place)?;
        let key = self.load(place, table.keys, slot);
        let seen = self.compare(place, arith::CmpiPredicate::Ne, key, self.index(place, EMPTY));
        let first = self.then(place, self.negate(place, seen));
        let here = Place::End(first);
        self.store(here, coordinate, table.keys, slot);
        let count = self.load(here, counts, touched);
        self.store(here, slot, table.slots, count);
        self.store(here, self.add(here, count, self.index(here, 1)), counts, touched);
        first.append_operation(scf::r#yield(&[], self.location));
        Ok((seen, slot))
    }

    /// The slot holding `coordinate`, or the empty slot where it would go:
    /// from its home slot, the first slot that is empty or holds it.
    fn probe(&self, table: &HashTable<'c, 'a>, coordinate: Value<'c, 'a>, place: Place<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
        let i64_type = self.i64_type();
        let wide = self.one(place, arith::index_castui(coordinate, i64_type, self.location));
        let multiplier =
            self.one(place, arith::constant(self.context, IntegerAttribute::new(i64_type, FIBONACCI_MULTIPLIER).into(), self.location));
        let hash = self.one(place, arith::muli(wide, multiplier, self.location));
        let top = self.one(place, arith::shrui(hash, table.shift, self.location));
        let home = self.one(place, arith::index_castui(top, Type::index(self.context), self.location));
        let index = Type::index(self.context);
        let (before, after) = (block_region(&[index], self.location), block_region(&[index], self.location));
        let probing = place.put(scf::r#while(&[home], &[index], before, after, self.location));
        let before = only_block(probing, 0);
        let slot: Value = before.argument(0)?.into();
        let check = Place::End(before);
        let key = self.load(check, table.keys, slot);
        let occupied = self.compare(check, arith::CmpiPredicate::Ne, key, self.index(check, EMPTY));
        let other = self.compare(check, arith::CmpiPredicate::Ne, key, coordinate);
        let onward = self.one(check, arith::andi(occupied, other, self.location));
        before.append_operation(scf::condition(onward, &[slot], self.location));
        let after = only_block(probing, 1);
        let slot: Value = after.argument(0)?.into();
        let step = Place::End(after);
        let next = self.one(step, arith::andi(self.add(step, slot, self.index(step, 1)), table.mask, self.location));
        after.append_operation(scf::r#yield(&[next], self.location));
        Ok(probing.result(0)?.into())
    }

    /// Visits the `count` coordinates of the current row in the order it
    /// is appended in, each with its slot (`visit(coordinate, slot,
    /// place)`), then empties their slots. In increasing order the keys are
    /// sorted and probed for again; as they were touched, the slots are
    /// visited as they were filled.
    pub(super) fn visit_hashed(
        &self,
        table: &HashTable<'c, 'a>,
        count: Value<'c, 'a>,
        place: Place<'c, 'a>,
        visit: &dyn Fn(Value<'c, 'a>, Value<'c, 'a>, Place<'c, 'a>) -> Result<(), LowerError>,
    ) -> Result<(), LowerError> {
        if table.appended_in == RowOrder::AsTouched {
            self.try_for_each(place, count, |body, at| {
                let here = Place::End(body);
                let slot = self.load(here, table.slots, at);
                visit(self.load(here, table.keys, slot), slot, here)
            })?;
            self.empty_hashed(table, count, place);
            return Ok(());
        }
        self.for_each(place, count, |body, at| {
            let here = Place::End(body);
            self.store(here, self.load(here, table.keys, self.load(here, table.slots, at)), table.order, at);
        });
        self.sort_indices(place, table.order, table.spare, count)?;
        self.try_for_each(place, count, |body, at| {
            let here = Place::End(body);
            let coordinate = self.load(here, table.order, at);
            visit(coordinate, self.probe(table, coordinate, here)?, here)
        })?;
        self.empty_hashed(table, count, place);
        Ok(())
    }

    /// Empties the `count` slots the current row filled.
    pub(super) fn empty_hashed(&self, table: &HashTable<'c, 'a>, count: Value<'c, 'a>, place: Place<'c, 'a>) {
        self.for_each(place, count, |body, at| {
            let here = Place::End(body);
            self.store(here, self.index(here, EMPTY), table.keys, self.load(here, table.slots, at));
        });
    }
}
