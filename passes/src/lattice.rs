//! Merge lattices (TACO; paper 000 §6): the regions of a loop's iteration
//! space, and the drop-out loops that visit them.
//!
//! Every leaf of the loop's algebra is an iterator: a sparse level, a dense
//! level, or the universe. A lattice point is the set of iterators present in
//! one region. `a × b` gives the conjunction of the operands' points; `a + b`
//! gives the conjunction, then the points of `a`, then those of `b`.
//!
//! Each point in turn is one loop (paper 001's `while`), which runs until one
//! of its drivers runs out and then hands over to the next point; its
//! switch cases are the points it contains, most specific first. A sparse
//! iterator that can be located (a bytemap, a band, a hash level) and that
//! every region of its loops needs does not drive: the loop visits the other
//! drivers' coordinates and locates it there, which costs a lookup per
//! coordinate instead of a merge with its whole list.

use crate::algebra::{Algebra, Leaf};
use std::collections::BTreeSet;

/// One iterator of a loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum LevelIterator {
    /// A stored level: only its coordinates are visited.
    Sparse(Leaf),
    /// A dense level: every coordinate, located by arithmetic.
    Dense(Leaf),
    /// Every coordinate, with no tensor behind it.
    Universe,
}

impl LevelIterator {
    pub fn is_sparse(self) -> bool {
        matches!(self, LevelIterator::Sparse(_))
    }
}

/// The iterators present in one region.
pub type Point = BTreeSet<LevelIterator>;

/// The most points a lattice may have. Each point is a loop and each of its
/// subsets a case, so code grows with their product: a union of more than
/// six sparse operands in one loop is refused rather than emitted (3^6 cases).
pub const MAX_POINTS: usize = 64;

/// A lattice with more than [`MAX_POINTS`] points.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the loop's merge lattice would have more than {MAX_POINTS} points (one loop each); split the statement so that fewer sparse operands are combined in one loop")]
pub struct TooManyPoints;

/// The lattice of `algebra`: its points, the first one holding every iterator.
pub fn lattice(algebra: &Algebra) -> Result<Vec<Point>, TooManyPoints> {
    let points = build(algebra)?;
    // A dense iterator is present at every coordinate, so every region holds
    // all of them: `{u}` of `(a × b) + u`, with `b` dense, is the region
    // `{b, u}` where `a` is absent, visited in the dense loop. (The top point
    // holds every iterator of the algebra.)
    let dense: Vec<LevelIterator> = points[0].iter().copied().filter(|iterator| !iterator.is_sparse()).collect();
    let mut closed: Vec<Point> = Vec::new();
    for point in points {
        let point: Point = point.into_iter().chain(dense.iter().copied()).collect();
        if !closed.contains(&point) {
            closed.push(point);
        }
    }
    Ok(closed)
}

fn build(algebra: &Algebra) -> Result<Vec<Point>, TooManyPoints> {
    Ok(match algebra {
        Algebra::Sparse(leaf) => vec![Point::from([LevelIterator::Sparse(*leaf)])],
        Algebra::Full(Some(leaf)) => vec![Point::from([LevelIterator::Dense(*leaf)])],
        Algebra::Full(None) => vec![Point::from([LevelIterator::Universe])],
        Algebra::Intersect(parts) => {
            let mut points: Option<Vec<Point>> = None;
            for part in parts {
                let right = build(part)?;
                points = Some(match points {
                    Some(left) => conjunction(&left, &right)?,
                    None => right,
                });
            }
            points.unwrap_or_default()
        }
        Algebra::Union(parts) => {
            let mut points: Option<Vec<Point>> = None;
            for part in parts {
                let right = build(part)?;
                points = Some(match points {
                    Some(left) => {
                        let mut points = conjunction(&left, &right)?;
                        for point in left.into_iter().chain(right) {
                            if !points.contains(&point) {
                                points.push(point);
                            }
                        }
                        bounded(points)?
                    }
                    None => right,
                });
            }
            points.unwrap_or_default()
        }
    })
}

fn conjunction(left: &[Point], right: &[Point]) -> Result<Vec<Point>, TooManyPoints> {
    let mut points: Vec<Point> = Vec::new();
    for l in left {
        for r in right {
            let point: Point = l.union(r).copied().collect();
            if !points.contains(&point) {
                if points.len() == MAX_POINTS {
                    return Err(TooManyPoints);
                }
                points.push(point);
            }
        }
    }
    Ok(points)
}

fn bounded(points: Vec<Point>) -> Result<Vec<Point>, TooManyPoints> {
    if points.len() > MAX_POINTS {
        Err(TooManyPoints)
    } else {
        Ok(points)
    }
}

/// How one point of a lattice is iterated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopPlan {
    pub point: Point,
    /// The iterators that advance the loop; the loop ends when one runs out.
    pub drivers: Vec<LevelIterator>,
    /// The iterators located at the drivers' coordinate: the dense ones,
    /// and sparse ones that can be located and that every case needs (the
    /// loop body runs only where those store the coordinate).
    pub located: Vec<LevelIterator>,
    /// The regions inside this loop, most specific first.
    pub cases: Vec<Point>,
}

/// The loops that visit every region of `lattice`, in order; `locatable`
/// says which sparse leaves can be located.
pub fn plan(lattice: &[Point], locatable: impl Fn(Leaf) -> bool) -> Vec<LoopPlan> {
    let cases_of = |point: &Point| {
        let mut cases: Vec<Point> = lattice.iter().filter(|case| case.is_subset(point)).cloned().collect();
        cases.sort_by_key(|case| std::cmp::Reverse(case.len()));
        cases
    };
    // Sparse iterators located instead of driving, chosen once for the whole
    // lattice (one located in a loop never drives a later one from its
    // start). In every loop of such an iterator, every case must need it and
    // must also need a driver: the loop visits only the drivers' coordinates.
    let allowed = |located: &BTreeSet<LevelIterator>| {
        lattice.iter().filter(|point| !point.is_disjoint(located)).all(|point| {
            cases_of(point).iter().all(|case| {
                point.intersection(located).all(|iterator| case.contains(iterator))
                    && case.iter().any(|iterator| iterator.is_sparse() && !located.contains(iterator))
            })
        })
    };
    let mut located_sparse = BTreeSet::new();
    for &iterator in lattice.first().into_iter().flatten() {
        let LevelIterator::Sparse(leaf) = iterator else { continue };
        let mut trial = located_sparse.clone();
        trial.insert(iterator);
        if locatable(leaf) && allowed(&trial) {
            located_sparse = trial;
        }
    }
    lattice
        .iter()
        .map(|point| {
            let cases = cases_of(point);
            // A region with no sparse iterator needs every coordinate, so one
            // dense iterator must drive; otherwise dense ones are located.
            let dense_region = cases.iter().any(|case| !case.iter().any(|iterator| iterator.is_sparse()));
            let drives = |iterator: &LevelIterator| iterator.is_sparse() && !located_sparse.contains(iterator);
            let mut drivers: Vec<LevelIterator> = point.iter().copied().filter(drives).collect();
            let mut located: Vec<LevelIterator> = point.iter().copied().filter(|iterator| !drives(iterator)).collect();
            if dense_region || drivers.is_empty() {
                let driver = located.iter().position(|iterator| matches!(iterator, LevelIterator::Dense(_))).unwrap_or(0);
                drivers.insert(0, located.remove(driver));
            }
            LoopPlan { point: point.clone(), drivers, located, cases }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use LevelIterator::*;

    const A: Leaf = (0, 0);
    const B: Leaf = (1, 0);
    const C: Leaf = (2, 0);

    fn point(iterators: &[LevelIterator]) -> Point {
        iterators.iter().copied().collect()
    }

    #[test]
    fn sparse_addition_has_three_regions_and_three_loops() {
        let lattice = lattice(&Algebra::Union(vec![Algebra::Sparse(A), Algebra::Sparse(B)])).unwrap();
        assert_eq!(lattice, vec![point(&[Sparse(A), Sparse(B)]), point(&[Sparse(A)]), point(&[Sparse(B)])]);
        let plans = plan(&lattice, |_| false);
        assert_eq!(plans[0].drivers, vec![Sparse(A), Sparse(B)]);
        assert_eq!(plans[0].cases.len(), 3);
        assert_eq!(plans[1].cases, vec![point(&[Sparse(A)])]);
    }

    #[test]
    fn multiplication_locates_dense_operands() {
        let lattice = lattice(&Algebra::Intersect(vec![Algebra::Sparse(A), Algebra::Full(Some(B))])).unwrap();
        let plans = plan(&lattice, |_| false);
        assert_eq!(plans.len(), 1);
        assert_eq!((plans[0].drivers.clone(), plans[0].located.clone()), (vec![Sparse(A)], vec![Dense(B)]));
    }

    #[test]
    fn dense_plus_sparse_iterates_densely_and_never_drops_out_to_sparse_only() {
        let lattice = lattice(&Algebra::Union(vec![Algebra::Full(Some(A)), Algebra::Sparse(B)])).unwrap();
        assert_eq!(lattice, vec![point(&[Dense(A), Sparse(B)]), point(&[Dense(A)])]);
        let plans = plan(&lattice, |_| false);
        assert_eq!(plans[0].drivers, vec![Dense(A), Sparse(B)]);
        assert_eq!(plans[1].drivers, vec![Dense(A)]);
    }

    #[test]
    fn a_region_without_sparse_iterators_keeps_the_dense_ones_and_is_visited() {
        // (a × b) + u with b dense: where a is absent, b and u still are.
        let algebra = Algebra::Union(vec![Algebra::Intersect(vec![Algebra::Sparse(A), Algebra::Full(Some(B))]), Algebra::Full(None)]);
        let lattice = lattice(&algebra).unwrap();
        assert_eq!(lattice, vec![point(&[Sparse(A), Dense(B), Universe]), point(&[Dense(B), Universe])]);
        let plans = plan(&lattice, |_| false);
        assert_eq!((plans[0].drivers.clone(), plans[0].located.clone()), (vec![Dense(B), Sparse(A)], vec![Universe]));
        assert_eq!(plans[0].cases.len(), 2);
    }

    #[test]
    fn sampled_product_regions() {
        // (b + c) × d: regions {b,c,d}, {b,d}, {c,d}.
        let algebra = Algebra::Intersect(vec![Algebra::Union(vec![Algebra::Sparse(A), Algebra::Sparse(B)]), Algebra::Sparse(C)]);
        let lattice = lattice(&algebra).unwrap();
        assert_eq!(
            lattice,
            vec![point(&[Sparse(A), Sparse(B), Sparse(C)]), point(&[Sparse(A), Sparse(C)]), point(&[Sparse(B), Sparse(C)])]
        );
    }

    const D: Leaf = (3, 0);

    /// A and D can be located (bytemaps, say); B and C cannot.
    fn locatable(leaf: Leaf) -> bool {
        leaf == A || leaf == D
    }

    #[test]
    fn a_locatable_factor_of_a_product_is_located_where_another_drives() {
        let plans = plan(&lattice(&Algebra::Intersect(vec![Algebra::Sparse(A), Algebra::Sparse(B)])).unwrap(), locatable);
        assert_eq!((plans[0].drivers.clone(), plans[0].located.clone()), (vec![Sparse(B)], vec![Sparse(A)]));
        // Of two locatable factors, the first is located and the other drives.
        let plans = plan(&lattice(&Algebra::Intersect(vec![Algebra::Sparse(A), Algebra::Sparse(D)])).unwrap(), locatable);
        assert_eq!((plans[0].drivers.clone(), plans[0].located.clone()), (vec![Sparse(D)], vec![Sparse(A)]));
    }

    #[test]
    fn a_locatable_factor_of_a_sum_is_located_in_every_loop() {
        // a × (b + c): every region needs a, and b or c drives each loop.
        let algebra = Algebra::Intersect(vec![Algebra::Sparse(A), Algebra::Union(vec![Algebra::Sparse(B), Algebra::Sparse(C)])]);
        let plans = plan(&lattice(&algebra).unwrap(), locatable);
        assert_eq!(plans.len(), 3);
        for plan in &plans {
            assert!(plan.located.contains(&Sparse(A)) && !plan.drivers.contains(&Sparse(A)));
        }
        assert_eq!(plans[0].drivers, vec![Sparse(B), Sparse(C)]);
    }

    #[test]
    fn a_locatable_term_of_a_sum_drives() {
        // a + b: the region of a alone has no other driver.
        let plans = plan(&lattice(&Algebra::Union(vec![Algebra::Sparse(A), Algebra::Sparse(B)])).unwrap(), locatable);
        assert!(plans.iter().all(|plan| !plan.located.contains(&Sparse(A))));
        // a + a × b: the region {a} is inside the loop of {a, b}.
        let algebra = Algebra::Union(vec![Algebra::Sparse(A), Algebra::Intersect(vec![Algebra::Sparse(A), Algebra::Sparse(B)])]);
        let plans = plan(&lattice(&algebra).unwrap(), locatable);
        assert_eq!(plans[0].drivers, vec![Sparse(A), Sparse(B)]);
        // (a × b) + c: the region {c} does not need a.
        let algebra = Algebra::Union(vec![Algebra::Intersect(vec![Algebra::Sparse(A), Algebra::Sparse(B)]), Algebra::Sparse(C)]);
        let plans = plan(&lattice(&algebra).unwrap(), locatable);
        assert!(plans[0].drivers.contains(&Sparse(A)));
        assert!(plans[1..].iter().all(|plan| !plan.located.contains(&Sparse(A))));
    }

    #[test]
    fn a_locatable_factor_with_a_dense_one_drives() {
        // a × b with b dense: a's list is shorter than b's coordinates.
        let lattice = lattice(&Algebra::Intersect(vec![Algebra::Sparse(A), Algebra::Full(Some(B))])).unwrap();
        let plans = plan(&lattice, locatable);
        assert_eq!((plans[0].drivers.clone(), plans[0].located.clone()), (vec![Sparse(A)], vec![Dense(B)]));
    }

    #[test]
    fn lattices_are_bounded() {
        // A union of n sparse operands has 2^n - 1 points: 63 fit, 127 do not.
        let union = |n: usize| Algebra::Union((0..n).map(|k| Algebra::Sparse((k, 0))).collect());
        assert_eq!(lattice(&union(6)).unwrap().len(), 63);
        assert_eq!(lattice(&union(7)), Err(TooManyPoints));
        assert_eq!(lattice(&union(40)), Err(TooManyPoints));
    }
}
