//! Tensor formats: the levels, and which dimension each level stores.
//!
//! A format is TACO's level formats with MLIR's `dim_to_lvl` map: the tensor
//! is a tree whose level `l` holds coordinates of dimension `dim_to_lvl[l]`.
//! A dimension may be stored in blocks (upstream's BSR, `i floordiv 2` and
//! `i mod 2`): it then counts as two *expanded* dimensions, the block and the
//! offset in the block, and `dim_to_lvl` permutes the expanded dimensions.
//! [`Format::validate`] is the one structure check of the project: the
//! encoding verifier and the runtime both call it, and what it accepts has one
//! unambiguous storage for any set of entries.

use crate::level::{Level, LevelBuffer, LevelKind};

/// A format that breaks one of the storage scheme's rules.
/// The most levels a format has, so the most dimensions a tensor has: far
/// beyond what sparse tensors use, and low enough that walking a tensor
/// level by level stays within a thread's stack.
pub const MAX_LEVELS: usize = 64;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    #[error("the format has {0} levels, more than the {MAX_LEVELS} a format may have")]
    TooManyLevels(usize),
    #[error("the format has {levels} levels but dim_to_lvl maps {dims} dimensions")]
    LevelCount { levels: usize, dims: usize },
    #[error("dim_to_lvl {0:?} is not a permutation of the dimensions")]
    NotPermutation(Vec<usize>),
    #[error("dimension {dim} is stored in blocks of {block}; a block holds at least 2 coordinates")]
    Block { dim: usize, block: usize },
    #[error("dimension {dim} is not stored whole once, or as `floordiv {block}` and `mod {block}` once each")]
    Parts { dim: usize, block: usize },
    #[error("level {level} stores {n} of every {m} coordinates, so it must store a dimension's offset in blocks of {m} (`d mod {m}`)")]
    Structured { level: usize, n: u32, m: u32 },
    #[error("a pattern leaf stores no values, so it must follow a level that stores only its entries, not {0} (whose stored fill values would read as 1)")]
    PatternBelowFills(LevelKind),
    #[error("dimension {dim} has size {size}, which is not a multiple of its block size {block}")]
    BlockSize { dim: usize, size: usize, block: usize },
    #[error("level {level} is {kind}, which cannot be {property}")]
    Property { level: usize, kind: LevelKind, property: &'static str },
    #[error("level {level} has {width}-bit buffers; widths are 8, 16, 32 or 64")]
    Width { level: usize, width: u32 },
    #[error("level 0 is a singleton, but a singleton level needs a parent level")]
    LeadingSingleton,
    #[error("singleton level {0} must follow a nonunique compressed or singleton level")]
    SingletonParent(usize),
    #[error("level {0} follows a nonunique or singleton level, so it must be a singleton: COO levels come last")]
    NotSingleton(usize),
    #[error("level {0} is a batch level, so it must store a whole dimension and every level above it must be a batch level too")]
    Batch(usize),
    #[error(
        "level {0} locates through a table sized by its entries, which cannot be stored once per batch: no batch level may be above it"
    )]
    BatchedTable(usize),
}

/// A tensor's storage format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Format {
    pub levels: Vec<Level>,
    /// `dim_to_lvl[l]` is the expanded dimension that level `l` stores.
    pub dim_to_lvl: Vec<usize>,
    /// Per dimension of the tensor, 1 when it is stored whole, or the size
    /// `b` of its blocks: then it is the two expanded dimensions `x floordiv b`
    /// and `x mod b`, in this order.
    pub blocks: Vec<usize>,
    /// Finch's `Pattern` leaf: no values are stored, and every stored
    /// position holds 1 (`true`), the rest the fill.
    pub pattern: bool,
}

/// What an expanded dimension is of the tensor's dimension `dim`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DimPart {
    /// The coordinate itself.
    Whole { dim: usize },
    /// `x floordiv block`: which block.
    Block { dim: usize, block: usize },
    /// `x mod block`: the offset in the block.
    Offset { dim: usize, block: usize },
}

impl Format {
    /// A format from its parts, checked by [`Format::validate`].
    pub fn new(levels: Vec<Level>, dim_to_lvl: Vec<usize>) -> Result<Self, FormatError> {
        let blocks = vec![1; dim_to_lvl.len()];
        let format = Self { levels, dim_to_lvl, blocks, pattern: false };
        format.validate()?;
        Ok(format)
    }

    /// A format whose level `l` stores `parts[l]` of a tensor of `rank`
    /// dimensions: each dimension whole once, or its block and its offset
    /// once each, with the same block size.
    pub fn from_parts(levels: Vec<Level>, parts: &[DimPart], rank: usize) -> Result<Self, FormatError> {
        let mut blocks = vec![0; rank];
        for &part in parts {
            let (dim, block) = (part.dim(), part.block());
            if dim >= rank {
                return Err(FormatError::NotPermutation(parts.iter().map(|part| part.dim()).collect()));
            }
            if block < 2 && !matches!(part, DimPart::Whole { .. }) {
                return Err(FormatError::Block { dim, block });
            }
            if blocks[dim] != 0 && blocks[dim] != block {
                return Err(FormatError::Parts { dim, block });
            }
            blocks[dim] = block;
        }
        if let Some(dim) = blocks.iter().position(|&block| block == 0) {
            return Err(FormatError::Parts { dim, block: 1 });
        }
        let shell = Self { levels: Vec::new(), dim_to_lvl: Vec::new(), blocks, pattern: false };
        let expanded = shell.parts();
        if let Some(missing) = expanded.iter().find(|part| parts.iter().filter(|candidate| candidate == part).count() != 1) {
            return Err(FormatError::Parts { dim: missing.dim(), block: missing.block() });
        }
        let mut dim_to_lvl = Vec::with_capacity(parts.len());
        for part in parts {
            let index = expanded.iter().position(|candidate| candidate == part).ok_or(FormatError::Parts { dim: part.dim(), block: 1 })?;
            dim_to_lvl.push(index);
        }
        let format = Self { levels, dim_to_lvl, ..shell };
        format.validate()?;
        Ok(format)
    }

    /// Checks that `dim_to_lvl` is a permutation of the expanded dimensions
    /// and that every level can be
    /// stored: a level is nonunique or unordered only if its kind may be, its
    /// buffer widths are 8, 16, 32 or 64 bits, a branchless level (singleton)
    /// follows a nonunique level, and only branchless levels follow a
    /// nonunique or branchless level. So the COO levels (a nonunique level and
    /// its singletons) come last, every stored entry has its own position on
    /// them, and whether the last level is unique says whether a coordinate
    /// may repeat.
    pub fn validate(&self) -> Result<(), FormatError> {
        if self.levels.len() > MAX_LEVELS {
            return Err(FormatError::TooManyLevels(self.levels.len()));
        }
        if let Some(dim) = self.blocks.iter().position(|&block| block == 0) {
            return Err(FormatError::Block { dim, block: 0 });
        }
        let rank = self.levels.len();
        let parts = self.parts();
        if self.dim_to_lvl.len() != rank || parts.len() != rank {
            return Err(FormatError::LevelCount { levels: rank, dims: self.dim_to_lvl.len().max(parts.len()) });
        }
        let mut seen = vec![false; rank];
        for &dim in &self.dim_to_lvl {
            if dim >= rank || std::mem::replace(&mut seen[dim], true) {
                return Err(FormatError::NotPermutation(self.dim_to_lvl.clone()));
            }
        }
        for (index, level) in self.levels.iter().enumerate() {
            let capabilities = level.capabilities();
            for (holds, property) in [(level.unique, "nonunique"), (level.ordered, "unordered")] {
                if !holds && !capabilities.properties.contains(&property) {
                    return Err(FormatError::Property { level: index, kind: level.kind, property });
                }
            }
            if let Some(width) = [level.pos_width, level.crd_width].into_iter().find(|width| ![8, 16, 32, 64].contains(width)) {
                return Err(FormatError::Width { level: index, width });
            }
            // (A whole dimension, as in the split view of one, must have size
            // `m`, which only the tensor's shape tells.)
            if let Some((n, m)) = level.n_of_m {
                match parts[self.dim_to_lvl[index]] {
                    DimPart::Whole { .. } => {}
                    DimPart::Offset { block, .. } if block == m as usize => {}
                    _ => return Err(FormatError::Structured { level: index, n, m }),
                }
            }
            let batch_above = index.checked_sub(1).is_none_or(|parent| self.levels[parent].capabilities().batches);
            if capabilities.batches && (!batch_above || !matches!(parts[self.dim_to_lvl[index]], DimPart::Whole { .. })) {
                return Err(FormatError::Batch(index));
            }
            // Each batch's part of a buffer is padded to one length, which a
            // table whose length its probe reads cannot be.
            if level.buffers().contains(&LevelBuffer::Table) && self.levels[..index].iter().any(|above| above.capabilities().batches) {
                return Err(FormatError::BatchedTable(index));
            }
            let Some(parent) = index.checked_sub(1).map(|parent| self.levels[parent]) else {
                if capabilities.branchless {
                    return Err(FormatError::LeadingSingleton);
                }
                continue;
            };
            let in_coo = !parent.unique || parent.capabilities().branchless;
            if capabilities.branchless && parent.unique {
                return Err(FormatError::SingletonParent(index));
            }
            if in_coo && !capabilities.branchless {
                return Err(FormatError::NotSingleton(index));
            }
        }
        match self.levels.last() {
            Some(last) if self.pattern && !last.stores_only_entries() => Err(FormatError::PatternBelowFills(last.kind)),
            None if self.pattern => Err(FormatError::PatternBelowFills(LevelKind::Dense)),
            _ => Ok(()),
        }
    }

    /// The number of levels, which is also the number of expanded dimensions.
    pub fn rank(&self) -> usize {
        self.levels.len()
    }

    /// How many leading levels are batch levels: each coordinate of theirs
    /// holds a tensor of the levels below of its own
    /// ([`Capabilities::batches`](crate::Capabilities::batches)).
    pub fn batch_levels(&self) -> usize {
        self.levels.iter().take_while(|level| level.capabilities().batches).count()
    }

    /// Whether each batch is stored apart: there are batch levels and
    /// buffers below them. Below batch levels, dense levels alone store one
    /// row-major array in which every batch is as long as the next, so its
    /// positions count through the batches as a dense level's do.
    pub fn batched(&self) -> bool {
        let batches = self.batch_levels();
        batches > 0 && self.levels[batches..].iter().any(|level| !level.buffers().is_empty())
    }

    /// The format of one batch: the levels below the batch levels over the
    /// dimensions they store, in order. `None` when there are no batch levels.
    pub fn batch_inner(&self) -> Option<Format> {
        let batches = self.batch_levels();
        if batches == 0 {
            return None;
        }
        let parts = self.parts();
        let batch_dims = self.batch_dims();
        let kept = (0..self.dims()).filter(|dim| !batch_dims.contains(dim)).collect::<Vec<_>>();
        let blocks = kept.iter().map(|&dim| self.blocks[dim]).collect::<Vec<_>>();
        let inner_parts = self.dim_to_lvl[batches..]
            .iter()
            .map(|&expanded| {
                let renumbered = kept.iter().position(|&dim| dim == parts[expanded].dim()).expect("a batch level stores a whole dimension");
                match parts[expanded] {
                    DimPart::Whole { .. } => DimPart::Whole { dim: renumbered },
                    DimPart::Block { block, .. } => DimPart::Block { dim: renumbered, block },
                    DimPart::Offset { block, .. } => DimPart::Offset { dim: renumbered, block },
                }
            })
            .collect::<Vec<_>>();
        let shell = Self { levels: Vec::new(), dim_to_lvl: Vec::new(), blocks, pattern: self.pattern };
        let expanded = shell.parts();
        let dim_to_lvl = inner_parts
            .iter()
            .map(|part| expanded.iter().position(|candidate| candidate == part).expect("a part of the inner dimensions"))
            .collect();
        Some(Self { levels: self.levels[batches..].to_vec(), dim_to_lvl, ..shell })
    }

    /// The tensor dimensions the batch levels store, in level order.
    pub fn batch_dims(&self) -> Vec<usize> {
        let parts = self.parts();
        self.dim_to_lvl[..self.batch_levels()].iter().map(|&expanded| parts[expanded].dim()).collect()
    }

    /// The number of the tensor's dimensions.
    pub fn dims(&self) -> usize {
        self.blocks.len()
    }

    /// Whether some level stores only some coordinates: one that is not
    /// located (full and locatable) is stepped through, and an output of
    /// such a level is assembled.
    pub fn is_sparse(&self) -> bool {
        self.levels.iter().any(|level| !level.is_located())
    }

    /// Whether some dimension is stored in blocks.
    pub fn is_blocked(&self) -> bool {
        self.blocks.iter().any(|&block| block > 1)
    }

    /// The expanded dimensions, in order: each dimension whole, or its block
    /// then its offset.
    pub fn parts(&self) -> Vec<DimPart> {
        let mut parts = Vec::new();
        for (dim, &block) in self.blocks.iter().enumerate() {
            if block > 1 {
                parts.extend([DimPart::Block { dim, block }, DimPart::Offset { dim, block }]);
            } else {
                parts.push(DimPart::Whole { dim });
            }
        }
        parts
    }

    /// The expanded coordinates of the tensor coordinates `coordinates`.
    pub fn expand(&self, coordinates: &[usize]) -> Vec<usize> {
        self.parts().into_iter().map(|part| part.of(coordinates[part.dim()])).collect()
    }

    /// The tensor coordinates of the expanded coordinates `expanded`.
    pub fn collapse(&self, expanded: &[usize]) -> Vec<usize> {
        let mut coordinates = vec![0; self.dims()];
        Self::collapse_into(&self.parts(), expanded, &mut coordinates);
        coordinates
    }

    /// [`Format::collapse`] into `coordinates` (one per dimension), given
    /// the format's [`Format::parts`]: no allocation, for callers that
    /// collapse many coordinates.
    pub fn collapse_into(parts: &[DimPart], expanded: &[usize], coordinates: &mut [usize]) {
        coordinates.fill(0);
        for (part, &coordinate) in parts.iter().zip(expanded) {
            coordinates[part.dim()] += match part {
                DimPart::Block { block, .. } => coordinate * block,
                DimPart::Whole { .. } | DimPart::Offset { .. } => coordinate,
            };
        }
    }

    /// The sizes of the expanded dimensions of a tensor of `shape`: a
    /// dimension stored in blocks must be a whole number of blocks.
    pub fn expand_shape(&self, shape: &[usize]) -> Result<Vec<usize>, FormatError> {
        for (dim, (&size, &block)) in shape.iter().zip(&self.blocks).enumerate() {
            if size % block != 0 {
                return Err(FormatError::BlockSize { dim, size, block });
            }
        }
        Ok(self.parts().into_iter().map(|part| part.size(shape[part.dim()])).collect())
    }

    /// The format of the view that stores each part of a dimension as a
    /// dimension of its own ([`Format::parts`]; `arr.split`'s view of every
    /// dimension stored in blocks): the same levels, which read the same
    /// buffers.
    pub fn by_parts(&self) -> Format {
        Self {
            levels: self.levels.clone(),
            dim_to_lvl: self.dim_to_lvl.clone(),
            blocks: vec![1; self.parts().len()],
            pattern: self.pattern,
        }
    }

    /// The format of the view that splits dimension `dim` into the two
    /// dimensions `x / inner` and `x mod inner` (`arr.split`), when that view
    /// reads this tensor's buffers as they are: the dimension is stored in
    /// blocks of `inner`, or in a dense (batch) level, which splits into two
    /// dense (batch) levels with the same positions
    /// (`p · n + x` = `(p · n/b + x/b) · b + x mod b`).
    /// `None` when the view would need the entries reorganized.
    pub fn split(&self, dim: usize, inner: usize) -> Option<Format> {
        let block = *self.blocks.get(dim)?;
        let mut blocks = self.blocks.clone();
        blocks.splice(dim..=dim, [1, 1]);
        if block == inner && block > 1 {
            return Some(Self { levels: self.levels.clone(), dim_to_lvl: self.dim_to_lvl.clone(), blocks, pattern: self.pattern });
        }
        if block != 1 || inner == 0 {
            return None;
        }
        let (_, level) = self.whole_level(dim)?;
        let stored = self.levels[level];
        if !stored.is_located() || !stored.buffers().is_empty() {
            return None;
        }
        self.with_level_split(dim, [stored, stored])
    }

    /// The expanded dimension of the whole dimension `dim` (not in blocks),
    /// and the level that stores it.
    fn whole_level(&self, dim: usize) -> Option<(usize, usize)> {
        let expanded = self.parts().iter().position(|&part| part == DimPart::Whole { dim })?;
        Some((expanded, self.dim_to_lvl.iter().position(|&stored| stored == expanded)?))
    }

    /// This format with the whole dimension `dim` split in two, the level
    /// that stored it replaced by `parts` (the block's, then the offset's).
    fn with_level_split(&self, dim: usize, parts: [Level; 2]) -> Option<Format> {
        let (expanded, level) = self.whole_level(dim)?;
        let mut levels = self.levels.clone();
        levels.splice(level..=level, parts);
        let mut dim_to_lvl: Vec<usize> =
            self.dim_to_lvl.iter().map(|&stored| if stored > expanded { stored + 1 } else { stored }).collect();
        dim_to_lvl.insert(level + 1, expanded + 1);
        let mut blocks = self.blocks.clone();
        blocks.splice(dim..=dim, [1, 1]);
        Some(Self { levels, dim_to_lvl, blocks, pattern: self.pattern })
    }

    /// The same storage read with dimensions `dim` and `dim + 1` swapped
    /// (the levels that stored the one store the other): the view a
    /// column-major collapse reads before it merges them. `None` when
    /// `dim + 1` is not a dimension.
    pub fn swap_dims(&self, dim: usize) -> Option<Format> {
        if dim + 1 >= self.dims() {
            return None;
        }
        let swap = |other: usize| match other {
            _ if other == dim => dim + 1,
            _ if other == dim + 1 => dim,
            _ => other,
        };
        let parts = self.parts();
        let level_parts: Vec<DimPart> = self
            .dim_to_lvl
            .iter()
            .map(|&expanded| match parts[expanded] {
                DimPart::Whole { dim } => DimPart::Whole { dim: swap(dim) },
                DimPart::Block { dim, block } => DimPart::Block { dim: swap(dim), block },
                DimPart::Offset { dim, block } => DimPart::Offset { dim: swap(dim), block },
            })
            .collect();
        let swapped = Self::from_parts(self.levels.clone(), &level_parts, self.dims()).ok()?;
        Some(Self { pattern: self.pattern, ..swapped })
    }

    /// The format read by a collapse of the adjacent dimensions `[a, b]`
    /// (`x[a] · |b| + x[b]`) before it merges them, `a` then `b`: this one
    /// for a row-major collapse (`b = a + 1`), with the two swapped for a
    /// column-major one (`a = b + 1`). `None` for dimensions not adjacent.
    pub fn collapse_order(&self, a: usize, b: usize) -> Option<Format> {
        if b == a + 1 {
            Some(self.clone())
        } else if a == b + 1 {
            self.swap_dims(b)
        } else {
            None
        }
    }

    /// The format of a new tensor holding this tensor's entries with
    /// dimension `dim` split into `x / inner` and `x mod inner`, stored the
    /// way this format stores `dim`: the view [`Format::split`] gives when
    /// there is one, else the level storing `dim` becomes two levels where
    /// it was, the block's then the offset's. A unique compressed (or loose
    /// compressed) level becomes two unique compressed ones (each block
    /// stored once under its parent, each offset once under its block); a
    /// nonunique one becomes a nonunique compressed level and a singleton, a
    /// singleton level a nonunique singleton and a singleton, the last as
    /// unique as the level was (the entries keep their positions).
    /// Ordered where it was. `None` for a dimension stored in blocks of
    /// another size and for the other level kinds.
    pub fn split_rebuilt(&self, dim: usize, inner: usize) -> Option<Format> {
        if let Some(view) = self.split(dim, inner) {
            return Some(view);
        }
        if *self.blocks.get(dim)? != 1 || inner == 0 {
            return None;
        }
        let (_, level) = self.whole_level(dim)?;
        let stored = self.levels[level];
        let (block, offset) = match stored.kind {
            LevelKind::Compressed | LevelKind::LooseCompressed if stored.unique => {
                let compressed = Level { kind: LevelKind::Compressed, ..stored };
                (compressed, compressed)
            }
            LevelKind::Compressed | LevelKind::LooseCompressed | LevelKind::Singleton => {
                let kind = if stored.kind == LevelKind::Singleton { LevelKind::Singleton } else { LevelKind::Compressed };
                (Level { kind, unique: false, ..stored }, Level { kind: LevelKind::Singleton, ..stored })
            }
            _ => return None,
        };
        let format = self.with_level_split(dim, [block, offset])?;
        format.validate().ok()?;
        Some(format)
    }

    /// The format of the view that collapses dimensions `dim` and `dim + 1`
    /// into one, `x · inner + y` for `inner` the size of `dim + 1`
    /// (`arr.collapse`), reading this tensor's buffers as they are: the two
    /// dimensions become the block and the offset of the collapsed one, each
    /// stored where it was. The inverse of [`Format::split`] on blocks:
    /// `merge(dim, inner)?.split(dim, inner)` is this format. `None` when
    /// either dimension is already stored in blocks, or `inner` is below 2
    /// (blocks of 1 are whole dimensions).
    pub fn merge(&self, dim: usize, inner: usize) -> Option<Format> {
        if inner < 2 || self.blocks.get(dim) != Some(&1) || self.blocks.get(dim + 1) != Some(&1) {
            return None;
        }
        let mut blocks = self.blocks.clone();
        blocks.splice(dim..=dim + 1, [inner]);
        Some(Self { levels: self.levels.clone(), dim_to_lvl: self.dim_to_lvl.clone(), blocks, pattern: self.pattern })
    }

    /// Whether a coordinate is stored at most once: the last level says it for
    /// the whole tree, since only singletons follow a nonunique level.
    pub fn is_unique(&self) -> bool {
        self.levels.last().is_none_or(|level| level.unique)
    }

    /// Every level dense: a row-major array.
    pub fn dense(rank: usize) -> Self {
        Self::identity(vec![Level::dense(); rank])
    }

    /// Compressed sparse rows: dense rows, compressed columns.
    pub fn csr() -> Self {
        Self::identity(vec![Level::dense(), Level::compressed()])
    }

    /// Compressed sparse columns: CSR's levels over the transposed dimensions.
    pub fn csc() -> Self {
        Self { levels: vec![Level::dense(), Level::compressed()], dim_to_lvl: vec![1, 0], blocks: vec![1, 1], pattern: false }
    }

    /// Sorted coordinate lists: a nonunique compressed level, then singletons
    /// of which only the last is unique, so a coordinate is stored once.
    pub fn coo(rank: usize) -> Self {
        let levels = (0..rank)
            .map(|index| match index {
                0 if rank == 1 => Level::compressed(),
                0 => Level::compressed_nonunique(),
                _ if index + 1 == rank => Level::singleton(),
                _ => Level { unique: false, ..Level::singleton() },
            })
            .collect();
        Self::identity(levels)
    }

    /// Doubly compressed sparse rows: only nonempty rows are stored.
    pub fn dcsr() -> Self {
        Self::csf(2)
    }

    /// Compressed sparse fibers: every level compressed.
    pub fn csf(rank: usize) -> Self {
        Self::identity(vec![Level::compressed(); rank])
    }

    fn identity(levels: Vec<Level>) -> Self {
        let dim_to_lvl = (0..levels.len()).collect();
        let blocks = vec![1; levels.len()];
        Self { levels, dim_to_lvl, blocks, pattern: false }
    }
}

impl DimPart {
    /// The tensor dimension this is part of.
    pub fn dim(self) -> usize {
        match self {
            DimPart::Whole { dim } | DimPart::Block { dim, .. } | DimPart::Offset { dim, .. } => dim,
        }
    }

    /// The dimension's block size: 1 for a whole dimension.
    pub fn block(self) -> usize {
        match self {
            DimPart::Whole { .. } => 1,
            DimPart::Block { block, .. } | DimPart::Offset { block, .. } => block,
        }
    }

    /// This part of the coordinate `coordinate`.
    pub fn of(self, coordinate: usize) -> usize {
        match self {
            DimPart::Whole { .. } => coordinate,
            DimPart::Block { block, .. } => coordinate / block,
            DimPart::Offset { block, .. } => coordinate % block,
        }
    }

    /// The size of this part of a dimension of `size`.
    pub fn size(self, size: usize) -> usize {
        match self {
            DimPart::Whole { .. } => size,
            DimPart::Block { block, .. } => size / block,
            DimPart::Offset { block, .. } => block,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_formats_are_valid_and_have_the_documented_levels() {
        for rank in 0..5 {
            for format in [Format::dense(rank), Format::coo(rank), Format::csf(rank)] {
                assert_eq!(format.validate(), Ok(()), "{format:?}");
                assert_eq!(format.rank(), rank);
                assert!(format.is_unique());
            }
        }
        for format in [Format::csr(), Format::csc(), Format::dcsr()] {
            assert_eq!(format.validate(), Ok(()), "{format:?}");
        }
        assert_eq!(Format::csc().dim_to_lvl, [1, 0]);
        assert_eq!(Format::csr().levels, [Level::dense(), Level::compressed()]);
        assert_eq!(Format::dcsr().levels, [Level::compressed(), Level::compressed()]);
        assert_eq!(Format::coo(1).levels, [Level::compressed()]);
        let nonunique_singleton = Level { unique: false, ..Level::singleton() };
        assert_eq!(Format::coo(4).levels, [Level::compressed_nonunique(), nonunique_singleton, nonunique_singleton, Level::singleton()]);
    }

    #[test]
    fn new_accepts_valid_formats_and_rejects_each_broken_rule() {
        let dense = Level::dense();
        let compressed = Level::compressed();
        let nonunique = Level::compressed_nonunique();
        let singleton = Level::singleton();
        assert!(Format::new(vec![compressed, nonunique, singleton], vec![2, 0, 1]).is_ok());
        assert!(Format::new(vec![dense, nonunique], vec![0, 1]).is_ok(), "a nonunique last level keeps duplicates");
        assert!(Format::new(vec![dense; MAX_LEVELS], (0..MAX_LEVELS).collect()).is_ok());
        let too_many = MAX_LEVELS + 1;
        assert_eq!(Format::new(vec![dense; too_many], (0..too_many).collect()), Err(FormatError::TooManyLevels(too_many)));
        let cases = [
            (vec![dense, compressed], vec![0], FormatError::LevelCount { levels: 2, dims: 1 }),
            (vec![dense, compressed], vec![1, 1], FormatError::NotPermutation(vec![1, 1])),
            (vec![dense, compressed], vec![0, 2], FormatError::NotPermutation(vec![0, 2])),
            (
                vec![Level { ordered: false, ..dense }],
                vec![0],
                FormatError::Property { level: 0, kind: LevelKind::Dense, property: "unordered" },
            ),
            (
                vec![dense, Level { unique: false, ..Level::new(LevelKind::Band) }],
                vec![0, 1],
                FormatError::Property { level: 1, kind: LevelKind::Band, property: "nonunique" },
            ),
            (vec![Level { crd_width: 12, ..compressed }], vec![0], FormatError::Width { level: 0, width: 12 }),
            (vec![nonunique, Level::new(LevelKind::Band)], vec![0, 1], FormatError::NotSingleton(1)),
            (vec![singleton], vec![0], FormatError::LeadingSingleton),
            (vec![compressed, singleton], vec![0, 1], FormatError::SingletonParent(1)),
            (vec![nonunique, compressed], vec![0, 1], FormatError::NotSingleton(1)),
            (vec![nonunique, dense], vec![0, 1], FormatError::NotSingleton(1)),
            (vec![nonunique, singleton, compressed], vec![0, 1, 2], FormatError::NotSingleton(2)),
        ];
        for (levels, dim_to_lvl, error) in cases {
            assert_eq!(Format::new(levels, dim_to_lvl), Err(error));
        }
    }

    /// BSR with 2 × 3 blocks, stored block row, block column, then the
    /// offsets: `(i floordiv 2, j floordiv 3, i mod 2, j mod 3)`.
    fn bsr() -> Format {
        let parts = [
            DimPart::Block { dim: 0, block: 2 },
            DimPart::Block { dim: 1, block: 3 },
            DimPart::Offset { dim: 0, block: 2 },
            DimPart::Offset { dim: 1, block: 3 },
        ];
        let levels = vec![Level::dense(), Level::compressed(), Level::dense(), Level::dense()];
        Format::from_parts(levels, &parts, 2).unwrap()
    }

    #[test]
    fn blocked_dimensions_expand_into_block_and_offset() {
        let bsr = bsr();
        assert_eq!((bsr.blocks.clone(), bsr.dim_to_lvl.clone(), bsr.dims(), bsr.rank()), (vec![2, 3], vec![0, 2, 1, 3], 2, 4));
        assert_eq!(bsr.expand(&[5, 7]), [2, 1, 2, 1]);
        assert_eq!(bsr.collapse(&[2, 1, 2, 1]), [5, 7]);
        assert_eq!(bsr.expand_shape(&[6, 9]), Ok(vec![3, 2, 3, 3]));
        assert_eq!(bsr.expand_shape(&[6, 8]), Err(FormatError::BlockSize { dim: 1, size: 8, block: 3 }));
        let dense = Level::dense();
        let offset_twice = [DimPart::Offset { dim: 0, block: 2 }, DimPart::Offset { dim: 0, block: 2 }];
        assert_eq!(Format::from_parts(vec![dense, dense], &offset_twice, 1), Err(FormatError::Parts { dim: 0, block: 2 }));
        let mixed = [DimPart::Block { dim: 0, block: 2 }, DimPart::Offset { dim: 0, block: 4 }];
        assert_eq!(Format::from_parts(vec![dense, dense], &mixed, 1), Err(FormatError::Parts { dim: 0, block: 4 }));
        let unit = [DimPart::Block { dim: 0, block: 1 }, DimPart::Offset { dim: 0, block: 1 }];
        assert_eq!(Format::from_parts(vec![dense, dense], &unit, 1), Err(FormatError::Block { dim: 0, block: 1 }));
        assert_eq!(Format::from_parts(vec![dense], &[DimPart::Whole { dim: 0 }], 2), Err(FormatError::Parts { dim: 1, block: 1 }));
        // 2:4 stores the offsets in blocks of 4, not the blocks.
        let halves = [DimPart::Block { dim: 0, block: 4 }, DimPart::Offset { dim: 0, block: 4 }];
        assert!(Format::from_parts(vec![dense, Level::structured(2, 4)], &halves, 1).is_ok());
        let wrong = Format::from_parts(vec![Level::structured(2, 4), dense], &halves, 1);
        assert_eq!(wrong, Err(FormatError::Structured { level: 0, n: 2, m: 4 }));
    }

    #[test]
    fn a_merge_is_undone_by_its_split() {
        for format in [Format::csr(), Format::csc(), Format::dense(2), Format::coo(2), Format::dense(3)] {
            let merged = format.merge(0, 4).unwrap();
            assert_eq!((merged.dims(), merged.blocks[0]), (format.dims() - 1, 4));
            assert_eq!(merged.split(0, 4), Some(format));
        }
        assert_eq!(Format::dense(3).merge(1, 5).unwrap().blocks, vec![1, 5]);
        assert_eq!(bsr().merge(0, 2), None, "a dimension already in blocks");
        assert_eq!(Format::csr().merge(0, 1), None, "blocks of 1");
        assert_eq!(Format::csr().merge(1, 2), None, "no dimension after the last");
    }

    #[test]
    fn splits_that_keep_the_buffers_are_the_blocked_and_the_dense_ones() {
        // Splitting both blocked dimensions of BSR gives the 4-D tensor with
        // the same levels, its dimensions permuted.
        let halfway = bsr().split(0, 2).unwrap();
        assert_eq!((halfway.blocks.clone(), halfway.dim_to_lvl.clone()), (vec![1, 1, 3], vec![0, 2, 1, 3]));
        let expanded = halfway.split(2, 3).unwrap();
        assert_eq!(expanded, Format { levels: bsr().levels, dim_to_lvl: vec![0, 2, 1, 3], blocks: vec![1; 4], pattern: false });
        assert_eq!(bsr().by_parts(), expanded, "both splits at once");
        assert_eq!(Format::csr().by_parts(), Format::csr(), "nothing stored in blocks");
        assert_eq!(bsr().split(0, 3), None, "blocks of 2 are not blocks of 3");
        // A dense level splits into two dense levels where it was.
        let csc = Format::csc().split(1, 4).unwrap();
        assert_eq!(
            csc,
            Format {
                levels: vec![Level::dense(), Level::dense(), Level::compressed()],
                dim_to_lvl: vec![1, 2, 0],
                blocks: vec![1; 3],
                pattern: false
            }
        );
        assert_eq!(Format::csc().split(0, 4), None, "CSC stores its rows compressed");
        assert_eq!(Format::dense(1).split(0, 2), Some(Format::dense(2)));
        assert_eq!(Format::csr().split(1, 2), None, "a compressed level would need its coordinates rewritten");
        // A batch level splits into two batch levels: batches keep their numbers.
        let batch = Level::new(LevelKind::Batch);
        let batched = Format::new(vec![batch, Level::compressed()], vec![0, 1]).unwrap();
        assert_eq!(batched.split(0, 2).map(|split| split.levels), Some(vec![batch, batch, Level::compressed()]));
    }

    #[test]
    fn swapping_two_dimensions_relabels_the_levels() {
        assert_eq!(Format::csr().swap_dims(0), Some(Format::csc()));
        assert_eq!(Format::csc().swap_dims(0), Some(Format::csr()));
        assert_eq!(Format::csr().swap_dims(1), None, "no dimension after the last");
        let blocked = bsr().swap_dims(0).unwrap();
        assert_eq!((blocked.blocks.clone(), blocked.levels.len()), (vec![3, 2], 4));
        assert_eq!(blocked.swap_dims(0), Some(bsr()));
        // CSR's columns and rows swapped, then merged: the column-major flattening.
        assert_eq!(Format::csc().swap_dims(0).and_then(|swapped| swapped.merge(0, 3)), Format::csr().merge(0, 3));
    }

    #[test]
    fn a_rebuilt_split_stores_the_block_and_the_offset_where_the_dimension_was() {
        // A sparse vector split in two: DCSR.
        let vector = Format::identity(vec![Level::compressed()]);
        assert_eq!(vector.split_rebuilt(0, 4), Some(Format::dcsr()));
        // CSR's columns: two compressed levels under the dense rows.
        let csr = Format::csr().split_rebuilt(1, 2).unwrap();
        assert_eq!(csr, Format::identity(vec![Level::dense(), Level::compressed(), Level::compressed()]));
        // CSC's columns are its dense first level: the view.
        assert_eq!(Format::csc().split_rebuilt(1, 2), Format::csc().split(1, 2));
        // COO's rows: a nonunique compressed level, then a nonunique singleton.
        let coo = Format::coo(2).split_rebuilt(0, 3).unwrap();
        assert_eq!(coo, Format::coo(3));
        // COO's columns: two singletons, the last as unique as it was.
        let columns = Format::coo(2).split_rebuilt(1, 3).unwrap();
        assert_eq!(columns, Format::coo(3));
        // CSC's rows: the new levels sit where the rows were stored.
        let csc = Format::csc().split_rebuilt(0, 2).unwrap();
        assert_eq!((csc.dim_to_lvl.clone(), csc.levels.len()), (vec![2, 0, 1], 3));
        assert_eq!(bsr().split_rebuilt(0, 3), None, "blocks of 2 are not blocks of 3");
        let hashed = Format::identity(vec![Level::dense(), Level::new(LevelKind::Hash)]);
        assert_eq!(hashed.split_rebuilt(1, 2), None, "only compressed and singleton levels are rebuilt");
    }

    #[test]
    fn batch_levels_lead_and_each_batch_is_a_tensor_of_the_levels_below() {
        let batch = Level::new(LevelKind::Batch);
        // (d0, d1, d2) -> (d2 : batch, d0 : dense, d1 : compressed)
        let batched = Format::new(vec![batch, Level::dense(), Level::compressed()], vec![2, 0, 1]).unwrap();
        assert_eq!(batched.batch_levels(), 1);
        assert_eq!(batched.batch_dims(), [2]);
        assert_eq!(batched.batch_inner(), Some(Format::csr()));
        let two = Format::new(vec![batch, batch, Level::compressed()], vec![1, 0, 2]).unwrap();
        assert_eq!((two.batch_levels(), two.batch_dims()), (2, vec![1, 0]));
        assert_eq!(two.batch_inner(), Some(Format::csf(1)));
        assert_eq!(Format::csr().batch_inner(), None);
        assert_eq!(Format::new(vec![Level::dense(), batch], vec![0, 1]), Err(FormatError::Batch(1)));
        let hashed = Format::new(vec![batch, Level::dense(), Level::new(LevelKind::Hash)], vec![0, 1, 2]);
        assert_eq!(hashed, Err(FormatError::BatchedTable(2)));
        let blocked = [DimPart::Block { dim: 0, block: 2 }, DimPart::Whole { dim: 1 }, DimPart::Offset { dim: 0, block: 2 }];
        assert_eq!(Format::from_parts(vec![batch, Level::dense(), Level::dense()], &blocked, 2), Err(FormatError::Batch(0)));
        // A blocked dimension below the batch levels stays blocked in the batch.
        let below = [DimPart::Whole { dim: 1 }, DimPart::Block { dim: 0, block: 2 }, DimPart::Offset { dim: 0, block: 2 }];
        let inner = Format::from_parts(vec![batch, Level::compressed(), Level::dense()], &below, 2).unwrap().batch_inner().unwrap();
        assert_eq!((inner.blocks, inner.dim_to_lvl), (vec![2], vec![0, 1]));
    }

    #[test]
    fn a_pattern_leaf_follows_a_level_of_entries() {
        assert_eq!(Format { pattern: true, ..Format::csr() }.validate(), Ok(()));
        assert_eq!(Format { pattern: true, ..Format::dense(2) }.validate(), Err(FormatError::PatternBelowFills(LevelKind::Dense)));
        assert_eq!(Format { pattern: true, ..Format::dense(0) }.validate(), Err(FormatError::PatternBelowFills(LevelKind::Dense)));
        // A band stores the fill values between its ends, a structured level
        // its groups' padding.
        for kind in [LevelKind::Band, LevelKind::Structured] {
            let last = Level { kind, ..Level::compressed() };
            let format = Format { levels: vec![Level::dense(), last], dim_to_lvl: vec![0, 1], blocks: vec![1, 1], pattern: true };
            assert_eq!(format.validate(), Err(FormatError::PatternBelowFills(kind)));
        }
    }

    #[test]
    fn errors_name_the_level() {
        assert_eq!(FormatError::SingletonParent(2).to_string(), "singleton level 2 must follow a nonunique compressed or singleton level");
        assert_eq!(
            FormatError::Property { level: 1, kind: LevelKind::Dense, property: "nonunique" }.to_string(),
            "level 1 is dense, which cannot be nonunique"
        );
    }
}
