//! Large allocations on transparent huge pages: [`HugePages`], the global
//! allocator of our tools and libraries, is the system allocator that also
//! advises each block of 4 MiB or more to the kernel's transparent huge
//! pages (`madvise(MADV_HUGEPAGE)` on the whole pages inside it), as NumPy
//! does for its arrays and as compiled kernels do for theirs (the
//! `advise-huge-pages` pass). A fresh block is otherwise mapped one 4 KiB
//! page fault at a time as it is first written, which was a third of the
//! time of loading a large `.npz` file.
//!
//! Only advice: where transparent huge pages are off, or on systems other
//! than Linux, nothing changes.

use std::alloc::{GlobalAlloc, Layout, System};

/// Blocks of this many bytes or more are advised (NumPy's threshold, and
/// the compiled kernels').
pub const THRESHOLD: usize = sparse_passes::HUGE_PAGES_THRESHOLD;

/// The system allocator, advising large blocks to huge pages. Install it
/// with `#[global_allocator] static ALLOCATOR: HugePages = HugePages;`.
pub struct HugePages;

// SAFETY: every method forwards to `System` with the caller's arguments and
// returns its block unchanged; the advice only changes how the kernel maps
// the pages of a block the allocation owns.
unsafe impl GlobalAlloc for HugePages {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc` is `System`'s.
        let block = unsafe { System.alloc(layout) };
        advise(block, layout.size());
        block
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let block = unsafe { System.alloc_zeroed(layout) };
        advise(block, layout.size());
        block
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        // SAFETY: as for `alloc`; `block` came from `System` through us.
        unsafe { System.dealloc(block, layout) }
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `dealloc`.
        let moved = unsafe { System.realloc(block, layout, new_size) };
        advise(moved, new_size);
        moved
    }
}

/// Advises the whole pages inside the `size` bytes at `block`, when they
/// are [`THRESHOLD`] bytes or more.
fn advise(block: *mut u8, size: usize) {
    if block.is_null() || size < THRESHOLD {
        return;
    }
    const PAGE: usize = 4096;
    let address = block as usize;
    let first = address.next_multiple_of(PAGE);
    let past = (address + size) / PAGE * PAGE;
    if past <= first {
        return;
    }
    #[cfg(target_os = "linux")]
    {
        extern "C" {
            fn madvise(address: *mut std::ffi::c_void, length: usize, advice: std::ffi::c_int) -> std::ffi::c_int;
        }
        const MADV_HUGEPAGE: std::ffi::c_int = 14;
        // SAFETY: the range is whole pages inside a block this allocation
        // owns; the advice changes no contents, and its result (a refusal
        // where huge pages are off) is ignored.
        unsafe { madvise(block.add(first - address).cast(), past - first, MADV_HUGEPAGE) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_small_and_large_keep_their_contents() {
        for size in [16, THRESHOLD - 1, THRESHOLD, 3 * THRESHOLD + 123] {
            let layout = Layout::from_size_align(size, 64).unwrap();
            // SAFETY: `layout` has a non-zero size; the block is written
            // within it and freed with it.
            unsafe {
                let block = HugePages.alloc(layout);
                assert!(!block.is_null());
                assert_eq!(block as usize % 64, 0);
                block.write_bytes(7, size);
                let grown = HugePages.realloc(block, layout, size * 2);
                assert!(!grown.is_null());
                assert!((0..size).step_by(4093).all(|at| *grown.add(at) == 7));
                HugePages.dealloc(grown, Layout::from_size_align(size * 2, 64).unwrap());
                let zeroed = HugePages.alloc_zeroed(layout);
                assert!((0..size).step_by(4093).all(|at| *zeroed.add(at) == 0));
                HugePages.dealloc(zeroed, layout);
            }
        }
    }
}
