//! `scf.if` around host code that yields tensors or whose condition is known
//! when compiling.
//!
//! A branch yields, in place of each tensor, its buffers and sizes (its ABI
//! list), as a call returns them: a tensor the branch made is yielded as is,
//! one made outside it is copied, so the `scf.if`'s results are owned like
//! any tensor the function allocates. What a branch makes and does not
//! yield is freed at its end. A known condition (a constant, or
//! `sparse_tensor.has_runtime_library`) leaves only the branch it takes,
//! lowered in the enclosing scope.

use super::carried::{Carried, Kinds};
use super::error::LowerError;
use super::{Emitter, Scope};
use crate::ir::{defining_op, name, value_key};
use crate::place::Place;
use melior::{
    dialect::scf,
    ir::{
        attribute::IntegerAttribute,
        block::BlockLike,
        operation::{OperationBuilder, OperationLike},
        r#type::RankedTensorType,
        Block, BlockRef, OperationRef, Region, RegionLike, TypeLike, Value, ValueLike,
    },
};

/// The value of `condition` when it is known while compiling: an
/// `arith.constant`, or `sparse_tensor.has_runtime_library`, false since the
/// code this pipeline makes calls no sparse runtime library.
pub(super) fn known_condition(condition: Value) -> Option<bool> {
    let maker = defining_op(condition)?;
    match name(maker).as_str() {
        "sparse_tensor.has_runtime_library" => Some(false),
        "arith.constant" => IntegerAttribute::try_from(maker.attribute("value").ok()?).ok().map(|value| value.value() != 0),
        _ => None,
    }
}

/// The ops of the one block of `region`, its terminator apart.
fn block_ops<'c, 'a>(block: BlockRef<'c, 'a>) -> Result<(Vec<OperationRef<'c, 'a>>, OperationRef<'c, 'a>), LowerError> {
    if block.next_in_region().is_some() {
        return Err(LowerError::Op("scf.if with several blocks".into()));
    }
    let mut ops = std::iter::successors(block.first_operation(), |op| op.next_in_block()).collect::<Vec<_>>();
    let terminator = ops.pop().ok_or(LowerError::Malformed("a block without a terminator"))?;
    Ok((ops, terminator))
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// `scf.if` on a known condition: the taken branch's ops, lowered where
    /// the `scf.if` stands and in its scope, so that what they release is
    /// released there; its results are what that branch yields (a tensor
    /// under a second name, owned if the branch's tensor was).
    pub(super) fn taken_branch(
        &self,
        op: OperationRef<'c, 'a>,
        taken: bool,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let Some(block) = op.region(if taken { 0 } else { 1 })?.first_block() else { return Ok(()) };
        let (body, terminator) = block_ops(block)?;
        super::lower_ops(self, &body, place, scope)?;
        for (result, yielded) in op.results().zip(terminator.operands()) {
            if scope.builders.contains_key(&value_key(yielded)) {
                return Err(LowerError::Op("scf.if yielding a tensor built by inserts".into()));
            }
            match scope.tensor_id(yielded) {
                Some(id) => {
                    let buffers = scope.tensor(self.readable(yielded, scope)?).clone();
                    let owned = scope.allocated.contains(&id);
                    scope.allocated.retain(|&allocated| allocated != id);
                    let alias = scope.define(result.into(), buffers);
                    if owned {
                        scope.allocated.push(alias);
                    }
                }
                None if yielded.r#type().is_ranked_tensor() => return Err(LowerError::Malformed("an scf.if yields an unknown tensor")),
                None => {
                    scope.values.insert(value_key(result.into()), scope.get(yielded));
                }
            }
        }
        Ok(())
    }

    /// `scf.if` yielding tensors: the same `scf.if` yielding what stands for
    /// each (see the module's comment), each branch lowered as a loop's
    /// iteration is.
    pub(super) fn if_with_tensors(
        &self,
        op: OperationRef<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let mut kinds: Kinds = Vec::new();
        let mut types = Vec::new();
        for result in op.results() {
            let abi = self.abi_types(result.r#type())?;
            let kind = RankedTensorType::try_from(result.r#type()).map_or(Carried::Scalar, Carried::Tensor);
            kinds.push((kind, abi.len()));
            types.extend(abi);
        }
        let regions = (0..2).map(|_| Region::new()).collect::<Vec<_>>();
        for region in &regions {
            region.append_block(Block::new(&[]));
        }
        let new = place.put(
            OperationBuilder::new("scf.if", self.location)
                .add_operands(&[scope.get(op.operand(0)?)])
                .add_results(&types)
                .add_regions_vec(regions)
                .build()?,
        );
        for index in 0..2 {
            let block = crate::ir::only_block(new, index);
            let old = op.region(index)?.first_block().ok_or(LowerError::Op("scf.if yielding tensors without an else".into()))?;
            if old.next_in_region().is_some() {
                return Err(LowerError::Op("scf.if with several blocks".into()));
            }
            let mut inner = scope.nested();
            let yielded = self.iteration(old, &kinds, &types, "scf.if", Place::End(block), scope, &mut inner)?;
            block.append_operation(scf::r#yield(&yielded, self.location));
        }
        let results = op.results().map(Into::into).collect::<Vec<Value>>();
        let values = new.results().map(Into::into).collect::<Vec<Value>>();
        self.bind_carried(&kinds, &results, &values, scope)
    }
}
