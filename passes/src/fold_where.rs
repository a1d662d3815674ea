//! Folds each `sig.where` (paper 004's `consumer where producer`) into the
//! statements the iterator lowering builds from, before `sig-lower-lattices`
//! lowers any loop.
//!
//! The consumer this lowering knows is a copy of the temporary into a
//! result: loops over the temporary's levels, in order, around
//! `C(…) = W(…)`, where each of `C`'s subscripts is an index of those loops
//! or of a loop enclosing the `sig.where`. The producer's stores into `W`
//! become stores into `C` at the coordinates the copy would carry them to,
//! and the workspace becomes the result's storage policy: `sig.workspace`
//! on `C`'s `tensor.empty`, from which `cfir-to-scf` builds the dense or
//! hash row, or the bucket or coordinate list (a scalar temporary needs
//! none: its stores go to the dense result's component directly). A dense
//! or hash temporary of several dimensions spans as many of the result's
//! last levels (`levels` in `sig.workspace`). A scalar temporary copied
//! into a sparse result is not folded but kept, a rank-0 tensor the
//! producer combines into before the copy appends it to the result once.
//!
//! That is exact when each execution of the `sig.where` owns the
//! components it copies: every loop enclosing it (up to the `sig.where`
//! whose temporary `C` is, or the function) gives one of `C`'s subscripts,
//! so no two executions copy to one component; and `C` holds nothing the
//! copy would replace (no store into it comes before the `sig.where` or in
//! a loop around it; a workspace's `C` is made by `tensor.empty`), so what
//! the copy leaves untouched is the fill value either way.
//! A scalar temporary starts at the value the producer first assigns it.
//! The folded stores are then stores like any other: the lowering keeps a
//! plain store of the fill value where it may overwrite another
//! (`sig.keep_fill`, marked by `sig-lower-lattices` for every store). A
//! `sig.where` outside these forms is refused with a diagnostic at it.

use crate::ir::{collect, defining_op, edit, erase, is_within, name, users, value_key};
use crate::place::Place;
use crate::statement::WORKSPACE;
use melior::{
    ir::{
        attribute::DictionaryAttribute,
        block::BlockLike,
        operation::{OperationLike, OperationMutLike},
        r#type::{RankedTensorType, ShapedTypeLike},
        Attribute, BlockRef, OperationRef, RegionLike, Value, ValueLike,
    },
    Context,
};
use sparse_dialects::{encoding::Encoding, sig, YIELD};

/// The workspaces a tensor temporary may be stored in, as `cfir-to-scf`
/// builds them.
const TENSOR_WORKSPACES: [&str; 4] = ["dense", "hash", "bucket", "coord"];

/// Folds every `sig.where` under `module`, innermost first; the error names
/// the `sig.where` it is about.
pub fn fold_wheres<'c, 'a>(module: OperationRef<'c, 'a>, context: &'c Context) -> Result<(), (OperationRef<'c, 'a>, String)> {
    let mut wheres = collect(module, |op| sig::Where::of(op).is_some());
    // `collect` lists an op before the ops nested in it.
    wheres.reverse();
    for op in wheres {
        fold(op, context).map_err(|message| (op, message))?;
    }
    Ok(())
}

/// Where the copy puts a subscript of the result.
#[derive(Clone, Copy)]
enum Subscript<'c, 'a> {
    /// The coordinate of the temporary's dimension.
    Temporary(usize),
    /// A value from outside the `sig.where`.
    Outer(Value<'c, 'a>),
}

/// The consumer: `result(subscripts) = temporary(…)`.
struct Copy<'c, 'a> {
    result: Value<'c, 'a>,
    subscripts: Vec<Subscript<'c, 'a>>,
}

/// Folds the `sig.where` `op`: its producer's stores go to the result, its
/// producer's ops take its place, and its workspace goes on the result.
fn fold<'c, 'a>(op: OperationRef<'c, 'a>, context: &'c Context) -> Result<(), String> {
    let view = sig::Where::of(op).ok_or("not a sig.where")?;
    let temporary: Value = op.operand(0).map_err(|e| e.to_string())?;
    let kind = kind_of(op)?;
    let rank = RankedTensorType::try_from(temporary.r#type()).map_err(|_| "the temporary of sig.where is not a ranked tensor")?.rank();
    let empty = defining_empty(temporary).ok_or("the temporary of sig.where is not made by tensor.empty")?;
    if RankedTensorType::try_from(temporary.r#type()).is_ok_and(|tensor| tensor.encoding().is_some()) {
        return Err("the temporary of sig.where has an encoding: the workspace says how it is stored".into());
    }
    if users(temporary).iter().any(|user| !is_within(*user, op)) {
        return Err("the temporary of sig.where is used outside it".into());
    }
    match (kind.as_str(), rank) {
        ("scalar", 0) => {}
        ("scalar", _) => return Err("a scalar workspace (sig.where) holds a rank-0 temporary".into()),
        (kind, 0) if TENSOR_WORKSPACES.contains(&kind) => {
            return Err(format!("the {kind} workspace (sig.where) holds a tensor; a rank-0 temporary is a scalar workspace"))
        }
        (kind, _) if TENSOR_WORKSPACES.contains(&kind) => {}
        (kind, _) => return Err(format!("the workspace kind \"{kind}\" of sig.where is not one this pipeline builds")),
    }
    let consumer = view.consumer().ok_or("sig.where has no consumer")?;
    let copy = copy_of(consumer, temporary, rank)?;
    check_owned(op, &copy)?;
    let result_empty = defining_empty(copy.result);
    let into_sparse = RankedTensorType::try_from(copy.result.r#type())
        .map_or(true, |tensor| Encoding::of_any(tensor).map_or(true, |encoding| encoding.format.is_sparse()));
    if kind != "scalar" || into_sparse {
        let result_empty = result_empty.ok_or("the workspace of sig.where writes a result not made by tensor.empty in this function")?;
        if result_empty.attribute(WORKSPACE).is_ok() {
            return Err("the result of sig.where is already written through another workspace".into());
        }
    }
    check_starts_empty(op, consumer, copy.result)?;
    let producer = view.producer().ok_or("sig.where has no producer")?;
    if kind == "scalar" {
        check_scalar_starts(producer, temporary)?;
        if into_sparse {
            return keep_scalar(op, producer, consumer);
        }
    }
    // The producer's stores, into the result.
    let in_producer = body(producer).into_iter().flat_map(|inner| collect(inner, |_| true)).collect::<Vec<_>>();
    let stores = users(temporary).into_iter().filter(|user| in_producer.contains(user)).collect::<Vec<_>>();
    for &user in &stores {
        if name(user) != sig::Assign::NAME || user.operand(0).map(value_key).ok() != Some(value_key(temporary)) {
            return Err(format!("the producer of sig.where uses its temporary in '{}', not only to store into it", name(user)));
        }
        if user.operands().skip(1).any(|operand| value_key(operand) == value_key(temporary)) {
            return Err("the producer of sig.where stores its temporary".into());
        }
        let indices = user.operands().skip(2).collect::<Vec<_>>();
        let value = user.operand(1).map_err(|e| e.to_string())?;
        let subscripts = copy
            .subscripts
            .iter()
            .map(|subscript| match *subscript {
                Subscript::Temporary(dim) => indices[dim],
                Subscript::Outer(value) => value,
            })
            .collect::<Vec<_>>();
        let place = Place::before(user).ok_or("a store of sig.where is not in a block")?;
        let mut store = sig::assign(copy.result, value, &subscripts, None, user.location()).map_err(|e| e.to_string())?;
        for (name, attribute) in user.attributes() {
            store.set_attribute(name.as_string_ref().as_str().unwrap_or_default(), attribute);
        }
        place.put(store);
        erase(user).map_err(|error| error.to_string())?;
    }
    // The producer's ops, in order, where the sig.where was.
    let mut next = producer.first_operation();
    while let Some(inner) = next {
        next = inner.next_in_block();
        if name(inner) != YIELD {
            edit(inner).move_before(op);
        }
    }
    if kind != "scalar" {
        // A dense or hash temporary of several dimensions spans as many of
        // the result's last levels.
        let levels = match kind.as_str() {
            "dense" | "hash" if rank > 1 => format!(", levels = {rank} : i64"),
            _ => String::new(),
        };
        let workspace = Attribute::parse(context, &format!("{{kind = \"{kind}\"{levels}}}")).ok_or("a malformed workspace attribute")?;
        edit(result_empty.expect("checked above")).set_attribute(WORKSPACE, workspace);
    }
    erase(op).map_err(|error| error.to_string())?;
    erase(empty).map_err(|error| error.to_string())
}

/// A scalar temporary copied into a sparse result stays a rank-0 tensor of
/// its own: the producer's ops, then the consumer's, take the `sig.where`'s
/// place. The result is appended to once per execution, by the copy, after
/// the producer has combined all it stores into the temporary (SDDMM's dot
/// product, reduced innermost). The copy is a store like any other: of the
/// fill value, it appends nothing unless the result keeps what its loops
/// visit.
fn keep_scalar<'c, 'a>(op: OperationRef<'c, 'a>, producer: BlockRef<'c, 'a>, consumer: BlockRef<'c, 'a>) -> Result<(), String> {
    for inner in body(producer).into_iter().chain(body(consumer)) {
        edit(inner).move_before(op);
    }
    erase(op).map_err(|error| error.to_string())
}

/// The `kind` of the `sig.where`'s `workspace` (the verifier checked it is
/// a string); `order` and `capacity` are not built yet.
fn kind_of(op: OperationRef) -> Result<String, String> {
    let workspace = DictionaryAttribute::try_from(op.attribute("workspace").map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
    let keys = (0..workspace.len())
        .filter_map(|index| workspace.element(index).ok())
        .map(|(key, _)| key.as_string_ref().as_str().unwrap_or_default().to_string());
    if keys.into_iter().any(|key| key != "kind") {
        return Err("the order and capacity of a workspace (sig.where) are not supported by this pipeline yet".into());
    }
    let kind = workspace.element_by_name("kind").and_then(sparse_dialects::text_of).ok_or("sig.where's workspace has no kind")?;
    Ok(kind.to_string())
}

/// The `tensor.empty` that makes `value`, if one does.
fn defining_empty<'c, 'a>(value: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let owner = defining_op(value)?;
    (name(owner) == "tensor.empty").then_some(owner)
}

/// The ops of `block` but its terminator.
fn body<'c, 'a>(block: BlockRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    std::iter::successors(block.first_operation(), |op| op.next_in_block()).filter(|op| name(*op) != YIELD).collect()
}

/// The consumer as a copy: a `sig.forall` over each of the temporary's
/// levels in order (their `sig.level`s beside them), then `C(…) = W(…)`
/// reading the temporary at those loops' indices.
fn copy_of<'c, 'a>(consumer: BlockRef<'c, 'a>, temporary: Value<'c, 'a>, rank: usize) -> Result<Copy<'c, 'a>, String> {
    const NOT_A_COPY: &str = "the consumer of sig.where is not a copy of its temporary into a result (loops over the temporary's \
                              levels in order around C(…) = W(…)), the one consumer this pipeline lowers";
    let mut block = consumer;
    let mut loop_indices = Vec::new();
    while loop_indices.len() < rank {
        let ops = body(block);
        let [forall] = ops.iter().copied().filter(|op| name(*op) != sig::Level::NAME).collect::<Vec<_>>()[..] else {
            return Err(NOT_A_COPY.into());
        };
        let view = sig::Forall::of(forall).ok_or(NOT_A_COPY)?;
        let seq = forall.operand(0).map_err(|e| e.to_string())?;
        let level = defining_op(seq).and_then(|owner| sig::Level::of(owner).map(|level| (owner, level)));
        let over_level = level.is_some_and(|(owner, level)| {
            owner.operand(0).map(value_key).ok() == Some(value_key(temporary)) && level.level() == Some(loop_indices.len() as i64)
        });
        if !over_level {
            return Err(NOT_A_COPY.into());
        }
        block = view.body().ok_or(NOT_A_COPY)?;
        loop_indices.push(value_key(block.argument(0).map_err(|e| e.to_string())?.into()));
    }
    let ops = body(block);
    let [read, store] = ops[..] else { return Err(NOT_A_COPY.into()) };
    if name(read) != sig::Access::NAME {
        return Err(NOT_A_COPY.into());
    }
    let read_value: Value = read.result(0).map_err(|_| NOT_A_COPY)?.into();
    let reads_in_order = read.operand(0).map(value_key).ok() == Some(value_key(temporary))
        && read.operands().skip(1).map(value_key).eq(loop_indices.iter().copied());
    let stores_read = name(store) == sig::Assign::NAME
        && store.operand(1).map(value_key).ok() == Some(value_key(read_value))
        && sig::Assign::of(store).is_some_and(|assign| assign.reduce().is_none());
    if !reads_in_order || !stores_read {
        return Err(NOT_A_COPY.into());
    }
    let result = store.operand(0).map_err(|e| e.to_string())?;
    if value_key(result) == value_key(temporary) {
        return Err(NOT_A_COPY.into());
    }
    let mut subscripts = Vec::new();
    for index in store.operands().skip(2) {
        match loop_indices.iter().position(|&key| key == value_key(index)) {
            Some(dim) => subscripts.push(Subscript::Temporary(dim)),
            None if defined_inside(index, consumer) => return Err(NOT_A_COPY.into()),
            None => subscripts.push(Subscript::Outer(index)),
        }
    }
    for dim in 0..rank {
        if subscripts.iter().filter(|subscript| matches!(subscript, Subscript::Temporary(d) if *d == dim)).count() != 1 {
            return Err("the consumer of sig.where copies its temporary to the result with a dimension of the temporary at \
                        other than exactly one of the result's subscripts"
                .into());
        }
    }
    Ok(Copy { result, subscripts })
}

/// Whether `value` is defined in `block`: by an op of it or nested in one,
/// or as an argument of a block nested in it.
fn defined_inside(value: Value, block: BlockRef) -> bool {
    let key = value_key(value);
    body(block).into_iter().flat_map(|op| collect(op, |_| true)).any(|op| {
        op.results().any(|result| value_key(result.into()) == key)
            || op.regions().any(|region| {
                std::iter::successors(region.first_block(), |block| block.next_in_region()).any(|block| {
                    (0..block.argument_count()).any(|index| block.argument(index).is_ok_and(|argument| value_key(argument.into()) == key))
                })
            })
    })
}

/// Checks that each execution of the `sig.where` copies to components of
/// its own: the index of every loop enclosing it, up to the `sig.where`
/// whose temporary the result is (or the function), is one of the copy's
/// outer subscripts, and nothing else is.
fn check_owned(op: OperationRef, copy: &Copy) -> Result<(), String> {
    let mut enclosing = Vec::new();
    let mut parent = op.parent_operation();
    while let Some(outer) = parent {
        if let Some(forall) = sig::Forall::of(outer) {
            let index: Value = forall.body().and_then(|body| body.argument(0).ok()).ok_or("a sig.forall without an index")?.into();
            enclosing.push(value_key(index));
        } else if sig::Where::of(outer).is_some() {
            if outer.operand(0).map(value_key).ok() == Some(value_key(copy.result)) {
                break;
            }
        } else if name(outer) == "func.func" {
            break;
        } else {
            return Err(format!("a sig.where inside '{}', which this pipeline does not lower", name(outer)));
        }
        parent = outer.parent_operation();
    }
    let outer = copy.subscripts.iter().filter_map(|subscript| match subscript {
        Subscript::Outer(value) => Some(value_key(*value)),
        Subscript::Temporary(_) => None,
    });
    let mut outer = outer.collect::<Vec<_>>();
    outer.sort_unstable();
    enclosing.sort_unstable();
    if outer != enclosing {
        return Err("the consumer of sig.where copies to components that another execution of it may copy to: each \
                    subscript of the result outside the temporary's must be the index of a loop enclosing the sig.where, \
                    one per loop"
            .into());
    }
    Ok(())
}

/// Checks that no store into `result` outside the `sig.where` comes before
/// it, or inside a loop around it (which runs again before the next
/// execution of the `sig.where`): the copy replaces what it covers, while
/// folded, the producer's stores would combine with what such a store left
/// (and the lowering drops a store of the fill value, taking the result to
/// hold its fill there). Stores after it, outside its loops, are later
/// statements.
fn check_starts_empty(op: OperationRef, consumer: BlockRef, result: Value) -> Result<(), String> {
    let function = std::iter::successors(Some(op), |inner| inner.parent_operation())
        .find(|inner| name(*inner) == "func.func")
        .ok_or("sig.where is not in a function")?;
    let in_order = collect(function, |_| true);
    let position = |inner: OperationRef| in_order.iter().position(|listed| *listed == inner);
    let loops = std::iter::successors(op.parent_operation(), |inner| inner.parent_operation())
        .filter(|inner| sig::Forall::of(*inner).is_some())
        .collect::<Vec<_>>();
    for user in users(result) {
        if name(user) != sig::Assign::NAME || user.operand(0).map(value_key).ok() != Some(value_key(result)) {
            continue;
        }
        if is_within(user, op) {
            // The copy; a store of the producer would combine with it.
            if body(consumer).into_iter().any(|inner| is_within(user, inner)) {
                continue;
            }
            return Err("the producer of sig.where stores into its result, which its consumer writes".into());
        }
        if position(user) < position(op) || loops.iter().any(|around| is_within(user, *around)) {
            return Err("the result of sig.where is stored into before it, or in a loop around it, which this pipeline does not \
                        lower yet"
                .into());
        }
    }
    Ok(())
}

/// Checks that a scalar temporary is assigned (no reduction) before the
/// producer reads or reduces into it: its first store, at the producer's
/// top, is a plain one.
fn check_scalar_starts(producer: BlockRef, temporary: Value) -> Result<(), String> {
    let first = body(producer)
        .into_iter()
        .find(|op| collect(*op, |_| true).iter().any(|inner| inner.operands().any(|operand| value_key(operand) == value_key(temporary))));
    let starts = first.is_some_and(|op| {
        sig::Assign::of(op).is_some_and(|assign| assign.reduce().is_none())
            && op.operand(0).map(value_key).ok() == Some(value_key(temporary))
    });
    if !starts {
        return Err("the producer of a scalar workspace (sig.where) must first assign its temporary, with no reduction".into());
    }
    Ok(())
}
