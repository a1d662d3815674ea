//! The runtime of the sparse array compiler.
//!
//! - formats ([`Format`], [`Level`]) come from `sparse_formats`, the level
//!   vocabulary the compiler shares, with CSR, CSC, COO, DCSR, CSF and dense named;
//! - [`tensor`]: tensors in the standard TACO/MLIR storage scheme, built from
//!   entries, converted between formats, and structurally validated (what
//!   the runtime will check on buffers a compiled kernel returns);
//! - [`coordinates`]: the format-free entry lists that files hold;
//! - [`matrix_market`] and [`frostt`]: reading and writing `.mtx` and `.tns`
//!   files (gzipped too), with errors that name the file and line; [`numpy`]:
//!   NumPy's `.npy` arrays and SciPy's `.npz` sparse matrices;
//! - [`random`]: seeded random tensors for tests; [`process`]: threads and
//!   resident memory, for the tools that measure.
//!
//! - [`element`]: the element types of the kernel ABI, their layouts and
//!   conversions; [`value`]: the values tensors hold, exactly; [`half`]:
//!   `f16` and `bf16`, rounded to nearest even;
//! - [`abi`]: packing tensors into the kernel ABI and taking results back;
//! - [`agreement`]: which sizes a kernel needs equal, checked before it runs;
//! - [`kernel`]: compiling a kernel with the JIT and running it;
//!   [`borrowed`]: running it on buffers a host holds, without a copy;
//! - [`huge_pages`]: the global allocator of our tools, which puts large
//!   blocks on transparent huge pages.

pub mod abi;
pub mod agreement;
pub mod borrowed;
pub mod coordinates;
pub mod element;
mod entry_lines;
mod entry_writing;
pub mod frostt;
pub mod half;
pub mod huge_pages;
mod io;
pub mod kernel;
pub mod matrix_market;
mod number_text;
pub mod numpy;
mod page_advice;
pub mod process;
pub mod progress;
pub mod random;
mod sort;
pub mod tensor;
pub mod value;
mod zip;

pub use borrowed::{BorrowedArgument, BorrowedResult, OwnedBuffer, RawBuffer, Repeated, ResultBuffer};
pub use coordinates::{CoordinateError, Coordinates, Listing};
pub use element::{ConversionError, Element, Kind};
pub use io::IoError;
pub use kernel::{Argument, CompileOptions, Kernel, KernelError, Parameter, TensorParameter};
pub use random::{random_entries, SplitMix64};
pub use sparse_formats::{DimPart, Format, FormatError, Level, LevelBuffer, LevelKind, MAX_LEVELS};
pub use tensor::{LevelStorage, Tensor, TensorError};
pub use value::{Scalar, Value};
