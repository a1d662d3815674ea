//! The values a tensor holds, exactly: a real number, an integer, or a
//! complex number; and [`Scalar`], what tensor storage asks of its values.
//!
//! Every element type of the ABI ([`Element`]) holds its
//! values in one kind: the floats (`f64`, `f32`, `f16`, `bf16`) as a real,
//! rounded to the type; the integers (`i64` … `i1`, `index`) as an `i64`, so
//! none goes through an `f64`; `complex<f64>` and `complex<f32>` as a pair.
//! `f64` is a [`Scalar`] too, for the real-valued tensors of tests, fuzzing
//! and benchmarks.

use crate::element::{Element, Kind};
use crate::number_text::Real;
use std::fmt;
use std::ops::Add;

/// One value of a tensor or a scalar argument.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    Real(f64),
    Integer(i64),
    Complex(f64, f64),
}

impl Value {
    /// The real part: an integer converted to the nearest `f64`, a complex
    /// number's real part. For comparisons and reports, not for storage.
    pub fn real(self) -> f64 {
        match self {
            Value::Real(value) | Value::Complex(value, _) => value,
            Value::Integer(value) => value as f64,
        }
    }

    /// This value as a complex number.
    pub fn complex(self) -> (f64, f64) {
        match self {
            Value::Complex(re, im) => (re, im),
            other => (other.real(), 0.0),
        }
    }
}

/// Sums of values of one kind stay in it (integers wrap, as `arith.addi`
/// does); a sum of two kinds takes the wider one, integer < real < complex.
impl Add for Value {
    type Output = Value;

    fn add(self, other: Value) -> Value {
        match (self, other) {
            (Value::Integer(a), Value::Integer(b)) => Value::Integer(a.wrapping_add(b)),
            (Value::Complex(..), _) | (_, Value::Complex(..)) => {
                let ((a, b), (c, d)) = (self.complex(), other.complex());
                Value::Complex(a + c, b + d)
            }
            _ => Value::Real(self.real() + other.real()),
        }
    }
}

/// How values print in files: an integer exactly, a real with the shortest
/// digits that read back as the same `f64`, a complex number as its two
/// parts.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match *self {
            Value::Real(value) => write!(f, "{}", Real(value)),
            Value::Integer(value) => write!(f, "{value}"),
            Value::Complex(re, im) => write!(f, "{} {}", Real(re), Real(im)),
        }
    }
}

/// What tensor storage needs of a value: copying, comparing with the fill,
/// adding duplicates, and the start of a sum.
pub trait Scalar: Copy + PartialEq + fmt::Debug + Add<Output = Self> + Send + Sync {
    /// The identity of addition in this value's kind, which a dense array
    /// starts its stored components from: `-0.0` for reals (`x + -0.0` is
    /// `x` for every `x`, `-0.0` too), 0 for integers.
    fn sum_start(self) -> Self;

    /// 1 in this value's kind: what a pattern stores at every entry.
    fn one(self) -> Self;

    /// This value as a [`Value`].
    fn value(self) -> Value;

    /// Whether this type holds every value of `element` exactly.
    fn holds(element: Element) -> bool;

    /// `value`, a value of an element type this type [holds](Scalar::holds).
    fn from_value(value: Value) -> Self;

    /// The sum of `values`, duplicates of one entry, in their order; the
    /// exact sum where integers add up past `i64`.
    fn sum_of_duplicates(values: &[Self]) -> Result<Self, i128> {
        Ok(values[1..].iter().fold(values[0], |sum, &value| sum + value))
    }
}

impl Scalar for f64 {
    fn sum_start(self) -> f64 {
        -0.0
    }

    fn one(self) -> f64 {
        1.0
    }

    fn value(self) -> Value {
        Value::Real(self)
    }

    /// The floats: `f64` and the narrower ones, whose values `f64` holds.
    fn holds(element: Element) -> bool {
        element.kind() == Kind::Real
    }

    fn from_value(value: Value) -> f64 {
        value.real()
    }
}

impl Scalar for Value {
    fn sum_start(self) -> Value {
        match self {
            Value::Real(_) => Value::Real(-0.0),
            Value::Integer(_) => Value::Integer(0),
            Value::Complex(..) => Value::Complex(-0.0, -0.0),
        }
    }

    fn one(self) -> Value {
        match self {
            Value::Real(_) => Value::Real(1.0),
            Value::Integer(_) => Value::Integer(1),
            Value::Complex(..) => Value::Complex(1.0, 0.0),
        }
    }

    fn value(self) -> Value {
        self
    }

    fn holds(_: Element) -> bool {
        true
    }

    fn from_value(value: Value) -> Value {
        value
    }

    /// Integers add up exactly (a file's duplicates are one entry, whose
    /// value must fit, where a kernel's sums wrap).
    fn sum_of_duplicates(values: &[Value]) -> Result<Value, i128> {
        if !values.iter().all(|value| matches!(value, Value::Integer(_))) {
            return Ok(values[1..].iter().fold(values[0], |sum, &value| sum + value));
        }
        let sum: i128 = values.iter().map(|value| if let Value::Integer(integer) = value { i128::from(*integer) } else { 0 }).sum();
        i64::try_from(sum).map(Value::Integer).map_err(|_| sum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_stay_in_their_kind_and_integers_are_exact() {
        let big = (1i64 << 53) + 1;
        assert_eq!(Value::Integer(big) + Value::Integer(2), Value::Integer(big + 2));
        assert_eq!(Value::Integer(i64::MAX) + Value::Integer(1), Value::Integer(i64::MIN));
        assert_eq!(Value::Real(0.5) + Value::Real(0.25), Value::Real(0.75));
        assert_eq!(Value::Complex(1.0, 2.0) + Value::Complex(0.5, -2.0), Value::Complex(1.5, 0.0));
        assert_eq!(Value::Integer(1) + Value::Real(0.5), Value::Real(1.5));
        assert_eq!(Value::Real(1.0) + Value::Complex(0.0, 1.0), Value::Complex(1.0, 1.0));
        let (max, min) = (Value::Integer(i64::MAX), Value::Integer(i64::MIN));
        assert_eq!(Value::sum_of_duplicates(&[max, Value::Integer(1)]), Err(1 << 63));
        assert_eq!(Value::sum_of_duplicates(&[min, Value::Integer(-1)]), Err(-(1 << 63) - 1));
        assert_eq!(Value::sum_of_duplicates(&[max, max, min, min]), Ok(Value::Integer(-2)));
        assert_eq!(Value::sum_of_duplicates(&[Value::Integer(2), Value::Real(0.5)]), Ok(Value::Real(2.5)));
        for value in [Value::Real(3.5), Value::Real(-0.0), Value::Integer(-4), Value::Complex(1.0, -0.0)] {
            assert_eq!(value.sum_start() + value, value);
        }
    }

    #[test]
    fn values_print_as_files_hold_them() {
        assert_eq!(Value::Real(0.1).to_string(), "0.1");
        assert_eq!(Value::Integer(9_007_199_254_740_993).to_string(), "9007199254740993");
        assert_eq!(Value::Complex(1.5, -2.0).to_string(), "1.5 -2");
        assert_eq!(Value::Complex(1.0, 1e300).real(), 1.0);
    }
}
