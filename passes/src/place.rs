//! Where a pass puts the ops it builds: before an op, or at the end of a block.

use melior::{
    ir::{
        attribute::IntegerAttribute, block::BlockLike, operation::OperationLike, BlockRef, Location, Operation, OperationRef, Type, Value,
    },
    Context,
};

#[derive(Clone, Copy)]
pub enum Place<'c, 'a> {
    Before(BlockRef<'c, 'a>, OperationRef<'c, 'a>),
    End(BlockRef<'c, 'a>),
}

impl<'c, 'a> Place<'c, 'a> {
    pub fn put(self, op: Operation<'c>) -> OperationRef<'c, 'a> {
        match self {
            Place::Before(block, anchor) => block.insert_operation_before(anchor, op),
            Place::End(block) => block.append_operation(op),
        }
    }

    /// Puts `op`, built with one result, here and returns that result.
    pub fn value(self, op: Operation<'c>) -> Value<'c, 'a> {
        self.put(op).result(0).expect("an op built with one result").into()
    }

    /// Puts `arith.constant value : index` here.
    pub fn index(self, value: i64, context: &'c Context, location: Location<'c>) -> Value<'c, 'a> {
        let attribute = IntegerAttribute::new(Type::index(context), value).into();
        self.value(melior::dialect::arith::constant(context, attribute, location))
    }

    /// The block the ops go into.
    pub fn block(self) -> BlockRef<'c, 'a> {
        match self {
            Place::Before(block, _) | Place::End(block) => block,
        }
    }

    /// A place before `op`, in its block.
    pub fn before(op: OperationRef<'c, 'a>) -> Option<Self> {
        op.block().map(|block| Place::Before(block, op))
    }

    /// The last op here now, after which the ops put here go (`None`: none).
    pub fn last(self) -> Option<OperationRef<'c, 'a>> {
        match self {
            Place::Before(_, anchor) => anchor.previous_in_block(),
            Place::End(block) => std::iter::successors(block.first_operation(), |op| op.next_in_block()).last(),
        }
    }

    /// The ops put here since `last` was the last ([`Place::last`]).
    pub fn since(self, last: Option<OperationRef<'c, 'a>>) -> Vec<OperationRef<'c, 'a>> {
        let (block, end) = match self {
            Place::Before(block, anchor) => (block, Some(anchor)),
            Place::End(block) => (block, None),
        };
        let first = match last {
            Some(op) => op.next_in_block(),
            None => block.first_operation(),
        };
        std::iter::successors(first, |op| op.next_in_block()).take_while(|op| Some(*op) != end).collect()
    }
}
