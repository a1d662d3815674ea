//! A kernel's signature, read from the parsed module with melior: each
//! parameter and the result a scalar or a tensor of static shape, its
//! element type, and whether it has an encoding (`#sparse_tensor.encoding`).

use crate::element::Element;
use melior::ir::attribute::TypeAttribute;
use melior::ir::operation::OperationLike;
use melior::ir::r#type::{FunctionType, RankedTensorType};
use melior::ir::{BlockLike, ShapedTypeLike, Type};
use melior::Context;
use thiserror::Error;

#[derive(Clone, Debug, PartialEq)]
pub struct Signature {
    pub parameters: Vec<Param>,
    pub result: Param,
}

/// A parameter or the result.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub element: Element,
    pub kind: Kind,
    /// The type as MLIR prints it (an encoding inline).
    pub r#type: String,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    Scalar,
    Tensor { shape: Vec<usize>, encoded: bool },
}

impl Param {
    /// The dimension sizes; none for a scalar or a rank-0 tensor.
    pub fn shape(&self) -> &[usize] {
        match &self.kind {
            Kind::Scalar => &[],
            Kind::Tensor { shape, .. } => shape,
        }
    }

    pub fn encoded(&self) -> bool {
        matches!(self.kind, Kind::Tensor { encoded: true, .. })
    }

    /// The value every stored entry has, when the encoding says one
    /// (`explicitVal`): the tensor is then a pattern.
    pub fn explicit_value(&self) -> Option<f64> {
        encoding_value(&self.r#type, "explicitVal")
    }

    /// The value of every entry not stored: the encoding's `implicitVal`, or 0.
    pub fn implicit_value(&self) -> f64 {
        encoding_value(&self.r#type, "implicitVal").unwrap_or(0.0)
    }

    /// The type without its encoding.
    pub fn dense_type(&self) -> String {
        match &self.kind {
            Kind::Scalar => self.r#type.clone(),
            Kind::Tensor { shape, .. } => {
                format!("tensor<{}{}>", shape.iter().map(|size| format!("{size}x")).collect::<String>(), self.element.name())
            }
        }
    }

    /// How many components the dense array of its values has.
    pub fn components(&self) -> usize {
        self.shape().iter().product::<usize>() * self.element.components()
    }
}

#[derive(Debug, Error, PartialEq)]
pub enum SignatureError {
    #[error("our dialects do not load: {0}")]
    Dialects(String),
    #[error("the kernel file does not parse")]
    Parse,
    #[error("the module has no function @{0}")]
    NoFunction(String),
    #[error("@{0} must have exactly one result")]
    Results(String),
    #[error("the type {0} is not one the corpus format allows (a scalar, or a ranked tensor of static shape, of a known element type)")]
    Type(String),
}

/// The signature of function `name` in the module `text`.
pub fn read(text: &str, name: &str) -> Result<Signature, SignatureError> {
    let context = Context::new();
    sparse_dialects::load_dialects(&context).map_err(|error| SignatureError::Dialects(error.to_string()))?;
    // The parser's diagnostics go to the handler, not standard error: the
    // harness reports the kernel file's errors through the tools' runs.
    context.attach_diagnostic_handler(|_| true);
    let module = sparse_dialects::parse::parse(&context, text).ok_or(SignatureError::Parse)?;
    let mut next = module.body().first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if sparse_dialects::name_of(&op) != "func.func" || sparse_dialects::string(&op, "sym_name") != Some(name) {
            continue;
        }
        let function = op
            .attribute("function_type")
            .ok()
            .and_then(|attribute| TypeAttribute::try_from(attribute).ok())
            .and_then(|attribute| FunctionType::try_from(attribute.value()).ok())
            .ok_or_else(|| SignatureError::NoFunction(name.into()))?;
        if function.result_count() != 1 {
            return Err(SignatureError::Results(name.into()));
        }
        let parameters =
            (0..function.input_count()).map(|index| param(function.input(index).expect("in range"))).collect::<Result<_, _>>()?;
        return Ok(Signature { parameters, result: param(function.result(0).expect("one result"))? });
    }
    Err(SignatureError::NoFunction(name.into()))
}

/// The number `key = NUMBER : type` of an encoding says, if it says one.
fn encoding_value(r#type: &str, key: &str) -> Option<f64> {
    let at = r#type.find(&format!("{key} = "))? + key.len() + " = ".len();
    r#type[at..].split([' ', ',', '}']).next()?.parse().ok()
}

fn param(r#type: Type) -> Result<Param, SignatureError> {
    let unsupported = || SignatureError::Type(r#type.to_string());
    let Ok(tensor) = RankedTensorType::try_from(r#type) else {
        let element = Element::parse(&r#type.to_string()).ok_or_else(unsupported)?;
        return Ok(Param { element, kind: Kind::Scalar, r#type: r#type.to_string() });
    };
    let element = Element::parse(&tensor.element().to_string()).ok_or_else(unsupported)?;
    let shape = (0..tensor.rank())
        .map(|dim| match tensor.dim_size(dim) {
            Ok(melior::ir::r#type::DimSize::Static(size)) => Ok(size as usize),
            _ => Err(unsupported()),
        })
        .collect::<Result<_, _>>()?;
    Ok(Param { element, kind: Kind::Tensor { shape, encoded: tensor.encoding().is_some() }, r#type: r#type.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::element::Float;

    #[test]
    fn parameters_and_result_are_read() {
        let text = "#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
            func.func @k(%a: tensor<2x3xf32, #CSR>, %s: i8, %z: tensor<complex<f64>>) -> tensor<2xf32> {
              %e = tensor.empty() : tensor<2xf32>
              return %e : tensor<2xf32>
            }";
        let signature = read(text, "k").unwrap();
        assert_eq!(signature.parameters.len(), 3);
        let csr = &signature.parameters[0];
        assert_eq!((csr.element, csr.shape(), csr.encoded()), (Element::Float(Float::F32), &[2, 3][..], true));
        assert!(csr.r#type.contains("#sparse_tensor.encoding"));
        assert_eq!(csr.dense_type(), "tensor<2x3xf32>");
        assert_eq!(signature.parameters[1], Param { element: Element::Integer(8), kind: Kind::Scalar, r#type: "i8".into() });
        assert_eq!(signature.parameters[2].components(), 2);
        assert_eq!(signature.result.dense_type(), "tensor<2xf32>");
        assert_eq!((csr.explicit_value(), csr.implicit_value()), (None, 0.0));
        let pattern = "#P = #sparse_tensor.encoding<{map = (i) -> (i : compressed), explicitVal = 1 : i32, implicitVal = 0 : i32}>
            func.func @p(%a: tensor<4xi32, #P>) -> tensor<4xi32, #P> {
              return %a : tensor<4xi32, #P>
            }";
        let pattern = &read(pattern, "p").unwrap().parameters[0];
        assert_eq!((pattern.explicit_value(), pattern.implicit_value()), (Some(1.0), 0.0));
        assert_eq!(read(text, "nope"), Err(SignatureError::NoFunction("nope".into())));
        assert_eq!(read("func.func @d(%a: tensor<?xf64>) -> f64", "d"), Err(SignatureError::Parse));
    }
}
