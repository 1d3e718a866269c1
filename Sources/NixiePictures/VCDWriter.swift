import NixieBoardModel
import NixieTransports

/// Records line changes as a Value Change Dump (IEEE 1364), for GTKWave, PulseView or sigrok.
///
/// One 1-bit wire per line, named by its board function (`din`, `clk`, `le`, `bl`, `a`, `b`,
/// `sw`), `$timescale 1 ns`, times relative to the first recorded instant.
public final class VCDWriter<Output: TextOutputStream>: LineObserver {
  private var output: Output
  private let codes: [LineRole: String]
  private let origin: UInt64
  private var lastTime: UInt64
  /// The time of the last `#` line written; changes at the same time share it.
  private var stampedTime: UInt64

  /// Writes the header and the initial `levels` of `roles` at time `origin`.
  public init(
    output: Output, roles: [LineRole], levels: LineSet, origin: UInt64, comment: String,
    scope: String = "board"
  ) {
    self.output = output
    self.origin = origin
    self.lastTime = origin
    self.stampedTime = origin
    var codes: [LineRole: String] = [:]
    for (index, role) in roles.sorted().enumerated() {
      codes[role] = String(UnicodeScalar(UInt8(33 + index)))
    }
    self.codes = codes
    var header = "$comment \(comment) $end\n"
    header += "$version nixie $end\n$timescale 1 ns $end\n"
    header += "$scope module \(Self.identifier(scope)) $end\n"
    for role in roles.sorted() { header += "$var wire 1 \(codes[role]!) \(role.name) $end\n" }
    header += "$upscope $end\n$enddefinitions $end\n#0\n$dumpvars\n"
    for role in roles.sorted() { header += "\(levels.contains(role) ? 1 : 0)\(codes[role]!)\n" }
    header += "$end\n"
    self.output.write(header)
  }

  public func linesChanged(_ changed: LineSet, levels: LineSet, at time: UInt64) {
    let stamp = max(time, lastTime)
    var text = ""
    if stamp != stampedTime {
      text += "#\(stamp - origin)\n"
      stampedTime = stamp
    }
    lastTime = stamp
    for role in changed.roles {
      guard let code = codes[role] else { continue }
      text += "\(levels.contains(role) ? 1 : 0)\(code)\n"
    }
    output.write(text)
  }

  /// Ends the dump at `time`, so viewers show how long the last levels lasted.
  public func finish(at time: UInt64) {
    if time > lastTime { output.write("#\(time - origin)\n") }
  }

  /// The underlying output, e.g. to flush a file.
  public var stream: Output { output }

  private static func identifier(_ text: String) -> String {
    String(text.map { $0.isLetter || $0.isNumber ? $0 : "_" })
  }
}
