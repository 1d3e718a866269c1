import Glibc

/// What `stat` says about a path that `nixie doctor` needs: whether it is a character device,
/// its group and its permission bits.
public struct FileStatus: Hashable, Sendable {
  public var isCharacterDevice: Bool
  /// The owning group's id (`Accounts.groupName` names it).
  public var groupID: UInt32
  /// The permission bits, e.g. 0o660.
  public var permissions: UInt32

  public init(isCharacterDevice: Bool, groupID: UInt32, permissions: UInt32) {
    self.isCharacterDevice = isCharacterDevice
    self.groupID = groupID
    self.permissions = permissions
  }

  /// The status of `path` (following symbolic links), or nil when there is nothing there or
  /// it cannot be read. The corresponding C function is `stat`.
  public init?(_ path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.init(
      isCharacterDevice: info.st_mode & S_IFMT == S_IFCHR, groupID: info.st_gid,
      permissions: UInt32(info.st_mode & 0o777))
  }
}
