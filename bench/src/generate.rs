//! Seeded data generators: uniform random matrices, power-law (R-MAT)
//! graphs, banded (stencil-like) matrices, image-like matrices of runs,
//! dense operands, sparse vectors, column counts, 3-tensors whose slices
//! have skewed sizes, and tensors of any shape with uniformly placed entries.
//!
//! Values are multiples of 1/4 in [-8, 8), never 0, so sums and products
//! are exact in every system (a kernel that divides, as PageRank does,
//! rounds; answers compare within a relative 1e-9).

use sparse_runtime::{Coordinates, SplitMix64};

fn value(rng: &mut SplitMix64) -> f64 {
    let quarter = (rng.next_u64() % 64) as i64 - 32;
    if quarter == 0 {
        0.25
    } else {
        quarter as f64 / 4.0
    }
}

fn below(rng: &mut SplitMix64, bound: usize) -> usize {
    (rng.next_u64() % bound as u64) as usize
}

/// Distinct points, sorted, each with a random value.
fn collect(shape: Vec<usize>, points: impl IntoIterator<Item = Vec<usize>>, rng: &mut SplitMix64) -> Coordinates {
    distinct(shape, points, || value(rng))
}

/// Distinct points, sorted, each with the next of `values`.
fn distinct(shape: Vec<usize>, points: impl IntoIterator<Item = Vec<usize>>, mut values: impl FnMut() -> f64) -> Coordinates {
    let mut all = Coordinates::new(shape.clone());
    for point in points {
        all.push(&point, 0.0);
    }
    let mut coordinates = Coordinates::with_capacity(shape, all.len());
    let mut last: Option<Vec<usize>> = None;
    for entry in all.sorted_order() {
        let point = all.point(entry);
        if last.as_ref() != Some(&point) {
            coordinates.push(&point, values());
            last = Some(point);
        }
    }
    coordinates
}

/// `rows × cols` with about `per_row` entries in each row, uniformly placed.
pub fn uniform(rows: usize, cols: usize, per_row: usize, seed: u64) -> Coordinates {
    let mut rng = SplitMix64::new(seed);
    let points: Vec<Vec<usize>> = (0..rows * per_row).map(|n| vec![n / per_row, below(&mut rng, cols)]).collect();
    collect(vec![rows, cols], points, &mut rng)
}

/// A power-law graph of `2^scale` vertices and `edges` edges (R-MAT with
/// probabilities 0.57, 0.19, 0.19, 0.05, as in Graph500).
pub fn rmat(scale: u32, edges: usize, seed: u64) -> Coordinates {
    let mut rng = SplitMix64::new(seed);
    let size = 1usize << scale;
    let points: Vec<Vec<usize>> = (0..edges)
        .map(|_| {
            let (mut row, mut col) = (0, 0);
            for bit in (0..scale).rev() {
                let draw = rng.next_u64() % 100;
                let (down, right) = match draw {
                    0..=56 => (0, 0),
                    57..=75 => (0, 1),
                    76..=94 => (1, 0),
                    _ => (1, 1),
                };
                row |= down << bit;
                col |= right << bit;
            }
            vec![row, col]
        })
        .collect();
    collect(vec![size, size], points, &mut rng)
}

/// `rows × cols` like a segmented image (paper 002 §6.4): each row is runs
/// of 16 to 255 equal pixels, a fifth of them background (not stored), the
/// others one of a few shades.
pub fn image(rows: usize, cols: usize, seed: u64) -> Coordinates {
    let mut rng = SplitMix64::new(seed);
    let shades: Vec<f64> = (0..8).map(|_| value(&mut rng)).collect();
    let mut entries = Vec::new();
    for row in 0..rows {
        let mut col = 0;
        while col < cols {
            let length = 16 + below(&mut rng, 240);
            let shade = below(&mut rng, shades.len() + 2);
            for c in col..(col + length).min(cols) {
                if shade < shades.len() {
                    entries.push((vec![row, c], shades[shade]));
                }
            }
            col += length;
        }
    }
    Coordinates::from_entries(vec![rows, cols], entries).expect("one coordinate per dimension")
}

/// `n × n` with the diagonals `-half..=half` full, like a stencil's matrix.
pub fn banded(n: usize, half: usize, seed: u64) -> Coordinates {
    let points = (0..n).flat_map(|i| (i.saturating_sub(half)..=(i + half).min(n - 1)).map(move |j| vec![i, j]));
    collect(vec![n, n], points.collect::<Vec<_>>(), &mut SplitMix64::new(seed))
}

/// The undirected graph of the square `matrix`'s entries (off its diagonal)
/// as its strictly lower triangle, every value 1: what triangle counting
/// reads.
pub fn lower_triangle(matrix: &Coordinates) -> Coordinates {
    let (rows, columns) = (&matrix.columns[0], &matrix.columns[1]);
    let edges = rows.iter().zip(columns).filter(|(i, j)| i != j).map(|(&i, &j)| vec![i.max(j), i.min(j)]);
    distinct(matrix.shape.clone(), edges, || 1.0)
}

/// The components of `matrix` as a vector, row-major: `(i, j)` at `i · n + j`.
pub fn flattened(matrix: &Coordinates) -> Coordinates {
    let columns = matrix.shape[1];
    let mut flat = matrix.clone();
    flat.shape = vec![matrix.shape[0] * columns];
    let position = matrix.columns[0].iter().zip(&matrix.columns[1]).map(|(&i, &j)| i * columns + j).collect();
    flat.columns = vec![position];
    flat
}

/// The entries of `matrix` moved `by` along its last dimension, those
/// pushed past its end left out: paper 001's fused kernels multiply an
/// operand by itself so shifted (its artifact shifts by 1).
pub fn shifted(matrix: &Coordinates, by: usize) -> Coordinates {
    let last = matrix.columns.len() - 1;
    let extent = matrix.shape[last];
    let mut moved = entries_where(matrix, |entry| matrix.columns[last][entry] + by < extent);
    moved.columns[last].iter_mut().for_each(|coordinate| *coordinate += by);
    moved
}

/// Rows `0, step, 2 · step, ...` below `stop` of `matrix`, numbered from 0:
/// the matrix `A[0 : stop : step]` holds.
pub fn strided_rows(matrix: &Coordinates, stop: usize, step: usize) -> Coordinates {
    let rows = &matrix.columns[0];
    let mut kept = entries_where(matrix, |entry| rows[entry] < stop && rows[entry] % step == 0);
    kept.shape[0] = stop.div_ceil(step);
    kept.columns[0].iter_mut().for_each(|row| *row /= step);
    kept
}

/// The entries of `matrix` whose index `keep` accepts, in order.
fn entries_where(matrix: &Coordinates, keep: impl Fn(usize) -> bool) -> Coordinates {
    let kept: Vec<usize> = (0..matrix.values.len()).filter(|&entry| keep(entry)).collect();
    Coordinates {
        shape: matrix.shape.clone(),
        columns: matrix.columns.iter().map(|column| kept.iter().map(|&entry| column[entry]).collect()).collect(),
        values: kept.iter().map(|&entry| matrix.values[entry]).collect(),
    }
}

/// The operands of paper 004's outer-product sweep (Fig. 16): `A` and `B`
/// of `size × size`, where `nonempty` random coordinates `k` each hold
/// `per_fiber` random entries in `A`'s column `k` and `B`'s row `k` (the
/// other columns and rows empty), so the product sums `nonempty ·
/// per_fiber²` products.
pub fn outer_sweep(size: usize, nonempty: usize, per_fiber: usize, seed: u64) -> (Coordinates, Coordinates) {
    let mut rng = SplitMix64::new(seed);
    let mut ks = Vec::new();
    while ks.len() < nonempty.min(size) {
        let k = below(&mut rng, size);
        if !ks.contains(&k) {
            ks.push(k);
        }
    }
    let mut fibers = |transposed: bool| {
        let points: Vec<Vec<usize>> = ks
            .iter()
            .flat_map(|&k| (0..per_fiber).map(move |_| k))
            .map(|k| {
                let other = below(&mut rng, size);
                if transposed {
                    vec![other, k]
                } else {
                    vec![k, other]
                }
            })
            .collect();
        collect(vec![size, size], points, &mut rng)
    };
    let a = fibers(true);
    let b = fibers(false);
    (a, b)
}

/// The transpose of `matrix`.
pub fn transposed(matrix: &Coordinates) -> Coordinates {
    let mut transposed = matrix.clone();
    transposed.shape.reverse();
    transposed.columns.reverse();
    transposed
}

/// Every component present.
pub fn dense(shape: &[usize], seed: u64) -> Coordinates {
    let mut rng = SplitMix64::new(seed);
    let total: usize = shape.iter().product();
    let entries = (0..total)
        .map(|mut index| {
            let mut point = vec![0; shape.len()];
            for dim in (0..shape.len()).rev() {
                point[dim] = index % shape[dim];
                index /= shape[dim];
            }
            (point, value(&mut rng))
        })
        .collect();
    Coordinates::from_entries(shape.to_vec(), entries).expect("one coordinate per dimension")
}

/// The number of entries in each column of `matrix`, at least 1, as a
/// dense vector (a graph's out-degrees when `A(i, j)` is an edge `j → i`).
pub fn column_counts(matrix: &Coordinates) -> Coordinates {
    let mut counts = vec![0usize; matrix.shape[1]];
    for &column in &matrix.columns[1] {
        counts[column] += 1;
    }
    let entries = counts.into_iter().enumerate().map(|(j, count)| (vec![j], count.max(1) as f64)).collect();
    Coordinates::from_entries(vec![matrix.shape[1]], entries).expect("one coordinate per dimension")
}

/// A vector of length `n` with about `nnz` entries.
pub fn sparse_vector(n: usize, nnz: usize, seed: u64) -> Coordinates {
    let mut rng = SplitMix64::new(seed);
    let points: Vec<Vec<usize>> = (0..nnz).map(|_| vec![below(&mut rng, n)]).collect();
    collect(vec![n], points, &mut rng)
}

/// A dense vector of length `n`, 1 at about `ones` uniformly placed
/// components and 0 elsewhere (a set, such as a BFS frontier).
pub fn indicator(n: usize, ones: usize, seed: u64) -> Coordinates {
    let mut set = vec![0.0; n];
    for &coordinate in &sparse_vector(n, ones, seed).columns[0] {
        set[coordinate] = 1.0;
    }
    let entries = set.into_iter().enumerate().map(|(i, value)| (vec![i], value)).collect();
    Coordinates::from_entries(vec![n], entries).expect("one coordinate per dimension")
}

/// A tensor of `shape` with about `nnz` entries, uniformly placed.
pub fn scattered(shape: &[usize], nnz: usize, seed: u64) -> Coordinates {
    let mut rng = SplitMix64::new(seed);
    let points: Vec<Vec<usize>> = (0..nnz).map(|_| shape.iter().map(|&size| below(&mut rng, size)).collect()).collect();
    collect(shape.to_vec(), points, &mut rng)
}

/// `i × j × k` with about `nnz` entries; slice `s` gets a share proportional
/// to `1 / (s + 1)`, so a few slices hold most of the tensor.
pub fn skewed(i: usize, j: usize, k: usize, nnz: usize, seed: u64) -> Coordinates {
    let mut rng = SplitMix64::new(seed);
    let weights: Vec<f64> = (0..i).map(|s| 1.0 / (s + 1) as f64).collect();
    let total: f64 = weights.iter().sum();
    let mut points = Vec::with_capacity(nnz);
    for (slice, weight) in weights.iter().enumerate() {
        let count = ((weight / total) * nnz as f64).round() as usize;
        for _ in 0..count {
            points.push(vec![slice, below(&mut rng, j), below(&mut rng, k)]);
        }
    }
    collect(vec![i, j, k], points, &mut rng)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generators_are_seeded_distinct_and_in_range() {
        let a = uniform(50, 40, 5, 7);
        assert_eq!(a.entries(), uniform(50, 40, 5, 7).entries());
        assert!(a.entries().len() > 200 && a.entries().len() <= 250);
        assert!(a.entries().windows(2).all(|pair| pair[0].0 < pair[1].0));
        assert!(a.entries().iter().all(|(p, v)| p[1] < 40 && *v != 0.0 && (v * 4.0).fract() == 0.0));
        let graph = rmat(8, 1000, 3);
        let first_quarter = graph.entries().iter().filter(|(p, _)| p[0] < 64 && p[1] < 64).count();
        assert!(first_quarter * 4 > graph.entries().len(), "R-MAT concentrates entries in the first quadrant");
        assert_eq!(banded(10, 1, 1).entries().len(), 10 + 2 * 9);
        let tensor = skewed(10, 64, 64, 500, 5);
        let first = tensor.entries().iter().filter(|(p, _)| p[0] == 0).count();
        let last = tensor.entries().iter().filter(|(p, _)| p[0] == 9).count();
        assert!(first > 5 * last);
        assert_eq!(dense(&[3, 4], 1).entries().len(), 12);
    }
}
