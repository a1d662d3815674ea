//! `--verify-diagnostics`: the `expected-error`, `expected-warning`,
//! `expected-note` and `expected-remark` comments of a chunk, and their
//! matching against the diagnostics the chunk produced.
//!
//! Forms, as in mlir-opt: `// expected-error {{text}}` on the line it is
//! about, `@+N`/`@-N` for a line below or above, `@above`/`@below` for the
//! previous or next line. `text` must occur in the message.

use sparse_dialects::diagnostics::{Diagnostic, Severity};

/// One expected diagnostic.
#[derive(Debug, PartialEq, Eq)]
pub struct Expectation {
    pub severity: Severity,
    pub line: usize,
    pub text: String,
    /// The line the comment itself is on, for reporting.
    pub written_on: usize,
}

/// Reads the expectations of `text`, whose first line is line 1. A comment
/// that names a kind but cannot be read is an error naming its line.
pub fn parse(text: &str) -> Result<Vec<Expectation>, String> {
    let mut expectations = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let Some(start) = line.find("expected-") else { continue };
        let rest = &line[start + "expected-".len()..];
        let Some((severity, rest)) =
            [("error", Severity::Error), ("warning", Severity::Warning), ("note", Severity::Note), ("remark", Severity::Remark)]
                .into_iter()
                .find_map(|(word, severity)| rest.strip_prefix(word).map(|rest| (severity, rest)))
        else {
            continue;
        };
        let malformed = || format!("line {number}: malformed expected-{}: {}", severity.name(), line.trim());
        let (target, rest) = match rest.strip_prefix('@') {
            Some(offset) => {
                let end = offset.find(|c: char| c.is_whitespace() || c == '{').unwrap_or(offset.len());
                let target = match &offset[..end] {
                    "above" => number.checked_sub(1),
                    "below" => Some(number + 1),
                    relative if relative.starts_with('+') => relative[1..].parse::<usize>().ok().map(|n| number + n),
                    relative if relative.starts_with('-') => relative[1..].parse::<usize>().ok().and_then(|n| number.checked_sub(n)),
                    absolute => absolute.parse::<usize>().ok(),
                };
                (target.ok_or_else(malformed)?, &offset[end..])
            }
            None => (number, rest),
        };
        let rest = rest.trim_start();
        let body = rest.strip_prefix("{{").and_then(|rest| rest.rfind("}}").map(|end| &rest[..end]));
        let text = body.ok_or_else(malformed)?;
        expectations.push(Expectation { severity, line: target, text: text.to_string(), written_on: number });
    }
    Ok(expectations)
}

/// Pairs diagnostics with expectations; returns the problems: diagnostics
/// nobody expected and expectations nothing met.
pub fn check(mut expectations: Vec<Expectation>, diagnostics: &[Diagnostic]) -> Vec<String> {
    let mut problems = Vec::new();
    for diagnostic in diagnostics {
        let found = expectations.iter().position(|expected| {
            expected.severity == diagnostic.severity
                && Some(expected.line) == diagnostic.line
                && diagnostic.message.contains(&expected.text)
        });
        match found {
            Some(index) => {
                expectations.remove(index);
            }
            None => problems.push(format!(
                "{}unexpected {}: {}",
                diagnostic.line.map_or(String::new(), |line| format!("line {line}: ")),
                diagnostic.severity.name(),
                diagnostic.message
            )),
        }
    }
    for expected in expectations {
        problems.push(format!(
            "line {}: expected {} \"{}\" on line {} was not produced",
            expected.written_on,
            expected.severity.name(),
            expected.text,
            expected.line
        ));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diagnostic(severity: Severity, line: usize, message: &str) -> Diagnostic {
        Diagnostic { severity, file: "f".into(), line: Some(line), column: Some(1), message: message.into() }
    }

    #[test]
    fn reads_every_form() {
        let text =
            "op // expected-error {{bad op}}\n// expected-warning@+2 {{w}}\n// expected-note@above {{n}}\nx // expected-remark@1 {{r}}";
        let parsed = parse(text).unwrap();
        assert_eq!(
            parsed.iter().map(|e| (e.severity, e.line)).collect::<Vec<_>>(),
            vec![(Severity::Error, 1), (Severity::Warning, 4), (Severity::Note, 2), (Severity::Remark, 1)]
        );
        assert_eq!(parsed[0].text, "bad op");
        assert!(parse("// expected-error@+x {{m}}").is_err());
        assert!(parse("// expected-error no braces").is_err());
    }

    #[test]
    fn reports_unexpected_and_missing() {
        let expected = parse("\n// expected-error@-1 {{level 3}}\n// expected-error {{never}}").unwrap();
        let problems =
            check(expected, &[diagnostic(Severity::Error, 1, "level 3 does not exist"), diagnostic(Severity::Error, 5, "surprise")]);
        assert_eq!(problems.len(), 2);
        assert!(problems[0].contains("unexpected error: surprise"));
        assert!(problems[1].contains("\"never\" on line 3 was not produced"));
    }
}
