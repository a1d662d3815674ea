//! `verify-sparse`: the semantic rules of `arr`, `sig` and `cfir` as a pass,
//! so that a pipeline (ours, or a host compiler's) can check them at any point.
//! IRDL verifies each op's structure on its own; this pass adds the rules in
//! `sparse_dialects::verify`, and fails the pipeline when one is broken.

use melior::{ir::OperationRef, Context};

module_pass!(VerifySparse, "verify-sparse", "Check the semantic rules of the arr, sig and cfir dialects", run);

fn run<'c>(module: OperationRef<'c, '_>, _context: &'c Context) -> bool {
    sparse_dialects::verify::verify(module)
}

#[cfg(test)]
mod tests {
    fn run(source: &str) -> bool {
        crate::passes_on(&super::INFO, source)
    }

    #[test]
    fn passes_valid_ir_and_fails_on_a_broken_rule() {
        let valid = "func.func @f(%t: tensor<4xf64>) -> !sig.seq {\n\
                     %s = \"sig.level\"(%t) {level = 0 : i64} : (tensor<4xf64>) -> !sig.seq\n\
                     return %s : !sig.seq\n}";
        assert!(run(valid));
        assert!(!run(&valid.replace("level = 0", "level = 1")));
    }
}
