//! User functions (`func.func` with `arr.*` attributes) and the functions
//! that statements name as reductions.

use super::{ensure, Check};
use crate::function::{check_specialization, Properties, ITERATION_SPACE, PRESENT, PROPERTIES, SPECIALIZES};
use crate::op::{dense_i64s, name_of, string, symbol};
use crate::space::Space;
use melior::ir::{
    attribute::TypeAttribute, block::BlockLike, operation::OperationLike, r#type::FunctionType, OperationRef, RegionLike, Type,
};

/// The rules for an op carrying any of the user-function attributes.
pub(super) fn check_user_function(op: OperationRef) -> Check {
    let marked = [PROPERTIES, ITERATION_SPACE, SPECIALIZES, PRESENT].into_iter().any(|name| op.has_attribute(name));
    if !marked {
        return Ok(());
    }
    ensure!(name_of(&op) == "func.func", "{PROPERTIES}, {ITERATION_SPACE}, {SPECIALIZES} and {PRESENT} belong on a func.func");
    let (inputs, result) = signature(op).ok_or("a user function must return exactly one value")?;
    if let Ok(properties) = op.attribute(PROPERTIES) {
        Properties::from_attribute(properties).and_then(|p| p.check(&inputs, result)).map_err(|e| e.to_string())?;
    }
    if let Ok(space) = op.attribute(ITERATION_SPACE) {
        Space::from_attribute(space).and_then(|s| s.check(&inputs)).map_err(|e| e.to_string())?;
    }
    match (symbol(&op, SPECIALIZES), op.has_attribute(SPECIALIZES)) {
        (Some(general), _) => {
            let target = lookup(op, general).ok_or_else(|| format!("{SPECIALIZES} names @{general}, which does not exist"))?;
            ensure!(
                target.has_attribute(PROPERTIES) || target.has_attribute(ITERATION_SPACE),
                "{SPECIALIZES} names @{general}, which is not a user function"
            );
            let (general_inputs, general_result) = signature(target).ok_or_else(|| format!("@{general} must return exactly one value"))?;
            ensure!(general_result == result, "a specialization of @{general} must return {general_result}");
            let present = dense_i64s(&op, PRESENT).ok_or(format!("a specialization needs {PRESENT} = array<i64: ...>"))?;
            check_specialization(&present, &general_inputs, &inputs)
        }
        (None, true) => Err(format!("{SPECIALIZES} must be a flat symbol reference")),
        (None, false) => {
            ensure!(!op.has_attribute(PRESENT), "{PRESENT} needs {SPECIALIZES}");
            Ok(())
        }
    }
}

/// Checks that `@name`, seen from `op`, combines two `element`s into one.
pub(super) fn check_combiner(op: OperationRef, name: &str, element: Type) -> Check {
    let function = lookup(op, name).ok_or_else(|| format!("reduction function @{name} does not exist"))?;
    let fits = signature(function).is_some_and(|(inputs, result)| inputs == [element, element] && result == element);
    ensure!(fits, "reduction function @{name} must have type ({element}, {element}) -> {element}");
    Ok(())
}

/// A `func.func`'s input types and its single result type.
fn signature<'c>(function: OperationRef<'c, '_>) -> Option<(Vec<Type<'c>>, Type<'c>)> {
    if name_of(&function) != "func.func" {
        return None;
    }
    let r#type = FunctionType::try_from(TypeAttribute::try_from(function.attribute("function_type").ok()?).ok()?.value()).ok()?;
    if r#type.result_count() != 1 {
        return None;
    }
    let inputs = (0..r#type.input_count()).map(|index| r#type.input(index).expect("in range")).collect();
    Some((inputs, r#type.result(0).expect("one result")))
}

/// The op named `@name` in the nearest enclosing `builtin.module`.
fn lookup<'c, 'a>(op: OperationRef<'c, 'a>, name: &str) -> Option<OperationRef<'c, 'a>> {
    let mut scope = op.parent_operation();
    while let Some(candidate) = scope {
        if name_of(&candidate) == "builtin.module" {
            let mut child = candidate.region(0).ok()?.first_block()?.first_operation();
            while let Some(current) = child {
                if string(&current, "sym_name") == Some(name) {
                    return Some(current);
                }
                child = current.next_in_block();
            }
            return None;
        }
        scope = candidate.parent_operation();
    }
    None
}
