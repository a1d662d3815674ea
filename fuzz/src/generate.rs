//! Random kernels in upstream `linalg.generic` form (the form both this
//! compiler and MLIR's sparsifier take), random data for them, and their
//! dense reference: the generic evaluated at every point of its iteration
//! space, as its semantics on tensors says, with no regard to storage.
//!
//! A kernel has one to three loops of sizes 1 to 5, each parallel or reduced;
//! one to three inputs, each indexed by distinct loops in any order and
//! stored in any format of levels `dense`, `compressed`, `singleton` (COO
//! tails) under any dimension permutation (some read through a shape
//! operator of the tensor passed: a collapse, an expansion, a concatenation
//! with an empty tensor); a dense or sparse output over the
//! parallel loops; a body that is a random expression of the inputs and
//! constants (add, sub, mul, max, min, neg); a sum or max reduction. Values
//! are multiples of 1/4 (integers for integer types and `f32`) small enough that every
//! result is exact, so answers compare with `==`.

use crate::choice::Choice;
use sparse_formats::{DimPart, Format, Level, LevelBuffer, LevelKind, PropertyValue};
use sparse_harness::files::{dense_values, linear, points};
use sparse_runtime::abi::Element;
use std::fmt::Write as _;

/// `value` as an MLIR literal of `element`'s type.
fn literal(element: Element, value: f64) -> String {
    if element.is_float() {
        format!("{value:?}")
    } else {
        format!("{}", value as i64)
    }
}

/// The runner-utils function that prints a memref of `element`s.
fn printer(element: Element) -> &'static str {
    match element {
        Element::F64 => "printMemrefF64",
        Element::F32 => "printMemrefF32",
        Element::F16 => "printMemrefF16",
        Element::BF16 => "printMemrefBF16",
        Element::I64 => "printMemrefI64",
        Element::I32 => "printMemrefI32",
        Element::I16 => "printMemrefI16",
        Element::I8 => "printMemrefI8",
        Element::Index => "printMemrefInd",
        Element::Complex64 => "printMemrefC64",
        Element::Complex32 => "printMemrefC32",
        Element::I1 => unreachable!("runner-utils prints no i1 memref, and the fuzzer draws no i1 kernel"),
    }
}

/// How an operand is stored: `None` is a tensor without encoding.
#[derive(Clone, Debug)]
pub struct Storage {
    /// The levels, in level order.
    pub levels: Vec<Level>,
    /// `dim_to_lvl[l]` is the expanded dimension that level `l` stores.
    pub dim_to_lvl: Vec<usize>,
    /// Per dimension, 1 or the size of the blocks it is stored in.
    pub blocks: Vec<usize>,
    /// The bit widths of position and coordinate buffers, every level's
    /// (upstream's encoding has one pair for all levels).
    pub widths: (u32, u32),
    /// The value of every unstored component (upstream's encoding has 0).
    pub fill: f64,
}

impl Storage {
    /// Upstream's `#sparse_tensor.encoding` when it can say the format, and
    /// ours (`#arr.encoding`) when a level is of a kind only ours has or the
    /// fill is not 0.
    fn encoding(&self, element: Element) -> String {
        let dims: Vec<String> = (0..self.blocks.len()).map(|dim| format!("d{dim}")).collect();
        let parts = self.format().parts();
        let stored: Vec<String> = self
            .dim_to_lvl
            .iter()
            .map(|&expanded| match parts[expanded] {
                DimPart::Whole { dim } => format!("d{dim}"),
                DimPart::Block { dim, block } => format!("d{dim} floordiv {block}"),
                DimPart::Offset { dim, block } => format!("d{dim} mod {block}"),
            })
            .collect();
        let upstream: Option<Vec<String>> =
            if self.fill == 0.0 && self.blocks_before_offsets() { self.levels.iter().map(upstream_level).collect() } else { None };
        match upstream {
            Some(kinds) => {
                let levels: Vec<String> = kinds.iter().zip(&stored).map(|(kind, dim)| format!("{dim} : {kind}")).collect();
                let widths = match self.widths {
                    (64, 64) => String::new(),
                    (pos, crd) => format!(", posWidth = {pos}, crdWidth = {crd}"),
                };
                format!("#sparse_tensor.encoding<{{map = ({}) -> ({}){widths}}}>", dims.join(", "), levels.join(", "))
            }
            None => {
                let levels: Vec<String> = self
                    .levels
                    .iter()
                    .map(|level| {
                        let properties = level
                            .properties()
                            .into_iter()
                            .map(|(name, value)| match value {
                                PropertyValue::Integer(width) => format!("{name} = {width} : i64"),
                                _ => name.to_string(),
                            })
                            .collect::<Vec<_>>()
                            .join(", ");
                        format!("#arr.level<\"{}\", {{{properties}}}>", level.kind)
                    })
                    .collect();
                let fill = format!("{} : {}", literal(element, self.fill), element.name());
                format!("#arr.encoding<[{}], {fill}, affine_map<({}) -> ({})>>", levels.join(", "), dims.join(", "), stored.join(", "))
            }
        }
    }

    /// Whether every dimension stored in blocks has its block's level before
    /// its offset's: upstream infers the inverse map (`lvlToDim`) of such
    /// block maps only, and refuses to parse another.
    fn blocks_before_offsets(&self) -> bool {
        let parts = self.format().parts();
        let level_of = |part: DimPart| self.dim_to_lvl.iter().position(|&expanded| parts[expanded] == part);
        parts.iter().all(|&part| match part {
            DimPart::Block { dim, block } => level_of(part) < level_of(DimPart::Offset { dim, block }),
            _ => true,
        })
    }

    /// The format this storage stands for.
    pub fn format(&self) -> Format {
        Format { levels: self.levels.clone(), dim_to_lvl: self.dim_to_lvl.clone(), blocks: self.blocks.clone(), pattern: false }
    }

    /// A random format for a tensor of `shape`: all dense, mixed dense and
    /// compressed or loose compressed (and, with `finch`, band, variable-block, bytemap, hash,
    /// and runs at the last level), or a COO tail (a nonunique
    /// level and singletons), under the identity or a random permutation;
    /// a quarter of them with narrower position and coordinate buffers. A
    /// tenth store the dimensions whose sizes allow it in blocks of 2 or 3,
    /// the blocks' levels first (BSR), or permuted. With `finch`, a quarter
    /// have a fill value other than 0 (a small integer, so results stay exact),
    /// and a twentieth of the levels that may be unordered are.
    /// With `batches`, a tenth of those whose first level stores a whole
    /// dimension make it a batch level (for inputs: a batched result is
    /// refused).
    pub fn random(shape: &[usize], choice: &mut Choice, finch: bool, batches: bool) -> Option<Storage> {
        if shape.is_empty() || choice.percent(25) {
            return None;
        }
        let in_blocks = choice.percent(10);
        let blocks: Vec<usize> = shape
            .iter()
            .map(|&size| {
                let fits: Vec<usize> = [2, 3].into_iter().filter(|&block| size >= block && size % block == 0).collect();
                if in_blocks && !fits.is_empty() && choice.percent(70) {
                    *choice.pick(&fits)
                } else {
                    1
                }
            })
            .collect();
        let parts = Format { levels: Vec::new(), dim_to_lvl: Vec::new(), blocks: blocks.clone(), pattern: false }.parts();
        let rank = parts.len();
        // The blocks before the offsets, as BSR stores them.
        let mut dim_to_lvl: Vec<usize> = (0..rank).filter(|&e| !matches!(parts[e], DimPart::Offset { .. })).collect();
        dim_to_lvl.extend((0..rank).filter(|&e| matches!(parts[e], DimPart::Offset { .. })));
        if choice.percent(30) {
            choice.shuffle(&mut dim_to_lvl);
        }
        let coo_from = if rank > 1 && choice.percent(25) { Some(choice.below(rank - 1)) } else { None };
        let kinds: &[Level] = if finch {
            &[
                Level::dense(),
                Level::compressed(),
                Level::compressed(),
                Level::new(LevelKind::LooseCompressed),
                Level::new(LevelKind::Band),
                Level::new(LevelKind::VariableBlock),
                Level::new(LevelKind::Bytemap),
                Level::new(LevelKind::Hash),
            ]
        } else {
            &[Level::dense(), Level::compressed(), Level::compressed(), Level::new(LevelKind::LooseCompressed)]
        };
        let mut levels = (0..rank)
            .map(|level| match coo_from {
                Some(start) if level == start && choice.percent(20) => Level { unique: false, ..Level::new(LevelKind::LooseCompressed) },
                Some(start) if level == start => Level::compressed_nonunique(),
                Some(start) if level > start && level + 1 < rank => Level { unique: false, ..Level::singleton() },
                Some(start) if level > start => Level::singleton(),
                // Runs merge equal values, which only the last level holds.
                _ if finch && level + 1 == rank && choice.percent(15) => Level::new(LevelKind::RunLength),
                _ => *choice.pick(kinds),
            })
            .collect::<Vec<Level>>();
        let whole = matches!(parts[dim_to_lvl[0]], DimPart::Whole { .. });
        let tables = levels.iter().any(|level| level.buffers().contains(&LevelBuffer::Table));
        if batches && whole && coo_from != Some(0) && !tables && choice.percent(10) {
            levels[0] = Level::new(LevelKind::Batch);
        }
        let widths = if choice.percent(25) { (*choice.pick(&[8, 16, 32]), *choice.pick(&[8, 16, 32, 64])) } else { (64, 64) };
        let levels = levels
            .into_iter()
            .map(|level| {
                let accepts = |property: &str| level.capabilities().properties.contains(&property);
                Level {
                    pos_width: if accepts("pos_width") { widths.0 } else { 64 },
                    crd_width: if accepts("crd_width") { widths.1 } else { 64 },
                    ordered: !(finch && accepts("unordered") && choice.percent(5)),
                    ..level
                }
            })
            .collect();
        let fill = if finch && choice.percent(25) { *choice.pick(&[1.0, -1.0, 2.0, -3.0]) } else { 0.0 };
        Some(Storage { levels, dim_to_lvl, blocks, widths, fill })
    }
}

/// How `#sparse_tensor.encoding` spells `level`, if it can.
fn upstream_level(level: &Level) -> Option<String> {
    let kind = match level.kind {
        LevelKind::Dense => return Some("dense".into()),
        LevelKind::Batch => return Some("batch".into()),
        LevelKind::Compressed => "compressed",
        LevelKind::LooseCompressed => "loose_compressed",
        LevelKind::Singleton => "singleton",
        _ => return None,
    };
    let properties: Vec<&str> = [(!level.unique, "nonunique"), (!level.ordered, "nonordered")]
        .into_iter()
        .filter_map(|(holds, property)| holds.then_some(property))
        .collect();
    Some(if properties.is_empty() { kind.to_string() } else { format!("{kind}({})", properties.join(", ")) })
}

/// An operand of the generic: the loop each dimension is indexed by.
#[derive(Clone, Debug)]
pub struct Operand {
    pub map: Vec<usize>,
    /// Per dimension, a second loop added to its subscript (`d0 + d2`, a
    /// convolution's window; `2 * d0 + 3 * d2 + 1` with a stride, a
    /// dilation and an offset), which makes the dimension that much longer.
    pub shifts: Vec<Option<Shift>>,
    /// The operand is read through an `arr.slice` of the stored tensor.
    pub slice: Option<SliceView>,
    /// The operand is read through a shape operator of the stored tensor.
    pub shaped: Option<Shaped>,
    pub storage: Option<Storage>,
}

/// A shape operator between the tensor passed and the one the generic
/// reads, which is stored as `storage` says.
#[derive(Clone, Debug)]
pub struct Shaped {
    pub view: ShapeView,
    pub storage: Option<Storage>,
}

/// How the tensor passed differs from the one read, and the op that
/// makes the one from the other.
#[derive(Clone, Copy, Debug)]
pub enum ShapeView {
    /// Dimension `dim` is passed as two, the first of size `outer`:
    /// `tensor.collapse_shape` merges them.
    Collapse { dim: usize, outer: usize },
    /// Dimensions `dim` and `dim + 1` are passed as one:
    /// `tensor.expand_shape` splits it.
    Expand { dim: usize },
    /// Of dimension `dim`, `kept` coordinates are passed: a concatenation
    /// with an empty tensor (before it when `after`, else after it) makes
    /// the rest, by `sparse_tensor.concatenate` or (`tensor_concat`, and
    /// where sizes are dynamic) `tensor.concat`.
    Concat { dim: usize, kept: usize, after: bool, tensor_concat: bool },
}

/// A compound subscript `stride · d + dilation · d_loop + offset`, where
/// `d` is the dimension's own loop: a convolution's input read at a
/// strided, dilated window of its filter loop `loop_`.
#[derive(Clone, Copy, Debug)]
pub struct Shift {
    pub loop_: usize,
    pub stride: usize,
    pub dilation: usize,
    pub offset: usize,
}

impl Shift {
    /// The subscript where the dimension's loop is at `at` and the shift's
    /// at `shifted`.
    fn at(&self, at: usize, shifted: usize) -> usize {
        self.stride * at + self.dilation * shifted + self.offset
    }

    /// The subscript's text in an affine map over `d0, d1, ...`.
    fn text(&self, loop_: usize) -> String {
        let term = |coefficient: usize, loop_: usize| match coefficient {
            1 => format!("d{loop_}"),
            _ => format!("d{loop_} * {coefficient}"),
        };
        let mut text = format!("{} + {}", term(self.stride, loop_), term(self.dilation, self.loop_));
        if self.offset > 0 {
            text += &format!(" + {}", self.offset);
        }
        text
    }
}

/// An `arr.slice` of dimension `dim`: view coordinate `z` is the stored
/// tensor's `start + step · z`, and the stored dimension has `extra`
/// coordinates past the view's last.
#[derive(Clone, Copy, Debug)]
pub struct SliceView {
    pub dim: usize,
    pub start: usize,
    pub step: usize,
    pub extra: usize,
}

impl SliceView {
    /// `stop`, past the view's last coordinate, for a view of `size`.
    fn stop(&self, size: usize) -> usize {
        if size == 0 {
            self.start
        } else {
            self.start + self.step * (size - 1) + 1
        }
    }
}

impl Operand {
    /// An operand indexed by the loops `map`, one per dimension.
    pub fn new(map: Vec<usize>, storage: Option<Storage>) -> Self {
        Self { shifts: vec![None; map.len()], slice: None, shaped: None, map, storage }
    }

    /// The shape the statement reads (the view's, when sliced).
    pub fn shape(&self, sizes: &[usize]) -> Vec<usize> {
        let size = |loop_: usize, shift: &Option<Shift>| match shift {
            Some(shift) => shift.at(sizes[loop_] - 1, sizes[shift.loop_] - 1) + 1,
            None => sizes[loop_],
        };
        self.map.iter().zip(&self.shifts).map(|(&loop_, shift)| size(loop_, shift)).collect()
    }

    /// The shape of the tensor stored and passed: the view's, with the
    /// sliced dimension as long as the slice needs and `extra` more.
    pub fn stored_shape(&self, sizes: &[usize]) -> Vec<usize> {
        let mut shape = self.shape(sizes);
        if let Some(slice) = self.slice {
            shape[slice.dim] = slice.stop(shape[slice.dim]) + slice.extra;
        }
        match self.shaped.as_ref().map(|shaped| shaped.view) {
            Some(ShapeView::Collapse { dim, outer }) => {
                let inner = shape[dim] / outer;
                shape.splice(dim..=dim, [outer, inner]);
            }
            Some(ShapeView::Expand { dim }) => {
                let merged = shape[dim] * shape[dim + 1];
                shape.splice(dim..dim + 2, [merged]);
            }
            Some(ShapeView::Concat { dim, kept, .. }) => shape[dim] = kept,
            None => {}
        }
        shape
    }

    /// The shape of the empty tensor a concatenation view adds.
    fn added_shape(&self, sizes: &[usize]) -> Vec<usize> {
        let mut shape = self.shape(sizes);
        if let Some(ShapeView::Concat { dim, kept, .. }) = self.shaped.as_ref().map(|shaped| shaped.view) {
            shape[dim] -= kept;
        }
        shape
    }

    /// The view's subscripts at the loop point `point`.
    fn at(&self, point: &[usize]) -> Vec<usize> {
        let at = |loop_: usize, shift: &Option<Shift>| shift.map_or(point[loop_], |shift| shift.at(point[loop_], point[shift.loop_]));
        self.map.iter().zip(&self.shifts).map(|(&loop_, shift)| at(loop_, shift)).collect()
    }

    /// The stored tensor's coordinates at the loop point `point`; `None`
    /// where a concatenation view reads the empty tensor it adds.
    fn stored_at(&self, point: &[usize], sizes: &[usize]) -> Option<Vec<usize>> {
        let mut at = self.at(point);
        if let Some(slice) = self.slice {
            at[slice.dim] = slice.start + slice.step * at[slice.dim];
        }
        let shape = self.shape(sizes);
        match self.shaped.as_ref().map(|shaped| shaped.view) {
            Some(ShapeView::Collapse { dim, outer }) => {
                let inner = shape[dim] / outer;
                let coordinate = at[dim];
                at.splice(dim..=dim, [coordinate / inner, coordinate % inner]);
            }
            Some(ShapeView::Expand { dim }) => {
                let merged = at[dim] * shape[dim + 1] + at[dim + 1];
                at.splice(dim..dim + 2, [merged]);
            }
            Some(ShapeView::Concat { dim, kept, after: true, .. }) => {
                at[dim] = at[dim].checked_sub(shape[dim] - kept)?;
            }
            Some(ShapeView::Concat { dim, kept, .. }) if at[dim] >= kept => return None,
            _ => {}
        }
        Some(at)
    }

    /// The type of the tensor passed, stored in its format.
    fn tensor_type(&self, sizes: &[usize], element: Element, dynamic: bool) -> String {
        let dims: String =
            self.stored_shape(sizes).iter().map(|size| if dynamic { "?x".to_string() } else { format!("{size}x") }).collect();
        match &self.storage {
            Some(storage) => format!("tensor<{dims}{}, {}>", element.name(), storage.encoding(element)),
            None => format!("tensor<{dims}{}>", element.name()),
        }
    }

    /// The type the statement reads: the view's (no encoding) when sliced,
    /// the shape operator's result when shaped.
    fn read_type(&self, sizes: &[usize], element: Element, dynamic: bool) -> String {
        if self.slice.is_none() && self.shaped.is_none() {
            return self.tensor_type(sizes, element, dynamic);
        }
        let dims: String = self.shape(sizes).iter().map(|size| if dynamic { "?x".to_string() } else { format!("{size}x") }).collect();
        match self.shaped.as_ref().and_then(|shaped| shaped.storage.as_ref()) {
            Some(storage) => format!("tensor<{dims}{}, {}>", element.name(), storage.encoding(element)),
            None => format!("tensor<{dims}{}>", element.name()),
        }
    }

    /// The text of the shape operator that makes `view` from `tensor`,
    /// the `index`th input.
    fn shape_op(&self, index: usize, sizes: &[usize], element: Element, dynamic: bool) -> String {
        let Some(shaped) = &self.shaped else { return String::new() };
        let (passed, read) = (self.tensor_type(sizes, element, dynamic), self.read_type(sizes, element, dynamic));
        let rank = self.shape(sizes).len();
        match shaped.view {
            ShapeView::Collapse { dim, .. } => {
                let groups =
                    (0..rank).map(|d| if d == dim { format!("[{d}, {}]", d + 1) } else { format!("[{}]", d + usize::from(d > dim)) });
                let groups = groups.collect::<Vec<_>>().join(", ");
                format!("  %view{index} = tensor.collapse_shape %t{index} [{groups}] : {passed} into {read}\n")
            }
            ShapeView::Expand { dim } => {
                let groups = (0..rank - 1).map(|d| match d.cmp(&dim) {
                    std::cmp::Ordering::Less => format!("[{d}]"),
                    std::cmp::Ordering::Equal => format!("[{d}, {}]", d + 1),
                    std::cmp::Ordering::Greater => format!("[{}]", d + 1),
                });
                let groups = groups.collect::<Vec<_>>().join(", ");
                let shape = self.shape(sizes);
                let mut text = String::new();
                let output_shape = shape
                    .iter()
                    .enumerate()
                    .map(|(d, size)| match dynamic {
                        true => {
                            let _ = writeln!(text, "  %size{index}_{d} = arith.constant {size} : index");
                            format!("%size{index}_{d}")
                        }
                        false => size.to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(", ");
                text + &format!(
                    "  %view{index} = tensor.expand_shape %t{index} [{groups}] output_shape [{output_shape}] : {passed} into {read}\n"
                )
            }
            ShapeView::Concat { dim, after, tensor_concat, .. } => {
                let added = self.added_shape(sizes);
                let mut text = String::new();
                let empty_sizes = match dynamic {
                    true => added
                        .iter()
                        .enumerate()
                        .map(|(d, size)| {
                            let _ = writeln!(text, "  %added{index}_{d} = arith.constant {size} : index");
                            format!("%added{index}_{d}")
                        })
                        .collect::<Vec<_>>()
                        .join(", "),
                    false => String::new(),
                };
                let dims: String = added.iter().map(|size| if dynamic { "?x".to_string() } else { format!("{size}x") }).collect();
                // Stored as the tensor passed, unless its sizes do not fit
                // that format's blocks.
                let fits = |storage: &&Storage| storage.blocks.iter().zip(&added).all(|(block, size)| size % block == 0);
                let empty_type = match self.storage.as_ref().filter(fits) {
                    Some(storage) => format!("tensor<{dims}{}, {}>", element.name(), storage.encoding(element)),
                    None => format!("tensor<{dims}{}>", element.name()),
                };
                let _ = writeln!(text, "  %added{index} = tensor.empty({empty_sizes}) : {empty_type}");
                let (first, second, first_type, second_type) = match after {
                    true => (format!("%added{index}"), format!("%t{index}"), &empty_type, &passed),
                    false => (format!("%t{index}"), format!("%added{index}"), &passed, &empty_type),
                };
                match tensor_concat || dynamic {
                    true => text + &format!("  %view{index} = tensor.concat dim({dim}) {first}, {second} : ({first_type}, {second_type}) -> {read}\n"),
                    false => text + &format!(
                        "  %view{index} = sparse_tensor.concatenate {first}, {second} {{dimension = {dim} : index}} : {first_type}, {second_type} to {read}\n"
                    ),
                }
            }
        }
    }

    /// The value of its unstored components.
    pub fn fill(&self) -> f64 {
        self.storage.as_ref().map_or(0.0, |storage| storage.fill)
    }

    fn dense_type(&self, sizes: &[usize], element: Element) -> String {
        Operand { storage: None, ..self.clone() }.tensor_type(sizes, element, false)
    }

    fn indexing_map(&self, loops: usize) -> String {
        let dims: Vec<String> = (0..loops).map(|loop_| format!("d{loop_}")).collect();
        let results: Vec<String> =
            self.map.iter().zip(&self.shifts).map(|(&loop_, shift)| shift.map_or(format!("d{loop_}"), |shift| shift.text(loop_))).collect();
        format!("affine_map<({}) -> ({})>", dims.join(", "), results.join(", "))
    }
}

#[derive(Clone, Copy, Debug)]
pub enum Binary {
    Add,
    Sub,
    Mul,
    Max,
    Min,
}

#[derive(Clone, Debug)]
pub enum Expr {
    Input(usize),
    Constant(f64),
    Neg(Box<Expr>),
    Binary(Binary, Box<Expr>, Box<Expr>),
}

#[derive(Clone, Copy, Debug)]
pub enum Reduction {
    Add,
    Max,
}

/// A random kernel.
#[derive(Clone, Debug)]
pub struct Spec {
    pub element: Element,
    pub sizes: Vec<usize>,
    pub reduced: Vec<bool>,
    pub inputs: Vec<Operand>,
    pub output: Operand,
    pub body: Expr,
    pub reduction: Reduction,
}

impl Spec {
    /// A random kernel; with `finch`, its formats may use level kinds only
    /// our encoding has.
    pub fn random(choice: &mut Choice, finch: bool) -> Spec {
        let element = *choice.pick(&[Element::F64, Element::F64, Element::F64, Element::F32, Element::I64, Element::I32]);
        let loops = *choice.pick(&[1, 2, 2, 2, 3, 3]);
        let sizes: Vec<usize> = (0..loops).map(|_| choice.between(1, 5)).collect();
        let reduced: Vec<bool> = (0..loops).map(|_| choice.percent(35)).collect();
        let mut inputs: Vec<Operand> = (0..choice.between(1, 3))
            .map(|_| {
                let mut map: Vec<usize> = (0..loops).collect();
                choice.shuffle(&mut map);
                map.truncate(choice.between(1, loops));
                Operand::new(map, None)
            })
            .collect();
        // Every loop indexes some input, so its size is an input's.
        for loop_ in 0..loops {
            if !inputs.iter().any(|input| input.map.contains(&loop_)) {
                let input = choice.below(inputs.len());
                let at = choice.below(inputs[input].map.len() + 1);
                inputs[input].map.insert(at, loop_);
                inputs[input].shifts.insert(at, None);
            }
        }
        for index in 0..inputs.len() {
            inputs[index].storage = Storage::random(&inputs[index].shape(&sizes), choice, finch, true);
            // A quarter of the inputs are read at compound subscripts (`d0 +
            // d2`, each shift a loop the input is not indexed by; a third of
            // them strided, dilated or offset, `2 * d0 + d2 + 1`), where
            // another input has both loops as plain subscripts, so that every
            // loop keeps one (its size, and linalg's inverse of the maps). A
            // dense one is read where the subscripts say; a sparse one
            // through windows of its levels (index-variable reduction), when
            // each level can be windowed: stored whole, ordered, not runs,
            // variable blocks or batches.
            let windowed =
                |level: &Level| level.ordered && !matches!(level.kind, LevelKind::RunLength | LevelKind::VariableBlock | LevelKind::Batch);
            let windowable = inputs[index].storage.as_ref().is_none_or(|storage| {
                let format = storage.format();
                !format.is_blocked() && format.levels.iter().all(windowed)
            });
            if !windowable || !choice.percent(25) {
                continue;
            }
            let plain_elsewhere = |inputs: &[Operand], loop_: usize| {
                inputs.iter().enumerate().any(|(other, input)| {
                    other != index && input.map.iter().zip(&input.shifts).any(|(&l, shift)| l == loop_ && shift.is_none())
                })
            };
            for dim in 0..inputs[index].map.len() {
                let input = &inputs[index];
                let free = (0..loops)
                    .filter(|&loop_| {
                        !input.map.contains(&loop_)
                            && !input.shifts.iter().flatten().any(|shift| shift.loop_ == loop_)
                            && plain_elsewhere(&inputs, loop_)
                    })
                    .collect::<Vec<_>>();
                if !free.is_empty() && plain_elsewhere(&inputs, input.map[dim]) && choice.percent(50) {
                    let loop_ = *choice.pick(&free);
                    let affine = choice.percent(35);
                    let mut coefficient = || if affine && choice.percent(50) { choice.between(2, 3) } else { 1 };
                    let (stride, dilation) = (coefficient(), coefficient());
                    let offset = if affine && choice.percent(50) { choice.between(1, 2) } else { 0 };
                    inputs[index].shifts[dim] = Some(Shift { loop_, stride, dilation, offset });
                }
            }
        }
        // With `finch` (our encodings, which `arr.slice` reads), a sixth of
        // the inputs are read through a slice of a dimension stored whole, by
        // a level that can be sliced (not runs, not variable blocks; an
        // unordered one is read through an ordered copy).
        for input in inputs.iter_mut().filter(|input| !input.map.is_empty()) {
            let dim = choice.below(input.map.len());
            let sliceable = input.storage.as_ref().is_none_or(|storage| {
                let format = storage.format();
                let level = format.dim_to_lvl.iter().position(|&stored| format.parts()[stored] == DimPart::Whole { dim });
                level.is_some_and(|level| {
                    let level = &format.levels[level];
                    !matches!(level.kind, LevelKind::RunLength | LevelKind::VariableBlock)
                })
            });
            if finch && sliceable && choice.percent(16) {
                let (start, step, extra) = (choice.below(3), choice.between(1, 3), choice.below(3));
                input.slice = Some(SliceView { dim, start, step, extra });
            }
        }
        // With `finch`, a sixth of the other inputs are read through a shape
        // operator (a collapse, an expansion, a concatenation with an empty
        // tensor) of the tensor passed, each in a format of its own.
        for input in inputs.iter_mut().filter(|input| input.slice.is_none() && input.shifts.iter().all(Option::is_none)) {
            let shape = input.shape(&sizes);
            if !finch || shape.is_empty() || !choice.percent(16) {
                continue;
            }
            let dim = choice.below(shape.len());
            let divisors = (1..=shape[dim]).filter(|outer| shape[dim] % outer == 0).collect::<Vec<_>>();
            let mut views = vec![ShapeView::Collapse { dim, outer: *choice.pick(&divisors) }];
            if shape.len() > 1 {
                views.push(ShapeView::Expand { dim: choice.below(shape.len() - 1) });
            }
            if shape[dim] > 1 {
                let kept = choice.between(1, shape[dim] - 1);
                views.push(ShapeView::Concat { dim, kept, after: choice.percent(50), tensor_concat: choice.percent(30) });
            }
            let view = *choice.pick(&views);
            input.shaped = Some(Shaped { view, storage: Storage::random(&shape, choice, false, false) });
            input.storage = Storage::random(&input.stored_shape(&sizes), choice, false, false);
        }
        let mut output_map: Vec<usize> = (0..loops).filter(|&loop_| !reduced[loop_]).collect();
        if choice.percent(20) {
            choice.shuffle(&mut output_map);
        }
        let output_shape: Vec<usize> = output_map.iter().map(|&loop_| sizes[loop_]).collect();
        let output_storage = if choice.percent(35) { Storage::random(&output_shape, choice, finch, false) } else { None };
        let output = Operand::new(output_map, output_storage);
        let body = random_expr(choice, inputs.len(), element, 3);
        let reduction = if choice.percent(80) { Reduction::Add } else { Reduction::Max };
        Spec { element, sizes, reduced, inputs, output, body, reduction }
    }

    pub fn has_reduction(&self) -> bool {
        self.reduced.contains(&true)
    }

    /// The kernel as a module with one public function `@kernel`; with
    /// `dynamic`, every size is `?` and the output's sizes are read from the
    /// inputs.
    pub fn kernel(&self, dynamic: bool) -> String {
        let element = self.element;
        let loops = self.sizes.len();
        let mut text = String::new();
        let parameters: Vec<String> = self
            .inputs
            .iter()
            .enumerate()
            .map(|(index, input)| format!("%t{index}: {}", input.tensor_type(&self.sizes, element, dynamic)))
            .collect();
        let output_type = self.output.tensor_type(&self.sizes, element, dynamic);
        let _ = writeln!(text, "func.func @kernel({}) -> {output_type} {{", parameters.join(", "));
        // What the generic reads of each input: the tensor, or a slice of it.
        let mut names = Vec::new();
        for (index, input) in self.inputs.iter().enumerate() {
            if input.shaped.is_some() {
                text += &input.shape_op(index, &self.sizes, element, dynamic);
                names.push(format!("%view{index}"));
                continue;
            }
            match input.slice {
                Some(slice) => {
                    let size = input.shape(&self.sizes)[slice.dim];
                    let _ = writeln!(
                        text,
                        "  %view{index} = \"arr.slice\"(%t{index}) {{dim = {} : i64, start = {} : i64, stop = {} : i64, step = {} : i64}} : ({}) -> {}",
                        slice.dim,
                        slice.start,
                        slice.stop(size),
                        slice.step,
                        input.tensor_type(&self.sizes, element, dynamic),
                        input.read_type(&self.sizes, element, dynamic)
                    );
                    names.push(format!("%view{index}"));
                }
                None => names.push(format!("%t{index}")),
            }
        }
        let mut sizes = Vec::new();
        if dynamic {
            for (index, &loop_) in self.output.map.iter().enumerate() {
                let (input, dim) = self.operand_of(loop_);
                let _ = writeln!(text, "  %c{index} = arith.constant {dim} : index");
                let _ = writeln!(
                    text,
                    "  %s{index} = tensor.dim {}, %c{index} : {}",
                    names[input],
                    self.inputs[input].read_type(&self.sizes, element, true)
                );
                sizes.push(format!("%s{index}"));
            }
        }
        if self.has_reduction() && self.output.storage.is_none() && !dynamic {
            let _ = writeln!(text, "  %init = arith.constant dense<{}> : {output_type}", literal(element, 0.0));
        } else {
            let _ = writeln!(text, "  %init = tensor.empty({}) : {output_type}", sizes.join(", "));
        }
        let maps: Vec<String> = self.inputs.iter().chain([&self.output]).map(|operand| operand.indexing_map(loops)).collect();
        let iterators: Vec<&str> = self.reduced.iter().map(|&reduced| if reduced { "\"reduction\"" } else { "\"parallel\"" }).collect();
        let types: Vec<String> = self.inputs.iter().map(|input| input.read_type(&self.sizes, element, dynamic)).collect();
        let _ = writeln!(
            text,
            "  %r = linalg.generic {{indexing_maps = [{}], iterator_types = [{}]}} ins({} : {}) outs(%init : {output_type}) {{",
            maps.join(", "),
            iterators.join(", "),
            names.join(", "),
            types.join(", ")
        );
        let arguments: Vec<String> = (0..self.inputs.len()).map(|index| format!("%a{index}: {}", element.name())).collect();
        let _ = writeln!(text, "  ^bb0({}, %out: {}):", arguments.join(", "), element.name());
        let mut body = Body { text: String::new(), next: 0, element };
        let mut value = body.emit(&self.body);
        if self.has_reduction() {
            let op = match (self.reduction, element.is_float()) {
                (Reduction::Add, true) => "arith.addf",
                (Reduction::Add, false) => "arith.addi",
                (Reduction::Max, true) => "arith.maximumf",
                (Reduction::Max, false) => "arith.maxsi",
            };
            value = body.op(op, &[&"%out".to_string(), &value]);
        }
        text += &body.text;
        let _ = writeln!(text, "    linalg.yield {value} : {}", element.name());
        let _ = writeln!(text, "  }} -> {output_type}");
        let _ = writeln!(text, "  return %r : {output_type}");
        text += "}\n";
        text
    }

    /// The input and dimension that `loop_` indexes first.
    fn operand_of(&self, loop_: usize) -> (usize, usize) {
        self.inputs
            .iter()
            .enumerate()
            .find_map(|(input, operand)| {
                operand.map.iter().zip(&operand.shifts).position(|(&l, shift)| l == loop_ && shift.is_none()).map(|dim| (input, dim))
            })
            .expect("every loop indexes an input")
    }

    /// The kernel and a `@main` for `mlir-runner` that builds the inputs
    /// from dense constants, converts them to their formats, calls the
    /// kernel and prints its result densely with the runner utilities.
    pub fn upstream_program(&self, data: &[Vec<(Vec<usize>, f64)>]) -> String {
        let element = self.element;
        let mut text = self.kernel(false);
        let output_dense = self.output.dense_type(&self.sizes, element);
        let memref = output_dense.replacen("tensor<", "memref<", 1);
        let _ = writeln!(text, "func.func private @{}(memref<*x{}>)", printer(element), element.name());
        text += "func.func @main() {\n";
        let mut arguments = Vec::new();
        for (index, (input, entries)) in self.inputs.iter().zip(data).enumerate() {
            let dense_type = input.dense_type(&self.sizes, element);
            let shape = input.shape(&self.sizes);
            let values = dense_values(&shape, entries);
            let _ = writeln!(text, "  %d{index} = arith.constant dense<{}> : {dense_type}", nested_literal(&shape, &values, element));
            if input.storage.is_some() {
                let _ = writeln!(
                    text,
                    "  %i{index} = sparse_tensor.convert %d{index} : {dense_type} to {}",
                    input.tensor_type(&self.sizes, element, false)
                );
                arguments.push(format!("%i{index}"));
            } else {
                arguments.push(format!("%d{index}"));
            }
        }
        let types: Vec<String> = self.inputs.iter().map(|input| input.tensor_type(&self.sizes, element, false)).collect();
        let output_type = self.output.tensor_type(&self.sizes, element, false);
        let _ = writeln!(text, "  %r = call @kernel({}) : ({}) -> {output_type}", arguments.join(", "), types.join(", "));
        let result = if self.output.storage.is_some() {
            let _ = writeln!(text, "  %rd = sparse_tensor.convert %r : {output_type} to {output_dense}");
            "%rd"
        } else {
            "%r"
        };
        let _ = writeln!(text, "  %m = bufferization.to_buffer {result} : {output_dense} to {memref}");
        let _ = writeln!(text, "  %u = memref.cast %m : {memref} to memref<*x{}>", element.name());
        let _ = writeln!(text, "  call @{}(%u) : (memref<*x{}>) -> ()", printer(element), element.name());
        text += "  return\n}\n";
        text
    }

    /// Random entries for every input, at distinct coordinates, in
    /// dimension order.
    pub fn random_data(&self, choice: &mut Choice) -> Vec<Vec<(Vec<usize>, f64)>> {
        self.inputs
            .iter()
            .map(|input| {
                let shape = input.stored_shape(&self.sizes);
                let density = *choice.pick(&[0, 10, 30, 60, 100]);
                let mut entries = Vec::new();
                for point in points(&shape) {
                    if choice.percent(density) {
                        entries.push((point, random_value(choice, self.element)));
                    }
                }
                entries
            })
            .collect()
    }

    /// The output, densely in row-major order, evaluated at every point of
    /// the iteration space; each input's unstored components are its fill,
    /// and a reduction starts from the output's.
    pub fn reference(&self, data: &[Vec<(Vec<usize>, f64)>]) -> Vec<f64> {
        let dense: Vec<Vec<f64>> = self
            .inputs
            .iter()
            .zip(data)
            .map(|(input, entries)| {
                let shape = input.stored_shape(&self.sizes);
                let mut values = vec![input.fill(); shape.iter().product()];
                for (point, value) in entries {
                    values[linear(&shape, point)] = *value;
                }
                values
            })
            .collect();
        let output_shape = self.output.shape(&self.sizes);
        let mut output = vec![self.output.fill(); output_shape.iter().product()];
        for point in points(&self.sizes) {
            let values: Vec<f64> = self
                .inputs
                .iter()
                .zip(&dense)
                .map(|(input, values)| {
                    input.stored_at(&point, &self.sizes).map_or(0.0, |at| values[linear(&input.stored_shape(&self.sizes), &at)])
                })
                .collect();
            let value = evaluate(&self.body, &values);
            let at = linear(&output_shape, &self.output.at(&point));
            output[at] = match (self.has_reduction(), self.reduction) {
                (false, _) => value,
                (true, Reduction::Add) => output[at] + value,
                (true, Reduction::Max) => output[at].max(value),
            };
        }
        output
    }
}

/// A random expression over `inputs` block arguments, using each one at
/// most a few times, of depth at most `depth`.
fn random_expr(choice: &mut Choice, inputs: usize, element: Element, depth: usize) -> Expr {
    if depth == 0 || choice.percent(30) {
        return if choice.percent(85) { Expr::Input(choice.below(inputs)) } else { Expr::Constant(random_value(choice, element)) };
    }
    if choice.percent(10) {
        return Expr::Neg(Box::new(random_expr(choice, inputs, element, depth - 1)));
    }
    let op = *choice.pick(&[Binary::Add, Binary::Add, Binary::Sub, Binary::Mul, Binary::Mul, Binary::Mul, Binary::Max, Binary::Min]);
    Expr::Binary(op, Box::new(random_expr(choice, inputs, element, depth - 1)), Box::new(random_expr(choice, inputs, element, depth - 1)))
}

/// A value small enough that every result is exact in `element`: `f64`
/// takes multiples of 1/4 up to 4; `f32` integers up to 4 (a product of the
/// eight inputs a body of depth 3 can multiply then stays within 2^16, and a
/// sum of 125 of them within its 24-bit significand, where quarters would
/// span 2^32).
fn random_value(choice: &mut Choice, element: Element) -> f64 {
    if element == Element::F32 {
        choice.below(9) as f64 - 4.0
    } else if element.is_float() {
        (choice.below(33) as f64 - 16.0) * 0.25
    } else {
        choice.below(11) as f64 - 5.0
    }
}

fn evaluate(expr: &Expr, inputs: &[f64]) -> f64 {
    match expr {
        Expr::Input(index) => inputs[*index],
        Expr::Constant(value) => *value,
        Expr::Neg(operand) => -evaluate(operand, inputs),
        Expr::Binary(op, left, right) => {
            let (left, right) = (evaluate(left, inputs), evaluate(right, inputs));
            match op {
                Binary::Add => left + right,
                Binary::Sub => left - right,
                Binary::Mul => left * right,
                Binary::Max => left.max(right),
                Binary::Min => left.min(right),
            }
        }
    }
}

/// The ops of a generic's body, numbered as they are emitted.
struct Body {
    text: String,
    next: usize,
    element: Element,
}

impl Body {
    fn op(&mut self, op: &str, operands: &[&String]) -> String {
        let name = format!("%v{}", self.next);
        self.next += 1;
        let operands: Vec<&str> = operands.iter().map(|operand| operand.as_str()).collect();
        let _ = writeln!(self.text, "    {name} = {op} {} : {}", operands.join(", "), self.element.name());
        name
    }

    fn emit(&mut self, expr: &Expr) -> String {
        let float = self.element.is_float();
        match expr {
            Expr::Input(index) => format!("%a{index}"),
            Expr::Constant(value) => {
                let name = format!("%v{}", self.next);
                self.next += 1;
                let _ = writeln!(self.text, "    {name} = arith.constant {} : {}", literal(self.element, *value), self.element.name());
                name
            }
            Expr::Neg(operand) => {
                let operand = self.emit(operand);
                if float {
                    self.op("arith.negf", &[&operand])
                } else {
                    let zero = self.emit(&Expr::Constant(0.0));
                    self.op("arith.subi", &[&zero, &operand])
                }
            }
            Expr::Binary(op, left, right) => {
                let (left, right) = (self.emit(left), self.emit(right));
                let name = match (op, float) {
                    (Binary::Add, true) => "arith.addf",
                    (Binary::Sub, true) => "arith.subf",
                    (Binary::Mul, true) => "arith.mulf",
                    (Binary::Max, true) => "arith.maximumf",
                    (Binary::Min, true) => "arith.minimumf",
                    (Binary::Add, false) => "arith.addi",
                    (Binary::Sub, false) => "arith.subi",
                    (Binary::Mul, false) => "arith.muli",
                    (Binary::Max, false) => "arith.maxsi",
                    (Binary::Min, false) => "arith.minsi",
                };
                self.op(name, &[&left, &right])
            }
        }
    }
}

/// A row-major array as a nested `dense<...>` literal.
fn nested_literal(shape: &[usize], values: &[f64], element: Element) -> String {
    let Some((&outer, inner)) = shape.split_first() else { return literal(element, values[0]) };
    let stride: usize = inner.iter().product();
    let parts: Vec<String> =
        (0..outer).map(|index| nested_literal(inner, &values[index * stride..(index + 1) * stride], element)).collect();
    format!("[{}]", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// y(i) = Σ_j A(i, j) · x(j) with A in CSR.
    fn spmv() -> Spec {
        let csr = Storage {
            levels: vec![Level::dense(), Level::compressed()],
            dim_to_lvl: vec![0, 1],
            blocks: vec![1, 1],
            widths: (64, 64),
            fill: 0.0,
        };
        Spec {
            element: Element::F64,
            sizes: vec![2, 3],
            reduced: vec![false, true],
            inputs: vec![Operand::new(vec![0, 1], Some(csr)), Operand::new(vec![1], None)],
            output: Operand::new(vec![0], None),
            body: Expr::Binary(Binary::Mul, Box::new(Expr::Input(0)), Box::new(Expr::Input(1))),
            reduction: Reduction::Add,
        }
    }

    #[test]
    fn the_reference_evaluates_every_point() {
        let data =
            vec![vec![(vec![0, 0], 1.0), (vec![0, 2], 2.0), (vec![1, 1], 3.0)], vec![(vec![0], 1.0), (vec![1], 10.0), (vec![2], 100.0)]];
        assert_eq!(spmv().reference(&data), vec![201.0, 30.0]);
        // Where a constant is added, every point counts, stored or not.
        let mut plus = spmv();
        plus.body = Expr::Binary(Binary::Add, Box::new(plus.body), Box::new(Expr::Constant(0.5)));
        assert_eq!(plus.reference(&data), vec![202.5, 31.5]);
    }

    #[test]
    fn the_kernel_text_states_maps_iterators_and_the_reduction() {
        let text = spmv().kernel(false);
        assert!(text.contains("func.func @kernel(%t0: tensor<2x3xf64, #sparse_tensor.encoding<{map = (d0, d1) -> (d0 : dense, d1 : compressed)}>>, %t1: tensor<3xf64>) -> tensor<2xf64>"));
        assert!(text.contains("iterator_types = [\"parallel\", \"reduction\"]"));
        assert!(text.contains("%init = arith.constant dense<0.0> : tensor<2xf64>"));
        assert!(text.contains("%v1 = arith.addf %out, %v0 : f64"));
        assert!(spmv().kernel(true).contains("%s0 = tensor.dim %t0, %c0"));
    }

    #[test]
    fn upstream_spells_unique_and_ordered_levels_as_properties() {
        assert_eq!(upstream_level(&Level::compressed()).as_deref(), Some("compressed"));
        let unordered = Level { ordered: false, ..Level::compressed() };
        assert_eq!(upstream_level(&unordered).as_deref(), Some("compressed(nonordered)"));
        let coo_head = Level { ordered: false, ..Level::compressed_nonunique() };
        assert_eq!(upstream_level(&coo_head).as_deref(), Some("compressed(nonunique, nonordered)"));
        assert_eq!(upstream_level(&Level::new(LevelKind::Band)), None);
    }

    #[test]
    fn shape_views_pass_another_shape_and_read_it_back() {
        // A read as the collapse of a 1 x 2 x 3 tensor (its rows split 1 x 2).
        let mut collapsed = spmv();
        collapsed.inputs[0].shaped = Some(Shaped { view: ShapeView::Collapse { dim: 0, outer: 1 }, storage: None });
        assert_eq!(collapsed.inputs[0].stored_shape(&collapsed.sizes), vec![1, 2, 3]);
        let data = vec![
            vec![(vec![0, 0, 0], 1.0), (vec![0, 0, 2], 2.0), (vec![0, 1, 1], 3.0)],
            vec![(vec![0], 1.0), (vec![1], 10.0), (vec![2], 100.0)],
        ];
        assert_eq!(collapsed.reference(&data), vec![201.0, 30.0]);
        assert!(collapsed.kernel(false).contains("%view0 = tensor.collapse_shape %t0 [[0, 1], [2]] : tensor<1x2x3xf64, "));
        // A read as the expansion of a 6-vector.
        let mut expanded = spmv();
        expanded.inputs[0].shaped = Some(Shaped { view: ShapeView::Expand { dim: 0 }, storage: None });
        assert_eq!(expanded.inputs[0].stored_shape(&expanded.sizes), vec![6]);
        let data = vec![vec![(vec![0], 1.0), (vec![2], 2.0), (vec![4], 3.0)], data[1].clone()];
        assert_eq!(expanded.reference(&data), vec![201.0, 30.0]);
        let text = expanded.kernel(true);
        assert!(text.contains("tensor.expand_shape %t0 [[0, 1]] output_shape [%size0_0, %size0_1]"), "{text}");
        // A read as a 1 x 3 tensor after an empty row: row 0 reads nothing.
        let mut concatenated = spmv();
        let view = ShapeView::Concat { dim: 0, kept: 1, after: true, tensor_concat: false };
        concatenated.inputs[0].shaped = Some(Shaped { view, storage: None });
        assert_eq!(concatenated.inputs[0].stored_shape(&concatenated.sizes), vec![1, 3]);
        let data = vec![vec![(vec![0, 1], 3.0)], data[1].clone()];
        assert_eq!(concatenated.reference(&data), vec![0.0, 30.0]);
        assert!(concatenated.kernel(false).contains("sparse_tensor.concatenate %added0, %t0 {dimension = 0 : index}"));
    }

    #[test]
    fn strided_dilated_subscripts_lengthen_the_dimension_and_read_there() {
        // y(i) = sum_k x(2i + 3k + 1) w(k): i < 2, k < 3 read x at 1..=9.
        let mut conv = spmv();
        let shift = Shift { loop_: 1, stride: 2, dilation: 3, offset: 1 };
        conv.inputs[0] = Operand { shifts: vec![Some(shift)], ..Operand::new(vec![0], None) };
        assert_eq!(conv.inputs[0].shape(&conv.sizes), vec![10]);
        assert!(conv.kernel(false).contains("affine_map<(d0, d1) -> (d0 * 2 + d1 * 3 + 1)>"));
        let x: Vec<(Vec<usize>, f64)> = (0..10).map(|at| (vec![at], (1 << at) as f64)).collect();
        let w = vec![(vec![0], 1.0), (vec![1], 1.0), (vec![2], 1.0)];
        // i = 0 reads x at 1, 4, 7; i = 1 at 3, 6, 9.
        assert_eq!(conv.reference(&[x, w]), vec![(2 + 16 + 128) as f64, (8 + 64 + 512) as f64]);
    }

    #[test]
    fn the_upstream_program_converts_inputs_and_prints_the_result() {
        let data = vec![vec![(vec![1, 2], 2.5)], vec![]];
        let text = spmv().upstream_program(&data);
        assert!(text.contains("%d0 = arith.constant dense<[[0.0, 0.0, 0.0], [0.0, 0.0, 2.5]]> : tensor<2x3xf64>"));
        assert!(text.contains("%i0 = sparse_tensor.convert %d0"));
        assert!(text.contains("call @printMemrefF64(%u)"));
    }
}
