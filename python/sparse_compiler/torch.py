"""The sparse array compiler as a PyTorch backend.

``compile(model, *example_args)`` exports ``model`` with torch-mlir's FX
importer (linalg on tensors, ``#sparse_tensor.encoding`` on the sparse
arguments), compiles the module's text with our pipeline and the JIT in this
process, and returns a callable that takes torch tensors (CSR, CSC, COO or
dense, as the examples were) and returns a torch tensor.

The callable passes each argument's buffers (``crow_indices``,
``col_indices``, ``values``, a dense tensor's data, ...) to the kernel by
address, without a copy, and wraps the buffers the kernel returns as torch
tensors, also without a copy (``torch.frombuffer`` over memory the result
owns). A copy happens only where layouts differ: a non-contiguous dense
tensor, a tensor with a lazy conjugation or negation, an uncoalesced COO
tensor, COO's first-level positions (``[0, nnz]``, which PyTorch does not
store) and its coordinates stacked into the ``indices`` of a returned COO
tensor, index buffers whose width is not the compiled one, and a result
buffer the kernel did not allocate (a constant, part of an argument).

Compiled kernels are cached by the hash of the exported module's text, in
memory for the process, so compiling the same model (or two models that
export to the same module) twice compiles once; and on disk, across
processes, as the text of the module our pipeline lowered it to, which the
JIT then compiles without running the pipeline (see ``cache_directory``).
"""

import contextlib
import hashlib
import inspect
import os
import tempfile
import threading

import torch

from . import _native
from ._native import CompileError, InputError

__all__ = ["compile", "cache_directory", "CompiledModel", "CompileError", "InputError"]

# MLIR element types and the torch dtypes that hold them.
_DTYPES = {
    "f64": torch.float64,
    "f32": torch.float32,
    "f16": torch.float16,
    "bf16": torch.bfloat16,
    "i64": torch.int64,
    "i32": torch.int32,
    "i16": torch.int16,
    "i8": torch.int8,
    "i1": torch.bool,
    "index": torch.int64,
    "complex<f64>": torch.complex128,
    "complex<f32>": torch.complex64,
}

# Index buffers of each bit width.
_INDEX_DTYPES = {64: torch.int64, 32: torch.int32, 16: torch.int16, 8: torch.int8}

_cache = {}
_cache_lock = threading.Lock()
# torch.export keeps state of its own while it traces: one export at a time.
_export_lock = threading.Lock()


def compile(model, *example_args, upstream=False):
    """Exports ``model`` called on ``example_args`` with torch-mlir and
    compiles it; returns a ``CompiledModel``. With ``upstream``, upstream
    MLIR's sparsifier lowers the module instead of our pipeline (a peer for
    comparisons). Raises ``CompileError`` with the compiler's diagnostics
    for what the compiler refuses."""
    from torch_mlir import fx

    with _export_lock:
        module = fx.export_and_import(model, *_distinct(example_args), output_type="linalg-on-tensors")
        # Text crosses between torch-mlir's copy of MLIR and ours: no object does.
        source = module.operation.get_asm()
    names = _argument_names(model, len(example_args))
    compiled = CompiledModel(source, names, upstream=upstream, name=type(model).__name__)
    if len(compiled.parameters) == len(example_args):
        compiled._constants = {index: example for index, example in enumerate(example_args) if _is_number(example)}
    return compiled


def _distinct(examples):
    """``examples``, each tensor given again (the same object) cloned: the
    export merges such arguments into one, and its module would read the
    last of them for all (``f(x, x)`` compiled, ``f(x, y)`` computed
    ``f(y, y)``)."""
    seen = []
    distinct = []
    for example in examples:
        if isinstance(example, torch.Tensor) and any(example is other for other in seen):
            example = example.clone()
        seen.append(example)
        distinct.append(example)
    return distinct


def _is_number(value):
    """Whether ``value`` is a Python number (``bool``, ``int``, ``float``,
    ``complex``), which the export makes a constant of the model."""
    return isinstance(value, (bool, int, float, complex))


def _same_number(value, constant):
    """Whether ``value`` is the number ``constant`` (NaN is NaN)."""
    if isinstance(value, torch.Tensor):
        if value.layout != torch.strided or value.numel() != 1:
            return False
        value = value.item()
    if not _is_number(value):
        return False
    return value == constant or (value != value and constant != constant)


def compile_module(source, names=None, upstream=False, name="<module>"):
    """Compiles a linalg-on-tensors module's text, as ``compile`` does after
    the export; ``names`` name the arguments in errors."""
    return CompiledModel(source, names, upstream=upstream, name=name)


def cached_kernels():
    """How many kernels the process holds compiled."""
    with _cache_lock:
        return len(_cache)


def cache_directory():
    """Where compiled kernels are kept across processes: the directory
    ``$SPARSE_COMPILER_CACHE`` names, else ``sparse_compiler`` in
    ``$XDG_CACHE_HOME`` (``~/.cache`` by default); ``None`` (no disk cache)
    when ``SPARSE_COMPILER_CACHE`` is empty or ``off``. Its files are lowered
    modules that the JIT compiles and runs: a directory that is not yours,
    or that others may write, is not used."""
    chosen = os.environ.get("SPARSE_COMPILER_CACHE")
    if chosen is not None:
        return None if chosen in ("", "off") else chosen
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        # A relative XDG_CACHE_HOME is ignored, as the XDG specification says.
        base = os.path.join(os.path.expanduser("~"), ".cache")
    # No home directory: no disk cache.
    return os.path.join(base, "sparse_compiler") if os.path.isabs(base) else None


def _compiler_identity():
    """What tells this build of the compiler from others: a kernel lowered
    by another build is not reused (its calling convention may differ). The
    native module's size, modification and change times and inode: an
    install replaces the file, which changes its change time even where
    packagers fix modification times."""
    status = os.stat(_native.__file__)
    return f"{status.st_size}:{status.st_mtime_ns}:{status.st_ctime_ns}:{status.st_ino}:{status.st_dev}"


def _private(directory):
    """Whether ``directory`` is yours alone: owned by you, writable by no
    one else (its files are code the JIT runs)."""
    try:
        status = os.stat(directory)
    except OSError:
        return False
    return status.st_uid == os.getuid() and not status.st_mode & 0o022


def _kernel(source, upstream, name):
    identity = ("upstream\0" if upstream else "ours\0").encode() + source.encode()
    key = hashlib.sha256(identity).hexdigest()
    with _cache_lock:
        kernel = _cache.get(key)
    if kernel is None:
        kernel = _compile_through_disk(source, upstream, name, identity)
        with _cache_lock:
            kernel = _cache.setdefault(key, kernel)
    return kernel


def _compile_through_disk(source, upstream, name, identity):
    """The kernel of ``source``, from the disk cache's lowered module when it
    holds one for this compiler, else compiled and its lowered module kept
    there. A cache that cannot be read or written is not used."""
    directory = cache_directory()
    if directory is None:
        return _native.compile(source, name=name, upstream=upstream)
    key = hashlib.sha256(_compiler_identity().encode() + b"\0" + identity).hexdigest()
    path = os.path.join(directory, key + ".mlir")
    lowered = None
    if _private(directory):
        try:
            with open(path, encoding="utf-8") as cached:
                lowered = cached.read()
        except (OSError, UnicodeDecodeError):
            pass
    if lowered is not None:
        try:
            return _native.compile(source, name=name, upstream=upstream, lowered=lowered)
        except CompileError:
            pass  # a damaged entry: compiled again below, and replaced
    kernel = _native.compile(source, name=name, upstream=upstream, keep_lowered=True)
    partial = None
    try:
        os.makedirs(directory, mode=0o700, exist_ok=True)
        if not _private(directory):
            return kernel
        # Written whole under another name, then renamed: a reader never sees part of it.
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=directory, suffix=".tmp", delete=False) as file:
            partial = file.name
            file.write(kernel.lowered)
        os.replace(partial, path)
    except OSError:
        if partial is not None:
            with contextlib.suppress(OSError):
                os.unlink(partial)
    return kernel


def _argument_names(model, count):
    try:
        parameters = list(inspect.signature(model.forward if isinstance(model, torch.nn.Module) else model).parameters)
    except (TypeError, ValueError):
        parameters = []
    return [f"argument {i + 1} ({parameters[i]!r})" if i < len(parameters) else f"argument {i + 1}" for i in range(count)]


def _layout(parameter):
    """The torch layout of tensors of ``parameter``'s format, or None."""
    levels, order, rank = parameter["levels"], parameter["dim_to_lvl"], len(parameter["shape"])
    kinds = [level["kind"] for level in levels]
    if parameter["blocked"] or len(levels) != rank or not all(level["ordered"] for level in levels):
        return None
    identity = order == list(range(rank))
    if kinds == ["dense"] * rank and identity:
        return torch.strided
    if rank == 2 and kinds == ["dense", "compressed"] and levels[1]["unique"]:
        return {(0, 1): torch.sparse_csr, (1, 0): torch.sparse_csc}.get(tuple(order))
    if rank >= 1 and identity and kinds == ["compressed"] + ["singleton"] * (rank - 1) and levels[-1]["unique"]:
        return torch.sparse_coo
    return None


def _format_text(parameter):
    def level_text(level):
        flags = [("nonunique", not level["unique"]), ("unordered", not level["ordered"])]
        held = [flag for flag, holds in flags if holds]
        return level["kind"] + (f"({', '.join(held)})" if held else "")

    levels = ", ".join(level_text(level) for level in parameter["levels"])
    return f"[{levels}] ordered by dims {parameter['dim_to_lvl']}"


class CompiledModel:
    """A model compiled for arguments shaped, typed and laid out as its
    examples were. Calling it runs the kernel; ``kernel_seconds`` is the
    time the last call spent in the kernel itself."""

    def __init__(self, source, names, upstream=False, name="<module>"):
        self.source = source
        self.kernel = _kernel(source, upstream, name)
        self.parameters = self.kernel.parameters
        self.result = self.kernel.result
        self.names = names or [f"argument {i + 1}" for i in range(len(self.parameters))]
        self.kernel_seconds = 0.0
        # The Python numbers among the examples ``compile`` exported, by
        # argument: constants of the model, whatever a call passes.
        self._constants = {}
        self._layouts = []
        for index, parameter in enumerate(self.parameters):
            self._layouts.append(self._torch_layout(parameter, self.names[index]))
        # What each call checks and passes, worked out once per tensor
        # parameter (see _Plan); None for a scalar.
        self._plans = [
            None if parameter["kind"] == "scalar" else _Plan(parameter, layout) for parameter, layout in zip(self.parameters, self._layouts)
        ]
        if self.result["kind"] == "tensor":
            self._result_layout = self._torch_layout(self.result, "the result")
            self._result_plan = _Plan(self.result, self._result_layout)

    @staticmethod
    def _torch_layout(parameter, what):
        if parameter["kind"] == "scalar":
            return None
        if parameter["element"] not in _DTYPES:
            raise CompileError(f"{what} has element type {parameter['element']}, which PyTorch does not hold")
        layout = _layout(parameter)
        if ("values",) not in [tuple(key) for key in parameter["buffers"]]:
            raise CompileError(f"{what} stores no values (a pattern), which no PyTorch layout is")
        if layout is None:
            raise CompileError(f"{what} is stored as {_format_text(parameter)}, which no PyTorch layout is")
        widths = {level[key] for level in parameter["levels"] for key in ("pos_width", "crd_width")}
        if layout in (torch.sparse_csr, torch.sparse_csc, torch.sparse_coo) and not widths <= {32, 64}:
            raise CompileError(f"{what} has index widths {sorted(widths)}; PyTorch's sparse tensors hold 32 or 64 bits")
        return layout

    def __call__(self, *args):
        if len(args) != len(self.parameters):
            raise InputError(f"the model takes {len(self.parameters)} arguments but {len(args)} were given")
        for index, constant in self._constants.items():
            if not _same_number(args[index], constant):
                raise InputError(
                    f"{self.names[index]} was the Python number {constant!r} when the model was compiled, which the export made a "
                    f"constant of the model, but it is {args[index]!r} here: compile with a 0-d tensor to pass other values"
                )
        keep = []
        arguments = []
        for arg, plan, layout, name in zip(args, self._plans, self._layouts, self.names):
            if plan is None:
                arguments.append(arg.item() if isinstance(arg, torch.Tensor) else arg)
                keep.append(None)  # keep[i] is argument i's buffers
                continue
            buffers, addresses = _buffers(arg, plan, layout, name)
            keep.append(buffers)
            arguments.append((list(arg.shape), addresses))
        try:
            result, self.kernel_seconds = self.kernel.run(arguments)
        except InputError as error:
            raise InputError(_name_inputs(str(error), self.names)) from None
        if self.result["kind"] == "scalar":
            return torch.tensor(result, dtype=_DTYPES[self.result["element"]])
        return _tensor(result, self._result_plan, self._result_layout, keep)


def _name_inputs(message, names):
    """``message`` with "input N" replaced by the argument's name."""
    for index in reversed(range(len(names))):
        message = message.replace(f"input {index + 1}", names[index])
    return message


class _Plan:
    """What a call checks and passes for one tensor parameter of ``layout``:
    its dtype, its sizes (None where dynamic), and per buffer, in the
    kernel's order, its slot among the tensor's parts (see ``_slot``), its
    key, the bit width of its indices (None for values) and its dtype."""

    def __init__(self, parameter, layout):
        self.dtype = _DTYPES[parameter["element"]]
        self.shape = parameter["shape"]
        # The sizes to compare a tensor's with, when none is dynamic.
        self.static_shape = torch.Size(self.shape) if None not in self.shape else None
        self.buffers = []
        for key in parameter["buffers"]:
            key = tuple(key)
            width = None
            if key[0] != "values":
                width = parameter["levels"][key[1]]["pos_width" if key[0] == "pos" else "crd_width"]
            dtype = self.dtype if width is None else _INDEX_DTYPES[width]
            self.buffers.append((_slot(layout, key), key, width, dtype))


def _slot(layout, key):
    """Where the buffer ``key`` is among the parts of a tensor of ``layout``:
    a dense tensor's one part is its values; CSR's and CSC's are the
    positions, the coordinates and the values; COO's are the positions of
    its first level, the values, then the coordinates of each dimension."""
    kind = key[0]
    if layout == torch.strided:
        return 0
    if layout in (torch.sparse_csr, torch.sparse_csc):
        return {"pos": 0, "crd": 1, "values": 2}[kind]
    return {"pos": 0, "values": 1}[kind] if kind != "crd" else 2 + key[1]


def _parts(tensor, layout):
    """The parts of ``tensor``, in the order ``_slot`` tells."""
    if layout == torch.strided:
        return (tensor,)
    if layout == torch.sparse_csr:
        return (tensor.crow_indices(), tensor.col_indices(), tensor.values())
    if layout == torch.sparse_csc:
        return (tensor.ccol_indices(), tensor.row_indices(), tensor.values())
    coalesced = tensor if tensor.is_coalesced() else tensor.coalesce()
    indices = coalesced._indices()
    return (torch.tensor([0, indices.shape[1]], dtype=torch.int64), coalesced._values(), *indices)


def _buffers(tensor, plan, layout, name):
    """The buffers of ``tensor`` for the parameter ``plan`` describes, in its
    order, and each one's address and length in bytes."""
    if not isinstance(tensor, torch.Tensor):
        raise InputError(f"{name} must be a torch tensor, not {type(tensor).__name__}")
    if tensor.layout != layout:
        raise InputError(f"{name} is {tensor.layout}, but the model was compiled for {layout}")
    if tensor.dtype != plan.dtype:
        raise InputError(f"{name} has dtype {tensor.dtype}, but the model was compiled for {plan.dtype}")
    if not tensor.is_cpu:
        raise InputError(f"{name} is on {tensor.device}; the compiled model runs on the CPU")
    shape = plan.shape
    if (
        tensor.shape != plan.static_shape
        if plan.static_shape is not None
        else len(shape) != tensor.dim() or any(s is not None and s != n for s, n in zip(shape, tensor.shape))
    ):
        expected = "x".join("?" if s is None else str(s) for s in shape) if shape else "a 0-d tensor"
        raise InputError(f"{name} has shape {list(tensor.shape)}, but the model was compiled for {expected}")
    if layout != torch.strided and tensor.dense_dim() != 0:
        raise InputError(f"{name} is a hybrid tensor ({tensor.dense_dim()} dense dimensions); it must have none")
    parts = _parts(tensor, layout)
    buffers, addresses = [], []
    for slot, key, width, dtype in plan.buffers:
        buffer = parts[slot]
        if buffer._is_zerotensor():
            buffer = torch.zeros(buffer.shape, dtype=buffer.dtype)
        if buffer.dtype != dtype:
            narrowing = width < 8 * buffer.element_size()
            if narrowing and buffer.numel() and (buffer.min() < 0 or buffer.max() >= 2 ** (width - 1)):
                raise InputError(f"{name}'s {key[0]} buffer of level {key[1]} holds indices its {width}-bit width cannot")
            buffer = buffer.to(dtype)
        # The kernel reads the bytes: a lazy conjugate (of complex numbers
        # only) or negation is applied first.
        if (dtype.is_complex and buffer.is_conj()) or buffer.is_neg() or not buffer.is_contiguous():
            buffer = buffer.resolve_conj().resolve_neg().contiguous()
        buffers.append(buffer)
        addresses.append((buffer.data_ptr(), buffer.nbytes))
    return buffers, addresses


def _tensor(result, plan, layout, arguments):
    """The torch tensor of a kernel's result (described by ``plan``): shape
    and buffers, each a ``Buffer`` the result owns or an argument's buffer
    handed back."""
    shape, returned = result
    parts = [None] * len(plan.buffers)
    for (slot, _, _, dtype), buffer in zip(plan.buffers, returned):
        if isinstance(buffer, tuple):
            argument, index = buffer
            parts[slot] = arguments[argument][index]
        elif buffer.nbytes == 0:
            parts[slot] = torch.empty(0, dtype=dtype)
        else:
            parts[slot] = torch.frombuffer(buffer, dtype=dtype)
    if layout == torch.strided:
        return parts[0].view(shape)
    if layout == torch.sparse_csr:
        return torch.sparse_csr_tensor(parts[0], parts[1], parts[2], size=shape)
    if layout == torch.sparse_csc:
        return torch.sparse_csc_tensor(parts[0], parts[1], parts[2], size=shape)
    indices = torch.stack([parts[2 + dim].to(torch.int64) for dim in range(len(shape))])
    return torch.sparse_coo_tensor(indices, parts[1], size=shape, is_coalesced=True)
