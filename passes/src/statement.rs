//! An `arr.compute` statement read into plain data: its loops, operands with
//! their formats and subscripts, its output, and the shape of its body
//! expression (which decides the iteration algebra of every loop).

use crate::algebra::{Algebra, Combine};
use crate::ir::{defined, module_of, name, value_key};
use melior::ir::{
    attribute::{ArrayAttribute, FloatAttribute, IntegerAttribute},
    block::BlockLike,
    operation::OperationLike,
    r#type::RankedTensorType,
    Attribute, BlockRef, OperationRef, RegionLike, ShapedTypeLike, Value, ValueLike,
};
use sparse_dialects::{
    arr::{self, Access, Compute},
    encoding::Encoding,
    function::{Properties, ITERATION_SPACE, PROPERTIES},
    space::Space,
    subscript::subscripts,
};
use std::collections::HashMap;

/// One tensor read by the statement, with the loop of each of its dimensions.
pub struct Operand<'c, 'a> {
    pub tensor: Value<'c, 'a>,
    pub encoding: Encoding<'c>,
    /// `dims[d]` is the loop that indexes tensor dimension `d`.
    pub dims: Vec<usize>,
}

impl Operand<'_, '_> {
    /// The level of this operand that loop `loop_` indexes, if any.
    pub fn level_of(&self, loop_: usize) -> Option<usize> {
        self.encoding.format.dim_to_lvl.iter().position(|&dim| self.dims[dim] == loop_)
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
    /// The body as a DAG, each node after the nodes it combines: every value
    /// once, however often it is used, so its size is the body's size.
    pub nodes: Vec<Node>,
    /// The node of the yielded value.
    pub root: usize,
    /// Where each loop must visit.
    algebras: Vec<Algebra>,
    /// Whether the reduction folds in the fill where the body has no value
    /// (its case yields none): set when every point is visited because the
    /// unvisited points' fills cannot be skipped.
    pub folds_fill: bool,
}

impl<'c, 'a> Statement<'c, 'a> {
    /// Reads a verified `arr.compute`; `Err` says what this pipeline cannot do.
    pub fn read(compute: Compute<'c, 'a>) -> Result<Self, String> {
        let map = compute.indexing_map().ok_or("arr.compute has no indexing map")?;
        let output = compute.result_type().ok_or("arr.compute has no ranked result")?;
        let output_dims: Vec<usize> = (0..map.result_count()).map(|index| map.result(index).expect("in range").dim_position()).collect();
        let reductions = compute.reductions().unwrap_or_default();
        if reductions.windows(2).any(|pair| pair[0] != pair[1]) {
            return Err("reducing different loops with different functions is not supported yet".into());
        }
        let body = compute.body().ok_or("arr.compute has no body")?;
        let mut operands: Vec<Operand> = Vec::new();
        let mut accesses = Vec::new();
        let mut next = body.first_operation();
        while let Some(op) = next {
            if let Some(access) = Access::of(op) {
                let tensor: Value = op.operand(0).map_err(|e| e.to_string())?;
                if let Ok(view) = melior::ir::operation::OperationResult::try_from(tensor) {
                    let producer = name(view.owner());
                    // A view stored as its source is (`arr-demap`'s) is read like any tensor.
                    if sparse_dialects::arr::SHAPE_OPS.contains(&producer.as_str()) && arr::reinterpreted(view.owner()).is_none() {
                        return Err(format!("reading the view of '{producer}' is not supported by this pipeline yet"));
                    }
                }
                let subscripts = subscripts(access.indexing_map().ok_or("arr.access has no map")?).map_err(|e| e.to_string())?;
                let dims = subscripts
                    .iter()
                    .map(|subscript| subscript.as_dim())
                    .collect::<Option<Vec<_>>>()
                    .ok_or("compound subscripts (such as i + k) need index-variable reduction, which this pipeline does not do yet")?;
                let encoding = Encoding::of_any(access.tensor().ok_or("arr.access reads no ranked tensor")?).map_err(|e| e.to_string())?;
                let index = match operands.iter().position(|o| o.tensor == tensor && o.dims == dims) {
                    Some(index) => index,
                    None => {
                        operands.push(Operand { tensor, encoding, dims });
                        operands.len() - 1
                    }
                };
                accesses.push((op, index));
            }
            next = op.next_in_block();
        }
        let (nodes, root) = dag(body, &accesses)?;
        let output_encoding = Encoding::of_any(output).map_err(|e| e.to_string())?;
        for (what, encoding) in operands.iter().map(|o| ("an operand", &o.encoding)).chain([("the result", &output_encoding)]) {
            if encoding.format.is_blocked() {
                return Err(format!("{what} stores a dimension in blocks: `arr-demap` splits the loops over it first"));
            }
        }
        check_static_sizes(&operands, output, &output_dims, map.dim_count())?;
        let init = compute.init().filter(|_| !reductions.is_empty());
        if init.is_some() && output_encoding.format.is_sparse() {
            return Err("a reduction into a sparse result that starts from an initial value needs a workspace, \
                        which this pipeline does not insert yet"
                .into());
        }
        for (what, encoding) in operands.iter().map(|o| ("an operand", &o.encoding)).chain([("the result", &output_encoding)]) {
            if !sparse_dialects::scalar::is_zero(encoding.fill) {
                return Err(format!(
                    "{what} has fill value {}; fill values other than 0 are not supported by this pipeline yet",
                    encoding.fill
                ));
            }
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
            nodes,
            root,
            algebras: Vec::new(),
            folds_fill: false,
        };
        statement.algebras = (0..statement.loops).map(|loop_| statement.derive_algebra(loop_)).collect::<Result<_, _>>()?;
        if let Some(function) = statement.reduction {
            let everywhere = statement.algebras.iter().all(|algebra| matches!(algebra, Algebra::Full(_)));
            let properties = reduction_properties(compute, function)?;
            if let Err(error) = check_reduction(compute, function, &properties, &statement.output_encoding, everywhere) {
                // A reduction that folds in its start is exact where every point
                // is visited: every loop then visits every coordinate, with the
                // sparse operands co-iterated (right at dense cost, until the
                // fill is folded in with its multiplicity, paper 000 §7.2). A
                // sparse result would then store every point, and a user
                // function's case that yields no value would fold in a fill
                // where upstream folds in nothing: both refused still.
                let has_start = compute.0.attribute(ACCUMULATE).is_ok() || statement.init.is_some();
                let has_cases = !crate::ir::collect(compute.0, is_region_function).is_empty();
                if !has_start || has_cases || statement.output_encoding.format.is_sparse() {
                    return Err(error);
                }
                for algebra in &mut statement.algebras {
                    *algebra = Algebra::Union(vec![Algebra::Full(None), algebra.clone()]).simplify();
                }
                statement.folds_fill = true;
            }
        }
        Ok(statement)
    }

    /// Where loop `loop_` must visit.
    pub fn algebra(&self, loop_: usize) -> Algebra {
        self.algebras[loop_].clone()
    }

    /// The algebra of every node in turn (each after its arguments), so the
    /// work is linear in the body and nothing recurses over its depth.
    fn derive_algebra(&self, loop_: usize) -> Result<Algebra, String> {
        let mut algebras: Vec<(Algebra, usize)> = Vec::with_capacity(self.nodes.len());
        for node in &self.nodes {
            let leaf = |k: usize| match self.operands[k].level_of(loop_) {
                Some(level) if self.operands[k].encoding.format.levels[level].is_located() => Algebra::Full(Some((k, level))),
                Some(level) => Algebra::Sparse((k, level)),
                None => Algebra::Full(None),
            };
            let (algebra, depth) = match node {
                Node::Access(k) => (leaf(*k), 0),
                Node::Combine(Combine::Preserve, args) if !args.is_empty() => algebras[args[0]].clone(),
                Node::Combine(combine, args) => {
                    let depth = 1 + args.iter().map(|&arg| algebras[arg].1).max().unwrap_or(0);
                    let parts = args.iter().map(|&arg| algebras[arg].0.clone());
                    let algebra = match combine {
                        Combine::Union => Algebra::Union(parts.collect()),
                        Combine::Either { first } if *first < args.len() => {
                            // Where the later operands are; the first ones are read
                            // there too (located if dense, co-iterated if sparse).
                            let parts = parts.collect::<Vec<_>>();
                            let (read, driving) = parts.split_at(*first);
                            let driving = Algebra::Union(driving.to_vec());
                            let within = Algebra::Intersect(read.iter().cloned().chain([driving.clone()]).collect());
                            if read.iter().all(|part| matches!(part, Algebra::Full(_))) {
                                within
                            } else {
                                Algebra::Union(vec![within, driving])
                            }
                        }
                        Combine::Guarded { driving } if *driving < args.len() => {
                            let parts = parts.collect::<Vec<_>>();
                            let within = Algebra::Intersect(parts.clone());
                            if parts.iter().enumerate().all(|(at, part)| at == *driving || matches!(part, Algebra::Full(_))) {
                                within
                            } else {
                                Algebra::Union(vec![within, parts[*driving].clone()])
                            }
                        }
                        Combine::Intersect => Algebra::Intersect(parts.collect()),
                        // Anything else may be non-zero anywhere: every coordinate, with the
                        // operands' levels co-iterated so that each is read where it is stored.
                        _ => Algebra::Union(std::iter::once(Algebra::Full(None)).chain(parts).collect()),
                    };
                    (algebra.simplify(), depth)
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

    /// The loops that reduce: those no output dimension names.
    pub fn is_reduced(&self, loop_: usize) -> bool {
        !self.output_dims.contains(&loop_)
    }
}

/// Every tensor dimension a loop indexes has the loop's size, so two static
/// sizes on one loop must be equal: otherwise the generated code would index
/// the smaller tensor out of bounds.
fn check_static_sizes(operands: &[Operand], output: RankedTensorType, output_dims: &[usize], loops: usize) -> Result<(), String> {
    let static_size = |tensor: RankedTensorType, dim: usize| match tensor.dim_size(dim) {
        Ok(melior::ir::r#type::DimSize::Static(size)) => Some(size),
        _ => None,
    };
    for loop_ in 0..loops {
        let mut sizes = operands
            .iter()
            .enumerate()
            .filter_map(|(index, operand)| {
                let dim = operand.dims.iter().position(|&d| d == loop_)?;
                let tensor = RankedTensorType::try_from(operand.tensor.r#type()).ok()?;
                Some((format!("dimension {dim} of operand {index}"), static_size(tensor, dim)?))
            })
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
        }
    }
    Ok(())
}

/// The discardable unit attribute of an `arr.compute` whose reduction also
/// folds in the result's fill value, as linalg's `outs` operand does:
/// `result = f(fill, f(body...))`. raise-linalg sets it.
pub const ACCUMULATE: &str = "arr.accumulate";

/// The discardable unit attribute of a statement whose reduction combines
/// the values of the points its loops visit only, as upstream's
/// `sparse_tensor.reduce` does (raise-linalg sets it): the points the
/// loops skip are not part of the reduction, whatever the fill is.
pub const REDUCE_VISITED: &str = "arr.reduce_visited";

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

/// The discardable unit attribute of a statement whose sparse result stores
/// every point its loops visit, the fill value included, as MLIR's
/// sparsifier does (raise-linalg sets it on a linalg kernel with a result in
/// upstream's encoding; without it, a computed fill value is not stored).
/// The result's `tensor.empty`, then its `cfir.alloc`, carry it on.
pub const KEEP_VISITED: &str = "arr.keep_visited";

/// The attribute of a result's `tensor.empty` (and then of its
/// `cfir.alloc`) written through a workspace: a dictionary with the
/// workspace's `kind`, in `sig.where`'s vocabulary (paper 004).
pub const WORKSPACE: &str = "sig.workspace";

/// The coordinate workspace (paper 004's insert–sort–merge with the
/// `coord` policy): entries are appended as they come, sorted in the
/// result's level order, and those at equal coordinates combined.
pub const COORD_WORKSPACE: &str = "{kind = \"coord\"}";

/// The lowering starts each reduction from the result's fill value, or from
/// the init, and folds in only the points it visits (`everywhere`: every
/// point). That is exact when:
/// - the statement folds in its start (an init, or `ACCUMULATE`) and visits
///   every point: then it computes exactly what it states;
/// - the fill is the function's identity on the right, `f(x, fill) = x`:
///   the unvisited points, whose body is the fill, change nothing; a
///   statement that starts from the fill without folding it in (no init,
///   no `ACCUMULATE`) also needs it on the left, `f(fill, y) = y`;
/// - the statement accumulates into its fill (no init) and the fill
///   absorbs the unvisited points: `f` is idempotent and commutative (the
///   fills move next to the one folded in), or the fill annihilates from
///   the left, `f(fill, y) = fill`;
/// - the statement reduces the visited points only (`REDUCE_VISITED`).
///
/// Otherwise [`Statement::read`] makes a statement that folds in its start
/// into a dense result, with no upstream user function, visit every point (and fold in the fill where the
/// body has none); anything else needs the fill folded in with its
/// multiplicity (paper 000 §7.2), which this pipeline does not do yet:
/// refused, never answered wrongly.
fn check_reduction(compute: Compute, function: &str, properties: &Properties, output: &Encoding, everywhere: bool) -> Result<(), String> {
    let starts = compute.0.attribute(ACCUMULATE).is_ok() || compute.init().is_some();
    if (starts && everywhere) || compute.0.attribute(REDUCE_VISITED).is_ok() {
        return Ok(());
    }
    // Whether a property declared at `declared` (every position when
    // `None`) holds at `position`; the accumulator is argument 0.
    let holds_at = |declared: Option<usize>, position: usize| declared.is_none_or(|declared| declared == position);
    let fill_is_identity = properties.identity == Some(output.fill);
    if fill_is_identity && holds_at(properties.identity_arg, 1) && (starts || holds_at(properties.identity_arg, 0)) {
        return Ok(());
    }
    let accumulates = compute.0.attribute(ACCUMULATE).is_ok() && compute.init().is_none();
    let annihilates = properties.annihilator == Some(output.fill) && holds_at(properties.annihilator_arg, 0);
    if accumulates && ((properties.idempotent && properties.commutative) || annihilates) {
        return Ok(());
    }
    let declared = match (properties.identity, properties.identity_arg) {
        (None, _) => "declares no identity".to_string(),
        (Some(identity), None) => format!("has identity {identity}"),
        (Some(identity), Some(position)) => format!("has identity {identity} only at argument {position}"),
    };
    Err(format!(
        "the reduction @{function} {declared}, but the statement's result has fill value {}: a reduction whose identity \
         differs from the fill (min, max, ...) needs an init or arr.accumulate and a dense result, which make every point \
         visited; if the fill is its identity, declare it in arr.properties",
        output.fill
    ))
}

/// The `arr.properties` the reduction function `function` declares.
fn reduction_properties<'c>(compute: Compute<'c, '_>, function: &str) -> Result<Properties<'c>, String> {
    let (_, module) = module_of(compute.0)?;
    let op = defined(module, function).ok_or_else(|| format!("the reduction @{function} is not defined"))?;
    match op.attribute(PROPERTIES) {
        Ok(attribute) => Properties::from_attribute(attribute).map_err(|error| format!("@{function}: {error}")),
        Err(_) => Ok(Properties::default()),
    }
}

/// Refuses a call to a user function with an explicit iteration space
/// other than the universe: evaluating it everywhere would give values
/// where its space has none, and lowering spaces (paper 000 §5) is not done yet.
fn check_call(op: OperationRef) -> Result<(), String> {
    let Some(callee) = sparse_dialects::text_of(op.attribute("callee").map_err(|e| e.to_string())?) else { return Ok(()) };
    let (_, module) = module_of(op)?;
    let Some(function) = defined(module, callee) else { return Ok(()) };
    match function.attribute(ITERATION_SPACE) {
        Ok(attribute) if Space::from_attribute(attribute).map_err(|error| error.to_string())? != Space::Universe => Err(format!(
            "@{callee} declares an explicit arr.iteration_space; calls to such functions are not supported yet \
             (only properties, or the universe, decide where a function is evaluated)"
        )),
        _ => Ok(()),
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
        | "arith.extsi" | "arith.extui" | "arith.trunci" | "arith.index_cast" | "arith.index_castui" | "arith.bitcast" | "arith.shli"
        | "arith.shrsi" | "arith.shrui" | "math.absf" | "math.absi" | "math.ceil" | "math.floor" | "math.sqrt" | "math.cbrt"
        | "math.expm1" | "math.log1p" | "math.sin" | "math.tan" | "math.tanh" | "math.atan" | "math.erf" | "math.round"
        | "math.roundeven" | "math.trunc" | "complex.neg" | "complex.abs" | "complex.sqrt" | "complex.sin" | "complex.tan"
        | "complex.tanh" | "complex.expm1" | "complex.log1p" | "complex.conj" | "complex.re" | "complex.im" => Combine::Preserve,
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
        _ => Combine::Everywhere,
    }
}

/// Whether `value` is a constant (`arith.constant`, `complex.constant`) that
/// is finite and not 0 (a complex one: both parts finite, one not 0; 0
/// over an infinite complex number may be NaN).
fn is_nonzero_constant(value: Value) -> bool {
    let Ok(result) = melior::ir::operation::OperationResult::try_from(value) else { return false };
    let maker = result.owner();
    let Ok(attribute) = maker.attribute("value") else { return false };
    let finite = |attribute: Attribute| FloatAttribute::try_from(attribute).ok().map(|float| float.value()).filter(|v| v.is_finite());
    match name(maker).as_str() {
        "arith.constant" => {
            finite(attribute).is_some_and(|v| v != 0.0) || IntegerAttribute::try_from(attribute).is_ok_and(|integer| integer.value() != 0)
        }
        "complex.constant" => ArrayAttribute::try_from(attribute).is_ok_and(|parts| {
            let parts = (0..parts.len()).map(|index| parts.element(index).ok().and_then(finite)).collect::<Option<Vec<f64>>>();
            parts.is_some_and(|parts| parts.iter().any(|&part| part != 0.0))
        }),
        _ => false,
    }
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

/// The body of `body` as a DAG: one node per access and per op, built in
/// the block's order (operands are defined before their uses), and the node
/// of the yielded value. Values from outside the statement are the same
/// everywhere: they share one node with no arguments.
fn dag<'c, 'a>(body: BlockRef<'c, 'a>, accesses: &[(OperationRef<'c, 'a>, usize)]) -> Result<(Vec<Node>, usize), String> {
    let outside = 0;
    let mut nodes = vec![Node::Combine(Combine::Everywhere, Vec::new())];
    let mut of_value: HashMap<usize, usize> = HashMap::new();
    let mut next = body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if name(op) == "func.call" {
            check_call(op)?;
        }
        let node = match accesses.iter().find(|(access, _)| *access == op) {
            Some((_, operand)) => Node::Access(*operand),
            None => {
                Node::Combine(combine_of(op), op.operands().map(|operand| *of_value.get(&value_key(operand)).unwrap_or(&outside)).collect())
            }
        };
        nodes.push(node);
        for result in op.results() {
            of_value.insert(value_key(result.into()), nodes.len() - 1);
        }
    }
    let terminator = body.terminator().ok_or("arr.compute body has no terminator")?;
    let value: Value = terminator.operand(0).map_err(|e| e.to_string())?;
    Ok((nodes, *of_value.get(&value_key(value)).unwrap_or(&outside)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::{ir::Module, Context};

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
}
