/// What `pyyaml_oracle.py` says about one file: how PyYAML and libyaml read it, and whether
/// their trees equal ours.
struct OracleVerdict: Sendable {
  /// One reader's result.
  struct Reading: Sendable {
    /// Whether it read a document (else it refused the file).
    var reads: Bool
    var error: String
    /// Where it refused the file: the problem, and the construct it was in.
    var problem: [Int]?
    var context: [Int]?
    /// Whether its tree equals ours (nil if either refused the file).
    var sameTree: Bool?

    init?(_ json: Any?, sameTree: Any?) {
      guard let json = json as? [String: Any] else { return nil }
      reads = json.keys.contains("tree")
      error = json["error"] as? String ?? ""
      problem = json["problem"] as? [Int]
      context = json["context"] as? [Int]
      self.sameTree = sameTree as? Bool
    }
  }

  var pyyaml: Reading
  /// Nil when Python has no libyaml binding.
  var libyaml: Reading?
  /// The first place where a tree differs from ours.
  var difference: String

  init?(_ json: [String: Any]) {
    guard let pyyaml = Reading(json["pyyaml"], sameTree: json["pyyamlSameTree"]) else { return nil }
    self.pyyaml = pyyaml
    libyaml = Reading(json["libyaml"], sameTree: json["libyamlSameTree"])
    difference = json["difference"] as? String ?? ""
  }
}
