//! `raise-linalg`: `linalg.generic` on tensors → `arr.compute`.
//!
//! This module owns the entry into array notation from upstream's structured
//! ops: each `linalg.generic` with one tensor result becomes one array
//! statement whose body reads every input through `arr.access` at that
//! input's indexing map. Reduction loops become `reductions` naming a user
//! function synthesized for the body's combining op (`@__sparse_addf_f64`),
//! since an `arr.compute` cannot read its own output: the accumulation into
//! `%out` is taken apart into "yield the element" plus "reduce with @F",
//! starting from the output's initial value (the statement's `init`, or the
//! result's fill value when the initial value is that fill or undefined). A
//! body without reductions that reads `%out` reads the initial value as an
//! operand.
//! A `sparse_tensor.convert`, a function argument a function returns, and a
//! tensor it returns again after its first place, become copy statements:
//! `result(c) = source(c)`, stored in the result's format. So does a
//! concatenation into a sparse tensor for its uses that do not read it in
//! place, where the copy appends it in one pass. A dense `tensor.generate`
//! is first made the generic that writes every component.
//! Named linalg ops and generics on buffers are left alone.

use crate::fill::Number;
use crate::ir::{
    block_argument, collect, defined, defining_op, edit, erase, is_within, module_of, name, rebuild_in, replace_uses, users, value_key,
};
use crate::place::Place;
use melior::{
    dialect::{arith, func},
    ir::{
        attribute::{
            ArrayAttribute, AttributeLike, DenseElementsAttribute, DenseI32ArrayAttribute, IntegerAttribute, StringAttribute, TypeAttribute,
        },
        block::BlockLike,
        operation::{OperationBuilder, OperationLike, OperationMutLike},
        r#type::{DimSize, FunctionType, IntegerType, RankedTensorType},
        AffineMap, Attribute, Block, BlockRef, Identifier, Location, Operation, OperationRef, Region, RegionLike, ShapedTypeLike, Type,
        TypeLike, Value, ValueLike,
    },
    Context,
};
use sparse_dialects::{
    arr::{self, SliceBound},
    function::{Properties, PROPERTIES},
    subscript::subscripts,
    verify::emit_error,
};
use std::collections::{HashMap, HashSet};

module_pass!(RaiseLinalg, "raise-linalg", "Raise linalg.generic on tensors to arr.compute statements", run);

fn run<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> bool {
    for op in collect(module, |op| name(op) == "tensor.generate") {
        if let Err(message) = generate_as_generic(op, context) {
            emit_error(op.location(), &message);
            return false;
        }
    }
    for op in collect(module, |op| name(op) == "tensor.extract_slice") {
        if let Err(message) = slice_as_views(op, context) {
            emit_error(op.location(), &message);
            return false;
        }
    }
    // Innermost first: splitting a generic erases it with its body, so a
    // generic nested in it is split before it, and not after it is gone.
    for op in collect(module, |op| name(op) == GENERIC && op.result_count() > 1).into_iter().rev() {
        if let Err(message) = split_outputs(op, context) {
            emit_error(op.location(), &message);
            return false;
        }
    }
    for op in collect(module, |op| name(op) == GENERIC && op.result_count() == 1) {
        if keeps_its_output(op) {
            continue;
        }
        if let Err(message) = loops_for_unit_outputs(op, context) {
            emit_error(op.location(), &message);
            return false;
        }
    }
    let generics = collect(module, |op| name(op) == GENERIC && op.result_count() > 0);
    let converts = collect(module, |op| name(op) == CONVERT || is_format_cast(op));
    let returns = collect(module, |op| name(op) == "func.return" && op.parent_operation().is_some_and(|f| name(f) == "func.func"));
    let mut plans = Vec::new();
    let mut failed = false;
    for &op in &converts {
        if let Err(message) = convert_types(op) {
            emit_error(op.location(), &message);
            failed = true;
        }
    }
    for op in generics {
        match Plan::read(op, context) {
            Ok(plan) => plans.push(plan),
            Err(message) => {
                emit_error(op.location(), &message);
                failed = true;
            }
        }
    }
    if failed {
        return false;
    }
    // A convert in a generic's body goes with the generic, which raising
    // erases (the statement's body holds its copy): only the others are
    // raised below, once the generics are gone.
    let converts: Vec<_> = converts.into_iter().filter(|&op| !plans.iter().any(|plan| is_within(op, plan.generic))).collect();
    let mut functions = Functions::default();
    for plan in plans {
        let location = plan.generic.location();
        if let Err(message) = raise(&plan, &mut functions, context) {
            emit_error(location, &message);
            return false;
        }
    }
    for op in converts.into_iter().filter(|&op| !converts_by_sorting(op)) {
        if let Err(message) = raise_convert(op, context) {
            emit_error(op.location(), &message);
            return false;
        }
    }
    for op in returns {
        if let Err(message) = copy_returned_arguments(op, context) {
            emit_error(op.location(), &message);
            return false;
        }
    }
    for op in collect(module, |op| matches!(name(op).as_str(), "sparse_tensor.concatenate" | "tensor.concat")) {
        if let Err(message) = concatenation_as_copy(op, context) {
            emit_error(op.location(), &message);
            return false;
        }
    }
    true
}

const CONVERT: &str = "sparse_tensor.convert";

/// Replaces `tensor.generate %sizes { ^bb0(%i, ...): ... tensor.yield %v }`
/// of a dense tensor by the `linalg.generic` that writes every component of
/// a `tensor.empty(%sizes)`, the block's arguments its `linalg.index`es;
/// raised as any generic then.
fn generate_as_generic<'c, 'a>(op: OperationRef<'c, 'a>, context: &'c Context) -> Result<(), String> {
    let result: Value = op.result(0).map_err(|e| e.to_string())?.into();
    let tensor = RankedTensorType::try_from(result.r#type()).map_err(|e| e.to_string())?;
    if tensor.encoding().is_some() {
        return Err("tensor.generate of a sparse tensor is not supported: generate it dense and convert it".into());
    }
    let location = op.location();
    let place = Place::before(op).ok_or("tensor.generate is not in a block")?;
    let sizes = op.operands().collect::<Vec<_>>();
    let empty = OperationBuilder::new("tensor.empty", location)
        .add_operands(&sizes)
        .add_results(&[tensor.into()])
        .build()
        .map_err(|e| e.to_string())?;
    let empty: Value = place.put(empty).result(0).map_err(|e| e.to_string())?.into();
    let rank = tensor.rank();
    let identity = (0..rank).map(|d| format!("d{d}")).collect::<Vec<_>>().join(", ");
    let parse = |text: &str| Attribute::parse(context, text).ok_or_else(|| format!("could not build the attribute {text}"));
    let parallel = vec!["#linalg.iterator_type<parallel>"; rank].join(", ");
    let region = Region::new();
    region.append_block(Block::new(&[(tensor.element(), location)]));
    let generic = OperationBuilder::new(GENERIC, location)
        .add_operands(&[empty])
        .add_results(&[tensor.into()])
        .add_attributes(&[
            (Identifier::new(context, "indexing_maps"), parse(&format!("[affine_map<({identity}) -> ({identity})>]"))?),
            (Identifier::new(context, "iterator_types"), parse(&format!("[{parallel}]"))?),
            (Identifier::new(context, "operandSegmentSizes"), DenseI32ArrayAttribute::new(context, &[0, 1]).into()),
        ])
        .add_regions([region])
        .build()
        .map_err(|e| e.to_string())?;
    let generic = place.put(generic);
    let block = crate::ir::only_block(generic, 0);
    let body = op.region(0).map_err(|e| e.to_string())?.first_block().ok_or("tensor.generate has no body")?;
    // Each value of the body, and each index, under its new name.
    let renamed = std::cell::RefCell::new(HashMap::new());
    for dim in 0..rank {
        let index = OperationBuilder::new("linalg.index", location)
            .add_attributes(&[(Identifier::new(context, "dim"), IntegerAttribute::new(Type::index(context), dim as i64).into())])
            .add_results(&[Type::index(context)])
            .build()
            .map_err(|e| e.to_string())?;
        let index = block.append_operation(index).result(0).map_err(|e| e.to_string())?.into();
        renamed.borrow_mut().insert(value_key(body.argument(dim).map_err(|e| e.to_string())?.into()), index);
    }
    let outside = |value: Value<'c, 'a>| renamed.borrow().get(&value_key(value)).copied().unwrap_or(value);
    let mut next = body.first_operation();
    while let Some(inner) = next {
        next = inner.next_in_block();
        let copy = if name(inner) == "tensor.yield" {
            let value = outside(inner.operand(0).map_err(|e| e.to_string())?);
            OperationBuilder::new("linalg.yield", inner.location()).add_operands(&[value]).build().map_err(|e| e.to_string())?
        } else {
            rebuild_in(inner, &outside, context)?
        };
        let copy = block.append_operation(copy);
        for (old, new) in inner.results().zip(copy.results()) {
            renamed.borrow_mut().insert(value_key(old.into()), new.into());
        }
    }
    replace_uses(result, generic.result(0).map_err(|e| e.to_string())?.into());
    erase(op).map_err(|error| error.to_string())
}

/// Replaces a `linalg.generic` with several outputs by one generic for each
/// output whose result is used, holding the ops of the body its yielded
/// value needs (torch-mlir's `log_softmax` finds each row's maximum and its
/// position in one generic, and uses the maximum only). An output whose
/// value reads another output's block argument cannot stand alone: refused.
fn split_outputs<'c, 'a>(op: OperationRef<'c, 'a>, context: &'c Context) -> Result<(), String> {
    let (Some(inputs), Some(outputs)) = (segment(op, 0), segment(op, 1)) else {
        return Err("linalg.generic has no operandSegmentSizes".into());
    };
    let body = op.region(0).ok().and_then(|region| region.first_block()).ok_or("linalg.generic has no body")?;
    let terminator = body.terminator().ok_or("linalg.generic's body has no terminator")?;
    let maps = ArrayAttribute::try_from(op.attribute("indexing_maps").map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
    let iterator_types = op.attribute("iterator_types").map_err(|e| e.to_string())?;
    let place = Place::before(op).ok_or("linalg.generic is not in a block")?;
    let argument = |at: usize| -> Result<Value<'c, 'a>, String> { Ok(body.argument(at).map_err(|e| e.to_string())?.into()) };
    for output in (0..outputs).filter(|&output| op.result(output).is_ok_and(|result| !users(result.into()).is_empty())) {
        // The ops the yielded value needs, found from the terminator back.
        let mut needed: HashSet<usize> = HashSet::from([value_key(terminator.operand(output).map_err(|e| e.to_string())?)]);
        let mut kept = Vec::new();
        for inner in ops(body).collect::<Vec<_>>().into_iter().rev().filter(|inner| *inner != terminator) {
            if inner.results().any(|result| needed.contains(&value_key(result.into()))) {
                needed.extend(inner.operands().chain(read_from_outside(inner)).map(value_key));
                kept.push(inner);
            }
        }
        for other in (0..outputs).filter(|&other| other != output) {
            if needed.contains(&value_key(argument(inputs + other)?)) {
                return Err(format!(
                    "linalg.generic with {outputs} outputs is not supported where the value of output {output} reads output \
                     {other}'s: arr.compute defines exactly one tensor"
                ));
            }
        }
        let operands: Vec<Value> =
            (0..inputs).chain([inputs + output]).map(|at| op.operand(at).map_err(|e| e.to_string())).collect::<Result<_, _>>()?;
        let arguments: Vec<(Type, Location)> =
            (0..inputs).chain([inputs + output]).map(|at| Ok((argument(at)?.r#type(), op.location()))).collect::<Result<_, String>>()?;
        let output_maps: Vec<Attribute> =
            (0..inputs).chain([inputs + output]).map(|at| maps.element(at).map_err(|e| e.to_string())).collect::<Result<_, _>>()?;
        let region = Region::new();
        region.append_block(Block::new(&arguments));
        let result_type = op.result(output).map_err(|e| e.to_string())?.r#type();
        let generic = OperationBuilder::new(GENERIC, op.location())
            .add_operands(&operands)
            .add_results(&[result_type])
            .add_attributes(&[
                (Identifier::new(context, "indexing_maps"), ArrayAttribute::new(context, &output_maps).into()),
                (Identifier::new(context, "iterator_types"), iterator_types),
                (Identifier::new(context, "operandSegmentSizes"), DenseI32ArrayAttribute::new(context, &[inputs as i32, 1]).into()),
            ])
            .add_regions([region])
            .build()
            .map_err(|e| e.to_string())?;
        let generic = place.put(generic);
        let block = crate::ir::only_block(generic, 0);
        let renamed = std::cell::RefCell::new(HashMap::new());
        for (new, old) in (0..inputs).chain([inputs + output]).enumerate() {
            renamed.borrow_mut().insert(value_key(argument(old)?), block.argument(new).map_err(|e| e.to_string())?.into());
        }
        let outside = |value: Value<'c, 'a>| renamed.borrow().get(&value_key(value)).copied().unwrap_or(value);
        for inner in kept.into_iter().rev() {
            let copy = block.append_operation(rebuild_in(inner, &outside, context)?);
            for (old, new) in inner.results().zip(copy.results()) {
                renamed.borrow_mut().insert(value_key(old.into()), new.into());
            }
        }
        let value = outside(terminator.operand(output).map_err(|e| e.to_string())?);
        block.append_operation(
            OperationBuilder::new("linalg.yield", op.location()).add_operands(&[value]).build().map_err(|e| e.to_string())?,
        );
        replace_uses(op.result(output).map_err(|e| e.to_string())?.into(), generic.result(0).map_err(|e| e.to_string())?.into());
    }
    erase(op).map_err(|error| error.to_string())
}

/// Replaces a generic whose body yields its output's block argument (as the
/// greedy folding of `linalg-generalize-named-ops` leaves `%out + (0 − a +
/// a)`) by its `outs` tensor: every component keeps its initial value,
/// whatever the loops. Whether it did.
fn keeps_its_output(op: OperationRef) -> bool {
    let body = op.region(0).ok().and_then(|region| region.first_block());
    let output = body.and_then(|body| body.argument(body.argument_count().checked_sub(1)?).ok()).map(Value::from);
    let yielded = body.and_then(|body| body.terminator()).and_then(|terminator| terminator.operand(0).ok());
    let outs = op.operand(op.operand_count().saturating_sub(1)).ok();
    let (Some(output), Some(yielded), Some(outs), Ok(result)) = (output, yielded, outs, op.result(0)) else { return false };
    if yielded != output || outs.r#type() != result.r#type() {
        return false;
    }
    replace_uses(result.into(), outs);
    erase(op).is_ok()
}

/// Gives each output subscript `0` of a dimension of size 1 a loop of its
/// own: `(d0, d1) -> (d0, 0)` into a `6x1` tensor becomes `(d0, d1, d2) ->
/// (d0, d2)`, `d2` a parallel loop that no operand reads (torch-mlir keeps
/// the reduced dimension of a row sum, `keepdim`, so). The body does not
/// change; a constant subscript of another size is left to be refused.
fn loops_for_unit_outputs(op: OperationRef, context: &Context) -> Result<(), String> {
    let maps = indexing_maps(op)?;
    let Some(output) = maps.last().copied() else { return Ok(()) };
    let result = RankedTensorType::try_from(op.result(0).map_err(|e| e.to_string())?.r#type()).map_err(|e| e.to_string())?;
    let unit = |dim: usize| matches!(result.dim_size(dim), Ok(DimSize::Static(1)));
    let Ok(output_subscripts) = subscripts(output) else { return Ok(()) };
    let constant_zero = |dim: usize| output_subscripts[dim].terms.is_empty() && output_subscripts[dim].intercept == 0;
    let units: Vec<usize> = (0..output.result_count()).filter(|&dim| constant_zero(dim) && unit(dim)).collect();
    if units.is_empty() {
        return Ok(());
    }
    let loops = output.dim_count();
    let dims = (0..loops + units.len()).map(|dim| format!("d{dim}")).collect::<Vec<_>>().join(", ");
    let render = |map: AffineMap, replace: bool| -> Result<Attribute, String> {
        let results: Vec<String> = (0..map.result_count())
            .map(|at| match units.iter().position(|&unit| unit == at).filter(|_| replace) {
                Some(new) => Ok(format!("d{}", loops + new)),
                None => map.result(at).map(|expr| expr.to_string()).map_err(|e| e.to_string()),
            })
            .collect::<Result<_, _>>()?;
        let text = format!("affine_map<({dims}) -> ({})>", results.join(", "));
        Attribute::parse(context, &text).ok_or(format!("could not build the map {text}"))
    };
    let last = maps.len() - 1;
    let new_maps: Vec<Attribute> = maps.iter().enumerate().map(|(at, &map)| render(map, at == last)).collect::<Result<_, _>>()?;
    let mut kinds = iterator_types(op)?;
    kinds.extend(std::iter::repeat_n("parallel".to_string(), units.len()));
    let kinds: Vec<Attribute> = kinds
        .iter()
        .map(|kind| Attribute::parse(context, &format!("#linalg.iterator_type<{kind}>")).ok_or(format!("the iterator type {kind}")))
        .collect::<Result<_, _>>()?;
    let mut generic = edit(op);
    generic.set_attribute("indexing_maps", ArrayAttribute::new(context, &new_maps).into());
    generic.set_attribute("iterator_types", ArrayAttribute::new(context, &kinds).into());
    Ok(())
}

/// Whether `op` is a `tensor.cast` to another format (torch-mlir writes a
/// dense result and casts it to the sparse type it returns): a conversion,
/// raised as `sparse_tensor.convert` is.
fn is_format_cast(op: OperationRef) -> bool {
    fn encoding(value: Option<Value>) -> Option<Option<String>> {
        value.and_then(|value| RankedTensorType::try_from(value.r#type()).ok()).map(|r#type| r#type.encoding().map(|e| e.to_string()))
    }
    name(op) == "tensor.cast" && {
        let (source, result) = (encoding(op.operand(0).ok()), encoding(op.result(0).ok().map(Value::from)));
        source.is_some() && result.is_some() && source != result
    }
}

/// The result type of a `sparse_tensor.convert` a copy statement can
/// make: of the source's shape (or with sizes made dynamic), in another
/// format, and of an element type [`element_cast`] reaches.
fn convert_types<'c>(convert: OperationRef<'c, '_>) -> Result<RankedTensorType<'c>, String> {
    let ranked = |value: Option<Value<'c, '_>>| value.and_then(|value| RankedTensorType::try_from(value.r#type()).ok());
    let op = name(convert);
    let source = ranked(convert.operand(0).ok()).ok_or(format!("{op} of a value that is not a ranked tensor is not supported"))?;
    let result =
        ranked(convert.result(0).ok().map(Value::from)).ok_or(format!("{op} to a type that is not a ranked tensor is not supported"))?;
    if source.element() != result.element() && element_cast(source.element(), result.element()).is_none() {
        return Err(format!(
            "{op} from {} to {} elements is not supported: only between integer, index and float types",
            source.element(),
            result.element()
        ));
    }
    let sizes = |r#type: RankedTensorType| (0..r#type.rank()).map(|dim| r#type.dim_size(dim).ok()).collect::<Vec<_>>();
    let (from, to) = (sizes(source), sizes(result));
    let keeps = |(from, to): (&Option<DimSize>, &Option<DimSize>)| from == to || matches!(to, Some(DimSize::Dynamic));
    if from.len() != to.len() || !from.iter().zip(&to).all(keeps) {
        return Err(format!("{op} from {source} to {result} changes the shape, which is not supported"));
    }
    Ok(result)
}

/// Whether `convert` is left to `cfir-to-scf`, which sorts the entries:
/// from a `sparse<…>` literal into a sparse format whose levels store whole
/// dimensions, since the literal's listed entries are all stored, explicit
/// zeros included (a loop nest over its dense values would drop them).
/// Every other conversion is a copy statement, also between two sparse
/// formats whose levels store the dimensions in different orders (CSR to
/// CSC, a permuted COO, BSR to CSR): no one loop nest walks in the order of
/// both, so `arr-concretize` writes the result through a workspace, whose
/// list is filled straight into its buckets (and taken over as a CSR or CSC
/// result), where sorting collected entries took several passes more.
pub(crate) fn converts_by_sorting(convert: OperationRef) -> bool {
    let Some(result) = convert
        .result(0)
        .ok()
        .and_then(|value| RankedTensorType::try_from(Value::from(value).r#type()).ok())
        .and_then(|tensor| sparse_dialects::encoding::Encoding::of_any(tensor).ok())
        .map(|encoding| encoding.format)
        .filter(|format| format.levels.iter().any(|level| !level.buffers().is_empty()))
    else {
        return false;
    };
    let blocked = result.parts().iter().any(|part| !matches!(part, sparse_formats::DimPart::Whole { .. }));
    !blocked && convert.operand(0).is_ok_and(crate::ir::is_sparse_literal)
}

/// What each level of `format` stores: a whole dimension, or a part of one.
fn by_level(format: &sparse_formats::Format) -> Vec<sparse_formats::DimPart> {
    let parts = format.parts();
    format.dim_to_lvl.iter().map(|&expanded| parts[expanded]).collect()
}

/// Makes the uses of a concatenation (`sparse_tensor.concatenate`,
/// `tensor.concat`) into a sparse tensor read a copy statement of it
/// instead, which reads its parts in place (paper 001's disjoint union) and
/// appends the result in one pass, row after row for a concatenation along
/// an inner dimension, where host code would collect the entries and sort
/// them. Only where the parts and the result store whole dimensions in one
/// order, with one element type and the fill statements need to read the
/// parts; other concatenations stay host code. Uses that read it in place
/// keep it: statements (but those that store every point they visit into a
/// sparse result, which read it as stored), enclosing concatenations; and
/// freeing it needs no copy.
fn concatenation_as_copy(op: OperationRef, context: &Context) -> Result<(), String> {
    let result: Value = op.result(0).map_err(|e| e.to_string())?.into();
    let Ok(tensor) = RankedTensorType::try_from(result.r#type()) else { return Ok(()) };
    let Some(own) = arr::stored_encoding(result) else { return Ok(()) };
    let whole = |format: &sparse_formats::Format| by_level(format).iter().all(|part| matches!(part, sparse_formats::DimPart::Whole { .. }));
    // Statements read it through its parts (its parts have its fill).
    let read_through_parts = crate::statement::concatenation(result, true).is_some();
    let alike = op.operands().all(|part| {
        arr::stored_encoding(part).is_some_and(|part_encoding| by_level(&part_encoding.format) == by_level(&own.format))
            && RankedTensorType::try_from(part.r#type()).is_ok_and(|part| part.element() == tensor.element())
    });
    // Statements read it in place (but one that stores every point it
    // visits into a sparse result, which reads it as stored: the copy then),
    // and so do enclosing concatenations; freeing it needs no copy.
    let reads_in_place = |user: OperationRef| {
        let user_name = name(user);
        let statement_read = user_name == "arr.access" && !user.parent_operation().is_some_and(crate::statement::keeps_visited_points);
        // A statement's initial value is read as it is, in the statement.
        statement_read || user_name == arr::Compute::NAME || crate::statement::CONCATENATIONS.contains(&user_name.as_str())
    };
    let copied_uses = crate::ir::reads(result).into_iter().filter(|&user| !reads_in_place(user)).collect::<Vec<_>>();
    if !own.format.is_sparse() || !whole(&own.format) || !read_through_parts || !alike || copied_uses.is_empty() {
        return Ok(());
    }
    // A concatenation has a terminator after it.
    let place = op.next_in_block().and_then(Place::before).ok_or("a concatenation ends its block")?;
    let copy = place.put(copy(result, tensor, context, op.location())?);
    let copied: Value = copy.result(0).map_err(|e| e.to_string())?.into();
    for user in copied_uses {
        edit(user).replace_uses_of_with(result, copied);
    }
    Ok(())
}

/// Replaces `convert` by a copy statement of its source ([`stored_copy`]):
/// from a dense tensor, the components that are not zero.
fn raise_convert(convert: OperationRef, context: &Context) -> Result<(), String> {
    let result = convert_types(convert)?;
    let source = convert.operand(0).map_err(|e| e.to_string())?;
    let place = Place::before(convert).ok_or("sparse_tensor.convert is not in a block")?;
    let statement = stored_copy(source, result, context, convert.location())?;
    let copy = place.put(statement);
    replace_uses(convert.result(0).map_err(|e| e.to_string())?.into(), copy.result(0).map_err(|e| e.to_string())?.into());
    erase(convert).map_err(|error| error.to_string())
}

/// A copy statement of `source` into `result` ([`copy`]) that, from a
/// tensor of upstream's sparse encoding (or slice views of one) into
/// another, stores every entry the source stores, explicit zeros and dense
/// levels' components included (`arr.keep_visited`), as upstream's
/// conversion stores them and as the tensor a function returns holds them.
fn stored_copy<'c: 'a, 'a>(
    source: Value<'c, 'a>,
    result: RankedTensorType<'c>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Operation<'c>, String> {
    let upstream = |tensor: RankedTensorType| tensor.encoding().is_some_and(sparse_dialects::encoding::is_upstream);
    let viewed = viewed_tensor(source, &[arr::Slice::NAME]);
    let mut statement = copy(source, result, context, location)?;
    if RankedTensorType::try_from(viewed.r#type()).is_ok_and(upstream) && upstream(result) {
        statement.set_attribute(crate::statement::KEEP_VISITED, Attribute::unit(context));
    }
    Ok(statement)
}

/// Makes each function argument `op` (a `func.return`) returns a copy, and
/// each tensor it returns again after its first place: a kernel's results
/// are tensors it makes, each its caller's to free once.
fn copy_returned_arguments(op: OperationRef, context: &Context) -> Result<(), String> {
    let place = Place::before(op).ok_or("func.return is not in a block")?;
    let stored = op.operands().map(stored_tensor).collect::<Vec<_>>();
    for (index, value) in op.operands().enumerate() {
        let Ok(result) = RankedTensorType::try_from(value.r#type()) else { continue };
        let returned_before = stored[..index].contains(&stored[index]);
        if block_argument(value).is_none() && !returned_before {
            continue;
        }
        let copy = place.put(stored_copy(value, result, context, op.location())?);
        edit(op).set_operand(index, copy.result(0).map_err(|e| e.to_string())?.into());
    }
    Ok(())
}

/// The tensor whose buffers `value` is: itself, or what the views it is
/// made by (`tensor.cast`, `sparse_tensor.reinterpret_map`) see.
fn stored_tensor<'c: 'a, 'a>(value: Value<'c, 'a>) -> Value<'c, 'a> {
    viewed_tensor(value, &["tensor.cast", "sparse_tensor.reinterpret_map"])
}

/// What `value` views through a chain of ops named in `views` (each
/// viewing its first operand): itself if no such op makes it.
fn viewed_tensor<'c: 'a, 'a>(value: Value<'c, 'a>, views: &[&str]) -> Value<'c, 'a> {
    let view_source = |value: Value<'c, 'a>| {
        let maker = defining_op(value)?;
        views.contains(&name(maker).as_str()).then(|| maker.operand(0).ok()).flatten()
    };
    std::iter::successors(Some(value), |&value| view_source(value)).last().expect("starts with value")
}

/// The op that converts an element of type `from` to `to`, as upstream's
/// conversions do: floats extended or rounded, integers sign-extended or
/// truncated, signed integers to and from floats; `None` for any other pair
/// (`f16` and `bf16`, of one width, included).
pub(crate) fn element_cast(from: Type, to: Type) -> Option<&'static str> {
    // An i1 (a truth value) is not a signed number: refused.
    let width = |r#type: Type| IntegerType::try_from(r#type).ok().map(|integer| integer.width()).filter(|&width| width > 1);
    let float_width = |r#type: Type| match r#type.to_string().as_str() {
        "f16" | "bf16" => Some(16),
        "f32" => Some(32),
        "f64" => Some(64),
        _ => None,
    };
    Some(match (width(from), width(to), float_width(from), float_width(to)) {
        (Some(a), Some(b), _, _) if a < b => "arith.extsi",
        (Some(a), Some(b), _, _) if a > b => "arith.trunci",
        (_, _, Some(a), Some(b)) if a < b => "arith.extf",
        (_, _, Some(a), Some(b)) if a > b => "arith.truncf",
        (Some(_), _, _, Some(_)) => "arith.sitofp",
        (_, Some(_), Some(_), _) => "arith.fptosi",
        _ if (from.is_index() && width(to).is_some()) || (to.is_index() && width(from).is_some()) => "arith.index_cast",
        _ => return None,
    })
}

/// The statement `result(c) = source(c)`: `source` in `result`'s format
/// (and element type).
pub(crate) fn copy<'c>(
    source: Value<'c, '_>,
    result: RankedTensorType<'c>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Operation<'c>, String> {
    let map = AffineMap::multi_dim_identity(context, result.rank());
    let body = Block::new(&[]);
    let mut value: Value =
        body.append_operation(arr::access(source, map, location).map_err(|e| e.to_string())?).result(0).map_err(|e| e.to_string())?.into();
    if value.r#type() != result.element() {
        let cast = element_cast(value.r#type(), result.element()).ok_or("an element conversion that is not supported")?;
        let op = OperationBuilder::new(cast, location)
            .add_operands(&[value])
            .add_results(&[result.element()])
            .build()
            .map_err(|e| e.to_string())?;
        value = body.append_operation(op).result(0).map_err(|e| e.to_string())?.into();
    }
    body.append_operation(sparse_dialects::terminator(&[value], location).map_err(|e| e.to_string())?);
    let region = Region::new();
    region.append_block(body);
    arr::compute(result, map, &[], None, region, location).map_err(|e| e.to_string())
}

const GENERIC: &str = "linalg.generic";

/// A reduction the body can state as `%r = OP %out, %e`, with the algebraic
/// properties its user function declares.
struct Combiner {
    /// The op's full name.
    op: &'static str,
    idempotent: bool,
    identity: Option<Neutral>,
}

/// A neutral element, spelled per element type by [`identity`].
#[derive(Clone, Copy)]
enum Neutral {
    Zero,
    One,
    AllOnes,
    SignedMin,
    SignedMax,
}

/// The combining ops accepted in a reduction body. Float max/min declare no
/// identity: theirs is ∓∞, which some float types (`f8E4M3FN`, ...) cannot
/// represent, and the statement starts from the fill value 0 anyway.
const COMBINERS: [Combiner; 17] = [
    Combiner { op: "arith.addf", idempotent: false, identity: Some(Neutral::Zero) },
    Combiner { op: "arith.addi", idempotent: false, identity: Some(Neutral::Zero) },
    Combiner { op: "arith.mulf", idempotent: false, identity: Some(Neutral::One) },
    Combiner { op: "arith.muli", idempotent: false, identity: Some(Neutral::One) },
    Combiner { op: "arith.maximumf", idempotent: true, identity: None },
    Combiner { op: "arith.minimumf", idempotent: true, identity: None },
    Combiner { op: "arith.maxnumf", idempotent: true, identity: None },
    Combiner { op: "arith.minnumf", idempotent: true, identity: None },
    Combiner { op: "arith.maxsi", idempotent: true, identity: Some(Neutral::SignedMin) },
    Combiner { op: "arith.minsi", idempotent: true, identity: Some(Neutral::SignedMax) },
    Combiner { op: "arith.maxui", idempotent: true, identity: Some(Neutral::Zero) },
    Combiner { op: "arith.minui", idempotent: true, identity: Some(Neutral::AllOnes) },
    Combiner { op: "arith.ori", idempotent: true, identity: Some(Neutral::Zero) },
    Combiner { op: "arith.andi", idempotent: true, identity: Some(Neutral::AllOnes) },
    Combiner { op: "arith.xori", idempotent: false, identity: Some(Neutral::Zero) },
    Combiner { op: "complex.add", idempotent: false, identity: Some(Neutral::Zero) },
    Combiner { op: "complex.mul", idempotent: false, identity: Some(Neutral::One) },
];

fn combiner_names() -> String {
    COMBINERS.iter().map(|combiner| combiner.op).collect::<Vec<_>>().join(", ")
}

/// The body's accumulation `%r = OP %out, %element` (or upstream's
/// `%r = sparse_tensor.reduce %element, %out, %identity`), which the
/// statement expresses as yielding `element` and reducing with a user
/// function.
struct Reduction<'c, 'a> {
    combine: OperationRef<'c, 'a>,
    by: Combining<'c, 'a>,
    element: Value<'c, 'a>,
    /// How many loops reduce: one `reductions` entry each.
    loops: usize,
}

/// What the user function of a [`Reduction`] is made from.
enum Combining<'c, 'a> {
    /// An op of [`COMBINERS`]: the function `__sparse_<op>_<element type>`
    /// applies it, with the op's algebraic properties.
    Op { combiner: &'static Combiner, symbol: String, properties: Properties<'c> },
    /// Upstream's `sparse_tensor.reduce`: the function is its region (a
    /// fresh `__sparse_reduce_<n>`), the reduction starts from its identity
    /// operand, not from the output's initial value (as upstream's does),
    /// and it combines the values of the points the loops visit only.
    Region { identity: Scalar<'c, 'a> },
}

/// The output's initial value, as far as the statement is concerned.
enum Init<'c, 'a> {
    /// Contents undefined (`tensor.empty`, `bufferization.alloc_tensor`
    /// without copy): a reduction starts from the result's fill value, 0
    /// unless our encoding says otherwise (upstream's starts from 0).
    Undefined,
    /// Every component is one scalar: a splat constant or a `linalg.fill`.
    Splat(Scalar<'c, 'a>),
    /// Any other tensor.
    Tensor,
}

/// The scalar of a splat initial value.
#[derive(Clone, Copy)]
enum Scalar<'c, 'a> {
    Constant(Attribute<'c>),
    Value(Value<'c, 'a>),
}

impl<'c: 'a, 'a> Init<'c, 'a> {
    /// What `init`, the generic's output operand, is.
    fn of(init: Value<'c, 'a>) -> Self {
        let Some(op) = defining_op(source_of(init)) else { return Init::Tensor };
        match name(op).as_str() {
            // Without a copy (`source_of` has looked through copies).
            "tensor.empty" | "bufferization.alloc_tensor" => Init::Undefined,
            "arith.constant" => match op.attribute("value").ok().and_then(|value| DenseElementsAttribute::try_from(value).ok()) {
                Some(dense) if dense.is_splat() => Init::Splat(Scalar::Constant(dense.splat_value())),
                _ => Init::Tensor,
            },
            "linalg.fill" => operand(op, 0).map_or(Init::Tensor, |scalar| Init::Splat(Scalar::Value(scalar))),
            GENERIC => fill_scalar(op).map_or(Init::Tensor, |scalar| Init::Splat(Scalar::Value(scalar))),
            _ => Init::Tensor,
        }
    }

    /// Whether a reduction starting here starts from `fill`, the result's
    /// fill value: contents undefined, or a splat of a constant identical
    /// to it (`-0.0` is not `0.0`).
    fn starts_from_fill(&self, fill: Attribute) -> bool {
        let is_fill = |attribute: Attribute| {
            let scalar = match DenseElementsAttribute::try_from(attribute) {
                Ok(dense) if dense.is_splat() => dense.splat_value(),
                Ok(_) => return false,
                Err(_) => attribute,
            };
            Number::of_typed(scalar).zip(Number::of_typed(fill)).is_some_and(|(value, fill)| value.identical(fill))
        };
        match self {
            Init::Undefined => true,
            Init::Splat(Scalar::Constant(attribute)) => is_fill(*attribute),
            Init::Splat(Scalar::Value(value)) => {
                defining_op(*value).is_some_and(|made| name(made) == "arith.constant" && made.attribute("value").is_ok_and(is_fill))
            }
            Init::Tensor => false,
        }
    }
}

/// The tensor a `bufferization.alloc_tensor` copies, if it copies one: it
/// has that tensor's value.
fn copied<'c: 'a, 'a>(alloc: OperationRef<'c, 'a>) -> Option<Value<'c, 'a>> {
    let dynamic = segment(alloc, 0)?;
    (segment(alloc, 1) == Some(1)).then(|| operand(alloc, dynamic)).flatten()
}

/// The tensor whose value `init` has: `init`, or what it copies.
fn source_of<'c: 'a, 'a>(init: Value<'c, 'a>) -> Value<'c, 'a> {
    defining_op(init).filter(|made| name(*made) == "bufferization.alloc_tensor").and_then(copied).map_or(init, source_of)
}

/// The scalar a generalized `linalg.fill` writes everywhere: a generic whose
/// only input is a scalar and whose body yields it.
fn fill_scalar<'c: 'a, 'a>(generic: OperationRef<'c, 'a>) -> Option<Value<'c, 'a>> {
    let scalar = operand(generic, 0).filter(|scalar| !scalar.r#type().is_shaped())?;
    let body = generic.region(0).ok()?.first_block()?;
    let yielded = body.terminator()?.operand(0).ok()?;
    let filled = (segment(generic, 0), segment(generic, 1)) == (Some(1), Some(1)) && yielded == body.argument(0).ok()?.into();
    filled.then_some(scalar)
}

/// Operand `index` of `op`, for as long as the IR around `op` lives.
fn operand<'c, 'a>(op: OperationRef<'c, 'a>, index: usize) -> Option<Value<'c, 'a>> {
    let value = op.operand(index).ok()?;
    // SAFETY: the value is defined in the IR that holds `op`, which lives for
    // 'a; it stays defined when `op` itself is erased.
    Some(unsafe { Value::from_raw(value.to_raw()) })
}

/// One generic, checked and read: everything [`raise`] needs.
struct Plan<'c, 'a> {
    generic: OperationRef<'c, 'a>,
    body: BlockRef<'c, 'a>,
    /// Each input's indexing map. The input values themselves are read from
    /// the generic when it is raised: an earlier raise may have replaced them.
    input_maps: Vec<AffineMap<'c>>,
    output_map: AffineMap<'c>,
    result: RankedTensorType<'c>,
    reduction: Option<Reduction<'c, 'a>>,
    init: Init<'c, 'a>,
}

impl<'c, 'a> Plan<'c, 'a> {
    /// Reads a verified `linalg.generic` with results; `Err` names what
    /// `arr.compute` cannot express.
    fn read(generic: OperationRef<'c, 'a>, context: &'c Context) -> Result<Self, String> {
        let (input_count, output_count) = match (segment(generic, 0), segment(generic, 1)) {
            (Some(inputs), Some(outputs)) => (inputs, outputs),
            _ => return Err("linalg.generic has no operandSegmentSizes".into()),
        };
        if output_count != 1 || generic.result_count() != 1 {
            return Err(format!("linalg.generic with {output_count} outputs is not supported: arr.compute defines exactly one tensor"));
        }
        let result_type = generic.result(0).map_err(|e| e.to_string())?.r#type();
        let result = RankedTensorType::try_from(result_type)
            .map_err(|_| format!("the result type {result_type} is not a ranked tensor, which arr.compute needs"))?;
        let body = generic.region(0).ok().and_then(|region| region.first_block()).ok_or("linalg.generic has no body")?;
        for op in ops(body) {
            if op.region_count() > 0 && !crate::statement::is_region_function(op) && name(op) != REDUCE {
                return Err(format!("the body op '{}' has regions, which an arr.compute body cannot hold", name(op)));
            }
        }
        let maps = indexing_maps(generic)?;
        let iterators = iterator_types(generic)?;
        if maps.len() != input_count + 1 {
            return Err(format!("linalg.generic has {} indexing maps for {} operands", maps.len(), input_count + 1));
        }
        let output_map = maps[input_count];
        let output_dims = output_dims(output_map)?;
        let out: Value = body.argument(input_count).map_err(|e| e.to_string())?.into();
        let accumulates = use_count(body, out) > 0;
        // The maps say which loops reduce: those the output does not name.
        // The declared iterator types are not trusted beyond that (some of
        // upstream's tests swap them), but a loop the output does not name
        // needs a body that accumulates into it.
        for (dim, iterator) in iterators.iter().enumerate() {
            if !["parallel", "reduction"].contains(&iterator.as_str()) {
                return Err(format!("iterator type '{iterator}' of loop d{dim} is not supported"));
            }
            // (A declared reduction gets the reduction's own diagnostic.)
            if !output_dims.contains(&dim) && !accumulates && iterator == "parallel" {
                return Err(format!(
                    "loop d{dim} is absent from the output map {output_map}, but the body does not accumulate into the output: \
                     every point would overwrite the same component"
                ));
            }
        }
        let mut inputs = Vec::new();
        for (index, map) in maps[..input_count].iter().enumerate() {
            let input: Value = generic.operand(index).map_err(|e| e.to_string())?;
            if input.r#type().is_ranked_tensor() {
                subscripts(*map).map_err(|error| format!("input {index}'s indexing map {map}: {error}"))?;
            } else if input.r#type().is_shaped() {
                return Err(format!("input {index} has type {}: only ranked tensors and scalars can be read", input.r#type()));
            }
            inputs.push(*map);
        }
        let init_value = generic.operand(input_count).map_err(|e| e.to_string())?;
        let init = Init::of(init_value);
        let loops = (0..iterators.len()).filter(|dim| !output_dims.contains(dim)).count();
        let reduction = if loops > 0 {
            let reduction = reduction(body, out, loops, result.element(), context)?;
            match &reduction.by {
                Combining::Op { symbol, .. } => check_existing(generic, symbol, result.element())?,
                Combining::Region { identity } => check_region_reduction(&reduction, *identity, body, result, &init)?,
            }
            Some(reduction)
        } else {
            if ops(body).any(|op| name(op) == REDUCE) {
                return Err(format!("the body's {REDUCE} reduces along no loop: every loop of the generic names an output dimension"));
            }
            if accumulates && matches!(init, Init::Undefined) {
                return Err(format!("the body reads the output's initial value, {}, whose contents are undefined", describe(init_value)));
            }
            None
        };
        Ok(Self { generic, body, input_maps: inputs, output_map, result, reduction, init })
    }
}

/// The number of operands in operand segment `index` of `op`.
fn segment(op: OperationRef, index: usize) -> Option<usize> {
    let segments = DenseI32ArrayAttribute::try_from(op.attribute("operandSegmentSizes").ok()?).ok()?;
    usize::try_from(segments.element(index).ok()?).ok()
}

/// The ops of `block`, in order.
fn ops<'c, 'a>(block: BlockRef<'c, 'a>) -> impl Iterator<Item = OperationRef<'c, 'a>> {
    std::iter::successors(block.first_operation(), |op| op.next_in_block())
}

/// How many times the ops of `block` use `value` as an operand (uses inside
/// their regions are not counted: a `sparse_tensor.reduce` region that reads
/// `%out` is refused by [`checked_region`]).
fn use_count(block: BlockRef, value: Value) -> usize {
    ops(block).map(|op| op.operands().filter(|operand| *operand == value).count()).sum()
}

fn indexing_maps<'c>(generic: OperationRef<'c, '_>) -> Result<Vec<AffineMap<'c>>, String> {
    let array = generic
        .attribute("indexing_maps")
        .ok()
        .and_then(|attribute| ArrayAttribute::try_from(attribute).ok())
        .ok_or("linalg.generic has no indexing_maps array")?;
    (0..array.len())
        .map(|index| {
            let attribute = array.element(index).map_err(|e| e.to_string())?;
            if !attribute.is_affine_map() {
                return Err(format!("indexing map {attribute} is not an affine map"));
            }
            // SAFETY: the attribute is an affine map attribute of a live context.
            Ok(unsafe { AffineMap::from_raw(mlir_sys::mlirAffineMapAttrGetValue(attribute.to_raw())) })
        })
        .collect()
}

/// Each loop's iterator type: `parallel` or `reduction`.
fn iterator_types(generic: OperationRef) -> Result<Vec<String>, String> {
    let array = generic
        .attribute("iterator_types")
        .ok()
        .and_then(|attribute| ArrayAttribute::try_from(attribute).ok())
        .ok_or("linalg.generic has no iterator_types array")?;
    (0..array.len())
        .map(|index| {
            let text = array.element(index).map_err(|e| e.to_string())?.to_string();
            Ok(text.strip_prefix("#linalg.iterator_type<").and_then(|rest| rest.strip_suffix('>')).unwrap_or(&text).to_string())
        })
        .collect()
}

/// The loop of each output dimension; `arr.compute` needs bare, distinct ones.
fn output_dims(map: AffineMap) -> Result<Vec<usize>, String> {
    let dims = (0..map.result_count())
        .map(|index| map.result(index).ok().filter(|expr| expr.is_dim()).map(|expr| expr.dim_position()))
        .collect::<Option<Vec<_>>>();
    match dims {
        Some(dims) if map.symbol_count() == 0 && (1..dims.len()).all(|i| !dims[..i].contains(&dims[i])) => Ok(dims),
        _ => Err(format!("the output map {map} must name distinct loop dimensions, as arr.compute's indexing_map does")),
    }
}

/// Matches `%r = OP(%out, %e)` (either order), or
/// `%r = sparse_tensor.reduce %e, %out, %identity`, and `linalg.yield %r`,
/// where `%out` and `%r` have no other use: then the body's contribution at
/// each point is `%e`, and `OP` (the region) is the reduction.
fn reduction<'c, 'a>(
    body: BlockRef<'c, 'a>,
    out: Value<'c, 'a>,
    loops: usize,
    result: Type<'c>,
    context: &'c Context,
) -> Result<Reduction<'c, 'a>, String> {
    let expected = || {
        format!(
            "with reduction loops the body must end in `%r = OP %out, %e` and `linalg.yield %r`, \
             where %out is the output's block argument, used nowhere else, and OP is one of {} \
             (or `%r = sparse_tensor.reduce %e, %out, %identity`)",
            combiner_names()
        )
    };
    let terminator = body.terminator().ok_or("linalg.generic's body has no terminator")?;
    let yielded = terminator.operand(0).map_err(|e| e.to_string())?;
    let combine = defining_op(yielded)
        .filter(|op| op.block() == Some(body))
        .ok_or_else(|| format!("{}; here the yielded value is not computed in the body", expected()))?;
    let op_name = name(combine);
    let operands = combine.operands().collect::<Vec<_>>();
    if use_count(body, out) != 1 {
        return Err(format!("{}; here %out has other uses", expected()));
    }
    if use_count(body, yielded) != 1 {
        return Err(format!("{}; here the result of '{op_name}' has other uses", expected()));
    }
    if op_name == REDUCE {
        // `sparse_tensor.reduce %element, %out, %identity`.
        return match operands[..] {
            [element, accumulator, identity] if accumulator == out && element != out && identity != out => {
                let identity = identity_scalar(body, identity)?;
                Ok(Reduction { combine, by: Combining::Region { identity }, element, loops })
            }
            _ => Err(format!("{}; here sparse_tensor.reduce does not take %out as its second operand only", expected())),
        };
    }
    let combiner =
        COMBINERS.iter().find(|combiner| combiner.op == op_name).ok_or_else(|| format!("{}; here it is '{op_name}'", expected()))?;
    let element = match operands[..] {
        [a, b] if a == out && b != out => b,
        [a, b] if b == out && a != out => a,
        _ => return Err(format!("{}; here '{op_name}' does not combine %out with another value", expected())),
    };
    let identity = match combiner.identity {
        Some(neutral) => Some(identity(neutral, result, context)?),
        None => None,
    };
    let properties =
        Properties { commutative: true, associative: true, idempotent: combiner.idempotent, identity, ..Properties::default() };
    let symbol = format!("__sparse_{}_{}", combiner.op.strip_prefix("arith.").unwrap_or(combiner.op), result).replace(['.', '<', '>'], "_");
    Ok(Reduction { combine, by: Combining::Op { combiner, symbol, properties }, element, loops })
}

/// The values the regions of `op` read and do not define, each once, in
/// order of first use.
fn read_from_outside<'c, 'a>(op: OperationRef<'c, 'a>) -> Vec<Value<'c, 'a>> {
    fn walk<'c, 'a>(op: OperationRef<'c, 'a>, defined: &mut HashSet<usize>, read: &mut Vec<Value<'c, 'a>>) {
        for index in 0..op.region_count() {
            let mut block = op.region(index).ok().and_then(|region| region.first_block());
            while let Some(current) = block {
                defined.extend((0..current.argument_count()).filter_map(|at| current.argument(at).ok()).map(|a| value_key(a.into())));
                for inner in ops(current) {
                    for operand in inner.operands() {
                        if !defined.contains(&value_key(operand)) && !read.contains(&operand) {
                            read.push(operand);
                        }
                    }
                    walk(inner, defined, read);
                    defined.extend(inner.results().map(|result| value_key(result.into())));
                }
                block = current.next_in_region();
            }
        }
    }
    let mut read = Vec::new();
    walk(op, &mut HashSet::new(), &mut read);
    read
}

/// Checks, before anything is rewritten, what a `sparse_tensor.reduce`
/// reduction needs: its region ([`checked_region`]), no other
/// `sparse_tensor.reduce` in the body, and into a sparse result (which
/// starts each component from the identity in its workspace) a constant
/// identity and no initial value to keep.
fn check_region_reduction(
    reduction: &Reduction,
    identity: Scalar,
    body: BlockRef,
    result: RankedTensorType,
    init: &Init,
) -> Result<(), String> {
    checked_region(reduction.combine)?;
    if ops(body).any(|op| name(op) == REDUCE && op != reduction.combine) {
        return Err(format!("the body has a {REDUCE} that does not combine into %out: only the yielded one can reduce"));
    }
    let sparse = sparse_dialects::encoding::Encoding::of_any(result).is_ok_and(|encoding| encoding.format.is_sparse());
    if sparse && !matches!(identity, Scalar::Constant(_)) {
        return Err(format!("a {REDUCE} into a sparse result must have a constant identity"));
    }
    if sparse && !init.starts_from_fill(result_fill(result)?) {
        return Err(format!(
            "a {REDUCE} into a sparse result whose initial value may store entries is not supported: the components no \
             value reaches would need to keep them"
        ));
    }
    Ok(())
}

/// Upstream's user-defined reduction, whose region combines an element
/// (its first argument) into the accumulator (its second).
const REDUCE: &str = "sparse_tensor.reduce";

/// The identity operand of a `sparse_tensor.reduce` in `body`, as the
/// scalar a statement can start from: a value from outside the generic, or
/// a constant the body makes.
fn identity_scalar<'c, 'a>(body: BlockRef<'c, 'a>, identity: Value<'c, 'a>) -> Result<Scalar<'c, 'a>, String> {
    let maker = defining_op(identity);
    if let Some(constant) = maker.filter(|op| name(*op) == "arith.constant").and_then(|op| op.attribute("value").ok()) {
        return Ok(Scalar::Constant(constant));
    }
    match maker {
        Some(op) if op.block() == Some(body) => Err(format!(
            "the identity of sparse_tensor.reduce is {}, computed in the body: only a constant or a value from outside \
                 the linalg.generic can start the reduction",
            describe(identity)
        )),
        Some(_) => Ok(Scalar::Value(identity)),
        None if block_argument(identity).is_some_and(|argument| argument.owner() == body) => {
            Err("the identity of sparse_tensor.reduce is an argument of the body: only a constant or a value from outside \
                 the linalg.generic can start the reduction"
                .into())
        }
        None => Ok(Scalar::Value(identity)),
    }
}

/// What a value is, for a diagnostic: its defining op, or a block argument.
fn describe(value: Value) -> String {
    match defining_op(value) {
        Some(maker) => format!("the result of '{}'", name(maker)),
        None => "a block argument".into(),
    }
}

/// The fill value of `result`'s encoding (0 without one).
fn result_fill(result: RankedTensorType) -> Result<Attribute, String> {
    Ok(sparse_dialects::encoding::Encoding::of_any(result).map_err(|e| e.to_string())?.fill)
}

/// Rewrites the generic of `plan` into an `arr.compute` at its place.
fn raise<'c, 'a>(plan: &Plan<'c, 'a>, functions: &mut Functions<'c, 'a>, context: &'c Context) -> Result<(), String> {
    let location = plan.generic.location();
    let init: Value = plan.generic.operand(plan.input_maps.len()).map_err(|e| e.to_string())?;
    let reductions = match &plan.reduction {
        Some(reduction) => vec![functions.ensure(plan.generic, reduction, plan.result.element(), context)?; reduction.loops],
        None => Vec::new(),
    };
    let body = Block::new(&[]);
    let mut mapped = HashMap::new();
    let out: Value = plan.body.argument(plan.input_maps.len()).map_err(|e| e.to_string())?.into();
    if plan.reduction.is_none() && use_count(plan.body, out) > 0 {
        // The body reads the output's initial value at the output's subscripts.
        let value = match plan.init {
            Init::Splat(Scalar::Value(value)) => value,
            Init::Splat(Scalar::Constant(attribute)) => body
                .append_operation(constant(attribute, plan.result.element(), context, location)?)
                .result(0)
                .map_err(|e| e.to_string())?
                .into(),
            _ => body
                .append_operation(arr::access(source_of(init), plan.output_map, location).map_err(|e| e.to_string())?)
                .result(0)
                .map_err(|e| e.to_string())?
                .into(),
        };
        mapped.insert(value_key(out), value);
    }
    // The loops some input the body reads indexes: they have its sizes.
    let mut indexed = HashSet::new();
    for (index, map) in plan.input_maps.iter().enumerate() {
        let input: Value = plan.generic.operand(index).map_err(|e| e.to_string())?;
        let argument: Value = plan.body.argument(index).map_err(|e| e.to_string())?.into();
        if use_count(plan.body, argument) == 0 {
            continue;
        }
        let value = if input.r#type().is_ranked_tensor() {
            indexed.extend((0..map.result_count()).filter_map(|r| map.result(r).ok().filter(|e| e.is_dim()).map(|e| e.dim_position())));
            let access = body.append_operation(arr::access(input, *map, location).map_err(|e| e.to_string())?);
            access.result(0).map_err(|e| e.to_string())?.into()
        } else {
            input
        };
        mapped.insert(value_key(argument), value);
    }
    // A loop that only an input the body does not read indexes (a pooling
    // window) takes its size from that input: it is read, the value
    // unused. Its iteration algebra comes from the body, which does not
    // name it, so the loop still visits every coordinate, however sparse
    // the input.
    for (index, map) in plan.input_maps.iter().enumerate() {
        let input: Value = plan.generic.operand(index).map_err(|e| e.to_string())?;
        let argument: Value = plan.body.argument(index).map_err(|e| e.to_string())?.into();
        let tensor = input.r#type().is_ranked_tensor();
        let dims = (0..map.result_count()).filter_map(|r| map.result(r).ok().filter(|e| e.is_dim()).map(|e| e.dim_position()));
        let sizes_a_loop = dims.clone().any(|dim| !indexed.contains(&dim));
        if use_count(plan.body, argument) == 0 && tensor && sizes_a_loop {
            indexed.extend(dims);
            body.append_operation(arr::access(input, *map, location).map_err(|e| e.to_string())?);
        }
    }
    for op in ops(plan.body) {
        let new = match name(op).as_str() {
            "linalg.yield" => {
                let value = match &plan.reduction {
                    Some(reduction) => reduction.element,
                    None => op.operand(0).map_err(|e| e.to_string())?,
                };
                let terminator = sparse_dialects::terminator(&[counterpart(&mapped, value)], op.location());
                body.append_operation(terminator.map_err(|e| e.to_string())?);
                continue;
            }
            "linalg.index" => {
                let dim = op
                    .attribute("dim")
                    .ok()
                    .and_then(|dim| IntegerAttribute::try_from(dim).ok())
                    .and_then(|dim| usize::try_from(dim.value()).ok())
                    .ok_or("linalg.index has no dim")?;
                body.append_operation(arr::index(dim, op.location()).map_err(|e| e.to_string())?)
            }
            _ if plan.reduction.as_ref().is_some_and(|reduction| reduction.combine == op) => continue,
            _ => {
                let mut copy = rebuild_in(op, &|operand| counterpart(&mapped, operand), context)?;
                // Upstream builds the bodies of named ops without locations:
                // the generic's stands for them in later diagnostics.
                if copy.location() == Location::unknown(context) {
                    copy.set_location(location);
                }
                body.append_operation(copy)
            }
        };
        for (old, new) in op.results().zip(new.results()) {
            mapped.insert(value_key(old.into()), new.into());
        }
    }
    let region = Region::new();
    region.append_block(body);
    let place = Place::before(plan.generic).ok_or("linalg.generic is not in a block")?;
    // A reduction folds in the output's initial value: the fill 0, or `init`;
    // upstream's `sparse_tensor.reduce` its identity instead, written
    // everywhere into a dense result, and into a sparse one (which stores
    // only the components the loops reach) where a component's first value
    // comes, by its workspace.
    let sparse = sparse_dialects::encoding::Encoding::of_any(plan.result).is_ok_and(|encoding| encoding.format.is_sparse());
    // A dynamic result dimension whose loop no input indexes by itself (a
    // convolution's `y(i)` read as `x(i + k)`) takes its size from the init:
    // a zero start is then written out, sized by it.
    let sized_by_init = !plan.result.has_static_shape() && !every_output_loop_indexed(plan, &indexed);
    let shape = sized_by_init.then(|| shape_of(init));
    let result_fill = result_fill(plan.result)?;
    let start = match (plan.reduction.as_ref().map(|reduction| &reduction.by), &plan.init) {
        (None, _) => None,
        // (`check_region_reduction` has made the identity a constant.)
        (Some(Combining::Region { .. }), _) if sparse => None,
        (Some(Combining::Region { identity }), _) => Some(fill(plan.result, *identity, shape, place, context, location)?),
        (Some(_), init) if init.starts_from_fill(result_fill) && sized_by_init && !sparse => {
            Some(fill(plan.result, Scalar::Constant(result_fill), shape, place, context, location)?)
        }
        // A sparse result starts empty: an empty tensor, read for its shape.
        (Some(_), init) if init.starts_from_fill(result_fill) && sized_by_init && sparse => shape,
        (Some(_), init) if init.starts_from_fill(result_fill) => None,
        (Some(_), Init::Splat(scalar @ Scalar::Constant(_))) => Some(fill(plan.result, *scalar, shape, place, context, location)?),
        (Some(_), _) => Some(source_of(init)),
    };
    // Without reductions, an init gives only the result's shape.
    let start = match start {
        None if plan.reduction.is_none() => shape,
        start => start,
    };
    let mut compute =
        arr::compute(plan.result, plan.output_map, &reductions.iter().map(String::as_str).collect::<Vec<_>>(), start, region, location)
            .map_err(|e| e.to_string())?;
    match plan.reduction.as_ref().map(|reduction| &reduction.by) {
        Some(Combining::Region { identity }) => {
            compute.set_attribute(crate::statement::REDUCE_VISITED, Attribute::unit(context));
            if let (Scalar::Constant(identity), None) = (identity, start) {
                compute.set_attribute(crate::statement::REDUCE_START, *identity);
            }
        }
        Some(_) if start.is_none() || (sparse && plan.init.starts_from_fill(result_fill)) => {
            compute.set_attribute(crate::statement::ACCUMULATE, Attribute::unit(context))
        }
        _ => {}
    }
    if plan.result.encoding().is_some_and(sparse_dialects::encoding::is_upstream) {
        compute.set_attribute(crate::statement::KEEP_VISITED, Attribute::unit(context));
    }
    // A workspace chosen for the kernel (see `arr-concretize`).
    if let Ok(workspace) = plan.generic.attribute(crate::statement::WORKSPACE) {
        compute.set_attribute(crate::statement::WORKSPACE, workspace);
    }
    let compute = place.put(compute);
    let (old, new) = (plan.generic.result(0), compute.result(0));
    replace_uses(old.map_err(|e| e.to_string())?.into(), new.map_err(|e| e.to_string())?.into());
    erase(plan.generic).map_err(|error| error.to_string())?;
    erase_if_dead(init);
    Ok(())
}

/// Whether every loop over a result dimension is indexed by an input the
/// body reads, which then gives its size.
fn every_output_loop_indexed(plan: &Plan, indexed: &HashSet<usize>) -> bool {
    (0..plan.output_map.result_count()).all(|r| plan.output_map.result(r).is_ok_and(|e| e.is_dim() && indexed.contains(&e.dim_position())))
}

/// The tensor with `init`'s shape that is cheapest to keep: looking
/// through copies, fills and statements that only give a shape to the
/// `tensor.empty` (or other tensor) they write.
fn shape_of<'c: 'a, 'a>(init: Value<'c, 'a>) -> Value<'c, 'a> {
    let source = source_of(init);
    let Some(op) = defining_op(source) else { return source };
    let written = match name(op).as_str() {
        "linalg.fill" => operand(op, 1),
        GENERIC if fill_scalar(op).is_some() => operand(op, 1),
        arr::Compute::NAME if arr::Compute::of(op).and_then(|compute| compute.reductions()).is_some_and(|r| r.is_empty()) => {
            arr::Compute::of(op).and_then(|compute| compute.init())
        }
        _ => None,
    };
    written.map_or(source, shape_of)
}

/// Erases the op defining `value` when nothing reads it any more and it only
/// makes a tensor (a shape, a copy, a fill), then the ops it read.
fn erase_if_dead(value: Value) {
    crate::ir::erase_unused(vec![value], |op| {
        op.result_count() == 1
            && matches!(
                name(op).as_str(),
                "tensor.empty" | "bufferization.alloc_tensor" | "arith.constant" | "linalg.fill" | arr::Compute::NAME
            )
    });
}

/// A statement that writes `scalar` at every component of a tensor of type
/// `result`: a splat initial value, or an identity, materialized; sized by
/// `shape` when a dynamic dimension needs it.
fn fill<'c, 'a>(
    result: RankedTensorType<'c>,
    scalar: Scalar<'c, 'a>,
    shape: Option<Value<'c, 'a>>,
    place: Place<'c, 'a>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Value<'c, 'a>, String> {
    let body = Block::new(&[]);
    let value = match scalar {
        Scalar::Constant(attribute) => {
            body.append_operation(constant(attribute, result.element(), context, location)?).result(0).map_err(|e| e.to_string())?.into()
        }
        Scalar::Value(value) => value,
    };
    body.append_operation(sparse_dialects::terminator(&[value], location).map_err(|e| e.to_string())?);
    let region = Region::new();
    region.append_block(body);
    let identity = AffineMap::multi_dim_identity(context, result.rank());
    let compute = arr::compute(result, identity, &[], shape, region, location).map_err(|e| e.to_string())?;
    Ok(place.put(compute).result(0).map_err(|e| e.to_string())?.into())
}

/// The op that makes the scalar `value` of `element` a value.
fn constant<'c>(value: Attribute<'c>, element: Type<'c>, context: &'c Context, location: Location<'c>) -> Result<Operation<'c>, String> {
    sparse_dialects::scalar::constant(context, value, element, location).ok_or_else(|| format!("{value} is not a value of type {element}"))
}

/// `value`'s counterpart in the new body; values from outside are shared.
fn counterpart<'c, 'b>(mapped: &HashMap<usize, Value<'c, 'b>>, value: Value<'c, 'b>) -> Value<'c, 'b> {
    *mapped.get(&value_key(value)).unwrap_or(&value)
}

/// A function the module already defines under the synthesized name is
/// reused, so it must be one the statement can reduce with.
fn check_existing(generic: OperationRef, symbol: &str, element: Type) -> Result<(), String> {
    let Some(existing) = defined(module_of(generic)?.1, symbol) else { return Ok(()) };
    let signature = existing
        .attribute("function_type")
        .ok()
        .and_then(|r#type| TypeAttribute::try_from(r#type).ok())
        .and_then(|r#type| FunctionType::try_from(r#type.value()).ok());
    let fits = name(existing) == "func.func"
        && signature.is_some_and(|signature| {
            let types = [signature.input(0), signature.input(1), signature.result(0)];
            (signature.input_count(), signature.result_count()) == (2, 1) && types.into_iter().all(|r#type| r#type.ok() == Some(element))
        });
    fits.then_some(()).ok_or_else(|| {
        format!("@{symbol} exists but is not a func.func of type ({element}, {element}) -> {element}, so it cannot be the reduction")
    })
}

/// The synthesized reduction functions: each once per module, in order of
/// first need, at the top of the module.
#[derive(Default)]
struct Functions<'c, 'a> {
    /// Per module (by its raw pointer), the last function synthesized there.
    last: HashMap<*const std::ffi::c_void, OperationRef<'c, 'a>>,
}

impl<'c, 'a> Functions<'c, 'a> {
    /// Defines `reduction`'s function in the module around `user` and
    /// returns its name. An op's function is `__sparse_<op>_<type>`, defined
    /// unless the module has it (checked by [`check_existing`]); a region's
    /// is defined under a fresh name.
    fn ensure(
        &mut self,
        user: OperationRef<'c, 'a>,
        reduction: &Reduction<'c, '_>,
        element: Type<'c>,
        context: &'c Context,
    ) -> Result<String, String> {
        let (module, body) = module_of(user)?;
        let location = user.location();
        let (symbol, function) = match &reduction.by {
            Combining::Op { symbol, .. } if defined(body, symbol).is_some() => return Ok(symbol.clone()),
            Combining::Op { combiner, symbol, properties } => {
                (symbol.clone(), op_function(combiner.op, symbol, properties, element, context, location)?)
            }
            Combining::Region { .. } => {
                let symbol = (0..)
                    .map(|n| format!("__sparse_reduce_{n}"))
                    .find(|symbol| defined(body, symbol).is_none())
                    .expect("some name is free");
                let function = region_function(reduction.combine, &symbol, element, context, location)?;
                (symbol, function)
            }
        };
        let key = module.to_raw().ptr as *const std::ffi::c_void;
        let function = match (self.last.get(&key), body.first_operation()) {
            (Some(last), _) => body.insert_operation_after(*last, function),
            (None, Some(first)) => body.insert_operation_before(first, function),
            (None, None) => body.append_operation(function),
        };
        self.last.insert(key, function);
        Ok(symbol)
    }
}

/// `func.func private @symbol(%x: T, %y: T) -> T { OP %x, %y }`, with the
/// combiner's properties.
fn op_function<'c>(
    op: &str,
    symbol: &str,
    properties: &Properties<'c>,
    element: Type<'c>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Operation<'c>, String> {
    let block = Block::new(&[(element, location), (element, location)]);
    let arguments = [block.argument(0).map_err(|e| e.to_string())?.into(), block.argument(1).map_err(|e| e.to_string())?.into()];
    let combined = block.append_operation(
        OperationBuilder::new(op, location).add_operands(&arguments).add_results(&[element]).build().map_err(|e| e.to_string())?,
    );
    block.append_operation(func::r#return(&[combined.result(0).map_err(|e| e.to_string())?.into()], location));
    private_function(block, symbol, Some(properties), element, context, location)
}

/// The block of a `sparse_tensor.reduce`'s region, checked to be one block
/// of two arguments that reads from outside only constants, and those
/// constants.
fn checked_region<'c, 'a>(reduce: OperationRef<'c, 'a>) -> Result<(BlockRef<'c, 'a>, Vec<Value<'c, 'a>>), String> {
    let block = reduce.region(0).ok().and_then(|region| region.first_block()).ok_or("sparse_tensor.reduce has an empty region")?;
    if block.argument_count() != 2 || block.next_in_region().is_some() {
        return Err("sparse_tensor.reduce's region must be one block of two arguments".into());
    }
    let constants = read_from_outside(reduce);
    for &value in &constants {
        let maker = defining_op(value);
        if !maker.is_some_and(|op| ["arith.constant", "complex.constant"].contains(&name(op).as_str())) {
            return Err(format!(
                "sparse_tensor.reduce's region reads {} from outside it: a reduction function can read only its arguments \
                 and constants",
                describe(value)
            ));
        }
    }
    Ok((block, constants))
}

/// `func.func private @symbol(%accumulator: T, %element: T) -> T`, the
/// region `^bb0(%element, %accumulator)` of the `sparse_tensor.reduce`
/// `reduce` with its arguments swapped (a statement's accumulator is
/// argument 0) and `func.return` for `sparse_tensor.yield`. Constants
/// the region reads from outside are copied in; any other value from
/// outside is refused. It declares no properties: upstream's region
/// promises none.
fn region_function<'c>(
    reduce: OperationRef<'c, '_>,
    symbol: &str,
    element: Type<'c>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Operation<'c>, String> {
    let (old, constants) = checked_region(reduce)?;
    let block = Block::new(&[(element, location), (element, location)]);
    let mut inside = HashMap::new();
    for (from, to) in [(0, 1), (1, 0)] {
        inside.insert(
            value_key(old.argument(from).map_err(|e| e.to_string())?.into()),
            block.argument(to).map_err(|e| e.to_string())?.into(),
        );
    }
    // The constants read from outside the region, copied in.
    for value in constants {
        let maker = defining_op(value).ok_or("a constant no op makes")?;
        let copy = block.append_operation(rebuild_in(maker, &|value| value, context)?);
        inside.insert(value_key(value), copy.result(0).map_err(|e| e.to_string())?.into());
    }
    let mut next = old.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        let copy = if name(op) == "sparse_tensor.yield" {
            func::r#return(&[counterpart(&inside, op.operand(0).map_err(|e| e.to_string())?)], location)
        } else {
            crate::ir::copy_with(op, &mut inside, &|value| value, context)?
        };
        let copy = block.append_operation(copy);
        for (old_result, new_result) in op.results().zip(copy.results()) {
            inside.insert(value_key(old_result.into()), new_result.into());
        }
    }
    private_function(block, symbol, None, element, context, location)
}

/// A private function of type `(T, T) -> T` with `block` as its body.
fn private_function<'c>(
    block: Block<'c>,
    symbol: &str,
    properties: Option<&Properties<'c>>,
    element: Type<'c>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Operation<'c>, String> {
    let region = Region::new();
    region.append_block(block);
    let mut attributes = vec![(Identifier::new(context, "sym_visibility"), StringAttribute::new(context, "private").into())];
    if let Some(properties) = properties {
        attributes.push((Identifier::new(context, PROPERTIES), properties.to_attribute(context)));
    }
    let r#type = FunctionType::new(context, &[element, element], &[element]);
    Ok(func::func(context, StringAttribute::new(context, symbol), TypeAttribute::new(r#type.into()), region, &attributes, location))
}

/// `neutral` as a typed attribute of `element`.
fn identity<'c>(neutral: Neutral, element: Type<'c>, context: &'c Context) -> Result<Attribute<'c>, String> {
    let no_identity = || format!("cannot state the identity of a reduction of {element}");
    // The integer identities, from the largest signed value of the width.
    let of_max: fn(i128) -> i128 = match neutral {
        Neutral::Zero => return sparse_dialects::scalar::zero(element).ok_or_else(no_identity),
        Neutral::One => return sparse_dialects::scalar::number(element, 1.0, 0.0).ok_or_else(no_identity),
        Neutral::AllOnes => |_| -1,
        Neutral::SignedMin => |max| -max - 1,
        Neutral::SignedMax => |max| max,
    };
    let bits = if element.is_index() { 64 } else { IntegerType::try_from(element).map_err(|_| no_identity())?.width() };
    if !(1..=128).contains(&bits) {
        return Err(no_identity());
    }
    let value = of_max(i128::MAX >> (128 - bits));
    // i1 holds the bit pattern: -1 and 1 are both `true`.
    let text = if bits == 1 { (value != 0).to_string() } else { format!("{value} : {element}") };
    Attribute::parse(context, &text).ok_or_else(|| format!("identity {text} does not parse"))
}

/// A `tensor.extract_slice` that keeps every dimension, read only as an
/// input of `linalg.generic` kernels, by `sparse_tensor.foreach` or by
/// `sparse_tensor.convert` (a copy statement then), becomes a chain of `arr.slice` views
/// (one per dimension it narrows), which the kernels read in place: a slice
/// of a sparse tensor is never built (its slice-encoded type, which no later
/// pass reads, goes with it). Offsets, sizes and strides known only when the
/// program runs become the views' dynamic bounds. Other slices are left as
/// they are.
fn slice_as_views<'c, 'a>(op: OperationRef<'c, 'a>, context: &'c Context) -> Result<(), String> {
    let (Ok(source), Ok(result)) = (op.operand(0), op.result(0)) else { return Ok(()) };
    let result: Value = result.into();
    // A kernel's input, or the tensor a sparse_tensor.foreach walks.
    let reads_in_place = |user: &OperationRef| {
        let kernel_input = name(*user) == GENERIC
            && user.operands().position(|operand| operand == result).is_some_and(|at| at + user.result_count() < user.operand_count());
        let walked_or_copied = matches!(name(*user).as_str(), "sparse_tensor.foreach" | CONVERT) && user.operand(0).ok() == Some(result);
        kernel_input || walked_or_copied
    };
    build_for_other_users(op, &reads_in_place)?;
    let read_by_kernels = users(result).iter().all(reads_in_place);
    let (Ok(source_type), Ok(result_type)) = (RankedTensorType::try_from(source.r#type()), RankedTensorType::try_from(result.r#type()))
    else {
        return Ok(());
    };
    let array = |name: &str| -> Option<Vec<i64>> {
        let array = melior::ir::attribute::DenseI64ArrayAttribute::try_from(op.attribute(name).ok()?).ok()?;
        (0..array.len()).map(|index| array.element(index).ok()).collect()
    };
    let (Some(offsets), Some(sizes), Some(strides)) = (array("static_offsets"), array("static_sizes"), array("static_strides")) else {
        return Ok(());
    };
    let rank = source_type.rank();
    // Each entry a constant, or (MLIR's dynamic marker) the next operand.
    let mut dynamic = op.operands().skip(1);
    let mut bounds = |values: &[i64]| -> Option<Vec<SliceBound<'c, 'a>>> {
        values
            .iter()
            .map(|&value| if value == i64::MIN { dynamic.next().map(SliceBound::Dynamic) } else { Some(SliceBound::Static(value)) })
            .collect()
    };
    let (Some(offsets), Some(sizes), Some(strides)) = (bounds(&offsets), bounds(&sizes), bounds(&strides)) else { return Ok(()) };
    let well_formed = [&offsets, &sizes, &strides].iter().all(|values| values.len() == rank)
        && dynamic.next().is_none()
        && [&offsets, &sizes].iter().all(|values| values.iter().all(|value| value.constant().is_none_or(|value| value >= 0)))
        && strides.iter().all(|stride| stride.constant().is_none_or(|stride| stride > 0));
    if !read_by_kernels || result_type.rank() != rank || !well_formed {
        return Ok(());
    }
    let location = op.location();
    let place = Place::before(op).ok_or("tensor.extract_slice is not in a block")?;
    let value_of = |bound: SliceBound<'c, 'a>| -> Value<'c, 'a> {
        match bound {
            SliceBound::Static(value) => place.index(value, context, location),
            SliceBound::Dynamic(value) => value,
        }
    };
    let put = |op: melior::ir::Operation<'c>| -> Value<'c, 'a> { place.value(op) };
    let mut shape = crate::ir::sizes_of(source_type);
    let mut view: Value<'c, 'a> = source;
    for dim in 0..rank {
        let whole = offsets[dim] == SliceBound::Static(0)
            && strides[dim] == SliceBound::Static(1)
            && sizes[dim].constant().is_some_and(|size| shape[dim] == size as u64);
        if whole {
            continue;
        }
        shape[dim] = sizes[dim].constant().map_or(i64::MIN as u64, |size| size as u64);
        // The last coordinate kept, plus 1: start + (size − 1) · step + 1, or start for none.
        let stop = match (offsets[dim].constant(), sizes[dim].constant(), strides[dim].constant()) {
            (Some(offset), Some(size), Some(stride)) => {
                let stop = (size - 1).max(0).checked_mul(stride).and_then(|last| last.checked_add(offset));
                let stop = stop.and_then(|last| last.checked_add(i64::from(size > 0)));
                SliceBound::Static(
                    stop.ok_or_else(|| format!("tensor.extract_slice: the slice reaches past the largest index in dimension {dim}"))?,
                )
            }
            (_, size, _) => {
                let (start, count, step) = (value_of(offsets[dim]), value_of(sizes[dim]), value_of(strides[dim]));
                let one = place.index(1, context, location);
                let zero = place.index(0, context, location);
                // The last coordinate, start + (count − 1) · step, is inside the
                // source before it is computed (the product could wrap):
                // (count − 1) ≤ (extent − 1 − start) / step, unsigned, for a
                // positive step and a start inside, or no coordinate at all.
                let extent = crate::arr_concretize::dim_of(source, dim, place, context, location)?;
                let positive = put(arith::cmpi(context, arith::CmpiPredicate::Sgt, step, zero, location));
                let divisor = put(arith::select(positive, step, one, location));
                let inside = put(arith::cmpi(context, arith::CmpiPredicate::Ult, start, extent, location));
                let room = put(arith::divui(put(arith::subi(put(arith::subi(extent, one, location)), start, location)), divisor, location));
                let reach = put(arith::cmpi(context, arith::CmpiPredicate::Ule, put(arith::subi(count, one, location)), room, location));
                let fits = put(arith::andi(put(arith::andi(positive, inside, location)), reach, location));
                let empty = put(arith::cmpi(context, arith::CmpiPredicate::Eq, count, zero, location));
                let holds = put(arith::ori(empty, fits, location));
                let message =
                    format!("tensor.extract_slice: the slice reaches past the end of dimension {dim}, or its stride is not positive");
                crate::arr_concretize::assert_holds(holds, &message, place, context, location)?;
                let last = put(arith::muli(put(arith::subi(count, one, location)), step, location));
                let stop = put(arith::addi(put(arith::addi(start, last, location)), one, location));
                SliceBound::Dynamic(match size {
                    Some(size) if size > 0 => stop,
                    _ => {
                        let some = put(arith::cmpi(context, arith::CmpiPredicate::Sgt, count, zero, location));
                        put(arith::select(some, stop, start, location))
                    }
                })
            }
        };
        let r#type = RankedTensorType::new(&shape, result_type.element(), None);
        let slice = arr::slice(view, r#type.into(), dim, [offsets[dim], stop, strides[dim]], location).map_err(|e| e.to_string())?;
        view = place.value(slice);
    }
    replace_uses(result, view);
    erase(op).map_err(|error| error.to_string())
}

/// Gives the users of a slice of a sparse tensor `op` that do not read it
/// in place (`func.return`, `sparse_tensor.print`, any but a kernel's
/// input, `sparse_tensor.foreach` and `sparse_tensor.convert`) one
/// `sparse_tensor.convert` of the slice into its own type instead, which is
/// then raised as every convert is: a copy statement that builds the slice
/// in the result's format, reading its source through the views. A slice
/// typed with dimension slices is left as it is (no format stores one).
fn build_for_other_users<'c, 'a>(op: OperationRef<'c, 'a>, reads_in_place: &dyn Fn(&OperationRef<'c, 'a>) -> bool) -> Result<(), String> {
    let (Ok(source), Ok(result)) = (op.operand(0), op.result(0)) else { return Ok(()) };
    let result: Value = result.into();
    let (Ok(source_type), Ok(result_type)) = (RankedTensorType::try_from(source.r#type()), RankedTensorType::try_from(result.r#type()))
    else {
        return Ok(());
    };
    if source_type.encoding().is_none() || result_type.encoding().is_some_and(sparse_dialects::encoding::has_dimension_slices) {
        return Ok(());
    }
    let others: Vec<_> = users(result).into_iter().filter(|user| !reads_in_place(user)).collect();
    if others.is_empty() {
        return Ok(());
    }
    // One copy, right after the slice, for all of them.
    let place = op.next_in_block().and_then(Place::before).ok_or("tensor.extract_slice ends its block")?;
    let convert = OperationBuilder::new(CONVERT, op.location())
        .add_operands(&[result])
        .add_results(&[result.r#type()])
        .build()
        .map_err(|e| e.to_string())?;
    let built = place.value(convert);
    for user in others {
        crate::ir::replace_operand(user, result, built);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use melior::{
        ir::{operation::OperationLike, Module},
        pass::PassManager,
        Context,
    };

    fn run(source: &str) -> Option<String> {
        let context = Context::new();
        sparse_dialects::load_dialects(&context).unwrap();
        let mut module = Module::parse(&context, source).expect("test input parses");
        let manager = PassManager::new(&context);
        manager.add_pass((super::INFO.create)());
        manager.run(&mut module).ok()?;
        assert!(module.as_operation().verify() && sparse_dialects::verify::verify(module.as_operation()));
        Some(module.as_operation().to_string())
    }

    const SPMV: &str = r#"
      #CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
      func.func @spmv(%A: tensor<4x5xf64, #CSR>, %x: tensor<5xf64>) -> tensor<4xf64> {
        %init = tensor.empty() : tensor<4xf64>
        %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                             iterator_types = ["parallel", "reduction"]}
            ins(%A, %x : tensor<4x5xf64, #CSR>, tensor<5xf64>) outs(%init : tensor<4xf64>) {
        ^bb0(%a: f64, %b: f64, %acc: f64):
          %p = arith.mulf %a, %b : f64
          %s = arith.addf %acc, %p : f64
          linalg.yield %s : f64
        } -> tensor<4xf64>
        return %y : tensor<4xf64>
      }"#;

    #[test]
    fn raises_spmv_with_a_synthesized_reduction() {
        let output = run(SPMV).expect("the pass succeeds");
        assert!(output.contains("func.func private @__sparse_addf_f64"), "{output}");
        assert!(output.contains("reductions = [@__sparse_addf_f64]"), "{output}");
        assert!(!output.contains("linalg.generic") && !output.contains("tensor.empty"), "{output}");
    }

    #[test]
    fn starts_a_reduction_from_its_initial_value() {
        let with_init = |init: &str| SPMV.replace("tensor.empty() : tensor<4xf64>", &format!("{init} : tensor<4xf64>"));
        let ones = run(&with_init("arith.constant dense<1.0>")).expect("the pass succeeds");
        assert!(ones.contains("arith.constant 1.000000e+00 : f64") && ones.contains("reductions = []"), "{ones}");
        assert!(ones.contains("reductions = [@__sparse_addf_f64]} : (tensor<4xf64>) -> tensor<4xf64>"), "{ones}");
        assert!(!ones.contains("arr.accumulate") && !ones.contains("dense<"), "{ones}");
        let zeros = run(&with_init("arith.constant dense<0.0>")).expect("the pass succeeds");
        assert!(zeros.contains("arr.accumulate") && zeros.contains(": () -> tensor<4xf64>") && !zeros.contains("dense<"), "{zeros}");
    }

    #[test]
    fn identities_fit_their_element_types() {
        let context = Context::new();
        sparse_dialects::load_dialects(&context).unwrap();
        let parse = |text| melior::ir::Type::parse(&context, text).unwrap();
        let cases = [
            (super::Neutral::SignedMin, "i8", "-128 : i8"),
            (super::Neutral::SignedMax, "i64", "9223372036854775807 : i64"),
            (super::Neutral::AllOnes, "i1", "true"),
            (super::Neutral::One, "f32", "1.000000e+00 : f32"),
        ];
        for (neutral, element, expected) in cases {
            assert_eq!(super::identity(neutral, parse(element), &context).unwrap().to_string(), expected);
        }
    }
}
