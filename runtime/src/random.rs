//! Seeded random tensors for tests and benchmarks: a splitmix64 generator
//! and entry lists of a given density.
//!
//! The generator is ours so that a seed means the same tensor everywhere and
//! forever, whatever crate versions are around.

use crate::coordinates::Coordinates;
use std::collections::HashSet;

/// Steele, Lea and Flood's splitmix64: tiny, fast, and good enough for test
/// data (it passes BigCrush). Not for cryptography.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..bound`, for `bound > 0`, without modulo bias
    /// (Lemire's multiply-and-reject).
    pub(crate) fn below(&mut self, bound: u64) -> u64 {
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(bound);
            if product as u64 >= threshold {
                return (product >> 64) as u64;
            }
        }
    }
}

/// A random tensor of `shape` with `density` times its component count
/// (rounded) entries at distinct coordinates, in row-major order, with values
/// in `[-10, 10)` that are multiples of 0.25, so sums of a few of them are
/// exact in `f64`. Zero is among the values.
///
/// Density is clamped to `[0, 1]`, NaN counting as 0. Shapes with more than
/// `u64::MAX` components draw from the first `u64::MAX` in row-major order.
pub fn random_entries(shape: &[usize], density: f64, seed: u64) -> Coordinates {
    let components = if shape.contains(&0) {
        0
    } else {
        shape.iter().try_fold(1u64, |product, &size| product.checked_mul(size as u64)).unwrap_or(u64::MAX)
    };
    // `as` saturates: negative densities give 0, NaN gives 0.
    let count = ((density * components as f64).round() as u64).min(components);
    let mut random = SplitMix64::new(seed);
    let mut indices: Vec<u64> = floyd_sample(&mut random, components, count).into_iter().collect();
    indices.sort_unstable();
    let mut coordinates = Coordinates::with_capacity(shape.to_vec(), indices.len());
    for index in indices {
        coordinates.push(&unravel(index, shape), (random.below(80) as f64 - 40.0) * 0.25);
    }
    coordinates
}

/// `count` distinct integers of `0..range`, uniformly (Floyd's algorithm:
/// one draw each, however dense).
fn floyd_sample(random: &mut SplitMix64, range: u64, count: u64) -> HashSet<u64> {
    let mut chosen = HashSet::new();
    for top in range - count..range {
        let pick = random.below(top + 1);
        chosen.insert(if chosen.contains(&pick) { top } else { pick });
    }
    chosen
}

/// The row-major coordinates of component `index` of `shape`.
fn unravel(mut index: u64, shape: &[usize]) -> Vec<usize> {
    let mut coordinates = vec![0; shape.len()];
    for (coordinate, &size) in coordinates.iter_mut().zip(shape).rev() {
        *coordinate = (index % size as u64) as usize;
        index /= size as u64;
    }
    coordinates
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference_sequence() {
        // The first outputs of the reference C implementation seeded with 1234567.
        let mut random = SplitMix64::new(1234567);
        let expected = [6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431];
        assert_eq!(expected.map(|_| random.next_u64()), expected);
    }

    #[test]
    fn below_is_in_range_and_hits_every_value() {
        let mut random = SplitMix64::new(3);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            seen[random.below(7) as usize] = true;
        }
        assert!(seen.iter().all(|&hit| hit));
        assert_eq!(random.below(1), 0);
    }

    #[test]
    fn entries_are_distinct_sorted_in_range_and_quarter_valued() {
        let shape = [7, 3, 5];
        let tensor = random_entries(&shape, 0.4, 42);
        assert_eq!(tensor.shape, shape);
        assert_eq!(tensor.len(), 42);
        assert_eq!(tensor.check(), Ok(()));
        assert!(tensor.entries().windows(2).all(|pair| pair[0].0 < pair[1].0));
        for value in &tensor.values {
            assert!((-10.0..10.0).contains(value) && (value * 4.0).fract() == 0.0, "{value}");
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_tensor() {
        assert_eq!(random_entries(&[20, 20], 0.1, 9), random_entries(&[20, 20], 0.1, 9));
        assert_ne!(random_entries(&[20, 20], 0.1, 9), random_entries(&[20, 20], 0.1, 10));
    }

    #[test]
    fn full_empty_single_and_out_of_range_densities() {
        let full = random_entries(&[3, 4], 1.0, 1);
        let every: Vec<Vec<usize>> = (0..3).flat_map(|i| (0..4).map(move |j| vec![i, j])).collect();
        assert_eq!(full.entries().into_iter().map(|(c, _)| c).collect::<Vec<_>>(), every);
        assert!(random_entries(&[3, 4], 0.0, 1).is_empty());
        assert!(random_entries(&[0, 4], 1.0, 1).is_empty());
        assert!(random_entries(&[3, 4], -1.0, 1).is_empty());
        assert!(random_entries(&[3, 4], f64::NAN, 1).is_empty());
        assert_eq!(random_entries(&[3, 4], 7.0, 1).len(), 12);
        assert_eq!(random_entries(&[1], 1.0, 5).len(), 1);
        let scalar = random_entries(&[], 1.0, 5);
        assert_eq!((scalar.shape.len(), scalar.len(), scalar.columns.len()), (0, 1, 0));
    }

    #[test]
    fn huge_shapes_still_give_distinct_in_range_coordinates() {
        let shape = [usize::MAX, usize::MAX, 3];
        let tensor = random_entries(&shape, 1e-18, 8);
        assert_eq!(tensor.len(), 18);
        assert_eq!(tensor.check(), Ok(()));
        assert!(tensor.entries().windows(2).all(|pair| pair[0].0 < pair[1].0));
        assert!(random_entries(&[usize::MAX, usize::MAX, 0], 1.0, 8).is_empty());
    }
}
