//! `arr-fuse`: statements fused into the one statement that reads them.
//!
//! A statement whose result is a dense temporary read once, by one
//! `arr.access` of a later statement that reads each of its components once
//! (the access's subscripts are the reader's loops, each once), is inlined
//! into that reader: the reader computes the producer's body where it read
//! its result, and loses nothing to recomputation. A producer that reduces
//! brings its reduced loops along, as new loops of the reader reduced by
//! the same function, which is exact when the reader's value is its read
//! times factors (`s · Σ_k u·v = Σ_k s·u·v`: multiplication distributes
//! over the producer's addition), and the reader's own reductions, if any,
//! are that addition too. So SDDMM as PyTorch writes it (`s * (u @ v)`, a
//! dense product then a product with a sparse matrix) becomes one statement
//! that visits only `s`'s stored entries, instead of the dense `n × n`
//! product. Anything else is left as it is.

use crate::ir::{collect, copy_with, defining_op, edit, erase, name, replace_uses, users};
use crate::statement::{reduction_properties, Statement, KEEP_VISITED};
use melior::{
    ir::{
        attribute::{ArrayAttribute, FlatSymbolRefAttribute, IntegerAttribute},
        block::BlockLike,
        operation::{OperationLike, OperationMutLike},
        r#type::{DimSize, RankedTensorType},
        Attribute, OperationRef, ShapedTypeLike, Type, Value, ValueLike,
    },
    Context,
};
use sparse_dialects::{
    arr::{Access, Compute, Index},
    encoding::Encoding,
    subscript::{subscripts, Subscript},
    verify::emit_error,
};
use sparse_formats::LevelKind;
use std::collections::HashMap;

module_pass!(
    ArrFuse,
    "arr-fuse",
    "Fuse each statement whose dense result one later statement reads once per component into that statement",
    run
);

fn run<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> bool {
    // Producers whose fused statement could not be ordered or sized stay.
    let mut kept = Vec::new();
    loop {
        let statements = collect(module, |op| Compute::of(op).is_some() && !kept.contains(&op));
        let Some((producer, plan)) = statements.iter().find_map(|&producer| plan(producer).map(|plan| (producer, plan))) else {
            return true;
        };
        match fuse(producer, &plan, context) {
            Ok(true) => {}
            Ok(false) => kept.push(producer),
            Err(message) => {
                emit_error(producer.location(), &format!("arr-fuse: {message}"));
                return false;
            }
        }
    }
}

/// How a producer fuses into its reader.
struct Plan<'c, 'a> {
    reader: OperationRef<'c, 'a>,
    /// The reader's `arr.access` of the producer's result.
    access: OperationRef<'c, 'a>,
    /// The reader's loop for each of the producer's loops; the producer's
    /// reduced loops become new loops after the reader's.
    loops: Vec<usize>,
    /// The reader's loops after fusion.
    loop_count: usize,
    /// The function that reduces the new loops (the producer's).
    reduction: Option<&'c str>,
}

/// The plan to fuse `producer` into its reader, when it may be.
fn plan<'c, 'a>(producer: OperationRef<'c, 'a>) -> Option<Plan<'c, 'a>> {
    let compute = Compute::of(producer)?;
    if compute.init().is_some() || producer.attributes().any(|(attribute, _)| is_refusing(attribute.as_string_ref().as_str().unwrap_or("")))
    {
        return None;
    }
    let result: Value = producer.result(0).ok()?.into();
    // One read, and perhaps the temporary's deallocation, which goes with it.
    let reads = crate::ir::reads(result);
    let [access] = reads[..] else { return None };
    let reader = access.parent_operation()?;
    let reader_compute = Compute::of(reader)?;
    if name(access) != Access::NAME
        || reader.block() != producer.block()
        || reader.attributes().any(|(a, _)| is_refusing(a.as_string_ref().as_str().unwrap_or("")))
    {
        return None;
    }
    let result_type = compute.result_type()?;
    let encoding = Encoding::of_any(result_type).ok()?;
    if !encoding.format.levels.iter().all(|level| level.kind == LevelKind::Dense) {
        return None;
    }
    // Upstream's user functions (regions) and calls decide what is present
    // by the operands they read, which fusion changes: neither body has any.
    let plain_body =
        |op: OperationRef| collect(op, |inner| inner != op && (inner.region_count() > 0 || name(inner) == "func.call")).is_empty();
    if !plain_body(producer) || !plain_body(reader) {
        return None;
    }
    let read_tensors: Vec<Value> =
        collect(producer, |inner| name(inner) == Access::NAME).iter().filter_map(|read| read.operand(0).ok()).collect();
    // A reader that stores every point it visits (upstream's storage)
    // visits the same points after fusion only when the producer reads
    // dense tensors alone, present everywhere as the temporary was.
    if reader.attribute(KEEP_VISITED).is_ok() {
        let all_dense = read_tensors.iter().all(|tensor| {
            RankedTensorType::try_from(tensor.r#type())
                .ok()
                .and_then(|r#type| Encoding::of_any(r#type).ok())
                .is_some_and(|encoding| encoding.format.levels.iter().all(|level| level.kind == LevelKind::Dense))
        });
        if read_tensors.is_empty() || !all_dense {
            return None;
        }
    }
    // Nothing between the two statements may touch what the producer reads
    // (a deallocation would free it before the reader reads it).
    if touched_between(producer, reader, &read_tensors) {
        return None;
    }
    // The reader reads every component once: its subscripts are its loops, each once.
    let reader_map = reader_compute.indexing_map()?;
    let reader_loops = reader_map.dim_count();
    let read = Access::of(access)?.indexing_map()?;
    let read: Vec<usize> = subscripts(read).ok()?.iter().map(Subscript::as_dim).collect::<Option<_>>()?;
    if read.len() != reader_loops {
        return None;
    }
    let map = compute.indexing_map()?;
    let outputs: Vec<usize> =
        (0..map.result_count()).map(|index| map.result(index).map(|expr| expr.dim_position())).collect::<Result<_, _>>().ok()?;
    let functions = compute.reductions().unwrap_or_default();
    let reduced: Vec<usize> = (0..map.dim_count()).filter(|loop_| !outputs.contains(loop_)).collect();
    let mut loops = vec![0; map.dim_count()];
    for (position, &loop_) in outputs.iter().enumerate() {
        loops[loop_] = read[position];
    }
    for (new, &loop_) in reduced.iter().enumerate() {
        loops[loop_] = reader_loops + new;
    }
    let reduction = match functions[..] {
        [] => None,
        [first, ..] if functions.iter().all(|function| *function == first) => Some(first),
        _ => return None,
    };
    if let Some(function) = reduction {
        // The producer starts each component from its fill: the identity.
        let properties = reduction_properties(producer, function).ok()?;
        let starts_at_identity = producer.attribute("arr.accumulate").is_ok() && properties.identity == Some(encoding.fill);
        if !starts_at_identity || !distributes(reader, access, function)? {
            return None;
        }
        let reader_functions = reader_compute.reductions().unwrap_or_default();
        let associative = properties.associative && properties.commutative;
        if !reader_functions.iter().all(|other| *other == function) || !associative {
            return None;
        }
        if reader_functions.is_empty() {
            // The reader will reduce from its fill, which must be the identity too.
            let reader_fill = Encoding::of_any(reader_compute.result_type()?).ok()?.fill;
            if reader_compute.init().is_some() || Some(reader_fill) != properties.identity {
                return None;
            }
        }
    }
    // Every subscript the fused body reads must be one this pass can renumber.
    let renumberable = |op: OperationRef| {
        collect(op, |inner| name(inner) == Access::NAME)
            .into_iter()
            .all(|inner| Access::of(inner).and_then(|a| a.indexing_map()).is_some_and(|m| subscripts(m).is_ok()))
    };
    if !renumberable(producer) || !renumberable(reader) {
        return None;
    }
    Some(Plan { reader, access, loops, loop_count: reader_loops + reduced.len(), reduction })
}

/// Whether an op strictly between `producer` and `reader` (in their block),
/// other than a statement, uses one of `tensors`.
fn touched_between(producer: OperationRef, reader: OperationRef, tensors: &[Value]) -> bool {
    let mut next = producer.next_in_block();
    while let Some(op) = next {
        if op == reader {
            return false;
        }
        if Compute::of(op).is_none()
            && collect(op, |inner| inner.operands().any(|operand| tensors.contains(&operand))).into_iter().next().is_some()
        {
            return true;
        }
        next = op.next_in_block();
    }
    true
}

/// Attributes that give a statement meaning this pass does not carry over.
fn is_refusing(attribute: &str) -> bool {
    matches!(attribute, "arr.reduce_visited" | crate::statement::LOOP_ORIGINS)
}

/// Whether the value `access` reads flows to the reader's yield through
/// products only (each op using it once), products that distribute over
/// `function` (an `arith.addf` or `arith.addi` alone): `None` when the
/// reduction's body cannot be read.
fn distributes(reader: OperationRef, access: OperationRef, function: &str) -> Option<bool> {
    let (_, module) = crate::ir::module_of(reader).ok()?;
    let body = crate::ir::single_operation(crate::ir::defined(module, function)?)?;
    let product = match name(body).as_str() {
        "arith.addf" => "arith.mulf",
        "arith.addi" => "arith.muli",
        _ => return Some(false),
    };
    let mut value: Value = access.result(0).ok()?.into();
    loop {
        let [user] = users(value)[..] else { return Some(false) };
        if user.parent_operation() != Some(reader) {
            return Some(false);
        }
        match name(user).as_str() {
            sparse_dialects::YIELD => return Some(true),
            found if found == product => value = user.result(0).ok()?.into(),
            _ => return Some(false),
        }
    }
}

/// Inlines `producer`'s body into a copy of its reader by `plan`. When the
/// copy is a statement `arr-concretize` can order and size, it replaces the
/// reader and the producer goes (with its deallocation); otherwise the copy
/// goes and `Ok(false)` says the two stay as they were.
fn fuse<'c>(producer: OperationRef<'c, '_>, plan: &Plan<'c, '_>, context: &'c Context) -> Result<bool, String> {
    let block = plan.reader.block().ok_or("the reader is not in a block")?;
    let mut inside = HashMap::new();
    let reader = block.insert_operation_before(plan.reader, copy_with(plan.reader, &mut inside, &|value| value, context)?);
    let access_result: Value = plan.access.result(0).map_err(|e| e.to_string())?.into();
    let access = inside
        .get(&crate::ir::value_key(access_result))
        .and_then(|copied| defining_op(*copied))
        .ok_or("the reader's read of the producer was not copied")?;
    let reader_compute = Compute::of(reader).ok_or("the reader is not a statement")?;
    let body = reader_compute.body().ok_or("the reader has no body")?;
    let identity: Vec<usize> = (0..plan.loop_count).collect();
    // The reader's own reads keep their loops, among more of them.
    for op in collect(reader, |op| matches!(name(op).as_str(), Access::NAME | Index::NAME)) {
        if op != access {
            renumber(op, &identity, plan.loop_count, context)?;
        }
    }
    // The producer's body, its loops renumbered, where the reader read its result.
    let produced = Compute::of(producer).and_then(|compute| compute.body()).ok_or("the producer has no body")?;
    let mut copied = HashMap::new();
    let mut yielded = None;
    let mut next = produced.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if name(op) == sparse_dialects::YIELD {
            let value = op.operand(0).map_err(|e| e.to_string())?;
            yielded = Some(copied.get(&crate::ir::value_key(value)).copied().unwrap_or(value));
            continue;
        }
        let copy = body.insert_operation_before(access, copy_with(op, &mut copied, &|value| value, context)?);
        for (old, new) in op.results().zip(copy.results()) {
            copied.insert(crate::ir::value_key(old.into()), new.into());
        }
        for inner in collect(copy, |inner| matches!(name(inner).as_str(), Access::NAME | Index::NAME)) {
            renumber(inner, &plan.loops, plan.loop_count, context)?;
        }
    }
    let yielded = yielded.ok_or("the producer has no yield")?;
    replace_uses(access.result(0).map_err(|e| e.to_string())?.into(), yielded);
    erase(access).map_err(|error| error.to_string())?;
    // The reader's loops and reductions.
    let map = reader_compute.indexing_map().ok_or("the reader has no indexing map")?;
    let outputs: Vec<Subscript> = subscripts(map).map_err(|error| error.to_string())?;
    let mut reader_mut = edit(reader);
    reader_mut.set_attribute("indexing_map", map_attribute(plan.loop_count, &outputs, &identity, context)?);
    if let Some(function) = plan.reduction {
        let mut functions = reader_compute.reductions().unwrap_or_default();
        if functions.is_empty() {
            reader_mut.set_discardable_attribute("arr.accumulate", Attribute::unit(context));
        }
        functions.resize(plan.loop_count - map.result_count(), function);
        let symbols: Vec<Attribute> = functions.iter().map(|function| FlatSymbolRefAttribute::new(context, function).into()).collect();
        reader_mut.set_attribute("reductions", ArrayAttribute::new(context, &symbols).into());
    }
    if !concretizable(reader_compute) {
        erase(reader).map_err(|error| error.to_string())?;
        return Ok(false);
    }
    replace_uses(plan.reader.result(0).map_err(|e| e.to_string())?.into(), reader.result(0).map_err(|e| e.to_string())?.into());
    erase(plan.reader).map_err(|error| error.to_string())?;
    let temporary: Value = producer.result(0).map_err(|e| e.to_string())?.into();
    for dealloc in users(temporary) {
        erase(dealloc).map_err(|error| error.to_string())?;
    }
    erase(producer).map_err(|error| error.to_string()).map(|()| true)
}

/// Whether `arr-concretize` can read the statement, order its loops and
/// size each of them (by an operand read at a bare subscript, or a static
/// result dimension).
fn concretizable(compute: Compute) -> bool {
    let Ok(statement) = Statement::read(compute) else { return false };
    let sized = |loop_: usize| {
        statement.operands.iter().any(|operand| operand.sizing_dim(loop_).is_some())
            || statement
                .output_dims
                .iter()
                .position(|&output| output == loop_)
                .is_some_and(|dim| statement.output.dim_size(dim).is_ok_and(|size| matches!(size, DimSize::Static(_))))
    };
    crate::arr_concretize::order(&statement).is_ok() && (0..statement.loops).all(sized)
}

/// Renumbers the loops `op` (an `arr.access` or `arr.index`) names: loop `l`
/// becomes `loops[l]`, of `loop_count`.
fn renumber(op: OperationRef, loops: &[usize], loop_count: usize, context: &Context) -> Result<(), String> {
    if name(op) == Index::NAME {
        let dim = Index::of(op).and_then(|index| index.dim()).ok_or("arr.index has no dim")? as usize;
        let attribute = IntegerAttribute::new(Type::parse(context, "i64").expect("i64"), loops[dim] as i64);
        edit(op).set_attribute("dim", attribute.into());
        return Ok(());
    }
    let map = Access::of(op).and_then(|access| access.indexing_map()).ok_or("arr.access has no indexing map")?;
    let read = subscripts(map).map_err(|error| error.to_string())?;
    edit(op).set_attribute("indexing_map", map_attribute(loop_count, &read, loops, context)?);
    Ok(())
}

/// The map over `loop_count` loops of `subscripts`, each loop `l` of them
/// written `d<loops[l]>`.
fn map_attribute<'c>(loop_count: usize, subscripts: &[Subscript], loops: &[usize], context: &'c Context) -> Result<Attribute<'c>, String> {
    let results: Vec<String> = subscripts.iter().map(|subscript| crate::ir::render_subscript(subscript, loops)).collect();
    crate::ir::loop_map(loop_count, &results, context).ok_or_else(|| "a renumbered indexing map does not parse".to_string())
}
