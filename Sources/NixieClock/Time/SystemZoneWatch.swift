import NixieSystem
import NixieTime

/// Notices that the system's time zone changed while the clock runs: `/etc/localtime`
/// pointed elsewhere or replaced (what `timedatectl set-timezone` and `raspi-config` do).
/// Asked at each of the daemon's wake-ups (two system calls, no wake-up of its own), so a face
/// with seconds follows within a second and one without at its next change.
final class SystemZoneWatch {
  private let path: String
  private var seen: (target: String?, identity: [Int]?)

  init(path: String = ZoneDatabase.defaultLocaltimePath) {
    self.path = path
    seen = (FileSystem.linkTarget(path), FileSystem.identity(path))
  }

  /// Whether the zone file changed since the last time this was asked (or since made).
  func changed() -> Bool {
    let now = (target: FileSystem.linkTarget(path), identity: FileSystem.identity(path))
    guard now.target != seen.target || now.identity != seen.identity else { return false }
    seen = now
    return true
  }
}
