//! Compiling a kernel with the JIT, and running it on tensors.
//!
//! A kernel is a public function of an MLIR module, in `arr` (or upstream
//! `linalg` raised to it). Before lowering, its signature tells the runtime
//! each parameter's format, element type and static shape, and its
//! statement tells which dimensions must agree; then `--sparse-compiler`
//! lowers it and the ExecutionEngine compiles it at optimization level 3.

use crate::abi::{descriptor, pack, result_fields, unpack, Abi, Element, Slot};
use crate::agreement::{agreements, Agreement};
use crate::tensor::{Tensor, TensorError};
use crate::value::{Scalar, Value};
use crate::{Format, LevelBuffer};
use melior::{
    ir::{
        attribute::{FloatAttribute, IntegerAttribute, TypeAttribute},
        block::BlockLike,
        operation::{OperationLike, OperationMutLike},
        r#type::{DimSize, FunctionType, IntegerType, RankedTensorType},
        Attribute, Module, OperationRef, RegionLike, ShapedTypeLike, Type,
    },
    pass::PassManager,
};
use sparse_dialects::{diagnostics, encoding::Encoding};
use sparse_passes::{abi::Buffer, pipeline};
use std::ffi::c_int;
use std::time::{Duration, Instant};

/// What a kernel takes or returns in one position.
#[derive(Clone, Debug)]
pub enum Parameter {
    Tensor(TensorParameter),
    Scalar(Element),
}

#[derive(Clone, Debug)]
pub struct TensorParameter {
    /// Static sizes; `None` for `?`.
    pub shape: Vec<Option<usize>>,
    pub format: Format,
    /// The fill, held as `element` holds values.
    pub fill: Value,
    pub element: Element,
    pub layout: Vec<Buffer>,
    /// Whether the values travel as a memref of the tensor's rank.
    pub strided: bool,
}

/// A value passed to or returned by a kernel. Values are converted to the
/// parameter's element type when the kernel runs.
#[derive(Clone, Debug, PartialEq)]
pub enum Argument {
    Tensor(Tensor<Value>),
    /// A tensor of a float element type with its values held as `f64`
    /// (8 bytes each, where a [`Value`] takes 24): what a large real input
    /// is best read into.
    RealTensor(Tensor<f64>),
    Scalar(Value),
}

#[derive(Debug, thiserror::Error)]
pub enum KernelError {
    /// MLIR diagnostics, rendered with their locations.
    #[error("{0}")]
    Compile(String),
    #[error("{0}")]
    Unsupported(String),
    #[error("{0}")]
    Input(String),
    #[error("the kernel returned a malformed tensor: {0}")]
    Output(TensorError),
    #[error("the kernel returned a malformed tensor ({error}): the result has more positions than the pos_width of {width} bits of its level {level} holds")]
    NarrowOutput { level: usize, width: u32, error: TensorError },
}

/// How [`Kernel::compile_checked`] compiles, besides the ABI.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CompileOptions {
    /// Every buffer access of the kernel's loops is checked at run time,
    /// and one out of bounds aborts the process with the op's location
    /// (see `pipeline::with_bounds_checks`).
    pub bounds_checks: bool,
    /// The threads the kernel's parallel loops run on: above 1, the
    /// outermost loops whose iterations are independent run on OpenMP's
    /// threads (see `pipeline::with_parallel_loops`), and each call sets
    /// the calling thread's OpenMP thread count to it first
    /// (`omp_set_num_threads`, which stays set); 0 and 1 compile sequential
    /// code. Our ABI only: with upstream's, above 1 is an error.
    pub threads: usize,
    /// With `threads` above 1, the fewest iterations a parallel loop must
    /// run to start the threads (the module attribute
    /// `sparse.parallel_min_iterations`, see `parallelize-outer-loops`);
    /// `None` keeps the pass's defaults.
    pub min_parallel_iterations: Option<u64>,
}

/// Where the module the JIT compiles comes from.
enum Lowering<'t> {
    /// The pipeline lowers the source.
    Pipeline,
    /// The pipeline lowers the source, and the lowered module's text is kept.
    PipelineKept,
    /// The text of a module the pipeline lowered the same source to.
    Reused(&'t str),
}

/// A compiled kernel, ready to run.
pub struct Kernel {
    pub entry: String,
    pub parameters: Vec<Parameter>,
    pub result: Parameter,
    /// The sizes that must agree: the dimensions that index one loop, across
    /// statements, with the static sizes the types give them.
    pub agreements: Vec<Agreement>,
    pub compile_time: Duration,
    abi: Abi,
    /// The packed entry point (`void(void **)`), looked up once so that runs
    /// time the kernel and not the symbol lookup.
    entry_point: unsafe extern "C" fn(*mut *mut ()),
    /// The threads its parallel loops run on, when it has any (OpenMP's).
    threads: Option<(usize, openmp::SetThreads)>,
    /// Owns the compiled code `entry_point` points into.
    _engine: Engine,
}

/// Where the LLVM installation the compiler was built against is (mlir-sys's
/// variable, set in `.cargo/config.toml`).
const LLVM_PREFIX: Option<&str> = option_env!("MLIR_SYS_220_PREFIX");

/// Functions LLVM's code generator calls that a module does not declare:
/// conversions to bf16 (without AVX-512 BF16), which neither the C library
/// nor libgcc define, and MLIR's `libmlir_float16_utils` does.
const BACKEND_LIBCALLS: [&str; 2] = ["__truncsfbf2", "__truncdfbf2"];

/// The C allocator's functions, as the runtime binds them: a kernel
/// allocates its results with these and the runtime frees them with its
/// `free`, so both must be one allocator's. Looking them up by name would
/// not do: an allocator preloaded for debugging (glibc's
/// `libc_malloc_debug.so`) defines them in versions that bind the
/// process's references but not `dlsym`'s search, which the JIT's is, and a
/// buffer from the C library's `malloc` handed to the preloaded `free`
/// aborts the process. They are registered where a module does not
/// declare them too, since LLVM's optimizer may add calls (`malloc` then a
/// zero fill becomes `calloc`); where a module defines one, its own stands.
mod allocator {
    use std::ffi::c_void;

    extern "C" {
        fn malloc(size: usize) -> *mut c_void;
        fn calloc(count: usize, size: usize) -> *mut c_void;
        fn realloc(block: *mut c_void, size: usize) -> *mut c_void;
        fn aligned_alloc(alignment: usize, size: usize) -> *mut c_void;
    }

    /// The functions' names.
    pub(super) const NAMES: [&str; 5] = ["malloc", "calloc", "realloc", "aligned_alloc", "free"];

    /// The address of the function `name`, as the runtime calls it; `None`
    /// for a name not in [`NAMES`].
    pub(super) fn address_of(name: &str) -> Option<*mut c_void> {
        Some(match name {
            "malloc" => malloc as *mut c_void,
            "calloc" => calloc as *mut c_void,
            "realloc" => realloc as *mut c_void,
            "aligned_alloc" => aligned_alloc as *mut c_void,
            "free" => crate::abi::free as *mut c_void,
            _ => return None,
        })
    }
}

/// The functions a lowered module may call without defining them: those
/// it declares, and [`BACKEND_LIBCALLS`] and the C allocator's
/// ([`allocator::NAMES`]) it does not define; each once.
fn undefined_functions(module: &Module) -> std::collections::BTreeSet<String> {
    let functions = || {
        std::iter::successors(module.body().first_operation(), |op| op.next_in_block())
            .filter(|op| op.name().as_string_ref().as_str() == Ok("llvm.func"))
    };
    let bodiless = |op: &OperationRef| op.region(0).is_ok_and(|region| region.first_block().is_none());
    let defined: std::collections::BTreeSet<String> =
        functions().filter(|op| !bodiless(op)).filter_map(|op| string_attribute(op, "sym_name")).collect();
    let declared = functions().filter(bodiless).filter_map(|op| string_attribute(op, "sym_name"));
    let added = BACKEND_LIBCALLS.iter().chain(&allocator::NAMES).map(|name| name.to_string());
    declared.chain(added).filter(|name| !defined.contains(name)).collect()
}

/// MLIR's C runner utilities, opened privately: the library links the
/// shared `libLLVM` and `libMLIR`, whose symbols, made global (as the
/// ExecutionEngine opens the libraries it is given), would be bound by
/// another copy of LLVM loaded later into the process (torch-mlir's), which
/// then registers its command-line options twice and aborts.
mod runner_utilities {
    use std::ffi::{c_char, c_int, c_void, CString};
    use std::sync::OnceLock;

    extern "C" {
        fn dlopen(filename: *const c_char, flags: c_int) -> *mut c_void;
        fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
    }
    const RTLD_LAZY: c_int = 0x1;
    const RTLD_LOCAL: c_int = 0;
    /// glibc's `RTLD_DEFAULT`: the process's global symbols.
    const RTLD_DEFAULT: *mut c_void = std::ptr::null_mut();

    /// The library's handle (as an address), opened once; `None` where the
    /// LLVM installation has no such library.
    fn handle() -> Option<usize> {
        static HANDLE: OnceLock<Option<usize>> = OnceLock::new();
        *HANDLE.get_or_init(|| {
            let path = format!("{}/lib/libmlir_c_runner_utils.so", super::LLVM_PREFIX?);
            let path = CString::new(path).ok()?;
            // SAFETY: `path` is a NUL-terminated string; the handle is never
            // closed, so addresses found in it stay valid for the process.
            let handle = unsafe { dlopen(path.as_ptr(), RTLD_LAZY | RTLD_LOCAL) };
            (!handle.is_null()).then_some(handle as usize)
        })
    }

    /// Where the function `name` is, when the process does not define it,
    /// in the library or the libraries it links (`__truncsfbf2` is in
    /// `libmlir_float16_utils`); `None` leaves it to the JIT's search of the
    /// process. The process comes first (the C allocator's functions are
    /// [`super::allocator`]'s, not asked of this).
    pub(super) fn address_of(name: &str) -> Option<*mut c_void> {
        let symbol = CString::new(name).ok()?;
        // SAFETY: `symbol` is NUL-terminated; `RTLD_DEFAULT` looks in the process.
        if !unsafe { dlsym(RTLD_DEFAULT, symbol.as_ptr()) }.is_null() {
            return None;
        }
        // SAFETY: the handle is a live library's; `symbol` is NUL-terminated.
        let address = unsafe { dlsym(handle()? as *mut c_void, symbol.as_ptr()) };
        (!address.is_null()).then_some(address)
    }
}

/// Whether the OpenMP runtime that kernels compiled for several threads
/// call can be loaded (it is then loaded).
pub fn openmp_available() -> bool {
    openmp::load().is_ok()
}

/// Whether the lowered `module` holds OpenMP's ops (a parallel loop).
fn calls_openmp(module: &Module) -> bool {
    let mut found = false;
    module.as_operation().walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        found = sparse_dialects::name_of(&op).starts_with("omp.");
        if found {
            melior::ir::operation::WalkResult::Interrupt
        } else {
            melior::ir::operation::WalkResult::Advance
        }
    });
    found
}

/// The OpenMP runtime that parallel kernels call (`__kmpc_fork_call`, ...),
/// opened once with its symbols global, where the JIT's search of the
/// process finds them. It links no copy of LLVM, but its symbols (`omp_*`,
/// `__kmpc_*`, `GOMP_*`) are those of every OpenMP runtime: a process that
/// also loads another (libgomp, Intel's libiomp5, as some Python packages
/// bundle) gets whichever was bound first, and libomp refuses to start
/// beside libiomp5 ("OMP: Error #15"). Only kernels compiled for several
/// threads load it.
mod openmp {
    use std::ffi::{c_char, c_int, c_void, CStr, CString};
    use std::sync::OnceLock;

    extern "C" {
        fn dlopen(filename: *const c_char, flags: c_int) -> *mut c_void;
        fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
        fn dlerror() -> *const c_char;
    }
    const RTLD_NOW: c_int = 0x2;
    const RTLD_GLOBAL: c_int = 0x100;

    /// `omp_set_num_threads`: the threads of the calling thread's next
    /// parallel regions.
    pub(super) type SetThreads = unsafe extern "C" fn(c_int);

    /// The last `dlopen` or `dlsym` error, if any.
    fn last_error() -> Option<String> {
        // SAFETY: `dlerror` returns a NUL-terminated message (or null),
        // valid until the next call, copied here at once.
        unsafe {
            let reason = dlerror();
            (!reason.is_null()).then(|| CStr::from_ptr(reason).to_string_lossy().into_owned())
        }
    }

    /// Opens `libomp` of the LLVM installation the compiler was built
    /// against, else the one the system's loader finds, and returns its
    /// `omp_set_num_threads`; why none could be used otherwise, library by
    /// library.
    pub(super) fn load() -> Result<SetThreads, String> {
        static LOADED: OnceLock<Result<SetThreads, String>> = OnceLock::new();
        LOADED
            .get_or_init(|| {
                let installed = super::LLVM_PREFIX.map(|prefix| format!("{prefix}/lib/libomp.so"));
                let mut reasons = Vec::new();
                for path in installed.into_iter().chain(["libomp.so.5".to_string()]) {
                    let Ok(name) = CString::new(path.clone()) else { continue };
                    // SAFETY: `name` is NUL-terminated; the library is never
                    // closed, so the JIT's code may call into it for the
                    // process's life.
                    let handle = unsafe { dlopen(name.as_ptr(), RTLD_NOW | RTLD_GLOBAL) };
                    if handle.is_null() {
                        reasons.push(last_error().unwrap_or_else(|| format!("{path}: could not be opened")));
                        continue;
                    }
                    // SAFETY: the handle is a live library's; the name is NUL-terminated.
                    let set_threads = unsafe { dlsym(handle, c"omp_set_num_threads".as_ptr()) };
                    if set_threads.is_null() {
                        reasons.push(format!("{path}: no omp_set_num_threads"));
                        continue;
                    }
                    // SAFETY: OpenMP's `void omp_set_num_threads(int)`.
                    return Ok(unsafe { std::mem::transmute::<*mut c_void, SetThreads>(set_threads) });
                }
                Err(reasons.join("; "))
            })
            .clone()
    }
}

/// MLIR's ExecutionEngine, held through the C API for what melior does not
/// wrap: initialization and the lookup of packed wrappers.
struct Engine(mlir_sys::MlirExecutionEngine);

// SAFETY: the engine is only read after it is built (the entry point is
// looked up once, in `Kernel::compile_checked`), the code it holds is
// reentrant (a kernel keeps no state between calls), and it is destroyed
// once, when its kernel drops, on whichever thread holds it then.
unsafe impl Send for Engine {}
unsafe impl Sync for Engine {}

impl Engine {
    /// JIT-compiles `module` at optimization level 3 and runs its initializers.
    /// The functions it declares (MLIR's C runner utilities:
    /// `getTensorFilename`, the sparse runtime library that
    /// `sparse_tensor.new` calls, `printF64`, `memrefCopy`, ...) and those
    /// LLVM's code generator calls ([`BACKEND_LIBCALLS`]) come from the
    /// process when it defines them, else from `libmlir_c_runner_utils` of
    /// the LLVM installation the compiler was built against and the
    /// libraries it links; the C allocator's functions are the runtime's
    /// own ([`allocator`]).
    fn new(module: &Module) -> Option<Engine> {
        // SAFETY: the module is live; no shared library is given (those the
        // module needs are registered below); a null engine is checked.
        let raw = unsafe { mlir_sys::mlirExecutionEngineCreate(module.to_raw(), 3, 0, std::ptr::null(), false, false) };
        if raw.ptr.is_null() {
            return None;
        }
        let engine = Engine(raw);
        for name in undefined_functions(module) {
            if let Some(address) = allocator::address_of(&name).or_else(|| runner_utilities::address_of(&name)) {
                // SAFETY: the engine is live and nothing has been looked up
                // in it yet; the module does not define `name`; the address
                // is the named function's, in the process or in a library
                // that stays open for it.
                unsafe { mlir_sys::mlirExecutionEngineRegisterSymbol(engine.0, melior::StringRef::new(&name).to_raw(), address) };
            }
        }
        // SAFETY: the engine is live; its initializers run once.
        unsafe { mlir_sys::mlirExecutionEngineInitialize(engine.0) };
        Some(engine)
    }

    /// The packed wrapper (`void(void **)`) of the C interface of `entry`.
    fn packed(&self, entry: &str) -> Option<unsafe extern "C" fn(*mut *mut ())> {
        let name = format!("_mlir_ciface_{entry}");
        // SAFETY: the engine is live; the wrapper has the packed signature.
        let address = unsafe { mlir_sys::mlirExecutionEngineLookupPacked(self.0, melior::StringRef::new(&name).to_raw()) };
        (!address.is_null()).then(|| unsafe { std::mem::transmute::<*mut std::ffi::c_void, unsafe extern "C" fn(*mut *mut ())>(address) })
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // SAFETY: the engine was created above and is destroyed once.
        unsafe { mlir_sys::mlirExecutionEngineDestroy(self.0) }
    }
}

impl Kernel {
    /// Parses, verifies, lowers and JIT-compiles `source` (named `name` in
    /// diagnostics); `entry` defaults to the module's only public function.
    pub fn compile(source: &str, name: &str, entry: Option<&str>) -> Result<Kernel, KernelError> {
        Self::compile_with(source, name, entry, Abi::Ours)
    }

    /// The same, lowered by the pipeline of `abi` and called its way.
    pub fn compile_with(source: &str, name: &str, entry: Option<&str>, abi: Abi) -> Result<Kernel, KernelError> {
        Self::compile_checked(source, name, entry, abi, CompileOptions::default())
    }

    /// The same, with bounds checks or on several threads as `options` say.
    pub fn compile_checked(
        source: &str,
        name: &str,
        entry: Option<&str>,
        abi: Abi,
        options: CompileOptions,
    ) -> Result<Kernel, KernelError> {
        Self::compile_lowering(source, name, entry, abi, options, Lowering::Pipeline).map(|(kernel, _)| kernel)
    }

    /// The same as [`Kernel::compile_with`], for a cache of lowered
    /// modules: without `lowered`, also returns the text of the module the
    /// pipeline lowered `source` to; with it (such a text, from an earlier
    /// compilation of the same `source` by the same compiler), compiles that
    /// text instead of running the pipeline (the signature and the sizes
    /// that must agree are still read from `source`). A text that does not
    /// parse, or lacks the entry, is an error, after which the caller
    /// compiles without it.
    pub fn compile_reusing(
        source: &str,
        name: &str,
        entry: Option<&str>,
        abi: Abi,
        lowered: Option<&str>,
    ) -> Result<(Kernel, Option<String>), KernelError> {
        let lowering = lowered.map_or(Lowering::PipelineKept, Lowering::Reused);
        Self::compile_lowering(source, name, entry, abi, CompileOptions::default(), lowering)
    }

    fn compile_lowering(
        source: &str,
        name: &str,
        entry: Option<&str>,
        abi: Abi,
        options: CompileOptions,
        lowering: Lowering,
    ) -> Result<(Kernel, Option<String>), KernelError> {
        if abi == Abi::Upstream && options.threads > 1 {
            return Err(KernelError::Unsupported("only our pipeline compiles kernels for several threads".into()));
        }
        let start = Instant::now();
        let context = melior::Context::new();
        sparse_dialects::load_dialects(&context).map_err(|error| KernelError::Compile(error.to_string()))?;
        melior::utility::register_all_passes();
        melior::utility::register_all_llvm_translations(&context);
        let collected = diagnostics::collect(&context);
        let rendered = |collected: &diagnostics::Diagnostics| {
            collected
                .borrow()
                .iter()
                .map(|diagnostic| {
                    let mut diagnostic = diagnostic.clone();
                    if matches!(diagnostic.file.as_str(), "" | "-") {
                        diagnostic.file = name.to_string();
                    }
                    diagnostics::render(&diagnostic, source)
                })
                .collect::<String>()
        };
        let failed = |collected: &diagnostics::Diagnostics| KernelError::Compile(rendered(collected).trim_end().to_string());
        let mut module = sparse_dialects::parse::parse(&context, source).ok_or_else(|| failed(&collected))?;
        if !sparse_dialects::verify::verify(module.as_operation()) {
            return Err(failed(&collected));
        }
        let function = entry_function(&module, entry)?;
        // What the runtime cannot pass is reported at the entry, like a compile error.
        let at_entry = |error: KernelError| match error {
            KernelError::Unsupported(message) => {
                sparse_dialects::verify::emit_error(function.location(), &message);
                failed(&collected)
            }
            other => other,
        };
        let entry = string_attribute(function, "sym_name").ok_or(KernelError::Unsupported("the entry has no name".into()))?;
        let r#type = FunctionType::try_from(
            TypeAttribute::try_from(function.attribute("function_type").map_err(|e| KernelError::Unsupported(e.to_string()))?)
                .map_err(|e| KernelError::Unsupported(e.to_string()))?
                .value(),
        )
        .map_err(|e| KernelError::Unsupported(e.to_string()))?;
        let parameters = (0..r#type.input_count())
            .map(|index| parameter(r#type.input(index).expect("in range"), abi, &format!("parameter {}", index + 1)))
            .collect::<Result<Vec<_>, _>>()
            .map_err(at_entry)?;
        if r#type.result_count() != 1 {
            return Err(at_entry(KernelError::Unsupported(format!("the entry @{entry} must return exactly one tensor or scalar"))));
        }
        let result = parameter(r#type.result(0).expect("one result"), abi, "the result").map_err(at_entry)?;
        // Which sizes must agree is read from the statements, so raise
        // upstream's linalg form to them first: the module itself for our
        // pipeline, a copy of it for upstream's (which lowers linalg).
        let raise = PassManager::new(&context);
        pipeline::build(
            raise.as_operation_pass_manager(),
            &pipeline::parse("builtin.module(linalg-generalize-named-ops,raise-linalg)").map_err(KernelError::Compile)?,
        )
        .map_err(KernelError::Compile)?;
        let agreements = match abi {
            Abi::Ours => {
                if raise.run(&mut module).is_err() {
                    return Err(failed(&collected));
                }
                // `cfir-to-scf` gives the kernels it rewrites (those of tensors)
                // their C interface; an entry of scalars alone it leaves as is.
                let scalars_alone = std::iter::once(&result).chain(&parameters).all(|value| matches!(value, Parameter::Scalar(_)));
                if scalars_alone {
                    emit_c_interface(&context, &module, &entry);
                }
                let function = entry_function(&module, Some(&entry))?;
                agreements(function).map_err(|error| KernelError::Compile(format!("@{entry}: {error}")))?
            }
            Abi::Upstream => {
                emit_c_interface(&context, &module, &entry);
                let reported = collected.borrow().len();
                let mut raised = sparse_dialects::parse::parse(&context, source).ok_or_else(|| failed(&collected))?;
                let read = if raise.run(&mut raised).is_ok() {
                    entry_function(&raised, Some(&entry)).ok().and_then(|function| agreements(function).ok())
                } else {
                    None
                };
                // What raising the copy reported is not the kernel's.
                collected.borrow_mut().truncate(reported);
                let all_static = parameters.iter().all(|parameter| match parameter {
                    Parameter::Tensor(tensor) => tensor.shape.iter().all(Option::is_some),
                    Parameter::Scalar(_) => true,
                });
                match read {
                    Some(agreements) => agreements,
                    // Static sizes are checked against the types.
                    None if all_static => Vec::new(),
                    None => {
                        return Err(at_entry(KernelError::Unsupported(format!(
                            "@{entry} has dynamic sizes, and which of them must agree could not be read from it"
                        ))))
                    }
                }
            }
        };
        let (module, kept) = match lowering {
            Lowering::Reused(text) => {
                let reused = sparse_dialects::parse::parse(&context, text)
                    .filter(|reused| reused.as_operation().verify())
                    .ok_or_else(|| KernelError::Compile("the reused lowered module does not parse".into()))?;
                (reused, None)
            }
            Lowering::Pipeline | Lowering::PipelineKept => {
                let manager = PassManager::new(&context);
                manager.enable_verifier(true);
                let steps = match abi {
                    Abi::Ours if options.threads > 1 => pipeline::with_parallel_loops(abi.pipeline()).map_err(KernelError::Compile)?,
                    Abi::Ours | Abi::Upstream => abi.pipeline().to_string(),
                };
                let steps = if options.bounds_checks { pipeline::with_bounds_checks(&steps) } else { steps };
                if let (Some(least), true) = (options.min_parallel_iterations, options.threads > 1) {
                    let least = i64::try_from(least).map_err(|_| KernelError::Compile(format!("{least} iterations is too many")))?;
                    let attribute = IntegerAttribute::new(IntegerType::new(&context, 64).into(), least);
                    module.as_operation_mut().set_attribute(sparse_passes::PARALLEL_MIN_ITERATIONS, attribute.into());
                }
                let steps = pipeline::parse(&steps).map_err(KernelError::Compile)?;
                pipeline::build(manager.as_operation_pass_manager(), &steps).map_err(KernelError::Compile)?;
                if manager.run(&mut module).is_err() {
                    return Err(failed(&collected));
                }
                let kept = matches!(lowering, Lowering::PipelineKept).then(|| module.as_operation().to_string());
                (module, kept)
            }
        };
        let threads = match calls_openmp(&module) {
            true => Some((
                options.threads.max(1),
                openmp::load().map_err(|reason| {
                    KernelError::Compile(format!(
                        "@{entry} runs on several threads through OpenMP, but its runtime could not be loaded ({reason}): install libomp \
                     (Debian's libomp-22-dev) or compile for one thread (sparse-run --threads 1)"
                    ))
                })?,
            )),
            false => None,
        };
        let engine = Engine::new(&module).ok_or_else(|| KernelError::Compile("the JIT could not compile the kernel".into()))?;
        let entry_point = engine.packed(&entry).ok_or_else(|| KernelError::Compile(format!("the JIT did not produce @{entry}")))?;
        let kernel =
            Kernel { entry, parameters, result, agreements, compile_time: start.elapsed(), abi, entry_point, threads, _engine: engine };
        Ok((kernel, kept))
    }

    /// Whether some of the kernel's loops were compiled to run on several
    /// threads ([`CompileOptions::threads`]).
    pub fn parallel(&self) -> bool {
        self.threads.is_some()
    }

    /// Checks the arguments against the parameters: count, kind, element
    /// shape, and dimensions that must agree.
    pub fn check(&self, arguments: &[Argument]) -> Result<(), KernelError> {
        self.check_shapes(&shapes_of(arguments))
    }

    /// [`Kernel::check`] of arguments of `shapes` (`None` for a scalar).
    pub fn check_shapes(&self, arguments: &[Option<&[usize]>]) -> Result<(), KernelError> {
        if arguments.len() != self.parameters.len() {
            return Err(KernelError::Input(format!(
                "@{} takes {} inputs but {} were given",
                self.entry,
                self.parameters.len(),
                arguments.len()
            )));
        }
        for (index, (argument, parameter)) in arguments.iter().zip(&self.parameters).enumerate() {
            match (argument, parameter) {
                (Some(shape), Parameter::Tensor(expected)) => {
                    let fits = shape.len() == expected.shape.len()
                        && shape.iter().zip(&expected.shape).all(|(size, expected)| expected.is_none_or(|e| e == *size));
                    if !fits {
                        return Err(KernelError::Input(format!(
                            "input {} has shape {:?} but parameter {} is {}",
                            index + 1,
                            shape,
                            index + 1,
                            show_shape(&expected.shape)
                        )));
                    }
                }
                (None, Parameter::Scalar(_)) => {}
                (None, Parameter::Tensor(_)) => return Err(KernelError::Input(format!("input {} must be a tensor", index + 1))),
                (Some(_), Parameter::Scalar(_)) => return Err(KernelError::Input(format!("input {} must be a number", index + 1))),
            }
        }
        for group in &self.agreements {
            let mut sizes =
                group.dims.iter().filter_map(|&(parameter, dim)| arguments[parameter].map(|shape| (parameter, dim, shape[dim])));
            let Some((first, first_dim, size)) = sizes.next() else { continue };
            if let Some((other, other_dim, other_size)) = sizes.find(|&(_, _, other)| other != size) {
                return Err(KernelError::Input(format!(
                    "dimension {first_dim} of input {} ({size}) and dimension {other_dim} of input {} ({other_size}) must agree",
                    first + 1,
                    other + 1
                )));
            }
            if let Some(expected) = group.size.filter(|&expected| expected != size) {
                return Err(KernelError::Input(format!(
                    "dimension {first_dim} of input {} is {size}, but the kernel's types give it the static size {expected}",
                    first + 1
                )));
            }
        }
        Ok(())
    }

    /// Checks that the buffers the kernel allocates for its result can be
    /// had: the dense levels leading its format (all of them, for a dense
    /// result) hold the product of their sizes, which must fit a signed
    /// 64-bit index and, from 1 GiB, be allocatable, or the kernel's `malloc`
    /// would fail inside generated code.
    pub(crate) fn check_result_size(&self, shapes: &[Option<&[usize]>]) -> Result<(), KernelError> {
        let Parameter::Tensor(result) = &self.result else { return Ok(()) };
        let size_of_dim = |dim: usize| {
            let group = self.agreements.iter().find(|group| group.result.contains(&dim));
            group.and_then(|group| group.size_for(shapes)).or(result.shape[dim])
        };
        let parts = result.format.parts();
        let size_of_dim = |expanded: usize| size_of_dim(parts[expanded].dim()).map(|size| parts[expanded].size(size));
        let mut elements: u128 = 1;
        for (level, &dim) in result.format.levels.iter().zip(&result.format.dim_to_lvl) {
            // Only levels that store nothing are allocated at full size.
            if !level.buffers().is_empty() {
                break;
            }
            let Some(size) = size_of_dim(dim) else { return Ok(()) };
            elements = elements.saturating_mul(size as u128);
        }
        let bytes = elements.saturating_mul(result.element.size() as u128);
        // Allocating to see is slow (a page mapping for every large result),
        // so only sizes where malloc may fail are tried.
        const SURELY_ALLOCATED: u128 = 1 << 30;
        let fits = i64::try_from(bytes).is_ok() && (bytes < SURELY_ALLOCATED || Vec::<u8>::new().try_reserve_exact(bytes as usize).is_ok());
        if !fits {
            return Err(KernelError::Input(format!(
                "the result's dense levels would hold {elements} elements ({bytes} bytes), more than can be allocated"
            )));
        }
        // A coordinate of the result that its crd_width cannot hold would be
        // cut short by the kernel, silently.
        for (index, (level, &dim)) in result.format.levels.iter().zip(&result.format.dim_to_lvl).enumerate() {
            let width = level.width(LevelBuffer::Coordinates);
            let too_wide = |size: usize| width < 64 && size > 1 && (size - 1) >> width != 0;
            if let Some(size) = size_of_dim(dim).filter(|&size| level.buffers().contains(&LevelBuffer::Coordinates) && too_wide(size)) {
                return Err(KernelError::Input(format!(
                    "level {index} of the result has coordinates up to {}, which do not fit its crd_width of {width} bits",
                    size - 1
                )));
            }
        }
        Ok(())
    }

    /// Runs the kernel once; returns its result and the time the kernel
    /// alone took (packing and unpacking are outside it). Each input tensor
    /// is checked first ([`Tensor::validate`]): buffers that are not a
    /// storage of their format are an input error.
    pub fn run(&self, arguments: &[Argument]) -> Result<(Argument, Duration), KernelError> {
        let shapes = shapes_of(arguments);
        self.check_shapes(&shapes)?;
        self.check_result_size(&shapes)?;
        let mut slots = Vec::new();
        for (index, (argument, parameter)) in arguments.iter().zip(&self.parameters).enumerate() {
            match (argument, parameter) {
                (Argument::Tensor(tensor), Parameter::Tensor(expected)) => slots.extend(pack_argument(index, tensor, expected)?),
                (Argument::RealTensor(tensor), Parameter::Tensor(expected)) => slots.extend(pack_argument(index, tensor, expected)?),
                (Argument::Scalar(value), Parameter::Scalar(element)) => {
                    let value = element.convert(*value).map_err(|e| KernelError::Input(format!("input {}: {e}", index + 1)))?;
                    slots.push(Slot::scalar(value, *element));
                }
                _ => unreachable!("checked above"),
            }
        }
        // SAFETY: the slots are the arguments' buffers, packed above.
        let (invoked, elapsed) = unsafe { self.invoke(&mut slots) };
        let (fields, arguments) = match invoked {
            Invoked::Scalar(value) => return Ok((Argument::Scalar(value), elapsed)),
            Invoked::Tensor { fields, arguments } => (fields, arguments),
        };
        let Parameter::Tensor(result) = &self.result else { unreachable!("a tensor came back") };
        // SAFETY: the kernel wrote its results into `fields`; its buffers are its own or the arguments'.
        let output = unsafe { unpack(&fields, &result.layout, &self.returned(result), &arguments) };
        output.validate().map_err(|error| self.malformed(error))?;
        Ok((Argument::Tensor(output), elapsed))
    }

    /// What [`unpack`] needs to know of the result `result`.
    pub(crate) fn returned<'r>(&self, result: &'r TensorParameter) -> crate::abi::Returned<'r> {
        let values_rank = if result.strided { result.shape.len() } else { 1 };
        let shape = (self.abi == Abi::Upstream).then(|| result.shape.iter().map(|size| size.unwrap_or(0)).collect());
        crate::abi::Returned { format: &result.format, fill: result.fill, element: result.element, shape, values_rank }
    }

    /// The error of a result whose buffers are not a storage of its format.
    pub(crate) fn malformed(&self, error: TensorError) -> KernelError {
        let Parameter::Tensor(result) = &self.result else { return KernelError::Output(error) };
        match result.format.levels.iter().position(|level| level.pos_width < 64) {
            // Positions past what pos_width holds wrap in the kernel and
            // show as broken buffers.
            Some(level) => KernelError::NarrowOutput { level, width: result.format.levels[level].pos_width, error },
            None => KernelError::Output(error),
        }
    }

    /// Calls the kernel on `slots`; returns what it gave back and the time
    /// the call took. A scalar result comes back as a value; a tensor's as
    /// the fields its C interface wrote (through a pointer passed first),
    /// with the data pointers of the memref arguments, in order.
    ///
    /// # Safety
    /// The slots must follow the kernel's parameters' layouts, with every
    /// borrowed buffer live and as long as its shape says.
    pub(crate) unsafe fn invoke(&self, slots: &mut [Slot]) -> (Invoked, Duration) {
        let mut frame = CallFrame::new(slots);
        let mut arguments = frame.pointers(slots);
        if let Some((threads, set_threads)) = self.threads {
            // SAFETY: `omp_set_num_threads` of the loaded runtime, which
            // takes any positive count; it sets this thread's next parallel regions'.
            unsafe { set_threads(c_int::try_from(threads).unwrap_or(c_int::MAX)) };
        }
        match &self.result {
            Parameter::Scalar(element) => {
                // The packed wrapper stores a returned scalar through the
                // pointer after the arguments'; a complex one, a struct, the C
                // interface writes through a pointer before them (as a
                // tensor's fields).
                let mut returned = [0u64; 2];
                let mut returned_pointer: *mut u64 = returned.as_mut_ptr();
                match element {
                    Element::Complex64 | Element::Complex32 => arguments.insert(0, &mut returned_pointer as *mut *mut u64 as *mut ()),
                    _ => arguments.push(returned_pointer as *mut ()),
                }
                let start = Instant::now();
                // SAFETY: the arguments follow the ABI of the kernel's C
                // interface, the last pointer has room for the largest scalar
                // (16 bytes), and every pointer stays alive until the call returns.
                unsafe { (self.entry_point)(arguments.as_mut_ptr()) };
                let elapsed = start.elapsed();
                let bytes: Vec<u8> = returned.iter().flat_map(|word| word.to_ne_bytes()).collect();
                (Invoked::Scalar(element.decode(&bytes)), elapsed)
            }
            Parameter::Tensor(result) => {
                let values_rank = if result.strided { result.shape.len() } else { 1 };
                let mut fields = vec![0u64; result_fields(&result.layout, values_rank)];
                let mut fields_pointer: *mut u64 = fields.as_mut_ptr();
                arguments.insert(0, &mut fields_pointer as *mut *mut u64 as *mut ());
                let start = Instant::now();
                // SAFETY: the arguments follow the ABI of the kernel's C
                // interface, and every pointer stays alive until the call returns.
                unsafe { (self.entry_point)(arguments.as_mut_ptr()) };
                (Invoked::Tensor { fields, arguments: frame.buffers }, start.elapsed())
            }
        }
    }
}

/// What a kernel's call gave back ([`Kernel::invoke`]).
pub(crate) enum Invoked {
    Scalar(Value),
    Tensor { fields: Vec<u64>, arguments: Vec<*mut u8> },
}

/// The memory a packed call's argument pointers point to: a descriptor per
/// memref (the C interface takes a pointer to each), and each size or
/// scalar in 16 bytes (a complex scalar's size) of its own.
struct CallFrame {
    descriptors: Vec<Vec<u64>>,
    descriptor_pointers: Vec<*mut u64>,
    integers: Vec<[u64; 2]>,
    /// The data of each memref argument, in order.
    buffers: Vec<*mut u8>,
}

impl CallFrame {
    fn new(slots: &mut [Slot]) -> Self {
        let mut frame = CallFrame { descriptors: Vec::new(), descriptor_pointers: Vec::new(), integers: Vec::new(), buffers: Vec::new() };
        for slot in slots.iter_mut() {
            match slot {
                Slot::Buffer { words, shape } => {
                    let data = if words.is_empty() { std::ptr::NonNull::<u64>::dangling().as_ptr() } else { words.as_mut_ptr() } as *mut u8;
                    frame.buffers.push(data);
                    frame.descriptors.push(descriptor(data, shape));
                }
                Slot::Borrowed { data, shape } => {
                    frame.buffers.push(*data);
                    frame.descriptors.push(descriptor(*data, shape));
                }
                Slot::Index(value) => frame.integers.push([*value as u64, 0]),
                Slot::Scalar(words) => frame.integers.push(*words),
            }
        }
        frame.descriptor_pointers = frame.descriptors.iter_mut().map(|fields| fields.as_mut_ptr()).collect();
        frame
    }

    /// A pointer to each argument of `slots` (those the frame was made from), in order.
    fn pointers(&mut self, slots: &[Slot]) -> Vec<*mut ()> {
        let (mut next_descriptor, mut next_integer) = (0, 0);
        let mut pointers = Vec::new();
        for slot in slots {
            match slot {
                Slot::Buffer { .. } | Slot::Borrowed { .. } => {
                    pointers.push(&mut self.descriptor_pointers[next_descriptor] as *mut *mut u64 as *mut ());
                    next_descriptor += 1;
                }
                Slot::Index(_) | Slot::Scalar(_) => {
                    pointers.push(self.integers[next_integer].as_mut_ptr() as *mut ());
                    next_integer += 1;
                }
            }
        }
        pointers
    }
}

/// Each argument's shape, `None` for a scalar.
pub(crate) fn shapes_of(arguments: &[Argument]) -> Vec<Option<&[usize]>> {
    arguments
        .iter()
        .map(|argument| match argument {
            Argument::Tensor(tensor) => Some(tensor.shape.as_slice()),
            Argument::RealTensor(tensor) => Some(tensor.shape.as_slice()),
            Argument::Scalar(_) => None,
        })
        .collect()
}

/// The ABI slots of argument `index`, `tensor`, stored in the parameter's
/// format (converted to it first if it is in another).
pub(crate) fn pack_argument<V: Scalar>(index: usize, tensor: &Tensor<V>, expected: &TensorParameter) -> Result<Vec<Slot>, KernelError> {
    // The kernel reads what the format promises (positions within the
    // buffers, coordinates in range, and never twice on a unique level,
    // whose rows its loops may fill in parallel). A batched tensor is not
    // checked (`validate` has no check of batches yet): the builders, from
    // coordinates, make it so, and its buffers must not be changed by hand.
    match tensor.validate() {
        Ok(()) | Err(TensorError::BatchedUnchecked) => {}
        Err(error) => return Err(KernelError::Input(format!("input {}: {error}", index + 1))),
    }
    let converted;
    let tensor = if tensor.format == expected.format {
        tensor
    } else {
        converted = tensor.convert(&expected.format).map_err(|e| KernelError::Input(e.to_string()))?;
        &converted
    };
    pack(tensor, &expected.layout, expected.element, expected.strided).map_err(|e| KernelError::Input(format!("input {}: {e}", index + 1)))
}

fn show_shape(shape: &[Option<usize>]) -> String {
    let sizes = shape.iter().map(|size| size.map_or("?".to_string(), |s| s.to_string())).collect::<Vec<_>>();
    sizes.join("x")
}

fn string_attribute(op: OperationRef, name: &str) -> Option<String> {
    sparse_dialects::string(&op, name).map(str::to_string)
}

/// The entry function: the one named, or the only public one with
/// statements, or else the only public one.
fn entry_function<'c, 'a>(module: &'a Module<'c>, entry: Option<&str>) -> Result<OperationRef<'c, 'a>, KernelError> {
    let mut functions = Vec::new();
    let mut next = module.body().first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if sparse_dialects::name_of(&op) == "func.func" && op.region(0).is_ok_and(|region| region.first_block().is_some()) {
            let public = string_attribute(op, "sym_visibility").is_none_or(|visibility| visibility == "public");
            functions.push((op, string_attribute(op, "sym_name").unwrap_or_default(), public));
        }
    }
    match entry {
        Some(name) => functions
            .into_iter()
            .find(|(_, found, _)| found == name)
            .map(|(op, _, _)| op)
            .ok_or_else(|| KernelError::Unsupported(format!("the module has no function @{name}"))),
        None => {
            // The public functions with statements, or, when none has one,
            // every public function (a size query).
            let public: Vec<_> = functions.into_iter().filter(|(_, _, public)| *public).collect();
            let with_statements: Vec<_> = public.iter().filter(|(op, _, _)| contains_statement(*op)).cloned().collect();
            let public = if with_statements.is_empty() { public } else { with_statements };
            match public.len() {
                1 => Ok(public[0].0),
                0 => Err(KernelError::Unsupported("the module has no public function".into())),
                _ => Err(KernelError::Unsupported(format!(
                    "the module has several kernels ({}); choose one as the entry (sparse-run's --entry, Python's entry=)",
                    public.iter().map(|(_, name, _)| format!("@{name}")).collect::<Vec<_>>().join(", ")
                ))),
            }
        }
    }
}

/// Marks the function `entry` `llvm.emit_c_interface`, so that upstream's
/// lowering gives it the C interface the runtime calls (ours always does).
fn emit_c_interface<'c>(context: &'c melior::Context, module: &Module<'c>, entry: &str) {
    let mut next = module.body().first_operation_mut();
    while let Some(mut op) = next {
        next = op.next_in_block_mut();
        if sparse_dialects::name_of(&op) == "func.func" && sparse_dialects::string(&op, "sym_name") == Some(entry) {
            op.set_discardable_attribute("llvm.emit_c_interface", Attribute::unit(context));
        }
    }
}

fn contains_statement(function: OperationRef) -> bool {
    let mut found = false;
    function.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        let name = sparse_dialects::name_of(&op);
        found |= name == "arr.compute" || name == "sparse_tensor.convert" || (name.starts_with("linalg.") && op.result_count() > 0);
        melior::ir::operation::WalkResult::Advance
    });
    found
}

/// The element type `r#type` of `what` (a parameter, or the result).
fn element_of(r#type: Type, what: &str) -> Result<Element, KernelError> {
    Element::from_name(&r#type.to_string()).ok_or_else(|| {
        let supported = Element::ALL.map(Element::name).join(", ");
        KernelError::Unsupported(format!("{what} has element type {}, which the runtime does not support ({supported})", r#type))
    })
}

/// What a parameter (or the result, `what`) of type `r#type` is.
fn parameter(r#type: Type, abi: Abi, what: &str) -> Result<Parameter, KernelError> {
    let Ok(tensor) = RankedTensorType::try_from(r#type) else {
        return element_of(r#type, what).map(Parameter::Scalar);
    };
    let element = element_of(tensor.element(), what)?;
    let encoding = Encoding::of_any(tensor).map_err(|e| KernelError::Unsupported(format!("{what}: {e}")))?;
    let format = encoding.format.clone();
    let fill = fill_value(encoding.fill, element).map_err(|e| KernelError::Unsupported(format!("{what}: {e}")))?;
    let shape = (0..tensor.rank())
        .map(|dim| match tensor.dim_size(dim) {
            Ok(DimSize::Static(size)) => Some(size as usize),
            _ => None,
        })
        .collect();
    Ok(Parameter::Tensor(TensorParameter { shape, format, fill, element, layout: abi.layout(&encoding), strided: abi.strided(&encoding) }))
}

/// The fill `attribute` as `element` holds it. An `i1` attribute reads as
/// -1 for true (sign-extended); it is 1.
fn fill_value(attribute: Attribute, element: Element) -> Result<Value, String> {
    let value = if let Ok(float) = FloatAttribute::try_from(attribute) {
        Value::Real(float.value())
    } else if let Ok(integer) = IntegerAttribute::try_from(attribute) {
        Value::Integer(if element == Element::I1 { integer.value() & 1 } else { integer.value() })
    } else if let Some((re, im)) = sparse_dialects::scalar::complex_parts(attribute) {
        Value::Complex(re, im)
    } else {
        return Err(format!("the fill value {attribute} is not a number the runtime reads"));
    };
    element.convert(value).map_err(|error| format!("the fill value: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::random_entries;
    use crate::Coordinates;

    const SPMV: &str = include_str!("../../examples/spmv.mlir");

    #[test]
    fn spmv_on_csr_matches_a_dense_reference() {
        let kernel = Kernel::compile(SPMV, "spmv.mlir", None).unwrap();
        let matrix = random_entries(&[7, 5], 0.4, 1).to_element(Element::F64).unwrap();
        let vector = random_entries(&[5], 1.0, 2).to_element(Element::F64).unwrap();
        let a = Tensor::from_coordinates(Format::csr(), Value::Real(0.0), matrix.clone()).unwrap();
        let x = Tensor::from_coordinates(Format::dense(1), Value::Real(0.0), vector.clone()).unwrap();
        let (dense_a, dense_x) = (a.to_dense(), x.to_dense());
        let expected: Vec<Value> =
            (0..7).map(|i| Value::Real((0..5).map(|j| dense_a[i * 5 + j].real() * dense_x[j].real()).sum())).collect();
        // The same inputs with values held as `f64`s, the matrix in CSC (so
        // it is converted to the parameter's CSR first).
        let real_a = Tensor::from_coordinates(Format::csc(), 0.0, matrix.reals()).unwrap();
        let real_x = Tensor::from_coordinates(Format::dense(1), 0.0, vector.reals()).unwrap();
        let (output, _) = kernel.run(&[Argument::Tensor(a), Argument::Tensor(x)]).unwrap();
        let Argument::Tensor(y) = output else { panic!("a tensor result") };
        assert_eq!(y.shape, vec![7]);
        assert_eq!(y.to_dense(), expected);
        let (real_output, _) = kernel.run(&[Argument::RealTensor(real_a), Argument::RealTensor(real_x)]).unwrap();
        assert_eq!(real_output, Argument::Tensor(y));
    }

    #[test]
    fn a_kept_lowered_module_compiles_to_the_same_kernel() {
        let (compiled, lowered) = Kernel::compile_reusing(SPMV, "spmv.mlir", None, Abi::Ours, None).unwrap();
        let lowered = lowered.expect("the pipeline's module, kept");
        assert!(lowered.contains("llvm.func"), "an LLVM dialect module");
        let (reused, kept) = Kernel::compile_reusing(SPMV, "spmv.mlir", None, Abi::Ours, Some(&lowered)).unwrap();
        assert!(kept.is_none());
        assert_eq!((reused.parameters.len(), reused.agreements.len()), (compiled.parameters.len(), compiled.agreements.len()));
        let matrix = random_entries(&[7, 5], 0.4, 3).to_element(Element::F64).unwrap();
        let vector = random_entries(&[5], 1.0, 4).to_element(Element::F64).unwrap();
        let arguments = [
            Argument::Tensor(Tensor::from_coordinates(Format::csr(), Value::Real(0.0), matrix).unwrap()),
            Argument::Tensor(Tensor::from_coordinates(Format::dense(1), Value::Real(0.0), vector).unwrap()),
        ];
        assert_eq!(reused.run(&arguments).unwrap().0, compiled.run(&arguments).unwrap().0);
        // Sizes that must agree are still checked, from the source.
        let short = [
            arguments[0].clone(),
            Argument::Tensor(
                Tensor::from_coordinates(
                    Format::dense(1),
                    Value::Real(0.0),
                    random_entries(&[4], 1.0, 5).to_element(Element::F64).unwrap(),
                )
                .unwrap(),
            ),
        ];
        assert!(matches!(reused.run(&short), Err(KernelError::Input(_))));
        for broken in ["", "module {", "module {}"] {
            let error = Kernel::compile_reusing(SPMV, "spmv.mlir", None, Abi::Ours, Some(broken)).err().expect("refused");
            assert!(matches!(error, KernelError::Compile(_)), "{broken:?}: {error}");
        }
    }

    #[test]
    fn a_kernel_compiled_for_several_threads_gives_one_threads_result() {
        let on = |threads| CompileOptions { threads, ..CompileOptions::default() };
        let one = Kernel::compile_checked(SPMV, "spmv.mlir", None, Abi::Ours, on(1)).unwrap();
        assert!(!one.parallel());
        // Its loops split however few their rows.
        let split = CompileOptions { min_parallel_iterations: Some(1), ..on(3) };
        let several = match Kernel::compile_checked(SPMV, "spmv.mlir", None, Abi::Ours, split) {
            Ok(kernel) => kernel,
            // Where the OpenMP runtime is missing, the error says so.
            Err(error) => {
                assert!(!openmp_available() && error.to_string().contains("libomp"), "{error}");
                return;
            }
        };
        assert!(several.parallel(), "SpMV's rows run in parallel");
        // More rows than threads, fewer, and none.
        for (rows, seed) in [(300, 6), (2, 7), (0, 8)] {
            let matrix = random_entries(&[rows, 40], 0.2, seed).to_element(Element::F64).unwrap();
            let vector = random_entries(&[40], 1.0, seed + 10).to_element(Element::F64).unwrap();
            let arguments = [
                Argument::Tensor(Tensor::from_coordinates(Format::csr(), Value::Real(0.0), matrix).unwrap()),
                Argument::Tensor(Tensor::from_coordinates(Format::dense(1), Value::Real(0.0), vector).unwrap()),
            ];
            assert_eq!(several.run(&arguments).unwrap().0, one.run(&arguments).unwrap().0, "{rows} rows");
        }
        let upstream = Kernel::compile_checked(SPMV, "spmv.mlir", None, Abi::Upstream, on(2)).err().expect("refused");
        assert!(upstream.to_string().contains("several threads"), "{upstream}");
    }

    #[test]
    fn an_input_that_breaks_its_format_is_refused_before_the_kernel_runs() {
        let kernel = Kernel::compile(SPMV, "spmv.mlir", None).unwrap();
        let entries = vec![(vec![0, 1], 1.0), (vec![0, 2], 2.0)];
        let mut matrix = Tensor::from_entries(vec![2, 3], Format::csr(), 0.0, entries).unwrap();
        let vector = Tensor::from_entries(vec![3], Format::dense(1), 0.0, vec![(vec![1], 1.0)]).unwrap();
        // Row 0 stores column 1 twice: not a CSR matrix (its rows may be filled in parallel).
        matrix.levels[1].buffers[1][1] = 1;
        let error = kernel.run(&[Argument::RealTensor(matrix), Argument::RealTensor(vector)]).expect_err("refused");
        assert!(matches!(&error, KernelError::Input(message) if message.starts_with("input 1:")), "{error}");
    }

    /// A CSR matrix copied by a kernel into a result in each level format
    /// the pipeline assembles is stored exactly as the runtime stores the
    /// same entries: the same buffers, so a variable block is as long as the
    /// entries allow, a bytemap's values sit at `p · N + c`, a hash level's
    /// table is built in the same probe order, runs of the fill lie between
    /// entries and equal neighbours merge into one run at the last level, a
    /// band spans its parent's first to last entry with the fill between.
    /// A transposed result (CSC's map) goes through a workspace first.
    /// Sparse rows, dense ones, rows with runs of columns and empty rows
    /// come from the densities.
    #[test]
    fn assembled_results_are_stored_as_the_runtime_stores_them() {
        const COPY: &str = r#"#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#OUT = #arr.encoding<[#arr.level<"FIRST", {}>, #arr.level<"SECOND", {}>], 0.0 : f64, affine_map<(i, j) -> (MAP)>>
func.func @kernel(%A: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #OUT> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #OUT>
  return %C : tensor<?x?xf64, #OUT>
}
"#;
        let formats = [
            ("dense", "compressed", "i, j"),
            ("compressed", "compressed", "i, j"),
            ("dense", "variable_block", "i, j"),
            ("compressed", "variable_block", "i, j"),
            ("variable_block", "variable_block", "i, j"),
            ("variable_block", "compressed", "i, j"),
            ("dense", "variable_block", "j, i"),
            ("dense", "bytemap", "i, j"),
            ("bytemap", "hash", "i, j"),
            ("compressed", "hash", "j, i"),
            ("dense", "run_length", "i, j"),
            ("compressed", "run_length", "i, j"),
            ("run_length", "compressed", "i, j"),
            ("run_length", "dense", "i, j"),
            ("run_length", "run_length", "i, j"),
            ("dense", "run_length", "j, i"),
            ("dense", "band", "i, j"),
            ("compressed", "band", "i, j"),
            ("band", "compressed", "i, j"),
            ("band", "band", "i, j"),
            ("band", "dense", "i, j"),
        ];
        for (first, second, map) in formats {
            let text = COPY.replace("FIRST", first).replace("SECOND", second).replace("MAP", map);
            let kernel = Kernel::compile(&text, "copy.mlir", None).unwrap_or_else(|error| panic!("{first}, {second}, ({map}): {error}"));
            for (seed, density, stretches) in [(1, 0.2, false), (2, 0.5, false), (3, 0.9, false), (4, 0.8, true)] {
                let mut entries = random_entries(&[9, 13], density, seed);
                if stretches {
                    // Stretches of equal values along each row, and across rows.
                    let equal = entries.entries().into_iter().map(|(point, _)| (point.clone(), (point[1] / 4) as f64 + 1.0)).collect();
                    entries = Coordinates::from_entries(vec![9, 13], equal).unwrap();
                }
                // The kernel drops what equals the fill; the runtime stores every entry it is given.
                entries.retain(|value| value != 0.0);
                let matrix = Tensor::from_coordinates(Format::csr(), 0.0, entries.clone()).unwrap();
                let (output, _) = kernel.run(&[Argument::RealTensor(matrix)]).unwrap();
                let Argument::Tensor(result) = output else { panic!("a tensor result") };
                let expected =
                    Tensor::from_coordinates(result.format.clone(), Value::Real(0.0), entries.to_element(Element::F64).unwrap()).unwrap();
                assert_eq!(
                    (&result.levels, &result.values),
                    (&expected.levels, &expected.values),
                    "{first}, {second}, ({map}), seed {seed}"
                );
            }
        }
    }
}
