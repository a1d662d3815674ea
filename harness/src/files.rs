//! Tensors in the files `sparse-run` reads and writes: entries (a list of
//! coordinates and values) written as a Matrix Market or FROSTT file, a
//! result file read back as a dense row-major array, and the row-major
//! arithmetic both need.

use sparse_runtime::{frostt, matrix_market, Element, Kind};
use std::fmt::Write as _;
use std::path::Path;

/// The entries of a tensor: coordinates in dimension order, and values.
pub type Entries = [(Vec<usize>, f64)];

/// Every point of `shape`, in row-major order.
pub fn points(shape: &[usize]) -> Vec<Vec<usize>> {
    let mut all = vec![Vec::new()];
    for &size in shape {
        all = all.into_iter().flat_map(|prefix: Vec<usize>| (0..size).map(move |i| [prefix.clone(), vec![i]].concat())).collect();
    }
    all
}

/// The row-major position of `point` in `shape`.
pub fn linear(shape: &[usize], point: &[usize]) -> usize {
    shape.iter().zip(point).fold(0, |at, (size, coordinate)| at * size + coordinate)
}

/// `entries` as a row-major array of `shape`, zero elsewhere.
pub fn dense_values(shape: &[usize], entries: &Entries) -> Vec<f64> {
    let mut values = vec![0.0; shape.iter().product()];
    for (point, value) in entries {
        values[linear(shape, point)] += value;
    }
    values
}

/// The file name extension `data_file` writes for `shape`.
pub fn data_extension(shape: &[usize]) -> &'static str {
    match shape.len() {
        1 | 2 => "mtx",
        _ => "tns",
    }
}

/// A data file of `shape` holding `entries`: a Matrix Market matrix (a
/// vector as a column), coordinate or (`array`) dense layout, or an
/// extended FROSTT file for rank 3 and more.
pub fn data_file(shape: &[usize], entries: &Entries, array: bool) -> String {
    let mut text = String::new();
    if data_extension(shape) == "tns" {
        let sizes: Vec<String> = shape.iter().map(usize::to_string).collect();
        let _ = writeln!(text, "# extended FROSTT\n{} {}\n{}", shape.len(), entries.len(), sizes.join(" "));
        for (point, value) in entries {
            let coordinates: Vec<String> = point.iter().map(|c| (c + 1).to_string()).collect();
            let _ = writeln!(text, "{} {value:?}", coordinates.join(" "));
        }
        return text;
    }
    let (rows, columns) = if shape.len() == 1 { (shape[0], 1) } else { (shape[0], shape[1]) };
    let at = |point: &[usize]| if point.len() == 1 { (point[0], 0) } else { (point[0], point[1]) };
    if array {
        let values = dense_values(
            &[rows, columns],
            &entries.iter().map(|(point, value)| (vec![at(point).0, at(point).1], *value)).collect::<Vec<_>>(),
        );
        let _ = writeln!(text, "%%MatrixMarket matrix array real general\n{rows} {columns}");
        for column in 0..columns {
            for row in 0..rows {
                let _ = writeln!(text, "{:?}", values[row * columns + column]);
            }
        }
        return text;
    }
    let _ = writeln!(text, "%%MatrixMarket matrix coordinate real general\n{rows} {columns} {}", entries.len());
    for (point, value) in entries {
        let (row, column) = at(point);
        let _ = writeln!(text, "{} {} {value:?}", row + 1, column + 1);
    }
    text
}

/// `sparse-run`'s result file (`.mtx` or `.tns`), densely in row-major order.
pub fn read_result(path: &Path, shape: &[usize], fill: f64) -> Result<Vec<f64>, String> {
    read_result_as(path, shape, Element::F64, fill)
}

/// `sparse-run`'s result file of `element` values, densely in row-major
/// order: one number per component, two (real, imaginary) for a complex
/// element; a component the file does not list is `fill` (a real number).
pub fn read_result_as(path: &Path, shape: &[usize], element: Element, fill: f64) -> Result<Vec<f64>, String> {
    let unread = |error| format!("the result does not read back: {error}");
    let coordinates = if path.extension().is_some_and(|extension| extension == "mtx") {
        let matrix = matrix_market::read_as(path, element).map_err(unread)?;
        if shape.len() == 1 {
            matrix.project(&[0])
        } else {
            matrix
        }
    } else {
        frostt::read_as(path, element).map_err(unread)?
    };
    if coordinates.shape != shape {
        return Err(format!("the result has shape {:?}, not {shape:?}", coordinates.shape));
    }
    let width = if element.kind() == Kind::Complex { 2 } else { 1 };
    let mut values = vec![0.0; width * shape.iter().product::<usize>()];
    let mut listed = vec![false; shape.iter().product::<usize>()];
    for (point, value) in coordinates.entries() {
        let (re, im) = value.complex();
        let at = linear(shape, &point);
        listed[at] = true;
        values[width * at] += re;
        if width == 2 {
            values[width * at + 1] += im;
        }
    }
    for (at, _) in listed.iter().enumerate().filter(|(_, listed)| !**listed) {
        values[width * at] = fill;
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_row_major() {
        assert_eq!(points(&[2, 2]), vec![vec![0, 0], vec![0, 1], vec![1, 0], vec![1, 1]]);
        assert_eq!(points(&[]), vec![Vec::<usize>::new()]);
        assert_eq!(linear(&[2, 3], &[1, 2]), 5);
    }

    #[test]
    fn files_round_trip_through_the_readers() {
        let directory = std::env::temp_dir().join(format!("sparse-harness-{}", std::process::id()));
        std::fs::create_dir_all(&directory).unwrap();
        for (shape, entries) in [
            (vec![3], vec![(vec![1], 2.5)]),
            (vec![2, 3], vec![(vec![0, 2], -0.25), (vec![1, 0], 4.0)]),
            (vec![2, 1, 2], vec![(vec![1, 0, 1], 7.0)]),
        ] {
            let path = directory.join(format!("t.{}", data_extension(&shape)));
            std::fs::write(&path, data_file(&shape, &entries, false)).unwrap();
            assert_eq!(read_result(&path, &shape, 0.0), Ok(dense_values(&shape, &entries)));
        }
        let _ = std::fs::remove_dir_all(&directory);
    }
}
