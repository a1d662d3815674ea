//! Mapping a buffer's memory before it is filled: [`map_spare_capacity`]
//! asks the kernel, in one system call, for the pages a vector's spare
//! capacity lies on (`madvise(MADV_POPULATE_WRITE)`, Linux 5.14), where
//! writing the buffer would otherwise take one page fault per fresh 4 KiB
//! page. For a reader that knows how many elements it is about to write
//! (the arrays of a `.npz` file): a page fault costs microseconds on a
//! virtual machine, which made most of the time of loading a 10⁵-entry
//! matrix.
//!
//! Only advice: on other systems, on older kernels (which refuse it), or
//! for spare capacity under [`SMALLEST`] bytes, nothing happens, and the
//! pages are mapped as they are first written, as before.

/// Spare capacity smaller than this is left alone: a few page faults
/// cost less than the system call.
pub const SMALLEST: usize = 64 << 10;

/// Maps the pages that lie wholly inside `vector`'s spare capacity (the
/// memory past its length that it owns), for the caller to fill next.
/// Changes no contents: a fresh page still reads as zeros, and a page in
/// use keeps what it holds.
pub fn map_spare_capacity<T>(vector: &mut Vec<T>) {
    let spare = vector.spare_capacity_mut();
    let (start, bytes) = (spare.as_mut_ptr() as usize, std::mem::size_of_val(spare));
    if bytes < SMALLEST {
        return;
    }
    #[cfg(target_os = "linux")]
    {
        extern "C" {
            fn madvise(address: *mut std::ffi::c_void, length: usize, advice: std::ffi::c_int) -> std::ffi::c_int;
        }
        const MADV_POPULATE_WRITE: std::ffi::c_int = 23;
        const PAGE: usize = 4096;
        let first = start.next_multiple_of(PAGE);
        let past = (start + bytes) / PAGE * PAGE;
        if past > first {
            // SAFETY: `first..past` lies inside the spare capacity, which
            // `vector` owns and nothing else references; populating maps
            // pages without changing what they hold, and its result (a
            // refusal where the kernel does not know the advice) is
            // ignored.
            unsafe { madvise((first as *mut u8).cast(), past - first, MADV_POPULATE_WRITE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = start;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mapping_spare_capacity_keeps_every_element_and_lets_it_be_filled() {
        let mut vector: Vec<u64> = Vec::with_capacity(1 << 20);
        vector.extend([7, 8, 9]);
        map_spare_capacity(&mut vector);
        assert_eq!(vector, [7, 8, 9]);
        vector.extend(0..(1 << 20) - 3);
        assert_eq!(vector.len(), 1 << 20);
        assert_eq!(vector[..4], [7, 8, 9, 0]);
        assert_eq!(vector[(1 << 20) - 1], (1 << 20) - 4);
        // Small spare capacity, and none at all.
        let mut small: Vec<u8> = Vec::with_capacity(10);
        map_spare_capacity(&mut small);
        map_spare_capacity(&mut vector);
        assert!(small.is_empty());
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn spare_capacity_is_mapped_before_it_is_written() {
        // Resident memory grows by the mapped pages without a write.
        let before = crate::process::resident_bytes().expect("Linux reports resident memory");
        let mut vector: Vec<u8> = Vec::with_capacity(64 << 20);
        map_spare_capacity(&mut vector);
        let after = crate::process::resident_bytes().expect("Linux reports resident memory");
        let kernel_knows_the_advice = std::fs::read_to_string("/proc/sys/kernel/osrelease")
            .ok()
            .and_then(|release| {
                let mut parts = release.split(['.', '-']).map(str::parse::<u32>);
                Some((parts.next()?.ok()?, parts.next()?.ok()?))
            })
            .is_some_and(|version| version >= (5, 14));
        if kernel_knows_the_advice {
            assert!(after >= before + (32 << 20), "resident memory grew from {before} to {after} bytes only");
        }
        vector.push(1);
        assert_eq!(vector, [1]);
    }
}
