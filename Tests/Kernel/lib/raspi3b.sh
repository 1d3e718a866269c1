# The emulated Raspberry Pi 3's disk and initramfs, on the host (sourced by vm for --machine
# raspi3b). -M raspi3b has no virtio, so no 9p: what the guest would read from the host root
# travels in the initramfs, and what it writes to /kt/out stays on its SD card until the VM ends.

# kt_pi3_payload OUT SCRIPT...: prints a newc archive (the initramfs's second part, unpacked
# over the first) holding, under /payload/host at their host paths, the harness, the arm64
# tools, the package to install and each SCRIPT, and under /payload/out OUT's host.env and
# checks.list. init copies them to /kt/host and /kt/out on the SD card.
kt_pi3_payload() {
  local out=$1 tree path
  shift
  tree=$out/payload.d
  rm -rf "$tree" && mkdir -p "$tree/payload/host" "$tree/payload/out"
  for path in "$KT_HARNESS" "$KT_TOOLS" "$KT_INSTALL_FILE" "$@"; do
    mkdir -p "$tree/payload/host$(dirname "$path")"
    cp -a "$path" "$tree/payload/host$path"
  done
  cp "$out/host.env" "$out/checks.list" "$tree/payload/out/"
  (cd "$tree" && find . | "$KT_HOST_BUSYBOX" cpio -o -H newc 2>/dev/null)
  rm -rf "$tree"
}

# kt_pi3_results OUT: copies /kt/out of the VM's SD card (OUT/sd.img, a copy made for this run)
# into OUT: the journal replayed first (the VM powers off without unmounting), then debugfs's
# rdump, which reads the image without mounting it.
kt_pi3_results() {
  local out=$1 status=0
  [[ -f $out/sd.img ]] || return 1
  e2fsck -fy "$out/sd.img" >"$out/sd-fsck.log" 2>&1 || status=$?
  # 0: clean, 1: errors corrected (a replayed journal is one); anything else is a failure.
  ((status <= 1)) || return 1
  rm -rf "$out/sd" && mkdir -p "$out/sd"
  debugfs -R "rdump /kt/out $out/sd" "$out/sd.img" >"$out/sd-rdump.log" 2>&1 || return 1
  [[ -d $out/sd/out ]] || return 1
  cp -a "$out/sd/out/." "$out/"
  rm -rf "$out/sd"
}
