//! Rows of a sparse operand located through a position map (TACO's
//! precomputed operand in a dense workspace; the masked products of
//! GraphBLAS, which scatter the mask's row).
//!
//! `sig-lower-lattices` locates a compressed level instead of merging it
//! when its row stays the same across an enclosing loop
//! (`sig_lower_lattices::scatters_row`): triangle counting's `L(i, :)` in
//! the loop over `k` of `Σ L(i, k) L(k, j) L(i, j)`. Such a level is not
//! located by itself, so:
//!
//! - before the outermost loop of the nest, a map as long as the level's
//!   dimension is allocated and cleared, and freed after that loop;
//! - before the outermost loop that locates the row (in its own cases or in
//!   a loop inside) and runs with the row's parent fixed, each stored
//!   coordinate `c` at position `p` of the row sets `map[c] = p + 1`, and
//!   after that loop each is set back to 0, so the map is clear for the
//!   next row;
//! - inside, locating `c` is one load: the row stores `c` where `map[c]` is
//!   not 0, at position `map[c] − 1`.
//!
//! The row is walked twice per parent position, and every loop inside walks
//! only its other operands, where a merge would walk the row again at each
//! iteration of the loop around it. The map's entries are as wide as the
//! level's positions (the largest position plus one still fits, unsigned).

use super::error::LowerError;
use super::iterator::{LevelId, Located, Parent};
use super::{Emitter, Leaf, Scope};
use crate::ir::{collect, defining_op};
use crate::place::Place;
use melior::{
    dialect::{arith::CmpiPredicate, memref},
    ir::{
        operation::{OperationLike, OperationMutLike},
        r#type::IntegerType,
        Attribute, OperationRef, Type, Value,
    },
};
use sparse_dialects::{cfir, sig};
use sparse_formats::LevelKind;

/// The position map of one located row.
#[derive(Clone, Copy)]
pub(super) struct PositionMap<'c, 'a> {
    /// A buffer of `iN` (`index` for 64-bit positions) as long as the
    /// level's dimension (of a static type where that is constant): a
    /// stored coordinate's position plus one, 0 elsewhere.
    map: Value<'c, 'a>,
    /// While a loop runs with the row scattered, the parent position it
    /// was scattered under (`None` under the root).
    scattered_under: Option<Option<Value<'c, 'a>>>,
}

const UNALLOCATED: &str =
    "error: the position map of a located sparse row could not be allocated: its dimension is too large for this machine's memory\n";

impl<'c: 'a, 'a> Emitter<'c> {
    /// Allocates, cleared, the maps of the rows that `op`, a `cfir.while`, or
    /// the loops inside it locate and that no enclosing loop has a map for
    /// yet. Returns the rows whose maps are allocated here, for
    /// [`Emitter::free_position_maps`] after the loop.
    pub(super) fn allocate_position_maps(
        &self,
        op: OperationRef<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<Vec<LevelId>, LowerError> {
        let mut allocated = Vec::new();
        for id in self.located_rows(op, scope) {
            if scope.position_maps.contains_key(&id) {
                continue;
            }
            let buffers = scope.tensor(id.tensor);
            let size = buffers.level_size(id.level)?;
            let width = buffers.format().levels[id.level].pos_width;
            let element = if width >= 64 { Type::index(self.context) } else { IntegerType::new(self.context, width).into() };
            let map = self.alloc_sized(place, element, size);
            self.check_allocated(place, map, size, UNALLOCATED)?;
            // Every loop that scatters a row clears it before its iteration
            // ends: on threads, each can have a copy of its own.
            if let Some(made) = defining_op(map) {
                crate::ir::edit(made).set_attribute(crate::parallelize_outer_loops::SCRATCH, Attribute::unit(self.context));
            }
            let zero = self.index(place, 0);
            self.for_each(place, size, |body, at| self.store_index(Place::End(body), zero, map, at));
            scope.position_maps.insert(id, PositionMap { map, scattered_under: None });
            allocated.push(id);
        }
        Ok(allocated)
    }

    /// Frees the maps [`Emitter::allocate_position_maps`] allocated.
    pub(super) fn free_position_maps(&self, allocated: &[LevelId], place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) {
        for id in allocated {
            if let Some(map) = scope.position_maps.shift_remove(id) {
                place.put(memref::dealloc(map.map, self.location));
            }
        }
    }

    /// Scatters, before `op`, each row that `op` or the loops inside it
    /// locate, that no enclosing loop scattered, and whose parent is fixed
    /// here. Returns those rows, for [`Emitter::clear_rows`] after the loop.
    pub(super) fn scatter_rows(
        &self,
        op: OperationRef<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &mut Scope<'c, 'a>,
    ) -> Result<Vec<LevelId>, LowerError> {
        let mut scattered = Vec::new();
        for id in self.located_rows(op, scope) {
            let Some(&map) = scope.position_maps.get(&id) else { continue };
            let parent = self.parent(Leaf::Level(id, None), scope);
            let Some(under) = fixed_parent(parent) else { continue };
            if map.scattered_under.is_some() {
                continue;
            }
            self.each_stored(id, parent, place, scope, |body, position, coordinate| {
                let one = self.index(body, 1);
                self.store_index(body, self.add(body, position, one), map.map, coordinate);
            })?;
            scope.position_maps.insert(id, PositionMap { scattered_under: Some(under), ..map });
            scattered.push(id);
        }
        Ok(scattered)
    }

    /// Clears, after the loop, the rows [`Emitter::scatter_rows`] scattered
    /// before it.
    pub(super) fn clear_rows(&self, scattered: &[LevelId], place: Place<'c, 'a>, scope: &mut Scope<'c, 'a>) -> Result<(), LowerError> {
        for &id in scattered {
            let Some(&map) = scope.position_maps.get(&id) else { continue };
            let parent = self.parent(Leaf::Level(id, None), scope);
            self.each_stored(id, parent, place, scope, |body, _, coordinate| {
                self.store_index(body, self.index(body, 0), map.map, coordinate);
            })?;
            scope.position_maps.insert(id, PositionMap { scattered_under: None, ..map });
        }
        Ok(())
    }

    /// `locate` of `coordinate` in the row of `id` under `parent`, when an
    /// enclosing loop scattered that row: where the map holds a position.
    pub(super) fn locate_scattered(
        &self,
        id: LevelId,
        parent: Parent<'c, 'a>,
        coordinate: Value<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &Scope<'c, 'a>,
    ) -> Option<Located<'c, 'a>> {
        let map = scope.position_maps.get(&id)?;
        if map.scattered_under.is_none() || map.scattered_under != fixed_parent(parent) {
            return None;
        }
        let entry = self.load_index(place, map.map, coordinate);
        let zero = self.index(place, 0);
        let stored = self.compare(place, CmpiPredicate::Ne, entry, zero);
        let position = self.sub(place, entry, self.index(place, 1));
        Some(Located { position, stored })
    }

    /// The compressed levels that `op` and the loops inside it locate, in
    /// the order they are first met: unique levels of a tensor read as
    /// stored (not through a view's window), which only a position map can
    /// locate. A loop or leaf this scope cannot read yet is not one to
    /// scatter for here; its own lowering reports what is wrong with it.
    fn located_rows(&self, op: OperationRef<'c, 'a>, scope: &Scope<'c, 'a>) -> Vec<LevelId> {
        let mut rows = Vec::new();
        for inner in collect(op, |op| cfir::While::of(op).is_some()) {
            let Some((located, _)) = cfir::While::of(inner).and_then(|view| view.binding_counts()) else { continue };
            for leaf in (1..=located).filter_map(|index| inner.operand(index).ok()) {
                if defining_op(leaf).and_then(sig::Level::of).is_none() {
                    continue;
                }
                let Ok(Leaf::Level(id, None)) = self.leaf(leaf, scope) else { continue };
                let buffers = scope.tensor(id.tensor);
                let Some(&level) = buffers.format().levels.get(id.level) else { continue };
                let compressed = matches!(level.kind, LevelKind::Compressed | LevelKind::LooseCompressed);
                if compressed && level.unique && buffers.slice_of(id.level).is_none() && !rows.contains(&id) {
                    rows.push(id);
                }
            }
        }
        rows
    }

    /// Builds `body(position, coordinate)` for each stored position of the
    /// row of `id` under `parent`.
    fn each_stored(
        &self,
        id: LevelId,
        parent: Parent<'c, 'a>,
        place: Place<'c, 'a>,
        scope: &Scope<'c, 'a>,
        body: impl Fn(Place<'c, 'a>, Value<'c, 'a>, Value<'c, 'a>),
    ) -> Result<(), LowerError> {
        let iterator = super::levels::stored_iterator(id, scope.tensor(id.tensor))?;
        let cursor = iterator.init(self, place, parent)?;
        let count = self.sub(place, cursor.end, cursor.position);
        self.for_each(place, count, |block, offset| {
            let here = Place::End(block);
            let position = self.add(here, cursor.position, offset);
            let coordinate = iterator.coordinate(self, here, cursor.at(position));
            body(here, position, coordinate);
        });
        Ok(())
    }
}

/// The parent position a row is fixed under (`None` at the root), or
/// `None` when no enclosing loop fixes it or it ends a run of equal
/// coordinates (a nonunique parent).
fn fixed_parent<'c, 'a>(parent: Parent<'c, 'a>) -> Option<Option<Value<'c, 'a>>> {
    match parent {
        Parent::Root => Some(None),
        Parent::At { position, segment_end: None } => Some(Some(position)),
        Parent::At { .. } | Parent::AtIfPresent { .. } | Parent::Unbound => None,
    }
}
