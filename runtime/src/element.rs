//! The element types a kernel's tensors and scalars may have, each with its
//! layout at the kernel ABI (a memref element as MLIR lowers it to LLVM), the
//! conversion of any [`Value`] into it, and the text of a value of it.
//!
//! | type | bytes | layout | held as |
//! |---|---|---|---|
//! | `f64`, `f32` | 8, 4 | IEEE binary64, binary32 | [`Value::Real`], rounded to the type |
//! | `f16`, `bf16` | 2, 2 | IEEE binary16, bfloat16 ([`crate::half`]) | [`Value::Real`], rounded to the type |
//! | `i64`, `i32`, `i16`, `i8` | 8, 4, 2, 1 | two's complement | [`Value::Integer`], in the type's signed range |
//! | `i1` | 1 | one byte, 0 or 1 | [`Value::Integer`], 0 or 1 |
//! | `index` | 8 | a 64-bit integer | [`Value::Integer`] |
//! | `complex<f64>`, `complex<f32>` | 16, 8 | `{re, im}`, each a float of the part type | [`Value::Complex`], rounded to the part type |
//!
//! Bytes are in the machine's order, as the JIT-compiled kernel reads them.

use crate::half::{BF16, F16};
use crate::value::Value;

/// An element type of a kernel's tensor or scalar parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Element {
    F64,
    F32,
    F16,
    BF16,
    I64,
    I32,
    I16,
    I8,
    I1,
    Index,
    Complex64,
    Complex32,
}

/// Which numbers an element type holds, which also picks a file's field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Real,
    Integer,
    Complex,
}

/// A value that an element type cannot hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConversionError {
    #[error("the complex value {value} does not fit the real element type {element}")]
    Complex { value: String, element: &'static str },
    #[error("{value} is outside the range {min}..={max} of {element}")]
    OutOfRange { value: String, min: i64, max: i64, element: &'static str },
    #[error("{value} is not an integer, which {element} needs")]
    NotIntegral { value: String, element: &'static str },
    #[error("\"{text}\" is not a value of type {element} ({syntax})")]
    Syntax { text: String, element: &'static str, syntax: &'static str },
}

impl Element {
    pub const ALL: [Element; 12] = [
        Element::F64,
        Element::F32,
        Element::F16,
        Element::BF16,
        Element::I64,
        Element::I32,
        Element::I16,
        Element::I8,
        Element::I1,
        Element::Index,
        Element::Complex64,
        Element::Complex32,
    ];

    /// The MLIR type's name.
    pub fn name(self) -> &'static str {
        match self {
            Element::F64 => "f64",
            Element::F32 => "f32",
            Element::F16 => "f16",
            Element::BF16 => "bf16",
            Element::I64 => "i64",
            Element::I32 => "i32",
            Element::I16 => "i16",
            Element::I8 => "i8",
            Element::I1 => "i1",
            Element::Index => "index",
            Element::Complex64 => "complex<f64>",
            Element::Complex32 => "complex<f32>",
        }
    }

    /// The element type an MLIR type prints as `name`, if it is one.
    pub fn from_name(name: &str) -> Option<Element> {
        Element::ALL.into_iter().find(|element| element.name() == name)
    }

    pub fn kind(self) -> Kind {
        match self {
            Element::F64 | Element::F32 | Element::F16 | Element::BF16 => Kind::Real,
            Element::Complex64 | Element::Complex32 => Kind::Complex,
            _ => Kind::Integer,
        }
    }

    pub fn is_float(self) -> bool {
        self.kind() == Kind::Real
    }

    /// Bytes per element in a memref.
    pub fn size(self) -> usize {
        match self {
            Element::Complex64 => 16,
            Element::F64 | Element::I64 | Element::Index | Element::Complex32 => 8,
            Element::F32 | Element::I32 => 4,
            Element::F16 | Element::BF16 | Element::I16 => 2,
            Element::I8 | Element::I1 => 1,
        }
    }

    /// Zero in this type: the fill of a tensor that declares none.
    pub fn zero(self) -> Value {
        match self.kind() {
            Kind::Real => Value::Real(0.0),
            Kind::Integer => Value::Integer(0),
            Kind::Complex => Value::Complex(0.0, 0.0),
        }
    }

    /// The smallest and largest integer of an integer type.
    fn range(self) -> (i64, i64) {
        match self {
            Element::I32 => (i32::MIN.into(), i32::MAX.into()),
            Element::I16 => (i16::MIN.into(), i16::MAX.into()),
            Element::I8 => (i8::MIN.into(), i8::MAX.into()),
            Element::I1 => (0, 1),
            _ => (i64::MIN, i64::MAX),
        }
    }

    /// `value` rounded to the precision of a float type (or a complex
    /// type's parts).
    fn round(self, value: f64) -> f64 {
        match self {
            Element::F32 | Element::Complex32 => value as f32 as f64,
            Element::F16 => F16.round(value),
            Element::BF16 => BF16.round(value),
            _ => value,
        }
    }

    /// `value` as this type holds it: a real or an integer into a float type
    /// rounds to nearest even, into a complex type is the real part; into an
    /// integer type it must be an integer in range. A complex value fits only
    /// a complex type.
    #[inline]
    pub fn convert(self, value: Value) -> Result<Value, ConversionError> {
        if let (Element::F64, Value::Real(_)) = (self, value) {
            // `f64` holds every real as it is: the common case of files.
            return Ok(value);
        }
        match (self.kind(), value) {
            (Kind::Complex, value) => {
                let (re, im) = value.complex();
                Ok(Value::Complex(self.round(re), self.round(im)))
            }
            (_, Value::Complex(re, im)) => Err(ConversionError::Complex { value: format!("({re}, {im})"), element: self.name() }),
            (Kind::Real, value) => Ok(Value::Real(self.round(value.real()))),
            (Kind::Integer, Value::Integer(integer)) => self.integer(integer, || integer.to_string()),
            (Kind::Integer, Value::Real(real)) => {
                if real.fract() != 0.0 || !real.is_finite() {
                    return Err(ConversionError::NotIntegral { value: real.to_string(), element: self.name() });
                }
                // 2^63 is the first f64 past i64::MAX; `as` saturates below it.
                if !(-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&real) {
                    let (min, max) = self.range();
                    return Err(ConversionError::OutOfRange { value: real.to_string(), min, max, element: self.name() });
                }
                self.integer(real as i64, || real.to_string())
            }
        }
    }

    /// The value of a real written as `text` (`real`, parsed) for this
    /// type: for an integer type, read from its decimal digits, not through
    /// the `f64` (`9007199254740993.0` is exact, `2.9999999999999999999` is
    /// not an integer); `real` otherwise.
    pub fn real_text(self, text: &str, real: f64) -> Result<Value, ConversionError> {
        if self.kind() != Kind::Integer {
            return Ok(Value::Real(real));
        }
        let (min, max) = self.range();
        let out_of_range = || ConversionError::OutOfRange { value: text.to_string(), min, max, element: self.name() };
        match whole_decimal(text) {
            Whole::Integer(integer) => {
                i64::try_from(integer).map_err(|_| out_of_range()).and_then(|integer| self.integer(integer, || text.to_string()))
            }
            Whole::Huge => Err(out_of_range()),
            Whole::Fraction => Err(ConversionError::NotIntegral { value: text.to_string(), element: self.name() }),
            Whole::NotDecimal => Ok(Value::Real(real)),
        }
    }

    /// `integer` if it is in this integer type's range; `text` shows it.
    fn integer(self, integer: i64, text: impl Fn() -> String) -> Result<Value, ConversionError> {
        let (min, max) = self.range();
        if (min..=max).contains(&integer) {
            Ok(Value::Integer(integer))
        } else {
            Err(ConversionError::OutOfRange { value: text(), min, max, element: self.name() })
        }
    }

    /// The value `text` writes, on a command line: a number; for `i1` also
    /// `true` or `false`; for a complex type `re,im` (or a real number).
    pub fn parse(self, text: &str) -> Result<Value, ConversionError> {
        let syntax = match self.kind() {
            Kind::Real => "a number",
            Kind::Integer if self == Element::I1 => "0, 1, true or false",
            Kind::Integer => "an integer",
            Kind::Complex => "re,im or a real number",
        };
        let error = || ConversionError::Syntax { text: text.to_string(), element: self.name(), syntax };
        let number = |text: &str| -> Result<Value, ConversionError> {
            let text = text.trim();
            match text.parse::<i64>() {
                // `-0` is an integer, but the real -0.0 for a float type.
                Ok(0) if text.starts_with('-') && self.kind() != Kind::Integer => Ok(Value::Real(-0.0)),
                Ok(integer) => Ok(Value::Integer(integer)),
                // An integer past i64 would round to one as a float (-2^63 - 1
                // to -2^63): into an integer type it is out of range.
                Err(_) if self.kind() == Kind::Integer && text.parse::<i128>().is_ok() => {
                    let (min, max) = self.range();
                    Err(ConversionError::OutOfRange { value: text.to_string(), min, max, element: self.name() })
                }
                Err(_) => self.real_text(text, text.parse::<f64>().map_err(|_| error())?),
            }
        };
        let part = |text: &str| number(text).map(Value::real);
        let value = match (self.kind(), text.trim()) {
            (Kind::Integer, "true") if self == Element::I1 => Value::Integer(1),
            (Kind::Integer, "false") if self == Element::I1 => Value::Integer(0),
            (Kind::Complex, text) => match text.split_once(',') {
                Some((re, im)) => Value::Complex(part(re)?, part(im)?),
                None => number(text)?,
            },
            (_, text) => number(text)?,
        };
        self.convert(value)
    }

    /// Appends the bytes of `value`, converted by [`Element::convert`], to
    /// `into`. Integers past the type's width wrap, as `arith.trunci` does
    /// (sums of duplicate entries may leave the range); `i1` keeps its low bit.
    pub fn encode(self, value: Value, into: &mut Vec<u8>) {
        let integer = match value {
            Value::Integer(integer) => integer,
            other => other.real() as i64,
        };
        let (re, im) = value.complex();
        match self {
            Element::F64 => into.extend(re.to_ne_bytes()),
            Element::F32 => into.extend((re as f32).to_ne_bytes()),
            Element::F16 => into.extend(F16.from_f64(re).to_ne_bytes()),
            Element::BF16 => into.extend(BF16.from_f64(re).to_ne_bytes()),
            Element::I64 | Element::Index => into.extend(integer.to_ne_bytes()),
            Element::I32 => into.extend((integer as i32).to_ne_bytes()),
            Element::I16 => into.extend((integer as i16).to_ne_bytes()),
            Element::I8 => into.extend((integer as i8).to_ne_bytes()),
            Element::I1 => into.push((integer & 1) as u8),
            Element::Complex64 => {
                into.extend(re.to_ne_bytes());
                into.extend(im.to_ne_bytes());
            }
            Element::Complex32 => {
                into.extend((re as f32).to_ne_bytes());
                into.extend((im as f32).to_ne_bytes());
            }
        }
    }

    /// The value of the [`Element::size`] bytes of one element (missing
    /// bytes read as 0).
    pub fn decode(self, bytes: &[u8]) -> Value {
        let f64_at = |at| f64::from_ne_bytes(take(bytes, at));
        let f32_at = |at| f64::from(f32::from_ne_bytes(take(bytes, at)));
        match self {
            Element::F64 => Value::Real(f64_at(0)),
            Element::F32 => Value::Real(f32_at(0)),
            Element::F16 => Value::Real(F16.to_f64(u16::from_ne_bytes(take(bytes, 0)))),
            Element::BF16 => Value::Real(BF16.to_f64(u16::from_ne_bytes(take(bytes, 0)))),
            Element::I64 | Element::Index => Value::Integer(i64::from_ne_bytes(take(bytes, 0))),
            Element::I32 => Value::Integer(i32::from_ne_bytes(take(bytes, 0)).into()),
            Element::I16 => Value::Integer(i16::from_ne_bytes(take(bytes, 0)).into()),
            Element::I8 => Value::Integer(i8::from_ne_bytes(take(bytes, 0)).into()),
            Element::I1 => Value::Integer((take::<1>(bytes, 0)[0] & 1).into()),
            Element::Complex64 => Value::Complex(f64_at(0), f64_at(8)),
            Element::Complex32 => Value::Complex(f32_at(0), f32_at(4)),
        }
    }
}

/// The `N` bytes of `bytes` from `at`, zeros where it ends.
pub(crate) fn take<const N: usize>(bytes: &[u8], at: usize) -> [u8; N] {
    let mut out = [0; N];
    let available = bytes.get(at..).unwrap_or_default();
    let count = available.len().min(N);
    out[..count].copy_from_slice(&available[..count]);
    out
}

/// What a decimal real's digits say of it ([`whole_decimal`]).
#[derive(Debug, PartialEq)]
enum Whole {
    /// A whole number, exactly.
    Integer(i128),
    /// A whole number past `i128`.
    Huge,
    /// A number with a fractional part.
    Fraction,
    /// Not a decimal number (`inf`, `nan`): only its `f64` says.
    NotDecimal,
}

/// Whether `text`, `[sign] digits [. digits] [e [sign] digits]`, is a
/// whole number, and which.
fn whole_decimal(text: &str) -> Whole {
    let unsigned = text.strip_prefix(['+', '-']).unwrap_or(text);
    let negative = text.starts_with('-');
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(at) => (&unsigned[..at], &unsigned[at + 1..]),
        None => (unsigned, "0"),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
    let exponent_digits = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
    if whole.len() + fraction.len() == 0 || !digits(whole) || !digits(fraction) || exponent_digits.is_empty() || !digits(exponent_digits) {
        return Whole::NotDecimal;
    }
    // The significant digits and the power of ten they are scaled by.
    let all: Vec<u8> = whole.bytes().chain(fraction.bytes()).map(|byte| byte - b'0').collect();
    let Some(first) = all.iter().position(|&digit| digit != 0) else { return Whole::Integer(0) };
    let last = all.iter().rposition(|&digit| digit != 0).expect("a nonzero digit");
    let exponent: i64 = exponent.parse().unwrap_or(if exponent.starts_with('-') { i64::MIN } else { i64::MAX });
    // The digits `first..=last` times 10^scale.
    let scale = exponent.saturating_sub(fraction.len() as i64).saturating_add((all.len() - 1 - last) as i64);
    if scale < 0 {
        return Whole::Fraction;
    }
    let mut integer: i128 = 0;
    for &digit in &all[first..=last] {
        let Some(next) = integer.checked_mul(10).and_then(|shifted| shifted.checked_add(i128::from(digit))) else { return Whole::Huge };
        integer = next;
    }
    for _ in 0..scale {
        let Some(next) = integer.checked_mul(10) else { return Whole::Huge };
        integer = next;
    }
    Whole::Integer(if negative { -integer } else { integer })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_type_round_trips_its_values_through_its_bytes() {
        let big = (1i64 << 53) + 1;
        let cases: [(Element, Value); 12] = [
            (Element::F64, Value::Real(0.1)),
            (Element::F32, Value::Real(-1.5)),
            (Element::F16, Value::Real(65504.0)),
            (Element::BF16, Value::Real(3.0e38_f32 as f64)),
            (Element::I64, Value::Integer(big)),
            (Element::I32, Value::Integer(i32::MIN.into())),
            (Element::I16, Value::Integer(-300)),
            (Element::I8, Value::Integer(127)),
            (Element::I1, Value::Integer(1)),
            (Element::Index, Value::Integer(i64::MAX)),
            (Element::Complex64, Value::Complex(0.1, -2.5)),
            (Element::Complex32, Value::Complex(1.25, 3.0)),
        ];
        for (element, value) in cases {
            let value = element.convert(value).unwrap();
            let mut bytes = Vec::new();
            element.encode(value, &mut bytes);
            assert_eq!(bytes.len(), element.size(), "{element:?}");
            assert_eq!(element.decode(&bytes), value, "{element:?}");
            assert_eq!(Element::from_name(element.name()), Some(element));
        }
    }

    #[test]
    fn layouts_are_what_mlir_lowers_memrefs_to() {
        let bytes = |element: Element, value| {
            let mut bytes = Vec::new();
            element.encode(value, &mut bytes);
            bytes
        };
        assert_eq!(bytes(Element::F16, Value::Real(1.0)), 0x3c00u16.to_ne_bytes());
        assert_eq!(bytes(Element::BF16, Value::Real(1.0)), 0x3f80u16.to_ne_bytes());
        assert_eq!(bytes(Element::I1, Value::Integer(1)), [1]);
        assert_eq!(bytes(Element::I8, Value::Integer(-1)), [0xff]);
        let mut pair = 1.5f64.to_ne_bytes().to_vec();
        pair.extend((-2.0f64).to_ne_bytes());
        assert_eq!(bytes(Element::Complex64, Value::Complex(1.5, -2.0)), pair);
        let mut pair = 1.5f32.to_ne_bytes().to_vec();
        pair.extend((-2.0f32).to_ne_bytes());
        assert_eq!(bytes(Element::Complex32, Value::Complex(1.5, -2.0)), pair);
        // Sums past the width wrap as arith.trunci does.
        assert_eq!(bytes(Element::I8, Value::Integer(200)), [200]);
    }

    #[test]
    fn conversions_round_floats_and_check_integers() {
        assert_eq!(Element::F16.convert(Value::Real(0.1)), Ok(Value::Real(F16.round(0.1))));
        assert_eq!(Element::F32.convert(Value::Integer(16_777_217)), Ok(Value::Real(16_777_216.0)));
        assert_eq!(Element::I64.convert(Value::Real(-3.0)), Ok(Value::Integer(-3)));
        assert_eq!(Element::Complex32.convert(Value::Integer(2)), Ok(Value::Complex(2.0, 0.0)));
        assert_eq!(Element::Complex64.convert(Value::Real(0.1)), Ok(Value::Complex(0.1, 0.0)));
        let error = |element: Element, value| element.convert(value).unwrap_err().to_string();
        assert_eq!(error(Element::F64, Value::Complex(1.0, 2.0)), "the complex value (1, 2) does not fit the real element type f64");
        assert_eq!(error(Element::I8, Value::Integer(128)), "128 is outside the range -128..=127 of i8");
        assert_eq!(error(Element::I1, Value::Integer(2)), "2 is outside the range 0..=1 of i1");
        assert_eq!(error(Element::I32, Value::Real(2.5)), "2.5 is not an integer, which i32 needs");
        assert_eq!(error(Element::Index, Value::Real(f64::NAN)), "NaN is not an integer, which index needs");
        assert_eq!(
            error(Element::I64, Value::Real(1e19)),
            "10000000000000000000 is outside the range -9223372036854775808..=9223372036854775807 of i64"
        );
    }

    #[test]
    fn command_line_values_of_every_type() {
        assert_eq!(Element::I64.parse("9007199254740993"), Ok(Value::Integer(9_007_199_254_740_993)));
        let below = Element::I64.parse("-9223372036854775809").unwrap_err().to_string();
        assert_eq!(below, "-9223372036854775809 is outside the range -9223372036854775808..=9223372036854775807 of i64");
        assert_eq!(Element::I16.parse("-7"), Ok(Value::Integer(-7)));
        assert_eq!(Element::I32.parse("4.0"), Ok(Value::Integer(4)));
        assert_eq!(Element::I1.parse("true"), Ok(Value::Integer(1)));
        assert_eq!(Element::I1.parse("0"), Ok(Value::Integer(0)));
        assert_eq!(Element::BF16.parse("1.00390625"), Ok(Value::Real(1.0)));
        assert_eq!(Element::Complex64.parse("1.5,-2"), Ok(Value::Complex(1.5, -2.0)));
        assert_eq!(Element::Complex32.parse("3"), Ok(Value::Complex(3.0, 0.0)));
        assert_eq!(Element::I1.parse("yes").unwrap_err().to_string(), "\"yes\" is not a value of type i1 (0, 1, true or false)");
        assert_eq!(
            Element::Complex64.parse("1,x").unwrap_err().to_string(),
            "\"1,x\" is not a value of type complex<f64> (re,im or a real number)"
        );
        assert_eq!(Element::F64.parse("1,2").unwrap_err().to_string(), "\"1,2\" is not a value of type f64 (a number)");
        assert_eq!(Element::I8.parse("300").unwrap_err().to_string(), "300 is outside the range -128..=127 of i8");
        // Reals into integer types are read from their digits.
        assert_eq!(Element::I64.parse("9007199254740993.0").unwrap(), Value::Integer(9_007_199_254_740_993));
        assert_eq!(
            Element::I32.parse("2.9999999999999999999").unwrap_err().to_string(),
            "2.9999999999999999999 is not an integer, which i32 needs"
        );
        assert_eq!(
            Element::I64.parse("-9223372036854775809.0").unwrap_err().to_string(),
            "-9223372036854775809.0 is outside the range -9223372036854775808..=9223372036854775807 of i64"
        );
        assert_eq!(Element::I32.parse("1.5e1").unwrap(), Value::Integer(15));
        assert_eq!(Element::I32.parse("1.25e1").unwrap_err().to_string(), "1.25e1 is not an integer, which i32 needs");
        assert_eq!(Element::I32.parse("125e-2").unwrap_err().to_string(), "125e-2 is not an integer, which i32 needs");
        assert_eq!(Element::I32.parse("1200e-2").unwrap(), Value::Integer(12));
        assert_eq!(Element::I32.parse("2.50e1").unwrap(), Value::Integer(25));
        assert_eq!(Element::I32.parse("-0.0").unwrap(), Value::Integer(0));
        assert_eq!(Element::I32.parse("1e400").unwrap_err().to_string(), "1e400 is outside the range -2147483648..=2147483647 of i32");
        let Value::Real(negative_zero) = Element::F64.parse("-0").unwrap() else { panic!("a real") };
        assert!(negative_zero == 0.0 && negative_zero.is_sign_negative());
    }
}
