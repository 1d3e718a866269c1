import NixieDisplay
import NixieText

/// The board's layout as the clock reports it in its `state` (control protocol version 2:
/// `layout`, per position its `name`, `model`, `kind` and `wired` cathode names): written by
/// the clock, and read back by a client into the `DisplayLayout` the tubes' picture is drawn
/// from. So the page draws any board the clock drives — a board file of the user's own as well
/// as a built-in one — without reading board files itself: the tube models are the
/// catalogue's (`TubeModel.named`), which every board file names its models from.
public enum ReportedLayout {
  /// The most positions a layout may have (a board has a few tubes; this bounds the work).
  public static let maximumPositions = 64

  /// `layout` as the JSON array of the `state` answer: each position's name, model, kind and
  /// wired cathodes.
  public static func json(_ layout: DisplayLayout) -> String {
    JSONText.array(
      json: layout.positions.map { position in
        JSONText.object([
          ("name", JSONText.quoted(position.name)), ("model", JSONText.quoted(position.model.name)),
          ("kind", JSONText.quoted(position.model.kind.rawValue)),
          ("wired", JSONText.array(position.wired.indices.map { position.model.cathodes[$0].name })),
        ])
      })
  }

  /// The layout `value` describes, or why it cannot be drawn.
  public static func parse(_ value: JSONValue) -> Result<DisplayLayout, ReportedLayoutError> {
    guard case .array(let entries) = value, !entries.isEmpty, entries.count <= maximumPositions else {
      return .failure(
        ReportedLayoutError("the clock's layout is not a list of 1 to \(maximumPositions) positions"))
    }
    var positions: [DisplayPosition] = []
    for (index, entry) in entries.enumerated() {
      guard case .string(let name)? = entry["name"], case .string(let modelName)? = entry["model"],
        case .string(let kind)? = entry["kind"], case .array(let wiredNames)? = entry["wired"]
      else {
        return .failure(ReportedLayoutError("position \(index + 1) of the clock's layout is malformed"))
      }
      guard let model = TubeModel.named(modelName) else {
        return .failure(
          ReportedLayoutError(
            "the clock's board uses tube model '\(Printable.escaped(modelName))', which this nixie web"
              + " does not know: update nixie"))
      }
      guard kind == model.kind.rawValue else {
        return .failure(
          ReportedLayoutError("position \(index + 1) of the clock's layout: \(model.name) is not a \(kind)"))
      }
      var wired = CathodeSet.none
      for wiredName in wiredNames {
        guard case .string(let cathodeName) = wiredName, let cathode = model.cathode(named: cathodeName),
          let cathodeIndex = model.index(of: cathode)
        else {
          return .failure(
            ReportedLayoutError(
              "position \(index + 1) of the clock's layout wires a cathode \(model.name) does not have"))
        }
        wired.insert(cathodeIndex)
      }
      positions.append(DisplayPosition(name: name, model: model, wired: wired))
    }
    return .success(DisplayLayout(positions: positions))
  }
}
