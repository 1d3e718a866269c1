# Shared by the host-side scripts of the kernel test harness (sourced, not run).
# Everything downloaded or built lives in the cache, outside the repository, so a fresh clone
# on the same machine reuses it: $NIXIE_KERNEL_CACHE, default ${XDG_CACHE_HOME:-~/.cache}/nixie-kernel.

KT_HARNESS=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KT_REPO=$(cd "$KT_HARNESS/../.." && pwd)
KT_CACHE=${NIXIE_KERNEL_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/nixie-kernel}

# kt_use_kernel KERNEL: the kernel the VMs boot, and what prepare and rootfs made for it in this
# clone (several clones share the cache). KERNEL is amd64 (Debian 12's, the default), arm64 or
# arm64-16k (trixie's arm64 kernel with 4 KiB or 16 KiB pages, a Pi 3/4's and a Pi 5's).
# Sets KT_KERNEL, KT_ARCH (amd64 or arm64), KT_PREPARED (prepare's .env file) and
# KT_PREPARED_SYSTEMD (rootfs's: the systemd VM's image and the nixie it installs).
kt_use_kernel() {
  local clone
  case $1 in
    amd64) KT_ARCH=amd64 ;;
    arm64 | arm64-16k) KT_ARCH=arm64 ;;
    *) kt_die "unknown kernel '$1': amd64, arm64 or arm64-16k" ;;
  esac
  KT_KERNEL=$1
  clone="$KT_CACHE/prepared/$(printf '%s' "$KT_REPO" | sha256sum | cut -c1-16)"
  KT_PREPARED=$clone.env
  [[ $KT_KERNEL == amd64 ]] || KT_PREPARED=$clone.$KT_KERNEL.env
  KT_PREPARED_SYSTEMD=${KT_PREPARED%.env}.systemd.env
}
# System Python on purpose: the VM runs it too, from the host root, where no pyenv shims work.
KT_PYTHON=${KT_PYTHON:-$(command -v /usr/bin/python3 || command -v python3)}

# The builds of nixie a check runs against, from its "# variants: gpiod1 gpiod2" line
# (default: gpiod1 alone). gpiod1 is the default build (libgpiod 1.6, .build/debug/nixie),
# gpiod2 the libgpiod 2.x build (a release build: .build-gpiod2/release/nixie).
kt_variants() {
  local line
  line=$(grep -m1 '^# variants:' "$1" 2>/dev/null || true)
  echo "${line#\# variants:}" | awk '{ if (NF) print; else print "gpiod1" }'
}

# The name of a check's run against VARIANT: NAME for gpiod1, NAME.VARIANT otherwise.
kt_variant_name() {
  if [[ $2 == gpiod1 ]]; then echo "$1"; else echo "$1.$2"; fi
}

# Points KT_NIXIE, KT_NIXIE_RELEASE and KT_GPIOD at the builds a check variant runs against
# (exported).
kt_use_variant() {
  case $1 in
    gpiod2) export KT_GPIOD=2 KT_NIXIE=${KT_NIXIE_GPIOD2:-} KT_NIXIE_RELEASE=${KT_NIXIE_RELEASE_GPIOD2:-} ;;
    *) export KT_GPIOD=1 KT_NIXIE=${KT_NIXIE_GPIOD1:-} KT_NIXIE_RELEASE=${KT_NIXIE_RELEASE_GPIOD1:-} ;;
  esac
}

# How QEMU runs the VMs: kvm when KVM is usable (kt_kvm_usable), else tcg (emulation).
# NIXIE_VM_ACCEL=tcg forces emulation (the fallback, e.g. to time it), =kvm insists on KVM.
kt_accel() {
  case ${NIXIE_VM_ACCEL:-auto} in
    tcg | kvm) echo "$NIXIE_VM_ACCEL" ;;
    auto) if kt_kvm_usable; then echo kvm; else echo tcg; fi ;;
    *) kt_die "NIXIE_VM_ACCEL must be auto, kvm or tcg, not '$NIXIE_VM_ACCEL'" ;;
  esac
}

# KVM is usable when /dev/kvm opens read-write and the test kernel ($KT_VMLINUX) boots under it
# promptly: nested KVM can be there and yet far slower than TCG (on a Firecracker host, the
# firmware and the kernel's first line took over 30 s under KVM, 5 s under TCG). The probe's
# verdict ("usable|slow MILLISECONDS") is kept for the host's boot in $KT_CACHE/kvm.BOOT_ID.
kt_kvm_usable() {
  (exec 3<>/dev/kvm) 2>/dev/null || return 1
  [[ -n ${KT_VMLINUX:-} ]] || return 0
  local boot verdict
  boot=$(cat /proc/sys/kernel/random/boot_id 2>/dev/null || echo unknown)
  verdict="$KT_CACHE/kvm.$boot"
  if [[ ! -f $verdict ]]; then
    find "$KT_CACHE" -maxdepth 1 -name 'kvm.*' ! -name "kvm.$boot" -delete
    kt_kvm_probe >"$verdict.part" && mv "$verdict.part" "$verdict"
    kt_say "KVM: $(cat "$verdict") (the first kernel line within 10 s makes it usable)"
  fi
  [[ $(cut -d' ' -f1 "$verdict") == usable ]]
}

# Boots the test kernel under KVM until its first console line, 10 s at most; prints the verdict.
kt_kvm_probe() {
  local serial start elapsed=0 qemu
  serial=$(mktemp)
  start=$(date +%s%N)
  # shellcheck disable=SC2046 # the accelerator's options are a list of words
  qemu-system-x86_64 $(kt_accel_options kvm) -m 256 -nodefaults -no-user-config -display none \
    -no-reboot -serial "file:$serial" -kernel "$KT_VMLINUX" \
    -append "console=ttyS0 earlyprintk=serial,ttyS0 loglevel=1 panic=-1" >/dev/null 2>&1 &
  qemu=$!
  until grep -q 'Linux version' "$serial"; do
    elapsed=$((($(date +%s%N) - start) / 1000000))
    ((elapsed < 10000)) && kill -0 "$qemu" 2>/dev/null || break
    sleep 0.1
  done
  kill "$qemu" 2>/dev/null || true
  wait "$qemu" 2>/dev/null || true
  if grep -q 'Linux version' "$serial"; then
    echo "usable $((($(date +%s%N) - start) / 1000000)) ms"
  else
    echo "slow $elapsed ms"
  fi
  rm -f "$serial"
}

# The QEMU options of an accelerator: the host's CPU under KVM (without the
# IA32_ARCH_CAPABILITIES MSR, which nested KVM may refuse to set: QEMU then aborts), QEMU's
# most capable model under TCG. NIXIE_VM_ICOUNT=N (TCG only) makes the guest's clock count
# instructions, 2^N ns each (-icount shift=N), instead of following the host's: a speed
# measured in the VM then does not depend on the host's load (bitbang-rate's reproducible
# figure, docs/PERFORMANCE.md). The guest's clock no longer keeps to the wall clock while it
# is busy, so checks that compare the two are not meant to run under it.
kt_accel_options() {
  case $1 in
    kvm) echo "-accel kvm -cpu host,-arch-capabilities" ;;
    *) echo "-accel tcg -cpu max${NIXIE_VM_ICOUNT:+ -icount shift=$NIXIE_VM_ICOUNT}" ;;
  esac
}

kt_say() { echo "kernel-test: $*" >&2; }
kt_die() { echo "kernel-test: $*" >&2; exit 1; }

# Seconds since the epoch with milliseconds, for the timings the harness prints.
kt_now() { date +%s.%3N; }
kt_since() { awk -v start="$1" -v now="$(kt_now)" 'BEGIN { printf "%.1f", now - start }'; }

# Runs "$@" holding the cache lock, so two worktrees preparing at once do not collide.
kt_locked() {
  mkdir -p "$KT_CACHE"
  (
    flock 9
    "$@"
  ) 9>"$KT_CACHE/.lock"
}

# Makes a new results folder under $KT_CACHE/runs, links it as runs/latest, keeps the ten
# newest, and prints its path.
kt_new_run() {
  local out
  mkdir -p "$KT_CACHE/runs"
  out=$(mktemp -d "$KT_CACHE/runs/$(date +%Y%m%d-%H%M%S)-XXXX")
  ln -sfn "$out" "$KT_CACHE/runs/latest"
  find "$KT_CACHE/runs" -mindepth 1 -maxdepth 1 -type d -name '2*' -printf '%T@ %p\n' |
    sort -rn | tail -n +11 | cut -d' ' -f2- | xargs -r rm -rf
  echo "$out"
}

kt_use_kernel "${KT_KERNEL:-amd64}"
