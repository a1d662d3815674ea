//! What the test harnesses (`sparse-fuzz`, `sparse-conformance`) share:
//! running the compiler's tools and upstream MLIR's as child processes
//! ([`process`], [`tools`]), and handing tensors to them and reading their
//! results back in data files ([`files`]).

pub mod files;
pub mod process;
pub mod tools;
