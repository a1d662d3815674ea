//! `--split-input-file`: cutting the input at `// -----` lines.

/// The marker line between chunks.
pub const MARKER: &str = "// -----";

/// One piece of the input, padded with empty lines so that line numbers in
/// its diagnostics are the line numbers of the whole file.
pub struct Chunk {
    pub text: String,
}

/// Cuts `input` at marker lines when `split` is set; otherwise one chunk.
pub fn chunks(input: &str, split: bool) -> Vec<Chunk> {
    if !split {
        return vec![Chunk { text: input.to_string() }];
    }
    let mut chunks = Vec::new();
    let mut current = Chunk { text: String::new() };
    for (index, line) in input.split_inclusive('\n').enumerate() {
        if line.trim_end() == MARKER {
            let next = Chunk { text: "\n".repeat(index + 1) };
            chunks.push(std::mem::replace(&mut current, next));
        } else {
            current.text.push_str(line);
        }
    }
    chunks.push(current);
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_line_numbers_across_chunks() {
        let pieces = chunks("a\n// -----\nb\nc\n// -----\nd", true);
        assert_eq!(pieces.len(), 3);
        assert_eq!(pieces[1].text, "\n\nb\nc\n");
        assert_eq!(pieces[2].text.lines().nth(5), Some("d"));
        assert_eq!(chunks("a\n// -----\nb", false).len(), 1);
    }
}
