//! Host ops on lowered tensors: what the code around kernels does with them.
//!
//! A `func.call` passes each tensor as its ABI buffers and binds the buffers
//! returned; `sparse_tensor.values`, `positions` and `coordinates` name a
//! buffer; `number_of_entries` and `lvl` read sizes; `sparse_tensor.print`
//! writes upstream's text with `vector.print`; `bufferization.dealloc_tensor`
//! frees a tensor the function allocated; `vector.transfer_read`,
//! `tensor.extract` and `bufferization.to_buffer` of a dense tensor read a
//! view of its values in the tensor's shape.

use super::error::LowerError;
use super::{Emitter, Scope};
use crate::ir::{name, value_key};
use crate::place::Place;
use melior::{
    dialect::{func, memref, scf},
    ir::{
        attribute::{DenseI32ArrayAttribute, DenseI64ArrayAttribute, FlatSymbolRefAttribute, IntegerAttribute, StringAttribute},
        block::BlockLike,
        operation::{OperationBuilder, OperationLike},
        r#type::{DimSize, MemRefType, RankedTensorType},
        Attribute, Identifier, OperationRef, RegionLike, ShapedTypeLike, TypeLike, Value, ValueLike,
    },
};
use sparse_formats::{DimPart, LevelBuffer};

impl<'c: 'a, 'a> Emitter<'c> {
    /// Binds `old`, a value of the old IR, to `abi`, the values that stand
    /// for it in the kernel ABI: a tensor's buffers, or the value itself. A
    /// dimension the tensor's type gives a static size is that constant (made
    /// at `place`), not the ABI's size: loops over it then have a constant
    /// trip count, which LLVM unrolls and vectorizes around (a 3 x 3 filter).
    /// Callers pass the sizes the type states (`sparse-run` checks them).
    pub(super) fn bind(
        &self,
        old: Value<'c, 'a>,
        abi: &[Value<'c, 'a>],
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        match RankedTensorType::try_from(old.r#type()) {
            Ok(tensor) => {
                let mut buffers = self.buffers_from(tensor, abi)?;
                for (dim, size) in buffers.dims.iter_mut().enumerate() {
                    if let DimSize::Static(static_size) = tensor.dim_size(dim)? {
                        *size = self.index(place, static_size as i64);
                    }
                }
                scope.define(old, buffers);
            }
            Err(_) => {
                scope.values.insert(value_key(old), abi[0]);
            }
        }
        Ok(())
    }

    /// The ABI values of `operand`: a tensor's buffers, or the value itself.
    fn abi_values(&self, operand: Value<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<Vec<Value<'c, 'a>>, LowerError> {
        match scope.tensor_id(operand) {
            Some(_) => scope.tensor(self.readable(operand, scope)?).list(),
            None if operand.r#type().is_ranked_tensor() => Err(LowerError::Malformed("a call passes a tensor that is not lowered")),
            None => Ok(vec![scope.get(operand)]),
        }
    }

    /// `func.call` of a function whose signature has tensors: the callee
    /// takes and returns their buffers (its own lowering rewrote it so); a
    /// declared (external) callee takes a dense tensor as a memref of its
    /// sizes: a view of its values where the declaration marks the argument
    /// `bufferization.access = "read"`, and otherwise a copy, freed after
    /// the call (the callee may write it, and a constant's values are
    /// read-only memory; the tensor keeps its values, as upstream's
    /// bufferization keeps them).
    pub(super) fn call(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let external = crate::ir::callee(op).filter(|callee| crate::ir::is_declaration(*callee));
        let mut operands = Vec::new();
        let mut copies = Vec::new();
        for (index, operand) in op.operands().enumerate() {
            match super::storage::external_memref(operand.r#type()) {
                Some(memref) if external.is_some() && operand.r#type().is_ranked_tensor() => {
                    let view = self
                        .dense_view(operand, place, scope)?
                        .ok_or_else(|| LowerError::Op("a call passing a sliced tensor to a declared (external) function".into()))?;
                    if external.is_some_and(|callee| only_reads(callee, index)) {
                        operands.push(self.cast_to(view, memref, place)?);
                    } else {
                        let memref_type = MemRefType::try_from(memref).map_err(|_| LowerError::Malformed("a ranked memref"))?;
                        let tensor = RankedTensorType::try_from(operand.r#type())?;
                        let dims = &scope.tensor(self.readable(operand, scope)?).dims;
                        let dynamic = (0..tensor.rank())
                            .filter(|&dim| !matches!(tensor.dim_size(dim), Ok(DimSize::Static(_))))
                            .map(|dim| dims[dim])
                            .collect::<Vec<_>>();
                        let copy = self.one(place, memref::alloc(self.context, memref_type, &dynamic, &[], None, self.location));
                        place.put(OperationBuilder::new("memref.copy", self.location).add_operands(&[view, copy]).build()?);
                        copies.push(copy);
                        operands.push(copy);
                    }
                }
                None if external.is_some() && operand.r#type().is_ranked_tensor() => {
                    return Err(LowerError::Op("a call passing a sparse tensor to a declared (external) function".into()));
                }
                _ => operands.extend(self.abi_values(operand, scope)?),
            }
        }
        let mut types = Vec::new();
        for result in op.results() {
            types.extend(self.abi_types(result.r#type())?);
        }
        let callee =
            FlatSymbolRefAttribute::try_from(op.attribute("callee")?).map_err(|_| LowerError::Malformed("func.call has no callee"))?;
        let new = place.put(func::call(self.context, callee, &operands, &types, self.location));
        for copy in copies {
            place.put(memref::dealloc(copy, self.location));
        }
        let passed = operands.iter().copied().filter(|operand| operand.r#type().is_mem_ref()).collect::<Vec<_>>();
        let mut next = 0;
        for result in op.results() {
            let count = self.abi_types(result.r#type())?.len();
            let abi = (next..next + count).map(|index| new.result(index).map(Into::into)).collect::<Result<Vec<Value>, _>>()?;
            next += count;
            self.bind(result.into(), &abi, place, scope)?;
            if let Some(id) = scope.tensor_id(result.into()) {
                scope.allocated.push(id);
                scope.passed.insert(id, passed.clone());
            }
        }
        Ok(())
    }

    /// An op with regions that takes and yields no tensor (`scf.for` or
    /// `scf.if` around host code): the same op, each region's one block
    /// lowered in a scope of its own. The tensors a block allocates and does
    /// not release are freed at its end, since nothing carries them out.
    pub(super) fn region_op(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let mut regions = Vec::new();
        let mut old_blocks = Vec::new();
        for index in 0..op.region_count() {
            let region = melior::ir::Region::new();
            if let Some(old) = op.region(index)?.first_block() {
                if old.next_in_region().is_some() {
                    return Err(LowerError::Op(format!("{} with several blocks around tensors", name(op))));
                }
                let arguments = (0..old.argument_count())
                    .map(|at| old.argument(at).map(|argument| (argument.r#type(), self.location)))
                    .collect::<Result<Vec<_>, _>>()?;
                region.append_block(melior::ir::Block::new(&arguments));
                old_blocks.push((index, old));
            }
            regions.push(region);
        }
        let operands = op.operands().map(|operand| scope.get(operand)).collect::<Vec<_>>();
        let results = op.results().map(|result| result.r#type()).collect::<Vec<_>>();
        let attributes = op
            .attributes()
            .map(|(key, value)| (Identifier::new(self.context, key.as_string_ref().as_str().unwrap_or_default()), value))
            .collect::<Vec<_>>();
        let new = place.put(
            OperationBuilder::new(&name(op), self.location)
                .add_operands(&operands)
                .add_results(&results)
                .add_attributes(&attributes)
                .add_regions_vec(regions)
                .build()?,
        );
        for (index, old) in old_blocks {
            let block = crate::ir::only_block(new, index);
            let mut inner = scope.nested();
            for at in 0..old.argument_count() {
                inner.values.insert(value_key(old.argument(at)?.into()), block.argument(at)?.into());
            }
            let ops = std::iter::successors(old.first_operation(), |op| op.next_in_block()).collect::<Vec<_>>();
            let (&terminator, body) = ops.split_last().ok_or(LowerError::Malformed("a block without a terminator"))?;
            if scope.loop_coordinates.is_empty() {
                super::lower_ops(self, body, Place::End(block), &mut inner)?;
            } else {
                // Inside a statement's loops (a branch around a store): its
                // ops, as the loop's body's are; the outputs are the loops'.
                for &op in body {
                    self.op(op, Place::End(block), &mut inner)?;
                }
            }
            self.release_region(&name(op), Place::End(block), &inner, scope, &[])?;
            self.op(terminator, Place::End(block), &mut inner)?;
        }
        for (old, new) in op.results().zip(new.results()) {
            scope.values.insert(value_key(old.into()), new.into());
        }
        Ok(())
    }

    /// `tensor.cast` between static and dynamic sizes of one format: the
    /// same buffers. A cast that changes the format is a conversion, which
    /// `raise-linalg` raised to a copy statement. The formats compared are
    /// the types' own: a view (an `arr.slice` without an encoding, stored
    /// as its source is) cast to its own type, as `arr-concretize` does for
    /// an operand read twice, is the same view.
    pub(super) fn cast(&self, op: OperationRef<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let source = scope.tensor(self.readable(op.operand(0)?, scope)?).clone();
        let source_type = RankedTensorType::try_from(op.operand(0)?.r#type())?;
        let result = RankedTensorType::try_from(op.result(0)?.r#type())?;
        let format = |r#type| sparse_dialects::encoding::Encoding::of_any(r#type).map(|encoding| encoding.format);
        if format(result)? != format(source_type)? {
            return Err(LowerError::FormatCast);
        }
        scope.define(op.result(0)?.into(), source);
        Ok(())
    }

    /// `tensor.cast` of a dense tensor to `tensor<*xT>`, the form in which
    /// upstream's tests pass a result to `printMemrefF64`: its values as a
    /// row-major memref, cast to `memref<*xT>`. A view, owned by the tensor.
    pub(super) fn cast_to_unranked(
        &self,
        op: OperationRef<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let result: Value = op.result(0)?.into();
        let unranked = super::storage::unranked_memref(result.r#type()).ok_or(LowerError::Malformed("a cast to an unranked tensor"))?;
        let view = self
            .dense_view(op.operand(0)?, place, scope)?
            .ok_or_else(|| LowerError::Op("tensor.cast of a sparse tensor to an unranked tensor".into()))?;
        let memref = self.cast_to(view, unranked, place)?;
        scope.values.insert(value_key(result), memref);
        Ok(())
    }

    /// `sparse_tensor.reinterpret_map`: the same levels seen through another
    /// dimension-to-level map (a BSR matrix as the 4-D tensor of its
    /// blocks, or back): the same buffers, and dimension sizes rebuilt from
    /// the level sizes, which both sides share.
    pub(super) fn reinterpret_map(
        &self,
        op: OperationRef<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let source = scope.tensor(self.readable(op.operand(0)?, scope)?).clone();
        let result = RankedTensorType::try_from(op.result(0)?.r#type())?;
        let encoding = sparse_dialects::encoding::Encoding::of_any(result)?;
        if encoding.format.levels != source.format().levels {
            return Err(LowerError::Op("sparse_tensor.reinterpret_map between different levels".into()));
        }
        let level_sizes = self.level_sizes(&source, place);
        let parts = encoding.format.parts();
        let mut dims = Vec::new();
        for dim in 0..result.rank() {
            let level =
                |wanted: &dyn Fn(DimPart) -> bool| (0..level_sizes.len()).find(|&level| wanted(parts[encoding.format.dim_to_lvl[level]]));
            let size = match level(&|part| part == DimPart::Whole { dim }) {
                Some(level) => level_sizes[level],
                None => {
                    let blocks = level(&|part| matches!(part, DimPart::Block { dim: of, .. } if of == dim));
                    match blocks.map(|level| (level, parts[encoding.format.dim_to_lvl[level]])) {
                        Some((level, DimPart::Block { block, .. })) => self.mul(place, level_sizes[level], self.index(place, block as i64)),
                        _ => return Err(LowerError::Malformed("a dimension that no level stores")),
                    }
                }
            };
            dims.push(size);
        }
        let mut view = super::Buffers::empty(encoding, result.element(), source.values, dims);
        view.levels.clone_from(&source.levels);
        scope.define(op.result(0)?.into(), view);
        Ok(())
    }

    /// `sparse_tensor.values`, `positions`, `coordinates`: the buffer itself,
    /// cast to the op's result type when that type only differs in layout
    /// (upstream's coordinates of a COO level are a strided view).
    pub(super) fn storage_buffer(
        &self,
        op: OperationRef<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let buffers = scope.tensor(self.readable(op.operand(0)?, scope)?).unbatched(&name(op))?;
        let level = || -> Result<usize, LowerError> {
            let level =
                IntegerAttribute::try_from(op.attribute("level")?).map_err(|_| LowerError::Malformed("the op has no level"))?.value();
            usize::try_from(level)
                .ok()
                .filter(|&level| level < buffers.format().rank())
                .ok_or(LowerError::Malformed("the level is out of range"))
        };
        let buffer = match name(op).as_str() {
            "sparse_tensor.values" => buffers.values,
            "sparse_tensor.positions" => buffers.level_buffer(level()?, LevelBuffer::Positions),
            _ => buffers.level_buffer(level()?, LevelBuffer::Coordinates),
        };
        let buffer = buffer.ok_or_else(|| LowerError::Op(format!("{} of a level that does not store it", name(op))))?;
        let result: Value = op.result(0)?.into();
        let buffer = self.cast_to(buffer, result.r#type(), place)?;
        scope.values.insert(value_key(result), buffer);
        Ok(())
    }

    /// `memref` as a memref of `type`, which differs at most in layout.
    fn cast_to(&self, memref: Value<'c, 'a>, r#type: melior::ir::Type<'c>, place: Place<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
        if memref.r#type() == r#type {
            return Ok(memref);
        }
        let cast = OperationBuilder::new("memref.cast", self.location).add_operands(&[memref]).add_results(&[r#type]).build()?;
        Ok(self.one(place, cast))
    }

    /// `sparse_tensor.number_of_entries`: how many values are stored.
    pub(super) fn number_of_entries(
        &self,
        op: OperationRef<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let entries = self.entries(scope.tensor(self.readable(op.operand(0)?, scope)?), place)?;
        scope.values.insert(value_key(op.result(0)?.into()), entries);
        Ok(())
    }

    /// The stored values, or for a batched tensor those of one batch (its
    /// padding included: upstream counts those of the first batch).
    fn entries(&self, buffers: &super::Buffers<'c, 'a>, place: Place<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
        let values = buffers.values.ok_or(LowerError::Op("counting the entries of a tensor with a pattern leaf".into()))?;
        if buffers.batched() {
            return self.batch_part(buffers, values, place);
        }
        Ok(self.length(place, values))
    }

    /// The size of each part of the dimensions of `buffers`, in the order
    /// of [`Format::parts`]: a dimension's size where it is stored whole,
    /// its number of blocks, or its block size.
    pub(super) fn part_sizes(&self, buffers: &super::Buffers<'c, 'a>, place: Place<'c, 'a>) -> Vec<Value<'c, 'a>> {
        let dims = &buffers.dims;
        buffers
            .format()
            .parts()
            .into_iter()
            .map(|part| match part {
                DimPart::Whole { dim } => dims[dim],
                DimPart::Block { dim, block } => self.div(place, dims[dim], self.index(place, block as i64)),
                DimPart::Offset { block, .. } => self.index(place, block as i64),
            })
            .collect()
    }

    /// The size of each level: the size of the part of a dimension it
    /// stores ([`Emitter::part_sizes`]).
    pub(super) fn level_sizes(&self, buffers: &super::Buffers<'c, 'a>, place: Place<'c, 'a>) -> Vec<Value<'c, 'a>> {
        let sizes = self.part_sizes(buffers, place);
        buffers.format().dim_to_lvl.iter().map(|&part| sizes[part]).collect()
    }

    /// `sparse_tensor.lvl`: the size of a level named by a constant.
    pub(super) fn level_size_op(
        &self,
        op: OperationRef<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let buffers = scope.tensor(self.readable(op.operand(0)?, scope)?).clone();
        let level =
            super::constant_index(op.operand(1)?).ok_or(LowerError::Op("sparse_tensor.lvl of a level that is not a constant".into()))?;
        let sizes = self.level_sizes(&buffers, place);
        let size = *sizes.get(level).ok_or(LowerError::Malformed("sparse_tensor.lvl out of range"))?;
        scope.values.insert(value_key(op.result(0)?.into()), size);
        Ok(())
    }

    /// `bufferization.dealloc_tensor`: frees the buffers of a tensor this
    /// function allocated or a call returned, which its return then no
    /// longer frees. The buffers of an argument belong to the caller, and
    /// are left alone, as is a buffer a call returned that is one of those
    /// it was passed.
    pub(super) fn dealloc_tensor(
        &self,
        op: OperationRef<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let Some(id) = scope.tensor_id(op.operand(0)?) else { return Ok(()) };
        if !scope.allocated.contains(&id) {
            return Ok(());
        }
        scope.allocated.retain(|&allocated| allocated != id);
        let passed = scope.passed.remove(&id);
        let runtime = passed.is_some();
        self.free(place, &scope.tensor(id).list()?, &passed.unwrap_or_default(), runtime)
    }

    /// At the end of a region of `op` lowered in `inner`: frees the tensors
    /// the region made and does not `yield`. A buffer a call in the region
    /// was passed, or one yielded, may be the same memory under another name
    /// (a callee's update in place): pointers are compared when the program
    /// runs. A tensor made outside the region that the region released (or
    /// updated in place) is refused: the next iteration would read it.
    pub(super) fn release_region(
        &self,
        op: &str,
        end: Place<'c, 'a>,
        inner: &Scope<'c, 'a>,
        scope: &Scope<'c, 'a>,
        yielded: &[Value<'c, 'a>],
    ) -> Result<(), LowerError> {
        if scope.allocated.iter().any(|id| !inner.allocated.contains(id)) {
            return Err(LowerError::Op(format!("{op} whose body releases or updates in place a tensor made outside it")));
        }
        let calls = !inner.passed.is_empty();
        for &id in inner.allocated.iter().filter(|id| !scope.allocated.contains(id)) {
            let mut kept = yielded.to_vec();
            kept.extend(inner.passed.get(&id).into_iter().flatten().copied());
            self.free(end, &inner.tensor(id).list()?, &kept, calls)?;
        }
        Ok(())
    }

    /// Frees each memref of `buffers` that is not one of `kept`: not the
    /// same value, and, when `runtime`, not the same memory either (pointers
    /// compared when the program runs).
    pub(super) fn free(
        &self,
        place: Place<'c, 'a>,
        buffers: &[Value<'c, 'a>],
        kept: &[Value<'c, 'a>],
        runtime: bool,
    ) -> Result<(), LowerError> {
        let kept_memrefs = kept.iter().copied().filter(|value| value.r#type().is_mem_ref()).collect::<Vec<_>>();
        for &buffer in buffers {
            if !buffer.r#type().is_mem_ref() || kept_memrefs.contains(&buffer) {
                continue;
            }
            if !runtime || kept_memrefs.is_empty() {
                place.put(memref::dealloc(buffer, self.location));
                continue;
            }
            let address = |memref: Value<'c, 'a>| -> Result<Value<'c, 'a>, LowerError> {
                let op = OperationBuilder::new("memref.extract_aligned_pointer_as_index", self.location)
                    .add_operands(&[memref])
                    .add_results(&[melior::ir::Type::index(self.context)])
                    .build()?;
                Ok(self.one(place, op))
            };
            let own = address(buffer)?;
            let mut distinct = Vec::new();
            for &other in &kept_memrefs {
                let other = address(other)?;
                distinct.push(self.compare(place, melior::dialect::arith::CmpiPredicate::Ne, own, other));
            }
            let then = self.then(place, self.and(place, &distinct));
            then.append_operation(memref::dealloc(buffer, self.location));
            then.append_operation(scf::r#yield(&[], self.location));
        }
        Ok(())
    }

    /// An upstream op reading a dense tensor (no encoding): it reads a view
    /// of the tensor's values in its shape instead, `vector.transfer_read`
    /// as it is, `tensor.extract` as `memref.load`, and
    /// `bufferization.to_buffer` is the view. `tensor.extract` of a tensor
    /// whose levels are all located (a dense encoding, in any level order,
    /// or a slice of one) loads where its levels locate the coordinates.
    pub(super) fn read_dense(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let refuse = || LowerError::TensorOperand(name(op));
        let encoded = RankedTensorType::try_from(op.operand(0)?.r#type())?.encoding().is_some();
        let sliced = scope.tensor_id(op.operand(0)?).is_some_and(|id| scope.tensor(id).slices.iter().any(Option::is_some));
        if name(op) == "tensor.extract" && (encoded || sliced) {
            let tensor = self.readable(op.operand(0)?, scope)?;
            let buffers = scope.tensor(tensor).clone();
            let format = buffers.format();
            if format.is_sparse() || format.is_blocked() || format.levels.iter().any(|level| !level.buffers().is_empty()) {
                return Err(refuse());
            }
            let indices = op.operands().skip(1).map(|index| scope.get(index)).collect::<Vec<_>>();
            let position = self.locate_point(tensor, &buffers, &indices, place)?;
            let value = match buffers.values {
                Some(values) => self.load(place, values, position),
                None => return Err(refuse()),
            };
            scope.values.insert(value_key(op.result(0)?.into()), value);
            return Ok(());
        }
        let mut operands = Vec::new();
        for (index, operand) in op.operands().enumerate() {
            operands.push(match scope.tensor_id(operand) {
                Some(_) if index == 0 => self.dense_view(operand, place, scope)?.ok_or_else(refuse)?,
                Some(_) => return Err(refuse()),
                None => scope.get(operand),
            });
        }
        let result: Value = op.result(0)?.into();
        let new = match name(op).as_str() {
            "tensor.extract" => self.one(place, memref::load(operands[0], &operands[1..], self.location)),
            "bufferization.to_buffer" => self.cast_to(operands[0], result.r#type(), place)?,
            _ => self.one(place, crate::ir::rebuild(op, &operands, self.context)?),
        };
        scope.values.insert(value_key(result), new);
        Ok(())
    }

    /// The values of a dense tensor (no encoding) as a memref of its shape,
    /// row-major; `None` for a tensor with an encoding.
    fn dense_view(&self, tensor: Value<'c, 'a>, place: Place<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<Option<Value<'c, 'a>>, LowerError> {
        let id = self.readable(tensor, scope)?;
        let buffers = scope.tensor(id);
        let r#type = RankedTensorType::try_from(tensor.r#type())?;
        let values = match buffers.values {
            Some(values) if r#type.encoding().is_none() && buffers.slices.iter().all(Option::is_none) => values,
            _ => return Ok(None),
        };
        let rank = r#type.rank();
        let shape = (0..rank)
            .map(|dim| {
                r#type.dim_size(dim).map(|size| match size {
                    DimSize::Static(size) => size as i64,
                    _ => i64::MIN,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        // Row-major strides, each static when every size inside it is.
        let mut strides = vec![1i64; rank];
        let mut stride_values = vec![self.index(place, 1); rank];
        for dim in (0..rank.saturating_sub(1)).rev() {
            strides[dim] = if strides[dim + 1] == i64::MIN || shape[dim + 1] == i64::MIN {
                i64::MIN
            } else {
                strides[dim + 1].checked_mul(shape[dim + 1]).ok_or_else(|| {
                    let sizes = shape.iter().map(|&size| if size == i64::MIN { "?".to_string() } else { size.to_string() });
                    LowerError::TooManyComponents(sizes.collect::<Vec<_>>().join("x"))
                })?
            };
            stride_values[dim] = self.mul(place, stride_values[dim + 1], buffers.dims[dim + 1]);
        }
        let dynamic_sizes = (0..rank).filter(|&dim| shape[dim] == i64::MIN).map(|dim| buffers.dims[dim]).collect::<Vec<_>>();
        let dynamic_strides = (0..rank).filter(|&dim| strides[dim] == i64::MIN).map(|dim| stride_values[dim]).collect::<Vec<_>>();
        let layout = if strides.iter().all(|&stride| stride != i64::MIN) {
            None
        } else {
            let text =
                strides.iter().map(|&stride| if stride == i64::MIN { "?".to_string() } else { stride.to_string() }).collect::<Vec<_>>();
            Some(
                Attribute::parse(self.context, &format!("strided<[{}]>", text.join(", ")))
                    .ok_or(LowerError::Malformed("a strided layout"))?,
            )
        };
        let view_type = MemRefType::new(r#type.element(), &shape, layout, None);
        let mut operands = vec![values];
        operands.extend(&dynamic_sizes);
        operands.extend(&dynamic_strides);
        let segments = [1, 0, dynamic_sizes.len() as i32, dynamic_strides.len() as i32];
        let attribute = |key: &str, value: Attribute<'c>| (Identifier::new(self.context, key), value);
        let view = OperationBuilder::new("memref.reinterpret_cast", self.location)
            .add_operands(&operands)
            .add_results(&[view_type.into()])
            .add_attributes(&[
                attribute("operandSegmentSizes", DenseI32ArrayAttribute::new(self.context, &segments).into()),
                attribute("static_offsets", DenseI64ArrayAttribute::new(self.context, &[0]).into()),
                attribute("static_sizes", DenseI64ArrayAttribute::new(self.context, &shape).into()),
                attribute("static_strides", DenseI64ArrayAttribute::new(self.context, &strides).into()),
            ])
            .build()?;
        Ok(Some(self.one(place, view)))
    }

    /// `sparse_tensor.print`: upstream's text, with `vector.print`: the
    /// number of entries, the dimension and level sizes, each level's
    /// positions and coordinates (those of a COO region interleaved, one
    /// entry's coordinates after another, as upstream stores them), then the
    /// values; those of a batched tensor one batch after another.
    pub(super) fn print(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let buffers = scope.tensor(self.readable(op.operand(0)?, scope)?).clone();
        let r#type = RankedTensorType::try_from(op.operand(0)?.r#type())?;
        let entries = self.entries(&buffers, place)?;
        self.print_text(place, "---- Sparse Tensor ----\nnse = ")?;
        self.print_value(place, Some(entries), "newline")?;
        self.print_text(place, "dim = ")?;
        self.print_list(place, &buffers.dims)?;
        self.print_text(place, "lvl = ")?;
        self.print_list(place, &self.level_sizes(&buffers, place))?;
        let levels = &buffers.format().levels;
        let rank = levels.len();
        // Upstream stores the coordinates of a trailing COO region together.
        let coo_start = super::user_buffers::coo_start(buffers.format(), r#type);
        for (level, stored) in levels.iter().enumerate() {
            for (index, &which) in stored.buffers().iter().enumerate() {
                let buffer = buffers.levels[level][index].ok_or(LowerError::Malformed("a sparse result used before it is assembled"))?;
                let label = match which {
                    LevelBuffer::Positions => "pos",
                    LevelBuffer::Coordinates => "crd",
                    LevelBuffer::Offsets => "offsets",
                    LevelBuffer::Bitmap => "bitmap",
                    LevelBuffer::Table => "table",
                };
                let region = match coo_start {
                    Some(start) if which == LevelBuffer::Coordinates && level > start => continue,
                    Some(start) if which == LevelBuffer::Coordinates && level == start => (start..rank)
                        .map(|below| buffers.level_buffer(below, LevelBuffer::Coordinates))
                        .collect::<Option<Vec<_>>>()
                        .ok_or(LowerError::Malformed("a COO level without coordinates"))?,
                    _ => vec![buffer],
                };
                self.print_text(place, &format!("{label}[{level}] : "))?;
                self.print_stored(place, &buffers, &region)?;
            }
        }
        if let Some(values) = buffers.values {
            self.print_text(place, "values : ")?;
            self.print_stored(place, &buffers, &[values])?;
        }
        self.print_text(place, "----\n")
    }

    /// `region`, buffers of `buffers` of one length, as `print_row` prints
    /// them, and a new line; for a batched tensor, `( row row ... )` of
    /// their parts, one row per batch.
    fn print_stored(&self, place: Place<'c, 'a>, buffers: &super::Buffers<'c, 'a>, region: &[Value<'c, 'a>]) -> Result<(), LowerError> {
        if buffers.batched() {
            self.print_value(place, None, "open")?;
            self.try_for_each(place, self.batch_count(buffers, place)?, |body, batch| {
                let place = Place::End(body);
                let parts =
                    region.iter().map(|&buffer| self.part_of_batch(buffers, buffer, batch, place)).collect::<Result<Vec<_>, _>>()?;
                self.print_row(place, &parts)
            })?;
            self.print_value(place, None, "close")?;
        } else {
            self.print_row(place, region)?;
        }
        self.print_value(place, None, "newline")
    }

    fn print_op(
        &self,
        place: Place<'c, 'a>,
        operand: Option<Value<'c, 'a>>,
        punctuation: &str,
        text: Option<&str>,
    ) -> Result<(), LowerError> {
        let punctuation = Attribute::parse(self.context, &format!("#vector.punctuation<{punctuation}>"))
            .ok_or(LowerError::Malformed("the vector dialect is not loaded"))?;
        let mut attributes = vec![(Identifier::new(self.context, "punctuation"), punctuation)];
        if let Some(text) = text {
            attributes.push((Identifier::new(self.context, "stringLiteral"), StringAttribute::new(self.context, text).into()));
        }
        let operands = operand.into_iter().collect::<Vec<_>>();
        place.put(OperationBuilder::new("vector.print", self.location).add_operands(&operands).add_attributes(&attributes).build()?);
        Ok(())
    }

    fn print_text(&self, place: Place<'c, 'a>, text: &str) -> Result<(), LowerError> {
        self.print_op(place, None, "newline", Some(text))
    }

    fn print_value(&self, place: Place<'c, 'a>, value: Option<Value<'c, 'a>>, punctuation: &str) -> Result<(), LowerError> {
        self.print_op(place, value, punctuation, None)
    }

    /// `( a, b, c )` and a new line.
    fn print_list(&self, place: Place<'c, 'a>, values: &[Value<'c, 'a>]) -> Result<(), LowerError> {
        self.print_value(place, None, "open")?;
        for (index, &value) in values.iter().enumerate() {
            self.print_value(place, Some(value), if index + 1 < values.len() { "comma" } else { "no_punctuation" })?;
        }
        self.print_value(place, None, "close")?;
        self.print_value(place, None, "newline")
    }

    /// One element: a number, or a complex number as `( re, im )`, as
    /// upstream prints it.
    fn print_element(&self, place: Place<'c, 'a>, element: Value<'c, 'a>) -> Result<(), LowerError> {
        let Some(part_type) = sparse_dialects::scalar::complex_part(element.r#type()) else {
            return self.print_value(place, Some(element), "no_punctuation");
        };
        self.print_value(place, None, "open")?;
        for (part, punctuation) in [("complex.re", "comma"), ("complex.im", "no_punctuation")] {
            let part =
                self.one(place, OperationBuilder::new(part, self.location).add_operands(&[element]).add_results(&[part_type]).build()?);
            self.print_value(place, Some(part), "no_punctuation")?;
            if punctuation == "comma" {
                self.print_value(place, None, punctuation)?;
            }
        }
        self.print_value(place, None, "close")
    }

    /// The elements of `buffers`, all of one length, interleaved (the first
    /// element of each, then the second of each, ...), as `( a, b, c )`.
    fn print_row(&self, place: Place<'c, 'a>, buffers: &[Value<'c, 'a>]) -> Result<(), LowerError> {
        self.print_value(place, None, "open")?;
        let count = self.length(place, buffers[0]);
        self.try_for_each(place, count, |body, index| {
            let place = Place::End(body);
            for (which, &buffer) in buffers.iter().enumerate() {
                self.print_element(place, self.load(place, buffer, index))?;
                if which + 1 < buffers.len() {
                    self.print_value(place, None, "comma")?;
                }
            }
            let next = self.add(place, index, self.index(place, 1));
            let more = self.one(
                place,
                melior::dialect::arith::cmpi(self.context, melior::dialect::arith::CmpiPredicate::Ne, next, count, self.location),
            );
            let then = self.then(place, more);
            self.print_value(Place::End(then), None, "comma")?;
            then.append_operation(scf::r#yield(&[], self.location));
            Ok(())
        })?;
        self.print_value(place, None, "close")
    }
}

/// Whether `op` is a host op on tensors that [`Emitter`] lowers here.
pub(super) fn is_storage_query(op_name: &str) -> bool {
    matches!(op_name, "sparse_tensor.values" | "sparse_tensor.positions" | "sparse_tensor.coordinates")
}

/// Whether any operand or result of `op` is a ranked tensor.
pub(super) fn has_tensors(op: OperationRef) -> bool {
    op.operands().map(|operand| operand.r#type()).chain(op.results().map(|result| result.r#type())).any(|r#type| r#type.is_ranked_tensor())
}

/// Whether the declaration `callee` marks its argument `index`
/// `bufferization.access = "read"`: it does not write it.
fn only_reads(callee: OperationRef, index: usize) -> bool {
    callee
        .attribute("arg_attrs")
        .ok()
        .and_then(|attribute| melior::ir::attribute::ArrayAttribute::try_from(attribute).ok())
        .and_then(|arguments| arguments.element(index).ok())
        .is_some_and(|attributes| attributes.to_string().contains("bufferization.access = \"read\""))
}
