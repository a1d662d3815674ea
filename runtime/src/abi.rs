//! Packing tensors into a kernel ABI, and taking back what a kernel returns.
//!
//! Our layout of each tensor is the compiler's (`sparse_passes::abi`): level
//! buffers, values, then dimension sizes. Upstream's sparsifier, behind its
//! sparse assembler, takes level buffers and values, with no sizes (shapes
//! are static) and a dense tensor as one memref of its own rank. Memrefs
//! travel as pointers to descriptors; the kernel's results come back through
//! one struct of descriptors and integers, every field 8 bytes wide.

use crate::element::{take, ConversionError};
use crate::tensor::{LevelStorage, Tensor};
use crate::value::{Scalar, Value};
use crate::{Format, LevelBuffer};
use sparse_dialects::encoding::Encoding;
use sparse_passes::abi::layout;
pub use sparse_passes::abi::Buffer;

pub use crate::element::Element;

/// Whose calling convention a kernel follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Abi {
    /// Our pipeline's.
    Ours,
    /// Upstream MLIR's sparsifier behind `sparse-assembler{direct-out=true}`.
    Upstream,
}

impl Abi {
    /// The pipeline that lowers a kernel to the LLVM dialect for this ABI.
    pub fn pipeline(self) -> &'static str {
        match self {
            Abi::Ours => sparse_passes::pipeline::SPARSE_COMPILER,
            Abi::Upstream => "builtin.module(sparse-assembler{direct-out=true},sparsifier{enable-runtime-library=false})",
        }
    }

    /// The buffers of a tensor with `encoding`, in order.
    pub fn layout(self, encoding: &Encoding) -> Vec<Buffer> {
        match self {
            Abi::Ours => layout(encoding),
            Abi::Upstream if self.strided(encoding) => vec![Buffer::Values],
            Abi::Upstream => layout(encoding).into_iter().filter(|buffer| !matches!(buffer, Buffer::Dim(_))).collect(),
        }
    }

    /// Whether values travel as one memref of the tensor's rank.
    pub fn strided(self, encoding: &Encoding) -> bool {
        self == Abi::Upstream && encoding.format.levels.iter().all(|level| level.buffers().is_empty())
    }
}

/// The fields of a memref descriptor: two pointers, an offset, then the
/// sizes and the (row-major) strides.
pub fn descriptor(data: *mut u8, shape: &[usize]) -> Vec<u64> {
    let mut fields = vec![data as u64, data as u64, 0];
    fields.extend(shape.iter().map(|&size| size as u64));
    let mut stride = 1u64;
    let mut strides = vec![0; shape.len()];
    for dim in (0..shape.len()).rev() {
        strides[dim] = stride;
        stride *= shape[dim] as u64;
    }
    fields.extend(strides);
    fields
}

/// One ABI argument: a memref's elements, a size, or a scalar.
pub enum Slot {
    /// Elements of the memref's `shape`, stored 8-byte aligned.
    Buffer {
        words: Vec<u64>,
        shape: Vec<usize>,
    },
    /// Elements of the memref's `shape` that the caller holds, at `data`.
    Borrowed {
        data: *mut u8,
        shape: Vec<usize>,
    },
    Index(i64),
    /// A scalar parameter's bytes, from the first (a complex one takes 16).
    Scalar([u64; 2]),
}

impl Slot {
    fn buffer(bytes: Vec<u8>, width: usize) -> Slot {
        let shape = vec![bytes.len() / width];
        let words = (0..bytes.len().div_ceil(8)).map(|word| u64::from_ne_bytes(take(&bytes, 8 * word)));
        Slot::Buffer { words: words.collect(), shape }
    }

    /// The slot of a scalar parameter of type `element` holding `value`.
    pub fn scalar(value: Value, element: Element) -> Slot {
        let mut bytes = Vec::with_capacity(16);
        element.encode(value, &mut bytes);
        Slot::Scalar([u64::from_ne_bytes(take(&bytes, 0)), u64::from_ne_bytes(take(&bytes, 8))])
    }
}

/// A level buffer holds a number its `pos_width` or `crd_width` cannot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("level {level}'s {buffer:?} buffer holds {value}, which does not fit its {width} bits")]
pub struct WidthError {
    pub level: usize,
    pub buffer: LevelBuffer,
    pub value: usize,
    pub width: u32,
}

/// Why a tensor cannot be packed for a kernel.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PackError {
    #[error(transparent)]
    Width(#[from] WidthError),
    /// A value the parameter's element type cannot hold.
    #[error("a value: {0}")]
    Value(#[from] ConversionError),
}

/// `values` as unsigned integers of `width` bits, native byte order.
fn narrow(values: &[usize], width: u32) -> Result<Vec<u8>, usize> {
    let mut out = Vec::with_capacity(values.len() * (width / 8) as usize);
    for &value in values {
        if width < 64 && value >> width != 0 {
            return Err(value);
        }
        match width {
            8 => out.push(value as u8),
            16 => out.extend_from_slice(&(value as u16).to_ne_bytes()),
            32 => out.extend_from_slice(&(value as u32).to_ne_bytes()),
            _ => out.extend_from_slice(&(value as u64).to_ne_bytes()),
        }
    }
    Ok(out)
}

/// `bytes` read back as unsigned integers of `width` bits.
pub(crate) fn widen(bytes: &[u8], width: u32) -> Vec<usize> {
    let chunks = bytes.chunks_exact((width / 8) as usize);
    match width {
        8 => chunks.map(|chunk| chunk[0] as usize).collect(),
        16 => chunks.map(|chunk| u16::from_ne_bytes(chunk.try_into().expect("2 bytes")) as usize).collect(),
        32 => chunks.map(|chunk| u32::from_ne_bytes(chunk.try_into().expect("4 bytes")) as usize).collect(),
        _ => chunks.map(|chunk| u64::from_ne_bytes(chunk.try_into().expect("8 bytes")) as usize).collect(),
    }
}

/// The ABI arguments of `tensor`, whose elements are `element` (each value
/// converted to it, [`Element::convert`]); `strided` values keep the
/// tensor's shape. Level buffers take their level's widths.
pub fn pack<V: Scalar>(tensor: &Tensor<V>, layout: &[Buffer], element: Element, strided: bool) -> Result<Vec<Slot>, PackError> {
    layout
        .iter()
        .map(|buffer| {
            Ok(match *buffer {
                Buffer::Level(level, buffer) => {
                    let values = tensor.levels[level].buffer(buffer).expect("the layout follows the tensor's format");
                    let width = tensor.format.levels[level].width(buffer);
                    let bytes = narrow(values, width).map_err(|value| WidthError { level, buffer, value, width })?;
                    Slot::buffer(bytes, (width / 8) as usize)
                }
                Buffer::Values => {
                    let mut bytes = Vec::with_capacity(tensor.values.len() * element.size());
                    for &value in &tensor.values {
                        element.encode(element.convert(value.value())?, &mut bytes);
                    }
                    match Slot::buffer(bytes, element.size()) {
                        Slot::Buffer { words, .. } if strided => Slot::Buffer { words, shape: tensor.shape.clone() },
                        slot => slot,
                    }
                }
                Buffer::Dim(dim) => Slot::Index(tensor.shape[dim] as i64),
            })
        })
        .collect()
}

/// How many 8-byte fields the results take; values are a memref of `rank`.
pub fn result_fields(layout: &[Buffer], rank: usize) -> usize {
    layout
        .iter()
        .map(|buffer| match buffer {
            Buffer::Dim(_) => 1,
            Buffer::Values => 3 + 2 * rank,
            _ => 5,
        })
        .sum()
}

/// What `unpack` needs to know of the result besides its buffers.
pub struct Returned<'f> {
    pub format: &'f Format,
    pub fill: Value,
    pub element: Element,
    /// The shape, when the kernel does not return sizes.
    pub shape: Option<Vec<usize>>,
    /// The rank of the values memref.
    pub values_rank: usize,
}

/// One buffer a kernel returned, where its descriptor says it is.
#[derive(Clone, Copy, Debug)]
pub struct ReturnedBuffer {
    pub buffer: Buffer,
    /// The pointer the kernel allocated (what `free` takes).
    pub allocated: *mut u8,
    /// The first element.
    pub data: *mut u8,
    pub count: usize,
    /// Bytes per element.
    pub width: usize,
}

impl ReturnedBuffer {
    /// The buffer's bytes.
    ///
    /// # Safety
    /// The buffer must be live: not freed, and not an argument's that is gone.
    pub unsafe fn bytes(&self) -> &[u8] {
        if self.count == 0 {
            &[]
        } else {
            // SAFETY: the descriptor describes `count` contiguous elements of `width` bytes.
            unsafe { std::slice::from_raw_parts(self.data, self.count * self.width) }
        }
    }
}

/// The shape and the buffers (sizes left out) of the result a kernel wrote
/// into `fields`, in layout order.
pub fn returned_buffers(fields: &[u64], layout: &[Buffer], result: &Returned) -> (Vec<usize>, Vec<ReturnedBuffer>) {
    let mut at = 0;
    let mut buffers = Vec::new();
    let mut shape = Vec::new();
    for &buffer in layout {
        if matches!(buffer, Buffer::Dim(_)) {
            shape.push(fields[at] as usize);
            at += 1;
            continue;
        }
        let rank = if matches!(buffer, Buffer::Values) { result.values_rank } else { 1 };
        let (allocated, aligned, offset) = (fields[at] as *mut u8, fields[at + 1] as *mut u8, fields[at + 2] as usize);
        let count: usize = fields[at + 3..at + 3 + rank].iter().map(|&size| size as usize).product();
        at += 3 + 2 * rank;
        let width = match buffer {
            Buffer::Values => result.element.size(),
            Buffer::Level(level, which) => (result.format.levels[level].width(which) / 8) as usize,
            Buffer::Dim(_) => unreachable!("sizes are fields"),
        };
        let data = aligned.wrapping_add(offset * width);
        buffers.push(ReturnedBuffer { buffer, allocated, data, count, width });
    }
    (result.shape.clone().unwrap_or(shape), buffers)
}

/// Rebuilds the tensor a kernel returned in `fields` and frees the buffers it
/// allocated ([`kernel_owns`]), each allocation once.
///
/// # Safety
/// `fields` must hold what the kernel wrote: live descriptors of buffers it
/// allocated with `malloc`, or of the arguments.
pub unsafe fn unpack(fields: &[u64], layout: &[Buffer], result: &Returned, arguments: &[*mut u8]) -> Tensor<Value> {
    let (format, fill, element) = (result.format, result.fill, result.element);
    let (shape, buffers) = returned_buffers(fields, layout, result);
    // SAFETY: the kernel returned the buffers live.
    let (levels, values) = storage(format, element, buffers.iter().map(|returned| (returned.buffer, unsafe { returned.bytes() })));
    let mut allocations = Vec::new();
    for returned in buffers {
        if kernel_owns(returned.allocated, arguments) && !allocations.contains(&returned.allocated) {
            allocations.push(returned.allocated);
        }
    }
    for allocation in allocations {
        // SAFETY: the kernel allocated it with `malloc`, every buffer in it is read above, and it is freed once.
        unsafe { free(allocation) };
    }
    Tensor { shape, format: format.clone(), fill, levels, values }
}

/// The levels and values of a tensor of `format` whose buffers hold
/// `buffers` (each with its place in the layout; sizes are skipped), read
/// into exact values.
pub(crate) fn storage<'b>(
    format: &Format,
    element: Element,
    buffers: impl IntoIterator<Item = (Buffer, &'b [u8])>,
) -> (Vec<LevelStorage>, Vec<Value>) {
    let mut levels: Vec<LevelStorage> = format.levels.iter().map(|level| LevelStorage::empty(level.kind)).collect();
    let mut values = Vec::new();
    for (buffer, bytes) in buffers {
        match buffer {
            Buffer::Level(level, which) => {
                if let Some(stored) = levels[level].buffer_mut(which) {
                    *stored = widen(bytes, format.levels[level].width(which));
                }
            }
            Buffer::Values => values = bytes.chunks_exact(element.size()).map(|chunk| element.decode(chunk)).collect(),
            Buffer::Dim(_) => {}
        }
    }
    (levels, values)
}

/// Whether a buffer the kernel returned, whose descriptor's allocated
/// pointer is `allocated`, is the kernel's to hand over (and the caller's to
/// free): not one of the `arguments`' buffers, and not a global constant
/// (whose descriptor MLIR marks with the allocated pointer `0xdeadbeef`).
pub fn kernel_owns(allocated: *mut u8, arguments: &[*mut u8]) -> bool {
    const GLOBAL: usize = 0xdead_beef;
    !arguments.contains(&allocated) && allocated as usize != GLOBAL
}

extern "C" {
    pub(crate) fn free(pointer: *mut u8);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Level;

    /// `entries` (real values) as a tensor of `Value`s.
    fn tensor(shape: Vec<usize>, format: Format, entries: &[(Vec<usize>, f64)]) -> Tensor<Value> {
        let entries = entries.iter().map(|(c, v)| (c.clone(), Value::Real(*v))).collect();
        Tensor::from_entries(shape, format, Value::Real(0.0), entries).unwrap()
    }

    #[test]
    fn level_buffers_take_their_widths_and_refuse_what_does_not_fit() {
        let narrow = Format::new(vec![Level::dense(), Level { pos_width: 16, crd_width: 8, ..Level::compressed() }], vec![0, 1]).unwrap();
        let tensor = tensor(vec![2, 3], narrow, &[(vec![0, 2], 1.5), (vec![1, 0], -2.0)]);
        let layout = [Buffer::Level(1, LevelBuffer::Positions), Buffer::Level(1, LevelBuffer::Coordinates)];
        let slots = pack(&tensor, &layout, Element::F64, false).unwrap();
        let Slot::Buffer { words, shape } = &slots[0] else { panic!("positions are a buffer") };
        assert_eq!(shape, &[3]);
        assert_eq!(widen(&words[0].to_ne_bytes()[..6], 16), [0, 1, 2]);
        let Slot::Buffer { words, shape } = &slots[1] else { panic!("coordinates are a buffer") };
        assert_eq!(shape, &[2]);
        assert_eq!(widen(&words[0].to_ne_bytes()[..2], 8), [2, 0]);
        let wide = Format::new(vec![Level { crd_width: 8, ..Level::compressed() }], vec![0]).unwrap();
        let wide = self::tensor(vec![300], wide, &[(vec![299], 1.0)]);
        let error = WidthError { level: 0, buffer: LevelBuffer::Coordinates, value: 299, width: 8 };
        let packed = pack(&wide, &[Buffer::Level(0, LevelBuffer::Coordinates)], Element::F64, false);
        assert_eq!(packed.err(), Some(PackError::Width(error.clone())));
        assert_eq!(error.to_string(), "level 0's Coordinates buffer holds 299, which does not fit its 8 bits");
    }

    #[test]
    fn packs_csr_in_layout_order() {
        let tensor = tensor(vec![2, 3], Format::csr(), &[(vec![0, 2], 1.5), (vec![1, 0], -2.0)]);
        let layout = [
            Buffer::Level(1, LevelBuffer::Positions),
            Buffer::Level(1, LevelBuffer::Coordinates),
            Buffer::Values,
            Buffer::Dim(0),
            Buffer::Dim(1),
        ];
        let slots = pack(&tensor, &layout, Element::F32, false).unwrap();
        let Slot::Buffer { words, shape } = &slots[0] else { panic!("positions are a buffer") };
        assert_eq!((words.clone(), shape.clone()), (vec![0, 1, 2], vec![3]));
        let Slot::Buffer { words, shape } = &slots[2] else { panic!("values are a buffer") };
        assert_eq!(shape, &vec![2]);
        assert_eq!(f32::from_ne_bytes(words[0].to_ne_bytes()[4..8].try_into().unwrap()), -2.0);
        assert!(matches!(slots[4], Slot::Index(3)));
        assert_eq!(result_fields(&layout, 1), 5 * 3 + 2);
        assert_eq!(descriptor(std::ptr::null_mut(), &[2, 3]), vec![0, 0, 0, 2, 3, 3, 1]);
    }

    /// Packs the values of `tensor` as `element` and unpacks them again, as a
    /// kernel that returned its argument would give them back.
    fn through_the_abi(tensor: &Tensor<Value>, element: Element) -> (Vec<u8>, Tensor<Value>) {
        let layout = [Buffer::Level(0, LevelBuffer::Positions), Buffer::Level(0, LevelBuffer::Coordinates), Buffer::Values, Buffer::Dim(0)];
        let mut slots = pack(tensor, &layout, element, false).unwrap();
        let mut fields = Vec::new();
        let mut pointers = Vec::new();
        let mut values = Vec::new();
        for (index, slot) in slots.iter_mut().enumerate() {
            match slot {
                Slot::Buffer { words, shape } => {
                    let data = words.as_mut_ptr() as *mut u8;
                    pointers.push(data);
                    fields.extend(descriptor(data, shape));
                    if index == 2 {
                        values = words.iter().flat_map(|word| word.to_ne_bytes()).take(shape[0] * element.size()).collect();
                    }
                }
                Slot::Index(size) => fields.push(*size as u64),
                Slot::Scalar(_) | Slot::Borrowed { .. } => unreachable!("pack makes owned buffers, sizes and no scalars"),
            }
        }
        let returned = Returned { format: &tensor.format, fill: element.zero(), element, shape: None, values_rank: 1 };
        // SAFETY: the descriptors are of the slots' live buffers, which are
        // all arguments, so none is freed.
        (values, unsafe { unpack(&fields, &layout, &returned, &pointers) })
    }

    #[test]
    fn complex_values_travel_as_pairs_of_their_part_type() {
        let entries = vec![(vec![1], Value::Complex(1.5, -2.0)), (vec![3], Value::Complex(0.1, 1e300))];
        let vector = Tensor::from_entries(vec![4], Format::csf(1), Value::Complex(0.0, 0.0), entries).unwrap();
        let (bytes, back) = through_the_abi(&vector, Element::Complex64);
        let parts: Vec<f64> = bytes.chunks_exact(8).map(|part| f64::from_ne_bytes(part.try_into().unwrap())).collect();
        assert_eq!(parts, [1.5, -2.0, 0.1, 1e300]);
        assert_eq!(back, vector);
        let (bytes, back) = through_the_abi(&vector, Element::Complex32);
        let parts: Vec<f32> = bytes.chunks_exact(4).map(|part| f32::from_ne_bytes(part.try_into().unwrap())).collect();
        assert_eq!(parts, [1.5, -2.0, 0.1, f32::INFINITY]);
        assert_eq!(back.values, [Value::Complex(1.5, -2.0), Value::Complex(0.1f32 as f64, f64::INFINITY)]);
        let mut bytes = Vec::new();
        Element::Complex64.encode(Value::Complex(1.0, 2.0), &mut bytes);
        let Slot::Scalar(words) = Slot::scalar(Value::Complex(1.0, 2.0), Element::Complex64) else { panic!("a scalar") };
        assert_eq!(words, [1f64.to_bits(), 2f64.to_bits()]);
    }

    #[test]
    fn every_element_type_comes_back_as_it_went() {
        let values = |element: Element, values: [Value; 2]| {
            let entries = vec![(vec![0], values[0]), (vec![2], values[1])];
            let vector = Tensor::from_entries(vec![3], Format::csf(1), element.zero(), entries).unwrap();
            let (bytes, back) = through_the_abi(&vector, element);
            assert_eq!(bytes.len(), 2 * element.size(), "{element:?}");
            assert_eq!(back, vector, "{element:?}");
        };
        values(Element::F64, [Value::Real(0.1), Value::Real(-3.0)]);
        values(Element::F32, [Value::Real(0.5), Value::Real(-3.0)]);
        values(Element::F16, [Value::Real(65504.0), Value::Real(2f64.powi(-24))]);
        values(Element::BF16, [Value::Real(1.0), Value::Real(-0.10009765625)]);
        values(Element::I64, [Value::Integer(i64::MAX), Value::Integer((1 << 53) + 1)]);
        values(Element::I32, [Value::Integer(i32::MIN.into()), Value::Integer(7)]);
        values(Element::I16, [Value::Integer(-2), Value::Integer(i16::MAX.into())]);
        values(Element::I8, [Value::Integer(-128), Value::Integer(1)]);
        values(Element::I1, [Value::Integer(1), Value::Integer(1)]);
        values(Element::Index, [Value::Integer(1 << 62), Value::Integer(-1)]);
        values(Element::Complex64, [Value::Complex(0.0, 1.0), Value::Complex(-1.0, 0.5)]);
        values(Element::Complex32, [Value::Complex(0.25, 1.0), Value::Complex(-1.0, 0.5)]);
    }

    #[test]
    fn values_the_element_type_cannot_hold_are_refused() {
        let vector = tensor(vec![2], Format::dense(1), &[(vec![0], 2.5)]);
        let packed = pack(&vector, &[Buffer::Values], Element::I32, false);
        assert_eq!(packed.err().unwrap().to_string(), "a value: 2.5 is not an integer, which i32 needs");
    }
}
