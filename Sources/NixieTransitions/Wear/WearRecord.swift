import NixieDisplay
import NixieText

/// The wear file (`wear.json`): a `CathodeWear` as JSON, written and read back.
///
///     {"version": 1, "tubes": [{"model": "IN-14", "cathodes": {"0": 3600.5, "1": 0, …}}, …]}
///
/// One entry in `tubes` for every display position, left to right, separators included (their
/// `upper` and `lower` dots glow too); cathodes by their names in the tube model (`"0"`,
/// `"rdp"`, `"upper"`, `"Hz"`), times in seconds. Seconds are written with up to nine decimals,
/// so a count round-trips exactly to the nanosecond. Reading takes bytes from a disk that may
/// be corrupt or from another board: it never traps or hangs (the JSON reader is linear, the
/// file is at most `maximumBytes`) and refuses with a `WearRecordError` that names the problem.
/// A cathode the file leaves out is read as 0; members other than these are ignored.
public enum WearRecord {
  /// The format this code writes and reads.
  public static let version = 1
  /// The longest file read: a board of 20 tubes writes about 8 KB.
  public static let maximumBytes = 1 << 20
  /// The most seconds a cathode's time may be: `CathodeWear.ceiling` in seconds.
  public static let maximumSeconds: UInt64 = CathodeWear.ceiling / nanosecondsPerSecond

  static let nanosecondsPerSecond: UInt64 = 1_000_000_000

  /// `wear` of `layout` as the file's JSON text (one line).
  public static func text(_ wear: CathodeWear, layout: DisplayLayout) -> String {
    let tubes = layout.positions.enumerated().map { index, position in
      let cathodes = position.model.cathodes.enumerated().map { cathode, name in
        (name.name, seconds(wear[index, cathode]))
      }
      return JSONText.object([
        ("model", JSONText.quoted(position.model.name)), ("cathodes", JSONText.object(cathodes)),
      ])
    }
    return JSONText.object([("version", String(version)), ("tubes", JSONText.array(json: tubes))])
  }

  /// `nanoseconds` as seconds, exactly: `12`, `0.3`, `1.000000001`.
  public static func seconds(_ nanoseconds: UInt64) -> String {
    let whole = nanoseconds / nanosecondsPerSecond
    let fraction = nanoseconds % nanosecondsPerSecond
    guard fraction > 0 else { return String(whole) }
    var digits = String(fraction)
    digits = String(repeating: "0", count: 9 - digits.count) + digits
    while digits.last == "0" { digits.removeLast() }
    return String(whole) + "." + digits
  }

  /// The wear the file `bytes` holds, for `layout`.
  public static func read(_ bytes: [UInt8], layout: DisplayLayout) throws(WearRecordError) -> CathodeWear {
    let tubes = try tubes(bytes)
    let models = try tubeModels(tubes)
    try checkBoard(models, layout: layout)
    var wear = CathodeWear(layout: layout)
    for (index, tube) in tubes.enumerated() {
      guard case .object(let cathodes)? = tube["cathodes"] else {
        throw .malformed("tube \(index + 1) has no \"cathodes\" object")
      }
      let model = layout.positions[index].model
      for (name, value) in cathodes {
        guard let cathode = model.cathodes.firstIndex(where: { $0.name == name }) else {
          throw .unknownCathode(tube: index, cathode: name, model: model.name)
        }
        wear[index, cathode] = try nanoseconds(value, tube: index, cathode: name)
      }
    }
    return wear
  }

  /// The file `bytes` read without its board: the layout of the tubes it names (each with all
  /// its cathodes), and the wear it holds (`nixie wear`).
  public static func read(_ bytes: [UInt8]) throws(WearRecordError) -> (DisplayLayout, CathodeWear) {
    var positions: [DisplayPosition] = []
    for (index, name) in try tubeModels(try tubes(bytes)).enumerated() {
      guard let model = TubeModel.named(name) else {
        throw .malformed(
          "tube \(index + 1) is an \(Printable.quoted(name)), a tube model nixie does not know")
      }
      let all = model.cathodes.count >= 32 ? UInt32.max : (UInt32(1) << UInt32(model.cathodes.count)) - 1
      positions.append(DisplayPosition(name: String(index + 1), model: model, wired: CathodeSet(bits: all)))
    }
    let layout = DisplayLayout(positions: positions)
    return (layout, try read(bytes, layout: layout))
  }

  /// The file's `tubes`, once it is known to be a wear record of this version.
  private static func tubes(_ bytes: [UInt8]) throws(WearRecordError) -> [JSONValue] {
    guard bytes.count <= maximumBytes else { throw .tooLarge(bytes: bytes.count) }
    let root: JSONValue
    do throws(JSONReader.Failure) {
      root = try JSONReader.read(bytes)
    } catch {
      throw .notJSON(error.description)
    }
    guard case .object = root else { throw .malformed("it is not a JSON object") }
    guard let versionValue = root["version"] else { throw .malformed("it has no \"version\"") }
    guard versionValue.double == Double(version) else { throw .unsupportedVersion(versionValue.text) }
    guard case .array(let tubes)? = root["tubes"] else { throw .malformed("\"tubes\" is not a list") }
    return tubes
  }

  /// Each entry's `model`, as written.
  private static func tubeModels(_ tubes: [JSONValue]) throws(WearRecordError) -> [String] {
    var models: [String] = []
    for (index, tube) in tubes.enumerated() {
      guard case .object = tube else { throw .malformed("tube \(index + 1) is not an object") }
      guard case .string(let model)? = tube["model"] else {
        throw .malformed("tube \(index + 1) has no \"model\" text")
      }
      models.append(model)
    }
    return models
  }

  /// Refuses models that are not `layout`'s, position by position.
  private static func checkBoard(_ models: [String], layout: DisplayLayout) throws(WearRecordError) {
    guard models.count == layout.positions.count else {
      throw .otherBoard("it has \(models.count) tubes, this board \(layout.positions.count)")
    }
    for (index, model) in models.enumerated() {
      let expected = layout.positions[index].model.name
      guard TubeModel.named(model)?.name == expected else {
        throw .otherBoard(
          "tube \(index + 1) is an \(Printable.quoted(model)) in the file, an \(expected) here")
      }
    }
  }

  /// A time in seconds as nanoseconds: exact for plain decimals (digits past the ninth decimal
  /// are dropped), through `Double` for one with an exponent.
  static func nanoseconds(_ value: JSONValue, tube: Int, cathode: String) throws(WearRecordError) -> UInt64 {
    func refuse(_ reason: String) -> WearRecordError {
      .badTime(tube: tube, cathode: cathode, value: value.text, reason: reason)
    }
    guard case .number(let text) = value else { throw refuse("not a number of seconds") }
    if text.hasPrefix("-") { throw refuse("negative") }
    let tooLarge = refuse("more than \(maximumSeconds) seconds")
    if text.contains(where: { $0 == "e" || $0 == "E" }) {
      guard let seconds = Double(text), seconds.isFinite, seconds <= Double(maximumSeconds) else {
        throw tooLarge
      }
      let nanoseconds = (seconds * Double(nanosecondsPerSecond)).rounded()
      return nanoseconds >= Double(CathodeWear.ceiling) ? CathodeWear.ceiling : UInt64(nanoseconds)
    }
    var whole: UInt64 = 0
    var fraction: UInt64 = 0
    var fractionDigits = 0
    var inFraction = false
    for byte in text.utf8 {
      if byte == UInt8(ascii: ".") {
        inFraction = true
        continue
      }
      let digit = UInt64(byte &- UInt8(ascii: "0"))
      if inFraction {
        guard fractionDigits < 9 else { break }
        fraction = fraction * 10 + digit
        fractionDigits += 1
      } else {
        whole = whole * 10 + digit
        guard whole <= maximumSeconds else { throw tooLarge }
      }
    }
    for _ in fractionDigits..<9 { fraction *= 10 }
    let total = whole * nanosecondsPerSecond + fraction
    guard total <= CathodeWear.ceiling else { throw tooLarge }
    return total
  }
}
