//! The 16-bit floats of the kernel ABI, IEEE binary16 (`f16`) and bfloat16
//! (`bf16`), as their bits: converted from `f64` rounding to nearest, ties to
//! even (directly, so there is no double rounding through `f32`), and back to
//! `f64` exactly, since every 16-bit float is an `f64`.
//!
//! Both are one sign bit, `exponent` bits and `mantissa` bits; they differ
//! only in those widths, so one pair of functions serves both.

/// The widths of a 16-bit float format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Half {
    exponent: u32,
    mantissa: u32,
}

/// IEEE 754 binary16: 5 exponent bits, 10 mantissa bits.
pub const F16: Half = Half { exponent: 5, mantissa: 10 };
/// bfloat16, the upper half of an `f32`: 8 exponent bits, 7 mantissa bits.
pub const BF16: Half = Half { exponent: 8, mantissa: 7 };

impl Half {
    fn bias(self) -> i64 {
        (1 << (self.exponent - 1)) - 1
    }

    /// The all-ones exponent field, infinities' and NaNs'.
    fn max_field(self) -> u64 {
        (1 << self.exponent) - 1
    }

    /// The bits of `value` in this format, rounded to nearest, ties to even;
    /// values past the largest finite one round to infinity, NaN stays a
    /// (quiet) NaN with the same sign.
    pub fn from_f64(self, value: f64) -> u16 {
        let bits = value.to_bits();
        let sign = ((bits >> 63) as u16) << 15;
        let field = ((bits >> 52) & 0x7ff) as i64;
        let fraction = bits & ((1 << 52) - 1);
        let infinity = self.max_field() << self.mantissa;
        if field == 0x7ff {
            let quiet = if fraction == 0 { 0 } else { 1 << (self.mantissa - 1) };
            return sign | (infinity | quiet) as u16;
        }
        if field == 0 {
            // Zero, or an f64 subnormal: far below half the smallest 16-bit
            // subnormal (2^-133 for bf16), so it rounds to a signed zero.
            return sign;
        }
        // |value| = significand · 2^(exponent − 52), significand < 2^53.
        let exponent = field - 1023;
        let significand = fraction | (1 << 52);
        let min_exponent = 1 - self.bias();
        // Bits of the significand below the result's last place: more below
        // the normal range, where the last place stays 2^(min − mantissa).
        let shift = 52 - self.mantissa as i64 + (min_exponent - exponent).max(0);
        let rounded = if shift > 54 {
            // Less than a quarter of the last place: rounds to zero.
            0
        } else {
            let kept = significand >> shift;
            let rest = significand & ((1 << shift) - 1);
            let half = 1 << (shift - 1);
            kept + u64::from(rest > half || (rest == half && kept & 1 == 1))
        };
        // A normal result's implicit bit adds one to the exponent field (and
        // rounding up to the next power of two carries into it); a subnormal
        // result is its significand alone.
        let magnitude = if exponent >= min_exponent { (((exponent + self.bias() - 1) as u64) << self.mantissa) + rounded } else { rounded };
        sign | magnitude.min(infinity) as u16
    }

    /// The value of `bits` in this format, exactly.
    pub fn to_f64(self, bits: u16) -> f64 {
        let sign = if bits >> 15 == 1 { -1.0 } else { 1.0 };
        let field = (u64::from(bits) >> self.mantissa) & self.max_field();
        let fraction = u64::from(bits) & ((1 << self.mantissa) - 1);
        let magnitude = if field == self.max_field() {
            if fraction == 0 {
                f64::INFINITY
            } else {
                f64::NAN
            }
        } else if field == 0 {
            fraction as f64 * power_of_two(1 - self.bias() - self.mantissa as i64)
        } else {
            (fraction | (1 << self.mantissa)) as f64 * power_of_two(field as i64 - self.bias() - self.mantissa as i64)
        };
        sign * magnitude
    }

    /// `value` rounded to this format, as an `f64`.
    pub fn round(self, value: f64) -> f64 {
        self.to_f64(self.from_f64(value))
    }
}

/// 2^`exponent`, for exponents of normal `f64`s.
fn power_of_two(exponent: i64) -> f64 {
    f64::from_bits(((exponent + 1023) as u64) << 52)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every finite non-negative value of `format`, in increasing order.
    fn finite(format: Half) -> Vec<(u16, f64)> {
        let infinity = (format.max_field() << format.mantissa) as u16;
        (0..infinity).map(|bits| (bits, format.to_f64(bits))).collect()
    }

    #[test]
    fn every_value_round_trips_and_midpoints_round_to_even() {
        for format in [F16, BF16] {
            let values = finite(format);
            for pair in values.windows(2) {
                let ((low_bits, low), (high_bits, high)) = (pair[0], pair[1]);
                assert!(low < high, "{format:?} {low_bits:#x}");
                assert_eq!(format.from_f64(low), low_bits);
                assert_eq!(format.from_f64(-low), low_bits | 0x8000);
                // The midpoint of two neighbours is an f64, exactly; one ulp of f64
                // off it, the nearer neighbour wins.
                let middle = (low + high) / 2.0;
                let even = if low_bits & 1 == 0 { low_bits } else { high_bits };
                assert_eq!(format.from_f64(middle), even, "{format:?} midpoint of {low} and {high}");
                assert_eq!(format.from_f64(f64::from_bits(middle.to_bits() + 1)), high_bits);
                assert_eq!(format.from_f64(f64::from_bits(middle.to_bits() - 1)), low_bits);
            }
        }
    }

    #[test]
    fn f16_limits_subnormals_and_overflow() {
        assert_eq!(F16.from_f64(1.0), 0x3c00);
        assert_eq!(F16.from_f64(-2.0), 0xc000);
        assert_eq!(F16.from_f64(65504.0), 0x7bff);
        assert_eq!(F16.to_f64(0x7bff), 65504.0);
        // Halfway between the largest finite value and 2^16 ties to even: infinity.
        assert_eq!(F16.from_f64(65520.0), 0x7c00);
        assert_eq!(F16.from_f64(65519.99), 0x7bff);
        assert_eq!(F16.from_f64(1e300), 0x7c00);
        assert_eq!(F16.from_f64(f64::NEG_INFINITY), 0xfc00);
        assert_eq!(F16.to_f64(1), 2f64.powi(-24));
        assert_eq!(F16.from_f64(2f64.powi(-25)), 0, "a tie with zero goes to zero");
        assert_eq!(F16.from_f64(3.0 * 2f64.powi(-26)), 1);
        assert_eq!(F16.from_f64(-1e-300), 0x8000);
        assert_eq!(F16.from_f64(f64::MIN_POSITIVE / 4.0), 0);
        // The largest subnormal rounds up into the smallest normal.
        assert_eq!(F16.from_f64(2f64.powi(-14) - 2f64.powi(-26)), 0x0400);
        assert_eq!(F16.from_f64(0.1), 0x2e66);
        assert!(F16.to_f64(F16.from_f64(f64::NAN)).is_nan());
        assert_eq!(F16.round(1.0 + 2f64.powi(-11)), 1.0);
        assert_eq!(F16.round(1.0 + 3.0 * 2f64.powi(-11)), 1.0 + 2f64.powi(-9));
    }

    #[test]
    fn bf16_is_the_upper_half_of_an_f32_rounded_to_even() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..100_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let single = f32::from_bits(state as u32);
            if single.is_nan() {
                continue;
            }
            let bits = single.to_bits();
            let expected = ((bits + 0x7fff + ((bits >> 16) & 1)) >> 16) as u16;
            assert_eq!(BF16.from_f64(f64::from(single)), expected, "{single:e}");
        }
        assert_eq!(BF16.from_f64(1.0), 0x3f80);
        assert_eq!(BF16.to_f64(0x7f7f), f64::from(f32::from_bits(0x7f7f_0000)));
        assert_eq!(BF16.from_f64(f64::MAX), 0x7f80);
    }
}
