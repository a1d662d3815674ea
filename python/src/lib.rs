//! `sparse_compiler._native`: the compiler and the JIT for Python.
//!
//! `compile(source, name, entry, upstream)` parses, lowers and JIT-compiles
//! a kernel (a module's text: no MLIR object crosses from another copy of
//! MLIR in the process, such as torch-mlir's); a `Kernel` describes its
//! parameters and result, and `Kernel.run` calls it on buffers given by
//! address and length ([`sparse_runtime::Kernel::run_borrowed`]): nothing
//! is copied in, and the result's buffers come back as `Buffer` objects
//! that own the kernel's allocations and expose them through Python's
//! buffer protocol (so `torch.frombuffer` wraps them without a copy).
//! `Kernel.run` trusts the addresses it is given, as `ctypes` does: the
//! package's Python code (`sparse_compiler.torch`) takes them from torch
//! tensors it keeps alive across the call; a caller of its own must do the
//! same. Lengths, alignment and the levels' structure are checked.

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyComplex, PyDict, PyInt, PyList, PyTuple};
use sparse_runtime::abi::Abi;
use sparse_runtime::kernel::{Parameter, TensorParameter};
use sparse_runtime::{BorrowedArgument, BorrowedResult, KernelError, OwnedBuffer, RawBuffer, ResultBuffer, Value};
use std::ffi::{c_int, CString};
use std::sync::Mutex;

/// Large blocks on transparent huge pages, as NumPy's and the kernels' own.
#[global_allocator]
static ALLOCATOR: sparse_runtime::huge_pages::HugePages = sparse_runtime::huge_pages::HugePages;

/// Held while a kernel compiles: MLIR's registration of passes and
/// translations, which every compilation does, is not thread-safe.
static COMPILING: Mutex<()> = Mutex::new(());

pyo3::create_exception!(
    _native,
    CompileError,
    PyRuntimeError,
    "The compiler refused or failed to compile a kernel; the message has its diagnostics."
);
pyo3::create_exception!(_native, InputError, PyValueError, "An argument does not fit the kernel's parameter.");

fn to_python(error: KernelError) -> PyErr {
    match error {
        KernelError::Input(message) => InputError::new_err(message),
        KernelError::Compile(message) | KernelError::Unsupported(message) => CompileError::new_err(message),
        other => PyRuntimeError::new_err(other.to_string()),
    }
}

/// A compiled kernel.
#[pyclass(frozen, module = "sparse_compiler._native")]
struct Kernel {
    inner: sparse_runtime::Kernel,
    /// The text of the module the pipeline lowered the source to, when
    /// asked for (`keep_lowered`).
    lowered: Option<String>,
}

/// Parses, lowers and JIT-compiles the kernel in `source` (named `name` in
/// diagnostics); `entry` chooses among several public functions; with
/// `upstream`, upstream MLIR's sparsifier lowers it instead of ours. For a
/// cache of compiled kernels: with `keep_lowered`, the kernel keeps the
/// text of the module the pipeline lowered `source` to (`Kernel.lowered`);
/// given such a text as `lowered` (from the same source and compiler), the
/// JIT compiles it without running the pipeline, and a text that does not
/// parse raises `CompileError`.
#[pyfunction]
#[pyo3(signature = (source, name = "<input>", entry = None, upstream = false, lowered = None, keep_lowered = false))]
fn compile(
    py: Python<'_>,
    source: &str,
    name: &str,
    entry: Option<&str>,
    upstream: bool,
    lowered: Option<&str>,
    keep_lowered: bool,
) -> PyResult<Kernel> {
    let abi = if upstream { Abi::Upstream } else { Abi::Ours };
    let (kernel, kept) = py
        .detach(|| {
            let _one_at_a_time = COMPILING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            match (lowered, keep_lowered) {
                (None, false) => sparse_runtime::Kernel::compile_with(source, name, entry, abi).map(|kernel| (kernel, None)),
                (lowered, _) => sparse_runtime::Kernel::compile_reusing(source, name, entry, abi, lowered),
            }
        })
        .map_err(to_python)?;
    Ok(Kernel { inner: kernel, lowered: kept })
}

#[pymethods]
impl Kernel {
    /// Each parameter: a dict with `kind` ("tensor" or "scalar"), `element`
    /// (an MLIR element type: "f32", "i64", ...), and for a tensor `shape`
    /// (None where dynamic), `levels` (dicts of `kind`, `unique`, `ordered`,
    /// `pos_width`, `crd_width`), `dim_to_lvl`, `fill` and `buffers` (its
    /// buffers in call order, sizes left out: ("pos", level), ("crd",
    /// level), ... or ("values",)).
    #[getter]
    fn parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let described = self.inner.parameters.iter().map(|parameter| describe(py, parameter)).collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, described)
    }

    /// The result, described as a parameter is.
    #[getter]
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        describe(py, &self.inner.result)
    }

    #[getter]
    fn entry(&self) -> &str {
        &self.inner.entry
    }

    /// The text of the module the pipeline lowered the source to, if the
    /// kernel was compiled with `keep_lowered` (and not from such a text).
    #[getter]
    fn lowered(&self) -> Option<&str> {
        self.lowered.as_deref()
    }

    /// Seconds the compilation took.
    #[getter]
    fn compile_seconds(&self) -> f64 {
        self.inner.compile_time.as_secs_f64()
    }

    /// Runs the kernel. Each argument is a number, or a tensor as `(shape,
    /// [(address, nbytes), ...])`: its buffers in the parameter's order, of
    /// its element type and widths, which the caller keeps alive and
    /// unchanged until the call returns. Returns `(result, seconds)`: the
    /// result a number, or `(shape, buffers)` with each buffer a `Buffer`
    /// or `(argument, buffer)`, an argument's buffer handed back.
    fn run<'py>(&self, py: Python<'py>, arguments: &Bound<'py, PyList>) -> PyResult<(Bound<'py, PyAny>, f64)> {
        let mut owned = Vec::new();
        for (index, argument) in arguments.iter().enumerate() {
            let parameter = self.inner.parameters.get(index);
            owned.push(argument_of(&argument, parameter).map_err(|error| InputError::new_err(format!("input {}: {error}", index + 1)))?);
        }
        let borrowed: Vec<BorrowedArgument> = owned
            .into_iter()
            .map(|argument| match argument {
                Given::Tensor { shape, buffers } => BorrowedArgument::Tensor {
                    shape,
                    buffers: buffers.into_iter().map(|(address, len)| RawBuffer { address: address as *mut u8, len }).collect(),
                },
                Given::Scalar(value) => BorrowedArgument::Scalar(value),
            })
            .collect();
        let kernel = &self.inner;
        // SAFETY: the caller holds each buffer alive, unchanged by others,
        // for the call (this method's contract); the runtime refuses null
        // addresses and checks lengths, alignment and structure.
        let (result, elapsed) = py.detach(|| unsafe { kernel.run_borrowed(&borrowed) }).map_err(to_python)?;
        let result = match result {
            BorrowedResult::Scalar(value) => scalar(py, value)?,
            BorrowedResult::Tensor { shape, buffers } => {
                let buffers = buffers
                    .into_iter()
                    .map(|buffer| match buffer {
                        ResultBuffer::Owned(owned) => Ok(Bound::new(py, Buffer { owned })?.into_any()),
                        ResultBuffer::Argument { argument, buffer } => Ok((argument, buffer).into_pyobject(py)?.into_any()),
                    })
                    .collect::<PyResult<Vec<_>>>()?;
                PyTuple::new(py, [shape.into_pyobject(py)?.into_any(), PyList::new(py, buffers)?.into_any()])?.into_any()
            }
        };
        Ok((result, elapsed.as_secs_f64()))
    }
}

/// An argument as Python gave it: addresses of buffers, or a number.
enum Given {
    Tensor { shape: Vec<usize>, buffers: Vec<(usize, usize)> },
    Scalar(Value),
}

fn argument_of(argument: &Bound<'_, PyAny>, parameter: Option<&Parameter>) -> PyResult<Given> {
    if let Ok((shape, buffers)) = argument.extract::<(Vec<usize>, Vec<(usize, usize)>)>() {
        return Ok(Given::Tensor { shape, buffers });
    }
    if let Ok(complex) = argument.cast::<PyComplex>() {
        return Ok(Given::Scalar(Value::Complex(complex.real(), complex.imag())));
    }
    if let Ok(integer) = argument.extract::<i64>() {
        return Ok(Given::Scalar(Value::Integer(integer)));
    }
    // Past i64, an integer parameter refuses it, not rounded through an f64
    // into the range (-2^63 - 1); a float one takes it rounded.
    let integral = |parameter: &Parameter| match parameter {
        Parameter::Scalar(element) => element.kind() == sparse_runtime::Kind::Integer,
        Parameter::Tensor(tensor) => tensor.element.kind() == sparse_runtime::Kind::Integer,
    };
    if argument.is_instance_of::<PyInt>() && parameter.is_some_and(integral) {
        return Err(PyValueError::new_err(format!("the integer {} is past the 64-bit integers", argument.str()?)));
    }
    if let Ok(real) = argument.extract::<f64>() {
        return Ok(Given::Scalar(Value::Real(real)));
    }
    Err(PyValueError::new_err(format!("expected a number or (shape, buffers), not {}", argument.get_type().name()?)))
}

fn scalar(py: Python<'_>, value: Value) -> PyResult<Bound<'_, PyAny>> {
    Ok(match value {
        Value::Integer(integer) => integer.into_pyobject(py)?.into_any(),
        Value::Real(real) => real.into_pyobject(py)?.into_any(),
        Value::Complex(re, im) => PyComplex::from_doubles(py, re, im).into_any(),
    })
}

fn describe<'py>(py: Python<'py>, parameter: &Parameter) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    match parameter {
        Parameter::Scalar(element) => {
            dict.set_item("kind", "scalar")?;
            dict.set_item("element", element.name())?;
        }
        Parameter::Tensor(tensor) => describe_tensor(py, tensor, &dict)?,
    }
    Ok(dict)
}

fn describe_tensor<'py>(py: Python<'py>, tensor: &TensorParameter, dict: &Bound<'py, PyDict>) -> PyResult<()> {
    use sparse_runtime::abi::Buffer;
    use sparse_runtime::LevelBuffer;
    dict.set_item("kind", "tensor")?;
    dict.set_item("element", tensor.element.name())?;
    dict.set_item("shape", tensor.shape.clone())?;
    let levels = tensor
        .format
        .levels
        .iter()
        .map(|level| {
            let described = PyDict::new(py);
            described.set_item("kind", level.kind.name())?;
            described.set_item("unique", level.unique)?;
            described.set_item("ordered", level.ordered)?;
            described.set_item("pos_width", level.pos_width)?;
            described.set_item("crd_width", level.crd_width)?;
            Ok(described)
        })
        .collect::<PyResult<Vec<_>>>()?;
    dict.set_item("levels", levels)?;
    dict.set_item("dim_to_lvl", tensor.format.dim_to_lvl.clone())?;
    dict.set_item("blocked", tensor.format.blocks.iter().any(|&block| block > 1))?;
    dict.set_item("fill", scalar(py, tensor.fill)?)?;
    let buffers = tensor
        .layout
        .iter()
        .filter_map(|buffer| match *buffer {
            Buffer::Level(level, which) => {
                let name = match which {
                    LevelBuffer::Positions => "pos",
                    LevelBuffer::Coordinates => "crd",
                    other => {
                        return Some(Err(CompileError::new_err(format!("the {other:?} buffer of level {level} has no PyTorch tensor"))))
                    }
                };
                Some((name, level).into_pyobject(py).map(|pair| pair.into_any()))
            }
            Buffer::Values => Some(PyTuple::new(py, ["values"]).map(|single| single.into_any())),
            Buffer::Dim(_) => None,
        })
        .collect::<PyResult<Vec<_>>>()?;
    dict.set_item("buffers", buffers)?;
    Ok(())
}

/// Bytes a kernel returned, owned by this object and exposed through the
/// buffer protocol (writable, one-dimensional, unsigned bytes).
#[pyclass(frozen, module = "sparse_compiler._native")]
struct Buffer {
    owned: OwnedBuffer,
}

#[pymethods]
impl Buffer {
    /// The address of the first byte.
    #[getter]
    fn address(&self) -> usize {
        self.owned.address()
    }

    #[getter]
    fn nbytes(&self) -> usize {
        self.owned.len()
    }

    fn __len__(&self) -> usize {
        self.owned.len()
    }

    /// # Safety
    /// Python calls it with a `Py_buffer` to fill.
    unsafe fn __getbuffer__(slf: Bound<'_, Self>, view: *mut pyo3::ffi::Py_buffer, flags: c_int) -> PyResult<()> {
        let (address, length) = (slf.get().owned.address(), slf.get().owned.len());
        // SAFETY: `view` is the caller's, to fill; the memory stays put and
        // alive while the view holds a reference to `slf` (`obj`).
        unsafe {
            (*view).obj = slf.clone().into_any().into_ptr();
            (*view).buf = address as *mut std::ffi::c_void;
            (*view).len = length as isize;
            (*view).readonly = 0;
            (*view).itemsize = 1;
            (*view).format =
                if flags & pyo3::ffi::PyBUF_FORMAT != 0 { CString::new("B").expect("no NUL").into_raw() } else { std::ptr::null_mut() };
            (*view).ndim = 1;
            (*view).shape = if flags & pyo3::ffi::PyBUF_ND != 0 { &mut (*view).len } else { std::ptr::null_mut() };
            (*view).strides =
                if flags & pyo3::ffi::PyBUF_STRIDES == pyo3::ffi::PyBUF_STRIDES { &mut (*view).itemsize } else { std::ptr::null_mut() };
            (*view).suboffsets = std::ptr::null_mut();
            (*view).internal = std::ptr::null_mut();
        }
        Ok(())
    }

    /// # Safety
    /// Python calls it with a view `__getbuffer__` filled.
    unsafe fn __releasebuffer__(&self, view: *mut pyo3::ffi::Py_buffer) {
        // SAFETY: the format string, when there is one, was made by `CString::into_raw` above.
        unsafe {
            if !(*view).format.is_null() {
                drop(CString::from_raw((*view).format));
            }
        }
    }
}

#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(compile, module)?)?;
    module.add_class::<Kernel>()?;
    module.add_class::<Buffer>()?;
    module.add("CompileError", module.py().get_type::<CompileError>())?;
    module.add("InputError", module.py().get_type::<InputError>())?;
    Ok(())
}
