//! Tensors: a shape, a format, a fill value and the buffers of the standard
//! (TACO/MLIR) storage scheme, with conversion from and to entry lists and
//! dense arrays.
//!
//! The storage is a tree with one level per format level. The root has one
//! position, 0; each level maps every position of the level above to the
//! child positions under it, each with a coordinate, as its kind's file
//! under `levels` says, and the last level's positions index `values`. This
//! file and the drivers in `assemble` (building) and `validate` (the
//! structural check) reach a level only through the registry in `levels`;
//! `buffer` allocates the buffers whose lengths come from sizes (which a
//! kernel's signed 64-bit index bounds).

mod assemble;
mod batch;
mod buffer;
mod levels;
mod shuffle;
#[cfg(test)]
mod test_levels;
mod validate;

pub(crate) use buffer::filled;
pub use buffer::{Buffer, BufferError, MAX_SIZE};
pub use validate::{validate_storage, StorageView};

use crate::coordinates::{CoordinateError, Coordinates, Listing};
use crate::value::Scalar;
use crate::LevelBuffer;
use crate::{DimPart, Format, FormatError, LevelKind};
use levels::{stored_level, LevelContext};
use std::borrow::Cow;

/// The buffers of one level: for a level of `kind`, one per
/// [`LevelBuffer`] of its [`Capabilities::buffers`](sparse_formats::Capabilities::buffers),
/// in that (ABI) order. A dense level has none: its size is the dimension's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelStorage {
    pub kind: LevelKind,
    pub buffers: Vec<Vec<usize>>,
}

impl LevelStorage {
    /// The storage of a level of `kind` with `buffers`, in the kind's order.
    /// [`Tensor::validate`] checks that they are a storage of the level.
    pub fn new(kind: LevelKind, buffers: Vec<Vec<usize>>) -> Self {
        Self { kind, buffers }
    }

    /// Empty storage for a level of `kind`.
    pub fn empty(kind: LevelKind) -> Self {
        Self::new(kind, vec![Vec::new(); kind.capabilities().buffers.len()])
    }

    /// The buffer of this level that `buffer` names, if its kind stores one.
    pub fn buffer(&self, buffer: LevelBuffer) -> Option<&Vec<usize>> {
        self.slot(buffer).and_then(|slot| self.buffers.get(slot))
    }

    pub fn buffer_mut(&mut self, buffer: LevelBuffer) -> Option<&mut Vec<usize>> {
        self.slot(buffer).and_then(|slot| self.buffers.get_mut(slot))
    }

    pub fn kind(&self) -> LevelKind {
        self.kind
    }

    /// Where `buffer` is among the kind's buffers.
    fn slot(&self, buffer: LevelBuffer) -> Option<usize> {
        self.kind.capabilities().buffers.iter().position(|&stored| stored == buffer)
    }
}

/// Why a tensor could not be built, or why its buffers are not a valid
/// storage of its format. Level numbers are storage levels, not dimensions.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TensorError {
    #[error("invalid format: {0}")]
    Format(#[from] FormatError),
    #[error(transparent)]
    Coordinate(#[from] CoordinateError),
    #[error("entries listed more than once at the same coordinates add up to {sum}, past the 64-bit integers")]
    DuplicateSum { sum: i128 },
    #[error("the shape has rank {shape} but the format has {dims} dimensions")]
    Rank { shape: usize, dims: usize },
    #[error("dimension {dim} has size {size}, more than {MAX_SIZE}, the largest size a kernel's signed 64-bit index holds")]
    Dimension { dim: usize, size: usize },
    #[error("level {level}: the dense levels down to here have more than usize::MAX positions")]
    TooLarge { level: usize },
    #[error(transparent)]
    Buffer(#[from] BufferError),
    #[error("the format has {expected} levels but the tensor stores {found}")]
    StorageCount { expected: usize, found: usize },
    #[error("level {level} is {expected} in the format but its storage is {found}")]
    StorageKind { level: usize, expected: LevelKind, found: LevelKind },
    #[error("level {level} is {kind}, which stores {expected} buffers, but its storage has {found}")]
    BufferCount { level: usize, kind: LevelKind, expected: usize, found: usize },
    #[error("level {level}: pos has {found} elements but needs one more than the {parents} positions of its parent level")]
    PosLength { level: usize, parents: usize, found: usize },
    #[error("level {level}: pos has {found} elements but a loose level needs two, a segment's start and end, for each of the {parents} positions of its parent level")]
    LoosePosLength { level: usize, parents: usize, found: usize },
    #[error("level {level}: the segment of parent position {parent} starts at {start}, not where the previous one ends ({previous_end}); loose levels are stored without gaps here")]
    LooseGap { level: usize, parent: usize, start: usize, previous_end: usize },
    #[error("level {level}: pos starts at {found} instead of 0")]
    PosStart { level: usize, found: usize },
    #[error("level {level}: pos decreases at index {index}, from {previous} to {found}")]
    PosDecreasing { level: usize, index: usize, previous: usize, found: usize },
    #[error("level {level}: crd has {found} elements but needs {expected}")]
    CrdLength { level: usize, expected: usize, found: usize },
    #[error("level {level}: crd[{index}] = {coordinate} is outside 0..{size}")]
    CrdOutOfRange { level: usize, index: usize, coordinate: usize, size: usize },
    #[error("level {level} is ordered but crd[{index}] = {found} follows {previous} under the same parent coordinates")]
    Unordered { level: usize, index: usize, previous: usize, found: usize },
    #[error("level {level} is unique but crd[{index}] repeats coordinate {coordinate} under the same parent coordinates")]
    Duplicate { level: usize, index: usize, coordinate: usize },
    #[error(
        "level {level}: the band of parent position {parent} starts at {start} and holds {length} coordinates, past the end of 0..{size}"
    )]
    BandOutOfRange { level: usize, parent: usize, start: usize, length: usize, size: usize },
    #[error("level {level}: the bands would hold more than {MAX_SIZE} positions, the most a kernel's signed 64-bit index reaches")]
    BandsTooLong { level: usize },
    #[error("level {level}: offsets has {found} elements but needs one more than the {blocks} blocks")]
    OffsetsLength { level: usize, blocks: usize, found: usize },
    #[error("level {level}: block {block} is empty or its offsets decrease (offsets[{block}] = {start}, offsets[{next}] = {end})", next = block + 1)]
    EmptyBlock { level: usize, block: usize, start: usize, end: usize },
    #[error("level {level}: offsets starts at {found} instead of 0")]
    OffsetsStart { level: usize, found: usize },
    #[error("level {level}: block {block} starts at {start} and holds {length} coordinates, past the end of 0..{size}")]
    BlockOutOfRange { level: usize, block: usize, start: usize, length: usize, size: usize },
    #[error("level {level}: block {block} starts at {start}, before the previous block of its parent ends (at {previous_end})")]
    BlocksOverlap { level: usize, block: usize, start: usize, previous_end: usize },
    #[error("level {level}: the bitmap has {found} elements but needs {expected}, one per coordinate of every parent")]
    BitmapLength { level: usize, expected: usize, found: usize },
    #[error("level {level}: the bitmap marks {marked} coordinates but crd lists {listed}; they must be the same ones")]
    BitmapMismatch { level: usize, marked: usize, listed: usize },
    #[error("level {level}: the table has {found} slots but {positions} positions need a power of two of at least twice as many (and at least 2)")]
    TableLength { level: usize, positions: usize, found: usize },
    #[error("level {level}: position {position} is not found in the table from its parent and coordinate")]
    TableMissing { level: usize, position: usize },
    #[error("level {level}: the table fills {filled} slots but the level has {positions} positions")]
    TableExtra { level: usize, filled: usize, positions: usize },
    #[error("level {level}: the runs of parent position {parent} do not cover 0..{size} in increasing order (run {run} ends at {end})")]
    Runs { level: usize, parent: usize, size: usize, run: usize, end: usize },
    #[error("level {level}: parent position {parent} has no runs, but every coordinate of 0..{size} needs one")]
    NoRuns { level: usize, parent: usize, size: usize },
    #[error("level {level} stores {n} of every {m} coordinates, but parent position {parent} has {found} entries")]
    TooManyInBlock { level: usize, parent: usize, n: usize, m: usize, found: usize },
    #[error("the last level has {expected} positions but there are {found} values")]
    ValuesLength { expected: usize, found: usize },
    #[error("the storage below batch levels is not checked: kernels do not return batched tensors")]
    BatchedUnchecked,
}

/// A tensor in any [`Format`], with values of type `V`: a
/// [`Value`](crate::Value) of any element type, or an `f64`.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor<V = f64> {
    /// The size of every dimension, in dimension order.
    pub shape: Vec<usize>,
    pub format: Format,
    /// The value of every component that is not stored.
    pub fill: V,
    /// One entry per format level, in level order.
    pub levels: Vec<LevelStorage>,
    pub values: Vec<V>,
}

impl<V: Scalar> Tensor<V> {
    /// The tensor whose storage is the caller's own buffers: `levels` (one
    /// per format level, each with its kind's buffers) and `values`, moved
    /// in without a copy once [`Tensor::validate`] finds them a valid
    /// storage of `format` for `shape`. For embedders that hold a tensor's
    /// arrays already (a CSR matrix's `pos`, `crd` and values, say).
    pub fn from_buffers(
        shape: Vec<usize>,
        format: Format,
        fill: V,
        levels: Vec<LevelStorage>,
        values: Vec<V>,
    ) -> Result<Self, TensorError> {
        let tensor = Self { shape, format, fill, levels, values };
        tensor.validate()?;
        Ok(tensor)
    }

    /// Builds the storage of `entries` (coordinates in dimension order), as
    /// [`Tensor::from_coordinates`] does.
    pub fn from_entries(shape: Vec<usize>, format: Format, fill: V, entries: Vec<(Vec<usize>, V)>) -> Result<Self, TensorError> {
        check_shape(&shape, &format)?;
        Self::from_coordinates(format, fill, Coordinates::from_entries(shape, entries)?)
    }

    /// Builds the storage of `coordinates`, the components of a dense array
    /// or of generated data: [`Tensor::from_list`] with
    /// [`Listing::Components`], so entries equal to `fill` are not stored.
    pub fn from_coordinates(format: Format, fill: V, coordinates: Coordinates<V>) -> Result<Self, TensorError> {
        Self::from_list(format, fill, coordinates, Listing::Components)
    }

    /// Builds the storage of the entries of `coordinates`.
    ///
    /// Entries are sorted in level order. When the format stores each
    /// coordinate at most once ([`Format::is_unique`]) duplicates are added
    /// together, in input order; a nonunique format keeps them all. Where the
    /// list holds a dense array's components ([`Listing::Components`]),
    /// entries equal to `fill` are then dropped, since storing them says
    /// nothing; the entries a file lists ([`Listing::Entries`]) are all
    /// stored, explicit zeros included. Dense levels store the fill wherever
    /// no entry is.
    ///
    /// The list's columns become the level coordinates where a level stores
    /// a whole dimension, and are sorted in place, so none is copied. A dimension
    /// or a buffer too large for a kernel's index, or a buffer the allocator
    /// refuses, is an error.
    pub fn from_list(format: Format, fill: V, coordinates: Coordinates<V>, listing: Listing) -> Result<Self, TensorError> {
        check_shape(&coordinates.shape, &format)?;
        coordinates.check()?;
        let Coordinates { shape, columns, values } = coordinates;
        let sizes = level_sizes(&shape, &format);
        let dropped = (listing == Listing::Components).then_some(fill);
        let (columns, values) = level_entries(&format, &sizes, dropped, columns, values)?;
        let (levels, mut values) = if format.batched() {
            let columns: Vec<&[usize]> = columns.iter().map(Vec::as_slice).collect();
            batch::assemble_batches(&format.levels, &sizes, format.batch_levels(), fill, &columns, &values)?
        } else {
            assemble::assemble(&format.levels, &sizes, fill, columns.into_iter().map(Cow::Owned).collect(), values)?
        };
        if format.pattern {
            // Every stored position is an entry (the last level is not
            // full), and a pattern's entries are 1 (`true`).
            values.iter_mut().for_each(|value| *value = fill.one());
        }
        Ok(Self { shape, format, fill, levels, values })
    }

    /// The stored entries with coordinates in dimension order, in storage
    /// order. Dense levels make the fill values they hold entries too.
    ///
    /// The tensor must be valid, as every tensor built here is: run
    /// [`Tensor::validate`] first on buffers from elsewhere, since reading
    /// broken ones may index out of bounds.
    pub fn coordinates(&self) -> Coordinates<V> {
        let mut coordinates = Coordinates::with_capacity(self.shape.clone(), self.values.len());
        self.for_each_entry(|point, value| coordinates.push(point, value));
        coordinates
    }

    /// Visits the entries of [`Tensor::coordinates`] in the same order,
    /// without gathering them: `visit` gets each one's coordinates in
    /// dimension order and its value.
    pub fn for_each_entry(&self, mut visit: impl FnMut(&[usize], V)) {
        let mut point = vec![0; self.shape.len()];
        if !self.format.is_blocked() {
            // Each level stores a whole dimension.
            return self.for_each_stored(|level_coordinates, value| {
                for (&coordinate, &dim) in level_coordinates.iter().zip(&self.format.dim_to_lvl) {
                    point[dim] = coordinate;
                }
                visit(&point, value);
            });
        }
        let parts = self.format.parts();
        let mut expanded = vec![0; self.format.levels.len()];
        self.for_each_stored(|level_coordinates, value| {
            for (&coordinate, &dim) in level_coordinates.iter().zip(&self.format.dim_to_lvl) {
                expanded[dim] = coordinate;
            }
            Format::collapse_into(&parts, &expanded, &mut point);
            visit(&point, value);
        });
    }

    /// Whether [`Tensor::for_each_entry`] visits entries in row-major order
    /// (duplicates aside): the levels store the dimensions in order, whole,
    /// each level ordered.
    pub fn stores_row_major(&self) -> bool {
        let in_order = self.format.dim_to_lvl.iter().enumerate().all(|(level, &dim)| level == dim);
        in_order && !self.format.is_blocked() && !self.format.batched() && self.format.levels.iter().all(|level| level.ordered)
    }

    /// [`Tensor::coordinates`] as (coordinates, value) pairs.
    pub fn entries(&self) -> Vec<(Vec<usize>, V)> {
        self.coordinates().entries()
    }

    /// [`Tensor::try_to_dense`], for tensors whose dense array fits in memory.
    ///
    /// # Panics
    /// When the dense array is too large to allocate.
    pub fn to_dense(&self) -> Vec<V> {
        self.try_to_dense().unwrap_or_else(|error| panic!("{error}"))
    }

    /// The row-major dense array over the dimensions, with the fill where
    /// nothing is stored, or the error that it is too large. Entries a
    /// nonunique format stores more than once add up. The tensor must be
    /// valid, as for [`Tensor::entries`].
    pub fn try_to_dense(&self) -> Result<Vec<V>, TensorError> {
        let size = self.shape.iter().try_fold(1usize, |product, &size| product.checked_mul(size));
        let mut dense = buffer::filled(Buffer::Dense, size, self.fill)?;
        if dense.is_empty() {
            // Nothing is stored, and the strides below could overflow.
            return Ok(dense);
        }
        // Each stride divides the size, so none overflows.
        let mut strides = vec![1; self.shape.len()];
        for dim in (1..self.shape.len()).rev() {
            strides[dim - 1] = strides[dim] * self.shape[dim];
        }
        // A block coordinate steps over a whole block of its dimension.
        let strides: Vec<usize> = self
            .format
            .parts()
            .into_iter()
            .map(|part| match part {
                DimPart::Block { dim, block } => strides[dim] * block,
                DimPart::Whole { dim } | DimPart::Offset { dim, .. } => strides[dim],
            })
            .collect();
        let index = |level_coordinates: &[usize]| -> usize {
            level_coordinates.iter().zip(&self.format.dim_to_lvl).map(|(&coordinate, &dim)| coordinate * strides[dim]).sum()
        };
        // Stored components start from the identity of addition (-0.0 for
        // reals: x + -0.0 is x for every x, -0.0 too), so that a value stored
        // once is itself and values stored more than once add up in storage
        // order.
        self.for_each_stored(|level_coordinates, value| dense[index(level_coordinates)] = value.sum_start());
        self.for_each_stored(|level_coordinates, value| {
            let component = &mut dense[index(level_coordinates)];
            *component = *component + value;
        });
        Ok(dense)
    }

    /// The same tensor, with the same fill, stored in `format`. The tensor
    /// must be valid, as for [`Tensor::entries`].
    pub fn convert(&self, format: &Format) -> Result<Self, TensorError> {
        Self::from_coordinates(format.clone(), self.fill, self.coordinates())
    }

    /// The number of stored values, including the fill values that levels
    /// storing whole ranges of coordinates hold (a dense level's every
    /// coordinate, the gaps inside a band).
    pub fn nnz(&self) -> usize {
        self.values.len()
    }

    /// Calls `visit` with the level coordinates and value of every stored
    /// position of the last level, in storage order.
    ///
    /// The walk is as long as the buffers are, except above an empty level:
    /// a dense `10^12 × 0` tensor stores nothing, yet a walk of its dense
    /// first level would take 10^12 steps. With no values there is nothing
    /// to visit.
    fn for_each_stored(&self, mut visit: impl FnMut(&[usize], V)) {
        if self.values.is_empty() {
            return;
        }
        if !self.format.batched() {
            return self.walk(&mut visit);
        }
        for (batch, inner) in self.batches() {
            let mut coordinates = batch.clone();
            inner.walk(&mut |below, value| {
                coordinates.truncate(batch.len());
                coordinates.extend_from_slice(below);
                visit(&coordinates, value);
            });
        }
    }

    /// [`Tensor::for_each_stored`] of a tensor that is not batched.
    fn walk(&self, visit: &mut dyn FnMut(&[usize], V)) {
        let sizes = level_sizes(&self.shape, &self.format);
        let mut coordinates = Vec::with_capacity(sizes.len());
        self.descend(&sizes, 0, &mut coordinates, visit);
    }

    /// Visits the subtree under `position` of the level above `level`, whose
    /// coordinates down to there are `coordinates`.
    fn descend(&self, sizes: &[usize], position: usize, coordinates: &mut Vec<usize>, visit: &mut dyn FnMut(&[usize], V)) {
        let level = coordinates.len();
        let Some(storage) = self.levels.get(level) else {
            visit(coordinates, self.values[position]);
            return;
        };
        let stored = stored_level(storage.kind);
        let context = LevelContext { index: level, level: self.format.levels[level], size: sizes[level] };
        stored.children(&context, &storage.buffers, position, &mut |child, coordinate| {
            coordinates.push(coordinate);
            self.descend(sizes, child, coordinates, visit);
            coordinates.pop();
        });
    }
}

/// The entries of a list with dimension coordinates `columns` and `values`,
/// as assembly takes them: one column per level (of `sizes`), sorted in
/// level order, duplicates combined where `format` is unique, and entries
/// equal to `dropped` (the fill, where the list holds components) dropped.
fn level_entries<V: Scalar>(
    format: &Format,
    sizes: &[usize],
    dropped: Option<V>,
    mut columns: Vec<Vec<usize>>,
    mut values: Vec<V>,
) -> Result<(Vec<Vec<usize>>, Vec<V>), TensorError> {
    let parts = format.parts();
    // A level of a whole dimension takes its column; a dimension in blocks
    // has no such level, so its column is still there for both its parts.
    let mut level_columns: Vec<Vec<usize>> = format
        .dim_to_lvl
        .iter()
        .map(|&expanded| match parts[expanded] {
            DimPart::Whole { dim } => std::mem::take(&mut columns[dim]),
            part => columns[part.dim()].iter().map(|&coordinate| part.of(coordinate)).collect(),
        })
        .collect();
    drop(columns);
    let order = {
        let slices: Vec<&[usize]> = level_columns.iter().map(Vec::as_slice).collect();
        crate::sort::lexicographic_order(&slices, sizes, values.len())
    };
    if let Some(order) = order {
        crate::sort::apply_order(order, &mut level_columns, &mut values);
    }
    // Combine duplicates and drop the fill in place: `kept` entries are done.
    let unique = format.is_unique();
    let mut kept = 0;
    let mut entry = 0;
    while entry < values.len() {
        let same = |a: usize, b: usize| level_columns.iter().all(|column| column[a] == column[b]);
        let mut end = entry + 1;
        while unique && end < values.len() && same(entry, end) {
            end += 1;
        }
        if end > entry + 1 {
            values[entry] = V::sum_of_duplicates(&values[entry..end]).map_err(|sum| TensorError::DuplicateSum { sum })?;
        }
        if kept > 0 && Some(values[kept - 1]) == dropped {
            // The previous coordinate is complete and holds the fill.
            kept -= 1;
        }
        if kept != entry {
            for column in &mut level_columns {
                column[kept] = column[entry];
            }
            values[kept] = values[entry];
        }
        kept += 1;
        entry = end;
    }
    if kept > 0 && Some(values[kept - 1]) == dropped {
        kept -= 1;
    }
    for column in &mut level_columns {
        column.truncate(kept);
    }
    values.truncate(kept);
    Ok((level_columns, values))
}

/// Checks that `format` is valid, that `shape` has its rank, that every
/// dimension size fits a kernel's index, and that a dimension stored in
/// blocks is a whole number of blocks.
fn check_shape(shape: &[usize], format: &Format) -> Result<(), TensorError> {
    format.validate()?;
    if shape.len() != format.dims() {
        return Err(TensorError::Rank { shape: shape.len(), dims: format.dims() });
    }
    if let Some(dim) = shape.iter().position(|&size| size > MAX_SIZE) {
        return Err(TensorError::Dimension { dim, size: shape[dim] });
    }
    format.expand_shape(shape)?;
    Ok(())
}

/// The size of every level: the size of the (expanded) dimension it stores.
fn level_sizes(shape: &[usize], format: &Format) -> Vec<usize> {
    let parts = format.parts();
    format.dim_to_lvl.iter().map(|&dim| parts[dim].size(shape[parts[dim].dim()])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::random_entries;
    use crate::tensor::test_levels::{band, compressed, dense, singleton};
    use crate::Level;

    #[test]
    fn a_tensor_takes_the_callers_buffers_without_a_copy_when_they_are_valid() {
        let (pos, crd, values) = (vec![0, 2, 2, 3], vec![0, 3, 1], vec![1.0, 2.0, 3.0]);
        let (pos_data, values_data) = (pos.as_ptr(), values.as_ptr());
        let levels = vec![LevelStorage::new(LevelKind::Dense, Vec::new()), LevelStorage::new(LevelKind::Compressed, vec![pos, crd])];
        let tensor = Tensor::from_buffers(vec![3, 4], Format::csr(), 0.0, levels, values).unwrap();
        assert_eq!((tensor.levels[1].buffers[0].as_ptr(), tensor.values.as_ptr()), (pos_data, values_data));
        assert_eq!(tensor.entries(), [(vec![0, 0], 1.0), (vec![0, 3], 2.0), (vec![2, 1], 3.0)]);
        let unsorted = vec![
            LevelStorage::new(LevelKind::Dense, Vec::new()),
            LevelStorage::new(LevelKind::Compressed, vec![vec![0, 2, 2, 3], vec![3, 0, 1]]),
        ];
        assert!(Tensor::from_buffers(vec![3, 4], Format::csr(), 0.0, unsorted, vec![1.0, 2.0, 3.0]).is_err());
    }

    #[test]
    fn an_empty_level_under_a_huge_dense_one_is_walked_at_once() {
        for format in [Format::dense(2), Format::csc()] {
            let tensor = Tensor::from_entries(vec![1_000_000_000_000, 0], format, 0.0, Vec::new()).unwrap();
            assert_eq!(tensor.validate(), Ok(()));
            assert!(tensor.entries().is_empty());
            assert_eq!(tensor.try_to_dense(), Ok(Vec::new()));
        }
    }

    /// The row-major dense array of `entries` computed directly: duplicates
    /// add up, everything else is `fill`.
    fn dense_of(shape: &[usize], fill: f64, entries: &[(Vec<usize>, f64)]) -> Vec<f64> {
        let mut dense = vec![None; shape.iter().product()];
        for (coordinates, value) in entries {
            let index = coordinates.iter().zip(shape).fold(0, |index, (&c, &size)| index * size + c);
            dense[index] = Some(dense[index].unwrap_or(0.0) + value);
        }
        dense.into_iter().map(|value| value.unwrap_or(fill)).collect()
    }

    /// Dense rows of column bands, which store the fill in the gaps inside
    /// each band.
    fn row_bands() -> Format {
        Format::new(vec![Level::dense(), Level::new(LevelKind::Band)], vec![0, 1]).unwrap()
    }

    /// Dense columns of row bands.
    fn column_bands() -> Format {
        Format::new(vec![Level::dense(), Level::new(LevelKind::Band)], vec![1, 0]).unwrap()
    }

    /// Compressed rows of variable blocks, compressed blocks of dense rows,
    /// bytemap rows of bytemaps, dense columns of bytemaps, hashed columns of
    /// hashed rows, dense rows of runs, and runs of compressed columns.
    fn block_formats() -> [Format; 7] {
        let blocks = Level::new(LevelKind::VariableBlock);
        let bytemap = Level::new(LevelKind::Bytemap);
        let hash = Level::new(LevelKind::Hash);
        let runs = Level::new(LevelKind::RunLength);
        [
            Format::new(vec![Level::compressed(), blocks], vec![0, 1]).unwrap(),
            Format::new(vec![blocks, Level::dense()], vec![0, 1]).unwrap(),
            Format::new(vec![bytemap, bytemap], vec![0, 1]).unwrap(),
            Format::new(vec![Level::dense(), bytemap], vec![1, 0]).unwrap(),
            Format::new(vec![hash, hash], vec![1, 0]).unwrap(),
            Format::new(vec![Level::dense(), runs], vec![0, 1]).unwrap(),
            Format::new(vec![runs, Level::compressed()], vec![1, 0]).unwrap(),
        ]
    }

    /// COO whose leading level is loose.
    fn loose_coo() -> Format {
        let loose = Level { unique: false, ..Level::new(LevelKind::LooseCompressed) };
        Format::new(vec![loose, Level::singleton()], vec![0, 1]).unwrap()
    }

    fn matrix_formats() -> Vec<Format> {
        let mut formats = vec![
            Format::dense(2),
            Format::csr(),
            Format::csc(),
            Format::coo(2),
            Format::dcsr(),
            Format::csf(2),
            row_bands(),
            column_bands(),
            loose_coo(),
        ];
        formats.extend(block_formats());
        formats
    }

    /// The 3x4 matrix [[0 1 0 2] [0 0 0 0] [3 0 0 4]].
    fn small_entries() -> Vec<(Vec<usize>, f64)> {
        vec![(vec![2, 3], 4.0), (vec![0, 1], 1.0), (vec![2, 0], 3.0), (vec![0, 3], 2.0)]
    }

    #[test]
    fn small_matrix_has_the_exact_buffers_of_each_format() {
        let build = |format| Tensor::from_entries(vec![3, 4], format, 0.0, small_entries()).unwrap();
        let csr = build(Format::csr());
        assert_eq!(csr.levels, [dense(), compressed(&[0, 2, 2, 4], &[1, 3, 0, 3])]);
        assert_eq!(csr.values, [1.0, 2.0, 3.0, 4.0]);

        let csc = build(Format::csc());
        assert_eq!(csc.levels, [dense(), compressed(&[0, 1, 2, 2, 4], &[2, 0, 0, 2])]);
        assert_eq!(csc.values, [3.0, 1.0, 2.0, 4.0]);

        let loose = Format::new(vec![Level::dense(), Level::new(LevelKind::LooseCompressed)], vec![0, 1]).unwrap();
        let loose = build(loose);
        let loose_level = LevelStorage::new(LevelKind::LooseCompressed, vec![vec![0, 2, 2, 2, 2, 4], vec![1, 3, 0, 3]]);
        assert_eq!(loose.levels, [dense(), loose_level]);
        assert_eq!(loose.values, [1.0, 2.0, 3.0, 4.0]);

        let dcsr = build(Format::dcsr());
        assert_eq!(dcsr.levels, [compressed(&[0, 2], &[0, 2]), compressed(&[0, 2, 4], &[1, 3, 0, 3])]);

        let coo = build(Format::coo(2));
        assert_eq!(coo.levels, [compressed(&[0, 4], &[0, 0, 2, 2]), singleton(&[1, 3, 0, 3])]);
        assert_eq!(coo.values, [1.0, 2.0, 3.0, 4.0]);

        let array = build(Format::dense(2));
        assert_eq!(array.levels, [dense(), dense()]);
        assert_eq!(array.values, [0.0, 1.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0, 3.0, 0.0, 0.0, 4.0]);
        assert_eq!(array.nnz(), 12);

        // Dense columns under compressed rows materialize whole rows.
        let rows = Format::new(vec![Level::compressed(), Level::dense()], vec![0, 1]).unwrap();
        let rows = build(rows);
        assert_eq!(rows.levels, [compressed(&[0, 2], &[0, 2]), dense()]);
        assert_eq!(rows.values, [0.0, 1.0, 0.0, 2.0, 3.0, 0.0, 0.0, 4.0]);

        // A band spans its row's first to last entry; the empty row's starts at 0.
        let row_bands = build(row_bands());
        assert_eq!(row_bands.levels, [dense(), band(&[0, 3, 3, 7], &[1, 0, 0])]);
        assert_eq!(row_bands.values, [1.0, 0.0, 2.0, 3.0, 0.0, 0.0, 4.0]);
        assert_eq!(row_bands.nnz(), 7);

        let column_bands = build(column_bands());
        assert_eq!(column_bands.levels, [dense(), band(&[0, 1, 2, 2, 5], &[2, 0, 0, 0])]);
        assert_eq!(column_bands.values, [3.0, 1.0, 2.0, 0.0, 4.0]);
    }

    #[test]
    fn every_format_stores_random_matrices_faithfully() {
        for (seed, shape, density) in [(1, [7, 5], 0.3), (2, [1, 9], 0.5), (3, [6, 1], 1.0), (4, [8, 8], 0.05)] {
            let entries = random_entries(&shape, density, seed).entries();
            let expected = dense_of(&shape, 0.0, &entries);
            for format in matrix_formats() {
                let tensor = Tensor::from_entries(shape.to_vec(), format.clone(), 0.0, entries.clone()).unwrap();
                assert_eq!(tensor.validate(), Ok(()), "{format:?}");
                assert_eq!(tensor.to_dense(), expected, "{format:?}");
                let stored_again = Tensor::from_entries(shape.to_vec(), format.clone(), 0.0, tensor.entries()).unwrap();
                assert_eq!(stored_again, tensor, "{format:?}");
                // Dense levels, bytemaps, runs and the gaps inside bands store
                // fill values too; the other kinds store entries only.
                let entries_only = |kind| {
                    matches!(
                        kind,
                        LevelKind::Compressed
                            | LevelKind::LooseCompressed
                            | LevelKind::Singleton
                            | LevelKind::VariableBlock
                            | LevelKind::Hash
                    )
                };
                if format.levels.iter().all(|level| entries_only(level.kind)) {
                    let nonzeros = entries.iter().filter(|(_, value)| *value != 0.0).count();
                    assert_eq!(tensor.nnz(), nonzeros, "{format:?}");
                }
            }
        }
    }

    #[test]
    fn higher_rank_formats_and_permutations_store_random_tensors_faithfully() {
        let shape = [4, 3, 5];
        let entries = random_entries(&shape, 0.25, 7).entries();
        let expected = dense_of(&shape, 0.0, &entries);
        let mixed = Format::new(vec![Level::dense(), Level::compressed_nonunique(), Level::singleton()], vec![2, 0, 1]);
        let formats = [Format::dense(3), Format::coo(3), Format::csf(3), mixed.unwrap()];
        for format in formats {
            let tensor = Tensor::from_entries(shape.to_vec(), format.clone(), 0.0, entries.clone()).unwrap();
            assert_eq!(tensor.validate(), Ok(()), "{format:?}");
            assert_eq!(tensor.to_dense(), expected, "{format:?}");
        }
    }

    #[test]
    fn blocked_formats_store_whole_blocks_and_need_whole_blocks() {
        // BSR with 2 × 3 blocks, block-major and, inside, column-major.
        let parts = [
            DimPart::Block { dim: 0, block: 2 },
            DimPart::Block { dim: 1, block: 3 },
            DimPart::Offset { dim: 1, block: 3 },
            DimPart::Offset { dim: 0, block: 2 },
        ];
        let levels = vec![Level::dense(), Level::compressed(), Level::dense(), Level::dense()];
        let bsr = Format::from_parts(levels, &parts, 2).unwrap();
        let shape = [6, 9];
        let entries = random_entries(&shape, 0.15, 11).entries();
        let tensor = Tensor::from_entries(shape.to_vec(), bsr.clone(), 0.0, entries.clone()).unwrap();
        assert_eq!(tensor.validate(), Ok(()));
        assert_eq!(tensor.to_dense(), dense_of(&shape, 0.0, &entries));
        let blocks: std::collections::BTreeSet<_> =
            entries.iter().filter(|entry| entry.1 != 0.0).map(|(c, _)| (c[0] / 2, c[1] / 3)).collect();
        assert_eq!(tensor.nnz(), blocks.len() * 6, "every stored block is whole");
        assert_eq!(Tensor::from_entries(shape.to_vec(), bsr.clone(), 0.0, tensor.entries()).unwrap(), tensor);
        assert_eq!(
            Tensor::from_entries(vec![6, 8], bsr, 0.0, vec![]),
            Err(TensorError::Format(FormatError::BlockSize { dim: 1, size: 8, block: 3 }))
        );
    }

    #[test]
    fn structured_levels_store_n_coordinates_of_every_m() {
        // Upstream's sparse_ds.mlir matrix in 2:4: every group of four
        // columns holds two entries, so the coordinates are those entries'.
        let parts = [DimPart::Whole { dim: 0 }, DimPart::Block { dim: 1, block: 4 }, DimPart::Offset { dim: 1, block: 4 }];
        let nv24 = Format::from_parts(vec![Level::dense(), Level::dense(), Level::structured(2, 4)], &parts, 2).unwrap();
        let columns = [[2, 3, 5, 7], [1, 2, 4, 7], [0, 2, 4, 5]];
        let entries: Vec<_> = columns
            .iter()
            .enumerate()
            .flat_map(|(i, row)| row.iter().map(move |&j| vec![i, j]))
            .zip(1..)
            .map(|(c, v)| (c, v as f64))
            .collect();
        let tensor = Tensor::from_entries(vec![3, 8], nv24.clone(), 0.0, entries.clone()).unwrap();
        assert_eq!(tensor.levels[2].buffers, [vec![2, 3, 1, 3, 1, 2, 0, 3, 0, 2, 0, 1]]);
        assert_eq!(tensor.values, (1..=12).map(f64::from).collect::<Vec<_>>());
        assert_eq!(tensor.validate(), Ok(()));
        // A group with fewer entries stores the fill at its lowest free
        // coordinates; an empty group at 0 and 1.
        let sparse = Tensor::from_entries(vec![1, 8], nv24.clone(), 0.0, vec![(vec![0, 3], 5.0)]).unwrap();
        assert_eq!((sparse.levels[2].buffers.clone(), sparse.values.clone()), (vec![vec![0, 3, 0, 1]], vec![0.0, 5.0, 0.0, 0.0]));
        assert_eq!(sparse.entries().into_iter().filter(|entry| entry.1 != 0.0).collect::<Vec<_>>(), [(vec![0, 3], 5.0)]);
        let crowded = vec![(vec![0, 0], 1.0), (vec![0, 1], 2.0), (vec![0, 2], 3.0)];
        assert_eq!(
            Tensor::from_entries(vec![1, 8], nv24, 0.0, crowded),
            Err(TensorError::TooManyInBlock { level: 2, parent: 0, n: 2, m: 4, found: 3 })
        );
    }

    #[test]
    fn a_pattern_stores_its_entries_as_ones() {
        let pattern = Format { pattern: true, ..Format::csr() };
        let tensor = Tensor::from_entries(vec![3, 4], pattern, 0.0, small_entries()).unwrap();
        assert_eq!(tensor.values, [1.0; 4]);
        assert_eq!(tensor.entries().iter().map(|entry| entry.0.clone()).collect::<Vec<_>>(), [[0, 1], [0, 3], [2, 0], [2, 3]]);
        assert_eq!(tensor.validate(), Ok(()));
    }

    #[test]
    fn entries_come_back_in_storage_order_with_dimension_coordinates() {
        let csc = Tensor::from_entries(vec![3, 4], Format::csc(), 0.0, small_entries()).unwrap();
        assert_eq!(csc.entries(), [(vec![2, 0], 3.0), (vec![0, 1], 1.0), (vec![0, 3], 2.0), (vec![2, 3], 4.0)]);
    }

    #[test]
    fn duplicates_add_up_in_unique_formats_and_stay_in_nonunique_ones() {
        let entries = vec![(vec![1, 2], 1.5), (vec![0, 0], 1.0), (vec![1, 2], 2.25), (vec![1, 2], -0.5)];
        let csr = Tensor::from_entries(vec![2, 3], Format::csr(), 0.0, entries.clone()).unwrap();
        assert_eq!(csr.entries(), [(vec![0, 0], 1.0), (vec![1, 2], 3.25)]);
        let coo = Tensor::from_entries(vec![2, 3], Format::coo(2), 0.0, entries.clone()).unwrap();
        assert_eq!(coo.entries(), [(vec![0, 0], 1.0), (vec![1, 2], 3.25)]);

        let nonunique = Level { unique: false, ..Level::singleton() };
        let nonunique_coo = Format::new(vec![Level::compressed_nonunique(), nonunique], vec![0, 1]).unwrap();
        let kept = Tensor::from_entries(vec![2, 3], nonunique_coo, 0.0, entries.clone()).unwrap();
        assert_eq!(kept.validate(), Ok(()));
        assert_eq!(kept.entries(), [(vec![0, 0], 1.0), (vec![1, 2], 1.5), (vec![1, 2], 2.25), (vec![1, 2], -0.5)]);
        assert_eq!(kept.to_dense(), dense_of(&[2, 3], 0.0, &entries));
        assert_eq!(kept.convert(&Format::csr()).unwrap(), csr);
    }

    #[test]
    fn entries_equal_to_the_fill_are_dropped() {
        let entries = vec![(vec![0], 0.0), (vec![1], 5.0), (vec![2], 2.0), (vec![2], -2.0), (vec![3], 7.0)];
        let vector = Tensor::from_entries(vec![4], Format::csf(1), 0.0, entries.clone()).unwrap();
        assert_eq!(vector.levels, [compressed(&[0, 2], &[1, 3])]);
        assert_eq!(vector.values, [5.0, 7.0]);

        let fill_five = Tensor::from_entries(vec![4], Format::csf(1), 5.0, entries).unwrap();
        assert_eq!(fill_five.entries(), [(vec![0], 0.0), (vec![2], 0.0), (vec![3], 7.0)]);
        assert_eq!(fill_five.to_dense(), [0.0, 5.0, 0.0, 7.0]);
        let dense = fill_five.convert(&Format::dense(1)).unwrap();
        assert_eq!(dense.values, [0.0, 5.0, 0.0, 7.0]);
        assert_eq!(dense.convert(&Format::csf(1)).unwrap(), fill_five);
    }

    #[test]
    fn listed_entries_equal_to_the_fill_are_stored() {
        let entries = vec![(vec![0], 0.0), (vec![1], 5.0), (vec![2], 2.0), (vec![2], -2.0), (vec![3], -0.0)];
        let list = Coordinates::from_entries(vec![5], entries).unwrap();
        let vector = Tensor::from_list(Format::csf(1), 0.0, list.clone(), Listing::Entries).unwrap();
        assert_eq!(vector.levels, [compressed(&[0, 4], &[0, 1, 2, 3])]);
        assert_eq!(vector.values, [0.0, 5.0, 0.0, -0.0]);
        // A dense level stores every component whatever the listing.
        let dense = Tensor::from_list(Format::dense(1), 0.0, list.clone(), Listing::Entries).unwrap();
        assert_eq!(dense.values, [0.0, 5.0, 0.0, -0.0, 0.0]);
        let components = Tensor::from_list(Format::csf(1), 0.0, list, Listing::Components).unwrap();
        assert_eq!(components.values, [5.0]);
    }

    #[test]
    fn conversions_round_trip_between_every_pair_of_formats() {
        let shape = [6, 4];
        let entries = random_entries(&shape, 0.4, 11).entries();
        let tensors: Vec<Tensor> = matrix_formats()
            .into_iter()
            .map(|format| Tensor::from_entries(shape.to_vec(), format, 1.0, entries.clone()).unwrap())
            .collect();
        for source in &tensors {
            for target in &tensors {
                let converted = source.convert(&target.format).unwrap();
                assert_eq!(&converted, target, "{:?} to {:?}", source.format, target.format);
                assert_eq!(converted.convert(&source.format).unwrap(), *source);
            }
        }
    }

    #[test]
    fn empty_tensors_scalars_and_single_elements() {
        for format in matrix_formats() {
            let empty = Tensor::from_entries(vec![0, 3], format.clone(), 0.0, vec![]).unwrap();
            assert_eq!(empty.validate(), Ok(()));
            assert_eq!((empty.nnz(), empty.to_dense(), empty.entries()), (0, vec![], vec![]));

            let no_entries = Tensor::from_entries(vec![2, 2], format.clone(), 3.0, vec![]).unwrap();
            assert_eq!(no_entries.validate(), Ok(()));
            assert_eq!(no_entries.to_dense(), [3.0; 4]);

            let single = Tensor::from_entries(vec![1, 1], format.clone(), 0.0, vec![(vec![0, 0], 2.5)]).unwrap();
            assert_eq!(single.validate(), Ok(()));
            assert_eq!((single.values.clone(), single.entries()), (vec![2.5], vec![(vec![0, 0], 2.5)]));
        }
        let scalar = Tensor::from_entries(vec![], Format::dense(0), 0.0, vec![(vec![], 4.0), (vec![], 0.5)]).unwrap();
        assert_eq!(scalar.validate(), Ok(()));
        assert_eq!((scalar.values.clone(), scalar.to_dense()), (vec![4.5], vec![4.5]));
        let zero = Tensor::from_entries(vec![], Format::coo(0), 1.0, vec![]).unwrap();
        assert_eq!(zero.entries(), [(vec![], 1.0)]);
    }

    #[test]
    fn from_entries_rejects_bad_shapes_coordinates_and_formats() {
        let build = |shape: Vec<usize>, format, entries| Tensor::from_entries(shape, format, 0.0, entries);
        assert_eq!(build(vec![3], Format::csr(), vec![]), Err(TensorError::Rank { shape: 1, dims: 2 }));
        assert_eq!(
            build(vec![3, 4], Format::csr(), vec![(vec![0, 0], 1.0), (vec![3, 0], 1.0)]),
            Err(TensorError::Coordinate(CoordinateError::OutOfRange { entry: 1, dim: 0, coordinate: 3, size: 3 }))
        );
        assert_eq!(
            build(vec![3, 4], Format::csr(), vec![(vec![0, 0, 0], 1.0)]),
            Err(TensorError::Coordinate(CoordinateError::Rank { entry: 0, found: 3, rank: 2 }))
        );
        let broken = Format { levels: vec![Level::singleton()], dim_to_lvl: vec![0], blocks: vec![1], pattern: false };
        assert_eq!(build(vec![3], broken, vec![]), Err(TensorError::Format(FormatError::LeadingSingleton)));
        let huge = build(vec![MAX_SIZE, 3], Format::dense(2), vec![]);
        assert_eq!(huge, Err(TensorError::TooLarge { level: 1 }));
        assert_eq!(huge.unwrap_err().to_string(), "level 1: the dense levels down to here have more than usize::MAX positions");
    }

    #[test]
    fn dimensions_a_signed_64_bit_index_cannot_hold_are_errors() {
        let error = Tensor::from_entries(vec![2, MAX_SIZE + 1], Format::dcsr(), 0.0, vec![]).unwrap_err();
        assert_eq!(error, TensorError::Dimension { dim: 1, size: 1 << 63 });
        assert_eq!(
            error.to_string(),
            "dimension 1 has size 9223372036854775808, more than 9223372036854775807, \
             the largest size a kernel's signed 64-bit index holds"
        );
        let widest = Tensor::from_entries(vec![2, MAX_SIZE], Format::dcsr(), 0.0, vec![(vec![1, MAX_SIZE - 1], 1.0)]);
        assert_eq!(widest.unwrap().entries(), [(vec![1, MAX_SIZE - 1], 1.0)]);
    }

    #[test]
    fn dense_arrays_too_large_to_count_or_allocate_are_errors() {
        let sparse = |shape| Tensor::from_entries(shape, Format::dcsr(), 0.0, vec![(vec![0, 0], 1.0)]).unwrap();
        let uncountable = sparse(vec![1 << 40, 1 << 30]).try_to_dense();
        assert_eq!(uncountable, Err(TensorError::Buffer(BufferError::Overflow { buffer: Buffer::Dense })));
        let unindexable = sparse(vec![1 << 40, 1 << 23]).try_to_dense();
        let error = BufferError::Unindexable { buffer: Buffer::Dense, elements: 1 << 63 };
        assert_eq!(unindexable, Err(TensorError::Buffer(error)));
        // Strides of an empty array may overflow; it has no components to place.
        let empty = Tensor::from_entries(vec![0, 1 << 40, 1 << 40], Format::csf(3), 2.0, vec![]).unwrap();
        assert_eq!(empty.try_to_dense(), Ok(vec![]));
    }

    #[test]
    fn dense_arrays_keep_the_sign_of_stored_zeros() {
        let entries = vec![(vec![0], -0.0), (vec![1], 0.0), (vec![2], -0.0), (vec![2], 0.0)];
        let nonunique = Format::new(vec![Level::compressed_nonunique()], vec![0]).unwrap();
        let tensor = Tensor::from_entries(vec![4], nonunique, 1.0, entries).unwrap();
        let bits: Vec<u64> = tensor.to_dense().into_iter().map(f64::to_bits).collect();
        assert_eq!(bits, [(-0.0f64).to_bits(), 0.0f64.to_bits(), 0.0f64.to_bits(), 1.0f64.to_bits()]);
    }
}
