//! `sparse_tensor.assemble` and `disassemble`: a sparse tensor from buffers
//! the user fills, and its buffers back into the user's.
//!
//! The user's buffers are dense tensors in upstream's storage order: per
//! level, its positions then its coordinates, except that the coordinates
//! of a COO region (a nonunique compressed level and the singletons below
//! it, unless they are `soa`) are one `N x k` tensor, one entry's
//! coordinates after another. Ours are one buffer per level. Both ops copy
//! exactly the used extent of each buffer (from the positions, as upstream
//! reads them: the user's may be longer), after a check that the buffer
//! read or written is long enough, which aborts with a message otherwise.

use super::error::LowerError;
use super::storage::Buffers;
use super::{Emitter, Scope};
use crate::ir::value_key;
use crate::place::Place;
use melior::{
    dialect::{arith, func, scf},
    ir::{
        attribute::{FlatSymbolRefAttribute, StringAttribute, TypeAttribute},
        block::BlockLike,
        operation::{OperationBuilder, OperationLike},
        r#type::{DimSize, IntegerType, RankedTensorType},
        Attribute, Identifier, OperationRef, Region, ShapedTypeLike, Type, TypeLike, Value, ValueLike,
    },
};
use sparse_dialects::encoding::Encoding;
use sparse_formats::{Format, LevelBuffer, LevelKind};

/// One buffer of upstream's storage order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum UserBuffer {
    Positions(usize),
    Coordinates(usize),
    /// The coordinates of levels `start..start + count`, interleaved.
    CooCoordinates {
        start: usize,
        count: usize,
    },
}

/// The level buffers of `format` in upstream's storage order, with its COO
/// region (if any) from level `coo_start`.
pub(super) fn user_buffers(format: &Format, coo_start: Option<usize>) -> Vec<UserBuffer> {
    let mut buffers = Vec::new();
    for (level, stored) in format.levels.iter().enumerate() {
        for &which in stored.buffers() {
            buffers.push(match (which, coo_start) {
                (LevelBuffer::Coordinates, Some(start)) if level == start => {
                    UserBuffer::CooCoordinates { start, count: format.rank() - start }
                }
                (LevelBuffer::Coordinates, Some(start)) if level > start => continue,
                (LevelBuffer::Coordinates, _) => UserBuffer::Coordinates(level),
                _ => UserBuffer::Positions(level),
            });
        }
    }
    buffers
}

/// Where upstream's storage of `type` starts a COO region whose coordinates
/// it interleaves: a nonunique (loose) compressed level with singletons below it,
/// not stored apart (`soa`).
pub(super) fn coo_start(format: &Format, r#type: RankedTensorType) -> Option<usize> {
    let levels = &format.levels;
    let rank = levels.len();
    (0..rank).find(|&level| {
        level + 1 < rank
            && matches!(levels[level].kind, LevelKind::Compressed | LevelKind::LooseCompressed)
            && !levels[level].unique
            && levels[level + 1..].iter().all(|below| below.kind == LevelKind::Singleton)
            && !sparse_dialects::encoding::upstream_soa(r#type, level + 1)
    })
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// `sparse_tensor.assemble (levels...), values`: a new tensor holding
    /// copies of the used extent of each buffer.
    pub(super) fn assemble(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let result: Value = op.result(0)?.into();
        let tensor = RankedTensorType::try_from(result.r#type())?;
        let encoding = Encoding::of_any(tensor)?;
        let dims = self.static_dims(tensor, "sparse_tensor.assemble")?;
        let dims = dims.iter().map(|&size| self.index(place, size)).collect();
        let layout = user_buffers(&encoding.format, coo_start(&encoding.format, tensor));
        let operands = op.operands().collect::<Vec<_>>();
        if operands.len() != layout.len() + 1 {
            return Err(LowerError::Malformed("sparse_tensor.assemble has one operand per level buffer, then the values"));
        }
        let mut sources = Vec::new();
        for &operand in &operands {
            sources.push(self.user_values(operand, scope)?);
        }
        let mut buffers = Buffers::empty(encoding.clone(), tensor.element(), None, dims);
        if buffers.batched() {
            return self.assemble_batches(op, buffers, &layout, &sources, place, scope);
        }
        let level_sizes = self.level_sizes(&buffers, place);
        // Walk the levels top down: each one's positions give the extent of
        // the next.
        let mut parents = self.index(place, 1);
        for (level, stored) in encoding.format.levels.iter().enumerate() {
            let source_of = |wanted: &dyn Fn(UserBuffer) -> bool| layout.iter().position(|&buffer| wanted(buffer)).map(|at| sources[at]);
            let entries = match stored.kind {
                LevelKind::Dense => self.mul(place, parents, level_sizes[level]),
                // The entries end where the last segment does: `pos[parents]`,
                // or `pos[2 parents - 1]` for a loose level's pairs (whose
                // segments may leave gaps, which are stored all the same).
                LevelKind::Compressed | LevelKind::LooseCompressed => {
                    let positions = source_of(&|buffer| buffer == UserBuffer::Positions(level))
                        .ok_or(LowerError::Malformed("a compressed level without positions"))?;
                    let what = format!("the positions of level {level}");
                    if stored.kind == LevelKind::Compressed {
                        let count = self.add(place, parents, self.index(place, 1));
                        let copy = self.copy_prefix(place, positions, count, &what)?;
                        buffers.set_level_buffer(level, LevelBuffer::Positions, copy);
                        self.load_index(place, copy, parents)
                    } else {
                        let count = self.mul(place, parents, self.index(place, 2));
                        let copy = self.copy_prefix(place, positions, count, &what)?;
                        buffers.set_level_buffer(level, LevelBuffer::Positions, copy);
                        // No parents, no pairs: the level is empty.
                        let end = self.state(1, 0, place);
                        let zero = self.index(place, 0);
                        let some = self.compare(place, arith::CmpiPredicate::Sgt, count, zero);
                        let read = self.then(place, some);
                        let last = self.sub(Place::End(read), count, self.index(Place::End(read), 1));
                        self.store(Place::End(read), self.load_index(Place::End(read), copy, last), end, zero);
                        read.append_operation(scf::r#yield(&[], self.location));
                        self.load(place, end, zero)
                    }
                }
                LevelKind::Singleton => parents,
                other => return Err(LowerError::Op(format!("sparse_tensor.assemble of a {other} level"))),
            };
            if stored.buffers().contains(&LevelBuffer::Coordinates) {
                let copy = match layout.iter().position(|&buffer| buffer == UserBuffer::Coordinates(level)) {
                    Some(at) => self.copy_prefix(place, sources[at], entries, &format!("the coordinates of level {level}"))?,
                    None => {
                        let (at, start, count) = layout
                            .iter()
                            .enumerate()
                            .find_map(|(at, &buffer)| match buffer {
                                UserBuffer::CooCoordinates { start, count } if (start..start + count).contains(&level) => {
                                    Some((at, start, count))
                                }
                                _ => None,
                            })
                            .ok_or(LowerError::Malformed("a level without coordinates"))?;
                        self.gather(place, sources[at], entries, level - start, count)?
                    }
                };
                buffers.set_level_buffer(level, LevelBuffer::Coordinates, copy);
            }
            parents = entries;
        }
        let values = *sources.last().ok_or(LowerError::Malformed("sparse_tensor.assemble without values"))?;
        buffers.values = Some(self.copy_prefix(place, values, parents, "the values")?);
        let id = scope.define(result, buffers);
        scope.allocated.push(id);
        Ok(())
    }

    /// `sparse_tensor.assemble` of a batched tensor (`Buffers::batched`):
    /// each user buffer holds one row per batch, all rows as long, as a
    /// batched tensor stores its buffers; each is copied whole.
    fn assemble_batches(
        &self,
        op: OperationRef<'c, 'a>,
        mut buffers: Buffers<'c, 'a>,
        layout: &[UserBuffer],
        sources: &[Value<'c, 'a>],
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        for (&buffer, &source) in layout.iter().zip(sources) {
            let (level, which) = match buffer {
                UserBuffer::Positions(level) => (level, LevelBuffer::Positions),
                UserBuffer::Coordinates(level) => (level, LevelBuffer::Coordinates),
                UserBuffer::CooCoordinates { .. } => {
                    return Err(LowerError::Op("sparse_tensor.assemble of batches of COO coordinates stored together (not soa)".into()))
                }
            };
            buffers.set_level_buffer(level, which, self.copy_of(place, source));
        }
        let values = *sources.last().ok_or(LowerError::Malformed("sparse_tensor.assemble without values"))?;
        buffers.values = Some(self.copy_of(place, values));
        let id = scope.define(op.result(0)?.into(), buffers);
        scope.allocated.push(id);
        Ok(())
    }

    /// `sparse_tensor.disassemble %t out_lvls(...) out_vals(...)`: copies
    /// the used extent of each of `%t`'s buffers into the user's, whose
    /// tensors are the results, then the lengths copied.
    pub(super) fn disassemble(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let source_value = op.operand(0)?;
        let source = scope.tensor(self.readable(source_value, scope)?).clone();
        source.unbatched("sparse_tensor.disassemble")?;
        let tensor = RankedTensorType::try_from(source_value.r#type())?;
        let layout = user_buffers(source.format(), coo_start(source.format(), tensor));
        let operands = op.operands().collect::<Vec<_>>();
        let results = op.results().collect::<Vec<_>>();
        if operands.len() != layout.len() + 2 || results.len() != 2 * layout.len() + 2 {
            return Err(LowerError::Malformed("sparse_tensor.disassemble has one operand and two results per level buffer"));
        }
        let unassembled = || LowerError::Malformed("a sparse result used before it is assembled");
        let mut lengths = Vec::new();
        for (at, &buffer) in layout.iter().enumerate() {
            let target = self.user_values(operands[at + 1], scope)?;
            let length = match buffer {
                UserBuffer::Positions(level) => {
                    let positions = source.level_buffer(level, LevelBuffer::Positions).ok_or_else(unassembled)?;
                    self.copy_into(place, positions, target, &format!("the positions of level {level}"))?
                }
                UserBuffer::Coordinates(level) => {
                    let coordinates = source.level_buffer(level, LevelBuffer::Coordinates).ok_or_else(unassembled)?;
                    self.copy_into(place, coordinates, target, &format!("the coordinates of level {level}"))?
                }
                UserBuffer::CooCoordinates { start, count } => {
                    let region = (start..start + count)
                        .map(|level| source.level_buffer(level, LevelBuffer::Coordinates).ok_or_else(unassembled))
                        .collect::<Result<Vec<_>, _>>()?;
                    self.scatter(place, &region, target)?
                }
            };
            lengths.push(length);
        }
        let values = source.values.ok_or(LowerError::PatternResult)?;
        let target = self.user_values(operands[layout.len() + 1], scope)?;
        lengths.push(self.copy_into(place, values, target, "the values")?);
        // The results are the user's tensors, now filled, then the lengths.
        for at in 0..=layout.len() {
            let filled = scope.tensor(scope.tensor_id(operands[at + 1]).ok_or(LowerError::Malformed("an unknown tensor"))?).clone();
            scope.define(results[at].into(), filled);
        }
        // A length is a scalar, or a tensor of rank 0 holding one.
        for (result, length) in results[layout.len() + 1..].iter().zip(lengths) {
            let held = RankedTensorType::try_from(result.r#type()).ok().filter(|tensor| tensor.rank() == 0);
            let r#type = held.map_or(result.r#type(), |tensor| tensor.element());
            if !r#type.is_integer() && !r#type.is_index() {
                return Err(LowerError::Op(format!("sparse_tensor.disassemble returning a length as {type}", type = result.r#type())));
            }
            let length = if r#type.is_index() { length } else { self.one(place, arith::index_cast(length, r#type, self.location)) };
            match held {
                Some(tensor) => {
                    let buffers = self.alloc(tensor, &[], place)?;
                    let values = buffers.values.ok_or(LowerError::Malformed("a dense tensor without values"))?;
                    self.store(place, length, values, self.index(place, 0));
                    let id = scope.define((*result).into(), buffers);
                    scope.allocated.push(id);
                }
                None => {
                    scope.values.insert(value_key((*result).into()), length);
                }
            }
        }
        Ok(())
    }

    /// The static sizes of `tensor`; `op` needs them.
    fn static_dims(&self, tensor: RankedTensorType<'c>, op: &str) -> Result<Vec<i64>, LowerError> {
        (0..tensor.rank())
            .map(|dim| match tensor.dim_size(dim)? {
                DimSize::Static(size) => Ok(size as i64),
                DimSize::Dynamic => Err(LowerError::Op(format!("{op} into a tensor of dynamic sizes"))),
            })
            .collect()
    }

    /// The values of a dense tensor the user holds, row-major.
    fn user_values(&self, operand: Value<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
        let tensor = RankedTensorType::try_from(operand.r#type())?;
        let refuse = || LowerError::Op(format!("a user buffer of type {tensor} (a dense tensor is expected)"));
        if tensor.encoding().is_some() {
            return Err(refuse());
        }
        scope.tensor(self.readable(operand, scope)?).values.ok_or_else(refuse)
    }

    /// Unless `condition` holds, writes `message` to the standard error and
    /// exits with status 1, as MLIR's sparse runtime library does on bad
    /// input (`cf.assert` would abort, and lose the message when the
    /// standard output it prints to is a pipe).
    pub(super) fn check(&self, place: Place<'c, 'a>, condition: Value<'c, 'a>, message: &str) -> Result<(), LowerError> {
        let failed = self.compare(place, arith::CmpiPredicate::Eq, condition, self.boolean(place, false));
        let then = self.then(place, failed);
        let inner = Place::End(then);
        let text = format!("{message}\n");
        let pointer = Type::parse(self.context, "!llvm.ptr").ok_or(LowerError::Malformed("the LLVM dialect is not loaded"))?;
        let (i32_type, i64_type): (Type, Type) = (IntegerType::new(self.context, 32).into(), IntegerType::new(self.context, 64).into());
        let text_pointer = self.string_constant(place, inner, &text, pointer)?;
        let write = self.declare(place, "write", &[i32_type, pointer, i64_type], &[i64_type], false)?;
        let arguments = [self.integer(inner, 2, i32_type), text_pointer, self.integer(inner, text.len() as i64, i64_type)];
        inner.put(func::call(self.context, write, &arguments, &[i64_type], self.location));
        let exit = self.declare(place, "exit", &[i32_type], &[], false)?;
        inner.put(func::call(self.context, exit, &[self.integer(inner, 1, i32_type)], &[], self.location));
        then.append_operation(scf::r#yield(&[], self.location));
        Ok(())
    }

    /// Stops the program with `message` where `buffer`, of `length`
    /// entries, could not be allocated.
    pub(super) fn check_allocated(
        &self,
        place: Place<'c, 'a>,
        buffer: Value<'c, 'a>,
        length: Value<'c, 'a>,
        message: &str,
    ) -> Result<(), LowerError> {
        let address = self.one(
            place,
            OperationBuilder::new("memref.extract_aligned_pointer_as_index", self.location)
                .add_operands(&[buffer])
                .add_results(&[Type::index(self.context)])
                .build()?,
        );
        let zero = self.index(place, 0);
        let allocated = self.compare(place, arith::CmpiPredicate::Ne, address, zero);
        let empty = self.compare(place, arith::CmpiPredicate::Eq, length, zero);
        let fine = self.one(place, arith::ori(allocated, empty, self.location));
        self.check(place, fine, message)
    }

    /// A pointer to `text` in a private constant global of the module
    /// (`place` is in the function), taken at `at`.
    pub(super) fn string_constant(
        &self,
        place: Place<'c, 'a>,
        at: Place<'c, 'a>,
        text: &str,
        pointer: Type<'c>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let module = self.module_body(place)?;
        let name =
            (0..).map(|n| format!("__sparse_message_{n}")).find(|name| crate::ir::defined(module, name).is_none()).expect("a free name");
        let array =
            Type::parse(self.context, &format!("!llvm.array<{} x i8>", text.len())).ok_or(LowerError::Malformed("an array type"))?;
        let attribute = |key: &str, value: Attribute<'c>| (Identifier::new(self.context, key), value);
        let global = OperationBuilder::new("llvm.mlir.global", self.location)
            .add_attributes(&[
                attribute("sym_name", StringAttribute::new(self.context, &name).into()),
                attribute("global_type", TypeAttribute::new(array).into()),
                attribute("linkage", Attribute::parse(self.context, "#llvm.linkage<private>").ok_or(LowerError::Malformed("a linkage"))?),
                attribute("constant", Attribute::unit(self.context)),
                attribute("value", StringAttribute::new(self.context, text).into()),
            ])
            .add_regions([Region::new()])
            .build()?;
        match module.first_operation() {
            Some(first) => module.insert_operation_before(first, global),
            None => module.append_operation(global),
        };
        let address = OperationBuilder::new("llvm.mlir.addressof", self.location)
            .add_attributes(&[attribute("global_name", FlatSymbolRefAttribute::new(self.context, &name).into())])
            .add_results(&[pointer])
            .build()?;
        Ok(self.one(at, address))
    }

    /// Aborts unless `buffer` holds at least `count` elements, naming it `what`.
    fn check_length(&self, place: Place<'c, 'a>, buffer: Value<'c, 'a>, count: Value<'c, 'a>, what: &str) -> Result<(), LowerError> {
        let fits = self.compare(place, arith::CmpiPredicate::Ule, count, self.length(place, buffer));
        self.check(place, fits, &format!("{what} is too short"))
    }

    /// A new buffer with the first `count` elements of `source`.
    fn copy_prefix(
        &self,
        place: Place<'c, 'a>,
        source: Value<'c, 'a>,
        count: Value<'c, 'a>,
        what: &str,
    ) -> Result<Value<'c, 'a>, LowerError> {
        self.check_length(place, source, count, &format!("sparse_tensor.assemble: the buffer of {what}"))?;
        let copy = self.alloc_buffer(place, element_of(source), count);
        self.for_each(place, count, |body, index| {
            let place = Place::End(body);
            let value = self.load(place, source, index);
            self.store(place, value, copy, index);
        });
        Ok(copy)
    }

    /// A new buffer with `count` elements of `source`, every `stride`-th
    /// from `offset`: one level's coordinates of a COO region.
    fn gather(
        &self,
        place: Place<'c, 'a>,
        source: Value<'c, 'a>,
        count: Value<'c, 'a>,
        offset: usize,
        stride: usize,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let stride = self.index(place, stride as i64);
        let total = self.mul(place, count, stride);
        self.check_length(place, source, total, "sparse_tensor.assemble: the buffer of the coordinates of the COO region")?;
        let copy = self.alloc_buffer(place, element_of(source), count);
        let offset = self.index(place, offset as i64);
        self.for_each(place, count, |body, index| {
            let place = Place::End(body);
            let at = self.add(place, self.mul(place, index, stride), offset);
            let value = self.load(place, source, at);
            self.store(place, value, copy, index);
        });
        Ok(copy)
    }

    /// Copies all of `source` to the front of `target`; returns its length.
    fn copy_into(
        &self,
        place: Place<'c, 'a>,
        source: Value<'c, 'a>,
        target: Value<'c, 'a>,
        what: &str,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let count = self.length(place, source);
        self.check_length(place, target, count, &format!("sparse_tensor.disassemble: the buffer for {what}"))?;
        self.for_each(place, count, |body, index| {
            let place = Place::End(body);
            let value = self.load(place, source, index);
            self.store(place, value, target, index);
        });
        Ok(count)
    }

    /// Interleaves the coordinates `region` of a COO region into `target`;
    /// returns how many were written.
    fn scatter(&self, place: Place<'c, 'a>, region: &[Value<'c, 'a>], target: Value<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
        let entries = self.length(place, region[0]);
        let stride = self.index(place, region.len() as i64);
        let total = self.mul(place, entries, stride);
        self.check_length(place, target, total, "sparse_tensor.disassemble: the buffer for the coordinates of the COO region")?;
        self.for_each(place, entries, |body, index| {
            let place = Place::End(body);
            let base = self.mul(place, index, stride);
            for (offset, &coordinates) in region.iter().enumerate() {
                let value = self.load(place, coordinates, index);
                let at = self.add(place, base, self.index(place, offset as i64));
                self.store(place, value, target, at);
            }
        });
        Ok(total)
    }
}

fn element_of<'c>(buffer: Value<'c, '_>) -> Type<'c> {
    melior::ir::r#type::MemRefType::try_from(buffer.r#type()).expect("a buffer is a memref").element()
}
