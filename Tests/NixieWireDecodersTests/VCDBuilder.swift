/// Writes a Value Change Dump for a test from scripted line changes, the way a logic analyser
/// would record a host driving a board. It knows no board: the SPI and bit-bang helpers take
/// literal bytes, and the SPI edge rules are written here from the mode table (CPOL, CPHA),
/// not shared with the decoders. sigrok reads what it writes (`SigrokTests`).
struct VCDBuilder {
  private let names: [String]
  private let initialLevels: [String: Bool]
  private var levels: [String: Bool]
  private var body = ""
  private var stampedTime: UInt64 = 0
  /// The current time, in nanoseconds.
  private(set) var time: UInt64 = 0

  /// A dump of `wires` (name and level at time 0), in declaration order.
  init(wires: [(name: String, level: Bool)]) {
    names = wires.map(\.name)
    initialLevels = Dictionary(uniqueKeysWithValues: wires.map { ($0.name, $0.level) })
    levels = initialLevels
  }

  private func code(_ name: String) -> String {
    let index = names.firstIndex(of: name) ?? 0
    return String(UnicodeScalar(UInt8(33 + index)))
  }

  /// Sets `name` to `level` now (nothing is written when it already is).
  mutating func set(_ name: String, _ level: Bool) {
    guard levels[name] != level else { return }
    levels[name] = level
    if time != stampedTime {
      body += "#\(time)\n"
      stampedTime = time
    }
    body += "\(level ? 1 : 0)\(code(name))\n"
  }

  mutating func wait(_ nanoseconds: UInt64) { time += nanoseconds }

  /// `bytes` clocked out by an SPI controller in `mode` (0–3), `halfPeriod` ns per clock
  /// phase, most significant bit first unless `lsbFirst`. With CPHA 0 the data is set half a
  /// period before the first edge out of idle, which samples it; with CPHA 1 the data changes
  /// on the first edge and the second edge samples it.
  mutating func spi(
    _ bytes: [UInt8], mode: Int, halfPeriod: UInt64 = 250, lsbFirst: Bool = false,
    mosi: String = "mosi", sclk: String = "sclk"
  ) {
    let idle = mode >= 2
    let dataOnFirstEdge = mode == 1 || mode == 3
    for byte in bytes {
      for index in 0..<8 {
        let shift = lsbFirst ? index : 7 - index
        let bit = byte >> UInt8(shift) & 1 == 1
        if dataOnFirstEdge {
          set(sclk, !idle)
          set(mosi, bit)
          wait(halfPeriod)
          set(sclk, idle)
          wait(halfPeriod)
        } else {
          set(mosi, bit)
          wait(halfPeriod)
          set(sclk, !idle)
          wait(halfPeriod)
          set(sclk, idle)
        }
      }
    }
    wait(halfPeriod)
  }

  /// `bits` bit-banged, one step apart: data set, then the clock low, then high.
  mutating func bitBang(_ bits: [Bool], data: String, clock: String, step: UInt64 = 4_000) {
    for bit in bits {
      set(data, bit)
      wait(step)
      set(clock, false)
      wait(step)
      set(clock, true)
      wait(step)
    }
  }

  /// The dump, ending at the current time.
  var text: String {
    var header = "$comment test trace $end\n$version nixie tests $end\n$timescale 1 ns $end\n"
    header += "$scope module board $end\n"
    for name in names { header += "$var wire 1 \(code(name)) \(name) $end\n" }
    header += "$upscope $end\n$enddefinitions $end\n#0\n$dumpvars\n"
    for name in names { header += "\(initialLevels[name] == true ? 1 : 0)\(code(name))\n" }
    header += "$end\n"
    return header + body + (time > stampedTime ? "#\(time)\n" : "")
  }
}
