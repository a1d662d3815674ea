"""PyTorch models through sparse_compiler.torch, compared with PyTorch eager.

Each model is exported by torch-mlir, compiled by our pipeline in this
process and run on random data (an empty row, a full row, 3-D batches) in
the layouts its sparse arguments were compiled for; answers agree with
eager PyTorch to f32 rounding. Bad inputs raise Python exceptions that name
the argument. Run: python -m unittest discover -s python/tests
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import unittest
import warnings

import torch

import sparse_compiler
import sparse_compiler.torch as sc
from models import sparse, batch_coo, MM, Add, Mul, Relu, Neg, Tanh, SDDMM, SumSpMM, BMM, GCN, NormalizedGCN, Pruned, Attention

warnings.filterwarnings("ignore", message=".*Sparse (CSR|CSC) tensor support is in beta.*")
torch.manual_seed(7)


def setUpModule():
    # The tests' kernels go to a disk cache of their own, not the user's.
    global _cache
    _cache = tempfile.mkdtemp(prefix="sparse-compiler-cache-")
    os.environ["SPARSE_COMPILER_CACHE"] = _cache


def tearDownModule():
    shutil.rmtree(_cache, ignore_errors=True)


def close(test, actual, expected):
    actual = actual.to_dense() if actual.layout != torch.strided else actual
    expected = expected.to_dense() if expected.layout != torch.strided else expected
    test.assertEqual(actual.shape, expected.shape)
    test.assertEqual(actual.dtype, expected.dtype)
    torch.testing.assert_close(actual, expected, rtol=1e-4, atol=1e-5, equal_nan=True)


class Models(unittest.TestCase):
    def check(self, model, *args, layout=None, runs=2):
        """Compiles ``model`` on ``args``, runs it on them and on fresh
        random arguments made like them (``runs`` in all), and compares
        with eager PyTorch."""
        compiled = sc.compile(model, *args)
        for run in range(runs):
            if run > 0:
                args = tuple(fresh(arg) for arg in args)
            expected = model(*args)
            actual = compiled(*args)
            if layout is not None:
                self.assertEqual(actual.layout, layout)
            close(self, actual, expected)
        return compiled

    def test_spmm_in_every_layout(self):
        for layout in (torch.sparse_csr, torch.sparse_csc, torch.sparse_coo):
            with self.subTest(layout=layout):
                self.check(MM(), sparse(6, 5, layout=layout), torch.rand(5, 3), layout=torch.strided)

    def test_elementwise_sparse_results(self):
        for layout in (torch.sparse_csr, torch.sparse_coo):
            with self.subTest(layout=layout):
                self.check(Add(), sparse(6, 5, layout=layout), sparse(6, 5, layout=layout, full_row=False), layout=layout)
                self.check(Mul(), sparse(6, 5, layout=layout), sparse(6, 5, layout=layout, empty_row=False), layout=layout)
                self.check(Relu(), sparse(6, 5, layout=layout, density=0.6, low=-1.0), layout=layout)
                self.check(Neg(), sparse(6, 5, layout=layout), layout=layout)
        self.check(Tanh(), sparse(6, 5), layout=torch.sparse_csr)

    def test_sddmm_and_attention(self):
        self.check(SDDMM(), sparse(6, 5), torch.rand(6, 4), torch.rand(4, 5))
        mask = sparse(6, 6, empty_row=False)
        self.check(Attention(), mask, torch.rand(6, 4), torch.rand(6, 4), torch.rand(6, 3), torch.ones(6, 1))

    def test_sparse_times_sparse(self):
        self.check(MM(), sparse(6, 5), sparse(5, 4))

    def test_batched_coo(self):
        self.check(BMM(), batch_coo(), torch.rand(2, 5, 3))

    def test_reduction_to_a_scalar(self):
        compiled = self.check(SumSpMM(), sparse(6, 5), torch.rand(5, 3))
        self.assertEqual(compiled(sparse(6, 5), torch.rand(5, 3)).dim(), 0)

    def test_graph_networks(self):
        self.check(GCN([8, 4]), sparse(6, 6), torch.rand(6, 8))
        self.check(GCN([8, 16, 4]), sparse(6, 6), torch.rand(6, 8))
        self.check(NormalizedGCN(), sparse(6, 6), torch.rand(6, 8), torch.ones(6, 1))

    def test_pruned_linear(self):
        self.check(Pruned(), torch.rand(3, 5), sparse(4, 5))

    def test_empty_matrix(self):
        compiled = sc.compile(MM(), sparse(6, 5), torch.rand(5, 3))
        empty = torch.zeros(6, 5).to_sparse_csr()
        close(self, compiled(empty, torch.rand(5, 3)), torch.zeros(6, 3))
        relu = sc.compile(Relu(), sparse(6, 5))
        result = relu(empty)
        self.assertEqual(result.layout, torch.sparse_csr)
        self.assertEqual(result.values().numel(), 0)


def fresh(arg):
    """A new random argument shaped, typed and laid out as ``arg``."""
    if arg.layout == torch.strided:
        return torch.rand_like(arg)
    if arg.dim() == 3:
        return batch_coo(*arg.shape)
    return sparse(*arg.shape, layout=arg.layout)


class Inputs(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.spmm = sc.compile(MM(), sparse(6, 5), torch.rand(5, 3))

    def refused(self, pattern, *args):
        with self.assertRaisesRegex(sparse_compiler.InputError, pattern):
            self.spmm(*args)

    def test_a_shape_that_differs_from_the_example(self):
        self.refused(r"argument 2 \('b'\) has shape \[4, 3\], but the model was compiled for 5x3", sparse(6, 5), torch.rand(4, 3))
        self.refused(r"argument 1 \('a'\) has shape \[7, 5\]", sparse(7, 5), torch.rand(5, 3))

    def test_a_dtype_the_model_was_not_compiled_for(self):
        self.refused(r"argument 2 \('b'\) has dtype torch.float64, but the model was compiled for torch.float32", sparse(6, 5), torch.rand(5, 3, dtype=torch.float64))

    def test_a_layout_the_model_was_not_compiled_for(self):
        self.refused(r"argument 1 \('a'\) is torch.sparse_coo, but the model was compiled for torch.sparse_csr", sparse(6, 5, layout=torch.sparse_coo), torch.rand(5, 3))
        self.refused(r"argument 1 \('a'\) is torch.strided", torch.rand(6, 5), torch.rand(5, 3))

    def test_not_a_tensor_and_a_wrong_count(self):
        self.refused(r"argument 2 \('b'\) must be a torch tensor, not list", sparse(6, 5), [[1.0]])
        self.refused(r"takes 2 arguments but 1 were given", sparse(6, 5))

    def test_malformed_sparse_buffers(self):
        # A column index outside the matrix: the kernel never reads it.
        bad = torch.sparse_csr_tensor(torch.tensor([0, 1, 1, 1, 1, 1, 1]), torch.tensor([9]), torch.tensor([1.0]), size=(6, 5))
        self.refused(r"argument 1 \('a'\): level 1: crd\[0\] = 9 is outside 0..5", bad, torch.rand(5, 3))
        decreasing = torch.sparse_csr_tensor(torch.tensor([0, 2, 1, 2, 2, 2, 2]), torch.tensor([0, 1]), torch.tensor([1.0, 2.0]), size=(6, 5))
        self.refused(r"argument 1 \('a'\): ", decreasing, torch.rand(5, 3))

    def test_a_python_number_is_a_constant_of_the_model(self):
        # The export makes a Python number in the examples a constant: a
        # call with another value is refused, not computed with the old one.
        class Scale(torch.nn.Module):
            def forward(self, a, s):
                return a * s

        a = torch.arange(4.0)
        scaled = sc.compile(Scale(), a, 2.0)
        close(self, scaled(a, 2.0), a * 2.0)
        close(self, scaled(a, torch.tensor(2.0)), a * 2.0)
        with self.assertRaisesRegex(sparse_compiler.InputError, r"argument 2 \('s'\) was the Python number 2.0 when the model was compiled.* 3.0 here: compile with a 0-d tensor"):
            scaled(a, 3.0)
        # A 0-d tensor is an argument like any other.
        scaled = sc.compile(Scale(), a, torch.tensor(2.0))
        close(self, scaled(a, torch.tensor(3.0)), a * 3.0)
        with self.assertRaisesRegex(sparse_compiler.InputError, r"argument 2 \('s'\) has shape \[1\], but the model was compiled for a 0-d tensor"):
            scaled(a, torch.ones(1))

    def test_one_tensor_given_for_two_examples(self):
        # The export merges arguments that are the same object: compiled on
        # (x, x), the model must still read each argument of a later call.
        x, y = sparse(6, 5), sparse(6, 5)
        added = sc.compile(Add(), x, x)
        close(self, added(x, y), x.to_dense() + y.to_dense())
        d, e = torch.rand(6, 5), torch.rand(6, 5)
        multiplied = sc.compile(Mul(), d, d)
        close(self, multiplied(d, e), d * e)

    def test_non_contiguous_dense_arguments_are_read_as_they_are(self):
        a, b = sparse(6, 5), torch.rand(3, 5).t()
        close(self, self.spmm(a, b), torch.mm(a, b))

    def test_lazy_negation_zero_tensors_and_int32_indices(self):
        a, b = sparse(6, 5), torch.rand(5, 3)
        close(self, self.spmm(a, torch._neg_view(b)), torch.mm(a, -b))
        close(self, self.spmm(a, torch._efficientzerotensor(5, 3)), torch.zeros(6, 3))
        narrow = torch.sparse_csr_tensor(a.crow_indices().int(), a.col_indices().int(), a.values(), a.shape)
        close(self, self.spmm(narrow, b), torch.mm(a, b))


CSR_SOURCE = "#CSR = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), posWidth = 64, crdWidth = 64 }>\n"


class Package(unittest.TestCase):
    def test_a_result_that_is_an_argument_after_a_scalar(self):
        source = CSR_SOURCE + (
            "func.func @main(%s: f32, %a: tensor<3x3xf32, #CSR>, %b: tensor<3x3xf32, #CSR>) -> tensor<3x3xf32, #CSR> {\n"
            "  return %b : tensor<3x3xf32, #CSR>\n}\n"
        )
        eye = torch.eye(3).to_sparse_csr()
        seven = (7 * torch.eye(3)).to_sparse_csr()
        for upstream in (False, True):
            with self.subTest(upstream=upstream):
                compiled = sc.compile_module(source, upstream=upstream)
                close(self, compiled(2.0, eye, seven), 7 * torch.eye(3))

    def test_an_integer_past_64_bits_is_refused(self):
        source = "func.func @main(%s: i64, %a: tensor<3xi64>) -> tensor<3xi64> {\n  return %a : tensor<3xi64>\n}\n"
        compiled = sc.compile_module(source)
        ones = torch.ones(3, dtype=torch.int64)
        self.assertEqual(compiled(-2**63, ones).tolist(), [1, 1, 1])
        # -2^63 - 1 rounded through a float into the range.
        for big in (-2**63 - 1, 2**63, 10**400):
            with self.assertRaisesRegex(sparse_compiler.InputError, "past the 64-bit integers"):
                compiled(big, ones)

    def test_models_compile_from_several_threads(self):
        # torch.export is not thread-safe: compile serializes it. A smoke
        # test: without the lock the exports failed here, but a race need
        # not show on every run.
        failures = []

        def compile_and_run(rows):
            try:
                a, b = sparse(rows, 5), torch.rand(5, 3)
                close(self, sc.compile(MM(), a, b)(a, b), torch.mm(a, b))
            except Exception as error:  # reported below, in the test's thread
                failures.append(f"{rows} rows: {error!r}")

        threads = [threading.Thread(target=compile_and_run, args=(rows,)) for rows in (7, 8, 9)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(failures, [])

    def test_empty_results_keep_their_dtypes(self):
        source = CSR_SOURCE + (
            "func.func @main(%a: tensor<3x3xf32, #CSR>) -> tensor<3x3xf32, #CSR> {\n"
            "  return %a : tensor<3x3xf32, #CSR>\n}\n"
        )
        empty = torch.zeros(3, 3).to_sparse_csr()
        for upstream in (False, True):
            with self.subTest(upstream=upstream):
                result = sc.compile_module(source, upstream=upstream)(empty)
                self.assertEqual(result.values().dtype, torch.float32)
                self.assertEqual(result.col_indices().dtype, torch.int64)
                self.assertEqual(result.values().numel(), 0)

    def test_upstream_constant_results_are_copied_not_freed(self):
        class Constant(torch.nn.Module):
            def forward(self, a):
                return torch.tensor([1.0, 2.0, 3.0, 4.0]) + 0 * a

        compiled = sc.compile(Constant(), torch.ones(4), upstream=True)
        for _ in range(3):
            result = compiled(torch.ones(4))
            close(self, result, torch.tensor([1.0, 2.0, 3.0, 4.0]))
            # The copy is the result's own memory, written through the buffer.
            result += 1
            close(self, result, torch.tensor([2.0, 3.0, 4.0, 5.0]))
            del result

    def test_upstream_checks_the_sizes_that_must_agree(self):
        source = CSR_SOURCE.replace("f32", "f64") + (
            "#spmv = { indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],"
            " iterator_types = [\"parallel\", \"reduction\"] }\n"
            "func.func @main(%a: tensor<4x100000xf64, #CSR>, %x: tensor<?xf64>) -> tensor<4xf64> {\n"
            "  %zero = arith.constant 0.0 : f64\n"
            "  %e = tensor.empty() : tensor<4xf64>\n"
            "  %y0 = linalg.fill ins(%zero : f64) outs(%e : tensor<4xf64>) -> tensor<4xf64>\n"
            "  %y = linalg.generic #spmv ins(%a, %x : tensor<4x100000xf64, #CSR>, tensor<?xf64>) outs(%y0 : tensor<4xf64>) {\n"
            "  ^bb0(%av: f64, %xv: f64, %yv: f64):\n"
            "    %p = arith.mulf %av, %xv : f64\n"
            "    %s = arith.addf %yv, %p : f64\n"
            "    linalg.yield %s : f64\n"
            "  } -> tensor<4xf64>\n"
            "  return %y : tensor<4xf64>\n}\n"
        )
        a = torch.sparse_csr_tensor(torch.tensor([0, 1, 1, 1, 1]), torch.tensor([99999]), torch.tensor([3.0], dtype=torch.float64), (4, 100000))
        for upstream in (False, True):
            with self.subTest(upstream=upstream):
                compiled = sc.compile_module(source, upstream=upstream)
                with self.assertRaisesRegex(sparse_compiler.InputError, "must agree"):
                    compiled(a, torch.ones(2, dtype=torch.float64))
                close(self, compiled(a, torch.ones(100000, dtype=torch.float64)), torch.tensor([3.0, 0, 0, 0], dtype=torch.float64))

    def test_torch_mlir_loads_after_a_kernel_ran(self):
        # A kernel that calls MLIR's C runner utilities (vector.print), run
        # before torch-mlir is first imported: the utilities' library, which
        # links the shared libLLVM, must not make LLVM's symbols global, or
        # torch-mlir's LLVM registers its options twice and aborts.
        kernel = (
            "func.func @main(%x: tensor<3xf64>) -> tensor<3xf64> {\n"
            "  %c0 = arith.constant 0 : index\n"
            "  %v = tensor.extract %x[%c0] : tensor<3xf64>\n"
            "  vector.print %v : f64\n"
            "  return %x : tensor<3xf64>\n"
            "}\n"
        )
        script = (
            "import sys, torch, sparse_compiler\n"
            "kernel = sparse_compiler.compile(sys.argv[1])\n"
            "x = torch.tensor([1.5, 2.0, 3.0], dtype=torch.float64)\n"
            "kernel.run([([3], [(x.data_ptr(), 24)])])\n"
            "from torch_mlir import fx\n"
            "print('imported', flush=True)\n"
        )
        run = subprocess.run([sys.executable, "-c", script, kernel], capture_output=True, text=True)
        self.assertEqual((run.returncode, run.stdout), (0, "1.5\nimported\n"), run.stderr)

    def test_kernels_are_cached_by_their_ir(self):
        before = sc.cached_kernels()
        first = sc.compile(MM(), sparse(6, 7), torch.rand(7, 2))
        second = sc.compile(MM(), sparse(6, 7), torch.rand(7, 2))
        self.assertIs(first.kernel, second.kernel)
        self.assertEqual(sc.cached_kernels(), before + 1)

    def test_results_wrap_the_kernels_memory(self):
        kernel = sparse_compiler.compile(sc.compile(Relu(), sparse(6, 5)).source)
        a = sparse(6, 5, density=0.6, low=-1.0)
        buffers = [a.crow_indices(), a.col_indices(), a.values()]
        (shape, returned), _ = kernel.run([([6, 5], [(b.data_ptr(), b.numel() * b.element_size()) for b in buffers])])
        self.assertEqual(shape, [6, 5])
        for buffer in returned:
            if isinstance(buffer, sparse_compiler.Buffer) and buffer.nbytes:
                wrapped = torch.frombuffer(buffer, dtype=torch.uint8)
                self.assertEqual(wrapped.data_ptr(), buffer.address)

    def test_compile_errors_carry_diagnostics(self):
        with self.assertRaisesRegex(sparse_compiler.CompileError, "error"):
            sparse_compiler.compile("func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> { %b = \"nope.op\"(%a) : (tensor<4xf32>) -> tensor<4xf32>\n return %b : tensor<4xf32> }")

    def test_the_documented_example_runs(self):
        docs = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "python.md")
        with open(docs) as f:
            example = re.findall(r"```python\n(.*?)```", f.read(), re.DOTALL)[0]
        exec(compile(example, "docs/python.md", "exec"), {})

    def test_upstream_lowers_the_same_module(self):
        a, b = sparse(6, 5), torch.rand(5, 3)
        upstream = sc.compile(MM(), a, b, upstream=True)
        close(self, upstream(a, b), torch.mm(a, b))


class DiskCache(unittest.TestCase):
    """Kernels kept on disk as the modules our pipeline lowered them to."""

    SOURCE = CSR_SOURCE + (
        "func.func @main(%a: tensor<3x4xf32, #CSR>, %x: tensor<4xf32>) -> tensor<3xf32> {\n"
        "  %zero = arith.constant 0.0 : f32\n"
        "  %e = tensor.empty() : tensor<3xf32>\n"
        "  %y0 = linalg.fill ins(%zero : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>\n"
        "  %y = linalg.matvec ins(%a, %x : tensor<3x4xf32, #CSR>, tensor<4xf32>) outs(%y0 : tensor<3xf32>) -> tensor<3xf32>\n"
        "  return %y : tensor<3xf32>\n}\n"
    )

    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="sparse-compiler-cache-test-")
        self.saved = os.environ.get("SPARSE_COMPILER_CACHE")
        os.environ["SPARSE_COMPILER_CACHE"] = self.directory

    def tearDown(self):
        if self.saved is None:
            os.environ.pop("SPARSE_COMPILER_CACHE", None)
        else:
            os.environ["SPARSE_COMPILER_CACHE"] = self.saved
        shutil.rmtree(self.directory, ignore_errors=True)

    def compile(self, upstream=False):
        """Compiles SOURCE through the disk cache alone (not the process's)."""
        identity = ("upstream\0" if upstream else "ours\0").encode() + self.SOURCE.encode()
        return sc._compile_through_disk(self.SOURCE, upstream, "cached.mlir", identity)

    def entries(self):
        return sorted(os.listdir(self.directory))

    def check_runs(self, kernel):
        compiled = sc.compile_module(self.SOURCE)
        compiled.kernel = kernel
        a = sparse(3, 4, density=0.6)
        x = torch.rand(4)
        close(self, compiled(a, x), torch.mv(a.to_dense(), x))

    def test_a_kept_module_is_compiled_without_the_pipeline(self):
        for upstream in (False, True):
            with self.subTest(upstream=upstream):
                first = self.compile(upstream)
                self.assertIsNotNone(first.lowered)
                second = self.compile(upstream)
                # Compiled from the kept text: nothing new to keep.
                self.assertIsNone(second.lowered)
                self.check_runs(second)
        self.assertEqual(len(self.entries()), 2)
        self.assertTrue(all(entry.endswith(".mlir") for entry in self.entries()))

    def test_a_damaged_entry_is_compiled_again_and_replaced(self):
        self.compile()
        [entry] = self.entries()
        for damage in ["module {", "", "\xff not a module"]:
            with self.subTest(damage=damage):
                with open(os.path.join(self.directory, entry), "w") as file:
                    file.write(damage)
                kernel = self.compile()
                self.assertIsNotNone(kernel.lowered)
                self.check_runs(kernel)
                self.assertEqual(self.entries(), [entry])
                self.assertIsNone(self.compile().lowered)

    def test_the_cache_can_be_turned_off_or_unwritable(self):
        for setting in ["off", ""]:
            os.environ["SPARSE_COMPILER_CACHE"] = setting
            self.assertIsNone(sc.cache_directory())
            self.assertIsNone(self.compile().lowered)
        # A directory others may write is not used: its files would be code we run.
        shared = os.path.join(self.directory, "shared")
        os.makedirs(shared)
        os.chmod(shared, 0o777)
        os.environ["SPARSE_COMPILER_CACHE"] = shared
        self.assertIsNotNone(self.compile().lowered)
        self.assertIsNotNone(self.compile().lowered)
        self.assertEqual(os.listdir(shared), [])
        # A path under a file cannot be made: compiled, nothing kept, no error.
        blocker = os.path.join(self.directory, "file")
        open(blocker, "w").close()
        os.environ["SPARSE_COMPILER_CACHE"] = os.path.join(blocker, "cache")
        self.check_runs(self.compile())
        self.assertEqual(self.entries(), ["file", "shared"])


if __name__ == "__main__":
    unittest.main()
