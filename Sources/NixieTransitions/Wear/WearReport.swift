import NixieDisplay
import NixieText

/// What `nixie wear` prints of a wear count: per tube, the hours it has glowed, the hours of
/// each cathode and the ones that lag most (their share of the tube's most used cathode's
/// time) — as a small table for people, or as JSON for scripts.
public enum WearReport {
  /// How many of a tube's least used cathodes are named.
  public static let laggardCount = 3

  /// The table: a line per tube, then its cathodes' times, in the tube's unit (hours once its
  /// most used cathode has an hour, minutes once it has a minute, seconds before).
  ///
  ///     tube 1  IN-14  glowed 1234.5 h; least used: 8 0.2 %, 9 0.4 %, 7 3.1 %
  ///       hours: 0 12.0  1 620.1  2 402.3  …
  public static func table(_ wear: CathodeWear, layout: DisplayLayout) -> String {
    var lines: [String] = []
    for (index, position) in layout.positions.enumerated() {
      let cathodes = position.model.cathodes
      let least = wear.laggards(at: index).prefix(laggardCount).map {
        "\(cathodes[$0.cathode].name) \(percent($0.share))"
      }
      let total = Unit.fitting(wear.total(at: index))
      let lagging = wear.mostUsed(at: index) == 0 ? "none glowed yet" : least.joined(separator: ", ")
      lines.append(
        "tube \(index + 1)  \(position.model.name)  glowed \(total.text(wear.total(at: index))) \(total.symbol);"
          + " least used: " + lagging)
      let unit = Unit.fitting(wear.mostUsed(at: index))
      let each = cathodes.indices.map { "\(cathodes[$0].name) \(unit.text(wear[index, $0]))" }
      lines.append("  \(unit.name): " + each.joined(separator: "  "))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The unit a time is shown in, with one decimal.
  struct Unit {
    let name: String
    let symbol: String
    let nanoseconds: UInt64

    static let hours = Unit(name: "hours", symbol: "h", nanoseconds: 3_600_000_000_000)
    static let minutes = Unit(name: "minutes", symbol: "min", nanoseconds: 60_000_000_000)
    static let seconds = Unit(name: "seconds", symbol: "s", nanoseconds: 1_000_000_000)

    /// Hours from an hour on, minutes from a minute, seconds below.
    static func fitting(_ time: UInt64) -> Unit {
      [hours, minutes].first { time >= $0.nanoseconds } ?? seconds
    }

    /// `time` in this unit, rounded to a tenth: `0.0`, `1234.5`.
    func text(_ time: UInt64) -> String {
      let tenth = nanoseconds / 10
      let tenths = time / tenth + (time % tenth >= tenth / 2 ? 1 : 0)
      return "\(tenths / 10).\(tenths % 10)"
    }
  }

  /// The JSON: `{"tubes": [{"model", "cathodes": {name: seconds}, "seconds", "least_used":
  /// [{"cathode", "seconds", "share"}]}]}`, seconds exact to the nanosecond.
  public static func json(_ wear: CathodeWear, layout: DisplayLayout) -> String {
    let tubes = layout.positions.enumerated().map { index, position in
      let cathodes = position.model.cathodes
      let times = cathodes.indices.map { (cathodes[$0].name, WearRecord.seconds(wear[index, $0])) }
      let least = wear.laggards(at: index).prefix(laggardCount).map { laggard in
        JSONText.object([
          ("cathode", JSONText.quoted(cathodes[laggard.cathode].name)),
          ("seconds", WearRecord.seconds(laggard.nanoseconds)),
          ("share", String((laggard.share * 10_000).rounded() / 10_000)),
        ])
      }
      return JSONText.object([
        ("model", JSONText.quoted(position.model.name)),
        ("seconds", WearRecord.seconds(wear.total(at: index))),
        ("cathodes", JSONText.object(times)), ("least_used", JSONText.array(json: least)),
      ])
    }
    return JSONText.object([("tubes", JSONText.array(json: tubes))]) + "\n"
  }

  /// A share as a percentage with one decimal: `0.2 %`.
  static func percent(_ share: Double) -> String {
    let tenths = Int((min(max(share, 0), 1) * 1000).rounded())
    return "\(tenths / 10).\(tenths % 10) %"
  }
}
