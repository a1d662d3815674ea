//! The memory-bandwidth anchor: a streaming triad `a = b + s·c` over arrays
//! far larger than the last-level cache, as in STREAM. Kernels that stream
//! their operands (SpMV beyond the cache) are judged against it.

use std::time::Instant;

/// Bytes per second of the best of `repeat` triads over `length` doubles.
pub fn triad(length: usize, repeat: usize) -> f64 {
    let b = vec![1.5f64; length];
    let c = vec![2.5f64; length];
    let mut a = vec![0.0f64; length];
    let scalar = std::hint::black_box(3.0);
    let mut best = f64::INFINITY;
    for _ in 0..repeat {
        let start = Instant::now();
        for ((a, b), c) in a.iter_mut().zip(&b).zip(&c) {
            *a = b + scalar * c;
        }
        std::hint::black_box(&a);
        best = best.min(start.elapsed().as_secs_f64());
    }
    (3 * length * 8) as f64 / best
}
