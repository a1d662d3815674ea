//! Why `cfir-to-scf` could not lower a kernel. The pass reports the message
//! at the innermost op that failed.

use sparse_dialects::encoding::EncodingError;
use sparse_formats::Level;
use std::fmt;

/// What a level was asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Operation {
    /// Given a coordinate, asked for its position.
    Locate,
    /// Built as a level of a sparse output.
    Assemble,
    /// Built as a level of a sparse output written out of order (through
    /// a workspace) or by inserts, whose buffers its entries size.
    AssembleOutOfOrder,
    /// Read through a view of `arr.slice`.
    Slice,
}

impl fmt::Display for Operation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Locate => "located",
            Self::Assemble => "assembled as an output",
            Self::AssembleOutOfOrder => "assembled out of order (through a workspace or from inserts)",
            Self::Slice => "sliced (arr.slice)",
        })
    }
}

#[derive(Debug, thiserror::Error)]
pub(crate) enum LowerError {
    #[error(transparent)]
    StillUsed(#[from] crate::ir::StillUsed),
    /// Input that the dialect verifiers and the earlier passes never produce.
    #[error("{0}")]
    Malformed(&'static str),
    #[error("{kind} level {index} cannot be {operation} by cfir-to-scf yet", kind = level.kind)]
    Level { level: Level, index: usize, operation: Operation },
    #[error("'{0}' is not supported by cfir-to-scf")]
    Op(String),
    #[error("a dense tensor of shape {0} has more components than an index holds")]
    TooManyComponents(String),
    #[error("'{0}' uses a tensor that cfir-to-scf lowers to buffers, which it cannot pass to '{0}'")]
    TensorOperand(String),
    #[error("co-iterating an unordered level is not supported: its coordinates must be sorted")]
    UnorderedCoiteration,
    #[error("reducing into a sparse output needs a workspace: a `sig.workspace` on its `cfir.alloc`")]
    SparseReduction,
    #[error("a result with a pattern leaf (no values) is not supported yet: store the result's values")]
    PatternResult,
    #[error("reading the values of a tensor with a pattern leaf, which stores none (each stored entry is 1): convert it to a format that stores values first")]
    PatternSource,
    #[error("a tensor.cast that changes the format is a conversion, which raise-linalg raises before this pass")]
    FormatCast,
    #[error("a constant of a sparse type is not supported yet: write a dense constant and convert it")]
    SparseConstant,
    #[error(transparent)]
    Encoding(#[from] EncodingError),
    /// An error of melior or of the IR utilities, with their message.
    #[error("{0}")]
    Ir(String),
}

impl From<melior::Error> for LowerError {
    fn from(error: melior::Error) -> Self {
        Self::Ir(error.to_string())
    }
}

impl From<String> for LowerError {
    fn from(message: String) -> Self {
        Self::Ir(message)
    }
}
