//! The level kinds `cfir-to-scf` lowers, one file each holding the kind's
//! iterator and, when it can be an output level, its assembly; and the
//! registry that picks them by kind, the only place that names a kind
//! (MLIR's `makeSparseTensorLevel`). Adding a kind is a file here and a line
//! in each factory.

mod band;
mod bytemap;
mod compressed;
mod dense;
mod hash;
mod run_length;
mod singleton;
mod structured;
mod variable_block;

use super::assembly::OutputLevel;
use super::dedup::{Dedup, Runs};
use super::error::{LowerError, Operation};
use super::iterator::{LevelId, LevelIterator};
use super::slice::{Slice, Window};
use super::storage::Buffers;
use band::Band;
use bytemap::Bytemap;
use compressed::{Bounds, Compressed};
pub(super) use dense::Dense;
use hash::Hash;
use run_length::RunLength;
use singleton::Singleton;
use sparse_formats::{LevelBuffer, LevelKind};
use structured::Structured;
use variable_block::VariableBlock;

/// An iterator over `id`, a level of `buffers`, as the tensor reads it: the
/// level as stored, narrowed to a view's window when `buffers` is a view of
/// `arr.slice`.
pub(super) fn level_iterator<'c: 'a, 'a>(
    id: LevelId,
    buffers: &Buffers<'c, 'a>,
) -> Result<Box<dyn LevelIterator<'c, 'a> + 'a>, LowerError> {
    let iterator = stored_iterator(id, buffers)?;
    // A slice view's level narrows what the level's iterator visits (after
    // the step over a run of equal coordinates, the stride's skip).
    match buffers.slice_of(id.level) {
        Some(sliced) => {
            let dim = match buffers.format().parts()[buffers.format().dim_to_lvl[id.level]] {
                sparse_formats::DimPart::Whole { dim } => dim,
                _ => return Err(LowerError::Malformed("a slice of a blocked dimension")),
            };
            let window = Window { start: sliced.start, step: sliced.step, size: buffers.dims[dim] };
            Slice::wrap(iterator, window, None, buffers.format().levels[id.level], id.level)
        }
        None => Ok(iterator),
    }
}

/// An iterator over `id`, a level of `buffers`, as stored (a view's window
/// aside). A nonunique level is wrapped to step over runs of equal
/// coordinates.
pub(super) fn stored_iterator<'c: 'a, 'a>(
    id: LevelId,
    buffers: &Buffers<'c, 'a>,
) -> Result<Box<dyn LevelIterator<'c, 'a> + 'a>, LowerError> {
    let iterator = kind_iterator(id, buffers)?;
    Ok(if buffers.format().levels[id.level].unique { iterator } else { Box::new(Dedup { inner: iterator, runs: Runs::Merged }) })
}

/// An iterator over `id`, a nonunique level of `buffers` as stored, that
/// visits it position by position, each position a run of its own
/// ([`Runs::PerPosition`]).
pub(super) fn per_position_iterator<'c: 'a, 'a>(
    id: LevelId,
    buffers: &Buffers<'c, 'a>,
) -> Result<Box<dyn LevelIterator<'c, 'a> + 'a>, LowerError> {
    Ok(Box::new(Dedup { inner: kind_iterator(id, buffers)?, runs: Runs::PerPosition }))
}

/// The iterator of `id`'s kind, a level of `buffers` as stored.
fn kind_iterator<'c: 'a, 'a>(id: LevelId, buffers: &Buffers<'c, 'a>) -> Result<Box<dyn LevelIterator<'c, 'a> + 'a>, LowerError> {
    let level = buffers.format().levels[id.level];
    let buffer = |which: LevelBuffer| buffers.level_buffer(id.level, which).ok_or(LowerError::Malformed("a level without its buffers"));
    let iterator: Box<dyn LevelIterator<'c, 'a> + 'a> = match level.kind {
        // A batch level is visited and located as a dense one; a loop that
        // binds the last one chooses the batch (`Buffers::batch_of`).
        LevelKind::Dense | LevelKind::Batch => Box::new(Dense { size: buffers.level_size(id.level)? }),
        LevelKind::Compressed => Box::new(Compressed {
            positions: buffer(LevelBuffer::Positions)?,
            coordinates: buffer(LevelBuffer::Coordinates)?,
            ordered: level.ordered,
            unique: level.unique,
            bounds: Bounds::Shared,
        }),
        LevelKind::Hash => Box::new(Hash {
            list: Compressed {
                positions: buffer(LevelBuffer::Positions)?,
                coordinates: buffer(LevelBuffer::Coordinates)?,
                ordered: level.ordered,
                unique: level.unique,
                bounds: Bounds::Shared,
            },
            table: buffer(LevelBuffer::Table)?,
            size: buffers.level_size(id.level)?,
        }),
        LevelKind::LooseCompressed => Box::new(Compressed {
            positions: buffer(LevelBuffer::Positions)?,
            coordinates: buffer(LevelBuffer::Coordinates)?,
            ordered: level.ordered,
            unique: level.unique,
            bounds: Bounds::Paired,
        }),
        LevelKind::Singleton => Box::new(Singleton { coordinates: buffer(LevelBuffer::Coordinates)?, ordered: level.ordered }),
        LevelKind::Band => Box::new(Band { positions: buffer(LevelBuffer::Positions)?, starts: buffer(LevelBuffer::Coordinates)? }),
        LevelKind::Bytemap => Box::new(Bytemap {
            positions: buffer(LevelBuffer::Positions)?,
            coordinates: buffer(LevelBuffer::Coordinates)?,
            bitmap: buffer(LevelBuffer::Bitmap)?,
            size: buffers.level_size(id.level)?,
        }),
        LevelKind::RunLength => Box::new(RunLength { positions: buffer(LevelBuffer::Positions)?, ends: buffer(LevelBuffer::Coordinates)? }),
        LevelKind::Structured => {
            Box::new(Structured { coordinates: buffer(LevelBuffer::Coordinates)?, n: level.n_of_m.map_or(1, |(n, _)| n.into()) })
        }
        LevelKind::VariableBlock => Box::new(VariableBlock {
            positions: buffer(LevelBuffer::Positions)?,
            starts: buffer(LevelBuffer::Coordinates)?,
            offsets: buffer(LevelBuffer::Offsets)?,
        }),
    };
    Ok(iterator)
}

/// How level `index` of `output` is assembled, for the kinds that can be.
pub(super) fn output_level<'c: 'a, 'a>(output: &Buffers<'c, 'a>, index: usize) -> Result<Box<dyn OutputLevel<'c, 'a> + 'a>, LowerError> {
    let level = output.format().levels[index];
    // The level above creates its positions one after another, each with
    // an entry appended here (not a dense level's or a bytemap's, whose
    // positions leave gaps).
    let parent_appended =
        index > 0 && !output.format().levels[index - 1].is_located() && !output_level(output, index - 1)?.positions_unwritten();
    Ok(match level.kind {
        LevelKind::Dense => Box::new(Dense { size: output.level_size(index)? }),
        LevelKind::Compressed => Box::new(compressed::Output { unique: level.unique, bounds: Bounds::Shared, parent_appended }),
        LevelKind::LooseCompressed => Box::new(compressed::Output { unique: level.unique, bounds: Bounds::Paired, parent_appended }),
        LevelKind::Singleton => Box::new(singleton::Output),
        LevelKind::Hash => Box::new(hash::Output {
            list: compressed::Output { unique: true, bounds: Bounds::Shared, parent_appended },
            size: output.level_size(index)?,
        }),
        LevelKind::Bytemap => Box::new(bytemap::Output {
            list: compressed::Output { unique: true, bounds: Bounds::Shared, parent_appended },
            size: output.level_size(index)?,
        }),
        LevelKind::Band => {
            Box::new(band::Output { segments: compressed::Output { unique: true, bounds: Bounds::Shared, parent_appended: false } })
        }
        LevelKind::RunLength => Box::new(run_length::Output { size: output.level_size(index)?, last: index + 1 == output.format().rank() }),
        LevelKind::VariableBlock => {
            Box::new(variable_block::Output { blocks: compressed::Output { unique: true, bounds: Bounds::Shared, parent_appended: false } })
        }
        // Padding moves values with their coordinates, so the level holds
        // the values; an unused position holds `m`, which must fit.
        LevelKind::Structured => match level.n_of_m {
            Some((n, m)) if index + 1 == output.format().rank() && u64::from(m) < 1u64 << level.crd_width.min(63) => {
                Box::new(structured::Output { n: n.into(), m: m.into() })
            }
            _ => return Err(LowerError::Level { level, index, operation: Operation::Assemble }),
        },
        _ => return Err(LowerError::Level { level, index, operation: Operation::Assemble }),
    })
}
