//! Rules of the `cfir` dialect.

use super::{
    check_yield, ensure,
    sig::{check_load, check_store},
    Check,
};
use crate::cfir::{Alloc, Case, CaseKind, Reduce, Switch, While};
use crate::op::name_of;
use crate::{defining_op, op_result};
use melior::ir::{block::BlockLike, operation::OperationLike, r#type::RankedTensorType, OperationRef, ShapedTypeLike, ValueLike};

pub(super) fn check(op: OperationRef, name: &str) -> Check {
    match name {
        "cfir.while" => {
            let view = While::of(op).expect("name matched");
            let (located, sources) = view.binding_counts().ok_or("malformed operandSegmentSizes")?;
            ensure!(located == sources, "{located} located sequences but {sources} sources: each needs one");
            let unit = |attribute: melior::ir::Attribute| melior::ir::attribute::AttributeLike::is_unit(&attribute);
            ensure!(op.attribute(crate::cfir::MERGE).map_or(true, unit), "merge is a unit attribute");
            ensure!(op.attribute(crate::cfir::LEAVES_ONE).map_or(true, unit), "leaves_one is a unit attribute");
            ensure!(op.attribute(crate::cfir::LEAVES_ONE).is_err() || view.until().merges(), "leaves_one stops a merge: it needs merge");
            if view.until().merges() {
                let union = op.operand(0).ok().and_then(op_result).map(|made| name_of(&made.owner()));
                ensure!(located == 0, "a merge loop locates no sequence: it has {located}");
                ensure!(union.as_deref() == Some("sig.union"), "a merge loop iterates a sig.union");
            }
            check_yield(view.body(), &[], "the body of cfir.while")
        }
        "cfir.switch" => {
            let cases = Switch::of(op).and_then(|view| view.cases());
            check_yield(cases, &[], "the cases of cfir.switch")?;
            let mut count = 0;
            let mut child = cases.and_then(|block| block.first_operation());
            while let Some(current) = child.filter(|op| name_of(op) != crate::YIELD) {
                ensure!(Case::of(current).is_some(), "cfir.switch holds only cfir.case ops, found {}", name_of(&current));
                count += 1;
                child = current.next_in_block();
            }
            ensure!(count > 0, "cfir.switch needs at least one case");
            Ok(())
        }
        "cfir.case" => {
            let view = Case::of(op).expect("name matched");
            ensure!(op.parent_operation().and_then(Switch::of).is_some(), "cfir.case must be directly inside a cfir.switch");
            let kind = view.kind().ok_or("the case kind must be \"producer\" or \"omitter\"")?;
            check_yield(view.body(), &[], "the body of cfir.case")?;
            let only_terminator = view.body().and_then(|body| body.first_operation()).is_some_and(|first| name_of(&first) == crate::YIELD);
            ensure!(kind != CaseKind::Omitter || only_terminator, "an omitter case computes nothing: its body holds only {}", crate::YIELD);
            Ok(())
        }
        "cfir.assign" => check_store(op, None, false),
        "cfir.reduce" => check_store(op, Reduce::of(op).and_then(|view| view.function()), true),
        "cfir.alloc" => {
            let tensor =
                RankedTensorType::try_from(Alloc::of(op).expect("name matched").0.result(0).map_err(|_| "missing result")?.r#type())
                    .map_err(|_| "cfir.alloc makes a ranked tensor")?;
            let dynamic =
                (0..tensor.rank()).filter(|&dim| !matches!(tensor.dim_size(dim), Ok(melior::ir::r#type::DimSize::Static(_)))).count();
            ensure!(op.operand_count() == dynamic, "{} sizes for a tensor with {dynamic} dynamic dimensions", op.operand_count());
            Ok(())
        }
        "cfir.access" => {
            check_load(op)?;
            // A leaf made by `sig.level` is a level of the tensor read.
            for leaf in op.operands().skip(1) {
                let made = defining_op(leaf).filter(|made| name_of(made) == "sig.level");
                if let Some(level) = made {
                    ensure!(level.operand(0).ok() == op.operand(0).ok(), "a leaf is a sig.level of another tensor than the one read");
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}
