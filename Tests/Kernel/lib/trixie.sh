# The arm64 VMs' build machine (sourced by prepare, rootfs and vm; lib/common.sh first): a
# Debian trixie amd64 chroot in the cache, $KT_TRIXIE, holding what Debian 12 lacks or has too
# old for an arm64 kernel of trixie's:
#   - gcc-aarch64-linux-gnu (gcc 14, the compiler trixie's arm64 kernel was built with), make and
#     dwarves (pahole: the modules' BTF, as the kernel's have), for the modules built out of
#     tree (prepare); libc6-dev-arm64-cross for the static arm64 tools;
#   - qemu-system-arm 10.0: Debian 12's 7.2 predates the BCM2835 SPI controller of -M raspi3b;
#   - device-tree-compiler, for the emulated Pi 3's device tree (spi0 on, spidev on it);
#   - apt with arm64 as a foreign architecture: `apt-get download` of trixie's arm64 kernel,
#     headers and busybox.
# It is made with debootstrap (root and the network, once) and kept up to date by digests of
# its recipe (stamp files beside it), like Scripts/package's chroot, which it does not share:
# the two caches are independent.

# shellcheck source=../../../Scripts/lib/chroot.sh
source "$KT_REPO/Scripts/lib/chroot.sh"
KT_TRIXIE=$KT_CACHE/trixie-amd64
KT_TRIXIE_MIRROR=${NIXIE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
KT_TRIXIE_PACKAGES=(gcc-aarch64-linux-gnu make dwarves libc6-dev-arm64-cross qemu-system-arm device-tree-compiler xz-utils ca-certificates)

# kt_trixie COMMAND...: runs COMMAND in the chroot (Scripts/lib/chroot.sh: namespaces and a
# /dev of its own, nothing of the host's writable), with the cache ($KT_CACHE) writable and the
# harness read-only at their own paths (so paths mean the same inside and out), as root with a
# clean environment.
kt_trixie() {
  chroot_exec "$KT_TRIXIE" --bind "$KT_CACHE" "$KT_CACHE" --bind-ro "$KT_HARNESS" "$KT_HARNESS" -- "$@"
}

# KT_QEMU_ARM: the chroot's qemu-system-aarch64 as a command (an array, so `timeout` can run
# it), run on the host through the chroot's own dynamic loader and libraries (no chroot, so no
# root, and every path the host's), its modules (the TCG accelerator is one: QEMU_MODULE_DIR)
# and firmware (-L) from the chroot too. kt_qemu_arm ARGUMENTS... runs it.
export QEMU_MODULE_DIR=$KT_TRIXIE/usr/lib/x86_64-linux-gnu/qemu
KT_QEMU_ARM=("$KT_TRIXIE/usr/lib64/ld-linux-x86-64.so.2" --library-path "$KT_TRIXIE/usr/lib/x86_64-linux-gnu"
  "$KT_TRIXIE/usr/bin/qemu-system-aarch64" -L "$KT_TRIXIE/usr/share/qemu")
kt_qemu_arm() { "${KT_QEMU_ARM[@]}" "$@"; }

_kt_trixie_base() {
  local part=$KT_TRIXIE.part
  rm -rf "$part" "$KT_TRIXIE" "$KT_TRIXIE".stamp-* && mkdir -p "$part"
  kt_say "building the trixie build chroot for the arm64 VMs (debootstrap; a few minutes, once)"
  chroot_debootstrap amd64 trixie "$part" "$KT_TRIXIE_MIRROR" --variant=minbase >"$KT_TRIXIE.log" 2>&1 ||
    { tail -n 20 "$KT_TRIXIE.log" >&2; kt_die "debootstrap trixie failed (log: $KT_TRIXIE.log)"; }
  echo "deb $KT_TRIXIE_MIRROR trixie main" >"$part/etc/apt/sources.list"
  # apt downloads into root-owned folders of the cache: no switch to the _apt user.
  echo 'APT::Sandbox::User "root";' >"$part/etc/apt/apt.conf.d/90nixie-sandbox"
  chroot "$part" dpkg --add-architecture arm64
  mv "$part" "$KT_TRIXIE"
}

_kt_trixie_packages() {
  kt_trixie apt-get update -qq
  kt_trixie env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    "${KT_TRIXIE_PACKAGES[@]}" >"$KT_TRIXIE.log" 2>&1 ||
    { tail -n 30 "$KT_TRIXIE.log" >&2; kt_die "apt-get install in the trixie chroot failed (log: $KT_TRIXIE.log)"; }
  kt_trixie apt-get clean
}

# kt_trixie_prepare: the chroot made, or brought up to date (each part only when its recipe
# changed), and apt's lists refreshed when a day old (the arm64 kernel's ABI is resolved there).
kt_trixie_prepare() {
  local key stamp
  [[ $(id -u) -eq 0 ]] || kt_die "the arm64 VMs' build chroot needs root once (debootstrap, chroot): run as root"
  command -v debootstrap >/dev/null || kt_die "debootstrap not found: install it (Scripts/setup --test)"
  key=$(printf '%s\n' "$KT_TRIXIE_MIRROR" "$(declare -f _kt_trixie_base)" | sha256sum | cut -c1-16)
  stamp=$KT_TRIXIE.stamp-base
  if [[ ! -f $stamp || $(cat "$stamp") != "$key" ]]; then
    timed trixie-chroot _kt_trixie_base
    echo "$key" >"$stamp"
  fi
  key=$(printf '%s\n' "${KT_TRIXIE_PACKAGES[@]}" "$(declare -f _kt_trixie_packages)" | sha256sum | cut -c1-16)
  stamp=$KT_TRIXIE.stamp-packages
  if [[ ! -f $stamp || $(cat "$stamp") != "$key" ]]; then
    timed trixie-packages _kt_trixie_packages
    echo "$key" >"$stamp"
  elif [[ -n $(find "$stamp" -mmin +1440) ]]; then
    kt_trixie apt-get update -qq && touch "$stamp"
  fi
}
