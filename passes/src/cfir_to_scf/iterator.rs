//! The iterator model of paper 001 (§7.1): init, valid, eval, next, locate.
//!
//! A [`LevelIterator`] walks the positions of one level under one parent
//! position, or the coordinates of a universe. Each level kind implements it
//! in its own file under `levels/`, and `levels::level_iterator` is the only
//! place that picks an implementation by kind (MLIR's
//! `makeSparseTensorLevel`). A wrapper iterator, such as `Dedup` over a
//! nonunique level, is one more implementation around another. Co-iteration
//! (`coiterate.rs`) is written once over the trait and asks only
//! [`LevelIterator::iteration`].
//!
//! The state of an iterator inside generated loops is SSA values: its
//! [`Cursor`] is loop-carried, and what an enclosing loop knows of a level it
//! walked is a [`Bound`], kept in [`super::Scope::levels`] under the level's
//! [`LevelId`].

use super::error::LowerError;
use super::Emitter;
use crate::place::Place;
use melior::{dialect::arith, ir::Value};
use sparse_formats::Iteration;

/// A tensor of the kernel: its index among the tensors the lowering knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct TensorId(pub usize);

/// One level of one tensor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct LevelId {
    pub tensor: TensorId,
    pub level: usize,
}

impl LevelId {
    /// The level above, or `None` at the root.
    pub fn parent(self) -> Option<Self> {
        self.level.checked_sub(1).map(|level| Self { level, ..self })
    }
}

/// Where an iterator is: the current position, the end of its range
/// (exclusive), and what `init` found that stays fixed while it runs.
#[derive(Clone, Copy)]
pub(super) struct Cursor<'c, 'a> {
    pub position: Value<'c, 'a>,
    pub end: Value<'c, 'a>,
    /// What `init` computed once for the whole range: for a band, the
    /// coordinate minus the position (its first coordinate minus its first
    /// position); for a bytemap, the first position of the parent's row; for
    /// runs, the parent's first run (which starts at coordinate 0).
    pub offset: Option<Value<'c, 'a>>,
    /// A second loop-carried value, for an iterator that walks two things at
    /// once (a variable-block level: the block the position is in).
    pub state: Option<Value<'c, 'a>>,
}

impl<'c, 'a> Cursor<'c, 'a> {
    /// The range `position..end`, with nothing fixed or carried besides.
    pub fn range(position: Value<'c, 'a>, end: Value<'c, 'a>) -> Self {
        Self { position, end, offset: None, state: None }
    }

    /// The loop-carried values: the position, then the state if any.
    pub fn carried(self) -> Vec<Value<'c, 'a>> {
        std::iter::once(self.position).chain(self.state).collect()
    }

    /// The loop-carried values of `cursors` one after another, and where
    /// each cursor's values start among them.
    pub fn carried_in_row(cursors: impl IntoIterator<Item = Self>) -> (Vec<Value<'c, 'a>>, Vec<usize>) {
        let mut values = Vec::new();
        let slots = cursors
            .into_iter()
            .map(|cursor| {
                let slot = values.len();
                values.extend(cursor.carried());
                slot
            })
            .collect();
        (values, slots)
    }

    /// The same iterator at the loop-carried values `carried`.
    pub fn at_carried(self, carried: &[Value<'c, 'a>]) -> Self {
        Self { position: carried[0], state: self.state.map(|_| carried[1]), ..self }
    }

    /// The same iterator at `position`.
    pub fn at(self, position: Value<'c, 'a>) -> Self {
        Self { position, ..self }
    }
}

/// The position an iterator starts under.
#[derive(Clone, Copy)]
pub(super) enum Parent<'c, 'a> {
    /// Level 0: the one root position, 0.
    Root,
    /// The parent level's current position, and where its run of equal
    /// coordinates ends when it is nonunique.
    At { position: Value<'c, 'a>, segment_end: Option<Value<'c, 'a>> },
    /// The parent level's current position, where `present` (an `i1`)
    /// holds: the parent is an operand of an enclosing merge loop
    /// (`merge.rs`), which need not sit on the loop's coordinate, and
    /// where it does not, this level holds nothing. Only
    /// [`Emitter::start`] starts an iterator under it.
    AtIfPresent { position: Value<'c, 'a>, present: Value<'c, 'a> },
    /// The parent level is not bound by an enclosing loop.
    Unbound,
}

impl<'c: 'a, 'a> Parent<'c, 'a> {
    /// The parent position; an error when no enclosing loop bound it.
    pub fn position(self, emitter: &Emitter<'c>, place: Place<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
        match self {
            Self::Root => Ok(emitter.index(place, 0)),
            Self::At { position, .. } => Ok(position),
            Self::AtIfPresent { .. } => Err(LowerError::Malformed("a level below a merge loop's operand read otherwise than by a loop")),
            Self::Unbound => Err(LowerError::Malformed("a level iterated before its parent")),
        }
    }
}

/// What an enclosing loop knows of a level it iterates or locates.
#[derive(Clone, Copy)]
pub(super) struct Bound<'c, 'a> {
    /// The level's position, when its parent's is known.
    pub position: Option<Value<'c, 'a>>,
    /// The coordinate the level sits on.
    pub coordinate: Value<'c, 'a>,
    /// Where the run of equal coordinates at a nonunique level ends.
    pub segment_end: Option<Value<'c, 'a>>,
    /// The window the loop sees the level through (`sig.slice`), whose
    /// coordinate `coordinate` is: a later locate goes through it too.
    pub window: Option<super::slice::Window<'c, 'a>>,
}

/// The coordinates of an iterator's positions as [`LevelIterator::blocks`]
/// finds them.
#[derive(Clone, Copy)]
pub(super) struct Blocks<'c, 'a> {
    /// The buffer of stored coordinates, by position.
    pub coordinates: Value<'c, 'a>,
    /// What the iterator's coordinates are counted from (a window's start).
    pub start: Option<Value<'c, 'a>>,
}

/// Where `next` leaves an iterator.
#[derive(Clone, Copy)]
pub(super) struct Next<'c, 'a> {
    pub position: Value<'c, 'a>,
    /// The next state, when the iterator carries one.
    pub state: Option<Value<'c, 'a>>,
    /// The end of the run of equal coordinates just passed (nonunique levels).
    pub segment_end: Option<Value<'c, 'a>>,
}

impl<'c, 'a> Next<'c, 'a> {
    /// The loop-carried values after `next`, as [`Cursor::carried`] orders them.
    pub fn carried(self) -> Vec<Value<'c, 'a>> {
        std::iter::once(self.position).chain(self.state).collect()
    }
}

/// Where `locate` finds a coordinate in a level that need not store it.
#[derive(Clone, Copy)]
pub(super) struct Located<'c, 'a> {
    /// The coordinate's position; meaningful only where `stored` holds.
    pub position: Value<'c, 'a>,
    /// Whether the level stores the coordinate under the parent (an `i1`).
    pub stored: Value<'c, 'a>,
}

/// An iterator over one level under one parent (paper 001 §7.1).
pub(super) trait LevelIterator<'c: 'a, 'a> {
    /// How a loop visits the level: by coordinate (the position is located
    /// from it, and no coordinate is ever absent), by stored position, or by
    /// stored range of coordinates (runs, with [`LevelIterator::range_end`]).
    fn iteration(&self) -> Iteration;

    /// Whether the coordinates under one parent come in order, which
    /// co-iteration needs.
    fn ordered(&self) -> bool {
        true
    }

    /// `init`: the first position under `parent`, and the end.
    fn init(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, parent: Parent<'c, 'a>) -> Result<Cursor<'c, 'a>, LowerError>;

    /// `seek`: from `cursor`, the one `init` gave under `parent`, the first
    /// position whose coordinate is at least `target` (for a level visited
    /// by runs, the first run that ends past it), or the end: a binary
    /// search over an ordered level's positions. An iterator that carries a
    /// state seeks it too (a variable-block level, its block).
    fn seek(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        parent: Parent<'c, 'a>,
        cursor: Cursor<'c, 'a>,
        target: Value<'c, 'a>,
    ) -> Result<Cursor<'c, 'a>, LowerError> {
        let _ = parent;
        if cursor.state.is_some() {
            return Err(LowerError::Malformed("a seek in an iterator that carries a state it does not seek"));
        }
        let below = |here: Place<'c, 'a>, q: Value<'c, 'a>| {
            let at = cursor.at(q);
            match self.range_end(emitter, here, at) {
                Some(end) => emitter.compare(here, arith::CmpiPredicate::Ule, end, target),
                None => emitter.compare(here, arith::CmpiPredicate::Ult, self.coordinate(emitter, here, at), target),
            }
        };
        Ok(cursor.at(emitter.partition_point(place, cursor.position, cursor.end, &below)))
    }

    /// `valid`: whether `cursor` has a position left (an `i1`). For most
    /// iterators `position < end`; a window of an ordered level also stops
    /// at the first coordinate past the window, instead of finding that
    /// position before the loop.
    fn valid(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        emitter.compare(place, arith::CmpiPredicate::Ult, cursor.position, cursor.end)
    }

    /// `eval`: the coordinate where `cursor` is.
    fn coordinate(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a>;

    /// Whether no two positions under one parent hold the same coordinate
    /// (a unique level as stored): a loop over one parent's positions
    /// visits each coordinate once.
    fn distinct(&self) -> bool {
        false
    }

    /// The buffer holding the coordinate of each position the iterator
    /// visits, increasing with the position, when it has one (a compressed
    /// level as stored): a run of positions is then copied at once.
    fn run_coordinates(&self) -> Option<Value<'c, 'a>> {
        None
    }

    /// Where the coordinates of the positions the iterator visits lie, in
    /// order and each once, when they lie in a buffer: its coordinate at
    /// position `q` is `coordinates[q] − start` (a unique compressed level as
    /// stored, or seen through a window of step 1). An intersection passes
    /// blocks of them at once (`skip_blocks.rs`).
    fn blocks(&self) -> Option<Blocks<'c, 'a>> {
        self.run_coordinates().filter(|_| self.distinct()).map(|coordinates| Blocks { coordinates, start: None })
    }

    /// Whether each parent's segment starts where the previous parent's
    /// ends (`pos[p + 1]` both), so consecutive parents' runs are one.
    fn segments_abut(&self) -> bool {
        false
    }

    /// For an iterator visited by ranges, the end (exclusive) of the range
    /// of coordinates where `cursor` is; its `coordinate` is the range's
    /// first. `None` for any other iterator.
    fn range_end(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Option<Value<'c, 'a>> {
        let _ = (emitter, place, cursor);
        None
    }

    /// The level's position where `cursor` sits on `coordinate`: where the
    /// level below and the values find it. The cursor's position unless the
    /// level lays its positions out otherwise (a bytemap iterates a list of
    /// its stored coordinates but stores densely).
    fn position(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>, coordinate: Value<'c, 'a>) -> Value<'c, 'a> {
        let _ = (emitter, place, coordinate);
        cursor.position
    }

    /// `next`: the position after `cursor`, which sits on `coordinate`.
    fn next(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>, coordinate: Value<'c, 'a>) -> Next<'c, 'a> {
        let _ = coordinate;
        let one = emitter.index(place, 1);
        Next { position: emitter.add(place, cursor.position, one), state: cursor.state, segment_end: None }
    }

    /// `locate` in a full level: the position of `coordinate` under the
    /// parent position `parent`; `None` when the level cannot be located.
    fn locate(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        parent: Value<'c, 'a>,
        coordinate: Value<'c, 'a>,
    ) -> Option<Value<'c, 'a>> {
        let _ = (emitter, place, parent, coordinate);
        None
    }

    /// `locate` in a level that is not full (TACO's locate with its found
    /// flag): the position of `coordinate` under the parent position
    /// `parent`, and whether the level stores it; `None` when the level
    /// cannot be located. A loop that intersects such a level with others
    /// visits their coordinates and tests this instead of co-iterating it.
    fn locate_stored(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        parent: Value<'c, 'a>,
        coordinate: Value<'c, 'a>,
    ) -> Option<Located<'c, 'a>> {
        let _ = (emitter, place, parent, coordinate);
        None
    }
}

/// An iterator over the coordinates `0..size` of no tensor (`sig.universe`,
/// which a loop visits when no tensor level drives it): a dense level's,
/// never asked to locate.
pub(super) fn universe_iterator<'c: 'a, 'a>(size: Value<'c, 'a>) -> Box<dyn LevelIterator<'c, 'a> + 'a> {
    Box::new(super::levels::Dense { size })
}
