//! `scf.for` and `scf.while` carrying tensors through their loop-carried
//! values, as host code does when a loop inserts into a tensor
//! (`%t = scf.for ... iter_args(%a = %t0)` with `tensor.insert ... into %a`
//! and `scf.yield`).
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
        BlockRef, OperationRef, RegionLike, Type, TypeLike, Value, ValueLike,
    },
};

/// What one `iter_arg` of the loop (or one result of an `scf.if`) is.
pub(super) enum Carried<'c, 'a> {
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

/// What each loop-carried value is, and how many of the loop's values
/// stand for it.
pub(super) type Kinds<'c, 'a> = Vec<(Carried<'c, 'a>, usize)>;

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
        let (kinds, carried) = self.carry(op, inits, place, scope)?;
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
        let old_arguments = (1..old.argument_count()).map(|at| old.argument(at).map(Into::into)).collect::<Result<Vec<Value>, _>>()?;
        let block_values = (1..block.argument_count()).map(|at| block.argument(at).map(Into::into)).collect::<Result<Vec<Value>, _>>()?;
        self.bind_carried(&kinds, &old_arguments, &block_values, &mut inner)?;
        let yielded = self.iteration(old, &kinds, &types, "scf.for", Place::End(block), scope, &mut inner)?;
        block.append_operation(scf::r#yield(&yielded, self.location));
        let results = op.results().map(Into::into).collect::<Vec<Value>>();
        let result_values = new.results().map(Into::into).collect::<Vec<Value>>();
        self.bind_carried(&kinds, &results, &result_values, scope)
    }

    /// `scf.while` whose operands include tensors, its condition region
    /// passing on its arguments as they are: the same loop carrying what
    /// stands for each, as `scf.for` does. The condition region frees what
    /// it makes; the loop's results are owned like any tensor the function
    /// allocates.
    pub(super) fn while_with_tensors(
        &self,
        op: OperationRef<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let inits = op.operands().collect::<Vec<_>>();
        let (kinds, carried) = self.carry(op, &inits, place, scope)?;
        let types = carried.iter().map(|value| value.r#type()).collect::<Vec<_>>();
        let arguments = types.iter().map(|&r#type| (r#type, self.location)).collect::<Vec<_>>();
        let regions = (0..2).map(|_| melior::ir::Region::new()).collect::<Vec<_>>();
        for region in &regions {
            region.append_block(melior::ir::Block::new(&arguments));
        }
        let new = place.put(
            OperationBuilder::new("scf.while", self.location)
                .add_operands(&carried)
                .add_results(&types)
                .add_regions_vec(regions)
                .build()?,
        );
        let block_values = |index: usize| -> Result<Vec<Value<'c, 'a>>, LowerError> {
            let block = crate::ir::only_block(new, index);
            Ok((0..block.argument_count()).map(|at| block.argument(at).map(Into::into)).collect::<Result<Vec<Value>, _>>()?)
        };
        let old_arguments = |index: usize| -> Result<Vec<Value<'c, 'a>>, LowerError> {
            let old = op.region(index)?.first_block().ok_or(LowerError::Malformed("scf.while without a region's block"))?;
            Ok((0..old.argument_count()).map(|at| old.argument(at).map(Into::into)).collect::<Result<Vec<Value>, _>>()?)
        };
        // The condition: its arguments, passed on unchanged, stay the loop's.
        let before = op.region(0)?.first_block().ok_or(LowerError::Malformed("scf.while without a condition"))?;
        let ops = std::iter::successors(before.first_operation(), |op| op.next_in_block()).collect::<Vec<_>>();
        let (&condition, body) = ops.split_last().ok_or(LowerError::Malformed("a block without a terminator"))?;
        let forwarded = condition.operands().skip(1).collect::<Vec<Value>>();
        if forwarded != old_arguments(0)? {
            return Err(LowerError::Op("scf.while whose condition passes on other values than its arguments".into()));
        }
        let block = crate::ir::only_block(new, 0);
        let mut inner = scope.nested();
        let passed = block_values(0)?;
        self.bind_carried(&kinds, &old_arguments(0)?, &passed, &mut inner)?;
        super::lower_ops(self, body, Place::End(block), &mut inner)?;
        let stay =
            inner.builders.keys().any(|key| !scope.builders.contains_key(key) && !forwarded.iter().any(|value| value_key(*value) == *key));
        if stay {
            return Err(LowerError::Op("scf.while whose condition builds a tensor by inserts".into()));
        }
        self.release_region("scf.while", Place::End(block), &inner, scope, &passed)?;
        let mut operands = vec![inner.get(condition.operand(0)?)];
        operands.extend(&passed);
        block.append_operation(OperationBuilder::new("scf.condition", self.location).add_operands(&operands).build()?);
        // The body, as an scf.for's.
        let block = crate::ir::only_block(new, 1);
        let old = op.region(1)?.first_block().ok_or(LowerError::Malformed("scf.while without a body"))?;
        let mut inner = scope.nested();
        self.bind_carried(&kinds, &old_arguments(1)?, &block_values(1)?, &mut inner)?;
        let yielded = self.iteration(old, &kinds, &types, "scf.while", Place::End(block), scope, &mut inner)?;
        block.append_operation(scf::r#yield(&yielded, self.location));
        let results = op.results().map(Into::into).collect::<Vec<Value>>();
        let result_values = new.results().map(Into::into).collect::<Vec<Value>>();
        self.bind_carried(&kinds, &results, &result_values, scope)
    }

    /// What a loop `op` carries from `inits`: each one's kind, and the values
    /// that stand for them, taken over or copied.
    fn carry(
        &self,
        op: OperationRef<'c, 'a>,
        inits: &[Value<'c, 'a>],
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(Kinds<'c, 'a>, Vec<Value<'c, 'a>>), LowerError> {
        let mut kinds = Vec::new();
        let mut carried = Vec::new();
        for &init in inits {
            let (kind, start) = if let Some(builder) = scope.builders.get(&value_key(init)) {
                (Carried::Builder(builder.clone()), builder.carried())
            } else if scope.tensor_id(init).is_some() {
                let last_use = users(init).iter().all(|user| *user == op);
                (Carried::Tensor(RankedTensorType::try_from(init.r#type())?), self.take_or_copy(init, last_use, place, scope)?)
            } else if init.r#type().is_ranked_tensor() {
                return Err(LowerError::Malformed("a loop starts from a tensor that is not lowered"));
            } else {
                (Carried::Scalar, vec![scope.get(init)])
            };
            kinds.push((kind, start.len()));
            carried.extend(start);
        }
        Ok((kinds, carried))
    }

    /// Binds each of `old`, carried as `kinds` says, to its span of `values`.
    pub(super) fn bind_carried(
        &self,
        kinds: &[(Carried<'c, 'a>, usize)],
        old: &[Value<'c, 'a>],
        values: &[Value<'c, 'a>],
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let mut at = 0;
        for ((kind, span), &old) in kinds.iter().zip(old) {
            kind.bind(self, old, &values[at..at + span], scope)?;
            at += span;
        }
        Ok(())
    }

    /// Lowers the body `old` of one iteration of a loop `op` (or one branch
    /// of an `scf.if`) at `end`, in `inner`; returns what its `scf.yield`
    /// carries on, checked against the op's `types`, after freeing what the
    /// region made and does not yield.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn iteration(
        &self,
        old: BlockRef<'c, 'a>,
        kinds: &[(Carried<'c, 'a>, usize)],
        types: &[Type<'c>],
        op: &str,
        end: Place<'c, 'a>,
        scope: &Scope<'c, 'a>,
        inner: &mut Scope<'c, 'a>,
    ) -> Result<Vec<Value<'c, 'a>>, LowerError> {
        let ops = std::iter::successors(old.first_operation(), |op| op.next_in_block()).collect::<Vec<_>>();
        let (&terminator, body) = ops.split_last().ok_or(LowerError::Malformed("a block without a terminator"))?;
        super::lower_ops(self, body, end, inner)?;
        let other_kind = || LowerError::Op(format!("{op} yielding another kind of tensor than it carries"));
        let mut yielded = Vec::new();
        for (operand, (kind, _)) in terminator.operands().zip(kinds) {
            match (kind, inner.builders.get(&value_key(operand))) {
                (Carried::Builder(_), Some(builder)) => yielded.push(builder.carried()),
                (Carried::Tensor(_), None) if inner.tensor_id(operand).is_some() => {
                    // The region owns what it made; the rest is copied.
                    let made_here = inner.tensor_id(operand).is_some_and(|id| !scope.allocated.contains(&id));
                    yielded.push(self.take_or_copy(operand, made_here, end, inner)?)
                }
                (Carried::Scalar, None) if !operand.r#type().is_ranked_tensor() => yielded.push(vec![inner.get(operand)]),
                _ => return Err(other_kind()),
            }
        }
        let yielded = yielded.concat();
        self.release_region(op, end, inner, scope, &yielded)?;
        if yielded.len() != types.len() || yielded.iter().zip(types).any(|(value, r#type)| value.r#type() != *r#type) {
            return Err(other_kind());
        }
        Ok(yielded)
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
