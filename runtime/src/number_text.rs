//! How files print numbers: integers in decimal, and reals with the
//! shortest digits that parse back to the same `f64` (Ryu's algorithm), as
//! a plain decimal in the usual range and in exponent notation outside it,
//! where plain decimals grow hundreds of digits long. Lines are appended to
//! a byte buffer without going through `core::fmt`, which costs more than
//! the digits themselves when a file has millions of numbers.
//!
//! Reals that are whole multiples of 2^-16 with few digits (integers,
//! halves, quarters: most values of integer and pattern-like data) are
//! printed exactly without Ryu, which is slowest on them: their exact
//! decimal is the shortest that parses back ([`push_short_dyadic`]).

use std::fmt;

/// Reals whose magnitude is in this range print as plain decimals.
const PLAIN: std::ops::Range<f64> = 1e-5..1e16;

/// "00" to "99", so that digits come two at a time.
const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
                            2021222324252627282930313233343536373839\
                            4041424344454647484950515253545556575859\
                            6061626364656667686970717273747576777879\
                            8081828384858687888990919293949596979899";

/// Appends `value` in decimal.
pub(crate) fn push_integer(text: &mut Vec<u8>, value: i64) {
    if value < 0 {
        text.push(b'-');
    }
    push_unsigned(text, value.unsigned_abs());
}

/// Appends `value` in decimal.
pub(crate) fn push_unsigned(text: &mut Vec<u8>, value: u64) {
    let mut digits = [0u8; 20];
    let at = decimal(value, &mut digits);
    text.extend_from_slice(&digits[at..]);
}

/// Writes `value`'s decimal digits at the end of `digits`; gives where they
/// start.
fn decimal(mut value: u64, digits: &mut [u8; 20]) -> usize {
    let mut at = digits.len();
    while value >= 100 {
        let pair = (value % 100) as usize * 2;
        value /= 100;
        at -= 2;
        digits[at..at + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    }
    if value >= 10 {
        let pair = value as usize * 2;
        at -= 2;
        digits[at..at + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    } else {
        at -= 1;
        digits[at] = b'0' + value as u8;
    }
    at
}

/// Appends `value` with the shortest digits that parse back to it: `2`,
/// `0.25`, `1e300`, `-0`, `NaN`, `inf`.
pub(crate) fn push_real(text: &mut Vec<u8>, value: f64) {
    if value == 0.0 || !value.is_finite() {
        // `0`, `-0`, `NaN`, `inf` and `-inf`, as Rust prints them.
        let special = match value {
            v if v.is_nan() => "NaN",
            v if v == f64::INFINITY => "inf",
            v if v == f64::NEG_INFINITY => "-inf",
            v if v.is_sign_negative() => "-0",
            _ => "0",
        };
        text.extend_from_slice(special.as_bytes());
        return;
    }
    if !push_short_dyadic(text, value) {
        push_ryu(text, value);
    }
}

/// Appends the finite, nonzero `value` as Ryu prints it.
fn push_ryu(text: &mut Vec<u8>, value: f64) {
    let mut buffer = ryu::Buffer::new();
    let printed = buffer.format_finite(value);
    // Ryu switches to exponent notation where `PLAIN` ends, and writes an
    // integral plain decimal with a `.0`, which the files leave out.
    debug_assert_eq!(printed.contains('e'), !PLAIN.contains(&value.abs()), "{printed}");
    text.extend_from_slice(printed.strip_suffix(".0").unwrap_or(printed).as_bytes());
}

/// The most significant digits an exact decimal may have to be the
/// shortest that parses back to its `f64`: a decimal of at most 15 digits
/// differs from any other of as many digits or fewer by at least 10^-15 of
/// its magnitude, more than the 2^-52 that two neighbouring `f64`s differ
/// by, so no other rounds to the same value.
const EXACT_DIGITS: usize = 15;

/// Appends the finite, nonzero `value` as its exact decimal, and says so,
/// when it is a whole multiple of 2^-16 in the plain range below 10^15
/// whose decimal has at most [`EXACT_DIGITS`] significant digits; that
/// decimal is then what Ryu prints. Appends nothing otherwise.
fn push_short_dyadic(text: &mut Vec<u8>, value: f64) -> bool {
    /// The fractions this covers: multiples of 2^-16, whose decimals have
    /// at most 16 digits after the point (2^-16 is 5^16 / 10^16).
    const FRACTION_BITS: u32 = 16;
    const FIVE_TO_THE_BITS: u64 = 152_587_890_625;
    let magnitude = value.abs();
    if !(PLAIN.start..1e15).contains(&magnitude) {
        return false;
    }
    // Exact: scaling by a power of two changes only the exponent.
    let scaled = magnitude * f64::from(1u32 << FRACTION_BITS);
    if scaled != scaled.trunc() {
        return false;
    }
    // Below 10^15 * 2^16, which needs 66 bits.
    let scaled = scaled as u128;
    let (whole, fraction) = ((scaled >> FRACTION_BITS) as u64, (scaled & ((1 << FRACTION_BITS) - 1)) as u64);
    let mut whole_digits = [0u8; 20];
    let whole_at = decimal(whole, &mut whole_digits);
    // The fraction's 16 digits after the point, zero-padded, then without
    // trailing zeros.
    let mut fraction_digits = [0u8; 20];
    let fraction_at = decimal(fraction * FIVE_TO_THE_BITS, &mut fraction_digits);
    fraction_digits[..fraction_at].fill(b'0');
    let fraction_digits = &fraction_digits[20 - FRACTION_BITS as usize..];
    let fraction_length =
        if fraction == 0 { 0 } else { fraction_digits.iter().rposition(|&digit| digit != b'0').map_or(0, |last| last + 1) };
    let significant = if whole > 0 {
        (20 - whole_at) + fraction_length
    } else {
        fraction_length - fraction_digits.iter().take_while(|&&digit| digit == b'0').count()
    };
    if significant > EXACT_DIGITS {
        return false;
    }
    if value < 0.0 {
        text.push(b'-');
    }
    text.extend_from_slice(&whole_digits[whole_at..]);
    if fraction_length > 0 {
        text.push(b'.');
        text.extend_from_slice(&fraction_digits[..fraction_length]);
    }
    true
}

/// A real number as files hold it ([`push_real`]), for `format!`.
pub(crate) struct Real(pub(crate) f64);

impl fmt::Display for Real {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let mut text = Vec::with_capacity(24);
        push_real(&mut text, self.0);
        f.write_str(std::str::from_utf8(&text).expect("numbers print in ASCII"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;

    fn real(value: f64) -> String {
        let mut text = Vec::new();
        push_real(&mut text, value);
        String::from_utf8(text).unwrap()
    }

    /// What `core::fmt` prints for the same choice of notation: the
    /// reference the fast printing must match in notation and length (both
    /// shortest; where two digit strings are equally short and close, the
    /// two algorithms may pick different ones).
    fn reference(value: f64) -> String {
        if value == 0.0 || !value.is_finite() || PLAIN.contains(&value.abs()) {
            format!("{value}")
        } else {
            format!("{value:e}")
        }
    }

    #[test]
    fn values_print_so_they_parse_back_exactly() {
        for value in [0.0, -0.0, 1.0, -2.5, 0.1, 1.0 / 3.0, 1e300, -1e-300, 5e-324, f64::MAX, 123456789.125, f64::INFINITY] {
            let text = real(value);
            assert_eq!(text.parse::<f64>().unwrap().to_bits(), value.to_bits(), "{text}");
        }
        assert_eq!(real(2.0), "2");
        assert_eq!(real(0.25), "0.25");
        assert_eq!(real(1e300), "1e300");
        assert_eq!(Real(-1.5e-7).to_string(), "-1.5e-7");
        assert!(real(f64::NAN).parse::<f64>().unwrap().is_nan());
    }

    #[test]
    fn reals_print_as_short_as_core_fmt_and_parse_back_across_the_range() {
        let edges = [1e-5, 9.999999999999999e-6, 1e16, 9999999999999998.0, 1e15, 123456789012345680.0, 0.5, 1e-7, 1e22, 1e21];
        let mut random = SplitMix64::new(7);
        let bits = (0..200_000).map(|_| f64::from_bits(random.next_u64()));
        let decimals = (0..20_000).map(|n| (n as f64 - 10_000.0) * 0.37);
        for value in edges.into_iter().chain(edges.map(|edge| -edge)).chain(bits).chain(decimals) {
            let (text, expected) = (real(value), reference(value));
            assert_eq!((text.len(), text.contains('e')), (expected.len(), expected.contains('e')), "{text} {expected}");
            if !value.is_nan() {
                assert_eq!(text.parse::<f64>().unwrap().to_bits(), value.to_bits(), "{text}");
            }
        }
    }

    #[test]
    fn integers_print_in_decimal() {
        for value in [0, 7, -7, 10, 99, 100, 101, 1_000_000, 12_345_678_901, i64::MAX, i64::MIN] {
            let mut text = Vec::new();
            push_integer(&mut text, value);
            assert_eq!(text, value.to_string().as_bytes());
        }
        let mut text = Vec::new();
        push_unsigned(&mut text, u64::MAX);
        assert_eq!(text, u64::MAX.to_string().as_bytes());
    }

    #[test]
    fn short_dyadic_reals_print_as_ryu_prints_them() {
        let ryu = |value: f64| {
            let mut text = Vec::new();
            push_ryu(&mut text, value);
            String::from_utf8(text).unwrap()
        };
        let mut random = SplitMix64::new(11);
        let mut fast = 0;
        for _ in 0..400_000 {
            // Whole multiples of 2^-k for k up to 20 (beyond what the fast
            // path takes), of every magnitude up to 2^60 (beyond 10^15).
            let (bits, shift) = (random.next_u64() % 61, random.next_u64() % 21);
            let numerator = (random.next_u64() >> (64 - bits.max(1))) as f64;
            let sign = if random.next_u64() & 1 == 0 { 1.0 } else { -1.0 };
            let value = sign * numerator / f64::from(1u32 << shift);
            if value == 0.0 {
                continue;
            }
            let mut text = Vec::new();
            if push_short_dyadic(&mut text, value) {
                fast += 1;
                assert_eq!(String::from_utf8(text).unwrap(), ryu(value), "{value:e}");
            }
            assert_eq!(real(value), ryu(value), "{value:e}");
        }
        assert!(fast > 100_000, "{fast} values took the fast path");
        // The edges: 15 significant digits (printed exactly) and 16 (by
        // Ryu), the smallest fraction, integers beyond 2^48 (whose scaled
        // value needs more than 64 bits), the plain range's ends.
        let exact = |value: f64| push_short_dyadic(&mut Vec::new(), value);
        for value in [999_999_999_999_999.0, 99_999_999_999_999.5, 0.0000152587890625, 123.25, 1e15 - 1.0, 281_474_976_710_657.0] {
            assert!(exact(value) && exact(-value), "{value:e}");
            assert_eq!(real(value), ryu(value), "{value:e}");
            assert_eq!(real(-value), ryu(-value), "{value:e}");
        }
        for value in [9_999_999_999_999.0 + 0.0625, 1.0 + 0.0000152587890625, 1e15, 0.0000076293945312] {
            assert!(!exact(value), "{value:e}");
            assert_eq!(real(value), ryu(value), "{value:e}");
        }
        assert_eq!(real(3.0), "3");
        assert_eq!(real(-7.75), "-7.75");
        assert_eq!(real(0.0000152587890625), "0.0000152587890625");
    }
}
