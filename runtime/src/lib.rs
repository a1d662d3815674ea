//! The runtime of the sparse array compiler: tensors in every level format,
//! Matrix Market and FROSTT I/O, packing into the kernel ABI, and the JIT.
//!
//! The crate holds its place in the workspace; its contents arrive with the
//! end-to-end pipeline, which is the first thing that produces kernels to run.
