//! `--pass-pipeline='builtin.module(...)'`: a pipeline mixing our passes with
//! upstream ones (`sparse-compiler` stands for the whole compiler). Our passes are not in MLIR's global registry (the C API
//! cannot add them there), so the top level of the pipeline is split here:
//! our pass names become our passes, every other element goes to MLIR's
//! pipeline parser, which also reports unknown names.

use crate::PassInfo;
use melior::{pass::OperationPassManager, StringRef};
use std::ffi::c_void;

/// The whole compiler: calls passing slices inlined, `math.atan2` of
/// constants folded (before any greedy rewrite, which folds it to NaN at 0, 0), named linalg ops generalized, our passes down to scf
/// and memref, upstream's conversions to the LLVM dialect, and the check
/// that nothing else is left.
pub const SPARSE_COMPILER: &str =
    "builtin.module(inline-slice-calls,fold-atan2,linalg-generalize-named-ops,raise-linalg,arr-fuse,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,\
     convert-complex-to-standard,fold-atan2,canonicalize{top-down=false},cse,prefetch-streams,interleave-reductions,branch-merges,unroll-short-tails,expand-realloc,convert-vector-to-scf,lower-affine,convert-scf-to-cf,\
     expand-strided-metadata,convert-vector-to-llvm,finalize-memref-to-llvm{use-aligned-alloc=1},convert-math-to-llvm,convert-math-to-libm,convert-to-llvm,\
     reconcile-unrealized-casts,aligned-malloc,advise-huge-pages,verify-lowered)";

/// `pipeline` (the sparse compiler's) with `parallelize-outer-loops` after
/// `cfir-to-scf` and its clean-up, and `apply-noalias-parameters` after the
/// LLVM lowering: the kernels' outermost loops whose iterations are
/// independent become OpenMP worksharing loops, which call the OpenMP
/// runtime (`libomp`) on as many threads as it is set to. A pipeline
/// without the sparse compiler's
/// `cfir-to-scf,convert-complex-to-standard,fold-atan2,canonicalize{top-down=false},cse,`
/// and `reconcile-unrealized-casts,` after it is an error.
pub fn with_parallel_loops(pipeline: &str) -> Result<String, String> {
    const AFTER_LOOPS: &str = "cfir-to-scf,convert-complex-to-standard,fold-atan2,canonicalize{top-down=false},cse,";
    const AFTER_LLVM: &str = "reconcile-unrealized-casts,";
    let refused = || "parallel loops need the sparse compiler's pipeline (--sparse-compiler)".to_string();
    let loops = pipeline.find(AFTER_LOOPS).ok_or_else(refused)? + AFTER_LOOPS.len();
    let llvm = pipeline[loops..].find(AFTER_LLVM).ok_or_else(refused)? + loops + AFTER_LLVM.len();
    Ok(format!("{}{PARALLEL_LOOPS}{}apply-noalias-parameters,{}", &pipeline[..loops], &pipeline[loops..llvm], &pipeline[llvm..]))
}

/// The name that stands for [`SPARSE_COMPILER`] inside a pipeline, as in
/// `builtin.module(canonicalize,sparse-compiler)`.
pub const SPARSE_COMPILER_NAME: &str = "sparse-compiler";

/// `pipeline` with MLIR's runtime verification inserted after `cfir-to-scf`,
/// or after `parallelize-outer-loops` where the pipeline has it (so that
/// the code that pass adds, the runs' bounds and the moves of a sparse
/// result's runs, is checked too): every `memref.load` and `memref.store`
/// of the lowered loops checks its index against the buffer's size and
/// aborts with the op's location when it is out of bounds. For testing: it
/// finds a buffer sized too small, which would otherwise corrupt memory
/// silently.
pub fn with_bounds_checks(pipeline: &str) -> String {
    const CHECKS: &str = "generate-runtime-verification,";
    match pipeline.find(PARALLEL_LOOPS) {
        Some(at) => format!("{}{CHECKS}{}", &pipeline[..at + PARALLEL_LOOPS.len()], &pipeline[at + PARALLEL_LOOPS.len()..]),
        None => pipeline.replacen("cfir-to-scf,", &format!("cfir-to-scf,{CHECKS}"), 1),
    }
}

/// How [`with_parallel_loops`] names the parallelizing pass in a pipeline.
const PARALLEL_LOOPS: &str = "parallelize-outer-loops,";

/// One element of the top-level pipeline.
pub enum Step {
    Ours(&'static PassInfo),
    /// Text for MLIR's parser: `canonicalize`, `func.func(cse)`, ...
    Upstream(String),
}

/// Reads `builtin.module(a, b{opt=1}, func.func(c))`.
pub fn parse(text: &str) -> Result<Vec<Step>, String> {
    let inner = text
        .trim()
        .strip_prefix("builtin.module(")
        .and_then(|rest| rest.strip_suffix(')'))
        .ok_or_else(|| format!("the pass pipeline must have the form 'builtin.module(...)', got '{text}'"))?;
    let mut steps = Vec::new();
    for element in split_elements(inner)? {
        let name_end = element.find(['{', '(']).unwrap_or(element.len());
        let name = element[..name_end].trim();
        let ours = name == SPARSE_COMPILER_NAME || crate::find(name).is_some();
        if ours && name_end != element.len() {
            return Err(format!("pass '{name}' takes no options"));
        }
        match crate::find(name) {
            Some(pass) => steps.push(Step::Ours(pass)),
            None if name == SPARSE_COMPILER_NAME => steps.extend(parse(SPARSE_COMPILER)?),
            None => {
                if let Some(nested) = nested_pass_of_ours(&element[name_end..]) {
                    return Err(format!(
                        "pass '{nested}' runs on the top-level module only: name it in builtin.module(...) itself, not inside '{name}(...)'"
                    ));
                }
                steps.push(Step::Upstream(element.to_string()))
            }
        }
    }
    Ok(steps)
}

/// The first of our passes (or the whole pipeline) named in `text`, an
/// upstream element's nested pipeline: `(arr-concretize)` of
/// `func.func(arr-concretize)`. Options in braces are skipped.
fn nested_pass_of_ours(text: &str) -> Option<&str> {
    let mut braces = 0i32;
    let mut names = Vec::new();
    let mut start = None;
    for (at, byte) in text.bytes().enumerate() {
        let in_name = braces == 0 && (byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.'));
        match (in_name, start) {
            (true, None) => start = Some(at),
            (false, Some(from)) => {
                names.push(&text[from..at]);
                start = None;
            }
            _ => {}
        }
        match byte {
            b'{' => braces += 1,
            b'}' => braces -= 1,
            _ => {}
        }
    }
    names.extend(start.map(|from| &text[from..]));
    names.into_iter().find(|&name| name == SPARSE_COMPILER_NAME || crate::find(name).is_some())
}

/// Splits at commas outside `()` and `{}`; rejects unbalanced brackets.
fn split_elements(text: &str) -> Result<Vec<&str>, String> {
    let (mut depth, mut start, mut elements) = (0i32, 0, Vec::new());
    for (at, byte) in text.bytes().enumerate() {
        match byte {
            b'(' | b'{' => depth += 1,
            b')' | b'}' => depth -= 1,
            b',' if depth == 0 => {
                elements.push(text[start..at].trim());
                start = at + 1;
            }
            _ => {}
        }
        if depth < 0 {
            return Err(format!("unbalanced brackets in the pass pipeline '{text}'"));
        }
    }
    if depth != 0 {
        return Err(format!("unbalanced brackets in the pass pipeline '{text}'"));
    }
    elements.push(text[start..].trim());
    Ok(elements.into_iter().filter(|element| !element.is_empty()).collect())
}

/// Adds `steps` to `manager`, in order (a pass manager's top level, from
/// `PassManager::as_operation_pass_manager`, or a host's through the C API).
pub fn build(manager: OperationPassManager, steps: &[Step]) -> Result<(), String> {
    for step in steps {
        match step {
            Step::Ours(pass) => manager.add_pass((pass.create)()),
            Step::Upstream(text) => add_upstream(manager, text)?,
        }
    }
    Ok(())
}

fn add_upstream(manager: OperationPassManager, text: &str) -> Result<(), String> {
    unsafe extern "C" fn append(message: mlir_sys::MlirStringRef, data: *mut c_void) {
        // SAFETY: `data` is the `String` passed below and the message is valid here.
        let (error, message) = unsafe { (&mut *(data as *mut String), StringRef::from_raw(message)) };
        error.push_str(message.as_str().unwrap_or("(message is not UTF-8)"));
    }
    let mut error = String::new();
    // SAFETY: the pass manager is live; `error` outlives the call.
    let result = unsafe {
        mlir_sys::mlirOpPassManagerAddPipeline(
            manager.to_raw(),
            StringRef::new(text).to_raw(),
            Some(append),
            &mut error as *mut String as *mut c_void,
        )
    };
    if result.value == 1 {
        Ok(())
    } else {
        Err(error.trim().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_ours_from_upstream() {
        let steps = parse("builtin.module(verify-sparse, canonicalize{max-iterations=2}, func.func(cse,canonicalize))").unwrap();
        let names = steps
            .iter()
            .map(|step| match step {
                Step::Ours(pass) => format!("ours:{}", pass.argument),
                Step::Upstream(text) => text.clone(),
            })
            .collect::<Vec<_>>();
        assert_eq!(names, ["ours:verify-sparse", "canonicalize{max-iterations=2}", "func.func(cse,canonicalize)"]);
        assert!(parse("canonicalize").is_err());
        assert!(parse("builtin.module(func.func(cse)").is_err());
        assert!(parse("builtin.module(verify-sparse{x=1})").is_err());
        assert_eq!(parse("builtin.module()").unwrap().len(), 0);
        assert_eq!(parse(SPARSE_COMPILER).unwrap().len(), 31);
        assert_eq!(parse(&with_bounds_checks(SPARSE_COMPILER)).unwrap().len(), 32);
        // With parallel loops, the checks come after the pass that makes them.
        let checked = with_bounds_checks(&with_parallel_loops(SPARSE_COMPILER).unwrap());
        assert!(
            checked.contains(
                "cse,parallelize-outer-loops,generate-runtime-verification,prefetch-streams,interleave-reductions,branch-merges,unroll-short-tails,expand-realloc"
            ),
            "{checked}"
        );
        assert_eq!(checked.matches("generate-runtime-verification").count(), 1);
        assert_eq!(parse("builtin.module(canonicalize, sparse-compiler)").unwrap().len(), 32);
        assert!(parse("builtin.module(sparse-compiler{x=1})").is_err());
        // Our passes run on the top-level module only.
        let nested = parse("builtin.module(func.func(canonicalize{max-iterations=2}, arr-concretize))").err().unwrap();
        assert!(nested.starts_with("pass 'arr-concretize' runs on the top-level module only"), "{nested}");
        assert!(parse("builtin.module(func.func(sparse-compiler))").is_err());
        assert!(parse("builtin.module(func.func(canonicalize{a=arr-concretize}))").is_ok());
        let parallel = with_parallel_loops(SPARSE_COMPILER).unwrap();
        assert!(parallel.contains(
            "cse,parallelize-outer-loops,prefetch-streams,interleave-reductions,branch-merges,unroll-short-tails,expand-realloc,"
        ));
        assert!(parallel.contains("reconcile-unrealized-casts,apply-noalias-parameters,aligned-malloc,advise-huge-pages,"));
        assert_eq!(parse(&parallel).unwrap().len(), 33);
        assert!(with_parallel_loops("builtin.module(canonicalize)").is_err());
    }
}
