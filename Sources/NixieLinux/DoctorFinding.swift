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
