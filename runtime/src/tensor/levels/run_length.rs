//! `run_length` (Finch's DenseRLE): parent `p` owns the runs
//! `pos[p]..pos[p + 1]`; run `r` ends at coordinate `crd[r]` (inclusive) and
//! covers every coordinate after the previous run's end, the parent's runs
//! covering `0..N`. Built at the last level, a run is a maximal stretch of
//! equal values (the fill counts as a value); above it, each coordinate with
//! entries is a run of its own and the stretches between them are runs with
//! nothing below.

use super::{stored_buffers, Assembled, LevelContext, StoredLevel};
use crate::tensor::buffer::{filled, Buffer};
use crate::tensor::validate::{check_crd_length, check_pos, Ids};
use crate::tensor::TensorError;
use std::borrow::Cow;

pub(super) struct RunLength;

/// The runs of one level under construction.
struct Runs {
    pos: Vec<usize>,
    ends: Vec<usize>,
}

impl Runs {
    /// Adds the run `..=end` under `parent`, or extends the parent's last
    /// run when `extend` (it holds the same value); returns its position.
    fn push(&mut self, parent: usize, end: usize, extend: bool) -> usize {
        if extend && self.pos[parent + 1] > 0 {
            *self.ends.last_mut().expect("a run to extend") = end;
        } else {
            self.ends.push(end);
            self.pos[parent + 1] += 1;
        }
        self.ends.len() - 1
    }
}

impl RunLength {
    /// The runs of every parent: entries in `0..N` of their parent, the
    /// stretches between them filled, merging an entry into the run of the
    /// entry just before it when `repeats` (whether each entry holds its
    /// predecessor's value) says so. A stretch of fill never merges: no
    /// entry holds the fill.
    fn build(
        context: &LevelContext,
        parents: usize,
        coordinates: &[usize],
        repeats: Option<&dyn Fn(usize) -> bool>,
        positions: &mut [usize],
    ) -> Result<Assembled, TensorError> {
        let pos = filled(Buffer::Positions(context.index), parents.checked_add(1), 0)?;
        // At least one run per parent: reserved first, so a shape too large
        // to hold them is an error, not an abort.
        let mut ends = filled(Buffer::Coordinates(context.index), Some(parents), 0)?;
        ends.clear();
        let mut runs = Runs { pos, ends };
        let size = context.size;
        let mut entry = 0;
        for parent in 0..parents {
            let mut next = 0;
            // Whether the parent's last run is the previous entry's.
            let mut after_entry = false;
            while entry < positions.len() && positions[entry] == parent {
                let coordinate = coordinates[entry];
                if coordinate > next {
                    runs.push(parent, coordinate - 1, false);
                    after_entry = false;
                }
                let extend = after_entry && repeats.is_some_and(|repeats| repeats(entry));
                let run = if coordinate + 1 == next { runs.ends.len() - 1 } else { runs.push(parent, coordinate, extend) };
                after_entry = true;
                positions[entry] = run;
                next = coordinate + 1;
                entry += 1;
            }
            if next < size {
                runs.push(parent, size - 1, false);
            }
        }
        for parent in 0..parents {
            runs.pos[parent + 1] += runs.pos[parent];
        }
        let count = runs.ends.len();
        Ok(Assembled { buffers: vec![runs.pos, runs.ends], positions: count })
    }
}

impl StoredLevel for RunLength {
    fn assemble(
        &self,
        context: &LevelContext,
        parents: usize,
        coordinates: &[usize],
        positions: &mut [usize],
    ) -> Result<Assembled, TensorError> {
        Self::build(context, parents, coordinates, None, positions)
    }

    fn assemble_last(
        &self,
        context: &LevelContext,
        parents: usize,
        entries: (Cow<[usize]>, &dyn Fn(usize) -> bool),
        positions: &mut [usize],
    ) -> Result<Assembled, TensorError> {
        Self::build(context, parents, &entries.0, Some(entries.1), positions)
    }

    fn children(&self, _context: &LevelContext, buffers: &[Vec<usize>], parent: usize, visit: &mut dyn FnMut(usize, usize)) {
        let [pos, ends] = stored_buffers(buffers);
        let mut start = 0;
        for (run, &end) in ends.iter().enumerate().take(pos[parent + 1]).skip(pos[parent]) {
            (start..=end).for_each(|coordinate| visit(run, coordinate));
            start = end + 1;
        }
    }

    /// `pos` delimits each parent's runs, whose ends increase and whose last
    /// one is `N − 1` (none when `N` is 0).
    fn validate(&self, context: &LevelContext, buffers: &[&[usize]], parents: &Ids) -> Result<Ids, TensorError> {
        let [pos, ends] = stored_buffers(buffers);
        let (level, size) = (context.index, context.size);
        check_pos(level, pos, parents.len())?;
        check_crd_length(level, ends, pos[parents.len()])?;
        for parent in 0..parents.len() {
            let runs = pos[parent]..pos[parent + 1];
            if runs.is_empty() && size > 0 {
                return Err(TensorError::NoRuns { level, parent, size });
            }
            let mut next = 0;
            for run in runs.clone() {
                let end = ends[run];
                let last = run + 1 == runs.end;
                if end < next || end >= size || (last && end + 1 != size) {
                    return Err(TensorError::Runs { level, parent, size, run, end });
                }
                next = end + 1;
            }
        }
        Ok(Ids::Distinct(ends.len()))
    }
}

#[cfg(test)]
mod tests {
    use crate::tensor::test_levels::{dense, run_length};
    use crate::tensor::{Tensor, TensorError};
    use crate::{Format, Level, LevelKind};

    fn rows_of_runs() -> Format {
        Format::new(vec![Level::dense(), Level::new(LevelKind::RunLength)], vec![0, 1]).unwrap()
    }

    /// The 3x6 matrix [[1 1 0 0 2 2] [0 0 0 0 0 0] [3 3 3 3 3 3]].
    fn small() -> Tensor {
        let mut entries = vec![(vec![0, 0], 1.0), (vec![0, 1], 1.0), (vec![0, 4], 2.0), (vec![0, 5], 2.0)];
        entries.extend((0..6).map(|j| (vec![2, j], 3.0)));
        Tensor::from_entries(vec![3, 6], rows_of_runs(), 0.0, entries).unwrap()
    }

    #[test]
    fn runs_are_maximal_stretches_of_equal_values() {
        let tensor = small();
        assert_eq!(tensor.levels, [dense(), run_length(&[0, 3, 4, 5], &[1, 3, 5, 5, 5])]);
        assert_eq!(tensor.values, [1.0, 0.0, 2.0, 0.0, 3.0]);
        assert_eq!(tensor.validate(), Ok(()));
        let mut dense_array = vec![1.0, 1.0, 0.0, 0.0, 2.0, 2.0];
        dense_array.extend([0.0; 6]);
        dense_array.extend([3.0; 6]);
        assert_eq!(tensor.to_dense(), dense_array);
    }

    #[test]
    fn above_the_last_level_each_coordinate_with_entries_is_a_run() {
        let format = Format::new(vec![Level::new(LevelKind::RunLength), Level::compressed()], vec![0, 1]).unwrap();
        let entries = vec![(vec![1, 0], 1.0), (vec![1, 2], 2.0), (vec![2, 1], 2.0)];
        let tensor = Tensor::from_entries(vec![5, 3], format, 0.0, entries.clone()).unwrap();
        assert_eq!(tensor.levels[0], run_length(&[0, 4], &[0, 1, 2, 4]));
        assert_eq!(tensor.validate(), Ok(()));
        let stored: Vec<_> = tensor.entries().into_iter().filter(|(_, value)| *value != 0.0).collect();
        assert_eq!(stored, entries);
    }

    #[test]
    fn rejects_runs_that_do_not_cover_the_dimension() {
        let broken = |pos: &[usize], ends: &[usize]| {
            let mut tensor = small();
            tensor.levels[1] = run_length(pos, ends);
            tensor.validate()
        };
        assert_eq!(broken(&[0, 3, 3, 4], &[1, 3, 5, 5]), Err(TensorError::NoRuns { level: 1, parent: 1, size: 6 }));
        assert_eq!(broken(&[0, 3, 4, 5], &[1, 3, 4, 5, 5]), Err(TensorError::Runs { level: 1, parent: 0, size: 6, run: 2, end: 4 }));
        assert_eq!(broken(&[0, 3, 4, 5], &[3, 1, 5, 5, 5]), Err(TensorError::Runs { level: 1, parent: 0, size: 6, run: 1, end: 1 }));
    }
}
