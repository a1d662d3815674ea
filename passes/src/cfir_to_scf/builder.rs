//! The IR toolkit of `cfir-to-scf`: one builder per op the lowering emits,
//! each putting the op at a [`Place`] and returning its result.

use super::{Emitter, LowerError};
use crate::ir::{block_region, only_block};
use crate::place::Place;
use melior::{
    dialect::{arith, memref, scf},
    ir::{
        attribute::IntegerAttribute,
        block::BlockLike,
        operation::{OperationBuilder, OperationLike},
        r#type::{IntegerType, MemRefType},
        Attribute, BlockRef, Operation, Region, ShapedTypeLike, Type, TypeLike, Value, ValueLike,
    },
};
use sparse_dialects::scalar;

/// The bytes of a cache line, which heap buffers are aligned to.
const CACHE_LINE: i64 = 64;

/// How many positions [`Emitter::advance_prefix`] passes in one step.
const PREFIX_BLOCK: i64 = 4;

impl<'c: 'a, 'a> Emitter<'c> {
    /// `arith.constant value : index`.
    pub(crate) fn index(&self, place: Place<'c, 'a>, value: i64) -> Value<'c, 'a> {
        place.index(value, self.context, self.location)
    }

    /// `arith.constant value : i1`.
    pub(super) fn boolean(&self, place: Place<'c, 'a>, value: bool) -> Value<'c, 'a> {
        let attribute = IntegerAttribute::new(IntegerType::new(self.context, 1).into(), value.into());
        self.one(place, arith::constant(self.context, attribute.into(), self.location))
    }

    /// `value` as a constant of `type` ([`scalar::constant`]).
    pub(super) fn constant(&self, value: Attribute<'c>, r#type: Type<'c>, place: Place<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
        let op =
            scalar::constant(self.context, value, r#type, self.location).ok_or(LowerError::Malformed("a constant that is not a number"))?;
        Ok(self.one(place, op))
    }

    /// The constant 1 (`true`) of `r#type`: what a pattern stores.
    pub(super) fn unit(&self, r#type: Type<'c>, place: Place<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
        let value = scalar::number(r#type, 1.0, 0.0).ok_or(LowerError::Malformed("a pattern of an element type without 1"))?;
        self.constant(value, r#type, place)
    }

    /// Whether `value` differs from `other`, both of `r#type` (a float NaN
    /// differs from everything).
    pub(super) fn differs(&self, place: Place<'c, 'a>, r#type: Type<'c>, value: Value<'c, 'a>, other: Value<'c, 'a>) -> Value<'c, 'a> {
        if r#type.is_float() {
            self.one(place, arith::cmpf(self.context, arith::CmpfPredicate::Une, value, other, self.location))
        } else if scalar::complex_part(r#type).is_some() {
            let op = OperationBuilder::new("complex.neq", self.location)
                .add_operands(&[value, other])
                .add_results(&[IntegerType::new(self.context, 1).into()])
                .build()
                .expect("complex.neq of two complex values");
            self.one(place, op)
        } else {
            self.compare(place, arith::CmpiPredicate::Ne, value, other)
        }
    }

    /// Puts `op`, which has one result, and returns that result.
    pub(super) fn one(&self, place: Place<'c, 'a>, op: Operation<'c>) -> Value<'c, 'a> {
        place.value(op)
    }

    pub(super) fn i64_type(&self) -> Type<'c> {
        IntegerType::new(self.context, 64).into()
    }

    pub(crate) fn add(&self, place: Place<'c, 'a>, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.one(place, arith::addi(a, b, self.location))
    }

    pub(crate) fn sub(&self, place: Place<'c, 'a>, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.one(place, arith::subi(a, b, self.location))
    }

    pub(crate) fn mul(&self, place: Place<'c, 'a>, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.one(place, arith::muli(a, b, self.location))
    }

    pub(crate) fn div(&self, place: Place<'c, 'a>, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.one(place, arith::divui(a, b, self.location))
    }

    pub(super) fn rem(&self, place: Place<'c, 'a>, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.one(place, arith::remui(a, b, self.location))
    }

    pub(crate) fn min(&self, place: Place<'c, 'a>, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.one(place, arith::minui(a, b, self.location))
    }

    pub(crate) fn max(&self, place: Place<'c, 'a>, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.one(place, arith::maxui(a, b, self.location))
    }

    pub(crate) fn select(&self, place: Place<'c, 'a>, condition: Value<'c, 'a>, yes: Value<'c, 'a>, no: Value<'c, 'a>) -> Value<'c, 'a> {
        self.one(place, arith::select(condition, yes, no, self.location))
    }

    pub(crate) fn load(&self, place: Place<'c, 'a>, memref: Value<'c, 'a>, index: Value<'c, 'a>) -> Value<'c, 'a> {
        self.one(place, memref::load(memref, &[index], self.location))
    }

    pub(crate) fn store(&self, place: Place<'c, 'a>, value: Value<'c, 'a>, memref: Value<'c, 'a>, index: Value<'c, 'a>) {
        place.put(memref::store(value, memref, &[index], self.location));
    }

    /// `buffer[index]` of a level buffer (`memref<?xindex>`, or
    /// `memref<?xiN>` for a narrower `pos_width`/`crd_width`), as an `index`:
    /// narrower integers are unsigned.
    pub(crate) fn load_index(&self, place: Place<'c, 'a>, buffer: Value<'c, 'a>, index: Value<'c, 'a>) -> Value<'c, 'a> {
        let loaded = self.load(place, buffer, index);
        if loaded.r#type().is_index() {
            return loaded;
        }
        self.one(place, arith::index_castui(loaded, Type::index(self.context), self.location))
    }

    /// The segment `positions[parent]..positions[parent + 1]`: the range a
    /// parent owns in a level that delimits segments by positions.
    pub(super) fn segment(&self, place: Place<'c, 'a>, positions: Value<'c, 'a>, parent: Value<'c, 'a>) -> (Value<'c, 'a>, Value<'c, 'a>) {
        let one = self.index(place, 1);
        let next = self.add(place, parent, one);
        (self.load_index(place, positions, parent), self.load_index(place, positions, next))
    }

    /// Stores the `index` `value` at `buffer[index]` of a level buffer, cut to
    /// the buffer's width.
    pub(super) fn store_index(&self, place: Place<'c, 'a>, value: Value<'c, 'a>, buffer: Value<'c, 'a>, index: Value<'c, 'a>) {
        let element = MemRefType::try_from(buffer.r#type()).expect("a level buffer").element();
        let value = self.narrowed(place, value, element);
        self.store(place, value, buffer, index);
    }

    /// The first `count` entries of the index buffer `buffer` as `element`s
    /// (`index`, or an integer type, narrower ones wrapping): `buffer`
    /// itself where it holds `element`s; otherwise a copy, `buffer` freed.
    pub(super) fn retyped(&self, place: Place<'c, 'a>, buffer: Value<'c, 'a>, count: Value<'c, 'a>, element: Type<'c>) -> Value<'c, 'a> {
        if buffer.r#type() == self.buffer_type(element) {
            return buffer;
        }
        let copy = self.alloc_buffer(place, element, count);
        self.for_each(place, count, |body, at| {
            let here = Place::End(body);
            self.store_index(here, self.load_index(here, buffer, at), copy, at);
        });
        place.put(memref::dealloc(buffer, self.location));
        copy
    }

    /// The `index` `value` as a level buffer's entry of type `element` (a
    /// narrower integer where the level stores narrower ones).
    pub(super) fn narrowed(&self, place: Place<'c, 'a>, value: Value<'c, 'a>, element: Type<'c>) -> Value<'c, 'a> {
        if element.is_index() {
            return value;
        }
        self.one(place, arith::index_castui(value, element, self.location))
    }

    /// The first position `q` from `from` at which `q < end` and `holds(q)`
    /// stop both being true (an `scf.while`; `holds` is only emitted, and so
    /// only reads at `q`, where `q < end`).
    pub(super) fn advance_while(
        &self,
        place: Place<'c, 'a>,
        from: Value<'c, 'a>,
        end: Value<'c, 'a>,
        holds: &dyn Fn(Place<'c, 'a>, Value<'c, 'a>) -> Value<'c, 'a>,
    ) -> Value<'c, 'a> {
        self.advance_by(place, from, end, 1, holds)
    }

    /// An `scf.while` from `from` that passes `step` positions while they
    /// are all below `end` and `holds` at the last of them (`holds` is only
    /// emitted, and so only reads, there).
    fn advance_by(
        &self,
        place: Place<'c, 'a>,
        from: Value<'c, 'a>,
        end: Value<'c, 'a>,
        step: i64,
        holds: &dyn Fn(Place<'c, 'a>, Value<'c, 'a>) -> Value<'c, 'a>,
    ) -> Value<'c, 'a> {
        let index = Type::index(self.context);
        let (before, after) = (block_region(&[index], self.location), block_region(&[index], self.location));
        let op = place.put(scf::r#while(&[from], &[index], before, after, self.location));
        let before = only_block(op, 0);
        let here = Place::End(before);
        let q: Value = before.argument(0).expect("q").into();
        let room = match step {
            1 => self.compare(here, arith::CmpiPredicate::Ult, q, end),
            _ => self.compare(here, arith::CmpiPredicate::Ule, self.add(here, q, self.index(here, step)), end),
        };
        let go_on = self.and_then(here, room, |there| {
            let last = if step == 1 { q } else { self.add(there, q, self.index(there, step - 1)) };
            holds(there, last)
        });
        before.append_operation(scf::condition(go_on, &[q], self.location));
        let after = only_block(op, 1);
        let here = Place::End(after);
        let q: Value = after.argument(0).expect("q").into();
        after.append_operation(scf::r#yield(&[self.add(here, q, self.index(here, step))], self.location));
        op.result(0).expect("one result").into()
    }

    /// [`Emitter::advance_while`] where `holds` holds for a prefix of the
    /// range (an ordered level's coordinates below a bound), by blocks of
    /// [`PREFIX_BLOCK`] positions: while a block's last position holds, the
    /// whole block does and is passed in one step; then the positions that
    /// hold among the next `PREFIX_BLOCK - 1` are counted, with no branch,
    /// where the range has that many left (one at a time otherwise). A
    /// prefix of `n` positions takes `n / PREFIX_BLOCK` steps and one
    /// mispredicted exit, where one at a time takes `n` steps.
    pub(super) fn advance_prefix(
        &self,
        place: Place<'c, 'a>,
        from: Value<'c, 'a>,
        end: Value<'c, 'a>,
        holds: &dyn Fn(Place<'c, 'a>, Value<'c, 'a>) -> Value<'c, 'a>,
    ) -> Value<'c, 'a> {
        let index = Type::index(self.context);
        let q = self.advance_by(place, from, end, PREFIX_BLOCK, holds);
        // The rest: fewer than a block's positions hold from `q`.
        let rest = PREFIX_BLOCK - 1;
        let room = self.compare(place, arith::CmpiPredicate::Ule, self.add(place, q, self.index(place, rest)), end);
        let Ok(found) = self.branch::<std::convert::Infallible>(
            place,
            room,
            &[index],
            |there| {
                let counted = (0..rest).fold(q, |counted, k| {
                    let held = holds(there, self.add(there, q, self.index(there, k)));
                    self.add(there, counted, self.select(there, held, self.index(there, 1), self.index(there, 0)))
                });
                Ok(vec![counted])
            },
            |there| Ok(vec![self.advance_while(there, q, end, holds)]),
        );
        found[0]
    }

    /// The first position `q` in `from..end` at which `below(q)` stops
    /// holding, where it holds for a prefix of the range (an ordered level
    /// below a bound): a binary search (`below` is only emitted, and so only
    /// reads, inside the range).
    pub(super) fn partition_point(
        &self,
        place: Place<'c, 'a>,
        from: Value<'c, 'a>,
        end: Value<'c, 'a>,
        below: &dyn Fn(Place<'c, 'a>, Value<'c, 'a>) -> Value<'c, 'a>,
    ) -> Value<'c, 'a> {
        let index = Type::index(self.context);
        let types = [index, index];
        let (before, after) = (block_region(&types, self.location), block_region(&types, self.location));
        let op = place.put(scf::r#while(&[from, end], &types, before, after, self.location));
        let before = only_block(op, 0);
        let [low, high]: [Value; 2] = [0, 1].map(|k| before.argument(k).expect("in range").into());
        let open = self.compare(Place::End(before), arith::CmpiPredicate::Ult, low, high);
        before.append_operation(scf::condition(open, &[low, high], self.location));
        let after = only_block(op, 1);
        let here = Place::End(after);
        let [low, high]: [Value; 2] = [0, 1].map(|k| after.argument(k).expect("in range").into());
        let middle = self.add(here, low, self.div(here, self.sub(here, high, low), self.index(here, 2)));
        let held = below(here, middle);
        let past = self.add(here, middle, self.index(here, 1));
        let (low, high) = (self.select(here, held, past, low), self.select(here, held, high, middle));
        after.append_operation(scf::r#yield(&[low, high], self.location));
        op.result(0).expect("two results").into()
    }

    /// `memref.dim buffer, 0`: the length of a one-dimensional buffer.
    pub(super) fn length(&self, place: Place<'c, 'a>, buffer: Value<'c, 'a>) -> Value<'c, 'a> {
        self.one(place, memref::dim(buffer, self.index(place, 0), self.location))
    }

    /// A buffer of `length` entries as [`Emitter::alloc_buffer`] makes it,
    /// of a static type where `length` is a constant (so that no rewrite
    /// replaces the allocation and drops its attributes).
    pub(super) fn alloc_sized(&self, place: Place<'c, 'a>, element: Type<'c>, length: Value<'c, 'a>) -> Value<'c, 'a> {
        match super::constant_index(length).and_then(|length| i64::try_from(length).ok()) {
            Some(length) => self.aligned_alloc(place, MemRefType::new(element, &[length], None, None), &[]),
            None => self.alloc_buffer(place, element, length),
        }
    }

    /// A `memref<?xelement>` of `length` on the heap, aligned to a cache
    /// line: rows of a dense result then start where lines do (`malloc`'s
    /// 16 bytes made each 256-byte row of SpMM with 64 `f32` columns span
    /// five lines instead of four).
    pub(crate) fn alloc_buffer(&self, place: Place<'c, 'a>, element: Type<'c>, length: Value<'c, 'a>) -> Value<'c, 'a> {
        self.aligned_alloc(place, MemRefType::new(element, &[i64::MIN], None, None), &[length])
    }

    /// The type of what [`Emitter::alloc_buffer`] allocates for `element`s.
    pub(super) fn buffer_type(&self, element: Type<'c>) -> Type<'c> {
        MemRefType::new(element, &[i64::MIN], None, None).into()
    }

    /// A `memref<?xindex>` of `length` zeros (counts to add to).
    pub(super) fn zeroed_indices(&self, place: Place<'c, 'a>, length: Value<'c, 'a>) -> Value<'c, 'a> {
        self.zeroed_buffer(place, Type::index(self.context), length)
    }

    /// A buffer of `length` zeros of the integer type `element` (a level's
    /// positions, bitmap or table, cleared before entries are written).
    pub(super) fn zeroed_buffer(&self, place: Place<'c, 'a>, element: Type<'c>, length: Value<'c, 'a>) -> Value<'c, 'a> {
        let buffer = self.alloc_buffer(place, element, length);
        let zero = self.index(place, 0);
        self.for_each(place, length, |body, at| self.store_index(Place::End(body), zero, buffer, at));
        buffer
    }

    /// `memref.alloc` of `r#type` (its dynamic sizes `sizes`), aligned to a
    /// cache line.
    pub(crate) fn aligned_alloc(&self, place: Place<'c, 'a>, r#type: MemRefType<'c>, sizes: &[Value<'c, 'a>]) -> Value<'c, 'a> {
        let alignment = IntegerAttribute::new(IntegerType::new(self.context, 64).into(), CACHE_LINE);
        self.one(place, memref::alloc(self.context, r#type, sizes, &[], Some(alignment), self.location))
    }

    pub(crate) fn compare(
        &self,
        place: Place<'c, 'a>,
        predicate: arith::CmpiPredicate,
        a: Value<'c, 'a>,
        b: Value<'c, 'a>,
    ) -> Value<'c, 'a> {
        self.one(place, arith::cmpi(self.context, predicate, a, b, self.location))
    }

    /// The conjunction of `conditions`, of which there is at least one.
    pub(crate) fn and(&self, place: Place<'c, 'a>, conditions: &[Value<'c, 'a>]) -> Value<'c, 'a> {
        conditions.iter().copied().reduce(|a, b| self.one(place, arith::andi(a, b, self.location))).expect("at least one condition")
    }

    /// `condition and then(…)`, short-circuited: what `then` emits runs only
    /// where `condition` holds (an `scf.if` yielding `false` otherwise), so
    /// it may read what only `condition` makes safe to read.
    pub(super) fn and_then(
        &self,
        place: Place<'c, 'a>,
        condition: Value<'c, 'a>,
        then: impl FnOnce(Place<'c, 'a>) -> Value<'c, 'a>,
    ) -> Value<'c, 'a> {
        let (then_region, else_region) = (block_region(&[], self.location), block_region(&[], self.location));
        let i1 = IntegerType::new(self.context, 1).into();
        let check = place.put(scf::r#if(condition, &[i1], then_region, else_region, self.location));
        let then_block = only_block(check, 0);
        let held = then(Place::End(then_block));
        then_block.append_operation(scf::r#yield(&[held], self.location));
        let else_block = only_block(check, 1);
        let no = self.boolean(Place::End(else_block), false);
        else_block.append_operation(scf::r#yield(&[no], self.location));
        check.result(0).expect("one result").into()
    }

    /// `if condition { then } else { carried }`: the values `then` yields
    /// (of the types of `carried`) where `condition` holds, `carried`
    /// otherwise.
    pub(super) fn carry_if(
        &self,
        place: Place<'c, 'a>,
        condition: Value<'c, 'a>,
        carried: &[Value<'c, 'a>],
        then: impl FnOnce(Place<'c, 'a>) -> Result<Vec<Value<'c, 'a>>, LowerError>,
    ) -> Result<Vec<Value<'c, 'a>>, LowerError> {
        let types = carried.iter().map(|value| value.r#type()).collect::<Vec<_>>();
        self.if_else(place, condition, &types, then, |_| Ok(carried.to_vec()))
    }

    /// `scf.if condition -> types { then } else { otherwise }`: each branch
    /// builds at its place and returns what it yields; the results.
    pub(super) fn if_else(
        &self,
        place: Place<'c, 'a>,
        condition: Value<'c, 'a>,
        types: &[Type<'c>],
        then: impl FnOnce(Place<'c, 'a>) -> Result<Vec<Value<'c, 'a>>, LowerError>,
        otherwise: impl FnOnce(Place<'c, 'a>) -> Result<Vec<Value<'c, 'a>>, LowerError>,
    ) -> Result<Vec<Value<'c, 'a>>, LowerError> {
        self.branch(place, condition, types, then, otherwise)
    }

    /// [`Emitter::if_else`] for branches of any error type: those that
    /// cannot fail name `std::convert::Infallible`.
    pub(super) fn branch<E>(
        &self,
        place: Place<'c, 'a>,
        condition: Value<'c, 'a>,
        types: &[Type<'c>],
        then: impl FnOnce(Place<'c, 'a>) -> Result<Vec<Value<'c, 'a>>, E>,
        otherwise: impl FnOnce(Place<'c, 'a>) -> Result<Vec<Value<'c, 'a>>, E>,
    ) -> Result<Vec<Value<'c, 'a>>, E> {
        let (then_region, else_region) = (block_region(&[], self.location), block_region(&[], self.location));
        let choice = place.put(scf::r#if(condition, types, then_region, else_region, self.location));
        for (branch, build) in [(0, Box::new(then) as Box<dyn FnOnce(_) -> _>), (1, Box::new(otherwise))] {
            let block = only_block(choice, branch);
            let yielded = build(Place::End(block))?;
            block.append_operation(scf::r#yield(&yielded, self.location));
        }
        Ok(choice.results().map(Into::into).collect())
    }

    /// `not condition`.
    pub(super) fn negate(&self, place: Place<'c, 'a>, condition: Value<'c, 'a>) -> Value<'c, 'a> {
        self.one(place, arith::xori(condition, self.boolean(place, true), self.location))
    }

    /// `for index in 0..count { body }`.
    pub(super) fn for_each(&self, place: Place<'c, 'a>, count: Value<'c, 'a>, body: impl FnOnce(BlockRef<'c, 'a>, Value<'c, 'a>)) {
        let zero = self.index(place, 0);
        self.for_range(place, zero, count, body);
    }

    /// `for index in from..to { body }`.
    pub(crate) fn for_range(
        &self,
        place: Place<'c, 'a>,
        from: Value<'c, 'a>,
        to: Value<'c, 'a>,
        body: impl FnOnce(BlockRef<'c, 'a>, Value<'c, 'a>),
    ) {
        let one = self.index(place, 1);
        let region = block_region(&[Type::index(self.context)], self.location);
        let op = place.put(scf::r#for(from, to, one, region, self.location));
        let block = only_block(op, 0);
        body(block, block.argument(0).expect("the index").into());
        block.append_operation(scf::r#yield(&[], self.location));
    }

    /// `for index in from..to { body }`, whose body may fail to be built.
    pub(crate) fn try_for_range<E>(
        &self,
        place: Place<'c, 'a>,
        from: Value<'c, 'a>,
        to: Value<'c, 'a>,
        body: impl FnOnce(BlockRef<'c, 'a>, Value<'c, 'a>) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut built = Ok(());
        self.for_range(place, from, to, |block, index| built = body(block, index));
        built
    }

    /// `for index in 0..count { body }`, whose body may fail to be built.
    pub(super) fn try_for_each(
        &self,
        place: Place<'c, 'a>,
        count: Value<'c, 'a>,
        body: impl FnOnce(BlockRef<'c, 'a>, Value<'c, 'a>) -> Result<(), LowerError>,
    ) -> Result<(), LowerError> {
        let zero = self.index(place, 0);
        self.try_for_range(place, zero, count, body)
    }

    /// A `memref<?xindex>` of `length` entries, all `value`, on the stack.
    pub(super) fn state(&self, length: usize, value: i64, place: Place<'c, 'a>) -> Value<'c, 'a> {
        let size = self.index(place, length as i64);
        let memref_type = MemRefType::new(Type::index(self.context), &[i64::MIN], None, None);
        let state = self.one(place, memref::alloca(self.context, memref_type, &[size], &[], None, self.location));
        let value = self.index(place, value);
        self.for_each(place, size, |body, index| self.store(Place::End(body), value, state, index));
        state
    }

    /// `condition`, expected false (`llvm.intr.expect`): LLVM lays the
    /// blocks it guards out of the straight path.
    pub(super) fn unlikely(&self, place: Place<'c, 'a>, condition: Value<'c, 'a>) -> Result<Value<'c, 'a>, LowerError> {
        let expected = self.boolean(place, false);
        let op = OperationBuilder::new("llvm.intr.expect", self.location)
            .add_operands(&[condition, expected])
            .add_results(&[condition.r#type()])
            .build()?;
        Ok(self.one(place, op))
    }

    /// `scf.if condition` with an empty else; returns the then-block, which
    /// the caller ends with `scf.yield`.
    pub(crate) fn then(&self, place: Place<'c, 'a>, condition: Value<'c, 'a>) -> BlockRef<'c, 'a> {
        let (then_region, else_region) = (block_region(&[], self.location), Region::new());
        let op = place.put(scf::r#if(condition, &[], then_region, else_region, self.location));
        only_block(op, 0)
    }
}
