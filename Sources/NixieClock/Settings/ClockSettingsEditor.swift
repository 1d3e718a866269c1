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
///
/// It holds what the settings are made of — the base (nixie.yaml as last loaded) and the
/// overrides — under one lock that a change and a reload (SIGHUP) both take, so they happen
/// one after the other: a change answered "saved" is on disk and in memory whatever signals
/// come, and a reload reads the files only between changes. A change builds on the base last
/// loaded, never on nixie.yaml as it is on disk now: an edit of nixie.yaml (or half of one)
/// takes effect at the next reload, not at the next change. An overrides file deleted while
/// the clock runs is respected: the next change starts from no overrides (and a reload
/// finds none).
public final class ClockSettingsEditor: Sendable {
  /// What the settings are made of.
  struct Parts {
    /// nixie.yaml's configuration as last loaded (or the defaults), without overrides or options.
    var base: ClockConfiguration
    var overrides: ClockOverrides
  }

  public let settings: ClockSettings
  public let board: BoardProfile
  private let inbox: ClockInbox
  private let current: Locked<Parts>

  /// An editor on `base` (nixie.yaml's configuration as loaded at start, `settings.loadBase()`)
  /// and `overrides` (the overrides file's, as read at start).
  public init(
    settings: ClockSettings, board: BoardProfile, base: ClockConfiguration, overrides: ClockOverrides,
    inbox: ClockInbox
  ) {
    self.settings = settings
    self.board = board
    self.inbox = inbox
    current = Locked(Parts(base: base, overrides: overrides))
  }

  /// The overrides in force.
  public var overrides: ClockOverrides { current.withLock { $0.overrides } }

  /// The configuration in force: the base, the overrides, then the command line's options.
  public var configuration: ClockConfiguration {
    current.withLock { settings.compose($0.base, overrides: $0.overrides) }
  }

  /// A reload: reads nixie.yaml and the overrides file again and plans the result for the
  /// board, between changes (under their lock); adopted only when all of that works, else
  /// nothing changes and the error says why.
  public func reload() throws(NixieError) -> (configuration: ClockConfiguration, planner: ClockPlanner) {
    try current.withLock { parts throws(NixieError) in
      let base = try settings.loadBase()
      let overrides = try settings.loadOverrides()
      let configuration = settings.compose(base, overrides: overrides)
      let planner = try configuration.planner(for: board)
      parts = Parts(base: base, overrides: overrides)
      return (configuration, planner)
    }
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
    return current.withLock { parts -> Result<ClockConfiguration, ControlRequestError> in
      var start = parts.overrides
      // Deleted by hand while the clock runs: the change starts from no overrides.
      if let file = settings.overridesFile, !start.setKeys.isEmpty, !FileSystem.exists(file) {
        start = ClockOverrides()
      }
      let next = start.applying(change)
      let text = next.yaml
      do throws(BoardFileError) {
        let readBack = try ClockOverrides.parse(bytes: Array(text.utf8), file: Self.label)
        guard readBack == next else {
          return .failure(ControlRequestError("internal error: the overrides do not read back as written"))
        }
      } catch {
        return .failure(ControlRequestError(error.message))
      }
      let configuration = settings.compose(parts.base, overrides: next, change: true)
      do throws(NixieError) {
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
      parts.overrides = next
      inbox.post(.reconfigure(configuration))
      return .success(configuration)
    }
  }
}
