//! Which sizes a kernel needs equal, read from its statements before it runs.
//!
//! Every loop of a statement has one size: each tensor dimension it indexes,
//! of an input, of an intermediate result or of the statement's own result,
//! must have that size. Across statements, a result read by a later
//! statement ties their loops together, so the groups are the classes of a
//! union-find over (tensor, dimension). A group may also carry static sizes
//! from the types. Generated code trusts these equalities (it loops to one
//! size and indexes every tensor of the group with it), so the runtime checks
//! each group against the arguments before a kernel runs.

use melior::ir::{
    block::BlockLike,
    operation::{OperationLike, WalkOrder, WalkResult},
    r#type::{DimSize, RankedTensorType},
    OperationRef, RegionLike, ShapedTypeLike, Value, ValueLike,
};
use sparse_dialects::arr::Compute;
use sparse_passes::{statement::Statement, value_key};

/// One class of sizes that must be equal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Agreement {
    /// The (parameter, dimension) pairs in the class.
    pub dims: Vec<(usize, usize)>,
    /// A static size the types give the class, if any.
    pub size: Option<usize>,
    /// The dimensions of the kernel's result in the class.
    pub result: Vec<usize>,
}

impl Agreement {
    /// The class's size for `arguments`' shapes: a parameter's, or the static one.
    pub fn size_for(&self, shapes: &[Option<&[usize]>]) -> Option<usize> {
        let from_argument = self.dims.iter().find_map(|&(parameter, dim)| shapes.get(parameter).copied().flatten().map(|shape| shape[dim]));
        from_argument.or(self.size)
    }
}

/// A static size that contradicts another one of its class: the kernel's
/// types are inconsistent whatever its arguments.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the kernel's types give one loop two static sizes, {0} and {1}")]
pub struct Contradiction(pub usize, pub usize);

/// The classes of `function`'s (a kernel in `arr`) sizes that tie two of its
/// parameters, results and static sizes together.
pub fn agreements(function: OperationRef) -> Result<Vec<Agreement>, Contradiction> {
    let Some(body) = function.region(0).ok().and_then(|region| region.first_block()) else { return Ok(Vec::new()) };
    let mut classes = Classes::default();
    function.walk(WalkOrder::PreOrder, |op| {
        if let Some(statement) = Compute::of(op).and_then(|compute| Statement::read(compute).ok()) {
            let result: Value = op.result(0).expect("arr.compute has a result").into();
            for loop_ in 0..statement.loops {
                let operands = statement.operands.iter().filter_map(|operand| Some((operand.tensor, operand.sizing_dim(loop_)?)));
                let output = statement.output_dims.iter().position(|&d| d == loop_).map(|dim| (result, dim));
                let members: Vec<usize> = operands.chain(output).map(|(tensor, dim)| classes.node(tensor, dim)).collect();
                for pair in members.windows(2) {
                    classes.union(pair[0], pair[1]);
                }
            }
            // The init gives the result its shape: each of its dimensions is the result's.
            if let Ok(init) = op.operand(0) {
                for dim in 0..RankedTensorType::try_from(init.r#type()).map_or(0, |init| init.rank()) {
                    let (init, result) = (classes.node(init, dim), classes.node(result, dim));
                    classes.union(init, result);
                }
            }
        }
        WalkResult::Advance
    });
    // The returned tensor's type may be static where the statement's is not.
    let returned = body.terminator().and_then(|terminator| terminator.operand(0).ok());
    if let Some(returned) = returned {
        if let Ok(tensor) = RankedTensorType::try_from(returned.r#type()) {
            (0..tensor.rank()).for_each(|dim| {
                classes.node(returned, dim);
            });
        }
    }
    let returned = returned.map(value_key);
    let parameter =
        |value: usize| (0..body.argument_count()).find(|&index| value_key(body.argument(index).expect("in range").into()) == value);
    let mut groups: Vec<Agreement> = Vec::new();
    let mut group_of_root = std::collections::HashMap::new();
    for index in 0..classes.members.len() {
        let (value, dim, size) = classes.members[index];
        let root = classes.find(index);
        let group = *group_of_root.entry(root).or_insert_with(|| {
            groups.push(Agreement::default());
            groups.len() - 1
        });
        if let Some(parameter) = parameter(value) {
            groups[group].dims.push((parameter, dim));
        }
        if Some(value) == returned {
            groups[group].result.push(dim);
        }
        match (groups[group].size, size) {
            (Some(known), Some(size)) if known != size => return Err(Contradiction(known, size)),
            (None, Some(size)) => groups[group].size = Some(size),
            _ => {}
        }
    }
    Ok(groups.into_iter().filter(|group| group.dims.len() + usize::from(group.size.is_some()) + group.result.len() > 1).collect())
}

/// A union-find over (tensor, dimension), each with its static size.
#[derive(Default)]
struct Classes {
    members: Vec<(usize, usize, Option<usize>)>,
    parents: Vec<usize>,
    index: std::collections::HashMap<(usize, usize), usize>,
}

impl Classes {
    fn node(&mut self, tensor: Value, dim: usize) -> usize {
        let size = RankedTensorType::try_from(tensor.r#type()).ok().and_then(|tensor| match tensor.dim_size(dim) {
            Ok(DimSize::Static(size)) => usize::try_from(size).ok(),
            _ => None,
        });
        *self.index.entry((value_key(tensor), dim)).or_insert_with(|| {
            self.members.push((value_key(tensor), dim, size));
            self.parents.push(self.parents.len());
            self.parents.len() - 1
        })
    }

    fn find(&mut self, mut node: usize) -> usize {
        while self.parents[node] != node {
            self.parents[node] = self.parents[self.parents[node]];
            node = self.parents[node];
        }
        node
    }

    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        self.parents[a.max(b)] = a.min(b);
    }
}
