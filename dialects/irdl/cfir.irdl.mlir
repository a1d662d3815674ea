// The `cfir` dialect: the control-flow IR of paper 001 §6.1.
//
//   cfir ::= while idx ← seq (with (seq = seq)*)? cfir | switch idx (case seq: cfir)+
//          | cfir; cfir | a(I) = expr | a(I) += expr | alloc a(I)
//
// Sequences are `!sig.seq` values, so this file loads after `sig.irdl.mlir`.
// Ops are imperative: a tensor value names one storage that `assign` and
// `reduce` update in place. Each constraint value serves one slot.
irdl.dialect @cfir {
  // Drop-out loop: runs while every edge of `seq` has coordinates left; each
  // `located[k]` is located at the coordinate of `sources[k]`. With the unit
  // attribute `merge` (checked in Rust), a k-way merge of the union `seq`.
  irdl.operation @while {
    %seq = irdl.base @sig::@seq
    %located = irdl.base @sig::@seq
    %sources = irdl.base @sig::@seq
    %index = irdl.is index
    %body = irdl.region(%index) with size 1
    irdl.operands(seq: %seq, located: variadic %located, sources: variadic %sources)
    irdl.regions(body: %body)
  }
  // Runs the first `cfir.case` of its region whose sequence holds `index`.
  irdl.operation @switch {
    %index = irdl.is index
    %cases = irdl.region() with size 1
    irdl.operands(index: %index)
    irdl.regions(cases: %cases)
  }
  // One case of a switch; `kind` is "producer" or "omitter" (paper 000 §6).
  irdl.operation @case {
    %seq = irdl.base @sig::@seq
    %kind = irdl.base "#builtin.string"
    %body = irdl.region() with size 1
    irdl.operands(seq: %seq)
    irdl.attributes {"kind" = %kind}
    irdl.regions(body: %body)
  }
  // `a(I) = value`.
  irdl.operation @assign {
    %tensor = irdl.base "!builtin.tensor"
    %value = irdl.any
    %index = irdl.is index
    irdl.operands(tensor: %tensor, value: %value, indices: variadic %index)
  }
  // `a(I) f= value`: combine with the stored value through the function `reduce`.
  irdl.operation @reduce {
    %tensor = irdl.base "!builtin.tensor"
    %value = irdl.any
    %index = irdl.is index
    %reduce = irdl.base "#builtin.symbol_ref"
    irdl.operands(tensor: %tensor, value: %value, indices: variadic %index)
    irdl.attributes {"reduce" = %reduce}
  }
  // `alloc a(I)`: a new tensor of the result type, every component at fill.
  irdl.operation @alloc {
    %size = irdl.is index
    %tensor = irdl.base "!builtin.tensor"
    irdl.operands(sizes: variadic %size)
    irdl.results(tensor: %tensor)
  }
  // `a(i_a, j_a)`: the value under the current position of leaf iterators.
  irdl.operation @access {
    %tensor = irdl.base "!builtin.tensor"
    %leaf = irdl.base @sig::@seq
    %value = irdl.any
    irdl.operands(tensor: %tensor, leaves: variadic %leaf)
    irdl.results(value: %value)
  }
}
