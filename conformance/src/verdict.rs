//! What a kernel's run came to: our verdict (`pass`, `refused`, `fail`),
//! upstream's beside it (recorded, never judged), and, for a refusal, the
//! issue that will lift it, from the table [`ISSUES`].

/// Our verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ours {
    /// Our answer equals the reference.
    Pass,
    /// Refused with an error located in the kernel file: its first line.
    Refused(String),
    /// A wrong answer, a crash or signal, a timeout, an unlocated error, or
    /// a result that does not read back: why.
    Fail(String),
}

impl Ours {
    pub fn word(&self) -> &'static str {
        match self {
            Ours::Pass => "pass",
            Ours::Refused(_) => "refused",
            Ours::Fail(_) => "fail",
        }
    }
}

/// Upstream's answer against the dense reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Upstream {
    Right,
    Wrong,
    /// `mlir-opt --sparsifier` or `mlir-runner` did not run it to its end.
    Refused(String),
    /// The dense version does not compile, so upstream's answer is the
    /// reference (why the dense version does not compile).
    Reference(String),
}

impl Upstream {
    pub fn word(&self) -> &'static str {
        match self {
            Upstream::Right => "right",
            Upstream::Wrong => "wrong",
            Upstream::Refused(_) => "refused",
            Upstream::Reference(_) => "reference",
        }
    }
}

/// Which issue will lift a refusal, by a phrase of our message; the first
/// phrase found decides, and a message with none goes to issue 10.
pub const ISSUES: &[(&str, &str)] = &[
    ("compound subscripts", "issue 13, sparse convolutions"),
    ("sparse_tensor.binary", "issue 12, generalized sparse array programming"),
    ("sparse_tensor.unary", "issue 12, generalized sparse array programming"),
    ("sparse_tensor.reduce", "issue 12, generalized sparse array programming"),
    ("sparse_tensor.select", "issue 12, generalized sparse array programming"),
    ("fill values other than 0", "issue 12, generalized sparse array programming"),
    ("iteration_space", "issue 12, generalized sparse array programming"),
    ("workspace", "issue 14, workspaces"),
    ("sparse output needs its loops outermost", "issue 14, workspaces"),
    ("view of 'arr.concat'", "issue 15, shape operators"),
    ("collapse", "issue 15, shape operators"),
    ("expand", "issue 15, shape operators"),
    ("tensor.concat", "issue 15, shape operators"),
    ("sparse_tensor.concatenate", "issue 15, shape operators"),
    ("sparse_tensor.convert", "issue 11, whole modules"),
    ("sparse_tensor.print", "issue 11, whole modules"),
    ("sparse_tensor.", "issue 11, whole modules"),
    ("bufferization.", "issue 11, whole modules"),
    ("'tensor.insert'", "issue 11, whole modules"),
    ("'scf.for' is not supported", "issue 11, whole modules"),
    ("'scf.if' is not supported", "issue 11, whole modules"),
    ("no loop order follows the level order", "issue 14, workspaces"),
    ("cannot be split into the blocks", "issue 9, level formats"),
    ("'tensor.reshape'", "issue 15, shape operators"),
    ("whose identity differs from the fill", "issue 12, generalized sparse array programming"),
];

/// The issue that will lift a refusal with `message`.
pub fn issue(message: &str) -> &'static str {
    ISSUES.iter().find(|(phrase, _)| message.contains(phrase)).map_or("issue 10, upstream conformance", |(_, issue)| issue)
}

/// The first line of an error, without the tool's prefix and the folders
/// of the kernel file (`sparse-run: error: /w/k.mlir:3:8: error: m` gives
/// `k.mlir:3:8: error: m`), so that it reads the same from any work folder.
pub fn first_line(stderr: &str) -> String {
    let line = stderr.lines().find(|line| line.contains("error:")).or_else(|| stderr.lines().next()).unwrap_or_default();
    let line = line.strip_prefix("sparse-run: error: ").unwrap_or(line);
    match line.find(".mlir:") {
        Some(at) => {
            let start = line[..at].rfind(['/', ' ']).map_or(0, |slash| slash + 1);
            line[start..].to_string()
        }
        None => line.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_map_to_issues() {
        assert_eq!(issue("k.mlir:3:8: error: 'sparse_tensor.binary' was not lowered"), "issue 12, generalized sparse array programming");
        assert_eq!(issue("compound subscripts (such as i + k) need index-variable reduction"), "issue 13, sparse convolutions");
        assert_eq!(issue("a reduction into a sparse output needs a workspace"), "issue 14, workspaces");
        assert_eq!(issue("'sparse_tensor.convert' was not lowered"), "issue 11, whole modules");
        assert_eq!(issue("the output's initial value must be a tensor.empty"), "issue 10, upstream conformance");
    }

    #[test]
    fn first_lines_lose_the_prefix_and_folders() {
        assert_eq!(
            first_line("sparse-run: error: /tmp/w/classic@dot/classic.mlir:9:8: error: no loop order\n  %d = linalg.generic\n"),
            "classic.mlir:9:8: error: no loop order"
        );
        assert_eq!(first_line("sparse-run: error: element type f16 is not supported"), "element type f16 is not supported");
    }
}
