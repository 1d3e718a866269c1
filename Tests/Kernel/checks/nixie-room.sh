# variants: gpiod1 gpiod2
# Issue 27 on a real kernel: the clock reads the room.
# Light: the kernel's own tsl2563 driver, bound on i2c-stub at 0x39, is the IIO sensor of
# `brightness: auto`. Its probe powers the chip on and reads CONTROL back (i2c-stub keeps what
# was written), and each reading is two SMBus word reads, DATA0 (0x8c) and DATA1 (0x8e), which
# this check writes with i2cset: so it chooses the lux the kernel reports in
# in_illuminance0_input. Dark (ADC0 317), then bright (31750); then the device is deleted (the
# clock falls back, one warning) and bound again (found again, one info line).
# Presence: gpio-sim line 5 pulled by this check, on a board whose line 6 powers the tubes:
# dark after off-after (2 s), lit at the edge, dark again 2 s after the line fell.
# nixie-room.host.sh decodes the traces (BL's PWM duty, the frames, the power line) and judges.
[[ -x ${KT_NIXIE:-} ]] || kt_fail "no nixie build for libgpiod $KT_GPIOD: run Scripts/kernel-test (it builds both)"
bus=$KT_I2C_BUS_NUMBER
adapter=/sys/bus/i2c/devices/i2c-$bus
# mark NAME FILE: CLOCK_MONOTONIC now, as the trace's timestamps.
mono() { "$KT_TOOLS/clock-pair-static"; }
mark() {
  local mono wall
  read -r mono wall < <(mono)
  echo "$1 $mono" >>"$2"
}
sensor() { grep -lx tsl2563 /sys/bus/iio/devices/iio:device*/name 2>/dev/null | head -1 | xargs -r dirname; }
# -f: the driver holds the address; i2c-stub answers anyone.
adc() { i2cset -f -y "$bus" 0x39 0x8c "$1" w && i2cset -f -y "$bus" 0x39 0x8e 0 w; }
# finish_run NAME: a second more, then SIGTERM (the clock blanks the tubes and exits 0); the
# trace NAME.trace kept, NAME.err shown.
finish_run() {
  local status=0
  sleep 1
  kill -TERM "$clock"
  wait "$clock" || status=$?
  kt_trace_stop "$1.trace"
  cat "$1.err"
  kt_expect "exit status of the $1 run" 0 "$status"
}
bind() {
  echo tsl2563 0x39 >"$adapter/new_device"
  local tries
  for ((tries = 0; tries < 100; tries++)); do [[ -z $(sensor) ]] || return 0; sleep 0.05; done
  dmesg | tail -5
  kt_fail "tsl2563 did not bind at 0x39 on i2c-stub (is 0x39 in i2c-stub's chip_addr, tsl2563 loaded?)"
}

# A device left bound at 0x39 (by this check's other variant, stopped midway) would hold
# the address: it goes first.
[[ ! -e $adapter/$bus-0039 ]] || echo 0x39 >"$adapter/delete_device"
kt_i2c_clear 0x39
adc 317
bind
echo "sensor: $(sensor) ($(cat "$(sensor)/name"))"
cat "$(sensor)/in_illuminance0_input" >dark.lux
adc 31750
cat "$(sensor)/in_illuminance0_input" >bright.lux
adc 317
echo "the kernel reads $(cat dark.lux) lux dark, $(cat bright.lux) lux bright"

board=$(kt_board hv5622-6xin14-sim)
cat >light.yaml <<'YAML'
unsynchronised: none
anti-poisoning: off
transition: none
brightness: {sensor: tsl2563, sample-seconds: 1, fallback: 30, curve: {1: 10, 1000: 100}}
presence: {line: 5, off-after: 2s}
YAML
# nixie doctor names the sensor and what it reads, and checks the presence line.
"$KT_NIXIE" doctor --board "$board" --config "$PWD/light.yaml" >doctor.txt 2>&1 || true
cat doctor.txt
grep -q "light sensor: tsl2563 (iio:device[0-9]*) reads $(cat dark.lux) lux (brightness: auto)" doctor.txt ||
  kt_fail "nixie doctor did not report the tsl2563's reading"
grep -q "$KT_GPIO_NAME line 5 (presence): free" doctor.txt || kt_fail "nixie doctor did not check the presence line"
sed -i '/^presence:/d' light.yaml

kt_trace_start 98304
"$KT_NIXIE" clock --backend hardware --board "$board" --config "$PWD/light.yaml" --timezone UTC \
  --format HH:mm:ss --socket "/dev/shm/room-$KT_GPIOD.sock" --duration 180 -v 2>light.err &
clock=$!
# The dark period counts from the clock holding its lines: a loaded host can make a debug
# nixie take seconds to start under TCG (a CI run's took more than 30 s: the bound is 90, the
# clock's --duration 180, and SIGTERM ends it when the check is done).
kt_wait_consumer bl 90
mark start light.marks
sleep 6
adc 31750
mark bright light.marks
sleep 8
echo 0x39 >"$adapter/delete_device"
# The fallback is judged from the moment the clock says it lost the sensor (its next sample;
# bounded): until then it rightly follows its last reading.
for ((tries = 0; tries < 50; tries++)); do
  ! grep -q 'until it reads again' light.err || break
  sleep 0.1
done
mark unbound light.marks
sleep 8
bind
mark bound light.marks
# Until the clock has found it again (a sample a second; bounded), then a second more, then
# SIGTERM: the clock blanks the tubes and exits 0.
for ((tries = 0; tries < 200; tries++)); do
  ! grep -q 'the brightness follows the light again' light.err || break
  sleep 0.1
done
finish_run light
echo 0x39 >"$adapter/delete_device"
kt_i2c_clear 0x39

board=$(kt_board hv5622-6xin14-hven-sim)
cat >presence.yaml <<'YAML'
unsynchronised: none
anti-poisoning: off
transition: none
presence: {line: 5, off-after: 2s}
YAML
kt_reset_pulls
kt_trace_start 98304
"$KT_NIXIE" clock --backend hardware --board "$board" --config "$PWD/presence.yaml" --timezone UTC \
  --format HH:mm:ss --socket "/dev/shm/room-$KT_GPIOD.sock" --duration 180 -v 2>presence.err &
clock=$!
mark start presence.marks
kt_wait_consumer presence 90
mark reading presence.marks
sleep 4.5
# The edge between two readings of the wall clock a write apart: bash's EPOCHREALTIME costs
# no process, and the clock pair read just before turns wall into CLOCK_MONOTONIC, the
# trace's clock (the VM's clock is never stepped). Until the tubes have lit this shell starts
# nothing and forks nothing (arithmetic, builtins, a read that times out on a FIFO nobody
# writes): the VM has one CPU, and a process started under TCG would take it from the clock
# for tens of milliseconds.
pull=$KT_SIM_DIR/sim_gpio$(kt_line presence)/pull
mkfifo "$TMPDIR/room-quiet-$KT_GPIOD"
exec {quiet}<>"$TMPDIR/room-quiet-$KT_GPIOD"
rm "$TMPDIR/room-quiet-$KT_GPIOD"
nap() { read -r -t "$1" -u "$quiet" _ || true; }
read -r pair_mono pair_wall < <(mono)
# The edge a little after a wall second begins (50 to 300 ms in): the host part then knows a
# clock that lit at its next once-a-second tick from one that lit at the edge, however slow
# the VM, as long as it lit within the rest of that second.
for ((tries = 0; tries < 5; tries++)); do
  micro=${EPOCHREALTIME/[.,]/}
  ((micro % 1000000 < 50000 || micro % 1000000 > 300000)) || break
  wait=$(((1100000 - micro % 1000000) % 1000000))
  printf -v wait '%d.%06d' $((wait / 1000000)) $((wait % 1000000))
  nap "$wait"
done
before=$EPOCHREALTIME
echo pull-up >"$pull"
after=$EPOCHREALTIME
micro=${before/[.,]/}
left=$(((1000000 - 10#$micro % 1000000) * 1000))
nap 0.3
gone=$EPOCHREALTIME
echo pull-down >"$pull"
# wall seconds.micro → CLOCK_MONOTONIC nanoseconds
monotonic() { echo $((10#${1/[.,]/} * 1000 - pair_wall + pair_mono)); }
printf 'edge-before %s\nedge-after %s\ngone %s\nsecond-left %s\n' "$(monotonic "$before")" \
  "$(monotonic "$after")" "$(monotonic "$gone")" "$left" >>presence.marks
# Until the clock has gone dark again (bounded), a second more, then SIGTERM (exit 0): a
# fixed --duration would end a slowly started clock before that.
for ((tries = 0; tries < 100; tries++)); do
  (($(grep -c 'nobody there' presence.err) < 2)) || break
  sleep 0.1
done
finish_run presence
kt_expect "the presence line free after the clock" "" "$(kt_consumer presence)"
kt_reset_pulls
