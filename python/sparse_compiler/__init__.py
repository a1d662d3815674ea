"""The sparse array compiler, from Python.

``sparse_compiler.compile(source)`` JIT-compiles a kernel written in MLIR
(our ``arr`` dialect, or upstream ``linalg`` with ``#sparse_tensor.encoding``)
and returns a ``Kernel``; ``sparse_compiler.torch.compile(model,
*example_args)`` makes the compiler a PyTorch backend (see docs/python.md).
"""

from ._native import Buffer, CompileError, InputError, Kernel, compile

__all__ = ["Buffer", "CompileError", "InputError", "Kernel", "compile"]
