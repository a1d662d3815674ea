//! Builders and accessors of the `sig` dialect (sparse iteration graph).
//!
//! Sequence expressions are `!sig.seq` values built by pure ops (paper 001
//! §5.1): level leaves, the universe, ∪, ∩, complement, ×, ⊔, π, slice, and
//! the subsection leaves of paper 003. Statements are `sig.forall` over a
//! sequence, `sig.where` (paper 004) and `sig.assign`.

use crate::op::{self, build, i64_attribute, op_view, parse_type, symbol_attribute, Parts};
use melior::{
    ir::{Attribute, BlockRef, Location, Operation, Region, Type, Value},
    Context, Error,
};

/// The attribute of `sig.assign` and `cfir.reduce` naming the combining function.
pub const REDUCE: &str = "reduce";

/// The `!sig.seq` type.
pub fn seq_type(context: &Context) -> Type<'_> {
    Type::parse(context, "!sig.seq").expect("the sig dialect is loaded")
}

fn sequence<'c>(
    name: &str,
    operands: &[Value<'c, '_>],
    attributes: Vec<(&'static str, Attribute<'c>)>,
    location: Location<'c>,
) -> Result<Operation<'c>, Error> {
    let seq = parse_type(location, "!sig.seq").expect("the sig dialect is loaded");
    build(name, location, Parts { operands, results: &[seq], attributes, ..Parts::default() })
}

/// `i_T`: the coordinates stored in `level` of `tensor`.
pub fn level<'c>(tensor: Value<'c, '_>, level: usize, location: Location<'c>) -> Result<Operation<'c>, Error> {
    sequence(Level::NAME, &[tensor], vec![("level", i64_attribute(location, level as i64))], location)
}

/// `U`: the coordinates `0..size`.
pub fn universe<'c>(size: Value<'c, '_>, location: Location<'c>) -> Result<Operation<'c>, Error> {
    sequence(Universe::NAME, &[size], Vec::new(), location)
}

/// Offsets below `count` of the non-empty windows of `size` coordinates in
/// `level` of `tensor`, for a subscript term `coefficient · v` plus
/// `intercept`.
pub fn subsections<'c>(
    tensor: Value<'c, '_>,
    [size, count]: [Value<'c, '_>; 2],
    level: usize,
    coefficient: i64,
    intercept: i64,
    location: Location<'c>,
) -> Result<Operation<'c>, Error> {
    let attributes = vec![
        ("level", i64_attribute(location, level as i64)),
        ("coefficient", i64_attribute(location, coefficient)),
        ("intercept", i64_attribute(location, intercept)),
    ];
    sequence(Subsections::NAME, &[tensor, size, count], attributes, location)
}

/// `a ∪ b ∪ ...`.
pub fn union<'c>(operands: &[Value<'c, '_>], location: Location<'c>) -> Result<Operation<'c>, Error> {
    sequence(Union::NAME, operands, Vec::new(), location)
}

/// `a ∩ b ∩ ...`.
pub fn intersect<'c>(operands: &[Value<'c, '_>], location: Location<'c>) -> Result<Operation<'c>, Error> {
    sequence(Intersect::NAME, operands, Vec::new(), location)
}

/// `¬a`.
pub fn complement<'c>(operand: Value<'c, '_>, location: Location<'c>) -> Result<Operation<'c>, Error> {
    sequence(Complement::NAME, &[operand], Vec::new(), location)
}

/// `a × b`.
pub fn product<'c>(lhs: Value<'c, '_>, rhs: Value<'c, '_>, location: Location<'c>) -> Result<Operation<'c>, Error> {
    sequence(Product::NAME, &[lhs, rhs], Vec::new(), location)
}

/// `a ⊔ b`.
pub fn disjoint_union<'c>(lhs: Value<'c, '_>, rhs: Value<'c, '_>, location: Location<'c>) -> Result<Operation<'c>, Error> {
    sequence(DisjointUnion::NAME, &[lhs, rhs], Vec::new(), location)
}

/// `π_component(a, size)`.
pub fn project<'c>(operand: Value<'c, '_>, size: Value<'c, '_>, component: i64, location: Location<'c>) -> Result<Operation<'c>, Error> {
    sequence(Project::NAME, &[operand, size], vec![("component", i64_attribute(location, component))], location)
}

/// `a[start:stop:step]`.
pub fn slice<'c>(operand: Value<'c, '_>, bounds: [Value<'c, '_>; 3], location: Location<'c>) -> Result<Operation<'c>, Error> {
    sequence(Slice::NAME, &[operand, bounds[0], bounds[1], bounds[2]], Vec::new(), location)
}

/// `forall i ∈ seq body`; `body`'s block takes the index variable.
pub fn forall<'c>(seq: Value<'c, '_>, body: Region<'c>, location: Location<'c>) -> Result<Operation<'c>, Error> {
    build(Forall::NAME, location, Parts { operands: &[seq], regions: vec![body], ..Parts::default() })
}

/// `consumer where producer`, with `temporary` stored as `workspace` says.
pub fn r#where<'c>(
    temporary: Value<'c, '_>,
    workspace: Attribute<'c>,
    consumer: Region<'c>,
    producer: Region<'c>,
    location: Location<'c>,
) -> Result<Operation<'c>, Error> {
    build(
        Where::NAME,
        location,
        Parts { operands: &[temporary], attributes: vec![("workspace", workspace)], regions: vec![consumer, producer], ..Parts::default() },
    )
}

/// `tensor(indices)`, of type `element`.
pub fn access<'c>(
    tensor: Value<'c, '_>,
    indices: &[Value<'c, '_>],
    element: Type<'c>,
    location: Location<'c>,
) -> Result<Operation<'c>, Error> {
    let operands = [&[tensor], indices].concat();
    build(Access::NAME, location, Parts { operands: &operands, results: &[element], ..Parts::default() })
}

/// `tensor(indices) = value`, or `tensor(indices) f= value` with `reduce = f`.
pub fn assign<'c>(
    tensor: Value<'c, '_>,
    value: Value<'c, '_>,
    indices: &[Value<'c, '_>],
    reduce: Option<&str>,
    location: Location<'c>,
) -> Result<Operation<'c>, Error> {
    let operands = [&[tensor, value], indices].concat();
    let attributes = reduce.map(|name| vec![(REDUCE, symbol_attribute(location, name))]).unwrap_or_default();
    build(Assign::NAME, location, Parts { operands: &operands, attributes, ..Parts::default() })
}

op_view!(
    /// `sig.level`.
    Level = "sig.level"
);
op_view!(
    /// `sig.universe`.
    Universe = "sig.universe"
);
op_view!(
    /// `sig.subsections`.
    Subsections = "sig.subsections"
);
op_view!(
    /// `sig.union`.
    Union = "sig.union"
);
op_view!(
    /// `sig.intersect`.
    Intersect = "sig.intersect"
);
op_view!(
    /// `sig.complement`.
    Complement = "sig.complement"
);
op_view!(
    /// `sig.product`.
    Product = "sig.product"
);
op_view!(
    /// `sig.disjoint_union`.
    DisjointUnion = "sig.disjoint_union"
);
op_view!(
    /// `sig.project`.
    Project = "sig.project"
);
op_view!(
    /// `sig.slice`.
    Slice = "sig.slice"
);
op_view!(
    /// `sig.forall`.
    Forall = "sig.forall"
);
op_view!(
    /// `sig.where`.
    Where = "sig.where"
);
op_view!(
    /// `sig.access`.
    Access = "sig.access"
);
op_view!(
    /// `sig.assign`.
    Assign = "sig.assign"
);

impl Level<'_, '_> {
    pub fn level(&self) -> Option<i64> {
        op::integer(&self.0, "level")
    }
}

impl Subsections<'_, '_> {
    pub fn level(&self) -> Option<i64> {
        op::integer(&self.0, "level")
    }
    pub fn coefficient(&self) -> Option<i64> {
        op::integer(&self.0, "coefficient")
    }
    pub fn intercept(&self) -> Option<i64> {
        op::integer(&self.0, "intercept")
    }
}

impl Project<'_, '_> {
    pub fn component(&self) -> Option<i64> {
        op::integer(&self.0, "component")
    }
}

impl<'c, 'a> Forall<'c, 'a> {
    pub fn body(&self) -> Option<BlockRef<'c, 'a>> {
        op::body(self.0, 0)
    }
}

impl<'c, 'a> Where<'c, 'a> {
    pub fn consumer(&self) -> Option<BlockRef<'c, 'a>> {
        op::body(self.0, 0)
    }
    pub fn producer(&self) -> Option<BlockRef<'c, 'a>> {
        op::body(self.0, 1)
    }
}

impl<'c> Assign<'c, '_> {
    pub fn reduce(&self) -> Option<&'c str> {
        op::symbol(&self.0, REDUCE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::ir::{block::BlockLike, r#type::RankedTensorType, Block, RegionLike, ValueLike};

    #[test]
    fn builds_a_vector_addition_graph() {
        let context = crate::testing::context();
        let location = Location::unknown(&context);
        let f64 = Type::float64(&context);
        let sparse =
            Attribute::parse(&context, r#"#arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>"#).unwrap();
        let vector = RankedTensorType::new(&[8], f64, Some(sparse)).into();
        let dense = RankedTensorType::new(&[8], f64, None).into();
        let index = Type::index(&context);
        let block = Block::new(&[(vector, location), (vector, location), (dense, location), (index, location)]);
        let arg = |n: usize| -> Value { block.argument(n).unwrap().into() };
        let a = block.append_operation(level(arg(0), 0, location).unwrap());
        let b = block.append_operation(level(arg(1), 0, location).unwrap());
        let both = block.append_operation(union(&[a.result(0).unwrap().into(), b.result(0).unwrap().into()], location).unwrap());
        assert_eq!(Level::of(a).unwrap().level(), Some(0));

        let body = Block::new(&[(index, location)]);
        let i: Value = body.argument(0).unwrap().into();
        let x = body.append_operation(access(arg(0), &[i], f64, location).unwrap());
        let y = body.append_operation(access(arg(1), &[i], f64, location).unwrap());
        let sum = body.append_operation(melior::dialect::arith::addf(x.result(0).unwrap().into(), y.result(0).unwrap().into(), location));
        let store = body.append_operation(assign(arg(2), sum.result(0).unwrap().into(), &[i], None, location).unwrap());
        assert_eq!(Assign::of(store).unwrap().reduce(), None);
        body.append_operation(crate::terminator(&[], location).unwrap());
        let region = Region::new();
        region.append_block(body);
        let forall = block.append_operation(forall(both.result(0).unwrap().into(), region, location).unwrap());
        assert_eq!(Forall::of(forall).unwrap().body().unwrap().argument_count(), 1);

        let size = arg(3);
        let universe = block.append_operation(universe(size, location).unwrap());
        let u: Value = universe.result(0).unwrap().into();
        for op in [
            complement(u, location).unwrap(),
            product(u, u, location).unwrap(),
            disjoint_union(u, u, location).unwrap(),
            slice(u, [size, size, size], location).unwrap(),
            intersect(&[u, u], location).unwrap(),
        ] {
            assert_eq!(block.append_operation(op).result(0).unwrap().r#type(), seq_type(&context));
        }
        let projected = block.append_operation(project(u, size, 1, location).unwrap());
        assert_eq!(Project::of(projected).unwrap().component(), Some(1));
        let windows = block.append_operation(subsections(arg(0), [size, size], 0, 2, 1, location).unwrap());
        let view = Subsections::of(windows).unwrap();
        assert_eq!((view.level(), view.coefficient(), view.intercept()), (Some(0), Some(2), Some(1)));
        let (consumer, producer) = (Region::new(), Region::new());
        for region in [&consumer, &producer] {
            let empty = Block::new(&[]);
            empty.append_operation(crate::terminator(&[], location).unwrap());
            region.append_block(empty);
        }
        let workspace = Attribute::parse(&context, r#"{kind = "dense"}"#).unwrap();
        let statement = block.append_operation(r#where(arg(2), workspace, consumer, producer, location).unwrap());
        let view = Where::of(statement).unwrap();
        assert!(view.consumer().is_some() && view.producer().is_some());
        assert!(crate::testing::verifies_as_function(&context, crate::testing::ADD, block, &[vector, vector, dense, index]));
    }
}
