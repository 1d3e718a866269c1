import FuzzSupport
import NixieBoardModel
import NixieBoards
import NixieClock
import NixieClockSettings
import NixieTime

/// The built-in boards, parsed once.
private let boards: [String: BoardProfile] = Dictionary(
  uniqueKeysWithValues: BoardCatalog.builtIn.compactMap { entry in
    (try? BoardCatalog.parse(entry.yaml, file: entry.name)).map { (entry.name, $0) }
  })

/// Times at which an accepted face must format: the first and last supported years, a leap
/// day, single- and double-digit fields.
private let probeTimes = [
  LocalTime(year: 1, month: 1, day: 1, hour: 0, minute: 0, second: 0),
  LocalTime(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59),
  LocalTime(year: 2024, month: 2, day: 29, hour: 9, minute: 5, second: 7),
  LocalTime(year: 2026, month: 10, day: 25, hour: 12, minute: 30, second: 0),
]

/// Fuzzes the clock's configuration parser (`ClockConfiguration.parse`, what `nixie clock`
/// reads from nixie.yaml) with any bytes. A refusal points at a place inside the text and
/// quotes nothing raw; the places an accepted file remembers (board, zone, faces) lie inside
/// it. Its first faces go through the clock's own check on the board it names (else the
/// default board), and a face that passes must then format at any time, as `ClockFace`
/// promises.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClockConfiguration(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, count: size)
  let bytes = input.rest()
  let lines = TextLines(bytes)
  let configuration: ClockConfiguration
  do {
    configuration = try ClockConfiguration.parse(bytes: bytes, file: "nixie.yaml")
  } catch {
    if let line = error.line {
      Property.check(
        lines.contains(line: line, column: error.column ?? 1),
        "error outside the text (lines: \(lines.characterCounts)): \(error.description)")
    }
    Property.checkPrintable(error.description, "the error")
    return 0
  }
  let origins = [configuration.boardOrigin, configuration.timeZoneOrigin] + configuration.faces.map(\.origin)
  for case let origin? in origins {
    Property.check(
      lines.contains(line: origin.line ?? 1, column: origin.column ?? 1),
      "origin \(origin) outside the text (lines: \(lines.characterCounts))")
  }
  let board = configuration.board.flatMap { boards[$0] } ?? boards[BoardCatalog.defaultName]
  guard let board else {
    Property.check(false, "the default board does not parse")
    return 0
  }
  let formatter = board.formatter
  for face in configuration.faces.prefix(3) {
    guard let pattern = try? FacePattern(face.format),
      (try? ClockFace(pattern: pattern, formatter: formatter)) != nil
    else { continue }
    for time in probeTimes {
      let text = pattern.render(time)
      do {
        FormattedState.check(try formatter.format(text), on: board, value: text)
      } catch {
        Property.check(
          false, "face \(face.format.debugDescription) passed its check, but at \(time): \(error)")
      }
    }
  }
  return 0
}
