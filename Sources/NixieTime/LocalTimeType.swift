/// One way a zone reads the time (RFC 8536 calls it a local time type): its offset from UTC,
/// whether the zone calls it daylight saving time, and its abbreviation (`CEST`, `+0545`).
///
/// `isDST` is the zone's word, not arithmetic: Dublin's winter time GMT is its "DST", an
/// hour behind its standard IST.
public struct LocalTimeType: Hashable, Sendable {
  /// Seconds to add to UTC to get local time (`3600` for CET).
  public let secondsFromUTC: Int
  public let isDST: Bool
  public let abbreviation: String

  public init(secondsFromUTC: Int, isDST: Bool, abbreviation: String) {
    self.secondsFromUTC = secondsFromUTC
    self.isDST = isDST
    self.abbreviation = abbreviation
  }

  /// The largest offset accepted from a file or a TZ string: RFC 8536 asks for offsets within
  /// −25 h … +26 h; nothing real comes near (today's extremes are −12 h and +14 h).
  public static let offsetLimit = 26 * 3600

  /// `+01:00`, `-03:30`, `+05:45:30` (seconds only when there are some).
  public static func offsetText(_ secondsFromUTC: Int) -> String {
    let magnitude = secondsFromUTC.magnitude
    func two(_ value: UInt) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let seconds = magnitude % 60 == 0 ? "" : ":" + two(magnitude % 60)
    return (secondsFromUTC < 0 ? "-" : "+") + two(magnitude / 3600) + ":" + two(magnitude / 60 % 60) + seconds
  }
}
