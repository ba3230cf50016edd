// `petflowd check-flows --paths`: every line of every flow in flows/ (and the branching case)
// replayed through the binary ends submitted with exactly its payload, and the lines cover
// every step and every `next` entry.
import JSONRPC
import Testing

@Suite struct FlowPathsTests {
  static let today = "2026-11-22"

  static let files: [String] = {
    let repository = CheckFlowsTests.repository
    let directories = ["/flows", "/flows/examples", "/flows/examples/version2"]
    let found = directories.flatMap { (try? Directory.files(in: repository + $0)) ?? [] }
    return found.filter { $0.hasSuffix(".json") } + [
      CheckFlowsTests.cases + "/sound-branching.json"
    ]
  }()

  /// The lines `--paths` prints for one file, parsed, with its status and stderr.
  static func paths(_ arguments: [String]) throws -> (
    lines: [JSONValue], status: Int32, stderr: String
  ) {
    let outcome = try DaemonProcess(arguments: ["check-flows", "--paths"] + arguments).finish()
    return (try DaemonProcess.ndjsonValues(outcome.stdout), outcome.status, outcome.stderrText)
  }

  @Test func theFilesAreThere() {
    #expect(Self.files.count >= 5, "\(Self.files)")
  }

  @Test(arguments: files)
  func everyLineReplaysToItsPayload(file: String) throws {
    let (lines, status, stderr) = try Self.paths(["--today", Self.today, file])
    #expect(status == 0, "\(stderr)")
    #expect(!lines.isEmpty)
    // The file alone in a directory, as `--flows` reads it.
    let scratch = try ScratchDirectory()
    _ = try scratch.write("flow.json", try TextFile.read(file))
    for line in lines {
      let object = try #require(line.objectValue)
      #expect(object["today"] == .string(Self.today))
      let daemon = try DaemonProcess(arguments: ["--flows", scratch.path])
      var requests = [
        #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"today":"\#(Self.today)"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"flow/start","params":{"flow":\#(object["flow"]?.jsonText ?? "")}}"#,
      ]
      let started = try daemon.exchange(requests, expecting: 2)
      let flowId = try #require(started.last?.objectValue?["result"]?.objectValue?["flowId"])
      guard case .array(let answers)? = object["answers"] else {
        Issue.record("no answers in \(line.jsonText)")
        continue
      }
      requests = answers.enumerated().map { index, answer in
        let values = answer.objectValue?["values"] ?? [:]
        return
          #"{"jsonrpc":"2.0","id":\#(index + 2),"method":"flow/next","params":{"flowId":\#(flowId.jsonText),"values":\#(values.jsonText)}}"#
      }
      let answered = try daemon.exchange(requests, expecting: answers.count)
      let last = try #require(answered.last?.objectValue?["result"]?.objectValue)
      #expect(last["status"] == .string("submitted"), "\(line.jsonText)")
      #expect(last["payload"] == object["payload"], "\(line.jsonText)")
      _ = try daemon.finish()
    }
  }

  @Test(arguments: files)
  func linesTakeEveryStepAndEveryNextEntry(file: String) throws {
    let flow = try JSONReader.parse(TextFile.bytes(file))
    let (lines, _, _) = try Self.paths(["--today", Self.today, file])
    var steps: Set<String> = []
    var moves: Set<[String]> = []
    for line in lines {
      guard case .array(let path)? = line.objectValue?["path"] else { continue }
      let ids = path.compactMap(\.stringValue)
      steps.formUnion(ids)
      for (from, to) in zip(ids, ids.dropFirst()) { moves.insert([from, to]) }
    }
    guard case .array(let declared)? = flow.objectValue?["steps"] else {
      Issue.record("no steps in \(file)")
      return
    }
    for step in declared {
      let id = step.objectValue?["id"]?.stringValue ?? ""
      #expect(steps.contains(id), "step '\(id)' is on no path of \(file)")
      guard case .array(let next)? = step.objectValue?["next"] else { continue }
      for entry in next {
        let target = entry.objectValue?["goto"]?.stringValue ?? ""
        #expect(moves.contains([id, target]), "no path goes \(id) → \(target) in \(file)")
      }
    }
  }

  @Test func onlyRequiredFieldsAndThoseAConditionNeedsAreAnswered() throws {
    let file = CheckFlowsTests.cases + "/sound-branching.json"
    let (lines, _, _) = try Self.paths(["--today", Self.today, file])
    // `note` and `chip` are optional and no condition tests them: never answered.
    for line in lines {
      guard case .array(let answers)? = line.objectValue?["answers"] else { continue }
      for answer in answers {
        let names = answer.objectValue?["values"]?.objectValue?.names ?? []
        #expect(!names.contains("note") && !names.contains("chip"), "\(line.jsonText)")
      }
    }
  }

  @Test func withoutTodayTheLinesSayTheDayTheyWereMadeFor() throws {
    let file = CheckFlowsTests.cases + "/sound-branching.json"
    let (lines, status, _) = try Self.paths([file])
    #expect(status == 0)
    for line in lines {
      let today = line.objectValue?["today"]?.stringValue ?? ""
      #expect(today.utf8.count == 10 && today.split(separator: "-").count == 3, "\(today)")
    }
  }

  @Test func aDayBeforeEveryExampleDateIsAnError() throws {
    // Every date example is on or after 1970-01-01: none is a date of birth by 1969.
    let file = CheckFlowsTests.cases + "/sound-branching.json"
    let (lines, status, stderr) = try Self.paths(["--today", "1969-12-31", file])
    #expect(lines.isEmpty)
    #expect(status == 1)
    #expect(stderr.contains("no example of date is a valid answer to 'seenOn'"), "\(stderr)")
  }

  @Test func aFileWithAnErrorPrintsItsProblemsAndNoPaths() throws {
    let file = CheckFlowsTests.cases + "/goto-unknown.json"
    let (lines, status, stderr) = try Self.paths([file])
    #expect(lines.isEmpty)
    #expect(status == 1)
    #expect(stderr.contains(file + ":/steps/0/next/0/goto: goto-unknown: "))
  }

  @Test func todayMustBeADate() throws {
    let file = CheckFlowsTests.cases + "/sound.json"
    #expect(try Self.paths(["--today", "2026-02-30", file]).status == 2)
    #expect(try CheckFlowsTests.check(["--today", Self.today, file]).status == 2)
  }

  @Test func pastAThousandLinesItStopsWithAWarning() throws {
    // The sighting report has two paths: 501 copies of it under other ids, 1002.
    let sighting = try TextFile.read(
      CheckFlowsTests.repository + "/flows/examples/reportSighting.json")
    let scratch = try ScratchDirectory()
    let files = try (0..<501).map { index in
      try scratch.write(
        "s\(index).json",
        sighting.replacing(#""id": "reportSighting""#, with: #""id": "sighting\#(index)""#))
    }
    let (lines, status, stderr) = try Self.paths(["--today", Self.today] + files)
    #expect(lines.count == 1_000)
    #expect(status == 0)
    #expect(stderr.contains("stopped after 1000 paths"), "\(stderr)")
  }
}

extension FlowPathsTests {
  @Test func protocolsExampleLineIsOneTheBinaryPrints() throws {
    let protocolText = try TextFile.read(CheckFlowsTests.repository + "/protocol.md")
    let section = try #require(protocolText.split(separator: "#### Paths as test fixtures").last)
    let block = try #require(section.split(separator: "```").dropFirst().first)
    let example = try JSONReader.parse(Array(block.dropFirst("json\n".count).utf8))
    let file = CheckFlowsTests.repository + "/flows/examples/reportSighting.json"
    let (lines, _, _) = try Self.paths(["--today", Self.today, file])
    #expect(lines.contains(example), "\(example.jsonText)")
  }
}

extension FlowPathsTests {
  /// A date never after today, and a rule asking for one: sound to the checker, no fixture.
  static let futureOnly = #"""
    {"formatVersion": 1, "id": "future", "version": 1, "title": {"en": "Future", "pl": "Przyszłość"},
     "steps": [{"id": "when", "title": {"en": "When", "pl": "Kiedy"},
       "fields": [{"id": "seen", "kind": "date", "label": {"en": "Seen", "pl": "Widziane"}, "required": true}],
       "rules": [{"id": "later", "message": {"en": "Later", "pl": "Później"},
         "compare": {"left": "seen", "op": ">", "right": "today"}}]}],
     "payload": {"seen": "seen"}}
    """#

  @Test func aRuleNoAnswersPassIsAnErrorNamingItsStepAndId() throws {
    let scratch = try ScratchDirectory()
    let file = try scratch.write("future.json", Self.futureOnly)
    #expect(try CheckFlowsTests.check([file]) == ([], 0))
    let (lines, status, stderr) = try Self.paths(["--today", Self.today, file])
    #expect(lines.isEmpty)
    #expect(status == 1)
    #expect(
      stderr.contains("flow 'future': no answers at step 'when' pass rule 'later' on 2026-11-22"),
      "\(stderr)")
  }

  /// `injury` is required while the animal is not moving, and a `next` tests it.
  static let injuryTested = #"""
    {"formatVersion": 1, "id": "injury", "version": 1, "title": {"en": "Injury", "pl": "Uraz"},
     "steps": [
      {"id": "animal", "title": {"en": "Animal", "pl": "Zwierzę"},
       "fields": [
        {"id": "moving", "kind": "choice", "label": {"en": "Moving?", "pl": "Porusza się?"}, "required": true,
         "options": [{"id": "yes", "label": {"en": "Yes", "pl": "Tak"}}, {"id": "no", "label": {"en": "No", "pl": "Nie"}}]},
        {"id": "injury", "kind": "text", "label": {"en": "Injury", "pl": "Uraz"},
         "required": {"field": "moving", "equals": "no"}}],
       "next": [{"when": {"field": "injury", "present": true}, "goto": "vet"}, {"goto": "summary"}]},
      {"id": "vet", "title": {"en": "Vet", "pl": "Weterynarz"},
       "fields": [{"id": "vet", "kind": "phone", "label": {"en": "Vet", "pl": "Weterynarz"}}]},
      {"id": "summary", "kind": "summary", "title": {"en": "Check", "pl": "Sprawdź"}}],
     "payload": {"moving": "moving", "injury": "injury", "vet": "vet"}}
    """#

  @Test func aPathLeavingEmptyAFieldItsConditionRequiresIsNeverListed() throws {
    // Skipping `vet` takes `injury` empty, which only `moving` = "yes" allows.
    let scratch = try ScratchDirectory()
    let file = try scratch.write("injury.json", Self.injuryTested)
    let (lines, status, stderr) = try Self.paths(["--today", Self.today, file])
    #expect(status == 0, "\(stderr)")
    #expect(lines.count == 2)
    for line in lines {
      let values = line.objectValue?["answers"]?.arrayValue?.first?["values"]
      #expect(values?["moving"] == "yes" || values?["injury"] != nil, "\(line.jsonText)")
    }
  }

  @Test func aConditionallyRequiredFieldIsShownBothRequiredAndNot() throws {
    // The injured animal's `reachable` is required only while it is not moving.
    let file = CheckFlowsTests.repository + "/flows/examples/injuredAnimal.json"
    let (lines, _, _) = try Self.paths(["--today", Self.today, file])
    let places = lines.compactMap { line in
      line.objectValue?["answers"]?.arrayValue?.first { $0["step"] == "where" }?["values"]
    }
    #expect(places.contains { $0["moving"] == "no" && $0["reachable"] != nil })
    #expect(places.contains { $0["moving"] == "yes" && $0["reachable"] == nil })
  }
}
