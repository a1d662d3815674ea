//! The memory-bandwidth anchor: a streaming triad `a = b + s·c` over arrays
//! far larger than the last-level cache, as in STREAM. Kernels that stream
//! their operands (SpMV beyond the cache) are judged against it.

use std::time::Instant;

/// Bytes per second of the best of `repeat` triads over `length` doubles.
pub fn triad(length: usize, repeat: usize) -> f64 {
    triad_on(length, repeat, 1)
}

/// The same, the arrays split into `threads` equal stretches, each thread
/// streaming its own (as a parallel loop over rows does).
pub fn triad_on(length: usize, repeat: usize, threads: usize) -> f64 {
    let b = vec![1.5f64; length];
    let c = vec![2.5f64; length];
    let mut a = vec![0.0f64; length];
    let scalar = std::hint::black_box(3.0);
    let stretch = length.div_ceil(threads.max(1)).max(1);
    let mut best = f64::INFINITY;
    for _ in 0..repeat {
        let start = Instant::now();
        let stream = |a: &mut [f64], b: &[f64], c: &[f64]| {
            for ((a, b), c) in a.iter_mut().zip(b).zip(c) {
                *a = b + scalar * c;
            }
        };
        if threads <= 1 {
            stream(&mut a, &b, &c);
        } else {
            std::thread::scope(|scope| {
                for ((a, b), c) in a.chunks_mut(stretch).zip(b.chunks(stretch)).zip(c.chunks(stretch)) {
                    scope.spawn(move || stream(a, b, c));
                }
            });
        }
        std::hint::black_box(&a);
        best = best.min(start.elapsed().as_secs_f64());
    }
    (3 * length * 8) as f64 / best
}
