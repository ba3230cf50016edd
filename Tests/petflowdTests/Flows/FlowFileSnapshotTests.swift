// Export and import across a change of the definition: the digest, dormant values, snapshots of
// release 0.2, and older versions brought across by the file's upgrade.
import JSONRPC
import Testing

@Suite struct FlowFileSnapshotTests {
  /// An export of the sighting report (version 1) with a phone entered and a bird seen.
  static func exportOfVersion1(stillThere: String = "yes") throws -> JSONValue {
    let client = try SightingFixtures.client()
    let id = try SightingFixtures.onWhere(client)
    try client.next(id, SightingFixtures.whereAndWhat(stillThere: "yes", species: "bird"))
    try client.update(id, SightingFixtures.contact)
    if stillThere == "no" {
      try client.back(id)
      try client.update(id, ["stillThere": "no"])
    }
    return try client.export(id).removing("flowId")
  }

  @Test func exportCarriesTheDigestAndTheDormantValuesAndImportRestoresThem() throws {
    let snapshot = try Self.exportOfVersion1(stillThere: "no")
    #expect(snapshot["digest"]?.stringValue?.count == 16)
    #expect(snapshot["dormant"] == ["phone": "600100200"])
    let imported = try SightingFixtures.client().importing(snapshot)
    #expect(imported["dormant"] == ["phone": "600100200"])
    #expect(imported.stepId == "where")
  }

  @Test func theSameVersionWithAnotherStructureIsRefusedNamingTheDigest() throws {
    let snapshot = try Self.exportOfVersion1()
    let changed = try SightingFixtures.sightingFile(
      replacing: "{\"id\": \"no\"", with: "{\"id\": \"gone\"")
    let error = try SightingFixtures.client(servingSightingFile: changed).error(
      "flow/import", ["snapshot": snapshot])
    #expect(error["code"] == -32012)
    #expect(error["data"]?["digest"] == snapshot["digest"])
  }

  @Test func aTextChangedUnderTheSameVersionStillImports() throws {
    let snapshot = try Self.exportOfVersion1()
    let retitled = try SightingFixtures.sightingFile(
      replacing: "Report a sighting", with: "Report a stray animal")
    let client = try SightingFixtures.client(servingSightingFile: retitled)
    #expect(try client.importing(snapshot).stepId == "contact")
  }

  @Test func aSnapshotWithoutADigestImportsWhenItsVersionMatches() throws {
    let snapshot = try Self.exportOfVersion1().removing("digest")
    #expect(try SightingFixtures.client().importing(snapshot).stepId == "contact")
  }

  @Test func anOlderVersionIsUpgradedAndTheAnswerListsWhatWent() throws {
    let snapshot = try Self.exportOfVersion1()
    let imported = try SightingFixtures.client(SightingFixtures.version2).importing(snapshot)
    #expect(imported["version"] == 2)
    #expect(imported["values"]?["contactPhone"] == "600100200")
    #expect(
      imported["upgradeDropped"] == [
        ["field": "species", "reason": "not a value its field takes in version 2"]
      ])
    // The bird is gone and the species is required: the flow lands where it must be chosen.
    #expect(imported.stepId == "where")
    #expect(imported.errorCodes == ["species": "choice.required"])
  }

  @Test func anUpgradeThatLosesNothingAnswersAnEmptyList() throws {
    let client = try SightingFixtures.client()
    let id = try SightingFixtures.onWhere(client)
    try client.next(id, SightingFixtures.whereAndWhat(stillThere: "no", species: "dog"))
    let snapshot = try client.export(id)
    let imported = try SightingFixtures.client(SightingFixtures.version2).importing(snapshot)
    #expect(imported["upgradeDropped"] == [])
    #expect(imported.stepId == "summary")
  }

  @Test func anOlderVersionWithoutAnUpgradeIsRefusedNamingBothVersions() throws {
    let snapshot = try Self.exportOfVersion1()
    let version2 = try TextFile.read(SightingFixtures.version2 + "/reportSighting.json")
    let error = try SightingFixtures.client(servingSightingFile: Self.withoutUpgrade(version2))
      .error("flow/import", ["snapshot": snapshot])
    #expect(error["code"] == -32012)
    #expect(
      error["message"]
        == "flow 'reportSighting' version 1 cannot be brought to version 2: its definition has no upgrade from version 1"
    )
  }

  /// The version 2 file with its `upgrade` member taken out.
  static func withoutUpgrade(_ text: String) throws -> String {
    guard case .object(var file) = try JSONValue.parse(text) else { return text }
    file["upgrade"] = nil
    return JSONValue.object(file).jsonText
  }

  @Test func aNewerVersionThanTheOneRunningIsRefused() throws {
    let snapshot = try Self.exportOfVersion1().setting("version", 3)
    let error = try SightingFixtures.client().error("flow/import", ["snapshot": snapshot])
    #expect(error["code"] == -32012)
  }
}
