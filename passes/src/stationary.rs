//! Image-stationary reads of a sparse image at compound subscripts: each
//! stored entry of the image adds into the neighbourhood of the result it
//! reaches, instead of each result component gathering its windows.
//!
//! `Y(i) = Σ_r X(i + b·r + c) · W(r)` into a dense result reads the image
//! `X` by its own coordinate `p = i + b·r + c`: the loop `i` walks `X`'s
//! level directly (no window, no non-empty subsections), the filter loop
//! `r` inside it runs over the range that keeps `p − b·r − c` inside the
//! result, and the body stores at that coordinate. Each stored entry is
//! visited once however many windows hold it, where paper 003's orders
//! visit it once per filter tap, each a pass over the image. The loops'
//! pairs `(p, r)` are the pairs `(i, r)` of the gathering orders, one for
//! one, so the result is the same up to the order of the reduction, which
//! must be commutative and associative.

use crate::statement::{ConcatRead, Operand, Statement};
use melior::ir::OperationRef;
use sparse_dialects::{arr, subscript::Subscript};

/// A filter loop whose range depends on the image coordinate a result loop
/// walks: `r` below where `walked − coefficient · r − intercept` is a
/// coordinate of the result's dimension `output_dim`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clamp {
    /// The filter loop `r`.
    pub loop_: usize,
    /// The result loop, walking the image coordinate `p`.
    pub walked: usize,
    /// The result dimension the loop `walked` indexes.
    pub output_dim: usize,
    /// `b`, the coefficient of `r` in the image's subscript.
    pub coefficient: i64,
    /// `c`, the subscript's intercept.
    pub intercept: i64,
    /// The image (an operand index) and its dimension read at the subscript.
    pub operand: usize,
    pub dim: usize,
    /// The image's subscript `walked + b·r + c`, which the bounds checks
    /// evaluate over the result's extent.
    pub window: Subscript,
}

impl Clamp {
    /// The result coordinate the body stores at: `p − b·r − c`.
    pub fn output_subscript(&self) -> Subscript {
        Subscript { terms: vec![(self.walked, 1), (self.loop_, -self.coefficient)], intercept: -self.intercept }
    }
}

/// The clamps that read the one windowed operand of `operands` by its own
/// coordinates, with its windows cleared (`dims` already names the result
/// loop of each window, as the scatter order reads them); `None`, with the
/// operands untouched, where the statement is not of that form: one
/// operand with sparse levels (stored, not a slice) read at compound
/// subscripts and naming every result loop, each `i + b·r + c` with `i` a
/// result loop of one result dimension and `r` a loop of no result
/// dimension (an access names a loop once: `subscripts`); no other operand,
/// concatenation or `arr.index` reads a loop `i`.
pub(crate) fn clamps(operands: &mut [Operand], output_dims: &[usize], concats: &[ConcatRead], compute: OperationRef) -> Option<Vec<Clamp>> {
    if !concats.is_empty() {
        return None;
    }
    let mut images = operands.iter().enumerate().filter(|(_, operand)| operand.is_windowed()).map(|(index, _)| index);
    let (Some(image), None) = (images.next(), images.next()) else { return None };
    let read = &operands[image];
    // A result loop the image does not name (NHWC's output channels) would
    // make each stored entry scatter into a whole fiber per tap: the window
    // orders keep such a loop outside (conv_nhwc in DCCC at 80% took 50–65 ms
    // image-stationary against 39–43 ms).
    let names_result = output_dims.iter().all(|loop_| read.dims.contains(loop_));
    if !read.is_sparse() || read.computed.is_some() || arr::slice_source(read.tensor) != read.tensor || !names_result {
        return None;
    }
    let mut clamps = Vec::new();
    for (dim, window) in read.windows.iter().enumerate() {
        let Some(window) = window else { continue };
        let walked = read.dims[dim];
        let (loop_, coefficient) = match window.terms[..] {
            [(first, 1), (other, b)] | [(other, b), (first, 1)] if first == walked => (other, b),
            _ => return None,
        };
        let mut outputs = output_dims.iter().enumerate().filter(|&(_, &output)| output == walked).map(|(output_dim, _)| output_dim);
        let (Some(output_dim), None) = (outputs.next(), outputs.next()) else { return None };
        if output_dims.contains(&loop_) {
            return None;
        }
        clamps.push(Clamp {
            loop_,
            walked,
            output_dim,
            coefficient,
            intercept: window.intercept,
            operand: image,
            dim,
            window: window.clone(),
        });
    }
    let reads_walked = |operand: &Operand| {
        let named = |loop_: usize| clamps.iter().any(|clamp| clamp.walked == loop_);
        let computed = operand.computed.iter().flatten();
        operand.dims.iter().any(|&loop_| named(loop_)) || computed.flat_map(|subscript| &subscript.terms).any(|&(loop_, _)| named(loop_))
    };
    if operands.iter().enumerate().any(|(index, operand)| index != image && reads_walked(operand)) || indexes_walked(compute, &clamps) {
        return None;
    }
    for clamp in &clamps {
        operands[image].windows[clamp.dim] = None;
    }
    Some(clamps)
}

/// Whether the statement's body reads the coordinate of a walked loop
/// (`arr.index`), which the loop no longer gives.
fn indexes_walked(compute: OperationRef, clamps: &[Clamp]) -> bool {
    let walked = |op: OperationRef| {
        let dim = arr::Index::of(op).and_then(|index| index.dim());
        dim.is_some_and(|dim| clamps.iter().any(|clamp| i64::try_from(clamp.walked) == Ok(dim)))
    };
    !crate::ir::collect(compute, walked).is_empty()
}

/// Whether a statement read with clamps computes what the gathering orders
/// do: no points folded in after the loops or with the fill, no guarded
/// calls, and a reduction that is commutative and associative (its
/// contributions come in another order).
pub(crate) fn exact(statement: &Statement) -> bool {
    let Some(function) = statement.reduction else { return false };
    let reorders = crate::statement::reduction_properties(statement.compute.0, function)
        .is_ok_and(|properties| properties.commutative && properties.associative);
    reorders && statement.multiplicity.is_none() && !statement.folds_fill && statement.guards.is_empty()
}
