//! Rules of the `arr` dialect.

use super::{check_yield, ensure, function::check_combiner, join, tensor_operand, Check};
use crate::arr::{shape_dim, Access, Collapse, Compute, Index, Slice};
use crate::defining_op;
use crate::op::name_of;
use crate::subscript::subscripts;
use melior::ir::{operation::OperationLike, r#type::RankedTensorType, OperationRef, ShapedTypeLike, ValueLike};

pub(super) fn check(op: OperationRef, name: &str) -> Check {
    if let Some(compute) = Compute::of(op) {
        return check_compute(compute);
    }
    if let Some(access) = Access::of(op) {
        return check_access(access);
    }
    if let Some(index) = Index::of(op) {
        let loops = enclosing_loops(op, "arr.index")?;
        let dim = index.dim().unwrap_or(-1);
        ensure!((0..loops as i64).contains(&dim), "arr.index names loop dimension {dim} of a statement with {loops}");
        return Ok(());
    }
    if crate::arr::SHAPE_OPS.contains(&name) {
        return check_shape(op, name);
    }
    Ok(())
}

fn check_compute(compute: Compute) -> Check {
    for attribute in crate::arr::COMPUTE_UNIT_ATTRIBUTES {
        let unit = |value: melior::ir::Attribute| melior::ir::attribute::AttributeLike::is_unit(&value);
        ensure!(compute.0.attribute(attribute).map_or(true, unit), "{attribute} is a unit attribute");
    }
    let result = compute.result_type().ok_or("the result must be a ranked tensor")?;
    let map = compute.indexing_map().ok_or("indexing_map must be an affine map")?;
    ensure!(
        map.result_count() == result.rank(),
        "the output map has {} results but the result has rank {}",
        map.result_count(),
        result.rank()
    );
    let outputs = (0..map.result_count())
        .map(|index| map.result(index).ok().filter(|expr| expr.is_dim()).map(|expr| expr.dim_position()))
        .collect::<Option<Vec<_>>>();
    let distinct = outputs.as_ref().is_some_and(|dims| (1..dims.len()).all(|i| !dims[..i].contains(&dims[i])));
    ensure!(distinct && map.symbol_count() == 0, "the output map must name distinct loop dimensions");
    let outputs = outputs.expect("checked above");
    let reduced = (0..map.dim_count()).filter(|dim| !outputs.contains(dim)).map(|dim| format!("d{dim}")).collect::<Vec<_>>();
    let reductions = compute.reductions().ok_or("reductions must be an array of function symbols")?;
    ensure!(
        reductions.len() == reduced.len(),
        "the statement reduces {} loop dimensions ({}) but names {} reduction functions",
        reduced.len(),
        reduced.join(", "),
        reductions.len()
    );
    for reduction in reductions {
        check_combiner(compute.0, reduction, result.element())?;
    }
    if let Some(init) = compute.init() {
        let init = RankedTensorType::try_from(init.r#type()).map_err(|_| "the init must be a ranked tensor")?;
        let shape = |tensor: RankedTensorType| (0..tensor.rank()).map(|dim| tensor.dim_size(dim).ok()).collect::<Vec<_>>();
        ensure!(
            init.element() == result.element() && shape(init) == shape(result),
            "the init has type {init} but the result has type {result}: they need the same shape and element type"
        );
    }
    check_yield(compute.body(), &[result.element()], "the body of arr.compute")
}

fn check_access(access: Access) -> Check {
    let loops = enclosing_loops(access.0, "arr.access")?;
    let tensor = access.tensor().ok_or("arr.access reads a ranked tensor")?;
    let map = access.indexing_map().ok_or("indexing_map must be an affine map")?;
    ensure!(map.dim_count() == loops, "the access map has {} dimensions but the statement has {loops} loop dimensions", map.dim_count());
    ensure!(
        map.result_count() == tensor.rank(),
        "the access map has {} subscripts but the tensor has rank {}",
        map.result_count(),
        tensor.rank()
    );
    subscripts(map).map_err(|error| error.to_string())?;
    // The statement's lowering reads the tensor's storage before its loops
    // and replaces the body, so the tensor is one made before the statement.
    let source = access.0.operand(0).map_err(|_| "arr.access reads one tensor")?;
    let made_inside = defining_op(source).is_some_and(|made| made.parent_operation() == access.0.parent_operation());
    ensure!(!made_inside, "arr.access reads a tensor made inside its statement: a statement reads tensors made before it");
    let value = access.0.result(0).map_err(|_| "arr.access has one result")?.r#type();
    ensure!(value == tensor.element(), "arr.access yields {value} but the tensor holds {}", tensor.element());
    Ok(())
}

/// The loop dimension count of the `arr.compute` directly around `op`.
fn enclosing_loops(op: OperationRef, what: &str) -> Result<usize, String> {
    let parent = op.parent_operation().and_then(Compute::of).ok_or(format!("{what} must be directly inside an arr.compute body"))?;
    parent.indexing_map().map(|map| map.dim_count()).ok_or("the enclosing arr.compute has no indexing_map".into())
}

/// A static size, or `None` for a dynamic one.
type Size = Option<u64>;

fn shape(tensor: RankedTensorType) -> Vec<Size> {
    (0..tensor.rank())
        .map(|dim| match tensor.dim_size(dim) {
            Ok(melior::ir::r#type::DimSize::Static(size)) => Some(size),
            _ => None,
        })
        .collect()
}

fn check_shape(op: OperationRef, name: &str) -> Check {
    let source = tensor_operand(op, 0)?;
    let result = RankedTensorType::try_from(op.result(0).map_err(|_| "missing result")?.r#type())
        .map_err(|_| "the result must be a ranked tensor")?;
    ensure!(result.element() == source.element(), "the result element type must be {}", source.element());
    ensure!(
        result.encoding().is_none() || crate::arr::reinterpreted(op).is_some(),
        "{name} builds a view: its result has no encoding, or (arr.split, arr.collapse) exactly the storage the source's buffers \
         give the view: a dimension stored in blocks of the split size or in a dense level"
    );
    let (input, rank) = (shape(source), source.rank() as i64);
    let dim = shape_dim(op).unwrap_or(0);
    let in_range = |dim: i64, limit: i64| (0..limit).contains(&dim);
    let mut expected = input.clone();
    match name {
        "arr.collapse" => {
            let dims = Collapse::of(op).and_then(|view| view.dims()).unwrap_or_default();
            ensure!(
                dims.len() == 2 && dims[0] != dims[1] && dims.iter().all(|&d| in_range(d, rank)),
                "arr.collapse needs two distinct dimensions of the source, got {dims:?}"
            );
            let (first, second) = (dims[0] as usize, dims[1] as usize);
            let merged = match input[first].zip(input[second]) {
                Some((a, b)) => {
                    let product = a.checked_mul(b).filter(|&product| i64::try_from(product).is_ok());
                    Some(product.ok_or(format!("arr.collapse of dimensions of {a} and {b} has more components than an index holds"))?)
                }
                None => None,
            };
            expected[first.min(second)] = merged;
            expected.remove(first.max(second));
        }
        "arr.split" => {
            ensure!(in_range(dim, rank), "dimension {dim} is out of range for rank {rank}");
            let parts = shape(result);
            ensure!(parts.len() == input.len() + 1, "arr.split yields rank {} but its result has rank {}", rank + 1, parts.len());
            let (outer, inner) = (parts[dim as usize], parts[dim as usize + 1]);
            if let (Some(whole), Some(outer), Some(inner)) = (input[dim as usize], outer, inner) {
                ensure!(outer.checked_mul(inner) == Some(whole), "cannot split a dimension of size {whole} into {outer} × {inner}");
            }
            expected.splice(dim as usize..=dim as usize, [outer, inner]);
        }
        "arr.concat" => {
            let other = shape(tensor_operand(op, 1)?);
            ensure!(tensor_operand(op, 1)?.element() == source.element(), "both operands must hold {}", source.element());
            ensure!(in_range(dim, rank) && other.len() == input.len(), "arr.concat needs operands of one rank and a dimension of it");
            for (index, (a, b)) in input.iter().zip(&other).enumerate() {
                if index != dim as usize {
                    ensure!(a.zip(*b).is_none_or(|(a, b)| a == b), "operands differ in dimension {index}");
                }
            }
            expected[dim as usize] = match input[dim as usize].zip(other[dim as usize]) {
                Some((a, b)) => {
                    let sum = a.checked_add(b).filter(|&sum| i64::try_from(sum).is_ok());
                    Some(sum.ok_or(format!("arr.concat of dimensions of {a} and {b} is longer than an index holds"))?)
                }
                None => None,
            };
        }
        "arr.slice" => {
            ensure!(in_range(dim, rank), "dimension {dim} is out of range for rank {rank}");
            let bounds = Slice::of(op).and_then(|view| view.bounds()).ok_or(
                "malformed slice bounds: start, stop and step are integers, and each that is -9223372036854775808 (dynamic) \
                 is given by one index operand after the source, in that order",
            )?;
            ensure!(
                bounds.iter().all(|bound| match bound {
                    crate::arr::SliceBound::Dynamic(value) => melior::ir::TypeLike::is_index(&melior::ir::ValueLike::r#type(value)),
                    crate::arr::SliceBound::Static(_) => true,
                }),
                "the dynamic bounds of arr.slice are of type index"
            );
            let [start, stop, step] = bounds.map(|bound| bound.constant());
            if let Some(step) = step {
                ensure!(step > 0, "the slice step must be positive, got {step}");
            }
            if let (Some(start), Some(stop)) = (start, stop) {
                let within = input[dim as usize].is_none_or(|size| stop as u64 <= size);
                ensure!(0 <= start && start <= stop && within, "slice [{start}:{stop}] is out of bounds of dimension {dim}");
            }
            expected[dim as usize] = match (start, stop, step) {
                // In i128: `stop - start + step - 1` may pass i64's range.
                (Some(start), Some(stop), Some(step)) => {
                    Some(((i128::from(stop) - i128::from(start) + i128::from(step) - 1) / i128::from(step)) as u64)
                }
                // Known when the program runs: the result's size is checked then.
                _ => shape(result).get(dim as usize).copied().flatten(),
            };
        }
        _ => {
            ensure!(in_range(dim, rank + 1), "dimension {dim} is out of range for rank {}", rank + 1);
            let output = shape(result);
            ensure!(output.len() == input.len() + 1, "arr.broadcast yields rank {} but its result has rank {}", rank + 1, output.len());
            expected.insert(dim as usize, output[dim as usize]);
        }
    }
    let actual = shape(result);
    let fits = actual.len() == expected.len() && actual.iter().zip(&expected).all(|(a, e)| a.zip(*e).is_none_or(|(a, e)| a == e));
    let show = |sizes: &[Size]| join(&sizes.iter().map(|s| s.map_or("?".to_string(), |s| s.to_string())).collect::<Vec<_>>());
    ensure!(fits, "{} yields shape [{}] but its result has shape [{}]", name_of(&op), show(&expected), show(&actual));
    Ok(())
}
