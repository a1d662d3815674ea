//! The benchmarked kernels, as `linalg.generic` on tensors with
//! `#sparse_tensor.encoding`: one file that both our pipeline (raising it to
//! `arr`) and upstream's sparsifier compile. Shapes are static, as upstream's
//! sparse assembler requires; dense results of reductions start from a zero
//! constant, except `spmv_acc`'s, which starts from its last argument (`y =
//! A·x + y0`). A few kernels are in `arr` form, where upstream's encoding
//! cannot say them (a fill but 0, user functions with properties).

use std::borrow::Cow;

/// A sparse format of the benchmarked operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Csr,
    /// CSR with 32-bit positions and coordinates.
    Csr32,
    /// CSR with 32-bit positions and coordinates and its columns unordered
    /// (`compressed(nonordered)`): SciPy's widths, and the order its
    /// products leave their rows in.
    Csr32Unordered,
    Csc,
    Coo,
    Dcsr,
    /// Doubly compressed columns (an outer product's left operand).
    Dcsc,
    /// A compressed vector.
    Sparse,
    /// Compressed levels for a 3-tensor.
    Csf,
    /// An NHWC image: a dense batch level, then compressed rows, columns and channels.
    Dccc,
    /// Dense rows, each a band of consecutive columns (our `band` level).
    Band,
    /// Dense rows, each runs of equal values (our `run_length` level).
    RunLength,
    /// CSR whose implicit entries are +∞ (the tropical semiring's zero).
    CsrInf,
    /// CSR whose implicit entries are 1 (a non-zero fill, paper 000 §4.1).
    CsrFill1,
    /// No encoding: the dense baseline of a kernel.
    Dense,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Csr => "CSR",
            Format::Csr32 => "CSR 32-bit",
            Format::Csr32Unordered => "CSR 32-bit unordered",
            Format::Csc => "CSC",
            Format::Coo => "COO",
            Format::Dcsr => "DCSR",
            Format::Dcsc => "DCSC",
            Format::Sparse => "sparse",
            Format::Csf => "CSF",
            Format::Dccc => "DCCC",
            Format::Band => "band",
            Format::RunLength => "run_length",
            Format::CsrInf => "CSR fill inf",
            Format::CsrFill1 => "CSR fill 1",
            Format::Dense => "dense",
        }
    }

    /// Whether upstream's `#sparse_tensor.encoding` can say this format.
    pub fn upstream(self) -> bool {
        !matches!(self, Format::Band | Format::RunLength | Format::CsrInf | Format::CsrFill1)
    }

    /// The value of the format's unstored components.
    pub fn fill(self) -> f64 {
        match self {
            Format::CsrInf => f64::INFINITY,
            Format::CsrFill1 => 1.0,
            _ => 0.0,
        }
    }

    /// The name the Python peers use.
    pub fn peer_name(self) -> &'static str {
        match self {
            Format::Csr | Format::Csr32 | Format::Csr32Unordered | Format::Sparse => "csr",
            Format::Csc => "csc",
            Format::Coo => "coo",
            Format::Dcsr => "dcsr",
            Format::Dcsc => "csc",
            Format::Csf => "csf",
            Format::Dccc => "dccc",
            Format::Band => "dia",
            Format::RunLength | Format::CsrInf => "csr",
            Format::CsrFill1 => "csr_fill1",
            Format::Dense => "dense",
        }
    }

    fn encoding(self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Format::Csr => "#sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>",
            Format::Csr32 => "#sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>",
            Format::Csr32Unordered => {
                "#sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed(nonordered)), posWidth = 32, crdWidth = 32}>"
            }
            Format::Csc => "#sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>",
            Format::Coo => "#sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>",
            Format::Dcsr => "#sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>",
            Format::Dcsc => "#sparse_tensor.encoding<{map = (i, j) -> (j : compressed, i : compressed)}>",
            Format::Sparse => "#sparse_tensor.encoding<{map = (i) -> (i : compressed)}>",
            Format::Csf => "#sparse_tensor.encoding<{map = (i, j, k) -> (i : compressed, j : compressed, k : compressed)}>",
            Format::Dccc => "#sparse_tensor.encoding<{map = (n, h, w, c) -> (n : dense, h : compressed, w : compressed, c : compressed)}>",
            Format::Band => "#arr.encoding<[#arr.level<\"dense\", {}>, #arr.level<\"band\", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>",
            Format::RunLength => {
                "#arr.encoding<[#arr.level<\"dense\", {}>, #arr.level<\"run_length\", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>"
            }
            Format::CsrInf | Format::CsrFill1 => return Cow::Owned(csr_with_fill(self.fill())),
            Format::Dense => "",
        })
    }
}

/// CSR in `arr` form whose unstored components are `fill`, written by its
/// bits (which MLIR reads exactly, infinities included).
fn csr_with_fill(fill: f64) -> String {
    format!(
        "#arr.encoding<[#arr.level<\"dense\", {{}}>, #arr.level<\"compressed\", {{}}>], 0x{:016X} : f64, affine_map<(i, j) -> (i, j)>>",
        fill.to_bits()
    )
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    Spmv,
    /// SpMV added to an initial value that is an argument: `y = A·x + y0`.
    SpmvAcc,
    Spmm,
    Spadd,
    Multiply,
    Sddmm,
    Sum,
    Dot,
    Ttv,
    Mttkrp,
    /// `y(i) = Σ_k x(i + k) · w(k)`, a dense filter (paper 003).
    Conv1d,
    /// `Y(i, j) = Σ_(r,s) X(i + r, j + s) · W(r, s)`, a dense filter.
    Conv2d,
    /// `Y(i, j, k) = Σ_(r,s,t) X(i + r, j + s, k + t) · W(r, s, t)`, a dense filter.
    Conv3d,
    /// `Y(n, h, w, f) = Σ_(r,s,c) X(n, h + r, w + s, c) · W(r, s, c, f)`:
    /// a ResNet-style layer (NHWC image, HWCF filter), a dense filter.
    ConvNhwc,
    /// Two matrices one above the other (`sparse_tensor.concatenate` along
    /// dimension 0), in their format (paper 001).
    Vstack,
    /// Two matrices side by side (along dimension 1), in their format.
    Hstack,
    /// A matrix as a sparse vector of its row-major components
    /// (`tensor.collapse_shape`).
    Collapse,
    /// `y = [A; B] · x`: SpMV over two matrices in the format concatenated
    /// along dimension 0, which the product reads (fused, paper 001).
    VstackSpmv,
    /// `y = [A B] · x`, concatenated along dimension 1.
    HstackSpmv,
    /// Every other row of a matrix's first half (`A[0 : M/2 : 2]`), into the
    /// matrix's format: a slice read in place and copied (paper 001, Fig. 24).
    SliceRows,
    /// `y = A[0 : M/2 : 2, :] · x`: SpMV over a slice of every other row of
    /// a CSR matrix's first half, in upstream's form (`tensor.extract_slice`,
    /// then `linalg.matvec`): the product reads the slice in place (paper
    /// 000 §7.3, Fig. 28's slicing then SpMV).
    SliceSpmv,
    /// A sparse vector of `N · N` components viewed as an `N × N` matrix,
    /// into the format: a split read in place and copied (paper 001's
    /// "split back").
    SplitBack,
    /// `VstackSpmv` with the concatenation built first, by a function of its
    /// own: ours alone, the unfused baseline of ours.
    VstackSpmvUnfused,
    /// `HstackSpmv` with the concatenation built first.
    HstackSpmvUnfused,
    /// `c = collapse(A) ∘ b`: a matrix in the format flattened row-major,
    /// read in place, times a sparse vector of its `M · N` components, into
    /// a sparse vector (`tensor.collapse_shape`, then `linalg.generic`;
    /// paper 001's Fig. 26a).
    CollapseMultiply,
    /// `CollapseMultiply` with the flattened vector built first, by a
    /// function of its own: ours alone, the unfused baseline of ours.
    CollapseMultiplyUnfused,
    /// `C = A[0 : M/2 : 2, :] ∘ B`: every other row of the first half of a
    /// matrix in the format, read in place, times a matrix of the slice's
    /// shape, into the format (`tensor.extract_slice`, then
    /// `linalg.generic`; paper 001's Fig. 26c).
    SliceMultiply,
    /// `SliceMultiply` with the slice built first (`sparse_tensor.convert`
    /// of it, in a function of its own): ours alone.
    SliceMultiplyUnfused,
    /// `C = A·B`, both operands and the result in the format (SpGEMM, paper 004).
    Spgemm,
    /// SpGEMM written through the coordinate workspace (insert–sort–merge)
    /// instead of the dense one: ours alone, against our `Spgemm`.
    SpgemmCoord,
    /// SpGEMM written through the hash workspace (each row in a hash table)
    /// instead of the dense one: ours alone, against our `Spgemm`.
    SpgemmHash,
    /// Outer-product SpGEMM `C = A·B` (paper 004 Fig. 16): `A` in DCSC and
    /// `B` in DCSR, so `k` is outermost and no level of the result (in the
    /// case's format) is appended in order: written through the bucket
    /// workspace, a sparse one. Upstream's sparsifier cannot compile it.
    SpgemmOuter,
    /// The outer products through a dense workspace spanning the whole
    /// result (chosen; paper 004's second-order dense scattering): ours
    /// alone, against our `SpgemmOuter`.
    SpgemmOuterDense,
    /// `B = Aᵀ`, both in the format: each entry scattered to the result's
    /// other level order (through the bucket workspace, paper 004).
    Transpose,
    /// The transposition through the coordinate workspace (one merge sort)
    /// instead of the bucket one: ours alone, against our `Transpose`.
    TransposeCoord,
    /// `B = A` converted from CSR into CSC of the same widths, in upstream's
    /// form (`sparse_tensor.convert`; SciPy's `tocsc`): the same scatter as
    /// `Transpose`, into the level order that stores the columns first.
    Convert,
    /// A relaxation step of single-source shortest paths over the tropical
    /// semiring: `y(i) = min_j A(i, j) + d(j)`, `A` with fill +∞ (paper 000
    /// §8.3; GraphBLAS's `min.plus` `mxv`). In `arr` form: upstream's
    /// encoding has no fill but 0.
    MinPlus,
    /// `y(i) = min_j A(i, j)`, `A` with fill 0: a row with an unstored
    /// component has minimum at most 0 (SciPy's `A.min(axis=1)`). In `arr`
    /// form: the loops visit the stored entries and fold the row's unstored
    /// 0s in once after them (paper 000 §7.2's multiplicity).
    RowMin,
    /// One breadth-first step, pulled: `y(i) = OR_j B(i, j) AND q(j)` where
    /// `v(i)` is not stored (the vertices one edge from the frontier `q`, a
    /// dense 0/1 vector, that the visited set `v`, a sparse vector, does not
    /// hold; paper 000 §7 test 17, GraphBLAS's masked `lor.land` `mxv`). In
    /// `arr` form: the mask is a user function's explicit space `x ∩ ¬m`.
    BfsStep,
    /// `C = max(A, B)` componentwise (NumPy's `maximum`): the union of the
    /// operands' entries, each compared with the other's value or fill.
    Maximum,
    /// `C = (A ≠ 0) xor (B ≠ 0)` as 0/1 (NumPy's `logical_xor`, paper 000
    /// §8.2): non-zero where exactly one operand is.
    LogicalXor,
    /// `C = where(M ≠ 0, A, B)` (NumPy's `where` over three sparse operands).
    Where,
    /// `D = A ∘ B + C`, fused: the product is formed only where it meets
    /// the sum (paper 000 §8.2's fused ufuncs).
    MulAdd,
    /// One PageRank step, pulled (paper 000 §8.3's list; after LAGraph's step):
    /// `r'(i) = (1 - 0.85) / N + 0.85 · Σ_j A(i, j) · r(j) / deg(j)`, `A(i,
    /// j)` the weight of an edge `j → i`, `deg` the out-degrees, `r` dense:
    /// three `linalg.generic`s (the division, the product, the damping).
    PageRank,
    /// Triangle counting, `Σ_(i,j,k) L(i,k) · L(k,j) · L(i,j)` over the
    /// strictly lower triangle `L` of a graph (GraphBLAS's masked `plus.pair`
    /// product of L and L, summed; paper 000 §8.3).
    Triangles,
}

impl Kernel {
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Spmv => "spmv",
            Kernel::SpmvAcc => "spmv_acc",
            Kernel::Spmm => "spmm",
            Kernel::Spadd => "spadd",
            Kernel::Multiply => "multiply",
            Kernel::Sddmm => "sddmm",
            Kernel::Sum => "sum",
            Kernel::Dot => "dot",
            Kernel::Ttv => "ttv",
            Kernel::Mttkrp => "mttkrp",
            Kernel::Conv1d => "conv1d",
            Kernel::Conv2d => "conv2d",
            Kernel::Conv3d => "conv3d",
            Kernel::ConvNhwc => "conv_nhwc",
            Kernel::Vstack => "vstack",
            Kernel::Hstack => "hstack",
            Kernel::Collapse => "collapse",
            Kernel::SliceRows => "slice_rows",
            Kernel::SplitBack => "split_back",
            Kernel::SliceSpmv => "slice_spmv",
            Kernel::VstackSpmv => "vstack_spmv",
            Kernel::HstackSpmv => "hstack_spmv",
            Kernel::VstackSpmvUnfused => "vstack_spmv_unfused",
            Kernel::HstackSpmvUnfused => "hstack_spmv_unfused",
            Kernel::CollapseMultiply => "collapse_multiply",
            Kernel::CollapseMultiplyUnfused => "collapse_multiply_unfused",
            Kernel::SliceMultiply => "slice_multiply",
            Kernel::SliceMultiplyUnfused => "slice_multiply_unfused",
            Kernel::Spgemm => "spgemm",
            Kernel::SpgemmCoord => "spgemm_coord",
            Kernel::SpgemmHash => "spgemm_hash",
            Kernel::SpgemmOuter => "spgemm_outer",
            Kernel::SpgemmOuterDense => "spgemm_outer_dense",
            Kernel::Transpose => "transpose",
            Kernel::TransposeCoord => "transpose_coord",
            Kernel::Convert => "convert",
            Kernel::Triangles => "triangles",
            Kernel::MinPlus => "minplus",
            Kernel::RowMin => "row_min",
            Kernel::BfsStep => "bfs_step",
            Kernel::PageRank => "pagerank",
            Kernel::Maximum => "maximum",
            Kernel::LogicalXor => "logical_xor",
            Kernel::Where => "where",
            Kernel::MulAdd => "mul_add",
        }
    }

    /// Whether the Python peers compute it: every kernel but the variants
    /// of another (the convolutions in PyTorch only).
    pub fn has_peers(self) -> bool {
        self.variant_of().is_none()
    }

    /// Whether it is a convolution, whose dense baseline PyTorch computes.
    pub fn is_convolution(self) -> bool {
        matches!(self, Kernel::Conv1d | Kernel::Conv2d | Kernel::Conv3d | Kernel::ConvNhwc)
    }

    /// Whether upstream's sparsifier runs it: not a variant of another
    /// kernel that differs only in our choices, nor a kernel in `arr` form,
    /// nor `Where`, on which upstream's sparsifier crashes (a segmentation
    /// fault in `mlir-opt --sparsifier` too), which would end the run, nor
    /// `LogicalXor`, whose every component upstream's code stores (the
    /// loop over a row's columns inserts the 0 between entries too): 3.6 ·
    /// 10^9 of them at the LLC size, more memory than the machine has, nor
    /// `CollapseMultiply`, for which upstream's code allocates and fills a
    /// dense buffer as long as the flattened vector at every run (32 MB at
    /// the L2 size; 29 GB at the LLC size, where `malloc` fails and the
    /// fill writes through the null pointer, a crash that would end the run).
    pub fn has_upstream(self) -> bool {
        self.variant_of().is_none()
            && !matches!(
                self,
                Kernel::SliceRows
                    | Kernel::SplitBack
                    | Kernel::RowMin
                    | Kernel::BfsStep
                    | Kernel::SpgemmOuter
                    | Kernel::Where
                    | Kernel::LogicalXor
                    | Kernel::CollapseMultiply
            )
    }

    /// The kernel this one computes another way, ours alone (a workspace
    /// or a concatenation built first).
    pub fn variant_of(self) -> Option<Kernel> {
        match self {
            Kernel::SpgemmCoord | Kernel::SpgemmHash => Some(Kernel::Spgemm),
            Kernel::SpgemmOuterDense => Some(Kernel::SpgemmOuter),
            Kernel::TransposeCoord => Some(Kernel::Transpose),
            Kernel::VstackSpmvUnfused => Some(Kernel::VstackSpmv),
            Kernel::HstackSpmvUnfused => Some(Kernel::HstackSpmv),
            Kernel::CollapseMultiplyUnfused => Some(Kernel::CollapseMultiply),
            Kernel::SliceMultiplyUnfused => Some(Kernel::SliceMultiply),
            _ => None,
        }
    }

    /// Whether input `index` is a dense array (the others are sparse, in
    /// the case's format).
    pub fn dense_input(self, index: usize) -> bool {
        match self {
            Kernel::Spadd
            | Kernel::Multiply
            | Kernel::Dot
            | Kernel::Vstack
            | Kernel::Hstack
            | Kernel::Spgemm
            | Kernel::SpgemmOuter
            | Kernel::SpgemmOuterDense
            | Kernel::Triangles
            | Kernel::Maximum
            | Kernel::LogicalXor
            | Kernel::Where
            | Kernel::MulAdd
            | Kernel::CollapseMultiply
            | Kernel::CollapseMultiplyUnfused
            | Kernel::SliceMultiply
            | Kernel::SliceMultiplyUnfused => false,
            Kernel::VstackSpmv | Kernel::HstackSpmv | Kernel::VstackSpmvUnfused | Kernel::HstackSpmvUnfused => index == 2,
            Kernel::BfsStep => index == 1,
            _ => index > 0,
        }
    }

    /// The fill of an elementwise kernel's sparse result: its body applied
    /// to the operands' fill `f` (paper 000 §4.4).
    fn result_fill(self, f: f64) -> f64 {
        match self {
            Kernel::Spadd => f + f,
            Kernel::Multiply => f * f,
            Kernel::Maximum | Kernel::Where => f,
            Kernel::LogicalXor => 0.0,
            Kernel::MulAdd => f * f + f,
            other => unreachable!("{other:?} is not elementwise"),
        }
    }
}

/// `tensor<SHAPExf64[, ENCODING]>`.
fn tensor(shape: &[usize], format: Option<Format>) -> String {
    encoded_tensor(shape, &format.map(Format::encoding).unwrap_or_default())
}

/// `tensor<SHAPExf64[, ENCODING]>` of an encoding's text ("" for none).
fn encoded_tensor(shape: &[usize], encoding: &str) -> String {
    let sizes: String = shape.iter().map(|size| format!("{size}x")).collect();
    match encoding {
        "" => format!("tensor<{sizes}f64>"),
        encoding => format!("tensor<{sizes}f64, {encoding}>"),
    }
}

/// What a kernel's result starts from: `linalg.generic`'s `outs` operand.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Init {
    /// A zero constant.
    Zero,
    /// `tensor.empty`: a sparse result, built from nothing.
    Empty,
    /// A last parameter of the result's type, after the inputs.
    Argument,
}

/// One linalg.generic kernel `@kernel`.
struct Generic<'s> {
    inputs: Vec<(String, &'s str)>,
    output: String,
    output_map: &'s str,
    iterators: &'s str,
    /// Body lines over `%in0, %in1, ...` (and `%acc` when reducing), ending
    /// in `%r`; empty to yield `%in0`.
    body: &'s str,
    init: Init,
    /// Discardable attributes of the `linalg.generic` (`attrs = {...}`), or "".
    attributes: &'s str,
}

impl Generic<'_> {
    fn text(&self) -> String {
        let mut parameters = self.inputs.iter().map(|(t, _)| t.clone()).collect::<Vec<_>>();
        if self.init == Init::Argument {
            parameters.push(self.output.clone());
        }
        let parameters = parameters.iter().enumerate().map(|(n, t)| format!("%arg{n}: {t}")).collect::<Vec<_>>().join(", ");
        let maps = self
            .inputs
            .iter()
            .map(|(_, map)| format!("affine_map<{map}>"))
            .chain([format!("affine_map<{}>", self.output_map)])
            .collect::<Vec<_>>()
            .join(", ");
        let names = (0..self.inputs.len()).map(|n| format!("%arg{n}")).collect::<Vec<_>>().join(", ");
        let types = self.inputs.iter().map(|(t, _)| t.clone()).collect::<Vec<_>>().join(", ");
        let arguments = (0..self.inputs.len()).map(|n| format!("%in{n}: f64")).collect::<Vec<_>>().join(", ");
        let (init, outs) = match self.init {
            Init::Zero => (format!("  %init = arith.constant dense<0.0> : {}\n", self.output), "%init".to_string()),
            Init::Empty => (format!("  %init = tensor.empty() : {}\n", self.output), "%init".to_string()),
            Init::Argument => (String::new(), format!("%arg{}", self.inputs.len())),
        };
        format!(
            "func.func @kernel({parameters}) -> {output} attributes {{llvm.emit_c_interface}} {{\n{init}  \
             %result = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iterators}]}}\n      \
             ins({names} : {types}) outs({outs} : {output}){attributes} {{\n  ^bb0({arguments}, %acc: f64):\n{body}    linalg.yield {yielded} : f64\n  }} -> {output}\n  \
             return %result : {output}\n}}\n",
            output = self.output,
            iterators = self.iterators,
            attributes = if self.attributes.is_empty() { String::new() } else { format!(" attrs = {{{}}}", self.attributes) },
            body = self.body.lines().map(|line| format!("    {line}\n")).collect::<String>(),
            yielded = if self.body.is_empty() { "%in0" } else { "%r" },
        )
    }
}

/// The sparse result of an elementwise kernel over operands in `format`:
/// the operands' type, or, where the body computes another fill from
/// theirs, CSR with that fill (the formats whose fill is not 0 are CSR).
fn elementwise_result(kernel: Kernel, format: Format, shape: &[usize]) -> String {
    let fill = kernel.result_fill(format.fill());
    if fill.to_bits() == format.fill().to_bits() {
        return tensor(shape, Some(format));
    }
    encoded_tensor(shape, &csr_with_fill(fill))
}

/// The source of a shape operator's kernel: its operands in `format`, its
/// result in `format` too (a sparse vector for a collapse).
fn shape_operator(kernel: Kernel, format: Format, shapes: &[Vec<usize>]) -> String {
    let operands = shapes.iter().map(|shape| tensor(shape, Some(format))).collect::<Vec<_>>();
    let parameters = operands.iter().enumerate().map(|(n, t)| format!("%arg{n}: {t}")).collect::<Vec<_>>().join(", ");
    let (result, op) = match kernel {
        Kernel::Collapse => {
            let result = tensor(&[shapes[0][0] * shapes[0][1]], Some(Format::Sparse));
            let op = format!("tensor.collapse_shape %arg0 [[0, 1]] : {} into {result}", operands[0]);
            (result, op)
        }
        _ => {
            let dim = usize::from(kernel == Kernel::Hstack);
            let mut shape = shapes[0].clone();
            shape[dim] += shapes[1][dim];
            let result = tensor(&shape, Some(format));
            let op = format!(
                "sparse_tensor.concatenate %arg0, %arg1 {{dimension = {dim} : index}} : {}, {} to {result}",
                operands[0], operands[1]
            );
            (result, op)
        }
    };
    format!(
        "func.func @kernel({parameters}) -> {result} attributes {{llvm.emit_c_interface}} {{\n  %result = {op}\n  return %result : {result}\n}}\n"
    )
}

/// `sparse_tensor.convert` of a matrix in `format` (CSR, 64- or 32-bit)
/// into the format that stores its columns first, of the same widths.
fn convert(format: Format, shapes: &[Vec<usize>]) -> String {
    let source = tensor(&shapes[0], Some(format));
    let columns_first = match format {
        Format::Csr32 => "#sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed), posWidth = 32, crdWidth = 32}>".into(),
        _ => Format::Csc.encoding(),
    };
    let result = encoded_tensor(&shapes[0], &columns_first);
    format!(
        "func.func @kernel(%arg0: {source}) -> {result} attributes {{llvm.emit_c_interface}} {{\n  %result = sparse_tensor.convert %arg0 : {source} to {result}\n  return %result : {result}\n}}\n"
    )
}

/// SpMV over two matrices in `format` concatenated along dimension 0 or 1
/// (upstream's `sparse_tensor.concatenate`, then `linalg.matvec`): the
/// product reads the concatenation, which we fuse; the unfused variants
/// build it first in a function of their own. Both free it after.
fn concat_spmv(kernel: Kernel, format: Format, shapes: &[Vec<usize>]) -> String {
    let dim = usize::from(matches!(kernel, Kernel::HstackSpmv | Kernel::HstackSpmvUnfused));
    let (a, b) = (tensor(&shapes[0], Some(format)), tensor(&shapes[1], Some(format)));
    let mut shape = shapes[0].clone();
    shape[dim] += shapes[1][dim];
    let (matrix, x, y) = (tensor(&shape, Some(format)), tensor(&shapes[2], None), tensor(&shape[..1], None));
    let concatenate = |a_name: &str, b_name: &str| {
        format!("sparse_tensor.concatenate {a_name}, {b_name} {{dimension = {dim} : index}} : {a}, {b} to {matrix}")
    };
    let (helper, stacked) = if kernel.variant_of().is_some() {
        (
            format!(
                "func.func private @stack(%a: {a}, %b: {b}) -> {matrix} {{
  %s = {}
  return %s : {matrix}
}}
",
                concatenate("%a", "%b")
            ),
            format!("call @stack(%arg0, %arg1) : ({a}, {b}) -> {matrix}"),
        )
    } else {
        (String::new(), concatenate("%arg0", "%arg1"))
    };
    // Freed in both: upstream's sparsifier builds the concatenation of the
    // fused file too, and without it leaked that copy at every call (1 GB
    // a case at the DRAM size, which filled the machine over a benchmark
    // run); ours reads it in place and frees nothing.
    let free = format!("  bufferization.dealloc_tensor %s : {matrix}\n");
    format!(
        "{helper}func.func @kernel(%arg0: {a}, %arg1: {b}, %arg2: {x}) -> {y} attributes {{llvm.emit_c_interface}} {{
  %s = {stacked}
  %init = arith.constant dense<0.0> : {y}
  %y = linalg.matvec ins(%s, %arg2 : {matrix}, {x}) outs(%init : {y}) -> {y}
{free}  return %y : {y}
}}
"
    )
}

/// A view copied into `format` in `arr` form (upstream has no view of a
/// sparse tensor to return): every other row of the first half of a matrix
/// in `format`, or a sparse vector of `N · N` components split into rows of `N`.
fn view_copy(kernel: Kernel, format: Format, shapes: &[Vec<usize>]) -> String {
    let (source, view, result_shape) = match kernel {
        Kernel::SliceRows => {
            let (rows, columns) = (shapes[0][0], shapes[0][1]);
            let kept = (rows / 2).div_ceil(2);
            let source = tensor(&shapes[0], Some(format));
            let view = format!(
                "\"arr.slice\"(%arg0) {{dim = 0 : i64, start = 0 : i64, stop = {} : i64, step = 2 : i64}} : ({source}) -> tensor<{kept}x{columns}xf64>",
                rows / 2
            );
            (source, view, vec![kept, columns])
        }
        _ => {
            let side = (shapes[0][0] as f64).sqrt().round() as usize;
            let source = tensor(&shapes[0], Some(Format::Sparse));
            let view = format!("\"arr.split\"(%arg0) {{dim = 0 : i64}} : ({source}) -> tensor<{side}x{side}xf64>");
            (source, view, vec![side, side])
        }
    };
    let plain = tensor(&result_shape, None);
    let result = tensor(&result_shape, Some(format));
    format!(
        "func.func @kernel(%arg0: {source}) -> {result} attributes {{llvm.emit_c_interface}} {{
  %view = {view}
  %result = \"arr.compute\"() ({{
    %a = \"arr.access\"(%view) {{indexing_map = affine_map<(i, j) -> (i, j)>}} : ({plain}) -> f64
    \"vector.yield\"(%a) : (f64) -> ()
  }}) {{indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []}} : () -> {result}
  return %result : {result}
}}
"
    )
}

/// `y = A[0 : M/2 : 2, :] · x` in upstream's form, `A` in `format` (CSR).
fn slice_spmv(format: Format, shapes: &[Vec<usize>]) -> String {
    let (rows, columns) = (shapes[0][0], shapes[0][1]);
    let kept = (rows / 2).div_ceil(2);
    let source = tensor(&shapes[0], Some(format));
    format!(
        "{}
func.func @kernel(%arg0: {source}, %arg1: tensor<{columns}xf64>) -> tensor<{kept}xf64> attributes {{llvm.emit_c_interface}} {{
  %rows = tensor.extract_slice %arg0[0, 0] [{kept}, {columns}] [2, 1] : {source} to tensor<{kept}x{columns}xf64, #ROWS>
  %init = arith.constant dense<0.0> : tensor<{kept}xf64>
  %result = linalg.matvec ins(%rows, %arg1 : tensor<{kept}x{columns}xf64, #ROWS>, tensor<{columns}xf64>) outs(%init : tensor<{kept}xf64>) -> tensor<{kept}xf64>
  return %result : tensor<{kept}xf64>
}}
",
        half_rows_encoding(kept, columns)
    )
}

/// `#ROWS`, the slice-encoded CSR type of `A[0 : M/2 : 2, :]` (`kept`
/// rows of `columns`), which `tensor.extract_slice` of a CSR matrix gives.
fn half_rows_encoding(kept: usize, columns: usize) -> String {
    format!(
        "#ROWS = #sparse_tensor.encoding<{{map = (i : #sparse_tensor<slice(0, {kept}, 2)>, j : #sparse_tensor<slice(0, {columns}, 1)>) -> (i : dense, j : compressed)}}>"
    )
}

/// Paper 001's fused elementwise products in upstream's form: a view of
/// the first operand (its row-major collapse, or every other row of its
/// first half) times the second operand into a sparse result, the view
/// read in place; the unfused variants build the view first in a function
/// of their own (`@view`), then free it.
fn view_multiply(kernel: Kernel, format: Format, shapes: &[Vec<usize>]) -> String {
    let (rows, columns) = (shapes[0][0], shapes[0][1]);
    let source = tensor(&shapes[0], Some(format));
    let unfused = kernel.variant_of().is_some();
    // The view of %a as `%v`, its type, and the maps' and iterators' texts.
    let (header, view_of, viewed, map, iterators) = if matches!(kernel, Kernel::CollapseMultiply | Kernel::CollapseMultiplyUnfused) {
        let vector = tensor(&[rows * columns], Some(Format::Sparse));
        let view = format!("  %v = tensor.collapse_shape %a [[0, 1]] : {source} into {vector}\n");
        (String::new(), view, vector, "(k) -> (k)", r#""parallel""#)
    } else {
        let kept = (rows / 2).div_ceil(2);
        let slice = format!("tensor<{kept}x{columns}xf64, #ROWS>");
        let extract = format!("tensor.extract_slice %a[0, 0] [{kept}, {columns}] [2, 1] : {source} to {slice}");
        let (view, viewed) = if unfused {
            let built = tensor(&[kept, columns], Some(format));
            (format!("  %s = {extract}\n  %v = sparse_tensor.convert %s : {slice} to {built}\n"), built)
        } else {
            (format!("  %v = {extract}\n"), slice)
        };
        (half_rows_encoding(kept, columns) + "\n", view, viewed, "(i, j) -> (i, j)", r#""parallel", "parallel""#)
    };
    let other = tensor(&shapes[1], Some(if shapes[1].len() == 1 { Format::Sparse } else { format }));
    let result = other.clone();
    let (helper, view, free) = if unfused {
        (
            format!("func.func private @view(%a: {source}) -> {viewed} {{\n{view_of}  return %v : {viewed}\n}}\n"),
            format!("  %v = call @view(%arg0) : ({source}) -> {viewed}\n"),
            format!("  bufferization.dealloc_tensor %v : {viewed}\n"),
        )
    } else {
        (String::new(), view_of.replace("%a", "%arg0"), String::new())
    };
    format!(
        "{header}{helper}func.func @kernel(%arg0: {source}, %arg1: {other}) -> {result} attributes {{llvm.emit_c_interface}} {{
{view}  %init = tensor.empty() : {result}
  %result = linalg.generic {{indexing_maps = [affine_map<{map}>, affine_map<{map}>, affine_map<{map}>], iterator_types = [{iterators}]}}
      ins(%v, %arg1 : {viewed}, {other}) outs(%init : {result}) {{
  ^bb0(%in0: f64, %in1: f64, %acc: f64):
    %r = arith.mulf %in0, %in1 : f64
    linalg.yield %r : f64
  }} -> {result}
{free}  return %result : {result}
}}
"
    )
}

/// The min-plus step in `arr` form: the matrix in `format` (its fill +∞),
/// the distances dense, the result dense with fill +∞ (min's identity). The
/// semiring's `plus` declares +∞ its annihilator, so the loops visit the
/// matrix's entries only (with `arith.addf`, `+∞ + d(j)` is not known to
/// be +∞: `d(j)` may be -∞).
fn min_plus(format: Format, shapes: &[Vec<usize>]) -> String {
    let (rows, columns) = (shapes[0][0], shapes[0][1]);
    format!(
        "#Dinf = #arr.encoding<[#arr.level<\"dense\", {{}}>], 0x7FF0000000000000 : f64, affine_map<(i) -> (i)>>
func.func private @min(%x: f64, %y: f64) -> f64 attributes {{arr.properties = {{commutative, associative, idempotent, identity = 0x7FF0000000000000 : f64}}}} {{
  %m = arith.minimumf %x, %y : f64
  return %m : f64
}}
func.func private @plus(%x: f64, %y: f64) -> f64 attributes {{arr.properties = {{commutative, associative, identity = 0.0 : f64, annihilator = 0x7FF0000000000000 : f64}}}} {{
  %s = arith.addf %x, %y : f64
  return %s : f64
}}
func.func @kernel(%A: tensor<{rows}x{columns}xf64, {encoding}>, %d: tensor<{columns}xf64>) -> tensor<{rows}xf64, #Dinf> {{
  %y = \"arr.compute\"() ({{
    %a = \"arr.access\"(%A) {{indexing_map = affine_map<(i, j) -> (i, j)>}} : (tensor<{rows}x{columns}xf64, {encoding}>) -> f64
    %b = \"arr.access\"(%d) {{indexing_map = affine_map<(i, j) -> (j)>}} : (tensor<{columns}xf64>) -> f64
    %s = func.call @plus(%a, %b) : (f64, f64) -> f64
    \"vector.yield\"(%s) : (f64) -> ()
  }}) {{indexing_map = affine_map<(i, j) -> (i)>, reductions = [@min]}} : () -> tensor<{rows}xf64, #Dinf>
  return %y : tensor<{rows}xf64, #Dinf>
}}
",
        encoding = format.encoding()
    )
}

/// `y(i) = min_j A(i, j)` over every component of each row, `A` in `format`
/// with fill 0, into a dense vector: `@min` declares its identity +inf, so
/// each row starts there and its unstored 0s are folded in after its loop.
fn row_min(format: Format, shapes: &[Vec<usize>]) -> String {
    let (rows, columns) = (shapes[0][0], shapes[0][1]);
    format!(
        "func.func private @min(%x: f64, %y: f64) -> f64 attributes {{arr.properties = {{commutative, associative, idempotent, identity = 0x7FF0000000000000 : f64}}}} {{
  %m = arith.minimumf %x, %y : f64
  return %m : f64
}}
func.func @kernel(%A: tensor<{rows}x{columns}xf64, {encoding}>) -> tensor<{rows}xf64> {{
  %y = \"arr.compute\"() ({{
    %a = \"arr.access\"(%A) {{indexing_map = affine_map<(i, j) -> (i, j)>}} : (tensor<{rows}x{columns}xf64, {encoding}>) -> f64
    \"vector.yield\"(%a) : (f64) -> ()
  }}) {{indexing_map = affine_map<(i, j) -> (i)>, reductions = [@min]}} : () -> tensor<{rows}xf64>
  return %y : tensor<{rows}xf64>
}}
",
        encoding = format.encoding()
    )
}

/// One pulled breadth-first step over `B` in `format`: `y(i) = OR_j and(B(i,
/// j), q(j))` where `v(i)` is not stored, `q` dense, `v` a sparse vector,
/// `y` a sparse vector of 1s. `or` declares 1 its annihilator, so a row
/// stops at its first hit.
fn bfs_step(format: Format, shapes: &[Vec<usize>]) -> String {
    let (rows, columns) = (shapes[0][0], shapes[0][1]);
    format!(
        "#SV = #arr.encoding<[#arr.level<\"compressed\", {{}}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func private @or(%x: f64, %y: f64) -> f64 attributes {{arr.properties = {{commutative, associative, idempotent, identity = 0.0 : f64, annihilator = 1.0 : f64}}}} {{
  %m = arith.maximumf %x, %y : f64
  return %m : f64
}}
func.func private @and(%x: f64, %y: f64) -> f64 attributes {{arr.properties = {{commutative, annihilator = 0.0 : f64}}}} {{
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %a = arith.cmpf one, %x, %zero : f64
  %b = arith.cmpf one, %y, %zero : f64
  %both = arith.andi %a, %b : i1
  %r = arith.select %both, %one, %zero : f64
  return %r : f64
}}
func.func private @unvisited(%x: f64, %m: f64) -> f64 attributes {{arr.iteration_space = #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.complement<#arr.ne<1 : i64, 0.0 : f64>>]>}} {{
  return %x : f64
}}
func.func @kernel(%B: tensor<{rows}x{columns}xf64, {encoding}>, %q: tensor<{columns}xf64>, %v: tensor<{rows}xf64, #SV>) -> tensor<{rows}xf64, #SV> {{
  %y = \"arr.compute\"() ({{
    %b = \"arr.access\"(%B) {{indexing_map = affine_map<(i, j) -> (i, j)>}} : (tensor<{rows}x{columns}xf64, {encoding}>) -> f64
    %f = \"arr.access\"(%q) {{indexing_map = affine_map<(i, j) -> (j)>}} : (tensor<{columns}xf64>) -> f64
    %m = \"arr.access\"(%v) {{indexing_map = affine_map<(i, j) -> (i)>}} : (tensor<{rows}xf64, #SV>) -> f64
    %p = func.call @and(%b, %f) : (f64, f64) -> f64
    %u = func.call @unvisited(%p, %m) : (f64, f64) -> f64
    \"vector.yield\"(%u) : (f64) -> ()
  }}) {{indexing_map = affine_map<(i, j) -> (i)>, reductions = [@or]}} : () -> tensor<{rows}xf64, #SV>
  return %y : tensor<{rows}xf64, #SV>
}}
",
        encoding = format.encoding()
    )
}

/// The damping factor of [`Kernel::PageRank`].
pub const DAMPING: f64 = 0.85;

/// One PageRank step in upstream's form over `A` in `format` (square), the
/// ranks and the out-degrees dense: `w = r / deg`, `y = A · w`, `r' = 0.85 ·
/// y + 0.15 / N`.
fn pagerank(format: Format, shapes: &[Vec<usize>]) -> String {
    let n = shapes[0][0];
    let matrix = tensor(&shapes[0], Some(format));
    let vector = tensor(&[n], None);
    // Its bits, which MLIR reads exactly whatever its decimal form.
    let teleport = ((1.0 - DAMPING) / n as f64).to_bits();
    let maps = |count: usize| vec!["affine_map<(i) -> (i)>"; count].join(", ");
    format!(
        "func.func @kernel(%A: {matrix}, %r: {vector}, %deg: {vector}) -> {vector} attributes {{llvm.emit_c_interface}} {{
  %empty = tensor.empty() : {vector}
  %w = linalg.generic {{indexing_maps = [{three}], iterator_types = [\"parallel\"]}} ins(%r, %deg : {vector}, {vector}) outs(%empty : {vector}) {{
  ^bb0(%x: f64, %d: f64, %out: f64):
    %q = arith.divf %x, %d : f64
    linalg.yield %q : f64
  }} -> {vector}
  %zero = arith.constant dense<0.0> : {vector}
  %y = linalg.matvec ins(%A, %w : {matrix}, {vector}) outs(%zero : {vector}) -> {vector}
  %next = linalg.generic {{indexing_maps = [{two}], iterator_types = [\"parallel\"]}} ins(%y : {vector}) outs(%empty : {vector}) {{
  ^bb0(%x: f64, %out: f64):
    %damping = arith.constant {DAMPING:?} : f64
    %teleport = arith.constant 0x{teleport:016X} : f64
    %s = arith.mulf %x, %damping : f64
    %t = arith.addf %s, %teleport : f64
    linalg.yield %t : f64
  }} -> {vector}
  return %next : {vector}
}}
",
        three = maps(3),
        two = maps(2),
    )
}

/// The kernel's source for operands of these shapes, the sparse one in `format`.
pub fn source(kernel: Kernel, format: Format, shapes: &[Vec<usize>]) -> String {
    let sparse = |index: usize| tensor(&shapes[index], Some(format));
    let dense = |index: usize| tensor(&shapes[index], None);
    let reduce = "%p = arith.mulf %in0, %in1 : f64\n%r = arith.addf %acc, %p : f64";
    let generic = match kernel {
        Kernel::Spmv | Kernel::SpmvAcc => Generic {
            inputs: vec![(sparse(0), "(i, j) -> (i, j)"), (dense(1), "(i, j) -> (j)")],
            output: tensor(&[shapes[0][0]], None),
            output_map: "(i, j) -> (i)",
            iterators: r#""parallel", "reduction""#,
            body: reduce,
            init: if kernel == Kernel::SpmvAcc { Init::Argument } else { Init::Zero },
            attributes: "",
        },
        Kernel::Spmm => Generic {
            inputs: vec![(sparse(0), "(i, j, k) -> (i, k)"), (dense(1), "(i, j, k) -> (k, j)")],
            output: tensor(&[shapes[0][0], shapes[1][1]], None),
            output_map: "(i, j, k) -> (i, j)",
            iterators: r#""parallel", "parallel", "reduction""#,
            body: reduce,
            init: Init::Zero,
            attributes: "",
        },
        Kernel::Spadd | Kernel::Multiply | Kernel::Maximum | Kernel::LogicalXor | Kernel::Where | Kernel::MulAdd => Generic {
            inputs: (0..shapes.len()).map(|index| (sparse(index), "(i, j) -> (i, j)")).collect(),
            output: elementwise_result(kernel, format, &shapes[0]),
            output_map: "(i, j) -> (i, j)",
            iterators: r#""parallel", "parallel""#,
            body: match kernel {
                Kernel::Spadd => "%r = arith.addf %in0, %in1 : f64",
                Kernel::Multiply => "%r = arith.mulf %in0, %in1 : f64",
                Kernel::Maximum => "%r = arith.maximumf %in0, %in1 : f64",
                Kernel::LogicalXor => {
                    "%zero = arith.constant 0.0 : f64\n%a = arith.cmpf one, %in0, %zero : f64\n%b = arith.cmpf one, %in1, %zero : f64\n\
                     %x = arith.xori %a, %b : i1\n%r = arith.uitofp %x : i1 to f64"
                }
                Kernel::Where => {
                    "%zero = arith.constant 0.0 : f64\n%m = arith.cmpf one, %in0, %zero : f64\n%r = arith.select %m, %in1, %in2 : f64"
                }
                _ => "%p = arith.mulf %in0, %in1 : f64\n%r = arith.addf %p, %in2 : f64",
            },
            init: Init::Empty,
            attributes: "",
        },
        Kernel::Sddmm => Generic {
            inputs: vec![(sparse(0), "(i, j, k) -> (i, j)"), (dense(1), "(i, j, k) -> (i, k)"), (dense(2), "(i, j, k) -> (k, j)")],
            output: tensor(&shapes[0], None),
            output_map: "(i, j, k) -> (i, j)",
            iterators: r#""parallel", "parallel", "reduction""#,
            body: "%p = arith.mulf %in1, %in2 : f64\n%q = arith.mulf %in0, %p : f64\n%r = arith.addf %acc, %q : f64",
            init: Init::Zero,
            attributes: "",
        },
        Kernel::Sum => Generic {
            inputs: vec![(sparse(0), "(i, j) -> (i, j)")],
            output: "tensor<f64>".into(),
            output_map: "(i, j) -> ()",
            iterators: r#""reduction", "reduction""#,
            body: "%r = arith.addf %acc, %in0 : f64",
            init: Init::Zero,
            attributes: "",
        },
        Kernel::Dot => Generic {
            inputs: vec![(sparse(0), "(i) -> (i)"), (sparse(1), "(i) -> (i)")],
            output: "tensor<f64>".into(),
            output_map: "(i) -> ()",
            iterators: r#""reduction""#,
            body: reduce,
            init: Init::Zero,
            attributes: "",
        },
        Kernel::Ttv => Generic {
            inputs: vec![(sparse(0), "(i, j, k) -> (i, j, k)"), (dense(1), "(i, j, k) -> (k)")],
            output: tensor(&shapes[0][..2], None),
            output_map: "(i, j, k) -> (i, j)",
            iterators: r#""parallel", "parallel", "reduction""#,
            body: reduce,
            init: Init::Zero,
            attributes: "",
        },
        Kernel::Mttkrp => Generic {
            inputs: vec![
                (sparse(0), "(i, j, k, l) -> (i, k, l)"),
                (dense(1), "(i, j, k, l) -> (k, j)"),
                (dense(2), "(i, j, k, l) -> (l, j)"),
            ],
            output: tensor(&[shapes[0][0], shapes[1][1]], None),
            output_map: "(i, j, k, l) -> (i, j)",
            iterators: r#""parallel", "parallel", "reduction", "reduction""#,
            body: "%p = arith.mulf %in0, %in1 : f64\n%q = arith.mulf %p, %in2 : f64\n%r = arith.addf %acc, %q : f64",
            init: Init::Zero,
            attributes: "",
        },
        Kernel::Conv1d => Generic {
            inputs: vec![(sparse(0), "(i, k) -> (i + k)"), (dense(1), "(i, k) -> (k)")],
            output: tensor(&[shapes[0][0] + 1 - shapes[1][0]], None),
            output_map: "(i, k) -> (i)",
            iterators: r#""parallel", "reduction""#,
            body: reduce,
            init: Init::Zero,
            attributes: "",
        },
        Kernel::Conv2d => Generic {
            inputs: vec![(sparse(0), "(i, j, r, s) -> (i + r, j + s)"), (dense(1), "(i, j, r, s) -> (r, s)")],
            output: tensor(&[shapes[0][0] + 1 - shapes[1][0], shapes[0][1] + 1 - shapes[1][1]], None),
            output_map: "(i, j, r, s) -> (i, j)",
            iterators: r#""parallel", "parallel", "reduction", "reduction""#,
            body: reduce,
            init: Init::Zero,
            attributes: "",
        },
        Kernel::ConvNhwc => Generic {
            inputs: vec![(sparse(0), "(n, h, w, f, r, s, c) -> (n, h + r, w + s, c)"), (dense(1), "(n, h, w, f, r, s, c) -> (r, s, c, f)")],
            output: tensor(&[shapes[0][0], shapes[0][1] + 1 - shapes[1][0], shapes[0][2] + 1 - shapes[1][1], shapes[1][3]], None),
            output_map: "(n, h, w, f, r, s, c) -> (n, h, w, f)",
            iterators: r#""parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction""#,
            body: reduce,
            init: Init::Zero,
            attributes: "",
        },
        Kernel::Conv3d => Generic {
            inputs: vec![(sparse(0), "(i, j, k, r, s, t) -> (i + r, j + s, k + t)"), (dense(1), "(i, j, k, r, s, t) -> (r, s, t)")],
            output: tensor(&(0..3).map(|dim| shapes[0][dim] + 1 - shapes[1][dim]).collect::<Vec<_>>(), None),
            output_map: "(i, j, k, r, s, t) -> (i, j, k)",
            iterators: r#""parallel", "parallel", "parallel", "reduction", "reduction", "reduction""#,
            body: reduce,
            init: Init::Zero,
            attributes: "",
        },
        Kernel::Spgemm | Kernel::SpgemmCoord | Kernel::SpgemmHash => Generic {
            inputs: vec![(sparse(0), "(i, j, k) -> (i, k)"), (sparse(1), "(i, j, k) -> (k, j)")],
            output: tensor(&[shapes[0][0], shapes[1][1]], Some(format)),
            output_map: "(i, j, k) -> (i, j)",
            iterators: r#""parallel", "parallel", "reduction""#,
            body: reduce,
            init: Init::Empty,
            attributes: match kernel {
                Kernel::SpgemmCoord => r#"sig.workspace = {kind = "coord"}"#,
                Kernel::SpgemmHash => r#"sig.workspace = {kind = "hash"}"#,
                _ => "",
            },
        },
        Kernel::SpgemmOuter | Kernel::SpgemmOuterDense => Generic {
            inputs: vec![
                (tensor(&shapes[0], Some(Format::Dcsc)), "(i, j, k) -> (i, k)"),
                (tensor(&shapes[1], Some(Format::Dcsr)), "(i, j, k) -> (k, j)"),
            ],
            output: tensor(&[shapes[0][0], shapes[1][1]], Some(format)),
            output_map: "(i, j, k) -> (i, j)",
            iterators: r#""parallel", "parallel", "reduction""#,
            body: reduce,
            init: Init::Empty,
            attributes: if kernel == Kernel::SpgemmOuterDense { r#"sig.workspace = {kind = "dense"}"# } else { "" },
        },
        Kernel::Transpose | Kernel::TransposeCoord => Generic {
            inputs: vec![(sparse(0), "(i, j) -> (j, i)")],
            output: tensor(&[shapes[0][1], shapes[0][0]], Some(format)),
            output_map: "(i, j) -> (i, j)",
            iterators: r#""parallel", "parallel""#,
            body: "",
            init: Init::Empty,
            attributes: if kernel == Kernel::TransposeCoord { r#"sig.workspace = {kind = "coord"}"# } else { "" },
        },
        Kernel::Triangles => Generic {
            inputs: vec![(sparse(0), "(i, j, k) -> (i, k)"), (sparse(1), "(i, j, k) -> (k, j)"), (sparse(2), "(i, j, k) -> (i, j)")],
            output: "tensor<f64>".into(),
            output_map: "(i, j, k) -> ()",
            iterators: r#""reduction", "reduction", "reduction""#,
            body: "%p = arith.mulf %in0, %in1 : f64\n%q = arith.mulf %p, %in2 : f64\n%r = arith.addf %acc, %q : f64",
            init: Init::Zero,
            attributes: "",
        },
        Kernel::Vstack | Kernel::Hstack | Kernel::Collapse => return shape_operator(kernel, format, shapes),
        Kernel::Convert => return convert(format, shapes),
        Kernel::SliceRows | Kernel::SplitBack => return view_copy(kernel, format, shapes),
        Kernel::SliceSpmv => return slice_spmv(format, shapes),
        Kernel::CollapseMultiply | Kernel::CollapseMultiplyUnfused | Kernel::SliceMultiply | Kernel::SliceMultiplyUnfused => {
            return view_multiply(kernel, format, shapes)
        }
        Kernel::VstackSpmv | Kernel::HstackSpmv | Kernel::VstackSpmvUnfused | Kernel::HstackSpmvUnfused => {
            return concat_spmv(kernel, format, shapes)
        }
        Kernel::MinPlus => return min_plus(format, shapes),
        Kernel::RowMin => return row_min(format, shapes),
        Kernel::BfsStep => return bfs_step(format, shapes),
        Kernel::PageRank => return pagerank(format, shapes),
    };
    generic.text()
}
