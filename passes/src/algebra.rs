//! Iteration algebra (paper 000 §5.1): where a loop must visit, as a set
//! expression over the coordinate sequences of tensor levels.
//!
//! A leaf is one level of one operand. A sparse level (compressed, singleton)
//! restricts the loop to its stored coordinates; a dense level, an operand
//! the loop does not index, or any value defined everywhere is `Full`.

use std::collections::BTreeSet;

/// One level of one operand: `(operand, level)`.
pub type Leaf = (usize, usize);

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Algebra {
    /// The stored coordinates of a sparse level.
    Sparse(Leaf),
    /// Every coordinate; `Some` when a dense level of an operand is indexed
    /// here (that level is located, not searched).
    Full(Option<Leaf>),
    Union(Vec<Algebra>),
    Intersect(Vec<Algebra>),
    /// Every coordinate not in the operand (an explicit iteration space's
    /// `¬`, paper 000 §5.1).
    Complement(Box<Algebra>),
}

/// How an expression node combines its operands' coordinate sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    /// `f(x, 0) = x`: defined where any operand is (`+`, `-`, `or`).
    Union,
    /// `f(x, 0) = 0`: defined where all operands are (`×`, `and`).
    Intersect,
    /// `f(0, y…) = 0` for every `y`: defined where its first operand is
    /// (`-x`, `tanh x`, casts).
    Preserve,
    /// `f(…, 0, …, 0) = 0` when every operand from `first` on is 0, and
    /// nothing more known: defined where any of those operands is, and
    /// computed wherever it is visited (`max`, `x < y`; `select c, x, y`
    /// from operand 1).
    Either { first: usize },
    /// Defined where operand `driving` is, the other operands read there
    /// and co-iterated when stored, since whether they are present picks
    /// what is computed (upstream's `sparse_tensor.binary` with one of its
    /// left and right regions empty).
    Guarded { driving: usize },
    /// A shift, `x << y`: `0 << y = 0` and `x << 0 = x`, so where `x`'s
    /// fill is 0 it is defined where `x` is, its amount read there and
    /// co-iterated when stored (a compressed level cannot be located);
    /// otherwise it varies where either does (`1 << y`).
    Shift,
    /// A function of its operands and nothing else, with no fill known to
    /// pass through: the same wherever its operands are at their fills, so
    /// it varies where any of them does (`exp x`, a user function's call;
    /// its fill is folded from theirs).
    Pure,
    /// Anything else may vary anywhere: an op with regions, or one that
    /// reads the coordinates.
    Everywhere,
}

impl Algebra {
    /// Flattens nested unions and intersections and drops duplicates, keeping
    /// the first occurrence's order.
    pub fn simplify(self) -> Algebra {
        match self {
            Algebra::Union(parts) => Self::flatten(parts, true),
            Algebra::Intersect(parts) => Self::flatten(parts, false),
            Algebra::Complement(inner) => match inner.simplify() {
                Algebra::Complement(twice) => *twice,
                inner => Algebra::Complement(Box::new(inner)),
            },
            leaf => leaf,
        }
    }

    /// The same set with complements on leaves only (De Morgan's laws,
    /// `¬¬a = a`; paper 000 Alg. 1).
    pub fn de_morgan(self) -> Algebra {
        match self {
            Algebra::Union(parts) => Algebra::Union(parts.into_iter().map(Algebra::de_morgan).collect()),
            Algebra::Intersect(parts) => Algebra::Intersect(parts.into_iter().map(Algebra::de_morgan).collect()),
            Algebra::Complement(inner) => match *inner {
                Algebra::Complement(twice) => twice.de_morgan(),
                Algebra::Union(parts) => {
                    Algebra::Intersect(parts.into_iter().map(|part| Algebra::Complement(Box::new(part)).de_morgan()).collect())
                }
                Algebra::Intersect(parts) => {
                    Algebra::Union(parts.into_iter().map(|part| Algebra::Complement(Box::new(part)).de_morgan()).collect())
                }
                leaf => Algebra::Complement(Box::new(leaf)),
            },
            leaf => leaf,
        }
    }

    fn flatten(parts: Vec<Algebra>, union: bool) -> Algebra {
        let mut flat: Vec<Algebra> = Vec::new();
        for part in parts.into_iter().map(Algebra::simplify) {
            let nested = match part {
                Algebra::Union(inner) if union => inner,
                Algebra::Intersect(inner) if !union => inner,
                other => vec![other],
            };
            for item in nested {
                if !flat.contains(&item) {
                    flat.push(item);
                }
            }
        }
        // Everything is the identity of an intersection.
        if !union && flat.len() > 1 {
            flat.retain(|part| *part != Algebra::Full(None));
        }
        match flat.len() {
            1 => flat.pop().expect("one part"),
            _ if union => Algebra::Union(flat),
            _ => Algebra::Intersect(flat),
        }
    }

    /// The same set where the operands `absent` names store nothing (the
    /// parts of a concatenation a loop does not read): their leaves are
    /// empty, so a union drops them, an intersection with one is empty, and
    /// a complement of one is every coordinate. `None` when it is empty.
    pub fn without(&self, absent: &dyn Fn(usize) -> bool) -> Option<Algebra> {
        match self {
            Algebra::Sparse((operand, _)) | Algebra::Full(Some((operand, _))) if absent(*operand) => None,
            Algebra::Union(parts) => {
                let parts: Vec<Algebra> = parts.iter().filter_map(|part| part.without(absent)).collect();
                (!parts.is_empty()).then(|| Algebra::Union(parts).simplify())
            }
            Algebra::Intersect(parts) => {
                let parts = parts.iter().map(|part| part.without(absent)).collect::<Option<Vec<_>>>()?;
                Some(Algebra::Intersect(parts).simplify())
            }
            Algebra::Complement(inner) => Some(match inner.without(absent) {
                Some(inner) => Algebra::Complement(Box::new(inner)),
                None => Algebra::Full(None),
            }),
            leaf => Some(leaf.clone()),
        }
    }

    /// The same expression with each complemented leaf `¬x` replaced by
    /// `replace(x)` (complements on leaves only: see [`Algebra::de_morgan`]).
    pub fn map_complements(self, replace: &dyn Fn(&Algebra) -> Algebra) -> Algebra {
        match self {
            Algebra::Union(parts) => Algebra::Union(parts.into_iter().map(|part| part.map_complements(replace)).collect()),
            Algebra::Intersect(parts) => Algebra::Intersect(parts.into_iter().map(|part| part.map_complements(replace)).collect()),
            Algebra::Complement(inner) => replace(&inner),
            leaf => leaf,
        }
    }

    /// The operands of its complements, outermost first.
    pub fn complemented(&self) -> Vec<&Algebra> {
        match self {
            Algebra::Union(parts) | Algebra::Intersect(parts) => parts.iter().flat_map(Algebra::complemented).collect(),
            Algebra::Complement(inner) => std::iter::once(inner.as_ref()).chain(inner.complemented()).collect(),
            _ => Vec::new(),
        }
    }

    /// Every leaf, sparse or dense, in order of first appearance.
    pub fn leaves(&self) -> Vec<Leaf> {
        let mut leaves = Vec::new();
        self.collect(&mut leaves);
        leaves
    }

    fn collect(&self, into: &mut Vec<Leaf>) {
        match self {
            Algebra::Sparse(leaf) | Algebra::Full(Some(leaf)) => {
                if !into.contains(leaf) {
                    into.push(*leaf);
                }
            }
            Algebra::Full(None) => {}
            Algebra::Union(parts) | Algebra::Intersect(parts) => parts.iter().for_each(|part| part.collect(into)),
            Algebra::Complement(inner) => inner.collect(into),
        }
    }

    /// Whether it is every coordinate: every part of an intersection is,
    /// or some part of a union (dense levels intersected, SDDMM's `k`).
    pub fn is_everything(&self) -> bool {
        match self {
            Algebra::Full(_) => true,
            Algebra::Intersect(parts) => parts.iter().all(Algebra::is_everything),
            Algebra::Union(parts) => parts.iter().any(Algebra::is_everything),
            Algebra::Sparse(_) | Algebra::Complement(_) => false,
        }
    }

    /// The sparse leaves.
    pub fn sparse_leaves(&self) -> BTreeSet<Leaf> {
        let mut leaves = BTreeSet::new();
        self.visit_sparse(&mut leaves);
        leaves
    }

    fn visit_sparse(&self, into: &mut BTreeSet<Leaf>) {
        match self {
            Algebra::Sparse(leaf) => {
                into.insert(*leaf);
            }
            Algebra::Full(_) => {}
            Algebra::Union(parts) | Algebra::Intersect(parts) => parts.iter().for_each(|part| part.visit_sparse(into)),
            Algebra::Complement(inner) => inner.visit_sparse(into),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flattens_and_deduplicates() {
        let a = Algebra::Sparse((0, 1));
        let b = Algebra::Sparse((1, 0));
        let nested = Algebra::Union(vec![a.clone(), Algebra::Union(vec![b.clone(), a.clone()])]);
        assert_eq!(nested.simplify(), Algebra::Union(vec![a.clone(), b.clone()]));
        assert_eq!(Algebra::Intersect(vec![a.clone(), a.clone()]).simplify(), a);
        let mixed = Algebra::Intersect(vec![a.clone(), Algebra::Full(Some((2, 0))), Algebra::Full(None)]);
        assert_eq!(mixed.clone().simplify(), Algebra::Intersect(vec![a.clone(), Algebra::Full(Some((2, 0)))]));
        assert_eq!(Algebra::Union(vec![a.clone(), Algebra::Full(None)]).simplify(), Algebra::Union(vec![a.clone(), Algebra::Full(None)]));
        assert_eq!(mixed.leaves(), vec![(0, 1), (2, 0)]);
        assert_eq!(mixed.sparse_leaves().into_iter().collect::<Vec<_>>(), vec![(0, 1)]);
    }

    #[test]
    fn everything_is_dense_levels_intersected_or_any_of_a_union() {
        let (a, dense, universe) = (Algebra::Sparse((0, 1)), Algebra::Full(Some((1, 0))), Algebra::Full(None));
        assert!(Algebra::Intersect(vec![dense.clone(), Algebra::Full(Some((2, 1)))]).is_everything());
        assert!(Algebra::Union(vec![a.clone(), universe.clone()]).is_everything());
        assert!(!Algebra::Intersect(vec![a.clone(), dense.clone()]).is_everything());
        assert!(!Algebra::Complement(Box::new(a.clone())).is_everything());
        assert!(!a.is_everything());
    }

    #[test]
    fn absent_operands_leave_the_set() {
        let (a, b, c) = (Algebra::Sparse((0, 0)), Algebra::Full(Some((1, 0))), Algebra::Sparse((2, 1)));
        let absent = |operand: usize| operand == 1;
        let union = Algebra::Union(vec![a.clone(), b.clone(), c.clone()]);
        assert_eq!(union.without(&absent), Some(Algebra::Union(vec![a.clone(), c.clone()])));
        assert_eq!(Algebra::Union(vec![b.clone()]).without(&absent), None);
        assert_eq!(
            Algebra::Intersect(vec![a.clone(), Algebra::Union(vec![b.clone(), c.clone()])]).without(&absent),
            Some(Algebra::Intersect(vec![a.clone(), c.clone()]))
        );
        assert_eq!(Algebra::Intersect(vec![a.clone(), b.clone()]).without(&absent), None);
        assert_eq!(Algebra::Complement(Box::new(b.clone())).without(&absent), Some(Algebra::Full(None)));
        assert_eq!(Algebra::Full(None).without(&absent), Some(Algebra::Full(None)));
        assert_eq!(union.without(&|_| false), Some(union.clone()));
    }

    #[test]
    fn de_morgan_moves_complements_to_leaves() {
        let (a, b) = (Algebra::Sparse((0, 0)), Algebra::Sparse((1, 0)));
        let not = |x: &Algebra| Algebra::Complement(Box::new(x.clone()));
        // xor: (a ∪ b) ∩ ¬(a ∩ b) = (a ∪ b) ∩ (¬a ∪ ¬b).
        let xor =
            Algebra::Intersect(vec![Algebra::Union(vec![a.clone(), b.clone()]), not(&Algebra::Intersect(vec![a.clone(), b.clone()]))]);
        assert_eq!(
            xor.de_morgan(),
            Algebra::Intersect(vec![Algebra::Union(vec![a.clone(), b.clone()]), Algebra::Union(vec![not(&a), not(&b)])])
        );
        assert_eq!(not(&not(&a)).de_morgan(), a);
        assert_eq!(not(&Algebra::Union(vec![a.clone(), not(&b)])).de_morgan(), Algebra::Intersect(vec![not(&a), b.clone()]));
        assert_eq!(not(&not(&a)).simplify(), a);
    }
}
