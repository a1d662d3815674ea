//! The buffers whose lengths come from shapes and files: the size limit a
//! kernel's signed 64-bit `index` sets, and the one place such buffers are
//! allocated, so that a length too large to index or to allocate is an error
//! naming the buffer and the size asked for, not a panic or an abort.

use std::fmt;

/// The largest dimension size or buffer length a kernel can index: its
/// `index` is a signed 64-bit integer.
pub const MAX_SIZE: usize = i64::MAX as usize;

/// A buffer, as errors name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Buffer {
    /// The `pos` buffer of a level.
    Positions(usize),
    /// The `crd` buffer of a level.
    Coordinates(usize),
    /// The bitmap of a bytemap level.
    Bitmap(usize),
    /// The table of a hash level.
    Table(usize),
    /// The values of the last level.
    Values,
    /// An array of every component, as [`super::Tensor::try_to_dense`]
    /// returns and a Matrix Market file in array layout lists.
    Dense,
}

impl fmt::Display for Buffer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Positions(level) => write!(f, "the pos buffer of level {level}"),
            Self::Coordinates(level) => write!(f, "the crd buffer of level {level}"),
            Self::Bitmap(level) => write!(f, "the bitmap of level {level}"),
            Self::Table(level) => write!(f, "the table of level {level}"),
            Self::Values => f.write_str("the values"),
            Self::Dense => f.write_str("the dense array"),
        }
    }
}

/// A buffer that cannot be had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BufferError {
    #[error("{buffer} would have more than usize::MAX elements")]
    Overflow { buffer: Buffer },
    #[error("{buffer} would have {elements} elements, more than {MAX_SIZE}, the most a kernel's signed 64-bit index reaches")]
    Unindexable { buffer: Buffer, elements: usize },
    #[error("cannot allocate {buffer}: {elements} elements of {width} bytes, {bytes} bytes in all")]
    Allocation { buffer: Buffer, elements: usize, width: usize, bytes: u128 },
}

/// `buffer` with `elements` copies of `value`; `elements` is `None` when
/// computing it overflowed. The memory is reserved before it is filled, so a
/// request the allocator refuses is an error.
pub(crate) fn filled<T: Clone>(buffer: Buffer, elements: Option<usize>, value: T) -> Result<Vec<T>, BufferError> {
    let elements = elements.ok_or(BufferError::Overflow { buffer })?;
    if elements > MAX_SIZE {
        return Err(BufferError::Unindexable { buffer, elements });
    }
    let mut vec = Vec::new();
    vec.try_reserve_exact(elements).map_err(|_| {
        let width = size_of::<T>();
        BufferError::Allocation { buffer, elements, width, bytes: elements as u128 * width as u128 }
    })?;
    vec.resize(elements, value);
    Ok(vec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filled_buffers_have_their_length_and_value() {
        assert_eq!(filled(Buffer::Values, Some(3), 1.5), Ok(vec![1.5; 3]));
        assert_eq!(filled(Buffer::Positions(0), Some(0), 0usize), Ok(vec![]));
    }

    #[test]
    fn lengths_that_overflow_or_exceed_an_index_are_errors() {
        let overflow = filled(Buffer::Positions(1), None, 0usize).unwrap_err();
        assert_eq!(overflow.to_string(), "the pos buffer of level 1 would have more than usize::MAX elements");
        let unindexable = filled(Buffer::Coordinates(2), Some(MAX_SIZE + 1), 0usize).unwrap_err();
        assert_eq!(unindexable, BufferError::Unindexable { buffer: Buffer::Coordinates(2), elements: 1 << 63 });
        assert_eq!(
            unindexable.to_string(),
            "the crd buffer of level 2 would have 9223372036854775808 elements, more than 9223372036854775807, \
             the most a kernel's signed 64-bit index reaches"
        );
    }

    #[test]
    fn refused_allocations_name_the_buffer_and_the_size() {
        // 2^63 - 1 values of 8 bytes are more bytes than an allocation may
        // have, so this fails before asking the allocator.
        let error = filled(Buffer::Values, Some(MAX_SIZE), 0.0).unwrap_err();
        let bytes = 8 * MAX_SIZE as u128;
        assert_eq!(error, BufferError::Allocation { buffer: Buffer::Values, elements: MAX_SIZE, width: 8, bytes });
        assert_eq!(
            error.to_string(),
            "cannot allocate the values: 9223372036854775807 elements of 8 bytes, 73786976294838206456 bytes in all"
        );
        // 2^60 bytes fit an allocation's limit but no address space: the
        // allocator refuses them.
        let error = filled(Buffer::Dense, Some(1 << 57), 0.0).unwrap_err();
        let expected = BufferError::Allocation { buffer: Buffer::Dense, elements: 1 << 57, width: 8, bytes: 1 << 60 };
        assert_eq!(error, expected);
    }
}
