//! The corpus's files (`test/Conformance/kernels/<upstream-stem>.mlir`, the
//! format in `docs/testing.md`): the `// UPSTREAM:` line that names the
//! upstream test file restated, a `// KERNEL: [key=value ...] [| description]`
//! line before each public kernel, or `// NO KERNEL: why` for a file without
//! one; and each kernel's lines, so that one kernel can be cut out of its file
//! with every line number kept.

use std::ops::Range;
use std::path::Path;
use thiserror::Error;

/// What a corpus file's directives say.
#[derive(Clone, Debug, PartialEq)]
pub struct CorpusFile {
    /// The upstream file this one restates, as its `// UPSTREAM:` line says.
    pub upstream: String,
    pub contents: Contents,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Contents {
    Kernels(Vec<KernelDecl>),
    /// Why the upstream file has no kernel to restate.
    NoKernel(String),
}

/// One `// KERNEL:` line and the function after it.
#[derive(Clone, Debug, PartialEq)]
pub struct KernelDecl {
    pub name: String,
    pub options: Options,
    pub description: String,
    /// The function's lines (0-based, the `func.func` line first).
    pub lines: Range<usize>,
}

/// How a kernel's random data is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// The fraction of stored entries in each sparse input.
    pub density: f64,
    pub values: Values,
}

impl Default for Options {
    fn default() -> Self {
        Options { density: 0.5, values: Values::Any }
    }
}

/// Which values the inputs hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    Any,
    Positive,
    Nonzero,
}

/// Why a corpus file does not follow the format; lines are 1-based.
#[derive(Debug, Error, PartialEq)]
pub enum CorpusError {
    #[error("the first line must be `// UPSTREAM: <file>.mlir`")]
    NoUpstream,
    #[error("line {line}: {message}")]
    Directive { line: usize, message: String },
    #[error("line {line}: the public function @{name} has no `// KERNEL:` line before it")]
    UndeclaredKernel { line: usize, name: String },
    #[error("the file has neither a `// KERNEL:` nor a `// NO KERNEL:` line")]
    Empty,
    #[error("the file has both kernels and a `// NO KERNEL:` line")]
    KernelsAndNoKernel,
}

const KERNEL: &str = "// KERNEL:";
const NO_KERNEL: &str = "// NO KERNEL:";

impl CorpusFile {
    pub fn parse(text: &str) -> Result<CorpusFile, CorpusError> {
        let lines: Vec<&str> = text.lines().collect();
        let upstream = lines
            .first()
            .and_then(|line| line.strip_prefix("// UPSTREAM:"))
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .ok_or(CorpusError::NoUpstream)?
            .to_string();
        let mut kernels = Vec::new();
        let mut no_kernel = None;
        for (index, line) in lines.iter().enumerate() {
            let line = line.trim_start();
            let directive = |message: String| CorpusError::Directive { line: index + 1, message };
            if let Some(why) = line.strip_prefix(NO_KERNEL) {
                no_kernel = Some(why.trim().to_string());
            } else if let Some(rest) = line.strip_prefix(KERNEL) {
                let (options, description) = parse_kernel_line(rest).map_err(directive)?;
                let name = lines
                    .get(index + 1)
                    .and_then(|next| public_function(next))
                    .ok_or_else(|| directive("`// KERNEL:` must be followed by the line `func.func @name(`".into()))?;
                let end = function_end(&lines, index + 1).ok_or_else(|| directive(format!("@{name} has no closing brace")))?;
                kernels.push(KernelDecl { name, options, description, lines: index + 1..end + 1 });
            } else if let Some(name) = public_function(line) {
                if !lines[..index].last().is_some_and(|previous| previous.trim_start().starts_with(KERNEL)) {
                    return Err(CorpusError::UndeclaredKernel { line: index + 1, name });
                }
            }
        }
        let contents = match (kernels.is_empty(), no_kernel) {
            (true, None) => return Err(CorpusError::Empty),
            (false, Some(_)) => return Err(CorpusError::KernelsAndNoKernel),
            (true, Some(why)) => Contents::NoKernel(why),
            (false, None) => Contents::Kernels(kernels),
        };
        Ok(CorpusFile { upstream, contents })
    }

    pub fn kernels(&self) -> &[KernelDecl] {
        match &self.contents {
            Contents::Kernels(kernels) => kernels,
            Contents::NoKernel(_) => &[],
        }
    }
}

/// The name of the public function a line declares: `func.func @name(`.
fn public_function(line: &str) -> Option<String> {
    let rest = line.trim_start().strip_prefix("func.func")?.trim_start().strip_prefix('@')?;
    let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || "_.$-".contains(*c)).collect();
    (!name.is_empty()).then_some(name)
}

/// The options and the description after `// KERNEL:`. Without `|`, the
/// text is options when every word is `key=value` with a known key, and a
/// description otherwise.
fn parse_kernel_line(rest: &str) -> Result<(Options, String), String> {
    let (options, description) = match rest.split_once('|') {
        Some((options, description)) => (options, description.trim()),
        None if rest.split_whitespace().all(|word| word.split_once('=').is_some_and(|(key, _)| key == "density" || key == "values")) => {
            (rest, "")
        }
        None => ("", rest.trim()),
    };
    let mut parsed = Options::default();
    for word in options.split_whitespace() {
        let Some((key, value)) = word.split_once('=') else {
            return Err(format!("`{word}` is not an option `key=value` (a description goes after `|`)"));
        };
        match key {
            "density" => {
                parsed.density = value
                    .parse::<f64>()
                    .ok()
                    .filter(|density| (0.0..=1.0).contains(density))
                    .ok_or_else(|| format!("density must be a number in 0..1, not `{value}`"))?
            }
            "values" => {
                parsed.values = match value {
                    "any" => Values::Any,
                    "positive" => Values::Positive,
                    "nonzero" => Values::Nonzero,
                    _ => return Err(format!("values must be any, positive or nonzero, not `{value}`")),
                }
            }
            _ => return Err(format!("unknown option `{key}` (density, values)")),
        }
    }
    Ok((parsed, description.to_string()))
}

/// The line where the function starting at `start` closes its body: where
/// its braces balance again, outside comments and strings.
fn function_end(lines: &[&str], start: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut opened = false;
    for (index, line) in lines.iter().enumerate().skip(start) {
        let mut in_string = false;
        let mut previous = ' ';
        for c in line.chars() {
            match c {
                '"' if previous != '\\' => in_string = !in_string,
                '/' if !in_string && previous == '/' => break,
                '{' if !in_string => {
                    depth += 1;
                    opened = true;
                }
                '}' if !in_string => depth = depth.checked_sub(1)?,
                _ => {}
            }
            previous = c;
        }
        if opened && depth == 0 {
            return Some(index);
        }
    }
    None
}

/// `text` with every kernel but `keep` blanked out, line for line, so that
/// the rest keeps its line and column numbers.
pub fn only_kernel(text: &str, file: &CorpusFile, keep: &KernelDecl) -> String {
    let others: Vec<&Range<usize>> = file.kernels().iter().filter(|kernel| kernel.name != keep.name).map(|kernel| &kernel.lines).collect();
    text.lines()
        .enumerate()
        .map(|(index, line)| if others.iter().any(|lines| lines.contains(&index)) { "" } else { line })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// The corpus files under `dir`, sorted by name.
pub fn files(dir: &Path) -> std::io::Result<Vec<std::path::PathBuf>> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)?
        .filter_map(|entry| Some(entry.ok()?.path()))
        .filter(|path| path.extension().is_some_and(|extension| extension == "mlir"))
        .collect();
    paths.sort();
    Ok(paths)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "// UPSTREAM: sparse_example.mlir
// What it tests.

#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

// KERNEL: y = a + 1, with { in a comment
func.func @first(%a: tensor<4xf64, #SV>) -> tensor<4xf64> {
  %r = linalg.generic {iterator_types = [\"parallel\"]} ins(%a : tensor<4xf64, #SV>) {
  }
  return %r : tensor<4xf64>
}

func.func private @helper(%x: f64) -> f64 {
  return %x : f64
}

// KERNEL: density=0.2 values=positive | the second
func.func @second(%a: f64) -> f64 { return %a : f64 }
";

    #[test]
    fn kernels_are_read_with_their_options_and_lines() {
        let file = CorpusFile::parse(FILE).unwrap();
        assert_eq!(file.upstream, "sparse_example.mlir");
        let kernels = file.kernels();
        assert_eq!(kernels.len(), 2);
        assert_eq!(kernels[0].name, "first");
        assert_eq!(kernels[0].options, Options::default());
        assert_eq!(kernels[0].description, "y = a + 1, with { in a comment");
        assert_eq!(kernels[0].lines, 6..11);
        assert_eq!(kernels[1].name, "second");
        assert_eq!(kernels[1].options, Options { density: 0.2, values: Values::Positive });
        assert_eq!(kernels[1].description, "the second");
        assert_eq!(kernels[1].lines, 17..18);
    }

    #[test]
    fn options_alone_or_a_description_alone() {
        assert_eq!(parse_kernel_line(" values=nonzero"), Ok((Options { density: 0.5, values: Values::Nonzero }, String::new())));
        assert_eq!(parse_kernel_line(" y = A·x + y0"), Ok((Options::default(), "y = A·x + y0".into())));
        assert!(parse_kernel_line(" density=2 | too dense").is_err());
        assert!(parse_kernel_line(" speed=3 | unknown").is_err());
        assert!(parse_kernel_line(" values=odd").is_err());
    }

    #[test]
    fn one_kernel_is_cut_out_line_for_line() {
        let file = CorpusFile::parse(FILE).unwrap();
        let second = only_kernel(FILE, &file, &file.kernels()[1]);
        assert_eq!(second.lines().count(), FILE.lines().count());
        assert!(!second.contains("@first") && second.contains("@helper") && second.lines().nth(17).unwrap().contains("@second"));
    }

    #[test]
    fn malformed_files_are_refused() {
        assert_eq!(CorpusFile::parse("func.func @f() { }"), Err(CorpusError::NoUpstream));
        assert_eq!(CorpusFile::parse("// UPSTREAM: a.mlir\n// nothing"), Err(CorpusError::Empty));
        assert_eq!(
            CorpusFile::parse("// UPSTREAM: a.mlir\nfunc.func @f() {\n}\n"),
            Err(CorpusError::UndeclaredKernel { line: 2, name: "f".into() })
        );
        assert!(matches!(
            CorpusFile::parse("// UPSTREAM: a.mlir\n// KERNEL: x\n\nfunc.func @f() {}"),
            Err(CorpusError::Directive { line: 2, .. })
        ));
        let no_kernel = CorpusFile::parse("// UPSTREAM: sparse_print.mlir\n// NO KERNEL: host code only (sparse_tensor.print)\n").unwrap();
        assert_eq!(no_kernel.contents, Contents::NoKernel("host code only (sparse_tensor.print)".into()));
    }
}
