"""SciPy's side of the I/O benchmark (sparse-bench --io): one run in this
fresh process, so that its peak memory is its own.

    python io_peer.py mtx INPUT.mtx OUTPUT.mtx THREADS
    python io_peer.py npz INPUT.npz - THREADS

`mtx` reads the Matrix Market file with scipy.io.mmread (fast_matrix_market
inside, on THREADS threads), stores it in CSR and writes it with mmwrite;
`npz` loads a scipy.sparse.save_npz file. Prints `key value` lines: the
phases' seconds, the number of stored entries, and the resident memory when
the work starts and at its peak (bytes, from /proc/self/status).
"""

import sys
import time

import scipy.io
import scipy.io._fast_matrix_market as fmm
import scipy.sparse


def status(field):
    with open("/proc/self/status") as lines:
        for line in lines:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise RuntimeError(f"no {field} in /proc/self/status")


def main():
    kind, source, target, threads = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    fmm.PARALLELISM = threads
    start_rss = status("VmRSS")
    start = time.perf_counter()
    if kind == "mtx":
        matrix = scipy.io.mmread(source)
        read = time.perf_counter()
        csr = matrix.tocsr()
        converted = time.perf_counter()
        scipy.io.mmwrite(target, csr)
    else:
        csr = scipy.sparse.load_npz(source).tocsr()
        read = converted = time.perf_counter()
    end = time.perf_counter()
    print(f"read_s {read - start:.6f}")
    print(f"convert_s {converted - read:.6f}")
    print(f"write_s {end - converted:.6f}")
    print(f"total_s {end - start:.6f}")
    print(f"nnz {csr.nnz}")
    print(f"start_rss_bytes {start_rss}")
    print(f"peak_rss_bytes {status('VmHWM')}")


if __name__ == "__main__":
    main()
