//! Large allocations on transparent huge pages: [`HugePages`], the global
//! allocator of our tools and of the Python package, is the system allocator
//! that also advises the 2 MiB stretches inside each block of 4 MiB or more
//! to the kernel's transparent huge pages (`madvise(MADV_HUGEPAGE)`), as
//! NumPy does for its arrays and as compiled kernels do for theirs (the
//! `advise-huge-pages` pass). A fresh block is otherwise mapped one 4 KiB
//! page fault at a time as it is first written: loading a `.npz` file of
//! 10⁷ entries took 0.10 s, and 0.04 s advised.
//!
//! Only advice, on Linux: where transparent huge pages are set to `never`,
//! or on other systems, no page changes size.

use std::alloc::{GlobalAlloc, Layout, System};

/// Blocks of this many bytes or more are advised (NumPy's threshold, and
/// the compiled kernels').
pub const THRESHOLD: usize = sparse_passes::HUGE_PAGES_THRESHOLD;

/// The largest alignment for which `System.alloc_zeroed` asks the C library
/// for zeroed memory (`calloc`, whose fresh pages are not touched); above it,
/// it allocates and then writes the zeros.
const CALLOC_ALIGNMENT: usize = 16;

/// The system allocator, advising large blocks to huge pages. Install it
/// with `#[global_allocator] static ALLOCATOR: HugePages = HugePages;`.
#[derive(Debug, Default, Clone, Copy)]
pub struct HugePages;

// SAFETY: every method forwards to `System` with the caller's arguments and
// returns its block unchanged (`alloc_zeroed` above `calloc`'s alignment
// writes the zeros itself, as `System` does); the advice only changes the
// size of the pages that map the block.
unsafe impl GlobalAlloc for HugePages {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc` is `System`'s.
        let block = unsafe { System.alloc(layout) };
        advise(block, layout.size());
        block
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.size() < THRESHOLD || layout.align() <= CALLOC_ALIGNMENT {
            // SAFETY: as for `alloc`.
            let block = unsafe { System.alloc_zeroed(layout) };
            advise(block, layout.size());
            return block;
        }
        // Advised before the zeros are written, so that writing them maps
        // huge pages.
        // SAFETY: as for `alloc`; the zeros are written within the block.
        unsafe {
            let block = self.alloc(layout);
            if !block.is_null() {
                block.write_bytes(0, layout.size());
            }
            block
        }
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

/// Advises the 2 MiB stretches inside the `size` bytes at `block`, when
/// they are [`THRESHOLD`] bytes or more (which holds at least one).
fn advise(block: *mut u8, size: usize) {
    if !block.is_null() && size >= THRESHOLD {
        crate::page_advice::huge_pages(block, size);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many bytes of `[low, high)` lie in mappings the kernel flags
    /// `hg` (advised to huge pages), from `/proc/self/smaps`.
    fn advised_bytes(low: usize, high: usize) -> usize {
        let smaps = std::fs::read_to_string("/proc/self/smaps").expect("Linux has /proc/self/smaps");
        let mut mapping = (0, 0);
        let mut bytes = 0;
        for line in smaps.lines() {
            let range = line.split_once(' ').and_then(|(range, _)| range.split_once('-'));
            if let Some((Ok(start), Ok(end))) = range.map(|(a, b)| (usize::from_str_radix(a, 16), usize::from_str_radix(b, 16))) {
                mapping = (start, end);
            } else if line.starts_with("VmFlags:") && line.split_whitespace().any(|flag| flag == "hg") {
                bytes += mapping.1.min(high).saturating_sub(mapping.0.max(low));
            }
        }
        bytes
    }

    /// Whether the advice can be seen: Linux with transparent huge pages.
    fn observable() -> bool {
        cfg!(target_os = "linux") && std::path::Path::new("/sys/kernel/mm/transparent_hugepage").is_dir()
    }

    /// The 2 MiB stretches inside `size` bytes at `block` (empty for a block
    /// below the threshold).
    fn stretches(block: *mut u8, size: usize) -> (usize, usize) {
        let (address, huge_page) = (block as usize, sparse_passes::HUGE_PAGE);
        if size < THRESHOLD {
            return (address, address);
        }
        (address.next_multiple_of(huge_page), (address + size) / huge_page * huge_page)
    }

    #[test]
    fn advice_flags_exactly_the_huge_page_stretches_inside_a_large_block() {
        if !observable() {
            return;
        }
        for size in [THRESHOLD - 1, THRESHOLD, 3 * THRESHOLD + 123] {
            let layout = Layout::from_size_align(size, 64).unwrap();
            // SAFETY: `layout` has a non-zero size; the block is freed with it.
            let block = unsafe { System.alloc(layout) };
            assert!(!block.is_null());
            let (low, high) = (block as usize, block as usize + size);
            let (first, past) = stretches(block, size);
            // A freed block's advice may stay on the heap that serves this
            // one: what the advice adds is what was not flagged yet.
            let (before, before_in_stretches) = (advised_bytes(low, high), advised_bytes(first, past));
            advise(block, size);
            assert_eq!(advised_bytes(low, high) - before, (past - first) - before_in_stretches, "{size} bytes");
            // SAFETY: as above.
            unsafe { System.dealloc(block, layout) };
        }
    }

    #[test]
    fn blocks_keep_their_contents_and_large_ones_are_advised() {
        for (size, align) in [(16, 8), (THRESHOLD - 1, 64), (THRESHOLD, 8), (THRESHOLD, 64), (3 * THRESHOLD + 123, 4096)] {
            let layout = Layout::from_size_align(size, align).unwrap();
            // SAFETY: `layout` has a non-zero size; each block is checked
            // for null, written and read within its size, and freed with
            // its layout.
            unsafe {
                let zeroed = HugePages.alloc_zeroed(layout);
                assert!(!zeroed.is_null());
                assert_eq!(zeroed as usize % align, 0);
                assert!((0..size).step_by(4093).all(|at| *zeroed.add(at) == 0));
                let (first, past) = stretches(zeroed, size);
                if observable() {
                    assert_eq!(advised_bytes(first, past), past - first, "{size} bytes");
                }
                zeroed.write_bytes(7, size);
                let grown = HugePages.realloc(zeroed, layout, size * 2);
                assert!(!grown.is_null());
                assert!((0..size).step_by(4093).all(|at| *grown.add(at) == 7));
                let (first, past) = stretches(grown, size * 2);
                if observable() {
                    assert_eq!(advised_bytes(first, past), past - first, "{size} bytes grown");
                }
                HugePages.dealloc(grown, Layout::from_size_align(size * 2, align).unwrap());
            }
        }
    }
}
