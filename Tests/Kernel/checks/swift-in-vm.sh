# Swift binaries built on the host run in the VM through the chroot: the debug nixie (linked
# against the toolchain's shared Swift runtime, found on the read-only host root) lists the
# built-in boards and accepts the test board profiles, rendered with i2c-stub's bus.
[[ -n ${KT_NIXIE:-} ]] || kt_fail "no nixie binary: run 'swift build' first"
ldd "$KT_NIXIE" | grep -q libswiftCore || echo "note: $KT_NIXIE is linked statically"
"$KT_NIXIE" boards | tee boards.txt
grep -q '^\* hv5622-6xin14 ' boards.txt || kt_fail "nixie boards does not list hv5622-6xin14"
for board in hv5622-6xin14-sim mcp23017-4xin12-stub pcf8574-4xin12-stub; do
  "$KT_NIXIE" boards check "$(kt_board "$board")"
done
grep -q "bus: $KT_I2C_BUS\$" mcp23017-4xin12-stub.yaml || kt_fail "kt_board did not set the bus"
"$KT_NIXIE" show --backend sim --json 12:3456 | tee show.json
grep -q '"text": "12:34 56"' show.json || kt_fail "nixie show --json in the VM"
