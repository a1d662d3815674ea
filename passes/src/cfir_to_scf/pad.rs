//! `tensor.pad` (a padded convolution's image), into a tensor of the padded
//! sizes holding the source at the low amounts.
//!
//! - Into a dense tensor: a new one holding the pad value, the source's
//!   components stored inside it. The pad value is one value for every
//!   component (the region yields a value from outside it, or a constant
//!   made in it). A sparse source stores its fill where it stores nothing
//!   (unless the pad value is that fill), then its entries.
//! - Of a sparse tensor into a sparse one, when the pad value is a constant
//!   equal to both fill values: every stored entry, moved by the low
//!   amounts, sorted and assembled as a conversion is (the padding itself
//!   stores nothing).
//!
//! Refused: any other region, a sparse pad value other than the fills, a
//! dense tensor into a sparse one, a tensor whose encoding stores it
//! densely, and a negative static amount; a negative dynamic amount stops
//! the kernel with a message.

use super::error::LowerError;
use super::inserts::{is_sparse, Arrival, Kept, Taking};
use super::{Emitter, Scope};
use crate::fill::Number;
use crate::ir::{defining_op, name};
use crate::place::Place;
use melior::ir::{
    attribute::DenseI64ArrayAttribute,
    block::BlockLike,
    operation::OperationLike,
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
        let dims = (0..rank).map(|dim| self.add(place, self.add(place, source.dims[dim], low[dim]), high[dim])).collect::<Vec<_>>();
        let fill = |tensor: RankedTensorType<'c>| Encoding::of_any(tensor).ok().and_then(|encoding| Number::of_typed(encoding.fill));
        let padding = yielded_constant(op);
        let (source_sparse, result_sparse) = (is_sparse(source_type.into()), is_sparse(result_type.into()));
        if source_sparse && result_sparse {
            let unstored = [fill(source_type), fill(result_type)];
            if !unstored.iter().all(|fill| matches!((padding, fill), (Some(padding), Some(fill)) if padding.identical(*fill))) {
                return Err(refuse("of a sparse tensor with a pad value other than its fill value (a constant equal to it)"));
            }
            let shift = |emitter: &Self, here: Place<'c, 'a>, coordinates: &[Value<'c, 'a>]| {
                coordinates.iter().zip(&low).map(|(&coordinate, &by)| emitter.add(here, coordinate, by)).collect()
            };
            // Moved by the same amounts, the entries keep their order.
            let taking = Taking { arrival: Arrival::InOrder, kept: Kept::Stored };
            return self.rebuild(op, &[(source_id, &shift)], dims, taking, place, scope);
        }
        if result_sparse {
            return Err(refuse("of a dense tensor into a sparse one (pad it dense, then convert)"));
        }
        if result_type.encoding().is_some() || (!source_sparse && source_type.encoding().is_some()) {
            return Err(refuse("of a tensor whose encoding stores it densely (pad one without an encoding, or convert first)"));
        }
        let value = self
            .pad_value(op, place, scope)
            .ok_or_else(|| refuse("whose region yields another value than one from outside it or a constant made in it"))?;
        let dynamic_dims = (0..rank).filter(|&dim| !matches!(result_type.dim_size(dim), Ok(DimSize::Static(_)))).map(|dim| dims[dim]);
        let padded = self.alloc(result_type, &dynamic_dims.collect::<Vec<_>>(), place)?;
        let into = padded.values.ok_or(LowerError::Malformed("a dense tensor without values"))?;
        let total = dims.iter().fold(self.index(place, 1), |total, &dim| self.mul(place, total, dim));
        self.for_each(place, total, |body, at| self.store(Place::End(body), value, into, at));
        // The padded position of the source's component at `coordinates`.
        let target = |here: Place<'c, 'a>, coordinates: &[Value<'c, 'a>]| {
            (0..rank).fold(self.index(here, 0), |target, dim| {
                self.add(here, self.mul(here, target, dims[dim]), self.add(here, coordinates[dim], low[dim]))
            })
        };
        // Each source component, by its row-major position, to its padded
        // one: a dense source's values, or a sparse source's fill where it
        // differs from the pad value (its entries follow).
        let interior = match (source_sparse, fill(source_type)) {
            (false, _) => Some(source.values.ok_or(LowerError::Malformed("a dense tensor without values"))?),
            (true, Some(unstored)) if padding.is_some_and(|padding| padding.identical(unstored)) => None,
            (true, _) => Some(self.constant(Encoding::of_any(source_type)?.fill, source_type.element(), place)?),
        };
        if let Some(from) = interior {
            let count = source.dims.iter().fold(self.index(place, 1), |total, &dim| self.mul(place, total, dim));
            self.for_each(place, count, |body, at| {
                let here = Place::End(body);
                let mut rest = at;
                let mut coordinates = vec![at; rank];
                for dim in (0..rank).rev() {
                    coordinates[dim] = self.one(here, melior::dialect::arith::remui(rest, source.dims[dim], self.location));
                    rest = self.div(here, rest, source.dims[dim]);
                }
                let component = if source_sparse { from } else { self.load(here, from, at) };
                self.store(here, component, into, target(here, &coordinates));
            });
        }
        if source_sparse {
            let mut visit = |emitter: &Self,
                             here: Place<'c, 'a>,
                             coordinates: &[Value<'c, 'a>],
                             value: Value<'c, 'a>,
                             _: &[Value<'c, 'a>],
                             _: &mut Scope<'c, 'a>| {
                emitter.store(here, value, into, target(here, coordinates));
                Ok(Vec::new())
            };
            self.walk_entries(source_id, &[], &mut visit, place, scope)?;
        }
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
        match defining_op(yielded) {
            Some(made) if made.block() == Some(body) => {
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
