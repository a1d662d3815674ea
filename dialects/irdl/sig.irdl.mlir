// The `sig` dialect: the sparse iteration graph, in the role of TACO's
// concrete index notation. Loops iterate sequence expressions (paper 001 §5.1);
// `where` pairs a consumer with the producer of a temporary (paper 004).
//
// Each constraint value serves one slot: IRDL binds it to the first match.
irdl.dialect @sig {
  // A sequence of coordinates: a pure set expression over tensor levels.
  irdl.type @seq {
  }

  // Leaf `i_T`: the coordinates stored in one level of a tensor.
  irdl.operation @level {
    %tensor = irdl.base "!builtin.tensor"
    %seq = irdl.base @sig::@seq
    %level = irdl.base "#builtin.integer"
    irdl.operands(tensor: %tensor)
    irdl.results(seq: %seq)
    irdl.attributes {"level" = %level}
  }
  // `U`: every coordinate in [0, size).
  irdl.operation @universe {
    %size = irdl.is index
    %seq = irdl.base @sig::@seq
    irdl.operands(size: %size)
    irdl.results(seq: %seq)
  }
  // Leaf of paper 003: offsets of the non-empty windows of `size` coordinates
  // in one level, for the subscript `coefficient * v + intercept + ...`.
  irdl.operation @subsections {
    %tensor = irdl.base "!builtin.tensor"
    %size = irdl.is index
    %seq = irdl.base @sig::@seq
    %level = irdl.base "#builtin.integer"
    %coefficient = irdl.base "#builtin.integer"
    %intercept = irdl.base "#builtin.integer"
    irdl.operands(tensor: %tensor, size: %size, count: %size)
    irdl.results(seq: %seq)
    irdl.attributes {"level" = %level, "coefficient" = %coefficient, "intercept" = %intercept}
  }
  irdl.operation @union {
    %seq = irdl.base @sig::@seq
    irdl.operands(operands: variadic %seq)
    irdl.results(seq: %seq)
  }
  irdl.operation @intersect {
    %seq = irdl.base @sig::@seq
    irdl.operands(operands: variadic %seq)
    irdl.results(seq: %seq)
  }
  irdl.operation @complement {
    %seq = irdl.base @sig::@seq
    irdl.operands(operand: %seq)
    irdl.results(seq: %seq)
  }
  // `lhs × rhs`: { a·|rhs| + b }.
  irdl.operation @product {
    %seq = irdl.base @sig::@seq
    irdl.operands(lhs: %seq, rhs: %seq)
    irdl.results(seq: %seq)
  }
  // `lhs ⊔ rhs`: lhs ∪ { |lhs| + b }.
  irdl.operation @disjoint_union {
    %seq = irdl.base @sig::@seq
    irdl.operands(lhs: %seq, rhs: %seq)
    irdl.results(seq: %seq)
  }
  // `π_component(operand, size)`: { a / size } or { a mod size }.
  irdl.operation @project {
    %seq = irdl.base @sig::@seq
    %size = irdl.is index
    %component = irdl.base "#builtin.integer"
    irdl.operands(operand: %seq, size: %size)
    irdl.results(seq: %seq)
    irdl.attributes {"component" = %component}
  }
  // `operand[start:stop:step]`: { x | start + step·x ∈ operand, < stop }.
  irdl.operation @slice {
    %seq = irdl.base @sig::@seq
    %index = irdl.is index
    irdl.operands(operand: %seq, start: %index, stop: %index, step: %index)
    irdl.results(seq: %seq)
  }

  // `forall i ∈ seq body`; the body's argument is the index variable.
  irdl.operation @forall {
    %seq = irdl.base @sig::@seq
    %index = irdl.is index
    %body = irdl.region(%index) with size 1
    irdl.operands(seq: %seq)
    irdl.regions(body: %body)
  }
  // `consumer where producer`: the producer fills `temporary`, which the
  // consumer reads; `workspace` says how the temporary is stored.
  irdl.operation @where {
    %temporary = irdl.base "!builtin.tensor"
    %workspace = irdl.base "#builtin.dictionary"
    %consumer = irdl.region() with size 1
    %producer = irdl.region() with size 1
    irdl.operands(temporary: %temporary)
    irdl.attributes {"workspace" = %workspace}
    irdl.regions(consumer: %consumer, producer: %producer)
  }
  // `T(indices)` read.
  irdl.operation @access {
    %tensor = irdl.base "!builtin.tensor"
    %index = irdl.is index
    %value = irdl.any
    irdl.operands(tensor: %tensor, indices: variadic %index)
    irdl.results(value: %value)
  }
  // `T(indices) = value`, or with a `reduce` function, `T(indices) f= value`.
  irdl.operation @assign {
    %tensor = irdl.base "!builtin.tensor"
    %value = irdl.any
    %index = irdl.is index
    irdl.operands(tensor: %tensor, value: %value, indices: variadic %index)
  }
}
