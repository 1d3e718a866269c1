import NixieCore
import NixieDisplay

/// What the tubes show while `nixie select` runs: the selected value, or — when the board
/// cannot show every value — the selected value's 1-based position, for all of them, so a
/// number on the tubes always means the same thing.
public final class SelectionDisplay {
  private let session: DisplaySession
  private let formatter: ValueFormatter
  private let values: [String]
  /// The first value the board cannot show, with the reason; nil when it shows them all.
  public let unshowable: (value: String, reason: String)?

  public init(session: DisplaySession, values: [String]) {
    self.session = session
    self.formatter = session.board.formatter
    self.values = values
    var unshowable: (String, String)?
    for value in values {
      do {
        _ = try formatter.format(value)
      } catch {
        unshowable = (value, error.description)
        break
      }
    }
    self.unshowable = unshowable
  }

  /// Whether the tubes show positions instead of values.
  public var showsPositions: Bool { unshowable != nil }

  /// The display state for the value at `index`.
  public func state(for index: Int) -> DisplayState {
    if !showsPositions, let state = try? formatter.format(values[index]) { return state }
    let position = String(index + 1)
    return (try? formatter.format(position))
      ?? (try? formatter.format(position, options: FormatOptions(lenient: true)))
      ?? formatter.layout.blank
  }

  /// Shows the value at `index`.
  public func show(index: Int) throws(NixieError) { try show(state(for: index)) }

  /// The one place the selection reaches the tubes: when the transition engine lands, this
  /// becomes a transition to `state` instead of a plain write.
  public func show(_ state: DisplayState) throws(NixieError) { try session.show(state) }

  /// Turns the tubes off (nothing was chosen).
  public func blank() throws(NixieError) { try session.blank() }
}
