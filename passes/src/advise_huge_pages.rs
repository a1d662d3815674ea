//! `advise-huge-pages`: every heap buffer of 4 MiB or more that a lowered
//! module allocates is advised to the kernel's transparent huge pages, as
//! NumPy does for its arrays. A fresh buffer is otherwise mapped one 4 KiB
//! page fault at a time as it is first written: a result of tens of
//! megabytes (a concatenation, a slice, a product's result) spent most of its
//! kernel's time in those faults.
//!
//! Runs on the LLVM dialect, after the memref lowering: after each
//! `llvm.call` of `malloc` or `aligned_alloc`, a call of one internal helper
//! with the buffer and its size in bytes. At 4 MiB or more the helper calls
//! `madvise(MADV_HUGEPAGE)` on the whole 4 KiB pages inside the buffer;
//! below, it returns at once (LLVM inlines it). The advice is Linux's (a
//! system whose transparent huge pages are off, or that lacks them, refuses
//! it, and the buffer stays as it was); the result is only used to ignore
//! it. A module that already gives the name `madvise` to something else is
//! left unadvised. Nothing else changes: the buffers are freed with `free`
//! as before.

use crate::ir::{collect, defined, module_of, name, only_block, unused_symbol};
use melior::{
    ir::{
        attribute::{DenseI32ArrayAttribute, FlatSymbolRefAttribute},
        operation::{OperationBuilder, OperationLike},
        BlockLike, Identifier, Module, Operation, OperationRef, Value,
    },
    Context,
};
use sparse_dialects::verify::emit_error;

module_pass!(
    AdviseHugePages,
    "advise-huge-pages",
    "Advise heap buffers of 4 MiB or more to transparent huge pages (madvise), after the LLVM lowering",
    run
);

/// Buffers of this many bytes or more are advised (NumPy's threshold).
pub const THRESHOLD: usize = 1 << 22;

/// The functions whose result is a fresh heap buffer, and which of their
/// operands is its size in bytes.
const ALLOCATORS: [(&str, usize); 2] = [("malloc", 0), ("aligned_alloc", 1)];

/// `madvise` as the C library declares it, and its type.
const MADVISE: &str = "llvm.func @madvise(!llvm.ptr, i64, i32) -> i32";
const MADVISE_TYPE: &str = "!llvm.func<i32 (ptr, i64, i32)>";

fn run<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> bool {
    // The calls of this module, not of a module nested in it (whose symbols
    // are its own).
    let in_this_module = |op: OperationRef| module_of(op).is_ok_and(|(nearest, _)| nearest == module);
    let allocations = collect(module, |op| name(op) == "llvm.call" && size_operand(op).is_some() && in_this_module(op));
    if allocations.is_empty() {
        return true;
    }
    let body = only_block(module, 0);
    let declared = match defined(body, "madvise") {
        Some(existing) if !declares_madvise(existing) => return true,
        declared => declared.is_some(),
    };
    let helper = unused_symbol(body, "sparse_advise_huge_pages");
    // The helper is parsed beside its own declaration of `madvise`, which
    // the module takes only when it has none.
    let Some(parsed) = Module::parse(context, &format!("{MADVISE}\n{}", helper_text(&helper))) else {
        return report(module);
    };
    let mut parsed_ops = std::iter::successors(parsed.body().first_operation(), |op| op.next_in_block());
    let (Some(declaration), Some(definition)) = (parsed_ops.next(), parsed_ops.next()) else {
        return report(module);
    };
    for op in [(!declared).then_some(declaration), Some(definition)].into_iter().flatten() {
        // SAFETY: `op` is live (`parsed` is), and the clone is a new op that
        // no block owns yet, which `append_operation` takes over.
        body.append_operation(unsafe { Operation::from_raw(mlir_sys::mlirOperationClone(op.to_raw())) });
    }
    for allocation in allocations {
        let (Some(size), Ok(buffer)) = (size_operand(allocation), allocation.result(0)) else { continue };
        match advise_call(&helper, buffer.into(), size, allocation, context) {
            Some(call) => {
                allocation.block().expect("a call is in a block").insert_operation_after(allocation, call);
            }
            None => return report(module),
        }
    }
    true
}

/// The size operand of a call of one of [`ALLOCATORS`].
fn size_operand<'c, 'a>(call: OperationRef<'c, 'a>) -> Option<Value<'c, 'a>> {
    let callee = sparse_dialects::text_of(call.attribute("callee").ok()?)?;
    let (_, operand) = ALLOCATORS.iter().find(|(allocator, _)| *allocator == callee)?;
    call.operand(*operand).ok()
}

/// Whether `op` is the C library's `madvise`, declared in the LLVM dialect.
fn declares_madvise(op: OperationRef) -> bool {
    name(op) == "llvm.func" && op.attribute("function_type").is_ok_and(|function| function.to_string() == MADVISE_TYPE)
}

/// The helper `@name(buffer, bytes)`.
fn helper_text(name: &str) -> String {
    format!(
        "llvm.func internal @{name}(%buffer: !llvm.ptr, %bytes: i64) {{
  %threshold = llvm.mlir.constant({THRESHOLD} : i64) : i64
  %large = llvm.icmp \"uge\" %bytes, %threshold : i64
  llvm.cond_br %large, ^advise, ^done
^advise:
  %address = llvm.ptrtoint %buffer : !llvm.ptr to i64
  %below_page = llvm.mlir.constant(4095 : i64) : i64
  %page_mask = llvm.mlir.constant(-4096 : i64) : i64
  %rounded_up = llvm.add %address, %below_page : i64
  %first = llvm.and %rounded_up, %page_mask : i64
  %end = llvm.add %address, %bytes : i64
  %past = llvm.and %end, %page_mask : i64
  %length = llvm.sub %past, %first : i64
  %offset = llvm.sub %first, %address : i64
  %start = llvm.getelementptr %buffer[%offset] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  %huge_pages = llvm.mlir.constant(14 : i32) : i32
  %ignored = llvm.call @madvise(%start, %length, %huge_pages) : (!llvm.ptr, i64, i32) -> i32
  llvm.br ^done
^done:
  llvm.return
}}"
    )
}

/// `llvm.call @helper(buffer, bytes)`, right after `allocation`.
fn advise_call<'c>(
    helper: &str,
    buffer: Value<'c, '_>,
    bytes: Value<'c, '_>,
    allocation: OperationRef<'c, '_>,
    context: &'c Context,
) -> Option<Operation<'c>> {
    let segments = DenseI32ArrayAttribute::new(context, &[2, 0]);
    let no_bundles = DenseI32ArrayAttribute::new(context, &[]);
    OperationBuilder::new("llvm.call", allocation.location())
        .add_operands(&[buffer, bytes])
        .add_attributes(&[
            (Identifier::new(context, "callee"), FlatSymbolRefAttribute::new(context, helper).into()),
            (Identifier::new(context, "operandSegmentSizes"), segments.into()),
            (Identifier::new(context, "op_bundle_sizes"), no_bundles.into()),
        ])
        .build()
        .ok()
}

/// Reports that the helper could not be built (an internal error).
fn report(module: OperationRef) -> bool {
    emit_error(module.location(), "advise-huge-pages: could not build the helper that advises buffers");
    false
}
