@_spi(Engine) import PetFlowCore

/// The last pass, over a sound file: warnings, advice that never keeps a file from loading
/// (`check-flows --strict` counts them as problems). One so far: a `next` entry whose
/// condition decides nothing.
struct FlowAdvice {
  var reading: FileReading
  let draft: FlowDraft
  let definition: FlowDefinition

  mutating func check() {
    for step in draft.steps {
      for (place, entry) in step.next.enumerated() where entry.hasWhen {
        // Where it holds the step goes to its target; where it does not, to one of the later
        // entries' targets: when those are all the same, so is the step's next step.
        guard let target = entry.target,
          step.next[(place + 1)...].allSatisfy({ $0.target == target })
        else { continue }
        reading.report(
          .redundantEntry, at: entry.pointer,
          "this entry goes to '\(target)', as every entry after it does: its condition decides nothing (a 'goto' meant for another step?)"
        )
      }
    }
  }
}
