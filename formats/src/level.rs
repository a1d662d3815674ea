//! Level kinds, their capabilities and buffers, and one level of a format.
//!
//! The registry of level kinds is [`LevelKind::capabilities`]: one row per
//! kind says what the kind can do, in TACO's terms (`ModeFormatImpl`: full,
//! locatable, branchless) and in the iterator model's (paper 001: whether a
//! loop visits coordinates, stored positions or stored ranges), which
//! buffers it stores (paper 002's Table 3 storage), and which properties it
//! may carry. Everything else asks these, so adding a kind
//! is a variant, its row, and its iterator and storage files on each side.

use std::fmt;

/// How one level stores the coordinates of its dimension. The names are the
/// `#arr.level` spellings; [`LevelKind::capabilities`] describes each one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LevelKind {
    Dense,
    Batch,
    Compressed,
    LooseCompressed,
    Singleton,
    RunLength,
    Bytemap,
    VariableBlock,
    Band,
    Hash,
    Structured,
}

/// How a loop over a level visits it: the looplet a level unfurls to
/// (paper 002 §4.1), reduced to what the iterator model needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Iteration {
    /// Every coordinate `0..N` in order, the position computed from it
    /// (coordinate-value iteration; a `Lookup`).
    Coordinates,
    /// The stored positions under the parent, each holding one coordinate
    /// (position iteration; a `Stepper` of `Spike`s).
    Positions,
    /// The stored positions under the parent, each holding a range of
    /// consecutive coordinates with one value (a `Stepper` of `Run`s).
    Ranges,
}

/// One buffer a level stores, in the order of [`Level::buffers`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LevelBuffer {
    /// Per parent position, where its segment of this level starts; one more
    /// entry than the parent level has positions (`pos_width` bits). A loose
    /// level stores two per parent position instead, where its segment
    /// starts and where it ends, so segments may have gaps between them.
    Positions,
    /// Per stored position (or per stored range), a coordinate (`crd_width` bits).
    Coordinates,
    /// Per stored block, where its values start; one more entry than there
    /// are blocks (`pos_width` bits).
    Offsets,
    /// Per parent position and coordinate, whether the coordinate is stored (8 bits).
    Bitmap,
    /// An open-addressed table from a parent position and coordinate to the
    /// position that stores them (`pos_width` bits).
    Table,
}

/// What a level kind can do. Passes and the runtime ask these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capabilities {
    /// Every coordinate of the dimension is stored under every parent
    /// position: an absent operand cannot occur at this level.
    pub full: bool,
    /// The position of a coordinate is found without a search.
    pub locatable: bool,
    /// How a loop visits the level.
    pub iteration: Iteration,
    /// Each parent position has exactly one child position (the COO tail).
    pub branchless: bool,
    /// The buffers the level stores, in ABI order.
    pub buffers: &'static [LevelBuffer],
    /// The properties an `#arr.level` of this kind may carry.
    pub properties: &'static [&'static str],
    /// Each coordinate of the level holds a tensor of the deeper levels of
    /// its own (upstream's batch level): their buffers, and the values, are
    /// stored once per coordinate, one batch after another, each batch's
    /// part of a buffer padded to one length, and positions below count
    /// from 0 in each batch. Only leading levels batch.
    pub batches: bool,
}

impl LevelKind {
    pub const ALL: [LevelKind; 11] = [
        Self::Dense,
        Self::Batch,
        Self::Compressed,
        Self::LooseCompressed,
        Self::Singleton,
        Self::RunLength,
        Self::Bytemap,
        Self::VariableBlock,
        Self::Band,
        Self::Hash,
        Self::Structured,
    ];

    /// The registry: what each kind stores and can do.
    pub const fn capabilities(self) -> Capabilities {
        use LevelBuffer::*;
        const WIDTHS: &[&str] = &["pos_width", "crd_width"];
        match self {
            // `p * N + i`: nothing stored.
            Self::Dense => Capabilities {
                full: true,
                locatable: true,
                iteration: Iteration::Coordinates,
                branchless: false,
                buffers: &[],
                properties: &[],
                batches: false,
            },
            // Upstream's `batch`: visited and located as a dense level, each
            // coordinate `b` a tensor of its own (see `Capabilities::batches`).
            Self::Batch => Capabilities { batches: true, ..Self::Dense.capabilities() },
            // Parent `p` owns positions `pos[p]..pos[p + 1]` with coordinates `crd[q]`.
            Self::Compressed => Capabilities {
                full: false,
                locatable: false,
                iteration: Iteration::Positions,
                branchless: false,
                buffers: &[Positions, Coordinates],
                properties: &["nonunique", "unordered", "pos_width", "crd_width"],
                batches: false,
            },
            // Upstream's `loose_compressed`: parent `p` owns the positions
            // `pos[2p]..pos[2p + 1]`, so a segment can end before the next
            // one starts (a slice of a compressed level keeps its buffers).
            // It can do what `compressed` can, with the same buffers.
            Self::LooseCompressed => Self::Compressed.capabilities(),
            // Parent `p` has the one child `p`, with coordinate `crd[p]`.
            Self::Singleton => Capabilities {
                full: false,
                locatable: false,
                iteration: Iteration::Positions,
                branchless: true,
                buffers: &[Coordinates],
                properties: &["nonunique", "unordered", "crd_width"],
                batches: false,
            },
            // Finch's DenseRLE: parent `p` owns runs `pos[p]..pos[p + 1]`;
            // run `q` ends at coordinate `crd[q]` and covers every coordinate
            // after the previous run's end.
            Self::RunLength => Capabilities {
                full: true,
                locatable: false,
                iteration: Iteration::Ranges,
                branchless: false,
                buffers: &[Positions, Coordinates],
                properties: WIDTHS,
                batches: false,
            },
            // Finch's SparseBytemap: `bitmap[p * N + i]` says whether `i` is
            // stored under `p`, at position `p * N + i`; `pos`/`crd` list the
            // stored coordinates in order.
            Self::Bytemap => Capabilities {
                full: false,
                locatable: true,
                iteration: Iteration::Positions,
                branchless: false,
                buffers: &[Positions, Coordinates, Bitmap],
                properties: WIDTHS,
                batches: false,
            },
            // Finch's SparseVBL: parent `p` owns blocks `pos[p]..pos[p + 1]`;
            // block `b` starts at coordinate `crd[b]` and holds the
            // positions `offsets[b]..offsets[b + 1]`, one per coordinate.
            Self::VariableBlock => Capabilities {
                full: false,
                locatable: false,
                iteration: Iteration::Positions,
                branchless: false,
                buffers: &[Positions, Coordinates, Offsets],
                properties: WIDTHS,
                batches: false,
            },
            // Finch's SparseBand: parent `p` owns one block, the positions
            // `pos[p]..pos[p + 1]`, which starts at coordinate `crd[p]`.
            Self::Band => Capabilities {
                full: false,
                locatable: true,
                iteration: Iteration::Positions,
                branchless: false,
                buffers: &[Positions, Coordinates],
                properties: WIDTHS,
                batches: false,
            },
            // Finch's SparseHash: `pos`/`crd` as compressed, plus a table
            // from (parent, coordinate) to position for locating.
            Self::Hash => Capabilities {
                full: false,
                locatable: true,
                iteration: Iteration::Positions,
                branchless: false,
                buffers: &[Positions, Coordinates, Table],
                properties: WIDTHS,
                batches: false,
            },
            // Upstream's n:m (`block2_4`): every parent `p` owns exactly the
            // `n` positions `p * n..(p + 1) * n` of the `m` coordinates of its
            // block, with coordinates `crd[q]` (a block with fewer entries
            // stores the fill at unused coordinates).
            Self::Structured => Capabilities {
                full: false,
                locatable: false,
                iteration: Iteration::Positions,
                branchless: false,
                buffers: &[Coordinates],
                properties: &["n", "m", "crd_width"],
                batches: false,
            },
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Dense => "dense",
            Self::Batch => "batch",
            Self::Compressed => "compressed",
            Self::LooseCompressed => "loose_compressed",
            Self::Singleton => "singleton",
            Self::RunLength => "run_length",
            Self::Bytemap => "bytemap",
            Self::VariableBlock => "variable_block",
            Self::Band => "band",
            Self::Hash => "hash",
            Self::Structured => "structured",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.name() == name)
    }
}

impl fmt::Display for LevelKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The value of one level property as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PropertyValue {
    Unit,
    Integer(i64),
    Other,
}

/// A level that cannot be built from what was written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    #[error("unknown level kind \"{0}\"")]
    UnknownKind(String),
    #[error("a {kind} level has no property \"{property}\"")]
    Property { kind: LevelKind, property: String },
    #[error("level property \"{0}\" has a wrong value (flags are unit; widths are 8, 16, 32 or 64; n and m are 1 ≤ n ≤ m)")]
    PropertyValue(String),
    #[error("a structured level needs its n and m (`n = 2 : i64, m = 4 : i64` for 2:4)")]
    Structure,
}

/// One level of a format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Level {
    pub kind: LevelKind,
    /// No two positions of this level have the same coordinates on this level
    /// and every level above it. Only the leading levels of COO are not.
    pub unique: bool,
    /// Positions that share their coordinates above this level appear in
    /// increasing (non-decreasing when not unique) coordinate order.
    pub ordered: bool,
    /// Bit width of the position-like buffers (8, 16, 32 or 64).
    pub pos_width: u32,
    /// Bit width of the coordinate buffer (8, 16, 32 or 64).
    pub crd_width: u32,
    /// A structured level's `(n, m)`: `n` stored coordinates of every `m`.
    pub n_of_m: Option<(u32, u32)>,
}

impl Level {
    /// A unique, ordered level of `kind` with 64-bit buffers.
    pub const fn new(kind: LevelKind) -> Self {
        Self { kind, unique: true, ordered: true, pos_width: 64, crd_width: 64, n_of_m: None }
    }

    pub const fn dense() -> Self {
        Self::new(LevelKind::Dense)
    }

    pub const fn compressed() -> Self {
        Self::new(LevelKind::Compressed)
    }

    /// The leading level of COO: one position per entry, coordinates repeat.
    pub const fn compressed_nonunique() -> Self {
        Self { unique: false, ..Self::compressed() }
    }

    pub const fn singleton() -> Self {
        Self::new(LevelKind::Singleton)
    }

    /// `n` stored coordinates of every `m` (upstream's `block2_4` is 2:4).
    pub const fn structured(n: u32, m: u32) -> Self {
        Self { n_of_m: Some((n, m)), ..Self::new(LevelKind::Structured) }
    }

    /// Builds a level from its kind's name and its written properties
    /// (`nonunique`, `unordered`, `pos_width`, `crd_width`), checking both.
    pub fn from_parts(kind: &str, properties: &[(String, PropertyValue)]) -> Result<Self, LevelError> {
        let kind = LevelKind::from_name(kind).ok_or_else(|| LevelError::UnknownKind(kind.to_string()))?;
        let mut level = Self::new(kind);
        for (name, value) in properties {
            if !kind.capabilities().properties.contains(&name.as_str()) {
                return Err(LevelError::Property { kind, property: name.clone() });
            }
            match (name.as_str(), *value) {
                ("nonunique", PropertyValue::Unit) => level.unique = false,
                ("unordered", PropertyValue::Unit) => level.ordered = false,
                ("pos_width", PropertyValue::Integer(width @ (8 | 16 | 32 | 64))) => level.pos_width = width as u32,
                ("crd_width", PropertyValue::Integer(width @ (8 | 16 | 32 | 64))) => level.crd_width = width as u32,
                ("n" | "m", PropertyValue::Integer(count @ 1..=0xFFFF)) => {
                    let (n, m) = level.n_of_m.unwrap_or((0, 0));
                    level.n_of_m = Some(if name == "n" { (count as u32, m) } else { (n, count as u32) });
                }
                _ => return Err(LevelError::PropertyValue(name.clone())),
            }
        }
        match level.n_of_m {
            Some((n, m)) if n == 0 || m == 0 => return Err(LevelError::Structure),
            Some((n, m)) if n > m => return Err(LevelError::PropertyValue("n".into())),
            None if kind == LevelKind::Structured => return Err(LevelError::Structure),
            _ => {}
        }
        Ok(level)
    }

    /// The written properties that differ from [`Level::new`]'s, in the
    /// order [`Level::from_parts`] reads them.
    pub fn properties(&self) -> Vec<(&'static str, PropertyValue)> {
        let mut properties = Vec::new();
        if !self.unique {
            properties.push(("nonunique", PropertyValue::Unit));
        }
        if !self.ordered {
            properties.push(("unordered", PropertyValue::Unit));
        }
        if self.pos_width != 64 {
            properties.push(("pos_width", PropertyValue::Integer(self.pos_width.into())));
        }
        if self.crd_width != 64 {
            properties.push(("crd_width", PropertyValue::Integer(self.crd_width.into())));
        }
        if let Some((n, m)) = self.n_of_m {
            properties.extend([("n", PropertyValue::Integer(n.into())), ("m", PropertyValue::Integer(m.into()))]);
        }
        properties
    }

    pub const fn capabilities(&self) -> Capabilities {
        self.kind.capabilities()
    }

    /// Every coordinate is stored: no operand is ever absent at this level.
    pub const fn is_full(&self) -> bool {
        self.capabilities().full
    }

    /// Whether every position the level stores is an entry: not a level
    /// that stores every coordinate, a band's fill values between its ends,
    /// or a structured level's padding of its groups.
    pub const fn stores_only_entries(&self) -> bool {
        !self.is_full() && !matches!(self.kind, LevelKind::Band | LevelKind::Structured)
    }

    /// Whether loops visit the level at every coordinate and locate its
    /// positions by coordinate: full and locatable, as a dense level is. A
    /// level that is not is stepped through, in level order, by the loops
    /// over it; a full one that cannot be located (runs) is stepped through
    /// too, its absent regions merely empty.
    pub const fn is_located(&self) -> bool {
        let capabilities = self.capabilities();
        capabilities.full && capabilities.locatable
    }

    /// The buffers of this level, in ABI order.
    pub const fn buffers(&self) -> &'static [LevelBuffer] {
        self.capabilities().buffers
    }

    /// The bit width of `buffer` at this level.
    pub const fn width(&self, buffer: LevelBuffer) -> u32 {
        match buffer {
            LevelBuffer::Positions | LevelBuffer::Offsets | LevelBuffer::Table => self.pos_width,
            LevelBuffer::Coordinates => self.crd_width,
            LevelBuffer::Bitmap => 8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(names: &[&str]) -> Vec<(String, PropertyValue)> {
        names.iter().map(|name| (name.to_string(), PropertyValue::Unit)).collect()
    }

    #[test]
    fn names_round_trip_and_every_kind_has_a_row() {
        for kind in LevelKind::ALL {
            assert_eq!(LevelKind::from_name(kind.name()), Some(kind));
            let capabilities = kind.capabilities();
            assert_eq!(capabilities.full, capabilities.buffers.is_empty() || kind == LevelKind::RunLength, "{kind}");
            assert!(capabilities.properties.iter().all(|p| ["nonunique", "unordered", "pos_width", "crd_width", "n", "m"].contains(p)));
        }
        assert_eq!(LevelKind::from_name("sparse"), None);
        assert_eq!(LevelKind::VariableBlock.to_string(), "variable_block");
    }

    #[test]
    fn levels_check_their_properties() {
        assert!(!Level::from_parts("compressed", &units(&["nonunique"])).unwrap().unique);
        assert!(!Level::from_parts("singleton", &units(&["unordered"])).unwrap().ordered);
        assert_eq!(
            Level::from_parts("dense", &units(&["nonunique"])),
            Err(LevelError::Property { kind: LevelKind::Dense, property: "nonunique".into() })
        );
        assert_eq!(Level::from_parts("sparse", &[]), Err(LevelError::UnknownKind("sparse".into())));
        let width = |value| vec![("crd_width".to_string(), PropertyValue::Integer(value))];
        assert_eq!(Level::from_parts("compressed", &width(12)), Err(LevelError::PropertyValue("crd_width".into())));
        assert_eq!(Level::from_parts("band", &width(16)).unwrap().crd_width, 16);
        let flag_with_value = vec![("nonunique".to_string(), PropertyValue::Integer(1))];
        assert_eq!(Level::from_parts("compressed", &flag_with_value), Err(LevelError::PropertyValue("nonunique".into())));
        assert_eq!(
            LevelError::Property { kind: LevelKind::Singleton, property: "pos_width".into() }.to_string(),
            "a singleton level has no property \"pos_width\""
        );
    }

    #[test]
    fn properties_read_back_as_written() {
        let level = Level { unique: false, pos_width: 32, crd_width: 8, ..Level::compressed() };
        let written = level.properties().into_iter().map(|(name, value)| (name.to_string(), value)).collect::<Vec<_>>();
        assert_eq!(Level::from_parts("compressed", &written), Ok(level));
        assert!(Level::dense().properties().is_empty());
        assert_eq!(level.width(LevelBuffer::Positions), 32);
        assert_eq!(level.width(LevelBuffer::Coordinates), 8);
        assert_eq!(level.width(LevelBuffer::Bitmap), 8);
        let two_of_four = Level { crd_width: 8, ..Level::structured(2, 4) };
        let written = two_of_four.properties().into_iter().map(|(name, value)| (name.to_string(), value)).collect::<Vec<_>>();
        assert_eq!(Level::from_parts("structured", &written), Ok(two_of_four));
        assert_eq!(Level::from_parts("structured", &[]), Err(LevelError::Structure));
        let five_of_four = vec![("n".to_string(), PropertyValue::Integer(5)), ("m".to_string(), PropertyValue::Integer(4))];
        assert_eq!(Level::from_parts("structured", &five_of_four), Err(LevelError::PropertyValue("n".into())));
    }
}
