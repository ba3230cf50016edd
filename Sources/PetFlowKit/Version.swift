extension PetFlowServer {
  /// The one version number of PetFlowKit, petflowd and both clients: `--version`,
  /// `initialize`'s `serverInfo`, and every package scripts/package builds (which reads it back
  /// from the built binary).
  public static let version = "0.2.0"
}
