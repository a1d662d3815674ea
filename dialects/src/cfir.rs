//! Builders and accessors of the `cfir` dialect (paper 001 §6.1).
//!
//! CFIR is imperative: `cfir.while` runs while its sequence has coordinates
//! left (drop-out semantics), locating each `located[k]` at the coordinate of
//! `sources[k]`, or, as a k-way merge, until all of a union's operands have
//! run out; `cfir.switch` runs the first `cfir.case` whose sequence holds
//! the index; `cfir.assign`/`cfir.reduce` update the storage a tensor value
//! names; `cfir.alloc` makes new storage. Sequences are `sig` values.

use crate::op::{self, build, i32_array, op_view, string_attribute, symbol_attribute, unit_attribute, Parts};
use crate::sig::REDUCE;
use melior::{
    ir::{BlockRef, Location, Operation, Region, Type, Value},
    Error,
};

/// What a switch case does at its coordinates (paper 000 §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaseKind {
    /// Computes the body.
    Producer,
    /// Must not compute: its coordinates are skipped, and later cases must
    /// not capture them.
    Omitter,
}

impl CaseKind {
    pub fn name(self) -> &'static str {
        match self {
            Self::Producer => "producer",
            Self::Omitter => "omitter",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        [Self::Producer, Self::Omitter].into_iter().find(|kind| kind.name() == name)
    }
}

/// The unit attribute that makes a `cfir.while` a k-way merge.
pub const MERGE: &str = "merge";

/// The unit attribute that stops a k-way merge where at most one operand
/// has positions left: the loops after it finish that one alone.
pub const LEAVES_ONE: &str = "leaves_one";

/// When a `cfir.while` stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// When any edge of its sequence runs out (drop-out, paper 001 §6.1).
    AnyRunsOut,
    /// When every operand of its union has run out (a k-way merge); the
    /// body reads an operand absent at the coordinate as its fill.
    AllRunOut,
    /// A k-way merge that stops where at most one operand of its union has
    /// positions left, which the loops after it finish, one for each
    /// operand alone.
    AllButOneRunOut,
}

impl Until {
    /// Whether the loop is a k-way merge.
    pub fn merges(self) -> bool {
        self != Until::AnyRunsOut
    }
}

/// `while idx ← seq with (located = sources)* body`.
pub fn r#while<'c>(
    seq: Value<'c, '_>,
    located: &[Value<'c, '_>],
    sources: &[Value<'c, '_>],
    until: Until,
    body: Region<'c>,
    location: Location<'c>,
) -> Result<Operation<'c>, Error> {
    let operands = [&[seq], located, sources].concat();
    let segments = i32_array(location, &[1, located.len() as i32, sources.len() as i32]);
    let mut attributes = vec![("operandSegmentSizes", segments)];
    if until.merges() {
        attributes.push((MERGE, unit_attribute(location)));
    }
    if until == Until::AllButOneRunOut {
        attributes.push((LEAVES_ONE, unit_attribute(location)));
    }
    build(While::NAME, location, Parts { operands: &operands, attributes, regions: vec![body], ..Parts::default() })
}

/// `switch index (case ...)+`; `cases` holds the `cfir.case` ops.
pub fn switch<'c>(index: Value<'c, '_>, cases: Region<'c>, location: Location<'c>) -> Result<Operation<'c>, Error> {
    build(Switch::NAME, location, Parts { operands: &[index], regions: vec![cases], ..Parts::default() })
}

/// `case seq: body`.
pub fn case<'c>(seq: Value<'c, '_>, kind: CaseKind, body: Region<'c>, location: Location<'c>) -> Result<Operation<'c>, Error> {
    let kind = string_attribute(location, kind.name());
    build(Case::NAME, location, Parts { operands: &[seq], attributes: vec![("kind", kind)], regions: vec![body], ..Parts::default() })
}

/// `tensor(indices) = value`.
pub fn assign<'c>(
    tensor: Value<'c, '_>,
    value: Value<'c, '_>,
    indices: &[Value<'c, '_>],
    location: Location<'c>,
) -> Result<Operation<'c>, Error> {
    let operands = [&[tensor, value], indices].concat();
    build(Assign::NAME, location, Parts { operands: &operands, ..Parts::default() })
}

/// `tensor(indices) function= value`.
pub fn reduce<'c>(
    tensor: Value<'c, '_>,
    value: Value<'c, '_>,
    indices: &[Value<'c, '_>],
    function: &str,
    location: Location<'c>,
) -> Result<Operation<'c>, Error> {
    let operands = [&[tensor, value], indices].concat();
    let function = symbol_attribute(location, function);
    build(Reduce::NAME, location, Parts { operands: &operands, attributes: vec![(REDUCE, function)], ..Parts::default() })
}

/// `alloc`: a new tensor of type `tensor`, one size per dynamic dimension.
pub fn alloc<'c>(tensor: Type<'c>, sizes: &[Value<'c, '_>], location: Location<'c>) -> Result<Operation<'c>, Error> {
    build(Alloc::NAME, location, Parts { operands: sizes, results: &[tensor], ..Parts::default() })
}

/// `tensor(leaves)`: the value under the leaf iterators' positions.
pub fn access<'c>(
    tensor: Value<'c, '_>,
    leaves: &[Value<'c, '_>],
    element: Type<'c>,
    location: Location<'c>,
) -> Result<Operation<'c>, Error> {
    let operands = [&[tensor], leaves].concat();
    build(Access::NAME, location, Parts { operands: &operands, results: &[element], ..Parts::default() })
}

op_view!(
    /// `cfir.while`.
    While = "cfir.while"
);
op_view!(
    /// `cfir.switch`.
    Switch = "cfir.switch"
);
op_view!(
    /// `cfir.case`.
    Case = "cfir.case"
);
op_view!(
    /// `cfir.assign`.
    Assign = "cfir.assign"
);
op_view!(
    /// `cfir.reduce`.
    Reduce = "cfir.reduce"
);
op_view!(
    /// `cfir.alloc`.
    Alloc = "cfir.alloc"
);
op_view!(
    /// `cfir.access`.
    Access = "cfir.access"
);

impl<'c, 'a> While<'c, 'a> {
    /// `(located, sources)` operand counts.
    pub fn binding_counts(&self) -> Option<(usize, usize)> {
        match op::dense_i32s(&self.0, "operandSegmentSizes")?[..] {
            [1, located, sources] => Some((located as usize, sources as usize)),
            _ => None,
        }
    }
    pub fn body(&self) -> Option<BlockRef<'c, 'a>> {
        op::body(self.0, 0)
    }
    /// When the loop stops.
    pub fn until(&self) -> Until {
        let unit = |name| {
            melior::ir::operation::OperationLike::attribute(&self.0, name)
                .is_ok_and(|attribute| melior::ir::attribute::AttributeLike::is_unit(&attribute))
        };
        match (unit(MERGE), unit(LEAVES_ONE)) {
            (false, _) => Until::AnyRunsOut,
            (true, false) => Until::AllRunOut,
            (true, true) => Until::AllButOneRunOut,
        }
    }
}

impl<'c, 'a> Switch<'c, 'a> {
    pub fn cases(&self) -> Option<BlockRef<'c, 'a>> {
        op::body(self.0, 0)
    }
}

impl<'c, 'a> Case<'c, 'a> {
    pub fn kind(&self) -> Option<CaseKind> {
        CaseKind::from_name(op::string(&self.0, "kind")?)
    }
    pub fn body(&self) -> Option<BlockRef<'c, 'a>> {
        op::body(self.0, 0)
    }
}

impl<'c> Reduce<'c, '_> {
    pub fn function(&self) -> Option<&'c str> {
        op::symbol(&self.0, REDUCE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::ir::{block::BlockLike, r#type::RankedTensorType, Block, RegionLike};

    #[test]
    fn builds_a_while_with_a_switch() {
        let context = crate::testing::context();
        let location = Location::unknown(&context);
        let f64 = Type::float64(&context);
        let index = Type::index(&context);
        let seq = crate::sig::seq_type(&context);
        let vector = RankedTensorType::new(&[8], f64, None).into();
        let block = Block::new(&[(vector, location), (seq, location), (seq, location)]);
        let arg = |n: usize| -> Value { block.argument(n).unwrap().into() };

        let case_body = Block::new(&[]);
        case_body.append_operation(crate::terminator(&[], location).unwrap());
        let case_region = Region::new();
        case_region.append_block(case_body);
        let cases = Block::new(&[]);
        let omitter = cases.append_operation(case(arg(1), CaseKind::Omitter, case_region, location).unwrap());
        assert_eq!(Case::of(omitter).unwrap().kind(), Some(CaseKind::Omitter));
        cases.append_operation(crate::terminator(&[], location).unwrap());
        let cases_region = Region::new();
        cases_region.append_block(cases);

        let body = Block::new(&[(index, location)]);
        let i: Value = body.argument(0).unwrap().into();
        let value = body.append_operation(access(arg(0), &[arg(1)], f64, location).unwrap());
        body.append_operation(switch(i, cases_region, location).unwrap());
        let stored = body.append_operation(reduce(arg(0), value.result(0).unwrap().into(), &[i], "add", location).unwrap());
        assert_eq!(Reduce::of(stored).unwrap().function(), Some("add"));
        body.append_operation(assign(arg(0), value.result(0).unwrap().into(), &[i], location).unwrap());
        body.append_operation(crate::terminator(&[], location).unwrap());
        let region = Region::new();
        region.append_block(body);
        let r#loop = block.append_operation(r#while(arg(1), &[arg(2)], &[arg(1)], Until::AnyRunsOut, region, location).unwrap());
        assert_eq!(While::of(r#loop).unwrap().binding_counts(), Some((1, 1)));
        let fresh = block.append_operation(alloc(vector, &[], location).unwrap());
        assert!(Alloc::of(fresh).is_some());
        assert!(crate::testing::verifies_as_function(&context, crate::testing::ADD, block, &[vector, seq, seq]));
    }
}
