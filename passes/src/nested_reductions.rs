//! Statements that reduce different loops with different functions
//! (paper 000 §7 test 19, `max_i min_j max_k A_ijk`): each becomes a chain
//! of statements, innermost reduction first. Each statement of the chain
//! reduces one run of adjacent loops that share a function into a dense
//! temporary, which the next statement reads.

use crate::ir::{copy_with, erase, name, replace_uses};
use crate::statement::{reduction_properties, LOOP_ORIGINS, REDUCE_VISITED};
use melior::{
    ir::{
        attribute::{ArrayAttribute, FlatSymbolRefAttribute},
        block::BlockLike,
        operation::{OperationBuilder, OperationLike},
        r#type::RankedTensorType,
        Attribute, Block, Identifier, OperationRef, Region, RegionLike, ShapedTypeLike, Type, Value,
    },
    Context,
};
use sparse_dialects::arr::Compute;
use std::collections::HashMap;

/// Splits every statement of `module` whose reductions differ into a chain
/// of statements that each reduce with one function; `Err` names the
/// statement that cannot be split and why.
pub fn split<'c, 'a>(module: OperationRef<'c, 'a>, context: &'c Context) -> Result<(), (OperationRef<'c, 'a>, String)> {
    // Innermost first: splitting a statement erases it with its body, so a
    // statement nested in it (which the reader refuses later) is split
    // before it, and not after it is gone.
    for op in crate::ir::collect(module, |op| Compute::of(op).is_some()).into_iter().rev() {
        let mut statement = op;
        while let Some(outer) = peel_innermost(statement, context).map_err(|message| (statement, message))? {
            statement = outer;
        }
    }
    Ok(())
}

/// If `op` reduces with more than one function, splits off its innermost
/// run of loops reduced with one function into a statement of its own, and
/// returns the statement that reduces the rest (`None` when there is
/// nothing to split).
fn peel_innermost<'c, 'a>(op: OperationRef<'c, 'a>, context: &'c Context) -> Result<Option<OperationRef<'c, 'a>>, String> {
    let compute = Compute::of(op).ok_or("not an arr.compute")?;
    let functions = compute.reductions().unwrap_or_default();
    let Some(&innermost) = functions.last() else { return Ok(None) };
    if functions.iter().all(|function| *function == innermost) {
        return Ok(None);
    }
    if op.attribute(REDUCE_VISITED).is_ok() {
        // A temporary would start the components no loop visits from the
        // identity, where the statement combines nothing.
        return Err("a statement with arr.reduce_visited that reduces different loops with different functions is not supported".into());
    }
    let map = compute.indexing_map().ok_or("arr.compute has no indexing map")?;
    let result = compute.result_type().ok_or("arr.compute has no ranked result")?;
    let loops = map.dim_count();
    let output_dims: Vec<usize> = (0..map.result_count()).map(|index| map.result(index).expect("in range").dim_position()).collect();
    let reduced: Vec<usize> = (0..loops).filter(|loop_| !output_dims.contains(loop_)).collect();
    let run = functions.iter().rev().take_while(|function| **function == innermost).count();
    let (outer_functions, group) = (&functions[..functions.len() - run], &reduced[reduced.len() - run..]);
    let kept: Vec<usize> = (0..loops).filter(|loop_| !group.contains(loop_)).collect();
    // The temporary starts each component from the identity, so that
    // reducing every point of the run, fills included, is exact.
    let identity = reduction_properties(op, innermost)?.identity.ok_or_else(|| {
        format!(
            "loops reduced with '@{innermost}' inside loops reduced with other functions go through a temporary that starts \
             from '@{innermost}''s identity, which its arr.properties do not declare"
        )
    })?;
    let element = result.element();
    let temporary = temporary_type(kept.len(), element, identity, context)?;
    let location = op.location();
    let block = op.block().ok_or("arr.compute is not in a block")?;

    // The inner statement: the body as it is, reducing the run into the temporary.
    let body = compute.body().ok_or("arr.compute has no body")?;
    let copied = Block::new(&[]);
    let mut inside = HashMap::new();
    let mut next = body.first_operation();
    while let Some(inner) = next {
        next = inner.next_in_block();
        let copy = copied.append_operation(copy_with(inner, &mut inside, &|value| value, context)?);
        for (old, new) in inner.results().zip(copy.results()) {
            inside.insert(crate::ir::value_key(old.into()), new.into());
        }
    }
    let kept_map = map_attribute(loops, &kept, context)?;
    let inner = OperationBuilder::new(Compute::NAME, location)
        .add_attributes(&[
            (Identifier::new(context, "indexing_map"), kept_map),
            (Identifier::new(context, "reductions"), symbols(&vec![innermost; run], context)),
        ])
        .add_regions([region_of(copied)])
        .add_results(&[temporary])
        .build()
        .map_err(|e| e.to_string())?;
    let inner = block.insert_operation_before(op, inner);
    let temporary: Value = inner.result(0).map_err(|e| e.to_string())?.into();

    // The outer statement: over the kept loops, numbered in order, reading
    // the temporary and reducing the rest as the statement did, from its init.
    let read = Block::new(&[]);
    let access = read.append_operation(
        OperationBuilder::new(sparse_dialects::arr::Access::NAME, location)
            .add_operands(&[temporary])
            .add_attributes(&[(
                Identifier::new(context, "indexing_map"),
                map_attribute(kept.len(), &(0..kept.len()).collect::<Vec<_>>(), context)?,
            )])
            .add_results(&[element])
            .build()
            .map_err(|e| e.to_string())?,
    );
    let value: Value = access.result(0).map_err(|e| e.to_string())?.into();
    read.append_operation(
        OperationBuilder::new(sparse_dialects::YIELD, location).add_operands(&[value]).build().map_err(|e| e.to_string())?,
    );
    let positions: Vec<usize> =
        output_dims.iter().map(|dim| kept.iter().position(|loop_| loop_ == dim).expect("output loops are kept")).collect();
    let mut attributes = vec![
        (Identifier::new(context, "indexing_map"), map_attribute(kept.len(), &positions, context)?),
        (Identifier::new(context, "reductions"), symbols(outer_functions, context)),
    ];
    for (attribute_name, value) in op.attributes() {
        let attribute_name = attribute_name.as_string_ref().as_str().map_err(|e| e.to_string())?;
        // The loops are numbered anew: what they were split from no longer applies.
        if !matches!(attribute_name, "indexing_map" | "reductions" | LOOP_ORIGINS) {
            attributes.push((Identifier::new(context, attribute_name), value));
        }
    }
    let init: Vec<Value> = compute.init().into_iter().collect();
    let outer = OperationBuilder::new(Compute::NAME, location)
        .add_operands(&init)
        .add_attributes(&attributes)
        .add_regions([region_of(read)])
        .add_results(&[result.into()])
        .build()
        .map_err(|e| e.to_string())?;
    let outer = block.insert_operation_after(op, outer);
    replace_uses(op.result(0).map_err(|e| e.to_string())?.into(), outer.result(0).map_err(|e| e.to_string())?.into());
    erase(op).map_err(|error| format!("'{}': {error}", name(op)))?;
    Ok(Some(outer))
}

/// A dense tensor of `rank` dynamic dimensions of `element`, with fill `fill`.
fn temporary_type<'c>(rank: usize, element: Type<'c>, fill: Attribute<'c>, context: &'c Context) -> Result<Type<'c>, String> {
    let dims: String = (0..rank).map(|_| "?x").collect();
    let levels = vec!["#arr.level<\"dense\", {}>"; rank].join(", ");
    let names = (0..rank).map(|dim| format!("d{dim}")).collect::<Vec<_>>().join(", ");
    let text = format!("tensor<{dims}{element}, #arr.encoding<[{levels}], {fill}, affine_map<({names}) -> ({names})>>>");
    let r#type = Type::parse(context, &text).ok_or_else(|| format!("the temporary type {text} does not parse"))?;
    RankedTensorType::try_from(r#type).map_err(|_| format!("{text} is not a ranked tensor"))?;
    Ok(r#type)
}

/// `affine_map<(d0, ..., d<loops-1>) -> (d<results...>)>`.
fn map_attribute<'c>(loops: usize, results: &[usize], context: &'c Context) -> Result<Attribute<'c>, String> {
    let names = (0..loops).map(|dim| format!("d{dim}")).collect::<Vec<_>>().join(", ");
    let results = results.iter().map(|dim| format!("d{dim}")).collect::<Vec<_>>().join(", ");
    let text = format!("affine_map<({names}) -> ({results})>");
    Attribute::parse(context, &text).ok_or_else(|| format!("{text} does not parse"))
}

/// `[@f, ...]`.
fn symbols<'c>(functions: &[&str], context: &'c Context) -> Attribute<'c> {
    let symbols: Vec<Attribute> = functions.iter().map(|function| FlatSymbolRefAttribute::new(context, function).into()).collect();
    ArrayAttribute::new(context, &symbols).into()
}

fn region_of(block: Block) -> Region {
    let region = Region::new();
    region.append_block(block);
    region
}
