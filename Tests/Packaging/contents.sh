# What a built package must hold and must not depend on (issue 13's "Contents, the Debian
# way"), read with dpkg-deb alone: no chroot, no root. Sourced by Tests/Packaging/check; to try
# it on a package by hand:
#
#   source Tests/Packaging/contents.sh
#   package_contents_problems .build/packages/nixie_0.3.0_amd64.deb   # prints what is wrong
#   package_depends_problems .build/packages/nixie_0.3.0_arm64.deb
#
# Each function prints one line per problem and returns 1 if there is any, 0 (silent) if not.

PACKAGE_REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# Every file the package must ship: the binary, the three units where packages keep them, the udev
# rules, the groups (sysusers.d), the configuration, the man pages (one per command, as
# swift-argument-parser generates them), the completions for bash, zsh and fish, and the
# Debian copyright and changelog. The board profiles are added from Hardware/boards.
PACKAGE_FILES=(
  ./usr/bin/nixie
  ./usr/lib/systemd/system/nixie-clock.service
  ./usr/lib/systemd/system/nixie-web.service
  ./usr/lib/systemd/system/nixie-mqtt.service
  ./usr/lib/udev/rules.d/60-nixie.rules
  ./usr/lib/sysusers.d/nixie.conf
  ./etc/nixie/nixie.yaml
  ./etc/nixie/mqtt.yaml
  ./usr/share/nixie/mqtt.yaml.example
  ./usr/share/man/man1/nixie.1.gz
  ./usr/share/man/man1/nixie-clock.1.gz
  ./usr/share/man/man1/nixie-show.1.gz
  ./usr/share/man/man1/nixie-select.1.gz
  ./usr/share/man/man1/nixie-send.1.gz
  ./usr/share/man/man1/nixie-doctor.1.gz
  ./usr/share/man/man1/nixie-boards.1.gz
  ./usr/share/man/man1/nixie-web.1.gz
  ./usr/share/man/man1/nixie-mqtt.1.gz
  ./usr/share/man/man1/nixie-test-pattern.1.gz
  ./usr/share/man/man1/nixie-blank.1.gz
  ./usr/share/man/man1/nixie-bench.1.gz
  ./usr/share/man/man1/nixie-wear.1.gz
  ./usr/share/bash-completion/completions/nixie
  ./usr/share/zsh/vendor-completions/_nixie
  ./usr/share/fish/vendor_completions.d/nixie.fish
  ./usr/share/doc/nixie/copyright
  ./usr/share/doc/nixie/changelog.gz
)

# The package's conffiles: the configurations, kept on upgrade and removed on purge.
PACKAGE_CONFFILES=(/etc/nixie/nixie.yaml /etc/nixie/mqtt.yaml)

# package_contents_problems DEB: a file missing (or empty, or the binary not executable), a
# built-in board profile missing, or a conffile not marked as one.
package_contents_problems() {
  local deb=$1 listing conffiles file board problems=0
  listing=$(dpkg-deb -c "$deb") || { echo "$deb: dpkg-deb -c failed"; return 1; }
  conffiles=$(dpkg-deb -I "$deb" conffiles 2>/dev/null || true)
  local files=("${PACKAGE_FILES[@]}")
  for board in "$PACKAGE_REPO"/Hardware/boards/*.yaml; do
    files+=("./usr/share/nixie/boards/$(basename "$board")")
  done
  for file in "${files[@]}"; do
    # dpkg-deb -c: mode owner/group size date time path
    if ! awk -v file="$file" '$6 == file && $1 ~ /^-/ && $3 > 0 { found = 1 } END { exit !found }' \
      <<<"$listing"; then
      echo "$deb: no $file (or it is empty)"
      problems=1
    fi
  done
  if ! awk '$6 == "./usr/bin/nixie" && $1 ~ /^-rwxr-xr-x/ { found = 1 } END { exit !found }' \
    <<<"$listing"; then
    echo "$deb: /usr/bin/nixie is not mode 0755"
    problems=1
  fi
  for file in "${PACKAGE_CONFFILES[@]}"; do
    if ! grep -qxF "$file" <<<"$conffiles"; then
      echo "$deb: $file is no conffile (dpkg-deb -I conffiles: ${conffiles:-none})"
      problems=1
    fi
  done
  return "$problems"
}

# package_depends_problems DEB: the package depends (Depends or Pre-Depends) on anything
# Swift or on libyaml: the runtime and libyaml are linked statically, so a trixie system needs
# no swiftlang and no libyaml-0-2. And it recommends libmosquitto1, which nixie mqtt loads at
# run time (dlopen: dh_shlibdeps cannot see it).
package_depends_problems() {
  local deb=$1 field value library problems=0
  for field in Depends Pre-Depends; do
    value=$(dpkg-deb -f "$deb" "$field") || { echo "$deb: dpkg-deb -f failed"; return 1; }
    for library in Swift libyaml; do
      if grep -qi "$library" <<<"$value"; then
        echo "$deb: $field mentions $library: $value"
        problems=1
      fi
    done
  done
  value=$(dpkg-deb -f "$deb" Recommends) || { echo "$deb: dpkg-deb -f failed"; return 1; }
  if ! grep -qw libmosquitto1 <<<"$value"; then
    echo "$deb: Recommends does not name libmosquitto1: ${value:-none}"
    problems=1
  fi
  return "$problems"
}
