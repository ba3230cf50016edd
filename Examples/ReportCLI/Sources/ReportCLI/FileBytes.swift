// Foundation, as in an app: reading a file is the app's (PetFlowKit reads none), and an app that
// imports both must compile, which this file checks.
import Foundation

enum FileBytes {
  struct Unreadable: Error, CustomStringConvertible {
    let path: String
    var description: String { "cannot read \(path)" }
  }

  static func read(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Unreadable(path: path)
    }
    return [UInt8](data)
  }
}
