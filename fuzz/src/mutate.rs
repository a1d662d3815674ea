//! Mutations of text inputs, shared by the targets that fuzz readers and
//! the pass driver: token, line and byte edits, splices from other inputs,
//! interesting numbers, and deep nesting. The result may be any bytes, not
//! only UTF-8.

use crate::choice::Choice;

/// Numbers at the edges of the integer and float types, and sizes that no
/// buffer can have.
pub const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "2",
    "-0",
    "0.5",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "1000000000000",
    "99999999999999999999999999",
    "1e308",
    "-1e308",
    "1e400",
    "nan",
    "inf",
    "0x7FFFFFFFFFFFFFFF",
];

fn is_token_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"_.#@%$-+".contains(&byte)
}

/// The byte ranges of the tokens of `text`.
fn tokens(text: &[u8]) -> Vec<(usize, usize)> {
    let mut tokens = Vec::new();
    let mut start = None;
    for (index, &byte) in text.iter().enumerate() {
        match (start, is_token_byte(byte)) {
            (None, true) => start = Some(index),
            (Some(from), false) => {
                tokens.push((from, index));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(from) = start {
        tokens.push((from, text.len()));
    }
    tokens
}

/// The byte ranges of the lines of `text`, newline included.
fn lines(text: &[u8]) -> Vec<(usize, usize)> {
    let mut lines = Vec::new();
    let mut start = 0;
    for (index, &byte) in text.iter().enumerate() {
        if byte == b'\n' {
            lines.push((start, index + 1));
            start = index + 1;
        }
    }
    if start < text.len() {
        lines.push((start, text.len()));
    }
    lines
}

fn splice(text: &mut Vec<u8>, (from, to): (usize, usize), with: &[u8]) {
    text.splice(from..to, with.iter().copied());
}

/// Applies one random mutation to `text`. `words` are tokens worth
/// substituting (keywords, type and op names of the input's language);
/// `donors` are other inputs to take lines from.
pub fn mutate(text: &mut Vec<u8>, choice: &mut Choice, words: &[&str], donors: &[Vec<u8>]) {
    let tokens = tokens(text);
    let lines = lines(text);
    match choice.below(12) {
        0 | 1 if !tokens.is_empty() => {
            let token = *choice.pick(&tokens);
            let word = if choice.percent(50) { *choice.pick(NUMBERS) } else { *choice.pick(words) };
            splice(text, token, word.as_bytes());
        }
        2 if !tokens.is_empty() => {
            let token = *choice.pick(&tokens);
            splice(text, token, b"");
        }
        3 if !tokens.is_empty() => {
            let (from, to) = *choice.pick(&tokens);
            let copy = text[from..to].to_vec();
            splice(text, (to, to), &[b" ".as_slice(), &copy].concat());
        }
        4 if !lines.is_empty() => {
            let line = *choice.pick(&lines);
            splice(text, line, b"");
        }
        5 if !lines.is_empty() => {
            let (from, to) = *choice.pick(&lines);
            let copy = text[from..to].to_vec();
            let times = if choice.percent(10) { choice.between(2, 2000) } else { 1 };
            splice(text, (to, to), &copy.repeat(times));
        }
        6 if lines.len() > 1 => {
            let (a, b) = (*choice.pick(&lines), *choice.pick(&lines));
            let (first, second) = if a.0 <= b.0 { (a, b) } else { (b, a) };
            if first != second {
                let (one, two) = (text[first.0..first.1].to_vec(), text[second.0..second.1].to_vec());
                splice(text, second, &one);
                splice(text, first, &two);
            }
        }
        7 if !donors.is_empty() => {
            let donor = choice.pick(donors);
            let donor_lines = self::lines(donor);
            if !donor_lines.is_empty() {
                let (from, to) = *choice.pick(&donor_lines);
                let at = if lines.is_empty() { 0 } else { choice.pick(&lines).0 };
                splice(text, (at, at), &donor[from..to]);
            }
        }
        8 => {
            let at = choice.below(text.len() + 1);
            let byte = *choice.pick(&[0u8, 0xff, 0xc3, b'{', b'}', b'(', b')', b'<', b'>', b'[', b'"', b'\n', b'%', b'#', b'^', b'!']);
            splice(text, (at, at), &[byte]);
        }
        9 if !text.is_empty() => {
            let at = choice.below(text.len());
            text.truncate(at);
        }
        10 => {
            let at = choice.below(text.len() + 1);
            let (open, close) =
                *choice.pick(&[("(", ")"), ("[", "]"), ("{", "}"), ("<", ">"), ("tensor<", ">"), ("\"arr.compute\"() ({", "})")]);
            let depth = *choice.pick(&[2, 50, 300, 5000]);
            let nested = [open.repeat(depth), close.repeat(depth)].concat();
            splice(text, (at, at), nested.as_bytes());
        }
        _ if !text.is_empty() => {
            let at = choice.below(text.len());
            text[at] ^= 1 << choice.below(8);
        }
        _ => text.extend_from_slice(choice.pick(words).as_bytes()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_lines_cover_the_text() {
        assert_eq!(tokens(b"%a = arith.addf %x"), vec![(0, 2), (5, 15), (16, 18)]);
        assert_eq!(lines(b"a\nb"), vec![(0, 2), (2, 3)]);
    }

    #[test]
    fn mutations_change_the_text_and_are_seeded() {
        let seed = b"func.func @f(%x: f64) -> f64 {\n  return %x : f64\n}\n".to_vec();
        let run = |case| {
            let mut text = seed.clone();
            mutate(&mut text, &mut Choice::for_case(3, case), &["tensor"], std::slice::from_ref(&seed));
            text
        };
        assert!((0..50).filter(|&case| run(case) != seed).count() > 40);
        assert_eq!(run(7), run(7));
    }
}
