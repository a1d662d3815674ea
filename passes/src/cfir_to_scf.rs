//! `cfir-to-scf`: CFIR → scf, memref and arith, over the kernel ABI.
//!
//! Each kernel (a function holding CFIR) is rewritten to take and return the
//! buffers of its tensors ([`crate::abi`]). Each `cfir.while` becomes an
//! `scf.while` advancing the iterators of its drivers with the iterator model
//! of paper 001 (init, valid, eval, equals, next, locate):
//!
//! | level | init | valid | eval | next | locate |
//! |---|---|---|---|---|---|
//! | dense | `c = 0` | `c < N` | `c` | `c + 1` | `parent · N + i` |
//! | compressed | `p = pos[parent]`, `end = pos[parent + 1]` | `p < end` | `crd[p]` | `p + 1`, or past equal coordinates when nonunique | — |
//! | singleton | `p = parent`, `end = parent's segment end` | `p < end` | `crd[p]` | as compressed | — |
//!
//! Several drivers co-iterate: the coordinate is the least of theirs, each
//! `cfir.case` tests which drivers sit on it, and a driver advances when it
//! did. A loop hands its iterators' positions to the next loop of the same
//! lattice (drop-out semantics). Dense outputs are stored by locating.

mod assembly;

use crate::abi::{buffer_type, layout, Buffer};
use crate::ir::{block_region, collect, erase, name, only_block, rebuild, value_key};
use crate::place::Place;
use indexmap::IndexMap;
use melior::{
    dialect::{arith, func, memref, scf},
    ir::{
        attribute::{FlatSymbolRefAttribute, FloatAttribute, IntegerAttribute, StringAttribute, TypeAttribute},
        block::BlockLike,
        operation::{OperationLike, OperationResult},
        r#type::{FunctionType, MemRefType, RankedTensorType, TypeLike},
        Attribute, BlockRef, Identifier, Location, OperationRef, RegionLike, ShapedTypeLike, Type, Value, ValueLike,
    },
    Context,
};
use sparse_dialects::{
    encoding::Encoding,
    function::{ITERATION_SPACE, PRESENT, PROPERTIES, SPECIALIZES},
    verify::emit_error,
};
use sparse_formats::{LevelBuffer, LevelKind};
use std::cell::Cell;
use std::collections::HashMap;

module_pass!(CfirToScf, "cfir-to-scf", "Lower CFIR to scf/memref loops over the kernel's buffers (the iterator model)", run);

fn run<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> bool {
    let kernels = collect(module, |op| name(op) == "func.func" && !collect(op, |inner| name(inner).starts_with("cfir.")).is_empty());
    for kernel in kernels {
        let emitter = Emitter { context, location: kernel.location(), failed_at: Cell::new(None) };
        if let Err(message) = lower_kernel(&emitter, kernel, context) {
            emit_error(emitter.failed_at.get().unwrap_or(kernel.location()), &message);
            return false;
        }
        erase(kernel);
    }
    // Below CFIR nothing reads the user-function attributes.
    for function in collect(module, |op| name(op) == "func.func") {
        for attribute in [PROPERTIES, ITERATION_SPACE, SPECIALIZES, PRESENT] {
            // SAFETY: the function is live; removing an absent attribute does nothing.
            unsafe { mlir_sys::mlirOperationRemoveAttributeByName(function.to_raw(), melior::StringRef::new(attribute).to_raw()) };
        }
    }
    true
}

fn err(error: impl ToString) -> String {
    error.to_string()
}

/// The buffers of one tensor in the lowered kernel.
#[derive(Clone)]
struct Buffers<'c, 'a> {
    encoding: Encoding<'c>,
    element: Type<'c>,
    positions: Vec<Option<Value<'c, 'a>>>,
    coordinates: Vec<Option<Value<'c, 'a>>>,
    values: Value<'c, 'a>,
    dims: Vec<Value<'c, 'a>>,
    /// Set while a sparse output is being assembled.
    assembly: Option<assembly::Assembly<'c, 'a>>,
}

impl<'c, 'a> Buffers<'c, 'a> {
    fn level_size(&self, level: usize) -> Value<'c, 'a> {
        self.dims[self.encoding.format.dim_to_lvl[level]]
    }

    /// The ABI list of this tensor's buffers.
    fn list(&self) -> Vec<Value<'c, 'a>> {
        layout(&self.encoding)
            .into_iter()
            .map(|buffer| match buffer {
                Buffer::Level(level, LevelBuffer::Positions) => self.positions[level].expect("compressed levels have positions"),
                Buffer::Level(level, _) => self.coordinates[level].expect("levels with coordinates have them"),
                Buffer::Values => self.values,
                Buffer::Dim(dim) => self.dims[dim],
            })
            .collect()
    }
}

/// Where an iterator is, between and within loops.
#[derive(Clone, Copy)]
struct Cursor<'c, 'a> {
    position: Value<'c, 'a>,
    end: Value<'c, 'a>,
}

/// What a leaf of a sequence iterates.
#[derive(Clone, Copy)]
enum Leaf<'c, 'a> {
    Level { tensor: usize, level: usize },
    Universe { size: Value<'c, 'a> },
}

#[derive(Clone, Default)]
struct Scope<'c, 'a> {
    values: HashMap<usize, Value<'c, 'a>>,
    /// In order of definition: output that walks tensors must be deterministic.
    tensors: IndexMap<usize, Buffers<'c, 'a>>,
    /// The tensors the kernel allocates (its intermediates and results), in
    /// order: the buffers of those it does not return are freed at the return.
    allocated: Vec<usize>,
    cursors: HashMap<usize, Cursor<'c, 'a>>,
    /// The current position of each (tensor, level) bound by an enclosing loop.
    positions: HashMap<(usize, usize), Value<'c, 'a>>,
    /// Where the run of equal coordinates at a nonunique level ends.
    segment_ends: HashMap<(usize, usize), Value<'c, 'a>>,
    /// The coordinate each driver of the enclosing loop sits on.
    coordinates: HashMap<usize, Value<'c, 'a>>,
    /// The coordinate of the innermost loop.
    coordinate: Option<Value<'c, 'a>>,
    /// The coordinate of each dense (tensor, level) bound by an enclosing loop.
    level_coordinates: HashMap<(usize, usize), Value<'c, 'a>>,
}

impl<'c, 'a> Scope<'c, 'a> {
    fn get(&self, value: Value<'c, 'a>) -> Value<'c, 'a> {
        *self.values.get(&value_key(value)).unwrap_or(&value)
    }
}

struct Emitter<'c> {
    context: &'c Context,
    location: Location<'c>,
    /// The innermost op whose lowering failed: where the error is reported.
    failed_at: Cell<Option<Location<'c>>>,
}

fn lower_kernel<'c, 'a>(emitter: &Emitter<'c>, kernel: OperationRef<'c, 'a>, context: &'c Context) -> Result<(), String> {
    let old_type = FunctionType::try_from(TypeAttribute::try_from(kernel.attribute("function_type").map_err(err)?).map_err(err)?.value())
        .map_err(err)?;
    let old_body = kernel.region(0).map_err(err)?.first_block().ok_or("the kernel has no body")?;
    let mut inputs = Vec::new();
    for index in 0..old_type.input_count() {
        let r#type = old_type.input(index).map_err(err)?;
        inputs.extend(emitter.abi_types(r#type)?);
    }
    let mut results = Vec::new();
    for index in 0..old_type.result_count() {
        results.extend(emitter.abi_types(old_type.result(index).map_err(err)?)?);
    }
    let region = block_region(&inputs, emitter.location);
    let symbol = StringAttribute::try_from(kernel.attribute("sym_name").map_err(err)?).map_err(err)?;
    let function_type = TypeAttribute::new(FunctionType::new(context, &inputs, &results).into());
    let unit = (Identifier::new(context, "llvm.emit_c_interface"), Attribute::unit(context));
    let place = Place::before(kernel).ok_or("the kernel is not in a block")?;
    let new = place.put(func::func(context, symbol, function_type, region, &[unit], emitter.location));
    let body = only_block(new, 0);
    let mut scope = Scope::default();
    let mut next_argument = 0;
    for index in 0..old_type.input_count() {
        let old: Value = old_body.argument(index).map_err(err)?.into();
        let count = emitter.abi_types(old.r#type())?.len();
        let arguments = (next_argument..next_argument + count).map(|i| body.argument(i).expect("in range").into()).collect::<Vec<Value>>();
        next_argument += count;
        if let Ok(tensor) = RankedTensorType::try_from(old.r#type()) {
            scope.tensors.insert(value_key(old), emitter.buffers_from(tensor, &arguments)?);
        } else {
            scope.values.insert(value_key(old), arguments[0]);
        }
    }
    // A sparse output is filled in one pass when its size is bounded by the
    // operands', and otherwise counted in a first pass (see `assembly`).
    let mut ops = Vec::new();
    let mut next = old_body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        ops.push(op);
    }
    let first_loop = ops.iter().position(|&op| name(op) == "cfir.while").unwrap_or(ops.len() - 1);
    let last = ops.len() - 1;
    for &op in &ops[..first_loop] {
        emitter.op(op, Place::End(body), &mut scope)?;
    }
    let assembled: Vec<usize> = scope.tensors.iter().filter(|(_, buffers)| buffers.assembly.is_some()).map(|(&key, _)| key).collect();
    // One bound serves every output: each must fit it (in practice there is one).
    let mut bound = None;
    for key in &assembled {
        bound = emitter.entry_bound(&ops[first_loop..last], &scope.tensors[key], &scope, Place::End(body))?;
        if bound.is_none() {
            break;
        }
    }
    if !assembled.is_empty() {
        let counted = if bound.is_some() {
            scope.clone()
        } else {
            let mut counting = scope.clone();
            for &op in &ops[first_loop..last] {
                emitter.op(op, Place::End(body), &mut counting)?;
            }
            counting
        };
        for key in &assembled {
            let buffers = emitter.allocate_assembly(&counted.tensors[key], bound, Place::End(body))?;
            scope.tensors.insert(*key, buffers);
        }
    }
    for &op in &ops[first_loop..last] {
        emitter.op(op, Place::End(body), &mut scope)?;
    }
    for key in &assembled {
        let finished = emitter.finish_assembly(&scope.tensors[key], Place::End(body))?;
        scope.tensors.insert(*key, finished);
    }
    emitter.op(ops[last], Place::End(body), &mut scope)
}

impl<'c: 'a, 'a> Emitter<'c> {
    fn abi_types(&self, r#type: Type<'c>) -> Result<Vec<Type<'c>>, String> {
        let Ok(tensor) = RankedTensorType::try_from(r#type) else { return Ok(vec![r#type]) };
        let encoding = Encoding::of_any(tensor).map_err(err)?;
        Ok(layout(&encoding).into_iter().map(|buffer| buffer_type(buffer, tensor.element(), self.context)).collect())
    }

    fn buffers_from(&self, tensor: RankedTensorType<'c>, values: &[Value<'c, 'a>]) -> Result<Buffers<'c, 'a>, String> {
        let encoding = Encoding::of_any(tensor).map_err(err)?;
        let levels = encoding.format.levels.len();
        let mut buffers = Buffers {
            element: tensor.element(),
            positions: vec![None; levels],
            coordinates: vec![None; levels],
            values: values[0],
            dims: Vec::new(),
            encoding: encoding.clone(),
            assembly: None,
        };
        for (buffer, &value) in layout(&encoding).into_iter().zip(values) {
            match buffer {
                Buffer::Level(level, LevelBuffer::Positions) => buffers.positions[level] = Some(value),
                Buffer::Level(level, _) => buffers.coordinates[level] = Some(value),
                Buffer::Values => buffers.values = value,
                Buffer::Dim(_) => buffers.dims.push(value),
            }
        }
        Ok(buffers)
    }

    fn index(&self, place: Place<'c, 'a>, value: i64) -> Value<'c, 'a> {
        place.index(value, self.context, self.location)
    }

    fn one(&self, place: Place<'c, 'a>, op: melior::ir::Operation<'c>) -> Value<'c, 'a> {
        place.put(op).result(0).expect("one result").into()
    }

    fn add(&self, place: Place<'c, 'a>, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.one(place, arith::addi(a, b, self.location))
    }

    fn mul(&self, place: Place<'c, 'a>, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.one(place, arith::muli(a, b, self.location))
    }

    fn load(&self, place: Place<'c, 'a>, memref: Value<'c, 'a>, index: Value<'c, 'a>) -> Value<'c, 'a> {
        self.one(place, memref::load(memref, &[index], self.location))
    }

    fn compare(&self, place: Place<'c, 'a>, predicate: arith::CmpiPredicate, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.one(place, arith::cmpi(self.context, predicate, a, b, self.location))
    }

    fn and(&self, place: Place<'c, 'a>, conditions: &[Value<'c, 'a>]) -> Value<'c, 'a> {
        conditions.iter().copied().reduce(|a, b| self.one(place, arith::andi(a, b, self.location))).expect("at least one condition")
    }

    /// Emits the ops of `source` at the end of `target`.
    fn block(&self, source: BlockRef<'c, 'a>, target: BlockRef<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), String> {
        let mut next = source.first_operation();
        while let Some(op) = next {
            next = op.next_in_block();
            self.op(op, Place::End(target), scope)?;
        }
        Ok(())
    }

    /// Lowers `op`; a failure is located at the innermost op that failed.
    fn op(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), String> {
        let lowered = self.lower_op(op, place, scope);
        if lowered.is_err() && self.failed_at.get().is_none() {
            self.failed_at.set(Some(op.location()));
        }
        lowered
    }

    fn lower_op(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), String> {
        let result = |index: usize| -> Value<'c, 'a> { op.result(index).expect("in range").into() };
        match name(op).as_str() {
            "sig.level" | "sig.universe" | "sig.union" | "sig.intersect" | sparse_dialects::YIELD => Ok(()),
            "cfir.while" => self.while_loop(op, place, scope),
            "cfir.switch" => {
                let cases = op.region(0).map_err(err)?.first_block().ok_or("cfir.switch has no cases")?;
                let mut list = Vec::new();
                let mut next = cases.first_operation();
                while let Some(case) = next {
                    next = case.next_in_block();
                    if name(case) == "cfir.case" {
                        list.push(case);
                    }
                }
                self.cases(&list, place, scope)
            }
            "cfir.access" => {
                let tensor_key = self.readable(value_key(op.operand(0).map_err(err)?), scope)?;
                let tensor = scope.tensors[&tensor_key].clone();
                let levels = tensor.encoding.format.levels.len();
                let position = match scope.positions.get(&(tensor_key, levels.wrapping_sub(1))) {
                    Some(position) => *position,
                    None => self.linearize(&tensor, tensor_key, place, scope)?,
                };
                let value = self.load(place, tensor.values, position);
                scope.values.insert(value_key(result(0)), value);
                Ok(())
            }
            "cfir.assign" | "cfir.reduce" => self.store(op, place, scope),
            "cfir.alloc" => {
                let tensor = RankedTensorType::try_from(result(0).r#type()).map_err(err)?;
                let buffers = self.alloc(tensor, &op.operands().map(|size| scope.get(size)).collect::<Vec<_>>(), place)?;
                scope.tensors.insert(value_key(result(0)), buffers);
                scope.allocated.push(value_key(result(0)));
                Ok(())
            }
            "tensor.dim" => {
                let tensor = scope.tensors.get(&value_key(op.operand(0).map_err(err)?)).ok_or("tensor.dim of an unknown tensor")?;
                let index = OperationResult::try_from(op.operand(1).map_err(err)?)
                    .ok()
                    .and_then(|constant| IntegerAttribute::try_from(constant.owner().attribute("value").ok()?).ok())
                    .ok_or("tensor.dim needs a constant dimension")?
                    .value() as usize;
                let dim = *tensor.dims.get(index).ok_or("tensor.dim out of range")?;
                scope.values.insert(value_key(result(0)), dim);
                Ok(())
            }
            "func.return" => {
                let mut values = Vec::new();
                for operand in op.operands() {
                    match scope.tensors.get(&value_key(operand)) {
                        Some(buffers) => values.extend(buffers.list()),
                        None => values.push(scope.get(operand)),
                    }
                }
                // The caller owns what is returned; the rest dies here.
                let returned: Vec<usize> = values.iter().map(|value| value_key(*value)).collect();
                for key in &scope.allocated {
                    for buffer in scope.tensors[key].list() {
                        if buffer.r#type().is_mem_ref() && !returned.contains(&value_key(buffer)) {
                            place.put(memref::dealloc(buffer, self.location));
                        }
                    }
                }
                place.put(func::r#return(&values, self.location));
                Ok(())
            }
            other if op.region_count() > 0 || other.starts_with("cfir.") || other.starts_with("sig.") => {
                Err(format!("'{other}' is not supported by cfir-to-scf"))
            }
            // The runtime owns a kernel's inputs and results, and an
            // intermediate's buffers live until the kernel returns, where
            // they are freed (see `func.return`).
            "bufferization.dealloc_tensor" => Ok(()),
            other if op.operands().any(|operand| scope.tensors.contains_key(&value_key(operand))) => {
                Err(format!("'{other}' uses a tensor that cfir-to-scf lowers to buffers, which it cannot pass to '{other}'"))
            }
            _ => {
                let operands = op.operands().map(|operand| scope.get(operand)).collect::<Vec<_>>();
                let new = place.put(rebuild(op, &operands, self.context)?);
                for (old, new) in op.results().zip(new.results()) {
                    scope.values.insert(value_key(old.into()), new.into());
                }
                Ok(())
            }
        }
    }

    /// `tensor`, when it may be read: an input, or a finished dense result.
    fn readable(&self, tensor: usize, scope: &Scope<'c, 'a>) -> Result<usize, String> {
        match scope.tensors.get(&tensor) {
            None => Err("a read of an unknown tensor".into()),
            Some(buffers) if buffers.assembly.is_some() => {
                Err("reading the sparse result of an earlier statement is not supported yet".into())
            }
            Some(_) => Ok(tensor),
        }
    }

    /// The position of the current point in an all-dense tensor, from the
    /// coordinate of each of its levels.
    fn linearize(
        &self,
        tensor: &Buffers<'c, 'a>,
        key: usize,
        place: Place<'c, 'a>,
        scope: &Scope<'c, 'a>,
    ) -> Result<Value<'c, 'a>, String> {
        let mut position = self.index(place, 0);
        for level in 0..tensor.encoding.format.levels.len() {
            if !tensor.encoding.format.levels[level].is_full() {
                return Err("a read outside the loops of its tensor".into());
            }
            let coordinate = *scope.level_coordinates.get(&(key, level)).ok_or("a read outside the loops of its tensor")?;
            let scaled = self.mul(place, position, tensor.level_size(level));
            position = self.add(place, scaled, coordinate);
        }
        Ok(position)
    }

    /// A new output: dense storage of every level, filled with the fill value.
    fn alloc(&self, tensor: RankedTensorType<'c>, dynamic: &[Value<'c, 'a>], place: Place<'c, 'a>) -> Result<Buffers<'c, 'a>, String> {
        let encoding = Encoding::of_any(tensor).map_err(err)?;
        let mut dynamic = dynamic.iter();
        let dims = (0..tensor.rank())
            .map(|dim| match tensor.dim_size(dim) {
                Ok(melior::ir::r#type::DimSize::Static(size)) => Ok(self.index(place, size as i64)),
                _ => dynamic.next().copied().ok_or("cfir.alloc lacks a dynamic size"),
            })
            .collect::<Result<Vec<_>, _>>()?;
        if encoding.format.levels.iter().any(|level| !level.is_full()) {
            return self.start_assembly(tensor, encoding, dims, place);
        }
        let size = dims.iter().copied().fold(self.index(place, 1), |total, dim| self.mul(place, total, dim));
        let memref_type = MemRefType::new(tensor.element(), &[i64::MIN], None, None);
        let values = self.one(place, memref::alloc(self.context, memref_type, &[size], &[], None, self.location));
        let fill = self.constant(encoding.fill, tensor.element(), place)?;
        self.for_each(place, size, |body, index| {
            body.append_operation(memref::store(fill, values, &[index], self.location));
        });
        Ok(Buffers { element: tensor.element(), positions: Vec::new(), coordinates: Vec::new(), values, dims, encoding, assembly: None })
    }

    fn constant(&self, value: Attribute<'c>, r#type: Type<'c>, place: Place<'c, 'a>) -> Result<Value<'c, 'a>, String> {
        let value = if r#type.is_float() {
            FloatAttribute::try_from(value).map(|f| FloatAttribute::new(self.context, r#type, f.value()).into()).unwrap_or(value)
        } else {
            value
        };
        Ok(self.one(place, arith::constant(self.context, value, self.location)))
    }

    /// `for index in 0..count { body }`.
    fn for_each(&self, place: Place<'c, 'a>, count: Value<'c, 'a>, body: impl FnOnce(BlockRef<'c, 'a>, Value<'c, 'a>)) {
        let (zero, one) = (self.index(place, 0), self.index(place, 1));
        let region = block_region(&[Type::index(self.context)], self.location);
        let op = place.put(scf::r#for(zero, count, one, region, self.location));
        let block = only_block(op, 0);
        body(block, block.argument(0).expect("the index").into());
        block.append_operation(scf::r#yield(&[], self.location));
    }

    /// `cfir.assign` / `cfir.reduce` into a dense output: locate and store.
    fn store(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), String> {
        let operands = op.operands().collect::<Vec<_>>();
        let tensor = scope.tensors.get(&value_key(operands[0])).ok_or("a store to an unknown tensor")?.clone();
        let value = scope.get(operands[1]);
        let indices = operands[2..].iter().map(|&index| scope.get(index)).collect::<Vec<_>>();
        if let Some(assembly) = tensor.assembly {
            if sparse_dialects::cfir::Reduce::of(op).is_some() {
                return Err("reducing into a sparse output needs a workspace, which this pipeline does not insert yet".into());
            }
            return self.append(&tensor, assembly, &indices, value, place);
        }
        let mut position = self.index(place, 0);
        for level in 0..tensor.encoding.format.levels.len() {
            let scaled = self.mul(place, position, tensor.level_size(level));
            position = self.add(place, scaled, indices[tensor.encoding.format.dim_to_lvl[level]]);
        }
        let value = match sparse_dialects::cfir::Reduce::of(op).and_then(|view| view.function()) {
            Some(function) => {
                let old = self.load(place, tensor.values, position);
                let callee = FlatSymbolRefAttribute::new(self.context, function);
                self.one(place, func::call(self.context, callee, &[old, value], &[tensor.element], self.location))
            }
            None => value,
        };
        place.put(memref::store(value, tensor.values, &[position], self.location));
        Ok(())
    }

    fn leaf(&self, value: Value<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<Leaf<'c, 'a>, String> {
        let op = OperationResult::try_from(value).map_err(|_| "a sequence leaf must be built by a sig op")?.owner();
        match name(op).as_str() {
            "sig.level" => Ok(Leaf::Level {
                tensor: self.readable(value_key(op.operand(0).map_err(err)?), scope)?,
                level: sparse_dialects::sig::Level::of(op).and_then(|view| view.level()).ok_or("sig.level has no level")? as usize,
            }),
            "sig.universe" => Ok(Leaf::Universe { size: scope.get(op.operand(0).map_err(err)?) }),
            other => Err(format!("'{other}' is not a sequence leaf")),
        }
    }

    /// The leaves of a loop's or a case's sequence.
    fn leaves(&self, seq: Value<'c, 'a>) -> Result<Vec<Value<'c, 'a>>, String> {
        let op = OperationResult::try_from(seq).map_err(|_| "a sequence must be built by sig ops")?.owner();
        Ok(match name(op).as_str() {
            "sig.union" | "sig.intersect" => op.operands().collect(),
            _ => vec![seq],
        })
    }

    fn kind(&self, leaf: Leaf, scope: &Scope) -> LevelKind {
        match leaf {
            Leaf::Level { tensor, level } => scope.tensors[&tensor].encoding.format.levels[level].kind,
            Leaf::Universe { .. } => LevelKind::Dense,
        }
    }

    fn parent_position(&self, tensor: usize, level: usize, place: Place<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<Value<'c, 'a>, String> {
        if level == 0 {
            return Ok(self.index(place, 0));
        }
        scope.positions.get(&(tensor, level - 1)).copied().ok_or_else(|| "a level iterated before its parent".to_string())
    }

    /// `init`: where an iterator starts, and where it ends.
    fn init(&self, leaf: Leaf<'c, 'a>, place: Place<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<Cursor<'c, 'a>, String> {
        match leaf {
            Leaf::Universe { size } => Ok(Cursor { position: self.index(place, 0), end: size }),
            Leaf::Level { tensor, level } => {
                let buffers = &scope.tensors[&tensor];
                match buffers.encoding.format.levels[level].kind {
                    LevelKind::Dense => Ok(Cursor { position: self.index(place, 0), end: buffers.level_size(level) }),
                    LevelKind::Compressed => {
                        let parent = self.parent_position(tensor, level, place, scope)?;
                        let positions = buffers.positions[level].ok_or("compressed level without positions")?;
                        let one = self.index(place, 1);
                        let next = self.add(place, parent, one);
                        Ok(Cursor { position: self.load(place, positions, parent), end: self.load(place, positions, next) })
                    }
                    LevelKind::Singleton => {
                        let parent = self.parent_position(tensor, level, place, scope)?;
                        let end =
                            scope.segment_ends.get(&(tensor, level - 1)).copied().ok_or("a singleton level needs a nonunique parent")?;
                        Ok(Cursor { position: parent, end })
                    }
                    other => Err(format!("{} levels are not supported by cfir-to-scf yet", other.name())),
                }
            }
        }
    }

    fn while_loop(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), String> {
        let view = sparse_dialects::cfir::While::of(op).expect("name matched");
        let (located_count, _) = view.binding_counts().ok_or("malformed cfir.while")?;
        let drivers = self.leaves(op.operand(0).map_err(err)?)?;
        let located = (1..=located_count).map(|index| op.operand(index).map_err(err)).collect::<Result<Vec<_>, _>>()?;
        if drivers.len() > 1 {
            for &driver in &drivers {
                if let Leaf::Level { tensor, level } = self.leaf(driver, scope)? {
                    if !scope.tensors[&tensor].encoding.format.levels[level].ordered {
                        return Err("co-iterating an unordered level is not supported: its coordinates must be sorted".into());
                    }
                }
            }
        }
        let mut cursors = Vec::new();
        for &driver in &drivers {
            let cursor = match scope.cursors.get(&value_key(driver)) {
                Some(cursor) => *cursor,
                None => self.init(self.leaf(driver, scope)?, place, scope)?,
            };
            cursors.push(cursor);
        }
        let index = Type::index(self.context);
        let types = vec![index; drivers.len()];
        let (before, after) = (block_region(&types, self.location), block_region(&types, self.location));
        let initial = cursors.iter().map(|cursor| cursor.position).collect::<Vec<_>>();
        let loop_op = place.put(scf::r#while(&initial, &types, before, after, self.location));
        // valid: every driver has coordinates left.
        let before = only_block(loop_op, 0);
        let arguments = (0..drivers.len()).map(|k| before.argument(k).expect("in range").into()).collect::<Vec<Value>>();
        let valid = (0..drivers.len())
            .map(|k| self.compare(Place::End(before), arith::CmpiPredicate::Ult, arguments[k], cursors[k].end))
            .collect::<Vec<_>>();
        let valid = self.and(Place::End(before), &valid);
        before.append_operation(scf::condition(valid, &arguments, self.location));
        // body: eval, the least coordinate, the cases, next.
        let after = only_block(loop_op, 1);
        let here = Place::End(after);
        let positions = (0..drivers.len()).map(|k| after.argument(k).expect("in range").into()).collect::<Vec<Value>>();
        let mut inner = scope.clone();
        let mut coordinates = Vec::new();
        let mut advanced = Vec::new();
        for (k, &driver) in drivers.iter().enumerate() {
            let leaf = self.leaf(driver, scope)?;
            let one = self.index(here, 1);
            let (coordinate, next) = match leaf {
                Leaf::Level { tensor, level } if self.kind(leaf, scope) != LevelKind::Dense => {
                    let buffers = &scope.tensors[&tensor];
                    let crd = buffers.coordinates[level].ok_or("level without coordinates")?;
                    let coordinate = self.load(here, crd, positions[k]);
                    inner.positions.insert((tensor, level), positions[k]);
                    let next = if !buffers.encoding.format.levels[level].unique {
                        let end = self.segment_end(here, crd, positions[k], cursors[k].end, coordinate);
                        inner.segment_ends.insert((tensor, level), end);
                        end
                    } else {
                        self.add(here, positions[k], one)
                    };
                    (coordinate, next)
                }
                _ => (positions[k], self.add(here, positions[k], one)),
            };
            inner.coordinates.insert(value_key(driver), coordinate);
            coordinates.push(coordinate);
            advanced.push(next);
        }
        let coordinate = coordinates.iter().copied().reduce(|a, b| self.one(here, arith::minui(a, b, self.location))).expect("a driver");
        inner.values.insert(value_key(view.body().ok_or("cfir.while has no body")?.argument(0).map_err(err)?.into()), coordinate);
        inner.coordinate = Some(coordinate);
        // locate: dense levels sit at the coordinate. Below a bound parent the
        // position follows now; an all-dense tensor may be visited in any
        // order, so its reads locate from the coordinates instead.
        for &leaf in drivers.iter().chain(&located) {
            if let Leaf::Level { tensor, level } = self.leaf(leaf, scope)? {
                if self.kind(Leaf::Level { tensor, level }, scope) == LevelKind::Dense {
                    inner.level_coordinates.insert((tensor, level), coordinate);
                    if let Ok(parent) = self.parent_position(tensor, level, here, &inner) {
                        let scaled = self.mul(here, parent, scope.tensors[&tensor].level_size(level));
                        let position = self.add(here, scaled, coordinate);
                        inner.positions.insert((tensor, level), position);
                    }
                }
            }
        }
        self.block(view.body().expect("checked above"), after, &mut inner)?;
        let next = if drivers.len() == 1 {
            advanced
        } else {
            (0..drivers.len())
                .map(|k| {
                    let here_now = self.compare(here, arith::CmpiPredicate::Eq, coordinates[k], coordinate);
                    self.one(here, arith::select(here_now, advanced[k], positions[k], self.location))
                })
                .collect()
        };
        after.append_operation(scf::r#yield(&next, self.location));
        for (k, &driver) in drivers.iter().enumerate() {
            let position = loop_op.result(k).map_err(err)?.into();
            scope.cursors.insert(value_key(driver), Cursor { position, end: cursors[k].end });
        }
        Ok(())
    }

    /// `next` of a nonunique level: the first position past the run of `coordinate`.
    fn segment_end(
        &self,
        place: Place<'c, 'a>,
        crd: Value<'c, 'a>,
        position: Value<'c, 'a>,
        end: Value<'c, 'a>,
        coordinate: Value<'c, 'a>,
    ) -> Value<'c, 'a> {
        let index = Type::index(self.context);
        let one = self.index(place, 1);
        let start = self.add(place, position, one);
        let (before, after) = (block_region(&[index], self.location), block_region(&[index], self.location));
        let op = place.put(scf::r#while(&[start], &[index], before, after, self.location));
        let before = only_block(op, 0);
        let q: Value = before.argument(0).expect("q").into();
        let inside = self.compare(Place::End(before), arith::CmpiPredicate::Ult, q, end);
        // Only read crd[q] when q is inside.
        let then_region = block_region(&[], self.location);
        let else_region = block_region(&[], self.location);
        let check = before.append_operation(scf::r#if(
            inside,
            &[Type::parse(self.context, "i1").expect("i1")],
            then_region,
            else_region,
            self.location,
        ));
        let then_block = only_block(check, 0);
        let next_coordinate = self.load(Place::End(then_block), crd, q);
        let same = self.compare(Place::End(then_block), arith::CmpiPredicate::Eq, next_coordinate, coordinate);
        then_block.append_operation(scf::r#yield(&[same], self.location));
        let else_block = only_block(check, 1);
        let no = self.one(
            Place::End(else_block),
            arith::constant(self.context, IntegerAttribute::new(Type::parse(self.context, "i1").expect("i1"), 0).into(), self.location),
        );
        else_block.append_operation(scf::r#yield(&[no], self.location));
        before.append_operation(scf::condition(check.result(0).expect("one").into(), &[q], self.location));
        let after = only_block(op, 1);
        let q: Value = after.argument(0).expect("q").into();
        let one = self.index(Place::End(after), 1);
        let next = self.add(Place::End(after), q, one);
        after.append_operation(scf::r#yield(&[next], self.location));
        op.result(0).expect("one result").into()
    }

    /// `switch`: an if/else-if chain over the cases, most specific first.
    fn cases(&self, cases: &[OperationRef<'c, 'a>], place: Place<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<(), String> {
        let Some((&case, rest)) = cases.split_first() else { return Ok(()) };
        let view = sparse_dialects::cfir::Case::of(case).ok_or("cfir.switch holds only cases")?;
        let current = scope.coordinate.ok_or("a switch outside a loop")?;
        let mut conditions = Vec::new();
        for leaf in self.leaves(case.operand(0).map_err(err)?)? {
            let kind = self.kind(self.leaf(leaf, scope)?, scope);
            if kind != LevelKind::Dense {
                let mine = *scope.coordinates.get(&value_key(leaf)).ok_or("a case on an iterator that does not drive the loop")?;
                conditions.push(self.compare(place, arith::CmpiPredicate::Eq, mine, current));
            }
        }
        let body = view.body().ok_or("cfir.case has no body")?;
        if conditions.is_empty() {
            // Every coordinate is in this region: the rest is unreachable.
            return self.block(body, block_of(place), &mut scope.clone());
        }
        let condition = self.and(place, &conditions);
        let (then_region, else_region) = (block_region(&[], self.location), block_region(&[], self.location));
        let branch = place.put(scf::r#if(condition, &[], then_region, else_region, self.location));
        let then_block = only_block(branch, 0);
        self.block(body, then_block, &mut scope.clone())?;
        then_block.append_operation(scf::r#yield(&[], self.location));
        let else_block = only_block(branch, 1);
        self.cases(rest, Place::End(else_block), scope)?;
        else_block.append_operation(scf::r#yield(&[], self.location));
        Ok(())
    }
}

fn block_of<'c, 'a>(place: Place<'c, 'a>) -> BlockRef<'c, 'a> {
    match place {
        Place::Before(block, _) | Place::End(block) => block,
    }
}
