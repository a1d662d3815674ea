//! A wrapper over the iterator of a nonunique level (COO's leading levels),
//! whose `next` steps over the whole run of positions holding the current
//! coordinate, so each coordinate is visited once; the run's end is where
//! the singleton level below stops (MLIR's `DedupIterator`). It forwards
//! everything else. Only `compressed` and `singleton` levels are nonunique,
//! and neither carries state, which the scan would leave behind.

use crate::cfir_to_scf::iterator::{Cursor, LevelIterator, Next, Parent};
use crate::cfir_to_scf::{error::LowerError, Emitter};
use crate::ir::{block_region, only_block};
use crate::place::Place;
use melior::{
    dialect::{arith, scf},
    ir::{block::BlockLike, r#type::IntegerType, Type, Value},
};
use sparse_formats::Iteration;

pub(in crate::cfir_to_scf) struct Dedup<'c, 'a> {
    pub inner: Box<dyn LevelIterator<'c, 'a> + 'a>,
}

impl<'c: 'a, 'a> LevelIterator<'c, 'a> for Dedup<'c, 'a> {
    fn iteration(&self) -> Iteration {
        self.inner.iteration()
    }

    fn ordered(&self) -> bool {
        self.inner.ordered()
    }

    fn init(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, parent: Parent<'c, 'a>) -> Result<Cursor<'c, 'a>, LowerError> {
        self.inner.init(emitter, place, parent)
    }

    fn coordinate(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        self.inner.coordinate(emitter, place, cursor)
    }

    fn range_end(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Option<Value<'c, 'a>> {
        self.inner.range_end(emitter, place, cursor)
    }

    fn position(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>, coordinate: Value<'c, 'a>) -> Value<'c, 'a> {
        self.inner.position(emitter, place, cursor, coordinate)
    }

    /// The first position past the run of `coordinate`: `q` from the next
    /// position while `q < end` and the coordinate at `q` is the same.
    fn next(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>, coordinate: Value<'c, 'a>) -> Next<'c, 'a> {
        debug_assert!(cursor.state.is_none(), "a nonunique level carries no state");
        let location = emitter.location;
        let index = Type::index(emitter.context);
        let one = emitter.index(place, 1);
        let start = emitter.add(place, cursor.position, one);
        let (before, after) = (block_region(&[index], location), block_region(&[index], location));
        let op = place.put(scf::r#while(&[start], &[index], before, after, location));
        let before = only_block(op, 0);
        let q: Value = before.argument(0).expect("q").into();
        let inside = emitter.compare(Place::End(before), arith::CmpiPredicate::Ult, q, cursor.end);
        // Only read the coordinate at q when q is inside.
        let (then_region, else_region) = (block_region(&[], location), block_region(&[], location));
        let i1 = IntegerType::new(emitter.context, 1).into();
        let check = before.append_operation(scf::r#if(inside, &[i1], then_region, else_region, location));
        let then_block = only_block(check, 0);
        let next_coordinate = self.inner.coordinate(emitter, Place::End(then_block), cursor.at(q));
        let same = emitter.compare(Place::End(then_block), arith::CmpiPredicate::Eq, next_coordinate, coordinate);
        then_block.append_operation(scf::r#yield(&[same], location));
        let else_block = only_block(check, 1);
        let no = emitter.boolean(Place::End(else_block), false);
        else_block.append_operation(scf::r#yield(&[no], location));
        before.append_operation(scf::condition(check.result(0).expect("one").into(), &[q], location));
        let after = only_block(op, 1);
        let q: Value = after.argument(0).expect("q").into();
        let one = emitter.index(Place::End(after), 1);
        let next = emitter.add(Place::End(after), q, one);
        after.append_operation(scf::r#yield(&[next], location));
        let end = op.result(0).expect("one result").into();
        Next { position: end, state: cursor.state, segment_end: Some(end) }
    }

    fn locate(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        parent: Value<'c, 'a>,
        coordinate: Value<'c, 'a>,
    ) -> Option<Value<'c, 'a>> {
        self.inner.locate(emitter, place, parent, coordinate)
    }
}
