//! Builders and accessors of the `arr` dialect (array notation).
//!
//! An array statement is one `arr.compute`: its body reads tensors through
//! `arr.access` (one tensor and one indexing map each, so operands of any type
//! mix freely), combines them with scalar ops and user functions
//! (`func.call`), and yields the value of one output component. Loop
//! dimensions missing from the output map are reduced by `reductions`,
//! outermost first. Shape operators build views that later passes fuse.

use crate::defining_op;
use crate::encoding::Encoding;
use crate::op::{self, array_attribute, build, i64_array, i64_attribute, map_attribute, op_view, symbol_attribute, Parts};
use melior::{
    ir::{
        operation::OperationLike,
        r#type::{DimSize, RankedTensorType},
        AffineMap, Attribute, BlockRef, Location, Operation, OperationRef, Region, ShapedTypeLike, Type, Value, ValueLike,
    },
    Error,
};

/// `arr.compute`: `result(indexing_map) = body`, reduced by `reductions`.
pub fn compute<'c>(
    result: RankedTensorType<'c>,
    indexing_map: AffineMap<'c>,
    reductions: &[&str],
    init: Option<Value<'c, '_>>,
    body: Region<'c>,
    location: Location<'c>,
) -> Result<Operation<'c>, Error> {
    let reductions = reductions.iter().map(|name| symbol_attribute(location, name)).collect::<Vec<_>>();
    build(
        Compute::NAME,
        location,
        Parts {
            operands: init.as_slice(),
            results: &[result.into()],
            attributes: vec![("indexing_map", map_attribute(indexing_map)), ("reductions", array_attribute(location, &reductions))],
            regions: vec![body],
        },
    )
}

/// `arr.access`: reads `tensor` at the subscripts `indexing_map` gives.
pub fn access<'c>(tensor: Value<'c, '_>, indexing_map: AffineMap<'c>, location: Location<'c>) -> Result<Operation<'c>, Error> {
    let element = RankedTensorType::try_from(tensor.r#type())?.element();
    let attributes = vec![("indexing_map", map_attribute(indexing_map))];
    build(Access::NAME, location, Parts { operands: &[tensor], results: &[element], attributes, ..Parts::default() })
}

/// `arr.index`: the coordinate of loop dimension `dim`.
pub fn index<'c>(dim: usize, location: Location<'c>) -> Result<Operation<'c>, Error> {
    let index = op::parse_type(location, "index").expect("index parses");
    let attributes = vec![("dim", i64_attribute(location, dim as i64))];
    build(Index::NAME, location, Parts { results: &[index], attributes, ..Parts::default() })
}

/// `arr.collapse`: merges dimensions `dims[0]` and `dims[1]` into one at the
/// lower position, with coordinate `x[dims[0]] · |dims[1]| + x[dims[1]]`.
pub fn collapse<'c>(source: Value<'c, '_>, result: Type<'c>, dims: [usize; 2], location: Location<'c>) -> Result<Operation<'c>, Error> {
    let dims = i64_array(location, &[dims[0] as i64, dims[1] as i64]);
    shape(Collapse::NAME, &[source], result, vec![("dims", dims)], location)
}

/// `arr.split`: splits dimension `dim` into the two dimensions `dim` and
/// `dim + 1` of `result`, with coordinates `(y / |dim + 1|, y mod |dim + 1|)`.
pub fn split<'c>(source: Value<'c, '_>, result: Type<'c>, dim: usize, location: Location<'c>) -> Result<Operation<'c>, Error> {
    shape(Split::NAME, &[source], result, vec![("dim", i64_attribute(location, dim as i64))], location)
}

/// `arr.concat`: `rhs` follows `lhs` along dimension `dim`.
pub fn concat<'c>(
    lhs: Value<'c, '_>,
    rhs: Value<'c, '_>,
    result: Type<'c>,
    dim: usize,
    location: Location<'c>,
) -> Result<Operation<'c>, Error> {
    shape(Concat::NAME, &[lhs, rhs], result, vec![("dim", i64_attribute(location, dim as i64))], location)
}

/// `arr.slice`: coordinates `start, start + step, ...` below `stop` of
/// dimension `dim`, renumbered from 0. Each bound is a constant or a value
/// known when the program runs ([`SliceBound`]).
pub fn slice<'c>(
    source: Value<'c, '_>,
    result: Type<'c>,
    dim: usize,
    bounds: [SliceBound<'c, '_>; 3],
    location: Location<'c>,
) -> Result<Operation<'c>, Error> {
    let constant = |bound: &SliceBound| match bound {
        SliceBound::Static(value) => *value,
        SliceBound::Dynamic(_) => DYNAMIC_BOUND,
    };
    let attributes = vec![
        ("dim", i64_attribute(location, dim as i64)),
        ("start", i64_attribute(location, constant(&bounds[0]))),
        ("stop", i64_attribute(location, constant(&bounds[1]))),
        ("step", i64_attribute(location, constant(&bounds[2]))),
    ];
    let mut operands = vec![source];
    operands.extend(bounds.iter().filter_map(|bound| match bound {
        SliceBound::Dynamic(value) => Some(*value),
        SliceBound::Static(_) => None,
    }));
    shape(Slice::NAME, &operands, result, attributes, location)
}

/// A bound of `arr.slice` (`start`, `stop` or `step`) whose attribute is
/// this is the next of the op's `index` operands, as with
/// `tensor.extract_slice`'s static offsets (MLIR's `ShapedType::kDynamic`).
pub const DYNAMIC_BOUND: i64 = i64::MIN;

/// A bound of `arr.slice`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SliceBound<'c, 'a> {
    Static(i64),
    Dynamic(Value<'c, 'a>),
}

impl SliceBound<'_, '_> {
    pub fn constant(self) -> Option<i64> {
        match self {
            SliceBound::Static(value) => Some(value),
            SliceBound::Dynamic(_) => None,
        }
    }
}

/// `arr.broadcast`: inserts dimension `dim` of `result`, along which every
/// coordinate sees the same source component.
pub fn broadcast<'c>(source: Value<'c, '_>, result: Type<'c>, dim: usize, location: Location<'c>) -> Result<Operation<'c>, Error> {
    shape(Broadcast::NAME, &[source], result, vec![("dim", i64_attribute(location, dim as i64))], location)
}

fn shape<'c>(
    name: &str,
    operands: &[Value<'c, '_>],
    result: Type<'c>,
    attributes: Vec<(&'static str, Attribute<'c>)>,
    location: Location<'c>,
) -> Result<Operation<'c>, Error> {
    build(name, location, Parts { operands, results: &[result], attributes, ..Parts::default() })
}

op_view!(
    /// `arr.compute`.
    Compute = "arr.compute"
);
op_view!(
    /// `arr.access`.
    Access = "arr.access"
);
op_view!(
    /// `arr.index`.
    Index = "arr.index"
);
op_view!(
    /// `arr.collapse`.
    Collapse = "arr.collapse"
);
op_view!(
    /// `arr.split`.
    Split = "arr.split"
);
op_view!(
    /// `arr.concat`.
    Concat = "arr.concat"
);
op_view!(
    /// `arr.slice`.
    Slice = "arr.slice"
);
op_view!(
    /// `arr.broadcast`.
    Broadcast = "arr.broadcast"
);

/// The discardable unit attribute of an `arr.compute` whose reduction also
/// folds in the result's fill value, as linalg's `outs` operand does:
/// `result = f(fill, f(body...))`. raise-linalg sets it.
pub const ACCUMULATE: &str = "arr.accumulate";

/// The discardable unit attribute of a statement whose reduction combines
/// the values of the points its loops visit only, as upstream's
/// `sparse_tensor.reduce` does (raise-linalg sets it): the points the
/// loops skip are not part of the reduction, whatever the fill is.
pub const REDUCE_VISITED: &str = "arr.reduce_visited";

/// The discardable unit attribute of a statement whose sparse result stores
/// every point its loops visit, the fill value included, as MLIR's
/// sparsifier does (raise-linalg sets it on a linalg kernel with a result in
/// upstream's encoding; without it, a computed fill value is not stored).
/// The result's `tensor.empty`, then its `cfir.alloc`, carry it on.
pub const KEEP_VISITED: &str = "arr.keep_visited";

/// The discardable attributes of `arr.compute` that are unit attributes.
pub const COMPUTE_UNIT_ATTRIBUTES: [&str; 3] = [ACCUMULATE, KEEP_VISITED, REDUCE_VISITED];

/// The shape operators, which share their operand and result conventions.
pub const SHAPE_OPS: [&str; 5] = [Collapse::NAME, Split::NAME, Concat::NAME, Slice::NAME, Broadcast::NAME];

impl<'c, 'a> Compute<'c, 'a> {
    pub fn indexing_map(&self) -> Option<AffineMap<'c>> {
        op::map(&self.0, "indexing_map")
    }
    /// The reduction functions, outermost reduced dimension first.
    pub fn reductions(&self) -> Option<Vec<&'c str>> {
        op::symbols(&self.0, "reductions")
    }
    pub fn body(&self) -> Option<BlockRef<'c, 'a>> {
        op::body(self.0, 0)
    }
    pub fn result_type(&self) -> Option<RankedTensorType<'c>> {
        RankedTensorType::try_from(self.0.result(0).ok()?.r#type()).ok()
    }
    /// The initial value each reduced component starts from, if any.
    pub fn init(&self) -> Option<Value<'c, 'a>> {
        // Not `operand(0)`: melior prints the whole statement into the
        // error of an operand beyond the count, and most have no init.
        self.0.operands().next()
    }
}

impl<'c, 'a> Access<'c, 'a> {
    pub fn tensor(&self) -> Option<RankedTensorType<'c>> {
        RankedTensorType::try_from(self.0.operand(0).ok()?.r#type()).ok()
    }
    pub fn indexing_map(&self) -> Option<AffineMap<'c>> {
        op::map(&self.0, "indexing_map")
    }
}

impl Index<'_, '_> {
    pub fn dim(&self) -> Option<i64> {
        op::integer(&self.0, "dim")
    }
}

impl Collapse<'_, '_> {
    pub fn dims(&self) -> Option<Vec<i64>> {
        op::dense_i64s(&self.0, "dims")
    }
}

/// The storage of the view `op` builds when the view reads its source's
/// buffers as they are: an `arr.split` of a dimension stored in blocks of the
/// inner size or in a dense level ([`sparse_formats::Format::split`]), or an
/// `arr.collapse` that undoes such a split. It is the result type's encoding,
/// which then says exactly how the view is stored; `None` for every other
/// view, which reorganizes its source.
pub fn reinterpreted<'c>(op: OperationRef<'c, '_>) -> Option<Encoding<'c>> {
    // A view of a slice is stored as the slice's source, which its type does not say.
    let operand = op.operand(0).ok()?;
    if slice_source(operand) != operand {
        return None;
    }
    let source = RankedTensorType::try_from(operand.r#type()).ok()?;
    let result = RankedTensorType::try_from(op.result(0).ok()?.r#type()).ok()?;
    let (source_encoding, result_encoding) = (Encoding::of_any(source).ok()?, Encoding::of_any(result).ok()?);
    let static_size = |tensor: RankedTensorType, dim: usize| match tensor.dim_size(dim) {
        Ok(DimSize::Static(size)) => usize::try_from(size).ok(),
        _ => None,
    };
    let same_storage = if Split::of(op).is_some() {
        let dim = usize::try_from(shape_dim(op)?).ok()?;
        source_encoding.format.split(dim, static_size(result, dim + 1)?)? == result_encoding.format
    } else if let Some(collapse) = Collapse::of(op) {
        // `dims = [a, b]` merges `x[a] · |b| + x[b]` at `min(a, b)`: the
        // result split there in blocks of `|b|` is the source, with the two
        // dimensions swapped when `b` comes first (a column-major collapse).
        let [first, second] = collapse.dims()?[..] else { return None };
        let (first, second) = (usize::try_from(first).ok()?, usize::try_from(second).ok()?);
        let split = result_encoding.format.split(first.min(second), static_size(source, second)?)?;
        split == source_encoding.format.collapse_order(first, second)?
    } else {
        false
    };
    (same_storage && source_encoding.fill == result_encoding.fill).then_some(result_encoding)
}

/// The `dim` attribute of `split`, `concat`, `slice` and `broadcast`.
pub fn shape_dim(op: OperationRef) -> Option<i64> {
    op::integer(&op, "dim")
}

impl<'c, 'a> Slice<'c, 'a> {
    /// `[start, stop, step]`, each a constant or the operand that gives it;
    /// `None` when malformed (an attribute missing, or as many operands
    /// after the source as dynamic bounds).
    pub fn bounds(&self) -> Option<[SliceBound<'c, 'a>; 3]> {
        let mut dynamic = (1..self.0.operand_count()).map(|at| self.0.operand(at).ok());
        let mut bound = |name: &str| -> Option<SliceBound<'c, 'a>> {
            match op::integer(&self.0, name)? {
                DYNAMIC_BOUND => dynamic.next().flatten().map(SliceBound::Dynamic),
                value => Some(SliceBound::Static(value)),
            }
        };
        let bounds = [bound("start")?, bound("stop")?, bound("step")?];
        dynamic.next().is_none().then_some(bounds)
    }

    /// `[start, stop, step]` when all are constants.
    pub fn static_bounds(&self) -> Option<[i64; 3]> {
        let [start, stop, step] = self.bounds()?;
        Some([start.constant()?, stop.constant()?, step.constant()?])
    }
}

/// The `arr.slice` ops `tensor` is a view of, the outermost first (none
/// when it is not such a view).
pub fn slices_of<'c: 'a, 'a>(tensor: Value<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut slices = Vec::new();
    let mut view = tensor;
    while let Some(slice) = defining_op(view).filter(|op| Slice::of(*op).is_some()) {
        slices.push(slice);
        let Ok(source) = slice.operand(0) else { break };
        view = source;
    }
    slices
}

/// The tensor `tensor` views through `arr.slice` ops (itself when it is
/// not such a view): the tensor whose storage a read of the view walks.
pub fn slice_source<'c: 'a, 'a>(tensor: Value<'c, 'a>) -> Value<'c, 'a> {
    slices_of(tensor).last().and_then(|slice| slice.operand(0).ok()).unwrap_or(tensor)
}

/// The encoding `tensor` is stored in: its type's, or, for a view of
/// `arr.slice` (whose type has none), its source's: a slice keeps the
/// levels, their order and the fill, and only narrows what a level visits.
pub fn stored_encoding<'c>(tensor: Value<'c, '_>) -> Option<Encoding<'c>> {
    RankedTensorType::try_from(slice_source(tensor).r#type()).ok().and_then(|tensor| Encoding::of_any(tensor).ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::ir::{block::BlockLike, Block, Module, RegionLike};

    #[test]
    fn builds_an_spmv_statement_that_verifies() {
        let context = crate::testing::context();
        let location = Location::unknown(&context);
        let f64 = Type::float64(&context);
        let csr = Attribute::parse(
            &context,
            r#"#arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>"#,
        )
        .unwrap();
        let matrix = RankedTensorType::new(&[4, 5], f64, Some(csr));
        let vector = RankedTensorType::new(&[5], f64, None);
        let output = RankedTensorType::new(&[4], f64, None);
        let map = |text: &str| crate::encoding::affine_map(Attribute::parse(&context, text).unwrap()).unwrap();

        let module = Module::parse(&context, crate::testing::ADD).unwrap();
        let function_block = Block::new(&[(matrix.into(), location), (vector.into(), location)]);
        let body = Block::new(&[]);
        let a = body
            .append_operation(access(function_block.argument(0).unwrap().into(), map("affine_map<(i, j) -> (i, j)>"), location).unwrap());
        let x =
            body.append_operation(access(function_block.argument(1).unwrap().into(), map("affine_map<(i, j) -> (j)>"), location).unwrap());
        let product =
            body.append_operation(melior::dialect::arith::mulf(a.result(0).unwrap().into(), x.result(0).unwrap().into(), location));
        body.append_operation(crate::terminator(&[product.result(0).unwrap().into()], location).unwrap());
        let region = Region::new();
        region.append_block(body);
        let statement = compute(output, map("affine_map<(i, j) -> (i)>"), &["add"], None, region, location).unwrap();
        let statement = function_block.append_operation(statement);
        let view = Compute::of(statement).unwrap();
        assert_eq!(view.reductions(), Some(vec!["add"]));
        assert_eq!(view.indexing_map().unwrap().result_count(), 1);
        assert_eq!(view.result_type().unwrap().rank(), 1);
        assert_eq!(view.body().unwrap().argument_count(), 0);
        function_block.append_operation(melior::dialect::func::r#return(&[statement.result(0).unwrap().into()], location));
        let function_region = Region::new();
        function_region.append_block(function_block);
        let function = melior::dialect::func::func(
            &context,
            melior::ir::attribute::StringAttribute::new(&context, "spmv"),
            melior::ir::attribute::TypeAttribute::new(
                melior::ir::r#type::FunctionType::new(&context, &[matrix.into(), vector.into()], &[output.into()]).into(),
            ),
            function_region,
            &[],
            location,
        );
        module.body().append_operation(function);
        assert!(module.as_operation().verify());
        assert!(crate::verify::verify(module.as_operation()), "{}", module.as_operation());
    }

    #[test]
    fn shape_builders_set_their_attributes() {
        let context = crate::testing::context();
        let location = Location::unknown(&context);
        let f64 = Type::float64(&context);
        let source_type = RankedTensorType::new(&[3, 4], f64, None);
        let block = Block::new(&[(source_type.into(), location), (source_type.into(), location)]);
        let source: Value = block.argument(0).unwrap().into();
        let other: Value = block.argument(1).unwrap().into();
        let t = |shape: &[u64]| RankedTensorType::new(shape, f64, None).into();
        let collapsed = block.append_operation(collapse(source, t(&[12]), [0, 1], location).unwrap());
        assert_eq!(Collapse::of(collapsed).unwrap().dims(), Some(vec![0, 1]));
        let bounds = [1, 4, 2].map(SliceBound::Static);
        let sliced = block.append_operation(slice(source, t(&[3, 2]), 1, bounds, location).unwrap());
        assert_eq!(Slice::of(sliced).unwrap().static_bounds(), Some([1, 4, 2]));
        for op in [
            split(source, t(&[3, 2, 2]), 1, location).unwrap(),
            concat(source, other, t(&[6, 4]), 0, location).unwrap(),
            broadcast(source, t(&[3, 5, 4]), 1, location).unwrap(),
        ] {
            let op = block.append_operation(op);
            assert_eq!(shape_dim(op), Some(if Concat::of(op).is_some() { 0 } else { 1 }));
        }
        let position = block.append_operation(index(1, location).unwrap());
        assert_eq!(Index::of(position).unwrap().dim(), Some(1));
    }
}
