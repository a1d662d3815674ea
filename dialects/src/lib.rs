//! The `arr`, `sig` and `cfir` dialects of the sparse array compiler.
//!
//! The ops are defined in IRDL (`dialects/irdl/*.irdl.mlir`), so MLIR itself
//! checks every op's operands, results, attributes and regions. This crate adds
//! what IRDL cannot say:
//!
//! - [`load_dialects`]: one call that registers the upstream dialects and loads
//!   ours into a melior [`Context`](melior::Context);
//! - typed builders and accessors for every op ([`arr`], [`sig`], [`cfir`]);
//! - the plain-data views of our attributes ([`encoding`], [`space`],
//!   [`function`], [`subscript`]);
//! - [`verify`]: the semantic rules, reported as MLIR diagnostics at the
//!   offending op's location.

pub mod arr;
pub mod cfir;
pub mod encoding;
mod load;
mod op;
mod params;
pub mod function;
pub mod sig;
pub mod space;
pub mod subscript;
pub mod verify;

pub use load::{load_dialects, LoadError, IRDL_SOURCES};
pub use op::{name_of, terminator};

/// Name of the op that ends every block of our regions.
///
/// IRDL (as of LLVM 22) cannot give an op the `Terminator` trait, so our
/// regions end in `vector.yield`, an upstream terminator whose meaning is
/// defined by its parent op and which accepts any parent.
pub const YIELD: &str = "vector.yield";

#[cfg(test)]
pub(crate) mod testing {
    use melior::Context;

    /// A context with every upstream dialect and ours loaded.
    pub fn context() -> Context {
        let context = Context::new();
        crate::load_dialects(&context).expect("our IRDL files load");
        context
    }
}
