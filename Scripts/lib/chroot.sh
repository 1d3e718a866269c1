# Making a Debian tree and running commands in it without changing the host (sourced, not
# run): the packaging chroot (Tests/Packaging/lib.sh), the kernel tests' trixie build chroot
# (Tests/Kernel/lib/trixie.sh) and the systemd VMs' images (Tests/Kernel/rootfs). Maintainer
# scripts run as root in there, so nothing of the host's is writable through it: the chroot gets
#   - a /dev of its own: a tmpfs with null, zero, full, random, urandom and tty made afresh (as
#     debootstrap and systemd-nspawn make them), a devpts instance of its own for ptmx and
#     pts, and a tmpfs at /dev/shm. The host's /dev is never bound in: once it was, and during
#     a CI run the host's /dev/null became a regular file (issue 38);
#   - /proc of its own PID namespace, with /proc/sys read-only (no sysctl reaches the host),
#     and sysfs read-only;
#   - mount and PID namespaces of its own: no mount outlives the command, and every process it
#     started (a daemon a postinst started) is killed when it ends.
# Scripts/test checks after each step that the host's /dev/null is still the device.

CHROOT_LIB=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# chroot_exec ROOT [OPTION...] -- COMMAND...: runs COMMAND in ROOT as root, with a clean
# environment (HOME, PATH, LANG, TERM). Options:
#   --bind SRC DEST     the host's SRC at DEST (a path inside the chroot), writable
#   --bind-ro SRC DEST  … read-only
#   --overlay LAYER     ROOT as the lower layer of an overlay whose changes go to LAYER/upper
#                       (the caller throws LAYER away); ROOT itself is not written
#   --foreign ARCH      ROOT's programs are ARCH's (arm64): they run under qemu-ARCH-static,
#                       registered in a user namespace of the chroot's own (Scripts/lib/
#                       userns.py), never in the host's binfmt_misc
chroot_exec() {
  unshare --mount --pid --fork --kill-child --propagation private -- \
    bash -c 'source "$1/chroot.sh" && shift && _chroot_inside "$@"' chroot_exec "$CHROOT_LIB" "$@"
}

# In the new namespaces, as the host's root: the mounts, then the chroot.
_chroot_inside() {
  set -e
  local root=$1 binds=() overlay="" foreign=""
  shift
  while (($#)); do
    case $1 in
      --bind | --bind-ro) binds+=("$1" "$2" "$3"); shift 3 ;;
      --overlay) overlay=$2; shift 2 ;;
      --foreign) foreign=$2; shift 2 ;;
      --) shift; break ;;
      *) echo "chroot_exec: unknown option $1" >&2; return 2 ;;
    esac
  done
  # /proc of this PID namespace, outside the chroot too (userns.py finds its child there).
  mount -t proc proc /proc
  if [[ -n $overlay ]]; then
    mkdir -p "$overlay"/{upper,work,root}
    mount -t overlay overlay -o "lowerdir=$root,upperdir=$overlay/upper,workdir=$overlay/work" "$overlay/root"
    root=$overlay/root
  fi
  # debootstrap in a container leaves /proc a link to the host's.
  if [[ -L $root/proc ]]; then rm "$root/proc"; fi
  mkdir -p "$root/proc" "$root/sys" "$root/dev"
  mount -t proc -o nosuid,nodev,noexec proc "$root/proc"
  mount --bind "$root/proc/sys" "$root/proc/sys"
  mount -o remount,bind,ro "$root/proc/sys"
  mount -t sysfs -o ro,nosuid,nodev,noexec sysfs "$root/sys"
  _chroot_dev "$root/dev"
  while ((${#binds[@]})); do
    mkdir -p "$root${binds[2]}"
    mount --bind "${binds[1]}" "$root${binds[2]}"
    [[ ${binds[0]} != --bind-ro ]] || mount -o remount,bind,ro "$root${binds[2]}"
    binds=("${binds[@]:3}")
  done
  local enter=(chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8
    TERM="${TERM:-dumb}" "$@")
  if [[ -z $foreign ]]; then
    exec "${enter[@]}"
  fi
  # The user namespace's root may mount binfmt_misc (an instance of its own) and register the
  # emulator there; F: the emulator is opened now, from the host, so the chroot need not hold it.
  local qemu magic mask
  case $foreign in
    arm64)
      qemu=/usr/bin/qemu-aarch64-static
      magic='\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00'
      mask='\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff'
      ;;
    *) echo "chroot_exec: --foreign $foreign: only arm64" >&2; return 2 ;;
  esac
  [[ -x $qemu ]] || { echo "chroot_exec: $qemu not found: install qemu-user-static (Scripts/setup --test)" >&2; return 1; }
  exec python3 "$CHROOT_LIB/userns.py" bash -c '
    set -e
    mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc ||
      { echo "chroot_exec: no binfmt_misc of its own in a user namespace (Linux 6.7 or later needed)" >&2; exit 1; }
    echo ":kt-$1:M::$2:$3:$4:F" >/proc/sys/fs/binfmt_misc/register
    shift 4
    exec "$@"' foreign "$foreign" "$magic" "$mask" "$qemu" "${enter[@]}"
}

# _chroot_dev DIR: a /dev of its own at DIR.
_chroot_dev() {
  local dev=$1 node
  mount -t tmpfs -o mode=0755,nosuid,size=64k tmpfs "$dev"
  for node in "null 1 3" "zero 1 5" "full 1 7" "random 1 8" "urandom 1 9" "tty 5 0"; do
    set -- $node
    mknod -m 0666 "$dev/$1" c "$2" "$3"
  done
  mkdir "$dev/pts" "$dev/shm"
  mount -t devpts -o newinstance,ptmxmode=0666,mode=0620,gid=5,nosuid,noexec devpts "$dev/pts"
  ln -s pts/ptmx "$dev/ptmx"
  mount -t tmpfs -o mode=1777,nosuid,nodev tmpfs "$dev/shm"
  ln -s /proc/self/fd "$dev/fd"
  ln -s /proc/self/fd/0 "$dev/stdin"
  ln -s /proc/self/fd/1 "$dev/stdout"
  ln -s /proc/self/fd/2 "$dev/stderr"
}

# chroot_debootstrap ARCH SUITE TARGET MIRROR [OPTION...]: debootstrap (OPTIONs are its own) in
# two stages: the first, which downloads and unpacks, on the host; the second, which runs the
# packages' maintainer scripts as root, by chroot_exec, so that they see nothing of the host's
# to change. An ARCH other than the host's runs under qemu-user (--foreign). In the user
# namespace of a foreign chroot root may not make device nodes, which debootstrap tries once to
# see that the target is not mounted nodev: container=lxc is how debootstrap is told to skip
# that test (no package's script reads it; procps's looks at PID 1's environment). dpkg's fsync
# after each file costs minutes under emulation and for nothing here: a tree is kept only once
# made whole. Prints debootstrap's log's end when the second stage fails.
chroot_debootstrap() {
  local arch=$1 suite=$2 target=$3 mirror=$4 foreign=() start=$SECONDS first
  shift 4
  [[ $arch == "$(dpkg --print-architecture)" ]] || foreign=(--foreign "$arch")
  debootstrap --foreign --arch="$arch" "$@" "$suite" "$target" "$mirror" || return
  first=$((SECONDS - start))
  # The second stage reads the archive's package list several times with perl (56 MB for
  # trixie's arm64: more than ten minutes emulated, most of that stage). It looks up only the
  # packages the first stage fetched (debootstrap/debpaths): it gets a list of their entries,
  # and the whole one is put back after it (apt trusts a list its Release file still names:
  # left cut, `apt-get update` would keep it and find no other package of the architecture).
  local list
  for list in "$target"/var/lib/apt/lists/*_Packages; do
    [[ -f $list ]] || continue
    mv "$list" "$list.whole" &&
      awk -v fetched="$target/debootstrap/debpaths" 'BEGIN {
          while ((getline line < fetched) > 0) { split(line, field, " "); keep[field[1]] = 1 }
          RS = ""; ORS = "\n\n" }
        $1 == "Package:" && ($2 in keep)' "$list.whole" >"$list" || return
  done
  chroot_exec "$target" "${foreign[@]}" -- /bin/sh -c '
    mkdir -p /etc/dpkg/dpkg.cfg.d
    echo force-unsafe-io >/etc/dpkg/dpkg.cfg.d/chroot-unsafe-io
    if ! container=lxc /debootstrap/debootstrap --second-stage; then
      tail -n 30 /debootstrap/debootstrap.log
      exit 1
    fi
    rm /etc/dpkg/dpkg.cfg.d/chroot-unsafe-io' || return
  for list in "$target"/var/lib/apt/lists/*_Packages.whole; do
    [[ -f $list ]] || continue
    mv "$list" "${list%.whole}" || return
  done
  echo "chroot_debootstrap: $suite $arch: first stage ${first} s, second stage $((SECONDS - start - first)) s"
}
