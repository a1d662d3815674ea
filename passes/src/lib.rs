//! The passes of the sparse array compiler, and their registry.
//!
//! Each pass is a module with one [`PassInfo`]; [`PASSES`] lists them in
//! pipeline order, and drivers build their flags and pipelines from it, so a
//! new pass is one module plus one line here.

/// Defines a pass anchored on `builtin.module`: its `INFO` and the plumbing
/// of an external pass. `$run(module, context)` does the work; it returns
/// `false` after reporting its errors as diagnostics, which fails the pass.
macro_rules! module_pass {
    ($pass:ident, $argument:literal, $summary:literal, $run:path) => {
        pub(crate) const INFO: crate::PassInfo = crate::PassInfo { argument: $argument, summary: $summary, create };

        #[repr(align(8))]
        struct PassId;
        static PASS_ID: PassId = PassId;

        #[derive(Clone)]
        struct $pass;

        impl<'c> melior::pass::RunExternalPass<'c> for $pass {
            fn initialize(&mut self, _context: melior::ContextRef<'c>) {}

            fn run(&mut self, module: melior::ir::OperationRef<'c, '_>, pass: melior::pass::ExternalPass<'_>) {
                use melior::ir::operation::OperationLike;
                // `to_ref` lends the context through `handle` itself, so `handle`
                // must outlive every use: it lives until the end of this run.
                let handle = module.context();
                // SAFETY: `handle` outlives the run below.
                let context = unsafe { handle.to_ref() };
                if !$run(module, context) {
                    pass.signal_failure();
                }
            }
        }

        fn create() -> melior::pass::Pass {
            let id = melior::ir::r#type::TypeId::create(&PASS_ID);
            melior::pass::create_external($pass, id, stringify!($pass), $argument, $summary, "builtin.module", &[])
        }
    };
}

pub mod abi;
mod advise_huge_pages;
pub mod algebra;
mod aligned_malloc;
mod apply_noalias_parameters;
mod arr_concretize;
mod arr_demap;
mod arr_fuse;
mod branch_merges;
mod cfir_to_scf;
mod concat_copies;
mod counted;
mod fill;
mod fold_atan2;
mod fold_where;
mod guard;
mod inline_slice_calls;
mod interleave_reductions;
mod ir;
pub mod iteration_graph;
pub mod lattice;
mod multiplicity;
mod nested_reductions;
mod ordered_copies;
mod parallelize_outer_loops;
pub mod pipeline;
mod place;
mod prefetch_streams;
mod raise_linalg;
mod result_temporaries;
mod sig_lower_lattices;
mod sliced_views;
pub mod statement;
pub mod stationary;
mod transposed_operands;
mod unroll_short_tails;
mod verify_lowered;
mod verify_sparse;
mod window_copies;

pub use advise_huge_pages::{HUGE_PAGE, THRESHOLD as HUGE_PAGES_THRESHOLD};
pub use ir::value_key;
use melior::pass::Pass;
pub use parallelize_outer_loops::MIN_ITERATIONS_ATTRIBUTE as PARALLEL_MIN_ITERATIONS;

/// What a driver needs to know of one pass.
pub struct PassInfo {
    /// The pass's flag and pipeline name, as in `--verify-sparse`.
    pub argument: &'static str,
    /// One line for `--help`.
    pub summary: &'static str,
    /// Makes a fresh instance.
    pub create: fn() -> Pass,
}

/// Every pass of ours, in pipeline order.
pub const PASSES: &[PassInfo] = &[
    inline_slice_calls::INFO,
    fold_atan2::INFO,
    raise_linalg::INFO,
    arr_fuse::INFO,
    arr_demap::INFO,
    arr_concretize::INFO,
    sig_lower_lattices::INFO,
    cfir_to_scf::INFO,
    parallelize_outer_loops::INFO,
    prefetch_streams::INFO,
    interleave_reductions::INFO,
    branch_merges::INFO,
    unroll_short_tails::INFO,
    verify_sparse::INFO,
    apply_noalias_parameters::INFO,
    aligned_malloc::INFO,
    advise_huge_pages::INFO,
    verify_lowered::INFO,
];

/// The pass whose argument is `argument`.
pub fn find(argument: &str) -> Option<&'static PassInfo> {
    PASSES.iter().find(|pass| pass.argument == argument)
}

/// Whether `pass` succeeds on the module `source` (for the passes' unit tests).
#[cfg(test)]
pub(crate) fn passes_on(pass: &PassInfo, source: &str) -> bool {
    run_on(pass, source).0
}

/// The errors `pass` reports on the module `source`, which may use
/// unregistered ops (for the passes' unit tests).
#[cfg(test)]
pub(crate) fn errors_of(pass: &PassInfo, source: &str) -> Vec<String> {
    run_on(pass, source).1
}

/// Runs `pass` on the module `source`: whether it succeeded, and its errors.
#[cfg(test)]
fn run_on(pass: &PassInfo, source: &str) -> (bool, Vec<String>) {
    let context = melior::Context::new();
    context.set_allow_unregistered_dialects(true);
    sparse_dialects::load_dialects(&context).unwrap();
    let errors = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let collected = errors.clone();
    context.attach_diagnostic_handler(move |diagnostic| {
        if matches!(diagnostic.severity(), melior::diagnostic::DiagnosticSeverity::Error) {
            collected.borrow_mut().push(diagnostic.to_string());
        }
        true
    });
    let mut module = melior::ir::Module::parse(&context, source).expect("test input parses");
    let manager = melior::pass::PassManager::new(&context);
    manager.add_pass((pass.create)());
    let passed = manager.run(&mut module).is_ok();
    let errors = errors.borrow().clone();
    (passed, errors)
}
