//! The component list of a scattered sparse output (paper 004's
//! insert–sort–merge, with the `bucket` or the `coord` policy).
//!
//! A sparse result whose entries do not arrive once each in its level order
//! (SpGEMM, a transposition, a reduction into it) is written as a list of
//! components, one per store: its coordinates (one buffer per dimension) and
//! its value. The loops run twice, as for an assembled output of unknown
//! size: the first pass counts the components, so the list is allocated at
//! its exact length, and the second fills it. With the `bucket` policy and
//! a first level that is dense or at most [`INSERTED_BUCKETS`] long, the
//! counting pass also counts each first-level coordinate's components, and
//! the fill pass writes each component straight into its coordinate's
//! bucket (the paper's bucket insertion; a transposition's list is then in
//! order, as SciPy's two-pass transposition leaves it); otherwise it appends
//! them as they come. Where the first level is located (CSR's dense rows),
//! every component goes into its bucket, which implies its first
//! coordinate: the list does not hold it (a third less memory for a matrix),
//! the scans for order read the buckets instead, and a list sorted or
//! walked as a whole has those coordinates written out from the buckets
//! first. A CSR result's list holds its columns as the result's coordinate
//! buffer does (32-bit ones in 32 bits); come strictly in order within
//! each bucket (as the loops make it, [`rising_buckets`], or as a scan
//! finds it), written by assignments or by a reduction whose identity is
//! where each entry starts, with no value that the result drops or that
//! the start would change ([`rejected_values`]), it is the result (its
//! columns and values the result's coordinates and values, its buckets'
//! ends its positions: [`Emitter::take_over_list`]).
//! Otherwise the list is sorted in the
//! result's level order (`sort.rs`): with the `bucket` policy, one level at
//! a time from the last, by counting into a bucket per coordinate where the
//! level's dimension is small next to the list, and by merging on that
//! coordinate elsewhere (not at all when the components came in order, and
//! the levels below the first not when they came in theirs), the
//! components moved into order; with the `coord` policy, by one merge sort
//! on all the coordinates, read through the sorted permutation. Then the
//! components at equal coordinates are combined by the statement's
//! reduction, starting from the fill value or the statement's start
//! (`arr.reduce_start`: upstream's `sparse_tensor.reduce` starts from its
//! identity; without a reduction, the last written wins), and each combined
//! entry is appended to the result, which is assembled in order as any
//! sparse output and trimmed to its entries.
//!
//! A rank-two result whose components were inserted into its rows' buckets
//! and did not come in order is not sorted as a whole: each row's bucket
//! whose columns rise strictly (one outer product reached the row) is
//! appended as it is, and any other is combined and ordered in a dense row
//! as long as the second level's dimension (the dense row workspace's bits,
//! list and values, reused from row to row), whose touched columns are
//! appended in order (over the list, where it holds them as the result
//! does: a row's entries land in its bucket or before it, once the bucket
//! is read), when that dimension is short next to the list (as a level
//! sorted by counting is):
//! one pass over the list and work per row in proportion to what it
//! touched, in cache, where sorting the whole list by columns, then by rows,
//! scatters every component twice across as many buckets as there are
//! columns.
//!
//! This is the template's single-accumulation extreme (one sort at the end);
//! the bounded accumulation array with repeated merges is not built yet, and
//! the bucket policy combines equal coordinates after its sort rather than on
//! insertion. A result whose levels above the last can be appended to in
//! order takes a row workspace instead (`row_workspace`).

use super::error::LowerError;
use super::inserts::{Arrival, Builder};
use super::rising_buckets;
use super::row_workspace::{Row, RowOrder};
use super::sort::{BUCKETS_PER_ENTRY, MIN_BUCKETS};
use super::storage::Buffers;
use super::Emitter;
use crate::fill::Number;
use crate::ir::{collect, value_key};
use crate::place::Place;
use melior::{
    dialect::{arith, memref, scf},
    ir::{
        block::BlockLike, operation::OperationLike, r#type::RankedTensorType, Attribute, OperationRef, ShapedTypeLike, Type, TypeLike,
        Value, ValueLike,
    },
};
use sparse_formats::{Level, LevelBuffer, LevelKind};

/// The workspace of a scattered output.
#[derive(Clone)]
pub(super) enum Workspace<'c, 'a> {
    /// `{kind = "bucket"}` or `{kind = "coord"}`: every component, sorted
    /// after the loops.
    Components(ComponentList<'c, 'a>),
    /// `{kind = "dense"}` or `{kind = "hash"}`: one row of the last level
    /// at a time.
    Row(Row<'c, 'a>),
}

/// The component list of a scattered output.
#[derive(Clone)]
pub(super) struct ComponentList<'c, 'a> {
    pub r#type: RankedTensorType<'c>,
    /// The components stored so far (`memref<?xindex>` of one entry: the
    /// loops that store them carry nothing).
    pub count: Value<'c, 'a>,
    /// Per dimension, each component's coordinate (none for the first
    /// level's where its buckets imply it: `first_implied`), and the values;
    /// `None` in the counting pass.
    pub list: Option<(Vec<Option<Value<'c, 'a>>>, Value<'c, 'a>)>,
    /// What each run of equal coordinates starts from, when not the fill.
    pub start: Option<Attribute<'c>>,
    /// Whether the list is sorted level by level into buckets (the `bucket`
    /// policy), or by one merge sort (`coord`).
    pub bucketed: bool,
    /// Where components are written: with `inserted` (an `i1`), per
    /// coordinate of the first level, its components (counting pass), then
    /// where its bucket's next component goes (fill pass), after one slot
    /// that nothing counts; without, one slot for every component, so they
    /// go where they come. A `memref<?xindex>`, and the dimension of the
    /// first level.
    pub buckets: Option<(Value<'c, 'a>, Value<'c, 'a>, usize)>,
    /// Whether every component is inserted into its first-level
    /// coordinate's bucket (a located first level, as CSR's dense rows), so
    /// that the buckets imply that coordinate, which is not written: where
    /// the list is sorted as a whole, it is written out from the buckets
    /// first.
    pub first_implied: bool,
    /// Per dimension, the type its coordinates are held in: `index`, but
    /// for a CSR result's columns, held as its coordinate buffer holds them
    /// (32-bit, say), so that the list may be the result as it is.
    pub coordinate_types: Vec<Type<'c>>,
}

/// What [`Emitter::arrival_in_buckets`] checks of a list that may be its
/// result's entries as they are.
#[derive(Clone, Copy)]
struct EntriesCheck<'c, 'a> {
    values: Value<'c, 'a>,
    element: Type<'c>,
    rejected: Rejected<'c>,
}

/// What no value of a list may be for the list to be its result's entries
/// as they are: its values are the entries' where nothing is combined or
/// dropped.
#[derive(Clone, Copy)]
struct Rejected<'c> {
    /// The fill the result drops (any value equal to it, `-0.0` as `0.0`),
    /// or a reduction's start where it is a zero: each entry is the
    /// reduction of the start and its one value, and `0.0 + -0.0` is
    /// `0.0`.
    equal: Option<Attribute<'c>>,
    /// Whether NaN is rejected: a reduction's identity need not hold of it
    /// (`maxnumf(-inf, NaN)` is `-inf`).
    nan: bool,
}

/// How a bucket list arrived.
struct BucketArrival<'c, 'a> {
    /// Whether in order as a whole, and in the second level's order
    /// ([`Emitter::arrival_order`]).
    order: (Value<'c, 'a>, Value<'c, 'a>),
    /// Where checked, whether the list is in order with no two components
    /// at the same coordinates and no value it rejects: its columns,
    /// values and buckets are then the result's coordinates, values and
    /// positions.
    entries: Option<Value<'c, 'a>>,
}

/// The longest first level, stored by position, whose components are
/// written straight into their buckets (2^20 coordinates: 8 MiB of
/// buckets); a dense first level always is, its positions being as many.
const INSERTED_BUCKETS: i64 = 1 << 20;

impl<'c: 'a, 'a> Emitter<'c> {
    /// An empty component list for `output` (of type `type`), counting; its
    /// runs start from `start`, or the fill; sorted into buckets when
    /// `bucketed`, and then inserted into its first level's buckets when
    /// that level is dense or short enough.
    pub(super) fn start_workspace(
        &self,
        output: &Buffers<'c, 'a>,
        r#type: RankedTensorType<'c>,
        start: Option<Attribute<'c>>,
        bucketed: bool,
        place: Place<'c, 'a>,
    ) -> ComponentList<'c, 'a> {
        let format = output.format();
        let buckets = (bucketed && !format.is_blocked() && !format.batched()).then(|| {
            let first = format.dim_to_lvl[0];
            let dim = output.dims[first];
            let inserted = match format.levels[0].is_located() {
                true => self.boolean(place, true),
                false => self.compare(place, arith::CmpiPredicate::Ule, dim, self.index(place, INSERTED_BUCKETS)),
            };
            let coordinates = self.select(place, inserted, dim, self.index(place, 0));
            let length = self.add(place, coordinates, self.index(place, 2));
            (self.zeroed_indices(place, length), inserted, first)
        });
        let first_implied = buckets.is_some() && format.levels[0].is_located();
        let mut coordinate_types = vec![Type::index(self.context); format.dims()];
        if first_implied && is_csr(format) {
            coordinate_types[format.dim_to_lvl[1]] = crate::abi::index_type(format.levels[1].crd_width, self.context);
        }
        ComponentList { r#type, count: self.state(1, 0, place), list: None, start, bucketed, buckets, first_implied, coordinate_types }
    }

    /// A store into the workspace: counted, or added to the list.
    pub(super) fn add_component(
        &self,
        workspace: &ComponentList<'c, 'a>,
        indices: &[Value<'c, 'a>],
        value: Value<'c, 'a>,
        place: Place<'c, 'a>,
    ) {
        let zero = self.index(place, 0);
        let count = self.load(place, workspace.count, zero);
        // The component's bucket: its first coordinate when inserted, else
        // the one slot.
        let bucket = workspace.buckets.map(|(buckets, inserted, first)| (buckets, self.select(place, inserted, indices[first], zero)));
        if let Some((coordinates, values)) = &workspace.list {
            let at = match bucket {
                Some((buckets, bucket)) => {
                    let at = self.load(place, buckets, bucket);
                    self.store(place, self.add(place, at, self.index(place, 1)), buckets, bucket);
                    at
                }
                None => count,
            };
            for (&index, coordinates) in indices.iter().zip(coordinates) {
                if let Some(coordinates) = *coordinates {
                    self.store_index(place, index, coordinates, at);
                }
            }
            self.store(place, value, *values, at);
        } else if let Some((buckets, bucket)) = bucket {
            self.count_in_bucket(place, buckets, bucket);
        }
        let next = self.add(place, count, self.index(place, 1));
        self.store(place, next, workspace.count, zero);
    }

    /// The workspace after its counting pass: a list of the length counted,
    /// empty again; each bucket's count turned into where its components
    /// start (a running sum).
    pub(super) fn allocate_workspace(
        &self,
        counted: &ComponentList<'c, 'a>,
        element: Type<'c>,
        place: Place<'c, 'a>,
    ) -> ComponentList<'c, 'a> {
        let zero = self.index(place, 0);
        let length = self.load(place, counted.count, zero);
        let implied = counted.buckets.filter(|_| counted.first_implied).map(|(_, _, first)| first);
        let coordinates = (0..counted.r#type.rank())
            .map(|dim| (implied != Some(dim)).then(|| self.alloc_buffer(place, counted.coordinate_types[dim], length)))
            .collect();
        let values = self.alloc_buffer(place, element, length);
        self.store(place, zero, counted.count, zero);
        if let Some((buckets, _, _)) = counted.buckets {
            self.running_sum(place, buckets, self.sub(place, self.length(place, buckets), self.index(place, 1)));
        }
        ComponentList { list: Some((coordinates, values)), ..counted.clone() }
    }

    /// Sorts and combines the components of `output`'s workspace, written by
    /// the ops `writers`, and assembles them into `output`. Components
    /// inserted into the buckets of a rank-two result's rows, out of order,
    /// are combined and ordered a row at a time in a dense row
    /// ([`Emitter::drain_rows`]) when the row is short next to the list;
    /// otherwise the whole list is sorted, then combined.
    pub(super) fn finish_workspace(
        &self,
        output: &Buffers<'c, 'a>,
        workspace: &ComponentList<'c, 'a>,
        writers: &[OperationRef<'c, 'a>],
        place: Place<'c, 'a>,
    ) -> Result<Buffers<'c, 'a>, LowerError> {
        let (coordinates, values) = workspace.list.clone().ok_or(LowerError::Malformed("a workspace finished before it is filled"))?;
        let count = self.load(place, workspace.count, self.index(place, 0));
        // The whole list, the coordinates its buckets imply written out.
        let whole = |place: Place<'c, 'a>| -> Result<Builder<'c, 'a>, LowerError> {
            let mut written = Vec::new();
            for (dim, coordinates) in coordinates.iter().enumerate() {
                written.push(match (*coordinates, workspace.buckets) {
                    (Some(coordinates), _) => self.retyped(place, coordinates, count, Type::index(self.context)),
                    (None, Some((buckets, _, _))) => self.bucket_coordinates(place, buckets, output.dims[dim], count)?,
                    (None, None) => return Err(LowerError::Malformed("a component list without a coordinate and without buckets")),
                });
            }
            Ok(Builder { r#type: workspace.r#type, dims: output.dims.clone(), coordinates: written, values, count, arrival: Arrival::Any })
        };
        let level_dims =
            super::inserts::level_dims(output.format()).ok_or(LowerError::Op("a scattered result in a blocked format".into()))?;
        let by_rows = match (workspace.bucketed, workspace.buckets, &level_dims[..]) {
            (true, Some((buckets, inserted, first)), &[row, column]) if row == first => Some((buckets, inserted, row, column)),
            _ => None,
        };
        let Some((buckets, inserted, row, column)) = by_rows else {
            let buffers = self.allocate_assembly(output, Some(&vec![count; output.format().rank()]), place)?;
            self.append_sorted(&buffers, workspace, &whole(place)?, None, writers, place)?;
            if let Some((buckets, _, _)) = workspace.buckets {
                place.put(memref::dealloc(buckets, self.location));
            }
            return self.finish_assembly(&buffers, place);
        };
        let columns = coordinates[column].ok_or(LowerError::Malformed("a component list without its columns"))?;
        // Whether the list may be the result's entries as they are: rows
        // implied by buckets that are the result's, columns and values in
        // the result's types, and values that are the entries' where
        // nothing is combined ([`rejected_values`]).
        let rejected = match coordinates[row].is_none() && is_csr(output.format()) {
            true => rejected_values(output, workspace.start, writers)?,
            false => None,
        };
        let check = rejected.map(|rejected| EntriesCheck { values, element: output.element, rejected });
        let arrival = match coordinates[row] {
            Some(_) => BucketArrival { order: self.arrival_order(place, &whole(place)?, &level_dims)?, entries: None },
            // In order by the loops' construction: no scan.
            None if rising_buckets::rises_in_every_bucket(writers, row, column) => {
                let entries = match check {
                    Some(check) => Some(self.and(place, &[inserted, self.no_rejected_value(place, &check, count)?])),
                    None => None,
                };
                BucketArrival { order: (inserted, self.boolean(place, false)), entries }
            }
            None => self.arrival_in_buckets(place, buckets, output.dims[row], columns, count, check)?,
        };
        let assemble = |place: Place<'c, 'a>| -> Result<Buffers<'c, 'a>, LowerError> {
            let mut buffers = self.allocate_assembly(output, Some(&vec![count; output.format().rank()]), place)?;
            let limit = self.add(place, self.mul(place, count, self.index(place, BUCKETS_PER_ENTRY)), self.index(place, MIN_BUCKETS));
            let short = self.compare(place, arith::CmpiPredicate::Ule, output.dims[column], limit);
            let drained = self.and(place, &[inserted, self.negate(place, arrival.order.0), short]);
            // Drained a row at a time, the entries are written over the
            // list where it holds them as the result does: a row's entries
            // are at most its bucket's components and go after the rows
            // before, so each lands inside its bucket or before it, once
            // the bucket is read. The result's own buffers, untouched, are
            // freed. Not where the second level puts values elsewhere than
            // in its list's order (a bytemap's go to p · N + c). A variable
            // block's starts, one per block, also land at or before the
            // entries they start.
            let result_buffers = (buffers.level_buffer(1, LevelBuffer::Coordinates), buffers.values);
            let values_listed = !super::levels::output_level(&buffers, 1)?.positions_unwritten();
            let over_list = match result_buffers {
                (Some(result_columns), Some(result_values))
                    if values_listed && result_columns.r#type() == columns.r#type() && result_values.r#type() == values.r#type() =>
                {
                    Some((result_columns, result_values))
                }
                _ => None,
            };
            let taken = self.if_else(
                place,
                drained,
                &over_list.map_or(vec![], |(result_columns, result_values)| vec![result_columns.r#type(), result_values.r#type()]),
                |here| {
                    let Some((result_columns, result_values)) = over_list else {
                        self.drain_rows(&buffers, workspace, (columns, values), buckets, writers, here)?;
                        for buffer in coordinates.iter().flatten().chain([&values]) {
                            here.put(memref::dealloc(*buffer, self.location));
                        }
                        return Ok(vec![]);
                    };
                    let mut over = buffers.clone();
                    over.set_level_buffer(1, LevelBuffer::Coordinates, columns);
                    over.values = Some(values);
                    self.drain_rows(&over, workspace, (columns, values), buckets, writers, here)?;
                    for buffer in [result_columns, result_values].iter().chain(coordinates[row].as_ref()) {
                        here.put(memref::dealloc(*buffer, self.location));
                    }
                    Ok(vec![columns, values])
                },
                |here| {
                    self.append_sorted(&buffers, workspace, &whole(here)?, Some(arrival.order), writers, here)?;
                    Ok(over_list.map_or(vec![], |(result_columns, result_values)| vec![result_columns, result_values]))
                },
            )?;
            if let [result_columns, result_values] = taken[..] {
                buffers.set_level_buffer(1, LevelBuffer::Coordinates, result_columns);
                buffers.values = Some(result_values);
            }
            self.finish_assembly(&buffers, place)
        };
        let result = match arrival.entries {
            Some(entries) => {
                let positions = crate::abi::index_type(output.format().levels[1].pos_width, self.context);
                self.take_over_list(place, entries, (columns, values), (buckets, positions), output.dims[row], assemble)?
            }
            None => assemble(place)?,
        };
        place.put(memref::dealloc(buckets, self.location));
        Ok(result)
    }

    /// The result of a CSR list of `columns` and `values` in its rows'
    /// `buckets` (one per coordinate below `rows`): where `entries` holds
    /// (the list is the result's entries as they are), the list itself, its
    /// columns and values the result's coordinates and values and its
    /// buckets' ends, after a 0, its positions (of type `positions`);
    /// otherwise what `assemble` builds.
    fn take_over_list(
        &self,
        place: Place<'c, 'a>,
        entries: Value<'c, 'a>,
        (columns, values): (Value<'c, 'a>, Value<'c, 'a>),
        (buckets, positions): (Value<'c, 'a>, Type<'c>),
        rows: Value<'c, 'a>,
        assemble: impl FnOnce(Place<'c, 'a>) -> Result<Buffers<'c, 'a>, LowerError>,
    ) -> Result<Buffers<'c, 'a>, LowerError> {
        let missing = || LowerError::Malformed("an assembled CSR result without its buffers");
        let mut assembled = None;
        let length = self.add(place, rows, self.index(place, 1));
        let taken = self.if_else(
            place,
            entries,
            &[self.buffer_type(positions), columns.r#type(), values.r#type()],
            |here| {
                let positions = self.alloc_buffer(here, positions, length);
                let zero = self.index(here, 0);
                self.store_index(here, zero, positions, zero);
                self.for_each(here, rows, |body, bucket| {
                    let there = Place::End(body);
                    self.store_index(there, self.load(there, buckets, bucket), positions, self.add(there, bucket, self.index(there, 1)));
                });
                Ok(vec![positions, columns, values])
            },
            |here| {
                let buffers = assemble(here)?;
                let positions = buffers.level_buffer(1, LevelBuffer::Positions).ok_or_else(missing)?;
                let coordinates = buffers.level_buffer(1, LevelBuffer::Coordinates).ok_or_else(missing)?;
                let values = buffers.values.ok_or_else(missing)?;
                assembled = Some(buffers);
                Ok(vec![positions, coordinates, values])
            },
        )?;
        let mut result = assembled.ok_or_else(missing)?;
        result.set_level_buffer(1, LevelBuffer::Positions, taken[0]);
        result.set_level_buffer(1, LevelBuffer::Coordinates, taken[1]);
        result.values = Some(taken[2]);
        Ok(result)
    }

    /// Where bucket `bucket` of `buckets` (each bucket's end, in order, once
    /// filled) begins and ends.
    fn bucket_range(&self, place: Place<'c, 'a>, buckets: Value<'c, 'a>, bucket: Value<'c, 'a>) -> (Value<'c, 'a>, Value<'c, 'a>) {
        let (zero, one) = (self.index(place, 0), self.index(place, 1));
        let first = self.compare(place, arith::CmpiPredicate::Eq, bucket, zero);
        let before = self.sub(place, self.max(place, bucket, one), one);
        (self.select(place, first, zero, self.load(place, buckets, before)), self.load(place, buckets, bucket))
    }

    /// The coordinate each of the `count` components of `buckets` (one per
    /// coordinate below `dimension`) implies: its bucket's, written out, by
    /// flat loops rather than one per bucket (a skewed matrix has many short
    /// and empty rows). Component `e` lies in bucket `r` exactly when `r`
    /// buckets end at or before it: each bucket's end is counted once where
    /// it falls inside the list, and a running sum gives `r`.
    fn bucket_coordinates(
        &self,
        place: Place<'c, 'a>,
        buckets: Value<'c, 'a>,
        dimension: Value<'c, 'a>,
        count: Value<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let written = self.zeroed_indices(place, count);
        self.for_each(place, dimension, |body, bucket| {
            let here = Place::End(body);
            let end = self.load(here, buckets, bucket);
            let inside = self.then(here, self.compare(here, arith::CmpiPredicate::Ult, end, count));
            let there = Place::End(inside);
            self.store(there, self.add(there, self.load(there, written, end), self.index(there, 1)), written, end);
            inside.append_operation(scf::r#yield(&[], self.location));
        });
        self.running_sum(place, written, self.sub(place, self.max(place, count, self.index(place, 1)), self.index(place, 1)));
        Ok(written)
    }

    /// [`Emitter::arrival_order`] of a rank-two list whose rows its buckets
    /// imply (one per coordinate below `rows`): in order as a whole where
    /// each bucket's `columns` are, rows being in order by construction; in
    /// the order of the second level where the columns are across the list.
    /// By flat loops: the columns fall `descents` times along the list, and
    /// `at_starts` of those falls are at a bucket's first component; the
    /// list is in order where they are as many, its columns where there are
    /// none. With `entries`, also whether the list is its result's entries
    /// as they are ([`BucketArrival::entries`]): the columns do not rise
    /// (fall or repeat) only at a bucket's first component, and no value is
    /// one the check rejects ([`Rejected`]).
    fn arrival_in_buckets(
        &self,
        place: Place<'c, 'a>,
        buckets: Value<'c, 'a>,
        rows: Value<'c, 'a>,
        columns: Value<'c, 'a>,
        count: Value<'c, 'a>,
        entries: Option<EntriesCheck<'c, 'a>>,
    ) -> Result<BucketArrival<'c, 'a>, LowerError> {
        let (zero, one) = (self.index(place, 0), self.index(place, 1));
        let counted =
            |here: Place<'c, 'a>, flag: Value<'c, 'a>| self.one(here, arith::index_castui(flag, Type::index(self.context), self.location));
        // Per component after the first, whether the columns fall there,
        // and (checking entries) whether they do not rise.
        let steps = |here: Place<'c, 'a>, at: Value<'c, 'a>| {
            let (column, previous) = (self.load_index(here, columns, at), self.load_index(here, columns, self.sub(here, at, one)));
            let mut steps = vec![counted(here, self.compare(here, arith::CmpiPredicate::Ult, column, previous))];
            if entries.is_some() {
                steps.push(counted(here, self.compare(here, arith::CmpiPredicate::Ule, column, previous)));
            }
            steps
        };
        let add_all = |here: Place<'c, 'a>, sums: &[Value<'c, 'a>], terms: Vec<Value<'c, 'a>>| {
            sums.iter().zip(terms).map(|(&sum, term)| self.add(here, sum, term)).collect::<Vec<_>>()
        };
        let sums = 1 + usize::from(entries.is_some());
        let along = self.carried_for(place, one, self.max(place, count, one), one, &vec![zero; sums])?;
        let here = Place::End(along.body);
        let terms = steps(here, along.index);
        along.body.append_operation(scf::r#yield(&add_all(here, &along.carried, terms), self.location));
        let each = self.carried_for(place, zero, rows, one, &vec![zero; sums])?;
        let here = Place::End(each.body);
        let (begin, end) = self.bucket_range(here, buckets, each.index);
        // A nonempty bucket after the list's first component.
        let after_first = self.compare(here, arith::CmpiPredicate::Ugt, begin, zero);
        let nonempty = self.compare(here, arith::CmpiPredicate::Ult, begin, end);
        let inside = self.and(here, &[after_first, nonempty]);
        let types = vec![Type::index(self.context); sums];
        let at_start = self.if_else(here, inside, &types, |there| Ok(steps(there, begin)), |_| Ok(vec![zero; sums]))?;
        each.body.append_operation(scf::r#yield(&add_all(here, &each.carried, at_start), self.location));
        let equal = |at: usize| self.compare(place, arith::CmpiPredicate::Eq, along.results[at], each.results[at]);
        let in_order = equal(0);
        let columns_in_order = self.compare(place, arith::CmpiPredicate::Eq, along.results[0], zero);
        // The values are read only where the columns hold: a list that came
        // out of order is not taken over whatever it holds.
        let entries = match entries {
            Some(check) => {
                let strictly = equal(1);
                let accepted = self.if_else(
                    place,
                    strictly,
                    &[strictly.r#type()],
                    |there| Ok(vec![self.no_rejected_value(there, &check, count)?]),
                    |there| Ok(vec![self.boolean(there, false)]),
                )?;
                Some(accepted[0])
            }
            None => None,
        };
        Ok(BucketArrival { order: (in_order, columns_in_order), entries })
    }

    /// Whether none of the `count` values `check` reads is one it rejects
    /// (an `i1`; `true` without a scan where it rejects none).
    fn no_rejected_value(
        &self,
        place: Place<'c, 'a>,
        check: &EntriesCheck<'c, 'a>,
        count: Value<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        if check.rejected.equal.is_none() && !check.rejected.nan {
            return Ok(self.boolean(place, true));
        }
        let equal = check.rejected.equal.map(|equal| self.constant(equal, check.element, place)).transpose()?;
        let (zero, one) = (self.index(place, 0), self.index(place, 1));
        let each = self.carried_for(place, zero, count, one, &[zero])?;
        let here = Place::End(each.body);
        let value = self.load(here, check.values, each.index);
        let cmpf = |predicate, other| self.one(here, arith::cmpf(self.context, predicate, value, other, self.location));
        let rejected = match equal {
            Some(equal) if crate::fill::is_float(check.element) => {
                cmpf(if check.rejected.nan { arith::CmpfPredicate::Ueq } else { arith::CmpfPredicate::Oeq }, equal)
            }
            Some(equal) => self.negate(here, self.differs(here, check.element, value, equal)),
            None => cmpf(arith::CmpfPredicate::Uno, value),
        };
        let counted =
            self.add(here, each.carried[0], self.one(here, arith::index_castui(rejected, Type::index(self.context), self.location)));
        each.body.append_operation(scf::r#yield(&[counted], self.location));
        Ok(self.compare(place, arith::CmpiPredicate::Eq, each.results[0], zero))
    }

    /// What each run of equal coordinates starts from: the statement's
    /// start, or the fill.
    fn run_start(
        &self,
        output: &Buffers<'c, 'a>,
        workspace: &ComponentList<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        self.constant(workspace.start.unwrap_or(output.encoding.fill), output.element, place)
    }

    /// Sorts the component list `list` (whose arrival order may be known),
    /// combines the components at equal coordinates, appends each to the
    /// output `buffers` and frees the list.
    fn append_sorted(
        &self,
        buffers: &Buffers<'c, 'a>,
        workspace: &ComponentList<'c, 'a>,
        list: &Builder<'c, 'a>,
        arrival: Option<(Value<'c, 'a>, Value<'c, 'a>)>,
        writers: &[OperationRef<'c, 'a>],
        place: Place<'c, 'a>,
    ) -> Result<(), LowerError> {
        let reduction = combining(writers)?;
        let count = list.count;
        let level_dims =
            &super::inserts::level_dims(buffers.format()).ok_or(LowerError::Op("a scattered result in a blocked format".into()))?;
        // Bucketed, the entries are moved into order (or were in order), in
        // buffers that replace the list's; merged, they are read through
        // the sorted order.
        let (list, order) = match workspace.bucketed {
            true => {
                let sorted = self.sort_by_buckets(place, list, level_dims, arrival)?;
                (Builder { coordinates: sorted.coordinates, values: sorted.values, ..list.clone() }, None)
            }
            false => {
                let order = self.sort_entries(place, list, level_dims)?;
                (list.clone(), Some(order))
            }
        };
        let entry = |here: Place<'c, 'a>, position: Value<'c, 'a>| order.map_or(position, |order| self.load(here, order, position));
        let assembly = buffers.assembly.ok_or(LowerError::Malformed("an output not set up for assembly"))?;
        let fill = self.constant(buffers.encoding.fill, buffers.element, place)?;
        let start = self.run_start(buffers, workspace, place)?;
        let one = self.index(place, 1);
        // Carried: what the current run combined so far, and whether the
        // previous component ended its run (so this one starts a new run).
        let each = self.carried_for(place, self.index(place, 0), count, one, &[fill, self.boolean(place, true)])?;
        let here = Place::End(each.body);
        let at = each.index;
        let (so_far, starts) = (each.carried[0], each.carried[1]);
        let coordinates_at = |position: Value<'c, 'a>| {
            let entry = entry(here, position);
            list.coordinates.iter().map(|&coordinates| self.load(here, coordinates, entry)).collect::<Vec<_>>()
        };
        let indices = coordinates_at(at);
        let value = self.load(here, list.values, entry(here, at));
        let combined = match reduction {
            Some(function) => {
                // The first of a run of equal coordinates starts afresh.
                let base = self.select(here, starts, start, so_far);
                self.reduce_with(writers[0], here, function, base, value, buffers.element)
            }
            None => value,
        };
        // The last of a run is appended, carrying what the run combined.
        let last_position = self.sub(here, count, one);
        let last = self.compare(here, arith::CmpiPredicate::Eq, at, last_position);
        let following = coordinates_at(self.min(here, self.add(here, at, one), last_position));
        let differs = self.negate(here, self.same(here, &following, &indices));
        let ends = self.one(here, arith::ori(last, differs, self.location));
        let append = self.then(here, ends);
        self.append(buffers, assembly, &indices, combined, false, Place::End(append))?;
        append.append_operation(scf::r#yield(&[], self.location));
        each.body.append_operation(scf::r#yield(&[combined, ends], self.location));
        for buffer in list.coordinates.iter().chain([&list.values]).chain(order.as_ref()) {
            place.put(memref::dealloc(*buffer, self.location));
        }
        Ok(())
    }

    /// Combines and orders the component list of a rank-two result (its
    /// columns and values) a row at a time, its components being in
    /// their rows' buckets (`buckets` holds where each row's end): a row
    /// whose columns rise strictly is appended as it is (each component
    /// an entry, from the start reduced with it); any other row's
    /// components are stored, or reduced, into a dense row at their
    /// columns, as a dense row workspace does (`row_workspace`), whose
    /// touched columns are then appended to the output `buffers` in order.
    /// The caller frees the list.
    fn drain_rows(
        &self,
        buffers: &Buffers<'c, 'a>,
        workspace: &ComponentList<'c, 'a>,
        (columns, list_values): (Value<'c, 'a>, Value<'c, 'a>),
        buckets: Value<'c, 'a>,
        writers: &[OperationRef<'c, 'a>],
        place: Place<'c, 'a>,
    ) -> Result<(), LowerError> {
        let reduction = combining(writers)?;
        let assembly = buffers.assembly.ok_or(LowerError::Malformed("an output not set up for assembly"))?;
        let format = buffers.format();
        let (row, column) = (format.dim_to_lvl[0], format.dim_to_lvl[1]);
        let width = buffers.dims[column];
        let table = self.dense_table(width, RowOrder::of(format, 1), place)?;
        let values = self.row_buffer(place, buffers.element, width, super::row_workspace::DENSE_ROW_TOO_LONG)?;
        let start = self.run_start(buffers, workspace, place)?;
        let touched = self.state(1, 0, place);
        let (zero, one) = (self.index(place, 0), self.index(place, 1));
        self.try_for_each(place, buffers.dims[row], |body, at| {
            let here = Place::End(body);
            let (begin, end) = self.bucket_range(here, buckets, at);
            let indices = |coordinate: Value<'c, 'a>| {
                let mut indices = vec![zero; 2];
                indices[row] = at;
                indices[column] = coordinate;
                indices
            };
            // A row of one run (one outer product reached it, or its runs
            // follow each other) is appended as it is: each component is
            // its own entry. Others go through the dense row.
            let rising = self.rises_strictly(here, columns, begin, end)?;
            self.if_else(
                here,
                rising,
                &[],
                |there| {
                    let each = self.carried_for(there, begin, end, one, &[])?;
                    let inside = Place::End(each.body);
                    let coordinate = self.load_index(inside, columns, each.index);
                    let value = self.load(inside, list_values, each.index);
                    let entry = match reduction {
                        Some(function) => self.reduce_with(writers[0], inside, function, start, value, buffers.element),
                        None => value,
                    };
                    self.append(buffers, assembly, &indices(coordinate), entry, true, inside)?;
                    each.body.append_operation(scf::r#yield(&[], self.location));
                    Ok(vec![])
                },
                |there| {
                    let each = self.carried_for(there, begin, end, one, &[])?;
                    let inside = Place::End(each.body);
                    let coordinate = self.load_index(inside, columns, each.index);
                    let value = self.load(inside, list_values, each.index);
                    let seen = self.mark_dense(&table, touched, zero, coordinate, inside);
                    let stored = match reduction {
                        Some(function) => {
                            let old = self.seen_value_or(inside, seen, values, coordinate, start)?;
                            self.reduce_with(writers[0], inside, function, old, value, buffers.element)
                        }
                        None => value,
                    };
                    self.store(inside, stored, values, coordinate);
                    each.body.append_operation(scf::r#yield(&[], self.location));
                    let count = self.load(there, touched, zero);
                    // A row's columns are distinct: each entry is new at the last level.
                    let append = |coordinate: Value<'c, 'a>, at_column: Value<'c, 'a>, inside: Place<'c, 'a>| {
                        self.append(buffers, assembly, &indices(coordinate), self.load(inside, values, at_column), true, inside)
                    };
                    self.end_dense_row(&table, width, count, there, &append)?;
                    self.store(there, zero, touched, zero);
                    Ok(vec![])
                },
            )?;
            Ok(())
        })?;
        let bits = [table.touched, table.words_touched, table.list, table.spare];
        for buffer in bits.iter().chain([&values]) {
            place.put(memref::dealloc(*buffer, self.location));
        }
        Ok(())
    }

    /// Whether the coordinates of `columns` from `begin` to `end` rise
    /// strictly (an `i1`): counted over the whole range, a loop with no
    /// exit but its end.
    fn rises_strictly(
        &self,
        place: Place<'c, 'a>,
        columns: Value<'c, 'a>,
        begin: Value<'c, 'a>,
        end: Value<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let (zero, one) = (self.index(place, 0), self.index(place, 1));
        let each = self.carried_for(place, self.add(place, begin, one), end, one, &[zero])?;
        let here = Place::End(each.body);
        let (column, previous) =
            (self.load_index(here, columns, each.index), self.load_index(here, columns, self.sub(here, each.index, one)));
        let not_rising = self.compare(here, arith::CmpiPredicate::Ule, column, previous);
        let counted =
            self.add(here, each.carried[0], self.one(here, arith::index_castui(not_rising, Type::index(self.context), self.location)));
        each.body.append_operation(scf::r#yield(&[counted], self.location));
        Ok(self.compare(place, arith::CmpiPredicate::Eq, each.results[0], zero))
    }

    /// Whether the coordinates `a` and `b` are equal.
    fn same(&self, place: Place<'c, 'a>, a: &[Value<'c, 'a>], b: &[Value<'c, 'a>]) -> Value<'c, 'a> {
        let equal = a.iter().zip(b).map(|(&x, &y)| self.compare(place, arith::CmpiPredicate::Eq, x, y)).collect::<Vec<_>>();
        self.and(place, &equal)
    }
}

/// Whether `format` is CSR's: a dense level over a compressed one (of any
/// widths), unique and ordered.
fn is_csr(format: &sparse_formats::Format) -> bool {
    matches!(
        format.levels.as_slice(),
        [rows, columns] if rows.kind == LevelKind::Dense
            && Level { pos_width: 64, crd_width: 64, ..*columns } == Level::compressed()
    ) && !format.is_blocked()
}

/// The reduction that combines a workspace's components: the function of
/// its `cfir.reduce` writers, or `None` when they all assign.
pub(super) fn combining<'c>(writers: &[OperationRef<'c, '_>]) -> Result<Option<&'c str>, LowerError> {
    let mut functions = writers.iter().map(|&writer| sparse_dialects::cfir::Reduce::of(writer).and_then(|view| view.function()));
    let first = functions.next().flatten();
    if functions.any(|function| function != first) {
        return Err(LowerError::Op("a scattered sparse result both assigned and reduced, or reduced by two functions".into()));
    }
    Ok(first)
}

/// What a list written by `writers` must not hold to be its result
/// `output`'s entries as they are, once it came strictly in order (one
/// component per entry); `None` where it cannot be, whatever it holds
/// ([`reduced_rejects`] for a reduction; complex entries are assembled).
/// Assigned, each entry is its component's value, unless the result drops
/// it as the fill.
fn rejected_values<'c>(
    output: &Buffers<'c, '_>,
    start: Option<Attribute<'c>>,
    writers: &[OperationRef<'c, '_>],
) -> Result<Option<Rejected<'c>>, LowerError> {
    let fill = output.encoding.fill;
    let dropped = (!output.assembly.is_some_and(|assembly| assembly.keeps_fill)).then_some(fill);
    let Some(function) = combining(writers)? else { return Ok(Some(Rejected { equal: dropped, nan: false })) };
    let float = crate::fill::is_float(output.element);
    let Some(element) = crate::fill::Element::of(output.element).filter(|_| float || output.element.is_integer()) else { return Ok(None) };
    let number = |attribute| crate::fill::Number::of_attribute(attribute, element);
    let start = start.unwrap_or(fill);
    let Ok(properties) = crate::statement::reduction_properties(writers[0], function) else { return Ok(None) };
    let identity = properties.identity.filter(|_| properties.identity_arg.is_none_or(|at| at == 0)).and_then(number);
    let (Some(start_number), Some(identity)) = (number(start), identity) else { return Ok(None) };
    let dropped_number = match dropped {
        Some(fill) => Some(number(fill).ok_or(LowerError::Malformed("a fill value that is not a number"))?),
        None => None,
    };
    Ok(reduced_rejects(start_number, identity, dropped_number, float).map(|(equal, nan)| Rejected {
        equal: match equal {
            Equal::Nothing => None,
            Equal::Fill => dropped,
            Equal::Start => Some(start),
        },
        nan,
    }))
}

/// Which value a reduced list's components may not equal ([`Rejected`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Equal {
    Nothing,
    /// The fill the result drops.
    Fill,
    /// The start of every entry.
    Start,
}

/// For a list reduced into a result, one component per entry: which value
/// no component may equal and whether NaN is rejected (the second), for
/// each entry, the reduction of `start` and its one component, to be that
/// component, and not the fill the result drops (`dropped`); `None` where
/// no check makes it so. `start` must be the reduction's `identity`: then
/// the entry is the component, for integers exactly and for floats but at
/// NaN (an identity need not hold of it: `maxnumf(-inf, NaN)` is `-inf`)
/// and, where the start is a zero, at zeros (`0.0 + -0.0` is `0.0`), which
/// comparing with the fill covers where the fill is that zero.
fn reduced_rejects(start: Number, identity: Number, dropped: Option<Number>, float: bool) -> Option<(Equal, bool)> {
    if !start.identical(identity) {
        return None;
    }
    if !float {
        return Some((if dropped.is_some() { Equal::Fill } else { Equal::Nothing }, false));
    }
    match (dropped, start.is_zero()) {
        (Some(fill), true) if !fill.same(start) => None,
        (Some(_), _) => Some((Equal::Fill, true)),
        (None, true) => Some((Equal::Start, true)),
        (None, false) => Some((Equal::Nothing, true)),
    }
}

/// The stores in `op` into the tensor whose value has the key `output`.
pub(super) fn writers<'c, 'a>(op: OperationRef<'c, 'a>, output: usize) -> Vec<OperationRef<'c, 'a>> {
    collect(op, |inner| {
        matches!(crate::ir::name(inner).as_str(), "cfir.assign" | "cfir.reduce")
            && inner.operand(0).is_ok_and(|tensor| value_key(tensor) == output)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use Number::{Float, Integer};

    #[test]
    fn a_reduced_list_is_taken_over_where_its_start_is_the_identity() {
        // Summed from 0.0 into a result that keeps every value: -0.0 and NaN
        // are not their entries (0.0 + -0.0 is 0.0).
        assert_eq!(reduced_rejects(Float(0.0), Float(0.0), None, true), Some((Equal::Start, true)));
        // Dropping the fill 0.0 rejects both zeros already.
        assert_eq!(reduced_rejects(Float(0.0), Float(0.0), Some(Float(0.0)), true), Some((Equal::Fill, true)));
        // Multiplied from 1.0: every value but NaN is its entry.
        assert_eq!(reduced_rejects(Float(1.0), Float(1.0), None, true), Some((Equal::Nothing, true)));
        assert_eq!(reduced_rejects(Float(f64::NEG_INFINITY), Float(f64::NEG_INFINITY), Some(Float(0.0)), true), Some((Equal::Fill, true)));
        // Integers: exact.
        assert_eq!(reduced_rejects(Integer(0), Integer(0), None, false), Some((Equal::Nothing, false)));
        assert_eq!(reduced_rejects(Integer(1), Integer(1), Some(Integer(0)), false), Some((Equal::Fill, false)));
    }

    #[test]
    fn a_reduced_list_is_assembled_where_no_check_makes_it_its_entries() {
        // A start that is not the identity changes every value.
        assert_eq!(reduced_rejects(Float(1.0), Float(0.0), None, true), None);
        assert_eq!(reduced_rejects(Integer(5), Integer(0), None, false), None);
        // -0.0 is the identity of a sum, 0.0 is not: told apart.
        assert_eq!(reduced_rejects(Float(0.0), Float(-0.0), None, true), None);
        // A zero start and another dropped fill: two values to reject.
        assert_eq!(reduced_rejects(Float(0.0), Float(0.0), Some(Float(1.0)), true), None);
    }
}
