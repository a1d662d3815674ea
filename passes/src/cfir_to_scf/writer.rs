//! `sparse_tensor.out`: a sparse tensor written to a file by MLIR's sparse
//! runtime library, in the extended FROSTT format.
//!
//! The library's writer is part of `libmlir_c_runner_utils`, which
//! `mlir-runner` loads for upstream's tests, as the reader is
//! (`reader.rs`). It prints the header (rank, number of entries, sizes),
//! then one line per entry with its 1-based dimension coordinates; an empty
//! file name writes to the standard output. The entries are the tensor's
//! stored ones in level order, as `sparse_tensor.foreach` walks them: an
//! explicit zero is written, a loose level's gaps are not. Their number,
//! which the header comes before, is counted by a first walk.

use super::error::LowerError;
use super::reader::primary_type;
use super::{Emitter, Scope};
use crate::place::Place;
use melior::{
    dialect::{func, memref},
    ir::{
        operation::OperationLike,
        r#type::{MemRefType, RankedTensorType},
        OperationRef, ShapedTypeLike, Type, Value, ValueLike,
    },
};

impl<'c: 'a, 'a> Emitter<'c> {
    /// `sparse_tensor.out %tensor, %file`: writes `%tensor` to the file
    /// named by the `!llvm.ptr` `%file`.
    pub(super) fn write_file(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let tensor_type = RankedTensorType::try_from(op.operand(0)?.r#type())?;
        let element = tensor_type.element();
        let (suffix, _) =
            primary_type(element).ok_or_else(|| LowerError::Op(format!("sparse_tensor.out of a tensor with {element} elements")))?;
        let tensor = self.readable(op.operand(0)?, scope)?;
        let file = scope.get(op.operand(1)?);
        let rank = tensor_type.rank();
        let pointer = Type::parse(self.context, "!llvm.ptr").ok_or(LowerError::Malformed("the LLVM dialect is not loaded"))?;
        let index = Type::index(self.context);
        let indices: Type = MemRefType::new(index, &[i64::MIN], None, None).into();
        let scalar: Type = MemRefType::new(element, &[], None, None).into();

        // The number of entries, for the header.
        let one = self.index(place, 1);
        let mut count = |emitter: &Self,
                         here: Place<'c, 'a>,
                         _: &[Value<'c, 'a>],
                         _: Value<'c, 'a>,
                         carried: &[Value<'c, 'a>],
                         _: &mut Scope<'c, 'a>| { Ok(vec![emitter.add(here, carried[0], one)]) };
        let entries = self.walk_entries(tensor, &[self.index(place, 0)], &mut count, place, scope)?[0];

        let create = self.declare(place, "createSparseTensorWriter", &[pointer], &[pointer], false)?;
        let writer = self.one(place, func::call(self.context, create, &[file], &[pointer], self.location));
        let sizes = scope.tensor(tensor).dims.clone();
        let sizes = self.value_array(place, &sizes, index)?;
        let rank_value = self.index(place, rank as i64);
        let header = self.declare(place, "outSparseTensorWriterMetaData", &[pointer, index, index, indices], &[], true)?;
        place.put(func::call(self.context, header, &[writer, rank_value, entries, sizes], &[], self.location));

        // Each entry through two stack buffers: its coordinates and its value.
        let coordinates = self.value_array(place, &vec![self.index(place, 0); rank], index)?;
        let value_slot =
            self.one(place, memref::alloca(self.context, MemRefType::new(element, &[], None, None), &[], &[], None, self.location));
        let next = self.declare(place, &format!("outSparseTensorWriterNext{suffix}"), &[pointer, index, indices, scalar], &[], true)?;
        let mut write = |emitter: &Self,
                         here: Place<'c, 'a>,
                         dims: &[Value<'c, 'a>],
                         value: Value<'c, 'a>,
                         _: &[Value<'c, 'a>],
                         _: &mut Scope<'c, 'a>| {
            for (dim, &coordinate) in dims.iter().enumerate() {
                emitter.store(here, coordinate, coordinates, emitter.index(here, dim as i64));
            }
            here.put(memref::store(value, value_slot, &[], emitter.location));
            here.put(func::call(emitter.context, next, &[writer, rank_value, coordinates, value_slot], &[], emitter.location));
            Ok(Vec::new())
        };
        self.walk_entries(tensor, &[], &mut write, place, scope)?;

        let release = self.declare(place, "delSparseTensorWriter", &[pointer], &[], false)?;
        place.put(func::call(self.context, release, &[writer], &[], self.location));
        Ok(())
    }
}
