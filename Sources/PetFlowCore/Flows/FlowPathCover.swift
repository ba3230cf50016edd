/// Covering paths through a flow, for test fixtures (`check-flows --paths`): a few whole paths,
/// from the first step to the end, that between them take every step and every `next` entry,
/// and show each field required under a condition both where its condition holds and where not.
/// They come from the path proof's own tables (its abstract answers, its states), so a path
/// listed here is one the proof walked.
extension FlowPathProof {
  /// A whole path, and the answers its conditions need.
  public struct CoverPath: Sendable, Equatable {
    /// The steps, from the first to the last on the path.
    public let steps: [Int]
    /// Per step of `steps`, the answers the conditions on the way read of its fields (a field
    /// no condition tests is not named: any valid answer, or none when it is optional, will do).
    public let answers: [[Answer]]
  }

  /// Paths that together reach every step and take every `next` entry some answers take, and
  /// pass each conditionally required field's step with its condition holding and not (where
  /// answers do), each path made of the first path the proof found to an entry (a step, a side
  /// of a condition) and, after it, the first answers that pass each step. Nil when the conditions keep more than `maxCombinations`
  /// combinations of answers apart (`prove` says where).
  public static func cover(_ definition: FlowDefinition, maxCombinations: Int) -> [CoverPath]? {
    let pass = ProofPass(definition)
    guard pass.widest(over: maxCombinations) == nil else { return nil }
    return pass.cover()
  }
}

extension ProofPass {
  /// One step of a path: the step, and the classes of its own tested fields.
  fileprivate struct Stop {
    var step: Int
    var own: [(position: Int, choice: Int)]
  }

  /// A state reached, as the proof's `Node`, with its state's code (to go on from it).
  fileprivate struct Reached {
    var step: Int
    var parent: Int
    var stop: Stop?
    var code: Int
  }

  /// The first answers that take a route: from which state, with which answers at its step.
  fileprivate struct Taking {
    var node: Int
    var stop: Stop
    var target: Int
    var classes: [Int]
  }

  func cover() -> [FlowPathProof.CoverPath] {
    let routes = definition.routes
    var states = carried.map { fields in
      [Int32](repeating: -1, count: fields.reduce(1) { $0 * domains[$1].count })
    }
    var reached: [Reached] = []
    var firstNode = [Int](repeating: -1, count: stepCount)
    var takings = [Taking?](repeating: nil, count: routes.routes.count)
    // Per field required under a condition: the first answers where it does not hold, and
    // where it does, so the lines show the field both optional and required.
    var requirings = [[Taking?]](repeating: [nil, nil], count: conditional.conditions.count)
    var classes = [Int](repeating: 0, count: definition.fields.count)
    if stepCount > 0 {
      reached.append(Reached(step: 0, parent: -1, stop: nil, code: 0))
      states[0][0] = 0
      firstNode[0] = 0
    }
    for step in 0..<stepCount {
      let own = answered[step]
      let first = firstChoices(at: step)
      for code in states[step].indices where states[step][code] >= 0 {
        let node = Int(states[step][code])
        decode(code, into: &classes, fields: carried[step])
        var odometer = first
        repeat {
          let stop = Stop(step: step, own: zip(own, odometer).map { (position: $0, choice: $1) })
          // Answers leaving empty a field its condition requires never pass the step.
          guard allows(stop, classes: classes) else { continue }
          let requiring = conditionsHolding(at: stop, classes: classes)
          let (route, target) = move(stop, classes: &classes)
          if let route, takings[route] == nil {
            takings[route] = Taking(node: node, stop: stop, target: target, classes: classes)
          }
          for (index, holds) in requiring where requirings[index][holds] == nil {
            requirings[index][holds] = Taking(
              node: node, stop: stop, target: target, classes: classes)
          }
          if target < stepCount {
            let next = encode(classes, fields: carried[target])
            if states[target][next] < 0 {
              reached.append(Reached(step: target, parent: node, stop: stop, code: next))
              states[target][next] = Int32(reached.count - 1)
              if firstNode[target] < 0 { firstNode[target] = reached.count - 1 }
            }
          }
        } while advance(&odometer, from: first, fields: own)
      }
    }
    var paths: [[Stop]] = []
    var takenRoutes = [Bool](repeating: false, count: routes.routes.count)
    var onPath = [Bool](repeating: false, count: stepCount)
    var shown = [[Bool]](repeating: [false, false], count: conditional.conditions.count)
    func add(_ path: [Stop]) {
      var classes = [Int](repeating: 0, count: definition.fields.count)
      for stop in path {
        onPath[stop.step] = true
        for (index, holds) in conditionsHolding(at: stop, classes: classes) {
          shown[index][holds] = true
        }
        if let route = move(stop, classes: &classes).route { takenRoutes[route] = true }
      }
      paths.append(path)
    }
    func add(_ taking: Taking) {
      var tail = taking.classes
      add(chain(to: taking.node, reached) + [taking.stop] + rest(from: taking.target, &tail))
    }
    for route in takings.indices where !takenRoutes[route] {
      if let taking = takings[route] { add(taking) }
    }
    for index in requirings.indices {
      for holds in 0..<2 where !shown[index][holds] {
        if let taking = requirings[index][holds] { add(taking) }
      }
    }
    for step in 0..<stepCount where !onPath[step] && firstNode[step] >= 0 {
      let node = reached[firstNode[step]]
      var tail = [Int](repeating: 0, count: definition.fields.count)
      decode(node.code, into: &tail, fields: carried[step])
      add(chain(to: firstNode[step], reached) + rest(from: step, &tail))
    }
    return paths.map { path in
      FlowPathProof.CoverPath(
        steps: path.map { $0.step },
        answers: path.map { stop in
          stop.own.map { position, choice in
            FlowPathProof.Answer(
              field: definition.fields[position].id, value: answers[position][choice])
          }
        })
    }
  }

  /// The classes a step's own tested fields start from: a required field is never empty on a
  /// path that goes on.
  private func firstChoices(at step: Int) -> [Int] {
    answered[step].map { definition.fields[$0].options.required ? 1 : 0 }
  }

  /// Answers `stop`'s fields in `classes` and takes its step's route: the route (nil for the
  /// following step, without `next`) and the target; the fields of steps the path skips are
  /// then empty in `classes`.
  private func move(_ stop: Stop, classes: inout [Int]) -> (route: Int?, target: Int) {
    let routes = definition.routes
    for (position, choice) in stop.own { classes[position] = choice }
    var taken: (route: Int?, target: Int) = (nil, stop.step + 1)
    let reader = AnswerReader(
      domains: domains, classes: classes, stepOfField: definition.stepOfField, step: stop.step)
    for route in routes.byStep[stop.step].lazy.map(Int.init) {
      let condition = Int(routes.routes[route].condition)
      guard condition < 0 || routes.holds(condition, reading: reader) else { continue }
      taken = (route, Int(routes.routes[route].target))
      break
    }
    if taken.target < stepCount {
      for position in carried[taken.target] where definition.stepOfField[position] > stop.step {
        classes[position] = 0
      }
    }
    return taken
  }

  /// The stops before a reached state, from the first step.
  private func chain(to node: Int, _ reached: [Reached]) -> [Stop] {
    var stops: [Stop] = []
    var current = node
    while reached.indices.contains(current), let stop = reached[current].stop {
      stops.append(stop)
      current = reached[current].parent
    }
    return stops.reversed()
  }

  /// From `step` with `classes`, to the end, each step answered with its first choices that
  /// pass it.
  private func rest(from step: Int, _ classes: inout [Int]) -> [Stop] {
    var stops: [Stop] = []
    var step = step
    while step < stepCount {
      let first = firstChoices(at: step)
      var odometer = first
      var stop = Stop(step: step, own: zip(answered[step], first).map { ($0, $1) })
      while !allows(stop, classes: classes), advance(&odometer, from: first, fields: answered[step])
      {
        stop.own = zip(answered[step], odometer).map { ($0, $1) }
      }
      stops.append(stop)
      step = move(stop, classes: &classes).target
    }
    return stops
  }

  /// For each field of `stop`'s step required under a condition (by its index among them),
  /// whether the condition holds on `stop`'s answers: 1 if it does, 0 if not.
  private func conditionsHolding(at stop: Stop, classes: [Int]) -> [(index: Int, holds: Int)] {
    guard !conditional.conditions.isEmpty else { return [] }
    var classes = classes
    for (position, choice) in stop.own { classes[position] = choice }
    let reader = AnswerReader(
      domains: domains, classes: classes, stepOfField: definition.stepOfField, step: stop.step)
    return conditional.conditions.indices.compactMap { index in
      let position = conditional.conditions[index].position
      guard definition.stepOfField[position] == stop.step else { return nil }
      return (index, conditional.holds(position, reading: reader) ? 1 : 0)
    }
  }

  /// Whether `stop`'s answers, on `classes`, pass its step's conditional `required`s.
  private func allows(_ stop: Stop, classes: [Int]) -> Bool {
    guard !conditional.conditions.isEmpty else { return true }
    var classes = classes
    for (position, choice) in stop.own { classes[position] = choice }
    let reader = AnswerReader(
      domains: domains, classes: classes, stepOfField: definition.stepOfField, step: stop.step)
    return conditional.allows(stop.own.map { $0.position }, at: stop.step, reading: reader)
  }
}
