//! `scf.for` carrying tensors through its `iter_args`, as host code does
//! when a loop inserts into a tensor (`%t = scf.for ... iter_args(%a = %t0)`
//! with `tensor.insert ... into %a` and `scf.yield`).
//!
//! The loop carries, in place of each tensor, the values that stand for it:
//! a builder's coordinates, values and count ([`inserts::Builder`]), or any
//! other tensor's buffers and sizes (its ABI list). A carried tensor is owned
//! by the iteration: the loop takes over its initial value when the loop is
//! that value's last use and the function owns it, and otherwise starts
//! from a copy; each iteration yields a tensor it owns (a copy of one it does
//! not) and frees the tensors it allocated and does not yield. So an insert
//! into the carried tensor writes in place, and the loop's results are owned
//! like any tensor the function allocates.

use super::error::LowerError;
use super::{inserts, Emitter, Scope};
use crate::ir::{users, value_key};
use crate::place::Place;
use melior::{
    dialect::scf,
    ir::{
        block::BlockLike,
        operation::{OperationBuilder, OperationLike},
        r#type::RankedTensorType,
        OperationRef, RegionLike, Type, TypeLike, Value, ValueLike,
    },
};

/// What one `iter_arg` of the loop is.
enum Carried<'c, 'a> {
    Builder(inserts::Builder<'c, 'a>),
    Tensor(RankedTensorType<'c>),
    Scalar,
}

impl<'c: 'a, 'a> Carried<'c, 'a> {
    /// The loop's values that stand for this `iter_arg`, `values` being the
    /// block's arguments or the loop's results from its first.
    fn bind(
        &self,
        emitter: &Emitter<'c>,
        old: Value<'c, 'a>,
        values: &[Value<'c, 'a>],
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        match self {
            Carried::Builder(builder) => {
                scope.builders.insert(value_key(old), builder.at(values));
            }
            Carried::Tensor(tensor) => {
                let id = scope.define(old, emitter.buffers_from(*tensor, values)?);
                scope.allocated.push(id);
            }
            Carried::Scalar => {
                scope.values.insert(value_key(old), values[0]);
            }
        }
        Ok(())
    }
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// `scf.for` whose `iter_args` include tensors: the same loop carrying
    /// what stands for each (see the module's comment).
    pub(super) fn for_with_tensors(
        &self,
        op: OperationRef<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let operands = op.operands().collect::<Vec<_>>();
        let (bounds, inits) = operands.split_at(3);
        let mut kinds = Vec::new();
        let mut carried = Vec::new();
        let mut spans = Vec::new();
        for &init in inits {
            let start = if let Some(builder) = scope.builders.get(&value_key(init)) {
                let values = builder.carried();
                kinds.push(Carried::Builder(builder.clone()));
                values
            } else if scope.tensor_id(init).is_some() {
                kinds.push(Carried::Tensor(RankedTensorType::try_from(init.r#type())?));
                let last_use = users(init).iter().all(|user| *user == op);
                self.take_or_copy(init, last_use, place, scope)?
            } else if init.r#type().is_ranked_tensor() {
                return Err(LowerError::Malformed("an scf.for starts from a tensor that is not lowered"));
            } else {
                kinds.push(Carried::Scalar);
                vec![scope.get(init)]
            };
            spans.push(start.len());
            carried.extend(start);
        }
        let types = carried.iter().map(|value| value.r#type()).collect::<Vec<_>>();
        let mut arguments = vec![(Type::index(self.context), self.location)];
        arguments.extend(types.iter().map(|&r#type| (r#type, self.location)));
        let region = melior::ir::Region::new();
        region.append_block(melior::ir::Block::new(&arguments));
        let mut new_operands = bounds.iter().map(|&bound| scope.get(bound)).collect::<Vec<_>>();
        new_operands.extend(&carried);
        let new = place.put(
            OperationBuilder::new("scf.for", self.location)
                .add_operands(&new_operands)
                .add_results(&types)
                .add_regions([region])
                .build()?,
        );
        let block = crate::ir::only_block(new, 0);
        let old = op.region(0)?.first_block().ok_or(LowerError::Malformed("scf.for without a body"))?;
        let mut inner = scope.nested();
        inner.values.insert(value_key(old.argument(0)?.into()), block.argument(0)?.into());
        let block_values = (1..block.argument_count()).map(|at| block.argument(at).map(Into::into)).collect::<Result<Vec<Value>, _>>()?;
        let result_values = new.results().map(Into::into).collect::<Vec<Value>>();
        let mut at = 0;
        for (index, kind) in kinds.iter().enumerate() {
            kind.bind(self, old.argument(index + 1)?.into(), &block_values[at..at + spans[index]], &mut inner)?;
            at += spans[index];
        }
        let ops = std::iter::successors(old.first_operation(), |op| op.next_in_block()).collect::<Vec<_>>();
        let (&terminator, body) = ops.split_last().ok_or(LowerError::Malformed("a block without a terminator"))?;
        super::lower_ops(self, body, Place::End(block), &mut inner)?;
        let end = Place::End(block);
        let mut yielded = Vec::new();
        for (operand, kind) in terminator.operands().zip(&kinds) {
            match (kind, inner.builders.get(&value_key(operand))) {
                (Carried::Builder(_), Some(builder)) => yielded.push(builder.carried()),
                (Carried::Tensor(_), None) if inner.tensor_id(operand).is_some() => {
                    // The iteration owns what it made; the rest is copied.
                    let made_here = inner.tensor_id(operand).is_some_and(|id| !scope.allocated.contains(&id));
                    yielded.push(self.take_or_copy(operand, made_here, end, &mut inner)?)
                }
                (Carried::Scalar, None) if !operand.r#type().is_ranked_tensor() => yielded.push(vec![inner.get(operand)]),
                _ => return Err(LowerError::Op("scf.for whose iteration yields another kind of tensor than it starts from".into())),
            }
        }
        let yielded = yielded.concat();
        self.release_region("scf.for", end, &inner, scope, &yielded)?;
        if yielded.len() != types.len() || yielded.iter().zip(&types).any(|(value, r#type)| value.r#type() != *r#type) {
            return Err(LowerError::Op("scf.for whose iteration yields another kind of tensor than it starts from".into()));
        }
        block.append_operation(scf::r#yield(&yielded, self.location));
        let mut at = 0;
        for (index, kind) in kinds.iter().enumerate() {
            kind.bind(self, op.result(index)?.into(), &result_values[at..at + spans[index]], scope)?;
            at += spans[index];
        }
        Ok(())
    }

    /// The buffers of the tensor `value`, owned by the one who asks: taken
    /// over when the function owns them and `last_use`, else copied.
    pub(super) fn take_or_copy(
        &self,
        value: Value<'c, 'a>,
        last_use: bool,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<Vec<Value<'c, 'a>>, LowerError> {
        let id = self.readable(value, scope)?;
        let list = scope.tensor(id).list()?;
        if last_use && scope.allocated.contains(&id) {
            scope.allocated.retain(|&owned| owned != id);
            return Ok(list);
        }
        Ok(list.into_iter().map(|value| if value.r#type().is_mem_ref() { self.copy_of(place, value) } else { value }).collect())
    }
}
