//! The kernel ABI: the buffers that stand for a tensor once loops are lowered.
//!
//! A tensor becomes, in order: for each level, the buffers its kind stores
//! ([`sparse_formats::LevelBuffer`]: positions, coordinates, ...), each a
//! `memref<?xindex>`, or a `memref<?xiN>` when the level's `pos_width` or
//! `crd_width` is N < 64; its values as `memref<?xT>`; and its dimension
//! sizes as `index`. A kernel takes
//! its tensor arguments this way and returns its result this way, with
//! buffers the kernel allocated and the caller now owns.

use melior::{
    ir::{
        r#type::{IntegerType, MemRefType},
        Type,
    },
    Context,
};
use sparse_dialects::encoding::Encoding;
use sparse_formats::LevelBuffer;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Buffer {
    /// One buffer of a level.
    Level(usize, LevelBuffer),
    Values,
    Dim(usize),
}

/// The buffers of a tensor with `encoding`, in ABI order.
pub fn layout(encoding: &Encoding) -> Vec<Buffer> {
    let mut buffers = Vec::new();
    for (index, level) in encoding.format.levels.iter().enumerate() {
        buffers.extend(level.buffers().iter().map(|&buffer| Buffer::Level(index, buffer)));
    }
    // A pattern leaf stores no values: every stored position holds 1.
    if !encoding.format.pattern {
        buffers.push(Buffer::Values);
    }
    buffers.extend((0..encoding.format.dims()).map(Buffer::Dim));
    buffers
}

/// The type of one buffer of a tensor with `encoding` whose elements are `element`.
pub fn buffer_type<'c>(buffer: Buffer, encoding: &Encoding, element: Type<'c>, context: &'c Context) -> Type<'c> {
    match buffer {
        Buffer::Level(level, which) => {
            MemRefType::new(index_type(encoding.format.levels[level].width(which), context), &[i64::MIN], None, None).into()
        }
        Buffer::Values => MemRefType::new(element, &[i64::MIN], None, None).into(),
        Buffer::Dim(_) => Type::index(context),
    }
}

/// The element type of a level buffer `width` bits wide: `index` at 64 bits,
/// the integer of that width below.
pub fn index_type(width: u32, context: &Context) -> Type<'_> {
    if width == 64 {
        Type::index(context)
    } else {
        IntegerType::new(context, width).into()
    }
}
