//! Row workspaces of a scattered sparse output's last level: the dense
//! workspace (paper 004's; upstream's expanded access pattern) and the hash
//! workspace (`hash_row`).
//!
//! The loops over the levels above the last follow those levels, outermost
//! and in order (`arr-concretize` chose them so), so each iteration of the
//! innermost of them owns one *row*: the entries below its coordinates. A
//! store at coordinate `j` marks `j` touched and lists it the first time, and
//! stores its value at `j`'s place, or reduces it into what is there,
//! starting from the fill value or the statement's start
//! (`arr.reduce_start`); without a reduction the last written wins. When the
//! row's iteration ends, its touched coordinates are appended to the result
//! in order, or as they were touched where the row is an unordered last
//! level ([`RowOrder`]; the levels above are appended to as for any output
//! assembled in order), and unmarked, so the next row starts empty. A rank-one result is a
//! single row, ended after the loops. A row may span the last several levels
//! (`levels` in `sig.workspace`): its coordinate is theirs linearized in
//! level order, split back when appended; one spanning every level (paper
//! 004's second-order dense scattering) ends after the loops.
//!
//! The dense row spans the last level's dimension: a bit per coordinate and
//! a value per coordinate. Its touched coordinates are found in order by
//! scanning the bits when the row is dense enough that reading them costs
//! less than sorting, and otherwise by sorting the list. The bits have a
//! second level, a bit per word that is set when the word is, so a scan
//! reads the words of the second level and then only the words that hold
//! touched coordinates. The work is proportional to what the row touched,
//! or to its length in words of the second level when that is less. The hash
//! row keeps the touched coordinates as keys of a table sized by what a row
//! receives, and sorts them when the row ends. A dense row over a dimension
//! only the data gives is hashed instead when the kernel finds it longer
//! than a dense row may be (2^28, as `arr-concretize` keeps to over a stated
//! dimension): both tables are built, the unused one empty or smallest, and
//! each store and row end branches on the choice (`Hashed::When`).
//!
//! The loops run twice, or three times. A first pass, the *bounding* pass,
//! only counts the stores (and, for a row that may be hashed, the most one
//! row receives):
//! no row can touch more coordinates than stores reach it, and the pass
//! reads no coordinates below the row's, so LLVM folds its innermost loops
//! into their trip counts (an SpGEMM's bounding pass reads the positions of
//! `B`'s rows, never their coordinates). When the bound in all is at most
//! [`BOUND_LIMIT`] entries the result's last level is allocated for it, and
//! each level above for the rows that received a store (a row adds at most
//! one entry to each): the coordinates and values the entries never reach
//! are never touched. Otherwise a *counting* pass marks and counts each
//! row's touched coordinates, and the rows that touched any, as the
//! component list's does (`workspace.rs`).
//! Either way the buffers are trimmed to the entries that are not the fill
//! after the last pass, which computes and appends them.

use super::error::LowerError;
use super::hash_row::HashTable;
use super::storage::Buffers;
use super::workspace::Workspace;
use super::{Emitter, Scope, TensorId};
use crate::ir::{block_argument, block_region, only_block};
use crate::place::Place;
use melior::{
    dialect::{arith, memref, scf},
    ir::{
        attribute::IntegerAttribute,
        block::BlockLike,
        operation::OperationBuilder,
        operation::OperationLike,
        r#type::{DimSize, IntegerType, RankedTensorType},
        Attribute, OperationRef, ShapedTypeLike, Type, Value, ValueLike,
    },
};

/// How much cheaper reading a word of bits is than a sort's step per element
/// and level: a row is scanned rather than sorted when its length in words
/// of the bits' second level is below `SCAN_FACTOR · count · log2 count` for
/// `count` touched coordinates.
const SCAN_FACTOR: i64 = 4;

/// Coordinates per word of the row's bits.
const WORD_BITS: i64 = 64;

/// How many coordinates a word of the row's bits lists without a branch
/// when the row ends (see [`Emitter::list_in_order`]); the list has as many
/// entries more than the row has coordinates, for what is written past the
/// last. A scanned row whose words hold more than this many on average is
/// appended as its bits are found instead (see [`Emitter::end_dense_row`]).
const UNROLLED_BITS: i64 = 4;

/// The most entries the result's buffers are allocated for from the bounding
/// pass's count of stores; a larger bound is replaced by the exact count of
/// a counting pass. 2^26 entries of an index and an `f64` are 1 GiB of
/// address space, of which a CSR result touches only the entries written.
pub(super) const BOUND_LIMIT: i64 = 1 << 26;

/// The most coordinates a row spanning several levels may have (their
/// product must not wrap around; no such row fits in memory anyway).
const BLOCK_LIMIT: i64 = 1 << 62;

/// The longest dense row over a dimension only the data gives: a longer one
/// is hashed (the limit `arr-concretize` keeps to over a stated dimension).
const DENSE_ROW_LIMIT: i64 = crate::arr_concretize::DENSE_ROW_LIMIT as i64;

/// What code emitted on a row's table yields.
type Emitted<'c, 'a> = Result<Vec<Value<'c, 'a>>, LowerError>;

/// What a scan of a row's bits emits on each nonzero word: from the word's
/// first coordinate, the word and the values carried so far, the values
/// carried on.
type WordFold<'f, 'c, 'a> = dyn Fn(Value<'c, 'a>, Value<'c, 'a>, &[Value<'c, 'a>], Place<'c, 'a>) -> Emitted<'c, 'a> + 'f;

/// The slots of a row's `counts`: the coordinates the current row touched;
/// the stores so far (bounding pass) or the entries of the rows ended so far
/// (counting pass); the rows ended so far that received a store (bounding)
/// or touched a coordinate (counting), which bounds the entries of each
/// level above the row's; the stores into the current row, and the most
/// stores into one row (bounding pass).
const TOUCHED: i64 = 0;
const ENTRIES: i64 = 1;
const ROWS: i64 = 2;
const ROW_STORES: i64 = 3;
const MOST_STORES: i64 = 4;

/// The order a row's touched coordinates are appended to the output in.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum RowOrder {
    /// Increasing: found by scanning the row's bits or by sorting its list.
    Increasing,
    /// As they were first touched, neither scanned nor sorted: the row
    /// spans the output's last level alone, and that level is unordered
    /// (`compressed(nonordered)`), as SciPy's and GraphBLAS's products may
    /// leave their rows.
    AsTouched,
}

impl RowOrder {
    /// The order of a row of `format` spanning its last `levels` levels.
    pub(super) fn of(format: &sparse_formats::Format, levels: usize) -> Self {
        match format.levels.last() {
            Some(last) if levels == 1 && !last.ordered => RowOrder::AsTouched,
            _ => RowOrder::Increasing,
        }
    }
}

/// What a pass over the loops does with a row.
#[derive(Clone, Copy)]
pub(super) enum RowPass<'c, 'a> {
    /// Counts the stores into the row's output (a bound on its entries).
    Bound,
    /// Marks and counts each row's touched coordinates.
    Count,
    /// Stores and reduces into the row's values (`memref<?xT>`, one per
    /// coordinate of a dense row or per slot of a hash row), and appends
    /// them to the output as each row ends.
    Fill(Value<'c, 'a>),
}

/// The row workspace of a scattered output.
#[derive(Clone)]
pub(super) struct Row<'c, 'a> {
    /// The dimensions the output's last levels store, which the row spans,
    /// in level order: the last level's alone, or the last `n` levels' for
    /// a block of them (the whole result for all of them), whose
    /// coordinates are linearized in level order into the row's.
    pub dims: Vec<usize>,
    /// How many coordinates the row spans: the product of its dimensions.
    pub width: Value<'c, 'a>,
    /// Where the row marks its touched coordinates.
    pub table: RowTable<'c, 'a>,
    /// The counts of the passes (a `memref<?xindex>` of 5; [`TOUCHED`] and on).
    pub counts: Value<'c, 'a>,
    /// What the pass being emitted does with the row.
    pub pass: RowPass<'c, 'a>,
    /// What each touched coordinate starts from, when not the fill.
    pub start: Option<Attribute<'c>>,
    /// How many loops enclose the statement's: the loop over the output's
    /// level `l` is the enclosing loop `outer_loops + l` (see
    /// `Scope::loop_coordinates`).
    pub outer_loops: usize,
}

/// Where a row marks its touched coordinates: bits over the row's
/// dimension, a hash table, or either, chosen when the kernel runs.
#[derive(Clone)]
pub(super) struct RowTable<'c, 'a> {
    /// The bits, unless the row is always hashed.
    pub dense: Option<DenseTable<'c, 'a>>,
    /// The hash table, once the bounding pass has sized it, unless the row
    /// is never hashed.
    pub hash: Option<HashTable<'c, 'a>>,
    /// Whether the row is hashed.
    pub hashed: Hashed<'c, 'a>,
}

/// Whether a row is hashed.
#[derive(Clone, Copy)]
pub(super) enum Hashed<'c, 'a> {
    /// `{kind = "dense"}` over a dimension the type states.
    Never,
    /// `{kind = "hash"}`.
    Always,
    /// `{kind = "dense"}` over a dimension only the data gives: hashed when
    /// the dimension is longer than a dense row may be (an `i1`), dense
    /// otherwise. A dense table is then allocated empty when it is hashed,
    /// and the hash table small when it is not.
    When(Value<'c, 'a>),
}

/// The bits of a dense row.
#[derive(Clone)]
pub(super) struct DenseTable<'c, 'a> {
    /// Per coordinate of the row, whether the current row touched it: a bit
    /// in words of [`WORD_BITS`] (`memref<?xi64>`).
    pub touched: Value<'c, 'a>,
    /// Per word of `touched`, whether it may hold a set bit: the bits'
    /// second level, in words of [`WORD_BITS`] (`memref<?xi64>`).
    pub words_touched: Value<'c, 'a>,
    /// The coordinates the current row touched, in the order first touched.
    pub list: Value<'c, 'a>,
    /// Where sorting the list merges into.
    pub spare: Value<'c, 'a>,
    /// The order the row is appended in. As touched, the row needs neither
    /// the second level nor the spare list, which are empty.
    pub appended_in: RowOrder,
}

/// The message of a dense row too long for memory.
pub(super) const DENSE_ROW_TOO_LONG: &str = "error: the dense workspace of a sparse result could not be allocated: its last dimension is \
    too long for memory; choose the hash workspace, sig.workspace = {kind = \"hash\"}, on the statement";

/// The message of a row spanning several levels whose coordinates cannot
/// be linearized.
const BLOCK_TOO_WIDE: &str = "error: a workspace of a sparse result spans several levels whose dimensions multiply past 2^62 \
    coordinates; choose the bucket workspace, sig.workspace = {kind = \"bucket\"}, on the statement";

/// The message of a row too long for a dense row where no hash table can be
/// sized.
const ROW_NEITHER_DENSE_NOR_HASHED: &str = "error: a sparse result's rows are longer than 2^28 coordinates, too long for a \
    dense workspace, and the loop nest that writes it also writes another workspace or a result of unknown size, so \
    no hash workspace can be sized for it";

/// The message of a hash table too large for memory.
const HASH_TABLE_TOO_LARGE: &str = "error: the hash workspace of a sparse result could not be allocated: a row of the result \
    receives more stores than a table in memory holds";

impl Row<'_, '_> {
    /// Whether the row may be hashed (always, or chosen when the kernel runs).
    pub(super) fn may_hash(&self) -> bool {
        !matches!(self.table.hashed, Hashed::Never)
    }

    /// Whether the row is always hashed (`{kind = "hash"}`).
    pub(super) fn always_hashed(&self) -> bool {
        matches!(self.table.hashed, Hashed::Always)
    }

    /// Whether the pass being emitted is the bounding pass, which reads no
    /// coordinate below the row's.
    pub(super) fn is_bounding(&self) -> bool {
        matches!(self.pass, RowPass::Bound)
    }

    /// Whether the pass being emitted is the counting pass, which reads no
    /// values.
    pub(super) fn is_counting(&self) -> bool {
        matches!(self.pass, RowPass::Count)
    }
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// An empty row of `output`'s last `levels` levels (of type `tensor`),
    /// bounding: hashed when `hashed`, else dense, or hashed when the data
    /// gives one of the row's dimensions and the row is longer than a dense
    /// row may be; its coordinates start from `start`, or the fill.
    pub(super) fn start_row(
        &self,
        output: &Buffers<'c, 'a>,
        tensor: RankedTensorType<'c>,
        levels: usize,
        hashed: bool,
        start: Option<Attribute<'c>>,
        place: Place<'c, 'a>,
    ) -> Result<Row<'c, 'a>, LowerError> {
        let format = output.format();
        if format.is_blocked() || format.batched() {
            return Err(LowerError::Op("a row workspace for a result stored in blocks or batches".into()));
        }
        let first = format.rank().checked_sub(levels).filter(|_| levels > 0).ok_or(LowerError::Malformed("a row workspace of no level"))?;
        let dims = format.dim_to_lvl[first..].to_vec();
        let size = self.row_width(output, &dims, place)?;
        let stated = dims.iter().all(|&dim| matches!(tensor.dim_size(dim), Ok(DimSize::Static(_))));
        let hashed = match (hashed, stated) {
            (true, _) => Hashed::Always,
            (false, true) => Hashed::Never,
            (false, false) => Hashed::When(self.compare(place, arith::CmpiPredicate::Ugt, size, self.index(place, DENSE_ROW_LIMIT))),
        };
        let appended_in = RowOrder::of(format, levels);
        let dense = match hashed {
            Hashed::Always => None,
            Hashed::Never => Some(self.dense_table(size, appended_in, place)?),
            Hashed::When(hashed) => Some(self.dense_table(self.select(place, hashed, self.index(place, 0), size), appended_in, place)?),
        };
        let table = RowTable { dense, hash: None, hashed };
        let counts = self.state(5, 0, place);
        Ok(Row { dims, width: size, table, counts, pass: RowPass::Bound, start, outer_loops: 0 })
    }

    /// How many coordinates a row over `dims` spans: their product, which
    /// stops the program with a message past [`BLOCK_LIMIT`] (no such row
    /// fits in memory, and the product must not wrap around).
    fn row_width(&self, output: &Buffers<'c, 'a>, dims: &[usize], place: Place<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
        let Some((&first, rest)) = dims.split_first() else { return Err(LowerError::Malformed("a row of no dimension")) };
        let mut width = output.dims[first];
        for &dim in rest {
            let size = output.dims[dim];
            let at_most = self.div(place, self.index(place, BLOCK_LIMIT), self.max(place, size, self.index(place, 1)));
            self.check(place, self.compare(place, arith::CmpiPredicate::Ule, width, at_most), BLOCK_TOO_WIDE)?;
            width = self.mul(place, width, size);
        }
        Ok(width)
    }

    /// The row's coordinate of the output coordinates `indices`: those of
    /// the row's dimensions, linearized in level order.
    fn row_coordinate(
        &self,
        row: &Row<'c, 'a>,
        output: &Buffers<'c, 'a>,
        indices: &[Value<'c, 'a>],
        place: Place<'c, 'a>,
    ) -> Value<'c, 'a> {
        let (&first, rest) = row.dims.split_first().expect("a row spans a dimension");
        rest.iter().fold(indices[first], |linear, &dim| self.add(place, self.mul(place, linear, output.dims[dim]), indices[dim]))
    }

    /// The output coordinates, along the row's dimensions, of the row's
    /// coordinate `coordinate` (written into `indices`).
    fn split_row_coordinate(
        &self,
        row: &Row<'c, 'a>,
        output: &Buffers<'c, 'a>,
        coordinate: Value<'c, 'a>,
        indices: &mut [Value<'c, 'a>],
        place: Place<'c, 'a>,
    ) {
        let mut left = coordinate;
        for (position, &dim) in row.dims.iter().enumerate().rev() {
            if position == 0 {
                indices[dim] = left;
            } else {
                indices[dim] = self.rem(place, left, output.dims[dim]);
                left = self.div(place, left, output.dims[dim]);
            }
        }
    }

    /// Empty bits for a row of `size` coordinates, appended in `appended_in`.
    pub(super) fn dense_table(
        &self,
        size: Value<'c, 'a>,
        appended_in: RowOrder,
        place: Place<'c, 'a>,
    ) -> Result<DenseTable<'c, 'a>, LowerError> {
        let words = self.words(place, size);
        let touched = self.row_buffer(place, self.word_type(), words, DENSE_ROW_TOO_LONG)?;
        let empty = self.word(place, 0);
        self.for_each(place, words, |body, at| self.store(Place::End(body), empty, touched, at));
        let (second_level, spare_size) = match appended_in {
            RowOrder::Increasing => (self.words(place, words), size),
            RowOrder::AsTouched => (self.index(place, 0), self.index(place, 0)),
        };
        let words_touched = self.row_buffer(place, self.word_type(), second_level, DENSE_ROW_TOO_LONG)?;
        self.for_each(place, second_level, |body, at| self.store(Place::End(body), empty, words_touched, at));
        let slack = self.add(place, size, self.index(place, UNROLLED_BITS));
        let list = self.row_buffer(place, Type::index(self.context), slack, DENSE_ROW_TOO_LONG)?;
        let spare = self.row_buffer(place, Type::index(self.context), spare_size, DENSE_ROW_TOO_LONG)?;
        Ok(DenseTable { touched, words_touched, list, spare, appended_in })
    }

    /// Sizes the scattered outputs `rows` (all row workspaces) before the
    /// fill pass over `loops`: by the bounding pass, which also sizes the
    /// tables of rows that may be hashed, or when a row's bound is over
    /// [`BOUND_LIMIT`], by a counting pass after it. Returns the scope the
    /// sizes and tables are read from.
    pub(super) fn size_rows(
        &self,
        loops: &[OperationRef<'c, 'a>],
        rows: &[TensorId],
        rows_after_loops: &[TensorId],
        place: Place<'c, 'a>,
        scope: &Scope<'c, 'a>,
    ) -> Result<Scope<'c, 'a>, LowerError> {
        let counts = rows
            .iter()
            .map(|&id| match &scope.tensor(id).workspace {
                Some(Workspace::Row(row)) => Ok(row.counts),
                _ => Err(LowerError::Malformed("not a row workspace")),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut bounding = scope.clone();
        for &op in loops {
            self.op(op, place, &mut bounding)?;
        }
        for &id in rows_after_loops {
            self.end_row(id, place, &bounding)?;
        }
        let mut sized = scope.clone();
        for &id in rows {
            let output = sized.tensor(id);
            let Some(Workspace::Row(row)) = &output.workspace else { continue };
            let (width, appended_in) = (row.width, RowOrder::of(output.format(), row.dims.len()));
            let Some(Workspace::Row(row)) = &mut sized.tensors[id.0].workspace else { continue };
            let most = self.load(place, row.counts, self.index(place, MOST_STORES));
            let most = match row.table.hashed {
                Hashed::Never => continue,
                Hashed::Always => most,
                // A row that turns out dense gets the smallest table.
                Hashed::When(hashed) => self.select(place, hashed, most, self.index(place, 0)),
            };
            let buffer = |element, length| self.row_buffer(place, element, length, HASH_TABLE_TOO_LARGE);
            row.table.hash = Some(self.allocate_hash_table(most, width, appended_in, place, &buffer)?);
        }
        let (stores, limit) = (self.index(place, ENTRIES), self.index(place, BOUND_LIMIT));
        let mut over = self.boolean(place, false);
        for &row_counts in &counts {
            let row_over = self.compare(place, arith::CmpiPredicate::Ugt, self.load(place, row_counts, stores), limit);
            over = self.one(place, arith::ori(over, row_over, self.location));
        }
        let counting = self.then(place, over);
        let here = Place::End(counting);
        for &row_counts in &counts {
            for slot in [ENTRIES, ROWS] {
                self.store(here, self.index(here, 0), row_counts, self.index(here, slot));
            }
        }
        let counted = self.counting_pass(loops, rows, rows_after_loops, here, &sized)?;
        counting.append_operation(scf::r#yield(&[], self.location));
        Ok(counted)
    }

    /// Makes `row` dense for good where no bounding pass sizes a hash table:
    /// a row the kernel would hash (its dimension over the dense limit)
    /// stops the program with a message instead.
    pub(super) fn keep_dense(&self, row: &mut Row<'c, 'a>, place: Place<'c, 'a>) -> Result<(), LowerError> {
        if let Hashed::When(hashed) = row.table.hashed {
            self.check(place, self.negate(place, hashed), ROW_NEITHER_DENSE_NOR_HASHED)?;
            row.table.hashed = Hashed::Never;
        }
        Ok(())
    }

    /// Emits the counting pass over `loops` at `place`: the rows among
    /// `scattered` mark and count their touched coordinates (those of
    /// `rows_after_loops` end after the loops), and every other output counts
    /// its entries. Returns the scope the counts are read from.
    pub(super) fn counting_pass(
        &self,
        loops: &[OperationRef<'c, 'a>],
        scattered: &[TensorId],
        rows_after_loops: &[TensorId],
        place: Place<'c, 'a>,
        scope: &Scope<'c, 'a>,
    ) -> Result<Scope<'c, 'a>, LowerError> {
        let mut counting = scope.clone();
        for &id in scattered {
            if let Some(Workspace::Row(row)) = &mut counting.tensors[id.0].workspace {
                row.pass = RowPass::Count;
            }
        }
        for &op in loops {
            self.op(op, place, &mut counting)?;
        }
        for &id in rows_after_loops {
            self.end_row(id, place, &counting)?;
        }
        Ok(counting)
    }

    /// Checks that every store of `writers` into the row's output writes at
    /// the coordinates the row's end reads: for each level above the last,
    /// the argument of a `cfir.while` at that level's depth among `whiles`
    /// (the segment's loops with their depths), as `arr-concretize` emits.
    pub(super) fn check_row_stores(
        &self,
        output: &Buffers<'c, 'a>,
        row: &Row<'c, 'a>,
        writers: &[OperationRef<'c, 'a>],
        whiles: &[(OperationRef<'c, 'a>, usize)],
    ) -> Result<(), LowerError> {
        let at_loop = |writer: &OperationRef<'c, 'a>, level: usize, dim: usize| {
            let Some(argument) = writer.operand(2 + dim).ok().and_then(block_argument) else { return false };
            let owner = argument.owner().parent_operation().map(|op| op.to_raw().ptr);
            whiles.iter().any(|(op, depth)| *depth == level && Some(op.to_raw().ptr) == owner)
        };
        let levels = output.format().dim_to_lvl.iter().enumerate().filter(|&(_, dim)| !row.dims.contains(dim));
        let Some(stray) = writers.iter().find(|writer| !levels.clone().all(|(level, &dim)| at_loop(writer, level, dim))) else {
            return Ok(());
        };
        if self.failed_at.get().is_none() {
            self.failed_at.set(Some(stray.location()));
        }
        Err(LowerError::Op(
            "a store into a row workspace at coordinates other than those of the loops over the result's levels above the row's".into(),
        ))
    }

    /// The store `op` of `value` at `indices` into the row: counts it in the
    /// bounding pass; otherwise marks and lists the coordinate the first time
    /// and, in the fill pass, stores the value, or reduces it by the store's
    /// function into the coordinate's (at the coordinate in a dense row, at
    /// its slot in a hash row).
    pub(super) fn touch(
        &self,
        row: &Row<'c, 'a>,
        op: OperationRef<'c, 'a>,
        output: &Buffers<'c, 'a>,
        indices: &[Value<'c, 'a>],
        value: Value<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<(), LowerError> {
        if let RowPass::Bound = row.pass {
            for slot in [ENTRIES, ROW_STORES] {
                let slot = self.index(place, slot);
                self.store(place, self.add(place, self.load(place, row.counts, slot), self.index(place, 1)), row.counts, slot);
            }
            return Ok(());
        }
        let coordinate = self.row_coordinate(row, output, indices, place);
        let touched = self.index(place, TOUCHED);
        let marked = self.by_table(
            row,
            place,
            &[IntegerType::new(self.context, 1).into(), Type::index(self.context)],
            &|table, here| Ok(vec![self.mark_dense(table, row.counts, touched, coordinate, here), coordinate]),
            &|table, here| {
                let (seen, slot) = self.mark_hashed(table, row.counts, touched, coordinate, here)?;
                Ok(vec![seen, slot])
            },
        )?;
        let (seen, at) = (marked[0], marked[1]);
        if let RowPass::Fill(values) = row.pass {
            let stored = match sparse_dialects::cfir::Reduce::of(op).and_then(|view| view.function()) {
                Some(function) => {
                    let start = match row.start {
                        Some(start) => self.constant(start, output.element, place)?,
                        None => self.constant(output.encoding.fill, output.element, place)?,
                    };
                    let old = self.seen_value_or(place, seen, values, at, start)?;
                    self.reduce_with(op, place, function, old, value, output.element)
                }
                None => value,
            };
            self.store(place, stored, values, at);
        }
        Ok(())
    }

    /// What a store into a row reduces into: the value at `at` in the row's
    /// `values` where the coordinate was `seen` before, else `start`. Only a
    /// coordinate seen before reads its value: a new one (most stores, in
    /// SpGEMM) takes the branch that yields `start`, which canonicalization
    /// joins with the one that marks it.
    pub(super) fn seen_value_or(
        &self,
        place: Place<'c, 'a>,
        seen: Value<'c, 'a>,
        values: Value<'c, 'a>,
        at: Value<'c, 'a>,
        start: Value<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        Ok(self.if_else(place, seen, &[start.r#type()], |here| Ok(vec![self.load(here, values, at)]), |_| Ok(vec![start]))?[0])
    }

    /// Marks `coordinate` in the bits (and its word in the second level, for
    /// a row appended in increasing order), listing it (at `counts[touched]`,
    /// which grows by one) the first time; returns whether it was marked.
    /// The marking is a branch: without one (the words stored and the list
    /// written either way), `sparse-run --time` on the benchmark's L2
    /// SpGEMMs took 25-50% longer on the banded matrix, whose stores mostly
    /// find their coordinate marked and each waited on the store of the same
    /// word before it, and 3-10% less on the uniform ones.
    pub(super) fn mark_dense(
        &self,
        table: &DenseTable<'c, 'a>,
        counts: Value<'c, 'a>,
        touched: Value<'c, 'a>,
        coordinate: Value<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Value<'c, 'a> {
        let (word_at, bit) = self.bit_of(place, coordinate);
        let word = self.load(place, table.touched, word_at);
        let seen = self.differs_from_zero(place, self.one(place, arith::andi(word, bit, self.location)));
        let first = self.then(place, self.negate(place, seen));
        let here = Place::End(first);
        self.store(here, self.one(here, arith::ori(word, bit, self.location)), table.touched, word_at);
        if table.appended_in == RowOrder::Increasing {
            let (summary_at, summary_bit) = self.bit_of(here, word_at);
            let summary = self.load(here, table.words_touched, summary_at);
            self.store(here, self.one(here, arith::ori(summary, summary_bit, self.location)), table.words_touched, summary_at);
        }
        let count = self.load(here, counts, touched);
        self.store(here, coordinate, table.list, count);
        self.store(here, self.add(here, count, self.index(here, 1)), counts, touched);
        first.append_operation(scf::r#yield(&[], self.location));
        seen
    }

    /// Ends the current row of the output `id` at `place`: in the fill pass
    /// its touched coordinates are appended in the row's [`RowOrder`], with
    /// their values, to the output; in the counting pass they are counted.
    /// Either way they are unmarked and the row starts empty. The bounding pass keeps the
    /// most stores a row received.
    pub(super) fn end_row(&self, id: TensorId, place: Place<'c, 'a>, scope: &Scope<'c, 'a>) -> Result<(), LowerError> {
        let output = scope.tensor(id);
        let Some(Workspace::Row(row)) = &output.workspace else { return Err(LowerError::Malformed("a row end of no row workspace")) };
        let zero = self.index(place, 0);
        if let RowPass::Bound = row.pass {
            let stores = self.index(place, ROW_STORES);
            let row_stores = self.load(place, row.counts, stores);
            self.count_row(row.counts, row_stores, place);
            if row.may_hash() {
                let most = self.index(place, MOST_STORES);
                self.store(place, self.max(place, self.load(place, row.counts, most), row_stores), row.counts, most);
            }
            self.store(place, zero, row.counts, stores);
            return Ok(());
        }
        let touched = self.index(place, TOUCHED);
        let count = self.load(place, row.counts, touched);
        match (row.pass, output.assembly) {
            (RowPass::Fill(values), Some(assembly)) => {
                // The loops over the levels above the row's are the
                // statement's outermost, in level order.
                let mut indices = vec![zero; output.dims.len()];
                for (level, &dim) in output.format().dim_to_lvl.iter().enumerate().filter(|&(_, dim)| !row.dims.contains(dim)) {
                    indices[dim] = *scope
                        .loop_coordinates
                        .get(row.outer_loops + level)
                        .ok_or(LowerError::Malformed("a row workspace's row ends outside the loops over the levels above it"))?;
                }
                // A row's coordinates are distinct: each entry is new at the
                // last level.
                let append = |coordinate: Value<'c, 'a>, at: Value<'c, 'a>, here: Place<'c, 'a>| {
                    let mut indices = indices.clone();
                    self.split_row_coordinate(row, output, coordinate, &mut indices, here);
                    self.append(output, assembly, &indices, self.load(here, values, at), true, here)
                };
                let dimension = row.width;
                self.by_table(
                    row,
                    place,
                    &[],
                    &|table, here| {
                        self.end_dense_row(table, dimension, count, here, &append)?;
                        Ok(vec![])
                    },
                    &|table, here| {
                        self.visit_hashed(table, count, here, &append)?;
                        Ok(vec![])
                    },
                )?;
            }
            _ => {
                self.by_table(
                    row,
                    place,
                    &[],
                    &|table, here| {
                        self.for_each(here, count, |body, at| {
                            let there = Place::End(body);
                            self.clear_word(table, self.load(there, table.list, at), there);
                        });
                        Ok(vec![])
                    },
                    &|table, here| {
                        self.empty_hashed(table, count, here);
                        Ok(vec![])
                    },
                )?;
                let entries = self.index(place, ENTRIES);
                self.store(place, self.add(place, self.load(place, row.counts, entries), count), row.counts, entries);
                self.count_row(row.counts, count, place);
            }
        }
        self.store(place, zero, row.counts, touched);
        Ok(())
    }

    /// Adds the row just ended to `counts[ROWS]` when `size` (what it
    /// received or touched) is not zero.
    fn count_row(&self, counts: Value<'c, 'a>, size: Value<'c, 'a>, place: Place<'c, 'a>) {
        let rows = self.index(place, ROWS);
        let nonempty = self.compare(place, arith::CmpiPredicate::Ne, size, self.index(place, 0));
        let one = self.one(place, arith::index_castui(nonempty, Type::index(self.context), self.location));
        self.store(place, self.add(place, self.load(place, counts, rows), one), counts, rows);
    }

    /// Appends the `count` coordinates of a dense row's current row in its
    /// order (`append(coordinate, coordinate, place)`, its values being at
    /// the coordinates), clearing its bits. In the order they were touched,
    /// they are appended from the list as it is. In increasing order, a row
    /// dense enough is scanned:
    /// when its words hold more than [`UNROLLED_BITS`] coordinates each on
    /// average, each found is appended at once (a loop per word, long
    /// enough that its exit mispredicting matters little; listing them
    /// first took 15% longer on the L2 uniform 16/row SpGEMM); otherwise
    /// they are listed first ([`Emitter::list_in_order`]). Any other row
    /// has its list sorted. A listed row is then appended from its list.
    pub(super) fn end_dense_row(
        &self,
        table: &DenseTable<'c, 'a>,
        dimension: Value<'c, 'a>,
        count: Value<'c, 'a>,
        place: Place<'c, 'a>,
        append: &dyn Fn(Value<'c, 'a>, Value<'c, 'a>, Place<'c, 'a>) -> Result<(), LowerError>,
    ) -> Result<(), LowerError> {
        if table.appended_in == RowOrder::AsTouched {
            return self.try_for_each(place, count, |body, at| {
                let here = Place::End(body);
                let coordinate = self.load(here, table.list, at);
                self.clear_word(table, coordinate, here);
                append(coordinate, coordinate, here)
            });
        }
        let second_level = self.words(place, self.words(place, dimension));
        let bits = self.bit_length(place, count)?;
        let sorting = self.mul(place, self.mul(place, count, bits), self.index(place, SCAN_FACTOR));
        let scan = self.compare(place, arith::CmpiPredicate::Ult, second_level, sorting);
        let i1 = IntegerType::new(self.context, 1).into();
        let full_words = self.if_else(
            place,
            scan,
            &[i1],
            |here| {
                let listed = self.mul(here, self.words_in_use(table, second_level, here)?, self.index(here, UNROLLED_BITS));
                Ok(vec![self.compare(here, arith::CmpiPredicate::Ugt, count, listed)])
            },
            |here| Ok(vec![self.boolean(here, false)]),
        )?[0];
        self.if_else(
            place,
            full_words,
            &[],
            |here| {
                self.scan_row(table, second_level, here, &|coordinate, there| append(coordinate, coordinate, there))?;
                Ok(vec![])
            },
            |here| {
                self.if_else(
                    here,
                    scan,
                    &[],
                    |there| {
                        self.list_in_order(table, second_level, there)?;
                        Ok(vec![])
                    },
                    |there| {
                        self.sort_indices(there, table.list, table.spare, count)?;
                        self.for_each(there, count, |body, at| {
                            let inside = Place::End(body);
                            self.clear_word(table, self.load(inside, table.list, at), inside);
                        });
                        Ok(vec![])
                    },
                )?;
                self.try_for_each(here, count, |body, at| {
                    let there = Place::End(body);
                    let coordinate = self.load(there, table.list, at);
                    append(coordinate, coordinate, there)
                })?;
                Ok(vec![])
            },
        )?;
        Ok(())
    }

    /// Emits `dense` on a row's bits or `hash` on its hash table, whichever
    /// the row uses (both, in the branches of an `scf.if`, when the kernel
    /// chooses as it runs); their results, of `types`.
    fn by_table(
        &self,
        row: &Row<'c, 'a>,
        place: Place<'c, 'a>,
        types: &[Type<'c>],
        dense: &dyn Fn(&DenseTable<'c, 'a>, Place<'c, 'a>) -> Emitted<'c, 'a>,
        hash: &dyn Fn(&HashTable<'c, 'a>, Place<'c, 'a>) -> Emitted<'c, 'a>,
    ) -> Emitted<'c, 'a> {
        let bits = || row.table.dense.as_ref().ok_or(LowerError::Malformed("a hashed row has no bits"));
        let table = || row.table.hash.as_ref().ok_or(LowerError::Malformed("a hash row used before its table is sized"));
        match row.table.hashed {
            Hashed::Never => dense(bits()?, place),
            Hashed::Always => hash(table()?, place),
            Hashed::When(hashed) => {
                let (bits, table) = (bits()?, table()?);
                self.if_else(place, hashed, types, |here| hash(table, here), |here| dense(bits, here))
            }
        }
    }

    /// How many words of the row's bits hold a coordinate: the set bits of
    /// the `second_level` words of `words_touched`.
    fn words_in_use(
        &self,
        table: &DenseTable<'c, 'a>,
        second_level: Value<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let (zero, one) = (self.index(place, 0), self.index(place, 1));
        let summaries = self.carried_for(place, zero, second_level, one, &[zero])?;
        let here = Place::End(summaries.body);
        let words = self.population(here, self.load(here, table.words_touched, summaries.index))?;
        summaries.body.append_operation(scf::r#yield(&[self.add(here, summaries.carried[0], words)], self.location));
        Ok(summaries.results[0])
    }

    /// Calls `visit` on each of the row's touched coordinates in order,
    /// clearing its bits.
    fn scan_row(
        &self,
        table: &DenseTable<'c, 'a>,
        second_level: Value<'c, 'a>,
        place: Place<'c, 'a>,
        visit: &dyn Fn(Value<'c, 'a>, Place<'c, 'a>) -> Result<(), LowerError>,
    ) -> Result<(), LowerError> {
        self.fold_touched_words(table, second_level, &[], place, &|first, word, _, here| {
            self.fold_set_bits(here, word, &[], &|bit, _, there| {
                visit(self.add(there, first, bit), there)?;
                Ok(vec![])
            })
        })?;
        Ok(())
    }

    /// Lists the row's touched coordinates in order in `table.list`,
    /// clearing its bits. The coordinates of a word are written without a
    /// branch on how many it holds: [`UNROLLED_BITS`] of them each time
    /// (past the last, what is written is overwritten by the next word or
    /// lies beyond the row's count, in the list's slack), and a loop only
    /// for the bits beyond those. A loop per word over its few bits would
    /// mispredict its exit at nearly every word of a sparse row.
    fn list_in_order(&self, table: &DenseTable<'c, 'a>, second_level: Value<'c, 'a>, place: Place<'c, 'a>) -> Result<(), LowerError> {
        let zero = self.index(place, 0);
        self.fold_touched_words(table, second_level, &[zero], place, &|first, word, carried, here| {
            let cursor = carried[0];
            let mut left = word;
            for written in 0..UNROLLED_BITS {
                let at = self.add(here, cursor, self.index(here, written));
                self.store(here, self.add(here, first, self.lowest_bit(here, left)?), table.list, at);
                left = self.clear_lowest_bit(here, left);
            }
            let beyond = self.add(here, cursor, self.index(here, UNROLLED_BITS));
            self.fold_set_bits(here, left, &[beyond], &|bit, carried, there| {
                self.store(there, self.add(there, first, bit), table.list, carried[0]);
                Ok(vec![self.add(there, carried[0], self.index(there, 1))])
            })?;
            Ok(vec![self.add(here, cursor, self.population(here, word)?)])
        })?;
        Ok(())
    }

    /// Folds `body(first coordinate, word, carried)` over the row's nonzero
    /// words of bits, in order, clearing each and the second level: the set
    /// bits of the `second_level` words of `words_touched` give the words of
    /// `touched` to read. The values carried after the last word.
    fn fold_touched_words(
        &self,
        table: &DenseTable<'c, 'a>,
        second_level: Value<'c, 'a>,
        carried: &[Value<'c, 'a>],
        place: Place<'c, 'a>,
        body: &WordFold<'_, 'c, 'a>,
    ) -> Emitted<'c, 'a> {
        let (zero, one) = (self.index(place, 0), self.index(place, 1));
        let summaries = self.carried_for(place, zero, second_level, one, carried)?;
        let here = Place::End(summaries.body);
        let summary = self.load(here, table.words_touched, summaries.index);
        self.store(here, self.word(here, 0), table.words_touched, summaries.index);
        let first_word = self.mul(here, summaries.index, self.index(here, WORD_BITS));
        let folded = self.fold_set_bits(here, summary, &summaries.carried, &|bit, carried, there| {
            let word_at = self.add(there, first_word, bit);
            let word = self.load(there, table.touched, word_at);
            self.store(there, self.word(there, 0), table.touched, word_at);
            body(self.mul(there, word_at, self.index(there, WORD_BITS)), word, carried, there)
        })?;
        summaries.body.append_operation(scf::r#yield(&folded, self.location));
        Ok(summaries.results)
    }

    /// How many bits of `word` are set (an `index`).
    fn population(&self, place: Place<'c, 'a>, word: Value<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
        let word_type = self.word_type();
        let set =
            self.one(place, OperationBuilder::new("math.ctpop", self.location).add_operands(&[word]).add_results(&[word_type]).build()?);
        Ok(self.one(place, arith::index_castui(set, Type::index(self.context), self.location)))
    }

    /// `while word != 0 { carried = body(index of word's lowest set bit,
    /// carried); clear that bit }`: the values carried after the last bit.
    fn fold_set_bits(
        &self,
        place: Place<'c, 'a>,
        word: Value<'c, 'a>,
        carried: &[Value<'c, 'a>],
        body: &dyn Fn(Value<'c, 'a>, &[Value<'c, 'a>], Place<'c, 'a>) -> Emitted<'c, 'a>,
    ) -> Emitted<'c, 'a> {
        let mut types = vec![self.word_type()];
        types.extend(carried.iter().map(|value| value.r#type()));
        let mut initial = vec![word];
        initial.extend(carried);
        let (before, after) = (block_region(&types, self.location), block_region(&types, self.location));
        let bits = place.put(scf::r#while(&initial, &types, before, after, self.location));
        let arguments = |block: melior::ir::BlockRef<'c, 'a>| {
            (0..types.len()).map(|at| block.argument(at).map(Into::into)).collect::<Result<Vec<Value>, _>>()
        };
        let before = only_block(bits, 0);
        let values = arguments(before)?;
        before.append_operation(scf::condition(self.differs_from_zero(Place::End(before), values[0]), &values, self.location));
        let after = only_block(bits, 1);
        let values = arguments(after)?;
        let step = Place::End(after);
        let mut next = vec![self.clear_lowest_bit(step, values[0])];
        next.extend(body(self.lowest_bit(step, values[0])?, &values[1..], step)?);
        after.append_operation(scf::r#yield(&next, self.location));
        Ok(bits.results().skip(1).map(Into::into).collect())
    }

    /// The index of the lowest set bit of `word` (an `index`; 64 for a zero
    /// word).
    fn lowest_bit(&self, place: Place<'c, 'a>, word: Value<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
        let word_type = self.word_type();
        let lowest =
            self.one(place, OperationBuilder::new("math.cttz", self.location).add_operands(&[word]).add_results(&[word_type]).build()?);
        Ok(self.one(place, arith::index_castui(lowest, Type::index(self.context), self.location)))
    }

    /// `word` without its lowest set bit.
    fn clear_lowest_bit(&self, place: Place<'c, 'a>, word: Value<'c, 'a>) -> Value<'c, 'a> {
        let below = self.one(place, arith::subi(word, self.word(place, 1), self.location));
        self.one(place, arith::andi(word, below, self.location))
    }

    /// A buffer of the row, `length` long: a length of any size the data
    /// gives, so one that cannot be allocated stops the program with
    /// `message` rather than a crash.
    pub(super) fn row_buffer(
        &self,
        place: Place<'c, 'a>,
        element: Type<'c>,
        length: Value<'c, 'a>,
        message: &str,
    ) -> Result<Value<'c, 'a>, LowerError> {
        let buffer = self.alloc_buffer(place, element, length);
        self.check_allocated(place, buffer, length, message)?;
        Ok(buffer)
    }

    /// The word of the row's bits holding `coordinate`, and its bit there.
    fn bit_of(&self, place: Place<'c, 'a>, coordinate: Value<'c, 'a>) -> (Value<'c, 'a>, Value<'c, 'a>) {
        let word_at = self.div(place, coordinate, self.index(place, WORD_BITS));
        let wide = self.one(place, arith::index_castui(coordinate, self.word_type(), self.location));
        let offset = self.one(place, arith::andi(wide, self.word(place, WORD_BITS - 1), self.location));
        (word_at, self.one(place, arith::shli(self.word(place, 1), offset, self.location)))
    }

    /// Clears the word of the row's bits that holds `coordinate`, and the
    /// word of the second level that holds that word where the row keeps one
    /// (every coordinate they hold is being cleared).
    fn clear_word(&self, table: &DenseTable<'c, 'a>, coordinate: Value<'c, 'a>, place: Place<'c, 'a>) {
        let word_bits = self.index(place, WORD_BITS);
        let word_at = self.div(place, coordinate, word_bits);
        self.store(place, self.word(place, 0), table.touched, word_at);
        if table.appended_in == RowOrder::Increasing {
            self.store(place, self.word(place, 0), table.words_touched, self.div(place, word_at, word_bits));
        }
    }

    /// How many words hold the bits of `size` coordinates.
    fn words(&self, place: Place<'c, 'a>, size: Value<'c, 'a>) -> Value<'c, 'a> {
        self.div(place, self.add(place, size, self.index(place, WORD_BITS - 1)), self.index(place, WORD_BITS))
    }

    fn word_type(&self) -> Type<'c> {
        IntegerType::new(self.context, WORD_BITS as u32).into()
    }

    fn word(&self, place: Place<'c, 'a>, value: i64) -> Value<'c, 'a> {
        self.one(place, arith::constant(self.context, IntegerAttribute::new(self.word_type(), value).into(), self.location))
    }

    fn differs_from_zero(&self, place: Place<'c, 'a>, word: Value<'c, 'a>) -> Value<'c, 'a> {
        self.compare(place, arith::CmpiPredicate::Ne, word, self.word(place, 0))
    }

    /// The output `counted` after its bounding or counting pass: buffers for
    /// as many entries as that pass found at the last level (and from the
    /// first nonunique level down), as many rows at each level above, and a
    /// row with values.
    pub(super) fn fill_row(&self, counted: &Buffers<'c, 'a>, place: Place<'c, 'a>) -> Result<Buffers<'c, 'a>, LowerError> {
        let Some(Workspace::Row(row)) = &counted.workspace else { return Err(LowerError::Malformed("not a row workspace")) };
        let entries = self.load(place, row.counts, self.index(place, ENTRIES));
        let rows = self.load(place, row.counts, self.index(place, ROWS));
        // A row adds at most one entry to each unique level above its own; a
        // nonunique level (the head of COO) and those below it, one per entry.
        let levels = &counted.format().levels;
        let first_of_row = levels.len() - row.dims.len();
        let per_entry = levels.iter().position(|level| !level.unique).unwrap_or(levels.len() - 1).min(first_of_row);
        let capacity: Vec<_> = (0..levels.len()).map(|level| if level >= per_entry { entries } else { rows }).collect();
        let mut buffers = self.allocate_assembly(counted, Some(&capacity), place)?;
        let unsized_table = || LowerError::Malformed("a hash row filled before its table is sized");
        let capacity = || row.table.hash.as_ref().map(|table| table.capacity).ok_or_else(unsized_table);
        let values = match row.table.hashed {
            Hashed::Never => self.row_buffer(place, counted.element, row.width, DENSE_ROW_TOO_LONG)?,
            Hashed::Always => self.row_buffer(place, counted.element, capacity()?, HASH_TABLE_TOO_LARGE)?,
            Hashed::When(hashed) => {
                let length = self.select(place, hashed, capacity()?, row.width);
                self.row_buffer(place, counted.element, length, DENSE_ROW_TOO_LONG)?
            }
        };
        buffers.workspace = Some(Workspace::Row(Row { pass: RowPass::Fill(values), ..row.clone() }));
        Ok(buffers)
    }

    /// Frees the row of the output `filled` and finishes its assembly.
    pub(super) fn finish_row(&self, filled: &Buffers<'c, 'a>, place: Place<'c, 'a>) -> Result<Buffers<'c, 'a>, LowerError> {
        let Some(Workspace::Row(row)) = &filled.workspace else { return Err(LowerError::Malformed("not a row workspace")) };
        let values = match row.pass {
            RowPass::Fill(values) => Some(values),
            RowPass::Bound | RowPass::Count => None,
        };
        let bits = row.table.dense.iter().flat_map(|table| [table.touched, table.words_touched, table.list, table.spare]);
        let hash = row.table.hash.iter().flat_map(|table| [table.keys, table.slots, table.order, table.spare]);
        for buffer in bits.chain(hash).chain(values) {
            place.put(memref::dealloc(buffer, self.location));
        }
        let mut finished = self.finish_assembly(filled, place)?;
        finished.workspace = None;
        Ok(finished)
    }
}
