/// The flow checker's proof over every path through a flow: which steps some answers reach,
/// which `next` entries some answers take, and for each step reached, answers that lead there.
///
/// Paths are not listed one by one (they multiply with every branch): one pass over the steps,
/// which form an acyclic graph since a `next` only goes forward, carries the set of answers
/// still telling paths apart. Answers are abstract: each field a condition tests takes one of
/// finitely many values (each value a condition compares it with, any other value, or none),
/// and only the fields some condition at or after a step still tests are kept; paths that
/// agree on those are one from there on. A required field always has a value on a path that
/// ends, since every step on it validated; a field of a step the path skipped has none.
package struct FlowPathProof: Sendable {
  /// What a witness path assumes of one field.
  package enum AnswerValue: Sendable, Equatable {
    case absent
    case value(FieldValue)
    /// A value, any but these (a field of a kind with no list of options to name one from).
    case otherThan([FieldValue])
  }

  package struct Answer: Sendable, Equatable {
    package let field: String
    package let value: AnswerValue

    package init(field: String, value: AnswerValue) {
      self.field = field
      self.value = value
    }
  }

  /// A path from the first step, and the answers that lead along it.
  package struct Witness: Sendable {
    package let steps: [Int]
    package let answers: [Answer]
  }

  package enum Outcome: Sendable {
    case proof(FlowPathProof)
    /// At `step`, the fields still tested could be answered in more than the limit's ways.
    case tooManyCombinations(step: Int, combinations: Int)
  }

  /// Steps no answers lead to.
  package let unreachableSteps: [Int]
  /// `next` entries (step, position in its `next`) of reachable steps that no answers take.
  package let untakenEntries: [(step: Int, entry: Int)]
  private let witnesses: [Witness?]

  /// Per field required under a condition (by position), the first path found on which its step
  /// is reached with the condition holding, with the answers that make it hold.
  private let requiredWitnesses: [Int: Witness]

  /// The first path found to `step`; nil for a step no path reaches.
  package func witness(reaching step: Int) -> Witness? {
    witnesses.indices.contains(step) ? witnesses[step] : nil
  }

  /// For a field required under a condition, the first path found where the condition holds on
  /// its step (its answers include those the condition tests); nil where it never does.
  public func witness(requiring position: Int) -> Witness? { requiredWitnesses[position] }

  /// Proves `definition`, or says where its conditions keep more than `maxCombinations`
  /// combinations of answers apart (the bound that keeps the pass within its time).
  package static func prove(_ definition: FlowDefinition, maxCombinations: Int) -> Outcome {
    let pass = ProofPass(definition)
    if let (step, count) = pass.widest(over: maxCombinations) {
      return .tooManyCombinations(step: step, combinations: count)
    }
    return .proof(pass.run())
  }

  fileprivate init(
    unreachableSteps: [Int], untakenEntries: [(step: Int, entry: Int)], witnesses: [Witness?],
    requiredWitnesses: [Int: Witness]
  ) {
    self.unreachableSteps = unreachableSteps
    self.untakenEntries = untakenEntries
    self.witnesses = witnesses
    self.requiredWitnesses = requiredWitnesses
  }
}

/// The pass itself: domains, the fields live at each step, and the states carried forward
/// (FlowPathCover.swift lists covering paths from the same tables).
struct ProofPass {
  /// How a state came to be: the step it is at, the state before it, and the answers given
  /// (classes of fields of the step before) on the way, in `chosen`.
  struct Node {
    var step: Int
    var parent: Int
    var chosen: Range<Int>
  }

  let definition: FlowDefinition
  let stepCount: Int
  /// Per tested field: its abstract values, class 0 being none (absent or dormant).
  var domains: [[FieldValue?]]
  /// Per tested field, what a witness says for each class.
  var answers: [[FlowPathProof.AnswerValue]]
  /// The last step whose conditions test each field (-1: none does).
  var lastTest: [Int]
  /// Per step, the fields of earlier steps that it or a later step still tests: a state's vars.
  var carried: [[Int]]
  /// Per step, its own fields that it or a later step tests: answered at the step.
  var answered: [[Int]]
  /// The fields required under a condition, and where the fields it tests are.
  let conditional: ConditionalRequired

  init(_ definition: FlowDefinition) {
    self.definition = definition
    stepCount = definition.steps.count
    let fieldCount = definition.fields.count
    lastTest = [Int](repeating: -1, count: fieldCount)
    var compared = [[FieldValue]](repeating: [], count: fieldCount)
    let routes = definition.routes
    for step in 0..<stepCount {
      for route in routes.byStep[step].map(Int.init) {
        for position in routes.positions(ofRoute: route)
        where definition.fields.indices.contains(position) {
          lastTest[position] = step
          for value in routes.comparedValues(ofRoute: route, at: position)
          where !compared[position].contains(value) {
            compared[position].append(value)
          }
        }
      }
    }
    // A conditional `required` tests its fields at its own field's step, as a `next` there would.
    let conditional = ConditionalRequired(definition)
    for (position, condition) in conditional.conditions {
      let step = definition.stepOfField[position]
      for tested in conditional.positions(of: condition) {
        lastTest[tested] = max(lastTest[tested], step)
        for value in condition.comparedValues(of: definition.fields[tested].id)
        where !compared[tested].contains(value) {
          compared[tested].append(value)
        }
      }
    }
    self.conditional = conditional
    domains = [[FieldValue?]](repeating: [nil], count: fieldCount)
    answers = [[FlowPathProof.AnswerValue]](repeating: [.absent], count: fieldCount)
    for position in 0..<fieldCount where lastTest[position] >= 0 {
      let field = definition.fields[position]
      let values = compared[position]
      domains[position] += values.map(Optional.some)
      answers[position] += values.map(FlowPathProof.AnswerValue.value)
      if let options = Self.options(of: field) {
        // Any option no condition names stands for them all, named by the first of them.
        if let other = options.first(where: { !values.contains(.string($0)) }) {
          domains[position].append(.string(other))
          answers[position].append(.value(.string(other)))
        }
      } else {
        // No stored value is empty text, so this stands for any value but those compared.
        domains[position].append(.string(""))
        answers[position].append(.otherThan(values))
      }
    }
    let stepOf = definition.stepOfField
    let last = lastTest
    carried = (0..<stepCount).map { step in
      (0..<fieldCount).filter { stepOf[$0] < step && step <= last[$0] }
    }
    answered = (0..<stepCount).map { step in
      (0..<fieldCount).filter { stepOf[$0] == step && step <= last[$0] }
    }
  }

  /// The option ids of a field that has a list of them.
  static func options(of field: FieldDefinition) -> [String]? {
    field.kind.optionIds(field.options)
  }

  /// The first step where the fields carried and answered have more than `limit`
  /// combinations, with their number (counted up to just past the limit).
  func widest(over limit: Int) -> (Int, Int)? {
    for step in 0..<stepCount {
      var count = 1
      for position in carried[step] + answered[step] {
        count = min(count * domains[position].count, limit + 1)
      }
      if count > limit { return (step, count) }
    }
    return nil
  }

  func run() -> FlowPathProof {
    let routes = definition.routes
    let stepOf = definition.stepOfField
    let required = definition.fields.map { $0.options.required }
    // Per step, the node of each state reached (-1: none), a state being the classes of its
    // carried fields in mixed radix.
    var states = carried.map { fields in
      [Int32](repeating: -1, count: fields.reduce(1) { $0 * domains[$1].count })
    }
    var nodes: [Node] = []
    var chosen: [(position: Int, choice: Int)] = []
    var taken = routes.byStep.map { [Bool](repeating: false, count: $0.count) }
    var classes = [Int](repeating: 0, count: definition.fields.count)
    var requiredWitnesses: [Int: FlowPathProof.Witness] = [:]
    if stepCount > 0 {
      nodes.append(Node(step: 0, parent: -1, chosen: 0..<0))
      states[0][0] = 0
    }
    for step in 0..<stepCount {
      let own = answered[step]
      // A required field's step validated on every path that ends: it has a value.
      let first = own.map { required[$0] ? 1 : 0 }
      guard own.allSatisfy({ domains[$0].count > (required[$0] ? 1 : 0) }) else { continue }
      for code in states[step].indices where states[step][code] >= 0 {
        let node = Int(states[step][code])
        decode(code, into: &classes, fields: carried[step])
        var odometer = first
        repeat {
          for (index, position) in own.enumerated() { classes[position] = odometer[index] }
          let reader = AnswerReader(
            domains: domains, classes: classes, stepOfField: stepOf, step: step)
          // Answers where a field its condition requires is left empty never pass the step.
          guard conditional.allows(own, at: step, reading: reader) else { continue }
          for position in conditional.fields(onStep: step)
          where requiredWitnesses[position] == nil
            && conditional.holds(position, reading: reader)
          {
            requiredWitnesses[position] = witness(
              node, nodes: nodes, chosen: chosen,
              also: conditional.tested(position).map { ($0, classes[$0]) })
          }
          var target = step + 1
          let first = Int(routes.byStep[step].lowerBound)
          for route in routes.byStep[step].lazy.map(Int.init) {
            let condition = Int(routes.routes[route].condition)
            guard condition < 0 || routes.holds(condition, reading: reader) else { continue }
            taken[step][route - first] = true
            target = Int(routes.routes[route].target)
            break
          }
          if target < stepCount {
            // A field of a step this path skipped has no value there.
            for position in carried[target] where stepOf[position] > step {
              classes[position] = 0
            }
            let next = encode(classes, fields: carried[target])
            if states[target][next] < 0 {
              let start = chosen.count
              chosen += own.map { ($0, classes[$0]) }
              nodes.append(Node(step: target, parent: node, chosen: start..<chosen.count))
              states[target][next] = Int32(nodes.count - 1)
            }
          }
        } while advance(&odometer, from: first, fields: own)
      }
    }
    var witnesses = [FlowPathProof.Witness?](repeating: nil, count: stepCount)
    for (index, node) in nodes.enumerated() where witnesses[node.step] == nil {
      witnesses[node.step] = witness(index, nodes: nodes, chosen: chosen)
    }
    let reached = witnesses.map { $0 != nil }
    return FlowPathProof(
      unreachableSteps: (0..<stepCount).filter { !reached[$0] },
      untakenEntries: taken.indices.filter { reached[$0] }.flatMap { step in
        taken[step].indices.filter { !taken[step][$0] }.map { (step, $0) }
      },
      witnesses: witnesses, requiredWitnesses: requiredWitnesses)
  }

  /// The path to a node, with the answers given on it to fields its steps' conditions test.
  func witness(
    _ index: Int, nodes: [Node], chosen: [(position: Int, choice: Int)],
    also extra: [(position: Int, choice: Int)] = []
  ) -> FlowPathProof.Witness {
    var chain: [Node] = []
    var current = index
    while current >= 0, nodes.indices.contains(current) {
      chain.append(nodes[current])
      current = nodes[current].parent
    }
    chain.reverse()
    let steps = chain.map { $0.step }
    let routes = definition.routes
    let tested = Set(
      steps.dropLast().flatMap { step in
        routes.byStep[step].map(Int.init).flatMap(routes.positions(ofRoute:))
      })
    var given = chain.flatMap { chosen[$0.chosen] }.filter { tested.contains($0.position) }
    given += extra.filter { answer in !given.contains { $0.position == answer.position } }
    return FlowPathProof.Witness(
      steps: steps,
      answers: given.map { position, choice in
        FlowPathProof.Answer(
          field: definition.fields[position].id, value: answers[position][choice])
      })
  }

  func decode(_ code: Int, into classes: inout [Int], fields: [Int]) {
    var rest = code
    for position in fields {
      let radix = domains[position].count
      classes[position] = rest % radix
      rest /= radix
    }
  }

  func encode(_ classes: [Int], fields: [Int]) -> Int {
    var code = 0
    for position in fields.reversed() {
      code = code * domains[position].count + classes[position]
    }
    return code
  }

  /// The next combination of classes for `fields`, each from its `first`; false after the last.
  func advance(_ odometer: inout [Int], from first: [Int], fields: [Int]) -> Bool {
    for index in fields.indices {
      odometer[index] += 1
      if odometer[index] < domains[fields[index]].count { return true }
      odometer[index] = first[index]
    }
    return false
  }
}

/// A combination of abstract answers as conditions read them: each field the class of its
/// value, a field of a later step (never tested, on a sound flow) absent.
struct AnswerReader: FieldReader {
  let domains: [[FieldValue?]]
  let classes: [Int]
  let stepOfField: [Int]
  let step: Int

  func value(_ position: Int) -> FieldValue? {
    stepOfField[position] <= step ? domains[position][classes[position]] : nil
  }
}
