//! Fill inference (paper 000 §2.5 and §4.4): the value an expression has
//! where none of the operands it reads is stored, folded at compile time
//! from the operands' fill values through the ops of a statement's body and
//! through the user functions it calls.
//!
//! The numbers are plain data ([`Number`]) in the arithmetic of their element
//! type ([`Element`]); [`fold`] evaluates one op on them and knows nothing of
//! MLIR, so it is tested on its own. What it cannot evaluate exactly (an op
//! it does not know, a division by 0, an `f16`) is `None`: unknown, never
//! guessed.

use crate::ir::defining_op;
use melior::ir::{
    attribute::{ArrayAttribute, FloatAttribute, IntegerAttribute},
    operation::OperationLike,
    Attribute, AttributeLike, Type, TypeLike, Value, ValueLike,
};

/// A scalar known at compile time. Integers are held sign-extended from
/// their width, so two equal values of one type compare equal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Number {
    Float(f64),
    Integer(i128),
    Complex(f64, f64),
}

/// The element types [`fold`] computes in, with their widths in bits
/// (`index` is a 64-bit integer; `Float(16)` is `f16`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Element {
    Float(u32),
    BFloat16,
    Integer(u32),
    Complex(u32),
}

impl Element {
    /// The element type spelled `text` (`f64`, `i32`, `index`, `complex<f32>`).
    pub fn parse(text: &str) -> Option<Self> {
        let float = |text: &str| match text {
            "f64" => Some(64),
            "f32" => Some(32),
            _ => None,
        };
        if let Some(part) = text.strip_prefix("complex<").and_then(|rest| rest.strip_suffix('>')) {
            return float(part).map(Element::Complex);
        }
        match text {
            "index" => return Some(Element::Integer(64)),
            "f16" => return Some(Element::Float(16)),
            "bf16" => return Some(Element::BFloat16),
            _ => {}
        }
        if let Some(bits) = text.strip_prefix('i').and_then(|bits| bits.parse().ok()) {
            return (1..=64).contains(&bits).then_some(Element::Integer(bits));
        }
        float(text).map(Element::Float)
    }

    pub fn of(r#type: Type) -> Option<Self> {
        Self::parse(&r#type.to_string())
    }

    pub fn zero(self) -> Number {
        match self {
            Element::Float(_) | Element::BFloat16 => Number::Float(0.0),
            Element::Integer(_) => Number::Integer(0),
            Element::Complex(_) => Number::Complex(0.0, 0.0),
        }
    }

    /// `number` as a value of this type holds it: a float rounded to the
    /// width, an integer wrapped to it; `None` for a number of another kind,
    /// or a 16-bit float that needs rounding (computed in `f64`, it is exact
    /// only where it is representable).
    fn round(self, number: Number) -> Option<Number> {
        let float = |bits: u32, value: f64| match bits {
            32 => Some(f64::from(value as f32)),
            // f16: 11 significant bits, subnormals down to 2^-24.
            16 => representable(value, 11, -24, 65504.0).then_some(value),
            _ => Some(value),
        };
        match (self, number) {
            (Element::Float(bits), Number::Float(value)) => Some(Number::Float(float(bits, value)?)),
            // bf16: 8 significant bits, subnormals down to 2^-133.
            (Element::BFloat16, Number::Float(value)) => {
                representable(value, 8, -133, f64::from(f32::from_bits(0x7f7f_0000))).then_some(number)
            }
            (Element::Integer(bits), Number::Integer(value)) => Some(Number::Integer(wrap(value, bits))),
            (Element::Complex(bits), Number::Complex(re, im)) => Some(Number::Complex(float(bits, re)?, float(bits, im)?)),
            _ => None,
        }
    }

    /// The integer `value` read as unsigned, for an integer type.
    fn unsigned(self, value: i128) -> Option<i128> {
        match self {
            Element::Integer(bits) => Some(value & ((1i128 << bits) - 1)),
            _ => None,
        }
    }

    fn bits(self) -> u32 {
        match self {
            Element::Float(bits) | Element::Integer(bits) | Element::Complex(bits) => bits,
            Element::BFloat16 => 16,
        }
    }
}

/// Whether the binary float format with `precision` significant bits, a
/// least subnormal of `2^least` and a greatest finite value `max` holds
/// `value` exactly (infinities and NaN included).
fn representable(value: f64, precision: u32, least: i32, max: f64) -> bool {
    if !value.is_finite() || value == 0.0 {
        return true;
    }
    let bits = value.abs().to_bits();
    let exponent = (bits >> 52) as i32;
    if exponent == 0 || value.abs() > max {
        // An f64 subnormal is below every 16-bit float's least subnormal.
        return false;
    }
    // value = significand × 2^(exponent − 1075), the significand odd once
    // its trailing zeros move into the exponent.
    let significand = (bits & ((1 << 52) - 1)) | (1 << 52);
    let zeros = significand.trailing_zeros();
    let (significand, lsb) = (significand >> zeros, exponent - 1075 + zeros as i32);
    64 - significand.leading_zeros() <= precision && lsb >= least
}

/// `value` sign-extended from its low `bits` bits.
fn wrap(value: i128, bits: u32) -> i128 {
    let shift = 128 - bits;
    (value << shift) >> shift
}

impl Number {
    /// The number a scalar attribute of type `element` holds: an
    /// `arith.constant`'s or `complex.constant`'s value, a fill value, a
    /// property.
    pub fn of_attribute(attribute: Attribute, element: Element) -> Option<Self> {
        let number = if let Ok(float) = FloatAttribute::try_from(attribute) {
            Number::Float(float.value())
        } else if let Ok(integer) = IntegerAttribute::try_from(attribute) {
            Number::Integer(integer.value().into())
        } else if let Ok(parts) = ArrayAttribute::try_from(attribute) {
            // `complex.constant`'s value: `[re, im]`.
            let part = |index| parts.element(index).ok().and_then(|part| FloatAttribute::try_from(part).ok()).map(|part| part.value());
            Number::Complex(part(0)?, part(1)?)
        } else {
            let (re, im) = sparse_dialects::scalar::complex_parts(attribute)?;
            Number::Complex(re, im)
        };
        element.round(number)
    }

    /// The number `value` holds when an `arith.constant` or
    /// `complex.constant` makes it.
    pub fn of_constant(value: Value) -> Option<Self> {
        let maker = defining_op(value)?;
        let name = maker.name();
        let name = name.as_string_ref().as_str().ok()?;
        if !matches!(name, "arith.constant" | "complex.constant") {
            return None;
        }
        Self::of_attribute(maker.attribute("value").ok()?, Element::of(value.r#type())?)
    }

    /// The number a typed scalar attribute (a fill value, a property) holds.
    pub fn of_typed(attribute: Attribute) -> Option<Self> {
        Self::of_attribute(attribute, Element::of(attribute.r#type())?)
    }

    /// Equality of values: a NaN is the same as a NaN (a fill value of NaN
    /// is NaN wherever nothing is stored), `-0.0` the same as `0.0`.
    pub fn same(self, other: Number) -> bool {
        let float = |a: f64, b: f64| a == b || (a.is_nan() && b.is_nan());
        match (self, other) {
            (Number::Float(a), Number::Float(b)) => float(a, b),
            (Number::Integer(a), Number::Integer(b)) => a == b,
            (Number::Complex(a, b), Number::Complex(c, d)) => float(a, c) && float(b, d),
            _ => false,
        }
    }

    /// Equality of stored values: [`Number::same`], but `-0.0` differs from
    /// `0.0` (a component that reads `-0.0` is not one that reads the fill
    /// `0.0`).
    pub fn identical(self, other: Number) -> bool {
        let float = |a: f64, b: f64| a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan());
        match (self, other) {
            (Number::Float(a), Number::Float(b)) => float(a, b),
            (Number::Complex(a, b), Number::Complex(c, d)) => float(a, c) && float(b, d),
            _ => self.same(other),
        }
    }

    pub fn is_finite(self) -> bool {
        match self {
            Number::Float(value) => value.is_finite(),
            Number::Integer(_) => true,
            Number::Complex(re, im) => re.is_finite() && im.is_finite(),
        }
    }

    /// This number as a constant's value of `r#type` (`None` for a
    /// complex number, or a type it does not fit).
    pub fn attribute<'c>(self, r#type: Type<'c>, context: &'c melior::Context) -> Option<Attribute<'c>> {
        match self {
            Number::Float(value) if is_float(r#type) => Some(FloatAttribute::new(context, r#type, value).into()),
            Number::Integer(value) if r#type.is_integer() || r#type.is_index() => {
                Some(IntegerAttribute::new(r#type, i64::try_from(value).ok()?).into())
            }
            _ => None,
        }
    }

    /// Zero in every bit: an integer 0, a float `+0.0`, a complex number
    /// of two `+0.0` parts (`-0.0` is a value of its own: `1 / -0.0` is
    /// `-inf`).
    pub fn is_positive_zero(self) -> bool {
        let positive = |value: f64| value == 0.0 && value.is_sign_positive();
        match self {
            Number::Float(value) => positive(value),
            Number::Integer(value) => value == 0,
            Number::Complex(re, im) => positive(re) && positive(im),
        }
    }

    pub fn is_zero(self) -> bool {
        match self {
            Number::Float(value) => value == 0.0,
            Number::Integer(value) => value == 0,
            Number::Complex(re, im) => re == 0.0 && im == 0.0,
        }
    }
}

impl std::fmt::Display for Number {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Number::Float(value) => write!(f, "{value}"),
            Number::Integer(value) => write!(f, "{value}"),
            Number::Complex(re, im) => write!(f, "({re}, {im})"),
        }
    }
}

/// `arith.cmpf` on `a` and `b` under `predicate` (false, oeq, ogt, oge,
/// olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true).
fn compare_floats(predicate: i64, a: f64, b: f64) -> Option<bool> {
    let unordered = a.is_nan() || b.is_nan();
    let ordered = |holds: bool| !unordered && holds;
    let either = |holds: bool| unordered || holds;
    Some(match predicate {
        0 => false,
        1 => ordered(a == b),
        2 => ordered(a > b),
        3 => ordered(a >= b),
        4 => ordered(a < b),
        5 => ordered(a <= b),
        6 => ordered(a != b),
        7 => !unordered,
        8 => either(a == b),
        9 => either(a > b),
        10 => either(a >= b),
        11 => either(a < b),
        12 => either(a <= b),
        13 => either(a != b),
        14 => unordered,
        15 => true,
        _ => return None,
    })
}

/// `arith.cmpi` on `a` and `b` (sign-extended, unsigned as `ua`, `ub`) under
/// `predicate` (eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge).
pub(crate) fn compare_integers(predicate: i64, (a, ua): (i128, i128), (b, ub): (i128, i128)) -> Option<bool> {
    Some(match predicate {
        0 => a == b,
        1 => a != b,
        2 => a < b,
        3 => a <= b,
        4 => a > b,
        5 => a >= b,
        6 => ua < ub,
        7 => ua <= ub,
        8 => ua > ub,
        9 => ua >= ub,
        _ => return None,
    })
}

/// IEEE `maximum`/`minimum` (`arith.maximumf`, `arith.minimumf`): NaN if
/// either is, and `+0 > -0`.
fn extremum(a: f64, b: f64, maximum: bool) -> f64 {
    if a.is_nan() || b.is_nan() {
        return f64::NAN;
    }
    if a == b {
        // Equal but for the sign of a zero: the maximum is the positive one.
        return if a.is_sign_negative() == maximum { b } else { a };
    }
    if (a > b) == maximum {
        a
    } else {
        b
    }
}

/// The value of the op named `op` (an `arith`, `math` or `complex` op on
/// scalars) on `arguments`, whose type is `operand` (the first operand's;
/// `arith.select`'s second), as a value of type `result`. `predicate` is a
/// comparison's. `None` where the op is unknown or its value is undefined
/// (a division by 0, a shift by the width or more, a float out of an
/// integer's range).
pub fn fold(op: &str, predicate: Option<i64>, arguments: &[Number], operand: Element, result: Element) -> Option<Number> {
    use Number::{Complex, Float, Integer};
    let unsigned = |value: i128| operand.unsigned(value);
    let boolean = |holds: bool| Integer(i128::from(holds));
    let value = match (op, arguments) {
        ("arith.addf", &[Float(a), Float(b)]) => Float(a + b),
        ("arith.subf", &[Float(a), Float(b)]) => Float(a - b),
        ("arith.mulf", &[Float(a), Float(b)]) => Float(a * b),
        ("arith.divf", &[Float(a), Float(b)]) => Float(a / b),
        ("arith.remf", &[Float(a), Float(b)]) => Float(a % b),
        ("arith.maximumf", &[Float(a), Float(b)]) => Float(extremum(a, b, true)),
        ("arith.minimumf", &[Float(a), Float(b)]) => Float(extremum(a, b, false)),
        ("arith.maxnumf", &[Float(a), Float(b)]) => Float(a.max(b)),
        ("arith.minnumf", &[Float(a), Float(b)]) => Float(a.min(b)),
        ("math.powf", &[Float(a), Float(b)]) => Float(a.powf(b)),
        ("math.atan2", &[Float(a), Float(b)]) => Float(a.atan2(b)),
        ("math.copysign", &[Float(a), Float(b)]) => Float(a.copysign(b)),
        ("arith.negf", &[Float(a)]) => Float(-a),
        ("math.absf", &[Float(a)]) => Float(a.abs()),
        ("math.sqrt", &[Float(a)]) => Float(a.sqrt()),
        ("math.cbrt", &[Float(a)]) => Float(a.cbrt()),
        ("math.exp", &[Float(a)]) => Float(a.exp()),
        ("math.exp2", &[Float(a)]) => Float(a.exp2()),
        ("math.expm1", &[Float(a)]) => Float(a.exp_m1()),
        ("math.log", &[Float(a)]) => Float(a.ln()),
        ("math.log2", &[Float(a)]) => Float(a.log2()),
        ("math.log10", &[Float(a)]) => Float(a.log10()),
        ("math.log1p", &[Float(a)]) => Float(a.ln_1p()),
        ("math.sin", &[Float(a)]) => Float(a.sin()),
        ("math.cos", &[Float(a)]) => Float(a.cos()),
        ("math.tan", &[Float(a)]) => Float(a.tan()),
        ("math.tanh", &[Float(a)]) => Float(a.tanh()),
        ("math.atan", &[Float(a)]) => Float(a.atan()),
        ("math.floor", &[Float(a)]) => Float(a.floor()),
        ("math.ceil", &[Float(a)]) => Float(a.ceil()),
        ("math.trunc", &[Float(a)]) => Float(a.trunc()),
        ("math.round", &[Float(a)]) => Float(a.round()),
        ("arith.extf" | "arith.truncf", &[Float(a)]) => Float(a),
        ("arith.addi", &[Integer(a), Integer(b)]) => Integer(a + b),
        ("arith.subi", &[Integer(a), Integer(b)]) => Integer(a - b),
        ("arith.muli", &[Integer(a), Integer(b)]) => Integer(a * b),
        ("arith.andi", &[Integer(a), Integer(b)]) => Integer(a & b),
        ("arith.ori", &[Integer(a), Integer(b)]) => Integer(a | b),
        ("arith.xori", &[Integer(a), Integer(b)]) => Integer(a ^ b),
        ("arith.maxsi", &[Integer(a), Integer(b)]) => Integer(a.max(b)),
        ("arith.minsi", &[Integer(a), Integer(b)]) => Integer(a.min(b)),
        ("arith.maxui", &[Integer(a), Integer(b)]) => Integer(if unsigned(a)? >= unsigned(b)? { a } else { b }),
        ("arith.minui", &[Integer(a), Integer(b)]) => Integer(if unsigned(a)? <= unsigned(b)? { a } else { b }),
        ("arith.divsi", &[Integer(a), Integer(b)]) if b != 0 => Integer(a / b),
        ("arith.remsi", &[Integer(a), Integer(b)]) if b != 0 => Integer(a % b),
        ("arith.divui", &[Integer(a), Integer(b)]) if b != 0 => Integer(unsigned(a)? / unsigned(b)?),
        ("arith.remui", &[Integer(a), Integer(b)]) if b != 0 => Integer(unsigned(a)? % unsigned(b)?),
        ("arith.shli", &[Integer(a), Integer(b)]) if (0..i128::from(operand.bits())).contains(&b) => Integer(a << b),
        ("arith.shrsi", &[Integer(a), Integer(b)]) if (0..i128::from(operand.bits())).contains(&b) => Integer(a >> b),
        ("arith.shrui", &[Integer(a), Integer(b)]) if (0..i128::from(operand.bits())).contains(&b) => Integer(unsigned(a)? >> b),
        ("math.absi", &[Integer(a)]) => Integer(a.abs()),
        ("arith.extsi" | "arith.trunci" | "arith.index_cast", &[Integer(a)]) => Integer(a),
        ("arith.extui" | "arith.index_castui", &[Integer(a)]) => Integer(unsigned(a)?),
        ("arith.sitofp", &[Integer(a)]) => Float(integer_to_float(a, result)),
        ("arith.uitofp", &[Integer(a)]) => Float(integer_to_float(unsigned(a)?, result)),
        ("arith.fptosi" | "arith.fptoui", &[Float(a)]) => {
            let (low, high) = match (op, result) {
                ("arith.fptosi", Element::Integer(bits)) => (-(2f64.powi(bits as i32 - 1)), 2f64.powi(bits as i32 - 1)),
                (_, Element::Integer(bits)) => (0.0, 2f64.powi(bits as i32)),
                _ => return None,
            };
            let truncated = a.trunc();
            if !(low..high).contains(&truncated) {
                return None;
            }
            Integer(truncated as i128)
        }
        ("arith.cmpf", &[Float(a), Float(b)]) => boolean(compare_floats(predicate?, a, b)?),
        ("arith.cmpi", &[Integer(a), Integer(b)]) => boolean(compare_integers(predicate?, (a, unsigned(a)?), (b, unsigned(b)?))?),
        ("arith.select", &[Integer(condition), yes, no]) => {
            if condition != 0 {
                yes
            } else {
                no
            }
        }
        ("complex.add", &[Complex(a, b), Complex(c, d)]) => Complex(a + c, b + d),
        ("complex.sub", &[Complex(a, b), Complex(c, d)]) => Complex(a - c, b - d),
        ("complex.mul", &[Complex(a, b), Complex(c, d)]) => Complex(a * c - b * d, a * d + b * c),
        ("complex.neg", &[Complex(a, b)]) => Complex(-a, -b),
        ("complex.conj", &[Complex(a, b)]) => Complex(a, -b),
        ("complex.re", &[Complex(a, _)]) => Float(a),
        ("complex.im", &[Complex(_, b)]) => Float(b),
        _ => return None,
    };
    result.round(value)
}

/// The integer `value` converted to the float type `result`, rounded once:
/// an `f32` straight from the integer, since rounding it to `f64` first could
/// make a tie that the integer is not (a 64-bit integer past 2^53). The 16-bit
/// floats fold only where the `f64` is exact in them, which it then is of the
/// integer too.
fn integer_to_float(value: i128, result: Element) -> f64 {
    match result {
        Element::Float(32) => f64::from(value as f32),
        _ => value as f64,
    }
}

/// Whether `r#type` is a floating-point type [`Number::attribute`] makes constants of.
pub fn is_float(r#type: Type) -> bool {
    r#type.is_f16() || r#type.is_bf16() || r#type.is_f32() || r#type.is_f64()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Number::{Complex, Float, Integer};

    const F64: Element = Element::Float(64);
    const I32: Element = Element::Integer(32);
    const I64: Element = Element::Integer(64);
    const I1: Element = Element::Integer(1);

    #[test]
    fn parses_the_element_types_it_computes_in() {
        assert_eq!(Element::parse("f64"), Some(F64));
        assert_eq!(Element::parse("index"), Some(Element::Integer(64)));
        assert_eq!(Element::parse("i1"), Some(I1));
        assert_eq!(Element::parse("complex<f32>"), Some(Element::Complex(32)));
        assert_eq!(Element::parse("bf16"), Some(Element::BFloat16));
        for exact_only in ["f8E4M3", "i128", "vector<2xf64>", "complex<f16>"] {
            assert_eq!(Element::parse(exact_only), None, "{exact_only}");
        }
    }

    #[test]
    fn folds_the_paper_s_fills() {
        let inf = f64::INFINITY;
        // Min-plus: ∞ + ∞ = ∞; min(∞, x) = x; max(−∞, 42) = 42.
        assert_eq!(fold("arith.addf", None, &[Float(inf), Float(inf)], F64, F64), Some(Float(inf)));
        assert_eq!(fold("arith.minimumf", None, &[Float(inf), Float(3.0)], F64, F64), Some(Float(3.0)));
        assert_eq!(fold("arith.maximumf", None, &[Float(-inf), Float(42.0)], F64, F64), Some(Float(42.0)));
        assert_eq!(fold("arith.maximumf", None, &[Float(-0.0), Float(0.0)], F64, F64).map(|x| x == Float(0.0)), Some(true));
        assert!(matches!(fold("arith.maximumf", None, &[Float(f64::NAN), Float(1.0)], F64, F64), Some(Float(x)) if x.is_nan()));
        assert_eq!(fold("arith.maxnumf", None, &[Float(f64::NAN), Float(1.0)], F64, F64), Some(Float(1.0)));
        assert_eq!(fold("math.exp", None, &[Float(0.0)], F64, F64), Some(Float(1.0)));
        assert_eq!(fold("math.unknown", None, &[Float(0.0)], F64, F64), None);
    }

    #[test]
    fn integers_wrap_to_their_width_and_read_unsigned_where_asked() {
        assert_eq!(fold("arith.addi", None, &[Integer(i32::MAX.into()), Integer(1)], I32, I32), Some(Integer(i32::MIN.into())));
        assert_eq!(fold("arith.divui", None, &[Integer(-2), Integer(2)], I32, I32), Some(Integer(i32::MAX.into())));
        assert_eq!(fold("arith.divsi", None, &[Integer(-2), Integer(2)], I32, I32), Some(Integer(-1)));
        assert_eq!(fold("arith.divsi", None, &[Integer(1), Integer(0)], I32, I32), None);
        assert_eq!(fold("arith.shli", None, &[Integer(1), Integer(32)], I32, I32), None);
        assert_eq!(fold("arith.maxui", None, &[Integer(-1), Integer(5)], I32, I32), Some(Integer(-1)));
        assert_eq!(fold("arith.extui", None, &[Integer(-1)], I1, I32), Some(Integer(1)));
        // i1 true is held sign-extended: -1.
        assert_eq!(fold("arith.cmpi", Some(6), &[Integer(1), Integer(-1)], I32, I1), Some(Integer(-1)));
        assert_eq!(fold("arith.cmpi", Some(2), &[Integer(1), Integer(-1)], I32, I1), Some(Integer(0)));
    }

    #[test]
    fn comparisons_casts_and_selects() {
        let nan = f64::NAN;
        assert_eq!(fold("arith.cmpf", Some(2), &[Float(nan), Float(1.0)], F64, I1), Some(Integer(0)));
        assert_eq!(fold("arith.cmpf", Some(9), &[Float(nan), Float(1.0)], F64, I1), Some(Integer(-1)));
        assert_eq!(fold("arith.cmpf", Some(16), &[Float(1.0), Float(1.0)], F64, I1), None);
        assert_eq!(fold("arith.select", None, &[Integer(-1), Float(1.0), Float(2.0)], F64, F64), Some(Float(1.0)));
        assert_eq!(fold("arith.fptosi", None, &[Float(-3.7)], F64, I32), Some(Integer(-3)));
        // 2^60 + 2^36 + 1 is past the midpoint of 2^60 and the next f32, 2^60 + 2^37;
        // through f64 (2^60 + 2^36, a tie) it would round to 2^60.
        let past_tie = (1i128 << 60) + (1 << 36) + 1;
        let rounded = Some(Float(((1i128 << 60) + (1 << 37)) as f64));
        assert_eq!(fold("arith.sitofp", None, &[Integer(past_tie)], I64, Element::Float(32)), rounded);
        assert_eq!(fold("arith.uitofp", None, &[Integer(past_tie)], I64, Element::Float(32)), rounded);
        assert_eq!(fold("arith.fptosi", None, &[Float(f64::INFINITY)], F64, I32), None);
        assert_eq!(fold("arith.truncf", None, &[Float(0.1)], F64, Element::Float(32)), Some(Float(f64::from(0.1f32))));
        assert_eq!(fold("arith.addf", None, &[Float(1.0), Integer(1)], F64, F64), None);
        let product = fold("complex.mul", None, &[Complex(1.0, 2.0), Complex(3.0, -1.0)], Element::Complex(64), Element::Complex(64));
        assert_eq!(product, Some(Complex(5.0, 5.0)));
    }

    #[test]
    fn sixteen_bit_floats_fold_only_where_exact() {
        let f16 = Element::Float(16);
        assert_eq!(fold("arith.addf", None, &[Float(1.0), Float(2.5)], f16, f16), Some(Float(3.5)));
        assert_eq!(fold("arith.addf", None, &[Float(1.0), Float(1.0 / 4096.0)], f16, f16), None);
        assert_eq!(fold("arith.mulf", None, &[Float(65504.0), Float(2.0)], f16, f16), None);
        assert_eq!(fold("arith.negf", None, &[Float(f64::INFINITY)], f16, f16), Some(Float(f64::NEG_INFINITY)));
        assert_eq!(fold("arith.mulf", None, &[Float(2f64.powi(-20)), Float(2f64.powi(-4))], f16, f16), Some(Float(2f64.powi(-24))));
        assert_eq!(fold("arith.mulf", None, &[Float(2f64.powi(-20)), Float(2f64.powi(-5))], f16, f16), None);
        let bf16 = Element::BFloat16;
        assert_eq!(fold("arith.addf", None, &[Float(256.0), Float(1.0)], bf16, bf16), None);
        assert_eq!(fold("arith.addf", None, &[Float(256.0), Float(2.0)], bf16, bf16), Some(Float(258.0)));
    }

    #[test]
    fn sameness_treats_nan_as_one_value() {
        assert!(Float(f64::NAN).same(Float(f64::NAN)));
        assert!(Float(-0.0).same(Float(0.0)));
        assert!(!Float(1.0).same(Integer(1)));
        assert!(Float(-0.0).is_zero() && Complex(0.0, 0.0).is_zero() && !Integer(-1).is_zero());
    }

    #[test]
    fn identity_tells_negative_zero_apart() {
        assert!(Float(f64::NAN).identical(Float(f64::NAN)));
        assert!(!Float(-0.0).identical(Float(0.0)));
        assert!(!Complex(0.0, -0.0).identical(Complex(0.0, 0.0)));
        assert!(Float(2.5).identical(Float(2.5)) && Integer(3).identical(Integer(3)));
    }
}
