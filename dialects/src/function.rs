//! User functions (paper 000 §4.3).
//!
//! A user function is a `func.func` with one result, declared once, that
//! carries its algebraic properties (`arr.properties`) and/or an explicit
//! iteration space (`arr.iteration_space`, see [`crate::space`]). Using
//! `func.func` keeps calls (`func.call`) and symbol lookup upstream's. A
//! per-region specialization is another `func.func` naming its general
//! function (`arr.specializes`) and the argument positions present in its
//! region (`arr.present`); it takes just those arguments.

use melior::{
    ir::{
        attribute::{AttributeLike, DictionaryAttribute, IntegerAttribute},
        Attribute, Type,
    },
    Context,
};

pub const PROPERTIES: &str = "arr.properties";
pub const ITERATION_SPACE: &str = "arr.iteration_space";
pub const SPECIALIZES: &str = "arr.specializes";
pub const PRESENT: &str = "arr.present";

/// The algebraic properties of a user function, used to derive iteration
/// algebras and result fills (paper 000 §5.2).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Properties<'c> {
    pub commutative: bool,
    pub associative: bool,
    /// `f(x, ..., x) = x`.
    pub idempotent: bool,
    /// `f(..., a, ...) = a`, for any argument or only `annihilator_arg`.
    pub annihilator: Option<Attribute<'c>>,
    pub annihilator_arg: Option<usize>,
    /// `f(i, y) = y`, for any argument or only `identity_arg`.
    pub identity: Option<Attribute<'c>>,
    pub identity_arg: Option<usize>,
}

/// A property that is unknown, malformed or does not fit the signature.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PropertyError {
    #[error("unknown function property \"{0}\" (known: commutative, associative, idempotent, annihilator, annihilator_arg, identity, identity_arg)")]
    Unknown(String),
    #[error("function property \"{0}\" must be {1}")]
    Malformed(String, &'static str),
    #[error("{name} {value} does not have the result type {result}")]
    ValueType { name: &'static str, value: String, result: String },
    #[error("{name} names argument {arg} of a function with {arity} arguments")]
    Argument { name: &'static str, arg: usize, arity: usize },
    #[error("{0} without {1}")]
    PositionWithoutValue(&'static str, &'static str),
    #[error("a {0} function needs {1}")]
    Signature(&'static str, &'static str),
}

impl<'c> Properties<'c> {
    pub fn from_attribute(attribute: Attribute<'c>) -> Result<Self, PropertyError> {
        let dictionary =
            DictionaryAttribute::try_from(attribute).map_err(|_| PropertyError::Malformed(PROPERTIES.into(), "a dictionary"))?;
        let mut properties = Self::default();
        for index in 0..dictionary.len() {
            let (name, value) = dictionary.element(index).expect("in range");
            let name = name.as_string_ref().as_str().unwrap_or_default().to_string();
            let flag =
                |value: Attribute| value.is_unit().then_some(true).ok_or_else(|| PropertyError::Malformed(name.clone(), "a unit flag"));
            let position = |value: Attribute| {
                IntegerAttribute::try_from(value)
                    .ok()
                    .and_then(|integer| usize::try_from(integer.value()).ok())
                    .ok_or_else(|| PropertyError::Malformed(name.clone(), "a non-negative integer"))
            };
            match name.as_str() {
                "commutative" => properties.commutative = flag(value)?,
                "associative" => properties.associative = flag(value)?,
                "idempotent" => properties.idempotent = flag(value)?,
                "annihilator" => properties.annihilator = Some(value),
                "identity" => properties.identity = Some(value),
                "annihilator_arg" => properties.annihilator_arg = Some(position(value)?),
                "identity_arg" => properties.identity_arg = Some(position(value)?),
                _ => return Err(PropertyError::Unknown(name)),
            }
        }
        Ok(properties)
    }

    pub fn to_attribute(&self, context: &'c Context) -> Attribute<'c> {
        let mut entries = Vec::new();
        for (flag, name) in [(self.commutative, "commutative"), (self.associative, "associative"), (self.idempotent, "idempotent")] {
            if flag {
                entries.push(name.to_string());
            }
        }
        for (value, name) in [(self.annihilator, "annihilator"), (self.identity, "identity")] {
            if let Some(value) = value {
                entries.push(format!("{name} = {value}"));
            }
        }
        for (arg, name) in [(self.annihilator_arg, "annihilator_arg"), (self.identity_arg, "identity_arg")] {
            if let Some(arg) = arg {
                entries.push(format!("{name} = {arg} : i64"));
            }
        }
        Attribute::parse(context, &format!("{{{}}}", entries.join(", "))).expect("printed properties parse back")
    }

    /// Checks the properties against the function's signature.
    pub fn check(&self, inputs: &[Type<'c>], result: Type<'c>) -> Result<(), PropertyError> {
        for (value, arg, name, arg_name) in [
            (self.annihilator, self.annihilator_arg, "annihilator", "annihilator_arg"),
            (self.identity, self.identity_arg, "identity", "identity_arg"),
        ] {
            if let Some(value) = value {
                if value.r#type() != result {
                    return Err(PropertyError::ValueType { name, value: value.to_string(), result: result.to_string() });
                }
            }
            match arg {
                Some(_) if value.is_none() => return Err(PropertyError::PositionWithoutValue(arg_name, name)),
                Some(arg) if arg >= inputs.len() => return Err(PropertyError::Argument { name: arg_name, arg, arity: inputs.len() }),
                _ => {}
            }
        }
        let all_result_typed = inputs.iter().all(|input| *input == result);
        if self.associative && !(inputs.len() == 2 && all_result_typed) {
            return Err(PropertyError::Signature("associative", "two arguments of its result type"));
        }
        if self.idempotent && !all_result_typed {
            return Err(PropertyError::Signature("idempotent", "arguments of its result type"));
        }
        if self.commutative && inputs.windows(2).any(|pair| pair[0] != pair[1]) {
            return Err(PropertyError::Signature("commutative", "arguments of one type"));
        }
        Ok(())
    }
}

/// Checks a specialization's present positions against its general function:
/// sorted, distinct, in range, and its arguments are those positions' types.
pub fn check_specialization(present: &[i64], general: &[Type], own: &[Type]) -> Result<(), String> {
    if present.windows(2).any(|pair| pair[0] >= pair[1]) {
        return Err("arr.present must list argument positions in increasing order".into());
    }
    if let Some(bad) = present.iter().find(|&&position| position < 0 || position as usize >= general.len()) {
        return Err(format!("arr.present names argument {bad} of a function with {} arguments", general.len()));
    }
    let expected = present.iter().map(|&position| general[position as usize]).collect::<Vec<_>>();
    if expected != own {
        return Err(format!("a specialization for arguments {present:?} must take ({}) but takes ({})", join(&expected), join(own)));
    }
    Ok(())
}

fn join(types: &[Type]) -> String {
    types.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn properties_round_trip_and_check_the_signature() {
        let context = crate::testing::context();
        let f64 = Type::float64(&context);
        let i1 = Type::parse(&context, "i1").unwrap();
        let max = Properties {
            commutative: true,
            associative: true,
            idempotent: true,
            annihilator: Attribute::parse(&context, "0x7FF0000000000000 : f64"),
            ..Properties::default()
        };
        let attribute = max.to_attribute(&context);
        assert_eq!(Properties::from_attribute(attribute), Ok(max.clone()));
        assert_eq!(max.check(&[f64, f64], f64), Ok(()));
        assert!(matches!(max.check(&[f64, f64, f64], f64), Err(PropertyError::Signature("associative", _))));
        assert!(matches!(max.check(&[i1, i1], i1), Err(PropertyError::ValueType { .. })));
        let unknown = Attribute::parse(&context, "{distributive}").unwrap();
        assert_eq!(Properties::from_attribute(unknown), Err(PropertyError::Unknown("distributive".into())));
        let positional = Properties { identity_arg: Some(0), ..Properties::default() };
        assert_eq!(positional.check(&[f64], f64), Err(PropertyError::PositionWithoutValue("identity_arg", "identity")));
    }

    #[test]
    fn specializations_take_the_present_arguments() {
        let context = crate::testing::context();
        let (f64, i64) = (Type::float64(&context), Type::parse(&context, "i64").unwrap());
        assert_eq!(check_specialization(&[1], &[i64, f64], &[f64]), Ok(()));
        assert!(check_specialization(&[1, 0], &[i64, f64], &[f64, i64]).is_err());
        assert!(check_specialization(&[2], &[i64, f64], &[f64]).is_err());
        assert!(check_specialization(&[0], &[i64, f64], &[f64]).is_err());
    }
}
