//! Dense results whose fill is all zero bits, allocated zeroed by the C
//! library's `calloc` instead of allocated and then filled by a loop.
//!
//! A fresh block of memory from the system is zero already: the kernel
//! zeroes each page as it first maps it. `calloc` knows when its block is
//! fresh and then writes nothing, where a fill loop writes every component
//! once more. glibc's `malloc` and `calloc` map a block afresh at every call
//! when it takes [`ALWAYS_MAPPED`] bytes or more; below that, a block is
//! often one a previous run freed, which `calloc` zeroes with `memset`
//! before the kernel's loops start, where a fill inside the loops
//! (`fill_in_place`) writes each block while the loops have it in the cache,
//! and a fill before them may run on threads (`parallelize-outer-loops`).
//! So a dense result whose size is known at compile time to be that large
//! ([`always_mapped`]) is allocated by `calloc` and not filled at all; any
//! other keeps its fill. SDDMM's dense 8,000 × 8,000 result (512 MB, of
//! which the kernel writes 64,000 components) was written twice a run, once
//! by the system's page zeroing and once by the fill; now once.
//!
//! The fill must be zero in every bit: an integer or float 0 (not `-0.0`)
//! or a complex number of two, of a type whose size in bytes is known here
//! (`index` is 64 bits, as the lowering to LLVM makes it). The buffer is a
//! `memref<?xT>` made of `calloc`'s pointer (a descriptor of the LLVM
//! dialect, cast to the memref type and marked [`ZEROED`]; the cast cancels
//! out in the lowering to LLVM), freed by `free` as a `memref.alloc`'s is.
//! Only a result allocated in the function's body, outside every loop, is
//! allocated so: the call and the descriptor are ops a parallel loop's body
//! may not hold. Its alignment is `calloc`'s (16 bytes on 64-bit glibc), not
//! a cache line's. A module that gives the name `calloc` to something else
//! keeps its fills.

use super::error::LowerError;
use super::Emitter;
use crate::fill::Element;
use crate::place::Place;
use melior::{
    dialect::{arith, llvm},
    ir::{
        attribute::DenseI64ArrayAttribute,
        block::BlockLike,
        operation::{OperationBuilder, OperationLike},
        r#type::{DimSize, MemRefType, RankedTensorType},
        Attribute, Identifier, ShapedTypeLike, Type, Value,
    },
};
use sparse_dialects::{encoding::Encoding, scalar};

/// The bytes above which glibc's `malloc` and `calloc` always map a block
/// afresh (its largest mmap threshold on 64-bit systems, which no setting
/// raises).
const ALWAYS_MAPPED: i64 = 32 << 20;

/// `calloc` as this pass declares it.
const CALLOC: &str = "calloc";

/// The attribute that marks the cast making `calloc`'s buffer a memref, so
/// that later passes know it as a fresh allocation
/// (`parallelize-outer-loops`).
pub(crate) const ZEROED: &str = "sparse.zeroed";

/// Whether `tensor`, a dense result, may take `calloc`'s zeroed block in
/// place of its fill: its fill is all zero bits and its static shape takes
/// [`ALWAYS_MAPPED`] bytes or more.
fn always_mapped(tensor: RankedTensorType) -> bool {
    let Ok(encoding) = Encoding::of_any(tensor) else { return false };
    let dense = encoding.format.levels.iter().all(|level| level.buffers().is_empty()) && !encoding.format.pattern;
    let components = (0..tensor.rank()).try_fold(1i64, |total, dim| match tensor.dim_size(dim) {
        Ok(DimSize::Static(size)) => total.checked_mul(size as i64),
        _ => None,
    });
    let bytes = components.zip(element_bytes(tensor.element())).and_then(|(components, bytes)| components.checked_mul(bytes));
    dense && scalar::is_zero(encoding.fill) && bytes.is_some_and(|bytes| bytes >= ALWAYS_MAPPED)
}

/// The bytes one element of `element` takes in a buffer lowered to LLVM,
/// when known here.
fn element_bytes(element: Type) -> Option<i64> {
    let bytes = match Element::of(element)? {
        Element::Float(bits) => bits / 8,
        Element::BFloat16 => 2,
        Element::Integer(bits) => bits.div_ceil(8).next_power_of_two(),
        Element::Complex(bits) => 2 * bits / 8,
    };
    Some(bytes.into())
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// Whether `tensor`, a dense result allocated at `place`, is allocated
    /// by `calloc` and not filled: it is [`always_mapped`], `place` is in
    /// the function's body outside every loop, and the module's `calloc`,
    /// if it has one, is the C library's.
    pub(super) fn zeroes(&self, place: Place<'c, 'a>, tensor: RankedTensorType<'c>) -> Result<bool, LowerError> {
        let in_function = place.block().parent_operation().is_some_and(|op| crate::ir::name(op) == "func.func");
        if !(always_mapped(tensor) && in_function) {
            return Ok(false);
        }
        let declared = format!("({i64}, {i64}) -> {}", llvm::r#type::pointer(self.context, 0), i64 = self.i64_type());
        Ok(crate::ir::defined(self.module_body(place)?, CALLOC).is_none_or(|existing| {
            crate::ir::name(existing) == "func.func"
                && existing.attribute("function_type").is_ok_and(|r#type| r#type.to_string() == declared)
        }))
    }

    /// A `memref<?xT>` of `length` elements of `element`, all bits zero,
    /// from `calloc` (where [`Emitter::zeroes`] said so).
    pub(super) fn alloc_zeroed(&self, place: Place<'c, 'a>, element: Type<'c>, length: Value<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
        let bytes = element_bytes(element).ok_or(LowerError::Malformed("a zeroed buffer of an element of unknown size"))?;
        let (i64_type, pointer) = (self.i64_type(), llvm::r#type::pointer(self.context, 0));
        let calloc = self.declare(place, CALLOC, &[i64_type, i64_type], &[pointer], false)?;
        let count = self.one(place, arith::index_cast(length, i64_type, self.location));
        let buffer = self.call_one(place, calloc, &[count, self.integer(place, bytes, i64_type)], pointer)?;
        let descriptor_type = Type::parse(self.context, "!llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>")
            .ok_or(LowerError::Malformed("a memref descriptor's type"))?;
        let fields = [(vec![0], buffer), (vec![1], buffer), (vec![2], self.integer(place, 0, i64_type))];
        let fields = fields.into_iter().chain([(vec![3, 0], count), (vec![4, 0], self.integer(place, 1, i64_type))]);
        let descriptor = fields.fold(self.one(place, llvm::poison(descriptor_type, self.location)), |descriptor, (at, field)| {
            let position = DenseI64ArrayAttribute::new(self.context, &at);
            self.one(place, llvm::insert_value(self.context, descriptor, position, field, self.location))
        });
        let memref = MemRefType::new(element, &[i64::MIN], None, None);
        let cast = OperationBuilder::new("builtin.unrealized_conversion_cast", self.location)
            .add_operands(&[descriptor])
            .add_results(&[memref.into()])
            .add_attributes(&[(Identifier::new(self.context, ZEROED), Attribute::unit(self.context))])
            .build()?;
        Ok(self.one(place, cast))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::Context;

    #[test]
    fn element_bytes_are_the_lowered_sizes() {
        let context = Context::new();
        let bytes = |text: &str| element_bytes(Type::parse(&context, text).unwrap());
        assert_eq!([bytes("f64"), bytes("f32"), bytes("bf16"), bytes("f16")], [Some(8), Some(4), Some(2), Some(2)]);
        assert_eq!([bytes("i1"), bytes("i8"), bytes("i24"), bytes("index")], [Some(1), Some(1), Some(4), Some(8)]);
        assert_eq!(bytes("complex<f32>"), Some(8));
    }
}
