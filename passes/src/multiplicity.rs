//! Folding in the points a reduction's loops skip with their multiplicity
//! (paper 000 §7.2). Where the body's background `b` is not the reduction's
//! identity (a row sum of a matrix of fill 2, a row minimum over fill 0),
//! the loops still visit only where the body may differ from `b`: each
//! component of the dense result counts the points it combines into a
//! tensor of counts, and after the loops combines `b` once for each point
//! of its reduced range it did not, `N − count` times, by repeated doubling
//! (`b ⊕ b`, then that with itself, ...: log N calls of the function), or
//! once for an idempotent function (`min`, `max`) where `N − count > 0`.
//! A statement into a sparse result that needs this reduces into a dense
//! temporary of the result's shape and fill instead, which a copy statement
//! then stores sparsely ([`through_dense_temporaries`]).

use crate::fill::Number;
use crate::ir::{block_region, module_of, only_block, unused_symbol};
use crate::place::Place;
use crate::statement::{Multiplicity, Statement, ACCUMULATE, KEEP_VISITED};
use melior::{
    dialect::{arith, func, scf},
    ir::{
        attribute::{FlatSymbolRefAttribute, IntegerAttribute, StringAttribute, TypeAttribute},
        block::BlockLike,
        operation::{OperationBuilder, OperationLike},
        r#type::{FunctionType, IntegerType, RankedTensorType},
        Attribute, Block, Identifier, Location, Operation, OperationRef, Region, RegionLike, ShapedTypeLike, Type, Value, ValueLike,
    },
    Context,
};
use sparse_dialects::{arr::Compute, encoding::Encoding, sig};
use sparse_formats::Format;

/// Makes every reduction into a sparse result that cannot be read as it is
/// but can into a dense result (its skipped points folded in with their
/// multiplicity, which counts per component of a dense tensor, or every
/// point visited) reduce into a dense temporary of the result's shape and
/// fill, read by a copy statement into the result: that stores the
/// components that differ from the fill, so the values are the statement's,
/// and a component equal to the fill is not stored. A statement with an
/// init (even a `tensor.empty`, which into a dense result is a start) is
/// left as it is, but for a `tensor.empty` that starts every component from
/// the fill as the dense temporary's does: upstream's sparse result
/// (`arr.keep_visited`, whose components upstream's sparsifier loads as 0),
/// and a result that accumulates onto its fill (`arr.accumulate`, the init
/// giving only the sizes). `Err` names a statement the rewrite could not
/// build.
pub fn through_dense_temporaries<'c, 'a>(module: OperationRef<'c, 'a>, context: &'c Context) -> Result<(), (OperationRef<'c, 'a>, String)> {
    for op in crate::ir::collect(module, |op| Compute::of(op).is_some()) {
        let compute = Compute::of(op).expect("collected as a compute");
        let Some(result_type) = compute.result_type() else { continue };
        let Ok(encoding) = Encoding::of_any(result_type) else { continue };
        let reduces = !compute.reductions().unwrap_or_default().is_empty();
        // Any other init stays: into the dense temporary even a
        // `tensor.empty` is a start (the fill), where into the sparse result
        // it only gives the sizes. Upstream's sparse result (it keeps the
        // points it visits), and one that accumulates onto its fill, start
        // from their `tensor.empty`, all fill, as the dense temporary does.
        let from_fill = op.attribute(KEEP_VISITED).is_ok() || op.attribute(ACCUMULATE).is_ok();
        let starts = compute.init().is_some_and(|init| !from_fill || crate::result_temporaries::empty_of(init).is_none());
        if !reduces || !encoding.format.is_sparse() || starts {
            continue;
        }
        if Statement::read(compute).is_ok() {
            continue;
        }
        let result: Value = op.result(0).map_err(|e| (op, e.to_string()))?.into();
        let dense = Encoding { format: Format::dense(result_type.rank()), fill: encoding.fill };
        let temporary = RankedTensorType::new(&crate::ir::sizes_of(result_type), result_type.element(), Some(dense.to_attribute(context)));
        result.set_type(temporary.into());
        let readable = Statement::read(compute).is_ok();
        result.set_type(result_type.into());
        if readable {
            crate::result_temporaries::through_temporary(op, temporary, context).map_err(|message| (op, message))?;
        }
    }
    Ok(())
}

/// The tensor of counts, one per component of the result, and the function
/// that adds to them.
pub struct Counting<'c, 'a> {
    counts: Value<'c, 'a>,
    add: String,
}

/// Before the loops: starts every component of `output` from the identity
/// when the statement has no start, and makes the tensor of counts (all 0)
/// and its adding function.
pub fn prepare<'c, 'a>(
    statement: &Statement<'c, 'a>,
    multiplicity: Multiplicity,
    output: Value<'c, 'a>,
    sizes: &[Value<'c, 'a>],
    place: Place<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Counting<'c, 'a>, String> {
    let element = statement.output.element();
    // A component that starts from the result's fill starts from the
    // identity already where they are the same.
    let fill = Number::of_typed(statement.output_encoding.fill);
    if multiplicity.from_identity && !fill.is_some_and(|fill| fill.identical(multiplicity.identity)) {
        let identity = constant(multiplicity.identity, element, context)?;
        over_result(statement, None, sizes, place, context, location, |body, indices| {
            let identity = body.value(arith::constant(context, identity, location));
            body.put(sig::assign(output, identity, indices, None, location).map_err(|e| e.to_string())?);
            Ok(())
        })?;
    }
    let shape = (0..statement.output.rank())
        .map(|dim| match statement.output.dim_size(dim) {
            Ok(melior::ir::r#type::DimSize::Static(size)) => format!("{size}x"),
            _ => "?x".to_string(),
        })
        .collect::<String>();
    let counts_type = Type::parse(context, &format!("tensor<{shape}i64>")).ok_or("the tensor of counts does not parse")?;
    let dynamic: Vec<Value> = statement
        .output_dims
        .iter()
        .enumerate()
        .filter(|(dim, _)| !matches!(statement.output.dim_size(*dim), Ok(melior::ir::r#type::DimSize::Static(_))))
        .map(|(_, &loop_)| sizes[loop_])
        .collect();
    let empty = OperationBuilder::new("tensor.empty", location)
        .add_operands(&dynamic)
        .add_results(&[counts_type])
        .build()
        .map_err(|e| e.to_string())?;
    let counts = place.value(empty);
    let (_, module_body) = module_of(statement.compute.0)?;
    let add = unused_symbol(module_body, "count_visits");
    module_body.append_operation(count_function(&add, context, location)?);
    Ok(Counting { counts, add })
}

/// In the body, beside the store of the value: one more point combined into
/// the component at `indices`.
pub fn count_visit<'c, 'a>(
    counting: &Counting<'c, 'a>,
    indices: &[Value<'c, 'a>],
    body: Place<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<(), String> {
    let one = body.value(arith::constant(context, i64_attribute(1, context), location));
    body.put(sig::assign(counting.counts, one, indices, Some(&counting.add), location).map_err(|e| e.to_string())?);
    Ok(())
}

/// After the loops: combines the background into each component of
/// `output`, once for each point of its reduced range the loops skipped.
#[allow(clippy::too_many_arguments)]
pub fn fold_skipped<'c, 'a>(
    statement: &Statement<'c, 'a>,
    multiplicity: Multiplicity,
    counting: &Counting<'c, 'a>,
    output: Value<'c, 'a>,
    sizes: &[Value<'c, 'a>],
    place: Place<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<(), String> {
    let function = statement.reduction.ok_or("only a reduction folds in what it skips")?;
    let element = statement.output.element();
    // An idempotent function folds the background in once, where any point
    // was skipped; any other repeats it by doubling.
    let repeated = if multiplicity.idempotent {
        None
    } else {
        let (_, module_body) = module_of(statement.compute.0)?;
        let repeated = unused_symbol(module_body, &format!("{function}_repeated"));
        module_body.append_operation(repeated_function(&repeated, function, multiplicity.identity, element, context, location)?);
        Some(repeated)
    };
    // N: the points of each component's reduced range, checked not to wrap
    // (a product p · s wraps where s ≠ 0 and p · s / s ≠ p).
    let one = |op: Operation<'c>| -> Value<'c, 'a> { place.value(op) };
    let (zero, mut points) = (place.index(0, context, location), place.index(1, context, location));
    let mut exact = one(arith::constant(context, IntegerAttribute::new(IntegerType::new(context, 1).into(), 1).into(), location));
    for loop_ in (0..statement.loops).filter(|loop_| !statement.output_dims.contains(loop_)) {
        let product = one(arith::muli(points, sizes[loop_], location));
        let empty = one(arith::cmpi(context, arith::CmpiPredicate::Eq, sizes[loop_], zero, location));
        let divisor = one(arith::select(empty, place.index(1, context, location), sizes[loop_], location));
        let back = one(arith::divui(product, divisor, location));
        let kept = one(arith::cmpi(context, arith::CmpiPredicate::Eq, back, points, location));
        exact = one(arith::andi(exact, one(arith::ori(empty, kept, location)), location));
        points = product;
    }
    let fits = one(arith::cmpi(context, arith::CmpiPredicate::Sge, points, zero, location));
    exact = one(arith::andi(exact, fits, location));
    let message = "a reduction folds its fill in once for each point it skips, and its points number 2^63 or more";
    crate::arr_concretize::assert_holds(exact, message, place, context, location)?;
    let i64_type: Type = IntegerType::new(context, 64).into();
    let points: Value = place.value(arith::index_cast(points, i64_type, location));
    let background = constant(multiplicity.background, element, context)?;
    let identity = constant(multiplicity.identity, element, context)?;
    over_result(statement, Some(counting.counts), sizes, place, context, location, |body, indices| {
        let one = |op: Operation<'c>| -> Value<'c, 'a> { body.value(op) };
        let visited = one(sig::access(counting.counts, indices, i64_type, location).map_err(|e| e.to_string())?);
        let skipped = one(arith::subi(points, visited, location));
        let background = one(arith::constant(context, background, location));
        let folded = match &repeated {
            Some(repeated) => {
                one(func::call(context, FlatSymbolRefAttribute::new(context, repeated), &[background, skipped], &[element], location))
            }
            None => {
                let zero = one(arith::constant(context, i64_attribute(0, context), location));
                let any = one(arith::cmpi(context, arith::CmpiPredicate::Sgt, skipped, zero, location));
                let identity = one(arith::constant(context, identity, location));
                one(arith::select(any, background, identity, location))
            }
        };
        body.put(sig::assign(output, folded, indices, Some(function), location).map_err(|e| e.to_string())?);
        Ok(())
    })
}

/// A nest of loops over the result's dimensions, with `body` at its
/// innermost place: over the levels of `read` (a dense tensor of the
/// result's shape, which the body reads), or over every coordinate.
fn over_result<'c, 'a>(
    statement: &Statement<'c, 'a>,
    read: Option<Value<'c, 'a>>,
    sizes: &[Value<'c, 'a>],
    place: Place<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
    body: impl FnOnce(Place<'c, 'a>, &[Value<'c, 'a>]) -> Result<(), String>,
) -> Result<(), String> {
    let mut indices = Vec::with_capacity(statement.output_dims.len());
    let mut place = place;
    for (dim, &loop_) in statement.output_dims.iter().enumerate() {
        let sequence = match read {
            Some(tensor) => sig::level(tensor, dim, location),
            None => sig::universe(sizes[loop_], location),
        };
        let sequence = place.value(sequence.map_err(|e| e.to_string())?);
        let forall =
            place.put(sig::forall(sequence, block_region(&[Type::index(context)], location), location).map_err(|e| e.to_string())?);
        let block = only_block(forall, 0);
        block.append_operation(sparse_dialects::terminator(&[], location).map_err(|e| e.to_string())?);
        indices.push(block.argument(0).map_err(|e| e.to_string())?.into());
        place = Place::before(block.terminator().ok_or("a loop body without its terminator")?).ok_or("a loop body")?;
    }
    body(place, &indices)
}

/// `func.func private @name(%a: i64, %b: i64) -> i64`: `a + b`.
fn count_function<'c>(name: &str, context: &'c Context, location: Location<'c>) -> Result<Operation<'c>, String> {
    let i64_type: Type = IntegerType::new(context, 64).into();
    let block = Block::new(&[(i64_type, location), (i64_type, location)]);
    let [a, b] = [0, 1].map(|at| block.argument(at).map(Value::from));
    let sum = block.append_operation(arith::addi(a.map_err(|e| e.to_string())?, b.map_err(|e| e.to_string())?, location));
    block.append_operation(func::r#return(&[sum.result(0).map_err(|e| e.to_string())?.into()], location));
    let properties =
        Attribute::parse(context, "{commutative, associative, identity = 0 : i64}").ok_or("the counting properties do not parse")?;
    private_function(
        name,
        block,
        &[i64_type, i64_type],
        i64_type,
        &[(sparse_dialects::function::PROPERTIES, properties)],
        context,
        location,
    )
}

/// `func.func private @name(%x: E, %m: i64) -> E`: `x ⊕ ... ⊕ x`, `m`
/// times, by repeated doubling (the identity when `m` is 0), `⊕` the call
/// of `function`.
fn repeated_function<'c>(
    name: &str,
    function: &str,
    identity: Number,
    element: Type<'c>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Operation<'c>, String> {
    let i64_type: Type = IntegerType::new(context, 64).into();
    let block = Block::new(&[(element, location), (i64_type, location)]);
    let x = block.argument(0).map_err(|e| e.to_string())?.into();
    let m = block.argument(1).map_err(|e| e.to_string())?.into();
    let identity = result(block.append_operation(arith::constant(context, constant(identity, element, context)?, location)))?;
    let zero = result(block.append_operation(arith::constant(context, i64_attribute(0, context), location)))?;
    let one = result(block.append_operation(arith::constant(context, i64_attribute(1, context), location)))?;
    let carried = [element, element, i64_type];
    // Before: while k > 0.
    let before = Block::new(&carried.map(|r#type| (r#type, location)));
    let k = before.argument(2).map_err(|e| e.to_string())?.into();
    let more = result(before.append_operation(arith::cmpi(context, arith::CmpiPredicate::Sgt, k, zero, location)))?;
    let values: Vec<Value> = (0..3).map(|at| before.argument(at).map(Value::from)).collect::<Result<_, _>>().map_err(|e| e.to_string())?;
    before.append_operation(scf::condition(more, &values, location));
    // After: acc ⊕= base where k is odd; base ⊕= base; k >>= 1.
    let after = Block::new(&carried.map(|r#type| (r#type, location)));
    let [acc, base, k] = [0, 1, 2].map(|at| after.argument(at).map(Value::from));
    let (acc, base, k) = (acc.map_err(|e| e.to_string())?, base.map_err(|e| e.to_string())?, k.map_err(|e| e.to_string())?);
    let call = |lhs: Value<'c, '_>, rhs: Value<'c, '_>| {
        func::call(context, FlatSymbolRefAttribute::new(context, function), &[lhs, rhs], &[element], location)
    };
    let bit = result(after.append_operation(arith::andi(k, one, location)))?;
    let odd = result(after.append_operation(arith::cmpi(context, arith::CmpiPredicate::Ne, bit, zero, location)))?;
    let with = result(after.append_operation(call(acc, base)))?;
    let acc = result(after.append_operation(arith::select(odd, with, acc, location)))?;
    let base = result(after.append_operation(call(base, base)))?;
    let k = result(after.append_operation(arith::shrui(k, one, location)))?;
    after.append_operation(scf::r#yield(&[acc, base, k], location));
    let [before_region, after_region] = [before, after].map(|block| {
        let region = Region::new();
        region.append_block(block);
        region
    });
    let repeated = block.append_operation(scf::r#while(&[identity, x, m], &carried, before_region, after_region, location));
    block.append_operation(func::r#return(&[result(repeated)?], location));
    private_function(name, block, &[element, i64_type], element, &[], context, location)
}

fn private_function<'c>(
    name: &str,
    block: Block<'c>,
    arguments: &[Type<'c>],
    result: Type<'c>,
    attributes: &[(&str, Attribute<'c>)],
    context: &'c Context,
    location: Location<'c>,
) -> Result<Operation<'c>, String> {
    let body = Region::new();
    body.append_block(block);
    let r#type = TypeAttribute::new(FunctionType::new(context, arguments, &[result]).into());
    let mut all = vec![(Identifier::new(context, "sym_visibility"), StringAttribute::new(context, "private").into())];
    all.extend(attributes.iter().map(|&(name, value)| (Identifier::new(context, name), value)));
    Ok(func::func(context, StringAttribute::new(context, name), r#type, body, &all, location))
}

/// The only result of `op`.
fn result<'c, 'a>(op: melior::ir::OperationRef<'c, 'a>) -> Result<Value<'c, 'a>, String> {
    op.result(0).map(Value::from).map_err(|e| e.to_string())
}

fn constant<'c>(number: Number, element: Type<'c>, context: &'c Context) -> Result<Attribute<'c>, String> {
    number.attribute(element, context).ok_or_else(|| format!("{number:?} is not a constant of {element}"))
}

fn i64_attribute(value: i64, context: &Context) -> Attribute<'_> {
    IntegerAttribute::new(IntegerType::new(context, 64).into(), value).into()
}
