//! Tensor formats: the kind and properties of every level, and which
//! dimension each level stores.
//!
//! A format is TACO's level formats with MLIR's `dim_to_lvl` permutation: the
//! tensor is a tree whose level `l` holds coordinates of dimension
//! `dim_to_lvl[l]`. The rules checked here are MLIR's, and they are what the
//! storage scheme in [`crate::tensor`] relies on: a valid format has one
//! unambiguous storage for any set of entries.

use std::fmt;

/// How a level stores the coordinates of its dimension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelKind {
    /// Every coordinate `0..N` is present under every parent position.
    Dense,
    /// Each parent position owns a segment `pos[p]..pos[p + 1]` of `crd`.
    Compressed,
    /// Each parent position has exactly one child, whose coordinate is `crd[p]`.
    Singleton,
}

impl fmt::Display for LevelKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Dense => "dense",
            Self::Compressed => "compressed",
            Self::Singleton => "singleton",
        })
    }
}

/// One level of a format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    pub kind: LevelKind,
    /// No two positions of this level have the same coordinates on this level
    /// and every level above it. Only the leading levels of COO are not.
    pub unique: bool,
    /// Positions that share their coordinates above this level appear in
    /// increasing (non-decreasing when not unique) coordinate order.
    pub ordered: bool,
}

impl Level {
    pub fn dense() -> Self {
        Self { kind: LevelKind::Dense, unique: true, ordered: true }
    }

    pub fn compressed() -> Self {
        Self { kind: LevelKind::Compressed, unique: true, ordered: true }
    }

    /// The leading level of COO: one position per entry, coordinates repeat.
    pub fn compressed_nonunique() -> Self {
        Self { unique: false, ..Self::compressed() }
    }

    pub fn singleton() -> Self {
        Self { kind: LevelKind::Singleton, unique: true, ordered: true }
    }
}

/// A format that breaks one of the storage scheme's rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    #[error("the format has {levels} levels but dim_to_lvl maps {dims} dimensions")]
    LevelCount { levels: usize, dims: usize },
    #[error("dim_to_lvl {0:?} is not a permutation of the dimensions")]
    NotPermutation(Vec<usize>),
    #[error("level {0} is dense, and dense levels are always unique and ordered")]
    DenseProperties(usize),
    #[error("level 0 is a singleton, but a singleton level needs a parent level")]
    LeadingSingleton,
    #[error("singleton level {0} must follow a nonunique compressed or singleton level")]
    SingletonParent(usize),
    #[error("level {0} follows a nonunique or singleton level, so it must be a singleton: COO levels come last")]
    NotSingleton(usize),
}

/// A tensor's storage format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Format {
    pub levels: Vec<Level>,
    /// `dim_to_lvl[l]` is the dimension that level `l` stores.
    pub dim_to_lvl: Vec<usize>,
}

impl Format {
    /// A format from its parts, checked by [`Format::validate`].
    pub fn new(levels: Vec<Level>, dim_to_lvl: Vec<usize>) -> Result<Self, FormatError> {
        let format = Self { levels, dim_to_lvl };
        format.validate()?;
        Ok(format)
    }

    /// Checks that `dim_to_lvl` is a permutation and that every level can be
    /// stored: dense levels are unique and ordered, a singleton follows a
    /// nonunique level, and only singletons follow a nonunique or singleton
    /// level. So the COO levels (a nonunique level and its singletons) come
    /// last, every stored entry has its own position on them, and whether the
    /// last level is unique says whether a coordinate may repeat.
    pub fn validate(&self) -> Result<(), FormatError> {
        let rank = self.levels.len();
        if self.dim_to_lvl.len() != rank {
            return Err(FormatError::LevelCount { levels: rank, dims: self.dim_to_lvl.len() });
        }
        let mut seen = vec![false; rank];
        for &dim in &self.dim_to_lvl {
            if dim >= rank || std::mem::replace(&mut seen[dim], true) {
                return Err(FormatError::NotPermutation(self.dim_to_lvl.clone()));
            }
        }
        for (index, level) in self.levels.iter().enumerate() {
            if level.kind == LevelKind::Dense && !(level.unique && level.ordered) {
                return Err(FormatError::DenseProperties(index));
            }
            let Some(parent) = index.checked_sub(1).map(|parent| self.levels[parent]) else {
                if level.kind == LevelKind::Singleton {
                    return Err(FormatError::LeadingSingleton);
                }
                continue;
            };
            let in_coo = !parent.unique || parent.kind == LevelKind::Singleton;
            match level.kind {
                LevelKind::Singleton if parent.unique => return Err(FormatError::SingletonParent(index)),
                LevelKind::Dense | LevelKind::Compressed if in_coo => return Err(FormatError::NotSingleton(index)),
                _ => {}
            }
        }
        Ok(())
    }

    /// The number of levels, which is also the number of dimensions.
    pub fn rank(&self) -> usize {
        self.levels.len()
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
        Self { levels: vec![Level::dense(), Level::compressed()], dim_to_lvl: vec![1, 0] }
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
        Self { levels, dim_to_lvl }
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
        let cases = [
            (vec![dense, compressed], vec![0], FormatError::LevelCount { levels: 2, dims: 1 }),
            (vec![dense, compressed], vec![1, 1], FormatError::NotPermutation(vec![1, 1])),
            (vec![dense, compressed], vec![0, 2], FormatError::NotPermutation(vec![0, 2])),
            (vec![Level { ordered: false, ..dense }], vec![0], FormatError::DenseProperties(0)),
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

    #[test]
    fn errors_name_the_level() {
        assert_eq!(FormatError::SingletonParent(2).to_string(), "singleton level 2 must follow a nonunique compressed or singleton level");
        assert_eq!(LevelKind::Compressed.to_string(), "compressed");
    }
}
