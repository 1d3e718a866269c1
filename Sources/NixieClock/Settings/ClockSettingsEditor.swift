import NixieBoardModel
import NixieBoards
import NixieControl
import NixieCore
import NixieSystem

/// Changes the clock's settings for the control socket's `set` requests, as their one owner:
/// a change is checked the way a configuration file is — the overrides it makes are written as
/// YAML and read back with the configuration's parser, then planned for the board (a face it
/// cannot show, a zone that does not exist) — and only then saved, atomically, and handed to
/// the daemon loop. A refused change leaves everything as it was.
public final class ClockSettingsEditor: Sendable {
  public let settings: ClockSettings
  public let board: BoardProfile
  private let inbox: ClockInbox
  private let current: Locked<ClockOverrides>

  /// An editor whose overrides are `overrides` (as read at start).
  public init(settings: ClockSettings, board: BoardProfile, overrides: ClockOverrides, inbox: ClockInbox) {
    self.settings = settings
    self.board = board
    self.inbox = inbox
    current = Locked(overrides)
  }

  /// The overrides in force.
  public var overrides: ClockOverrides { current.withLock { $0 } }

  /// Reads the overrides file again (a reload) and returns what it holds.
  public func reload() throws(NixieError) -> ClockOverrides {
    let overrides = try settings.loadOverrides()
    current.withLock { $0 = overrides }
    return overrides
  }

  /// Why `board`'s backlight cannot be set, or nil when nixie drives it.
  static func backlightRefusal(_ board: BoardProfile) -> String? {
    switch board.backlight {
    case .pwmRGB?, .module?: nil
    case .addressable(let chain)?: "\(board.name)'s backlight is not driven: \(chain.reason)"
    case nil: "\(board.name) has no backlight"
    }
  }

  /// The file name the overrides' read-back check reports under (its messages go back
  /// without their place).
  private static let label = "<set>"

  /// Checks `change`, saves it and hands it to the clock; or says why not, changing nothing.
  public func apply(_ change: ClockSettingsChange) -> Result<ClockConfiguration, ControlRequestError> {
    let pinned = settings.pinnedKeys
    if let key = change.touchedKeys.first(where: { pinned[$0] != nil }), let option = pinned[key] {
      return .failure(
        ControlRequestError(
          "\(key) is set by \(option) on the clock's command line, which wins over changes from here;"
            + " restart the clock without it to change \(key) here"))
    }
    if change.backlight != .keep, let refusal = Self.backlightRefusal(board) {
      return .failure(ControlRequestError(refusal))
    }
    return current.withLock { overrides -> Result<ClockConfiguration, ControlRequestError> in
      let next = overrides.applying(change)
      let text = next.yaml
      do throws(BoardFileError) {
        let readBack = try ClockOverrides.parse(bytes: Array(text.utf8), file: Self.label)
        guard readBack == next else {
          return .failure(ControlRequestError("internal error: the overrides do not read back as written"))
        }
      } catch {
        return .failure(ControlRequestError(error.message))
      }
      let configuration: ClockConfiguration
      do throws(NixieError) {
        configuration = try settings.load(overrides: next, change: true)
        _ = try configuration.planner(for: board)
      } catch {
        return .failure(ControlRequestError(error.message))
      }
      if let file = settings.overridesFile {
        do throws(SystemCallError) {
          try AtomicFile.write(Array(text.utf8), to: file)
        } catch {
          return .failure(ControlRequestError("cannot save the settings: \(error)"))
        }
      }
      overrides = next
      inbox.post(.reconfigure(configuration))
      return .success(configuration)
    }
  }
}
