//! What the builders and accessors of all three dialects share: creating an op
//! from its parts, reading typed attributes, and the typed op views.

use crate::encoding::affine_map;
use melior::{
    ir::{
        attribute::{ArrayAttribute, AttributeLike, DenseI64ArrayAttribute, FlatSymbolRefAttribute, IntegerAttribute, StringAttribute},
        block::BlockArgument,
        operation::{OperationBuilder, OperationLike, OperationResult},
        AffineMap, Attribute, Identifier, Location, Operation, OperationRef, Region, RegionLike, Type, Value, ValueLike,
    },
    Error,
};

// Builders take only a location, as MLIR's do; melior's constructors want a
// `&Context`, which a location cannot lend for its own lifetime, so the few
// attributes and types the builders make are made here from the raw context.

fn raw_context(location: Location) -> mlir_sys::MlirContext {
    // SAFETY: the location belongs to a live context.
    unsafe { mlir_sys::mlirLocationGetContext(location.to_raw()) }
}

fn string_ref(text: &str) -> mlir_sys::MlirStringRef {
    melior::StringRef::new(text).to_raw()
}

pub(crate) fn identifier<'c>(location: Location<'c>, name: &str) -> Identifier<'c> {
    // SAFETY: the identifier lives in the location's context.
    unsafe { Identifier::from_raw(mlir_sys::mlirIdentifierGet(raw_context(location), string_ref(name))) }
}

pub(crate) fn i64_attribute<'c>(location: Location<'c>, value: i64) -> Attribute<'c> {
    // SAFETY: every handle is made in, and lives in, the location's context.
    unsafe {
        let i64 = mlir_sys::mlirIntegerTypeGet(raw_context(location), 64);
        Attribute::from_raw(mlir_sys::mlirIntegerAttrGet(i64, value))
    }
}

pub(crate) fn symbol_attribute<'c>(location: Location<'c>, name: &str) -> Attribute<'c> {
    // SAFETY: the attribute lives in the location's context.
    unsafe { Attribute::from_raw(mlir_sys::mlirFlatSymbolRefAttrGet(raw_context(location), string_ref(name))) }
}

pub(crate) fn unit_attribute(location: Location) -> Attribute {
    // SAFETY: `raw_context` is the live context of a live location, for
    // which `mlirUnitAttrGet` returns its (never null) unit attribute, which
    // lives as long as that context, as the lifetime of `Location` says.
    unsafe { Attribute::from_raw(mlir_sys::mlirUnitAttrGet(raw_context(location))) }
}

pub(crate) fn string_attribute<'c>(location: Location<'c>, text: &str) -> Attribute<'c> {
    // SAFETY: the attribute lives in the location's context.
    unsafe { Attribute::from_raw(mlir_sys::mlirStringAttrGet(raw_context(location), string_ref(text))) }
}

pub(crate) fn array_attribute<'c>(location: Location<'c>, elements: &[Attribute<'c>]) -> Attribute<'c> {
    let raw = elements.iter().map(|element| element.to_raw()).collect::<Vec<_>>();
    // SAFETY: the elements and the array live in the location's context.
    unsafe { Attribute::from_raw(mlir_sys::mlirArrayAttrGet(raw_context(location), raw.len() as isize, raw.as_ptr())) }
}

pub(crate) fn i64_array<'c>(location: Location<'c>, values: &[i64]) -> Attribute<'c> {
    // SAFETY: the attribute lives in the location's context.
    unsafe { Attribute::from_raw(mlir_sys::mlirDenseI64ArrayGet(raw_context(location), values.len() as isize, values.as_ptr())) }
}

pub(crate) fn i32_array<'c>(location: Location<'c>, values: &[i32]) -> Attribute<'c> {
    // SAFETY: the attribute lives in the location's context.
    unsafe { Attribute::from_raw(mlir_sys::mlirDenseI32ArrayGet(raw_context(location), values.len() as isize, values.as_ptr())) }
}

/// Parses a type in the location's context (`None` if it does not parse).
pub(crate) fn parse_type<'c>(location: Location<'c>, text: &str) -> Option<Type<'c>> {
    // SAFETY: the type lives in the location's context; a null result is checked.
    let raw = unsafe { mlir_sys::mlirTypeParseGet(raw_context(location), string_ref(text)) };
    (!raw.ptr.is_null()).then(|| unsafe { Type::from_raw(raw) })
}

/// Parses an attribute in the context of `like` (`None` if it does not parse).
pub(crate) fn parse_attribute_like<'c>(like: Attribute<'c>, text: &str) -> Option<Attribute<'c>> {
    // SAFETY: the attribute lives in `like`'s context; a null result is checked.
    unsafe {
        let context = mlir_sys::mlirAttributeGetContext(like.to_raw());
        let raw = mlir_sys::mlirAttributeParseGet(context, string_ref(text));
        (!raw.ptr.is_null()).then(|| Attribute::from_raw(raw))
    }
}

/// The `affine_map<...>` attribute holding `map`.
pub(crate) fn map_attribute(map: AffineMap) -> Attribute {
    // SAFETY: the map belongs to a live context.
    unsafe { Attribute::from_raw(mlir_sys::mlirAffineMapAttrGet(map.to_raw())) }
}

/// The parts of one op, in the order IRDL declares them.
#[derive(Default)]
pub(crate) struct Parts<'c, 'v, 'a> {
    pub operands: &'v [Value<'c, 'a>],
    pub results: &'v [Type<'c>],
    pub attributes: Vec<(&'static str, Attribute<'c>)>,
    pub regions: Vec<Region<'c>>,
}

pub(crate) fn build<'c>(name: &str, location: Location<'c>, parts: Parts<'c, '_, '_>) -> Result<Operation<'c>, Error> {
    let attributes = parts.attributes.into_iter().map(|(name, value)| (identifier(location, name), value)).collect::<Vec<_>>();
    OperationBuilder::new(name, location)
        .add_operands(parts.operands)
        .add_results(parts.results)
        .add_attributes(&attributes)
        .add_regions_vec(parts.regions)
        .build()
}

/// `value` as an op's result; `None` for a block's argument. Every
/// conversion of a `Value` goes through this or [`block_argument`]: melior's
/// failed `try_from` prints the value into its error, and an op's result
/// prints as the whole op that defines it, after verifying the whole IR
/// around it (slow on a large loop or function, and a crash inside MLIR
/// where that IR is a copy not yet in place).
pub fn op_result<'c, 'a>(value: Value<'c, 'a>) -> Option<OperationResult<'c, 'a>> {
    value.is_operation_result().then(|| OperationResult::try_from(value).ok()).flatten()
}

/// The op that defines `value`; `None` for a block's argument.
pub fn defining_op<'c, 'a>(value: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    op_result(value).map(|result| result.owner())
}

/// `value` as a block's argument; `None` for an op's result (see [`op_result`]).
pub fn block_argument<'c, 'a>(value: Value<'c, 'a>) -> Option<BlockArgument<'c, 'a>> {
    value.is_block_argument().then(|| BlockArgument::try_from(value).ok()).flatten()
}

/// The op's name as a string.
pub fn name_of<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>) -> String {
    op.name().as_string_ref().as_str().unwrap_or_default().to_string()
}

pub(crate) fn integer<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>, name: &str) -> Option<i64> {
    IntegerAttribute::try_from(op.attribute(name).ok()?).ok().map(|attribute| attribute.value())
}

pub(crate) fn map<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>, name: &str) -> Option<AffineMap<'c>> {
    affine_map(op.attribute(name).ok()?)
}

/// The text of a string or flat symbol reference attribute. Unlike melior's
/// `value()`, it reads an empty text (`""`, `@""`), whose data pointer MLIR
/// may leave null, as the empty string instead of an invalid slice.
pub fn text_of<'c>(attribute: Attribute<'c>) -> Option<&'c str> {
    // SAFETY: each getter is called only on an attribute of its kind, and
    // the text it returns lives as long as the attribute's context.
    let raw = unsafe {
        if mlir_sys::mlirAttributeIsAString(attribute.to_raw()) {
            mlir_sys::mlirStringAttrGetValue(attribute.to_raw())
        } else if mlir_sys::mlirAttributeIsAFlatSymbolRef(attribute.to_raw()) {
            mlir_sys::mlirFlatSymbolRefAttrGetValue(attribute.to_raw())
        } else {
            return None;
        }
    };
    if raw.length == 0 {
        return Some("");
    }
    // SAFETY: a non-empty text has a valid pointer to `length` bytes.
    let bytes = unsafe { std::slice::from_raw_parts(raw.data as *const u8, raw.length) };
    std::str::from_utf8(bytes).ok()
}

/// The string attribute `name` of `op`.
pub fn string<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>, name: &str) -> Option<&'c str> {
    let attribute = op.attribute(name).ok()?;
    StringAttribute::try_from(attribute).ok()?;
    text_of(attribute)
}

pub(crate) fn symbol<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>, name: &str) -> Option<&'c str> {
    let attribute = op.attribute(name).ok()?;
    FlatSymbolRefAttribute::try_from(attribute).ok()?;
    text_of(attribute)
}

/// An array of flat symbol references; `None` if any element is not one.
pub(crate) fn symbols<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>, name: &str) -> Option<Vec<&'c str>> {
    let array = ArrayAttribute::try_from(op.attribute(name).ok()?).ok()?;
    (0..array.len())
        .map(|index| array.element(index).ok().filter(|element| FlatSymbolRefAttribute::try_from(*element).is_ok()).and_then(text_of))
        .collect()
}

pub(crate) fn dense_i64s<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>, name: &str) -> Option<Vec<i64>> {
    let array = DenseI64ArrayAttribute::try_from(op.attribute(name).ok()?).ok()?;
    (0..array.len()).map(|index| array.element(index).ok()).collect()
}

/// Defines a typed view of one op: `View::of(op)` is `Some` when `op` is it.
macro_rules! op_view {
    ($(#[$doc:meta])* $view:ident = $name:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $view<'c, 'a>(pub melior::ir::OperationRef<'c, 'a>);

        impl<'c, 'a> $view<'c, 'a> {
            pub const NAME: &'static str = $name;

            pub fn of(op: melior::ir::OperationRef<'c, 'a>) -> Option<Self> {
                (crate::op::name_of(&op) == $name).then_some(Self(op))
            }
        }
    };
}
pub(crate) use op_view;

/// The block of a single-block region of `op`.
pub(crate) fn body<'c, 'a>(op: OperationRef<'c, 'a>, region: usize) -> Option<melior::ir::BlockRef<'c, 'a>> {
    op.region(region).ok()?.first_block()
}

/// The terminator that ends every block of our regions ([`crate::YIELD`]),
/// yielding `values` to the parent op.
pub fn terminator<'c>(values: &[Value<'c, '_>], location: Location<'c>) -> Result<Operation<'c>, Error> {
    build(crate::YIELD, location, Parts { operands: values, ..Parts::default() })
}

pub(crate) fn dense_i32s<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>, name: &str) -> Option<Vec<i32>> {
    let array = melior::ir::attribute::DenseI32ArrayAttribute::try_from(op.attribute(name).ok()?).ok()?;
    (0..array.len()).map(|index| array.element(index).ok()).collect()
}
