//! Result rows that a walk fills one step ahead of its writes filled before
//! it again, so that the walk may run on threads.
//!
//! `cfir-to-scf` fills the rows of an image-stationary convolution's dense
//! result as its walk over the image's rows first reaches each (row `p + k`
//! at the start of step `p`, `fill_in_place`), which keeps each row in the
//! cache from its fill to its taps; the stores of those fills are marked
//! [`FILLED_AHEAD`]. An iteration that stores at `p + k` is not one whose
//! writes this pass can tell apart from the others' (nor does a reduction
//! into per-thread copies hold a fill), so before anything else the nest of
//! each such fill leaves its walk (with its frontier, the cell
//! [`FILL_FRONTIER`] holding the first row not filled yet, where the walk is
//! over stored coordinates) and a loop before the walk fills the whole
//! result, as it did before `fill_in_place` moved it: the loop that filled
//! the rows past the walk's last step ([`FILLED_PAST_WALK`]), from row 0, or
//! a new one where canonicalization folded that loop away. That loop and
//! the walk are then candidates like any other. A walk known to run fewer iterations
//! than a parallel loop needs (counting its loops but the fill's) stays
//! sequential anyway, and keeps its fill; so does one whose fill does not
//! have the shape `cfir-to-scf` gives it (a constant stored into a fresh
//! buffer by loops directly inside the walk that do nothing else).

use crate::cfir_to_scf::Emitter;
use crate::ir::{defined_inside, defining_op, erase, erase_unused, is_within, name, viewed};
use crate::place::Place;
use melior::{
    dialect::{arith, memref},
    ir::{
        operation::{OperationLike, OperationMutLike},
        r#type::{DimSize, MemRefType},
        Attribute, OperationRef, ShapedTypeLike, Value, ValueLike,
    },
    Context,
};

/// The attribute that marks a `memref.store` of a result's fill in a row
/// that a walk reaches ahead of its writes.
pub const FILLED_AHEAD: &str = "sparse.filled_ahead";

/// Moves each fill ahead of a walk in `module` to a loop over its whole
/// result before the walk (see the module's doc), where the walk may run
/// on threads: not where it is known to run fewer iterations than a
/// parallel loop needs (`least`, or as its other loops set it), which
/// keeps it sequential anyway.
pub(super) fn fill_before_walks<'c>(module: OperationRef<'c, '_>, least: Option<i64>, context: &'c Context) -> Result<(), String> {
    // Each fill's nest once, all found before any is moved.
    let mut fills: Vec<Fill> = Vec::new();
    for store in crate::ir::collect(module, |op| name(op) == "memref.store" && op.attribute(FILLED_AHEAD).is_ok()) {
        match Fill::of(store) {
            Some(fill) if !fills.iter().any(|known| known.nest == fill.nest) => fills.push(fill),
            _ => {}
        }
    }
    for fill in fills {
        let Some(counted) = super::counted(fill.walk) else { continue };
        let least = least.unwrap_or_else(|| super::least_iterations(fill.walk, Some(fill.nest)));
        if super::trip_count(&counted).is_some_and(|iterations| iterations < least) {
            continue;
        }
        let location = fill.walk.location();
        let build = Emitter::new(context, location);
        // The loop before the walk that fills the rows past it fills them
        // all; without one, a new loop does.
        match past_walk(fill.walk, fill.buffer) {
            Some(past) => {
                let place = Place::before(past).ok_or("a fill outside any block")?;
                let from = past.operand(0).map_err(|_| "a loop without its bounds")?;
                crate::ir::edit(past).set_operand(0, build.index(place, 0));
                erase_unused(vec![from], |op| name(op).starts_with("arith."));
            }
            None => {
                let place = Place::before(fill.walk).ok_or("a walk outside any block")?;
                let value = place.value(arith::constant(context, fill.value, location));
                let size = match MemRefType::try_from(fill.buffer.r#type()).ok().and_then(|r#type| r#type.dim_size(0).ok()) {
                    Some(DimSize::Static(size)) => build.index(place, size as i64),
                    _ => place.value(memref::dim(fill.buffer, build.index(place, 0), location)),
                };
                build.for_range(place, build.index(place, 0), size, |body, index| build.store(Place::End(body), value, fill.buffer, index));
            }
        }
        fill.erase()?;
    }
    Ok(())
}

/// The attribute that marks the `memref.store` of a result's fill in the
/// rows past a walk's last step, which no step fills: in an `scf.for` over
/// them (from that row's first component to the result's end) before it.
pub const FILLED_PAST_WALK: &str = "sparse.filled_past_walk";

/// The loop before `walk`, in its block, that fills the rows of `buffer`
/// past it ([`FILLED_PAST_WALK`]).
fn past_walk<'c, 'a>(walk: OperationRef<'c, 'a>, buffer: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let block = walk.block()?;
    let fills_past = |op: &OperationRef| {
        name(*op) == "scf.for"
            && crate::ir::collect(*op, |inner| {
                name(inner) == "memref.store" && inner.attribute(FILLED_PAST_WALK).is_ok() && inner.operand(1).ok() == Some(buffer)
            })
            .len()
                == 1
    };
    crate::ir::block_ops(block).into_iter().take_while(|&op| op != walk).find(fills_past)
}

/// The attribute that marks the `memref.alloca` of a fill's frontier: the
/// cell holding the first row a walk over stored coordinates has not filled
/// yet (and the walk, whose lowering sets it to 0).
pub const FILL_FRONTIER: &str = "sparse.fill_frontier";

/// Whether `memref` is a cell marked [`FILL_FRONTIER`].
fn is_frontier(memref: Value) -> bool {
    defining_op(memref).is_some_and(|op| name(op) == "memref.alloca" && op.attribute(FILL_FRONTIER).is_ok())
}

/// A fill ahead of a walk, as `cfir-to-scf` makes it.
struct Fill<'c, 'a> {
    /// The loop around it in its buffer's allocation's block.
    walk: OperationRef<'c, 'a>,
    /// The loop around it directly inside the walk: the fill of a row and
    /// the computing of its bounds, nothing else.
    nest: OperationRef<'c, 'a>,
    buffer: Value<'c, 'a>,
    value: Attribute<'c>,
}

impl<'c, 'a> Fill<'c, 'a> {
    /// Erases the nest from the walk. The row's bounds, computed for the
    /// nest alone, go with it; so does the frontier of a walk over stored
    /// coordinates that the nest fills from (its stores in the walk, what
    /// they store, its loads, and the cell once only its first store is
    /// left).
    fn erase(self) -> Result<(), String> {
        let ops = crate::ir::collect(self.nest, |_| true);
        let mut read: Vec<Value> = ops.iter().flat_map(|op| op.operands()).filter(|&value| !defined_inside(value, self.nest)).collect();
        let frontier_load = |op: OperationRef| name(op) == "memref.load" && op.operand(0).is_ok_and(is_frontier);
        let cells: Vec<Value> =
            read.iter().filter_map(|&value| defining_op(value).filter(|op| frontier_load(*op))?.operand(0).ok()).collect();
        for store in crate::ir::collect(self.walk, |op| name(op) == "memref.store" && op.operand(1).is_ok_and(|cell| cells.contains(&cell)))
        {
            read.extend(store.operands());
            erase(store).map_err(|_| "a store of a fill's frontier that is used")?;
        }
        erase(self.nest).map_err(|_| "a fill ahead of a walk whose nest is still used")?;
        let in_walk = |op: OperationRef| op.parent_operation().is_some_and(|parent| is_within(parent, self.walk));
        erase_unused(read, |op| (name(op).starts_with("arith.") || frontier_load(op)) && in_walk(op));
        for cell in cells {
            let Some(allocation) = defining_op(cell) else { continue };
            let users = crate::ir::users(cell);
            if users.iter().all(|user| name(*user) == "memref.store") {
                for user in users {
                    erase(user).map_err(|_| "a store of a fill's frontier that is used")?;
                }
                erase(allocation).map_err(|_| "a fill's frontier that is still used")?;
            }
        }
        Ok(())
    }

    /// The fill that the marked `store` belongs to, where it has the shape
    /// `cfir-to-scf` gives it: a constant stored in a fresh buffer by loops
    /// directly inside a walk, which hold index arithmetic, loops and the
    /// stores of that constant into that buffer only.
    fn of(store: OperationRef<'c, 'a>) -> Option<Self> {
        let (stored, buffer) = (store.operand(0).ok()?, store.operand(1).ok()?);
        let value = defining_op(stored).filter(|op| name(*op) == "arith.constant")?.attribute("value").ok()?;
        let allocation = defining_op(viewed(buffer))?;
        let ancestors: Vec<OperationRef> = std::iter::successors(store.parent_operation(), |op| op.parent_operation()).collect();
        let at = ancestors.iter().position(|op| op.block() == allocation.block())?;
        let (walk, nest) = (*ancestors.get(at)?, *ancestors.get(at.checked_sub(1)?)?);
        let is_loop = |op: OperationRef| matches!(name(op).as_str(), "scf.for" | "scf.while");
        let fills_only = |op: &OperationRef| match name(*op).as_str() {
            "memref.store" => {
                op.attribute(FILLED_AHEAD).is_ok() && op.operand(0).ok() == Some(stored) && op.operand(1).ok() == Some(buffer)
            }
            other => other.starts_with("arith.") || matches!(other, "scf.for" | "scf.while" | "scf.condition" | "scf.yield"),
        };
        (is_loop(walk) && is_loop(nest) && crate::ir::collect(nest, |_| true).iter().all(fills_only)).then_some(Fill {
            walk,
            nest,
            buffer,
            value,
        })
    }
}
