//! Coordinate lists: the format-free form of a tensor that file readers
//! return and writers take, stored column by column (one array of
//! coordinates per dimension, one of values: no allocation per entry); the
//! consistency and range checks every list must pass; and the conversion of
//! a list's values to an element type.

use crate::element::{ConversionError, Element};
use crate::value::{Scalar, Value};

/// A tensor as its shape and a list of entries: entry `e` has the
/// coordinate `columns[d][e]` (0-based) in dimension `d` and the value
/// `values[e]`, a [`Value`] of any element type or an `f64`. Entries may
/// repeat a coordinate; readers keep the order of the file.
#[derive(Clone, Debug, PartialEq)]
pub struct Coordinates<V = f64> {
    pub shape: Vec<usize>,
    /// One column per dimension, each as long as `values`.
    pub columns: Vec<Vec<usize>>,
    pub values: Vec<V>,
}

/// What a list's entries are, which decides the ones a tensor stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listing {
    /// The entries a sparse file or array lists (a coordinate-layout `.mtx`,
    /// a `.tns`, a `.npz`): each one is stored, whatever its value, so an
    /// explicit zero stays an entry, as MLIR's `sparse_tensor.new` and SciPy
    /// keep it (a kernel's `sparse_tensor.unary` sees it as present).
    Entries,
    /// Every component of a dense array (an array-layout `.mtx`, a `.npy`,
    /// generated data): only the components that differ from the fill are
    /// entries.
    Components,
}

/// An entry that does not fit its shape, or columns of different lengths.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CoordinateError {
    #[error("entry {entry} has {found} coordinates but the shape has rank {rank}")]
    Rank { entry: usize, found: usize, rank: usize },
    #[error("entry {entry}: coordinate {coordinate} of dimension {dim} is outside 0..{size}")]
    OutOfRange { entry: usize, dim: usize, coordinate: usize, size: usize },
    #[error("the shape has rank {rank} but there are {columns} coordinate columns")]
    Columns { rank: usize, columns: usize },
    #[error("coordinate column {dim} has {found} entries but there are {values} values")]
    ColumnLength { dim: usize, found: usize, values: usize },
}

impl<V: Scalar> Coordinates<V> {
    /// No entries, in the shape `shape`.
    pub fn new(shape: Vec<usize>) -> Self {
        Self::with_capacity(shape, 0)
    }

    /// No entries, with room for `capacity` of them.
    pub fn with_capacity(shape: Vec<usize>, capacity: usize) -> Self {
        let columns = shape.iter().map(|_| Vec::with_capacity(capacity)).collect();
        Self { shape, columns, values: Vec::with_capacity(capacity) }
    }

    /// The list of `entries`, each a coordinate per dimension and a value;
    /// an entry with the wrong number of coordinates is the error.
    pub fn from_entries(shape: Vec<usize>, entries: Vec<(Vec<usize>, V)>) -> Result<Self, CoordinateError> {
        let mut list = Self::with_capacity(shape, entries.len());
        for (entry, (coordinates, value)) in entries.into_iter().enumerate() {
            if coordinates.len() != list.shape.len() {
                return Err(CoordinateError::Rank { entry, found: coordinates.len(), rank: list.shape.len() });
            }
            list.push(&coordinates, value);
        }
        Ok(list)
    }

    /// Appends the entry at `coordinates` (one per dimension) with `value`.
    pub fn push(&mut self, coordinates: &[usize], value: V) {
        debug_assert_eq!(coordinates.len(), self.columns.len(), "one coordinate per dimension");
        for (column, &coordinate) in self.columns.iter_mut().zip(coordinates) {
            column.push(coordinate);
        }
        self.values.push(value);
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The coordinates of entry `entry`, one per dimension.
    pub fn point(&self, entry: usize) -> Vec<usize> {
        self.columns.iter().map(|column| column[entry]).collect()
    }

    /// The entries as (coordinates, value) pairs, in list order: one
    /// allocation per entry, for small lists and tests.
    pub fn entries(&self) -> Vec<(Vec<usize>, V)> {
        (0..self.len()).map(|entry| (self.point(entry), self.values[entry])).collect()
    }

    /// Checks that there is one column per dimension, as long as the values,
    /// and that every coordinate is within its dimension.
    pub fn check(&self) -> Result<(), CoordinateError> {
        if self.columns.len() != self.shape.len() {
            return Err(CoordinateError::Columns { rank: self.shape.len(), columns: self.columns.len() });
        }
        // The first entry with a coordinate out of range, at its first such
        // dimension: what a check entry by entry would find.
        let mut first: Option<(usize, usize)> = None;
        for (dim, (column, &size)) in self.columns.iter().zip(&self.shape).enumerate() {
            if column.len() != self.values.len() {
                return Err(CoordinateError::ColumnLength { dim, found: column.len(), values: self.values.len() });
            }
            let before = first.map_or(column.len(), |(entry, _)| entry);
            if let Some(entry) = column[..before].iter().position(|&coordinate| coordinate >= size) {
                first = Some((entry, dim));
            }
        }
        match first {
            Some((entry, dim)) => {
                Err(CoordinateError::OutOfRange { entry, dim, coordinate: self.columns[dim][entry], size: self.shape[dim] })
            }
            None => Ok(()),
        }
    }

    /// Keeps the entries whose value `keep` accepts, in order.
    pub fn retain(&mut self, keep: impl Fn(V) -> bool) {
        let mut kept = 0;
        for entry in 0..self.values.len() {
            if keep(self.values[entry]) {
                for column in &mut self.columns {
                    column[kept] = column[entry];
                }
                self.values[kept] = self.values[entry];
                kept += 1;
            }
        }
        self.columns.iter_mut().for_each(|column| column.truncate(kept));
        self.values.truncate(kept);
    }

    /// The list over the distinct dimensions `dims` of this one, in that
    /// order, the other dimensions' coordinates dropped: a matrix of one
    /// column or row as a vector.
    pub fn project(mut self, dims: &[usize]) -> Self {
        let shape = dims.iter().map(|&dim| self.shape[dim]).collect();
        let columns = dims.iter().map(|&dim| std::mem::take(&mut self.columns[dim])).collect();
        Self { shape, columns, values: self.values }
    }

    /// The same entries with one more dimension, last, of size 1: a vector
    /// as a one-column matrix.
    pub fn with_unit_dim(mut self) -> Self {
        self.shape.push(1);
        self.columns.push(vec![0; self.values.len()]);
        self
    }

    /// The order of the entries sorted lexicographically (row-major) by
    /// coordinates; entries with the same coordinate keep their relative
    /// order.
    pub fn sorted_order(&self) -> Vec<usize> {
        self.unsorted_order().unwrap_or_else(|| (0..self.len()).collect())
    }

    /// [`Coordinates::sorted_order`], or `None` when the entries are in it
    /// already.
    pub fn unsorted_order(&self) -> Option<Vec<usize>> {
        let columns: Vec<&[usize]> = self.columns.iter().map(Vec::as_slice).collect();
        crate::sort::lexicographic_order(&columns, &self.shape, self.len())
    }

    /// The same entries with values converted to `element`
    /// ([`Element::convert`]); the first that does not fit is the error.
    pub fn to_element(&self, element: Element) -> Result<Coordinates<Value>, ConversionError> {
        Ok(Coordinates { shape: self.shape.clone(), columns: self.columns.clone(), values: self.element_values(element)? })
    }

    /// The values converted to `element`, as [`Coordinates::to_element`]
    /// converts them, without copying the coordinates.
    pub fn element_values(&self, element: Element) -> Result<Vec<Value>, ConversionError> {
        self.values.iter().map(|value| element.convert(value.value())).collect()
    }
}

impl Coordinates<Value> {
    /// The real parts of the values ([`Value::real`]): exact for values read
    /// as `f64`.
    pub fn reals(self) -> Coordinates {
        let values = self.values.into_iter().map(Value::real).collect();
        Coordinates { shape: self.shape, columns: self.columns, values }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(shape: &[usize], entries: &[(&[usize], f64)]) -> Coordinates {
        let entries = entries.iter().map(|(coordinates, value)| (coordinates.to_vec(), *value)).collect();
        Coordinates::from_entries(shape.to_vec(), entries).unwrap()
    }

    #[test]
    fn check_accepts_in_range_entries_and_names_the_first_bad_one() {
        let mut coordinates = list(&[2, 3], &[(&[1, 2], 1.0), (&[0, 0], 2.0)]);
        assert_eq!(coordinates.check(), Ok(()));
        coordinates.push(&[1, 3], 3.0);
        coordinates.push(&[2, 0], 4.0);
        let error = coordinates.check().unwrap_err();
        assert_eq!(error, CoordinateError::OutOfRange { entry: 2, dim: 1, coordinate: 3, size: 3 });
        assert_eq!(error.to_string(), "entry 2: coordinate 3 of dimension 1 is outside 0..3");
        let rank = Coordinates::from_entries(vec![2, 3], vec![(vec![1, 2], 1.0), (vec![1], 4.0)]);
        assert_eq!(rank, Err(CoordinateError::Rank { entry: 1, found: 1, rank: 2 }));
    }

    #[test]
    fn inconsistent_columns_are_errors() {
        let mut coordinates = list(&[2, 3], &[(&[1, 2], 1.0)]);
        coordinates.columns[1].push(0);
        assert_eq!(coordinates.check(), Err(CoordinateError::ColumnLength { dim: 1, found: 2, values: 1 }));
        coordinates.columns.pop();
        assert_eq!(coordinates.check(), Err(CoordinateError::Columns { rank: 2, columns: 1 }));
    }

    #[test]
    fn empty_and_scalar_coordinates_check() {
        assert_eq!(Coordinates::<f64>::new(vec![0, 4]).check(), Ok(()));
        assert_eq!(list(&[], &[(&[], 5.0)]).check(), Ok(()));
        assert_eq!(list(&[], &[(&[], 5.0)]).entries(), [(vec![], 5.0)]);
        let zero_size = list(&[0], &[(&[0], 1.0)]);
        assert_eq!(zero_size.check(), Err(CoordinateError::OutOfRange { entry: 0, dim: 0, coordinate: 0, size: 0 }));
    }

    #[test]
    fn values_convert_to_an_element_type_or_name_the_first_that_does_not_fit() {
        let reals = list(&[3], &[(&[0], 2.0), (&[2], -1.0)]);
        let integers = reals.to_element(Element::I8).unwrap();
        assert_eq!(integers.values, [Value::Integer(2), Value::Integer(-1)]);
        assert_eq!(integers.to_element(Element::F64).unwrap().reals(), reals);
        let error = reals.to_element(Element::I1).unwrap_err();
        assert_eq!(error.to_string(), "2 is outside the range 0..=1 of i1");
    }

    #[test]
    fn projections_and_unit_dimensions() {
        let column = list(&[3, 1], &[(&[2, 0], 1.0), (&[0, 0], 2.0)]);
        let vector = column.clone().project(&[0]);
        assert_eq!(vector, list(&[3], &[(&[2], 1.0), (&[0], 2.0)]));
        assert_eq!(vector.with_unit_dim(), column);
        assert_eq!(column.clone().project(&[1, 0]), list(&[1, 3], &[(&[0, 2], 1.0), (&[0, 0], 2.0)]));
        let mut kept = column;
        kept.retain(|value| value > 1.0);
        assert_eq!(kept, list(&[3, 1], &[(&[0, 0], 2.0)]));
    }

    #[test]
    fn sorted_order_is_row_major_and_stable() {
        let coordinates = list(&[3, 3], &[(&[2, 0], 1.0), (&[0, 2], 2.0), (&[0, 1], 3.0), (&[0, 2], 4.0)]);
        assert_eq!(coordinates.sorted_order(), [2, 1, 3, 0]);
    }
}
