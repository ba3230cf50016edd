/// Every step's `next`, compiled once per definition into flat tables of plain values (a
/// condition as nodes in prefix order), so that working out the path from the values, which
/// happens on every call, allocates nothing and counts no references. A class, so that reading
/// it from the definition is one reference, not four arrays, to count.
final class FlowRoutes: Sendable {
  struct Route: Sendable {
    /// The condition's first node; -1 for the default entry, always taken.
    var condition: Int32
    var target: Int32
  }

  struct Node: Sendable {
    enum Kind: UInt8, Sendable {
      case equals, oneOf, present, absent, all, any, not
      /// A test of a field the flow does not have (only a definition built in code can hold
      /// one): the field reads as absent, so the test is decided.
      case always, never
    }

    var kind: Kind
    /// The tested field's position (tests only).
    var position: Int32 = 0
    /// The compared values, in `values` (equals, oneOf).
    var values: Range<Int32> = 0..<0
    /// Just past this node and the nodes under it.
    var end: Int32 = 0
  }

  let routes: [Route]
  /// Each step's routes, in `routes`; empty for a step that goes to the following one.
  let byStep: [Range<Int32>]
  let nodes: [Node]
  let values: [FieldValue]
  /// The last step that has routes; -1 when none has.
  let lastBranching: Int

  /// A target that is not a later step (only a definition built in code can have one: files
  /// are checked) goes to the following step, so every path moves forward and ends.
  init(_ steps: [StepDefinition], fields: [FieldDefinition]) {
    var tables = Tables()
    var byStep: [Range<Int32>] = []
    var lastBranching = -1
    for (index, step) in steps.enumerated() {
      let first = Int32(tables.routes.count)
      for transition in step.next {
        let target = steps.firstIndex { $0.id == transition.target }.flatMap {
          $0 > index ? $0 : nil
        }
        let condition = transition.condition.map { tables.add($0, fields: fields) } ?? -1
        tables.routes.append(Route(condition: condition, target: Int32(target ?? index + 1)))
      }
      byStep.append(first..<Int32(tables.routes.count))
      if !step.next.isEmpty { lastBranching = index }
    }
    routes = tables.routes
    nodes = tables.nodes
    values = tables.values
    self.byStep = byStep
    self.lastBranching = lastBranching
  }

  private struct Tables {
    var routes: [Route] = []
    var nodes: [Node] = []
    var values: [FieldValue] = []

    /// Appends a condition's nodes (as deep as the definition nests it: a file's at most
    /// `FlowLimits.conditionDepth`), answering its first node.
    mutating func add(_ condition: FlowCondition, fields: [FieldDefinition]) -> Int32 {
      let index = nodes.count
      func test(_ kind: Node.Kind, _ field: String, _ compared: [FieldValue] = []) {
        guard let position = fields.firstIndex(where: { $0.id == field }) else {
          nodes.append(Node(kind: kind == .absent ? .always : .never))
          return
        }
        let start = Int32(values.count)
        values += compared
        nodes.append(
          Node(kind: kind, position: Int32(position), values: start..<Int32(values.count)))
      }
      switch condition {
      case .equals(let field, let value): test(.equals, field, [value])
      case .oneOf(let field, let compared): test(.oneOf, field, compared)
      case .present(let field): test(.present, field)
      case .absent(let field): test(.absent, field)
      case .all(let conditions):
        nodes.append(Node(kind: .all))
        for inner in conditions { _ = add(inner, fields: fields) }
      case .any(let conditions):
        nodes.append(Node(kind: .any))
        for inner in conditions { _ = add(inner, fields: fields) }
      case .not(let inner):
        nodes.append(Node(kind: .not))
        _ = add(inner, fields: fields)
      }
      nodes[index].end = Int32(nodes.count)
      return Int32(index)
    }
  }

  /// The step `step` leads to, each field read by `reader`: the first route whose condition
  /// holds, or the following step.
  func target(of step: Int, reading reader: some FieldReader) -> Int {
    // Int indices, not the Range<Int32>'s own iterator: that one looked its conformances up
    // at run time on every call.
    var route = Int(byStep[step].lowerBound)
    while route < Int(byStep[step].upperBound) {
      let condition = Int(routes[route].condition)
      if condition < 0 || holds(condition, reading: reader) { return Int(routes[route].target) }
      route += 1
    }
    return step + 1
  }

  /// Every step `step` may still lead to, in three-valued logic: the targets of the routes
  /// whose condition holds or may yet hold, up to the first that surely holds (else also the
  /// following step).
  func forEachPossibleTarget(
    of step: Int, knowing: some FieldReader, _ body: (Int) -> Void
  ) {
    var route = Int(byStep[step].lowerBound)
    while route < Int(byStep[step].upperBound) {
      let condition = Int(routes[route].condition)
      let verdict = condition < 0 ? true : self.verdict(condition, knowing: knowing)
      if verdict != false { body(Int(routes[route].target)) }
      if verdict == true { return }
      route += 1
    }
    body(step + 1)
  }

  /// Whether the condition at `node` holds, each field read by `reader` (one that is not
  /// known yet read as absent).
  func holds(_ node: Int, reading reader: some FieldReader) -> Bool {
    let current = nodes[node]
    switch current.kind {
    case .equals, .oneOf, .present, .absent: return test(current, reader) ?? false
    case .always: return true
    case .never: return false
    case .not: return !holds(node + 1, reading: reader)
    case .all, .any:
      let settling = current.kind == .any
      var child = node + 1
      while child < Int(current.end) {
        if holds(child, reading: reader) == settling { return settling }
        child = Int(nodes[child].end)
      }
      return !settling
    }
  }

  /// A field test's result; nil when the field is not known yet.
  private func test(_ node: Node, _ reader: some FieldReader) -> Bool? {
    let position = Int(node.position)
    guard reader.isKnown(position) else { return nil }
    switch node.kind {
    case .present: return reader.hasValue(position)
    case .absent: return !reader.hasValue(position)
    case .equals: return reader.value(position) == values[Int(node.values.lowerBound)]
    case .oneOf:
      guard let found = reader.value(position) else { return false }
      return values[Int(node.values.lowerBound)..<Int(node.values.upperBound)].contains(found)
    case .all, .any, .not, .always, .never: return nil
    }
  }

  /// Whether the condition at `node` holds, in three-valued (Kleene) logic: nil when the
  /// answer depends on a field `reader` does not know yet.
  func verdict(_ node: Int, knowing reader: some FieldReader) -> Bool? {
    let current = nodes[node]
    switch current.kind {
    case .equals, .oneOf, .present, .absent: return test(current, reader)
    case .always: return true
    case .never: return false
    case .not: return verdict(node + 1, knowing: reader).map { !$0 }
    case .all, .any:
      // Settled as soon as a part settles it (a failing part for all, a holding one for
      // any); else unknown when a part is; else the other way.
      let settling = current.kind == .any
      var result: Bool? = !settling
      var child = node + 1
      while child < Int(current.end) {
        switch verdict(child, knowing: reader) {
        case settling?: return settling
        case nil: result = nil
        case _?: break
        }
        child = Int(nodes[child].end)
      }
      return result
    }
  }

  /// The positions of the fields the route's condition tests (none for the default entry).
  func positions(ofRoute route: Int) -> [Int] {
    nodes(ofRoute: route).compactMap { node in
      switch node.kind {
      case .equals, .oneOf, .present, .absent: return Int(node.position)
      case .all, .any, .not, .always, .never: return nil
      }
    }
  }

  /// The values the route's condition compares the field at `position` with.
  func comparedValues(ofRoute route: Int, at position: Int) -> [FieldValue] {
    nodes(ofRoute: route).filter { Int($0.position) == position }.flatMap { node in
      values[Int(node.values.lowerBound)..<Int(node.values.upperBound)]
    }
  }

  private func nodes(ofRoute route: Int) -> ArraySlice<Node> {
    let first = Int(routes[route].condition)
    guard first >= 0 else { return [] }
    return nodes[first..<Int(nodes[first].end)]
  }
}

/// What conditions read of the fields, by position: for the path, the values as they stand;
/// for the progress, also which are not answered yet; for the proof, abstract answers. A
/// protocol, not closures, so that each reading is specialized and nothing is allocated.
protocol FieldReader {
  func value(_ position: Int) -> FieldValue?
  /// Whether it has a value, without copying it.
  func hasValue(_ position: Int) -> Bool
  /// False for a field not answered yet: it may still take any value, or none.
  func isKnown(_ position: Int) -> Bool
}

extension FieldReader {
  func hasValue(_ position: Int) -> Bool { value(position) != nil }
  func isKnown(_ position: Int) -> Bool { true }
}

/// Nothing answered yet (flow/list's progress).
struct NothingKnown: FieldReader {
  func value(_ position: Int) -> FieldValue? { nil }
  func isKnown(_ position: Int) -> Bool { false }
}
