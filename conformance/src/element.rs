//! The element types a corpus kernel may use, and what the harness does
//! with each: draw values, write them as MLIR literals, print them exactly
//! from a driver (every value widened to 64 bits and printed as an integer,
//! floats by their bits), read the printed integers back, and compare with
//! the tolerance the type's precision allows.

use crate::corpus::Values;
use sparse_runtime::SplitMix64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    F16,
    BF16,
    F32,
    F64,
}

impl Float {
    fn name(self) -> &'static str {
        match self {
            Float::F16 => "f16",
            Float::BF16 => "bf16",
            Float::F32 => "f32",
            Float::F64 => "f64",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Element {
    Float(Float),
    /// A signless integer of this many bits (1, 8, 16, 32, 64).
    Integer(u32),
    Index,
    Complex(Float),
}

impl Element {
    /// The element type MLIR spells `name`, if the harness knows it.
    pub fn parse(name: &str) -> Option<Element> {
        let float = |name: &str| [Float::F16, Float::BF16, Float::F32, Float::F64].into_iter().find(|float| float.name() == name);
        if let Some(float) = float(name) {
            return Some(Element::Float(float));
        }
        if name == "index" {
            return Some(Element::Index);
        }
        if let Some(inner) = name.strip_prefix("complex<").and_then(|rest| rest.strip_suffix('>')) {
            return float(inner).filter(|float| matches!(float, Float::F32 | Float::F64)).map(Element::Complex);
        }
        let bits: u32 = name.strip_prefix('i')?.parse().ok()?;
        [1, 8, 16, 32, 64].contains(&bits).then_some(Element::Integer(bits))
    }

    pub fn name(self) -> String {
        match self {
            Element::Float(float) => float.name().into(),
            Element::Integer(bits) => format!("i{bits}"),
            Element::Index => "index".into(),
            Element::Complex(float) => format!("complex<{}>", float.name()),
        }
    }

    /// How many numbers make one value: 2 for a complex number, else 1.
    pub fn components(self) -> usize {
        match self {
            Element::Complex(_) => 2,
            _ => 1,
        }
    }

    /// The relative difference two answers may have and still agree: none
    /// for integers; for floats a few units in the last place of the type
    /// (sums in another order, transcendental functions of other libraries).
    pub fn tolerance(self) -> f64 {
        match self {
            Element::Float(float) | Element::Complex(float) => match float {
                Float::F64 => 1e-12,
                Float::F32 => 1e-5,
                Float::F16 => 4e-3,
                Float::BF16 => 3e-2,
            },
            Element::Integer(_) | Element::Index => 0.0,
        }
    }

    /// A random value (its components): floats are multiples of 1/4 in
    /// [-4, 4], integers in [-8, 8], `i1` 0 or 1; `positive` > 0, `nonzero` ≠ 0.
    pub fn random(self, random: &mut SplitMix64, values: Values) -> Vec<f64> {
        let (low, high, scale) = match self {
            Element::Integer(1) => (0, 1, 1.0),
            Element::Integer(_) | Element::Index => (-8, 8, 1.0),
            Element::Float(_) | Element::Complex(_) => (-16, 16, 0.25),
        };
        let low = if values == Values::Positive { 1 } else { low };
        let draw = |random: &mut SplitMix64| loop {
            let value = low + (random.next_u64() % (high - low + 1) as u64) as i64;
            if value != 0 || values == Values::Any {
                return value as f64 * scale;
            }
        };
        (0..self.components()).map(|_| draw(random)).collect()
    }

    /// One value as an MLIR literal: `2.5`, `-3`, `true`, `(1.0, -0.5)`.
    pub fn literal(self, value: &[f64]) -> String {
        match self {
            Element::Integer(1) => (value[0] != 0.0).to_string(),
            Element::Complex(_) => format!("({:?}, {:?})", value[0], value[1]),
            _ => self.number(value[0]),
        }
    }

    /// One component as a number, as `sparse-run` reads it: `2.5`, `-3`, `1`.
    pub fn number(self, component: f64) -> String {
        match self {
            Element::Float(_) | Element::Complex(_) => format!("{component:?}"),
            Element::Integer(_) | Element::Index => format!("{}", component as i64),
        }
    }

    /// An op that defines `name` as the scalar `value`.
    pub fn constant(self, name: &str, value: &[f64]) -> String {
        match self {
            Element::Complex(_) => format!("{name} = complex.constant [{:?}, {:?}] : {}", value[0], value[1], self.name()),
            Element::Integer(1) => format!("{name} = arith.constant {}", self.literal(value)),
            _ => format!("{name} = arith.constant {} : {}", self.literal(value), self.name()),
        }
    }

    /// Ops that print the value `value` of this type exactly, one 64-bit
    /// integer a line (`vector.print`); names start with `prefix`.
    pub fn print(self, value: &str, prefix: &str) -> String {
        let float = |float: Float, value: &str, prefix: &str| {
            let wide = match float {
                Float::F64 => value.to_string(),
                _ => format!("{prefix}w"),
            };
            let widen = match float {
                Float::F64 => String::new(),
                _ => format!("{wide} = arith.extf {value} : {} to f64\n", float.name()),
            };
            format!("{widen}{prefix}b = arith.bitcast {wide} : f64 to i64\nvector.print {prefix}b : i64\n")
        };
        match self {
            Element::Float(kind) => float(kind, value, prefix),
            Element::Integer(64) => format!("vector.print {value} : i64\n"),
            Element::Integer(bits) => {
                let extend = if bits == 1 { "arith.extui" } else { "arith.extsi" };
                format!("{prefix}x = {extend} {value} : i{bits} to i64\nvector.print {prefix}x : i64\n")
            }
            Element::Index => format!("{prefix}x = arith.index_cast {value} : index to i64\nvector.print {prefix}x : i64\n"),
            Element::Complex(kind) => format!(
                "{prefix}re = complex.re {value} : {name}\n{prefix}im = complex.im {value} : {name}\n{}{}",
                float(kind, &format!("{prefix}re"), &format!("{prefix}r")),
                float(kind, &format!("{prefix}im"), &format!("{prefix}i")),
                name = self.name(),
            ),
        }
    }

    /// One printed component back as a number.
    pub fn decode(self, printed: i64) -> f64 {
        match self {
            Element::Float(_) | Element::Complex(_) => f64::from_bits(printed as u64),
            Element::Integer(_) | Element::Index => printed as f64,
        }
    }
}

/// Whether `ours` agrees with `reference` within `tolerance`, relative to
/// the larger magnitude (at least 1/1024, so values near 0 compare by a
/// small absolute difference); NaN agrees with NaN.
pub fn agree(ours: &[f64], reference: &[f64], tolerance: f64) -> bool {
    ours.len() == reference.len()
        && ours
            .iter()
            .zip(reference)
            .all(|(&a, &b)| a == b || (a.is_nan() && b.is_nan()) || (a - b).abs() <= tolerance * a.abs().max(b.abs()).max(1.0 / 1024.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for name in ["f64", "f32", "f16", "bf16", "i64", "i32", "i16", "i8", "i1", "index", "complex<f32>", "complex<f64>"] {
            assert_eq!(Element::parse(name).map(Element::name).as_deref(), Some(name));
        }
        assert_eq!(Element::parse("i7"), None);
        assert_eq!(Element::parse("complex<i32>"), None);
        assert_eq!(Element::parse("vector<4xf32>"), None);
    }

    #[test]
    fn printed_integers_decode_exactly() {
        let value = -0.1_f64;
        assert_eq!(Element::Float(Float::F32).decode(value.to_bits() as i64), value);
        assert_eq!(Element::Integer(8).decode(-7), -7.0);
    }

    #[test]
    fn printing_widens_to_64_bits() {
        assert_eq!(Element::Float(Float::F64).print("%v", "%p"), "%pb = arith.bitcast %v : f64 to i64\nvector.print %pb : i64\n");
        assert!(Element::Float(Float::BF16).print("%v", "%p").starts_with("%pw = arith.extf %v : bf16 to f64\n"));
        assert!(Element::Integer(1).print("%v", "%p").contains("arith.extui %v : i1 to i64"));
        let complex = Element::Complex(Float::F32).print("%v", "%p");
        assert!(complex.contains("%pre = complex.re %v : complex<f32>") && complex.contains("%prw = arith.extf %pre : f32 to f64"));
    }

    #[test]
    fn values_respect_their_option() {
        let mut random = SplitMix64::new(3);
        for _ in 0..200 {
            let float = Element::Float(Float::F32).random(&mut random, Values::Positive)[0];
            assert!(float > 0.0 && float <= 4.0 && (float * 4.0).fract() == 0.0);
            assert_ne!(Element::Integer(32).random(&mut random, Values::Nonzero)[0], 0.0);
            assert_eq!(Element::Integer(1).random(&mut random, Values::Positive)[0], 1.0);
        }
    }

    #[test]
    fn agreement_is_relative() {
        assert!(agree(&[1.0, f64::NAN], &[1.0 + 1e-14, f64::NAN], 1e-12));
        assert!(!agree(&[1.0], &[1.001], 1e-5));
        assert!(!agree(&[3.0], &[3.0, 0.0], 1e-5));
        assert!(!agree(&[3.0], &[4.0], 0.0));
    }
}
