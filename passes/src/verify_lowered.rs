//! `verify-lowered`: the end of every lowering pipeline. Any op left outside
//! the `llvm` dialect (OpenMP's `omp` ops on LLVM types aside, which are
//! translated with it, and the `builtin.module` around it) is an error at that
//! op's location naming it, so an op no pass lowered can never pass through
//! with exit status 0 and fail later in the JIT or in a host compiler.
//!
//! Each unlowered op is reported once, outermost first: the ops nested in an
//! unlowered op (a `linalg.generic`'s body) are not reported again. A
//! `func.func` left because an op in it could not be converted is not
//! reported itself: that op is. Nor is an op whose results only unlowered
//! ops read (the shape constant of a `tensor.reshape`): its readers are.
//!
//! A function lowered to more than [`MOST_OPERATIONS`] ops is an error at
//! the function: LLVM would take tens of seconds or more to compile it.

use crate::ir::{collect, name, users};
use melior::{
    ir::{block::BlockLike, operation::OperationLike, Location, OperationRef, RegionLike, ValueLike},
    Context,
};
use sparse_dialects::verify::emit_error;

/// The most ops one lowered function may hold. Code grows with the product
/// of the merge lattices' cases down a loop nest (each region of a union is
/// a case holding the loops below it): a statement of a concatenation, a
/// slice and a bytemap under a fill that makes every point a result lowered
/// to 73,994 ops, which LLVM took 23 s to optimize; the largest module of
/// the tests and the conformance corpus prints 26,219 lines, several
/// functions together.
const MOST_OPERATIONS: usize = 40_000;

module_pass!(
    VerifyLowered,
    "verify-lowered",
    "Fail on any op left outside the LLVM dialect (and OpenMP's on LLVM types) (the end of --sparse-compiler)",
    run
);

fn run<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> bool {
    let mut unlowered: Vec<OperationRef> = Vec::new();
    for op in collect(module, |op| op != module) {
        let op_name = name(op);
        let inside_reported = std::iter::successors(op.parent_operation(), |parent| parent.parent_operation())
            .any(|parent| unlowered.contains(&parent) && name(parent) != "func.func");
        let nested_module = op_name == "builtin.module";
        // OpenMP's ops on LLVM types are translated with the LLVM dialect.
        let translated = op_name.starts_with("llvm.") || (op_name.starts_with("omp.") && on_llvm_types(op));
        if !inside_reported && !nested_module && !translated && op_name != "func.return" {
            unlowered.push(op);
        }
    }
    // A function stays `func.func` when an op in it could not be converted:
    // that op is the one to name, and the function only when it holds none.
    let culprits = unlowered.iter().filter(|op| {
        name(**op) != "func.func" || !unlowered.iter().any(|inner| inner.parent_operation().is_some_and(|parent| parent == **op))
    });
    let read_only_by_unlowered = |op: &OperationRef| {
        let readers: Vec<OperationRef> = op.results().flat_map(|result| users(result.into())).collect();
        !readers.is_empty() && readers.iter().all(|reader| unlowered.contains(reader) && name(*reader) != "func.func")
    };
    let culprits = culprits.filter(|op| !read_only_by_unlowered(op));
    let mut lowered = true;
    for op in culprits {
        let op_name = name(*op);
        emit_error(known_location(*op, context), &format!("'{op_name}' was not lowered to the LLVM dialect: {}", reason(&op_name)));
        lowered = false;
    }
    for function in collect(module, |op| name(op) == "llvm.func") {
        let size = collect(function, |op| op != function).len();
        if size > MOST_OPERATIONS {
            let symbol = function.attribute("sym_name").ok().and_then(sparse_dialects::text_of).unwrap_or_default().to_string();
            emit_error(
                known_location(function, context),
                &format!(
                    "the function '{symbol}' lowers to {size} LLVM operations (at most {MOST_OPERATIONS}): code this large takes \
                     LLVM tens of seconds to compile. A statement whose unions co-iterate sparse operands at every depth grows so \
                     (each region of a union is a case holding the loops below it): store some of its operands densely, or \
                     compute it in parts"
                ),
            );
            lowered = false;
        }
    }
    lowered
}

/// Whether every operand, result and block argument of `op` has a type the
/// LLVM dialect takes (not `index`, a memref, a tensor, a vector of index).
fn on_llvm_types(op: OperationRef) -> bool {
    let unlowered =
        |r#type: String| r#type == "index" || r#type.starts_with("memref<") || r#type.starts_with("tensor<") || r#type.ends_with("xindex>");
    let arguments = (0..op.region_count())
        .filter_map(|index| op.region(index).ok())
        .flat_map(|region| std::iter::successors(region.first_block(), |block| block.next_in_region()))
        .flat_map(|block| {
            (0..block.argument_count()).filter_map(move |index| block.argument(index).ok().map(|argument| argument.r#type().to_string()))
        })
        .collect::<Vec<_>>();
    let operands = op.operands().map(|operand| operand.r#type().to_string());
    let results = op.results().map(|result| result.r#type().to_string());
    !operands.chain(results).chain(arguments).any(unlowered)
}

/// The op's location, or where it is unknown (the bodies upstream's parser
/// builds for named linalg ops), that of its nearest ancestor that has one.
fn known_location<'c>(op: OperationRef<'c, '_>, context: &'c Context) -> Location<'c> {
    let unknown = Location::unknown(context);
    std::iter::successors(Some(op), |op| op.parent_operation())
        .map(|op| op.location())
        .find(|location| *location != unknown)
        .unwrap_or(unknown)
}

/// Why an op may be left, for the user who meets it.
fn reason(op_name: &str) -> &'static str {
    match op_name.split_once('.').map(|(dialect, _)| dialect) {
        Some("linalg") => "only linalg.generic on tensors (and the named ops that generalize to it) is compiled, when arr can express it",
        Some("tensor" | "bufferization") => "the sparse compiler does not lower this tensor operation",
        Some("sparse_tensor") => "this host operation on sparse tensors is not lowered yet (docs/modules.md lists those that are)",
        Some("arr" | "sig" | "cfir") => "a pass of the sparse compiler left it; run the whole --sparse-compiler pipeline",
        _ => "no pass of the pipeline lowers this operation",
    }
}

#[cfg(test)]
mod tests {
    fn run(source: &str) -> bool {
        crate::passes_on(&super::INFO, source)
    }

    #[test]
    fn accepts_the_llvm_dialect_and_refuses_anything_else() {
        assert!(run("llvm.func @f(%x: i64) -> i64 {\n  llvm.return %x : i64\n}"));
        assert!(!run("func.func @f(%x: i64) -> i64 {\n  return %x : i64\n}"));
        assert!(!run("llvm.func @f(%x: i64) -> i64 {\n  %c = arith.addi %x, %x : i64\n  llvm.return %c : i64\n}"));
    }

    #[test]
    fn accepts_openmp_ops_on_llvm_types_only() {
        let loop_over = |r#type: &str| {
            format!(
                "llvm.func @f(%m: i64) {{\n  %n = builtin.unrealized_conversion_cast %m : i64 to {type}\n  omp.parallel {{\n    omp.wsloop {{\n      omp.loop_nest (%i) : {type} = (%n) to (%n) step (%n) {{\n        omp.yield\n      }}\n    }}\n    omp.terminator\n  }}\n  llvm.return\n}}"
            )
        };
        let on_i64 = crate::errors_of(&super::INFO, &loop_over("i64"));
        assert!(on_i64.iter().all(|error| !error.contains("omp.")), "{on_i64:?}");
        let errors = crate::errors_of(&super::INFO, &loop_over("index"));
        assert!(errors.iter().any(|error| error.contains("'omp.loop_nest' was not lowered")), "{errors:?}");
    }

    #[test]
    fn names_the_reader_of_an_unlowered_value_not_its_maker() {
        let source = "llvm.func @f() {\n  %s = arith.constant dense<[2]> : tensor<1xi32>\n  %t = \"test.reads\"(%s) : (tensor<1xi32>) -> i64\n  llvm.return\n}";
        let errors = crate::errors_of(&super::INFO, source);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].contains("'test.reads' was not lowered"), "{errors:?}");
    }
}
