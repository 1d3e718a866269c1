# variants: gpiod1 gpiod2
# nixie's expander boards over i2c-dev on i2c-stub (a register file at 0x20 and 0x21):
# after `nixie show --board <stub profile> 1234` the MCP23017's output latches hold the BCD
# digits (OLATA 0x14 = tube 2 | tube 1, OLATB 0x15 = tube 4 | tube 3) and both ports are
# outputs (IODIRA/B 0x00/0x01 = 0, from 0xff as a real chip powers up); the PCF8574 board's
# last byte to each chip is read back through i2c-stub's register pointer (every register
# holding its own number: a one-byte write sets the pointer, a one-byte read returns it);
# and a board at an address where no chip answers fails with the documented error: exit 69,
# naming the bus and the address, saying how to look for the chip — not a crash.
[[ -x ${KT_NIXIE:-} ]] || kt_fail "no nixie build for libgpiod $KT_GPIOD: run Scripts/kernel-test (it builds both)"
bus=$KT_I2C_BUS_NUMBER
mcp=$(kt_board mcp23017-4xin12-stub)
pcf=$(kt_board pcf8574-4xin12-stub)
show() { "$KT_NIXIE" show --backend hardware "$@"; }
register() { i2cget -y "$bus" "$1" "$2"; }

# MCP23017: from power-on (IODIR all inputs), no transition.
kt_i2c_clear 0x20
i2cset -y "$bus" 0x20 0x00 0xff 0xff i
show --board "$mcp" --transition none 1234
kt_expect "OLATA (tube 2 = 2, tube 1 = 1)" 0x21 "$(register 0x20 0x14)"
kt_expect "OLATB (tube 4 = 4, tube 3 = 3)" 0x43 "$(register 0x20 0x15)"
kt_expect "IODIRA: outputs" 0x00 "$(register 0x20 0x00)"
kt_expect "IODIRB: outputs" 0x00 "$(register 0x20 0x01)"
# The default cross-fade (a BCD tube alternates its two codes) ends on the new value; with
# --hold the tubes are blanked at the end: BCD 15 (a K155ID1 lights nothing) on every tube.
show --board "$mcp" 5678
kt_expect "OLATA after a cross-fade to 5678" 0x65 "$(register 0x20 0x14)"
kt_expect "OLATB after a cross-fade to 5678" 0x87 "$(register 0x20 0x15)"
show --board "$mcp" --transition none --hold 0.1 90
kt_expect "OLATA blanked after --hold" 0xff "$(register 0x20 0x14)"
kt_expect "OLATB blanked after --hold" 0xff "$(register 0x20 0x15)"

# PCF8574 (two chips, two tubes each).
for chip in 0x20 0x21; do
  for first in $(seq 0 32 224); do
    # shellcheck disable=SC2046 # 32 data bytes
    i2cset -y "$bus" "$chip" "$first" $(seq "$first" $((first + 31))) i
  done
done
show --board "$pcf" --transition none 1234
kt_expect "PCF8574 at 0x20: tube 2 = 2, tube 1 = 1" 0x21 "$(i2cget -y "$bus" 0x20)"
kt_expect "PCF8574 at 0x21: tube 4 = 4, tube 3 = 3" 0x43 "$(i2cget -y "$bus" 0x21)"

# No chip at 0x22.
sed 's/^  address: 0x20$/  address: 0x22/' "$mcp" >absent.yaml
grep -q 'address: 0x22' absent.yaml || kt_fail "could not point the profile at 0x22"
status=0
show --board "$PWD/absent.yaml" --transition none 1234 2>absent.err || status=$?
cat absent.err
kt_expect "exit status with no chip at 0x22" 69 "$status"
grep -q "^nixie: .*$KT_I2C_BUS.*0x22.*no answer (NACK)" absent.err || kt_fail "the error names not the bus, the address and what happened"
grep -q "i2cdetect -y $bus" absent.err || kt_fail "the error says not how to look for the chip"
kt_i2c_clear 0x20
kt_i2c_clear 0x21
