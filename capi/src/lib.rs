//! The C API of the sparse array compiler, declared in
//! `include/sparse-compiler-c/SparseCompiler.h`: registering the dialects in
//! a host's context, adding a textual pipeline of our passes and upstream
//! ones to a host's pass manager, and listing our passes.
//!
//! Everything here works on the host's MLIR objects through MLIR's C API:
//! built by the CMake package (`cmake/`), this crate becomes a static
//! library whose MLIR symbols stay undefined and resolve against the host's
//! MLIR, so the process has one copy of it (`docs/embedding.md`). Failures
//! are reported through the caller's string callback with a failed
//! `MlirLogicalResult`; a panic is caught at the boundary and reported the
//! same way, never unwound into C.

use melior::{
    pass::{OperationPassManager, PassManager},
    utility::register_all_passes,
    Context, ContextRef, StringRef,
};
use mlir_sys::{MlirContext, MlirLogicalResult, MlirOpPassManager, MlirStringCallback, MlirStringRef};
use sparse_passes::{pipeline, PASSES};
use std::{ffi::c_void, panic::AssertUnwindSafe};

/// Where a failure's text goes: the caller's callback and its data.
struct Reporter {
    callback: MlirStringCallback,
    user_data: *mut c_void,
}

impl Reporter {
    /// Runs `work`, and turns its error, or a panic, into a message for the
    /// callback and a failed result.
    fn run(&self, work: impl FnOnce() -> Result<(), String>) -> MlirLogicalResult {
        let outcome = std::panic::catch_unwind(AssertUnwindSafe(work))
            .unwrap_or_else(|_| Err("internal error in the sparse compiler (a panic, caught at the C API)".to_string()));
        match outcome {
            Ok(()) => MlirLogicalResult { value: 1 },
            Err(message) => {
                if let Some(callback) = self.callback {
                    // SAFETY: the caller gave a callback that takes a string
                    // reference valid for the call and its own `user_data`.
                    unsafe { callback(StringRef::new(&message).to_raw(), self.user_data) };
                }
                MlirLogicalResult { value: 0 }
            }
        }
    }
}

/// `sparseCompilerRegisterDialects`: loads `arr`, `sig` and `cfir`, and the
/// upstream dialects, into the host's context; again on the same context,
/// nothing.
///
/// # Safety
///
/// `context` is a live MLIR context of the process's MLIR; `error_callback`,
/// when not null, may be called with `user_data`.
#[export_name = "sparseCompilerRegisterDialects"]
pub unsafe extern "C" fn register_dialects(
    context: MlirContext,
    error_callback: MlirStringCallback,
    user_data: *mut c_void,
) -> MlirLogicalResult {
    Reporter { callback: error_callback, user_data }.run(|| {
        // SAFETY: the caller hands a live context, which outlives this call.
        let handle = unsafe { ContextRef::from_raw(context) };
        // SAFETY: `handle` outlives the reference `to_ref` lends through it.
        let context = unsafe { handle.to_ref() };
        sparse_dialects::load_dialects(context).map_err(|error| error.to_string())
    })
}

/// `sparseCompilerParsePassPipeline`: the passes of `pipeline` added to the
/// host's pass manager, or nothing and an error.
///
/// # Safety
///
/// `pass_manager` is a live operation pass manager anchored on
/// `builtin.module`; `pipeline` points to `length` readable bytes;
/// `error_callback`, when not null, may be called with `user_data`.
#[export_name = "sparseCompilerParsePassPipeline"]
pub unsafe extern "C" fn parse_pass_pipeline(
    pass_manager: MlirOpPassManager,
    pipeline: MlirStringRef,
    error_callback: MlirStringCallback,
    user_data: *mut c_void,
) -> MlirLogicalResult {
    Reporter { callback: error_callback, user_data }.run(|| {
        // SAFETY: the caller hands a live pass manager and a readable string.
        let (manager, text) = unsafe { (OperationPassManager::from_raw(pass_manager), text_of(pipeline)) };
        add_pipeline(manager, text.ok_or("the pass pipeline is not UTF-8")?)
    })
}

/// Adds the passes of `text` to `manager`. Each element is tried first on a
/// scratch pass manager, so that an unknown or malformed one adds nothing
/// to the host's.
fn add_pipeline(manager: OperationPassManager, text: &str) -> Result<(), String> {
    // MLIR aborts when a pass anchored on builtin.module is added to a pass
    // manager nested on another op; its anchor is what it prints before `(`.
    let printed = manager.to_string();
    let anchor = printed.split('(').next().unwrap_or_default();
    if !matches!(anchor, "builtin.module" | "any") {
        return Err(format!(
            "the pass manager runs on '{anchor}'; the sparse compiler's pipeline runs on builtin.module (pass the top level of a pass manager)"
        ));
    }
    register_all_passes();
    let steps = pipeline::parse(text)?;
    let scratch_context = Context::new();
    let scratch = PassManager::new(&scratch_context);
    pipeline::build(scratch.as_operation_pass_manager(), &steps)?;
    pipeline::build(manager, &steps)
}

/// `sparseCompilerGetNumPasses`.
#[export_name = "sparseCompilerGetNumPasses"]
pub extern "C" fn number_of_passes() -> isize {
    PASSES.len() as isize
}

/// `sparseCompilerGetPassArgument`: the pipeline name of pass `index`.
#[export_name = "sparseCompilerGetPassArgument"]
pub extern "C" fn pass_argument(index: isize) -> MlirStringRef {
    static_text(usize::try_from(index).ok().and_then(|index| PASSES.get(index)).map(|pass| pass.argument))
}

/// `sparseCompilerGetPassSummary`: the one-line summary of pass `index`.
#[export_name = "sparseCompilerGetPassSummary"]
pub extern "C" fn pass_summary(index: isize) -> MlirStringRef {
    static_text(usize::try_from(index).ok().and_then(|index| PASSES.get(index)).map(|pass| pass.summary))
}

/// The text `string` refers to (an empty one too, which melior's
/// `StringRef::as_str` cannot read); `None` when it is not UTF-8.
///
/// # Safety
///
/// `string` points to `length` readable bytes, or has length 0.
unsafe fn text_of<'a>(string: MlirStringRef) -> Option<&'a str> {
    if string.length == 0 {
        return Some("");
    }
    // SAFETY: the caller vouches for the bytes.
    let bytes = unsafe { std::slice::from_raw_parts(string.data as *const u8, string.length) };
    std::str::from_utf8(bytes).ok()
}

/// A static string as a C string reference; the empty string for `None`.
fn static_text(text: Option<&'static str>) -> MlirStringRef {
    StringRef::new(text.unwrap_or("")).to_raw()
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::ir::Module;

    unsafe extern "C" fn collect(message: MlirStringRef, data: *mut c_void) {
        // SAFETY: `data` is the `String` each test passes, and the message
        // is valid during the call.
        let (errors, message) = unsafe { (&mut *(data as *mut String), text_of(message)) };
        errors.push_str(message.unwrap());
    }

    /// `pipeline` added through the C API to a fresh pass manager of
    /// `context`: the result, and what the callback received.
    fn add<'c>(context: &'c Context, pipeline: &str) -> (bool, String, PassManager<'c>) {
        let manager = PassManager::new(context);
        let mut errors = String::new();
        // SAFETY: the manager and `errors` outlive the call.
        let result = unsafe {
            parse_pass_pipeline(
                manager.as_operation_pass_manager().to_raw(),
                StringRef::new(pipeline).to_raw(),
                Some(collect),
                &mut errors as *mut String as *mut c_void,
            )
        };
        (result.value == 1, errors, manager)
    }

    #[test]
    fn registers_twice_and_compiles_a_kernel() {
        let context = Context::new();
        for _ in 0..2 {
            let mut errors = String::new();
            // SAFETY: the context and `errors` outlive the call.
            let result = unsafe { register_dialects(context.to_raw(), Some(collect), &mut errors as *mut String as *mut c_void) };
            assert_eq!((result.value, errors.as_str()), (1, ""));
        }
        let source = "#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
            func.func @spmv(%a: tensor<4x4xf64, #CSR>, %x: tensor<4xf64>, %y: tensor<4xf64>) -> tensor<4xf64> {
              %r = linalg.matvec ins(%a, %x : tensor<4x4xf64, #CSR>, tensor<4xf64>) outs(%y : tensor<4xf64>) -> tensor<4xf64>
              return %r : tensor<4xf64>
            }";
        let mut module = Module::parse(&context, source).unwrap();
        let (added, errors, manager) = add(&context, "builtin.module(canonicalize,sparse-compiler)");
        assert!(added, "{errors}");
        manager.run(&mut module).unwrap();
        let printed = module.as_operation().to_string();
        assert!(printed.contains("llvm.func @spmv"), "{printed}");
        assert!(!printed.contains("linalg.") && !printed.contains("scf."), "{printed}");
    }

    #[test]
    fn reports_bad_pipelines_through_the_callback() {
        let context = Context::new();
        for (pipeline, expected) in [
            ("builtin.module(no-such-pass)", "no-such-pass"),
            ("raise-linalg", "builtin.module(...)"),
            ("builtin.module(raise-linalg{x=1})", "takes no options"),
            ("builtin.module(func.func(cse)", "unbalanced"),
            ("", "builtin.module(...)"),
            // Nothing is added before the failing element.
            ("builtin.module(raise-linalg, no-such-pass)", "no-such-pass"),
        ] {
            let empty = PassManager::new(&context).as_operation_pass_manager().to_string();
            let (added, errors, manager) = add(&context, pipeline);
            assert!(!added, "{pipeline}");
            assert!(errors.contains(expected), "{pipeline}: {errors}");
            assert_eq!(manager.as_operation_pass_manager().to_string(), empty, "{pipeline}");
        }
    }

    #[test]
    fn refuses_a_pass_manager_nested_on_another_op() {
        let context = Context::new();
        let manager = PassManager::new(&context);
        let nested = manager.nested_under("func.func");
        let mut errors = String::new();
        // SAFETY: the manager and `errors` outlive the call.
        let result = unsafe {
            parse_pass_pipeline(
                nested.to_raw(),
                StringRef::new("builtin.module(sparse-compiler)").to_raw(),
                Some(collect),
                &mut errors as *mut String as *mut c_void,
            )
        };
        assert_eq!(result.value, 0);
        assert!(errors.contains("runs on 'func.func'"), "{errors}");
    }

    #[test]
    fn lists_the_passes() {
        assert_eq!(number_of_passes() as usize, PASSES.len());
        // SAFETY: the references point to static strings.
        let (argument, summary, outside) =
            unsafe { (text_of(pass_argument(0)), text_of(pass_summary(0)), text_of(pass_summary(PASSES.len() as isize))) };
        assert_eq!((argument, summary), (Some(PASSES[0].argument), Some(PASSES[0].summary)));
        assert_eq!(outside, Some(""));
        // SAFETY: as above.
        assert_eq!(unsafe { text_of(pass_argument(-1)) }, Some(""));
    }
}
