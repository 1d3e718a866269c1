/// The version of nixie, as `nixie --version` prints it and the Debian package carries it.
///
/// This is its one home: `debian/changelog`'s top entry must name the same version (a test in
/// NixieCLITests holds the two together), and `Scripts/package` takes the package version from
/// that changelog.
public enum NixieVersion {
  public static let current = "0.3.0"
}
