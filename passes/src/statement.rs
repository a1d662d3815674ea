//! An `arr.compute` statement read into plain data: its loops, operands with
//! their formats and subscripts, its output, and the shape of its body
//! expression (which decides the iteration algebra of every loop).

use crate::algebra::{Algebra, Combine};
use crate::fill::{self, Element, Number};
use crate::ir::{callee, callee_name, defined, defining_op, module_of, name, value_key};
use crate::stationary::Clamp;
use melior::ir::{
    attribute::{DenseI64ArrayAttribute, IntegerAttribute},
    block::BlockLike,
    operation::OperationLike,
    r#type::RankedTensorType,
    Attribute, BlockRef, OperationRef, RegionLike, ShapedTypeLike, Value, ValueLike,
};
pub use sparse_dialects::arr::{ACCUMULATE, KEEP_VISITED, REDUCE_VISITED};
use sparse_dialects::{
    arr::{self, Access, Compute},
    encoding::Encoding,
    function::{Properties, ITERATION_SPACE, PROPERTIES},
    space::Space,
    subscript::{subscripts, Subscript},
};
use std::collections::{BTreeSet, HashMap};

/// One tensor read by the statement, with the loop of each of its dimensions.
pub struct Operand<'c, 'a> {
    pub tensor: Value<'c, 'a>,
    pub encoding: Encoding<'c>,
    /// `dims[d]` is the loop that indexes tensor dimension `d` (for a
    /// window, the loop that resolves it); empty for a computed read.
    pub dims: Vec<usize>,
    /// For a tensor stored densely and read at compound subscripts
    /// (`x(i + k)`), the subscripts, evaluated from the loop coordinates at
    /// the read: no loop visits its levels, and, present everywhere, it
    /// constrains no loop.
    pub computed: Option<Vec<Subscript>>,
    /// For a tensor with sparse levels read at compound subscripts, each
    /// dimension's compound subscript (`None` where it is a bare loop):
    /// index-variable reduction (paper 003). The loops of its other terms
    /// fix a window, `start + c · z` for `z` below the size of loop
    /// `dims[d]`, whose coefficient is `c`; loop `dims[d]` resolves the
    /// subscript, visiting the stored coordinates of that window.
    pub windows: Vec<Option<Subscript>>,
    /// Whether no other operand reads this tensor at compound subscripts:
    /// then the loop over a window's non-empty subsections and the loop
    /// that resolves it walk the same level for the same window.
    pub sole_window: bool,
    /// Whether the loops over the non-empty subsections of levels below the
    /// first are ordered inside the loop that fixes the parent level, so
    /// that they may visit them (set when that order exists).
    pub deep_subsections: bool,
    /// For a part of a concatenation the statement reads, the dimension
    /// concatenated: its loop is as long as the whole concatenation, and
    /// visits this part over its own range (see [`ConcatRead`]).
    pub concat_dim: Option<usize>,
    /// Whether its level order is left free: set while `transposed_operands`
    /// tries which operands to copy into the loops' order. Its levels then
    /// order no loops (the copy's follow them); its windows still do (the
    /// copy is read at the same subscripts).
    pub free_level_order: bool,
}

impl Operand<'_, '_> {
    /// The level of this operand that loop `loop_` indexes, if any.
    pub fn level_of(&self, loop_: usize) -> Option<usize> {
        self.encoding.format.dim_to_lvl.iter().position(|&dim| self.dims.get(dim) == Some(&loop_))
    }

    /// The dimension this operand indexes by loop `loop_` alone, whose size
    /// is the loop's (a window's dimension is larger than its loop); of a
    /// computed read, a subscript that is the loop alone.
    pub fn sizing_dim(&self, loop_: usize) -> Option<usize> {
        if let Some(subscripts) = &self.computed {
            return subscripts.iter().position(|subscript| subscript.as_dim() == Some(loop_));
        }
        (0..self.dims.len()).find(|&dim| self.dims[dim] == loop_ && self.window(dim).is_none() && self.concat_dim != Some(dim))
    }

    /// The level whose window loop `loop_` reduces by visiting the offsets
    /// of its non-empty subsections (paper 003 §3.1): a level visited by
    /// ordered positions that cannot be located (a compressed level), whose
    /// subscript `c · loop_ + c_r · r + b` has one other loop, `r`, which
    /// resolves it; the first level, or a deeper one when
    /// `deep_subsections` orders `loop_` inside the loop of the level
    /// above; and no other operand reads the tensor through windows.
    pub fn reducing_level(&self, loop_: usize) -> Option<usize> {
        self.subsection_levels().find(|&(_, reducing)| reducing == loop_).map(|(level, _)| level)
    }

    /// Each level whose non-empty subsections a loop may visit, with that loop.
    fn subsection_levels(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let format = &self.encoding.format;
        (0..format.rank()).filter(move |&level| level == 0 || self.deep_subsections).filter_map(move |level| {
            let dim = format.dim_to_lvl[level];
            let window = self.window(dim)?;
            let capabilities = format.levels[level].capabilities();
            let walked =
                capabilities.iteration == sparse_formats::Iteration::Positions && !capabilities.locatable && format.levels[level].ordered;
            let reducing = match window.terms[..] {
                [(a, _), (b, _)] => Some(if a == self.dims[dim] { b } else { a }),
                _ => None,
            }?;
            // (Not through a view of arr.slice: its window is the view's.)
            let stored = arr::slice_source(self.tensor) == self.tensor;
            (walked && self.sole_window && stored).then_some((level, reducing))
        })
    }

    /// The order `deep_subsections` asks for: `(outer, inner)` loop pairs,
    /// the loop of each level above one whose subsections a loop visits
    /// outside that loop.
    pub fn subsection_order(&self) -> Vec<(usize, usize)> {
        let above = |level: usize| self.dims[self.encoding.format.dim_to_lvl[level - 1]];
        self.subsection_levels().filter(|&(level, _)| level > 0).map(|(level, reducing)| (above(level), reducing)).collect()
    }

    /// Whether it is read through a window at some dimension.
    pub fn is_windowed(&self) -> bool {
        self.windows.iter().any(Option::is_some)
    }

    /// The compound subscript of dimension `dim`, when it is a window.
    pub fn window(&self, dim: usize) -> Option<&Subscript> {
        self.windows.get(dim).and_then(Option::as_ref)
    }

    /// Every compound subscript, with its dimension: a computed read's or
    /// a window's.
    pub fn compound(&self) -> Vec<(usize, &Subscript)> {
        match &self.computed {
            Some(subscripts) => subscripts.iter().enumerate().collect(),
            None => self.windows.iter().enumerate().filter_map(|(dim, window)| Some((dim, window.as_ref()?))).collect(),
        }
    }

    pub fn is_sparse(&self) -> bool {
        self.encoding.format.is_sparse()
    }
}

/// One value of the body, in terms of the operand reads it depends on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// The value read by an `arr.access` of operand `k`.
    Access(usize),
    /// An op's result, combining the nodes at these indices.
    Combine(Combine, Vec<usize>),
}

/// A read of a concatenation (`arr.concat`, paper 001's disjoint union ⊔):
/// each part is an operand of its own, read at the same loops. The loop of
/// the concatenated dimension visits the parts one after another, each over
/// its own range of coordinates, the other operands seen through the window
/// of that range; inside it only that part is read. Outside it every part
/// is co-iterated, as a union (a concatenation is where any part is).
pub struct ConcatRead<'c, 'a> {
    /// The `arr.concat` view, its nested concatenations along the same
    /// dimension flattened.
    pub view: Value<'c, 'a>,
    /// The operand of each part, in order.
    pub parts: Vec<usize>,
    /// The concatenated dimension.
    pub dim: usize,
    /// The loop that indexes it.
    pub loop_: usize,
}

/// A call to a user function with an explicit iteration space that a loop
/// visits beyond that space (paper 000 §5.1's `{x ≠ c}` are sets of values:
/// a complement of a dense operand, or of a value this loop does not index,
/// is known only from values): the call is evaluated where its space holds
/// on its arguments' values, and is its background elsewhere.
pub struct GuardedCall<'c, 'a> {
    pub call: OperationRef<'c, 'a>,
    /// The call's value outside its space.
    pub background: Number,
    /// Each argument's value where what it reads is not stored (known when
    /// the callee has specializations, else empty).
    pub argument_fills: Vec<Number>,
    /// The callee's region specializations: symbol, and the argument
    /// positions present in the region each serves.
    pub specializations: Vec<(String, Vec<usize>)>,
}

/// How a reduction into a dense result folds in the points its loops skip,
/// whose value (the body's background) is not the reduction's identity
/// (paper 000 §7.2): each component counts the points it combines, and after
/// the loops combines the background once for each point it did not,
/// `N − count` times by repeated doubling (log N calls of the function;
/// once, for an idempotent function, where `N − count` is not 0).
/// That needs a commutative, associative function with an identity on both
/// sides (for `N − count = 0`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Multiplicity {
    pub background: Number,
    pub identity: Number,
    /// Whether each component starts from the identity: a statement with no
    /// init or `arr.accumulate` reduces its body's values only.
    pub from_identity: bool,
    /// Whether the function is idempotent: then the background, skipped
    /// any number of times but once, is folded in once.
    pub idempotent: bool,
}

impl Multiplicity {
    fn of(compute: Compute, properties: &Properties, background: Option<Number>) -> Option<Self> {
        let identity = properties.identity.and_then(Number::of_typed).filter(|_| properties.identity_arg.is_none())?;
        if !(properties.commutative && properties.associative) {
            return None;
        }
        let from_identity = compute.0.attribute(ACCUMULATE).is_err() && compute.init().is_none();
        // Repeated doubling is emitted for scalars the constants of which it can make.
        let background = background.filter(|background| !matches!(background, Number::Complex(..)))?;
        Some(Self { background, identity, from_identity, idempotent: properties.idempotent })
    }
}

/// The deepest nest of unions and intersections a loop's iteration algebra
/// may have: later analyses recurse over it.
pub const MAX_ALGEBRA_DEPTH: usize = 64;
pub struct Statement<'c, 'a> {
    pub compute: Compute<'c, 'a>,
    pub loops: usize,
    /// The loop of each output dimension.
    pub output_dims: Vec<usize>,
    pub output: RankedTensorType<'c>,
    pub output_encoding: Encoding<'c>,
    /// The reduction function, when the statement reduces.
    pub reduction: Option<&'c str>,
    /// The tensor each reduced component starts from (`arr.compute`'s init,
    /// when the statement reduces).
    pub init: Option<Value<'c, 'a>>,
    pub operands: Vec<Operand<'c, 'a>>,
    /// For each `arr.access` of the body, its operand.
    pub accesses: Vec<(OperationRef<'c, 'a>, usize)>,
    /// The concatenations read, and each read (`arr.access` of one) with its concatenation.
    pub concats: Vec<ConcatRead<'c, 'a>>,
    pub concat_accesses: Vec<(OperationRef<'c, 'a>, usize)>,
    /// The body as a DAG, each node after the nodes it combines: every value
    /// once, however often it is used, so its size is the body's size.
    pub nodes: Vec<Node>,
    /// The node of the yielded value.
    pub root: usize,
    /// What each node is where the operands it reads are not stored.
    backgrounds: Vec<Background>,
    /// The calls to functions with an explicit iteration space, by node.
    calls: Vec<(usize, OperationRef<'c, 'a>)>,
    /// The ops an argument that is the same everywhere annihilates although
    /// others vary (`a · 0` with a constant 0), each with its value there:
    /// no loop visits their reads, and the body takes that value instead.
    pub annihilated: Vec<(OperationRef<'c, 'a>, Number)>,
    /// The calls some loop visits beyond their iteration space: each is
    /// evaluated only where its space holds on its argument values.
    pub guards: Vec<GuardedCall<'c, 'a>>,
    /// Where each loop must visit.
    algebras: Vec<Algebra>,
    /// Whether the reduction folds in the fill where the body has no value
    /// (its case yields none): set when every point is visited because the
    /// unvisited points' fills cannot be skipped.
    pub folds_fill: bool,
    /// Set when the points the loops skip are folded in with their
    /// multiplicity after the loops (paper 000 §7.2).
    pub multiplicity: Option<Multiplicity>,
    /// The dimensions `(operand, dim)` of compound subscripts that
    /// are not known to stay inside them before the kernel runs (dynamic
    /// sizes): checked when it runs, before the loops.
    pub bounds_checks: Vec<(usize, usize)>,
    /// Whether a compound subscript is resolved by the result's loop (the
    /// scatter order, see `resolving_loop`), which
    /// [`Statement::read_gathered`] does not do.
    pub scattered: bool,
    /// The filter loops whose ranges follow the image coordinates the
    /// result's loops walk, when [`Statement::read_stationary`] read it.
    pub clamps: Vec<Clamp>,
}

/// How a statement's compound subscripts of sparse operands are read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Resolution {
    /// Each resolved by its reducing loop.
    Gathered,
    /// By the result's loop where every result loop names it (a dense result).
    Scattered,
    /// Not at all: the image is read by its own coordinates ([`crate::stationary`]).
    Stationary,
}

impl<'c, 'a> Statement<'c, 'a> {
    /// Reads a verified `arr.compute`; `Err` says what this pipeline cannot do.
    pub fn read(compute: Compute<'c, 'a>) -> Result<Self, String> {
        Self::read_resolving(compute, Resolution::Scattered)
    }

    /// Reads `compute` image-stationary ([`crate::stationary`]), if it has
    /// that form and the order computes what the others do.
    pub fn read_stationary(compute: Compute<'c, 'a>) -> Option<Self> {
        let statement = Self::read_concatenations(compute, Resolution::Stationary, true).ok()?;
        crate::stationary::exact(&statement).then_some(statement)
    }

    /// Reads `compute` with each compound subscript resolved by its reducing
    /// loop, never scattered: for a statement whose other operands order the
    /// result's loops outside the reducing ones (a sparse mask `B(i, k)`
    /// beside `A(i + k)`).
    pub fn read_gathered(compute: Compute<'c, 'a>) -> Result<Self, String> {
        Self::read_resolving(compute, Resolution::Gathered)
    }

    /// Reads `compute`, its upstream concatenations through their parts;
    /// where a compound subscript runs over a part's loop, which the loop
    /// splitting of concatenations does not do, host code builds them and
    /// the statement reads the result.
    fn read_resolving(compute: Compute<'c, 'a>, resolution: Resolution) -> Result<Self, String> {
        match Self::read_concatenations(compute, resolution, true) {
            Err(ReadError::OverConcatenatedLoop) => Self::read_concatenations(compute, resolution, false),
            read => read,
        }
        .map_err(|error| error.to_string())
    }

    /// Reads `compute`, upstream's concatenations through their parts if
    /// `fuse_upstream`, except one read at compound subscripts.
    fn read_concatenations(compute: Compute<'c, 'a>, resolution: Resolution, fuse_upstream: bool) -> Result<Self, ReadError> {
        let map = compute.indexing_map().ok_or("arr.compute has no indexing map")?;
        let output = compute.result_type().ok_or("arr.compute has no ranked result")?;
        let output_dims: Vec<usize> = (0..map.result_count()).map(|index| map.result(index).expect("in range").dim_position()).collect();
        // A statement reducing the visited points only (upstream's
        // `sparse_tensor.reduce`) keeps its output loops outermost
        // (`arr-concretize` checks), so only others are scattered.
        let scatters_into_result = resolution != Resolution::Gathered
            && Encoding::of_any(output).is_ok_and(|encoding| !encoding.format.is_sparse())
            && compute.0.attribute(REDUCE_VISITED).is_err();
        let mut scattered = false;
        let reductions = compute.reductions().unwrap_or_default();
        if reductions.windows(2).any(|pair| pair[0] != pair[1]) {
            return Err("a statement that reduces different loops with different functions is read once arr-concretize has split it \
                        into a chain of statements"
                .into());
        }
        let body = compute.body().ok_or("arr.compute has no body")?;
        let mut operands: Vec<Operand> = Vec::new();
        let mut accesses = Vec::new();
        let mut concats: Vec<ConcatRead> = Vec::new();
        // Upstream's concatenations are read through their parts unless the
        // statement stores every point it visits into a sparse result:
        // their stored entries are then what it stores, which reading the
        // parts would change (a concatenation drops explicit zeros).
        let fuses_upstream_concatenations = fuse_upstream && !keeps_visited_points(compute.0);
        let mut concat_accesses = Vec::new();
        let mut next = body.first_operation();
        while let Some(op) = next {
            if let Some(access) = Access::of(op) {
                let tensor: Value = op.operand(0).map_err(|e| e.to_string())?;
                let plain = access
                    .indexing_map()
                    .and_then(|map| subscripts(map).ok())
                    .is_some_and(|subscripts| subscripts.iter().all(|subscript| subscript.as_dim().is_some()));
                if let Some((dim, parts)) = concatenation(tensor, fuses_upstream_concatenations && plain) {
                    let map = access.indexing_map().ok_or("arr.access has no map")?;
                    let dims = subscripts(map).map_err(|e| e.to_string())?.iter().map(Subscript::as_dim).collect::<Option<Vec<_>>>();
                    let dims = dims.ok_or("a concatenation (arr.concat) read at compound subscripts is not supported yet")?;
                    let index = match concats.iter().position(|read| read.view == tensor && operands[read.parts[0]].dims == dims) {
                        Some(index) => index,
                        None => {
                            concats.push(ConcatRead::read(tensor, dim, &parts, dims, &mut operands)?);
                            concats.len() - 1
                        }
                    };
                    concat_accesses.push((op, index));
                    next = op.next_in_block();
                    continue;
                }
                if let Some(view) = defining_op(tensor) {
                    let producer = name(view);
                    // A view stored as its source is (`arr-demap`'s) is read like
                    // any tensor; a slice, as its source with narrowed levels.
                    let slice = arr::Slice::of(view).is_some();
                    // A read whose value nothing uses only sizes its loops.
                    let sizes_only = op.result(0).is_ok_and(|read| crate::ir::users(read.into()).is_empty());
                    if sparse_dialects::arr::SHAPE_OPS.contains(&producer.as_str())
                        && arr::reinterpreted(view).is_none()
                        && !slice
                        && !sizes_only
                    {
                        return Err(format!("reading the view of '{producer}' is not supported by this pipeline yet").into());
                    }
                }
                let subscripts = subscripts(access.indexing_map().ok_or("arr.access has no map")?).map_err(|e| e.to_string())?;
                access.tensor().ok_or("arr.access reads no ranked tensor")?;
                let encoding = arr::stored_encoding(tensor).ok_or("arr.access reads a tensor without a valid encoding")?;
                let (dims, computed, windows) = match subscripts.iter().map(Subscript::as_dim).collect::<Option<Vec<_>>>() {
                    Some(dims) => (dims, None, Vec::new()),
                    None if is_stored_densely(&encoding) => (Vec::new(), Some(subscripts), Vec::new()),
                    None => {
                        let named =
                            |loop_: &usize| subscripts.iter().any(|subscript| subscript.terms.iter().any(|&(term, _)| term == *loop_));
                        let scatter = scatters_into_result && (resolution == Resolution::Stationary || output_dims.iter().all(named));
                        scattered |= scatter;
                        let dims =
                            subscripts.iter().map(|subscript| resolving_loop(subscript, &output_dims, scatter)).collect::<Option<Vec<_>>>();
                        let dims = dims.ok_or("a constant subscript of a tensor with sparse levels is not supported")?;
                        (dims, None, subscripts.into_iter().map(|subscript| subscript.as_dim().is_none().then_some(subscript)).collect())
                    }
                };
                let same = |o: &Operand| {
                    o.tensor == tensor && o.dims == dims && o.computed == computed && o.windows == windows && o.concat_dim.is_none()
                };
                let index = match operands.iter().position(same) {
                    Some(index) => index,
                    None => {
                        operands.push(Operand {
                            tensor,
                            encoding,
                            dims,
                            computed,
                            windows,
                            sole_window: true,
                            deep_subsections: false,
                            concat_dim: None,
                            free_level_order: false,
                        });
                        operands.len() - 1
                    }
                };
                accesses.push((op, index));
            }
            next = op.next_in_block();
        }
        for index in 0..operands.len() {
            operands[index].sole_window = !operands
                .iter()
                .enumerate()
                .any(|(other, operand)| other != index && operand.tensor == operands[index].tensor && operand.is_windowed());
        }
        let operand_fills: Vec<Option<Number>> = operands.iter().map(|operand| Number::of_typed(operand.encoding.fill)).collect();
        check_concats(&concats, &operands)?;
        let Dag { nodes, root, mut backgrounds, calls, annihilated } = dag(body, &accesses, &concat_accesses, &concats, &operand_fills)?;
        let output_encoding = Encoding::of_any(output).map_err(|e| e.to_string())?;
        if reductions.is_empty() {
            root_call_background(&nodes, root, &mut backgrounds, Number::of_typed(output_encoding.fill));
        }
        for (what, encoding) in operands.iter().map(|o| ("an operand", &o.encoding)).chain([("the result", &output_encoding)]) {
            if encoding.format.is_blocked() {
                return Err(format!("{what} stores a dimension in blocks: `arr-demap` splits the loops over it first").into());
            }
        }
        let bounds_checks = check_static_sizes(&operands, &concats, output, &output_dims, map.dim_count())?;
        let clamps = match resolution {
            Resolution::Stationary => (scatters_into_result && !reductions.is_empty())
                .then(|| crate::stationary::clamps(&mut operands, &output_dims, &concats, compute.0))
                .flatten()
                .ok_or("not an image-stationary statement")?,
            _ => Vec::new(),
        };
        // An empty sparse result stores nothing: as an init it gives only the
        // shape. Not one that an earlier statement, concretized already,
        // writes into (its result became such a `tensor.empty` and the
        // `sig.assign`s of its loops).
        let empty = |init: &Value| {
            output_encoding.format.is_sparse()
                && defining_op(*init).is_some_and(|made| name(made) == "tensor.empty")
                && crate::ir::users(*init).iter().all(|user| Compute::of(*user).is_some())
        };
        let init = compute.init().filter(|init| !reductions.is_empty() && !empty(init));
        if init.is_some() && output_encoding.format.is_sparse() {
            return Err("a reduction into a sparse result that starts from an initial value needs a workspace, \
                        which this pipeline does not insert yet"
                .into());
        }
        let mut statement = Self {
            compute,
            loops: map.dim_count(),
            output_dims,
            output,
            output_encoding,
            reduction: reductions.first().copied(),
            init,
            operands,
            accesses,
            concats,
            concat_accesses,
            nodes,
            root,
            backgrounds,
            calls,
            annihilated,
            guards: Vec::new(),
            multiplicity: None,
            algebras: Vec::new(),
            folds_fill: false,
            bounds_checks,
            scattered,
            clamps,
        };
        // Deeper levels' subsections are visited where their loops can be
        // ordered inside the loop of the level above (paper 003's i → r →
        // j → s for an image read at (i + r, j + s)).
        statement.operands.iter_mut().for_each(|operand| operand.deep_subsections = true);
        if crate::arr_concretize::order(&statement).is_err() {
            statement.operands.iter_mut().for_each(|operand| operand.deep_subsections = false);
        }
        let mut guarded = BTreeSet::new();
        let algebras = (0..statement.loops).map(|loop_| statement.derive_algebra(loop_, &mut guarded)).collect::<Result<Vec<_>, _>>()?;
        // A stored value equal to its fill, or a dense operand's, is outside
        // `{x ≠ c}` although the loops visit it (paper 000 §4.2's
        // explicit-fill check): every call whose value outside its space is
        // known is tested on its arguments' values (its region
        // specializations then chosen by those values too, where every
        // argument's fill is known), but one of complex values, which the
        // test does not compare.
        let real = |call: OperationRef| {
            let mut types = call.operands().map(|operand| operand.r#type()).chain(call.results().map(|result| result.r#type()));
            types.all(|r#type| {
                crate::fill::is_float(r#type) || melior::ir::TypeLike::is_integer(&r#type) || melior::ir::TypeLike::is_index(&r#type)
            })
        };
        guarded.extend(
            statement
                .calls
                .iter()
                .filter(|&&(node, call)| {
                    (specializations_of(call).is_empty() || statement.argument_fills_known(node))
                        && real(call)
                        && statement.outside_value(node).is_some()
                })
                .map(|&(node, _)| node),
        );
        statement.guards = statement.guards_of(&guarded)?;
        // An invariant body is computed everywhere (it stores nothing where it is the fill).
        statement.algebras = algebras.into_iter().map(|algebra| algebra.unwrap_or(Algebra::Full(None))).collect();
        let body_fill = statement.backgrounds[root].fill;
        let output_fill = Number::of_typed(statement.output_encoding.fill);
        let Some(function) = statement.reduction else {
            // The points no loop visits keep the result's fill: the body
            // must be that there (paper 000 §4.4), or every point is visited.
            if !body_fill.zip(output_fill).is_some_and(|(body, output)| body.same(output)) {
                statement.visit_everywhere(guarded)?;
            }
            return Ok(statement);
        };
        let properties = reduction_properties(compute.0, function)?;
        let fills = ReductionFills { body: body_fill, output: output_fill };
        let everywhere = statement.algebras.iter().all(|algebra| matches!(algebra, Algebra::Full(_)));
        if let Err(error) = check_reduction(compute, function, &properties, fills, everywhere) {
            // A reduction that is exact where every point is visited folds the
            // points the loops skip in with their multiplicity when its
            // function allows (paper 000 §7.2); otherwise, if its start is
            // neutral (an init or arr.accumulate folded in, or a fill that is
            // the identity), every loop visits every coordinate, with the
            // sparse operands co-iterated (right at dense cost). A sparse
            // result would then store every point (arr-concretize reduces
            // such a statement into a dense temporary first, see
            // `multiplicity::through_dense_temporaries`), and a user
            // function's case that yields no value would fold in a fill where
            // upstream folds in nothing: both refused here.
            let has_cases = !crate::ir::collect(compute.0, is_region_function).is_empty();
            let dense_result = !statement.output_encoding.format.is_sparse();
            if let Some(multiplicity) = Multiplicity::of(compute, &properties, body_fill).filter(|_| !has_cases && dense_result) {
                statement.multiplicity = Some(multiplicity);
            } else if has_cases || !dense_result || check_reduction(compute, function, &properties, fills, true).is_err() {
                return Err(error.into());
            } else {
                statement.visit_everywhere(guarded)?;
            }
            statement.folds_fill = true;
        }
        // A point with no value where the body's background is not 0 is a 0
        // (absent operands with fill 0), which the reduction must fold in.
        if compute.0.attribute(REDUCE_VISITED).is_err() && !body_fill.is_some_and(Number::is_zero) {
            statement.folds_fill = true;
        }
        Ok(statement)
    }

    /// Whether the fill value of every argument of the call at `node` is
    /// known when compiling (a specialization is chosen by them).
    fn argument_fills_known(&self, node: usize) -> bool {
        matches!(&self.nodes[node], Node::Combine(_, args) if args.iter().all(|&arg| self.backgrounds[arg].fill.is_some()))
    }

    /// The guards of the calls at the nodes `guarded`, each with its
    /// background, which must be known.
    fn guards_of(&self, guarded: &BTreeSet<usize>) -> Result<Vec<GuardedCall<'c, 'a>>, String> {
        let mut guards = Vec::with_capacity(guarded.len());
        for &(node, call) in self.calls.iter().filter(|(node, _)| guarded.contains(node)) {
            let callee = callee_name(call).unwrap_or_default();
            let background = self.outside_value(node).ok_or_else(|| {
                format!(
                    "the loops visit the call to '@{callee}' beyond its iteration space, which is then tested on its arguments' \
                     values; its value outside that space (at its arguments' fill values) is not known when compiling: state it \
                     with arr.properties, or store the complemented arguments sparsely"
                )
            })?;
            // A specialization serves the arguments present, told apart by
            // their values too: where each is not its fill.
            let Node::Combine(_, args) = &self.nodes[node] else { return Err("a call read as an access".into()) };
            let argument_fills: Vec<Option<Number>> = args.iter().map(|&arg| self.backgrounds[arg].fill).collect();
            let specializations = specializations_of(call);
            if !specializations.is_empty() && !self.argument_fills_known(node) {
                return Err(format!(
                    "the loops visit the call to '@{callee}' beyond its iteration space, which is then tested on its arguments' \
                     values; its region specializations are chosen by which arguments are at their fill values, which are not \
                     all known when compiling"
                ));
            }
            let argument_fills = argument_fills.into_iter().flatten().collect();
            guards.push(GuardedCall { call, background, argument_fills, specializations });
        }
        Ok(guards)
    }

    /// Makes every loop visit every coordinate, its sparse operands
    /// co-iterated. The loops then visit every call beyond its explicit
    /// iteration space too, so each such call is guarded (besides those
    /// `guarded` already): it is tested on its arguments' values.
    fn visit_everywhere(&mut self, mut guarded: BTreeSet<usize>) -> Result<(), String> {
        for algebra in &mut self.algebras {
            *algebra = Algebra::Union(vec![Algebra::Full(None), algebra.clone()]).simplify();
        }
        // (A call whose value there is not known when compiling stays
        // unguarded, evaluated wherever the loops visit.)
        guarded.extend(self.calls.iter().map(|&(node, _)| node).filter(|&node| self.outside_value(node).is_some()));
        self.guards = self.guards_of(&guarded)?;
        Ok(())
    }

    /// The value of the call at `node` outside its iteration space: the
    /// result's fill for the body's root in a statement that does not
    /// reduce (see `root_call_background`), its background otherwise.
    fn outside_value(&self, node: usize) -> Option<Number> {
        match (node == self.root, self.reduction) {
            (true, None) => Number::of_typed(self.output_encoding.fill),
            _ => self.backgrounds[node].fill,
        }
    }

    /// Where loop `loop_` must visit.
    pub fn algebra(&self, loop_: usize) -> Algebra {
        self.algebras[loop_].clone()
    }

    /// Whether loop `loop_` visits every coordinate of its range; `false`
    /// while the loops' algebras are not derived yet.
    pub fn visits_whole_range(&self, loop_: usize) -> bool {
        self.algebras.get(loop_).is_some_and(Algebra::is_everything)
    }

    /// The algebra of every node in turn (each after its arguments), so the
    /// work is linear in the body and nothing recurses over its depth. A
    /// node's algebra is where it may differ from its background; `None`
    /// where it never does (it is invariant).
    fn derive_algebra(&self, loop_: usize, guarded: &mut BTreeSet<usize>) -> Result<Option<Algebra>, String> {
        let mut algebras: Vec<(Option<Algebra>, usize)> = Vec::with_capacity(self.nodes.len());
        // The operands each node reads.
        let mut reads: Vec<BTreeSet<usize>> = Vec::with_capacity(self.nodes.len());
        for (index, node) in self.nodes.iter().enumerate() {
            reads.push(match node {
                Node::Access(k) => BTreeSet::from([*k]),
                Node::Combine(_, args) => args.iter().flat_map(|&arg| reads[arg].iter().copied()).collect(),
            });
            let leaf = |k: usize| match self.operands[k].level_of(loop_) {
                Some(level) if self.operands[k].encoding.format.levels[level].is_located() => Algebra::Full(Some((k, level))),
                Some(level) => Algebra::Sparse((k, level)),
                // The offsets of a window's non-empty subsections.
                None => self.operands[k].reducing_level(loop_).map_or(Algebra::Full(None), |level| Algebra::Sparse((k, level))),
            };
            // A dense read that is there in every region: an operand whose
            // levels are all located is never absent (one with a sparse level
            // is, below where that level has no entry).
            let everywhere = |part: &Algebra| match part {
                Algebra::Full(None) => true,
                Algebra::Full(Some((k, _))) => self.operands[*k].encoding.format.levels.iter().all(|level| level.is_located()),
                _ => false,
            };
            let background = &self.backgrounds[index];
            let (algebra, depth) = match node {
                Node::Access(k) => (Some(leaf(*k)), 0),
                Node::Combine(..) if background.invariant => (None, 0),
                Node::Combine(combine, args) => {
                    let depth = 1 + args.iter().map(|&arg| algebras[arg].1).max().unwrap_or(0);
                    let fill = |at: usize| self.backgrounds[args[at]].fill;
                    let part = |at: usize| algebras[args[at]].0.clone();
                    let varying = || (0..args.len()).filter_map(part);
                    let union = || match varying().collect::<Vec<_>>() {
                        parts if parts.is_empty() => Algebra::Full(None),
                        parts => Algebra::Union(parts),
                    };
                    // Where operand `driving` is, the others read there.
                    let following = |driving: usize| {
                        let parts: Vec<Algebra> = varying().collect();
                        let within = Algebra::Intersect(parts.clone());
                        match part(driving) {
                            Some(driving) if !parts.iter().all(|part| *part == driving || everywhere(part)) => {
                                Algebra::Union(vec![within, driving])
                            }
                            _ => within,
                        }
                    };
                    let algebra = if let Some(space) = &background.space {
                        let args: Vec<(Option<Algebra>, Option<Number>, &BTreeSet<usize>)> =
                            args.iter().map(|&arg| (algebras[arg].0.clone(), self.backgrounds[arg].fill, &reads[arg])).collect();
                        // Below the body's root, the cases that omit the call may still
                        // compute for the other operands, and evaluate it there: a call
                        // whose space has a complement is then tested on its values.
                        let mut guard = index != self.root && space.has_complement();
                        let algebra = self.space_algebra(loop_, space, &args, &mut guard)?;
                        if guard {
                            guarded.insert(index);
                        }
                        match algebra {
                            Some(algebra) => algebra,
                            // Empty: the call is its background everywhere.
                            None => {
                                algebras.push((None, depth));
                                continue;
                            }
                        }
                    } else if !background.annihilated_by.is_empty() {
                        // Where every annihilating argument is stored; the others are
                        // read there (co-iterated when sparse).
                        let within = Algebra::Intersect(varying().collect());
                        let annihilating: Vec<Algebra> = background.annihilated_by.iter().filter_map(|&at| part(at)).collect();
                        if varying().all(|part| annihilating.contains(&part) || everywhere(&part)) {
                            within
                        } else {
                            Algebra::Union(vec![within, Algebra::Intersect(annihilating)])
                        }
                    } else {
                        match combine {
                            Combine::Preserve if fill(0).is_some_and(Number::is_zero) && part(0).is_some() => part(0).expect("checked"),
                            // `select c, x, y` from operand 1: where x or y is, when
                            // both have one fill; `max`, `<` from operand 0.
                            Combine::Either { first }
                                if (*first..args.len()).any(|at| part(at).is_some())
                                    && (*first..args.len()).all(|at| fill(at).zip(fill(*first)).is_some_and(|(a, b)| a.same(b))) =>
                            {
                                let read: Vec<Algebra> = (0..*first).filter_map(part).collect();
                                let driving = Algebra::Union((*first..args.len()).filter_map(part).collect());
                                let within = Algebra::Intersect(read.iter().cloned().chain([driving.clone()]).collect());
                                if read.iter().all(everywhere) {
                                    within
                                } else {
                                    Algebra::Union(vec![within, driving])
                                }
                            }
                            Combine::Guarded { driving } if *driving < args.len() => following(*driving),
                            Combine::Shift if fill(0).is_some_and(Number::is_zero) => following(0),
                            // Anything else may vary anywhere: every coordinate, with the
                            // operands' levels co-iterated so that each is read where it is stored.
                            Combine::Everywhere => Algebra::Union(std::iter::once(Algebra::Full(None)).chain(varying()).collect()),
                            // A function of its operands only is at its background
                            // wherever they all are at theirs.
                            _ => union(),
                        }
                    };
                    (Some(algebra.simplify()), depth)
                }
            };
            if depth > MAX_ALGEBRA_DEPTH {
                return Err(format!(
                    "the body nests sums and products of sparse operands more than {MAX_ALGEBRA_DEPTH} deep; split it into several statements"
                ));
            }
            algebras.push((algebra, depth));
        }
        Ok(algebras.swap_remove(self.root).0)
    }

    /// Where loop `loop_` visits a call to a function whose explicit
    /// iteration space is `space` (paper 000 §5.2), given each argument's
    /// algebra (`None`: it never varies), fill and the operands it reads:
    /// each `{x_k ≠ c}` is argument `k`'s algebra if its fill is `c`. A
    /// complement is exact at the last level of an operand stored sparsely
    /// there (the loop tests its values against the fill); above it, where
    /// a fiber may be partly stored, it widens to every coordinate and the
    /// loops below omit. Where the loop cannot follow the space exactly (a
    /// fill other than `c`, a complement of a dense last level, of an
    /// argument that varies anywhere or reads an operand this loop does not
    /// index), it visits a wider set and sets `guard`: the call is then
    /// evaluated only where its space holds on the argument values. Every
    /// argument's iterators then join the loop (paper 000 Alg. 1's
    /// augmentation), so its value is read where it is stored. `None` when
    /// the set is empty.
    fn space_algebra(
        &self,
        loop_: usize,
        space: &CallSpace,
        args: &[(Option<Algebra>, Option<Number>, &BTreeSet<usize>)],
        guard: &mut bool,
    ) -> Result<Option<Algebra>, String> {
        for (at, (_, _, reads)) in args.iter().enumerate() {
            if let Some(&k) = reads.iter().find(|&&k| self.operands[k].is_windowed()) {
                return Err(format!(
                    "a call to a user function with an explicit iteration space reads, in argument {at}, operand {k}, which is \
                     read at compound subscripts: where it is stored along loop {} is not known there; compute that argument \
                     in a statement of its own",
                    self.loop_name(loop_)
                ));
            }
        }
        // An argument reading an operand this loop does not index varies
        // inside it: its algebra here widens where it is stored.
        let widened = |at: usize| args[at].2.iter().any(|&k| self.operands[k].level_of(loop_).is_none());
        let mut everywhere = false;
        let substituted = space.substitute(&|at| args[at].0.clone(), &|at| args[at].1, &widened, &mut everywhere, guard);
        let parts = || args.iter().filter_map(|(algebra, _, _)| algebra.clone());
        if everywhere {
            *guard = true;
            return Ok(Some(Algebra::Union(std::iter::once(Algebra::Full(None)).chain(parts()).collect()).simplify()));
        }
        let Some(algebra) = substituted else { return Ok(None) };
        let is_last = |(k, level): (usize, usize)| level + 1 == self.operands[k].encoding.format.rank();
        // `{x ≠ c}` is where x is not c: where an argument is stored in a
        // dense last level, or varies anywhere, its complement needs its
        // values, which the lattice does not test: every coordinate, guarded.
        let guarded = std::cell::Cell::new(false);
        let algebra = algebra.de_morgan().map_complements(&|leaf| match leaf {
            Algebra::Sparse(leaf) if is_last(*leaf) => Algebra::Complement(Box::new(Algebra::Sparse(*leaf))),
            Algebra::Full(Some(leaf)) if is_last(*leaf) => {
                guarded.set(true);
                Algebra::Full(None)
            }
            Algebra::Full(None) => {
                guarded.set(true);
                Algebra::Full(None)
            }
            // Above the last level, a fiber may be partly stored: the loops below omit.
            _ => Algebra::Full(None),
        });
        *guard |= guarded.get();
        let named = algebra.leaves();
        let mut augmented = algebra;
        for leaf in parts().flat_map(|part| part.leaves()).filter(|leaf| !named.contains(leaf)) {
            let (k, level) = leaf;
            augmented = if self.operands[k].encoding.format.levels[level].is_located() && self.operands[k].level_of(loop_) == Some(level) {
                Algebra::Intersect(vec![augmented, Algebra::Full(Some(leaf))])
            } else {
                let stored = Algebra::Sparse(leaf);
                Algebra::Union(vec![augmented, Algebra::Intersect(vec![stored.clone(), Algebra::Complement(Box::new(stored))])])
            };
        }
        Ok(Some(augmented.simplify()))
    }

    /// What `loop_` is in the user's loops, if `arr-demap` split any of
    /// them (`d1 mod 2`).
    fn origin(&self, loop_: usize) -> Option<LoopOrigin> {
        let origins = DenseI64ArrayAttribute::try_from(self.compute.0.attribute(LOOP_ORIGINS).ok()?).ok()?;
        LoopOrigin::decode(origins.element(2 * loop_).ok()?, origins.element(2 * loop_ + 1).ok()?)
    }

    /// The block size when `loop_` is the block loop `arr-demap` split a
    /// loop into (`d1 floordiv 2`: 2).
    pub fn split_block(&self, loop_: usize) -> Option<i64> {
        match self.origin(loop_)? {
            LoopOrigin::Blocks { block, .. } => Some(block),
            LoopOrigin::Loop(_) | LoopOrigin::Offsets { .. } => None,
        }
    }

    /// How diagnostics name `loop_`: `d<loop>`, or what `arr-demap` split
    /// it from (`d1 mod 2 (split loop d3)`).
    pub fn loop_name(&self, loop_: usize) -> String {
        match self.origin(loop_) {
            Some(origin) if origin != LoopOrigin::Loop(loop_) => format!("{origin} (split loop d{loop_})"),
            _ => format!("d{loop_}"),
        }
    }

    /// Whether the body uses the value of operand `index` (a read nothing
    /// uses only sizes its loops, and its levels order none of them).
    pub fn uses_value_of(&self, index: usize) -> bool {
        let used = |&(access, _): &(OperationRef, usize)| access.result(0).is_ok_and(|read| !crate::ir::users(read.into()).is_empty());
        self.accesses.iter().filter(|(_, operand)| *operand == index).any(used)
            || self.concats.iter().any(|read| read.parts.contains(&index))
    }

    /// The loops that reduce: those no output dimension names.
    pub fn is_reduced(&self, loop_: usize) -> bool {
        !self.output_dims.contains(&loop_)
    }
}

impl<'c, 'a> ConcatRead<'c, 'a> {
    /// The read of concatenation `view` of `parts` along `dim` at loops
    /// `dims`: one new operand a part (never shared with another read, so
    /// that `concat(A, A)` reads two iterators), all of one fill.
    fn read(
        view: Value<'c, 'a>,
        dim: usize,
        parts: &[Value<'c, 'a>],
        dims: Vec<usize>,
        operands: &mut Vec<Operand<'c, 'a>>,
    ) -> Result<Self, String> {
        let loop_ = dims[dim];
        if dims.iter().enumerate().any(|(other, &at)| other != dim && at == loop_) {
            return Err("a concatenation (arr.concat) read with its concatenated dimension's loop at another dimension too is \
                        not supported yet"
                .into());
        }
        let mut indices = Vec::with_capacity(parts.len());
        for &tensor in parts {
            if let Some(view) = defining_op(tensor) {
                let producer = name(view);
                if sparse_dialects::arr::SHAPE_OPS.contains(&producer.as_str()) && arr::Slice::of(view).is_none() {
                    return Err(format!("a concatenation (arr.concat) of the view of '{producer}' is not supported by this pipeline yet"));
                }
            }
            let encoding = arr::stored_encoding(tensor).ok_or("arr.concat concatenates a tensor without a valid encoding")?;
            operands.push(Operand {
                tensor,
                encoding,
                dims: dims.clone(),
                computed: None,
                windows: Vec::new(),
                sole_window: true,
                deep_subsections: false,
                concat_dim: Some(dim),
                free_level_order: false,
            });
            indices.push(operands.len() - 1);
        }
        let fills: Vec<Option<Number>> = indices.iter().map(|&part| Number::of_typed(operands[part].encoding.fill)).collect();
        if fills.iter().any(|fill| !fill.zip(fills[0]).is_some_and(|(fill, first)| fill.same(first))) {
            return Err("the tensors a concatenation (arr.concat) joins have different fill values".into());
        }
        Ok(Self { view, parts: indices, dim, loop_ })
    }
}

/// Whether the statement `compute` stores every point it visits into a
/// sparse result (`arr.keep_visited`): it then reads upstream's
/// concatenations as they are stored, not through their parts (a
/// concatenation drops explicit zeros, which it would store).
pub(crate) fn keeps_visited_points(compute: OperationRef) -> bool {
    let sparse_result = compute
        .result(0)
        .ok()
        .and_then(|result| RankedTensorType::try_from(result.r#type()).ok())
        .is_some_and(|output| Encoding::of_any(output).is_ok_and(|encoding| encoding.format.is_sparse()));
    compute.attribute(KEEP_VISITED).is_ok() && sparse_result
}

/// The ops that concatenate tensors: ours, and upstream's two.
pub const CONCATENATIONS: [&str; 3] = [arr::Concat::NAME, "tensor.concat", "sparse_tensor.concatenate"];

/// The dimension and the parts of the concatenation `tensor` is, if a
/// statement reads it through its parts: an `arr.concat`, or, when
/// `upstream`, a `tensor.concat` or `sparse_tensor.concatenate` whose
/// parts have its fill; the parts that are such concatenations along the
/// same dimension flattened into theirs.
pub(crate) fn concatenation<'c: 'a, 'a>(tensor: Value<'c, 'a>, upstream: bool) -> Option<(usize, Vec<Value<'c, 'a>>)> {
    let op = defining_op(tensor)?;
    let attribute = match name(op).as_str() {
        arr::Concat::NAME => "dim",
        "tensor.concat" if upstream => "dim",
        "sparse_tensor.concatenate" if upstream => "dimension",
        _ => return None,
    };
    let dim = usize::try_from(IntegerAttribute::try_from(op.attribute(attribute).ok()?).ok()?.value()).ok()?;
    if arr::Concat::of(op).is_none() {
        let fill = |tensor: Value<'c, 'a>| arr::stored_encoding(tensor).and_then(|encoding| Number::of_typed(encoding.fill));
        let own = fill(tensor)?;
        if !op.operands().all(|part| fill(part).is_some_and(|part| part.same(own))) {
            return None;
        }
        // A part stored in blocks would need its loops split, which
        // `arr-demap` does for the tensors a statement reads, not for the
        // parts of a concatenation: host code builds the concatenation.
        if op.operands().any(|part| arr::stored_encoding(part).is_some_and(|encoding| encoding.format.is_blocked())) {
            return None;
        }
    }
    let mut parts = Vec::new();
    for operand in op.operands() {
        match concatenation(operand, upstream) {
            Some((inner, inner_parts)) if inner == dim => parts.extend(inner_parts),
            _ => parts.push(operand),
        }
    }
    Some((dim, parts))
}

/// Why [`Statement::read_concatenations`] did not read a statement.
#[derive(Debug)]
enum ReadError {
    /// A compound subscript runs over the loop of a concatenated dimension
    /// ([`check_concats`]); read again with upstream's concatenations
    /// built by host code, only an `arr.concat` stays refused.
    OverConcatenatedLoop,
    /// What this pipeline cannot do.
    Refused(String),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::OverConcatenatedLoop => {
                formatter.write_str("a compound subscript over the loop of a concatenated dimension (arr.concat) is not supported yet")
            }
            Self::Refused(message) => formatter.write_str(message),
        }
    }
}

impl From<String> for ReadError {
    fn from(message: String) -> Self {
        Self::Refused(message)
    }
}

impl From<&str> for ReadError {
    fn from(message: &str) -> Self {
        Self::Refused(message.into())
    }
}

/// What the loop splitting of concatenations does not do yet: a compound
/// subscript over a split loop.
fn check_concats(concats: &[ConcatRead], operands: &[Operand]) -> Result<(), ReadError> {
    for read in concats {
        let over_split =
            |operand: &Operand| operand.compound().iter().any(|(_, subscript)| subscript.terms.iter().any(|&(at, _)| at == read.loop_));
        if operands.iter().any(over_split) {
            return Err(ReadError::OverConcatenatedLoop);
        }
    }
    Ok(())
}

/// The loop that resolves a compound subscript of a sparse level. With
/// `scatter` (a dense result, each of whose loops the tensor's subscripts
/// name), the last of its loops that indexes the result: the loops that
/// reduce go outside, each of their offsets visits the stored coordinates
/// of one long window, and each entry adds into the result at its
/// coordinate less the offset (paper 003 §6.3.1's schedules that end with
/// the output's loop, whose time follows the stored entries rather than
/// the number of non-empty small windows). Otherwise the last of its loops
/// that reduces (its loops that index the result may then stay outermost,
/// as a sparse result needs, and a result loop the tensor does not name,
/// a convolution's output channels, is not revisited once per offset), or
/// its last loop; `None` for a constant.
fn resolving_loop(subscript: &Subscript, output_dims: &[usize], scatter: bool) -> Option<usize> {
    let mut loops = subscript.terms.iter().map(|&(loop_, _)| loop_);
    if scatter {
        if let Some(loop_) = loops.clone().rfind(|loop_| output_dims.contains(loop_)) {
            return Some(loop_);
        }
    }
    loops.clone().rfind(|loop_| !output_dims.contains(loop_)).or_else(|| loops.next_back())
}

/// Whether every level of `encoding` stores every coordinate at a computed
/// position (dense, unbatched), whole dimensions, and values: a tensor that
/// can be read at any coordinates.
fn is_stored_densely(encoding: &Encoding) -> bool {
    let format = &encoding.format;
    !format.pattern && !format.is_blocked() && format.levels.iter().all(|level| level.is_located() && level.buffers().is_empty())
}

/// Checks that every loop has one static size (every tensor dimension a loop
/// indexes has the loop's size: two different static sizes would make the
/// generated code index the smaller tensor out of bounds), and that the
/// compound subscripts stay inside their tensors where the sizes say; returns
/// the dimensions of compound subscripts whose sizes are not all static, to check at
/// run time.
fn check_static_sizes(
    operands: &[Operand],
    concats: &[ConcatRead],
    output: RankedTensorType,
    output_dims: &[usize],
    loops: usize,
) -> Result<Vec<(usize, usize)>, String> {
    let static_size = |tensor: RankedTensorType, dim: usize| match tensor.dim_size(dim) {
        Ok(melior::ir::r#type::DimSize::Static(size)) => Some(size),
        _ => None,
    };
    let mut loop_sizes = vec![None; loops];
    for (loop_, loop_size) in loop_sizes.iter_mut().enumerate() {
        let mut sizes = operands
            .iter()
            .enumerate()
            .filter_map(|(index, operand)| {
                let dim = operand.sizing_dim(loop_)?;
                let tensor = RankedTensorType::try_from(operand.tensor.r#type()).ok()?;
                Some((format!("dimension {dim} of operand {index}"), static_size(tensor, dim)?))
            })
            .chain(concats.iter().filter(|read| read.loop_ == loop_).filter_map(|read| {
                let tensor = RankedTensorType::try_from(read.view.r#type()).ok()?;
                Some((format!("dimension {} of the concatenation", read.dim), static_size(tensor, read.dim)?))
            }))
            .chain(
                output_dims
                    .iter()
                    .position(|&d| d == loop_)
                    .and_then(|dim| Some((format!("dimension {dim} of the result"), static_size(output, dim)?))),
            );
        if let Some((first, size)) = sizes.next() {
            if let Some((other, other_size)) = sizes.find(|(_, other_size)| *other_size != size) {
                return Err(format!("loop d{loop_} has two static sizes: {first} is {size} but {other} is {other_size}"));
            }
            *loop_size = Some(size);
        }
    }
    // A compound subscript stays inside its tensor: its largest value
    // (every loop at its last coordinate) is below the dimension's size.
    let mut unknown = Vec::new();
    for (index, operand) in operands.iter().enumerate() {
        let Ok(tensor) = RankedTensorType::try_from(operand.tensor.r#type()) else { continue };
        for (dim, subscript) in operand.compound() {
            let sizes = subscript.terms.iter().map(|&(loop_, _)| loop_sizes[loop_]).collect::<Option<Vec<_>>>();
            let (Some(sizes), Some(size)) = (sizes, static_size(tensor, dim)) else {
                unknown.push((index, dim));
                continue;
            };
            if sizes.contains(&0) {
                continue;
            }
            // A subscript too large to compute is outside any tensor.
            let largest =
                subscript.terms.iter().zip(&sizes).try_fold(i128::from(subscript.intercept), |sum, (&(_, coefficient), &loop_size)| {
                    sum.checked_add(i128::from(coefficient).checked_mul(i128::from(loop_size - 1))?)
                });
            if largest.is_none_or(|largest| largest >= i128::from(size)) {
                let largest = largest.map_or_else(|| "beyond 2^127".to_string(), |largest| largest.to_string());
                return Err(format!(
                    "operand {index} is read at subscript {largest} of its dimension {dim}, whose size is {size}: \
                     its compound subscripts reach outside it"
                ));
            }
        }
    }
    Ok(unknown)
}

/// The discardable attribute of a statement with `REDUCE_VISITED` into a
/// sparse result (which has no init), then of its result's `tensor.empty`
/// and `cfir.alloc`: the scalar each stored component's reduction starts
/// from where its first value comes, instead of the fill (upstream's
/// identity); a component no value reaches is not stored.
pub const REDUCE_START: &str = "arr.reduce_start";

/// The attributes a statement's result carries from the `arr.compute` to
/// its `tensor.empty`, then to its `cfir.alloc`.
pub const CARRIED_TO_ALLOC: [&str; 3] = [KEEP_VISITED, WORKSPACE, REDUCE_START];

/// The discardable unit attribute of a `sig.assign` with `reduce` that
/// combines the fill value 0 where its value is absent (every operand it
/// reads unstored there, or its case yielding none); without it, such a
/// point combines nothing.
pub const FOLD_FILL: &str = "sig.fold_fill";

/// The discardable unit attribute of a `sig.assign` with no `reduce` that
/// may overwrite a component another store wrote: it is lowered even where
/// its value is the result's fill (absent, or the fill constant), which is
/// otherwise dropped as what the component already holds. `sig-lower-lattices`
/// sets it on the stores a `sig.where` folds (`fold_where`) and on a store
/// into a result another store precedes or shares a loop with.
pub const KEEP_FILL: &str = "sig.keep_fill";

/// The discardable attribute `arr-demap` leaves on a statement whose loops it
/// split: for each loop, what it is in the loops the user wrote (a
/// [`LoopOrigin`], two integers a loop), so that diagnostics name the user's
/// loops and the block loops it made are known as such.
pub const LOOP_ORIGINS: &str = "arr.loop_origins";

/// What a loop of a statement `arr-demap` split is in the loops the user
/// wrote. Stored in [`LOOP_ORIGINS`] as the user's loop and a block size:
/// 0 for the loop itself, `b` for its blocks, `-b` for the offsets in them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopOrigin {
    /// The user's loop, unsplit (`d0`).
    Loop(usize),
    /// The blocks of `block` coordinates of the user's `loop_` (`d1 floordiv 2`).
    Blocks { loop_: usize, block: i64 },
    /// The offsets in those blocks (`d1 mod 2`).
    Offsets { loop_: usize, block: i64 },
}

impl LoopOrigin {
    /// The two integers [`LOOP_ORIGINS`] stores for `self`.
    pub fn encode(self) -> [i64; 2] {
        match self {
            Self::Loop(loop_) => [loop_ as i64, 0],
            Self::Blocks { loop_, block } => [loop_ as i64, block],
            Self::Offsets { loop_, block } => [loop_ as i64, -block],
        }
    }

    /// The origin [`LOOP_ORIGINS`] stores as `loop_` and `block`, if valid.
    fn decode(loop_: i64, block: i64) -> Option<Self> {
        let loop_ = usize::try_from(loop_).ok()?;
        Some(match block {
            0 => Self::Loop(loop_),
            block if block > 0 => Self::Blocks { loop_, block },
            block => Self::Offsets { loop_, block: block.checked_neg()? },
        })
    }
}

impl std::fmt::Display for LoopOrigin {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Loop(loop_) => write!(formatter, "d{loop_}"),
            Self::Blocks { loop_, block } => write!(formatter, "d{loop_} floordiv {block}"),
            Self::Offsets { loop_, block } => write!(formatter, "d{loop_} mod {block}"),
        }
    }
}

/// The attribute of a result's `tensor.empty` (and then of its
/// `cfir.alloc`) written through a workspace: a dictionary with the
/// workspace's `kind`, in `sig.where`'s vocabulary (paper 004).
pub const WORKSPACE: &str = "sig.workspace";

/// The `kind` of a `sig.workspace` dictionary, and its `levels` (how many
/// of the result's last levels a dense or hash workspace spans, when more
/// than the last alone); `None` when the dictionary is malformed or has
/// other keys.
pub fn workspace_of(workspace: melior::ir::Attribute) -> Option<(String, Option<usize>)> {
    let dictionary = melior::ir::attribute::DictionaryAttribute::try_from(workspace).ok()?;
    let kind = sparse_dialects::text_of(dictionary.element_by_name("kind")?)?.to_string();
    let levels = match dictionary.element_by_name("levels") {
        Some(levels) => Some(usize::try_from(melior::ir::attribute::IntegerAttribute::try_from(levels).ok()?.value()).ok()?),
        None => None,
    };
    (dictionary.len() == 1 + usize::from(levels.is_some())).then_some((kind, levels))
}

/// The coordinate workspace (paper 004's insert–sort–merge with the
/// `coord` policy): entries are appended as they come, merge-sorted in the
/// result's level order, and those at equal coordinates combined.
pub const COORD_WORKSPACE: &str = "{kind = \"coord\"}";

/// The bucket workspace (insert–sort–merge with the `bucket` policy): as
/// the coordinate workspace, but sorted one level at a time from the last,
/// by counting into a bucket per coordinate where the level's dimension is
/// small next to the number of entries.
pub const BUCKET_WORKSPACE: &str = "{kind = \"bucket\"}";

/// The dense workspace of a result's last level: one dense row per
/// iteration of the loops over the levels above, whose touched coordinates
/// are sorted and appended to the result when the iteration ends.
pub const DENSE_WORKSPACE: &str = "{kind = \"dense\"}";

/// The scalar workspace of one component (paper 004's `t = 0; t += …`):
/// the value a statement's reduced loops combine, inside the loops over
/// every level of its result, before the component is appended.
pub const SCALAR_WORKSPACE: &str = "{kind = \"scalar\"}";

/// The hash workspace of a result's last level: as the dense workspace, one
/// row per iteration of the loops over the levels above, but its touched
/// coordinates are keys of a hash table sized by the most stores a row
/// receives, not by the dimension.
pub const HASH_WORKSPACE: &str = "{kind = \"hash\"}";

/// The backgrounds a reduction combines: the body's where the loops skip a
/// point, the result's where each component starts. `None` where unknown.
#[derive(Clone, Copy)]
struct ReductionFills {
    body: Option<Number>,
    output: Option<Number>,
}

/// The lowering starts each reduction from the result's fill value, or from
/// the init, and folds in only the points it visits (`everywhere`: every
/// point). That is exact when:
/// - the statement folds in its start (an init, or `ACCUMULATE`) and visits
///   every point: then it computes exactly what it states;
/// - the skipped points change nothing, and neither does the start: the
///   body's fill is the function's identity on the right, `f(x, fill) = x`
///   (or every point is visited), and the statement folds in its start or
///   the result's fill is the identity on the left, `f(fill, y) = y`;
/// - the statement accumulates into its fill (no init) and the fill
///   absorbs the unvisited points: `f` is idempotent and commutative and
///   the body's fill is the result's (the fills move next to the one folded
///   in), or the result's fill annihilates from the left, `f(fill, y) = fill`;
/// - the statement reduces the visited points only (`REDUCE_VISITED`).
///
/// Otherwise [`Statement::read`] makes a statement into a dense result, with
/// no upstream user function, visit every point where that makes it exact
/// (and fold in the fill where the body has none); anything else needs the
/// fill folded in with its multiplicity (paper 000 §7.2), which this
/// pipeline does not do yet: refused, never answered wrongly.
fn check_reduction(
    compute: Compute,
    function: &str,
    properties: &Properties,
    fills: ReductionFills,
    everywhere: bool,
) -> Result<(), String> {
    let starts = compute.0.attribute(ACCUMULATE).is_ok() || compute.init().is_some();
    if (starts && everywhere) || compute.0.attribute(REDUCE_VISITED).is_ok() {
        return Ok(());
    }
    // Whether a property declared at `declared` (every position when
    // `None`) holds at `position`; the accumulator is argument 0.
    let holds_at = |declared: Option<usize>, position: usize| declared.is_none_or(|declared| declared == position);
    let is =
        |property: Option<Attribute>, fill: Option<Number>| property.and_then(Number::of_typed).zip(fill).is_some_and(|(a, b)| a.same(b));
    let skips_nothing = everywhere || (is(properties.identity, fills.body) && holds_at(properties.identity_arg, 1));
    let starts_neutral = starts || (is(properties.identity, fills.output) && holds_at(properties.identity_arg, 0));
    if skips_nothing && starts_neutral {
        return Ok(());
    }
    let accumulates = compute.0.attribute(ACCUMULATE).is_ok() && compute.init().is_none();
    let annihilates = is(properties.annihilator, fills.output) && holds_at(properties.annihilator_arg, 0);
    let absorbs = properties.idempotent && properties.commutative && fills.body.zip(fills.output).is_some_and(|(a, b)| a.same(b));
    if accumulates && (absorbs || annihilates) {
        return Ok(());
    }
    let declared = match (properties.identity, properties.identity_arg) {
        (None, _) => "declares no identity".to_string(),
        (Some(identity), None) => format!("has identity {identity}"),
        (Some(identity), Some(position)) => format!("has identity {identity} only at argument {position}"),
    };
    let fill = |fill: Option<Number>| fill.map_or("unknown at compile time".to_string(), |fill| format!("{fill}"));
    Err(format!(
        "the reduction @{function} {declared}, but the values it skips are {} and the statement's result has fill value {}: \
         a reduction whose identity differs from these (min, max, ...) needs an init or arr.accumulate and a dense result, \
         which make every point visited; if the fill is its identity, declare it in arr.properties",
        fill(fills.body),
        fill(fills.output)
    ))
}

/// The `arr.properties` the reduction function `function`, defined in the
/// module of `within`, declares.
pub(crate) fn reduction_properties<'c>(within: OperationRef<'c, '_>, function: &str) -> Result<Properties<'c>, String> {
    let (_, module) = module_of(within)?;
    let op = defined(module, function).ok_or_else(|| format!("the reduction @{function} is not defined"))?;
    match op.attribute(PROPERTIES) {
        Ok(attribute) => Properties::from_attribute(attribute).map_err(|error| format!("@{function}: {error}")),
        Err(_) => Ok(Properties::default()),
    }
}

/// `arith.cmpf` predicates false when both operands are 0: false, ogt,
/// olt, one, ugt, ult, une, uno.
const CMPF_FALSE_AT_EQUAL: [i64; 8] = [0, 2, 4, 6, 9, 11, 13, 14];
/// `arith.cmpi` predicates false at equal operands: ne, slt, sgt, ult, ugt.
const CMPI_FALSE_AT_EQUAL: [i64; 5] = [1, 2, 4, 6, 8];

/// How `op` combines the coordinate sets of its operands, for fill value 0
/// (the zero-preserving ops of MLIR's sparsifier, and comparisons false at
/// equal operands).
pub fn combine_of(op: OperationRef) -> Combine {
    if let Some(regions) = RegionFunction::of(op) {
        return regions.combine();
    }
    let predicate = op.attribute("predicate").ok().and_then(|p| IntegerAttribute::try_from(p).ok()).map(|p| p.value());
    match name(op).as_str() {
        "arith.addf" | "arith.addi" | "arith.subf" | "arith.subi" | "arith.ori" | "arith.xori" | "complex.add" | "complex.sub" => {
            Combine::Union
        }
        "arith.mulf" | "arith.muli" | "arith.andi" | "complex.mul" => Combine::Intersect,
        SELECT | "arith.negf" | "arith.truncf" | "arith.extf" | "arith.fptosi" | "arith.fptoui" | "arith.sitofp" | "arith.uitofp"
        | "arith.extsi" | "arith.extui" | "arith.trunci" | "arith.index_cast" | "arith.index_castui" | "arith.bitcast" | "math.absf"
        | "math.absi" | "math.ceil" | "math.floor" | "math.sqrt" | "math.cbrt" | "math.expm1" | "math.log1p" | "math.sin" | "math.tan"
        | "math.tanh" | "math.atan" | "math.erf" | "math.round" | "math.roundeven" | "math.trunc" | "complex.neg" | "complex.abs"
        | "complex.sqrt" | "complex.sin" | "complex.tan" | "complex.tanh" | "complex.expm1" | "complex.log1p" | "complex.conj"
        | "complex.re" | "complex.im" => Combine::Preserve,
        "arith.shli" | "arith.shrsi" | "arith.shrui" => Combine::Shift,
        // 0 / c = 0 for a divisor known to be finite and not 0.
        "arith.divf" | "arith.divsi" | "arith.divui" | "arith.remf" | "arith.remsi" | "arith.remui" | "complex.div"
            if op.operand(1).is_ok_and(is_nonzero_constant) =>
        {
            Combine::Preserve
        }
        "arith.maximumf" | "arith.minimumf" | "arith.maxnumf" | "arith.minnumf" | "arith.maxsi" | "arith.minsi" | "arith.maxui"
        | "arith.minui" => Combine::Either { first: 0 },
        // Predicates false at equal operands: f(0, 0) = 0.
        "arith.cmpf" if predicate.is_some_and(|p| CMPF_FALSE_AT_EQUAL.contains(&p)) => Combine::Either { first: 0 },
        "arith.cmpi" if predicate.is_some_and(|p| CMPI_FALSE_AT_EQUAL.contains(&p)) => Combine::Either { first: 0 },
        // select c, 0, 0 = 0, whatever c is.
        "arith.select" => Combine::Either { first: 1 },
        _ if op.region_count() == 0 && op.operand_count() > 0 => Combine::Pure,
        _ => Combine::Everywhere,
    }
}

/// Whether `value` is a constant (`arith.constant`, `complex.constant`) that
/// is finite and not 0 (a complex one: both parts finite, one not 0; 0
/// over an infinite complex number may be NaN).
fn is_nonzero_constant(value: Value) -> bool {
    Number::of_constant(value).is_some_and(|number| number.is_finite() && !number.is_zero())
}

/// How one case of an upstream user function (`sparse_tensor.binary`'s
/// overlap, left and right, `unary`'s present and absent) computes its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaseRegion {
    /// No value: the point is omitted (an empty region).
    Empty,
    /// The present operand as it is (`left=identity`, `right=identity`).
    Identity,
    /// The region's body, on the present operands.
    Custom,
}

/// Upstream's user functions as regions (paper 000's producers and
/// omitters, spelled as cases): `sparse_tensor.binary` computes its overlap,
/// left or right region by which operands are present, and
/// `sparse_tensor.unary` its present or absent region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionFunction {
    Binary { overlap: CaseRegion, left: CaseRegion, right: CaseRegion },
    Unary { present: CaseRegion, absent: CaseRegion },
}

impl RegionFunction {
    pub fn of(op: OperationRef) -> Option<Self> {
        let region = |index: usize, identity: Option<&str>| {
            if identity.is_some_and(|identity| op.attribute(identity).is_ok()) {
                CaseRegion::Identity
            } else if op.region(index).ok().and_then(|region| region.first_block()).is_some() {
                CaseRegion::Custom
            } else {
                CaseRegion::Empty
            }
        };
        match name(op).as_str() {
            "sparse_tensor.binary" => Some(Self::Binary {
                overlap: region(0, None),
                left: region(1, Some("left_identity")),
                right: region(2, Some("right_identity")),
            }),
            "sparse_tensor.unary" => Some(Self::Unary { present: region(0, None), absent: region(1, None) }),
            _ => None,
        }
    }

    /// Where the function has a value, as the lattice sees it: a binary
    /// function where its left operand is when the left region computes,
    /// where its right one is when the right region does, where both are
    /// when only the overlap does; a unary function everywhere when its
    /// absent region computes, else where its operand is.
    fn combine(self) -> Combine {
        match self {
            Self::Binary { left, right, .. } => match (left != CaseRegion::Empty, right != CaseRegion::Empty) {
                (true, true) => Combine::Union,
                (true, false) => Combine::Guarded { driving: 0 },
                (false, true) => Combine::Guarded { driving: 1 },
                (false, false) => Combine::Intersect,
            },
            Self::Unary { absent: CaseRegion::Empty, .. } => Combine::Preserve,
            Self::Unary { .. } => Combine::Everywhere,
        }
    }

    /// The region that computes the value where `present` says which
    /// operands are present, with its index among the op's regions; `None`
    /// where no region applies (every operand absent for binary).
    pub fn case(self, present: &[bool]) -> Option<(usize, CaseRegion)> {
        match (self, present) {
            (Self::Binary { overlap, .. }, [true, true]) => Some((0, overlap)),
            (Self::Binary { left, .. }, [true, false]) => Some((1, left)),
            (Self::Binary { right, .. }, [false, true]) => Some((2, right)),
            (Self::Unary { present, .. }, [true]) => Some((0, present)),
            (Self::Unary { absent, .. }, [false]) => Some((1, absent)),
            _ => None,
        }
    }
}

/// Whether `op` is an upstream user function with regions that statements
/// hold and the lowering specializes: per case (`binary`, `unary`), or by
/// a condition its region computes at each stored entry (`select`).
pub fn is_region_function(op: OperationRef) -> bool {
    RegionFunction::of(op).is_some() || name(op) == SELECT
}

/// Upstream's `sparse_tensor.select`: its operand where the region yields
/// true, absent elsewhere.
pub const SELECT: &str = "sparse_tensor.select";

/// What a body value is where the operands it reads are not stored (paper
/// 000 §2.5): the same at every such point, `fill` when that is known.
#[derive(Clone, Debug, Default, PartialEq)]
struct Background {
    /// The value there, folded from the operands' fill values.
    fill: Option<Number>,
    /// The value is the same everywhere (a constant, a value from outside
    /// the statement, or a function of such values only).
    invariant: bool,
    /// The positions of the arguments whose fill annihilates the op (`0` of
    /// `×` and `and`, a user function's declared annihilator): wherever one
    /// of them is at its fill, so is the value.
    annihilated_by: Vec<usize>,
    /// The value reads an operand whose fill is not 0.
    reads_nonzero_fill: bool,
    /// A call's explicit iteration space, other than the universe: where
    /// the callee is evaluated, stated over its arguments.
    space: Option<CallSpace>,
}

/// A user function's explicit `arr.iteration_space` (paper 000 §5.1), each
/// `{x_k ≠ c}` with `c` as a number (`None` when it has none).
#[derive(Clone, Debug, PartialEq)]
enum CallSpace {
    Ne { arg: usize, value: Option<Number> },
    Union(Vec<CallSpace>),
    Intersect(Vec<CallSpace>),
    Complement(Box<CallSpace>),
    Universe,
}

impl CallSpace {
    fn of(space: &Space) -> Self {
        match space {
            Space::Ne { arg, value } => CallSpace::Ne { arg: *arg, value: Number::of_typed(*value) },
            Space::Union(parts) => CallSpace::Union(parts.iter().map(CallSpace::of).collect()),
            Space::Intersect(parts) => CallSpace::Intersect(parts.iter().map(CallSpace::of).collect()),
            Space::Complement(inner) => CallSpace::Complement(Box::new(CallSpace::of(inner))),
            Space::Universe => CallSpace::Universe,
        }
    }

    /// The explicit space of the callee of `op`, if it declares one other
    /// than the universe.
    fn of_call(op: OperationRef) -> Result<Option<Self>, String> {
        let Some(function) = (name(op) == "func.call").then(|| callee(op)).flatten() else { return Ok(None) };
        let Ok(attribute) = function.attribute(ITERATION_SPACE) else { return Ok(None) };
        let space = Space::from_attribute(attribute).map_err(|error| error.to_string())?;
        Ok((space != Space::Universe).then(|| CallSpace::of(&space)))
    }

    /// The set at a call whose argument `k` varies where `part(k)` says
    /// (`None`: nowhere) and is `fill(k)` elsewhere: `{x_k ≠ c}` is where
    /// argument `k` varies if its fill is `c`, every coordinate otherwise
    /// (paper 000 §5.2). `None` is the empty set.
    /// `everywhere` is set where a fill is not `c` (or not known). A
    /// complement of an argument whose part is `widened` (wider than where
    /// it varies) is every coordinate, and sets `guard`.
    fn substitute(
        &self,
        part: &dyn Fn(usize) -> Option<Algebra>,
        fill: &dyn Fn(usize) -> Option<Number>,
        widened: &dyn Fn(usize) -> bool,
        everywhere: &mut bool,
        guard: &mut bool,
    ) -> Option<Algebra> {
        match self {
            CallSpace::Ne { arg, value } => match value.zip(fill(*arg)) {
                Some((value, fill)) if value.same(fill) => part(*arg),
                _ => {
                    *everywhere = true;
                    Some(Algebra::Full(None))
                }
            },
            CallSpace::Union(parts) => {
                let parts: Vec<Algebra> =
                    parts.iter().filter_map(|space| space.substitute(part, fill, widened, everywhere, guard)).collect();
                (!parts.is_empty()).then_some(Algebra::Union(parts))
            }
            CallSpace::Intersect(parts) => {
                let parts: Vec<Option<Algebra>> =
                    parts.iter().map(|space| space.substitute(part, fill, widened, everywhere, guard)).collect();
                parts.into_iter().collect::<Option<Vec<_>>>().map(Algebra::Intersect)
            }
            // `¬U` is empty, wherever the universe came from.
            CallSpace::Complement(inner) if **inner == CallSpace::Universe => None,
            CallSpace::Complement(inner) if inner.arguments().into_iter().any(widened) => {
                *guard = true;
                Some(Algebra::Full(None))
            }
            CallSpace::Complement(inner) => match inner.substitute(part, fill, widened, everywhere, guard) {
                None => Some(Algebra::Full(None)),
                Some(inner) => Some(Algebra::Complement(Box::new(inner))),
            },
            CallSpace::Universe => Some(Algebra::Full(None)),
        }
    }

    /// Whether the space holds where each argument `k` is `value(k)`;
    /// `None` where a value or an atom's constant is not known.
    fn holds_at(&self, value: &dyn Fn(usize) -> Option<Number>) -> Option<bool> {
        match self {
            CallSpace::Ne { arg, value: constant } => constant.zip(value(*arg)).map(|(constant, value)| !value.same(constant)),
            // A union holds where one part does, an intersection fails where
            // one part does: that part decides, known or not the others.
            CallSpace::Union(parts) | CallSpace::Intersect(parts) => {
                let deciding = matches!(self, CallSpace::Union(_));
                let holds: Vec<Option<bool>> = parts.iter().map(|part| part.holds_at(value)).collect();
                if holds.contains(&Some(deciding)) {
                    Some(deciding)
                } else {
                    holds.into_iter().collect::<Option<Vec<bool>>>().map(|_| !deciding)
                }
            }
            CallSpace::Complement(inner) => inner.holds_at(value).map(|holds| !holds),
            CallSpace::Universe => Some(true),
        }
    }

    fn has_complement(&self) -> bool {
        match self {
            CallSpace::Complement(_) => true,
            CallSpace::Union(parts) | CallSpace::Intersect(parts) => parts.iter().any(CallSpace::has_complement),
            CallSpace::Ne { .. } | CallSpace::Universe => false,
        }
    }

    /// The argument positions its atoms name.
    fn arguments(&self) -> Vec<usize> {
        match self {
            CallSpace::Ne { arg, .. } => vec![*arg],
            CallSpace::Union(parts) | CallSpace::Intersect(parts) => parts.iter().flat_map(CallSpace::arguments).collect(),
            CallSpace::Complement(inner) => inner.arguments(),
            CallSpace::Universe => Vec::new(),
        }
    }
}

/// Gives the body's root, when it is a call to a function with an explicit
/// iteration space whose arguments all at their fills lie outside that
/// space, the result's fill `output_fill` as its background. In a statement
/// that does not reduce, a call is evaluated only where its space says, and
/// outside it, the result holds its fill: the points the loops do not visit
/// keep it, and a guarded call gives it (paper 000 §4.4–5.2: the space
/// covers where the function differs from the result's fill, as
/// `power(a, b)` over `a ∪ ¬b` into a result of fill 0, `0^b = 0` where only
/// `b` is stored). Where the arguments' fills lie inside the space, the
/// background stays the function at those fills.
fn root_call_background(nodes: &[Node], root: usize, backgrounds: &mut [Background], output_fill: Option<Number>) {
    let Node::Combine(_, args) = &nodes[root] else { return };
    let Some(space) = &backgrounds[root].space else { return };
    let fill = |at: usize| args.get(at).and_then(|&arg| backgrounds[arg].fill);
    if space.holds_at(&fill) == Some(false) {
        backgrounds[root].fill = output_fill;
    }
}

/// The body of `body` as a DAG: one node per access and per op, built in
/// the block's order (operands are defined before their uses), the node
/// of the yielded value, each node's background, given each operand's
/// fill value, the calls with explicit iteration spaces, and the ops an
/// invariant argument annihilates. Values from outside the statement are
/// the same everywhere: they share one node with no arguments.
fn dag<'c, 'a>(
    body: BlockRef<'c, 'a>,
    accesses: &[(OperationRef<'c, 'a>, usize)],
    concat_accesses: &[(OperationRef<'c, 'a>, usize)],
    concats: &[ConcatRead],
    operand_fills: &[Option<Number>],
) -> Result<Dag<'c, 'a>, String> {
    let read = |fill: Option<Number>| Background { fill, reads_nonzero_fill: !fill.is_some_and(Number::is_zero), ..Background::default() };
    let outside = 0;
    let mut nodes = vec![Node::Combine(Combine::Everywhere, Vec::new())];
    let mut backgrounds = vec![Background { invariant: true, ..Background::default() }];
    let mut of_value: HashMap<usize, usize> = HashMap::new();
    let mut calls = Vec::new();
    let mut annihilated = Vec::new();
    let mut next = body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        let concat = concat_accesses.iter().find(|(access, _)| *access == op).map(|&(_, index)| &concats[index]);
        let (node, background) = match (accesses.iter().find(|(access, _)| *access == op), concat) {
            (Some((_, operand)), _) => (Node::Access(*operand), read(operand_fills[*operand])),
            // A concatenation is where any of its parts is, all of one fill.
            (None, Some(ConcatRead { parts, .. })) => {
                let mut args = Vec::with_capacity(parts.len());
                for &part in parts {
                    nodes.push(Node::Access(part));
                    backgrounds.push(read(operand_fills[part]));
                    args.push(nodes.len() - 1);
                }
                (Node::Combine(Combine::Union, args), read(operand_fills[parts[0]]))
            }
            (None, None) => {
                let mut args = Vec::with_capacity(op.operand_count());
                for operand in op.operands() {
                    let node = match of_value.get(&value_key(operand)) {
                        Some(&node) => node,
                        None => match Number::of_constant(operand) {
                            // A constant defined outside (hoisted) is known.
                            Some(fill) => {
                                nodes.push(Node::Combine(Combine::Everywhere, Vec::new()));
                                backgrounds.push(Background { fill: Some(fill), invariant: true, ..Background::default() });
                                of_value.insert(value_key(operand), nodes.len() - 1);
                                nodes.len() - 1
                            }
                            None => outside,
                        },
                    };
                    args.push(node);
                }
                let arguments: Vec<&Background> = args.iter().map(|&arg| &backgrounds[arg]).collect();
                let combine = combine_of(op);
                let background = background_of(op, combine, &arguments)?;
                let varies = arguments.iter().any(|argument| !argument.invariant);
                if let (true, false, true, Some(fill)) =
                    (background.invariant, background.annihilated_by.is_empty(), varies, background.fill)
                {
                    annihilated.push((op, fill));
                }
                (Node::Combine(combine, args), background)
            }
        };
        if background.space.is_some() {
            calls.push((nodes.len(), op));
        }
        nodes.push(node);
        backgrounds.push(background);
        for result in op.results() {
            of_value.insert(value_key(result.into()), nodes.len() - 1);
        }
    }
    let terminator = body.terminator().ok_or("arr.compute body has no terminator")?;
    let value: Value = terminator.operand(0).map_err(|e| e.to_string())?;
    Ok(Dag { nodes, root: *of_value.get(&value_key(value)).unwrap_or(&outside), backgrounds, calls, annihilated })
}

/// A statement body as [`dag`] reads it.
struct Dag<'c, 'a> {
    nodes: Vec<Node>,
    root: usize,
    backgrounds: Vec<Background>,
    /// The calls to functions with an explicit iteration space, by node.
    calls: Vec<(usize, OperationRef<'c, 'a>)>,
    /// The ops an invariant argument annihilates, each with its value.
    annihilated: Vec<(OperationRef<'c, 'a>, Number)>,
}

/// The background of `op`, which combines `arguments` as `combine` says.
fn background_of(op: OperationRef, combine: Combine, arguments: &[&Background]) -> Result<Background, String> {
    let fills: Vec<Option<Number>> = arguments.iter().map(|argument| argument.fill).collect();
    let reads_nonzero_fill = arguments.iter().any(|argument| argument.reads_nonzero_fill);
    if is_region_function(op) {
        // Upstream's user functions assume fill 0 for the cases they pick.
        if reads_nonzero_fill {
            return Err(format!(
                "'{}' picks its case by which operands are stored, which assumes they have fill value 0; \
                 operands with another fill value are not supported",
                name(op)
            ));
        }
        let fill = op.result(0).ok().and_then(|result| Element::of(result.r#type())).map(Element::zero);
        // Only the overlap computes: a value where every operand is stored.
        let annihilated_by = if combine == Combine::Intersect { (0..fills.len()).collect() } else { Vec::new() };
        return Ok(Background { fill: fill.filter(|_| combine != Combine::Everywhere), annihilated_by, ..Background::default() });
    }
    let constant = matches!(name(op).as_str(), "arith.constant" | "complex.constant");
    if combine == Combine::Everywhere && !constant {
        return Ok(Background { reads_nonzero_fill, ..Background::default() });
    }
    let annihilated_by: Vec<usize> = match combine {
        // 0 annihilates a product as upstream's sparsifier takes it (a stored
        // inf or NaN times an unstored 0 is 0), but not a known fill that
        // is not finite: 0 times a fill of +inf is NaN wherever neither is stored.
        Combine::Intersect if fills.iter().all(|fill| fill.is_none_or(Number::is_finite)) => {
            (0..fills.len()).filter(|&at| fills[at].is_some_and(Number::is_zero)).collect()
        }
        Combine::Intersect => Vec::new(),
        _ => call_annihilated_by(op, &fills),
    };
    let invariant = arguments.iter().all(|argument| argument.invariant) || annihilated_by.iter().any(|&at| arguments[at].invariant);
    let zero_preserved = match combine {
        Combine::Union => fills.iter().all(|fill| fill.is_some_and(Number::is_zero)),
        Combine::Preserve | Combine::Shift => fills.first().is_some_and(|fill| fill.is_some_and(Number::is_zero)),
        Combine::Either { first } => {
            fills.get(first..).is_some_and(|rest| !rest.is_empty() && rest.iter().all(|fill| fill.is_some_and(Number::is_zero)))
        }
        _ => false,
    };
    let fill = match annihilated_by.first() {
        Some(&at) => fills[at],
        // What the combine says of fill 0 where the op does not fold.
        None => fold_op(op, &fills, 0).or_else(|| {
            let result = Element::of(op.results().next()?.r#type())?;
            zero_preserved.then(|| result.zero())
        }),
    };
    let space = CallSpace::of_call(op)?;
    Ok(Background { fill, invariant, annihilated_by, reads_nonzero_fill, space })
}

/// How deep calls are followed to fold a user function's body.
const MAX_FOLDED_CALLS: usize = 8;

/// The value of `op` where its operands are `arguments`, if it can be
/// computed at compile time: a constant, an op [`fill::fold`] evaluates, or
/// a call (by the callee's properties, else by folding its body).
pub(crate) fn fold_op(op: OperationRef, arguments: &[Option<Number>], depth: usize) -> Option<Number> {
    // Not `result(0)`, which prints the whole op where it has none (a yield).
    let result = Element::of(op.results().next()?.r#type())?;
    let op_name = name(op);
    match op_name.as_str() {
        "arith.constant" | "complex.constant" => Number::of_constant(op.result(0).ok()?.into()),
        "func.call" => {
            let function = callee(op)?;
            callee_properties(function)
                .and_then(|properties| fill_by_properties(&properties, arguments, result))
                .or_else(|| (depth < MAX_FOLDED_CALLS).then(|| fold_function(function, arguments, depth + 1)).flatten())
        }
        _ => {
            let arguments = arguments.iter().copied().collect::<Option<Vec<_>>>()?;
            // A select's type is that of its chosen operands.
            let operand = Element::of(op.operand(usize::from(op_name == "arith.select")).ok()?.r#type())?;
            let predicate = op.attribute("predicate").ok().and_then(|p| IntegerAttribute::try_from(p).ok()).map(|p| p.value());
            fill::fold(&op_name, predicate, &arguments, operand, result)
        }
    }
}

/// How many ops folding one function's body may evaluate, loops included:
/// a body that loops longer on the fill values is not folded.
const MAX_FOLDED_OPS: usize = 100_000;

/// The value of `function`'s body on `arguments`, op by op, through its
/// `scf.if`, `scf.while` and `scf.for` (gcd's Euclid loop at (0, 0)).
fn fold_function(function: OperationRef, arguments: &[Option<Number>], depth: usize) -> Option<Number> {
    let block = function.region(0).ok()?.first_block()?;
    if block.argument_count() != arguments.len() {
        return None;
    }
    let mut values: HashMap<usize, Option<Number>> = HashMap::new();
    let mut budget = MAX_FOLDED_OPS;
    fold_block(block, arguments, &mut values, depth, &mut budget)?.first().copied().flatten()
}

/// The operands of `block`'s terminator (`func.return`, `scf.yield`,
/// `scf.condition`) when its arguments are `arguments`, each op folded on
/// the values known so far (`None`: not known); `None` when a branch or a
/// trip count is not known, or `budget` runs out.
fn fold_block(
    block: BlockRef,
    arguments: &[Option<Number>],
    values: &mut HashMap<usize, Option<Number>>,
    depth: usize,
    budget: &mut usize,
) -> Option<Vec<Option<Number>>> {
    for (at, &argument) in arguments.iter().enumerate() {
        values.insert(value_key(block.argument(at).ok()?.into()), argument);
    }
    let truth = |value: Option<Number>| value.map(|value| !value.is_zero());
    let mut next = block.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        *budget = budget.checked_sub(1)?;
        let operands: Vec<Option<Number>> = op.operands().map(|operand| values.get(&value_key(operand)).copied().flatten()).collect();
        let region_block = |index: usize| op.region(index).ok().and_then(|region| region.first_block());
        let results: Vec<Option<Number>> = match name(op).as_str() {
            "func.return" | "scf.yield" | "scf.condition" => return Some(operands),
            "scf.if" => match region_block(if truth(operands[0])? { 0 } else { 1 }) {
                Some(branch) => fold_block(branch, &[], values, depth, budget)?,
                None => Vec::new(),
            },
            "scf.while" => {
                let (before, after) = (region_block(0)?, region_block(1)?);
                let mut carried = operands;
                loop {
                    let condition = fold_block(before, &carried, values, depth, budget)?;
                    let (holds, forwarded) = condition.split_first()?;
                    if !truth(*holds)? {
                        break forwarded.to_vec();
                    }
                    carried = fold_block(after, forwarded, values, depth, budget)?;
                }
            }
            "scf.for" => {
                let integer = |value: Option<Number>| match value? {
                    Number::Integer(value) => Some(value),
                    _ => None,
                };
                let (mut index, end, step) = (integer(operands[0])?, integer(operands[1])?, integer(operands[2])?);
                let body = region_block(0)?;
                let mut carried = operands[3..].to_vec();
                while index < end && step > 0 {
                    let arguments: Vec<Option<Number>> = std::iter::once(Some(Number::Integer(index))).chain(carried).collect();
                    carried = fold_block(body, &arguments, values, depth, budget)?;
                    index += step;
                }
                carried
            }
            _ => vec![fold_op(op, &operands, depth)],
        };
        for (result, value) in op.results().zip(results) {
            values.insert(value_key(result.into()), value);
        }
    }
    None
}

/// The region specializations of the callee of `call` in its module: each
/// one's symbol and the argument positions it serves present.
fn specializations_of(call: OperationRef) -> Vec<(String, Vec<usize>)> {
    let (Some(symbol), Ok((_, module))) = (callee_name(call), module_of(call)) else {
        return Vec::new();
    };
    std::iter::successors(module.first_operation(), |op| op.next_in_block())
        .filter(|op| op.attribute(sparse_dialects::function::SPECIALIZES).ok().and_then(sparse_dialects::text_of) == Some(symbol))
        .filter_map(|op| {
            let name = sparse_dialects::string(&op, "sym_name")?.to_string();
            let present =
                melior::ir::attribute::DenseI64ArrayAttribute::try_from(op.attribute(sparse_dialects::function::PRESENT).ok()?).ok()?;
            let present =
                (0..present.len()).map(|at| present.element(at).ok().and_then(|at| usize::try_from(at).ok())).collect::<Option<_>>()?;
            Some((name, present))
        })
        .collect()
}

/// A user function's value from its declared properties (paper 000 §2.5,
/// in the paper's order): its annihilator where an argument is it, the
/// other argument's value where one is its identity, the common value of
/// all arguments where it is idempotent.
fn fill_by_properties(properties: &Properties, arguments: &[Option<Number>], result: Element) -> Option<Number> {
    let value = |attribute: Option<Attribute>| attribute.and_then(|attribute| Number::of_attribute(attribute, result));
    let is = |argument: Option<Number>, property: Option<Number>| argument.zip(property).is_some_and(|(a, b)| a.same(b));
    let annihilator = value(properties.annihilator);
    let eligible = |declared: Option<usize>, at: usize| declared.is_none_or(|declared| declared == at);
    if (0..arguments.len()).any(|at| eligible(properties.annihilator_arg, at) && is(arguments[at], annihilator)) {
        return annihilator;
    }
    let identity = value(properties.identity);
    let others: Vec<usize> =
        (0..arguments.len()).filter(|&at| !(eligible(properties.identity_arg, at) && is(arguments[at], identity))).collect();
    match others[..] {
        [] => return identity,
        [other] if arguments.len() == 2 || properties.identity_arg.is_none() => return arguments[other],
        _ => {}
    }
    let first = arguments.first().copied().flatten();
    (properties.idempotent && arguments.iter().all(|&argument| is(argument, first))).then_some(first).flatten()
}

/// The `arr.properties` a user function declares, if well formed.
fn callee_properties<'c>(function: OperationRef<'c, '_>) -> Option<Properties<'c>> {
    Properties::from_attribute(function.attribute(PROPERTIES).ok()?).ok()
}

/// The arguments of a call whose fill is the callee's declared annihilator
/// (at the position it is declared for, if any).
fn call_annihilated_by(op: OperationRef, fills: &[Option<Number>]) -> Vec<usize> {
    let Some(properties) = (name(op) == "func.call").then(|| callee(op)).flatten().and_then(callee_properties) else { return Vec::new() };
    let Some(annihilator) = properties.annihilator.and_then(Number::of_typed) else { return Vec::new() };
    (0..fills.len())
        .filter(|&at| properties.annihilator_arg.is_none_or(|declared| declared == at))
        .filter(|&at| fills[at].is_some_and(|fill| fill.same(annihilator)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::{ir::Module, Context};

    #[test]
    fn a_space_holds_at_its_arguments_fills_by_their_values() {
        let ne = |arg: usize, value: f64| CallSpace::Ne { arg, value: Some(Number::Float(value)) };
        let not = |space: CallSpace| CallSpace::Complement(Box::new(space));
        let fills = |values: [f64; 2]| move |at: usize| values.get(at).map(|&value| Number::Float(value));
        // power over a ∪ ¬b: where both are 0, ¬{b ≠ 0} holds.
        let power = CallSpace::Union(vec![ne(0, 0.0), not(ne(1, 0.0))]);
        assert_eq!(power.holds_at(&fills([0.0, 0.0])), Some(true));
        assert_eq!(power.holds_at(&fills([0.0, 3.0])), Some(false));
        // x ∩ ¬m: not where x is 0.
        let unmasked = CallSpace::Intersect(vec![ne(0, 0.0), not(ne(1, 0.0))]);
        assert_eq!(unmasked.holds_at(&fills([0.0, 0.0])), Some(false));
        assert_eq!(unmasked.holds_at(&fills([5.0, 0.0])), Some(true));
        // An unknown value decides nothing, unless another part does.
        let unknown = |at: usize| (at == 0).then_some(Number::Float(0.0));
        assert_eq!(unmasked.holds_at(&unknown), Some(false));
        assert_eq!(CallSpace::Union(vec![ne(0, 0.0), ne(1, 0.0)]).holds_at(&unknown), None);
        assert_eq!(CallSpace::Universe.holds_at(&unknown), Some(true));
    }

    fn read(source: &str, check: impl Fn(&Statement)) {
        let context = Context::new();
        sparse_dialects::load_dialects(&context).unwrap();
        let module = Module::parse(&context, source).expect("test input parses");
        let mut found = false;
        module.as_operation().walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
            if let Some(compute) = Compute::of(op) {
                check(&Statement::read(compute).unwrap());
                found = true;
            }
            melior::ir::operation::WalkResult::Advance
        });
        assert!(found);
    }

    const SPMV: &str = r#"
      #CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
      func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {identity = 0.0 : f64}} { %s = arith.addf %x, %y : f64  return %s : f64 }
      func.func @spmv(%A: tensor<?x?xf64, #CSR>, %x: tensor<?xf64>, %c: f64) -> tensor<?xf64> {
        %y = "arr.compute"() ({
          %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
          %b = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<?xf64>) -> f64
          %p = arith.mulf %a, %b : f64
          %q = arith.mulf %p, %c : f64
          "vector.yield"(%q) : (f64) -> ()
        }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<?xf64>
        return %y : tensor<?xf64>
      }"#;

    #[test]
    fn reads_spmv_and_derives_each_loops_algebra() {
        read(SPMV, |statement| {
            assert_eq!((statement.loops, statement.output_dims.clone(), statement.reduction), (2, vec![0], Some("add")));
            assert_eq!(statement.operands.len(), 2);
            assert_eq!(statement.operands[0].dims, vec![0, 1]);
            assert!(statement.operands[0].is_sparse() && !statement.operands[1].is_sparse());
            // Loop i: A's dense level, everywhere; loop j: A's compressed level, located x.
            assert_eq!(statement.algebra(0), Algebra::Full(Some((0, 0))));
            assert_eq!(statement.algebra(1), Algebra::Intersect(vec![Algebra::Sparse((0, 1)), Algebra::Full(Some((1, 0)))]));
            assert!(statement.is_reduced(1) && !statement.is_reduced(0));
        });
    }

    #[test]
    fn region_functions_pick_their_case_and_their_visits() {
        use CaseRegion::{Custom, Empty, Identity};
        let min = RegionFunction::Binary { overlap: Custom, left: Identity, right: Identity };
        assert_eq!(min.combine(), Combine::Union);
        assert_eq!(min.case(&[true, true]), Some((0, Custom)));
        assert_eq!(min.case(&[false, true]), Some((2, Identity)));
        assert_eq!(min.case(&[false, false]), None);
        let difference = RegionFunction::Binary { overlap: Empty, left: Identity, right: Empty };
        assert_eq!(difference.combine(), Combine::Guarded { driving: 0 });
        assert_eq!(difference.case(&[true, true]), Some((0, Empty)));
        let right_only = RegionFunction::Binary { overlap: Custom, left: Empty, right: Custom };
        assert_eq!(right_only.combine(), Combine::Guarded { driving: 1 });
        let product = RegionFunction::Binary { overlap: Custom, left: Empty, right: Empty };
        assert_eq!(product.combine(), Combine::Intersect);
        let filled = RegionFunction::Unary { present: Custom, absent: Custom };
        assert_eq!(filled.combine(), Combine::Everywhere);
        assert_eq!(filled.case(&[false]), Some((1, Custom)));
        let kept = RegionFunction::Unary { present: Custom, absent: Empty };
        assert_eq!(kept.combine(), Combine::Preserve);
        assert_eq!(kept.case(&[true]), Some((0, Custom)));
    }

    /// One element-wise statement over `a` (fill `a_fill`) and `b` (fill
    /// `b_fill`), both sparse vectors, with `body` on `%a` and `%b` into a
    /// result with fill `out_fill`.
    fn elementwise(a_fill: &str, b_fill: &str, out_fill: &str, body: &str) -> String {
        let vector =
            |fill: &str| format!(r#"tensor<?xf64, #arr.encoding<[#arr.level<"compressed", {{}}>], {fill} : f64, affine_map<(i) -> (i)>>>"#);
        let (a, b, out) = (vector(a_fill), vector(b_fill), vector(out_fill));
        format!(
            r#"
            func.func @max(%x: f64, %y: f64) -> f64 attributes {{arr.properties = {{commutative, annihilator = 0x7FF0000000000000 : f64, identity = 0xFFF0000000000000 : f64}}}} {{
              %m = arith.maximumf %x, %y : f64
              return %m : f64
            }}
            func.func @halve(%x: f64) -> f64 {{
              %h = arith.constant 0.5 : f64
              %m = arith.mulf %x, %h : f64
              return %m : f64
            }}
            func.func @halvings(%x: f64) -> f64 {{
              %one = arith.constant 1.0 : f64
              %h = arith.constant 0.5 : f64
              %r = scf.while (%v = %x) : (f64) -> f64 {{
                %big = arith.cmpf ogt, %v, %one : f64
                scf.condition(%big) %v : f64
              }} do {{
              ^bb0(%v: f64):
                %w = arith.mulf %v, %h : f64
                scf.yield %w : f64
              }}
              return %r : f64
            }}
            func.func @f(%A: {a}, %B: {b}) -> {out} {{
              %y = "arr.compute"() ({{
                %a = "arr.access"(%A) {{indexing_map = affine_map<(i) -> (i)>}} : ({a}) -> f64
                %b = "arr.access"(%B) {{indexing_map = affine_map<(i) -> (i)>}} : ({b}) -> f64
                {body}
              }}) {{indexing_map = affine_map<(i) -> (i)>, reductions = []}} : () -> {out}
              return %y : {out}
            }}"#
        )
    }

    #[test]
    fn fills_decide_the_algebra_and_the_result_fill() {
        let (a, b, everything) = (Algebra::Sparse((0, 0)), Algebra::Sparse((1, 0)), Algebra::Full(None));
        let union = Algebra::Union(vec![a.clone(), b.clone()]);
        let check = |fills: (&str, &str, &str), body: &str, algebra: Algebra, fill: Option<Number>| {
            read(&elementwise(fills.0, fills.1, fills.2, body), |statement| {
                assert_eq!(statement.algebra(0), algebra, "{body} with fills {fills:?}");
                assert_eq!(statement.backgrounds[statement.root].fill, fill, "{body} with fills {fills:?}");
            });
        };
        let yield_ = |op: &str| format!(r#"%r = {op} "vector.yield"(%r) : (f64) -> ()"#);
        let inf = "0x7FF0000000000000";
        // min(a, b) over fill 5: the union, where the result's fill is 5.
        check(("5.0", "5.0", "5.0"), &yield_("arith.minimumf %a, %b : f64"), union.clone(), Some(Number::Float(5.0)));
        // Into a result with fill 0, the points neither stores are 5: every point.
        let everywhere = Algebra::Union(vec![everything.clone(), a.clone(), b.clone()]);
        check(("5.0", "5.0", "0.0"), &yield_("arith.minimumf %a, %b : f64"), everywhere, Some(Number::Float(5.0)));
        // a × b with a's fill 0 and b's 2: where a is, b co-iterated.
        let where_a = Algebra::Union(vec![Algebra::Intersect(vec![a.clone(), b.clone()]), a.clone()]);
        check(("0.0", "2.0", "0.0"), &yield_("arith.mulf %a, %b : f64"), where_a, Some(Number::Float(0.0)));
        // A user function's declared annihilator +inf intersects; its identity -inf passes the other fill.
        check(
            (inf, inf, inf),
            &yield_("func.call @max(%a, %b) : (f64, f64) -> f64"),
            Algebra::Intersect(vec![a.clone(), b.clone()]),
            Some(Number::Float(f64::INFINITY)),
        );
        check(
            ("0xFFF0000000000000", "42.0", "42.0"),
            &yield_("func.call @max(%a, %b) : (f64, f64) -> f64"),
            union.clone(),
            Some(Number::Float(42.0)),
        );
        // A function without properties is folded through its body: halve(2) = 1.
        check(("2.0", "0.0", "1.0"), &yield_("func.call @halve(%a) : (f64) -> f64"), a.clone(), Some(Number::Float(1.0)));
        // ... through its loops too: 8 halved while above 1 is 1.
        check(("8.0", "0.0", "1.0"), &yield_("func.call @halvings(%a) : (f64) -> f64"), a.clone(), Some(Number::Float(1.0)));
        // a + 1 with fill 0 has fill 1.
        let plus_one = r#"%one = arith.constant 1.0 : f64 %r = arith.addf %a, %one : f64 "vector.yield"(%r) : (f64) -> ()"#;
        check(("0.0", "0.0", "1.0"), plus_one, a.clone(), Some(Number::Float(1.0)));
    }

    /// `y(i) = Σ_k x(S) · w(k)` with x of type `x` at subscript `S` and a CSR-like sparse w.
    fn convolution(x: &str, subscript: &str) -> String {
        format!(
            r#"
          #SV = #arr.encoding<[#arr.level<"compressed", {{}}>], 0.0 : f64, affine_map<(i) -> (i)>>
          func.func @add(%x: f64, %y: f64) -> f64 attributes {{arr.properties = {{identity = 0.0 : f64}}}} {{ %s = arith.addf %x, %y : f64  return %s : f64 }}
          func.func @conv(%x: {x}, %w: tensor<3xf64, #SV>) -> tensor<4xf64> {{
            %y = "arr.compute"() ({{
              %a = "arr.access"(%x) {{indexing_map = affine_map<(i, k) -> ({subscript})>}} : ({x}) -> f64
              %b = "arr.access"(%w) {{indexing_map = affine_map<(i, k) -> (k)>}} : (tensor<3xf64, #SV>) -> f64
              %p = arith.mulf %a, %b : f64
              "vector.yield"(%p) : (f64) -> ()
            }}) {{indexing_map = affine_map<(i, k) -> (i)>, reductions = [@add]}} : () -> tensor<4xf64>
            return %y : tensor<4xf64>
          }}"#
        )
    }

    #[test]
    fn a_dense_tensor_at_compound_subscripts_is_a_computed_read_checked_to_stay_inside() {
        read(&convolution("tensor<6xf64>", "i + k"), |statement| {
            let image = &statement.operands[0];
            let expected = Subscript { terms: vec![(0, 1), (1, 1)], intercept: 0 };
            assert_eq!((image.dims.clone(), image.computed.clone()), (vec![], Some(vec![expected])));
            assert_eq!((image.level_of(0), image.level_of(1)), (None, None));
            // Present everywhere: loop k visits the filter's entries only; no loop needs a check.
            assert_eq!(statement.algebra(1), Algebra::Sparse((1, 0)));
            assert!(statement.bounds_checks.is_empty());
        });
        read(&convolution("tensor<?xf64>", "i + k"), |statement| assert_eq!(statement.bounds_checks, vec![(0, 0)]));
        let parse = |source: &str, check: &dyn Fn(Result<Statement, String>)| {
            let context = Context::new();
            sparse_dialects::load_dialects(&context).unwrap();
            let module = Module::parse(&context, source).expect("test input parses");
            module.as_operation().walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
                if let Some(compute) = Compute::of(op) {
                    check(Statement::read(compute));
                }
                melior::ir::operation::WalkResult::Advance
            });
        };
        // 2i + k reaches 2 · 3 + 2 = 8 in a tensor of 6.
        parse(&convolution("tensor<6xf64>", "2 * i + k"), &|read| {
            assert_eq!(
                read.err().as_deref(),
                Some("operand 0 is read at subscript 8 of its dimension 0, whose size is 6: its compound subscripts reach outside it")
            );
        });
    }

    #[test]
    fn a_sparse_tensor_at_compound_subscripts_is_read_through_windows_its_reduced_loop_resolves() {
        let sparse_result = convolution("tensor<6xf64, #SV>", "i + k").replace("tensor<4xf64>", "tensor<4xf64, #SV>");
        read(&sparse_result, |statement| {
            let image = &statement.operands[0];
            let window = Subscript { terms: vec![(0, 1), (1, 1)], intercept: 0 };
            // Loop k (d1, which reduces) resolves i + k: the image's level is
            // a leaf of loop k, intersected with the filter's; loop i visits
            // the offsets of its non-empty subsections.
            assert_eq!((image.dims.clone(), image.windows.clone(), image.computed.clone()), (vec![1], vec![Some(window.clone())], None));
            assert_eq!((image.level_of(0), image.level_of(1), image.sizing_dim(1)), (None, Some(0), None));
            assert_eq!(image.compound(), vec![(0, &window)]);
            assert_eq!(statement.algebra(1), Algebra::Intersect(vec![Algebra::Sparse((0, 0)), Algebra::Sparse((1, 0))]));
            assert_eq!((image.reducing_level(0), image.reducing_level(1)), (Some(0), None));
            assert_eq!(statement.algebra(0), Algebra::Sparse((0, 0)));
            assert!(statement.bounds_checks.is_empty());
        });
    }

    #[test]
    fn a_sparse_tensor_at_compound_subscripts_into_a_dense_result_is_scattered_by_the_result_loop() {
        read(&convolution("tensor<6xf64, #SV>", "i + k"), |statement| {
            let image = &statement.operands[0];
            let window = Subscript { terms: vec![(0, 1), (1, 1)], intercept: 0 };
            // Loop i (d0, the result's) resolves i + k: the image's level is
            // a leaf of loop i; loop k visits the offsets of its non-empty
            // subsections, intersected with the filter's level.
            assert_eq!((image.dims.clone(), image.windows.clone(), image.computed.clone()), (vec![0], vec![Some(window.clone())], None));
            assert_eq!((image.level_of(0), image.level_of(1)), (Some(0), None));
            assert_eq!(image.compound(), vec![(0, &window)]);
            assert_eq!(statement.algebra(1), Algebra::Intersect(vec![Algebra::Sparse((0, 0)), Algebra::Sparse((1, 0))]));
            assert_eq!((image.reducing_level(0), image.reducing_level(1)), (None, Some(0)));
            assert_eq!(statement.algebra(0), Algebra::Sparse((0, 0)));
            assert!(statement.bounds_checks.is_empty());
        });
        read(&convolution("tensor<?xf64, #SV>", "i + 2 * k + 1"), |statement| assert_eq!(statement.bounds_checks, vec![(0, 0)]));
    }

    /// `check` on the first statement of `source` as [`Statement::read_stationary`] reads it.
    fn read_stationary(source: &str, check: impl Fn(Option<&Statement>)) {
        let context = Context::new();
        sparse_dialects::load_dialects(&context).unwrap();
        let module = Module::parse(&context, source).expect("test input parses");
        let computes = crate::ir::collect(module.as_operation(), |op| Compute::of(op).is_some());
        check(Statement::read_stationary(Compute::of(computes[0]).unwrap()).as_ref());
    }

    #[test]
    fn a_sparse_image_into_a_dense_result_is_read_by_its_own_coordinates_its_filter_loop_clamped() {
        let reordered = |subscript: &str| {
            convolution("tensor<?xf64, #SV>", subscript)
                .replace("{identity = 0.0 : f64}", "{commutative, associative, identity = 0.0 : f64}")
        };
        read_stationary(&reordered("i + 2 * k + 1"), |statement| {
            let statement = statement.expect("image-stationary");
            let window = Subscript { terms: vec![(0, 1), (1, 2)], intercept: 1 };
            let clamp = Clamp { loop_: 1, walked: 0, output_dim: 0, coefficient: 2, intercept: 1, operand: 0, dim: 0, window };
            assert_eq!(statement.clamps, vec![clamp.clone()]);
            // Loop i walks the image's level; the window is gone, the bounds check stays.
            let image = &statement.operands[0];
            assert_eq!((image.dims.clone(), image.windows.clone(), image.sizing_dim(0)), (vec![0], vec![None], Some(0)));
            assert_eq!((statement.algebra(0), statement.algebra(1)), (Algebra::Sparse((0, 0)), Algebra::Sparse((1, 0))));
            assert_eq!(statement.bounds_checks, vec![(0, 0)]);
            assert_eq!(clamp.output_subscript(), Subscript { terms: vec![(0, 1), (1, -2)], intercept: -1 });
        });
        // A strided subscript, and a reduction that may not be reordered, keep the windows.
        read_stationary(&reordered("2 * i + k"), |statement| assert!(statement.is_none()));
        read_stationary(&convolution("tensor<?xf64, #SV>", "i + k"), |statement| assert!(statement.is_none()));
    }

    #[test]
    fn loop_origins_are_stored_as_two_integers() {
        let origins = [LoopOrigin::Loop(3), LoopOrigin::Blocks { loop_: 1, block: 2 }, LoopOrigin::Offsets { loop_: 1, block: 2 }];
        for origin in origins {
            let [loop_, block] = origin.encode();
            assert_eq!(LoopOrigin::decode(loop_, block), Some(origin));
        }
        assert_eq!(origins.map(|origin| origin.to_string()), ["d3", "d1 floordiv 2", "d1 mod 2"]);
        assert_eq!(LoopOrigin::decode(-1, 0), None);
        assert_eq!(LoopOrigin::decode(0, i64::MIN), None);
    }
}
