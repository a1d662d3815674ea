//! Semantic verification: the rules IRDL cannot state.
//!
//! [`verify`] walks an op and everything nested in it, checks each op of ours
//! (and each tensor type and user function it meets), and reports every
//! violation as an MLIR error diagnostic at the offending op's location, so
//! drivers show it like any other verifier error.

mod arr;
mod cfir;
mod function;
mod sig;
mod types;

use crate::op::name_of;
use melior::ir::{
    block::BlockLike,
    operation::{OperationLike, WalkOrder, WalkResult},
    r#type::RankedTensorType,
    BlockRef, Location, OperationRef, Type, Value, ValueLike,
};
use std::ffi::CString;

/// The outcome of one rule: `Err` holds the diagnostic's message.
pub(crate) type Check = Result<(), String>;

/// Returns `Err(message)` from the enclosing check unless `condition` holds.
macro_rules! ensure {
    ($condition:expr, $($message:tt)+) => {
        if !$condition {
            return Err(format!($($message)+));
        }
    };
}
pub(crate) use ensure;

/// Checks `root` and every op nested in it; returns whether all rules hold.
pub fn verify(root: OperationRef) -> bool {
    let mut valid = true;
    root.walk(WalkOrder::PreOrder, |op| {
        if let Err(message) = check(op) {
            emit_error(op.location(), &message);
            valid = false;
        }
        WalkResult::Advance
    });
    valid
}

/// Every rule that applies to `op`, the first failure first.
fn check(op: OperationRef) -> Check {
    ensure!(crate::op::string(&op, "sym_name") != Some(""), "a symbol's name must not be empty");
    types::check(op)?;
    function::check_user_function(op)?;
    let name = name_of(&op);
    match name.split_once('.').map(|(dialect, _)| dialect) {
        Some("arr") => arr::check(op, &name),
        Some("sig") => sig::check(op, &name),
        Some("cfir") => cfir::check(op, &name),
        _ => Ok(()),
    }
}

/// Emits an error diagnostic at `location` through the context's handlers.
pub fn emit_error(location: Location, message: &str) {
    let message = CString::new(message.replace('\0', " ")).expect("NUL bytes were replaced");
    // SAFETY: the location belongs to a live context and the message is a C string.
    unsafe { mlir_sys::mlirEmitError(location.to_raw(), message.as_ptr()) }
}

/// Checks that `block` ends with the terminator yielding values of `types`.
pub(crate) fn check_yield(block: Option<BlockRef>, types: &[Type], what: &str) -> Check {
    let block = block.ok_or_else(|| format!("{what} has no block"))?;
    let terminator = block.terminator().filter(|op| name_of(op) == crate::YIELD);
    let terminator = terminator.ok_or_else(|| format!("{what} must end with {}", crate::YIELD))?;
    let yielded = terminator.operands().map(|value| value.r#type()).collect::<Vec<_>>();
    ensure!(yielded == types, "{what} must yield ({}) but yields ({})", join(types), join(&yielded));
    Ok(())
}

/// The ranked tensor type of operand `index`.
pub(crate) fn tensor_operand<'c>(op: OperationRef<'c, '_>, index: usize) -> Result<RankedTensorType<'c>, String> {
    let value: Value = op.operand(index).map_err(|_| format!("missing operand {index}"))?;
    RankedTensorType::try_from(value.r#type()).map_err(|_| format!("operand {index} must be a ranked tensor"))
}

pub(crate) fn join<T: ToString>(items: &[T]) -> String {
    items.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
}
