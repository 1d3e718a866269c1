import NixieBoardModel
import NixieText

/// One thing `nixie doctor` checked, and what to do when it is wrong.
public struct DoctorFinding: Hashable, Sendable {
  /// How bad it is.
  public enum Status: Int, Hashable, Sendable, Comparable {
    /// As the board needs it.
    case ok
    /// Works, with a limitation worth knowing.
    case warning
    /// `--backend hardware` will fail until it is fixed.
    case problem

    public static func < (lhs: Status, rhs: Status) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `ok`, `warning`, `PROBLEM`: the first column of the report.
    public var label: String { ["ok", "warning", "PROBLEM"][rawValue] }
  }

  public var status: Status
  /// What was checked, e.g. `/dev/gpiochip0` or `gpiochip0 line 10 (din)`.
  public var subject: String
  /// What was found.
  public var message: String
  /// What to do about it (for warnings and problems).
  public var fix: String?

  public init(_ status: Status, _ subject: String, _ message: String, fix: String? = nil) {
    self.status = status
    self.subject = subject
    self.message = message
    self.fix = fix
  }
}

extension [DoctorFinding] {
  /// The doctor's report on `board`: a line per finding, its fix below it, and a summary.
  public func report(on board: BoardProfile) -> String {
    "nixie doctor: \(board.name): \(board.summary)\n" + findingLines
      + "\(Counted.text(problems, "problem")), \(Counted.text(warnings, "warning"))\n"
  }

  /// The findings, a line each (with its fix under each that is not ok): the report without
  /// its heading and counts, as `nixie doctor -q` prints it.
  public var findingLines: String {
    var text = ""
    for finding in self {
      let label = finding.status.label
      text += label + String(repeating: " ", count: Swift.max(0, 9 - label.count))
      text += "\(finding.subject): \(finding.message)\n"
      if let fix = finding.fix, finding.status != .ok {
        text += "         fix: \(fix)\n"
      }
    }
    return text
  }

  /// How many findings must be fixed before the hardware backend can work.
  public var problems: Int { filter { $0.status == .problem }.count }
  /// How many findings are worth a look.
  public var warnings: Int { filter { $0.status == .warning }.count }
}

extension DoctorFinding {
  /// The finding as a JSON object: `status`, `subject`, `message`, `fix` (or null).
  var json: String {
    JSONText.object([
      ("status", JSONText.quoted(status.jsonName)), ("subject", JSONText.quoted(subject)),
      ("message", JSONText.quoted(message)), ("fix", fix.map(JSONText.quoted) ?? "null"),
    ])
  }
}

extension DoctorFinding.Status {
  /// `ok`, `warning`, `problem`: the status in `nixie doctor --json`.
  public var jsonName: String { ["ok", "warning", "problem"][rawValue] }
}

extension [DoctorFinding] {
  /// The report as one JSON object, for scripts: the board, each finding, the counts.
  public func jsonReport(on board: BoardProfile, version: String) -> String {
    JSONText.object([
      ("nixie", JSONText.quoted(version)), ("board", JSONText.quoted(board.name)),
      ("summary", JSONText.quoted(board.summary)), ("findings", JSONText.array(json: map(\.json))),
      ("problems", String(problems)), ("warnings", String(warnings)),
    ])
  }

  /// Only what is worth a look (`nixie doctor --quiet`).
  public var notOK: [DoctorFinding] { filter { $0.status != .ok } }
}
