//! How files print numbers: integers in decimal, and reals with the
//! shortest digits that parse back to the same `f64` (Ryu's algorithm), as
//! a plain decimal in the usual range and in exponent notation outside it,
//! where plain decimals grow hundreds of digits long. Lines are appended to
//! a `String` without going through `core::fmt`, which costs more than the
//! digits themselves when a file has millions of numbers.

use std::fmt;

/// Reals whose magnitude is in this range print as plain decimals.
const PLAIN: std::ops::Range<f64> = 1e-5..1e16;

/// Appends `value` in decimal.
pub(crate) fn push_integer(text: &mut String, value: i64) {
    if value < 0 {
        text.push('-');
    }
    push_unsigned(text, value.unsigned_abs());
}

/// Appends `value` in decimal.
pub(crate) fn push_unsigned(text: &mut String, mut value: u64) {
    /// "00" to "99", so that digits come two at a time.
    const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
                                2021222324252627282930313233343536373839\
                                4041424344454647484950515253545556575859\
                                6061626364656667686970717273747576777879\
                                8081828384858687888990919293949596979899";
    let mut digits = [0u8; 20];
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
    text.push_str(std::str::from_utf8(&digits[at..]).expect("ASCII digits"));
}

/// Appends `value` with the shortest digits that parse back to it: `2`,
/// `0.25`, `1e300`, `-0`, `NaN`, `inf`.
pub(crate) fn push_real(text: &mut String, value: f64) {
    if value == 0.0 || !value.is_finite() {
        // `0`, `-0`, `NaN`, `inf` and `-inf`, as Rust prints them.
        let special = match value {
            v if v.is_nan() => "NaN",
            v if v == f64::INFINITY => "inf",
            v if v == f64::NEG_INFINITY => "-inf",
            v if v.is_sign_negative() => "-0",
            _ => "0",
        };
        text.push_str(special);
        return;
    }
    let mut buffer = ryu::Buffer::new();
    let printed = buffer.format_finite(value);
    // Ryu switches to exponent notation where `PLAIN` ends, and writes an
    // integral plain decimal with a `.0`, which the files leave out.
    debug_assert_eq!(printed.contains('e'), !PLAIN.contains(&value.abs()), "{printed}");
    text.push_str(printed.strip_suffix(".0").unwrap_or(printed));
}

/// A real number as files hold it ([`push_real`]), for `format!`.
pub(crate) struct Real(pub(crate) f64);

impl fmt::Display for Real {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let mut text = String::with_capacity(24);
        push_real(&mut text, self.0);
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;

    fn real(value: f64) -> String {
        let mut text = String::new();
        push_real(&mut text, value);
        text
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
            let mut text = String::new();
            push_integer(&mut text, value);
            assert_eq!(text, value.to_string());
        }
        let mut text = String::new();
        push_unsigned(&mut text, u64::MAX);
        assert_eq!(text, u64::MAX.to_string());
    }
}
