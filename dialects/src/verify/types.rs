//! Encodings of every tensor type an op defines (results and block arguments).

use super::Check;
use crate::encoding::Encoding;
use melior::ir::{
    block::BlockLike,
    operation::OperationLike,
    r#type::{DimSize, RankedTensorType},
    OperationRef, RegionLike, ShapedTypeLike, Type, ValueLike,
};
use sparse_formats::DimPart;

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

/// The type's encoding is valid, and each dimension it stores in blocks,
/// of a static size, holds whole blocks (a partial block's entries would
/// have no place: the size is read as the blocks' sizes).
fn check_type(r#type: Type) -> Check {
    let Ok(tensor) = RankedTensorType::try_from(r#type) else { return Ok(()) };
    Encoding::of(tensor).map_err(|error| format!("invalid encoding in {type}: {error}"))?;
    // Upstream's encodings too; one this pipeline cannot read is refused
    // where it is used, with its own message.
    let Ok(encoding) = Encoding::of_any(tensor) else { return Ok(()) };
    for part in encoding.format.parts() {
        let DimPart::Block { dim, block } = part else { continue };
        if let Ok(DimSize::Static(size)) = tensor.dim_size(dim) {
            if size % block as u64 != 0 {
                return Err(format!(
                    "dimension {dim} of {type} has size {size}, which is not a multiple of the blocks of {block} its encoding stores it in"
                ));
            }
        }
    }
    Ok(())
}
