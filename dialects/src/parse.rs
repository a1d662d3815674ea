//! Parsing module text, guarded: what MLIR's parser would abort, crash or
//! fail on silently is reported here as a diagnostic with a location.
//!
//! - A NUL byte ends a C string early (melior's parse would panic on it).
//! - MLIR's parser recurses once per nested region or bracket, so a deep
//!   enough nest overflows the stack; nests deeper than [`MAX_NESTING`] are
//!   refused before parsing.
//! - Our IRDL ops have no custom syntax, and MLIR fails on `arr.compute …`
//!   written in custom form without saying why; the op is named here.

use crate::verify::emit_error;
use melior::{
    ir::{Location, Module},
    Context,
};

/// The deepest nest of `{`, `(` and `[` accepted. Real kernels nest a few
/// levels; MLIR's parser overflows an 8 MiB stack at a few thousand.
pub const MAX_NESTING: usize = 256;

/// The dialects whose ops are written in generic form only.
const GENERIC_ONLY: [&str; 3] = ["arr", "sig", "cfir"];

/// Parses `text` into a module. On failure, every reason is a diagnostic of
/// `context` (the parser's own, or one of those above), located in buffer
/// `-` as MLIR's own parse diagnostics are.
pub fn parse<'c>(context: &'c Context, text: &str) -> Option<Module<'c>> {
    let fail = |(line, column): (usize, usize), message: &str| {
        emit_error(Location::new(context, "-", line, column), message);
        None
    };
    if let Some(at) = text.find('\0') {
        return fail(position(text, at), "the input contains a NUL byte");
    }
    if let Some(at) = too_deep(text) {
        return fail(position(text, at), &format!("the input nests brackets and regions deeper than {MAX_NESTING} levels"));
    }
    let errors = std::rc::Rc::new(std::cell::Cell::new(0usize));
    let counter = errors.clone();
    // Counts and passes on (`false`: not handled) every error of the parse.
    let handler = context.attach_diagnostic_handler(move |diagnostic| {
        if matches!(diagnostic.severity(), melior::diagnostic::DiagnosticSeverity::Error) {
            counter.set(counter.get() + 1);
        }
        false
    });
    let module = Module::parse(context, text);
    context.detach_diagnostic_handler(handler);
    if module.is_none() && errors.get() == 0 {
        return match custom_form(text) {
            Some((at, op)) => fail(
                position(text, at),
                &format!("'{op}' has no custom syntax: write it in generic form, as \"{op}\"(operands) ({{attributes}}) : type"),
            ),
            None => fail((1, 1), "the input could not be parsed, and MLIR's parser gave no reason"),
        };
    }
    module
}

/// `bytes` as text, or, when they are not UTF-8 (MLIR's source is), the
/// diagnostic `NAME:LINE:COLUMN: error: …` at the first byte that is not.
pub fn utf8(name: &str, bytes: Vec<u8>) -> Result<String, String> {
    String::from_utf8(bytes).map_err(|error| {
        let valid = error.utf8_error().valid_up_to();
        let text = std::str::from_utf8(&error.as_bytes()[..valid]).unwrap_or_default();
        let (line, column) = position(text, valid);
        format!("{name}:{line}:{column}: error: the input is not UTF-8 text (byte 0x{:02x})", error.as_bytes()[valid])
    })
}

/// The 1-based line and column of byte `at`.
fn position(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rfind('\n').map_or(at, |newline| at - newline - 1) + 1;
    (line, column)
}

/// The byte where the nest first exceeds [`MAX_NESTING`], outside strings
/// and comments.
fn too_deep(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (at, byte) in code_bytes(text) {
        match byte {
            b'{' | b'(' | b'[' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(at);
                }
            }
            b'}' | b')' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// The first op of ours written in custom form: `arr.compute` not in quotes.
fn custom_form(text: &str) -> Option<(usize, String)> {
    let bytes = text.as_bytes();
    for (at, byte) in code_bytes(text) {
        let starts_word =
            at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || matches!(bytes[at - 1], b'_' | b'.' | b'#' | b'!' | b'%' | b'@' | b'^'));
        if !starts_word || !byte.is_ascii_lowercase() {
            continue;
        }
        let word_end = text[at..].find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.')).map_or(text.len(), |end| at + end);
        let word = &text[at..word_end];
        if let Some((dialect, op)) = word.split_once('.') {
            if GENERIC_ONLY.contains(&dialect) && !op.is_empty() && !op.contains('.') {
                return Some((at, word.to_string()));
            }
        }
    }
    None
}

/// Each byte of `text` that is code: outside string literals and `//` comments.
fn code_bytes(text: &str) -> impl Iterator<Item = (usize, u8)> + '_ {
    let (mut in_string, mut escaped, mut in_comment) = (false, false, false);
    let bytes = text.as_bytes();
    bytes.iter().enumerate().filter_map(move |(at, &byte)| {
        if in_comment {
            in_comment = byte != b'\n';
            return None;
        }
        if in_string {
            match (escaped, byte) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            return None;
        }
        match byte {
            b'"' => {
                in_string = true;
                None
            }
            b'/' if bytes.get(at + 1) == Some(&b'/') => {
                in_comment = true;
                None
            }
            _ => Some((at, byte)),
        }
    })
}
