//! Non-empty-subsection iteration (paper 003 §3.1, §5.2): the iterator of a
//! loop that reduces a compound subscript `c · v + b + (terms of inner
//! loops)` on an ordered level. It visits the offsets `v` below `count`
//! whose window of `size` coordinates from `c · v + b` holds a stored
//! coordinate, in order, as a wrapper over the level's iterator.
//!
//! Its cursor is the level's position `p`, the first whose coordinate is at
//! least the window's start, and, as loop-carried state, the offset `v`.
//! `subsect_begin` settles from the segment's first position and offset 0,
//! `subsect_next` from `p` and `v + 1`. Settling walks the coordinates: one
//! before the window is passed; one past it moves `v` to the first offset
//! whose window reaches it (`⌈(crd − b − size + 1) / c⌉`); one inside it
//! stops. `subsect_end` is the level's end, or `v` reaching `count` (the
//! loop's size), after which the position is the end. The loop that
//! resolves the subscript visits the window again from the level's parent
//! (a `Slice`), so this iterator binds no position of the level.
//!
//! Windows that tile the level (as wide as the coefficient, a constant: the
//! windows of a collapse or a split) settle by passing the coordinates
//! before the offset's window, four at a time while the fourth is before it
//! (`advance_prefix`); the one found lies in window `⌊(crd − b) / c⌋`.

use super::iterator::{Cursor, LevelIterator, Next, Parent};
use super::{constant_index, error::LowerError, Emitter};
use crate::ir::{block_region, only_block};
use crate::place::Place;
use melior::{
    dialect::{arith, scf},
    ir::{block::BlockLike, Type, Value},
};
use sparse_formats::Iteration;
use std::convert::Infallible;

pub(super) struct Subsections<'c, 'a> {
    pub inner: Box<dyn LevelIterator<'c, 'a> + 'a>,
    /// The window's size in coordinates (`c_r · (|r| − 1) + 1` for the
    /// resolving loop `r`).
    pub size: Value<'c, 'a>,
    /// How many offsets there are: the reducing loop's size.
    pub count: Value<'c, 'a>,
    pub coefficient: i64,
    pub intercept: i64,
}

impl<'c: 'a, 'a> Subsections<'c, 'a> {
    /// The first offset from `offset` whose window holds a stored
    /// coordinate at or after `position`, and the first position whose
    /// coordinate is at least that window's start; the end position when
    /// no offset below `count` has one.
    fn settle(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        cursor: Cursor<'c, 'a>,
        position: Value<'c, 'a>,
        offset: Value<'c, 'a>,
    ) -> (Value<'c, 'a>, Value<'c, 'a>) {
        if self.tiles() {
            return self.settle_tiled(emitter, place, cursor, position, offset);
        }
        let index = Type::index(emitter.context);
        let types = [index, index];
        let (before, after) = (block_region(&types, emitter.location), block_region(&types, emitter.location));
        let op = place.put(scf::r#while(&[position, offset], &types, before, after, emitter.location));
        // Before: go on while there are positions and offsets, and the
        // coordinate at the position is not inside the offset's window.
        let before = only_block(op, 0);
        let here = Place::End(before);
        let [p, v]: [Value; 2] = [0, 1].map(|k| before.argument(k).expect("in range").into());
        let inside = emitter.compare(here, arith::CmpiPredicate::Ult, p, cursor.end);
        let counted = emitter.compare(here, arith::CmpiPredicate::Ult, v, self.count);
        let open = emitter.and(here, &[inside, counted]);
        let go_on = emitter.and_then(here, open, |there| {
            let coordinate = self.inner.coordinate(emitter, there, cursor.at(p));
            let start = self.start(emitter, there, v);
            let from_start = emitter.compare(there, arith::CmpiPredicate::Uge, coordinate, start);
            let before_end = emitter.compare(there, arith::CmpiPredicate::Ult, coordinate, emitter.add(there, start, self.size));
            let found = emitter.and(there, &[from_start, before_end]);
            emitter.negate(there, found)
        });
        before.append_operation(scf::condition(go_on, &[p, v], emitter.location));
        // After: pass a coordinate before the window; move the offset to
        // the first window that reaches one past it.
        let after = only_block(op, 1);
        let here = Place::End(after);
        let [p, v]: [Value; 2] = [0, 1].map(|k| after.argument(k).expect("in range").into());
        let coordinate = self.inner.coordinate(emitter, here, cursor.at(p));
        let early = emitter.compare(here, arith::CmpiPredicate::Ult, coordinate, self.start(emitter, here, v));
        let coefficient = emitter.index(here, self.coefficient);
        // ⌈(crd − b − size + 1) / c⌉: the coordinate is past the window,
        // so at least b + size, and the numerator is positive.
        let reach = emitter.sub(here, coordinate, emitter.index(here, self.intercept));
        let reach = emitter.sub(here, emitter.add(here, reach, coefficient), self.size);
        let reaching = emitter.div(here, reach, coefficient);
        let next_p = emitter.select(here, early, emitter.add(here, p, emitter.index(here, 1)), p);
        let next_v = emitter.select(here, early, v, emitter.max(here, v, reaching));
        after.append_operation(scf::r#yield(&[next_p, next_v], emitter.location));
        let [p, v]: [Value; 2] = [0, 1].map(|k| op.result(k).expect("two results").into());
        let counted = emitter.compare(place, arith::CmpiPredicate::Ult, v, self.count);
        (emitter.select(place, counted, p, cursor.end), v)
    }

    /// Whether the windows tile the level from the intercept on (each as
    /// wide as the coefficient, a constant): every coordinate from there
    /// lies in exactly one window, as in a collapse or a split.
    fn tiles(&self) -> bool {
        constant_index(self.size).is_some_and(|size| i64::try_from(size) == Ok(self.coefficient))
    }

    /// [`Self::settle`] where the windows tile the level: pass the
    /// coordinates before the window at `offset` (by blocks: they are
    /// ordered), and the coordinate found lies in window `⌊(crd − b) / c⌋`.
    fn settle_tiled(
        &self,
        emitter: &Emitter<'c>,
        place: Place<'c, 'a>,
        cursor: Cursor<'c, 'a>,
        position: Value<'c, 'a>,
        offset: Value<'c, 'a>,
    ) -> (Value<'c, 'a>, Value<'c, 'a>) {
        let start = self.start(emitter, place, offset);
        let p = emitter.advance_prefix(place, position, cursor.end, &|here, q| {
            let coordinate = self.inner.coordinate(emitter, here, cursor.at(q));
            emitter.compare(here, arith::CmpiPredicate::Ult, coordinate, start)
        });
        let inside = emitter.compare(place, arith::CmpiPredicate::Ult, p, cursor.end);
        let index = Type::index(emitter.context);
        let Ok(found) = emitter.branch::<Infallible>(
            place,
            inside,
            &[index],
            |there| {
                let coordinate = self.inner.coordinate(emitter, there, cursor.at(p));
                let from_intercept = emitter.sub(there, coordinate, emitter.index(there, self.intercept));
                Ok(vec![emitter.div(there, from_intercept, emitter.index(there, self.coefficient))])
            },
            |_| Ok(vec![self.count]),
        );
        let v = found[0];
        let counted = emitter.compare(place, arith::CmpiPredicate::Ult, v, self.count);
        (emitter.select(place, counted, p, cursor.end), v)
    }

    /// The first coordinate of the window at offset `v`: `c · v + b`.
    fn start(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, v: Value<'c, 'a>) -> Value<'c, 'a> {
        let scaled = emitter.mul(place, emitter.index(place, self.coefficient), v);
        emitter.add(place, scaled, emitter.index(place, self.intercept))
    }
}

impl<'c: 'a, 'a> LevelIterator<'c, 'a> for Subsections<'c, 'a> {
    fn iteration(&self) -> Iteration {
        Iteration::Positions
    }

    fn init(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, parent: Parent<'c, 'a>) -> Result<Cursor<'c, 'a>, LowerError> {
        let cursor = self.inner.init(emitter, place, parent)?;
        if cursor.state.is_some() {
            return Err(LowerError::Op("the subsections of a level whose iterator carries a state (variable_block)".into()));
        }
        let (position, offset) = self.settle(emitter, place, cursor, cursor.position, emitter.index(place, 0));
        Ok(Cursor { position, state: Some(offset), ..cursor })
    }

    /// `subsect_offset`: the offset, carried.
    fn coordinate(&self, _emitter: &Emitter<'c>, _place: Place<'c, 'a>, cursor: Cursor<'c, 'a>) -> Value<'c, 'a> {
        cursor.state.expect("the offset is carried")
    }

    fn next(&self, emitter: &Emitter<'c>, place: Place<'c, 'a>, cursor: Cursor<'c, 'a>, coordinate: Value<'c, 'a>) -> Next<'c, 'a> {
        let following = emitter.add(place, coordinate, emitter.index(place, 1));
        let (position, offset) = self.settle(emitter, place, cursor, cursor.position, following);
        Next { position, state: Some(offset), segment_end: None }
    }
}
