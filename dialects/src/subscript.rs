//! Affine subscripts (paper 003): each subscript of an access is a sum of loop
//! dimensions with positive coefficients plus a non-negative intercept, such
//! as `i + k`, `2 * i + 1` or `h + 2 * r`. Index-variable reduction relies on
//! that form, and on no dimension appearing twice in one access.

use melior::ir::{AffineExpr, AffineMap};

/// `Σ coefficient · d_dim + intercept`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subscript {
    /// `(dim, coefficient)`, in order of first appearance.
    pub terms: Vec<(usize, i64)>,
    pub intercept: i64,
}

impl Subscript {
    /// The loop dimension when the subscript is a bare `d_dim`.
    pub fn as_dim(&self) -> Option<usize> {
        match self.terms[..] {
            [(dim, 1)] if self.intercept == 0 => Some(dim),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SubscriptError {
    #[error("subscript {0} is not a sum of loop dimensions with positive coefficients and a non-negative constant")]
    NotAffine(String),
    #[error("loop dimension d{0} appears in more than one subscript of the same access")]
    RepeatedDim(usize),
}

/// Reads every result of `map` as a subscript.
pub fn subscripts(map: AffineMap) -> Result<Vec<Subscript>, SubscriptError> {
    let subscripts = (0..map.result_count()).map(|index| subscript(map.result(index).expect("in range"))).collect::<Result<Vec<_>, _>>()?;
    let mut seen = vec![false; map.dim_count()];
    for (dim, _) in subscripts.iter().flat_map(|subscript| &subscript.terms) {
        if std::mem::replace(&mut seen[*dim], true) {
            return Err(SubscriptError::RepeatedDim(*dim));
        }
    }
    Ok(subscripts)
}

fn subscript(expr: AffineExpr) -> Result<Subscript, SubscriptError> {
    let mut result = Subscript { terms: Vec::new(), intercept: 0 };
    collect(expr, &mut result).ok_or_else(|| SubscriptError::NotAffine(expr.to_string()))?;
    let valid = result.intercept >= 0 && result.terms.iter().all(|&(_, coefficient)| coefficient > 0);
    valid.then_some(result).ok_or_else(|| SubscriptError::NotAffine(expr.to_string()))
}

fn collect(expr: AffineExpr, into: &mut Subscript) -> Option<()> {
    if expr.is_dim() {
        add_term(into, expr.dim_position(), 1);
    } else if expr.is_constant() {
        into.intercept += expr.constant_value();
    } else if expr.is_add() {
        collect(expr.lhs(), into)?;
        collect(expr.rhs(), into)?;
    } else if expr.is_mul() {
        let (dim, factor) = if expr.rhs().is_constant() { (expr.lhs(), expr.rhs()) } else { (expr.rhs(), expr.lhs()) };
        if !(dim.is_dim() && factor.is_constant()) {
            return None;
        }
        add_term(into, dim.dim_position(), factor.constant_value());
    } else {
        return None;
    }
    Some(())
}

fn add_term(into: &mut Subscript, dim: usize, coefficient: i64) {
    match into.terms.iter_mut().find(|(existing, _)| *existing == dim) {
        Some((_, total)) => *total += coefficient,
        None => into.terms.push((dim, coefficient)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::ir::Attribute;

    fn read(text: &str) -> Result<Vec<Subscript>, SubscriptError> {
        let context = crate::testing::context();
        let map = crate::encoding::affine_map(Attribute::parse(&context, text).unwrap()).unwrap();
        subscripts(map)
    }

    #[test]
    fn convolution_strides_and_dilations_are_subscripts() {
        let conv = read("affine_map<(i, j, p, q) -> (i + p, j + q)>").unwrap();
        assert_eq!(conv[0].terms, vec![(0, 1), (2, 1)]);
        let dilated = read("affine_map<(h, r) -> (h + r * 2 + 1)>").unwrap();
        assert_eq!(dilated[0], Subscript { terms: vec![(0, 1), (1, 2)], intercept: 1 });
        assert_eq!(read("affine_map<(i, j) -> (j, i)>").unwrap()[0].as_dim(), Some(1));
    }

    #[test]
    fn rejects_what_reduction_cannot_handle() {
        assert!(matches!(read("affine_map<(i, j) -> (i - j)>"), Err(SubscriptError::NotAffine(_))));
        assert!(matches!(read("affine_map<(i) -> (i floordiv 2)>"), Err(SubscriptError::NotAffine(_))));
        assert!(matches!(read("affine_map<(i)[s] -> (i + s)>"), Err(SubscriptError::NotAffine(_))));
        assert_eq!(read("affine_map<(i, j) -> (i, i + j)>"), Err(SubscriptError::RepeatedDim(0)));
    }
}
