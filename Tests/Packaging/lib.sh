# Shared by Scripts/package and Tests/Packaging/check (sourced, not run): the cached trixie
# chroot, running commands in it, and building the packages there.
#
# Cache: $NIXIE_PACKAGE_CACHE, default ${XDG_CACHE_HOME:-~/.cache}/nixie-package, shared by
# every clone on the machine (a lock keeps two runs apart):
#   trixie-amd64/           the chroot (debootstrap + CHROOT_PACKAGES + the arm64 Swift runtime
#                           in /opt/swift-arm64); .stamp-* files beside it hold what made it
#   trixie-amd64/build/     inside it: the source copy (/build/nixie) and SwiftPM's scratch
#                           folders (/build/scratch), so later builds are incremental; for
#                           Scripts/package --build-tests, /build/nixie-tests and
#                           /build/scratch-tests
#   bookworm-arm64/         (Scripts/package --bookworm) bookworm's arm64 libraries

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$REPO/Scripts/lib/chroot.sh"
CACHE=${NIXIE_PACKAGE_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/nixie-package}
MIRROR=${NIXIE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
SUITE=trixie
ROOT=$CACHE/$SUITE-amd64

# What the chroot holds beyond debootstrap's minbase: the Swift toolchain and what the build,
# debhelper and the checks use (amd64), and what the arm64 cross build links against (:arm64
# multiarch packages, so that dpkg-shlibdeps finds their owners the usual way). libmosquitto-dev
# is for its header alone (nixie mqtt loads the library at run time), which serves arm64 too:
# debian/control asks for it as `libmosquitto-dev:native`.
# Adding a package here installs it into the cached chroot on the next run.
CHROOT_PACKAGES=(
  swiftlang libc6-dev pkgconf git rsync libgpiod-dev libi2c-dev libcrypt-dev libyaml-dev zlib1g-dev
  libmosquitto-dev
  build-essential debhelper dpkg-dev fakeroot lintian file binutils-aarch64-linux-gnu
  libc6-dev:arm64 libgpiod-dev:arm64 libi2c-dev:arm64 libcrypt-dev:arm64 libyaml-dev:arm64
  zlib1g-dev:arm64 libstdc++-14-dev:arm64 libgcc-14-dev:arm64
  systemd-standalone-sysusers tzdata
)

say() { echo "package: $*" >&2; }
die() { echo "package: $*" >&2; exit 1; }
now() { date +%s.%3N; }
since() { awk -v start="$1" -v now="$(now)" 'BEGIN { printf "%.1f", now - start }'; }
# A short digest of standard input.
digest() { sha256sum | cut -c1-16; }

# Not root: exit 77 (SKIP, as the kernel tests' checks that need root) with the command to run.
if [[ $(id -u) -ne 0 ]]; then
  echo "package: run as root: sudo ${0#"$REPO"/} $* (debootstrap, chroot and mount need it)" >&2
  exit 77
fi
for tool in debootstrap unshare flock; do
  command -v "$tool" >/dev/null || die "$tool not found: run Scripts/setup --test"
done

# Runs "$@" holding the cache lock, so two clones packaging at once do not collide.
locked() {
  mkdir -p "$CACHE"
  (
    flock 9
    "$@"
  ) 9>"$CACHE/.lock"
}

# Runs a command in the chroot ($ROOT, or CHROOT_DIR when set), with the repository read-only
# at /src; Scripts/lib/chroot.sh: namespaces of its own, a /dev of its own, nothing of the
# host's writable.
in_chroot() {
  chroot_exec "${CHROOT_DIR:-$ROOT}" --bind-ro "$REPO" /src -- "$@"
}

# A stamp beside the chroot: step NAME KEY FUNCTION runs FUNCTION unless NAME's stamp holds KEY.
step() {
  local name=$1 key=$2 stamp="$ROOT.stamp-$1" start
  shift 2
  if [[ -f $stamp && $(cat "$stamp") == "$key" ]]; then return; fi
  start=$(now)
  "$@"
  echo "$key" >"$stamp"
  say "$name: $(since "$start")s"
}

make_base() {
  local part=$ROOT.part
  rm -rf "$part" "$ROOT" "$ROOT".stamp-* && mkdir -p "$part"
  say "debootstrap $SUITE (amd64, minbase) into $ROOT"
  chroot_debootstrap amd64 "$SUITE" "$part" "$MIRROR" --variant=minbase >"$CACHE/debootstrap.log" 2>&1 ||
    { tail -n 20 "$CACHE/debootstrap.log" >&2; die "debootstrap failed (log: $CACHE/debootstrap.log)"; }
  echo "deb $MIRROR $SUITE main" >"$part/etc/apt/sources.list"
  # No _apt sandbox user switch inside the chroot (downloads into root-owned folders).
  echo 'APT::Sandbox::User "root";' >"$part/etc/apt/apt.conf.d/90nixie-sandbox"
  CHROOT_DIR=$part in_chroot dpkg --add-architecture arm64
  mv "$part" "$ROOT"
}

install_packages() {
  say "installing into the chroot: ${CHROOT_PACKAGES[*]}"
  in_chroot apt-get update -qq
  in_chroot env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    "${CHROOT_PACKAGES[@]}" >"$CACHE/apt.log" 2>&1 ||
    { tail -n 30 "$CACHE/apt.log" >&2; die "apt-get install in the chroot failed (log: $CACHE/apt.log)"; }
  in_chroot apt-get clean
}

# The arm64 Swift runtime: swiftlang:arm64 cannot be installed beside swiftlang (amd64), so
# only its static runtime and clang's resource folder are unpacked, to /opt/swift-arm64.
install_arm64_runtime() {
  say "unpacking the arm64 Swift runtime from swiftlang:arm64"
  in_chroot bash -c 'set -e
    cd /var/cache/apt/archives
    apt-get download -qq swiftlang:arm64
    rm -rf /opt/swift-arm64 && mkdir -p /opt/swift-arm64
    dpkg-deb --fsys-tarfile swiftlang_*_arm64.deb |
      tar -x -C /opt/swift-arm64 ./usr/libexec/swift/lib/swift_static ./usr/libexec/swift/lib/clang
    rm swiftlang_*_arm64.deb'
}

# The chroot, made or brought up to date; each part only when its recipe changed.
prepare() {
  local swift
  mkdir -p "$CACHE"
  step base "$(printf '%s\n' "$SUITE" "$MIRROR" "$(declare -f make_base)" | digest)" make_base
  step packages "$(printf '%s\n' "${CHROOT_PACKAGES[@]}" "$(declare -f install_packages)" | digest)" \
    install_packages
  swift=$(in_chroot dpkg-query -W -f '${Version}' swiftlang)
  step arm64-runtime "$(printf '%s\n' "$swift" "$(declare -f install_arm64_runtime)" | digest)" \
    install_arm64_runtime
}

# SwiftPM's clone of the dependency NAME in .build/repositories; nothing when there is none.
clone_of() { ls -d "$REPO/.build/repositories/$1"-* 2>/dev/null | head -n 1 || true; }

# Whether every dependency in Package.resolved has its SwiftPM clone in .build/repositories.
all_resolved() {
  local name
  [[ -f $REPO/Package.resolved ]] || return 1
  while read -r name _; do
    [[ -n $(clone_of "$name") ]] || return 1
  done < <(dependency_names)
}

# The dependencies in Package.resolved: a line each, NAME URL (NAME: the URL's last part).
dependency_names() {
  sed -n 's/.*"location" : "\(.*\)".*/\1/p' "$REPO/Package.resolved" |
    awk '{ n = $0; sub(/\.git$/, "", n); sub(/.*\//, "", n); print n, $0 }'
}

# Brings the repository's files (not its build folders or git) to DEST in the chroot (default
# /build/nixie); files whose content did not change keep their inode and time, so SwiftPM
# rebuilds only what changed, from one clone to the next too. The dependencies come from the
# repository's own SwiftPM clones (resolved on the host), named to SwiftPM in the copy as
# mirrors of their URLs: nothing is fetched from the network.
sync_source() {
  local dest=${1:-/build/nixie} mirrors="[" name location clone
  # Resolved on the host when a clone is missing: a resolve takes SwiftPM's lock on .build,
  # and waits for minutes while a build there holds it (Scripts/test resolves before its jobs).
  if ! all_resolved; then
    (cd "$REPO" && swift package resolve >/dev/null) || die "swift package resolve failed on the host"
  fi
  mkdir -p "$ROOT$dest" "$ROOT/build/deps"
  # Compared by content (--checksum), times not copied (-a without -t): a fresh clone's files
  # all have new times, and copied with them every build in the cached scratch folders started
  # from nothing in every run (docs/TESTING.md). What is copied: what git tracks and what it
  # would offer to add, as Scripts/test copies the tree (git's own ignore rules, not a list of
  # our own), and Package.resolved, which git ignores but the build here needs to pin the
  # dependencies to the versions the host resolved (the mirrors below).
  in_chroot rsync -rlpgoD --checksum --delete --exclude=/.git --include=/Package.resolved \
    --filter=':- .gitignore' /src/ "$dest/"
  while read -r name location; do
    clone=$(clone_of "$name")
    [[ -n $clone ]] || die "no SwiftPM clone of $location in .build/repositories: run swift package resolve"
    in_chroot rsync -rlpgoD --checksum --delete "/src/${clone#"$REPO"/}/" "/build/deps/$name/"
    mirrors+="{\"original\": \"$location\", \"mirror\": \"/build/deps/$name\"},"
  done < <(dependency_names)
  mkdir -p "$ROOT$dest/.swiftpm/configuration"
  echo "{\"version\": 1, \"object\": ${mirrors%,}]}" >"$ROOT$dest/.swiftpm/configuration/mirrors.json"
}

# The test targets, which no package build compiles, built with the chroot's Swift (trixie's
# 6.0.3: the oldest the code must build with) from a source copy and scratch folder of their own
# (TESTS_SOURCE, TESTS_SCRATCH), so the package build's stay as they were.
TESTS_SOURCE=/build/nixie-tests
TESTS_SCRATCH=/build/scratch-tests
build_tests() {
  local start log="$CACHE/build-tests.log"
  start=$(now)
  sync_source "$TESTS_SOURCE"
  say "building the test targets with $(in_chroot swift --version 2>/dev/null | head -n 1) (log: $log)"
  if ! in_chroot swift build --build-tests --package-path "$TESTS_SOURCE" --scratch-path "$TESTS_SCRATCH" \
    >"$log" 2>&1; then
    grep -E '^(/build/.*error:|`- /build/.*expanded code|macro expansion .*error:|error:|[0-9]+\.\s+While .*/build/)' "$log" |
      sort -u | head -n 40 >&2 || true
    tail -n 5 "$log" >&2
    die "building the test targets with the chroot's Swift failed (log: $log)"
  fi
  say "test targets built in $(since "$start")s"
}

# Builds the package for ARCH with dpkg-buildpackage in the chroot and copies it to OUT; any
# further arguments are NAME=VALUE settings for debian/rules (NIXIE_SYSROOT).
build_deb() {
  local arch=$1 out=$2 start host=() log="$CACHE/build-$1.log"
  shift 2
  start=$(now)
  [[ $arch == amd64 ]] || host=(--host-arch "$arch")
  say "building $arch $* (log: $log)"
  rm -f "$ROOT"/build/nixie_*"_$arch".{deb,buildinfo,changes}
  if ! in_chroot env NIXIE_SCRATCH=/build/scratch "$@" bash -c 'cd /build/nixie &&
      dpkg-buildpackage -b -us -uc "$@"' build "${host[@]}" >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    die "building the $arch package failed (log: $log)"
  fi
  # Under a temporary name, then renamed: a half-copied .deb is never seen (Scripts/test waits for it).
  local deb; for deb in "$ROOT"/build/nixie_*"_$arch.deb"; do cp "$deb" "$out/.${deb##*/}.part"; mv "$out/.${deb##*/}.part" "$out/${deb##*/}"; done
  say "$arch: $(since "$start")s"
}

# Runs COMMAND... with the source copy at version NEXT: a debian/changelog entry and
# Version.swift bumped (both homes of the version), then puts the repository's files back.
with_version() {
  local next=$1 current status=0
  shift
  current=$(sed -n 's/.*current = "\(.*\)".*/\1/p' "$REPO/Sources/NixieCLI/Version.swift")
  {
    printf 'nixie (%s) unstable; urgency=medium\n\n  * Built by Scripts/package from %s.\n\n' "$next" "$current"
    printf ' -- %s  %s\n\n' "$(sed -n 's/^Maintainer: //p' "$REPO/debian/control")" "$(date -R)"
    cat "$REPO/debian/changelog"
  } >"$ROOT/build/nixie/debian/changelog"
  sed "s/\"$current\"/\"$next\"/" "$REPO/Sources/NixieCLI/Version.swift" \
    >"$ROOT/build/nixie/Sources/NixieCLI/Version.swift"
  "$@" || status=$?
  cp -p "$REPO/debian/changelog" "$ROOT/build/nixie/debian/changelog"
  cp -p "$REPO/Sources/NixieCLI/Version.swift" "$ROOT/build/nixie/Sources/NixieCLI/Version.swift"
  return "$status"
}

# Raspberry Pi OS Bookworm (Debian 12): its arm64 libraries (glibc 2.36, libgpiod 1.6), unpacked
# into the chroot at /opt/bookworm-arm64 for Scripts/package --bookworm. apt downloads them with
# a configuration of its own (bookworm's archive, arm64 only), leaving the machine's apt alone.
BOOKWORM=$CACHE/bookworm-arm64
BOOKWORM_SYSROOT=/opt/bookworm-arm64
BOOKWORM_PACKAGES=(
  libc6 libc6-dev linux-libc-dev libgcc-s1 libgcc-12-dev libstdc++6 libstdc++-12-dev
  libgpiod2 libgpiod-dev libi2c0 libi2c-dev libcrypt1 libcrypt-dev libyaml-dev zlib1g zlib1g-dev
  libmosquitto-dev tzdata
)

fetch_bookworm() {
  local sysroot=$ROOT$BOOKWORM_SYSROOT deb link
  [[ -n $CACHE && -n $ROOT ]] || die "no cache folder"
  rm -rf "$BOOKWORM" && mkdir -p "$BOOKWORM"/{lists/partial,archives/partial,debs}
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $MIRROR bookworm main" \
    >"$BOOKWORM/sources.list"
  printf '%s\n' "Dir::Etc::SourceList \"$BOOKWORM/sources.list\";" 'Dir::Etc::SourceParts "/nonexistent";' \
    'Dir::Etc::PreferencesParts "/nonexistent";' "Dir::State::Lists \"$BOOKWORM/lists\";" \
    'Dir::State::status "/dev/null";' "Dir::Cache \"$BOOKWORM\";" \
    "Dir::Cache::archives \"$BOOKWORM/archives\";" 'APT::Architecture "arm64";' \
    'APT::Architectures { "arm64"; };' 'APT::Sandbox::User "root";' >"$BOOKWORM/apt.conf"
  say "downloading bookworm's arm64 libraries"
  APT_CONFIG=$BOOKWORM/apt.conf apt-get update -qq
  (cd "$BOOKWORM/debs" && APT_CONFIG=$BOOKWORM/apt.conf apt-get download -qq "${BOOKWORM_PACKAGES[@]}")
  rm -rf "$sysroot" && mkdir -p "$sysroot"
  for deb in "$BOOKWORM"/debs/*.deb; do dpkg-deb -x "$deb" "$sysroot"; done
  # Absolute links (libm.so -> /lib/…) would lead out of it, to the chroot's trixie libraries.
  while read -r link; do
    ln -sfn "$(realpath -m --relative-to="$(dirname "$link")" "$sysroot$(readlink "$link")")" "$link"
  done < <(find "$sysroot" -type l -lname '/*')
  # What dpkg-shlibdeps may look at: the one library trixie has no package of (its dependency is
  # in debian/bookworm/shlibs); for the rest it reads trixie's :arm64 packages, whose symbols
  # files give the versions bookworm's libraries have too.
  mkdir -p "$sysroot/shlibdeps"
  ln -sfn ../usr/lib/aarch64-linux-gnu/libgpiod.so.2 "$sysroot/shlibdeps/libgpiod.so.2"
}

prepare_bookworm() {
  step bookworm "$(printf '%s\n' "${BOOKWORM_PACKAGES[@]}" "$(declare -f fetch_bookworm)" | digest)" \
    fetch_bookworm
}

# in_overlay LAYER COMMAND...: runs COMMAND in an overlay of the chroot whose changes go to LAYER
# (the caller throws it away).
in_overlay() {
  local layer=$1
  shift
  chroot_exec "$ROOT" --overlay "$layer" -- "$@"
}
