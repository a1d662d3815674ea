//! `tensor.pad` (a padded convolution's image). Of a dense tensor: a new
//! dense tensor of the padded shape holding the pad value, with the source
//! copied inside it at the low padding; the pad value is one value for every
//! component (the region yields a value from outside it, or a constant made
//! in it). Of a sparse tensor into a sparse one, when the pad value is a
//! constant equal to both fill values: every stored entry, moved by the low
//! padding, into a tensor of the padded sizes, sorted and assembled as a
//! conversion is (the padding itself stores nothing). Refused: any other
//! region, a pad value other than a sparse tensor's fill, a pad between a
//! tensor with stored levels and one without, and a negative static amount;
//! a negative dynamic amount stops the kernel with a message.

use super::error::LowerError;
use super::inserts::is_sparse;
use super::{Emitter, Scope};
use crate::fill::Number;
use crate::ir::name;
use crate::place::Place;
use melior::ir::{
    attribute::DenseI64ArrayAttribute,
    block::BlockLike,
    operation::{OperationLike, OperationResult},
    r#type::{DimSize, RankedTensorType},
    OperationRef, RegionLike, ShapedTypeLike, Value, ValueLike,
};
use sparse_dialects::encoding::Encoding;

impl<'c: 'a, 'a> Emitter<'c> {
    /// Lowers the `tensor.pad` `op` at `place`.
    pub(super) fn pad(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let refuse = |why: &str| LowerError::Op(format!("tensor.pad {why}"));
        let source_value = op.operand(0)?;
        let result: Value = op.result(0)?.into();
        let (source_type, result_type) = (RankedTensorType::try_from(source_value.r#type())?, RankedTensorType::try_from(result.r#type())?);
        let source_id = self.readable(source_value, scope)?;
        let source = scope.tensor(source_id).unsliced("tensor.pad")?.clone();
        let rank = source.dims.len();
        // The low and high padding: static entries, or the next dynamic
        // operand (the low ones first). A negative amount would remove
        // components, which is refused, or checked when the kernel runs.
        let mut dynamic = op.operands().skip(1);
        let mut amounts = |attribute: &str| -> Result<Vec<Value<'c, 'a>>, LowerError> {
            let written =
                DenseI64ArrayAttribute::try_from(op.attribute(attribute)?).map_err(|_| LowerError::Malformed("a tensor.pad amount"))?;
            (0..rank)
                .map(|dim| match written.element(dim).map_err(|_| LowerError::Malformed("a tensor.pad amount"))? {
                    i64::MIN => {
                        let amount =
                            dynamic.next().map(|value| scope.get(value)).ok_or(LowerError::Malformed("a dynamic tensor.pad amount"))?;
                        let zero = self.index(place, 0);
                        let kept = self.compare(place, melior::dialect::arith::CmpiPredicate::Sge, amount, zero);
                        self.check(place, kept, "tensor.pad: a negative padding amount")?;
                        Ok(amount)
                    }
                    amount if amount < 0 => Err(refuse("with a negative amount (which removes components)")),
                    amount => Ok(self.index(place, amount)),
                })
                .collect()
        };
        let low = amounts("static_low")?;
        let high = amounts("static_high")?;
        if source_type.encoding().is_some() || result_type.encoding().is_some() {
            if !is_sparse(source_type.into()) || !is_sparse(result_type.into()) {
                return Err(refuse("between a tensor with stored levels and one without (convert first)"));
            }
            let fill = |tensor: RankedTensorType<'c>| Encoding::of_any(tensor).ok().and_then(|encoding| Number::of_typed(encoding.fill));
            let padding = yielded_constant(op);
            let unstored = [fill(source_type), fill(result_type)];
            if !unstored.iter().all(|fill| matches!((padding, fill), (Some(padding), Some(fill)) if padding.same(*fill))) {
                return Err(refuse("of a sparse tensor with a pad value other than its fill value (a constant equal to it)"));
            }
            let dims = (0..rank).map(|dim| self.add(place, self.add(place, source.dims[dim], low[dim]), high[dim])).collect();
            return self.rebuild(op, source_id, dims, &low, place, scope);
        }
        let value = self
            .pad_value(op, place, scope)
            .ok_or_else(|| refuse("whose region yields another value than one from outside it or a constant made in it"))?;
        let dims = (0..rank).map(|dim| self.add(place, self.add(place, source.dims[dim], low[dim]), high[dim])).collect::<Vec<_>>();
        let dynamic_dims = (0..rank).filter(|&dim| !matches!(result_type.dim_size(dim), Ok(DimSize::Static(_)))).map(|dim| dims[dim]);
        let padded = self.alloc(result_type, &dynamic_dims.collect::<Vec<_>>(), place)?;
        let (Some(from), Some(into)) = (source.values, padded.values) else {
            return Err(LowerError::Malformed("a dense tensor without values"));
        };
        let total = dims.iter().fold(self.index(place, 1), |total, &dim| self.mul(place, total, dim));
        self.for_each(place, total, |body, at| self.store(Place::End(body), value, into, at));
        // Each source component, by its row-major position, to its padded one.
        let count = source.dims.iter().fold(self.index(place, 1), |total, &dim| self.mul(place, total, dim));
        self.for_each(place, count, |body, at| {
            let here = Place::End(body);
            let mut rest = at;
            let mut target = self.index(here, 0);
            let mut stride = self.index(here, 1);
            for dim in (0..rank).rev() {
                let coordinate = self.one(here, melior::dialect::arith::remui(rest, source.dims[dim], self.location));
                rest = self.div(here, rest, source.dims[dim]);
                let shifted = self.add(here, coordinate, low[dim]);
                target = self.add(here, target, self.mul(here, shifted, stride));
                stride = self.mul(here, stride, dims[dim]);
            }
            let component = self.load(here, from, at);
            self.store(here, component, into, target);
        });
        let id = scope.define(result, padded);
        scope.allocated.push(id);
        Ok(())
    }

    /// The one value the region of the `tensor.pad` `op` yields: a value
    /// from outside it, or a constant made in it; `None` for one that
    /// depends on the coordinates (the region's arguments).
    fn pad_value(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &Scope<'c, 'a>) -> Option<Value<'c, 'a>> {
        let body = op.region(0).ok()?.first_block()?;
        let yielded = body.terminator()?.operand(0).ok()?;
        if (0..body.argument_count()).any(|index| body.argument(index).is_ok_and(|argument| Value::from(argument) == yielded)) {
            return None;
        }
        match OperationResult::try_from(yielded) {
            Ok(result) if result.owner().block() == Some(body) => {
                let made = result.owner();
                (name(made) == "arith.constant").then_some(())?;
                self.constant(made.attribute("value").ok()?, yielded.r#type(), place).ok()
            }
            _ => Some(scope.get(yielded)),
        }
    }
}

/// The number the region of the `tensor.pad` `op` yields when a constant
/// (made in the region or outside it) is what it yields.
fn yielded_constant(op: OperationRef) -> Option<Number> {
    let body = op.region(0).ok()?.first_block()?;
    Number::of_constant(body.terminator()?.operand(0).ok()?)
}
