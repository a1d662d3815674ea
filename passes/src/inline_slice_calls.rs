//! `inline-slice-calls`: calls that pass slices of sparse tensors.
//!
//! A `tensor.extract_slice` of a sparse tensor has a slice-encoded type
//! (`#sparse_tensor<slice(...)>`), and a function may take one as a
//! parameter, as upstream's `sparse_matmul_slice` test does. The kernels read
//! a slice in place, through `arr.slice` views of the tensor it slices, which
//! exist only where the slice is taken. So each call to a function with a
//! slice-encoded parameter is inlined where it is made, until none is left,
//! and a function whose calls were inlined is then erased: on its own it
//! could not be compiled. One never called is left, to be refused.

use crate::ir::{callee, callee_name, collect, copy_with, erase, name, replace_uses, value_key};
use melior::{
    ir::{
        attribute::TypeAttribute,
        block::BlockLike,
        operation::OperationLike,
        r#type::{FunctionType, RankedTensorType},
        OperationRef, RegionLike, Type, Value,
    },
    Context,
};
use sparse_dialects::{encoding::has_dimension_slices, verify::emit_error};
use std::collections::{HashMap, HashSet};

module_pass!(
    InlineSliceCalls,
    "inline-slice-calls",
    "Inline the calls that pass slices of sparse tensors (tensor.extract_slice results), so kernels read them in place",
    run
);

/// How many rounds of inlining a chain of calls may take before it is taken
/// for a recursion.
const MAX_ROUNDS: usize = 16;

/// How many ops inlining may copy in all: functions that each call the next
/// twice copy `2^depth` bodies, which would take the passes after minutes.
const MAX_COPIED_OPS: usize = 100_000;

fn run<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> bool {
    let mut inlined = HashSet::new();
    let mut copied = 0;
    for _ in 0..MAX_ROUNDS {
        let calls = collect(module, |op| name(op) == "func.call" && callee(op).is_some_and(takes_slices));
        if calls.is_empty() {
            return erase_inlined_functions(module, &inlined);
        }
        for call in calls {
            inlined.extend(callee_name(call).map(str::to_string));
            match inline(call, context) {
                Ok(ops) => copied += ops,
                Err(message) => {
                    emit_error(call.location(), &message);
                    return false;
                }
            }
            if copied > MAX_COPIED_OPS {
                let message = format!(
                    "inlining the calls that pass slices of sparse tensors copies more than {MAX_COPIED_OPS} ops (functions that \
                     call others more than once multiply them): pass whole tensors and slice them in the callee"
                );
                emit_error(call.location(), &message);
                return false;
            }
        }
    }
    let calls = collect(module, |op| name(op) == "func.call" && callee(op).is_some_and(takes_slices));
    if let Some(call) = calls.first() {
        emit_error(call.location(), &format!("calls that pass slices of sparse tensors nest more than {MAX_ROUNDS} deep (a recursion?)"));
    }
    false
}

/// Whether `function` is a `func.func` with a parameter of a slice-encoded tensor type.
fn takes_slices(function: OperationRef) -> bool {
    let Some(inputs) = function_inputs(function) else { return false };
    inputs
        .into_iter()
        .any(|input| RankedTensorType::try_from(input).ok().and_then(|tensor| tensor.encoding()).is_some_and(has_dimension_slices))
}

fn function_inputs<'c>(function: OperationRef<'c, '_>) -> Option<Vec<Type<'c>>> {
    if name(function) != "func.func" {
        return None;
    }
    let r#type = FunctionType::try_from(TypeAttribute::try_from(function.attribute("function_type").ok()?).ok()?.value()).ok()?;
    (0..r#type.input_count()).map(|index| r#type.input(index).ok()).collect()
}

/// Copies the callee's body in place of `call`, its parameters replaced by
/// the call's operands and the call's results by what the body returns;
/// returns how many ops of the body it copied.
fn inline<'c>(call: OperationRef<'c, '_>, context: &'c Context) -> Result<usize, String> {
    let function = callee(call).ok_or("a call without its callee")?;
    let symbol = callee_name(call).unwrap_or_default().to_string();
    let region = function.region(0).map_err(|e| e.to_string())?;
    let Some(body) = region.first_block().filter(|block| block.next_in_region().is_none()) else {
        return Err(format!(
            "'@{symbol}' takes a slice of a sparse tensor, so its calls are inlined, but its body is not one block (or it has none)"
        ));
    };
    let block = call.block().ok_or("a call outside a block")?;
    let mut inside: HashMap<usize, Value> = HashMap::new();
    for (at, operand) in call.operands().enumerate() {
        inside.insert(value_key(body.argument(at).map_err(|e| e.to_string())?.into()), operand);
    }
    let mut next = body.first_operation();
    let mut copied = 0;
    while let Some(op) = next {
        next = op.next_in_block();
        copied += collect(op, |_| true).len();
        if name(op) == "func.return" {
            for (result, returned) in call.results().zip(op.operands()) {
                let value = inside.get(&value_key(returned)).copied().unwrap_or(returned);
                replace_uses(result.into(), value);
            }
            continue;
        }
        let copy = block.insert_operation_before(call, copy_with(op, &mut inside, &|value| value, context)?);
        for (old, new) in op.results().zip(copy.results()) {
            inside.insert(value_key(old.into()), new.into());
        }
    }
    erase(call).map_err(|error| error.to_string())?;
    Ok(copied)
}

/// Erases the functions with slice-encoded parameters whose calls were
/// inlined (`inlined` names them): no call reaches them any more. One that
/// was never called is left, for the slice-encoded type to be refused.
fn erase_inlined_functions(module: OperationRef, inlined: &HashSet<String>) -> bool {
    let was_inlined = |function: OperationRef| {
        takes_slices(function) && sparse_dialects::string(&function, "sym_name").is_some_and(|symbol| inlined.contains(symbol))
    };
    for function in collect(module, was_inlined) {
        if let Err(error) = erase(function) {
            emit_error(function.location(), &error.to_string());
            return false;
        }
    }
    true
}
