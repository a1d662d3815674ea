//! Parsing module text, guarded: what MLIR's parser would abort, crash or
//! fail on silently is reported here as a diagnostic with a location.
//!
//! - A NUL byte ends a C string early (melior's parse would panic on it).
//! - MLIR's parser recurses once per nested region or bracket, so a deep
//!   enough nest overflows the stack; nests deeper than [`MAX_NESTING`] are
//!   refused before parsing.
//! - Our IRDL ops have no custom syntax, and MLIR fails on `arr.compute …`
//!   written in custom form without saying why; the op is named here.
//! - MLIR 22's verifiers of `sparse_tensor.unary`, `binary`, `reduce` and
//!   `select` read the terminator of their region's first block without
//!   checking it has one: an empty block (`^bb0(%a: f64):` and nothing
//!   after it) crashes the verification that ends the parse, at random.
//!   Such a block is refused before parsing.
//! - MLIR 22's verifier of `tensor.expand_shape` crashes on an empty
//!   reassociation group (`[[], [1, 2]]`) when the group count matches the
//!   source rank; such a group is refused before parsing.
//! - MLIR 22's parsers of `linalg.transpose` (`permutation = [...]`),
//!   `linalg.broadcast` and `linalg.reduce` (`dimensions = [...]`) crash
//!   after reporting a list that is not integers between brackets
//!   (`[1 1, 0]`, `[1, 0`); such a list is refused before parsing.
//! - MLIR 22's attribute parser crashes on a dense array of `index`
//!   elements (`array<index: 0, 1>`) and on a `#complex.number` of a type
//!   that is not a float (`#complex.number<:i8 0.0, 0.0>`), and its
//!   verifier of `tensor.concat` on a negative dimension (`dim(-2)`); these
//!   are refused before parsing.

use crate::verify::emit_error;
use melior::{
    ir::{Location, Module},
    Context,
};

/// The deepest nest of `{`, `(`, `[` and `<` accepted. Real kernels nest a
/// few levels; MLIR's parser overflows an 8 MiB stack at a few thousand.
pub const MAX_NESTING: usize = 256;

/// The ops whose MLIR 22 verifier crashes on an empty block in a region.
const TERMINATOR_READERS: [&str; 4] = ["sparse_tensor.unary", "sparse_tensor.binary", "sparse_tensor.reduce", "sparse_tensor.select"];

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
    if let Some((at, op)) = empty_block(text) {
        return fail(position(text, at), &format!("this block of a '{op}' region is empty: the region must end with sparse_tensor.yield"));
    }
    if let Some(at) = empty_reassociation_group(text) {
        return fail(
            position(text, at),
            "this reassociation group of a 'tensor.expand_shape' is empty: each group lists at least one dimension",
        );
    }
    if let Some((at, keyword, op)) = malformed_dimension_list(text) {
        return fail(position(text, at), &format!("the {keyword} of this '{op}' is not a list of integers: write it as [1, 0]"));
    }
    if let Some(at) = index_array(text) {
        return fail(
            position(text, at),
            "a dense array of index elements (array<index: ...>) is not one MLIR's parser takes: write array<i64: ...>",
        );
    }
    if let Some((at, element)) = complex_number_of_no_float(text) {
        return fail(position(text, at), &format!("#complex.number takes a float type after ':' (such as f64), not '{element}'"));
    }
    if let Some(at) = negative_concat_dim(text) {
        return fail(position(text, at), "the dimension of this 'tensor.concat' is negative: it counts from 0");
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
/// A `>` closes a `<` but in an arrow (`->`) and a comparison (`>=`, in
/// integer sets).
fn too_deep(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    for (at, byte) in code_bytes(text) {
        match byte {
            b'{' | b'(' | b'[' | b'<' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(at);
                }
            }
            b'>' if at > 0 && bytes[at - 1] == b'-' || bytes.get(at + 1) == Some(&b'=') => {}
            b'}' | b')' | b']' | b'>' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// The code bytes where the keyword `word` starts (not inside a longer
/// name) and is followed by `<`, maybe after spaces; with the byte after
/// the `<`.
fn keyword_brackets<'t>(text: &'t str, word: &'t str) -> impl Iterator<Item = (usize, usize)> + 't {
    let bytes = text.as_bytes();
    code_bytes(text).filter_map(move |(at, _)| {
        let starts = bytes[at..].starts_with(word.as_bytes())
            && (at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || matches!(bytes[at - 1], b'_' | b'.' | b'$')));
        let after = at + word.len();
        let bracket = after + bytes.get(after..)?.iter().take_while(|byte| byte.is_ascii_whitespace()).count();
        (starts && bytes.get(bracket) == Some(&b'<')).then_some((at, bracket + 1))
    })
}

/// The word (letters, digits, `_`, and a leading `!` of a type alias)
/// after `at` in `text`, past spaces.
fn word_at(text: &str, at: usize) -> &str {
    let rest = text[at..].trim_start();
    let end = rest
        .char_indices()
        .find(|&(index, c)| !(c.is_ascii_alphanumeric() || c == '_' || (index == 0 && c == '!')))
        .map_or(rest.len(), |(index, _)| index);
    &rest[..end]
}

/// The first `array<index` (a dense array attribute of `index` elements).
fn index_array(text: &str) -> Option<usize> {
    keyword_brackets(text, "array").find(|&(_, inside)| word_at(text, inside) == "index").map(|(at, _)| at)
}

/// The first `#complex.number<:T` whose `T` is not a float type (nor a
/// type alias, which may name one), and `T`.
fn complex_number_of_no_float(text: &str) -> Option<(usize, &str)> {
    keyword_brackets(text, "#complex.number").find_map(|(at, inside)| {
        let after = text[inside..].trim_start().strip_prefix(':')?;
        let element = word_at(after, 0);
        let float = element.starts_with(['f', '!']) || element.starts_with("bf") || element.starts_with("tf");
        (!float).then_some((at, element))
    })
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

/// The first `tensor.concat`, in either form, whose `dim` is negative (on
/// its line: `dim(-2)`, `<{dim = -2 : i64}>`): the byte of the op.
fn negative_concat_dim(text: &str) -> Option<usize> {
    code_tokens(text).find_map(|(at, token)| {
        let Token::Op("tensor.concat") = token else { return None };
        let line = &text[at..text[at..].find('\n').map_or(text.len(), |end| at + end)];
        let after = line.find("dim").map(|dim| line[dim + 3..].trim_start())?;
        let value = after.strip_prefix(['(', '=']).map(str::trim_start)?;
        value.starts_with('-').then_some(at)
    })
}

/// The first empty block in a region of one of [`TERMINATOR_READERS`]: the
/// byte of its label, and the op. An op named at some brace depth (bare, or
/// quoted in generic form) owns the regions opened at that depth until the
/// next op named there; a block is empty when its label's `:` is followed
/// by the region's `}` or by the next label.
fn empty_block(text: &str) -> Option<(usize, &'static str)> {
    // The last op named at each open brace depth, and the op of each open region.
    let mut named = vec![""];
    let mut owners: Vec<Option<&'static str>> = Vec::new();
    // A label being read (its byte, the parentheses open in its arguments),
    // then, once its `:` is read, a block with no op yet.
    let mut label: Option<(usize, usize)> = None;
    let mut block: Option<usize> = None;
    for (at, token) in code_tokens(text) {
        if let Some((start, depth)) = label {
            label = match token {
                Token::Punct(b'(') => Some((start, depth + 1)),
                Token::Punct(b')') => Some((start, depth.saturating_sub(1))),
                Token::Punct(b':') if depth == 0 => {
                    block = Some(start);
                    None
                }
                _ => Some((start, depth)).filter(|_| depth > 0),
            };
            continue;
        }
        if let Some(start) = block.take() {
            if let (Token::Punct(b'}') | Token::Label, Some(Some(op))) = (&token, owners.last()) {
                return Some((start, op));
            }
        }
        match token {
            Token::Label => label = Some((at, 0)),
            Token::Op(name) => *named.last_mut()? = name,
            Token::Punct(b'{') => {
                let owner = *named.last()?;
                owners.push(TERMINATOR_READERS.into_iter().find(|op| *op == owner));
                named.push("");
            }
            Token::Punct(b'}') => {
                owners.pop();
                if named.len() > 1 {
                    named.pop();
                }
            }
            Token::Punct(_) => {}
        }
    }
    None
}

/// The first empty group (its `[`) in the reassociation of a
/// `tensor.expand_shape`: the first nested list (`[[`) after the op's name,
/// in custom or generic form, before the next op.
fn empty_reassociation_group(text: &str) -> Option<usize> {
    let tokens: Vec<(usize, Token)> = code_tokens(text).collect();
    let punct = |index: usize| match tokens.get(index) {
        Some((_, Token::Punct(byte))) => Some(*byte),
        _ => None,
    };
    for (op, _) in tokens.iter().enumerate().filter(|(_, (_, token))| matches!(token, Token::Op("tensor.expand_shape"))) {
        let rest = op + 1..tokens.len();
        let Some(outer) = rest
            .take_while(|&index| !matches!(tokens[index].1, Token::Op(_)))
            .find(|&index| punct(index) == Some(b'[') && punct(index + 1) == Some(b'['))
        else {
            continue;
        };
        let mut depth = 0usize;
        for index in outer..tokens.len() {
            match punct(index) {
                Some(b'[')
                    if depth == 1 && punct(index + 1) == Some(b']') && text[tokens[index].0 + 1..tokens[index + 1].0].trim().is_empty() =>
                {
                    return Some(tokens[index].0)
                }
                Some(b'[') => depth += 1,
                Some(b']') if depth == 1 => break,
                Some(b']') => depth -= 1,
                _ => {}
            }
        }
    }
    None
}

/// The first `permutation` list of a `linalg.transpose`, or `dimensions`
/// list of a `linalg.broadcast` or `linalg.reduce`, in custom form that is
/// not integers between brackets, separated by commas: the byte where it
/// starts, the keyword and the op. An op's list is the keyword's first
/// occurrence after it, before the next of these ops; the generic form's
/// `array<i64: ...>` is the attribute parser's, which reports without crashing.
fn malformed_dimension_list(text: &str) -> Option<(usize, &'static str, &'static str)> {
    const LISTS: [(&str, &str); 3] =
        [("linalg.transpose", "permutation"), ("linalg.broadcast", "dimensions"), ("linalg.reduce", "dimensions")];
    let ops: Vec<(usize, &str, &str)> = code_tokens(text)
        .filter_map(|(at, token)| match token {
            Token::Op(op) => LISTS.iter().find(|(name, _)| *name == op).map(|&(name, keyword)| (at, name, keyword)),
            _ => None,
        })
        .collect();
    for (index, &(at, op, keyword)) in ops.iter().enumerate() {
        let end = ops.get(index + 1).map_or(text.len(), |next| next.0);
        let span = &text[at..end];
        let Some(found) = keyword_value(span, keyword) else { continue };
        let value = &span[found..];
        if !value.starts_with("array<") && !is_integer_list(value) {
            return Some((at + found, keyword, op));
        }
    }
    None
}

/// Where the value of `keyword = value` starts in `text` (its first
/// occurrence as a word followed by `=`).
fn keyword_value(text: &str, keyword: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(offset) = text[from..].find(keyword) {
        let at = from + offset;
        from = at + keyword.len();
        let word_start = at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
        let rest = text[from..].trim_start();
        if word_start && rest.starts_with('=') {
            let value = rest[1..].trim_start();
            return Some(text.len() - value.len());
        }
    }
    None
}

/// Whether `text` starts with `[`, integers separated by commas (or none), `]`.
fn is_integer_list(text: &str) -> bool {
    let Some(inner) = text.strip_prefix('[').and_then(|rest| rest.split_once(']')).map(|(inner, _)| inner.trim()) else {
        return false;
    };
    let integer = |item: &str| {
        let digits = item.trim().strip_prefix('-').unwrap_or(item.trim());
        !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit())
    };
    inner.is_empty() || inner.split(',').all(integer)
}

/// What [`empty_block`] reads of the code.
enum Token<'t> {
    /// A dotted name that may be an op: bare, or quoted before `(`.
    Op(&'t str),
    /// The `^` of a block label or successor.
    Label,
    /// Any other byte outside names, strings and comments.
    Punct(u8),
}

/// The tokens of `text`, each with its byte. Names behind `%`, `#`, `!`,
/// `@` and `^` (values, attributes, types, symbols and blocks) are skipped.
fn code_tokens(text: &str) -> impl Iterator<Item = (usize, Token<'_>)> + '_ {
    let bytes = text.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || loop {
        let byte = *bytes.get(at)?;
        let start = at;
        // The end of a name from `from`: `-` continues only the names
        // behind a sigil (`%a-b`), never a bare word (`i32->`).
        let name_end = |from: usize, dash: bool| {
            text[from..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || "_.$".contains(c) || (dash && c == '-')))
                .map_or(text.len(), |end| from + end)
        };
        match byte {
            b'/' if bytes.get(at + 1) == Some(&b'/') => at = text[at..].find('\n').map_or(text.len(), |end| at + end),
            b'"' => {
                let mut end = at + 1;
                while end < bytes.len() && bytes[end] != b'"' {
                    end += if bytes[end] == b'\\' { 2 } else { 1 };
                }
                let content = &text[at + 1..end.min(text.len())];
                at = (end + 1).min(text.len());
                if content.contains('.') && text[at..].trim_start().starts_with('(') {
                    return Some((start, Token::Op(content)));
                }
            }
            b'^' => {
                at = name_end(at + 1, true);
                return Some((start, Token::Label));
            }
            b'%' | b'#' | b'!' | b'@' => at = name_end(at + 1, true),
            _ if byte.is_ascii_alphabetic() || byte == b'_' => {
                at = name_end(at, false);
                let word = &text[start..at];
                if word.contains('.') && byte.is_ascii_lowercase() {
                    return Some((start, Token::Op(word)));
                }
            }
            _ if byte.is_ascii_digit() => at = name_end(at, false),
            _ if byte.is_ascii_whitespace() => at += 1,
            _ => {
                at += 1;
                return Some((start, Token::Punct(byte)));
            }
        }
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_block_of_a_terminator_reader_is_found_in_either_form() {
        let custom = "%u = sparse_tensor.unary %x : i32 to i32\n  present = {\n  ^bb0(%in: i32):\n  }\n  absent = {}\n";
        assert_eq!(empty_block(custom), Some((custom.find("^bb0").unwrap(), "sparse_tensor.unary")));
        let generic = "%r = \"sparse_tensor.reduce\"(%a, %b, %c) ({\n^bb0(%p: i32, %q: i32):\n}) : (i32, i32, i32) -> i32";
        assert_eq!(empty_block(generic), Some((generic.find("^bb0").unwrap(), "sparse_tensor.reduce")));
        let before_next = "sparse_tensor.binary %x, %y : f64, f64 to f64 overlap = {\n^a(%p: f64, %q: f64):\n^b:\n  sparse_tensor.yield %p : f64\n} left = {} right = {}";
        assert_eq!(empty_block(before_next).map(|(_, op)| op), Some("sparse_tensor.binary"));
    }

    #[test]
    fn malformed_dimension_lists_of_linalg_ops_are_found_before_mlir_parses_them() {
        let transpose = |permutation: &str| {
            format!("%t = linalg.transpose ins(%a : tensor<3x5xf32>) outs(%e : tensor<5x3xf32>) permutation = {permutation}\n")
        };
        for bad in ["[1 1, 0]", "[1, 0", "[x, 0]", "[1,, 0]", "1, 0"] {
            let found = malformed_dimension_list(&transpose(bad));
            assert_eq!(found.map(|(_, keyword, op)| (keyword, op)), Some(("permutation", "linalg.transpose")), "{bad}");
        }
        for good in ["[1, 0]", "[]", "[ 1 ,0 ]", "[-1]"] {
            assert_eq!(malformed_dimension_list(&transpose(good)), None, "{good}");
        }
        let reduce = "%r = linalg.reduce { arith.addf } ins(%a : tensor<3x5xf32>) outs(%i : tensor<3xf32>) dimensions = [1 1]";
        assert_eq!(malformed_dimension_list(reduce).map(|(_, keyword, op)| (keyword, op)), Some(("dimensions", "linalg.reduce")));
        let generic =
            "%t = \"linalg.broadcast\"(%a, %e) <{dimensions = array<i64: 1>}> ({}) : (tensor<3xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>";
        assert_eq!(malformed_dimension_list(generic), None);
    }

    #[test]
    fn an_empty_reassociation_group_of_expand_shape_is_found_in_either_form() {
        let custom = "%y = tensor.expand_shape %x [[], [1, 2]] output_shape [3, 2, 4] : tensor<3x8xf64> into tensor<3x2x4xf64>";
        assert_eq!(empty_reassociation_group(custom), Some(custom.find("[]").unwrap()));
        let generic = "%y = \"tensor.expand_shape\"(%x) <{reassociation = [[0], [ ]], static_output_shape = array<i64: 3, 2, 4>}> : (tensor<3x8xf64>) -> tensor<3x2x4xf64>";
        assert_eq!(empty_reassociation_group(generic), Some(generic.find("[ ]").unwrap()));
        let full = "%y = tensor.expand_shape %x [[0], [1, 2]] output_shape [3, 2, 4] : tensor<3x8xf64> into tensor<3x2x4xf64>\n%e = tensor.empty() : tensor<2x[]>";
        assert_eq!(empty_reassociation_group(full), None);
        let collapse = "%y = tensor.collapse_shape %x [[], [1, 2]] : tensor<3x2x4xf64> into tensor<3x8xf64>";
        assert_eq!(empty_reassociation_group(collapse), None);
    }

    #[test]
    fn angle_brackets_count_in_the_nest_but_arrows_and_comparisons() {
        let deep = |open: &str, close: &str| format!("#a = {}1{}", open.repeat(MAX_NESTING + 1), close.repeat(MAX_NESTING + 1));
        assert_eq!(too_deep(&deep("#arr.complement<", ">")), Some(5 + MAX_NESTING * 16 + 15));
        // An arrow or a comparison closes nothing: a nest behind them counts.
        assert!(too_deep(&deep("x<() -> ", ">")).is_some());
        assert!(too_deep(&deep("x<(d0 >= 0) ", ">")).is_some());
        let arrows = "func.func @f(%a: i32) -> i32 {\n".to_string() + &"%x = \"t.op\"() : () -> tensor<4xf64>\n".repeat(2 * MAX_NESTING);
        assert_eq!(too_deep(&arrows), None);
    }

    #[test]
    fn attributes_mlir_crashes_on_are_found_before_it_parses_them() {
        let array = "func.func @k() attributes {a = array<index: 0, 1>} {\n  return\n}";
        assert_eq!(index_array(array), Some(array.find("array").unwrap()));
        assert_eq!(index_array("func.func @k() attributes {a = array<i64: 0, 1>, s = \"array<index: 0>\"} {}"), None);
        let spaced = "func.func @k() attributes {a = array <index: 0, 1>} {}";
        assert_eq!(index_array(spaced), Some(spaced.find("array").unwrap()));
        let complex = "%c = arith.constant #complex.number<:i8 0.0, 0.0> : complex<f64>";
        assert_eq!(complex_number_of_no_float(complex), Some((complex.find('#').unwrap(), "i8")));
        let spaced = "{c = #complex.number <: i8 1.0, 0.0>}";
        assert_eq!(complex_number_of_no_float(spaced), Some((spaced.find('#').unwrap(), "i8")));
        for good in [
            "#complex.number<:f64 1.0, 2.0>",
            "#complex.number<: bf16 0.0, 0.0>",
            "#complex.number<:f8E4M3FN 0.0, 0.0>",
            "#complex.number<:!t 1.0, 0.0>",
        ] {
            assert_eq!(complex_number_of_no_float(good), None, "{good}");
        }
        let custom = "%c = tensor.concat dim(-2) %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>";
        assert_eq!(negative_concat_dim(custom), Some(custom.find("tensor.concat").unwrap()));
        let generic = "%c = \"tensor.concat\"(%a, %b) <{dim = -1 : i64}> : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>";
        assert_eq!(negative_concat_dim(generic), Some(generic.find('"').unwrap()));
        assert_eq!(negative_concat_dim("%c = tensor.concat dim(0) %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>"), None);
        // Letters of other scripts outside strings are not sliced through.
        assert_eq!(index_array("func.func @k() { return }\n é array\n"), None);
        assert_eq!(complex_number_of_no_float("é #complex.number"), None);
    }

    #[test]
    fn blocks_with_ops_and_other_owners_are_accepted() {
        let full = "%u = sparse_tensor.unary %x : i32 to i32\n  present = {\n  ^bb0(%in: !llvm.func<void (i32)>):  // a comment: }\n    sparse_tensor.yield %in : i32\n  }\n  absent = {}\n";
        assert_eq!(empty_block(full), None);
        // scf.for inserts its terminator; the unary before it owns nothing here.
        let other =
            "%u = sparse_tensor.unary %x : i32 to i32 present = {} absent = {}\nscf.for %i = %a to %b step %c {\n^bb0(%j: index):\n}\n";
        assert_eq!(empty_block(other), None);
        let string = "%s = arith.constant {note = \"sparse_tensor.unary\"} 1 : i32\n\"test.op\"() ({\n^bb0:\n}) : () -> ()";
        assert_eq!(empty_block(string), None);
    }
}
