//! Random arguments for a kernel, seeded and reproducible: each tensor a
//! dense row-major array (a sparse one stores a `density` fraction of
//! nonzero entries, all equal to its `explicitVal` if it has one, and holds
//! its `implicitVal` elsewhere; a dense one holds a value everywhere), each scalar one
//! value, all drawn as the kernel's `values` option says; and the same
//! arguments as `sparse-run` takes them (data files, or numbers).

use crate::corpus::{Options, Values};
use crate::signature::Param;
use sparse_harness::files::{data_extension, data_file, points};
use sparse_runtime::{frostt, Coordinates, Element, SplitMix64, Value};
use std::path::Path;

/// The generator of the kernel `name` of corpus file `stem` in a run
/// seeded with `seed`: the same whether the kernel runs alone or with others.
pub fn generator(seed: u64, stem: &str, name: &str) -> SplitMix64 {
    let hash = format!("{stem}@{name}")
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3));
    SplitMix64::new(seed ^ hash)
}

/// Random values for `param`, densely in row-major order, components interleaved.
pub fn random_argument(param: &Param, options: &Options, random: &mut SplitMix64) -> Vec<f64> {
    let count = param.shape().iter().product::<usize>();
    let mut values = Vec::with_capacity(param.components());
    for _ in 0..count {
        if param.encoded() {
            let fraction = (random.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            let stored = fraction < options.density;
            let nonzero = if options.values == Values::Any { Values::Nonzero } else { options.values };
            match (stored, param.explicit_value()) {
                (true, Some(value)) => values.extend(std::iter::repeat_n(value, param.element.components())),
                (true, None) => values.extend(param.element.random(random, nonzero)),
                (false, _) => values.extend(std::iter::repeat_n(param.implicit_value(), param.element.components())),
            }
        } else {
            values.extend(param.element.random(random, options.values));
        }
    }
    values
}

/// The argument as `sparse-run` takes it: a number for a scalar or a rank-0
/// tensor (`re,im` for a complex one), else a data file written into `dir`
/// as `input{index}` (an extended FROSTT file of complex values for a complex
/// tensor).
pub fn sparse_run_argument(param: &Param, values: &[f64], index: usize, dir: &Path) -> std::io::Result<String> {
    let step = param.element.components();
    let shape = param.shape();
    if step == 2 {
        if shape.is_empty() {
            return Ok(format!("{},{}", param.element.number(values[0]), param.element.number(values[1])));
        }
        let entries = points(shape)
            .into_iter()
            .zip(values.chunks(2))
            .filter(|(_, value)| value != &[0.0, 0.0])
            .map(|(point, value)| (point, Value::Complex(value[0], value[1])))
            .collect();
        let path = dir.join(format!("input{index}.tns"));
        frostt::write(
            &path,
            &Coordinates::from_entries(shape.to_vec(), entries).expect("one coordinate per dimension"),
            Element::Complex64,
        )
        .map_err(std::io::Error::other)?;
        return Ok(path.display().to_string());
    }
    if shape.is_empty() {
        return Ok(param.element.number(values[0]));
    }
    let entries: Vec<(Vec<usize>, f64)> = points(shape)
        .into_iter()
        .zip(values.chunks(step))
        .filter(|(_, value)| value[0] != 0.0)
        .map(|(point, value)| (point, value[0]))
        .collect();
    let path = dir.join(format!("input{index}.{}", data_extension(shape)));
    std::fs::write(&path, data_file(shape, &entries, false))?;
    Ok(path.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::element::{Element, Float};
    use crate::signature::Kind;

    fn csr(encoded: bool) -> Param {
        Param { element: Element::Float(Float::F64), kind: Kind::Tensor { shape: vec![10, 10], encoded }, r#type: String::new() }
    }

    #[test]
    fn sparse_arguments_store_about_their_density() {
        let options = Options { density: 0.2, values: Values::Any };
        let values = random_argument(&csr(true), &options, &mut generator(1, "f", "k"));
        let stored = values.iter().filter(|&&value| value != 0.0).count();
        assert!((10..=30).contains(&stored), "{stored} of 100 stored");
        assert_eq!(values, random_argument(&csr(true), &options, &mut generator(1, "f", "k")));
        assert_ne!(values, random_argument(&csr(true), &options, &mut generator(2, "f", "k")));
        let dense = random_argument(&csr(false), &Options { density: 0.2, values: Values::Positive }, &mut generator(1, "f", "k"));
        assert!(dense.iter().all(|&value| value > 0.0));
    }
}
