//! Sorting a builder's entries by their level coordinates, in generated code.
//!
//! Two ways, both stable, so among entries with equal coordinates the one
//! inserted last stays last, and assembly keeps its value (a later
//! `tensor.insert` at the same place replaces an earlier one):
//!
//! - **Merging** ([`Emitter::sort_entries`], the coordinate policy of paper
//!   004): a bottom-up merge sort of a permutation: pass `p` merges the
//!   sorted runs of `2^p` entries pairwise from one buffer into the other,
//!   for `ceil(log2 n)` passes, each `O(n)`. Entries are compared through
//!   the permutation, coordinate by coordinate in level order.
//! - **Buckets** ([`Emitter::sort_by_buckets`], the bucket policy): one
//!   stable pass per level, the last level first (a least-significant-digit
//!   radix sort whose digits are whole coordinates). A level whose
//!   dimension is small next to the number of entries is sorted by counting
//!   into one bucket per coordinate, `O(n + dimension)` (at most 4 index
//!   words per entry, plus 512 KiB); a longer one by merging on that
//!   coordinate alone, and all levels by one merge when none is that short.
//!   A scan first finds whether the entries came in order, then they are
//!   not sorted at all, and whether they came in the order of the levels
//!   below the first, then only the first level is sorted. The first
//!   level's pass moves the entries themselves into new buffers, so that a
//!   transposition is one scan and one scatter, as SciPy's.
//!
//! Entries that come in level order within each first-level coordinate (a
//! concatenation along the second dimension) take a single counting pass by
//! that coordinate ([`Emitter::sort_by_coordinate`]).

use super::error::LowerError;
use super::inserts::Builder;
use super::Emitter;
use crate::place::Place;
use melior::{
    dialect::{arith, memref, scf},
    ir::{
        block::BlockLike,
        operation::{OperationBuilder, OperationLike},
        r#type::MemRefType,
        Block, Region, RegionLike, ShapedTypeLike, Type, Value, ValueLike,
    },
};

/// The length of the runs [`Emitter::sort_indices`] sorts by insertion
/// before merging them.
const SORTED_RUN: i64 = 16;

/// A level is sorted by counting (one bucket per coordinate) when its
/// dimension is at most `BUCKETS_PER_ENTRY · n + MIN_BUCKETS` for `n`
/// entries, so the buckets take memory in proportion to the entries.
pub(super) const BUCKETS_PER_ENTRY: i64 = 4;

/// See [`BUCKETS_PER_ENTRY`]: buckets a level may have whatever the number
/// of entries (512 KiB of counts).
pub(super) const MIN_BUCKETS: i64 = 1 << 16;

impl<'c: 'a, 'a> Emitter<'c> {
    /// The order of `builder`'s entries sorted by their coordinates at the
    /// dimensions `level_dims` (outermost level first), as a new
    /// `memref<?xindex>` of entry numbers.
    pub(super) fn sort_entries(
        &self,
        place: Place<'c, 'a>,
        builder: &Builder<'c, 'a>,
        level_dims: &[usize],
    ) -> Result<Value<'c, 'a>, LowerError> {
        let order = self.identity_order(place, builder.count);
        self.merge_order(place, builder, level_dims, order)
    }

    /// `builder`'s entries sorted by their coordinates at the dimensions
    /// `level_dims` (outermost level first). This takes over the builder's
    /// buffers of coordinates and values: a scan that finds the entries
    /// already in order returns them; otherwise they are freed and the
    /// entries come in new buffers as long as they are, sorted one level at a
    /// time from the last, each level by counting into buckets when its
    /// dimension is at most [`BUCKETS_PER_ENTRY`] per entry (plus
    /// [`MIN_BUCKETS`]), else by merging on its coordinate alone; when no
    /// level is that short, by one merge on all of them. The same scan finds
    /// whether the entries came in the order of the levels below the first
    /// (a transposition's do: its last level is the loops' outermost), whose
    /// passes are then skipped; the first level's pass moves the entries
    /// themselves, so they are read in order afterwards.
    pub(super) fn sort_by_buckets(
        &self,
        place: Place<'c, 'a>,
        builder: &Builder<'c, 'a>,
        level_dims: &[usize],
        arrival: Option<(Value<'c, 'a>, Value<'c, 'a>)>,
    ) -> Result<Entries<'c, 'a>, LowerError> {
        let element = MemRefType::try_from(builder.values.r#type())
            .map_err(|_| LowerError::Malformed("entries whose values are not in a buffer"))?
            .element();
        let types = self.entry_types(builder, element);
        // Per level, whether it is short enough to sort by counting.
        let buckets = self.add(place, self.mul(place, builder.count, self.index(place, BUCKETS_PER_ENTRY)), self.index(place, MIN_BUCKETS));
        let counted =
            level_dims.iter().map(|&dim| self.compare(place, arith::CmpiPredicate::Ule, builder.dims[dim], buckets)).collect::<Vec<_>>();
        let any_counted = counted
            .iter()
            .copied()
            .reduce(|any, counted| self.one(place, arith::ori(any, counted, self.location)))
            .ok_or(LowerError::Malformed("a sort of rank-0 entries"))?;
        let (in_order, below_in_order) = match arrival {
            Some(arrival) => arrival,
            None => self.arrival_order(place, builder, level_dims)?,
        };
        let given = builder.coordinates.iter().copied().chain([builder.values]).collect::<Vec<_>>();
        let sort_and_free = |place: Place<'c, 'a>| {
            let sorted = self.if_else(
                place,
                any_counted,
                &types,
                |place| self.sort_by_levels(place, builder, level_dims, &counted, below_in_order, element),
                |place| self.merge_and_gather(place, builder, level_dims, None, element),
            )?;
            for &buffer in &given {
                place.put(memref::dealloc(buffer, self.location));
            }
            Ok(sorted)
        };
        // Buffers of other types (a builder's own layout) are always sorted
        // into new ones.
        let sorted = match given.iter().map(|buffer| buffer.r#type()).eq(types.iter().copied()) {
            true => self.if_else(place, in_order, &types, |_| Ok(given.clone()), sort_and_free)?,
            false => sort_and_free(place)?,
        };
        Ok(Entries::from_buffers(sorted))
    }

    /// `builder`'s entries sorted into new buffers one level of `level_dims`
    /// at a time from the last, each by counting where `counted` says so
    /// (one per level), else by merging; the levels below the first not at
    /// all when `below_in_order`.
    fn sort_by_levels(
        &self,
        place: Place<'c, 'a>,
        builder: &Builder<'c, 'a>,
        level_dims: &[usize],
        counted: &[Value<'c, 'a>],
        below_in_order: Value<'c, 'a>,
        element: Type<'c>,
    ) -> Result<Vec<Value<'c, 'a>>, LowerError> {
        let (first, first_counted) = (level_dims[0], counted[0]);
        self.if_else(
            place,
            below_in_order,
            &self.entry_types(builder, element),
            |place| self.sort_first_level(place, builder, first, None, first_counted, element),
            |place| {
                let mut order = self.identity_order(place, builder.count);
                for (&dim, &counting) in level_dims.iter().zip(counted).skip(1).rev() {
                    order = self.if_else(
                        place,
                        counting,
                        &[order.r#type()],
                        |place| {
                            let sorted = self.sort_by_coordinate(place, builder, dim, Some(order));
                            place.put(memref::dealloc(order, self.location));
                            Ok(vec![sorted])
                        },
                        |place| Ok(vec![self.merge_order(place, builder, &[dim], order)?]),
                    )?[0];
                }
                self.sort_first_level(place, builder, first, Some(order), first_counted, element)
            },
        )
    }

    /// `builder`'s entries, taken in the order `within` (which this takes
    /// over) or else as numbered, stably sorted by their coordinate at `dim`
    /// into new buffers with values of type `element`: moved into one bucket
    /// per coordinate when `counting`, else merged and gathered.
    fn sort_first_level(
        &self,
        place: Place<'c, 'a>,
        builder: &Builder<'c, 'a>,
        dim: usize,
        within: Option<Value<'c, 'a>>,
        counting: Value<'c, 'a>,
        element: Type<'c>,
    ) -> Result<Vec<Value<'c, 'a>>, LowerError> {
        self.if_else(
            place,
            counting,
            &self.entry_types(builder, element),
            |place| {
                let moved = self.entry_buffers(place, builder, element);
                self.scatter_by_coordinate(place, builder, dim, within, |here, entry, to| {
                    self.copy_entry(here, builder, &moved, entry, to)
                });
                if let Some(within) = within {
                    place.put(memref::dealloc(within, self.location));
                }
                Ok(moved.buffers())
            },
            |place| self.merge_and_gather(place, builder, &[dim], within, element),
        )
    }

    /// `builder`'s entries, taken in the order `within` (which this takes
    /// over) or else as numbered, stably merge-sorted by their coordinates at
    /// `level_dims` and gathered into new buffers with values of type
    /// `element`.
    fn merge_and_gather(
        &self,
        place: Place<'c, 'a>,
        builder: &Builder<'c, 'a>,
        level_dims: &[usize],
        within: Option<Value<'c, 'a>>,
        element: Type<'c>,
    ) -> Result<Vec<Value<'c, 'a>>, LowerError> {
        let order = within.unwrap_or_else(|| self.identity_order(place, builder.count));
        let merged = self.merge_order(place, builder, level_dims, order)?;
        let gathered = self.gather_entries(place, builder, merged, element);
        place.put(memref::dealloc(merged, self.location));
        Ok(gathered.buffers())
    }

    /// Whether `builder`'s entries were added in the order of their
    /// coordinates at `level_dims` (outermost first), and in the order of
    /// those below the first: one scan comparing each entry with the one
    /// before (both true for fewer than two entries).
    pub(super) fn arrival_order(
        &self,
        place: Place<'c, 'a>,
        builder: &Builder<'c, 'a>,
        level_dims: &[usize],
    ) -> Result<(Value<'c, 'a>, Value<'c, 'a>), LowerError> {
        let ordered = self.boolean(place, true);
        let one = self.index(place, 1);
        let scan = self.carried_for(place, one, self.max(place, builder.count, one), one, &[ordered, ordered])?;
        let here = Place::End(scan.body);
        let before = self.sub(here, scan.index, self.index(here, 1));
        let still = [level_dims, &level_dims[1..]]
            .into_iter()
            .zip(&scan.carried)
            .map(|(dims, &so_far)| {
                let out_of_order = self.entry_less(here, builder, dims, scan.index, before);
                self.one(here, arith::andi(so_far, self.negate(here, out_of_order), self.location))
            })
            .collect::<Vec<_>>();
        scan.body.append_operation(scf::r#yield(&still, self.location));
        Ok((scan.results[0], scan.results[1]))
    }

    /// Visits `builder`'s entries, taken in the order `within` or else as
    /// numbered, with the place each takes when they are stably sorted by
    /// their coordinate at `dim` (a counting sort): `write(place, entry,
    /// to)`.
    fn scatter_by_coordinate(
        &self,
        place: Place<'c, 'a>,
        builder: &Builder<'c, 'a>,
        dim: usize,
        within: Option<Value<'c, 'a>>,
        write: impl Fn(Place<'c, 'a>, Value<'c, 'a>, Value<'c, 'a>),
    ) {
        let starts = self.bucket_starts(place, builder, dim);
        self.for_each(place, builder.count, |body, at| {
            let here = Place::End(body);
            let entry = within.map_or(at, |within| self.load(here, within, at));
            let coordinate = self.load(here, builder.coordinates[dim], entry);
            let to = self.load(here, starts, coordinate);
            write(here, entry, to);
            self.store(here, self.add(here, to, self.index(here, 1)), starts, coordinate);
        });
        place.put(memref::dealloc(starts, self.location));
    }

    /// `builder`'s entries in the order `order`: new buffers as long as the entries.
    fn gather_entries(&self, place: Place<'c, 'a>, builder: &Builder<'c, 'a>, order: Value<'c, 'a>, element: Type<'c>) -> Entries<'c, 'a> {
        let gathered = self.entry_buffers(place, builder, element);
        self.for_each(place, builder.count, |body, at| {
            let here = Place::End(body);
            self.copy_entry(here, builder, &gathered, self.load(here, order, at), at);
        });
        gathered
    }

    /// The types of [`Self::entry_buffers`]: `memref<?xindex>` per
    /// dimension, then `memref<?xelement>`.
    fn entry_types(&self, builder: &Builder<'c, 'a>, element: Type<'c>) -> Vec<Type<'c>> {
        let buffer = |element: Type<'c>| Type::from(MemRefType::new(element, &[i64::MIN], None, None));
        vec![buffer(Type::index(self.context)); builder.coordinates.len()].into_iter().chain([buffer(element)]).collect()
    }

    /// New buffers for `builder`'s entries, as long as they are, with values
    /// of type `element`.
    fn entry_buffers(&self, place: Place<'c, 'a>, builder: &Builder<'c, 'a>, element: Type<'c>) -> Entries<'c, 'a> {
        let index = Type::index(self.context);
        let coordinates = builder.coordinates.iter().map(|_| self.alloc_buffer(place, index, builder.count)).collect();
        Entries { coordinates, values: self.alloc_buffer(place, element, builder.count) }
    }

    /// Copies `builder`'s entry `entry` to `to` in `entries`.
    fn copy_entry(
        &self,
        place: Place<'c, 'a>,
        builder: &Builder<'c, 'a>,
        entries: &Entries<'c, 'a>,
        entry: Value<'c, 'a>,
        to: Value<'c, 'a>,
    ) {
        for (&from, &into) in builder.coordinates.iter().zip(&entries.coordinates) {
            self.store(place, self.load(place, from, entry), into, to);
        }
        self.store(place, self.load(place, builder.values, entry), entries.values, to);
    }

    /// The entry numbers `0..count` in a new `memref<?xindex>`.
    fn identity_order(&self, place: Place<'c, 'a>, count: Value<'c, 'a>) -> Value<'c, 'a> {
        let order = self.alloc_buffer(place, Type::index(self.context), count);
        self.for_each(place, count, |body, at| self.store(Place::End(body), at, order, at));
        order
    }

    /// `order` (a permutation of `builder`'s entries, which this takes over)
    /// stably merge-sorted by the coordinates at `level_dims`.
    fn merge_order(
        &self,
        place: Place<'c, 'a>,
        builder: &Builder<'c, 'a>,
        level_dims: &[usize],
        order: Value<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let count = builder.count;
        let spare = self.alloc_buffer(place, Type::index(self.context), count);
        // passes = ceil(log2 count), the bit length of count - 1 (0 for count <= 1).
        let one = self.index(place, 1);
        let last = self.sub(place, self.max(place, count, one), one);
        let passes = self.bit_length(place, last)?;

        // for pass in 0..passes carrying (from, to): merge runs of `width`.
        let outer = self.carried_for(place, self.index(place, 0), passes, self.index(place, 1), &[order, spare])?;
        let here = Place::End(outer.body);
        let (from, to) = (outer.carried[0], outer.carried[1]);
        let width = self.one(here, arith::shli(self.index(here, 1), outer.index, self.location));
        self.merge_pass(here, from, to, count, width, &|at, right, left| self.entry_less(at, builder, level_dims, right, left))?;
        outer.body.append_operation(scf::r#yield(&[to, from], self.location));
        place.put(memref::dealloc(outer.results[1], self.location));
        Ok(outer.results[0])
    }

    /// The order of `builder`'s entries, taken in the order `within` (a
    /// permutation of them) or else as numbered, stably sorted by their
    /// coordinate at `dim` alone (a counting sort, `O(count + size of
    /// dim)`), as a new `memref<?xindex>` of entry numbers: the level order
    /// when entries with the same such coordinate come in level order.
    pub(super) fn sort_by_coordinate(
        &self,
        place: Place<'c, 'a>,
        builder: &Builder<'c, 'a>,
        dim: usize,
        within: Option<Value<'c, 'a>>,
    ) -> Value<'c, 'a> {
        let order = self.alloc_buffer(place, Type::index(self.context), builder.count);
        self.scatter_by_coordinate(place, builder, dim, within, |here, entry, to| self.store(here, entry, order, to));
        order
    }

    /// Per coordinate `c` at `dim`, where the first of `builder`'s entries
    /// at `c` goes when they are sorted by that coordinate (the number of
    /// entries at smaller coordinates): a new `memref<?xindex>` one longer
    /// than the dimension.
    fn bucket_starts(&self, place: Place<'c, 'a>, builder: &Builder<'c, 'a>, dim: usize) -> Value<'c, 'a> {
        let coordinates = builder.coordinates[dim];
        let one = self.index(place, 1);
        // starts[c + 1] counts the entries at c, then starts[c] is where the
        // first of them goes.
        let buckets = self.add(place, builder.dims[dim], one);
        let starts = self.zeroed_indices(place, buckets);
        self.for_each(place, builder.count, |body, entry| {
            let here = Place::End(body);
            self.count_in_bucket(here, starts, self.load(here, coordinates, entry));
        });
        self.running_sum(place, starts, builder.dims[dim]);
        starts
    }

    /// Counts one more entry at `coordinate` in `buckets`, one slot further
    /// on (`buckets[coordinate + 1]`), so that [`Emitter::running_sum`] turns
    /// the counts into where each coordinate's entries start.
    pub(super) fn count_in_bucket(&self, place: Place<'c, 'a>, buckets: Value<'c, 'a>, coordinate: Value<'c, 'a>) {
        let after = self.add(place, coordinate, self.index(place, 1));
        self.store(place, self.add(place, self.load(place, buckets, after), self.index(place, 1)), buckets, after);
    }

    /// Adds each of the first `slots` entries of `buckets` to the next:
    /// counts become where each bucket starts.
    pub(super) fn running_sum(&self, place: Place<'c, 'a>, buckets: Value<'c, 'a>, slots: Value<'c, 'a>) {
        self.for_each(place, slots, |body, at| {
            let here = Place::End(body);
            let next = self.add(here, at, self.index(here, 1));
            self.store(here, self.add(here, self.load(here, buckets, at), self.load(here, buckets, next)), buckets, next);
        });
    }

    /// Sorts the first `count` elements of the `memref<?xindex>` `buffer`
    /// in place, ascending, with `spare` (as long) to merge into: an
    /// insertion sort of each run of [`SORTED_RUN`] elements (linear on a run
    /// already in order, as a banded row's coordinates first arrive), then
    /// bottom-up merge passes of the runs, alternating between the two
    /// buffers, and a copy back when the last pass wrote `spare`. Worst case
    /// `O(count log count)`.
    pub(super) fn sort_indices(
        &self,
        place: Place<'c, 'a>,
        buffer: Value<'c, 'a>,
        spare: Value<'c, 'a>,
        count: Value<'c, 'a>,
    ) -> Result<(), LowerError> {
        let index = Type::index(self.context);
        let run = self.index(place, SORTED_RUN);
        let runs = self.carried_for(place, self.index(place, 0), count, run, &[])?;
        {
            let here = Place::End(runs.body);
            let start = runs.index;
            let end = self.min(here, self.add(here, start, run), count);
            let after_start = self.add(here, start, self.index(here, 1));
            let each = self.carried_for(here, after_start, end, self.index(here, 1), &[])?;
            let there = Place::End(each.body);
            let moving = self.load(there, buffer, each.index);
            // Shift the larger elements before `moving` up by one.
            let (before, after) = (crate::ir::block_region(&[index], self.location), crate::ir::block_region(&[index], self.location));
            let shift = there.put(scf::r#while(&[each.index], &[index], before, after, self.location));
            let before = crate::ir::only_block(shift, 0);
            let at: Value = before.argument(0)?.into();
            let check = Place::End(before);
            // At `start` the load reads inside the run, and is not used.
            let previous = self.load(check, buffer, self.sub(check, self.max(check, at, after_start), self.index(check, 1)));
            let open = self.compare(check, arith::CmpiPredicate::Ugt, at, start);
            let larger = self.compare(check, arith::CmpiPredicate::Ugt, previous, moving);
            before.append_operation(scf::condition(self.and(check, &[open, larger]), &[at], self.location));
            let after = crate::ir::only_block(shift, 1);
            let at: Value = after.argument(0)?.into();
            let step = Place::End(after);
            let below = self.sub(step, at, self.index(step, 1));
            self.store(step, self.load(step, buffer, below), buffer, at);
            after.append_operation(scf::r#yield(&[below], self.location));
            let at: Value = shift.result(0)?.into();
            self.store(there, moving, buffer, at);
            each.body.append_operation(scf::r#yield(&[], self.location));
            runs.body.append_operation(scf::r#yield(&[], self.location));
        }
        // Merge passes while a run is shorter than the list, carrying
        // (width, source, target, whether the source is `spare`).
        let i1 = melior::ir::r#type::IntegerType::new(self.context, 1).into();
        let buffer_type = buffer.r#type();
        let types = [index, buffer_type, buffer_type, i1];
        let (before, after) = (crate::ir::block_region(&types, self.location), crate::ir::block_region(&types, self.location));
        let initial = [run, buffer, spare, self.boolean(place, false)];
        let passes = place.put(scf::r#while(&initial, &types, before, after, self.location));
        let before = crate::ir::only_block(passes, 0);
        let carried = (0..4).map(|k| before.argument(k).map(Value::from)).collect::<Result<Vec<_>, _>>()?;
        let shorter = self.compare(Place::End(before), arith::CmpiPredicate::Ult, carried[0], count);
        before.append_operation(scf::condition(shorter, &carried, self.location));
        let after = crate::ir::only_block(passes, 1);
        let here = Place::End(after);
        let carried = (0..4).map(|k| after.argument(k).map(Value::from)).collect::<Result<Vec<_>, _>>()?;
        let (width, from, to, in_spare) = (carried[0], carried[1], carried[2], carried[3]);
        let double =
            self.merge_pass(here, from, to, count, width, &|at, right, left| self.compare(at, arith::CmpiPredicate::Ult, right, left))?;
        let flipped = self.negate(here, in_spare);
        after.append_operation(scf::r#yield(&[double, to, from, flipped], self.location));
        let sorted_in_spare: Value = passes.result(3)?.into();
        let copy_back = self.then(place, sorted_in_spare);
        self.for_each(Place::End(copy_back), count, |body, at| {
            let here = Place::End(body);
            self.store(here, self.load(here, spare, at), buffer, at);
        });
        copy_back.append_operation(scf::r#yield(&[], self.location));
        Ok(())
    }

    /// One bottom-up merge pass: each pair of adjacent sorted runs of
    /// `width` of the first `count` elements of `from` merged into `to`,
    /// stably (`right_first(right, left)` says that the right element goes
    /// first, strictly). Returns the width of the merged runs.
    fn merge_pass(
        &self,
        place: Place<'c, 'a>,
        from: Value<'c, 'a>,
        to: Value<'c, 'a>,
        count: Value<'c, 'a>,
        width: Value<'c, 'a>,
        right_first: &dyn Fn(Place<'c, 'a>, Value<'c, 'a>, Value<'c, 'a>) -> Value<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let double = self.add(place, width, width);
        let pairs = self.carried_for(place, self.index(place, 0), count, double, &[])?;
        let there = Place::End(pairs.body);
        let low = pairs.index;
        let middle = self.min(there, self.add(there, low, width), count);
        let high = self.min(there, self.add(there, low, double), count);
        let merge = self.carried_for(there, low, high, self.index(there, 1), &[low, middle])?;
        let inside = Place::End(merge.body);
        let (left, right) = (merge.carried[0], merge.carried[1]);
        let last = self.sub(inside, count, self.index(inside, 1));
        // Loads clamped into the buffer; a side that is used up is not taken.
        let left_element = self.load(inside, from, self.min(inside, left, last));
        let right_element = self.load(inside, from, self.min(inside, right, last));
        let left_done = self.compare(inside, arith::CmpiPredicate::Uge, left, middle);
        let right_open = self.compare(inside, arith::CmpiPredicate::Ult, right, high);
        // Take the right element when the left run is used up, or when both
        // are open and the right one goes strictly first (stability).
        let smaller = self.one(inside, arith::andi(right_open, right_first(inside, right_element, left_element), self.location));
        let take_right = self.one(inside, arith::ori(left_done, smaller, self.location));
        self.store(inside, self.select(inside, take_right, right_element, left_element), to, merge.index);
        let one = self.index(inside, 1);
        let next_left = self.select(inside, take_right, left, self.add(inside, left, one));
        let next_right = self.select(inside, take_right, self.add(inside, right, one), right);
        merge.body.append_operation(scf::r#yield(&[next_left, next_right], self.location));
        pairs.body.append_operation(scf::r#yield(&[], self.location));
        Ok(double)
    }

    /// The number of bits `value` (an `index`) needs: `64 - ctlz(value)`, 0 for 0.
    pub(super) fn bit_length(&self, place: Place<'c, 'a>, value: Value<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
        let i64_type = melior::ir::r#type::IntegerType::new(self.context, 64).into();
        let wide = self.one(place, arith::index_cast(value, i64_type, self.location));
        let zeros =
            self.one(place, OperationBuilder::new("math.ctlz", self.location).add_operands(&[wide]).add_results(&[i64_type]).build()?);
        let zeros = self.one(place, arith::index_cast(zeros, Type::index(self.context), self.location));
        Ok(self.sub(place, self.index(place, 64), zeros))
    }

    /// Whether entry `a` comes strictly before entry `b` in level order.
    fn entry_less(
        &self,
        place: Place<'c, 'a>,
        builder: &Builder<'c, 'a>,
        level_dims: &[usize],
        a: Value<'c, 'a>,
        b: Value<'c, 'a>,
    ) -> Value<'c, 'a> {
        let mut less = self.boolean(place, false);
        for &dim in level_dims.iter().rev() {
            let (x, y) = (self.load(place, builder.coordinates[dim], a), self.load(place, builder.coordinates[dim], b));
            let below = self.compare(place, arith::CmpiPredicate::Ult, x, y);
            let equal = self.compare(place, arith::CmpiPredicate::Eq, x, y);
            let equal_then_less = self.one(place, arith::andi(equal, less, self.location));
            less = self.one(place, arith::ori(below, equal_then_less, self.location));
        }
        less
    }

    /// `scf.for %i = low to high step step iter_args(carried)`: its body
    /// (which the caller ends with `scf.yield`), index, carried values and
    /// results.
    pub(super) fn carried_for(
        &self,
        place: Place<'c, 'a>,
        low: Value<'c, 'a>,
        high: Value<'c, 'a>,
        step: Value<'c, 'a>,
        carried: &[Value<'c, 'a>],
    ) -> Result<CarriedFor<'c, 'a>, LowerError> {
        let types = carried.iter().map(|value| value.r#type()).collect::<Vec<_>>();
        let mut arguments = vec![(Type::index(self.context), self.location)];
        arguments.extend(types.iter().map(|&r#type| (r#type, self.location)));
        let region = Region::new();
        region.append_block(Block::new(&arguments));
        let mut operands = vec![low, high, step];
        operands.extend(carried);
        let op = place.put(
            OperationBuilder::new("scf.for", self.location).add_operands(&operands).add_results(&types).add_regions([region]).build()?,
        );
        let body = crate::ir::only_block(op, 0);
        Ok(CarriedFor {
            body,
            index: body.argument(0)?.into(),
            carried: (1..body.argument_count()).map(|at| body.argument(at).map(Into::into)).collect::<Result<_, _>>()?,
            results: op.results().map(Into::into).collect(),
        })
    }
}

/// Entries sorted by [`Emitter::sort_by_buckets`]: per dimension, each
/// entry's coordinate, and the values (`memref`s as long as the entries).
pub(super) struct Entries<'c, 'a> {
    pub coordinates: Vec<Value<'c, 'a>>,
    pub values: Value<'c, 'a>,
}

impl<'c, 'a> Entries<'c, 'a> {
    /// The buffers, the coordinates' then the values'.
    pub fn buffers(&self) -> Vec<Value<'c, 'a>> {
        self.coordinates.iter().copied().chain([self.values]).collect()
    }

    /// The entries of `buffers`, the coordinates' then the values' (at
    /// least the values').
    fn from_buffers(mut buffers: Vec<Value<'c, 'a>>) -> Self {
        let values = buffers.pop().expect("entries have a buffer of values");
        Self { coordinates: buffers, values }
    }
}

/// An `scf.for` built by [`Emitter::carried_for`].
pub(super) struct CarriedFor<'c, 'a> {
    pub body: melior::ir::BlockRef<'c, 'a>,
    pub index: Value<'c, 'a>,
    pub carried: Vec<Value<'c, 'a>>,
    pub results: Vec<Value<'c, 'a>>,
}
