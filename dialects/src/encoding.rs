//! Tensor encodings: `#arr.encoding<[levels], fill, dim_to_lvl>`.
//!
//! A tensor is a list of levels plus values and a fill value (paper 000 §4.1):
//! the fill is the value every unstored component has, and it is part of the
//! format. Level kinds are TACO's (dense, compressed, singleton) and Finch's
//! structured ones (paper 002). Upstream `#sparse_tensor.encoding` is accepted
//! elsewhere in the pipeline with fill 0; this module owns only ours.

use crate::params::dynamic_attribute;
use melior::{
    ir::{
        attribute::{ArrayAttribute, AttributeLike, DictionaryAttribute, IntegerAttribute, StringAttribute},
        r#type::RankedTensorType,
        AffineMap, Attribute, ShapedTypeLike,
    },
    Context,
};
use sparse_formats::{DimPart, Format, FormatError, Level, LevelError, LevelKind, PropertyValue};
use std::fmt::Write;

/// Prints `level` as `#arr.level<"kind", {properties}>`, with only the
/// properties its kind accepts (a width of a buffer it does not have is
/// meaningless).
fn print_level(level: &Level, out: &mut String) {
    let properties = level
        .properties()
        .into_iter()
        .filter(|(name, _)| level.capabilities().properties.contains(name))
        .map(|(name, value)| match value {
            PropertyValue::Integer(width) => format!("{name} = {width} : i64"),
            _ => name.to_string(),
        })
        .collect::<Vec<_>>();
    let _ = write!(out, "#arr.level<\"{}\", {{{}}}>", level.kind.name(), properties.join(", "));
}

/// A broken encoding; the message is the diagnostic.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EncodingError {
    #[error("#{0} is not a tensor encoding; use #arr.encoding")]
    NotEncoding(String),
    #[error(transparent)]
    Level(#[from] LevelError),
    #[error("encoding parameter {0} is malformed: expected {1}")]
    Malformed(usize, &'static str),
    #[error("encoding has {levels} levels but dim_to_lvl has {results} results")]
    LevelCount { levels: usize, results: usize },
    #[error("dim_to_lvl has {dims} dimensions but the tensor has rank {rank}")]
    Rank { dims: usize, rank: usize },
    #[error("dim_to_lvl must map each dimension to one level, or to two as `d floordiv b` and `d mod b` (blocks)")]
    NotPermutation,
    #[error("fill value {fill} does not have the element type {element}")]
    FillType { fill: String, element: String },
    #[error(transparent)]
    Format(#[from] FormatError),
    #[error("unsupported sparse_tensor encoding: {0}")]
    Upstream(String),
    #[error("element type {0} has no zero to serve as fill value")]
    NoZero(String),
}

/// Whether `attribute` is upstream's `#sparse_tensor.encoding`.
pub fn is_upstream(attribute: Attribute) -> bool {
    // SAFETY: `attribute` is a live attribute; the call only reads its type id.
    unsafe { mlir_sys::mlirAttributeIsASparseTensorEncodingAttr(attribute.to_raw()) }
}

/// A tensor's storage format, in plain data.
#[derive(Clone, Debug, PartialEq)]
pub struct Encoding<'c> {
    /// The levels and the dimension each stores.
    pub format: Format,
    /// The value of every unstored component.
    pub fill: Attribute<'c>,
}

impl<'c> Encoding<'c> {
    /// Reads `tensor`'s encoding: `Ok(None)` when it has none of ours.
    pub fn of(tensor: RankedTensorType<'c>) -> Result<Option<Self>, EncodingError> {
        let Some(attribute) = tensor.encoding() else { return Ok(None) };
        let Some(split) = dynamic_attribute(attribute) else { return Ok(None) };
        if split.name != "arr.encoding" {
            return Err(EncodingError::NotEncoding(split.name));
        }
        let [levels, fill, dim_to_lvl] = split.parameters[..] else {
            return Err(EncodingError::Malformed(0, "[levels], fill, dim_to_lvl"));
        };
        let levels = ArrayAttribute::try_from(levels).map_err(|_| EncodingError::Malformed(0, "an array of levels"))?;
        let mut levels: Vec<Attribute> = (0..levels.len()).map(|index| levels.element(index).expect("index is in range")).collect();
        // Finch's Pattern leaf closes the list: it stores no dimension.
        let pattern = levels.last().is_some_and(|&last| is_pattern(last));
        if pattern {
            levels.pop();
        }
        let levels = levels.into_iter().map(read_level).collect::<Result<Vec<_>, _>>()?;
        let map = affine_map(dim_to_lvl).ok_or(EncodingError::Malformed(2, "an affine map"))?;
        let mut format = check_structure(levels, &dim_parts(map), map.dim_count(), tensor.rank())?;
        format.pattern = pattern;
        format.validate()?;
        let element = tensor.element();
        if fill.r#type() != element {
            return Err(EncodingError::FillType { fill: fill.to_string(), element: element.to_string() });
        }
        Ok(Some(Self { format, fill }))
    }

    /// The format of any ranked tensor: ours, upstream's `#sparse_tensor.encoding`
    /// (fill 0), or none (every level dense, fill 0).
    pub fn of_any(tensor: RankedTensorType<'c>) -> Result<Self, EncodingError> {
        if let Some(encoding) = Self::of(tensor)? {
            return Ok(encoding);
        }
        let fill = crate::scalar::zero(tensor.element()).ok_or_else(|| EncodingError::NoZero(tensor.element().to_string()))?;
        match tensor.encoding() {
            Some(attribute) if is_upstream(attribute) => upstream(attribute, tensor.rank(), fill),
            Some(attribute) => Err(EncodingError::Upstream(format!("{attribute} is not a tensor encoding"))),
            None => Ok(Self { format: Format::dense(tensor.rank()), fill }),
        }
    }

    /// The `#arr.encoding` attribute of this format.
    pub fn to_attribute(&self, context: &'c Context) -> Attribute<'c> {
        let mut text = String::from("#arr.encoding<[");
        for (index, level) in self.format.levels.iter().enumerate() {
            if index > 0 {
                text.push_str(", ");
            }
            print_level(level, &mut text);
        }
        if self.format.pattern {
            let _ = write!(text, "{}{PATTERN}", if self.format.levels.is_empty() { "" } else { ", " });
        }
        let dims = (0..self.format.dims()).map(|d| format!("d{d}")).collect::<Vec<_>>().join(", ");
        let parts = self.format.parts();
        let levels = self
            .format
            .dim_to_lvl
            .iter()
            .map(|&expanded| match parts[expanded] {
                DimPart::Whole { dim } => format!("d{dim}"),
                DimPart::Block { dim, block } => format!("d{dim} floordiv {block}"),
                DimPart::Offset { dim, block } => format!("d{dim} mod {block}"),
            })
            .collect::<Vec<_>>()
            .join(", ");
        let _ = write!(text, "], {}, affine_map<({dims}) -> ({levels})>>", self.fill);
        Attribute::parse(context, &text).expect("a printed encoding parses back")
    }
}

/// What each result of a dimension-to-level map stores: a dimension `d`, its
/// block `d floordiv b` or its offset `d mod b` for a constant `b`, or `None`
/// for any other expression.
fn dim_parts(map: AffineMap) -> Vec<Option<DimPart>> {
    let part = |expr: melior::ir::AffineExpr| {
        if expr.is_dim() {
            return Some(DimPart::Whole { dim: expr.dim_position() });
        }
        let (lhs, rhs) = (expr.lhs(), expr.rhs());
        if !(expr.is_floor_div() || expr.is_mod()) || !lhs.is_dim() || !rhs.is_constant() {
            return None;
        }
        let (dim, block) = (lhs.dim_position(), usize::try_from(rhs.constant_value()).ok()?);
        Some(if expr.is_floor_div() { DimPart::Block { dim, block } } else { DimPart::Offset { dim, block } })
    };
    (0..map.result_count()).map(|index| map.result(index).ok().and_then(part)).collect()
}

/// Checks the level list against the dimension-to-level map, whose results are
/// given as what part of a dimension each one stores (`None` for any other
/// expression), then the levels' structure ([`Format::validate`]).
pub fn check_structure(levels: Vec<Level>, results: &[Option<DimPart>], map_dims: usize, rank: usize) -> Result<Format, EncodingError> {
    if levels.len() != results.len() {
        return Err(EncodingError::LevelCount { levels: levels.len(), results: results.len() });
    }
    if map_dims != rank {
        return Err(EncodingError::Rank { dims: map_dims, rank });
    }
    let parts = results.iter().copied().collect::<Option<Vec<_>>>().ok_or(EncodingError::NotPermutation)?;
    Format::from_parts(levels, &parts, rank).map_err(|error| match error {
        FormatError::NotPermutation(_) | FormatError::Parts { .. } => EncodingError::NotPermutation,
        other => other.into(),
    })
}

/// Whether upstream's `#sparse_tensor.encoding` of `tensor` stores `level`
/// apart (`singleton(soa)`): upstream keeps the coordinates of such a
/// level of a COO region in an array of their own, not interleaved with the
/// region's other coordinates. Our storage is always one array per level;
/// this only changes what upstream's views of it look like.
pub fn upstream_soa(tensor: RankedTensorType, level: usize) -> bool {
    const SOA: u64 = 0x4;
    tensor.encoding().is_some_and(|attribute| {
        let raw = attribute.to_raw();
        // SAFETY: `raw` is a live attribute; the level queries run only on a
        // sparse_tensor.encoding and a level within its rank.
        unsafe {
            mlir_sys::mlirAttributeIsASparseTensorEncodingAttr(raw)
                && level < mlir_sys::mlirSparseTensorEncodingGetLvlRank(raw) as usize
                && mlir_sys::mlirSparseTensorEncodingAttrGetLvlType(raw, level as isize) & SOA != 0
        }
    })
}

/// Whether `encoding` is upstream's `#sparse_tensor.encoding` with
/// dimension slices, the type of a `tensor.extract_slice` of a sparse tensor.
pub fn has_dimension_slices(encoding: Attribute) -> bool {
    encoding.to_string().contains("#sparse_tensor<slice(")
}

/// Reads upstream's `#sparse_tensor.encoding` through the C API.
fn upstream<'c>(attribute: Attribute<'c>, rank: usize, fill: Attribute<'c>) -> Result<Encoding<'c>, EncodingError> {
    const NON_UNIQUE: u64 = 0x1;
    const NON_ORDERED: u64 = 0x2;
    // The C API reads no dimension slices; a format read without them would
    // take a view for the whole tensor it views.
    if has_dimension_slices(attribute) {
        return Err(EncodingError::Upstream(
            "dimension slices (#sparse_tensor<slice(...)>, the type of a tensor.extract_slice of a sparse tensor); \
             a kernel reads a slice through arr.slice"
                .into(),
        ));
    }
    let raw = attribute.to_raw();
    // SAFETY: `raw` is a live sparse_tensor.encoding attribute.
    let (levels, map, pos_width, crd_width) = unsafe {
        let count = mlir_sys::mlirSparseTensorEncodingGetLvlRank(raw) as usize;
        let levels = (0..count)
            .map(|level| {
                let format = mlir_sys::mlirSparseTensorEncodingAttrGetLvlFmt(raw, level as isize);
                let properties = mlir_sys::mlirSparseTensorEncodingAttrGetLvlType(raw, level as isize);
                (format, properties)
            })
            .collect::<Vec<_>>();
        let map = AffineMap::from_raw(mlir_sys::mlirSparseTensorEncodingAttrGetDimToLvl(raw));
        let widths = (mlir_sys::mlirSparseTensorEncodingAttrGetPosWidth(raw), mlir_sys::mlirSparseTensorEncodingAttrGetCrdWidth(raw));
        (levels, map, widths.0, widths.1)
    };
    let width = |width: i32| if width == 0 { 64 } else { width as u32 };
    let levels = levels
        .into_iter()
        .map(|(format, properties)| {
            let kind = match format {
                mlir_sys::MlirSparseTensorLevelFormat_MLIR_SPARSE_TENSOR_LEVEL_DENSE => LevelKind::Dense,
                mlir_sys::MlirSparseTensorLevelFormat_MLIR_SPARSE_TENSOR_LEVEL_BATCH => LevelKind::Batch,
                mlir_sys::MlirSparseTensorLevelFormat_MLIR_SPARSE_TENSOR_LEVEL_COMPRESSED => LevelKind::Compressed,
                mlir_sys::MlirSparseTensorLevelFormat_MLIR_SPARSE_TENSOR_LEVEL_LOOSE_COMPRESSED => LevelKind::LooseCompressed,
                mlir_sys::MlirSparseTensorLevelFormat_MLIR_SPARSE_TENSOR_LEVEL_SINGLETON => LevelKind::Singleton,
                mlir_sys::MlirSparseTensorLevelFormat_MLIR_SPARSE_TENSOR_LEVEL_N_OUT_OF_M => LevelKind::Structured,
                _ => return Err(EncodingError::Upstream(format!("level format of {attribute}"))),
            };
            // SAFETY: `properties` is the level type the attribute returned.
            let n_of_m = (kind == LevelKind::Structured).then(|| unsafe {
                (
                    mlir_sys::mlirSparseTensorEncodingAttrGetStructuredN(properties),
                    mlir_sys::mlirSparseTensorEncodingAttrGetStructuredM(properties),
                )
            });
            // Upstream's widths are every level's; a level keeps those of
            // the buffers it has, so equal storage compares equal.
            let has = |property| kind.capabilities().properties.contains(&property);
            Ok(Level {
                kind,
                unique: properties & NON_UNIQUE == 0,
                ordered: properties & NON_ORDERED == 0,
                pos_width: if has("pos_width") { width(pos_width) } else { 64 },
                crd_width: if has("crd_width") { width(crd_width) } else { 64 },
                n_of_m,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let dims = if map.to_raw().ptr.is_null() { (0..rank).map(|dim| Some(DimPart::Whole { dim })).collect() } else { dim_parts(map) };
    let map_dims = if map.to_raw().ptr.is_null() { rank } else { map.dim_count() };
    let format = check_structure(levels, &dims, map_dims, rank).map_err(|error| EncodingError::Upstream(error.to_string()))?;
    Ok(Encoding { format, fill })
}

/// The leaf that stores no values, as the last entry of the level list.
const PATTERN: &str = "#arr.level<\"pattern\", {}>";

fn is_pattern(attribute: Attribute) -> bool {
    dynamic_attribute(attribute).is_some_and(|split| {
        split.name == "arr.level" && split.parameters.first().and_then(|&kind| crate::op::text_of(kind)) == Some("pattern")
    })
}

fn read_level(attribute: Attribute) -> Result<Level, EncodingError> {
    let malformed = || EncodingError::Malformed(0, "#arr.level<\"kind\", {properties}> levels");
    let split = dynamic_attribute(attribute).filter(|split| split.name == "arr.level").ok_or_else(malformed)?;
    let [kind, properties] = split.parameters[..] else { return Err(malformed()) };
    StringAttribute::try_from(kind).map_err(|_| malformed())?;
    let kind = crate::op::text_of(kind).ok_or_else(malformed)?;
    let properties = DictionaryAttribute::try_from(properties).map_err(|_| malformed())?;
    let properties = (0..properties.len())
        .map(|index| {
            let (name, value) = properties.element(index).expect("index is in range");
            let value = if value.is_unit() {
                PropertyValue::Unit
            } else if let Ok(integer) = IntegerAttribute::try_from(value) {
                PropertyValue::Integer(integer.value())
            } else {
                PropertyValue::Other
            };
            (name.as_string_ref().as_str().unwrap_or_default().to_string(), value)
        })
        .collect::<Vec<_>>();
    Ok(Level::from_parts(kind, &properties)?)
}

/// The affine map held by an `affine_map<...>` attribute.
pub(crate) fn affine_map(attribute: Attribute) -> Option<AffineMap> {
    if !attribute.is_affine_map() {
        return None;
    }
    // SAFETY: the attribute is an affine map attribute of a live context.
    Some(unsafe { AffineMap::from_raw(mlir_sys::mlirAffineMapAttrGetValue(attribute.to_raw())) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::ir::{r#type::RankedTensorType, Type};

    #[test]
    fn structure_needs_a_permutation_and_coo_order() {
        let whole = |dim| Some(DimPart::Whole { dim });
        let csr = vec![Level::dense(), Level::compressed()];
        assert_eq!(check_structure(csr.clone(), &[whole(1), whole(0)], 2, 2).map(|f| f.dim_to_lvl), Ok(vec![1, 0]));
        assert_eq!(check_structure(csr.clone(), &[whole(0), whole(0)], 2, 2), Err(EncodingError::NotPermutation));
        assert_eq!(check_structure(csr.clone(), &[whole(0)], 2, 2), Err(EncodingError::LevelCount { levels: 2, results: 1 }));
        assert_eq!(check_structure(csr.clone(), &[whole(0), None], 2, 2), Err(EncodingError::NotPermutation));
        let halves = [Some(DimPart::Block { dim: 0, block: 2 }), Some(DimPart::Offset { dim: 0, block: 2 })];
        assert_eq!(check_structure(csr, &halves, 1, 1).map(|f| f.blocks), Ok(vec![2]));
        let mut coo = vec![Level::compressed(), Level::singleton()];
        assert_eq!(check_structure(coo.clone(), &[whole(0), whole(1)], 2, 2), Err(FormatError::SingletonParent(1).into()));
        coo[0].unique = false;
        assert!(check_structure(coo, &[whole(0), whole(1)], 2, 2).is_ok());
    }

    #[test]
    fn round_trips_through_its_attribute() {
        let context = crate::testing::context();
        let f64 = Type::float64(&context);
        let coo = Level { unique: false, crd_width: 32, ..Level::compressed() };
        let encoding = Encoding {
            format: Format { levels: vec![coo, Level::singleton()], dim_to_lvl: vec![1, 0], blocks: vec![1, 1], pattern: true },
            fill: Attribute::parse(&context, "1.0 : f64").unwrap(),
        };
        let tensor = RankedTensorType::new(&[3, 4], f64, Some(encoding.to_attribute(&context)));
        assert_eq!(Encoding::of(tensor), Ok(Some(encoding)));
        let wrong_fill = Encoding { format: Format::dense(1), fill: Attribute::parse(&context, "0 : i32").unwrap() };
        let tensor = RankedTensorType::new(&[3], f64, Some(wrong_fill.to_attribute(&context)));
        assert!(matches!(Encoding::of(tensor), Err(EncodingError::FillType { .. })));
    }

    #[test]
    fn reads_upstream_and_dense_tensors_with_fill_zero() {
        let context = crate::testing::context();
        let csc = Type::parse(
            &context,
            "tensor<3x4xf32, #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed(nonunique)), crdWidth = 32}>>",
        )
        .unwrap();
        let csc = Encoding::of_any(RankedTensorType::try_from(csc).unwrap()).unwrap();
        assert_eq!(csc.format.dim_to_lvl, vec![1, 0]);
        assert_eq!(csc.format.levels, vec![Level::dense(), Level { unique: false, crd_width: 32, ..Level::compressed() }]);
        assert_eq!(csc.fill.to_string(), "0.000000e+00 : f32");
        let bsr = Type::parse(
            &context,
            "tensor<4x6xf64, #sparse_tensor.encoding<{map = (i, j) -> (i floordiv 2 : dense, j floordiv 3 : compressed, i mod 2 : dense, j mod 3 : dense)}>>",
        )
        .unwrap();
        let bsr = Encoding::of_any(RankedTensorType::try_from(bsr).unwrap()).unwrap();
        assert_eq!((bsr.format.blocks.clone(), bsr.format.dim_to_lvl.clone()), (vec![2, 3], vec![0, 2, 1, 3]));
        let ours = RankedTensorType::new(&[4, 6], Type::float64(&context), Some(bsr.to_attribute(&context)));
        assert!(ours.to_string().contains("affine_map<(d0, d1) -> (d0 floordiv 2, d1 floordiv 3, d0 mod 2, d1 mod 3)>"), "{ours}");
        assert_eq!(Encoding::of(ours), Ok(Some(bsr)));
        let nv24 = Type::parse(
            &context,
            "tensor<3x8xf64, #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]), crdWidth = 8}>>",
        )
        .unwrap();
        let nv24 = Encoding::of_any(RankedTensorType::try_from(nv24).unwrap()).unwrap();
        assert_eq!(nv24.format.levels, [Level::dense(), Level::dense(), Level { crd_width: 8, ..Level::structured(2, 4) }]);
        let ours = RankedTensorType::new(&[3, 8], Type::float64(&context), Some(nv24.to_attribute(&context)));
        assert!(ours.to_string().contains(r#"#arr.level<"structured", {crd_width = 8 : i64, m = 4 : i64, n = 2 : i64}>"#), "{ours}");
        assert_eq!(Encoding::of(ours), Ok(Some(nv24)));
        let loose = Type::parse(
            &context,
            "tensor<5x4xf64, #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : loose_compressed), posWidth = 32}>>",
        )
        .unwrap();
        let loose = Encoding::of_any(RankedTensorType::try_from(loose).unwrap()).unwrap();
        assert_eq!(loose.format.levels, [Level::dense(), Level { pos_width: 32, ..Level::new(LevelKind::LooseCompressed) }]);
        let dense = Encoding::of_any(RankedTensorType::new(&[2, 2, 2], Type::parse(&context, "i64").unwrap(), None)).unwrap();
        assert_eq!((dense.format, dense.fill.to_string()), (Format::dense(3), "0 : i64".to_string()));
    }
}
