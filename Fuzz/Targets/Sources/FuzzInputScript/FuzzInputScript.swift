import FuzzSupport
import NixieInput

/// Fuzzes the knob-script parser (`InputScript(parsing:)`) with any text. A refusal names a
/// line of the text. An accepted script keeps its lines in time order with no gesture cut
/// short, survives being written back line by line (times as `Milliseconds.text`, events as
/// `InputAction.text`) and parsed again, and plays as level changes that never go back in time.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInputScript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, count: size)
  let text = input.restAsText()
  let script: InputScript
  do {
    script = try InputScript(parsing: text)
  } catch {
    let lineCount = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
    Property.check(
      (1...max(lineCount, 1)).contains(error.line), "error on line \(error.line) of \(lineCount)")
    return 0
  }
  for (previous, line) in zip(script.lines, script.lines.dropFirst()) {
    Property.check(
      line.time >= previous.end, "line \(line.number) starts before line \(previous.number) ends")
  }
  let written = script.lines.map { "\(Milliseconds.text($0.time)) \($0.action.text)" }.joined(separator: "\n")
  do {
    let again = try InputScript(parsing: written)
    Property.check(
      again.lines.map(\.time) == script.lines.map(\.time)
        && again.lines.map(\.action) == script.lines.map(\.action),
      "written back as \(written.debugDescription), it reads \(again.lines)")
  } catch {
    Property.check(false, "written back as \(written.debugDescription), it is refused: \(error)")
  }
  // The encoder's wiring from the text's length, so that the corpus stays plain scripts.
  let detents = QuadratureSettings.DetentsPerCycle.allCases
  let encoder = QuadratureSettings(
    activeLow: size % 2 == 0, reverse: size / 2 % 2 == 0, detentsPerCycle: detents[size / 4 % detents.count])
  let events = script.levelChanges(encoder: encoder, switchActiveLow: size % 3 == 0, levels: [.a, .b, .sw])
  for (previous, event) in zip(events, events.dropFirst()) {
    Property.check(event.time >= previous.time, "event \(event) comes before \(previous)")
  }
  return 0
}
