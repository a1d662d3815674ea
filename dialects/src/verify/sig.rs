//! Rules of the `sig` dialect, and the load/store rules `cfir` shares.

use super::{check_yield, ensure, function::check_combiner, tensor_operand, Check};
use crate::encoding::Encoding;
use crate::sig::{Assign, Forall, Level, Project, Subsections, Where};
use melior::ir::{
    attribute::{DictionaryAttribute, StringAttribute},
    operation::OperationLike,
    OperationRef, ShapedTypeLike, ValueLike,
};

/// Workspace kinds of paper 004, and the keys a workspace may carry.
const WORKSPACE_KINDS: [&str; 5] = ["scalar", "dense", "coord", "bucket", "hash"];
const WORKSPACE_KEYS: [&str; 3] = ["kind", "order", "capacity"];

pub(super) fn check(op: OperationRef, name: &str) -> Check {
    match name {
        "sig.level" => check_level(op, Level::of(op).and_then(|view| view.level())),
        "sig.subsections" => {
            let view = Subsections::of(op).expect("name matched");
            check_level(op, view.level())?;
            ensure!(view.coefficient().is_some_and(|c| c > 0), "the coefficient must be positive");
            ensure!(view.intercept().is_some_and(|b| b >= 0), "the intercept must be non-negative");
            Ok(())
        }
        "sig.union" | "sig.intersect" => {
            ensure!(op.operand_count() >= 2, "{name} needs at least two sequences");
            Ok(())
        }
        "sig.project" => {
            let component = Project::of(op).and_then(|view| view.component());
            ensure!(matches!(component, Some(0 | 1)), "the projection component must be 0 or 1");
            Ok(())
        }
        "sig.forall" => check_yield(Forall::of(op).and_then(|view| view.body()), &[], "the body of sig.forall"),
        "sig.where" => {
            let view = Where::of(op).expect("name matched");
            check_workspace(op)?;
            check_yield(view.consumer(), &[], "the consumer of sig.where")?;
            check_yield(view.producer(), &[], "the producer of sig.where")
        }
        "sig.access" => check_load(op),
        "sig.assign" => check_store(op, Assign::of(op).and_then(|view| view.reduce()), op.has_attribute(crate::sig::REDUCE)),
        _ => Ok(()),
    }
}

/// The level must exist in the tensor's format (its rank without an encoding of ours).
fn check_level(op: OperationRef, level: Option<i64>) -> Check {
    let tensor = tensor_operand(op, 0)?;
    let levels = Encoding::of(tensor).ok().flatten().map_or(tensor.rank(), |encoding| encoding.format.rank());
    let level = level.unwrap_or(-1);
    ensure!((0..levels as i64).contains(&level), "level {level} does not exist in a tensor with {levels} levels");
    Ok(())
}

fn check_workspace(op: OperationRef) -> Check {
    let workspace = DictionaryAttribute::try_from(op.attribute("workspace").map_err(|_| "missing workspace")?)
        .map_err(|_| "workspace must be a dictionary")?;
    for index in 0..workspace.len() {
        let (key, _) = workspace.element(index).expect("in range");
        let key = key.as_string_ref().as_str().unwrap_or_default();
        ensure!(WORKSPACE_KEYS.contains(&key), "unknown workspace key \"{key}\" (known: {})", WORKSPACE_KEYS.join(", "));
    }
    let kind = workspace
        .element_by_name("kind")
        .filter(|kind| StringAttribute::try_from(*kind).is_ok())
        .and_then(crate::op::text_of)
        .unwrap_or_default();
    ensure!(WORKSPACE_KINDS.contains(&kind), "the workspace kind must be one of {}", WORKSPACE_KINDS.join(", "));
    Ok(())
}

/// `T(i, ...)` read: one index per dimension, the element type as result.
pub(super) fn check_load(op: OperationRef) -> Check {
    let tensor = tensor_operand(op, 0)?;
    let indices = op.operand_count() - 1;
    ensure!(indices == tensor.rank(), "{indices} indices for a tensor of rank {}", tensor.rank());
    let value = op.result(0).map_err(|_| "missing result")?.r#type();
    ensure!(value == tensor.element(), "the result type {value} is not the element type {}", tensor.element());
    Ok(())
}

/// `T(i, ...) = v` or, with a combining function, `T(i, ...) f= v`.
pub(super) fn check_store(op: OperationRef, reduce: Option<&str>, has_reduce: bool) -> Check {
    let tensor = tensor_operand(op, 0)?;
    let indices = op.operand_count() - 2;
    ensure!(indices == tensor.rank(), "{indices} indices for a tensor of rank {}", tensor.rank());
    let value = op.operand(1).map_err(|_| "missing value")?.r#type();
    ensure!(value == tensor.element(), "the stored value has type {value}, not the element type {}", tensor.element());
    ensure!(reduce.is_some() || !has_reduce, "reduce must be a flat symbol reference");
    match reduce {
        Some(function) => check_combiner(op, function, tensor.element()),
        None => Ok(()),
    }
}
