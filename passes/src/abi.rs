//! The kernel ABI: the buffers that stand for a tensor once loops are lowered.
//!
//! A tensor becomes, in order: for each level, its positions (`compressed`)
//! and coordinates (`compressed`, `singleton`) as `memref<?xindex>`; its
//! values as `memref<?xT>`; and its dimension sizes as `index`. A kernel takes
//! its tensor arguments this way and returns its result this way, with
//! buffers the kernel allocated and the caller now owns.

use melior::{
    ir::{r#type::MemRefType, Type},
    Context,
};
use sparse_dialects::encoding::{Encoding, LevelKind};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Buffer {
    Positions(usize),
    Coordinates(usize),
    Values,
    Dim(usize),
}

/// The buffers of a tensor with `encoding`, in ABI order.
pub fn layout(encoding: &Encoding) -> Vec<Buffer> {
    let mut buffers = Vec::new();
    for (level, format) in encoding.levels.iter().enumerate() {
        match format.kind {
            LevelKind::Compressed => buffers.extend([Buffer::Positions(level), Buffer::Coordinates(level)]),
            LevelKind::Singleton => buffers.push(Buffer::Coordinates(level)),
            _ => {}
        }
    }
    buffers.push(Buffer::Values);
    buffers.extend((0..encoding.dim_to_lvl.len()).map(Buffer::Dim));
    buffers
}

/// The type of one buffer of a tensor whose elements are `element`.
pub fn buffer_type<'c>(buffer: Buffer, element: Type<'c>, context: &'c Context) -> Type<'c> {
    match buffer {
        Buffer::Positions(_) | Buffer::Coordinates(_) => MemRefType::new(Type::index(context), &[i64::MIN], None, None).into(),
        Buffer::Values => MemRefType::new(element, &[i64::MIN], None, None).into(),
        Buffer::Dim(_) => Type::index(context),
    }
}
