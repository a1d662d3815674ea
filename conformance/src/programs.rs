//! The programs upstream's tools run for a kernel: a driver
//! `@conformance_main` that builds each argument from a dense constant
//! (converted with `sparse_tensor.convert` to the declared encoding, for
//! upstream's sparse run), calls the kernel, and prints every component of
//! its result exactly; the kernel's text with every `#sparse_tensor.encoding`
//! removed, for the dense reference; and the printed answer read back.

use crate::signature::{Kind, Param, Signature};
use std::fmt::Write as _;

/// The driver's name, passed to `mlir-runner -e`.
pub const DRIVER: &str = "conformance_main";

/// A dense row-major array of an argument's values, components interleaved.
pub type Values = Vec<f64>;

/// The driver that calls `kernel` on `arguments`. With `dense`, every type
/// is its dense form (the kernel's text must have its encodings removed).
pub fn driver(kernel: &str, signature: &Signature, arguments: &[Values], dense: bool) -> String {
    let type_of = |param: &Param| if dense { param.dense_type() } else { param.r#type.clone() };
    let mut text = format!("func.func @{DRIVER}() {{\n");
    let mut names = Vec::new();
    for (index, (param, values)) in signature.parameters.iter().zip(arguments).enumerate() {
        let name = format!("%arg{index}");
        match param.kind {
            Kind::Scalar => {
                let _ = writeln!(text, "  {}", param.element.constant(&name, values));
            }
            Kind::Tensor { .. } => {
                let literal = nested_literal(param, param.shape(), values);
                if param.encoded() && !dense {
                    let _ = writeln!(text, "  {name}_dense = arith.constant dense<{literal}> : {}", param.dense_type());
                    let _ = writeln!(text, "  {name} = sparse_tensor.convert {name}_dense : {} to {}", param.dense_type(), param.r#type);
                } else {
                    let _ = writeln!(text, "  {name} = arith.constant dense<{literal}> : {}", param.dense_type());
                }
            }
        }
        names.push(name);
    }
    let types: Vec<String> = signature.parameters.iter().map(type_of).collect();
    let result = &signature.result;
    let _ = writeln!(text, "  %result = call @{kernel}({}) : ({}) -> {}", names.join(", "), types.join(", "), type_of(result));
    let mut value = "%result".to_string();
    if result.encoded() && !dense {
        let _ = writeln!(text, "  %result_dense = sparse_tensor.convert %result : {} to {}", result.r#type, result.dense_type());
        value = "%result_dense".into();
    }
    text += &print_all(result, &value);
    text += "  return\n}\n";
    text
}

/// Ops that print every component of `value` (of `param`'s dense type),
/// in row-major order: loops over the dimensions around a `tensor.extract`.
fn print_all(param: &Param, value: &str) -> String {
    let mut text = String::new();
    let shape = param.shape();
    let indent = |depth: usize| "  ".repeat(depth + 1);
    let element = match param.kind {
        Kind::Scalar => value.to_string(),
        Kind::Tensor { .. } => {
            let _ = writeln!(text, "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index");
            for (dim, size) in shape.iter().enumerate() {
                let _ = writeln!(
                    text,
                    "{0}%n{dim} = arith.constant {size} : index\n{0}scf.for %i{dim} = %c0 to %n{dim} step %c1 {{",
                    indent(dim)
                );
            }
            let indices: Vec<String> = (0..shape.len()).map(|dim| format!("%i{dim}")).collect();
            let _ =
                writeln!(text, "{}%element = tensor.extract {value}[{}] : {}", indent(shape.len()), indices.join(", "), param.dense_type());
            "%element".into()
        }
    };
    for line in param.element.print(&element, "%p").lines() {
        let _ = writeln!(text, "{}{line}", indent(shape.len()));
    }
    for depth in (0..shape.len()).rev() {
        let _ = writeln!(text, "{}}}", indent(depth));
    }
    text
}

/// A row-major array of `shape` as a nested `dense<...>` literal.
fn nested_literal(param: &Param, shape: &[usize], values: &[f64]) -> String {
    let Some((&outer, inner)) = shape.split_first() else { return param.element.literal(values) };
    let stride = inner.iter().product::<usize>() * param.element.components();
    let parts: Vec<String> = (0..outer).map(|index| nested_literal(param, inner, &values[index * stride..(index + 1) * stride])).collect();
    format!("[{}]", parts.join(", "))
}

const ENCODING: &str = "#sparse_tensor.encoding<";

/// `text` with every `#sparse_tensor.encoding` removed: the definitions of
/// aliases to one, their uses in types (`, #CSR`), and inline ones. A
/// `tensor.empty()` or `bufferization.alloc_tensor()` of a sparse type
/// becomes a zero constant: empty, a sparse tensor holds its fill value 0
/// everywhere, where an empty dense tensor holds anything.
pub fn strip_encodings(text: &str) -> String {
    let aliases = encoding_aliases(text);
    let zeroed = text.lines().map(|line| zero_sparse_empty(line, &aliases)).collect::<Vec<_>>().join("\n") + "\n";
    let mut kept = String::new();
    let mut rest = zeroed.as_str();
    while let Some(at) = rest.find(ENCODING) {
        let end = encoding_end(rest, at + ENCODING.len());
        let line_start = rest[..at].rfind('\n').map_or(0, |newline| newline + 1);
        let before = &rest[line_start..at];
        if before.contains("//") {
            kept += &rest[..end];
        } else if alias_defined(before).is_some() {
            kept += &rest[..line_start];
        } else {
            // Inline: drop it with the comma before it.
            kept += rest[..at].trim_end().strip_suffix(',').unwrap_or(&rest[..at]).trim_end();
        }
        rest = &rest[end..];
    }
    kept += rest;
    for alias in aliases {
        kept = remove_uses(&kept, &alias);
    }
    kept
}

/// The alias a definition `#NAME = ` (the text before an encoding on its line) defines.
fn alias_defined(before: &str) -> Option<&str> {
    before.trim().strip_suffix('=').map(str::trim).filter(|alias| alias.starts_with('#'))
}

/// The names of the aliases `text` defines to an encoding.
fn encoding_aliases(text: &str) -> Vec<String> {
    text.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .filter_map(|line| alias_defined(&line[..line.find(ENCODING)?]).map(str::to_string))
        .collect()
}

/// Whether `text` names `alias` (and not a longer name it begins).
fn names(text: &str, alias: &str) -> bool {
    text.match_indices(alias).any(|(at, _)| !text[at + alias.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || "_.$".contains(c)))
}

/// `line` with an empty tensor of a sparse type made a zero constant.
fn zero_sparse_empty(line: &str, aliases: &[String]) -> String {
    for op in ["tensor.empty()", "bufferization.alloc_tensor()"] {
        let Some(at) = line.find(op) else { continue };
        let Some(r#type) = line[at + op.len()..].trim_start().strip_prefix(':') else { continue };
        let r#type = r#type.split("//").next().unwrap_or_default().trim();
        let sparse = r#type.contains(ENCODING) || aliases.iter().any(|alias| names(r#type, alias));
        if let Some(zero) = zero_of(r#type).filter(|_| sparse) {
            return format!("{}arith.constant dense<{zero}> : {}", &line[..at], r#type);
        }
    }
    line.to_string()
}

/// The zero literal of the elements of a static tensor type.
fn zero_of(r#type: &str) -> Option<&'static str> {
    let mut element = r#type.strip_prefix("tensor<")?;
    while let Some((size, rest)) = element.split_once('x') {
        if size.is_empty() || !size.chars().all(|c| c.is_ascii_digit()) {
            break;
        }
        element = rest;
    }
    Some(match element {
        _ if element.starts_with("complex") => "(0.0, 0.0)",
        _ if element.starts_with('f') || element.starts_with("bf") => "0.0",
        _ if element.starts_with("i1>") || element.starts_with("i1,") => "false",
        _ => "0",
    })
}

/// Ops whose answer depends on how a tensor is stored, not on its values:
/// a kernel with one has no dense reference.
const STORAGE_OPS: [&str; 6] = [
    "sparse_tensor.foreach",
    "sparse_tensor.number_of_entries",
    "sparse_tensor.values",
    "sparse_tensor.positions",
    "sparse_tensor.coordinates",
    "sparse_tensor.iterate",
];

/// The first op of `text` whose answer depends on storage, if any.
pub fn storage_op(text: &str) -> Option<&'static str> {
    let code: Vec<&str> = text.lines().map(|line| line.split("//").next().unwrap_or_default()).collect();
    STORAGE_OPS.into_iter().find(|op| code.iter().any(|line| names(line, op)))
}

/// Where the encoding whose `<` ends at `from` closes: after the `}>` that
/// balances its braces (an `->` in its map holds a `>` that is no bracket).
fn encoding_end(text: &str, from: usize) -> usize {
    let mut depth = 0usize;
    for (offset, c) in text[from..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            '>' if depth == 0 => return from + offset + 1,
            _ => {}
        }
    }
    text.len()
}

/// `text` without the uses `, ALIAS` of an encoding alias in types.
fn remove_uses(text: &str, alias: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(alias) {
        let (before, after) = (&rest[..at], &rest[at + alias.len()..]);
        let whole = !after.starts_with(|c: char| c.is_ascii_alphanumeric() || "_.$".contains(c));
        match before.trim_end().strip_suffix(',') {
            Some(kept) if whole => out += kept.trim_end(),
            _ => {
                out += before;
                out += alias;
            }
        }
        rest = after;
    }
    out + rest
}

/// The components `@conformance_main` printed, one integer a line, decoded.
pub fn read_printed(stdout: &str, result: &Param) -> Result<Vec<f64>, String> {
    let values: Vec<f64> = stdout
        .lines()
        .map(|line| line.trim().parse::<i64>().map(|printed| result.element.decode(printed)).map_err(|_| format!("printed '{line}'")))
        .collect::<Result<_, _>>()?;
    match values.len() == result.components() {
        true => Ok(values),
        false => Err(format!("printed {} components, not {}", values.len(), result.components())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::element::{Element, Float};

    const KERNEL: &str = "#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSR_T = #sparse_tensor.encoding<{
  map = (i, j) -> (j : dense, i : compressed)
}>
// #CSR = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}> in a comment stays
func.func @k(%a: tensor<2x3xf64, #CSR>, %b: tensor<3x2xf64,#CSR_T>, %c: tensor<3xf64, #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>>) -> tensor<2xf64>
";

    #[test]
    fn encodings_are_removed_from_definitions_and_types() {
        let dense = strip_encodings(KERNEL);
        assert!(dense.contains("func.func @k(%a: tensor<2x3xf64>, %b: tensor<3x2xf64>, %c: tensor<3xf64>) -> tensor<2xf64>"), "{dense}");
        assert!(!dense.lines().any(|line| line.starts_with("#CSR")));
        assert!(dense.contains("// #CSR = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}> in a comment stays"));
    }

    #[test]
    fn storage_dependent_ops_are_found_outside_comments() {
        assert_eq!(storage_op("%n = sparse_tensor.number_of_entries %t : tensor<4xf64, #SV>"), Some("sparse_tensor.number_of_entries"));
        assert_eq!(storage_op("// sparse_tensor.foreach in a comment\n%v = sparse_tensor.values_x"), None);
    }

    #[test]
    fn empty_sparse_tensors_become_zeros() {
        let text = "#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
  %a = tensor.empty() : tensor<5x5xi32, #DCSR>
  %b = bufferization.alloc_tensor() : tensor<4xcomplex<f64>, #DCSR> // a comment
  %c = tensor.empty() : tensor<3xf32>
  %d = tensor.empty() : tensor<2x2xbf16, #DCSR_T>
";
        let dense = strip_encodings(text);
        assert!(dense.contains("%a = arith.constant dense<0> : tensor<5x5xi32>"), "{dense}");
        assert!(dense.contains("%b = arith.constant dense<(0.0, 0.0)> : tensor<4xcomplex<f64>>"));
        assert!(dense.contains("%c = tensor.empty() : tensor<3xf32>"));
        assert!(dense.contains("%d = tensor.empty() : tensor<2x2xbf16, #DCSR_T>"));
        assert_eq!(zero_of("tensor<8xi1, #SV>"), Some("false"));
        assert_eq!(zero_of("tensor<f64>"), Some("0.0"));
    }

    fn tensor(shape: &[usize], encoded: bool) -> Param {
        let element = Element::Float(Float::F64);
        let r#type =
            if encoded { "tensor<2x2xf64, #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed, d1 : compressed) }>>" } else { "" };
        Param { element, kind: Kind::Tensor { shape: shape.to_vec(), encoded }, r#type: r#type.to_string() }
    }

    #[test]
    fn the_driver_converts_calls_and_prints_every_component() {
        let signature = Signature {
            parameters: vec![tensor(&[2, 2], true), Param { element: Element::Integer(32), kind: Kind::Scalar, r#type: "i32".into() }],
            result: tensor(&[2], false),
        };
        let arguments = vec![vec![1.0, 0.0, 0.0, -2.5], vec![3.0]];
        let sparse = driver("k", &signature, &arguments, false);
        assert!(sparse.contains("%arg0_dense = arith.constant dense<[[1.0, 0.0], [0.0, -2.5]]> : tensor<2x2xf64>"), "{sparse}");
        assert!(sparse.contains("%arg0 = sparse_tensor.convert %arg0_dense : tensor<2x2xf64> to tensor<2x2xf64, #sparse_tensor"));
        assert!(sparse.contains("%arg1 = arith.constant 3 : i32"));
        assert!(sparse.contains("%result = call @k(%arg0, %arg1) : (tensor<2x2xf64, #sparse_tensor"));
        assert!(sparse.contains("scf.for %i0 = %c0 to %n0 step %c1 {"));
        assert!(sparse.contains("%element = tensor.extract %result[%i0] : tensor<2xf64>"));
        let dense = driver("k", &signature, &arguments, true);
        assert!(dense.contains("%arg0 = arith.constant dense<[[1.0, 0.0], [0.0, -2.5]]> : tensor<2x2xf64>"));
        assert!(dense.contains("call @k(%arg0, %arg1) : (tensor<2x2xf64>, i32) -> tensor<2xf64>"));
    }

    #[test]
    fn printed_components_are_decoded() {
        let result = tensor(&[2], false);
        let printed = format!("{}\n{}\n", 2.5f64.to_bits() as i64, (-0.1f64).to_bits() as i64);
        assert_eq!(read_printed(&printed, &result), Ok(vec![2.5, -0.1]));
        assert!(read_printed("1\n", &result).is_err());
        assert!(read_printed("x\ny\n", &result).is_err());
    }
}
