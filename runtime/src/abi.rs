//! Packing tensors into a kernel ABI, and taking back what a kernel returns.
//!
//! Our layout of each tensor is the compiler's (`sparse_passes::abi`): level
//! buffers, values, then dimension sizes. Upstream's sparsifier, behind its
//! sparse assembler, takes level buffers and values, with no sizes (shapes
//! are static) and a dense tensor as one memref of its own rank. Memrefs
//! travel as pointers to descriptors; the kernel's results come back through
//! one struct of descriptors and integers, every field 8 bytes wide.

use crate::tensor::{LevelStorage, Tensor};
use crate::{Format, LevelBuffer};
use sparse_dialects::encoding::Encoding;
use sparse_passes::abi::{layout, Buffer};

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

/// Element types the runtime converts values to and from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Element {
    F64,
    F32,
    I64,
    I32,
}

impl Element {
    pub const ALL: [Element; 4] = [Element::F64, Element::F32, Element::I64, Element::I32];

    /// The MLIR type's name.
    pub fn name(self) -> &'static str {
        match self {
            Element::F64 => "f64",
            Element::F32 => "f32",
            Element::I64 => "i64",
            Element::I32 => "i32",
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, Element::F64 | Element::F32)
    }

    pub fn size(self) -> usize {
        match self {
            Element::F64 | Element::I64 => 8,
            Element::F32 | Element::I32 => 4,
        }
    }

    fn encode(self, value: f64, into: &mut Vec<u8>) {
        match self {
            Element::F64 => into.extend(value.to_ne_bytes()),
            Element::F32 => into.extend((value as f32).to_ne_bytes()),
            Element::I64 => into.extend((value as i64).to_ne_bytes()),
            Element::I32 => into.extend((value as i32).to_ne_bytes()),
        }
    }

    fn decode(self, bytes: &[u8]) -> f64 {
        match self {
            Element::F64 => f64::from_ne_bytes(bytes.try_into().expect("8 bytes")),
            Element::F32 => f32::from_ne_bytes(bytes.try_into().expect("4 bytes")) as f64,
            Element::I64 => i64::from_ne_bytes(bytes.try_into().expect("8 bytes")) as f64,
            Element::I32 => i32::from_ne_bytes(bytes.try_into().expect("4 bytes")) as f64,
        }
    }
}

/// One ABI argument: a memref's elements, or an integer.
pub enum Slot {
    /// Elements of the memref's `shape`, stored 8-byte aligned.
    Buffer {
        words: Vec<u64>,
        shape: Vec<usize>,
    },
    Index(i64),
}

impl Slot {
    fn buffer(bytes: Vec<u8>, width: usize) -> Slot {
        let shape = vec![bytes.len() / width];
        let words = bytes.chunks(8).map(|chunk| {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            u64::from_ne_bytes(word)
        });
        Slot::Buffer { words: words.collect(), shape }
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
fn widen(bytes: &[u8], width: u32) -> Vec<usize> {
    let chunks = bytes.chunks_exact((width / 8) as usize);
    match width {
        8 => chunks.map(|chunk| chunk[0] as usize).collect(),
        16 => chunks.map(|chunk| u16::from_ne_bytes(chunk.try_into().expect("2 bytes")) as usize).collect(),
        32 => chunks.map(|chunk| u32::from_ne_bytes(chunk.try_into().expect("4 bytes")) as usize).collect(),
        _ => chunks.map(|chunk| u64::from_ne_bytes(chunk.try_into().expect("8 bytes")) as usize).collect(),
    }
}

/// The ABI arguments of `tensor`, whose elements are `element`; `strided`
/// values keep the tensor's shape. Level buffers take their level's widths.
pub fn pack(tensor: &Tensor, layout: &[Buffer], element: Element, strided: bool) -> Result<Vec<Slot>, WidthError> {
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
                    tensor.values.iter().for_each(|&value| element.encode(value, &mut bytes));
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
    pub fill: f64,
    pub element: Element,
    /// The shape, when the kernel does not return sizes.
    pub shape: Option<Vec<usize>>,
    /// The rank of the values memref.
    pub values_rank: usize,
}

/// Rebuilds the tensor a kernel returned in `fields` and frees the buffers it
/// allocated (any that is one of `arguments`' is the caller's, not freed).
///
/// # Safety
/// `fields` must hold what the kernel wrote: live descriptors of buffers it
/// allocated with `malloc`, or of the arguments.
pub unsafe fn unpack(fields: &[u64], layout: &[Buffer], result: &Returned, arguments: &[*mut u8]) -> Tensor {
    let (format, fill, element) = (result.format, result.fill, result.element);
    let mut at = 0;
    let mut buffers = Vec::new();
    let mut shape = Vec::new();
    for buffer in layout {
        if matches!(buffer, Buffer::Dim(_)) {
            shape.push(fields[at] as usize);
            at += 1;
            continue;
        }
        let rank = if matches!(buffer, Buffer::Values) { result.values_rank } else { 1 };
        let (allocated, aligned, offset) = (fields[at] as *mut u8, fields[at + 1] as *mut u8, fields[at + 2] as usize);
        let count: usize = fields[at + 3..at + 3 + rank].iter().map(|&size| size as usize).product();
        at += 3 + 2 * rank;
        let width = match *buffer {
            Buffer::Values => element.size(),
            Buffer::Level(level, which) => (format.levels[level].width(which) / 8) as usize,
            Buffer::Dim(_) => unreachable!("sizes are fields"),
        };
        // SAFETY: the descriptor describes `count` contiguous elements.
        let bytes = if count == 0 {
            Vec::new()
        } else {
            unsafe { std::slice::from_raw_parts(aligned.add(offset * width), count * width) }.to_vec()
        };
        if !arguments.contains(&allocated) {
            unsafe { free(allocated) };
        }
        buffers.push((*buffer, bytes));
    }
    if let Some(known) = &result.shape {
        shape = known.clone();
    }
    let mut levels: Vec<LevelStorage> = format.levels.iter().map(|level| LevelStorage::empty(level.kind)).collect();
    let mut values = Vec::new();
    for (buffer, bytes) in buffers {
        match (buffer, &mut levels) {
            (Buffer::Level(level, buffer), levels) => {
                let width = format.levels[level].width(buffer);
                if let Some(stored) = levels[level].buffer_mut(buffer) {
                    *stored = widen(&bytes, width);
                }
            }
            (Buffer::Values, _) => values = bytes.chunks_exact(element.size()).map(|chunk| element.decode(chunk)).collect(),
            (Buffer::Dim(_), _) => {}
        }
    }
    Tensor { shape, format: format.clone(), fill, levels, values }
}

extern "C" {
    fn free(pointer: *mut u8);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Level;

    #[test]
    fn level_buffers_take_their_widths_and_refuse_what_does_not_fit() {
        let narrow = Format::new(vec![Level::dense(), Level { pos_width: 16, crd_width: 8, ..Level::compressed() }], vec![0, 1]).unwrap();
        let entries = vec![(vec![0, 2], 1.5), (vec![1, 0], -2.0)];
        let tensor = Tensor::from_entries(vec![2, 3], narrow, 0.0, entries).unwrap();
        let layout = [Buffer::Level(1, LevelBuffer::Positions), Buffer::Level(1, LevelBuffer::Coordinates)];
        let slots = pack(&tensor, &layout, Element::F64, false).unwrap();
        let Slot::Buffer { words, shape } = &slots[0] else { panic!("positions are a buffer") };
        assert_eq!(shape, &[3]);
        assert_eq!(widen(&words[0].to_ne_bytes()[..6], 16), [0, 1, 2]);
        let Slot::Buffer { words, shape } = &slots[1] else { panic!("coordinates are a buffer") };
        assert_eq!(shape, &[2]);
        assert_eq!(widen(&words[0].to_ne_bytes()[..2], 8), [2, 0]);
        let wide = Format::new(vec![Level { crd_width: 8, ..Level::compressed() }], vec![0]).unwrap();
        let tensor = Tensor::from_entries(vec![300], wide, 0.0, vec![(vec![299], 1.0)]).unwrap();
        let error = WidthError { level: 0, buffer: LevelBuffer::Coordinates, value: 299, width: 8 };
        assert_eq!(pack(&tensor, &[Buffer::Level(0, LevelBuffer::Coordinates)], Element::F64, false).err(), Some(error.clone()));
        assert_eq!(error.to_string(), "level 0's Coordinates buffer holds 299, which does not fit its 8 bits");
    }

    #[test]
    fn packs_csr_in_layout_order() {
        let tensor = Tensor::from_entries(vec![2, 3], Format::csr(), 0.0, vec![(vec![0, 2], 1.5), (vec![1, 0], -2.0)]).unwrap();
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
}
