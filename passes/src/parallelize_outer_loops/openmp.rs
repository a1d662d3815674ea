//! The OpenMP runtime's queries a parallel loop makes (`() -> i32`
//! functions of `libomp`): how many threads a region starts with, a
//! thread's number and its team's size, each declared in the module where
//! it is called.

use crate::ir::name;
use crate::place::Place;
use melior::{
    dialect::arith,
    ir::{
        attribute::{FlatSymbolRefAttribute, StringAttribute, TypeAttribute},
        block::BlockLike,
        operation::{OperationBuilder, OperationLike},
        r#type::{FunctionType, IntegerType},
        Identifier, Location, OperationRef, Region, Type, Value,
    },
    Context,
};

/// The count of threads a parallel region starts with.
pub(super) const MAX_THREADS: &str = "omp_get_max_threads";
/// A thread's number in its team, from 0.
pub(super) const THREAD_NUM: &str = "omp_get_thread_num";
/// The size of the calling thread's team.
pub(super) const NUM_THREADS: &str = "omp_get_num_threads";

/// Whether the module of `loop_op` may call each of the OpenMP runtime's
/// `symbols` (`() -> i32`): none names something else there.
pub(super) fn usable(loop_op: OperationRef, symbols: &[&str]) -> bool {
    let Some(function) = loop_op.parent_operation() else { return false };
    let Ok((_, module_body)) = crate::ir::module_of(function) else { return false };
    symbols.iter().all(|symbol| match crate::ir::defined(module_body, symbol) {
        None => true,
        Some(existing) => {
            name(existing) == "func.func" && existing.attribute("function_type").is_ok_and(|declared| declared.to_string() == "() -> i32")
        }
    })
}

/// `omp_get_max_threads()` as an `index`, put at `place`; `None` where the
/// module defines that symbol as something else.
pub(super) fn max_threads<'c: 'a, 'a>(
    place: Place<'c, 'a>,
    loop_op: OperationRef<'c, 'a>,
    context: &'c Context,
) -> Result<Option<Value<'c, 'a>>, String> {
    match usable(loop_op, &[MAX_THREADS]) {
        true => openmp_count(place, MAX_THREADS, context, loop_op.location()).map(Some),
        false => Ok(None),
    }
}

/// The OpenMP runtime's `symbol()` (`() -> i32`, declared in the module if
/// it is not, which [`usable`] checks first) as an `index`, put at `place`.
pub(super) fn openmp_count<'c: 'a, 'a>(
    place: Place<'c, 'a>,
    symbol: &str,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Value<'c, 'a>, String> {
    let inside = place.block().parent_operation().ok_or("a place in no operation")?;
    let function = std::iter::successors(Some(inside), |op| op.parent_operation())
        .find(|op| name(*op) == "func.func")
        .ok_or("a place in no function")?;
    let (_, module_body) = crate::ir::module_of(function)?;
    let r#type = FunctionType::new(context, &[], &[IntegerType::new(context, 32).into()]);
    if crate::ir::defined(module_body, symbol).is_none() {
        let declaration = OperationBuilder::new("func.func", location)
            .add_attributes(&[
                (Identifier::new(context, "sym_name"), StringAttribute::new(context, symbol).into()),
                (Identifier::new(context, "function_type"), TypeAttribute::new(r#type.into()).into()),
                (Identifier::new(context, "sym_visibility"), StringAttribute::new(context, "private").into()),
            ])
            .add_regions([Region::new()])
            .build()
            .map_err(|error| error.to_string())?;
        module_body.insert_operation_before(function, declaration);
    }
    let count = place.value(
        OperationBuilder::new("func.call", location)
            .add_attributes(&[(Identifier::new(context, "callee"), FlatSymbolRefAttribute::new(context, symbol).into())])
            .add_results(&[IntegerType::new(context, 32).into()])
            .build()
            .map_err(|error| error.to_string())?,
    );
    Ok(place.value(arith::index_cast(count, Type::index(context), location)))
}
