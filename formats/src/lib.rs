//! The level-format vocabulary of the whole project, free of MLIR so the
//! compiler (`sparse-dialects`, `sparse-passes`) and the runtime share it.
//!
//! A tensor format is a list of levels and the dimension each one stores
//! (TACO's mode formats with MLIR's `dim_to_lvl`; paper 002's level formats).
//! [`level`] owns the level kinds: each kind's properties, buffers and
//! *capabilities* (full, locatable, how it is iterated, branchless),
//! in the style of TACO's `ModeFormatImpl` and MLIR's `Enums.h` predicates.
//! Code outside the level files asks a level what it can do and never which
//! kind it is. [`mod@format`] owns the one structure check of a whole format.

pub mod format;
pub mod level;

pub use format::{DimPart, Format, FormatError, MAX_LEVELS};
pub use level::{Capabilities, Iteration, Level, LevelBuffer, LevelError, LevelKind, PropertyValue};
