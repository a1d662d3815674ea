//! Merge lattices (TACO; paper 000 §6): the regions of a loop's iteration
//! space, and the drop-out loops that visit them.
//!
//! Every leaf of the loop's algebra is an iterator: a sparse level, a dense
//! level, or the universe. A lattice point is the set of iterators present in
//! one region, and whether the region computes (a producer) or must not (an
//! omitter, from a complement: paper 000 §6.2). The construction is the
//! paper's Algorithm 1: complements are pushed to the leaves, a leaf is one
//! producer point, `¬t` is the omitter `{t, U}` above the producer `{U}`,
//! and `∩` and `∪` take the Cartesian product of their operands' points (a
//! producer when both are, for `∩`, when either is, for `∪`), `∪` adding
//! its operands' own points; a region found twice is an omitter under `∩`
//! and a producer under `∪`. The universe drops out of a region intersected
//! with a real iterator (`t ∩ U = t`). Omitters that dominate no producer
//! are then pruned: they are regions nothing visits.
//!
//! A point names the iterators present in its region and says nothing of
//! the others: within a loop, a case is taken where its iterators sit on
//! the coordinate and no earlier case matched (TACO's reading). So the
//! paper's filtered product, which reads a point as excluding the other
//! iterators of its lattice's top, is not taken: `{U}` of `(a ∩ b) ∪ U`
//! covers `a` alone, and the product with `a ∪ b` must keep `{a}`. Where
//! the plain product pairs points of different regions, the precedence
//! rules settle the kind.
//!
//! Each point in turn is one loop (paper 001's `while`), which runs until one
//! of its drivers runs out and then hands over to the next point; its
//! switch cases are the points it contains, most specific first, an omitter
//! case computing nothing. A sparse
//! iterator that can be located (a bytemap, a band, a hash level) and that
//! every region of its loops needs does not drive: the loop visits the other
//! drivers' coordinates and locates it there, which costs a lookup per
//! coordinate instead of a merge with its whole list.
//!
//! A union of many sparse operands need not be split into its 2^k − 1
//! regions: one k-way merge loop ([`merge_plan`]) visits every coordinate
//! any of them stores, until at most one has positions left (a loop for
//! each one alone finishes it: [`merge_tails`]), and computes the whole body
//! there, each operand absent at the coordinate read as its fill (and
//! holding nothing in the levels below it), so the code grows with k
//! instead of 3^k. Where that body computes what each
//! region's case would is the lowering's to decide (`sig-lower-lattices`).

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

/// A region of a lattice and whether it computes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LatticePoint {
    pub iterators: Point,
    /// A producer computes the body; an omitter must not.
    pub producer: bool,
}

impl LatticePoint {
    fn new(iterators: impl IntoIterator<Item = LevelIterator>, producer: bool) -> Self {
        Self { iterators: iterators.into_iter().collect(), producer }
    }
}

/// The most points a lattice may have. Each point is a loop and each of its
/// subsets a case, so code grows with their product: a union of more than
/// six sparse operands in one loop is refused rather than emitted (3^6 cases).
pub const MAX_POINTS: usize = 64;

/// A lattice with more than [`MAX_POINTS`] points.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the loop's merge lattice would have more than {MAX_POINTS} points (one loop each); split the statement so that fewer sparse operands are combined in one loop")]
pub struct TooManyPoints;

/// The lattice of `algebra`: its points, the first one holding every
/// iterator; none when the algebra's set is empty.
pub fn lattice(algebra: &Algebra) -> Result<Vec<LatticePoint>, TooManyPoints> {
    // Pruned once the kinds are settled: a top point the products made an
    // omitter, with every point below it, would be dropped before.
    let points = build(&algebra.clone().de_morgan())?;
    let Some(top) = points.first() else { return Ok(Vec::new()) };
    // A dense iterator is present at every coordinate, so every region holds
    // all of them: `{u}` of `(a × b) + u`, with `b` dense, is the region
    // `{b, u}` where `a` is absent, visited in the dense loop. (The top point
    // holds every iterator of the algebra.) A region that lacked one is
    // another name for the region that has it, which decides its kind.
    let dense: Vec<LevelIterator> = top.iterators.iter().copied().filter(|iterator| !iterator.is_sparse()).collect();
    let whole = |point: &LatticePoint| dense.iter().all(|iterator| point.iterators.contains(iterator));
    let mut closed: Vec<LatticePoint> = points.iter().filter(|point| whole(point)).cloned().collect();
    for point in points.iter().filter(|point| !whole(point)) {
        let iterators: Point = point.iterators.iter().chain(&dense).copied().collect();
        if !closed.iter().any(|other| other.iterators == iterators) {
            closed.push(LatticePoint { iterators, producer: point.producer });
        }
    }
    // In construction order, but every point before the points it contains
    // (a drop-out loop hands on to the loops of smaller regions).
    let mut ordered: Vec<LatticePoint> = Vec::with_capacity(closed.len());
    for point in closed {
        insert_ordered(&mut ordered, point);
    }
    // Without a complement every point produces and the products are exact.
    if !algebra.complemented().is_empty() {
        settle_kinds(algebra, &mut ordered)?;
    }
    Ok(prune(ordered))
}

/// The most sparse iterators of a point whose sets of present iterators
/// [`settle_kinds`] checks one by one (2^n of them): a point holding more
/// keeps the kinds its cases have.
const MOST_CHECKED_ITERATORS: usize = 12;

/// The cases of the loop of `point`: the points it contains, most specific
/// (most iterators) first, in lattice order among equals. A case is taken
/// where its iterators sit on the coordinate and no earlier case matched.
fn cases_of(lattice: &[LatticePoint], point: &Point) -> Vec<LatticePoint> {
    let mut cases: Vec<LatticePoint> = lattice.iter().filter(|case| case.iterators.is_subset(point)).cloned().collect();
    cases.sort_by_key(|case| std::cmp::Reverse(case.iterators.len()));
    cases
}

/// The points without the omitters that dominate no producer: regions no
/// loop computes anything in.
fn prune(points: Vec<LatticePoint>) -> Vec<LatticePoint> {
    let producers: Vec<Point> = points.iter().filter(|point| point.producer).map(|point| point.iterators.clone()).collect();
    points.into_iter().filter(|point| point.producer || producers.iter().any(|producer| producer.is_subset(&point.iterators))).collect()
}

/// Puts `point` before the first point it contains.
fn insert_ordered(ordered: &mut Vec<LatticePoint>, point: LatticePoint) {
    let at = ordered.iter().position(|other| other.iterators.is_subset(&point.iterators)).unwrap_or(ordered.len());
    ordered.insert(at, point);
}

/// Makes every region that a loop's cases visit compute exactly where
/// `algebra` holds. The products' precedence rules may settle a region's
/// kind against the set (a region of `(a ∩ ¬b) ∪ c` met again under
/// `¬a ∪ b ∪ ¬c`: every iterator present is inside both, yet it came out
/// an omitter), and a region no point names is taken by the first case it
/// contains, whose kind may differ from its own. Each point's kind is the
/// algebra evaluated where exactly its iterators are present; where the
/// iterators present at a coordinate of a loop, `s`, would take a case of
/// another kind, `s` becomes a point of its own (checked for points of at
/// most [`MOST_CHECKED_ITERATORS`] sparse iterators).
fn settle_kinds(algebra: &Algebra, ordered: &mut Vec<LatticePoint>) -> Result<(), TooManyPoints> {
    loop {
        for point in ordered.iter_mut() {
            point.producer = holds(algebra, &point.iterators);
        }
        let Some(missing) = ordered.iter().find_map(|top| region_taken_wrongly(algebra, top, ordered)) else { return Ok(()) };
        if ordered.len() == MAX_POINTS {
            return Err(TooManyPoints);
        }
        let producer = holds(algebra, &missing);
        insert_ordered(ordered, LatticePoint { iterators: missing, producer });
    }
}

/// A set of iterators that may be present at once at a coordinate of
/// `top`'s loop (some of its sparse iterators, all of the others) where
/// the loop's first case it contains, or none, computes otherwise than
/// `algebra` says there.
fn region_taken_wrongly(algebra: &Algebra, top: &LatticePoint, ordered: &[LatticePoint]) -> Option<Point> {
    let sparse: Vec<LevelIterator> = top.iterators.iter().copied().filter(|iterator| iterator.is_sparse()).collect();
    if sparse.len() > MOST_CHECKED_ITERATORS {
        return None;
    }
    let always: Point = top.iterators.iter().copied().filter(|iterator| !iterator.is_sparse()).collect();
    let cases = cases_of(ordered, &top.iterators);
    (1u32..1 << sparse.len()).find_map(|mask| {
        let present: Point =
            sparse.iter().enumerate().filter(|(bit, _)| mask >> bit & 1 == 1).map(|(_, &it)| it).chain(always.iter().copied()).collect();
        let taken = cases.iter().find(|case| case.iterators.is_subset(&present));
        (taken.is_some_and(|case| case.producer) != holds(algebra, &present)).then_some(present)
    })
}

/// Whether `algebra`'s set holds where exactly the sparse iterators of
/// `present` are (dense levels and the universe are everywhere).
fn holds(algebra: &Algebra, present: &Point) -> bool {
    match algebra {
        Algebra::Sparse(leaf) => present.contains(&LevelIterator::Sparse(*leaf)),
        Algebra::Full(_) => true,
        Algebra::Union(parts) => parts.iter().any(|part| holds(part, present)),
        Algebra::Intersect(parts) => parts.iter().all(|part| holds(part, present)),
        Algebra::Complement(inner) => !holds(inner, present),
    }
}

fn build(algebra: &Algebra) -> Result<Vec<LatticePoint>, TooManyPoints> {
    Ok(match algebra {
        Algebra::Sparse(leaf) => vec![LatticePoint::new([LevelIterator::Sparse(*leaf)], true)],
        Algebra::Full(Some(leaf)) => vec![LatticePoint::new([LevelIterator::Dense(*leaf)], true)],
        Algebra::Full(None) => vec![LatticePoint::new([LevelIterator::Universe], true)],
        // Where `t` is, nothing is computed; everywhere else, the universe.
        Algebra::Complement(inner) => match **inner {
            Algebra::Sparse(leaf) => vec![
                LatticePoint::new([LevelIterator::Sparse(leaf), LevelIterator::Universe], false),
                LatticePoint::new([LevelIterator::Universe], true),
            ],
            // A dense level or the universe is everywhere: its complement is empty.
            _ => Vec::new(),
        },
        Algebra::Intersect(parts) => {
            let mut points: Option<Vec<LatticePoint>> = None;
            for part in parts {
                let right = build(part)?;
                points = Some(match points {
                    Some(left) => intersection(&left, &right)?,
                    None => right,
                });
            }
            points.unwrap_or_default()
        }
        Algebra::Union(parts) => {
            // Dense levels are at every coordinate: their union is one
            // region holding them all (the regions holding only some of
            // them are other names for it), not 2^d − 1.
            let dense: Point = parts
                .iter()
                .filter_map(|part| match part {
                    Algebra::Full(Some(leaf)) => Some(LevelIterator::Dense(*leaf)),
                    _ => None,
                })
                .collect();
            let mut points: Option<Vec<LatticePoint>> = (!dense.is_empty()).then(|| vec![LatticePoint::new(dense, true)]);
            for part in parts.iter().filter(|part| !matches!(part, Algebra::Full(Some(_)))) {
                let right = build(part)?;
                points = Some(match points {
                    Some(left) => union(&left, &right)?,
                    None => right,
                });
            }
            points.unwrap_or_default()
        }
    })
}

/// Adds `point`, or settles a region found twice: `producer_wins` for a
/// union, the omitter for an intersection.
fn add(points: &mut Vec<LatticePoint>, point: LatticePoint, producer_wins: bool) -> Result<(), TooManyPoints> {
    if let Some(other) = points.iter_mut().find(|other| other.iterators == point.iterators) {
        other.producer = if producer_wins { other.producer || point.producer } else { other.producer && point.producer };
    } else if points.len() == MAX_POINTS {
        return Err(TooManyPoints);
    } else {
        points.push(point);
    }
    Ok(())
}

/// TACO's correction of point kinds: a region both operands have as a
/// producer (an omitter) is one in the result.
fn agree_with_operands(points: &mut [LatticePoint], left: &[LatticePoint], right: &[LatticePoint], producer: bool) {
    let has = |side: &[LatticePoint], point: &LatticePoint| side.iter().any(|p| p.iterators == point.iterators && p.producer == producer);
    for point in points.iter_mut() {
        if has(left, point) && has(right, point) {
            point.producer = producer;
        }
    }
}

fn intersection(left: &[LatticePoint], right: &[LatticePoint]) -> Result<Vec<LatticePoint>, TooManyPoints> {
    let mut points = Vec::new();
    for (l, r) in left.iter().flat_map(|l| right.iter().map(move |r| (l, r))) {
        let mut iterators: Point = l.iterators.union(&r.iterators).copied().collect();
        // `t ∩ U = t`: the universe of one side drops out where the other
        // side's region has a real iterator and no universe.
        let universe = |point: &LatticePoint| point.iterators.contains(&LevelIterator::Universe);
        let real = |point: &LatticePoint| point.iterators.iter().any(|iterator| *iterator != LevelIterator::Universe);
        if (universe(l) && !universe(r) && real(r)) || (universe(r) && !universe(l) && real(l)) {
            iterators.remove(&LevelIterator::Universe);
        }
        add(&mut points, LatticePoint { iterators, producer: l.producer && r.producer }, false)?;
    }
    agree_with_operands(&mut points, left, right, true);
    Ok(points)
}

fn union(left: &[LatticePoint], right: &[LatticePoint]) -> Result<Vec<LatticePoint>, TooManyPoints> {
    let mut points = Vec::new();
    for (l, r) in left.iter().flat_map(|l| right.iter().map(move |r| (l, r))) {
        let iterators: Point = l.iterators.union(&r.iterators).copied().collect();
        add(&mut points, LatticePoint { iterators, producer: l.producer || r.producer }, true)?;
    }
    for point in left.iter().chain(right) {
        add(&mut points, point.clone(), true)?;
    }
    agree_with_operands(&mut points, left, right, false);
    Ok(points)
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
    /// The regions inside this loop, most specific first; an omitter
    /// computes nothing.
    pub cases: Vec<LatticePoint>,
    /// A k-way merge: the loop runs until at most one driver has positions
    /// left ([`merge_tails`] finish it), and its one case, the whole body,
    /// reads each driver absent at the coordinate as its fill.
    pub merge: bool,
}

/// The loops that visit every region of `lattice`, in order; `locatable`
/// says which sparse leaves can be located.
pub fn plan(lattice: &[LatticePoint], locatable: impl Fn(Leaf) -> bool) -> Vec<LoopPlan> {
    let cases_of = |point: &Point| cases_of(lattice, point);
    // Sparse iterators located instead of driving, chosen once for the whole
    // lattice (one located in a loop never drives a later one from its
    // start). In every loop of such an iterator, every case must need it and
    // must also need a driver: the loop visits only the drivers' coordinates.
    let allowed = |located: &BTreeSet<LevelIterator>| {
        lattice.iter().map(|point| &point.iterators).filter(|point| !point.is_disjoint(located)).all(|point| {
            cases_of(point).iter().all(|case| {
                point.intersection(located).all(|iterator| case.iterators.contains(iterator))
                    && case.iterators.iter().any(|iterator| iterator.is_sparse() && !located.contains(iterator))
            })
        })
    };
    let mut located_sparse = BTreeSet::new();
    for &iterator in lattice.first().into_iter().flat_map(|point| &point.iterators) {
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
            let point = &point.iterators;
            let cases = cases_of(point);
            // A region with no sparse iterator needs every coordinate, so one
            // dense iterator (or the universe) must drive; otherwise dense
            // ones are located.
            let dense_region = cases.iter().any(|case| !case.iterators.iter().any(|iterator| iterator.is_sparse()));
            let drives = |iterator: &LevelIterator| iterator.is_sparse() && !located_sparse.contains(iterator);
            let mut drivers: Vec<LevelIterator> = point.iter().copied().filter(drives).collect();
            let mut located: Vec<LevelIterator> = point.iter().copied().filter(|iterator| !drives(iterator)).collect();
            if dense_region || drivers.is_empty() {
                let driver = located.iter().position(|iterator| !iterator.is_sparse()).unwrap_or(0);
                drivers.insert(0, located.remove(driver));
            }
            LoopPlan { point: point.clone(), drivers, located, cases, merge: false }
        })
        .collect()
}

/// The fewest operands a union merges in one k-way merge loop rather than
/// in the drop-out loops of its lattice, whose loops specialized to fewer
/// operands run faster but whose code grows as 3^k.
pub const MERGE_OPERANDS: usize = 3;

/// One k-way merge loop for `algebra`, when it is a union of at least
/// [`MERGE_OPERANDS`] sparse leaves (nested unions flattened) that
/// `mergeable` accepts; `None` otherwise.
pub fn merge_plan(algebra: &Algebra, mergeable: impl Fn(Leaf) -> bool) -> Option<LoopPlan> {
    fn leaves(algebra: &Algebra, into: &mut Vec<Leaf>) -> bool {
        match algebra {
            Algebra::Sparse(leaf) => {
                into.push(*leaf);
                true
            }
            Algebra::Union(parts) => parts.iter().all(|part| leaves(part, into)),
            _ => false,
        }
    }
    let mut found = Vec::new();
    if !leaves(algebra, &mut found) {
        return None;
    }
    let point: Point = found.iter().map(|&leaf| LevelIterator::Sparse(leaf)).collect();
    if point.len() < MERGE_OPERANDS || !found.into_iter().all(mergeable) {
        return None;
    }
    let drivers: Vec<LevelIterator> = point.iter().copied().collect();
    let cases = vec![LatticePoint { iterators: point.clone(), producer: true }];
    Some(LoopPlan { point, drivers, located: Vec::new(), cases, merge: true })
}

/// The loops after a k-way `merge` that stops where at most one driver
/// has positions left: one for each driver alone, which finishes that
/// one's positions (the others have none left then). In a union every
/// region is a producer.
pub fn merge_tails(merge: &LoopPlan) -> Vec<LoopPlan> {
    merge
        .drivers
        .iter()
        .map(|&driver| {
            let point: Point = std::iter::once(driver).collect();
            let cases = vec![LatticePoint { iterators: point.clone(), producer: true }];
            LoopPlan { point, drivers: vec![driver], located: Vec::new(), cases, merge: false }
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

    /// The regions of `points`, whatever their kinds.
    fn regions(points: &[LatticePoint]) -> Vec<Point> {
        points.iter().map(|point| point.iterators.clone()).collect()
    }

    /// `points` as (region, producer) pairs.
    fn kinds(points: &[LatticePoint]) -> Vec<(Point, bool)> {
        points.iter().map(|point| (point.iterators.clone(), point.producer)).collect()
    }

    fn not(algebra: Algebra) -> Algebra {
        Algebra::Complement(Box::new(algebra))
    }

    #[test]
    fn a_merge_is_finished_by_a_loop_for_each_operand_alone() {
        let union = Algebra::Union([A, B, C].iter().map(|&leaf| Algebra::Sparse(leaf)).collect());
        let merge = merge_plan(&union, |_| true).unwrap();
        let tails = merge_tails(&merge);
        assert_eq!(tails.len(), 3);
        for (tail, leaf) in tails.iter().zip([A, B, C]) {
            assert_eq!(tail.drivers, vec![Sparse(leaf)]);
            assert_eq!(regions(&tail.cases), vec![point(&[Sparse(leaf)])]);
            assert!(tail.cases[0].producer && !tail.merge && tail.located.is_empty());
        }
    }

    #[test]
    fn sparse_addition_has_three_regions_and_three_loops() {
        let lattice = lattice(&Algebra::Union(vec![Algebra::Sparse(A), Algebra::Sparse(B)])).unwrap();
        assert_eq!(regions(&lattice), vec![point(&[Sparse(A), Sparse(B)]), point(&[Sparse(A)]), point(&[Sparse(B)])]);
        let plans = plan(&lattice, |_| false);
        assert_eq!(plans[0].drivers, vec![Sparse(A), Sparse(B)]);
        assert_eq!(plans[0].cases.len(), 3);
        assert_eq!(regions(&plans[1].cases), vec![point(&[Sparse(A)])]);
    }

    #[test]
    fn a_union_of_many_sparse_operands_is_one_merge_loop() {
        const D: Leaf = (3, 0);
        let union = |leaves: &[Leaf]| Algebra::Union(leaves.iter().map(|&leaf| Algebra::Sparse(leaf)).collect());
        let merge = merge_plan(&Algebra::Union(vec![union(&[A, B]), union(&[C, D])]), |_| true).unwrap();
        assert!(merge.merge);
        assert_eq!(merge.drivers, vec![Sparse(A), Sparse(B), Sparse(C), Sparse(D)]);
        assert!(merge.located.is_empty());
        assert_eq!(kinds(&merge.cases), vec![(point(&[Sparse(A), Sparse(B), Sparse(C), Sparse(D)]), true)]);
        // Too few operands, one the predicate refuses, an intersection, a
        // dense operand or a complement: the lattice's loops.
        assert_eq!(merge_plan(&union(&[A, B]), |_| true), None);
        assert_eq!(merge_plan(&union(&[A, B, C]), |leaf| leaf != B), None);
        let refused = [
            Algebra::Union(vec![union(&[A, B]), Algebra::Intersect(vec![Algebra::Sparse(C), Algebra::Sparse(D)])]),
            Algebra::Union(vec![union(&[A, B, C]), Algebra::Full(Some(D))]),
            Algebra::Union(vec![union(&[A, B, C]), not(Algebra::Sparse(D))]),
        ];
        for algebra in refused {
            assert_eq!(merge_plan(&algebra, |_| true), None, "{algebra:?}");
        }
        // The drop-out loops never merge.
        let three = lattice(&union(&[A, B, C])).unwrap();
        assert!(plan(&three, |_| false).iter().all(|loop_plan| !loop_plan.merge));
    }

    #[test]
    fn a_union_of_dense_levels_is_one_region() {
        let dense = |count: usize| (0..count).map(|tensor| Algebra::Full(Some((tensor, 0)))).collect::<Vec<_>>();
        let all = |count: usize| (0..count).map(|tensor| Dense((tensor, 0))).collect::<Vec<_>>();
        let only_dense = lattice(&Algebra::Union(dense(8))).unwrap();
        assert_eq!(kinds(&only_dense), vec![(point(&all(8)), true)]);
        // Beside a sparse operand, the same regions as one dense level gives.
        let mut parts = dense(3);
        parts.push(Algebra::Sparse((3, 0)));
        let beside_sparse = lattice(&Algebra::Union(parts)).unwrap();
        let with_sparse: Vec<LevelIterator> = all(3).into_iter().chain([Sparse((3, 0))]).collect();
        assert_eq!(kinds(&beside_sparse), vec![(point(&with_sparse), true), (point(&all(3)), true)]);
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
        assert_eq!(regions(&lattice), vec![point(&[Dense(A), Sparse(B)]), point(&[Dense(A)])]);
        let plans = plan(&lattice, |_| false);
        assert_eq!(plans[0].drivers, vec![Dense(A), Sparse(B)]);
        assert_eq!(plans[1].drivers, vec![Dense(A)]);
    }

    #[test]
    fn a_region_without_sparse_iterators_keeps_the_dense_ones_and_is_visited() {
        // (a × b) + u with b dense: where a is absent, b and u still are.
        let algebra = Algebra::Union(vec![Algebra::Intersect(vec![Algebra::Sparse(A), Algebra::Full(Some(B))]), Algebra::Full(None)]);
        let lattice = lattice(&algebra).unwrap();
        assert_eq!(regions(&lattice), vec![point(&[Sparse(A), Dense(B), Universe]), point(&[Dense(B), Universe])]);
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
            regions(&lattice),
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

    // Paper 000 §3.4 (the digest's table of worked lattices), U the universe.
    #[test]
    fn a_set_difference_omits_where_both_are() {
        let lattice = lattice(&Algebra::Intersect(vec![Algebra::Sparse(A), not(Algebra::Sparse(B))])).unwrap();
        assert_eq!(kinds(&lattice), vec![(point(&[Sparse(A), Sparse(B)]), false), (point(&[Sparse(A)]), true)]);
        let plans = plan(&lattice, |_| false);
        assert_eq!(plans[0].drivers, vec![Sparse(A), Sparse(B)]);
        assert_eq!(kinds(&plans[0].cases), kinds(&lattice));
    }

    #[test]
    fn a_union_with_a_complement_is_dense() {
        let lattice = lattice(&Algebra::Union(vec![Algebra::Sparse(A), not(Algebra::Sparse(B))])).unwrap();
        assert_eq!(
            kinds(&lattice),
            vec![
                (point(&[Sparse(A), Sparse(B), Universe]), true),
                (point(&[Sparse(A), Universe]), true),
                (point(&[Sparse(B), Universe]), false),
                (point(&[Universe]), true),
            ]
        );
        let plans = plan(&lattice, |_| false);
        assert_eq!(plans[0].drivers, vec![Universe, Sparse(A), Sparse(B)]);
    }

    #[test]
    fn xor_omits_the_overlap() {
        let (a, b) = (Algebra::Sparse(A), Algebra::Sparse(B));
        let xor = Algebra::Intersect(vec![Algebra::Union(vec![a.clone(), b.clone()]), not(Algebra::Intersect(vec![a, b]))]);
        let lattice = lattice(&xor).unwrap();
        assert_eq!(
            kinds(&lattice),
            vec![(point(&[Sparse(A), Sparse(B)]), false), (point(&[Sparse(A)]), true), (point(&[Sparse(B)]), true)]
        );
    }

    #[test]
    fn complements_among_several_operands() {
        // ¬a ∩ b ∩ c: {a, b, c} omitted, {b, c} produced.
        let algebra = Algebra::Intersect(vec![not(Algebra::Sparse(A)), Algebra::Sparse(B), Algebra::Sparse(C)]);
        assert_eq!(
            kinds(&lattice_of(&algebra)),
            vec![(point(&[Sparse(A), Sparse(B), Sparse(C)]), false), (point(&[Sparse(B), Sparse(C)]), true)]
        );
        // ¬a ∪ b ∪ c: every region but {a, U} produces.
        let algebra = Algebra::Union(vec![not(Algebra::Sparse(A)), Algebra::Sparse(B), Algebra::Sparse(C)]);
        let lattice = lattice_of(&algebra);
        let omitted: Vec<Point> = lattice.iter().filter(|point| !point.producer).map(|point| point.iterators.clone()).collect();
        assert_eq!(omitted, vec![point(&[Sparse(A), Universe])]);
        assert_eq!(lattice.len(), 8);
        assert!(lattice.iter().all(|point| point.iterators.contains(&Universe)));
    }

    #[test]
    fn a_repeated_operand_keeps_its_regions() {
        // ldexp's a ∪ (a ∩ b): {a, b} and {a}, never {b} alone.
        let (a, b) = (Algebra::Sparse(A), Algebra::Sparse(B));
        let lattice = lattice(&Algebra::Union(vec![a.clone(), Algebra::Intersect(vec![a.clone(), b.clone()])])).unwrap();
        assert_eq!(kinds(&lattice), vec![(point(&[Sparse(A), Sparse(B)]), true), (point(&[Sparse(A)]), true)]);
        // An operand augmented into a space that does not name it (a / b
        // with space a): a ∪ (b ∩ ¬b); b alone is an omitter, pruned.
        let augmented = Algebra::Union(vec![a, Algebra::Intersect(vec![b.clone(), not(b)])]);
        assert_eq!(kinds(&lattice_of(&augmented)), vec![(point(&[Sparse(A), Sparse(B)]), true), (point(&[Sparse(A)]), true)]);
    }

    fn lattice_of(algebra: &Algebra) -> Vec<LatticePoint> {
        lattice(algebra).unwrap()
    }

    #[test]
    fn a_point_without_an_iterator_covers_its_regions_too() {
        // ((a ∩ b) ∪ U) ∩ (a ∪ b): the point {U} of the left side covers a
        // alone and b alone (a product with the filter of paper 000 Alg. 2 lost them).
        let (a, b) = (Algebra::Sparse(A), Algebra::Sparse(B));
        let left = Algebra::Union(vec![Algebra::Intersect(vec![a.clone(), b.clone()]), Algebra::Full(None)]);
        let lattice = lattice_of(&Algebra::Intersect(vec![left, Algebra::Union(vec![a, b])]));
        assert_eq!(kinds(&lattice), vec![(point(&[Sparse(A), Sparse(B)]), true), (point(&[Sparse(A)]), true), (point(&[Sparse(B)]), true)]);
    }

    #[test]
    fn a_region_met_again_under_a_complement_keeps_its_kind() {
        // xor(without(a, b), c): ((a ∩ ¬b) ∪ c) ∩ (¬a ∪ b ∪ ¬c). Where a, b
        // and c are all stored, a ∩ ¬b is not, so c alone decides: computed.
        let (a, b, c) = (Algebra::Sparse(A), Algebra::Sparse(B), Algebra::Sparse(C));
        let left = Algebra::Union(vec![Algebra::Intersect(vec![a.clone(), not(b.clone())]), c.clone()]);
        let right = Algebra::Union(vec![not(a), b, not(c)]);
        let lattice = lattice_of(&Algebra::Intersect(vec![left, right]));
        let every = point(&[Sparse(A), Sparse(B), Sparse(C)]);
        assert_eq!(lattice.iter().find(|point| point.iterators == every).map(|point| point.producer), Some(true));
    }

    #[test]
    fn a_top_point_made_an_omitter_is_settled_before_pruning() {
        // a ∩ b ∩ (¬b ∪ a): the product with {b, U} made {a, b} an omitter,
        // and every point below it too; pruned first, nothing was left.
        let (a, b) = (Algebra::Sparse(A), Algebra::Sparse(B));
        let algebra = Algebra::Intersect(vec![a.clone(), b.clone(), Algebra::Union(vec![not(b), a])]);
        let lattice = lattice_of(&algebra);
        assert_eq!(lattice.first().map(|point| (point.iterators.clone(), point.producer)), Some((point(&[Sparse(A), Sparse(B)]), true)));
    }

    /// Every loop's cases, in the order its switch takes them, compute
    /// exactly where the algebra holds, against the set the algebra names:
    /// for every union and intersection of two literals (leaves and
    /// complements) over four operands, and for a deterministic sample of
    /// unions and intersections of two of those (one pair in thirteen).
    #[test]
    fn every_region_computes_where_its_algebra_holds() {
        let leaves: Vec<Algebra> = [A, B, C, D].iter().map(|&leaf| Algebra::Sparse(leaf)).collect();
        let literals: Vec<Algebra> = leaves.iter().cloned().chain(leaves.iter().cloned().map(not)).collect();
        let mut pairs = Vec::new();
        for x in &literals {
            for y in &literals {
                for combined in [Algebra::Union(vec![x.clone(), y.clone()]), Algebra::Intersect(vec![x.clone(), y.clone()])] {
                    pairs.push(not(combined.clone()));
                    pairs.push(combined);
                }
            }
        }
        let mut algebras: Vec<Algebra> = literals.iter().chain(&pairs).cloned().collect();
        for (index, (x, y)) in pairs.iter().flat_map(|x| pairs.iter().map(move |y| (x, y))).enumerate() {
            if index % 13 == 0 {
                algebras.push(Algebra::Union(vec![x.clone(), y.clone()]));
                algebras.push(Algebra::Intersect(vec![x.clone(), y.clone()]));
            }
        }
        for algebra in &algebras {
            let lattice = lattice_of(algebra);
            for top in &lattice {
                let sparse: Vec<LevelIterator> = top.iterators.iter().copied().filter(|it| it.is_sparse()).collect();
                let always: Point = top.iterators.iter().copied().filter(|it| !it.is_sparse()).collect();
                for mask in 1u32..(1 << sparse.len()) {
                    let chosen = sparse.iter().enumerate().filter(|(bit, _)| mask >> bit & 1 == 1).map(|(_, &it)| it);
                    let present: Point = chosen.chain(always.iter().copied()).collect();
                    let taken = cases_of(&lattice, &top.iterators).into_iter().find(|case| case.iterators.is_subset(&present));
                    assert_eq!(taken.is_some_and(|case| case.producer), holds(algebra, &present), "{algebra:?} at {present:?}");
                }
            }
        }
    }

    #[test]
    fn complements_of_dense_iterators_are_empty() {
        assert_eq!(lattice_of(&not(Algebra::Full(Some(A)))), Vec::new());
        assert_eq!(lattice_of(&Algebra::Intersect(vec![Algebra::Sparse(B), not(Algebra::Full(None))])), Vec::new());
        // a ∩ ¬a: every region is omitted, and nothing is left.
        assert_eq!(lattice_of(&Algebra::Intersect(vec![Algebra::Sparse(A), not(Algebra::Sparse(A))])), Vec::new());
    }
}
