//! Encodings of every tensor type an op defines (results and block arguments).

use super::Check;
use crate::encoding::Encoding;
use melior::ir::{block::BlockLike, operation::OperationLike, r#type::RankedTensorType, OperationRef, RegionLike, Type, ValueLike};

pub(super) fn check(op: OperationRef) -> Check {
    for result in op.results() {
        check_type(result.r#type())?;
    }
    for region in op.regions() {
        let mut block = region.first_block();
        while let Some(current) = block {
            for index in 0..current.argument_count() {
                check_type(current.argument(index).expect("in range").r#type())?;
            }
            block = current.next_in_region();
        }
    }
    Ok(())
}

fn check_type(r#type: Type) -> Check {
    match RankedTensorType::try_from(r#type) {
        Ok(tensor) => Encoding::of(tensor).map(|_| ()).map_err(|error| format!("invalid encoding in {type}: {error}")),
        Err(_) => Ok(()),
    }
}
