//! Running a kernel on buffers a host holds (a PyTorch tensor's, say)
//! without copying them, and handing its result back as buffers.
//!
//! [`Kernel::run`] takes tensors of exact values and converts them to each
//! parameter's types; [`Kernel::run_borrowed`] takes each tensor as the
//! bytes of the buffers of its parameter's layout (sizes left out: the
//! shape gives them), already of the parameter's element type and level
//! widths. It checks what the kernel would otherwise trust: the shapes, each
//! buffer's length and alignment, and the structure of the levels
//! (`validate_storage`), so that no input makes the kernel read out of
//! bounds; [`Kernel::run_borrowed_unchecked`] trusts the structure of
//! buffers a checked call accepted, for hosts that call a kernel again and
//! again on them. The result's buffers are the kernel's own, freed when dropped,
//! an argument's buffer handed back as it was given, or a copy (of a
//! constant, or of part of an argument).

use crate::abi::{free, kernel_owns, returned_buffers, storage, widen, Slot};
use crate::kernel::{pack_argument, shapes_of, Invoked, Parameter, TensorParameter};
use crate::tensor::{validate_storage, StorageView};
use crate::value::Value;
use crate::{process, Argument, Kernel, KernelError, Tensor, TensorError};
use sparse_passes::abi::Buffer;
use std::time::Duration;

/// What [`Kernel::run_repeated`] gives.
#[derive(Debug)]
pub struct Repeated {
    /// The last run's result, checked.
    pub result: Argument,
    /// Every timed run's time, in order.
    pub times: Vec<Duration>,
    /// The most the timed runs added to the memory resident before the
    /// first (bytes): the kernel's result, its workspaces and whatever else
    /// it allocates, one run's at a time. `None` where the system does not
    /// tell (Linux's `/proc/self/status` and `clear_refs`, with glibc's
    /// `malloc_trim` to hand back the memory freed before), and for a kernel
    /// with a batched parameter, whose every run packs its arguments.
    pub kernel_memory: Option<u64>,
}

/// One argument of [`Kernel::run_borrowed`].
#[derive(Clone, Debug)]
pub enum BorrowedArgument {
    /// A tensor: its shape, and its buffers in its parameter's layout
    /// order, sizes left out.
    Tensor { shape: Vec<usize>, buffers: Vec<RawBuffer> },
    /// A scalar, converted to the parameter's element type.
    Scalar(Value),
}

/// `len` bytes at `address`, which the caller holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawBuffer {
    pub address: *mut u8,
    pub len: usize,
}

// SAFETY: a buffer is an address and a length; what may be done through it,
// from any thread, is `Kernel::run_borrowed`'s contract.
unsafe impl Send for RawBuffer {}
unsafe impl Sync for RawBuffer {}

impl RawBuffer {
    /// The buffer's bytes.
    ///
    /// # Safety
    /// The buffer must be valid for reads of `len` bytes while the slice lives.
    unsafe fn bytes<'b>(self) -> &'b [u8] {
        if self.len == 0 {
            &[]
        } else {
            // SAFETY: the caller's contract; `len` fits `isize` (checked by `check_buffers`).
            unsafe { std::slice::from_raw_parts(self.address, self.len) }
        }
    }
}

/// What [`Kernel::run_borrowed`] returns.
#[derive(Debug)]
pub enum BorrowedResult {
    /// A tensor: its shape, and its buffers in the result's layout order,
    /// sizes left out.
    Tensor {
        shape: Vec<usize>,
        buffers: Vec<ResultBuffer>,
    },
    Scalar(Value),
}

/// One buffer of a returned tensor.
#[derive(Debug)]
pub enum ResultBuffer {
    /// Memory the result owns.
    Owned(OwnedBuffer),
    /// The `buffer`-th buffer of argument `argument` (both from 0), which
    /// the kernel returned whole, as it was given.
    Argument { argument: usize, buffer: usize },
}

/// Bytes a kernel returned: its own allocation, freed when dropped, or a
/// copy of part of an argument's buffer. Both are held as raw pointers to
/// memory only this buffer owns, so a host may write through
/// [`OwnedBuffer::address`] (the Python package's buffer protocol does).
#[derive(Debug)]
pub struct OwnedBuffer {
    storage: Storage,
}

#[derive(Debug)]
enum Storage {
    /// `len` bytes at `data`, inside the allocation `allocated`.
    Allocated { allocated: *mut u8, data: *mut u8, len: usize },
    /// `len` bytes copied into 16-byte-aligned words (as any element needs),
    /// a `Box<[u128]>` of `words_for(len)` words turned into a raw pointer.
    Copied { words: *mut u128, len: usize },
}

// SAFETY: the buffer owns its memory alone (nothing else points into it).
// Its methods never write it; `bytes` lends it for reading, so a host that
// writes through `address` (the Python package's buffer protocol) must not
// hold such a slice while it does, nor write from two threads at once.
unsafe impl Send for OwnedBuffer {}
unsafe impl Sync for OwnedBuffer {}

impl OwnedBuffer {
    /// The bytes, for reading (see the `Sync` contract above).
    pub fn bytes(&self) -> &[u8] {
        match self.len() {
            0 => &[],
            // SAFETY: the memory is live until `self` drops and holds `len`
            // initialized bytes at the address.
            len => unsafe { std::slice::from_raw_parts(self.data(), len) },
        }
    }

    /// How many bytes there are.
    pub fn len(&self) -> usize {
        match self.storage {
            Storage::Allocated { len, .. } | Storage::Copied { len, .. } => len,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The first byte, a pointer that may write (its provenance is the
    /// allocation's, not a shared slice's).
    fn data(&self) -> *mut u8 {
        match self.storage {
            Storage::Allocated { data, .. } => data,
            Storage::Copied { words, .. } => words as *mut u8,
        }
    }

    fn copied(bytes: &[u8]) -> Self {
        let words = Box::into_raw(vec![0u128; words_for(bytes.len())].into_boxed_slice()) as *mut u128;
        // SAFETY: the words have room for the bytes, and any bytes are a `u128`.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), words as *mut u8, bytes.len()) };
        Self { storage: Storage::Copied { words, len: bytes.len() } }
    }

    /// The address of the first byte (for hosts that wrap the memory, and
    /// may write through it; a dangling, aligned address when the buffer is
    /// empty).
    pub fn address(&self) -> usize {
        match self.len() {
            0 => std::ptr::NonNull::<u64>::dangling().as_ptr() as usize,
            _ => self.data() as usize,
        }
    }
}

/// How many 16-byte words hold `len` bytes.
fn words_for(len: usize) -> usize {
    len.div_ceil(16)
}

impl Drop for OwnedBuffer {
    fn drop(&mut self) {
        match self.storage {
            // SAFETY: the kernel allocated it with `malloc`, and only `self` holds it.
            Storage::Allocated { allocated, .. } => unsafe { free(allocated) },
            // SAFETY: `words` is the `Box<[u128]>` of `words_for(len)` words
            // `copied` made, and only `self` holds it.
            Storage::Copied { words, len } => drop(unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(words, words_for(len))) }),
        }
    }
}

impl Kernel {
    /// Runs the kernel once on buffers the caller holds; returns its result
    /// and the time the kernel alone took. Every tensor argument's buffers
    /// must have its parameter's element type and level widths, in native
    /// byte order; they are checked (lengths, alignment, structure) and
    /// passed without a copy.
    ///
    /// # Safety
    /// Every buffer must be valid for reads of its length until the call
    /// returns, with no other thread writing it, and valid for writes where
    /// the kernel updates that argument in place (upstream's `outs(%arg)`,
    /// see `docs/abi.md`).
    pub unsafe fn run_borrowed(&self, arguments: &[BorrowedArgument]) -> Result<(BorrowedResult, Duration), KernelError> {
        // SAFETY: the caller's contract.
        unsafe { self.run_borrowed_with(arguments, Checks::Structure) }
    }

    /// [`Kernel::run_borrowed`] without walking the buffers: only their
    /// count and that each is a whole number of aligned elements are
    /// checked, not their lengths against the shape nor the levels'
    /// structure, and the result is not validated either. For a host that
    /// calls a kernel again and again on the same buffers (a benchmark, an
    /// iterative method whose structure does not change), where walking
    /// every buffer at each call costs as much as the kernel and evicts its
    /// data from the caches.
    ///
    /// # Safety
    /// [`Kernel::run_borrowed`]'s contract, and every tensor argument's
    /// buffers must be a storage of its parameter's format for its shape:
    /// buffers a checked call accepted, say, changed since only by the
    /// kernel's in-place updates (which write the values of all-dense
    /// tensors, never a structure; `docs/modules.md`). A result fed back
    /// must be known valid the same way: an unchecked call's is not checked.
    pub unsafe fn run_borrowed_unchecked(&self, arguments: &[BorrowedArgument]) -> Result<(BorrowedResult, Duration), KernelError> {
        // SAFETY: the caller's contract.
        unsafe { self.run_borrowed_with(arguments, Checks::Layout) }
    }

    /// The result of a call of [`Kernel::run_borrowed`] (or of
    /// [`Kernel::run_borrowed_unchecked`], whose result is as the kernel
    /// wrote it, not validated) on `arguments` as a tensor of exact values
    /// (its buffers read, not moved); `None` for a scalar.
    ///
    /// # Safety
    /// `arguments` must be the call's, their buffers still live (a result
    /// buffer may be an argument's).
    pub unsafe fn borrowed_tensor(&self, result: &BorrowedResult, arguments: &[BorrowedArgument]) -> Option<Tensor<Value>> {
        let (BorrowedResult::Tensor { shape, buffers }, Parameter::Tensor(parameter)) = (result, &self.result) else { return None };
        let layout = parameter.layout.iter().copied().filter(|buffer| !matches!(buffer, Buffer::Dim(_)));
        let mut read = Vec::new();
        for (buffer, returned) in layout.zip(buffers) {
            let bytes = match returned {
                ResultBuffer::Owned(owned) => owned.bytes(),
                ResultBuffer::Argument { argument, buffer } => match &arguments[*argument] {
                    // SAFETY: the caller's contract.
                    BorrowedArgument::Tensor { buffers, .. } => unsafe { buffers[*buffer].bytes() },
                    BorrowedArgument::Scalar(_) => unreachable!("a returned buffer is a tensor argument's"),
                },
            };
            read.push((buffer, bytes));
        }
        let (levels, values) = storage(&parameter.format, parameter.element, read);
        Some(Tensor { shape: shape.clone(), format: parameter.format.clone(), fill: parameter.fill, levels, values })
    }

    /// Runs the kernel `runs` times (at least once) on `arguments`, packed
    /// into its buffers once ([`Kernel::run`] packs them at every call):
    /// gives the result and every run's time. The arguments are checked
    /// once, as they are packed ([`Tensor::validate`]), and no run walks the
    /// packed buffers again ([`Kernel::run_borrowed_unchecked`]), so each
    /// run finds its data where the previous one left it, as a host that
    /// keeps its operands does. Each run's result is dropped before the next
    /// run starts, so every run starts alike; the result given is the last
    /// run's, checked. A kernel that updates an argument in place (its
    /// result holds an argument's buffer) updates the packed copy at every
    /// run: the later runs do the same work on the updated values, and the
    /// result is then that of one more run, untimed, on the arguments
    /// packed again as given.
    ///
    /// Borrowed buffers of a batched tensor cannot be checked
    /// ([`TensorError::BatchedUnchecked`]): a kernel with a batched
    /// parameter packs its arguments at every run, as [`Kernel::run`] does.
    ///
    /// The memory the runs add ([`Repeated::kernel_memory`]) is measured
    /// from after the packing to the end of the last timed run: neither the
    /// packed copies of the arguments nor the result's checking and
    /// unpacking count.
    pub fn run_repeated(&self, arguments: &[Argument], runs: usize) -> Result<Repeated, KernelError> {
        if self.parameters.iter().any(|parameter| matches!(parameter, Parameter::Tensor(tensor) if tensor.format.batched())) {
            let mut times = Vec::new();
            for _ in 1..runs {
                times.push(self.run(arguments)?.1);
            }
            let (result, elapsed) = self.run(arguments)?;
            times.push(elapsed);
            return Ok(Repeated { result, times, kernel_memory: None });
        }
        self.check_shapes(&shapes_of(arguments))?;
        let mut packed = Vec::with_capacity(arguments.len());
        for (index, (argument, parameter)) in arguments.iter().zip(&self.parameters).enumerate() {
            packed.push(match (argument, parameter) {
                (Argument::Tensor(tensor), Parameter::Tensor(expected)) => pack_argument(index, tensor, expected)?,
                (Argument::RealTensor(tensor), Parameter::Tensor(expected)) => pack_argument(index, tensor, expected)?,
                // Passed by value.
                (Argument::Scalar(_), Parameter::Scalar(_)) => Vec::new(),
                _ => unreachable!("checked above"),
            });
        }
        let borrowed: Vec<BorrowedArgument> = arguments
            .iter()
            .zip(packed.iter_mut())
            .zip(&self.parameters)
            .map(|((argument, slots), parameter)| match (argument, parameter) {
                (Argument::Scalar(value), _) => BorrowedArgument::Scalar(*value),
                (Argument::Tensor(Tensor { shape, .. }) | Argument::RealTensor(Tensor { shape, .. }), Parameter::Tensor(expected)) => {
                    BorrowedArgument::Tensor { shape: shape.clone(), buffers: packed_buffers(slots, expected) }
                }
                _ => unreachable!("checked above"),
            })
            .collect();
        // The peak restarts from what is resident once the arguments are
        // packed, the allocator's free memory handed back first, so that
        // what the runs allocate counts even where it reuses that memory.
        let resident = (process::release_free_memory() && process::restart_peak()).then(process::resident_bytes).flatten();
        // SAFETY: the buffers are `packed`'s, which is not touched again
        // and drops after the last call; nothing but the kernel's in-place
        // updates writes them; `pack_argument` packed them from tensors it
        // validated, so they are a storage of each parameter's format (a
        // batched tensor, which `validate` does not check, is packed as it
        // is only for a batched parameter, which returned above; for any
        // other it is converted, which builds the storage from its entries).
        let (mut last, elapsed) = unsafe { self.run_borrowed_unchecked(&borrowed) }?;
        let in_place = matches!(&last, BorrowedResult::Tensor { buffers, .. }
            if buffers.iter().any(|buffer| matches!(buffer, ResultBuffer::Argument { .. })));
        let mut times = vec![elapsed];
        for _ in 1..runs {
            drop(last);
            // SAFETY: as above; since then only the kernel has written them.
            let (result, elapsed) = unsafe { self.run_borrowed_unchecked(&borrowed) }?;
            last = result;
            times.push(elapsed);
        }
        let kernel_memory = resident.zip(process::peak_resident_bytes()).map(|(before, peak)| peak.saturating_sub(before));
        if in_place && runs > 1 {
            // The packed copy goes first, so that the run on a fresh one
            // holds no more than the others.
            drop((last, borrowed, packed));
            return Ok(Repeated { result: self.run(arguments)?.0, times, kernel_memory });
        }
        let result = match &last {
            BorrowedResult::Scalar(value) => Argument::Scalar(*value),
            BorrowedResult::Tensor { .. } => {
                // SAFETY: the call's arguments, still live.
                let tensor = unsafe { self.borrowed_tensor(&last, &borrowed) }.expect("a tensor result");
                // An unchecked run's result is not; this one is.
                tensor.validate().map_err(|error| self.malformed(error))?;
                Argument::Tensor(tensor)
            }
        };
        Ok(Repeated { result, times, kernel_memory })
    }

    /// # Safety
    /// [`Kernel::run_borrowed_unchecked`]'s contract where `checks` is
    /// [`Checks::Layout`], [`Kernel::run_borrowed`]'s otherwise.
    unsafe fn run_borrowed_with(&self, arguments: &[BorrowedArgument], checks: Checks) -> Result<(BorrowedResult, Duration), KernelError> {
        let shapes: Vec<Option<&[usize]>> = arguments
            .iter()
            .map(|argument| match argument {
                BorrowedArgument::Tensor { shape, .. } => Some(shape.as_slice()),
                BorrowedArgument::Scalar(_) => None,
            })
            .collect();
        self.check_shapes(&shapes)?;
        self.check_result_size(&shapes)?;
        let mut slots = Vec::new();
        // Each memref argument: its argument, its place among that argument's buffers, and its bytes per element.
        let mut origins = Vec::new();
        for (index, (argument, parameter)) in arguments.iter().zip(&self.parameters).enumerate() {
            let input = |error: String| KernelError::Input(format!("input {}: {error}", index + 1));
            match (argument, parameter) {
                (BorrowedArgument::Tensor { shape, buffers }, Parameter::Tensor(expected)) => {
                    // SAFETY: the caller's contract.
                    unsafe { check_buffers(shape, buffers, expected, checks) }.map_err(input)?;
                    let mut buffers = buffers.iter().enumerate();
                    for &buffer in &expected.layout {
                        slots.push(match buffer {
                            Buffer::Dim(dim) => Slot::Index(shape[dim] as i64),
                            _ => {
                                let (place, raw) = buffers.next().expect("counted by check_buffers");
                                let width = width(expected, buffer);
                                origins.push((index, place, width));
                                let shape =
                                    if buffer == Buffer::Values && expected.strided { shape.clone() } else { vec![raw.len / width] };
                                Slot::Borrowed { data: raw.address, shape }
                            }
                        });
                    }
                }
                (BorrowedArgument::Scalar(value), Parameter::Scalar(element)) => {
                    let value = element.convert(*value).map_err(|error| input(error.to_string()))?;
                    slots.push(Slot::scalar(value, *element));
                }
                _ => unreachable!("checked by check_shapes"),
            }
        }
        // SAFETY: the slots follow the parameters' layouts (checked above),
        // and the buffers are live for the call (the caller's contract).
        let (invoked, elapsed) = unsafe { self.invoke(&mut slots) };
        let (fields, pointers) = match invoked {
            Invoked::Scalar(value) => return Ok((BorrowedResult::Scalar(value), elapsed)),
            Invoked::Tensor { fields, arguments } => (fields, arguments),
        };
        let Parameter::Tensor(result) = &self.result else { unreachable!("a tensor came back") };
        let (shape, returned) = returned_buffers(&fields, &result.layout, &self.returned(result));
        let argument_buffer = |argument: usize, place: usize| match &arguments[argument] {
            BorrowedArgument::Tensor { buffers, .. } => buffers[place],
            BorrowedArgument::Scalar(_) => unreachable!("scalars have no buffers"),
        };
        let mut owned_allocations = Vec::new();
        let buffers: Vec<ResultBuffer> = returned
            .iter()
            .map(|returned| {
                // SAFETY: the buffer is the kernel's or an argument's, live either way.
                let bytes = unsafe { returned.bytes() };
                if kernel_owns(returned.allocated, &pointers) && !owned_allocations.contains(&returned.allocated) {
                    owned_allocations.push(returned.allocated);
                    let len = bytes.len();
                    return ResultBuffer::Owned(OwnedBuffer {
                        storage: Storage::Allocated { allocated: returned.allocated, data: returned.data, len },
                    });
                }
                // An argument's buffer returned whole, as it was given (an
                // empty one is anyone's: copied).
                let whole = pointers.iter().zip(&origins).find(|(&pointer, &(argument, place, width))| {
                    let given = argument_buffer(argument, place);
                    pointer == returned.allocated
                        && !bytes.is_empty()
                        && given.address == returned.data
                        && given.len == bytes.len()
                        && width == returned.width
                });
                match whole {
                    Some((_, &(argument, buffer, _))) => ResultBuffer::Argument { argument, buffer },
                    None => ResultBuffer::Owned(OwnedBuffer::copied(bytes)),
                }
            })
            .collect();
        let bytes: Vec<&[u8]> = buffers
            .iter()
            .map(|buffer| match buffer {
                ResultBuffer::Owned(owned) => owned.bytes(),
                // SAFETY: the caller's buffer, live for the call.
                ResultBuffer::Argument { argument, buffer } => unsafe { argument_buffer(*argument, *buffer).bytes() },
            })
            .collect();
        if checks == Checks::Structure {
            validate(&shape, &bytes, result).map_err(|error| self.malformed(error))?;
        }
        Ok((BorrowedResult::Tensor { shape, buffers }, elapsed))
    }
}

/// What a call checks of the buffers it is given and returns.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Checks {
    /// Their count, lengths and alignment.
    Layout,
    /// Those, and that each tensor's levels are a storage of its format.
    Structure,
}

/// The buffers of `slots`, a tensor of `parameter` packed by
/// [`crate::abi::pack`], to pass to [`Kernel::run_borrowed`] (sizes left
/// out); they borrow the slots' memory, which must outlive every call.
pub fn packed_buffers(slots: &mut [Slot], parameter: &TensorParameter) -> Vec<RawBuffer> {
    parameter
        .layout
        .iter()
        .zip(slots.iter_mut())
        .filter(|(buffer, _)| !matches!(buffer, Buffer::Dim(_)))
        .map(|(&buffer, slot)| match slot {
            Slot::Buffer { words, shape } => {
                RawBuffer { address: words.as_mut_ptr().cast(), len: shape.iter().product::<usize>() * width(parameter, buffer) }
            }
            _ => unreachable!("pack makes a buffer of every layout entry but sizes"),
        })
        .collect()
}

/// The bytes per element of `buffer` of a tensor of `parameter`.
fn width(parameter: &TensorParameter, buffer: Buffer) -> usize {
    match buffer {
        Buffer::Values => parameter.element.size(),
        Buffer::Level(level, which) => (parameter.format.levels[level].width(which) / 8) as usize,
        Buffer::Dim(_) => unreachable!("sizes are not buffers"),
    }
}

/// Checks that `buffers` can be the buffers of a tensor of `shape` for
/// `parameter`: as many as its layout has, each at an address, a whole
/// number of aligned elements, and (with `Checks::Structure`) together a
/// storage of its format.
///
/// # Safety
/// Each buffer at a non-null address must be valid for reads of its length.
unsafe fn check_buffers(shape: &[usize], buffers: &[RawBuffer], parameter: &TensorParameter, checks: Checks) -> Result<(), String> {
    let layout: Vec<Buffer> = parameter.layout.iter().copied().filter(|buffer| !matches!(buffer, Buffer::Dim(_))).collect();
    if buffers.len() != layout.len() {
        return Err(format!("{} buffers were given, but the parameter's format has {}", buffers.len(), layout.len()));
    }
    for (&buffer, raw) in layout.iter().zip(buffers) {
        let width = width(parameter, buffer);
        if raw.len > 0 && (raw.address.is_null() || isize::try_from(raw.len).is_err()) {
            return Err(format!("the {} buffer has {} bytes at no address", name(buffer), raw.len));
        }
        // An element wider than 8 bytes (a complex<f64>) is two 8-byte parts.
        if !raw.len.is_multiple_of(width) || (raw.len > 0 && !(raw.address as usize).is_multiple_of(width.min(8))) {
            return Err(format!("the {} buffer is not a whole number of aligned {width}-byte elements", name(buffer)));
        }
    }
    if checks == Checks::Layout {
        return Ok(());
    }
    // SAFETY: checked non-null above; the caller's contract for the rest.
    let bytes: Vec<&[u8]> = buffers.iter().map(|raw| unsafe { raw.bytes() }).collect();
    validate(shape, &bytes, parameter).map_err(|error| error.to_string())
}

/// [`validate_storage`] of a tensor of `shape` whose buffers (in layout
/// order, sizes left out) hold `buffers`.
fn validate(shape: &[usize], buffers: &[&[u8]], parameter: &TensorParameter) -> Result<(), TensorError> {
    let layout = parameter.layout.iter().copied().filter(|buffer| !matches!(buffer, Buffer::Dim(_)));
    let format = &parameter.format;
    let mut levels: Vec<Vec<std::borrow::Cow<[usize]>>> = format.levels.iter().map(|_| Vec::new()).collect();
    // A pattern tensor stores no values.
    let mut values = None;
    for (buffer, bytes) in layout.zip(buffers) {
        match buffer {
            Buffer::Level(level, which) => levels[level].push(indices(bytes, format.levels[level].width(which))),
            _ => values = Some(bytes.len() / parameter.element.size()),
        }
    }
    let views: Vec<StorageView> = format
        .levels
        .iter()
        .zip(&levels)
        .map(|(level, buffers)| StorageView { kind: level.kind, buffers: buffers.iter().map(|buffer| buffer.as_ref()).collect() })
        .collect();
    validate_storage(shape, format, &views, values)
}

/// `bytes` as unsigned integers of `width` bits: borrowed at 64 bits
/// (aligned, as checked), widened below.
fn indices(bytes: &[u8], width: u32) -> std::borrow::Cow<'_, [usize]> {
    if width == 64 {
        // SAFETY: the bytes are a whole number of 8-byte-aligned elements
        // (checked by `check_buffers`, or a kernel's allocation), and any
        // bit pattern is a `usize`.
        let (head, words, tail) = unsafe { bytes.align_to::<usize>() };
        if head.is_empty() && tail.is_empty() {
            return std::borrow::Cow::Borrowed(words);
        }
    }
    std::borrow::Cow::Owned(widen(bytes, width))
}

fn name(buffer: Buffer) -> String {
    match buffer {
        Buffer::Values => "values".to_string(),
        Buffer::Level(level, which) => format!("level {level} {which:?}"),
        Buffer::Dim(dim) => format!("dimension {dim} size"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Argument, Format, LevelKind, LevelStorage, Tensor};

    const SPMV: &str = include_str!("../../examples/spmv.mlir");

    /// The buffer of `values`, native-endian.
    fn raw<T: Copy>(values: &[T]) -> RawBuffer {
        RawBuffer { address: values.as_ptr() as *mut u8, len: std::mem::size_of_val(values) }
    }

    /// The 3x4 CSR matrix [[0, 1, 0, 2], [0, 0, 0, 0], [3, 0, 0, 4]].
    const POS: [u64; 4] = [0, 2, 2, 4];
    const CRD: [u64; 4] = [1, 3, 0, 3];
    const VALUES: [f64; 4] = [1.0, 2.0, 3.0, 4.0];

    #[test]
    fn packed_tensors_run_checked_then_unchecked_as_the_copying_run() {
        let kernel = Kernel::compile(include_str!("../../examples/kernels/spadd.mlir"), "spadd.mlir", None).unwrap();
        let matrix = |entries: &[([usize; 2], f64)]| {
            let entries = entries.iter().map(|(point, value)| (point.to_vec(), Value::Real(*value))).collect();
            Tensor::from_entries(vec![3, 4], Format::csr(), Value::Real(0.0), entries).unwrap()
        };
        let a = matrix(&[([0, 1], 1.0), ([2, 3], 4.0)]);
        let b = matrix(&[([0, 1], -1.0), ([1, 0], 2.0), ([2, 0], 3.0)]);
        let (copied, _) = kernel.run(&[Argument::Tensor(a.clone()), Argument::Tensor(b.clone())]).unwrap();
        let Argument::Tensor(copied) = copied else { panic!("a tensor") };
        let mut packed: Vec<Vec<Slot>> = [&a, &b]
            .iter()
            .zip(&kernel.parameters)
            .map(|(tensor, parameter)| {
                let Parameter::Tensor(parameter) = parameter else { panic!("tensor parameters") };
                crate::abi::pack(tensor, &parameter.layout, parameter.element, parameter.strided).unwrap()
            })
            .collect();
        let arguments: Vec<BorrowedArgument> = packed
            .iter_mut()
            .zip(&kernel.parameters)
            .map(|(slots, parameter)| {
                let Parameter::Tensor(parameter) = parameter else { panic!("tensor parameters") };
                BorrowedArgument::Tensor { shape: vec![3, 4], buffers: packed_buffers(slots, parameter) }
            })
            .collect();
        // SAFETY: the buffers are `packed`'s, live, read only; the checked
        // call accepts them before the unchecked ones.
        unsafe {
            let (checked, _) = kernel.run_borrowed(&arguments).unwrap();
            assert_eq!(kernel.borrowed_tensor(&checked, &arguments).unwrap(), copied);
            for _ in 0..2 {
                let (unchecked, _) = kernel.run_borrowed_unchecked(&arguments).unwrap();
                assert_eq!(kernel.borrowed_tensor(&unchecked, &arguments).unwrap(), copied);
            }
            // Unchecked still counts the buffers.
            let mut short = arguments.clone();
            let BorrowedArgument::Tensor { buffers, .. } = &mut short[1] else { panic!("a tensor") };
            buffers.pop();
            assert!(kernel.run_borrowed_unchecked(&short).is_err());
        }
        // The sum cancels at (0, 1): not stored.
        assert_eq!(copied.nnz(), 3);
    }

    #[test]
    fn repeated_runs_on_arguments_packed_once_give_the_copying_runs_result() {
        let kernel = Kernel::compile(include_str!("../../examples/kernels/spadd.mlir"), "spadd.mlir", None).unwrap();
        let matrix = |entries: &[([usize; 2], f64)], format: Format| {
            let entries = entries.iter().map(|(point, value)| (point.to_vec(), *value)).collect();
            Tensor::from_entries(vec![3, 4], format, 0.0, entries).unwrap()
        };
        // The second operand in another format: converted to the parameter's, as `run` does.
        let arguments = [
            Argument::RealTensor(matrix(&[([0, 1], 1.0), ([2, 3], 4.0)], Format::csr())),
            Argument::RealTensor(matrix(&[([0, 1], 2.0), ([1, 0], 2.0), ([2, 0], 3.0)], Format::coo(2))),
        ];
        let (copied, _) = kernel.run(&arguments).unwrap();
        for runs in [1, 3] {
            let repeated = kernel.run_repeated(&arguments, runs).unwrap();
            assert_eq!(repeated.result, copied);
            assert_eq!(repeated.times.len(), runs);
        }
        // Shapes are checked as `run` checks them.
        assert!(kernel.run_repeated(&arguments[..1], 2).is_err());
        // y += A x, which upstream's sparsifier computes in y's buffer
        // (`outs(%y)`): every run adds to the packed y, but the result is
        // that of one run on y as given.
        let in_place = Kernel::compile_with(IN_PLACE_SPMV, "in_place.mlir", None, crate::abi::Abi::Upstream).unwrap();
        let vector = |values: &[f64]| {
            Argument::RealTensor(
                Tensor::from_entries(vec![values.len()], Format::dense(1), 0.0, (0..values.len()).map(|i| (vec![i], values[i])).collect())
                    .unwrap(),
            )
        };
        let spmv_arguments = [arguments[0].clone(), vector(&[1.0, 2.0, 3.0, 4.0]), vector(&[10.0, 20.0, 30.0])];
        let (once, _) = in_place.run(&spmv_arguments).unwrap();
        for runs in [1, 3] {
            assert_eq!(in_place.run_repeated(&spmv_arguments, runs).unwrap().result, once, "{runs} runs");
        }
    }

    /// The memory the runs add is their own: a kernel doubling a vector of
    /// 64 MiB adds its 64 MiB result, neither the packed copy of its
    /// argument nor the result's unpacking (each as large again). The peak
    /// is the process's: the test runs alone in a process of its own.
    #[test]
    fn kernel_memory_is_what_the_runs_allocate() {
        if !process::restart_peak() || !process::alone::in_own_process("borrowed::tests::kernel_memory_is_what_the_runs_allocate") {
            return; // The system does not tell (`kernel_memory` is `None`), or the child ran it.
        }
        let kernel = Kernel::compile(DOUBLED, "doubled.mlir", None).unwrap();
        let length = 8 << 20;
        let dense = |values: Vec<f64>| {
            Tensor::from_buffers(vec![values.len()], Format::dense(1), 0.0, vec![LevelStorage::empty(LevelKind::Dense)], values).unwrap()
        };
        let repeated = kernel.run_repeated(&[Argument::RealTensor(dense(vec![1.5; length]))], 3).unwrap();
        let Argument::Tensor(result) = &repeated.result else { panic!("a tensor result") };
        assert!(result.values.len() == length && result.values.iter().all(|value| value.complex() == (3.0, 0.0)));
        let mib = repeated.kernel_memory.expect("measured where the peak restarts") as f64 / (1 << 20) as f64;
        assert!((60.0..100.0).contains(&mib), "{mib} MiB");
    }

    /// `y = 2 x` on a dense vector, into a fresh result.
    const DOUBLED: &str = "func.func @kernel(%x: tensor<?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf64>
  %init = tensor.empty(%n) : tensor<?xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = [\"parallel\"]}
      ins(%x : tensor<?xf64>) outs(%init : tensor<?xf64>) {
  ^bb0(%a: f64, %b: f64):
    %two = arith.constant 2.0 : f64
    %d = arith.mulf %a, %two : f64
    linalg.yield %d : f64
  } -> tensor<?xf64>
  return %y : tensor<?xf64>
}
";

    /// `y += A x` into the argument `y`, which the kernel updates in place.
    const IN_PLACE_SPMV: &str = "#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @kernel(%a: tensor<3x4xf64, #CSR>, %x: tensor<4xf64>, %y: tensor<3xf64>) -> tensor<3xf64> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                       iterator_types = [\"parallel\", \"reduction\"]}
      ins(%a, %x : tensor<3x4xf64, #CSR>, tensor<4xf64>) outs(%y : tensor<3xf64>) {
  ^bb0(%av: f64, %xv: f64, %acc: f64):
    %p = arith.mulf %av, %xv : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<3xf64>
  return %r : tensor<3xf64>
}
";

    #[test]
    fn spmv_on_borrowed_buffers_matches_the_copying_run() {
        let kernel = Kernel::compile(SPMV, "spmv.mlir", None).unwrap();
        let x = [1.0f64, 10.0, 100.0, 1000.0];
        let arguments = [
            BorrowedArgument::Tensor { shape: vec![3, 4], buffers: vec![raw(&POS), raw(&CRD), raw(&VALUES)] },
            BorrowedArgument::Tensor { shape: vec![4], buffers: vec![raw(&x)] },
        ];
        // SAFETY: the buffers are live arrays the kernel only reads.
        let (BorrowedResult::Tensor { shape, buffers }, _) = unsafe { kernel.run_borrowed(&arguments) }.unwrap() else {
            panic!("a tensor")
        };
        assert_eq!(shape, [3]);
        let [ResultBuffer::Owned(y)] = &buffers[..] else { panic!("one buffer of the kernel's: {buffers:?}") };
        let y: Vec<f64> = y.bytes().chunks_exact(8).map(|chunk| f64::from_ne_bytes(chunk.try_into().unwrap())).collect();
        assert_eq!(y, [2010.0, 0.0, 4003.0]);
        // The same through the copying path.
        let entries = [(vec![0, 1], 1.0), (vec![0, 3], 2.0), (vec![2, 0], 3.0), (vec![2, 3], 4.0)];
        let entries = entries.into_iter().map(|(coordinates, value)| (coordinates, Value::Real(value))).collect();
        let a = Tensor::from_entries(vec![3, 4], Format::csr(), Value::Real(0.0), entries).unwrap();
        let x = Tensor::from_entries(vec![4], Format::dense(1), Value::Real(0.0), (0..4).map(|i| (vec![i], Value::Real(x[i]))).collect())
            .unwrap();
        let (copied, _) = kernel.run(&[Argument::Tensor(a), Argument::Tensor(x)]).unwrap();
        let Argument::Tensor(copied) = copied else { panic!("a tensor") };
        assert_eq!(copied.to_dense().iter().map(|value| value.real()).collect::<Vec<_>>(), y);
    }

    #[test]
    fn malformed_buffers_are_refused_before_the_kernel_reads_them() {
        let kernel = Kernel::compile(SPMV, "spmv.mlir", None).unwrap();
        let x = [1.0f64; 4];
        let run = |pos: &[u64], crd: &[u64], values: &[f64], x: &[f64]| {
            let arguments = [
                BorrowedArgument::Tensor { shape: vec![3, 4], buffers: vec![raw(pos), raw(crd), raw(values)] },
                BorrowedArgument::Tensor { shape: vec![x.len()], buffers: vec![raw(x)] },
            ];
            // SAFETY: the buffers are live arrays the kernel only reads.
            unsafe { kernel.run_borrowed(&arguments) }.unwrap_err().to_string()
        };
        let out_of_range = TensorError::CrdOutOfRange { level: 1, index: 3, coordinate: 9, size: 4 };
        assert_eq!(run(&POS, &[1, 3, 0, 9], &VALUES, &x), format!("input 1: {out_of_range}"));
        assert!(run(&[0, 2, 5, 4], &CRD, &VALUES, &x).starts_with("input 1: "), "decreasing pos");
        assert!(run(&POS, &CRD, &VALUES[..3], &x).starts_with("input 1: "), "too few values");
        assert_eq!(run(&POS, &CRD, &VALUES, &x[..3]), "dimension 1 of input 1 (4) and dimension 0 of input 2 (3) must agree");
        let arguments = [
            BorrowedArgument::Tensor { shape: vec![3, 4], buffers: vec![raw(&POS), raw(&CRD)] },
            BorrowedArgument::Scalar(Value::Real(1.0)),
        ];
        // SAFETY: the buffers are live arrays the kernel only reads.
        assert!(unsafe { kernel.run_borrowed(&arguments) }.is_err());
        let nowhere = RawBuffer { address: std::ptr::null_mut(), len: 8 };
        let arguments = [
            BorrowedArgument::Tensor { shape: vec![3, 4], buffers: vec![raw(&POS), raw(&CRD), raw(&VALUES)] },
            BorrowedArgument::Tensor { shape: vec![4], buffers: vec![nowhere] },
        ];
        // SAFETY: a null buffer is refused before anything reads it.
        let error = unsafe { kernel.run_borrowed(&arguments) }.unwrap_err().to_string();
        assert_eq!(error, "input 2: the values buffer has 8 bytes at no address");
    }
}
