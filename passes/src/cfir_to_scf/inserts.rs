//! Sparse tensors that host code builds one `tensor.insert` at a time.
//!
//! A sparse `tensor.empty` (or `bufferization.alloc_tensor`) that no
//! statement fills starts a [`Builder`]: the entries inserted so far, as
//! coordinates (one buffer per dimension) and values, and their count. Each
//! `tensor.insert` appends one entry, doubling the buffers when they are
//! full (so the builder's values change with each insert, and an `scf.for`
//! carries them like any other values); `sparse_tensor.load ... hasInserts`
//! sorts the entries by their level coordinates (`sort`) and assembles
//! them in the tensor's format, as a kernel's sparse output is assembled.
//! So inserts may come in any order (upstream requires increasing order and
//! does not check it), and a later insert at the same coordinates replaces
//! an earlier one.

use super::error::LowerError;
use super::iterator::TensorId;
use super::storage::Buffers;
use super::{Emitter, Scope};
use crate::ir::value_key;
use crate::place::Place;
use melior::{
    dialect::{arith, memref, scf},
    ir::{
        block::BlockLike,
        operation::{OperationBuilder, OperationLike},
        r#type::{DimSize, RankedTensorType},
        OperationRef, ShapedTypeLike, Type, TypeLike, Value, ValueLike,
    },
};
use sparse_dialects::encoding::Encoding;

/// Where [`Emitter::rebuild`] puts an entry of one of its sources: given the
/// entry's dimension coordinates, its coordinates in the result.
pub(super) type Remap<'r, 'c, 'a> = &'r dyn Fn(&Emitter<'c>, Place<'c, 'a>, &[Value<'c, 'a>]) -> Vec<Value<'c, 'a>>;

/// The room a builder starts with, in entries.
const FIRST_CAPACITY: i64 = 16;

/// A sparse tensor under construction by inserts.
#[derive(Clone)]
pub(super) struct Builder<'c, 'a> {
    pub r#type: RankedTensorType<'c>,
    pub dims: Vec<Value<'c, 'a>>,
    /// Per dimension, the coordinate of each entry (`memref<?xindex>`).
    pub coordinates: Vec<Value<'c, 'a>>,
    pub values: Value<'c, 'a>,
    pub count: Value<'c, 'a>,
    /// What is known of the order the entries are added in.
    pub arrival: Arrival,
}

/// The order entries are added to a builder in, which decides how they are
/// sorted for assembly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Arrival {
    /// Any order (inserts): sorted level by level into buckets
    /// ([`Emitter::sort_by_buckets`]).
    Any,
    /// In level order among the entries of each first-level coordinate (a
    /// concatenation along the second dimension): a counting sort by that
    /// coordinate, stable.
    InOrderPerFirstCoordinate,
    /// In level order: no sort.
    InOrder,
}

/// Which entries of its sources [`Emitter::rebuild`] stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kept {
    /// Every stored entry of a source stored sparsely, explicit zeros
    /// included (as a conversion keeps them); of a source stored densely,
    /// the components that differ from the result's fill.
    Stored,
    /// Only the entries that differ from the result's fill, whatever their
    /// source (upstream's concatenation drops every zero it meets, those a
    /// dense level of a sparse operand stores included).
    DifferingFromFill,
}

/// How [`Emitter::rebuild`] takes its sources' entries.
#[derive(Clone, Copy, Debug)]
pub(super) struct Taking {
    /// The order the sources' remaps keep (see `rebuild`).
    pub arrival: Arrival,
    pub kept: Kept,
}

impl<'c, 'a> Builder<'c, 'a> {
    /// The values that stand for the builder where it is carried (an
    /// `scf.for`'s `iter_args`): the coordinates, the values, the count.
    pub fn carried(&self) -> Vec<Value<'c, 'a>> {
        self.coordinates.iter().copied().chain([self.values, self.count]).collect()
    }

    /// The same builder, its carried values replaced by `carried`.
    pub fn at(&self, carried: &[Value<'c, 'a>]) -> Self {
        let rank = self.coordinates.len();
        Self { coordinates: carried[..rank].to_vec(), values: carried[rank], count: carried[rank + 1], ..self.clone() }
    }
}

/// Whether `type` is a tensor with stored levels, which inserts build.
pub(super) fn is_sparse(r#type: Type) -> bool {
    RankedTensorType::try_from(r#type)
        .ok()
        .and_then(|tensor| Encoding::of_any(tensor).ok())
        .is_some_and(|encoding| encoding.format.levels.iter().any(|level| !level.buffers().is_empty()))
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// A sparse `tensor.empty` or `bufferization.alloc_tensor`: an empty builder.
    pub(super) fn start_builder(
        &self,
        op: OperationRef<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let result: Value = op.result(0)?.into();
        let tensor = RankedTensorType::try_from(result.r#type())?;
        if crate::ir::name(op) == "bufferization.alloc_tensor" && op.attribute("copy").is_ok() {
            return Err(LowerError::Op("bufferization.alloc_tensor with a copy".into()));
        }
        let mut sizes = op.operands().map(|size| scope.get(size));
        let dims = (0..tensor.rank())
            .map(|dim| match tensor.dim_size(dim)? {
                DimSize::Static(size) => Ok(self.index(place, size as i64)),
                DimSize::Dynamic => sizes.next().ok_or(LowerError::Malformed("a tensor without its dynamic sizes")),
            })
            .collect::<Result<Vec<_>, LowerError>>()?;
        let builder = self.new_builder(tensor, dims, self.index(place, FIRST_CAPACITY), place);
        scope.builders.insert(value_key(result), builder);
        Ok(())
    }

    /// An empty builder of a `tensor` of sizes `dims`, with room for
    /// `capacity` entries (at least one).
    pub(super) fn new_builder(
        &self,
        tensor: RankedTensorType<'c>,
        dims: Vec<Value<'c, 'a>>,
        capacity: Value<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Builder<'c, 'a> {
        let capacity = self.one(place, arith::maxui(capacity, self.index(place, 1), self.location));
        let coordinates = (0..tensor.rank()).map(|_| self.alloc_buffer(place, Type::index(self.context), capacity)).collect();
        let values = self.alloc_buffer(place, tensor.element(), capacity);
        Builder { r#type: tensor, dims, coordinates, values, count: self.index(place, 0), arrival: Arrival::Any }
    }

    /// `tensor.insert %v into %builder[%i, ...]`: the builder with one more
    /// entry.
    pub(super) fn insert(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let builder = scope.builders.get(&value_key(op.operand(1)?)).ok_or(LowerError::Malformed("an insert into no builder"))?.clone();
        let value = scope.get(op.operand(0)?);
        let indices = op.operands().skip(2).map(|index| scope.get(index)).collect::<Vec<_>>();
        self.check_inside(&indices, &builder.dims, place)?;
        let next = self.append_entry(&builder, &indices, value, place)?;
        scope.builders.insert(value_key(op.result(0)?.into()), next);
        Ok(())
    }

    /// Stops the program where a `tensor.insert`'s `indices` are not inside
    /// the tensor's dimensions `dims` (it would write past its buffers).
    fn check_inside(&self, indices: &[Value<'c, 'a>], dims: &[Value<'c, 'a>], place: Place<'c, 'a>) -> Result<(), LowerError> {
        for (dim, (&index, &size)) in indices.iter().zip(dims).enumerate() {
            let inside = self.compare(place, arith::CmpiPredicate::Ult, index, size);
            self.check(place, inside, &format!("error: tensor.insert at a coordinate outside dimension {dim} of the tensor"))?;
        }
        Ok(())
    }

    /// `builder` with the entry `value` at `indices` (dimension order) added.
    pub(super) fn append_entry(
        &self,
        builder: &Builder<'c, 'a>,
        indices: &[Value<'c, 'a>],
        value: Value<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<Builder<'c, 'a>, LowerError> {
        // Full: every buffer twice as long.
        let capacity = self.length(place, builder.values);
        let full = self.compare(place, arith::CmpiPredicate::Eq, builder.count, capacity);
        let buffers = builder.coordinates.iter().copied().chain([builder.values]).collect::<Vec<_>>();
        let types = buffers.iter().map(|buffer| buffer.r#type()).collect::<Vec<_>>();
        let (then_region, else_region) = (crate::ir::block_region(&[], self.location), crate::ir::block_region(&[], self.location));
        let grown = place.put(scf::r#if(full, &types, then_region, else_region, self.location));
        let then = crate::ir::only_block(grown, 0);
        let doubled = self.mul(Place::End(then), capacity, self.index(Place::End(then), 2));
        let mut larger = Vec::new();
        for &buffer in &buffers {
            let realloc = OperationBuilder::new("memref.realloc", self.location)
                .add_operands(&[buffer, doubled])
                .add_results(&[buffer.r#type()])
                .build()?;
            larger.push(self.one(Place::End(then), realloc));
        }
        then.append_operation(scf::r#yield(&larger, self.location));
        crate::ir::only_block(grown, 1).append_operation(scf::r#yield(&buffers, self.location));
        let buffers = grown.results().map(Into::into).collect::<Vec<Value>>();
        for (dim, &index) in indices.iter().enumerate() {
            self.store(place, index, buffers[dim], builder.count);
        }
        let values = buffers[indices.len()];
        self.store(place, value, values, builder.count);
        let count = self.add(place, builder.count, self.index(place, 1));
        Ok(Builder { coordinates: buffers[..indices.len()].to_vec(), values, count, ..builder.clone() })
    }

    /// A conversion (`sparse_tensor.convert`, or a `tensor.cast` that
    /// changes the format) that `raise-linalg` left to this pass: between
    /// sparse formats whose levels store the dimensions in different orders
    /// (CSR to CSC, a permuted COO, BSR to CSR), which no one loop nest
    /// walks in both orders; or from a `sparse<…>` literal, whose listed
    /// entries are all stored. Every stored entry of the source (an explicit
    /// zero included) is added to a builder, which is sorted in the result's
    /// level order and assembled.
    pub(super) fn convert_by_sorting(
        &self,
        op: OperationRef<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let result: Value = op.result(0)?.into();
        let source = match crate::ir::sparse_literal(op.operand(0)?) {
            // The literal's entries, read under the result's name until the
            // assembled result takes it over.
            Some(literal) => {
                let entries = self.literal_entries(&literal, RankedTensorType::try_from(op.operand(0)?.r#type())?, place)?;
                scope.define(result, entries)
            }
            None => self.readable(op.operand(0)?, scope)?,
        };
        let dims = scope.tensor(source).dims.clone();
        let taking = Taking { arrival: Arrival::Any, kept: Kept::Stored };
        self.rebuild(op, &[(source, &|_, _, dims| dims.to_vec())], dims, taking, place, scope)
    }

    /// The result of `op`, a sparse tensor of sizes `dims`, built from the
    /// entries of `sources` that `taking.kept` says, each value cast to the
    /// result's element type, at the coordinates its source's [`Remap`]
    /// gives. `taking.arrival` is the order the remaps keep when every
    /// tensor's levels store its dimensions in order (so that each source is
    /// walked in row-major order); otherwise entries come in any order. Entries that come in level order are appended to
    /// the result's levels as they come; others go to a builder, which is
    /// sorted in the result's level order as their arrival needs and
    /// assembled.
    pub(super) fn rebuild(
        &self,
        op: OperationRef<'c, 'a>,
        sources: &[(TensorId, Remap<'_, 'c, 'a>)],
        dims: Vec<Value<'c, 'a>>,
        taking: Taking,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let result: Value = op.result(0)?.into();
        let tensor = RankedTensorType::try_from(result.r#type())?;
        let mut capacity = self.index(place, 0);
        let mut casts = Vec::new();
        let mut filtered = Vec::new();
        for &(source, _) in sources {
            let buffers = scope.tensor(source);
            capacity = self.add(place, capacity, self.length(place, buffers.values.ok_or(LowerError::PatternSource)?));
            let stored_densely = buffers.format().levels.iter().all(|level| level.buffers().is_empty());
            filtered.push(stored_densely || taking.kept == Kept::DifferingFromFill);
            casts.push(match (buffers.element, tensor.element()) {
                (from, to) if from == to => None,
                (from, to) => Some(
                    crate::raise_linalg::element_cast(from, to)
                        .ok_or(LowerError::Op(format!("{} from {from} to {to} elements", crate::ir::name(op))))?,
                ),
            });
        }
        let result_encoding = Encoding::of_any(tensor)?;
        // Entries in order are appended into buffers sized by the sources'
        // values, which a run (one value, a run of entries) does not bound:
        // those go to a builder, which grows.
        let runs =
            |source: TensorId| scope.tensor(source).format().levels.iter().any(|level| level.kind == sparse_formats::LevelKind::RunLength);
        let in_order = sources.iter().all(|&(source, _)| walks_in_order(scope.tensor(source).format()) && !runs(source))
            && walks_in_order(&result_encoding.format);
        let arrival = if in_order { taking.arrival } else { Arrival::Any };
        let fill = self.constant(result_encoding.fill, tensor.element(), place)?;
        // Entry (`dims`, `value`) of source `index` as the result stores it:
        // moved, cast, and whether to store it (`None`: always).
        let entry = |emitter: &Self, place: Place<'c, 'a>, index: usize, dims: &[Value<'c, 'a>], value: Value<'c, 'a>| {
            let value = match casts[index] {
                Some(cast) => {
                    let op =
                        OperationBuilder::new(cast, emitter.location).add_operands(&[value]).add_results(&[tensor.element()]).build()?;
                    emitter.one(place, op)
                }
                None => value,
            };
            let stored = filtered[index].then(|| emitter.differs(place, tensor.element(), value, fill));
            Ok::<_, LowerError>(((sources[index].1)(emitter, place, dims), value, stored))
        };
        if arrival == Arrival::InOrder {
            // Walked once: a level that needs its positions counted first is refused.
            let buffers = self.start_entries(tensor, dims, capacity, place)?.bounded()?;
            let assembly = buffers.assembly.ok_or(LowerError::Malformed("an output not set up for assembly"))?;
            for (index, &(source, _)) in sources.iter().enumerate() {
                let mut visit = |emitter: &Self,
                                 place: Place<'c, 'a>,
                                 dims: &[Value<'c, 'a>],
                                 value: Value<'c, 'a>,
                                 _: &[Value<'c, 'a>],
                                 _: &mut Scope<'c, 'a>| {
                    let (moved, value, stored) = entry(emitter, place, index, dims, value)?;
                    match stored {
                        Some(stored) => {
                            let then = emitter.then(place, stored);
                            emitter.append(&buffers, assembly, &moved, value, false, Place::End(then))?;
                            then.append_operation(scf::r#yield(&[], emitter.location));
                        }
                        None => emitter.append(&buffers, assembly, &moved, value, false, place)?,
                    }
                    Ok(Vec::new())
                };
                self.walk_entries(source, &[], &mut visit, place, scope)?;
            }
            let id = scope.define(result, self.finish_assembly(&buffers, place)?);
            scope.allocated.push(id);
            return Ok(());
        }
        let builder = Builder { arrival, ..self.new_builder(tensor, dims, capacity, place) };
        let template = builder.clone();
        let mut carried = builder.carried();
        for (index, &(source, _)) in sources.iter().enumerate() {
            let mut visit = |emitter: &Self,
                             place: Place<'c, 'a>,
                             dims: &[Value<'c, 'a>],
                             value: Value<'c, 'a>,
                             carried: &[Value<'c, 'a>],
                             _: &mut Scope<'c, 'a>| {
                let (moved, value, stored) = entry(emitter, place, index, dims, value)?;
                let append = |place| Ok(emitter.append_entry(&template.at(carried), &moved, value, place)?.carried());
                match stored {
                    Some(stored) => emitter.carry_if(place, stored, carried, append),
                    None => append(place),
                }
            };
            carried = self.walk_entries(source, &carried, &mut visit, place, scope)?;
        }
        scope.builders.insert(value_key(result), builder.at(&carried));
        self.finish_builder(result, result, place, scope)
    }

    /// `tensor.insert %v into %dense[%i, ...]` of a tensor whose levels are
    /// all dense: a store into its values, in place when this insert is the
    /// last use of a tensor the function owns, and otherwise into a copy
    /// (the old tensor stays as it was, and a constant's global is never
    /// written).
    pub(super) fn insert_dense(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let dest = op.operand(1)?;
        let id = self.readable(dest, scope)?;
        let mut buffers = scope.tensor(id).unsliced("tensor.insert")?.clone();
        if buffers.format().levels.iter().any(|level| !level.buffers().is_empty()) {
            return Err(LowerError::Malformed("a dense insert into a sparse tensor"));
        }
        let indices = op.operands().skip(2).map(|index| scope.get(index)).collect::<Vec<_>>();
        self.check_inside(&indices, &buffers.dims, place)?;
        let position = self.locate_point(id, &buffers, &indices, place)?;
        let values = buffers.values.ok_or(LowerError::PatternResult)?;
        // Not in place in a loop around `dest`'s definition, where the next
        // iteration would read the update.
        let in_place = scope.allocated.contains(&id) && crate::ir::users(dest).len() == 1 && crate::ir::defined_beside(dest, op);
        let values = if in_place { values } else { self.copy_of(place, values) };
        self.store(place, scope.get(op.operand(0)?), values, position);
        buffers.values = Some(values);
        let new = scope.define(op.result(0)?.into(), buffers);
        if in_place {
            scope.allocated.retain(|&owned| owned != id);
        }
        scope.allocated.push(new);
        Ok(())
    }

    /// `builder`'s entries with a coordinate per part of a dimension in
    /// `format` ([`sparse_formats::Format::parts`]): a dimension stored in
    /// blocks of `b` gives `x / b` and `x mod b` (new buffers; its own are
    /// freed), a whole one its coordinates. Sorted as they may come.
    fn by_parts(&self, place: Place<'c, 'a>, builder: Builder<'c, 'a>, format: &sparse_formats::Format) -> Builder<'c, 'a> {
        use sparse_formats::DimPart;
        let (mut coordinates, mut dims) = (Vec::new(), Vec::new());
        for part in format.parts() {
            let (dim, block, divide) = match part {
                DimPart::Whole { dim } => {
                    coordinates.push(builder.coordinates[dim]);
                    dims.push(builder.dims[dim]);
                    continue;
                }
                DimPart::Block { dim, block } => (dim, self.index(place, block as i64), true),
                DimPart::Offset { dim, block } => (dim, self.index(place, block as i64), false),
            };
            let part = self.alloc_sized(place, Type::index(self.context), builder.count);
            self.for_each(place, builder.count, |body, entry| {
                let here = Place::End(body);
                let coordinate = self.load(here, builder.coordinates[dim], entry);
                let value = if divide { self.div(here, coordinate, block) } else { self.rem(here, coordinate, block) };
                self.store(here, value, part, entry);
            });
            coordinates.push(part);
            dims.push(if divide { self.div(place, builder.dims[dim], block) } else { block });
        }
        for (dim, _) in format.blocks.iter().enumerate().filter(|&(_, &block)| block > 1) {
            place.put(memref::dealloc(builder.coordinates[dim], self.location));
        }
        Builder { coordinates, dims, arrival: Arrival::Any, ..builder }
    }

    /// `sparse_tensor.load %builder hasInserts`: the finished tensor.
    pub(super) fn load_builder(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        self.finish_builder(op.operand(0)?, op.result(0)?.into(), place, scope)
    }

    /// Finishes the builder of `value` as the tensor `result`: its entries,
    /// sorted, assembled in the tensor's format; the
    /// builder's buffers are freed. Any read of a builder other than an
    /// insert finishes it so (upstream requires `sparse_tensor.load`; an
    /// empty tensor returned as it is needs none).
    pub(super) fn finish_builder(
        &self,
        value: Value<'c, 'a>,
        result: Value<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let builder = scope.builders.remove(&value_key(value)).ok_or(LowerError::Malformed("a load of no builder"))?;
        let encoding = Encoding::of_any(builder.r#type)?;
        let dims = builder.dims.clone();
        // A format storing dimensions in blocks is sorted and assembled as
        // the same levels storing the block and the offset of each as
        // dimensions of their own (arr.split's view of it, whose buffers are
        // its buffers): the entries' coordinates by those parts.
        let blocked = encoding.format.is_blocked();
        let builder = if blocked { self.by_parts(place, builder, &encoding.format) } else { builder };
        let assembled = if blocked { by_parts_type(builder.r#type, &encoding, self.context)? } else { builder.r#type };
        let level_dims = encoding.format.dim_to_lvl.clone();
        // In level order, the last of equal entries last (it wins): moved
        // into order, or read through an order.
        let (sorted, order) = match builder.arrival {
            Arrival::Any => (Some(self.sort_by_buckets(place, &builder, &level_dims, None)?), None),
            Arrival::InOrderPerFirstCoordinate => {
                (None, level_dims.first().map(|&dim| self.sort_by_coordinate(place, &builder, dim, None)))
            }
            Arrival::InOrder => (None, None),
        };
        let (coordinates, values) =
            sorted.as_ref().map_or((&builder.coordinates, builder.values), |sorted| (&sorted.coordinates, sorted.values));
        let append_all = |buffers: &Buffers<'c, 'a>| {
            let assembly = buffers.assembly.ok_or(LowerError::Malformed("an output not set up for assembly"))?;
            self.try_for_each(place, builder.count, |body, index| {
                let here = Place::End(body);
                let entry = order.map_or(index, |order| self.load(here, order, index));
                let indices = coordinates.iter().map(|&coordinates| self.load(here, coordinates, entry)).collect::<Vec<_>>();
                let value = self.load(here, values, entry);
                self.append(buffers, assembly, &indices, value, false, here)
            })
        };
        let buffers = match self.start_entries(assembled, builder.dims.clone(), builder.count, place)? {
            Entries::Bounded(buffers) => buffers,
            // A band's positions are not bounded by its entries: they are
            // counted by a first pass over the sorted entries.
            Entries::Counted(counting) => {
                append_all(&counting)?;
                self.allocate_assembly(&counting, None, place)?
            }
        };
        append_all(&buffers)?;
        let mut buffers = self.finish_assembly(&buffers, place)?;
        if blocked {
            buffers = Buffers { encoding, slices: vec![None; dims.len()], dims, ..buffers };
        }
        // Sorting took over the builder's buffers.
        let owned = match sorted {
            Some(sorted) => sorted.buffers(),
            None => builder.carried(),
        };
        for buffer in owned.into_iter().chain(order).filter(|buffer| buffer.r#type().is_mem_ref()) {
            place.put(memref::dealloc(buffer, self.location));
        }
        let id = scope.define(result, buffers);
        scope.allocated.push(id);
        Ok(())
    }

    /// A sparse tensor of `tensor`'s type and sizes `dims` set up to take
    /// at most `count` entries in level order, each by [`Emitter::append`]
    /// (what is appended is stored, a zero included), then
    /// [`Emitter::finish_assembly`]; or, where a level may have more
    /// positions than entries (a band), set up to count them first.
    fn start_entries(
        &self,
        tensor: RankedTensorType<'c>,
        dims: Vec<Value<'c, 'a>>,
        count: Value<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<Entries<'c, 'a>, LowerError> {
        let mut assembling = self.start_assembly(tensor, Encoding::of_any(tensor)?, dims, place)?;
        if let Some(assembly) = assembling.assembly.as_mut() {
            assembly.keeps_fill = true;
        }
        if super::assembly::sized_by_entries(&assembling).is_err() {
            return Ok(Entries::Counted(assembling));
        }
        Ok(Entries::Bounded(self.allocate_assembly(&assembling, Some(&vec![count; assembling.format().rank()]), place)?))
    }
}

/// A sparse tensor [`Emitter::start_entries`] set up to take entries.
enum Entries<'c, 'a> {
    /// Allocated for as many entries as it may take.
    Bounded(Buffers<'c, 'a>),
    /// To count its positions first, by the same appends without storing
    /// ([`Emitter::allocate_assembly`] then allocates them).
    Counted(Buffers<'c, 'a>),
}

impl<'c, 'a> Entries<'c, 'a> {
    /// The tensor allocated for its entries; the error that names the level
    /// whose positions must be counted first.
    fn bounded(self) -> Result<Buffers<'c, 'a>, LowerError> {
        match self {
            Entries::Bounded(buffers) => Ok(buffers),
            Entries::Counted(counting) => {
                super::assembly::sized_by_entries(&counting)?;
                Err(LowerError::Malformed("a tensor counted first that its entries bound"))
            }
        }
    }
}

/// Whether a walk over the stored entries of a tensor of `format` (level by
/// level, [`Emitter::walk_entries`]) visits them in row-major order of their
/// dimension coordinates: its levels store the dimensions in order, each
/// ordered.
fn walks_in_order(format: &sparse_formats::Format) -> bool {
    level_dims(format).is_some_and(|dims| dims.iter().copied().eq(0..format.rank())) && format.levels.iter().all(|level| level.ordered)
}

/// The type whose dimensions are the parts of `tensor`'s ([`Emitter::by_parts`]):
/// each dimension stored in blocks of `b` split into its block's (its size
/// over `b`) and its offset's (`b`), stored by the same levels.
fn by_parts_type<'c>(
    tensor: RankedTensorType<'c>,
    encoding: &Encoding<'c>,
    context: &'c melior::Context,
) -> Result<RankedTensorType<'c>, LowerError> {
    let mut sizes = Vec::new();
    for dim in 0..tensor.rank() {
        let size = match tensor.dim_size(dim)? {
            DimSize::Static(size) => size as i64,
            DimSize::Dynamic => i64::MIN,
        };
        match encoding.format.blocks[dim] {
            1 => sizes.push(size),
            block => sizes.extend([if size == i64::MIN { size } else { size / block as i64 }, block as i64]),
        }
    }
    let attribute = Encoding { format: encoding.format.by_parts(), fill: encoding.fill }.to_attribute(context);
    let sizes: Vec<u64> = sizes.iter().map(|&size| size as u64).collect();
    Ok(RankedTensorType::new(&sizes, tensor.element(), Some(attribute)))
}

/// The dimension each level of `format` stores (the order in which entries
/// are sorted for assembly); `None` when a level stores part of one.
pub(super) fn level_dims(format: &sparse_formats::Format) -> Option<Vec<usize>> {
    let parts = format.parts();
    format
        .dim_to_lvl
        .iter()
        .map(|&expanded| match parts[expanded] {
            sparse_formats::DimPart::Whole { dim } => Some(dim),
            _ => None,
        })
        .collect()
}
