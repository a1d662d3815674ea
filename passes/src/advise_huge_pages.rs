//! `advise-huge-pages`: every heap buffer of 4 MiB or more that a lowered
//! module allocates is advised to the kernel's transparent huge pages, as
//! NumPy does for its arrays. A fresh buffer is otherwise mapped one 4 KiB
//! page fault at a time as it is first written: a result of tens of
//! megabytes (a concatenation, a slice, a product's result) spent most of its
//! kernel's time in those faults.
//!
//! Runs on the LLVM dialect, after the memref lowering: after each
//! `llvm.call` of `malloc` or `aligned_alloc` (a size in `i64`, a pointer
//! back) in a function of this module, a call of one internal helper with
//! the buffer and its size in bytes. Where the allocator gave no buffer for
//! a size other than 0 (the machine's memory cannot hold it), the helper
//! prints [`ALLOCATION_FAILED`] on standard error and stops the program
//! with status 1, which would otherwise write through a null pointer. It
//! does nothing for a size below 4 MiB (or one that does not fit `i64`);
//! otherwise it calls `madvise(MADV_HUGEPAGE)` on the 2 MiB
//! stretches inside the buffer (huge pages cover nothing smaller, and
//! 2 MiB is a multiple of every base page size up to it) and ignores what
//! it returns. Allocations already followed by the helper's call are left
//! as they are, so running the pass twice changes nothing. A module that
//! gives the name `madvise`, `write` or `exit` to something else is left
//! as it is. The
//! buffers are freed with `free` as before.

use crate::ir::{callee_name, collect, defined, in_function_of, llvm_call, name, only_block, unused_symbol};
use melior::{
    ir::{
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
        BlockLike, Module, OperationRef, Value, ValueLike,
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

/// The size of a huge page: the stretches of a buffer that are advised.
pub const HUGE_PAGE: usize = 1 << 21;

/// The functions whose result is a fresh heap buffer, and which of their
/// operands make its size in bytes (their product: `calloc`'s count and
/// element size).
const ALLOCATORS: [(&str, &[usize]); 3] = [("malloc", &[0]), ("aligned_alloc", &[1]), ("calloc", &[0, 1])];

/// The helper's name, or the start of it when that name is taken.
const HELPER: &str = "sparse_advise_huge_pages";

/// The C library's functions the helper calls, as it declares them (a
/// module's own declaration of one must have this type): `madvise`, and
/// `write` and `exit` to stop the program where an allocation failed.
const LIBRARY: [&str; 3] =
    ["llvm.func @madvise(!llvm.ptr, i64, i32) -> i32", "llvm.func @write(i32, !llvm.ptr, i64) -> i64", "llvm.func @exit(i32)"];

/// What the helper prints on standard error, and a newline, before it stops
/// the program where the allocator returned no buffer for a size other than 0.
const ALLOCATION_FAILED: &str = "error: the kernel could not allocate a buffer: this machine's memory cannot hold it";

fn run<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> bool {
    let body = only_block(module, 0);
    let allocations = collect(module, |op| name(op) == "llvm.call" && !advised(op))
        .into_iter()
        .filter_map(|op| Some((op, allocation_size(op, module)?, op.result(0).ok()?)))
        .collect::<Vec<_>>();
    if allocations.is_empty() {
        return true;
    }
    let helper = unused_symbol(body, HELPER);
    let message = unused_symbol(body, &format!("{HELPER}_failed"));
    // The helper is parsed beside its own declarations of the C library's
    // functions, which the module takes only where it has none, and its
    // message.
    let parsed = Module::parse(context, &format!("{}\n{}", LIBRARY.join("\n"), helper_text(&helper, &message)));
    let parsed_ops =
        parsed.as_ref().map(|parsed| std::iter::successors(parsed.body().first_operation(), |op| op.next_in_block()).collect());
    let Some([madvise, write, exit, global, definition]) = parsed_ops.and_then(|ops: Vec<_>| <[_; 5]>::try_from(ops).ok()) else {
        emit_error(module.location(), "advise-huge-pages: the helper that advises buffers does not parse");
        return false;
    };
    let mut missing = Vec::new();
    for declaration in [madvise, write, exit] {
        let function = sparse_dialects::text_of(declaration.attribute("sym_name").expect("a function has a name")).unwrap_or_default();
        match defined(body, function) {
            // Another function of that name: the buffers are left as they are.
            Some(existing) if !same_function(existing, declaration) => return true,
            Some(_) => {}
            None => missing.push(declaration),
        }
    }
    for op in missing.into_iter().chain([global, definition]) {
        body.append_operation((*op).clone());
    }
    for (allocation, factors, buffer) in allocations {
        // A product of factors goes before the allocation, so that the call
        // that advises it stays right after it (see `advised`).
        let block = allocation.block().expect("a call is in a block");
        let mut factors = factors.into_iter();
        let first = factors.next().expect("an allocator has a size");
        let bytes = factors.try_fold(first, |product, factor| {
            let multiply = OperationBuilder::new("llvm.mul", allocation.location())
                .add_operands(&[product, factor])
                .add_results(&[factor.r#type()])
                .build()
                .ok()?;
            Some(block.insert_operation_before(allocation, multiply).result(0).ok()?.into())
        });
        let Some(bytes) = bytes else {
            emit_error(allocation.location(), "advise-huge-pages: could not build this buffer's size in bytes");
            return false;
        };
        let Some(call) = llvm_call(context, allocation.location(), &helper, &[buffer.into(), bytes], &[]) else {
            emit_error(allocation.location(), "advise-huge-pages: could not build the call that advises this buffer");
            return false;
        };
        allocation.block().expect("a call is in a block").insert_operation_after(allocation, call);
    }
    true
}

/// The factors of the size in bytes of the buffer `op` allocates, when
/// `op` is an `llvm.call` of one of [`ALLOCATORS`] that takes them in `i64`
/// and returns a pointer, in a function of `module` itself (not of a nested
/// module, whose symbols are its own).
fn allocation_size<'c, 'a>(op: OperationRef<'c, 'a>, module: OperationRef) -> Option<Vec<Value<'c, 'a>>> {
    let callee = callee_name(op)?;
    let (_, operands) = ALLOCATORS.iter().find(|(allocator, _)| *allocator == callee)?;
    let factors = operands.iter().map(|&operand| op.operand(operand).ok()).collect::<Option<Vec<_>>>()?;
    let returns_pointer = op.result_count() == 1 && op.result(0).ok()?.r#type().to_string() == "!llvm.ptr";
    let in_module = in_function_of(op, module);
    let sizes_in_i64 = factors.iter().all(|factor| IntegerType::try_from(factor.r#type()).is_ok_and(|integer| integer.width() == 64));
    (sizes_in_i64 && returns_pointer && in_module).then_some(factors)
}

/// Whether the op after `allocation` already advises its buffer.
fn advised(allocation: OperationRef) -> bool {
    let Some(next) = allocation.next_in_block() else { return false };
    let calls_helper = name(next) == "llvm.call" && callee_name(next).is_some_and(|callee| callee.starts_with(HELPER));
    calls_helper && allocation.result(0).is_ok_and(|buffer| next.operand(0).is_ok_and(|operand| operand == buffer.into()))
}

/// Whether `op` is an `llvm.func` of the type of `declaration`'s.
fn same_function(op: OperationRef, declaration: OperationRef) -> bool {
    name(op) == "llvm.func" && op.attribute("function_type").ok() == declaration.attribute("function_type").ok()
}

/// The helper `@symbol(buffer, bytes)`, and the global `@message` it
/// prints where the allocation failed.
fn helper_text(symbol: &str, message: &str) -> String {
    let below_huge_page = HUGE_PAGE - 1;
    // The message and its newline (`\0A` in MLIR's string).
    let length = ALLOCATION_FAILED.len() + 1;
    format!(
        "llvm.mlir.global internal constant @{message}(\"{ALLOCATION_FAILED}\\0A\") {{addr_space = 0 : i32}} : !llvm.array<{length} x i8>
llvm.func internal @{symbol}(%buffer: !llvm.ptr, %bytes: i64) {{
  %threshold = llvm.mlir.constant({THRESHOLD} : i64) : i64
  %null = llvm.mlir.zero : !llvm.ptr
  %zero = llvm.mlir.constant(0 : i64) : i64
  %allocated = llvm.icmp \"ne\" %buffer, %null : !llvm.ptr
  %empty = llvm.icmp \"eq\" %bytes, %zero : i64
  %given = llvm.or %allocated, %empty : i1
  llvm.cond_br %given, ^given, ^failed
^failed:
  %text = llvm.mlir.addressof @{message} : !llvm.ptr
  %standard_error = llvm.mlir.constant(2 : i32) : i32
  %text_length = llvm.mlir.constant({length} : i64) : i64
  %written = llvm.call @write(%standard_error, %text, %text_length) : (i32, !llvm.ptr, i64) -> i64
  %status = llvm.mlir.constant(1 : i32) : i32
  llvm.call @exit(%status) : (i32) -> ()
  llvm.unreachable
^given:
  %large = llvm.icmp \"sge\" %bytes, %threshold : i64
  %advisable = llvm.and %large, %allocated : i1
  llvm.cond_br %advisable, ^advise, ^done
^advise:
  %address = llvm.ptrtoint %buffer : !llvm.ptr to i64
  %below_huge_page = llvm.mlir.constant({below_huge_page} : i64) : i64
  %huge_page_mask = llvm.mlir.constant(-{HUGE_PAGE} : i64) : i64
  %rounded_up = llvm.add %address, %below_huge_page : i64
  %first = llvm.and %rounded_up, %huge_page_mask : i64
  %end = llvm.add %address, %bytes : i64
  %past = llvm.and %end, %huge_page_mask : i64
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
