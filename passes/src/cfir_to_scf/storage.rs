//! The buffers that stand for each tensor once loops are lowered (the kernel
//! ABI, [`crate::abi`]), each batch's part of a batched tensor's buffers
//! (upstream's batch levels), and dense outputs: allocated full of the fill
//! value, stored into by locating.

use super::assembly::{Assembly, RESULT_TOO_LARGE};
use super::error::LowerError;
use super::integrate::{self, Repeated};
use super::iterator::{LevelId, Parent, TensorId};
use super::levels::level_iterator;
use super::slice::Sliced;
use super::workspace::Workspace;
use super::{Emitter, Scope};
use crate::abi::{buffer_type, layout, Buffer};
use crate::ir::defining_op;
use crate::place::Place;
use melior::{
    dialect::{arith, memref},
    ir::{
        attribute::{DenseElementsAttribute, IntegerAttribute},
        block::BlockLike,
        operation::{OperationBuilder, OperationLike, OperationMutLike},
        r#type::{DimSize, MemRefType, RankedTensorType},
        Attribute, AttributeLike, Identifier, OperationRef, ShapedTypeLike, Type, TypeLike, Value, ValueLike,
    },
};
use sparse_dialects::{arr, encoding::Encoding};
use sparse_formats::{DimPart, Format, Iteration, LevelBuffer};

/// The buffers of one tensor in the lowered kernel.
#[derive(Clone)]
pub(super) struct Buffers<'c, 'a> {
    pub encoding: Encoding<'c>,
    pub element: Type<'c>,
    /// Per level, its buffers in the order of `Level::buffers`; `None` until
    /// an assembled output allocates them.
    pub levels: Vec<Vec<Option<Value<'c, 'a>>>>,
    /// `None` for a pattern leaf, which stores no values.
    pub values: Option<Value<'c, 'a>>,
    pub dims: Vec<Value<'c, 'a>>,
    /// Set while a sparse output is being assembled.
    pub assembly: Option<Assembly<'c, 'a>>,
    /// Set while a scattered sparse output collects its components.
    pub workspace: Option<Workspace<'c, 'a>>,
    /// Set inside the loops that chose one batch of a batched tensor
    /// ([`Buffers::batched`]): the level buffers below the batch levels and
    /// the values are then that batch's, and its positions count from 0.
    pub batch: Option<Value<'c, 'a>>,
    /// Per dimension, what a view of `arr.slice` reads of it (`dims` holds
    /// the view's sizes); `None` for a dimension read whole.
    pub slices: Vec<Option<Sliced<'c, 'a>>>,
}

impl<'c, 'a> Buffers<'c, 'a> {
    /// Buffers of `encoding` with no level buffers yet.
    pub fn empty(encoding: Encoding<'c>, element: Type<'c>, values: Option<Value<'c, 'a>>, dims: Vec<Value<'c, 'a>>) -> Self {
        let levels = encoding.format.levels.iter().map(|level| vec![None; level.buffers().len()]).collect();
        let slices = vec![None; encoding.format.dims()];
        Self { encoding, element, levels, values, dims, assembly: None, workspace: None, batch: None, slices }
    }

    /// What a slice view reads of the dimension `level` stores, if sliced.
    pub fn slice_of(&self, level: usize) -> Option<Sliced<'c, 'a>> {
        match self.format().parts()[self.format().dim_to_lvl[level]] {
            sparse_formats::DimPart::Whole { dim } => self.slices.get(dim).copied().flatten(),
            _ => None,
        }
    }

    /// Whether the tensor stores each batch apart ([`Format::batched`]).
    pub fn batched(&self) -> bool {
        self.format().batched()
    }

    /// These buffers, or the refusal of `op`, which does not read batches
    /// stored apart, when the tensor is batched.
    pub fn unbatched(&self, op: &str) -> Result<&Self, LowerError> {
        if self.batched() {
            return Err(LowerError::Op(format!("{op} of a tensor whose batch levels store each batch apart")));
        }
        Ok(self)
    }

    /// These buffers, or the refusal of `op`, which reads them whole, when
    /// they are a view of `arr.slice` (only statements read those).
    pub fn unsliced(&self, op: &str) -> Result<&Self, LowerError> {
        if self.slices.iter().any(Option::is_some) {
            return Err(LowerError::Op(format!("{op} of a view of arr.slice (a statement that reads the view makes a tensor)")));
        }
        Ok(self)
    }

    /// The first level a position is located from, at position 0: below the
    /// batch levels once a batch is chosen, else the root.
    pub fn located_from(&self) -> usize {
        if self.batch.is_some() {
            self.format().batch_levels()
        } else {
            0
        }
    }

    pub fn format(&self) -> &Format {
        &self.encoding.format
    }

    /// The size of `level` when it stores a whole dimension; `None` for a
    /// block or an offset of one (see `Emitter::level_sizes`).
    pub fn level_size(&self, level: usize) -> Result<Value<'c, 'a>, LowerError> {
        if let Some(sliced) = self.slice_of(level) {
            return Ok(sliced.stored);
        }
        match self.format().parts()[self.format().dim_to_lvl[level]] {
            sparse_formats::DimPart::Whole { dim } => Ok(self.dims[dim]),
            _ => Err(LowerError::Malformed("the size of a level that stores part of a dimension")),
        }
    }

    /// The buffer `which` of `level`, once it exists.
    pub fn level_buffer(&self, level: usize, which: LevelBuffer) -> Option<Value<'c, 'a>> {
        let index = self.format().levels[level].buffers().iter().position(|&buffer| buffer == which)?;
        self.levels[level][index]
    }

    pub fn set_level_buffer(&mut self, level: usize, which: LevelBuffer, value: Value<'c, 'a>) {
        let index = self.format().levels[level].buffers().iter().position(|&buffer| buffer == which).expect("the level stores this buffer");
        self.levels[level][index] = Some(value);
    }

    /// The ABI list of this tensor's buffers.
    /// A sparse output's level buffers exist once it is assembled, at the
    /// end of its statement's segment of the kernel.
    pub fn list(&self) -> Result<Vec<Value<'c, 'a>>, LowerError> {
        self.unsliced("a call or return")?;
        let unassembled = || LowerError::Malformed("a sparse result used before it is assembled");
        layout(&self.encoding)
            .into_iter()
            .map(|buffer| match buffer {
                Buffer::Level(level, which) => self.level_buffer(level, which).ok_or_else(unassembled),
                Buffer::Values => self.values.ok_or(LowerError::Malformed("a pattern has no values buffer")),
                Buffer::Dim(dim) => Ok(self.dims[dim]),
            })
            .collect()
    }
}

/// How a new dense result gets its fill.
#[derive(Clone, Copy)]
pub(super) enum Filling<'c, 'a> {
    /// A loop over its components, before the kernel's loops.
    Before,
    /// The kernel's loops store it where they first reach each block
    /// (`fill_in_place`).
    InLoops,
    /// The kernel's loops store it up to row `p + ahead` (of its leading
    /// level, `ahead ≤ 0`) at the step `p` of a walk that ends at `walk`
    /// (its size, or one past its last coordinate: `fill_in_place`); a loop
    /// before them, in the rows from `walk + ahead` on, which no step
    /// reaches.
    Outside { ahead: i64, walk: Value<'c, 'a> },
    /// `calloc` allocates it zeroed (`zeroed`): its fill is zero bits.
    Zeroed,
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// The ABI types that stand for a value of `type`: a ranked tensor's
    /// buffers, an unranked tensor's unranked memref (what upstream's
    /// bufferization passes to `printMemrefF64` and other runtime
    /// functions), any other type itself.
    pub(super) fn abi_types(&self, r#type: Type<'c>) -> Result<Vec<Type<'c>>, LowerError> {
        if let Some(memref) = unranked_memref(r#type) {
            return Ok(vec![memref]);
        }
        let Ok(tensor) = RankedTensorType::try_from(r#type) else { return Ok(vec![r#type]) };
        let encoding = Encoding::of_any(tensor)?;
        Ok(layout(&encoding).into_iter().map(|buffer| buffer_type(buffer, &encoding, tensor.element(), self.context)).collect())
    }

    /// The buffers of a `tensor` argument, from its ABI arguments `values`.
    pub(super) fn buffers_from(&self, tensor: RankedTensorType<'c>, values: &[Value<'c, 'a>]) -> Result<Buffers<'c, 'a>, LowerError> {
        let encoding = Encoding::of_any(tensor)?;
        let mut buffers = Buffers::empty(encoding.clone(), tensor.element(), None, Vec::new());
        for (buffer, &value) in layout(&encoding).into_iter().zip(values) {
            match buffer {
                Buffer::Level(level, which) => buffers.set_level_buffer(level, which, value),
                Buffer::Values => buffers.values = Some(value),
                Buffer::Dim(_) => buffers.dims.push(value),
            }
        }
        Ok(buffers)
    }

    /// The `length` elements of the 1-D `buffer` from `offset`, in place (a
    /// `memref.subview`).
    pub(super) fn part(
        &self,
        buffer: Value<'c, 'a>,
        offset: Value<'c, 'a>,
        length: Value<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let element = MemRefType::try_from(buffer.r#type())?.element();
        let r#type = Type::parse(self.context, &format!("memref<?x{element}, strided<[1], offset: ?>>"))
            .ok_or(LowerError::Malformed("a part of a buffer"))?;
        let array = |text: &str| Attribute::parse(self.context, text).ok_or(LowerError::Malformed("a dense array"));
        let dynamic = array(&format!("array<i64: {}>", i64::MIN))?;
        let attribute = |name: &str, value: Attribute<'c>| (Identifier::new(self.context, name), value);
        let subview = OperationBuilder::new("memref.subview", self.location)
            .add_operands(&[buffer, offset, length])
            .add_attributes(&[
                attribute("static_offsets", dynamic),
                attribute("static_sizes", dynamic),
                attribute("static_strides", array("array<i64: 1>")?),
                attribute("operandSegmentSizes", array("array<i32: 1, 1, 1, 0>")?),
            ])
            .add_results(&[r#type])
            .build()?;
        Ok(self.one(place, subview))
    }

    /// The position of the point at dimension coordinates `indices` in
    /// `tensor` (with `buffers`), whose levels are all located: each level
    /// locates the coordinate of the dimension it stores under the position
    /// above.
    pub(super) fn locate_point(
        &self,
        tensor: TensorId,
        buffers: &Buffers<'c, 'a>,
        indices: &[Value<'c, 'a>],
        place: Place<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        if buffers.format().is_blocked() {
            let expanded: Vec<Value> = buffers
                .format()
                .parts()
                .into_iter()
                .map(|part| {
                    let coordinate = indices[part.dim()];
                    match part {
                        DimPart::Whole { .. } => coordinate,
                        DimPart::Block { block, .. } => self.div(place, coordinate, self.index(place, block as i64)),
                        DimPart::Offset { block, .. } => self.rem(place, coordinate, self.index(place, block as i64)),
                    }
                })
                .collect();
            return self.locate_point(tensor, &self.buffers_by_parts(buffers, place)?, &expanded, place);
        }
        let mut position = self.index(place, 0);
        for level in buffers.located_from()..buffers.format().rank() {
            let iterator = level_iterator(LevelId { tensor, level }, buffers)?;
            let coordinate = indices[buffers.format().dim_to_lvl[level]];
            let stored = buffers.format().levels[level];
            position = iterator.locate(self, place, position, coordinate).ok_or(LowerError::Level {
                level: stored,
                index: level,
                operation: super::error::Operation::Locate,
            })?;
        }
        Ok(position)
    }

    /// `buffers` read as a tensor with a dimension for each part of one
    /// stored in blocks ([`Format::by_parts`]): the same buffers, a block
    /// dimension `d / b` and an offset dimension `b` where it had `d`. A
    /// slice of such a tensor is refused: its slices bound dimensions, not
    /// their parts.
    fn buffers_by_parts(&self, buffers: &Buffers<'c, 'a>, place: Place<'c, 'a>) -> Result<Buffers<'c, 'a>, LowerError> {
        if buffers.slices.iter().any(Option::is_some) {
            return Err(LowerError::Op("locating an entry in a slice of a tensor stored in blocks".into()));
        }
        let dims = self.part_sizes(buffers, place);
        let encoding = Encoding { format: buffers.format().by_parts(), fill: buffers.encoding.fill };
        Ok(Buffers { encoding, slices: vec![None; dims.len()], dims, ..buffers.clone() })
    }

    /// Batch `batch`'s part of `buffer`, a buffer of the batched `buffers`.
    pub(super) fn part_of_batch(
        &self,
        buffers: &Buffers<'c, 'a>,
        buffer: Value<'c, 'a>,
        batch: Value<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let length = self.batch_part(buffers, buffer, place)?;
        self.part(buffer, self.mul(place, batch, length), length, place)
    }

    /// The number of batches of `buffers`: the product of its batch levels' sizes.
    pub(super) fn batch_count(&self, buffers: &Buffers<'c, 'a>, place: Place<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
        (0..buffers.format().batch_levels())
            .try_fold(self.index(place, 1), |count, level| Ok(self.mul(place, count, buffers.level_size(level)?)))
    }

    /// The length of one batch's part of `buffer`, a buffer of the batched
    /// `buffers`: its length over the batch count.
    pub(super) fn batch_part(
        &self,
        buffers: &Buffers<'c, 'a>,
        buffer: Value<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        // No batches, no parts: a part's length is then 0 whatever divides it.
        let divisor = self.max(place, self.batch_count(buffers, place)?, self.index(place, 1));
        Ok(self.div(place, self.length(place, buffer), divisor))
    }

    /// The buffers of batch `batch` (the position of the last batch level)
    /// of a batched tensor: each level buffer below the batch levels and the
    /// values, from where that batch's part of it starts. Every batch's part
    /// of a buffer has the same length, the buffer's over the batch count.
    pub(super) fn batch_of(
        &self,
        buffers: &Buffers<'c, 'a>,
        batch: Value<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<Buffers<'c, 'a>, LowerError> {
        let format = buffers.format();
        let part = |buffer: Value<'c, 'a>| self.part_of_batch(buffers, buffer, batch, place);
        let mut view = buffers.clone();
        for level in format.batch_levels()..format.rank() {
            for buffer in view.levels[level].iter_mut() {
                let whole = buffer.ok_or(LowerError::Malformed("a batched level without its buffers"))?;
                *buffer = Some(part(whole)?);
            }
        }
        view.values = view.values.map(part).transpose()?;
        view.batch = Some(batch);
        Ok(view)
    }

    /// The buffers of the view `op` (`arr.slice`) of `source`: the same
    /// storage, with the sliced dimension's start and step composed with
    /// any slice `source` already is, and the view's size. That the view
    /// stays inside a dimension of dynamic size is checked when the kernel
    /// runs.
    pub(super) fn slice_view(
        &self,
        op: OperationRef<'c, 'a>,
        source: &Buffers<'c, 'a>,
        bound_value: &dyn Fn(Value<'c, 'a>) -> Value<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<Buffers<'c, 'a>, LowerError> {
        let view = arr::Slice::of(op).ok_or(LowerError::Malformed("not an arr.slice"))?;
        let bounds = view.bounds().ok_or(LowerError::Malformed("arr.slice without its bounds"))?;
        let dim = arr::shape_dim(op).and_then(|dim| usize::try_from(dim).ok()).ok_or(LowerError::Malformed("arr.slice without its dim"))?;
        if source.format().blocks.get(dim) != Some(&1) {
            return Err(LowerError::Op("arr.slice of a dimension stored in blocks".into()));
        }
        let [start, stop, step] = bounds.map(|bound| match bound {
            arr::SliceBound::Static(value) => self.index(place, value),
            arr::SliceBound::Dynamic(value) => bound_value(value),
        });
        let fits = self.compare(place, melior::dialect::arith::CmpiPredicate::Ule, stop, source.dims[dim]);
        self.check(place, fits, "arr.slice: the slice reaches past the end of its dimension")?;
        if bounds.iter().any(|bound| bound.constant().is_none()) {
            // Bounds known only now: 0 <= start <= stop and a positive step.
            let ordered = self.compare(place, melior::dialect::arith::CmpiPredicate::Ule, start, stop);
            self.check(place, ordered, "arr.slice: the slice starts after it stops")?;
            let positive = self.compare(place, melior::dialect::arith::CmpiPredicate::Sgt, step, self.index(place, 0));
            self.check(place, positive, "arr.slice: the slice's step is not positive")?;
        }
        let one = self.index(place, 1);
        // ⌈(stop − start) / step⌉.
        let size = self.div(place, self.sub(place, self.add(place, self.sub(place, stop, start), step), one), step);
        // A static size of the view's type is what the dynamic bounds must give.
        if let (true, Ok(DimSize::Static(declared))) =
            (bounds.iter().any(|bound| bound.constant().is_none()), RankedTensorType::try_from(op.result(0)?.r#type())?.dim_size(dim))
        {
            let agrees = self.compare(place, melior::dialect::arith::CmpiPredicate::Eq, size, self.index(place, declared as i64));
            self.check(place, agrees, "arr.slice: the slice's size differs from its type's")?;
        }
        let sliced = match source.slices[dim] {
            Some(outer) => Sliced {
                start: self.add(place, outer.start, self.mul(place, outer.step, start)),
                step: self.mul(place, outer.step, step),
                stored: outer.stored,
            },
            None => Sliced { start, step, stored: source.dims[dim] },
        };
        let mut buffers = source.clone();
        buffers.slices[dim] = Some(sliced);
        buffers.dims[dim] = size;
        Ok(buffers)
    }

    /// The buffers of the view `op` (`arr.split`, `arr.collapse`) of `source`
    /// when the view reads them as they are ([`arr::reinterpreted`]): the
    /// same level buffers and values, the view's sizes. Any other view would
    /// need its entries reorganized, and is refused.
    pub(super) fn reinterpret(
        &self,
        op: OperationRef<'c, 'a>,
        source: &Buffers<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<Buffers<'c, 'a>, LowerError> {
        source.unsliced(&crate::ir::name(op))?;
        let encoding =
            arr::reinterpreted(op).ok_or(LowerError::Op(format!("{} that reorganizes its source's storage", crate::ir::name(op))))?;
        let result = RankedTensorType::try_from(op.result(0)?.r#type())?;
        let mut dims = source.dims.clone();
        if let Some(collapse) = arr::Collapse::of(op) {
            // Two adjacent dimensions, merged where the first of them is.
            let dim =
                collapse.dims().and_then(|dims| dims.iter().copied().min()).ok_or(LowerError::Malformed("arr.collapse has no dims"))?
                    as usize;
            let merged = self.mul(place, dims[dim], dims[dim + 1]);
            dims.splice(dim..=dim + 1, [merged]);
        } else {
            let dim = arr::shape_dim(op).ok_or(LowerError::Malformed("arr.split has no dim"))? as usize;
            let inner = match result.dim_size(dim + 1) {
                Ok(DimSize::Static(size)) => self.index(place, size as i64),
                _ => return Err(LowerError::Malformed("a reinterpreting arr.split has a static inner size")),
            };
            let outer = self.div(place, dims[dim], inner);
            dims.splice(dim..=dim, [outer, inner]);
        }
        // Splits and collapses add or remove dense levels only, which store
        // no buffers: the stored levels keep their buffers, in order.
        let mut view = Buffers::empty(encoding, result.element(), source.values, dims);
        let stored = source.levels.iter().filter(|buffers| !buffers.is_empty());
        for (target, buffers) in view.levels.iter_mut().filter(|buffers| !buffers.is_empty()).zip(stored) {
            target.clone_from(buffers);
        }
        Ok(view)
    }

    /// The buffers of a constant tensor (`arith.constant` of a dense type,
    /// its value `dense<…>` or a `sparse<…>` literal): every component, in
    /// a private constant `memref.global` beside the kernel.
    pub(super) fn constant_tensor(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>) -> Result<Buffers<'c, 'a>, LowerError> {
        let tensor = RankedTensorType::try_from(op.result(0)?.r#type())?;
        let encoding = Encoding::of_any(tensor)?;
        if encoding.format.levels.iter().any(|level| !level.buffers().is_empty()) {
            return Err(LowerError::SparseConstant);
        }
        let sizes = static_sizes(tensor)?;
        let length = sizes
            .iter()
            .try_fold(1u64, |length, &size| length.checked_mul(size))
            .filter(|&length| i64::try_from(length).is_ok())
            .ok_or_else(|| LowerError::Op("a constant tensor of more components than an index holds".into()))?;
        let value = op.attribute("value")?;
        // The values go in the order of the levels: `order[l]` is the
        // dimension level `l` stores.
        if encoding.format.is_blocked() {
            return Err(LowerError::Op("a constant tensor stored in blocks".into()));
        }
        let order = encoding.format.dim_to_lvl.clone();
        let in_dimension_order = order.iter().enumerate().all(|(level, &dim)| level == dim);
        // SAFETY: `value` is an attribute of a live context.
        let values = if unsafe { mlir_sys::mlirAttributeIsADenseResourceElements(value.to_raw()) } {
            if !in_dimension_order {
                return Err(LowerError::Op("a dense_resource constant whose levels store its dimensions in another order".into()));
            }
            let element = tensor.element();
            let readable = element.is_f16()
                || element.is_bf16()
                || element.is_f32()
                || element.is_f64()
                || melior::ir::r#type::IntegerType::try_from(element).is_ok_and(|integer| integer.width() >= 8);
            if !readable {
                return Err(LowerError::Op(format!("a dense_resource constant of {} elements", tensor.element())));
            }
            // A blob (torch-mlir's weights) stays a blob: the global holds it
            // in the tensor's shape, and the LLVM translation reads it.
            let shape: Vec<i64> = sizes.iter().map(|&size| size as i64).collect();
            let stored = self.constant_global(value, MemRefType::new(tensor.element(), &shape, None, None), place)?;
            let flat = match tensor.rank() {
                0 => return Err(LowerError::Op("a dense_resource constant of rank 0".into())),
                1 => stored,
                rank => {
                    let dims = (0..rank).map(|dim| dim.to_string()).collect::<Vec<_>>().join(", ");
                    let all = Attribute::parse(self.context, &format!("[[{dims}]]")).ok_or(LowerError::Malformed("a reassociation"))?;
                    self.one(
                        place,
                        OperationBuilder::new("memref.collapse_shape", self.location)
                            .add_operands(&[stored])
                            .add_attributes(&[(Identifier::new(self.context, "reassociation"), all)])
                            .add_results(&[MemRefType::new(tensor.element(), &[length as i64], None, None).into()])
                            .build()?,
                    )
                }
            };
            self.one(place, memref::cast(flat, MemRefType::new(tensor.element(), &[i64::MIN], None, None), self.location))
        } else {
            let flat = RankedTensorType::new(&[length], tensor.element(), None);
            let value = flat_elements(value, &sizes, &order, flat).ok_or(LowerError::Malformed("a constant tensor without elements"))?;
            self.global(value, tensor.element(), length, place)?
        };
        let dims = sizes.iter().map(|&size| self.index(place, size as i64)).collect();
        Ok(Buffers::empty(encoding, tensor.element(), Some(values), dims))
    }

    /// The entries of a `sparse<…>` literal of type `tensor` as an ordered
    /// COO tensor whose buffers are constant globals: a conversion walks
    /// them all, explicit zeros included, as upstream stores them.
    pub(super) fn literal_entries(
        &self,
        literal: &crate::ir::SparseLiteral<'c>,
        tensor: RankedTensorType<'c>,
        place: Place<'c, 'a>,
    ) -> Result<Buffers<'c, 'a>, LowerError> {
        let rank = tensor.rank();
        let count = literal.values.len() as u64;
        let index = Type::index(self.context);
        let indices = |list: &[i64]| -> Result<Value<'c, 'a>, LowerError> {
            let attributes = list.iter().map(|&i| IntegerAttribute::new(index, i).into()).collect::<Vec<Attribute>>();
            let value = DenseElementsAttribute::new(RankedTensorType::new(&[list.len() as u64], index, None).into(), &attributes)?;
            self.global(value.into(), index, list.len() as u64, place)
        };
        let values = DenseElementsAttribute::new(RankedTensorType::new(&[count], tensor.element(), None).into(), &literal.values)?;
        let values = self.global(values.into(), tensor.element(), count, place)?;
        let dims = static_sizes(tensor)?.into_iter().map(|size| self.index(place, size as i64)).collect();
        let encoding = Encoding { format: Format::coo(rank), ..Encoding::of_any(tensor)? };
        let mut buffers = Buffers::empty(encoding, tensor.element(), Some(values), dims);
        // Positions `[0, count]` at the head, then each level's coordinates.
        for (level, buffers) in buffers.levels.iter_mut().enumerate() {
            let column = literal.coordinates.iter().map(|coordinates| coordinates[level]).collect::<Vec<_>>();
            *buffers = if level == 0 { vec![Some(indices(&[0, count as i64])?)] } else { Vec::new() };
            buffers.push(Some(indices(&column)?));
        }
        Ok(buffers)
    }

    /// A constant global of `length` `element`s holding `value` (a dense
    /// elements attribute of that shape), as a memref of dynamic size.
    fn global(&self, value: Attribute<'c>, element: Type<'c>, length: u64, place: Place<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
        let values = self.constant_global(value, MemRefType::new(element, &[length as i64], None, None), place)?;
        Ok(self.one(place, memref::cast(values, MemRefType::new(element, &[i64::MIN], None, None), self.location)))
    }

    /// A private constant global of type `global_type` holding `value`,
    /// beside the kernel, and the memref that reads it.
    fn constant_global(
        &self,
        value: Attribute<'c>,
        global_type: MemRefType<'c>,
        place: Place<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let module = self.module_body(place)?;
        let name =
            (0..).map(|n| format!("__sparse_constant_{n}")).find(|name| crate::ir::defined(module, name).is_none()).expect("a free name");
        let global = memref::global(self.context, &name, Some("private"), global_type, Some(value), true, None, self.location);
        match module.first_operation() {
            Some(first) => module.insert_operation_before(first, global),
            None => module.append_operation(global),
        };
        Ok(self.one(place, memref::get_global(self.context, &name, global_type, self.location)))
    }

    /// A new output of `tensor`'s type with sizes `dynamic` for its dynamic
    /// dimensions: dense storage filled with the fill value, or a sparse
    /// output set up for assembly.
    pub(super) fn alloc(
        &self,
        tensor: RankedTensorType<'c>,
        dynamic: &[Value<'c, 'a>],
        place: Place<'c, 'a>,
    ) -> Result<Buffers<'c, 'a>, LowerError> {
        let filling = if self.zeroes(place, tensor)? { Filling::Zeroed } else { Filling::Before };
        self.alloc_filled(tensor, dynamic, filling, place)
    }

    /// One past the last coordinate a loop over `tensor`'s root level
    /// visits, 0 when the level stores none, where its coordinates come in
    /// order from a buffer (a compressed level as stored); else `None`.
    pub(super) fn past_last_coordinate(
        &self,
        tensor: TensorId,
        place: Place<'c, 'a>,
        scope: &Scope<'c, 'a>,
    ) -> Result<Option<Value<'c, 'a>>, LowerError> {
        let iterator = level_iterator(LevelId { tensor, level: 0 }, scope.tensor(tensor))?;
        if iterator.iteration() != Iteration::Positions || !iterator.ordered() || iterator.run_coordinates().is_none() {
            return Ok(None);
        }
        let cursor = iterator.init(self, place, Parent::Root)?;
        let stores = self.compare(place, arith::CmpiPredicate::Ult, cursor.position, cursor.end);
        let index = Type::index(self.context);
        let past = self.if_else(
            place,
            stores,
            &[index],
            |then| {
                let last = self.sub(then, cursor.end, self.index(then, 1));
                let coordinate = iterator.coordinate(self, then, cursor.at(last));
                Ok(vec![self.add(then, coordinate, self.index(then, 1))])
            },
            |otherwise| Ok(vec![self.index(otherwise, 0)]),
        )?;
        Ok(Some(past[0]))
    }

    /// [`Emitter::alloc`], with dense storage filled as `filling` says.
    pub(super) fn alloc_filled(
        &self,
        tensor: RankedTensorType<'c>,
        dynamic: &[Value<'c, 'a>],
        filling: Filling<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<Buffers<'c, 'a>, LowerError> {
        let encoding = Encoding::of_any(tensor)?;
        if encoding.format.pattern {
            return Err(LowerError::PatternResult);
        }
        let mut dynamic = dynamic.iter();
        let dims = (0..tensor.rank())
            .map(|dim| match tensor.dim_size(dim) {
                Ok(DimSize::Static(size)) => Ok(self.index(place, size as i64)),
                _ => dynamic.next().copied().ok_or(LowerError::Malformed("cfir.alloc lacks a dynamic size")),
            })
            .collect::<Result<Vec<_>, _>>()?;
        // Levels that store nothing are laid out densely.
        if encoding.format.levels.iter().any(|level| !level.buffers().is_empty()) {
            return self.start_assembly(tensor, encoding, dims, place);
        }
        // Sizes known only when the program runs (from an argument the host
        // does not check against the result) are checked here: a product past
        // what memory could hold, or a buffer malloc cannot give, stops the
        // program.
        let sized_at_run_time = dims.iter().any(|&dim| super::constant_index(dim).is_none());
        let mut size = self.index(place, 1);
        for &dim in &dims {
            if sized_at_run_time {
                self.check_positions(place, size, dim)?;
            }
            size = self.mul(place, size, dim);
        }
        let values = match filling {
            Filling::Zeroed => self.alloc_zeroed(place, tensor.element(), size)?,
            Filling::Before | Filling::InLoops | Filling::Outside { .. } => self.alloc_buffer(place, tensor.element(), size),
        };
        if sized_at_run_time {
            self.check_allocated(place, values, size, RESULT_TOO_LARGE)?;
        }
        // Its stores marked `mark`, if any.
        let fill_range = |from, to, mark: Option<&str>| -> Result<(), LowerError> {
            let fill = self.constant(encoding.fill, tensor.element(), place)?;
            self.for_range(place, from, to, |body, index| {
                let store = Place::End(body).put(memref::store(fill, values, &[index], self.location));
                if let Some(mark) = mark {
                    crate::ir::edit(store).set_attribute(mark, Attribute::unit(self.context));
                }
            });
            Ok(())
        };
        match filling {
            Filling::Before => fill_range(self.index(place, 0), size, None)?,
            Filling::Outside { ahead, walk } => {
                // Rows of the leading level are runs of `row` components.
                let leading = encoding.format.dim_to_lvl[0];
                let rows = dims[leading];
                let row = dims
                    .iter()
                    .enumerate()
                    .filter(|&(dim, _)| dim != leading)
                    .fold(self.index(place, 1), |row, (_, &size)| self.mul(place, row, size));
                let zero = self.index(place, 0);
                let clamped = |at| {
                    let below = self.one(place, arith::minsi(at, rows, self.location));
                    self.one(place, arith::maxsi(zero, below, self.location))
                };
                let past = self.add(place, walk, self.index(place, ahead));
                fill_range(self.mul(place, clamped(past), row), size, Some(crate::parallelize_outer_loops::FILLED_PAST_WALK))?;
            }
            Filling::InLoops | Filling::Zeroed => {}
        }
        Ok(Buffers::empty(encoding, tensor.element(), Some(values), dims))
    }

    /// `cfir.assign` / `cfir.reduce`: appends to a sparse output, or locates
    /// the entry of a dense output level by level and stores (reduces) there.
    pub(super) fn store_entry(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let operands = op.operands().collect::<Vec<_>>();
        let tensor = scope.tensor_id(operands[0]).ok_or(LowerError::Malformed("a store to an unknown tensor"))?;
        let buffers = scope.tensor(tensor).clone();
        let value = scope.get(operands[1]);
        let indices = operands[2..].iter().map(|&index| scope.get(index)).collect::<Vec<_>>();
        let reduce = sparse_dialects::cfir::Reduce::of(op);
        let function = reduce.and_then(|view| view.function());
        // A reduction standing for a whole run (see `integrate`).
        let value = match (scope.multiplicity, function.map(|function| integrate::repeated(op, function))) {
            (None, _) | (Some(_), Some(Some(Repeated::Once))) => value,
            (Some(count), Some(Some(Repeated::Sum))) => self.times(place, value, count),
            (Some(_), _) => return Err(LowerError::Malformed("a run integrated through a store that cannot repeat")),
        };
        match &buffers.workspace {
            Some(Workspace::Components(list)) => {
                self.add_component(list, &indices, value, place);
                return Ok(());
            }
            Some(Workspace::Row(row)) => return self.touch(row, op, &buffers, &indices, value, place),
            None => {}
        }
        if let Some(assembly) = buffers.assembly {
            if reduce.is_some() {
                return Err(LowerError::SparseReduction);
            }
            let last_new = self.last_level_new(op, tensor, &indices, place, scope);
            return self.append(&buffers, assembly, &indices, value, last_new, place);
        }
        let values = buffers.values.ok_or(LowerError::PatternResult)?;
        let position = self.locate_point(tensor, &buffers, &indices, place)?;
        let value = match function {
            Some(function) => {
                let old = self.load(place, values, position);
                self.reduce_with(op, place, function, old, value, buffers.element)
            }
            None => value,
        };
        let stored = place.put(memref::store(value, values, &[position], self.location));
        if op.attribute(crate::parallelize_outer_loops::FILLED_AHEAD).is_ok() {
            crate::ir::edit(stored).set_attribute(crate::parallelize_outer_loops::FILLED_AHEAD, Attribute::unit(self.context));
        }
        Ok(())
    }
}

/// `memref<*xT>` for `tensor<*xT>`; `None` for any other type.
pub(super) fn unranked_memref(r#type: Type) -> Option<Type> {
    // SAFETY: the type is live; the element type and the new type live in
    // its context, and a null memory space is the default one.
    unsafe {
        let raw = r#type.to_raw();
        mlir_sys::mlirTypeIsAUnrankedTensor(raw).then(|| {
            let element = mlir_sys::mlirShapedTypeGetElementType(raw);
            Type::from_raw(mlir_sys::mlirUnrankedMemRefTypeGet(element, mlir_sys::MlirAttribute { ptr: std::ptr::null() }))
        })
    }
}

/// What a declared (external) function takes for a tensor of `type`, as
/// upstream's bufferization gives it (identity layouts at function
/// boundaries): `memref<*xT>` for `tensor<*xT>`, `memref<...xT>` of the same
/// sizes for a ranked tensor without an encoding; `None` for a sparse tensor
/// or any other type.
pub(super) fn external_memref(r#type: Type) -> Option<Type> {
    if let Some(unranked) = unranked_memref(r#type) {
        return Some(unranked);
    }
    let tensor = RankedTensorType::try_from(r#type).ok().filter(|tensor| tensor.encoding().is_none())?;
    let shape = (0..tensor.rank())
        .map(|dim| match tensor.dim_size(dim) {
            Ok(DimSize::Static(size)) => Some(size as i64),
            Ok(_) => Some(i64::MIN),
            Err(_) => None,
        })
        .collect::<Option<Vec<_>>>()?;
    Some(MemRefType::new(tensor.element(), &shape, None, None).into())
}

/// Whether `buffer` is a constant's `memref.get_global` (seen through a cast).
pub(super) fn is_global(buffer: Value) -> bool {
    fn maker<'c, 'a>(value: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
        defining_op(value)
    }
    let Some(op) = maker(buffer) else { return false };
    match crate::ir::name(op).as_str() {
        "memref.get_global" => true,
        "memref.cast" => op.operand(0).ok().and_then(maker).is_some_and(|source| crate::ir::name(source) == "memref.get_global"),
        _ => false,
    }
}

/// The sizes of a constant tensor, which are static.
fn static_sizes(tensor: RankedTensorType) -> Result<Vec<u64>, LowerError> {
    (0..tensor.rank())
        .map(|dim| match tensor.dim_size(dim) {
            Ok(DimSize::Static(size)) => Ok(size),
            _ => Err(LowerError::Malformed("a constant tensor of dynamic sizes")),
        })
        .collect()
}

/// The components of the elements attribute `value` (of static `sizes`) in
/// the row-major order of the levels, level `l` storing dimension
/// `order[l]`, as a dense attribute of type `flat`.
fn flat_elements<'c>(value: Attribute<'c>, sizes: &[u64], order: &[usize], flat: RankedTensorType<'c>) -> Option<Attribute<'c>> {
    // SAFETY: `value` and `flat` are live in one context; each index passed
    // to `mlirElementsAttrGetValue` has `sizes.len()` components, each
    // within its size (`order` is a permutation of the dimensions).
    unsafe {
        let raw = value.to_raw();
        let in_dimension_order = order.iter().enumerate().all(|(level, &dim)| level == dim);
        if mlir_sys::mlirAttributeIsADenseElements(raw) && in_dimension_order {
            return Some(Attribute::from_raw(mlir_sys::mlirDenseElementsAttrReshapeGet(raw, flat.to_raw())));
        }
        if !mlir_sys::mlirAttributeIsAElements(raw) || mlir_sys::mlirAttributeIsADenseResourceElements(raw) {
            return None;
        }
        let mut components = Vec::new();
        let (mut at_level, mut index) = (vec![0u64; sizes.len()], vec![0u64; sizes.len()]);
        for _ in 0..sizes.iter().product::<u64>() {
            for (level, &dim) in order.iter().enumerate() {
                index[dim] = at_level[level];
            }
            components.push(Attribute::from_raw(mlir_sys::mlirElementsAttrGetValue(raw, index.len() as isize, index.as_mut_ptr())));
            for level in (0..at_level.len()).rev() {
                at_level[level] += 1;
                if at_level[level] < sizes[order[level]] {
                    break;
                }
                at_level[level] = 0;
            }
        }
        DenseElementsAttribute::new(flat.into(), &components).ok().map(Attribute::from)
    }
}
