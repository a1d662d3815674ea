//! Coordinate lists: the format-free form of a tensor that file readers
//! return and writers take, the range check every entry must pass, and the
//! conversion of a list's values to an element type.

use crate::element::{ConversionError, Element};
use crate::value::{Scalar, Value};

/// A tensor as its shape and a list of entries, each a coordinate per
/// dimension (0-based) and a value: a [`Value`] of any element type, or an
/// `f64`. Entries may repeat a coordinate; readers keep the order of the
/// file.
#[derive(Clone, Debug, PartialEq)]
pub struct Coordinates<V = f64> {
    pub shape: Vec<usize>,
    pub entries: Vec<(Vec<usize>, V)>,
}

/// An entry that does not fit its shape.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CoordinateError {
    #[error("entry {entry} has {found} coordinates but the shape has rank {rank}")]
    Rank { entry: usize, found: usize, rank: usize },
    #[error("entry {entry}: coordinate {coordinate} of dimension {dim} is outside 0..{size}")]
    OutOfRange { entry: usize, dim: usize, coordinate: usize, size: usize },
}

impl<V: Scalar> Coordinates<V> {
    /// Checks that every entry has one in-range coordinate per dimension.
    pub fn check(&self) -> Result<(), CoordinateError> {
        self.entries.iter().enumerate().try_for_each(|(entry, (coordinates, _))| check_entry(&self.shape, entry, coordinates))
    }

    /// The entries in lexicographic (row-major) coordinate order; entries with
    /// the same coordinate keep their relative order.
    pub fn sorted_entries(&self) -> Vec<&(Vec<usize>, V)> {
        let mut sorted: Vec<_> = self.entries.iter().collect();
        sorted.sort_by(|a, b| a.0.cmp(&b.0));
        sorted
    }

    /// The same entries with values converted to `element`
    /// ([`Element::convert`]); the first that does not fit is the error.
    pub fn to_element(&self, element: Element) -> Result<Coordinates<Value>, ConversionError> {
        let entries = self
            .entries
            .iter()
            .map(|(coordinates, value)| Ok((coordinates.clone(), element.convert(value.value())?)))
            .collect::<Result<_, ConversionError>>()?;
        Ok(Coordinates { shape: self.shape.clone(), entries })
    }
}

impl Coordinates<Value> {
    /// The real parts of the values ([`Value::real`]): exact for values read
    /// as `f64`.
    pub fn reals(self) -> Coordinates {
        let entries = self.entries.into_iter().map(|(coordinates, value)| (coordinates, value.real())).collect();
        Coordinates { shape: self.shape, entries }
    }
}

/// Checks entry number `entry` (for the message) against `shape`.
pub(crate) fn check_entry(shape: &[usize], entry: usize, coordinates: &[usize]) -> Result<(), CoordinateError> {
    if coordinates.len() != shape.len() {
        return Err(CoordinateError::Rank { entry, found: coordinates.len(), rank: shape.len() });
    }
    match coordinates.iter().zip(shape).position(|(coordinate, size)| coordinate >= size) {
        Some(dim) => Err(CoordinateError::OutOfRange { entry, dim, coordinate: coordinates[dim], size: shape[dim] }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_accepts_in_range_entries_and_names_the_first_bad_one() {
        let mut coordinates = Coordinates { shape: vec![2, 3], entries: vec![(vec![1, 2], 1.0), (vec![0, 0], 2.0)] };
        assert_eq!(coordinates.check(), Ok(()));
        coordinates.entries.push((vec![1, 3], 3.0));
        coordinates.entries.push((vec![1], 4.0));
        let error = coordinates.check().unwrap_err();
        assert_eq!(error, CoordinateError::OutOfRange { entry: 2, dim: 1, coordinate: 3, size: 3 });
        assert_eq!(error.to_string(), "entry 2: coordinate 3 of dimension 1 is outside 0..3");
        coordinates.entries.remove(2);
        assert_eq!(coordinates.check(), Err(CoordinateError::Rank { entry: 2, found: 1, rank: 2 }));
    }

    #[test]
    fn empty_and_scalar_coordinates_check() {
        assert_eq!(Coordinates::<f64> { shape: vec![0, 4], entries: vec![] }.check(), Ok(()));
        assert_eq!(Coordinates { shape: vec![], entries: vec![(vec![], 5.0)] }.check(), Ok(()));
        let zero_size = Coordinates { shape: vec![0], entries: vec![(vec![0], 1.0)] };
        assert_eq!(zero_size.check(), Err(CoordinateError::OutOfRange { entry: 0, dim: 0, coordinate: 0, size: 0 }));
    }

    #[test]
    fn values_convert_to_an_element_type_or_name_the_first_that_does_not_fit() {
        let reals = Coordinates { shape: vec![3], entries: vec![(vec![0], 2.0), (vec![2], -1.0)] };
        let integers = reals.to_element(Element::I8).unwrap();
        assert_eq!(integers.entries, [(vec![0], Value::Integer(2)), (vec![2], Value::Integer(-1))]);
        assert_eq!(integers.to_element(Element::F64).unwrap().reals(), reals);
        let error = reals.to_element(Element::I1).unwrap_err();
        assert_eq!(error.to_string(), "2 is outside the range 0..=1 of i1");
    }

    #[test]
    fn sorted_entries_are_row_major_and_stable() {
        let coordinates =
            Coordinates { shape: vec![3, 3], entries: vec![(vec![2, 0], 1.0), (vec![0, 2], 2.0), (vec![0, 1], 3.0), (vec![0, 2], 4.0)] };
        let sorted: Vec<_> = coordinates.sorted_entries().into_iter().cloned().collect();
        assert_eq!(sorted, [(vec![0, 1], 3.0), (vec![0, 2], 2.0), (vec![0, 2], 4.0), (vec![2, 0], 1.0)]);
    }
}
