//! Sorting coordinate lists stored column by column: the stable
//! lexicographic order of their entries, found without moving them (the
//! caller gathers each column once through it). A list already in order costs
//! one pass; otherwise a stable counting sort by the first column (by its
//! 16-bit digits when that dimension is much larger than the list) groups
//! the entries, and each group is sorted by the other columns.

/// Digit width of the radix passes over a first column too large to count.
const DIGIT_BITS: u32 = 16;

/// The order of the `len` entries whose coordinates are `columns` (one per
/// dimension, dimension `d` below `sizes[d]`), sorted lexicographically;
/// entries with equal coordinates keep their relative order. `None` when
/// the entries are in that order already.
pub(crate) fn lexicographic_order(columns: &[&[usize]], sizes: &[usize], len: usize) -> Option<Vec<usize>> {
    let (&first, rest) = columns.split_first()?;
    let before = |a: usize, b: usize| columns.iter().map(|column| column[a].cmp(&column[b])).find(|o| o.is_ne());
    if (1..len).all(|entry| first[entry - 1] < first[entry] || before(entry - 1, entry) != Some(std::cmp::Ordering::Greater)) {
        return None;
    }
    let mut order: Vec<usize> = (0..len).collect();
    let size = sizes[0];
    if size <= len.saturating_mul(4).max(1 << DIGIT_BITS) {
        counting_pass(&mut order, first, size, |coordinate| coordinate);
    } else {
        let bits = usize::BITS - (size - 1).leading_zeros();
        for shift in (0..bits).step_by(DIGIT_BITS as usize) {
            let mask = (1 << DIGIT_BITS) - 1;
            counting_pass(&mut order, first, 1 << DIGIT_BITS, |coordinate| (coordinate >> shift) & mask);
        }
    }
    if rest.is_empty() {
        return Some(order);
    }
    let mut start = 0;
    while start < len {
        let group = first[order[start]];
        let end = start + order[start..].iter().take_while(|&&entry| first[entry] == group).count();
        // A stable sort of the group, which the counting pass left in list order.
        order[start..end].sort_by(|&a, &b| rest.iter().map(|column| column[a].cmp(&column[b])).find(|o| o.is_ne()).unwrap_or(a.cmp(&b)));
        start = end;
    }
    Some(order)
}

/// Rearranges `columns` and `values` in place so that entry `i` is the one
/// `order[i]` was: each cycle of the permutation is walked once, so no array
/// is copied (a copy of a large array costs its fresh pages as much as the
/// move). `order` is used up.
pub(crate) fn apply_order<V: Copy>(mut order: Vec<usize>, columns: &mut [Vec<usize>], values: &mut [V]) {
    let mut held = vec![0; columns.len()];
    for start in 0..order.len() {
        if order[start] == start {
            continue;
        }
        for (held, column) in held.iter_mut().zip(columns.iter()) {
            *held = column[start];
        }
        let held_value = values[start];
        let mut at = start;
        loop {
            let from = order[at];
            order[at] = at;
            if from == start {
                for (column, &coordinate) in columns.iter_mut().zip(&held) {
                    column[at] = coordinate;
                }
                values[at] = held_value;
                break;
            }
            for column in columns.iter_mut() {
                column[at] = column[from];
            }
            values[at] = values[from];
            at = from;
        }
    }
}

/// One stable counting pass of `order` by `digit` of `column`, whose digits
/// are below `radix`.
fn counting_pass(order: &mut Vec<usize>, column: &[usize], radix: usize, digit: impl Fn(usize) -> usize) {
    let mut starts = vec![0usize; radix + 1];
    for &entry in order.iter() {
        starts[digit(column[entry]) + 1] += 1;
    }
    for index in 1..starts.len() {
        starts[index] += starts[index - 1];
    }
    let mut sorted = vec![0; order.len()];
    for &entry in order.iter() {
        let slot = &mut starts[digit(column[entry])];
        sorted[*slot] = entry;
        *slot += 1;
    }
    *order = sorted;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;

    /// The order a stable comparison sort gives.
    fn expected(columns: &[Vec<usize>], len: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..len).collect();
        order.sort_by_key(|&entry| columns.iter().map(|column| column[entry]).collect::<Vec<_>>());
        order
    }

    fn order(columns: &[Vec<usize>], sizes: &[usize]) -> Vec<usize> {
        let len = columns.first().map_or(0, Vec::len);
        lexicographic_order(&columns.iter().map(Vec::as_slice).collect::<Vec<_>>(), sizes, len).unwrap_or_else(|| (0..len).collect())
    }

    #[test]
    fn sorted_lists_keep_their_order_and_ties_stay_stable() {
        assert_eq!(order(&[vec![0, 0, 1], vec![1, 1, 0]], &[2, 2]), [0, 1, 2]);
        assert_eq!(order(&[vec![1, 0, 1, 0], vec![0, 1, 0, 1]], &[2, 2]), [1, 3, 0, 2]);
        assert_eq!(order(&[], &[]), Vec::<usize>::new());
        assert_eq!(order(&[vec![]], &[0]), Vec::<usize>::new());
    }

    #[test]
    fn orders_apply_in_place() {
        let mut columns = vec![vec![10, 11, 12, 13, 14], vec![0, 1, 2, 3, 4]];
        let mut values = vec!['a', 'b', 'c', 'd', 'e'];
        apply_order(vec![3, 0, 4, 1, 2], &mut columns, &mut values);
        assert_eq!(columns, [vec![13, 10, 14, 11, 12], vec![3, 0, 4, 1, 2]]);
        assert_eq!(values, ['d', 'a', 'e', 'b', 'c']);
        apply_order(vec![], &mut [], &mut Vec::<f64>::new());
    }

    #[test]
    fn random_lists_sort_as_a_stable_comparison_sort_does() {
        let mut rng = SplitMix64::new(7);
        // Small dimensions (counted), huge ones (radix digits), one and three columns.
        for sizes in [vec![5, 7], vec![1 << 40, 3], vec![3, 1 << 50, 2], vec![100], vec![1 << 62]] {
            for len in [1, 2, 17, 1000] {
                let columns: Vec<Vec<usize>> = sizes
                    .iter()
                    .map(|&size| (0..len).map(|_| (rng.next_u64() as usize) % size.clamp(1, 8) * (size / 8).max(1)).collect())
                    .collect();
                assert_eq!(order(&columns, &sizes), expected(&columns, len), "{sizes:?} {len}");
            }
        }
    }
}
