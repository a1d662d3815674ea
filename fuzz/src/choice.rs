//! Random choices for the fuzz targets, over the runtime's seeded
//! `SplitMix64`, so that a seed and a case number name the same case
//! everywhere.

use sparse_runtime::SplitMix64;

pub struct Choice(SplitMix64);

impl Choice {
    /// The generator of case `case` of a run seeded with `seed`.
    pub fn for_case(seed: u64, case: u64) -> Self {
        let mut mixer = SplitMix64::new(seed ^ case.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        Self(SplitMix64::new(mixer.next_u64()))
    }

    /// A number in `0..bound` (`bound > 0`); the modulo bias is irrelevant here.
    pub fn below(&mut self, bound: usize) -> usize {
        (self.0.next_u64() % bound as u64) as usize
    }

    /// A number in `low..=high`.
    pub fn between(&mut self, low: usize, high: usize) -> usize {
        low + self.below(high - low + 1)
    }

    /// True with probability `percent` / 100.
    pub fn percent(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// Shuffles `items` (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for index in (1..items.len()).rev() {
            items.swap(index, self.below(index + 1));
        }
    }
}
