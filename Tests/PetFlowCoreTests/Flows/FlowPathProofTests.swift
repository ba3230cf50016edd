// The checker's proof: steps and entries no answers reach, witnesses, and a pass that does not
// list paths one by one.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct FlowPathProofTests {
  static func proof(_ definition: FlowDefinition) throws -> FlowPathProof {
    guard case .proof(let proof) = FlowPathProof.prove(definition, maxCombinations: 4096) else {
      throw Failure()
    }
    return proof
  }

  struct Failure: Error {}

  static let yesNo = SightingStates.stillThere

  /// A step per question, each a required yes/no, each going to a step of its own on yes.
  static func chain(_ questions: Int, tested: Bool = false) -> FlowDefinition {
    var steps: [StepDefinition] = []
    for index in 0..<questions {
      steps.append(
        StepDefinition(
          id: "q\(index)", title: SightingStates.text("Q"),
          fields: [
            FieldDefinition("a\(index)", .choice, label: SightingStates.text("A"), options: yesNo)
          ],
          next: [
            StepTransition(when: .equals(field: "a\(index)", .string("yes")), goto: "d\(index)"),
            StepTransition(goto: "d\(index)"),
          ]))
      steps.append(StepDefinition(id: "d\(index)", title: SightingStates.text("D"), fields: []))
    }
    steps.append(
      StepDefinition(id: "end", kind: .summary, title: SightingStates.text("E"), fields: []))
    return FlowDefinition(
      id: "chain", version: 1, steps: steps,
      payload: (0..<questions).map { PayloadEntry("a\($0)", from: "a\($0)") })
  }

  @Test func everyStepOfTheSightingFlowIsReachedAndEveryEntryTaken() throws {
    let proof = try Self.proof(SightingStates.sighting)
    #expect(proof.unreachableSteps.isEmpty)
    #expect(proof.untakenEntries.isEmpty)
  }

  @Test func witnessGivesTheAnswersThatLeadToAStep() throws {
    let witness = try #require(try Self.proof(SightingStates.sighting).witness(reaching: 2))
    #expect(witness.steps == [0, 1, 2])
    #expect(witness.answers == [.init(field: "stillThere", value: .value(.string("yes")))])
  }

  @Test func anEntryAfterOneThatCoversEveryAnswerIsNeverTaken() throws {
    let covered = SightingStates.withWhereNext([
      StepTransition(
        when: .oneOf(field: "stillThere", [.string("yes"), .string("no")]), goto: "contact"),
      StepTransition(goto: "summary"),
    ])
    let proof = try Self.proof(covered)
    #expect(proof.untakenEntries.map(\.entry) == [1])
    #expect(proof.unreachableSteps.isEmpty)
  }

  /// Forty independent questions make 2^40 paths; answers no later condition tests are not
  /// kept apart, so the pass carries one state per step.
  @Test func pathsThatMultiplyAreNotListedOneByOne() throws {
    let proof = try Self.proof(Self.chain(40))
    #expect(proof.unreachableSteps.isEmpty)
    #expect(proof.witness(reaching: 80)?.steps.count == 81)
  }

  @Test func tooManyCombinationsKeptApartIsTheLimitsToSay() {
    // Every answer tested again at the end, each a yes, any other, or none (3 values): at the
    // eighth question 3^8 = 6561 combinations would be kept apart.
    let questions = 10
    let chain = Self.chain(questions)
    var steps = chain.steps
    steps[steps.count - 1] = StepDefinition(
      id: "check", title: SightingStates.text("C"), fields: [],
      next: [
        StepTransition(
          when: .all((0..<questions).map { .equals(field: "a\($0)", .string("yes")) }),
          goto: "end"),
        StepTransition(goto: "end"),
      ])
    steps.append(
      StepDefinition(id: "end", kind: .summary, title: SightingStates.text("E"), fields: []))
    let wide = FlowDefinition(id: "wide", version: 1, steps: steps, payload: chain.payload)
    guard case .tooManyCombinations(let step, _) = FlowPathProof.prove(wide, maxCombinations: 4096)
    else {
      Issue.record("expected the limit")
      return
    }
    #expect(wide.steps[step].id == "q7")
  }
}
