//! The iteration graph: which loop must enclose which, and a loop order that
//! honours it.
//!
//! A sparse tensor is iterated level by level, so for each operand with a
//! sparse level, the loop indexing level `l` must enclose the loop indexing
//! level `l + 1`. Among the orders the graph allows, the topological sort
//! prefers loops in `preference` order (output dimensions first), which makes
//! the result deterministic.

use petgraph::{algo::toposort, graph::DiGraph};

/// `outer` must enclose `inner`, because of `operand`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constraint {
    pub outer: usize,
    pub inner: usize,
    pub operand: String,
}

/// Why no loop order exists: the constraints on a cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cycle(pub Vec<Constraint>);

impl Cycle {
    /// The diagnostic, naming each loop by `name`.
    pub fn message(&self, name: impl Fn(usize) -> String) -> String {
        let parts = self.0.iter().map(|c| format!("{} needs {} outside {}", c.operand, name(c.outer), name(c.inner))).collect::<Vec<_>>();
        format!("no loop order follows the level order of every sparse operand ({})", parts.join("; "))
    }
}

impl std::fmt::Display for Cycle {
    fn fmt(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str(&self.message(|loop_| format!("d{loop_}")))
    }
}

/// A loop order for `loops` loops under `constraints`.
pub fn loop_order(loops: usize, constraints: &[Constraint], preference: &[usize]) -> Result<Vec<usize>, Cycle> {
    let mut graph = DiGraph::<usize, usize>::new();
    let nodes = (0..loops).map(|loop_| graph.add_node(loop_)).collect::<Vec<_>>();
    for (index, constraint) in constraints.iter().enumerate() {
        if constraint.outer != constraint.inner {
            graph.update_edge(nodes[constraint.outer], nodes[constraint.inner], index);
        }
    }
    if toposort(&graph, None).is_err() {
        let on_cycle = petgraph::algo::kosaraju_scc(&graph).into_iter().find(|component| component.len() > 1).unwrap_or_default();
        let cycle =
            constraints.iter().filter(|c| on_cycle.contains(&nodes[c.outer]) && on_cycle.contains(&nodes[c.inner])).cloned().collect();
        return Err(Cycle(cycle));
    }
    // Kahn's algorithm, taking the most preferred ready loop each time.
    let rank = |loop_: usize| preference.iter().position(|&p| p == loop_).unwrap_or(preference.len() + loop_);
    let mut order = Vec::with_capacity(loops);
    let mut placed = vec![false; loops];
    while order.len() < loops {
        let ready = (0..loops)
            .filter(|&loop_| !placed[loop_])
            .filter(|&loop_| constraints.iter().all(|c| c.inner != loop_ || c.outer == loop_ || placed[c.outer]))
            .min_by_key(|&loop_| rank(loop_))
            .expect("an acyclic graph always has a ready loop");
        placed[ready] = true;
        order.push(ready);
    }
    Ok(order)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn needs(outer: usize, inner: usize, operand: &str) -> Constraint {
        Constraint { outer, inner, operand: operand.into() }
    }

    #[test]
    fn follows_level_order_and_preference() {
        // CSC matrix in y(i) = A(i, j) x(j): j must enclose i.
        assert_eq!(loop_order(2, &[needs(1, 0, "A")], &[0, 1]), Ok(vec![1, 0]));
        // CSR: the preferred order already fits.
        assert_eq!(loop_order(2, &[needs(0, 1, "A")], &[0, 1]), Ok(vec![0, 1]));
        // No constraint: output dimensions first.
        assert_eq!(loop_order(3, &[], &[2, 0]), Ok(vec![2, 0, 1]));
    }

    #[test]
    fn reports_the_cycle() {
        let error = loop_order(2, &[needs(0, 1, "A"), needs(1, 0, "B")], &[0, 1]).unwrap_err();
        assert_eq!(error.0.len(), 2);
        assert!(error.to_string().contains("A needs d0 outside d1; B needs d1 outside d0"));
    }
}
