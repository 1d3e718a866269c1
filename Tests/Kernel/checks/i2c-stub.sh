# i2c-tools against i2c-stub: the MCP23017's output latches (OLATA 0x14, OLATB 0x15) written
# in one 2-byte block transfer and one byte at a time read back; an address with no chip
# fails as it would on a real bus; and the PCF8574 trick phase 2 needs: with every register
# of the stub at 0x21 holding its own number, a one-byte write (which sets the stub's
# register pointer) reads back as that byte.
bus=$KT_I2C_BUS_NUMBER
kt_i2c_clear 0x20
i2cset -y "$bus" 0x20 0x14 0x12 0x34 i
kt_expect "OLATA after a block write" 0x12 "$(i2cget -y "$bus" 0x20 0x14)"
kt_expect "OLATB after a block write" 0x34 "$(i2cget -y "$bus" 0x20 0x15)"
i2cset -y "$bus" 0x20 0x15 0xa5
kt_expect "OLATB after a byte write" 0xa5 "$(i2cget -y "$bus" 0x20 0x15)"
kt_expect "OLATA untouched" 0x12 "$(i2cget -y "$bus" 0x20 0x14)"
kt_expect "IODIRA (i2c-stub starts at 0, a real MCP23017 at 0xff)" 0x00 "$(i2cget -y "$bus" 0x20 0x00)"

if i2cget -y "$bus" 0x22 0x14 2>absent-read.err; then kt_fail "a read from 0x22 (no chip) succeeded"; fi
if i2cset -y "$bus" 0x22 0x14 0x01 2>absent-write.err; then kt_fail "a write to 0x22 (no chip) succeeded"; fi
cat absent-read.err absent-write.err
grep -q "Read failed" absent-read.err || kt_fail "unexpected error reading 0x22"
grep -q "Write failed" absent-write.err || kt_fail "unexpected error writing 0x22"
echo "ok: 0x22 (no chip) fails"

for register in $(seq 0 32 224); do
  # shellcheck disable=SC2046 # 32 data bytes
  i2cset -y "$bus" 0x21 "$register" $(seq "$register" $((register + 31))) i
done
i2cset -y "$bus" 0x21 0x5a
kt_expect "PCF8574-style byte at 0x21" 0x5a "$(i2cget -y "$bus" 0x21)"
kt_i2c_clear 0x20
kt_i2c_clear 0x21
