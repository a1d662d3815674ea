//! Advice to the kernel about the pages of memory a block holds
//! (`madvise`, on Linux): [`huge_pages`] asks that its 2 MiB stretches be
//! mapped by transparent huge pages (the advice of the
//! [`HugePages`](crate::huge_pages::HugePages) allocator), and [`map_ahead`]
//! that the pages a vector is about to be filled into be mapped now, in one
//! system call (`MADV_POPULATE_WRITE`, Linux 5.14), rather than one page
//! fault per fresh page as each is first written. A page fault costs
//! microseconds on a virtual machine: faults were most of the time of
//! loading a 10⁵-entry matrix from a `.npz` file.
//!
//! Only advice: it changes no memory's contents. On other systems, or where
//! the kernel refuses it, nothing happens, and pages are mapped as before.

/// What the kernel is told about a range of pages.
#[derive(Clone, Copy)]
enum Advice {
    /// Back it with transparent huge pages (`MADV_HUGEPAGE`).
    HugePages,
    /// Map it now, as writing it would (`MADV_POPULATE_WRITE`).
    Populate,
}

/// The first and past-the-end addresses of the whole `unit`s (a power of
/// two) inside the `bytes` bytes at `start`; equal when there are none.
fn whole_units(start: usize, bytes: usize, unit: usize) -> (usize, usize) {
    let (first, past) = (start.next_multiple_of(unit), (start + bytes) / unit * unit);
    (first, past.max(first))
}

/// Gives `advice` for the whole `unit`s inside the `bytes` bytes at
/// `start`, which the caller owns; whether there were any and the kernel
/// took the advice.
fn advise(start: usize, bytes: usize, unit: usize, advice: Advice) -> bool {
    let (first, past) = whole_units(start, bytes, unit);
    first < past && madvise(first, past - first, advice)
}

#[cfg(target_os = "linux")]
fn madvise(first: usize, length: usize, advice: Advice) -> bool {
    extern "C" {
        fn madvise(address: *mut std::ffi::c_void, length: usize, advice: std::ffi::c_int) -> std::ffi::c_int;
    }
    let advice = match advice {
        Advice::HugePages => 14,
        Advice::Populate => 23,
    };
    // SAFETY: neither advice changes what any memory holds (one changes the
    // size of the pages that map it, the other maps its pages as a write
    // would, without writing), so the call is sound whatever the range; the
    // callers' ranges lie inside blocks they own.
    unsafe { madvise(first as *mut std::ffi::c_void, length, advice) == 0 }
}

#[cfg(not(target_os = "linux"))]
fn madvise(_first: usize, _length: usize, _advice: Advice) -> bool {
    false
}

/// The size of the system's pages.
fn page_size() -> usize {
    #[cfg(target_os = "linux")]
    {
        extern "C" {
            fn sysconf(name: std::ffi::c_int) -> std::ffi::c_long;
        }
        const SC_PAGESIZE: std::ffi::c_int = 30;
        // SAFETY: `sysconf` reads a system setting and touches no memory of ours.
        let size = unsafe { sysconf(SC_PAGESIZE) };
        if let Ok(size @ 1..) = usize::try_from(size) {
            return size;
        }
    }
    4096
}

/// Advises the 2 MiB stretches inside the `size` bytes at `block`, a block
/// the caller owns, to be transparent huge pages.
pub(crate) fn huge_pages(block: *mut u8, size: usize) {
    advise(block as usize, size, sparse_passes::HUGE_PAGE, Advice::HugePages);
}

/// Maps the pages that lie wholly inside the next `count` elements of
/// `vector`'s spare capacity (all of it if it is shorter), for the caller
/// to fill next; whether the kernel did. Changes no contents: a fresh page
/// still reads as zeros. A reader maps ahead a block at a time, as the data
/// arrives, so that a file that declares more than it holds never has the
/// memory it declares mapped.
pub(crate) fn map_ahead<T>(vector: &mut Vec<T>, count: usize) -> bool {
    let spare = vector.spare_capacity_mut();
    let ahead = &spare[..count.min(spare.len())];
    advise(ahead.as_ptr() as usize, std::mem::size_of_val(ahead), page_size(), Advice::Populate)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_units_are_those_inside_the_range() {
        assert_eq!(whole_units(0, 8192, 4096), (0, 8192));
        assert_eq!(whole_units(1, 8192, 4096), (4096, 8192));
        assert_eq!(whole_units(4095, 4097, 4096), (4096, 8192));
        assert_eq!(whole_units(4095, 4096, 4096), (4096, 4096));
        assert_eq!(whole_units(4097, 100, 4096), (8192, 8192));
        assert_eq!(whole_units(0, 0, 4096), (0, 0));
    }

    /// How many of the pages from `first` to `past` (page-aligned) are
    /// resident, from `mincore`.
    #[cfg(target_os = "linux")]
    fn resident_pages(first: usize, past: usize) -> usize {
        extern "C" {
            fn mincore(address: *mut std::ffi::c_void, length: usize, vector: *mut u8) -> std::ffi::c_int;
        }
        let mut flags = vec![0u8; (past - first) / page_size()];
        // SAFETY: the range is page-aligned and mapped (inside a live
        // vector's capacity); `flags` has one byte per page of it.
        assert_eq!(unsafe { mincore(first as *mut std::ffi::c_void, past - first, flags.as_mut_ptr()) }, 0);
        flags.iter().filter(|&&flag| flag & 1 == 1).count()
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn mapping_ahead_maps_the_pages_of_the_next_elements_and_keeps_the_vector() {
        let mut vector: Vec<u64> = Vec::with_capacity(1 << 20);
        vector.extend([7, 8, 9]);
        let ahead = 100_000;
        let start = vector.spare_capacity_mut().as_ptr() as usize;
        let (first, past) = whole_units(start, ahead * 8, page_size());
        // Linux 5.14 and later know the advice.
        assert!(map_ahead(&mut vector, ahead));
        assert_eq!(resident_pages(first, past), (past - first) / page_size());
        assert_eq!(vector, [7, 8, 9]);
        vector.extend(0..ahead as u64);
        assert_eq!(vector[..4], [7, 8, 9, 0]);
        assert_eq!(vector.len(), ahead + 3);
        // More than the spare capacity maps what there is; none maps nothing.
        assert!(!map_ahead(&mut Vec::<u8>::with_capacity(10), 1 << 30));
        let mut full = vec![1u8; 1 << 16];
        assert!(!map_ahead(&mut full, 1 << 16));
        assert!(full.iter().all(|&byte| byte == 1));
    }
}
