//! Packing tensors into the kernel ABI, and taking back what a kernel returns.
//!
//! The layout of each tensor is the compiler's (`sparse_passes::abi`): level
//! buffers, values, then dimension sizes. Memrefs travel as pointers to
//! rank-1 descriptors; the kernel's results come back through one struct of
//! descriptors and integers, every field 8 bytes wide.

use crate::format::{Format, LevelKind};
use crate::tensor::{LevelStorage, Tensor};
use sparse_passes::abi::Buffer;

/// A rank-1 memref descriptor, as MLIR lays it out.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct MemRef {
    pub allocated: *mut u8,
    pub aligned: *mut u8,
    pub offset: i64,
    pub size: i64,
    pub stride: i64,
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
    /// `length` elements of `width` bytes, stored 8-byte aligned.
    Buffer { words: Vec<u64>, length: usize },
    Index(i64),
}

impl Slot {
    fn buffer(bytes: Vec<u8>, width: usize) -> Slot {
        let length = bytes.len() / width;
        let words = bytes.chunks(8).map(|chunk| {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            u64::from_ne_bytes(word)
        });
        Slot::Buffer { words: words.collect(), length }
    }
}

/// The ABI arguments of `tensor`, whose elements are `element`.
pub fn pack(tensor: &Tensor, layout: &[Buffer], element: Element) -> Vec<Slot> {
    let indices = |values: &[usize]| Slot::buffer(values.iter().flat_map(|&v| (v as i64).to_ne_bytes()).collect(), 8);
    layout
        .iter()
        .map(|buffer| match *buffer {
            Buffer::Positions(level) => match &tensor.levels[level] {
                LevelStorage::Compressed { pos, .. } => indices(pos),
                _ => unreachable!("the layout follows the tensor's format"),
            },
            Buffer::Coordinates(level) => match &tensor.levels[level] {
                LevelStorage::Compressed { crd, .. } | LevelStorage::Singleton { crd } => indices(crd),
                LevelStorage::Dense => unreachable!("the layout follows the tensor's format"),
            },
            Buffer::Values => {
                let mut bytes = Vec::with_capacity(tensor.values.len() * element.size());
                tensor.values.iter().for_each(|&value| element.encode(value, &mut bytes));
                Slot::buffer(bytes, element.size())
            }
            Buffer::Dim(dim) => Slot::Index(tensor.shape[dim] as i64),
        })
        .collect()
}

/// How many 8-byte fields the results take.
pub fn result_fields(layout: &[Buffer]) -> usize {
    layout.iter().map(|buffer| if matches!(buffer, Buffer::Dim(_)) { 1 } else { 5 }).sum()
}

/// Rebuilds the tensor a kernel returned in `fields` and frees its buffers.
///
/// # Safety
/// `fields` must hold what the kernel wrote: live descriptors of buffers it
/// allocated with `malloc`, none shared with the arguments.
pub unsafe fn unpack(fields: &[u64], layout: &[Buffer], format: &Format, fill: f64, element: Element) -> Tensor {
    let mut at = 0;
    let mut buffers = Vec::new();
    let mut shape = Vec::new();
    for buffer in layout {
        if matches!(buffer, Buffer::Dim(_)) {
            shape.push(fields[at] as usize);
            at += 1;
            continue;
        }
        // SAFETY: five fields hold one descriptor, as the layout says.
        let descriptor = unsafe { std::ptr::read_unaligned(fields[at..at + 5].as_ptr() as *const MemRef) };
        at += 5;
        let width = if matches!(buffer, Buffer::Values) { element.size() } else { 8 };
        let start = unsafe { descriptor.aligned.add(descriptor.offset as usize * width) };
        let bytes = unsafe { std::slice::from_raw_parts(start, descriptor.size as usize * width) }.to_vec();
        unsafe { free(descriptor.allocated) };
        buffers.push((*buffer, bytes));
    }
    let indices = |bytes: &[u8]| bytes.chunks_exact(8).map(|chunk| i64::from_ne_bytes(chunk.try_into().expect("8 bytes")) as usize).collect::<Vec<_>>();
    let mut levels: Vec<LevelStorage> = format
        .levels
        .iter()
        .map(|level| match level.kind {
            LevelKind::Dense => LevelStorage::Dense,
            LevelKind::Compressed => LevelStorage::Compressed { pos: Vec::new(), crd: Vec::new() },
            LevelKind::Singleton => LevelStorage::Singleton { crd: Vec::new() },
        })
        .collect();
    let mut values = Vec::new();
    for (buffer, bytes) in buffers {
        match (buffer, &mut levels) {
            (Buffer::Positions(level), levels) => {
                if let LevelStorage::Compressed { pos, .. } = &mut levels[level] {
                    *pos = indices(&bytes);
                }
            }
            (Buffer::Coordinates(level), levels) => match &mut levels[level] {
                LevelStorage::Compressed { crd, .. } | LevelStorage::Singleton { crd } => *crd = indices(&bytes),
                LevelStorage::Dense => {}
            },
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

    #[test]
    fn packs_csr_in_layout_order() {
        let tensor = Tensor::from_entries(vec![2, 3], Format::csr(), 0.0, vec![(vec![0, 2], 1.5), (vec![1, 0], -2.0)]).unwrap();
        let layout = [Buffer::Positions(1), Buffer::Coordinates(1), Buffer::Values, Buffer::Dim(0), Buffer::Dim(1)];
        let slots = pack(&tensor, &layout, Element::F32);
        let Slot::Buffer { words, length } = &slots[0] else { panic!("positions are a buffer") };
        assert_eq!((words.clone(), *length), (vec![0, 1, 2], 3));
        let Slot::Buffer { words, length } = &slots[2] else { panic!("values are a buffer") };
        assert_eq!(*length, 2);
        assert_eq!(f32::from_ne_bytes(words[0].to_ne_bytes()[4..8].try_into().unwrap()), -2.0);
        assert!(matches!(slots[4], Slot::Index(3)));
        assert_eq!(result_fields(&layout), 5 * 3 + 2);
    }
}
