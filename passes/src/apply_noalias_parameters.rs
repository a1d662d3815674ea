//! `apply-noalias-parameters`: the parameters an `llvm.func` lists in its
//! `sparse.noalias_parameters` attribute become `llvm.noalias`, and the
//! list goes. `parallelize-outer-loops` writes the list on the function
//! that runs one iteration of a parallel loop, naming its buffers' aligned
//! pointers, which only the lowering to the LLVM dialect makes parameters
//! of their own (MLIR's lowering of `func.func` drops `llvm.noalias` on a
//! memref argument).
//!
//! Runs on the LLVM dialect, after `convert-to-llvm`. A listed position
//! that is not a pointer parameter of the function, or a function that
//! already has parameter attributes, is an error at the function.

use crate::ir::{collect, edit, name};
use crate::parallelize_outer_loops::NOALIAS_PARAMETERS;
use melior::{
    ir::{
        attribute::DenseI64ArrayAttribute,
        block::BlockLike,
        operation::{OperationLike, OperationMutLike},
        Attribute, OperationRef, RegionLike, ValueLike,
    },
    Context,
};
use sparse_dialects::verify::emit_error;

module_pass!(
    ApplyNoaliasParameters,
    "apply-noalias-parameters",
    "Make the parameters an llvm.func lists in sparse.noalias_parameters llvm.noalias (after the LLVM lowering)",
    run
);

fn run<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> bool {
    let mut applied = true;
    for function in collect(module, |op| name(op) == "llvm.func" && op.attribute(NOALIAS_PARAMETERS).is_ok()) {
        if let Err(message) = apply(function, context) {
            emit_error(function.location(), &format!("apply-noalias-parameters: {message}"));
            applied = false;
        }
    }
    applied
}

/// Sets `llvm.noalias` on the listed parameters of `function`.
fn apply(function: OperationRef, context: &Context) -> Result<(), String> {
    let listed = function.attribute(NOALIAS_PARAMETERS).map_err(|error| error.to_string())?;
    let listed = DenseI64ArrayAttribute::try_from(listed).map_err(|_| format!("{NOALIAS_PARAMETERS} is not an array of i64"))?;
    if function.attribute("arg_attrs").is_ok() {
        return Err("the function already has parameter attributes".into());
    }
    let body = function.region(0).ok().and_then(|region| region.first_block()).ok_or("the function has no body")?;
    let mut noalias = vec![false; body.argument_count()];
    for index in 0..listed.len() {
        let position = listed.element(index).map_err(|error| error.to_string())?;
        let parameter = usize::try_from(position).ok().and_then(|position| body.argument(position).ok());
        match parameter {
            Some(parameter) if parameter.r#type().to_string() == "!llvm.ptr" => noalias[position as usize] = true,
            _ => return Err(format!("parameter {position} is not a pointer parameter of the function")),
        }
    }
    let dictionaries: Vec<&str> = noalias.iter().map(|&noalias| if noalias { "{llvm.noalias}" } else { "{}" }).collect();
    let text = format!("[{}]", dictionaries.join(", "));
    let attributes = Attribute::parse(context, &text).ok_or("the parameter attributes do not parse")?;
    let mut function = edit(function);
    function.set_attribute("arg_attrs", attributes);
    function.remove_attribute(NOALIAS_PARAMETERS).map_err(|error| error.to_string())
}

#[cfg(test)]
mod tests {
    fn errors(source: &str) -> Vec<String> {
        crate::errors_of(&super::INFO, source)
    }

    #[test]
    fn marks_the_listed_pointers_and_refuses_other_positions() {
        let listed = "llvm.func internal @f(%i: i64, %a: !llvm.ptr, %b: !llvm.ptr) attributes {sparse.noalias_parameters = array<i64: 2>} {\n  llvm.return\n}";
        assert!(errors(listed).is_empty());
        let integer =
            "llvm.func internal @f(%i: i64, %a: !llvm.ptr) attributes {sparse.noalias_parameters = array<i64: 0>} {\n  llvm.return\n}";
        assert!(errors(integer).iter().any(|error| error.contains("parameter 0 is not a pointer")), "{:?}", errors(integer));
        let outside = "llvm.func internal @f(%a: !llvm.ptr) attributes {sparse.noalias_parameters = array<i64: 3>} {\n  llvm.return\n}";
        assert!(errors(outside).iter().any(|error| error.contains("parameter 3")), "{:?}", errors(outside));
    }
}
