//! Tensor formats: the levels, and which dimension each level stores.
//!
//! A format is TACO's level formats with MLIR's `dim_to_lvl` permutation: the
//! tensor is a tree whose level `l` holds coordinates of dimension
//! `dim_to_lvl[l]`. [`Format::validate`] is the one structure check of the
//! project: the encoding verifier and the runtime both call it, and what it
//! accepts has one unambiguous storage for any set of entries.

use crate::level::{Level, LevelKind};

/// A format that breaks one of the storage scheme's rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    #[error("the format has {levels} levels but dim_to_lvl maps {dims} dimensions")]
    LevelCount { levels: usize, dims: usize },
    #[error("dim_to_lvl {0:?} is not a permutation of the dimensions")]
    NotPermutation(Vec<usize>),
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
    /// stored: a level is nonunique or unordered only if its kind may be, its
    /// buffer widths are 8, 16, 32 or 64 bits, a branchless level (singleton)
    /// follows a nonunique level, and only branchless levels follow a
    /// nonunique or branchless level. So the COO levels (a nonunique level and
    /// its singletons) come last, every stored entry has its own position on
    /// them, and whether the last level is unique says whether a coordinate
    /// may repeat.
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
            let capabilities = level.capabilities();
            for (holds, property) in [(level.unique, "nonunique"), (level.ordered, "unordered")] {
                if !holds && !capabilities.properties.contains(&property) {
                    return Err(FormatError::Property { level: index, kind: level.kind, property });
                }
            }
            if let Some(width) = [level.pos_width, level.crd_width].into_iter().find(|width| ![8, 16, 32, 64].contains(width)) {
                return Err(FormatError::Width { level: index, width });
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

    #[test]
    fn errors_name_the_level() {
        assert_eq!(FormatError::SingletonParent(2).to_string(), "singleton level 2 must follow a nonunique compressed or singleton level");
        assert_eq!(
            FormatError::Property { level: 1, kind: LevelKind::Dense, property: "nonunique" }.to_string(),
            "level 1 is dense, which cannot be nonunique"
        );
    }
}
