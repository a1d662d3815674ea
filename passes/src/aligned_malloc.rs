//! `aligned-malloc`: the buffers the memref lowering allocates with
//! `aligned_alloc` are allocated with `malloc` instead, a few bytes more,
//! and aligned by an offset from the pointer `malloc` returns.
//!
//! glibc's `aligned_alloc` carves each buffer out of a larger free chunk
//! and frees what lies before and after it, so a kernel called again and
//! again (a host's loop, the benchmarks' runs) gets its result at a new
//! address each time, memory the caches no longer hold, where `malloc` of
//! the same size hands back the chunk the last call freed: an SpMV of a
//! CSC matrix at the L2 size took 14.3 µs with `aligned_alloc` and 12.1 µs
//! with `malloc` (both through the same compiled code). The offset is an
//! `llvm.getelementptr` of the `malloc`ed pointer, not integer arithmetic
//! cast back to a pointer (the memref lowering's own way with `malloc`):
//! LLVM then still knows the buffer is fresh memory that aliases no
//! argument, which lets it keep loads of the arguments out of loops that
//! store into the buffer and vectorize them (SpMM became 3× slower without).
//!
//! Runs on the LLVM dialect, after the memref lowering and before
//! `advise-huge-pages`. An `llvm.call @aligned_alloc(%alignment, %bytes)`
//! in a function of this module, whose alignment is a constant power of
//! two and whose buffer is a memref descriptor's allocated pointer
//! (`llvm.insertvalue` at position 0 of a struct of two pointers and an
//! `i64` offset, then the sizes and strides), becomes
//! `malloc(umax(bytes + alignment − 1, bytes))` (a size that would wrap
//! asks for `bytes`, which `malloc` refuses as `aligned_alloc` would)
//! followed by the aligned pointer, `raw + ((0 − raw) & (alignment − 1))`.
//! The allocated pointer of descriptors and the operand of `free` become
//! `malloc`'s pointer; the aligned pointer of descriptors and the address
//! of loads, stores, elements (`llvm.getelementptr`), memory intrinsics
//! and integers (`llvm.ptrtoint`) become the aligned one (the lowering folds a descriptor's fields into
//! their uses). Where the alignment is at most [`MALLOC_ALIGNMENT`],
//! `malloc`'s own, the call becomes `malloc(bytes)` alone. A buffer with any
//! other use (passed to a call or a branch, stored as a value), whose role
//! cannot be told, keeps its `aligned_alloc`, and so does a host function's
//! own buffer, in no descriptor (it may `free` it as it is); so does every
//! allocation of a module that gives the name `malloc` or `aligned_alloc`
//! to something other than the C library's function (a function with a
//! body, or of another type). Code that takes the allocated pointer back
//! from the aligned one by arithmetic (`free` of a `getelementptr` or of an
//! `inttoptr` of the buffer) would free the wrong pointer; the lowering
//! writes none.

use crate::ir::{
    callee_name, collect, constant, defined, erase, in_function_of, is_llvm_declaration, llvm_call, name, only_block, replace_operand,
    users,
};
use melior::{
    ir::{
        attribute::{DenseI32ArrayAttribute, DenseI64ArrayAttribute, IntegerAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
        BlockLike, Identifier, Module, Operation, OperationRef, Type, Value, ValueLike,
    },
    Context,
};
use sparse_dialects::verify::emit_error;

module_pass!(
    AlignedMalloc,
    "aligned-malloc",
    "Allocate memref buffers with malloc and an aligning offset instead of aligned_alloc (after the LLVM lowering)",
    run
);

/// The alignment `malloc` gives every buffer on the 64-bit targets the
/// kernels run on (glibc's and musl's, x86-64 and AArch64).
pub const MALLOC_ALIGNMENT: i64 = 16;

/// The C library's `malloc`, as the module declares it when it has no
/// declaration of its own.
const MALLOC: &str = "llvm.func @malloc(i64) -> !llvm.ptr";

fn run<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> bool {
    let body = only_block(module, 0);
    let allocations = collect(module, |op| name(op) == "llvm.call" && callee_name(op) == Some("aligned_alloc"))
        .into_iter()
        .filter_map(|call| Some((call, rewritable(call, module)?)))
        .collect::<Vec<_>>();
    // The C library's `aligned_alloc`, declared, not a function of the module's own.
    if allocations.is_empty() || !defined(body, "aligned_alloc").is_some_and(is_llvm_declaration) {
        return true;
    }
    let Some(declaration) = Module::parse(context, MALLOC) else {
        emit_error(module.location(), "aligned-malloc: the declaration of malloc does not parse");
        return false;
    };
    let declaration = declaration.body().first_operation().expect("one declaration");
    match defined(body, "malloc") {
        // Another function of that name: the buffers are left as they are.
        Some(existing)
            if !is_llvm_declaration(existing)
                || existing.attribute("function_type").ok() != declaration.attribute("function_type").ok() =>
        {
            return true
        }
        Some(_) => {}
        None => {
            body.append_operation((*declaration).clone());
        }
    }
    for (call, alignment) in allocations {
        if rewrite(call, alignment, context).is_none() {
            emit_error(call.location(), "aligned-malloc: could not rewrite this allocation");
            return false;
        }
    }
    true
}

/// The alignment of `call`, an `llvm.call @aligned_alloc`, when it can
/// become `malloc`: two `i64` operands, the first a constant power of two,
/// a pointer back, in a function of `module` itself, the buffer put in a
/// memref descriptor as its allocated pointer and every use of it a [`Role`].
fn rewritable(call: OperationRef, module: OperationRef) -> Option<i64> {
    let [alignment, bytes] = [call.operand(0).ok()?, call.operand(1).ok()?];
    let in_i64 =
        [alignment, bytes].iter().all(|operand| IntegerType::try_from(operand.r#type()).is_ok_and(|integer| integer.width() == 64));
    let buffer: Value = call.result(0).ok()?.into();
    let returns_pointer = call.operand_count() == 2 && call.result_count() == 1 && buffer.r#type().to_string() == "!llvm.ptr";
    let in_module = in_function_of(call, module);
    let alignment = constant(alignment).filter(|alignment| *alignment > 0 && alignment.count_ones() == 1)?;
    let users = users(buffer);
    let roles = users.iter().map(|user| role(*user, buffer)).collect::<Option<Vec<_>>>()?;
    let in_descriptor = users.iter().zip(&roles).any(|(user, role)| name(*user) == "llvm.insertvalue" && *role == Role::Allocated);
    (in_i64 && returns_pointer && in_module && in_descriptor).then_some(alignment)
}

/// What a use of an allocated buffer takes it as.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// The pointer the allocator returned: a memref descriptor's allocated
    /// pointer (`llvm.insertvalue` at position 0), or `free`'s operand.
    Allocated,
    /// The start of the buffer's data: a descriptor's aligned pointer
    /// (position 1), or the address of a load, a store, an element, a
    /// memory intrinsic or an integer (`llvm.ptrtoint`: the kernels' tests
    /// for a buffer the allocator did not give, null either way).
    Aligned,
}

/// The role `user` gives `buffer`; `None` for a use whose role cannot be
/// told (a call passing it on, a branch, a store of the pointer itself).
fn role(user: OperationRef, buffer: Value) -> Option<Role> {
    let operands = (0..user.operand_count()).map(|index| user.operand(index).ok()).collect::<Option<Vec<_>>>()?;
    let only_at = |places: &[usize]| operands.iter().enumerate().all(|(index, operand)| (*operand == buffer) == places.contains(&index));
    let only_one_of = |places: &[usize]| places.iter().any(|&place| only_at(&[place]));
    match name(user).as_str() {
        "llvm.insertvalue" if only_at(&[1]) && is_descriptor(user.result(0).ok()?.r#type()) => {
            let position = DenseI64ArrayAttribute::try_from(user.attribute("position").ok()?).ok()?;
            match (position.len(), position.element(0).ok()?) {
                (1, 0) => Some(Role::Allocated),
                (1, 1) => Some(Role::Aligned),
                _ => None,
            }
        }
        "llvm.call" if callee_name(user) == Some("free") && only_at(&[0]) => Some(Role::Allocated),
        "llvm.load" | "llvm.getelementptr" | "llvm.ptrtoint" | "llvm.intr.memset" if only_at(&[0]) => Some(Role::Aligned),
        "llvm.store" if only_at(&[1]) => Some(Role::Aligned),
        "llvm.intr.memcpy" | "llvm.intr.memmove" if only_one_of(&[0, 1]) => Some(Role::Aligned),
        _ => None,
    }
}

/// Whether `r#type` is a memref descriptor's struct: an allocated and an
/// aligned pointer, an `i64` offset, and the sizes and strides if ranked.
fn is_descriptor(r#type: Type) -> bool {
    let text = r#type.to_string();
    text == "!llvm.struct<(ptr, ptr, i64)>" || text.starts_with("!llvm.struct<(ptr, ptr, i64, array<")
}

/// Replaces `call` by `malloc` and the aligning offset (the module's
/// description).
fn rewrite<'c>(call: OperationRef<'c, '_>, alignment: i64, context: &'c Context) -> Option<()> {
    let block = call.block()?;
    let location = call.location();
    let i64_type: Type = IntegerType::new(context, 64).into();
    let bytes = call.operand(1).ok()?;
    let buffer: Value = call.result(0).ok()?.into();
    let pointer_type = buffer.r#type();
    let insert = |op: Operation<'c>| -> Option<Value<'c, '_>> { block.insert_operation_before(call, op).result(0).ok().map(Into::into) };
    let integer = |value: i64| {
        OperationBuilder::new("llvm.mlir.constant", location)
            .add_attributes(&[(Identifier::new(context, "value"), IntegerAttribute::new(i64_type, value).into())])
            .add_results(&[i64_type])
            .build()
            .ok()
    };
    let binary = |op: &str, a: Value<'c, '_>, b: Value<'c, '_>, result: Type<'c>| {
        OperationBuilder::new(op, location).add_operands(&[a, b]).add_results(&[result]).build().ok()
    };
    // `alignment - 1`: what the request adds, and the mask of the offset.
    let below = if alignment > MALLOC_ALIGNMENT { Some(insert(integer(alignment - 1)?)?) } else { None };
    let request = match below {
        None => bytes,
        Some(below) => {
            let padded = insert(binary("llvm.add", bytes, below, i64_type)?)?;
            insert(binary("llvm.intr.umax", padded, bytes, i64_type)?)?
        }
    };
    let raw = insert(llvm_call(context, location, "malloc", &[request], &[pointer_type])?)?;
    let aligned = if let Some(below) = below {
        let address = insert(OperationBuilder::new("llvm.ptrtoint", location).add_operands(&[raw]).add_results(&[i64_type]).build().ok()?)?;
        let zero = insert(integer(0)?)?;
        let negated = insert(binary("llvm.sub", zero, address, i64_type)?)?;
        let offset = insert(binary("llvm.and", negated, below, i64_type)?)?;
        insert(
            OperationBuilder::new("llvm.getelementptr", location)
                .add_operands(&[raw, offset])
                .add_attributes(&[
                    (Identifier::new(context, "rawConstantIndices"), DenseI32ArrayAttribute::new(context, &[i32::MIN]).into()),
                    (Identifier::new(context, "elem_type"), TypeAttribute::new(IntegerType::new(context, 8).into()).into()),
                ])
                .add_results(&[pointer_type])
                .build()
                .ok()?,
        )?
    } else {
        raw
    };
    for user in users(buffer) {
        let replacement = if role(user, buffer)? == Role::Allocated { raw } else { aligned };
        replace_operand(user, buffer, replacement);
    }
    erase(call).ok()
}
