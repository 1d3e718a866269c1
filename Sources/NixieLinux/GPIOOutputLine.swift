import NixieBoardModel
import NixieTransports

/// One output line to request: its offset on the chip, the bit that stands for it in the
/// writes (its role's `LineSet` bit), and its level at first.
struct GPIOOutputLine: Hashable, Sendable {
  var offset: UInt32
  /// 0–63: the request's writes name the line, and give its level, by this bit.
  var bit: Int
  var high: Bool
}

extension [GPIOOutputLine] {
  /// The lines' bits, as one set.
  var bits: LineSet { LineSet(rawValue: reduce(0) { $0 | 1 << UInt64($1.bit) }) }

  /// The bits of the lines that start high.
  var initialLevels: LineSet { filter(\.high).bits }
}
