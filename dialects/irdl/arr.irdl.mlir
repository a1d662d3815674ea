// The `arr` dialect: array notation (paper 000, with the shape operators of
// paper 001 and the affine subscripts of paper 003).
//
// Every constraint value below is used by exactly one operand, result,
// attribute or parameter: IRDL binds a constraint value to the first thing it
// matches, so sharing one would force two slots to hold equal types.
// Semantic rules IRDL cannot state are checked in Rust (`sparse_dialects::verify`).
irdl.dialect @arr {
  // Storage format of one level: a kind ("dense", "compressed", ...) and its
  // properties ({nonunique, unordered, pos_width = 32, ...}).
  irdl.attribute @level {
    %kind = irdl.base "#builtin.string"
    %properties = irdl.base "#builtin.dictionary"
    irdl.parameters(kind: %kind, properties: %properties)
  }

  // Tensor encoding: the levels, the fill value, and the dimension-to-level map.
  irdl.attribute @encoding {
    %levels = irdl.base "#builtin.array"
    %fill = irdl.any
    %dim_to_lvl = irdl.base "#builtin.affine_map"
    irdl.parameters(levels: %levels, fill: %fill, dim_to_lvl: %dim_to_lvl)
  }

  // Iteration algebra of a user function over its arguments (paper 000 §5.1).
  // {x_arg != value}
  irdl.attribute @ne {
    %arg = irdl.base "#builtin.integer"
    %value = irdl.any
    irdl.parameters(arg: %arg, value: %value)
  }
  irdl.attribute @union {
    %operands = irdl.base "#builtin.array"
    irdl.parameters(operands: %operands)
  }
  irdl.attribute @intersect {
    %operands = irdl.base "#builtin.array"
    irdl.parameters(operands: %operands)
  }
  irdl.attribute @complement {
    %operand = irdl.any
    irdl.parameters(operand: %operand)
  }
  irdl.attribute @universe {
  }

  // One array statement: result(output map) = body, reduced over the loop
  // dimensions absent from the output map by `reductions`, outermost first,
  // each component starting from the optional `init`'s.
  irdl.operation @compute {
    %init = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %indexing_map = irdl.base "#builtin.affine_map"
    %reductions = irdl.base "#builtin.array"
    %body = irdl.region() with size 1
    irdl.operands(init: optional %init)
    irdl.results(result: %result)
    irdl.attributes {"indexing_map" = %indexing_map, "reductions" = %reductions}
    irdl.regions(body: %body)
  }

  // Reads one component of a tensor inside an `arr.compute` body.
  irdl.operation @access {
    %tensor = irdl.base "!builtin.tensor"
    %value = irdl.any
    %indexing_map = irdl.base "#builtin.affine_map"
    irdl.operands(tensor: %tensor)
    irdl.results(value: %value)
    irdl.attributes {"indexing_map" = %indexing_map}
  }

  // The coordinate of one loop dimension inside an `arr.compute` body.
  irdl.operation @index {
    %index = irdl.is index
    %dim = irdl.base "#builtin.integer"
    irdl.results(index: %index)
    irdl.attributes {"dim" = %dim}
  }

  // Shape operators (paper 001 §4): views, never materialized.
  irdl.operation @collapse {
    %source = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %dims = irdl.base "#builtin.dense_array"
    irdl.operands(source: %source)
    irdl.results(result: %result)
    irdl.attributes {"dims" = %dims}
  }
  irdl.operation @split {
    %source = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %dim = irdl.base "#builtin.integer"
    irdl.operands(source: %source)
    irdl.results(result: %result)
    irdl.attributes {"dim" = %dim}
  }
  irdl.operation @concat {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %dim = irdl.base "#builtin.integer"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %result)
    irdl.attributes {"dim" = %dim}
  }
  irdl.operation @slice {
    %source = irdl.base "!builtin.tensor"
    %bound = irdl.is index
    %result = irdl.base "!builtin.tensor"
    %dim = irdl.base "#builtin.integer"
    %start = irdl.base "#builtin.integer"
    %stop = irdl.base "#builtin.integer"
    %step = irdl.base "#builtin.integer"
    irdl.operands(source: %source, bounds: variadic %bound)
    irdl.results(result: %result)
    irdl.attributes {"dim" = %dim, "start" = %start, "stop" = %stop, "step" = %step}
  }
  irdl.operation @broadcast {
    %source = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %dim = irdl.base "#builtin.integer"
    irdl.operands(source: %source)
    irdl.results(result: %result)
    irdl.attributes {"dim" = %dim}
  }
}
