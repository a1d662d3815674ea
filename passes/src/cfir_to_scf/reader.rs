//! `sparse_tensor.new`: a tensor read from a file by MLIR's sparse runtime
//! library, then copied into buffers of our own.
//!
//! The library is part of `libmlir_c_runner_utils`, which `mlir-runner`
//! loads for upstream's own tests (`-shared-libs=`), as it loads it for
//! `getTensorFilename`. Its reader opens the `.mtx` or `.tns` file and
//! checks its sizes and element type against the result type; its
//! `newSparseTensor` sorts the entries and builds the result's levels. The
//! function then copies each positions, coordinates and values array into a
//! buffer it owns and releases the library's objects, so the tensor is like
//! any other it allocated.

use super::error::LowerError;
use super::storage::Buffers;
use super::{Emitter, Scope};
use crate::place::Place;
use melior::{
    dialect::{arith, func, memref, scf},
    ir::{
        attribute::{FlatSymbolRefAttribute, IntegerAttribute, StringAttribute, TypeAttribute},
        block::BlockLike,
        operation::{OperationBuilder, OperationLike},
        r#type::{DimSize, FunctionType, IntegerType, MemRefType, RankedTensorType},
        Attribute, BlockRef, Identifier, OperationRef, Region, ShapedTypeLike, Type, TypeLike, Value, ValueLike,
    },
};
use sparse_dialects::encoding::Encoding;
use sparse_formats::{DimPart, Format, Level, LevelBuffer, LevelKind};

/// What opening a reader on the file takes, and what reading it to buffers
/// takes besides.
struct Reading<'c, 'a> {
    file: Value<'c, 'a>,
    /// The result's static sizes (0 for a dynamic one), for the reader's check.
    shape: Value<'c, 'a>,
    /// The element type's `PrimaryType` code.
    primary: Value<'c, 'a>,
    /// The runtime's name suffix of the element type.
    value_suffix: &'static str,
    element: Type<'c>,
    /// `dim2lvl` and `lvl2dim`, as `newSparseTensor` takes them.
    maps: [Value<'c, 'a>; 2],
    pointer: Type<'c>,
    /// The `(n, m)` of a last level that is n:m.
    structured: Option<(u32, u32)>,
}

/// `Action::kFromReader` of upstream's `newSparseTensor`.
const FROM_READER: i64 = 1;

impl<'c: 'a, 'a> Emitter<'c> {
    /// `sparse_tensor.new %file`: reads the file named by the `!llvm.ptr`
    /// `%file` into a new tensor of the result's type.
    pub(super) fn read_file(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let result: Value = op.result(0)?.into();
        let tensor = RankedTensorType::try_from(result.r#type())?;
        let encoding = Encoding::of_any(tensor)?;
        let element = tensor.element();
        let refuse = |what: String| LowerError::Op(format!("sparse_tensor.new of a tensor with {what}"));
        let (value_suffix, primary) = primary_type(element).ok_or_else(|| refuse(format!("{element} elements")))?;
        let format = &encoding.format;
        let (dim_to_lvl, lvl_to_dim) =
            runtime_maps(format).ok_or_else(|| refuse("a dimension stored in parts other than a block and an offset".into()))?;
        let level_types = format
            .levels
            .iter()
            .map(|level| level_type(level).ok_or_else(|| refuse(format!("a {} level", level.kind))))
            .collect::<Result<Vec<_>, _>>()?;
        // The library takes one width for every positions array and one for
        // every coordinates array, as upstream's encoding states them.
        let width_of = |which| format.levels.iter().find(|level| level.buffers().contains(&which)).map_or(64, |level| level.width(which));
        let (position_width, coordinate_width) = (width_of(LevelBuffer::Positions), width_of(LevelBuffer::Coordinates));

        let pointer = Type::parse(self.context, "!llvm.ptr").ok_or(LowerError::Malformed("the LLVM dialect is not loaded"))?;
        let index = Type::index(self.context);
        let i32_type: Type = IntegerType::new(self.context, 32).into();
        let indices: Type = MemRefType::new(index, &[i64::MIN], None, None).into();
        let rank = tensor.rank();

        let shape = (0..rank)
            .map(|dim| match tensor.dim_size(dim)? {
                DimSize::Static(size) => Ok(size as i64),
                DimSize::Dynamic => Ok(0),
            })
            .collect::<Result<Vec<_>, LowerError>>()?;
        let shape = self.index_array(place, &shape, index)?;
        let create = self.declare(place, "createCheckedSparseTensorReader", &[pointer, indices, i32_type], &[pointer], true)?;
        let file = scope.get(op.operand(0)?);
        self.refuse_symmetric(place, file, pointer)?;
        let primary = self.integer(place, primary, i32_type);
        let reader = self.call_one(place, create, &[file, shape, primary], pointer)?;
        let dim_sizes = self.declare(place, "getSparseTensorReaderDimSizes", &[pointer], &[indices], true)?;
        let dim_sizes = self.call_one(place, dim_sizes, &[reader], indices)?;
        // The reader checks the sizes the type states, not the rank.
        let file_rank = self.length(place, dim_sizes);
        let same_rank = self.compare(place, arith::CmpiPredicate::Eq, file_rank, self.index(place, rank as i64));
        self.check(place, same_rank, &format!("sparse_tensor.new: the file's tensor does not have the {rank} dimensions of the result"))?;
        // Nor does it check the sizes the type states (only in its debug build).
        let mut dims = Vec::new();
        for dim in 0..rank {
            let read = self.load(place, dim_sizes, self.index(place, dim as i64));
            dims.push(match tensor.dim_size(dim)? {
                DimSize::Static(size) => {
                    let message = format!("sparse_tensor.new: the file's size of dimension {dim} differs from the result's, {size}");
                    let size = self.index(place, size as i64);
                    let agrees = self.compare(place, arith::CmpiPredicate::Eq, read, size);
                    self.check(place, agrees, &message)?;
                    size
                }
                DimSize::Dynamic => read,
            });
        }

        // Nor that a dimension stored in blocks holds a whole number of them.
        for part in format.parts() {
            if let DimPart::Block { dim, block } = part {
                let rest = self.one(place, arith::remui(dims[dim], self.index(place, block as i64), self.location));
                let whole = self.compare(place, arith::CmpiPredicate::Eq, rest, self.index(place, 0));
                let message = format!("sparse_tensor.new: the file's size of dimension {dim} is not a multiple of its block size {block}");
                self.check(place, whole, &message)?;
            }
        }
        let mut buffers = Buffers::empty(encoding.clone(), element, None, dims);
        let sizes = self.level_sizes(&buffers, place);
        let level_sizes = self.value_array(place, &sizes, index)?;
        let level_types = self.index_array(place, &level_types, IntegerType::new(self.context, 64).into())?;
        let dim_to_lvl = self.index_array(place, &dim_to_lvl, index)?;
        let lvl_to_dim = self.index_array(place, &lvl_to_dim, index)?;
        let structured = format.levels.last().filter(|level| level.kind == LevelKind::Structured).and_then(|level| level.n_of_m);
        if format.levels.iter().rev().skip(1).any(|level| level.kind == LevelKind::Structured) || structured.is_some_and(|(_, m)| m > 64) {
            return Err(refuse("an n:m level that is not the last, or of a group larger than 64".into()));
        }
        let reading = Reading { file, shape, primary, value_suffix, element, maps: [dim_to_lvl, lvl_to_dim], pointer, structured };
        self.check_coordinates(place, &reading, &sizes, coordinate_width)?;
        let new_tensor = self.declare(
            place,
            "newSparseTensor",
            &[
                indices,
                indices,
                MemRefType::new(IntegerType::new(self.context, 64).into(), &[i64::MIN], None, None).into(),
                indices,
                indices,
            ]
            .into_iter()
            .chain([i32_type; 4])
            .chain([pointer])
            .collect::<Vec<_>>(),
            &[pointer],
            true,
        )?;
        let arguments = [
            dim_sizes,
            level_sizes,
            level_types,
            dim_to_lvl,
            lvl_to_dim,
            self.integer(place, overhead_type(position_width), i32_type),
            self.integer(place, overhead_type(coordinate_width), i32_type),
            primary,
            self.integer(place, FROM_READER, i32_type),
            reader,
        ];
        let storage = self.call_one(place, new_tensor, &arguments, pointer)?;
        for (level, stored) in encoding.format.levels.iter().enumerate() {
            for &which in stored.buffers() {
                let (query, width) = match which {
                    LevelBuffer::Positions => ("sparsePositions", position_width),
                    LevelBuffer::Coordinates => ("sparseCoordinates", coordinate_width),
                    _ => return Err(refuse(format!("a {} level", stored.kind))),
                };
                let r#type = MemRefType::new(crate::abi::index_type(width, self.context), &[i64::MIN], None, None).into();
                let function =
                    self.declare(place, &format!("{query}{}", if width == 64 { 0 } else { width }), &[pointer, index], &[r#type], true)?;
                let array = self.call_one(place, function, &[storage, self.index(place, level as i64)], r#type)?;
                buffers.set_level_buffer(level, which, self.copy_of(place, array));
            }
        }
        let values_type = MemRefType::new(element, &[i64::MIN], None, None).into();
        let values = self.declare(place, &format!("sparseValues{value_suffix}"), &[pointer], &[values_type], true)?;
        let values = self.call_one(place, values, &[storage], values_type)?;
        buffers.values = Some(self.copy_of(place, values));
        for (release, object) in [("delSparseTensor", storage), ("delSparseTensorReader", reader)] {
            let release = self.declare(place, release, &[pointer], &[], false)?;
            place.put(func::call(self.context, release, &[object], &[], self.location));
        }
        let id = scope.define(result, buffers);
        scope.allocated.push(id);
        Ok(())
    }

    /// Stops the program, with a message, when the file holds a level
    /// coordinate outside its level's size (a 0, a negative or an
    /// overflowing coordinate, or one past its dimension's size, all 1-based
    /// in the file) or one the coordinates' width of `width` bits cannot
    /// hold. LLVM 22's reader parses coordinates without checking them, and
    /// its `newSparseTensor` then aborts the process in C++ (a dense level)
    /// or stores them (a compressed one: kernels would read out of bounds),
    /// or truncates them to a narrow width. So the file is read a first
    /// time, into scratch buffers, and every coordinate checked; the tensor
    /// is then built from a second read, as upstream builds it (which keeps
    /// its handling of repeated coordinates).
    fn check_coordinates(
        &self,
        place: Place<'c, 'a>,
        reading: &Reading<'c, 'a>,
        level_sizes: &[Value<'c, 'a>],
        width: u32,
    ) -> Result<(), LowerError> {
        let index = Type::index(self.context);
        let indices: Type = MemRefType::new(index, &[i64::MIN], None, None).into();
        let values_type: Type = MemRefType::new(reading.element, &[i64::MIN], None, None).into();
        let i32_type: Type = IntegerType::new(self.context, 32).into();
        let pointer = reading.pointer;
        let create = self.declare(place, "createCheckedSparseTensorReader", &[pointer, indices, i32_type], &[pointer], true)?;
        let reader = self.call_one(place, create, &[reading.file, reading.shape, reading.primary], pointer)?;
        let count = self.declare(place, "getSparseTensorReaderNSE", &[pointer], &[index], false)?;
        let entries = self.call_one(place, count, &[reader], index)?;
        let rank = level_sizes.len();
        let coordinates = self.alloc_buffer(place, index, self.mul(place, entries, self.index(place, rank as i64)));
        let values = self.alloc_buffer(place, reading.element, entries);
        let read = self.declare(
            place,
            &format!("getSparseTensorReaderReadToBuffers0{}", reading.value_suffix),
            &[pointer, indices, indices, indices, values_type],
            &[IntegerType::new(self.context, 1).into()],
            true,
        )?;
        let [dim_to_lvl, lvl_to_dim] = reading.maps;
        let arguments = [reader, dim_to_lvl, lvl_to_dim, coordinates, values];
        place.put(func::call(self.context, read, &arguments, &[IntegerType::new(self.context, 1).into()], self.location));
        // A level's coordinates lie below its size and, when narrow, below 2^width.
        let widest = (width < 64).then(|| self.index(place, 1i64 << width));
        let bounds = level_sizes.iter().map(|&size| widest.map_or(size, |widest| self.min(place, size, widest))).collect::<Vec<_>>();
        let message = match width {
            64 => "sparse_tensor.new: the file holds a coordinate outside the tensor (a 0, a negative or overflowing \
                   coordinate, or one past its dimension's size)"
                .to_string(),
            _ => format!(
                "sparse_tensor.new: the file holds a coordinate outside the tensor (a 0, a negative or overflowing \
                 coordinate, or one past its dimension's size), or one wider than the encoding's crdWidth of {width} bits \
                 (MLIR's library takes the coordinates of every level, dense ones too, in that width)"
            ),
        };
        self.try_for_each(place, entries, |body, entry| {
            let inside = Place::End(body);
            let first = self.mul(inside, entry, self.index(inside, rank as i64));
            let fits = bounds
                .iter()
                .enumerate()
                .map(|(level, &bound)| {
                    let coordinate = self.load(inside, coordinates, self.add(inside, first, self.index(inside, level as i64)));
                    self.compare(inside, arith::CmpiPredicate::Ult, coordinate, bound)
                })
                .collect::<Vec<_>>();
            self.check(inside, self.and(inside, &fits), &message)
        })?;
        if let Some(structured) = reading.structured {
            self.check_groups(place, structured, coordinates, entries, level_sizes)?;
        }
        for buffer in [coordinates, values] {
            place.put(memref::dealloc(buffer, self.location));
        }
        let release = self.declare(place, "delSparseTensorReader", &[pointer], &[], false)?;
        place.put(func::call(self.context, release, &[reader], &[], self.location));
        Ok(())
    }

    /// Stops the program, with a message, unless every group of an n:m
    /// last level holds exactly `n` distinct entries: MLIR's library lays
    /// the entries of the file out `n` to a group without checking, so a
    /// group with fewer or more would shift every later group. The groups
    /// are the positions of the levels above, row-major by level sizes; each
    /// counts its entries and marks their coordinates in a bit mask.
    fn check_groups(
        &self,
        place: Place<'c, 'a>,
        (n, m): (u32, u32),
        coordinates: Value<'c, 'a>,
        entries: Value<'c, 'a>,
        level_sizes: &[Value<'c, 'a>],
    ) -> Result<(), LowerError> {
        let (index, i64_type): (Type, Type) = (Type::index(self.context), IntegerType::new(self.context, 64).into());
        let rank = level_sizes.len();
        let (_, above) = level_sizes.split_last().ok_or(LowerError::Malformed("a tensor without levels"))?;
        let groups = above.iter().fold(self.index(place, 1), |total, &size| self.mul(place, total, size));
        let counts = self.alloc_buffer(place, index, groups);
        let masks = self.alloc_buffer(place, i64_type, groups);
        self.for_each(place, groups, |body, group| {
            let inside = Place::End(body);
            self.store(inside, self.index(inside, 0), counts, group);
            self.store(inside, self.integer(inside, 0, i64_type), masks, group);
        });
        self.try_for_each(place, entries, |body, entry| {
            let inside = Place::End(body);
            let first = self.mul(inside, entry, self.index(inside, rank as i64));
            let coordinate = |level: usize| self.load(inside, coordinates, self.add(inside, first, self.index(inside, level as i64)));
            let group = above
                .iter()
                .enumerate()
                .fold(self.index(inside, 0), |group, (level, &size)| self.add(inside, self.mul(inside, group, size), coordinate(level)));
            let count = self.add(inside, self.load(inside, counts, group), self.index(inside, 1));
            self.store(inside, count, counts, group);
            let offset = self.one(inside, arith::index_cast(coordinate(rank - 1), i64_type, self.location));
            let bit = self.one(inside, arith::shli(self.integer(inside, 1, i64_type), offset, self.location));
            let mask = self.load(inside, masks, group);
            let seen = self.one(inside, arith::andi(mask, bit, self.location));
            let fresh = self.compare(inside, arith::CmpiPredicate::Eq, seen, self.integer(inside, 0, i64_type));
            self.store(inside, self.one(inside, arith::ori(mask, bit, self.location)), masks, group);
            self.check(inside, fresh, "sparse_tensor.new: the file holds the same coordinates twice in an n:m level")
        })?;
        let message = format!("sparse_tensor.new: a group of {m} of the file's n:m level does not hold exactly {n} entries");
        self.try_for_each(place, groups, |body, group| {
            let inside = Place::End(body);
            let exact = self.compare(inside, arith::CmpiPredicate::Eq, self.load(inside, counts, group), self.index(inside, i64::from(n)));
            self.check(inside, exact, &message)
        })?;
        for buffer in [counts, masks] {
            place.put(memref::dealloc(buffer, self.location));
        }
        Ok(())
    }

    /// Stops the program, with a message, when `file` is a Matrix Market
    /// file marked symmetric, skew-symmetric or Hermitian: it lists one
    /// triangle, and MLIR's reader does not mirror it, so the tensor would
    /// silently miss the other. Its first line is read with the C library.
    fn refuse_symmetric(&self, place: Place<'c, 'a>, file: Value<'c, 'a>, pointer: Type<'c>) -> Result<(), LowerError> {
        const LINE: i64 = 256;
        let (i8_type, i32_type, i64_type): (Type, Type, Type) = (
            IntegerType::new(self.context, 8).into(),
            IntegerType::new(self.context, 32).into(),
            IntegerType::new(self.context, 64).into(),
        );
        let line =
            self.one(place, memref::alloca(self.context, MemRefType::new(i8_type, &[LINE], None, None), &[], &[], None, self.location));
        self.store(place, self.integer(place, 0, i8_type), line, self.index(place, 0));
        let address = OperationBuilder::new("memref.extract_aligned_pointer_as_index", self.location)
            .add_operands(&[line])
            .add_results(&[Type::index(self.context)])
            .build()?;
        let address = self.one(place, address);
        let address = self.one(place, arith::index_cast(address, i64_type, self.location));
        let line = self
            .one(place, OperationBuilder::new("llvm.inttoptr", self.location).add_operands(&[address]).add_results(&[pointer]).build()?);
        let is_null = |place: Place<'c, 'a>, value: Value<'c, 'a>| -> Result<Value<'c, 'a>, LowerError> {
            let address = self
                .one(place, OperationBuilder::new("llvm.ptrtoint", self.location).add_operands(&[value]).add_results(&[i64_type]).build()?);
            Ok(self.compare(place, arith::CmpiPredicate::Eq, address, self.integer(place, 0, i64_type)))
        };
        let mode = self.string_constant(place, place, "r\0", pointer)?;
        let fopen = self.declare(place, "fopen", &[pointer, pointer], &[pointer], false)?;
        let stream = self.call_one(place, fopen, &[file, mode], pointer)?;
        // A file that does not open is left to the reader, which names it.
        let opened = self.one(place, arith::xori(is_null(place, stream)?, self.boolean(place, true), self.location));
        let then = self.then(place, opened);
        let inside = Place::End(then);
        let fgets = self.declare(place, "fgets", &[pointer, i32_type, pointer], &[pointer], false)?;
        self.call_one(inside, fgets, &[line, self.integer(inside, LINE, i32_type), stream], pointer)?;
        let fclose = self.declare(place, "fclose", &[pointer], &[i32_type], false)?;
        self.call_one(inside, fclose, &[stream], i32_type)?;
        then.append_operation(scf::r#yield(&[], self.location));
        let banner = self.string_constant(place, place, "%%MatrixMarket\0", pointer)?;
        let strncasecmp = self.declare(place, "strncasecmp", &[pointer, pointer, i64_type], &[i32_type], false)?;
        let compared = self.call_one(place, strncasecmp, &[line, banner, self.integer(place, 14, i64_type)], i32_type)?;
        let matrix_market = self.compare(place, arith::CmpiPredicate::Eq, compared, self.integer(place, 0, i32_type));
        let strcasestr = self.declare(place, "strcasestr", &[pointer, pointer], &[pointer], false)?;
        let mut mirrored = Vec::new();
        for word in ["symmetric\0", "hermitian\0"] {
            let word = self.string_constant(place, place, word, pointer)?;
            let found = self.call_one(place, strcasestr, &[line, word], pointer)?;
            mirrored.push(self.one(place, arith::xori(is_null(place, found)?, self.boolean(place, true), self.location)));
        }
        let mirrored = self.one(place, arith::ori(mirrored[0], mirrored[1], self.location));
        let refused = self.and(place, &[matrix_market, mirrored]);
        let allowed = self.one(place, arith::xori(refused, self.boolean(place, true), self.location));
        self.check(
            place,
            allowed,
            "sparse_tensor.new: a symmetric or Hermitian Matrix Market file lists one triangle, which MLIR's reader does not mirror; \
             write the file as general",
        )
    }

    /// `@name`, declared in the module (`private`, and with
    /// `llvm.emit_c_interface` when it passes memrefs) unless it is already.
    pub(crate) fn declare(
        &self,
        place: Place<'c, 'a>,
        name: &str,
        inputs: &[Type<'c>],
        results: &[Type<'c>],
        c_interface: bool,
    ) -> Result<FlatSymbolRefAttribute<'c>, LowerError> {
        let module = self.module_body(place)?;
        if crate::ir::defined(module, name).is_none() {
            let mut attributes =
                vec![(Identifier::new(self.context, "sym_visibility"), StringAttribute::new(self.context, "private").into())];
            if c_interface {
                attributes.push((Identifier::new(self.context, "llvm.emit_c_interface"), Attribute::unit(self.context)));
            }
            let r#type = TypeAttribute::new(FunctionType::new(self.context, inputs, results).into());
            let declaration =
                func::func(self.context, StringAttribute::new(self.context, name), r#type, Region::new(), &attributes, self.location);
            match module.first_operation() {
                Some(first) => module.insert_operation_before(first, declaration),
                None => module.append_operation(declaration),
            };
        }
        Ok(FlatSymbolRefAttribute::new(self.context, name))
    }

    /// The body of the module around the function `place` is in.
    pub(super) fn module_body(&self, place: Place<'c, 'a>) -> Result<BlockRef<'c, 'a>, LowerError> {
        let function = place.block().parent_operation();
        Ok(crate::ir::module_of(function.ok_or(LowerError::Malformed("a host op outside a function"))?)?.1)
    }

    pub(crate) fn call_one(
        &self,
        place: Place<'c, 'a>,
        callee: FlatSymbolRefAttribute<'c>,
        arguments: &[Value<'c, 'a>],
        result: Type<'c>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        Ok(self.one(place, func::call(self.context, callee, arguments, &[result], self.location)))
    }

    pub(super) fn integer(&self, place: Place<'c, 'a>, value: i64, r#type: Type<'c>) -> Value<'c, 'a> {
        self.one(place, arith::constant(self.context, IntegerAttribute::new(r#type, value).into(), self.location))
    }

    /// A `memref<?xT>` on the stack holding `values`, constants of `element`.
    fn index_array(&self, place: Place<'c, 'a>, values: &[i64], element: Type<'c>) -> Result<Value<'c, 'a>, LowerError> {
        let values = values
            .iter()
            .map(|&value| if element.is_index() { self.index(place, value) } else { self.integer(place, value, element) })
            .collect::<Vec<_>>();
        self.value_array(place, &values, element)
    }

    /// A `memref<?xT>` on the stack holding `values`, of type `element`.
    pub(super) fn value_array(
        &self,
        place: Place<'c, 'a>,
        values: &[Value<'c, 'a>],
        element: Type<'c>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let array = self.one(
            place,
            memref::alloca(self.context, MemRefType::new(element, &[values.len() as i64], None, None), &[], &[], None, self.location),
        );
        for (at, &value) in values.iter().enumerate() {
            self.store(place, value, array, self.index(place, at as i64));
        }
        Ok(self.one(place, memref::cast(array, MemRefType::new(element, &[i64::MIN], None, None), self.location)))
    }

    /// A new buffer holding a copy of the 1-D memref `source`.
    pub(super) fn copy_of(&self, place: Place<'c, 'a>, source: Value<'c, 'a>) -> Value<'c, 'a> {
        let element = MemRefType::try_from(source.r#type()).expect("a memref").element();
        let copy = self.alloc_buffer(place, element, self.length(place, source));
        place.put(OperationBuilder::new("memref.copy", self.location).add_operands(&[source, copy]).build().expect("valid memref.copy"));
        copy
    }
}

/// The runtime's `dim2lvl` and `lvl2dim` arrays of `format`: per level, the
/// dimension it stores, or that dimension's block (`d floordiv c`) or offset
/// in the block (`d mod c`); per dimension, its level, or how its
/// coordinate is rebuilt from its block's and its offset's levels. Each is
/// encoded as upstream's `encodeDim` and `encodeLvl` do.
/// `None` when a dimension is stored some other way.
fn runtime_maps(format: &Format) -> Option<(Vec<i64>, Vec<i64>)> {
    const FLOOR: i64 = 0x1 << 60;
    const MOD: i64 = 0x2 << 60;
    const MUL: i64 = 0x3 << 60;
    let parts = format.parts();
    let stored = |level: usize| parts[format.dim_to_lvl[level]];
    let dim_to_lvl = (0..format.rank())
        .map(|level| match stored(level) {
            DimPart::Whole { dim } => dim as i64,
            DimPart::Block { dim, block } => FLOOR | (block as i64) << 20 | dim as i64,
            DimPart::Offset { dim, block } => MOD | (block as i64) << 20 | dim as i64,
        })
        .collect();
    let level_of = |wanted: fn(DimPart, usize) -> bool, dim| (0..format.rank()).find(|&level| wanted(stored(level), dim));
    let lvl_to_dim = (0..format.dims())
        .map(|dim| {
            let whole = level_of(|part, dim| part == DimPart::Whole { dim }, dim);
            let block = level_of(|part, dim| matches!(part, DimPart::Block { dim: d, .. } if d == dim), dim);
            let offset = level_of(|part, dim| matches!(part, DimPart::Offset { dim: d, .. } if d == dim), dim);
            match (whole, block, offset) {
                (Some(level), _, _) => Some(level as i64),
                (None, Some(block_level), Some(offset_level)) => match stored(block_level) {
                    DimPart::Block { block, .. } => Some(MUL | (block_level as i64) << 40 | (block as i64) << 20 | offset_level as i64),
                    _ => None,
                },
                _ => None,
            }
        })
        .collect::<Option<_>>()?;
    Some((dim_to_lvl, lvl_to_dim))
}

/// The runtime's name suffix and `PrimaryType` code of an element type.
pub(super) fn primary_type(element: Type) -> Option<(&'static str, i64)> {
    Some(match element.to_string().as_str() {
        "f64" => ("F64", 1),
        "f32" => ("F32", 2),
        "f16" => ("F16", 3),
        "bf16" => ("BF16", 4),
        "i64" => ("I64", 5),
        "i32" => ("I32", 6),
        "i16" => ("I16", 7),
        "i8" => ("I8", 8),
        "complex<f64>" => ("C64", 9),
        "complex<f32>" => ("C32", 10),
        _ => return None,
    })
}

/// The runtime's `OverheadType` of a positions or coordinates array of
/// `width` bits (64 bits are `index`).
fn overhead_type(width: u32) -> i64 {
    match width {
        32 => 2,
        16 => 3,
        8 => 4,
        _ => 0,
    }
}

/// Upstream's `LevelType` bits of `level`: its format, and whether it is
/// non-unique and non-ordered. `None` for a kind the library cannot build
/// correctly from every file: an n:m level stores exactly `n` entries in
/// each group of `m`, which the library takes on trust, so a file with
/// fewer would give a tensor whose positions are wrong.
fn level_type(level: &Level) -> Option<i64> {
    let format = match level.kind {
        LevelKind::Dense => 0x1_0000,
        LevelKind::Compressed => 0x4_0000,
        LevelKind::Singleton => 0x8_0000,
        LevelKind::LooseCompressed => 0x10_0000,
        LevelKind::Structured => {
            let (n, m) = level.n_of_m?;
            0x20_0000 | (i64::from(n) & 0xff) << 32 | (i64::from(m) & 0xff) << 40
        }
        _ => return None,
    };
    Some(format | if level.unique { 0 } else { 0x1 } | if level.ordered { 0 } else { 0x2 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_of_a_permutation_name_each_levels_dimension_and_back() {
        let csc = Format::csc();
        assert_eq!(runtime_maps(&csc), Some((vec![1, 0], vec![1, 0])));
        let three = Format::new(vec![Level::dense(), Level::compressed(), Level::dense()], vec![1, 2, 0]).unwrap();
        assert_eq!(runtime_maps(&three), Some((vec![1, 2, 0], vec![2, 0, 1])));
    }

    #[test]
    fn maps_of_blocks_encode_floor_mod_and_the_rebuilt_coordinate() {
        // BSR with 2x3 blocks: (i floordiv 2, j floordiv 3, i mod 2, j mod 3).
        let parts = [
            DimPart::Block { dim: 0, block: 2 },
            DimPart::Block { dim: 1, block: 3 },
            DimPart::Offset { dim: 0, block: 2 },
            DimPart::Offset { dim: 1, block: 3 },
        ];
        let levels = vec![Level::dense(), Level::compressed(), Level::dense(), Level::dense()];
        let bsr = Format::from_parts(levels, &parts, 2).unwrap();
        let (dim_to_lvl, lvl_to_dim) = runtime_maps(&bsr).unwrap();
        let (floor, modulo, mul) = (1i64 << 60, 2i64 << 60, 3i64 << 60);
        assert_eq!(dim_to_lvl, [floor | 2 << 20, floor | 3 << 20 | 1, modulo | 2 << 20, modulo | 3 << 20 | 1]);
        // i = lvl2 + 2 * lvl0 (level 0 is the zero field), j = lvl3 + 3 * lvl1.
        assert_eq!(lvl_to_dim, [mul | 2 << 20 | 2, mul | 1 << 40 | 3 << 20 | 3]);
    }

    #[test]
    fn level_types_carry_properties_and_refuse_what_the_library_cannot_check() {
        assert_eq!(level_type(&Level::dense()), Some(0x1_0000));
        assert_eq!(level_type(&Level::compressed_nonunique()), Some(0x4_0001));
        assert_eq!(level_type(&Level { ordered: false, ..Level::singleton() }), Some(0x8_0002));
        assert_eq!(level_type(&Level { kind: LevelKind::LooseCompressed, ..Level::compressed() }), Some(0x10_0000));
        assert_eq!(level_type(&Level { kind: LevelKind::Band, ..Level::dense() }), None);
    }
}
