//! Runtime guards of explicit iteration spaces (paper 000 §5.1): where a
//! loop visits a call beyond its function's `arr.iteration_space` (an
//! explicit fill or a dense operand's, the complement of a dense operand,
//! or of a value the loop does not index), the call goes through a wrapper
//! that evaluates the function only where its space holds on the argument
//! values (`{x_k ≠ c}` is `x_k != c`), and gives the call's background
//! elsewhere.

use crate::fill::{self, Number};
use crate::ir::{callee, callee_name, edit, module_of, unused_symbol};
use crate::statement::GuardedCall;
use melior::{
    dialect::{arith, func, scf},
    ir::{
        attribute::{FlatSymbolRefAttribute, IntegerAttribute, StringAttribute, TypeAttribute},
        block::BlockLike,
        operation::{OperationLike, OperationMutLike},
        r#type::{FunctionType, IntegerType},
        Attribute, Block, Identifier, Location, Operation, Region, RegionLike, Type, TypeLike, Value, ValueLike,
    },
    Context,
};
use sparse_dialects::{function::ITERATION_SPACE, space::Space};
use std::collections::HashMap;

/// The wrappers made so far, by callee and background, so that calls with
/// the same guard share one.
#[derive(Default)]
pub struct Wrappers {
    made: HashMap<(String, String), String>,
}

impl Wrappers {
    /// Makes `guard`'s call go through a wrapper that evaluates its callee
    /// only inside the callee's iteration space, made next to the callee.
    pub fn apply<'c>(&mut self, guard: &GuardedCall<'c, '_>, context: &'c Context) -> Result<(), String> {
        let call = guard.call;
        let function = callee(call).ok_or("a guarded call without a callee")?;
        let symbol = callee_name(call).ok_or("a guarded call without a callee")?.to_string();
        let result = call.result(0).map_err(|e| e.to_string())?.r#type();
        let background = guard
            .background
            .attribute(result, context)
            .ok_or_else(|| format!("the call to '@{symbol}' is guarded by its iteration space, which {result} values are not"))?;
        let key = (symbol.clone(), format!("{background} {:?}", guard.argument_fills));
        let wrapper = match self.made.get(&key) {
            Some(wrapper) => wrapper.clone(),
            None => {
                let (_, module_body) = module_of(call)?;
                let wrapper = unused_symbol(module_body, &format!("{symbol}_in_space"));
                let space = function.attribute(ITERATION_SPACE).map_err(|e| e.to_string())?;
                let space = Space::from_attribute(space).map_err(|e| e.to_string())?;
                let arguments: Vec<Type> = call.operands().map(|operand| operand.r#type()).collect();
                let signature = Signature { arguments: &arguments, result, background };
                let made = wrapper_function(&wrapper, &symbol, &space, &signature, guard, context, function.location())?;
                module_body.insert_operation_after(function, made);
                self.made.insert(key, wrapper.clone());
                wrapper
            }
        };
        edit(call).set_attribute("callee", FlatSymbolRefAttribute::new(context, &wrapper).into());
        Ok(())
    }
}

/// The types of a wrapper and the value it gives outside the space.
struct Signature<'c, 's> {
    arguments: &'s [Type<'c>],
    result: Type<'c>,
    background: Attribute<'c>,
}

/// `func.func private @wrapper(args) { if space(args) { f(args) } else { background } }`,
/// `f(args)` being the specialization for the arguments that are not their
/// fill values where `guard`'s callee has one.
fn wrapper_function<'c>(
    wrapper: &str,
    symbol: &str,
    space: &Space<'c>,
    signature: &Signature<'c, '_>,
    guard: &GuardedCall<'c, '_>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Operation<'c>, String> {
    let Signature { arguments, result, background } = *signature;
    let block = Block::new(&arguments.iter().map(|&argument| (argument, location)).collect::<Vec<_>>());
    let values: Vec<Value> =
        (0..arguments.len()).map(|at| block.argument(at).map(Value::from)).collect::<Result<_, _>>().map_err(|e| e.to_string())?;
    let holds = holds(space, &block, &values, context, location)?;
    let evaluated = dispatch(symbol, &guard.specializations, &guard.argument_fills, &values, result, context, location)?;
    let outside = Block::new(&[]);
    let value = outside.append_operation(arith::constant(context, background, location));
    outside.append_operation(scf::r#yield(&[value.result(0).map_err(|e| e.to_string())?.into()], location));
    let chosen = block.append_operation(scf::r#if(holds, &[result], region_of(evaluated), region_of(outside), location));
    block.append_operation(func::r#return(&[chosen.result(0).map_err(|e| e.to_string())?.into()], location));
    let r#type = TypeAttribute::new(FunctionType::new(context, arguments, &[result]).into());
    let private = [(Identifier::new(context, "sym_visibility"), StringAttribute::new(context, "private").into())];
    Ok(func::func(context, StringAttribute::new(context, wrapper), r#type, region_of(block), &private, location))
}

/// A block that yields `symbol(values)`, or the first of `specializations`
/// whose present arguments are exactly those not at their `fills`, called
/// on those.
fn dispatch<'c>(
    symbol: &str,
    specializations: &[(String, Vec<usize>)],
    fills: &[Number],
    values: &[Value<'c, '_>],
    result: Type<'c>,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Block<'c>, String> {
    let block = Block::new(&[]);
    let Some(((name, present), rest)) = specializations.split_first() else {
        let call = block.append_operation(func::call(context, FlatSymbolRefAttribute::new(context, symbol), values, &[result], location));
        let value: Value = call.result(0).map_err(|e| e.to_string())?.into();
        block.append_operation(scf::r#yield(&[value], location));
        return Ok(block);
    };
    let serves = serves(&block, present, fills, values, context, location)?;
    let special = Block::new(&[]);
    let operands: Vec<Value> = present.iter().filter_map(|&at| values.get(at).copied()).collect();
    let call = special.append_operation(func::call(context, FlatSymbolRefAttribute::new(context, name), &operands, &[result], location));
    let value: Value = call.result(0).map_err(|e| e.to_string())?.into();
    special.append_operation(scf::r#yield(&[value], location));
    let other = dispatch(symbol, rest, fills, values, result, context, location)?;
    let chosen = block.append_operation(scf::r#if(serves, &[result], region_of(special), region_of(other), location));
    let value: Value = chosen.result(0).map_err(|e| e.to_string())?.into();
    block.append_operation(scf::r#yield(&[value], location));
    Ok(block)
}

/// Whether exactly the arguments at `present` are not their `fills`,
/// computed at the end of `block`.
fn serves<'c, 'b>(
    block: &'b Block<'c>,
    present: &[usize],
    fills: &[Number],
    values: &[Value<'c, '_>],
    context: &'c Context,
    location: Location<'c>,
) -> Result<Value<'c, 'b>, String> {
    let mut serves: Option<Value<'c, 'b>> = None;
    for (at, &value) in values.iter().enumerate() {
        let fill = fills
            .get(at)
            .and_then(|fill| fill.attribute(value.r#type(), context))
            .ok_or("a specialization chosen by a value of no constant")?;
        let test = compare(block, value, fill, present.contains(&at), context, location)?;
        serves = Some(match serves {
            None => test,
            Some(so_far) => put(block, arith::andi(so_far, test, location))?,
        });
    }
    serves.ok_or_else(|| "a specialization of a function without arguments".to_string())
}

/// Whether `value` differs from the constant `constant` (`differs`), or
/// equals it, computed at the end of `block`.
fn compare<'c, 'b>(
    block: &'b Block<'c>,
    value: Value<'c, '_>,
    constant: Attribute<'c>,
    differs: bool,
    context: &'c Context,
    location: Location<'c>,
) -> Result<Value<'c, 'b>, String> {
    let constant = put(block, arith::constant(context, constant, location))?;
    let test = if fill::is_float(value.r#type()) {
        arith::cmpf(context, if differs { arith::CmpfPredicate::Une } else { arith::CmpfPredicate::Oeq }, value, constant, location)
    } else if value.r#type().is_integer() || value.r#type().is_index() {
        arith::cmpi(context, if differs { arith::CmpiPredicate::Ne } else { arith::CmpiPredicate::Eq }, value, constant, location)
    } else {
        return Err(format!("a value of {} tested against a constant is not supported", value.r#type()));
    };
    put(block, test)
}

/// Appends `op` to `block` and returns its only result.
fn put<'c, 'b>(block: &'b Block<'c>, op: Operation<'c>) -> Result<Value<'c, 'b>, String> {
    block.append_operation(op).result(0).map(Value::from).map_err(|e| e.to_string())
}

fn region_of(block: Block) -> Region {
    let region = Region::new();
    region.append_block(block);
    region
}

/// Whether `space` holds on `values`, computed at the end of `block`.
fn holds<'c, 'a>(
    space: &Space<'c>,
    block: &'a Block<'c>,
    values: &[Value<'c, 'a>],
    context: &'c Context,
    location: Location<'c>,
) -> Result<Value<'c, 'a>, String> {
    let truth = |value: bool| {
        put(block, arith::constant(context, IntegerAttribute::new(IntegerType::new(context, 1).into(), value.into()).into(), location))
    };
    match space {
        Space::Ne { arg, value } => {
            let x = *values.get(*arg).ok_or("an iteration space names an argument the call does not pass")?;
            // `{x ≠ NaN}` is where x is a number.
            if Number::of_typed(*value).is_some_and(|number| matches!(number, Number::Float(v) if v.is_nan())) {
                return put(block, arith::cmpf(context, arith::CmpfPredicate::Ord, x, x, location));
            }
            compare(block, x, *value, true, context, location)
        }
        Space::Union(parts) | Space::Intersect(parts) => {
            let union = matches!(space, Space::Union(_));
            let mut combined: Option<Value> = None;
            for part in parts {
                let part = holds(part, block, values, context, location)?;
                combined = Some(match combined {
                    None => part,
                    Some(so_far) => {
                        put(block, if union { arith::ori(so_far, part, location) } else { arith::andi(so_far, part, location) })?
                    }
                });
            }
            // An empty union is nowhere, an empty intersection everywhere.
            combined.map_or_else(|| truth(!union), Ok)
        }
        Space::Complement(inner) => {
            let inner = holds(inner, block, values, context, location)?;
            let all = truth(true)?;
            put(block, arith::xori(inner, all, location))
        }
        Space::Universe => truth(true),
    }
}
