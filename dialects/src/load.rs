//! Loading the IRDL definitions of `arr`, `sig` and `cfir` into a context.

use melior::{
    dialect::DialectRegistry,
    ir::Module,
    utility::{load_irdl_dialects, register_all_dialects},
    Context,
};

/// The IRDL files, in load order (`cfir` refers to `sig`'s sequence type).
pub const IRDL_SOURCES: [(&str, &str); 3] = [
    ("arr.irdl.mlir", include_str!("../irdl/arr.irdl.mlir")),
    ("sig.irdl.mlir", include_str!("../irdl/sig.irdl.mlir")),
    ("cfir.irdl.mlir", include_str!("../irdl/cfir.irdl.mlir")),
];

/// Why our dialects could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("the IRDL definition of the sparse dialects does not parse")]
    Parse,
    #[error("MLIR rejected the IRDL definition of the sparse dialects")]
    Load,
}

/// Registers every upstream dialect in `context` and loads `arr`, `sig` and
/// `cfir`. Calling it again on the same context does nothing: MLIR aborts on a
/// second registration of a dynamic dialect, so that case is caught here.
pub fn load_dialects(context: &Context) -> Result<(), LoadError> {
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    if context.is_registered_operation("arr.compute") {
        return Ok(());
    }
    let source: String = IRDL_SOURCES.iter().map(|(_, text)| *text).collect();
    let module = Module::parse(context, &source).ok_or(LoadError::Parse)?;
    if load_irdl_dialects(&module) {
        Ok(())
    } else {
        Err(LoadError::Load)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loads_every_op_and_is_idempotent() {
        let context = Context::new();
        load_dialects(&context).unwrap();
        load_dialects(&context).unwrap();
        for name in ["arr.compute", "arr.access", "sig.forall", "sig.union", "cfir.while", "cfir.case"] {
            assert!(context.is_registered_operation(name), "{name}");
        }
    }
}
