//! Iteration spaces of user functions (paper 000 §5.1): the iteration algebra
//! over a function's arguments, written as `#arr.ne`, `#arr.union`,
//! `#arr.intersect`, `#arr.complement` and `#arr.universe` attributes.

use crate::params::dynamic_attribute;
use melior::{
    ir::{
        attribute::{ArrayAttribute, AttributeLike, IntegerAttribute},
        Attribute, Type,
    },
    Context,
};

/// A set of coordinates, in terms of where each argument is defined.
#[derive(Clone, Debug, PartialEq)]
pub enum Space<'c> {
    /// `{x_arg ≠ value}`: where argument `arg` differs from `value`.
    Ne {
        arg: usize,
        value: Attribute<'c>,
    },
    Union(Vec<Space<'c>>),
    Intersect(Vec<Space<'c>>),
    Complement(Box<Space<'c>>),
    Universe,
}

/// A malformed or ill-typed iteration space; the message is the diagnostic.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpaceError {
    #[error("{0} is not an iteration space (#arr.ne, #arr.union, #arr.intersect, #arr.complement, #arr.universe)")]
    NotASpace(String),
    #[error("iteration space names argument {arg} of a function with {arity} arguments")]
    Argument { arg: usize, arity: usize },
    #[error("iteration space compares argument {arg} of type {expected} with {value}")]
    ValueType { arg: usize, expected: String, value: String },
}

impl<'c> Space<'c> {
    pub fn from_attribute(attribute: Attribute<'c>) -> Result<Self, SpaceError> {
        let not_a_space = || SpaceError::NotASpace(attribute.to_string());
        let split = dynamic_attribute(attribute).ok_or_else(not_a_space)?;
        let operands = |parameter: Attribute<'c>| -> Result<Vec<Space<'c>>, SpaceError> {
            let array = ArrayAttribute::try_from(parameter).map_err(|_| not_a_space())?;
            (0..array.len()).map(|index| Space::from_attribute(array.element(index).expect("in range"))).collect()
        };
        match (split.name.as_str(), &split.parameters[..]) {
            ("arr.ne", [arg, value]) => {
                let arg = IntegerAttribute::try_from(*arg).map_err(|_| not_a_space())?.value();
                let arg = usize::try_from(arg).map_err(|_| not_a_space())?;
                Ok(Space::Ne { arg, value: *value })
            }
            ("arr.union", [array]) => Ok(Space::Union(operands(*array)?)),
            ("arr.intersect", [array]) => Ok(Space::Intersect(operands(*array)?)),
            ("arr.complement", [operand]) => Ok(Space::Complement(Box::new(Space::from_attribute(*operand)?))),
            ("arr.universe", []) => Ok(Space::Universe),
            _ => Err(not_a_space()),
        }
    }

    pub fn to_attribute(&self, context: &'c Context) -> Attribute<'c> {
        Attribute::parse(context, &self.print()).expect("a printed space parses back")
    }

    fn print(&self) -> String {
        let list = |spaces: &[Space]| spaces.iter().map(Space::print).collect::<Vec<_>>().join(", ");
        match self {
            Space::Ne { arg, value } => format!("#arr.ne<{arg} : i64, {value}>"),
            Space::Union(spaces) => format!("#arr.union<[{}]>", list(spaces)),
            Space::Intersect(spaces) => format!("#arr.intersect<[{}]>", list(spaces)),
            Space::Complement(space) => format!("#arr.complement<{}>", space.print()),
            Space::Universe => "#arr.universe".to_string(),
        }
    }

    /// Checks every atom against the argument types of the function.
    pub fn check(&self, arguments: &[Type<'c>]) -> Result<(), SpaceError> {
        match self {
            Space::Ne { arg, value } => {
                let expected = arguments.get(*arg).ok_or(SpaceError::Argument { arg: *arg, arity: arguments.len() })?;
                if value.r#type() != *expected {
                    return Err(SpaceError::ValueType { arg: *arg, expected: expected.to_string(), value: value.to_string() });
                }
                Ok(())
            }
            Space::Union(spaces) | Space::Intersect(spaces) => spaces.iter().try_for_each(|space| space.check(arguments)),
            Space::Complement(space) => space.check(arguments),
            Space::Universe => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gcd_space_round_trips_and_checks() {
        let context = crate::testing::context();
        let zero = Attribute::parse(&context, "0 : i64").unwrap();
        let gcd = Space::Union(vec![Space::Ne { arg: 0, value: zero }, Space::Ne { arg: 1, value: zero }]);
        let attribute = gcd.to_attribute(&context);
        assert_eq!(Space::from_attribute(attribute), Ok(gcd.clone()));
        let i64 = Type::parse(&context, "i64").unwrap();
        assert_eq!(gcd.check(&[i64, i64]), Ok(()));
        assert_eq!(gcd.check(&[i64]), Err(SpaceError::Argument { arg: 1, arity: 1 }));
        let f64 = Type::parse(&context, "f64").unwrap();
        assert!(matches!(gcd.check(&[f64, i64]), Err(SpaceError::ValueType { arg: 0, .. })));
    }

    #[test]
    fn xor_space_nests() {
        let context = crate::testing::context();
        let text = "#arr.intersect<[#arr.union<[#arr.ne<0 : i64, 0 : i32>, #arr.ne<1 : i64, 0 : i32>]>, \
                    #arr.complement<#arr.intersect<[#arr.ne<0 : i64, 0 : i32>, #arr.ne<1 : i64, 0 : i32>]>>]>";
        let space = Space::from_attribute(Attribute::parse(&context, text).unwrap()).unwrap();
        assert!(matches!(&space, Space::Intersect(parts) if matches!(parts[1], Space::Complement(_))));
        let not_space = Attribute::parse(&context, "#arr.union<[1 : i64]>").unwrap();
        assert!(matches!(Space::from_attribute(not_space), Err(SpaceError::NotASpace(_))));
    }
}
