//! The OpenMP runtime's queries a parallel loop makes (`() -> i32`
//! functions of `libomp`): how many threads a region starts with, a
//! thread's number and its team's size, each declared in the module where
//! it is called.

use crate::cfir_to_scf::Emitter;
use crate::ir::name;
use crate::place::Place;
use melior::{
    dialect::arith,
    ir::{operation::OperationLike, r#type::IntegerType, Location, OperationRef, Type, Value},
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
    build: &Emitter<'c>,
    place: Place<'c, 'a>,
    loop_op: OperationRef<'c, 'a>,
    context: &'c Context,
) -> Result<Option<Value<'c, 'a>>, String> {
    match usable(loop_op, &[MAX_THREADS]) {
        true => openmp_count(build, place, MAX_THREADS, context, loop_op.location()).map(Some),
        false => Ok(None),
    }
}

/// The OpenMP runtime's `symbol()` (`() -> i32`, declared in the module if
/// it is not, which [`usable`] checks first) as an `index`, put at `place`.
pub(super) fn openmp_count<'c: 'a, 'a>(
    build: &Emitter<'c>,
    place: Place<'c, 'a>,
    symbol: &str,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Value<'c, 'a>, String> {
    let count_type = IntegerType::new(context, 32).into();
    let callee = build.declare(place, symbol, &[], &[count_type], false).map_err(|error| error.to_string())?;
    let count = build.call_one(place, callee, &[], count_type).map_err(|error| error.to_string())?;
    Ok(place.value(arith::index_cast(count, Type::index(context), location)))
}
