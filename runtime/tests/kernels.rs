//! End-to-end kernels: each is compiled by the whole pipeline, run by the JIT
//! on seeded random inputs in every listed format (with empty rows, empty
//! tensors and single elements), and compared with a dense evaluation of the
//! same formula in plain Rust. Values are multiples of 1/4, so every sum and
//! product is exact and results compare with `==`. The kernels over narrow
//! element types (`f16`, `bf16`, `i16`, `i8`, `i1`, `index`) take small
//! integers, which every one of them holds exactly, and compare with a
//! reference computed in `i64`.

use sparse_runtime::{kernel::Parameter, random_entries, Argument, Coordinates, Element, Kernel, Tensor, Value};

const CSR: &str = r#"#arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>"#;
const CSC: &str = r#"#arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>"#;
const COO: &str =
    r#"#arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>"#;
const DCSR: &str =
    r#"#arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>"#;
const UPSTREAM_CSR: &str = "#sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>";
const MATRICES: [(&str, Option<&str>); 6] = [
    ("CSR", Some(CSR)),
    ("CSC", Some(CSC)),
    ("COO", Some(COO)),
    ("DCSR", Some(DCSR)),
    ("upstream CSR", Some(UPSTREAM_CSR)),
    ("dense", None),
];
const SPARSE_VECTOR: &str = r#"#arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>"#;
const CSF: &str = r#"#arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j, k) -> (i, j, k)>>"#;
const COO3: &str = r#"#arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j, k) -> (i, j, k)>>"#;
const DDC: &str = r#"#arr.encoding<[#arr.level<"dense", {}>, #arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j, k) -> (i, j, k)>>"#;
const TENSORS3: [(&str, Option<&str>); 4] =
    [("CSF", Some(CSF)), ("COO", Some(COO3)), ("dense-dense-compressed", Some(DDC)), ("dense", None)];

const ADD: &str =
    "func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {\n\
                   %s = arith.addf %x, %y : f64\n  return %s : f64\n}\n";

/// `tensor<SHAPExf64, ENCODING>`.
fn tensor(shape: &str, encoding: Option<&str>) -> String {
    match encoding {
        Some(encoding) => format!("tensor<{shape}xf64, {encoding}>"),
        None if shape.is_empty() => "tensor<f64>".to_string(),
        None => format!("tensor<{shape}xf64>"),
    }
}

/// A kernel `@k` of one statement: `accesses` are (parameter type, map), `body`
/// combines `%v0, %v1, ...` into `%r`.
fn kernel(parameters: &[(String, &str)], output: &str, output_map: &str, reductions: usize, body: &str) -> String {
    let signature = parameters.iter().enumerate().map(|(n, (t, _))| format!("%t{n}: {t}")).collect::<Vec<_>>().join(", ");
    let accesses = parameters
        .iter()
        .enumerate()
        .map(|(n, (t, map))| format!("    %v{n} = \"arr.access\"(%t{n}) {{indexing_map = affine_map<{map}>}} : ({t}) -> f64\n"))
        .collect::<String>();
    let reductions = vec!["@add"; reductions].join(", ");
    format!(
        "{ADD}func.func @k({signature}) -> {output} {{\n  %out = \"arr.compute\"() ({{\n{accesses}    {body}\n    \"vector.yield\"(%r) : (f64) -> ()\n  }}) {{indexing_map = affine_map<{output_map}>, reductions = [{reductions}]}} : () -> {output}\n  return %out : {output}\n}}\n"
    )
}

/// Dense row-major values of `coordinates`.
fn dense(coordinates: &Coordinates) -> Vec<f64> {
    let mut values = vec![0.0; coordinates.shape.iter().product()];
    for (point, value) in &coordinates.entries() {
        let index = point.iter().zip(&coordinates.shape).fold(0, |index, (c, size)| index * size + c);
        values[index] += value;
    }
    values
}

/// Compiles `source`, runs it on `inputs` (built in each parameter's format)
/// and returns the dense result.
fn run(source: &str, inputs: &[&Coordinates]) -> Vec<f64> {
    reals(&run_tensor(source, inputs).to_dense())
}

fn reals(values: &[Value]) -> Vec<f64> {
    values.iter().map(|value| value.real()).collect()
}

/// The same, returning the result as the kernel stored it.
fn run_tensor(source: &str, inputs: &[&Coordinates]) -> Tensor<Value> {
    let kernel = Kernel::compile(source, "kernel.mlir", Some("k")).unwrap_or_else(|error| panic!("{error}\n{source}"));
    let arguments = inputs
        .iter()
        .zip(&kernel.parameters)
        .map(|(coordinates, parameter)| {
            let Parameter::Tensor(parameter) = parameter else { panic!("tensor parameters only") };
            let entries = coordinates.to_element(parameter.element).unwrap_or_else(|error| panic!("{error}")).entries();
            let tensor = Tensor::from_entries(coordinates.shape.clone(), parameter.format.clone(), parameter.fill, entries).unwrap();
            Argument::Tensor(tensor)
        })
        .collect::<Vec<_>>();
    let (Argument::Tensor(output), _) = kernel.run(&arguments).unwrap_or_else(|error| panic!("{error}\n{source}")) else {
        panic!("a tensor result")
    };
    output
}

/// Sizes and densities every kernel meets: empty rows, an empty tensor, a single element.
fn cases(rank: usize) -> Vec<(Vec<usize>, f64, u64)> {
    let shapes: [Vec<usize>; 3] = match rank {
        1 => [vec![9], vec![1], vec![6]],
        2 => [vec![7, 5], vec![1, 1], vec![4, 6]],
        _ => [vec![4, 3, 5], vec![1, 1, 1], vec![3, 4, 2]],
    };
    vec![(shapes[0].clone(), 0.3, 1), (shapes[1].clone(), 1.0, 2), (shapes[2].clone(), 0.0, 3), (shapes[0].clone(), 0.7, 4)]
}

#[test]
fn spmv() {
    for (name, encoding) in MATRICES {
        for (shape, density, seed) in cases(2) {
            let (m, n) = (shape[0], shape[1]);
            let a = random_entries(&shape, density, seed);
            let x = random_entries(&[n], 1.0, seed + 100);
            let source = kernel(
                &[(tensor("?x?", encoding), "(i, j) -> (i, j)"), (tensor("?", None), "(i, j) -> (j)")],
                &tensor("?", None),
                "(i, j) -> (i)",
                1,
                "%r = arith.mulf %v0, %v1 : f64",
            );
            let (da, dx) = (dense(&a), dense(&x));
            let expected: Vec<f64> = (0..m).map(|i| (0..n).map(|j| da[i * n + j] * dx[j]).sum()).collect();
            assert_eq!(run(&source, &[&a, &x]), expected, "SpMV with {name} on {shape:?}");
        }
    }
}

#[test]
fn spmm() {
    for (name, encoding) in MATRICES {
        for (shape, density, seed) in cases(2) {
            let (m, k, n) = (shape[0], shape[1], 3);
            let a = random_entries(&shape, density, seed);
            let b = random_entries(&[k, n], 0.8, seed + 7);
            let source = kernel(
                &[(tensor("?x?", encoding), "(i, j, k) -> (i, k)"), (tensor("?x?", None), "(i, j, k) -> (k, j)")],
                &tensor("?x?", None),
                "(i, j, k) -> (i, j)",
                1,
                "%r = arith.mulf %v0, %v1 : f64",
            );
            let (da, db) = (dense(&a), dense(&b));
            let expected: Vec<f64> = (0..m * n).map(|ij| (0..k).map(|l| da[(ij / n) * k + l] * db[l * n + ij % n]).sum()).collect();
            assert_eq!(run(&source, &[&a, &b]), expected, "SpMM with {name} on {shape:?}");
        }
    }
}

#[test]
fn sum_of_a_matrix() {
    for (name, encoding) in MATRICES {
        for (shape, density, seed) in cases(2) {
            let a = random_entries(&shape, density, seed);
            let source = kernel(
                &[(tensor("?x?", encoding), "(i, j) -> (i, j)")],
                "tensor<f64>",
                "(i, j) -> ()",
                2,
                "%r = arith.addf %v0, %v0 : f64",
            );
            let expected: f64 = dense(&a).iter().map(|v| v + v).sum();
            assert_eq!(run(&source, &[&a]), vec![expected], "sum with {name} on {shape:?}");
        }
    }
}

#[test]
fn dot_product() {
    for (left, right) in [(Some(SPARSE_VECTOR), Some(SPARSE_VECTOR)), (Some(SPARSE_VECTOR), None), (None, Some(SPARSE_VECTOR))] {
        for (shape, density, seed) in cases(1) {
            let (a, b) = (random_entries(&shape, density, seed), random_entries(&shape, 0.5, seed + 1));
            let source = kernel(
                &[(tensor("?", left), "(i) -> (i)"), (tensor("?", right), "(i) -> (i)")],
                "tensor<f64>",
                "(i) -> ()",
                1,
                "%r = arith.mulf %v0, %v1 : f64",
            );
            let expected: f64 = dense(&a).iter().zip(dense(&b)).map(|(x, y)| x * y).sum();
            assert_eq!(run(&source, &[&a, &b]), vec![expected], "dot of {left:?} and {right:?} on {shape:?}");
        }
    }
}

#[test]
fn element_wise_add_and_multiply_into_dense() {
    for (left_name, left) in MATRICES {
        for (right_name, right) in [("CSR", Some(CSR)), ("DCSR", Some(DCSR)), ("dense", None)] {
            for (op, formula) in [("arith.addf", 0), ("arith.mulf", 1)] {
                let parameters = [(tensor("?x?", left), "(i, j) -> (i, j)"), (tensor("?x?", right), "(i, j) -> (i, j)")];
                let source = kernel(&parameters, &tensor("?x?", None), "(i, j) -> (i, j)", 0, &format!("%r = {op} %v0, %v1 : f64"));
                // Column-major against row-major: one of them is transposed first.
                for (shape, density, seed) in cases(2) {
                    let (a, b) = (random_entries(&shape, density, seed), random_entries(&shape, 0.4, seed + 5));
                    let expected: Vec<f64> =
                        dense(&a).iter().zip(dense(&b)).map(|(x, y)| if formula == 0 { x + y } else { x * y }).collect();
                    assert_eq!(run(&source, &[&a, &b]), expected, "{left_name} {op} {right_name} on {shape:?}");
                }
            }
        }
    }
}

#[test]
fn sddmm() {
    for (name, encoding) in [("CSR", Some(CSR)), ("DCSR", Some(DCSR)), ("COO", Some(COO))] {
        for (shape, density, seed) in cases(2) {
            let (m, n, k) = (shape[0], shape[1], 4);
            let s = random_entries(&shape, density, seed);
            let (a, b) = (random_entries(&[m, k], 1.0, seed + 1), random_entries(&[k, n], 1.0, seed + 2));
            let parameters = [
                (tensor("?x?", encoding), "(i, j, k) -> (i, j)"),
                (tensor("?x?", None), "(i, j, k) -> (i, k)"),
                (tensor("?x?", None), "(i, j, k) -> (k, j)"),
            ];
            let source = kernel(
                &parameters,
                &tensor("?x?", None),
                "(i, j, k) -> (i, j)",
                1,
                "%p = arith.mulf %v1, %v2 : f64\n    %r = arith.mulf %v0, %p : f64",
            );
            let (ds, da, db) = (dense(&s), dense(&a), dense(&b));
            let expected: Vec<f64> =
                (0..m * n).map(|ij| (0..k).map(|l| ds[ij] * (da[(ij / n) * k + l] * db[l * n + ij % n])).sum()).collect();
            assert_eq!(run(&source, &[&s, &a, &b]), expected, "SDDMM with {name} on {shape:?}");
        }
    }
}

#[test]
fn ttv() {
    for (name, encoding) in TENSORS3 {
        for (shape, density, seed) in cases(3) {
            let (i, j, k) = (shape[0], shape[1], shape[2]);
            let a = random_entries(&shape, density, seed);
            let v = random_entries(&[k], 1.0, seed + 3);
            let parameters = [(tensor("?x?x?", encoding), "(i, j, k) -> (i, j, k)"), (tensor("?", None), "(i, j, k) -> (k)")];
            let source = kernel(&parameters, &tensor("?x?", None), "(i, j, k) -> (i, j)", 1, "%r = arith.mulf %v0, %v1 : f64");
            let (da, dv) = (dense(&a), dense(&v));
            let expected: Vec<f64> = (0..i * j).map(|ij| (0..k).map(|l| da[ij * k + l] * dv[l]).sum()).collect();
            assert_eq!(run(&source, &[&a, &v]), expected, "TTV with {name} on {shape:?}");
        }
    }
}

#[test]
fn mttkrp() {
    for (name, encoding) in TENSORS3 {
        for (shape, density, seed) in cases(3) {
            let (i, k, l, j) = (shape[0], shape[1], shape[2], 3);
            let a = random_entries(&shape, density, seed);
            let (b, c) = (random_entries(&[k, j], 1.0, seed + 4), random_entries(&[l, j], 1.0, seed + 5));
            let parameters = [
                (tensor("?x?x?", encoding), "(i, j, k, l) -> (i, k, l)"),
                (tensor("?x?", None), "(i, j, k, l) -> (k, j)"),
                (tensor("?x?", None), "(i, j, k, l) -> (l, j)"),
            ];
            let source = kernel(
                &parameters,
                &tensor("?x?", None),
                "(i, j, k, l) -> (i, j)",
                2,
                "%p = arith.mulf %v0, %v1 : f64\n    %r = arith.mulf %p, %v2 : f64",
            );
            let (da, db, dc) = (dense(&a), dense(&b), dense(&c));
            let expected: Vec<f64> = (0..i * j)
                .map(|ij| {
                    let (ii, jj) = (ij / j, ij % j);
                    (0..k)
                        .flat_map(|kk| (0..l).map(move |ll| (kk, ll)))
                        .map(|(kk, ll)| da[(ii * k + kk) * l + ll] * db[kk * j + jj] * dc[ll * j + jj])
                        .sum()
                })
                .collect();
            assert_eq!(run(&source, &[&a, &b, &c]), expected, "MTTKRP with {name} on {shape:?}");
        }
    }
}

/// A case of an element-wise kernel: its name, op, dense formula, and the
/// encodings of its two operands and its output (`None`: dense).
type ElementWise = (&'static str, &'static str, fn(f64, f64) -> f64, Option<&'static str>, Option<&'static str>, Option<&'static str>);

#[test]
fn sparse_outputs_are_assembled_in_order_without_fill_values() {
    let add = |x: f64, y: f64| x + y;
    let subtract = |x: f64, y: f64| x - y;
    let multiply = |x: f64, y: f64| x * y;
    let kernels: [ElementWise; 4] = [
        ("CSR + CSR -> CSR", "arith.addf", add, Some(CSR), Some(CSR), Some(CSR)),
        ("DCSR * DCSR -> DCSR", "arith.mulf", multiply, Some(DCSR), Some(DCSR), Some(DCSR)),
        ("dense + CSR -> DCSR", "arith.addf", add, None, Some(CSR), Some(DCSR)),
        ("COO - DCSR -> CSR", "arith.subf", subtract, Some(COO), Some(DCSR), Some(CSR)),
    ];
    for (name, op, formula, left, right, output) in kernels {
        let parameters = [(tensor("?x?", left), "(i, j) -> (i, j)"), (tensor("?x?", right), "(i, j) -> (i, j)")];
        let source = kernel(&parameters, &tensor("?x?", output), "(i, j) -> (i, j)", 0, &format!("%r = {op} %v0, %v1 : f64"));
        for (shape, density, seed) in cases(2) {
            let (a, mut b) = (random_entries(&shape, density, seed), random_entries(&shape, 0.5, seed + 9));
            // Make one result cancel to the fill value, which must not be stored.
            if let Some((point, value)) = a.entries().first() {
                let mut entries = b.entries();
                entries.retain(|(other, _)| other != point);
                entries.push((point.clone(), if op == "arith.subf" { *value } else { -value }));
                b = Coordinates::from_entries(b.shape.clone(), entries).expect("one coordinate per dimension");
            }
            let output = run_tensor(&source, &[&a, &b]);
            let expected: Vec<f64> = dense(&a).iter().zip(dense(&b)).map(|(&x, y)| formula(x, y)).collect();
            assert_eq!(reals(&output.to_dense()), expected, "{name} on {shape:?}");
            assert!(output.values.iter().all(|value| value.real() != 0.0), "{name} stored a fill value: {:?}", output.values);
            assert_eq!(output.nnz(), expected.iter().filter(|&&v| v != 0.0).count(), "{name} on {shape:?}");
        }
    }
}

#[test]
fn integer_and_single_precision_elements() {
    for element in ["i64", "i32", "f32"] {
        let zero = if element.starts_with('i') { "0" } else { "0.0" };
        let (add, mul) = if element.starts_with('i') { ("arith.addi", "arith.muli") } else { ("arith.addf", "arith.mulf") };
        let csr = format!(
            r#"#arr.encoding<[#arr.level<"dense", {{}}>, #arr.level<"compressed", {{}}>], {zero} : {element}, affine_map<(i, j) -> (i, j)>>"#
        );
        let source = format!(
            "func.func @add(%x: {element}, %y: {element}) -> {element} attributes {{arr.properties = {{commutative, associative, identity = {zero} : {element}}}}} {{\n\
               %s = {add} %x, %y : {element}\n  return %s : {element}\n}}\n\
             func.func @k(%a: tensor<?x?x{element}, {csr}>, %x: tensor<?x{element}>) -> tensor<?x{element}> {{\n\
               %y = \"arr.compute\"() ({{\n\
                 %u = \"arr.access\"(%a) {{indexing_map = affine_map<(i, j) -> (i, j)>}} : (tensor<?x?x{element}, {csr}>) -> {element}\n\
                 %v = \"arr.access\"(%x) {{indexing_map = affine_map<(i, j) -> (j)>}} : (tensor<?x{element}>) -> {element}\n\
                 %p = {mul} %u, %v : {element}\n\
                 \"vector.yield\"(%p) : ({element}) -> ()\n\
               }}) {{indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]}} : () -> tensor<?x{element}>\n\
               return %y : tensor<?x{element}>\n}}\n"
        );
        // Integer values: round the random quarters to whole numbers.
        let whole = |c: Coordinates| {
            Coordinates::from_entries(c.shape.clone(), c.entries().into_iter().map(|(p, v)| (p, v.round())).collect())
                .expect("one coordinate per dimension")
        };
        let (a, x) = (whole(random_entries(&[6, 4], 0.5, 11)), whole(random_entries(&[4], 1.0, 12)));
        let (da, dx) = (dense(&a), dense(&x));
        let expected: Vec<f64> = (0..6).map(|i| (0..4).map(|j| da[i * 4 + j] * dx[j]).sum()).collect();
        assert_eq!(run(&source, &[&a, &x]), expected, "SpMV on {element}");
    }
}

#[test]
fn functions_without_properties_visit_every_coordinate() {
    // max(a, b) may be non-zero where either operand is absent (max(-1, 0) = 0),
    // so every coordinate is visited and absent operands read as the fill 0.
    for (name, left, right) in [("CSR, CSR", Some(CSR), Some(CSR)), ("DCSR, dense", Some(DCSR), None), ("COO, CSR", Some(COO), Some(CSR))] {
        let parameters = [(tensor("?x?", left), "(i, j) -> (i, j)"), (tensor("?x?", right), "(i, j) -> (i, j)")];
        let source = kernel(&parameters, &tensor("?x?", None), "(i, j) -> (i, j)", 0, "%r = arith.maximumf %v0, %v1 : f64");
        for (shape, density, seed) in cases(2) {
            let (a, b) = (random_entries(&shape, density, seed), random_entries(&shape, 0.4, seed + 5));
            let expected: Vec<f64> = dense(&a).iter().zip(dense(&b)).map(|(x, y)| x.max(y)).collect();
            assert_eq!(run(&source, &[&a, &b]), expected, "max of {name} on {shape:?}");
        }
    }
}

/// An element type of the typed kernels below: its MLIR name, its zero, and
/// its addition and multiplication (`arith.ori` and `arith.andi` for `i1`).
struct Typed {
    element: Element,
    zero: &'static str,
    add: &'static str,
    mul: &'static str,
}

const TYPED: [Typed; 6] = [
    Typed { element: Element::F16, zero: "0.0", add: "arith.addf", mul: "arith.mulf" },
    Typed { element: Element::BF16, zero: "0.0", add: "arith.addf", mul: "arith.mulf" },
    Typed { element: Element::I16, zero: "0", add: "arith.addi", mul: "arith.muli" },
    Typed { element: Element::I8, zero: "0", add: "arith.addi", mul: "arith.muli" },
    Typed { element: Element::I1, zero: "0", add: "arith.ori", mul: "arith.andi" },
    Typed { element: Element::Index, zero: "0", add: "arith.addi", mul: "arith.muli" },
];

impl Typed {
    fn name(&self) -> &'static str {
        self.element.name()
    }

    /// `tensor<SHAPExT, ENCODING>`, the encoding's fill made this type's zero.
    fn tensor(&self, shape: &str, encoding: Option<&str>) -> String {
        let fill = format!("{} : {}", self.zero, self.name());
        let element = self.name();
        match encoding {
            Some(encoding) => format!("tensor<{shape}x{element}, {}>", encoding.replace("0.0 : f64", &fill)),
            None if shape.is_empty() => format!("tensor<{element}>"),
            None => format!("tensor<{shape}x{element}>"),
        }
    }

    /// A kernel `@k` of one statement over this type, as [`kernel`] builds
    /// one over `f64`, reducing with `@add`, this type's addition.
    fn kernel(&self, parameters: &[(String, &str)], output: &str, output_map: &str, reductions: usize, body: &str) -> String {
        let t = self.name();
        let add = format!(
            "func.func @add(%x: {t}, %y: {t}) -> {t} attributes {{arr.properties = {{commutative, associative, identity = {} : {t}}}}} {{\n\
               %s = {} %x, %y : {t}\n  return %s : {t}\n}}\n",
            self.zero, self.add
        );
        let signature = parameters.iter().enumerate().map(|(n, (p, _))| format!("%t{n}: {p}")).collect::<Vec<_>>().join(", ");
        let accesses = parameters
            .iter()
            .enumerate()
            .map(|(n, (p, map))| format!("    %v{n} = \"arr.access\"(%t{n}) {{indexing_map = affine_map<{map}>}} : ({p}) -> {t}\n"))
            .collect::<String>();
        let reductions = vec!["@add"; reductions].join(", ");
        format!(
            "{add}func.func @k({signature}) -> {output} {{\n  %out = \"arr.compute\"() ({{\n{accesses}    {body}\n    \"vector.yield\"(%r) : ({t}) -> ()\n  }}) {{indexing_map = affine_map<{output_map}>, reductions = [{reductions}]}} : () -> {output}\n  return %out : {output}\n}}\n"
        )
    }

    /// Random entries of `shape` with small integer values this type holds
    /// exactly, and whose sums and products in the kernels below stay exact
    /// (0 or 1 for `i1`).
    fn entries(&self, shape: &[usize], density: f64, seed: u64) -> Coordinates {
        let random = random_entries(shape, density, seed);
        let small = |value: f64| if self.element == Element::I1 { f64::from(value > 0.0) } else { (value / 4.0).round() };
        Coordinates::from_entries(random.shape.clone(), random.entries().into_iter().map(|(p, v)| (p, small(v))).collect())
            .expect("one coordinate per dimension")
    }

    /// This type's sum and product of integers, for the references.
    fn sum(&self, x: i64, y: i64) -> i64 {
        if self.element == Element::I1 {
            x | y
        } else {
            x + y
        }
    }

    fn product(&self, x: i64, y: i64) -> i64 {
        if self.element == Element::I1 {
            x & y
        } else {
            x * y
        }
    }

    /// `values` as this type holds them: integers wrap to its width, as
    /// the kernel's arithmetic does.
    fn values(&self, values: impl IntoIterator<Item = i64>) -> Vec<Value> {
        let wrap = |value: i64| match self.element {
            Element::I8 => i64::from(value as i8),
            Element::I16 => i64::from(value as i16),
            _ => value,
        };
        values.into_iter().map(|value| self.element.convert(Value::Integer(wrap(value))).unwrap()).collect()
    }
}

/// Dense row-major integers of `coordinates`, whose values are integers.
fn integers(coordinates: &Coordinates) -> Vec<i64> {
    dense(coordinates).into_iter().map(|value| value as i64).collect()
}

#[test]
fn spmv_over_narrow_element_types() {
    for typed in &TYPED {
        for (name, encoding) in [("CSR", Some(CSR)), ("COO", Some(COO)), ("dense", None)] {
            let t = typed.name();
            let source = typed.kernel(
                &[(typed.tensor("?x?", encoding), "(i, j) -> (i, j)"), (typed.tensor("?", None), "(i, j) -> (j)")],
                &typed.tensor("?", None),
                "(i, j) -> (i)",
                1,
                &format!("%r = {} %v0, %v1 : {t}", typed.mul),
            );
            for (shape, density, seed) in cases(2) {
                let (m, n) = (shape[0], shape[1]);
                let (a, x) = (typed.entries(&shape, density, seed), typed.entries(&[n], 1.0, seed + 100));
                let (da, dx) = (integers(&a), integers(&x));
                let expected = (0..m).map(|i| (0..n).fold(0, |sum, j| typed.sum(sum, typed.product(da[i * n + j], dx[j]))));
                let output = run_tensor(&source, &[&a, &x]);
                assert_eq!(output.to_dense(), typed.values(expected), "SpMV over {t} with {name} on {shape:?}");
            }
        }
    }
}

#[test]
fn element_wise_sums_and_products_over_narrow_element_types() {
    for typed in &TYPED {
        let t = typed.name();
        let cases_of = [
            ("CSR + CSR -> CSR", typed.add, Some(CSR), Some(CSR), Some(CSR)),
            ("DCSR * CSR -> dense", typed.mul, Some(DCSR), Some(CSR), None),
            ("COO + dense -> dense", typed.add, Some(COO), None, None),
        ];
        for (name, op, left, right, output) in cases_of {
            let parameters = [(typed.tensor("?x?", left), "(i, j) -> (i, j)"), (typed.tensor("?x?", right), "(i, j) -> (i, j)")];
            let source =
                typed.kernel(&parameters, &typed.tensor("?x?", output), "(i, j) -> (i, j)", 0, &format!("%r = {op} %v0, %v1 : {t}"));
            for (shape, density, seed) in cases(2) {
                let (a, b) = (typed.entries(&shape, density, seed), typed.entries(&shape, 0.5, seed + 9));
                let combine = |x, y| if op == typed.add { typed.sum(x, y) } else { typed.product(x, y) };
                let expected = integers(&a).into_iter().zip(integers(&b)).map(|(x, y)| combine(x, y));
                let result = run_tensor(&source, &[&a, &b]);
                assert_eq!(result.to_dense(), typed.values(expected), "{name} over {t} on {shape:?}");
                assert!(result.validate().is_ok(), "{name} over {t}");
            }
        }
    }
}

#[test]
fn sums_over_narrow_element_types() {
    for typed in &TYPED {
        let t = typed.name();
        for (name, encoding) in [("CSR", Some(CSR)), ("DCSR", Some(DCSR)), ("COO", Some(COO))] {
            let source = typed.kernel(
                &[(typed.tensor("?x?", encoding), "(i, j) -> (i, j)")],
                &typed.tensor("", None),
                "(i, j) -> ()",
                2,
                &format!("%r = {} %v0, %v0 : {t}", typed.add),
            );
            for (shape, density, seed) in cases(2) {
                let a = typed.entries(&shape, density, seed);
                let expected = integers(&a).into_iter().fold(0, |sum, x| typed.sum(sum, typed.sum(x, x)));
                assert_eq!(run_tensor(&source, &[&a]).to_dense(), typed.values([expected]), "sum over {t} with {name} on {shape:?}");
            }
        }
    }
}

#[test]
fn index_values_past_two_to_the_53_stay_exact() {
    let typed = &TYPED[5];
    let parameters = [(typed.tensor("?x?", Some(CSR)), "(i, j) -> (i, j)"), (typed.tensor("?x?", Some(DCSR)), "(i, j) -> (i, j)")];
    let source = typed.kernel(&parameters, &typed.tensor("?x?", Some(CSR)), "(i, j) -> (i, j)", 0, "%r = arith.addi %v0, %v1 : index");
    let big = 1i64 << 60;
    let a = Coordinates::from_entries(vec![2, 3], vec![(vec![0, 1], big as f64), (vec![1, 2], 3.0)]).expect("one coordinate per dimension");
    let b = Coordinates::from_entries(vec![2, 3], vec![(vec![0, 1], 1.0), (vec![1, 0], 5.0)]).expect("one coordinate per dimension");
    let output = run_tensor(&source, &[&a, &b]);
    assert_eq!(output.entries(), [(vec![0, 1], Value::Integer(big + 1)), (vec![1, 0], Value::Integer(5)), (vec![1, 2], Value::Integer(3))]);
}
