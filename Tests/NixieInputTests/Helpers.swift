import NixieInput
import NixieTransports

/// Milliseconds as nanoseconds, for readable test times.
func ms(_ value: Double) -> UInt64 { UInt64((value * 1_000_000).rounded()) }

/// Contact codes written as the test tables write them: "10" = A closed, B open.
func code(_ text: Substring) -> Int {
  (text.first == "1" ? 2 : 0) | (text.last == "1" ? 1 : 0)
}

/// Walks a decoder through contact codes ("10 11 01 00"), one millisecond apart, and returns
/// the detents as "+" (clockwise) and "-" (counterclockwise). A code that differs from the
/// previous in one contact arrives as that line's event; one that differs in both is a read
/// of both lines (an illegal jump).
func walk(_ decoder: inout QuadratureDecoder, _ codes: String, from start: UInt64 = 0) -> String {
  var out = ""
  var time = start
  for token in codes.split(separator: " ") {
    time += ms(1)
    let (a, b) = decoder.settings.levels(code: code(token))
    let detent: Detent?
    switch (a != decoder.a, b != decoder.b) {
    case (true, false): detent = decoder.feed(LineEvent(.a, high: a, at: time))
    case (false, true): detent = decoder.feed(LineEvent(.b, high: b, at: time))
    default: detent = decoder.update(a: a, b: b, at: time)
    }
    if let detent { out += detent.direction == .clockwise ? "+" : "-" }
  }
  return out
}

/// A decoder whose contacts read `start` (a code) at start-up.
func decoder(_ settings: QuadratureSettings = QuadratureSettings(), start: Substring = "00")
  -> QuadratureDecoder
{
  let (a, b) = settings.levels(code: code(start))
  return QuadratureDecoder(settings: settings, a: a, b: b)
}

/// Detents as "+" and "-".
func signs(_ detents: [Detent]) -> String {
  String(detents.map { $0.direction == .clockwise ? "+" : "-" })
}
