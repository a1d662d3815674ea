//! Assembling a sparse output in order, count then fill.
//!
//! Entries arrive in lexicographic level order, because the loops follow the
//! output's levels. When every loop is driven by stored coordinates, the
//! output cannot have more entries than its operands hold together, so
//! buffers of that capacity are filled in one pass and shrunk afterwards;
//! otherwise the loops run twice. Each entry whose value is not the fill is appended: at
//! the first level where its coordinate differs from the previous entry's,
//! and at every level below, a compressed level appends the coordinate and
//! closes its parent's segment. The first pass over the loops only counts
//! each level's entries; buffers of exactly those sizes are then allocated
//! and the second pass fills them. Positions of parents that received no
//! entry (empty rows of a dense level) are filled in afterwards from their
//! predecessors.

use super::{Buffers, Emitter};
use crate::ir::{block_region, only_block};
use crate::place::Place;
use melior::{
    dialect::{arith, memref, scf},
    ir::{
        block::BlockLike,
        operation::OperationLike,
        r#type::{MemRefType, RankedTensorType, TypeLike},
        Region, RegionLike, ShapedTypeLike, Type, Value, ValueLike,
    },
};
use sparse_dialects::encoding::Encoding;
use sparse_formats::LevelKind;

/// The state of an output being assembled.
#[derive(Clone, Copy)]
pub(super) struct Assembly<'c, 'a> {
    /// The second pass: write buffers, not just count.
    pub fill: bool,
    /// Entries appended so far at each level (`memref<?xindex>`, one per level).
    pub counts: Value<'c, 'a>,
    /// The coordinate of the previous entry at each level; `-1` before the first.
    pub last: Value<'c, 'a>,
}

impl<'c: 'a, 'a> Emitter<'c> {
    /// A sparse output, set up for its counting pass. Its buffers do not exist
    /// yet, so `values` holds the counts until the fill pass replaces it; only
    /// `append` touches an assembled output, and it writes no buffer while counting.
    pub(super) fn start_assembly(
        &self,
        tensor: RankedTensorType<'c>,
        encoding: Encoding<'c>,
        dims: Vec<Value<'c, 'a>>,
        place: Place<'c, 'a>,
    ) -> Result<Buffers<'c, 'a>, String> {
        let first_sparse = encoding.format.levels.iter().position(|level| !level.is_full()).expect("a sparse output");
        let assemblable =
            encoding.format.levels[first_sparse..].iter().all(|level| level.kind == LevelKind::Compressed && level.unique && level.ordered);
        if !assemblable {
            return Err("a sparse output must be dense levels followed by unique, ordered compressed levels".into());
        }
        let levels = encoding.format.levels.len();
        let counts = self.state(levels, 0, place);
        let last = self.state(levels, -1, place);
        Ok(Buffers {
            element: tensor.element(),
            positions: vec![None; levels],
            coordinates: vec![None; levels],
            values: counts,
            dims,
            encoding,
            assembly: Some(Assembly { fill: false, counts, last }),
        })
    }

    /// A `memref<?xindex>` of `length` entries, all `value`, on the stack.
    fn state(&self, length: usize, value: i64, place: Place<'c, 'a>) -> Value<'c, 'a> {
        let size = self.index(place, length as i64);
        let memref_type = MemRefType::new(Type::index(self.context), &[i64::MIN], None, None);
        let state = self.one(place, memref::alloca(self.context, memref_type, &[size], &[], None, self.location));
        let value = self.index(place, value);
        self.for_each(place, size, |body, index| {
            body.append_operation(memref::store(value, state, &[index], self.location));
        });
        state
    }

    /// Appends `value` at `indices` (dimension order) unless it is the fill.
    pub(super) fn append(
        &self,
        tensor: &Buffers<'c, 'a>,
        assembly: Assembly<'c, 'a>,
        indices: &[Value<'c, 'a>],
        value: Value<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<(), String> {
        let fill = self.constant(tensor.encoding.fill, tensor.element, place)?;
        let stored = if tensor.element.is_float() {
            self.one(place, arith::cmpf(self.context, arith::CmpfPredicate::Une, value, fill, self.location))
        } else {
            self.compare(place, arith::CmpiPredicate::Ne, value, fill)
        };
        let body = self.then(place, stored);
        let here = Place::End(body);
        let one = self.index(here, 1);
        let mut new = self.one(
            here,
            arith::constant(
                self.context,
                melior::ir::attribute::IntegerAttribute::new(Type::parse(self.context, "i1").expect("i1"), 0).into(),
                self.location,
            ),
        );
        let mut parent = self.index(here, 0);
        for level in 0..tensor.encoding.format.levels.len() {
            let coordinate = indices[tensor.encoding.format.dim_to_lvl[level]];
            let at = self.index(here, level as i64);
            let previous = self.load(here, assembly.last, at);
            let differs = self.compare(here, arith::CmpiPredicate::Ne, coordinate, previous);
            new = self.one(here, arith::ori(new, differs, self.location));
            here.put(memref::store(coordinate, assembly.last, &[at], self.location));
            if tensor.encoding.format.levels[level].is_full() {
                let scaled = self.mul(here, parent, tensor.level_size(level));
                parent = self.add(here, scaled, coordinate);
                continue;
            }
            // A new segment entry at this level: count it, and when filling,
            // write its coordinate and close its parent's segment.
            let count = self.load(here, assembly.counts, at);
            let appended = self.then(here, new);
            let grown = self.add(Place::End(appended), count, one);
            appended.append_operation(memref::store(grown, assembly.counts, &[at], self.location));
            if assembly.fill {
                let coordinates = tensor.coordinates[level].ok_or("an assembled level without coordinates")?;
                let positions = tensor.positions[level].ok_or("an assembled level without positions")?;
                appended.append_operation(memref::store(coordinate, coordinates, &[count], self.location));
                let slot = self.add(Place::End(appended), parent, one);
                appended.append_operation(memref::store(grown, positions, &[slot], self.location));
            }
            appended.append_operation(scf::r#yield(&[], self.location));
            let count = self.load(here, assembly.counts, at);
            parent = self.one(here, arith::subi(count, one, self.location));
        }
        if assembly.fill {
            here.put(memref::store(value, tensor.values, &[parent], self.location));
        }
        body.append_operation(scf::r#yield(&[], self.location));
        Ok(())
    }

    /// `scf.if condition` with an empty else; returns the then-block.
    fn then(&self, place: Place<'c, 'a>, condition: Value<'c, 'a>) -> melior::ir::BlockRef<'c, 'a> {
        let (then_region, else_region) = (block_region(&[], self.location), Region::new());
        let op = place.put(scf::r#if(condition, &[], then_region, else_region, self.location));
        only_block(op, 0)
    }

    /// Buffers for the fill pass, of `capacity` entries per level, or of the
    /// sizes the counting pass found; and fresh state.
    pub(super) fn allocate_assembly(
        &self,
        counted: &Buffers<'c, 'a>,
        capacity: Option<Value<'c, 'a>>,
        place: Place<'c, 'a>,
    ) -> Result<Buffers<'c, 'a>, String> {
        let assembly = counted.assembly.ok_or("not an assembled output")?;
        let mut buffers = counted.clone();
        let index_type = MemRefType::new(Type::index(self.context), &[i64::MIN], None, None);
        let mut parents = self.index(place, 1);
        let mut entries = parents;
        for level in 0..counted.encoding.format.levels.len() {
            let at = self.index(place, level as i64);
            if counted.encoding.format.levels[level].is_full() {
                parents = self.mul(place, parents, counted.level_size(level));
                entries = parents;
                continue;
            }
            let count = capacity.unwrap_or_else(|| self.load(place, assembly.counts, at));
            let one = self.index(place, 1);
            let slots = self.add(place, parents, one);
            let positions = self.one(place, memref::alloc(self.context, index_type, &[slots], &[], None, self.location));
            let zero = self.index(place, 0);
            self.for_each(place, slots, |body, index| {
                body.append_operation(memref::store(zero, positions, &[index], self.location));
            });
            buffers.positions[level] = Some(positions);
            buffers.coordinates[level] = Some(self.one(place, memref::alloc(self.context, index_type, &[count], &[], None, self.location)));
            parents = count;
            entries = count;
        }
        let values_type = MemRefType::new(counted.element, &[i64::MIN], None, None);
        buffers.values = self.one(place, memref::alloc(self.context, values_type, &[entries], &[], None, self.location));
        let levels = counted.encoding.format.levels.len();
        let counts = self.state(levels, 0, place);
        let last = self.state(levels, -1, place);
        buffers.assembly = Some(Assembly { fill: true, counts, last });
        Ok(buffers)
    }

    /// Gives parents that received no entry the position of their
    /// predecessor, and trims each buffer to the entries it holds.
    pub(super) fn finish_assembly(&self, buffers: &Buffers<'c, 'a>, place: Place<'c, 'a>) -> Result<Buffers<'c, 'a>, String> {
        let assembly = buffers.assembly.ok_or("not an assembled output")?;
        for positions in buffers.positions.iter().flatten() {
            let size = self.one(place, memref::dim(*positions, self.index(place, 0), self.location));
            let one = self.index(place, 1);
            let count = self.one(place, arith::subi(size, one, self.location));
            self.for_each(place, count, |body, index| {
                let here = Place::End(body);
                let slot = self.add(here, index, self.index(here, 1));
                let before = self.load(here, *positions, index);
                let current = self.load(here, *positions, slot);
                let larger = self.one(here, arith::maxui(before, current, self.location));
                body.append_operation(memref::store(larger, *positions, &[slot], self.location));
            });
        }
        let mut trimmed = buffers.clone();
        let mut previous_count = None;
        for level in 0..buffers.encoding.format.levels.len() {
            if buffers.encoding.format.levels[level].is_full() {
                continue;
            }
            let count = self.load(place, assembly.counts, self.index(place, level as i64));
            if let Some(parents) = previous_count {
                let one = self.index(place, 1);
                let slots = self.add(place, parents, one);
                trimmed.positions[level] = Some(self.shrink(buffers.positions[level].expect("compressed"), slots, place));
            }
            trimmed.coordinates[level] = Some(self.shrink(buffers.coordinates[level].expect("compressed"), count, place));
            previous_count = Some(count);
        }
        if let Some(entries) = previous_count {
            trimmed.values = self.shrink(buffers.values, entries, place);
        }
        Ok(trimmed)
    }

    /// `buffer` cut to its first `size` elements (in place: it only shrinks).
    fn shrink(&self, buffer: Value<'c, 'a>, size: Value<'c, 'a>, place: Place<'c, 'a>) -> Value<'c, 'a> {
        let r#type = MemRefType::try_from(buffer.r#type()).expect("a memref buffer");
        self.one(place, memref::realloc(self.context, buffer, Some(size), r#type, None, self.location))
    }

    /// When every loop that makes a compressed level of `output` is driven by
    /// stored coordinates, each at the level of its tensor that the loop's
    /// depth names, the number of entries the operands store, which bounds
    /// the output's. Loop nesting depth is output level, since the loops
    /// follow the output's levels. A driver at a shallower level than its
    /// loop's depth belongs to a tensor that some enclosing loop does not
    /// index: its entries are visited once per iteration of that loop (a
    /// broadcast, `x(j)` for every row `i`), and bound nothing.
    pub(super) fn entry_bound(
        &self,
        loops: &[melior::ir::OperationRef<'c, 'a>],
        output: &Buffers<'c, 'a>,
        scope: &super::Scope<'c, 'a>,
        place: Place<'c, 'a>,
    ) -> Result<Option<Value<'c, 'a>>, String> {
        let mut whiles = Vec::new();
        for &op in loops {
            nested_whiles(op, 0, &mut whiles);
        }
        for (op, depth) in whiles {
            let compressed = output.encoding.format.levels.get(depth).is_some_and(|level| !level.is_full());
            if !compressed {
                continue;
            }
            for driver in self.leaves(op.operand(0).map_err(|e| e.to_string())?)? {
                let leaf = self.leaf(driver, scope)?;
                let once = matches!(leaf, super::Leaf::Level { level, .. } if level == depth);
                if self.kind(leaf, scope) == LevelKind::Dense || !once {
                    return Ok(None);
                }
            }
        }
        let mut total = self.index(place, 0);
        for buffers in scope.tensors.values().filter(|b| b.assembly.is_none() && b.encoding.format.levels.iter().any(|l| !l.is_full())) {
            let stored = self.one(place, memref::dim(buffers.values, self.index(place, 0), self.location));
            total = self.add(place, total, stored);
        }
        Ok(Some(total))
    }
}

/// Every `cfir.while` in `op`, with how many loops enclose it.
fn nested_whiles<'c, 'a>(op: melior::ir::OperationRef<'c, 'a>, depth: usize, into: &mut Vec<(melior::ir::OperationRef<'c, 'a>, usize)>) {
    let is_loop = crate::ir::name(op) == "cfir.while";
    if is_loop {
        into.push((op, depth));
    }
    for region in op.regions() {
        let mut block = region.first_block();
        while let Some(current) = block {
            let mut next = current.first_operation();
            while let Some(inner) = next {
                nested_whiles(inner, depth + usize::from(is_loop), into);
                next = inner.next_in_block();
            }
            block = current.next_in_region();
        }
    }
}
