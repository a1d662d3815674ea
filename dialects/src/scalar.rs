//! Scalars of a tensor's element type: the typed attributes of its zero and
//! one (fill values, identities), and the op that makes such an attribute a
//! value. Integers, `index` and floats use `arith`; complex numbers, whose
//! attribute is `#complex.number<:f64 re, im>`, use `complex.constant`.

use melior::{
    dialect::arith,
    ir::{
        attribute::{ArrayAttribute, FloatAttribute, IntegerAttribute},
        operation::OperationBuilder,
        Attribute, Identifier, Location, Operation, Type, TypeLike,
    },
    Context, StringRef,
};

/// The element type of `complex<T>`, `T`; `None` for any other type.
pub fn complex_part(r#type: Type) -> Option<Type> {
    // SAFETY: the type is live; its element type lives in the same context.
    unsafe {
        mlir_sys::mlirTypeIsAComplex(r#type.to_raw()).then(|| Type::from_raw(mlir_sys::mlirComplexTypeGetElementType(r#type.to_raw())))
    }
}

/// The value `re + im·i` of `r#type` as a typed attribute: an integer, index
/// or float attribute (`im` must then be 0), or `#complex.number`.
pub fn number<'c>(r#type: Type<'c>, re: f64, im: f64) -> Option<Attribute<'c>> {
    // The attributes are made in the type's context through the C API:
    // melior's constructors take `&Context`, which a `Type` can lend only
    // through a `ContextRef` that would have to outlive the call.
    // SAFETY: the type is live.
    let context = unsafe { mlir_sys::mlirTypeGetContext(r#type.to_raw()) };
    if let Some(part) = complex_part(r#type) {
        let text = format!("#complex.number<:{part} {re:.17e}, {im:.17e}> : {type}");
        // SAFETY: the context is live (it outlives the type, for 'c); the
        // text outlives the call; a null result (no parse) becomes `None`.
        return unsafe { Attribute::from_option_raw(mlir_sys::mlirAttributeParseGet(context, StringRef::new(&text).to_raw())) };
    }
    if im != 0.0 {
        return None;
    }
    if r#type.is_integer() || r#type.is_index() {
        let integer = re as i64;
        return (integer as f64 == re).then(|| IntegerAttribute::new(r#type, integer).into());
    }
    // SAFETY: the context is live and the type is one of its float types.
    r#type.is_float().then(|| unsafe { Attribute::from_raw(mlir_sys::mlirFloatAttrDoubleGet(context, r#type.to_raw(), re)) })
}

/// The zero of `r#type`, if it is a number type.
pub fn zero(r#type: Type) -> Option<Attribute> {
    number(r#type, 0.0, 0.0)
}

/// Whether a scalar attribute is the zero of its type, every bit 0: an
/// integer 0, a float `+0.0` (not `-0.0`, a value of its own: `1 / -0.0` is
/// `-inf`), a complex number of two `+0.0` parts.
pub fn is_zero(attribute: Attribute) -> bool {
    let positive_zero = |value: f64| value == 0.0 && value.is_sign_positive();
    FloatAttribute::try_from(attribute).is_ok_and(|float| positive_zero(float.value()))
        || IntegerAttribute::try_from(attribute).is_ok_and(|integer| integer.value() == 0)
        || complex_parts(attribute).is_some_and(|(re, im)| positive_zero(re) && positive_zero(im))
}

/// The parts `(re, im)` of a `#complex.number` attribute.
pub fn complex_parts(attribute: Attribute) -> Option<(f64, f64)> {
    let text = attribute.to_string();
    let inner = text.strip_prefix("#complex.number<:")?.split_once('>')?.0;
    let (_, parts) = inner.split_once(' ')?;
    let (re, im) = parts.split_once(',')?;
    Some((re.trim().parse().ok()?, im.trim().parse().ok()?))
}

/// An op whose one result is the scalar `value` of `r#type`: `arith.constant`
/// (a float attribute takes the type's width), or `complex.constant`.
pub fn constant<'c>(context: &'c Context, value: Attribute<'c>, r#type: Type<'c>, location: Location<'c>) -> Option<Operation<'c>> {
    if let Some(part) = complex_part(r#type) {
        let (re, im) = complex_parts(value)?;
        let parts = [FloatAttribute::new(context, part, re).into(), FloatAttribute::new(context, part, im).into()];
        return OperationBuilder::new("complex.constant", location)
            .add_attributes(&[(Identifier::new(context, "value"), ArrayAttribute::new(context, &parts).into())])
            .add_results(&[r#type])
            .build()
            .ok();
    }
    let value = match FloatAttribute::try_from(value) {
        Ok(float) if r#type.is_float() => FloatAttribute::new(context, r#type, float.value()).into(),
        _ => value,
    };
    Some(arith::constant(context, value, location))
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::ir::operation::OperationLike;

    #[test]
    fn numbers_of_every_kind_of_element_type() {
        let context = crate::testing::context();
        let parse = |text| Type::parse(&context, text).unwrap();
        assert_eq!(zero(parse("f16")).unwrap().to_string(), "0.000000e+00 : f16");
        assert_eq!(zero(parse("i8")).unwrap().to_string(), "0 : i8");
        assert_eq!(zero(parse("index")).unwrap().to_string(), "0 : index");
        let complex = number(parse("complex<f32>"), 1.5, -2.0).unwrap();
        assert_eq!(complex.to_string(), "#complex.number<:f32 1.500000e+00, -2.000000e+00> : complex<f32>");
        assert_eq!(complex_parts(complex), Some((1.5, -2.0)));
        assert!(number(parse("i32"), 0.5, 0.0).is_none() && number(parse("f64"), 1.0, 1.0).is_none());
        assert!(zero(parse("vector<2xf64>")).is_none());
        assert!(is_zero(zero(parse("complex<f64>")).unwrap()) && !is_zero(complex) && is_zero(zero(parse("i1")).unwrap()));
    }

    #[test]
    fn zeros_have_every_bit_zero() {
        let context = crate::testing::context();
        let parse = |text: &str| Attribute::parse(&context, text).unwrap();
        assert!(is_zero(parse("0.0 : f64")) && is_zero(parse("0 : i32")) && is_zero(parse("0 : index")));
        assert!(!is_zero(parse("-0.0 : f64")) && !is_zero(parse("1.0 : f32")) && !is_zero(parse("-1 : i8")));
        let negative = number(Type::parse(&context, "complex<f64>").unwrap(), 0.0, -0.0).unwrap();
        assert!(!is_zero(negative));
    }

    #[test]
    fn constants_use_the_dialect_of_their_type() {
        let context = crate::testing::context();
        let location = Location::unknown(&context);
        let complex = Type::parse(&context, "complex<f64>").unwrap();
        let op = constant(&context, number(complex, 0.0, 1.0).unwrap(), complex, location).unwrap();
        assert_eq!(op.name().as_string_ref().as_str().unwrap(), "complex.constant");
        assert!(op.verify());
        let f32 = Type::parse(&context, "f32").unwrap();
        let op = constant(&context, FloatAttribute::new(&context, Type::float64(&context), 2.0).into(), f32, location).unwrap();
        assert!(op.verify() && op.to_string().contains("2.000000e+00 : f32"));
    }
}
