//! Shape operators in host code, each building a new tensor from the
//! entries of its operands moved to new coordinates:
//! `sparse_tensor.concatenate` and `tensor.concat` (the operands one after
//! another along one dimension), `tensor.collapse_shape`,
//! `tensor.expand_shape` and `tensor.reshape` (the same components, in
//! row-major order, under other sizes).
//!
//! - Into a sparse tensor: of a reshape, every stored entry of the operand
//!   (of an operand stored densely, every component but those equal to the
//!   result's fill); of a concatenation, as upstream's, every entry of each
//!   operand but those equal to the result's fill (an explicit zero is
//!   dropped); each at its new coordinates, sorted and assembled as a
//!   conversion that sorts is ([`Emitter::rebuild`]). No sort is needed
//!   where the entries come in the result's order already: a reshape, or a
//!   concatenation along the first dimension, of tensors whose levels all
//!   store their dimensions in order (CSR, DCSR, COO, CSF, dense; not CSC).
//! - Into a dense tensor: a new one holding its fill, each entry stored at
//!   its new position.
//! - A dense tensor reshaped into a dense one (neither with an encoding): a
//!   copy of its values, which are in row-major order already.
//!
//! The result is materialized (in the other cases at the cost of a sort for
//! a sparse one). Most kernels read concatenations in place (paper 001's
//! disjoint union), and `raise-linalg` builds a concatenation into a sparse
//! tensor whose operands store their dimensions in its order by such a
//! kernel, a copy statement: what reaches this pass is the rest. Sizes that
//! are not known when compiling are checked when the program runs (the
//! operands of a concatenation agree outside its dimension and add up to a
//! static result size; a reshape keeps the number of components). Refused:
//! an operand stored sparsely whose fill differs from the result's (its
//! unstored components would change value).

use super::error::LowerError;
use super::inserts::{is_sparse, Arrival, Kept, Remap, Taking};
use super::iterator::TensorId;
use super::storage::Buffers;
use super::{Emitter, Scope};
use crate::fill::Number;
use crate::ir::name;
use crate::place::Place;
use melior::{
    dialect::arith,
    ir::{
        attribute::IntegerAttribute,
        operation::OperationLike,
        r#type::{DimSize, RankedTensorType},
        OperationRef, ShapedTypeLike, Type, TypeLike, Value, ValueLike,
    },
};
use sparse_dialects::encoding::Encoding;

/// A regrouping of dimensions: each group of source dimensions (linearized
/// row-major) becomes a group of result dimensions (delinearized row-major).
type Groups = Vec<(Vec<usize>, Vec<usize>)>;

impl<'c: 'a, 'a> Emitter<'c> {
    /// `sparse_tensor.concatenate` or `tensor.concat`: each operand's
    /// entries moved along the dimension by the sizes of the operands
    /// before it.
    pub(super) fn concatenate(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let op_name = name(op);
        let attribute = if op_name == "tensor.concat" { "dim" } else { "dimension" };
        let dim = IntegerAttribute::try_from(op.attribute(attribute)?).map_err(|_| LowerError::Malformed("a concatenation's dimension"))?;
        let dim = dim.value() as usize;
        let sources = op.operands().map(|operand| self.readable(operand, scope)).collect::<Result<Vec<_>, _>>()?;
        let first = scope.tensor(*sources.first().ok_or(LowerError::Malformed("a concatenation of nothing"))?).dims.clone();
        let all_static = op.operands().all(|operand| has_static_shape(operand.r#type()));
        let mut offsets = Vec::new();
        let mut total = self.index(place, 0);
        for &source in &sources {
            offsets.push(total);
            let sizes = scope.tensor(source).dims.clone();
            total = self.add(place, total, *sizes.get(dim).ok_or(LowerError::Malformed("a concatenation's dimension"))?);
            if !all_static {
                for other in (0..first.len()).filter(|&other| other != dim) {
                    let agree = self.compare(place, arith::CmpiPredicate::Eq, sizes[other], first[other]);
                    self.check(place, agree, &format!("{op_name}: operands of different sizes along dimension {other}"))?;
                }
            }
        }
        let mut dims = first;
        dims[dim] = total;
        // A static result size must be what the operands' sizes add up to.
        let result_type = RankedTensorType::try_from(op.result(0)?.r#type())?;
        for (index, &size) in dims.iter().enumerate() {
            if let (false, Ok(DimSize::Static(expected))) = (all_static, result_type.dim_size(index)) {
                let agree = self.compare(place, arith::CmpiPredicate::Eq, size, self.index(place, expected as i64));
                self.check(place, agree, &format!("{op_name}: the operands' sizes differ from the result's along dimension {index}"))?;
            }
        }
        let moves = offsets
            .iter()
            .map(|&offset| {
                move |emitter: &Self, here: Place<'c, 'a>, coordinates: &[Value<'c, 'a>]| {
                    let mut moved = coordinates.to_vec();
                    moved[dim] = emitter.add(here, moved[dim], offset);
                    moved
                }
            })
            .collect::<Vec<_>>();
        let sources = sources.iter().zip(&moves).map(|(&source, remap)| (source, remap as Remap<'_, 'c, 'a>)).collect::<Vec<_>>();
        // Stacked along the first dimension, entries in row-major order stay
        // so; along the second, they stay so within each row.
        let arrival = match dim {
            0 => Arrival::InOrder,
            1 => Arrival::InOrderPerFirstCoordinate,
            _ => Arrival::Any,
        };
        self.move_entries(op, &sources, dims, Taking { arrival, kept: Kept::DifferingFromFill }, place, scope)
    }

    /// `tensor.collapse_shape`, `tensor.expand_shape` or `tensor.reshape`:
    /// the source's components, in row-major order, under the result's sizes.
    pub(super) fn reshape(&self, op: OperationRef<'c, 'a>, place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        let op_name = name(op);
        let source = self.readable(op.operand(0)?, scope)?;
        let source_type = RankedTensorType::try_from(op.operand(0)?.r#type())?;
        let result_type = RankedTensorType::try_from(op.result(0)?.r#type())?;
        let source_dims = scope.tensor(source).dims.clone();
        let (source_rank, rank) = (source_type.rank(), result_type.rank());
        let static_size = |dim: usize| match result_type.dim_size(dim) {
            Ok(DimSize::Static(size)) => Some(self.index(place, size as i64)),
            _ => None,
        };
        let (groups, dims): (Groups, Vec<Value<'c, 'a>>) = match op_name.as_str() {
            "tensor.collapse_shape" => {
                let groups = crate::ir::reassociation(op)
                    .ok_or(LowerError::Malformed("the reassociation must list the dimensions in order, each once"))?
                    .into_iter()
                    .enumerate()
                    .map(|(dim, group)| (group, vec![dim]))
                    .collect::<Groups>();
                let merged = |(dim, (from, _)): (usize, &(Vec<usize>, Vec<usize>))| {
                    static_size(dim).unwrap_or_else(|| self.product(place, from.iter().map(|&dim| source_dims[dim])))
                };
                let dims = groups.iter().enumerate().map(merged).collect();
                (groups, dims)
            }
            "tensor.expand_shape" => {
                let groups = crate::ir::reassociation(op)
                    .ok_or(LowerError::Malformed("the reassociation must list the dimensions in order, each once"))?
                    .into_iter()
                    .enumerate()
                    .map(|(dim, group)| (vec![dim], group))
                    .collect::<Groups>();
                let mut dynamic = op.operands().skip(1).map(|size| scope.get(size));
                let dims = (0..rank)
                    .map(|dim| static_size(dim).or_else(|| dynamic.next()))
                    .collect::<Option<Vec<_>>>()
                    .ok_or(LowerError::Malformed("tensor.expand_shape lacks a dynamic size"))?;
                (groups, dims)
            }
            _ => {
                // `tensor.reshape`: the sizes the shape tensor lists.
                let shape = scope.tensor(self.readable(op.operand(1)?, scope)?).values.ok_or(LowerError::PatternSource)?;
                let dims = (0..rank)
                    .map(|dim| match static_size(dim) {
                        Some(size) => Ok(size),
                        None => {
                            let listed = self.load(place, shape, self.index(place, dim as i64));
                            self.as_index(listed, place)
                        }
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                (vec![((0..source_rank).collect(), (0..rank).collect())], dims)
            }
        };
        if !has_static_shape(source_type.into()) || !has_static_shape(result_type.into()) {
            for (from, to) in &groups {
                let before = self.product(place, from.iter().map(|&dim| source_dims[dim]));
                let after = self.product(place, to.iter().map(|&dim| dims[dim]));
                let kept = self.compare(place, arith::CmpiPredicate::Eq, before, after);
                self.check(place, kept, &format!("{op_name}: the result's sizes hold another number of components than the source's"))?;
            }
        }
        let buffers = scope.tensor(source);
        if source_type.encoding().is_none() && result_type.encoding().is_none() && buffers.slices.iter().all(Option::is_none) {
            let values = buffers.values.ok_or(LowerError::PatternSource)?;
            let copy = Buffers::empty(Encoding::of_any(result_type)?, buffers.element, Some(self.copy_of(place, values)), dims);
            let id = scope.define(op.result(0)?.into(), copy);
            scope.allocated.push(id);
            return Ok(());
        }
        let sizes = dims.clone();
        let remap = |emitter: &Self, here: Place<'c, 'a>, coordinates: &[Value<'c, 'a>]| {
            let mut moved = vec![None; rank];
            for (from, to) in &groups {
                let linear = from.iter().fold(None, |linear, &dim| {
                    Some(match linear {
                        None => coordinates[dim],
                        Some(linear) => emitter.add(here, emitter.mul(here, linear, source_dims[dim]), coordinates[dim]),
                    })
                });
                let mut rest = linear.unwrap_or_else(|| emitter.index(here, 0));
                for (place_in_group, &dim) in to.iter().enumerate().rev() {
                    if place_in_group == 0 {
                        moved[dim] = Some(rest);
                    } else {
                        moved[dim] = Some(emitter.one(here, arith::remui(rest, sizes[dim], emitter.location)));
                        rest = emitter.div(here, rest, sizes[dim]);
                    }
                }
            }
            // A dimension in no group has size 1.
            moved.into_iter().map(|coordinate| coordinate.unwrap_or_else(|| emitter.index(here, 0))).collect()
        };
        // Row-major positions, and so their order, are what a reshape keeps.
        self.move_entries(op, &[(source, &remap)], dims, Taking { arrival: Arrival::InOrder, kept: Kept::Stored }, place, scope)
    }

    /// The result of the shape operator `op`, of sizes `dims`, from the
    /// entries of `sources`, each put where its [`Remap`] says; into a
    /// sparse result, those `taking.kept` says, coming (the sources one
    /// after another) as `taking.arrival` says when the sources are walked
    /// in row-major order.
    fn move_entries(
        &self,
        op: OperationRef<'c, 'a>,
        sources: &[(TensorId, Remap<'_, 'c, 'a>)],
        dims: Vec<Value<'c, 'a>>,
        taking: Taking,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<(), LowerError> {
        let result: Value = op.result(0)?.into();
        let tensor = RankedTensorType::try_from(result.r#type())?;
        let fill = Number::of_typed(Encoding::of_any(tensor)?.fill);
        for (&(source, _), operand) in sources.iter().zip(op.operands()) {
            let unstored = Number::of_typed(scope.tensor(source).encoding.fill);
            let same = matches!((unstored, fill), (Some(unstored), Some(fill)) if unstored.identical(fill));
            if is_sparse(operand.r#type()) && !same {
                return Err(LowerError::Op(format!("{} of a sparse tensor whose fill value differs from the result's", name(op))));
            }
        }
        if is_sparse(tensor.into()) {
            return self.rebuild(op, sources, dims, taking, place, scope);
        }
        let dynamic = (0..tensor.rank()).filter(|&dim| !matches!(tensor.dim_size(dim), Ok(DimSize::Static(_)))).map(|dim| dims[dim]);
        let buffers = self.alloc(tensor, &dynamic.collect::<Vec<_>>(), place)?;
        let values = buffers.values.ok_or(LowerError::Malformed("a dense tensor without values"))?;
        let id = scope.define(result, buffers.clone());
        scope.allocated.push(id);
        for &(source, remap) in sources {
            if scope.tensor(source).element != tensor.element() {
                return Err(LowerError::Malformed("a shape operator that changes the element type"));
            }
            let mut visit = |emitter: &Self,
                             here: Place<'c, 'a>,
                             coordinates: &[Value<'c, 'a>],
                             value: Value<'c, 'a>,
                             _: &[Value<'c, 'a>],
                             _: &mut Scope<'c, 'a>| {
                let position = emitter.locate_point(id, &buffers, &remap(emitter, here, coordinates), here)?;
                emitter.store(here, value, values, position);
                Ok(Vec::new())
            };
            self.walk_entries(source, &[], &mut visit, place, scope)?;
        }
        Ok(())
    }

    /// The product of `sizes` (1 for none).
    fn product(&self, place: Place<'c, 'a>, sizes: impl Iterator<Item = Value<'c, 'a>>) -> Value<'c, 'a> {
        sizes.reduce(|total, size| self.mul(place, total, size)).unwrap_or_else(|| self.index(place, 1))
    }

    /// `value`, an integer or an index, as an index.
    fn as_index(&self, value: Value<'c, 'a>, place: Place<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
        if value.r#type().is_index() {
            return Ok(value);
        }
        Ok(self.one(place, arith::index_cast(value, Type::index(self.context), self.location)))
    }
}

/// Whether `type` is a tensor whose sizes are all known when compiling.
fn has_static_shape(r#type: Type) -> bool {
    RankedTensorType::try_from(r#type)
        .is_ok_and(|tensor| (0..tensor.rank()).all(|dim| matches!(tensor.dim_size(dim), Ok(DimSize::Static(_)))))
}
