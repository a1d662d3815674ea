//! `sparse_tensor.push_back`, a buffer op of host code (upstream's tests
//! grow buffers with it): `%buffer', %size' = push_back %size, %buffer,
//! %value[, %n]` stores `value` `n` times (once without `n`) from position
//! `size` and returns the buffer and `size + n`. When the buffer is too
//! short, it is reallocated at its capacity doubled until `size + n` fits
//! (a capacity of 0 counts as 1); with `inbounds` the caller promises it
//! fits, and nothing is checked. Lowered wherever it appears, in a kernel or
//! in plain host code.

use super::error::LowerError;
use super::Emitter;
use crate::ir::{block_region, collect, erase, name, only_block, replace_uses};
use crate::place::Place;
use melior::{
    dialect::{arith, scf},
    ir::{block::BlockLike, operation::OperationBuilder, operation::OperationLike, Location, OperationRef, Type, Value, ValueLike},
    Context,
};
use std::cell::Cell;

/// Lowers every `sparse_tensor.push_back` below `module` in place; the
/// first that cannot be lowered is returned with its location.
pub(super) fn lower_all<'c>(module: OperationRef<'c, '_>, context: &'c Context) -> Result<(), (Location<'c>, LowerError)> {
    for op in collect(module, |op| name(op) == "sparse_tensor.push_back") {
        let emitter = Emitter { context, location: op.location(), failed_at: Cell::new(None) };
        let place = Place::before(op).ok_or((op.location(), LowerError::Malformed("an op outside a block")))?;
        let new = emitter.push_back(op, place).map_err(|error| (op.location(), error))?;
        for (old, new) in op.results().zip(new) {
            replace_uses(old.into(), new);
        }
        erase(op).map_err(|error| (op.location(), error.into()))?;
    }
    Ok(())
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// Emits `op` (a `sparse_tensor.push_back`) at `place`; returns its new
    /// buffer and size.
    pub(super) fn push_back(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>) -> Result<[Value<'c, 'a>; 2], LowerError> {
        let operands = op.operands().collect::<Vec<_>>();
        let (size, buffer, value) = (operands[0], operands[1], operands[2]);
        let count = operands.get(3).copied().unwrap_or_else(|| self.index(place, 1));
        let new_size = self.add(place, size, count);
        let buffer = if op.attribute("inbounds").is_ok() { buffer } else { self.grown(buffer, new_size, place)? };
        let index = Type::index(self.context);
        let region = block_region(&[index], self.location);
        let fill = place.put(scf::r#for(size, new_size, self.index(place, 1), region, self.location));
        let body = only_block(fill, 0);
        self.store(Place::End(body), value, buffer, body.argument(0)?.into());
        body.append_operation(scf::r#yield(&[], self.location));
        Ok([buffer, new_size])
    }

    /// `buffer`, reallocated when shorter than `needed` to its length
    /// doubled until it holds `needed`.
    fn grown(&self, buffer: Value<'c, 'a>, needed: Value<'c, 'a>, place: Place<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
        let capacity = self.length(place, buffer);
        let short = self.compare(place, arith::CmpiPredicate::Ugt, needed, capacity);
        let (then_region, else_region) = (block_region(&[], self.location), block_region(&[], self.location));
        let grown = place.put(scf::r#if(short, &[buffer.r#type()], then_region, else_region, self.location));
        let then = Place::End(only_block(grown, 0));
        let index = Type::index(self.context);
        let start = self.max(then, capacity, self.index(then, 1));
        let (before, after) = (block_region(&[index], self.location), block_region(&[index], self.location));
        let doubling = then.put(scf::r#while(&[start], &[index], before, after, self.location));
        let before = only_block(doubling, 0);
        let length: Value = before.argument(0)?.into();
        let more = self.compare(Place::End(before), arith::CmpiPredicate::Ult, length, needed);
        before.append_operation(scf::condition(more, &[length], self.location));
        let after = only_block(doubling, 1);
        let doubled = self.mul(Place::End(after), after.argument(0)?.into(), self.index(Place::End(after), 2));
        after.append_operation(scf::r#yield(&[doubled], self.location));
        let realloc = OperationBuilder::new("memref.realloc", self.location)
            .add_operands(&[buffer, doubling.result(0)?.into()])
            .add_results(&[buffer.r#type()])
            .build()?;
        let larger = self.one(then, realloc);
        only_block(grown, 0).append_operation(scf::r#yield(&[larger], self.location));
        only_block(grown, 1).append_operation(scf::r#yield(&[buffer], self.location));
        Ok(grown.result(0)?.into())
    }
}
