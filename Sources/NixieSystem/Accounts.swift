import Glibc

/// Who this process runs as: its user, its groups now and the groups its account gets at the
/// next login (`nixie doctor` compares them). Names, or the number when an id has none.
public enum Accounts {
  /// The effective user's name, else `uid N`. The corresponding C functions are `geteuid`
  /// and `getpwuid`.
  public static var userName: String {
    guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else {
      return "uid \(geteuid())"
    }
    return String(cString: name)
  }

  /// Whether the process runs as root (effective uid 0).
  public static var isRoot: Bool { geteuid() == 0 }

  /// The names of this process's groups, supplementary and effective: what the current login
  /// has. The corresponding C functions are `getgroups` and `getegid`.
  public static var processGroups: Set<String> {
    let count = getgroups(0, nil)
    var ids = [gid_t](repeating: 0, count: Int(max(count, 0)))
    let filled = getgroups(count, &ids)
    return Set((ids.prefix(Int(max(filled, 0))) + [getegid()]).map(groupName))
  }

  /// The names of the groups the effective user's account is in: what the next login gets.
  /// The corresponding C function is `getgrouplist`.
  public static var accountGroups: Set<String> {
    guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return [] }
    var count: Int32 = 64
    var ids = [gid_t](repeating: 0, count: Int(count))
    if getgrouplist(name, entry.pointee.pw_gid, &ids, &count) == -1 {
      ids = [gid_t](repeating: 0, count: Int(max(count, 0)))
      _ = getgrouplist(name, entry.pointee.pw_gid, &ids, &count)
    }
    return Set(ids.prefix(Int(max(count, 0))).map(groupName))
  }

  /// The group's name, else its number. The corresponding C function is `getgrgid`.
  public static func groupName(_ id: UInt32) -> String {
    guard let entry = getgrgid(id), let name = entry.pointee.gr_name else { return String(id) }
    return String(cString: name)
  }
}
