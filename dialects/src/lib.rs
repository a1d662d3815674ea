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
//! - [`scalar`]: the zero and one of an element type, complex numbers
//!   included, and the constant op that makes one a value;
//! - [`parse`]: module text parsed with guards against what MLIR's parser
//!   cannot survive or explain (NUL bytes, deep nests, custom forms of our ops);
//! - [`verify`]: the semantic rules, reported as MLIR diagnostics at the
//!   offending op's location.

pub mod arr;
pub mod cfir;
pub mod diagnostics;
pub mod encoding;
pub mod function;
mod load;
mod op;
mod params;
pub mod parse;
pub mod scalar;
pub mod sig;
pub mod space;
pub mod subscript;
pub mod verify;

pub use load::{load_dialects, LoadError, IRDL_SOURCES};
pub use op::{block_argument, defining_op, name_of, op_result, string, terminator, text_of};

/// Name of the op that ends every block of our regions.
///
/// IRDL (as of LLVM 22) cannot give an op the `Terminator` trait, so our
/// regions end in `vector.yield`, an upstream terminator whose meaning is
/// defined by its parent op and which accepts any parent.
pub const YIELD: &str = "vector.yield";

#[cfg(test)]
pub(crate) mod testing {
    use melior::{
        dialect::func,
        ir::{
            attribute::{StringAttribute, TypeAttribute},
            block::BlockLike,
            operation::OperationLike,
            r#type::FunctionType,
            Block, Location, Module, Region, RegionLike, Type,
        },
        Context,
    };

    /// A module defining the user function `@add` on f64.
    pub const ADD: &str = "func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative}} {\n\
                           %s = arith.addf %x, %y : f64\n return %s : f64\n}";

    /// A context with every upstream dialect and ours loaded.
    pub fn context() -> Context {
        let context = Context::new();
        crate::load_dialects(&context).expect("our IRDL files load");
        context
    }

    /// Makes `body` (whose arguments have `inputs` types) the body of a
    /// function appended to the module `prelude`; returns whether MLIR's
    /// verifier and ours pass.
    pub fn verifies_as_function(context: &Context, prelude: &str, body: Block, inputs: &[Type]) -> bool {
        let location = Location::unknown(context);
        body.append_operation(func::r#return(&[], location));
        let region = Region::new();
        region.append_block(body);
        let module = Module::parse(context, prelude).expect("the prelude parses");
        module.body().append_operation(func::func(
            context,
            StringAttribute::new(context, "test"),
            TypeAttribute::new(FunctionType::new(context, inputs, &[]).into()),
            region,
            &[],
            location,
        ));
        module.as_operation().verify() && crate::verify::verify(module.as_operation())
    }
}
