//! Reading the parameters of attributes defined in IRDL.
//!
//! MLIR's C API has no accessor for the parameters of a dynamic (IRDL)
//! attribute. Their printed form is `#dialect.name<p0, p1, ...>` with each
//! parameter printed as a builtin attribute, so the parameters are recovered by
//! splitting that text at its top-level commas and parsing each piece back.

use crate::op::parse_attribute_like;
use melior::ir::Attribute;

/// An IRDL attribute split into its name (`arr.level`) and parameters.
pub struct DynamicAttribute<'c> {
    pub name: String,
    pub parameters: Vec<Attribute<'c>>,
}

/// Splits `attribute` if it is an attribute of one of our dialects.
pub fn dynamic_attribute(attribute: Attribute<'_>) -> Option<DynamicAttribute<'_>> {
    let text = attribute.to_string();
    let body = text.strip_prefix('#')?;
    if !["arr.", "sig.", "cfir."].iter().any(|prefix| body.starts_with(prefix)) {
        return None;
    }
    let (name, parameters) = match body.find('<') {
        Some(open) => (&body[..open], body[open + 1..].strip_suffix('>')?),
        None => (body, ""),
    };
    let parameters =
        split_top_level(parameters).into_iter().map(|piece| parse_attribute_like(attribute, piece)).collect::<Option<Vec<_>>>()?;
    Some(DynamicAttribute { name: name.to_string(), parameters })
}

/// Splits `text` at commas outside brackets and string literals. The `>` of
/// an affine map's `->` is not a closing bracket.
fn split_top_level(text: &str) -> Vec<&str> {
    let mut pieces = Vec::new();
    let (mut depth, mut start, mut in_string, mut escaped) = (0i32, 0, false, false);
    let bytes = text.as_bytes();
    for (at, &byte) in bytes.iter().enumerate() {
        if in_string {
            match byte {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'<' | b'[' | b'(' | b'{' => depth += 1,
            b'>' if at > 0 && bytes[at - 1] == b'-' => {}
            b'>' | b']' | b')' | b'}' => depth -= 1,
            b',' if depth == 0 => {
                pieces.push(text[start..at].trim());
                start = at + 1;
            }
            _ => {}
        }
    }
    if !text[start..].trim().is_empty() {
        pieces.push(text[start..].trim());
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_top_level_commas_only() {
        assert_eq!(
            split_top_level(r#"[#a<"x,y", {k = 1, j}>], 0.0 : f64, affine_map<(d0, d1) -> (d1, d0)>"#),
            vec![r#"[#a<"x,y", {k = 1, j}>]"#, "0.0 : f64", "affine_map<(d0, d1) -> (d1, d0)>"]
        );
        assert_eq!(split_top_level(r#""a\"," , 1"#), vec![r#""a\",""#, "1"]);
        assert!(split_top_level("").is_empty());
    }

    #[test]
    fn reads_parameters_of_an_encoding() {
        let context = crate::testing::context();
        let text = r#"#arr.encoding<[#arr.level<"dense", {}>], 1.5 : f32, affine_map<(d0) -> (d0)>>"#;
        let attribute = Attribute::parse(&context, text).unwrap();
        let split = dynamic_attribute(attribute).unwrap();
        assert_eq!(split.name, "arr.encoding");
        assert_eq!(split.parameters.len(), 3);
        assert_eq!(split.parameters[1].to_string(), "1.500000e+00 : f32");
        let universe = Attribute::parse(&context, "#arr.universe").unwrap();
        assert_eq!(dynamic_attribute(universe).unwrap().parameters.len(), 0);
        assert!(dynamic_attribute(Attribute::parse(&context, "3 : i64").unwrap()).is_none());
    }
}
